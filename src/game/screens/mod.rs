//! Screens as a push-down stack (ggez-goodies' `SceneStack`, Amethyst's states): the title,
//! the scenario picker, the options, the difficulty (and chance) chooser and the battle each own their
//! update, draw and input, and answer with a [`Switch`] instead of setting flags elsewhere.
//! What they share (options, records, where the files are) is one [`World`] passed in. The
//! battle screen is the existing `GameState` behind an adapter ([`battle`]).
//!
//! Screens name where to go next with a [`Go`]; the [`App`] builds the screen (only it has
//! the window), so a screen's logic is tested without one.

pub mod battle;
pub mod campaign;
pub mod chance;
pub mod controls;
pub mod difficulty;
pub mod input;
pub mod load;
pub mod menu;
pub mod options;
pub mod picker;
pub mod title;

use super::assets::Assets;
#[cfg(feature = "gamepad")]
use super::controls::{PadAxis, PadButton};
use super::controls::{Repeat, Stick};
use super::records::Records;
use super::script::Token;
use super::settings::{Places, Settings};
use ggez::event::{ErrorOrigin, EventHandler};
use ggez::graphics::{Canvas, Color, Rect};
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::{MouseButton, TouchPhase};
use ggez::{Context, GameError, GameResult};
pub use input::Input;
use std::cell::Cell;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Instant;

/// What a screen asks for after an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Switch {
    /// Stay.
    None,
    /// Put a new screen on top (this one waits under it).
    Push(Go),
    /// Put a new screen in this one's place.
    Replace(Go),
    /// Close this screen, back to the one under it.
    Pop,
    /// Close the game.
    Quit,
}

/// A scenario to play: its file and the difficulty chosen (when it has levels).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    /// The scenario file.
    pub path: PathBuf,
    /// The level chosen, `None` for a scenario without levels.
    pub difficulty: Option<String>,
}

/// A screen to build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Go {
    /// Every scenario of the maps folder.
    Picker,
    /// Every scenario of the maps folder, for a hot-seat battle (`World::versus`).
    Versus,
    /// The options.
    Options,
    /// The options' keys and pad buttons.
    Controls,
    /// Choose one of `levels` before what comes next.
    Difficulty {
        /// What is played once a level is chosen.
        then: Chosen,
        /// The levels, in the scenario's order.
        levels: Vec<String>,
    },
    /// A battle.
    Battle(Launch),
    /// The list of save slots.
    Load,
    /// A battle resumed from a save slot.
    Resume {
        /// The scenario and level.
        launch: Launch,
        /// The save.
        save: PathBuf,
    },
    /// New campaign's question after the difficulty: chance in combat off or on.
    CampaignChance {
        /// The level chosen, if its scenarios have levels.
        difficulty: Option<String>,
    },
    /// A new campaign (at a difficulty, with or without chance): its first chapter's intro.
    NewCampaign {
        /// The level chosen, if its scenarios have levels.
        difficulty: Option<String>,
        /// Every chapter with chance in combat.
        chance: bool,
    },
    /// The campaign where the progress file left it: its next chapter's intro.
    ContinueCampaign,
    /// The intro of the campaign's next chapter.
    Intro,
    /// The battle of the campaign's next chapter.
    Chapter,
    /// The roster after a won chapter.
    Roster,
    /// The campaign's closing text.
    Closing,
}

/// What a difficulty is chosen for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chosen {
    /// One battle.
    Battle(Launch),
    /// A new campaign.
    Campaign,
}

