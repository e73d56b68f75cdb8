//! The running game: its state, how a battle starts, and ggez's entry points (update, draw,
//! keys, mouse, resize, errors).
//! By job: `tick` (the fixed-rate step that paces animations and the enemy phase), `signals`
//! (the engine's signals turned into animations, sounds and log lines), `viewport` (layout,
//! zoom and what the camera follows), `input` (the key and mouse handlers), `keys` (the key
//! map and the presses kept while busy), `pointer` (who leads the cursor, wheel notches),
//! `files` (save, load, reload, scenarios, the replay being recorded), `harness` (scripted
//! input, replay playback, screenshots, frame counts). Drawing is in `draw` and `hud`.

mod files;
pub(super) mod harness;
mod input;
mod keys;
mod net;
mod pointer;
mod signals;
mod tick;
mod viewport;

use crate::io::replay::ChapterStart;
use files::Recorder;
use files::WATCH_SECS;
pub use files::{Files, dressed, titled};
use harness::{FrameCount, PLAYBACK_SECS, Shot, TOKEN_SECS};
use keys::KeyBuffer;
use pointer::{Drag, Pointing, Wheel};
pub(in crate::game) use signals::NEW_LINE_SECS;
use signals::Notice;
pub(in crate::game) use viewport::objective_chars;

use super::anim::{self, Anim, Cue, Floater, Kind, Queue};
use super::assets::{Assets, Sfx, TILE};
use super::camera::Camera;
use super::overlay::Zones;
use super::script::Token;
use super::view::{Batches, Layout, zoom_steps};
use crate::io::reload::Watch;
use crate::load::data::DataSet;
use crate::load::scenario::Scenario;
use crate::play::phase::{Action, Ask, Intent, Phase, Session, Signal};
use crate::rules::{Battle, Command, Event, UnitId};
use crate::search::grid::Team;
use crate::search::grid::{Dir, Pos};
use ggez::event::EventHandler;
use ggez::glam::Vec2;
use ggez::graphics::Rect;
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::MouseButton;
use ggez::winit::keyboard::{Key, ModifiersState, NamedKey};
use ggez::{Context, GameError, GameResult};
use std::cell::Cell;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Instant;

/// Logic ticks per second.
const TICKS: u32 = 60;

