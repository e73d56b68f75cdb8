//! [`Battle::execute`]: the one way in. A command is checked against the rules first (a
//! refused command changes nothing and says why); an accepted one becomes events, each
//! written by [`Battle::apply`] as it is produced.

use crate::model::terrain::Cost;
use crate::model::units::{EXP_BLOW, EXP_DEFEAT, EXP_HEAL, EXP_LEVEL, Growth, MAX_LEVEL};
use crate::rng::Rng;
use crate::rules::battle::{Battle, Done};
use crate::rules::command::{Command, RuleError};
use crate::rules::event::Event;
use crate::rules::event::Roll;
use crate::rules::unit::{Snapshot, UnitId};
use crate::rules::{chance, combat};
use crate::search::grid::{Dir, Path, Pos, Team};

impl Battle {
    /// Checks `cmd` against the rules and carries it out: the events, in order, each already
    /// applied. A refused command changes nothing.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..T.."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (4, 0), "charger"))
    ///     .build()
    ///     .unwrap();
    /// let kiny = b.find("Kiny").unwrap();
    /// // Right, right (into the forest: 2), right: 4 movement points.
    /// let events = b.execute(Command::Move { unit: kiny, path: Steps::parse("222").unwrap() }).unwrap();
    /// assert_eq!(events, [Event::Moved {
    ///     unit: kiny,
    ///     from: Pos::new(0, 0),
    ///     to: Pos::new(3, 0),
    ///     path: Steps::parse("222").unwrap(),
    ///     cost: 4,
    /// }]);
    /// // Moving twice in a phase is refused, and nothing changes.
    /// let again = b.execute(Command::Move { unit: kiny, path: Steps::parse("4").unwrap() });
    /// assert_eq!(again, Err(RuleError::AlreadyMoved(kiny)));
    /// assert_eq!(b.unit(kiny).pos(), Pos::new(3, 0));
    /// ```
    pub fn execute(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let done = self.execute_unkept(cmd);
        // Under fog, the views of the battle kept for each side follow the command.
        self.keep_views_in_step();
        done
    }

