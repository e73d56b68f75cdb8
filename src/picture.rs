//! ASCII pictures of a range: the map with every destination replaced by its cost.
//! Used by `skirmish range` without `--json` and by tests, so a failing test shows a picture.
//! Every mark means one thing: costs are `0`–`9` then lower-case letters, units are marks
//! no terrain of the data set uses (`A` allies, `X` enemies by default), and each picture
//! printed for people comes with a legend naming the terrain glyphs it shows.

use crate::load::map::TerrainMap;
use crate::load::terrain::TerrainSet;
use crate::search::grid::Pos;
use crate::search::grid::Team;
use crate::search::range::{Occupancy, Reach};

/// One character for a cost: `0`–`9`, then `a`–`z` for 10–35, `*` beyond.
pub fn cost_char(c: u32) -> char {
    match c {
        0..=9 => (b'0' + c as u8) as char,
        10..=35 => (b'a' + (c - 10) as u8) as char,
        _ => '*',
    }
}

/// The marks of the mover's allies and of its enemies in a range picture: `A` and `X`,
/// unless a terrain of `terrain` already uses that glyph (then the next free of `+ & $`
/// and `% ! ?`). Never a digit nor a lower-case letter: those are costs.
pub fn unit_marks(terrain: &TerrainSet) -> (char, char) {
    let free = |candidates: &[char]| {
        candidates
            .iter()
            .copied()
            .find(|c| terrain.by_glyph(*c).is_none())
            .unwrap_or('?')
    };
    (free(&['A', '+', '&', '$']), free(&['X', '%', '!', '?']))
}

/// `. plain, T forest, # wall`: the terrains drawn in the window (cells for which `shown`
/// holds), in the order of `terrain.toml`.
pub fn terrain_legend(
    map: &TerrainMap,
    terrain: &TerrainSet,
    (x0, y0, x1, y1): (i32, i32, i32, i32),
    shown: impl Fn(Pos) -> bool,
) -> String {
    let mut used = std::collections::BTreeSet::new();
    for y in y0..y1 {
        for x in x0..x1 {
            let p = Pos::new(x, y);
            if shown(p) {
                used.insert(map.at(p).0);
            }
        }
    }
    used.into_iter()
        .map(|id| {
            let t = terrain.get(crate::load::terrain::TerrainId(id));
            format!("{} {}", t.glyph, t.name)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Draws rows `y0..y1`, columns `x0..x1`: destinations as their cost, units of the mover's
/// team and of the other team as the two marks of [`unit_marks`], everything else as its
/// terrain glyph.
pub fn draw(
    map: &TerrainMap,
    terrain: &TerrainSet,
    occ: &Occupancy,
    mover: Team,
    reach: &Reach<'_>,
    (x0, y0, x1, y1): (i32, i32, i32, i32),
) -> String {
    let (ally, enemy) = unit_marks(terrain);
    let mut s = String::new();
    for y in y0..y1 {
        for x in x0..x1 {
            let p = Pos::new(x, y);
            let c = match (reach.cost(p), occ.at(p)) {
                (Some(c), _) => cost_char(c),
                (None, Some(t)) if t == mover => ally,
                (None, Some(_)) => enemy,
                (None, None) => terrain.get(map.at(p)).glyph,
            };
            s.push(c);
        }
        s.push('\n');
    }
    s
}

/// The legend of a [`draw`] picture of window `b`.
pub fn legend(
    map: &TerrainMap,
    terrain: &TerrainSet,
    occ: &Occupancy,
    reach: &Reach<'_>,
    b: (i32, i32, i32, i32),
) -> String {
    let (ally, enemy) = unit_marks(terrain);
    let ground = terrain_legend(map, terrain, b, |p| reach.cost(p).is_none() && occ.at(p).is_none());
    format!(
        "legend: 0-9 cost to end there, then a = 10 ... z = 35, * = 36 or more; {ally} = ally, {enemy} = enemy; terrain: {ground}\n"
    )
}

/// The window around every destination with a margin, clipped to the map.
pub fn bounds(map: &TerrainMap, reach: &Reach<'_>, margin: i32) -> (i32, i32, i32, i32) {
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for (p, _) in reach.cells() {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    if x0 > x1 {
        return (0, 0, map.width() as i32, map.height() as i32);
    }
    (
        (x0 - margin).max(0),
        (y0 - margin).max(0),
        (x1 + margin + 1).min(map.width() as i32),
        (y1 + margin + 1).min(map.height() as i32),
    )
}
