//! The game's files: save (S) and load (L), live reload, switching scenarios, restarting,
//! and the replay written as the battle is played.

use super::*;

/// Where the game's files are.
pub struct Files {
    /// The scenario being played.
    pub scenario: PathBuf,
    /// Its data folder.
    pub data_dir: PathBuf,
    /// Where S saves and L loads.
    pub save: PathBuf,
    /// Where the battle's replay is written as it is played.
    pub record: PathBuf,
    /// True when the data folder was given with `--data` (kept for every scenario).
    pub data_given: bool,
}

/// Seconds between checks for edited files.
pub(super) const WATCH_SECS: f32 = 0.5;

impl GameState {
    /// Starts writing this battle's replay (from its first command).
    pub(super) fn start_recording(&mut self) {
        let fp = crate::io::replay::fingerprint(&self.scenario, &self.files.data_dir);
        self.recording = Some(fp);
    }

    /// Writes the replay so far. A battle loaded from a save, or whose files changed while it
    /// was played, cannot be replayed from its start: recording stops, and says why.
    pub(super) fn write_replay(&mut self) {
        let Some(fp) = &self.recording else { return };
        let r = crate::io::replay::record(self.session.battle(), &self.scenario, &self.files.data_dir);
        let stop = if &r.fingerprint != fp {
            Some("replay stopped: the scenario or data files changed during the battle".to_string())
        } else {
            crate::io::replay::write(&self.files.record, &r)
                .err()
                .map(|e| e.to_string())
        };
        if let Some(why) = stop {
            self.recording = None;
            self.say(why);
        }
    }

    /// R: the same battle from the start.
    pub(super) fn restart(&mut self) {
        let danger = self.session.show_danger;
        self.session = Session::new(Battle::new(&self.scenario, &self.data), self.data.profiles.clone());
        self.session.show_danger = danger;
        self.begin();
        self.playback.clear();
        self.start_recording();
    }

    /// S: saves the battle in progress.
    pub(super) fn save(&mut self) {
        let line = match crate::io::save::snapshot(&self.session, &self.scenario, 0) {
            Err(why) => why,
            Ok(file) => match crate::io::save::write(&self.files.save, &file) {
                Ok(()) => {
                    self.session.mark_saved();
                    format!("saved turn {} to {}", file.turn, self.files.save.display())
                }
                Err(e) => e.to_string(),
            },
        };
        self.say(line);
    }

    /// L: loads the save, if it fits this scenario; otherwise says why and changes nothing.
    pub(super) fn load(&mut self) {
        let mut battle = Battle::new(&self.scenario, &self.data);
        let loaded = crate::io::save::read(&self.files.save)
            .and_then(|f| crate::io::save::restore(&f, &self.scenario, &mut battle, &self.files.save));
        match loaded {
            Ok(()) => {
                let danger = self.session.show_danger;
                self.session = Session::new(battle, self.data.profiles.clone());
                self.session.show_danger = danger;
                self.begin();
                self.playback.clear();
                // A replay starts at the scenario's start; a loaded battle did not.
                self.recording = None;
                self.say(format!(
                    "loaded turn {} from {} (not recorded as a replay)",
                    self.session.battle().turn(),
                    self.files.save.display()
                ));
            }
            Err(e) => self.say(e.to_string()),
        }
    }

    /// F5 or an edited file: reloads data and scenario into the battle in progress. A broken
    /// file keeps everything as it was and stays on screen until fixed.
    pub(super) fn reload(&mut self) {
        match crate::io::reload::reload(&mut self.session, &self.files.scenario, &self.files.data_dir) {
            Ok(r) => {
                self.data = r.data;
                self.scenario = r.scenario;
                self.alert = None;
                self.zones.reset();
                self.rebuild = true;
                self.say(r.message);
            }
            Err(e) => self.alert = Some(e.to_string()),
        }
    }

    /// PgUp/PgDn: the previous or next scenario of the same folder.
    pub(super) fn switch_scenario(&mut self, step: i32) {
        let dir = self.files.scenario.parent().map(Path::to_path_buf).unwrap_or_default();
        let list = crate::io::files::list_files(&dir, "toml");
        if list.is_empty() {
            return;
        }
        let here = list
            .iter()
            .position(|p| p.file_name() == self.files.scenario.file_name())
            .unwrap_or(0) as i32;
        let next = list[(here + step).rem_euclid(list.len() as i32) as usize].clone();
        let data = self.files.data_given.then(|| self.files.data_dir.clone());
        match crate::cli::load_scenario(&next, data) {
            Ok((scenario, data, data_dir)) => {
                self.watch = Watch::new(&data_dir, &next, Path::new(&scenario.map_path));
                self.files.scenario = next;
                self.files.data_dir = data_dir;
                self.scenario = scenario;
                self.data = data;
                self.alert = None;
                self.rebuild = true;
                self.restart();
                let name = self.scenario.name.clone();
                self.retitle = true;
                self.say(format!("scenario: {name}"));
            }
            Err(e) => self.alert = Some(e.to_string()),
        }
    }
}
