//! The turn's phase machine, played without a window: feed intents, check phases and positions.

use skirmish::fixture::{Placed, Scene, enemy, player, profiles};
use skirmish::play::phase::{Action, Intent, Phase, Session, Signal};
use skirmish::rules::{Event, UnitId};
use skirmish::search::grid::{Dir, Pos, Team};

fn session(picture: &str, units: &[Placed]) -> (Scene, Session) {
    let scene = Scene::parse(picture);
    let battle = scene.battle(units);
    (scene.clone(), Session::new(battle, profiles("")))
}

fn press(s: &mut Session, intents: &[Intent]) {
    for &i in intents {
        s.input(i);
        if i == Intent::Confirm {
            s.input(Intent::Release);
        }
    }
}

use Intent::*;
const R: Intent = Cursor(Dir::Right);
const D: Intent = Cursor(Dir::Down);

#[test]
fn select_target_move_wait_then_the_enemy_phase_and_back() {
    let (_, mut s) = session("P . . . . . . . . . . . E", &[player('P'), enemy('E', "charger", 3)]);
    assert_eq!(s.phase, Phase::Select);
    assert_eq!(s.cursor, Pos::new(0, 0), "the cursor starts on the first player unit");
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase, Phase::Target { unit: UnitId(0), .. }));
    press(&mut s, &[R, R, R, Confirm]);
    assert_eq!(
        s.battle().unit(UnitId(0)).pos,
        Pos::new(3, 0),
        "the logical position changes at once"
    );
    assert!(matches!(&s.phase, Phase::Action { options, .. } if options == &[Action::Wait]));
    let signals = s.drain();
    assert!(
        signals
            .iter()
            .any(|e| matches!(e, Signal::Rules(Event::Moved { path, .. }) if path.digits() == "222"))
    );
    press(&mut s, &[Confirm]);
    // The only player unit has acted: the enemy phase starts, the first enemy already acted.
    assert!(
        matches!(&s.phase, Phase::Enemy { queue } if queue.is_empty()),
        "{:?}",
        s.phase
    );
    assert_eq!(s.battle().unit(UnitId(1)).pos, Pos::new(9, 0));
    s.input(Advance);
    assert_eq!(s.phase, Phase::Select);
    assert_eq!(s.battle().turn(), 2);
    assert!(
        !s.battle().unit(UnitId(0)).acted,
        "a new turn makes every unit ready again"
    );
}

