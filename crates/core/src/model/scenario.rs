//! A scenario as the rules see it: a terrain map and the units placed on it.

use crate::model::map::TerrainMap;
use crate::model::terrain::{ClassId, Cost};
use crate::model::units::Stats;
use crate::search::grid::{Pos, Team};

/// Most units one scenario may place.
pub const MAX_UNITS: usize = 10_000;
pub use crate::model::units::MAX_MOVE;

/// One unit as the scenario places it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitSpec {
    /// Unique name within the scenario.
    pub name: String,
    /// Its side.
    pub team: Team,
    /// Starting cell.
    pub at: Pos,
    /// Movement class.
    pub class: ClassId,
    /// Movement points.
    pub movement: Cost,
    /// AI profile name (enemies only).
    pub profile: Option<String>,
    /// Pivot-leash centre; `None` means the start cell.
    pub pivot: Option<Pos>,
    /// Unit kind name.
    pub kind: String,
    /// Sprite name.
    pub sprite: String,
    /// Combat numbers (kind defaults with the scenario's overrides).
    pub stats: Stats,
}

/// A loaded and validated scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// Display name.
    pub name: String,
    /// The scenario file as shown in messages.
    pub path: String,
    /// The map file as shown in messages.
    pub map_path: String,
    /// The terrain.
    pub map: TerrainMap,
    /// Units in file order, which is also the acting order.
    pub units: Vec<UnitSpec>,
    /// A hash of the scenario and map texts: a save refuses to resume on changed files.
    pub fingerprint: u64,
}