    /// [`Battle::execute`] but for the kept views (see `view.rs`).
    fn execute_unkept(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        if self.ended.is_some() && !matches!(cmd, Command::Undo | Command::Restore(_)) {
            return Err(RuleError::BattleOver);
        }
        let mut out = Vec::new();
        let actor = match &cmd {
            Command::Move { unit, path } => {
                // Under fog, the path may run into a unit its side did not see: it is cut there.
                let ambush = self.ambush(*unit, path);
                let walked = ambush.as_ref().map_or(path, |a| &a.0);
                let (to, cost) = self.check_move(*unit, walked)?;
                let from = self.unit(*unit).pos;
                if ambush.is_none() || !walked.0.is_empty() {
                    self.emit(
                        &mut out,
                        Event::Moved {
                            unit: *unit,
                            from,
                            to,
                            path: walked.clone(),
                            cost,
                        },
                    );
                }
                if self.unit(*unit).team == Team::Player {
                    // Arrivals a move triggers belong to that move: undo takes both back.
                    for index in self.entered_by(from, walked) {
                        self.fire_into(&mut out, index);
                    }
                }
                if let Some((_, by, at)) = ambush {
                    // Running into the unseen ends the action (a canto unit's second move too).
                    self.emit(&mut out, Event::Ambushed { unit: *unit, by, at });
                    if !self.unit(*unit).canto {
                        self.emit(&mut out, Event::Acted { unit: *unit });
                        self.decide_action_ending(&mut out, *unit);
                    }
                }
                if self.unit(*unit).canto {
                    // The second move of a canto unit: its turn is over.
                    self.emit(
                        &mut out,
                        Event::Canto {
                            unit: *unit,
                            ready: false,
                        },
                    );
                }
                Some(*unit)
            }
            Command::Attack { unit, target } => {
                self.check_actor(*unit)?;
                if self.units.get(target.0).is_none_or(|t| !t.alive) {
                    return Err(RuleError::NoTarget {
                        unit: *unit,
                        target: *target,
                    });
                }
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
                self.decide_action_ending(&mut out, *unit);
                self.offer_canto(&mut out, *unit);
                Some(*unit)
            }
            Command::Heal { unit, target } => {
                let amount = self.check_heal(*unit, *target)?;
                let hp_before = self.unit(*target).hp;
                self.emit(
                    &mut out,
                    Event::Healed {
                        healer: *unit,
                        target: *target,
                        amount,
                        hp_before,
                        hp_left: hp_before + amount,
                    },
                );
                self.gain(&mut out, *unit, EXP_HEAL);
                self.emit(&mut out, Event::Acted { unit: *unit });
                self.decide_action_ending(&mut out, *unit);
                self.offer_canto(&mut out, *unit);
                Some(*unit)
            }
            Command::Wait { unit } if self.units.get(unit.0).is_some_and(|u| u.canto) => {
                // Waiting after acting ends a canto unit's turn where it stands.
                self.check_unit(*unit)?;
                self.emit(
                    &mut out,
                    Event::Canto {
                        unit: *unit,
                        ready: false,
                    },
                );
                Some(*unit)
            }
            Command::Wait { unit } => {
                self.check_actor(*unit)?;
                self.emit(&mut out, Event::Acted { unit: *unit });
                self.decide_action_ending(&mut out, *unit);
                Some(*unit)
            }
            Command::Wake { unit, by } => {
                self.check_unit(*unit)?;
                // Only an enemy's trigger fires; a player unit has none.
                if self.unit(*unit).team != Team::Enemy {
                    return Err(RuleError::CannotWake(*unit));
                }
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
            Command::EndPhase { team } => {
                if *team != self.active {
                    return Err(RuleError::NotYourPhase(*team));
                }
                let (team, turn) = match self.active {
                    Team::Player => (Team::Enemy, self.turn),
                    Team::Enemy => (Team::Player, self.turn.checked_add(1).ok_or(RuleError::TooManyTurns)?),
                };
                if self.active == Team::Player || self.versus {
                    self.record.push(cmd.clone());
                }
                if self.active == Team::Enemy
                    && let Some((winner, why)) = self.turn_ending()
                {
                    // The enemy phase of a turn that decides (survived, turn limit) ends the battle.
                    self.emit(&mut out, Event::BattleEnded { winner, why });
                    return Ok(out);
                }
                self.emit(&mut out, Event::PhaseBegan { team, turn });
                if team == Team::Player {
                    // The turn's start: blocked reserves try again, then the turn's events fire.
                    for e in self.retry_arrivals() {
                        self.emit(&mut out, e);
                    }
                    for index in self.due_now() {
                        self.fire_into(&mut out, index);
                    }
                }
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
        // Only the player's phase can be undone and replayed: the enemy's is recomputed
        // (unless a person plays it; a guard's wake is the AI's, never recorded).
        if self.active == Team::Player || (self.versus && !matches!(cmd, Command::Wake { .. })) {
            self.record.push(cmd.clone());
            self.journal.push(Done {
                unit: actor,
                command: cmd,
                events: out.clone(),
            });
        }
        Ok(out)
    }

    fn emit(&mut self, out: &mut Vec<Event>, e: Event) {
        self.apply(&e);
        out.push(e);
    }

    fn strike(&mut self, out: &mut Vec<Event>, att: UnitId, def: UnitId, counter: bool) {
        let mut damage = combat::damage(self, att, def);
        if self.combat.chance {
            let result = self.roll(out, att, def, counter);
            match result {
                Roll::Missed => return,
                Roll::Hit => {}
                Roll::Critical => damage = damage.saturating_mul(chance::CRIT_FACTOR),
            }
        }
        let hp_before = self.unit(def).hp;
        let hp_left = hp_before.saturating_sub(damage).max(0);
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
        let amount = if hp_left == 0 { EXP_DEFEAT } else { EXP_BLOW };
        self.gain(out, att, amount);
    }

    /// The dice of one blow under chance, in their fixed order (hit, then critical when it
    /// hits), from the battle's generator where it stands; the event moves the generator on.
    fn roll(&mut self, out: &mut Vec<Event>, att: UnitId, def: UnitId, counter: bool) -> Roll {
        let (hit, crit) = chance::odds(self, att, def).unwrap_or((100, 0));
        let mut rng = Rng::at(self.seed, self.drawn);
        let (landed, mut draws) = chance::roll_hit(&mut rng, hit, self.combat.true_hit);
        let result = if !landed {
            Roll::Missed
        } else {
            draws += 1;
            if chance::roll_crit(&mut rng, crit) {
                Roll::Critical
            } else {
                Roll::Hit
            }
        };
        self.emit(
            out,
            Event::Rolled {
                attacker: att,
                defender: def,
                counter,
                hit,
                crit,
                result,
                draws,
            },
        );
        result
    }

    /// `unit` gains `amount` experience when it is a player unit still standing and the
    /// battle counts experience, and levels up at [`EXP_LEVEL`]: its stats and movement grow
    /// by its growth (capped, so the event holds what was really added).
    pub(super) fn gain(&mut self, out: &mut Vec<Event>, unit: UnitId, amount: u32) {
        let u = self.unit(unit);
        if !self.experience || u.team != Team::Player || !u.alive || u.level >= MAX_LEVEL {
            return;
        }
        let exp = u.exp.saturating_add(amount);
        self.emit(out, Event::Gained { unit, amount, exp });
        while self.unit(unit).exp >= EXP_LEVEL && self.unit(unit).level < MAX_LEVEL {
            let u = self.unit(unit);
            let after = u.growth.apply(u.stats);
            let gains = Growth {
                hp: after.hp - u.stats.hp,
                attack: after.attack - u.stats.attack,
                defense: after.defense - u.stats.defense,
                movement: u.growth.apply_move(u.movement) as i32 - u.movement as i32,
            };
            let level = u.level + 1;
            self.emit(out, Event::LevelUp { unit, level, gains });
        }
    }

    /// A canto unit still standing after its attack or heal may move again (unless the
    /// battle is over).
    fn offer_canto(&mut self, out: &mut Vec<Event>, unit: UnitId) {
        let u = self.unit(unit);
        if self.ended.is_none() && u.alive && u.moves.canto {
            self.emit(out, Event::Canto { unit, ready: true });
        }
    }

    fn decide_ending(&mut self, out: &mut Vec<Event>) {
        if self.ended.is_none()
            && let Some((winner, why)) = self.outcome()
        {
            self.emit(out, Event::BattleEnded { winner, why });
        }
    }

    /// A seize or a held cell taken, when `unit` has just ended its action.
    fn decide_action_ending(&mut self, out: &mut Vec<Event>, unit: UnitId) {
        if self.ended.is_none()
            && let Some((winner, why)) = self.action_ending(unit)
        {
            self.emit(out, Event::BattleEnded { winner, why });
        }
    }

    /// Fires scripted event `index`, one event at a time.
    fn fire_into(&mut self, out: &mut Vec<Event>, index: usize) {
        for e in self.fire(index) {
            self.emit(out, e);
        }
    }

    fn check_unit(&self, id: UnitId) -> Result<(), RuleError> {
        let u = self.units.get(id.0).ok_or(RuleError::NoUnit(id))?;
        if u.reserve {
            return Err(RuleError::InReserve(id));
        }
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

    /// A legal heal right now: the hit points it gives.
    fn check_heal(&self, id: UnitId, target: UnitId) -> Result<i32, RuleError> {
        self.check_actor(id)?;
        let me = self.unit(id);
        let Some(heal) = me.heal else {
            return Err(RuleError::NotAHealer(id));
        };
        let not_ally = RuleError::NotAnAlly { unit: id, target };
        let t = self.units.get(target.0).ok_or(not_ally.clone())?;
        if target == id || !t.alive || t.team != me.team {
            return Err(not_ally);
        }
        if !heal.reaches(me.pos.manhattan(t.pos)) {
            return Err(RuleError::HealOutOfRange { unit: id, target });
        }
        if t.hp >= t.stats.hp {
            return Err(RuleError::FullHp { unit: id, target });
        }
        Ok(heal.power.min(t.stats.hp - t.hp))
    }

    /// A legal move right now: every step enters a cell its class can enter and no enemy
    /// holds, the total fits its movement, and it ends on a free cell (or where it stands).
    fn check_move(&self, id: UnitId, path: &Path) -> Result<(Pos, Cost), RuleError> {
        self.check_unit(id)?;
        let u = self.unit(id);
        // After it acted, only a canto unit that may move again moves, with what is left.
        let budget = match (u.acted, u.canto) {
            (true, false) => return Err(RuleError::AlreadyActed(id)),
            (true, true) => u.movement_left(),
            (false, _) if u.moved => return Err(RuleError::AlreadyMoved(id)),
            (false, _) => u.movement,
        };
        let refused = RuleError::Unreachable {
            unit: id,
            to: path.end(u.pos),
        };
        let layer = self.layer(u.class);
        let mut at = u.pos;
        let mut paid: Cost = 0;
        for (k, &d) in path.0.iter().enumerate() {
            at = at.step(d);
            let Some(c) = layer.cost(at) else {
                return Err(refused);
            };
            if self.occ.at(at) == Some(u.team.other()) {
                return Err(refused);
            }
            paid = paid.saturating_add(c);
            // A held cell is a dead end: the path may end there, never go on.
            if k + 1 < path.0.len() && !u.moves.skirmisher && self.occ.stops(at, u.team) {
                return Err(RuleError::ZoneOfControl {
                    unit: id,
                    at,
                    by: self.holder(at, u.team.other()),
                });
            }
        }
        if paid > budget || (at != u.pos && self.occ.at(at).is_some()) {
            return Err(refused);
        }
        Ok((at, paid))
    }

    /// Under fog of war, how a move of `id` along `path` runs into the unseen: the first step
    /// into a cell held by a unit of the other side that `id`'s side does not see (the mover
    /// stops before it), or into a cell in the zone of control of such a unit that the path
    /// goes on through (it stops on it). Returns the steps it walks (backed up to a cell
    /// where it may stand: not another unit's), the unit it ran into and where it stops.
    /// `None` without fog, or when the path meets nothing unseen (a path into what its side
    /// sees is checked, and refused, as before).
    fn ambush(&self, id: UnitId, path: &Path) -> Option<(Path, UnitId, Pos)> {
        if !self.fog {
            return None;
        }
        let u = self.units.get(id.0)?;
        let foe = u.team.other();
        let mut sight = None;
        let mut at = u.pos;
        let mut cut = None;
        for (k, &d) in path.0.iter().enumerate() {
            at = at.step(d);
            if !self.map.contains(at) {
                return None;
            }
            if self.occ.at(at) == Some(foe) {
                let by = self.unit_at(at)?;
                if sight.get_or_insert_with(|| self.sight(u.team)).sees(at) {
                    return None;
                }
                cut = Some((k, by));
                break;
            }
            if k + 1 < path.0.len() && !u.moves.skirmisher && self.occ.stops(at, u.team) {
                let holders: Vec<UnitId> = Dir::ALL
                    .iter()
                    .filter_map(|&d| self.unit_at(at.step(d)))
                    .filter(|&h| self.unit(h).team == foe && self.unit(h).moves.zoc)
                    .collect();
                let seen = sight.get_or_insert_with(|| self.sight(u.team));
                if holders.is_empty() || holders.iter().any(|&h| seen.sees(self.unit(h).pos)) {
                    return None;
                }
                cut = Some((k + 1, holders[0]));
                break;
            }
        }
        let (mut n, by) = cut?;
        let cell = |n: usize| path.0[..n].iter().fold(u.pos, |p, &d| p.step(d));
        while n > 0 && self.occ.at(cell(n)).is_some() {
            n -= 1;
        }
        Some((Path(path.0[..n].to_vec()), by, cell(n)))
    }

    /// The unit of `team` holding `at` in its zone of control (the first next to it in
    /// direction order up, right, down, left); `at` must be held.
    fn holder(&self, at: Pos, team: Team) -> UnitId {
        Dir::ALL
            .iter()
            .filter_map(|&d| self.unit_at(at.step(d)))
            .find(|&id| {
                let u = self.unit(id);
                u.team == team && u.moves.zoc
            })
            .expect("a held cell has a holder next to it")
    }

    /// A snapshot fits when it has every unit, and every unit stands on the map on a cell its
    /// class can enter, no two living units share a cell, and hit points are possible.
    fn check_snapshot(&self, s: &Snapshot) -> Result<(), RuleError> {
        if s.scenario != self.fingerprint() {
            return Err(RuleError::BadSnapshot(
                "the snapshot is of another scenario (its fingerprint differs)".into(),
            ));
        }
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
        if !s.fired.is_empty() && s.fired.len() != self.goals.scripts.len() {
            return Err(RuleError::BadSnapshot(format!(
                "{} scripted events where the battle has {}",
                s.fired.len(),
                self.goals.scripts.len()
            )));
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
            if st.alive && st.reserve {
                return Err(RuleError::BadSnapshot(format!(
                    "unit {name:?} is both on the board and in reserve"
                )));
            }
            if st.level == 0 || st.level > MAX_LEVEL || st.exp >= EXP_LEVEL {
                return Err(RuleError::BadSnapshot(format!(
                    "unit {name:?} has impossible level {} or experience {}",
                    st.level, st.exp
                )));
            }
            let max_hp = st.grown.apply(u.base_stats()).hp;
            let hp_ok = if st.alive || st.reserve { st.hp > 0 } else { st.hp == 0 };
            if st.hp < 0 || st.hp > max_hp || !hp_ok {
                return Err(RuleError::BadSnapshot(format!(
                    "unit {name:?} has impossible hit points {}",
                    st.hp
                )));
            }
        }
        Ok(())
    }
}
