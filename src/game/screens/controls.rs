//! The options' keys and pad buttons page: every control with what it is bound to; Enter on
//! one waits for the new key (or pad button), which then does that and only that (the control
//! that had it loses it, and the page says so); "Reset to defaults" puts every binding back.
//! Each change is written to the options file at once.

use super::menu::{self, Item, Menu, MenuKey, Picked};
use super::{Input, Screen, Switch, World};
use crate::game::controls::{self, Control, PadButton};
use crate::game::script::Token;
use crate::game::settings::Settings;
use crate::game::view::{self, DIM_TEXT, GOLD};
use ggez::glam::Vec2;
use ggez::graphics::{Color, Rect};
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::MouseButton;
use ggez::winit::keyboard::{Key, NamedKey};
use ggez::{Context, GameResult};

/// The entry after the controls: every binding back to its default.
const RESET: usize = Control::ALL.len();
/// The last entry: back to the options.
const BACK: usize = Control::ALL.len() + 1;

/// The keys and pad buttons page.
pub struct ControlsScreen {
    /// The controls, then Reset and Back.
    pub menu: Menu,
    /// The control waiting for its new key or button.
    pub waiting: Option<Control>,
    /// What the last change did (a conflict, a reset), shown under the list.
    pub said: Option<String>,
    /// The first entry shown (the list scrolls to keep the highlight in view).
    first: usize,
}

impl ControlsScreen {
    /// The bindings as they are now.
    pub fn new(world: &World) -> ControlsScreen {
        let mut c = ControlsScreen {
            menu: Menu::new(Vec::new()),
            waiting: None,
            said: None,
            first: 0,
        };
        c.refresh(&world.settings);
        c
    }

    fn refresh(&mut self, s: &Settings) {
        let b = s.bindings();
        let mut items: Vec<Item> = Control::ALL
            .iter()
            .map(|&c| {
                let note = if self.waiting == Some(c) {
                    format!("{} → press a key or a pad button", b.shown_all(c))
                } else {
                    b.shown_all(c)
                };
                Item::new(c.label()).note(note)
            })
            .collect();
        items.push(Item::new("Reset to defaults"));
        items.push(Item::new("Back"));
        self.menu.items = items;
    }

    /// What menu key `k` does (not while waiting for a key: see [`ControlsScreen::bind_key`]).
    pub fn act(&mut self, world: &mut World, k: MenuKey) -> Switch {
        if self.waiting.take().is_some() {
            // A menu key that is not bindable (a click, a script's token): keep the binding.
            self.said = Some("nothing changed".into());
            self.refresh(&world.settings);
            return Switch::None;
        }
        let i = match self.menu.key(k) {
            Picked::Back => return Switch::Pop,
            Picked::Chose(i) => i,
            Picked::Step(..) | Picked::Nothing => return Switch::None,
        };
        match i {
            BACK => return Switch::Pop,
            RESET => {
                world.settings.reset_bindings();
                world.save_settings();
                self.said = Some("every key and pad button is back to its default".into());
            }
            _ => {
                self.waiting = Some(Control::ALL[i]);
                self.said = None;
            }
        }
        self.refresh(&world.settings);
        Switch::None
    }

    /// The key named `name` was pressed while a control waits for it: bound, saved, and a
    /// conflict said. False when nothing was waiting.
    pub fn bind_key(&mut self, world: &mut World, name: &str) -> bool {
        let Some(c) = self.waiting.take() else { return false };
        let had = world.settings.bind_key(c, name);
        self.said = Some(conflict(&world.settings, c, &controls::key_label(name), had));
        world.save_settings();
        self.refresh(&world.settings);
        true
    }

    /// Pad button `b` was pressed while a control waits: bound, saved, a conflict said.
    pub fn bind_pad(&mut self, world: &mut World, b: PadButton) -> bool {
        let Some(c) = self.waiting.take() else { return false };
        let had = world.settings.bind_pad(c, b);
        self.said = Some(conflict(&world.settings, c, b.label(), had));
        world.save_settings();
        self.refresh(&world.settings);
        true
    }

    /// Keeps the highlighted entry among the `fit` shown.
    fn scroll(&mut self, fit: usize) {
        let n = self.menu.items.len();
        let fit = fit.clamp(1, n.max(1));
        if self.menu.at < self.first {
            self.first = self.menu.at;
        } else if self.menu.at >= self.first + fit {
            self.first = self.menu.at + 1 - fit;
        }
        self.first = self.first.min(n.saturating_sub(fit));
    }
}

/// What binding `what` to `c` did: "K: Danger view", and when it was another control's,
/// whose and what that one has left.
pub fn conflict(s: &Settings, c: Control, what: &str, had: Option<Control>) -> String {
    let done = format!("{what}: {}", c.label());
    match had {
        None => done,
        Some(o) => {
            let b = s.bindings();
            let left = if b.keys_of(o).is_empty() && b.pad_of(o).is_empty() {
                "nothing now: give it a key".to_string()
            } else {
                b.shown_all(o)
            };
            format!("{done} (it was {}'s, which keeps {left})", o.label())
        }
    }
}

