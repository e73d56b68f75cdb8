//! The turn's phase machine, played without a window: feed intents, check phases and positions.

use skirmish::fixture::{Placed, Scene, enemy, player, profiles};
use skirmish::play::phase::{Action, Ask, Intent, Phase, Session, Signal};
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
    assert_eq!(*s.phase(), Phase::Select);
    assert_eq!(s.cursor(), Pos::new(0, 0), "the cursor starts on the first player unit");
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase(), Phase::Target { unit: UnitId(0), .. }));
    press(&mut s, &[R, R, R, Confirm]);
    assert_eq!(
        s.battle().unit(UnitId(0)).pos(),
        Pos::new(3, 0),
        "the logical position changes at once"
    );
    assert!(matches!(&s.phase(), Phase::Action { options, .. } if options == &[Action::Wait]));
    let signals = s.drain();
    assert!(
        signals
            .iter()
            .any(|e| matches!(e, Signal::Rules(Event::Moved { path, .. }) if path.digits() == "222"))
    );
    press(&mut s, &[Confirm]);
    // The only player unit has acted: the enemy phase starts, the first enemy already acted.
    assert!(
        matches!(&s.phase(), Phase::Enemy { phase } if phase.remaining().next().is_none()),
        "{:?}",
        s.phase()
    );
    assert_eq!(s.battle().unit(UnitId(1)).pos(), Pos::new(9, 0));
    s.input(Advance);
    assert_eq!(*s.phase(), Phase::Select);
    assert_eq!(s.battle().turn(), 2);
    assert!(
        !s.battle().unit(UnitId(0)).acted(),
        "a new turn makes every unit ready again"
    );
}

#[test]
fn cancel_in_the_target_phase_goes_back_to_select() {
    let (_, mut s) = session("P . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Confirm, R, Cancel]);
    assert_eq!(*s.phase(), Phase::Select);
    assert_eq!(s.cursor(), Pos::new(0, 0));
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 0));
}

#[test]
fn a_held_confirm_does_not_repeat() {
    let (_, mut s) = session("P . . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    s.input(Confirm); // select, and keep holding
    s.input(R);
    s.input(Confirm); // key repeat while held: ignored
    assert!(matches!(s.phase(), Phase::Target { .. }));
    s.input(Release);
    s.input(Confirm);
    assert!(
        matches!(s.phase(), Phase::Action { .. }),
        "after release the next press counts"
    );
}

#[test]
fn cancel_after_moving_puts_the_unit_back() {
    let (_, mut s) = session("P . . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Confirm, R, R, Confirm]);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(2, 0));
    press(&mut s, &[Cancel]);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 0));
    assert!(matches!(s.phase(), Phase::Target { .. }), "back to choosing a cell");
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
    let hp_before = s.battle().unit(UnitId(2)).hp();
    press(&mut s, &[Confirm, R, R, Confirm]);
    let Phase::Action { options, .. } = &s.phase() else {
        panic!("{:?}", s.phase())
    };
    assert_eq!(options, &[Action::Attack(UnitId(2)), Action::Wait]);
    let (_, _, forecast) = s.forecast().unwrap();
    press(&mut s, &[Confirm]);
    assert_eq!(
        s.battle().unit(UnitId(2)).hp(),
        hp_before - forecast.damage,
        "the forecast is what happens"
    );
    assert_eq!(s.battle().unit(UnitId(0)).hp(), forecast.attacker_hp);
    assert!(s.battle().unit(UnitId(0)).acted());
    assert_eq!(*s.phase(), Phase::Select, "Q has not acted yet");
    assert!(s.can_undo());
    press(&mut s, &[Undo]);
    assert_eq!(s.battle().unit(UnitId(2)).hp(), hp_before);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 0));
    assert!(!s.battle().unit(UnitId(0)).acted());
    assert_eq!(s.battle().unit(UnitId(0)).hp(), s.battle().unit(UnitId(0)).stats().hp);
}

