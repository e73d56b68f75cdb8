//! Terrain kinds and movement classes: what each kind of ground costs each class to enter.

/// Index of a terrain kind in [`TerrainSet::kinds`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct TerrainId(pub u8);

/// Index of a movement class in [`TerrainSet::classes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct ClassId(pub u8);

pub use crate::search::grid::Cost;

/// Highest cost a terrain may charge to enter (costs are stored in a byte).
pub const MAX_TERRAIN_COST: i64 = 255;
/// Most terrain kinds a table may define (ids are stored in a byte).
pub const MAX_TERRAIN_KINDS: usize = 250;
/// Most movement classes.
pub const MAX_CLASSES: usize = 32;

/// One kind of ground. A plain record (its fields are open): a [`TerrainSet`] checks it
/// against its classes when it takes it in, and hands it out only to read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Terrain {
    /// The table name, e.g. `forest`.
    pub name: String,
    /// Its single character in map files.
    pub glyph: char,
    /// Cost to enter for each class (indexed by [`ClassId`]); `None` cannot enter.
    pub cost: Vec<Option<u8>>,
    /// Defense bonus for a unit standing here.
    pub defense: i32,
    /// Avoid bonus for a unit standing here, taken off the hit chance of blows against it
    /// (only in scenarios with chance on).
    #[cfg_attr(feature = "serde", serde(default))]
    pub avoid: i32,
    /// Vision bonus for a unit standing here (fog of war: a hill's +1); may be negative.
    #[cfg_attr(feature = "serde", serde(default))]
    pub vision: i32,
    /// Under fog of war, seen only from a unit on it or next to it (a forest).
    #[cfg_attr(feature = "serde", serde(default))]
    pub hides: bool,
    /// Colour for the game and pictures, `[r, g, b]`.
    pub color: Option<[u8; 3]>,
}

impl Terrain {
    /// Cost for `class` to enter, or `None` when it cannot.
    pub fn cost_for(&self, class: ClassId) -> Option<Cost> {
        self.cost.get(class.0 as usize).copied().flatten().map(Cost::from)
    }
}

/// Why a [`TerrainSet`] does not hold together (see [`TerrainSet::check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TerrainError {
    /// No kind at all, or more than [`MAX_TERRAIN_KINDS`] (ids are stored in a byte).
    KindCount(usize),
    /// No class at all, or more than [`MAX_CLASSES`].
    ClassCount(usize),
    /// A kind's cost list is not one entry per class.
    CostCount {
        /// The kind's name.
        kind: String,
        /// Entries given.
        found: usize,
        /// Classes there are.
        classes: usize,
    },
    /// A kind costs 0 to enter for a class (leave the class out, `None`, for impassable).
    ZeroCost {
        /// The kind's name.
        kind: String,
        /// The class's name.
        class: String,
    },
    /// Two kinds share a glyph (maps could not tell them apart).
    SameGlyph {
        /// The glyph.
        glyph: char,
    },
}

impl std::fmt::Display for TerrainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TerrainError::KindCount(n) => write!(f, "{n} terrain kinds: give 1..={MAX_TERRAIN_KINDS}"),
            TerrainError::ClassCount(n) => write!(f, "{n} movement classes: give 1..={MAX_CLASSES}"),
            TerrainError::CostCount { kind, found, classes } => write!(
                f,
                "terrain {kind:?} has {found} costs for {classes} classes: give one per class (None: cannot enter)"
            ),
            TerrainError::ZeroCost { kind, class } => write!(
                f,
                "terrain {kind:?} costs 0 for class {class:?}: costs are 1..={MAX_TERRAIN_COST} (None: cannot enter)"
            ),
            TerrainError::SameGlyph { glyph } => write!(f, "two terrain kinds have the glyph {glyph:?}"),
        }
    }
}

impl std::error::Error for TerrainError {}

/// Every terrain kind and movement class of a data set.
///
/// Its fields are private so that it always holds together (see [`TerrainSet::check`]):
/// build one with [`TerrainSet::new`] or [`TerrainSet::standard`], grow it with
/// [`TerrainSet::push_kind`], read it with [`TerrainSet::kinds`] and
/// [`TerrainSet::classes`]. With the `serde` feature it is saved as
/// `{"kinds": [...], "classes": [...]}` and checked again when read back.
///
/// ```compile_fail,E0616
/// use skirmish_core::model::terrain::TerrainSet;
/// let mut t = TerrainSet::standard();
/// t.kinds.clear(); // private: a set with no kind would not hold together
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawTerrainSet"))]
pub struct TerrainSet {
    /// The kinds, in file order.
    pub(crate) kinds: Vec<Terrain>,
    /// Class names; `foot` is always class 0 (the default class of a unit).
    pub(crate) classes: Vec<String>,
}

