//! [`Decision`]: what one unit decided on its turn — target, cell, path, attack or heal,
//! and the reason — and the commands that carry it out.

use super::reason::{Reason, Why};
use crate::model::terrain::Cost;
use crate::rules::{Battle, Caches, Command, UnitId};
use crate::search::grid::{Path, Pos, Team};

/// What one unit decided on its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Decision {
    /// The unit.
    pub unit: UnitId,
    /// Its side.
    pub team: Team,
    /// Its profile name (`"player"` for units driven by the built-in player policy).
    pub profile: String,
    /// The unit it went for, if any.
    pub target: Option<UnitId>,
    /// Where it stood.
    pub from: Pos,
    /// Where it ends: where [`Decision::path`] leads from [`Decision::from`]
    /// (`play::enemy::act` refuses a decision where they disagree).
    pub to: Pos,
    /// Its path (empty when staying).
    pub path: Path,
    /// Movement points spent.
    pub cost: Cost,
    /// Whether its condition to act held: always for charger and pivot; within sight for
    /// proximity and keep_range; the guard's battle-long trigger.
    pub triggered: bool,
    /// A guard that wakes now, and the player unit that woke it.
    pub wakes: Option<UnitId>,
    /// Why, as numbers and ids ([`Reason::text`] says it in words).
    pub reason: Reason,
    /// The unit it attacks from `to`, if any.
    pub attack: Option<UnitId>,
    /// The ally it heals from `to` instead of attacking, if any (a healer).
    pub heal: Option<UnitId>,
}

impl Decision {
    /// The commands that carry the decision out: wake (a guard), move (unless it stays),
    /// then heal, attack or wait.
    pub fn commands(&self) -> Vec<Command> {
        let mut c = Vec::with_capacity(3);
        if let Some(by) = self.wakes {
            c.push(Command::Wake { unit: self.unit, by });
        }
        if !self.path.is_empty() {
            c.push(Command::Move {
                unit: self.unit,
                path: self.path.clone(),
            });
        }
        c.push(match (self.heal, self.attack) {
            (Some(target), _) => Command::Heal {
                unit: self.unit,
                target,
            },
            (None, Some(target)) => Command::Attack {
                unit: self.unit,
                target,
            },
            (None, None) => Command::Wait { unit: self.unit },
        });
        c
    }

    /// A decision to stay where it stands and wait, for `why`.
    ///
    /// # Panics
    /// When the battle has no unit `id` (a behaviour is asked about units of the battle it
    /// is given); [`Decision::try_stay`] answers `None` instead.
    pub fn stay(b: &Battle, id: UnitId, label: String, why: Why) -> Decision {
        match Decision::try_stay(b, id, label, why) {
            Some(d) => d,
            None => panic!("Decision::stay: no unit #{} in this battle", id.0),
        }
    }

    /// [`Decision::stay`], or `None` when the battle has no unit `id`.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::ai::Why;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
    ///     .unit(UnitSpec::enemy("Brute", (1, 0), "charger"))
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(Decision::try_stay(&b, UnitId(0), "x".into(), Why::Nothing).unwrap().to, Pos::new(1, 0));
    /// assert!(Decision::try_stay(&b, UnitId(3), "x".into(), Why::Nothing).is_none());
    /// ```
    pub fn try_stay(b: &Battle, id: UnitId, label: String, why: Why) -> Option<Decision> {
        let me = b.try_unit(id)?;
        Some(Decision {
            unit: id,
            team: me.team,
            profile: label,
            target: None,
            from: me.pos,
            to: me.pos,
            path: Path::default(),
            cost: 0,
            triggered: false,
            wakes: None,
            reason: Reason::just(why),
            attack: None,
            heal: None,
        })
    }

    /// A decision to walk to `to` (by the cheapest path; it stays when `to` is not among the
    /// cells it can end its move on) and wait there, for `reason`; set
    /// [`Decision::attack`] or [`Decision::target`] afterwards as needed.
    pub fn walk(b: &Battle, c: &mut Caches, id: UnitId, to: Pos, label: String, reason: Reason) -> Decision {
        let me = b.unit(id);
        let step = b.with_reach(c, id, None, |r| Some((r.path(to)?, r.cost(to)?)));
        let (to, path, cost) = match step {
            Some((path, cost)) if to != me.pos => (to, path, cost),
            _ => (me.pos, Path::default(), 0),
        };
        Decision {
            unit: id,
            team: me.team,
            profile: label,
            target: None,
            from: me.pos,
            to,
            path,
            cost,
            triggered: true,
            wakes: None,
            reason,
            attack: None,
            heal: None,
        }
    }

