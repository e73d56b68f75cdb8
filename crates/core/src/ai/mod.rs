//! Enemy decisions. [`decide`] reads the battle and answers with a [`Decision`] — target,
//! destination, path, attack and a one-line reason a level designer can read — and the
//! commands that carry it out; the rules core acts (`play::enemy::act`). Every behaviour
//! implements [`AiBehavior`] and is found by name in a [`registry::Registry`]; one file per
//! built-in: `charger`, `proximity`, `guard`, `pivot`, `archer`, `advance`, `support`;
//! `player` is the built-in player policy.
//!
//! A game adds a behaviour of its own by implementing [`AiBehavior`] and registering it in
//! its registry ([`registry::Registry::register`]), which it hands to the loaders; a profile
//! then names it like a built-in (`behavior = "healer"`). The crate's example `custom_behavior` is a whole game doing so.

pub mod advance;
mod agent;
mod archer;
mod behavior;
mod charger;
pub mod danger;
mod explain;
mod guard;
pub mod pivot;
pub mod player;
mod proximity;
pub mod rank;
mod reason;
pub mod registry;
pub mod support;

pub use agent::Ai;
pub use behavior::AiBehavior;
pub use explain::{Candidate, CellScore, Explanation, explain};
pub use reason::{Heading, How, Reason, Why};

/// The six built-in behaviours as [`AiBehavior`] values (what a profile of theirs resolves to).
pub mod builtins {
    pub use super::advance::Advance;
    pub use super::archer::KeepRange;
    pub use super::charger::Charger;
    pub use super::guard::GuardTrigger;
    pub use super::pivot::PivotLeash;
    pub use super::proximity::Proximity;
}

use crate::model::profiles::{Behavior, Profiles};
use crate::model::terrain::Cost;
use crate::rules::combat;
use crate::rules::{Battle, Caches, Command, UnitId};
use crate::search::grid::{Path, Pos, Team};
use crate::search::nearest::MAX_NEAREST_TARGETS;
use crate::search::potential::UNREACHABLE;
use crate::search::range::{Leash, Reach};

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
        let strikes = events
            .iter()
            .filter_map(|e| match e {
                crate::rules::Event::Struck {
                    attacker,
                    defender,
                    damage,
                    hp_left,
                    counter,
                    ..
                } => Some(StrikeJson {
                    attacker: b.name(*attacker),
                    defender: b.name(*defender),
                    damage: *damage,
                    hp_left: *hp_left,
                    defeated: *hp_left == 0,
                    counter: *counter,
                }),
                _ => None,
            })
            .collect();
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
}

/// The target a behaviour sees.
pub(crate) struct Target {
    id: UnitId,
    pos: Pos,
    dist: u32,
}

/// How the unit picks among the cells it can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// It stays where it is.
    Stay,
    /// The reachable cell with the lowest travel cost to the target.
    Approach,
    /// A reachable cell at exactly this distance from the target, else the nearest to it.
    Ring(u32),
    /// `advance`: a cell it can attack from, nearest this goal cell; else the cell nearest it.
    Advance(Pos),
    /// A registered behaviour's own goal, said in words in [`Explanation::note`].
    Custom,
}

/// What a behaviour wants before any cell is picked.
pub(crate) struct Plan {
    goal: Goal,
    triggered: bool,
    why: Why,
    leash: Option<Leash>,
    wakes: Option<UnitId>,
}

impl Plan {
    fn stay(why: Why) -> Plan {
        Plan {
            goal: Goal::Stay,
            triggered: false,
            why,
            leash: None,
            wakes: None,
        }
    }

    fn act(goal: Goal, why: Why) -> Plan {
        Plan {
            goal,
            triggered: true,
            why,
            leash: None,
            wakes: None,
        }
    }
}

