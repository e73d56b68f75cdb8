//! Files the program writes and reads back: saves, replays, campaign progress, live reload, generated battlefields.

pub mod files;
pub mod generate;
pub mod progress;
pub mod reload;
pub mod replay;
pub mod save;
pub mod tiled;
