//! skirmish: the demo game and the command line on top of the engine crates.
//!
//! The engine is [`skirmish_core`] (grid, range search, travel-cost maps, rules, AI,
//! headless drivers) and [`skirmish_data`] (the files designers edit and the files the
//! program writes). This crate adds the command line (`cli`), AI expectation and balance
//! runs (`play`), charts (`io::chart`) and the ggez window (`game`, feature `gui`).

pub use skirmish_core::{ai, model, rng, rules, search};

pub mod cli;
pub mod fixture;
#[cfg(feature = "gui")]
pub mod game;
pub mod io;
pub mod load;
pub mod net;
pub mod picture;
pub mod play;

/// The guide's chapters that hold Rust blocks (`guide/src/`), run by `cargo test` as
/// doctests so that they follow the engine's API; `tests/guide.rs` checks that every
/// chapter with a Rust block is listed here.
#[cfg(doctest)]
pub mod guide {
    #[doc = include_str!("../guide/src/programmers/engine.md")]
    pub struct Engine;
    #[doc = include_str!("../guide/src/programmers/behaviours.md")]
    pub struct Behaviours;
    #[doc = include_str!("../guide/src/programmers/saving.md")]
    pub struct Saving;
}
