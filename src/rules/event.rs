//! What happened in a battle, as events, and [`Battle::apply`]: the only code that writes
//! battle state. Events name units by [`UnitId`]; names appear only in [`Event::to_json`]
//! and [`Event::describe`], for people and tools.

use crate::load::terrain::Cost;
use crate::rules::battle::{Battle, Snapshot, UnitId};
use crate::search::grid::{Path, Pos, Team};
use serde_json::{Value, json};

/// Why a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// No enemy stands.
    EnemiesDefeated,
    /// The hero (the first player unit of the scenario) fell.
    HeroFell(UnitId),
    /// Every player unit fell.
    PlayersFell,
}

impl Ending {
    /// The reason in words, e.g. "Kiny fell".
    pub fn describe(&self, b: &Battle) -> String {
        match self {
            Ending::EnemiesDefeated => "every enemy was defeated".into(),
            Ending::HeroFell(h) => format!("{} fell", b.name(*h)),
            Ending::PlayersFell => "every player unit fell".into(),
        }
    }
}

/// One thing that happened, in order. Applying the events of a command to the battle as it
/// was before the command gives the battle after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A side's phase began; every unit's moved and acted flags are cleared.
    PhaseBegan {
        /// The side.
        team: Team,
        /// The turn number.
        turn: u32,
    },
    /// A guard woke up (it chases for the rest of the battle).
    GuardWoke {
        /// The guard.
        unit: UnitId,
        /// The player unit that came within its trigger.
        by: UnitId,
    },
    /// A unit walked along a path.
    Moved {
        /// The mover.
        unit: UnitId,
        /// Its cell before.
        from: Pos,
        /// Its cell after.
        to: Pos,
        /// The steps, one per cell entered.
        path: Path,
        /// Movement points paid.
        cost: Cost,
    },
    /// A blow.
    Struck {
        /// Who struck.
        attacker: UnitId,
        /// Who was hit.
        defender: UnitId,
        /// The blow's damage.
        damage: i32,
        /// The defender's hit points before.
        hp_before: i32,
        /// The defender's hit points after (never below 0).
        hp_left: i32,
        /// True for the defender's strike back.
        counter: bool,
    },
    /// A unit fell and left the board.
    Defeated {
        /// The fallen unit.
        unit: UnitId,
    },
    /// A unit finished its action for this phase.
    Acted {
        /// The unit.
        unit: UnitId,
    },
    /// The battle is decided.
    BattleEnded {
        /// The winning side.
        winner: Team,
        /// Why.
        why: Ending,
    },
    /// An earlier event taken back by undo.
    Reverted(Box<Event>),
    /// A saved state was put on the board (resume, reload).
    Restored(Box<Snapshot>),
}

impl Battle {
    /// Writes one event into the battle: the only function that changes battle state.
    pub fn apply(&mut self, e: &Event) {
        match e {
            Event::PhaseBegan { team, turn } => {
                self.active = *team;
                self.turn = *turn;
                for u in &mut self.units {
                    u.moved = false;
                    u.acted = false;
                }
                self.journal.clear();
            }
            Event::GuardWoke { unit, .. } => self.units[unit.0].triggered = true,
            Event::Moved { unit, from, to, .. } => {
                let u = &mut self.units[unit.0];
                self.occ.clear(*from);
                self.occ.place(*to, u.team);
                u.pos = *to;
                u.moved = true;
            }
            Event::Struck { defender, hp_left, .. } => self.units[defender.0].hp = *hp_left,
            Event::Defeated { unit } => {
                let u = &mut self.units[unit.0];
                u.alive = false;
                u.hp = 0;
                self.occ.clear(u.pos);
            }
            Event::Acted { unit } => self.units[unit.0].acted = true,
            Event::BattleEnded { winner, why } => self.ended = Some((*winner, *why)),
            Event::Reverted(inner) => self.revert(inner),
            Event::Restored(s) => {
                self.turn = s.turn;
                self.active = s.active;
                for (u, st) in self.units.iter_mut().zip(&s.units) {
                    u.pos = st.at;
                    u.hp = st.hp;
                    u.alive = st.alive;
                    u.moved = st.moved;
                    u.acted = st.acted;
                    u.triggered = st.triggered;
                }
                self.occ = crate::search::range::Occupancy::new(self.map.layout());
                for u in self.units.iter().filter(|u| u.alive) {
                    self.occ.place(u.pos, u.team);
                }
                self.ended = crate::rules::combat::outcome(self);
                self.journal.clear();
                self.forget_caches();
            }
        }
    }

