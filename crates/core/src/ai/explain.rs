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
                    unit: u.name.clone(),
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
    let label = me.profile.clone().unwrap_or_default();
    match me.behavior(profiles) {
        Some(Behavior::Custom(x)) => x.rule().explain(b, c, id, label),
        behavior => explain_as(b, c, id, behavior.as_ref(), label),
    }
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
