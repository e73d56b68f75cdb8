//! Live reload: notice when data files or the scenario change on disk, and apply a valid
//! edit to the battle in progress without losing anything; an invalid edit changes nothing
//! and comes back as located errors for the game to show.

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, display_path};
use crate::load::scenario::Scenario;
use skirmish_core::ai::registry::Registry;
use skirmish_core::play::phase::Session;
use skirmish_core::rules::Battle;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Polls a set of files for changes (modification time and length).
#[derive(Debug, Clone)]
pub struct Watch {
    files: Vec<(PathBuf, Option<(SystemTime, u64)>)>,
}

fn stamp(p: &Path) -> Option<(SystemTime, u64)> {
    let m = std::fs::metadata(p).ok()?;
    Some((m.modified().ok()?, m.len()))
}

impl Watch {
    /// Watches the data folder's files (`terrain.toml`, `profiles.toml`, `units.toml` and the
    /// optional `weapons.toml`: its appearing or going counts), the scenario and its map (and a
    /// Tiled map's tilesets).
    pub fn new(data_dir: &Path, scenario: &Path, map: &Path) -> Watch {
        let mut files: Vec<PathBuf> = ["terrain.toml", "profiles.toml", "units.toml", "weapons.toml"]
            .iter()
            .map(|f| data_dir.join(f))
            .collect();
        files.push(scenario.to_path_buf());
        files.push(map.to_path_buf());
        if crate::load::tiled::is_tmx(map) {
            files.extend(crate::load::tiled::tileset_files(map));
        }
        Watch {
            files: files.into_iter().map(|f| (f.clone(), stamp(&f))).collect(),
        }
    }

    /// True when any watched file changed since the last call (or since creation).
    pub fn changed(&mut self) -> bool {
        let mut any = false;
        for (path, last) in &mut self.files {
            let now = stamp(path);
            if now != *last {
                *last = now;
                any = true;
            }
        }
        any
    }
}

/// What a successful reload loaded (the game keeps them for restarts).
#[derive(Debug, Clone)]
pub struct Reloaded {
    /// The data set now in force.
    pub data: DataSet,
    /// The scenario as it now reads.
    pub scenario: Scenario,
    /// A line for the player.
    pub message: String,
}

/// Reloads the data folder and the scenario, and applies them to `session`: new profiles
/// take effect from the next enemy decision, new terrain costs and unit stats at once.
/// Positions, hit points (capped by a lowered maximum), acted flags, guard triggers and the
/// turn are kept. On any error nothing changes. Profiles are read against `registry`.
pub fn reload(
    session: &mut Session,
    scenario_path: &Path,
    data_dir: &Path,
    registry: &Registry,
) -> Result<Reloaded, Diagnostics> {
    reload_at(session, scenario_path, data_dir, registry, None)
}

/// [`reload`] of a battle played at difficulty `level` (applied again to the new files).
pub fn reload_at(
    session: &mut Session,
    scenario_path: &Path,
    data_dir: &Path,
    registry: &Registry,
    level: Option<&str>,
) -> Result<Reloaded, Diagnostics> {
    reload_prepared(session, scenario_path, data_dir, registry, level, |s| s)
}

/// [`reload_at`] of a battle whose scenario was made from its file by `prepare` (a campaign
/// chapter's roster put on it, see `ChapterStart::prepare` in the replay module): the new
/// files are read, the level applied, then `prepare` again, so the units keep what the
/// roster gave them.
pub fn reload_prepared(
    session: &mut Session,
    scenario_path: &Path,
    data_dir: &Path,
    registry: &Registry,
    level: Option<&str>,
    prepare: impl FnOnce(Scenario) -> Scenario,
) -> Result<Reloaded, Diagnostics> {
    let data = crate::load::data::load(data_dir, registry)?;
    let (scenario, data) = crate::load::difficulty::load(scenario_path, data, level)?;
    let scenario = prepare(scenario);
    let b = session.battle();
    let refuse = |message: String| -> Diagnostics { Diagnostic::whole_file(scenario_path, message).into() };
    let (w, h) = (b.map().width(), b.map().height());
    if (scenario.map.width(), scenario.map.height()) != (w, h) {
        return Err(refuse(format!(
            "the map changed size ({w}x{h} to {}x{}): restart the battle (R) to use it",
            scenario.map.width(),
            scenario.map.height()
        )));
    }
    let units = b.units();
    if scenario.units.len() != units.len() || scenario.units.iter().zip(units).any(|(s, u)| s.name != u.name()) {
        return Err(refuse(
            "units were added, removed or renamed: restart the battle (R) to use them; other edits apply live".into(),
        ));
    }
    // The same units with the new numbers, carrying the battle's state and history over
    // through the core (hit points capped by a lowered maximum).
    let battle = b
        .carried_into(Battle::new(&scenario, &data))
        .map_err(|e| refuse(format!("the battle does not fit the edited files: {e}")))?;
    session.reloaded(battle, data.profiles.clone());
    let message = format!(
        "reloaded {} and {}",
        display_path(data_dir),
        display_path(scenario_path)
    );
    Ok(Reloaded {
        data,
        scenario,
        message,
    })
}
