//! The search under potential maps and nearest maps: a Dijkstra backwards from one or more
//! target cells over terrain, with a ring of buckets by cost, run level by level and
//! paused between levels.
//!
//! Per cell one word holds the travel cost and, above the potential map's plain words, the
//! bits of the targets at that cost. The search reads and writes that one array and never
//! branches on what it finds there (see [`pass_on`]).

use crate::search::grid::Cost;
use crate::search::layout::{CostLayer, PREFETCH_AHEAD, PREFETCH_FRONT, prefetch};
use std::ops::BitOr;

/// A cell's word: its travel cost above the bits of the targets, one each.
///
/// Two values are special: [`Word::OPEN`] (the highest cost, no bits) is a cell not reached
/// yet, and [`Word::WALL`] (cost 0, no bits) a cell nobody can stand on. A wall reads as
/// settled at cost 0, so the search passes it over without looking at the terrain. A target
/// has cost 0 and its own bit.
pub(crate) trait Word: Copy + Ord + BitOr<Output = Self> {
    /// A cell not reached yet.
    const OPEN: Self;
    /// A cell nobody can stand on.
    const WALL: Self;
    /// Every target's bit.
    const ALL: Self;
    /// How many targets have a bit.
    const TARGETS: usize;
    /// The word for `cost` with no target's bit.
    fn at(cost: Cost) -> Self;
    /// The set holding only target `k` (nothing in a word without bits).
    fn bit(k: usize) -> Self;
    /// The travel cost.
    fn cost(self) -> Cost;
    /// The target bits.
    fn bits(self) -> u64;
    /// The word's bits alone.
    fn low(self) -> Self;
}

macro_rules! word {
    ($(#[$doc:meta])* $name:ident, $t:ty, $shift:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub(crate) struct $name(pub(crate) $t);

        impl BitOr for $name {
            type Output = $name;
            #[inline(always)]
            fn bitor(self, o: $name) -> $name {
                $name(self.0 | o.0)
            }
        }

        impl Word for $name {
            const OPEN: $name = $name(<$t>::MAX << $shift);
            const WALL: $name = $name(0);
            const ALL: $name = $name(((1 as $t) << $shift) - 1);
            const TARGETS: usize = $shift;
            #[inline(always)]
            fn at(cost: Cost) -> $name {
                $name((cost as $t) << $shift)
            }
            #[inline(always)]
            fn bit(k: usize) -> $name {
                $name(((1 as $t) << k) & Self::ALL.0)
            }
            #[inline(always)]
            fn cost(self) -> Cost {
                (self.0 >> $shift) as Cost
            }
            #[inline(always)]
            fn bits(self) -> u64 {
                self.low().0 as u64
            }
            #[inline(always)]
            fn low(self) -> $name {
                $name(self.0 & Self::ALL.0)
            }
        }
    };
}

word!(
    /// A potential map's word: the travel cost alone.
    Plain,
    u32,
    0
);
word!(
    /// Costs below 2^24 - 1 and 8 targets: four bytes a cell, a potential map's size.
    Narrow,
    u32,
    8
);
word!(
    /// Any cost and 32 targets.
    Wide,
    u64,
    32
);
word!(
    /// Any cost and 64 targets.
    Full,
    u128,
    64
);

/// The highest cost a [`Narrow`] word holds below its "not reached" mark.
pub(crate) const NARROW_COST: u64 = (1 << 24) - 2;

/// The search, paused between levels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Spread<W> {
    words: Vec<W>,
    /// Cells queued by cost, `ring[c & (len - 1)]` holding those at cost `c`.
    ring: Vec<Vec<u32>>,
    /// The next cost level to expand: every level below it is done.
    level: Cost,
    /// Cells queued and not yet taken.
    pending: usize,
    /// In a search that was restarted (a nearest map the caches reuse): the targets and
    /// every cell taken from the queues, so the next restart on the same terrain resets
    /// those words alone (with the cells still queued) instead of the whole map-sized
    /// array. A search started afresh keeps none: a list as long as the search, grown and
    /// dropped with every map computed once, made `NearestMap::compute` 1.9-2.7x slower
    /// (the allocator gave the freed heap back to the system and faulted it in again).
    touched: Option<Vec<u32>>,
}

impl<W: Word> Spread<W> {
    /// The search from `targets`, given as (bit, padded index of a map cell), with level 0
    /// done: targets at cost 0 whatever their terrain, and their neighbours queued.
    pub(crate) fn start(layer: &CostLayer, targets: &[(usize, usize)]) -> Spread<W> {
        Spread::empty().begin(layer, targets, false, false)
    }

    /// A search holding no memory, to be restarted.
    pub(crate) fn empty() -> Spread<W> {
        Spread {
            words: Vec::new(),
            ring: Vec::new(),
            level: 1,
            pending: 0,
            touched: None,
        }
    }

