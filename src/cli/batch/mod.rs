//! `skirmish batch`: balance runs. Thousands of headless battles per scenario and per swept
//! profile value, as a table (or JSON, or CSV) and a chart; `--shard I/N` runs one slice of
//! the work and `--merge` adds slices back into the report of the whole run.

use super::*;
use crate::ai::player::{Player, Policy, Skill};
use crate::io::chart;
use crate::io::files::write_atomic;
use crate::play::batch::{self, Cell, Keep, KeepWhen, Setting, Slice, Sweep, Tally};
use serde::{Deserialize, Serialize};
use std::io::IsTerminal;

mod keep;
mod merge;
mod report;
use keep::*;
use merge::*;
use report::*;

/// What a batch report file says it is.
pub const FORMAT: &str = "skirmish-batch";
/// The layout of batch report files this version writes and reads (2: with a checksum).
pub const VERSION: u32 = 2;

/// At most this many battles in one run (rows × `--runs`, all slices together). Every count
/// stays exact far below it (turns added up stay under 2^53, so rates computed from them in
/// floating point are exact too), and it is already about ten years of one two-core machine
/// at 3,000 battles a second: anything larger is a mistyped number, refused before it starts.
pub const MAX_BATTLES: u64 = 1_000_000_000_000;

/// At most this many rows (scenarios × points of the sweep grid): each holds its own copy of
/// the data while the run lasts.
pub const MAX_ROWS: u64 = 10_000;

/// At most this many replays kept per row (`--keep-max`).
pub const MAX_KEEP: usize = 1_000;

/// Arguments of `skirmish batch`.
#[derive(Args, Debug, Clone)]
pub struct BatchArgs {
    /// Scenario files (maps/*.toml).
    pub scenarios: Vec<PathBuf>,
    /// Battles per scenario and per value of the sweeps [default: 100].
    #[arg(long)]
    pub runs: Option<u64>,
    /// Seed of the whole run: battle k of every row uses a seed made from it and k [default: 0].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Threads [default: one per core]; the output does not depend on it.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Start a run even when its estimated time (measured on a few battles before it
    /// starts) is longer than a week; without it such a run is refused up front.
    #[arg(long)]
    pub long: bool,
    /// Also play K maps made by `skirmish generate`, with seeds SEED, SEED+1, ...
    #[arg(long, value_name = "K")]
    pub generate: Option<u64>,
    /// Sweep a profile's number, e.g. archer.range=2,3,4,5; several make a grid.
    #[arg(long = "set", value_name = "PROFILE.KEY=V1,V2,...")]
    pub sets: Vec<String>,
    /// Turns per battle at most (1 to 1,000); a battle still going then is a draw [default: 30].
    #[arg(long)]
    pub turns: Option<u32>,
    /// The built-in player policy: careful or simple [default: careful].
    #[arg(long, value_name = "POLICY")]
    pub player: Option<String>,
    /// How often the careful player errs: expert (never), average (0.1), novice (0.25), or a
    /// chance P from 0 to 1 per unit action [default: expert].
    #[arg(long, value_name = "SKILL")]
    pub skill: Option<String>,
    /// Print the report as JSON (the format --merge reads).
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Also write the report as CSV, one row per scenario and sweep value.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Also draw the player win rate against the (first) swept value as a PNG.
    #[arg(long, value_name = "FILE.png")]
    pub chart: Option<PathBuf>,
    /// Run only the I-th of N equal slices of the work (print it with --json, then --merge).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Add up the JSON reports of the slices of one run into the report of the whole run.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    pub merge: Vec<PathBuf>,
    /// Write the replays of chosen battles into DIR (with the scenario, map and data each
    /// plays on), named after scenario, sweep values and seed.
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
    /// Which battles --keep writes: loss, win, draw or all [default: loss].
    #[arg(long, value_name = "WHEN", requires = "keep")]
    pub keep_when: Option<String>,
    /// At most N replays per row, the lowest battle numbers first (1 to 1,000) [default: 20].
    #[arg(long, value_name = "N", requires = "keep")]
    pub keep_max: Option<usize>,
}

