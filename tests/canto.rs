//! Canto in the rules core, specified by exact event lists: after it attacks or heals, a
//! unit with `canto` may move again from where it stands with its move minus what its first
//! move cost (zones apply), then cannot act again; waiting ends its turn; undo takes back
//! both moves; a snapshot keeps it. Units are soldiers (20 hp, attack 7, defense 2, move 5).

mod common;
use common::{battle, moved, walk};
use skirmish::fixture::{enemy, player};
use skirmish::load::units::MoveRules;
use skirmish::rules::{Battle, Caches, Command, Event, RuleError, UnitId};
use skirmish::search::grid::Pos;

const CANTO: MoveRules = MoveRules {
    zoc: false,
    skirmisher: false,
    canto: true,
};

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

fn canto(unit: usize, ready: bool) -> Event {
    Event::Canto {
        unit: UnitId(unit),
        ready,
    }
}

fn attack(unit: usize, target: usize) -> Command {
    Command::Attack {
        unit: UnitId(unit),
        target: UnitId(target),
    }
}

/// The exchange of blows when a soldier attacks a soldier next to it (both unhurt).
fn exchange(att: usize, def: usize) -> Vec<Event> {
    vec![
        struck(att, def, 5, 20, false),
        Event::Gained {
            unit: UnitId(att),
            amount: 10,
            exp: 10,
        },
        struck(def, att, 5, 20, true),
        Event::Acted { unit: UnitId(att) },
    ]
}

/// Runs `cmd`, expecting a refusal that leaves the battle exactly as it was.
#[track_caller]
fn refused(b: &mut Battle, cmd: Command) -> RuleError {
    let before = (b.snapshot(), b.occupancy().clone(), b.record().to_vec());
    let err = b.execute(cmd).unwrap_err();
    assert_eq!((b.snapshot(), b.occupancy().clone(), b.record().to_vec()), before);
    err
}

const ROW: &str = ". . . . . . . .
                   P . . E . . . .";

#[test]
fn a_canto_unit_moves_again_after_attacking_with_what_its_first_move_left() {
    let mut b = battle(ROW, &[player('P').moves(CANTO), enemy('E', "guard", 1)]);
    assert_eq!(b.execute(walk(0, "22")).unwrap(), [moved(0, (0, 1), (2, 1), "22", 2)]);
    let mut hit = exchange(0, 1);
    hit.push(canto(0, true));
    assert_eq!(b.execute(attack(0, 1)).unwrap(), hit);
    assert!(b.unit(UnitId(0)).may_canto());
    assert_eq!(b.unit(UnitId(0)).movement_left(), 3);
    // The range shown now is the second move's: 3 points from (2, 1).
    let range = b.range(&mut Caches::new(), UnitId(0));
    assert_eq!(range.budget(), 3);
    assert!(range.contains(Pos::new(0, 0)) && range.contains(Pos::new(4, 0)) && !range.contains(Pos::new(5, 0)));
    // 4 steps cost more than the 3 left.
    assert_eq!(
        refused(&mut b, walk(0, "4414")),
        RuleError::Unreachable {
            unit: UnitId(0),
            to: Pos::new(-1, 0)
        }
    );
    assert_eq!(
        refused(&mut b, walk(0, "1444")),
        RuleError::Unreachable {
            unit: UnitId(0),
            to: Pos::new(-1, 0)
        }
    );
    assert_eq!(
        b.execute(walk(0, "144")).unwrap(),
        [moved(0, (2, 1), (0, 0), "144", 3), canto(0, false)]
    );
    // Then it cannot act or move again.
    assert_eq!(refused(&mut b, walk(0, "2")), RuleError::AlreadyActed(UnitId(0)));
    assert_eq!(refused(&mut b, attack(0, 1)), RuleError::AlreadyActed(UnitId(0)));
    assert_eq!(
        refused(&mut b, Command::Wait { unit: UnitId(0) }),
        RuleError::AlreadyActed(UnitId(0))
    );
}

