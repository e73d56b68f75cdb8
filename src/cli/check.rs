//! `skirmish check`: every error of every file in one run.

use super::*;
use crate::io::files::list_files as list_dir;
use crate::load::data::DataParts;

pub(super) fn check(files: &[PathBuf], data_override: Option<PathBuf>, strict: bool, level: Option<&str>) -> Outcome {
    let mut errs = Diagnostics::default();
    // Data that loads but cannot work as meant (`path:line:col: warning: ...`).
    let mut warns: Vec<String> = Vec::new();
    // Checks that could not be made, and why (`path: note: ...`), printed after the errors.
    let mut skipped: Vec<String> = Vec::new();
    if files.is_empty() {
        let data_dir = data_override.clone().unwrap_or_else(|| find_default("data"));
        let maps_dir = find_default("maps");
        // Each file of data/ is checked on its own, then the maps against whatever loaded:
        // one broken file must not hide the errors of the others.
        let (parts, data_errs) = crate::load::data::load_parts(&data_dir);
        let data_broken = !data_errs.is_empty();
        errs.extend(data_errs);
        let lenient = Lenient::new(&data_dir, parts);
        for f in list_dir(&maps_dir, "txt").into_iter().chain(list_dir(&maps_dir, "tmx")) {
            match (&lenient.data, &lenient.terrain_broken) {
                (Some(data), _) => {
                    if let Err(e) = check_map(&f, &data.terrain) {
                        errs.extend(e);
                    }
                }
                (None, why) => skipped.push(format!(
                    "{}: note: map not checked because {}\n",
                    display_path(&f),
                    why.as_deref().unwrap_or_default()
                )),
            }
        }
        for f in list_dir(&maps_dir, "toml") {
            if crate::load::campaign::is_campaign(&f) {
                let data = (!data_broken).then_some(data_dir.as_path());
                errs.extend(check_campaign(&f, data).err().unwrap_or_default());
            } else {
                errs.extend(lenient.check_scenario(&f, level, &mut skipped, &mut warns));
            }
        }
        // The designers' AI expectations beside maps/, when there are any.
        let ai_dir = maps_dir.parent().unwrap_or(Path::new("")).join("tests").join("ai");
        if ai_dir.is_dir() {
            if data_broken {
                // Each would repeat every error of the data folder it loads.
                skipped.push(format!(
                    "{}: note: AI expectation files not checked because {} has errors\n",
                    display_path(&ai_dir),
                    display_path(&data_dir)
                ));
            } else {
                for f in list_dir(&ai_dir, "toml") {
                    if let Err(e) = check_expectation(&f, data_override.as_deref(), &data_dir) {
                        errs.extend(e);
                    }
                }
            }
        }
    }
    let mut notes = Vec::new();
    for f in files {
        if let Err(e) = check_file(f, data_override.as_deref(), level, &mut notes, &mut skipped, &mut warns) {
            errs.extend(e);
        }
    }
    let outcome = if errs.is_empty() {
        // Exactly `ok`, as the contract says: scripts compare it.
        ok("ok\n".to_string())
    } else {
        match fail(errs) {
            Outcome::Done { code, stdout, stderr } => Outcome::Done {
                code,
                stdout,
                stderr: stderr + &dedup_lines(skipped).concat(),
            },
            other => other,
        }
    };
    let warns = dedup_lines(warns);
    let count = warns.len();
    let warns = warns.concat();
    let outcome = match outcome {
        // --strict: a warning fails the check like an error, and says so instead of "ok".
        Outcome::Done { code: 0, .. } if strict && count > 0 => Outcome::Done {
            code: 1,
            stdout: String::new(),
            stderr: format!(
                "{warns}{count} warning{}, failing because of --strict\n",
                if count == 1 { "" } else { "s" }
            ),
        },
        // Not a bare `ok` when there are warnings: a warning is not missed without --strict.
        Outcome::Done { code, stdout, stderr } if count > 0 => Outcome::Done {
            code: if strict { code.max(1) } else { code },
            stdout: if code == 0 {
                format!("ok, {count} warning{}\n", if count == 1 { "" } else { "s" })
            } else {
                stdout
            },
            stderr: warns + &stderr,
        },
        other => other,
    };
    let notes: String = notes.concat();
    noted(outcome, (!notes.is_empty()).then_some(notes))
}

