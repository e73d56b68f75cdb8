//! skirmish: the demo game and the command line on top of the engine crates.
//!
//! The engine is [`skirmish_core`] (grid, range search, travel-cost maps, rules, AI,
//! headless drivers) and [`skirmish_data`] (the files designers edit and the files the
//! program writes). This crate adds the command line (`cli`), AI expectation and balance
//! runs (`play`), charts (`io::chart`) and the ggez window (`game`, feature `gui`).

pub use skirmish_core::{ai, model, rng, rules, search};

pub mod behaviors;
pub mod cli;
pub mod fixture;
#[cfg(feature = "gui")]
pub mod game;
pub mod io;
pub mod load;
pub mod picture;
pub mod play;