#[test]
fn acted_units_cannot_be_selected_again_and_end_turn_starts_the_enemy_phase() {
    let (_, mut s) = session(
        "P . . . . . . . . E
         Q . . . . . . . . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    press(&mut s, &[Confirm, D, Confirm]); // P selected, then Q's cell: Q is selected instead
    assert!(
        matches!(s.phase(), Phase::Target { unit, .. } if *unit == UnitId(1)),
        "a cell held by an ally yet to act selects that ally"
    );
    press(&mut s, &[Cancel, Cursor(Dir::Up), Confirm, R, Confirm, Confirm]);
    assert!(s.battle().unit(UnitId(0)).acted());
    s.input(Intent::Point(Pos::new(1, 0)));
    press(&mut s, &[Confirm]);
    assert_eq!(*s.phase(), Phase::Select, "an acted unit is not selected");
    press(&mut s, &[EndTurn, Yes]);
    assert!(
        matches!(&s.phase(), Phase::Enemy { phase } if phase.remaining().next().is_none()),
        "{:?}",
        s.phase()
    );
    press(&mut s, &[Advance]);
    assert_eq!((s.phase().clone(), s.battle().turn()), (Phase::Select, 2));
}

#[test]
fn defeating_the_last_enemy_wins() {
    let (_, mut s) = session("P E", &[player('P'), enemy('E', "guard", 1).hp(1)]);
    press(&mut s, &[Confirm, Confirm, Confirm]); // select, stay, attack
    assert_eq!(*s.phase(), Phase::Over { winner: Team::Player });
    assert!(!s.battle().unit(UnitId(1)).alive());
    assert_eq!(
        s.battle().occupancy().at(Pos::new(1, 0)),
        None,
        "the defeated leave the board"
    );
}

#[test]
fn losing_the_hero_loses_the_battle() {
    let (_, mut s) = session("P . E", &[player('P').hp(1), enemy('E', "charger", 3)]);
    press(&mut s, &[EndTurn, Yes]);
    assert_eq!(*s.phase(), Phase::Over { winner: Team::Enemy });
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
    skirmish::play::simulate::play(
        &mut played,
        &mut skirmish::ai::Ai::new(profiles("").clone()),
        skirmish::ai::player::Policy::Simple,
        6,
        0,
    )
    .unwrap();
    let record = played.record().to_vec();
    assert!(record.len() > 6, "several turns were played: {record:?}");
    let mut s = Session::new(scene.battle(&units), profiles(""));
    for c in record {
        while matches!(s.phase(), Phase::Enemy { .. }) {
            s.input(Advance);
        }
        s.perform(c.clone()).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    }
    while matches!(s.phase(), Phase::Enemy { .. }) {
        s.input(Advance);
    }
    assert_eq!(s.battle().snapshot(), played.snapshot());
    assert_eq!(s.battle().turn(), played.turn());
}

const L: Intent = Cursor(Dir::Left);
const U: Intent = Cursor(Dir::Up);

#[test]
fn confirming_on_an_enemy_walks_to_the_cheapest_cell_in_reading_order_and_opens_its_attack() {
    // (3, 1) and (4, 0) both cost 4 from P; (4, 0) comes first in reading order.
    let (_, mut s) = session(
        "P . . . . .
         . . . . E .",
        &[player('P'), enemy('E', "guard", 1)],
    );
    press(&mut s, &[Confirm, Point(Pos::new(4, 1))]);
    let (from, path) = s.route().expect("the arrow shows the walk to the attack cell");
    assert_eq!((from, path.digits().as_str()), (Pos::new(0, 0), "2222"));
    assert_eq!(s.route_cost(), Some((4, 1)), "cost 4, one move point left");
    press(&mut s, &[Confirm]);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(4, 0));
    let Phase::Action { options, choice, .. } = &s.phase() else {
        panic!("{:?}", s.phase())
    };
    assert_eq!(
        options[*choice],
        Action::Attack(UnitId(1)),
        "the menu opens on that attack"
    );
    let (att, def, _) = s.forecast().expect("with its forecast");
    assert_eq!((att, def), (UnitId(0), UnitId(1)));
    assert_eq!(s.cursor(), Pos::new(4, 1), "the cursor stays on the enemy");
}

#[test]
fn the_attack_cell_prefers_the_cheaper_walk_over_reading_order() {
    // Through the forest (4, 0) costs 5; (3, 1) costs 4.
    let (_, mut s) = session(
        "P . . T . .
         . . . . E .",
        &[player('P'), enemy('E', "guard", 1)],
    );
    press(&mut s, &[Confirm, Point(Pos::new(4, 1)), Confirm]);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(3, 1));
    // Cancel takes the walk back, as after any move.
    press(&mut s, &[Cancel]);
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 0));
    assert!(matches!(s.phase(), Phase::Target { .. }));
}

