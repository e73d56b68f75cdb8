//! The battle screen: the game's `GameState` behind the [`Screen`] trait, unchanged inside.
//! The adapter adds two hooks: a finished battle's outcome (kept in the records), and
//! leaving to the menus when the player quits a battle opened from the title.

use super::{Go, Input, Launch, Screen, Switch, World};
use crate::game::assets::Assets;
use crate::game::buttons::Button;
use crate::game::controls::Control;
use crate::game::hud::text::Leave;
use crate::game::records::{Records, Result as Outcome};
use crate::game::script::Token;
use crate::game::settings::{AnimSpeed, Settings};
use crate::game::state::{Files, GameState, Options};
use crate::io::replay::ChapterStart;
use crate::load::scenario::Scenario;
use crate::rules::Battle;
use crate::search::grid::Team;
use ggez::event::EventHandler;
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::MouseButton;
use ggez::{Context, GameResult};
use std::cell::Cell;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::rc::Rc;

/// What a scripted run hands to the first battle it opens.
#[derive(Default)]
pub struct Scripted {
    /// Tokens still to play.
    pub script: VecDeque<Token>,
    /// `--screenshot`.
    pub screenshot: Option<PathBuf>,
    /// `--frames`.
    pub frames: Option<u32>,
}

/// A battle on the screen stack.
pub struct BattleScreen {
    game: GameState,
    /// Quitting goes back to the menus (opened from the title), not out of the game.
    leaves: bool,
    /// A scripted run's screenshot or frame count ends the game when done.
    harnessed: bool,
    /// The records' key of this battle.
    key: String,
    /// The outcome was kept already.
    noted: bool,
    title: String,
    /// A campaign's chapter: the scenario as the roster made it, and, once the battle is
    /// over, whether it was won (the progress is written then).
    chapter: Option<(Scenario, Option<bool>)>,
    /// Seconds before the next scripted token after a chapter's end.
    token_wait: f32,
    /// The process exit code.
    exit: Rc<Cell<i32>>,
    /// A key went down in this battle: from then on its releases are the battle's (the
    /// release of the Enter that opened it from a menu is not a confirm's release).
    keyed: bool,
    /// What was left of a script when the chapter ended: played here (Confirm moves on),
    /// then given back to the menus with the screenshot still to take.
    after: Option<Scripted>,
}

/// The outcome of a finished battle for the records; `None` while it goes on.
pub fn outcome(b: &Battle) -> Option<Outcome> {
    let (winner, _) = b.ended()?;
    Some(Outcome {
        won: winner == Team::Player,
        turns: b.turn(),
        survivors: b.living(Team::Player).count() as u32,
        units: b.units().iter().filter(|u| u.team() == Team::Player).count() as u32,
    })
}

/// A won battle (a skirmish or a campaign chapter) is over: its save slot would only resume a
/// finished battle, so it leaves the Load list (issue 39's play: the title still offered the
/// turn-6 save of the woods already won). A lost battle keeps its save, to try again from it;
/// a save file the player named (`--save-file`) is never removed.
fn forget_won_save(world: &World, save: &std::path::Path, won: bool) {
    if won && !world.save_given && world.saves_dir().is_some_and(|d| save.starts_with(d)) {
        let _ = std::fs::remove_file(save);
    }
}

/// How fast animations play at `speed`: slow is half the normal pace (fast is the battle's
/// own fast mode, four times the enemy phase).
pub fn pace(speed: AnimSpeed) -> f32 {
    match speed {
        AnimSpeed::Slow => 0.5,
        AnimSpeed::Normal | AnimSpeed::Fast => 1.0,
    }
}

/// The settings the battle has a switch for, put onto it.
fn wire(game: &mut GameState, s: &Settings) {
    game.notes = s.ai_notes;
    game.fast = s.animation == AnimSpeed::Fast;
    game.pace = pace(s.animation);
    game.grid_lines = s.grid_lines;
    game.edge_scroll = s.edge_scroll;
    game.set_auto_end_turn(s.auto_end_turn);
    game.session.set_show_danger(s.danger_view);
    game.bindings = s.bindings();
}