/// The arguments that decide the battles: equal in every slice of one run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct RunArgs {
    scenarios: Vec<String>,
    generate: u64,
    runs: u64,
    seed: u64,
    turns: u32,
    player: String,
    sets: Vec<Sweep>,
    /// A hash of every scenario, map and data text played.
    fingerprint: String,
    /// `--difficulty`: the level every scenario was played at (absent: as written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    difficulty: Option<String>,
    /// `--skill` of the careful player (absent: the expert).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    skill: Option<String>,
}

/// One row of the report as read back by `--merge` (the derived numbers are recomputed).
#[derive(Debug, Clone, Deserialize)]
struct CellIn {
    scenario: String,
    file: String,
    set: Vec<Setting>,
    tally: Tally,
}

/// A report file as read back by `--merge`.
#[derive(Debug, Clone, Deserialize)]
struct ReportIn {
    args: RunArgs,
    shard: Option<Slice>,
    cells: Vec<CellIn>,
}

/// A report: what was run, which slice, and one tally per row.
struct Report {
    args: RunArgs,
    shard: Option<Slice>,
    cells: Vec<CellIn>,
}

fn err(msg: String) -> Outcome {
    usage(format!("error: {msg}\n"))
}

pub(super) fn batch_cmd(mut a: BatchArgs, data_override: Option<PathBuf>, level: Option<&str>) -> Outcome {
    if let Err(e) = check_outputs(&a) {
        return err(e);
    }
    // A campaign file among the scenarios (`batch maps/*.toml` meets maps/campaign.toml) is
    // left out with a note: its chapters are scenarios of their own.
    let mut notes = String::new();
    a.scenarios.retain(|p| {
        let campaign = crate::load::campaign::is_campaign(p);
        if campaign {
            notes += &format!(
                "note: {} is a campaign, not a scenario: left out (its chapters are scenarios of their own)\n",
                display_path(p)
            );
        }
        !campaign
    });
    let report = if a.merge.is_empty() {
        run_cmd(&a, data_override, level)
    } else {
        merge_cmd(&a)
    };
    let outcome = match report {
        Ok(r) => output(&a, &r),
        Err(e) => err(e),
    };
    match outcome {
        Outcome::Done { code, stdout, stderr } => Outcome::Done {
            code,
            stdout,
            stderr: notes + &stderr,
        },
        other => other,
    }
}

/// Every file the command will write, tried before the first battle: a temporary file is
/// made beside each (then removed), so a mistyped folder fails at once, not after hours of
/// battles. The real writes are still atomic (temporary file, then rename).
fn check_outputs(a: &BatchArgs) -> Result<(), String> {
    if let Some(c) = &a.chart {
        if c.as_os_str().is_empty() {
            return Err("--chart needs a file name".into());
        }
        if !c.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")) {
            return Err(format!(
                "--chart {}: the chart is a PNG picture; give a file name ending in .png",
                display_path(c)
            ));
        }
    }
    if a.csv.as_ref().is_some_and(|c| c.as_os_str().is_empty()) {
        return Err("--csv needs a file name".into());
    }
    for (flag, path) in [("--csv", &a.csv), ("--chart", &a.chart)] {
        if let Some(p) = path {
            check_writable(p).map_err(|e| format!("{flag} {}: cannot write there: {e}", display_path(p)))?;
        }
    }
    if let Some(dir) = &a.keep {
        if dir.as_os_str().is_empty() {
            return Err("--keep needs a folder name".into());
        }
        if !a.merge.is_empty() {
            return Err("--merge adds up finished slices: --keep belongs to the runs that made them".into());
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--keep {}: cannot make the folder: {e}", display_path(dir)))?;
        check_writable(&dir.join("replay"))
            .map_err(|e| format!("--keep {}: cannot write in that folder: {e}", display_path(dir)))?;
    }
    Ok(())
}

/// Makes (then removes) a temporary file beside `path`, as a write of `path` would.
fn check_writable(path: &Path) -> std::io::Result<()> {
    if path.is_dir() {
        return Err(std::io::Error::other("it is a folder"));
    }
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(".{}.check", std::process::id()));
    let probe = path.with_file_name(name);
    std::fs::OpenOptions::new().write(true).create_new(true).open(&probe)?;
    std::fs::remove_file(&probe)
}