/// What every screen shares.
pub struct World {
    /// The player's options.
    pub settings: Settings,
    /// Where options, records and progress are kept (`None`: nowhere to keep them).
    pub places: Option<Places>,
    /// Best results.
    pub records: Records,
    /// Problems worth telling the player (a broken options file ...), shown on menu screens.
    pub notices: Vec<String>,
    /// What is wrong with the campaign and progress files as last read (shown with the
    /// notices, and read again whenever the title screen is back: found playing, a line
    /// saying the progress file was damaged stayed after a new campaign had rewritten it).
    pub file_problems: Vec<String>,
    /// The folder the picker lists.
    pub maps: PathBuf,
    /// `--data`: the data folder for every scenario.
    pub data_override: Option<PathBuf>,
    /// Where battles save (S) and load (L) when there are no save slots (no data folder, or
    /// a scripted run), or always when `--save-file` gave it.
    pub save_file: PathBuf,
    /// `--save-file` (or `--resume`) was given: it wins over the save slots.
    pub save_given: bool,
    /// Where battles write their replay.
    pub record_file: PathBuf,
    /// A scripted run (`--input`, `--screenshot`, `--frames`): the player's options are not
    /// read, and nothing is written to the player's folders.
    pub scripted: bool,
    /// The campaign file the title offers (`maps/campaign.toml`, or `skirmish campaign FILE`).
    pub campaign_file: PathBuf,
    /// The campaign's progress file (`--progress`, else the platform's data folder).
    pub progress_file: Option<PathBuf>,
    /// The campaign being played.
    pub campaign: Option<campaign::Active>,
    /// `skirmish campaign FILE --casual`: a campaign begun now has no permadeath.
    pub casual: bool,
    /// Versus on the title: the next battle opened from the menus is hot-seat (a second person
    /// plays the enemy side); the title clears it.
    pub versus: bool,
}

impl World {
    /// The world of a run: options and records read from `places` (unless `scripted`), every
    /// problem with them kept as a notice instead of stopping the game.
    pub fn new(places: Option<Places>, maps: PathBuf, scripted: bool) -> World {
        let progress_file = places.as_ref().map(Places::progress);
        let mut w = World {
            campaign_file: maps.join("campaign.toml"),
            progress_file,
            campaign: None,
            casual: false,
            versus: false,
            settings: Settings::default(),
            places,
            records: Records::default(),
            notices: Vec::new(),
            file_problems: Vec::new(),
            maps,
            data_override: None,
            save_file: PathBuf::from("skirmish.save"),
            save_given: false,
            record_file: PathBuf::from("skirmish.replay"),
            scripted,
        };
        if scripted {
            return w;
        }
        if let Some(p) = w.places.clone() {
            match Settings::read(&p.settings) {
                Ok(s) => w.settings = s.unwrap_or_default(),
                Err(e) => w.notices.push(format!("{e} (the default options are used)")),
            }
            match Records::read(&p.records()) {
                Ok(r) => w.records = r,
                Err(e) => w.notices.push(format!("{e} (best results start afresh)")),
            }
        }
        w
    }

    /// The folder of the save slots (`None`: no data folder, or a scripted run, which writes
    /// nothing to the player's folders).
    pub fn saves_dir(&self) -> Option<PathBuf> {
        self.places.as_ref().filter(|_| !self.scripted).map(Places::saves)
    }

    /// Where the battle of `scenario` at `difficulty` (campaign chapter `chapter`, from 1)
    /// saves and loads: `--save-file` when given, else its own slot, else `save_file`.
    pub fn save_for(&self, scenario: &std::path::Path, difficulty: Option<&str>, chapter: Option<usize>) -> PathBuf {
        match self.saves_dir().filter(|_| !self.save_given) {
            Some(dir) => dir.join(super::slots::slot_name(scenario, difficulty, chapter)),
            None => self.save_file.clone(),
        }
    }

    /// The save slot of the campaign chapter being played, when the player saved in it:
    /// its battle goes on from there (Continue), and its intro says so.
    pub fn chapter_save(&self) -> Option<PathBuf> {
        let a = self.campaign.as_ref()?;
        let k = a.progress.chapter;
        let ch = a.campaign.chapters.get(k)?;
        let slot = self.save_for(&ch.scenario, a.progress.difficulty.as_deref(), Some(k + 1));
        (self.saves_dir().is_some() && !self.save_given && slot.is_file()).then_some(slot)
    }

    /// The player switched the danger view (D) to `on` in a battle: the options keep it
    /// (written at once when it changed), so every battle opens with it as left.
    pub fn keep_danger_view(&mut self, on: bool) {
        if self.settings.danger_view != on {
            self.settings.danger_view = on;
            self.save_settings();
        }
    }

    /// Writes the options (not in a scripted run); a failure becomes a notice.
    pub fn save_settings(&mut self) {
        if self.scripted {
            return;
        }
        if let Some(p) = &self.places
            && let Err(e) = self.settings.write(&p.settings)
        {
            self.notices.push(e);
        }
    }

