//! The running game: turns keys, mouse and the `--input` script into engine intents, turns
//! the engine's events into animations and sounds, paces the enemy phase, and takes the
//! `--screenshot`. Drawing is in `draw`.

use super::anim::{self, Anim, Cue, Kind, Queue};
use super::assets::{Assets, Sfx, TILE};
use super::camera::Camera;
use super::draw::{Batches, Layout};
use super::overlay::Zones;
use super::script::Token;
use crate::io::reload::Watch;
use crate::load::data::DataSet;
use crate::load::scenario::Scenario;
use crate::play::phase::{Action, Intent, Phase, Session, Signal};
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

/// Pixels the mouse must travel before it takes the cursor back from the keys.
const MOUSE_SLOP: f32 = 6.0;
/// Logic ticks per second.
const TICKS: u32 = 60;
/// Seconds between scripted tokens (once nothing is animating).
const TOKEN_SECS: f32 = 0.15;
/// Seconds of rest after an enemy's animation before the next enemy acts.
const ENEMY_GAP: f32 = 0.15;
/// Seconds between two played-back commands (`--replay`).
const PLAYBACK_SECS: f32 = 0.35;
/// Frames drawn after everything settled before the screenshot is taken.
const SETTLE_FRAMES: u32 = 5;
/// A screenshot run that has not settled after this long has gone wrong.
const SHOT_TIMEOUT_SECS: u64 = 300;
/// Lines kept in the message log, and seconds each stays.
const LOG_LINES: usize = 4;
const LOG_SECS: f32 = 8.0;

/// Opacity of a log line `age` seconds old: it fades out over its last second.
pub(super) fn log_alpha(age: f32) -> f32 {
    (LOG_SECS - age).clamp(0.0, 1.0)
}

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyAction {
    Intent(Intent),
    Danger,
    Fast,
    Restart,
    Quit,
    Save,
    Load,
    Reload,
    /// Previous (-1) or next (+1) scenario of the scenario's folder.
    Scenario(i32),
}

/// The key map. Letters go by the character they type, so they follow the keyboard layout.
fn command(key: &Key) -> Option<KeyAction> {
    let c = match key {
        Key::Named(NamedKey::ArrowUp) => KeyAction::Intent(Intent::Cursor(Dir::Up)),
        Key::Named(NamedKey::ArrowDown) => KeyAction::Intent(Intent::Cursor(Dir::Down)),
        Key::Named(NamedKey::ArrowLeft) => KeyAction::Intent(Intent::Cursor(Dir::Left)),
        Key::Named(NamedKey::ArrowRight) => KeyAction::Intent(Intent::Cursor(Dir::Right)),
        Key::Named(NamedKey::Space | NamedKey::Enter) => KeyAction::Intent(Intent::Confirm),
        Key::Named(NamedKey::Escape | NamedKey::Backspace) => KeyAction::Intent(Intent::Cancel),
        Key::Named(NamedKey::F5) => KeyAction::Reload,
        Key::Named(NamedKey::PageUp) => KeyAction::Scenario(-1),
        Key::Named(NamedKey::PageDown) => KeyAction::Scenario(1),
        Key::Character(s) => match s.to_lowercase().as_str() {
            "z" => KeyAction::Intent(Intent::Confirm),
            "x" => KeyAction::Intent(Intent::Cancel),
            "e" => KeyAction::Intent(Intent::EndTurn),
            "u" => KeyAction::Intent(Intent::Undo),
            "n" => KeyAction::Intent(Intent::NextUnit),
            "d" => KeyAction::Danger,
            "f" => KeyAction::Fast,
            "r" => KeyAction::Restart,
            "q" => KeyAction::Quit,
            "s" => KeyAction::Save,
            "l" => KeyAction::Load,
            "[" => KeyAction::Scenario(-1),
            "]" => KeyAction::Scenario(1),
            _ => return None,
        },
        _ => return None,
    };
    Some(c)
}

