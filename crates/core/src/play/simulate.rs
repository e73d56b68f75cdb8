//! Whole battles without a window, through the rules core: player units follow the built-in
//! policy, enemies their profiles. The battle keeps the player's commands, so every
//! simulated battle can be written as a replay.

use crate::ai::Ai;
use crate::ai::player::{Player, Policy};
use crate::model::data::DataSet;
use crate::model::scenario::Scenario;
use crate::play::enemy::{EnemyPhase, Turn, act};
use crate::rules::{Battle, Command, Ending, Event, RuleError, UnitId};
use crate::search::grid::Team;
#[cfg(feature = "serde")]
use serde_json::{Value, json};

/// One turn of a simulated battle.
#[derive(Debug, Clone)]
pub struct TurnReport {
    /// Turn number from 1.
    pub turn: u32,
    /// Every unit that acted, both teams, in acting order.
    pub decisions: Vec<Turn>,
    /// Units that fell this turn.
    pub defeated: Vec<UnitId>,
    /// Every event of the turn, both sides, in order (phase changes included).
    pub events: Vec<Event>,
}

/// A whole simulated battle.
#[derive(Debug, Clone)]
pub struct Report {
    /// The scenario's name.
    pub scenario: String,
    /// The seed used.
    pub seed: u64,
    /// Every turn played.
    pub turns: Vec<TurnReport>,
    /// The battle as it ended (its record is the replay).
    pub battle: Battle,
}

impl Report {
    /// The winner and why, or `None` at the turn limit.
    pub fn result(&self) -> Option<(Team, Ending)> {
        self.battle.ended()
    }

    /// `"player"`, `"enemy"` or `"turn limit"`.
    pub fn result_name(&self) -> &'static str {
        self.result().map_or("turn limit", |(w, _)| w.name())
    }

    /// The contract's JSON: `{"turns": [{"turn", "decisions", "defeated"}], "result"}` plus
    /// `scenario`, `seed` and `why`.
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> Value {
        let b = &self.battle;
        let turns: Vec<Value> = self
            .turns
            .iter()
            .map(|t| {
                let mut v = json!({
                    "turn": t.turn,
                    "decisions": t.decisions.iter().map(|d| d.decision.to_json(b, &d.events)).collect::<Vec<_>>(),
                    "defeated": t.defeated.iter().map(|&u| b.name(u)).collect::<Vec<_>>(),
                });
                // Scripted events (arrivals, wakes, lines), only in battles that have them.
                let script: Vec<Value> = t
                    .events
                    .iter()
                    .filter(|e| e.is_scripted())
                    .map(|e| e.to_json(b))
                    .collect();
                if !script.is_empty() {
                    v["script"] = Value::Array(script);
                }
                v
            })
            .collect();
        json!({
            "scenario": self.scenario,
            "seed": self.seed,
            "turns": turns,
            "result": self.result_name(),
            "why": self.result().map(|(_, why)| why.describe(b)),
        })
    }
}

/// Plays up to `max_turns` turns of `scenario`, the player's units driven by the simple policy.
pub fn run(scenario: &Scenario, data: &DataSet, max_turns: u32, seed: u64) -> Result<Report, RuleError> {
    run_with(scenario, data, max_turns, seed, Policy::Simple)
}

/// [`run`] with the player's units driven by `policy`.
pub fn run_with(
    scenario: &Scenario,
    data: &DataSet,
    max_turns: u32,
    seed: u64,
    policy: impl Into<Player>,
) -> Result<Report, RuleError> {
    let mut battle = Battle::new(scenario, data);
    let mut ai = Ai::new(data.profiles.clone());
    let turns = play(&mut battle, &mut ai, policy, max_turns, seed)?;
    Ok(Report {
        scenario: scenario.name.clone(),
        seed,
        turns,
        battle,
    })
}

/// Plays `b` from its current player phase until it is decided or `max_turns` turns have
/// been played in all.
pub fn play(
    b: &mut Battle,
    ai: &mut Ai,
    policy: impl Into<Player>,
    max_turns: u32,
    seed: u64,
) -> Result<Vec<TurnReport>, RuleError> {
    let policy: Player = policy.into();
    let mut turns = Vec::new();
    while b.ended().is_none() && b.turn() <= max_turns {
        let turn = b.turn();
        let mut decisions = Vec::new();
        let mut events = Vec::new();
        let players: Vec<UnitId> = b.ready(Team::Player).collect();
        for id in players {
            if !b.unit(id).alive || b.ended().is_some() {
                continue;
            }
            let d = ai.decide_player(b, id, policy, seed);
            let t = act(b, d)?;
            events.extend(t.events.iter().cloned());
            decisions.push(t);
        }
        if b.ended().is_none() {
            events.extend(b.execute(Command::EndPhase)?);
            let phase = EnemyPhase::run(ai, b)?;
            events.extend(phase.events().cloned());
            decisions.extend(phase.turns);
        }
        let mut defeated: Vec<UnitId> = decisions
            .iter()
            .flat_map(|d| &d.events)
            .filter_map(|e| match e {
                Event::Defeated { unit } => Some(*unit),
                _ => None,
            })
            .collect();
        defeated.sort();
        turns.push(TurnReport {
            turn,
            decisions,
            defeated,
            events,
        });
    }
    Ok(turns)
}
