//! The behaviour names a profile may use, as a value: each name with the keys its table
//! takes (their kind, minimum and maximum) and how a profile's numbers become a
//! [`Behavior`]. A `DataSet` keeps the registry its profiles
//! were read against. The standard registry (the six built-ins and `support`) and adding a
//! game's own behaviour are in `ai::registry`, the layer that knows what a behaviour does.

use crate::model::profiles::{Behavior, MAX_DISTANCE, Params};
use std::sync::Arc;

/// What a key of a profile table holds. A number's bounds are its [`Key::min`] and [`Key::max`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    /// A Manhattan distance (sight, trigger, leash, range...).
    Distance,
    /// A count of something (turns, units, strides...).
    Count,
    /// A cell `[x, y]`, each coordinate `0..=`[`MAX_DISTANCE`].
    Cell,
}

impl KeyKind {
    /// How messages call a value of this kind: `"a distance"`, `"a count"`, `"a cell"`.
    ///
    /// ```
    /// use skirmish_core::model::registry::KeyKind;
    /// assert_eq!(KeyKind::Count.noun(), "a count");
    /// ```
    pub fn noun(self) -> &'static str {
        match self {
            KeyKind::Distance => "a distance",
            KeyKind::Count => "a count",
            KeyKind::Cell => "a cell",
        }
    }
}

/// A key a behaviour reads from its profile table; every declared key is required. Its
/// name and bounds are checked when the behaviour is registered (see [`RegisterError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    name: String,
    kind: KeyKind,
    min: u32,
    max: u32,
}

/// `MAX_DISTANCE` as the `u32` numbers are kept in (it is far below `u32::MAX`).
const MAX: u32 = MAX_DISTANCE as u32;

impl Key {
    /// A distance from `min` to `max` (`sight`, `leash`...).
    ///
    /// ```
    /// use skirmish_core::model::registry::{Key, KeyKind};
    /// let k = Key::distance("sight", 0, 20);
    /// assert_eq!((k.name(), k.kind(), k.min(), k.max()), ("sight", KeyKind::Distance, 0, 20));
    /// ```
    pub fn distance(name: &str, min: u32, max: u32) -> Key {
        Key {
            name: name.into(),
            kind: KeyKind::Distance,
            min,
            max,
        }
    }

    /// A count from `min` to `max` (turns to wait, allies to call...).
    ///
    /// ```
    /// use skirmish_core::model::registry::{Key, KeyKind};
    /// assert_eq!(Key::count("patience", 1, 9).describe(), "a count 1..=9");
    /// ```
    pub fn count(name: &str, min: u32, max: u32) -> Key {
        Key {
            name: name.into(),
            kind: KeyKind::Count,
            min,
            max,
        }
    }

    /// A cell `[x, y]`, each coordinate `0..=`[`MAX_DISTANCE`].
    ///
    /// ```
    /// use skirmish_core::model::registry::{Key, KeyKind};
    /// assert_eq!(Key::cell("goal").kind(), KeyKind::Cell);
    /// ```
    pub fn cell(name: &str) -> Key {
        Key {
            name: name.into(),
            kind: KeyKind::Cell,
            min: 0,
            max: MAX,
        }
    }

    /// The key as written in the table.
    ///
    /// ```
    /// use skirmish_core::model::registry::Key;
    /// assert_eq!(Key::cell("goal").name(), "goal");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it holds.
    ///
    /// ```
    /// use skirmish_core::model::registry::{Key, KeyKind};
    /// assert_eq!(Key::count("n", 0, 3).kind(), KeyKind::Count);
    /// ```
    pub fn kind(&self) -> KeyKind {
        self.kind
    }

    /// The smallest value accepted (of each coordinate, for a cell).
    ///
    /// ```
    /// use skirmish_core::model::registry::Key;
    /// assert_eq!(Key::distance("leash", 1, 50).min(), 1);
    /// ```
    pub fn min(&self) -> u32 {
        self.min
    }

    /// The largest value accepted (of each coordinate, for a cell).
    ///
    /// ```
    /// use skirmish_core::model::registry::Key;
    /// use skirmish_core::model::profiles::MAX_DISTANCE;
    /// assert_eq!(i64::from(Key::cell("goal").max()), MAX_DISTANCE);
    /// ```
    pub fn max(&self) -> u32 {
        self.max
    }

    /// Whether `v` is a value this key accepts (a number key; a cell's coordinate).
    ///
    /// ```
    /// use skirmish_core::model::registry::Key;
    /// let k = Key::distance("range", 1, 6);
    /// assert!(k.accepts(6) && !k.accepts(0) && !k.accepts(7));
    /// ```
    pub fn accepts(&self, v: i64) -> bool {
        (i64::from(self.min)..=i64::from(self.max)).contains(&v)
    }

