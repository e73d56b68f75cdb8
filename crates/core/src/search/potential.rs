//! The potential map: travel cost from every cell to one target cell, over terrain only.
//!
//! The travel cost from a cell is the cheapest sum of the costs of the cells entered on the
//! way to the target, the target's own cell included (the maze article's step map,
//! weighted by terrain). It is one backward Dijkstra from the target with a bucket ring.

use crate::search::grid::{Cost, Pos};
use crate::search::layout::{CostLayer, Layout};

/// Travel cost to one target from every cell of the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotentialMap {
    layout: Layout,
    target: Pos,
    dist: Vec<Cost>,
}

/// Marks cells from which the target cannot be reached.
pub const UNREACHABLE: Cost = Cost::MAX;

impl PotentialMap {
    /// Computes the map for `target` on `layer`'s terrain costs.
    ///
    /// ```
    /// use skirmish_core::search::{grid::Pos, layout::{CostLayer, Layout}, potential::PotentialMap};
    /// // One row `..T.`: plain costs 1 to enter, the forest 2.
    /// let layer = CostLayer::new(Layout::new(4, 1), |p| if p.x == 2 { 2 } else { 1 });
    /// let pot = PotentialMap::compute(&layer, Pos::new(3, 0));
    /// // From (0,0): enter (1,0)=1, (2,0)=2, then the target (3,0)=1.
    /// assert_eq!(pot.get(Pos::new(0, 0)), Some(4));
    /// assert_eq!(pot.get(Pos::new(3, 0)), Some(0));
    /// ```
    pub fn compute(layer: &CostLayer, target: Pos) -> PotentialMap {
        let layout = layer.layout();
        let mut dist = vec![UNREACHABLE; layout.len()];
        if layout.contains(target) {
            fill(layer, layout.index(target), &mut dist);
        }
        PotentialMap { layout, target, dist }
    }

    /// The target cell.
    pub fn target(&self) -> Pos {
        self.target
    }

    /// Travel cost from `p` to the target; `None` when off the map or cut off.
    pub fn get(&self, p: Pos) -> Option<Cost> {
        if !self.layout.contains(p) {
            return None;
        }
        match self.dist[self.layout.index(p)] {
            UNREACHABLE => None,
            d => Some(d),
        }
    }

    /// Travel cost at a padded index, [`UNREACHABLE`] when cut off.
    #[inline]
    pub fn at_index(&self, i: usize) -> Cost {
        self.dist[i]
    }
}

fn fill(layer: &CostLayer, target: usize, dist: &mut [Cost]) {
    let stride = layer.layout().stride();
    let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
    let costs = layer.costs();
    assert_eq!(costs.len(), dist.len(), "cost layer and potential map sizes differ");
    dist[target] = 0;
    // Edge costs are 1..=max_cost, so a power-of-two ring of buckets indexed by
    // `cost & mask` never mixes two pending costs.
    let size = (layer.max_cost().max(1) as usize + 1).next_power_of_two();
    let mask = size as Cost - 1;
    let mut ring: Vec<Vec<u32>> = vec![Vec::new(); size];
    // The target is settled here rather than in the loop: entering it costs its terrain,
    // or 1 for a class that cannot enter it (a flier on a mountain, chased by a horse;
    // contract, "second round"). The loop then never meets the target again.
    let enter_target = match costs[target] {
        0 => 1,
        c => c as Cost,
    };
    let mut pending = 0usize;
    for &off in &offsets {
        let n = target.wrapping_add(off);
        // The target is a map cell, so its neighbours lie inside the padded arrays.
        if costs[n] != 0 {
            dist[n] = enter_target;
            ring[(enter_target & mask) as usize].push(n as u32);
            pending += 1;
        }
    }
    let mut cur: Cost = 1;
    while pending > 0 {
        let slot = (cur & mask) as usize;
        let mut bucket = std::mem::take(&mut ring[slot]);
        pending -= bucket.len();
        for &i in &bucket {
            let i = i as usize;
            if dist[i] != cur {
                continue;
            }
            // Stepping from a neighbour into `i` costs `i`'s terrain.
            let nd = cur + costs[i] as Cost;
            let next = &mut ring[(nd & mask) as usize];
            for &off in &offsets {
                let n = i.wrapping_add(off);
                // SAFETY: `i` was queued, so it is a map cell (border cells cost 0 and are
                // never queued); a map cell's four neighbours lie inside the padded arrays,
                // whose equal lengths are asserted above.
                let (c, d) = unsafe { (*costs.get_unchecked(n), dist.get_unchecked_mut(n)) };
                // Cells nobody can stand on (walls, the border) get no travel cost.
                if c != 0 && nd < *d {
                    *d = nd;
                    next.push(n as u32);
                    pending += 1;
                }
            }
        }
        bucket.clear();
        ring[slot] = bucket;
        cur += 1;
    }
}

