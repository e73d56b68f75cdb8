//! `skirmish test [PATH...] [--json]`: runs AI expectation files (default `tests/ai/`) and
//! prints one line per expectation, a picture and the reason for each failure, and a summary.
//! A broken file is a located error on stderr; the other files still run.

use super::*;
use crate::io::files::list_files;
use crate::io::project::current_or_built;
use crate::load::expect;
use crate::play::aitest::{self, Verdict};

/// The expectation files named by `paths` (folders give their `.toml` files, sorted).
fn files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let paths = if paths.is_empty() {
        vec![current_or_built("tests/ai")]
    } else {
        paths.to_vec()
    };
    paths
        .into_iter()
        .flat_map(|p| if p.is_dir() { list_files(&p, "toml") } else { vec![p] })
        .collect()
}

fn verdict_json(v: &Verdict) -> Value {
    json!({
        "unit": v.unit, "turn": v.turn, "what": v.what, "passed": v.passed(),
        "failures": v.failures, "reason": v.reason,
        "from": v.moved.as_ref().map(|m| m.0), "to": v.moved.as_ref().map(|m| m.1),
        "path": v.moved.as_ref().map(|m| m.2.clone()),
    })
}

pub(super) fn test_cmd(paths: &[PathBuf], data_override: Option<PathBuf>, as_json: bool) -> Outcome {
    let list = files(paths);
    let default_data = current_or_built("data");
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut broken = Diagnostics::default();
    let mut text = String::new();
    let mut json_files = Vec::new();
    if list.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| display_path(p)).collect();
        return usage(format!("skirmish: no expectation files in {}\n", shown.join(", ")));
    }
    for f in &list {
        let shown = display_path(f);
        let run = expect::load(f, data_override.as_deref(), &default_data)
            .and_then(|ef| aitest::run(&ef).map(|v| (ef, v)).map_err(Diagnostics::from));
        let (ef, verdicts) = match run {
            Ok(r) => r,
            Err(e) => {
                json_files
                    .push(json!({"path": shown, "errors": e.0.iter().map(|d| d.to_string()).collect::<Vec<_>>()}));
                broken.extend(e);
                continue;
            }
        };
        for v in &verdicts {
            let mark = if v.passed() { "✓" } else { "✗" };
            text += &format!("{mark} {shown}: {} (enemy phase {}): {}\n", v.unit, v.turn, v.what);
            if v.passed() {
                passed += 1;
                continue;
            }
            failed += 1;
            for why in &v.failures {
                text += &format!("    expected {why}\n");
            }
            if let Some((from, to, path)) = &v.moved {
                text += &format!("    it went {from} -> {to}, path {path}\n");
            }
            if let Some(r) = &v.reason {
                text += &format!("    reason: {r}\n");
            }
            if let Some(p) = &v.picture {
                // The picture carries its own legend (marks, units, terrain).
                text += p;
            }
        }
        json_files.push(json!({"path": shown, "name": ef.name,
                               "expectations": verdicts.iter().map(verdict_json).collect::<Vec<_>>()}));
    }
    let code = if failed > 0 || !broken.is_empty() { 1 } else { 0 };
    let mut stderr = broken.0.iter().map(|d| format!("{d}\n")).collect::<String>();
    if !as_json && passed + failed == 0 && !broken.is_empty() {
        // Nothing ran: only bad input, so nothing on stdout (as for every command).
        stderr += &format!("no expectation ran: {} error(s) in expectation files\n", broken.0.len());
        return Outcome::Done {
            code,
            stdout: String::new(),
            stderr,
        };
    }
    let stdout = if as_json {
        format!(
            "{}\n",
            json!({"files": json_files, "passed": passed, "failed": failed, "broken": broken.0.len()})
        )
    } else {
        if !broken.is_empty() {
            text += &format!("{} error(s) in expectation files (on stderr)\n", broken.0.len());
        }
        text + &format!("{passed} passed, {failed} failed\n")
    };
    Outcome::Done { code, stdout, stderr }
}