    /// Keeps a finished battle's result when it is the best of its scenario so far.
    pub fn note_result(&mut self, key: String, r: super::records::Result) {
        if self.records.note(key, r)
            && !self.scripted
            && let Some(p) = &self.places
            && let Err(e) = self.records.write(&p.records())
        {
            self.notices.push(e);
        }
    }
}

/// One screen of the game.
pub trait Screen {
    /// Once per frame before drawing.
    fn update(&mut self, _ctx: &mut Context, _world: &mut World) -> GameResult<Switch> {
        Ok(Switch::None)
    }
    /// Draws the whole window.
    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult;
    /// A key went down.
    fn key_down(&mut self, ctx: &mut Context, world: &mut World, input: KeyInput, repeated: bool)
    -> GameResult<Switch>;
    /// A key went up.
    fn key_up(&mut self, _ctx: &mut Context, _input: KeyInput) -> GameResult {
        Ok(())
    }
    /// The pointer moved.
    fn mouse_motion(&mut self, _ctx: &mut Context, _x: f32, _y: f32, _dx: f32, _dy: f32) -> GameResult {
        Ok(())
    }
    /// A mouse button went down at window pixel (`x`, `y`).
    fn mouse_down(
        &mut self,
        ctx: &mut Context,
        world: &mut World,
        button: MouseButton,
        x: f32,
        y: f32,
    ) -> GameResult<Switch>;
    /// A mouse button went up at window pixel (`x`, `y`).
    fn mouse_up(&mut self, _ctx: &mut Context, _button: MouseButton, _x: f32, _y: f32) -> GameResult {
        Ok(())
    }
    /// The wheel turned.
    fn mouse_wheel(&mut self, _ctx: &mut Context, _x: f32, _y: f32) -> GameResult {
        Ok(())
    }
    /// Every input reaches the screen here (the stack's one path); by default each kind
    /// goes to its method above, a touch as the left button, and the pointer entering or
    /// leaving, raw mouse motion and the focus are not a menu's concern.
    fn input(&mut self, ctx: &mut Context, world: &mut World, input: Input) -> GameResult<Switch> {
        match input {
            Input::KeyDown { input, repeated } => self.key_down(ctx, world, input, repeated),
            Input::KeyUp(input) => self.key_up(ctx, input).map(|_| Switch::None),
            Input::MouseDown { button, x, y } => self.mouse_down(ctx, world, button, x, y),
            Input::MouseUp { button, x, y } => self.mouse_up(ctx, button, x, y).map(|_| Switch::None),
            Input::MouseMotion { x, y, dx, dy } => self.mouse_motion(ctx, x, y, dx, dy).map(|_| Switch::None),
            Input::Wheel { x, y } => self.mouse_wheel(ctx, x, y).map(|_| Switch::None),
            Input::Touch { phase, x, y } => {
                self.mouse_motion(ctx, x as f32, y as f32, 0.0, 0.0)?;
                match Input::touch_as_mouse(phase, x, y) {
                    Some(mouse) => self.input(ctx, world, mouse),
                    None => Ok(Switch::None),
                }
            }
            Input::PadDown(b) => {
                let k = world.settings.bindings().pad(b).and_then(menu::control_key);
                Ok(k.map_or(Switch::None, |k| self.menu_key(world, k)))
            }
            Input::RawMouseMotion { .. }
            | Input::MouseEnterOrLeave(_)
            | Input::Focus(_)
            | Input::PadUp(_)
            | Input::PadAxis { .. } => Ok(Switch::None),
        }
    }
    /// A menu key (from a pad button: a key press comes through [`Screen::key_down`]).
    fn menu_key(&mut self, _world: &mut World, _k: menu::MenuKey) -> Switch {
        Switch::None
    }
    /// The window was resized.
    fn resize(&mut self, _ctx: &mut Context, _w: f32, _h: f32) -> GameResult {
        Ok(())
    }
    /// A scripted token (`--input`) for a menu screen; the battle plays its own script.
    fn token(&mut self, _world: &mut World, _t: Token) -> Switch {
        Switch::None
    }
    /// The screen above was closed: this one is on top again (the title re-reads the progress).
    fn uncovered(&mut self, _world: &mut World) {}
    /// True when nothing is still loading (a screenshot may be taken).
    fn settled(&self) -> bool {
        true
    }
    /// A screen that is closing gives back what is left of a scripted run (the battle).
    fn give_back(&mut self) -> Option<battle::Scripted> {
        None
    }
    /// True for the battle (it plays scripts and takes screenshots itself).
    fn is_battle(&self) -> bool {
        false
    }
    /// The window title while this screen is on top.
    fn window_title(&self) -> String {
        "skirmish".to_string()
    }
}

