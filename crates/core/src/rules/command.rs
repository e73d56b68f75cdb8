//! Commands: what a side asks the battle to do, and why the rules may refuse it
//! ([`RuleError`]). `Battle::execute` (in `execute.rs`) carries them out.

use crate::rules::unit::{Snapshot, UnitId};
use crate::search::grid::{Path, Pos, Team};

/// What a side (a player's input, the AI, a replay, a test) asks the battle to do.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Command {
    /// Walk along `path` (digits from the unit's cell; empty = stay). Once per phase, before acting.
    Move {
        /// The mover.
        unit: UnitId,
        /// Its steps.
        path: Path,
    },
    /// Attack `target` from where the unit stands; ends its action.
    Attack {
        /// The attacker.
        unit: UnitId,
        /// The defender.
        target: UnitId,
    },
    /// Heal ally `target` from where the unit stands (a healer, instead of an attack):
    /// it gains the healer's `heal`, at most what it misses; ends the healer's action.
    Heal {
        /// The healer.
        unit: UnitId,
        /// The ally healed.
        target: UnitId,
    },
    /// End the unit's action where it stands.
    Wait {
        /// The unit.
        unit: UnitId,
    },
    /// A guard's trigger fired: `by` came within its trigger distance (the AI decides that).
    Wake {
        /// The guard.
        unit: UnitId,
        /// The player unit that woke it.
        by: UnitId,
    },
    /// `team` ends its phase: the other side's phase begins (a new turn after the enemy's).
    /// Refused in the other side's phase ([`RuleError::NotYourPhase`]), so a second
    /// end of the player's phase cannot skip the enemy's.
    EndPhase {
        /// The side ending its phase.
        team: Team,
    },
    /// Take back the last unit's commands of this player phase (its move, and its attack
    /// or wait if confirmed).
    Undo,
    /// Put a saved state on the board (resume a save, keep a battle across a live reload).
    Restore(Box<Snapshot>),
}

/// Why a command was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleError {
    /// No unit with this id.
    NoUnit(UnitId),
    /// The unit has been defeated.
    Defeated(UnitId),
    /// The unit is a reserve that has not arrived yet.
    InReserve(UnitId),
    /// It is the other side's phase.
    NotItsPhase(UnitId),
    /// The unit already moved this phase.
    AlreadyMoved(UnitId),
    /// The unit already acted this phase.
    AlreadyActed(UnitId),
    /// The path leaves the map, enters a cell its class cannot enter or the other side holds,
    /// costs more than its move, or ends on another unit.
    Unreachable {
        /// The mover.
        unit: UnitId,
        /// Where the path ends.
        to: Pos,
    },
    /// The path goes on through a cell held in the zone of control of `by` (a unit of the
    /// other side next to `at`): a mover that enters such a cell stops there.
    ZoneOfControl {
        /// The mover.
        unit: UnitId,
        /// The held cell the path walks through.
        at: Pos,
        /// The unit holding it.
        by: UnitId,
    },
    /// The target is not a living unit of the other side within the attacker's range.
    OutOfRange {
        /// The attacker.
        unit: UnitId,
        /// The target.
        target: UnitId,
    },
    /// The guard is awake already, or the waker is no living foe.
    CannotWake(UnitId),
    /// The attack's target does not exist or has been defeated.
    NoTarget {
        /// The attacker.
        unit: UnitId,
        /// The unit it named.
        target: UnitId,
    },
    /// The unit's kind has no `heal`.
    NotAHealer(UnitId),
    /// A heal's target is not a living ally of the healer (an enemy, the healer itself, a
    /// fallen or unknown unit).
    NotAnAlly {
        /// The healer.
        unit: UnitId,
        /// The unit it named.
        target: UnitId,
    },
    /// A heal's target stands outside the healer's `heal_range`.
    HealOutOfRange {
        /// The healer.
        unit: UnitId,
        /// The ally.
        target: UnitId,
    },
    /// A heal's target misses no hit points.
    FullHp {
        /// The healer.
        unit: UnitId,
        /// The ally at full hp.
        target: UnitId,
    },
    /// The turn counter cannot go past `u32::MAX`.
    TooManyTurns,
    /// Commands are not taken now: a move or the enemy phase is under way.
    Busy,
    /// Undo outside the player's phase, or nothing to take back.
    NothingToUndo,
    /// The battle is decided: nothing but undo and restore is accepted.
    BattleOver,
    /// A snapshot that does not fit this battle.
    BadSnapshot(String),
    /// A side ended a phase that is not its own.
    NotYourPhase(Team),
    /// An enemy phase driver (`EnemyPhase::run`) was asked to run while the player's phase
    /// is under way (end it with [`Command::EndPhase`] first).
    NotEnemyPhase,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleError::NoUnit(u) => write!(f, "no unit #{}", u.0),
            RuleError::Defeated(u) => write!(f, "unit #{} has been defeated", u.0),
            RuleError::InReserve(u) => write!(f, "unit #{} has not arrived yet", u.0),
            RuleError::NotItsPhase(u) => write!(f, "unit #{} cannot act in the other side's phase", u.0),
            RuleError::AlreadyMoved(u) => write!(f, "unit #{} has already moved this phase", u.0),
            RuleError::AlreadyActed(u) => write!(f, "unit #{} has already acted this phase", u.0),
            RuleError::Unreachable { unit, to } => write!(f, "unit #{} cannot move to {to} along that path", unit.0),
            RuleError::ZoneOfControl { unit, at, by } => write!(
                f,
                "unit #{} cannot go on through {at}: unit #{} holds it in its zone of control",
                unit.0, by.0
            ),
            RuleError::OutOfRange { unit, target } => {
                write!(
                    f,
                    "unit #{} cannot attack unit #{} from where it stands",
                    unit.0, target.0
                )
            }
            RuleError::CannotWake(u) => write!(f, "unit #{} cannot wake now", u.0),
            RuleError::NoTarget { unit, target } => {
                write!(
                    f,
                    "unit #{} cannot attack unit #{}: there is no such living unit",
                    unit.0, target.0
                )
            }
            RuleError::NotAHealer(u) => write!(f, "unit #{} cannot heal", u.0),
            RuleError::NotAnAlly { unit, target } => {
                write!(f, "unit #{} cannot heal unit #{}: not a living ally", unit.0, target.0)
            }
            RuleError::HealOutOfRange { unit, target } => {
                write!(
                    f,
                    "unit #{} cannot heal unit #{} from where it stands",
                    unit.0, target.0
                )
            }
            RuleError::FullHp { unit, target } => {
                write!(f, "unit #{} cannot heal unit #{}: it is at full hp", unit.0, target.0)
            }
            RuleError::TooManyTurns => write!(f, "the battle cannot go past turn {}", u32::MAX),
            RuleError::Busy => write!(f, "not now: a move or the enemy phase is under way"),
            RuleError::NothingToUndo => write!(f, "nothing to undo"),
            RuleError::BattleOver => write!(f, "the battle is over"),
            RuleError::BadSnapshot(why) => write!(f, "{why}"),
            RuleError::NotYourPhase(team) => {
                write!(f, "the {} side cannot end the other side's phase", team.name())
            }
            RuleError::NotEnemyPhase => {
                write!(f, "the enemy phase cannot run during the player's phase (end it first)")
            }
        }
    }
}

impl std::error::Error for RuleError {}
