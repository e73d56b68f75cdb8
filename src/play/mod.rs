//! Drivers that play battles through the rules core: the phase machine, whole headless
//! battles and replays (from `skirmish-core`), AI expectation runs, balance runs and
//! headless campaigns.

pub mod aitest;
pub mod batch;
pub mod campaign;
pub mod tune;
pub use skirmish_core::play::{enemy, phase, replay, simulate};
