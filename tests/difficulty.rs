//! Difficulty levels: `[difficulty.NAME]` tables of a scenario in the `--set` key syntax,
//! `--difficulty NAME` on the commands that load a scenario, recorded in saves and replays,
//! every mistake located, and `check`'s warning for a level whose tuned win rate is unknown.

use skirmish::fixture::run_cli as exec;
use skirmish::load::difficulty;
use std::path::{Path, PathBuf};

/// A scenario folder with the project's data: `DIR/maps/duel.toml` on an open field, a hero
/// and a soldier against a brute (hp 22 in units.toml) and a soldier with its own hp.
fn tree(name: &str, levels: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-difficulty-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for f in ["terrain.toml", "profiles.toml", "units.toml"] {
        std::fs::copy(root.join("data").join(f), dir.join("data").join(f)).unwrap();
    }
    std::fs::write(
        dir.join("maps/duel.txt"),
        "..........\n..........\n..........\n..........\n..........\n",
    )
    .unwrap();
    let scenario = format!(
        r#"name = "Duel"
map = "duel.txt"

[[units]]
name = "Kiny"
team = "player"
kind = "hero"
at = [1, 2]

[[units]]
name = "Pike"
team = "player"
kind = "soldier"
at = [1, 3]

[[units]]
name = "Brute"
team = "enemy"
kind = "brute"
at = [8, 2]
profile = "charger"

[[units]]
name = "Tough"
team = "enemy"
kind = "soldier"
hp = 30
at = [8, 3]
profile = "archer"
{levels}"#
    );
    std::fs::write(dir.join("maps/duel.toml"), scenario).unwrap();
    dir
}

const LEVELS: &str = r#"
[difficulty.easy]
tuned = "90% average"
"unit:Brute.hp" = 10
"kind:soldier.hp" = 12

[difficulty.normal]
tuned = "60% average"

[difficulty.hard]       # no tuned win rate yet
"archer.range" = 2
"kind:brute.attack" = 12
"unit:Kiny.move" = 3
"#;

fn load(dir: &Path, level: Option<&str>) -> (skirmish::load::scenario::Scenario, skirmish::load::data::DataSet) {
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    difficulty::load(&dir.join("maps/duel.toml"), data, level).unwrap_or_else(|e| panic!("{e}"))
}

fn unit<'a>(s: &'a skirmish::load::scenario::Scenario, name: &str) -> &'a skirmish::model::scenario::UnitSpec {
    s.units.iter().find(|u| u.name == name).unwrap()
}

#[test]
fn levels_are_listed_in_file_order_without_loading_the_map() {
    let dir = tree("list", LEVELS);
    let names = difficulty::levels(&dir.join("maps/duel.toml")).unwrap();
    assert_eq!(names, ["easy", "normal", "hard"]);
    // Cheap: a scenario whose map is missing still lists its levels.
    std::fs::remove_file(dir.join("maps/duel.txt")).unwrap();
    assert_eq!(difficulty::levels(&dir.join("maps/duel.toml")).unwrap().len(), 3);
    let plain = tree("plain", "");
    assert!(difficulty::levels(&plain.join("maps/duel.toml")).unwrap().is_empty());
}

#[test]
fn a_level_sets_units_kinds_and_profiles() {
    let dir = tree("apply", LEVELS);
    let (s, d) = load(&dir, None);
    assert_eq!(s.difficulty, None);
    assert_eq!((unit(&s, "Brute").stats.hp, unit(&s, "Pike").stats.hp), (22, 20));
    let (easy, _) = load(&dir, Some("easy"));
    assert_eq!(easy.difficulty.as_deref(), Some("easy"));
    assert_eq!(unit(&easy, "Brute").stats.hp, 10, "unit:Brute.hp");
    assert_eq!(unit(&easy, "Pike").stats.hp, 12, "a soldier takes its kind's new hp");
    assert_eq!(
        unit(&easy, "Tough").stats.hp,
        30,
        "a soldier that writes its own hp keeps it"
    );
    assert_eq!(easy.levels, s.levels, "the scenario keeps its levels as written");
    let (hard, hd) = load(&dir, Some("hard"));
    assert_eq!(unit(&hard, "Brute").stats.attack, 12);
    assert_eq!(unit(&hard, "Kiny").movement, 3);
    assert_ne!(hd.profiles, d.profiles, "archer.range changed for this battle");
    assert_eq!(hd.kinds.get("brute").unwrap().stats.attack, 12);
    // normal is the scenario as written.
    let (normal, nd) = load(&dir, Some("normal"));
    assert_eq!((normal.units.clone(), nd), (s.units.clone(), d));
}