    #[cfg(feature = "serde")]
    /// The decision as JSON, with unit names and the
    /// blows its attack dealt (`events` are the ones its commands produced). Write it with
    /// any serde format (`serde_json::to_string`).
    pub fn to_json(&self, b: &Battle, events: &[crate::rules::Event]) -> impl serde::Serialize + use<> {
        use crate::rules::{Event, Roll};
        // Under chance each blow's roll comes just before it: its odds and result go with
        // the blow, and a miss is a blow of no damage. Without chance there is no roll and
        // the entries are as they always were.
        let mut rolled = None;
        let mut strikes = Vec::new();
        for (i, e) in events.iter().enumerate() {
            match e {
                Event::Rolled {
                    attacker,
                    defender,
                    counter,
                    hit,
                    crit,
                    result,
                    ..
                } => {
                    rolled = Some((*result, *hit, *crit));
                    if *result == Roll::Missed {
                        // The defender's hit points at the miss: the last blow before it
                        // says them, else the next one's "before", else they never changed.
                        let hp = |ev: &Event| match ev {
                            Event::Struck {
                                defender: d,
                                hp_before,
                                hp_left,
                                ..
                            } if d == defender => Some((*hp_before, *hp_left)),
                            _ => None,
                        };
                        let hp_left = events[..i]
                            .iter()
                            .rev()
                            .find_map(|ev| hp(ev).map(|(_, left)| left))
                            .or_else(|| events[i..].iter().find_map(|ev| hp(ev).map(|(before, _)| before)))
                            .unwrap_or_else(|| b.unit(*defender).hp);
                        strikes.push(StrikeJson {
                            attacker: b.name(*attacker),
                            defender: b.name(*defender),
                            damage: 0,
                            hp_left,
                            defeated: false,
                            counter: *counter,
                            roll: Some(Roll::Missed),
                            hit: Some(*hit),
                            crit: Some(*crit),
                        });
                        rolled = None;
                    }
                }
                Event::Struck {
                    attacker,
                    defender,
                    damage,
                    hp_left,
                    counter,
                    ..
                } => {
                    let roll = rolled.take();
                    strikes.push(StrikeJson {
                        attacker: b.name(*attacker),
                        defender: b.name(*defender),
                        damage: *damage,
                        hp_left: *hp_left,
                        defeated: *hp_left == 0,
                        counter: *counter,
                        roll: roll.map(|r| r.0),
                        hit: roll.map(|r| r.1),
                        crit: roll.map(|r| r.2),
                    });
                }
                _ => {}
            }
        }
        let j = DecisionJson {
            unit: b.name(self.unit),
            team: self.team,
            profile: &self.profile,
            target: self.target.map(|t| b.name(t)),
            from: self.from,
            to: self.to,
            path: self.path.digits(),
            cost: self.cost,
            triggered: self.triggered,
            reason: self.reason.text(b),
            attack: self.attack.map(|t| b.name(t)),
            strikes,
            heal: self.heal.map(|t| b.name(t)),
            healed: events.iter().find_map(|e| match e {
                crate::rules::Event::Healed { amount, hp_left, .. } => Some(HealJson {
                    amount: *amount,
                    hp_left: *hp_left,
                }),
                _ => None,
            }),
            // A canto unit's second move: the move after its `Canto { ready: true }`.
            canto: events
                .iter()
                .skip_while(|e| !matches!(e, Event::Canto { ready: true, .. }))
                .find_map(|e| match e {
                    Event::Moved { to, path, cost, .. } => Some(CantoJson {
                        to: *to,
                        path: path.digits(),
                        cost: *cost,
                    }),
                    _ => None,
                }),
        };
        serde_json::to_value(j).unwrap_or_default()
    }
}

/// The JSON layout of a decision (key order as users have always seen it).
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct DecisionJson<'a> {
    unit: &'a str,
    team: Team,
    profile: &'a str,
    target: Option<&'a str>,
    from: Pos,
    to: Pos,
    path: String,
    cost: Cost,
    triggered: bool,
    reason: String,
    attack: Option<&'a str>,
    strikes: Vec<StrikeJson<'a>>,
    /// Only a healer's decision to heal has it: older outputs keep their bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    heal: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    healed: Option<HealJson>,
    /// Only a canto unit that moved again after acting has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    canto: Option<CantoJson>,
}

/// A canto unit's second move, in a decision's JSON.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct CantoJson {
    to: Pos,
    path: String,
    cost: Cost,
}

/// What a heal gave, in a decision's JSON.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct HealJson {
    amount: i32,
    hp_left: i32,
}

/// One blow in a decision's JSON.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct StrikeJson<'a> {
    attacker: &'a str,
    defender: &'a str,
    damage: i32,
    hp_left: i32,
    defeated: bool,
    counter: bool,
    /// Under chance only: what the dice said, and the odds they were rolled against.
    #[serde(skip_serializing_if = "Option::is_none")]
    roll: Option<crate::rules::Roll>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hit: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    crit: Option<u32>,
}
