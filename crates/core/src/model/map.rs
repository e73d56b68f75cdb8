//! Terrain grids and the padded flat layout the searches run on.

use crate::model::terrain::{ClassId, TerrainId, TerrainSet};
use crate::search::grid::Pos;
pub use crate::search::layout::{CostLayer, Layout};

/// Widest or tallest map accepted, in cells.
pub const MAX_MAP_SIDE: usize = 1024;

/// A rectangular grid of terrain, stored row by row (`y * width + x`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainMap {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Terrain of every cell.
    pub cells: Vec<TerrainId>,
}

impl TerrainMap {
    /// A map filled with one terrain.
    pub fn filled(width: usize, height: usize, t: TerrainId) -> TerrainMap {
        TerrainMap {
            width,
            height,
            cells: vec![t; width * height],
        }
    }

    /// True when `p` lies on the map.
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height
    }

    /// Terrain at `p`, which must be on the map.
    pub fn at(&self, p: Pos) -> TerrainId {
        self.cells[p.y as usize * self.width + p.x as usize]
    }

    /// Sets the terrain at `p`, which must be on the map.
    pub fn set(&mut self, p: Pos, t: TerrainId) {
        self.cells[p.y as usize * self.width + p.x as usize] = t;
    }

    /// The padded layout of this map's size.
    pub fn layout(&self) -> Layout {
        Layout::new(self.width, self.height)
    }

    /// The map as text, one glyph per cell.
    pub fn to_text(&self, terrain: &TerrainSet) -> String {
        let mut s = String::with_capacity((self.width + 1) * self.height);
        for y in 0..self.height {
            for x in 0..self.width {
                s.push(terrain.get(self.cells[y * self.width + x]).glyph);
            }
            s.push('\n');
        }
        s
    }

    /// Cost of entering each cell for `class`, on the padded layout (0 = cannot enter).
    pub fn cost_layer(&self, terrain: &TerrainSet, class: ClassId) -> CostLayer {
        let table: Vec<u8> = terrain
            .kinds
            .iter()
            .map(|t| t.cost.get(class.0 as usize).copied().flatten().unwrap_or(0))
            .collect();
        CostLayer::new(self.layout(), |p| table[self.at(p).0 as usize])
    }
}
