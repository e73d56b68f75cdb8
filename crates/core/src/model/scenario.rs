//! A scenario as the rules see it: a terrain map and the units placed on it.

use crate::model::map::TerrainMap;
use crate::model::objective::{Objective, ScriptEvent};
use crate::model::terrain::{ClassId, Cost};
use crate::model::units::{Growth, Stats};
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
    /// The cell an `advance` unit heads for, in place of its profile's `goal`.
    pub goal: Option<Pos>,
    /// Unit kind name.
    pub kind: String,
    /// Sprite name.
    pub sprite: String,
    /// Combat numbers (kind defaults with the scenario's overrides).
    pub stats: Stats,
    /// Not on the board at the start: an event's `arrive` brings it onto `at`.
    pub reserve: bool,
    /// What each level-up adds (its kind's `growth`).
    pub growth: Growth,
    /// Level at the start (1 for a new unit; a campaign's roster carries it over).
    pub level: u32,
    /// Experience at the start, below [`crate::model::units::EXP_LEVEL`].
    pub exp: u32,
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
    /// How the battle is won and lost.
    pub objective: Objective,
    /// Scripted events, in file order.
    pub events: Vec<ScriptEvent>,
    /// A hash of the scenario and map texts: a save refuses to resume on changed files.
    pub fingerprint: u64,
}

impl UnitSpec {
    /// A player unit of the built-in `soldier` kind (class `foot`, move 5) at `at`.
    pub fn player(name: impl Into<String>, at: impl Into<Pos>) -> UnitSpec {
        UnitSpec::soldier(name.into(), Team::Player, at.into(), None)
    }

    /// An enemy unit of the built-in `soldier` kind that decides by the profile named `profile`.
    pub fn enemy(name: impl Into<String>, at: impl Into<Pos>, profile: impl Into<String>) -> UnitSpec {
        UnitSpec::soldier(name.into(), Team::Enemy, at.into(), Some(profile.into()))
    }

    fn soldier(name: String, team: Team, at: Pos, profile: Option<String>) -> UnitSpec {
        let kinds = crate::model::data::builtin_kinds();
        let kind = &kinds.list[0];
        UnitSpec {
            name,
            team,
            at,
            class: ClassId(0),
            movement: kind.movement,
            profile,
            pivot: None,
            goal: None,
            kind: kind.name.clone(),
            sprite: if team == Team::Player {
                "hero".into()
            } else {
                kind.sprite.clone()
            },
            stats: kind.stats,
            reserve: false,
            growth: kind.growth,
            level: 1,
            exp: 0,
        }
    }

    /// The same unit with `points` movement points.
    pub fn movement(mut self, points: Cost) -> UnitSpec {
        self.movement = points;
        self
    }

    /// The same unit of movement class `class` (an index into the terrain's classes).
    pub fn class(mut self, class: ClassId) -> UnitSpec {
        self.class = class;
        self
    }

    /// The same unit with these combat numbers (it starts unhurt).
    pub fn stats(mut self, stats: Stats) -> UnitSpec {
        self.stats = stats;
        self
    }

    /// This growth per level-up.
    pub fn growth(mut self, growth: Growth) -> UnitSpec {
        self.growth = growth;
        self
    }

    /// Starts at this level with this much experience (as a campaign's roster does).
    pub fn level(mut self, level: u32, exp: u32) -> UnitSpec {
        self.level = level;
        self.exp = exp;
        self
    }

    /// The same unit kept off the board until an event's `arrive` names it.
    pub fn reserve(mut self) -> UnitSpec {
        self.reserve = true;
        self
    }

    /// The same unit leashed around `pivot` (for `pivot_leash` profiles; default: its start).
    pub fn pivot(mut self, pivot: impl Into<Pos>) -> UnitSpec {
        self.pivot = Some(pivot.into());
        self
    }
}
