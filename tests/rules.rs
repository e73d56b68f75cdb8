//! The rules core, specified by exact event lists: each test is a tiny map (`P`, `Q` player
//! units — `P` is the hero —, other letters enemies), one command, and every event it must
//! produce, in order. Units are soldiers (20 hp, attack 7, defense 2, range 1, move 5)
//! unless a test says otherwise.

mod common;
use common::{battle, moved, walk};
use skirmish::fixture::{Placed, Scene, enemy, player, profiles};
use skirmish::load::units::Stats;
use skirmish::rules::{Battle, Command, Ending, Event, RuleError, UnitId};
use skirmish::search::grid::{Pos, Team};

const BOW: Stats = Stats {
    hp: 16,
    attack: 7,
    defense: 1,
    range_min: 2,
    range_max: 3,
};

fn attack(unit: usize, target: usize) -> Command {
    Command::Attack {
        unit: UnitId(unit),
        target: UnitId(target),
    }
}

fn struck(attacker: usize, defender: usize, damage: i32, hp_before: i32, counter: bool) -> Event {
    Event::Struck {
        attacker: UnitId(attacker),
        defender: UnitId(defender),
        damage,
        hp_before,
        hp_left: (hp_before - damage).max(0),
        counter,
    }
}

fn acted(unit: usize) -> Event {
    Event::Acted { unit: UnitId(unit) }
}

fn gained(unit: usize, amount: u32, exp: u32) -> Event {
    Event::Gained {
        unit: UnitId(unit),
        amount,
        exp,
    }
}

/// Runs `cmd`, expecting a refusal that leaves the battle exactly as it was.
#[track_caller]
fn refused(b: &mut Battle, cmd: Command) -> RuleError {
    let before = (b.snapshot(), b.occupancy().clone(), b.record().to_vec());
    let err = b.execute(cmd).unwrap_err();
    assert_eq!((b.snapshot(), b.occupancy().clone(), b.record().to_vec()), before);
    err
}

#[test]
fn a_move_is_one_event_with_its_path_and_cost() {
    let mut b = battle("P . T . E", &[player('P'), enemy('E', "guard", 1)]);
    assert_eq!(b.execute(walk(0, "222")).unwrap(), [moved(0, (0, 0), (3, 0), "222", 4)]);
    assert_eq!(b.unit(UnitId(0)).pos(), Pos::new(3, 0));
    assert_eq!(b.occupancy().at(Pos::new(3, 0)), Some(Team::Player));
    assert_eq!(b.occupancy().at(Pos::new(0, 0)), None);
    assert_eq!(refused(&mut b, walk(0, "4")), RuleError::AlreadyMoved(UnitId(0)));
}

#[test]
fn blocked_moves_are_refused_and_change_nothing() {
    let mut b = battle(
        "P E . .
         Q # . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    let unreachable = |to: (i32, i32)| RuleError::Unreachable {
        unit: UnitId(0),
        to: Pos::new(to.0, to.1),
    };
    assert_eq!(refused(&mut b, walk(0, "22")), unreachable((2, 0)), "through an enemy");
    assert_eq!(refused(&mut b, walk(0, "3")), unreachable((0, 1)), "onto an ally");
    assert_eq!(refused(&mut b, walk(0, "32")), unreachable((1, 1)), "into a wall");
    assert_eq!(refused(&mut b, walk(0, "4")), unreachable((-1, 0)), "off the map");
    assert_eq!(
        refused(&mut b, walk(0, "333333")),
        unreachable((0, 6)),
        "beyond its move"
    );
    assert_eq!(refused(&mut b, walk(2, "2")), RuleError::NotItsPhase(UnitId(2)));
    assert_eq!(refused(&mut b, walk(9, "2")), RuleError::NoUnit(UnitId(9)));
    // Passing through an ally is fine when the move ends on a free cell.
    let mut corridor = battle("Q P . . E", &[player('P'), player('Q'), enemy('E', "guard", 1)]);
    assert_eq!(
        corridor.execute(walk(1, "22")).unwrap(),
        [moved(1, (0, 0), (2, 0), "22", 2)]
    );
}

