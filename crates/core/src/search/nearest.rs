//! The nearest map: travel cost from every cell to the nearest of several targets, over
//! terrain only, found by one search from all of them at once.

use crate::search::grid::{Cost, Pos};
use crate::search::layout::CostLayer;
#[cfg(doc)]
use crate::search::potential::PotentialMap;
use crate::search::potential::UNREACHABLE;
use crate::search::spread::{Full, NARROW_COST, Narrow, Spread, Wide, Word};

/// Travel cost from every cell to the *nearest* of several targets, and which targets are
/// that near: one search from all of them at once instead of one potential map each.
///
/// Bit `k` of a cell's mask is set when target `k` is at the cell's travel cost (ties keep
/// every tied target), so the potential map of target `k` equals the nearest map wherever
/// its bit is set, and is larger everywhere else.
///
/// The search runs only as far as the questions asked need: a cell's answer is final once
/// every cost level below its own has been expanded, so each question resumes the search
/// until that holds. On a big map where the units stand close together most of the map is
/// never searched; the answers are those of the whole search.
#[derive(Debug, Clone)]
pub struct NearestMap {
    layer: CostLayer,
    targets: Vec<Pos>,
    spread: std::cell::RefCell<Cells>,
    /// Scratch of the guided searches: per cell the best cost found, valid while its stamp
    /// is the current query's (no clearing between queries), and the open list.
    scratch: std::cell::RefCell<AStar>,
}

/// The multi-source search, paused between questions, in the narrowest word that holds
/// the targets' bits and the map's costs.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cells {
    /// Up to 8 targets and costs below 2^24 - 1: a potential map's size.
    Narrow(Spread<Narrow>),
    /// Up to 32 targets.
    Wide(Spread<Wide>),
    /// Up to [`MAX_NEAREST_TARGETS`].
    Full(Spread<Full>),
}

impl Cells {
    /// The search from `targets`, given as (bit, padded index), in the memory of `old` when
    /// it is a search in the same word (`same_terrain`: one on a layer equal to `layer`).
    /// A search that may be restarted (`kept`: in old memory, or for the caches, which
    /// reuse their maps' memory) keeps the cells it touches; one for a map computed once
    /// keeps none.
    fn restart(
        old: Option<Cells>,
        layer: &CostLayer,
        targets: &[(usize, usize)],
        same_terrain: bool,
        kept: bool,
    ) -> Cells {
        // A finite cost enters each cell at most once.
        let highest = layer.costs().len() as u64 * layer.max_cost().max(1) as u64;
        let bits = targets.iter().map(|&(k, _)| k + 1).max().unwrap_or(0);
        if bits <= Narrow::TARGETS && highest <= NARROW_COST {
            Cells::Narrow(match old {
                Some(Cells::Narrow(s)) => s.restart(layer, targets, same_terrain),
                _ if kept => Spread::empty().restart(layer, targets, false),
                _ => Spread::start(layer, targets),
            })
        } else if bits <= Wide::TARGETS {
            Cells::Wide(match old {
                Some(Cells::Wide(s)) => s.restart(layer, targets, same_terrain),
                _ if kept => Spread::empty().restart(layer, targets, false),
                _ => Spread::start(layer, targets),
            })
        } else {
            Cells::Full(match old {
                Some(Cells::Full(s)) => s.restart(layer, targets, same_terrain),
                _ if kept => Spread::empty().restart(layer, targets, false),
                _ => Spread::start(layer, targets),
            })
        }
    }

    /// Whether cell `i`'s answer is final without searching further.
    fn is_settled(&self, i: usize) -> bool {
        match self {
            Cells::Narrow(s) => s.is_settled(i),
            Cells::Wide(s) => s.is_settled(i),
            Cells::Full(s) => s.is_settled(i),
        }
    }

    /// Travel cost and target bits of cell `i`, final ([`UNREACHABLE`] and none when no
    /// target can be reached): the search resumes as far as that needs.
    #[inline]
    fn settled(&mut self, layer: &CostLayer, i: usize) -> (Cost, u64) {
        match self {
            Cells::Narrow(s) => {
                s.settle(layer, Some(i));
                s.get(i).unwrap_or((UNREACHABLE, 0))
            }
            Cells::Wide(s) => {
                s.settle(layer, Some(i));
                s.get(i).unwrap_or((UNREACHABLE, 0))
            }
            Cells::Full(s) => {
                s.settle(layer, Some(i));
                s.get(i).unwrap_or((UNREACHABLE, 0))
            }
        }
    }
}

