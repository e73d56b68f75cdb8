//! Fog of war through the files and the command line: `fog = true` in a scenario (or the
//! `.tmx` map's `fog` property, written back by `export-tiled`), `vision` on kinds and
//! `vision`/`hides` on terrain in the data folder, every mistake located by `check`; the
//! `--set` and difficulty key `kind:KIND.vision`.

mod common;

use skirmish::fixture::run_cli;
use skirmish::load::set::{SetKey, apply};
use std::path::{Path, PathBuf};

const UNITS: &str = r#"
[hero]
sprite = "hero"
move = 5
hp = 30
attack = 8
defense = 2
range = 1
vision = 4

[brute]
sprite = "brute"
move = 5
hp = 30
attack = 8
defense = 2
range = 1
"#;

const SCENARIO: &str = r#"name = "Night raid"
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
at = [5, 1]
profile = "charger"
"#;

/// A project folder: the shipped terrain (`hides = true` on forest and `vision = 1` on
/// hill), the shipped profiles, the kinds above, and `maps/raid.toml` (with `scenario` as its
/// text) on a small field.
fn tree(name: &str, scenario: &str) -> PathBuf {
    common::project(
        "fog",
        name,
        UNITS,
        "........
..T.^...
........
",
        "",
        "raid.toml",
        scenario,
    )
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn the_loaders_read_fog_vision_and_hides() {
    let dir = tree("load", SCENARIO);
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    assert_eq!(data.kinds.get("hero").unwrap().vision, 4);
    assert_eq!(data.kinds.get("brute").unwrap().vision, 3, "the default");
    let t = |n: &str| data.terrain.kinds().iter().find(|t| t.name == n).unwrap().clone();
    assert!(t("forest").hides && t("forest").vision == 0);
    assert!(!t("hill").hides && t("hill").vision == 1);
    assert!(!t("plain").hides && t("plain").vision == 0);
    let s = skirmish::load::scenario::load(&dir.join("maps/raid.toml"), &data).unwrap();
    assert!(s.fog);
    assert_eq!((s.units[0].vision, s.units[1].vision), (4, 3));
    let b = skirmish::rules::Battle::new(&s, &data);
    assert!(b.fog());
    assert_eq!(b.unit(b.find("Kiny").unwrap()).vision(), 4);
    // Without the key, no fog; `fog = false` says the same.
    for (k, text) in [
        SCENARIO.replace("fog = true\n", ""),
        SCENARIO.replace("fog = true", "fog = false"),
    ]
    .into_iter()
    .enumerate()
    {
        let plain = tree(&format!("plain{k}"), &text);
        let data = skirmish::load::data::load(&plain.join("data")).unwrap();
        let s = skirmish::load::scenario::load(&plain.join("maps/raid.toml"), &data).unwrap();
        assert!(!s.fog);
        std::fs::remove_dir_all(plain).unwrap();
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn mistakes_are_located_by_check() {
    let cases: [(&str, &str, &str, &str); 7] = [
        (
            "data/units.toml",
            "vision = 4",
            "vision = -1",
            "unit kind 'hero': vision = -1 is out of range (expected 0..=64)",
        ),
        (
            "data/units.toml",
            "vision = 4",
            "vision = 65",
            "unit kind 'hero': vision = 65 is out of range (expected 0..=64)",
        ),
        ("data/units.toml", "vision = 4", "visoin = 4", "unknown field `visoin`"),
        (
            "data/terrain.toml",
            "vision = 1",
            "vision = 99",
            "terrain 'hill': vision 99 is out of range (expected -64..=64)",
        ),
        (
            "data/terrain.toml",
            "hides = true",
            "hides = 1",
            "invalid type: integer `1`, expected a boolean",
        ),
        ("maps/raid.toml", "fog = true", "fogg = true", "unknown field `fogg`"),
        (
            "maps/raid.toml",
            "fog = true",
            "fog = \"yes\"",
            "invalid type: string \"yes\", expected a boolean",
        ),
    ];
    for (k, (file, from, to, want)) in cases.into_iter().enumerate() {
        let dir = tree(&format!("bad{k}"), SCENARIO);
        let target = dir.join(file);
        let text = std::fs::read_to_string(&target).unwrap();
        assert!(text.contains(from), "{file}: {from}");
        std::fs::write(&target, text.replacen(from, to, 1)).unwrap();
        let line = text.lines().position(|l| l.contains(from)).unwrap() + 1;
        let col = text.lines().nth(line - 1).unwrap().find(from).unwrap() + 1;
        let (code, out, err) = run_cli(&[
            "check",
            path(&dir.join("maps/raid.toml")),
            "--data",
            path(&dir.join("data")),
        ]);
        let all = out + &err;
        assert_eq!(code, 1, "{all}");
        let shown = skirmish::load::diag::display_path(&target);
        assert!(
            all.contains(&format!("{shown}:{line}:")),
            "{to}: located at line {line}: {all}"
        );
        // The column points into the line, at the key or its value.
        let at = all.find(&format!("{shown}:{line}:")).unwrap() + format!("{shown}:{line}:").len();
        let shown_col: usize = all[at..].split(':').next().unwrap().parse().unwrap();
        assert!(
            (col..=col + to.len()).contains(&shown_col),
            "{to}: column {shown_col}: {all}"
        );
        assert!(all.contains(want), "{to}: {all}");
        assert!(!all.contains("panicked"), "{all}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn set_keys_change_a_kinds_vision() {
    let dir = tree("set", SCENARIO);
    let mut data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let mut s = skirmish::load::scenario::load(&dir.join("maps/raid.toml"), &data).unwrap();
    let key = SetKey::parse("kind:brute.vision").unwrap();
    assert_eq!(skirmish::load::set::current(&s, &data, &key), Some(3));
    apply(&mut s, &mut data, &key, 6).unwrap();
    assert_eq!((s.units[1].vision, data.kinds.get("brute").unwrap().vision), (6, 6));
    assert_eq!(s.units[0].vision, 4, "another kind keeps its own");
    let e = apply(&mut s, &mut data, &key, 65).unwrap_err();
    assert_eq!(e, "vision = 65 is out of range (expected 0..=64)");
    let e = apply(&mut s, &mut data, &SetKey::parse("unit:Kiny.vision").unwrap(), 5).unwrap_err();
    assert_eq!(
        e,
        "vision is a number of the unit's kind, not of one unit: set kind:hero.vision"
    );
    // A difficulty level takes the same key.
    std::fs::write(
        dir.join("maps/raid.toml"),
        format!("{SCENARIO}\n[difficulty.hard]\n\"kind:brute.vision\" = 7\n"),
    )
    .unwrap();
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let (hard, _) = skirmish::load::difficulty::load(&dir.join("maps/raid.toml"), data, Some("hard")).unwrap();
    assert_eq!(hard.units[1].vision, 7);
    // And batch's --set.
    let (code, _, err) = run_cli(&[
        "batch",
        path(&dir.join("maps/raid.toml")),
        "--data",
        path(&dir.join("data")),
        "--runs",
        "1",
        "--set",
        "kind:brute.vision=99",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("vision = 99 is out of range (expected 0..=64)"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_tmx_map_says_fog_and_export_tiled_writes_it() {
    let dir = tree("tiled", SCENARIO);
    let out = dir.join("out");
    let (code, _, err) = run_cli(&[
        "export-tiled",
        path(&dir.join("maps/raid.toml")),
        "--data",
        path(&dir.join("data")),
        "--out",
        path(&out),
    ]);
    assert_eq!(code, 0, "{err}");
    let tmx = std::fs::read_to_string(out.join("raid.tmx")).unwrap();
    assert!(
        tmx.contains("<property name=\"fog\" type=\"bool\" value=\"true\"/>"),
        "{tmx}"
    );
    let toml = std::fs::read_to_string(out.join("raid.toml")).unwrap();
    assert!(!toml.contains("fog"), "the map says it: {toml}");
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&out.join("raid.toml"), &data).unwrap();
    assert!(s.fog, "read back from the map property");
    // The scenario's own key wins over the map's property.
    std::fs::write(out.join("raid.toml"), format!("fog = false\n{toml}")).unwrap();
    assert!(
        !skirmish::load::scenario::load(&out.join("raid.toml"), &data)
            .unwrap()
            .fog
    );
    // A property of another type is a located error.
    std::fs::write(out.join("raid.toml"), &toml).unwrap();
    std::fs::write(
        out.join("raid.tmx"),
        tmx.replace(
            "name=\"fog\" type=\"bool\" value=\"true\"",
            "name=\"fog\" type=\"int\" value=\"1\"",
        ),
    )
    .unwrap();
    let (code, _, err) = run_cli(&["check", path(&out.join("raid.toml")), "--data", path(&dir.join("data"))]);
    assert_eq!(code, 1);
    let line = tmx.lines().position(|l| l.contains("name=\"fog\"")).unwrap() + 1;
    assert!(err.contains(&format!("raid.tmx:{line}:")), "{err}");
    assert!(
        err.contains("map property `fog` must be a bool (true or false), found"),
        "{err}"
    );
    // Without fog the export has no such property.
    let plain = tree("tiledplain", &SCENARIO.replace("fog = true\n", ""));
    let (code, _, err) = run_cli(&[
        "export-tiled",
        path(&plain.join("maps/raid.toml")),
        "--data",
        path(&plain.join("data")),
        "--out",
        path(&plain.join("out")),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !std::fs::read_to_string(plain.join("out/raid.tmx"))
            .unwrap()
            .contains("fog")
    );
    for d in [dir, plain] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// The night raid of `tests/fog/` (fog on, forest hides, hills +1 vision): the scenario of
/// the guide's fog page.
fn raid() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fog/maps/raid.toml")
}

#[test]
fn simulate_tells_of_the_ambush_in_text_and_json() {
    let raid = raid();
    let (code, text, err) = run_cli(&["simulate", path(&raid), "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    // Kiny means to walk to (4, 3) and runs into the sentry waiting in the dark at (1, 3).
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[1..3],
        [
            "  Kiny (player) -> the nearest cell to seize: (1, 7) -> (4, 3) path 1111222  | moves to (4, 3) towards the nearest cell to seize",
            "    Kiny runs into Sentry, unseen in the fog, and stops at (1, 4)",
        ]
    );
    let (code, json, err) = run_cli(&["simulate", path(&raid), "--seed", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let first = &v["turns"][0]["decisions"];
    assert_eq!(first[0]["unit"], "Kiny");
    assert_eq!(first[0]["saw"], serde_json::json!([]), "Kiny saw no enemy");
    assert_eq!(first[0]["ambushed"], serde_json::json!({"by": "Sentry", "at": [1, 4]}));
    // Lance, deciding after, knows of the sentry Kiny now stands next to.
    assert_eq!(first[1]["saw"], serde_json::json!(["Sentry"]));
    assert_eq!(first[1]["attack"], "Sentry");
    // Every decision lists what its side saw.
    for t in v["turns"].as_array().unwrap() {
        for d in t["decisions"].as_array().unwrap() {
            assert!(d["saw"].is_array(), "{d}");
        }
    }
}

#[test]
fn ai_json_lists_the_player_units_each_enemy_saw() {
    let (code, json, err) = run_cli(&["ai", path(&raid()), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let saw: Vec<(String, serde_json::Value)> = v["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["unit"].as_str().unwrap().to_string(), d["saw"].clone()))
        .collect();
    // At the start nobody of the player's is within sight of the raiders.
    assert!(saw.iter().all(|(_, s)| s == &serde_json::json!([])), "{saw:?}");
    assert_eq!(saw.len(), 5);
    // And the text says why they stay.
    let (_, text, _) = run_cli(&["ai", path(&raid())]);
    assert_eq!(
        text.lines().nth(1),
        Some("Brute (charger) -> nobody: (5, 5) -> (5, 5) path 0  | sees no player unit: stays")
    );
}

#[test]
fn a_replay_gives_the_ambush_again_and_a_save_keeps_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("skirmish-fog-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("raid.replay");
    let (code, sim, err) = run_cli(&[
        "simulate",
        path(&raid()),
        "--seed",
        "1",
        "--json",
        "--record",
        path(&file),
    ]);
    assert_eq!(code, 0, "{err}");
    let sim: serde_json::Value = serde_json::from_str(&sim).unwrap();
    let (code, out, err) = run_cli(&["replay", path(&file), "--json"]);
    assert_eq!(code, 0, "{err}");
    let rep: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((&rep["result"], &rep["why"]), (&sim["result"], &sim["why"]));
    let ambushes: Vec<&serde_json::Value> = rep["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "ambushed")
        .collect();
    assert_eq!(
        ambushes,
        [&serde_json::json!({"event": "ambushed", "unit": "Kiny", "by": "Sentry", "at": [1, 4]})]
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // A save made after the ambush resumes with Kiny where she stopped, done for the phase.
    use skirmish::rules::{Battle, Command};
    let data = skirmish::load::data::load(&raid().parent().unwrap().parent().unwrap().join("data")).unwrap();
    let s = skirmish::load::scenario::load(&raid(), &data).unwrap();
    let mut b = Battle::new(&s, &data);
    let kiny = b.find("Kiny").unwrap();
    let events = b
        .execute(Command::Move {
            unit: kiny,
            path: skirmish::search::grid::Path::parse("1111222").unwrap(),
        })
        .unwrap();
    assert_eq!(events.len(), 3, "{events:?}");
    let file = skirmish::io::save::snapshot(&b, &s, 1);
    let mut resumed = Battle::new(&s, &data);
    skirmish::io::save::restore(&file, &s, &mut resumed, Path::new("x.save")).unwrap();
    let at = skirmish::search::grid::Pos::new(1, 4);
    assert_eq!(resumed.unit(kiny).pos(), at);
    assert!(resumed.unit(kiny).acted());
    use skirmish::search::grid::Team;
    assert_eq!(resumed.sight(Team::Player), b.sight(Team::Player));
}

#[test]
fn without_fog_the_reports_have_no_saw_or_ambushed() {
    let text = std::fs::read_to_string(raid())
        .unwrap()
        .replace("fog = true", "fog = false");
    let dir = std::env::temp_dir().join(format!("skirmish-fog-nofog-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    let fog = raid().parent().unwrap().parent().unwrap().to_path_buf();
    std::fs::write(dir.join("maps/raid.toml"), text).unwrap();
    std::fs::copy(fog.join("maps/raid.txt"), dir.join("maps/raid.txt")).unwrap();
    let data = fog.join("data");
    let s = dir.join("maps/raid.toml");
    for args in [
        vec!["simulate", path(&s), "--seed", "1", "--json", "--data", path(&data)],
        vec!["ai", path(&s), "--json", "--data", path(&data)],
    ] {
        let (code, out, err) = run_cli(&args);
        assert_eq!(code, 0, "{err}");
        assert!(!out.contains("\"saw\"") && !out.contains("ambushed"), "{out}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