/// The `--screenshot` request in progress.
struct Shot {
    path: PathBuf,
    settled: u32,
    started: Instant,
}

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
    /// Shift is held (fast enemy playback while held).
    pub(super) shift: bool,
    /// Recent messages with their age in seconds, newest last.
    pub(super) log: VecDeque<(String, f32)>,
    /// Where the action menu's entries were drawn (window pixels), for the mouse.
    pub(super) menu_rects: Vec<Rect>,
    script: VecDeque<Token>,
    script_wait: f32,
    shot: Option<Shot>,
    exit: Rc<Cell<i32>>,
    enemy_turn: bool,
    enemy_pause: f32,
    last_focus: Vec2,
    /// A new player phase began: centre the view on the cursor once the banner is gone.
    recenter: bool,
    sfx: Vec<Sfx>,
    mouse_cell: Option<Pos>,
    /// The mouse points only after it really moved: where it rested when the keys took over.
    mouse_rest: Option<Vec2>,
    mouse_live: bool,
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
    /// The battle is being written to the replay file; the files' fingerprint it started with.
    recording: Option<String>,
    /// The Batches must be rebuilt (terrain kinds changed).
    rebuild: bool,
    frame_count: Option<FrameCount>,
}

/// Where the game's files are.
pub struct Files {
    /// The scenario being played.
    pub scenario: PathBuf,
    /// Its data folder.
    pub data_dir: PathBuf,
    /// Where S saves and L loads.
    pub save: PathBuf,
    /// Where the battle's replay is written as it is played.
    pub record: PathBuf,
    /// True when the data folder was given with `--data` (kept for every scenario).
    pub data_given: bool,
}

/// Seconds between checks for edited files.
const WATCH_SECS: f32 = 0.5;

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
    /// Recorded player commands to play back, at viewing speed, before the player takes over.
    pub playback: VecDeque<Command>,
}

/// The frame counter of `--frames`.
struct FrameCount {
    left: u32,
    total: u32,
    started: Option<Instant>,
}

