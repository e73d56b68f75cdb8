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

/// The battle's scenario as the game shows it: a campaign chapter's roster put on it, and its
/// chapter and difficulty level in its name (the top band and the window's title show it).
pub fn dressed(scenario: Scenario, chapter: Option<&ChapterStart>) -> Scenario {
    titled(
        match chapter {
            Some(c) => c.prepare(&scenario),
            None => scenario,
        },
        chapter,
    )
}

/// [`dressed`]'s name only, for a scenario the roster is on already.
pub fn titled(mut s: Scenario, chapter: Option<&ChapterStart>) -> Scenario {
    if let Some(level) = &s.difficulty {
        s.name = format!("{} ({level})", s.name);
    }
    if let Some(c) = chapter {
        // The chapter's own title, as its intro said it, else the scenario's name.
        let mut name = match (&c.title, &s.difficulty) {
            (Some(t), Some(level)) => format!("{t} ({level})"),
            (Some(t), None) => t.clone(),
            (None, _) => s.name.clone(),
        };
        // The campaign's chance in combat, said beside the level so the player knows.
        if c.chance {
            name = match name.strip_suffix(')').filter(|_| s.difficulty.is_some()) {
                Some(open) => format!("{open}, chance on)"),
                None => format!("{name} (chance on)"),
            };
        }
        s.name = format!("Chapter {}: {name}", c.number);
    }
    s
}

/// Seconds between checks for edited files.
pub(super) const WATCH_SECS: f32 = 0.5;

/// The replay file written as the battle is played. A battle is recorded from its start; a
/// battle loaded from a save is not (its replay would not start at the scenario's start), nor
/// one whose files change while it is played.
#[derive(Debug, Default)]
pub(super) struct Recorder {
    /// The files' fingerprint the battle being recorded started with; `None` when not recording.
    fingerprint: Option<String>,
}

impl Recorder {
    /// A battle begins: `from_start` is the fingerprint of its files when it starts at the
    /// scenario's start, `None` when it does not (loaded, played back). Called before the new
    /// battle's first write, so that write is judged by the new battle's files, not the old's.
    pub(super) fn begin(&mut self, from_start: Option<String>) {
        self.fingerprint = from_start;
    }

    /// The battle moved on: writes its replay so far to `path`. `Some(why)` when recording
    /// stops here (the files changed under it, or the file cannot be written).
    pub(super) fn write(
        &mut self,
        battle: &Battle,
        scenario: &Scenario,
        data: &DataSet,
        chapter: Option<&ChapterStart>,
        path: &Path,
    ) -> Option<String> {
        let fp = self.fingerprint.as_ref()?;
        let mut r = crate::io::replay::record(battle, scenario, data);
        // A chapter's replay carries its roster, to be played again without the campaign.
        r.chapter = chapter.cloned();
        let stop = if &r.fingerprint != fp {
            Some("replay stopped: the scenario or data files changed during the battle".to_string())
        } else {
            crate::io::replay::write(path, &r).err().map(|e| e.to_string())
        };
        if stop.is_some() {
            self.fingerprint = None;
        }
        stop
    }
}

impl GameState {
    /// The fingerprint of the files of the battle being played, to record it from its start.
    pub(super) fn files_fingerprint(&self) -> String {
        crate::io::replay::battle_fingerprint(&self.scenario, &self.data)
    }

    /// Writes the replay so far; says why when recording stops.
    pub(super) fn write_replay(&mut self) {
        let stop = self.recorder.write(
            self.session.battle(),
            &self.scenario,
            &self.data,
            self.chapter.as_ref(),
            &self.files.record,
        );
        if let Some(why) = stop {
            self.say(why);
        }
    }

    /// R: the same battle from the start.
    pub(super) fn restart(&mut self) {
        let danger = self.session.show_danger();
        // Another battle: rolls from a seed of its own (a scripted run's stay 0).
        let seed = crate::play::new_battle_seed(self.scripted);
        self.session = Session::new(
            Battle::new(&self.scenario, &self.data).with_seed(seed),
            self.data.profiles.clone(),
        );
        self.session.set_show_danger(danger);
        self.playback.clear();
        // Recorded from here, with this scenario's files (after a switch or an edit too).
        self.begin(Some(self.files_fingerprint()));
    }

