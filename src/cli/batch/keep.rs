//! `batch --keep`: the replays of chosen battles, each beside copies of the files it plays on.

use super::*;

/// Where a scenario of the run came from, for the copies `--keep` writes beside its replays.
pub(super) enum Origin {
    /// A scenario file.
    File(PathBuf),
    /// A battlefield made by `--generate`.
    Generated {
        name: String,
        scenario: String,
        map_name: String,
        map: String,
    },
}

/// A scenario's files as `--keep` copies them.
pub(super) struct Texts {
    /// The file name without `.toml`.
    stem: String,
    /// The scenario, naming its map by file name only.
    scenario: String,
    /// The map's file name.
    map_name: String,
    /// The map.
    map: String,
    /// A Tiled map's tilesets, by their path relative to the map, with their bytes.
    tilesets: Vec<(PathBuf, Vec<u8>)>,
}

impl Origin {
    /// The name its kept files start with: the file name without `.toml`, or `gen-SEED`.
    fn stem(&self) -> String {
        match self {
            Origin::Generated { name, .. } => name.clone(),
            Origin::File(path) => path
                .file_stem()
                .map_or("scenario".into(), |s| s.to_string_lossy().into_owned()),
        }
    }

    fn texts(&self) -> Result<Texts, String> {
        match self {
            Origin::Generated {
                name,
                scenario,
                map_name,
                map,
            } => Ok(Texts {
                stem: name.clone(),
                scenario: scenario.clone(),
                map_name: map_name.clone(),
                map: map.clone(),
                tilesets: Vec::new(),
            }),
            Origin::File(path) => {
                let name = display_path(path);
                let src = Source::read(path).map_err(|d| d.to_string())?;
                let mut table: toml::Table =
                    toml::from_str(&src.text).map_err(|e| format!("--keep: {name}: cannot copy it: {e}"))?;
                let map_rel = table
                    .get("map")
                    .and_then(|m| m.as_str())
                    .ok_or_else(|| format!("--keep: {name} names no map file to copy"))?
                    .to_string();
                let map_path = path.parent().unwrap_or(Path::new("")).join(&map_rel);
                let map_name = Path::new(&map_rel)
                    .file_name()
                    .map(|n| file_safe(&n.to_string_lossy()))
                    .unwrap_or_else(|| "map.txt".into());
                let map = Source::read(&map_path).map_err(|d| d.to_string())?.text;
                // A Tiled map's tilesets go along, where the map looks for them.
                let mut tilesets = Vec::new();
                if crate::load::tiled::is_tmx(&map_path) {
                    let map_dir = map_path.parent().unwrap_or(Path::new(""));
                    for f in crate::load::tiled::tileset_files(&map_path) {
                        let rel = f
                            .strip_prefix(map_dir)
                            .ok()
                            .filter(|r| r.components().all(|c| matches!(c, std::path::Component::Normal(_))))
                            .ok_or_else(|| {
                                format!(
                                    "--keep: {name}: cannot copy the tileset {} (only tilesets in the map's folder or below are copied)",
                                    display_path(&f)
                                )
                            })?;
                        let bytes = crate::load::diag::read_bytes(&f).map_err(|d| d.to_string())?;
                        tilesets.push((rel.to_path_buf(), bytes));
                    }
                }
                table.insert("map".into(), toml::Value::String(map_name.clone()));
                let scenario = toml::to_string(&table).map_err(|e| format!("--keep: {name}: cannot copy it: {e}"))?;
                Ok(Texts {
                    stem: self.stem(),
                    scenario,
                    map_name,
                    map,
                    tilesets,
                })
            }
        }
    }
}

