//! Difficulty levels as the game needs them: the names a scenario offers, and a level put
//! onto a loaded scenario, both skirmish-data's (`load::difficulty`), named here once so the
//! game's screens have one place to reach them.

pub use crate::load::difficulty::{apply, levels};

/// What a level changes, in a player's words: its overrides ("hero move 10", "Kiny's hp 30")
/// and the win rate it was tuned to ("87.5% won (average player)": the careful player of that
/// skill), or that it is
/// the battle as written (issue 33: the chooser named the levels and nothing more). Without
/// `rate`, the changes only: the rate was measured on the scenario alone, which a campaign's
/// chapter, played with a party carried over, is not.
pub fn describe(level: &crate::model::scenario::Level, rate: bool) -> String {
    let changes: Vec<String> = level
        .entries
        .iter()
        .map(|e| {
            let (what, field) = e.key.rsplit_once('.').unwrap_or((e.key.as_str(), ""));
            let field = field.replace('_', " ");
            match what.split_once(':') {
                Some(("kind", k)) => format!("{k} {field} {}", e.value),
                Some(("unit", u)) => format!("{u}'s {field} {}", e.value),
                Some(("profile", p)) => format!("{p} {field} {}", e.value),
                _ => format!("{} = {}", e.key, e.value),
            }
        })
        .collect();
    let what = if changes.is_empty() {
        "the battle as written".to_string()
    } else {
        changes.join(", ")
    };
    match level.tuned.as_deref().and_then(|t| t.split_once(' ')).filter(|_| rate) {
        Some((rate, skill)) => format!("{what} · {rate} won ({skill} player)"),
        None => what,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_says_what_it_changes() {
        use crate::model::scenario::{Level, LevelEntry};
        let entry = |key: &str, value| LevelEntry {
            key: key.into(),
            value,
            line: 0,
            col: 0,
        };
        let level = |entries, tuned: Option<&str>| Level {
            name: "x".into(),
            entries,
            tuned: tuned.map(str::to_string),
            line: 0,
            col: 0,
        };
        assert_eq!(
            describe(&level(vec![entry("kind:hero.move", 10)], Some("87.5% average")), true),
            "hero move 10 · 87.5% won (average player)"
        );
        assert_eq!(
            describe(&level(vec![entry("kind:hero.move", 10)], Some("87.5% average")), false),
            "hero move 10"
        );
        assert_eq!(
            describe(
                &level(vec![entry("unit:Kiny.hp", 30), entry("profile:guard.trigger", 2)], None),
                true
            ),
            "Kiny's hp 30, guard trigger 2"
        );
        assert_eq!(describe(&level(Vec::new(), None), true), "the battle as written");
    }
}