#[test]
fn an_unknown_level_names_the_known_ones() {
    let dir = tree("unknown", LEVELS);
    let s = dir.join("maps/duel.toml");
    let (code, out, err) = exec(&["simulate", s.to_str().unwrap(), "--difficulty", "nightmare"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("duel.toml:") && err.contains("no difficulty level \"nightmare\" (known: easy, normal, hard)"),
        "{err}"
    );
    let plain = tree("unknown-plain", "");
    let (code, _, err) = exec(&[
        "ai",
        plain.join("maps/duel.toml").to_str().unwrap(),
        "--difficulty",
        "easy",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("has no [difficulty.NAME] tables"), "{err}");
}

#[test]
fn mistakes_in_a_level_are_located_with_the_known_names() {
    let cases = [
        (
            "[difficulty.easy]\n\"unit:Brutte.hp\" = 10\n",
            "no unit \"Brutte\" in this scenario (known: Kiny, Pike, Brute, Tough)",
        ),
        (
            "[difficulty.easy]\n\"unit:Brute.speed\" = 10\n",
            "unknown key \"speed\" (known: move, hp, attack, defense, range_min, range_max, zoc, skirmisher, canto)",
        ),
        (
            "[difficulty.easy]\n\"kind:ogre.hp\" = 10\n",
            "no unit kind \"ogre\" (known: hero",
        ),
        ("[difficulty.easy]\n\"sniper.range\" = 4\n", "no profile 'sniper'"),
        (
            "[difficulty.easy]\n\"unit:Brute.hp\" = 0\n",
            "hp = 0 is out of range (expected 1..=9999)",
        ),
        (
            "[difficulty.easy]\n\"unit:Brute.hp\" = \"lots\"\n",
            "a level sets whole numbers",
        ),
        ("[difficulty.easy]\nbrute = 3\n", "no '.' between the name and the key"),
        ("[difficulty.easy]\ntuned = 65\n", "`tuned` is the win rate"),
        (
            "[difficulty.easy]\n\"unit:Brute.range_min\" = 3\n",
            "range_min 3 is beyond range_max 1",
        ),
    ];
    for (k, (levels, message)) in cases.iter().enumerate() {
        let dir = tree(&format!("mistake{k}"), levels);
        let s = dir.join("maps/duel.toml");
        let (code, out, err) = exec(&["check", s.to_str().unwrap()]);
        assert_eq!((code, out.as_str()), (1, ""), "{levels}: {err}");
        assert!(err.contains(message), "{levels}: {err}");
        // Located at the key (line 35 is the one after the header, which follows the units).
        let header = std::fs::read_to_string(&s)
            .unwrap()
            .lines()
            .position(|l| l.starts_with("[difficulty"))
            .unwrap()
            + 1;
        let at_key = format!("duel.toml:{}:", header + 1);
        let at_header = format!("duel.toml:{header}:");
        assert!(err.contains(&at_key) || err.contains(&at_header), "{levels}: {err}");
    }
}

#[test]
fn check_warns_of_a_level_whose_tuned_win_rate_is_unknown() {
    let dir = tree("warn", LEVELS);
    let s = dir.join("maps/duel.toml");
    let (code, out, err) = exec(&["check", s.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (0, "ok, 2 warnings\n"), "{err}");
    let header = std::fs::read_to_string(&s)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("[difficulty.hard]"))
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!(
            "duel.toml:{header}:1: warning: difficulty \"hard\": its tuned win rate is unknown"
        )),
        "{err}"
    );
    assert!(!err.contains("\"easy\""), "easy says its tuned rate: {err}");
    let (code, _, _) = exec(&["check", "--strict", s.to_str().unwrap()]);
    assert_eq!(code, 1);
    // `check --difficulty` checks that level's battle (and that the level exists).
    let (code, _, err) = exec(&["check", s.to_str().unwrap(), "--difficulty", "brutal"]);
    assert_eq!(code, 1);
    assert!(err.contains("known: easy, normal, hard"), "{err}");
}

