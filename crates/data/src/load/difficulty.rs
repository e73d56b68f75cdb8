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
pub use crate::load::scenario::levels::TUNED;
use crate::load::scenario::levels::apply_level;
use indexmap::IndexMap;
use serde::Deserialize;
use skirmish_core::model::scenario::Level;
use std::path::Path;

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
