//! The built-in player policy that `simulate` (and balance runs) use for the player's units:
//! if some enemy can be attacked from a reachable cell, go there and attack, preferring a
//! kill, then the weakest enemy left, then the least counter-damage, then the shorter walk;
//! otherwise approach the nearest enemy by travel cost, like a charger. Beside it the careful
//! policy ([`decide_careful`]) that balance runs measure against; [`Policy`] picks one.

use super::{Decision, Method, Reason, Why, danger, decide_as};
use crate::model::profiles::{Behavior, Profiles};
use crate::rules::{Battle, Caches, UnitId, combat};
use crate::search::grid::{Cost, Pos};
use crate::search::potential::{MAX_NEAREST_TARGETS, UNREACHABLE};

/// A well-mixed number from the seed and a candidate, so that equally good choices are
/// broken differently by different seeds but always the same way for one seed.
fn jitter(seed: u64, p: Pos, e: UnitId) -> u64 {
    crate::rng::Rng::new(seed ^ ((p.x as u64) << 40) ^ ((p.y as u64) << 20) ^ e.0 as u64).next_u64()
}

/// The policy's decision for player unit `id`; `seed` breaks ties between equal choices.
pub fn decide(b: &Battle, c: &mut Caches, id: UnitId, seed: u64) -> Decision {
    let me = b.unit(id);
    let cells = reachable(b, c, id);
    // Ordered by (survives, hp left, counter damage taken, walk cost, seeded tie-break).
    type Key = (bool, i32, i32, u32, u64);
    let mut best: Option<(Key, usize, UnitId)> = None;
    for (k, (p, cost)) in cells.iter().enumerate() {
        for e in b.living(me.team.other()) {
            let foe = b.unit(e);
            let d = p.manhattan(foe.pos);
            if !me.stats.reaches(d) {
                continue;
            }
            let dmg = combat::damage(b, id, e);
            let left = (foe.hp - dmg).max(0);
            let counter = if left > 0 && foe.stats.reaches(d) {
                combat::damage(b, e, id)
            } else {
                0
            };
            let key = (left > 0, left, counter, *cost, jitter(seed, *p, e));
            if best.as_ref().is_none_or(|(bk, _, _)| key < *bk) {
                best = Some((key, k, e));
            }
        }
    }
    let Some((_, k, e)) = best else {
        return decide_as(b, c, id, Some(Behavior::Charger), "player".into());
    };
    let (to, cost) = cells[k];
    let reason = Reason::just(Why::Attacks { target: e, from: to });
    chosen(b, c, id, (to, cost), Some(e), Some(e), reason)
}

/// A policy's decision for player unit `id`: walk to `route` (cell, cost) by its recorded
/// path, aiming at `target`, attacking `attack` from there.
fn chosen(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    (to, cost): (Pos, Cost),
    target: Option<UnitId>,
    attack: Option<UnitId>,
    reason: Reason,
) -> Decision {
    let me = b.unit(id);
    // The path of the one cell chosen (building one for every reachable cell cost more than
    // searching again).
    let path = b.with_reach(c, id, None, |reach| reach.path(to)).unwrap_or_default();
    Decision {
        unit: id,
        team: me.team,
        profile: "player".into(),
        target,
        from: me.pos,
        to,
        path,
        cost,
        triggered: true,
        wakes: None,
        reason,
        attack,
    }
}

/// Every cell player unit `id` can end its move on, with its cost.
fn reachable(b: &Battle, c: &mut Caches, id: UnitId) -> Vec<(Pos, Cost)> {
    b.with_reach(c, id, None, |reach| reach.cells().collect())
}

/// Which built-in policy drives the player's units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// [`decide`]: attack whatever can be hit, best blow first; otherwise charge.
    Simple,
    /// [`decide_careful`]: no deadly counters, the hero kept out of reach, no guard woken
    /// and no danger zone entered without a reason.
    #[default]
    Careful,
}

