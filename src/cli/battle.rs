//! `skirmish ai` and `skirmish simulate`: enemy decisions and whole battles, as text or JSON.

use super::*;
use crate::ai::Ai;
use crate::ai::player::Policy;
use crate::io::replay;
use crate::play::enemy::{EnemyPhase, Turn};
use crate::rules::{Command, Event, UnitId};

/// One decision as a line: `Brute (charger) -> Kiny: (25, 16) -> (20, 17) path 344444  | reason`.
pub(super) fn decision_line(b: &Battle, t: &Turn) -> String {
    let d = &t.decision;
    format!(
        "{} ({}) -> {}: {} -> {} path {}  | {}",
        b.name(d.unit),
        d.profile,
        goes_for(b, d),
        d.from,
        d.to,
        d.path,
        d.reason.text(b)
    )
}

/// What a decision goes for, in words: its target (with why it is that unit, when the reason
/// names another one), else the cell it makes for, else nobody.
fn goes_for(b: &Battle, d: &crate::ai::Decision) -> String {
    use crate::ai::{Heading, Why};
    let Some(target) = d.target else {
        return match &d.reason.why {
            Why::Seizes { cell } => format!("{cell} to seize"),
            Why::HeadsFor {
                aim: Heading::Seize, ..
            } => "the nearest cell to seize".into(),
            Why::HeadsFor {
                aim: Heading::Boss(boss),
                ..
            } => b.name(*boss).to_string(),
            Why::HeadsFor {
                aim: Heading::Hold(cell),
                ..
            }
            | Why::Guards { cell } => format!("{cell} to hold"),
            Why::Advancing { goal } => format!("its goal {goal}"),
            _ => "nobody".into(),
        };
    };
    let other = match &d.reason.why {
        Why::Asleep { nearest, .. } => Some(*nearest),
        Why::Woke { by, .. } => Some(*by),
        _ => None,
    };
    match other {
        Some(o) if o != target => format!(
            "{} (least travel cost; {} is nearer in a straight line)",
            b.name(target),
            b.name(o)
        ),
        _ => b.name(target).to_string(),
    }
}

/// One event as a line of the battle's story, or `None` for the bookkeeping ones ("is
/// done"). A defeat names its striker: the attacker of the blow just before it.
pub(super) fn story_line(b: &Battle, e: &Event, striker: &mut Option<UnitId>) -> Option<String> {
    match e {
        Event::Acted { .. } | Event::ScriptFired { .. } => None,
        Event::Struck { attacker, .. } => {
            *striker = Some(*attacker);
            Some(e.describe(b))
        }
        Event::Defeated { unit } => Some(match striker.take() {
            Some(s) => format!("{} falls, struck down by {}", b.name(*unit), b.name(s)),
            None => e.describe(b),
        }),
        _ => Some(e.describe(b)),
    }
}

/// A turn's decision line followed by what its commands did beyond the move (blows, counters,
/// defeats, a guard waking, the end of the battle), each on its own line under it.
fn decision_story(b: &Battle, t: &Turn, indent: &str) -> String {
    let mut s = format!("{indent}{}\n", decision_line(b, t));
    let mut striker = None;
    // The decision's own move is its header; a canto unit's second move (after its
    // "may move again") is said.
    let mut canto = false;
    for e in t.events.iter().filter(|e| {
        canto |= matches!(e, Event::Canto { ready: true, .. });
        canto || !matches!(e, Event::Moved { .. })
    }) {
        if let Some(line) = story_line(b, e, &mut striker) {
            s += &format!("{indent}  {line}\n");
        }
    }
    s
}

/// What the start of a turn brought (arrivals, wakes, lines): the scripted events right
/// after the "player phase began" that opens the turn's events, under that header.
fn turn_start_story(b: &Battle, events: &[Event]) -> String {
    let Some(first @ Event::PhaseBegan { team: Team::Player, .. }) = events.first() else {
        return String::new();
    };
    let lines: Vec<String> = events[1..]
        .iter()
        .take_while(|e| e.is_scripted() || matches!(e, Event::ScriptFired { .. }))
        .filter(|e| e.is_scripted())
        .map(|e| format!("  {}\n", e.describe(b)))
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!("{}\n{}", first.describe(b), lines.concat())
}

