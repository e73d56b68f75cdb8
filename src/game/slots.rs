//! Save slots: one save file per scenario (and difficulty) and per campaign chapter, in the
//! `saves` folder of the platform's data folder (`SKIRMISH_HOME` when set), so a chapter and a
//! skirmish no longer write over each other's `./skirmish.save`. `--save-file` still wins.
//! The Load screen lists them with their scenario, turn and date.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

/// The slot's file name of `scenario` at `difficulty`, or of campaign chapter `chapter`
/// (numbered from 1) played on it: letters, digits, `-` and `_` only.
pub fn slot_name(scenario: &Path, difficulty: Option<&str>, chapter: Option<usize>) -> String {
    let stem = scenario
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "battle".to_string());
    let mut name = match chapter {
        Some(n) => format!("chapter-{n}-{stem}"),
        None => stem,
    };
    if let Some(d) = difficulty {
        name = format!("{name}-{d}");
    }
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{clean}.save")
}

/// One save slot as the Load screen lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The save file.
    pub path: PathBuf,
    /// The scenario file the save is of, as it was given when the battle started.
    pub scenario: PathBuf,
    /// Its difficulty level, if one was chosen.
    pub difficulty: Option<String>,
    /// The turn it was saved on.
    pub turn: u32,
    /// When it was written (UTC), "2026-11-28 05:40".
    pub date: String,
    /// Seconds since 1970 (newest first in the list).
    pub written: u64,
    /// For a campaign chapter's slot, the chapter's number (from 1; it is played through
    /// Continue, with its roster).
    pub chapter: Option<usize>,
    /// The scenario's own name ("Odds in the woods"), when its file still reads.
    pub name: Option<String>,
}

impl Slot {
    /// How the Load screen says it: "River crossing (river.toml) (hard) · turn 3 · 2026-11-28
    /// 05:40"; a
    /// chapter's slot by the chapter's number and title in `titles` (the campaign's, in
    /// order), as the campaign names it: "Chapter 2: The castle (hard) · turn 3 · ..." (issue
    /// 33's play: it named the scenario's file, `sample.toml`).
    pub fn describe(&self, titles: &[String]) -> String {
        let file = self
            .scenario
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let level = self.difficulty.as_ref().map(|d| format!(" ({d})")).unwrap_or_default();
        let what = match self.chapter {
            Some(n) => match titles.get(n.wrapping_sub(1)) {
                Some(title) => format!("Chapter {n}: {title}"),
                None => format!("campaign chapter {n}: {file}"),
            },
            // A battle by the scenario's name, as the picker names it, and its file (issue
            // 39's play: the Load list said "woods.toml" for "Odds in the woods").
            None => match &self.name {
                Some(name) => format!("{name} ({file})"),
                None => file,
            },
        };
        format!("{what}{level} · turn {} · {}", self.turn, self.date)
    }
}

/// Every readable save in `dir`, newest first (a file that does not read as a save is left
/// out: the Load screen lists what can be loaded).
pub fn list(dir: &Path) -> Vec<Slot> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<Slot> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "save"))
        .filter_map(|path| {
            let save = crate::io::save::read(&path).ok()?;
            let written = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs());
            let chapter = path.file_name().and_then(|n| chapter_of(&n.to_string_lossy()));
            let scenario = PathBuf::from(&save.scenario);
            let name = crate::cli::load_scenario(&scenario, None).ok().map(|(s, _, _)| s.name);
            Some(Slot {
                name,
                scenario,
                difficulty: save.difficulty.clone(),
                turn: save.turn,
                date: date(written),
                written,
                chapter,
                path,
            })
        })
        .collect();
    out.sort_by(|a, b| b.written.cmp(&a.written).then_with(|| a.path.cmp(&b.path)));
    out
}

/// The chapter number of a chapter's slot file name ("chapter-2-castle.save": 2), as
/// [`slot_name`] writes it.
fn chapter_of(name: &str) -> Option<usize> {
    let rest = name.strip_prefix("chapter-")?;
    rest.split('-').next()?.parse().ok()
}

/// Seconds since 1970 as a UTC date and time, "2026-11-28 05:40" (days to a civil date:
/// Howard Hinnant's algorithm).
pub fn date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{m:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_scenario_level_and_chapter_has_its_own_slot() {
        let river = Path::new("maps/river.toml");
        assert_eq!(slot_name(river, None, None), "river.save");
        assert_eq!(slot_name(river, Some("hard"), None), "river-hard.save");
        assert_eq!(slot_name(river, Some("hard"), Some(2)), "chapter-2-river-hard.save");
        assert_eq!(slot_name(Path::new("maps/my map.toml"), None, None), "my_map.save");
        assert_ne!(slot_name(river, None, Some(1)), slot_name(river, None, None));
    }

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(date(0), "1970-01-01 00:00");
        assert_eq!(date(951_782_400), "2000-02-29 00:00");
        assert_eq!(date(1_795_824_000 + 5 * 3600 + 40 * 60), "2026-11-28 05:40");
    }

    #[test]
    fn the_list_has_scenario_turn_and_date_newest_first() {
        use crate::play::phase::Session;
        use crate::rules::Battle;
        let dir = std::env::temp_dir().join(format!("skirmish-slots-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for (name, age) in [("sample", 7200), ("river", 60)] {
            let path = root.join(format!("maps/{name}.toml"));
            let (scenario, data, _) = crate::cli::load_scenario(&path, None).unwrap();
            let session = Session::new(Battle::new(&scenario, &data), data.profiles.clone());
            let save = crate::io::save::snapshot(session.battle(), &scenario, 0);
            let file = dir.join(slot_name(&path, None, None));
            crate::io::save::write(&file, &save).unwrap();
            let when = std::time::SystemTime::now() - std::time::Duration::from_secs(age);
            std::fs::File::options()
                .write(true)
                .open(&file)
                .unwrap()
                .set_modified(when)
                .unwrap();
        }
        std::fs::write(dir.join("broken.save"), "not a save").unwrap();
        let slots = list(&dir);
        assert_eq!(slots.len(), 2, "{slots:?}");
        assert!(
            slots[0]
                .describe(&[])
                .starts_with("River crossing (river.toml) · turn 1 · 20"),
            "{}",
            slots[0].describe(&[])
        );
        assert!(
            slots[1]
                .describe(&[])
                .starts_with("The first skirmish (sample.toml) · turn 1 · ")
        );
        assert_eq!(slots[0].date, date(slots[0].written));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
