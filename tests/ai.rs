//! Enemy AI, specified by example. Each test is a tiny map: `P`, `Q` are player units, other
//! letters enemies, `*` marks where the enemy is expected to end its move. Profiles are the
//! shipped five (`charger`, `proximity` sight 10, `guard` trigger 3, `pivot` leash 6,
//! `archer` sight 10 range 3) plus any a test adds, exactly as a designer would in TOML.

mod common;

use proptest::prelude::*;
use skirmish::ai::{self, Decision};
use skirmish::fixture::{Placed, Scene, enemy, player, profiles};
use skirmish::load::profiles::Profiles;
use skirmish::rules::{Battle, Command, UnitId};
use skirmish::search::grid::{Pos, Team};

/// A decision with the battle it was made on, to name its units.
#[derive(Debug)]
struct Decided {
    d: Decision,
    battle: Battle,
}

impl Decided {
    /// The decision's reason in words.
    fn why(&self) -> String {
        self.d.reason.text(&self.battle)
    }
}

impl std::ops::Deref for Decided {
    type Target = Decision;
    fn deref(&self) -> &Decision {
        &self.d
    }
}

impl PartialEq for Decided {
    fn eq(&self, other: &Decided) -> bool {
        self.d == other.d
    }
}

impl Decided {
    fn target_name(&self) -> Option<&str> {
        self.d.target.map(|t| self.battle.name(t))
    }
}

/// One whole enemy phase from the player's phase: every enemy's decision, in acting order.
fn enemy_phase(b: &mut Battle, p: &Profiles) -> Vec<Decision> {
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let (turns, _) = skirmish::fixture::enemy_phase(b, p).unwrap();
    turns.into_iter().map(|t| t.decision).collect()
}

/// Decides for enemy `who` on `picture` and checks it ends on `*` (or stays when there is none).
#[track_caller]
fn expect(picture: &str, units: &[Placed], extra_profiles: &str, who: char) -> Decided {
    let scene = Scene::parse(picture);
    let battle = scene.battle(units);
    let id = battle.find(&who.to_string()).unwrap();
    let d = skirmish::fixture::decide(&battle, &profiles(extra_profiles), id);
    let want = scene
        .marks
        .iter()
        .find(|(c, _)| *c == '*')
        .map_or(scene.mark(who), |m| m.1);
    assert_eq!(
        d.to,
        want,
        "{who} went to {} (path {}) instead of {want}: {}",
        d.to,
        d.path,
        d.reason.text(&battle)
    );
    assert_eq!(d.path.end(d.from), d.to, "the path must replay to the destination");
    Decided { d, battle }
}

// ---- proximity: approaches only while the target is within sight ----

#[test]
fn proximity_approaches_a_target_exactly_at_sight_10() {
    let d = expect(
        "P . . . . . . * . . E",
        &[player('P'), enemy('E', "proximity", 3)],
        "",
        'E',
    );
    assert!(d.triggered);
    assert_eq!(d.path, "444");
}

#[test]
fn proximity_stays_when_the_target_is_at_11() {
    let d = expect(
        "P . . . . . . . . . . E",
        &[player('P'), enemy('E', "proximity", 3)],
        "",
        'E',
    );
    assert_eq!(d.path, "0");
    assert!(!d.triggered);
    assert_eq!(d.why(), "target P at distance 11 > sight 10: stays");
}

#[test]
fn sight_is_manhattan_distance_not_travel_cost() {
    // Around the wall the travel cost is far more than 10, but the simple distance is 4.
    let d = expect(
        "P # . . .
         . # . . .
         . # . . E
         . # . . .
         . . * . .",
        &[player('P'), enemy('E', "proximity", 4)],
        "",
        'E',
    );
    assert!(d.triggered, "{:?}", d.reason);
}

// ---- guard_trigger: wakes at 3, then chases for the rest of the battle ----

#[test]
fn guard_wakes_when_a_player_unit_is_within_3() {
    let d = expect("P * . G", &[player('P'), enemy('G', "guard", 4)], "", 'G');
    assert!(d.triggered);
    assert!(
        d.why().starts_with("woke: P at distance 3 <= trigger 3"),
        "{:?}",
        d.reason
    );
}

#[test]
fn guard_sleeps_at_distance_4() {
    let d = expect("P . . . G", &[player('P'), enemy('G', "guard", 4)], "", 'G');
    assert!(!d.triggered);
    assert_eq!(
        d.why(),
        "asleep: nearest player unit P at distance 4 > trigger 3: stays"
    );
}