#[test]
fn an_enemy_out_of_reach_is_not_attacked() {
    let (_, mut s) = session("P . . . . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Confirm, Point(Pos::new(9, 0))]);
    assert_eq!(s.route(), None);
    s.drain();
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase(), Phase::Target { .. }));
    assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 0));
    assert_eq!(
        s.drain(),
        [Signal::CannotGo {
            unit: UnitId(0),
            to: Pos::new(9, 0)
        }],
        "nothing happens, and the player is told so"
    );
}

#[test]
fn confirming_out_of_the_range_says_so_and_stays() {
    let (_, mut s) = session(
        "P . . . . . . . . . E
         Q . . . . . . . . . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    press(&mut s, &[Confirm, Point(Pos::new(9, 1))]);
    s.drain();
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase(), Phase::Target { .. }));
    assert_eq!(
        s.drain(),
        [Signal::CannotGo {
            unit: UnitId(0),
            to: Pos::new(9, 1)
        }]
    );
    // An ally's cell is in reach but not a place to stop: the click selects that ally.
    press(&mut s, &[Point(Pos::new(0, 1))]);
    s.drain();
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase(), Phase::Target { unit, .. } if *unit == UnitId(1)));
    assert_eq!(s.drain(), [Signal::Selected(UnitId(1))]);
    // Inside the range it moves, without a word.
    press(&mut s, &[Point(Pos::new(2, 0)), Confirm]);
    assert!(matches!(s.phase(), Phase::Action { .. }));
    assert!(!s.drain().iter().any(|x| matches!(x, Signal::CannotGo { .. })));
}

