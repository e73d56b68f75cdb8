//! Chance in combat, specified by exact event lists on fixed seeds: with `[combat] chance`
//! on, each blow rolls to hit (then, when it hits, for a critical: three times the damage)
//! from the battle's seeded generator; a miss does nothing and earns nothing; undo gives the
//! numbers back, so the same attack again rolls the same; a battle played again from its
//! seed and commands rolls the same. Without chance, no roll and no `Rolled` event. And two
//! statistical checks over 100,000 seeded blows: the hit rate is the formula's, and the
//! two-number hit's is its exact odds.
//!
//! The seeds' first numbers (`Rng::new(seed)`, each `% 100`): seed 0 gives 35, 0, 79;
//! seed 2 gives 10, 26, 51, 36; seed 4 gives 78, 4, 47.

use skirmish_core::model::scenario::Combat;
use skirmish_core::model::terrain::Terrain;
use skirmish_core::model::units::{Odds, Weapon};
use skirmish_core::prelude::*;
use skirmish_core::rng::Rng;
use skirmish_core::rules::Roll;
use skirmish_core::rules::chance::{hit_percent, true_hit_percent};

const SOLDIER: Stats = Stats {
    hp: 20,
    attack: 7,
    defense: 2,
    range_min: 1,
    range_max: 1,
};

const CHANCE: Combat = Combat {
    chance: true,
    true_hit: false,
};

/// Kiny (hit 70, crit 10) next to Brute (hit 60, avoid 0), on plain ground.
fn duel(combat: Combat, seed: u64) -> Battle {
    BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
        .unit(UnitSpec::player("Kiny", (1, 0)).stats(SOLDIER).odds(Odds {
            hit: 70,
            avoid: 0,
            crit: 10,
        }))
        .unit(UnitSpec::enemy("Brute", (2, 0), "charger").stats(SOLDIER).odds(Odds {
            hit: 60,
            avoid: 0,
            crit: 0,
        }))
        .combat(combat)
        .build()
        .unwrap()
        .with_seed(seed)
}

const KINY: UnitId = UnitId(0);
const BRUTE: UnitId = UnitId(1);

fn attack(b: &mut Battle) -> Vec<Event> {
    b.execute(Command::Attack {
        unit: KINY,
        target: BRUTE,
    })
    .unwrap()
}

fn rolled(attacker: UnitId, defender: UnitId, counter: bool, hit: u32, crit: u32, result: Roll, draws: u32) -> Event {
    Event::Rolled {
        attacker,
        defender,
        counter,
        hit,
        crit,
        result,
        draws,
    }
}

fn struck(attacker: UnitId, defender: UnitId, damage: i32, hp_before: i32, counter: bool) -> Event {
    Event::Struck {
        attacker,
        defender,
        damage,
        hp_before,
        hp_left: hp_before - damage,
        counter,
    }
}

#[test]
fn a_blow_that_hits_then_a_counter_that_hits() {
    // Seed 2: 10 < 70 hits, 26 >= 10 is no critical; the counter: 51 < 60 hits, 36 >= 0.
    let mut b = duel(CHANCE, 2);
    assert_eq!(
        attack(&mut b),
        [
            rolled(KINY, BRUTE, false, 70, 10, Roll::Hit, 2),
            struck(KINY, BRUTE, 5, 20, false),
            Event::Gained {
                unit: KINY,
                amount: 10,
                exp: 10
            },
            rolled(BRUTE, KINY, true, 60, 0, Roll::Hit, 2),
            struck(BRUTE, KINY, 5, 20, true),
            Event::Acted { unit: KINY },
        ]
    );
    assert_eq!(b.drawn(), 4);
}

#[test]
fn a_miss_does_nothing_and_earns_nothing() {
    // Seed 4: 78 >= 70 misses (one number); the counter: 4 < 60 hits, 47 >= 0.
    let mut b = duel(CHANCE, 4);
    assert_eq!(
        attack(&mut b),
        [
            rolled(KINY, BRUTE, false, 70, 10, Roll::Missed, 1),
            rolled(BRUTE, KINY, true, 60, 0, Roll::Hit, 2),
            struck(BRUTE, KINY, 5, 20, true),
            Event::Acted { unit: KINY },
        ]
    );
    assert_eq!((b.unit(BRUTE).hp(), b.unit(KINY).exp()), (20, 0));
    assert_eq!(b.drawn(), 3);
}

