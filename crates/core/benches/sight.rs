//! Fog of war's sight: what one side sees on 256² with 100 units of vision 3 to 6 over
//! mixed terrain (forest hides, hills +1), recomputed as after a move (issue 38: at most 50 µs).

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish_core::prelude::*;
use std::hint::black_box;

fn sight_benches(c: &mut Criterion) {
    let t = TerrainSet::standard();
    let mut kinds = t.kinds().to_vec();
    for k in &mut kinds {
        match k.name.as_str() {
            "forest" => k.hides = true,
            "hill" => k.vision = 1,
            _ => {}
        }
    }
    let t = TerrainSet::new(kinds, t.classes().to_vec()).unwrap();
    let side = 256usize;
    let glyphs = ['.', '.', '.', 'T', 'T', '^'];
    let mut seed = 12345u64;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let rows: Vec<String> = (0..side)
        .map(|_| (0..side).map(|_| glyphs[next() % glyphs.len()]).collect())
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut b = BattleBuilder::new(TerrainMap::from_rows(&t, &rows).unwrap())
        .terrain(t)
        .fog(true);
    let mut taken = std::collections::HashSet::from([(0, 0)]);
    let mut k = 0;
    while k < 100 {
        let at = ((next() % side) as i32, (next() % side) as i32);
        if taken.insert(at) {
            b = b.unit(UnitSpec::player(format!("P{k}"), at).vision(3 + (k % 4) as u32));
            k += 1;
        }
    }
    let battle = b.unit(UnitSpec::enemy("E", (0, 0), "charger")).build().unwrap();
    // Worked out from the board each time: a fresh copy (nothing asked yet) per iteration,
    // as after a move (a battle keeps its sight only until it changes).
    c.bench_function("sight/256x256_100_units", |bench| {
        bench.iter_batched_ref(
            || battle.clone(),
            |b| black_box(b.sight(Team::Player).len()),
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, sight_benches);
criterion_main!(benches);
