//! Why battles are lost, and knife edges: `batch` gives every row's endings (text, JSON
//! `endings`, CSV) and says when neighbouring values of a sweep lie more than 20 points of
//! win rate apart (text `knife-edge:` lines, JSON `knife_edges`). `--set unit:` and `kind:`
//! sweep a unit's or a kind's numbers, with located messages naming the known ones.

use skirmish::fixture::run_cli as exec;
use std::path::{Path, PathBuf};

/// A duel on an open field: Kiny (a hero) against Ogre (a charging brute). Kiny wins while
/// Ogre has at most 40 hp and falls from 50 on, whatever the seed.
fn duel(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-whylost-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for f in ["terrain.toml", "profiles.toml", "units.toml"] {
        std::fs::copy(root.join("data").join(f), dir.join("data").join(f)).unwrap();
    }
    std::fs::write(dir.join("maps/duel.txt"), "............\n".repeat(5)).unwrap();
    std::fs::write(
        dir.join("maps/duel.toml"),
        r#"name = "Duel"
map = "duel.txt"

[[units]]
name = "Kiny"
team = "player"
kind = "hero"
at = [1, 2]

[[units]]
name = "Ogre"
team = "enemy"
kind = "brute"
at = [10, 2]
profile = "charger"
"#,
    )
    .unwrap();
    dir.join("maps/duel.toml")
}

#[track_caller]
fn run_ok(args: &[&str]) -> String {
    let (code, out, err) = exec(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    out
}

#[test]
fn every_row_says_how_its_battles_ended_and_a_knife_edge_is_named() {
    let s = duel("text");
    let s = s.to_str().unwrap();
    let out = run_ok(&["batch", s, "--runs", "10", "--set", "unit:Ogre.hp=30,40,50"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"endings (unit:Ogre.hp=40): won: every enemy was defeated 100.0%"),
        "{out}"
    );
    assert!(
        lines.contains(&"endings (unit:Ogre.hp=50): lost: Kiny fell 100.0%"),
        "{out}"
    );
    assert!(
        lines.contains(&"knife-edge: unit:Ogre.hp 40 → 50 moves the win rate 100.0% → 0.0%"),
        "{out}"
    );
    assert_eq!(out.matches("knife-edge").count(), 1, "30 → 40 is no edge: {out}");
    // JSON: every row's endings, and the edges.
    let json = run_ok(&["batch", s, "--runs", "10", "--set", "unit:Ogre.hp=30,40,50", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["cells"][2]["endings"][0]["ending"], "lost: Kiny fell");
    assert_eq!(v["cells"][2]["endings"][0]["battles"], 10);
    assert_eq!(v["cells"][2]["endings"][0]["share"], 1.0);
    let edges = v["knife_edges"].as_array().unwrap();
    assert_eq!(edges.len(), 1);
    assert_eq!(
        (&edges[0]["param"], &edges[0]["from"], &edges[0]["to"]),
        (&"unit:Ogre.hp".into(), &40.into(), &50.into())
    );
    assert_eq!(edges[0]["win_rate"], serde_json::json!([1.0, 0.0]));
    // CSV: a column per ending.
    let csv = s.replace("duel.toml", "report.csv");
    run_ok(&[
        "batch",
        s,
        "--runs",
        "10",
        "--set",
        "unit:Ogre.hp=30,40,50",
        "--csv",
        &csv,
    ]);
    let text = std::fs::read_to_string(&csv).unwrap();
    let head: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let col = head
        .iter()
        .position(|h| *h == "ending lost: Kiny fell")
        .expect("an ending column");
    let last: Vec<&str> = text.lines().nth(3).unwrap().split(',').collect();
    assert_eq!(last[col], "1");
    // The edge is found along one sweep with the other held (a grid).
    let grid = run_ok(&[
        "batch",
        s,
        "--runs",
        "4",
        "--set",
        "unit:Ogre.hp=40,50",
        "--set",
        "kind:hero.attack=9,12",
    ]);
    assert!(
        grid.contains("knife-edge: unit:Ogre.hp 40 → 50 moves the win rate 100.0% → 0.0% (at kind:hero.attack=9)"),
        "{grid}"
    );
    // A slice merged back has the same edges and endings.
    let dir = Path::new(s).parent().unwrap();
    let parts: Vec<String> = (1..=2)
        .map(|i| {
            let p = dir.join(format!("part{i}.json"));
            let shard = format!("{i}/2");
            std::fs::write(
                &p,
                run_ok(&[
                    "batch",
                    s,
                    "--runs",
                    "10",
                    "--set",
                    "unit:Ogre.hp=30,40,50",
                    "--json",
                    "--shard",
                    &shard,
                ]),
            )
            .unwrap();
            p.to_string_lossy().into_owned()
        })
        .collect();
    assert_eq!(run_ok(&["batch", "--merge", &parts[0], &parts[1], "--json"]), json);
}

#[test]
fn unit_and_kind_sweeps_name_what_they_know() {
    let s = duel("names");
    let s = s.to_str().unwrap();
    let err = |args: &[&str]| {
        let (code, out, err) = exec(args);
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        err
    };
    let e = err(&["batch", s, "--set", "unit:Orge.hp=10"]);
    assert!(
        e.contains("no unit \"Orge\" in this scenario (known: Kiny, Ogre)") && e.contains("Ogre"),
        "{e}"
    );
    let e = err(&["batch", s, "--set", "unit:Ogre.speed=10"]);
    assert!(
        e.contains(
            "unknown key \"speed\" (known: move, hp, attack, defense, range_min, range_max, zoc, skirmisher, canto)"
        ),
        "{e}"
    );
    let e = err(&["batch", s, "--set", "kind:ogre.hp=10"]);
    assert!(e.contains("no unit kind \"ogre\" (known: hero, knight"), "{e}");
    let e = err(&["batch", s, "--set", "kind:brute.range_min=3"]);
    assert!(e.contains("range_min 3 is beyond range_max 1"), "{e}");
    let e = err(&["batch", s, "--set", "unit:.hp=3"]);
    assert!(e.contains("no name after `unit:`"), "{e}");
    // A kind's number reaches the units of that kind: a brute of 12 hp falls in one turn more.
    let weak = run_ok(&["batch", s, "--runs", "2", "--set", "kind:brute.hp=12", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&weak).unwrap();
    assert_eq!(v["cells"][0]["win_rate"], 1.0);
    let strong = run_ok(&["batch", s, "--runs", "2", "--set", "kind:brute.hp=80", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&strong).unwrap();
    assert_eq!(v["cells"][0]["win_rate"], 0.0);
}
