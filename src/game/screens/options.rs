//! The options screen: each option a menu entry whose value Left/Right (or Enter, or a click)
//! changes; every change is written to the options file at once.

use super::menu::{self, Item, Menu, MenuKey, Picked};
use super::{Screen, Switch, World};
use crate::game::script::Token;
use crate::game::settings::{AnimSpeed, Settings};
use crate::game::view::{self, DIM_TEXT, GOLD};
use ggez::glam::Vec2;
use ggez::graphics::Rect;
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::MouseButton;
use ggez::{Context, GameResult};

/// Window sizes the options offer (then full screen).
pub const SIZES: [(u32, u32); 5] = [(960, 600), (1280, 800), (1440, 900), (1600, 1000), (1920, 1200)];

/// One option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opt {
    /// Window size or full screen.
    Window,
    /// Animation speed.
    Animation,
    /// Automatic end of turn.
    AutoEnd,
    /// AI notes in the log.
    Notes,
    /// Sound volume.
    Volume,
    /// Grid lines.
    Grid,
    /// Edge scroll.
    EdgeScroll,
    /// Permadeath in campaigns.
    Permadeath,
    /// The keys and pad buttons page.
    Controls,
    /// Back to the title.
    Back,
}

/// Every entry, top first.
pub const OPTS: [Opt; 10] = [
    Opt::Window,
    Opt::Animation,
    Opt::AutoEnd,
    Opt::Notes,
    Opt::Volume,
    Opt::Grid,
    Opt::EdgeScroll,
    Opt::Permadeath,
    Opt::Controls,
    Opt::Back,
];

fn on_off(b: bool) -> String {
    if b { "on".into() } else { "off".into() }
}

/// The label and the value shown for `o`.
pub fn line(o: Opt, s: &Settings) -> (&'static str, String) {
    match o {
        Opt::Window if s.fullscreen => ("Window", "full screen".into()),
        Opt::Window => ("Window", format!("{}x{}", s.width, s.height)),
        Opt::Animation => ("Animation speed", s.animation.name().into()),
        Opt::AutoEnd => ("End turn after the last unit", on_off(s.auto_end_turn)),
        Opt::Notes => ("AI notes in the log", on_off(s.ai_notes)),
        Opt::Volume => ("Sound volume", format!("{}%", s.volume)),
        Opt::Grid => ("Grid lines", on_off(s.grid_lines)),
        Opt::EdgeScroll => ("Scroll at the window's edge", on_off(s.edge_scroll)),
        // Chosen when a campaign begins (found playing: nothing said a campaign in progress
        // keeps its own).
        Opt::Permadeath if s.permadeath => ("New campaigns: fallen units", "gone (permadeath)".into()),
        Opt::Permadeath => ("New campaigns: fallen units", "back next chapter (casual)".into()),
        Opt::Controls if s.keys.is_empty() && s.pad.is_empty() => ("Keys and pad buttons", "the defaults".into()),
        Opt::Controls => ("Keys and pad buttons", "some rebound".into()),
        Opt::Back => ("Back", String::new()),
    }
}

/// Steps option `o` by `d` (-1 or +1); switches flip either way.
pub fn change(o: Opt, s: &mut Settings, d: i32) {
    let cycle = |i: usize, n: usize| (i as i32 + d).rem_euclid(n as i32) as usize;
    match o {
        Opt::Window => {
            // The sizes, then full screen, round.
            let here = if s.fullscreen {
                SIZES.len()
            } else {
                SIZES
                    .iter()
                    .position(|&(w, h)| w >= s.width && h >= s.height)
                    .unwrap_or(SIZES.len() - 1)
            };
            let next = cycle(here, SIZES.len() + 1);
            s.fullscreen = next == SIZES.len();
            if !s.fullscreen {
                (s.width, s.height) = SIZES[next];
            }
        }
        Opt::Animation => {
            let i = AnimSpeed::ALL.iter().position(|a| *a == s.animation).unwrap_or(1);
            s.animation = AnimSpeed::ALL[cycle(i, AnimSpeed::ALL.len())];
        }
        Opt::AutoEnd => s.auto_end_turn = !s.auto_end_turn,
        Opt::Notes => s.ai_notes = !s.ai_notes,
        Opt::Volume => s.volume = (s.volume as i32 + 10 * d).clamp(0, 100) as u8,
        Opt::Grid => s.grid_lines = !s.grid_lines,
        Opt::EdgeScroll => s.edge_scroll = !s.edge_scroll,
        Opt::Permadeath => s.permadeath = !s.permadeath,
        Opt::Controls | Opt::Back => {}
    }
}

/// The options screen.
pub struct OptionsScreen {
    /// The entries.
    pub menu: Menu,
}

impl OptionsScreen {
    /// The options as they are now.
    pub fn new(world: &World) -> OptionsScreen {
        let mut o = OptionsScreen {
            menu: Menu::new(Vec::new()),
        };
        o.refresh(&world.settings);
        o
    }

    fn refresh(&mut self, s: &Settings) {
        self.menu.items = OPTS
            .iter()
            .map(|&o| {
                let (label, value) = line(o, s);
                Item::new(label).note(value)
            })
            .collect();
    }

    /// What menu key `k` does; a change is kept in the world and written to the file.
    pub fn act(&mut self, world: &mut World, k: MenuKey) -> Switch {
        let (i, d) = match self.menu.key(k) {
            Picked::Back => return Switch::Pop,
            Picked::Chose(i) => (i, 1),
            Picked::Step(i, d) => (i, d),
            Picked::Nothing => return Switch::None,
        };
        if OPTS[i] == Opt::Controls {
            return if k == MenuKey::Confirm {
                Switch::Push(super::Go::Controls)
            } else {
                Switch::None
            };
        }
        if OPTS[i] == Opt::Back {
            return if d == 1 && k == MenuKey::Confirm {
                Switch::Pop
            } else {
                Switch::None
            };
        }
        change(OPTS[i], &mut world.settings, d);
        world.save_settings();
        self.refresh(&world.settings);
        Switch::None
    }
}