/// Reusable state of [`NearestMap::travel_to`]'s guided search.
#[derive(Debug, Clone, Default)]
struct AStar {
    stamp: u32,
    seen: Vec<u32>,
    best: Vec<Cost>,
    open: std::collections::BinaryHeap<std::cmp::Reverse<(Cost, Cost, u32)>>,
}

/// Most targets a [`NearestMap`] takes (one bit each).
pub const MAX_NEAREST_TARGETS: usize = 64;

impl NearestMap {
    /// One multi-source search from `targets` (at most [`MAX_NEAREST_TARGETS`], all on the
    /// map, distinct), with the same rules as [`PotentialMap::compute`] for each.
    ///
    /// ```
    /// use skirmish_core::model::map::{CostLayer, Layout};
    /// use skirmish_core::search::{grid::Pos, nearest::NearestMap};
    /// // One row `A..T..B`: plain costs 1 to enter, the forest at x = 3 costs 3.
    /// let layer = CostLayer::new(Layout::new(7, 1), |p| if p.x == 3 { 3 } else { 1 });
    /// let near = NearestMap::compute(&layer, &[Pos::new(0, 0), Pos::new(6, 0)]);
    /// // From the forest both are 3 cells of plain away: both bits.
    /// assert_eq!(near.nearest(Pos::new(3, 0)), (3, 0b11));
    /// // From (4,0), B is 2 away; A is 3 (the forest) + 1 + 1 + 1 = 6.
    /// assert_eq!(near.nearest(Pos::new(4, 0)), (2, 0b10));
    /// // A's own cost from (4,0), found by a search the nearest map guides.
    /// assert_eq!(near.travel_to(0, Pos::new(4, 0)), 6);
    /// ```
    pub fn compute(layer: &CostLayer, targets: &[Pos]) -> NearestMap {
        NearestMap::computed(layer, targets, false)
    }

    /// [`NearestMap::compute`] for a map the caches keep: its search records the cells it
    /// touches, so that [`NearestMap::recompute`] on the same terrain resets only those.
    pub(crate) fn compute_kept(layer: &CostLayer, targets: &[Pos]) -> NearestMap {
        NearestMap::computed(layer, targets, true)
    }

    fn computed(layer: &CostLayer, targets: &[Pos], kept: bool) -> NearestMap {
        let placed = NearestMap::placed(layer, targets);
        NearestMap {
            layer: layer.clone(),
            targets: targets.to_vec(),
            spread: std::cell::RefCell::new(Cells::restart(None, layer, &placed, false, kept)),
            scratch: Default::default(),
        }
    }

    /// Makes this map [`NearestMap::compute`]'s for `layer` and `targets`, in its own memory
    /// (cell words, queues, search scratch): the same map, without allocating a map-sized
    /// array anew. The caches replace the map asked for least recently this way.
    pub(crate) fn recompute(&mut self, layer: &CostLayer, targets: &[Pos]) {
        let old = std::mem::replace(self.spread.get_mut(), Cells::Narrow(Spread::empty()));
        let placed = NearestMap::placed(layer, targets);
        // Equal layers share their costs (compared by address first).
        let same = self.layer == *layer;
        *self.spread.get_mut() = Cells::restart(Some(old), layer, &placed, same, true);
        self.layer = layer.clone();
        self.targets.clear();
        self.targets.extend_from_slice(targets);
        // The search scratch is stamped per query: it needs no clearing, only the size of
        // the map (checked where it is used).
    }

    /// The targets on the map, as (bit, padded index).
    fn placed(layer: &CostLayer, targets: &[Pos]) -> Vec<(usize, usize)> {
        assert!(
            targets.len() <= MAX_NEAREST_TARGETS,
            "too many targets for a nearest map"
        );
        let layout = layer.layout();
        (targets.iter().enumerate())
            .filter(|(_, t)| layout.contains(**t))
            .map(|(k, &t)| (k, layout.index(t)))
            .collect()
    }

