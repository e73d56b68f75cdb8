//! What happened in a battle, as events. `Battle::apply` (in `apply.rs`) is the only code
//! that writes them into battle state. Events name units by [`UnitId`]; names appear only
//! in `describe.rs`, where text and JSON are made for people and tools.

use crate::model::terrain::Cost;
use crate::model::units::Growth;
use crate::rules::unit::{Snapshot, UnitId};
use crate::search::grid::{Path, Pos, Team};

/// Why a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ending {
    /// No enemy stands.
    EnemiesDefeated,
    /// A unit the player must protect fell (the hero, the first player unit, unless the
    /// objective names others).
    HeroFell(UnitId),
    /// Every player unit fell.
    PlayersFell,
    /// The boss fell.
    BossFell(UnitId),
    /// A player unit ended its action on a cell to seize.
    Seized {
        /// The seizer.
        unit: UnitId,
        /// The cell.
        at: Pos,
    },
    /// The player still stood when this turn's enemy phase ended.
    Survived(u32),
    /// This turn's enemy phase ended without a win.
    TurnLimit(u32),
    /// An enemy ended its action on a cell the player must hold.
    HoldTaken {
        /// The enemy.
        unit: UnitId,
        /// The cell.
        at: Pos,
    },
}

/// What the dice said about one blow (see [`Event::Rolled`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Roll {
    /// The blow missed: it does nothing.
    Missed,
    /// The blow lands.
    Hit,
    /// The blow lands critical: three times its damage.
    Critical,
}

/// One thing that happened, in order. Applying the events of a command to the battle as it
/// was before the command gives the battle after it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event {
    /// A side's phase began; every unit's moved and acted flags are cleared.
    PhaseBegan {
        /// The side.
        team: Team,
        /// The turn number.
        turn: u32,
    },
    /// A guard woke up (it chases for the rest of the battle).
    GuardWoke {
        /// The guard.
        unit: UnitId,
        /// The player unit that came within its trigger.
        by: UnitId,
    },
    /// A unit walked along a path.
    Moved {
        /// The mover.
        unit: UnitId,
        /// Its cell before.
        from: Pos,
        /// Its cell after.
        to: Pos,
        /// The steps, one per cell entered.
        path: Path,
        /// Movement points paid.
        cost: Cost,
    },
    /// A blow.
    Struck {
        /// Who struck.
        attacker: UnitId,
        /// Who was hit.
        defender: UnitId,
        /// The blow's damage.
        damage: i32,
        /// The defender's hit points before.
        hp_before: i32,
        /// The defender's hit points after (never below 0).
        hp_left: i32,
        /// True for the defender's strike back.
        counter: bool,
    },
    /// Under chance in combat (`[combat] chance = true`), the dice of one blow, just before
    /// it lands (an [`Event::Struck`] follows, with three times the damage when critical) or
    /// instead of it (a miss: nothing follows, nobody gains experience). A battle without
    /// chance never has one.
    Rolled {
        /// Who strikes.
        attacker: UnitId,
        /// Who is struck at.
        defender: UnitId,
        /// True for the defender's strike back.
        counter: bool,
        /// The chance to hit, in percent.
        hit: u32,
        /// The chance of a critical when it hits, in percent.
        crit: u32,
        /// What the dice said.
        result: Roll,
        /// How many numbers the battle's generator drew for it (undo gives them back).
        draws: u32,
    },
    /// A healer gave an ally hit points.
    Healed {
        /// The healer.
        healer: UnitId,
        /// The ally.
        target: UnitId,
        /// Hit points given (`hp_left - hp_before`).
        amount: i32,
        /// The ally's hit points before.
        hp_before: i32,
        /// Its hit points after (never above its hp).
        hp_left: i32,
    },
    /// A unit fell and left the board.
    Defeated {
        /// The fallen unit.
        unit: UnitId,
    },
    /// A unit finished its action for this phase.
    Acted {
        /// The unit.
        unit: UnitId,
    },
    /// A unit with canto may move again (`ready`: it has just attacked or healed) or may no
    /// longer (it made its second move, or waited).
    Canto {
        /// The unit.
        unit: UnitId,
        /// True when it may move again now.
        ready: bool,
    },
    /// Under fog of war, a move ran into a unit of the other side its side did not see (on
    /// its path, or holding a zone of control the path went on through): the mover stopped
    /// at `at` (the last cell before it where it could stand, or the held cell) and its
    /// action is over. The [`Event::Moved`] before it, if any, is the walk it made.
    Ambushed {
        /// The mover.
        unit: UnitId,
        /// The unseen unit it ran into.
        by: UnitId,
        /// Where the mover stopped.
        at: Pos,
    },
    /// The battle is decided.
    BattleEnded {
        /// The winning side.
        winner: Team,
        /// Why.
        why: Ending,
    },
    /// A scripted event (scenario order) fired; each fires once.
    ScriptFired {
        /// Its index among the scenario's events.
        index: usize,
    },
    /// A scripted line, shown to the player.
    Said {
        /// The line.
        text: String,
    },
    /// A reserve unit stepped onto its cell.
    Arrived {
        /// The unit.
        unit: UnitId,
        /// Its cell.
        at: Pos,
    },
    /// A reserve unit was called but another unit stands on its cell: it tries again at
    /// the start of each later turn.
    ArrivalBlocked {
        /// The unit.
        unit: UnitId,
        /// Its cell.
        at: Pos,
    },
    /// A scripted event woke a unit (a guard chases from now on).
    Woken {
        /// The unit.
        unit: UnitId,
    },
    /// A player unit gained experience (10 for a blow, 30 for a defeat, 10 for a heal).
    Gained {
        /// The unit.
        unit: UnitId,
        /// How much.
        amount: u32,
        /// Its experience after the gain, before a level-up takes 100 off (so it may be
        /// 100 or more: a [`Event::LevelUp`] follows).
        exp: u32,
    },
    /// A unit reached 100 experience: its level rose by one, 100 experience was spent
    /// and its stats and movement grew by its kind's growth.
    LevelUp {
        /// The unit.
        unit: UnitId,
        /// Its new level.
        level: u32,
        /// What its stats and movement grew by (its hit points left grow by `gains.hp` too).
        gains: Growth,
    },
    /// An earlier event taken back by undo.
    Reverted(Box<Event>),
    /// A saved state was put on the board (resume, reload).
    Restored(Box<Snapshot>),
}
