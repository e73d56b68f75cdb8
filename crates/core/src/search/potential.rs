//! The potential map: travel cost from every cell to one target cell, over terrain only.
//!
//! The travel cost from a cell is the cheapest sum of the costs of the cells entered on the
//! way to the target, the target's own cell included (the maze article's step map,
//! weighted by terrain). It is one backward Dijkstra from the target with a bucket ring
//! (`search::spread`, shared with the nearest map).

use crate::search::grid::{Cost, Pos};
use crate::search::layout::{CostLayer, Layout};
use crate::search::spread::{Plain, Spread, Word};

/// Travel cost to one target from every cell of the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotentialMap {
    layout: Layout,
    target: Pos,
    /// The target's padded index (`usize::MAX` when off the map).
    at: usize,
    /// Per padded cell its cost, 0 for a cell nobody can stand on (see [`Word::WALL`]).
    dist: Vec<Plain>,
}

/// Marks cells from which the target cannot be reached.
pub const UNREACHABLE: Cost = Cost::MAX;

impl PotentialMap {
    /// Computes the map for `target` on `layer`'s terrain costs.
    ///
    /// ```
    /// use skirmish_core::model::map::{CostLayer, Layout};
    /// use skirmish_core::search::{grid::Pos, potential::PotentialMap};
    /// // One row `..T.`: plain costs 1 to enter, the forest 2.
    /// let layer = CostLayer::new(Layout::new(4, 1), |p| if p.x == 2 { 2 } else { 1 });
    /// let pot = PotentialMap::compute(&layer, Pos::new(3, 0));
    /// // From (0,0): enter (1,0)=1, (2,0)=2, then the target (3,0)=1.
    /// assert_eq!(pot.get(Pos::new(0, 0)), Some(4));
    /// assert_eq!(pot.get(Pos::new(3, 0)), Some(0));
    /// ```
    pub fn compute(layer: &CostLayer, target: Pos) -> PotentialMap {
        let layout = layer.layout();
        let at = if layout.contains(target) {
            layout.index(target)
        } else {
            usize::MAX
        };
        let targets: &[(usize, usize)] = if at == usize::MAX { &[] } else { &[(0, at)] };
        let mut spread = Spread::<Plain>::start(layer, targets);
        spread.settle(layer, None);
        PotentialMap {
            layout,
            target,
            at,
            dist: spread.into_words(),
        }
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
        match self.at_index(self.layout.index(p)) {
            UNREACHABLE => None,
            d => Some(d),
        }
    }

    /// Travel cost at a padded index, [`UNREACHABLE`] when cut off.
    #[inline]
    pub fn at_index(&self, i: usize) -> Cost {
        match self.dist[i] {
            // The target's own cost, and walls, are 0 (whatever the target's terrain).
            Plain::WALL if i == self.at => 0,
            Plain::WALL | Plain::OPEN => UNREACHABLE,
            d => d.cost(),
        }
    }
}
