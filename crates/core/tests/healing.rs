//! Healers, specified by exact event lists: a kind with `heal` gives an ally hit points
//! after its move instead of an attack (`Command::Heal` → `Event::Healed`), never above the
//! ally's hp; every other heal is refused with a typed error and changes nothing; undo takes
//! a heal back; a unit may start hurt (`hp_left`).

use skirmish_core::model::units::Healing;
use skirmish_core::prelude::*;

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// Mira (heal 8, next to her) at (0,0), Lance hurt to `lance_hp` at (2,0), a brute far off.
fn camp(lance_hp: i32) -> Battle {
    BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["........", "........"]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 1)))
        .unit(UnitSpec::player("Mira", (0, 0)).healer(Healing::adjacent(8)))
        .unit(UnitSpec::player("Lance", (2, 0)).hurt(lance_hp))
        .unit(UnitSpec::enemy("Brute", (7, 1), "charger"))
        .build()
        .unwrap()
}

fn id(b: &Battle, name: &str) -> UnitId {
    b.find(name).unwrap()
}

fn heal(b: &mut Battle, who: &str, whom: &str) -> Result<Vec<Event>, RuleError> {
    let (unit, target) = (id(b, who), id(b, whom));
    b.execute(Command::Heal { unit, target })
}

#[test]
fn a_unit_starts_with_its_hp_left() {
    let b = camp(9);
    assert_eq!(b.unit(id(&b, "Lance")).hp(), 9);
    assert_eq!(b.unit(id(&b, "Kiny")).hp(), 20);
}

#[test]
fn hp_left_outside_one_to_hp_is_refused_when_the_battle_is_built() {
    for hp in [0, 21] {
        let e = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
            .unit(UnitSpec::player("Kiny", (0, 0)).hurt(hp))
            .unit(UnitSpec::enemy("Brute", (3, 0), "charger"))
            .build()
            .unwrap_err();
        assert!(e.to_string().contains(&format!("hp_left {hp}, outside 1..=20")), "{e}");
    }
}

#[test]
fn a_healer_moves_then_heals_an_ally_and_is_done() {
    let mut b = camp(9);
    let (mira, lance) = (id(&b, "Mira"), id(&b, "Lance"));
    b.execute(Command::Move {
        unit: mira,
        path: Steps::parse("2").unwrap(),
    })
    .unwrap();
    assert_eq!(
        heal(&mut b, "Mira", "Lance").unwrap(),
        [
            Event::Healed {
                healer: mira,
                target: lance,
                amount: 8,
                hp_before: 9,
                hp_left: 17,
            },
            // A heal is worth 10 experience to the healer.
            Event::Gained {
                unit: mira,
                amount: 10,
                exp: 10
            },
            Event::Acted { unit: mira },
        ]
    );
    assert_eq!(b.unit(lance).hp(), 17);
    assert_eq!(heal(&mut b, "Mira", "Lance"), Err(RuleError::AlreadyActed(mira)));
    assert_eq!(
        Event::Healed {
            healer: mira,
            target: lance,
            amount: 8,
            hp_before: 9,
            hp_left: 17
        }
        .describe(&b),
        "Mira heals Lance for 8: 9 → 17 hp"
    );
}

#[test]
fn a_heal_never_goes_above_the_allys_hp() {
    let mut b = camp(18);
    b.execute(Command::Move {
        unit: id(&b, "Mira"),
        path: Steps::parse("2").unwrap(),
    })
    .unwrap();
    let (mira, lance) = (id(&b, "Mira"), id(&b, "Lance"));
    assert_eq!(
        heal(&mut b, "Mira", "Lance").unwrap(),
        [
            Event::Healed {
                healer: mira,
                target: lance,
                amount: 2,
                hp_before: 18,
                hp_left: 20,
            },
            Event::Gained {
                unit: mira,
                amount: 10,
                exp: 10
            },
            Event::Acted { unit: mira },
        ]
    );
}

#[test]
fn undo_takes_the_heal_and_the_move_back() {
    let mut b = camp(9);
    let (mira, lance) = (id(&b, "Mira"), id(&b, "Lance"));
    let walk = b
        .execute(Command::Move {
            unit: mira,
            path: Steps::parse("2").unwrap(),
        })
        .unwrap();
    let healed = heal(&mut b, "Mira", "Lance").unwrap();
    let undone = b.execute(Command::Undo).unwrap();
    let expected: Vec<Event> = healed
        .iter()
        .rev()
        .chain(walk.iter().rev())
        .map(|e| Event::Reverted(Box::new(e.clone())))
        .collect();
    assert_eq!(undone, expected);
    assert_eq!(
        (b.unit(lance).hp(), b.unit(mira).pos(), b.unit(mira).acted()),
        (9, p(0, 0), false)
    );
}

