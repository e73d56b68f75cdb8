//! The `skirmish` command line: `check`, `range`, `ai`, `simulate`, `batch` (and `play`, which the
//! binary hands to the game). Every command builds its whole output before printing, so bad
//! input means a message on stderr, exit code 1 and nothing on stdout.

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source, display_path};
use crate::load::map::TerrainMap;
use crate::load::scenario::{Scenario, default_data_dir};
use crate::load::terrain::TerrainSet;
use crate::picture;
use crate::play::simulate;
use crate::rules::battle::Battle;
use crate::search::grid::Pos;
use crate::search::grid::Team;
use crate::search::range::{Occupancy, RangeFinder, RangeQuery, Reach};
use clap::{Args, Parser};
use serde_json::{Value, json};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

mod args;
mod batch;
mod battle;
mod campaign;
mod check;
mod explain;
mod export;
mod generate;
mod link;
pub(crate) mod net;
mod play;
mod range;
mod test;
mod tune;

pub use args::PlayArgs;
use args::{Cli, Cmd, parse_policy};
use batch::batch_cmd;
use battle::{ai_cmd, replay_cmd, simulate_cmd};
use check::check;
use explain::explain_cmd;
pub use explain::{explanation_json, explanation_text};
use generate::generate_cmd;
pub use play::fast_forward;
use play::play;
use range::range;

/// The scenario `skirmish` plays when given none.
pub const DEFAULT_SCENARIO: &str = "maps/sample.toml";

/// At most this many turns per battle (`simulate --turns`, `batch --turns`): far beyond any
/// battle that ends, and it bounds what a run keeps per battle (a tally counts battles per
/// number of turns) and how long one battle may take.
pub const MAX_TURNS: u32 = 1_000;

/// What the binary should do after parsing.
#[derive(Debug)]
pub enum Outcome {
    /// Print and exit with this code.
    Done {
        /// Exit code.
        code: i32,
        /// Text for stdout.
        stdout: String,
        /// Text for stderr.
        stderr: String,
    },
    /// Open the game on its title screen.
    Title {
        /// `--data`: the data folder for every scenario.
        data: Option<PathBuf>,
        /// Window options (a script drives the menus, then the first battle).
        opts: Box<PlayArgs>,
        /// `skirmish campaign FILE`: the campaign the title offers (else `maps/campaign.toml`).
        campaign: Option<PathBuf>,
        /// `--casual`: that campaign without permadeath.
        casual: bool,
    },
    /// Open the game on a loaded scenario.
    Play {
        /// The scenario file.
        path: PathBuf,
        /// The data folder.
        data_dir: PathBuf,
        /// The loaded scenario.
        scenario: Box<Scenario>,
        /// The loaded data.
        data: Box<DataSet>,
        /// Window options.
        opts: Box<PlayArgs>,
    },
}

/// `join` or `watch` past its handshake: the outcome of the game played without a window,
/// or the window to open on the host's scenario (the link goes on on its thread).
fn guest_window(g: net::Guesting, mut opts: PlayArgs) -> Outcome {
    match g {
        net::Guesting::Done(o) => o,
        net::Guesting::Window(game) => {
            let game = *game;
            opts.versus = game.versus;
            opts.seed = game.seed;
            opts.guest = Some(game.window);
            Outcome::Play {
                path: game.path,
                data_dir: game.data_dir,
                scenario: Box::new(game.scenario),
                data: Box::new(game.data),
                opts: Box::new(opts),
            }
        }
    }
}

fn ok(stdout: String) -> Outcome {
    Outcome::Done {
        code: 0,
        stdout,
        stderr: String::new(),
    }
}

fn fail(errs: Diagnostics) -> Outcome {
    Outcome::Done {
        code: 1,
        stdout: String::new(),
        stderr: format!("{}\n", dedup(errs)),
    }
}

fn usage(msg: String) -> Outcome {
    Outcome::Done {
        code: 1,
        stdout: String::new(),
        stderr: msg,
    }
}

fn dedup(errs: Diagnostics) -> Diagnostics {
    let mut seen = std::collections::HashSet::new();
    Diagnostics(errs.0.into_iter().filter(|d| seen.insert(d.to_string())).collect())
}