    /// [`Spread::start`] in this search's memory (its words and queues, whatever search
    /// they held): the same search, without allocating anew. With `same_terrain` (this
    /// search ran on a layer equal to `layer`) a search that was itself restarted resets
    /// only the words it touched; every other word still holds its starting value. A
    /// restarted search keeps the cells it touches, for the restart after it.
    pub(crate) fn restart(self, layer: &CostLayer, targets: &[(usize, usize)], same_terrain: bool) -> Spread<W> {
        self.begin(layer, targets, same_terrain, true)
    }

    /// The search from `targets` in this one's memory; with `track`, one that keeps the
    /// cells it touches.
    fn begin(self, layer: &CostLayer, targets: &[(usize, usize)], same_terrain: bool, track: bool) -> Spread<W> {
        let costs = layer.costs();
        let start = |c: u8| if c == 0 { W::WALL } else { W::OPEN };
        let Spread {
            mut words,
            mut ring,
            mut touched,
            ..
        } = self;
        match &mut touched {
            Some(cells) if same_terrain && words.len() == costs.len() => {
                // Every word the last search changed: its targets, the cells it took from
                // the queues and those still queued (a word is only changed when queued).
                for &i in cells.iter().chain(ring.iter().flatten()) {
                    let i = i as usize;
                    words[i] = start(costs[i]);
                }
                cells.clear();
            }
            _ => {
                words.clear();
                words.extend(costs.iter().map(|&c| start(c)));
                if let Some(cells) = &mut touched {
                    cells.clear();
                }
            }
        }
        let mut touched = track.then(|| touched.unwrap_or_default());
        for &(k, i) in targets {
            words[i] = if words[i] == W::OPEN {
                W::bit(k)
            } else {
                words[i] | W::bit(k)
            };
            if let Some(cells) = &mut touched {
                cells.push(i as u32);
            }
        }
        ring.iter_mut().for_each(Vec::clear);
        ring.resize_with((layer.max_cost() as usize + 1).next_power_of_two(), Vec::new);
        let mut spread = Spread {
            words,
            ring,
            level: 1,
            pending: 0,
            touched,
        };
        let stride = layer.layout().stride();
        let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
        let bucket_mask = spread.ring.len() as Cost - 1;
        for &(_, t) in targets {
            // Entering a target costs its terrain, or 1 when the class cannot stand on it
            // (a flier on a mountain, chased by a horse; contract, "second round").
            let nd = costs[t].max(1) as Cost;
            let bits = spread.words[t].low();
            let next = &mut spread.ring[(nd & bucket_mask) as usize];
            // SAFETY: a target is a map cell, so its neighbours lie inside the padded array.
            spread.pending += unsafe { pass_on(&mut spread.words, t, &offsets, nd, bits, next) };
        }
        spread
    }

    /// Travel cost and target bits of cell `i` as found so far; `None` for a cell not
    /// reached, or that nobody can stand on.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<(Cost, u64)> {
        match self.words[i] {
            w if w == W::OPEN || w == W::WALL => None,
            w => Some((w.cost(), w.bits())),
        }
    }

    /// Whether cell `i`'s cost and bits are final already: [`Spread::settle`] for it would
    /// search no further.
    #[inline]
    pub(crate) fn is_settled(&self, i: usize) -> bool {
        self.pending == 0 || self.level >= self.words[i].cost()
    }

    /// The words, one per padded cell, the search's scratch dropped.
    pub(crate) fn into_words(self) -> Vec<W> {
        self.words
    }

    /// Expands cost levels until cell `until`'s cost and bits are final (every level below
    /// its cost is done), or until nothing is left to expand: with `None`, or for a cell
    /// never reached.
    #[inline]
    pub(crate) fn settle(&mut self, layer: &CostLayer, until: Option<usize>) {
        if self.pending > 0 && until.is_none_or(|u| self.level < self.words[u].cost()) {
            self.expand(layer.costs(), layer.layout().stride(), until);
        }
    }

    fn expand(&mut self, costs: &[u8], stride: usize, until: Option<usize>) {
        let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
        let Spread {
            words,
            ring,
            level,
            pending,
            touched,
        } = self;
        assert_eq!(costs.len(), words.len(), "cost layer and search sizes differ");
        let bucket_mask = ring.len() as Cost - 1;
        // Kept in registers for the loop, written back at the end.
        let (mut lvl, mut left) = (*level, *pending);
        while left > 0 && until.is_none_or(|u| lvl < words[u].cost()) {
            let cur = lvl;
            let slot = (cur & bucket_mask) as usize;
            let mut bucket = std::mem::take(&mut ring[slot]);
            left -= bucket.len();
            let wide = bucket.len() >= PREFETCH_FRONT;
            for (k, &i) in bucket.iter().enumerate() {
                // The rows above and below, a few cells ahead (see `PREFETCH_AHEAD`).
                if let Some(&ahead) = bucket.get(k + PREFETCH_AHEAD).filter(|_| wide) {
                    let a = ahead as usize;
                    prefetch(words.as_ptr().wrapping_add(a.wrapping_sub(stride)));
                    prefetch(words.as_ptr().wrapping_add(a));
                    prefetch(words.as_ptr().wrapping_add(a + stride));
                    prefetch(costs.as_ptr().wrapping_add(a));
                }
                let i = i as usize;
                // SAFETY: only map cells are queued (a cell is queued when it takes a lower
                // cost, which walls and the border never do), and both arrays have the
                // layout's length (asserted above).
                let (c, w) = unsafe { (*costs.get_unchecked(i), *words.get_unchecked(i)) };
                // A cell queued again at a lower cost was taken then.
                if w.cost() != cur {
                    continue;
                }
                // Stepping from a neighbour into `i` costs `i`'s terrain (not 0: not a wall).
                let nd = cur + c as Cost;
                let next = &mut ring[(nd & bucket_mask) as usize];
                // SAFETY: `i` is a map cell, so its neighbours lie inside the padded array.
                left += unsafe { pass_on(words, i, &offsets, nd, w.low(), next) };
            }
            if let Some(cells) = touched {
                cells.extend_from_slice(&bucket);
            }
            bucket.clear();
            ring[slot] = bucket;
            lvl += 1;
        }
        (*level, *pending) = (lvl, left);
    }
}

