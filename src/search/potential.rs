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
    /// use skirmish::load::{diag::Source, map::TerrainMap, terrain::*};
    /// use skirmish::search::{grid::Pos, potential::PotentialMap};
    /// let t = TerrainSet::parse(&Source::new("t", "[p]\nglyph = \".\"\ncost = 1\n[f]\nglyph = \"T\"\ncost = 2\n")).unwrap();
    /// let m = TerrainMap::parse(&Source::new("m", "..T.\n"), &t).unwrap();
    /// let pot = PotentialMap::compute(&m.cost_layer(&t, ClassId(0)), Pos::new(3, 0));
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
