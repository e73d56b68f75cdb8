//! The title screen: Campaign, Skirmish, Options, Quit, by mouse and by keys.

use super::campaign::{self, Saved};
use super::menu::{self, Item, Menu, MenuKey, Picked};
use super::{Chosen, Go, Screen, Switch, World};
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
    /// The campaign where the progress file left it.
    Continue,
    /// The campaign from its start.
    NewCampaign,
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
    /// The levels of the campaign's first chapter (the chooser comes first when there are).
    levels: Vec<String>,
}

impl Title {
    /// The title menu, with the campaign as the files say it stands.
    pub fn new(world: &World) -> Title {
        let mut t = Title {
            menu: Menu::new(Vec::new()),
            entries: vec![
                Entry::Continue,
                Entry::NewCampaign,
                Entry::Skirmish,
                Entry::Options,
                Entry::Quit,
            ],
            levels: Vec::new(),
        };
        t.refresh(world);
        t.menu = Menu::new(t.menu.items.clone());
        t
    }

    /// Reads the campaign and progress files again (after a campaign screen closed).
    pub fn refresh(&mut self, world: &World) {
        let loaded = crate::load::campaign::load(&world.campaign_file);
        let campaign = loaded.as_ref().ok();
        self.levels = campaign
            .and_then(|c| c.chapters.first())
            .and_then(|ch| crate::game::difficulty::levels(&ch.scenario).ok())
            .unwrap_or_default();
        let cont = match campaign::saved(campaign, world.progress_file.as_deref()) {
            Saved::At { chapter, of, title } => {
                Item::new("Continue campaign").note(format!("chapter {} of {of}: {title}", chapter + 1))
            }
            Saved::Finished => Item::new("Continue campaign").note("every chapter won").disabled(),
            Saved::Nothing => Item::new("Continue campaign").note("no campaign begun").disabled(),
            Saved::Broken(_) => Item::new("Continue campaign")
                .note("the progress file is damaged")
                .disabled(),
        };
        let new = match &loaded {
            Ok(c) => Item::new("New campaign").note(c.name.clone()),
            Err(_) => Item::new("New campaign")
                .note("the campaign file does not load")
                .disabled(),
        };
        let at = self.menu.at;
        self.menu.items = vec![
            cont,
            new,
            Item::new("Skirmish").note("any scenario of maps/"),
            Item::new("Options"),
            Item::new("Quit"),
        ];
        self.menu.at = at;
        if !self.menu.items[at.min(self.menu.items.len() - 1)].enabled {
            self.menu.step(1);
        }
    }

    /// The problems the title shows: a campaign or progress file that does not read.
    pub fn problems(world: &World) -> Vec<String> {
        let mut out = Vec::new();
        let loaded = crate::load::campaign::load(&world.campaign_file);
        if let Err(e) = &loaded
            && world.campaign_file.exists()
        {
            out.push(e.to_string());
        }
        if let Saved::Broken(e) = campaign::saved(loaded.as_ref().ok(), world.progress_file.as_deref()) {
            out.push(format!("{e} (Continue is off; New campaign starts afresh)"));
        }
        out
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
            Entry::Continue => Switch::Push(Go::ContinueCampaign),
            Entry::NewCampaign if self.levels.is_empty() => Switch::Push(Go::NewCampaign { difficulty: None }),
            Entry::NewCampaign => Switch::Push(Go::Difficulty {
                then: Chosen::Campaign,
                levels: self.levels.clone(),
            }),
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
        let below = h * 0.38 + self.menu.items.len() as f32 * size * 2.2 + size;
        view::text(
            &mut canvas,
            help,
            Vec2::new((w - view::text_w(help, size * 0.8)) / 2.0, below),
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

    fn uncovered(&mut self, world: &mut World) {
        self.refresh(world);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_reach_every_entry() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let home = std::env::temp_dir().join(format!("skirmish-title-{}", std::process::id()));
        let mut world = World::new(None, root.join("maps"), true);
        world.progress_file = Some(home.join("progress.json"));
        let mut t = Title::new(&world);
        assert!(!t.menu.items[0].enabled, "nothing to continue yet");
        // The shipped campaign's first chapter has levels: the chooser comes first.
        assert_eq!(
            t.act(MenuKey::Confirm),
            Switch::Push(Go::Difficulty {
                then: Chosen::Campaign,
                levels: vec!["easy".into(), "normal".into(), "hard".into()]
            })
        );
        t.act(MenuKey::Down);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::Picker));
        t.act(MenuKey::Down);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::Options));
        t.act(MenuKey::Down);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Quit);
        assert_eq!(t.act(MenuKey::Back), Switch::None, "Escape does not quit by surprise");
        // A campaign begun: Continue is offered, at its chapter.
        world.scripted = false;
        world.start_campaign(None).unwrap();
        t.refresh(&world);
        assert!(t.menu.items[0].enabled);
        assert!(
            t.menu.items[0].note.starts_with("chapter 1 of "),
            "{:?}",
            t.menu.items[0]
        );
        t.menu.at = 0;
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::ContinueCampaign));
        // A damaged progress file: a message, Continue off, New still on.
        std::fs::write(home.join("progress.json"), "{").unwrap();
        t.refresh(&world);
        assert!(!t.menu.items[0].enabled && t.menu.items[1].enabled);
        let problems = Title::problems(&world);
        assert!(
            problems.len() == 1 && problems[0].contains("progress.json:"),
            "{problems:?}"
        );
        let _ = std::fs::remove_dir_all(&home);
    }
}