#[test]
fn the_turn_can_be_ended_only_from_the_select_phase_with_no_question_open() {
    let (_, mut s) = session(
        "P . . . . . E
         Q . . . . . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    assert!(s.can_end_turn());
    press(&mut s, &[Confirm]);
    assert!(!s.can_end_turn(), "a unit is selected");
    press(&mut s, &[EndTurn]);
    assert!(matches!(s.phase(), Phase::Target { .. }), "and E does nothing there");
    press(&mut s, &[Cancel]);
    assert!(s.can_end_turn());
    press(&mut s, &[EndTurn]);
    assert!(!s.can_end_turn(), "the question is open");
    press(&mut s, &[No]);
    assert!(s.can_end_turn());
    press(&mut s, &[EndTurn, Yes]);
    assert!(!s.can_end_turn(), "the enemy's turn");
}

#[test]
fn confirming_on_an_enemy_with_nothing_selected_inspects_it_until_cancelled() {
    let (_, mut s) = session("P . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Point(Pos::new(4, 0)), Confirm]);
    assert_eq!(*s.phase(), Phase::Inspect { enemy: UnitId(1) });
    press(&mut s, &[L]);
    assert_eq!(
        *s.phase(),
        Phase::Inspect { enemy: UnitId(1) },
        "the cursor roams, the range stays"
    );
    press(&mut s, &[Cancel]);
    assert_eq!(*s.phase(), Phase::Select);
}

#[test]
fn the_arrow_follows_the_traced_route_and_the_unit_walks_it() {
    let (_, mut s) = session(
        "P . . . . . . . . E
         . . . . . . . . . .",
        &[player('P'), enemy('E', "guard", 1)],
    );
    // Down, right, right, up: the cheapest path to (2, 0) is "22", the trail is "3221".
    press(&mut s, &[Confirm, D, R, R, U]);
    assert_eq!(s.route().unwrap().1.digits(), "3221");
    assert_eq!(s.route_cost(), Some((4, 1)));
    press(&mut s, &[Confirm]);
    let moved = s.drain().into_iter().find_map(|e| match e {
        Signal::Rules(Event::Moved { path, .. }) => Some(path.digits()),
        _ => None,
    });
    assert_eq!(moved.as_deref(), Some("3221"), "the unit walks the arrow's route");
}

#[test]
fn stepping_back_shortens_the_trail_and_a_dear_trail_snaps_to_the_cheapest() {
    let (_, mut s) = session(
        "P . . . . . . . . E
         . . . . . . . . . .",
        &[player('P'), enemy('E', "guard", 1)],
    );
    press(&mut s, &[Confirm, D, R, L]);
    assert_eq!(
        s.route().unwrap().1.digits(),
        "3",
        "no revisits: back along the trail shortens it"
    );
    // Down, then right four times: "32222" costs 5, the whole move; one more step would
    // cost 6 and snaps to the cheapest path to (5, 1).
    press(&mut s, &[R, R, R, R]);
    assert_eq!(s.route().unwrap().1.digits(), "32222");
    assert_eq!(s.route_cost(), Some((5, 0)));
    press(&mut s, &[U]);
    assert_eq!(
        s.route().unwrap().1.digits(),
        "2222",
        "too dear: the cheapest path instead"
    );
}

#[test]
fn leaving_the_range_and_coming_back_elsewhere_snaps_to_the_cheapest_path() {
    let (_, mut s) = session("P . . . . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Confirm, R, R, R, R, R, R]);
    assert_eq!(s.route(), None, "out of range: no arrow");
    press(&mut s, &[Point(Pos::new(3, 0))]);
    assert_eq!(s.route().unwrap().1.digits(), "222");
}

#[test]
fn tab_cycles_the_cursor_through_living_enemies() {
    let (_, mut s) = session(
        "P . E . F
         . . . . G",
        &[
            player('P'),
            enemy('E', "guard", 1),
            enemy('F', "guard", 1),
            enemy('G', "guard", 1),
        ],
    );
    press(&mut s, &[NextEnemy]);
    assert_eq!(s.cursor(), Pos::new(2, 0));
    press(&mut s, &[NextEnemy, NextEnemy]);
    assert_eq!(s.cursor(), Pos::new(4, 1));
    press(&mut s, &[NextEnemy]);
    assert_eq!(s.cursor(), Pos::new(2, 0), "and round again");
}

#[test]
fn ending_the_turn_with_units_ready_asks_first() {
    let (_, mut s) = session("P . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[EndTurn]);
    assert_eq!(s.pending(), Some(Ask::EndTurn));
    assert_eq!(*s.phase(), Phase::Select);
    press(&mut s, &[R, Confirm]);
    assert_eq!(
        (s.cursor(), s.phase().clone()),
        (Pos::new(0, 0), Phase::Select),
        "other keys wait"
    );
    press(&mut s, &[No]);
    assert_eq!((s.pending(), s.phase().clone()), (None, Phase::Select));
    press(&mut s, &[EndTurn, Yes]);
    assert!(matches!(s.phase(), Phase::Enemy { .. }), "{:?}", s.phase());
}

#[test]
fn ending_the_turn_with_everyone_acted_does_not_ask() {
    let (_, mut s) = session(
        "P . . . . . E
         Q . . . . . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    press(&mut s, &[Confirm, Confirm, Confirm]); // P stays and waits
    press(&mut s, &[EndTurn]);
    assert_eq!(s.pending(), Some(Ask::EndTurn), "Q is still ready");
    press(&mut s, &[Cancel]);
    press(&mut s, &[Confirm, Confirm]); // Q: select, stay; the menu is open
    press(&mut s, &[Confirm]);
    assert!(
        matches!(s.phase(), Phase::Enemy { .. }),
        "the last wait ends the phase by itself"
    );
}

#[test]
fn restart_switch_and_quit_ask_once_something_was_played_and_load_over_unsaved_play() {
    let (_, mut s) = session("P . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    for ask in [Ask::Restart, Ask::Scenario(1), Ask::Quit, Ask::Load] {
        press(&mut s, &[Request(ask)]);
        assert_eq!(s.pending(), None, "{ask:?}: nothing to lose yet");
        assert!(s.drain().contains(&Signal::Granted(ask)));
    }
    press(&mut s, &[Confirm, R, Confirm, Confirm]); // P moves and waits
    for ask in [Ask::Restart, Ask::Scenario(-1), Ask::Quit, Ask::Load] {
        s.drain();
        press(&mut s, &[Request(ask)]);
        assert_eq!(s.pending(), Some(ask));
        assert!(!s.drain().contains(&Signal::Granted(ask)));
        press(&mut s, &[Yes]);
        assert!(s.drain().contains(&Signal::Granted(ask)), "{ask:?}");
    }
    s.mark_saved();
    press(&mut s, &[Request(Ask::Load)]);
    assert_eq!(s.pending(), None, "a saved battle loads without asking");
}

#[test]
fn undo_puts_the_cursor_back_on_the_undone_unit() {
    let (_, mut s) = session(
        "P . . . . . E
         Q . . . . . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    press(&mut s, &[Confirm, R, R, Confirm, Confirm]);
    assert_eq!(s.cursor(), Pos::new(0, 1), "after acting the cursor goes to Q");
    press(&mut s, &[Undo]);
    assert_eq!(s.cursor(), Pos::new(0, 0), "back on P, where it stands again");
}

#[test]
fn with_automatic_end_of_turn_off_the_last_action_waits_and_can_be_undone() {
    let (_, mut s) = session(
        "P . . . . . E
         Q . . . . . .",
        &[player('P'), player('Q'), enemy('E', "guard", 1)],
    );
    assert!(s.auto_end_turn(), "the engine's default is today's behaviour");
    s.set_auto_end_turn(false);
    press(&mut s, &[Confirm, Confirm, Confirm]); // P stays and waits
    press(&mut s, &[Confirm, R, Confirm, Confirm]); // Q moves right and waits: the last one
    assert_eq!(*s.phase(), Phase::Select, "the phase stays the player's");
    assert!(s.all_acted(), "everyone has acted: the End turn button pulses");
    assert!(s.can_undo(), "and the last action can be taken back");
    press(&mut s, &[Undo]);
    assert_eq!(s.cursor(), Pos::new(0, 1), "Q is back where it stood");
    assert!(!s.all_acted());
    press(&mut s, &[Confirm, Confirm, Confirm]); // Q stays and waits
    press(&mut s, &[EndTurn]);
    assert_eq!(s.pending(), None, "no one is left to ask about");
    assert!(matches!(s.phase(), Phase::Enemy { .. }), "{:?}", s.phase());
    // On, as before: the last wait ends the phase by itself.
    let (_, mut s) = session("P . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    s.set_auto_end_turn(true);
    press(&mut s, &[Confirm, Confirm, Confirm]);
    assert!(matches!(s.phase(), Phase::Enemy { .. }), "{:?}", s.phase());
}

#[test]
fn next_unit_visits_every_ready_unit_in_roster_order_without_skipping() {
    let (_, mut s) = session(
        "P . . . . . E
         Q . . . . . .
         V . . . . . .
         W . . . . . .",
        &[
            player('P'),
            player('Q'),
            player('V'),
            player('W'),
            enemy('E', "guard", 1),
        ],
    );
    s.set_auto_end_turn(false);
    let roster: Vec<Pos> = s.roster().iter().map(|&u| s.battle().unit(u).pos()).collect();
    assert_eq!(roster, [Pos::new(0, 0), Pos::new(0, 1), Pos::new(0, 2), Pos::new(0, 3)]);
    // Q waits (selected by hand): the cursor goes on to V, the next in the roster after Q,
    // not back to P.
    press(&mut s, &[D, Confirm, Confirm, Confirm]);
    assert_eq!(s.cursor(), Pos::new(0, 2), "after Q comes V");
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(0, 3), "then W");
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(0, 0), "then round to P (Q has acted)");
    // The cursor wandered off the units: N goes on from the last unit it visited (P), so V
    // is not skipped.
    press(&mut s, &[R, R, D]);
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(0, 2), "V, after P in the roster");
    // From an acted unit, N goes to the next ready one after it in the roster.
    press(&mut s, &[Cursor(Dir::Up)]);
    assert_eq!(s.cursor(), Pos::new(0, 1));
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(0, 2), "after Q (acted) comes V, not P");
}

#[test]
fn quitting_right_after_a_save_does_not_ask() {
    let (_, mut s) = session("P . . . . . E", &[player('P'), enemy('E', "guard", 1)]);
    press(&mut s, &[Confirm, R, Confirm, Confirm]); // P moves and waits
    press(&mut s, &[Request(Ask::Quit)]);
    assert_eq!(s.pending(), Some(Ask::Quit), "unsaved play: it asks");
    press(&mut s, &[No]);
    s.mark_saved();
    s.drain();
    press(&mut s, &[Request(Ask::Quit)]);
    assert_eq!(s.pending(), None, "nothing changed since the save");
    assert!(s.drain().contains(&Signal::Granted(Ask::Quit)));
}

#[test]
fn a_healer_after_its_move_is_offered_heal_with_its_forecast_and_heals() {
    use skirmish::model::units::Healing;
    use skirmish::rules::combat::heal_forecast;
    use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
    let battle = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".........."]).unwrap())
        .unit(UnitSpec::player("Mira", (0, 0)).healer(Healing::adjacent(8)))
        .unit(UnitSpec::player("Lance", (2, 0)).hurt(9))
        .unit(UnitSpec::enemy("Brute", (9, 0), "guard"))
        .build()
        .unwrap();
    let mut s = Session::new(battle, profiles(""));
    let (mira, lance) = (UnitId(0), UnitId(1));
    press(&mut s, &[Confirm, R, Confirm]);
    assert!(
        matches!(&s.phase(), Phase::Action { options, .. } if options == &[Action::Heal(lance), Action::Wait]),
        "{:?}",
        s.phase()
    );
    assert_eq!(heal_forecast(s.battle(), mira, lance), Some((9, 17)));
    s.drain();
    press(&mut s, &[Confirm]);
    assert!(
        s.drain().iter().any(|e| matches!(
            e,
            Signal::Rules(Event::Healed {
                amount: 8,
                hp_left: 17,
                ..
            })
        )),
        "the heal is a rules event"
    );
    assert_eq!(s.battle().unit(lance).hp(), 17);
}

