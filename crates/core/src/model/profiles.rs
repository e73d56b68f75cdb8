//! Enemy AI profiles: a behaviour plus its numbers. The six built-in behaviours are variants
//! of [`Behavior`]; a behaviour a game registers (in its `ai::registry::Registry`) is
//! [`Behavior::Custom`], its numbers kept as [`Params`].

use crate::search::grid::Pos;
use std::any::Any;
use std::sync::Arc;

/// Largest distance parameter accepted (sight, trigger, leash, range).
pub const MAX_DISTANCE: i64 = 10_000;

/// The algorithm of a profile, with its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// A behaviour registered by the game under a name of its own (`Registry::register`),
    /// with the numbers of its profile table.
    Custom(CustomBehavior),
}

/// One number of a profile table, as its behaviour declared it (a `Key` of its registry entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Param {
    /// A whole number (a distance, a count...).
    Int(u32),
    /// A cell `[x, y]`.
    Cell(Pos),
}

/// The numbers of a profile table, key by key in the order the behaviour declares them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params {
    /// `(key, value)` pairs.
    pub list: Vec<(String, Param)>,
}

impl Params {
    /// The whole number under `key` (0 when absent or a cell: the loader has checked it).
    pub fn int(&self, key: &str) -> u32 {
        match self.get(key) {
            Some(Param::Int(v)) => v,
            _ => 0,
        }
    }

    /// The cell under `key` (`(0, 0)` when absent or a number: the loader has checked it).
    pub fn cell(&self, key: &str) -> Pos {
        match self.get(key) {
            Some(Param::Cell(p)) => p,
            _ => Pos::new(0, 0),
        }
    }

    /// The value under `key`.
    pub fn get(&self, key: &str) -> Option<Param> {
        self.list.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }

    /// Adds or replaces `key`.
    pub fn set(&mut self, key: &str, value: Param) {
        match self.list.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.list.push((key.to_string(), value)),
        }
    }
}

/// A registered behaviour as one profile uses it: its name, the numbers of the profile's
/// table, and the rule built from them. Two are equal when name and numbers are (the rule
/// is made from them). Made only by a registry entry (`Entry::build`), never by hand, so
/// its rule is the one registered under its name:
///
/// ```compile_fail,E0451
/// use skirmish_core::model::profiles::{CustomBehavior, Params};
/// let c = CustomBehavior { name: "x".into(), params: Params::default(), rule: std::sync::Arc::new(()) };
/// ```
#[derive(Clone)]
pub struct CustomBehavior {
    /// The registered name (`behavior = "..."`).
    pub name: String,
    /// The profile's numbers.
    pub params: Params,
    // The rule that decides: the registry's `Box<dyn ai::AiBehavior>`, kept here without
    // naming the AI layer (`CustomBehavior::rule` in `ai` gives it back). Private to the
    // crate: a custom behaviour is made only by a registry entry (`Entry::build`), so its
    // rule is always the one registered under its name.
    pub(crate) rule: Arc<dyn Any + Send + Sync>,
}

impl PartialEq for CustomBehavior {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.params == other.params
    }
}

impl Eq for CustomBehavior {}

impl std::fmt::Debug for CustomBehavior {
    // Name and numbers only: replay fingerprints are made from this text.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CustomBehavior")
            .field("name", &self.name)
            .field("params", &self.params.list)
            .finish()
    }
}

impl Behavior {
    /// The `behavior` string of the file.
    pub fn name(&self) -> &str {
        match self {
            Behavior::Custom(c) => &c.name,
            Behavior::Charger => "charger",
            Behavior::Proximity { .. } => "proximity",
            Behavior::GuardTrigger { .. } => "guard_trigger",
            Behavior::PivotLeash { .. } => "pivot_leash",
            Behavior::KeepRange { .. } => "keep_range",
            Behavior::Advance { .. } => "advance",
        }
    }
}

/// Every built-in behaviour name and the parameters it takes (a game's own behaviours are
/// in their `ai::registry::Registry`, with these and `support`).
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

/// All profiles of a data set, in file order, each name once.
///
/// Its list is private so that a name stays unique (a second `archer` would be silently
/// shadowed by the first): read it with [`Profiles::list`] and [`Profiles::get`], change it
/// with [`Profiles::insert`]. With the `serde` feature it is saved as a list of tables like
/// those of `profiles.toml` (`{"name": "archer", "behavior": "keep_range", "sight": 10,
/// "range": 3}`) and read back through a behaviour registry, checked as the loader checks
/// the file: plain `Deserialize` reads with the standard registry, `ai::registry::ProfilesIn`
/// with a game's own.
///
/// ```compile_fail,E0616
/// use skirmish_core::model::profiles::Profiles;
/// let mut p = Profiles::standard();
/// let archer = p.list[4].clone();
/// p.list.push(archer); // private: a second `archer` would be shadowed by the first
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profiles {
    /// The profiles, names distinct.
    pub(crate) list: Vec<Profile>,
}

impl Profiles {
    /// Every profile, in file order.
    ///
    /// ```
    /// use skirmish_core::model::profiles::Profiles;
    /// let profiles = Profiles::standard();
    /// let names: Vec<&str> = profiles.list().iter().map(|p| p.name.as_str()).collect();
    /// assert_eq!(names, ["charger", "proximity", "guard", "pivot", "archer"]);
    /// ```
    pub fn list(&self) -> &[Profile] {
        &self.list
    }

    /// Adds `profile`, or replaces the profile of the same name in its place; returns the
    /// profile it replaced.
    ///
    /// ```
    /// use skirmish_core::model::profiles::{Behavior, Profile, Profiles};
    /// let mut p = Profiles::standard();
    /// let sniper = Profile { name: "archer".into(), behavior: Behavior::KeepRange { sight: 12, range: 4 } };
    /// let old = p.insert(sniper).unwrap();
    /// assert_eq!(old.behavior, Behavior::KeepRange { sight: 10, range: 3 });
    /// assert_eq!(p.get("archer").unwrap().behavior, Behavior::KeepRange { sight: 12, range: 4 });
    /// assert_eq!(p.list().len(), 5);
    /// assert!(p.insert(Profile { name: "statue".into(), behavior: Behavior::Charger }).is_none());
    /// assert_eq!(p.list().len(), 6);
    /// ```
    pub fn insert(&mut self, profile: Profile) -> Option<Profile> {
        match self.list.iter_mut().find(|p| p.name == profile.name) {
            Some(slot) => Some(std::mem::replace(slot, profile)),
            None => {
                self.list.push(profile);
                None
            }
        }
    }

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
