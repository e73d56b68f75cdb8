//! Danger zones: every cell some enemy could attack next turn, and each enemy's own reach
//! with its profile's shape.

mod common;

use proptest::prelude::*;
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

/// The river crossing as shipped, on its first turn.
fn river() -> (skirmish::rules::Battle, skirmish::load::data::DataSet) {
    let (scenario, data, _) = skirmish::cli::load_scenario(&common::root().join("maps/river.toml"), None).unwrap();
    (skirmish::rules::Battle::new(&scenario, &data), data)
}

/// Issue 33: the Bowyer (an archer, move 6, range 2–3, on (30, 8)) can walk onto the bridge
/// and shoot the ford's west end (21, 8) on turn 1: clicking it shows that, and so must the
/// danger view, the bridge's cells included.
#[test]
fn the_river_danger_view_holds_the_bowyers_bridge_and_ford() {
    let (b, data) = river();
    let bow = b.find("Bowyer").unwrap();
    let z = enemy_zone(&b, &mut skirmish::rules::Caches::new(), &data.profiles, bow);
    let map = danger_map(&b, &mut skirmish::rules::Caches::new(), &data.profiles);
    let w = b.map().width();
    let bridge = [(22, 8), (23, 8), (24, 8), (22, 9), (23, 9), (24, 9)].map(|(x, y)| Pos::new(x, y));
    assert!(z.moves.contains(&Pos::new(24, 8)), "the Bowyer reaches the bridge");
    for p in bridge.iter().chain(&[Pos::new(21, 8)]) {
        assert!(z.attacks.contains(p), "the Bowyer's own reach has {p}");
        assert!(map[p.y as usize * w + p.x as usize], "the danger view has {p}");
    }
    // Every cell of one enemy's reach is in the danger view.
    for p in &z.attacks {
        assert!(map[p.y as usize * w + p.x as usize], "{p}");
    }
}

/// Issue 33's play: the danger tint covered the castle's walls. An enemy's reach runs over
/// them (an archer shoots across a wall), but nobody can stand on a wall to be struck there:
/// the danger view and each enemy's own reach (shown when it is clicked) leave them out, and
/// keep every other cell.
#[test]
fn the_castles_walls_are_never_in_danger() {
    let (scenario, data, _) = skirmish::cli::load_scenario(&common::root().join("maps/castle.toml"), None).unwrap();
    let b = skirmish::rules::Battle::new(&scenario, &data);
    let map = danger_map(&b, &mut skirmish::rules::Caches::new(), &data.profiles);
    let w = b.map().width();
    let wall = |p: Pos| b.terrain().get(b.map().at(p)).name == "wall";
    let h = b.map().height();
    let mut walls_reached = 0;
    for e in b.living(Team::Enemy).collect::<Vec<_>>() {
        let z = enemy_zone(&b, &mut skirmish::rules::Caches::new(), &data.profiles, e);
        // Its weapon's reach from every cell it can end its move on runs over walls...
        let s = b.unit(e).stats();
        let reach = skirmish::ai::danger::attack_cells(&z.moves, s.range_min, s.range_max, w, h);
        walls_reached += (0..w * h)
            .filter(|&i| reach[i] && wall(Pos::new((i % w) as i32, (i / w) as i32)))
            .count();
        // ...but what it could strike (shown when it is clicked) and the danger view hold none.
        for p in &z.attacks {
            assert!(!wall(*p), "the wall at {p} is in {}'s reach", b.name(e));
            assert!(
                map[p.y as usize * w + p.x as usize],
                "{p}, in {}'s reach, is in danger",
                b.name(e)
            );
        }
    }
    assert!(
        walls_reached > 0,
        "the enemies' reach runs over walls: the case the view must leave out"
    );
    for y in 0..b.map().height() as i32 {
        for x in 0..w as i32 {
            let p = Pos::new(x, y);
            assert!(!(wall(p) && map[y as usize * w + x as usize]), "{p}");
        }
    }
}

/// An enemy behind an ally in a corridor: the ally walks on, and the one behind ends its move
/// where the ally stood and strikes from there. Its reach lifts its allies off the board.
#[test]
fn an_ally_that_moves_first_opens_the_way() {
    // A one-cell corridor: E2 (move 2) stands behind E1; P waits at the end.
    let scene = Scene::parse("# # # # # # #\nB A . . P . .\n# # # # # # #");
    let b = scene.battle(&[player('P'), enemy('A', "charger", 2), enemy('B', "charger", 2)]);
    let p = profiles("");
    let back = b.find("B").unwrap();
    let z = enemy_zone(&b, &mut skirmish::rules::Caches::new(), &p, back);
    assert!(
        z.moves.contains(&Pos::new(1, 1)),
        "B may end where A stands: {:?}",
        z.moves
    );
    assert!(
        z.attacks.contains(&Pos::new(3, 1)),
        "B strikes up to 3 away: {:?}",
        z.attacks
    );
}

