//! Unit kinds: default stats and the sprite of each kind of unit.

/// Sprite names known to the game, in the order of the rows of `assets/units.png`.
pub const SPRITES: [&str; 12] = [
    "hero", "knight", "flier", "bowman", "brute", "soldier", "guard", "mage", "archer", "grunt", "cleric", "acolyte",
];

/// Highest `move` accepted anywhere a move is read: `units.toml`, scenarios and the
/// command line (`range --move`).
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

/// A healer's numbers: `heal = N` and `heal_range = [min, max]` of its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Healing {
    /// Hit points given at most (never above the ally's own hp).
    pub power: i32,
    /// Nearest ally it can heal.
    pub range_min: u32,
    /// Farthest ally it can heal.
    pub range_max: u32,
}

impl Healing {
    /// A healer of `power` that heals allies next to it (`heal_range` defaults to `[1, 1]`).
    pub fn adjacent(power: i32) -> Healing {
        Healing {
            power,
            range_min: 1,
            range_max: 1,
        }
    }

    /// True when an ally at Manhattan distance `d` can be healed.
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
    /// Its healing, for a healer kind.
    pub heal: Option<Healing>,
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
