//! skirmish: a turn-based tactics movement engine — maps and terrain, an exact range search
//! with recorded paths, potential maps, data-driven enemy AI and battle rules.
//!
//! Everything here is plain Rust with no graphics; the ggez front end lives in `game`
//! behind the `gui` feature.

pub mod ai;
pub mod battle;
pub mod cli;
pub mod combat;
pub mod danger;
pub mod data;
pub mod diag;
pub mod fixture;
#[cfg(feature = "gui")]
pub mod game;
pub mod generate;
pub mod grid;
pub mod kinds;
pub mod map;
pub mod names;
pub mod phase;
pub mod picture;
pub mod potential;
pub mod profile;
pub mod range;
pub mod reload;
pub mod rng;
pub mod save;
pub mod scenario;
pub mod simulate;
pub mod terrain;