impl BattleScreen {
    /// What a press of `control` (menu key `k`) does before the battle sees it, in a
    /// campaign's chapter: `Some` when it stops here. A finished chapter's log can still be
    /// read (the log control, found playing: the lit Log button did nothing) and while it is
    /// open the keys are the log box's; otherwise confirm, back and quit move on, nothing
    /// else. A chapter never switches to another scenario of the folder.
    fn chapter_gate(&mut self, control: Option<Control>, k: Option<super::menu::MenuKey>) -> Option<Switch> {
        use super::menu::MenuKey;
        let (_, done) = self.chapter.as_ref()?;
        if let Some(won) = *done {
            if control == Some(Control::Log) || self.game.log_open() {
                return None;
            }
            return Some(match (k, control) {
                (Some(MenuKey::Confirm | MenuKey::Back), _) | (_, Some(Control::Quit)) => self.move_on(won),
                _ => Switch::None,
            });
        }
        matches!(control, Some(Control::PreviousScenario | Control::NextScenario)).then_some(Switch::None)
    }

    /// A battle the command line opened directly (`skirmish play FILE`): quitting it ends the game.
    pub fn direct(game: GameState, world: &World, key: String, exit: Rc<Cell<i32>>) -> BattleScreen {
        BattleScreen::around(game, world, key, false, true, exit)
    }

    /// The screen around `game`, the options put onto it: `leaves` when quitting goes back to
    /// the menus, `harnessed` when a script or a screenshot drives it.
    fn around(
        mut game: GameState,
        world: &World,
        key: String,
        leaves: bool,
        harnessed: bool,
        exit: Rc<Cell<i32>>,
    ) -> BattleScreen {
        wire(&mut game, &world.settings);
        let title = crate::game::hud::text::window_title(&game.scenario_name());
        BattleScreen {
            game,
            leaves,
            harnessed,
            key,
            noted: false,
            title,
            chapter: None,
            token_wait: 0.0,
            after: None,
            keyed: false,
            exit,
        }
    }

    /// The battle of the campaign's next chapter, its player units as the roster has them.
    pub fn chapter(
        ctx: &Context,
        world: &World,
        assets: &Assets,
        scripted: Scripted,
        exit: Rc<Cell<i32>>,
    ) -> Result<BattleScreen, String> {
        let a = world.campaign.as_ref().ok_or("no campaign is being played")?;
        let k = a.progress.chapter;
        let ch = a.campaign.chapters.get(k).ok_or("every chapter is won")?;
        let launch = Launch {
            path: ch.scenario.clone(),
            difficulty: a.progress.difficulty.clone(),
        };
        let chapter = ChapterStart {
            number: k + 1,
            title: ch.title.clone(),
            permadeath: a.progress.permadeath,
            roster: a.progress.roster.clone(),
            set: crate::io::replay::ChapterSet::of(
                &ch.numbers(a.progress.chance, ch.level(a.progress.difficulty.as_deref())),
            ),
            chance: a.progress.chance,
        };
        // The chapter's own save slot, when the player saved in it: the battle goes on there.
        let save = world.chapter_save();
        let (mut screen, ready) =
            BattleScreen::open_with(ctx, world, assets, &launch, scripted, exit, Some(chapter), save)?;
        screen.chapter = Some((ready, None));
        screen.game.leave = Leave::Title;
        Ok(screen)
    }

    /// Loads `launch` and opens its battle from the menus, resumed from `save` when given
    /// (a slot of the Load screen).
    pub fn open(
        ctx: &Context,
        world: &World,
        assets: &Assets,
        launch: &Launch,
        scripted: Scripted,
        exit: Rc<Cell<i32>>,
        save: Option<PathBuf>,
    ) -> Result<BattleScreen, String> {
        BattleScreen::open_with(ctx, world, assets, launch, scripted, exit, None, save).map(|(s, _)| s)
    }

