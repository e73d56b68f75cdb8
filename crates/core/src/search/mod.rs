//! Searching the grid: positions and paths, the exact range search, potential maps,
//! nearest maps, and sets of cells seen (fog of war).

pub mod grid;
// The searches' padded flat grid: its types reach a game only through
// `TerrainMap::layout` and `Battle::layer` (re-exported in `model::map`), not as an API.
pub(crate) mod layout;
pub mod nearest;
pub mod potential;
pub mod range;
pub mod sight;
mod spread;
