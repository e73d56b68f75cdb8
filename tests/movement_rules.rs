//! The movement rules in the files a designer edits: `zoc`, `skirmisher`, `canto` on kinds
//! (`units.toml`), on scenario units (`[[units]]` and Tiled object properties), switched by
//! `--set` and difficulty keys (`kind:knight.zoc = 0`); each mistake a located error.

mod common;
use common::Tree;
use skirmish::load::set::{SetKey, apply};
use skirmish::load::units::MoveRules;

fn moves_of(t: &Tree, scenario: &str, unit: &str) -> MoveRules {
    let data = skirmish::load::data::load(&t.0.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&t.0.join(scenario), &data).unwrap();
    s.units.iter().find(|u| u.name == unit).unwrap().moves
}

const ZOC: MoveRules = MoveRules {
    zoc: true,
    skirmisher: false,
    canto: false,
};

#[test]
fn kinds_give_their_rules_and_a_unit_may_write_its_own() {
    let t = Tree::new("rules-kinds");
    assert_eq!(moves_of(&t, "maps/river.toml", "Lance"), MoveRules::default());
    t.edit("data/units.toml", "[knight]\n", "[knight]\nzoc = true\n");
    t.edit(
        "data/units.toml",
        "[flier]\n",
        "[flier]\ncanto = true\nskirmisher = true\n",
    );
    assert_eq!(moves_of(&t, "maps/river.toml", "Lance"), ZOC);
    let wing = MoveRules {
        zoc: false,
        skirmisher: true,
        canto: true,
    };
    assert_eq!(moves_of(&t, "maps/river.toml", "Wing"), wing);
    // The same through a Tiled map's objects.
    assert_eq!(moves_of(&t, "maps/river-tiled.toml", "Lance"), ZOC);
    // A unit's own `zoc = false` wins over its kind's.
    t.edit(
        "maps/river.toml",
        "name = \"Lance\"\n",
        "name = \"Lance\"\nzoc = false\n",
    );
    assert_eq!(moves_of(&t, "maps/river.toml", "Lance"), MoveRules::default());
    let (code, out, err) = t.run(&["check"]);
    assert_eq!((code, out.as_str()), (0, "ok\n"), "{err}");
}

#[test]
fn a_tiled_object_may_hold_a_zone() {
    let t = Tree::new("rules-tiled");
    t.edit(
        "maps/river.tmx",
        "<property name=\"kind\" value=\"knight\"/>",
        "<property name=\"kind\" value=\"knight\"/>\n    <property name=\"zoc\" type=\"bool\" value=\"true\"/>",
    );
    assert_eq!(moves_of(&t, "maps/river-tiled.toml", "Lance"), ZOC);
    t.edit(
        "maps/river.tmx",
        "<property name=\"zoc\" type=\"bool\" value=\"true\"/>",
        "<property name=\"zoc\" value=\"yes\"/>",
    );
    let (code, _, err) = t.run(&["check", "maps/river-tiled.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/river.tmx:") && err.contains("property zoc is") && err.contains("expected a bool"),
        "{err}"
    );
}

#[test]
fn wrong_rule_keys_and_values_are_located() {
    let t = Tree::new("rules-typo");
    t.edit("data/units.toml", "[knight]\n", "[knight]\nzok = true\n");
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(err.contains("data/units.toml:") && err.contains("zok"), "{err}");
    let t = Tree::new("rules-number");
    t.edit("data/units.toml", "[knight]\n", "[knight]\nzoc = 1\n");
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(err.contains("data/units.toml:"), "{err}");
    let t = Tree::new("rules-unit");
    t.edit(
        "maps/river.toml",
        "name = \"Lance\"\n",
        "name = \"Lance\"\ncanto = \"yes\"\n",
    );
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(err.contains("maps/river.toml:"), "{err}");
}

#[test]
fn set_keys_switch_a_rule_on_a_kind_or_a_unit() {
    let t = Tree::new("rules-set");
    t.edit("data/units.toml", "[knight]\n", "[knight]\nzoc = true\n");
    let mut data = skirmish::load::data::load(&t.0.join("data")).unwrap();
    let mut s = skirmish::load::scenario::load(&t.0.join("maps/river.toml"), &data).unwrap();
    let lance = |s: &skirmish::model::scenario::Scenario| s.units.iter().find(|u| u.name == "Lance").unwrap().moves;
    apply(&mut s, &mut data, &SetKey::parse("kind:knight.zoc").unwrap(), 0).unwrap();
    assert_eq!(lance(&s), MoveRules::default());
    assert!(!data.kinds.get("knight").unwrap().moves.zoc);
    apply(&mut s, &mut data, &SetKey::parse("unit:Lance.canto").unwrap(), 1).unwrap();
    apply(&mut s, &mut data, &SetKey::parse("kind:knight.canto").unwrap(), 0).unwrap();
    assert!(lance(&s).canto, "a unit's own switch stays");
    let err = apply(&mut s, &mut data, &SetKey::parse("kind:knight.zoc").unwrap(), 2).unwrap_err();
    assert_eq!(err, "zoc = 2 is not a switch (expected 1 for on or 0 for off)");
    let (code, _, err) = t.run(&["batch", "maps/river.toml", "--runs", "1", "--set", "kind:knight.zoc=0"]);
    assert_eq!(code, 0, "{err}");
}

/// A corridor with one opening below (4, 0), which Lance's zone holds: the raider's paths
/// stop at (4, 0).
const CORRIDOR: &str = r#"name = "Corridor"
map = "corridor.txt"

[[units]]
name = "Kiny"
team = "player"
kind = "hero"
at = [0, 0]

[[units]]
name = "Lance"
team = "player"
kind = "knight"
zoc = true
at = [4, 1]

[[units]]
name = "Raider"
team = "enemy"
kind = "archer"
move = 9
at = [11, 0]
profile = "charger"
"#;

#[test]
fn ai_explain_names_the_zone_cells_that_cut_a_path_and_their_holders() {
    let t = Tree::new("rules-explain");
    std::fs::write(t.0.join("maps/corridor.txt"), "............\n####.#######\n").unwrap();
    std::fs::write(t.0.join("maps/corridor.toml"), CORRIDOR).unwrap();
    let (code, text, err) = t.run(&["ai", "maps/corridor.toml", "--explain", "Raider"]);
    assert_eq!(code, 0, "{err}");
    // Without the zone it would walk on from (4, 0) to (3, 0) and (2, 0); (4, 0) is the only
    // held cell it reaches.
    assert!(
        text.contains("\nzones of control stop its paths at: (4, 0) (held by Lance)\n"),
        "{text}"
    );
    let (code, json, err) = t.run(&["ai", "maps/corridor.toml", "--explain", "Raider", "--json"]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(j["zones"], serde_json::json!([{"at": [4, 0], "holders": ["Lance"]}]));
    // Without Lance's zone nothing is said, in text or JSON.
    t.edit("maps/corridor.toml", "zoc = true\n", "");
    let (_, text, _) = t.run(&["ai", "maps/corridor.toml", "--explain", "Raider"]);
    assert!(!text.contains("zones of control"), "{text}");
    let (_, json, _) = t.run(&["ai", "maps/corridor.toml", "--explain", "Raider", "--json"]);
    assert!(!json.contains("zones"), "{json}");
}