/// A [`TerrainSet`] as read from a save, before [`TerrainSet::new`] checks it.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrainSet {
    kinds: Vec<Terrain>,
    classes: Vec<String>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawTerrainSet> for TerrainSet {
    type Error = TerrainError;
    fn try_from(raw: RawTerrainSet) -> Result<TerrainSet, TerrainError> {
        TerrainSet::new(raw.kinds, raw.classes)
    }
}

impl TerrainSet {
    /// A set of these kinds and classes, checked as [`TerrainSet::check`] does: class 0 is
    /// the default class of a unit, each kind gives one cost per class.
    ///
    /// ```
    /// use skirmish_core::model::terrain::{ClassId, Terrain, TerrainError, TerrainSet};
    /// let kind = |name: &str, glyph, cost: Vec<Option<u8>>| Terrain {
    ///     name: name.into(),
    ///     glyph,
    ///     cost,
    ///     defense: 0,
    ///     avoid: 0,
    ///     vision: 0,
    ///     hides: false,
    ///     color: None,
    /// };
    /// let classes = vec!["foot".to_string(), "boat".to_string()];
    /// let t = TerrainSet::new(vec![kind("land", '.', vec![Some(1), None]), kind("sea", '~', vec![None, Some(1)])], classes.clone())
    ///     .unwrap();
    /// assert_eq!(t.kinds().len(), 2);
    /// assert_eq!(t.get(t.by_glyph('~').unwrap()).cost_for(ClassId(1)), Some(1));
    /// // One cost short: refused, not read as "cannot enter".
    /// let short = TerrainSet::new(vec![kind("land", '.', vec![Some(1)])], classes);
    /// assert!(matches!(short, Err(TerrainError::CostCount { found: 1, classes: 2, .. })));
    /// ```
    pub fn new(kinds: Vec<Terrain>, classes: Vec<String>) -> Result<TerrainSet, TerrainError> {
        let set = TerrainSet { kinds, classes };
        set.check()?;
        Ok(set)
    }

    /// The kinds, in file order: a [`TerrainId`] is an index into it.
    ///
    /// ```
    /// use skirmish_core::model::terrain::TerrainSet;
    /// let t = TerrainSet::standard();
    /// assert_eq!(t.kinds()[0].name, "plain");
    /// assert_eq!(t.kinds().len(), 8);
    /// ```
    pub fn kinds(&self) -> &[Terrain] {
        &self.kinds
    }

    /// The movement classes' names: a [`ClassId`] is an index into it; class 0 (`foot` in
    /// the shipped data) is the default class of a unit.
    ///
    /// ```
    /// use skirmish_core::model::terrain::TerrainSet;
    /// assert_eq!(TerrainSet::standard().classes(), ["foot", "horse", "flier"]);
    /// ```
    pub fn classes(&self) -> &[String] {
        &self.classes
    }

    /// Adds a kind at the end and returns its id; refuses (leaving the set as it was) a
    /// kind past [`MAX_TERRAIN_KINDS`], one whose costs are not one per class or include 0,
    /// and one with a glyph already taken.
    ///
    /// ```
    /// use skirmish_core::model::terrain::{Terrain, TerrainError, TerrainId, TerrainSet, MAX_TERRAIN_KINDS};
    /// let mut t = TerrainSet::standard();
    /// let swamp = |glyph| Terrain { name: "swamp".into(), glyph, cost: vec![Some(4), Some(6), Some(1)], defense: 0, avoid: 0, vision: 0, hides: false, color: None };
    /// assert_eq!(t.push_kind(swamp('%')), Ok(TerrainId(8)));
    /// assert_eq!(t.push_kind(swamp('%')), Err(TerrainError::SameGlyph { glyph: '%' }));
    /// for i in t.kinds().len()..MAX_TERRAIN_KINDS {
    ///     t.push_kind(swamp(char::from_u32(0x100 + i as u32).unwrap())).unwrap();
    /// }
    /// assert_eq!(t.push_kind(swamp('%')), Err(TerrainError::KindCount(MAX_TERRAIN_KINDS + 1)));
    /// assert_eq!(t.kinds().len(), MAX_TERRAIN_KINDS);
    /// ```
    pub fn push_kind(&mut self, kind: Terrain) -> Result<TerrainId, TerrainError> {
        if self.kinds.len() >= MAX_TERRAIN_KINDS {
            return Err(TerrainError::KindCount(self.kinds.len() + 1));
        }
        self.check_kind(&kind)?;
        if self.kinds.iter().any(|o| o.glyph == kind.glyph) {
            return Err(TerrainError::SameGlyph { glyph: kind.glyph });
        }
        self.kinds.push(kind);
        Ok(TerrainId((self.kinds.len() - 1) as u8))
    }

