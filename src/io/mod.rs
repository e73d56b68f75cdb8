//! Files the program writes and reads back: saves, live reload, generated battlefields.

pub mod generate;
pub mod reload;
pub mod save;