/// The header of a phase: "Turn 1 — Player phase".
fn phase_header(b: &Battle, team: Team, turn: u32) -> String {
    Event::PhaseBegan { team, turn }.describe(b)
}

/// A refused command inside the engine's own drivers is a bug; say so plainly.
fn rule_failure(path: &Path, e: crate::rules::RuleError) -> Outcome {
    fail(
        Diagnostic::whole_file(
            path,
            format!("the rules refused a command of the built-in players: {e}"),
        )
        .into(),
    )
}

pub(super) fn ai_cmd(path: &Path, data_override: Option<PathBuf>, level: Option<&str>, as_json: bool) -> Outcome {
    let (scenario, data, _) = match load_scenario_at(path, data_override, level) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let mut battle = Battle::new(&scenario, &data);
    let turns = match battle
        .execute(Command::EndPhase { team: Team::Player })
        .and_then(|_| EnemyPhase::run(&mut Ai::new(data.profiles.clone()), &mut battle))
    {
        Ok(report) => report.turns,
        Err(e) => return rule_failure(path, e),
    };
    if as_json {
        let decisions: Vec<Value> = turns.iter().map(|t| t.to_json(&battle)).collect();
        ok(format!("{}\n", json!({ "decisions": decisions })))
    } else {
        let mut s = phase_header(&battle, Team::Enemy, 1) + "\n";
        s.extend(turns.iter().map(|t| decision_story(&battle, t, "")));
        ok(s)
    }
}

/// What `skirmish simulate` was asked for.
pub(super) struct SimulateRun<'a> {
    /// Turns to play at most.
    pub turns: u32,
    /// The player policy's seed.
    pub seed: u64,
    /// `--player`, when given (the default is the simple policy).
    pub policy: Option<Policy>,
    /// `--json`.
    pub as_json: bool,
    /// `--record FILE`.
    pub record: Option<&'a Path>,
    /// `--difficulty NAME`.
    pub level: Option<&'a str>,
    /// `--skill` (the expert when not given).
    pub skill: crate::ai::player::Skill,
    /// `--versus` (with `--record`): the enemy side's commands are recorded as a person's,
    /// making a versus replay (the AI still decides them; what is printed does not change).
    pub versus: bool,
}

pub(super) fn simulate_cmd(path: &Path, data_override: Option<PathBuf>, run: &SimulateRun<'_>) -> Outcome {
    let (scenario, data, _) = match load_scenario_at(path, data_override, run.level) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let policy = run.policy.unwrap_or(Policy::Simple);
    let player = crate::ai::player::Player {
        policy,
        skill: run.skill,
    };
    let skill = (!run.skill.is_expert()).then(|| run.skill.name());
    let played = if run.versus {
        // The same battle, its enemy phases executed as a person's commands: the AI decides
        // them as in every simulation, and the record holds them.
        let mut battle = crate::rules::Battle::new(&scenario, &data)
            .with_seed(run.seed)
            .with_versus(true);
        let mut ai = crate::ai::Ai::new(data.profiles.clone());
        simulate::play(&mut battle, &mut ai, player, run.turns, run.seed).map(|turns| simulate::Report {
            scenario: scenario.name.clone(),
            seed: run.seed,
            turns,
            battle,
        })
    } else {
        simulate::run_with(&scenario, &data, run.turns, run.seed, player)
    };
    let report = match played {
        Ok(r) => r,
        Err(e) => return rule_failure(path, e),
    };
    let (as_json, record) = (run.as_json, run.record);
    if let Some(file) = record {
        let mut r = replay::record(&report.battle, &scenario, &data);
        r.skill = skill.clone();
        if let Err(e) = replay::write(file, &r) {
            return fail(e.into());
        }
    }
    if as_json {
        let mut v = json!(report.to_json());
        if run.policy.is_some() {
            // Only when asked for: without --player the JSON stays as it always was.
            v["player"] = json!(policy.name());
        }
        if let Some(s) = &skill {
            // Only for a player who errs: the expert's JSON stays as it always was.
            v["skill"] = json!(s);
        }
        return ok(format!("{v}\n"));
    }
    let b = &report.battle;
    let mut s = String::new();
    for t in &report.turns {
        let mut side = None;
        let start = turn_start_story(b, &t.events);
        if !start.is_empty() {
            // The turn's header, then what its start brought, then its player phase.
            side = Some(Team::Player);
            s += &start;
        }
        for d in &t.decisions {
            if side != Some(d.decision.team) {
                side = Some(d.decision.team);
                s += &format!("{}\n", phase_header(b, d.decision.team, t.turn));
            }
            s += &decision_story(b, d, "  ");
        }
        if !t.defeated.is_empty() {
            let names: Vec<&str> = t.defeated.iter().map(|&u| b.name(u)).collect();
            s += &format!("  fallen on turn {}: {}\n", t.turn, names.join(", "));
        }
    }
    s += &format!("result: {}", report.result_name());
    if let Some((_, why)) = report.result() {
        s += &format!(" ({})", why.describe(b));
    }
    s.push('\n');
    ok(s)
}

