//! Zones of control and canto as the game plays them, without a window: the path arrow and a
//! click stop where a zone stops the unit, and a player's canto unit gets its Move / Wait menu
//! after it attacks, with the range its movement left, undo, next unit and the end of the turn.

use skirmish::fixture::{Placed, Scene, enemy, player, profiles};
use skirmish::load::units::MoveRules;
use skirmish::play::phase::{Action, Intent, Phase, Session, Signal};
use skirmish::rules::{Command, Event, RuleError, UnitId};
use skirmish::search::grid::{Dir, Path, Pos};

use Intent::*;
const R: Intent = Cursor(Dir::Right);
const D: Intent = Cursor(Dir::Down);

const ZOC: MoveRules = MoveRules {
    zoc: true,
    skirmisher: false,
    canto: false,
};
const CANTO: MoveRules = MoveRules {
    zoc: false,
    skirmisher: false,
    canto: true,
};

fn session(picture: &str, units: &[Placed]) -> Session {
    Session::new(Scene::parse(picture).battle(units), profiles(""))
}

fn press(s: &mut Session, intents: &[Intent]) {
    for &i in intents {
        s.input(i);
        if i == Intent::Confirm {
            s.input(Intent::Release);
        }
    }
}

/// The cells the arrow walks through (its end included).
fn arrow_cells(s: &Session) -> Vec<Pos> {
    let (from, path) = s.route().expect("an arrow");
    path.replay(from)
}

fn canto_menu(s: &Session) -> bool {
    matches!(s.phase(), Phase::Action { options, .. } if options == &[Action::Move, Action::Wait])
}

/// E holds (2, 1) in its zone: the row walk right stops there.
const FIELD: &str = ". . . . . .
                     P . . . . .
                     . . E . . .";

#[test]
fn the_arrow_never_goes_on_through_a_zone_cell_and_the_click_walks_it() {
    let mut s = session(FIELD, &[player('P'), enemy('E', "guard", 1).moves(ZOC)]);
    // Traced right, right (into the zone cell), right: the arrow may not go on from the zone
    // cell; it takes the cheapest path the rule allows, round the zone by the top row.
    press(&mut s, &[Confirm, R, R]);
    assert_eq!(arrow_cells(&s), [Pos::new(1, 1), Pos::new(2, 1)]);
    press(&mut s, &[R]);
    let cells = arrow_cells(&s);
    assert_eq!(cells.last(), Some(&Pos::new(3, 1)));
    assert!(
        !cells.contains(&Pos::new(2, 1)),
        "the arrow went through the zone: {cells:?}"
    );
    assert_eq!(s.route_cost().map(|(c, _)| c), Some(5));
    // The click agrees with the arrow: the rules take that walk.
    let shown = s.route().unwrap().1;
    press(&mut s, &[Confirm]);
    let moved = s.drain().into_iter().find_map(|e| match e {
        Signal::Rules(Event::Moved { to, path, .. }) => Some((to, path)),
        _ => None,
    });
    assert_eq!(moved, Some((Pos::new(3, 1), shown)));
    assert!(matches!(s.phase(), Phase::Action { .. }));
}

#[test]
fn a_click_on_a_zone_cell_moves_there_and_stops() {
    let mut s = session(FIELD, &[player('P'), enemy('E', "guard", 1).moves(ZOC)]);
    press(&mut s, &[Confirm, Point(Pos::new(2, 1)), Confirm]);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(2, 1));
    // A cell past the zone along the row is reached only round it: the range says so.
    let mut s = session(FIELD, &[player('P'), enemy('E', "guard", 1).moves(ZOC)]);
    press(&mut s, &[Confirm]);
    let Phase::Target { range, .. } = s.phase() else {
        panic!("{:?}", s.phase())
    };
    assert!(!range.contains(Pos::new(4, 1)), "(4, 1) costs 6 round the zone, move 5");
    // A skirmisher's arrow goes straight on through.
    let skirmisher = MoveRules {
        skirmisher: true,
        ..MoveRules::default()
    };
    let mut s = session(
        FIELD,
        &[player('P').moves(skirmisher), enemy('E', "guard", 1).moves(ZOC)],
    );
    press(&mut s, &[Confirm, R, R, R]);
    assert_eq!(arrow_cells(&s), [Pos::new(1, 1), Pos::new(2, 1), Pos::new(3, 1)]);
}

