//! Drivers that play battles through the rules core: the player's phase machine (which
//! the game draws) and whole headless battles (`simulate`).

pub mod aitest;
pub mod phase;
pub mod replay;
pub mod simulate;
