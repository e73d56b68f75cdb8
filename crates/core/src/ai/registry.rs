//! The behaviours a profile may name: the six built-ins, plus those the game registers
//! before loading its data. `behavior = "NAME"` in `profiles.toml` resolves here; an unknown
//! name is a located error listing [`names`].
//!
//! ```
//! use skirmish_core::ai::registry::{self, Key};
//! use skirmish_core::ai::{AiBehavior, Decision, Why};
//! use skirmish_core::rules::{Battle, Caches, UnitId};
//!
//! struct Statue;
//! impl AiBehavior for Statue {
//!     fn decide(&self, b: &Battle, _c: &mut Caches, id: UnitId, label: String) -> Decision {
//!         Decision::stay(b, id, label, Why::Nothing)
//!     }
//! }
//! // Once, at start-up: `behavior = "statue"` (with `patience = N`) now loads.
//! registry::register("statue", &[Key::number("patience", 0)], |_params| Statue).unwrap();
//! assert!(registry::names().contains(&"statue".to_string()));
//! ```

use super::AiBehavior;
use crate::model::profiles::{Behavior, CustomBehavior, Params};
use std::sync::{Arc, RwLock};

/// What a key of a profile table holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    /// A whole number from `min` to [`crate::model::profiles::MAX_DISTANCE`].
    Number {
        /// The smallest value that makes sense.
        min: u32,
    },
    /// A cell `[x, y]`.
    Cell,
}

/// A key a behaviour reads from its profile table; every declared key is required.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    /// The key as written in the table.
    pub name: String,
    /// What it holds.
    pub kind: KeyKind,
}

impl Key {
    /// A whole number of at least `min` (a distance, a count...).
    pub fn number(name: &str, min: u32) -> Key {
        Key {
            name: name.into(),
            kind: KeyKind::Number { min },
        }
    }

    /// A cell `[x, y]`.
    pub fn cell(name: &str) -> Key {
        Key {
            name: name.into(),
            kind: KeyKind::Cell,
        }
    }
}

type Build = Arc<dyn Fn(&Params) -> Behavior + Send + Sync>;

/// One behaviour name: the keys its table takes and how a profile's numbers become a
/// [`Behavior`].
#[derive(Clone)]
pub struct Entry {
    /// `behavior = "NAME"`.
    pub name: String,
    /// The keys its table takes, in the order they are read.
    pub keys: Vec<Key>,
    build: Build,
}

impl Entry {
    /// The behaviour of a profile with these numbers (checked by the loader against [`Entry::keys`]).
    pub fn build(&self, params: &Params) -> Behavior {
        (self.build)(params)
    }
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name)
            .field("keys", &self.keys)
            .finish()
    }
}

/// Why a behaviour was not registered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegisterError {
    /// The name is a built-in's.
    Builtin(String),
    /// The name cannot be written as a TOML string a designer would type (empty, spaces...).
    BadName(String),
}

impl std::fmt::Display for RegisterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegisterError::Builtin(n) => write!(f, "behavior {n:?} is built in and cannot be replaced"),
            RegisterError::BadName(n) => {
                write!(f, "behavior name {n:?}: use letters, digits, `_` and `-` only")
            }
        }
    }
}

impl std::error::Error for RegisterError {}

/// Every behaviour name known, built-ins first, then the registered ones in the order of registration.
#[derive(Debug, Clone)]
pub struct Registry {
    entries: Vec<Entry>,
}