fn run_cmd(a: &BatchArgs, data_override: Option<PathBuf>, level: Option<&str>) -> Result<Report, String> {
    let runs = a.runs.unwrap_or(100);
    let seed = a.seed.unwrap_or(0);
    let turns = a.turns.unwrap_or(30);
    let generate = a.generate.unwrap_or(0);
    if runs == 0 {
        return Err("--runs 0: a batch needs at least one battle per row".into());
    }
    if runs > MAX_BATTLES {
        return Err(format!(
            "--runs {runs}: at most {} battles in one run (about ten years of one machine; see \"Robustness\" in the README)",
            thousands(MAX_BATTLES)
        ));
    }
    if turns == 0 {
        return Err("--turns 0: a battle needs at least one turn".into());
    }
    if turns > MAX_TURNS {
        return Err(format!(
            "--turns {turns}: at most {} turns per battle",
            thousands(MAX_TURNS as u64)
        ));
    }
    let keep = match &a.keep {
        None => None,
        Some(_) => {
            let when_name = a.keep_when.as_deref().unwrap_or("loss");
            let when = KeepWhen::parse(when_name)
                .ok_or_else(|| format!("--keep-when {when_name}: expected one of {}", KeepWhen::NAMES))?;
            let max = a.keep_max.unwrap_or(20);
            if max == 0 || max > MAX_KEEP {
                return Err(format!(
                    "--keep-max {max}: give 1 to {} replays per row",
                    thousands(MAX_KEEP as u64)
                ));
            }
            Some(Keep { when, max })
        }
    };
    if a.jobs == Some(0) {
        return Err("--jobs 0: give at least one thread (or leave --jobs out for one per core)".into());
    }
    let player_name = a.player.clone().unwrap_or_else(|| Policy::default().name().into());
    let policy = Policy::parse(&player_name)
        .ok_or_else(|| format!("--player {player_name}: unknown policy (known: {})", Policy::NAMES))?;
    let skill = parse_skill(a.skill.as_deref(), policy)?;
    let player = Player { policy, skill };
    let slice = a.shard.as_deref().map(Slice::parse).transpose()?;
    if a.scenarios.is_empty() && generate == 0 {
        return Err("batch needs a SCENARIO file, --generate K, or --merge FILE...".into());
    }
    let mut sweeps: Vec<Sweep> = Vec::new();
    for s in &a.sets {
        let sw = Sweep::parse(s)?;
        if sweeps.iter().any(|o| o.label() == sw.label()) {
            return Err(format!("--set {s}: {} is swept twice", sw.label()));
        }
        sweeps.push(sw);
    }
    // Refuse a run too large before loading or playing anything.
    let rows = sweeps
        .iter()
        .try_fold((a.scenarios.len() as u64).saturating_add(generate), |n, sw| {
            n.checked_mul(sw.values.len() as u64)
        })
        .unwrap_or(u64::MAX);
    if rows > MAX_ROWS {
        return Err(format!(
            "{} rows (scenarios × sweep values): at most {} in one run",
            if rows == u64::MAX {
                "too many".to_string()
            } else {
                thousands(rows)
            },
            thousands(MAX_ROWS)
        ));
    }
    if rows.saturating_mul(runs) > MAX_BATTLES {
        return Err(format!(
            "--runs {runs} × {rows} rows: at most {} battles in one run (about ten years of one machine; see \"Robustness\" in the README)",
            thousands(MAX_BATTLES)
        ));
    }
    // Load every scenario (reporting every broken file), then the generated ones.
    let mut scenarios = Vec::new();
    let mut errs = Diagnostics::default();
    let mut hash_parts: Vec<Vec<u8>> = Vec::new();
    // What --keep copies beside the replays: per scenario, its name, text and map.
    let mut origins: Vec<Origin> = Vec::new();
    for path in &a.scenarios {
        match load_scenario_at(path, data_override.clone(), level) {
            Ok((s, d, dir)) => {
                hash_parts.push(crate::io::replay::fingerprint(&s, &dir).into_bytes());
                origins.push(Origin::File(path.clone()));
                scenarios.push((display_path(path), s, d));
            }
            Err(e) => errs.extend(e),
        }
    }
    if !errs.is_empty() {
        return Err(dedup(errs).to_string());
    }
    if generate > 0 && level.is_some() {
        return Err("--difficulty picks a level of each scenario file; battlefields made by --generate have none (run them in a batch of their own)".into());
    }
    if generate > 0 {
        let dir = data_override
            .clone()
            .or_else(|| a.scenarios.first().map(|p| default_data_dir(p)))
            .unwrap_or_else(|| find_default("data"));
        let data = crate::load::data::load(&dir).map_err(|e| dedup(e).to_string())?;
        for j in 0..generate {
            let gseed = seed.wrapping_add(j);
            let name = format!("gen-{gseed}.txt");
            let g = crate::io::generate::generate(&data.terrain, gseed, 48, 32, &name)
                .map_err(|e| format!("--generate: {}", e.0))?;
            let src = Source::new(format!("generated:{gseed}"), g.scenario_text);
            let map = Source::new(format!("generated:{gseed}:{name}"), g.map_text);
            let s = crate::load::scenario::parse_in_memory(&src, &map, &data).map_err(|e| dedup(e).to_string())?;
            hash_parts.push(crate::io::replay::fingerprint(&s, &dir).into_bytes());
            origins.push(Origin::Generated {
                name: format!("gen-{gseed}"),
                scenario: src.text.clone(),
                map_name: name,
                map: map.text.clone(),
            });
            scenarios.push((format!("generated:{gseed}"), s, data.clone()));
        }
    }
    let cells = batch::cells(&scenarios, &sweeps)?;
    let parts: Vec<&[u8]> = hash_parts.iter().map(Vec::as_slice).collect();
    let args = RunArgs {
        scenarios: a.scenarios.iter().map(|p| display_path(p)).collect(),
        generate,
        runs,
        seed,
        turns,
        player: policy.name().into(),
        sets: sweeps,
        fingerprint: format!("{:016x}", crate::load::scenario::fnv1a(&parts)),
        difficulty: level.map(str::to_string),
        skill: (!skill.is_expert()).then(|| skill.name()),
    };
    let whole = slice.unwrap_or(Slice::WHOLE);
    let items = whole.items(cells.len() as u64 * runs);
    if !a.long {
        refuse_if_too_long(&cells, items.end - items.start, turns, policy, seed, a.jobs)?;
    }
    let bar = progress_bar(items.end - items.start);
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let counted = batch::run(
        &cells,
        runs,
        seed,
        turns,
        player,
        whole,
        a.jobs.unwrap_or(0),
        keep,
        &tick,
    );
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let counted = counted?;
    if let Some(dir) = &a.keep {
        let per_scenario = cells.len() / scenarios.len().max(1);
        keep_replays(dir, &cells, &counted, &origins, per_scenario, seed, turns, player)?;
    }
    let tallies = counted.into_iter().map(|c| c.tally);
    Ok(Report {
        args,
        shard: slice,
        cells: cells
            .iter()
            .zip(tallies)
            .map(|(c, tally): (&Cell, Tally)| CellIn {
                scenario: c.scenario.clone(),
                file: c.file.clone(),
                set: c.settings.clone(),
                tally,
            })
            .collect(),
    })
}

