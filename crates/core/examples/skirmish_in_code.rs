//! A battle built in code — no files, no window — played for a few turns: the player's
//! units follow the built-in careful policy, the enemies their profiles, and every event is
//! printed as it happens.
//!
//! ```text
//! cargo run -p skirmish-core --example skirmish_in_code
//! ```

use skirmish_core::ai::player::Policy;
use skirmish_core::model::terrain::Terrain;
use skirmish_core::play::enemy::act;
use skirmish_core::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The shipped terrain: `.` plain, `T` forest, `^` hill, `~` river, `#` wall.
    let terrain = TerrainSet::standard();
    let map = TerrainMap::from_rows(
        &terrain,
        &[
            "..........",
            "..TT...^..",
            "..T..#.^..",
            "~~~=~~#~~~",
            "..........",
            "....TT....",
        ],
    )?;
    let mut battle = BattleBuilder::new(map)
        .terrain(terrain)
        .unit(UnitSpec::player("Kiny", (1, 5)).movement(6))
        .unit(UnitSpec::player("Robin", (2, 5)))
        .unit(UnitSpec::enemy("Brute", (8, 0), "charger"))
        .unit(UnitSpec::enemy("Warden", (4, 1), "guard"))
        .build()?;
    let mut ai = Ai::new(Profiles::standard());

    // Ranges and their paths: every cell Kiny can reach, with the cheapest way there.
    let kiny = battle.find("Kiny").ok_or("no Kiny")?;
    let range = battle.range(ai.caches(), kiny);
    let far = range
        .sorted()
        .into_iter()
        .max_by_key(|c| (c.cost, c.at.y, c.at.x))
        .ok_or("empty range")?;
    println!(
        "Kiny reaches {} cells; the dearest, {}, costs {} by path {}",
        range.cells().len(),
        far.at,
        far.cost,
        range.digits(far.at).unwrap_or_default()
    );

    // A unit is read through its getters; the terrain grows only through a checked method,
    // which refuses a kind drawn with a glyph another kind already has.
    let me = battle.unit(kiny);
    println!("{}: {} hp, {} move, at {}", me.name(), me.hp(), me.movement(), me.pos());
    let swamp = Terrain {
        name: "swamp".into(),
        glyph: 'T',
        cost: vec![Some(3), Some(6), Some(1)],
        defense: 0,
        avoid: 0,
        vision: 0,
        hides: false,
        color: None,
    };
    match TerrainSet::standard().push_kind(swamp) {
        Err(e) => println!("a swamp drawn as T is refused: {e}"),
        Ok(_) => return Err("a second kind drawn as T was taken".into()),
    }

    // Phase changes are events too ("Turn 2 — Player phase"); only the first is not.
    println!("Turn 1 — Player phase");
    while battle.ended().is_none() && battle.turn() <= 6 {
        let ready: Vec<UnitId> = battle.ready(Team::Player).collect();
        for id in ready {
            if battle.ended().is_some() || !battle.unit(id).alive() {
                continue;
            }
            let decision = ai.decide_player(&battle, id, Policy::Careful, 1);
            for e in act(&mut battle, decision)?.events {
                println!("  {}", e.describe(&battle));
            }
        }
        if battle.ended().is_some() {
            break;
        }
        for e in battle.execute(Command::EndPhase { team: Team::Player })? {
            println!("  {}", e.describe(&battle));
        }
        let phase = EnemyPhase::run(&mut ai, &mut battle)?;
        for t in &phase.turns {
            println!(
                "  {} ({}): {}",
                battle.name(t.decision.unit),
                t.decision.profile,
                t.decision.reason.text(&battle)
            );
        }
        for e in phase.events() {
            println!("  {}", e.describe(&battle));
        }
    }
    match battle.ended() {
        Some((winner, why)) => println!("{} wins: {}", winner.name(), why.describe(&battle)),
        None => println!("undecided after {} turns", battle.turn() - 1),
    }
    Ok(())
}