#[test]
fn refused_heals_say_why_and_change_nothing() {
    let mut b = camp(9);
    let (kiny, mira, lance, brute) = (id(&b, "Kiny"), id(&b, "Mira"), id(&b, "Lance"), id(&b, "Brute"));
    let before = b.clone();
    // Lance stands 2 away: Mira heals at distance 1 only.
    assert_eq!(
        heal(&mut b, "Mira", "Lance"),
        Err(RuleError::HealOutOfRange {
            unit: mira,
            target: lance
        })
    );
    // Kiny, next to her, misses nothing.
    assert_eq!(
        heal(&mut b, "Mira", "Kiny"),
        Err(RuleError::FullHp {
            unit: mira,
            target: kiny
        })
    );
    // Not herself, not an enemy.
    assert_eq!(
        heal(&mut b, "Mira", "Mira"),
        Err(RuleError::NotAnAlly {
            unit: mira,
            target: mira
        })
    );
    assert_eq!(
        heal(&mut b, "Mira", "Brute"),
        Err(RuleError::NotAnAlly {
            unit: mira,
            target: brute
        })
    );
    assert_eq!(
        b.execute(Command::Heal {
            unit: mira,
            target: UnitId(99)
        }),
        Err(RuleError::NotAnAlly {
            unit: mira,
            target: UnitId(99)
        })
    );
    // Kiny is no healer.
    assert_eq!(heal(&mut b, "Kiny", "Mira"), Err(RuleError::NotAHealer(kiny)));
    assert_eq!(b.units(), before.units());
    assert_eq!(
        RuleError::FullHp {
            unit: mira,
            target: kiny
        }
        .describe(&b),
        "Mira cannot heal Kiny: Kiny is at full hp"
    );
}

#[test]
fn heal_range_reaches_farther() {
    let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["........"]).unwrap())
        .unit(UnitSpec::player("Mira", (0, 0)).healer(Healing {
            power: 5,
            range_min: 1,
            range_max: 2,
        }))
        .unit(UnitSpec::player("Lance", (2, 0)).hurt(4))
        .unit(UnitSpec::player("Kiny", (3, 0)).hurt(4))
        .unit(UnitSpec::enemy("Brute", (7, 0), "charger"))
        .build()
        .unwrap();
    let (mira, kiny) = (id(&b, "Mira"), id(&b, "Kiny"));
    assert_eq!(
        heal(&mut b, "Mira", "Kiny"),
        Err(RuleError::HealOutOfRange {
            unit: mira,
            target: kiny
        })
    );
    let events = heal(&mut b, "Mira", "Lance").unwrap();
    assert!(
        matches!(
            events[0],
            Event::Healed {
                amount: 5,
                hp_left: 9,
                ..
            }
        ),
        "{events:?}"
    );
}

#[test]
fn an_enemy_healer_heals_in_the_enemy_phase() {
    let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["........"]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Acolyte", (6, 0), "charger").healer(Healing::adjacent(6)))
        .unit(UnitSpec::enemy("Brute", (7, 0), "charger").hurt(3))
        .build()
        .unwrap();
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let (acolyte, brute) = (id(&b, "Acolyte"), id(&b, "Brute"));
    assert_eq!(
        b.execute(Command::Heal {
            unit: acolyte,
            target: brute
        })
        .unwrap(),
        [
            Event::Healed {
                healer: acolyte,
                target: brute,
                amount: 6,
                hp_before: 3,
                hp_left: 9,
            },
            Event::Acted { unit: acolyte },
        ]
    );
}

/// Mira the healer between a hurt Lance and, when `brute_hp` allows, a brute she can finish.
fn careful_camp(brute_hp: i32) -> (Battle, UnitId) {
    let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..........", ".........."]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::player("Mira", (2, 1)).healer(Healing::adjacent(8)))
        .unit(UnitSpec::player("Lance", (0, 1)).hurt(6))
        .unit(UnitSpec::enemy("Brute", (4, 1), "guard").hurt(brute_hp))
        .build()
        .unwrap();
    let mira = b.find("Mira").unwrap();
    (b, mira)
}

#[test]
fn the_careful_player_heals_when_no_safe_attack_defeats() {
    let (b, mira) = careful_camp(20);
    let profiles = Profiles::standard();
    let d = skirmish_core::ai::player::decide_careful(&b, &mut Caches::new(), &profiles, mira, 0);
    assert_eq!((d.heal, d.attack), (b.find("Lance"), None), "{}", d.reason.text(&b));
    assert_eq!(
        d.commands().last(),
        Some(&Command::Heal {
            unit: mira,
            target: b.find("Lance").unwrap()
        })
    );
    assert!(
        d.reason.text(&b).starts_with("heals Lance (6/20 hp) from "),
        "{}",
        d.reason.text(&b)
    );
}

#[test]
fn the_careful_player_finishes_a_foe_rather_than_heal() {
    // The brute has 1 hp left: Mira's blow defeats it.
    let (b, mira) = careful_camp(1);
    let profiles = Profiles::standard();
    let d = skirmish_core::ai::player::decide_careful(&b, &mut Caches::new(), &profiles, mira, 0);
    assert_eq!((d.heal, d.attack), (None, b.find("Brute")));
}
