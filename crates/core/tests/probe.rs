//! The probe of issue 35: every public function the issue names, called with the bad input
//! it lists, answers — a refusal, `None`, an empty list, words — and never panics. Each
//! check says what used to happen.

use skirmish_core::ai::{Decision, Why, choose_target};
use skirmish_core::model::map::TerrainMap;
use skirmish_core::model::terrain::{ClassId, TerrainId};
use skirmish_core::model::units::{Healing, Stats};
use skirmish_core::prelude::*;
use skirmish_core::rules::combat;
use skirmish_core::search::potential::UNREACHABLE;

/// Kiny (player) and Lance (player, next to her), Mira (player healer), Brute (enemy) far
/// away, Scout (enemy) next to Lance.
fn battle() -> Battle {
    BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["......", "......"]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 0)).hurt(5))
        .unit(UnitSpec::player("Lance", (1, 0)))
        .unit(UnitSpec::player("Mira", (0, 1)).healer(Healing::adjacent(8)))
        .unit(UnitSpec::enemy("Brute", (5, 1), "charger"))
        .unit(UnitSpec::enemy("Scout", (2, 0), "charger").hurt(3))
        .build()
        .unwrap()
}

const KINY: UnitId = UnitId(0);
const LANCE: UnitId = UnitId(1);
const MIRA: UnitId = UnitId(2);
const BRUTE: UnitId = UnitId(3);
const SCOUT: UnitId = UnitId(4);
const NOBODY: UnitId = UnitId(99);

#[test]
fn an_unknown_unit_is_refused_never_a_panic() {
    let b = battle();
    let mut c = Caches::new();
    // Each of these panicked with an index out of bounds.
    assert_eq!(combat::try_damage(&b, NOBODY, BRUTE), Err(RuleError::NoUnit(NOBODY)));
    assert_eq!(
        combat::try_damage(&b, LANCE, NOBODY),
        Err(RuleError::NoTarget {
            unit: LANCE,
            target: NOBODY
        })
    );
    assert_eq!(combat::try_forecast(&b, NOBODY, SCOUT), Err(RuleError::NoUnit(NOBODY)));
    assert!(!combat::can_attack(&b, NOBODY, SCOUT));
    assert!(!combat::can_attack(&b, LANCE, NOBODY));
    assert!(combat::targets_in_range(&b, NOBODY).is_empty());
    assert!(combat::targets_from(&b, NOBODY, Pos::new(0, 0)).is_empty());
    assert!(combat::heal_targets(&b, NOBODY).is_empty());
    assert_eq!(combat::heal_forecast(&b, NOBODY, KINY), None);
    assert_eq!(combat::heal_forecast(&b, MIRA, NOBODY), None);
    assert_eq!(combat::try_damage_at(&b, NOBODY, KINY, Pos::new(1, 1)), None);
    assert_eq!(choose_target(&b, &mut c, NOBODY), None);
    assert!(Decision::try_stay(&b, NOBODY, "x".into(), Why::Nothing).is_none());
    assert!(b.try_unit(NOBODY).is_none());
    // Words about a unit of another battle name it by its number.
    let e = Event::Acted { unit: NOBODY };
    assert_eq!(e.describe(&b), "unit #99 is done");
    assert_eq!(Ending::HeroFell(NOBODY).describe(&b), "unit #99 fell");
}

