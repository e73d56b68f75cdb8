//! Fog of war's designer tools (issue 38): `check` warns of a fog scenario whose enemies can
//! never see a player unit, `ai --explain` says what the enemy's side saw, and expectation
//! files check it with `sees = [...]` / `unseen = [...]`.

mod common;

use skirmish::fixture::run_cli;
use std::path::{Path, PathBuf};

const UNITS: &str = r#"
[hero]
sprite = "hero"
move = 5
hp = 30
attack = 8
defense = 2
range = [1, 7]

[brute]
sprite = "brute"
move = 5
hp = 30
attack = 8
defense = 2
range = [1, 7]
vision = 3
"#;

/// Kiny walled in west of the wall (column 4), the brute east of it.
const SCENARIO: &str = r#"name = "Blind"
map = "field.txt"
fog = true

[[units]]
name = "Kiny"
team = "player"
kind = "hero"
at = [1, 1]

[[units]]
name = "Brute"
team = "enemy"
kind = "brute"
at = [9, 1]
profile = "charger"
"#;

/// A project folder in the temp folder: the shipped terrain (forest `hides`), profiles, the
/// kinds above, `maps/field.txt` (`map`) and `maps/fog.toml` (`scenario`).
fn tree(name: &str, map: &str, scenario: &str) -> PathBuf {
    // The shipped forest hides (data/terrain.toml, issue 38's content): the tests lean on it.
    let terrain = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/terrain.toml")).unwrap();
    assert!(terrain.contains("hides = true"), "the shipped forest no longer hides");
    let raider = "
[raider]
behavior = \"advance\"
goal = [5, 1]
";
    common::project("fogtools", name, UNITS, map, raider, "fog.toml", scenario)
}

const WALLED: &str = "....#......\n....#......\n....#......\n";

fn check(dir: &Path, strict: bool) -> (i32, String) {
    let scen = dir.join("maps/fog.toml");
    let mut args = vec!["check", scen.to_str().unwrap()];
    if strict {
        args.push("--strict");
    }
    let (code, out, err) = run_cli(&args);
    (code, out + &err)
}

const BLIND: &str = "warning: fog of war: no enemy can ever see a player unit from where it stands";

