//! Unit kinds: default stats and the sprite of each kind of unit.

/// Sprite names known to the game, in the order of the rows of `assets/units.png`.
#[doc(hidden)] // The game's sprite sheet rows: the engine draws nothing.
pub const SPRITES: [&str; 12] = [
    "hero", "knight", "flier", "bowman", "brute", "soldier", "guard", "mage", "archer", "grunt", "cleric", "acolyte",
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
// Open fields: plain numbers with no tie to anything else; a battle checks them when built.
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

/// What one level-up adds to a unit's stats (a kind's `growth` table in `units.toml`;
/// missing keys grow 0; no randomness).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Growth {
    /// Hit points added to the maximum (and to the hit points left).
    pub hp: i32,
    /// Attack added.
    pub attack: i32,
    /// Defense added.
    pub defense: i32,
}

impl Growth {
    /// True when a level-up adds nothing.
    pub fn is_zero(&self) -> bool {
        *self == Growth::default()
    }

    /// `self` added `times` times.
    ///
    /// ```
    /// use skirmish_core::model::units::Growth;
    /// let g = Growth { hp: 2, attack: 1, defense: 0 };
    /// assert_eq!(g.times(3), Growth { hp: 6, attack: 3, defense: 0 });
    /// ```
    pub fn times(self, times: i32) -> Growth {
        Growth {
            hp: self.hp.saturating_mul(times),
            attack: self.attack.saturating_mul(times),
            defense: self.defense.saturating_mul(times),
        }
    }

    /// The sum of two growths.
    pub fn plus(self, other: Growth) -> Growth {
        Growth {
            hp: self.hp.saturating_add(other.hp),
            attack: self.attack.saturating_add(other.attack),
            defense: self.defense.saturating_add(other.defense),
        }
    }

    /// `stats` grown by this much (capped at [`MAX_STAT`]; never below 0, hp never below 1).
    ///
    /// ```
    /// use skirmish_core::model::units::{Growth, Stats};
    /// let s = Stats { hp: 28, attack: 9, defense: 3, range_min: 1, range_max: 1 };
    /// let g = Growth { hp: 2, attack: 1, defense: 1 };
    /// assert_eq!(g.apply(s), Stats { hp: 30, attack: 10, defense: 4, ..s });
    /// ```
    pub fn apply(self, stats: Stats) -> Stats {
        let cap = |v: i32, min: i32| v.clamp(min, MAX_STAT as i32);
        Stats {
            hp: cap(stats.hp.saturating_add(self.hp), 1),
            attack: cap(stats.attack.saturating_add(self.attack), 0),
            defense: cap(stats.defense.saturating_add(self.defense), 0),
            ..stats
        }
    }
}

/// Experience for a blow that does not defeat.
pub const EXP_BLOW: u32 = 10;
/// Experience for a blow that defeats.
pub const EXP_DEFEAT: u32 = 30;
/// Experience for a heal.
pub const EXP_HEAL: u32 = 10;
/// Experience that makes a level: at this much a unit levels up and keeps the rest.
pub const EXP_LEVEL: u32 = 100;
/// Highest level a unit can reach (a unit there gains no more experience).
pub const MAX_LEVEL: u32 = 99;

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
    /// What each level-up adds.
    pub growth: Growth,
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