/// Everything the window shows and remembers.
pub struct GameState {
    scenario: Scenario,
    data: DataSet,
    /// The engine.
    pub(super) session: Session,
    pub(super) assets: Assets,
    pub(super) batches: Batches,
    pub(super) anims: Queue,
    pub(super) camera: Camera,
    pub(super) zones: Zones,
    /// Window size and zoom, as of the last frame.
    pub(super) layout: Layout,
    /// Seconds of play (drives blinking and idle frames).
    pub(super) clock: f32,
    /// F toggled fast enemy playback.
    pub(super) fast: bool,
    /// A toggled AI notes: every enemy's decision and its reasons in the log, as
    /// `ai --explain` words them (for level designers), instead of a player's lines.
    pub(super) notes: bool,
    /// Shift is held (fast enemy playback while held).
    pub(super) shift: bool,
    /// Every line of the battle's log with the clock when it was said, oldest first: the
    /// log area shows its end, the log box (H) all of it.
    pub(super) history: Vec<(String, f32)>,
    /// The log box is open, scrolled this many lines up from its end.
    pub(super) history_view: Option<usize>,
    /// The game menu is open.
    pub(super) menu_open: bool,
    /// Hot-seat: the hand-over screen for this side's person hides the board until a key or
    /// a click ([`crate::game::versus`]).
    pub(super) handover: Option<Team>,
    /// The enemy phase's summary, shown once its animations have played until dismissed.
    pub(super) summary: Option<Vec<String>>,
    /// The cells of the units the summary tells of (its box keeps off them).
    pub(super) summary_cells: Vec<Pos>,
    /// The events of the enemy phase being played, for its summary.
    enemy_events: Vec<Event>,
    /// Numbers rising from struck (or healed) units.
    pub(super) floaters: Vec<Floater>,
    /// Why the last click or confirm did nothing, shown by its cell for a moment.
    pub(super) notice: Notice,
    /// Where the word of the hovered enemy's zone ("on watch", "leash 6") was last drawn, in
    /// world pixels: the notice keeps off it (the two texts were drawn over each other).
    pub(super) zone_label: Option<Rect>,
    /// After the last unit acts the enemy phase starts by itself. Off by default: the End
    /// turn button pulses and the last action can still be undone (see
    /// [`GameState::set_auto_end_turn`]).
    pub auto_end_turn: bool,
    /// Pushing the pointer against the map's edge scrolls it (a setting, off by default).
    pub edge_scroll: bool,
    /// Animation pace from the options: 1 normal, below 1 slower (fast mode and Shift still
    /// speed the enemy phase up on top of it).
    pub pace: f32,
    /// Lines between the map's cells (an option).
    pub grid_lines: bool,
    /// The player chose Options in the game menu (or pressed O): the screen stack opens the
    /// options screen and clears it ([`GameState::take_wants_options`]).
    pub wants_options: bool,
    /// A right or middle button held down (a drag pans the map; a click does its job).
    drag: Option<Drag>,
    /// The player moved the view by hand (drag, edge, wheel): it stops chasing the cursor
    /// until the keys move the cursor again.
    free_look: bool,
    /// The wheel zoomed at this window pixel: the point under it stays put.
    zoom_anchor: Option<Vec2>,
    /// With `--screenshot`: take it as soon as a number rises (script token `SnapHit`).
    pub(super) snap_hit: bool,
    /// The map's scale the last frame was laid out with (a wheel zoom keeps the point under
    /// the pointer where that frame showed it).
    drawn_scale: f32,
    /// Where the action menu's entries were drawn (window pixels), for the mouse.
    pub(super) menu_rects: Vec<Rect>,
    pub(super) script: VecDeque<Token>,
    script_wait: f32,
    pub(super) shot: Option<Shot>,
    exit: Rc<Cell<i32>>,
    enemy_turn: bool,
    enemy_pause: f32,
    last_focus: Vec2,
    /// A new player phase began: the view goes back once the banner is gone (see
    /// [`tick::view_for_player_phase`]).
    recenter: bool,
    /// Where the view rested (its corner, world pixels) when the player ended the turn: the
    /// player's phase brings it back there.
    player_view: Option<Vec2>,
    sfx: Vec<Sfx>,
    /// Where the pointer last was (window pixels).
    pub(super) pointer: Option<Vec2>,
    /// The pointer moved while the battle took no input (a blow played): the cursor goes to
    /// its cell once input is taken again (issue 33: the panel stayed on the old unit).
    pub(super) pointer_stale: bool,
    /// Whether the mouse or the keys lead the cursor.
    pointing: Pointing,
    /// Wheel notches, each reported once.
    wheel: Wheel,
    fps_report: Option<Instant>,
    /// The scenario file, its data folder and the save file (for reload, save, switching).
    files: Files,
    /// Notices edits of the data and scenario files.
    watch: Watch,
    watch_clock: f32,
    /// A live-reload error, shown until the files are fixed.
    pub(super) alert: Option<String>,
    /// Recorded commands still to play back (`--replay`), and the pause before the next.
    playback: VecDeque<Command>,
    playback_wait: f32,
    /// The battle being written to the replay file.
    recorder: Recorder,
    /// A campaign's chapter: its roster (see [`Options::chapter`]).
    chapter: Option<ChapterStart>,
    /// The Batches must be rebuilt (terrain kinds changed).
    rebuild: bool,
    frame_count: Option<FrameCount>,
    /// A scripted run (a script, a screenshot, a frame count): its battles roll from seed 0,
    /// so it plays the same every time; other new battles get a fresh seed.
    scripted: bool,
    /// The player's zoom step (0 = full size; see [`zoom_steps`]).
    zoom_step: usize,
    /// Keys pressed while something animated, played once it is done.
    keys: KeyBuffer,
    /// The player agreed to quit.
    quit: bool,
    /// Where quitting goes (what the quit question says).
    pub(crate) leave: crate::game::hud::text::Leave,
    /// The window title must change (another scenario).
    retitle: bool,
    /// The zoom step changed: refit the camera.
    zoom_changed: bool,
    /// Which keys and pad buttons do what (the options').
    pub(in crate::game) bindings: crate::game::controls::Bindings,
    /// The game menu's entry chosen with the keys or the pad (`None`: the mouse's menu).
    pub(in crate::game) menu_at: Option<usize>,
    /// A network game's link (`skirmish host` in the window).
    net: Option<net::Link>,
}

