//! The phase machine's vocabulary: what the player asks ([`Intent`], [`Ask`]), the phases
//! and their data ([`Phase`], [`Action`]), and what the front end is told ([`Signal`]).

use crate::ai::Decision;
use crate::play::enemy::EnemyPhase;
use crate::rules::{Event, RuleError, UnitId};
use crate::search::grid::{Dir, Path, Pos, Team};
use crate::search::range::Range;

/// What the player asked for, already independent of keys and mouse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// Move the cursor (or the menu choice) one step.
    Cursor(Dir),
    /// Put the cursor on a cell (mouse).
    Point(Pos),
    /// The action button went down (key repeat included).
    Confirm,
    /// The action button came up.
    Release,
    /// Back one step: leave the range overlay, or take back a move not yet confirmed.
    Cancel,
    /// End the player phase now.
    EndTurn,
    /// Take back the last confirmed action of this player phase.
    Undo,
    /// Let the next enemy act (the front end sends it when the previous enemy's animation ends).
    Advance,
    /// Jump the cursor to the next player unit that has not acted (in roster order; just
    /// after an undo, the unit taken back).
    NextUnit,
    /// Jump the cursor to the next living enemy.
    NextEnemy,
    /// Ask for something that throws play away (restart, another scenario, load, quit):
    /// the session asks the player first when there is something to lose.
    Request(Ask),
    /// Yes to the question being asked.
    Yes,
    /// No to the question being asked.
    No,
}

/// Something that needs the player's yes before it happens, because it ends the phase
/// early or throws away play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// End the player phase while units are still ready.
    EndTurn,
    /// Start the battle again.
    Restart,
    /// Go to the previous (-1) or next (+1) scenario.
    Scenario(i32),
    /// Load the save over a battle with unsaved play.
    Load,
    /// Quit the game.
    Quit,
}

/// One entry of the action menu shown after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Attack this unit.
    Attack(UnitId),
    /// Heal this ally (a healer).
    Heal(UnitId),
    /// End the unit's action where it stands (after a canto unit's attack or heal: end its
    /// turn without the second move).
    Wait,
    /// A canto unit, after its attack or heal: pick a cell of the range its movement left
    /// reaches ([`Session::canto_range`](super::Session::canto_range)) and move there.
    Move,
}

/// Where the turn is. Each phase carries the data it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Player phase: the cursor roams; confirm on a player unit that has not acted selects it.
    Select,
    /// The unit's range is shown; confirm on a reachable cell moves there along the traced
    /// route, confirm on an enemy in reach walks to the best cell to attack it from and
    /// opens the menu on that attack; cancel goes back.
    Target {
        /// The selected unit.
        unit: UnitId,
        /// Its reachable cells with their paths.
        range: Range,
        /// The route the cursor traced from the unit (see [`trace`](super::trace)).
        trail: Path,
    },
    /// An enemy's move range, attack reach and behaviour are shown until cancelled; the
    /// cursor still roams.
    Inspect {
        /// The enemy looked at.
        enemy: UnitId,
    },
    /// After moving: attack a unit in range or wait; cancel takes the move back. After a
    /// canto unit attacks or heals, the menu is Move / Wait (its second move, or the end of
    /// its turn); cancel does nothing there, undo takes back its move and its blow.
    Action {
        /// The unit that moved.
        unit: UnitId,
        /// Menu entries: attacks first, then wait.
        options: Vec<Action>,
        /// Highlighted entry.
        choice: usize,
    },
    /// Enemy phase: these enemies act in order, one per [`Intent::Advance`].
    Enemy {
        /// Enemies still to act.
        phase: EnemyPhase,
    },
    /// The battle is decided.
    Over {
        /// The winning side.
        winner: Team,
    },
}

impl Phase {
    /// True for a canto unit's Move / Wait menu (after its attack or heal).
    ///
    /// ```
    /// use skirmish_core::play::phase::{Action, Phase};
    /// use skirmish_core::rules::UnitId;
    /// let menu = |options| Phase::Action { unit: UnitId(0), options, choice: 0 };
    /// assert!(menu(vec![Action::Move, Action::Wait]).is_canto_menu());
    /// assert!(!menu(vec![Action::Wait]).is_canto_menu());
    /// assert!(!Phase::Select.is_canto_menu());
    /// ```
    pub fn is_canto_menu(&self) -> bool {
        matches!(self, Phase::Action { options, .. } if options.contains(&Action::Move))
    }
}

/// What happened, for the front end to animate, sound and log, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Signal {
    /// The cursor moved.
    CursorMoved(Pos),
    /// A unit was selected and its range shown.
    Selected(UnitId),
    /// Back out of a phase.
    Cancelled,
    /// An enemy decided (its commands' events follow).
    Decided(Box<Decision>),
    /// Something happened in the battle.
    Rules(Event),
    /// The core refused a command (a bug in whoever built it; shown, never ignored).
    Refused(RuleError),
    /// A question is put to the player (answer with [`Intent::Yes`] or [`Intent::No`]).
    Asking(Ask),
    /// The player agreed (or nothing was at stake): the front end carries out what only it
    /// can do (restart, switch, load, quit). An ended turn is carried out here.
    Granted(Ask),
    /// Confirm on a cell the selected unit can neither stop on nor attack from any cell it
    /// reaches: nothing happens, and the front end says why instead of staying silent.
    CannotGo {
        /// The selected unit.
        unit: UnitId,
        /// The cell confirmed on.
        to: Pos,
    },
}
