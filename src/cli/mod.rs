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
use clap::{Args, Parser, Subcommand};
use serde_json::{Value, json};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

mod batch;
mod battle;
mod check;
mod explain;
mod export;
mod generate;
mod range;
mod test;

use batch::{BatchArgs, batch_cmd};
use battle::{ai_cmd, replay_cmd, simulate_cmd};
use check::check;
use explain::explain_cmd;
pub use explain::{explanation_json, explanation_text};
use generate::generate_cmd;
use range::{RangeArgs, range};

/// The scenario `skirmish` plays when given none.
pub const DEFAULT_SCENARIO: &str = "maps/sample.toml";

/// At most this many turns per battle (`simulate --turns`, `batch --turns`): far beyond any
/// battle that ends, and it bounds what a run keeps per battle (a tally counts battles per
/// number of turns) and how long one battle may take.
pub const MAX_TURNS: u32 = 1_000;

#[derive(Parser, Debug)]
#[command(
    name = "skirmish",
    version,
    about = "Turn-based tactics skirmish: play, check data, inspect ranges and AI decisions"
)]
struct Cli {
    /// Data folder with terrain.toml and profiles.toml (default: the scenario's ../data).
    #[arg(long, global = true, value_name = "DIR")]
    data: Option<PathBuf>,
    #[command(flatten)]
    play: PlayArgs,
    #[command(subcommand)]
    cmd: Option<Cmd>,
}

/// Options of the game window.
#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Render the first frames (after any --input), save a PNG here and exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Intents to play before the screenshot, e.g. "Right Right Space Down Space".
    #[arg(long, value_name = "KEYS")]
    pub input: Option<String>,
    /// Draw this many frames as fast as possible (no vsync), print the frame rate and exit.
    #[arg(long, value_name = "N")]
    pub frames: Option<u32>,
    /// Resume a saved battle (its scenario is the one the save names unless one is given).
    #[arg(long, value_name = "SAVE")]
    pub resume: Option<PathBuf>,
    /// Where the game saves (key S) and loads (key L) the battle in progress.
    #[arg(long, value_name = "FILE", default_value = "skirmish.save")]
    pub save_file: PathBuf,
    /// Where the battle's replay is written as it is played (default: beside the save file,
    /// with the extension `.replay`).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play a recorded battle back in the window (its scenario is the one the replay names).
    #[arg(long, value_name = "REPLAY")]
    pub replay: Option<PathBuf>,
    /// With --replay: open the viewer at the start of turn T (the turns before it are played
    /// at once, without animation).
    #[arg(long, value_name = "T", requires = "replay", value_parser = clap::value_parser!(u32).range(1..))]
    pub turn: Option<u32>,
    /// How many of the replay's commands (from its start) are played before the window
    /// opens, to begin at `--turn`; filled in after validation.
    #[arg(skip)]
    pub fast_forward: usize,
    /// The checked save to resume, filled in after validation.
    #[arg(skip)]
    pub save: Option<Box<crate::io::save::SaveFile>>,
    /// The checked replay's commands, filled in after validation.
    #[arg(skip)]
    pub playback: Option<Vec<crate::rules::Command>>,
}

impl PlayArgs {
    /// These options, with any left unset taken from `other`.
    fn or(self, other: PlayArgs) -> PlayArgs {
        let default_save = PlayArgs::default_save_file();
        PlayArgs {
            screenshot: self.screenshot.or(other.screenshot),
            input: self.input.or(other.input),
            frames: self.frames.or(other.frames),
            resume: self.resume.or(other.resume),
            save_file: if self.save_file == default_save {
                other.save_file
            } else {
                self.save_file
            },
            record: self.record.or(other.record),
            replay: self.replay.or(other.replay),
            turn: self.turn.or(other.turn),
            fast_forward: self.fast_forward.max(other.fast_forward),
            save: self.save.or(other.save),
            playback: self.playback.or(other.playback),
        }
    }

