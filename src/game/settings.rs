//! The player's options (window size, animation speed, AI notes, sound, grid lines ...): a
//! plain serde struct kept as TOML in the platform's config folder, written atomically and
//! read with located errors. A broken file is a message on the title screen, never a crash.

use crate::game::controls::{self, Bindings, Control, PadButton};
use crate::load::diag::{Diagnostic, Source};
use indexmap::IndexMap;
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
    /// Keys rebound: a control's name (`confirm`, `end_turn` ...) and the keys it takes
    /// instead of its defaults (see [`crate::game::controls`]). Empty: every default.
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub keys: IndexMap<String, Vec<String>>,
    /// Pad buttons rebound, the same way (`confirm = ["south"]`).
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub pad: IndexMap<String, Vec<String>>,
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
            keys: IndexMap::new(),
            pad: IndexMap::new(),
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
        check_bindings(src, "keys", &s.keys, |k| controls::canonical(k).is_some())?;
        check_bindings(src, "pad", &s.pad, |b| PadButton::named(b).is_some())?;
        Ok(s)
    }

    /// The keys and pad buttons in force: the defaults with this file's changes.
    pub fn bindings(&self) -> Bindings {
        Bindings::new(&self.keys, &self.pad)
    }

    /// Key `key` (a file name, see [`controls::key_name`]) now does `c`, and only that; the
    /// control that had it before, if another, is returned (it loses the key).
    pub fn bind_key(&mut self, c: Control, key: &str) -> Option<Control> {
        let had = self.bindings().key(key).filter(|&o| o != c);
        for list in self.keys.values_mut() {
            list.retain(|k| controls::canonical(k).as_deref() != Some(key));
        }
        self.keys.insert(c.name().to_string(), vec![key.to_string()]);
        had
    }

    /// Pad button `b` now does `c`, and only that; the control that had it before, if
    /// another, is returned.
    pub fn bind_pad(&mut self, c: Control, b: PadButton) -> Option<Control> {
        let had = self.bindings().pad(b).filter(|&o| o != c);
        for list in self.pad.values_mut() {
            list.retain(|n| n != b.name());
        }
        self.pad.insert(c.name().to_string(), vec![b.name().to_string()]);
        had
    }

    /// Every key and pad button back to its default.
    pub fn reset_bindings(&mut self) {
        self.keys.clear();
        self.pad.clear();
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

/// Checks a `[keys]` or `[pad]` table: every name a control, every key (button) one the game
/// knows, none given to two controls; a mistake is located at its name.
fn check_bindings(
    src: &Source,
    table: &str,
    map: &IndexMap<String, Vec<String>>,
    known: impl Fn(&str) -> bool,
) -> Result<(), Diagnostic> {
    let mut taken: Vec<(String, &str)> = Vec::new();
    for (name, given) in map {
        if Control::named(name).is_none() {
            let all: Vec<&str> = Control::ALL.iter().map(|c| c.name()).collect();
            return Err(in_table(
                src,
                table,
                name,
                None,
                format!("[{table}]: unknown action `{name}` (the actions: {})", all.join(", ")),
            ));
        }
        for k in given {
            if !known(k) {
                let what = if table == "pad" {
                    let all: Vec<&str> = PadButton::ALL.iter().map(|b| b.name()).collect();
                    format!("unknown pad button `{k}` (the buttons: {})", all.join(", "))
                } else {
                    format!(
                        "unknown key name `{k}` (a single character, or one of {})",
                        controls::NAMED_KEYS.join(", ")
                    )
                };
                return Err(in_table(src, table, name, Some(k), format!("[{table}] {name}: {what}")));
            }
            let canon = if table == "pad" {
                k.clone()
            } else {
                controls::canonical(k).unwrap_or_default()
            };
            if let Some((_, other)) = taken.iter().find(|(t, _)| *t == canon) {
                return Err(in_table(
                    src,
                    table,
                    name,
                    Some(k),
                    format!("[{table}] {name}: `{k}` is already {other}'s (a key does one thing)"),
                ));
            }
            taken.push((canon, name));
        }
    }
    Ok(())
}

/// A message at `key = ...` of table `[table]` in `src` (at the quoted `value` in it when
/// given); the table's header, else the whole file, when it is written some other way.
fn in_table(src: &Source, table: &str, key: &str, value: Option<&str>, message: String) -> Diagnostic {
    let text = &src.text;
    let header = format!("[{table}]");
    let Some(start) = text
        .match_indices(&header)
        .map(|(i, _)| i)
        .find(|&i| text[..i].rsplit('\n').next().is_some_and(|l| l.trim().is_empty()))
    else {
        return Diagnostic::whole_file(Path::new(&src.path), message);
    };
    let body_start = start + header.len();
    // The table runs to the next header.
    let body_end = text[body_start..]
        .match_indices("\n[")
        .next()
        .map_or(text.len(), |(i, _)| body_start + i);
    let mut offset = body_start;
    for line in text[body_start..body_end].split_inclusive('\n') {
        let t = line.trim_start();
        let bare = t.strip_prefix(key).or_else(|| {
            t.strip_prefix('"')
                .and_then(|r| r.strip_prefix(key))
                .and_then(|r| r.strip_prefix('"'))
        });
        if bare.is_some_and(|r| r.trim_start().starts_with('=')) {
            let at_key = offset + (line.len() - t.len());
            let at = value
                .and_then(|v| {
                    let rest = &text[at_key..body_end];
                    [format!("\"{v}\""), format!("'{v}'")]
                        .iter()
                        .filter_map(|q| rest.find(q.as_str()))
                        .min()
                })
                .map_or(at_key, |i| at_key + i);
            return src.error_at(at, message);
        }
        offset += line.len();
    }
    src.error_at(start, message)
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

    /// Issue 40: the `[keys]` and `[pad]` tables. A mistake is located at its name (and the
    /// game then uses the default options, as for any other mistake).
    #[test]
    fn rebound_keys_read_and_mistakes_are_located() {
        let text =
            "volume = 40\n\n[keys]\ndanger = [\"K\"]\nconfirm = [\"c\", \"Enter\"]\n\n[pad]\nundo = [\"west\"]\n";
        let s = Settings::parse(&Source::new("o.toml", text)).unwrap();
        let b = s.bindings();
        assert_eq!(b.key("k"), Some(Control::Danger));
        assert_eq!(b.key("d"), None, "D no longer shows the danger");
        assert_eq!(b.key("c"), Some(Control::Confirm));
        assert_eq!(b.key("z"), None);
        assert_eq!(
            b.pad(PadButton::West),
            Some(Control::Undo),
            "taken from Danger's default"
        );
        assert_eq!(b.pad(PadButton::North), None, "undo's default button is replaced");
        let cases = [
            (
                "[keys]\nconfirm = [\"z\"]\ndangr = [\"k\"]\n",
                "o.toml:3:1: [keys]: unknown action `dangr`",
            ),
            (
                "width = 800\n[keys]\ndanger = [\"k\", \"Hyper\"]\n",
                "o.toml:3:16: [keys] danger: unknown key name `Hyper`",
            ),
            (
                "[pad]\nundo = [\"triangle\"]\n",
                "o.toml:2:9: [pad] undo: unknown pad button `triangle`",
            ),
            (
                "[keys]\nundo = [\"k\"]\ndanger = [\"K\"]\n",
                "o.toml:3:11: [keys] danger: `K` is already undo's",
            ),
        ];
        for (text, want) in cases {
            let e = Settings::parse(&Source::new("o.toml", text)).unwrap_err().to_string();
            assert!(e.starts_with(want), "{e}\nwanted: {want}");
        }
        // Nothing rebound: the file is written as before, without the tables.
        let plain = toml::to_string(&Settings::default()).unwrap();
        assert!(!plain.contains("[keys]") && !plain.contains("[pad]"), "{plain}");
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
