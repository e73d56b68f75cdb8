//! `skirmish tune`: the value of one or more numbers whose careful-player win rate is nearest
//! a target, searched one key at a time (see [`crate::play::tune`]); a line per value tried,
//! a verdict per key, `--json`, and `--write` into the files the numbers come from.

use super::*;
use crate::ai::player::{Player, Policy};
use crate::load::set::{Owner, SetKey};
use crate::play::tune::{self, Goal, Search, Verdict};

/// Arguments of `skirmish tune`.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// Scenario files (their win rates are averaged).
    #[arg(required = true)]
    pub scenarios: Vec<PathBuf>,
    /// The win rate to reach, such as 65% (or 0.65).
    #[arg(long)]
    pub target: String,
    /// A --set key with a whole-number range, such as archer.range=2..6 or unit:Brute.hp=10..30;
    /// several are searched one at a time, in the order given.
    #[arg(long = "vary", value_name = "KEY=LO..HI", required = true)]
    pub vary: Vec<String>,
    /// Close enough: the chosen value's 95% interval within target ± this many points [default: 3].
    #[arg(long, value_name = "POINTS")]
    pub within: Option<f64>,
    /// The built-in player policy: careful or simple [default: careful].
    #[arg(long, value_name = "POLICY")]
    pub player: Option<String>,
    /// How often the careful player errs: expert, average, novice or a chance P [default: expert].
    #[arg(long, value_name = "SKILL")]
    pub skill: Option<String>,
    /// Turns per battle at most (1 to 1,000) [default: 30].
    #[arg(long)]
    pub turns: Option<u32>,
    /// Seed of the run [default: 0].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Threads [default: one per core]; the output does not depend on it.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// At most this many battles in all [default: 1,000,000].
    #[arg(long, value_name = "N")]
    pub max_battles: Option<u64>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the chosen values into the files they come from (with --difficulty NAME: into
    /// the scenario's [difficulty.NAME] table), keeping comments and layout.
    #[arg(long)]
    pub write: bool,
}

/// Battles one value gets at most: enough for an interval of about ±1 point at any rate.
const MAX_PER_VALUE: u64 = 12_800;

/// One `--vary KEY=LO..HI`.
#[derive(Debug, Clone)]
struct Vary {
    key: SetKey,
    lo: i64,
    hi: i64,
}

fn parse_vary(arg: &str) -> Result<Vary, String> {
    let bad = |why: &str| {
        format!("--vary {arg}: {why} (expected KEY=LO..HI such as archer.range=2..6 or unit:Brute.hp=10..30)")
    };
    let (lhs, rhs) = arg.split_once('=').ok_or_else(|| bad("no '='"))?;
    let key = SetKey::parse(lhs).map_err(|e| bad(&e))?;
    let (lo, hi) = rhs.split_once("..").ok_or_else(|| bad("no '..' in the range"))?;
    let num = |s: &str| {
        s.trim()
            .parse::<i64>()
            .map_err(|_| bad(&format!("{:?} is not a whole number", s.trim())))
    };
    let (lo, hi) = (num(lo)?, num(hi.trim_start_matches('='))?);
    if lo > hi {
        return Err(bad(&format!("{lo}..{hi} is empty (write the lower end first)")));
    }
    if hi - lo > 100_000 {
        return Err(bad("a range of more than 100,000 values"));
    }
    Ok(Vary { key, lo, hi })
}

/// `65%`, `65` or `0.65` as a rate.
fn parse_target(s: &str) -> Result<f64, String> {
    let bad = || format!("--target {s}: expected a win rate such as 65% (0% to 100%)");
    let t = s.trim();
    let v = match t.strip_suffix('%') {
        Some(p) => p.trim().parse::<f64>().map_err(|_| bad())? / 100.0,
        None => {
            let x = t.parse::<f64>().map_err(|_| bad())?;
            if x > 1.0 { x / 100.0 } else { x }
        }
    };
    if !(0.0..=1.0).contains(&v) {
        return Err(bad());
    }
    Ok(v)
}

