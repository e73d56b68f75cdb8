//! `skirmish check`: every error of every file in one run.

use super::*;

pub(super) fn list_dir(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

pub(super) fn check(files: &[PathBuf], data_override: Option<PathBuf>) -> Outcome {
    let mut errs = Diagnostics::default();
    if files.is_empty() {
        let data_dir = data_override.clone().unwrap_or_else(|| find_default("data"));
        let maps_dir = find_default("maps");
        match DataSet::load(&data_dir) {
            Err(e) => errs.extend(e),
            Ok(data) => {
                for f in list_dir(&maps_dir, "txt") {
                    if let Err(e) = check_map(&f, &data.terrain) {
                        errs.extend(e);
                    }
                }
                for f in list_dir(&maps_dir, "toml") {
                    if let Err(e) = Scenario::load(&f, &data) {
                        errs.extend(e);
                    }
                }
            }
        }
    }
    for f in files {
        if let Err(e) = check_file(f, data_override.as_deref()) {
            errs.extend(e);
        }
    }
    if errs.is_empty() {
        // Exactly `ok`, as the contract says: scripts compare it.
        ok("ok\n".to_string())
    } else {
        fail(errs)
    }
}

pub(super) fn check_map(f: &Path, terrain: &TerrainSet) -> Result<TerrainMap, Diagnostics> {
    let src = Source::read(f)?;
    TerrainMap::parse(&src, terrain)
}

pub(super) fn data_dir_for(f: &Path, data_override: Option<&Path>) -> PathBuf {
    data_override
        .map(Path::to_path_buf)
        .unwrap_or_else(|| default_data_dir(f))
}

pub(super) fn check_file(f: &Path, data_override: Option<&Path>) -> Result<(), Diagnostics> {
    let name = f
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = f
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name == "terrain.toml" {
        TerrainSet::parse(&Source::read(f)?).map(|_| ())
    } else if name == "profiles.toml" {
        Profiles::parse(&Source::read(f)?).map(|_| ())
    } else if ext == "txt" {
        let dir = data_override
            .map(Path::to_path_buf)
            .unwrap_or_else(|| f.parent().unwrap_or(Path::new("")).join("..").join("data"));
        let terrain = TerrainSet::parse(&Source::read(&dir.join("terrain.toml"))?)?;
        check_map(f, &terrain).map(|_| ())
    } else if ext == "toml" {
        let data = DataSet::load(&data_dir_for(f, data_override))?;
        Scenario::load(f, &data).map(|_| ())
    } else {
        Err(Diagnostic {
            path: display_path(f),
            line: 1,
            col: 1,
            message: "unknown kind of file: expected terrain.toml, profiles.toml, a map (.txt) or a scenario (.toml)"
                .into(),
        }
        .into())
    }
}
