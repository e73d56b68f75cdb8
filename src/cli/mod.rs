//! The `skirmish` command line: `check`, `range`, `ai`, `simulate` (and `play`, which the
//! binary hands to the game). Every command builds its whole output before printing, so bad
//! input means a message on stderr, exit code 1 and nothing on stdout.

use crate::ai::{self, Decision};
use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source, display_path};
use crate::load::map::TerrainMap;
use crate::load::profiles::Profiles;
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

/// The scenario `skirmish` plays when given none.
pub const DEFAULT_SCENARIO: &str = "maps/sample.toml";

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
    /// The checked save to resume, filled in after validation.
    #[arg(skip)]
    pub save: Option<Box<crate::io::save::SaveFile>>,
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
            save: self.save.or(other.save),
        }
    }

    fn default_save_file() -> PathBuf {
        PathBuf::from("skirmish.save")
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
        /// Files to check: terrain.toml, profiles.toml, maps/*.txt or maps/*.toml.
        files: Vec<PathBuf>,
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
    },
    /// A whole battle without a window; player units follow a built-in policy.
    Simulate {
        /// Scenario file.
        scenario: PathBuf,
        /// Turns to play at most.
        #[arg(long, default_value_t = 30)]
        turns: u32,
        /// Seed of the player policy's tie-breaking.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
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
    },
}

fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected WIDTHxHEIGHT such as 64x48, found {s:?}");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    ))
}

#[derive(Args, Debug)]
struct RangeArgs {
    /// Scenario file (with --unit).
    scenario: Option<PathBuf>,
    /// The unit whose range to show.
    #[arg(long)]
    unit: Option<String>,
    /// A bare map file instead of a scenario.
    #[arg(long, conflicts_with = "scenario")]
    map: Option<PathBuf>,
    /// The mover's cell on the bare map, X,Y.
    #[arg(long, value_parser = parse_pos, requires = "map")]
    from: Option<Pos>,
    /// Movement points on the bare map.
    #[arg(long = "move", requires = "map")]
    movement: Option<u32>,
    /// Movement class on the bare map.
    #[arg(long, default_value = "foot", requires = "map")]
    class: String,
    /// A cell held by an enemy of the mover, X,Y (repeatable).
    #[arg(long, value_parser = parse_pos, requires = "map")]
    block: Vec<Pos>,
    /// A cell held by an ally of the mover, X,Y (repeatable).
    #[arg(long, value_parser = parse_pos, requires = "map")]
    ally: Vec<Pos>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

fn parse_pos(s: &str) -> Result<Pos, String> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("expected X,Y such as 20,20, found {s:?}"))?;
    let n = |v: &str| {
        v.trim()
            .parse::<i32>()
            .map_err(|_| format!("expected X,Y with whole numbers, found {s:?}"))
    };
    Ok(Pos::new(n(x)?, n(y)?))
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
        opts: PlayArgs,
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
            let scenario = match cli.play.resume.as_deref().map(crate::io::save::read) {
                Some(Ok(save)) => PathBuf::from(save.scenario),
                Some(Err(e)) => return fail(e.0.into()),
                None => find_default(DEFAULT_SCENARIO),
            };
            play(&scenario, data_override, cli.play)
        }
        // Window options may stand before or after `play FILE`.
        Some(Cmd::Play { file, opts }) => play(&file, data_override, opts.or(cli.play)),
        Some(Cmd::Check { files }) => check(&files, data_override),
        Some(Cmd::Range(a)) => range(a, data_override),
        Some(Cmd::Ai { scenario, json }) => ai_cmd(&scenario, data_override, json),
        Some(Cmd::Simulate {
            scenario,
            turns,
            seed,
            json,
        }) => simulate_cmd(&scenario, data_override, turns, seed, json),
        Some(Cmd::Generate { seed, size, out }) => generate_cmd(seed, size, &out, data_override),
    }
}