#[test]
fn undo_takes_back_both_moves_and_the_attack() {
    let mut b = battle(ROW, &[player('P').moves(CANTO), enemy('E', "guard", 1)]);
    let start = (b.snapshot(), b.occupancy().clone());
    let first = b.execute(walk(0, "22")).unwrap();
    let hit = b.execute(attack(0, 1)).unwrap();
    let second = b.execute(walk(0, "144")).unwrap();
    let all: Vec<Event> = first.iter().chain(&hit).chain(&second).cloned().collect();
    let back: Vec<Event> = all
        .iter()
        .rev()
        .cloned()
        .map(|e| Event::Reverted(Box::new(e)))
        .collect();
    assert_eq!(b.execute(Command::Undo).unwrap(), back);
    assert_eq!((b.snapshot(), b.occupancy().clone()), start);
    // An attack without a first move: the whole move is left, and undo gives the move back.
    let mut b = battle("P E .", &[player('P').moves(CANTO), enemy('E', "guard", 1)]);
    let start = (b.snapshot(), b.occupancy().clone());
    b.execute(attack(0, 1)).unwrap();
    assert_eq!(b.unit(UnitId(0)).movement_left(), 5);
    assert!(!b.unit(UnitId(0)).moved());
    assert_eq!(
        refused(&mut b, walk(0, "4")),
        RuleError::Unreachable {
            unit: UnitId(0),
            to: Pos::new(-1, 0)
        }
    );
    assert_eq!(
        b.execute(walk(0, "")).unwrap(),
        [moved(0, (0, 0), (0, 0), "", 0), canto(0, false)]
    );
    b.execute(Command::Undo).unwrap();
    assert_eq!((b.snapshot(), b.occupancy().clone()), start);
    assert!(!b.unit(UnitId(0)).moved());
}

#[test]
fn waiting_after_acting_ends_the_canto() {
    let mut b = battle("P E .", &[player('P').moves(CANTO), enemy('E', "guard", 1)]);
    b.execute(attack(0, 1)).unwrap();
    assert_eq!(b.execute(Command::Wait { unit: UnitId(0) }).unwrap(), [canto(0, false)]);
    assert_eq!(refused(&mut b, walk(0, "")), RuleError::AlreadyActed(UnitId(0)));
    // Without canto nothing moves after an attack, as before.
    let mut b = battle("P E .", &[player('P'), enemy('E', "guard", 1)]);
    assert_eq!(b.execute(attack(0, 1)).unwrap(), exchange(0, 1));
    assert_eq!(refused(&mut b, walk(0, "")), RuleError::AlreadyActed(UnitId(0)));
}

#[test]
fn zones_apply_to_the_second_move_and_a_snapshot_keeps_the_canto() {
    let zoc = MoveRules {
        zoc: true,
        ..MoveRules::default()
    };
    let mut b = battle(
        ". . . . .
         P E . . .
         . . . . .",
        &[player('P').moves(CANTO), enemy('E', "guard", 1).moves(zoc)],
    );
    b.execute(attack(0, 1)).unwrap();
    // (1, 0) is held by E: the second move may end there, not go on.
    assert_eq!(
        refused(&mut b, walk(0, "122")),
        RuleError::ZoneOfControl {
            unit: UnitId(0),
            at: Pos::new(1, 0),
            by: UnitId(1)
        }
    );
    let snap = b.snapshot();
    assert!(snap.units[0].canto && snap.units[0].acted);
    let mut fresh = battle(
        ". . . . .
         P E . . .
         . . . . .",
        &[player('P').moves(CANTO), enemy('E', "guard", 1).moves(zoc)],
    );
    fresh.execute(Command::Restore(Box::new(snap))).unwrap();
    assert!(fresh.unit(UnitId(0)).may_canto());
    assert_eq!(
        fresh.execute(walk(0, "1")).unwrap(),
        [moved(0, (0, 1), (0, 0), "1", 1), canto(0, false)]
    );
}

/// Two guards (move 1) and a canto rider that can reach the first: the rider's turn under the
/// built-in player policy, as `simulate` and `batch` play it.
fn ride() -> Battle {
    battle(
        ". . . . . . . .
         P . . E . . . .
         . . . . . . . F",
        &[player('P').moves(CANTO), enemy('E', "guard", 1), enemy('F', "guard", 1)],
    )
}