impl GameState {
    /// A new game of `scenario`; `exit` receives the process exit code.
    pub fn new(
        ctx: &Context,
        scenario: Scenario,
        data: DataSet,
        assets: Assets,
        opts: Options,
        exit: Rc<Cell<i32>>,
    ) -> GameState {
        let mut battle = Battle::new(&scenario, &data);
        let mut resumed = None;
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
        let camera = Camera::new(session.battle().map().width, session.battle().map().height);
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
            layout: Layout::of(ctx),
            clock: 0.0,
            fast: false,
            shift: false,
            log: VecDeque::new(),
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
            recording: None,
            playback_wait: PLAYBACK_SECS,
            sfx: Vec::new(),
            mouse_cell: None,
            mouse_rest: None,
            mouse_live: false,
            fps_report: opts.fps.then(Instant::now),
            files: opts.files,
            watch,
            watch_clock: 0.0,
            alert: None,
            rebuild: false,
            playback: opts.playback,
            frame_count: opts.frames.map(|n| FrameCount {
                left: n,
                total: n,
                started: None,
            }),
        };
        g.begin();
        if resumed.is_none() && g.playback.is_empty() {
            g.start_recording();
        }
        if let Some(line) = resumed {
            g.say(line);
        }
        g
    }

    /// Starts (or restarts) from the session as it is.
    fn begin(&mut self) {
        self.anims.clear();
        self.zones.reset();
        self.log.clear();
        self.enemy_turn = false;
        self.enemy_pause = 0.0;
        self.absorb();
        self.last_focus = anim::cell_px(self.session.cursor);
        self.camera.center_on(self.last_focus, self.layout.map_view(), true);
    }

    /// Starts writing this battle's replay (from its first command).
    fn start_recording(&mut self) {
        let fp = crate::io::replay::fingerprint(&self.scenario, &self.files.data_dir);
        self.recording = Some(fp);
    }

    /// Writes the replay so far. A battle loaded from a save, or whose files changed while it
    /// was played, cannot be replayed from its start: recording stops, and says why.
    fn write_replay(&mut self) {
        let Some(fp) = &self.recording else { return };
        let r = crate::io::replay::record(self.session.battle(), &self.scenario, &self.files.data_dir);
        let stop = if &r.fingerprint != fp {
            Some("replay stopped: the scenario or data files changed during the battle".to_string())
        } else {
            crate::io::replay::write(&self.files.record, &r)
                .err()
                .map(|e| e.to_string())
        };
        if let Some(why) = stop {
            self.recording = None;
            self.say(why);
        }
    }

    /// R: the same battle from the start.
    fn restart(&mut self) {
        let danger = self.session.show_danger;
        self.session = Session::new(Battle::new(&self.scenario, &self.data), self.data.profiles.clone());
        self.session.show_danger = danger;
        self.begin();
        self.playback.clear();
        self.start_recording();
    }

    /// S: saves the battle in progress.
    fn save(&mut self) {
        let line = match crate::io::save::snapshot(&self.session, &self.scenario, 0) {
            Err(why) => why,
            Ok(file) => match crate::io::save::write(&self.files.save, &file) {
                Ok(()) => format!("saved turn {} to {}", file.turn, self.files.save.display()),
                Err(e) => e.to_string(),
            },
        };
        self.say(line);
    }

    /// L: loads the save, if it fits this scenario; otherwise says why and changes nothing.
    fn load(&mut self) {
        let mut battle = Battle::new(&self.scenario, &self.data);
        let loaded = crate::io::save::read(&self.files.save)
            .and_then(|f| crate::io::save::restore(&f, &self.scenario, &mut battle, &self.files.save));
        match loaded {
            Ok(()) => {
                let danger = self.session.show_danger;
                self.session = Session::new(battle, self.data.profiles.clone());
                self.session.show_danger = danger;
                self.begin();
                self.playback.clear();
                // A replay starts at the scenario's start; a loaded battle did not.
                self.recording = None;
                self.say(format!(
                    "loaded turn {} from {} (not recorded as a replay)",
                    self.session.battle().turn(),
                    self.files.save.display()
                ));
            }
            Err(e) => self.say(e.to_string()),
        }
    }

    /// F5 or an edited file: reloads data and scenario into the battle in progress. A broken
    /// file keeps everything as it was and stays on screen until fixed.
    fn reload(&mut self) {
        match crate::io::reload::reload(&mut self.session, &self.files.scenario, &self.files.data_dir) {
            Ok(r) => {
                self.data = r.data;
                self.scenario = r.scenario;
                self.alert = None;
                self.zones.reset();
                self.rebuild = true;
                self.say(r.message);
            }
            Err(e) => self.alert = Some(e.to_string()),
        }
    }

    /// PgUp/PgDn: the previous or next scenario of the same folder.
    fn switch_scenario(&mut self, step: i32) {
        let dir = self.files.scenario.parent().map(Path::to_path_buf).unwrap_or_default();
        let list = crate::io::files::list_files(&dir, "toml");
        if list.is_empty() {
            return;
        }
        let here = list
            .iter()
            .position(|p| p.file_name() == self.files.scenario.file_name())
            .unwrap_or(0) as i32;
        let next = list[(here + step).rem_euclid(list.len() as i32) as usize].clone();
        let data = self.files.data_given.then(|| self.files.data_dir.clone());
        match crate::cli::load_scenario(&next, data) {
            Ok((scenario, data, data_dir)) => {
                self.watch = Watch::new(&data_dir, &next, Path::new(&scenario.map_path));
                self.files.scenario = next;
                self.files.data_dir = data_dir;
                self.scenario = scenario;
                self.data = data;
                self.alert = None;
                self.rebuild = true;
                self.restart();
                let name = self.scenario.name.clone();
                self.say(format!("scenario: {name}"));
            }
            Err(e) => self.alert = Some(e.to_string()),
        }
    }

    /// True when a player may act: nothing animating, not the enemy's turn, no script left.
    pub(super) fn accepts_input(&self) -> bool {
        !self.anims.busy()
            && !matches!(self.session.phase, Phase::Enemy { .. })
            && self.script.is_empty()
            && self.playback.is_empty()
    }

    /// Sends one intent to the engine and animates what it did.
    fn apply(&mut self, i: Intent) {
        self.session.input(i);
        self.absorb();
    }

    fn say(&mut self, line: String) {
        self.log.push_back((line, 0.0));
        while self.log.len() > LOG_LINES {
            self.log.pop_front();
        }
    }

    /// Turns the engine's signals into animations, sounds and log lines. Every log line
    /// rides on the animation of its event and appears when that event is on screen.
    fn absorb(&mut self) {
        let mut record = false;
        for sig in self.session.drain() {
            record |= matches!(
                sig,
                Signal::Rules(
                    Event::Acted { .. } | Event::PhaseBegan { .. } | Event::BattleEnded { .. } | Event::Reverted(_)
                )
            );
            match sig {
                Signal::CursorMoved(_) => self.sfx.push(Sfx::Cursor),
                Signal::Selected(_) => self.sfx.push(Sfx::Select),
                Signal::Cancelled => self.sfx.push(Sfx::Cancel),
                Signal::Refused(e) => self.say(format!("refused: {e}")),
                Signal::Decided(d) => {
                    let line = format!("{}: {}", self.session.battle().name(d.unit), d.reason);
                    let kind = if d.path.is_empty() && d.attack.is_none() {
                        Kind::Note
                    } else {
                        Kind::Focus { unit: d.unit }
                    };
                    self.anims.push(Anim::new(kind, true).saying(line));
                }
                Signal::Rules(e) => self.show(e),
            }
        }
        if record {
            self.write_replay();
        }
    }

    /// The animation (and log line) of one rules event.
    fn show(&mut self, e: Event) {
        let b = self.session.battle();
        let line = e.describe(b);
        let anim = match &e {
            Event::PhaseBegan { team, .. } => {
                self.enemy_turn = *team == Team::Enemy;
                self.recenter = !self.enemy_turn;
                Some(Anim::new(Kind::Banner { text: line }, self.enemy_turn))
            }
            Event::Moved { unit, from, path, .. } => {
                let mut cells = vec![*from];
                cells.extend(path.replay(*from));
                Some(Anim::new(Kind::Move { unit: *unit, cells }, self.enemy_turn))
            }
            Event::Struck {
                attacker,
                defender,
                damage,
                hp_before,
                hp_left,
                ..
            } => {
                let (a, d) = (b.unit(*attacker).pos, b.unit(*defender).pos);
                let toward = Vec2::new((d.x - a.x) as f32, (d.y - a.y) as f32).normalize_or_zero();
                let kind = Kind::Strike {
                    attacker: *attacker,
                    defender: *defender,
                    toward,
                    damage: *damage,
                    hp_before: *hp_before,
                    hp_left: *hp_left,
                    defeated: *hp_left == 0,
                };
                Some(Anim::new(kind, self.enemy_turn).saying(line))
            }
            Event::GuardWoke { .. } | Event::BattleEnded { .. } => {
                Some(Anim::new(Kind::Note, self.enemy_turn).saying(line))
            }
            Event::Reverted(_) => {
                self.sfx.push(Sfx::Cancel);
                None
            }
            Event::Defeated { .. } | Event::Acted { .. } | Event::Restored(_) => None,
        };
        if let Some(a) = anim {
            self.anims.push(a);
        }
    }

    /// Where unit `id` is drawn (top-left, world pixels).
    pub(super) fn unit_px(&self, id: UnitId) -> Vec2 {
        self.anims.unit_px(id, self.session.battle().unit(id).pos)
    }

    /// What the camera should keep in view: the animated unit, else the cursor in the
    /// player's phases, else wherever it last looked.
    fn focus(&mut self) -> Vec2 {
        let f = match self.anims.current().map(|a| &a.kind) {
            Some(Kind::Move { unit, .. } | Kind::Focus { unit }) => Some(self.unit_px(*unit)),
            Some(Kind::Strike { defender, .. }) => Some(self.unit_px(*defender)),
            Some(Kind::Banner { .. } | Kind::Note) | None => match self.session.phase {
                Phase::Enemy { .. } => None,
                _ => Some(anim::cell_px(self.session.cursor)),
            },
        };
        if let Some(f) = f {
            self.last_focus = f;
        }
        self.last_focus
    }

    /// One fixed logic step of `dt` seconds.
    fn tick(&mut self, dt: f32) {
        self.clock += dt;
        self.watch_clock += dt;
        if self.watch_clock >= WATCH_SECS {
            self.watch_clock = 0.0;
            if self.watch.changed() {
                self.reload();
            }
        }
        let fast = self.fast || self.shift;
        for cue in self.anims.advance(dt, fast) {
            match cue {
                Cue::Step => self.sfx.push(Sfx::Step),
                Cue::Hit => self.sfx.push(Sfx::Hit),
                Cue::Say(line) => self.say(line),
            }
        }
        if !self.anims.busy() {
            if matches!(self.session.phase, Phase::Enemy { .. }) {
                if self.enemy_pause > 0.0 {
                    self.enemy_pause -= dt * if fast { anim::FAST } else { 1.0 };
                } else {
                    self.apply(Intent::Advance);
                    self.enemy_pause = if self.anims.busy() { ENEMY_GAP } else { 0.0 };
                }
            } else if !self.playback.is_empty() {
                self.play_back(dt);
            } else if !self.script.is_empty() {
                self.script_wait -= dt;
                if self.script_wait <= 0.0
                    && let Some(t) = self.script.pop_front()
                {
                    self.play(t);
                    self.script_wait = TOKEN_SECS;
                }
            }
        }
        let focus = self.focus();
        if self.recenter && !self.anims.busy() {
            self.recenter = false;
            self.camera.center_on(focus, self.layout.map_view(), false);
        }
        self.camera.follow(focus, self.layout.map_view(), false);
        self.camera.update(dt);
        for (_, age) in &mut self.log {
            *age += dt;
        }
        while self.log.front().is_some_and(|(_, age)| *age > LOG_SECS) {
            self.log.pop_front();
        }
    }

    /// `--replay`: the next recorded command, once the previous one has been shown.
    fn play_back(&mut self, dt: f32) {
        if !matches!(self.session.phase, Phase::Select | Phase::Action { .. }) {
            if matches!(self.session.phase, Phase::Over { .. }) {
                self.playback.clear();
            }
            return;
        }
        self.playback_wait -= dt;
        if self.playback_wait > 0.0 {
            return;
        }
        self.playback_wait = PLAYBACK_SECS;
        if let Some(c) = self.playback.pop_front() {
            if let Err(e) = self.session.perform(c) {
                self.playback.clear();
                self.say(format!("replay stopped: {e}"));
            }
            self.absorb();
            if self.playback.is_empty() {
                self.say("end of the replay: your turn".into());
            }
        }
    }

    /// Plays one scripted token.
    fn play(&mut self, t: Token) {
        match t {
            Token::Cursor(d) => self.apply(Intent::Cursor(d)),
            Token::Confirm => {
                self.apply(Intent::Confirm);
                self.apply(Intent::Release);
            }
            Token::Cancel => self.apply(Intent::Cancel),
            Token::EndTurn => self.apply(Intent::EndTurn),
            Token::Undo => self.apply(Intent::Undo),
            Token::Next => self.apply(Intent::NextUnit),
            Token::Danger => self.session.show_danger = !self.session.show_danger,
            Token::Wait => {}
            Token::Save => self.save(),
            Token::Load => self.load(),
            Token::Reload => self.reload(),
            Token::Click(p) => self.click_cell(p),
        }
    }

    /// A click on cell `p`: point and confirm there; in the action menu, a click on a
    /// target attacks it and a click on the unit itself waits.
    fn click_cell(&mut self, p: Pos) {
        if let Phase::Action { unit, options, .. } = &self.session.phase {
            let b = &self.session.battle();
            let pick = options.iter().position(|o| match o {
                Action::Attack(t) => b.unit(*t).pos == p,
                Action::Wait => b.unit(*unit).pos == p,
            });
            if let Some(i) = pick {
                self.choose(i);
                self.apply(Intent::Confirm);
                self.apply(Intent::Release);
            }
            return;
        }
        self.apply(Intent::Point(p));
        self.apply(Intent::Confirm);
        self.apply(Intent::Release);
    }

    /// Highlights action-menu entry `i` (by stepping the choice, as the keys do).
    fn choose(&mut self, i: usize) {
        if let Phase::Action { options, choice, .. } = &self.session.phase {
            let n = options.len();
            let steps = (i + n - choice % n.max(1)) % n.max(1);
            for _ in 0..steps {
                self.apply(Intent::Cursor(Dir::Down));
            }
        }
    }

    /// The map cell under window pixel (`x`, `y`), if the map shows there.
    fn cell_under(&self, x: f32, y: f32) -> Option<Pos> {
        let p = self.layout.to_logical(x, y);
        if !self.layout.map_view().contains(p) {
            return None;
        }
        let w = p + self.camera.pos.round();
        let c = Pos::new((w.x / TILE).floor() as i32, (w.y / TILE).floor() as i32);
        self.session.battle().map().contains(c).then_some(c)
    }

    fn menu_entry_under(&self, x: f32, y: f32) -> Option<usize> {
        let p = self.layout.to_logical(x, y);
        self.menu_rects.iter().position(|r| r.contains(p))
    }

    /// Saves the last drawn frame once everything settled; quits when done.
    fn screenshot(&mut self, ctx: &mut Context) {
        let settled = self.accepts_input() && self.camera.settled();
        let Some(shot) = &mut self.shot else { return };
        if shot.started.elapsed().as_secs() > SHOT_TIMEOUT_SECS {
            eprintln!("--screenshot: the game did not settle within {SHOT_TIMEOUT_SECS} s; giving up");
            self.exit.set(1);
            ctx.request_quit();
            return;
        }
        shot.settled = if settled { shot.settled + 1 } else { 0 };
        if shot.settled < SETTLE_FRAMES {
            return;
        }
        let path = shot.path.clone();
        self.shot = None;
        match save_frame(ctx, &path) {
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
}

impl GameState {
    /// `--frames N`: times N frames from the first one drawn, prints the rate and quits.
    fn count_frame(&mut self, ctx: &mut Context) {
        let Some(fc) = &mut self.frame_count else { return };
        let started = *fc.started.get_or_insert_with(Instant::now);
        if fc.left > 0 {
            fc.left -= 1;
            return;
        }
        let secs = started.elapsed().as_secs_f64();
        let (w, h) = (self.session.battle().map().width, self.session.battle().map().height);
        println!(
            "{} frames of {} ({w}x{h} map, {:.0}x{:.0} window) in {secs:.2} s: {:.1} fps",
            fc.total,
            self.scenario.name,
            self.layout.w,
            self.layout.h,
            fc.total as f64 / secs.max(1e-9)
        );
        self.frame_count = None;
        ctx.request_quit();
    }
}

/// Writes the window's last frame to a PNG.
fn save_frame(ctx: &Context, path: &std::path::Path) -> Result<(), String> {
    let frame = ctx.gfx.frame();
    let (w, h) = (frame.width(), frame.height());
    let mut px = frame
        .to_pixels(ctx)
        .map_err(|e| format!("cannot read the frame: {e}"))?;
    // The window surface is BGRA; PNG wants RGBA.
    if matches!(
        frame.format(),
        ggez::graphics::ImageFormat::Bgra8Unorm | ggez::graphics::ImageFormat::Bgra8UnormSrgb
    ) {
        for p in px.chunks_exact_mut(4) {
            p.swap(0, 2);
        }
    }
    image::save_buffer_with_format(
        path,
        &px,
        w,
        h,
        image::ExtendedColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .map_err(|e| e.to_string())
}

impl EventHandler for GameState {
    fn update(&mut self, ctx: &mut Context) -> GameResult {
        self.layout = Layout::of(ctx);
        self.shift = ctx.keyboard.active_modifiers.contains(ModifiersState::SHIFT);
        while ctx.time.check_update_time(TICKS) {
            self.tick(1.0 / TICKS as f32);
        }
        if std::mem::take(&mut self.rebuild) {
            self.camera = Camera::new(self.session.battle().map().width, self.session.battle().map().height);
            self.camera
                .center_on(anim::cell_px(self.session.cursor), self.layout.map_view(), true);
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
        // Overriding this drops ggez's quit on Escape, which cancels here.
        match command(&input.event.logical_key) {
            Some(KeyAction::Quit) => ctx.request_quit(),
            Some(KeyAction::Fast) if !repeated => self.fast = !self.fast,
            Some(KeyAction::Danger) if !repeated => self.session.show_danger = !self.session.show_danger,
            Some(KeyAction::Restart) if !repeated => self.restart(),
            Some(KeyAction::Reload) if !repeated => self.reload(),
            Some(KeyAction::Save) if !repeated && self.accepts_input() => self.save(),
            Some(KeyAction::Load) if !repeated && self.accepts_input() => self.load(),
            Some(KeyAction::Scenario(step)) if !repeated => self.switch_scenario(step),
            Some(KeyAction::Intent(i)) if self.accepts_input() => {
                // The keys have the cursor until the mouse moves again.
                self.mouse_live = false;
                self.mouse_cell = None;
                self.mouse_rest = Some(ctx.mouse.position().into());
                self.apply(i);
            }
            _ => {}
        }
        Ok(())
    }

    fn key_up_event(&mut self, _ctx: &mut Context, input: KeyInput) -> GameResult {
        if command(&input.event.logical_key) == Some(KeyAction::Intent(Intent::Confirm)) {
            // Always let go, even mid-animation, so the button never stays held.
            self.apply(Intent::Release);
        }
        Ok(())
    }

    fn mouse_motion_event(&mut self, _ctx: &mut Context, x: f32, y: f32, _dx: f32, _dy: f32) -> GameResult {
        // A pointer that merely rests over the window (or just entered it) does not point.
        if !self.mouse_live {
            let at = Vec2::new(x, y);
            match self.mouse_rest {
                Some(rest) if rest.distance(at) >= MOUSE_SLOP => self.mouse_live = true,
                Some(_) => return Ok(()),
                None => {
                    self.mouse_rest = Some(at);
                    return Ok(());
                }
            }
        }
        if !self.accepts_input() {
            return Ok(());
        }
        if matches!(self.session.phase, Phase::Action { .. }) {
            if let Some(i) = self.menu_entry_under(x, y) {
                self.choose(i);
            }
            return Ok(());
        }
        let cell = self.cell_under(x, y);
        if cell.is_some() && cell != self.mouse_cell {
            self.mouse_cell = cell;
            if let Some(c) = cell {
                self.apply(Intent::Point(c));
            }
        }
        Ok(())
    }

    fn mouse_button_down_event(&mut self, _ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        if !self.accepts_input() {
            return Ok(());
        }
        match button {
            MouseButton::Left => {
                if let Some(i) = self.menu_entry_under(x, y) {
                    self.choose(i);
                    self.apply(Intent::Confirm);
                    self.apply(Intent::Release);
                } else if let Some(c) = self.cell_under(x, y) {
                    self.click_cell(c);
                }
            }
            MouseButton::Right => self.apply(Intent::Cancel),
            _ => {}
        }
        Ok(())
    }

    fn on_error(&mut self, _ctx: &mut Context, origin: ggez::event::ErrorOrigin, e: GameError) -> bool {
        eprintln!("skirmish: {origin:?}: {e}");
        self.exit.set(1);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_cancels_and_q_quits() {
        assert_eq!(
            command(&Key::Named(NamedKey::Escape)),
            Some(KeyAction::Intent(Intent::Cancel))
        );
        assert_eq!(command(&Key::Character("Q".into())), Some(KeyAction::Quit));
        assert_eq!(
            command(&Key::Character("z".into())),
            Some(KeyAction::Intent(Intent::Confirm))
        );
        assert_eq!(command(&Key::Character("w".into())), None);
    }
}