    /// [`BattleScreen::open`] of the scenario, or of a campaign's chapter: the scenario with
    /// the roster put on it; resumed from `save` when given.
    #[expect(clippy::too_many_arguments, reason = "the window's parts, what to open and how")]
    fn open_with(
        ctx: &Context,
        world: &World,
        assets: &Assets,
        launch: &Launch,
        scripted: Scripted,
        exit: Rc<Cell<i32>>,
        chapter: Option<ChapterStart>,
        save: Option<PathBuf>,
    ) -> Result<(BattleScreen, Scenario), String> {
        let (scenario, data, data_dir) = load_launch(world, launch, chapter.as_ref().map(|c| c.number - 1))?;
        let scenario = crate::game::state::dressed(scenario, chapter.as_ref());
        let ready = scenario.clone();
        let harnessed = scripted.screenshot.is_some() || scripted.frames.is_some();
        // A new battle rolls from a seed of its own (a save's, when resuming, wins).
        let seed = crate::play::new_battle_seed(harnessed || !scripted.script.is_empty());
        let number = chapter.as_ref().map(|c| c.number);
        let slot = match &save {
            Some(p) => p.clone(),
            None => world.save_for(&launch.path, launch.difficulty.as_deref(), number),
        };
        let resume = match &save {
            Some(p) => Some(Box::new(crate::io::save::read(p).map_err(|e| e.to_string())?)),
            None => None,
        };
        let opts = Options {
            script: scripted.script,
            screenshot: scripted.screenshot,
            fps: std::env::var("SKIRMISH_FPS").is_ok_and(|v| v == "1"),
            files: Files {
                scenario: launch.path.clone(),
                data_dir,
                save: slot,
                record: world.record_file.clone(),
                data_given: world.data_override.is_some(),
            },
            resume,
            frames: scripted.frames,
            playback: VecDeque::new(),
            fast_forward: 0,
            experience: true,
            seed,
            chapter: chapter.clone(),
            // A chapter of a campaign is never hot-seat.
            versus: world.versus && chapter.is_none(),
        };
        let game = GameState::new(ctx, scenario, data, assets.clone(), opts, Rc::clone(&exit));
        let key = Records::key(&launch.path, launch.difficulty.as_deref());
        let mut screen = BattleScreen::around(game, world, key, true, harnessed, exit);
        // Quitting pops this screen: back to the picker under it.
        screen.game.leave = Leave::Scenarios;
        Ok((screen, ready))
    }
}

impl BattleScreen {
    /// After a chapter: a won one shows the roster, a lost one starts again from its intro.
    fn move_on(&self, won: bool) -> Switch {
        Switch::Replace(if won { Go::Roster } else { Go::Intro })
    }

    /// Plays a script's tokens left after a chapter's end (the battle no longer takes them):
    /// Confirm moves on; anything else waits its turn.
    fn after_chapter_script(&mut self, ctx: &mut Context) -> Option<Switch> {
        let won = self.chapter.as_ref()?.1?;
        let after = self.after.as_mut()?;
        if self.game.anims.busy() {
            return None;
        }
        if after.script.is_empty() {
            // The script ended on the finished chapter: its screenshot is this frame.
            if let Some(path) = after.screenshot.take() {
                match crate::game::state::harness::save_frame(ctx, &path) {
                    Ok(()) => eprintln!("saved {}", path.display()),
                    Err(e) => {
                        eprintln!("--screenshot {}: {e}", path.display());
                        self.exit.set(1);
                    }
                }
                ctx.request_quit();
            }
            return None;
        }
        self.token_wait -= ctx.time.delta().as_secs_f32();
        if self.token_wait > 0.0 {
            return None;
        }
        self.token_wait = 0.15;
        match after.script.pop_front().and_then(super::menu::token_key) {
            Some(super::menu::MenuKey::Confirm) => Some(self.move_on(won)),
            _ => None,
        }
    }
}