/// Parses arguments and runs every command but the game.
///
/// Everything the command prints comes back in the outcome; [`run_to`] writes the long answers
/// (`range --json`) as they are made instead.
pub fn run<I: IntoIterator<Item = OsString>>(args: I) -> Outcome {
    let mut streamed = Vec::new();
    match run_to(args, &mut streamed) {
        Outcome::Done { code, stdout, stderr } => Outcome::Done {
            code,
            stdout: String::from_utf8_lossy(&streamed).into_owned() + &stdout,
            stderr,
        },
        other => other,
    }
}

/// [`run`], writing the answers that can be long (`range --json`: a million cells make half a
/// gigabyte) to `out` as they are made, never whole in memory; the outcome's `stdout`
/// follows what went to `out`.
pub fn run_to<I: IntoIterator<Item = OsString>>(args: I, out: &mut dyn std::io::Write) -> Outcome {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            let text = e.render().to_string();
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => ok(text),
                _ => usage(text),
            };
        }
    };
    let data_override = cli.data.clone();
    let level = cli.difficulty.clone();
    let level = level.as_deref();
    if level.is_some()
        && matches!(
            cli.cmd,
            Some(Cmd::Test { .. } | Cmd::Generate { .. } | Cmd::Replay { .. } | Cmd::Join { .. } | Cmd::Watch { .. })
        )
    {
        return usage(
            "error: --difficulty is for commands that load a scenario (a replay plays at the level it recorded, a network game at the host's)\n"
                .into(),
        );
    }
    // Window options before a command that opens no window do nothing: refused.
    let headless = match &cli.cmd {
        None | Some(Cmd::Title { .. } | Cmd::Play { .. } | Cmd::Campaign { .. }) => false,
        // `join` without a script or policy plays in the window (when it plays a side: the
        // handshake tells), `watch` without --print follows in it.
        Some(Cmd::Join { net, .. }) => net.script.is_some() || net.policy.is_some() || !cfg!(feature = "gui"),
        Some(Cmd::Watch { print, .. }) => *print || !cfg!(feature = "gui"),
        // `host` without a script or policy plays in the window.
        Some(Cmd::Host { net, side, versus, .. }) => {
            !(net.script.is_none() && net.policy.is_none() && (*versus || *side == Team::Player))
        }
        Some(_) => true,
    };
    if let Some(f) = cli.play.given().first().filter(|_| headless) {
        return usage(format!(
            "error: {f} is for the game window, and this command opens none: leave it out\n"
        ));
    }
    match cli.cmd {
        // No command and no window option: the title screen. With one (--screenshot, --input,
        // --frames, --resume, --replay) the default battle opens directly, as it always did.
        None if !cli.play.wants_battle() => Outcome::Title {
            data: data_override,
            opts: Box::new(cli.play),
            campaign: None,
            casual: false,
        },
        Some(Cmd::Title { opts }) if opts.versus || cli.play.versus => usage(
            "error: --versus is for one battle (skirmish play FILE --versus); on the title screen choose Versus\n"
                .into(),
        ),
        Some(Cmd::Title { opts }) => Outcome::Title {
            data: data_override,
            opts: Box::new(opts.or(cli.play)),
            campaign: None,
            casual: false,
        },
        None => {
            let replay = cli.play.replay.as_deref().map(|f| (f, crate::io::replay::read(f)));
            // A replay or a save plays at the level it recorded.
            let (scenario, recorded) = match (replay, cli.play.resume.as_deref().map(crate::io::save::read)) {
                (Some((f, Ok(r))), _) => (r.scenario_path(f), Some(r.difficulty.clone())),
                (Some((_, Err(e))), _) => return fail(e.into()),
                (None, Some(Ok(save))) => (PathBuf::from(save.scenario), Some(save.difficulty)),
                (None, Some(Err(e))) => return fail(e.0.into()),
                (None, None) => (find_default(DEFAULT_SCENARIO), None),
            };
            let level = match recorded {
                Some(r) => r,
                None => level.map(str::to_string),
            };
            play(&scenario, data_override, level.as_deref(), cli.play)
        }
        // Window options may stand before or after `play FILE`.
        Some(Cmd::Play { file, opts }) => {
            let opts = opts.or(cli.play);
            // A replay or a save plays at the level it recorded.
            let recorded = match (&opts.replay, &opts.resume) {
                (Some(f), _) => crate::io::replay::read(f).ok().map(|r| r.difficulty),
                (None, Some(f)) => crate::io::save::read(f).ok().map(|s| s.difficulty),
                _ => None,
            };
            let level = match recorded {
                Some(r) => r,
                None => level.map(str::to_string),
            };
            play(&file, data_override, level.as_deref(), opts)
        }
        Some(Cmd::Check { files, strict }) => check(&files, data_override, strict, level),
        Some(Cmd::Range(a)) => {
            let note = a
                .scenario_path()
                .and_then(|p| scenario_data_dir(p, data_override.clone()).1);
            noted(range(a, data_override, level, out), note)
        }
        Some(Cmd::Ai {
            scenario,
            json,
            explain: None,
        }) => {
            let note = scenario_data_dir(&scenario, data_override.clone()).1;
            noted(ai_cmd(&scenario, data_override, level, json), note)
        }
        Some(Cmd::Ai {
            scenario,
            json,
            explain: Some(unit),
        }) => {
            let note = scenario_data_dir(&scenario, data_override.clone()).1;
            noted(explain_cmd(&scenario, data_override, level, &unit, json), note)
        }
        Some(Cmd::Simulate {
            scenario,
            turns,
            seed,
            json,
            record,
            player,
            skill,
            versus,
        }) => {
            if turns > MAX_TURNS {
                return usage(format!(
                    "error: --turns {turns}: at most {MAX_TURNS} turns per battle\n"
                ));
            }
            let policy = match player.as_deref().map(parse_policy).transpose() {
                Ok(p) => p,
                Err(e) => return usage(format!("skirmish: {e}\n")),
            };
            // A skill is the careful player's: asking for one picks it.
            let policy = policy.or(skill.as_ref().map(|_| crate::ai::player::Policy::Careful));
            let skill = match batch::parse_skill(skill.as_deref(), policy.unwrap_or_default()) {
                Ok(s) => s,
                Err(e) => return usage(format!("skirmish: {e}\n")),
            };
            let note = scenario_data_dir(&scenario, data_override.clone()).1;
            let run = battle::SimulateRun {
                turns,
                seed,
                policy,
                as_json: json,
                record: record.as_deref(),
                level,
                skill,
                versus,
            };
            noted(simulate_cmd(&scenario, data_override, &run), note)
        }
        Some(Cmd::Replay {
            file,
            json,
            explain,
            turn,
            force,
        }) => {
            let run = battle::ReplayRun {
                as_json: json,
                explain: explain.as_deref().zip(turn),
                force,
            };
            replay_cmd(&file, data_override, &run)
        }
        Some(Cmd::Host {
            file,
            port,
            bind,
            side,
            seed,
            versus,
            net,
        }) => {
            let run = args::HostRun {
                file,
                port,
                bind,
                side,
                seed,
                versus,
                net,
            };
            // (A build without the window refuses as before: give --script or --policy.)
            if cfg!(feature = "gui") && args::HostWindow::plays(&run) {
                // A person plays this side: in the game window.
                if let Some(f) = [
                    ("--replay", cli.play.replay.is_some()),
                    ("--resume", cli.play.resume.is_some()),
                ]
                .iter()
                .find(|(_, given)| *given)
                {
                    return usage(format!("error: {} is not for a network game: leave it out\n", f.0));
                }
                let file = run.file.clone();
                let mut opts = cli.play;
                opts.versus = versus;
                opts.seed = seed;
                opts.host = Some(args::HostWindow::new(run, data_override.clone(), level));
                return play::play(&file, data_override, level, opts);
            }
            net::host_cmd(run, data_override, level, out)
        }
        Some(Cmd::Join { .. } | Cmd::Watch { .. })
            if let Some(f) = cli
                .play
                .given()
                .into_iter()
                .find(|f| ["--replay", "--resume", "--turn", "--versus"].contains(f)) =>
        {
            usage(format!(
                "error: {f} is not for a network game (a joiner plays the host's game): leave it out\n"
            ))
        }
        Some(Cmd::Join { address, net }) => {
            let options = cli.play.given().first().map(|f| f.to_string());
            let joined = net::join_cmd(
                &address,
                net,
                data_override,
                out,
                cfg!(feature = "gui"),
                options.as_deref(),
            );
            guest_window(joined, cli.play)
        }
        Some(Cmd::Watch { address, wait, print }) => {
            let watched = net::watch_cmd(&address, wait, data_override, out, cfg!(feature = "gui") && !print);
            guest_window(watched, cli.play)
        }
        Some(Cmd::Test { paths, json }) => test::test_cmd(&paths, data_override, json),
        Some(Cmd::Campaign {
            file,
            simulate,
            player,
            seed,
            turns,
            casual,
            skill,
            json,
            replays,
            runs,
            jobs,
            chance,
            opts,
        }) => {
            if !simulate {
                let headless: Vec<&str> = [
                    ("--player", player.is_some()),
                    ("--skill", skill.is_some()),
                    ("--json", json),
                ]
                .iter()
                .filter(|(_, given)| *given)
                .map(|(f, _)| *f)
                .collect();
                if let Some(f) = headless.first() {
                    return usage(format!(
                        "error: {f} is for --simulate (a campaign played headless); in the game the player plays\n"
                    ));
                }
                if chance {
                    return usage(
                        "error: --chance is for --simulate (a campaign played headless); in the game the player chooses \"Chance in combat\" at New campaign\n"
                            .into(),
                    );
                }
                if opts.versus || cli.play.versus {
                    return usage(
                        "error: --versus is for one battle (skirmish play FILE --versus): a campaign's chapters are played against the AI\n"
                            .into(),
                    );
                }
                // In the game: the title screen, its campaign this file.
                return match crate::load::campaign::load(&file) {
                    Ok(_) => Outcome::Title {
                        data: data_override,
                        opts: Box::new(opts.or(cli.play)),
                        campaign: Some(file),
                        casual,
                    },
                    Err(e) => fail(e),
                };
            }
            // Window options do nothing headless: refused, not ignored.
            let window = opts.or(cli.play).given();
            if let Some(f) = window.first() {
                return usage(format!(
                    "error: {f} is for the game window, and --simulate opens none: leave it out\n"
                ));
            }
            if runs.is_some() && replays.is_some() {
                return usage(
                    "error: --replays writes one campaign's chapters; with --runs many are played (leave one of them out)\n"
                        .into(),
                );
            }
            if turns > MAX_TURNS {
                return usage(format!(
                    "error: --turns {turns}: at most {MAX_TURNS} turns per battle\n"
                ));
            }
            let policy = match player.as_deref().map(parse_policy).transpose() {
                Ok(p) => p.unwrap_or(crate::ai::player::Policy::Careful),
                Err(e) => return usage(format!("skirmish: {e}\n")),
            };
            // With --runs, --skill takes a list: a row per skill.
            let asked: Vec<Option<&str>> = match skill.as_deref() {
                Some(s) if runs.is_some() => s.split(',').map(|x| Some(x.trim())).collect(),
                other => vec![other],
            };
            let mut skills = Vec::new();
            for s in asked {
                match batch::parse_skill(s, policy) {
                    Ok(s) => skills.push(s),
                    Err(e) => return usage(format!("skirmish: {e}\n")),
                }
            }
            if runs.is_none() && level.is_some_and(|l| l.contains(',')) {
                return usage(format!(
                    "error: --difficulty {}: a list of levels is for --runs N (one campaign plays one level)\n",
                    level.unwrap_or_default()
                ));
            }
            let run = campaign::CampaignRun {
                simulate,
                player: crate::ai::player::Player {
                    policy,
                    skill: skills[0],
                },
                seed,
                turns,
                casual,
                as_json: json,
                level,
                replays: replays.as_deref(),
                runs,
                jobs: jobs.map(usize::from),
                skills,
                chance,
            };
            campaign::campaign_cmd(&file, data_override, &run)
        }
        Some(Cmd::Batch(a)) => batch_cmd(a, data_override, level),
        Some(Cmd::Tune(a)) => tune::tune_cmd(a, data_override, level),
        Some(Cmd::Generate { seed, size, out, tiled }) => generate_cmd(seed, size, &out, data_override, tiled),
        Some(Cmd::ExportTiled { scenario, out }) => {
            let note = scenario_data_dir(&scenario, data_override.clone()).1;
            noted(export::export_cmd(&scenario, &out, data_override, level), note)
        }
    }
}