/// Offers cell `i`'s four neighbours the cost `nd` of stepping from them into `i`, with
/// `i`'s target bits: a lower cost replaces a neighbour's word and queues the neighbour on
/// `next`, an equal one adds the bits (the neighbour is settled later than `i`, at a higher
/// cost, so the union is complete in time). Walls and targets (cost 0) take nothing.
/// Returns how many were queued.
///
/// Without branches, as the relaxations of a search are a coin toss to a branch predictor
/// (this halved the time of a whole-map search): words compare as their costs first, so no
/// cost is unpacked; every neighbour's word is written back, changed or not; every index is
/// written past `next`'s end and kept by counting it only when queued.
///
/// # Safety
/// `i + offsets[k]` (wrapping) must be an index of `words` for every `k`.
#[inline(always)]
unsafe fn pass_on<W: Word>(
    words: &mut [W],
    i: usize,
    offsets: &[usize; 4],
    nd: Cost,
    bits: W,
    next: &mut Vec<u32>,
) -> usize {
    let least = W::at(nd);
    let (word, most) = (least | bits, least | W::ALL);
    next.reserve(4);
    let len = next.len();
    let spare = next.spare_capacity_mut();
    let mut queued = 0;
    for &off in offsets {
        let n = i.wrapping_add(off);
        // SAFETY: the caller's promise.
        let w = unsafe { words.get_unchecked_mut(n) };
        let v = *w;
        let lower = v > most;
        *w = if lower {
            word
        } else if v >= least {
            v | word
        } else {
            v
        };
        spare[queued].write(n as u32);
        queued += lower as usize;
    }
    // SAFETY: `reserve` made room for the four indices, and the first `queued` of them were
    // written (each index is written where the count stands before it is counted).
    unsafe { next.set_len(len + queued) };
    queued
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search started afresh keeps no list of the cells it touched (nearest maps computed
    /// once, dropped after use: the list cost more than the search, see `touched`); one
    /// restarted in old memory keeps it, so the restart after it resets only those words.
    #[test]
    fn only_a_restarted_search_keeps_the_cells_it_touches() {
        use crate::search::grid::Pos;
        use crate::search::layout::Layout;
        let layer = CostLayer::new(Layout::new(8, 8), |p| if p.x == 4 && p.y > 0 { 0 } else { 1 });
        let targets = [(0, layer.layout().index(Pos::new(2, 2)))];
        let mut fresh = Spread::<Narrow>::start(&layer, &targets);
        fresh.settle(&layer, None);
        assert_eq!(fresh.touched, None);
        let mut again = fresh.clone().restart(&layer, &targets, true);
        again.settle(&layer, None);
        // Every open cell is taken from the queues at least once (the target with them).
        let open = layer.costs().iter().filter(|&&c| c != 0).count();
        assert!(again.touched.as_ref().is_some_and(|t| t.len() >= open));
        // The same answers.
        assert_eq!(again.words, fresh.words);
        let mut third = again.restart(&layer, &targets, true);
        third.settle(&layer, None);
        assert_eq!(third.words, fresh.words);
    }

    /// Each word holds its costs and bits apart, and compares as its cost first.
    #[test]
    fn words_keep_cost_and_bits_apart() {
        fn check<W: Word + std::fmt::Debug>() {
            let w = W::at(7) | W::bit(0) | W::bit(W::TARGETS.saturating_sub(1));
            assert_eq!(w.cost(), 7);
            let bits = if W::TARGETS == 0 {
                0
            } else {
                1 | 1u64.wrapping_shl(W::TARGETS as u32 - 1)
            };
            assert_eq!(w.bits(), bits);
            assert!(W::at(8) > (W::at(7) | W::ALL));
            assert!(W::at(7) > W::WALL);
            assert!(W::OPEN > (W::at(NARROW_COST as Cost) | W::ALL));
        }
        check::<Plain>();
        check::<Narrow>();
        check::<Wide>();
        check::<Full>();
    }
}