#[test]
fn a_woken_guard_keeps_chasing_after_the_player_retreats() {
    let scene = Scene::parse(". . . . . . . . . . . . . . . . P . . G");
    let mut b = scene.battle(&[player('P'), enemy('G', "guard", 2)]);
    let p = profiles("");
    let first = enemy_phase(&mut b, &p);
    assert!(first[0].triggered);
    // The player runs far away: distance now far beyond the trigger.
    let pid = b.find("P").unwrap();
    let mut moved = b.snapshot();
    moved.units[pid.0].at = Pos::new(0, 0);
    b.execute(Command::Restore(Box::new(moved))).unwrap();
    let second = enemy_phase(&mut b, &p);
    assert!(second[0].triggered, "a fired trigger is battle state");
    assert_eq!(second[0].path, "44");
    assert!(
        second[0].reason.text(&b).starts_with("awake since an earlier turn"),
        "{:?}",
        second[0].reason
    );
}

#[test]
fn any_player_unit_wakes_the_guard_but_it_chases_its_target() {
    // Q, 2 away behind the wall, wakes G; but P (4 away in a straight line, 4 by travel)
    // is far cheaper to reach than Q (8 around the wall), so P is the target.
    let d = expect(
        ". . . . . # .
         . . . . Q # G
         . . . . . # .
         . . . . . # .
         . . . . . . *
         . . . . . . P",
        &[player('P'), player('Q'), enemy('G', "guard", 3)],
        "",
        'G',
    );
    assert!(
        d.why().starts_with("woke: Q at distance 2 <= trigger 3"),
        "{:?}",
        d.reason
    );
    assert_eq!(d.target_name(), Some("P"));
}

#[test]
fn pivot_stops_at_distance_5_with_leash_6() {
    let d = expect(
        "P . . . . . . . . * . . . . D",
        &[player('P'), enemy('D', "pivot", 9)],
        "",
        'D',
    );
    assert_eq!(d.to.manhattan(d.from), 5);
}

#[test]
fn a_leash_of_5_stops_one_cell_sooner() {
    expect(
        "P . . . . . . . . . * . . . D",
        &[player('P'), enemy('D', "pivot5", 9)],
        "[pivot5]\nbehavior = \"pivot_leash\"\nleash = 5\n",
        'D',
    );
}

#[test]
fn the_leash_limits_the_path_not_only_the_destination() {
    // (1,2) is at distance 2 from D's pivot, inside leash 3, and next to P, but every way
    // there passes (1,1) or (1,3) at distance 3. So D cannot use it and waits at (2,1).
    let picture = ". . . . .
                   . . * . .
                   P . # D .
                   . . . . .";
    let d = expect(
        picture,
        &[player('P'), enemy('D', "tight", 6)],
        "[tight]\nbehavior = \"pivot_leash\"\nleash = 3\n",
        'D',
    );
    for c in d.path.replay(d.from) {
        assert!(c.manhattan(d.from) < 3, "passed {c} outside the leash");
    }
    // Without the leash the same unit walks around the wall.
    let scene = Scene::parse(picture);
    let b = scene.battle(&[player('P'), enemy('D', "charger", 6)]);
    let free = skirmish::fixture::decide(&b, &profiles(""), UnitId(1));
    assert_eq!(free.to, Pos::new(0, 1));
}

// ---- keep_range (archer): ends exactly 3 away whenever it can ----

#[test]
fn archer_too_far_closes_to_range_3() {
    expect("P . . * . . . . . A", &[player('P'), enemy('A', "archer", 6)], "", 'A');
}

#[test]
fn archer_too_close_steps_back_to_range_3() {
    let d = expect("P A . * . .", &[player('P'), enemy('A', "archer", 6)], "", 'A');
    assert_eq!(d.why(), "keeps range 3 from P");
}

#[test]
fn archer_with_no_ring_cell_in_reach_gets_as_near_the_ring_as_it_can() {
    let d = expect(
        "P . . . . . . * . . A",
        &[player('P'), enemy('A', "archer", 3)],
        "",
        'A',
    );
    assert!(d.why().starts_with("no reachable cell at range 3"), "{:?}", d.reason);
}

