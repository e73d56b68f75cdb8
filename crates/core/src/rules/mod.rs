//! The battle's rules, as a small core that every front end drives the same way:
//! a [`Command`] goes to [`Battle::execute`], which checks it and returns [`Event`]s;
//! `Battle::apply` (private to the core) is the only code that changes the battle.
//!
//! The files, in the order they build on each other: `unit` (ids, units, snapshots),
//! `command` and `event` (the two vocabularies), `battle` (the state and its questions),
//! `combat` (damage, forecasts), `chance` (hit, critical and their rolls), `objective` (the goals and scripted events), `ending` (when a battle ends, what a trigger fires), `sight` (fog of war: what a side sees), `view` (each side's view of the battle, kept in step), `apply`, `execute`, `describe` (words and JSON), `hash` (the state hash lockstep play compares).

mod apply;
pub mod battle;
pub mod builder;
pub mod caches;
pub mod chance;
pub mod combat;
pub mod command;
mod describe;
mod ending;
pub mod event;
mod execute;
mod hash;
pub mod objective;
pub mod sight;
pub mod unit;
mod view;

pub use battle::Battle;
pub use builder::{BattleBuilder, SetupError};
pub use caches::Caches;
pub use command::{Command, RuleError};
pub use event::{Ending, Event, Roll};
pub use objective::{Goal, Goals, Script};
pub use sight::Sight;
pub use unit::{Snapshot, Unit, UnitId, UnitState};
