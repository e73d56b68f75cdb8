//! The player's options (window size, animation speed, AI notes, sound, grid lines ...): a
//! plain serde struct kept as TOML in the platform's config folder, written atomically and
//! read with located errors. A broken file is a message on the title screen, never a crash.

use crate::load::diag::{Diagnostic, Source};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How fast moves, blows and banners play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum AnimSpeed {
    /// Half speed.
    Slow,
    /// As designed.
    #[default]
    Normal,
    /// The speed of F (fast enemy playback) for everything.
    Fast,
}

impl AnimSpeed {
    /// Every speed, slowest first.
    pub const ALL: [AnimSpeed; 3] = [AnimSpeed::Slow, AnimSpeed::Normal, AnimSpeed::Fast];

    /// The word the options screen shows (and the file holds).
    pub fn name(self) -> &'static str {
        match self {
            AnimSpeed::Slow => "slow",
            AnimSpeed::Normal => "normal",
            AnimSpeed::Fast => "fast",
        }
    }
}

/// Everything the options screen changes. Missing keys take their defaults, unknown keys are
/// refused (with the file, line and column).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Window width in pixels, as the player last left it.
    pub width: u32,
    /// Window height in pixels.
    pub height: u32,
    /// Fill the screen instead of a window.
    pub fullscreen: bool,
    /// How fast animations play.
    pub animation: AnimSpeed,
    /// End the turn by itself once the last unit has acted.
    pub auto_end_turn: bool,
    /// Every enemy's decision and its reasons in the log (key A in battle).
    pub ai_notes: bool,
    /// Sound effects' volume, 0 (silent) to 100.
    pub volume: u8,
    /// Thin lines between map cells.
    pub grid_lines: bool,
    /// The map scrolls when the pointer rests at the window's edge.
    pub edge_scroll: bool,
    /// In a campaign, a unit that falls is gone for good (off: "casual").
    pub permadeath: bool,
    /// The danger view (key D in battle) as the player last left it: every battle, a resumed
    /// save included, opens with it so (issue 33's play: it was off after resuming a save).
    pub danger_view: bool,
}

/// The window size the game opens at when the screen has room.
pub const DEFAULT_SIZE: (u32, u32) = (1280, 800);

/// The smallest window the options accept.
pub const MIN_SIZE: (u32, u32) = (640, 480);

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            width: DEFAULT_SIZE.0,
            height: DEFAULT_SIZE.1,
            fullscreen: false,
            animation: AnimSpeed::Normal,
            auto_end_turn: false,
            ai_notes: false,
            volume: 80,
            grid_lines: true,
            edge_scroll: false,
            permadeath: true,
            danger_view: false,
        }
    }
}

impl Settings {
    /// Reads `path`: `Ok(None)` when there is no such file (first start), a located error when
    /// it cannot be read or parsed or holds values out of range.
    pub fn read(path: &Path) -> Result<Option<Settings>, Diagnostic> {
        if !path.exists() {
            return Ok(None);
        }
        let src = Source::read(path)?;
        Settings::parse(&src).map(Some)
    }

    /// Parses settings text (see [`Settings::read`]).
    pub fn parse(src: &Source) -> Result<Settings, Diagnostic> {
        let s: Settings = src.parse_toml()?;
        if s.volume > 100 {
            return Err(at_key(
                src,
                "volume",
                format!("volume = {}: expected 0 to 100", s.volume),
            ));
        }
        for (key, v, min) in [("width", s.width, MIN_SIZE.0), ("height", s.height, MIN_SIZE.1)] {
            if !(min..=16_384).contains(&v) {
                return Err(at_key(src, key, format!("{key} = {v}: expected {min} to 16384 pixels")));
            }
        }
        Ok(s)
    }

    /// Writes the settings to `path` atomically (temporary file, then rename), making its folder.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        let text = format!("# skirmish options (the Options screen writes this file)\n{text}");
        crate::io::files::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// A message at the line of `key = ...` in `src` (the whole file when the key is not found).
fn at_key(src: &Source, key: &str, message: String) -> Diagnostic {
    let mut offset = 0;
    for line in src.text.split_inclusive('\n') {
        let t = line.trim_start();
        if t.strip_prefix(key).is_some_and(|r| r.trim_start().starts_with('=')) {
            return src.error_at(offset + (line.len() - t.len()), message);
        }
        offset += line.len();
    }
    Diagnostic::whole_file(Path::new(&src.path), message)
}

/// The game's folders: options in the platform's config folder, records (best results) and
/// campaign progress in its data folder. `SKIRMISH_HOME=DIR` puts all of them in DIR.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Places {
    /// The options file.
    pub settings: PathBuf,
    /// The data folder (records, campaign progress).
    pub data: PathBuf,
}

