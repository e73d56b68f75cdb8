//! skirmish-core: the engine of a turn-based tactics game — grids and terrain, an exact
//! range search with recorded paths, travel-cost maps, battle rules (commands in, events
//! out), data-driven enemy AI and headless drivers. No files, no terminal, no graphics.

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
