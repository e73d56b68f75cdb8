//! The turn's phase machine as plain data: select → target → (move) → action → … → enemy
//! phase → select, driven by input intents. The front end only turns keys into [`Intent`]s,
//! draws [`Session`] and animates the [`Signal`]s it drains. Every change to the battle is a
//! command given to the rules core; its events come out here in order.

mod intent;
mod route;
mod step;
mod turns;

pub use intent::{Action, Ask, Intent, Phase, Signal};
pub use route::{attack_cell, route_cost, trace};

use crate::ai::Ai;
use crate::model::profiles::Profiles;
use crate::model::terrain::Cost;
use crate::play::enemy::EnemyPhase;
use crate::rules::combat::{self, Forecast};
use crate::rules::{Battle, Command, Event, RuleError, UnitId};
use crate::search::grid::{Path, Pos, Team};
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
    /// After the last ready unit acts, the enemy phase starts by itself (true, the default of
    /// the engine and of headless play); off, the player ends the turn and may still undo.
    auto_end_turn: bool,
    /// The unit the next-unit cycle last stood on (visited with N or just acted), so that N
    /// goes on from there in roster order when the cursor is on no player unit.
    visited: Option<UnitId>,
    /// The range of a canto unit's second move, shown with its Move / Wait menu.
    canto_range: Option<Range>,
    /// The unit whose action was last taken back: the next N goes to it while it is still to
    /// act (issue 33's play: after an undo, N went on to the unit after it in the roster).
    undone: Option<UnitId>,
}