/// `name` with every character but letters, digits and `.`, `_`, `=`, `-` made `_`.
pub(super) fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._=-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Writes the replays `--keep` chose, each with the scenario, map and data it plays on (the
/// swept values written into that copy's `profiles.toml`) under `DIR/files/ROW/`, so that
/// `skirmish replay DIR/ROW-seed-S.replay` plays the battle the batch counted. Every kept
/// battle is played again on the copies and must end as counted.
#[expect(clippy::too_many_arguments, reason = "the run's settings, as batch::run takes them")]
pub(super) fn keep_replays(
    dir: &Path,
    cells: &[Cell],
    counted: &[batch::Counted],
    origins: &[Origin],
    per_scenario: usize,
    seed: u64,
    turns: u32,
    policy: Player,
) -> Result<(), String> {
    let cannot = |p: &Path, e: std::io::Error| format!("--keep: cannot write {}: {e}", display_path(p));
    // Names for every scenario of the run (two files named alike get -2, -3, ...), so that
    // a name does not depend on which scenarios kept battles in this slice.
    let mut stems: Vec<String> = Vec::new();
    for origin in origins {
        let base = file_safe(&origin.stem());
        let mut stem = base.clone();
        let mut n = 1;
        while stems.contains(&stem) {
            n += 1;
            stem = format!("{base}-{n}");
        }
        stems.push(stem);
    }
    for (i, origin) in origins.iter().enumerate() {
        let at = i * per_scenario..(i + 1) * per_scenario;
        if counted[at.clone()].iter().all(|c| c.kept.is_empty()) {
            continue;
        }
        let texts = origin.texts()?;
        let base = file_safe(&texts.stem);
        let stem = stems[i].clone();
        for (cell, c) in cells[at.clone()].iter().zip(&counted[at]) {
            if c.kept.is_empty() {
                continue;
            }
            let mut row = stem.clone();
            for s in &cell.settings {
                row.push_str(&format!("-{}={}", s.param, s.value));
            }
            let row = file_safe(&row);
            let files = dir.join("files").join(&row);
            let (maps, data) = (files.join("maps"), files.join("data"));
            for d in [&maps, &data] {
                std::fs::create_dir_all(d).map_err(|e| cannot(d, e))?;
            }
            let scenario_file = format!("{base}.toml");
            let (scenario_text, level) = with_unit_settings(&texts.scenario, cell)?;
            let mut writes: Vec<(PathBuf, Vec<u8>)> = vec![
                (maps.join(&scenario_file), scenario_text.into_bytes()),
                (maps.join(&texts.map_name), texts.map.clone().into_bytes()),
                (
                    data.join("profiles.toml"),
                    batch::profiles_toml(&cell.data.profiles).into_bytes(),
                ),
            ];
            for (rel, bytes) in &texts.tilesets {
                let to = maps.join(rel);
                if let Some(d) = to.parent() {
                    std::fs::create_dir_all(d).map_err(|e| cannot(d, e))?;
                }
                writes.push((to, bytes.clone()));
            }
            for f in ["terrain.toml", "units.toml", "weapons.toml"] {
                let from = cell.data.dir.join(f);
                if from.is_file() {
                    writes.push((
                        data.join(f),
                        Source::read(&from).map_err(|d| d.to_string())?.text.into_bytes(),
                    ));
                }
            }
            for (p, bytes) in &writes {
                write_atomic(p, bytes).map_err(|e| cannot(p, e))?;
            }
            let copied = maps.join(&scenario_file);
            let (scenario, data_set, _) = load_scenario_at(&copied, None, level.as_deref())
                .map_err(|e| format!("--keep: the copy of {} does not load: {}", cell.file, dedup(e)))?;
            let copy = Cell {
                battle_scenario: scenario.clone(),
                data: data_set,
                ..cell.clone()
            };
            for &k in &c.kept {
                let bseed = batch::battle_seed(seed, k);
                let refused = |e| {
                    format!(
                        "{}: battle {k} (seed {bseed}): the rules refused a command: {e}",
                        cell.file
                    )
                };
                let counted_as = batch::fight(cell, turns, policy, bseed).map_err(refused)?;
                let (again, battle) = batch::fight_battle(&copy, turns, policy, bseed).map_err(refused)?;
                if again != counted_as {
                    return Err(format!(
                        "--keep: battle {k} (seed {bseed}) of {} ends otherwise on the copied files in {}",
                        cell.file,
                        display_path(&files)
                    ));
                }
                let mut r = crate::io::replay::record(&battle, &scenario, &copy.data);
                r.skill = (!policy.skill.is_expert()).then(|| policy.skill.name());
                r.scenario = format!("files/{row}/maps/{scenario_file}");
                crate::io::replay::write(&dir.join(format!("{row}-seed-{bseed}.replay")), &r)
                    .map_err(|d| d.to_string())?;
            }
        }
    }
    Ok(())
}

/// The level a kept battle's copy plays at: the run's `--difficulty`, or `kept` when only
/// swept unit or kind numbers need one.
const KEPT_LEVEL: &str = "kept";

/// The scenario text for a kept battle's copy, and the level to load it at: the run's level,
/// with the row's `unit:` and `kind:` values written into that level's table (a new `kept`
/// level when the run has none), so that the copy plays the row's numbers. Swept profile
/// numbers go into the copy's `profiles.toml` instead; without a level nor unit or kind
/// values the text is unchanged.
fn with_unit_settings(text: &str, cell: &Cell) -> Result<(String, Option<String>), String> {
    let own: Vec<&Setting> = cell
        .settings
        .iter()
        .filter(|s| {
            !matches!(
                crate::load::set::SetKey::parse(&s.param).map(|k| k.owner),
                Ok(crate::load::set::Owner::Profile(_))
            )
        })
        .collect();
    let level = cell.battle_scenario.difficulty.clone();
    if own.is_empty() {
        return Ok((text.to_string(), level));
    }
    let level = level.unwrap_or_else(|| KEPT_LEVEL.to_string());
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e| format!("--keep: {}: cannot copy it: {e}", cell.file))?;
    let levels = doc
        .entry("difficulty")
        .or_insert_with(|| {
            let mut t = toml_edit::Table::new();
            t.set_implicit(true);
            toml_edit::Item::Table(t)
        })
        .as_table_mut()
        .ok_or_else(|| format!("--keep: {}: its `difficulty` is not a table", cell.file))?;
    let table = levels
        .entry(&level)
        .or_insert_with(|| toml_edit::Item::Table(toml_edit::Table::new()))
        .as_table_mut()
        .ok_or_else(|| format!("--keep: {}: its difficulty {level:?} is not a table", cell.file))?;
    for s in own {
        table.insert(&s.param, toml_edit::value(s.value));
    }
    Ok((doc.to_string(), Some(level)))
}
