//! The engine as a library: what a game built on `skirmish-core` can rely on — constructors
//! that refuse what the searches cannot index, battles that cross threads, questions that
//! nest, and a phase machine that names no unit it was not asked about.

use skirmish_core::model::map::{CostLayer, Layout};
use skirmish_core::play::phase::{Intent, Phase, Session};
use skirmish_core::prelude::*;
use skirmish_core::search::range::Occupancy;

fn plain(rows: &[&str]) -> TerrainMap {
    TerrainMap::from_rows(&TerrainSet::standard(), rows).unwrap()
}

#[test]
fn layouts_at_the_extremes_are_checked_not_wrapped() {
    // Before: `Layout::new(usize::MAX, 1)` wrapped around to a tiny array, and the range
    // search's unchecked reads went past it.
    for (w, h) in [
        (usize::MAX, 1),
        (1, usize::MAX),
        (usize::MAX - 1, usize::MAX - 1),
        (1 << 16, 1 << 16),
    ] {
        assert!(Layout::try_new(w, h).is_err(), "{w}x{h}");
        assert!(
            std::panic::catch_unwind(|| Layout::new(w, h)).is_err(),
            "{w}x{h} panics, never wraps"
        );
    }
    // The largest that fits: (w + 2) * (h + 2) cells within u32 indices.
    let big = Layout::try_new(65_533, 65_534).unwrap();
    assert!(big.len() <= u32::MAX as usize);
    assert!(Layout::try_new(65_534, 65_534).is_err());
    // The smallest: a 0x0 map still has its border, and a search on it finds nothing.
    let empty = Layout::try_new(0, 0).unwrap();
    assert_eq!(empty.len(), 4);
    let layer = CostLayer::new(empty, |_| 1);
    let occ = Occupancy::new(empty);
    let mut finder = RangeFinder::new(empty);
    let q = RangeQuery {
        origin: Pos::new(0, 0),
        budget: 5,
        team: Team::Player,
        leash: None,
    };
    assert!(finder.search(&layer, &occ, q).is_empty());
}

#[test]
fn maps_are_built_only_with_a_terrain_per_cell() {
    assert!(TerrainMap::new(usize::MAX, 1, Vec::new()).is_err());
    assert!(TerrainMap::new(3, 2, vec![TerrainId(0); 5]).is_err());
    assert!(TerrainMap::new(0, 0, Vec::new()).is_err());
    let e = TerrainMap::from_rows(&TerrainSet::standard(), &["..Q"]).unwrap_err();
    assert_eq!(e.to_string(), "row 0, column 2: no terrain has the glyph 'Q'");
}

#[test]
fn a_battle_that_does_not_fit_its_terrain_is_refused_with_the_reason() {
    let cases: [(TerrainMap, UnitSpec, &str); 4] = [
        (plain(&["..."]), UnitSpec::player("Kiny", (5, 0)), "off the map"),
        (plain(&[".#."]), UnitSpec::player("Kiny", (1, 0)), "cannot enter"),
        (
            plain(&["..."]),
            UnitSpec::player("Kiny", (0, 0)).class(ClassId(7)),
            "class #7",
        ),
        (
            TerrainMap::new(2, 1, vec![TerrainId(0), TerrainId(200)]).unwrap(),
            UnitSpec::player("Kiny", (0, 0)),
            "terrain id 200",
        ),
    ];
    for (map, unit, why) in cases {
        let e = BattleBuilder::new(map).unit(unit).build().unwrap_err();
        assert!(e.to_string().contains(why), "{e} / {why}");
    }
    let twice = BattleBuilder::new(plain(&["..."]))
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (0, 0), "charger"))
        .build()
        .unwrap_err();
    assert!(twice.to_string().contains("shares its cell"), "{twice}");
}

fn duel() -> Battle {
    BattleBuilder::new(plain(&[".....", "....."]))
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (4, 1), "charger"))
        .build()
        .unwrap()
}

