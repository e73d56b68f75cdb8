//! The ggez front end: a window that maps keys and mouse to the engine's intents and draws
//! its state. It holds no rules of its own; everything it shows comes from [`crate::play::phase`],
//! [`crate::ai::danger`] and [`crate::rules::combat`].
//!
//! Environment: `SKIRMISH_BACKEND` (`vulkan`, `gl`, `metal`, `dx12`, `primary`, `all`) picks
//! the graphics API (`--screenshot` defaults to Vulkan, the one that works under Xvfb);
//! `SKIRMISH_FPS=1` prints frames per second to stderr; `SKIRMISH_REDRAW=1` draws every
//! frame of a battle afresh, even one that would come out as the last (which is otherwise
//! kept as it is).

mod anim;
mod assets;
mod buttons;
mod camera;
pub mod controls;
mod difficulty;
mod draw;
mod fog;
mod hud;
pub(crate) mod netplay;
mod overlay;
mod records;
mod screens;
mod script;
mod settings;
mod slots;
mod state;
mod versus;
mod view;

use crate::cli::PlayArgs;
use crate::load::data::DataSet;
use crate::load::scenario::Scenario;
use ggez::conf::{Backend, WindowMode, WindowSetup};
use ggez::{Context, ContextBuilder, GameResult, event};
use std::cell::Cell;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Opens the game window on `scenario` (loaded from `path`) and plays until the player
/// quits; returns the process exit code. With `--input` the script plays first; with
/// `--screenshot` the game saves a PNG once everything has settled and exits.
pub fn run(path: &Path, data_dir: &Path, scenario: Scenario, data: DataSet, opts: PlayArgs, data_given: bool) -> i32 {
    // Everything that can be checked is checked before a window opens.
    // A chapter's replay comes with the roster on its scenario already (the command line
    // checked it so); its name says the chapter and level, as in the campaign.
    let scenario = state::titled(scenario, opts.chapter.as_ref());
    let (w, h) = (scenario.map.width(), scenario.map.height());
    let script = match opts.input.as_deref().map(|text| script::parse(text, w, h)) {
        None => VecDeque::new(),
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            eprintln!("skirmish: {e}");
            return 1;
        }
    };
    let maps = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let Some(mut window) = Window::open(&opts, maps, &hud::text::window_title(&scenario.name), path) else {
        return 1;
    };
    if data_given {
        window.world.data_override = Some(data_dir.to_path_buf());
    }
    let record = opts.record_file();
    window.world.save_file = opts.save_path();
    window.world.save_given = save_given(&opts);
    // The scenario's own save slot, unless --save-file or --resume named the file.
    let save = window.world.save_for(path, scenario.difficulty.as_deref(), None);
    let key = records::Records::key(path, None);
    // A replay's seed plays back its rolls; a new battle gets one of its own.
    let host = opts.host.clone();
    let guest = opts.guest.clone();
    let seed = if opts.replay.is_some() || host.is_some() || guest.is_some() {
        opts.seed
    } else {
        crate::play::new_battle_seed(opts.input.is_some() || opts.screenshot.is_some() || opts.frames.is_some())
    };
    let opts = state::Options {
        script,
        screenshot: opts.screenshot,
        fps: std::env::var("SKIRMISH_FPS").is_ok_and(|v| v == "1"),
        files: state::Files {
            scenario: path.to_path_buf(),
            data_dir: data_dir.to_path_buf(),
            save,
            record,
            data_given,
        },
        resume: opts.save,
        playback: opts.playback.unwrap_or_default().into(),
        fast_forward: opts.fast_forward,
        frames: opts.frames,
        experience: opts.experience,
        // A replay's seed plays back its rolls; a new battle gets one of its own.
        seed,
        chapter: opts.chapter,
        versus: opts.versus,
    };
    let mut game = state::GameState::new(
        &window.ctx,
        scenario,
        data,
        window.assets.clone(),
        opts,
        Rc::clone(&window.exit),
    );
    use netplay::Seat;
    // `skirmish host` in the window: the link listens from now on, on its own thread.
    if let Some(host) = host {
        let mine = host.mine();
        game.connect(crate::cli::net::start_host(host), Some(mine), Seat::Host, 0);
    }
    // `skirmish join` or `watch` in the window: the link the handshake let in goes on.
    if let Some(g) = guest
        && let Some(bg) = g.take()
    {
        let seat = if g.watching() { Seat::Watch } else { Seat::Join };
        game.connect(bg, g.mine(), seat, g.held());
    }
    let first = Box::new(screens::battle::BattleScreen::direct(
        game,
        &window.world,
        key,
        Rc::clone(&window.exit),
    ));
    window.run(first, screens::Harness::default())
}

