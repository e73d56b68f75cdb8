//! `tune`'s speed, counted in battles (never timed): placing one whole-number value within
//! ±2 points of a target takes at most a third of the battles a `batch --set` over the same
//! range needs to give every row an interval of ±2 points — on a shipped scenario and on a
//! generated one. Slow in a debug build: CI runs it in release
//! (`cargo test --release --test tune_speed -- --ignored --nocapture`), which prints the
//! figures the guide quotes (guide/src/designers/tuning.md, "Fewer battles than a sweep").

use skirmish::fixture::run_cli as exec;
use std::path::Path;

#[track_caller]
fn run_ok(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = exec(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    serde_json::from_str(&out).unwrap()
}

/// Battles one batch row needs so that its 95% Wilson interval reaches at most 2 points
/// either side of its rate `p`.
fn needed(p: f64) -> u64 {
    let mut n = 1u64;
    loop {
        let k = (p * n as f64).round() as u64;
        let (lo, hi) = skirmish::play::batch::wilson(k, n);
        let rate = k as f64 / n as f64;
        if hi - rate <= 0.02 && rate - lo <= 0.02 {
            return n;
        }
        n += 1;
    }
}

/// Tune's battles and the batch's, for `key=lo..hi` on `scenario` at target `target`.
fn compare(scenario: &str, key: &str, lo: i64, hi: i64, target: &str) -> (u64, u64) {
    let tuned = run_ok(&[
        "tune",
        scenario,
        "--target",
        target,
        "--within",
        "2",
        "--vary",
        &format!("{key}={lo}..{hi}"),
        "--skill",
        "average",
        "--json",
    ]);
    let verdict = &tuned["keys"][0]["verdict"]["verdict"];
    assert!(verdict == "reached" || verdict == "knife-edge", "{tuned}");
    let tune_battles = tuned["battles"].as_u64().unwrap();
    // Every row's rate, from a batch of 400 battles a row; every row of one batch plays the
    // same number of battles, so the batch needs the most any row needs, on every row.
    let values: Vec<String> = (lo..=hi).map(|v| v.to_string()).collect();
    let est = run_ok(&[
        "batch",
        scenario,
        "--runs",
        "400",
        "--set",
        &format!("{key}={}", values.join(",")),
        "--skill",
        "average",
        "--json",
    ]);
    let per_row = est["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| needed(c["win_rate"].as_f64().unwrap()))
        .max()
        .unwrap();
    let batch_battles = per_row * values.len() as u64;
    println!(
        "{scenario} {key}={lo}..{hi} target {target}: tune {tune_battles} battles, batch {} rows x {per_row} = {batch_battles} ({:.2})",
        values.len(),
        tune_battles as f64 / batch_battles as f64
    );
    (tune_battles, batch_battles)
}

#[test]
fn wilson_rows_need_the_textbook_counts() {
    // At 50% a ±2-point interval takes about 1.96² × 0.25 / 0.02² ≈ 2,401 battles.
    assert!((2_390..=2_410).contains(&needed(0.5)), "{}", needed(0.5));
    assert!(needed(0.02) < needed(0.2));
}

#[test]
#[ignore = "thousands of battles: run in release (CI does)"]
fn tune_plays_at_most_a_third_of_the_battles_of_a_sweep() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let castle = root.join("maps/castle.toml");
    // From 7 up the castle's win rate falls with its archers' attack (below 7 it falls
    // too: the careful player stops to fight weak archers and loses the race for the
    // throne), so tune's bisection meets one crossing of 50% here.
    let (t, b) = compare(castle.to_str().unwrap(), "kind:archer.attack", 7, 12, "50%");
    assert!(3 * t <= b, "castle: tune {t} battles, batch {b}");
    let dir = std::env::temp_dir().join(format!("skirmish-tune-speed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (code, _, err) = exec(&["generate", "--seed", "5", "--out", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let generated = dir.join("gen-5.toml");
    let (t, b) = compare(generated.to_str().unwrap(), "kind:hero.hp", 6, 30, "50%");
    assert!(3 * t <= b, "generated: tune {t} battles, batch {b}");
    let _ = std::fs::remove_dir_all(&dir);
}
