//! The behaviours a profile may name, as a value: [`Registry::standard`] holds the six
//! built-ins and `support`; a game adds its own with [`Registry::register`] and hands the
//! registry to the loaders (`skirmish_data::load::data::load(dir, &registry)`).
//! `behavior = "NAME"` in `profiles.toml` resolves through it; an unknown name is a located
//! error listing [`Registry::names`]. Nothing is kept process-wide: two registries in one
//! program (two tests, two games) never see each other's names.
//!
//! ```
//! use skirmish_core::ai::registry::{Key, Registry};
//! use skirmish_core::ai::{AiBehavior, Decision, Why};
//! use skirmish_core::rules::{Battle, Caches, UnitId};
//!
//! struct Statue;
//! impl AiBehavior for Statue {
//!     fn decide(&self, b: &Battle, _c: &mut Caches, id: UnitId, label: String) -> Decision {
//!         Decision::stay(b, id, label, Why::Nothing)
//!     }
//! }
//! // Once, at start-up: `behavior = "statue"` (with `patience = N`, 1 to 9) now loads
//! // through this registry.
//! let mut registry = Registry::standard();
//! registry.register("statue", &[Key::count("patience", 1, 9)], |_params| Statue).unwrap();
//! assert!(registry.names().contains(&"statue".to_string()));
//! assert!(Registry::standard().get("statue").is_none());
//! ```

use super::AiBehavior;
use super::support::Support;
use crate::model::profiles::{Behavior, CustomBehavior, MAX_DISTANCE, Params};
use crate::model::registry::Build;
pub use crate::model::registry::{Entry, Key, KeyKind, RegisterError, Registry};
use std::sync::Arc;

/// The names of [`Registry::standard`]: they cannot be registered again.
pub const STANDARD: [&str; 7] = [
    "charger",
    "proximity",
    "guard_trigger",
    "pivot_leash",
    "keep_range",
    "advance",
    "support",
];

/// A registered behaviour's entry: a profile naming it becomes `Behavior::Custom` with its
/// numbers and the rule `make` builds from them.
fn custom<B, F>(name: &str, keys: &[Key], make: F) -> Entry
where
    B: AiBehavior + 'static,
    F: Fn(&Params) -> B + Send + Sync + 'static,
{
    let owned = name.to_string();
    let build: Build = Arc::new(move |p: &Params| {
        Behavior::Custom(CustomBehavior {
            name: owned.clone(),
            params: p.clone(),
            rule: Arc::new(Box::new(make(p)) as Box<dyn AiBehavior>),
        })
    });
    Entry {
        name: name.into(),
        keys: keys.to_vec(),
        build,
    }
}

impl Registry {
    /// The standard behaviours: the six built-ins (`charger`, `proximity`, `guard_trigger`,
    /// `pivot_leash`, `keep_range`, `advance`) and `support`, the healers' behaviour. The
    /// shipped `data/` loads with it.
    ///
    /// ```
    /// use skirmish_core::ai::registry::{KeyKind, Registry};
    /// let r = Registry::standard();
    /// assert_eq!(r.names(), ["charger", "proximity", "guard_trigger", "pivot_leash", "keep_range", "advance", "support"]);
    /// assert_eq!(r.get("advance").unwrap().keys()[0].kind(), KeyKind::Cell);
    /// ```
    pub fn standard() -> Registry {
        let max = MAX_DISTANCE as u32;
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
                    vec![Key::distance("sight", 0, max)],
                    Arc::new(move |p| Behavior::Proximity { sight: n(p, "sight") }),
                ),
                entry(
                    "guard_trigger",
                    vec![Key::distance("trigger", 0, max)],
                    Arc::new(move |p| Behavior::GuardTrigger {
                        trigger: n(p, "trigger"),
                    }),
                ),
                entry(
                    "pivot_leash",
                    vec![Key::distance("leash", 1, max)],
                    Arc::new(move |p| Behavior::PivotLeash { leash: n(p, "leash") }),
                ),
                entry(
                    "keep_range",
                    vec![Key::distance("sight", 0, max), Key::distance("range", 1, max)],
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
                custom("support", &[], |_| Support),
            ],
        }
    }

    /// Adds behaviour `name` to this registry: a profile naming it reads `keys` and becomes
    /// `make(numbers)`. Registering a name again replaces it. Refused: a standard name, a
    /// name or key a designer could not write bare (letters, digits, `_`, `-`), a key named
    /// `behavior`, a key declared twice, and bounds with the minimum above the maximum or
    /// either above [`MAX_DISTANCE`].
    ///
    /// ```
    /// use skirmish_core::ai::registry::{Key, RegisterError, Registry};
    /// use skirmish_core::ai::{AiBehavior, Decision, Why};
    /// use skirmish_core::rules::{Battle, Caches, UnitId};
    /// struct Statue;
    /// impl AiBehavior for Statue {
    ///     fn decide(&self, b: &Battle, _c: &mut Caches, id: UnitId, label: String) -> Decision {
    ///         Decision::stay(b, id, label, Why::Nothing)
    ///     }
    /// }
    /// let mut r = Registry::standard();
    /// assert!(r.register("statue", &[Key::distance("sight", 0, 12)], |_| Statue).is_ok());
    /// let e = r.register("statue", &[Key::count("behavior", 0, 3)], |_| Statue).unwrap_err();
    /// assert!(matches!(e, RegisterError::BadKey { .. }));
    /// let twice = [Key::count("n", 0, 3), Key::distance("n", 0, 3)];
    /// assert!(matches!(r.register("statue", &twice, |_| Statue), Err(RegisterError::DuplicateKey { .. })));
    /// let e = r.register("statue", &[Key::distance("far", 20_000, 30_000)], |_| Statue).unwrap_err();
    /// assert!(matches!(e, RegisterError::KeyBounds { .. }));
    /// assert_eq!(r.register("support", &[], |_| Statue), Err(RegisterError::Builtin("support".into())));
    /// ```
    pub fn register<B, F>(&mut self, name: &str, keys: &[Key], make: F) -> Result<(), RegisterError>
    where
        B: AiBehavior + 'static,
        F: Fn(&Params) -> B + Send + Sync + 'static,
    {
        self.add(custom(name, keys, make), &STANDARD)
    }
}