impl Screen for ControlsScreen {
    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult {
        let (w, h) = ctx.gfx.drawable_size();
        let s = menu::ui_scale(w, h);
        let mut canvas = super::backdrop(ctx);
        let size = 12.0 * s;
        view::text(
            &mut canvas,
            "Keys and pad buttons",
            Vec2::new(w * 0.1, h * 0.05),
            24.0 * s,
            GOLD,
        );
        let row = size * 1.9;
        let area = Rect::new(w * 0.06, h * 0.13, w * 0.88, h * 0.68);
        let fit = (area.h / row).floor() as usize;
        self.scroll(fit);
        // Only the rows in view are drawn (and clickable): the rest are put out of reach.
        let shown = self.first..(self.first + fit).min(self.menu.items.len());
        let mut part = Menu::new(self.menu.items[shown.clone()].to_vec());
        part.at = self.menu.at.saturating_sub(self.first);
        menu::draw_rows(&mut canvas, &mut part, area, size, row);
        self.menu.rects = (0..self.menu.items.len())
            .map(|i| match i.checked_sub(self.first) {
                Some(j) if j < part.rects.len() => part.rects[j],
                _ => Rect::new(-1.0e6, -1.0e6, 0.0, 0.0),
            })
            .collect();
        let below = area.y + fit.min(self.menu.items.len()) as f32 * row + size * 0.4;
        if let Some(said) = &self.said {
            view::text(&mut canvas, said, Vec2::new(w * 0.06, below), size, GOLD);
        }
        let help = if self.waiting.is_some() {
            "press the new key or pad button · Esc keeps the old one"
        } else {
            "Enter or a click rebinds · Up/Down choose · Esc or a right click goes back · menus always take arrows, Enter, Esc"
        };
        let hs = (size * 0.85).min(w * 0.9 / (help.chars().count() as f32 * view::CHAR_W));
        view::text(&mut canvas, help, Vec2::new(w * 0.06, below + size * 1.5), hs, DIM_TEXT);
        if self.first > 0 {
            view::text(
                &mut canvas,
                "▲ more",
                Vec2::new(w * 0.86, h * 0.1),
                size * 0.8,
                DIM_TEXT,
            );
        }
        if self.first + fit < self.menu.items.len() {
            let y = area.y + fit as f32 * row - size * 0.2;
            view::text(
                &mut canvas,
                "▼ more",
                Vec2::new(w * 0.86, y),
                size * 0.8,
                Color::new(0.7, 0.7, 0.75, 1.0),
            );
        }
        super::draw_notices(&mut canvas, world, w, h, 12.0 * s);
        canvas.finish(ctx)
    }

    fn key_down(&mut self, _ctx: &mut Context, world: &mut World, input: KeyInput, _r: bool) -> GameResult<Switch> {
        let key = &input.event.logical_key;
        if self.waiting.is_some() {
            if matches!(key, Key::Named(NamedKey::Escape)) {
                return Ok(self.act(world, MenuKey::Back));
            }
            match controls::key_name(key) {
                Some(name) => {
                    self.bind_key(world, &name);
                }
                // Shift, Control ...: the page says so and keeps waiting.
                None => self.said = Some("that key cannot be bound: press another".into()),
            }
            return Ok(Switch::None);
        }
        let k = menu::menu_key(&world.settings.bindings(), &input);
        Ok(k.map_or(Switch::None, |k| self.act(world, k)))
    }

    fn input(&mut self, ctx: &mut Context, world: &mut World, input: Input) -> GameResult<Switch> {
        match input {
            Input::PadDown(b) if self.bind_pad(world, b) => Ok(Switch::None),
            Input::PadDown(b) => {
                let k = world.settings.bindings().pad(b).and_then(menu::control_key);
                Ok(k.map_or(Switch::None, |k| self.act(world, k)))
            }
            Input::KeyDown { input, repeated } => self.key_down(ctx, world, input, repeated),
            Input::MouseDown { button, x, y } => self.mouse_down(ctx, world, button, x, y),
            Input::MouseMotion { x, y, .. } => {
                self.menu.hover(Vec2::new(x, y));
                Ok(Switch::None)
            }
            _ => Ok(Switch::None),
        }
    }

    fn mouse_down(
        &mut self,
        _ctx: &mut Context,
        world: &mut World,
        b: MouseButton,
        x: f32,
        y: f32,
    ) -> GameResult<Switch> {
        Ok(match menu::click_key(&mut self.menu, b, Vec2::new(x, y)) {
            Some(k) => self.act(world, k),
            None => Switch::None,
        })
    }

    fn token(&mut self, world: &mut World, t: Token) -> Switch {
        menu::token_key(t).map_or(Switch::None, |k| self.act(world, k))
    }

