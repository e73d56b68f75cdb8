//! Chance in combat through the files and the command line: `hit`, `avoid` and `crit` on
//! kinds and `avoid` on terrain in the data folder, `[combat]` in a scenario (or the `.tmx`
//! map's `chance` and `true_hit` properties), every mistake located; the `--set` and
//! difficulty keys `kind:KIND.hit` and friends; a replay holds the seed and gives the same
//! rolls; a save holds the generator's position.

mod common;

use serde_json::Value;
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
hit = 80
crit = 10

[brute]
sprite = "brute"
move = 5
hp = 30
attack = 8
defense = 2
range = 1
hit = 70
avoid = 10
"#;

const SCENARIO: &str = r#"name = "Coin toss"
map = "field.txt"

[combat]
chance = true

[[units]]
name = "Kiny"
team = "player"
kind = "hero"
at = [1, 1]

[[units]]
name = "Brute"
team = "enemy"
kind = "brute"
at = [4, 1]
profile = "charger"
"#;

/// A project folder: the shipped terrain (its forest has `avoid = 20`) and profiles, the
/// kinds above, and `maps/toss.toml` (with `scenario` as its text) on a small field.
fn tree(name: &str, scenario: &str) -> PathBuf {
    common::project(
        "chance",
        name,
        UNITS,
        "......
..T...
......
",
        "",
        "toss.toml",
        scenario,
    )
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn the_loaders_read_the_chance_numbers_and_the_combat_table() {
    let dir = tree("load", SCENARIO);
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let hero = data.kinds.get("hero").unwrap().odds;
    assert_eq!((hero.hit, hero.avoid, hero.crit), (80, 0, 10));
    let brute = data.kinds.get("brute").unwrap().odds;
    assert_eq!((brute.hit, brute.avoid, brute.crit), (70, 10, 0));
    let forest = data.terrain.kinds().iter().find(|t| t.name == "forest").unwrap();
    assert_eq!(forest.avoid, 20);
    let s = skirmish::load::scenario::load(&dir.join("maps/toss.toml"), &data).unwrap();
    assert!(s.combat.chance && !s.combat.true_hit);
    assert_eq!(s.units[0].odds, hero);
    // Without the table, no chance.
    let plain = tree("plain", &SCENARIO.replace("[combat]\nchance = true\n", ""));
    let data = skirmish::load::data::load(&plain.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&plain.join("maps/toss.toml"), &data).unwrap();
    assert_eq!(s.combat, Default::default());
    for d in [dir, plain] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn mistakes_are_located_by_check() {
    let cases: [(&str, &str, &str, &str); 5] = [
        (
            "data/units.toml",
            "hit = 80",
            "hit = -5",
            "unit kind 'hero': hit = -5 is out of range (expected 0..=500)",
        ),
        (
            "data/units.toml",
            "crit = 10",
            "crit = 101",
            "unit kind 'hero': crit = 101 is out of range (expected 0..=100)",
        ),
        ("data/units.toml", "crit = 10", "critt = 10", "unknown field `critt`"),
        (
            "maps/toss.toml",
            "chance = true",
            "chanse = true",
            "unknown field `chanse`",
        ),
        (
            "maps/toss.toml",
            "chance = true",
            "chance = 1",
            "invalid type: integer `1`, expected a boolean",
        ),
    ];
    for (k, (file, from, to, want)) in cases.into_iter().enumerate() {
        let dir = tree(&format!("bad{k}"), SCENARIO);
        let target = dir.join(file);
        let text = std::fs::read_to_string(&target).unwrap();
        assert!(text.contains(from));
        std::fs::write(&target, text.replacen(from, to, 1)).unwrap();
        let line = text.lines().position(|l| l.contains(from)).unwrap() + 1;
        let (code, out, err) = run_cli(&[
            "check",
            path(&dir.join("maps/toss.toml")),
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
        assert!(all.contains(want), "{to}: {all}");
        std::fs::remove_dir_all(dir).unwrap();
    }
    // A terrain's avoid out of its bounds.
    let dir = tree("badavoid", SCENARIO);
    let t = dir.join("data/terrain.toml");
    let text = std::fs::read_to_string(&t)
        .unwrap()
        .replacen("avoid = 20", "avoid = 200", 1);
    std::fs::write(&t, text).unwrap();
    let (code, out, err) = run_cli(&[
        "check",
        path(&dir.join("maps/toss.toml")),
        "--data",
        path(&dir.join("data")),
    ]);
    assert_eq!(code, 1);
    assert!(
        (out + &err).contains("terrain 'forest': avoid 200 is out of range (expected -100..=100)"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn set_keys_change_a_kinds_chance_numbers() {
    let dir = tree("set", SCENARIO);
    let mut data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let mut s = skirmish::load::scenario::load(&dir.join("maps/toss.toml"), &data).unwrap();
    apply(&mut s, &mut data, &SetKey::parse("kind:hero.hit").unwrap(), 55).unwrap();
    apply(&mut s, &mut data, &SetKey::parse("kind:brute.crit").unwrap(), 25).unwrap();
    assert_eq!(
        (s.units[0].odds.hit, data.kinds.get("hero").unwrap().odds.hit),
        (55, 55)
    );
    assert_eq!(s.units[1].odds.crit, 25);
    let e = apply(&mut s, &mut data, &SetKey::parse("kind:hero.crit").unwrap(), 101).unwrap_err();
    assert_eq!(e, "crit = 101 is out of range (expected 0..=100)");
    let e = apply(&mut s, &mut data, &SetKey::parse("unit:Kiny.hit").unwrap(), 50).unwrap_err();
    assert_eq!(
        e,
        "hit is a number of the unit's kind, not of one unit: set kind:hero.hit"
    );
    let e = apply(&mut s, &mut data, &SetKey::parse("kind:hero.hitt").unwrap(), 50).unwrap_err();
    assert!(
        e.contains("known: move, hp, attack, defense, range_min, range_max, ")
            && e.contains(", hit, avoid, crit, vision)"),
        "{e}"
    );
    // A difficulty level takes the same keys.
    std::fs::write(
        dir.join("maps/toss.toml"),
        format!("{SCENARIO}\n[difficulty.hard]\n\"kind:brute.avoid\" = 40\n"),
    )
    .unwrap();
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let (hard, _) = skirmish::load::difficulty::load(&dir.join("maps/toss.toml"), data, Some("hard")).unwrap();
    assert_eq!(hard.units[1].odds.avoid, 40);
    std::fs::remove_dir_all(dir).unwrap();
}

/// `simulate` of the scenario with `seed`, recorded: its JSON and the replay file.
fn simulate(dir: &Path, seed: &str) -> (Value, PathBuf) {
    let file = dir.join(format!("toss-{seed}.replay"));
    let (code, out, err) = run_cli(&[
        "simulate",
        path(&dir.join("maps/toss.toml")),
        "--seed",
        seed,
        "--json",
        "--record",
        path(&file),
    ]);
    assert_eq!(code, 0, "{err}");
    (serde_json::from_str(&out).unwrap(), file)
}

/// Every blow of a `simulate --json`, in order: (attacker, roll, damage).
fn blows(sim: &Value) -> Vec<(String, String, i64)> {
    sim["turns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["decisions"].as_array().unwrap().clone())
        .flat_map(|d| d["strikes"].as_array().unwrap().clone())
        .map(|s| {
            (
                s["attacker"].as_str().unwrap().to_string(),
                s["roll"].as_str().unwrap().to_string(),
                s["damage"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_replay_holds_the_seed_and_gives_the_same_rolls() {
    let dir = tree("replay", SCENARIO);
    // Seed 4 has misses and a critical.
    let (sim, file) = simulate(&dir, "4");
    let seen = blows(&sim);
    assert!(seen.iter().any(|b| b.1 == "missed"), "{seen:?}");
    assert!(seen.iter().any(|b| b.1 == "critical"), "{seen:?}");
    assert!(seen.iter().all(|b| (b.1 == "missed") == (b.2 == 0)), "{seen:?}");
    let replay: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(replay["seed"].as_u64().is_some(), "{replay}");
    let (code, out, err) = run_cli(&["replay", path(&file), "--json"]);
    assert_eq!(code, 0, "{err}");
    let rep: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((&rep["result"], &rep["why"]), (&sim["result"], &sim["why"]));
    let rolls = |v: &Value| -> Vec<Value> {
        v["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"] == "rolled")
            .cloned()
            .collect()
    };
    let replayed = rolls(&rep);
    assert_eq!(replayed.len(), seen.len(), "one roll per blow");
    for (r, b) in replayed.iter().zip(&seen) {
        assert_eq!(
            (r["attacker"].as_str().unwrap(), r["result"].as_str().unwrap()),
            (b.0.as_str(), b.1.as_str())
        );
    }
    // Another seed rolls otherwise.
    let (other, _) = simulate(&dir, "5");
    assert_ne!(blows(&other), seen);
    // A replay whose seed was edited is another battle: the same commands, other rolls.
    let edited = std::fs::read_to_string(&file)
        .unwrap()
        .replace(&format!("\"seed\": {}", replay["seed"]), "\"seed\": 12345");
    std::fs::write(&file, edited).unwrap();
    // (Here its rolls end the battle sooner, so the recorded commands go beyond the end.)
    let (code, out, err) = run_cli(&["replay", path(&file), "--json"]);
    match code {
        0 => assert_ne!(rolls(&serde_json::from_str(&out).unwrap()), replayed),
        _ => assert!(err.contains("the battle is over") || err.contains("refused"), "{err}"),
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn without_chance_the_replay_has_no_seed_and_nothing_is_rolled() {
    let dir = tree("nochance", &SCENARIO.replace("chance = true", "chance = false"));
    let (sim, file) = simulate(&dir, "9");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains("\"seed\""), "{text}");
    assert!(!sim.to_string().contains("\"roll\""));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_save_holds_the_generators_position() {
    use skirmish::rules::{Battle, Command};
    use skirmish::search::grid::Team;
    let dir = tree("save", SCENARIO);
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&dir.join("maps/toss.toml"), &data).unwrap();
    let mut b = Battle::new(&s, &data).with_seed(77);
    let kiny = b.find("Kiny").unwrap();
    let brute = b.find("Brute").unwrap();
    b.execute(Command::Move {
        unit: kiny,
        path: skirmish::search::grid::Path::parse("22").unwrap(),
    })
    .unwrap();
    b.execute(Command::Attack {
        unit: kiny,
        target: brute,
    })
    .unwrap();
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let file = skirmish::io::save::snapshot(&b, &s, 1);
    assert_eq!((file.seed, file.drawn), (77, b.drawn()));
    assert!(file.drawn > 0);
    let mut resumed = Battle::new(&s, &data);
    skirmish::io::save::restore(&file, &s, &mut resumed, Path::new("x.save")).unwrap();
    assert_eq!((resumed.seed(), resumed.drawn()), (77, b.drawn()));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_replay_of_a_chance_battle_is_stale_when_a_chance_number_changes() {
    for (chance, stale) in [("true", true), ("false", false)] {
        let dir = tree(
            &format!("stale-{chance}"),
            &SCENARIO.replace("chance = true", &format!("chance = {chance}")),
        );
        let (_, file) = simulate(&dir, "4");
        let units = dir.join("data/units.toml");
        let text = std::fs::read_to_string(&units).unwrap().replace("hit = 70", "hit = 75");
        std::fs::write(&units, text).unwrap();
        let (code, _, err) = run_cli(&["replay", path(&file)]);
        assert_eq!(code == 1, stale, "chance = {chance}: {err}");
        if stale {
            assert!(err.contains("changed since this replay was recorded"), "{err}");
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn weapons_come_from_weapons_toml_and_every_mistake_is_located() {
    // The shipped table: the triangle and the bow (no shipped kind names a weapon, so a
    // data folder copied without weapons.toml still loads).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = skirmish::load::data::load(&root.join("data")).unwrap();
    assert!(data.kinds.list.iter().all(|k| k.weapon.is_none()));
    let shipped = skirmish::load::weapons::beside(&root.join("data"), data.terrain.classes()).unwrap();
    assert_eq!(shipped.get("sword").unwrap().beats, ["axe"]);
    let flier = data.terrain.class("flier").unwrap();
    assert_eq!(shipped.get("bow").unwrap().effective, [flier]);

    let dir = tree("weapons", SCENARIO);
    let units = dir.join("data/units.toml");
    std::fs::write(&units, UNITS.replacen("crit = 10", "crit = 10\nweapon = \"sword\"", 1)).unwrap();
    let check = || {
        run_cli(&[
            "check",
            path(&dir.join("maps/toss.toml")),
            "--data",
            path(&dir.join("data")),
        ])
    };
    // No weapons.toml: no weapons.
    let (code, out, err) = check();
    assert_eq!(code, 1, "{out}");
    let shown = skirmish::load::diag::display_path(&units);
    assert!(
        err.contains(&format!(
            "{shown}:11:10: unit kind 'hero': unknown weapon \"sword\" (the data folder has no weapons.toml)"
        )),
        "{err}"
    );
    let weapons = dir.join("data/weapons.toml");
    std::fs::write(
        &weapons,
        "[sword]\nbeats = [\"axe\"]\n\n[axe]\neffective = [\"fliers\"]\n",
    )
    .unwrap();
    let (code, _, err) = check();
    assert_eq!(code, 1);
    let shown_w = skirmish::load::diag::display_path(&weapons);
    assert!(
        err.contains(&format!(
            "{shown_w}:5:14: weapon 'axe': effective against unknown movement class \"fliers\" (known: foot, horse, flier)"
        )),
        "{err}"
    );
    std::fs::write(
        &weapons,
        "[sword]\nbeats = [\"axe\"]\n\n[axe]\neffective = [\"flier\"]\n",
    )
    .unwrap();
    std::fs::write(&units, UNITS.replacen("crit = 10", "crit = 10\nweapon = \"swrod\"", 1)).unwrap();
    let (code, _, err) = check();
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!(
            "{shown}:11:10: unit kind 'hero': unknown weapon \"swrod\" (known: sword, axe)"
        )),
        "{err}"
    );
    // Named on its own, each file is checked too.
    let (code, _, err) = run_cli(&["check", path(&units)]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown weapon \"swrod\""), "{err}");
    std::fs::write(&units, UNITS.replacen("crit = 10", "crit = 10\nweapon = \"sword\"", 1)).unwrap();
    let (code, out, err) = check();
    assert_eq!((code, out.as_str()), (0, "ok\n"), "{err}");
    let (code, out, _) = run_cli(&["check", path(&weapons)]);
    assert_eq!((code, out.as_str()), (0, "ok\n"));
    // The kind carries it into the scenario.
    let data = skirmish::load::data::load(&dir.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&dir.join("maps/toss.toml"), &data).unwrap();
    assert_eq!(s.units[0].weapon.as_ref().map(|w| w.name.as_str()), Some("sword"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn batch_says_how_often_a_battle_was_lost_by_luck_in_text_json_and_csv() {
    let dir = tree("luck", SCENARIO);
    let scenario = dir.join("maps/toss.toml");
    let kept = dir.join("kept");
    let args = ["batch", path(&scenario), "--runs", "40", "--seed", "1"];
    let (code, out, err) = run_cli(&[&args[..], &["--json", "--keep", path(&kept), "--keep-max", "40"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let row = &v["cells"][0];
    let luck = row["lost_by_luck"]["battles"].as_u64().unwrap();
    let lost = row["enemy_wins"].as_u64().unwrap();
    assert!(luck > 0 && luck <= lost, "{luck} of {lost} losses");
    // Counted again from the kept losses, replayed: a miss or a critical in the last two turns.
    let mut by_luck = 0;
    let replays = std::fs::read_dir(&kept)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "replay"));
    let mut count = 0;
    for file in replays {
        count += 1;
        let (code, out, err) = run_cli(&["replay", path(&file), "--json"]);
        assert_eq!(code, 0, "{err}");
        let r: Value = serde_json::from_str(&out).unwrap();
        let (mut turn, mut turns) = (1, Vec::new());
        for e in r["events"].as_array().unwrap() {
            if e["event"] == "phase_began" {
                turn = e["turn"].as_u64().unwrap();
            }
            if e["event"] == "rolled" && e["result"] != "hit" {
                turns.push(turn);
            }
        }
        by_luck += u64::from(turns.iter().any(|&t| t + 1 >= turn));
    }
    assert_eq!(count, lost, "every loss kept");
    assert_eq!(by_luck, luck);
    let share = row["lost_by_luck"]["share"].as_f64().unwrap();
    let (code, text, _) = run_cli(&args);
    assert_eq!(code, 0);
    let want = format!("luck: lost by luck {:.1}% (a miss or a critical", share * 100.0);
    assert!(text.contains(&want), "{want} in:\n{text}");
    let csv = dir.join("rows.csv");
    let (code, _, _) = run_cli(&[&args[..], &["--csv", path(&csv)]].concat());
    assert_eq!(code, 0);
    let csv = std::fs::read_to_string(csv).unwrap();
    let (head, row) = csv.split_once('\n').unwrap();
    assert!(head.ends_with(",lost_by_luck"), "{head}");
    assert!(row.trim_end().ends_with(&format!(",{share}")), "{row}");
    std::fs::remove_dir_all(dir).unwrap();
}
