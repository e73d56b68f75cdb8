//! No silent wrong answers through the core's public API: bad input to a constructor is a
//! typed error, a question about something that is not there is `None` or a typed refusal,
//! and what still panics says so in its docs (checked here with `should_panic`).

use skirmish_core::model::map::MapError;
use skirmish_core::model::terrain::{MAX_TERRAIN_KINDS, Terrain, TerrainError};
use skirmish_core::prelude::*;

fn rows(r: &[&str]) -> TerrainMap {
    TerrainMap::from_rows(&TerrainSet::standard(), r).unwrap()
}

fn duel() -> Battle {
    BattleBuilder::new(rows(&[".....", "....."]))
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (4, 1), "charger"))
        .build()
        .unwrap()
}

#[test]
fn a_cell_off_the_map_is_none_never_another_cell() {
    let m = rows(&[".T", "~#"]);
    let t = TerrainSet::standard();
    assert_eq!(m.get(Pos::new(1, 0)), t.by_glyph('T'));
    // Past the right edge used to read the next row's first cell.
    assert_eq!(m.get(Pos::new(2, 0)), None);
    assert_eq!(m.get(Pos::new(-1, 1)), None);
    assert_eq!(m.get(Pos::new(0, 2)), None);
}

#[test]
#[should_panic(expected = "(2, 0) is off the 2x2 map")]
fn at_off_the_map_panics_as_documented() {
    rows(&[".T", "~#"]).at(Pos::new(2, 0));
}

#[test]
fn ragged_rows_are_refused() {
    // Three cells and one make four, as two rows of two would: still refused.
    let e = TerrainMap::from_rows(&TerrainSet::standard(), &["...", "."]).unwrap_err();
    assert_eq!(
        e,
        MapError::Ragged {
            row: 1,
            found: 1,
            width: 3
        }
    );
}

fn kind(i: usize) -> Terrain {
    Terrain {
        name: format!("k{i}"),
        glyph: char::from_u32(0x100 + i as u32).unwrap(),
        cost: vec![Some(1); 3],
        defense: 0,
        avoid: 0,
        vision: 0,
        hides: false,
        color: None,
    }
}

fn classes() -> Vec<String> {
    TerrainSet::standard().classes().to_vec()
}

#[test]
fn more_kinds_than_ids_are_refused_not_wrapped() {
    // 300 kinds used to be taken, kind 290 reading as kind 34 (290 wraps to 34 in a byte).
    let many = TerrainSet::new((0..300).map(kind).collect(), classes());
    assert_eq!(many, Err(TerrainError::KindCount(300)));
    // Grown one kind at a time, the set stops at the last id and says why.
    let mut t = TerrainSet::new(vec![kind(0)], classes()).unwrap();
    for i in 1..MAX_TERRAIN_KINDS {
        assert_eq!(t.push_kind(kind(i)).map(|id| id.0 as usize), Ok(i));
    }
    assert_eq!(
        t.push_kind(kind(290)),
        Err(TerrainError::KindCount(MAX_TERRAIN_KINDS + 1))
    );
    assert_eq!(t.kinds().len(), MAX_TERRAIN_KINDS);
    assert_eq!(t.by_name("k290"), None);
    assert_eq!(t.by_name("k34").map(|id| id.0), Some(34));
    // What is left is whole: a battle takes it.
    let map = TerrainMap::filled(2, 1, t.by_name("k0").unwrap());
    let built = BattleBuilder::new(map)
        .terrain(t)
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .build();
    assert!(built.is_ok(), "{built:?}");
}