/// `rel` in the current folder, or else in the source tree the binary was built from
/// (so `cargo run` and a copied binary both find the shipped scenario).
pub fn find_default(rel: &str) -> PathBuf {
    let here = PathBuf::from(rel);
    if here.exists() {
        return here;
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    if built.exists() { built } else { here }
}

/// Loads a scenario and the data it uses.
pub fn load_scenario(path: &Path, data_override: Option<PathBuf>) -> Result<(Scenario, DataSet, PathBuf), Diagnostics> {
    let data_dir = data_override.unwrap_or_else(|| default_data_dir(path));
    if !path.exists() {
        return Err(Diagnostic {
            path: display_path(path),
            line: 1,
            col: 1,
            message: "cannot read file: no such scenario".into(),
        }
        .into());
    }
    let data = DataSet::load(&data_dir)?;
    let scenario = Scenario::load(path, &data)?;
    Ok((scenario, data, data_dir))
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
            Outcome::Play {
                path: path.to_path_buf(),
                data_dir,
                scenario: Box::new(scenario),
                data: Box::new(data),
                opts,
            }
        }
        Err(e) => fail(e),
    }
}

fn list_dir(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn check(files: &[PathBuf], data_override: Option<PathBuf>) -> Outcome {
    let mut errs = Diagnostics::default();
    if files.is_empty() {
        let data_dir = data_override.clone().unwrap_or_else(|| find_default("data"));
        let maps_dir = find_default("maps");
        match DataSet::load(&data_dir) {
            Err(e) => errs.extend(e),
            Ok(data) => {
                for f in list_dir(&maps_dir, "txt") {
                    if let Err(e) = check_map(&f, &data.terrain) {
                        errs.extend(e);
                    }
                }
                for f in list_dir(&maps_dir, "toml") {
                    if let Err(e) = Scenario::load(&f, &data) {
                        errs.extend(e);
                    }
                }
            }
        }
    }
    for f in files {
        if let Err(e) = check_file(f, data_override.as_deref()) {
            errs.extend(e);
        }
    }
    if errs.is_empty() {
        // Exactly `ok`, as the contract says: scripts compare it.
        ok("ok\n".to_string())
    } else {
        fail(errs)
    }
}

fn check_map(f: &Path, terrain: &TerrainSet) -> Result<TerrainMap, Diagnostics> {
    let src = Source::read(f)?;
    TerrainMap::parse(&src, terrain)
}

fn data_dir_for(f: &Path, data_override: Option<&Path>) -> PathBuf {
    data_override
        .map(Path::to_path_buf)
        .unwrap_or_else(|| default_data_dir(f))
}

fn check_file(f: &Path, data_override: Option<&Path>) -> Result<(), Diagnostics> {
    let name = f
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = f
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name == "terrain.toml" {
        TerrainSet::parse(&Source::read(f)?).map(|_| ())
    } else if name == "profiles.toml" {
        Profiles::parse(&Source::read(f)?).map(|_| ())
    } else if ext == "txt" {
        let dir = data_override
            .map(Path::to_path_buf)
            .unwrap_or_else(|| f.parent().unwrap_or(Path::new("")).join("..").join("data"));
        let terrain = TerrainSet::parse(&Source::read(&dir.join("terrain.toml"))?)?;
        check_map(f, &terrain).map(|_| ())
    } else if ext == "toml" {
        let data = DataSet::load(&data_dir_for(f, data_override))?;
        Scenario::load(f, &data).map(|_| ())
    } else {
        Err(Diagnostic {
            path: display_path(f),
            line: 1,
            col: 1,
            message: "unknown kind of file: expected terrain.toml, profiles.toml, a map (.txt) or a scenario (.toml)"
                .into(),
        }
        .into())
    }
}

fn cells_json(reach: &Reach<'_>) -> Vec<Value> {
    let mut cells: Vec<(Pos, u32)> = reach.cells().collect();
    cells.sort_by_key(|&(p, c)| (c, p.y, p.x));
    cells
        .into_iter()
        .map(|(p, c)| json!({"at": [p.x, p.y], "cost": c, "path": reach.digits(p).unwrap_or_default()}))
        .collect()
}

fn arg_error(msg: &str) -> Outcome {
    usage(format!(
        "error: {msg}\n\nFor more information, try 'skirmish range --help'.\n"
    ))
}

fn range(a: RangeArgs, data_override: Option<PathBuf>) -> Outcome {
    if let Some(map_path) = &a.map {
        let (Some(from), Some(budget)) = (a.from, a.movement) else {
            return arg_error("--map needs --from X,Y and --move N");
        };
        let dir = data_override.unwrap_or_else(|| map_path.parent().unwrap_or(Path::new("")).join("..").join("data"));
        let loaded = Source::read(&dir.join("terrain.toml"))
            .map_err(Diagnostics::from)
            .and_then(|s| TerrainSet::parse(&s))
            .and_then(|t| check_map(map_path, &t).map(|m| (t, m)));
        let (terrain, map) = match loaded {
            Ok(v) => v,
            Err(e) => return fail(e),
        };
        let Some(class) = terrain.class(&a.class) else {
            return arg_error(&format!(
                "unknown movement class {:?} (known: {})",
                a.class,
                terrain.classes.join(", ")
            ));
        };
        let shown = display_path(map_path);
        for (flag, p) in std::iter::once(("--from", from))
            .chain(a.block.iter().map(|&p| ("--block", p)))
            .chain(a.ally.iter().map(|&p| ("--ally", p)))
        {
            if !map.contains(p) {
                return arg_error(&format!(
                    "{flag} {},{} is off the map {shown} ({}x{})",
                    p.x, p.y, map.width, map.height
                ));
            }
        }
        let mut occ = Occupancy::new(map.layout());
        occ.place(from, Team::Player);
        for &p in &a.ally {
            occ.place(p, Team::Player);
        }
        for &p in &a.block {
            occ.place(p, Team::Enemy);
        }
        let layer = map.cost_layer(&terrain, class);
        let mut finder = RangeFinder::new(layer.layout);
        let q = RangeQuery {
            origin: from,
            budget,
            team: Team::Player,
            leash: None,
        };
        let reach = finder.search(&layer, &occ, q);
        let title = format!("from {from} on {shown}, move {budget}, class {}", a.class);
        return ok(range_output(&reach, a.json, None, &title, &map, &terrain, &occ));
    }
    let Some(scenario_path) = a.scenario else {
        return arg_error("give a scenario and --unit NAME, or --map MAP.txt --from X,Y --move N");
    };
    let Some(unit) = a.unit else {
        return arg_error("a scenario needs --unit NAME");
    };
    let (scenario, data, _) = match load_scenario(&scenario_path, data_override) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let mut battle = Battle::new(&scenario, &data);
    let Some(id) = battle.find(&unit) else {
        let names: Vec<&str> = battle.units.iter().map(|u| u.name.as_str()).collect();
        return arg_error(&format!(
            "no unit named {unit:?} in {} (units: {})",
            scenario.path,
            names.join(", ")
        ));
    };
    let u = battle.unit(id).clone();
    let class = &data.terrain.classes[u.class.0 as usize];
    let title = format!("{} at {}, move {}, class {class}", u.name, u.pos, u.movement);
    let map = battle.map.clone();
    let occ = battle.occupancy().clone();
    let terrain = battle.terrain.clone();
    let reach = battle.reach(id, None);
    ok(range_output(
        &reach,
        a.json,
        Some(&u.name),
        &title,
        &map,
        &terrain,
        &occ,
    ))
}

fn range_output(
    reach: &Reach<'_>,
    as_json: bool,
    unit: Option<&str>,
    title: &str,
    map: &TerrainMap,
    terrain: &TerrainSet,
    occ: &Occupancy,
) -> String {
    // Both callers check the mover's cell first; an empty answer is still no panic.
    let Some(q) = reach.query() else {
        return "no range: the mover stands off the map\n".to_string();
    };
    if as_json {
        let mut v = json!({"origin": [q.origin.x, q.origin.y], "move": q.budget, "cells": cells_json(reach)});
        if let Some(u) = unit {
            v["unit"] = json!(u);
        }
        return format!("{v}\n");
    }
    let b = picture::bounds(map, reach, 1);
    format!(
        "{title}: {} cells (columns {}..{}, rows {}..{})\n{}legend: digits/letters = cost to end there (a=10 ... z=35, * more), a = ally, x = enemy, other glyphs = terrain\n",
        reach.len(),
        b.0,
        b.2 - 1,
        b.1,
        b.3 - 1,
        picture::draw(map, terrain, occ, q.team, reach, b)
    )
}

fn decision_line(d: &Decision) -> String {
    format!(
        "{} ({}) -> {}: {} -> {} path {}  | {}",
        d.unit,
        d.profile,
        d.target.as_deref().unwrap_or("-"),
        d.from,
        d.to,
        d.path,
        d.reason
    )
}

fn ai_cmd(path: &Path, data_override: Option<PathBuf>, as_json: bool) -> Outcome {
    let (scenario, data, _) = match load_scenario(path, data_override) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let mut battle = Battle::new(&scenario, &data);
    let decisions = ai::enemy_phase(&mut battle, &data.profiles);
    if as_json {
        ok(format!("{}\n", json!({"decisions": decisions})))
    } else {
        ok(decisions.iter().map(|d| decision_line(d) + "\n").collect())
    }
}

fn simulate_cmd(path: &Path, data_override: Option<PathBuf>, turns: u32, seed: u64, as_json: bool) -> Outcome {
    let (scenario, data, _) = match load_scenario(path, data_override) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let report = simulate::run(&scenario, &data, turns, seed);
    if as_json {
        ok(format!("{}\n", serde_json::to_string(&report).unwrap_or_default()))
    } else {
        let mut s = String::new();
        for t in &report.turns {
            s += &format!("turn {}\n", t.turn);
            for d in &t.decisions {
                s += &format!("  [{}] {}\n", d.team.name(), decision_line(d));
            }
            if !t.defeated.is_empty() {
                s += &format!("  defeated: {}\n", t.defeated.join(", "));
            }
        }
        s += &format!("result: {}\n", report.result);
        ok(s)
    }
}

/// Writes `text` to `path` through a temporary file and a rename, so a crash never leaves
/// a half-written file behind.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension(format!(
        "{}.tmp",
        path.extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default()
    ));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