#[test]
fn a_critical_triples_the_damage() {
    // Seed 0: 35 < 70 hits, 0 < 10 is critical: 3 × 5; the counter: 79 >= 60 misses.
    let mut b = duel(CHANCE, 0);
    assert_eq!(
        attack(&mut b),
        [
            rolled(KINY, BRUTE, false, 70, 10, Roll::Critical, 2),
            struck(KINY, BRUTE, 15, 20, false),
            Event::Gained {
                unit: KINY,
                amount: 10,
                exp: 10
            },
            rolled(BRUTE, KINY, true, 60, 0, Roll::Missed, 1),
            Event::Acted { unit: KINY },
        ]
    );
    assert_eq!(b.unit(BRUTE).hp(), 5);
}

#[test]
fn without_chance_nothing_is_rolled() {
    let mut b = duel(Combat::default(), 4);
    assert_eq!(
        attack(&mut b),
        [
            struck(KINY, BRUTE, 5, 20, false),
            Event::Gained {
                unit: KINY,
                amount: 10,
                exp: 10
            },
            struck(BRUTE, KINY, 5, 20, true),
            Event::Acted { unit: KINY },
        ]
    );
    assert_eq!(b.drawn(), 0);
}

#[test]
fn undo_gives_the_numbers_back_so_the_same_attack_rolls_the_same() {
    for seed in [0, 2, 4] {
        let mut b = duel(CHANCE, seed);
        let first = attack(&mut b);
        let drawn = b.drawn();
        let undone = b.execute(Command::Undo).unwrap();
        assert_eq!(undone.len(), first.len());
        assert_eq!(b.drawn(), 0, "seed {seed}: undo restores the generator");
        assert_eq!((b.unit(BRUTE).hp(), b.unit(KINY).hp()), (20, 20));
        assert_eq!(
            attack(&mut b),
            first,
            "seed {seed}: the attack again gives the same events"
        );
        assert_eq!(b.drawn(), drawn);
    }
}

#[test]
fn the_same_seed_and_commands_give_the_same_battle() {
    // A battle played again from its seed and its commands (what a replay holds) rolls the
    // same, turn after turn, and a snapshot (what a save holds) goes on with the same numbers.
    let play = |seed: u64| {
        let mut b = duel(CHANCE, seed);
        let mut events = Vec::new();
        for _ in 0..6 {
            if b.ended().is_some() {
                break;
            }
            events.extend(attack(&mut b));
            for team in [Team::Player, Team::Enemy] {
                if b.ended().is_none() {
                    events.extend(b.execute(Command::EndPhase { team }).unwrap());
                }
            }
        }
        (events, b)
    };
    let (a, ba) = play(11);
    let (again, _) = play(11);
    assert_eq!(a, again);
    let (other, _) = play(12);
    assert_ne!(a, other, "another seed rolls otherwise");
    assert!(ba.drawn() > 0);

    // Saved after the first exchange, resumed on a fresh battle: the next attack rolls as
    // in the unbroken battle.
    let mut whole = duel(CHANCE, 5);
    attack(&mut whole);
    whole.execute(Command::EndPhase { team: Team::Player }).unwrap();
    whole.execute(Command::EndPhase { team: Team::Enemy }).unwrap();
    let snap = whole.snapshot();
    let mut resumed = duel(CHANCE, 0);
    resumed.execute(Command::Restore(Box::new(snap))).unwrap();
    assert_eq!((resumed.seed(), resumed.drawn()), (5, whole.drawn()));
    assert_eq!(attack(&mut resumed), attack(&mut whole));
}

#[test]
fn avoid_and_terrain_avoid_lower_the_hit_chance() {
    let mut kinds = TerrainSet::standard().kinds().to_vec();
    let forest: &mut Terrain = kinds.iter_mut().find(|t| t.name == "forest").unwrap();
    forest.avoid = 20;
    let terrain = TerrainSet::new(kinds, TerrainSet::standard().classes().to_vec()).unwrap();
    let b = BattleBuilder::new(TerrainMap::from_rows(&terrain, &[".T"]).unwrap())
        .terrain(terrain)
        .unit(UnitSpec::player("Kiny", (0, 0)).odds(Odds {
            hit: 95,
            avoid: 30,
            crit: 0,
        }))
        .unit(UnitSpec::enemy("Brute", (1, 0), "charger").odds(Odds {
            hit: 80,
            avoid: 10,
            crit: 0,
        }))
        .combat(CHANCE)
        .build()
        .unwrap();
    let odds = skirmish_core::rules::chance::odds;
    assert_eq!(odds(&b, KINY, BRUTE), Some((95 - 10 - 20, 0)));
    assert_eq!(odds(&b, BRUTE, KINY), Some((80 - 30, 0)));
}

