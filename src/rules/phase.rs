//! The turn's phase machine as plain data: select → target → (move) → action → … → enemy
//! phase → select, driven by input intents. The front end only turns keys into [`Intent`]s,
//! draws [`Session`] and animates the [`Event`]s it drains; every rule lives here.

use crate::ai::{self, Decision};
use crate::load::profiles::Profiles;
use crate::rules::battle::{Battle, Unit, UnitId};
use crate::rules::combat::{self, Forecast, Strike};
use crate::search::grid::Team;
use crate::search::grid::{Dir, Path, Pos};
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
    /// After moving: attack a unit in range or wait; cancel puts the unit back.
    Action {
        /// The unit that moved.
        unit: UnitId,
        /// Where it came from (for cancelling the move).
        from: Pos,
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

/// What happened, for the front end to animate and sound, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The cursor moved.
    CursorMoved(Pos),
    /// A unit was selected and its range shown.
    Selected(UnitId),
    /// Back out of a phase.
    Cancelled,
    /// A unit moved along a path (its logical position is already the end).
    Moved {
        /// The mover.
        unit: UnitId,
        /// Its cell before the move.
        from: Pos,
        /// The steps taken.
        path: Path,
    },
    /// A move was taken back.
    MoveUndone(UnitId),
    /// A blow was struck.
    Struck(Strike),
    /// An enemy decided and acted (its move and strikes follow as their own events).
    EnemyDecided(Box<Decision>),
    /// A new phase began.
    PhaseStarted(Team),
    /// The last confirmed action was taken back.
    Undone,
    /// The battle is over.
    Over(Team),
}

/// One battle being played: the board, the phase, the cursor and the undo history.
#[derive(Debug, Clone)]
pub struct Session {
    /// The board.
    pub battle: Battle,
    /// Enemy profiles (replaced by live reload).
    pub profiles: Profiles,
    /// Current phase.
    pub phase: Phase,
    /// The cursor cell.
    pub cursor: Pos,
    /// Show every cell an enemy could attack next turn.
    pub show_danger: bool,
    confirm_held: bool,
    history: Vec<Vec<Unit>>,
    events: Vec<Event>,
}

impl Session {
    /// A battle at its first player phase, cursor on the hero.
    pub fn new(battle: Battle, profiles: Profiles) -> Session {
        let cursor = battle
            .living(Team::Player)
            .next()
            .map_or(Pos::new(0, 0), |h| battle.unit(h).pos);
        Session {
            battle,
            profiles,
            phase: Phase::Select,
            cursor,
            show_danger: false,
            confirm_held: false,
            history: Vec::new(),
            events: vec![Event::PhaseStarted(Team::Player)],
        }
    }

    /// Takes the events produced since the last call.
    pub fn drain_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
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
        !self.history.is_empty()
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

