//! Searching the grid: positions and paths, the exact range search and potential maps.

pub mod grid;
pub mod layout;
pub mod potential;
pub mod range;