#[test]
fn an_attack_out_of_reach_of_the_defender_gets_no_counter() {
    let mut b = battle("P . E", &[player('P').stats(BOW), enemy('E', "guard", 1)]);
    assert_eq!(
        b.execute(attack(0, 1)).unwrap(),
        [struck(0, 1, 7 - 2, 20, false), gained(0, 10, 10), acted(0)]
    );
    assert_eq!(refused(&mut b, attack(0, 1)), RuleError::AlreadyActed(UnitId(0)));
}

#[test]
fn a_defender_that_survives_and_reaches_strikes_back() {
    let mut b = battle("P E", &[player('P'), enemy('E', "guard", 1)]);
    assert_eq!(
        b.execute(attack(0, 1)).unwrap(),
        [
            struck(0, 1, 5, 20, false),
            gained(0, 10, 10),
            struck(1, 0, 5, 20, true),
            acted(0)
        ]
    );
    let mut far = battle("P . E", &[player('P'), enemy('E', "guard", 1)]);
    assert_eq!(
        refused(&mut far, attack(0, 1)),
        RuleError::OutOfRange {
            unit: UnitId(0),
            target: UnitId(1)
        }
    );
}

#[test]
fn defeating_the_last_enemy_ends_the_battle_in_victory() {
    let mut b = battle("P E", &[player('P'), enemy('E', "guard", 1).hp(3)]);
    let events = b.execute(attack(0, 1)).unwrap();
    assert_eq!(
        events,
        [
            struck(0, 1, 5, 3, false),
            Event::Defeated { unit: UnitId(1) },
            gained(0, 30, 30),
            acted(0),
            Event::BattleEnded {
                winner: Team::Player,
                why: Ending::EnemiesDefeated
            },
        ]
    );
    assert_eq!(events[2].describe(&b), "P gains 30 experience (30/100)");
    assert_eq!(events[4].describe(&b), "Victory on turn 1: every enemy was defeated");
    assert_eq!(b.occupancy().at(Pos::new(1, 0)), None, "the defeated leave the board");
    assert_eq!(
        refused(&mut b, Command::EndPhase { team: Team::Player }),
        RuleError::BattleOver
    );
}

#[test]
fn the_hero_falling_loses_the_battle_and_says_who() {
    let mut b = battle("P E\nQ .", &[player('P').hp(4), player('Q'), enemy('E', "guard", 1)]);
    assert_eq!(
        b.execute(Command::EndPhase { team: Team::Player }).unwrap(),
        [Event::PhaseBegan {
            team: Team::Enemy,
            turn: 1
        }]
    );
    let events = b.execute(attack(2, 0)).unwrap();
    assert_eq!(
        events,
        [
            struck(2, 0, 5, 4, false),
            Event::Defeated { unit: UnitId(0) },
            acted(2),
            Event::BattleEnded {
                winner: Team::Enemy,
                why: Ending::HeroFell(UnitId(0))
            },
        ]
    );
    assert_eq!(events[3].describe(&b), "Defeat — P fell");
}

#[test]
fn a_guard_wakes_as_an_event_then_walks_and_the_player_phase_returns() {
    let mut b = battle("P . . G", &[player('P'), enemy('G', "guard", 1)]);
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let (turns, end) = skirmish::fixture::enemy_phase(&mut b, &profiles("")).unwrap();
    assert_eq!(
        turns[0].events,
        [
            Event::GuardWoke {
                unit: UnitId(1),
                by: UnitId(0)
            },
            moved(1, (3, 0), (2, 0), "4", 1),
            acted(1),
        ]
    );
    assert_eq!(
        end,
        [Event::PhaseBegan {
            team: Team::Player,
            turn: 2
        }]
    );
    assert!(b.unit(UnitId(1)).triggered());
    assert_eq!(
        refused(
            &mut b,
            Command::Wake {
                unit: UnitId(1),
                by: UnitId(0)
            }
        ),
        RuleError::NotItsPhase(UnitId(1))
    );
}