fn err(msg: String) -> Outcome {
    usage(format!("error: {msg}\n"))
}

pub(super) fn tune_cmd(a: TuneArgs, data_override: Option<PathBuf>, level: Option<&str>) -> Outcome {
    match run(&a, data_override, level) {
        Ok(o) => o,
        Err(e) => err(e),
    }
}

fn run(a: &TuneArgs, data_override: Option<PathBuf>, level: Option<&str>) -> Result<Outcome, String> {
    let target = parse_target(&a.target)?;
    let within = a.within.unwrap_or(3.0);
    if !(within > 0.0 && within <= 50.0) {
        return Err(format!("--within {within}: give 0 to 50 points (more than 0)"));
    }
    let turns = a.turns.unwrap_or(30);
    if turns == 0 || turns > MAX_TURNS {
        return Err(format!("--turns {turns}: give 1 to {MAX_TURNS} turns per battle"));
    }
    if a.jobs == Some(0) {
        return Err("--jobs 0: give at least one thread (or leave --jobs out for one per core)".into());
    }
    let max_battles = a.max_battles.unwrap_or(1_000_000);
    if max_battles == 0 || max_battles > batch::MAX_BATTLES {
        return Err(format!(
            "--max-battles {max_battles}: give 1 to {}",
            batch::thousands(batch::MAX_BATTLES)
        ));
    }
    let player_name = a.player.clone().unwrap_or_else(|| "careful".into());
    let policy = Policy::parse(&player_name)
        .ok_or_else(|| format!("--player {player_name}: unknown policy (known: {})", Policy::NAMES))?;
    let skill = batch::parse_skill(a.skill.as_deref(), policy)?;
    let player = Player { policy, skill };
    let mut varies = Vec::new();
    for v in &a.vary {
        let v = parse_vary(v)?;
        if varies.iter().any(|o: &Vary| o.key == v.key) {
            return Err(format!("--vary {}: that key is varied twice", v.key.label()));
        }
        varies.push(v);
    }
    if a.write && level.is_some() && a.scenarios.len() > 1 {
        // Fine: each scenario gets the values in its own table.
    }
    // Load every scenario (at the level, when given; a level a scenario lacks yet is the
    // scenario as written, and --write makes its table).
    let mut battles = Vec::new();
    let mut errs = Diagnostics::default();
    for path in &a.scenarios {
        let lacks = level
            .is_some_and(|l| crate::load::difficulty::levels(path).is_ok_and(|names| !names.iter().any(|n| n == l)));
        let at = if lacks && a.write { None } else { level };
        match load_scenario_at(path, data_override.clone(), at) {
            Ok((s, d, _)) => battles.push((s, d)),
            Err(e) => errs.extend(e),
        }
    }
    if !errs.is_empty() {
        return Err(dedup(errs).to_string());
    }
    // Every value of every key must be one the files accept: tried at both ends now, so a
    // mistyped key fails before any battle.
    for v in &varies {
        for (s, d) in &battles {
            for value in [v.lo, v.hi] {
                let (mut s2, mut d2) = (s.clone(), d.clone());
                crate::load::set::apply(&mut s2, &mut d2, &v.key, value)
                    .map_err(|e| format!("--vary {}={value}: {e} ({})", v.key.label(), s.path))?;
            }
        }
    }
    // Where each value would be written is found now, before any battle.
    if a.write {
        for v in &varies {
            for f in write_files(a, data_override.as_deref(), level, &v.key)? {
                crate::io::tune_write::check(&f, &v.key, level)?;
            }
        }
    }
    let goal = Goal {
        target,
        within: within / 100.0,
        player,
        turns,
        seed: a.seed.unwrap_or(0),
        jobs: a.jobs.unwrap_or(0),
        max_per_value: MAX_PER_VALUE,
        max_battles,
    };
    let bar = progress_bar();
    let tick = |n: u64| {
        if let Some(b) = &bar {
            b.inc(n);
        }
    };
    let mut played = 0;
    let mut searches: Vec<Search> = Vec::new();
    for v in &varies {
        if let Some(b) = &bar {
            b.set_message(v.key.label());
        }
        let current = battles
            .first()
            .and_then(|(sc, d)| crate::load::set::current(sc, d, &v.key));
        let s = tune::search(&battles, &v.key, v.lo, v.hi, current, &goal, &mut played, &tick);
        let s = match s {
            Ok(s) => s,
            Err(e) => {
                if let Some(b) = &bar {
                    b.finish_and_clear();
                }
                return Err(e);
            }
        };
        // The chosen value holds while the next key is searched.
        let chosen = s.verdict.chosen(&s.tried, target);
        for (sc, d) in &mut battles {
            crate::load::set::apply(sc, d, &v.key, chosen).map_err(|e| e.to_string())?;
        }
        searches.push(s);
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let mut stdout = if a.json {
        json_report(a, &goal, &battles, &searches, played)
    } else {
        text_report(a, &goal, &battles, &searches, played)
    };
    if a.write {
        // The table is printed even when a value cannot be written: a long run is not lost.
        let lines = match write_values(a, data_override.as_deref(), level, &goal, &searches) {
            Ok(lines) => lines,
            Err(e) => {
                return Ok(Outcome::Done {
                    code: 1,
                    stdout,
                    stderr: format!("error: {e}\n"),
                });
            }
        };
        if a.json {
            // The JSON says what was written as well.
            let mut v: Value = serde_json::from_str(&stdout).map_err(|e| e.to_string())?;
            v["written"] = json!(lines);
            stdout = format!("{v}\n");
        } else {
            stdout += "written:\n";
            for l in &lines {
                stdout += &format!("  {l}\n");
            }
        }
    }
    Ok(ok(stdout))
}

/// A progress bar on stderr when it is a terminal: battles played and their speed.
fn progress_bar() -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} tuning {msg}: {pos} battles  {per_sec}") {
        bar.set_style(style);
    }
    Some(bar)
}