/// What `skirmish replay` was asked for.
pub(super) struct ReplayRun<'a> {
    /// `--json`.
    pub as_json: bool,
    /// `--explain UNIT --turn T`: that enemy's decision in turn T's enemy phase, instead of
    /// the events.
    pub explain: Option<(&'a str, u32)>,
    /// `--force`: play a replay whose files changed anyway.
    pub force: bool,
}

/// A refused replay command in a designer's words, at its place in the file:
/// `tamper.replay:14:5: command 9 (Kiny moves "22223333"): Kiny's path "22223333" costs 9, Kiny moves 7`.
fn refusal(
    r: &replay::ReplayFile,
    file: &Path,
    k: usize,
    battle: &Battle,
    c: &Command,
    e: &crate::rules::RuleError,
) -> Diagnostic {
    r.place(
        file,
        k,
        format!("command {} ({}): {}", k + 1, c.describe(battle), e.explain(battle, c)),
    )
}

/// `skirmish replay FILE`: the recorded battle re-run headless, every event in order; or, with
/// `--explain UNIT --turn T`, the numbers behind that enemy's decision on that turn.
pub(super) fn replay_cmd(file: &Path, data_override: Option<PathBuf>, run: &ReplayRun<'_>) -> Outcome {
    let r = match replay::read(file) {
        Ok(r) => r,
        Err(e) => return fail(e.into()),
    };
    let scenario_path = r.scenario_path(file);
    let (scenario, data, _) = match super::load_replay_scenario(&scenario_path, data_override, &r) {
        Ok(v) => v,
        Err(e) => {
            let mut all: Diagnostics = Diagnostic::whole_file(
                file,
                format!("its scenario {} cannot be loaded", display_path(&scenario_path)),
            )
            .into();
            all.extend(e);
            return fail(all);
        }
    };
    // A campaign chapter's replay: its player units as the roster made them.
    let scenario = r.scenario(scenario);
    let mut battle = match r.battle(&scenario, &data) {
        Ok(b) => b,
        Err(e) => return fail(e.into()),
    };
    let mut warnings = String::new();
    if let Err(stale) = r.check_files(file, &scenario, &data) {
        if !run.force {
            return fail(stale.into());
        }
        warnings += &format!(
            "{}: warning: its scenario, map or data changed since it was recorded; playing it anyway (--force)\n",
            display_path(file)
        );
    }
    let explain = match run.explain {
        Some((unit, turn)) => match super::explain::find_enemy(&battle, unit, &scenario.path) {
            Ok(id) => Some((id, turn)),
            Err(msg) => return usage(msg),
        },
        None => None,
    };
    let at_explained_phase =
        |b: &Battle| explain.is_some_and(|(_, t)| b.active() == Team::Enemy && b.turn() == t && b.ended().is_none());
    let mut events = Vec::new();
    let mut ai = Ai::new(data.profiles.clone());
    let mut refused = None;
    let mut played = 0;
    for k in 0..r.commands.len() {
        let c = match r.command(file, k, &scenario, &battle) {
            Ok(c) => c,
            Err(e) => {
                refused = Some(e);
                break;
            }
        };
        match battle.execute(c.clone()) {
            Ok(e) => events.extend(e),
            Err(e) => {
                refused = Some(refusal(&r, file, k, &battle, &c, &e));
                break;
            }
        }
        played = k + 1;
        if at_explained_phase(&battle) {
            break;
        }
        match crate::play::replay::finish_enemy_phase(&mut battle, &mut ai) {
            Ok(e) => events.extend(e),
            Err(e) => {
                let msg = format!("the rules refused an enemy's command after command {}: {e}", k + 1);
                return fail(r.place(file, k, msg).into());
            }
        }
    }
    if let Some(d) = refused {
        if !run.force {
            return fail(d.into());
        }
        warnings += &format!("{d}\n");
    }
    let outcome = if let Some((id, turn)) = explain {
        if !at_explained_phase(&battle) {
            let reached = match battle.ended() {
                Some((w, why)) => format!(
                    "the battle ends on turn {} ({} won: {})",
                    battle.turn(),
                    w.name(),
                    why.describe(&battle)
                ),
                None => format!("it stops in turn {}'s {} phase", battle.turn(), battle.active().name()),
            };
            return fail(
                Diagnostic::whole_file(
                    file,
                    format!("the replay never reaches turn {turn}'s enemy phase: {reached}"),
                )
                .into(),
            );
        }
        super::explain::explain_in_enemy_phase(&mut battle, &data.profiles, id, run.as_json, file)
    } else {
        ok(replay_story(
            &r,
            &scenario.name,
            played,
            &battle,
            &events,
            run.as_json,
            refused_note(&warnings, run.force),
        ))
    };
    with_stderr(outcome, &warnings)
}

