//! Healers in the files a designer edits: `heal` / `heal_range` on kinds in `units.toml`,
//! `hp_left` on scenario units (TOML and Tiled), each mistake a located error; a heal in a
//! replay plays back.

mod common;
use common::Tree;

#[test]
fn hp_left_starts_a_unit_hurt_and_a_wrong_value_is_located() {
    let t = Tree::new("hp-left");
    t.edit("maps/sample.toml", "kind = \"hero\"", "kind = \"hero\"\nhp_left = 9");
    let (code, out, err) = t.run(&["check"]);
    assert_eq!((code, out.as_str()), (0, "ok\n"), "{err}");
    t.edit("maps/sample.toml", "hp_left = 9", "hp_left = 29");
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/sample.toml:") && err.contains("hp_left = 29 is out of range (expected 1..=28, its hp)"),
        "{err}"
    );
}

#[test]
fn heal_and_heal_range_are_checked_in_units_toml() {
    let t = Tree::new("heal-keys");
    t.edit("data/units.toml", "heal = 8\n", "");
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("data/units.toml:") && err.contains("unit kind 'cleric': heal_range without heal"),
        "{err}"
    );
    let t = Tree::new("heal-zero");
    t.edit("data/units.toml", "heal = 8\n", "heal = 0\n");
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("unit kind 'cleric': heal = 0 is out of range (expected 1..=9999)"),
        "{err}"
    );
    let t = Tree::new("heal-typo");
    t.edit("data/units.toml", "heal = 8\n", "heel = 8\n");
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(err.contains("heel"), "{err}");
}

#[test]
fn a_battle_with_heals_records_them_and_replays_to_the_same_end() {
    let t = Tree::new("heal-replay");
    let (code, story, err) = t.run(&[
        "simulate",
        "maps/river.toml",
        "--player",
        "careful",
        "--record",
        "river.replay",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        story.contains("Mira heals "),
        "the careful cleric heals in the river crossing:\n{story}"
    );
    let replay = std::fs::read_to_string(t.0.join("river.replay")).unwrap();
    assert!(replay.contains("\"action\": \"heal\""), "{replay}");
    let (code, replayed, err) = t.run(&["replay", "river.replay"]);
    assert_eq!(code, 0, "{err}");
    assert!(replayed.contains("Mira heals "), "{replayed}");
    assert_eq!(story.lines().last(), replayed.lines().last());
}

#[test]
fn a_hurt_unit_survives_the_export_to_tiled() {
    let t = Tree::new("hp-left-tiled");
    t.edit(
        "maps/river.toml",
        "name = \"Lance\"\nteam = \"player\"",
        "name = \"Lance\"\nteam = \"player\"\nhp_left = 9",
    );
    let (code, _, err) = t.run(&["export-tiled", "maps/river.toml", "--out", "out"]);
    assert_eq!(code, 0, "{err}");
    let tmx = std::fs::read_to_string(t.0.join("out/river.tmx")).unwrap();
    assert!(tmx.contains("name=\"hp_left\""), "{tmx}");
    let play = |s: &str| {
        t.run(&["simulate", s, "--data", "data", "--player", "careful", "--json"])
            .1
    };
    let original = play("maps/river.toml");
    assert!(!original.is_empty());
    assert_eq!(original, play("out/river.toml"));
}

/// A sweep or a difficulty level that lowers a hurt unit's hit points below its `hp_left` is
/// refused with a message (the battle could not start), never a panic.
#[test]
fn lowering_hp_below_hp_left_is_refused() {
    let t = Tree::new("hp-below-left");
    t.edit(
        "maps/river.toml",
        "name = \"Lance\"\n",
        "name = \"Lance\"\nhp_left = 9\n",
    );
    let (code, out, err) = t.run(&["batch", "maps/river.toml", "--runs", "2", "--set", "unit:Lance.hp=5"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("unit \"Lance\": hp 5 is below its hp_left 9"), "{err}");
    let (code, _, err) = t.run(&["batch", "maps/river.toml", "--runs", "2", "--set", "unit:Lance.hp=9"]);
    assert_eq!(code, 0, "hp equal to hp_left is fine: {err}");
}
