//! Drivers that play battles through the rules core: the player's phase machine (which
//! the game draws), whole headless battles ([`simulate`]) and replays.

pub mod enemy;
pub mod phase;
pub mod replay;
pub mod simulate;