#[test]
fn every_command_that_loads_a_scenario_plays_the_level() {
    let dir = tree("commands", LEVELS);
    let s = dir.join("maps/duel.toml");
    let s = s.to_str().unwrap();
    let run = |args: &[&str]| {
        let (code, out, err) = exec(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    // range: Kiny moves 3 at hard.
    let normal = run(&["range", s, "--unit", "Kiny", "--json"]);
    let hard = run(&["range", s, "--unit", "Kiny", "--json", "--difficulty", "hard"]);
    let moves = |o: &str| serde_json::from_str::<serde_json::Value>(o).unwrap()["move"].clone();
    assert_eq!((moves(&normal), moves(&hard)), (7.into(), 3.into()));
    // ai and simulate: the brute hits for 12 at hard.
    assert_ne!(run(&["ai", s]), run(&["ai", s, "--difficulty", "hard"]));
    let sim = |level: &str| run(&["simulate", s, "--json", "--difficulty", level]);
    assert_ne!(sim("easy"), sim("hard"));
    assert_eq!(run(&["simulate", s, "--json"]), sim("normal"));
    // batch says the level in its header and in JSON.
    let text = run(&["batch", s, "--runs", "3", "--difficulty", "easy"]);
    assert!(text.lines().next().unwrap().ends_with(", difficulty easy"), "{text}");
    let json = run(&["batch", s, "--runs", "3", "--difficulty", "easy", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["args"]["difficulty"], "easy");
    let plain = run(&["batch", s, "--runs", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&plain).unwrap();
    assert!(
        v["args"].get("difficulty").is_none(),
        "without a level the report is as before"
    );
    // Commands that load no scenario refuse it.
    let (code, _, err) = exec(&[
        "generate",
        "--seed",
        "1",
        "--out",
        dir.to_str().unwrap(),
        "--difficulty",
        "easy",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("--difficulty"), "{err}");
}

#[test]
fn replays_and_saves_record_the_level() {
    let dir = tree("record", LEVELS);
    let s = dir.join("maps/duel.toml");
    let rec = dir.join("hard.replay");
    let (code, story, err) = exec(&[
        "simulate",
        s.to_str().unwrap(),
        "--difficulty",
        "hard",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("\"difficulty\": \"hard\""), "{text}");
    // The replay plays at its level (the fingerprint covers the level's numbers).
    let (code, replayed, err) = exec(&["replay", rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let result = |t: &str| t.lines().last().unwrap().to_string();
    assert_eq!(result(&replayed), result(&story));
    // A replay of the scenario as written records no level (files from before stay valid).
    let plain = dir.join("plain.replay");
    exec(&["simulate", s.to_str().unwrap(), "--record", plain.to_str().unwrap()]);
    assert!(!std::fs::read_to_string(&plain).unwrap().contains("\"difficulty\":"));
    // A save made at a level resumes only at that level.
    let (hard, data) = load(&dir, Some("hard"));
    let session =
        skirmish::play::phase::Session::new(skirmish::rules::Battle::new(&hard, &data), data.profiles.clone());
    let save = skirmish::io::save::snapshot(&session.settled_battle().unwrap(), &hard, 0);
    assert_eq!(save.difficulty.as_deref(), Some("hard"));
    let (easy, easy_data) = load(&dir, Some("easy"));
    let mut b = skirmish::rules::Battle::new(&easy, &easy_data);
    let e = skirmish::io::save::restore(&save, &easy, &mut b, Path::new("x.save")).unwrap_err();
    assert!(e.0.message.contains("made at difficulty \"hard\""), "{}", e.0);
    let mut b = skirmish::rules::Battle::new(&hard, &data);
    skirmish::io::save::restore(&save, &hard, &mut b, Path::new("x.save")).unwrap();
}

#[test]
fn export_tiled_keeps_the_levels() {
    let dir = tree("export", LEVELS);
    let s = dir.join("maps/duel.toml");
    let out = dir.join("tiled");
    let (code, _, err) = exec(&["export-tiled", s.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let names = difficulty::levels(&out.join("duel.toml")).unwrap();
    assert_eq!(names, ["easy", "normal", "hard"]);
    // The exported scenario plays each level as the original does.
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let (a, _) = difficulty::load(&s, data.clone(), Some("easy")).unwrap();
    let (b, _) = difficulty::load(&out.join("duel.toml"), data, Some("easy")).unwrap();
    let hp = |s: &skirmish::load::scenario::Scenario| s.units.iter().map(|u| u.stats.hp).collect::<Vec<_>>();
    assert_eq!(hp(&a), hp(&b));
}

#[test]
fn every_shipped_scenario_has_easy_normal_and_hard_with_normal_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for f in skirmish::io::files::list_files(&root.join("maps"), "toml") {
        // Scenarios only (a campaign file lives beside them).
        let table: toml::Table = toml::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        if !table.contains_key("map") {
            continue;
        }
        let names = difficulty::levels(&f).unwrap();
        assert_eq!(names, ["easy", "normal", "hard"], "{}", f.display());
        let data = skirmish::load::data::load(&root.join("data")).unwrap();
        let (plain, pd) = difficulty::load(&f, data.clone(), None).unwrap();
        let (normal, nd) = difficulty::load(&f, data, Some("normal")).unwrap();
        assert_eq!((plain.units, pd), (normal.units, nd), "{}", f.display());
        assert!(
            normal.levels.iter().all(|l| l.tuned.is_some()),
            "{}: every level says its win rate",
            f.display()
        );
    }
}

#[test]
fn kept_battles_play_back_at_their_level_and_with_swept_unit_numbers() {
    let dir = tree("keep", LEVELS);
    let s = dir.join("maps/duel.toml");
    let keep = dir.join("kept");
    let (code, _, err) = exec(&[
        "batch",
        s.to_str().unwrap(),
        "--runs",
        "3",
        "--difficulty",
        "hard",
        "--set",
        "unit:Brute.hp=15,40",
        "--keep",
        keep.to_str().unwrap(),
        "--keep-when",
        "all",
        "--keep-max",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let replays: Vec<PathBuf> = std::fs::read_dir(&keep)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "replay"))
        .collect();
    assert_eq!(replays.len(), 2);
    for r in replays {
        let text = std::fs::read_to_string(&r).unwrap();
        assert!(text.contains("\"difficulty\": \"hard\""), "{text}");
        let (code, _, err) = exec(&["replay", r.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", r.display());
    }
}

#[test]
fn every_number_a_kind_has_is_a_key_healing_and_growth_too() {
    let levels = r#"
[difficulty.mended]
tuned = "50% average"
"kind:soldier.heal" = 5
"kind:soldier.heal_range_max" = 3
"kind:brute.growth_hp" = 4
"kind:brute.growth_defense" = 2
"#;
    let dir = tree("kind-keys", levels);
    let (plain, _) = load(&dir, None);
    assert_eq!(unit(&plain, "Pike").heal, None, "a soldier is no healer as written");
    let (s, d) = load(&dir, Some("mended"));
    let heal = unit(&s, "Pike").heal.expect("the soldier heals at this level");
    assert_eq!((heal.power, heal.range_min, heal.range_max), (5, 1, 3));
    assert_eq!(unit(&s, "Tough").heal, Some(heal), "every unit of the kind");
    assert_eq!(d.kinds.get("soldier").unwrap().heal, Some(heal));
    let g = unit(&s, "Brute").growth;
    assert_eq!((g.hp, g.defense), (4, 2));
    // The same keys on the command line; a unit's own key names its kind's.
    let scen = dir.join("maps/duel.toml");
    let (code, out, err) = exec(&[
        "batch",
        scen.to_str().unwrap(),
        "--runs",
        "2",
        "--set",
        "kind:soldier.heal=3,6",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&out).unwrap()["cells"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let (code, _, err) = exec(&[
        "batch",
        scen.to_str().unwrap(),
        "--runs",
        "2",
        "--set",
        "unit:Pike.heal=3",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("heal is a number of the unit's kind, not of one unit: set kind:KIND.heal"),
        "{err}"
    );
    let (code, _, err) = exec(&[
        "batch",
        scen.to_str().unwrap(),
        "--runs",
        "2",
        "--set",
        "kind:soldier.heal_range=2",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("unit kind \"soldier\" is no healer: set kind:soldier.heal first"),
        "{err}"
    );
    let (code, _, err) = exec(&[
        "batch",
        scen.to_str().unwrap(),
        "--runs",
        "2",
        "--set",
        "kind:soldier.grwoth_hp=2",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("did you mean \"growth_hp\"?"), "{err}");
    // tune --write puts them where units.toml has them.
    let units = dir.join("data/units.toml");
    let before = std::fs::read_to_string(&units).unwrap();
    for vary in [
        "kind:acolyte.heal=4..4",
        "kind:acolyte.heal_range_max=3..3",
        "kind:acolyte.growth_attack=2..2",
    ] {
        let (code, out, err) = exec(&[
            "tune",
            scen.to_str().unwrap(),
            "--target",
            "50%",
            "--vary",
            vary,
            "--write",
        ]);
        assert_eq!(code, 0, "{vary}: {err}");
        assert!(out.contains("units.toml:"), "{out}");
    }
    let after = std::fs::read_to_string(&units).unwrap();
    let changed: Vec<(&str, &str)> = before.lines().zip(after.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 3, "{changed:?}");
    assert!(changed[0].1.starts_with("heal = 4"), "{changed:?}");
    assert!(changed[1].1.starts_with("heal_range = [1, 3]"), "{changed:?}");
    assert!(changed[2].1.starts_with("attack = 2"), "{changed:?}");
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let acolyte = data.kinds.get("acolyte").unwrap();
    assert_eq!(
        (
            acolyte.heal.unwrap().power,
            acolyte.heal.unwrap().range_max,
            acolyte.growth.attack
        ),
        (4, 3, 2)
    );
}

#[test]
fn growth_move_is_a_kind_key_in_levels_set_and_tune_write() {
    let levels = r#"
[difficulty.swift]
tuned = "50% average"
"kind:hero.growth_move" = 1
"#;
    let dir = tree("growth-move", levels);
    let (plain, _) = load(&dir, None);
    assert_eq!(unit(&plain, "Kiny").growth.movement, 0, "no movement growth as written");
    let (s, d) = load(&dir, Some("swift"));
    assert_eq!(unit(&s, "Kiny").growth.movement, 1);
    assert_eq!(d.kinds.get("hero").unwrap().growth.movement, 1);
    assert_eq!(unit(&s, "Kiny").growth.hp, 2, "the other growths stay");
    let scen = dir.join("maps/duel.toml");
    let batch = |set: &str| exec(&["batch", scen.to_str().unwrap(), "--runs", "2", "--set", set]);
    let (code, _, err) = batch("kind:hero.growth_move=0,2");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = batch("kind:hero.growth_move=11");
    assert_eq!(code, 1);
    assert!(
        err.contains("growth_move = 11 is out of range (expected 0..=10)"),
        "{err}"
    );
    let (code, _, err) = batch("unit:Kiny.growth_move=1");
    assert_eq!(code, 1);
    assert!(err.contains("set kind:KIND.growth_move"), "{err}");
    // tune --write adds the key to the kind's growth table.
    let (code, out, err) = exec(&[
        "tune",
        scen.to_str().unwrap(),
        "--target",
        "50%",
        "--vary",
        "kind:hero.growth_move=2..2",
        "--write",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("units.toml:"), "{out}");
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    assert_eq!(data.kinds.get("hero").unwrap().growth.movement, 2);
    let _ = std::fs::remove_dir_all(&dir);
}
