//! The built-in player policies, specified by example like the enemies (tests/ai.rs): `H` is
//! the hero (the first player unit), `P`, `Q` other player units, other letters enemies.
//! Soldiers everywhere: 20 hp, attack 7, defense 2, range 1, so a blow on plain deals 5.

use skirmish::ai::player::{self, Policy};
use skirmish::fixture::{Placed, Scene, enemy, player, profiles};
use skirmish::rules::Battle;
use skirmish::search::grid::Pos;

fn battle(picture: &str, units: &[Placed]) -> (Scene, Battle) {
    let scene = Scene::parse(picture);
    let b = scene.battle(units);
    (scene, b)
}

fn careful(b: &Battle, who: char) -> skirmish::ai::Decision {
    let id = b.find(&who.to_string()).unwrap();
    let d = player::decide_careful(b, &mut skirmish::rules::Caches::new(), &profiles(""), id, 1);
    assert_eq!(d.path.end(d.from), d.to, "the path replays to the destination");
    d
}

#[test]
fn careful_finishes_the_enemy_it_can_defeat_rather_than_the_healthier_one() {
    let (_, b) = battle(
        "H . . . . . . . .
         . . B . . . . . .
         P . . A . . . . .",
        &[
            player('H'),
            player('P'),
            enemy('A', "guard", 1),
            enemy('B', "guard", 1).hp(4),
        ],
    );
    let d = careful(&b, 'P');
    assert_eq!(d.attack.map(|e| b.name(e)), Some("B"), "{:?}", d.reason);
}

#[test]
fn careful_never_takes_a_deadly_counter_where_simple_does() {
    let (_, b) = battle(
        "H . . . . . . . . .
         . . . . . . . . . .
         P . E . . . . . . .",
        &[player('H'), player('P').hp(5), enemy('E', "guard", 1)],
    );
    let p = b.find("P").unwrap();
    assert!(
        player::decide(&b, &mut skirmish::rules::Caches::new(), p, 1)
            .attack
            .is_some(),
        "simple attacks and dies to the counter"
    );
    let d = careful(&b, 'P');
    assert_eq!(d.attack, None, "{:?}", d.reason);
}

#[test]
fn the_hero_does_not_end_its_move_where_it_can_be_defeated_next_phase() {
    // The charger moves 4 and strikes at 1: it reaches every cell from x = 4 on.
    let (_, b) = battle(
        "H . . . . . . . . E . .",
        &[player('H').hp(5), enemy('E', "charger", 4)],
    );
    let d = careful(&b, 'H');
    assert!(
        d.to.x <= 3,
        "the hero ended on {} within the charger's reach: {:?}",
        d.to,
        d.reason
    );
    // A companion with hit points to spare does approach.
    let (_, b) = battle(
        "H . . . . . . . . . . .
         P . . . . . . . . E . .",
        &[player('H'), player('P'), enemy('E', "charger", 4)],
    );
    assert!(careful(&b, 'P').to.x >= 4);
}

#[test]
fn careful_does_not_wake_a_sleeping_guard_without_a_reason() {
    let (_, b) = battle(
        "H . . . . . . . . .
         . . . . . . . . . .
         Q . . . . . . G . .",
        &[player('H'), player('Q'), enemy('G', "guard", 4)],
    );
    let g = Pos::new(7, 2);
    let d = careful(&b, 'Q');
    assert_eq!(
        d.to.manhattan(g),
        4,
        "stops just outside the trigger: {} ({:?})",
        d.to,
        d.reason
    );
    let simple = player::decide(&b, &mut skirmish::rules::Caches::new(), b.find("Q").unwrap(), 1);
    assert!(simple.to.manhattan(g) <= 3, "the simple policy walks in");
}

#[test]
fn policies_are_deterministic_and_named() {
    let (_, b) = battle(
        "H . . . . .
         . . T . . .
         P . . . E .",
        &[player('H'), player('P'), enemy('E', "charger", 3)],
    );
    let p = b.find("P").unwrap();
    let pr = profiles("");
    for policy in [Policy::Simple, Policy::Careful] {
        assert_eq!(
            policy.decide(&b, &mut skirmish::rules::Caches::new(), &pr, p, 7),
            policy.decide(&b, &mut skirmish::rules::Caches::new(), &pr, p, 7)
        );
        assert_eq!(Policy::parse(policy.name()), Some(policy));
    }
    assert_eq!(Policy::parse("reckless"), None);
}
