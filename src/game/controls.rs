//! The action layer: what a key or a gamepad button does ([`Control`]), the bindings that map
//! keys and pad buttons to controls (the defaults, changed by the options file's `[keys]` and
//! `[pad]` tables), and the stick turned into d-pad presses. Keys and pad buttons end in the
//! same [`Control`], so every screen acts on controls and never on a device.
//!
//! The pad types here are the game's own (not gilrs'), so this layer and its tests build
//! without the `gamepad` feature; with it, ggez's buttons and axes are converted on arrival
//! (`PadButton::from_gilrs`, `PadAxis::from_gilrs`).

use crate::search::grid::Dir;
use ggez::winit::keyboard::{Key, NamedKey};
use indexmap::IndexMap;
use std::time::{Duration, Instant};

/// Something a key or a pad button does: the game's whole set of actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Control {
    /// Cursor (or menu choice) up.
    Up,
    /// Cursor down.
    Down,
    /// Cursor left (in the options: the value down).
    Left,
    /// Cursor right (the value up).
    Right,
    /// Select, pick a cell, choose an action.
    Confirm,
    /// Back out, take back a move; "no" to a question.
    Cancel,
    /// Back out, or open the game menu (Esc).
    Menu,
    /// End the player phase.
    EndTurn,
    /// Undo the last action of this phase.
    Undo,
    /// Cursor to the next unit that can act.
    NextUnit,
    /// Cursor to the next living enemy.
    NextEnemy,
    /// The danger view.
    Danger,
    /// The battle's log.
    Log,
    /// Zoom in.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// Fast enemy phase.
    Fast,
    /// The AI's notes in the log.
    Notes,
    /// Save the battle.
    Save,
    /// Load the save.
    Load,
    /// The options screen.
    Options,
    /// Reload data and scenario.
    Reload,
    /// The previous scenario of the folder.
    PreviousScenario,
    /// The next scenario of the folder.
    NextScenario,
    /// Restart the battle.
    Restart,
    /// Quit (or leave the battle).
    Quit,
    /// "Yes" to a question.
    Yes,
}

impl Control {
    /// Every control, in the order the options list them.
    pub const ALL: [Control; 26] = [
        Control::Up,
        Control::Down,
        Control::Left,
        Control::Right,
        Control::Confirm,
        Control::Cancel,
        Control::Menu,
        Control::EndTurn,
        Control::Undo,
        Control::NextUnit,
        Control::NextEnemy,
        Control::Danger,
        Control::Log,
        Control::ZoomIn,
        Control::ZoomOut,
        Control::Fast,
        Control::Notes,
        Control::Save,
        Control::Load,
        Control::Options,
        Control::Reload,
        Control::PreviousScenario,
        Control::NextScenario,
        Control::Restart,
        Control::Quit,
        Control::Yes,
    ];

