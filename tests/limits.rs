//! Limits are one number each and said, not clamped: `move` stops at `MAX_MOVE` (1,000)
//! in `units.toml`, in scenarios and on the command line, each with a message.

mod common;

use common::{Tree, root};
use skirmish::fixture::run_cli as exec;
use skirmish::load::units::MAX_MOVE;

#[test]
fn the_limit_is_the_scenario_limit() {
    assert_eq!(MAX_MOVE, 1_000);
}

#[test]
fn units_toml_refuses_a_move_past_the_limit_at_its_own_place() {
    let t = Tree::new("units");
    let units = t.edit("data/units.toml", "move = 7\nhp = 28\n", "move = 5000\nhp = 28\n");
    let (code, out, err) = exec(&["check", "--data", t.0.join("data").to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    let want = format!(
        "{}:17:8: unit kind 'hero': move = 5000 is out of range (expected 0..=1000)",
        units.display()
    );
    assert!(err.lines().any(|l| l == want), "want {want}\n got {err}");
    // The error is the kind's, not every scenario's that uses the kind.
    assert!(!err.contains("maps/"), "{err}");
    // The limit itself is accepted.
    t.edit("data/units.toml", "move = 5000\nhp", "move = 1000\nhp");
    let (code, _, err) = exec(&["check", "--data", t.0.join("data").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn range_on_a_bare_map_refuses_a_move_past_the_limit() {
    let map = root().join("maps/sample.txt");
    let map = map.to_str().unwrap();
    let (code, out, err) = exec(&["range", "--map", map, "--from", "20,20", "--move", "1001", "--json"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("--move 1001 is out of range (expected 0..=1000)"), "{err}");
    let (code, out, err) = exec(&["range", "--map", map, "--from", "20,20", "--move", "16777215", "--json"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    let (code, out, err) = exec(&["range", "--map", map, "--from", "20,20", "--move", "1000", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\"move\":1000"),
        "the move as given: {}",
        &out[..80.min(out.len())]
    );
}

#[test]
fn units_toml_takes_a_move_growth_and_refuses_one_past_its_limit_at_its_place() {
    let t = Tree::new("growth-move");
    let units = t.edit(
        "data/units.toml",
        "[hero.growth]\nhp = 2\n",
        "[hero.growth]\nmove = 11\nhp = 2\n",
    );
    let (code, out, err) = exec(&["check", "--data", t.0.join("data").to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    // The line the edit put `move = 11` on (the file's other tables may grow above it).
    let line = std::fs::read_to_string(&units)
        .unwrap()
        .lines()
        .position(|l| l == "move = 11")
        .unwrap()
        + 1;
    let want = format!(
        "{}:{line}:8: unit kind 'hero': move growth 11 is out of range (expected 0..=10 per level)",
        units.display()
    );
    assert!(err.lines().any(|l| l == want), "want {want}\n got {err}");
    t.edit("data/units.toml", "move = 11\n", "move = 1\n");
    let data = skirmish::load::data::load(&t.0.join("data")).unwrap();
    let hero = data.kinds.get("hero").unwrap();
    assert_eq!((hero.growth.movement, hero.growth.hp), (1, 2));
}