/// How the game was asked to run.
pub struct Options {
    /// Scripted tokens to play first.
    pub script: VecDeque<Token>,
    /// Save a PNG here once the script has played and everything settled, then quit.
    pub screenshot: Option<PathBuf>,
    /// Print frames per second to stderr.
    pub fps: bool,
    /// The game's files.
    pub files: Files,
    /// A checked save to resume from.
    pub resume: Option<Box<crate::io::save::SaveFile>>,
    /// Count this many frames, print the frame rate and quit.
    pub frames: Option<u32>,
    /// Player units gain experience (off only for a replay recorded before it existed).
    pub experience: bool,
    /// The seed of the battle's rolls under chance in combat (a replay's, so that it plays
    /// back the rolls it was recorded with; for a new battle a fresh one, see
    /// [`crate::play::new_battle_seed`]).
    pub seed: u64,
    /// Recorded player commands to play back, at viewing speed, before the player takes over.
    pub playback: VecDeque<Command>,
    /// How many of `playback` are played at once before the first frame (`--turn`): their
    /// events are applied without animation.
    pub fast_forward: usize,
    /// A campaign's chapter: the roster its player units were made from, written into the
    /// battle's replay and put on the scenario again when its files are reloaded.
    pub chapter: Option<ChapterStart>,
    /// Hot-seat: a second person plays the enemy side ([`Battle::with_versus`]).
    pub versus: bool,
}

