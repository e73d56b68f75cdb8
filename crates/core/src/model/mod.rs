//! What a battle is made of, as plain values: terrain kinds and movement classes, terrain
//! maps, AI profiles, unit kinds, scenarios and whole data sets.

pub mod data;
pub mod map;
pub mod objective;
pub mod profiles;
pub mod registry;
pub mod scenario;
pub mod terrain;
pub mod units;
