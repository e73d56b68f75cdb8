//! `behavior = "support"`, the seventh behaviour, for enemy healers: it heals the ally with
//! the lowest share of its hit points left that it can reach this turn (ties: the lower hp,
//! then reading order of the ally's cell), from the reachable cell that the fewest player
//! units could attack next phase (ties: the cheaper walk, then reading order). With nobody
//! to heal it ends on the reachable cell with the lowest travel cost to its nearest ally
//! (ties: the cheaper walk, then reading order). It never attacks.
//!
//! Written only against the engine's public API: [`AiBehavior`], [`Decision`],
//! [`Explanation`] and the danger-zone helpers.

use crate::ai::danger::{reach_areas, threats};
use crate::ai::{AiBehavior, CellScore, Decision, Explanation, Goal, Reason, Why};
use crate::rules::{Battle, Caches, UnitId};
use crate::search::grid::{Cost, Pos};
use std::cmp::Ordering;

/// The `support` behaviour (its profile takes no numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Support;

/// One reachable cell as support weighs it.
#[derive(Debug, Clone, Copy)]
struct Cell {
    at: Pos,
    walk: Cost,
    /// Player units that could attack it next phase.
    threats: u32,
    /// Whether the chosen ally can be healed from it (heal mode only).
    heals: Option<bool>,
    /// Travel cost from it to the nearest ally (rejoin mode only).
    travel: Option<Cost>,
}

/// What support wants this turn, and every reachable cell ranked best first.
struct Plan {
    /// The ally it heals, if any.
    ally: Option<UnitId>,
    /// The nearest ally it heads for when nobody needs healing, if any.
    toward: Option<UnitId>,
    cells: Vec<Cell>,
}

/// `a` has a lower share of its hit points left than `b`, then fewer hit points, then its
/// cell comes first in reading order.
fn neediest(b: &Battle, x: UnitId, y: UnitId) -> Ordering {
    let (a, z) = (b.unit(x), b.unit(y));
    // hp / max compared without division: a.hp * z.max against z.hp * a.max.
    let share = (i64::from(a.hp()) * i64::from(z.stats().hp)).cmp(&(i64::from(z.hp()) * i64::from(a.stats().hp)));
    share
        .then(a.hp().cmp(&z.hp()))
        .then((a.pos().y, a.pos().x).cmp(&(z.pos().y, z.pos().x)))
}

fn plan(b: &Battle, c: &mut Caches, id: UnitId) -> Plan {
    let me = b.unit(id);
    let reach: Vec<(Pos, Cost)> = b.with_reach(c, id, None, |r| r.cells().collect());
    let allies: Vec<UnitId> = b.living(me.team()).filter(|&a| a != id).collect();
    if let Some(heal) = me.heal() {
        let can_heal_from = |a: UnitId, p: Pos| heal.reaches(p.manhattan(b.unit(a).pos()));
        let ally = allies
            .iter()
            .copied()
            .filter(|&a| b.unit(a).hp() < b.unit(a).stats().hp)
            .filter(|&a| reach.iter().any(|&(p, _)| can_heal_from(a, p)))
            .min_by(|&x, &y| neediest(b, x, y));
        if let Some(ally) = ally {
            let areas = reach_areas(b, c, me.team().other());
            let mut cells: Vec<Cell> = reach
                .iter()
                .map(|&(at, walk)| Cell {
                    at,
                    walk,
                    threats: threats(&areas, at),
                    heals: Some(can_heal_from(ally, at)),
                    travel: None,
                })
                .collect();
            cells.sort_by_key(|s| (!s.heals.unwrap_or(false), s.threats, s.walk, s.at.y, s.at.x));
            return Plan {
                ally: Some(ally),
                toward: None,
                cells,
            };
        }
    }
    // Nobody to heal: towards the nearest ally by travel cost.
    let mut cells: Vec<(Cell, Option<UnitId>)> = reach
        .iter()
        .map(|&(at, walk)| {
            let nearest = allies
                .iter()
                .filter_map(|&a| b.travel(c, b.unit(a).pos(), me.class(), at).map(|d| (d, a)))
                .min_by_key(|&(d, a)| (d, a.0));
            let cell = Cell {
                at,
                walk,
                threats: 0,
                heals: None,
                travel: nearest.map(|(d, _)| d),
            };
            (cell, nearest.map(|(_, a)| a))
        })
        .collect();
    cells.sort_by_key(|(s, _)| (s.travel.unwrap_or(Cost::MAX), s.walk, s.at.y, s.at.x));
    let toward = cells.first().and_then(|(s, a)| s.travel.and(*a));
    Plan {
        ally: None,
        toward,
        cells: cells.into_iter().map(|(s, _)| s).collect(),
    }
}

fn decision(b: &Battle, c: &mut Caches, id: UnitId, label: String, plan: &Plan) -> Decision {
    let me = b.unit(id);
    // Healing, the best cell heals; rejoining, it leads somewhere.
    let best = plan.cells.first().filter(|s| plan.ally.is_some() || s.travel.is_some());
    let Some(best) = best.copied() else {
        let why = if b.living(me.team()).any(|a| a != id) {
            "no ally it can reach or heal: stays"
        } else {
            "no ally left: stays"
        };
        return Decision::stay(b, id, label, Why::Said(why.into()));
    };
    let words = match (plan.ally, plan.toward) {
        (Some(a), _) => {
            let u = b.unit(a);
            format!(
                "heals {} ({}/{} hp, the lowest share it can reach) from {}, where {} player unit{} could attack",
                u.name(),
                u.hp(),
                u.stats().hp,
                best.at,
                best.threats,
                if best.threats == 1 { "" } else { "s" }
            )
        }
        (None, Some(a)) => format!(
            "nobody to heal: closest reachable cell to its nearest ally {} by travel cost ({})",
            b.unit(a).name(),
            best.travel.map_or("∞".into(), |t| t.to_string())
        ),
        (None, None) => "nobody to heal".into(),
    };
    let mut d = Decision::walk(b, c, id, best.at, label, Reason::just(Why::Said(words)));
    d.heal = plan.ally;
    d.target = plan.ally.or(plan.toward);
    d
}

impl AiBehavior for Support {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        let p = plan(b, c, id);
        decision(b, c, id, label, &p)
    }

    fn summary(&self) -> Option<String> {
        // A healer still answers blows (the rules' counter): said, so that no text says it never fights.
        Some("heals the most hurt ally in reach, never attacks (strikes back when struck)".into())
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        let p = plan(b, c, id);
        let d = decision(b, c, id, label, &p);
        let mut x = Explanation::of_decision(b, c, d);
        x.goal = Goal::Custom;
        x.note = Some(match (p.ally, p.toward) {
            (Some(a), _) => format!(
                "heal {} ({}/{} hp): cells it can heal from first, then the fewest player units that could attack there, then the cheaper walk, then reading order",
                b.name(a),
                b.unit(a).hp(),
                b.unit(a).stats().hp
            ),
            (None, Some(a)) => format!(
                "nobody to heal: towards its nearest ally {}: cells ranked by travel cost to the nearest ally, then the cheaper walk, then reading order",
                b.name(a)
            ),
            (None, None) => "nobody to heal and no ally to join: stays".into(),
        });
        x.cells = p
            .cells
            .iter()
            .enumerate()
            .map(|(rank, s)| CellScore {
                at: s.at,
                walk: s.walk,
                travel: s.travel,
                ring_gap: None,
                attacks: None,
                threats: s.heals.map(|_| s.threats),
                heals: s.heals,
                rank,
            })
            .collect();
        x
    }
}
