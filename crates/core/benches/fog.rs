//! Fog of war's cost in the enemy phase (issue 38: at most 1.3× the same phase without):
//! 10 enemies on 64×64 and 100 on 256×256 of the five shipped profiles, 3 player units, the
//! same board with fog off and with fog on where every unit sees the whole map (vision 600),
//! so that both phases decide exactly alike and the difference is the fog's own work (each
//! side's view kept in step, sight after every move); and, for scale, fog with
//! vision 5, where most enemies see nobody (they decide differently, and less).
//!
//! `cargo bench -p skirmish-core --bench fog`; instruction counts of the same phases:
//! `examples/fog_phase.rs`.

#[path = "common/board.rs"]
mod board;
mod common;
#[path = "common/fog_board.rs"]
mod fog_board;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use skirmish_core::ai::Ai;
use skirmish_core::play::enemy::EnemyPhase;
use skirmish_core::rules::Command;
use skirmish_core::search::grid::Team;
use std::hint::black_box;
use std::time::Duration;

fn fog_phase(c: &mut Criterion) {
    let profiles = skirmish_core::model::profiles::Profiles::standard();
    let mut group = c.benchmark_group("enemy_phase_fog");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(4))
        .sample_size(20);
    for (name, side, enemies, fog, vision) in [
        ("64x64_10_enemies/no_fog", 64, 10, false, 3),
        ("64x64_10_enemies/fog_all_seen", 64, 10, true, 200),
        ("64x64_10_enemies/fog_vision_5", 64, 10, true, 5),
        ("256x256_100_enemies/no_fog", 256, 100, false, 3),
        ("256x256_100_enemies/fog_all_seen", 256, 100, true, 600),
        ("256x256_100_enemies/fog_vision_5", 256, 100, true, 5),
    ] {
        let b = fog_board::board(side, enemies, fog, vision);
        group.bench_function(name, |bench| {
            bench.iter_batched(
                || {
                    let mut b = b.clone();
                    b.execute(Command::EndPhase { team: Team::Player })
                        .expect("the enemy phase begins");
                    (b, Ai::new(profiles.clone()))
                },
                |(mut b, mut ai)| black_box(EnemyPhase::run(&mut ai, &mut b).map(|r| r.turns.len())),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, fog_phase);
criterion_main!(benches);
