//! The command line's words: the commands, their flags and the game window's options, as
//! clap parses them.

use super::batch::BatchArgs;
use super::range::RangeArgs;
use crate::search::grid::Team;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "skirmish",
    version,
    about = "Turn-based tactics skirmish: play, check data, inspect ranges and AI decisions"
)]
pub(super) struct Cli {
    /// Data folder with terrain.toml and profiles.toml (default: the scenario's ../data).
    #[arg(long, global = true, value_name = "DIR")]
    pub(super) data: Option<PathBuf>,
    /// Play the scenario at this difficulty level (one of its [difficulty.NAME] tables).
    #[arg(long, global = true, value_name = "NAME")]
    pub(super) difficulty: Option<String>,
    #[command(flatten)]
    pub(super) play: PlayArgs,
    #[command(subcommand)]
    pub(super) cmd: Option<Cmd>,
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
    /// Hot-seat: a second person plays the enemy side on this machine, with the same
    /// controls; a hand-over screen hides the board between phases.
    #[arg(long)]
    pub versus: bool,
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
    /// `skirmish host` in the window: the link to start when it opens.
    #[arg(skip)]
    pub(crate) host: Option<HostWindow>,
    /// `skirmish join` or `watch` in the window: the link, already past its handshake.
    #[arg(skip)]
    pub(crate) guest: Option<GuestWindow>,
    /// The campaign's progress file (default: progress.json in the platform's data folder).
    #[arg(long, value_name = "FILE")]
    pub progress: Option<PathBuf>,
    /// Player units gain experience (false only to play back a replay recorded before
    /// experience existed); filled in after validation.
    #[arg(skip = true)]
    pub experience: bool,
    /// The seed of the battle's rolls (chance in combat): a replay's, filled in after
    /// validation; 0 otherwise.
    #[arg(skip)]
    pub seed: u64,
    /// A campaign chapter's replay: the roster it was played with, filled in after validation.
    #[arg(skip)]
    pub chapter: Option<crate::io::replay::ChapterStart>,
}

impl PlayArgs {
    /// True when an option asks for a battle: a script, a screenshot, a frame count, a save
    /// to resume, a replay to watch or hot-seat (`skirmish` then opens the default battle
    /// directly).
    pub fn wants_battle(&self) -> bool {
        self.screenshot.is_some()
            || self.input.is_some()
            || self.frames.is_some()
            || self.resume.is_some()
            || self.replay.is_some()
            || self.versus
    }

