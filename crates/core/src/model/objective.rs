//! How a scenario is won and lost, and what happens during it: the [`Objective`] and the
//! scripted [`ScriptEvent`]s (reserves arriving, guards woken, lines said). Units are named
//! as in the scenario; the rules resolve the names when a battle is built.

use crate::search::grid::Pos;

/// What wins the battle for the player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Win {
    /// Every enemy falls (the default).
    #[default]
    Rout,
    /// This enemy falls.
    Boss(String),
    /// A player unit ends its action (waits or attacks) on one of `cells`; when `seizers`
    /// is not empty, only those units may.
    Seize {
        /// The cells to take.
        cells: Vec<Pos>,
        /// Who may take them (empty: any player unit).
        seizers: Vec<String>,
    },
    /// The player still stands when this turn's enemy phase ends.
    Survive(u32),
}

/// The scenario's `[objective]` table: how the player wins and how the player loses.
///
/// ```
/// use skirmish_core::model::objective::{Objective, Win};
/// let o = Objective::default();
/// assert_eq!(o.win, Win::Rout);
/// assert!(o.is_default());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Objective {
    /// What wins.
    pub win: Win,
    /// Not won when this turn's enemy phase ends: defeat.
    pub turn_limit: Option<u32>,
    /// Defeat when any of these falls (empty: the hero, the first player unit).
    pub protect: Vec<String>,
    /// Defeat when an enemy ends its action on one of these cells.
    pub hold: Vec<Pos>,
}

impl Objective {
    /// True for the rules of the first rounds: rout, no limit, protect the hero, nothing to hold.
    pub fn is_default(&self) -> bool {
        *self == Objective::default()
    }
}

/// When a scripted event fires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    /// At the start of this turn, before its player phase (turn 2 or later).
    Turn(u32),
    /// After a player unit's move passes through or ends on one of these cells.
    Entered(Vec<Pos>),
}

/// One `[[events]]` table: fires once, when its trigger first holds.
///
/// ```
/// use skirmish_core::model::objective::{ScriptEvent, Trigger};
/// let e = ScriptEvent::new(Trigger::Turn(3)).arrive("Raider").say("Riders on the ridge!");
/// assert_eq!(e.arrive, ["Raider"]);
/// assert_eq!(e.say.as_deref(), Some("Riders on the ridge!"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptEvent {
    /// When.
    pub trigger: Trigger,
    /// Reserve units that step onto their cells.
    pub arrive: Vec<String>,
    /// Units whose trigger is set (guards wake as if a player unit came close).
    pub wake: Vec<String>,
    /// A line shown to the player.
    pub say: Option<String>,
}

impl ScriptEvent {
    /// An event that does nothing yet when `trigger` holds.
    pub fn new(trigger: Trigger) -> ScriptEvent {
        ScriptEvent {
            trigger,
            arrive: Vec::new(),
            wake: Vec::new(),
            say: None,
        }
    }

    /// The same event also bringing the reserve unit `name`.
    pub fn arrive(mut self, name: impl Into<String>) -> ScriptEvent {
        self.arrive.push(name.into());
        self
    }

    /// The same event also waking `name`.
    pub fn wake(mut self, name: impl Into<String>) -> ScriptEvent {
        self.wake.push(name.into());
        self
    }

    /// The same event also saying `line`.
    pub fn say(mut self, line: impl Into<String>) -> ScriptEvent {
        self.say = Some(line.into());
        self
    }
}
