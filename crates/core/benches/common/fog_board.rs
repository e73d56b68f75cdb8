//! The fog bench's board (`benches/fog.rs`, and `examples/fog_phase.rs` for instruction
//! counts): the five shipped profiles on a mixed map, 3 player units near the middle and
//! `enemies` anywhere, every unit with vision `vision`, fog on or off.

use crate::common;
use skirmish_core::model::terrain::ClassId;
use skirmish_core::rng::Rng;
use skirmish_core::rules::{Battle, Unit};
use skirmish_core::search::grid::{Pos, Team};
use std::collections::HashSet;

/// The board: `side`×`side`, `enemies` enemies, fog `fog`, every unit seeing `vision`.
pub fn board(side: usize, enemies: usize, fog: bool, vision: u32) -> Battle {
    let terrain = common::terrain();
    let mut rng = Rng::new(7);
    let mut map = common::mixed_map(side, 7);
    let plain = terrain.by_glyph('.').unwrap();
    let profiles = ["charger", "proximity", "guard", "pivot", "archer"];
    let mut taken = HashSet::new();
    let mut units = Vec::new();
    let middle = side as i32 / 2 - 10;
    for (team, n) in [(Team::Player, 3usize), (Team::Enemy, enemies)] {
        let mut k = 0;
        while k < n {
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
                units.push(
                    Unit::new(format!("{team:?}{k}"), team, p, ClassId(0), 6)
                        .with_profile(profile)
                        .with_vision(vision),
                );
                k += 1;
            }
        }
    }
    Battle::from_parts(map, terrain, units).unwrap().with_fog(fog)
}
