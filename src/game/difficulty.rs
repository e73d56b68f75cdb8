//! Difficulty levels as the game needs them: the names a scenario offers, and a level put
//! onto a loaded scenario, both skirmish-data's (`load::difficulty`), named here once so the
//! game's screens have one place to reach them.

pub use crate::load::difficulty::{apply, levels};
