//! The ggez front end: a window that maps keys and mouse to the engine's intents and draws
//! its state. It holds no rules of its own; everything it shows comes from [`crate::play::phase`],
//! [`crate::ai::danger`] and [`crate::rules::combat`].
//!
//! Environment: `SKIRMISH_BACKEND` (`vulkan`, `gl`, `metal`, `dx12`, `primary`, `all`) picks
//! the graphics API (`--screenshot` defaults to Vulkan, the one that works under Xvfb);
//! `SKIRMISH_FPS=1` prints frames per second to stderr.

mod anim;
mod assets;
mod buttons;
mod camera;
mod draw;
mod hud;
mod overlay;
mod script;
mod state;
mod view;

use crate::cli::PlayArgs;
use crate::load::data::DataSet;
use crate::load::scenario::Scenario;
use ggez::conf::{Backend, WindowMode, WindowSetup};
use ggez::{Context, ContextBuilder, GameResult, event};
use std::cell::Cell;
use std::collections::VecDeque;
use std::path::Path;
use std::rc::Rc;

/// Opens the game window on `scenario` (loaded from `path`) and plays until the player
/// quits; returns the process exit code. With `--input` the script plays first; with
/// `--screenshot` the game saves a PNG once everything has settled and exits.
pub fn run(path: &Path, data_dir: &Path, scenario: Scenario, data: DataSet, opts: PlayArgs, data_given: bool) -> i32 {
    // Everything that can be checked is checked before a window opens.
    let (w, h) = (scenario.map.width(), scenario.map.height());
    let script = match opts.input.as_deref().map(|text| script::parse(text, w, h)) {
        None => VecDeque::new(),
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            eprintln!("skirmish: {e}");
            return 1;
        }
    };
    let dir = assets::find_dir();
    let files = match assets::AssetFiles::read(&dir) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("skirmish: cannot load the game's pictures: {e}");
            eprintln!(
                "(the game reads ./assets when that folder exists, else {})",
                assets::built_dir().display()
            );
            return 1;
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
        return 1;
    }
    // Screenshots and frame counts render as fast as they can, on the backend that works headless.
    let shooting = opts.screenshot.is_some() || opts.frames.is_some();
    let title = hud::text::window_title(&scenario.name);
    let builder = ContextBuilder::new("skirmish", "skirmish")
        .with_conf_file(false)
        .window_setup(WindowSetup::default().title(&title).vsync(!shooting))
        .window_mode(
            WindowMode::default()
                .dimensions(640.0, 480.0)
                .min_dimensions(320.0, 240.0)
                .resizable(true),
        )
        .backend(backend(shooting));
    let (ctx, event_loop) = match build(builder) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("skirmish: cannot open the game window for {}: {e}", path.display());
            eprintln!("(without a screen, run it under Xvfb: xvfb-run -a skirmish ...)");
            return 1;
        }
    };
    let assets = assets::Assets::new(&ctx, files);
    let exit = Rc::new(Cell::new(0));
    let record = opts.record_file();
    let save = opts.save_path();
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
    };
    let game = state::GameState::new(&ctx, scenario, data, assets, opts, Rc::clone(&exit));
    match event::run(ctx, event_loop, game) {
        Ok(()) => exit.get(),
        Err(e) => {
            eprintln!("skirmish: {e}");
            1
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