fn dedup_lines(lines: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    lines.into_iter().filter(|l| seen.insert(l.clone())).collect()
}

/// The kinds `units.toml` names, when it parses as TOML tables: soldiers, each of the class
/// its table gives when the terrain knows it (else `foot`). For `check` only.
fn stand_in_kinds(path: &Path, terrain: &TerrainSet) -> Option<crate::load::units::Kinds> {
    let src = Source::read(path).ok()?;
    let tables: toml::Table = src.parse_toml().ok()?;
    let soldier = crate::load::data::builtin_kinds().list.remove(0);
    let list = tables
        .iter()
        .filter_map(|(name, t)| {
            let class = t
                .get("class")
                .and_then(|c| c.as_str())
                .filter(|c| terrain.class(c).is_some());
            t.is_table().then(|| crate::load::units::Kind {
                name: name.clone(),
                class: class.unwrap_or("foot").to_string(),
                ..soldier.clone()
            })
        })
        .collect();
    Some(crate::load::units::Kinds { list })
}

/// A data folder as far as it loaded, for checking scenarios against it: what is missing
/// is replaced by a stand-in, and the checks the stand-in would falsify are left out and
/// said so. A profile with mistakes stays a known name (a unit naming it is not wrong).
struct Lenient {
    /// `None` when `terrain.toml` has errors (nothing stands in for a terrain).
    data: Option<DataSet>,
    /// Why maps and units cannot be checked at all (`terrain.toml` has errors).
    terrain_broken: Option<String>,
    /// Why units are not checked against the profiles (`profiles.toml` does not parse).
    profiles_broken: Option<String>,
    /// Why unit kinds are not checked (`units.toml` has errors).
    kinds_broken: Option<String>,
    /// `None` when every kind and profile is the file's own (no stand-ins): warnings hold;
    /// else the files with errors, for the note that warnings were not checked.
    inexact: Option<String>,
}

impl Lenient {
    fn new(dir: &Path, parts: DataParts) -> Lenient {
        let shown = |f: &str| format!("{} has errors", display_path(&dir.join(f)));
        let terrain_broken = parts.terrain.is_none().then(|| shown("terrain.toml"));
        let broken: Vec<String> = [
            ("units.toml", parts.kinds.is_none()),
            ("profiles.toml", parts.profiles.is_none()),
        ]
        .iter()
        .filter(|(_, b)| *b)
        .map(|(f, _)| display_path(&dir.join(f)))
        .collect();
        let inexact = (!broken.is_empty()).then(|| format!("{} has errors", broken.join(" and ")));
        // A units.toml with mistakes still names its kinds: each stands in as a soldier of
        // its own class (when that class exists), so units naming it are not flagged again.
        let (kinds, kinds_broken) = match (parts.kinds, &parts.terrain) {
            (Some(k), _) => (k, None),
            (None, None) => (crate::load::data::builtin_kinds(), None),
            (None, Some(terrain)) => match stand_in_kinds(&dir.join("units.toml"), terrain) {
                Some(k) => (k, None),
                None => (crate::load::data::builtin_kinds(), Some(shown("units.toml"))),
            },
        };
        // The profiles that loaded, and a stand-in for each table with mistakes.
        let (profiles, profiles_broken) = match parts.profiles {
            Some(p) => (p, None),
            None => {
                let lenient = Source::read(&dir.join("profiles.toml")).ok().and_then(|src| {
                    let (mut ok, broken, errs) = crate::load::profiles::parse_lenient(&src);
                    // A file that does not parse at all has no names to go by.
                    let whole = errs.0.len() == 1 && ok.list().is_empty() && broken.is_empty();
                    (!whole).then(|| {
                        for name in broken {
                            ok.insert(crate::load::profiles::Profile {
                                name,
                                behavior: crate::load::profiles::Behavior::Charger,
                            });
                        }
                        ok
                    })
                });
                match lenient {
                    Some(p) => (p, None),
                    None => (Default::default(), Some(shown("profiles.toml"))),
                }
            }
        };
        Lenient {
            data: parts.terrain.map(|terrain| DataSet {
                dir: dir.to_path_buf(),
                terrain,
                profiles,
                kinds,
                registry: crate::load::registry(),
            }),
            terrain_broken,
            profiles_broken,
            kinds_broken,
            inexact,
        }
    }