    /// Its name in the options file (`[keys]`, `[pad]`).
    pub fn name(self) -> &'static str {
        match self {
            Control::Up => "up",
            Control::Down => "down",
            Control::Left => "left",
            Control::Right => "right",
            Control::Confirm => "confirm",
            Control::Cancel => "cancel",
            Control::Menu => "menu",
            Control::EndTurn => "end_turn",
            Control::Undo => "undo",
            Control::NextUnit => "next_unit",
            Control::NextEnemy => "next_enemy",
            Control::Danger => "danger",
            Control::Log => "log",
            Control::ZoomIn => "zoom_in",
            Control::ZoomOut => "zoom_out",
            Control::Fast => "fast",
            Control::Notes => "notes",
            Control::Save => "save",
            Control::Load => "load",
            Control::Options => "options",
            Control::Reload => "reload",
            Control::PreviousScenario => "previous_scenario",
            Control::NextScenario => "next_scenario",
            Control::Restart => "restart",
            Control::Quit => "quit",
            Control::Yes => "yes",
        }
    }

    /// The control named `name` in the options file.
    pub fn named(name: &str) -> Option<Control> {
        Control::ALL.into_iter().find(|c| c.name() == name)
    }

    /// What the options screen calls it.
    pub fn label(self) -> &'static str {
        match self {
            Control::Up => "Cursor up",
            Control::Down => "Cursor down",
            Control::Left => "Cursor left",
            Control::Right => "Cursor right",
            Control::Confirm => "Confirm",
            Control::Cancel => "Cancel",
            Control::Menu => "Back / game menu",
            Control::EndTurn => "End turn",
            Control::Undo => "Undo",
            Control::NextUnit => "Next unit",
            Control::NextEnemy => "Next enemy",
            Control::Danger => "Danger view",
            Control::Log => "Battle log",
            Control::ZoomIn => "Zoom in",
            Control::ZoomOut => "Zoom out",
            Control::Fast => "Fast enemies",
            Control::Notes => "AI notes",
            Control::Save => "Save",
            Control::Load => "Load",
            Control::Options => "Options",
            Control::Reload => "Reload data",
            Control::PreviousScenario => "Previous scenario",
            Control::NextScenario => "Next scenario",
            Control::Restart => "Restart",
            Control::Quit => "Quit",
            Control::Yes => "Yes to a question",
        }
    }

    /// The keys it has when the options file names none (letters by the character they type,
    /// so they follow the keyboard layout).
    pub fn default_keys(self) -> &'static [&'static str] {
        match self {
            Control::Up => &["ArrowUp"],
            Control::Down => &["ArrowDown"],
            Control::Left => &["ArrowLeft"],
            Control::Right => &["ArrowRight"],
            Control::Confirm => &["z", "Space", "Enter"],
            Control::Cancel => &["x", "Backspace"],
            Control::Menu => &["Escape"],
            Control::EndTurn => &["e"],
            Control::Undo => &["u"],
            Control::NextUnit => &["n"],
            Control::NextEnemy => &["Tab"],
            Control::Danger => &["d"],
            Control::Log => &["h"],
            Control::ZoomIn => &["+", "="],
            Control::ZoomOut => &["-", "_"],
            Control::Fast => &["f"],
            Control::Notes => &["a"],
            Control::Save => &["s"],
            Control::Load => &["l"],
            Control::Options => &["o"],
            Control::Reload => &["F5"],
            Control::PreviousScenario => &["PageUp", "["],
            Control::NextScenario => &["PageDown", "]"],
            Control::Restart => &["r"],
            Control::Quit => &["q"],
            Control::Yes => &["y"],
        }
    }

    /// The pad buttons it has when the options file names none: the genre's layout (the
    /// d-pad moves, south confirms, east cancels, start opens the menu, the shoulders go
    /// through units and enemies, west shows the danger, north undoes, select ends the
    /// turn, the triggers zoom, the left stick's press opens the log). The rest is in the
    /// game menu (start).
    pub fn default_pad(self) -> &'static [PadButton] {
        match self {
            Control::Up => &[PadButton::DPadUp],
            Control::Down => &[PadButton::DPadDown],
            Control::Left => &[PadButton::DPadLeft],
            Control::Right => &[PadButton::DPadRight],
            Control::Confirm => &[PadButton::South],
            Control::Cancel => &[PadButton::East],
            Control::Menu => &[PadButton::Start],
            Control::EndTurn => &[PadButton::Select],
            Control::Undo => &[PadButton::North],
            Control::NextUnit => &[PadButton::R1],
            Control::NextEnemy => &[PadButton::L1],
            Control::Danger => &[PadButton::West],
            Control::Log => &[PadButton::L3],
            Control::ZoomIn => &[PadButton::R2],
            Control::ZoomOut => &[PadButton::L2],
            Control::Fast => &[PadButton::R3],
            _ => &[],
        }
    }

    /// The control a cursor direction is.
    pub fn of_dir(d: Dir) -> Control {
        match d {
            Dir::Up => Control::Up,
            Dir::Down => Control::Down,
            Dir::Left => Control::Left,
            Dir::Right => Control::Right,
        }
    }
}

/// A gamepad button, by its place on the pad (the south button is A on an Xbox pad, B on a
/// Nintendo one, the cross on a PlayStation one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PadButton {
    /// The lower face button.
    South,
    /// The right face button.
    East,
    /// The left face button.
    West,
    /// The upper face button.
    North,
    /// The left shoulder button.
    L1,
    /// The right shoulder button.
    R1,
    /// The left trigger.
    L2,
    /// The right trigger.
    R2,
    /// Select (Back, View, Share, minus).
    Select,
    /// Start (Menu, Options, plus).
    Start,
    /// The pad's own button (Guide, Home, PS).
    Mode,
    /// The left stick pressed.
    L3,
    /// The right stick pressed.
    R3,
    /// The d-pad's up.
    DPadUp,
    /// The d-pad's down.
    DPadDown,
    /// The d-pad's left.
    DPadLeft,
    /// The d-pad's right.
    DPadRight,
}