/// Travel cost from every cell to the *nearest* of several targets, and which targets are
/// that near: one search from all of them at once instead of one potential map each.
///
/// `mask` bit `k` of a cell is set when target `k` is at the cell's travel cost (ties keep
/// every tied target), so the potential map of target `k` equals `dist` wherever its bit
/// is set, and is larger everywhere else.
///
/// The search runs only as far as the questions asked need: a cell's answer is final once
/// every cost level below its own has been expanded, so each question resumes the search
/// until that holds. On a big map where the units stand close together most of the map is
/// never searched; the answers are those of the whole search.
#[derive(Debug, Clone)]
pub struct NearestMap {
    layer: CostLayer,
    targets: Vec<Pos>,
    spread: std::cell::RefCell<Spread>,
    /// Scratch of the guided searches: per cell the best cost found, valid while its stamp
    /// is the current query's (no clearing between queries), and the open list.
    scratch: std::cell::RefCell<AStar>,
}

/// The multi-source search, paused between questions.
#[derive(Debug, Clone)]
struct Spread {
    dist: Vec<Cost>,
    mask: Masks,
    /// Cells queued by cost, `ring[c & (len - 1)]` holding those at cost `c`.
    ring: Vec<Vec<u32>>,
    /// The next cost level to expand: every level below it is done.
    level: Cost,
    /// Cells queued and not yet taken.
    pending: usize,
}

/// Per cell, the bits of the targets at its travel cost.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Masks {
    /// Up to 8 targets: a byte per cell, an eighth of the memory to write on a big map.
    Few(Vec<u8>),
    /// Up to [`MAX_NEAREST_TARGETS`].
    Many(Vec<u64>),
}

/// A cell's set of targets, one bit each.
trait Bits: Copy + Default + std::ops::BitOrAssign {
    /// The set holding only target `k`.
    fn bit(k: usize) -> Self;
}

impl Bits for u8 {
    fn bit(k: usize) -> u8 {
        1 << k
    }
}

impl Bits for u64 {
    fn bit(k: usize) -> u64 {
        1 << k
    }
}

impl Spread {
    fn start(layer: &CostLayer, targets: &[Pos]) -> Spread {
        let layout = layer.layout();
        let size = (layer.max_cost() as usize + 1).next_power_of_two();
        let mut spread = Spread {
            dist: vec![UNREACHABLE; layout.len()],
            mask: if targets.len() <= 8 {
                Masks::Few(vec![0; layout.len()])
            } else {
                Masks::Many(vec![0; layout.len()])
            },
            ring: vec![Vec::new(); size],
            level: 0,
            pending: 0,
        };
        for (k, &t) in targets.iter().enumerate() {
            if layout.contains(t) {
                let i = layout.index(t);
                spread.dist[i] = 0;
                match &mut spread.mask {
                    Masks::Few(m) => m[i] |= u8::bit(k),
                    Masks::Many(m) => m[i] |= u64::bit(k),
                }
                spread.ring[0].push(i as u32);
                spread.pending += 1;
            }
        }
        spread
    }

    /// Expands cost levels until cell `i`'s cost and mask are final: every level below its
    /// cost is done, or nothing is left to expand (then a cell never reached stays
    /// [`UNREACHABLE`]).
    #[inline]
    fn settle(&mut self, costs: &[u8], stride: usize, i: usize) {
        if self.level < self.dist[i] && self.pending > 0 {
            let Spread {
                dist,
                mask,
                ring,
                level,
                pending,
            } = self;
            match mask {
                Masks::Few(m) => expand(costs, stride, dist, m, ring, level, pending, i),
                Masks::Many(m) => expand(costs, stride, dist, m, ring, level, pending, i),
            }
        }
    }