/// Runs longer than this (estimated) are refused without `--long`.
pub const MAX_ESTIMATE_SECS: f64 = 7.0 * 24.0 * 3600.0;

/// Below this many battles a run is never timed beforehand (it cannot take a week).
const TIMED_FROM: u64 = 1_000_000;

/// Refuses a run whose estimated time is longer than [`MAX_ESTIMATE_SECS`]: a few of its
/// battles are played first (at most about a second's worth) and their time multiplied out
/// over `battles` and the threads. The output of a run that starts does not depend on it.
fn refuse_if_too_long(
    cells: &[batch::Cell],
    battles: u64,
    turns: u32,
    policy: Policy,
    seed: u64,
    jobs: Option<usize>,
) -> Result<(), String> {
    if battles < TIMED_FROM || cells.is_empty() {
        return Ok(());
    }
    let start = std::time::Instant::now();
    let mut played = 0u64;
    while played < 50 && (played < 3 || start.elapsed().as_secs_f64() < 1.0) {
        let cell = &cells[played as usize % cells.len()];
        batch::fight(cell, turns, policy, batch::battle_seed(seed, played)).map_err(|e| e.to_string())?;
        played += 1;
    }
    let per_battle = start.elapsed().as_secs_f64() / played as f64;
    let threads = jobs.unwrap_or_else(rayon::current_num_threads).max(1) as f64;
    let secs = per_battle * battles as f64 / threads;
    if secs <= MAX_ESTIMATE_SECS {
        return Ok(());
    }
    Err(format!(
        "{} battles would take about {} on {} thread{} here ({:.1} ms a battle, measured on {played}): refused before starting; give fewer --runs or rows, split the run with --shard, or add --long to start it anyway",
        thousands(battles),
        human_duration(secs),
        threads,
        if threads == 1.0 { "" } else { "s" },
        per_battle * 1000.0
    ))
}

