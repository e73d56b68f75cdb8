//! Commands and [`Battle::execute`]: the one way in. A command is checked against the rules
//! first (a refused command changes nothing and says why with a [`RuleError`]); an accepted
//! one becomes events, each written by [`Battle::apply`] as it is produced.

use crate::load::terrain::Cost;
use crate::rules::battle::{Battle, Done, Snapshot, UnitId};
use crate::rules::combat;
use crate::rules::event::Event;
use crate::search::grid::{Path, Pos, Team};

/// What a side (a player's input, the AI, a replay, a test) asks the battle to do.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// End the active side's phase: the other side's phase begins (a new turn after the enemy's).
    EndPhase,
    /// Take back the last unit's commands of this player phase (its move, and its attack
    /// or wait if confirmed).
    Undo,
    /// Put a saved state on the board (resume a save, keep a battle across a live reload).
    Restore(Box<Snapshot>),
}

/// Why a command was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// No unit with this id.
    NoUnit(UnitId),
    /// The unit has been defeated.
    Defeated(UnitId),
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
    /// The target is not a living unit of the other side within the attacker's range.
    OutOfRange {
        /// The attacker.
        unit: UnitId,
        /// The target.
        target: UnitId,
    },
    /// The guard is awake already, or the waker is no living foe.
    CannotWake(UnitId),
    /// Undo outside the player's phase, or nothing to take back.
    NothingToUndo,
    /// The battle is decided: nothing but undo and restore is accepted.
    BattleOver,
    /// A snapshot that does not fit this battle.
    BadSnapshot(String),
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleError::NoUnit(u) => write!(f, "no unit #{}", u.0),
            RuleError::Defeated(u) => write!(f, "unit #{} has been defeated", u.0),
            RuleError::NotItsPhase(u) => write!(f, "unit #{} cannot act in the other side's phase", u.0),
            RuleError::AlreadyMoved(u) => write!(f, "unit #{} has already moved this phase", u.0),
            RuleError::AlreadyActed(u) => write!(f, "unit #{} has already acted this phase", u.0),
            RuleError::Unreachable { unit, to } => write!(f, "unit #{} cannot move to {to} along that path", unit.0),
            RuleError::OutOfRange { unit, target } => {
                write!(
                    f,
                    "unit #{} cannot attack unit #{} from where it stands",
                    unit.0, target.0
                )
            }
            RuleError::CannotWake(u) => write!(f, "unit #{} cannot wake now", u.0),
            RuleError::NothingToUndo => write!(f, "nothing to undo"),
            RuleError::BattleOver => write!(f, "the battle is over"),
            RuleError::BadSnapshot(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for RuleError {}

impl RuleError {
    /// The refusal in words with the units' names (the `Display` form names ids only).
    pub fn describe(&self, b: &Battle) -> String {
        let n = |u: &UnitId| b.units().get(u.0).map_or(format!("unit #{}", u.0), |x| x.name.clone());
        match self {
            RuleError::NoUnit(u) => format!("no unit #{}", u.0),
            RuleError::Defeated(u) => format!("{} has been defeated", n(u)),
            RuleError::NotItsPhase(u) => format!("{} cannot act in the other side's phase", n(u)),
            RuleError::AlreadyMoved(u) => format!("{} has already moved this phase", n(u)),
            RuleError::AlreadyActed(u) => format!("{} has already acted this phase", n(u)),
            RuleError::Unreachable { unit, to } => format!("{} cannot move to {to} along that path", n(unit)),
            RuleError::OutOfRange { unit, target } => {
                format!("{} cannot attack {} from where it stands", n(unit), n(target))
            }
            RuleError::CannotWake(u) => format!("{} cannot wake now", n(u)),
            other => other.to_string(),
        }
    }
}

impl Battle {
    /// Checks `cmd` against the rules and carries it out: the events, in order, each already
    /// applied. A refused command changes nothing.
    pub fn execute(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        if self.ended.is_some() && !matches!(cmd, Command::Undo | Command::Restore(_)) {
            return Err(RuleError::BattleOver);
        }
        let mut out = Vec::new();
        let actor = match &cmd {
            Command::Move { unit, path } => {
                let (to, cost) = self.check_move(*unit, path)?;
                let from = self.unit(*unit).pos;
                self.emit(
                    &mut out,
                    Event::Moved {
                        unit: *unit,
                        from,
                        to,
                        path: path.clone(),
                        cost,
                    },
                );
                Some(*unit)
            }
            Command::Attack { unit, target } => {
                self.check_actor(*unit)?;
                if !combat::can_attack(self, *unit, *target) {
                    return Err(RuleError::OutOfRange {
                        unit: *unit,
                        target: *target,
                    });
                }
                self.strike(&mut out, *unit, *target, false);
                if self.unit(*target).alive && combat::can_attack(self, *target, *unit) {
                    self.strike(&mut out, *target, *unit, true);
                }
                self.emit(&mut out, Event::Acted { unit: *unit });
                self.decide_ending(&mut out);
                Some(*unit)
            }
            Command::Wait { unit } => {
                self.check_actor(*unit)?;
                self.emit(&mut out, Event::Acted { unit: *unit });
                Some(*unit)
            }
            Command::Wake { unit, by } => {
                self.check_unit(*unit)?;
                let foe = self
                    .units
                    .get(by.0)
                    .filter(|b| b.alive && b.team != self.unit(*unit).team);
                if self.unit(*unit).triggered || foe.is_none() {
                    return Err(RuleError::CannotWake(*unit));
                }
                self.emit(&mut out, Event::GuardWoke { unit: *unit, by: *by });
                Some(*unit)
            }
            Command::EndPhase => {
                let (team, turn) = match self.active {
                    Team::Player => (Team::Enemy, self.turn),
                    Team::Enemy => (Team::Player, self.turn + 1),
                };
                if self.active == Team::Player {
                    self.record.push(cmd.clone());
                }
                self.emit(&mut out, Event::PhaseBegan { team, turn });
                return Ok(out);
            }
            Command::Undo => {
                if !self.can_undo() {
                    return Err(RuleError::NothingToUndo);
                }
                let unit = self.undo_unit();
                while self.journal.last().is_some_and(|d| d.unit == unit) {
                    let Some(done) = self.journal.pop() else { break };
                    for e in done.events.iter().rev() {
                        self.emit(&mut out, Event::Reverted(Box::new(e.clone())));
                    }
                    if self.record.last() == Some(&done.command) {
                        self.record.pop();
                    }
                }
                return Ok(out);
            }
            Command::Restore(s) => {
                self.check_snapshot(s)?;
                self.emit(&mut out, Event::Restored(s.clone()));
                return Ok(out);
            }
        };
        if self.active == Team::Player {
            self.record.push(cmd.clone());
        }
        self.journal.push(Done {
            unit: actor,
            command: cmd,
            events: out.clone(),
        });
        Ok(out)
    }

    fn emit(&mut self, out: &mut Vec<Event>, e: Event) {
        self.apply(&e);
        out.push(e);
    }

    fn strike(&mut self, out: &mut Vec<Event>, att: UnitId, def: UnitId, counter: bool) {
        let damage = combat::damage(self, att, def);
        let hp_before = self.unit(def).hp;
        let hp_left = (hp_before - damage).max(0);
        self.emit(
            out,
            Event::Struck {
                attacker: att,
                defender: def,
                damage,
                hp_before,
                hp_left,
                counter,
            },
        );
        if hp_left == 0 {
            self.emit(out, Event::Defeated { unit: def });
        }
    }

    fn decide_ending(&mut self, out: &mut Vec<Event>) {
        if let Some((winner, why)) = combat::outcome(self) {
            self.emit(out, Event::BattleEnded { winner, why });
        }
    }

    fn check_unit(&self, id: UnitId) -> Result<(), RuleError> {
        let u = self.units.get(id.0).ok_or(RuleError::NoUnit(id))?;
        if !u.alive {
            return Err(RuleError::Defeated(id));
        }
        if u.team != self.active {
            return Err(RuleError::NotItsPhase(id));
        }
        Ok(())
    }

    fn check_actor(&self, id: UnitId) -> Result<(), RuleError> {
        self.check_unit(id)?;
        if self.unit(id).acted {
            return Err(RuleError::AlreadyActed(id));
        }
        Ok(())
    }

    /// A legal move right now: every step enters a cell its class can enter and no enemy
    /// holds, the total fits its movement, and it ends on a free cell (or where it stands).
    fn check_move(&self, id: UnitId, path: &Path) -> Result<(Pos, Cost), RuleError> {
        self.check_actor(id)?;
        let u = self.unit(id);
        if u.moved {
            return Err(RuleError::AlreadyMoved(id));
        }
        let refused = RuleError::Unreachable {
            unit: id,
            to: path.end(u.pos),
        };
        let layer = self.layer(u.class);
        let mut at = u.pos;
        let mut paid: Cost = 0;
        for &d in &path.0 {
            at = at.step(d);
            let Some(c) = layer.cost(at) else {
                return Err(refused);
            };
            if self.occ.at(at) == Some(u.team.other()) {
                return Err(refused);
            }
            paid = paid.saturating_add(c);
        }
        if paid > u.movement || (at != u.pos && self.occ.at(at).is_some()) {
            return Err(refused);
        }
        Ok((at, paid))
    }

    /// A snapshot fits when it has every unit, and every unit stands on the map on a cell its
    /// class can enter, no two living units share a cell, and hit points are possible.
    fn check_snapshot(&self, s: &Snapshot) -> Result<(), RuleError> {
        if s.units.len() != self.units.len() {
            return Err(RuleError::BadSnapshot(format!(
                "{} units where the battle has {}",
                s.units.len(),
                self.units.len()
            )));
        }
        if s.turn == 0 {
            return Err(RuleError::BadSnapshot("turn 0: turns count from 1".into()));
        }
        let mut seen = std::collections::HashSet::new();
        for (u, st) in self.units.iter().zip(&s.units) {
            let name = &u.name;
            if !self.map.contains(st.at) {
                return Err(RuleError::BadSnapshot(format!(
                    "unit {name:?} is off the map at {}",
                    st.at
                )));
            }
            if self.layer(u.class).cost(st.at).is_none() {
                return Err(RuleError::BadSnapshot(format!(
                    "unit {name:?} stands at {} where its class cannot enter",
                    st.at
                )));
            }
            if st.alive && !seen.insert(st.at) {
                return Err(RuleError::BadSnapshot(format!(
                    "unit {name:?} shares cell {} with another unit",
                    st.at
                )));
            }
            if st.hp < 0 || st.hp > u.stats.hp || (st.alive && st.hp == 0) || (!st.alive && st.hp != 0) {
                return Err(RuleError::BadSnapshot(format!(
                    "unit {name:?} has impossible hit points {}",
                    st.hp
                )));
            }
        }
        Ok(())
    }
}
