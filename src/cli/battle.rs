//! `skirmish ai` and `skirmish simulate`: enemy decisions and whole battles, as text or JSON.

use super::*;

pub(super) fn decision_line(d: &Decision) -> String {
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

pub(super) fn ai_cmd(path: &Path, data_override: Option<PathBuf>, as_json: bool) -> Outcome {
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
