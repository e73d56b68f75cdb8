//! Fog of war, running into the unseen, by exact event lists: a move whose path enters a
//! cell held by a unit of the other side that its side does not see stops on the last cell
//! before it where it may stand, the action ends, `Event::Ambushed { unit, by, at }`; a zone
//! of control held by an unseen unit stops the path on the held cell; undo takes it back;
//! the enemy phase goes on after an enemy is ambushed; ranges shown to a side read unseen
//! cells as empty. Units are soldiers (20 hp, attack 7, defense 2) with vision 3.

use skirmish_core::model::units::MoveRules;
use skirmish_core::play::enemy::act;
use skirmish_core::prelude::*;

/// The standard terrain with forest that hides.
fn fog_terrain() -> TerrainSet {
    let t = TerrainSet::standard();
    let mut kinds = t.kinds().to_vec();
    for k in &mut kinds {
        if k.name == "forest" {
            k.hides = true;
        }
    }
    TerrainSet::new(kinds, t.classes().to_vec()).unwrap()
}

fn battle(rows: &[&str], units: Vec<UnitSpec>, fog: bool) -> Battle {
    let t = fog_terrain();
    let mut b = BattleBuilder::new(TerrainMap::from_rows(&t, rows).unwrap())
        .terrain(t)
        .fog(fog);
    for u in units {
        b = b.unit(u);
    }
    b.build().unwrap()
}

fn walk(unit: usize, digits: &str) -> Command {
    Command::Move {
        unit: UnitId(unit),
        path: Steps::parse(digits).unwrap(),
    }
}

fn moved(unit: usize, from: (i32, i32), to: (i32, i32), digits: &str, cost: u32) -> Event {
    Event::Moved {
        unit: UnitId(unit),
        from: from.into(),
        to: to.into(),
        path: Steps::parse(digits).unwrap(),
        cost,
    }
}

fn ambushed(unit: usize, by: usize, at: (i32, i32)) -> Event {
    Event::Ambushed {
        unit: UnitId(unit),
        by: UnitId(by),
        at: at.into(),
    }
}

fn acted(unit: usize) -> Event {
    Event::Acted { unit: UnitId(unit) }
}

/// Kiny on the left, a brute hidden in the forest five cells right (two cells from where
/// Kiny's vision reaches it: forest is seen only from next to it).
fn forest_row(fog: bool) -> Battle {
    battle(
        &["......T..."],
        vec![
            UnitSpec::player("Kiny", (1, 0)).movement(7),
            UnitSpec::enemy("Brute", (6, 0), "charger"),
        ],
        fog,
    )
}

#[test]
fn a_move_into_an_unseen_unit_stops_before_it_and_ends_the_action() {
    let mut b = forest_row(true);
    assert!(!b.sight(Team::Player).sees(Pos::new(6, 0)));
    // Kiny means to walk past the forest to (8, 0): it runs into the brute at (6, 0).
    let events = b.execute(walk(0, "2222222")).unwrap();
    assert_eq!(
        events,
        [moved(0, (1, 0), (5, 0), "2222", 4), ambushed(0, 1, (5, 0)), acted(0)]
    );
    assert_eq!(b.unit(UnitId(0)).pos(), Pos::new(5, 0));
    // Now it sees the brute, and its action is over.
    assert!(b.sight(Team::Player).sees(Pos::new(6, 0)));
    let e = b.execute(Command::Attack {
        unit: UnitId(0),
        target: UnitId(1),
    });
    assert_eq!(e, Err(RuleError::AlreadyActed(UnitId(0))));
    assert_eq!(
        b.record(),
        [walk(0, "2222222")],
        "the replay keeps the command as given"
    );
    // Undo takes the whole of it back.
    let undone = b.execute(Command::Undo).unwrap();
    assert_eq!(
        undone,
        [
            Event::Reverted(Box::new(acted(0))),
            Event::Reverted(Box::new(ambushed(0, 1, (5, 0)))),
            Event::Reverted(Box::new(moved(0, (1, 0), (5, 0), "2222", 4))),
        ]
    );
    assert_eq!(b.unit(UnitId(0)).pos(), Pos::new(1, 0));
    assert!(!b.unit(UnitId(0)).acted());
    // The same command again does the same.
    assert_eq!(b.execute(walk(0, "2222222")).unwrap().len(), 3);
}