    fn move_cursor(&mut self, to: Pos) {
        let m = &self.battle.map;
        let p = Pos::new(to.x.clamp(0, m.width as i32 - 1), to.y.clamp(0, m.height as i32 - 1));
        if p != self.cursor {
            self.cursor = p;
            self.events.push(Event::CursorMoved(p));
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
                let ready: Vec<UnitId> = self.ready_units();
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
                    self.events.push(Event::Selected(u));
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
                if let Some(units) = self.history.pop() {
                    self.battle.units = units;
                    self.battle.rebuild_occupancy();
                    self.events.push(Event::Undone);
                }
                Phase::Select
            }
            (Phase::Target { unit, .. }, Intent::Cancel) => {
                self.events.push(Event::Cancelled);
                self.move_cursor(self.battle.unit(unit).pos);
                Phase::Select
            }
            (Phase::Target { unit, range }, Intent::Confirm) => match range.get(self.cursor) {
                Some(cell) => {
                    let from = self.battle.unit(unit).pos;
                    let path = cell.path.clone();
                    if self.battle.move_along(unit, &path).is_err() {
                        return Phase::Target { unit, range };
                    }
                    self.events.push(Event::Moved { unit, from, path });
                    let mut options: Vec<Action> = combat::targets_in_range(&self.battle, unit)
                        .into_iter()
                        .map(Action::Attack)
                        .collect();
                    options.push(Action::Wait);
                    Phase::Action {
                        unit,
                        from,
                        options,
                        choice: 0,
                    }
                }
                None => Phase::Target { unit, range },
            },
            (
                Phase::Action {
                    unit,
                    from,
                    options,
                    choice,
                },
                Intent::Cursor(d),
            ) => {
                let n = options.len();
                let choice = match d {
                    Dir::Up | Dir::Left => (choice + n - 1) % n,
                    Dir::Down | Dir::Right => (choice + 1) % n,
                };
                if let Some(Action::Attack(t)) = options.get(choice) {
                    self.move_cursor(self.battle.unit(*t).pos);
                }
                Phase::Action {
                    unit,
                    from,
                    options,
                    choice,
                }
            }
            (Phase::Action { unit, from, .. }, Intent::Cancel) => {
                // Not yet confirmed: the move is taken back as if it never happened.
                self.put_back(unit, from);
                self.events.push(Event::MoveUndone(unit));
                self.move_cursor(from);
                Phase::Target {
                    unit,
                    range: self.battle.range(unit),
                }
            }
            (
                Phase::Action {
                    unit,
                    from,
                    options,
                    choice,
                },
                Intent::Confirm,
            ) => {
                // Undo restores the board as it was before this unit moved.
                let mut before = self.battle.units.clone();
                before[unit.0].pos = from;
                self.history.push(before);
                if let Some(Action::Attack(t)) = options.get(choice) {
                    for s in combat::attack(&mut self.battle, unit, *t) {
                        self.events.push(Event::Struck(s));
                    }
                }
                self.battle.units[unit.0].acted = true;
                self.after_player_action()
            }
            (p, _) => p,
        }
    }

    fn put_back(&mut self, unit: UnitId, from: Pos) {
        self.battle.units[unit.0].pos = from;
        self.battle.rebuild_occupancy();
    }

    fn ready_units(&self) -> Vec<UnitId> {
        self.battle
            .living(Team::Player)
            .filter(|&u| !self.battle.unit(u).acted)
            .collect()
    }

    fn after_player_action(&mut self) -> Phase {
        if let Some(w) = combat::outcome(&self.battle) {
            self.events.push(Event::Over(w));
            return Phase::Over { winner: w };
        }
        match self.ready_units().first() {
            Some(&next) => {
                self.move_cursor(self.battle.unit(next).pos);
                Phase::Select
            }
            None => self.start_enemy_phase(),
        }
    }

    fn start_enemy_phase(&mut self) -> Phase {
        self.history.clear();
        self.events.push(Event::PhaseStarted(Team::Enemy));
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
            let mut d = ai::decide(&mut self.battle, &self.profiles, id);
            ai::act(&mut self.battle, &mut d);
            let moved = Event::Moved {
                unit: id,
                from: d.from,
                path: d.steps.clone(),
            };
            let strikes: Vec<Event> = d.strikes.iter().cloned().map(Event::Struck).collect();
            self.events.push(Event::EnemyDecided(Box::new(d)));
            self.events.push(moved);
            self.events.extend(strikes);
            if let Some(w) = combat::outcome(&self.battle) {
                self.events.push(Event::Over(w));
                return Phase::Over { winner: w };
            }
            return Phase::Enemy { queue };
        }
        // Everyone has acted: a new turn for the player.
        self.battle.turn += 1;
        for u in &mut self.battle.units {
            u.acted = false;
        }
        self.events.push(Event::PhaseStarted(Team::Player));
        if let Some(&h) = self.ready_units().first() {
            self.move_cursor(self.battle.unit(h).pos);
        }
        Phase::Select
    }
}
