//! The designer-edited data set: `terrain.toml` and `profiles.toml` of one `data/` folder.

use crate::diag::{Diagnostics, Source};
use crate::profile::Profiles;
use crate::terrain::TerrainSet;
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
}

impl DataSet {
    /// Loads `dir/terrain.toml` and `dir/profiles.toml`, reporting every problem in both.
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
        match (terrain, profiles) {
            (Some(terrain), Some(profiles)) => Ok(DataSet {
                dir: dir.to_path_buf(),
                terrain,
                profiles,
            }),
            _ => Err(errs),
        }
    }
}