#[test]
fn off_the_map_and_unknown_classes_and_terrain_are_answered() {
    let b = battle();
    let mut c = Caches::new();
    // damage_at off the map panicked.
    assert_eq!(combat::try_damage_at(&b, SCOUT, LANCE, Pos::new(-1, 0)), None);
    assert_eq!(combat::try_damage_at(&b, SCOUT, LANCE, Pos::new(6, 0)), None);
    // layer and travel with an unknown class panicked.
    assert!(b.try_layer(ClassId(200)).is_none());
    assert_eq!(b.travel(&mut c, Pos::new(0, 0), ClassId(200), Pos::new(3, 0)), None);
    // A terrain id the table lacks: the map is made, nothing panics after, and a battle
    // refuses it.
    let map = TerrainMap::new(2, 1, vec![TerrainId(0), TerrainId(200)]).unwrap();
    let terrain = TerrainSet::standard();
    assert_eq!(map.to_text(&terrain), ".?\n");
    assert_eq!(map.cost_layer(&terrain, ClassId(0)).cost(Pos::new(1, 0)), None);
    assert!(matches!(
        BattleBuilder::new(map).build(),
        Err(SetupError::UnknownTerrain { id: 200, .. })
    ));
    // Steps at the edge of the numbers do not wrap.
    assert_eq!(Pos::new(i32::MAX, 0).try_step(Dir::Right), None);
    assert_eq!(Pos::new(i32::MAX, 0).step(Dir::Right), Pos::new(i32::MAX, 0));
    // nearest_travel from a cell off the map, or to targets off it: nothing is reached,
    // as its doc now says (it promised a panic and answered this).
    assert_eq!(
        b.nearest_travel(&mut c, &[Pos::new(0, 0)], ClassId(0), Pos::new(-3, 9)),
        (UNREACHABLE, 0)
    );
    assert_eq!(
        b.nearest_travel(&mut c, &[Pos::new(-1, 0)], ClassId(0), Pos::new(3, 0)),
        (UNREACHABLE, 0)
    );
    assert_eq!(
        b.nearest_travel(&mut c, &[Pos::new(-1, 0), Pos::new(0, 0)], ClassId(0), Pos::new(2, 0)),
        (2, 0b10)
    );
    assert_eq!(
        b.nearest_travel(&mut c, &[Pos::new(0, 0)], ClassId(200), Pos::new(2, 0)),
        (UNREACHABLE, 0)
    );
}

#[test]
fn the_read_only_helpers_refuse_what_the_rules_refuse() {
    let b = battle();
    // An ally: forecast and damage used to give numbers.
    assert!(matches!(
        combat::try_forecast(&b, KINY, LANCE),
        Err(RuleError::OutOfRange { .. })
    ));
    assert!(matches!(
        combat::try_damage(&b, KINY, LANCE),
        Err(RuleError::OutOfRange { .. })
    ));
    // Out of reach.
    assert!(matches!(
        combat::try_forecast(&b, KINY, BRUTE),
        Err(RuleError::OutOfRange { .. })
    ));
    // In reach, as the rules allow it.
    let f = combat::try_forecast(&b, LANCE, SCOUT).unwrap();
    assert_eq!(f, combat::forecast(&b, LANCE, SCOUT));
    // A heal of an enemy used to be Some.
    assert_eq!(combat::heal_forecast(&b, MIRA, SCOUT), None);
    assert_eq!(combat::heal_forecast(&b, MIRA, MIRA), None);
    assert_eq!(combat::heal_forecast(&b, MIRA, KINY), Some((5, 13)));
    // The same heal through the rules.
    let mut r = b.clone();
    assert!(
        r.execute(Command::Heal {
            unit: MIRA,
            target: KINY
        })
        .is_ok()
    );
    let mut r = b.clone();
    assert!(matches!(
        r.execute(Command::Heal {
            unit: MIRA,
            target: SCOUT
        }),
        Err(RuleError::NotAnAlly { .. })
    ));
}

#[test]
fn commands_carry_their_side() {
    let mut b = battle();
    // Waking a player unit was accepted.
    assert_eq!(
        b.execute(Command::Wake { unit: KINY, by: BRUTE }),
        Err(RuleError::CannotWake(KINY))
    );
    // The player ends its phase; ending it again used to skip the enemy phase.
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    assert_eq!(
        b.execute(Command::EndPhase { team: Team::Player }),
        Err(RuleError::NotYourPhase(Team::Player))
    );
    assert_eq!((b.turn(), b.active()), (1, Team::Enemy));
    // The enemy phase runs, then it is the player's again.
    let mut ai = Ai::new(Profiles::standard());
    let report = EnemyPhase::run(&mut ai, &mut b).unwrap();
    assert_eq!(report.turns.len(), 2);
    assert_eq!((b.turn(), b.active()), (2, Team::Player));
    assert_eq!(
        b.execute(Command::EndPhase { team: Team::Enemy }),
        Err(RuleError::NotYourPhase(Team::Enemy))
    );
}