/// Applies `switch` to `stack`, building new screens with `build`; false when the game
/// should close (Quit, or the last screen popped). A screen that cannot be built leaves the
/// stack as it was and its error is returned for a notice.
pub fn apply_switch<S>(
    stack: &mut Vec<S>,
    switch: Switch,
    mut build: impl FnMut(Go) -> Result<S, String>,
) -> Result<bool, String> {
    match switch {
        Switch::None => {}
        Switch::Push(go) => stack.push(build(go)?),
        Switch::Replace(go) => {
            let s = build(go)?;
            stack.pop();
            stack.push(s);
        }
        Switch::Pop => {
            stack.pop();
        }
        Switch::Quit => return Ok(false),
    }
    Ok(!stack.is_empty())
}

/// Script, screenshot and frame count of a scripted run, played on the menus until a battle
/// opens; the battle takes what is left.
#[derive(Default)]
pub struct Harness {
    /// Tokens still to play.
    pub script: VecDeque<Token>,
    /// Save the window here once the script has played, then quit.
    pub screenshot: Option<PathBuf>,
    /// `--frames`: handed to the first battle.
    pub frames: Option<u32>,
    wait: f32,
    settled: u32,
    started: Option<Instant>,
}

impl Harness {
    /// A run with this script, screenshot and frame count.
    pub fn new(script: VecDeque<Token>, screenshot: Option<PathBuf>, frames: Option<u32>) -> Harness {
        Harness {
            script,
            screenshot,
            frames,
            ..Harness::default()
        }
    }

    /// True when nothing scripted is left for the menus.
    fn idle(&self) -> bool {
        self.script.is_empty() && self.screenshot.is_none() && self.frames.is_none()
    }
}

/// The whole game window: the stack of screens and what they share.
pub struct App {
    world: World,
    assets: Assets,
    stack: Vec<Box<dyn Screen>>,
    exit: Rc<Cell<i32>>,
    harness: Harness,
    /// The window title now shown.
    shown_title: String,
    /// The window size and mode last applied from the options.
    applied: (u32, u32, bool),
    /// The pad's stick, as d-pad presses.
    stick: Stick,
    /// A held d-pad direction, pressed again as a held key repeats.
    repeat: Repeat,
}

/// Seconds between scripted tokens on menus.
const MENU_TOKEN_SECS: f32 = 0.15;

impl App {
    /// A game starting with `first` on the stack.
    pub fn new(
        ctx: &Context,
        world: World,
        assets: Assets,
        first: Box<dyn Screen>,
        harness: Harness,
        exit: Rc<Cell<i32>>,
    ) -> App {
        let applied = (world.settings.width, world.settings.height, world.settings.fullscreen);
        let shown_title = first.window_title();
        ctx.gfx.set_window_title(&shown_title);
        App {
            world,
            assets,
            stack: vec![first],
            exit,
            harness,
            shown_title,
            applied,
            stick: Stick::default(),
            repeat: Repeat::default(),
        }
    }

    /// The title screen, or the first screen when the game opened on a battle.
    pub fn title(world: &World) -> Box<dyn Screen> {
        Box::new(title::Title::new(world))
    }

