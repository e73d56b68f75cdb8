//! Difficulty levels as the game needs them: the names a scenario offers, and a level put
//! onto a loaded scenario. Both go through this one file so that skirmish-data's
//! `load::difficulty::{levels, apply}` (issue 24, helper i27) can replace them in one place.

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source};
use crate::load::scenario::Scenario;
use std::path::Path;

/// The levels of the scenario at `path` (its `[difficulty.NAME]` tables, in file order); empty
/// when it has none.
pub fn levels(path: &Path) -> Result<Vec<String>, Diagnostics> {
    let src = Source::read(path).map_err(Diagnostics::from)?;
    levels_in(&src).map_err(Diagnostics::from)
}

/// [`levels`] of text already read.
pub fn levels_in(src: &Source) -> Result<Vec<String>, Diagnostic> {
    let table: toml::Table = src.parse_toml()?;
    Ok(match table.get("difficulty") {
        Some(toml::Value::Table(t)) => t.keys().cloned().collect(),
        _ => Vec::new(),
    })
}

/// Puts level `name` onto a scenario and its data. Until skirmish-data applies levels (its
/// scenario loader refuses `[difficulty.*]` tables today), only a scenario without levels
/// loads, so there is nothing to apply and a named level is refused with the reason.
pub fn apply(scenario: &mut Scenario, _data: &mut DataSet, name: &str) -> Result<(), Diagnostics> {
    Err(Diagnostics::from(Diagnostic::whole_file(
        Path::new(&scenario.path),
        format!("difficulty {name:?}: this build cannot apply difficulty levels yet"),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_come_in_file_order() {
        let src = Source::new(
            "s.toml",
            "name = \"x\"\n[difficulty.easy]\n\"archer.range\" = 2\n[difficulty.normal]\n[difficulty.hard]\n\"unit:Brute.hp\" = 30\n",
        );
        assert_eq!(levels_in(&src).unwrap(), ["easy", "normal", "hard"]);
        assert!(levels_in(&Source::new("s.toml", "name = \"x\"\n")).unwrap().is_empty());
        let e = levels_in(&Source::new("s.toml", "name = \n")).unwrap_err();
        assert!(e.to_string().starts_with("s.toml:1:"), "{e}");
    }
}
