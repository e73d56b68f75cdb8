//! skirmish: a turn-based tactics movement engine — maps and terrain, an exact range search
//! with recorded paths, potential maps, data-driven enemy AI and battle rules.
//!
//! The folders are the layers, each using only the ones above it in this list:
//! - [`load`]: the files a level designer edits (terrain, unit kinds, profiles, maps,
//!   scenarios), read with located errors;
//! - [`search`]: the grid, the range search and potential (travel-cost) maps;
//! - [`rules`]: the battle core — commands in, events out, `apply` the only mutator —
//!   combat, danger zones and the player's phase machine;
//! - [`ai`]: enemy decisions, one file per behaviour, read-only on the battle;
//! - [`play`]: headless drivers that run whole battles through the core;
//! - [`io`]: saves, live reload, replays, generated maps;
//! - [`cli`] and `game`: the two front ends. Only `game` (feature `gui`) imports ggez.

pub mod ai;
pub mod cli;
pub mod fixture;
#[cfg(feature = "gui")]
pub mod game;
pub mod io;
pub mod load;
pub mod picture;
pub mod play;
pub mod rng;
pub mod rules;
pub mod search;
