//! The `skirmish` binary: the command line, and the game window when built with `gui`.

use skirmish::cli::{self, Outcome};
use std::io::Write;

fn main() {
    // Long answers (`range --json`) are written as they are made.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout());
    let outcome = cli::run_to(std::env::args_os(), &mut out);
    // A closed pipe (`skirmish range ... | head`) is not an error worth a panic.
    let _ = out.flush();
    drop(out);
    let code = match outcome {
        Outcome::Done { code, stdout, stderr } => {
            // A closed pipe (`skirmish range ... | head`) is not an error worth a panic.
            let _ = std::io::stdout().write_all(stdout.as_bytes());
            let _ = std::io::stderr().write_all(stderr.as_bytes());
            code
        }
        Outcome::Play {
            path,
            data_dir,
            scenario,
            data,
            opts,
        } => play(path, data_dir, *scenario, *data, *opts),
        Outcome::Title {
            data,
            opts,
            campaign,
            casual,
        } => title(data, *opts, campaign, casual),
    };
    std::process::exit(code);
}

#[cfg(not(feature = "gui"))]
fn play(
    _path: std::path::PathBuf,
    _data_dir: std::path::PathBuf,
    scenario: skirmish::load::scenario::Scenario,
    data: skirmish::load::data::DataSet,
    _opts: cli::PlayArgs,
) -> i32 {
    // Without the window, show what the player would see first: the hero's range.
    let hero = scenario
        .units
        .iter()
        .find(|u| u.team == skirmish::search::grid::Team::Player);
    let name = hero.map(|u| u.name.clone()).unwrap_or_default();
    let args = [
        "skirmish",
        "range",
        &scenario.path,
        "--unit",
        &name,
        "--data",
        &data.dir.to_string_lossy(),
    ];
    eprintln!("built without the `gui` feature: no window; showing {name}'s range instead");
    match cli::run(args.iter().map(std::ffi::OsString::from)) {
        Outcome::Done { code, stdout, stderr } => {
            let _ = std::io::stdout().write_all(stdout.as_bytes());
            let _ = std::io::stderr().write_all(stderr.as_bytes());
            code
        }
        Outcome::Play { .. } | Outcome::Title { .. } => 1,
    }
}

/// The title screen; without the window, the default battle's first view as `play` shows it.
#[cfg(not(feature = "gui"))]
fn title(
    data: Option<std::path::PathBuf>,
    _opts: cli::PlayArgs,
    _campaign: Option<std::path::PathBuf>,
    _casual: bool,
) -> i32 {
    let scenario = cli::find_default(cli::DEFAULT_SCENARIO);
    let mut args = vec!["skirmish".into(), "play".into(), scenario.into_os_string()];
    if let Some(d) = data {
        args.extend(["--data".into(), d.into_os_string()]);
    }
    match cli::run(args) {
        Outcome::Play {
            path,
            data_dir,
            scenario,
            data,
            opts,
        } => play(path, data_dir, *scenario, *data, *opts),
        Outcome::Done { code, stdout, stderr } => {
            let _ = std::io::stdout().write_all(stdout.as_bytes());
            let _ = std::io::stderr().write_all(stderr.as_bytes());
            code
        }
        Outcome::Title { .. } => 1,
    }
}

#[cfg(feature = "gui")]
fn title(
    data: Option<std::path::PathBuf>,
    opts: cli::PlayArgs,
    campaign: Option<std::path::PathBuf>,
    casual: bool,
) -> i32 {
    skirmish::game::run_title(opts, data, campaign, casual)
}

#[cfg(feature = "gui")]
fn play(
    path: std::path::PathBuf,
    data_dir: std::path::PathBuf,
    scenario: skirmish::load::scenario::Scenario,
    data: skirmish::load::data::DataSet,
    opts: cli::PlayArgs,
) -> i32 {
    // A data folder other than the scenario's own came from --data: keep it for every scenario.
    let data_given = data_dir != skirmish::load::scenario::default_data_dir(&path);
    skirmish::game::run(&path, &data_dir, scenario, data, opts, data_given)
}