    fn menu_key(&mut self, world: &mut World, k: MenuKey) -> Switch {
        self.act(world, k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hud::text::help;
    use crate::game::settings::Places;

    fn world(tag: &str) -> (World, Places) {
        let home = std::env::temp_dir().join(format!("skirmish-controls-{tag}-{}", std::process::id()));
        let places = Places {
            settings: home.join("options.toml"),
            data: home,
        };
        (World::new(Some(places.clone()), "maps".into(), false), places)
    }

    /// Rebinding on the page: the new key does the control, the old one nothing, a conflict
    /// is said, the file holds it and reads back the same, the help line names the new key,
    /// and the reset puts the defaults back (in the world and the file).
    #[test]
    fn a_rebound_key_is_saved_said_shown_and_reset() {
        let (mut w, places) = world("rebind");
        let mut c = ControlsScreen::new(&w);
        let danger = Control::ALL.iter().position(|&x| x == Control::Danger).unwrap();
        c.menu.at = danger;
        assert_eq!(c.act(&mut w, MenuKey::Confirm), Switch::None);
        assert_eq!(c.waiting, Some(Control::Danger));
        assert!(c.bind_key(&mut w, "k"));
        let b = w.settings.bindings();
        assert_eq!(b.key("k"), Some(Control::Danger), "the new key acts");
        assert_eq!(b.key("d"), None, "the old one does not");
        assert!(help(&b)[1].contains("K danger"), "{:?}", help(&b));
        // Saved, and read back the same.
        let read = Settings::read(&places.settings).unwrap().unwrap();
        assert_eq!(read, w.settings);
        assert_eq!(read.bindings().key("k"), Some(Control::Danger));
        // A key another control had: it moves, and the page says whose it was.
        c.menu.at = Control::ALL.iter().position(|&x| x == Control::Undo).unwrap();
        c.act(&mut w, MenuKey::Confirm);
        c.bind_key(&mut w, "z");
        let said = c.said.clone().unwrap();
        assert!(
            said.contains("it was Confirm's") && said.contains("Space, Enter"),
            "{said}"
        );
        assert_eq!(w.settings.bindings().key("z"), Some(Control::Undo));
        assert_eq!(w.settings.bindings().key("Space"), Some(Control::Confirm));
        // A pad button, the same way.
        c.menu.at = danger;
        c.act(&mut w, MenuKey::Confirm);
        assert!(c.bind_pad(&mut w, PadButton::South));
        assert_eq!(w.settings.bindings().pad(PadButton::South), Some(Control::Danger));
        assert!(c.said.clone().unwrap().contains("it was Confirm's"));
        // Reset.
        c.menu.at = RESET;
        c.act(&mut w, MenuKey::Confirm);
        assert_eq!(w.settings.bindings(), controls::Bindings::default());
        let read = Settings::read(&places.settings).unwrap().unwrap();
        assert_eq!(
            read.bindings(),
            controls::Bindings::default(),
            "the file has the defaults again"
        );
        assert!(help(&read.bindings())[1].contains("D danger"));
        c.menu.at = BACK;
        assert_eq!(c.act(&mut w, MenuKey::Confirm), Switch::Pop);
        let _ = std::fs::remove_dir_all(places.data);
    }

    /// The battle's key help names the bound keys; with the defaults it reads as it always did.
    #[test]
    fn the_help_line_names_the_bound_keys() {
        assert_eq!(
            help(&controls::Bindings::default()),
            [
                "arrows/mouse move · Z confirm · X cancel · E end turn · U undo · N next unit · Tab next enemy",
                "+/- zoom · D danger · H log · Esc menu · F fast · S save · L load · R restart · Q quit",
            ]
        );
        let mut s = Settings::default();
        s.bind_key(Control::Confirm, "c");
        s.bind_key(Control::Up, "w");
        s.bind_key(Control::EndTurn, "Enter");
        let [first, second] = help(&s.bindings());
        assert!(first.starts_with("W/Left/Down/Right/mouse move · C confirm"), "{first}");
        assert!(first.contains("Enter end turn"), "{first}");
        assert!(second.contains("D danger"), "{second}");
    }

    #[test]
    fn waiting_for_a_key_is_left_without_a_change() {
        let (mut w, places) = world("keep");
        let mut c = ControlsScreen::new(&w);
        c.act(&mut w, MenuKey::Confirm);
        assert_eq!(c.waiting, Some(Control::Up));
        assert_eq!(
            c.act(&mut w, MenuKey::Back),
            Switch::None,
            "Esc keeps the binding, stays"
        );
        assert_eq!(c.waiting, None);
        assert_eq!(w.settings.bindings(), controls::Bindings::default());
        assert!(!c.bind_key(&mut w, "k"), "nothing waits");
        let _ = std::fs::remove_dir_all(places.data);
    }
}
