//! How the built-ins decide, below every behaviour: the target ([`choose_target`]), what a
//! behaviour wants of it (a `Plan` with a [`Goal`]), the cell the goal picks among the
//! reachable ones ([`cell_key`]) and the decision that follows. Each built-in's file says
//! only its own plan.

use super::decision::Decision;
use super::reason::{How, Reason, Why};
use crate::model::terrain::Cost;
use crate::rules::combat;
use crate::rules::{Battle, Caches, UnitId};
use crate::search::grid::{Path, Pos, Team};
use crate::search::nearest::MAX_NEAREST_TARGETS;
use crate::search::potential::UNREACHABLE;
use crate::search::range::{Leash, Reach};

/// The target a behaviour sees.
pub(crate) struct Target {
    pub(super) id: UnitId,
    pub(super) pos: Pos,
    pub(super) dist: u32,
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
    /// A registered behaviour's own goal, said in words in [`Explanation::note`](super::Explanation::note).
    Custom,
}

/// What a behaviour wants before any cell is picked.
pub(crate) struct Plan {
    pub(super) goal: Goal,
    pub(super) triggered: bool,
    pub(super) why: Why,
    pub(super) leash: Option<Leash>,
    pub(super) wakes: Option<UnitId>,
}

impl Plan {
    pub(super) fn stay(why: Why) -> Plan {
        Plan {
            goal: Goal::Stay,
            triggered: false,
            why,
            leash: None,
            wakes: None,
        }
    }

    pub(super) fn act(goal: Goal, why: Why) -> Plan {
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
    pub(super) fn resolved(self) -> Method {
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

/// The decision of a built-in that chose its target as [`choose_target_with`] does and then
/// `plan`s for it: no target is a stay (`NoEnemy` for the player policy, `NoTarget` for an
/// enemy); otherwise the plan's goal picks the cell, and the unit strikes its target from
/// there when it can, else the weakest unit it can strike.
pub(super) fn planned(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    label: String,
    method: Method,
    plan: impl FnOnce(&Target) -> Plan,
) -> Decision {
    let team = b.unit(id).team;
    planned_any(b, c, id, label, method, |t| match t {
        Some(t) => plan(t),
        None if team == Team::Player => Plan::stay(Why::NoEnemy),
        None => Plan::stay(Why::NoTarget),
    })
}

/// [`planned`] where `plan` also answers when there is no target.
pub(super) fn planned_any(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    label: String,
    method: Method,
    plan: impl FnOnce(Option<&Target>) -> Plan,
) -> Decision {
    let me = b.unit(id);
    let target = choose_target_with(b, c, id, method).map(|(t, _)| Target {
        id: t,
        pos: b.unit(t).pos,
        dist: me.pos.manhattan(b.unit(t).pos),
    });
    let plan = plan(target.as_ref());
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
                // Every cell entered costs at least 1: the Manhattan distance to the target
                // bounds the travel cost without searching, so the nearest map is searched
                // out only as far as the cells that could still be picked. But where the
                // target is far beyond the reach (more than three times the unit's move:
                // the bound is loose there and every cell would be ranked twice) and the map
                // is searched out past the reach already (settled a move farther from the
                // target than the unit: many enemies on a big map, after the first few),
                // asking the map's bound of every cell costs less. Either way the same cell.
                let low = |p: Pos| p.manhattan(t.pos) as Cost;
                let reach_radius = me.movement_left() as i32;
                let (dx, dy) = (me.pos.x - t.pos.x, me.pos.y - t.pos.y);
                let beyond = match dx.abs() >= dy.abs() {
                    true => Pos::new(me.pos.x + dx.signum() * reach_radius, me.pos.y),
                    false => Pos::new(me.pos.x, me.pos.y + dy.signum() * reach_radius),
                };
                let loose = me.pos.manhattan(t.pos) as i64 > 3 * i64::from(reach_radius) && near.is_settled(beyond);
                let low = (!loose).then_some(&low as &dyn Fn(Pos) -> Cost);
                pick_cell(reach, me.pos, goal, t, low, &|p| near.bound_to(k, p), &|p| {
                    near.travel_to(k, p)
                })
            })
        }
        _ => b.with_reach_and_potential(c, id, leash, t.pos, |reach, pot| {
            let travel = |p: Pos| pot.get(p).unwrap_or(UNREACHABLE);
            pick_cell(reach, me.pos, goal, t, None, &|p| (travel(p), true), &travel)
        }),
    }
}

/// The cell `goal` picks in `reach` by [`cell_key`], `travel` giving the travel cost to the
/// target (`UNREACHABLE` when there is no path), `bound` a lower bound of it that costs
/// less, with whether that bound is exact, and `low` (if any) a lower bound cheaper still,
/// never exact.
///
/// Branch and bound: every cell is ranked by its key with its cheapest bound, and the
/// cells are taken lowest key first; each is asked its next, tighter bound (then its exact
/// travel cost) only while that key could still beat the best exact key found. Keys of
/// two cells always differ (the key ends with the cell), so the cell picked is the one with
/// the lowest exact key, as if every cell had been asked.
fn pick_cell(
    reach: &Reach<'_>,
    me: Pos,
    goal: Goal,
    t: &Target,
    low: Option<&dyn Fn(Pos) -> Cost>,
    bound: &dyn Fn(Pos) -> (Cost, bool),
    travel: &dyn Fn(Pos) -> Cost,
) -> (Pos, Cost, Path, How) {
    use std::cmp::Reverse;
    let tp = t.pos;
    let known = |d: Cost| Some(d).filter(|&d| d != UNREACHABLE);
    let mut best: Option<(CellKey, Pos, Cost)> = None;
    // Cells not settled yet, by key with the bound they have: 0 the cheapest (`low`), 1
    // `bound` (not exact).
    // Without `low` only the cells whose bound is not exact wait here (none with a
    // potential map): no room is taken for every cell (a block per decision, 8% of a
    // charger's enemy phase on 256²).
    let mut open: Vec<Open> = Vec::with_capacity(if low.is_some() { reach.len() } else { 0 });
    // A cell ranked by `bound`: the best so far if exact and better, else left open.
    type Open = Reverse<(CellKey, u8, Pos, Cost)>;
    let offer = |best: &mut Option<(CellKey, Pos, Cost)>, p: Pos, c: Cost| -> Option<Open> {
        let (d, exact) = bound(p);
        let key = cell_key(goal, p, c, known(d), tp);
        if !exact {
            return Some(Reverse((key, 1, p, c)));
        }
        if best.is_none_or(|(b, _, _)| key < b) {
            *best = Some((key, p, c));
        }
        None
    };
    for (p, c) in reach.cells() {
        match low {
            Some(low) => open.push(Reverse((cell_key(goal, p, c, Some(low(p)), tp), 0, p, c))),
            None => open.extend(offer(&mut best, p, c)),
        }
    }
    let mut open = std::collections::BinaryHeap::from(open);
    while let Some(Reverse((key, stage, p, c))) = open.pop() {
        if best.is_some_and(|(b, _, _)| key > b) {
            break;
        }
        if stage == 0 {
            open.extend(offer(&mut best, p, c));
            continue;
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