impl Screen for BattleScreen {
    fn update(&mut self, ctx: &mut Context, world: &mut World) -> GameResult<Switch> {
        self.game.update(ctx)?;
        // The danger view (D) is the player's to keep: the next battle, or this one resumed,
        // opens with it as left.
        world.keep_danger_view(self.game.session.show_danger());
        // Hook: a finished battle's outcome goes into the records once; a campaign's chapter
        // counts for its map too (issue 33: Skirmish said "not won yet" of maps won there).
        match outcome(self.game.session.battle()) {
            Some(r) if !self.noted => {
                self.noted = true;
                forget_won_save(world, self.game.save_file(), r.won);
                world.note_result(self.key.clone(), r);
            }
            // Played again (R): the next ending counts too.
            None => self.noted = false,
            _ => {}
        }
        // Hook: a campaign's chapter is over: the roster takes the battle's result, or the
        // chapter counts one more try; the progress file is written at once.
        if let Some((ready, result @ None)) = &mut self.chapter
            && let Some((winner, _)) = self.game.session.battle().ended()
        {
            let won = winner == Team::Player;
            *result = Some(won);
            if let Some(a) = &mut world.campaign {
                let p = &mut a.progress;
                if won {
                    p.roster.record(self.game.session.battle(), ready, p.permadeath);
                    p.chapter += 1;
                    p.tries = 0;
                } else {
                    p.tries += 1;
                }
            }
            world.save_progress();
        }
        // The rest of a script, once the chapter's end has been shown, is for the screens
        // after the chapter, not the battle.
        if matches!(self.chapter, Some((_, Some(_))))
            && self.after.is_none()
            && !self.game.anims.busy()
            && !self.game.script.is_empty()
        {
            self.after = Some(Scripted {
                script: std::mem::take(&mut self.game.script),
                screenshot: self.game.shot.take().map(|s| s.path),
                frames: None,
            });
        }
        // The battle's Options button (or O): the options screen over the battle.
        if self.game.take_wants_options() {
            return Ok(Switch::Push(Go::Options));
        }
        // A script goes on after a chapter's end: Confirm moves on, as the key does.
        if let Some(next) = self.after_chapter_script(ctx) {
            return Ok(next);
        }
        // Hook: the player agreed to quit a battle opened from the menus: back to them.
        if self.leaves && !self.harnessed && ctx.fields.quit_requested {
            ctx.fields.quit_requested = false;
            return Ok(Switch::Pop);
        }
        Ok(Switch::None)
    }

    fn draw(&mut self, ctx: &mut Context, _world: &World) -> GameResult {
        // A finished chapter says where Enter goes in its own result box (the battle's hud).
        self.game.draw(ctx)
    }

    fn key_down(&mut self, ctx: &mut Context, _w: &mut World, input: KeyInput, repeated: bool) -> GameResult<Switch> {
        let control = self.game.bindings.of_key(&input.event.logical_key);
        let k = super::menu::menu_key(&self.game.bindings, &input);
        if let Some(sw) = self.chapter_gate(control, k) {
            return Ok(sw);
        }
        self.keyed = true;
        self.game.key_down_event(ctx, input, repeated)?;
        Ok(Switch::None)
    }

    fn mouse_down(&mut self, ctx: &mut Context, _w: &mut World, b: MouseButton, x: f32, y: f32) -> GameResult<Switch> {
        if let Some((_, Some(won))) = &self.chapter {
            let won = *won;
            // The Log button and the log box work as in any battle; any other click moves on.
            if self.game.log_open() || self.game.button_at(x, y) == Some(Button::Log) {
                self.game.mouse_button_down_event(ctx, b, x, y)?;
                return Ok(Switch::None);
            }
            return Ok(if b == MouseButton::Left {
                self.move_on(won)
            } else {
                Switch::None
            });
        }
        self.game.mouse_button_down_event(ctx, b, x, y)?;
        Ok(Switch::None)
    }

