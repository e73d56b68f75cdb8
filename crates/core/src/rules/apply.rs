//! [`Battle::apply`]: the only code that writes battle state, one event at a time.

use crate::model::units::EXP_LEVEL;
use crate::rules::battle::Battle;
use crate::rules::event::Event;

impl Battle {
    /// Writes one event into the battle: the only function that changes battle state.
    pub(crate) fn apply(&mut self, e: &Event) {
        self.unsee(e);
        self.kept.note(e);
        match e {
            Event::PhaseBegan { team, turn } => {
                self.active = *team;
                self.turn = *turn;
                for u in &mut self.units {
                    u.moved = false;
                    u.acted = false;
                    u.spent = 0;
                    u.canto = false;
                }
                self.journal.clear();
            }
            Event::GuardWoke { unit, .. } => self.units[unit.0].triggered = true,
            Event::Moved {
                unit, from, to, cost, ..
            } => {
                let u = &mut self.units[unit.0];
                u.spent = u.spent.saturating_add(*cost);
                self.occ.clear(*from);
                self.occ.place(*to, u.team);
                if u.moves.zoc {
                    self.occ.release(*from, u.team);
                    self.occ.hold(*to, u.team);
                }
                u.pos = *to;
                // A canto move is the second of the phase: `moved` says the first was made.
                if !u.canto {
                    u.moved = true;
                }
            }
            Event::Struck { defender, hp_left, .. } => self.units[defender.0].hp = *hp_left,
            Event::Rolled { draws, .. } => self.drawn = self.drawn.wrapping_add(u64::from(*draws)),
            Event::Healed { target, hp_left, .. } => self.units[target.0].hp = *hp_left,
            Event::Defeated { unit } => {
                let u = &mut self.units[unit.0];
                u.alive = false;
                u.hp = 0;
                self.occ.clear(u.pos);
                if u.moves.zoc {
                    self.occ.release(u.pos, u.team);
                }
            }
            Event::Acted { unit } => self.units[unit.0].acted = true,
            // What it tells is read from the board (sight follows positions): nothing to write.
            Event::Ambushed { .. } => {}
            Event::Canto { unit, ready } => self.units[unit.0].canto = *ready,
            Event::BattleEnded { winner, why } => self.ended = Some((*winner, *why)),
            Event::ScriptFired { index } => self.fired[*index] = true,
            Event::Said { .. } => {}
            Event::Arrived { unit, at } => {
                let u = &mut self.units[unit.0];
                u.reserve = false;
                u.waiting = false;
                u.alive = true;
                u.pos = *at;
                self.occ.place(*at, u.team);
                if u.moves.zoc {
                    self.occ.hold(*at, u.team);
                }
            }
            Event::ArrivalBlocked { unit, .. } => self.units[unit.0].waiting = true,
            Event::Woken { unit } => self.units[unit.0].triggered = true,
            Event::Gained { unit, amount, .. } => {
                let u = &mut self.units[unit.0];
                u.exp = u.exp.saturating_add(*amount);
            }
            Event::LevelUp { unit, level, gains } => {
                let u = &mut self.units[unit.0];
                u.level = *level;
                u.exp = u.exp.saturating_sub(EXP_LEVEL);
                u.stats = gains.apply(u.stats);
                u.movement = gains.apply_move(u.movement);
                u.grown = u.grown.plus(*gains);
                u.hp = (u.hp.saturating_add(gains.hp)).clamp(1, u.stats.hp);
            }
            Event::Reverted(inner) => self.revert(inner),
            Event::Restored(s) => {
                self.turn = s.turn;
                self.active = s.active;
                self.seed = s.seed;
                self.drawn = s.drawn;
                for (u, st) in self.units.iter_mut().zip(&s.units) {
                    // Stats are the scenario's plus what level-ups added: take this
                    // battle's growth off and put the snapshot's on.
                    u.stats = st.grown.apply(u.base_stats());
                    u.movement = st.grown.apply_move(u.base_movement());
                    u.grown = st.grown;
                    u.level = st.level;
                    u.exp = st.exp;
                    u.pos = st.at;
                    u.hp = st.hp;
                    u.alive = st.alive;
                    u.moved = st.moved;
                    u.acted = st.acted;
                    u.spent = st.spent;
                    u.canto = st.canto;
                    u.triggered = st.triggered;
                    u.reserve = st.reserve;
                    u.waiting = st.waiting;
                }
                if s.fired.is_empty() {
                    self.fired.iter_mut().for_each(|f| *f = false);
                } else {
                    self.fired.clone_from(&s.fired);
                }
                self.occ = crate::search::range::Occupancy::new(self.map.layout());
                for u in self.units.iter().filter(|u| u.alive) {
                    self.occ.place(u.pos, u.team);
                    if u.moves.zoc {
                        self.occ.hold(u.pos, u.team);
                    }
                }
                self.ended = self.outcome();
                self.journal.clear();
            }
        }
    }