    /// Takes one event back (part of [`Battle::apply`] for [`Event::Reverted`]).
    fn revert(&mut self, e: &Event) {
        match e {
            Event::GuardWoke { unit, .. } => self.units[unit.0].triggered = false,
            Event::Moved { unit, from, to, .. } => {
                let u = &mut self.units[unit.0];
                self.occ.clear(*to);
                self.occ.place(*from, u.team);
                u.pos = *from;
                u.moved = false;
            }
            Event::Struck {
                defender, hp_before, ..
            } => self.units[defender.0].hp = *hp_before,
            Event::Defeated { unit } => {
                let u = &mut self.units[unit.0];
                u.alive = true;
                self.occ.place(u.pos, u.team);
            }
            Event::Acted { unit } => self.units[unit.0].acted = false,
            Event::BattleEnded { .. } => self.ended = None,
            // Phase changes and restores clear the journal, so undo never reaches them.
            Event::PhaseBegan { .. } | Event::Restored(_) | Event::Reverted(_) => {}
        }
    }
}

impl Event {
    /// The event as JSON with unit names (`skirmish replay --json`).
    pub fn to_json(&self, b: &Battle) -> Value {
        let n = |id: &UnitId| b.name(*id);
        match self {
            Event::PhaseBegan { team, turn } => json!({"event": "phase_began", "team": team, "turn": turn}),
            Event::GuardWoke { unit, by } => json!({"event": "guard_woke", "unit": n(unit), "by": n(by)}),
            Event::Moved {
                unit,
                from,
                to,
                path,
                cost,
            } => json!({"event": "moved", "unit": n(unit), "from": from, "to": to,
                        "path": path.digits(), "cost": cost}),
            Event::Struck {
                attacker,
                defender,
                damage,
                hp_left,
                counter,
                ..
            } => json!({"event": "struck", "attacker": n(attacker), "defender": n(defender),
                        "damage": damage, "hp_left": hp_left, "defeated": *hp_left == 0, "counter": counter}),
            Event::Defeated { unit } => json!({"event": "defeated", "unit": n(unit)}),
            Event::Acted { unit } => json!({"event": "acted", "unit": n(unit)}),
            Event::BattleEnded { winner, why } => {
                json!({"event": "battle_ended", "winner": winner, "why": why.describe(b)})
            }
            Event::Reverted(e) => json!({"event": "reverted", "what": e.to_json(b)}),
            Event::Restored(s) => json!({"event": "restored", "turn": s.turn, "active": s.active}),
        }
    }

    /// One line for a log or a terminal, e.g. "Brute hits Kiny for 5: 15 hp left".
    pub fn describe(&self, b: &Battle) -> String {
        let n = |id: &UnitId| b.name(*id).to_string();
        match self {
            Event::PhaseBegan {
                team: Team::Player,
                turn,
            } => format!("Turn {turn} — Player phase"),
            Event::PhaseBegan {
                team: Team::Enemy,
                turn,
            } => format!("Turn {turn} — Enemy phase"),
            Event::GuardWoke { unit, by } => format!("{} wakes up: {} came too close", n(unit), n(by)),
            Event::Moved { unit, to, path, .. } if path.is_empty() => format!("{} stays at {to}", n(unit)),
            Event::Moved {
                unit,
                from,
                to,
                path,
                cost,
            } => {
                format!("{} moves {from} → {to} (path {path}, cost {cost})", n(unit))
            }
            Event::Struck {
                attacker,
                defender,
                damage,
                hp_left,
                counter,
                ..
            } => {
                let verb = if *counter { "strikes back at" } else { "hits" };
                let end = if *hp_left == 0 {
                    "defeated!".to_string()
                } else {
                    format!("{hp_left} hp left")
                };
                format!("{} {verb} {} for {damage}: {end}", n(attacker), n(defender))
            }
            Event::Defeated { unit } => format!("{} falls", n(unit)),
            Event::Acted { unit } => format!("{} is done", n(unit)),
            Event::BattleEnded {
                winner: Team::Player,
                why,
            } => format!("Victory on turn {}: {}", b.turn(), why.describe(b)),
            Event::BattleEnded {
                winner: Team::Enemy,
                why,
            } => format!("Defeat — {}", why.describe(b)),
            Event::Reverted(e) => format!("undone: {}", e.describe(b)),
            Event::Restored(s) => format!("restored turn {}", s.turn),
        }
    }
}