impl PadButton {
    /// Every button.
    pub const ALL: [PadButton; 17] = [
        PadButton::South,
        PadButton::East,
        PadButton::West,
        PadButton::North,
        PadButton::L1,
        PadButton::R1,
        PadButton::L2,
        PadButton::R2,
        PadButton::Select,
        PadButton::Start,
        PadButton::Mode,
        PadButton::L3,
        PadButton::R3,
        PadButton::DPadUp,
        PadButton::DPadDown,
        PadButton::DPadLeft,
        PadButton::DPadRight,
    ];

    /// Its name in the options file.
    pub fn name(self) -> &'static str {
        match self {
            PadButton::South => "south",
            PadButton::East => "east",
            PadButton::West => "west",
            PadButton::North => "north",
            PadButton::L1 => "l1",
            PadButton::R1 => "r1",
            PadButton::L2 => "l2",
            PadButton::R2 => "r2",
            PadButton::Select => "select",
            PadButton::Start => "start",
            PadButton::Mode => "mode",
            PadButton::L3 => "l3",
            PadButton::R3 => "r3",
            PadButton::DPadUp => "dpad_up",
            PadButton::DPadDown => "dpad_down",
            PadButton::DPadLeft => "dpad_left",
            PadButton::DPadRight => "dpad_right",
        }
    }

    /// The button named `name` in the options file.
    pub fn named(name: &str) -> Option<PadButton> {
        PadButton::ALL.into_iter().find(|b| b.name() == name)
    }

    /// How the options and the help show it.
    pub fn label(self) -> &'static str {
        match self {
            PadButton::South => "pad South",
            PadButton::East => "pad East",
            PadButton::West => "pad West",
            PadButton::North => "pad North",
            PadButton::L1 => "pad L1",
            PadButton::R1 => "pad R1",
            PadButton::L2 => "pad L2",
            PadButton::R2 => "pad R2",
            PadButton::Select => "pad Select",
            PadButton::Start => "pad Start",
            PadButton::Mode => "pad Mode",
            PadButton::L3 => "pad L3",
            PadButton::R3 => "pad R3",
            PadButton::DPadUp => "d-pad up",
            PadButton::DPadDown => "d-pad down",
            PadButton::DPadLeft => "d-pad left",
            PadButton::DPadRight => "d-pad right",
        }
    }

    /// The button ggez (gilrs) reported; `None` for one the game has no use for.
    #[cfg(feature = "gamepad")]
    pub fn from_gilrs(b: ggez::event::Button) -> Option<PadButton> {
        use ggez::event::Button as B;
        Some(match b {
            B::South => PadButton::South,
            B::East => PadButton::East,
            B::West => PadButton::West,
            B::North => PadButton::North,
            B::LeftTrigger => PadButton::L1,
            B::RightTrigger => PadButton::R1,
            B::LeftTrigger2 => PadButton::L2,
            B::RightTrigger2 => PadButton::R2,
            B::Select => PadButton::Select,
            B::Start => PadButton::Start,
            B::Mode => PadButton::Mode,
            B::LeftThumb => PadButton::L3,
            B::RightThumb => PadButton::R3,
            B::DPadUp => PadButton::DPadUp,
            B::DPadDown => PadButton::DPadDown,
            B::DPadLeft => PadButton::DPadLeft,
            B::DPadRight => PadButton::DPadRight,
            _ => return None,
        })
    }
}

/// A pad axis the game reads: the left stick and the d-pad's axes (some pads report their
/// d-pad as axes rather than buttons).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PadAxis {
    /// The left stick, left (-1) to right (+1).
    LeftStickX,
    /// The left stick, down (-1) to up (+1).
    LeftStickY,
    /// The d-pad as an axis, left to right.
    DPadX,
    /// The d-pad as an axis, down to up.
    DPadY,
}

impl PadAxis {
    /// The axis ggez (gilrs) reported; `None` for one the game does not read.
    #[cfg(feature = "gamepad")]
    pub fn from_gilrs(a: ggez::event::Axis) -> Option<PadAxis> {
        use ggez::event::Axis as A;
        Some(match a {
            A::LeftStickX => PadAxis::LeftStickX,
            A::LeftStickY => PadAxis::LeftStickY,
            A::DPadX => PadAxis::DPadX,
            A::DPadY => PadAxis::DPadY,
            _ => return None,
        })
    }
}