impl GameState {
    /// A new game of `scenario`; `exit` receives the process exit code.
    pub fn new(
        ctx: &Context,
        scenario: Scenario,
        data: DataSet,
        assets: Assets,
        mut opts: Options,
        exit: Rc<Cell<i32>>,
    ) -> GameState {
        let scripted = !opts.script.is_empty() || opts.screenshot.is_some() || opts.frames.is_some();
        let mut battle = Battle::new(&scenario, &data)
            .with_seed(opts.seed)
            .with_versus(opts.versus);
        if !opts.experience {
            battle = battle.without_experience();
        }
        let mut resumed = None;
        let skipped = opts.fast_forward.min(opts.playback.len());
        if skipped > 0 {
            // `--turn`: the turns before it, played at once (checked by the command line).
            let ahead: Vec<Command> = opts.playback.drain(..skipped).collect();
            resumed = Some(
                match crate::play::replay::run(&mut battle, &mut crate::ai::Ai::new(data.profiles.clone()), &ahead) {
                    Ok(_) => format!("replay: turn {}", battle.turn()),
                    Err(e) => format!("replay stopped: {e}"),
                },
            );
        }
        if let Some(save) = &opts.resume {
            // Checked by the command line already; a failure here would leave the fresh battle.
            resumed = Some(
                match crate::io::save::restore(save, &scenario, &mut battle, &opts.files.save) {
                    Ok(()) => format!("resumed turn {} from {}", battle.turn(), opts.files.save.display()),
                    Err(e) => e.to_string(),
                },
            );
        }
        let session = Session::new(battle, data.profiles.clone());
        let watch = Watch::new(
            &opts.files.data_dir,
            &opts.files.scenario,
            Path::new(&scenario.map_path),
        );
        let camera = Camera::new(session.battle().map().width(), session.battle().map().height());
        let batches = Batches::new(ctx, &assets, session.battle());
        let mut g = GameState {
            scenario,
            data,
            session,
            assets,
            batches,
            anims: Queue::default(),
            camera,
            zones: Zones::default(),
            layout: Layout::of(ctx, 1.0),
            clock: 0.0,
            fast: false,
            notes: false,
            shift: false,
            history: Vec::new(),
            history_view: None,
            menu_open: false,
            handover: None,
            summary: None,
            summary_cells: Vec::new(),
            enemy_events: Vec::new(),
            floaters: Vec::new(),
            notice: Notice::default(),
            zone_label: None,
            auto_end_turn: false,
            edge_scroll: false,
            pace: 1.0,
            grid_lines: false,
            wants_options: false,
            drag: None,
            free_look: false,
            zoom_anchor: None,
            snap_hit: false,
            drawn_scale: 1.0,
            menu_rects: Vec::new(),
            script: opts.script,
            script_wait: 0.0,
            shot: opts.screenshot.map(|path| Shot {
                path,
                settled: 0,
                started: Instant::now(),
            }),
            exit,
            enemy_turn: false,
            enemy_pause: 0.0,
            last_focus: Vec2::ZERO,
            recenter: false,
            player_view: None,
            recorder: Recorder::default(),
            chapter: opts.chapter,
            playback_wait: PLAYBACK_SECS,
            sfx: Vec::new(),
            pointer: None,
            pointer_stale: false,
            pointing: Pointing::default(),
            wheel: Wheel::default(),
            fps_report: opts.fps.then(Instant::now),
            files: opts.files,
            watch,
            watch_clock: 0.0,
            alert: None,
            rebuild: false,
            playback: opts.playback,
            scripted,
            frame_count: opts.frames.map(|n| FrameCount {
                left: n,
                total: n,
                started: None,
            }),
            zoom_step: 0,
            keys: KeyBuffer::default(),
            quit: false,
            leave: Default::default(),
            retitle: false,
            zoom_changed: false,
            bindings: Default::default(),
            menu_at: None,
            net: None,
        };
        g.begin(None);
        // Recorded from its start unless resumed or played back; the file is first written
        // at the first action, as before.
        if resumed.is_none() && g.playback.is_empty() && skipped == 0 {
            let fp = g.files_fingerprint();
            g.recorder.begin(Some(fp));
        }
        if let Some(line) = resumed {
            g.say(line);
        }
        g
    }

    /// Starts (or restarts) from the session as it is, recording it when `record` is the
    /// fingerprint of its files (see [`Recorder::begin`]).
    fn begin(&mut self, record: Option<String>) {
        self.recorder.begin(record);
        self.anims.clear();
        self.zones.reset();
        self.history.clear();
        self.history_view = None;
        self.menu_open = false;
        self.summary = None;
        self.enemy_events.clear();
        self.floaters.clear();
        self.notice = Notice::default();
        self.session.set_auto_end_turn(self.auto_end_turn);
        self.enemy_turn = false;
        self.enemy_pause = 0.0;
        self.player_view = None;
        self.absorb();
        // A battle at its start says how it is won, as a banner and in the log.
        let b = self.session.battle();
        if b.turn() == 1
            && b.active() == Team::Player
            && b.ended().is_none()
            && b.record().is_empty()
            && let Some(goal) = super::hud::text::objective_text(b)
        {
            // Before the first turn's banner. (The objective also has its own line under the
            // band for the whole battle.)
            self.anims.push_front(Anim::new(Kind::Banner { text: goal }, false));
        }
        self.last_focus = anim::cell_px(self.session.cursor());
        self.keys.clear();
        self.camera.center_on(self.last_focus, self.layout.world_view(), true);
    }