    /// One kind's costs against the classes: one per class, none of them 0.
    fn check_kind(&self, t: &Terrain) -> Result<(), TerrainError> {
        if t.cost.len() != self.classes.len() {
            return Err(TerrainError::CostCount {
                kind: t.name.clone(),
                found: t.cost.len(),
                classes: self.classes.len(),
            });
        }
        if let Some(c) = t.cost.iter().position(|c| *c == Some(0)) {
            return Err(TerrainError::ZeroCost {
                kind: t.name.clone(),
                class: self.classes[c].clone(),
            });
        }
        Ok(())
    }

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
            avoid: 0,
            vision: 0,
            hides: false,
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

    /// Checks that the set holds together, as battles need it: 1..=[`MAX_TERRAIN_KINDS`]
    /// kinds with distinct glyphs, 1..=[`MAX_CLASSES`] classes, and each kind with one cost
    /// per class, none of them 0. Building a battle refuses a set that does not.
    ///
    /// A set made with [`TerrainSet::new`] or grown with [`TerrainSet::push_kind`] always
    /// passes (they run these checks); the check remains for sets read by older code.
    ///
    /// ```
    /// use skirmish_core::model::terrain::{Terrain, TerrainError, TerrainSet};
    /// let t = TerrainSet::standard();
    /// assert_eq!(t.check(), Ok(()));
    /// let mut wall = t.kinds()[7].clone();
    /// wall.cost = vec![Some(0); 3];
    /// let err = TerrainSet::new(vec![wall], t.classes().to_vec()).unwrap_err();
    /// assert!(matches!(err, TerrainError::ZeroCost { .. }));
    /// ```
    pub fn check(&self) -> Result<(), TerrainError> {
        if !(1..=MAX_TERRAIN_KINDS).contains(&self.kinds.len()) {
            return Err(TerrainError::KindCount(self.kinds.len()));
        }
        if !(1..=MAX_CLASSES).contains(&self.classes.len()) {
            return Err(TerrainError::ClassCount(self.classes.len()));
        }
        for (i, t) in self.kinds.iter().enumerate() {
            self.check_kind(t)?;
            if self.kinds[..i].iter().any(|o| o.glyph == t.glyph) {
                return Err(TerrainError::SameGlyph { glyph: t.glyph });
            }
        }
        Ok(())
    }

    /// The kind with this glyph (`None` past the 256 kinds an id can name).
    pub fn by_glyph(&self, c: char) -> Option<TerrainId> {
        let i = self.kinds.iter().position(|t| t.glyph == c)?;
        u8::try_from(i).ok().map(TerrainId)
    }

    /// The kind with this table name (`None` past the 256 kinds an id can name).
    pub fn by_name(&self, name: &str) -> Option<TerrainId> {
        let i = self.kinds.iter().position(|t| t.name == name)?;
        u8::try_from(i).ok().map(TerrainId)
    }

    /// The class with this name (`None` past the 256 classes an id can name).
    pub fn class(&self, name: &str) -> Option<ClassId> {
        let i = self.classes.iter().position(|c| c == name)?;
        u8::try_from(i).ok().map(ClassId)
    }

    /// The kind with this id.
    ///
    /// # Panics
    /// When there is no such kind; [`TerrainSet::try_get`] returns `None` instead.
    pub fn get(&self, id: TerrainId) -> &Terrain {
        match self.kinds.get(id.0 as usize) {
            Some(t) => t,
            None => panic!("no terrain kind #{} ({} kinds)", id.0, self.kinds.len()),
        }
    }

    /// The kind with this id, or `None` when there is no such kind.
    pub fn try_get(&self, id: TerrainId) -> Option<&Terrain> {
        self.kinds.get(id.0 as usize)
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