impl Screen for OptionsScreen {
    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult {
        let (w, h) = ctx.gfx.drawable_size();
        let s = menu::ui_scale(w, h);
        let mut canvas = super::backdrop(ctx);
        let size = 14.0 * s;
        view::text(&mut canvas, "Options", Vec2::new(w * 0.1, h * 0.06), 28.0 * s, GOLD);
        let area = Rect::new(w * 0.1, h * 0.16, w * 0.8, h * 0.7);
        menu::draw(&mut canvas, &mut self.menu, area, size);
        let whereto = match &world.places {
            Some(p) if !world.scripted => format!("saved in {}", p.settings.display()),
            Some(_) => "a scripted run: not saved".to_string(),
            None => "this system has no config folder: not saved".to_string(),
        };
        let help = "Left/Right or Enter or a click changes · Esc or a right click off the list goes back";
        let y = h * 0.16 + OPTS.len() as f32 * size * 2.2 + size * 0.5;
        view::text(&mut canvas, help, Vec2::new(w * 0.1, y), size * 0.8, DIM_TEXT);
        view::text(
            &mut canvas,
            &whereto,
            Vec2::new(w * 0.1, y + size * 1.3),
            size * 0.8,
            DIM_TEXT,
        );
        super::draw_notices(&mut canvas, world, w, h, 12.0 * s);
        canvas.finish(ctx)
    }

    fn key_down(&mut self, _ctx: &mut Context, world: &mut World, input: KeyInput, _r: bool) -> GameResult<Switch> {
        let k = menu::menu_key(&world.settings.bindings(), &input);
        Ok(k.map_or(Switch::None, |k| self.act(world, k)))
    }

    fn menu_key(&mut self, world: &mut World, k: menu::MenuKey) -> Switch {
        self.act(world, k)
    }

    fn mouse_motion(&mut self, _ctx: &mut Context, x: f32, y: f32, _dx: f32, _dy: f32) -> GameResult {
        self.menu.hover(Vec2::new(x, y));
        Ok(())
    }

    fn mouse_down(
        &mut self,
        _ctx: &mut Context,
        world: &mut World,
        b: MouseButton,
        x: f32,
        y: f32,
    ) -> GameResult<Switch> {
        let p = Vec2::new(x, y);
        Ok(match (b, self.menu.under(p)) {
            (MouseButton::Left, Some(i)) => {
                self.menu.at = i;
                self.act(world, MenuKey::Confirm)
            }
            // A right click steps the value back.
            (MouseButton::Right, Some(i)) => {
                self.menu.at = i;
                self.act(world, MenuKey::Left)
            }
            // Elsewhere it goes back, as Esc does: the mouse alone can leave the options.
            (MouseButton::Right, None) => self.act(world, MenuKey::Back),
            _ => Switch::None,
        })
    }

    fn token(&mut self, world: &mut World, t: Token) -> Switch {
        menu::token_key(t).map_or(Switch::None, |k| self.act(world, k))
    }

    fn uncovered(&mut self, world: &mut World) {
        // Back from the keys page: its entry says whether anything is rebound.
        self.refresh(&world.settings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::settings::Places;

    #[test]
    fn every_option_changes_and_is_written() {
        let home = std::env::temp_dir().join(format!("skirmish-options-{}", std::process::id()));
        let places = Places {
            settings: home.join("options.toml"),
            data: home.clone(),
        };
        let mut world = World::new(Some(places.clone()), "maps".into(), false);
        let mut o = OptionsScreen::new(&world);
        // Window: 1280x800 → 1440x900 with Right, back with Left; past the last size, full screen.
        assert_eq!(o.act(&mut world, MenuKey::Right), Switch::None);
        assert_eq!((world.settings.width, world.settings.height), (1440, 900));
        o.act(&mut world, MenuKey::Left);
        o.act(&mut world, MenuKey::Left);
        assert_eq!((world.settings.width, world.settings.height), (960, 600));
        o.act(&mut world, MenuKey::Left);
        assert!(world.settings.fullscreen, "before the smallest size comes full screen");
        assert_eq!(o.menu.items[0].note, "full screen");
        // Down to each switch and flip it.
        let before = world.settings.clone();
        for _ in 1..OPTS.len() - 2 {
            o.act(&mut world, MenuKey::Down);
            o.act(&mut world, MenuKey::Confirm);
        }
        let s = &world.settings;
        assert_eq!(s.animation, AnimSpeed::Fast);
        assert_ne!(s.auto_end_turn, before.auto_end_turn);
        assert_ne!(s.ai_notes, before.ai_notes);
        assert_eq!(s.volume, 90);
        assert_ne!(s.grid_lines, before.grid_lines);
        assert_ne!(s.edge_scroll, before.edge_scroll);
        assert!(!s.permadeath, "casual");
        assert_eq!(
            Settings::read(&places.settings).unwrap().as_ref(),
            Some(&world.settings),
            "written at once"
        );
        o.act(&mut world, MenuKey::Down);
        assert_eq!(
            o.act(&mut world, MenuKey::Confirm),
            Switch::Push(super::super::Go::Controls),
            "the keys and pad buttons page"
        );
        o.act(&mut world, MenuKey::Down);
        assert_eq!(o.act(&mut world, MenuKey::Confirm), Switch::Pop, "Back");
        assert_eq!(o.act(&mut world, MenuKey::Back), Switch::Pop, "Escape");
        let _ = std::fs::remove_dir_all(&home);
    }
}