#[test]
fn a_first_step_into_the_unseen_is_no_walk_at_all() {
    let mut b = battle(
        &["T.T", "TTT"],
        vec![
            UnitSpec::player("Kiny", (1, 0)).vision(0),
            UnitSpec::enemy("Brute", (2, 0), "charger"),
        ],
        true,
    );
    assert_eq!(b.execute(walk(0, "2")).unwrap(), [ambushed(0, 1, (1, 0)), acted(0)]);
    assert_eq!(b.unit(UnitId(0)).pos(), Pos::new(1, 0));
}

#[test]
fn the_mover_backs_up_to_a_cell_it_may_stand_on() {
    // Lance stands on the cell before the hidden brute: Kiny stops one cell further back.
    let mut b = battle(
        &["......T..."],
        vec![
            UnitSpec::player("Kiny", (1, 0)).movement(7),
            UnitSpec::enemy("Brute", (6, 0), "charger"),
            UnitSpec::player("Lance", (5, 0)).vision(0),
        ],
        true,
    );
    let events = b.execute(walk(0, "22222")).unwrap();
    assert_eq!(
        events,
        [moved(0, (1, 0), (4, 0), "222", 3), ambushed(0, 1, (4, 0)), acted(0)]
    );
}

#[test]
fn an_unseen_zone_of_control_stops_the_path_on_the_held_cell() {
    let zoc = MoveRules {
        zoc: true,
        ..MoveRules::default()
    };
    // The knight in the forest at (6, 1) holds (6, 0); Kiny's path goes on through it.
    let mut b = battle(
        &["..........", "......T..."],
        vec![
            UnitSpec::player("Kiny", (1, 0)).movement(7),
            UnitSpec::enemy("Knight", (6, 1), "charger").moves(zoc),
        ],
        true,
    );
    let events = b.execute(walk(0, "2222222")).unwrap();
    assert_eq!(
        events,
        [moved(0, (1, 0), (6, 0), "22222", 5), ambushed(0, 1, (6, 0)), acted(0)]
    );
    // A zone it sees is refused as before.
    let mut seen = battle(
        &["..........", ".........."],
        vec![
            UnitSpec::player("Kiny", (4, 0)).movement(7),
            UnitSpec::enemy("Knight", (6, 1), "charger").moves(zoc),
        ],
        true,
    );
    let e = seen.execute(walk(0, "2222")).unwrap_err();
    assert!(matches!(e, RuleError::ZoneOfControl { .. }), "{e:?}");
}

#[test]
fn what_is_seen_or_without_fog_is_refused_as_before() {
    // Without fog the brute's cell is simply not on a path.
    let mut open = forest_row(false);
    let e = open.execute(walk(0, "2222222")).unwrap_err();
    assert!(matches!(e, RuleError::Unreachable { .. }), "{e:?}");
    // Under fog, a unit it sees blocks as ever.
    let mut b = battle(
        &[".........."],
        vec![
            UnitSpec::player("Kiny", (1, 0)).movement(7),
            UnitSpec::enemy("Brute", (4, 0), "charger"),
        ],
        true,
    );
    let e = b.execute(walk(0, "2222")).unwrap_err();
    assert!(matches!(e, RuleError::Unreachable { .. }), "{e:?}");
}

#[test]
fn a_range_shown_under_fog_reads_unseen_cells_as_empty() {
    let b = forest_row(true);
    let mut c = Caches::new();
    let fogged = b.range(&mut c, UnitId(0));
    assert!(fogged.contains(Pos::new(6, 0)), "the brute's cell looks free");
    assert!(fogged.contains(Pos::new(7, 0)), "and so does the way past it");
    let open = forest_row(false);
    assert!(!open.range(&mut c, UnitId(0)).contains(Pos::new(6, 0)));
    assert!(
        !open.range(&mut c, UnitId(0)).contains(Pos::new(7, 0)),
        "cannot pass the brute"
    );
}