pub use crate::io::project::current_or_built as find_default;

/// The data folder of a scenario: `--data`, else `maps/../data` beside it, else — when
/// that folder does not exist, as for a scenario generated into any folder — the project's
/// `data/` found as [`find_default`] finds it. The fallback comes with a note for stderr.
pub fn scenario_data_dir(path: &Path, data_override: Option<PathBuf>) -> (PathBuf, Option<String>) {
    if let Some(dir) = data_override {
        return (dir, None);
    }
    let beside = default_data_dir(path);
    if beside.is_dir() {
        return (beside, None);
    }
    let fallback = find_default("data");
    if !fallback.is_dir() {
        return (beside, None);
    }
    let parent = display_path(path.parent().unwrap_or(Path::new("")));
    let parent = if parent.is_empty() { ".".to_string() } else { parent };
    let note = format!(
        "note: no data folder at {parent}/../data; using {}\n",
        display_path(&fallback)
    );
    (fallback, Some(note))
}

/// `outcome` with `note` (if any) first on its stderr.
fn noted(outcome: Outcome, note: Option<String>) -> Outcome {
    match (outcome, note) {
        (Outcome::Done { code, stdout, stderr }, Some(note)) => Outcome::Done {
            code,
            stdout,
            stderr: note + &stderr,
        },
        (outcome, _) => outcome,
    }
}