    fn bits(&self, i: usize) -> u64 {
        match &self.mask {
            Masks::Few(m) => m[i] as u64,
            Masks::Many(m) => m[i],
        }
    }
}

/// The multi-source search of [`NearestMap`], resumed at `level` and run until cell `until`
/// is final (see [`Spread::settle`]).
#[allow(clippy::too_many_arguments)]
fn expand<M: Bits>(
    costs: &[u8],
    stride: usize,
    dist: &mut [Cost],
    mask: &mut [M],
    ring: &mut [Vec<u32>],
    level: &mut Cost,
    pending: &mut usize,
    until: usize,
) {
    let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
    assert!(
        costs.len() == dist.len() && dist.len() == mask.len(),
        "cost layer and nearest map sizes differ"
    );
    let bucket_mask = ring.len() as Cost - 1;
    // Kept in registers for the loop, written back at the end.
    let (mut lvl, mut left) = (*level, *pending);
    while left > 0 && lvl < dist[until] {
        let cur = lvl;
        let slot = (cur & bucket_mask) as usize;
        let mut bucket = std::mem::take(&mut ring[slot]);
        left -= bucket.len();
        for &i in &bucket {
            let i = i as usize;
            // SAFETY: only map cells are queued (targets are map cells, and a neighbour is
            // queued only when its class can enter it, which no border cell allows), and
            // every array has the layout's length (asserted above).
            let (c, d, m) = unsafe { (*costs.get_unchecked(i), *dist.get_unchecked(i), *mask.get_unchecked(i)) };
            if d != cur {
                continue;
            }
            // Entering a cell costs its terrain; entering a target its class cannot
            // stand on costs 1 (as in `fill`); other impassable cells pass nothing on.
            let pay = match c {
                0 if cur == 0 => 1,
                0 => continue,
                c => c as Cost,
            };
            let nd = cur + pay;
            let next = &mut ring[(nd & bucket_mask) as usize];
            for &off in &offsets {
                let n = i.wrapping_add(off);
                // SAFETY: as in `fill`: `i` is a map cell, its neighbours lie inside the
                // padded arrays, all of the layout's length (asserted above).
                let (c, d, mk) = unsafe {
                    (
                        *costs.get_unchecked(n),
                        dist.get_unchecked_mut(n),
                        mask.get_unchecked_mut(n),
                    )
                };
                if c == 0 {
                    continue;
                }
                if nd < *d {
                    *d = nd;
                    *mk = m;
                    next.push(n as u32);
                    left += 1;
                } else if nd == *d {
                    // Settled later than `i` (nd > cur), so the union is complete in time.
                    *mk |= m;
                }
            }
        }
        bucket.clear();
        ring[slot] = bucket;
        lvl += 1;
    }
    (*level, *pending) = (lvl, left);
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
    pub fn compute(layer: &CostLayer, targets: &[Pos]) -> NearestMap {
        assert!(
            targets.len() <= MAX_NEAREST_TARGETS,
            "too many targets for a nearest map"
        );
        NearestMap {
            layer: layer.clone(),
            targets: targets.to_vec(),
            spread: std::cell::RefCell::new(Spread::start(layer, targets)),
            scratch: Default::default(),
        }
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
        let mut spread = self.spread.borrow_mut();
        spread.settle(self.layer.costs(), layout.stride(), i);
        (spread.dist[i], spread.bits(i))
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
                self.search(layout.index(p), layout.index(self.targets[k]))
            }
        }
    }

    /// A* from `from` to `goal` over terrain, with the nearest map as heuristic (a
    /// consistent lower bound: the travel cost to the nearest target).
    fn search(&self, from: usize, goal: usize) -> Cost {
        use std::cmp::Reverse;
        let costs = self.layer.costs();
        // Entering the goal costs 1 when its class cannot stand there (as in `fill`).
        let enter = |n: usize| match costs[n] {
            0 if n == goal => 1,
            c => c as Cost,
        };
        let layout = self.layer.layout();
        let stride = layout.stride();
        let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
        // Nobody stands on an impassable cell, so no way starts there (as in `fill`).
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
        spread.settle(costs, stride, from);
        open.push(Reverse((spread.dist[from], 0, from as u32)));
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
                spread.settle(costs, stride, n);
                let h = spread.dist[n];
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