/// How travel costs to several possible targets are found. Both give exactly the same
/// decisions; [`Method::Auto`] is the one the game uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// The one headless battles use: [`Method::Nearest`], which since its
    /// search runs only as far as the questions need beats one map per target at every
    /// army size measured (`benches/ai.rs`). Every method decides the same.
    #[default]
    Auto,
    /// One search from all targets at once ([`crate::search::nearest::NearestMap`]): the
    /// nearest target and its travel cost for every cell, exact travel to another target
    /// only where a decision needs it.
    Nearest,
    /// A full potential map per target (the first method; kept for comparison and benches).
    FullMaps,
}

impl Method {
    /// The method that actually runs.
    fn resolved(self) -> Method {
        match self {
            Method::Auto => Method::Nearest,
            m => m,
        }
    }
}

/// The target: the living unit of the other side with the lowest travel cost from the
/// mover's cell; ties go to the nearer by Manhattan distance, then to the earlier in the
/// scenario. Returns the target and its travel cost (`None` when no path leads to it);
/// `None` when there is no target, or no unit `id`.
pub fn choose_target(b: &Battle, c: &mut Caches, id: UnitId) -> Option<(UnitId, Option<Cost>)> {
    choose_target_with(b, c, id, Method::default())
}

/// [`choose_target`] by either method.
pub fn choose_target_with(b: &Battle, c: &mut Caches, id: UnitId, method: Method) -> Option<(UnitId, Option<Cost>)> {
    let me = b.try_unit(id)?;
    let targets: Vec<UnitId> = b.living(me.team.other()).collect();
    // With one target the nearest map is its potential map: build the cheaper one.
    let method = method.resolved();
    if method == Method::FullMaps || targets.len() > MAX_NEAREST_TARGETS || targets.len() == 1 {
        return choose_target_full(b, c, id);
    }
    let cells: Vec<Pos> = targets.iter().map(|&t| b.unit(t).pos).collect();
    let (d, bits) = b.nearest_travel(c, &cells, me.class, me.pos);
    // Every target at the nearest travel cost is in `bits`; when none can be reached, all tie.
    let tied = |k: usize| d == UNREACHABLE || bits & (1 << k) != 0;
    targets
        .iter()
        .enumerate()
        .filter(|&(k, _)| tied(k))
        .min_by_key(|&(k, t)| (me.pos.manhattan(cells[k]), t.0))
        .map(|(_, &t)| (t, (d != UNREACHABLE).then_some(d)))
}

/// The first method: one full potential map per target.
fn choose_target_full(b: &Battle, c: &mut Caches, id: UnitId) -> Option<(UnitId, Option<Cost>)> {
    let me = b.unit(id);
    // Ordered by (travel cost, Manhattan distance, scenario order).
    type Key = (Cost, u32, usize);
    let mut best: Option<(Key, UnitId, Option<Cost>)> = None;
    for t in b.living(me.team.other()) {
        let tp = b.unit(t).pos;
        let travel = b.travel(c, tp, me.class, me.pos);
        let key = (travel.unwrap_or(UNREACHABLE), me.pos.manhattan(tp), t.0);
        if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
            best = Some((key, t, travel));
        }
    }
    best.map(|(_, t, travel)| (t, travel))
}

/// Decides for enemy `id` as its profile says. Reads the battle only (an [`Ai`] keeps the
/// profiles and caches for you and resolves profiles once per battle).
///
/// ```
/// use skirmish_core::prelude::*;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..........."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::enemy("Scout", (10, 0), "proximity"))
///     .build()
///     .unwrap();
/// let scout = b.find("Scout").unwrap();
/// let d = skirmish_core::ai::decide(&b, &mut Caches::new(), &Profiles::standard(), scout);
/// // Kiny stands exactly at the proximity profile's sight (10): the scout comes.
/// assert!(d.triggered);
/// assert_eq!(d.reason.text(&b), "target Kiny at distance 10 <= sight 10; closest reachable cell to Kiny by travel cost (10 → 5)");
/// assert_eq!(d.commands(), [Command::Move { unit: scout, path: d.path.clone() }, Command::Wait { unit: scout }]);
/// ```
pub fn decide(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId) -> Decision {
    decide_with(b, c, profiles, id, Method::default())
}