#[test]
fn cancel_in_the_target_phase_goes_back_to_select() {
    let (_, mut s) = session("P . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Confirm, R, Cancel]);
    assert_eq!(s.phase, Phase::Select);
    assert_eq!(s.cursor, Pos::new(0, 0));
    assert_eq!(s.battle().unit(UnitId(0)).pos, Pos::new(0, 0));
}

#[test]
fn a_held_confirm_does_not_repeat() {
    let (_, mut s) = session("P . . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    s.input(Confirm); // select, and keep holding
    s.input(R);
    s.input(Confirm); // key repeat while held: ignored
    assert!(matches!(s.phase, Phase::Target { .. }));
    s.input(Release);
    s.input(Confirm);
    assert!(
        matches!(s.phase, Phase::Action { .. }),
        "after release the next press counts"
    );
}

#[test]
fn cancel_after_moving_puts_the_unit_back() {
    let (_, mut s) = session("P . . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Confirm, R, R, Confirm]);
    assert_eq!(s.battle().unit(UnitId(0)).pos, Pos::new(2, 0));
    press(&mut s, &[Cancel]);
    assert_eq!(s.battle().unit(UnitId(0)).pos, Pos::new(0, 0));
    assert!(matches!(s.phase, Phase::Target { .. }), "back to choosing a cell");
    assert_eq!(s.battle().occupancy().at(Pos::new(2, 0)), None);
    assert_eq!(s.battle().occupancy().at(Pos::new(0, 0)), Some(Team::Player));
}

#[test]
fn attack_from_the_action_menu_then_undo_restores_hp_and_position() {
    let (_, mut s) = session(
        "P . . E
         Q . . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    let hp_before = s.battle().unit(UnitId(2)).hp;
    press(&mut s, &[Confirm, R, R, Confirm]);
    let Phase::Action { options, .. } = &s.phase else {
        panic!("{:?}", s.phase)
    };
    assert_eq!(options, &[Action::Attack(UnitId(2)), Action::Wait]);
    let (_, _, forecast) = s.forecast().unwrap();
    press(&mut s, &[Confirm]);
    assert_eq!(
        s.battle().unit(UnitId(2)).hp,
        hp_before - forecast.damage,
        "the forecast is what happens"
    );
    assert_eq!(s.battle().unit(UnitId(0)).hp, forecast.attacker_hp);
    assert!(s.battle().unit(UnitId(0)).acted);
    assert_eq!(s.phase, Phase::Select, "Q has not acted yet");
    assert!(s.can_undo());
    press(&mut s, &[Undo]);
    assert_eq!(s.battle().unit(UnitId(2)).hp, hp_before);
    assert_eq!(s.battle().unit(UnitId(0)).pos, Pos::new(0, 0));
    assert!(!s.battle().unit(UnitId(0)).acted);
    assert_eq!(s.battle().unit(UnitId(0)).hp, s.battle().unit(UnitId(0)).stats.hp);
}

#[test]
fn acted_units_cannot_be_selected_again_and_end_turn_starts_the_enemy_phase() {
    let (_, mut s) = session(
        "P . . . . . . . . E
         Q . . . . . . . . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    press(&mut s, &[Confirm, D, Confirm, Confirm]); // P moves down? (0,1) holds Q: not a stop
    assert!(
        matches!(s.phase, Phase::Target { .. }),
        "a cell held by an ally is not a destination"
    );
    press(&mut s, &[Cancel, Confirm, R, Confirm, Confirm]);
    assert!(s.battle().unit(UnitId(0)).acted);
    s.cursor = Pos::new(1, 0);
    press(&mut s, &[Confirm]);
    assert_eq!(s.phase, Phase::Select, "an acted unit is not selected");
    press(&mut s, &[EndTurn]);
    assert!(
        matches!(&s.phase, Phase::Enemy { queue } if queue.is_empty()),
        "{:?}",
        s.phase
    );
    press(&mut s, &[Advance]);
    assert_eq!((s.phase.clone(), s.battle().turn()), (Phase::Select, 2));
}

#[test]
fn defeating_the_last_enemy_wins() {
    let (_, mut s) = session("P E", &[player('P'), enemy('E', "guard", 1).hp(1)]);
    press(&mut s, &[Confirm, Confirm, Confirm]); // select, stay, attack
    assert_eq!(s.phase, Phase::Over { winner: Team::Player });
    assert!(!s.battle().unit(UnitId(1)).alive);
    assert_eq!(
        s.battle().occupancy().at(Pos::new(1, 0)),
        None,
        "the defeated leave the board"
    );
}

#[test]
fn losing_the_hero_loses_the_battle() {
    let (_, mut s) = session("P . E", &[player('P').hp(1), enemy('E', "charger", 3)]);
    press(&mut s, &[EndTurn]);
    assert_eq!(s.phase, Phase::Over { winner: Team::Enemy });
}

#[test]
fn a_replay_performed_through_the_session_ends_where_the_battle_did() {
    let scene = Scene::parse(
        "P . . . . . . . .
         Q . . T . . . . E
         . . . . . . . . F",
    );
    let units = [
        player('P'),
        player('Q'),
        enemy('E', "charger", 3),
        enemy('F', "archer", 3),
    ];
    let mut played = scene.battle(&units);
    skirmish::play::simulate::play(&mut played, &profiles(""), 6, 0).unwrap();
    let record = played.record().to_vec();
    assert!(record.len() > 6, "several turns were played: {record:?}");
    let mut s = Session::new(scene.battle(&units), profiles(""));
    for c in record {
        while matches!(s.phase, Phase::Enemy { .. }) {
            s.input(Advance);
        }
        s.perform(c.clone()).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    }
    while matches!(s.phase, Phase::Enemy { .. }) {
        s.input(Advance);
    }
    assert_eq!(s.battle().snapshot(), played.snapshot());
    assert_eq!(s.battle().turn(), played.turn());
}