impl Registry {
    /// The six built-ins only.
    pub fn builtin() -> Registry {
        let n = |b: &Params, k: &str| b.int(k);
        let entry = |name: &str, keys: Vec<Key>, build: Build| Entry {
            name: name.into(),
            keys,
            build,
        };
        Registry {
            entries: vec![
                entry("charger", vec![], Arc::new(|_| Behavior::Charger)),
                entry(
                    "proximity",
                    vec![Key::number("sight", 0)],
                    Arc::new(move |p| Behavior::Proximity { sight: n(p, "sight") }),
                ),
                entry(
                    "guard_trigger",
                    vec![Key::number("trigger", 0)],
                    Arc::new(move |p| Behavior::GuardTrigger {
                        trigger: n(p, "trigger"),
                    }),
                ),
                entry(
                    "pivot_leash",
                    vec![Key::number("leash", 1)],
                    Arc::new(move |p| Behavior::PivotLeash { leash: n(p, "leash") }),
                ),
                entry(
                    "keep_range",
                    vec![Key::number("sight", 0), Key::number("range", 1)],
                    Arc::new(move |p| Behavior::KeepRange {
                        sight: n(p, "sight"),
                        range: n(p, "range"),
                    }),
                ),
                entry(
                    "advance",
                    vec![Key::cell("goal")],
                    Arc::new(|p| Behavior::Advance { goal: p.cell("goal") }),
                ),
            ],
        }
    }

    /// The entry named `name`.
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// Every name, built-ins first.
    pub fn names(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.name.clone()).collect()
    }

    /// Every entry.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Adds behaviour `name` to this registry: a profile naming it reads `keys` and becomes
    /// `make(numbers)`. Registering a name again replaces it; a built-in's name is refused.
    pub fn register<B, F>(&mut self, name: &str, keys: &[Key], make: F) -> Result<(), RegisterError>
    where
        B: AiBehavior + 'static,
        F: Fn(&Params) -> B + Send + Sync + 'static,
    {
        if Registry::builtin().get(name).is_some() {
            return Err(RegisterError::Builtin(name.into()));
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(RegisterError::BadName(name.into()));
        }
        let owned = name.to_string();
        let build: Build = Arc::new(move |p: &Params| {
            Behavior::Custom(CustomBehavior {
                name: owned.clone(),
                params: p.clone(),
                rule: Arc::new(Box::new(make(p)) as Box<dyn AiBehavior>),
            })
        });
        let entry = Entry {
            name: name.into(),
            keys: keys.to_vec(),
            build,
        };
        match self.entries.iter_mut().find(|e| e.name == name) {
            Some(e) => *e = entry,
            None => self.entries.push(entry),
        }
        Ok(())
    }
}

impl Default for Registry {
    fn default() -> Registry {
        Registry::builtin()
    }
}

/// The process's registry: what `profiles.toml` is read against.
static GLOBAL: RwLock<Option<Registry>> = RwLock::new(None);

/// Registers behaviour `name` for the whole program (see [`Registry::register`]); do it
/// before loading data that names it.
pub fn register<B, F>(name: &str, keys: &[Key], make: F) -> Result<(), RegisterError>
where
    B: AiBehavior + 'static,
    F: Fn(&Params) -> B + Send + Sync + 'static,
{
    let mut g = GLOBAL.write().unwrap_or_else(|e| e.into_inner());
    g.get_or_insert_with(Registry::builtin).register(name, keys, make)
}

/// A copy of the program's registry: the built-ins and everything [`register`]ed so far.
pub fn registry() -> Registry {
    let g = GLOBAL.read().unwrap_or_else(|e| e.into_inner());
    g.clone().unwrap_or_else(Registry::builtin)
}

/// Every behaviour name a profile may use now, built-ins first.
pub fn names() -> Vec<String> {
    registry().names()
}

// Here rather than beside `Profiles` (in `model`, which names nothing above it): reading
// goes through this registry.
#[cfg(feature = "serde")]
mod saved_profiles {
    //! Profiles as a save keeps them: the tables of `profiles.toml` as a list. Reading goes
    //! through the behaviour registry (where a game registers its own behaviours), so a
    //! saved profile comes back exactly as the loader would have built it.

    use super::KeyKind;
    use crate::ai::registry;
    use crate::model::profiles::{Behavior, MAX_DISTANCE, Param, Params, Profile, Profiles};
    use crate::search::grid::Pos;
    use serde::de::Error as _;
    use serde::ser::SerializeMap;
    use std::collections::BTreeMap;

