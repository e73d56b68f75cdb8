//! The shipped campaign's chapter intros tell the player how some enemies behave; each such
//! claim is checked here against the chapter's battle, played by the careful player for its
//! first turns over several seeds (issue 33: the mage "never leaves the keep" walked out on
//! turn 1; the Mender "never attacks" struck back; the rider "behind you" came from the
//! front, on foot). A claim is tied to the words of the intro: changing them fails here.

mod common;

use skirmish::ai::player::Policy;
use skirmish::play::simulate;
use skirmish::rules::{Battle, Event, UnitId};
use skirmish::search::grid::{Pos, Team};

/// The intro of the shipped campaign's chapter whose scenario is `file`, with its battle
/// played `turns` turns at `seed` (the events of every turn, and the battle at the end).
fn chapter(
    file: &str,
) -> (
    String,
    skirmish::load::scenario::Scenario,
    skirmish::load::data::DataSet,
) {
    let root = common::root();
    let campaign = skirmish::load::campaign::load(&root.join("maps/campaign.toml")).unwrap();
    let ch = campaign
        .chapters
        .iter()
        .find(|c| c.scenario.ends_with(file))
        .unwrap_or_else(|| panic!("no chapter plays {file}"));
    let (scenario, data, _) = skirmish::cli::load_scenario(&ch.scenario, None).unwrap();
    (
        ch.intro.split_whitespace().collect::<Vec<_>>().join(" "),
        scenario,
        data,
    )
}

fn played(
    scenario: &skirmish::load::scenario::Scenario,
    data: &skirmish::load::data::DataSet,
    turns: u32,
    seed: u64,
) -> (Vec<Event>, Battle) {
    let r = simulate::run_with(scenario, data, turns, seed, Policy::Careful).unwrap();
    (r.turns.iter().flat_map(|t| t.events.clone()).collect(), r.battle)
}

fn says(intro: &str, words: &str) {
    assert!(intro.contains(words), "the intro no longer says {words:?}:\n{intro}");
}

#[test]
fn the_castle_mage_never_strays_more_than_five_steps_from_its_post() {
    let (intro, scenario, data) = chapter("castle.toml");
    says(
        &intro,
        "the lord's mage never strays more than five steps from its post in the keep",
    );
    let mut moves = 0;
    for seed in 0..4 {
        let (events, b) = played(&scenario, &data, 6, seed);
        let mage = b.find("Castellan").unwrap();
        let door = b.unit(mage).pivot();
        for e in &events {
            if let Event::Moved { unit, to, .. } = e
                && *unit == mage
            {
                moves += 1;
                assert!(
                    to.manhattan(door) <= 5,
                    "seed {seed}: the mage went to {to}, {} from {door}",
                    to.manhattan(door)
                );
            }
        }
    }
    assert!(moves > 0, "the mage moves (else the claim was not put to the test)");
}

#[test]
fn the_castle_gate_guards_stay_until_somebody_comes_close_and_strike_back() {
    let (intro, scenario, data) = chapter("castle.toml");
    says(
        &intro,
        "gate guards stay at the gate until you come close (and strike back when struck)",
    );
    let b = Battle::new(&scenario, &data);
    let guards: Vec<UnitId> = b
        .living(Team::Enemy)
        .filter(|&u| b.unit(u).profile() == Some("guard"))
        .collect();
    assert!(guards.len() >= 2, "the gate guards are guards");
    for g in guards {
        assert!(b.unit(g).stats().attack > 0, "a guard that strikes back has an attack");
    }
}

#[test]
fn the_river_raider_comes_on_foot_from_the_east_on_turn_3() {
    let (intro, scenario, data) = chapter("river.toml");
    says(
        &intro,
        "On turn 3 a raider on foot comes from the east and makes for the ford",
    );
    for seed in 0..3 {
        let (events, b) = played(&scenario, &data, 4, seed);
        let rider = b.find("Rider").unwrap();
        let arrived: Vec<Pos> = events
            .iter()
            .filter_map(|e| match e {
                Event::Arrived { unit, at } if *unit == rider => Some(*at),
                _ => None,
            })
            .collect();
        assert_eq!(arrived.len(), 1, "seed {seed}: it arrives once");
        // East of the ford (21, 8), across the river from the party.
        assert!(arrived[0].x > 21 + 10, "seed {seed}: it arrives at {}", arrived[0]);
        let foot = b.unit(b.find("Kiny").unwrap()).class();
        assert_eq!(b.unit(rider).class(), foot, "a raider on foot, not a rider");
        // It arrives at the start of turn 3: after the enemy phase of turn 2.
        let turn = events
            .iter()
            .take_while(|e| !matches!(e, Event::Arrived { unit, .. } if *unit == rider))
            .filter(|e| matches!(e, Event::PhaseBegan { team: Team::Player, .. }))
            .count();
        assert_eq!(turn, 2, "seed {seed}: the player phases before it arrives");
    }
}

#[test]
fn the_ambush_acolyte_never_attacks_but_strikes_back() {
    let (intro, scenario, data) = chapter("ambush.toml");
    says(&intro, "it never attacks (though it strikes back when struck)");
    let mut struck_back = false;
    for seed in 0..4 {
        let (events, b) = played(&scenario, &data, 10, seed);
        let mender = b.find("Mender").unwrap();
        for e in &events {
            if let Event::Struck { attacker, counter, .. } = e
                && *attacker == mender
            {
                assert!(*counter, "seed {seed}: the Mender attacked");
                struck_back = true;
            }
        }
    }
    let b = Battle::new(&scenario, &data);
    let mender = b.find("Mender").unwrap();
    assert!(struck_back || b.unit(mender).stats().attack > 0, "it can strike back");
}

#[test]
fn the_crossroads_warden_waits_until_somebody_comes_within_three() {
    let (intro, scenario, data) = chapter("sample.toml");
    says(&intro, "the Warden waits until somebody comes within three");
    let start = Battle::new(&scenario, &data);
    let warden = start.find("Warden").unwrap();
    let trigger = match start.unit(warden).behavior(&data.profiles) {
        Some(skirmish::model::profiles::Behavior::GuardTrigger { trigger }) => trigger,
        other => panic!("the Warden is no guard: {other:?}"),
    };
    assert_eq!(trigger, 3);
    // It stays put until it wakes.
    for seed in 0..4 {
        let (events, _) = played(&scenario, &data, 8, seed);
        let mut awake = false;
        assert!(events.len() > 20, "seed {seed}: the battle was played");
        for e in &events {
            match e {
                Event::GuardWoke { unit, .. } if *unit == warden => awake = true,
                Event::Moved { unit, .. } if *unit == warden => assert!(awake, "seed {seed}: it moved before it woke"),
                _ => {}
            }
        }
    }
}
