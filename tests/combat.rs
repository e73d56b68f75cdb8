//! Combat rules: damage with terrain defense, counters only within the defender's range,
//! enemies attacking after their move, and the battle's outcome.

use skirmish::fixture::{Scene, enemy, player, profiles};
use skirmish::load::units::Stats;
use skirmish::rules::combat::{self, outcome};
use skirmish::rules::{Battle, Command, Ending, Event, UnitId};
use skirmish::search::grid::{Pos, Team};

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

/// The blows among `events`: (attacker, defender, damage, counter).
fn blows(events: &[Event]) -> Vec<(UnitId, UnitId, i32, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Struck {
                attacker,
                defender,
                damage,
                counter,
                ..
            } => Some((*attacker, *defender, *damage, *counter)),
            _ => None,
        })
        .collect()
}

fn attack(b: &mut Battle, unit: usize, target: usize) -> Vec<Event> {
    b.execute(Command::Attack {
        unit: UnitId(unit),
        target: UnitId(target),
    })
    .unwrap()
}

#[test]
fn damage_is_attack_minus_defense_and_terrain_defense_at_least_one() {
    // E is put on the forest (defense 1 in the fixture terrain).
    let scene = Scene::parse("P T E");
    let mut b = scene.battle(&[player('P').stats(MELEE), enemy('E', "guard", 1).stats(MELEE)]);
    let mut s = b.snapshot();
    s.units[1].at = Pos::new(1, 0);
    b.execute(Command::Restore(Box::new(s))).unwrap();
    assert_eq!(b.terrain().get(b.map().at(b.unit(UnitId(1)).pos())).name, "forest");
    assert_eq!(combat::damage(&b, UnitId(0), UnitId(1)), 8 - 2 - 1);
    let tough = Stats { defense: 50, ..MELEE };
    let b = scene.battle(&[player('P').stats(MELEE), enemy('E', "guard", 1).stats(tough)]);
    assert_eq!(combat::damage(&b, UnitId(0), UnitId(1)), 1, "every hit does at least 1");
}

#[test]
fn a_defender_strikes_back_only_from_within_its_range() {
    let scene = Scene::parse("P . E");
    let mut b = scene.battle(&[player('P').stats(BOW), enemy('E', "guard", 1).stats(MELEE)]);
    let f = combat::forecast(&b, UnitId(0), UnitId(1));
    assert_eq!(f.counter, None, "a sword cannot answer an arrow from 2 cells");
    let events = attack(&mut b, 0, 1);
    assert_eq!(blows(&events), [(UnitId(0), UnitId(1), 7 - 2, false)]);
    assert_eq!(b.unit(UnitId(1)).hp(), 20 - (7 - 2));

    let scene = Scene::parse("P E");
    let mut b = scene.battle(&[player('P').stats(MELEE), enemy('E', "guard", 1).stats(MELEE)]);
    let f = combat::forecast(&b, UnitId(0), UnitId(1));
    let events = attack(&mut b, 0, 1);
    let bl = blows(&events);
    assert_eq!(bl.len(), 2);
    assert!(bl[1].3, "the second blow is the counter");
    assert_eq!(Some(bl[1].2), f.counter);
    assert_eq!(b.unit(UnitId(0)).hp(), f.attacker_hp);
}

#[test]
fn the_defeated_leave_the_board_and_do_not_strike_back() {
    let scene = Scene::parse("P E");
    let mut b = scene.battle(&[player('P'), enemy('E', "guard", 1).hp(3)]);
    let events = attack(&mut b, 0, 1);
    assert_eq!(blows(&events).len(), 1);
    assert!(events.contains(&Event::Defeated { unit: UnitId(1) }));
    assert!(!b.unit(UnitId(1)).alive());
    assert_eq!(b.unit_at(Pos::new(1, 0)), None);
    assert_eq!(outcome(&b), Some((Team::Player, Ending::EnemiesDefeated)));
}

#[test]
fn chargers_hit_after_moving_and_archers_shoot_from_3() {
    let scene = Scene::parse("P . . . . C\n. . . . . .\n. . . . . .\n. . . . . A");
    let mut b = scene.battle(&[
        player('P'),
        enemy('C', "charger", 4),
        enemy('A', "archer", 6).stats(BOW),
    ]);
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let (turns, _) = skirmish::fixture::enemy_phase(&mut b, &profiles("")).unwrap();
    let p = b.unit(UnitId(0)).pos();
    assert_eq!(turns[0].decision.to.manhattan(p), 1);
    assert_eq!(turns[0].decision.attack, Some(UnitId(0)));
    assert_eq!(turns[1].decision.to.manhattan(p), 3, "{:?}", turns[1].decision.reason);
    assert_eq!(turns[1].decision.attack, Some(UnitId(0)));
    assert_eq!(blows(&turns[1].events).len(), 1, "nobody answers an arrow from 3");
}

#[test]
fn an_enemy_out_of_range_does_not_attack() {
    let scene = Scene::parse("P . . . . . . . . . . . G");
    let mut b = scene.battle(&[player('P'), enemy('G', "guard", 3)]);
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let (turns, _) = skirmish::fixture::enemy_phase(&mut b, &profiles("")).unwrap();
    assert_eq!(turns[0].decision.attack, None);
    assert!(blows(&turns[0].events).is_empty());
    assert_eq!(turns[0].events, [Event::Acted { unit: UnitId(1) }], "it waits");
}