#[test]
fn archer_cannot_use_a_ring_cell_behind_a_wall() {
    let d = expect(
        ". . . # . .
         P . . # * A
         . . . # . .",
        &[player('P'), enemy('A', "archer", 6)],
        "",
        'A',
    );
    assert!(d.why().starts_with("no reachable cell at range 3"), "{:?}", d.reason);
}

#[test]
fn archer_out_of_sight_stays() {
    expect(
        "P . . . . . . . . . . A",
        &[player('P'), enemy('A', "archer", 6)],
        "",
        'A',
    );
}

#[test]
fn a_designer_made_sniper_keeps_range_5() {
    expect(
        "P . . . . * . . . . . S",
        &[player('P'), enemy('S', "sniper", 6)],
        "[sniper]\nbehavior = \"keep_range\"\nsight = 12\nrange = 5\n",
        'S',
    );
}

// ---- target choice and approach ----

#[test]
fn the_target_is_nearest_by_travel_cost_not_by_manhattan() {
    // Q is nearer in a straight line (5 vs 6) but behind a wall; P is cheaper to reach.
    // Several cells are 4 from P; the cheapest to walk to, then the first in reading order, wins.
    let d = expect(
        "P . . . * . # Q
         . . . . . . # .
         . . . . E . # .
         . . . . . . # .
         . . . . . . . .",
        &[player('P'), player('Q'), enemy('E', "charger", 2)],
        "",
        'E',
    );
    assert_eq!(d.target_name(), Some("P"));
}

#[test]
fn a_river_makes_the_far_bank_dear() {
    // Q is 3 away across a river (6 to enter); P is 5 away on dry land.
    let d = expect(
        "P . . * . E ~ ~ Q",
        &[player('P'), player('Q'), enemy('E', "charger", 2)],
        "",
        'E',
    );
    assert_eq!(d.target_name(), Some("P"));
}

#[test]
fn equal_travel_costs_go_to_the_unit_listed_first() {
    let d = expect(
        "P . . * E . . . Q",
        &[player('P'), player('Q'), enemy('E', "charger", 1)],
        "",
        'E',
    );
    assert_eq!(d.target_name(), Some("P"));
    let d = expect(
        "P . . . E * . . Q",
        &[player('Q'), player('P'), enemy('E', "charger", 1)],
        "",
        'E',
    );
    assert_eq!(d.target_name(), Some("Q"));
}

#[test]
fn a_charger_next_to_its_target_stays() {
    let d = expect("P E . .", &[player('P'), enemy('E', "charger", 5)], "", 'E');
    assert_eq!(d.path, "0");
}

#[test]
fn allies_in_a_corridor_are_passed_but_never_landed_on() {
    // F acts first and walks through E; then E follows behind it.
    let scene = Scene::parse(
        "# # # # # # # #
         P . . . . E F #
         # # # # # # # #",
    );
    let mut b = scene.battle(&[player('P'), enemy('F', "charger", 3), enemy('E', "charger", 3)]);
    let ds = enemy_phase(&mut b, &profiles(""));
    assert_eq!(
        (b.name(ds[0].unit), ds[0].to, ds[0].path.digits().as_str()),
        ("F", Pos::new(3, 1), "444")
    );
    assert_eq!(
        (b.name(ds[1].unit), ds[1].to, ds[1].path.digits().as_str()),
        ("E", Pos::new(2, 1), "444")
    );
}

#[test]
fn a_player_unit_in_the_corridor_blocks_the_way() {
    let d = expect(
        "# # # # # # #
         P . Q * . E #
         # # # # # # #",
        &[player('P'), player('Q'), enemy('E', "charger", 4)],
        "",
        'E',
    );
    assert_eq!(d.target_name(), Some("Q"));
}

#[test]
fn ties_between_cells_go_to_the_cheaper_move_then_reading_order() {
    // (1,0) and (0,1) are both next to P and both cost 2: the upper one wins.
    let picture = "P * .
                   . . E";
    let d = expect(picture, &[player('P'), enemy('E', "charger", 2)], "", 'E');
    assert_eq!(d.path, "14");
    for _ in 0..5 {
        let again = expect(picture, &[player('P'), enemy('E', "charger", 2)], "", 'E');
        assert_eq!(again, d);
    }
}

#[test]
fn each_enemy_sees_the_board_as_the_previous_one_left_it() {
    let scene = Scene::parse("P . . . A B");
    let mut b = scene.battle(&[player('P'), enemy('A', "charger", 5), enemy('B', "charger", 5)]);
    let ds = enemy_phase(&mut b, &profiles(""));
    assert_eq!(ds[0].to, Pos::new(1, 0));
    assert_eq!(ds[1].to, Pos::new(2, 0), "B cannot stop where A now stands");
}