#[test]
fn the_player_policies_take_the_canto_move_by_the_enemies_rule() {
    use skirmish::ai::Ai;
    use skirmish::ai::player::Policy;
    use skirmish::load::profiles::Profiles;
    let profiles = Profiles::standard;
    for policy in [Policy::Simple, Policy::Careful] {
        let mut b = ride();
        let mut ai = Ai::new(profiles());
        let turns = skirmish::play::simulate::play(&mut b, &mut ai, policy, 1, 1).unwrap();
        let mine = &turns[0].decisions[0];
        assert_eq!(mine.decision.unit, UnitId(0));
        let events = &mine.events;
        // Walk up to E, strike, then ride away with the 3 points left: to the cell neither
        // guard could attack next phase, the cheaper walk, then reading order.
        let hit = events.iter().position(|e| *e == canto(0, true)).expect("it attacked");
        let Event::Moved { to, cost, .. } = events[hit + 1] else {
            panic!("{policy:?}: no second move after the attack: {events:?}")
        };
        assert_eq!(events[hit + 2], canto(0, false), "{policy:?}");
        assert!(cost <= 3, "{policy:?}");
        assert!(
            to.x.abs_diff(3) + to.y.abs_diff(1) > 2,
            "{policy:?}: {to:?} is within E's reach"
        );
        assert_eq!(b.unit(UnitId(0)).pos(), to);
        // `batch` plays the same turn.
        let (_, after) = skirmish::play::batch::fight_on(&mut Ai::new(profiles()), ride(), 1, policy, 1).unwrap();
        assert_eq!(after.unit(UnitId(0)).pos(), to, "{policy:?}: batch");
    }
}

#[test]
fn the_careful_player_strikes_where_its_canto_rides_it_out_of_deadly_reach() {
    use skirmish::ai::Ai;
    use skirmish::ai::player::Policy;
    use skirmish::load::profiles::Profiles;
    // The rider is the hero (the first player unit) with 8 hp: after E's counter (5) it has 3
    // left, and where it strikes from E could strike it again next phase (5): deadly. Its
    // second move takes it out of both guards' reach, so the careful player strikes and rides
    // on (it used to judge the blow by the cell it struck from, and held back).
    let board = || {
        battle(
            ". . . . . . . .
             P . . E . . . .
             . . . . . . . F",
            &[
                player('P').moves(CANTO).hp(8),
                enemy('E', "guard", 1),
                enemy('F', "guard", 1),
            ],
        )
    };
    let mut b = board();
    let mut ai = Ai::new(Profiles::standard());
    let turns = skirmish::play::simulate::play(&mut b, &mut ai, Policy::Careful, 1, 1).unwrap();
    let events = &turns[0].decisions[0].events;
    let hit = (events.iter().position(|e| *e == canto(0, true)))
        .unwrap_or_else(|| panic!("the careful rider did not strike: {events:?}"));
    let Event::Moved { to, .. } = events[hit + 1] else {
        panic!("no second move after the blow: {events:?}")
    };
    assert!(to.x.abs_diff(3) + to.y.abs_diff(1) > 2, "{to:?} is within E's reach");
    assert!(b.unit(UnitId(0)).alive());
    // Without canto the same hero holds back: the blow would leave it in deadly reach.
    let mut plain = battle(
        ". . . . . . . .
         P . . E . . . .
         . . . . . . . F",
        &[player('P').hp(8), enemy('E', "guard", 1), enemy('F', "guard", 1)],
    );
    let turns = skirmish::play::simulate::play(&mut plain, &mut ai, Policy::Careful, 1, 1).unwrap();
    assert_eq!(
        turns[0].decisions[0].decision.attack, None,
        "{:?}",
        turns[0].decisions[0].events
    );
}

#[test]
fn a_snapshot_with_canto_is_refused_by_the_battle_without_it() {
    let picture = "P E .";
    // A battle without any movement rule keeps the fingerprint it had: name, side and class.
    let plain = battle(picture, &[player('P'), enemy('E', "guard", 1)]);
    assert_eq!(plain.fingerprint(), 0x8f26_a795_8648_ed79, "{:#x}", plain.fingerprint());
    let mut with = battle(picture, &[player('P').moves(CANTO), enemy('E', "guard", 1)]);
    with.execute(attack(0, 1)).unwrap();
    let snap = with.snapshot();
    assert!(snap.units[0].canto);
    // The same scenario with canto off: its unit could not make the move the snapshot keeps.
    let mut without = battle(picture, &[player('P'), enemy('E', "guard", 1)]);
    let err = refused(&mut without, Command::Restore(Box::new(snap.clone())));
    assert!(matches!(err, RuleError::BadSnapshot(_)), "{err:?}");
    // The battle with canto takes its own snapshot back.
    let mut again = battle(picture, &[player('P').moves(CANTO), enemy('E', "guard", 1)]);
    again.execute(Command::Restore(Box::new(snap))).unwrap();
    assert!(again.unit(UnitId(0)).may_canto());
}