    /// What the key holds, in the words of messages: `"a distance 0..=10000"`, `"a count
    /// 1..=9"`, `"a cell [x, y], each 0..=10000"`.
    ///
    /// ```
    /// use skirmish_core::model::registry::Key;
    /// assert_eq!(Key::distance("sight", 0, 12).describe(), "a distance 0..=12");
    /// assert_eq!(Key::cell("goal").describe(), "a cell [x, y], each 0..=10000");
    /// ```
    pub fn describe(&self) -> String {
        match self.kind {
            KeyKind::Cell => format!("a cell [x, y], each {}..={}", self.min, self.max),
            k => format!("{} {}..={}", k.noun(), self.min, self.max),
        }
    }
}

/// How an entry turns a profile's numbers into a [`Behavior`].
pub(crate) type Build = Arc<dyn Fn(&Params) -> Behavior + Send + Sync>;

/// One behaviour name: the keys its table takes and how a profile's numbers become a
/// [`Behavior`].
#[derive(Clone)]
pub struct Entry {
    pub(crate) name: String,
    pub(crate) keys: Vec<Key>,
    pub(crate) build: Build,
}

impl Entry {
    /// `behavior = "NAME"`.
    ///
    /// ```
    /// use skirmish_core::ai::registry::Registry;
    /// assert_eq!(Registry::standard().entries()[0].name(), "charger");
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The keys its table takes, in the order they are read.
    ///
    /// ```
    /// use skirmish_core::ai::registry::Registry;
    /// let r = Registry::standard();
    /// let keys: Vec<&str> = r.get("keep_range").unwrap().keys().iter().map(|k| k.name()).collect();
    /// assert_eq!(keys, ["sight", "range"]);
    /// ```
    pub fn keys(&self) -> &[Key] {
        &self.keys
    }

    /// The behaviour of a profile with these numbers. The loaders check the numbers against
    /// [`Entry::keys`] first; [`Entry::try_build`] checks them here.
    ///
    /// ```
    /// use skirmish_core::ai::registry::Registry;
    /// use skirmish_core::model::profiles::{Behavior, Param, Params};
    /// let mut n = Params::default();
    /// n.set("sight", Param::Int(7));
    /// let b = Registry::standard().get("proximity").unwrap().build(&n);
    /// assert_eq!(b, Behavior::Proximity { sight: 7 });
    /// ```
    pub fn build(&self, params: &Params) -> Behavior {
        (self.build)(params)
    }

    /// [`Entry::build`] after checking that `params` holds exactly the declared keys, each of
    /// its kind and within its bounds; the error names the first key that does not fit.
    ///
    /// ```
    /// use skirmish_core::ai::registry::Registry;
    /// use skirmish_core::model::profiles::{Param, Params};
    /// let r = Registry::standard();
    /// let leash = r.get("pivot_leash").unwrap();
    /// let mut n = Params::default();
    /// assert_eq!(leash.try_build(&n).unwrap_err(), "behavior 'pivot_leash' needs `leash` as a distance 1..=10000");
    /// n.set("leash", Param::Int(0));
    /// assert!(leash.try_build(&n).is_err());
    /// n.set("leash", Param::Int(6));
    /// assert!(leash.try_build(&n).is_ok());
    /// ```
    pub fn try_build(&self, params: &Params) -> Result<Behavior, String> {
        use crate::model::profiles::Param;
        for k in &self.keys {
            let fits = match (k.kind, params.get(&k.name)) {
                (KeyKind::Cell, Some(Param::Cell(p))) => k.accepts(i64::from(p.x)) && k.accepts(i64::from(p.y)),
                (KeyKind::Distance | KeyKind::Count, Some(Param::Int(v))) => k.accepts(i64::from(v)),
                _ => false,
            };
            if !fits {
                return Err(format!(
                    "behavior '{}' needs `{}` as {}",
                    self.name,
                    k.name,
                    k.describe()
                ));
            }
        }
        if let Some((extra, _)) = params
            .list
            .iter()
            .find(|(n, _)| !self.keys.iter().any(|k| &k.name == n))
        {
            return Err(format!("behavior '{}' does not take `{extra}`", self.name));
        }
        Ok(self.build(params))
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
    /// The name is one of the standard registry's (the six built-ins and `support`).
    Builtin(String),
    /// The name cannot be written as a TOML string a designer would type (empty, spaces...).
    BadName(String),
    /// A key has a name a table cannot use: empty, not letters, digits, `_` and `-`, or
    /// `behavior` (the key that names the behaviour itself).
    BadKey {
        /// The behaviour.
        behavior: String,
        /// The key.
        key: String,
    },
    /// Two keys of one behaviour have the same name.
    DuplicateKey {
        /// The behaviour.
        behavior: String,
        /// The key given twice.
        key: String,
    },
    /// A key's bounds are impossible: its minimum above its maximum, or either above
    /// [`MAX_DISTANCE`].
    KeyBounds {
        /// The behaviour.
        behavior: String,
        /// The key.
        key: String,
        /// Its minimum.
        min: u32,
        /// Its maximum.
        max: u32,
    },
}

impl std::fmt::Display for RegisterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegisterError::Builtin(n) => write!(f, "behavior {n:?} is built in and cannot be replaced"),
            RegisterError::BadName(n) => {
                write!(f, "behavior name {n:?}: use letters, digits, `_` and `-` only")
            }
            RegisterError::BadKey { behavior, key } => write!(
                f,
                "behavior {behavior:?}: key {key:?}: use letters, digits, `_` and `-` only, and not `behavior`"
            ),
            RegisterError::DuplicateKey { behavior, key } => {
                write!(f, "behavior {behavior:?}: key {key:?} is declared twice")
            }
            RegisterError::KeyBounds {
                behavior,
                key,
                min,
                max,
            } => write!(
                f,
                "behavior {behavior:?}: key {key:?} has bounds {min}..={max} (the minimum must be at most the maximum, both at most {MAX_DISTANCE})"
            ),
        }
    }
}

