//! Properties of the rules core over a few hundred random battles played to the end by the
//! built-in player policy and the enemy profiles: replays, save and restore, undo, and the
//! movement rule, each checked on every event.

mod common;

use common::{build, random_battle};
use proptest::prelude::*;
use skirmish::fixture::profiles;
use skirmish::play::{replay, simulate};
use skirmish::rules::{Battle, Command, Event, Snapshot};
use skirmish::search::grid::Team;

const TURNS: u32 = 20;

/// Everything that a battle's future depends on.
fn state(b: &Battle) -> (Snapshot, skirmish::search::range::Occupancy, Vec<Command>, Option<Team>) {
    (
        b.snapshot(),
        b.occupancy().clone(),
        b.record().to_vec(),
        b.ended().map(|e| e.0),
    )
}

fn events_of(turns: &[simulate::TurnReport]) -> Vec<Event> {
    turns.iter().flat_map(|t| t.events.iter().cloned()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// (a) The scenario plus the player's recorded commands give the identical events.
    #[test]
    fn re_executing_the_recorded_commands_gives_the_same_events(
        (rows, players, enemies) in random_battle(), seed in 0u64..4
    ) {
        let Some(start) = build(&rows, &players, &enemies) else { return Ok(()) };
        let p = profiles("");
        let mut b = start.clone();
        let turns = simulate::play(&mut b, &mut skirmish::ai::Ai::new(p.clone()), skirmish::ai::player::Policy::Simple, TURNS, seed).unwrap();
        let mut again = start.clone();
        let replayed = replay::run(&mut again, &mut skirmish::ai::Ai::new(p.clone()), b.record()).unwrap();
        prop_assert_eq!(events_of(&turns), replayed);
        prop_assert_eq!(state(&again), state(&b));
    }

    /// (b) Save at the start of a random turn, restore on a fresh battle, continue: the rest
    /// of the battle is the same.
    #[test]
    fn save_restore_and_continue_gives_the_same_rest(
        (rows, players, enemies) in random_battle(), seed in 0u64..4, cut in 1u32..8
    ) {
        let Some(start) = build(&rows, &players, &enemies) else { return Ok(()) };
        let p = profiles("");
        let mut whole = start.clone();
        let all = events_of(&simulate::play(&mut whole, &mut skirmish::ai::Ai::new(p.clone()), skirmish::ai::player::Policy::Simple, TURNS, seed).unwrap());
        let mut head = start.clone();
        let first = events_of(&simulate::play(&mut head, &mut skirmish::ai::Ai::new(p.clone()), skirmish::ai::player::Policy::Simple, cut, seed).unwrap());
        let mut resumed = start.clone();
        resumed.execute(Command::Restore(Box::new(head.snapshot()))).unwrap();
        let rest = events_of(&simulate::play(&mut resumed, &mut skirmish::ai::Ai::new(p.clone()), skirmish::ai::player::Policy::Simple, TURNS, seed).unwrap());
        prop_assert_eq!([first, rest].concat(), all);
        prop_assert_eq!(resumed.snapshot(), whole.snapshot());
    }

    /// (c) Undo right after any player action (or a move not yet confirmed) gives back the
    /// exact earlier state.
    #[test]
    fn undo_after_any_action_restores_the_exact_earlier_state(
        (rows, players, enemies) in random_battle(), seed in 0u64..4
    ) {
        let Some(start) = build(&rows, &players, &enemies) else { return Ok(()) };
        let p = profiles("");
        let mut played = start.clone();
        simulate::play(&mut played, &mut skirmish::ai::Ai::new(p.clone()), skirmish::ai::player::Policy::Simple, TURNS, seed).unwrap();
        let mut b = start.clone();
        let mut before_action = state(&b);
        let mut last_move = None;
        for c in played.record() {
            // An attack or wait right after the same unit's move finishes that action.
            let continues = match c {
                Command::Attack { unit, .. } | Command::Wait { unit } => last_move == Some(*unit),
                _ => false,
            };
            if !continues {
                before_action = state(&b);
            }
            last_move = match c {
                Command::Move { unit, .. } => Some(*unit),
                _ => None,
            };
            let before_command = state(&b);
            b.execute(c.clone()).unwrap();
            if !matches!(c, Command::EndPhase { .. }) {
                let mut undone = b.clone();
                undone.execute(Command::Undo).unwrap();
                let want = if matches!(c, Command::Move { .. }) { &before_command } else { &before_action };
                prop_assert_eq!(&state(&undone), want, "undo after {:?}", c);
            }
            replay::finish_enemy_phase(&mut b, &mut skirmish::ai::Ai::new(p.clone())).unwrap();
        }
    }

    /// (d) No event moves a unit through a cell held by the other side, onto a held cell, or
    /// beyond its move; the cost it reports is what the terrain charges.
    #[test]
    fn every_move_is_legal((rows, players, enemies) in random_battle(), seed in 0u64..4) {
        let Some(start) = build(&rows, &players, &enemies) else { return Ok(()) };
        let p = profiles("");
        let mut played = start.clone();
        let turns = simulate::play(&mut played, &mut skirmish::ai::Ai::new(p.clone()), skirmish::ai::player::Policy::Simple, TURNS, seed).unwrap();
        // Each unit's turn is checked on the board as it stood, then carried out again
        // through the rules (apply is the core's own): the same battle results.
        let mut b = start;
        for report in &turns {
            for t in &report.decisions {
                if t.decision.team != b.active() {
                    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
                }
                for e in &t.events {
                    if let Event::Moved { unit, from, to, path, cost } = e {
                        let u = b.unit(*unit);
                        prop_assert_eq!(u.pos(), *from);
                        prop_assert_eq!(path.end(*from), *to);
                        let mut paid = 0;
                        for c in path.replay(*from) {
                            prop_assert_ne!(b.occupancy().at(c), Some(u.team().other()), "{} passed through a foe at {}", u.name(), c);
                            paid += b.layer(u.class()).cost(c).expect("a cell its class can enter");
                        }
                        prop_assert!(to == from || b.occupancy().at(*to).is_none(), "{} ended on a held cell", u.name());
                        prop_assert_eq!(paid, *cost);
                        prop_assert!(*cost <= u.movement(), "{} went beyond its move", u.name());
                    }
                }
                for c in t.decision.commands() {
                    b.execute(c).unwrap();
                }
            }
            if b.ended().is_none() && b.active() == Team::Enemy {
                b.execute(Command::EndPhase { team: Team::Enemy }).unwrap();
            }
        }
        prop_assert_eq!(b.snapshot(), played.snapshot(), "executing the decisions gives the battle");
    }
}
