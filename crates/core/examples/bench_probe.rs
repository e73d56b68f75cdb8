//! Two of the criterion benches' workloads run a given number of times, for instruction
//! counts (callgrind) where a loaded machine blurs the times, and to compare commits:
//!
//! ```text
//! cargo build --release -p skirmish-core --example bench_probe
//! valgrind --tool=callgrind target/release/examples/bench_probe nearest 3 20
//! valgrind --tool=callgrind target/release/examples/bench_probe chargers 1024 2
//! ```
//!
//! `nearest K N`: `range`'s `potential/nearest_K_targets/256x256/mixed`, N maps computed
//! afresh and each asked for the farthest cell. `chargers SIDE N`: `ai`'s
//! `enemy_phase_chargers/1000_chargers_1_player/SIDExSIDE`, N cold enemy phases.
//! `mixed PLAYERS N [ENEMIES]`: `ai`'s `enemy_phase/256x256_mixed/PLAYERS_players/nearest/ENEMIES`
//! (1000 unless given).
//! N = 0 counts the board and the setup alone, to take off.

#[path = "../benches/common/board.rs"]
mod board;
#[path = "../benches/common/mod.rs"]
mod common;

use skirmish_core::ai::Ai;
use skirmish_core::model::profiles::Profiles;
use skirmish_core::model::terrain::ClassId;
use skirmish_core::play::enemy::EnemyPhase;
use skirmish_core::rules::Command;
use skirmish_core::search::grid::{Pos, Team};
use skirmish_core::search::nearest::NearestMap;
use skirmish_core::search::potential::UNREACHABLE;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: bench_probe nearest TARGETS N | chargers SIDE N | mixed PLAYERS N [ENEMIES]";
    let (mode, a, n, enemies) = match args.as_slice() {
        [mode, a, n] => (mode, a, n, "1000"),
        [mode, a, n, e] if mode == "mixed" => (mode, a, n, e.as_str()),
        _ => {
            eprintln!("{usage}");
            std::process::exit(1);
        }
    };
    let number = |s: &str| -> usize {
        s.parse().unwrap_or_else(|_| {
            eprintln!("{usage}: {s:?} is not a number");
            std::process::exit(1)
        })
    };
    let (a, n, enemies) = (number(a), number(n), number(enemies));
    match mode.as_str() {
        "nearest" => nearest(a, n),
        "chargers" => phases(a, 1, 1000, &["charger"], n),
        "mixed" => phases(
            256,
            a,
            enemies,
            &["charger", "proximity", "guard", "pivot", "archer"],
            n,
        ),
        _ => {
            eprintln!("{usage}");
            std::process::exit(1);
        }
    }
}

/// The `potential` group's board: 256² mixed (seed 42), the targets from the middle.
fn nearest(k: usize, n: usize) {
    let terrain = common::terrain();
    let mut map = common::mixed_map(256, 42);
    let target = Pos::new(128, 128);
    map.set(target, skirmish_core::model::terrain::TerrainId(0));
    let layer = map.cost_layer(&terrain, ClassId(0));
    let targets: Vec<Pos> = (0..k as i32).map(|j| Pos::new(target.x + 2 * j, target.y)).collect();
    let whole = NearestMap::compute(&layer, &targets);
    let far = (0..256)
        .flat_map(|y| (0..256).map(move |x| Pos::new(x, y)))
        .max_by_key(|&p| match whole.nearest(p).0 {
            UNREACHABLE => 0,
            d => d,
        })
        .unwrap();
    let mut sum = 0u64;
    for _ in 0..n {
        sum += u64::from(black_box(NearestMap::compute(&layer, &targets).nearest(black_box(far))).0);
    }
    println!("{n} nearest maps of {k} targets on 256²: {sum}");
}

/// The `ai` benches' boards: `side`² mixed (seed 7), `players` player units near the
/// middle, `enemies` enemies anywhere with `profiles` in turn.
fn phases(side: usize, players: usize, enemies: usize, profiles: &[&str], n: usize) {
    let board = board::board_on(side, enemies, players, profiles, |u| u);
    let mut turns = 0;
    for _ in 0..n {
        let mut b = board.clone();
        b.execute(Command::EndPhase { team: Team::Player })
            .expect("the enemy phase begins");
        let mut ai = Ai::new(Profiles::standard());
        turns += EnemyPhase::run(&mut ai, &mut b).map_or(0, |r| r.turns.len());
    }
    println!("{n} enemy phases of {enemies} enemies ({profiles:?}) and {players} players on {side}²: {turns} turns");
}