    /// The targets, in the order given (bit `k` of a mask is `targets()[k]`).
    pub fn targets(&self) -> &[Pos] {
        &self.targets
    }

    /// Travel cost from `p` to the nearest target ([`UNREACHABLE`] when none can be
    /// reached), and the bits of the targets that near.
    pub fn nearest(&self, p: Pos) -> (Cost, u64) {
        let layout = self.layer.layout();
        if !layout.contains(p) {
            return (UNREACHABLE, 0);
        }
        let i = layout.index(p);
        self.spread.borrow_mut().settled(&self.layer, i)
    }

    /// Whether [`NearestMap::nearest`] (and so [`NearestMap::bound_to`]) answers for `p`
    /// without searching further: the search has gone past `p`'s cost already.
    pub(crate) fn is_settled(&self, p: Pos) -> bool {
        let layout = self.layer.layout();
        !layout.contains(p) || self.spread.borrow().is_settled(layout.index(p))
    }

    /// A lower bound of the travel cost from `p` to target `k`, and whether it is exact:
    /// the nearest map's value where `k` is among the nearest (or nothing can be reached),
    /// else one more than it (`k` is strictly farther than the nearest). Costs no search.
    pub fn bound_to(&self, k: usize, p: Pos) -> (Cost, bool) {
        let (d, m) = self.nearest(p);
        if d == UNREACHABLE || m & (1 << k) != 0 {
            (d, true)
        } else {
            (d + 1, false)
        }
    }

    /// Exact travel cost from `p` to target `k`: the nearest map's value where `k` is among
    /// the nearest, else a search from `p` guided by the nearest map (a consistent lower
    /// bound of every target's travel cost, so the search only explores the cells around
    /// the best ways).
    pub fn travel_to(&self, k: usize, p: Pos) -> Cost {
        match self.bound_to(k, p) {
            (d, true) => d,
            _ => {
                let layout = self.layer.layout();
                // A target off the map is reached from nowhere.
                match layout.try_index(self.targets[k]) {
                    Some(goal) => self.search(layout.index(p), goal),
                    None => UNREACHABLE,
                }
            }
        }
    }