    /// Every error of scenario `f` that the data that loaded can show; a note in `skipped`
    /// for each kind of check left out.
    /// With `level`, the scenario is checked at that difficulty level (which it must have),
    /// its warnings those of the battle at that level.
    fn check_scenario(
        &self,
        f: &Path,
        level: Option<&str>,
        skipped: &mut Vec<String>,
        warns: &mut Vec<String>,
    ) -> Diagnostics {
        let shown = display_path(f);
        let (Some(data), None) = (&self.data, &self.terrain_broken) else {
            let why = self.terrain_broken.as_deref().unwrap_or_default();
            skipped.push(format!("{shown}: note: map and units not checked because {why}\n"));
            return Source::read(f)
                .map_err(Diagnostics::from)
                .and_then(|s| crate::load::scenario::check_syntax(&s))
                .err()
                .unwrap_or_default();
        };
        let errs = match Source::read(f).map_err(Diagnostics::from).and_then(|src| {
            crate::load::scenario::parse(&src, f.parent().unwrap_or(Path::new("")), data).map(|s| (src, s))
        }) {
            // Warnings are about data as it is: with stand-ins for broken kinds or profiles
            // they would be about the stand-ins (said, so they do not silently vanish).
            // (The data folder's own errors are listed: no note per scenario.)
            Ok(_) if self.inexact.is_some() => {
                // One note for the folder, not one per scenario (the data's errors are the
                // data file's): said where the scenarios are.
                let folder = display_path(f.parent().unwrap_or(Path::new("")));
                skipped.push(format!(
                    "{folder}: note: the scenarios' warnings not checked because {} (fix it and check again)\n",
                    self.inexact.as_deref().unwrap_or_default()
                ));
                return Diagnostics::default();
            }
            Ok((src, mut scenario)) => {
                let mut data = data.clone();
                if let Some(name) = level
                    && let Err(e) = crate::load::difficulty::apply(&mut scenario, &mut data, name)
                {
                    return e;
                }
                let found = crate::load::warn::warnings(&src, &scenario, &data);
                warns.extend(found.iter().map(|w| format!("{w}\n")));
                let untuned = crate::load::difficulty::untuned_warnings(&scenario);
                warns.extend(untuned.iter().map(|w| format!("{w}\n")));
                return Diagnostics::default();
            }
            Err(errs) => {
                // Warnings need the scenario loaded: say they were skipped.
                skipped.push(format!(
                    "{shown}: note: warnings not checked because the scenario has errors (fix them and check again)\n"
                ));
                errs
            }
        };
        let mut kept = Diagnostics::default();
        for d in errs.0 {
            let hidden = |why: &Option<String>, what: &str| why.is_some() && d.message.contains(what);
            if hidden(&self.profiles_broken, crate::load::scenario::UNKNOWN_PROFILE) {
                let why = self.profiles_broken.as_deref().unwrap_or_default();
                skipped.push(format!(
                    "{shown}: note: units not checked against profiles because {why}\n"
                ));
            } else if hidden(&self.kinds_broken, crate::load::scenario::UNKNOWN_KIND) {
                let why = self.kinds_broken.as_deref().unwrap_or_default();
                skipped.push(format!("{shown}: note: unit kinds not checked because {why}\n"));
            } else {
                kept.push(d);
            }
        }
        kept
    }
}