    /// Where the game writes its replay: `--record`, else beside the save file (the one S
    /// writes, [`Self::save_path`]) with the extension `.replay`.
    pub fn record_file(&self) -> PathBuf {
        self.record
            .clone()
            .unwrap_or_else(|| self.save_path().with_extension("replay"))
    }

    fn default_save_file() -> PathBuf {
        PathBuf::from("skirmish.save")
    }

    /// Where S saves and L loads: `--save-file` when given, else the file resumed with
    /// `--resume`, else `skirmish.save`.
    pub fn save_path(&self) -> PathBuf {
        match &self.resume {
            Some(r) if self.save_file == PlayArgs::default_save_file() => r.clone(),
            _ => self.save_file.clone(),
        }
    }
}

#[cfg(test)]
mod play_args_tests {
    use super::*;

    #[test]
    fn a_resumed_file_is_the_one_saved_and_loaded() {
        let resumed = PlayArgs {
            resume: Some(PathBuf::from("saves/ford.save")),
            save_file: PlayArgs::default_save_file(),
            ..PlayArgs::default()
        };
        assert_eq!(resumed.save_path(), PathBuf::from("saves/ford.save"));
        assert_eq!(
            resumed.record_file(),
            PathBuf::from("saves/ford.replay"),
            "beside the save"
        );
        let both = PlayArgs {
            save_file: PathBuf::from("other.save"),
            ..resumed.clone()
        };
        assert_eq!(both.save_path(), PathBuf::from("other.save"), "--save-file wins");
        let plain = PlayArgs {
            save_file: PlayArgs::default_save_file(),
            ..PlayArgs::default()
        };
        assert_eq!(plain.save_path(), PathBuf::from("skirmish.save"));
        assert_eq!(plain.record_file(), PathBuf::from("skirmish.replay"));
        let elsewhere = PlayArgs {
            save_file: PathBuf::from("saves/a.save"),
            ..PlayArgs::default()
        };
        assert_eq!(elsewhere.record_file(), PathBuf::from("saves/a.replay"));
    }
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Play a scenario in a window.
    Play {
        /// Scenario file (maps/*.toml).
        file: PathBuf,
        #[command(flatten)]
        opts: PlayArgs,
    },
    /// Load and validate data files (all of data/ and maps/ by default).
    Check {
        /// Files to check: terrain.toml, profiles.toml, units.toml, maps/*.txt or maps/*.toml.
        files: Vec<PathBuf>,
        /// Exit 1 on warnings too (data that loads but cannot work as meant).
        #[arg(long)]
        strict: bool,
    },
    /// Every cell a unit can end its move on, with cost and path.
    Range(RangeArgs),
    /// One enemy phase from a scenario as placed.
    Ai {
        /// Scenario file.
        scenario: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Explain this enemy's decision: its target candidates and every reachable cell's score.
        #[arg(long, value_name = "UNIT")]
        explain: Option<String>,
    },
    /// Run AI expectation files (default: tests/ai/): one line per expectation, exit 1 on any failure.
    Test {
        /// Expectation files or folders of them.
        paths: Vec<PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Re-run a recorded battle headless and print its events.
    Replay {
        /// Replay file (written by `simulate --record` or the game).
        file: PathBuf,
        /// Print JSON: every event with unit names.
        #[arg(long)]
        json: bool,
        /// Show the scores behind this enemy's decision in the enemy phase of --turn T (as
        /// `ai --explain` shows them), on the board as the replay left it.
        #[arg(long, value_name = "UNIT", requires = "turn")]
        explain: Option<String>,
        /// The turn whose enemy phase --explain looks at.
        #[arg(long, value_name = "T", requires = "explain", value_parser = clap::value_parser!(u32).range(1..))]
        turn: Option<u32>,
        /// Play a replay whose scenario, map or data changed since it was recorded anyway
        /// (stderr says so, and names the first command the rules refuse).
        #[arg(long)]
        force: bool,
    },
    /// A whole battle without a window; player units follow a built-in policy.
    Simulate {
        /// Scenario file.
        scenario: PathBuf,
        /// Turns to play at most (1 to 1,000).
        #[arg(long, default_value_t = 30)]
        turns: u32,
        /// Seed of the player policy's tie-breaking.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Also write the battle's replay to this file.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// The built-in player policy: simple or careful (as in `batch`) [default: simple].
        #[arg(long, value_name = "POLICY")]
        player: Option<String>,
    },
    /// Balance runs: many battles per scenario and per swept profile value, as a table,
    /// JSON, CSV and a chart; slices of the work run anywhere and merge back.
    Batch(BatchArgs),
    /// Write a scenario as a Tiled map: OUT/NAME.tmx (terrain and units), OUT/terrain.tsx and
    /// OUT/terrain.png (the tileset), and OUT/NAME.toml, a scenario that uses the map.
    ExportTiled {
        /// Scenario file.
        scenario: PathBuf,
        /// Folder to write into.
        #[arg(long)]
        out: PathBuf,
    },
    /// Write a new scenario carved from a seed: OUT/gen-SEED.txt and OUT/gen-SEED.toml.
    Generate {
        /// Seed: the same seed gives the same files.
        #[arg(long)]
        seed: u64,
        /// Map size as WIDTHxHEIGHT, e.g. 64x48.
        #[arg(long, value_parser = parse_size, default_value = "48x32")]
        size: (usize, usize),
        /// Folder to write into.
        #[arg(long, default_value = "maps")]
        out: PathBuf,
        /// Write the map as a Tiled map with the units in it (OUT/gen-SEED.tmx, its tileset
        /// OUT/terrain.tsx and OUT/terrain.png), and OUT/gen-SEED.toml using it.
        #[arg(long)]
        tiled: bool,
    },
}

/// A `--player` policy by name, refused with the list of known ones (the words of `batch`).
fn parse_policy(name: &str) -> Result<crate::ai::player::Policy, String> {
    crate::ai::player::Policy::parse(name).ok_or_else(|| {
        format!(
            "--player {name}: unknown policy (known: {})",
            crate::ai::player::Policy::NAMES
        )
    })
}

fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected WIDTHxHEIGHT such as 64x48, found {s:?}");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    ))
}

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
pub fn run<I: IntoIterator<Item = OsString>>(args: I) -> Outcome {
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
    match cli.cmd {
        None => {
            let replay = cli.play.replay.as_deref().map(|f| (f, crate::io::replay::read(f)));
            let scenario = match (replay, cli.play.resume.as_deref().map(crate::io::save::read)) {
                (Some((f, Ok(r))), _) => r.scenario_path(f),
                (Some((_, Err(e))), _) => return fail(e.into()),
                (None, Some(Ok(save))) => PathBuf::from(save.scenario),
                (None, Some(Err(e))) => return fail(e.0.into()),
                (None, None) => find_default(DEFAULT_SCENARIO),
            };
            play(&scenario, data_override, cli.play)
        }
        // Window options may stand before or after `play FILE`.
        Some(Cmd::Play { file, opts }) => play(&file, data_override, opts.or(cli.play)),
        Some(Cmd::Check { files, strict }) => check(&files, data_override, strict),
        Some(Cmd::Range(a)) => {
            let note = a
                .scenario_path()
                .and_then(|p| scenario_data_dir(p, data_override.clone()).1);
            noted(range(a, data_override), note)
        }
        Some(Cmd::Ai {
            scenario,
            json,
            explain: None,
        }) => {
            let note = scenario_data_dir(&scenario, data_override.clone()).1;
            noted(ai_cmd(&scenario, data_override, json), note)
        }
        Some(Cmd::Ai {
            scenario,
            json,
            explain: Some(unit),
        }) => {
            let note = scenario_data_dir(&scenario, data_override.clone()).1;
            noted(explain_cmd(&scenario, data_override, &unit, json), note)
        }
        Some(Cmd::Simulate {
            scenario,
            turns,
            seed,
            json,
            record,
            player,
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
            let note = scenario_data_dir(&scenario, data_override.clone()).1;
            let run = battle::SimulateRun {
                turns,
                seed,
                policy,
                as_json: json,
                record: record.as_deref(),
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
        Some(Cmd::Test { paths, json }) => test::test_cmd(&paths, data_override, json),
        Some(Cmd::Batch(a)) => batch_cmd(a, data_override),
        Some(Cmd::Generate { seed, size, out, tiled }) => generate_cmd(seed, size, &out, data_override, tiled),
        Some(Cmd::ExportTiled { scenario, out }) => {
            let note = scenario_data_dir(&scenario, data_override.clone()).1;
            noted(export::export_cmd(&scenario, &out, data_override), note)
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

/// Loads a scenario and the data it uses (see [`scenario_data_dir`]).
pub fn load_scenario(path: &Path, data_override: Option<PathBuf>) -> Result<(Scenario, DataSet, PathBuf), Diagnostics> {
    let (data_dir, _) = scenario_data_dir(path, data_override);
    if !path.exists() {
        return Err(Diagnostic::whole_file(path, "cannot read file: no such scenario").into());
    }
    let data = crate::load::data::load(&data_dir)?;
    let scenario = crate::load::scenario::load(path, &data)?;
    Ok((scenario, data, data_dir))
}

/// How many of a replay's `commands` bring `battle` to the start of turn `turn` (its player
/// phase), each player phase's end followed by the recomputed enemy phase; refused, naming
/// the replay, when the battle never gets there.
pub fn fast_forward(
    file: &Path,
    mut battle: Battle,
    data: &DataSet,
    commands: &[crate::rules::Command],
    turn: u32,
) -> Result<usize, Diagnostic> {
    let mut k = 0;
    let mut ai = crate::ai::Ai::new(data.profiles.clone());
    while battle.turn() < turn && battle.ended().is_none() && k < commands.len() {
        crate::play::replay::run(&mut battle, &mut ai, &commands[k..=k]).map_err(|e| {
            Diagnostic::whole_file(
                file,
                format!("command {} is refused by the rules: {}", k + 1, e.describe(&battle)),
            )
        })?;
        k += 1;
    }
    if battle.turn() < turn {
        let how = match battle.ended() {
            Some((w, why)) => format!(
                "the battle ends on turn {} ({} won: {})",
                battle.turn(),
                w.name(),
                why.describe(&battle)
            ),
            None => format!("it stops in turn {}", battle.turn()),
        };
        return Err(Diagnostic::whole_file(
            file,
            format!("the replay never reaches turn {turn}: {how}"),
        ));
    }
    Ok(k)
}

fn play(path: &Path, data_override: Option<PathBuf>, mut opts: PlayArgs) -> Outcome {
    match load_scenario(path, data_override) {
        Ok((scenario, data, data_dir)) => {
            if let Some(save_path) = &opts.resume {
                // Check the save against the scenario now, so a bad save never opens a window.
                let checked = crate::io::save::read(save_path).and_then(|save| {
                    let mut battle = Battle::new(&scenario, &data);
                    crate::io::save::restore(&save, &scenario, &mut battle, save_path).map(|_| save)
                });
                match checked {
                    Ok(save) => opts.save = Some(Box::new(save)),
                    Err(e) => return fail(e.0.into()),
                }
            }
            if let Some(file) = &opts.replay {
                // Check the replay against the files now, so a stale one never opens a window.
                let battle = Battle::new(&scenario, &data);
                match crate::io::replay::read(file).and_then(|r| r.commands(file, &scenario, &data, &battle)) {
                    Ok(c) => {
                        if let Some(turn) = opts.turn {
                            match fast_forward(file, battle, &data, &c, turn) {
                                Ok(k) => opts.fast_forward = k,
                                Err(e) => return fail(e.into()),
                            }
                        }
                        opts.playback = Some(c);
                    }
                    Err(e) => return fail(e.into()),
                }
            }
            Outcome::Play {
                path: path.to_path_buf(),
                data_dir,
                scenario: Box::new(scenario),
                data: Box::new(data),
                opts: Box::new(opts),
            }
        }
        Err(e) => fail(e),
    }
}
