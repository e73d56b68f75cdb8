//! Replay files: a battle as its scenario plus the player's commands, in player terms (unit
//! names, path digits, actions). Enemy phases are recomputed, so a replay is small, readable
//! JSON; it is refused when it is damaged, of another version, or when the scenario, map or
//! data files it was recorded with have changed.

use crate::io::files::{parse_versioned_json, write_atomic};
use crate::load::diag::{Diagnostic, Source};
use crate::load::scenario::{Scenario, fnv1a};
use serde::{Deserialize, Serialize};
use skirmish_core::rules::{Battle, Command, UnitId};
use skirmish_core::search::grid::Path as Steps;
use std::path::{Path, PathBuf};

/// What a replay file says it is.
pub const FORMAT: &str = "skirmish-replay";
/// The replay layout this version writes and reads.
pub const VERSION: u32 = 1;

/// One player command as a person would write it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// `{"action": "move", "unit": "Kiny", "path": "3322"}`
    Move {
        /// The unit's name.
        unit: String,
        /// Direction digits (1 up, 2 right, 3 down, 4 left; "0" stays).
        path: String,
    },
    /// `{"action": "attack", "unit": "Kiny", "target": "Brute"}`
    Attack {
        /// The attacker's name.
        unit: String,
        /// The defender's name.
        target: String,
    },
    /// `{"action": "wait", "unit": "Kiny"}`
    Wait {
        /// The unit's name.
        unit: String,
    },
    /// `{"action": "end_phase"}`: the player's phase ends; the enemy phase is recomputed.
    EndPhase,
}

/// A recorded battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout version, [`VERSION`] when written by this build.
    pub version: u32,
    /// The scenario file, as it was given when the battle started.
    pub scenario: String,
    /// Hex fingerprint of the scenario, map and data texts.
    pub fingerprint: String,
    /// The player's commands, in order.
    pub commands: Vec<Step>,
}

/// The fingerprint of a scenario and its data folder's texts (terrain, profiles, unit kinds).
pub fn fingerprint(scenario: &Scenario, data_dir: &Path) -> String {
    let texts: Vec<Vec<u8>> = ["terrain.toml", "profiles.toml", "units.toml"]
        .iter()
        // Through the bounded reader like every input; the files were loaded (and checked)
        // before, and a missing optional `units.toml` counts as empty.
        .map(|f| {
            Source::read(&data_dir.join(f))
                .map(|s| s.text.into_bytes())
                .unwrap_or_default()
        })
        .collect();
    let scen = scenario.fingerprint.to_le_bytes();
    let mut parts: Vec<&[u8]> = vec![&scen];
    parts.extend(texts.iter().map(Vec::as_slice));
    format!("{:016x}", fnv1a(&parts))
}

/// The replay of `battle` (its player record) played on `scenario` with the data of `data_dir`.
pub fn record(battle: &Battle, scenario: &Scenario, data_dir: &Path) -> ReplayFile {
    let name = |u: &UnitId| battle.name(*u).to_string();
    let commands = battle
        .record()
        .iter()
        .filter_map(|c| match c {
            Command::Move { unit, path } => Some(Step::Move {
                unit: name(unit),
                path: path.digits(),
            }),
            Command::Attack { unit, target } => Some(Step::Attack {
                unit: name(unit),
                target: name(target),
            }),
            Command::Wait { unit } => Some(Step::Wait { unit: name(unit) }),
            Command::EndPhase => Some(Step::EndPhase),
            Command::Wake { .. } | Command::Undo | Command::Restore(_) => None,
        })
        .collect();
    ReplayFile {
        format: FORMAT.into(),
        version: VERSION,
        scenario: scenario.path.clone(),
        fingerprint: fingerprint(scenario, data_dir),
        commands,
    }
}

/// Writes a replay atomically, as indented JSON (one command per line or so, for people).
pub fn write(path: &Path, replay: &ReplayFile) -> Result<(), Diagnostic> {
    let text = serde_json::to_string_pretty(replay)
        .map_err(|e| Diagnostic::whole_file(path, format!("cannot encode replay: {e}")))?;
    write_atomic(path, text.as_bytes()).map_err(|e| Diagnostic::whole_file(path, format!("cannot write replay: {e}")))
}

/// Reads a replay, checking its format and version.
pub fn read(path: &Path) -> Result<ReplayFile, Diagnostic> {
    parse(&Source::read(path)?)
}

/// Parses a replay from text already read (the part of [`read`] after the file is opened;
/// the fuzz target feeds it arbitrary text).
pub fn parse(src: &Source) -> Result<ReplayFile, Diagnostic> {
    parse_versioned_json(src, FORMAT, VERSION, "replay")
}

impl ReplayFile {
    /// Where its scenario is: as written when that exists from here, else beside the replay.
    pub fn scenario_path(&self, replay_path: &Path) -> PathBuf {
        let given = PathBuf::from(&self.scenario);
        if given.exists() || given.is_absolute() {
            return given;
        }
        replay_path.parent().map_or(given.clone(), |dir| dir.join(&given))
    }

    /// Checks that the files are the ones it was recorded with and turns its steps into
    /// commands for `battle`; names that are not units of the scenario are refused.
    pub fn commands(
        &self,
        replay_path: &Path,
        scenario: &Scenario,
        data_dir: &Path,
        battle: &Battle,
    ) -> Result<Vec<Command>, Diagnostic> {
        let refuse = |message: String| Diagnostic::whole_file(replay_path, message);
        if self.fingerprint != fingerprint(scenario, data_dir) {
            return Err(refuse(format!(
                "scenario {}, its map or its data changed since this replay was recorded: it no longer fits",
                scenario.path
            )));
        }
        let unit = |n: &str, k: usize| {
            battle
                .find(n)
                .ok_or_else(|| refuse(format!("command {}: no unit named {n:?} in {}", k + 1, scenario.path)))
        };
        self.commands
            .iter()
            .enumerate()
            .map(|(k, s)| {
                Ok(match s {
                    Step::Move { unit: u, path } => Command::Move {
                        unit: unit(u, k)?,
                        path: Steps::parse(path).ok_or_else(|| {
                            refuse(format!("command {}: path {path:?} is not direction digits 1-4", k + 1))
                        })?,
                    },
                    Step::Attack { unit: u, target } => Command::Attack {
                        unit: unit(u, k)?,
                        target: unit(target, k)?,
                    },
                    Step::Wait { unit: u } => Command::Wait { unit: unit(u, k)? },
                    Step::EndPhase => Command::EndPhase,
                })
            })
            .collect()
    }
}
