//! skirmish-core: the engine of a turn-based tactics game — grids and terrain, an exact
//! range search with recorded paths, travel-cost maps, battle rules (commands in, events
//! out), data-driven enemy AI and headless drivers. No files, no terminal, no graphics.

#![deny(missing_docs)]

pub mod ai;
pub mod campaign;
pub mod model;
pub mod play;
pub mod prelude;
pub mod rng;
pub mod rules;
pub mod search;