    /// A* from `from` to `goal` over terrain, with the nearest map as heuristic (a
    /// consistent lower bound: the travel cost to the nearest target).
    fn search(&self, from: usize, goal: usize) -> Cost {
        use std::cmp::Reverse;
        let costs = self.layer.costs();
        // Entering the goal costs 1 when its class cannot stand there (as in [`PotentialMap::compute`]).
        let enter = |n: usize| match costs[n] {
            0 if n == goal => 1,
            c => c as Cost,
        };
        let layout = self.layer.layout();
        let stride = layout.stride();
        let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
        // Nobody stands on an impassable cell, so no way starts there (as in [`PotentialMap::compute`]).
        if costs[from] == 0 {
            return UNREACHABLE;
        }
        let mut spread = self.spread.borrow_mut();
        let mut guard = self.scratch.borrow_mut();
        let AStar {
            stamp,
            seen,
            best,
            open,
        } = &mut *guard;
        if seen.len() != layout.len() {
            *seen = vec![0; layout.len()];
            *best = vec![0; layout.len()];
            *stamp = 0;
        }
        *stamp = stamp.wrapping_add(1);
        if *stamp == 0 {
            seen.fill(0);
            *stamp = 1;
        }
        let stamp = *stamp;
        open.clear();
        seen[from] = stamp;
        best[from] = 0;
        open.push(Reverse((spread.settled(&self.layer, from).0, 0, from as u32)));
        while let Some(Reverse((_, g, i))) = open.pop() {
            let i = i as usize;
            if i == goal {
                return g;
            }
            if best[i] < g {
                continue;
            }
            for &off in &offsets {
                let n = i.wrapping_add(off);
                let c = enter(n);
                if c == 0 {
                    continue;
                }
                let h = spread.settled(&self.layer, n).0;
                if h == UNREACHABLE {
                    continue;
                }
                let ng = g + c;
                if seen[n] != stamp || ng < best[n] {
                    seen[n] = stamp;
                    best[n] = ng;
                    open.push(Reverse((ng + h, ng, n as u32)));
                }
            }
        }
        UNREACHABLE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::layout::Layout;

    /// The narrow word holds costs below 2^24 - 1 only: a map whose costs could add up to
    /// more takes the wide word even with few targets, as do more than 8 targets.
    #[test]
    fn the_word_is_as_wide_as_the_costs_and_targets_need() {
        let layer = |side: usize| CostLayer::new(Layout::new(side, side), |_| 255);
        // 255 × (254 + 2)² padded cells is below 2^24 - 1, 255 × (255 + 2)² above.
        let small = layer(254);
        assert!(matches!(
            Cells::restart(None, &small, &[(0, 300)], false, false),
            Cells::Narrow(_)
        ));
        assert!(matches!(
            Cells::restart(None, &layer(255), &[(0, 300)], false, false),
            Cells::Wide(_)
        ));
        assert!(matches!(
            Cells::restart(None, &small, &[(8, 300)], false, false),
            Cells::Wide(_)
        ));
        assert!(matches!(
            Cells::restart(None, &small, &[(32, 300)], false, false),
            Cells::Full(_)
        ));
    }

    /// A map recomputed in the memory of earlier ones (same terrain: only the words they
    /// touched are reset; other terrain, or a first map computed once: the whole array)
    /// answers exactly as one computed afresh, whether the earlier searches were left part
    /// way or run to the end, with targets on walls and off the map, in every word width.
    #[test]
    fn a_map_recomputed_in_old_memory_answers_as_a_fresh_one() {
        use crate::rng::Rng;
        let mut rng = Rng::new(36);
        // Miri runs the unsafe spread code thousands of times slower: there, a few smaller
        // maps (up to 8x8, still up to 40 targets: narrow, wide and full words).
        let (cases, side) = if cfg!(miri) { (4, 8) } else { (120, 14) };
        for case in 0..cases {
            let (w, h) = (1 + rng.below(side), 1 + rng.below(side));
            let layout = Layout::new(w, h);
            // Two terrains of one size: the caches keep maps of several movement classes.
            let layers: Vec<CostLayer> = (0..2)
                .map(|_| {
                    let cells: Vec<u8> = (0..w * h)
                        .map(|_| if rng.chance(20) { 0 } else { 1 + rng.below(4) as u8 })
                        .collect();
                    CostLayer::new(layout, |p| cells[p.y as usize * w + p.x as usize])
                })
                .collect();
            let mut map: Option<NearestMap> = None;
            for _ in 0..6 {
                let layer = &layers[rng.below(2)];
                // Up to 40 targets (narrow, wide and full words), some off the map.
                let most = if rng.chance(30) { 40 } else { 6 };
                let n = 1 + rng.below(most);
                let targets: Vec<Pos> = (0..n)
                    .map(|_| Pos::new(rng.below(w + 1) as i32, rng.below(h + 1) as i32))
                    .fold(Vec::new(), |mut v, p| {
                        if !v.contains(&p) {
                            v.push(p);
                        }
                        v
                    });
                let fresh = NearestMap::compute(layer, &targets);
                match &mut map {
                    Some(m) => m.recompute(layer, &targets),
                    // A map of the caches (its cells recorded from the first search) or
                    // one computed once (the first restart resets the whole array).
                    None if case % 2 == 0 => map = Some(NearestMap::compute_kept(layer, &targets)),
                    None => map = Some(NearestMap::compute(layer, &targets)),
                }
                let m = map.as_ref().unwrap();
                assert_eq!(m.targets(), &targets[..]);
                // Ask a few cells only (the search stops part way, cells left queued), or all.
                let cells: Vec<Pos> = if rng.chance(50) {
                    (0..3)
                        .map(|_| Pos::new(rng.below(w) as i32, rng.below(h) as i32))
                        .collect()
                } else {
                    (0..w * h).map(|i| Pos::new((i % w) as i32, (i / w) as i32)).collect()
                };
                for p in cells {
                    assert_eq!(m.nearest(p), fresh.nearest(p), "case {case}, cell {p}");
                    let k = rng.below(targets.len());
                    assert_eq!(m.travel_to(k, p), fresh.travel_to(k, p), "case {case}, cell {p}");
                }
            }
        }
    }
}
