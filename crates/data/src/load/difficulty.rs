//! Difficulty levels: a scenario's `[difficulty.NAME]` tables of overrides in the `--set` key
//! syntax, read with their places, checked when the scenario loads, and applied on request.
//!
//! ```toml
//! [difficulty.easy]
//! tuned = "80% average"          # the win rate it was tuned to, and the skill (check warns without)
//! "archer.range" = 4
//! "unit:Warlord.hp" = 30
//! "kind:soldier.attack" = 6
//! [difficulty.normal]            # an empty table: the scenario as written
//! tuned = "65% average"
//! ```

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source};
use crate::load::scenario::Scenario;
use crate::load::set::{SetKey, apply_unchecked, check_ranges};
use indexmap::IndexMap;
use serde::Deserialize;
use skirmish_core::model::scenario::{Level, LevelEntry};
use std::path::Path;
use toml::Spanned;

/// The key of a level's table that records the win rate it was tuned to.
pub const TUNED: &str = "tuned";

/// The raw `[difficulty]` table of a scenario: level name → its keys.
pub(crate) type RawLevels = IndexMap<String, Spanned<IndexMap<String, Spanned<toml::Value>>>>;

/// The names of the difficulty levels of the scenario at `scenario_path`, in file order
/// (empty when it has none). Cheap: only the scenario's TOML is parsed, not its map or data.
pub fn levels(scenario_path: &Path) -> Result<Vec<String>, Diagnostics> {
    let src = Source::read(scenario_path)?;
    #[derive(Deserialize)]
    struct Loose {
        #[serde(default)]
        difficulty: IndexMap<String, toml::Value>,
    }
    let loose: Loose = src.parse_toml()?;
    Ok(loose.difficulty.into_keys().collect())
}

/// Where a key of a table is written: its text before the value's span (a quoted key points
/// at its opening quote).
fn key_at(src: &Source, key: &str, value: &Spanned<toml::Value>) -> usize {
    let start = value.span().start;
    match src.text[..start].rfind(key) {
        Some(i) if i > 0 && src.text[..i].ends_with(['"', '\'']) => i - 1,
        Some(i) => i,
        None => start,
    }
}

/// Reads the levels as written: every key a `--set` key or `tuned`, every value a whole
/// number (`tuned` a string). Names, keys and values are checked later, against the loaded
/// scenario ([`check_levels`]).
pub(crate) fn read_levels(src: &Source, raw: Option<&Spanned<RawLevels>>) -> (Vec<Level>, Diagnostics) {
    let mut errs = Diagnostics::default();
    let mut out = Vec::new();
    let Some(raw) = raw else {
        return (out, errs);
    };
    for (name, table) in raw.get_ref() {
        // The header `[difficulty.NAME]`, found by its name (the table's span is its body).
        let header = find_header(src, name).unwrap_or(table.span().start);
        let (line, col) = src.line_col(header);
        let mut level = Level {
            name: name.clone(),
            entries: Vec::new(),
            tuned: None,
            line,
            col,
        };
        for (key, value) in table.get_ref() {
            let at = key_at(src, key, value);
            if key == TUNED {
                match value.get_ref().as_str() {
                    Some(t) => level.tuned = Some(t.to_string()),
                    None => errs.push(src.error_span(
                        &value.span(),
                        format!(
                            "difficulty {name:?}: `tuned` is the win rate the level was tuned to, in quotes (such as tuned = \"65% average\")"
                        ),
                    )),
                }
                continue;
            }
            if let Err(m) = SetKey::parse(key) {
                errs.push(src.error_at(at, format!("difficulty {name:?}: key {key:?}: {m}")));
                continue;
            }
            let Some(v) = value.get_ref().as_integer() else {
                errs.push(src.error_span(
                    &value.span(),
                    format!(
                        "difficulty {name:?}: {key:?} = {}: a level sets whole numbers (such as \"archer.range\" = 4)",
                        value.get_ref()
                    ),
                ));
                continue;
            };
            let (line, col) = src.line_col(at);
            level.entries.push(LevelEntry {
                key: key.clone(),
                value: v,
                line,
                col,
            });
        }
        out.push(level);
    }
    (out, errs)
}

/// The offset of the `[difficulty.NAME]` header of level `name`, if written so.
fn find_header(src: &Source, name: &str) -> Option<usize> {
    let quoted = format!("{name:?}");
    let mut offset = 0;
    for line in src.text.split_inclusive('\n') {
        let t = line.trim_start();
        if let Some(rest) = t
            .strip_prefix('[')
            .and_then(|r| r.trim_start().strip_prefix("difficulty"))
        {
            let rest = rest.trim_start().strip_prefix('.').map(str::trim_start).unwrap_or("");
            if rest
                .strip_prefix(name)
                .or_else(|| rest.strip_prefix(quoted.as_str()))
                .is_some_and(|r| r.trim_start().starts_with(']'))
            {
                return Some(offset + line.len() - t.len());
            }
        }
        offset += line.len();
    }
    None
}

