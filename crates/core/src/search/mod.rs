//! Searching the grid: positions and paths, the exact range search, potential maps and
//! nearest maps.

pub mod grid;
pub mod layout;
pub mod nearest;
pub mod potential;
pub mod range;
mod spread;
