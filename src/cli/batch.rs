//! `skirmish batch`: balance runs. Thousands of headless battles per scenario and per swept
//! profile value, as a table (or JSON, or CSV) and a chart; `--shard I/N` runs one slice of
//! the work and `--merge` adds slices back into the report of the whole run.

use super::*;
use crate::ai::player::Policy;
use crate::io::chart;
use crate::io::files::write_atomic;
use crate::play::batch::{self, Cell, Keep, KeepWhen, Setting, Slice, Sweep, Tally};
use serde::{Deserialize, Serialize};
use std::io::IsTerminal;

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

pub(super) fn batch_cmd(a: BatchArgs, data_override: Option<PathBuf>) -> Outcome {
    if let Err(e) = check_outputs(&a) {
        return err(e);
    }
    let report = if a.merge.is_empty() {
        run_cmd(&a, data_override)
    } else {
        merge_cmd(&a)
    };
    match report {
        Ok(r) => output(&a, &r),
        Err(e) => err(e),
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

fn run_cmd(a: &BatchArgs, data_override: Option<PathBuf>) -> Result<Report, String> {
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
        match load_scenario(path, data_override.clone()) {
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
    };
    let whole = slice.unwrap_or(Slice::WHOLE);
    let items = whole.items(cells.len() as u64 * runs);
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
        policy,
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
        keep_replays(dir, &cells, &counted, &origins, per_scenario, seed, turns, policy)?;
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

/// Where a scenario of the run came from, for the copies `--keep` writes beside its replays.
enum Origin {
    /// A scenario file.
    File(PathBuf),
    /// A battlefield made by `--generate`.
    Generated {
        name: String,
        scenario: String,
        map_name: String,
        map: String,
    },
}

/// A scenario's files as `--keep` copies them.
struct Texts {
    /// The file name without `.toml`.
    stem: String,
    /// The scenario, naming its map by file name only.
    scenario: String,
    /// The map's file name.
    map_name: String,
    /// The map.
    map: String,
    /// A Tiled map's tilesets, by their path relative to the map, with their bytes.
    tilesets: Vec<(PathBuf, Vec<u8>)>,
}

impl Origin {
    /// The name its kept files start with: the file name without `.toml`, or `gen-SEED`.
    fn stem(&self) -> String {
        match self {
            Origin::Generated { name, .. } => name.clone(),
            Origin::File(path) => path
                .file_stem()
                .map_or("scenario".into(), |s| s.to_string_lossy().into_owned()),
        }
    }

    fn texts(&self) -> Result<Texts, String> {
        match self {
            Origin::Generated {
                name,
                scenario,
                map_name,
                map,
            } => Ok(Texts {
                stem: name.clone(),
                scenario: scenario.clone(),
                map_name: map_name.clone(),
                map: map.clone(),
                tilesets: Vec::new(),
            }),
            Origin::File(path) => {
                let name = display_path(path);
                let src = Source::read(path).map_err(|d| d.to_string())?;
                let mut table: toml::Table =
                    toml::from_str(&src.text).map_err(|e| format!("--keep: {name}: cannot copy it: {e}"))?;
                let map_rel = table
                    .get("map")
                    .and_then(|m| m.as_str())
                    .ok_or_else(|| format!("--keep: {name} names no map file to copy"))?
                    .to_string();
                let map_path = path.parent().unwrap_or(Path::new("")).join(&map_rel);
                let map_name = Path::new(&map_rel)
                    .file_name()
                    .map(|n| file_safe(&n.to_string_lossy()))
                    .unwrap_or_else(|| "map.txt".into());
                let map = Source::read(&map_path).map_err(|d| d.to_string())?.text;
                // A Tiled map's tilesets go along, where the map looks for them.
                let mut tilesets = Vec::new();
                if crate::load::tiled::is_tmx(&map_path) {
                    let map_dir = map_path.parent().unwrap_or(Path::new(""));
                    for f in crate::load::tiled::tileset_files(&map_path) {
                        let rel = f
                            .strip_prefix(map_dir)
                            .ok()
                            .filter(|r| r.components().all(|c| matches!(c, std::path::Component::Normal(_))))
                            .ok_or_else(|| {
                                format!(
                                    "--keep: {name}: cannot copy the tileset {} (only tilesets in the map's folder or below are copied)",
                                    display_path(&f)
                                )
                            })?;
                        let bytes = crate::load::diag::read_bytes(&f).map_err(|d| d.to_string())?;
                        tilesets.push((rel.to_path_buf(), bytes));
                    }
                }
                table.insert("map".into(), toml::Value::String(map_name.clone()));
                let scenario = toml::to_string(&table).map_err(|e| format!("--keep: {name}: cannot copy it: {e}"))?;
                Ok(Texts {
                    stem: self.stem(),
                    scenario,
                    map_name,
                    map,
                    tilesets,
                })
            }
        }
    }
}

/// `name` with every character but letters, digits and `.`, `_`, `=`, `-` made `_`.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._=-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Writes the replays `--keep` chose, each with the scenario, map and data it plays on (the
/// swept values written into that copy's `profiles.toml`) under `DIR/files/ROW/`, so that
/// `skirmish replay DIR/ROW-seed-S.replay` plays the battle the batch counted. Every kept
/// battle is played again on the copies and must end as counted.
#[expect(clippy::too_many_arguments, reason = "the run's settings, as batch::run takes them")]
fn keep_replays(
    dir: &Path,
    cells: &[Cell],
    counted: &[batch::Counted],
    origins: &[Origin],
    per_scenario: usize,
    seed: u64,
    turns: u32,
    policy: Policy,
) -> Result<(), String> {
    let cannot = |p: &Path, e: std::io::Error| format!("--keep: cannot write {}: {e}", display_path(p));
    // Names for every scenario of the run (two files named alike get -2, -3, ...), so that
    // a name does not depend on which scenarios kept battles in this slice.
    let mut stems: Vec<String> = Vec::new();
    for origin in origins {
        let base = file_safe(&origin.stem());
        let mut stem = base.clone();
        let mut n = 1;
        while stems.contains(&stem) {
            n += 1;
            stem = format!("{base}-{n}");
        }
        stems.push(stem);
    }
    for (i, origin) in origins.iter().enumerate() {
        let at = i * per_scenario..(i + 1) * per_scenario;
        if counted[at.clone()].iter().all(|c| c.kept.is_empty()) {
            continue;
        }
        let texts = origin.texts()?;
        let base = file_safe(&texts.stem);
        let stem = stems[i].clone();
        for (cell, c) in cells[at.clone()].iter().zip(&counted[at]) {
            if c.kept.is_empty() {
                continue;
            }
            let mut row = stem.clone();
            for s in &cell.settings {
                row.push_str(&format!("-{}={}", s.param, s.value));
            }
            let row = file_safe(&row);
            let files = dir.join("files").join(&row);
            let (maps, data) = (files.join("maps"), files.join("data"));
            for d in [&maps, &data] {
                std::fs::create_dir_all(d).map_err(|e| cannot(d, e))?;
            }
            let scenario_file = format!("{base}.toml");
            let mut writes: Vec<(PathBuf, Vec<u8>)> = vec![
                (maps.join(&scenario_file), texts.scenario.clone().into_bytes()),
                (maps.join(&texts.map_name), texts.map.clone().into_bytes()),
                (
                    data.join("profiles.toml"),
                    batch::profiles_toml(&cell.data.profiles).into_bytes(),
                ),
            ];
            for (rel, bytes) in &texts.tilesets {
                let to = maps.join(rel);
                if let Some(d) = to.parent() {
                    std::fs::create_dir_all(d).map_err(|e| cannot(d, e))?;
                }
                writes.push((to, bytes.clone()));
            }
            for f in ["terrain.toml", "units.toml"] {
                let from = cell.data.dir.join(f);
                if from.is_file() {
                    writes.push((
                        data.join(f),
                        Source::read(&from).map_err(|d| d.to_string())?.text.into_bytes(),
                    ));
                }
            }
            for (p, bytes) in &writes {
                write_atomic(p, bytes).map_err(|e| cannot(p, e))?;
            }
            let copied = maps.join(&scenario_file);
            let (scenario, data_set, _) = load_scenario(&copied, None)
                .map_err(|e| format!("--keep: the copy of {} does not load: {}", cell.file, dedup(e)))?;
            let copy = Cell {
                battle_scenario: scenario.clone(),
                data: data_set,
                ..cell.clone()
            };
            for &k in &c.kept {
                let bseed = batch::battle_seed(seed, k);
                let refused = |e| {
                    format!(
                        "{}: battle {k} (seed {bseed}): the rules refused a command: {e}",
                        cell.file
                    )
                };
                let counted_as = batch::fight(cell, turns, policy, bseed).map_err(refused)?;
                let (again, battle) = batch::fight_battle(&copy, turns, policy, bseed).map_err(refused)?;
                if again != counted_as {
                    return Err(format!(
                        "--keep: battle {k} (seed {bseed}) of {} ends otherwise on the copied files in {}",
                        cell.file,
                        display_path(&files)
                    ));
                }
                let mut r = crate::io::replay::record(&battle, &scenario, &copy.data);
                r.scenario = format!("files/{row}/maps/{scenario_file}");
                crate::io::replay::write(&dir.join(format!("{row}-seed-{bseed}.replay")), &r)
                    .map_err(|d| d.to_string())?;
            }
        }
    }
    Ok(())
}

fn merge_cmd(a: &BatchArgs) -> Result<Report, String> {
    let run_options = [
        (!a.scenarios.is_empty(), "SCENARIO"),
        (a.runs.is_some(), "--runs"),
        (a.seed.is_some(), "--seed"),
        (a.generate.is_some(), "--generate"),
        (!a.sets.is_empty(), "--set"),
        (a.turns.is_some(), "--turns"),
        (a.player.is_some(), "--player"),
        (a.shard.is_some(), "--shard"),
        (a.jobs.is_some(), "--jobs"),
        (a.keep.is_some(), "--keep"),
    ];
    if let Some((_, what)) = run_options.iter().find(|(given, _)| *given) {
        return Err(format!(
            "--merge adds up finished slices: {what} belongs to the runs that made them (keep --json, --csv, --chart)"
        ));
    }
    let mut files: Vec<(String, ReportIn)> = Vec::new();
    for path in &a.merge {
        let r = read_slice(path)?;
        files.push((display_path(path), r));
    }
    let (first_name, first) = &files[0];
    let count = first.shard.unwrap_or(Slice::WHOLE).count;
    let mut seen: Vec<Option<String>> = vec![None; count as usize];
    for (name, r) in &files {
        if r.args != first.args {
            return Err(format!(
                "{name}: not a slice of the same run as {first_name} (other scenarios, files, --runs, --seed, --turns, --player, --generate or --set)"
            ));
        }
        let s = r.shard.unwrap_or(Slice::WHOLE);
        if s.count != count {
            return Err(format!(
                "{name}: slice {}/{} does not fit with {first_name}'s {}/{count}",
                s.index,
                s.count,
                first.shard.unwrap_or(Slice::WHOLE).index
            ));
        }
        let same_rows = r.cells.len() == first.cells.len()
            && r.cells
                .iter()
                .zip(&first.cells)
                .all(|(x, y)| x.scenario == y.scenario && x.file == y.file && x.set == y.set);
        let slot = &mut seen[(s.index - 1) as usize];
        if !same_rows {
            return Err(format!("{name}: its rows differ from {first_name}'s"));
        }
        if let Some(other) = slot {
            return Err(format!("{name}: slice {}/{count} is also in {other}", s.index));
        }
        *slot = Some(name.clone());
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{}/{count}", i + 1))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing slices: {} (give every slice of the run)",
            missing.join(", ")
        ));
    }
    let mut cells = first.cells.clone();
    for c in &mut cells {
        c.tally = Tally::default();
    }
    for (_, r) in &files {
        for (c, x) in cells.iter_mut().zip(&r.cells) {
            c.tally.add(&x.tally);
        }
    }
    Ok(Report {
        args: first.args.clone(),
        shard: None,
        cells,
    })
}

/// The checksum of a report's JSON body (everything but the `checksum` key, as printed):
/// FNV-1a, which catches an edit or damage, not a forger.
fn checksum(body: &Value) -> String {
    format!("{:016x}", crate::load::scenario::fnv1a(&[body.to_string().as_bytes()]))
}

/// Reads one slice for `--merge`: its checksum must match its body, and its tallies must
/// add up (every battle won, lost or drawn once; the turn counts to the battles; as many
/// battles per row as its part of the run holds), so a slice edited by hand is refused.
fn read_slice(path: &Path) -> Result<ReportIn, String> {
    let name = display_path(path);
    let src = Source::read(path).map_err(|d| d.to_string())?;
    if let Ok(v) = serde_json::from_str::<Value>(&src.text)
        && v.get("format").and_then(Value::as_str) == Some(FORMAT)
        && v.get("version").and_then(Value::as_u64) == Some(1)
    {
        return Err(format!(
            "{name}: a batch report of version 1, without the checksum this skirmish checks (version {VERSION}); run that slice again with this skirmish"
        ));
    }
    let mut v: Value =
        crate::io::files::parse_versioned_json(&src, FORMAT, VERSION, "batch report").map_err(|d| d.to_string())?;
    let said = v.as_object_mut().and_then(|o| o.remove("checksum"));
    match said.as_ref().and_then(Value::as_str) {
        None => return Err(format!("{name}: a batch report without its \"checksum\"")),
        Some(c) if c != checksum(&v) => {
            return Err(format!(
                "{name}: its checksum does not match its contents: the file was edited or damaged after batch wrote it (run that slice again)"
            ));
        }
        Some(_) => {}
    }
    let r: ReportIn = serde_json::from_value(v).map_err(|e| format!("{name}: damaged batch report file: {e}"))?;
    let bad = |why: String| Err(format!("{name}: the tallies do not add up: {why}"));
    let slice = r.shard.unwrap_or(Slice::WHOLE);
    if slice.index == 0 || slice.index > slice.count {
        return bad(format!("slice {}/{}", slice.index, slice.count));
    }
    if r.args.turns == 0 || r.args.turns > MAX_TURNS || r.args.runs == 0 || r.args.runs > MAX_BATTLES {
        return bad(format!(
            "--runs {} or --turns {} out of bounds",
            r.args.runs, r.args.turns
        ));
    }
    let Some(total) = (r.cells.len() as u64)
        .checked_mul(r.args.runs)
        .filter(|&t| t <= MAX_BATTLES)
    else {
        return bad(format!("{} rows of {} battles", r.cells.len(), r.args.runs));
    };
    let items = slice.items(total);
    for (i, c) in r.cells.iter().enumerate() {
        let t = &c.tally;
        let row = || {
            let set: Vec<String> = c.set.iter().map(|s| format!("{}={}", s.param, s.value)).collect();
            format!(
                "row {} ({}{}{})",
                i + 1,
                c.file,
                if set.is_empty() { "" } else { ", " },
                set.join(", ")
            )
        };
        let first = i as u64 * r.args.runs;
        let expected = items
            .end
            .min(first + r.args.runs)
            .saturating_sub(items.start.max(first));
        if t.battles != expected {
            return bad(format!(
                "{}: {} battles where its slice holds {expected}",
                row(),
                t.battles
            ));
        }
        let outcomes = [t.player_wins, t.enemy_wins, t.draws]
            .iter()
            .try_fold(0u64, |a, &b| a.checked_add(b));
        if outcomes != Some(t.battles) {
            return bad(format!(
                "{}: {} player wins + {} enemy wins + {} draws is not {} battles",
                row(),
                t.player_wins,
                t.enemy_wins,
                t.draws,
                t.battles
            ));
        }
        let mut counted = 0u64;
        let mut turns = 0u64;
        for (&turn, &n) in &t.turn_counts {
            if turn == 0 || turn > r.args.turns {
                return bad(format!(
                    "{}: a battle of {turn} turns (at most {})",
                    row(),
                    r.args.turns
                ));
            }
            counted = counted.saturating_add(n);
            turns = turns.saturating_add(n.saturating_mul(turn as u64));
        }
        if counted != t.battles || turns != t.turns_total {
            return bad(format!(
                "{}: the turn counts add up to {counted} battles and {turns} turns, not {} and {}",
                row(),
                t.battles,
                t.turns_total
            ));
        }
        if let Some((p, _)) = t.profiles.iter().find(|(_, p)| p.survived > p.units) {
            return bad(format!("{}: more {p} units survived than started", row()));
        }
    }
    Ok(r)
}

/// Rounds a rate or mean for reports (4 decimals), so files stay readable.
fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn cell_json(c: &CellIn) -> Value {
    let t = &c.tally;
    let (lo, hi) = t.win_interval();
    let (dlo, dhi) = batch::wilson(t.draws, t.battles);
    let n = t.battles.max(1) as f64;
    let profiles: Vec<Value> = t
        .profiles
        .iter()
        .map(|(name, p)| {
            json!({
                "profile": name,
                "units": p.units,
                "survival_rate": r4(if p.units == 0 { 0.0 } else { p.survived as f64 / p.units as f64 }),
                "damage_dealt_per_battle": r4(p.damage_dealt as f64 / n),
                "damage_taken_per_battle": r4(p.damage_taken as f64 / n),
            })
        })
        .collect();
    let mut v = json!({
        "scenario": c.scenario,
        "file": c.file,
        "set": c.set,
        "battles": t.battles,
        "player_wins": t.player_wins,
        "enemy_wins": t.enemy_wins,
        "draws": t.draws,
        "win_rate": r4(t.win_rate()),
        "win_rate_95": [r4(lo), r4(hi)],
        "draw_rate": r4(t.draws as f64 / n),
        "draw_rate_95": [r4(dlo), r4(dhi)],
        "turns_mean": r4(t.mean_turns()),
        "turns_median": t.median_turns(),
        "player_units_lost_per_battle": r4(t.player_units_lost as f64 / n),
        "profiles": profiles,
        "tally": t,
    });
    if !t.objectives.is_empty() {
        // Only for scenarios with objectives: other reports keep their bytes.
        v["objectives"] = json!(t.objectives);
    }
    v
}

fn report_json(r: &Report) -> String {
    let mut v = json!({
        "format": FORMAT,
        "version": VERSION,
        "args": r.args,
        "cells": r.cells.iter().map(cell_json).collect::<Vec<_>>(),
    });
    if let Some(s) = r.shard {
        v["shard"] = json!(s);
    }
    v["checksum"] = json!(checksum(&v));
    format!("{v}\n")
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn report_text(r: &Report) -> String {
    let a = &r.args;
    let mut out = String::new();
    if let Some(s) = r.shard {
        out.push_str(&format!(
            "slice {}/{} of the run (add the slices up with --merge)\n\n",
            s.index, s.count
        ));
    }
    let params: Vec<String> = a.sets.iter().map(Sweep::label).collect();
    let mut k = 0;
    while k < r.cells.len() {
        let file = &r.cells[k].file;
        let rows: Vec<&CellIn> = r.cells[k..].iter().take_while(|c| &c.file == file).collect();
        k += rows.len();
        let c0 = rows[0];
        out.push_str(&format!(
            "{} ({}): {} battles per row, {} player, at most {} turns, seed {}\n",
            c0.scenario, c0.file, a.runs, a.player, a.turns, a.seed
        ));
        let mut head: Vec<String> = params.clone();
        head.extend(
            [
                "battles",
                "player wins",
                "95% interval",
                "draws",
                "turns mean",
                "median",
                "units lost",
            ]
            .map(String::from),
        );
        let mut main = vec![head];
        for c in &rows {
            let t = &c.tally;
            let (lo, hi) = t.win_interval();
            let n = t.battles.max(1) as f64;
            let mut row: Vec<String> = c.set.iter().map(|s| s.value.to_string()).collect();
            row.extend([
                t.battles.to_string(),
                pct(t.win_rate()),
                format!("{:.1}–{:.1}%", lo * 100.0, hi * 100.0),
                pct(t.draws as f64 / n),
                format!("{:.2}", t.mean_turns()),
                format!("{}", t.median_turns()),
                format!("{:.2}", t.player_units_lost as f64 / n),
            ]);
            main.push(row);
        }
        out.push_str(&table_with_text_column(&main, usize::MAX));
        for c in rows.iter().filter(|c| !c.tally.objectives.is_empty()) {
            let n = c.tally.battles.max(1) as f64;
            let parts: Vec<String> = c
                .tally
                .objectives
                .iter()
                .map(|(k, v)| format!("{k} {}", pct(*v as f64 / n)))
                .collect();
            let set: Vec<String> = c.set.iter().map(|s| format!("{}={}", s.param, s.value)).collect();
            let row = if set.is_empty() {
                String::new()
            } else {
                format!(" ({})", set.join(", "))
            };
            out.push_str(&format!("decided by the objective{row}: {}\n", parts.join(", ")));
        }
        out.push_str(
            "per enemy profile, per battle: damage dealt to the player, damage taken, how often its units survived\n",
        );
        let mut head: Vec<String> = params.clone();
        head.extend(["profile", "units", "dealt", "taken", "survived"].map(String::from));
        let mut prof = vec![head];
        for c in &rows {
            let n = c.tally.battles.max(1) as f64;
            for (name, p) in &c.tally.profiles {
                let mut row: Vec<String> = c.set.iter().map(|s| s.value.to_string()).collect();
                row.extend([
                    name.clone(),
                    p.units.to_string(),
                    format!("{:.2}", p.damage_dealt as f64 / n),
                    format!("{:.2}", p.damage_taken as f64 / n),
                    pct(if p.units == 0 {
                        0.0
                    } else {
                        p.survived as f64 / p.units as f64
                    }),
                ]);
                prof.push(row);
            }
        }
        out.push_str(&table_with_text_column(&prof, params.len()));
        if k < r.cells.len() {
            out.push('\n');
        }
    }
    out
}

/// Lays out rows as columns: column `text` left-aligned, the others (numbers) right-aligned.
fn table_with_text_column(rows: &[Vec<String>], text: usize) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, s)| {
                if c == text {
                    format!("{s:<w$}", w = width[c])
                } else {
                    format!("{s:>w$}", w = width[c])
                }
            })
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn report_csv(r: &Report) -> String {
    let profiles: std::collections::BTreeSet<&String> = r.cells.iter().flat_map(|c| c.tally.profiles.keys()).collect();
    let mut head: Vec<String> = vec!["scenario".into(), "file".into()];
    head.extend(r.args.sets.iter().map(Sweep::label));
    head.extend(
        [
            "battles",
            "player_wins",
            "enemy_wins",
            "draws",
            "win_rate",
            "win_rate_low95",
            "win_rate_high95",
            "turns_mean",
            "turns_median",
            "player_units_lost_per_battle",
        ]
        .map(String::from),
    );
    for p in &profiles {
        for what in [
            "units",
            "survival_rate",
            "damage_dealt_per_battle",
            "damage_taken_per_battle",
        ] {
            head.push(format!("{p}_{what}"));
        }
    }
    // Added after the columns of earlier versions, so that their positions stay.
    head.push("draw_rate".into());
    // The share of battles each objective decided (only when some battle was decided so).
    let objectives: std::collections::BTreeSet<&String> =
        r.cells.iter().flat_map(|c| c.tally.objectives.keys()).collect();
    head.extend(objectives.iter().map(|k| format!("{}_rate", k.replace(' ', "_"))));
    let mut out = head.iter().map(|h| csv_field(h)).collect::<Vec<_>>().join(",") + "\n";
    for c in &r.cells {
        let t = &c.tally;
        let n = t.battles.max(1) as f64;
        let (lo, hi) = t.win_interval();
        let mut row: Vec<String> = vec![c.scenario.clone(), c.file.clone()];
        row.extend(c.set.iter().map(|s| s.value.to_string()));
        row.extend([
            t.battles.to_string(),
            t.player_wins.to_string(),
            t.enemy_wins.to_string(),
            t.draws.to_string(),
            r4(t.win_rate()).to_string(),
            r4(lo).to_string(),
            r4(hi).to_string(),
            r4(t.mean_turns()).to_string(),
            t.median_turns().to_string(),
            r4(t.player_units_lost as f64 / n).to_string(),
        ]);
        for p in &profiles {
            match t.profiles.get(*p) {
                Some(x) => row.extend([
                    x.units.to_string(),
                    r4(if x.units == 0 {
                        0.0
                    } else {
                        x.survived as f64 / x.units as f64
                    })
                    .to_string(),
                    r4(x.damage_dealt as f64 / n).to_string(),
                    r4(x.damage_taken as f64 / n).to_string(),
                ]),
                None => row.extend([String::new(), String::new(), String::new(), String::new()]),
            }
        }
        row.push(r4(t.draws as f64 / n).to_string());
        for k in &objectives {
            row.push(r4(t.objectives.get(*k).copied().unwrap_or(0) as f64 / n).to_string());
        }
        out.push_str(&(row.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",") + "\n"));
    }
    out
}

