//! Terrain kinds and movement classes: what each kind of ground costs each class to enter.

/// Index of a terrain kind in [`TerrainSet::kinds`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TerrainId(pub u8);

/// Index of a movement class in [`TerrainSet::classes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u8);

pub use crate::search::grid::Cost;

/// Highest cost a terrain may charge to enter (costs are stored in a byte).
pub const MAX_TERRAIN_COST: i64 = 255;
/// Most terrain kinds a table may define (ids are stored in a byte).
pub const MAX_TERRAIN_KINDS: usize = 250;
/// Most movement classes.
pub const MAX_CLASSES: usize = 32;

/// One kind of ground.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terrain {
    /// The table name, e.g. `forest`.
    pub name: String,
    /// Its single character in map files.
    pub glyph: char,
    /// Cost to enter for each class (indexed by [`ClassId`]); `None` cannot enter.
    pub cost: Vec<Option<u8>>,
    /// Defense bonus for a unit standing here.
    pub defense: i32,
    /// Colour for the game and pictures, `[r, g, b]`.
    pub color: Option<[u8; 3]>,
}

impl Terrain {
    /// Cost for `class` to enter, or `None` when it cannot.
    pub fn cost_for(&self, class: ClassId) -> Option<Cost> {
        self.cost.get(class.0 as usize).copied().flatten().map(Cost::from)
    }
}

/// Every terrain kind and movement class of a data set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainSet {
    /// The kinds, in file order.
    pub kinds: Vec<Terrain>,
    /// Class names; `foot` is always class 0 (the default class of a unit).
    pub classes: Vec<String>,
}

impl TerrainSet {
    /// The kind with this glyph.
    pub fn by_glyph(&self, c: char) -> Option<TerrainId> {
        self.kinds.iter().position(|t| t.glyph == c).map(|i| TerrainId(i as u8))
    }

    /// The kind with this table name.
    pub fn by_name(&self, name: &str) -> Option<TerrainId> {
        self.kinds
            .iter()
            .position(|t| t.name == name)
            .map(|i| TerrainId(i as u8))
    }

    /// The class with this name.
    pub fn class(&self, name: &str) -> Option<ClassId> {
        self.classes.iter().position(|c| c == name).map(|i| ClassId(i as u8))
    }

    /// The kind with this id.
    pub fn get(&self, id: TerrainId) -> &Terrain {
        &self.kinds[id.0 as usize]
    }

    /// Glyphs as listed in error messages: `. T ^ ~ M #`.
    pub fn glyph_list(&self) -> String {
        self.kinds
            .iter()
            .map(|t| t.glyph.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}
