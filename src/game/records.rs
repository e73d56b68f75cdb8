//! The player's best result per scenario (and difficulty), shown by the scenario picker: a
//! plain serde struct kept as TOML in the platform's data folder, written atomically.

use crate::load::diag::{Diagnostic, Source};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// One finished battle, as the records keep it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Result {
    /// The player won.
    pub won: bool,
    /// The turn it ended on.
    pub turns: u32,
    /// Player units alive at the end.
    pub survivors: u32,
    /// Player units that took part.
    pub units: u32,
}

impl Result {
    /// True when `self` is a better result than `other`: a win beats a loss; among wins,
    /// fewer turns, then more survivors; among losses, more turns held.
    pub fn beats(&self, other: &Result) -> bool {
        let key = |r: &Result| {
            if r.won {
                (1, -(r.turns as i64), r.survivors as i64)
            } else {
                (0, r.turns as i64, r.survivors as i64)
            }
        };
        key(self) > key(other)
    }

    /// How the picker says it: "won in 5 turns, 3 of 4 standing".
    pub fn describe(&self) -> String {
        let turns = if self.turns == 1 {
            "1 turn".to_string()
        } else {
            format!("{} turns", self.turns)
        };
        if self.won {
            format!("won in {turns}, {} of {} standing", self.survivors, self.units)
        } else {
            format!("lost after {turns}")
        }
    }
}

/// Best results by scenario file name (with `@difficulty` when one was chosen).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Records {
    /// The best result of each scenario.
    #[serde(default)]
    pub best: BTreeMap<String, Result>,
}

impl Records {
    /// The key of a scenario file played at a difficulty.
    pub fn key(file: &Path, difficulty: Option<&str>) -> String {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match difficulty {
            Some(d) => format!("{name}@{d}"),
            None => name,
        }
    }

    /// Keeps `r` when it beats the best so far; true when it did.
    pub fn note(&mut self, key: String, r: Result) -> bool {
        match self.best.get(&key) {
            Some(old) if !r.beats(old) => false,
            _ => {
                self.best.insert(key, r);
                true
            }
        }
    }

    /// Reads `path` (no file: no records yet), with located errors.
    pub fn read(path: &Path) -> std::result::Result<Records, Diagnostic> {
        if !path.exists() {
            return Ok(Records::default());
        }
        Source::read(path)?.parse_toml()
    }

    /// Writes the records atomically, making the folder.
    pub fn write(&self, path: &Path) -> std::result::Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        crate::io::files::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_beats_a_loss_and_a_faster_win_beats_a_slower_one() {
        let won = |turns, survivors| Result {
            won: true,
            turns,
            survivors,
            units: 4,
        };
        let lost = Result {
            won: false,
            turns: 9,
            survivors: 0,
            units: 4,
        };
        let mut r = Records::default();
        let key = Records::key(Path::new("maps/castle.toml"), Some("hard"));
        assert_eq!(key, "castle.toml@hard");
        assert!(r.note(key.clone(), lost));
        assert!(r.note(key.clone(), won(7, 2)));
        assert!(!r.note(key.clone(), lost), "a loss never replaces a win");
        assert!(!r.note(key.clone(), won(8, 4)), "slower");
        assert!(r.note(key.clone(), won(7, 3)), "as fast, more standing");
        assert_eq!(r.best[&key].describe(), "won in 7 turns, 3 of 4 standing");
        let path = std::env::temp_dir().join(format!("skirmish-records-{}/r.toml", std::process::id()));
        r.write(&path).unwrap();
        assert_eq!(Records::read(&path).unwrap(), r);
        std::fs::write(&path, "[best.\"x\"]\nwon = 3\n").unwrap();
        let e = Records::read(&path).unwrap_err().to_string();
        assert!(e.contains("r.toml:2:"), "{e}");
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
