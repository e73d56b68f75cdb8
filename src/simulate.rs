//! Whole battles without a window: player units follow a built-in policy, enemies their profiles.

use crate::ai::{self, Decision};
use crate::battle::{Battle, UnitId};
use crate::data::DataSet;
use crate::profile::Behavior;
use crate::range::Team;
use crate::scenario::Scenario;
use serde::Serialize;

/// One turn of a simulated battle.
#[derive(Debug, Clone, Serialize)]
pub struct TurnReport {
    /// Turn number from 1.
    pub turn: u32,
    /// Every unit that acted, both teams, in acting order.
    pub decisions: Vec<Decision>,
    /// Units that fell this turn.
    pub defeated: Vec<String>,
}

/// A whole simulated battle.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The scenario's name.
    pub scenario: String,
    /// The seed used.
    pub seed: u64,
    /// Every turn played.
    pub turns: Vec<TurnReport>,
    /// `"player"`, `"enemy"`, or `"turn limit"` when nobody won in time.
    pub result: String,
}

/// Plays up to `max_turns` turns of `scenario`.
pub fn run(scenario: &Scenario, data: &DataSet, max_turns: u32, seed: u64) -> Report {
    let mut b = Battle::new(scenario, data);
    let mut turns = Vec::new();
    let mut result = "turn limit".to_string();
    for turn in 1..=max_turns {
        b.turn = turn;
        let mut decisions = Vec::new();
        let players: Vec<UnitId> = b.living(Team::Player).collect();
        for id in players {
            let d = player_policy(&mut b, id, seed);
            let _ = b.move_along(id, &d.steps);
            decisions.push(d);
        }
        decisions.extend(ai::enemy_phase(&mut b, &data.profiles));
        turns.push(TurnReport {
            turn,
            decisions,
            defeated: Vec::new(),
        });
        if b.living(Team::Enemy).next().is_none() {
            result = "player".into();
            break;
        }
        if b.living(Team::Player).next().is_none() {
            result = "enemy".into();
            break;
        }
    }
    Report {
        scenario: scenario.name.clone(),
        seed,
        turns,
        result,
    }
}

/// The built-in player policy: approach the nearest enemy by travel cost, like a charger.
pub fn player_policy(b: &mut Battle, id: UnitId, _seed: u64) -> Decision {
    ai::decide_as(b, id, Some(Behavior::Charger), "player".into())
}
