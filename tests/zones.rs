//! Zones of control in the rules core, specified by exact event lists: a unit with `zoc`
//! holds the four cells next to it; a mover of the other side that enters one stops there
//! (a path going on through it is refused, naming the cell and the holder); leaving the
//! cell a unit starts on is free; a skirmisher ignores zones. Units are soldiers (move 5).

mod common;
use common::{battle, moved, walk};
use skirmish::fixture::{Placed, enemy, player};
use skirmish::load::units::MoveRules;
use skirmish::rules::{Battle, Caches, Command, Event, RuleError, UnitId};
use skirmish::search::grid::{Pos, Team};

const ZOC: MoveRules = MoveRules {
    zoc: true,
    skirmisher: false,
    canto: false,
};
const SKIRMISHER: MoveRules = MoveRules {
    zoc: false,
    skirmisher: true,
    canto: false,
};

/// Runs `cmd`, expecting a refusal that leaves the battle exactly as it was.
#[track_caller]
fn refused(b: &mut Battle, cmd: Command) -> RuleError {
    let before = (b.snapshot(), b.occupancy().clone(), b.record().to_vec());
    let err = b.execute(cmd).unwrap_err();
    assert_eq!((b.snapshot(), b.occupancy().clone(), b.record().to_vec()), before);
    err
}

/// The cells unit `id` can end on, as a picture: `o` reachable, `.` not.
fn reach(b: &Battle, id: usize) -> String {
    let range = b.range(&mut Caches::new(), UnitId(id));
    let map = b.map();
    (0..map.height() as i32)
        .map(|y| {
            (0..map.width() as i32)
                .map(|x| if range.contains(Pos::new(x, y)) { 'o' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const LINE: &str = ". . . . . .
                    P . . K . .
                    . . . . . .";

#[test]
fn a_path_through_a_held_cell_is_refused_naming_the_cell_and_the_holder() {
    let mut b = battle(LINE, &[player('P'), enemy('K', "guard", 1).moves(ZOC)]);
    // (2, 1) is next to K: entering it ends the walk.
    assert_eq!(
        refused(&mut b, walk(0, "221")),
        RuleError::ZoneOfControl {
            unit: UnitId(0),
            at: Pos::new(2, 1),
            by: UnitId(1),
        }
    );
    assert_eq!(
        refused(&mut b, walk(0, "12222")),
        RuleError::ZoneOfControl {
            unit: UnitId(0),
            at: Pos::new(3, 0),
            by: UnitId(1),
        }
    );
    let err = refused(&mut b, walk(0, "12222"));
    assert_eq!(
        err.describe(&b),
        "P cannot go on through (3, 0): K holds it in its zone of control"
    );
    // Ending on the held cell is a move like any other.
    assert_eq!(b.execute(walk(0, "22")).unwrap(), [moved(0, (0, 1), (2, 1), "22", 2)]);
}

#[test]
fn the_range_stops_at_held_cells_and_a_skirmisher_walks_on() {
    let b = battle(LINE, &[player('P'), enemy('K', "guard", 1).moves(ZOC)]);
    assert_eq!(
        reach(&b, 0),
        "oooo..
         ooo...
         oooo.."
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join("\n")
    );
    let b = battle(
        LINE,
        &[player('P').moves(SKIRMISHER), enemy('K', "guard", 1).moves(ZOC)],
    );
    assert_eq!(
        reach(&b, 0),
        "ooooo.
         ooo...
         ooooo."
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Without `zoc` the same enemy holds nothing: the skirmisher's range.
    let plain = battle(LINE, &[player('P'), enemy('K', "guard", 1)]);
    assert_eq!(reach(&plain, 0), reach(&b, 0));
    // A skirmisher's move through the zone is accepted.
    let mut b = b;
    assert_eq!(
        b.execute(walk(0, "12222")).unwrap(),
        [moved(0, (0, 1), (4, 0), "12222", 5)]
    );
}

#[test]
fn leaving_a_held_start_cell_is_free() {
    let mut b = battle(
        ". . . . .
         . P K . .
         . . . . .",
        &[player('P'), enemy('K', "guard", 1).moves(ZOC)],
    );
    assert_eq!(
        b.execute(walk(0, "44")).unwrap_err(),
        RuleError::Unreachable {
            unit: UnitId(0),
            to: Pos::new(-1, 1)
        }
    );
    assert_eq!(b.execute(walk(0, "1")).unwrap(), [moved(0, (1, 1), (1, 0), "1", 1)]);
}

#[test]
fn a_zone_moves_with_its_holder_dies_with_it_and_undo_puts_it_back() {
    // Q holds a zone for the player side; the enemy E feels it.
    let mut b = battle(
        "P . . . .
         . Q . . E",
        &[player('P'), player('Q').moves(ZOC), enemy('E', "guard", 1)],
    );
    let start = (b.snapshot(), b.occupancy().clone());
    assert!(b.occupancy().stops(Pos::new(2, 1), Team::Enemy));
    assert!(
        !b.occupancy().stops(Pos::new(2, 1), Team::Player),
        "its own side is not stopped"
    );
    assert_eq!(b.execute(walk(1, "22")).unwrap(), [moved(1, (1, 1), (3, 1), "22", 2)]);
    assert!(b.occupancy().stops(Pos::new(2, 1), Team::Enemy));
    assert!(b.occupancy().stops(Pos::new(3, 0), Team::Enemy));
    assert!(
        !b.occupancy().stops(Pos::new(0, 1), Team::Enemy),
        "the old zone went with it"
    );
    let undo = b.execute(Command::Undo).unwrap();
    assert_eq!(undo, [Event::Reverted(Box::new(moved(1, (1, 1), (3, 1), "22", 2)))]);
    assert_eq!((b.snapshot(), b.occupancy().clone()), start);
}

#[test]
fn a_fallen_holder_holds_nothing() {
    let mut b = battle(
        "P K . .
         . . . .",
        &[player('P'), enemy('K', "guard", 1).moves(ZOC).hp(1)],
    );
    assert!(b.occupancy().stops(Pos::new(1, 1), Team::Player));
    b.execute(Command::Attack {
        unit: UnitId(0),
        target: UnitId(1),
    })
    .unwrap();
    assert!(!b.occupancy().stops(Pos::new(1, 1), Team::Player));
    assert!(!b.occupancy().stops(Pos::new(2, 0), Team::Player));
    b.execute(Command::Undo).unwrap();
    assert!(b.occupancy().stops(Pos::new(1, 1), Team::Player));
}

#[test]
fn the_danger_view_stops_at_zones_as_the_enemies_do() {
    // E (move 9, strikes at 1) would reach round the corner of the corridor; Q holds (2, 0),
    // so E's walk ends there and the cells beyond are out of its strike.
    let picture = "P . . . . . . E
                   # # Q # # # # #";
    let danger = |q: Placed| {
        let b = battle(picture, &[player('P'), q, enemy('E', "charger", 9)]);
        skirmish::ai::danger::danger_map(&b, &mut Caches::new(), &skirmish::fixture::profiles(""))[..8].to_vec()
    };
    let open = danger(player('Q'));
    let held = danger(player('Q').moves(ZOC));
    assert_eq!(open, [true; 8], "without a zone E reaches Kiny");
    assert_eq!(
        held,
        [false, true, true, true, true, true, true, true],
        "E stops on (2, 0), strikes (1, 0)"
    );
}
