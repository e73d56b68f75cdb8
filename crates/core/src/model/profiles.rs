//! Enemy AI profiles: a behaviour plus its numbers.

/// Largest distance parameter accepted (sight, trigger, leash, range).
pub const MAX_DISTANCE: i64 = 10_000;

/// The algorithm of a profile, with its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behavior {
    /// Always approaches its target.
    Charger,
    /// Approaches while its target is within `sight`, otherwise stays.
    Proximity {
        /// Manhattan distance.
        sight: u32,
    },
    /// Stays until any player unit is within `trigger`, then chases for the rest of the battle.
    GuardTrigger {
        /// Manhattan distance that wakes it.
        trigger: u32,
    },
    /// Never enters a cell at distance `>= leash` from its pivot; approaches inside that area.
    PivotLeash {
        /// Radius of the forbidden boundary.
        leash: u32,
    },
    /// While the target is within `sight`, ends exactly `range` from it when it can.
    KeepRange {
        /// Manhattan distance.
        sight: u32,
        /// The wanted distance to the target.
        range: u32,
    },
    /// Heads for a cell: attacks a player unit it can reach this turn (from the attack cell
    /// nearest its goal), otherwise ends on the reachable cell nearest its goal.
    Advance {
        /// The cell it heads for.
        goal: crate::search::grid::Pos,
    },
}

impl Behavior {
    /// The `behavior` string of the file.
    pub fn name(&self) -> &'static str {
        match self {
            Behavior::Charger => "charger",
            Behavior::Proximity { .. } => "proximity",
            Behavior::GuardTrigger { .. } => "guard_trigger",
            Behavior::PivotLeash { .. } => "pivot_leash",
            Behavior::KeepRange { .. } => "keep_range",
            Behavior::Advance { .. } => "advance",
        }
    }
}

/// Every behaviour name and the parameters it takes.
pub const BEHAVIORS: [(&str, &[&str]); 6] = [
    ("charger", &[]),
    ("proximity", &["sight"]),
    ("guard_trigger", &["trigger"]),
    ("pivot_leash", &["leash"]),
    ("keep_range", &["sight", "range"]),
    ("advance", &["goal"]),
];

/// One named profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// The table name, e.g. `archer`.
    pub name: String,
    /// What it does.
    pub behavior: Behavior,
}

/// All profiles of a data set, in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profiles {
    /// The profiles.
    pub list: Vec<Profile>,
}

impl Profiles {
    /// The five profiles of the shipped `data/profiles.toml`: `charger`, `proximity`
    /// (sight 10), `guard` (trigger 3), `pivot` (leash 6) and `archer` (sight 10, range 3).
    ///
    /// ```
    /// use skirmish_core::model::profiles::{Behavior, Profiles};
    /// let p = Profiles::standard();
    /// assert_eq!(p.get("archer").unwrap().behavior, Behavior::KeepRange { sight: 10, range: 3 });
    /// ```
    pub fn standard() -> Profiles {
        let p = |name: &str, behavior| Profile {
            name: name.into(),
            behavior,
        };
        Profiles {
            list: vec![
                p("charger", Behavior::Charger),
                p("proximity", Behavior::Proximity { sight: 10 }),
                p("guard", Behavior::GuardTrigger { trigger: 3 }),
                p("pivot", Behavior::PivotLeash { leash: 6 }),
                p("archer", Behavior::KeepRange { sight: 10, range: 3 }),
            ],
        }
    }

    /// The profile named `name`.
    pub fn get(&self, name: &str) -> Option<&Profile> {
        self.list.iter().find(|p| p.name == name)
    }

    /// Names, comma-separated, for messages.
    pub fn names(&self) -> String {
        self.list.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", ")
    }
}