impl Places {
    /// Where this platform keeps them (Linux: `~/.config/skirmish/options.toml` and
    /// `~/.local/share/skirmish/`); `None` when the platform has no home folder.
    pub fn find() -> Option<Places> {
        if let Some(home) = std::env::var_os("SKIRMISH_HOME").filter(|h| !h.is_empty()) {
            let home = PathBuf::from(home);
            return Some(Places {
                settings: home.join("options.toml"),
                data: home,
            });
        }
        let dirs = directories::ProjectDirs::from("", "", "skirmish")?;
        Some(Places {
            settings: dirs.config_dir().join("options.toml"),
            data: dirs.data_dir().to_path_buf(),
        })
    }

    /// The file of best results per scenario.
    pub fn records(&self) -> PathBuf {
        self.data.join("records.toml")
    }

    /// The folder of the save slots.
    pub fn saves(&self) -> PathBuf {
        self.data.join("saves")
    }

    /// The campaign's progress file.
    pub fn progress(&self) -> PathBuf {
        self.data.join("progress.json")
    }
}

/// The window size to open at: the wanted size, or the largest of its shape that fits in
/// `monitor` (leaving room for a title bar and a task bar), never below [`MIN_SIZE`].
pub fn fit_window(wanted: (u32, u32), monitor: Option<(u32, u32)>) -> (u32, u32) {
    let Some((mw, mh)) = monitor.filter(|&(w, h)| w > 0 && h > 0) else {
        return wanted;
    };
    if wanted.0 <= mw && wanted.1 <= mh {
        return wanted;
    }
    // Room for decorations and panels when the window does not fit as asked.
    let (room_w, room_h) = (mw as f32 * 0.95, mh as f32 * 0.9);
    let s = (room_w / wanted.0 as f32).min(room_h / wanted.1 as f32).min(1.0);
    (
        ((wanted.0 as f32 * s) as u32).max(MIN_SIZE.0),
        ((wanted.1 as f32 * s) as u32).max(MIN_SIZE.1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_keys_take_defaults_and_unknown_keys_are_located() {
        let s = Settings::parse(&Source::new("o.toml", "volume = 40\ngrid_lines = false\n")).unwrap();
        assert_eq!(s.volume, 40);
        assert!(!s.grid_lines);
        assert_eq!((s.width, s.height), DEFAULT_SIZE);
        assert!(!s.auto_end_turn, "automatic end of turn is off by default");
        let e = Settings::parse(&Source::new("o.toml", "volume = 40\nvolum = 3\n")).unwrap_err();
        assert!(e.to_string().starts_with("o.toml:2:1"), "{e}");
        let e = Settings::parse(&Source::new("o.toml", "width = 800\nvolume = 140\n")).unwrap_err();
        assert!(
            e.to_string().starts_with("o.toml:2:1") && e.to_string().contains("0 to 100"),
            "{e}"
        );
        let e = Settings::parse(&Source::new("o.toml", "animation = \"warp\"\n")).unwrap_err();
        assert!(e.to_string().starts_with("o.toml:1:"), "{e}");
        let e = Settings::parse(&Source::new("o.toml", "width = 12")).unwrap_err();
        assert!(e.to_string().contains("640 to 16384"), "{e}");
    }

    #[test]
    fn written_settings_read_back_and_a_truncated_file_is_an_error() {
        let dir = std::env::temp_dir().join(format!("skirmish-settings-{}", std::process::id()));
        let path = dir.join("deep").join("options.toml");
        assert_eq!(Settings::read(&path).unwrap(), None, "no file yet: first start");
        let s = Settings {
            width: 1000,
            height: 700,
            animation: AnimSpeed::Fast,
            ai_notes: true,
            volume: 0,
            permadeath: false,
            ..Settings::default()
        };
        s.write(&path).unwrap();
        assert_eq!(Settings::read(&path).unwrap(), Some(s));
        assert!(
            !path.with_file_name("options.toml.tmp").exists(),
            "no temporary file left"
        );
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, &text[..text.len() / 2 + 3]).unwrap();
        let e = Settings::read(&path).unwrap_err().to_string();
        assert!(e.contains("options.toml:"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_window_fits_the_screen() {
        assert_eq!(fit_window((1280, 800), Some((1920, 1080))), (1280, 800));
        assert_eq!(fit_window((1280, 800), None), (1280, 800));
        let (w, h) = fit_window((1280, 800), Some((1024, 768)));
        assert!(w <= 1024 && h <= 768 * 9 / 10, "{w}x{h}");
        assert!((w as f32 / h as f32 - 1.6).abs() < 0.01, "the same shape: {w}x{h}");
        assert_eq!(fit_window((1280, 800), Some((600, 400))), MIN_SIZE);
    }
}