/// A stick (or an axis d-pad) as d-pad buttons: pushed past [`Stick::PRESS`] it presses the
/// direction it leans to most, back under [`Stick::RELEASE`] it lets go (the gap keeps a stick
/// resting near the edge from pressing again and again).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Stick {
    x: f32,
    y: f32,
    held: Option<PadButton>,
}

impl Stick {
    /// How far a stick must lean to press.
    pub const PRESS: f32 = 0.6;
    /// Under this, the press ends.
    pub const RELEASE: f32 = 0.35;

    /// Axis `axis` is now at `value`: the d-pad presses (true) and releases (false) it makes.
    pub fn axis(&mut self, axis: PadAxis, value: f32) -> Vec<(PadButton, bool)> {
        match axis {
            PadAxis::LeftStickX | PadAxis::DPadX => self.x = value,
            PadAxis::LeftStickY | PadAxis::DPadY => self.y = value,
        }
        let (ax, ay) = (self.x.abs(), self.y.abs());
        let lean = if ax.max(ay) < Stick::PRESS {
            None
        } else if ax >= ay {
            Some(if self.x > 0.0 {
                PadButton::DPadRight
            } else {
                PadButton::DPadLeft
            })
        } else {
            // Up is positive on gilrs' axes.
            Some(if self.y > 0.0 {
                PadButton::DPadUp
            } else {
                PadButton::DPadDown
            })
        };
        let mut out = Vec::new();
        match (self.held, lean) {
            (Some(h), Some(l)) if h == l => {}
            (Some(h), _) if lean.is_some() || ax.max(ay) < Stick::RELEASE => {
                out.push((h, false));
                self.held = None;
            }
            _ => {}
        }
        if self.held.is_none()
            && let Some(l) = lean
        {
            out.push((l, true));
            self.held = Some(l);
        }
        out
    }
}

/// A d-pad direction held down presses again, as a held arrow key repeats: first after
/// [`Repeat::DELAY`], then every [`Repeat::EVERY`] (a pad's driver sends no repeats itself).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Repeat {
    held: Option<(PadButton, Instant)>,
}

impl Repeat {
    /// Before the first repeat.
    pub const DELAY: Duration = Duration::from_millis(350);
    /// Between repeats.
    pub const EVERY: Duration = Duration::from_millis(90);

    /// Button `b` went down (true) or up at `now`; only the d-pad's directions repeat.
    pub fn button(&mut self, b: PadButton, down: bool, now: Instant) {
        let dpad = matches!(
            b,
            PadButton::DPadUp | PadButton::DPadDown | PadButton::DPadLeft | PadButton::DPadRight
        );
        if down && dpad {
            self.held = Some((b, now + Repeat::DELAY));
        } else if self.held.is_some_and(|(h, _)| h == b) {
            self.held = None;
        }
    }

    /// The direction to press again at `now`, if one is held and its time came.
    pub fn due(&mut self, now: Instant) -> Option<PadButton> {
        let (b, next) = self.held?;
        if now < next {
            return None;
        }
        self.held = Some((b, now + Repeat::EVERY));
        Some(b)
    }
}

/// Which keys and pad buttons do what: the defaults with the options file's changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bindings {
    keys: Vec<Vec<String>>,
    pad: Vec<Vec<PadButton>>,
}

impl Default for Bindings {
    fn default() -> Bindings {
        Bindings::new(&IndexMap::new(), &IndexMap::new())
    }
}

impl Bindings {
    /// The defaults, each control named in `keys` (or `pad`) taking the keys (or buttons)
    /// given there instead. Names the options file's check refused are skipped.
    pub fn new(keys: &IndexMap<String, Vec<String>>, pad: &IndexMap<String, Vec<String>>) -> Bindings {
        // A key given to a control in the file is taken from the control it had by default.
        let given_keys: Vec<String> = keys.values().flatten().filter_map(|k| canonical(k)).collect();
        let keys = Control::ALL
            .iter()
            .map(|c| match keys.get(c.name()) {
                Some(given) => given.iter().filter_map(|k| canonical(k)).collect(),
                None => c
                    .default_keys()
                    .iter()
                    .map(|k| k.to_string())
                    .filter(|k| !given_keys.contains(k))
                    .collect(),
            })
            .collect();
        let given_pad: Vec<PadButton> = pad.values().flatten().filter_map(|b| PadButton::named(b)).collect();
        let pad = Control::ALL
            .iter()
            .map(|c| match pad.get(c.name()) {
                Some(given) => given.iter().filter_map(|b| PadButton::named(b)).collect(),
                None => c
                    .default_pad()
                    .iter()
                    .copied()
                    .filter(|b| !given_pad.contains(b))
                    .collect(),
            })
            .collect();
        Bindings { keys, pad }
    }

