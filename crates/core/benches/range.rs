//! Range search and potential map against the `pathfinding` crate, in one run; the nearest
//! map beside the potential map.
//!
//! `cargo bench --bench range` — per case, `ours` is this crate's search with paths recorded
//! (digit strings are not built), `pathfinding` is `dijkstra_reach` with the same cost
//! cutoff over the same flat cost array. Throughput is reachable cells per second.
//!
//! The `scale` group (issue 36) runs on a 1024×1024 mixed map: the search's cost per cell at
//! about a thousand and about a million reachable cells, and the owned `Battle::range` (the
//! path record kept as a tree) against `Battle::with_reach` (the search only) on the same unit;
//! and a whole 4096×4096 map searched (16 million cells).
//!
//! The `zones` group (issue 37): the search with zones of control against the same search
//! without, on the same boards.

mod common;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pathfinding::prelude::{dijkstra_all, dijkstra_reach};
use skirmish_core::model::map::{CostLayer, TerrainMap};
use skirmish_core::model::terrain::{ClassId, TerrainId};
use skirmish_core::rules::{Battle, Caches, Unit};
use skirmish_core::search::grid::Pos;
use skirmish_core::search::grid::Team;
use skirmish_core::search::nearest::NearestMap;
use skirmish_core::search::potential::{PotentialMap, UNREACHABLE};
use skirmish_core::search::range::{Occupancy, RangeFinder, RangeQuery};
use std::hint::black_box;
use std::time::Duration;

fn setup(side: usize, mixed: bool) -> (CostLayer, Occupancy, Pos) {
    let terrain = common::terrain();
    let mut map = if mixed {
        common::mixed_map(side, 42)
    } else {
        TerrainMap::filled(side, side, TerrainId(0))
    };
    let c = (side / 2) as i32;
    let origin = Pos::new(c, c);
    map.set(origin, TerrainId(0));
    let layer = map.cost_layer(&terrain, ClassId(0));
    let mut occ = Occupancy::new(map.layout());
    occ.place(origin, Team::Player);
    // A few enemies nearby, and an ally to pass through.
    for (dx, dy) in [(3, 1), (-2, 4), (5, -5), (-6, -2)] {
        let p = Pos::new(c + dx, c + dy);
        if map.contains(p) {
            occ.place(p, Team::Enemy);
        }
    }
    occ.place(Pos::new(c + 1, c), Team::Player);
    (layer, occ, origin)
}

fn reference_reach(layer: &CostLayer, occ: &Occupancy, origin: usize, budget: u32) -> usize {
    let stride = layer.layout().stride();
    let costs = &layer.costs();
    let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
    dijkstra_reach(&origin, |&i| {
        offsets.iter().filter_map(move |&o| {
            let n = i.wrapping_add(o);
            let c = costs[n];
            (c != 0 && occ.at_index(n) != Some(Team::Enemy)).then_some((n, c as u32))
        })
    })
    .take_while(|item| item.total_cost <= budget)
    .count()
}

fn range_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("range");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for side in [32usize, 256] {
        for mixed in [false, true] {
            let (layer, occ, origin) = setup(side, mixed);
            let mut finder = RangeFinder::new(layer.layout());
            for budget in [7u32, 15, 30] {
                let q = RangeQuery {
                    origin,
                    budget,
                    team: Team::Player,
                    leash: None,
                };
                let cells = finder.search(&layer, &occ, q).len();
                let name = format!("{side}x{side}/{}/move{budget}", if mixed { "mixed" } else { "plains" });
                group.throughput(Throughput::Elements(cells as u64));
                group.bench_function(BenchmarkId::new("ours", &name), |b| {
                    b.iter(|| black_box(finder.search(&layer, &occ, black_box(q)).len()))
                });
                let o = layer.layout().index(origin);
                group.bench_function(BenchmarkId::new("pathfinding", &name), |b| {
                    b.iter(|| black_box(reference_reach(&layer, &occ, black_box(o), budget)))
                });
            }
        }
    }
    group.finish();
}

fn potential_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("potential");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    let (layer, _, target) = setup(256, true);
    group.bench_function("ours/256x256/mixed", |b| {
        b.iter(|| black_box(PotentialMap::compute(&layer, black_box(target))))
    });
    // The nearest map from one and from three targets, asked for the farthest cell so the
    // whole map is searched: against the potential map above, the price of the target bits.
    for k in [1i32, 3] {
        let targets: Vec<Pos> = (0..k).map(|j| Pos::new(target.x + 2 * j, target.y)).collect();
        let whole = NearestMap::compute(&layer, &targets);
        let far = (0..256)
            .flat_map(|y| (0..256).map(move |x| Pos::new(x, y)))
            .max_by_key(|&p| match whole.nearest(p).0 {
                UNREACHABLE => 0,
                d => d,
            })
            .unwrap();
        group.bench_function(format!("nearest_{k}_targets/256x256/mixed"), |b| {
            b.iter(|| black_box(NearestMap::compute(&layer, &targets).nearest(black_box(far))))
        });
    }
    let stride = layer.layout().stride();
    let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
    let costs = &layer.costs();
    group.bench_function("pathfinding_dijkstra_all/256x256/mixed", |b| {
        b.iter(|| {
            let t = layer.layout().index(target);
            black_box(dijkstra_all(&t, |&i| {
                let enter = costs[i] as u32;
                offsets
                    .iter()
                    .map(move |&o| i.wrapping_add(o))
                    .filter(move |&n| costs[n] != 0)
                    .map(move |n| (n, enter))
                    .collect::<Vec<_>>()
            }))
            .len()
        })
    });
    group.finish();
}