impl Default for Registry {
    /// [`Registry::standard`].
    fn default() -> Registry {
        Registry::standard()
    }
}

// Here rather than beside `Profiles` (in `model`, which names nothing above it): reading
// goes through this registry.
#[cfg(feature = "serde")]
mod saved_profiles {
    //! Profiles as a save keeps them: the tables of `profiles.toml` as a list. Reading goes
    //! through the behaviour registry (where a game registers its own behaviours), so a
    //! saved profile comes back exactly as the loader would have built it.

    use super::{KeyKind, Registry};
    use crate::model::profiles::{Behavior, Param, Params, Profile, Profiles};
    use crate::search::grid::Pos;
    use serde::Deserialize as _;
    use serde::de::DeserializeSeed as _;
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

    /// Profiles read back through `registry`, checked as the loader checks the file.
    fn read(raw: Vec<RawProfile>, known: &Registry) -> Result<Profiles, String> {
        let mut out = Profiles::default();
        for mut r in raw {
            let name = &r.name;
            let Some(entry) = known.get(&r.behavior) else {
                return Err(format!(
                    "profile '{name}': unknown behavior {:?} (known: {})",
                    r.behavior,
                    known.names().join(", ")
                ));
            };
            let mut params = Params::default();
            for k in entry.keys() {
                let v = r.numbers.remove(k.name());
                let ok = match (k.kind(), v) {
                    (KeyKind::Distance | KeyKind::Count, Some(Value::Int(v))) if k.accepts(v) => {
                        Some(Param::Int(v as u32))
                    }
                    (KeyKind::Cell, Some(Value::Cell([x, y]))) if k.accepts(x) && k.accepts(y) => {
                        Some(Param::Cell(Pos::new(x as i32, y as i32)))
                    }
                    _ => None,
                };
                match ok {
                    Some(p) => params.set(k.name(), p),
                    None => {
                        return Err(format!(
                            "profile '{name}': behavior '{}' needs `{}` as {}",
                            r.behavior,
                            k.name(),
                            k.describe()
                        ));
                    }
                }
            }
            if let Some(extra) = r.numbers.keys().next() {
                return Err(format!(
                    "profile '{name}': behavior '{}' does not take `{extra}`",
                    r.behavior
                ));
            }
            let profile = Profile {
                behavior: entry.build(&params),
                name: r.name,
            };
            if out.get(&profile.name).is_some() {
                return Err(format!("profile '{}' is given twice", profile.name));
            }
            out.list.push(profile);
        }
        Ok(out)
    }

    /// Read with [`Registry::standard`]; a game with behaviours of its own reads through
    /// [`ProfilesIn`].
    impl<'de> serde::Deserialize<'de> for Profiles {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Profiles, D::Error> {
            ProfilesIn(&Registry::standard()).deserialize(d)
        }
    }

    /// Profiles read back through a registry of the game's (a [`serde::de::DeserializeSeed`]):
    /// a behaviour the registry does not hold is refused, naming the profile.
    ///
    /// ```
    /// use serde::de::DeserializeSeed;
    /// use skirmish_core::ai::registry::{ProfilesIn, Registry};
    /// let json = r#"[{"name": "medic", "behavior": "support"}]"#;
    /// let mut de = serde_json::Deserializer::from_str(json);
    /// let p = ProfilesIn(&Registry::standard()).deserialize(&mut de).unwrap();
    /// assert_eq!(p.get("medic").unwrap().behavior.name(), "support");
    /// ```
    #[derive(Debug, Clone, Copy)]
    pub struct ProfilesIn<'a>(pub &'a Registry);

    impl<'de> serde::de::DeserializeSeed<'de> for ProfilesIn<'_> {
        type Value = Profiles;

        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Profiles, D::Error> {
            let raw = Vec::<RawProfile>::deserialize(d)?;
            read(raw, self.0).map_err(D::Error::custom)
        }
    }
}

#[cfg(feature = "serde")]
pub use saved_profiles::ProfilesIn;
