//! Balance-run throughput: sample battles (`maps/sample.toml`, careful player) per second
//! through `play::batch::run`, with one thread and with one per core.
//!
//! `cargo bench --bench batch`; each iteration plays 200 battles, so battles per second =
//! 200 / (time per iteration).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use skirmish::ai::player::Policy;
use skirmish::cli::load_scenario;
use skirmish::play::batch::{self, Slice};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

const BATTLES: u64 = 200;

fn battles(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/sample.toml");
    let (scenario, data, _) = load_scenario(&path, None).unwrap_or_else(|e| panic!("{e}"));
    let cells = batch::cells(&[("maps/sample.toml".into(), scenario, data)], &[]).unwrap_or_else(|e| panic!("{e}"));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut group = c.benchmark_group("batch");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(4))
        .sample_size(10)
        .throughput(Throughput::Elements(BATTLES));
    for policy in [Policy::Careful, Policy::Simple] {
        for jobs in [1, cores] {
            group.bench_function(format!("sample_{}/{jobs}_jobs", policy.name()), |b| {
                b.iter(|| {
                    black_box(batch::run(
                        &cells,
                        BATTLES,
                        black_box(1),
                        30,
                        policy,
                        Slice::WHOLE,
                        jobs,
                        None,
                        &|| {},
                    ))
                    .map(|t| t[0].tally.battles)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, battles);
criterion_main!(benches);