impl Policy {
    /// Every policy name, for messages.
    pub const NAMES: &'static str = "simple, careful";

    /// The policy called `name`.
    pub fn parse(name: &str) -> Option<Policy> {
        match name {
            "simple" => Some(Policy::Simple),
            "careful" => Some(Policy::Careful),
            _ => None,
        }
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Simple => "simple",
            Policy::Careful => "careful",
        }
    }

    /// The decision of this policy for player unit `id`.
    pub fn decide(self, b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId, seed: u64) -> Decision {
        match self {
            Policy::Simple => decide(b, c, id, seed),
            Policy::Careful => decide_careful(b, c, profiles, id, seed),
        }
    }
}

/// What one enemy threatens next enemy phase: the cells it could attack after moving, or
/// without moving (where it stays when its condition does not hold).
struct Threat {
    unit: UnitId,
    moving: danger::AttackArea,
    /// Within this distance of the enemy its condition holds (sight, trigger); `None`: always.
    wakes_within: Option<u32>,
    /// A guard that has not woken yet: within `wakes_within` a player unit wakes it.
    sleeping_guard: bool,
}

impl Threat {
    fn of(b: &Battle, c: &mut Caches, profiles: &Profiles, f: UnitId) -> Threat {
        let u = b.unit(f);
        let (moves, shape) = danger::enemy_moves(b, c, profiles, f);
        let moving = danger::AttackArea::new(&moves, u.stats.range_min, u.stats.range_max);
        let (wakes_within, sleeping_guard) = match shape {
            danger::Shape::Sight { radius } | danger::Shape::Ring { sight: radius, .. } => (Some(radius), false),
            danger::Shape::Trigger { radius, fired: false } => (Some(radius), true),
            _ => (None, false),
        };
        Threat {
            unit: f,
            moving,
            wakes_within,
            sleeping_guard,
        }
    }

    /// True when this enemy could strike a unit standing on `p` next phase.
    fn reaches(&self, b: &Battle, p: Pos) -> bool {
        let u = b.unit(self.unit);
        let d = u.pos.manhattan(p);
        if self.wakes_within.is_none_or(|r| d <= r) {
            self.moving.contains(p)
        } else {
            u.stats.reaches(d)
        }
    }
}

/// The careful policy's decision for player unit `id`.
///
/// Every reachable cell, with or without an attack from it, gets a score, compared in order:
/// 1. the hero never ends where the enemies could defeat it next phase, when it can avoid it;
/// 2. an attack beats a move: first one that defeats its target, then the one that hurts
///    most (hit points actually taken), never one whose counter would defeat the attacker;
///    between equal blows, the cell where fewer enemies can strike back next phase;
/// 3. a move does not wake a sleeping guard (end within its trigger), nor end where the
///    enemies could defeat the unit, then approaches the nearest enemy by travel cost,
///    then keeps out of danger zones (an archer's ring);
/// 4. the cheaper walk, then a tie-break drawn from `seed`.
pub fn decide_careful(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId, seed: u64) -> Decision {
    decide_careful_with(b, c, profiles, id, seed, Method::Auto)
}