    fn build(&mut self, ctx: &mut Context, go: Go) -> Result<Box<dyn Screen>, String> {
        Ok(match go {
            Go::Picker => {
                self.world.versus = false;
                Box::new(picker::Picker::new(&self.world))
            }
            Go::Versus => {
                self.world.versus = true;
                Box::new(picker::Picker::new(&self.world))
            }
            Go::Options => Box::new(options::OptionsScreen::new(&self.world)),
            Go::Controls => Box::new(controls::ControlsScreen::new(&self.world)),
            Go::Difficulty { then, levels } => Box::new(difficulty::Chooser::new(then, levels)),
            Go::CampaignChance { difficulty } => Box::new(chance::ChanceChooser::new(difficulty)),
            Go::NewCampaign { difficulty, chance } => {
                self.world.start_campaign(difficulty, chance)?;
                Box::new(campaign::TextScreen::new(campaign::Page::Intro))
            }
            Go::ContinueCampaign => {
                self.world.continue_campaign()?;
                Box::new(campaign::TextScreen::new(campaign::Page::Intro))
            }
            Go::Intro => Box::new(campaign::TextScreen::new(campaign::Page::Intro)),
            Go::Roster => Box::new(campaign::TextScreen::new(campaign::Page::Roster)),
            Go::Closing => Box::new(campaign::TextScreen::new(campaign::Page::Closing)),
            Go::Chapter => {
                let taken = self.take_script();
                Box::new(battle::BattleScreen::chapter(
                    ctx,
                    &self.world,
                    &self.assets,
                    taken,
                    Rc::clone(&self.exit),
                )?)
            }
            Go::Battle(launch) => {
                let taken = self.take_script();
                Box::new(battle::BattleScreen::open(
                    ctx,
                    &self.world,
                    &self.assets,
                    &launch,
                    taken,
                    Rc::clone(&self.exit),
                    None,
                )?)
            }
            Go::Load => Box::new(load::LoadScreen::new(&self.world)),
            Go::Resume { launch, save } => {
                let taken = self.take_script();
                Box::new(battle::BattleScreen::open(
                    ctx,
                    &self.world,
                    &self.assets,
                    &launch,
                    taken,
                    Rc::clone(&self.exit),
                    Some(save),
                )?)
            }
        })
    }

    /// What is left of a scripted run, for the battle about to open.
    fn take_script(&mut self) -> battle::Scripted {
        let h = &mut self.harness;
        battle::Scripted {
            script: std::mem::take(&mut h.script),
            screenshot: h.screenshot.take(),
            frames: h.frames.take(),
        }
    }

    fn switch(&mut self, ctx: &mut Context, sw: Switch) {
        if sw == Switch::None {
            return;
        }
        let popped = sw == Switch::Pop;
        if matches!(sw, Switch::Pop | Switch::Replace(_))
            && let Some(back) = self.stack.last_mut().and_then(|t| t.give_back())
        {
            let h = &mut self.harness;
            h.script = back.script;
            h.screenshot = h.screenshot.take().or(back.screenshot);
            h.settled = 0;
        }
        let mut stack = std::mem::take(&mut self.stack);
        let result = apply_switch(&mut stack, sw, |go| self.build(ctx, go));
        self.stack = stack;
        match result {
            Ok(true) => {}
            Ok(false) => ctx.request_quit(),
            Err(e) => self.world.notices.push(e),
        }
        if popped && let Some(top) = self.stack.last_mut() {
            top.uncovered(&mut self.world);
        }
        if let Some(top) = self.stack.last() {
            let t = top.window_title();
            if t != self.shown_title {
                ctx.gfx.set_window_title(&t);
                self.shown_title = t;
            }
        }
    }

    /// The one path of every input: to the screen on top, then the switch it answers. A
    /// pad's axis goes on as the d-pad presses and releases it makes.
    fn forward(&mut self, ctx: &mut Context, input: Input) -> GameResult {
        if let Input::PadAxis { axis, value } = input {
            for (b, down) in self.stick.axis(axis, value) {
                self.forward(ctx, if down { Input::PadDown(b) } else { Input::PadUp(b) })?;
            }
            return Ok(());
        }
        match input {
            Input::PadDown(b) => self.repeat.button(b, true, Instant::now()),
            Input::PadUp(b) => self.repeat.button(b, false, Instant::now()),
            _ => {}
        }
        self.hand_to_top(ctx, input)
    }