    fn input(&mut self, ctx: &mut Context, world: &mut World, input: Input) -> GameResult<Switch> {
        match input {
            // These two have the finished chapter's own rules (above).
            Input::KeyDown { input, repeated } => self.key_down(ctx, world, input, repeated),
            Input::MouseDown { button, x, y } => self.mouse_down(ctx, world, button, x, y),
            Input::KeyUp(_) if !self.keyed => Ok(Switch::None),
            Input::PadDown(b) => {
                let control = self.game.bindings.pad(b);
                if let Some(sw) = self.chapter_gate(control, control.and_then(super::menu::control_key)) {
                    return Ok(sw);
                }
                self.keyed = true;
                self.game.pad_down(ctx, b);
                Ok(Switch::None)
            }
            Input::PadUp(b) => {
                if self.keyed {
                    self.game.pad_up(b);
                }
                Ok(Switch::None)
            }
            // Everything else goes to the battle's own handler as it came.
            other => other.deliver(&mut self.game, ctx).map(|_| Switch::None),
        }
    }

    fn resize(&mut self, ctx: &mut Context, w: f32, h: f32) -> GameResult {
        self.game.resize_event(ctx, w, h)
    }

    fn is_battle(&self) -> bool {
        true
    }

    fn uncovered(&mut self, world: &mut World) {
        // Back from the options screen: the battle follows what changed.
        wire(&mut self.game, &world.settings);
    }

    fn give_back(&mut self) -> Option<Scripted> {
        if let Some(after) = self.after.take() {
            return Some(after);
        }
        let shot = self.game.shot.take().map(|s| s.path);
        let script = std::mem::take(&mut self.game.script);
        (shot.is_some() || !script.is_empty()).then_some(Scripted {
            script,
            screenshot: shot,
            frames: None,
        })
    }

    fn window_title(&self) -> String {
        self.title.clone()
    }
}