    /// A profile's numbers in the order its behaviour declares them.
    fn numbers(b: &Behavior) -> Vec<(&str, Param)> {
        match b {
            Behavior::Custom(c) => c.params.list.iter().map(|(k, v)| (k.as_str(), *v)).collect(),
            Behavior::Charger => vec![],
            Behavior::Proximity { sight } => vec![("sight", Param::Int(*sight))],
            Behavior::GuardTrigger { trigger } => vec![("trigger", Param::Int(*trigger))],
            Behavior::PivotLeash { leash } => vec![("leash", Param::Int(*leash))],
            Behavior::KeepRange { sight, range } => {
                vec![("sight", Param::Int(*sight)), ("range", Param::Int(*range))]
            }
            Behavior::Advance { goal } => vec![("goal", Param::Cell(*goal))],
        }
    }

    // Wide enough for any number a file might hold, so that one out of range is refused
    // in the words below (naming the profile) rather than as "no variant matched".
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(untagged)]
    enum Value {
        Int(i64),
        Cell([i64; 2]),
    }

    struct Table<'a>(&'a Profile);

    impl serde::Serialize for Table<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let numbers = numbers(&self.0.behavior);
            let mut m = s.serialize_map(Some(2 + numbers.len()))?;
            m.serialize_entry("name", &self.0.name)?;
            m.serialize_entry("behavior", self.0.behavior.name())?;
            for (k, v) in numbers {
                match v {
                    Param::Int(i) => m.serialize_entry(k, &Value::Int(i64::from(i)))?,
                    Param::Cell(p) => m.serialize_entry(k, &Value::Cell([i64::from(p.x), i64::from(p.y)]))?,
                }
            }
            m.end()
        }
    }

    impl serde::Serialize for Profiles {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.list.iter().map(Table))
        }
    }

    #[derive(serde::Deserialize)]
    struct RawProfile {
        name: String,
        behavior: String,
        #[serde(flatten)]
        numbers: BTreeMap<String, Value>,
    }

    impl<'de> serde::Deserialize<'de> for Profiles {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Profiles, D::Error> {
            let raw = Vec::<RawProfile>::deserialize(d)?;
            let known = registry::registry();
            let mut out = Profiles::default();
            for mut r in raw {
                let name = &r.name;
                let Some(entry) = known.get(&r.behavior) else {
                    return Err(D::Error::custom(format!(
                        "profile '{name}': unknown behavior {:?} (known: {})",
                        r.behavior,
                        known.names().join(", ")
                    )));
                };
                let mut params = Params::default();
                for k in &entry.keys {
                    let v = r.numbers.remove(&k.name);
                    let within = |v: i64, min: i64| (min..=MAX_DISTANCE).contains(&v);
                    let ok = match (k.kind, v) {
                        (KeyKind::Number { min }, Some(Value::Int(v))) if within(v, i64::from(min)) => {
                            Some(Param::Int(v as u32))
                        }
                        (KeyKind::Cell, Some(Value::Cell([x, y]))) if within(x, 0) && within(y, 0) => {
                            Some(Param::Cell(Pos::new(x as i32, y as i32)))
                        }
                        _ => None,
                    };
                    match ok {
                        Some(p) => params.set(&k.name, p),
                        None => {
                            return Err(D::Error::custom(format!(
                                "profile '{name}': behavior '{}' needs `{}` as {}",
                                r.behavior,
                                k.name,
                                match k.kind {
                                    KeyKind::Number { min } => format!("a whole number {min}..={MAX_DISTANCE}"),
                                    KeyKind::Cell => format!("a cell [x, y], each 0..={MAX_DISTANCE}"),
                                }
                            )));
                        }
                    }
                }
                if let Some(extra) = r.numbers.keys().next() {
                    return Err(D::Error::custom(format!(
                        "profile '{name}': behavior '{}' does not take `{extra}`",
                        r.behavior
                    )));
                }
                let profile = Profile {
                    behavior: entry.build(&params),
                    name: r.name,
                };
                if out.get(&profile.name).is_some() {
                    return Err(D::Error::custom(format!("profile '{}' is given twice", profile.name)));
                }
                out.list.push(profile);
            }
            Ok(out)
        }
    }
}