/// A map file on its own: a text map, or a Tiled `.tmx` (its terrain and regions; its unit
/// objects are checked with the scenarios that use it).
pub(super) fn check_map(f: &Path, terrain: &TerrainSet) -> Result<TerrainMap, Diagnostics> {
    if crate::load::tiled::is_tmx(f) {
        return crate::load::tiled::load(f, terrain).map(|t| t.map);
    }
    let src = Source::read(f)?;
    crate::load::map::parse(&src, terrain)
}

/// The kinds of file `check` knows, as listed when it meets another.
const KINDS: &str = "expected terrain.toml, profiles.toml, units.toml or weapons.toml (a data folder's tables), \
a scenario (.toml with a `map` key, in maps/), a campaign (.toml with `[[chapters]]`), a map (.txt, or .tmx from the Tiled editor) \
or an AI expectation file (.toml with `[[expect]]`, `picture` or `scenario`, in tests/ai/)";

/// What kind of file `f` is, from its name, its folder and (for another `.toml`) whether
/// it has a scenario's `map` key.
enum FileKind {
    Terrain,
    Profiles,
    Units,
    /// `weapons.toml` (chance in combat).
    Weapons,
    Map,
    Scenario,
    /// A campaign (`[[chapters]]` of scenarios).
    Campaign,
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
        ("weapons.toml", _) => Ok(FileKind::Weapons),
        (_, "txt") => Ok(FileKind::Map),
        (_, e) if e.eq_ignore_ascii_case("tmx") => Ok(FileKind::Map),
        (_, "toml") if crate::load::campaign::is_campaign(f) => Ok(FileKind::Campaign),
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
        _ => Err(unknown("neither .toml, .txt nor .tmx")),
    }
}

pub(super) fn check_file(
    f: &Path,
    data_override: Option<&Path>,
    level: Option<&str>,
    notes: &mut Vec<String>,
    skipped: &mut Vec<String>,
    warns: &mut Vec<String>,
) -> Result<(), Diagnostics> {
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
                // Weapon names too, against the weapons beside it (when those load).
                Ok(t) => match crate::load::weapons::beside(&dir, t.classes()) {
                    Some(w) => crate::load::units::parse_with_weapons(&src, t.classes(), &w).map(|_| ()),
                    None => crate::load::units::parse(&src, t.classes()).map(|_| ()),
                },
                Err(mut e) => {
                    if let Err(own) = crate::load::units::parse_without_classes(&src) {
                        e.0.splice(0..0, own.0);
                    }
                    skipped.push(format!(
                        "{}: note: class names not checked because {} has errors\n",
                        display_path(f),
                        display_path(&dir.join("terrain.toml"))
                    ));
                    Err(e)
                }
            }
        }
        FileKind::Weapons => {
            // Movement classes are checked against the terrain table beside it (or --data's).
            let dir = data_override
                .map(Path::to_path_buf)
                .unwrap_or_else(|| f.parent().unwrap_or(Path::new("")).to_path_buf());
            let terrain = Source::read(&dir.join("terrain.toml"))
                .map_err(Diagnostics::from)
                .and_then(|s| crate::load::terrain::parse(&s))?;
            crate::load::weapons::parse(&Source::read(f)?, terrain.classes()).map(|_| ())
        }
        FileKind::Map => {
            let dir = data_override
                .map(Path::to_path_buf)
                .unwrap_or_else(|| f.parent().unwrap_or(Path::new("")).join("..").join("data"));
            let terrain_file = dir.join("terrain.toml");
            let terrain = Source::read(&terrain_file)
                .map_err(Diagnostics::from)
                .and_then(|s| crate::load::terrain::parse(&s))
                .inspect_err(|_| {
                    skipped.push(format!(
                        "{}: note: map not checked because {} has errors\n",
                        display_path(f),
                        display_path(&terrain_file)
                    ))
                })?;
            check_map(f, &terrain).map(|_| ())
        }
        FileKind::Scenario => {
            let (dir, note) = scenario_data_dir(f, data_override.map(Path::to_path_buf));
            notes.extend(note);
            // The data folder's own errors, then the scenario's against what loaded.
            let (parts, mut errs) = crate::load::data::load_parts(&dir);
            errs.extend(Lenient::new(&dir, parts).check_scenario(f, level, skipped, warns));
            errs.into_result(())
        }
        FileKind::Expectation => check_expectation(f, data_override, &find_default("data")),
        FileKind::Campaign => {
            // The chapters load against the data folder beside the maps (or --data's).
            let dir = data_override
                .map(Path::to_path_buf)
                .unwrap_or_else(|| default_data_dir(f));
            // A data folder that does not load is said too: its chapters cannot be checked
            // (a campaign beside no data folder read "ok").
            match crate::load::data::load(&dir) {
                Ok(_) => check_campaign(f, Some(dir.as_path())),
                Err(data_errs) => {
                    let mut errs = check_campaign(f, None).err().unwrap_or_default();
                    errs.extend(data_errs);
                    errs.into_result(())
                }
            }
        }
    }
}

