//! Boards shared by the benches, built in code: the shipped terrain (river defense 0, as in
//! the test fixture the figures were first measured with) and the "mixed" maps.

use skirmish_core::model::map::TerrainMap;
use skirmish_core::model::terrain::TerrainSet;
use skirmish_core::rng::Rng;

/// The terrain of the benches.
pub fn terrain() -> TerrainSet {
    let t = TerrainSet::standard();
    let mut kinds = t.kinds().to_vec();
    for k in &mut kinds {
        if k.name == "river" {
            k.defense = 0;
        }
    }
    TerrainSet::new(kinds, t.classes().to_vec()).expect("the shipped terrain with a river of defense 0")
}

/// A `side` × `side` map randomly mixed from `seed`: 60% plain, 20% forest, 10% hill,
/// 5% river, 3% mountain, 2% wall (the same draws as the test fixture's `mixed_map`).
pub fn mixed_map(side: usize, seed: u64) -> TerrainMap {
    let terrain = terrain();
    let id = |g: char| terrain.by_glyph(g).expect("a shipped glyph");
    let mut rng = Rng::new(seed);
    let cells = (0..side * side)
        .map(|_| {
            id(match rng.next_u64() % 100 {
                0..=59 => '.',
                60..=79 => 'T',
                80..=89 => '^',
                90..=94 => '~',
                95..=97 => 'M',
                _ => '#',
            })
        })
        .collect();
    TerrainMap::new(side, side, cells).expect("a bench map fits")
}