#[test]
fn undo_takes_back_exactly_the_events_of_the_last_action() {
    let mut b = battle("Q . P E", &[player('P'), player('Q'), enemy('E', "guard", 1)]);
    let start = (b.snapshot(), b.occupancy().clone());
    let mv = b.execute(walk(1, "2")).unwrap();
    let after_q = (b.snapshot(), b.occupancy().clone());
    let hit = b.execute(attack(0, 2)).unwrap();
    assert_eq!(mv, [moved(1, (0, 0), (1, 0), "2", 1)]);
    assert_eq!(
        hit,
        [
            struck(0, 2, 5, 20, false),
            gained(0, 10, 10),
            struck(2, 0, 5, 20, true),
            acted(0)
        ]
    );
    // Q only moved (not yet confirmed), then P attacked without moving: undo takes back P's attack.
    let undo = b.execute(Command::Undo).unwrap();
    let back: Vec<Event> = hit
        .iter()
        .rev()
        .cloned()
        .map(|e| Event::Reverted(Box::new(e)))
        .collect();
    assert_eq!(undo, back);
    assert_eq!((b.snapshot(), b.occupancy().clone()), after_q);
    assert_eq!(
        b.execute(Command::Undo).unwrap(),
        [Event::Reverted(Box::new(mv[0].clone()))]
    );
    assert_eq!((b.snapshot(), b.occupancy().clone()), start);
    assert_eq!(b.record(), &[] as &[Command], "undone commands leave the replay");
    assert_eq!(refused(&mut b, Command::Undo), RuleError::NothingToUndo);
}

#[test]
fn nothing_of_the_enemy_phase_can_be_undone() {
    let mut b = battle("P . . . E", &[player('P'), enemy('E', "charger", 1)]);
    b.execute(walk(0, "2")).unwrap();
    b.execute(Command::Wait { unit: UnitId(0) }).unwrap();
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    assert_eq!(refused(&mut b, Command::Undo), RuleError::NothingToUndo);
    assert_eq!(
        b.record(),
        &[
            walk(0, "2"),
            Command::Wait { unit: UnitId(0) },
            Command::EndPhase { team: Team::Player }
        ]
    );
}

#[test]
fn a_snapshot_that_does_not_fit_is_refused() {
    let mut b = battle("P # E", &[player('P'), enemy('E', "guard", 1)]);
    let good = b.snapshot();
    let bad = |f: &dyn Fn(&mut skirmish::rules::Snapshot)| {
        let mut s = good.clone();
        f(&mut s);
        Command::Restore(Box::new(s))
    };
    let why = |e: RuleError| e.to_string();
    assert!(why(refused(&mut b, bad(&|s| s.units[1].at = Pos::new(0, 0)))).contains("shares cell (0, 0)"));
    assert!(why(refused(&mut b, bad(&|s| s.units[0].at = Pos::new(1, 0)))).contains("cannot enter"));
    assert!(why(refused(&mut b, bad(&|s| s.units[0].at = Pos::new(7, 0)))).contains("off the map"));
    assert!(why(refused(&mut b, bad(&|s| s.units[0].hp = 99))).contains("impossible hit points 99"));
    assert!(why(refused(&mut b, bad(&|s| s.units.pop().map_or((), |_| ())))).contains("1 units"));
    // A defeated unit still needs a possible cell.
    let off = bad(&|s| {
        s.units[1].alive = false;
        s.units[1].hp = 0;
        s.units[1].at = Pos::new(-1, 0);
    });
    assert!(why(refused(&mut b, off)).contains("off the map"));
}

