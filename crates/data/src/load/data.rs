//! The designer-edited data set: `terrain.toml` and `profiles.toml` of one `data/` folder.

use crate::load::diag::{Diagnostics, Source};
use crate::load::profiles::Profiles;
use crate::load::terrain::TerrainSet;
use crate::load::units::{self, Kinds};
use crate::load::{profiles, terrain};
use skirmish_core::ai::registry::Registry;
pub use skirmish_core::model::data::*;
use std::path::Path;

/// The parts of a data folder that loaded, when some did not (for `check`, which goes on
/// checking what it can).
#[derive(Debug, Clone, Default)]
pub struct DataParts {
    /// `terrain.toml`, if valid.
    pub terrain: Option<TerrainSet>,
    /// `profiles.toml`, if valid.
    pub profiles: Option<Profiles>,
    /// `units.toml` (or the built-in kinds when absent), if valid and checked against the terrain's classes.
    pub kinds: Option<Kinds>,
}

/// Loads `dir/terrain.toml`, `dir/profiles.toml` and `dir/units.toml` (optional),
/// reporting every problem in all of them; `behavior = "NAME"` is read against `registry`
/// (kept in the data set).
///
/// ```
/// use skirmish_core::ai::registry::Registry;
/// use std::path::Path;
/// let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
/// let data = skirmish_data::load::data::load(&dir, &Registry::standard()).unwrap();
/// assert!(data.profiles.get("archer").is_some());
/// ```
pub fn load(dir: &Path, registry: &Registry) -> Result<DataSet, Diagnostics> {
    match load_parts(dir, registry) {
        (
            DataParts {
                terrain: Some(terrain),
                profiles: Some(profiles),
                kinds: Some(kinds),
            },
            errs,
        ) if errs.is_empty() => Ok(DataSet {
            dir: dir.to_path_buf(),
            terrain,
            profiles,
            kinds,
            registry: registry.clone(),
        }),
        (_, errs) => Err(errs),
    }
}

/// Loads each file of `dir` independently: every file's own errors are reported even
/// when another is broken (`units.toml` is checked for syntax and numbers without a
/// valid `terrain.toml`, and for its class names only with one).
///
/// ```
/// use skirmish_core::ai::registry::Registry;
/// use std::path::Path;
/// let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
/// let (parts, errs) = skirmish_data::load::data::load_parts(&dir, &Registry::standard());
/// assert!(errs.is_empty() && parts.profiles.is_some());
/// ```
pub fn load_parts(dir: &Path, registry: &Registry) -> (DataParts, Diagnostics) {
    let mut errs = Diagnostics::default();
    let terrain = Source::read(&dir.join("terrain.toml"))
        .map_err(Diagnostics::from)
        .and_then(|s| terrain::parse(&s))
        .map_err(|e| errs.extend(e))
        .ok();
    let profiles = Source::read(&dir.join("profiles.toml"))
        .map_err(Diagnostics::from)
        .and_then(|s| profiles::parse(&s, registry))
        .map_err(|e| errs.extend(e))
        .ok();
    // weapons.toml is optional (no file: no weapons); its classes are the terrain's.
    let weapons_path = dir.join("weapons.toml");
    let weapons = if !weapons_path.exists() && std::fs::symlink_metadata(&weapons_path).is_err() {
        Some(crate::load::weapons::Weapons::default())
    } else {
        Source::read(&weapons_path)
            .map_err(Diagnostics::from)
            .and_then(|s| match &terrain {
                Some(t) => crate::load::weapons::parse(&s, t.classes()).map(Some),
                None => Ok(None),
            })
            .map_err(|e| errs.extend(e))
            .ok()
            .flatten()
    };
    let units_path = dir.join("units.toml");
    let kinds = if !units_path.exists() && std::fs::symlink_metadata(&units_path).is_err() {
        Some(builtin_kinds())
    } else {
        let parsed = Source::read(&units_path)
            .map_err(Diagnostics::from)
            .and_then(|s| match (&terrain, &weapons) {
                (Some(t), Some(w)) => units::parse_with_weapons(&s, t.classes(), w),
                (Some(t), None) => units::parse(&s, t.classes()),
                (None, _) => units::parse_without_classes(&s),
            });
        match parsed {
            // Without valid weapons the kinds lack theirs: the data set is not whole.
            Ok(k) if terrain.is_some() && weapons.is_some() => Some(k),
            Ok(_) => None,
            Err(e) => {
                errs.extend(e);
                None
            }
        }
    };
    (
        DataParts {
            terrain,
            profiles,
            kinds,
        },
        errs,
    )
}
