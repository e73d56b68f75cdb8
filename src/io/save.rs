//! Saving and resuming a battle: a versioned JSON file written atomically (temporary file
//! and rename, so a crash mid-write leaves the previous save intact), refused with a clear
//! message when it is from another version, damaged, or its scenario changed on disk.

use crate::load::diag::{Diagnostic, Source, display_path};
use crate::load::scenario::Scenario;
use crate::rules::battle::Battle;
use crate::rules::phase::{Phase, Session};
use crate::search::grid::Pos;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// What a save file says it is.
pub const FORMAT: &str = "skirmish-save";
/// The save layout this version writes and reads.
pub const VERSION: u32 = 1;

/// One unit's state in a save.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedUnit {
    /// Its name (must match the scenario's unit in the same place).
    pub name: String,
    /// Cell.
    pub at: Pos,
    /// Hit points left.
    pub hp: i32,
    /// Still on the board.
    pub alive: bool,
    /// Has acted this player phase.
    pub acted: bool,
    /// A guard's trigger has fired.
    pub triggered: bool,
}

/// A battle in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout version, [`VERSION`] when written by this build.
    pub version: u32,
    /// The scenario file, as it was given when the battle started.
    pub scenario: String,
    /// Hex fingerprint of the scenario and map texts.
    pub fingerprint: String,
    /// Turn number.
    pub turn: u32,
    /// Seed of the battle's random choices (kept for replays; the rules are deterministic).
    pub seed: u64,
    /// Every unit, in scenario order.
    pub units: Vec<SavedUnit>,
}

/// Why a save could not be made or used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveError(pub Diagnostic);

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

fn at_file(path: &Path, message: String) -> SaveError {
    SaveError(Diagnostic {
        path: display_path(path),
        line: 1,
        col: 1,
        message,
    })
}

/// The save of `session` right now. A move not yet confirmed is saved as not made; the
/// enemy phase cannot be saved (its queue is half played).
pub fn snapshot(session: &Session, scenario: &Scenario, seed: u64) -> Result<SaveFile, String> {
    let mut units = session.battle.units.clone();
    match &session.phase {
        Phase::Enemy { .. } => return Err("cannot save during the enemy phase: wait for your turn".into()),
        Phase::Action { unit, from, .. } => units[unit.0].pos = *from,
        _ => {}
    }
    Ok(SaveFile {
        format: FORMAT.into(),
        version: VERSION,
        scenario: scenario.path.clone(),
        fingerprint: format!("{:016x}", scenario.fingerprint),
        turn: session.battle.turn,
        seed,
        units: units
            .iter()
            .map(|u| SavedUnit {
                name: u.name.clone(),
                at: u.pos,
                hp: u.hp,
                alive: u.alive,
                acted: u.acted,
                triggered: u.triggered,
            })
            .collect(),
    })
}

/// Writes a save atomically: the previous file stays whole until the new one is complete.
pub fn write(path: &Path, save: &SaveFile) -> Result<(), SaveError> {
    let text = serde_json::to_string_pretty(save).map_err(|e| at_file(path, format!("cannot encode save: {e}")))?;
    let tmp = path.with_extension("save.tmp");
    let written = std::fs::write(&tmp, text.as_bytes()).and_then(|_| {
        // Make the bytes durable before the rename makes them the save.
        std::fs::File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, path)
    });
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        at_file(path, format!("cannot write save: {e}"))
    })
}

/// Reads a save file, checking its format and version; a damaged file is located by line and column.
pub fn read(path: &Path) -> Result<SaveFile, SaveError> {
    let src = Source::read(path).map_err(SaveError)?;
    parse(&src)
}

/// Parses a save from text already read (the part of [`read`] after the file is opened;
/// the fuzz target feeds it arbitrary text).
pub fn parse(src: &Source) -> Result<SaveFile, SaveError> {
    let at_src = |message: String| {
        SaveError(Diagnostic {
            path: src.path.clone(),
            line: 1,
            col: 1,
            message,
        })
    };
    // Look at the version first so that a newer layout gets a version message, not a field error.
    let header: serde_json::Value = serde_json::from_str(&src.text).map_err(|e| {
        SaveError(src.error_line_col(e.line().max(1), e.column().max(1), format!("damaged save file: {e}")))
    })?;
    if header.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(at_src(format!(
            "not a skirmish save file (expected \"format\": \"{FORMAT}\")"
        )));
    }
    match header.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == VERSION as u64 => {}
        Some(v) => {
            return Err(at_src(format!(
                "save is version {v}; this skirmish reads version {VERSION} only"
            )));
        }
        None => return Err(at_src("save has no version number".into())),
    }
    serde_json::from_str(&src.text).map_err(|e| {
        SaveError(src.error_line_col(e.line().max(1), e.column().max(1), format!("damaged save file: {e}")))
    })
}

/// Puts a save's state onto a fresh battle of its scenario, after checking that the
/// scenario is the one the save was made from. The battle is untouched on error.
pub fn restore(save: &SaveFile, scenario: &Scenario, battle: &mut Battle, save_path: &Path) -> Result<(), SaveError> {
    if save.fingerprint != format!("{:016x}", scenario.fingerprint) {
        return Err(at_file(
            save_path,
            format!(
                "scenario {} or its map changed since this save was made: the save no longer fits it",
                scenario.path
            ),
        ));
    }
    if save.units.len() != battle.units.len() || save.units.iter().zip(&battle.units).any(|(s, u)| s.name != u.name) {
        return Err(at_file(
            save_path,
            format!("the units in this save do not match scenario {}", scenario.path),
        ));
    }
    let mut units = battle.units.clone();
    let mut seen = std::collections::HashSet::new();
    for (u, s) in units.iter_mut().zip(&save.units) {
        if s.alive && (!battle.map.contains(s.at) || !seen.insert(s.at)) {
            return Err(at_file(
                save_path,
                format!("unit {:?} has an impossible cell {} in this save", s.name, s.at),
            ));
        }
        if s.hp < 0 || s.hp > u.stats.hp || (s.alive && s.hp == 0) {
            return Err(at_file(
                save_path,
                format!("unit {:?} has impossible hit points {} in this save", s.name, s.hp),
            ));
        }
        u.pos = s.at;
        u.hp = s.hp;
        u.alive = s.alive;
        u.acted = s.acted;
        u.triggered = s.triggered;
    }
    battle.units = units;
    battle.turn = save.turn.max(1);
    battle.rebuild_occupancy();
    Ok(())
}