#[test]
fn an_attack_on_a_unit_that_does_not_exist_or_has_fallen_is_refused() {
    let mut b = battle(
        "P E . . F",
        &[player('P'), enemy('E', "guard", 1), enemy('F', "guard", 1)],
    );
    // Before: an unknown target panicked inside combat (index out of bounds).
    assert_eq!(
        refused(&mut b, attack(0, 9)),
        RuleError::NoTarget {
            unit: UnitId(0),
            target: UnitId(9)
        }
    );
    // A fallen target: restore a board where E has fallen, then strike at it.
    let mut s = b.snapshot();
    s.units[1].alive = false;
    s.units[1].hp = 0;
    b.execute(Command::Restore(Box::new(s))).unwrap();
    assert_eq!(
        refused(&mut b, attack(0, 1)),
        RuleError::NoTarget {
            unit: UnitId(0),
            target: UnitId(1)
        }
    );
}

#[test]
fn the_turn_counter_cannot_overflow_after_a_restore() {
    let mut b = battle("P . E", &[player('P'), enemy('E', "guard", 1)]);
    let mut s = b.snapshot();
    s.turn = u32::MAX;
    s.active = Team::Enemy;
    b.execute(Command::Restore(Box::new(s))).unwrap();
    // Before: `turn + 1` overflowed (a panic in debug builds, turn 0 in release).
    assert_eq!(
        refused(&mut b, Command::EndPhase { team: Team::Enemy }),
        RuleError::TooManyTurns
    );
    assert_eq!(b.turn(), u32::MAX);
}

#[test]
fn undo_after_a_live_reload_that_lowered_a_maximum_gives_a_possible_battle() {
    let scene = Scene::parse("P E . .");
    let mut b = scene.battle(&[player('P'), enemy('E', "guard", 1)]);
    // P strikes E (20 hp, 5 damage: 15 left), then the file lowers E's maximum to 12.
    b.execute(attack(0, 1)).unwrap();
    let weaker = || {
        enemy('E', "guard", 1).stats(Stats {
            hp: 12,
            attack: 7,
            defense: 2,
            range_min: 1,
            range_max: 1,
        })
    };
    let mut reloaded = b.carried_into(scene.battle(&[player('P'), weaker()])).unwrap();
    assert_eq!(reloaded.unit(UnitId(1)).hp(), 12);
    reloaded.execute(Command::Undo).unwrap();
    // Before: undo put back 20 hp over a maximum of 12, and the save of it was refused.
    assert_eq!(reloaded.unit(UnitId(1)).hp(), 12);
    scene
        .battle(&[player('P'), weaker()])
        .execute(Command::Restore(Box::new(reloaded.snapshot())))
        .expect("the undone battle is one the new numbers allow");
}

/// A kind with a `move` growth: the level-up's event carries the movement it added, the
/// unit's range reaches one cell farther, undo takes it back and a restore puts it back;
/// at the cap (`MAX_MOVE`) a level-up adds no movement and says none.
#[test]
fn a_move_growth_levels_up_the_range_and_undo_takes_it_back() {
    use skirmish::model::units::{Growth, MAX_MOVE};
    use skirmish::rules::Caches;
    let growth = Growth {
        movement: 1,
        ..Growth::default()
    };
    let mut b = battle(
        "EP........",
        &[player('P').growth(growth).level(1, 95), enemy('E', "guard", 1).hp(3)],
    );
    let p = UnitId(0);
    let reaches = |b: &Battle, x: i32| b.range(&mut Caches::new(), p).contains(Pos::new(x, 0));
    assert!(reaches(&b, 6) && !reaches(&b, 7), "move 5 before");
    let events = b.execute(attack(0, 1)).unwrap();
    assert_eq!(
        events[3],
        Event::LevelUp {
            unit: p,
            level: 2,
            gains: growth
        }
    );
    assert_eq!(events[3].describe(&b), "P reaches level 2: move +1");
    assert_eq!(
        serde_json::to_string(&events[3].to_json(&b)).unwrap(),
        r#"{"event":"level_up","gains":{"attack":0,"defense":0,"hp":0,"move":1},"level":2,"unit":"P"}"#
    );
    assert_eq!((b.unit(p).movement(), b.unit(p).grown()), (6, growth));
    assert!(reaches(&b, 7) && !reaches(&b, 8), "move 6 after the level-up");
    let snap = b.snapshot();
    b.execute(Command::Undo).unwrap();
    assert_eq!(
        (b.unit(p).movement(), b.unit(p).level()),
        (5, 1),
        "undo takes the move back"
    );
    assert!(reaches(&b, 6) && !reaches(&b, 7));
    b.execute(Command::Restore(Box::new(snap))).unwrap();
    assert_eq!(b.unit(p).movement(), 6, "a restore puts the grown move back");

    let top = Placed {
        movement: MAX_MOVE as u32,
        ..player('P').growth(growth).level(1, 95)
    };
    let mut b = battle("EP", &[top, enemy('E', "guard", 1).hp(3)]);
    let events = b.execute(attack(0, 1)).unwrap();
    assert_eq!(
        events[3],
        Event::LevelUp {
            unit: p,
            level: 2,
            gains: Growth::default()
        },
        "capped at MAX_MOVE: nothing added, nothing said"
    );
    assert_eq!(b.unit(p).movement(), MAX_MOVE as u32);
}

