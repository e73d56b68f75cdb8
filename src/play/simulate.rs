//! Whole battles without a window: player units follow a built-in policy, enemies their profiles.

use crate::ai::{self, Decision};
use crate::load::data::DataSet;
use crate::load::profiles::Behavior;
use crate::load::scenario::Scenario;
use crate::rules::battle::{Battle, UnitId};
use crate::rules::combat;
use crate::search::grid::Team;
use crate::search::grid::{Path, Pos};
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
    /// `"player"` or `"enemy"` for the winner, or `"turn limit"` when nobody won in time.
    pub result: String,
}

/// Plays up to `max_turns` turns of `scenario`.
pub fn run(scenario: &Scenario, data: &DataSet, max_turns: u32, seed: u64) -> Report {
    let mut b = Battle::new(scenario, data);
    let mut turns = Vec::new();
    let mut result = "turn limit".to_string();
    for turn in 1..=max_turns {
        b.turn = turn;
        let alive_before: Vec<bool> = b.units.iter().map(|u| u.alive).collect();
        let mut decisions = Vec::new();
        let players: Vec<UnitId> = b.living(Team::Player).collect();
        for id in players {
            if !b.unit(id).alive || combat::outcome(&b).is_some() {
                continue;
            }
            let mut d = player_policy(&mut b, id, seed);
            ai::act(&mut b, &mut d);
            decisions.push(d);
        }
        if combat::outcome(&b).is_none() {
            decisions.extend(ai::enemy_phase(&mut b, &data.profiles));
        }
        let defeated = b
            .units
            .iter()
            .zip(&alive_before)
            .filter(|(u, was)| **was && !u.alive)
            .map(|(u, _)| u.name.clone())
            .collect();
        turns.push(TurnReport {
            turn,
            decisions,
            defeated,
        });
        if let Some(winner) = combat::outcome(&b) {
            result = winner.name().to_string();
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

/// A well-mixed number from the seed and a candidate, so that equally good choices are
/// broken differently by different seeds but always the same way for one seed.
fn jitter(seed: u64, p: Pos, e: UnitId) -> u64 {
    crate::rng::Rng::new(seed ^ ((p.x as u64) << 40) ^ ((p.y as u64) << 20) ^ e.0 as u64).next_u64()
}

/// The built-in player policy: if some enemy can be attacked from a reachable cell, go
/// there and attack, preferring a kill, then the weakest enemy left, then the least
/// counter-damage, then the shorter walk; otherwise approach the nearest enemy by travel cost.
pub fn player_policy(b: &mut Battle, id: UnitId, seed: u64) -> Decision {
    let me = b.unit(id).clone();
    let cells: Vec<(Pos, u32, Path)> = {
        let reach = b.reach(id, None);
        reach
            .cells()
            .map(|(p, c)| (p, c, reach.path(p).unwrap_or_default()))
            .collect()
    };
    let foes: Vec<UnitId> = b.living(me.team.other()).collect();
    // Ordered by (survives, hp left, counter damage taken, walk cost, seeded tie-break).
    type Key = (bool, i32, i32, u32, u64);
    let mut best: Option<(Key, usize, UnitId)> = None;
    for (k, (p, cost, _)) in cells.iter().enumerate() {
        for &e in &foes {
            let foe = b.unit(e);
            let d = p.manhattan(foe.pos);
            if !me.stats.reaches(d) {
                continue;
            }
            let dmg = combat::damage(b, id, e);
            let left = (foe.hp - dmg).max(0);
            let counter = if left > 0 && foe.stats.reaches(d) {
                combat::damage(b, e, id)
            } else {
                0
            };
            let key = (left > 0, left, counter, *cost, jitter(seed, *p, e));
            if best.as_ref().is_none_or(|(bk, _, _)| key < *bk) {
                best = Some((key, k, e));
            }
        }
    }
    let Some((_, k, e)) = best else {
        return ai::decide_as(b, id, Some(Behavior::Charger), "player".into());
    };
    let (to, cost, steps) = cells[k].clone();
    let foe = b.unit(e).name.clone();
    Decision {
        unit: me.name.clone(),
        team: me.team,
        profile: "player".into(),
        target: Some(foe.clone()),
        from: me.pos,
        to,
        path: steps.digits(),
        cost,
        triggered: true,
        reason: format!("attacks {foe} from {to}"),
        attack: None,
        strikes: Vec::new(),
        steps,
        id,
    }
}
