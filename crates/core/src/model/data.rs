//! A data set: terrain kinds, AI profiles and unit kinds, as one value.

use crate::model::profiles::Profiles;
use crate::model::registry::Registry;
use crate::model::terrain::TerrainSet;
use crate::model::units::{Growth, Kind, Kinds, Stats};
use std::path::PathBuf;

/// Terrain kinds and AI profiles, loaded together.
///
/// A bundle with open fields (but [`DataSet::dir`]'s): its terrain and profiles keep
/// themselves whole ([`TerrainSet`] and [`Profiles`] are sealed), and a battle checks a
/// scenario's units against them when it is built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataSet {
    /// The folder they came from.
    #[doc(hidden)]
    // Written by skirmish-data's loader (another crate, so not `pub(crate)`); read it with `DataSet::dir()`.
    pub dir: PathBuf,
    /// Terrain kinds and movement classes.
    pub terrain: TerrainSet,
    /// Enemy AI profiles.
    pub profiles: Profiles,
    /// Unit kinds (`units.toml`; a single built-in `soldier` when the file is absent).
    pub kinds: Kinds,
    /// The behaviours its profiles were read against: what a difficulty level or a `--set`
    /// that changes a profile's numbers reads the profile again with.
    pub registry: Registry,
}

impl DataSet {
    /// The folder it was read from (`data/` of a project), as messages show it.
    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }
}

/// The kinds used when a data folder has no `units.toml`.
pub fn builtin_kinds() -> Kinds {
    Kinds {
        list: vec![Kind {
            name: "soldier".into(),
            sprite: "soldier".into(),
            class: "foot".into(),
            movement: 5,
            stats: Stats {
                hp: 20,
                attack: 7,
                defense: 2,
                range_min: 1,
                range_max: 1,
            },
            growth: Growth::default(),
            odds: crate::model::units::Odds::default(),
            weapon: None,
            vision: crate::model::units::DEFAULT_VISION,
            heal: None,
            moves: Default::default(),
        }],
    }
}