/// Issue 33: with the healer selected, confirming on a hurt ally walks to the best cell to
/// heal it from and opens the menu on that heal (it said "Mira cannot stop where Lance
/// stands"); the menu offers the most hurt ally first, by the share of its hit points.
#[test]
fn confirming_on_a_hurt_ally_walks_the_healer_there_and_the_most_hurt_comes_first() {
    use skirmish::model::units::{Healing, Stats};
    use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
    let stats = |hp| Stats {
        hp,
        attack: 5,
        defense: 1,
        range_min: 1,
        range_max: 1,
    };
    let battle =
        BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..........", ".........."]).unwrap())
            .unit(UnitSpec::player("Mira", (0, 0)).healer(Healing::adjacent(5)))
            .unit(UnitSpec::player("Kiny", (3, 1)).stats(stats(36)).hurt(35))
            .unit(UnitSpec::player("Lance", (4, 0)).stats(stats(40)).hurt(25))
            .unit(UnitSpec::enemy("Brute", (9, 0), "guard"))
            .build()
            .unwrap();
    let mut s = Session::new(battle, profiles(""));
    let (mira, kiny, lance) = (UnitId(0), UnitId(1), UnitId(2));
    press(&mut s, &[Confirm]);
    s.input(Point(Pos::new(4, 0)));
    press(&mut s, &[Confirm]);
    assert_eq!(
        s.battle().unit(mira).pos(),
        Pos::new(3, 0),
        "the nearest cell next to Lance"
    );
    assert!(
        matches!(&s.phase(), Phase::Action { options, choice, .. }
            if options == &[Action::Heal(lance), Action::Heal(kiny), Action::Wait] && *choice == 0),
        "Lance (25 of 40) before Kiny (35 of 36), the heal on Lance chosen: {:?}",
        s.phase()
    );
    // Kiny clicked instead: the menu opens on Kiny's heal, Lance's still offered first.
    press(&mut s, &[Cancel]);
    s.input(Point(Pos::new(3, 1)));
    press(&mut s, &[Confirm]);
    assert!(
        matches!(&s.phase(), Phase::Action { options, choice, .. } if options[*choice] == Action::Heal(kiny)),
        "{:?}",
        s.phase()
    );
}