/// True when the command line named the save file (`--save-file`, or the file `--resume`
/// read): it wins over the save slots. (`skirmish.save` is the flag's default.)
fn save_given(opts: &PlayArgs) -> bool {
    opts.save_path() != Path::new("skirmish.save")
}

/// Opens the game on its title screen (`skirmish` with no command, `skirmish title`). A
/// script (`--input`) drives the menus (Up, Down, Left, Right, Confirm, Cancel, Wait) and
/// whatever is left of it plays in the first battle opened, which also takes `--screenshot`
/// and `--frames`; with no battle opened, the screenshot is of the menu the script ends on.
/// `campaign` is the campaign the title offers (`skirmish campaign FILE`; else
/// `maps/campaign.toml`), `casual` starts it without permadeath.
pub fn run_title(opts: PlayArgs, data_override: Option<PathBuf>, campaign: Option<PathBuf>, casual: bool) -> i32 {
    let side = crate::load::map::MAX_MAP_SIDE;
    let script = match opts.input.as_deref().map(|text| script::parse(text, side, side)) {
        None => VecDeque::new(),
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            eprintln!("skirmish: {e}");
            return 1;
        }
    };
    let maps = crate::cli::find_default("maps");
    let Some(mut window) = Window::open(&opts, maps, "skirmish", Path::new("the title screen")) else {
        return 1;
    };
    window.world.data_override = data_override;
    window.world.save_file = opts.save_path();
    window.world.save_given = save_given(&opts);
    window.world.record_file = opts.record_file();
    if let Some(c) = campaign {
        window.world.campaign_file = c;
    }
    if opts.progress.is_some() {
        window.world.progress_file = opts.progress.clone();
    }
    window.world.casual = casual;
    window.world.file_problems = screens::title::Title::problems(&window.world);
    let first = screens::App::title(&window.world);
    let harness = screens::Harness::new(script, opts.screenshot, opts.frames);
    window.run(first, harness)
}

/// An open window, before its event loop runs.
struct Window {
    ctx: Context,
    event_loop: ggez::winit::event_loop::EventLoop<()>,
    assets: assets::Assets,
    world: screens::World,
    exit: Rc<Cell<i32>>,
}