impl std::error::Error for RegisterError {}

/// A name a designer can write bare: letters, digits, `_` and `-`.
fn well_formed(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Every behaviour name a profile may use, in the order they were added. Made with
/// `Registry::standard()` (in `ai::registry`), grown with `Registry::register`, and handed
/// to the loaders; nothing is kept anywhere else. Two registries are equal when they hold
/// the same names with the same keys.
#[derive(Clone)]
pub struct Registry {
    pub(crate) entries: Vec<Entry>,
}

impl Registry {
    /// The entry named `name`.
    ///
    /// ```
    /// use skirmish_core::ai::registry::Registry;
    /// assert!(Registry::standard().get("support").is_some());
    /// assert!(Registry::standard().get("chargr").is_none());
    /// ```
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// Every name, in the order they were added (the standard ones first).
    ///
    /// ```
    /// use skirmish_core::ai::registry::Registry;
    /// assert_eq!(Registry::standard().names().last().map(String::as_str), Some("support"));
    /// ```
    pub fn names(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.name.clone()).collect()
    }

    /// Every entry.
    ///
    /// ```
    /// use skirmish_core::ai::registry::Registry;
    /// assert_eq!(Registry::standard().entries().len(), 7);
    /// ```
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Checks a new entry's name and keys, then adds it, or replaces the entry of the same
    /// name; `fixed` are names that may not be replaced.
    pub(crate) fn add(&mut self, entry: Entry, fixed: &[&str]) -> Result<(), RegisterError> {
        let name = entry.name.clone();
        if fixed.contains(&name.as_str()) {
            return Err(RegisterError::Builtin(name));
        }
        if !well_formed(&name) {
            return Err(RegisterError::BadName(name));
        }
        for (i, k) in entry.keys.iter().enumerate() {
            if !well_formed(&k.name) || k.name == "behavior" {
                return Err(RegisterError::BadKey {
                    behavior: name,
                    key: k.name.clone(),
                });
            }
            if entry.keys[..i].iter().any(|o| o.name == k.name) {
                return Err(RegisterError::DuplicateKey {
                    behavior: name,
                    key: k.name.clone(),
                });
            }
            if k.min > k.max || k.max > MAX {
                return Err(RegisterError::KeyBounds {
                    behavior: name,
                    key: k.name.clone(),
                    min: k.min,
                    max: k.max,
                });
            }
        }
        match self.entries.iter_mut().find(|e| e.name == name) {
            Some(e) => *e = entry,
            None => self.entries.push(entry),
        }
        Ok(())
    }
}

impl PartialEq for Registry {
    fn eq(&self, other: &Registry) -> bool {
        self.entries.len() == other.entries.len()
            && self
                .entries
                .iter()
                .zip(&other.entries)
                .all(|(a, b)| a.name == b.name && a.keys == b.keys)
    }
}

impl Eq for Registry {}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.entries).finish()
    }
}
