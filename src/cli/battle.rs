//! `skirmish ai` and `skirmish simulate`: enemy decisions and whole battles, as text or JSON.

use super::*;
use crate::ai::Turn;
use crate::rules::Command;

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
        Diagnostic {
            path: display_path(path),
            line: 1,
            col: 1,
            message: format!("the rules refused a command of the built-in players: {e}"),
        }
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
        .and_then(|_| ai::enemy_phase(&mut battle, &data.profiles))
    {
        Ok((turns, _)) => turns,
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
) -> Outcome {
    let (scenario, data, _) = match load_scenario(path, data_override) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let report = match simulate::run(&scenario, &data, turns, seed) {
        Ok(r) => r,
        Err(e) => return rule_failure(path, e),
    };
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
