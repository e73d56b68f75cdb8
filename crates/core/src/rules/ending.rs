//! How a battle ends and what its scripted events do, from its [`Goals`]: the outcome of
//! the board, the endings decided when an action or a turn ends, and the events a trigger
//! fires. `execute.rs` asks these at the right moments.

use crate::model::objective::Trigger;
use crate::rules::battle::Battle;
use crate::rules::event::{Ending, Event};
use crate::rules::objective::{Goal, Goals};
use crate::rules::unit::UnitId;
use crate::search::grid::{Path, Pos, Team};

impl Battle {
    /// How this battle is won and lost, and its scripted events.
    pub fn goals(&self) -> &Goals {
        &self.goals
    }

    /// True once scripted event `index` (scenario order) has fired.
    pub fn fired(&self, index: usize) -> bool {
        self.fired.get(index).copied().unwrap_or(false)
    }

    /// True while a unit of `team` is still to come: a reserve called whose cell was taken,
    /// or one a `turn` event that has not fired yet will bring.
    pub fn coming(&self, team: Team) -> bool {
        let waiting = self.units.iter().any(|u| u.team == team && u.reserve && u.waiting);
        waiting
            || self.goals.scripts.iter().enumerate().any(|(i, s)| {
                !self.fired(i)
                    && matches!(s.trigger, Trigger::Turn(_))
                    && s.arrive
                        .iter()
                        .any(|u| self.unit(*u).team == team && self.unit(*u).reserve)
            })
    }

    /// Who has won, if anybody, from the board alone: the player when the win is a rout and
    /// no enemy stands or is still to come, or when the boss fell; the enemy when a unit the
    /// player must protect fell or no player unit stands or is still to come. (Seizing,
    /// holding, surviving and the turn limit are decided when an action or a turn ends.)
    pub fn outcome(&self) -> Option<(Team, Ending)> {
        let fell = |u: UnitId| !self.unit(u).alive && !self.unit(u).reserve;
        match self.goals.win {
            Goal::Rout if self.living(Team::Enemy).next().is_none() && !self.coming(Team::Enemy) => {
                return Some((Team::Player, Ending::EnemiesDefeated));
            }
            Goal::Boss(b) if fell(b) => return Some((Team::Player, Ending::BossFell(b))),
            _ => {}
        }
        if let Some(&p) = self.goals.protect.iter().find(|&&p| fell(p)) {
            return Some((Team::Enemy, Ending::HeroFell(p)));
        }
        if self.living(Team::Player).next().is_none() && !self.coming(Team::Player) {
            return Some((Team::Enemy, Ending::PlayersFell));
        }
        None
    }

    /// The ending when `unit` has just ended its action where it stands: a seize by a player
    /// unit, a held cell taken by an enemy.
    pub(super) fn action_ending(&self, unit: UnitId) -> Option<(Team, Ending)> {
        let u = self.unit(unit);
        if !u.alive {
            return None;
        }
        match (u.team, &self.goals.win) {
            (Team::Player, Goal::Seize { cells, seizers })
                if cells.contains(&u.pos) && (seizers.is_empty() || seizers.contains(&unit)) =>
            {
                Some((Team::Player, Ending::Seized { unit, at: u.pos }))
            }
            (Team::Enemy, _) if self.goals.hold.contains(&u.pos) => {
                Some((Team::Enemy, Ending::HoldTaken { unit, at: u.pos }))
            }
            _ => None,
        }
    }

    /// The ending when the enemy phase of the current turn ends: survived, or the turn limit.
    pub(super) fn turn_ending(&self) -> Option<(Team, Ending)> {
        if let Goal::Survive(n) = self.goals.win
            && self.turn >= n
        {
            return Some((Team::Player, Ending::Survived(n)));
        }
        match self.goals.turn_limit {
            Some(l) if self.turn >= l => Some((Team::Enemy, Ending::TurnLimit(l))),
            _ => None,
        }
    }

    /// Scripted events an `entered` trigger fires for a player unit's move from `from` along `path`.
    pub(super) fn entered_by(&self, from: Pos, path: &Path) -> Vec<usize> {
        let mut due = Vec::new();
        // Most battles have no scripted events: a player's move then costs nothing more.
        for (i, s) in self.goals.scripts.iter().enumerate() {
            let Trigger::Entered(cells) = &s.trigger else { continue };
            if self.fired(i) {
                continue;
            }
            let mut at = from;
            let entered = path.0.iter().any(|&d| {
                at = at.step(d);
                cells.contains(&at)
            });
            if entered {
                due.push(i);
            }
        }
        due
    }

    /// Scripted events that fire at the start of the current turn.
    pub(super) fn due_now(&self) -> Vec<usize> {
        let turn = self.turn;
        self.goals
            .scripts
            .iter()
            .enumerate()
            .filter(|&(i, s)| !self.fired(i) && s.trigger == Trigger::Turn(turn))
            .map(|(i, _)| i)
            .collect()
    }

    /// The events of scripted event `index` firing: the event itself, its line, each arrival
    /// (or a blocked arrival, retried each later turn), each wake.
    pub(super) fn fire(&self, index: usize) -> Vec<Event> {
        let s = &self.goals.scripts[index];
        let mut out = vec![Event::ScriptFired { index }];
        if let Some(text) = &s.say {
            out.push(Event::Said { text: text.clone() });
        }
        let mut taken: Vec<Pos> = Vec::new();
        for &u in &s.arrive {
            let unit = self.unit(u);
            if !unit.reserve || unit.waiting {
                continue;
            }
            if self.occ.at(unit.pos).is_some() || taken.contains(&unit.pos) {
                out.push(Event::ArrivalBlocked { unit: u, at: unit.pos });
            } else {
                taken.push(unit.pos);
                out.push(Event::Arrived { unit: u, at: unit.pos });
            }
        }
        for &u in &s.wake {
            let unit = self.unit(u);
            if !unit.triggered && !out.contains(&Event::Woken { unit: u }) {
                out.push(Event::Woken { unit: u });
            }
        }
        out
    }

    /// Arrivals of reserves that were blocked and whose cells are free now, in unit order.
    pub(super) fn retry_arrivals(&self) -> Vec<Event> {
        let mut out = Vec::new();
        if self.goals.scripts.is_empty() {
            return out;
        }
        let mut taken: Vec<Pos> = Vec::new();
        for (i, u) in self.units.iter().enumerate() {
            if u.reserve && u.waiting && self.occ.at(u.pos).is_none() && !taken.contains(&u.pos) {
                taken.push(u.pos);
                out.push(Event::Arrived {
                    unit: UnitId(i),
                    at: u.pos,
                });
            }
        }
        out
    }
}