/// Every blow the enemies strike in a phase lands on a cell that was in the danger view when
/// the phase began, unless an earlier blow of that phase felled a unit (opened the way).
fn blows_land_in_the_danger_view(
    rows: &[String],
    players: &[(i32, i32)],
    enemies: &[(i32, i32, usize, u32)],
    seed: u64,
) -> Result<(), TestCaseError> {
    use skirmish::play::enemy::EnemyPhase;
    use skirmish::rules::Event;
    use skirmish::search::grid::Team;
    let Some(mut b) = common::build(rows, players, enemies) else {
        return Ok(());
    };
    let p = profiles("");
    let mut ai = skirmish::ai::Ai::new(p.clone());
    let mut c = skirmish::rules::Caches::new();
    for _ in 0..4 {
        // The player's phase: each unit as the simple policy plays it.
        let ready: Vec<UnitId> = b.ready(Team::Player).collect();
        for u in ready {
            if b.ended().is_some() || !b.unit(u).alive() {
                continue;
            }
            for cmd in skirmish::ai::player::decide(&b, &mut c, u, seed).commands() {
                b.execute(cmd).unwrap();
            }
        }
        if b.ended().is_some() {
            return Ok(());
        }
        b.execute(Command::EndPhase { team: Team::Player }).unwrap();
        if b.ended().is_some() {
            return Ok(());
        }
        let shown = danger_map(&b, &mut c, &p);
        let w = b.map().width();
        let report = EnemyPhase::run(&mut ai, &mut b).unwrap();
        let before = b.clone();
        for e in report.events() {
            match e {
                Event::Defeated { .. } => break,
                Event::Struck {
                    attacker,
                    defender,
                    counter: false,
                    ..
                } if before.unit(*attacker).team() == Team::Enemy => {
                    // Where the struck unit stood: player units do not move in the enemy phase.
                    let at = before.unit(*defender).pos();
                    prop_assert!(
                        shown[at.y as usize * w + at.x as usize],
                        "{} struck {} on {at}, a cell the danger view left out",
                        before.name(*attacker),
                        before.name(*defender)
                    );
                }
                _ => {}
            }
        }
        if b.ended().is_some() {
            return Ok(());
        }
    }
    Ok(())
}

/// Small crowded boards: many walls and many enemies, so enemies block one another's way
/// (the shared random battles seldom do).
fn crowded_battle() -> impl Strategy<Value = common::RandomBattle> {
    (3usize..9, 3usize..9).prop_flat_map(|(w, h)| {
        let glyph = prop::sample::select(vec!['.', '.', '.', 'T', '~', '#', '#']);
        (
            prop::collection::vec(
                prop::collection::vec(glyph, w).prop_map(|r| r.into_iter().collect::<String>()),
                h,
            ),
            prop::collection::vec((0..w as i32, 0..h as i32), 1..3),
            prop::collection::vec((0..w as i32, 0..h as i32, 0usize..5, 1u32..7), 2..7),
        )
    })
}

/// Corridors one or two cells wide, crowded with enemies: one stands in another's way, then
/// walks on.
fn corridor_battle() -> impl Strategy<Value = common::RandomBattle> {
    (5usize..12, 1usize..3).prop_flat_map(|(w, h)| {
        let glyph = prop::sample::select(vec!['.', '.', '.', '.', 'T']);
        (
            prop::collection::vec(
                prop::collection::vec(glyph, w).prop_map(|r| r.into_iter().collect::<String>()),
                h,
            ),
            prop::collection::vec((0..2i32, 0..h as i32), 1..3),
            prop::collection::vec((2..w as i32, 0..h as i32, 0usize..5, 1u32..5), 2..7),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_enemy_blow_lands_in_the_danger_view_in_corridors((rows, players, enemies) in corridor_battle(), seed in 0u64..4) {
        blows_land_in_the_danger_view(&rows, &players, &enemies, seed)?;
    }

    #[test]
    fn every_enemy_blow_lands_in_the_danger_view((rows, players, enemies) in common::random_battle(), seed in 0u64..4) {
        blows_land_in_the_danger_view(&rows, &players, &enemies, seed)?;
    }

    #[test]
    fn every_enemy_blow_lands_in_the_danger_view_on_crowded_boards((rows, players, enemies) in crowded_battle(), seed in 0u64..4) {
        blows_land_in_the_danger_view(&rows, &players, &enemies, seed)?;
    }
}
