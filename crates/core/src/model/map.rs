//! Terrain grids and the padded flat layout the searches run on.

use crate::model::terrain::{ClassId, TerrainId, TerrainSet};
use crate::search::grid::Pos;
pub use crate::search::layout::{CostLayer, Layout, TooLarge};

/// Widest or tallest map accepted, in cells.
pub const MAX_MAP_SIDE: usize = 4096;

/// A rectangular grid of terrain, stored row by row (`y * width + x`). Its fields are
/// private: every constructor checks that the size is 1..=[`MAX_MAP_SIDE`] on each side and
/// that there is one terrain per cell, which the searches' layouts rely on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainMap {
    width: usize,
    height: usize,
    cells: Vec<TerrainId>,
}

/// Why a terrain map could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapError {
    /// A side is 0 or larger than [`MAX_MAP_SIDE`].
    Size {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// The cells do not fill the rectangle exactly.
    Cells {
        /// `width × height`.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A row of [`TerrainMap::from_rows`] is not as wide as the first.
    Ragged {
        /// Row, from 0.
        row: usize,
        /// Its width.
        found: usize,
        /// The first row's width.
        width: usize,
    },
    /// A row of [`TerrainMap::from_rows`] holds a glyph no terrain kind has.
    UnknownGlyph {
        /// Row, from 0.
        row: usize,
        /// Column, from 0.
        col: usize,
        /// The glyph.
        glyph: char,
    },
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MapError::Size { width, height } => write!(
                f,
                "a map must be 1..={MAX_MAP_SIDE} cells on each side, not {width}x{height}"
            ),
            MapError::Cells { expected, found } => {
                write!(f, "{found} cells given for a map of {expected}")
            }
            MapError::Ragged { row, found, width } => {
                write!(f, "row {row} is {found} cells wide, the first row {width}")
            }
            MapError::UnknownGlyph { row, col, glyph } => {
                write!(f, "row {row}, column {col}: no terrain has the glyph {glyph:?}")
            }
        }
    }
}

impl std::error::Error for MapError {}

impl TerrainMap {
    /// A map of `width` × `height` cells, given row by row.
    ///
    /// ```
    /// use skirmish_core::model::{map::TerrainMap, terrain::TerrainId};
    /// let m = TerrainMap::new(2, 1, vec![TerrainId(0), TerrainId(1)]).unwrap();
    /// assert_eq!((m.width(), m.height()), (2, 1));
    /// assert!(TerrainMap::new(2, 2, vec![TerrainId(0)]).is_err());
    /// assert!(TerrainMap::new(usize::MAX, 1, vec![]).is_err());
    /// // Up to 4096 cells a side.
    /// assert!(TerrainMap::new(4096, 1, vec![TerrainId(0); 4096]).is_ok());
    /// assert!(TerrainMap::new(4097, 1, vec![TerrainId(0); 4097]).is_err());
    /// ```
    pub fn new(width: usize, height: usize, cells: Vec<TerrainId>) -> Result<TerrainMap, MapError> {
        if !(1..=MAX_MAP_SIDE).contains(&width) || !(1..=MAX_MAP_SIDE).contains(&height) {
            return Err(MapError::Size { width, height });
        }
        if cells.len() != width * height {
            return Err(MapError::Cells {
                expected: width * height,
                found: cells.len(),
            });
        }
        Ok(TerrainMap { width, height, cells })
    }

    /// A map drawn as rows of glyphs of `terrain` (every row the width of the first: a
    /// row of another width is [`MapError::Ragged`]).
    ///
    /// ```
    /// use skirmish_core::model::{map::TerrainMap, terrain::TerrainSet};
    /// let terrain = TerrainSet::standard();
    /// let m = TerrainMap::from_rows(&terrain, &["..T", "#.~"]).unwrap();
    /// assert_eq!(terrain.get(m.at((2, 0).into())).name, "forest");
    /// ```
    pub fn from_rows(terrain: &TerrainSet, rows: &[&str]) -> Result<TerrainMap, MapError> {
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut cells = Vec::with_capacity(width * rows.len());
        for (row, line) in rows.iter().enumerate() {
            let found = line.chars().count();
            if found != width {
                return Err(MapError::Ragged { row, found, width });
            }
            for (col, glyph) in line.chars().enumerate() {
                let t = terrain
                    .by_glyph(glyph)
                    .ok_or(MapError::UnknownGlyph { row, col, glyph })?;
                cells.push(t);
            }
        }
        TerrainMap::new(width, rows.len(), cells)
    }

