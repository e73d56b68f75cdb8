//! Objectives and scripted events inside the rules: the scenario's [`Objective`] and
//! [`ScriptEvent`]s with unit names resolved to ids ([`Goals`]). `ending.rs` decides from
//! them when a battle ends and what a trigger fires; `execute.rs` asks it at the right
//! moments, so a game, headless battles, replays, saves and AI tests all agree.

use crate::model::objective::{Objective, ScriptEvent, Trigger, Win};
use crate::rules::unit::UnitId;
use crate::search::grid::{Pos, Team};

/// What wins, with units as ids.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Goal {
    /// Every enemy falls (enemies still to come by a `turn` event count as standing).
    #[default]
    Rout,
    /// This enemy falls.
    Boss(UnitId),
    /// A player unit (one of `seizers`, when not empty) ends its action on one of `cells`.
    Seize {
        /// The cells.
        cells: Vec<Pos>,
        /// Who may seize (empty: any player unit).
        seizers: Vec<UnitId>,
    },
    /// Still standing when this turn's enemy phase ends.
    Survive(u32),
}

/// One scripted event with its units as ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    /// When it fires.
    pub trigger: Trigger,
    /// Reserve units it brings.
    pub arrive: Vec<UnitId>,
    /// Units it wakes.
    pub wake: Vec<UnitId>,
    /// The line it says.
    pub say: Option<String>,
}

/// The objective and the scripted events of a battle, resolved against its units.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Goals {
    /// What wins.
    pub win: Goal,
    /// Defeat when this turn's enemy phase ends without a win.
    pub turn_limit: Option<u32>,
    /// Defeat when any of these falls (the hero when the scenario names none).
    pub protect: Vec<UnitId>,
    /// Defeat when an enemy ends its action on one of these cells.
    pub hold: Vec<Pos>,
    /// Scripted events, in scenario order.
    pub scripts: Vec<Script>,
}

impl Goals {
    /// Resolves names against `units` (scenario order), or says which name does not fit.
    pub fn resolve(
        objective: &Objective,
        events: &[ScriptEvent],
        units: &[crate::model::scenario::UnitSpec],
    ) -> Result<Goals, String> {
        let find = |what: &str, name: &str, team: Option<Team>| -> Result<UnitId, String> {
            let i = units
                .iter()
                .position(|u| u.name == name)
                .ok_or_else(|| format!("{what} {name:?} is not a unit of the scenario"))?;
            match team {
                Some(t) if units[i].team != t => Err(format!(
                    "{what} {name:?} is not on the {} side",
                    if t == Team::Player { "player" } else { "enemy" }
                )),
                _ => Ok(UnitId(i)),
            }
        };
        let names = |what: &str, list: &[String], team: Option<Team>| -> Result<Vec<UnitId>, String> {
            list.iter().map(|n| find(what, n, team)).collect()
        };
        let win = match &objective.win {
            Win::Rout => Goal::Rout,
            Win::Boss(b) => Goal::Boss(find("boss", b, Some(Team::Enemy))?),
            Win::Seize { cells, seizers } => Goal::Seize {
                cells: cells.clone(),
                seizers: names("seizer", seizers, Some(Team::Player))?,
            },
            Win::Survive(n) => Goal::Survive(*n),
        };
        let mut protect = names("protected unit", &objective.protect, Some(Team::Player))?;
        if protect.is_empty() {
            protect.extend(units.iter().position(|u| u.team == Team::Player).map(UnitId));
        }
        let mut scripts = Vec::with_capacity(events.len());
        for e in events {
            let arrive = names("arriving unit", &e.arrive, None)?;
            if let Some(u) = arrive.iter().find(|u| !units[u.0].reserve) {
                return Err(format!(
                    "{:?} arrives by an event but is not a reserve (reserve = true)",
                    units[u.0].name
                ));
            }
            scripts.push(Script {
                trigger: e.trigger.clone(),
                arrive,
                wake: names("woken unit", &e.wake, None)?,
                say: e.say.clone(),
            });
        }
        Ok(Goals {
            win,
            turn_limit: objective.turn_limit,
            protect,
            hold: objective.hold.clone(),
            scripts,
        })
    }
}
