//! The battle's rules, as a small core that every front end drives the same way:
//! a [`command::Command`] goes to [`battle::Battle::execute`], which checks it and returns
//! [`event::Event`]s; `Battle::apply` is the only code that changes the battle.
//! Around the core: combat numbers (forecasts, outcome).

pub mod battle;
pub mod combat;
pub mod command;
pub mod event;

pub use battle::{Battle, Snapshot, Unit, UnitId, UnitState};
pub use command::{Command, RuleError};
pub use event::{Ending, Event};
