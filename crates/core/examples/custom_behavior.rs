//! A game's own enemy behaviour, registered by name and played in the terminal: a "hunter"
//! ignores the nearest player unit and goes for the weakest one in sight, striking it when
//! it can. Written only against the engine's public trait, [`AiBehavior`]; a profile names
//! it like a built-in (`behavior = "hunter"` with `sight = 12` in a `profiles.toml`).
//!
//! ```text
//! cargo run -p skirmish-core --example custom_behavior
//! ```

use skirmish_core::ai::player::Policy;
use skirmish_core::ai::registry::{Key, Registry};
use skirmish_core::ai::{AiBehavior, Decision, Reason, Why};
use skirmish_core::model::profiles::{Param, Params, Profile};
use skirmish_core::play::enemy::act;
use skirmish_core::prelude::*;

/// Goes for the player unit with the fewest hit points within `sight`: strikes it from the
/// cheapest cell it can strike from, else ends on the cell nearest it by travel cost.
struct Hunter {
    sight: u32,
}

impl AiBehavior for Hunter {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        let me = b.unit(id);
        let prey = b.living(me.team().other()).min_by_key(|&p| (b.unit(p).hp(), p.0));
        let Some(prey) = prey.filter(|&p| me.pos().manhattan(b.unit(p).pos()) <= self.sight) else {
            return Decision::stay(b, id, label, Why::Said("nobody weak in sight: stays".into()));
        };
        let at = b.unit(prey).pos();
        // Rank every cell it can end on: striking first, then travel cost to the prey, walk.
        let cells: Vec<(Pos, Cost)> = b.with_reach(c, id, None, |r| r.cells().collect());
        let mut best = (me.pos(), (true, Cost::MAX, 0));
        for (p, walk) in cells {
            let key = (
                !me.stats().reaches(p.manhattan(at)),
                b.travel(c, at, me.class(), p).unwrap_or(Cost::MAX),
                walk,
            );
            if key < best.1 {
                best = (p, key);
            }
        }
        let words = format!(
            "hunts {}, the weakest in sight ({} hp)",
            b.name(prey),
            b.unit(prey).hp()
        );
        let mut d = Decision::walk(b, c, id, best.0, label, Reason::just(Why::Said(words)));
        d.target = Some(prey);
        d.attack = me.stats().reaches(d.to.manhattan(at)).then_some(prey);
        d
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Once, at start-up: the game's registry, the standard behaviours plus its own. Handed
    // to the loaders (`skirmish_data::load::data::load(dir, &registry)`), it makes
    // `behavior = "hunter"` (with `sight` a distance 0 to 30) load.
    let mut registry = Registry::standard();
    registry.register("hunter", &[Key::distance("sight", 0, 30)], |p: &Params| Hunter {
        sight: p.int("sight"),
    })?;

    // Without files, a profile is made as the loader would make it from its table.
    let mut profiles = Profiles::standard();
    let mut numbers = Params::default();
    numbers.set("sight", Param::Int(12));
    let hunter = registry.get("hunter").ok_or("not registered")?.try_build(&numbers)?;
    profiles.insert(Profile {
        name: "hunter".into(),
        behavior: hunter,
    });

    let terrain = TerrainSet::standard();
    let map = TerrainMap::from_rows(
        &terrain,
        &["............", "...TT.......", "............", "............"],
    )?;
    let mut battle = BattleBuilder::new(map)
        .terrain(terrain)
        .unit(UnitSpec::player("Kiny", (1, 1)))
        .unit(UnitSpec::player("Robin", (1, 3)).hurt(7))
        .unit(UnitSpec::enemy("Stalker", (11, 0), "hunter"))
        .unit(UnitSpec::enemy("Brute", (11, 3), "charger"))
        .build()?;
    let mut ai = Ai::new(profiles);

    println!("Turn 1 — Player phase");
    while battle.ended().is_none() && battle.turn() <= 8 {
        let ready: Vec<UnitId> = battle.ready(Team::Player).collect();
        for id in ready {
            if battle.ended().is_none() && battle.unit(id).alive() {
                let d = ai.decide_player(&battle, id, Policy::Careful, 1);
                for e in act(&mut battle, d)?.events {
                    println!("  {}", e.describe(&battle));
                }
            }
        }
        if battle.ended().is_some() {
            break;
        }
        battle.execute(Command::EndPhase { team: Team::Player })?;
        let phase = EnemyPhase::run(&mut ai, &mut battle)?;
        for t in &phase.turns {
            let d = &t.decision;
            println!("  {} ({}): {}", battle.name(d.unit), d.profile, d.reason.text(&battle));
            for e in &t.events {
                println!("    {}", e.describe(&battle));
            }
        }
        for e in &phase.end {
            println!("  {}", e.describe(&battle));
        }
    }
    match battle.ended() {
        Some((winner, why)) => println!("{} wins: {}", winner.name(), why.describe(&battle)),
        None => println!("undecided after {} turns", battle.turn() - 1),
    }
    Ok(())
}
