//! The built-in player policy that `simulate` (and balance runs) use for the player's units:
//! if some enemy can be attacked from a reachable cell, go there and attack, preferring a
//! kill, then the weakest enemy left, then the least counter-damage, then the shorter walk;
//! otherwise approach the nearest enemy by travel cost, like a charger.

use super::{Decision, decide_as};
use crate::load::profiles::Behavior;
use crate::rules::{Battle, UnitId, combat};
use crate::search::grid::{Path, Pos};

/// A well-mixed number from the seed and a candidate, so that equally good choices are
/// broken differently by different seeds but always the same way for one seed.
fn jitter(seed: u64, p: Pos, e: UnitId) -> u64 {
    crate::rng::Rng::new(seed ^ ((p.x as u64) << 40) ^ ((p.y as u64) << 20) ^ e.0 as u64).next_u64()
}

/// The policy's decision for player unit `id`; `seed` breaks ties between equal choices.
pub fn decide(b: &Battle, id: UnitId, seed: u64) -> Decision {
    let me = b.unit(id);
    let cells: Vec<(Pos, u32, Path)> = b.with_reach(id, None, |reach| {
        reach
            .cells()
            .map(|(p, c)| (p, c, reach.path(p).unwrap_or_default()))
            .collect()
    });
    // Ordered by (survives, hp left, counter damage taken, walk cost, seeded tie-break).
    type Key = (bool, i32, i32, u32, u64);
    let mut best: Option<(Key, usize, UnitId)> = None;
    for (k, (p, cost, _)) in cells.iter().enumerate() {
        for e in b.living(me.team.other()) {
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
        return decide_as(b, id, Some(Behavior::Charger), "player".into());
    };
    let (to, cost, path) = cells[k].clone();
    Decision {
        unit: id,
        team: me.team,
        profile: "player".into(),
        target: Some(e),
        from: me.pos,
        to,
        path,
        cost,
        triggered: true,
        wakes: None,
        reason: format!("attacks {} from {to}", b.name(e)),
        attack: Some(e),
    }
}