/// The scenario of `launch` and the data it plays on: at its level; for chapter `k` of the
/// campaign being played, as `campaign --simulate` plays it — the chapter's own numbers
/// (`[chapters.set]`), then the level the player chose for the campaign, else the chapter's
/// `difficulty`.
fn load_launch(
    world: &World,
    launch: &Launch,
    chapter: Option<usize>,
) -> Result<(Scenario, crate::load::data::DataSet, PathBuf), String> {
    let (mut scenario, mut data, data_dir) =
        crate::cli::load_scenario(&launch.path, world.data_override.clone()).map_err(|e| e.to_string())?;
    if let (Some(k), Some(a)) = (chapter, world.campaign.as_ref()) {
        let (scenario, data) =
            crate::load::campaign::load_chapter(&a.campaign, k, data, launch.difficulty.as_deref(), a.progress.chance)
                .map_err(|e| e.to_string())?;
        return Ok((scenario, data, data_dir));
    }
    if let Some(level) = &launch.difficulty {
        crate::game::difficulty::apply(&mut scenario, &mut data, level).map_err(|e| e.to_string())?;
    }
    Ok((scenario, data, data_dir))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Command;

    #[test]
    fn a_won_battles_save_leaves_the_slots_and_a_lost_ones_stays() {
        let dir = std::env::temp_dir().join(format!("skirmish-won-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let places = crate::game::settings::Places {
            settings: dir.join("options.toml"),
            data: dir.clone(),
        };
        let mut w = World::new(Some(places), "maps".into(), false);
        let saves = w.saves_dir().expect("a saves folder under the home");
        std::fs::create_dir_all(&saves).unwrap();
        let slot = saves.join("woods.save");
        std::fs::write(&slot, "x").unwrap();
        forget_won_save(&w, &slot, false);
        assert!(slot.exists(), "a lost battle keeps its save");
        forget_won_save(&w, &slot, true);
        assert!(!slot.exists(), "a won battle's save leaves the slots");
        // A file outside the slots folder (named by the player) is never removed.
        let own = dir.join("mine.save");
        std::fs::write(&own, "x").unwrap();
        forget_won_save(&w, &own, true);
        assert!(own.exists());
        std::fs::write(&slot, "x").unwrap();
        w.save_given = true;
        forget_won_save(&w, &slot, true);
        assert!(slot.exists(), "with --save-file the slots are not this battle's");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_chapter_is_played_with_its_own_numbers_and_level_unless_the_player_chose_one() {
        let dir = std::env::temp_dir().join(format!("skirmish-chapter-level-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(root.join("maps/sample.toml"), dir.join("sample.toml")).unwrap();
        std::fs::copy(root.join("maps/sample.txt"), dir.join("sample.txt")).unwrap();
        std::fs::write(
            dir.join("c.toml"),
            "name = \"War\"\n[[chapters]]\nscenario = \"sample.toml\"\ndifficulty = \"hard\"\n[chapters.set]\n\"unit:Kiny.move\" = 3\n",
        )
        .unwrap();
        let mut w = World::new(None, dir.clone(), false);
        w.data_override = Some(root.join("data"));
        w.campaign_file = dir.join("c.toml");
        w.progress_file = Some(dir.join("progress.json"));
        w.start_campaign(None, false).unwrap();
        let launch = Launch {
            path: dir.join("sample.toml"),
            difficulty: None,
        };
        let (s, _, _) = load_launch(&w, &launch, Some(0)).unwrap();
        let kiny = s.units.iter().find(|u| u.name == "Kiny").unwrap();
        assert_eq!((s.difficulty.as_deref(), kiny.movement), (Some("hard"), 3));
        // The player's level for the campaign wins over the chapter's.
        let easy = Launch {
            difficulty: Some("easy".into()),
            ..launch.clone()
        };
        let (s, _, _) = load_launch(&w, &easy, Some(0)).unwrap();
        assert_eq!(s.difficulty.as_deref(), Some("easy"));
        // Not a chapter: the scenario as written.
        let (s, _, _) = load_launch(&w, &launch, None).unwrap();
        assert_eq!(s.difficulty, None);
        assert!(!s.combat.chance);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_campaign_with_chance_plays_every_chapter_with_chance_and_its_chance_numbers() {
        let dir = std::env::temp_dir().join(format!("skirmish-chapter-chance-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(root.join("maps/sample.toml"), dir.join("sample.toml")).unwrap();
        std::fs::copy(root.join("maps/sample.txt"), dir.join("sample.txt")).unwrap();
        std::fs::write(
            dir.join("c.toml"),
            "name = \"War\"\n[[chapters]]\nscenario = \"sample.toml\"\n[chapters.set]\n\"unit:Kiny.move\" = 3\n\
             [chapters.chance_set]\n\"unit:Kiny.move\" = 4\n",
        )
        .unwrap();
        let mut w = World::new(None, dir.clone(), false);
        w.data_override = Some(root.join("data"));
        w.campaign_file = dir.join("c.toml");
        w.progress_file = Some(dir.join("progress.json"));
        let launch = Launch {
            path: dir.join("sample.toml"),
            difficulty: None,
        };
        let kiny_move = |s: &Scenario| s.units.iter().find(|u| u.name == "Kiny").unwrap().movement;
        w.start_campaign(None, false).unwrap();
        let (s, _, _) = load_launch(&w, &launch, Some(0)).unwrap();
        assert_eq!((s.combat.chance, kiny_move(&s)), (false, 3), "off: as before");
        w.start_campaign(None, true).unwrap();
        let (s, _, _) = load_launch(&w, &launch, Some(0)).unwrap();
        assert_eq!(
            (s.combat.chance, kiny_move(&s)),
            (true, 4),
            "on: chance and its numbers"
        );
        // Continue reads the choice back from the progress file.
        w.campaign = None;
        w.continue_campaign().unwrap();
        let (s, _, _) = load_launch(&w, &launch, Some(0)).unwrap();
        assert!(s.combat.chance, "Continue keeps chance on");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_outcome_of_a_lost_battle_is_kept() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/sample.toml");
        let (s, d, _) = crate::cli::load_scenario(&path, None).unwrap();
        let mut b = Battle::new(&s, &d);
        assert_eq!(outcome(&b), None, "still going");
        // Ending every player phase at once loses the sample battle sooner or later.
        let mut ai = crate::ai::Ai::new(d.profiles.clone());
        while b.ended().is_none() && b.turn() < 200 {
            crate::play::replay::run(&mut b, &mut ai, &[Command::EndPhase { team: Team::Player }]).unwrap();
        }
        let r = outcome(&b).expect("the battle ended");
        assert!(!r.won);
        assert_eq!(r.turns, b.turn());
        assert!(r.survivors < r.units);
    }
}
