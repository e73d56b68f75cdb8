//! Files the program writes and reads back: saves, replays, live reload, generated
//! battlefields (from `skirmish-data`), and balance charts.

pub mod chart;
pub mod project;
pub mod tune_write;
pub use skirmish_data::io::{files, generate, progress, reload, replay, save, tiled};
