//! The designer-edited data set: `terrain.toml` and `profiles.toml` of one `data/` folder.

use crate::load::diag::{Diagnostics, Source};
use crate::load::profiles::Profiles;
use crate::load::terrain::TerrainSet;
use crate::load::units::{Kind, Kinds, Stats};
use std::path::{Path, PathBuf};

/// Terrain kinds and AI profiles, loaded together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataSet {
    /// The folder they came from.
    pub dir: PathBuf,
    /// Terrain kinds and movement classes.
    pub terrain: TerrainSet,
    /// Enemy AI profiles.
    pub profiles: Profiles,
    /// Unit kinds (`units.toml`; a single built-in `soldier` when the file is absent).
    pub kinds: Kinds,
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
        }],
    }
}

impl DataSet {
    /// Loads `dir/terrain.toml`, `dir/profiles.toml` and `dir/units.toml` (optional),
    /// reporting every problem in all of them.
    pub fn load(dir: &Path) -> Result<DataSet, Diagnostics> {
        let mut errs = Diagnostics::default();
        let terrain = Source::read(&dir.join("terrain.toml"))
            .map_err(Diagnostics::from)
            .and_then(|s| TerrainSet::parse(&s));
        let profiles = Source::read(&dir.join("profiles.toml"))
            .map_err(Diagnostics::from)
            .and_then(|s| Profiles::parse(&s));
        let terrain = terrain.map_err(|e| errs.extend(e)).ok();
        let profiles = profiles.map_err(|e| errs.extend(e)).ok();
        let units_path = dir.join("units.toml");
        let kinds = match (&terrain, units_path.exists()) {
            (_, false) => Some(builtin_kinds()),
            (None, true) => None,
            (Some(t), true) => Source::read(&units_path)
                .map_err(Diagnostics::from)
                .and_then(|s| Kinds::parse(&s, &t.classes))
                .map_err(|e| errs.extend(e))
                .ok(),
        };
        match (terrain, profiles, kinds) {
            (Some(terrain), Some(profiles), Some(kinds)) => Ok(DataSet {
                dir: dir.to_path_buf(),
                terrain,
                profiles,
                kinds,
            }),
            _ => Err(errs),
        }
    }
}