/// A campaign file: its own fields, and that each chapter's scenario loads (a scenario's own
/// errors are told where `check` checks that scenario; here the chapter says which failed).
/// `data`: the data folder, or `None` when it has errors of its own (then only the campaign
/// file is checked: the data's errors already say why its chapters cannot load).
fn check_campaign(f: &Path, data: Option<&Path>) -> Result<(), Diagnostics> {
    let c = crate::load::campaign::load(f)?;
    let Some(data) = data else {
        return Ok(());
    };
    let mut errs = Diagnostics::default();
    let loaded = crate::load::data::load(data);
    for (k, ch) in c.chapters.iter().enumerate() {
        let chapter = match &loaded {
            // With chance too when the chapter has numbers for it (`[chapters.chance_set]`).
            // And at each level the chapter has numbers for (`[chapters.level_set.NAME]`).
            Ok(d) => crate::load::campaign::load_chapter(&c, k, d.clone(), None, false)
                .and_then(|_| {
                    if ch.chance_set.is_empty() {
                        Ok(())
                    } else {
                        crate::load::campaign::load_chapter(&c, k, d.clone(), None, true).map(|_| ())
                    }
                })
                .and_then(|_| {
                    ch.level_set.iter().try_for_each(|s| {
                        crate::load::campaign::load_chapter(&c, k, d.clone(), Some(&s.level), false).map(|_| ())
                    })
                }),
            Err(e) => Err(e.clone()),
        };
        // The chapter's own level and numbers are the campaign file's errors, told as such.
        if let Err(e) = &chapter
            && e.first().is_some_and(|d| d.path == c.path)
        {
            errs.extend(e.clone());
            continue;
        }
        if let Err(e) = chapter {
            let first = e.first().map(|d| d.to_string()).unwrap_or_default();
            errs.push(c.at_chapter(
                k,
                format!(
                    "chapter {}: scenario {} does not load: {first}",
                    k + 1,
                    ch.scenario_written
                ),
            ));
        }
    }
    errs.into_result(())
}

/// Loads an AI expectation file as `skirmish test` does, without running it: its keys,
/// profiles, units, marks and map, with the same located errors.
fn check_expectation(f: &Path, data_override: Option<&Path>, default_data: &Path) -> Result<(), Diagnostics> {
    crate::load::expect::load(f, data_override, default_data).map(|_| ())
}
