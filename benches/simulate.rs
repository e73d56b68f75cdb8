//! Whole headless battles on the default scenario (`maps/sample.toml`), combat included.
//!
//! `cargo bench --bench simulate`; multiply the time per battle by 100 for the
//! "100 battles" figure in the README.

use criterion::{Criterion, criterion_group, criterion_main};
use skirmish::cli::load_scenario;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

fn battles(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/sample.toml");
    let (scenario, data, _) = load_scenario(&path, None).unwrap_or_else(|e| panic!("{e}"));
    let mut group = c.benchmark_group("simulate");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("sample_battle_to_the_end", |b| {
        b.iter(|| black_box(skirmish::play::simulate::run(&scenario, &data, 100, black_box(1)).map(|r| r.result())))
    });
    group.finish();
}

criterion_group!(benches, battles);
criterion_main!(benches);
