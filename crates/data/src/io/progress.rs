//! Campaign progress: which chapter comes next and the roster as it stands, a versioned JSON
//! file written atomically after every chapter. A damaged, truncated or foreign file is a
//! located message (the title screen still opens; the campaign can start anew).

use crate::io::files::{parse_versioned_json, write_atomic};
use crate::load::diag::{Diagnostic, Source};
use serde::{Deserialize, Serialize};
use skirmish_core::campaign::Roster;
use std::path::Path;

/// What a progress file says it is.
pub const FORMAT: &str = "skirmish-progress";
/// The layout this version writes and reads.
pub const VERSION: u32 = 1;

/// Where a campaign stands between chapters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout version, [`VERSION`] when written by this build.
    pub version: u32,
    /// The campaign file, as it was given when the campaign began.
    pub campaign: String,
    /// The campaign's name (for the title screen's Continue).
    pub name: String,
    /// The next chapter to play, from 0; the number of chapters once the campaign is won.
    pub chapter: usize,
    /// Fallen units stay gone (false: casual play).
    pub permadeath: bool,
    /// The difficulty level chosen at the start, if the chapters have levels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    /// Every chapter is played with chance in combat (chosen at New campaign). Written only
    /// when true, so progress files without it read (as off) and write as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chance: bool,
    /// Lost tries of the next chapter so far.
    #[serde(default)]
    pub tries: u32,
    /// Every player unit met so far.
    pub roster: Roster,
}

impl Progress {
    /// A campaign at its first chapter with an empty roster.
    pub fn new(campaign: &str, name: &str, permadeath: bool, difficulty: Option<String>) -> Progress {
        Progress {
            format: FORMAT.into(),
            version: VERSION,
            campaign: campaign.into(),
            name: name.into(),
            chapter: 0,
            permadeath,
            difficulty,
            chance: false,
            tries: 0,
            roster: Roster::default(),
        }
    }
}

/// Writes progress atomically (the previous file stays whole until the new one is complete),
/// creating its folder when missing.
pub fn write(path: &Path, progress: &Progress) -> Result<(), Diagnostic> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Diagnostic::whole_file(path, format!("cannot create folder {}: {e}", dir.display())))?;
    }
    let text = serde_json::to_string_pretty(progress)
        .map_err(|e| Diagnostic::whole_file(path, format!("cannot encode progress: {e}")))?;
    write_atomic(path, text.as_bytes()).map_err(|e| Diagnostic::whole_file(path, format!("cannot write progress: {e}")))
}

/// Reads a progress file, checking its format and version; damage is located by line and column.
pub fn read(path: &Path) -> Result<Progress, Diagnostic> {
    parse(&Source::read(path)?)
}

/// [`read`] on text already read.
pub fn parse(src: &Source) -> Result<Progress, Diagnostic> {
    let p: Progress = parse_versioned_json(src, FORMAT, VERSION, "campaign progress")?;
    if p.roster.members.iter().any(|m| m.level == 0 || m.stats.hp < 1) {
        return Err(src.error_line_col(
            1,
            1,
            "damaged campaign progress file: a unit with level 0 or no hit points",
        ));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_damage_is_located() {
        let dir = std::env::temp_dir().join(format!("skirmish-progress-{}", std::process::id()));
        let path = dir.join("deep").join("progress.json");
        let p = Progress::new("maps/campaign.toml", "War", true, Some("hard".into()));
        write(&path, &p).unwrap();
        assert_eq!(read(&path).unwrap(), p);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, &text[..text.len() / 2]).unwrap();
        let e = read(&path).unwrap_err();
        assert!(e.message.starts_with("damaged campaign progress file"), "{}", e.message);
        assert!(e.line > 1, "located: {e:?}");
        std::fs::write(&path, "{\"format\": \"skirmish-save\", \"version\": 1}").unwrap();
        assert!(
            read(&path)
                .unwrap_err()
                .message
                .contains("not a skirmish campaign progress file")
        );
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_dir(dir.join("deep"));
        let _ = std::fs::remove_dir(&dir);
    }

    #[test]
    fn chance_is_recorded_only_when_on_and_old_files_read_as_off() {
        let mut p = Progress::new("maps/campaign.toml", "War", true, Some("hard".into()));
        let off = serde_json::to_string_pretty(&p).unwrap();
        assert!(!off.contains("chance"), "{off}");
        // A file written before the option (no key) reads as off and writes back the same.
        let old = parse(&Source::new("progress.json", &off)).unwrap();
        assert!(!old.chance);
        assert_eq!(serde_json::to_string_pretty(&old).unwrap(), off);
        p.chance = true;
        let on = serde_json::to_string_pretty(&p).unwrap();
        assert!(on.contains("\"chance\": true"), "{on}");
        assert_eq!(parse(&Source::new("progress.json", &on)).unwrap(), p);
    }
}