/// Experience: 10 for a blow, 30 for a defeat, a level at 100 with the rest kept and the
/// stats grown by the unit's growth (its hit points too); undo takes all of it back; only
/// player units gain; a battle without experience (old replays) has none of these events.
#[test]
fn a_blow_that_reaches_100_experience_levels_up_and_undo_takes_it_back() {
    use skirmish::model::units::Growth;
    let growth = Growth {
        hp: 2,
        attack: 1,
        defense: 0,
        ..Default::default()
    };
    let spec = |p: Placed| p.growth(growth).level(1, 95);
    let mut b = battle("P E", &[spec(player('P')), enemy('E', "guard", 1).hp(3)]);
    let before = (b.snapshot(), b.unit(UnitId(0)).stats());
    let events = b.execute(attack(0, 1)).unwrap();
    // The total is told as it is, not cut at 100 (the 25 carried over show).
    assert_eq!(events[2].describe(&b), "P gains 30 experience (125/100)");
    assert_eq!(events[3].describe(&b), "P reaches level 2: hp +2, attack +1");
    assert_eq!(
        events,
        [
            struck(0, 1, 5, 3, false),
            Event::Defeated { unit: UnitId(1) },
            gained(0, 30, 125),
            Event::LevelUp {
                unit: UnitId(0),
                level: 2,
                gains: growth
            },
            acted(0),
            Event::BattleEnded {
                winner: Team::Player,
                why: Ending::EnemiesDefeated
            },
        ]
    );
    let p = b.unit(UnitId(0));
    assert_eq!((p.level(), p.exp()), (2, 25));
    assert_eq!((p.stats().hp, p.stats().attack, p.stats().defense), (22, 8, 2));
    assert_eq!(p.hp(), 22, "the hit points left grow with the maximum");
    assert_eq!(p.grown(), growth);
    // The snapshot keeps level, experience and growth, and a restore puts them back.
    let snap = b.snapshot();
    b.execute(Command::Undo).unwrap();
    assert_eq!(
        (b.snapshot(), b.unit(UnitId(0)).stats()),
        before,
        "undo takes the level back"
    );
    b.execute(Command::Restore(Box::new(snap.clone()))).unwrap();
    assert_eq!(b.snapshot(), snap);
    assert_eq!(b.unit(UnitId(0)).stats().attack, 8);

    // Enemies never gain; a battle without experience gives no experience events.
    let mut e = battle("E P", &[player('P'), enemy('E', "guard", 1)]);
    e.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let hit = e.execute(attack(1, 0)).unwrap();
    assert_eq!(
        hit,
        [
            struck(1, 0, 5, 20, false),
            struck(0, 1, 5, 20, true),
            gained(0, 10, 10),
            acted(1)
        ],
        "the player's counter earns experience, the enemy's blow none"
    );
    let mut old = battle("P E", &[player('P'), enemy('E', "guard", 1)]).without_experience();
    assert_eq!(
        old.execute(attack(0, 1)).unwrap(),
        [struck(0, 1, 5, 20, false), struck(1, 0, 5, 20, true), acted(0)]
    );
}
