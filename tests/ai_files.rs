//! `skirmish test` on files a designer might write wrong: every mistake is located as
//! `file:line:col`, the other files still run, and a failing expectation shows a picture
//! and the decision's reason.

use skirmish::fixture::run_cli;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-aifiles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const GOOD: &str = r#"picture = """
P . . . . . . * . . E
"""

[[units]]
name = "Kiny"
team = "player"
at = "P"

[[units]]
name = "Scout"
team = "enemy"
at = "E"
profile = "proximity"
move = 3

[[expect]]
unit = "Scout"
ends_on = "*"
"#;

fn data() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/data").to_string()
}

/// Writes `text` as `name` and runs `skirmish test` on it.
fn run(dir: &Path, name: &str, text: &str) -> (i32, String, String) {
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    run_cli(&["test", f.to_str().unwrap(), "--data", &data()])
}

#[test]
fn a_good_file_passes_and_a_wrong_expectation_fails_with_a_picture() {
    let dir = scratch("verdicts");
    let (code, out, err) = run(&dir, "good.toml", GOOD);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("✓ ") && out.ends_with("1 passed, 0 failed\n"), "{out}");
    let (code, out, _) = run(
        &dir,
        "wrong.toml",
        &GOOD.replace("ends_on = \"*\"", "ends_at = [6, 0]\npath = \"4444\""),
    );
    assert_eq!(code, 1);
    assert!(out.contains("✗ ") && out.contains("Scout (enemy phase 1)"), "{out}");
    assert!(out.contains("expected ends on (6, 0): it ended on (7, 0)"), "{out}");
    assert!(out.contains("expected path 4444: its path was 444"), "{out}");
    assert!(out.contains("reason: target Kiny at distance 10 <= sight 10"), "{out}");
    assert!(
        out.contains(
            "    legend: @ where it went, o its path, * where it was expected; S Scout where it started, K Kiny; . plain\n      K.....*@ooS\n"
        ),
        "the picture and its legend: {out}"
    );
    assert!(out.ends_with("0 passed, 1 failed\n"), "{out}");
    let f = dir.join("wrong.toml");
    let (_, json, _) = run_cli(&["test", f.to_str().unwrap(), "--data", &data(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!((v["passed"].as_u64(), v["failed"].as_u64()), (Some(0), Some(1)));
    assert_eq!(v["files"][0]["expectations"][0]["to"], serde_json::json!([7, 0]));
}

#[test]
fn every_mistake_is_located_and_the_other_files_still_run() {
    let dir = scratch("mistakes");
    let cases: [(&str, String, &str); 7] = [
        (
            "unknown-unit.toml",
            GOOD.replace("unit = \"Scout\"", "unit = \"Scuot\""),
            ":18:8: no unit named \"Scuot\" (units: Kiny, Scout)",
        ),
        (
            "off-map.toml",
            GOOD.replace("ends_on = \"*\"", "ends_at = [40, 0]"),
            ":19:11: ends_at [40, 0] is off the map",
        ),
        (
            "profile.toml",
            GOOD.replace("profile = \"proximity\"", "profile = \"proximty\""),
            ":14:11: unit \"Scout\": unknown profile \"proximty\"",
        ),
        (
            "typo.toml",
            GOOD.replace("move = 3", "moev = 3"),
            ":15:8: unknown field `moev`",
        ),
        (
            "past-end.toml",
            GOOD.replace("at = \"P\"", "at = \"P\"\nhp = 1").replace(
                "[[expect]]",
                "[[moves]]\nturn = 1\nunit = \"Kiny\"\npath = \"222222\"\n\n[[expect]]\nturn = 2\nalive = true",
            ),
            ":24:8: turn 2 is past the battle's end: it ended in enemy phase 1 (Kiny fell)",
        ),
        (
            "ragged.toml",
            GOOD.replace("P . . . . . . * . . E\n", "P . . . . . . * . . E\n. . .\n"),
            ":3:1: picture row 2 has 3 cells where the first row has 11",
        ),
        (
            "key.toml",
            GOOD.replace("[[expect]]", "[[expect]]\nwhen = 1"),
            ":18:1: unknown field `when`",
        ),
    ];
    for (name, text, want) in &cases {
        assert_ne!(&text.as_str(), &GOOD, "{name}: the edit must change the file");
        let (code, _, err) = run(&dir, name, text);
        assert_eq!(code, 1, "{name}");
        let shown = dir.join(name).to_string_lossy().replace('\\', "/");
        assert!(err.contains(&format!("{shown}{want}")), "{name}: {err}");
    }
    // Several files in one run: the broken ones are reported, the good one still runs.
    std::fs::write(dir.join("good.toml"), GOOD).unwrap();
    let (code, out, err) = run_cli(&["test", dir.to_str().unwrap(), "--data", &data()]);
    assert_eq!(code, 1);
    assert!(out.ends_with("1 passed, 0 failed\n"), "{out}");
    assert_eq!(err.lines().count(), cases.len(), "{err}");
}

#[test]
fn every_unit_of_a_failure_picture_has_a_mark_of_its_own() {
    // Two units whose names start alike, a forest and a mark that must not be entered.
    let dir = scratch("marks");
    let text = GOOD
        .replace("P . . . . . . * . . E", "P K . . T . . * ! . E")
        .replace(
            "[[units]]\nname = \"Scout\"",
            "[[units]]\nname = \"Kara\"\nteam = \"player\"\nat = \"K\"\n\n[[units]]\nname = \"Scout\"",
        )
        .replace("ends_on = \"*\"", "ends_at = [0, 0]\nnever_enters = \"!\"");
    let (code, out, _) = run(&dir, "marks.toml", &text);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "    legend: @ where it went, o its path, ! where it must not go; S Scout where it started, K Kiny, A Kara; \
             . plain, T forest\n"
        ),
        "{out}"
    );
    let row = out.lines().find(|l| l.starts_with("      K")).unwrap_or_default();
    assert_eq!(row, "      KA..T..@!oS", "{out}");
}

#[test]
fn a_refused_scripted_move_says_what_blocked_it() {
    let dir = scratch("blocked");
    let script = |path: &str| {
        GOOD.replace(
            "[[expect]]",
            &format!("[[moves]]\nturn = 1\nunit = \"Kiny\"\npath = \"{path}\"\n\n[[expect]]"),
        )
    };
    for (path, says) in [
        (
            "2222222222",
            "scripted move of Kiny refused by the rules: Kiny's path \"2222222222\" runs into Scout at (10, 0) at step 10",
        ),
        (
            "222222222",
            "scripted move of Kiny refused by the rules: Kiny's path \"222222222\" costs 9, Kiny moves",
        ),
        (
            "1",
            "scripted move of Kiny refused by the rules: Kiny's path \"1\" leaves the map at step 1, (0, -1)",
        ),
    ] {
        let (code, _, err) = run(&dir, "blocked.toml", &script(path));
        assert_eq!(code, 1, "{path}");
        assert!(err.contains(says), "{path}: {err}");
    }
}

#[test]
fn a_file_on_a_chance_scenario_rolls_as_its_battles_do() {
    // An expectation file on a scenario with `[combat] chance = true` plays with chance (it
    // ran without: `alive` and hp could not be tested as the battle plays them); one on a
    // scenario without stays deterministic.
    let root = env!("CARGO_MANIFEST_DIR");
    let dir = scratch("chance");
    let registry = skirmish_core::ai::registry::Registry::standard();
    for (map, chance) in [("woods", true), ("sample", false)] {
        let f = dir.join(format!("{map}.toml"));
        std::fs::write(
            &f,
            format!(
                "name = \"on {map}\"\nscenario = \"{root}/maps/{map}.toml\"\n\n[[expect]]\nunit = \"Kiny\"\nalive = true\n"
            ),
        )
        .unwrap();
        let file = skirmish_data::load::expect::load(&f, None, Path::new(&data()), &registry)
            .unwrap_or_else(|e| panic!("{map}: {e}"));
        assert_eq!(file.scenario.combat.chance, chance, "{map}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