/// Issue 33: End turn asked Y/N every turn while a unit held a cell to defend. A unit left on
/// such a cell (not moved) holds it: the turn ends without the question; any other unit that
/// can still act is asked about.
#[test]
fn a_unit_holding_a_cell_to_defend_does_not_make_end_turn_ask() {
    use skirmish::model::objective::Objective;
    use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
    let build = |with_scout: bool| {
        let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".........."]).unwrap())
            .unit(UnitSpec::player("Kiny", (1, 0)))
            .unit(UnitSpec::enemy("Brute", (9, 0), "guard"))
            .objective(Objective {
                hold: vec![Pos::new(1, 0)],
                ..Objective::default()
            });
        if with_scout {
            b = b.unit(UnitSpec::player("Scout", (3, 0)));
        }
        Session::new(b.build().unwrap(), profiles(""))
    };
    let mut s = build(false);
    press(&mut s, &[EndTurn]);
    assert_eq!(s.pending(), None, "Kiny holds the cell: no question");
    assert!(
        matches!(s.phase(), Phase::Enemy { .. } | Phase::Select),
        "{:?}",
        s.phase()
    );
    assert_eq!(s.battle().active(), Team::Enemy, "the enemy phase began");
    let mut s = build(true);
    press(&mut s, &[EndTurn]);
    assert_eq!(s.pending(), Some(Ask::EndTurn), "the Scout could still act");
}

