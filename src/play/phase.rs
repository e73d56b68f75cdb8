//! The turn's phase machine as plain data: select → target → (move) → action → … → enemy
//! phase → select, driven by input intents. The front end only turns keys into [`Intent`]s,
//! draws [`Session`] and animates the [`Signal`]s it drains. Every change to the battle is a
//! command given to the rules core; its events come out here in order.

use crate::ai::{self, Decision};
use crate::load::profiles::Profiles;
use crate::rules::combat::{self, Forecast};
use crate::rules::{Battle, Command, Event, RuleError, UnitId};
use crate::search::grid::{Dir, Pos, Team};
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
    /// Jump the cursor to the next player unit that has not acted.
    NextUnit,
}

/// One entry of the action menu shown after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Attack this unit.
    Attack(UnitId),
    /// End the unit's action where it stands.
    Wait,
}

/// Where the turn is. Each phase carries the data it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Player phase: the cursor roams; confirm on a player unit that has not acted selects it.
    Select,
    /// The unit's range is shown; confirm on a reachable cell moves there, cancel goes back.
    Target {
        /// The selected unit.
        unit: UnitId,
        /// Its reachable cells with their paths.
        range: Range,
    },
    /// After moving: attack a unit in range or wait; cancel takes the move back.
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
        queue: Vec<UnitId>,
    },
    /// The battle is decided.
    Over {
        /// The winning side.
        winner: Team,
    },
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
}

/// One battle being played: the board, the phase, the cursor.
#[derive(Debug, Clone)]
pub struct Session {
    battle: Battle,
    profiles: Profiles,
    /// Current phase.
    pub phase: Phase,
    /// The cursor cell.
    pub cursor: Pos,
    /// Show every cell an enemy could attack next turn.
    pub show_danger: bool,
    confirm_held: bool,
    signals: Vec<Signal>,
}

impl Session {
    /// A battle at its player phase, cursor on the first unit ready to act (else the hero).
    pub fn new(battle: Battle, profiles: Profiles) -> Session {
        let cursor = battle
            .ready(Team::Player)
            .next()
            .or(battle.hero())
            .map_or(Pos::new(0, 0), |h| battle.unit(h).pos);
        let turn = battle.turn();
        let phase = match battle.ended() {
            Some((winner, _)) => Phase::Over { winner },
            None => Phase::Select,
        };
        Session {
            battle,
            profiles,
            phase,
            cursor,
            show_danger: false,
            confirm_held: false,
            signals: vec![Signal::Rules(Event::PhaseBegan {
                team: Team::Player,
                turn,
            })],
        }
    }

    /// The battle (read-only: it changes only through commands).
    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// The enemy profiles in force.
    pub fn profiles(&self) -> &Profiles {
        &self.profiles
    }

    /// Swaps in a battle carried over by live reload (same units, same state, new numbers)
    /// and the new profiles. A range on screen is recomputed with the new numbers.
    pub fn reloaded(&mut self, battle: Battle, profiles: Profiles) {
        self.battle = battle;
        self.profiles = profiles;
        if let Phase::Target { unit, .. } = self.phase {
            self.phase = Phase::Target {
                unit,
                range: self.battle.range(unit),
            };
        }
    }

    /// Takes the signals produced since the last call.
    pub fn drain(&mut self) -> Vec<Signal> {
        std::mem::take(&mut self.signals)
    }

    /// The attack forecast of the highlighted menu entry, if it is an attack.
    pub fn forecast(&self) -> Option<(UnitId, UnitId, Forecast)> {
        match &self.phase {
            Phase::Action {
                unit, options, choice, ..
            } => match options.get(*choice) {
                Some(Action::Attack(t)) => Some((*unit, *t, combat::forecast(&self.battle, *unit, *t))),
                _ => None,
            },
            _ => None,
        }
    }

    /// True while undo has something to take back.
    pub fn can_undo(&self) -> bool {
        matches!(self.phase, Phase::Select) && self.battle.can_undo()
    }

