//! Why an enemy decides as it does: its target candidates, what its behaviour wanted and
//! every reachable cell's score, computed by the same functions as [`decide`](super::decide).

use super::rank::{leash, ranked};
use super::{CellKey, Decision, Goal, Method, cell_key, decide_as_with};
use crate::model::profiles::{Behavior, Profiles};
use crate::model::terrain::Cost;
use crate::rules::{Battle, Caches, UnitId};
use crate::search::grid::Pos;
use crate::search::potential::UNREACHABLE;
use crate::search::range::Leash;

/// One target candidate, as an explanation lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Candidate {
    /// The candidate's name.
    pub unit: String,
    /// Its cell.
    pub at: Pos,
    /// Travel cost from the mover to it (`None`: no path over this terrain).
    pub travel: Option<Cost>,
    /// Manhattan distance (the first tie-break).
    pub distance: u32,
    /// True for the chosen target.
    pub chosen: bool,
}

/// One reachable cell and the numbers its behaviour ranked it by.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CellScore {
    /// The cell.
    pub at: Pos,
    /// Movement points to walk there.
    pub walk: Cost,
    /// Travel cost from there to the target (advance: to its goal).
    pub travel: Option<Cost>,
    /// keep_range: distance from the ring (0 = on it).
    pub ring_gap: Option<u32>,
    /// advance: whether a player unit stands within reach from there (such cells come first).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub attacks: Option<bool>,
    /// How many units of the other side could attack the cell next phase (a behaviour that
    /// weighs safety, such as `support`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub threats: Option<u32>,
    /// Whether it can heal the ally it chose from there (`support`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub heals: Option<bool>,
    /// Its rank among the reachable cells (0 = chosen).
    pub rank: usize,
}

/// Why a unit decides as it does: the candidates, the goal, and every reachable cell's score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The decision itself (what `decide` returns).
    pub decision: super::Decision,
    /// The target candidates in the order of the tie-breaks.
    pub candidates: Vec<Candidate>,
    /// What the behaviour wanted.
    pub goal: Goal,
    /// The area the unit may not leave, if any.
    pub leash: Option<Leash>,
    /// Every reachable cell, best first (empty when the unit stays without looking).
    pub cells: Vec<CellScore>,
    /// A registered behaviour's goal in words ([`Goal::Custom`]), e.g. "heal Lance (9/20 hp)".
    pub note: Option<String>,
    /// The cells of the other side's zones of control where the unit's paths stopped short of
    /// cells it could otherwise have reached as cheaply (empty where no zone cut a path).
    pub zones: Vec<ZoneCut>,
}

/// A cell of another side's zone of control that cut the unit's paths, and who holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ZoneCut {
    /// The held cell: the unit may end there, not go on.
    pub at: Pos,
    /// The units whose zones hold it, in scenario order.
    pub holders: Vec<String>,
}

/// The cells of the other side's zones where the range search of `id` (with `leash`) stopped
/// a path that would otherwise have gone on: held cells it reaches from which, without the
/// zones, it would walk on to a neighbour it now reaches dearer or not at all. Empty for a
/// skirmisher and where the other side holds no zone (no search is made then).
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::ai::zone_cuts;
/// use skirmish_core::model::units::MoveRules;
/// use skirmish_core::rules::Unit;
/// let terrain = TerrainSet::standard();
/// let map = TerrainMap::from_rows(&terrain, &["......", "......"]).unwrap();
/// let zoc = MoveRules { zoc: true, ..MoveRules::default() };
/// let wall = Unit::new("Wall", Team::Player, Pos::new(2, 1), ClassId(0), 0).with_moves(zoc);
/// let brute = Unit::new("Brute", Team::Enemy, Pos::new(0, 0), ClassId(0), 5);
/// let b = Battle::from_parts(map, terrain, vec![wall, brute]).unwrap();
/// let cuts = zone_cuts(&b, &mut Caches::new(), UnitId(1), None);
/// // (1, 1) and (3, 1) are held too, but paths through them lead nowhere (2, 0) does not.
/// assert_eq!(cuts.len(), 1);
/// assert_eq!((cuts[0].at, cuts[0].holders.as_slice()), (Pos::new(2, 0), &["Wall".to_string()][..]));
/// ```
pub fn zone_cuts(b: &Battle, c: &mut Caches, id: UnitId, leash: Option<Leash>) -> Vec<ZoneCut> {
    let me = b.unit(id);
    let holders: Vec<UnitId> = b.living(me.team.other()).filter(|&h| b.unit(h).moves.zoc).collect();
    if me.moves.skirmisher || holders.is_empty() {
        return Vec::new();
    }
    let held: std::collections::HashMap<Pos, Cost> = b.with_reach(c, id, leash, |r| r.cells().collect());
    let mut open = b.occupancy().clone();
    for &h in &holders {
        open.release(b.unit(h).pos, me.team.other());
    }
    let free: std::collections::HashMap<Pos, Cost> = b.with_reach_over(c, id, leash, &open, |r| r.cells().collect());
    let layer = b.layer(me.class);
    let mut cuts: Vec<ZoneCut> = held
        .keys()
        .filter(|&&p| p != me.pos && b.occupancy().stops(p, me.team))
        .filter(|&&p| {
            let Some(&base) = free.get(&p) else { return false };
            crate::search::grid::Dir::ALL.into_iter().any(|d| {
                let q = p.step(d);
                let step = layer.cost(q);
                matches!((free.get(&q), step), (Some(&f), Some(s)) if f == base + s && held.get(&q).is_none_or(|&h| h > f))
            })
        })
        .map(|&p| ZoneCut {
            at: p,
            holders: holders
                .iter()
                .filter(|&&h| b.unit(h).pos.manhattan(p) == 1)
                .map(|&h| b.unit(h).name.to_string())
                .collect(),
        })
        .collect();
    cuts.sort_by_key(|z| (z.at.y, z.at.x));
    cuts
}