/// Found playing (issue 33): after a click out of reach the unit stayed selected, and a
/// click on another of our units then said "Kiny cannot stop where Lance stands"; a later
/// click moved Kiny where Lance was meant to go. A click on another unit of ours yet to act
/// selects it; one that has acted is still a cell the selected unit cannot stop on.
#[test]
fn a_click_on_another_of_our_units_selects_it() {
    let scene = Scene::parse("K . . . . . . . . . . . L . . . E");
    let mut s = Session::new(
        scene.battle(&[player('K'), player('L'), enemy('E', "guard", 1)]),
        profiles(""),
    );
    let (kiny, lance) = (UnitId(0), UnitId(1));
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase(), Phase::Target { unit, .. } if *unit == kiny));
    // Out of reach first: Kiny stays selected, as before.
    s.input(Point(Pos::new(10, 0)));
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase(), Phase::Target { unit, .. } if *unit == kiny));
    // Then Lance: he is selected, Kiny has not moved.
    s.input(Point(Pos::new(12, 0)));
    press(&mut s, &[Confirm]);
    assert!(
        matches!(s.phase(), Phase::Target { unit, .. } if *unit == lance),
        "{:?}",
        s.phase()
    );
    assert_eq!(s.battle().unit(kiny).pos(), Pos::new(0, 0));
}

/// Issue 33's play by keys: Kiny and Lance acted, Lance's action was undone, and N went to
/// Wing (the unit after Lance in the roster). A unit taken back is the one yet to act next:
/// N goes to it, then on in roster order.
#[test]
fn after_an_undo_next_unit_goes_to_the_unit_taken_back() {
    let (_, mut s) = session(
        "K . . . . . E
         L . . . . . .
         W . . . . . .
         R . . . . . .",
        &[
            player('K'),
            player('L'),
            player('W'),
            player('R'),
            enemy('E', "guard", 1),
        ],
    );
    s.set_auto_end_turn(false);
    press(&mut s, &[Confirm, Confirm, Confirm]); // Kiny stays and waits
    assert_eq!(s.cursor(), Pos::new(0, 1), "on to Lance");
    press(&mut s, &[Confirm, R, Confirm, Confirm]); // Lance moves right and waits
    assert_eq!(s.cursor(), Pos::new(0, 2), "on to Wing");
    press(&mut s, &[Undo]);
    assert_eq!(s.cursor(), Pos::new(0, 1), "Lance is back where it stood");
    // The cursor wanders (the arrows), then N: Lance, not Wing.
    press(&mut s, &[R, R, D]);
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(0, 1), "N goes to the unit taken back");
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(0, 2), "then on in roster order: Wing");
    press(&mut s, &[NextUnit, NextUnit]);
    assert_eq!(
        s.cursor(),
        Pos::new(0, 1),
        "Robin, then round to Lance (Kiny has acted)"
    );
    // Undone, then acted with at once: N carries on as before.
    press(&mut s, &[Confirm, Confirm, Confirm]); // Lance waits
    press(&mut s, &[Undo]);
    press(&mut s, &[Confirm, Confirm, Confirm]); // Lance waits again
    assert_eq!(s.cursor(), Pos::new(0, 2), "on to Wing");
    press(&mut s, &[NextUnit]);
    assert_eq!(s.cursor(), Pos::new(0, 3), "Robin: Lance has acted");
}

