//! Combat rules: damage with terrain defense, counters only within the defender's range,
//! enemies attacking after their move, and the battle's outcome.

use skirmish::ai;
use skirmish::fixture::{Scene, enemy, player, profiles};
use skirmish::load::units::Stats;
use skirmish::rules::battle::UnitId;
use skirmish::rules::combat::{self, outcome};
use skirmish::search::grid::Team;

const MELEE: Stats = Stats {
    hp: 20,
    attack: 8,
    defense: 2,
    range_min: 1,
    range_max: 1,
};
const BOW: Stats = Stats {
    hp: 16,
    attack: 7,
    defense: 1,
    range_min: 2,
    range_max: 3,
};

#[test]
fn damage_is_attack_minus_defense_and_terrain_defense_at_least_one() {
    // E stands in a forest (defense 1 in the fixture terrain).
    let scene = Scene::parse("P T E");
    let mut b = scene.battle(&[player('P'), enemy('E', "guard", 1)]);
    b.units[1].pos = skirmish::search::grid::Pos::new(1, 0);
    b.rebuild_occupancy();
    assert_eq!(b.terrain.get(b.map.at(b.units[1].pos)).name, "forest");
    b.units[0].stats = MELEE;
    b.units[1].stats = MELEE;
    assert_eq!(combat::damage(&b, UnitId(0), UnitId(1)), 8 - 2 - 1);
    b.units[1].stats.defense = 50;
    assert_eq!(combat::damage(&b, UnitId(0), UnitId(1)), 1, "every hit does at least 1");
}

#[test]
fn a_defender_strikes_back_only_from_within_its_range() {
    let scene = Scene::parse("P . E");
    let mut b = scene.battle(&[player('P'), enemy('E', "guard", 1)]);
    b.units[0].stats = BOW;
    b.units[1].stats = MELEE;
    let f = combat::forecast(&b, UnitId(0), UnitId(1));
    assert_eq!(f.counter, None, "a sword cannot answer an arrow from 2 cells");
    let blows = combat::attack(&mut b, UnitId(0), UnitId(1));
    assert_eq!(blows.len(), 1);
    assert_eq!(b.unit(UnitId(1)).hp, 20 - (7 - 2));

    let scene = Scene::parse("P E");
    let mut b = scene.battle(&[player('P'), enemy('E', "guard", 1)]);
    b.units[0].stats = MELEE;
    b.units[1].stats = MELEE;
    let f = combat::forecast(&b, UnitId(0), UnitId(1));
    let blows = combat::attack(&mut b, UnitId(0), UnitId(1));
    assert_eq!(blows.len(), 2);
    assert!(blows[1].counter);
    assert_eq!(Some(blows[1].damage), f.counter);
    assert_eq!(b.unit(UnitId(0)).hp, f.attacker_hp);
}

#[test]
fn the_defeated_leave_the_board_and_do_not_strike_back() {
    let scene = Scene::parse("P E");
    let mut b = scene.battle(&[player('P'), enemy('E', "guard", 1)]);
    b.units[1].hp = 3;
    let blows = combat::attack(&mut b, UnitId(0), UnitId(1));
    assert_eq!(blows.len(), 1);
    assert!(blows[0].defeated);
    assert!(!b.unit(UnitId(1)).alive);
    assert_eq!(b.unit_at(skirmish::search::grid::Pos::new(1, 0)), None);
    assert_eq!(outcome(&b), Some(Team::Player));
}

#[test]
fn chargers_hit_after_moving_and_archers_shoot_from_3() {
    let scene = Scene::parse("P . . . . C\n. . . . . .\n. . . . . .\n. . . . . A");
    let mut b = scene.battle(&[player('P'), enemy('C', "charger", 4), enemy('A', "archer", 6)]);
    b.units[2].stats = BOW;
    let ds = ai::enemy_phase(&mut b, &profiles(""));
    assert_eq!(ds[0].to.manhattan(b.unit(UnitId(0)).pos), 1);
    assert_eq!(ds[0].attack.as_deref(), Some("P"));
    assert_eq!(ds[1].to.manhattan(b.unit(UnitId(0)).pos), 3, "{}", ds[1].reason);
    assert_eq!(ds[1].attack.as_deref(), Some("P"));
    assert_eq!(ds[1].strikes.len(), 1, "nobody answers an arrow from 3");
}

#[test]
fn an_enemy_out_of_range_does_not_attack() {
    let scene = Scene::parse("P . . . . . . . . . . . G");
    let mut b = scene.battle(&[player('P'), enemy('G', "guard", 3)]);
    let ds = ai::enemy_phase(&mut b, &profiles(""));
    assert_eq!(ds[0].attack, None);
    assert!(ds[0].strikes.is_empty());
}