    /// Hands `input` to the screen on top and applies the switch it answers.
    fn hand_to_top(&mut self, ctx: &mut Context, input: Input) -> GameResult {
        let sw = match self.stack.last_mut() {
            Some(top) => top.input(ctx, &mut self.world, input)?,
            None => Switch::None,
        };
        self.switch(ctx, sw);
        Ok(())
    }

    /// The options changed the window: applies its size or full screen.
    fn apply_window(&mut self, ctx: &mut Context) -> GameResult {
        let s = &self.world.settings;
        let want = (s.width, s.height, s.fullscreen);
        if want == self.applied {
            return Ok(());
        }
        let fullscreen_changed = want.2 != self.applied.2;
        self.applied = want;
        if fullscreen_changed {
            let mode = if want.2 {
                ggez::conf::FullscreenType::Desktop
            } else {
                ggez::conf::FullscreenType::Windowed
            };
            ctx.gfx.set_fullscreen(mode)?;
        }
        if !want.2 {
            ctx.gfx.set_drawable_size(want.0 as f32, want.1 as f32)?;
        }
        Ok(())
    }

    /// Scripted tokens and the screenshot, while a menu is on top.
    fn menu_harness(&mut self, ctx: &mut Context) -> Switch {
        if self.harness.idle() {
            return Switch::None;
        }
        let Some(top) = self.stack.last_mut() else {
            return Switch::None;
        };
        if top.is_battle() {
            return Switch::None;
        }
        let started = *self.harness.started.get_or_insert_with(Instant::now);
        if !self.harness.script.is_empty() {
            self.harness.wait -= ctx.time.delta().as_secs_f32();
            if self.harness.wait > 0.0 || !top.settled() {
                return Switch::None;
            }
            self.harness.wait = MENU_TOKEN_SECS;
            let t = self.harness.script.pop_front().unwrap_or(Token::Wait);
            return top.token(&mut self.world, t);
        }
        let Some(path) = self.harness.screenshot.clone() else {
            return Switch::None;
        };
        if started.elapsed().as_secs() > 300 {
            eprintln!("--screenshot: the menu did not settle within 300 s; giving up");
            self.exit.set(1);
            ctx.request_quit();
            return Switch::None;
        }
        self.harness.settled = if top.settled() { self.harness.settled + 1 } else { 0 };
        if self.harness.settled >= 5 {
            self.harness.screenshot = None;
            match super::state::harness::save_frame(ctx, &path) {
                Ok(()) => {
                    eprintln!("saved {}", path.display());
                    self.exit.set(0);
                }
                Err(e) => {
                    eprintln!("--screenshot {}: {e}", path.display());
                    self.exit.set(1);
                }
            }
            ctx.request_quit();
        }
        Switch::None
    }
}

impl EventHandler for App {
    fn update(&mut self, ctx: &mut Context) -> GameResult {
        let sw = match self.stack.last_mut() {
            Some(top) => top.update(ctx, &mut self.world)?,
            None => Switch::Quit,
        };
        self.switch(ctx, sw);
        let sw = self.menu_harness(ctx);
        self.switch(ctx, sw);
        // A held d-pad direction (or stick) presses again; not through `forward`, which
        // would take the repeat for a new press and start the delay afresh.
        if let Some(b) = self.repeat.due(Instant::now()) {
            self.hand_to_top(ctx, Input::PadDown(b))?;
        }
        self.apply_window(ctx)
    }

    fn draw(&mut self, ctx: &mut Context) -> GameResult {
        match self.stack.last_mut() {
            Some(top) => top.draw(ctx, &self.world),
            None => Ok(()),
        }
    }

    fn key_down_event(&mut self, ctx: &mut Context, input: KeyInput, repeated: bool) -> GameResult {
        self.forward(ctx, Input::KeyDown { input, repeated })
    }

    fn key_up_event(&mut self, ctx: &mut Context, input: KeyInput) -> GameResult {
        self.forward(ctx, Input::KeyUp(input))
    }

    fn mouse_button_down_event(&mut self, ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        self.forward(ctx, Input::MouseDown { button, x, y })
    }

    fn mouse_button_up_event(&mut self, ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        self.forward(ctx, Input::MouseUp { button, x, y })
    }

    fn mouse_motion_event(&mut self, ctx: &mut Context, x: f32, y: f32, dx: f32, dy: f32) -> GameResult {
        self.forward(ctx, Input::MouseMotion { x, y, dx, dy })
    }