fn scale_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("scale");
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
    let (layer, occ, origin) = setup(1024, true);
    let mut finder = RangeFinder::new(layer.layout());
    // About a thousand cells, then the whole map (a million).
    for budget in [30u32, 1000] {
        let q = RangeQuery {
            origin,
            budget,
            team: Team::Player,
            leash: None,
        };
        let cells = finder.search(&layer, &occ, q).len();
        group.throughput(Throughput::Elements(cells as u64));
        group.bench_function(
            BenchmarkId::new("search", format!("1024x1024/mixed/move{budget}")),
            |b| b.iter(|| black_box(finder.search(&layer, &occ, black_box(q)).len())),
        );
    }
    // The largest map a loader accepts, searched whole (a budget no loaded unit has).
    let (big_layer, big_occ, big_origin) = setup(4096, true);
    let mut big_finder = RangeFinder::new(big_layer.layout());
    let q = RangeQuery {
        origin: big_origin,
        budget: 100_000,
        team: Team::Player,
        leash: None,
    };
    let cells = big_finder.search(&big_layer, &big_occ, q).len();
    group.throughput(Throughput::Elements(cells as u64));
    group.bench_function("search/4096x4096/mixed/whole", |b| {
        b.iter(|| black_box(big_finder.search(&big_layer, &big_occ, black_box(q)).len()))
    });
    drop((big_finder, big_layer, big_occ));
    // The same board as a battle: the mover, the ally beside it and the four enemies.
    let terrain = common::terrain();
    let mut map = common::mixed_map(1024, 42);
    map.set(origin, TerrainId(0));
    let mut units = vec![Unit::new("Mover", Team::Player, origin, ClassId(0), 1000)];
    units.push(Unit::new(
        "Ally",
        Team::Player,
        Pos::new(origin.x + 1, origin.y),
        ClassId(0),
        6,
    ));
    for (k, (dx, dy)) in [(3, 1), (-2, 4), (5, -5), (-6, -2)].into_iter().enumerate() {
        let p = Pos::new(origin.x + dx, origin.y + dy);
        units.push(Unit::new(format!("Enemy{k}"), Team::Enemy, p, ClassId(0), 6).with_profile(Some("charger")));
    }
    let battle = Battle::from_parts(map, terrain, units).expect("a valid battle");
    let mover = battle.find("Mover").expect("the mover");
    let mut caches = Caches::new();
    let cells = battle.range(&mut caches, mover).len();
    group.throughput(Throughput::Elements(cells as u64));
    group.bench_function("battle_range/1024x1024/mixed/move1000", |b| {
        b.iter(|| black_box(battle.range(&mut caches, black_box(mover)).len()))
    });
    group.bench_function("with_reach/1024x1024/mixed/move1000", |b| {
        b.iter(|| black_box(battle.with_reach(&mut caches, black_box(mover), None, |r| r.len())))
    });
    group.finish();
}

/// Zones of control (issue 37): per case, `without` is the board of `setup`, `far` the same
/// board with a zone held by an enemy in a far corner (the search that looks at zones runs,
/// the cells reached are the same: its whole overhead), `near` the nearby enemies holding
/// zones (fewer cells reached: throughput is per reached cell).
fn zone_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("zones");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (side, budget) in [(32usize, 7u32), (256, 15), (256, 30)] {
        let (layer, occ, origin) = setup(side, true);
        let mut far = occ.clone();
        far.place(Pos::new(0, 0), Team::Enemy);
        far.hold(Pos::new(0, 0), Team::Enemy);
        let mut near = occ.clone();
        let c = (side / 2) as i32;
        for (dx, dy) in [(3, 1), (-2, 4), (5, -5), (-6, -2)] {
            near.hold(Pos::new(c + dx, c + dy), Team::Enemy);
        }
        let mut finder = RangeFinder::new(layer.layout());
        let q = RangeQuery {
            origin,
            budget,
            team: Team::Player,
            leash: None,
        };
        let name = format!("{side}x{side}/mixed/move{budget}");
        for (label, board) in [("without", &occ), ("far", &far), ("near", &near)] {
            let cells = finder.search(&layer, board, q).len();
            group.throughput(Throughput::Elements(cells as u64));
            group.bench_function(BenchmarkId::new(label, &name), |b| {
                b.iter(|| black_box(finder.search(&layer, board, black_box(q)).len()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, range_benches, potential_benches, scale_benches, zone_benches);
criterion_main!(benches);