/// The chart's lines: x is the first sweep's value; one line per scenario and per value
/// of the other sweeps. Without sweeps, x is the scenario's number in the run. A line's
/// legend says what differs between lines: the scenario (when there are several) and the
/// values of the other sweeps.
fn chart_series(r: &Report) -> (String, Vec<chart::Series>) {
    let mut series: Vec<chart::Series> = Vec::new();
    let draw = |x: f64, t: &Tally| (x, t.draws as f64 / t.battles.max(1) as f64);
    if r.args.sets.is_empty() {
        let points = r
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (lo, hi) = c.tally.win_interval();
                ((i + 1) as f64, c.tally.win_rate(), lo, hi)
            })
            .collect();
        let draws = r
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| draw((i + 1) as f64, &c.tally))
            .collect();
        let names: Vec<String> = r
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} {}", i + 1, c.scenario))
            .collect();
        series.push(chart::Series {
            label: names.join(", "),
            points,
            draws,
        });
        return ("scenario (in the order given)".into(), series);
    }
    // A scenario is named by its name, or by its file when two files share a name.
    let mut files: Vec<(&str, &str)> = r.cells.iter().map(|c| (c.file.as_str(), c.scenario.as_str())).collect();
    files.dedup();
    let shared = |name: &str| files.iter().filter(|(_, n)| *n == name).count() > 1;
    for c in &r.cells {
        let mut parts: Vec<String> = Vec::new();
        if files.len() > 1 || c.set.len() == 1 {
            parts.push(if shared(&c.scenario) {
                c.file.clone()
            } else {
                c.scenario.clone()
            });
        }
        parts.extend(c.set[1..].iter().map(|s| format!("{}={}", s.param, s.value)));
        let label = parts.join(", ");
        let (lo, hi) = c.tally.win_interval();
        let x = c.set[0].value as f64;
        let p = (x, c.tally.win_rate(), lo, hi);
        match series.iter_mut().find(|s| s.label == label) {
            Some(s) => {
                s.points.push(p);
                s.draws.push(draw(x, &c.tally));
            }
            None => series.push(chart::Series {
                label,
                points: vec![p],
                draws: vec![draw(x, &c.tally)],
            }),
        }
    }
    (r.args.sets[0].label(), series)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_and_counts_read_as_a_person_writes_them() {
        assert_eq!(rate(5_384.842_1), "5,385/s");
        assert_eq!(rate(999.4), "999/s");
        assert_eq!(rate(0.25), "0.2/s");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(12), "12");
    }

    fn cell(file: &str, scenario: &str, set: &[(&str, i64)]) -> CellIn {
        CellIn {
            scenario: scenario.into(),
            file: file.into(),
            set: set
                .iter()
                .map(|&(p, v)| Setting {
                    param: p.into(),
                    value: v,
                })
                .collect(),
            tally: Tally {
                battles: 1,
                draws: 1,
                ..Tally::default()
            },
        }
    }

    fn report(cells: Vec<CellIn>, sets: &[&str]) -> Report {
        Report {
            args: RunArgs {
                scenarios: vec![],
                generate: 0,
                runs: 1,
                seed: 0,
                turns: 30,
                player: "careful".into(),
                sets: sets.iter().map(|s| Sweep::parse(s).unwrap()).collect(),
                fingerprint: String::new(),
            },
            shard: None,
            cells,
        }
    }

    #[test]
    fn legend_entries_name_what_differs_between_lines() {
        let long = "A scenario with a rather long name";
        let r = report(
            vec![
                cell("a.toml", long, &[("archer.range", 2), ("archer.sight", 8)]),
                cell("a.toml", long, &[("archer.range", 2), ("archer.sight", 10)]),
            ],
            &["archer.range=2", "archer.sight=8,10"],
        );
        let labels: Vec<String> = chart_series(&r).1.into_iter().map(|s| s.label).collect();
        assert_eq!(labels, ["archer.sight=8", "archer.sight=10"]);
        // Two scenarios of the same name: their files tell them apart.
        let r = report(
            vec![
                cell("a.toml", long, &[("archer.range", 2), ("archer.sight", 8)]),
                cell("b.toml", long, &[("archer.range", 2), ("archer.sight", 8)]),
            ],
            &["archer.range=2", "archer.sight=8"],
        );
        let labels: Vec<String> = chart_series(&r).1.into_iter().map(|s| s.label).collect();
        assert_eq!(labels, ["a.toml, archer.sight=8", "b.toml, archer.sight=8"]);
        // Draws are their own share on the chart.
        assert_eq!(chart_series(&r).1[0].draws, [(2.0, 1.0)]);
    }
}