    fn index(c: Control) -> usize {
        Control::ALL.iter().position(|&d| d == c).unwrap_or(0)
    }

    /// The control of the key named `name` (as [`key_name`] names it).
    pub fn key(&self, name: &str) -> Option<Control> {
        Control::ALL
            .into_iter()
            .find(|&c| self.keys[Bindings::index(c)].iter().any(|k| k == name))
    }

    /// The control of pad button `b`.
    pub fn pad(&self, b: PadButton) -> Option<Control> {
        Control::ALL
            .into_iter()
            .find(|&c| self.pad[Bindings::index(c)].contains(&b))
    }

    /// The control of a key press.
    pub fn of_key(&self, key: &Key) -> Option<Control> {
        key_name(key).and_then(|n| self.key(&n))
    }

    /// The keys of `c` (by their file names).
    pub fn keys_of(&self, c: Control) -> &[String] {
        &self.keys[Bindings::index(c)]
    }

    /// The pad buttons of `c`.
    pub fn pad_of(&self, c: Control) -> &[PadButton] {
        &self.pad[Bindings::index(c)]
    }

    /// How the help shows `c`'s keys: the first one ("Z"), "—" when it has none.
    pub fn shown(&self, c: Control) -> String {
        self.keys_of(c).first().map_or("—".to_string(), |k| key_label(k))
    }

    /// Every key of `c`, as the options list them ("Z, Space, Enter").
    pub fn shown_all(&self, c: Control) -> String {
        let keys: Vec<String> = self.keys_of(c).iter().map(|k| key_label(k)).collect();
        let pad: Vec<&str> = self.pad_of(c).iter().map(|b| b.label()).collect();
        let keys = if keys.is_empty() {
            "no key".to_string()
        } else {
            keys.join(", ")
        };
        if pad.is_empty() {
            keys
        } else {
            format!("{keys} · {}", pad.join(", "))
        }
    }
}

/// The named keys the options file may use (besides single characters).
pub const NAMED_KEYS: [&str; 27] = [
    "ArrowUp",
    "ArrowDown",
    "ArrowLeft",
    "ArrowRight",
    "Space",
    "Enter",
    "Escape",
    "Backspace",
    "Tab",
    "PageUp",
    "PageDown",
    "Home",
    "End",
    "Insert",
    "Delete",
    "F1",
    "F2",
    "F3",
    "F4",
    "F5",
    "F6",
    "F7",
    "F8",
    "F9",
    "F10",
    "F11",
    "F12",
];

/// The file name of key `name` as written (`"Z"` → `"z"`, `"Space"` stays), `None` when it
/// names no key the game knows: one character, or one of [`NAMED_KEYS`].
pub fn canonical(name: &str) -> Option<String> {
    if let Some(n) = NAMED_KEYS.iter().find(|n| n.eq_ignore_ascii_case(name)) {
        return Some(n.to_string());
    }
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_whitespace() && !c.is_control() => Some(c.to_lowercase().collect()),
        _ => None,
    }
}

/// The name of a key press in the options file's terms (`None`: a key the game does not bind,
/// such as Shift).
pub fn key_name(key: &Key) -> Option<String> {
    match key {
        Key::Character(s) => canonical(s.as_str()),
        Key::Named(n) => {
            let name = match n {
                NamedKey::ArrowUp => "ArrowUp",
                NamedKey::ArrowDown => "ArrowDown",
                NamedKey::ArrowLeft => "ArrowLeft",
                NamedKey::ArrowRight => "ArrowRight",
                NamedKey::Space => "Space",
                NamedKey::Enter => "Enter",
                NamedKey::Escape => "Escape",
                NamedKey::Backspace => "Backspace",
                NamedKey::Tab => "Tab",
                NamedKey::PageUp => "PageUp",
                NamedKey::PageDown => "PageDown",
                NamedKey::Home => "Home",
                NamedKey::End => "End",
                NamedKey::Insert => "Insert",
                NamedKey::Delete => "Delete",
                NamedKey::F1 => "F1",
                NamedKey::F2 => "F2",
                NamedKey::F3 => "F3",
                NamedKey::F4 => "F4",
                NamedKey::F5 => "F5",
                NamedKey::F6 => "F6",
                NamedKey::F7 => "F7",
                NamedKey::F8 => "F8",
                NamedKey::F9 => "F9",
                NamedKey::F10 => "F10",
                NamedKey::F11 => "F11",
                NamedKey::F12 => "F12",
                _ => return None,
            };
            Some(name.to_string())
        }
        _ => None,
    }
}