fn verdict_text(s: &Search, goal: &Goal) -> String {
    let rate = |v: i64| {
        s.tried
            .iter()
            .find(|t| t.value == v)
            .map_or("?".into(), |t| batch::pct_of(t.rate()))
    };
    let key = s.key.label();
    let target = batch::pct_of(goal.target);
    let within = goal.within * 100.0;
    match s.verdict {
        Verdict::Reached { value } => {
            let t = s.tried.iter().find(|t| t.value == value);
            let (lo, hi) = t.map_or((0.0, 1.0), |t| t.interval());
            format!(
                "reached: {key} = {value} wins {} (95% interval {:.1}–{:.1}%), within {target} ± {within}",
                rate(value),
                lo * 100.0,
                hi * 100.0
            )
        }
        Verdict::KnifeEdge { above, below } => {
            let jump = s
                .tried
                .iter()
                .find(|t| t.value == above)
                .zip(s.tried.iter().find(|t| t.value == below))
                .map_or(0.0, |(a, b)| (a.rate() - b.rate()).abs() * 100.0);
            format!(
                "knife-edge: {target} falls between {key} = {above} ({}) and {below} ({}): one step moves the win rate {jump:.1} points; no value is within ± {within}",
                rate(above),
                rate(below)
            )
        }
        Verdict::OutOfRange { above, nearest } => {
            let end = if nearest == s.hi { "above" } else { "below" };
            let flat = s
                .tried
                .first()
                .zip(s.tried.last())
                .is_some_and(|(a, b)| a.rate() == b.rate());
            format!(
                "out of range: every value of {key} from {} to {} wins {} than {target} (nearest: {nearest} with {}); widen the range {end} {nearest}{}",
                s.lo,
                s.hi,
                if above { "more" } else { "less" },
                rate(nearest),
                if flat {
                    " (both ends win alike: the other way may be the one)"
                } else {
                    ""
                }
            )
        }
        Verdict::Nearest { value } => format!(
            "nearest: {key} = {value} wins {}: not shown within {target} ± {within} before --max-battles ran out (give more)",
            rate(value)
        ),
    }
}