impl Session {
    /// A battle at its player phase, cursor on the first unit ready to act (else the hero).
    /// A battle restored in the enemy's phase (from a save made during it) goes on with the
    /// enemies yet to act, one per [`Intent::Advance`].
    pub fn new(battle: Battle, profiles: Profiles) -> Session {
        let side = if battle.versus() { battle.active() } else { Team::Player };
        let cursor = battle
            .ready(side)
            .next()
            .or(battle.hero())
            .map_or(Pos::new(0, 0), |h| battle.unit(h).pos);
        let turn = battle.turn();
        let battle_team = match battle.ended() {
            None => battle.active(),
            Some(_) => Team::Player,
        };
        let phase = match battle.ended() {
            Some((winner, _)) => Phase::Over { winner },
            None if battle.active() == Team::Enemy && !battle.versus() => Phase::Enemy {
                phase: EnemyPhase::begin(&battle),
            },
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
            auto_end_turn: true,
            visited: None,
            canto_range: None,
            undone: None,
            signals: vec![Signal::Rules(Event::PhaseBegan {
                team: battle_team,
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
        match self.phase {
            Phase::Target { unit, .. } => self.phase = self.target(unit),
            Phase::Action { unit, .. } if self.canto_range().is_some() => self.phase = self.canto_menu(unit),
            _ => {}
        }
    }

    /// While a canto unit's Move / Wait menu is open (after it attacked or healed): the cells
    /// its second move reaches with the movement it has left, zones of control applying.
    /// `None` in every other phase.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::profiles::Profiles;
    /// use skirmish_core::model::units::MoveRules;
    /// use skirmish_core::play::phase::{Action, Intent, Phase, Session};
    /// let canto = MoveRules { canto: true, ..MoveRules::default() };
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)).moves(canto))
    ///     .unit(UnitSpec::enemy("Brute", (1, 0), "guard"))
    ///     .build()
    ///     .unwrap();
    /// let mut s = Session::new(b, Profiles::default());
    /// assert!(s.canto_range().is_none());
    /// // Select Kiny, stay (the menu opens on the attack), attack.
    /// for i in [Intent::Confirm, Intent::Release, Intent::Confirm, Intent::Release, Intent::Confirm] {
    ///     s.input(i);
    /// }
    /// assert!(matches!(s.phase(), Phase::Action { options, .. } if options == &[Action::Move, Action::Wait]));
    /// assert_eq!(s.canto_range().map(|r| r.budget()), Some(5));
    /// ```
    pub fn canto_range(&self) -> Option<&Range> {
        self.canto_range.as_ref().filter(|_| self.phase.is_canto_menu())
    }

    /// True when the enemy phase starts by itself once every player unit has acted.
    pub fn auto_end_turn(&self) -> bool {
        self.auto_end_turn
    }

    /// Switches the automatic end of turn: off, the phase stays the player's after the last
    /// unit acts (so its action can still be undone) until the turn is ended.
    pub fn set_auto_end_turn(&mut self, on: bool) {
        self.auto_end_turn = on;
    }

    /// The player's living units in the order a roster strip shows them (the scenario's
    /// order); [`Intent::NextUnit`] visits the ready ones in this order. In a versus battle,
    /// those of the side whose phase it is.
    pub fn roster(&self) -> Vec<UnitId> {
        self.battle.living(self.side()).collect()
    }

    /// The side whose units the input moves: the player's, or in a versus battle
    /// ([`Battle::with_versus`]) the side whose phase it is (both sides are people).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::profiles::Profiles;
    /// use skirmish_core::play::phase::{Intent, Phase, Session};
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (4, 0), "charger"))
    ///     .build()
    ///     .unwrap()
    ///     .with_versus(true);
    /// let mut s = Session::new(b, Profiles::default());
    /// s.set_auto_end_turn(false);
    /// assert_eq!(s.side(), Team::Player);
    /// s.input(Intent::EndTurn);
    /// s.input(Intent::Yes); // Kiny has not acted: ending the turn asks first
    /// // The enemy side's person selects the Brute: no AI plays it.
    /// assert_eq!((s.side(), s.phase()), (Team::Enemy, &Phase::Select));
    /// s.input(Intent::Point(Pos::new(4, 0)));
    /// s.input(Intent::Confirm);
    /// assert!(matches!(s.phase(), Phase::Target { .. }));
    /// ```
    pub fn side(&self) -> Team {
        if self.battle.versus() {
            self.battle.active()
        } else {
            Team::Player
        }
    }

    /// True when every player unit has acted and the phase waits for the player to end it.
    pub fn all_acted(&self) -> bool {
        matches!(self.phase, Phase::Select) && self.pending.is_none() && !self.ready_left()
    }

    /// True when play would be lost by quitting: something changed since the battle began
    /// or was last saved.
    pub fn unsaved(&self) -> bool {
        self.unsaved && !matches!(self.phase, Phase::Over { .. })
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
        // A canto unit's second move attacks nobody: the arrow goes where the cursor is.
        if let Some(e) = self.battle.unit_at(self.cursor)
            && self.battle.unit(e).team != self.battle.unit(*unit).team
            && !self.battle.unit(*unit).may_canto()
        {
            return attack_cell(&self.battle, *unit, range, e).and_then(|c| Some((range.origin, range.path(c.at)?)));
        }
        if trail.end(range.origin) == self.cursor && range.contains(self.cursor) {
            return Some((range.origin, trail.clone()));
        }
        range.path(self.cursor).map(|path| (range.origin, path))
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
        self.battle.ready(self.side()).next().is_some()
    }

    /// True when a player unit that can still act is not holding a cell to defend (standing
    /// on it, not moved this turn).
    fn unheld_ready_left(&self) -> bool {
        let hold = &self.battle.goals().hold;
        self.battle.ready(self.side()).any(|u| {
            let unit = self.battle.unit(u);
            unit.moved || !hold.contains(&unit.pos)
        })
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
            // A unit left standing on a cell to defend holds it: ending the turn does not ask
            // about it (issue 33: the question came every turn while a unit held the ford).
            Ask::EndTurn => matches!(self.phase, Phase::Select) && self.unheld_ready_left(),
            Ask::Restart | Ask::Scenario(_) => self.played(),
            // Right after a save nothing is lost by quitting.
            Ask::Quit => self.played() && self.unsaved,
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
        (matches!(self.phase, Phase::Select) || self.canto_range().is_some()) && self.battle.can_undo()
    }

    /// The battle as a save should keep it: a move not yet confirmed is taken back.
    pub fn settled_battle(&self) -> Result<Battle, String> {
        match &self.phase {
            Phase::Enemy { .. } => Err("cannot save during the enemy phase: wait for your turn".into()),
            // A canto unit's Move / Wait menu: its blow is done, the save keeps the move left.
            Phase::Action { .. } if self.canto_range().is_some() => Ok(self.battle.clone()),
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
                // A canto unit's second move ends its turn: no menu follows.
                let second = self.battle.try_unit(unit).is_some_and(|u| u.may_canto());
                self.run(cmd)?;
                self.move_cursor(self.battle.unit(unit).pos);
                self.phase = match self.battle.ended() {
                    Some((winner, _)) if second => Phase::Over { winner },
                    None if second => Phase::Select,
                    _ => self.action_menu(unit),
                };
            }
            Command::Attack { unit, .. } | Command::Heal { unit, .. } | Command::Wait { unit } => {
                self.run(cmd)?;
                self.move_cursor(self.battle.unit(unit).pos);
                // The record holds the end of the phase as its own command.
                self.phase = match self.battle.ended() {
                    Some((winner, _)) => Phase::Over { winner },
                    None => Phase::Select,
                };
            }
            Command::EndPhase { .. } => self.phase = self.start_enemy_phase(),
            other => {
                self.run(other)?;
            }
        }
        Ok(())
    }
}