    fn raw_mouse_motion_event(&mut self, ctx: &mut Context, dx: f64, dy: f64) -> GameResult {
        self.forward(ctx, Input::RawMouseMotion { dx, dy })
    }

    fn mouse_enter_or_leave(&mut self, ctx: &mut Context, entered: bool) -> GameResult {
        self.forward(ctx, Input::MouseEnterOrLeave(entered))
    }

    fn mouse_wheel_event(&mut self, ctx: &mut Context, x: f32, y: f32) -> GameResult {
        self.forward(ctx, Input::Wheel { x, y })
    }

    fn touch_event(&mut self, ctx: &mut Context, phase: TouchPhase, x: f64, y: f64) -> GameResult {
        self.forward(ctx, Input::Touch { phase, x, y })
    }

    fn focus_event(&mut self, ctx: &mut Context, gained: bool) -> GameResult {
        self.forward(ctx, Input::Focus(gained))
    }

    #[cfg(feature = "gamepad")]
    fn gamepad_button_down_event(
        &mut self,
        ctx: &mut Context,
        btn: ggez::event::Button,
        _id: ggez::event::GamepadId,
    ) -> GameResult {
        match PadButton::from_gilrs(btn) {
            Some(b) => self.forward(ctx, Input::PadDown(b)),
            None => Ok(()),
        }
    }

    #[cfg(feature = "gamepad")]
    fn gamepad_button_up_event(
        &mut self,
        ctx: &mut Context,
        btn: ggez::event::Button,
        _id: ggez::event::GamepadId,
    ) -> GameResult {
        match PadButton::from_gilrs(btn) {
            Some(b) => self.forward(ctx, Input::PadUp(b)),
            None => Ok(()),
        }
    }

    #[cfg(feature = "gamepad")]
    fn gamepad_axis_event(
        &mut self,
        ctx: &mut Context,
        axis: ggez::event::Axis,
        value: f32,
        _id: ggez::event::GamepadId,
    ) -> GameResult {
        match PadAxis::from_gilrs(axis) {
            Some(axis) => self.forward(ctx, Input::PadAxis { axis, value }),
            None => Ok(()),
        }
    }

    fn resize_event(&mut self, ctx: &mut Context, w: f32, h: f32) -> GameResult {
        // Remembered for the next start (written when the game closes), unless full screen.
        let s = &mut self.world.settings;
        if !s.fullscreen && !self.world.scripted && w >= 1.0 && h >= 1.0 {
            s.width = (w as u32).max(super::settings::MIN_SIZE.0);
            s.height = (h as u32).max(super::settings::MIN_SIZE.1);
            self.applied = (s.width, s.height, s.fullscreen);
        }
        for screen in &mut self.stack {
            screen.resize(ctx, w, h)?;
        }
        Ok(())
    }

    fn quit_event(&mut self, _ctx: &mut Context) -> GameResult<bool> {
        self.world.save_settings();
        Ok(false)
    }

    fn on_error(&mut self, _ctx: &mut Context, origin: ErrorOrigin, e: GameError) -> bool {
        eprintln!("skirmish: {origin:?}: {e}");
        self.exit.set(1);
        true
    }
}

/// The backdrop of menu screens: a dark field and the game's name.
pub fn backdrop(ctx: &mut Context) -> Canvas {
    let mut canvas = Canvas::from_frame(ctx, Color::from_rgb(14, 16, 22));
    let (w, h) = ctx.gfx.drawable_size();
    canvas.set_screen_coordinates(Rect::new(0.0, 0.0, w, h));
    canvas
}