impl Explanation {
    /// The explanation of `decision` with its target candidates only (no goal, no cells):
    /// what a behaviour without an explanation of its own shows, and the start of one.
    pub fn of_decision(b: &Battle, c: &mut Caches, decision: Decision) -> Explanation {
        let me = b.unit(decision.unit);
        let mut candidates: Vec<(Cost, u32, usize, Candidate)> = b
            .living(me.team.other())
            .map(|t| {
                let u = b.unit(t);
                let travel = b.travel(c, u.pos, me.class, me.pos);
                let distance = me.pos.manhattan(u.pos);
                let c = Candidate {
                    unit: u.name.to_string(),
                    at: u.pos,
                    travel,
                    distance,
                    chosen: decision.target == Some(t),
                };
                (travel.unwrap_or(UNREACHABLE), distance, t.0, c)
            })
            .collect();
        candidates.sort_by_key(|(t, d, k, _)| (*t, *d, *k));
        Explanation {
            decision,
            candidates: candidates.into_iter().map(|(_, _, _, c)| c).collect(),
            goal: Goal::Stay,
            leash: None,
            cells: Vec::new(),
            note: None,
            zones: Vec::new(),
        }
    }
}

/// Explains the decision of enemy `id` (or of a player unit under `behavior`): the numbers
/// behind [`decide`](super::decide), computed by the same functions.
pub fn explain(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId) -> Explanation {
    // Under fog, on what its side sees (see `decide_as_with`).
    let view = b.seen_by(b.unit(id).team());
    let b: &Battle = &view;
    let me = b.unit(id);
    let label = me.profile.as_deref().unwrap_or_default().to_string();
    let mut x = match me.behavior(profiles) {
        Some(Behavior::Custom(x)) => x.rule().explain(b, c, id, label),
        behavior => explain_as(b, c, id, behavior.as_ref(), label),
    };
    x.zones = zone_cuts(b, c, id, x.leash);
    x
}

/// A built-in's explanation (`None`: an unknown profile, which stays).
pub(super) fn explain_as(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    behavior: Option<&Behavior>,
    label: String,
) -> Explanation {
    let view = b.seen_by(b.unit(id).team());
    let b: &Battle = &view;
    let decision = decide_as_with(b, c, id, behavior, label, Method::default());
    let me = b.unit(id);
    let leash = leash(behavior, me);
    let goal = match behavior {
        _ if !decision.triggered => Goal::Stay,
        Some(Behavior::Advance { goal }) => Goal::Advance(*goal),
        Some(Behavior::KeepRange { range, .. }) => Goal::Ring(*range),
        Some(_) => Goal::Approach,
        None => Goal::Stay,
    };
    let mut x = Explanation::of_decision(b, c, decision);
    let mut cells = Vec::new();
    if let Goal::Advance(at) = goal {
        cells = ranked(b, c, id, at)
            .into_iter()
            .enumerate()
            .map(|(rank, s)| CellScore {
                at: s.at,
                walk: s.walk,
                travel: s.travel,
                ring_gap: None,
                attacks: Some(s.attacks),
                threats: None,
                heals: None,
                rank,
            })
            .collect();
    } else if let (Some(t), true) = (x.decision.target, goal != Goal::Stay) {
        let tp = b.unit(t).pos;
        b.with_reach_and_potential(c, id, leash, tp, |reach, pot| {
            let mut scored: Vec<(CellKey, CellScore)> = reach
                .cells()
                .map(|(p, walk)| {
                    let travel = pot.get(p);
                    let ring_gap = match goal {
                        Goal::Ring(range) => Some(p.manhattan(tp).abs_diff(range)),
                        _ => None,
                    };
                    let score = CellScore {
                        at: p,
                        walk,
                        travel,
                        ring_gap,
                        attacks: None,
                        threats: None,
                        heals: None,
                        rank: 0,
                    };
                    (cell_key(goal, p, walk, travel, tp), score)
                })
                .collect();
            scored.sort_by_key(|(k, _)| *k);
            cells = scored
                .into_iter()
                .enumerate()
                .map(|(rank, (_, c))| CellScore { rank, ..c })
                .collect();
        });
    }
    x.goal = goal;
    x.leash = leash;
    x.cells = cells;
    x
}