    /// The window options given (by their flags), for commands that open no window.
    pub(super) fn given(&self) -> Vec<&'static str> {
        [
            ("--screenshot", self.screenshot.is_some()),
            ("--input", self.input.is_some()),
            ("--frames", self.frames.is_some()),
            ("--resume", self.resume.is_some()),
            ("--save-file", self.save_file != PlayArgs::default_save_file()),
            ("--record", self.record.is_some()),
            ("--replay", self.replay.is_some()),
            ("--turn", self.turn.is_some()),
            ("--progress", self.progress.is_some()),
            ("--versus", self.versus),
        ]
        .into_iter()
        .filter(|(_, given)| *given)
        .map(|(flag, _)| flag)
        .collect()
    }

    /// These options, with any left unset taken from `other`.
    pub(super) fn or(self, other: PlayArgs) -> PlayArgs {
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
            versus: self.versus || other.versus,
            fast_forward: self.fast_forward.max(other.fast_forward),
            save: self.save.or(other.save),
            playback: self.playback.or(other.playback),
            progress: self.progress.or(other.progress),
            experience: self.experience && other.experience,
            seed: if self.seed != 0 { self.seed } else { other.seed },
            chapter: self.chapter.or(other.chapter),
            host: self.host.or(other.host),
            guest: self.guest.or(other.guest),
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

/// The subcommands.
#[derive(Subcommand, Debug)]
pub(super) enum Cmd {
    /// Open the game on its title screen (what `skirmish` with no command does).
    Title {
        #[command(flatten)]
        opts: PlayArgs,
    },
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
        /// The built-in player policy: simple or careful (as in `batch`) [default: simple;
        /// careful with --skill].
        #[arg(long, value_name = "POLICY")]
        player: Option<String>,
        /// How often the careful player errs: expert, average, novice or a chance P (as in `batch`).
        #[arg(long, value_name = "SKILL")]
        skill: Option<String>,
        /// With --record: write a versus replay, the enemy side's commands (still the AI's
        /// choices) recorded as a person's, to play the enemy side of `host --versus` by script.
        #[arg(long, requires = "record")]
        versus: bool,
    },
    /// A campaign: its chapters in order with the roster carried over. With --simulate,
    /// headless (player units follow a built-in policy; a lost chapter is tried again up to
    /// 3 times with the next seed); without, in the game.
    Campaign {
        /// Campaign file (maps/campaign.toml).
        file: PathBuf,
        /// Play it headless and print each chapter's result, tries, survivors and the fallen.
        #[arg(long)]
        simulate: bool,
        /// The built-in player policy: simple or careful [default: careful].
        #[arg(long, value_name = "POLICY")]
        player: Option<String>,
        /// Seed of the first try of every chapter (a retry takes the next).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Turns per battle at most (1 to 1,000).
        #[arg(long, default_value_t = 30)]
        turns: u32,
        /// Casual play: a unit that falls comes back in the next chapter (the file's
        /// `permadeath` otherwise).
        #[arg(long)]
        casual: bool,
        /// How often the careful player errs: expert (never), average, novice, or a chance P
        /// from 0 to 1 [default: expert].
        #[arg(long, value_name = "S")]
        skill: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// With --simulate: play N campaigns (seeds SEED to SEED+N-1) per level and skill
        /// asked (--difficulty A,B,... and --skill S,S,... take lists) and print the share won
        /// with its 95% interval and where the lost ones ended.
        #[arg(long, value_name = "N", requires = "simulate", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        runs: Option<u64>,
        /// With --runs: threads [default: one per core]; the output does not depend on it.
        #[arg(long, value_name = "J", requires = "runs", value_parser = clap::value_parser!(u16).range(1..=1024))]
        jobs: Option<u16>,
        /// With --simulate: every chapter with chance in combat (`[combat] chance = true` and
        /// the chapter's [chapters.chance_set]), as New campaign's "Chance in combat: on".
        #[arg(long)]
        chance: bool,
        /// With --simulate: write each chapter's battle (its last try) as DIR/chapter-N.replay,
        /// the roster it began with inside, for `skirmish replay` and `play --replay`.
        #[arg(long, value_name = "DIR", requires = "simulate")]
        replays: Option<PathBuf>,
        /// Window options, for the game (without --simulate).
        #[command(flatten)]
        opts: PlayArgs,
    },
    /// Balance runs: many battles per scenario and per swept profile value, as a table,
    /// JSON, CSV and a chart; slices of the work run anywhere and merge back.
    Batch(BatchArgs),
    /// The value of a number (or several, one at a time) whose win rate is nearest a target:
    /// more battles only where the answer is in doubt; --write puts it into its file.
    Tune(super::tune::TuneArgs),
    /// Write a scenario as a Tiled map: OUT/NAME.tmx (terrain and units), OUT/terrain.tsx and
    /// OUT/terrain.png (the tileset), and OUT/NAME.toml, a scenario that uses the map.
    ExportTiled {
        /// Scenario file.
        scenario: PathBuf,
        /// Folder to write into.
        #[arg(long)]
        out: PathBuf,
    },
    /// Host a network game of a scenario: wait for `skirmish join`, then play in lockstep
    /// (only commands travel; both check a hash of the battle after each).
    Host {
        /// Scenario file.
        file: PathBuf,
        /// TCP port to listen on (0: any free one; the line "listening on port N" says which).
        #[arg(long, default_value_t = crate::net::DEFAULT_PORT)]
        port: u16,
        /// Address to listen on (0.0.0.0: every network of this machine).
        #[arg(long, default_value = "0.0.0.0")]
        bind: String,
        /// The side this program plays: player or enemy (the joiner plays the other).
        #[arg(long, default_value = "player", value_parser = parse_side)]
        side: crate::search::grid::Team,
        /// Seed of the battle's rolls and of a built-in policy's choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The enemy side is played by a person, not the AI: with --side enemy this program
        /// plays it (by --script), with --side player the joiner does. Replays hold both
        /// sides' commands.
        #[arg(long)]
        versus: bool,
        #[command(flatten)]
        net: NetArgs,
    },
    /// Join a network game: the host's scenario is loaded from this machine's files.
    Join {
        /// The host: HOST or HOST:PORT.
        address: String,
        #[command(flatten)]
        net: NetArgs,
    },
    /// Follow a network game as a spectator: every event from the start.
    Watch {
        /// The host: HOST or HOST:PORT.
        address: String,
        /// Give up after this many seconds without a message.
        #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
        wait: u64,
        /// Print the events as `replay` does, without a window (a build without the window
        /// always does).
        #[arg(long)]
        print: bool,
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

/// How a network game's player side is played and what each program does around it.
#[derive(Args, Debug, Clone)]
pub(crate) struct NetArgs {
    /// Play this program's side from this replay file's commands (`simulate --record` writes
    /// one for the player side; a versus replay holds both sides' commands).
    #[arg(long, value_name = "FILE", conflicts_with = "policy")]
    pub script: Option<PathBuf>,
    /// Let the built-in player policy play the player side: simple or careful.
    #[arg(long, value_name = "POLICY")]
    pub policy: Option<String>,
    /// With --policy: turns to play at most (1 to 1,000).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub turns: u32,
    /// Write the battle's replay here, after every command. `join`: a record of this game
    /// already there is played first, and only the commands it lacks are asked for.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Seconds to wait for the peer (to join, to answer, to join again or, for a joiner, for
    /// the host to come back after a drop).
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub wait: u64,
    /// Print the round trip of the commands this program sent (median, 95th percentile).
    #[arg(long)]
    pub stats: bool,
}

/// `--side player|enemy`.
fn parse_side(s: &str) -> Result<crate::search::grid::Team, String> {
    match s {
        "player" => Ok(Team::Player),
        "enemy" => Ok(crate::search::grid::Team::Enemy),
        _ => Err(format!("expected player or enemy, found {s:?}")),
    }
}

/// A `--player` policy by name, refused with the list of known ones (the words of `batch`).
pub(super) fn parse_policy(name: &str) -> Result<crate::ai::player::Policy, String> {
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

/// Arguments of `skirmish host`.
#[derive(Clone, Debug)]
pub(crate) struct HostRun {
    pub file: PathBuf,
    pub port: u16,
    pub bind: String,
    pub side: Team,
    pub seed: u64,
    pub versus: bool,
    pub net: NetArgs,
}

/// `skirmish host FILE` played in the game window (neither `--script` nor `--policy`): what
/// the window starts its link with when it opens.
#[derive(Clone, Debug)]
pub(crate) struct HostWindow {
    run: HostRun,
    data: Option<PathBuf>,
    level: Option<String>,
}

#[cfg_attr(
    not(feature = "gui"),
    expect(dead_code, reason = "only the game window plays a host")
)]
impl HostWindow {
    pub(super) fn new(run: HostRun, data: Option<PathBuf>, level: Option<&str>) -> HostWindow {
        HostWindow {
            run,
            data,
            level: level.map(str::to_string),
        }
    }

    /// Whether the window plays the host's side: a person plays it (the player side, or
    /// either side with `--versus`); else the AI plays both of the host's sides, headless.
    pub(super) fn plays(run: &HostRun) -> bool {
        run.net.script.is_none() && run.net.policy.is_none() && (run.versus || run.side == Team::Player)
    }

    /// The side the window's person plays.
    pub(crate) fn mine(&self) -> Team {
        self.run.side
    }

    /// What the link is started with.
    pub(super) fn parts(self) -> (HostRun, Option<PathBuf>, Option<String>) {
        (self.run, self.data, self.level)
    }
}

/// `skirmish join` or `watch` played in the game window: the link the handshake let in,
/// going on on its thread, handed to the window when it opens (once).
#[derive(Clone)]
pub(crate) struct GuestWindow {
    bg: std::sync::Arc<std::sync::Mutex<Option<super::link::Background>>>,
    mine: Option<Team>,
    watching: bool,
    /// Commands the host had played at the handshake.
    held: usize,
}

impl std::fmt::Debug for GuestWindow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GuestWindow")
            .field("mine", &self.mine)
            .field("watching", &self.watching)
            .finish_non_exhaustive()
    }
}

#[cfg_attr(
    not(feature = "gui"),
    expect(dead_code, reason = "only the game window joins or watches through a GuestWindow")
)]
impl GuestWindow {
    pub(super) fn new(bg: super::link::Background, mine: Option<Team>, watching: bool, held: usize) -> GuestWindow {
        GuestWindow {
            bg: std::sync::Arc::new(std::sync::Mutex::new(Some(bg))),
            mine,
            watching,
            held,
        }
    }

    /// Commands the host's game had played when this window's program came in: the window
    /// plays them at once before it follows the game at viewing speed.
    pub(crate) fn held(&self) -> usize {
        self.held
    }

    /// The side the window's person plays (`None`: the window follows).
    pub(crate) fn mine(&self) -> Option<Team> {
        self.mine
    }

    /// A spectator's window (`skirmish watch`).
    pub(crate) fn watching(&self) -> bool {
        self.watching
    }

    /// The link, for the window that opens (`None` once taken).
    pub(crate) fn take(&self) -> Option<super::link::Background> {
        self.bg.lock().ok()?.take()
    }
}
