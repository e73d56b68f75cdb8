//! A kind's movement growth (`[KIND.growth] move = N`) in a campaign: the move a level-up
//! added is carried to the next chapter as the other grown stats are, and a roster with no
//! grown move says nothing of movement (its progress file stays as it was).

use skirmish_core::campaign::Roster;
use skirmish_core::model::units::{Growth, Stats};
use skirmish_core::prelude::*;

/// Kiny (move 5, one blow from level 2) next to a brute that falls to one blow, and Pike.
fn chapter() -> Scenario {
    let frail = Stats {
        hp: 1,
        attack: 0,
        defense: 0,
        range_min: 1,
        range_max: 1,
    };
    let growth = Growth {
        movement: 1,
        ..Growth::default()
    };
    BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["........", "........"]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 0)).movement(5).growth(growth).level(1, 95))
        .unit(UnitSpec::player("Pike", (0, 1)).movement(5))
        .unit(UnitSpec::enemy("Brute", (1, 0), "charger").stats(frail))
        .scenario()
}

#[test]
fn a_grown_move_is_carried_to_the_next_chapter() {
    let scenario = chapter();
    let mut roster = Roster::default();
    let ready = roster.prepare(&scenario, true);
    let mut b = Battle::try_new(&ready, &TerrainSet::standard()).unwrap();
    let (kiny, brute) = (b.find("Kiny").unwrap(), b.find("Brute").unwrap());
    b.execute(Command::Attack {
        unit: kiny,
        target: brute,
    })
    .unwrap();
    assert_eq!((b.unit(kiny).level(), b.unit(kiny).movement()), (2, 6));
    roster.record(&b, &ready, true);
    assert_eq!(roster.member("Kiny").unwrap().movement, Some(6));
    assert_eq!(roster.member("Pike").unwrap().movement, None, "no growth, nothing said");

    // The next chapter (the same scenario again) starts Kiny with the grown move.
    let next = roster.prepare(&scenario, true);
    assert_eq!(next.units[0].movement, 6);
    assert_eq!(next.units[1].movement, 5);
    // A chapter without a level-up keeps the move grown before.
    let b = Battle::try_new(&next, &TerrainSet::standard()).unwrap();
    roster.record(&b, &next, true);
    assert_eq!(roster.member("Kiny").unwrap().movement, Some(6));
}

/// Files written before movement could grow read as they were, and one without a grown move
/// is written byte for byte as before; a grown move is written and read back.
#[cfg(feature = "serde")]
#[test]
fn growths_and_members_written_before_read_and_write_as_they_were() {
    use skirmish_core::campaign::Member;
    let old = r#"{"hp":2,"attack":1,"defense":1}"#;
    let g: Growth = serde_json::from_str(old).unwrap();
    assert_eq!(
        g,
        Growth {
            hp: 2,
            attack: 1,
            defense: 1,
            movement: 0
        }
    );
    assert_eq!(serde_json::to_string(&g).unwrap(), old);
    let grown = Growth { movement: 1, ..g };
    let text = serde_json::to_string(&grown).unwrap();
    assert_eq!(text, r#"{"hp":2,"attack":1,"defense":1,"movement":1}"#);
    assert_eq!(serde_json::from_str::<Growth>(&text).unwrap(), grown);
    assert!(
        serde_json::from_str::<Growth>(r#"{"hp":2,"speed":1}"#).is_err(),
        "unknown fields stay refused"
    );

    let old = r#"{"name":"Kiny","kind":"hero","level":2,"exp":20,"stats":{"hp":30,"attack":10,"defense":4,"range_min":1,"range_max":1},"fallen":false}"#;
    let m: Member = serde_json::from_str(old).unwrap();
    assert_eq!(m.movement, None);
    assert_eq!(serde_json::to_string(&m).unwrap(), old);
    let m = Member { movement: Some(6), ..m };
    let back: Member = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
    assert_eq!(back, m);
}
