//! The names a game built on the engine uses most: `use skirmish_core::prelude::*;`.

pub use crate::ai::{Ai, Decision, Explanation, Method};
pub use crate::model::data::DataSet;
pub use crate::model::map::TerrainMap;
pub use crate::model::objective::{Objective, ScriptEvent, Trigger, Win};
pub use crate::model::profiles::{Behavior, Profile, Profiles};
pub use crate::model::scenario::{Scenario, UnitSpec};
pub use crate::model::terrain::{ClassId, Cost, TerrainId, TerrainSet};
pub use crate::model::units::Stats;
pub use crate::play::enemy::{EnemyPhase, PhaseReport, Turn};
pub use crate::rules::{Battle, BattleBuilder, Caches, Command, Ending, Event, RuleError, SetupError, UnitId};
// `Path` is `Steps` here: a game also names `std::path::Path`, which the loaders take.
pub use crate::search::grid::{Dir, Path as Steps, Pos, Team};
pub use crate::search::range::{Range, RangeFinder, RangeQuery, Reach};
