//! Enemy phases of the fog bench's board (`benches/fog.rs`), run a given number of times,
//! for instruction counts where a loaded machine blurs the times:
//!
//! ```text
//! cargo build --release -p skirmish-core --example fog_phase
//! valgrind --tool=callgrind target/release/examples/fog_phase fog_all_seen 256 100 5
//! ```
//!
//! Arguments: `no_fog`, `fog_all_seen` (fog on, every unit seeing the whole map: the same
//! decisions as without fog) or `fog_vision_5`; the map's side; the enemies; the phases.
//! Phases 0 counts the board and the setup alone, to take off.

#[path = "../benches/common/board.rs"]
mod board;
#[path = "../benches/common/mod.rs"]
mod common;
#[path = "../benches/common/fog_board.rs"]
mod fog_board;

use skirmish_core::ai::Ai;
use skirmish_core::model::profiles::Profiles;
use skirmish_core::play::enemy::EnemyPhase;
use skirmish_core::rules::Command;
use skirmish_core::search::grid::Team;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: fog_phase no_fog|fog_all_seen|fog_vision_5 SIDE ENEMIES PHASES";
    let [mode, side, enemies, phases] = args.as_slice() else {
        eprintln!("{usage}");
        std::process::exit(1);
    };
    let number = |s: &str| -> usize {
        s.parse().unwrap_or_else(|_| {
            eprintln!("{usage}: {s:?} is not a number");
            std::process::exit(1)
        })
    };
    let (side, enemies, phases) = (number(side), number(enemies), number(phases));
    let (fog, vision) = match mode.as_str() {
        "no_fog" => (false, 3),
        "fog_all_seen" => (true, 600.max(3 * side as u32)),
        "fog_vision_5" => (true, 5),
        _ => {
            eprintln!("{usage}");
            std::process::exit(1);
        }
    };
    let board = fog_board::board(side, enemies, fog, vision);
    let mut turns = 0;
    for _ in 0..phases {
        let mut b = board.clone();
        b.execute(Command::EndPhase { team: Team::Player })
            .expect("the enemy phase begins");
        let mut ai = Ai::new(Profiles::standard());
        turns += EnemyPhase::run(&mut ai, &mut b).map_or(0, |r| r.turns.len());
    }
    println!("{phases} enemy phases {mode} on {side}² with {enemies} enemies: {turns} turns");
}
