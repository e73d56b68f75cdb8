//! Replays on the command line: `simulate --record` writes one, `replay` re-runs it to the
//! same end, and a damaged, foreign or stale replay is refused naming the file, with nothing
//! on stdout and exit code 1 (also before the game would open a window).

use serde_json::Value;
use skirmish::fixture::run_cli;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-replay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of the shipped `maps/` and `data/` in `dir`, to edit freely.
fn copy_project(dir: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for sub in ["maps", "data"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for e in std::fs::read_dir(root.join(sub)).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, dir.join(sub).join(p.file_name().unwrap())).unwrap();
        }
    }
}

fn record(dir: &Path, seed: &str) -> (PathBuf, Value) {
    let scenario = dir.join("maps/sample.toml");
    let file = dir.join(format!("battle-{seed}.replay"));
    let (code, out, err) = run_cli(&[
        "simulate",
        scenario.to_str().unwrap(),
        "--seed",
        seed,
        "--json",
        "--record",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    (file, serde_json::from_str(&out).unwrap())
}

#[track_caller]
fn refused(args: &[&str], file: &Path, want: &str) {
    let (code, out, err) = run_cli(args);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    let shown = skirmish::load::diag::display_path(file);
    assert!(err.starts_with(&format!("{shown}:")), "names the file: {err}");
    assert!(err.contains(want), "{err}");
}

#[test]
fn a_recorded_battle_replays_to_the_same_end() {
    let dir = scratch("same");
    copy_project(&dir);
    for seed in ["0", "5"] {
        let (file, sim) = record(&dir, seed);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("\"format\": \"skirmish-replay\"") && text.contains("\"action\": \"move\""));
        let (code, out, err) = run_cli(&["replay", file.to_str().unwrap(), "--json"]);
        assert_eq!(code, 0, "{err}");
        let rep: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(rep["result"], sim["result"]);
        assert_eq!(rep["why"], sim["why"]);
        // Every unit that fell in the simulation falls in the replay, in the same order.
        let fell = |events: &Value| -> Vec<Value> {
            events
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["event"] == "defeated")
                .map(|e| e["unit"].clone())
                .collect()
        };
        let sim_fell: Vec<Value> = sim["turns"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t["defeated"].as_array().unwrap().clone())
            .collect();
        let mut rep_fell = fell(&rep["events"]);
        let mut sorted = sim_fell.clone();
        sorted.sort_by_key(|v| v.to_string());
        rep_fell.sort_by_key(|v| v.to_string());
        assert_eq!(rep_fell, sorted);
        let (code, text, _) = run_cli(&["replay", file.to_str().unwrap()]);
        assert_eq!(code, 0);
        assert!(text.starts_with("replay of The first skirmish"), "{text}");
        assert_eq!(text.lines().nth(1), Some("Turn 1 — Player phase"), "{text}");
        assert!(text.contains("Turn 1 — Enemy phase"), "{text}");
        assert!(
            text.contains(" falls, struck down by "),
            "a defeat names its striker: {text}"
        );
        assert!(text.lines().last().unwrap().starts_with("result: "), "{text}");
    }
}

#[test]
fn damaged_foreign_and_stale_replays_are_refused() {
    let dir = scratch("bad");
    copy_project(&dir);
    let (file, _) = record(&dir, "1");
    let text = std::fs::read_to_string(&file).unwrap();
    let write = |name: &str, body: &str| {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        p
    };
    let cases = [
        (
            "truncated.replay",
            text[..text.len() / 2].to_string(),
            "damaged replay file",
        ),
        (
            "future.replay",
            text.replace("\"version\": 1", "\"version\": 2"),
            "replay is version 2; this skirmish reads version 1 only",
        ),
        (
            "save.replay",
            "{\"format\": \"skirmish-save\", \"version\": 1}".into(),
            "not a skirmish replay file",
        ),
        (
            "stranger.replay",
            text.replacen("\"unit\": \"Kiny\"", "\"unit\": \"Nobody\"", 1),
            "no unit named \"Nobody\"",
        ),
        (
            "teleport.replay",
            text.replacen(
                "\"action\": \"move\",\n      \"unit\": \"Kiny\",\n      \"path\": \"",
                "\"action\": \"move\",\n      \"unit\": \"Kiny\",\n      \"path\": \"33333333333",
                1,
            ),
            "command 1 is refused by the rules",
        ),
    ];
    for (name, body, want) in cases {
        assert_ne!(body, text, "{name}: the edit must change the file");
        let p = write(name, &body);
        refused(&["replay", p.to_str().unwrap()], &p, want);
    }
    // The data changed since the recording: the enemies might decide otherwise.
    let profiles = dir.join("data/profiles.toml");
    let t = std::fs::read_to_string(&profiles).unwrap();
    std::fs::write(&profiles, t.replacen("sight = 10", "sight = 11", 1)).unwrap();
    refused(
        &["replay", file.to_str().unwrap()],
        &file,
        "changed since this replay was recorded",
    );
    // The game checks the same before it opens a window.
    refused(
        &["--replay", file.to_str().unwrap()],
        &file,
        "changed since this replay was recorded",
    );
}