#[test]
fn a_cost_list_short_of_the_classes_or_a_zero_cost_is_refused() {
    let standard = TerrainSet::standard();
    let mut short = standard.kinds().to_vec();
    short[1].cost = vec![Some(2)];
    assert!(
        matches!(
            TerrainSet::new(short, classes()),
            Err(TerrainError::CostCount {
                found: 1,
                classes: 3,
                ..
            })
        ),
        "a short list used to mean impassable for the missing classes"
    );
    let mut zero = standard.kinds().to_vec();
    zero[0].cost[0] = Some(0);
    let e = TerrainSet::new(zero, classes()).unwrap_err();
    assert!(matches!(e, TerrainError::ZeroCost { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "terrain \"plain\" costs 0 for class \"foot\": costs are 1..=255 (None: cannot enter)"
    );
    // Nor can a kind be slipped in later: the set is as it was.
    let mut t = TerrainSet::standard();
    let mut bad = kind(0);
    bad.cost.pop();
    assert!(matches!(
        t.push_kind(bad),
        Err(TerrainError::CostCount { found: 2, .. })
    ));
    assert_eq!(t, standard);
}

#[test]
fn unknown_unit_ids_are_none_or_refused() {
    let b = duel();
    let nobody = UnitId(9);
    assert!(b.try_unit(nobody).is_none());
    assert_eq!(b.try_unit(UnitId(1)).map(|u| u.name()), Some("Brute"));
    let mut ai = Ai::new(Profiles::standard());
    assert_eq!(ai.try_decide(&b, nobody).unwrap_err(), RuleError::NoUnit(nobody));
    assert!(matches!(ai.try_explain(&b, nobody), Err(RuleError::NoUnit(_))));
    assert_eq!(ai.try_decide(&b, UnitId(1)).unwrap(), ai.decide(&b, UnitId(1)));
}

#[test]
#[should_panic(expected = "no unit #9 in this battle (2 units)")]
fn unit_with_an_unknown_id_panics_as_documented() {
    duel().unit(UnitId(9));
}

#[test]
fn units_off_the_map_or_of_unknown_classes_are_refused_at_build() {
    let e = BattleBuilder::new(rows(&[".."]))
        .unit(UnitSpec::player("Kiny", (50, 50)))
        .build()
        .unwrap_err();
    assert_eq!(
        e,
        SetupError::OffMap {
            unit: "Kiny".into(),
            at: Pos::new(50, 50)
        }
    );
    let e = BattleBuilder::new(rows(&[".."]))
        .unit(UnitSpec::player("Kiny", (0, 0)).class(ClassId(9)))
        .build()
        .unwrap_err();
    assert!(
        matches!(
            e,
            SetupError::UnknownClass {
                class: 9,
                classes: 3,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn the_enemy_phase_refuses_to_run_in_the_players_phase() {
    let mut b = duel();
    let mut ai = Ai::new(Profiles::standard());
    assert_eq!(EnemyPhase::run(&mut ai, &mut b).unwrap_err(), RuleError::NotEnemyPhase);
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    assert_eq!(EnemyPhase::run(&mut ai, &mut b).unwrap().turns.len(), 1);
}

#[test]
fn profiles_given_to_the_builder_are_checked() {
    let base = || {
        BattleBuilder::new(rows(&["....."]))
            .unit(UnitSpec::player("Kiny", (0, 0)))
            .profiles(Profiles::standard())
    };
    let e = base()
        .unit(UnitSpec::enemy("Brute", (4, 0), "chargr"))
        .build()
        .unwrap_err();
    assert!(
        matches!(&e, SetupError::UnknownProfile { profile, .. } if profile == "chargr"),
        "{e:?}"
    );
    assert!(e.to_string().contains("charger, proximity"), "{e}");
    // An archer profile (keeps range 3) on range-1 stats would never attack.
    let e = base()
        .unit(UnitSpec::enemy("Bow", (4, 0), "archer"))
        .build()
        .unwrap_err();
    assert!(
        matches!(
            e,
            SetupError::OutOfReach {
                keeps: 3,
                reach: (1, 1),
                ..
            }
        ),
        "{e:?}"
    );
    assert!(base().unit(UnitSpec::enemy("Brute", (4, 0), "charger")).build().is_ok());
}

#[test]
#[should_panic]
fn nearest_travel_past_its_bound_panics_as_documented() {
    let b = duel();
    let targets = vec![Pos::new(4, 0); 65];
    b.nearest_travel(&mut Caches::new(), &targets, ClassId(0), Pos::new(0, 0));
}

/// A snapshot carries its scenario's fingerprint: one of another scenario is refused even
/// when every cell of it fits (same size, same number of units, cells free and passable).
#[test]
fn a_snapshot_of_another_scenario_is_refused() {
    let other = |map: &[&str], enemy: &str| {
        BattleBuilder::new(rows(map))
            .unit(UnitSpec::player("Kiny", (0, 0)))
            .unit(UnitSpec::enemy(enemy, (4, 1), "charger"))
            .build()
            .unwrap()
    };
    for mut b in [
        other(&[".....", "....."], "Raider"),
        other(&["..T..", "....."], "Brute"),
    ] {
        let before = b.snapshot();
        let e = b.execute(Command::Restore(Box::new(duel().snapshot()))).unwrap_err();
        assert!(
            matches!(&e, RuleError::BadSnapshot(why) if why.contains("another scenario")),
            "{e}"
        );
        assert_eq!(b.snapshot(), before, "the battle is untouched");
    }
    // Its own scenario's snapshot, from another battle of it, is taken.
    let mut b = duel();
    assert!(b.execute(Command::Restore(Box::new(duel().snapshot()))).is_ok());
}

/// One validation path: what the loaders refuse in a file, the builder refuses in code, by
/// the same bounds and in the same words (hp 0 used to leave a unit alive at 0 hp, a move of
/// `u32::MAX` became 16,776,960, a heal of −50 hurt the healed).
#[test]
fn the_builder_refuses_the_numbers_the_loaders_refuse() {
    use skirmish_core::model::units::{Healing, Stats};
    let base = Stats {
        hp: 20,
        attack: 7,
        defense: 2,
        range_min: 1,
        range_max: 1,
    };
    let build = |u: UnitSpec| {
        BattleBuilder::new(rows(&[".....", "....."]))
            .unit(UnitSpec::player("Kiny", (0, 0)))
            .unit(u)
            .build()
    };
    let refused = |u: UnitSpec, words: &str| {
        let e = build(u).unwrap_err();
        assert!(matches!(e, SetupError::Number { .. }), "{e:?}");
        assert_eq!(e.to_string(), words);
    };
    let a = || UnitSpec::player("A", (4, 1));
    refused(
        a().stats(Stats { hp: 0, ..base }),
        "A: hp = 0 is out of range (expected 1..=9999)",
    );
    refused(
        a().stats(Stats { hp: -5, ..base }),
        "A: hp = -5 is out of range (expected 1..=9999)",
    );
    refused(
        a().stats(Stats { attack: 10_000, ..base }),
        "A: attack = 10000 is out of range (expected 0..=9999)",
    );
    refused(
        a().stats(Stats {
            range_min: 3,
            range_max: 1,
            ..base
        }),
        "A: range [3, 1] makes no sense (expected 1 <= min <= max <= 100)",
    );
    refused(a().movement(1001), "A: move = 1001 is out of range (expected 0..=1000)");
    refused(
        a().movement(u32::MAX),
        "A: move = 4294967295 is out of range (expected 0..=1000)",
    );
    refused(a().level(0, 0), "A: level = 0 is out of range (expected 1..=99)");
    refused(a().level(2, 100), "A: exp = 100 is out of range (expected 0..=99)");
    refused(
        a().healer(Healing::adjacent(-50)),
        "A: heal = -50 is out of range (expected 1..=9999)",
    );
    refused(
        a().healer(Healing {
            power: 5,
            range_min: 2,
            range_max: 1,
        }),
        "A: heal_range [2, 1] makes no sense (expected 1 <= min <= max <= 100)",
    );
    // Names are identities.
    let e = BattleBuilder::new(rows(&[".....", "....."]))
        .unit(UnitSpec::player("A", (0, 0)))
        .unit(UnitSpec::enemy("A", (4, 1), "charger"))
        .build()
        .unwrap_err();
    assert_eq!(e, SetupError::SameName { unit: "A".into() });
    // A profile that does not exist, when the builder knows the profiles.
    let e = BattleBuilder::new(rows(&[".....", "....."]))
        .profiles(Profiles::standard())
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (4, 1), "chargr"))
        .build()
        .unwrap_err();
    assert!(matches!(e, SetupError::UnknownProfile { .. }), "{e:?}");
    // The bounds themselves are accepted.
    assert!(build(a().stats(Stats { hp: 9_999, ..base }).movement(1000).level(99, 99)).is_ok());
}

/// Stepping past the edge of `i32` never wraps to the other side.
#[test]
fn a_step_off_the_edge_of_the_numbers_does_not_wrap() {
    for (p, d) in [
        (Pos::new(i32::MAX, 0), Dir::Right),
        (Pos::new(i32::MIN, 0), Dir::Left),
        (Pos::new(0, i32::MAX), Dir::Down),
        (Pos::new(0, i32::MIN), Dir::Up),
    ] {
        assert_eq!(p.step(d), p, "{p} {d:?}");
        assert_eq!(p.try_step(d), None, "{p} {d:?}");
    }
}
