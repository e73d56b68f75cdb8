//! The turn's phase machine as plain data: select → target → (move) → action → … → enemy
//! phase → select, driven by input intents. The front end only turns keys into [`Intent`]s,
//! draws [`Session`] and animates the [`Signal`]s it drains. Every change to the battle is a
//! command given to the rules core; its events come out here in order.

mod intent;
mod route;

pub use intent::{Action, Ask, Intent, Phase, Signal};
pub use route::{attack_cell, route_cost, trace};

use crate::ai::Ai;
use crate::model::profiles::Profiles;
use crate::model::terrain::Cost;
use crate::play::enemy::EnemyPhase;
use crate::rules::combat::{self, Forecast};
use crate::rules::{Battle, Command, Event, RuleError, UnitId};
use crate::search::grid::{Dir, Path, Pos, Team};
use crate::search::range::Range;

/// One battle being played: the board, the phase, the cursor.
#[derive(Debug, Clone)]
pub struct Session {
    battle: Battle,
    ai: Ai,
    /// Current phase.
    phase: Phase,
    /// The cursor cell.
    cursor: Pos,
    /// Show every cell an enemy could attack next turn.
    show_danger: bool,
    /// The question waiting for the player's yes or no; every other input waits.
    pending: Option<Ask>,
    /// Play happened since the battle began or was last saved ([`Session::mark_saved`]).
    unsaved: bool,
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
            ai: Ai::new(profiles),
            phase,
            cursor,
            show_danger: false,
            pending: None,
            unsaved: false,
            confirm_held: false,
            signals: vec![Signal::Rules(Event::PhaseBegan {
                team: Team::Player,
                turn,
            })],
        }
    }

    /// The current phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The cursor cell.
    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    /// True while every cell an enemy could attack next turn is shown.
    pub fn show_danger(&self) -> bool {
        self.show_danger
    }

    /// Shows or hides the danger zone (a view setting, not battle state).
    pub fn set_show_danger(&mut self, on: bool) {
        self.show_danger = on;
    }

    /// The question waiting for the player's yes or no; every other input waits.
    pub fn pending(&self) -> Option<Ask> {
        self.pending
    }

    /// The battle (read-only: it changes only through commands).
    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// The enemy profiles in force.
    pub fn profiles(&self) -> &Profiles {
        self.ai.profiles()
    }

    /// Swaps in a battle carried over by live reload (same units, same state, new numbers)
    /// and the new profiles. A range on screen is recomputed with the new numbers.
    pub fn reloaded(&mut self, battle: Battle, profiles: Profiles) {
        self.battle = battle;
        self.ai.set_profiles(profiles);
        if let Phase::Target { unit, .. } = self.phase {
            self.phase = self.target(unit);
        }
    }

    /// The battle was saved: loading over it loses nothing.
    pub fn mark_saved(&mut self) {
        self.unsaved = false;
    }

    /// The route the path arrow shows: in the target phase, the traced route to the cursor,
    /// or, with the cursor on an enemy in reach, the walk to the cell it would attack from.
    pub fn route(&self) -> Option<(Pos, Path)> {
        let Phase::Target { unit, range, trail } = &self.phase else {
            return None;
        };
        if let Some(e) = self.battle.unit_at(self.cursor)
            && self.battle.unit(e).team != self.battle.unit(*unit).team
        {
            return attack_cell(&self.battle, *unit, range, e).map(|c| (range.origin, c.path));
        }
        if trail.end(range.origin) == self.cursor && range.contains(self.cursor) {
            return Some((range.origin, trail.clone()));
        }
        range.get(self.cursor).map(|c| (range.origin, c.path.clone()))
    }

    /// The cost of the route the arrow shows and the movement left after walking it.
    pub fn route_cost(&self) -> Option<(Cost, Cost)> {
        let Phase::Target { unit, range, .. } = &self.phase else {
            return None;
        };
        let (from, path) = self.route()?;
        let cost = route_cost(&self.battle, *unit, from, &path)?;
        Some((cost, range.budget.saturating_sub(cost)))
    }

    /// True when ending the turn now would leave units unmoved.
    fn ready_left(&self) -> bool {
        self.battle.ready(Team::Player).next().is_some()
    }

    /// True when anything has been played that restarting or leaving would throw away.
    fn played(&self) -> bool {
        !matches!(self.phase, Phase::Over { .. })
            && (self.battle.turn() > 1
                || !self.battle.record().is_empty()
                || matches!(self.phase, Phase::Action { .. }))
    }

    /// True when `ask` must wait for the player's yes.
    fn needs_yes(&self, ask: Ask) -> bool {
        match ask {
            Ask::EndTurn => matches!(self.phase, Phase::Select) && self.ready_left(),
            Ask::Restart | Ask::Scenario(_) | Ask::Quit => self.played(),
            Ask::Load => self.unsaved && !matches!(self.phase, Phase::Over { .. }),
        }
    }

    /// Carries out `ask` (or hands it to the front end).
    fn grant(&mut self, ask: Ask) {
        match ask {
            Ask::EndTurn => {
                if matches!(self.phase, Phase::Select) {
                    self.phase = self.start_enemy_phase();
                }
            }
            other => self.signals.push(Signal::Granted(other)),
        }
    }

    fn target(&mut self, unit: UnitId) -> Phase {
        Phase::Target {
            unit,
            range: self.battle.range(self.ai.caches(), unit),
            trail: Path::default(),
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

    /// True when the player phase can be ended now (E, or the End turn button): in the select
    /// phase with no question open. With a unit selected, cancel first.
    pub fn can_end_turn(&self) -> bool {
        matches!(self.phase, Phase::Select) && self.pending.is_none()
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
            _ if self.pending.is_some() => {
                match intent {
                    Intent::Yes => {
                        if let Some(ask) = self.pending.take() {
                            self.grant(ask);
                        }
                    }
                    Intent::No | Intent::Cancel => {
                        self.pending = None;
                        self.signals.push(Signal::Cancelled);
                    }
                    // Anything else waits for the answer.
                    _ => {}
                }
                return;
            }
            // No question is open.
            Intent::Yes | Intent::No => return,
            Intent::Request(ask) => {
                if self.needs_yes(ask) {
                    self.pending = Some(ask);
                    self.signals.push(Signal::Asking(ask));
                } else {
                    self.grant(ask);
                }
                return;
            }
            Intent::EndTurn if self.needs_yes(Ask::EndTurn) => {
                self.pending = Some(Ask::EndTurn);
                self.signals.push(Signal::Asking(Ask::EndTurn));
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
        let saves = !matches!(cmd, Command::Restore(_));
        match self.battle.execute(cmd) {
            Ok(events) => {
                self.unsaved |= saves;
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
            return Err(RuleError::Busy);
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
        let p = Pos::new(
            to.x.clamp(0, m.width() as i32 - 1),
            to.y.clamp(0, m.height() as i32 - 1),
        );
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
            (Phase::Target { unit, range, trail }, Intent::Cursor(d)) => {
                let to = self.cursor.step(d);
                self.point_in_target(unit, range, trail, to)
            }
            (Phase::Target { unit, range, trail }, Intent::Point(to)) => self.point_in_target(unit, range, trail, to),
            (p @ (Phase::Select | Phase::Inspect { .. }), Intent::Cursor(d)) => {
                self.move_cursor(self.cursor.step(d));
                p
            }
            (p @ (Phase::Select | Phase::Inspect { .. }), Intent::Point(at)) => {
                self.move_cursor(at);
                p
            }
            (Phase::Select, Intent::NextUnit) => {
                let ready: Vec<UnitId> = self.battle.ready(Team::Player).collect();
                self.cycle(&ready);
                Phase::Select
            }
            (p @ (Phase::Select | Phase::Inspect { .. } | Phase::Target { .. }), Intent::NextEnemy) => {
                let enemies: Vec<UnitId> = self.battle.living(Team::Enemy).collect();
                match p {
                    Phase::Target { unit, range, trail } => {
                        let to = enemies
                            .iter()
                            .position(|&u| self.battle.unit(u).pos == self.cursor)
                            .map_or(0, |i| i + 1);
                        match enemies.get(to % enemies.len().max(1)) {
                            Some(&e) => {
                                let at = self.battle.unit(e).pos;
                                self.point_in_target(unit, range, trail, at)
                            }
                            None => Phase::Target { unit, range, trail },
                        }
                    }
                    p => {
                        self.cycle(&enemies);
                        p
                    }
                }
            }
            (Phase::Select | Phase::Inspect { .. }, Intent::Confirm) => match self.battle.unit_at(self.cursor) {
                Some(u) if self.battle.unit(u).team == Team::Player && !self.battle.unit(u).acted => {
                    self.signals.push(Signal::Selected(u));
                    self.target(u)
                }
                Some(e) if self.battle.unit(e).team == Team::Enemy => {
                    self.signals.push(Signal::Selected(e));
                    Phase::Inspect { enemy: e }
                }
                _ => Phase::Select,
            },
            (Phase::Inspect { .. }, Intent::Cancel) => {
                self.signals.push(Signal::Cancelled);
                Phase::Select
            }
            (Phase::Select, Intent::EndTurn) => self.start_enemy_phase(),
            (Phase::Enemy { phase }, Intent::Advance) => self.enemy_step(phase),
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
            (Phase::Target { unit, range, trail }, Intent::Confirm) => {
                // An enemy in reach: walk to the best cell to attack it from, menu on that attack.
                if let Some(e) = self.battle.unit_at(self.cursor)
                    && self.battle.unit(e).team != self.battle.unit(unit).team
                {
                    let Some(cell) = attack_cell(&self.battle, unit, &range, e) else {
                        self.signals.push(Signal::CannotGo { unit, to: self.cursor });
                        return Phase::Target { unit, range, trail };
                    };
                    if self.run(Command::Move { unit, path: cell.path }).is_err() {
                        return Phase::Target { unit, range, trail };
                    }
                    let mut menu = self.action_menu(unit);
                    if let Phase::Action { options, choice, .. } = &mut menu {
                        *choice = options.iter().position(|o| *o == Action::Attack(e)).unwrap_or(0);
                    }
                    return menu;
                }
                if !range.contains(self.cursor) {
                    self.signals.push(Signal::CannotGo { unit, to: self.cursor });
                    return Phase::Target { unit, range, trail };
                }
                // The traced route when it leads here, else the cheapest; the core checks it.
                let path = if trail.end(range.origin) == self.cursor {
                    trail.clone()
                } else {
                    range.get(self.cursor).map(|c| c.path.clone()).unwrap_or_default()
                };
                if self.run(Command::Move { unit, path }).is_err() {
                    return Phase::Target { unit, range, trail };
                }
                self.action_menu(unit)
            }
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
                self.target(unit)
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

    /// The cursor goes to `to` in the target phase; the traced route follows it.
    fn point_in_target(&mut self, unit: UnitId, range: Range, trail: Path, to: Pos) -> Phase {
        self.move_cursor(to);
        let trail = trace(&self.battle, unit, &range, &trail, self.cursor);
        Phase::Target { unit, range, trail }
    }

    /// Moves the cursor to the unit of `units` after the one under it (the first if none is).
    fn cycle(&mut self, units: &[UnitId]) {
        let after = units
            .iter()
            .position(|&u| self.battle.unit(u).pos == self.cursor)
            .map_or(0, |i| i + 1);
        if let Some(&u) = units.get(after % units.len().max(1)) {
            self.move_cursor(self.battle.unit(u).pos);
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
        let phase = EnemyPhase::begin(&self.battle);
        self.enemy_step(phase)
    }

    /// Lets the next enemy act (the enemy phase's one driver, [`EnemyPhase`]). A command the
    /// rules refuse is shown ([`Signal::Refused`]) and ends the enemy phase, so play goes on.
    fn enemy_step(&mut self, mut phase: EnemyPhase) -> Phase {
        match phase.step(&mut self.ai, &mut self.battle) {
            Ok(Some(turn)) => {
                self.unsaved = true;
                self.signals.push(Signal::Decided(Box::new(turn.decision)));
                self.signals.extend(turn.events.into_iter().map(Signal::Rules));
                if let Some((winner, _)) = self.battle.ended() {
                    return Phase::Over { winner };
                }
                return Phase::Enemy { phase };
            }
            Ok(None) => {}
            Err(e) => self.signals.push(Signal::Refused(e)),
        }
        if let Some((winner, _)) = self.battle.ended() {
            return Phase::Over { winner };
        }
        // Everyone has acted: a new turn for the player.
        match EnemyPhase::finish(&mut self.battle) {
            Ok(events) => self.signals.extend(events.into_iter().map(Signal::Rules)),
            Err(e) => {
                self.signals.push(Signal::Refused(e));
                return Phase::Enemy { phase };
            }
        }
        // The end of a turn can decide the battle (survived, the turn limit).
        if let Some((winner, _)) = self.battle.ended() {
            return Phase::Over { winner };
        }
        let first = self.battle.ready(Team::Player).next();
        if let Some(h) = first {
            self.move_cursor(self.battle.unit(h).pos);
        }
        Phase::Select
    }
}