    /// A map filled with one terrain.
    ///
    /// # Panics
    /// When a side is 0 or larger than [`MAX_MAP_SIDE`].
    pub fn filled(width: usize, height: usize, t: TerrainId) -> TerrainMap {
        match TerrainMap::new(
            width,
            height,
            vec![t; width.min(MAX_MAP_SIDE + 1) * height.min(MAX_MAP_SIDE + 1)],
        ) {
            Ok(m) => m,
            Err(e) => panic!("{e}"),
        }
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The terrain of every cell, row by row.
    pub fn cells(&self) -> &[TerrainId] {
        &self.cells
    }

    /// True when `p` lies on the map.
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height
    }

    /// Terrain at `p`.
    ///
    /// ```
    /// use skirmish_core::model::{map::TerrainMap, terrain::TerrainSet};
    /// use skirmish_core::search::grid::Pos;
    /// let m = TerrainMap::from_rows(&TerrainSet::standard(), &[".T", "~#"]).unwrap();
    /// assert_eq!(m.get(Pos::new(1, 0)), Some(m.at(Pos::new(1, 0))));
    /// // Past the right edge is off the map, not the next row.
    /// assert_eq!(m.get(Pos::new(2, 0)), None);
    /// assert_eq!(m.get(Pos::new(-1, 1)), None);
    /// ```
    ///
    /// # Panics
    /// When `p` is off the map ([`TerrainMap::get`] returns `None` instead).
    pub fn at(&self, p: Pos) -> TerrainId {
        match self.get(p) {
            Some(t) => t,
            None => panic!("{p} is off the {}x{} map", self.width, self.height),
        }
    }

    /// Terrain at `p`, or `None` when `p` is off the map.
    pub fn get(&self, p: Pos) -> Option<TerrainId> {
        self.contains(p)
            .then(|| self.cells[p.y as usize * self.width + p.x as usize])
    }

    /// Sets the terrain at `p`.
    ///
    /// # Panics
    /// When `p` is off the map.
    pub fn set(&mut self, p: Pos, t: TerrainId) {
        assert!(self.contains(p), "{p} is off the {}x{} map", self.width, self.height);
        self.cells[p.y as usize * self.width + p.x as usize] = t;
    }

    /// The padded layout of this map's size.
    pub fn layout(&self) -> Layout {
        Layout::new(self.width, self.height)
    }

    /// The map as text, one glyph per cell; a cell whose terrain id `terrain` does not
    /// have (a map made for another terrain table) is written `?`, which no terrain uses
    /// as its glyph in a file that loads.
    ///
    /// ```
    /// use skirmish_core::model::{map::TerrainMap, terrain::{TerrainId, TerrainSet}};
    /// let m = TerrainMap::new(2, 1, vec![TerrainId(0), TerrainId(200)]).unwrap();
    /// assert_eq!(m.to_text(&TerrainSet::standard()), ".?\n");
    /// ```
    pub fn to_text(&self, terrain: &TerrainSet) -> String {
        let mut s = String::with_capacity((self.width + 1) * self.height);
        for y in 0..self.height {
            for x in 0..self.width {
                s.push(terrain.try_get(self.cells[y * self.width + x]).map_or('?', |t| t.glyph));
            }
            s.push('\n');
        }
        s
    }

    /// Cost of entering each cell for `class`, on the padded layout (0 = cannot enter). A
    /// class or a terrain id that `terrain` does not have cannot enter (a battle refuses
    /// such a map or unit before it searches: `Battle::try_new`).
    ///
    /// ```
    /// use skirmish_core::model::{map::TerrainMap, terrain::{ClassId, TerrainId, TerrainSet}};
    /// use skirmish_core::search::grid::Pos;
    /// let m = TerrainMap::new(2, 1, vec![TerrainId(0), TerrainId(200)]).unwrap();
    /// let layer = m.cost_layer(&TerrainSet::standard(), ClassId(0));
    /// assert_eq!((layer.cost(Pos::new(0, 0)), layer.cost(Pos::new(1, 0))), (Some(1), None));
    /// ```
    pub fn cost_layer(&self, terrain: &TerrainSet, class: ClassId) -> CostLayer {
        let table: Vec<u8> = terrain
            .kinds
            .iter()
            .map(|t| t.cost.get(class.0 as usize).copied().flatten().unwrap_or(0))
            .collect();
        CostLayer::new(self.layout(), |p| {
            table.get(usize::from(self.at(p).0)).copied().unwrap_or(0)
        })
    }
}