/// Notices at the bottom of a menu screen, in red, wrapped to the window.
pub fn draw_notices(canvas: &mut Canvas, world: &World, w: f32, h: f32, size: f32) {
    let width = ((w - 2.0 * size) / (size * super::view::CHAR_W)).max(20.0) as usize;
    let lines: Vec<String> = world
        .notices
        .iter()
        .chain(&world.file_problems)
        .rev()
        .take(3)
        .flat_map(|n| super::hud::text::wrap(n, width))
        .collect();
    let mut y = h - size * 1.4 * lines.len() as f32 - size;
    for l in lines {
        super::view::text(
            canvas,
            &l,
            ggez::glam::Vec2::new(size, y),
            size,
            super::view::ENEMY_TEXT,
        );
        y += size * 1.4;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_push_replace_and_pop() {
        let mut stack = vec!["title".to_string()];
        let build = |go: Go| match go {
            Go::Picker => Ok("picker".to_string()),
            Go::Options => Ok("options".to_string()),
            Go::Battle(l) => Err(format!("{} does not load", l.path.display())),
            _ => Ok("other".to_string()),
        };
        assert_eq!(apply_switch(&mut stack, Switch::Push(Go::Picker), build), Ok(true));
        assert_eq!(stack, ["title", "picker"]);
        assert_eq!(apply_switch(&mut stack, Switch::Replace(Go::Options), build), Ok(true));
        assert_eq!(stack, ["title", "options"]);
        let broken = Switch::Push(Go::Battle(Launch {
            path: "maps/x.toml".into(),
            difficulty: None,
        }));
        assert_eq!(
            apply_switch(&mut stack, broken, build),
            Err("maps/x.toml does not load".to_string())
        );
        assert_eq!(
            stack,
            ["title", "options"],
            "a screen that cannot be built changes nothing"
        );
        assert_eq!(apply_switch(&mut stack, Switch::Pop, build), Ok(true));
        assert_eq!(apply_switch(&mut stack, Switch::None, build), Ok(true));
        assert_eq!(apply_switch(&mut stack, Switch::Quit, build), Ok(false));
        assert_eq!(apply_switch(&mut stack, Switch::Pop, build), Ok(false), "nothing left");
    }

    #[test]
    fn a_broken_options_file_is_a_notice_not_a_stop() {
        let home = std::env::temp_dir().join(format!("skirmish-world-{}", std::process::id()));
        std::fs::create_dir_all(&home).unwrap();
        std::fs::write(home.join("options.toml"), "volume = 50\nvolume_x = 1\n").unwrap();
        std::fs::write(home.join("records.toml"), "[best.\"a.toml\"]\nwon = \n").unwrap();
        let places = Places {
            settings: home.join("options.toml"),
            data: home.clone(),
        };
        let w = World::new(Some(places.clone()), "maps".into(), false);
        assert_eq!(w.settings, Settings::default());
        assert_eq!(w.notices.len(), 2, "{:?}", w.notices);
        assert!(w.notices[0].contains("options.toml:2:1"), "{:?}", w.notices);
        assert!(w.notices[1].contains("records.toml:2:"), "{:?}", w.notices);
        // A scripted run neither reads nor writes the player's files.
        let mut s = World::new(Some(places), "maps".into(), true);
        assert!(s.notices.is_empty());
        s.settings.volume = 3;
        s.save_settings();
        assert!(
            std::fs::read_to_string(home.join("options.toml"))
                .unwrap()
                .contains("volume_x")
        );
        let _ = std::fs::remove_dir_all(&home);
    }

    /// Issue 33's play: the danger view was off after resuming a save. The player's D is kept
    /// in the options (written when it changes), so the next battle opens with it as left.
    #[test]
    fn the_danger_view_is_kept_in_the_options() {
        let home = std::env::temp_dir().join(format!("skirmish-danger-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(&home).unwrap();
        let places = Places {
            settings: home.join("options.toml"),
            data: home.clone(),
        };
        let mut w = World::new(Some(places.clone()), "maps".into(), false);
        assert!(!w.settings.danger_view, "off at first");
        w.keep_danger_view(true);
        let again = World::new(Some(places.clone()), "maps".into(), false);
        assert!(again.settings.danger_view, "the next start opens with it on");
        w.keep_danger_view(false);
        assert!(
            !World::new(Some(places.clone()), "maps".into(), false)
                .settings
                .danger_view
        );
        // A scripted run writes nothing.
        let mut s = World::new(Some(places), "maps".into(), true);
        s.keep_danger_view(true);
        assert!(
            !std::fs::read_to_string(home.join("options.toml"))
                .unwrap()
                .contains("danger_view = true")
        );
        std::fs::remove_dir_all(&home).unwrap();
    }
}