fn text_report(a: &TuneArgs, goal: &Goal, battles: &tune::Battles, searches: &[Search], played: u64) -> String {
    let names: Vec<String> = battles
        .iter()
        .map(|(s, _)| format!("{} ({})", s.name, s.path))
        .collect();
    let skill = if goal.player.skill.is_expert() {
        String::new()
    } else {
        format!(" of {} skill", goal.player.skill.name())
    };
    let mut out = format!(
        "tune {}: target {} ± {} points, {} player{skill}, at most {} turns, seed {}{}\n",
        names.join(", "),
        batch::pct_of(goal.target),
        goal.within * 100.0,
        goal.player.policy.name(),
        goal.turns,
        goal.seed,
        battles
            .first()
            .and_then(|(s, _)| s.difficulty.as_deref())
            .map_or(String::new(), |d| format!(", difficulty {d}"))
    );
    let several = battles.len() > 1;
    for s in searches {
        out += &format!("{} from {} to {}:\n", s.key.label(), s.lo, s.hi);
        let mut head = vec![
            "value".to_string(),
            "battles".into(),
            "player wins".into(),
            "95% interval".into(),
        ];
        if several {
            head.extend(battles.iter().map(|(sc, _)| sc.name.clone()));
        }
        let mut rows = vec![head];
        for t in &s.tried {
            let (lo, hi) = t.interval();
            let mut row = vec![
                t.value.to_string(),
                t.battles().to_string(),
                batch::pct_of(t.rate()),
                format!("{:.1}–{:.1}%", lo * 100.0, hi * 100.0),
            ];
            if several {
                row.extend(t.tallies.iter().map(|x| batch::pct_of(x.win_rate())));
            }
            rows.push(row);
        }
        out += &batch::table(&rows);
        out += &verdict_text(s, goal);
        out.push('\n');
        if let (Some(best), Some(now)) = (s.best, s.current) {
            let kept = s.verdict.chosen(&s.tried, goal.target);
            let t = s.tried.iter().find(|t| t.value == best);
            let (lo, hi) = t.map_or((0.0, 1.0), |t| t.interval());
            out += &format!(
                "tied: {} = {best} is nearest the target ({}), and {kept} wins within its 95% interval ({:.1}–{:.1}%): {kept} is kept, the value nearest the current {now}\n",
                s.key.label(),
                t.map_or("?".into(), |t| batch::pct_of(t.rate())),
                lo * 100.0,
                hi * 100.0
            );
        }
        let mine: u64 = s.tried.iter().map(tune::Tried::battles).sum();
        let sweep = s.sweep_battles(goal.within, battles.len());
        out += &format!(
            "a sweep of {} over {}..{} with every row within ± {} points would play about {} battles; tune played {} ({})\n",
            s.key.label(),
            s.lo,
            s.hi,
            goal.within * 100.0,
            batch::thousands(sweep),
            batch::thousands(mine),
            match mine as f64 / sweep.max(1) as f64 {
                r if r < 0.01 => "under 0.01×".to_string(),
                r => format!("{r:.2}×"),
            }
        );
    }
    let chosen: Vec<String> = searches
        .iter()
        .map(|s| format!("{}={}", s.key.label(), s.verdict.chosen(&s.tried, goal.target)))
        .collect();
    out += &format!("chosen: {} ({} battles)\n", chosen.join(", "), batch::thousands(played));
    let _ = a;
    out
}