/// [`decide`] by either method of finding travel costs (the decision is the same).
pub fn decide_with(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId, method: Method) -> Decision {
    let profile_name = b.unit(id).profile.clone().unwrap_or_default();
    let behavior = b.unit(id).behavior(profiles);
    decide_as_with(b, c, id, behavior.as_ref(), profile_name, method)
}

/// Decides for `id` with an explicit behaviour (`None`: unknown profile, stays); `label`
/// is reported as the profile. The built-in player policy falls back to a charger labelled `player`.
pub fn decide_as(b: &Battle, c: &mut Caches, id: UnitId, behavior: Option<Behavior>, label: String) -> Decision {
    decide_as_with(b, c, id, behavior.as_ref(), label, Method::default())
}

/// The one place a behaviour is dispatched: the built-ins by their variant (the enemy phase's
/// hot path stays free of dynamic calls), a registered behaviour through its [`AiBehavior`].
pub(super) fn decide_as_with(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    behavior: Option<&Behavior>,
    label: String,
    method: Method,
) -> Decision {
    let me = b.unit(id);
    match behavior {
        Some(Behavior::Advance { goal }) => return advance::decide(b, c, id, *goal, label),
        Some(Behavior::Custom(x)) => return x.rule().decide(b, c, id, label),
        _ => {}
    }
    let target = choose_target_with(b, c, id, method).map(|(t, _)| Target {
        id: t,
        pos: b.unit(t).pos,
        dist: me.pos.manhattan(b.unit(t).pos),
    });
    let plan = match (behavior, &target) {
        (None, _) => Plan::stay(Why::UnknownProfile(label.clone())),
        (Some(_), None) if me.team == crate::search::grid::Team::Player => Plan::stay(Why::NoEnemy),
        (Some(_), None) => Plan::stay(Why::NoTarget),
        (Some(beh), Some(t)) => match beh {
            Behavior::Charger => charger::plan(),
            Behavior::Proximity { sight } => proximity::plan(t, *sight),
            Behavior::GuardTrigger { trigger } => guard::plan(b, id, *trigger),
            Behavior::PivotLeash { leash } => pivot::plan(me, *leash),
            Behavior::KeepRange { sight, range } => archer::plan(t, *sight, *range),
            Behavior::Advance { .. } | Behavior::Custom(_) => Plan::stay(Why::Nothing),
        },
    };
    let (to, cost, path, how) = match (&plan.goal, &target) {
        (Goal::Stay, _) | (_, None) => (me.pos, 0, Path::default(), How::Nothing),
        (goal, Some(t)) => choose_cell(b, c, id, *goal, t, plan.leash, method),
    };
    let targets = combat::targets_from(b, id, to);
    let preferred = target.as_ref().map(|t| t.id).filter(|t| targets.contains(t));
    let attack = preferred.or_else(|| targets.iter().copied().min_by_key(|&v| (b.unit(v).hp, v.0)));
    Decision {
        unit: id,
        team: me.team,
        profile: label,
        target: target.as_ref().map(|t| t.id),
        from: me.pos,
        to,
        path,
        cost,
        triggered: plan.triggered,
        wakes: plan.wakes,
        reason: Reason { why: plan.why, how },
        attack,
        heal: None,
    }
}

#[doc(hidden)] // The ranking key shared with `ai::explain`; not an API of its own.
/// How a goal ranks a reachable cell: lowest first. `gap` is the distance from the ring
/// for keep_range (0 elsewhere), then the travel cost to the target, the walk's cost, and
/// reading order. One key serves both stages of keep_range: a cell on the ring (gap 0)
/// always beats one off it.
pub type CellKey = (u32, Cost, Cost, i32, i32);

/// The key of cell `p`, reached for `walk`, from which the target at `tp` costs `travel`.
#[doc(hidden)] // Shared with `ai::explain`; the explanation is the API.
pub fn cell_key(goal: Goal, p: Pos, walk: Cost, travel: Option<Cost>, tp: Pos) -> CellKey {
    let gap = match goal {
        Goal::Ring(range) => p.manhattan(tp).abs_diff(range),
        Goal::Approach | Goal::Stay | Goal::Advance(_) | Goal::Custom => 0,
    };
    (gap, travel.unwrap_or(UNREACHABLE), walk, p.y, p.x)
}

