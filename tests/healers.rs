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
