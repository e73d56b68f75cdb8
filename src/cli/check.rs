//! `skirmish check`: every error of every file in one run.

use super::*;
use crate::io::files::list_files as list_dir;
use crate::load::data::DataParts;

pub(super) fn check(files: &[PathBuf], data_override: Option<PathBuf>) -> Outcome {
    let mut errs = Diagnostics::default();
    if files.is_empty() {
        let data_dir = data_override.clone().unwrap_or_else(|| find_default("data"));
        let maps_dir = find_default("maps");
        // Each file of data/ is checked on its own, then the maps against whatever loaded:
        // one broken file must not hide the errors of the others.
        let (parts, data_errs) = crate::load::data::load_parts(&data_dir);
        errs.extend(data_errs);
        if let Some(terrain) = &parts.terrain {
            for f in list_dir(&maps_dir, "txt") {
                if let Err(e) = check_map(&f, terrain) {
                    errs.extend(e);
                }
            }
        }
        let data = match parts {
            DataParts {
                terrain: Some(terrain),
                profiles: Some(profiles),
                kinds: Some(kinds),
            } => Some(DataSet {
                dir: data_dir.clone(),
                terrain,
                profiles,
                kinds,
            }),
            _ => None,
        };
        for f in list_dir(&maps_dir, "toml") {
            let checked = match &data {
                Some(data) => crate::load::scenario::load(&f, data).map(|_| ()),
                None => Source::read(&f)
                    .map_err(Diagnostics::from)
                    .and_then(|s| crate::load::scenario::check_syntax(&s)),
            };
            if let Err(e) = checked {
                errs.extend(e);
            }
        }
        // The designers' AI expectations beside maps/, when there are any.
        let ai_dir = maps_dir.parent().unwrap_or(Path::new("")).join("tests").join("ai");
        if ai_dir.is_dir() {
            for f in list_dir(&ai_dir, "toml") {
                if let Err(e) = check_expectation(&f, data_override.as_deref(), &data_dir) {
                    errs.extend(e);
                }
            }
        }
    }
    let mut notes = Vec::new();
    for f in files {
        if let Err(e) = check_file(f, data_override.as_deref(), &mut notes) {
            errs.extend(e);
        }
    }
    let outcome = if errs.is_empty() {
        // Exactly `ok`, as the contract says: scripts compare it.
        ok("ok\n".to_string())
    } else {
        fail(errs)
    };
    let notes: String = notes.concat();
    noted(outcome, (!notes.is_empty()).then_some(notes))
}

pub(super) fn check_map(f: &Path, terrain: &TerrainSet) -> Result<TerrainMap, Diagnostics> {
    let src = Source::read(f)?;
    crate::load::map::parse(&src, terrain)
}

/// The kinds of file `check` knows, as listed when it meets another.
const KINDS: &str = "expected terrain.toml, profiles.toml or units.toml (a data folder's tables), \
a scenario (.toml with a `map` key, in maps/), a map (.txt) \
or an AI expectation file (.toml with `[[expect]]`, `picture` or `scenario`, in tests/ai/)";

/// What kind of file `f` is, from its name, its folder and (for another `.toml`) whether
/// it has a scenario's `map` key.
enum FileKind {
    Terrain,
    Profiles,
    Units,
    Map,
    Scenario,
    /// An AI expectation file (`skirmish test`'s input).
    Expectation,
}

fn kind_of(f: &Path) -> Result<FileKind, Diagnostics> {
    let name = f
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = f
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    let in_maps = f.parent().and_then(Path::file_name).is_some_and(|d| d == "maps");
    let in_ai = f.parent().and_then(Path::file_name).is_some_and(|d| d == "ai");
    let unknown = |what: &str| -> Diagnostics {
        Diagnostic {
            path: display_path(f),
            line: 1,
            col: 1,
            message: format!("unknown kind of file ({what}): {KINDS}"),
        }
        .into()
    };
    match (name.as_str(), ext.as_str()) {
        ("terrain.toml", _) => Ok(FileKind::Terrain),
        ("profiles.toml", _) => Ok(FileKind::Profiles),
        ("units.toml", _) => Ok(FileKind::Units),
        (_, "txt") => Ok(FileKind::Map),
        (_, "toml") if in_maps => Ok(FileKind::Scenario),
        (_, "toml") if in_ai => Ok(FileKind::Expectation),
        (_, "toml") => {
            let src = Source::read(f)?;
            let table: toml::Table = src.parse_toml()?;
            if ["expect", "picture", "scenario"].iter().any(|k| table.contains_key(*k)) {
                Ok(FileKind::Expectation)
            } else if table.contains_key("map") {
                Ok(FileKind::Scenario)
            } else {
                Err(unknown("a .toml that is no data table and has no scenario `map` key"))
            }
        }
        _ => Err(unknown("neither .toml nor .txt")),
    }
}

pub(super) fn check_file(f: &Path, data_override: Option<&Path>, notes: &mut Vec<String>) -> Result<(), Diagnostics> {
    match kind_of(f)? {
        FileKind::Terrain => crate::load::terrain::parse(&Source::read(f)?).map(|_| ()),
        FileKind::Profiles => crate::load::profiles::parse(&Source::read(f)?).map(|_| ()),
        FileKind::Units => {
            // Class names are checked against the terrain table beside it (or --data's);
            // the file's own syntax and numbers are checked even when that table is broken.
            let dir = data_override
                .map(Path::to_path_buf)
                .unwrap_or_else(|| f.parent().unwrap_or(Path::new("")).to_path_buf());
            let src = Source::read(f)?;
            let terrain = Source::read(&dir.join("terrain.toml"))
                .map_err(Diagnostics::from)
                .and_then(|s| crate::load::terrain::parse(&s));
            match terrain {
                Ok(t) => crate::load::units::parse(&src, &t.classes).map(|_| ()),
                Err(mut e) => {
                    if let Err(own) = crate::load::units::parse_without_classes(&src) {
                        e.0.splice(0..0, own.0);
                    }
                    Err(e)
                }
            }
        }
        FileKind::Map => {
            let dir = data_override
                .map(Path::to_path_buf)
                .unwrap_or_else(|| f.parent().unwrap_or(Path::new("")).join("..").join("data"));
            let terrain = crate::load::terrain::parse(&Source::read(&dir.join("terrain.toml"))?)?;
            check_map(f, &terrain).map(|_| ())
        }
        FileKind::Scenario => {
            let (dir, note) = scenario_data_dir(f, data_override.map(Path::to_path_buf));
            notes.extend(note);
            let data = crate::load::data::load(&dir)?;
            crate::load::scenario::load(f, &data).map(|_| ())
        }
        FileKind::Expectation => check_expectation(f, data_override, &find_default("data")),
    }
}

/// Loads an AI expectation file as `skirmish test` does, without running it: its keys,
/// profiles, units, marks and map, with the same located errors.
fn check_expectation(f: &Path, data_override: Option<&Path>, default_data: &Path) -> Result<(), Diagnostics> {
    crate::load::expect::load(f, data_override, default_data).map(|_| ())
}
