//! Fog of war through the files and the command line: `fog = true` in a scenario (or the
//! `.tmx` map's `fog` property, written back by `export-tiled`), `vision` on kinds and
//! `vision`/`hides` on terrain in the data folder, every mistake located by `check`; the
//! `--set` and difficulty key `kind:KIND.vision`.

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

/// A project folder: the shipped terrain with `hides = true` on forest and `vision = 1` on
/// hill, the shipped profiles, the kinds above, and `maps/raid.toml` (with `scenario` as its
/// text) on a small field.
fn tree(name: &str, scenario: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-fog-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let terrain = std::fs::read_to_string(root.join("data/terrain.toml"))
        .unwrap()
        .replacen("avoid = 20 ", "avoid = 20\nhides = true ", 1)
        .replacen("defense = 2\n", "defense = 2\nvision = 1\n", 1);
    std::fs::write(dir.join("data/terrain.toml"), terrain).unwrap();
    std::fs::copy(root.join("data/profiles.toml"), dir.join("data/profiles.toml")).unwrap();
    std::fs::write(dir.join("data/units.toml"), UNITS).unwrap();
    std::fs::write(dir.join("maps/field.txt"), "........\n..T.^...\n........\n").unwrap();
    std::fs::write(dir.join("maps/raid.toml"), scenario).unwrap();
    dir
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
