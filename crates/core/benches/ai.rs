//! One enemy phase (every enemy decides, moves and attacks in turn) with 10, 100 and 1,000
//! enemies on a 256×256 mixed-terrain map, the five shipped profiles in rotation.
//!
//! `cargo bench --bench ai`. Each iteration starts from a fresh copy of the board with an
//! empty potential-map cache, so the figure includes the travel-cost maps ("cold" turn).
//! Both methods side by side: `nearest` (one search from all player units, the default) and
//! `full_maps` (one potential map per player unit, the first method); and `nearest_chance`,
//! the default method with chance in combat on (the per-blow roll cost, issue 39).
//!
//! `cargo bench --bench ai -- state_hash`: the lockstep state hash (issue 40).

#[path = "common/board.rs"]
mod board;
mod common;

use board::board_on;
use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use skirmish_core::ai::{self, Method};
use skirmish_core::model::scenario::Combat;
use skirmish_core::play::enemy::EnemyPhase;
use skirmish_core::rules::{Battle, Command};
use skirmish_core::search::grid::Team;
use std::hint::black_box;
use std::time::Duration;

fn board(enemies: usize, players: usize) -> Battle {
    board_on(
        256,
        enemies,
        players,
        &["charger", "proximity", "guard", "pivot", "archer"],
        |u| u,
    )
}

fn enemy_phase(c: &mut Criterion) {
    let profiles = skirmish_core::model::profiles::Profiles::standard();
    let mut group = c.benchmark_group("enemy_phase");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(30);
    for players in [1usize, 3] {
        for n in [10usize, 100, 1000] {
            // `nearest_chance`: the same phase with chance in combat on. Every unit has the
            // default odds (hit 100, avoid 0, crit 0), so the decisions and blows are the
            // same and only the rolls (drawn for every blow) and their events are added.
            for (name, method, chance) in [
                ("nearest", Method::Nearest, false),
                ("nearest_chance", Method::Nearest, true),
                ("full_maps", Method::FullMaps, false),
            ] {
                let b = board(n, players).with_combat(Combat {
                    chance,
                    true_hit: false,
                });
                group.throughput(Throughput::Elements(n as u64));
                group.bench_function(
                    BenchmarkId::new(format!("256x256_mixed/{players}_players/{name}"), n),
                    |bench| {
                        bench.iter_batched(
                            || {
                                let mut b = b.clone();
                                b.execute(Command::EndPhase { team: Team::Player })
                                    .expect("the enemy phase begins");
                                // Cold: new caches every time.
                                (b, ai::Ai::new(profiles.clone()).with_method(method))
                            },
                            |(mut b, mut ai)| black_box(EnemyPhase::run(&mut ai, &mut b).map(|r| r.turns.len())),
                            BatchSize::LargeInput,
                        )
                    },
                );
            }
        }
    }
    group.finish();
}

/// Issue 36: one enemy phase of 1,000 chargers on a 256² and on a 1024² map (the same
/// number of enemies, sixteen times the ground): the cost per enemy should not grow much
/// with the map (goal: at most 2× on 1024²).
fn chargers_by_map_size(c: &mut Criterion) {
    let profiles = skirmish_core::model::profiles::Profiles::standard();
    let mut group = c.benchmark_group("enemy_phase_chargers");
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
    for side in [256usize, 1024] {
        let b = board_on(side, 1000, 1, &["charger"], |u| u);
        group.throughput(Throughput::Elements(1000));
        group.bench_function(
            BenchmarkId::new("1000_chargers_1_player", format!("{side}x{side}")),
            |bench| {
                bench.iter_batched(
                    || {
                        let mut b = b.clone();
                        b.execute(Command::EndPhase { team: Team::Player })
                            .expect("the enemy phase begins");
                        (b, ai::Ai::new(profiles.clone()))
                    },
                    |(mut b, mut ai)| black_box(EnemyPhase::run(&mut ai, &mut b).map(|r| r.turns.len())),
                    BatchSize::LargeInput,
                )
            },
        );
    }
    group.finish();
}

/// Issue 40: the state hash lockstep play compares after every command, on a 256² battle
/// with 100 units (goal: at most 50 µs), beside the snapshot a save takes of the same state.
fn state_hash(c: &mut Criterion) {
    let mut group = c.benchmark_group("state_hash");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let b = board(90, 10);
    group.bench_function("256x256_100_units/state_hash", |bench| {
        bench.iter(|| black_box(&b).state_hash())
    });
    group.bench_function("256x256_100_units/snapshot", |bench| {
        bench.iter(|| black_box(&b).snapshot())
    });
    group.finish();
}

criterion_group!(benches, enemy_phase, chargers_by_map_size, state_hash);
criterion_main!(benches);