/// Every level of `scenario` tried on a copy of it and `data`: an unknown name (profile, unit,
/// kind) or key, or a value the files would refuse, is an error at its place.
pub(crate) fn check_levels(src: &Source, scenario: &Scenario, data: &DataSet) -> Diagnostics {
    let mut errs = Diagnostics::default();
    for level in &scenario.levels {
        let (mut s, mut d) = (scenario.clone(), data.clone());
        if let Err(e) = apply_level(&mut s, &mut d, level, &src.path) {
            errs.extend(e);
        }
    }
    errs
}

fn apply_level(scenario: &mut Scenario, data: &mut DataSet, level: &Level, path: &str) -> Result<(), Diagnostics> {
    let mut errs = Diagnostics::default();
    let at = |line: usize, col: usize, message: String| Diagnostic {
        path: path.to_string(),
        line: line.max(1),
        col: col.max(1),
        message,
    };
    for e in &level.entries {
        let r = SetKey::parse(&e.key).and_then(|k| apply_unchecked(scenario, data, &k, e.value));
        if let Err(m) = r {
            errs.push(at(
                e.line,
                e.col,
                format!("difficulty {:?}: \"{}\" = {}: {m}", level.name, e.key, e.value),
            ));
        }
    }
    if errs.is_empty()
        && let Err(m) = check_ranges(scenario, data)
    {
        errs.push(at(level.line, level.col, format!("difficulty {:?}: {m}", level.name)));
    }
    errs.into_result(())
}

/// Applies level `name` of `scenario` to it and to its `data` (profiles, unit kinds, and the
/// units' numbers), and records it in [`Scenario::difficulty`]; the scenario keeps its levels
/// as written. A level the scenario does not have is an error naming the ones it has.
pub fn apply(scenario: &mut Scenario, data: &mut DataSet, name: &str) -> Result<(), Diagnostics> {
    let Some(level) = scenario.level(name).cloned() else {
        let (line, col) = scenario.levels.first().map_or((1, 1), |l| (l.line, l.col));
        return Err(Diagnostic {
            path: scenario.path.clone(),
            line: line.max(1),
            col: col.max(1),
            message: if scenario.levels.is_empty() {
                format!("no difficulty level {name:?}: this scenario has no [difficulty.NAME] tables")
            } else {
                format!(
                    "no difficulty level {name:?} (known: {}){}",
                    scenario.level_names(),
                    crate::load::suggest::did_you_mean_value(name, scenario.levels.iter().map(|l| l.name.as_str()))
                )
            },
        }
        .into());
    };
    let path = scenario.path.clone();
    apply_level(scenario, data, &level, &path)?;
    scenario.difficulty = Some(name.to_string());
    Ok(())
}

/// Loads the scenario at `path` on `data` with level `level` applied (none: as written);
/// returns the scenario and the data it plays on.
pub fn load(path: &Path, mut data: DataSet, level: Option<&str>) -> Result<(Scenario, DataSet), Diagnostics> {
    let mut scenario = crate::load::scenario::load(path, &data)?;
    if let Some(name) = level {
        apply(&mut scenario, &mut data, name)?;
    }
    Ok((scenario, data))
}

/// The levels of `scenario` whose tuned win rate is unknown (no `tuned` key): `check` warns.
pub fn untuned(scenario: &Scenario) -> Vec<&Level> {
    scenario.levels.iter().filter(|l| l.tuned.is_none()).collect()
}

/// `check`'s warning for each level whose tuned win rate is unknown (no `tuned` key), at its
/// table's header.
pub fn untuned_warnings(scenario: &Scenario) -> Vec<Diagnostic> {
    untuned(scenario)
        .into_iter()
        .map(|l| Diagnostic {
            path: scenario.path.clone(),
            line: l.line.max(1),
            col: l.col.max(1),
            message: format!(
                "warning: difficulty {:?}: its tuned win rate is unknown: add tuned = \"NN% SKILL\" as measured (`skirmish tune {} --target NN% --skill SKILL --vary KEY=LO..HI --write --difficulty {}` writes it)",
                l.name, scenario.path, l.name
            ),
        })
        .collect()
}

/// The scenario's levels as TOML tables, as written (for a scenario written anew, such as the
/// one `export-tiled` writes beside its map); empty without levels.
pub fn levels_toml(scenario: &Scenario) -> String {
    let mut text = String::new();
    for l in &scenario.levels {
        text += &format!("\n[difficulty.{}]\n", crate::load::set::toml_key(&l.name));
        if let Some(t) = &l.tuned {
            text += &format!("{TUNED} = {}\n", toml::Value::String(t.clone()));
        }
        for e in &l.entries {
            text += &format!("{} = {}\n", toml::Value::String(e.key.clone()), e.value);
        }
    }
    text
}