/// Loads a scenario and the data it uses (see [`scenario_data_dir`]), as written (no
/// difficulty level applied; see [`load_scenario_at`]).
pub fn load_scenario(path: &Path, data_override: Option<PathBuf>) -> Result<(Scenario, DataSet, PathBuf), Diagnostics> {
    load_scenario_at(path, data_override, None)
}

/// The scenario a replay was recorded on: its file at the recorded level and, for a campaign
/// chapter that had numbers of its own (`[chapters.set]`) or chance in combat, those applied
/// first, as the campaign played it ([`crate::load::campaign::load_chapter_file`]).
pub fn load_replay_scenario(
    path: &Path,
    data_override: Option<PathBuf>,
    r: &crate::io::replay::ReplayFile,
) -> Result<(Scenario, DataSet, PathBuf), Diagnostics> {
    let loaded = load_scenario_at(path, data_override, r.difficulty.as_deref())?;
    let set: Vec<(String, i64)> = r
        .chapter
        .iter()
        .flat_map(|c| c.set.iter().map(|e| (e.key.clone(), e.value)))
        .collect();
    let chance = r.chapter.as_ref().is_some_and(|c| c.chance);
    if set.is_empty() && !chance {
        return Ok(loaded);
    }
    let data_dir = loaded.2;
    let data = crate::load::data::load(&data_dir)?;
    let (scenario, data) = crate::load::campaign::load_chapter_file(path, data, &set, r.difficulty.as_deref(), chance)?;
    Ok((scenario, data, data_dir))
}

/// [`load_scenario`] at difficulty `level` when given (a level the scenario does not have is
/// an error naming the ones it has).
pub fn load_scenario_at(
    path: &Path,
    data_override: Option<PathBuf>,
    level: Option<&str>,
) -> Result<(Scenario, DataSet, PathBuf), Diagnostics> {
    let (data_dir, _) = scenario_data_dir(path, data_override);
    if !path.exists() {
        return Err(Diagnostic::whole_file(path, "cannot read file: no such scenario").into());
    }
    if crate::load::campaign::is_campaign(path) {
        return Err(Diagnostic::whole_file(
            path,
            format!(
                "this is a campaign, not a scenario: play it with `skirmish campaign {} --simulate`, or in the game from the title screen",
                display_path(path)
            ),
        )
        .into());
    }
    let data = crate::load::data::load(&data_dir)?;
    let (scenario, data) = crate::load::difficulty::load(path, data, level)?;
    Ok((scenario, data, data_dir))
}