    /// Forgets the sight (fog of war) that `e` changes: a side's sight follows only where
    /// its living units stand (their vision and the terrain never change), so it is worked
    /// out again after one of them moves, falls or arrives (or is put back), not after
    /// every event.
    fn unsee(&mut self, e: &Event) {
        match e {
            Event::Moved { unit, .. } | Event::Defeated { unit } | Event::Arrived { unit, .. } => {
                let team = self.units[unit.0].team;
                self.seen[crate::rules::battle::side(team)] = Default::default();
            }
            Event::Reverted(inner) => self.unsee(inner),
            Event::Restored(_) => self.seen = Default::default(),
            // Nobody stands elsewhere after these.
            Event::PhaseBegan { .. }
            | Event::GuardWoke { .. }
            | Event::Struck { .. }
            | Event::Rolled { .. }
            | Event::Healed { .. }
            | Event::Acted { .. }
            | Event::Ambushed { .. }
            | Event::Canto { .. }
            | Event::BattleEnded { .. }
            | Event::ScriptFired { .. }
            | Event::Said { .. }
            | Event::ArrivalBlocked { .. }
            | Event::Woken { .. }
            | Event::Gained { .. }
            | Event::LevelUp { .. } => {}
        }
    }

    /// Takes one event back (part of [`Battle::apply`] for [`Event::Reverted`]).
    fn revert(&mut self, e: &Event) {
        match e {
            Event::GuardWoke { unit, .. } => self.units[unit.0].triggered = false,
            Event::Moved {
                unit, from, to, cost, ..
            } => {
                let u = &mut self.units[unit.0];
                u.spent = u.spent.saturating_sub(*cost);
                self.occ.clear(*to);
                self.occ.place(*from, u.team);
                if u.moves.zoc {
                    self.occ.release(*to, u.team);
                    self.occ.hold(*from, u.team);
                }
                u.pos = *from;
                if !u.canto {
                    u.moved = false;
                }
            }
            Event::Struck {
                defender, hp_before, ..
            } => self.units[defender.0].hp = *hp_before,
            Event::Healed { target, hp_before, .. } => self.units[target.0].hp = *hp_before,
            Event::Rolled { draws, .. } => self.drawn = self.drawn.wrapping_sub(u64::from(*draws)),
            Event::Defeated { unit } => {
                let u = &mut self.units[unit.0];
                u.alive = true;
                self.occ.place(u.pos, u.team);
                if u.moves.zoc {
                    self.occ.hold(u.pos, u.team);
                }
            }
            Event::Acted { unit } => self.units[unit.0].acted = false,
            Event::Ambushed { .. } => {}
            Event::Canto { unit, ready } => self.units[unit.0].canto = !*ready,
            Event::BattleEnded { .. } => self.ended = None,
            Event::ScriptFired { index } => self.fired[*index] = false,
            Event::Arrived { unit, at } => {
                let u = &mut self.units[unit.0];
                u.reserve = true;
                u.alive = false;
                self.occ.clear(*at);
                if u.moves.zoc {
                    self.occ.release(*at, u.team);
                }
            }
            Event::ArrivalBlocked { unit, .. } => self.units[unit.0].waiting = false,
            Event::Woken { unit } => self.units[unit.0].triggered = false,
            Event::Said { .. } => {}
            Event::Gained { unit, amount, .. } => {
                let u = &mut self.units[unit.0];
                u.exp = u.exp.saturating_sub(*amount);
            }
            Event::LevelUp { unit, level, gains } => {
                let u = &mut self.units[unit.0];
                u.level = level.saturating_sub(1).max(1);
                u.exp = u.exp.saturating_add(EXP_LEVEL);
                u.hp = u.hp.saturating_sub(gains.hp).max(1);
                u.stats = gains.times(-1).apply(u.stats);
                u.movement = gains.times(-1).apply_move(u.movement);
                u.grown = u.grown.plus(gains.times(-1));
            }
            // Phase changes and restores clear the journal, so undo never reaches them.
            Event::PhaseBegan { .. } | Event::Restored(_) | Event::Reverted(_) => {}
        }
    }
}