/// Under fog the player's phase tells only what the player sees: "next enemy" visits only
/// the enemies seen, confirming on an unseen enemy's cell inspects nothing, the attack menu
/// offers only seen targets, and pointing at an unseen enemy's cell traces a route to the
/// cell (it reads as empty; the walk finds out). Without fog, as before.
#[test]
fn under_fog_the_player_is_told_only_what_it_sees() {
    use skirmish::model::units::Stats;
    use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
    let bow = Stats {
        hp: 20,
        attack: 6,
        defense: 1,
        range_min: 1,
        range_max: 3,
    };
    // Robin sees 1 cell and shoots 3: Near (2 off) is in reach but unseen; Seen (1 off
    // below) is seen; Far is far and unseen.
    let build = |fog: bool| {
        BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..........", ".........."]).unwrap())
            .unit(UnitSpec::player("Robin", (0, 0)).stats(bow).vision(1))
            .unit(UnitSpec::enemy("Near", (2, 0), "guard"))
            .unit(UnitSpec::enemy("Seen", (0, 1), "guard"))
            .unit(UnitSpec::enemy("Far", (9, 1), "guard"))
            .fog(fog)
            .build()
            .unwrap()
    };
    for fog in [false, true] {
        let b = build(fog);
        let id = |n: &str| b.find(n).unwrap();
        let mut s = Session::new(b.clone(), profiles(""));
        // Next enemy: all three without fog, only Seen with it.
        let mut visited = Vec::new();
        for _ in 0..3 {
            press(&mut s, &[NextEnemy]);
            visited.push(s.cursor());
        }
        if fog {
            assert_eq!(visited, [Pos::new(0, 1); 3]);
        } else {
            assert_eq!(visited, [Pos::new(2, 0), Pos::new(0, 1), Pos::new(9, 1)]);
        }
        // Confirming on Far's cell inspects it only without fog.
        press(&mut s, &[Point(Pos::new(9, 1)), Confirm]);
        if fog {
            assert_eq!(*s.phase(), Phase::Select);
        } else {
            assert_eq!(*s.phase(), Phase::Inspect { enemy: id("Far") });
            press(&mut s, &[Cancel]);
        }
        // Robin waits where she stands: the menu offers what she sees to shoot.
        press(&mut s, &[Point(Pos::new(0, 0)), Confirm, Confirm]);
        let Phase::Action { options, .. } = s.phase() else {
            panic!("{:?}", s.phase())
        };
        let attacks: Vec<&Action> = options.iter().filter(|o| matches!(o, Action::Attack(_))).collect();
        if fog {
            assert_eq!(attacks, [&Action::Attack(id("Seen"))]);
        } else {
            assert_eq!(attacks, [&Action::Attack(id("Near")), &Action::Attack(id("Seen"))]);
        }
    }
    // Pointing at unseen Near's cell in the target phase traces a route onto it.
    let mut s = Session::new(build(true), profiles(""));
    press(&mut s, &[Confirm, Point(Pos::new(2, 0))]);
    let Phase::Target { trail, .. } = s.phase() else {
        panic!("{:?}", s.phase())
    };
    assert_eq!(trail.end(Pos::new(0, 0)), Pos::new(2, 0));
}

/// Issue 33's play: with the healer selected, a click on a hurt ally with every cell next to
/// it taken selected the ally, with no word. The healer stays selected and the player is told
/// (the front end words it "no free cell to heal Bram from").
#[test]
fn a_hurt_ally_the_healer_cannot_reach_keeps_the_healer_selected_and_says_so() {
    use skirmish::model::units::{Healing, Stats};
    use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
    let stats = Stats {
        hp: 24,
        attack: 5,
        defense: 1,
        range_min: 1,
        range_max: 1,
    };
    // Bram in a corridor, Kiny and Lance on the only cells next to him.
    let rows = ["#######", ".......", "#######"];
    let battle = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &rows).unwrap())
        .unit(UnitSpec::player("Mira", (0, 1)).healer(Healing::adjacent(5)))
        .unit(UnitSpec::player("Kiny", (2, 1)))
        .unit(UnitSpec::player("Bram", (3, 1)).stats(stats).hurt(10))
        .unit(UnitSpec::player("Lance", (4, 1)))
        .unit(UnitSpec::enemy("Brute", (6, 1), "guard"))
        .build()
        .unwrap();
    let mut s = Session::new(battle, profiles(""));
    let (mira, bram) = (UnitId(0), UnitId(2));
    press(&mut s, &[Confirm]);
    s.input(Point(Pos::new(3, 1)));
    s.drain();
    press(&mut s, &[Confirm]);
    assert!(
        matches!(s.phase(), Phase::Target { unit, .. } if *unit == mira),
        "the healer stays selected: {:?}",
        s.phase()
    );
    assert_eq!(
        s.drain(),
        [Signal::CannotGo {
            unit: mira,
            to: Pos::new(3, 1)
        }]
    );
    assert_eq!(s.battle().unit(mira).pos(), Pos::new(0, 1));
    // An ally that is not hurt is still selected by the click.
    s.input(Point(Pos::new(2, 1)));
    press(&mut s, &[Confirm]);
    assert!(matches!(s.phase(), Phase::Target { unit, .. } if *unit == UnitId(1)));
    assert_ne!(bram, UnitId(1));
}