/// Hit rate of `blows` attacks of a unit whose chance to hit is 95 − 10 − 15 = 70 (the
/// defender on a forest of avoid 15, out of its own reach so that it never strikes back),
/// with `combat`, from one seed; the battle is put back to full health by restores that
/// keep the generator's position.
fn hit_rate(combat: Combat, blows: u32) -> f64 {
    let mut kinds = TerrainSet::standard().kinds().to_vec();
    kinds.iter_mut().find(|t| t.name == "forest").unwrap().avoid = 15;
    let terrain = TerrainSet::new(kinds, TerrainSet::standard().classes().to_vec()).unwrap();
    let bow = Stats {
        range_min: 2,
        range_max: 2,
        ..SOLDIER
    };
    let mut b = BattleBuilder::new(TerrainMap::from_rows(&terrain, &[".T"]).unwrap())
        .terrain(terrain)
        .unit(UnitSpec::player("Kiny", (0, 0)).odds(Odds {
            hit: 95,
            avoid: 0,
            crit: 0,
        }))
        .unit(UnitSpec::enemy("Brute", (1, 0), "charger").stats(bow).odds(Odds {
            hit: 100,
            avoid: 10,
            crit: 0,
        }))
        .combat(combat)
        .build()
        .unwrap()
        .without_experience()
        .with_seed(20_260_528);
    let fresh = b.snapshot();
    let mut hits = 0u32;
    for _ in 0..blows {
        for e in attack(&mut b) {
            match e {
                Event::Rolled { hit, result, .. } => {
                    assert_eq!(hit, 70);
                    hits += u32::from(result != Roll::Missed);
                }
                Event::Struck { .. } | Event::Acted { .. } => {}
                other => panic!("unexpected {other:?}"),
            }
        }
        let mut again = fresh.clone();
        again.drawn = b.drawn();
        b.execute(Command::Restore(Box::new(again))).unwrap();
    }
    assert_eq!(
        b.drawn(),
        u64::from(blows) * if combat.true_hit { 3 } else { 2 } - u64::from(blows - hits)
    );
    f64::from(hits) * 100.0 / f64::from(blows)
}

#[test]
fn over_100000_seeded_blows_the_hit_rate_is_the_formulas() {
    let rate = hit_rate(CHANCE, 100_000);
    let want = f64::from(hit_percent(95, 10, 15));
    assert!((rate - want).abs() < 0.5, "hit rate {rate:.2}% against {want}%");
}

#[test]
fn over_100000_seeded_blows_the_two_number_hit_rate_is_its_exact_odds() {
    let rate = hit_rate(
        Combat {
            chance: true,
            true_hit: true,
        },
        100_000,
    );
    // The exact odds of (a + b) / 2 < 70 for a, b uniform in 0..100: 8,230 pairs of 10,000.
    let pairs = (0..100u32)
        .flat_map(|a| (0..100u32).map(move |b| (a, b)))
        .filter(|(a, b)| a + b < 140)
        .count();
    assert_eq!(pairs, 8_230);
    assert_eq!(true_hit_percent(70), 82.3);
    assert!(
        (rate - 82.3).abs() < 0.5,
        "two-number hit rate {rate:.2}% against 82.3%"
    );
    // And far from the one-number 70%: the test tells the two rules apart.
    assert!(rate > 80.0);
}

#[test]
fn the_generator_of_a_position_is_the_generator_after_that_many_draws() {
    let mut r = Rng::new(99);
    for n in 0..50 {
        assert_eq!(Rng::at(99, n).next_u64(), r.next_u64());
    }
}

fn weapon(name: &str, beats: &[&str], effective: &[ClassId]) -> Weapon {
    Weapon {
        name: name.into(),
        beats: beats.iter().map(|b| b.to_string()).collect(),
        effective: effective.to_vec(),
    }
}

/// Kiny with `mine` (hit 70) against Brute with `theirs` (hit 60, of class `class`), from
/// `seed`, with `combat`.
fn armed(mine: Weapon, theirs: Weapon, class: ClassId, combat: Combat, seed: u64) -> Battle {
    BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
        .unit(
            UnitSpec::player("Kiny", (1, 0))
                .stats(SOLDIER)
                .odds(Odds {
                    hit: 70,
                    avoid: 0,
                    crit: 0,
                })
                .weapon(mine),
        )
        .unit(
            UnitSpec::enemy("Brute", (2, 0), "charger")
                .stats(SOLDIER)
                .class(class)
                .odds(Odds {
                    hit: 60,
                    avoid: 0,
                    crit: 0,
                })
                .weapon(theirs),
        )
        .combat(combat)
        .build()
        .unwrap()
        .with_seed(seed)
}

