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
    /// Every event of the turn, both sides, in order (phase changes included): from the
    /// start of its player phase (with what the turn's start brought: arrivals, wakes,
    /// lines; turn 1 has no such start) to the end of its enemy phase.
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
    /// `scenario`, `seed` and `why`, for any serde format (`serde_json::to_string`).
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> impl serde::Serialize + use<> {
        let b = &self.battle;
        let turns: Vec<Value> = self
            .turns
            .iter()
            .map(|t| {
                let mut v = json!({
                    "turn": t.turn,
                    "decisions": t.decisions.iter().map(|d| d.to_json(b)).collect::<Vec<_>>(),
                    "defeated": t.defeated.iter().map(|&u| b.name(u)).collect::<Vec<_>>(),
                });
                // Scripted events (arrivals, wakes, lines), only in battles that have them.
                let script: Vec<Value> = t
                    .events
                    .iter()
                    .filter(|e| e.is_scripted())
                    .map(|e| json!(e.to_json(b)))
                    .collect();
                if !script.is_empty() {
                    v["script"] = Value::Array(script);
                }
                // Experience gained and levels reached, only in turns that have them.
                let grew: Vec<Value> = t
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::Gained { .. } | Event::LevelUp { .. }))
                    .map(|e| json!(e.to_json(b)))
                    .collect();
                if !grew.is_empty() {
                    v["experience"] = Value::Array(grew);
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
    // The seed drives the player policy's choices and, under chance, the battle's rolls.
    let mut battle = Battle::new(scenario, data).with_seed(seed);
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
    // What the start of the next turn brought (its "player phase began" and the scripted
    // arrivals, wakes and lines of that turn): reported under that turn, not the last one.
    let mut next_start: Vec<Event> = Vec::new();
    while b.ended().is_none() && b.turn() <= max_turns {
        let turn = b.turn();
        let mut decisions = Vec::new();
        let mut events = std::mem::take(&mut next_start);
        let players: Vec<UnitId> = b.ready(Team::Player).collect();
        for id in players {
            if !b.unit(id).alive || b.ended().is_some() {
                continue;
            }
            let d = ai.decide_player(b, id, policy, seed);
            let mut t = act(b, d)?;
            // A unit with canto that attacked or healed makes its second move by the
            // enemies' rule: the cell the fewest enemies could attack, the cheaper walk.
            if b.ended().is_none()
                && let Some(second) = crate::ai::canto::canto_move(b, ai.caches(), id)
            {
                t.events.extend(b.execute(second)?);
            }
            events.extend(t.events.iter().cloned());
            decisions.push(t);
        }
        if b.ended().is_none() {
            events.extend(b.execute(Command::EndPhase { team: Team::Player })?);
            let mut phase = EnemyPhase::run(ai, b)?;
            events.extend(phase.turns.iter().flat_map(|t| t.events.iter().cloned()));
            let begins = phase
                .end
                .iter()
                .position(|e| matches!(e, Event::PhaseBegan { team: Team::Player, .. }))
                .unwrap_or(phase.end.len());
            next_start = phase.end.split_off(begins);
            events.extend(phase.end);
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
    // The battle stopped at `max_turns`. When the next turn's start brought something, it
    // is reported under that turn, which has no decisions; a bare "player phase began"
    // stays at the end of the last turn played, so every event is in the report once.
    if next_start.iter().any(Event::is_scripted) {
        turns.push(TurnReport {
            turn: b.turn(),
            decisions: Vec::new(),
            defeated: Vec::new(),
            events: next_start,
        });
    } else if let Some(last) = turns.last_mut() {
        last.events.extend(next_start);
    }
    Ok(turns)
}
