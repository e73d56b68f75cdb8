//! Loading what level designers edit: terrain, unit kinds, AI profiles, maps and scenarios,
//! every error located as `file:line:col`.

pub mod campaign;
pub mod data;
pub mod diag;
pub mod difficulty;
pub mod expect;
pub mod map;
pub mod names;
pub mod objective;
pub mod profiles;
pub mod scenario;
pub mod set;
pub mod suggest;
pub mod terrain;
pub mod tiled;
pub mod units;
pub mod warn;
pub mod weapons;
