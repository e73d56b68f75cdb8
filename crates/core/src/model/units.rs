//! Unit kinds: default stats and the sprite of each kind of unit.

/// Sprite names known to the game, in the order of the rows of `assets/units.png`.
#[doc(hidden)] // The game's sprite sheet rows: the engine draws nothing.
pub const SPRITES: [&str; 10] = [
    "hero", "knight", "flier", "bowman", "brute", "soldier", "guard", "mage", "archer", "grunt",
];

/// Highest `move` accepted anywhere a move is read (data files and any other input).
pub const MAX_MOVE: i64 = 1_000;
// The range search can represent every move the loaders accept.
const _: () = assert!(MAX_MOVE as u64 <= crate::search::range::MAX_BUDGET as u64);

/// Highest hp, attack or defense accepted.
pub const MAX_STAT: i64 = 9_999;

/// Combat numbers of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Hit points when unhurt.
    pub hp: i32,
    /// Attack power.
    pub attack: i32,
    /// Defense.
    pub defense: i32,
    /// Nearest attack distance.
    pub range_min: u32,
    /// Farthest attack distance.
    pub range_max: u32,
}

impl Stats {
    /// True when a target at Manhattan distance `d` can be attacked.
    pub fn reaches(&self, d: u32) -> bool {
        (self.range_min..=self.range_max).contains(&d)
    }
}

/// One kind of unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    /// Table name.
    pub name: String,
    /// Sprite name (one of [`SPRITES`]).
    pub sprite: String,
    /// Movement class name.
    pub class: String,
    /// Movement points.
    pub movement: u32,
    /// Combat numbers.
    pub stats: Stats,
}

/// Every unit kind of a data set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kinds {
    /// Kinds in file order.
    pub list: Vec<Kind>,
}

impl Kinds {
    /// The kind named `name`.
    pub fn get(&self, name: &str) -> Option<&Kind> {
        self.list.iter().find(|k| k.name == name)
    }

    /// Names, comma-separated, for messages.
    pub fn names(&self) -> String {
        self.list.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", ")
    }
}