#[test]
fn an_enemy_walking_into_an_unseen_player_stops_and_the_rest_is_not_done() {
    // Kiny stands where the brute (vision 4) sees her; Lance hides in the forest on its way.
    let mut b = battle(
        &["..T....", "TTTTTTT"],
        vec![
            UnitSpec::player("Kiny", (0, 0)),
            UnitSpec::player("Lance", (2, 0)),
            UnitSpec::enemy("Brute", (4, 0), "charger").vision(4),
            UnitSpec::enemy("Scout", (6, 0), "charger").vision(0),
        ],
        true,
    );
    assert!(b.sight(Team::Enemy).sees(Pos::new(0, 0)));
    assert!(!b.sight(Team::Enemy).sees(Pos::new(2, 0)));
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let mut ai = Ai::new(Profiles::standard());
    let d = ai.decide(&b, UnitId(2));
    // It plans to walk through Lance's cell to strike Kiny from (1, 0).
    assert_eq!((d.to, d.attack), (Pos::new(1, 0), Some(UnitId(0))));
    let mut once = b.clone();
    let turn = act(&mut once, d).unwrap();
    assert_eq!(
        turn.events,
        [moved(2, (4, 0), (3, 0), "4", 1), ambushed(2, 1, (3, 0)), acted(2)]
    );
    assert_eq!(once.unit(UnitId(0)).hp(), 20, "no blow was struck");
    // The whole phase: the scout acts after it, on what its side sees now (the brute next to
    // Lance sees her: the scout comes as far as the brute lets it), and the phase ends.
    let report = EnemyPhase::run(&mut ai, &mut b).unwrap();
    assert_eq!(report.turns[0].events, turn.events);
    assert_eq!(report.turns[1].events, [moved(3, (6, 0), (4, 0), "44", 2), acted(3)]);
    assert_eq!(
        report.end,
        [Event::PhaseBegan {
            team: Team::Player,
            turn: 2
        }]
    );
}

#[test]
fn a_canto_second_move_into_the_unseen_ends_the_canto() {
    let canto = MoveRules {
        canto: true,
        ..MoveRules::default()
    };
    let mut b = battle(
        &["..........", "........T."],
        vec![
            UnitSpec::player("Rider", (1, 0)).movement(8).moves(canto),
            UnitSpec::enemy("Brute", (2, 0), "charger"),
            UnitSpec::enemy("Hidden", (8, 1), "charger"),
        ],
        true,
    );
    b.execute(Command::Attack {
        unit: UnitId(0),
        target: UnitId(1),
    })
    .unwrap();
    assert!(b.unit(UnitId(0)).may_canto());
    let events = b.execute(walk(0, "32222222")).unwrap();
    assert_eq!(
        events,
        [
            moved(0, (1, 0), (7, 1), "3222222", 7),
            ambushed(0, 2, (7, 1)),
            Event::Canto {
                unit: UnitId(0),
                ready: false
            }
        ]
    );
}

#[test]
fn in_the_phase_machine_an_ambushed_move_opens_no_action_menu() {
    use skirmish_core::play::phase::{Intent, Phase, Session, Signal};
    let mut s = Session::new(forest_row(true), Profiles::standard());
    let mut press = |i: Intent| {
        s.input(i);
        if i == Intent::Confirm {
            s.input(Intent::Release);
        }
    };
    // Select Kiny, point past the wood (the brute's cell reads as empty), confirm.
    press(Intent::Confirm);
    for _ in 0..6 {
        press(Intent::Cursor(Dir::Right));
    }
    press(Intent::Confirm);
    assert!(
        s.drain()
            .iter()
            .any(|e| matches!(e, Signal::Rules(Event::Ambushed { .. })))
    );
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(5, 0));
    assert!(!matches!(s.phase(), Phase::Action { .. }), "{:?}", s.phase());
}

#[test]
fn a_snapshot_under_fog_is_refused_by_the_battle_without_it() {
    // A move cut short by an ambush means another battle where the brute is seen: the
    // snapshot of a fog battle does not fit the same board without fog, and back.
    let mut b = forest_row(true);
    b.execute(walk(0, "2222222")).unwrap();
    let snap = b.snapshot();
    let e = forest_row(false)
        .execute(Command::Restore(Box::new(snap.clone())))
        .unwrap_err();
    assert!(matches!(e, RuleError::BadSnapshot(_)), "{e:?}");
    let plain = forest_row(false).snapshot();
    let e = forest_row(true).execute(Command::Restore(Box::new(plain))).unwrap_err();
    assert!(matches!(e, RuleError::BadSnapshot(_)), "{e:?}");
    // The same board under fog takes it back, and a battle without fog keeps its fingerprint.
    forest_row(true).execute(Command::Restore(Box::new(snap))).unwrap();
    assert_ne!(forest_row(true).fingerprint(), forest_row(false).fingerprint());
}