/// [`decide_careful`] with the travel cost to the nearest enemy found by either method:
/// one search from every enemy at once (any method but [`Method::FullMaps`], up to
/// [`MAX_NEAREST_TARGETS`] enemies) or one potential map per enemy. The decision is the same.
pub fn decide_careful_with(
    b: &Battle,
    c: &mut Caches,
    profiles: &Profiles,
    id: UnitId,
    seed: u64,
    method: Method,
) -> Decision {
    let me = b.unit(id);
    let hero = b.hero() == Some(id);
    let foes: Vec<UnitId> = b.living(me.team.other()).collect();
    let foe_cells: Vec<Pos> = foes.iter().map(|&f| b.unit(f).pos).collect();
    let one_search = method != Method::FullMaps && foes.len() <= MAX_NEAREST_TARGETS;
    let threats: Vec<Threat> = foes.iter().map(|&f| Threat::of(b, c, profiles, f)).collect();
    let cells = reachable(b, c, id);
    // Damage the enemies (but `spared`, defeated by our blow) could deal on `p` next phase.
    let danger = |p: Pos, spared: Option<UnitId>| -> i32 {
        threats
            .iter()
            .filter(|t| Some(t.unit) != spared && t.reaches(b, p))
            .map(|t| combat::damage_at(b, t.unit, id, p))
            .sum()
    };
    let wakes = |p: Pos, spared: Option<UnitId>| {
        threats.iter().any(|t| {
            t.sleeping_guard
                && Some(t.unit) != spared
                && t.wakes_within.is_some_and(|r| b.unit(t.unit).pos.manhattan(p) <= r)
        })
    };
    // Travel cost from `p` to the nearest enemy, and the first enemy (in scenario order)
    // that near; with no path to any, every enemy ties.
    let nearest = |c: &mut Caches, p: Pos| -> (Cost, Option<UnitId>) {
        if one_search {
            let (d, bits) = b.nearest_travel(c, &foe_cells, me.class, p);
            let first = if d == UNREACHABLE {
                0
            } else {
                bits.trailing_zeros() as usize
            };
            (d, foes.get(first).copied())
        } else {
            foes.iter()
                .map(|&f| (b.travel(c, b.unit(f).pos, me.class, p).unwrap_or(UNREACHABLE), f))
                .min_by_key(|&(d, f)| (d, f.0))
                .map_or((UNREACHABLE, None), |(d, f)| (d, Some(f)))
        }
    };
    // Smaller is better, compared element by element (see the list above).
    type Key = [i64; 9];
    let mut best: Option<(Key, usize, Option<UnitId>)> = None;
    let mut consider = |key: Key, k: usize, attack: Option<UnitId>| {
        if best.as_ref().is_none_or(|(bk, _, _)| key < *bk) {
            best = Some((key, k, attack));
        }
    };
    for (k, &(p, cost)) in cells.iter().enumerate() {
        let cost = cost as i64;
        for &e in &foes {
            let foe = b.unit(e);
            let d = p.manhattan(foe.pos);
            if !me.stats.reaches(d) {
                continue;
            }
            let dealt = combat::damage(b, id, e).min(foe.hp);
            let kill = dealt >= foe.hp;
            let counter = if !kill && foe.stats.reaches(d) {
                combat::damage_at(b, e, id, p)
            } else {
                0
            };
            if counter >= me.hp {
                continue;
            }
            let left = me.hp - counter;
            let threat = danger(p, kill.then_some(e));
            let exposed = threat >= left;
            let key = [
                (hero && exposed) as i64,
                0,
                !kill as i64,
                -(dealt as i64),
                exposed as i64,
                threat as i64 + counter as i64,
                wakes(p, kill.then_some(e)) as i64,
                cost,
                jitter(seed, p, e) as i64,
            ];
            consider(key, k, Some(e));
        }
        let threat = danger(p, None);
        let exposed = threat >= me.hp;
        let key = [
            (hero && exposed) as i64,
            1,
            wakes(p, None) as i64,
            exposed as i64,
            nearest(c, p).0 as i64,
            threat as i64,
            0,
            cost,
            jitter(seed, p, id) as i64,
        ];
        consider(key, k, None);
    }
    let Some((_, k, attack)) = best else {
        return decide_as(b, c, id, None, "player".into());
    };
    let to = cells[k].0;
    let nearest = nearest(c, to).1;
    let reason = Reason::just(match attack {
        Some(e) => Why::Attacks { target: e, from: to },
        None if to == me.pos => Why::Holds,
        None => Why::MovesTowards { to, foe: nearest },
    });
    let target = attack.or(nearest);
    chosen(b, c, id, cells[k], target, attack, reason)
}