#[test]
fn the_weapon_triangle_gives_the_winner_15_hit_and_1_damage_and_the_loser_the_reverse() {
    let (sword, axe) = (weapon("sword", &["axe"], &[]), weapon("axe", &["lance"], &[]));
    // Seed 2: 10 < 85 hits, 26 >= 0; the counter: 51 >= 45 misses (one number).
    let mut b = armed(sword.clone(), axe.clone(), ClassId(0), CHANCE, 2);
    assert_eq!(
        attack(&mut b),
        [
            rolled(KINY, BRUTE, false, 70 + 15, 0, Roll::Hit, 2),
            struck(KINY, BRUTE, 5 + 1, 20, false),
            Event::Gained {
                unit: KINY,
                amount: 10,
                exp: 10
            },
            rolled(BRUTE, KINY, true, 60 - 15, 0, Roll::Missed, 1),
            Event::Acted { unit: KINY },
        ]
    );
    // The other way round: Kiny's axe loses to Brute's sword. Seed 2 again: 10 < 55 hits;
    // the counter: 51 < 75 hits, 36.
    let mut b = armed(axe, sword, ClassId(0), CHANCE, 2);
    assert_eq!(
        attack(&mut b),
        [
            rolled(KINY, BRUTE, false, 70 - 15, 0, Roll::Hit, 2),
            struck(KINY, BRUTE, 5 - 1, 20, false),
            Event::Gained {
                unit: KINY,
                amount: 10,
                exp: 10
            },
            rolled(BRUTE, KINY, true, 60 + 15, 0, Roll::Hit, 2),
            struck(BRUTE, KINY, 5 + 1, 20, true),
            Event::Acted { unit: KINY },
        ]
    );
}

#[test]
fn an_effective_weapon_triples_the_attack_against_its_classes_only() {
    let flier = TerrainSet::standard().class("flier").unwrap();
    let bow = weapon("bow", &[], &[flier]);
    let lance = weapon("lance", &[], &[]);
    // Seed 2: 10 < 70 hits: 3 × 7 − 2 = 19 against a flier.
    let mut b = armed(bow.clone(), lance.clone(), flier, CHANCE, 2);
    let events = attack(&mut b);
    assert_eq!(
        events[..2],
        [
            rolled(KINY, BRUTE, false, 70, 0, Roll::Hit, 2),
            struck(KINY, BRUTE, 19, 20, false)
        ]
    );
    assert_eq!(
        skirmish_core::rules::combat::damage(&b, BRUTE, KINY),
        5,
        "the lance is effective against nobody"
    );
    // Against a foot soldier the bow is a plain weapon.
    let mut b = armed(bow.clone(), lance.clone(), ClassId(0), CHANCE, 2);
    assert_eq!(attack(&mut b)[1], struck(KINY, BRUTE, 5, 20, false));
    // Without chance weapons do nothing: a battle without chance plays as before.
    let mut b = armed(bow, lance, flier, Combat::default(), 2);
    assert_eq!(attack(&mut b)[0], struck(KINY, BRUTE, 5, 20, false));
}

#[test]
fn a_snapshot_under_chance_is_refused_by_the_battle_without_it() {
    let mut rolled = duel(CHANCE, 0);
    attack(&mut rolled);
    let snap = rolled.snapshot();
    assert!(snap.drawn > 0);
    for other in [
        Combat::default(),
        Combat {
            true_hit: true,
            ..CHANCE
        },
    ] {
        let mut b = duel(other, 0);
        let e = b.execute(Command::Restore(Box::new(snap.clone()))).unwrap_err();
        assert!(matches!(e, RuleError::BadSnapshot(_)), "{other:?}: {e:?}");
    }
    // The same scenario with chance on takes it back, and a battle without chance keeps
    // the fingerprint it had before chance existed (name, side and class only).
    duel(CHANCE, 0).execute(Command::Restore(Box::new(snap))).unwrap();
    assert_eq!(duel(Combat::default(), 0).fingerprint(), 0x4d9c_c3f0_314e_8cc1);
}