/// Under `--force`, the JSON says the replay was stale or stopped (`None` otherwise).
fn refused_note(warnings: &str, force: bool) -> Option<String> {
    (force && !warnings.is_empty()).then(|| warnings.trim_end().to_string())
}

/// `outcome` with `text` (if any) first on its stderr.
fn with_stderr(outcome: Outcome, text: &str) -> Outcome {
    match outcome {
        Outcome::Done { code, stdout, stderr } if !text.is_empty() => Outcome::Done {
            code,
            stdout,
            stderr: text.to_string() + &stderr,
        },
        o => o,
    }
}

/// The events of a replay as text (the story, phase by phase) or JSON.
fn replay_story(
    r: &replay::ReplayFile,
    name: &str,
    played: usize,
    battle: &Battle,
    events: &[Event],
    as_json: bool,
    forced: Option<String>,
) -> String {
    let result = battle.ended().map_or("unfinished", |(w, _)| w.name());
    let why = battle.ended().map(|(_, why)| why.describe(battle));
    if as_json {
        let list: Vec<Value> = events.iter().map(|e| json!(e.to_json(battle))).collect();
        let mut v = json!({"scenario": r.scenario, "name": name, "commands": played,
               "events": list, "turn": battle.turn(), "result": result, "why": why});
        if let Some(f) = forced {
            v["forced"] = json!(f);
        }
        if r.versus {
            v["versus"] = json!(true);
        }
        return format!("{v}\n");
    }
    let mut s = if r.versus {
        format!(
            "replay of {name} ({}): {played} commands, the enemy side played by a person\n",
            r.scenario
        )
    } else {
        format!("replay of {name} ({}): {played} player commands\n", r.scenario)
    };
    // The battle opens on turn 1's player phase without an event for it.
    s += &format!("{}\n", phase_header(battle, Team::Player, 1));
    let mut striker = None;
    for e in events {
        let indent = if matches!(e, Event::PhaseBegan { .. }) {
            ""
        } else {
            "  "
        };
        if let Some(line) = story_line(battle, e, &mut striker) {
            s += &format!("{indent}{line}\n");
        }
    }
    s += &format!("result: {result}");
    if let Some(why) = why {
        s += &format!(" ({why})");
    }
    s.push('\n');
    s
}