/// The cell a goal picks among the reachable ones, with its cost, path and the reason.
/// Ties: lower travel cost, then the cheaper walk, then reading order.
fn choose_cell(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    goal: Goal,
    t: &Target,
    leash: Option<Leash>,
    method: Method,
) -> (Pos, Cost, Path, How) {
    let me = b.unit(id);
    let targets: Vec<UnitId> = b.living(me.team.other()).collect();
    let k = targets.iter().position(|&u| u == t.id);
    match (method.resolved(), k) {
        (Method::Nearest, Some(k)) if (2..=MAX_NEAREST_TARGETS).contains(&targets.len()) => {
            let cells: Vec<Pos> = targets.iter().map(|&u| b.unit(u).pos).collect();
            b.with_reach_and_nearest(c, id, leash, &cells, |reach, near| {
                pick_cell(reach, me.pos, goal, t, &|p| near.bound_to(k, p), &|p| {
                    near.travel_to(k, p)
                })
            })
        }
        _ => b.with_reach_and_potential(c, id, leash, t.pos, |reach, pot| {
            let travel = |p: Pos| pot.get(p).unwrap_or(UNREACHABLE);
            pick_cell(reach, me.pos, goal, t, &|p| (travel(p), true), &travel)
        }),
    }
}

/// The cell `goal` picks in `reach` by [`cell_key`], `travel` giving the travel cost to the
/// target (`UNREACHABLE` when there is no path) and `bound` a lower bound of it that costs
/// less, with whether that bound is exact.
///
/// Branch and bound: every cell is ranked by its key with the bound; the exact travel cost is
/// asked only of a cell whose bound could still beat the best exact key found. Keys of two
/// cells always differ (the key ends with the cell), so the cell picked is the one with the
/// lowest exact key, as if every cell had been asked.
fn pick_cell(
    reach: &Reach<'_>,
    me: Pos,
    goal: Goal,
    t: &Target,
    bound: &dyn Fn(Pos) -> (Cost, bool),
    travel: &dyn Fn(Pos) -> Cost,
) -> (Pos, Cost, Path, How) {
    let tp = t.pos;
    let known = |d: Cost| Some(d).filter(|&d| d != UNREACHABLE);
    let mut best: Option<(CellKey, Pos, Cost)> = None;
    let mut open: Vec<(CellKey, Pos, Cost)> = Vec::new();
    for (p, c) in reach.cells() {
        let (d, exact) = bound(p);
        let key = cell_key(goal, p, c, known(d), tp);
        if !exact {
            open.push((key, p, c));
        } else if best.is_none_or(|(b, _, _)| key < b) {
            best = Some((key, p, c));
        }
    }
    open.sort_unstable_by_key(|&(key, _, _)| key);
    for (low, p, c) in open {
        if best.is_some_and(|(b, _, _)| low > b) {
            break;
        }
        let key = cell_key(goal, p, c, known(travel(p)), tp);
        if best.is_none_or(|(b, _, _)| key < b) {
            best = Some((key, p, c));
        }
    }
    let (p, c) = best.map_or((me, 0), |(_, p, c)| (p, c));
    let known = |p: Pos| known(travel(p));
    let target = t.id;
    let how = match goal {
        Goal::Ring(range) if p.manhattan(tp) == range => How::OnRing { range, target },
        Goal::Ring(range) => How::OffRing {
            range,
            target,
            dist: p.manhattan(tp),
        },
        _ => match (known(me), known(p)) {
            (_, None) => How::NoPath { target },
            (Some(from), Some(to)) if p == me => How::AsClose { target, from, to },
            (from, Some(to)) => How::Closest { target, from, to },
        },
    };
    (p, c, reach.path(p).unwrap_or_default(), how)
}