#[test]
fn the_enemy_phase_driver_refuses_the_players_phase_at_every_entry() {
    let mut b = battle();
    let mut ai = Ai::new(Profiles::standard());
    let before = b.snapshot();
    // step and finish returned Ok while run refused.
    assert_eq!(EnemyPhase::run(&mut ai, &mut b), Err(RuleError::NotEnemyPhase));
    assert_eq!(
        EnemyPhase::begin(&b).step(&mut ai, &mut b),
        Err(RuleError::NotEnemyPhase)
    );
    assert_eq!(EnemyPhase::finish(&mut b), Err(RuleError::NotEnemyPhase));
    assert_eq!(b.snapshot(), before, "nothing changed");
}

#[test]
fn the_builder_and_restore_refuse_what_the_loaders_refuse() {
    let s = Stats {
        hp: 20,
        attack: 7,
        defense: 2,
        range_min: 1,
        range_max: 1,
    };
    let map = || TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap();
    let one = |u: UnitSpec| BattleBuilder::new(map()).unit(u).build();
    let a = || UnitSpec::player("A", (0, 0));
    for bad in [
        a().stats(Stats { hp: 0, ..s }),
        a().stats(Stats { hp: -5, ..s }),
        a().stats(Stats {
            range_min: 3,
            range_max: 1,
            ..s
        }),
        a().movement(1001),
        a().movement(u32::MAX),
        a().level(0, 0),
        a().healer(Healing::adjacent(-50)),
    ] {
        assert!(matches!(one(bad.clone()), Err(SetupError::Number { .. })), "{bad:?}");
    }
    let twins = BattleBuilder::new(map())
        .unit(a())
        .unit(UnitSpec::player("A", (1, 0)))
        .build();
    assert!(matches!(twins, Err(SetupError::SameName { .. })));
    let typo = BattleBuilder::new(map())
        .profiles(Profiles::standard())
        .unit(UnitSpec::enemy("E", (3, 0), "chargr"))
        .build();
    assert!(matches!(typo, Err(SetupError::UnknownProfile { .. })));
    // Another scenario's snapshot, every cell of which fits, used to be accepted.
    let mut other = BattleBuilder::new(map())
        .unit(UnitSpec::player("B", (0, 0)))
        .build()
        .unwrap();
    let mine = one(a()).unwrap().snapshot();
    assert!(matches!(
        other.execute(Command::Restore(Box::new(mine))),
        Err(RuleError::BadSnapshot(_))
    ));
}

#[test]
fn what_was_public_but_hidden_is_checked() {
    use skirmish_core::play::enemy::act;
    use skirmish_core::rules::Unit;
    let terrain = TerrainSet::standard();
    let map = || TerrainMap::from_rows(&terrain, &["....", "..#."]).unwrap();
    let u = |name: &str, x, y| Unit::new(name, Team::Player, Pos::new(x, y), ClassId(0), 4);
    // Battle::from_parts took anything (and panicked later, or never).
    assert!(matches!(
        Battle::from_parts(map(), terrain.clone(), vec![u("A", -1, 0)]),
        Err(SetupError::OffMap { .. })
    ));
    assert!(matches!(
        Battle::from_parts(map(), terrain.clone(), vec![u("A", 2, 1)]),
        Err(SetupError::Impassable { .. })
    ));
    assert!(matches!(
        Battle::from_parts(map(), terrain.clone(), vec![u("A", 0, 0), u("A", 1, 0)]),
        Err(SetupError::SameName { .. })
    ));
    assert!(matches!(
        Battle::from_parts(map(), terrain.clone(), vec![u("A", 0, 0).with_hp(-3)]),
        Err(SetupError::HurtOutOfRange { .. })
    ));
    assert!(matches!(
        Battle::from_parts(map(), terrain.clone(), vec![u("A", 0, 0).with_level(0, 0)]),
        Err(SetupError::Number { .. })
    ));
    assert!(Battle::from_parts(map(), terrain.clone(), vec![u("A", 0, 0)]).is_ok());
    // Decision::to and Decision::path cannot disagree: the phase used to follow the path.
    let mut b = battle();
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let mut ai = Ai::new(Profiles::standard());
    let mut d = ai.decide(&b, BRUTE);
    assert!(!d.path.is_empty());
    d.to = d.from;
    let before = b.snapshot();
    assert!(matches!(act(&mut b, d), Err(RuleError::Unreachable { .. })));
    assert_eq!(b.snapshot(), before);
    // The prelude's path of digits is `Steps`, beside `std::path::Path`.
    let _: (Steps, &std::path::Path) = (Steps::parse("22").unwrap(), std::path::Path::new("data"));
}