// ---- properties over random battles ----

use common::{build, random_battle};

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn every_decision_keeps_its_profile_promise((rows, players, enemies) in random_battle()) {
        let Some(mut b) = build(&rows, &players, &enemies) else { return Ok(()) };
        let p = profiles("");
        b.execute(Command::EndPhase { team: Team::Player }).unwrap();
        let before = b.clone();
        let (again, _) = skirmish::fixture::enemy_phase(&mut before.clone(), &p).unwrap();
        let (turns, _) = skirmish::fixture::enemy_phase(&mut b, &p).unwrap();
        prop_assert_eq!(&turns, &again, "same board, same decisions and events");
        // Replay on a fresh copy to check each decision on the board it was made on.
        let mut board = before;
        for t in &turns {
            let d = &t.decision;
            let me = board.unit(d.unit).clone();
            let name = &me.name();
            prop_assert_eq!(d.path.end(d.from), d.to);
            prop_assert!(d.cost <= me.movement());
            match me.profile() {
                Some("pivot") => {
                    for c in d.path.replay(d.from) {
                        prop_assert!(c.manhattan(me.pivot()) < 6, "{} left its leash at {}", name, c);
                    }
                }
                Some("archer") if d.triggered => {
                    let tp = board.unit(d.target.unwrap()).pos();
                    let ring_reachable = board.with_reach(&mut skirmish::rules::Caches::new(), d.unit, None, |r| r.cells().any(|(c, _)| c.manhattan(tp) == 3));
                    prop_assert_eq!(d.to.manhattan(tp) == 3, ring_reachable, "{:?}", d.reason);
                }
                Some("proximity") | Some("guard") if !d.triggered => prop_assert_eq!(d.to, d.from),
                Some("guard") => {
                    // Awake means a player unit was within 3 at some decision, now or before.
                    let near = board.living(Team::Player).any(|p| board.unit(p).pos().manhattan(d.from) <= 3);
                    prop_assert!(near || me.triggered(), "{} woke with nobody near", name);
                }
                _ => {}
            }
            if d.triggered && me.profile() != Some("archer") {
                // Approaching never ends farther (by travel cost) than where it started.
                if let Some(t) = d.target {
                    let tp = board.unit(t).pos();
                    let (a, z) = (board.travel(&mut skirmish::rules::Caches::new(), tp, me.class(), d.from), board.travel(&mut skirmish::rules::Caches::new(), tp, me.class(), d.to));
                    if let (Some(a), Some(z)) = (a, z) {
                        prop_assert!(z <= a, "{} moved away from its target: {} -> {}", name, a, z);
                    }
                }
            }
            for c in d.commands() {
                board.execute(c).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `--explain` shows the numbers of the decision the unit really makes: the chosen
    /// candidate is the target and comes first, and the best-ranked cell is where it goes.
    #[test]
    fn the_explanation_matches_the_decision((rows, players, enemies) in random_battle()) {
        let Some(mut b) = build(&rows, &players, &enemies) else { return Ok(()) };
        let p = profiles("");
        b.execute(Command::EndPhase { team: Team::Player }).unwrap();
        let enemies: Vec<UnitId> = b.living(Team::Enemy).collect();
        for id in enemies {
            if !b.unit(id).alive() || b.ended().is_some() {
                continue;
            }
            let x = ai::explain(&b, &mut skirmish::rules::Caches::new(), &p, id);
            let d = skirmish::fixture::decide(&b, &p, id);
            prop_assert_eq!(&x.decision, &d);
            let chosen: Vec<&str> = x.candidates.iter().filter(|c| c.chosen).map(|c| c.unit.as_str()).collect();
            prop_assert_eq!(chosen, d.target.map(|t| b.name(t)).into_iter().collect::<Vec<_>>());
            if d.target.is_some() {
                prop_assert!(x.candidates[0].chosen, "the target is the first candidate");
            }
            match x.cells.first() {
                Some(best) => {
                    prop_assert_eq!(best.at, d.to, "{:?}", d.reason);
                    prop_assert_eq!(best.walk, d.cost);
                }
                None => prop_assert_eq!(d.to, d.from, "no cells ranked: it stays"),
            }
            skirmish::play::enemy::act(&mut b, d).unwrap();
        }
    }
}
