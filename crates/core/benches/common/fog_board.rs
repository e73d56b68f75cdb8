//! The fog bench's board (`benches/fog.rs`, and `examples/fog_phase.rs` for instruction
//! counts): the five shipped profiles on a mixed map, 3 player units near the middle and
//! `enemies` anywhere, every unit with vision `vision`, fog on or off.

use crate::board::board_on;
use skirmish_core::rules::Battle;

/// The board: `side`×`side`, `enemies` enemies, fog `fog`, every unit seeing `vision`.
pub fn board(side: usize, enemies: usize, fog: bool, vision: u32) -> Battle {
    let profiles = ["charger", "proximity", "guard", "pivot", "archer"];
    board_on(side, enemies, 3, &profiles, |u| u.with_vision(vision)).with_fog(fog)
}