    /// S: saves the battle in progress.
    pub(super) fn save(&mut self) {
        // A save slot's folder is made on the first save.
        if let Some(dir) = self.files.save.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(dir);
        }
        let settled = self.session.settled_battle();
        let line = match settled.map(|b| crate::io::save::snapshot(&b, &self.scenario, 0)) {
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
                let danger = self.session.show_danger();
                self.session = Session::new(battle, self.data.profiles.clone());
                self.session.set_show_danger(danger);
                self.playback.clear();
                // A replay starts at the scenario's start; a loaded battle did not.
                self.begin(None);
                self.say(format!(
                    "loaded turn {} from {} (not recorded as a replay)",
                    self.session.battle().turn(),
                    self.files.save.display()
                ));
            }
            Err(e) => self.say(e.to_string()),
        }
    }

    /// The battle cannot switch to another scenario of its folder: a campaign's chapter (the
    /// campaign goes on from it) or a network game (both sides play one scenario).
    pub(in crate::game) fn fixed_scenario(&self) -> bool {
        self.chapter.is_some() || self.net.is_some()
    }

    /// F5 or an edited file: reloads data and scenario into the battle in progress. A broken
    /// file keeps everything as it was and stays on screen until fixed.
    pub(super) fn reload(&mut self) {
        let chapter = self.chapter.as_ref();
        match crate::io::reload::reload_prepared(
            &mut self.session,
            &self.files.scenario,
            &self.files.data_dir,
            &self.data.registry,
            self.scenario.difficulty.as_deref(),
            |s| dressed(s, chapter),
        ) {
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
        let list = crate::io::files::list_scenarios(&dir);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Command;

    fn scenario(name: &str) -> (Scenario, DataSet, PathBuf) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(name);
        let (s, d, dir) = crate::cli::load_scenario(&path, None).expect("shipped scenario");
        (s, d, dir)
    }

    #[test]
    fn a_battle_that_begins_is_judged_by_its_own_files() {
        let out = std::env::temp_dir().join(format!("skirmish-recorder-{}.replay", std::process::id()));
        let (sample, sample_data, _) = scenario("sample.toml");
        let (river, river_data, _) = scenario("river.toml");
        let mut r = Recorder::default();
        r.begin(Some(crate::io::replay::battle_fingerprint(&sample, &sample_data)));
        let mut b = Battle::new(&sample, &sample_data);
        b.execute(Command::EndPhase { team: Team::Player })
            .expect("the player phase ends");
        assert_eq!(r.write(&b, &sample, &sample_data, None, &out), None);
        // PgDn: the river battle begins. Its first write (its opening phase banner) is judged
        // by the river's files, so nothing says the sample's files changed.
        let fresh = Battle::new(&river, &river_data);
        r.begin(Some(crate::io::replay::battle_fingerprint(&river, &river_data)));
        assert_eq!(
            r.write(&fresh, &river, &river_data, None, &out),
            None,
            "no 'replay stopped' on a switch"
        );
        let written = crate::io::replay::read(&out).expect("a replay of the river battle");
        assert!(written.scenario.ends_with("river.toml"), "{}", written.scenario);
        assert!(written.commands.is_empty(), "the river battle has no command yet");
        // Judged by the old battle's files, the same write would stop the recording: that is
        // why a battle's recording begins before its first write.
        let mut stale = Recorder::default();
        stale.begin(Some(crate::io::replay::battle_fingerprint(&sample, &sample_data)));
        assert!(
            stale
                .write(&fresh, &river, &river_data, None, &out)
                .is_some_and(|why| why.contains("changed"))
        );
        // A loaded battle is not recorded: the file is left alone.
        let before = std::fs::read(&out).unwrap();
        r.begin(None);
        assert_eq!(r.write(&b, &sample, &sample_data, None, &out), None);
        assert_eq!(
            std::fs::read(&out).unwrap(),
            before,
            "a loaded battle does not overwrite the replay"
        );
        let _ = std::fs::remove_file(&out);
    }

    /// The top band names a chapter as its intro did (found playing: chapter 1's intro said
    /// "The crossroads", its battle "The first skirmish"), with the level after it.
    #[test]
    fn a_chapter_is_named_as_the_campaign_names_it() {
        let (mut s, _, _) = scenario("sample.toml");
        let mut chapter = ChapterStart {
            number: 1,
            title: Some("The crossroads".into()),
            permadeath: true,
            roster: Default::default(),
            set: Vec::new(),
            chance: false,
        };
        assert_eq!(dressed(s.clone(), Some(&chapter)).name, "Chapter 1: The crossroads");
        s.difficulty = Some("easy".into());
        assert_eq!(
            dressed(s.clone(), Some(&chapter)).name,
            "Chapter 1: The crossroads (easy)"
        );
        chapter.title = None;
        assert_eq!(
            dressed(s.clone(), Some(&chapter)).name,
            "Chapter 1: The first skirmish (easy)"
        );
        assert_eq!(dressed(s.clone(), None).name, "The first skirmish (easy)");
        chapter.chance = true;
        assert_eq!(
            dressed(s.clone(), Some(&chapter)).name,
            "Chapter 1: The first skirmish (easy, chance on)"
        );
        s.difficulty = None;
        chapter.title = Some("The crossroads".into());
        assert_eq!(dressed(s, Some(&chapter)).name, "Chapter 1: The crossroads (chance on)");
    }
}