    /// The battle as a save should keep it: a move not yet confirmed is taken back.
    pub fn settled_battle(&self) -> Result<Battle, String> {
        match &self.phase {
            Phase::Enemy { .. } => Err("cannot save during the enemy phase: wait for your turn".into()),
            Phase::Action { .. } => {
                let mut b = self.battle.clone();
                b.execute(Command::Undo).map_err(|e| e.to_string())?;
                Ok(b)
            }
            _ => Ok(self.battle.clone()),
        }
    }

    /// Applies one intent.
    pub fn input(&mut self, intent: Intent) {
        match intent {
            Intent::Release => {
                self.confirm_held = false;
                return;
            }
            Intent::Confirm if self.confirm_held => return, // a held button does not repeat
            Intent::Confirm => self.confirm_held = true,
            _ => {}
        }
        let phase = std::mem::replace(&mut self.phase, Phase::Select);
        self.phase = self.step(phase, intent);
    }

    /// Gives the core one command and passes its events on; a refusal becomes a signal.
    fn run(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        match self.battle.execute(cmd) {
            Ok(events) => {
                self.signals.extend(events.iter().cloned().map(Signal::Rules));
                Ok(events)
            }
            Err(e) => {
                self.signals.push(Signal::Refused(e.clone()));
                Err(e)
            }
        }
    }

    /// Plays one recorded player command (a replay), as the inputs that make it would.
    pub fn perform(&mut self, cmd: Command) -> Result<(), RuleError> {
        if !matches!(self.phase, Phase::Select | Phase::Action { .. }) {
            return Err(RuleError::NotItsPhase(UnitId::default()));
        }
        match cmd {
            Command::Move { unit, .. } => {
                self.run(cmd)?;
                self.move_cursor(self.battle.unit(unit).pos);
                self.phase = self.action_menu(unit);
            }
            Command::Attack { unit, .. } | Command::Wait { unit } => {
                self.run(cmd)?;
                self.move_cursor(self.battle.unit(unit).pos);
                // The record holds the end of the phase as its own command.
                self.phase = match self.battle.ended() {
                    Some((winner, _)) => Phase::Over { winner },
                    None => Phase::Select,
                };
            }
            Command::EndPhase => self.phase = self.start_enemy_phase(),
            other => {
                self.run(other)?;
            }
        }
        Ok(())
    }

    fn move_cursor(&mut self, to: Pos) {
        let m = self.battle.map();
        let p = Pos::new(to.x.clamp(0, m.width as i32 - 1), to.y.clamp(0, m.height as i32 - 1));
        if p != self.cursor {
            self.cursor = p;
            self.signals.push(Signal::CursorMoved(p));
        }
    }

    fn action_menu(&self, unit: UnitId) -> Phase {
        let mut options: Vec<Action> = combat::targets_in_range(&self.battle, unit)
            .into_iter()
            .map(Action::Attack)
            .collect();
        options.push(Action::Wait);
        Phase::Action {
            unit,
            options,
            choice: 0,
        }
    }

