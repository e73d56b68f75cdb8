//! The enemy-phase boards of the benches (`benches/ai.rs`, `benches/fog.rs`) and of the
//! examples that count their instructions (`examples/bench_probe.rs`,
//! `examples/fog_phase.rs`): one placement, so that all of them measure the same board.

use crate::common;
use skirmish_core::model::terrain::ClassId;
use skirmish_core::rng::Rng;
use skirmish_core::rules::{Battle, Unit};
use skirmish_core::search::grid::{Pos, Team};
use std::collections::HashSet;

/// A `side` × `side` mixed map (seed 7) with `players` player units near the middle and
/// `enemies` enemies anywhere, their profiles taken from `profiles` in turn; each unit as
/// `dress` makes it (vision, say).
pub fn board_on(
    side: usize,
    enemies: usize,
    players: usize,
    profiles: &[&str],
    dress: impl Fn(Unit) -> Unit,
) -> Battle {
    let terrain = common::terrain();
    let mut rng = Rng::new(7);
    let mut map = common::mixed_map(side, 7);
    let plain = terrain.by_glyph('.').unwrap();
    let mut taken = HashSet::new();
    let mut units = Vec::new();
    let middle = side as i32 / 2 - 10;
    for (team, count) in [(Team::Player, players), (Team::Enemy, enemies)] {
        let mut k = 0;
        while k < count {
            // Players near the middle, enemies spread over the whole map.
            let (x, y) = match team {
                Team::Player => (
                    middle + (rng.next_u64() % 20) as i32,
                    middle + (rng.next_u64() % 20) as i32,
                ),
                Team::Enemy => (
                    (rng.next_u64() % side as u64) as i32,
                    (rng.next_u64() % side as u64) as i32,
                ),
            };
            if taken.insert((x, y)) {
                let p = Pos::new(x, y);
                map.set(p, plain);
                let profile = (team == Team::Enemy).then(|| profiles[k % profiles.len()]);
                units.push(dress(
                    Unit::new(format!("{team:?}{k}"), team, p, ClassId(0), 6).with_profile(profile),
                ));
                k += 1;
            }
        }
    }
    Battle::from_parts(map, terrain, units).unwrap()
}
