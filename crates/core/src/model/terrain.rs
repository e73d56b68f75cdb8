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
    /// The terrain of the shipped `data/terrain.toml`, for battles built in code: classes
    /// `foot`, `horse`, `flier`; plain `.` 1, forest `T` 2/4/1, hill `^` 3/4/1, river `~`
    /// 6/6/1, mountain `M` 12/–/2, bridge `=` 1, floor `_` 1, wall `#` impassable
    /// (costs for foot/horse/flier).
    ///
    /// ```
    /// use skirmish_core::model::terrain::{ClassId, TerrainSet};
    /// let t = TerrainSet::standard();
    /// let forest = t.get(t.by_glyph('T').unwrap());
    /// assert_eq!(forest.cost_for(t.class("horse").unwrap()), Some(4));
    /// assert_eq!(t.get(t.by_glyph('#').unwrap()).cost_for(ClassId(0)), None);
    /// ```
    pub fn standard() -> TerrainSet {
        let kind = |name: &str, glyph: char, cost: [Option<u8>; 3], defense: i32, color: [u8; 3]| Terrain {
            name: name.into(),
            glyph,
            cost: cost.to_vec(),
            defense,
            color: Some(color),
        };
        TerrainSet {
            kinds: vec![
                kind("plain", '.', [Some(1); 3], 0, [0x7a, 0xb6, 0x48]),
                kind("forest", 'T', [Some(2), Some(4), Some(1)], 1, [0x2f, 0x7a, 0x32]),
                kind("hill", '^', [Some(3), Some(4), Some(1)], 2, [0xa8, 0x8a, 0x4e]),
                kind("river", '~', [Some(6), Some(6), Some(1)], -1, [0x3f, 0x7f, 0xd0]),
                kind("mountain", 'M', [Some(12), None, Some(2)], 3, [0x8a, 0x85, 0x80]),
                kind("bridge", '=', [Some(1); 3], 0, [0xa0, 0x70, 0x3a]),
                kind("floor", '_', [Some(1); 3], 1, [0xb9, 0xb2, 0xa4]),
                kind("wall", '#', [None; 3], 0, [0x4a, 0x4a, 0x55]),
            ],
            classes: vec!["foot".into(), "horse".into(), "flier".into()],
        }
    }

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