/// "3.2 days", "4.1 years": a long duration in the largest unit that fits.
fn human_duration(secs: f64) -> String {
    let units = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
    ];
    for (size, name) in units {
        if secs >= size {
            return format!("{:.1} {name}", secs / size);
        }
    }
    format!("{secs:.0} seconds")
}

/// A progress bar on stderr, only when stderr is a terminal (never in pipes, files or tests).
fn progress_bar(len: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::with_draw_target(Some(len), indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40.cyan/blue} {done}/{total} battles  {rate}  eta {eta}")
    {
        let style = style
            .with_key("done", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&thousands(s.pos()));
            })
            .with_key("total", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&thousands(s.len().unwrap_or(0)));
            })
            .with_key("rate", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(s.per_sec()));
            });
        bar.set_style(style);
    }
    Some(bar)
}

/// A whole number as a person writes it: `1,000,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A speed as a person writes it: `5,385/s` (whole battles a second; `0.4/s` below one).
pub fn rate(per_sec: f64) -> String {
    if !per_sec.is_finite() || per_sec < 0.0 {
        "-/s".into()
    } else if per_sec < 1.0 {
        format!("{per_sec:.1}/s")
    } else {
        format!("{}/s", thousands(per_sec.round() as u64))
    }
}

fn output(a: &BatchArgs, r: &Report) -> Outcome {
    let stdout = if a.json { report_json(r) } else { report_text(r) };
    if let Some(path) = &a.csv
        && let Err(e) = write_atomic(path, report_csv(r).as_bytes())
    {
        return err(format!("cannot write {}: {e}", display_path(path)));
    }
    if let Some(path) = &a.chart {
        let (x, series) = chart_series(r);
        let title = format!(
            "player win rate, {} battles per point, {} player",
            r.args.runs, r.args.player
        );
        let png = match chart::render(&title, &x, &series) {
            Ok(p) => p,
            Err(e) => return err(e),
        };
        if let Err(e) = write_atomic(path, &png) {
            return err(format!("cannot write {}: {e}", display_path(path)));
        }
    }
    ok(stdout)
}

/// `--skill` for `policy`: the expert when not given; refused for the simple policy (it has
/// no next-best options to slip to).
pub(super) fn parse_skill(text: Option<&str>, policy: Policy) -> Result<Skill, String> {
    let Some(text) = text else {
        return Ok(Skill::EXPERT);
    };
    let skill = Skill::parse(text).ok_or_else(|| format!("--skill {text}: expected {}", Skill::NAMES))?;
    if policy != Policy::Careful && !skill.is_expert() {
        return Err(format!(
            "--skill {text}: only the careful player errs by skill; --player {} has no next-best options",
            policy.name()
        ));
    }
    Ok(skill)
}

/// A rate as the reports print it: `81.4%`.
pub(super) fn pct_of(x: f64) -> String {
    pct(x)
}

/// A rate rounded as the JSON reports write it (4 decimals).
pub(super) fn round4(x: f64) -> f64 {
    r4(x)
}

/// Rows laid out as a table, numbers right-aligned.
pub(super) fn table(rows: &[Vec<String>]) -> String {
    table_with_text_column(rows, usize::MAX)
}