fn json_report(a: &TuneArgs, goal: &Goal, battles: &tune::Battles, searches: &[Search], played: u64) -> String {
    let keys: Vec<Value> = searches
        .iter()
        .map(|s| {
            let (kind, fields) = match &s.verdict {
                Verdict::Reached { value } => ("reached", json!({ "value": value })),
                Verdict::KnifeEdge { above, below } => ("knife-edge", json!({ "above": above, "below": below })),
                Verdict::OutOfRange { above, nearest } => (
                    "out of range",
                    json!({ "every_value_wins": if *above { "more" } else { "less" }, "nearest": nearest,
                            "widen": if *nearest == s.hi { "hi" } else { "lo" } }),
                ),
                Verdict::Nearest { value } => ("nearest", json!({ "value": value })),
            };
            let mut verdict = fields;
            verdict["verdict"] = json!(kind);
            json!({
                "key": s.key.label(),
                "lo": s.lo,
                "hi": s.hi,
                "tried": s.tried.iter().map(|t| {
                    let (lo, hi) = t.interval();
                    json!({
                        "value": t.value,
                        "battles": t.battles(),
                        "win_rate": batch::round4(t.rate()),
                        "win_rate_95": [batch::round4(lo), batch::round4(hi)],
                        "scenarios": t.tallies.iter().map(|x| json!({"battles": x.battles, "player_wins": x.player_wins, "win_rate": batch::round4(x.win_rate())})).collect::<Vec<_>>(),
                    })
                }).collect::<Vec<_>>(),
                "verdict": verdict,
                "chosen": s.verdict.chosen(&s.tried, goal.target),
                "current": s.current,
                "best": s.best,
                "sweep_battles": s.sweep_battles(goal.within, battles.len()),
            })
        })
        .collect();
    let mut v = json!({
        "scenarios": battles.iter().map(|(s, _)| s.path.clone()).collect::<Vec<_>>(),
        "target": goal.target,
        "within": goal.within,
        "player": goal.player.policy.name(),
        "skill": goal.player.skill.name(),
        "turns": goal.turns,
        "seed": goal.seed,
        "keys": keys,
        "battles": played,
    });
    if let Some(d) = battles.first().and_then(|(s, _)| s.difficulty.clone()) {
        v["difficulty"] = json!(d);
    }
    let _ = a;
    format!("{v}\n")
}

/// Writes each key's chosen value where it comes from; returns the changed lines as
/// `path:line: text`.
fn write_values(
    a: &TuneArgs,
    data_override: Option<&Path>,
    level: Option<&str>,
    goal: &Goal,
    searches: &[Search],
) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    for s in searches {
        let value = s.verdict.chosen(&s.tried, goal.target);
        for f in write_files(a, data_override, level, &s.key)? {
            written.push(crate::io::tune_write::write(&f, &s.key, value, level)?);
        }
    }
    if let Some(l) = level {
        // The level's tuned win rate, as measured for the last key's chosen value.
        if let Some(s) = searches.last() {
            let v = s.verdict.chosen(&s.tried, goal.target);
            if let Some(t) = s.tried.iter().find(|t| t.value == v) {
                let tuned = format!("{} {}", batch::pct_of(t.rate()), goal.player.skill.name());
                for f in &a.scenarios {
                    written.push(crate::io::tune_write::write_tuned(f, l, &tuned)?);
                }
            }
        }
    }
    Ok(crate::io::tune_write::report(&written))
}

/// The files `--write` puts `key` into.
fn write_files(
    a: &TuneArgs,
    data_override: Option<&Path>,
    level: Option<&str>,
    key: &SetKey,
) -> Result<Vec<PathBuf>, String> {
    Ok(match (&key.owner, level) {
        (_, Some(_)) | (Owner::Unit(_), None) => a.scenarios.clone(),
        (Owner::Profile(_), None) => vec![data_dir_of(a, data_override, "profiles.toml")?],
        (Owner::Kind(_), None) => vec![data_dir_of(a, data_override, "units.toml")?],
    })
}

/// The data file `name` of the run's first scenario (every scenario of one run shares it).
fn data_dir_of(a: &TuneArgs, data_override: Option<&Path>, name: &str) -> Result<PathBuf, String> {
    let first = a.scenarios.first().ok_or("no scenario")?;
    Ok(scenario_data_dir(first, data_override.map(Path::to_path_buf))
        .0
        .join(name))
}