    /// Switches the automatic end of turn (the options screen's setting) for this battle
    /// and those after it.
    pub fn set_auto_end_turn(&mut self, on: bool) {
        self.auto_end_turn = on;
        self.session.set_auto_end_turn(on);
    }

    /// Where S saves and L loads.
    pub fn save_file(&self) -> &Path {
        &self.files.save
    }

    /// True once the player asked for the options screen; asking clears it (the battle
    /// screen of the screen stack opens the options over the battle).
    pub fn take_wants_options(&mut self) -> bool {
        std::mem::take(&mut self.wants_options)
    }

    /// The scenario's name, as its file gives it.
    pub(super) fn scenario_name(&self) -> String {
        self.scenario.name.clone()
    }
}

impl EventHandler for GameState {
    fn update(&mut self, ctx: &mut Context) -> GameResult {
        self.refresh_layout(ctx);
        if std::mem::take(&mut self.zoom_changed) {
            self.refit_zoom();
            self.repoint();
        }
        if std::mem::take(&mut self.retitle) {
            ctx.gfx
                .set_window_title(&super::hud::text::window_title(&self.scenario.name));
        }
        if self.quit {
            ctx.request_quit();
        }
        self.shift = ctx.keyboard.active_modifiers.contains(ModifiersState::SHIFT);
        while ctx.time.check_update_time(TICKS) {
            self.tick(1.0 / TICKS as f32);
        }
        if std::mem::take(&mut self.rebuild) {
            self.camera = Camera::new(
                self.session.battle().map().width(),
                self.session.battle().map().height(),
            );
            self.camera
                .center_on(anim::cell_px(self.session.cursor()), self.layout.world_view(), true);
            self.batches = Batches::new(ctx, &self.assets, self.session.battle());
        }
        #[cfg(feature = "sound")]
        for s in self.sfx.drain(..) {
            self.assets.play(ctx, s);
        }
        self.sfx.clear();
        self.screenshot(ctx);
        self.count_frame(ctx);
        if let Some(t) = self.fps_report
            && t.elapsed().as_secs_f32() >= 1.0
        {
            eprintln!("fps {:.1}", ctx.time.fps());
            self.fps_report = Some(Instant::now());
        }
        Ok(())
    }

    fn draw(&mut self, ctx: &mut Context) -> GameResult {
        self.render(ctx)
    }

    fn key_down_event(&mut self, ctx: &mut Context, input: KeyInput, repeated: bool) -> GameResult {
        self.key_down(ctx, input, repeated)
    }

    fn key_up_event(&mut self, ctx: &mut Context, input: KeyInput) -> GameResult {
        self.key_up(ctx, input)
    }

    fn mouse_motion_event(&mut self, ctx: &mut Context, x: f32, y: f32, dx: f32, dy: f32) -> GameResult {
        self.mouse_motion(ctx, x, y, dx, dy)
    }

    fn mouse_wheel_event(&mut self, _ctx: &mut Context, _x: f32, y: f32) -> GameResult {
        if let Some(step) = self.wheel.notch(y, Instant::now()) {
            self.wheel_step(step);
        }
        Ok(())
    }

    fn mouse_button_up_event(&mut self, ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        self.mouse_button_up(ctx, button, x, y)
    }

    fn resize_event(&mut self, ctx: &mut Context, _w: f32, _h: f32) -> GameResult {
        self.refresh_layout(ctx);
        self.camera.follow(self.last_focus, self.layout.world_view(), true);
        Ok(())
    }

    fn mouse_button_down_event(&mut self, ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        self.mouse_button_down(ctx, button, x, y)
    }

    fn on_error(&mut self, _ctx: &mut Context, origin: ggez::event::ErrorOrigin, e: GameError) -> bool {
        eprintln!("skirmish: {origin:?}: {e}");
        self.exit.set(1);
        true
    }
}