impl Window {
    /// Reads the pictures and the player's options and opens the window (at the size the
    /// options remember, or 1280×800, shrunk to fit the screen). `None` after saying why not.
    fn open(opts: &PlayArgs, maps: PathBuf, title: &str, what: &Path) -> Option<Window> {
        let dir = assets::find_dir();
        let files = match assets::AssetFiles::read(&dir) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("skirmish: cannot load the game's pictures: {e}");
                eprintln!(
                    "(the game reads ./assets when that folder exists, else {})",
                    assets::built_dir().display()
                );
                return None;
            }
        };
        if let Some(shot) = &opts.screenshot
            && let Some(parent) = shot.parent().filter(|p| !p.as_os_str().is_empty() && !p.is_dir())
        {
            eprintln!(
                "skirmish: --screenshot {}: no folder {}",
                shot.display(),
                parent.display()
            );
            return None;
        }
        // Screenshots and frame counts render as fast as they can, on the backend that works
        // headless; scripted runs use the default options and leave the player's files alone,
        // unless SKIRMISH_HOME names a folder for them (tests prepare one).
        let shooting = opts.screenshot.is_some() || opts.frames.is_some();
        let home_given = std::env::var_os("SKIRMISH_HOME").is_some_and(|h| !h.is_empty());
        let scripted = (shooting || opts.input.is_some()) && !home_given;
        let world = screens::World::new(settings::Places::find(), maps, scripted);
        let s = &world.settings;
        let mut mode = WindowMode::default()
            .dimensions(s.width as f32, s.height as f32)
            .min_dimensions(320.0, 240.0)
            .resizable(true);
        if s.fullscreen {
            mode = mode.fullscreen_type(ggez::conf::FullscreenType::Desktop);
        }
        let builder = ContextBuilder::new("skirmish", "skirmish")
            .with_conf_file(false)
            .window_setup(WindowSetup::default().title(title).vsync(!shooting))
            .window_mode(mode)
            .backend(backend(shooting));
        let (mut ctx, event_loop) = match build(builder) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("skirmish: cannot open the game window for {}: {e}", what.display());
                eprintln!("(without a screen, run it under Xvfb: xvfb-run -a skirmish ...)");
                return None;
            }
        };
        if !s.fullscreen {
            // The largest window of that shape the screen has room for.
            let monitor = ctx
                .gfx
                .window()
                .current_monitor()
                .map(|m| (m.size().width, m.size().height));
            let (w, h) = settings::fit_window((s.width, s.height), monitor);
            if (w, h) != (s.width, s.height) {
                let _ = ctx.gfx.set_drawable_size(w as f32, h as f32);
            }
        }
        let mut assets = assets::Assets::new(&ctx, files);
        assets.volume = f32::from(s.volume) / 100.0;
        Some(Window {
            ctx,
            event_loop,
            assets,
            world,
            exit: Rc::new(Cell::new(0)),
        })
    }

    /// Runs the event loop with `first` on the screen stack; returns the exit code.
    fn run(self, first: Box<dyn screens::Screen>, harness: screens::Harness) -> i32 {
        let exit = Rc::clone(&self.exit);
        let app = screens::App::new(
            &self.ctx,
            self.world,
            self.assets,
            first,
            harness,
            Rc::clone(&self.exit),
        );
        match event::run(self.ctx, self.event_loop, app) {
            Ok(()) => exit.get(),
            Err(e) => {
                eprintln!("skirmish: {e}");
                1
            }
        }
    }
}

/// The graphics API: `SKIRMISH_BACKEND` if set, Vulkan for screenshots (the only one that
/// renders under Xvfb), else whatever the platform offers.
fn backend(shooting: bool) -> Backend {
    let wanted = std::env::var("SKIRMISH_BACKEND")
        .unwrap_or_default()
        .to_ascii_lowercase();
    match wanted.as_str() {
        "vulkan" => Backend::Vulkan,
        "gl" => Backend::Gl,
        "metal" => Backend::Metal,
        "dx12" => Backend::Dx12,
        "primary" => Backend::OnlyPrimary,
        "all" => Backend::All,
        _ if shooting && cfg!(not(target_os = "macos")) => Backend::Vulkan,
        _ => Backend::All,
    }
}

/// Builds the context. With the `sound` feature ggez refuses to start without a sound
/// device; on Linux the game then retries with ALSA's null device and runs silently.
fn build(builder: ContextBuilder) -> GameResult<(Context, ggez::winit::event_loop::EventLoop<()>)> {
    #[cfg(feature = "sound")]
    {
        match builder.clone().build() {
            Err(ggez::GameError::AudioError(why)) => {
                eprintln!("skirmish: no sound device ({why})");
                #[cfg(target_os = "linux")]
                if silence_alsa() {
                    eprintln!("skirmish: playing without sound (ALSA null device)");
                    return builder.build();
                }
                eprintln!(
                    "skirmish: to play without a sound card, give ALSA a null device:\n  \
                     printf 'pcm.!default {{ type null }}\\n' > ~/.asoundrc\n\
                     or build without the `sound` feature"
                );
                Err(ggez::GameError::AudioError(why))
            }
            other => other,
        }
    }
    #[cfg(not(feature = "sound"))]
    builder.build()
}

/// Points ALSA at a configuration whose default device discards sound. True when set up.
#[cfg(all(feature = "sound", target_os = "linux"))]
fn silence_alsa() -> bool {
    let conf = std::env::temp_dir().join("skirmish-null-alsa.conf");
    if std::fs::write(&conf, "pcm.!default { type null }\n").is_err() {
        return false;
    }
    // SAFETY: called before the window and the event loop exist, while the game has no
    // other thread that could read the environment at the same time.
    unsafe { std::env::set_var("ALSA_CONFIG_PATH", &conf) };
    true
}
