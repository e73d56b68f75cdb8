//! Danger zones: every cell some enemy could attack next turn, and each enemy's own reach
//! with its profile's shape.

use skirmish::ai::danger::{Shape, danger_map, enemy_zone};
use skirmish::fixture::{Scene, enemy, player, profiles};
use skirmish::rules::{Command, UnitId};
use skirmish::search::grid::{Pos, Team};

#[test]
fn the_danger_map_is_move_plus_attack_range() {
    // E moves 2 and hits at 1: cells up to 3 away are in danger, 4 away are not.
    let scene = Scene::parse(". . . . . . . . . P\n. . . . E . . . . .\n. . . . . . . . . .");
    let b = scene.battle(&[player('P'), enemy('E', "charger", 2)]);
    let map = danger_map(&b, &mut skirmish::rules::Caches::new(), &profiles(""));
    let at = |x: i32, y: i32| map[(y as usize) * b.map().width() + x as usize];
    assert!(at(7, 1), "3 to the right");
    assert!(!at(8, 1), "4 to the right");
    assert!(at(1, 1) && !at(0, 1));
    assert!(at(4, 1), "its own cell");
}

#[test]
fn a_wall_stops_the_danger_behind_it() {
    let scene = Scene::parse("E . # . .\n. . # . .\n# # # . P");
    let b = scene.battle(&[player('P'), enemy('E', "charger", 9)]);
    let map = danger_map(&b, &mut skirmish::rules::Caches::new(), &profiles(""));
    assert!(!map[3], "behind the wall, out of reach of a melee unit");
    assert!(map[1]);
}

#[test]
fn each_profile_shows_its_shape() {
    let scene = Scene::parse(". . . . . . . . . . . .\nP . . . G . . D . . A S");
    let mut b = scene.battle(&[
        player('P'),
        enemy('G', "guard", 3),
        enemy('D', "pivot", 9),
        enemy('A', "archer", 3),
        enemy('S', "proximity", 3),
    ]);
    let p = profiles("");
    let g = {
        let id = b.find("G").unwrap();
        enemy_zone(&b, &mut skirmish::rules::Caches::new(), &p, id)
    };
    assert_eq!(
        g.shape,
        Shape::Trigger {
            radius: 3,
            fired: false
        }
    );
    let d = {
        let id = b.find("D").unwrap();
        enemy_zone(&b, &mut skirmish::rules::Caches::new(), &p, id)
    };
    assert_eq!(
        d.shape,
        Shape::Leash {
            pivot: Pos::new(7, 1),
            radius: 6
        }
    );
    assert!(
        d.moves.iter().all(|c| c.manhattan(Pos::new(7, 1)) < 6),
        "the reach stays inside the leash"
    );
    let a = {
        let id = b.find("A").unwrap();
        enemy_zone(&b, &mut skirmish::rules::Caches::new(), &p, id)
    };
    assert_eq!(a.shape, Shape::Ring { sight: 10, range: 3 });
    let s = {
        let id = b.find("S").unwrap();
        enemy_zone(&b, &mut skirmish::rules::Caches::new(), &p, id)
    };
    assert_eq!(s.shape, Shape::Sight { radius: 10 });
    // A guard that has woken says so.
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    b.execute(Command::Wake {
        unit: UnitId(1),
        by: UnitId(0),
    })
    .unwrap();
    let g = {
        let id = b.find("G").unwrap();
        enemy_zone(&b, &mut skirmish::rules::Caches::new(), &p, id)
    };
    assert_eq!(g.shape, Shape::Trigger { radius: 3, fired: true });
}
