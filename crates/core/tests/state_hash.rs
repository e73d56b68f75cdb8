//! The state hash lockstep play compares (issue 40): one fixed value for one state in every
//! process and on every platform, equal for equal states, different when anything a command
//! changes differs.

use skirmish_core::prelude::*;
use skirmish_core::rules::Snapshot;

fn battle() -> Battle {
    BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["......", "......"]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::player("Lance", (0, 1)))
        .unit(UnitSpec::enemy("Brute", (3, 0), "charger"))
        .build()
        .unwrap()
}

#[test]
fn the_hash_of_a_state_is_a_fixed_number() {
    // Pinned: the algorithm (XXH3-64 over the canonical bytes) must not change between
    // builds, or two versions' programs could not play together even with the same rules;
    // a new field in the hash is a new protocol version.
    assert_eq!(
        battle().state_hash(),
        0xff28_23be_c150_1a7b_u64,
        "{:#018x}",
        battle().state_hash()
    );
}

#[test]
fn each_change_a_command_makes_changes_the_hash() {
    let start = battle();
    let kiny = start.find("Kiny").unwrap();
    let brute = start.find("Brute").unwrap();
    let mut seen = vec![start.state_hash()];
    let mut b = start.clone();
    // Moved (cell, moved flag, spent).
    b.execute(Command::Move {
        unit: kiny,
        path: Steps::parse("22").unwrap(),
    })
    .unwrap();
    seen.push(b.state_hash());
    // Attacked (hit points both ways, acted, experience).
    b.execute(Command::Attack {
        unit: kiny,
        target: brute,
    })
    .unwrap();
    seen.push(b.state_hash());
    // The phase changes.
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    seen.push(b.state_hash());
    // Another seed alone.
    seen.push(start.clone().with_seed(9).state_hash());
    // Without experience alone.
    seen.push(start.clone().without_experience().state_hash());
    let mut distinct = seen.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), seen.len(), "{seen:x?}");
    // The same commands on a copy give the same hash; undo gives back the start's.
    let mut again = start.clone();
    again
        .execute(Command::Move {
            unit: kiny,
            path: Steps::parse("22").unwrap(),
        })
        .unwrap();
    assert_eq!(again.state_hash(), seen[1]);
    again.execute(Command::Undo).unwrap();
    assert_eq!(again.state_hash(), seen[0]);
}

#[test]
fn every_part_of_a_saved_state_counts() {
    // A snapshot is everything that changes; each of its parts, changed alone and put back on
    // the board, changes the hash.
    let start = battle();
    let base = start.snapshot();
    type Change = Box<dyn Fn(&mut Snapshot)>;
    let changes: Vec<(&str, Change)> = vec![
        ("turn", Box::new(|s| s.turn += 1)),
        ("generator position", Box::new(|s| s.drawn += 1)),
        ("seed", Box::new(|s| s.seed += 1)),
        ("cell", Box::new(|s| s.units[0].at = Pos::new(1, 0))),
        ("hp", Box::new(|s| s.units[0].hp -= 1)),
        ("moved", Box::new(|s| s.units[0].moved = true)),
        ("acted", Box::new(|s| s.units[0].acted = true)),
        ("spent", Box::new(|s| s.units[0].spent = 1)),
        ("canto", Box::new(|s| s.units[0].canto = true)),
        ("trigger", Box::new(|s| s.units[2].triggered = true)),
        ("level", Box::new(|s| s.units[0].level = 2)),
        ("experience", Box::new(|s| s.units[0].exp = 5)),
    ];
    for (what, change) in changes {
        let mut snap = base.clone();
        change(&mut snap);
        let mut b = start.clone();
        b.execute(Command::Restore(Box::new(snap))).unwrap();
        assert_ne!(b.state_hash(), start.state_hash(), "{what}");
    }
}
