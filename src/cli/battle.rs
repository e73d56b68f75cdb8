//! `skirmish ai` and `skirmish simulate`: enemy decisions and whole battles, as text or JSON.

use super::*;
use crate::ai::Ai;
use crate::io::replay;
use crate::play::enemy::{EnemyPhase, Turn};
use crate::rules::{Command, Event};

/// One decision as a line: `Brute (charger) -> Kiny: (25, 16) -> (20, 17) path 344444  | reason`.
pub(super) fn decision_line(b: &Battle, t: &Turn) -> String {
    let d = &t.decision;
    format!(
        "{} ({}) -> {}: {} -> {} path {}  | {}",
        b.name(d.unit),
        d.profile,
        d.target.map_or("-", |t| b.name(t)),
        d.from,
        d.to,
        d.path,
        d.reason
    )
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

pub(super) fn ai_cmd(path: &Path, data_override: Option<PathBuf>, as_json: bool) -> Outcome {
    let (scenario, data, _) = match load_scenario(path, data_override) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let mut battle = Battle::new(&scenario, &data);
    let turns = match battle
        .execute(Command::EndPhase)
        .and_then(|_| EnemyPhase::run(&mut Ai::new(data.profiles.clone()), &mut battle))
    {
        Ok(report) => report.turns,
        Err(e) => return rule_failure(path, e),
    };
    if as_json {
        let decisions: Vec<Value> = turns.iter().map(|t| t.decision.to_json(&battle, &t.events)).collect();
        ok(format!("{}\n", json!({ "decisions": decisions })))
    } else {
        ok(turns.iter().map(|t| decision_line(&battle, t) + "\n").collect())
    }
}

pub(super) fn simulate_cmd(
    path: &Path,
    data_override: Option<PathBuf>,
    turns: u32,
    seed: u64,
    as_json: bool,
    record: Option<&Path>,
) -> Outcome {
    let (scenario, data, data_dir) = match load_scenario(path, data_override) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let report = match simulate::run(&scenario, &data, turns, seed) {
        Ok(r) => r,
        Err(e) => return rule_failure(path, e),
    };
    if let Some(file) = record {
        let r = replay::record(&report.battle, &scenario, &data_dir);
        if let Err(e) = replay::write(file, &r) {
            return fail(e.into());
        }
    }
    if as_json {
        return ok(format!("{}\n", report.to_json()));
    }
    let b = &report.battle;
    let mut s = String::new();
    for t in &report.turns {
        s += &format!("turn {}\n", t.turn);
        for d in &t.decisions {
            s += &format!("  [{}] {}\n", d.decision.team.name(), decision_line(b, d));
        }
        if !t.defeated.is_empty() {
            let names: Vec<&str> = t.defeated.iter().map(|&u| b.name(u)).collect();
            s += &format!("  defeated: {}\n", names.join(", "));
        }
    }
    s += &format!("result: {}\n", report.result_name());
    ok(s)
}

/// `skirmish replay FILE`: the recorded battle re-run headless, every event in order.
pub(super) fn replay_cmd(file: &Path, data_override: Option<PathBuf>, as_json: bool) -> Outcome {
    let r = match replay::read(file) {
        Ok(r) => r,
        Err(e) => return fail(e.into()),
    };
    let scenario_path = r.scenario_path(file);
    let (scenario, data, data_dir) = match load_scenario(&scenario_path, data_override) {
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
    let mut battle = Battle::new(&scenario, &data);
    let commands = match r.commands(file, &scenario, &data_dir, &battle) {
        Ok(c) => c,
        Err(e) => return fail(e.into()),
    };
    let mut events = Vec::new();
    let mut ai = Ai::new(data.profiles.clone());
    for (k, c) in commands.iter().enumerate() {
        match crate::play::replay::run(&mut battle, &mut ai, std::slice::from_ref(c)) {
            Ok(e) => events.extend(e),
            Err(e) => {
                let msg = format!("command {} is refused by the rules: {e}", k + 1);
                return fail(Diagnostic::whole_file(file, msg).into());
            }
        }
    }
    let result = battle.ended().map_or("unfinished", |(w, _)| w.name());
    let why = battle.ended().map(|(_, why)| why.describe(&battle));
    if as_json {
        let list: Vec<Value> = events.iter().map(|e| e.to_json(&battle)).collect();
        return ok(format!(
            "{}\n",
            json!({"scenario": r.scenario, "name": scenario.name, "commands": commands.len(),
                   "events": list, "turn": battle.turn(), "result": result, "why": why})
        ));
    }
    let mut s = format!(
        "replay of {} ({}): {} player commands\n",
        scenario.name,
        r.scenario,
        commands.len()
    );
    for e in events.iter().filter(|e| !matches!(e, Event::Acted { .. })) {
        let indent = if matches!(e, Event::PhaseBegan { .. }) {
            ""
        } else {
            "  "
        };
        s += &format!("{indent}{}\n", e.describe(&battle));
    }
    s += &format!("result: {result}");
    if let Some(why) = why {
        s += &format!(" ({why})");
    }
    s.push('\n');
    ok(s)
}
