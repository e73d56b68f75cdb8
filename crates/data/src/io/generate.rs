//! `skirmish generate`: a new scenario from a seed. The map is carved by the digging method
//! (dig two cells at a time from an already-dug cell, never breaking into another corridor),
//! opened up into a battlefield, and enemies are placed by the potential method so that none
//! starts closer to the player than a minimum travel cost.

use crate::load::map::TerrainMap;
use crate::load::terrain::{ClassId, TerrainSet};
use skirmish_core::rng::Rng;
use skirmish_core::search::grid::{Dir, Pos};
use skirmish_core::search::potential::PotentialMap;

/// Smallest side accepted.
pub const MIN_SIDE: usize = 15;
/// Largest side accepted.
pub const MAX_SIDE: usize = 256;
/// No enemy starts closer than this travel cost (foot) to the hero.
pub const MIN_ENEMY_TRAVEL: u32 = 14;

/// A generated scenario: the map text and the scenario TOML that refers to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// Contents of the `.txt` map.
    pub map_text: String,
    /// Contents of the `.toml` scenario.
    pub scenario_text: String,
    /// The carved map.
    pub map: TerrainMap,
    /// Where the hero starts.
    pub hero: Pos,
    /// Where the enemies start, with their profile names.
    pub enemies: Vec<(Pos, &'static str)>,
}

/// Why generation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateError(pub String);