const ROW: &str = ". . . . . . . .
                   P . . E . . . .";

/// A canto soldier walks two cells right and attacks E (a guard that stays).
fn attacked(extra: &[Placed]) -> Session {
    let mut units = vec![player('P').moves(CANTO), enemy('E', "guard", 1)];
    units.extend_from_slice(extra);
    let mut s = session(ROW, &units);
    press(&mut s, &[Confirm, R, R, Confirm]);
    assert!(matches!(s.phase(), Phase::Action { options, .. } if options[0] == Action::Attack(UnitId(1))));
    press(&mut s, &[Confirm]);
    s
}

#[test]
fn after_its_attack_a_canto_unit_is_offered_move_and_wait_with_the_range_left() {
    let mut s = attacked(&[]);
    let signals = s.drain();
    assert!(signals.contains(&Signal::Rules(Event::Canto {
        unit: UnitId(0),
        ready: true
    })));
    assert!(canto_menu(&s), "{:?}", s.phase());
    let range = s.canto_range().expect("the range left is shown");
    assert_eq!(range.budget(), 3, "move 5, 2 spent");
    assert!(range.contains(Pos::new(0, 0)) && !range.contains(Pos::new(5, 0)));
    // Move: the range is picked from as a selected unit's is; the walk ends the turn.
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase(), Phase::Target { unit: UnitId(0), range, .. } if range.budget() == 3));
    // Cancel backs out to the menu; the blow stays.
    press(&mut s, &[Cancel]);
    assert!(canto_menu(&s));
    press(&mut s, &[Confirm, Point(Pos::new(0, 0))]);
    assert_eq!(s.route_cost(), Some((3, 0)));
    press(&mut s, &[Confirm]);
    let events: Vec<Event> = s
        .drain()
        .into_iter()
        .filter_map(|e| match e {
            Signal::Rules(e) => Some(e),
            _ => None,
        })
        .take(2)
        .collect();
    assert!(matches!(&events[0], Event::Moved { to, cost: 3, .. } if *to == Pos::new(0, 0)));
    assert_eq!(
        events[1],
        Event::Canto {
            unit: UnitId(0),
            ready: false
        }
    );
    // The only player unit is done: the enemy phase begins.
    assert!(matches!(s.phase(), Phase::Enemy { .. }));
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 0));
}

#[test]
fn wait_ends_the_canto_turn_and_cancel_does_not_take_the_blow_back() {
    let mut s = attacked(&[]);
    press(&mut s, &[Cancel]);
    assert!(canto_menu(&s), "cancel leaves the menu open");
    assert_eq!(s.battle().unit(UnitId(1)).hp(), 15, "and the blow given");
    s.drain();
    press(&mut s, &[D, Confirm]);
    assert_eq!(
        s.drain()[0],
        Signal::Rules(Event::Canto {
            unit: UnitId(0),
            ready: false
        })
    );
    assert!(matches!(s.phase(), Phase::Enemy { .. }));
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(2, 1));
}

#[test]
fn the_second_move_attacks_nobody_and_stays_in_its_range() {
    let mut s = attacked(&[]);
    press(&mut s, &[Confirm, Point(Pos::new(3, 1))]);
    assert_eq!(s.route(), None, "no walk to a cell to attack from");
    s.drain();
    press(&mut s, &[Confirm]);
    assert_eq!(
        s.drain(),
        [Signal::CannotGo {
            unit: UnitId(0),
            to: Pos::new(3, 1)
        }]
    );
    assert!(matches!(s.phase(), Phase::Target { .. }));
    assert_eq!(s.battle().unit(UnitId(1)).hp(), 15, "struck once only");
}