/// How a key (by its file name) is shown: letters upper case, arrows and pages short.
pub fn key_label(name: &str) -> String {
    match name {
        "ArrowUp" => "Up".into(),
        "ArrowDown" => "Down".into(),
        "ArrowLeft" => "Left".into(),
        "ArrowRight" => "Right".into(),
        "Escape" => "Esc".into(),
        "PageUp" => "PgUp".into(),
        "PageDown" => "PgDn".into(),
        other if other.chars().count() == 1 => other.to_uppercase(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_keys_have_one_name() {
        for c in Control::ALL {
            assert_eq!(Control::named(c.name()), Some(c));
        }
        for b in PadButton::ALL {
            assert_eq!(PadButton::named(b.name()), Some(b));
        }
        assert_eq!(canonical("Z").as_deref(), Some("z"));
        assert_eq!(canonical("space").as_deref(), Some("Space"));
        assert_eq!(canonical("f5").as_deref(), Some("F5"));
        assert_eq!(canonical("Hyper"), None);
        assert_eq!(canonical(""), None);
        assert_eq!(key_name(&Key::Character("Q".into())).as_deref(), Some("q"));
        assert_eq!(key_name(&Key::Named(NamedKey::Tab)).as_deref(), Some("Tab"));
        assert_eq!(key_name(&Key::Named(NamedKey::Shift)), None);
    }

    #[test]
    fn no_key_or_button_does_two_things_by_default() {
        let b = Bindings::default();
        let mut seen = std::collections::HashMap::new();
        for c in Control::ALL {
            for k in b.keys_of(c) {
                assert_eq!(seen.insert(k.clone(), c), None, "key {k} twice");
                assert_eq!(b.key(k), Some(c));
            }
            for p in b.pad_of(c) {
                assert_eq!(seen.insert(p.name().to_string(), c), None, "{p:?} twice");
            }
        }
    }

    #[test]
    fn a_held_direction_repeats_and_stops_when_let_go() {
        let t0 = Instant::now();
        let ms = |m: u64| t0 + Duration::from_millis(m);
        let mut r = Repeat::default();
        r.button(PadButton::South, true, t0);
        assert_eq!(r.due(ms(1000)), None, "only the d-pad repeats");
        r.button(PadButton::DPadRight, true, t0);
        assert_eq!(r.due(ms(300)), None, "not before the delay");
        assert_eq!(r.due(ms(360)), Some(PadButton::DPadRight));
        assert_eq!(r.due(ms(400)), None);
        assert_eq!(r.due(ms(455)), Some(PadButton::DPadRight));
        r.button(PadButton::South, false, ms(460));
        assert_eq!(r.due(ms(550)), Some(PadButton::DPadRight), "another button let go");
        r.button(PadButton::DPadRight, false, ms(560));
        assert_eq!(r.due(ms(2000)), None);
    }

    #[test]
    fn the_stick_presses_once_per_push_and_lets_go() {
        let mut s = Stick::default();
        assert!(s.axis(PadAxis::LeftStickX, 0.3).is_empty(), "a small lean does nothing");
        assert_eq!(s.axis(PadAxis::LeftStickX, 0.8), vec![(PadButton::DPadRight, true)]);
        assert!(s.axis(PadAxis::LeftStickX, 0.9).is_empty(), "held: no second press");
        assert!(
            s.axis(PadAxis::LeftStickX, 0.5).is_empty(),
            "between the two marks: still held"
        );
        assert_eq!(s.axis(PadAxis::LeftStickX, 0.1), vec![(PadButton::DPadRight, false)]);
        assert_eq!(s.axis(PadAxis::LeftStickY, -0.9), vec![(PadButton::DPadDown, true)]);
        // Straight over to the other side: the first direction lets go, the new one presses.
        assert_eq!(
            s.axis(PadAxis::LeftStickY, 0.9),
            vec![(PadButton::DPadDown, false), (PadButton::DPadUp, true)]
        );
    }
}
