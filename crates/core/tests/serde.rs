//! State a game can save (feature `serde`): snapshots, commands, events, decisions, paths,
//! unit ids and terrain sets go to JSON and come back equal, through the public API only.

#![cfg(feature = "serde")]

use skirmish_core::prelude::*;

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(v: &T) -> String {
    let text = serde_json::to_string(v).unwrap();
    let back: T = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(&back, v, "{text}");
    text
}

#[test]
fn a_battle_saves_and_loads_as_json() {
    let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["......"]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "charger").movement(3))
        .build()
        .unwrap();
    let kiny = b.find("Kiny").unwrap();
    // A path is its digits, a unit id its number.
    assert_eq!(round_trip(&Path::parse("22").unwrap()), "\"22\"");
    assert_eq!(round_trip(&Path::default()), "\"0\"");
    assert_eq!(round_trip(&kiny), "0");
    assert!(serde_json::from_str::<Path>("\"25\"").is_err());
    let cmd = Command::Move {
        unit: kiny,
        path: Path::parse("22").unwrap(),
    };
    round_trip(&cmd);
    let mut events = b.execute(cmd).unwrap();
    events.extend(b.execute(Command::EndPhase).unwrap());
    let mut ai = Ai::new(Profiles::standard());
    let phase = EnemyPhase::run(&mut ai, &mut b).unwrap();
    events.extend(phase.events().cloned());
    round_trip(&events);
    round_trip(&phase.turns[0].decision);
    let snap = b.snapshot();
    round_trip(&snap);
    round_trip(&Command::Restore(Box::new(snap)));
    round_trip(&TerrainSet::standard());
}
