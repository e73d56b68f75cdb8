//! skirmish-core: the engine of a turn-based tactics game — grids and terrain, an exact
//! range search with recorded paths, travel-cost maps, battle rules (commands in, events
//! out), data-driven enemy AI and headless drivers. No files, no terminal, no graphics.
//!
//! # Extending the AI
//!
//! An enemy behaviour of your own is a type implementing [`ai::AiBehavior`], registered
//! under a name in your [`ai::registry::Registry`] (`Registry::standard()` plus your own,
//! with [`Registry::register`](ai::registry::Registry::register)), which you hand to the
//! loaders; a profile then names it like a built-in (`behavior = "hunter"`, with the numbers it declared), and the
//! enemy phase, `--explain`, danger zones, expectation files and balance runs use it. The
//! example `custom_behavior` is a whole terminal game doing so:
//! `cargo run -p skirmish-core --example custom_behavior`.

// The README is the crate's front page, so its examples run as doctests.
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

pub mod ai;
pub mod campaign;
pub mod model;
pub mod play;
pub mod prelude;
pub mod rng;
pub mod rules;
pub mod search;
