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
    /// One battle of any scenario, hot-seat: a second person plays the enemy side.
    Versus,
    /// The save slots.
    Load,
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
    /// Where the campaign in progress stands ("chapter 3 of 4"), when one is.
    progress: Option<String>,
    /// The question before a new campaign replaces the one in progress: Yes or No.
    pub ask: Option<Menu>,
}

/// The question asked before a new campaign replaces the one in progress at `progress`.
pub fn new_campaign_question(progress: &str) -> String {
    format!("Start a new campaign? Your progress ({progress}) will be lost.")
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
                Entry::Versus,
                Entry::Load,
                Entry::Options,
                Entry::Quit,
            ],
            levels: Vec::new(),
            progress: None,
            ask: None,
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
        let saved = campaign::saved(campaign, world.progress_file.as_deref());
        self.progress = match &saved {
            Saved::At { chapter, of, .. } => Some(format!("chapter {} of {of}", chapter + 1)),
            _ => None,
        };
        let saved_at = matches!(saved, Saved::At { .. });
        // The chapter's own save, when the player saved in it: Continue goes on from there.
        let chapter_save = |chapter: usize| {
            let c = campaign?.chapters.get(chapter)?;
            let level = crate::game::screens::campaign::saved_difficulty(world.progress_file.as_deref());
            let slot = world.save_for(&c.scenario, level.as_deref(), Some(chapter + 1));
            (world.saves_dir().is_some() && !world.save_given)
                .then(|| crate::io::save::read(&slot).ok())
                .flatten()
                .map(|s| s.turn)
        };
        let cont = match saved {
            Saved::At { chapter, of, title } => {
                let note = format!("chapter {} of {of}: {title}", chapter + 1);
                Item::new("Continue campaign").note(match chapter_save(chapter) {
                    Some(turn) => format!("{note} · saved on turn {turn}"),
                    None => note,
                })
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
        // Back on the title with a campaign now in progress: Continue is where the cursor
        // stands (found playing: it stayed on New campaign, two presses from starting over).
        let was_off = !self.menu.items.first().is_some_and(|i| i.enabled);
        let at = if was_off && saved_at { 0 } else { self.menu.at };
        self.menu.items = vec![
            cont,
            new,
            Item::new("Skirmish").note("any scenario of maps/"),
            Item::new("Versus").note("two people, one machine: Blue against Red"),
            Item::new("Load").note(match world.saves_dir().map(|d| crate::game::slots::list(&d).len()) {
                Some(0) | None => "no saves yet".to_string(),
                Some(1) => "1 saved battle".to_string(),
                Some(n) => format!("{n} saved battles"),
            }),
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
        if let Some(ask) = &mut self.ask {
            let picked = ask.key(k);
            return self.answer(picked);
        }
        match self.menu.key(k) {
            Picked::Chose(i) => self.choose(i),
            // Escape on the title does not close the game by surprise; Quit does.
            Picked::Back | Picked::Nothing | Picked::Step(..) => Switch::None,
        }
    }

    /// The answer to the new-campaign question: its first entry (Yes) starts the new
    /// campaign, the second (No) or going back closes the question.
    fn answer(&mut self, picked: Picked) -> Switch {
        match picked {
            Picked::Chose(0) => {
                self.ask = None;
                self.new_campaign()
            }
            Picked::Chose(_) | Picked::Back => {
                self.ask = None;
                Switch::None
            }
            Picked::Nothing | Picked::Step(..) => Switch::None,
        }
    }

    fn choose(&mut self, i: usize) -> Switch {
        match self.entries[i] {
            Entry::Continue => Switch::Push(Go::ContinueCampaign),
            // A campaign in progress is not thrown away without asking; No is highlighted.
            Entry::NewCampaign if self.progress.is_some() => {
                let mut ask = Menu::new(vec![
                    Item::new("Yes, start a new campaign"),
                    Item::new("No, keep my progress"),
                ]);
                ask.at = 1;
                self.ask = Some(ask);
                Switch::None
            }
            Entry::NewCampaign => self.new_campaign(),
            Entry::Skirmish => Switch::Push(Go::Picker),
            Entry::Versus => Switch::Push(Go::Versus),
            Entry::Load => Switch::Push(Go::Load),
            Entry::Options => Switch::Push(Go::Options),
            Entry::Quit => Switch::Quit,
        }
    }

    /// What a click of button `b` at window pixel `p` does.
    pub fn mouse_pick(&mut self, b: MouseButton, p: Vec2) -> Switch {
        if let Some(ask) = &mut self.ask {
            // A click on an answer answers; a right click is No, as Escape is.
            let picked = match b {
                MouseButton::Left => ask.click(p),
                MouseButton::Right => Picked::Back,
                _ => Picked::Nothing,
            };
            return self.answer(picked);
        }
        if b != MouseButton::Left {
            return Switch::None;
        }
        match self.menu.click(p) {
            Picked::Chose(i) => self.choose(i),
            _ => Switch::None,
        }
    }

    /// A new campaign: the difficulty chooser first when its first chapter has levels, then
    /// the question of chance in combat.
    fn new_campaign(&self) -> Switch {
        if self.levels.is_empty() {
            Switch::Push(Go::CampaignChance { difficulty: None })
        } else {
            Switch::Push(Go::Difficulty {
                then: Chosen::Campaign,
                levels: self.levels.clone(),
            })
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
        let help = if let (Some(ask), Some(progress)) = (&mut self.ask, &self.progress) {
            // The question in place of the menu (text is drawn above every box, so the menu
            // would show through), its two answers under it.
            let q = new_campaign_question(progress);
            let qs = size.min((w * 0.9 - 2.0 * size) / (q.chars().count() as f32 * view::CHAR_W));
            let bw = (view::text_w(&q, qs) + 2.0 * size).max(w * 0.5);
            let bh = size * 3.0 + 2.0 * size * 2.2 + size;
            let bx = Rect::new((w - bw) / 2.0, h * 0.38, bw, bh);
            view::panel(&mut canvas, bx, view::Z_HUD);
            view::text(&mut canvas, &q, Vec2::new(bx.x + size, bx.y + size), qs, GOLD);
            let area = Rect::new(bx.x + size, bx.y + size * 3.0, bw - 2.0 * size, 2.0 * size * 2.2);
            menu::draw(&mut canvas, ask, area, size);
            ("Enter or click to answer · Esc or right click: No", bx.bottom() + size)
        } else {
            let area = Rect::new(w * 0.2, h * 0.38, w * 0.6, h * 0.45);
            menu::draw(&mut canvas, &mut self.menu, area, size);
            (
                "arrows or mouse to choose · Enter or click to open",
                h * 0.38 + self.menu.items.len() as f32 * size * 2.2 + size,
            )
        };
        let (help, below) = help;
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

    fn key_down(&mut self, _ctx: &mut Context, world: &mut World, input: KeyInput, _r: bool) -> GameResult<Switch> {
        let k = menu::menu_key(&world.settings.bindings(), &input);
        Ok(k.map_or(Switch::None, |k| self.act(k)))
    }

    fn menu_key(&mut self, _world: &mut World, k: menu::MenuKey) -> Switch {
        self.act(k)
    }

    fn mouse_motion(&mut self, _ctx: &mut Context, x: f32, y: f32, _dx: f32, _dy: f32) -> GameResult {
        match &mut self.ask {
            Some(ask) => ask.hover(Vec2::new(x, y)),
            None => self.menu.hover(Vec2::new(x, y)),
        }
        Ok(())
    }

    fn mouse_down(&mut self, _ctx: &mut Context, _w: &mut World, b: MouseButton, x: f32, y: f32) -> GameResult<Switch> {
        Ok(self.mouse_pick(b, Vec2::new(x, y)))
    }

    fn token(&mut self, _world: &mut World, t: Token) -> Switch {
        menu::token_key(t).map_or(Switch::None, |k| self.act(k))
    }

    fn uncovered(&mut self, world: &mut World) {
        // Back on the title: the next battle is against the AI unless Versus is chosen again.
        world.versus = false;
        world.file_problems = Title::problems(world);
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
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::Versus));
        t.act(MenuKey::Down);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::Load));
        t.act(MenuKey::Down);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::Options));
        t.act(MenuKey::Down);
        assert_eq!(t.act(MenuKey::Confirm), Switch::Quit);
        assert_eq!(t.act(MenuKey::Back), Switch::None, "Escape does not quit by surprise");
        // A campaign begun: Continue is offered, at its chapter.
        world.scripted = false;
        world.start_campaign(None, false).unwrap();
        t.refresh(&world);
        assert!(t.menu.items[0].enabled);
        assert_eq!(t.menu.at, 0, "Continue, now on, is where the cursor stands");
        assert!(
            t.menu.items[0].note.starts_with("chapter 1 of "),
            "{:?}",
            t.menu.items[0]
        );
        t.menu.at = 0;
        assert_eq!(t.act(MenuKey::Confirm), Switch::Push(Go::ContinueCampaign));
        // Issue 33: a save made in the chapter is offered by Continue (which resumes it).
        world.places = Some(crate::game::settings::Places {
            settings: home.join("options.toml"),
            data: home.clone(),
        });
        let first = crate::load::campaign::load(&world.campaign_file).unwrap().chapters[0]
            .scenario
            .clone();
        let (scenario, data, _) = crate::cli::load_scenario(&first, None).unwrap();
        let session =
            crate::play::phase::Session::new(crate::rules::Battle::new(&scenario, &data), data.profiles.clone());
        let slot = world.save_for(&first, None, Some(1));
        std::fs::create_dir_all(slot.parent().unwrap()).unwrap();
        crate::io::save::write(&slot, &crate::io::save::snapshot(session.battle(), &scenario, 0)).unwrap();
        t.refresh(&world);
        assert!(
            t.menu.items[0].note.ends_with("· saved on turn 1"),
            "{:?}",
            t.menu.items[0]
        );
        // New campaign over it asks first, and starts nothing until Yes.
        t.menu.at = 1;
        assert_eq!(t.act(MenuKey::Confirm), Switch::None);
        let ask = t.ask.as_ref().expect("the question is open");
        assert_eq!(ask.at, 1, "No is highlighted");
        assert_eq!(ask.items[0].label, "Yes, start a new campaign");
        assert_eq!(
            new_campaign_question(t.progress.as_deref().unwrap()),
            "Start a new campaign? Your progress (chapter 1 of 5) will be lost."
        );
        let _ = std::fs::remove_dir_all(&home);
    }

    #[test]
    fn a_new_campaign_over_progress_asks_by_keys_and_by_mouse() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let home = std::env::temp_dir().join(format!("skirmish-title-ask-{}", std::process::id()));
        let mut world = World::new(None, root.join("maps"), false);
        world.progress_file = Some(home.join("progress.json"));
        let mut t = Title::new(&world);
        // Nothing begun: New campaign goes straight on (to the difficulty chooser).
        t.menu.at = 1;
        assert!(matches!(t.act(MenuKey::Confirm), Switch::Push(Go::Difficulty { .. })));
        assert!(t.ask.is_none());
        world.start_campaign(None, false).unwrap();
        t.refresh(&world);
        t.menu.at = 1;
        let chooser = Switch::Push(Go::Difficulty {
            then: Chosen::Campaign,
            levels: vec!["easy".into(), "normal".into(), "hard".into()],
        });
        // Keys: Escape closes the question; No closes it; Yes starts afresh.
        assert_eq!(t.act(MenuKey::Confirm), Switch::None);
        assert_eq!(t.act(MenuKey::Back), Switch::None);
        assert!(t.ask.is_none(), "Escape is No");
        assert_eq!(t.act(MenuKey::Confirm), Switch::None);
        assert_eq!(t.act(MenuKey::Confirm), Switch::None, "Enter on the highlighted No");
        assert!(t.ask.is_none());
        assert_eq!(t.menu.at, 1, "the title menu is where it was");
        assert_eq!(t.act(MenuKey::Confirm), Switch::None);
        assert_eq!(t.act(MenuKey::Up), Switch::None);
        assert_eq!(t.act(MenuKey::Confirm), chooser, "Yes");
        assert!(t.ask.is_none());
        // The mouse: a click on No, then a right click, then a click on Yes.
        let middle = |r: Rect| Vec2::new(r.x + r.w / 2.0, r.y + r.h / 2.0);
        let open = |t: &mut Title| {
            assert_eq!(t.act(MenuKey::Confirm), Switch::None);
            let ask = t.ask.as_mut().unwrap();
            ask.rects = menu::rows(2, Rect::new(100.0, 300.0, 400.0, 100.0), 40.0);
            (middle(ask.rects[0]), middle(ask.rects[1]))
        };
        let (yes, no) = open(&mut t);
        assert_eq!(t.mouse_pick(MouseButton::Left, no), Switch::None);
        assert!(t.ask.is_none());
        let _ = open(&mut t);
        assert_eq!(t.mouse_pick(MouseButton::Left, Vec2::new(5.0, 5.0)), Switch::None);
        assert!(t.ask.is_some(), "a click beside the answers answers nothing");
        assert_eq!(t.mouse_pick(MouseButton::Right, yes), Switch::None);
        assert!(t.ask.is_none(), "a right click is No");
        let (yes, _) = open(&mut t);
        assert_eq!(t.mouse_pick(MouseButton::Left, yes), chooser);
        let _ = std::fs::remove_dir_all(&home);
    }

    #[test]
    fn a_damaged_progress_file_turns_continue_off() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let home = std::env::temp_dir().join(format!("skirmish-title-broken-{}", std::process::id()));
        let mut world = World::new(None, root.join("maps"), false);
        world.progress_file = Some(home.join("progress.json"));
        world.start_campaign(None, false).unwrap();
        let mut t = Title::new(&world);
        // A damaged progress file: a message, Continue off, New still on.
        std::fs::write(home.join("progress.json"), "{").unwrap();
        t.refresh(&world);
        assert!(!t.menu.items[0].enabled && t.menu.items[1].enabled);
        t.menu.at = 1;
        assert!(
            matches!(t.act(MenuKey::Confirm), Switch::Push(Go::Difficulty { .. })),
            "nothing readable to lose: no question"
        );
        t.uncovered(&mut world);
        let problems = &world.file_problems;
        assert!(
            problems.len() == 1 && problems[0].contains("progress.json:"),
            "{problems:?}"
        );
        // A new campaign rewrites the file: back on the title, the message is gone.
        world.start_campaign(None, false).unwrap();
        t.uncovered(&mut world);
        assert!(world.file_problems.is_empty(), "{:?}", world.file_problems);
        assert!(t.menu.items[0].enabled);
        let _ = std::fs::remove_dir_all(&home);
    }
}
