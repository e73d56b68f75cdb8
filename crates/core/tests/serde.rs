//! State a game can save (feature `serde`): snapshots, commands, events, decisions, paths,
//! unit ids, terrain sets and profiles go to JSON and come back equal, through the public
//! API only; what would not hold together is refused when read back.

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
    assert_eq!(round_trip(&Steps::parse("22").unwrap()), "\"22\"");
    assert_eq!(round_trip(&Steps::default()), "\"0\"");
    assert_eq!(round_trip(&kiny), "0");
    assert!(serde_json::from_str::<Steps>("\"25\"").is_err());
    let cmd = Command::Move {
        unit: kiny,
        path: Steps::parse("22").unwrap(),
    };
    round_trip(&cmd);
    let mut events = b.execute(cmd).unwrap();
    events.extend(b.execute(Command::EndPhase { team: Team::Player }).unwrap());
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

#[test]
fn profiles_save_as_their_tables_and_load_through_the_registry() {
    use serde::de::DeserializeSeed;
    use skirmish_core::ai::registry::{Key, ProfilesIn, Registry};
    use skirmish_core::ai::{AiBehavior, Why};
    use skirmish_core::model::profiles::{Param, Params};
    use skirmish_core::rules::Caches;

    struct Statue;
    impl AiBehavior for Statue {
        fn decide(&self, b: &Battle, _c: &mut Caches, id: UnitId, label: String) -> Decision {
            Decision::stay(b, id, label, Why::Nothing)
        }
    }
    let mut registry = Registry::standard();
    registry
        .register("statue", &[Key::count("patience", 1, 9), Key::cell("post")], |_| Statue)
        .unwrap();

    let mut profiles = Profiles::standard();
    profiles.insert(Profile {
        name: "raider".into(),
        behavior: Behavior::Advance { goal: Pos::new(7, 2) },
    });
    let mut numbers = Params::default();
    numbers.set("patience", Param::Int(4));
    numbers.set("post", Param::Cell(Pos::new(3, 1)));
    let statue = registry.get("statue").unwrap().build(&numbers);
    profiles.insert(Profile {
        name: "sentry".into(),
        behavior: statue,
    });
    let text = serde_json::to_string(&profiles).unwrap();
    let read = |json: &str, r: &Registry| ProfilesIn(r).deserialize(&mut serde_json::Deserializer::from_str(json));
    assert_eq!(read(&text, &registry).unwrap(), profiles);
    // The standard registry does not know the statue: no process-wide names.
    assert!(
        serde_json::from_str::<Profiles>(&text)
            .unwrap_err()
            .to_string()
            .contains("profile 'sentry': unknown behavior \"statue\"")
    );
    // The tables of profiles.toml, numbers in the order the behaviour declares them.
    assert!(
        text.starts_with(
            r#"[{"name":"charger","behavior":"charger"},{"name":"proximity","behavior":"proximity","sight":10},"#
        ),
        "{text}"
    );
    assert!(
        text.contains(r#"{"name":"archer","behavior":"keep_range","sight":10,"range":3}"#),
        "{text}"
    );
    assert!(
        text.contains(r#"{"name":"raider","behavior":"advance","goal":[7,2]}"#),
        "{text}"
    );
    assert!(
        text.ends_with(r#"{"name":"sentry","behavior":"statue","patience":4,"post":[3,1]}]"#),
        "{text}"
    );
    // What the loader would refuse is refused here too, with the profile named.
    let refused = |json: &str| read(json, &registry).unwrap_err().to_string();
    assert!(refused(r#"[{"name":"a","behavior":"chargr"}]"#).contains("profile 'a': unknown behavior \"chargr\""));
    assert!(refused(r#"[{"name":"a","behavior":"proximity"}]"#).contains("needs `sight`"));
    assert!(refused(r#"[{"name":"a","behavior":"proximity","sight":-1}]"#).contains("needs `sight`"));
    assert!(
        refused(r#"[{"name":"a","behavior":"statue","patience":0,"post":[1,1]}]"#)
            .contains("needs `patience` as a count 1..=9")
    );
    assert!(refused(r#"[{"name":"a","behavior":"statue","patience":10,"post":[1,1]}]"#).contains("needs `patience`"));
    assert!(refused(r#"[{"name":"a","behavior":"charger","sight":3}]"#).contains("does not take `sight`"));
    assert!(
        refused(r#"[{"name":"a","behavior":"charger"},{"name":"a","behavior":"charger"}]"#).contains("given twice")
    );
}

#[test]
fn a_terrain_set_that_does_not_hold_together_is_not_read_back() {
    use skirmish_core::model::terrain::TerrainError;
    let text = serde_json::to_string(&TerrainSet::standard()).unwrap();
    assert!(
        text.starts_with(r#"{"kinds":[{"name":"plain","glyph":".","cost":[1,1,1]"#),
        "{text}"
    );
    // Two kinds with the glyph `.`: a map could not tell them apart.
    let same = text.replace(r#""glyph":"T""#, r#""glyph":".""#);
    let e = serde_json::from_str::<TerrainSet>(&same).unwrap_err();
    assert!(
        e.to_string()
            .contains(&TerrainError::SameGlyph { glyph: '.' }.to_string()),
        "{e}"
    );
    // A cost list one short of the three classes.
    let short = text.replacen("[1,1,1]", "[1,1]", 1);
    let e = serde_json::from_str::<TerrainSet>(&short).unwrap_err();
    assert!(e.to_string().contains("has 2 costs for 3 classes"), "{e}");
    assert!(serde_json::from_str::<TerrainSet>(&text.replace("\"classes\"", "\"klasses\"")).is_err());
}