fn generate_cmd(seed: u64, (w, h): (usize, usize), out: &Path, data_override: Option<PathBuf>) -> Outcome {
    use crate::io::generate::{MAX_SIDE, MIN_SIDE};
    if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
        return usage(format!(
            "error: size {w}x{h} is out of range: each side must be {MIN_SIDE}..={MAX_SIDE}\n"
        ));
    }
    let data_dir = data_override.unwrap_or_else(|| out.join("..").join("data"));
    let terrain = match Source::read(&data_dir.join("terrain.toml"))
        .map_err(Diagnostics::from)
        .and_then(|s| TerrainSet::parse(&s))
    {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let map_name = format!("gen-{seed}.txt");
    let g = match crate::io::generate::generate(&terrain, seed, w, h, &map_name) {
        Ok(g) => g,
        Err(e) => return usage(format!("error: {}\n", e.0)),
    };
    let map_path = out.join(&map_name);
    let scen_path = out.join(format!("gen-{seed}.toml"));
    if let Err(e) = std::fs::create_dir_all(out)
        .and_then(|_| write_atomic(&map_path, &g.map_text))
        .and_then(|_| write_atomic(&scen_path, &g.scenario_text))
    {
        return usage(format!("error: cannot write into {}: {e}\n", display_path(out)));
    }
    ok(format!(
        "wrote {} and {} ({} enemies, none closer than travel {} to the hero)\n",
        display_path(&map_path),
        display_path(&scen_path),
        g.enemies.len(),
        crate::io::generate::MIN_ENEMY_TRAVEL
    ))
}