#[test]
fn undo_at_the_canto_menu_and_after_the_second_move_takes_back_the_walk_and_the_blow() {
    // Two player units, so the turn does not end by itself.
    let mut s = session(
        ". . . . . . . Q
         P . . E . . . .",
        &[player('P').moves(CANTO), enemy('E', "guard", 1), player('Q')],
    );
    press(&mut s, &[Confirm, R, R, Confirm, Confirm]);
    assert!(canto_menu(&s));
    assert!(s.can_undo());
    press(&mut s, &[Undo]);
    assert_eq!(*s.phase(), Phase::Select);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 1));
    assert_eq!(s.battle().unit(UnitId(1)).hp(), 20);
    assert!(!s.battle().unit(UnitId(0)).acted());
    assert_eq!(s.cursor(), Pos::new(0, 1));
    // Again, with the second move made: the next unit is up, and undo takes all three back.
    press(
        &mut s,
        &[Confirm, R, R, Confirm, Confirm, Confirm, Point(Pos::new(1, 0)), Confirm],
    );
    assert_eq!(*s.phase(), Phase::Select);
    assert_eq!(s.cursor(), Pos::new(7, 0), "the cursor went on to Q");
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(1, 0));
    press(&mut s, &[Undo]);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 1));
    assert_eq!(s.battle().unit(UnitId(1)).hp(), 20);
}

#[test]
fn a_canto_move_left_is_visited_by_next_unit_kept_by_a_save_and_resumed_by_selecting() {
    // As a save made at the Move / Wait menu leaves it: P has attacked, its second move left.
    let scene = Scene::parse(
        ". . . . . . . Q
         P . . E . . . .",
    );
    let mut b = scene.battle(&[player('P').moves(CANTO), enemy('E', "guard", 1), player('Q')]);
    b.execute(Command::Move {
        unit: UnitId(0),
        path: Path::parse("22").unwrap(),
    })
    .unwrap();
    b.execute(Command::Attack {
        unit: UnitId(0),
        target: UnitId(1),
    })
    .unwrap();
    let mut s = Session::new(b, profiles(""));
    assert!(s.battle().unit(UnitId(0)).may_canto());
    // The save made at the menu keeps the blow and the move left.
    let mut menu = s.clone();
    press(&mut menu, &[Point(Pos::new(2, 1)), Confirm]);
    assert!(canto_menu(&menu));
    let kept = menu.settled_battle().unwrap();
    assert!(kept.unit(UnitId(0)).may_canto() && kept.unit(UnitId(1)).hp() == 15);
    // Next unit: P (its move left) comes up as Q does.
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(2, 1));
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(7, 0));
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(2, 1));
    // Selecting it opens its Move / Wait menu with the 3 points left.
    press(&mut s, &[Confirm]);
    assert!(canto_menu(&s));
    assert_eq!(s.canto_range().map(|r| r.budget()), Some(3));
    press(&mut s, &[D, Confirm]);
    assert!(!s.battle().unit(UnitId(0)).may_canto());
    assert_eq!(s.cursor(), Pos::new(7, 0), "then Q, the one left");
}

#[test]
fn a_replay_plays_a_canto_move_through_the_session() {
    let mut s = session(ROW, &[player('P').moves(CANTO), enemy('E', "guard", 1)]);
    let p = UnitId(0);
    s.perform(Command::Move {
        unit: p,
        path: Path::parse("22").unwrap(),
    })
    .unwrap();
    s.perform(Command::Attack {
        unit: p,
        target: UnitId(1),
    })
    .unwrap();
    assert_eq!(*s.phase(), Phase::Select);
    s.perform(Command::Move {
        unit: p,
        path: Path::parse("4").unwrap(),
    })
    .unwrap();
    assert_eq!(*s.phase(), Phase::Select, "the second move opens no menu");
    assert_eq!(s.perform(Command::Wait { unit: p }), Err(RuleError::AlreadyActed(p)));
}

#[test]
fn without_canto_the_attack_ends_the_turn_as_before() {
    let mut s = session(ROW, &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Confirm, R, R, Confirm, Confirm]);
    assert!(matches!(s.phase(), Phase::Enemy { .. }));
    assert!(s.canto_range().is_none());
}
