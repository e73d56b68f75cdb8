//! The title screen: Campaign, Skirmish, Options, Quit, by mouse and by keys.

use super::menu::{self, Item, Menu, MenuKey, Picked};
use super::{Go, Screen, Switch, World};
use crate::game::script::Token;
use crate::game::view::{self, DIM_TEXT, GOLD};
use ggez::glam::Vec2;
use ggez::graphics::Rect;
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::MouseButton;
use ggez::{Context, GameResult};

/// What an entry of the title menu does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// The shipped campaign, from where the progress file left it or from its start.
    Campaign,
    /// One battle of any scenario.
    Skirmish,
    /// The options.
    Options,
    /// Close the game.
    Quit,
}

/// The title screen.
pub struct Title {
    /// The menu.
    pub menu: Menu,
    entries: Vec<Entry>,
}

impl Title {
    /// The title menu.
    pub fn new(_world: &World) -> Title {
        let entries = vec![Entry::Campaign, Entry::Skirmish, Entry::Options, Entry::Quit];
        let items = vec![
            Item::new("Campaign")
                .note("coming with the campaign file")
                .disabled(),
            Item::new("Skirmish").note("any scenario of maps/"),
            Item::new("Options"),
            Item::new("Quit"),
        ];
        Title {
            menu: Menu::new(items),
            entries,
        }
    }

    /// What menu key `k` does.
    pub fn act(&mut self, k: MenuKey) -> Switch {
        match self.menu.key(k) {
            Picked::Chose(i) => self.choose(i),
            // Escape on the title does not close the game by surprise; Quit does.
            Picked::Back | Picked::Nothing | Picked::Step(..) => Switch::None,
        }
    }

    fn choose(&self, i: usize) -> Switch {
        match self.entries[i] {
            Entry::Campaign => Switch::None,
            Entry::Skirmish => Switch::Push(Go::Picker),
            Entry::Options => Switch::Push(Go::Options),
            Entry::Quit => Switch::Quit,
        }
    }
}

impl Screen for Title {
    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult {
        let (w, h) = ctx.gfx.drawable_size();
        let s = menu::ui_scale(w, h);
        let mut canvas = super::backdrop(ctx);
        let big = 44.0 * s;
        let name = "SKIRMISH";
        view::text(
            &mut canvas,
            name,
            Vec2::new((w - view::text_w(name, big)) / 2.0, h * 0.12),
            big,
            GOLD,
        );
        let sub = "a turn-based tactics game";
        let size = 16.0 * s;
        view::text(
            &mut canvas,
            sub,
            Vec2::new((w - view::text_w(sub, size)) / 2.0, h * 0.12 + big * 1.3),
            size,
            DIM_TEXT,
        );
        let area = Rect::new(w * 0.2, h * 0.38, w * 0.6, h * 0.45);
        menu::draw(&mut canvas, &mut self.menu, area, size);
        let help = "arrows or mouse to choose · Enter or click to open";
        view::text(
            &mut canvas,
            help,
            Vec2::new((w - view::text_w(help, size * 0.8)) / 2.0, h * 0.38 + 4.0 * size * 2.2 + size),
            size * 0.8,
            DIM_TEXT,
        );
        super::draw_notices(&mut canvas, world, w, h, 12.0 * s);
        canvas.finish(ctx)
    }

    fn key_down(&mut self, _ctx: &mut Context, _w: &mut World, input: KeyInput, _r: bool) -> GameResult<Switch> {
        Ok(menu::menu_key(&input).map_or(Switch::None, |k| self.act(k)))
    }

    fn mouse_motion(&mut self, _ctx: &mut Context, x: f32, y: f32, _dx: f32, _dy: f32) -> GameResult {
        self.menu.hover(Vec2::new(x, y));
        Ok(())
    }

    fn mouse_down(&mut self, _ctx: &mut Context, _w: &mut World, b: MouseButton, x: f32, y: f32) -> GameResult<Switch> {
        if b != MouseButton::Left {
            return Ok(Switch::None);
        }
        Ok(match self.menu.click(Vec2::new(x, y)) {
            Picked::Chose(i) => self.choose(i),
            _ => Switch::None,
        })
    }

    fn token(&mut self, _world: &mut World, t: Token) -> Switch {
        menu::token_key(t).map_or(Switch::None, |k| self.act(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_reach_every_entry() {
        let world = World::new(None, "maps".into(), true);
        let mut t = Title::new(&world);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::Picker), "Skirmish first");
        t.act(MenuKey::Down);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::Options));
        t.act(MenuKey::Down);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Quit);
        assert_eq!(t.act(MenuKey::Back), Switch::None, "Escape does not quit by surprise");
    }
}
