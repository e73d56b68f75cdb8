//! The battle's rules: units on the board, combat, danger zones, and the player's phase machine.

pub mod battle;
pub mod combat;
pub mod danger;
pub mod phase;