    fn step(&mut self, phase: Phase, intent: Intent) -> Phase {
        match (phase, intent) {
            (p @ (Phase::Select | Phase::Target { .. }), Intent::Cursor(d)) => {
                self.move_cursor(self.cursor.step(d));
                p
            }
            (p @ (Phase::Select | Phase::Target { .. }), Intent::Point(at)) => {
                self.move_cursor(at);
                p
            }
            (Phase::Select, Intent::NextUnit) => {
                let ready: Vec<UnitId> = self.battle.ready(Team::Player).collect();
                let after = ready
                    .iter()
                    .position(|&u| self.battle.unit(u).pos == self.cursor)
                    .map_or(0, |i| i + 1);
                if let Some(&u) = ready.get(after % ready.len().max(1)) {
                    self.move_cursor(self.battle.unit(u).pos);
                }
                Phase::Select
            }
            (Phase::Select, Intent::Confirm) => match self.battle.unit_at(self.cursor) {
                Some(u) if self.battle.unit(u).team == Team::Player && !self.battle.unit(u).acted => {
                    self.signals.push(Signal::Selected(u));
                    Phase::Target {
                        unit: u,
                        range: self.battle.range(u),
                    }
                }
                _ => Phase::Select,
            },
            (Phase::Select, Intent::EndTurn) => self.start_enemy_phase(),
            (Phase::Enemy { queue }, Intent::Advance) => self.enemy_step(queue),
            (Phase::Select, Intent::Undo) => {
                let unit = self.battle.undo_unit();
                if self.battle.can_undo()
                    && self.run(Command::Undo).is_ok()
                    && let Some(u) = unit
                {
                    self.move_cursor(self.battle.unit(u).pos);
                }
                Phase::Select
            }
            (Phase::Target { unit, .. }, Intent::Cancel) => {
                self.signals.push(Signal::Cancelled);
                self.move_cursor(self.battle.unit(unit).pos);
                Phase::Select
            }
            (Phase::Target { unit, range }, Intent::Confirm) => match range.get(self.cursor) {
                Some(cell) => {
                    let path = cell.path.clone();
                    if self.run(Command::Move { unit, path }).is_err() {
                        return Phase::Target { unit, range };
                    }
                    self.action_menu(unit)
                }
                None => Phase::Target { unit, range },
            },
            (Phase::Action { unit, options, choice }, Intent::Cursor(d)) => {
                let n = options.len();
                let choice = match d {
                    Dir::Up | Dir::Left => (choice + n - 1) % n,
                    Dir::Down | Dir::Right => (choice + 1) % n,
                };
                if let Some(Action::Attack(t)) = options.get(choice) {
                    self.move_cursor(self.battle.unit(*t).pos);
                }
                Phase::Action { unit, options, choice }
            }
            (Phase::Action { unit, options, choice }, Intent::Cancel) => {
                // Not yet confirmed: the move is taken back as if it never happened.
                if self.run(Command::Undo).is_err() {
                    return Phase::Action { unit, options, choice };
                }
                self.move_cursor(self.battle.unit(unit).pos);
                Phase::Target {
                    unit,
                    range: self.battle.range(unit),
                }
            }
            (Phase::Action { unit, options, choice }, Intent::Confirm) => {
                let cmd = match options.get(choice) {
                    Some(Action::Attack(t)) => Command::Attack { unit, target: *t },
                    _ => Command::Wait { unit },
                };
                if self.run(cmd).is_err() {
                    return Phase::Action { unit, options, choice };
                }
                self.after_player_action()
            }
            (p, _) => p,
        }
    }

    fn after_player_action(&mut self) -> Phase {
        if let Some((winner, _)) = self.battle.ended() {
            return Phase::Over { winner };
        }
        let next = self.battle.ready(Team::Player).next();
        match next {
            Some(next) => {
                self.move_cursor(self.battle.unit(next).pos);
                Phase::Select
            }
            None => self.start_enemy_phase(),
        }
    }

    fn start_enemy_phase(&mut self) -> Phase {
        if self.run(Command::EndPhase).is_err() {
            return Phase::Select;
        }
        let mut queue: Vec<UnitId> = self.battle.living(Team::Enemy).collect();
        queue.reverse();
        self.enemy_step(queue)
    }

    /// Lets the next enemy act; the queue is kept reversed so the next one is popped.
    fn enemy_step(&mut self, mut queue: Vec<UnitId>) -> Phase {
        while let Some(id) = queue.pop() {
            if !self.battle.unit(id).alive {
                continue;
            }
            let d = ai::decide(&self.battle, &self.profiles, id);
            let commands = d.commands();
            self.signals.push(Signal::Decided(Box::new(d)));
            for c in commands {
                if self.run(c).is_err() {
                    break;
                }
            }
            if let Some((winner, _)) = self.battle.ended() {
                return Phase::Over { winner };
            }
            return Phase::Enemy { queue };
        }
        // Everyone has acted: a new turn for the player.
        if self.run(Command::EndPhase).is_err() {
            return Phase::Enemy { queue };
        }
        let first = self.battle.ready(Team::Player).next();
        if let Some(h) = first {
            self.move_cursor(self.battle.unit(h).pos);
        }
        Phase::Select
    }
}