#[test]
fn a_battle_crosses_threads_and_questions_nest() {
    let b = duel();
    let kiny = b.find("Kiny").unwrap();
    // Plain data: another thread plays the enemy phase of a clone while this one reads.
    let mut copy = b.clone();
    let played = std::thread::spawn(move || {
        copy.execute(Command::EndPhase { team: Team::Player }).unwrap();
        EnemyPhase::run(&mut Ai::new(Profiles::standard()), &mut copy).unwrap();
        copy.turn()
    });
    assert_eq!(played.join().unwrap(), 2);
    // Before: a travel question inside a range closure panicked ("already borrowed"); now
    // each question borrows the caches it is lent, and two caches nest.
    let (mut outer, mut inner) = (Caches::new(), Caches::new());
    let foot = b.unit(kiny).class();
    let farthest = b.with_reach(&mut outer, kiny, None, |reach| {
        reach
            .cells()
            .map(|(p, _)| b.travel(&mut inner, Pos::new(4, 1), foot, p).unwrap())
            .max()
    });
    assert_eq!(farthest, Some(5));
}

#[test]
fn one_caches_value_serves_battles_on_different_terrain() {
    let mut c = Caches::new();
    let open = duel();
    let walled = BattleBuilder::new(plain(&[".#...", "..#.."]))
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (4, 1), "charger"))
        .build()
        .unwrap();
    let foot = ClassId(0);
    let target = Pos::new(4, 1);
    assert_eq!(open.travel(&mut c, target, foot, Pos::new(0, 0)), Some(5));
    // The same cells, other terrain: the cached map of the open field must not answer.
    assert_eq!(walled.travel(&mut c, target, foot, Pos::new(0, 0)), None);
    assert_eq!(open.travel(&mut c, target, foot, Pos::new(0, 0)), Some(5));
}

#[test]
fn a_busy_session_refuses_a_command_without_naming_another_unit() {
    let b = duel();
    let kiny = b.find("Kiny").unwrap();
    let brute = b.find("Brute").unwrap();
    let mut s = Session::new(b, Profiles::standard());
    s.input(Intent::Confirm); // Kiny selected: the target phase, not one that takes commands.
    assert!(matches!(s.phase(), Phase::Target { .. }), "{:?}", s.phase());
    // Before: NotItsPhase(UnitId(0)) — unit #0 named for a command about Brute.
    let e = s.perform(Command::Wait { unit: brute }).unwrap_err();
    assert_eq!(e, RuleError::Busy);
    assert!(!e.to_string().contains("#0"), "{e}");
    let _ = kiny;
}

/// The example of the guide's "The engine as a library" (guide/src/programmers/engine.md),
/// as written there (the guide's block itself runs as a doctest of the skirmish crate).
#[test]
fn the_readme_library_example_runs() -> Result<(), Box<dyn std::error::Error>> {
    let terrain = TerrainSet::standard(); // or skirmish_data's loaders
    let mut battle = BattleBuilder::new(TerrainMap::from_rows(&terrain, &["......"]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "charger").movement(3))
        .build()?; // refused: off the map, on a wall...
    let mut ai = Ai::new(Profiles::standard()); // profiles, caches, method
    let kiny = battle.find("Kiny").unwrap();
    let range = battle.range(ai.caches(), kiny); // every reachable cell and its path
    battle.execute(Command::Move {
        unit: kiny,
        path: Steps::parse("22").unwrap(),
    })?;
    battle.execute(Command::Wait { unit: kiny })?;
    battle.execute(Command::EndPhase { team: Team::Player })?;
    let phase = EnemyPhase::run(&mut ai, &mut battle)?; // the one enemy-phase driver
    for e in phase.events() {
        println!("{}", e.describe(&battle));
    }
    // What the example shows: Kiny's range held the cell it walked to; Brute came and struck.
    assert!(range.contains(Pos::new(2, 0)));
    assert_eq!(phase.turns[0].decision.attack, Some(kiny));
    Ok(())
}