#[test]
fn check_warns_of_a_fog_scenario_no_enemy_can_ever_see() {
    let dir = tree("blind", WALLED, SCENARIO);
    let (code, all) = check(&dir, false);
    assert_eq!(code, 0, "{all}");
    // At the `fog` key's value: line 3, column 7.
    let shown = skirmish::load::diag::display_path(&dir.join("maps/fog.toml"));
    assert!(all.contains(&format!("{shown}:3:7: {BLIND}")), "{all}");
    assert!(all.starts_with("ok, 1 warning\n"), "{all}");
    let (code, all) = check(&dir, true);
    assert_eq!(code, 1, "--strict fails on it: {all}");
    std::fs::remove_dir_all(dir).unwrap();

    // Seen, or not a fog scenario: no warning.
    for (k, (map, scenario)) in [
        // Vision 6 from (9, 1) reaches (3, 1), where Kiny can walk.
        (WALLED, SCENARIO.to_string()),
        (WALLED, SCENARIO.replace("fog = true", "fog = false")),
        // An `advance` enemy walks without seeing: at (5, 1) it would see (2, 1).
        (WALLED, SCENARIO.replace("charger", "raider")),
    ]
    .into_iter()
    .enumerate()
    {
        let dir = tree(&format!("seen{k}"), map, &scenario);
        if k == 0 {
            let units = std::fs::read_to_string(dir.join("data/units.toml")).unwrap();
            std::fs::write(dir.join("data/units.toml"), units.replace("vision = 3", "vision = 6")).unwrap();
        }
        let (code, all) = check(&dir, true);
        assert_eq!((code, all.as_str()), (0, "ok\n"), "case {k}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn check_reads_hides_and_wandering_enemies_as_sight_does() {
    // Kiny stands walled in on a forest cell at (4, 1): the brute's vision 6 reaches it from
    // (10, 1), but a forest cell is seen only from next to it.
    let forest = "....#......\n####T#.....\n....#......\n";
    let scenario = SCENARIO
        .replace("at = [1, 1]", "at = [4, 1]")
        .replace("at = [9, 1]", "at = [10, 1]");
    let dir = tree("hides", forest, &scenario);
    let units = std::fs::read_to_string(dir.join("data/units.toml")).unwrap();
    std::fs::write(dir.join("data/units.toml"), units.replace("vision = 3", "vision = 6")).unwrap();
    let (_, all) = check(&dir, false);
    assert!(all.contains(BLIND), "the forest hides Kiny: {all}");
    // Without the forest's cover the brute sees her (distance 6).
    std::fs::write(dir.join("maps/field.txt"), forest.replace('T', ".")).unwrap();
    let (code, all) = check(&dir, true);
    assert_eq!((code, all.as_str()), (0, "ok\n"));
    std::fs::remove_dir_all(dir).unwrap();
    // An `advance` enemy that can walk nowhere sees only from where it stands.
    let dir = tree(
        "stuck",
        "....#....#.\n....#....##\n....#......\n",
        &SCENARIO
            .replace("at = [9, 1]", "at = [10, 0]")
            .replace("charger", "raider"),
    );
    let (_, all) = check(&dir, false);
    assert!(all.contains(BLIND), "{all}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_shipped_raid_is_seen_and_gives_no_warning() {
    let (code, out, err) = run_cli(&["check", "tests/fog/maps/raid.toml", "--strict"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
}

#[test]
fn ai_explain_says_what_the_enemy_side_saw_under_fog_only() {
    let field = "...........\n...........\n...........\n";
    let dir = tree("explain", field, &SCENARIO.replace("at = [9, 1]", "at = [4, 1]"));
    let scen = dir.join("maps/fog.toml");
    let scen = scen.to_str().unwrap();
    let (code, out, err) = run_cli(&["ai", scen, "--explain", "Brute"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Brute (charger) at (4, 1), move 5");
    assert_eq!(
        lines[1],
        "fog of war: its side sees Kiny at (1, 1) (it knows of no other player unit)"
    );
    let (_, json, _) = run_cli(&["ai", scen, "--explain", "Brute", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(j["saw"], serde_json::json!(["Kiny"]));
    // Out of sight (distance 8 > vision 3): it sees nobody and says so.
    std::fs::write(dir.join("maps/fog.toml"), SCENARIO).unwrap();
    let (_, out, _) = run_cli(&["ai", scen, "--explain", "Brute"]);
    assert_eq!(
        out.lines().nth(1),
        Some("fog of war: its side sees no player unit (it decides as if there were none)")
    );
    let (_, json, _) = run_cli(&["ai", scen, "--explain", "Brute", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(j["saw"], serde_json::json!([]));
    // Without fog nothing is added.
    std::fs::write(dir.join("maps/fog.toml"), SCENARIO.replace("fog = true", "fog = false")).unwrap();
    let (_, out, _) = run_cli(&["ai", scen, "--explain", "Brute"]);
    assert!(!out.contains("fog of war"), "{out}");
    let (_, json, _) = run_cli(&["ai", scen, "--explain", "Brute", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(j.get("saw").is_none(), "{json}");
    std::fs::remove_dir_all(dir).unwrap();
}

const EXAMPLE: &str = "tests/ai/fog-raid-what-the-enemy-sees.toml";

#[test]
fn expectation_files_check_what_the_enemy_side_sees() {
    let (code, out, err) = run_cli(&["test", EXAMPLE]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with("3 passed, 0 failed\n"), "{out}");
    // Wrong expectations fail, saying what the side saw.
    let text = std::fs::read_to_string(EXAMPLE).unwrap();
    let dir = std::env::temp_dir().join(format!("skirmish-fogtools-expect-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let raid = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fog/maps/raid.toml");
    let text = text.replace("../fog/maps/raid.toml", &raid.to_string_lossy().replace('\\', "/"));
    let wrong = dir.join("wrong.toml");
    std::fs::write(
        &wrong,
        text.replace("sees = [\"Lance\"]", "sees = [\"Kiny\"]").replacen(
            "unseen = [\"Kiny\", \"Lance\", \"Robin\"]",
            "sees = [\"Robin\"]",
            1,
        ),
    )
    .unwrap();
    let (code, out, _) = run_cli(&["test", wrong.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("expected sees Robin: its side did not see Robin (it saw no unit of the other side)"),
        "{out}"
    );
    assert!(
        out.contains("expected sees Kiny: its side did not see Kiny (it saw Lance)"),
        "{out}"
    );
    assert!(out.ends_with("1 passed, 2 failed\n"), "{out}");
    // Unknown names and enemies are located errors.
    for (from, to, want) in [
        ("\"Robin\"]\ntarget", "\"Robyn\"]\ntarget", "no unit named \"Robyn\""),
        (
            "\"Robin\"]\ntarget",
            "\"Guard\"]\ntarget",
            "\"Guard\" is an enemy: `unseen` names player units",
        ),
        ("sees = [\"Lance\"]", "sees = []", "sees = [] checks nothing"),
    ] {
        assert!(text.contains(from), "{from}");
        let bad = text.replacen(from, to, 1);
        std::fs::write(&wrong, &bad).unwrap();
        let (code, out, err) = run_cli(&["test", wrong.to_str().unwrap()]);
        let all = out + &err;
        assert_eq!(code, 1, "{all}");
        let word = to.split('\n').next().unwrap();
        let line = bad.lines().position(|l| l.contains(word)).unwrap() + 1;
        let shown = skirmish::load::diag::display_path(&wrong);
        assert!(all.contains(&format!("{shown}:{line}:")), "{to}: {all}");
        assert!(all.contains(want), "{to}: {all}");
        assert!(!all.contains("panicked"), "{all}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
