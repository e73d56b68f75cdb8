//! Units and the state of a battle as plain values: ids, units, and the snapshot that
//! saves keep and `Command::Restore` puts back.

use crate::model::profiles::{Behavior, Profiles};
use crate::model::terrain::{ClassId, Cost};
use crate::model::units::{Growth, Stats};
use crate::search::grid::{Pos, Team};

/// Index of a unit in scenario order; stable for the whole battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct UnitId(pub usize);

/// A unit during a battle. Read it through `Battle::unit`; only events change it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Its name as written in the scenario: its identity in files, JSON and text.
    pub name: String,
    /// Side.
    pub team: Team,
    /// Current cell.
    pub pos: Pos,
    /// Movement class.
    pub class: ClassId,
    /// Movement points per turn.
    pub movement: Cost,
    /// AI profile name (enemies).
    pub profile: Option<String>,
    /// Pivot-leash centre (its start cell unless the scenario says otherwise).
    pub pivot: Pos,
    /// The cell it heads for when its profile advances, in place of the profile's `goal`
    /// (one profile serves raiders with different goals).
    pub goal: Option<Pos>,
    /// A guard's trigger: once set it stays set for the rest of the battle.
    pub triggered: bool,
    /// False once defeated.
    pub alive: bool,
    /// Kind name (from `units.toml`).
    pub kind: String,
    /// Sprite name.
    pub sprite: String,
    /// Combat numbers.
    pub stats: Stats,
    /// A healer's numbers (`None`: it cannot heal).
    pub heal: Option<crate::model::units::Healing>,
    /// Hit points left.
    pub hp: i32,
    /// True once it has moved in its side's current phase.
    pub moved: bool,
    /// True once it has acted (attacked or waited) in its side's current phase.
    pub acted: bool,
    /// Not on the board yet: a reserve an event has still to bring (`alive` is false meanwhile).
    pub reserve: bool,
    /// A reserve that was called while its cell was taken: it tries again each turn.
    pub waiting: bool,
    /// What each level-up adds.
    pub growth: Growth,
    /// Its level (from 1).
    pub level: u32,
    /// Experience towards the next level (below [`crate::model::units::EXP_LEVEL`]).
    pub exp: u32,
    /// What level-ups in this battle added to `stats` (so a reload of edited numbers can
    /// put the growth back on the new ones).
    pub grown: Growth,
}

impl Unit {
    /// How it acts: its profile's behaviour in `profiles`, with its own [`Unit::goal`] for
    /// an `advance` profile; `None` without a profile or for one `profiles` lacks.
    ///
    /// ```
    /// use skirmish_core::model::profiles::{Behavior, Profiles};
    /// use skirmish_core::model::terrain::ClassId;
    /// use skirmish_core::rules::Unit;
    /// use skirmish_core::search::grid::{Pos, Team};
    /// let profiles = Profiles::standard();
    /// let mut rider = Unit::new("Rider", Team::Enemy, Pos::new(0, 0), ClassId(0), 6);
    /// rider.profile = Some("guard".into());
    /// assert_eq!(rider.behavior(&profiles), Some(Behavior::GuardTrigger { trigger: 3 }));
    /// ```
    pub fn behavior(&self, profiles: &Profiles) -> Option<Behavior> {
        let b = profiles.get(self.profile.as_deref()?)?.behavior.clone();
        Some(match (b, self.goal) {
            (Behavior::Advance { .. }, Some(goal)) => Behavior::Advance { goal },
            (b, _) => b,
        })
    }

    /// A unit with default soldier stats (tests and generators fill in the rest).
    #[doc(hidden)] // The workspace's test fixtures' shortcut: build units with `UnitSpec` and `BattleBuilder`.
    pub fn new(name: impl Into<String>, team: Team, pos: Pos, class: ClassId, movement: Cost) -> Unit {
        let stats = crate::model::data::builtin_kinds().list[0].stats;
        Unit {
            name: name.into(),
            team,
            pos,
            class,
            movement,
            profile: None,
            pivot: pos,
            goal: None,
            triggered: false,
            alive: true,
            kind: "soldier".into(),
            sprite: if team == Team::Player {
                "hero".into()
            } else {
                "soldier".into()
            },
            stats,
            heal: None,
            hp: stats.hp,
            moved: false,
            acted: false,
            reserve: false,
            waiting: false,
            growth: Growth::default(),
            level: 1,
            exp: 0,
            grown: Growth::default(),
        }
    }

    /// Its stats as the scenario set them, before this battle's level-ups.
    pub fn base_stats(&self) -> Stats {
        self.grown.times(-1).apply(self.stats)
    }
}

/// The changing part of one unit, as saves and restores see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UnitState {
    /// Cell.
    pub at: Pos,
    /// Hit points left.
    pub hp: i32,
    /// Still on the board.
    pub alive: bool,
    /// Has moved in its side's current phase.
    pub moved: bool,
    /// Has acted in its side's current phase.
    pub acted: bool,
    /// A guard's trigger has fired.
    pub triggered: bool,
    /// A reserve not on the board yet.
    pub reserve: bool,
    /// A reserve called while its cell was taken.
    pub waiting: bool,
    /// Its level.
    pub level: u32,
    /// Experience towards the next level.
    pub exp: u32,
    /// What level-ups in this battle added to its stats.
    pub grown: Growth,
}

/// Everything that changes during a battle, in one value: what a save keeps and
/// `Command::Restore` puts back.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Snapshot {
    /// Turn number, from 1.
    pub turn: u32,
    /// The side whose phase it is.
    pub active: Team,
    /// Every unit, in scenario order.
    pub units: Vec<UnitState>,
    /// Which scripted events have fired, in scenario order (empty: none).
    pub fired: Vec<bool>,
}