/// Carves a `width` × `height` map from `seed` and places units; `map_file` is the name the
/// scenario uses for its map (relative to the scenario file).
pub fn generate(
    terrain: &TerrainSet,
    seed: u64,
    width: usize,
    height: usize,
    map_file: &str,
) -> Result<Generated, GenerateError> {
    if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
        return Err(GenerateError(format!(
            "size {width}x{height} is out of range: each side must be {MIN_SIDE}..={MAX_SIDE}"
        )));
    }
    let need = |g: char| {
        terrain.by_glyph(g).ok_or_else(|| {
            GenerateError(format!(
                "terrain.toml has no terrain with glyph '{g}' (the generator uses . T ^ ~ #)"
            ))
        })
    };
    let (plain, forest, hill, river, wall) = (need('.')?, need('T')?, need('^')?, need('~')?, need('#')?);
    let mut rng = Rng::new(seed);
    let mut map = TerrainMap::filled(width, height, wall);
    // Digging on the odd lattice: cells (odd, odd) are rooms, the cell between two is a door.
    let start = Pos::new(
        1 + 2 * rng.below((width - 1) / 2) as i32,
        1 + 2 * rng.below((height - 1) / 2) as i32,
    );
    map.set(start, plain);
    let mut dug = vec![start];
    while !dug.is_empty() {
        let k = rng.below(dug.len());
        let from = dug[k];
        let mut dirs = Dir::ALL.to_vec();
        // Shuffle the four directions (Fisher–Yates).
        for i in (1..4).rev() {
            dirs.swap(i, rng.below(i + 1));
        }
        let mut moved = false;
        for d in dirs {
            let mid = from.step(d);
            let to = mid.step(d);
            let inside = to.x >= 1 && to.y >= 1 && (to.x as usize) < width - 1 && (to.y as usize) < height - 1;
            if inside && map.at(to) == wall {
                map.set(mid, plain);
                map.set(to, plain);
                dug.push(to);
                moved = true;
                break;
            }
        }
        if !moved {
            dug.swap_remove(k);
        }
    }
    // A maze is no battlefield: knock down most inner walls, keep some as cover, then
    // sprinkle terrain in clumps.
    for y in 1..height - 1 {
        for x in 1..width - 1 {
            let p = Pos::new(x as i32, y as i32);
            if map.at(p) == wall && rng.chance(60) {
                map.set(p, plain);
            }
        }
    }
    for _ in 0..(width * height / 60).max(3) {
        let c = Pos::new(1 + rng.below(width - 2) as i32, 1 + rng.below(height - 2) as i32);
        let t = match rng.below(10) {
            0..=5 => forest,
            6..=8 => hill,
            _ => river,
        };
        let r = 1 + rng.below(2) as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                let p = Pos::new(c.x + dx, c.y + dy);
                if map.contains(p) && map.at(p) == plain && dx.abs() + dy.abs() <= r && rng.chance(70) {
                    map.set(p, t);
                }
            }
        }
    }
    // The hero starts on plain ground in the left third; its companions around it.
    let foot = ClassId(0);
    let layer = map.cost_layer(terrain, foot);
    let candidates: Vec<Pos> = (1..height as i32 - 1)
        .flat_map(|y| (1..(width as i32 / 3).max(2)).map(move |x| Pos::new(x, y)))
        .filter(|&p| map.at(p) == plain)
        .collect();
    if candidates.is_empty() {
        return Err(GenerateError("no open ground for the player's start".into()));
    }
    let hero = candidates[rng.below(candidates.len())];
    let pot = PotentialMap::compute(&layer, hero);
    // Fair starts: every cell at a travel cost of at least the minimum is a candidate
    // for an enemy (the potential method).
    let mut far: Vec<Pos> = (0..height as i32)
        .flat_map(|y| (0..width as i32).map(move |x| Pos::new(x, y)))
        .filter(|&p| map.at(p) == plain && pot.get(p).is_some_and(|c| c >= MIN_ENEMY_TRAVEL))
        .collect();
    let mut friends: Vec<Pos> = Vec::new();
    // The nearest open cells first: beside the hero, then two steps away.
    let around = [
        (-1, 0),
        (0, -1),
        (0, 1),
        (1, 0),
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
        (-2, 0),
        (0, -2),
        (0, 2),
        (2, 0),
    ];
    for (dx, dy) in around {
        let p = Pos::new(hero.x + dx, hero.y + dy);
        if friends.len() < 3 && map.contains(p) && map.at(p) == plain && pot.get(p).is_some() {
            friends.push(p);
        }
    }
    let profiles = ["charger", "proximity", "guard", "pivot", "archer"];
    let kinds = ["brute", "soldier", "guard", "mage", "archer"];
    let count = (width * height / 240).clamp(4, 40).min(far.len());
    let mut enemies = Vec::new();
    for k in 0..count {
        let p = far.swap_remove(rng.below(far.len()));
        enemies.push((p, profiles[k % profiles.len()]));
    }
    enemies.sort_by_key(|(p, _)| (pot.get(*p), p.y, p.x));
    if enemies.is_empty() {
        return Err(GenerateError(format!(
            "no cell is at least {MIN_ENEMY_TRAVEL} travel from the player's start: try a larger size"
        )));
    }
    let map_text = map.to_text(terrain);
    let mut s = format!(
        "# Generated by `skirmish generate --seed {seed} --size {width}x{height}`.\n\
         # Map carved by the digging method; enemies placed by the potential method,\n\
         # none closer than travel cost {MIN_ENEMY_TRAVEL} to the hero.\n\
         name = \"Generated {seed}\"\nmap = \"{map_file}\"\n"
    );
    let unit = |s: &mut String, name: &str, team: &str, kind: &str, p: Pos, profile: Option<&str>| {
        s.push_str(&format!(
            "\n[[units]]\nname = \"{name}\"\nteam = \"{team}\"\nkind = \"{kind}\"\nat = [{}, {}]\n",
            p.x, p.y
        ));
        if let Some(pr) = profile {
            s.push_str(&format!("profile = \"{pr}\"\n"));
        }
    };
    unit(&mut s, "Kiny", "player", "hero", hero, None);
    for (p, (name, kind)) in friends
        .iter()
        .zip([("Lance", "knight"), ("Wing", "flier"), ("Robin", "bowman")])
    {
        unit(&mut s, name, "player", kind, *p, None);
    }
    for (k, (p, profile)) in enemies.iter().enumerate() {
        let kind = kinds[profiles.iter().position(|x| x == profile).unwrap_or(0)];
        unit(&mut s, &format!("Foe {}", k + 1), "enemy", kind, *p, Some(profile));
    }
    Ok(Generated {
        map_text,
        scenario_text: s,
        map,
        hero,
        enemies,
    })
}
