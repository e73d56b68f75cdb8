//! The movement range search: every cell a unit can end on, its minimum cost, and the
//! cheapest path to it, recorded as one direction per cell so a path replays in O(length).
//!
//! A flat padded array, a ring of cost buckets (Dial's algorithm: every terrain cost is a
//! small integer) and clearing only the cells the last search reached make one search cost
//! a few nanoseconds per reachable cell. Ties are broken the same way every time: cells of equal
//! cost are settled first-in first-out and neighbours are tried in digit order 1, 2, 3, 4.

use crate::search::grid::{Cost, Dir, Path, Pos, Team};
use crate::search::layout::{CostLayer, Layout, PREFETCH_AHEAD, PREFETCH_FRONT, prefetch};

/// Which team stands on each cell, on the padded layout, and which cells each side's zones
/// of control hold.
#[derive(Debug, Clone)]
pub struct Occupancy {
    layout: Layout,
    cells: Vec<u8>,
    /// Per cell, how many units of each side hold it in their zone of control: the
    /// player's count in the low nibble, the enemy's in the high one (a cell has four
    /// neighbours, so a count never exceeds 4). Empty until the first unit holds a zone, so
    /// a board without zones costs what it did before they existed.
    zones: Vec<u8>,
    /// Zones held per side (player, enemy): a search that meets none runs without looking.
    held: [u32; 2],
}

impl PartialEq for Occupancy {
    fn eq(&self, other: &Occupancy) -> bool {
        // A board whose last zone was released still has its (all-zero) zone counts.
        let zone = |o: &Occupancy, i: usize| o.zones.get(i).copied().unwrap_or(0);
        self.layout == other.layout
            && self.cells == other.cells
            && self.held == other.held
            && (0..self.cells.len()).all(|i| zone(self, i) == zone(other, i))
    }
}

impl Eq for Occupancy {}

impl Occupancy {
    /// Nobody anywhere.
    pub fn new(layout: Layout) -> Occupancy {
        Occupancy {
            layout,
            cells: vec![0; layout.len()],
            zones: Vec::new(),
            held: [0; 2],
        }
    }

    /// Puts a unit of `team` on `p`. A cell off the map changes nothing: the answer is
    /// whether `p` was on the map.
    ///
    /// ```
    /// use skirmish_core::model::map::Layout;
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::search::range::Occupancy;
    /// let mut occ = Occupancy::new(Layout::new(3, 2));
    /// assert!(occ.place(Pos::new(2, 1), Team::Enemy));
    /// assert_eq!(occ.at(Pos::new(2, 1)), Some(Team::Enemy));
    /// assert!(!occ.place(Pos::new(-1, 0), Team::Enemy)); // off the map: nothing written
    /// assert!(!occ.place(Pos::new(3, 0), Team::Enemy)); // past the edge: not the border either
    /// assert_eq!(occ, { let mut o = Occupancy::new(Layout::new(3, 2)); o.place(Pos::new(2, 1), Team::Enemy); o });
    /// ```
    pub fn place(&mut self, p: Pos, team: Team) -> bool {
        if !self.layout.contains(p) {
            return false;
        }
        let i = self.layout.index(p);
        self.cells[i] = team.code();
        true
    }

    /// Empties `p`. A cell off the map changes nothing: the answer is whether `p` was on
    /// the map.
    ///
    /// ```
    /// use skirmish_core::model::map::Layout;
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::search::range::Occupancy;
    /// let mut occ = Occupancy::new(Layout::new(3, 2));
    /// occ.place(Pos::new(0, 0), Team::Player);
    /// assert!(occ.clear(Pos::new(0, 0)));
    /// assert_eq!(occ.at(Pos::new(0, 0)), None);
    /// assert!(!occ.clear(Pos::new(0, -1)));
    /// ```
    pub fn clear(&mut self, p: Pos) -> bool {
        if !self.layout.contains(p) {
            return false;
        }
        let i = self.layout.index(p);
        self.cells[i] = 0;
        true
    }

    /// The nibble of `team`'s zone count in a zone byte.
    fn shift(team: Team) -> u32 {
        match team {
            Team::Player => 0,
            Team::Enemy => 4,
        }
    }

    /// A unit of `team` on `p` holds the four cells next to it in its zone of control: a
    /// mover of the other side entering one stops there. A cell off the map holds nothing.
    ///
    /// ```
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::model::map::Layout;
    /// use skirmish_core::search::range::Occupancy;
    /// let mut occ = Occupancy::new(Layout::new(3, 3));
    /// occ.hold(Pos::new(1, 1), Team::Enemy);
    /// assert!(occ.stops(Pos::new(1, 0), Team::Player));
    /// assert!(!occ.stops(Pos::new(1, 0), Team::Enemy)); // its own side passes freely
    /// assert!(!occ.stops(Pos::new(0, 0), Team::Player)); // diagonal: not held
    /// occ.release(Pos::new(1, 1), Team::Enemy);
    /// assert!(!occ.stops(Pos::new(1, 0), Team::Player));
    /// ```
    pub fn hold(&mut self, p: Pos, team: Team) {
        if !self.layout.contains(p) {
            return;
        }
        if self.zones.is_empty() {
            self.zones = vec![0; self.layout.len()];
        }
        let i = self.layout.index(p);
        for d in Dir::ALL {
            // The border cells count too; no search ever settles them.
            let n = i.wrapping_add_signed(self.layout.offset(d));
            self.zones[n] += 1 << Occupancy::shift(team);
        }
        self.held[(Occupancy::shift(team) / 4) as usize] += 1;
    }

    /// Takes back a zone that [`Occupancy::hold`] gave the unit of `team` on `p`.
    ///
    /// ```
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::model::map::Layout;
    /// use skirmish_core::search::range::Occupancy;
    /// let mut occ = Occupancy::new(Layout::new(3, 1));
    /// occ.hold(Pos::new(0, 0), Team::Player);
    /// occ.hold(Pos::new(2, 0), Team::Player);
    /// occ.release(Pos::new(0, 0), Team::Player);
    /// assert!(occ.stops(Pos::new(1, 0), Team::Enemy)); // still held from (2, 0)
    /// ```
    ///
    /// # Panics
    /// When no unit of `team` holds a zone from `p`.
    pub fn release(&mut self, p: Pos, team: Team) {
        let i = self.layout.index(p);
        let k = Occupancy::shift(team);
        for d in Dir::ALL {
            let n = i.wrapping_add_signed(self.layout.offset(d));
            assert!(self.zones[n] >> k & 0xF != 0, "no zone of control is held from {p:?}");
            self.zones[n] -= 1 << k;
        }
        self.held[(k / 4) as usize] -= 1;
    }

    /// True when a mover of `mover`'s side that enters `p` must stop there: `p` lies next to
    /// a unit of the other side holding a zone of control.
    ///
    /// ```
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::model::map::Layout;
    /// use skirmish_core::search::range::Occupancy;
    /// let mut occ = Occupancy::new(Layout::new(2, 1));
    /// assert!(!occ.stops(Pos::new(1, 0), Team::Player));
    /// occ.hold(Pos::new(0, 0), Team::Enemy);
    /// assert!(occ.stops(Pos::new(1, 0), Team::Player));
    /// assert!(!occ.stops(Pos::new(5, 5), Team::Player)); // off the map
    /// ```
    pub fn stops(&self, p: Pos, mover: Team) -> bool {
        if !self.layout.contains(p) || self.zones.is_empty() {
            return false;
        }
        self.zones[self.layout.index(p)] & Occupancy::zone_mask(mover) != 0
    }

    /// The bits of a zone byte that stop a mover of `mover`'s side: the other side's count.
    fn zone_mask(mover: Team) -> u8 {
        match mover {
            Team::Player => 0xF0,
            Team::Enemy => 0x0F,
        }
    }

    /// Adds to `out` the cells (indices of the padded layout: the border too) whose team or
    /// zone counts differ between this board and `other`, of the same layout (once or
    /// twice each): what a search kept from one board must look at before it is trusted
    /// on the other.
    pub(crate) fn changed(&self, other: &Occupancy, out: &mut Vec<usize>) {
        // A board differs from the last one a decision saw in a few cells, and a big map
        // has thousands: blocks compared whole (a `memcmp`), cells only in a block that differs.
        const BLOCK: usize = 256;
        fn diff(a: &[u8], b: &[u8], out: &mut Vec<usize>) {
            for (k, (x, y)) in a.chunks(BLOCK).zip(b.chunks(BLOCK)).enumerate() {
                if x != y {
                    out.extend((0..x.len()).filter(|&j| x[j] != y[j]).map(|j| k * BLOCK + j));
                }
            }
        }
        diff(&self.cells, &other.cells, out);
        match (self.zones.is_empty(), other.zones.is_empty()) {
            (true, true) => {}
            (false, false) => diff(&self.zones, &other.zones, out),
            (false, true) => diff(&self.zones, &vec![0; self.zones.len()], out),
            (true, false) => diff(&vec![0; other.zones.len()], &other.zones, out),
        }
    }

    /// The layout this board is laid on.
    pub(crate) fn layout(&self) -> Layout {
        self.layout
    }

    /// True when some unit of the side opposing `mover` holds a zone of control.
    fn zones_against(&self, mover: Team) -> bool {
        self.held[match mover {
            Team::Player => 1,
            Team::Enemy => 0,
        }] > 0
    }

    /// The team at a padded index (see [`Layout`]), if any; `None` past the array's end.
    ///
    /// ```
    /// use skirmish_core::model::map::Layout;
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::search::range::Occupancy;
    /// let l = Layout::new(3, 2);
    /// let mut occ = Occupancy::new(l);
    /// occ.place(Pos::new(1, 1), Team::Player);
    /// assert_eq!(occ.at_index(l.index(Pos::new(1, 1))), Some(Team::Player));
    /// assert_eq!(occ.at_index(usize::MAX), None);
    /// ```
    #[inline]
    pub fn at_index(&self, i: usize) -> Option<Team> {
        match self.cells.get(i) {
            Some(1) => Some(Team::Player),
            Some(2) => Some(Team::Enemy),
            _ => None,
        }
    }

    /// The team on `p`, if any.
    pub fn at(&self, p: Pos) -> Option<Team> {
        if !self.layout.contains(p) {
            return None;
        }
        match self.cells[self.layout.index(p)] {
            1 => Some(Team::Player),
            2 => Some(Team::Enemy),
            _ => None,
        }
    }
}

/// Keeps a search inside a diamond: no cell at Manhattan distance `>= radius` from `pivot`
/// is ever entered, not even in passing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leash {
    /// Centre of the allowed area.
    pub pivot: Pos,
    /// Cells at this distance or more are forbidden.
    pub radius: u32,
}

/// What to search: from where, how far, on whose side, and inside which leash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeQuery {
    /// The mover's cell.
    pub origin: Pos,
    /// Movement points.
    pub budget: Cost,
    /// The mover's side: its own team is passable, the other blocks.
    pub team: Team,
    /// Optional area the mover may never leave.
    pub leash: Option<Leash>,
}

/// Bit set in a cell's step byte when the cell may be passed through but not stopped on.
const PASS_ONLY: u8 = 0x80;
const DIR_MASK: u8 = 0x07;
/// A cell's search state in one 32-bit word: the cost stored *inverted* (`COST_MASK - cost`,
/// bits 8..32) and the step byte (low 8 bits: direction it was entered by, plus
/// [`PASS_ONLY`]); 0 means "not reached". One load and one store per neighbour, 4 bytes a
/// cell (a million-cell map's state stays in 4 MB). Inverting the cost makes "not reached,
/// or reached dearer" a single comparison: `old >> 8 < new >> 8`.
const COST_BITS: u32 = 24;
const COST_MASK: u32 = (1 << COST_BITS) - 1;

/// The key bits (inverted cost) of a state word for `cost`; never 0 for a cost within
/// [`MAX_BUDGET`].
#[inline]
fn key(cost: u32) -> u32 {
    (COST_MASK - cost) << 8
}

/// The cost of a state word.
#[inline]
fn cost_of(s: u32) -> Cost {
    COST_MASK - (s >> 8)
}

/// Highest movement budget the search can represent (the cost field is 24 bits); a larger
/// budget is treated as this one. No input reaches it: every `move` that is read is refused
/// above the loaders' `MAX_MOVE` (checked there).
pub const MAX_BUDGET: Cost = (1 << COST_BITS) - 1 - 255;

/// Reusable scratch space for range searches on one map size. Keep one and call
/// [`RangeFinder::search`] as often as needed; a search clears only the cells the one before
/// it reached.
#[derive(Debug, Clone)]
pub struct RangeFinder {
    layout: Layout,
    state: Vec<u32>,
    ring: Vec<Vec<u32>>,
    stops: Vec<u32>,
    /// Cells settled but not destinations (allies' cells passed through).
    passed: Vec<u32>,
    query: Option<RangeQuery>,
}

impl RangeFinder {
    /// Scratch for maps of `layout`'s size.
    pub fn new(layout: Layout) -> RangeFinder {
        RangeFinder {
            layout,
            state: vec![0; layout.len()],
            ring: Vec::new(),
            stops: Vec::new(),
            passed: Vec::new(),
            query: None,
        }
    }

    /// Runs one search. The mover's own cell is always in the result at cost 0, even when
    /// the query's leash would exclude it. A mover whose origin is off the map gets an empty result.
    ///
    /// Every reachable cell comes with its minimum cost and the cheapest path as direction
    /// digits (`1` up, `2` right, `3` down, `4` left; `"0"` stays put):
    ///
    /// ```
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::model::map::{CostLayer, Layout};
    /// use skirmish_core::search::range::{Occupancy, RangeFinder, RangeQuery};
    /// // `..T.` over `....`: the forest at (2, 0) costs 2 to enter, plain 1.
    /// let layout = Layout::new(4, 2);
    /// let layer = CostLayer::new(layout, |p| if p == Pos::new(2, 0) { 2 } else { 1 });
    /// let mut occ = Occupancy::new(layout);
    /// occ.place(Pos::new(1, 1), Team::Enemy); // an enemy blocks (1, 1)
    /// let mut finder = RangeFinder::new(layout);
    /// let q = RangeQuery { origin: Pos::new(0, 0), budget: 3, team: Team::Player, leash: None };
    /// let reach = finder.search(&layer, &occ, q);
    /// assert_eq!(reach.cost(Pos::new(3, 0)), None); // 1 + 2 + 1 = 4 > 3
    /// assert_eq!(reach.cost(Pos::new(2, 0)), Some(3));
    /// assert_eq!(reach.digits(Pos::new(2, 0)).as_deref(), Some("22"));
    /// assert_eq!(reach.digits(Pos::new(0, 0)).as_deref(), Some("0"));
    /// assert!(!reach.contains(Pos::new(1, 1))); // the enemy's cell
    /// ```
    ///
    /// Zones of control (see [`Occupancy::hold`]) are obeyed: a cell held by the other side
    /// is reachable but a dead end; the mover's own cell is left freely.
    ///
    /// ```
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::model::map::{CostLayer, Layout};
    /// use skirmish_core::search::range::{Occupancy, RangeFinder, RangeQuery};
    /// let layout = Layout::new(5, 1);
    /// let layer = CostLayer::new(layout, |_| 1);
    /// let mut occ = Occupancy::new(layout);
    /// occ.place(Pos::new(3, 0), Team::Enemy);
    /// occ.hold(Pos::new(3, 0), Team::Enemy); // holds (2, 0) and (4, 0)
    /// let q = RangeQuery { origin: Pos::new(0, 0), budget: 9, team: Team::Player, leash: None };
    /// let reach = RangeFinder::new(layout).search(&layer, &occ, q).cells().count();
    /// assert_eq!(reach, 3); // (0, 0), (1, 0) and the zone cell (2, 0)
    /// ```
    pub fn search(&mut self, layer: &CostLayer, occ: &Occupancy, q: RangeQuery) -> Reach<'_> {
        let zones = occ.zones_against(q.team);
        self.search_as(layer, occ, q, zones)
    }

    /// [`RangeFinder::search`] for a skirmisher: zones of control are ignored.
    ///
    /// ```
    /// use skirmish_core::search::grid::{Pos, Team};
    /// use skirmish_core::model::map::{CostLayer, Layout};
    /// use skirmish_core::search::range::{Occupancy, RangeFinder, RangeQuery};
    /// let layout = Layout::new(5, 2);
    /// let layer = CostLayer::new(layout, |_| 1);
    /// let mut occ = Occupancy::new(layout);
    /// occ.place(Pos::new(2, 1), Team::Enemy);
    /// occ.hold(Pos::new(2, 1), Team::Enemy);
    /// let q = RangeQuery { origin: Pos::new(0, 0), budget: 4, team: Team::Player, leash: None };
    /// let mut finder = RangeFinder::new(layout);
    /// assert!(!finder.search(&layer, &occ, q).contains(Pos::new(3, 0)));
    /// assert_eq!(finder.skirmish(&layer, &occ, q).digits(Pos::new(3, 0)).as_deref(), Some("222"));
    /// ```
    pub fn skirmish(&mut self, layer: &CostLayer, occ: &Occupancy, q: RangeQuery) -> Reach<'_> {
        self.search_as(layer, occ, q, false)
    }

    fn search_as(&mut self, layer: &CostLayer, occ: &Occupancy, mut q: RangeQuery, zones: bool) -> Reach<'_> {
        if self.layout != layer.layout() {
            *self = RangeFinder::new(layer.layout());
        }
        // Only the cells the last search reached hold a word (each is a destination or a
        // cell passed through); a search that reached much of the map is cleared at once.
        let touched = self.stops.len() + self.passed.len();
        if touched > self.state.len() / 16 {
            self.state.fill(0);
        } else {
            for &i in self.stops.iter().chain(&self.passed) {
                self.state[i as usize] = 0;
            }
        }
        self.stops.clear();
        self.passed.clear();
        q.budget = q.budget.min(MAX_BUDGET);
        self.query = Some(q);
        if !self.layout.contains(q.origin) {
            self.query = None;
            return Reach { f: self };
        }
        // Two copies of the search: the one without zones has not one instruction more
        // than before zones existed.
        let layout = self.layout;
        let leashed = move |l: Leash| move |i| layout.pos(i).manhattan(l.pivot) < l.radius;
        match (q.leash, zones) {
            (None, false) => self.run::<false>(layer, occ, q, |_| true),
            (Some(l), false) => self.run::<false>(layer, occ, q, leashed(l)),
            (None, true) => self.run::<true>(layer, occ, q, |_| true),
            (Some(l), true) => self.run::<true>(layer, occ, q, leashed(l)),
        }
        Reach { f: self }
    }

    fn run<const ZONES: bool>(
        &mut self,
        layer: &CostLayer,
        occ: &Occupancy,
        q: RangeQuery,
        allowed: impl Fn(usize) -> bool,
    ) {
        // Every step costs 1..=max_cost, so the pending cells span fewer than `size` costs
        // and a ring of buckets indexed by `cost & mask` never mixes two costs.
        let size = (layer.max_cost() as usize + 1).next_power_of_two();
        let mask = size as u32 - 1;
        if self.ring.len() < size {
            self.ring.resize_with(size, Vec::new);
        }
        // Every search ends with all buckets drained, so the ring needs no clearing.
        debug_assert!(self.ring.iter().all(Vec::is_empty));
        let team = q.team.code();
        let budget = q.budget;
        let stride = self.layout.stride();
        let (up, left) = (stride.wrapping_neg(), 1usize.wrapping_neg());
        let costs = layer.costs();
        let occ_layout = occ.layout;
        let zones = &occ.zones[..];
        let zone_mask = Occupancy::zone_mask(q.team);
        assert!(
            !ZONES || zones.len() == occ.cells.len(),
            "zones are searched only where held"
        );
        let occ = &occ.cells[..];
        let state = &mut self.state[..];
        // The unchecked reads below rely on one layout for all three (CostLayer and Layout
        // guarantee the zero border and the stride of it), not only on equal lengths.
        assert!(
            occ_layout == self.layout && costs.len() == state.len() && occ.len() == state.len(),
            "the occupancy and the cost layer must have the same layout"
        );
        let ring = &mut self.ring[..size];
        let stops = &mut self.stops;
        let passed = &mut self.passed;

        let o = self.layout.index(q.origin);
        state[o] = key(0);
        ring[0].push(o as u32);
        let mut pending = 1usize;
        let mut cur = 0u32;
        loop {
            let slot = (cur & mask) as usize;
            let bucket = std::mem::take(&mut ring[slot]);
            pending -= bucket.len();
            // A wide front (a large search) reaches well outside the caches; a narrow one
            // stays inside them, where asking ahead only costs instructions.
            let wide = bucket.len() >= PREFETCH_FRONT;
            for (k, &i) in bucket.iter().enumerate() {
                // The rows above and below a cell lie a map row away in every array: ask for
                // them a few cells ahead, so their cache lines arrive while this one is relaxed.
                if let Some(&ahead) = bucket.get(k + PREFETCH_AHEAD).filter(|_| wide) {
                    let a = ahead as usize;
                    prefetch(state.as_ptr().wrapping_add(a.wrapping_add(up)));
                    prefetch(state.as_ptr().wrapping_add(a));
                    prefetch(state.as_ptr().wrapping_add(a + stride));
                    prefetch(costs.as_ptr().wrapping_add(a.wrapping_add(up)));
                    prefetch(costs.as_ptr().wrapping_add(a + stride));
                }
                let i = i as usize;
                let s = state[i];
                // A cell is queued again each time its cost drops; only its cheapest entry counts.
                if cost_of(s) != cur {
                    continue;
                }
                if s as u8 & PASS_ONLY == 0 {
                    stops.push(i as u32);
                } else {
                    passed.push(i as u32);
                }
                // A cell in the other side's zone of control is a dead end, except the cell
                // the mover starts on (leaving it is free).
                if ZONES && i != o && zones[i] & zone_mask != 0 {
                    continue;
                }
                // Unrolled over the four directions so the compiler keeps everything in registers.
                macro_rules! relax {
                    ($off:expr, $code:expr) => {{
                        let n = i.wrapping_add($off);
                        // SAFETY: `i` was queued, so it is a map cell (the border costs 0 and is
                        // never queued), and every map cell has its four neighbours inside the
                        // padded arrays, which all have `layout.len()` entries (asserted above).
                        let (c, old) = unsafe { (*costs.get_unchecked(n), *state.get_unchecked(n)) };
                        let nd = cur + c as u32;
                        let new = key(nd);
                        let improves = old >> 8 < new >> 8;
                        if c != 0 && nd <= budget && improves {
                            // SAFETY: as above.
                            let who = unsafe { *occ.get_unchecked(n) };
                            if (who == 0 || who == team) && allowed(n) {
                                let step = $code | if who != 0 { PASS_ONLY as u32 } else { 0 };
                                // SAFETY: as above; `nd & mask < size`.
                                unsafe {
                                    *state.get_unchecked_mut(n) = new | step;
                                    ring.get_unchecked_mut((nd & mask) as usize).push(n as u32);
                                }
                                pending += 1;
                            }
                        }
                    }};
                }
                relax!(up, 1u32);
                relax!(1usize, 2u32);
                relax!(stride, 3u32);
                relax!(left, 4u32);
            }
            let mut bucket = bucket;
            bucket.clear();
            ring[slot] = bucket;
            if pending == 0 {
                return;
            }
            cur += 1;
        }
    }

    #[inline]
    fn cell(&self, i: usize) -> Option<(Cost, u8)> {
        let s = self.state[i];
        (s != 0).then_some((cost_of(s), s as u8))
    }
}

/// The result of one search, borrowed from the [`RangeFinder`] that produced it.
#[derive(Debug)]
pub struct Reach<'a> {
    f: &'a RangeFinder,
}

impl Reach<'_> {
    /// The query that produced this result.
    pub fn query(&self) -> Option<RangeQuery> {
        self.f.query
    }

    /// Number of cells the mover can end on (its own cell included).
    pub fn len(&self) -> usize {
        self.f.stops.len()
    }

    /// True when the mover was off the map.
    pub fn is_empty(&self) -> bool {
        self.f.stops.is_empty()
    }

    /// Every cell the mover can end on with its minimum cost, cheapest first
    /// (equal costs in the order the search settled them).
    pub fn cells(&self) -> impl Iterator<Item = (Pos, Cost)> + '_ {
        self.f
            .stops
            .iter()
            .map(|&i| (self.f.layout.pos(i as usize), cost_of(self.f.state[i as usize])))
    }

    /// Sets in `read` (one bit a cell of the padded layout of `layer`, the layer searched:
    /// bit `i % 64` of word `i / 64`) every cell whose team or zone counts this search may
    /// have read: the cells it settled (destinations and cells passed over an ally: their
    /// team when entered, their zones when left), and each neighbour of one that it could
    /// step onto within the budget (its team, read before it is entered). A search on a
    /// board that differs only elsewhere settles the same cells at the same costs.
    ///
    /// # Panics
    /// When `read` has fewer bits than the layout has cells.
    pub(crate) fn mark_read(&self, layer: &CostLayer, read: &mut [u64]) {
        let Some(q) = self.f.query else { return };
        let costs = layer.costs();
        let stride = self.f.layout.stride();
        let mut set = |i: usize| read[i / 64] |= 1 << (i % 64);
        for &i in self.f.stops.iter().chain(&self.f.passed) {
            let i = i as usize;
            set(i);
            let at = cost_of(self.f.state[i]);
            // A settled cell is a map cell: its four neighbours lie inside the padded layout.
            for n in [i - stride, i + 1, i + stride, i - 1] {
                let c = costs[n];
                if c != 0 && at + Cost::from(c) <= q.budget {
                    set(n);
                }
            }
        }
    }

    fn entered(&self, p: Pos) -> Option<(usize, Cost, u8)> {
        self.f.query?;
        if !self.f.layout.contains(p) {
            return None;
        }
        let i = self.f.layout.index(p);
        self.f.cell(i).map(|(c, step)| (i, c, step))
    }

    /// Minimum cost to end on `p`, or `None` when `p` is not a possible destination.
    pub fn cost(&self, p: Pos) -> Option<Cost> {
        let (_, cost, step) = self.entered(p)?;
        (step & PASS_ONLY == 0).then_some(cost)
    }

    /// True when the mover can end on `p`.
    pub fn contains(&self, p: Pos) -> bool {
        self.cost(p).is_some()
    }

    /// The cheapest path to `p` (a destination), in O(path length).
    pub fn path(&self, p: Pos) -> Option<Path> {
        let (mut i, _, step) = self.entered(p)?;
        if step & PASS_ONLY != 0 {
            return None;
        }
        let mut dirs = Vec::new();
        while let Some(d) = Dir::from_code(self.f.cell(i).map_or(0, |(_, s)| s & DIR_MASK)) {
            dirs.push(d);
            i = i.wrapping_add_signed(-self.f.layout.offset(d));
        }
        dirs.reverse();
        Some(Path(dirs))
    }

    /// The path to `p` as the contract's digit string (`"0"` for the mover's own cell).
    pub fn digits(&self, p: Pos) -> Option<String> {
        self.path(p).map(|p| p.digits())
    }

    /// An owned copy that outlives the finder (for the game's target phase): the same
    /// destinations in the same order, costs and paths, kept as the search keeps them (a
    /// cost and an entry direction per cell, about 8 bytes a destination), not as paths.
    pub fn to_range(&self) -> Range {
        let Some(q) = self.f.query else {
            return Range::default();
        };
        let f = self.f;
        let stride = f.layout.stride();
        // The box of every cell a path may touch: the destinations and the cells passed through.
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        let by_stride = Divisor::new(stride as u32);
        for &i in f.stops.iter().chain(&f.passed) {
            let (row, col) = by_stride.div_rem(i);
            let (row, col) = (row as usize, col as usize);
            top = top.min(row);
            bottom = bottom.max(row);
            left = left.min(col);
            right = right.max(col);
        }
        if top > bottom {
            return Range::default();
        }
        let (w, h) = (right - left + 1, bottom - top + 1);
        let mut masks = vec![0u64; (w * h).div_ceil(64)];
        let mut words = Vec::with_capacity(f.stops.len() + f.passed.len());
        // Row by row through the finder's state: the box's cells in reading order, so the
        // words come out sorted by box index and the bits are set in one sequential pass.
        for row in top..=bottom {
            let base = (row - top) * w;
            let first = row * stride + left;
            for (k, &s) in f.state[first..first + w].iter().enumerate() {
                if s != 0 {
                    let b = base + k;
                    masks[b / 64] |= 1 << (b % 64);
                    words.push((cost_of(s) << 8) | s as u8 as u32);
                }
            }
        }
        let mut ranks = Vec::with_capacity(masks.len());
        let mut seen = 0u32;
        for m in &masks {
            ranks.push(seen);
            seen += m.count_ones();
        }
        let order = f
            .stops
            .iter()
            .map(|&i| {
                let (row, col) = by_stride.div_rem(i);
                ((row as usize - top) * w + col as usize - left) as u32
            })
            .collect();
        Range {
            origin: q.origin,
            budget: q.budget,
            left: left as i32 - 1,
            top: top as i32 - 1,
            width: w as u32,
            by_width: Divisor::new(w as u32),
            height: h as u32,
            masks,
            ranks,
            words,
            order,
        }
    }
}

/// Division by one divisor many times over (Lemire, Kaser and Kurz's method: a multiply
/// and a shift, exact for every `u32` dividend), for turning cell indices back into rows and
/// columns without a hardware division per cell.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Divisor {
    d: u32,
    /// floor(2^64 / d) + 1.
    m: u128,
}

impl Divisor {
    fn new(d: u32) -> Divisor {
        let d = d.max(1);
        Divisor {
            d,
            m: (1u128 << 64) / d as u128 + 1,
        }
    }

    /// `(n / d, n % d)`.
    #[inline]
    fn div_rem(self, n: u32) -> (u32, u32) {
        let q = ((self.m * n as u128) >> 64) as u32;
        (q, n - q * self.d)
    }
}

/// One destination of a [`Range`]: the cell and its minimum cost. Its path is
/// [`Range::path`]`(at)`, read back on request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeCell {
    /// The cell.
    pub at: Pos,
    /// Minimum cost to end there.
    pub cost: Cost,
}

/// An owned search result: every destination with its cost, and the cheapest path to each,
/// read back on request in O(path length).
///
/// It holds what the search holds (the path record as a tree): per reached cell its cost and
/// the direction it was entered from, no path per cell. Those are kept in the reading order
/// of the smallest box around the reached cells, found through a bit per box cell and a
/// running count per 64 bits, so a cell's entry is found in O(1): about 8 bytes per
/// destination plus 1.5 bits per cell of the box.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Range {
    /// The mover's cell (private, like the cells: every path starts there).
    pub(crate) origin: Pos,
    /// Movement points searched with (private: every cost is within it).
    pub(crate) budget: Cost,
    /// The box's top-left map cell and size.
    left: i32,
    top: i32,
    width: u32,
    by_width: Divisor,
    height: u32,
    /// One bit per box cell (reading order in the box): reached or not.
    masks: Vec<u64>,
    /// Reached cells before each mask's first bit.
    ranks: Vec<u32>,
    /// Per reached cell, in box order: cost (high 24 bits) and step byte (entry direction,
    /// plus [`PASS_ONLY`] for a cell passed through but not a destination).
    words: Vec<u32>,
    /// The destinations' box indices, cheapest first (the search's settling order).
    order: Vec<u32>,
}

impl Range {
    /// The mover's cell, where every path starts.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap();
    /// let battle = BattleBuilder::new(map)
    ///     .unit(UnitSpec::player("Kiny", (1, 0)).movement(2))
    ///     .unit(UnitSpec::enemy("Brute", (4, 0), "charger"))
    ///     .build()
    ///     .unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// assert_eq!((range.origin(), range.budget()), (Pos::new(1, 0), 2));
    /// assert!(range.cells().all(|c| c.cost <= range.budget()));
    /// ```
    pub fn origin(&self) -> Pos {
        self.origin
    }

    /// The movement points searched with: no destination costs more.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap();
    /// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (0, 0)).movement(2)).build().unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// assert_eq!(range.budget(), 2);
    /// ```
    pub fn budget(&self) -> Cost {
        self.budget
    }

    /// The box index of `p`, when it lies in the box.
    #[inline]
    fn boxed(&self, p: Pos) -> Option<usize> {
        let (dx, dy) = (p.x.wrapping_sub(self.left) as u32, p.y.wrapping_sub(self.top) as u32);
        (dx < self.width && dy < self.height).then(|| dy as usize * self.width as usize + dx as usize)
    }

    /// The word of a box index, when that cell was reached.
    #[inline]
    fn word(&self, b: usize) -> Option<u32> {
        let (m, bit) = (self.masks[b / 64], b % 64);
        if m >> bit & 1 == 0 {
            return None;
        }
        let below = (m & ((1u64 << bit) - 1)).count_ones();
        Some(self.words[(self.ranks[b / 64] + below) as usize])
    }

    /// The cell of a box index.
    #[inline]
    fn unboxed(&self, b: u32) -> Pos {
        let (row, col) = self.by_width.div_rem(b);
        Pos::new(self.left + col as i32, self.top + row as i32)
    }

    /// Number of destinations (the mover's own cell included).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap();
    /// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (0, 0)).movement(2)).build().unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// assert_eq!(range.len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// True for the range of a mover off the map (or a default one): no destination at all.
    ///
    /// ```
    /// use skirmish_core::search::range::Range;
    /// assert!(Range::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Every destination, cheapest first (equal costs in the order the search settled them).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap();
    /// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (1, 0)).movement(1)).build().unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// let cells: Vec<(Pos, u32)> = range.cells().map(|c| (c.at, c.cost)).collect();
    /// assert_eq!(cells, [(Pos::new(1, 0), 0), (Pos::new(2, 0), 1), (Pos::new(0, 0), 1)]);
    /// ```
    pub fn cells(&self) -> impl ExactSizeIterator<Item = RangeCell> + '_ {
        self.order.iter().map(|&b| RangeCell {
            at: self.unboxed(b),
            cost: self.word(b as usize).map_or(0, |w| w >> 8),
        })
    }

    /// The destination at `p`, if the mover can end there.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap();
    /// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (0, 0)).movement(2)).build().unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// assert_eq!(range.get(Pos::new(2, 0)).map(|c| c.cost), Some(2));
    /// assert_eq!(range.get(Pos::new(3, 0)), None);
    /// ```
    pub fn get(&self, p: Pos) -> Option<RangeCell> {
        let w = self.word(self.boxed(p)?)?;
        (w as u8 & PASS_ONLY == 0).then_some(RangeCell { at: p, cost: w >> 8 })
    }

    /// True when the mover can end on `p`.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap();
    /// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (0, 0)).movement(2)).build().unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// assert!(range.contains(Pos::new(1, 0)) && !range.contains(Pos::new(3, 0)));
    /// ```
    pub fn contains(&self, p: Pos) -> bool {
        self.get(p).is_some()
    }

    /// The cheapest path to the destination `p`, read back from the entry directions in
    /// O(path length); `None` when `p` is not a destination.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// // Kiny walks round the wall: right, down, down, left.
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["..", "#.", ".."]).unwrap();
    /// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (0, 0)).movement(4)).build().unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// assert_eq!(range.path(Pos::new(0, 2)).map(|p| p.digits()).as_deref(), Some("2334"));
    /// assert_eq!(range.path(Pos::new(0, 0)).map(|p| p.digits()).as_deref(), Some("0"));
    /// assert_eq!(range.path(Pos::new(0, 1)), None);
    /// ```
    pub fn path(&self, p: Pos) -> Option<Path> {
        self.get(p)?;
        let mut dirs = Vec::new();
        let mut at = p;
        while let Some(d) = self
            .boxed(at)
            .and_then(|b| self.word(b))
            .and_then(|w| Dir::from_code(w as u8 & DIR_MASK))
        {
            dirs.push(d);
            at = at.step(d.opposite());
        }
        dirs.reverse();
        Some(Path(dirs))
    }

    /// The path to `p` as the contract's digit string (`"0"` for the mover's own cell).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap();
    /// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (0, 0)).movement(2)).build().unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// assert_eq!(range.digits(Pos::new(2, 0)).as_deref(), Some("22"));
    /// ```
    pub fn digits(&self, p: Pos) -> Option<String> {
        self.path(p).map(|p| p.digits())
    }

    /// Destinations sorted for output: by cost, then row, then column.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap();
    /// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (1, 0)).movement(1)).build().unwrap();
    /// let range = battle.range(&mut Caches::new(), battle.find("Kiny").unwrap());
    /// let at: Vec<Pos> = range.sorted().iter().map(|c| c.at).collect();
    /// assert_eq!(at, [Pos::new(1, 0), Pos::new(0, 0), Pos::new(2, 0)]);
    /// ```
    pub fn sorted(&self) -> Vec<RangeCell> {
        let mut v: Vec<RangeCell> = self.cells().collect();
        v.sort_by_key(|c| (c.cost, c.at.y, c.at.x));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_divisor_divides_exactly() {
        let mut seed = 1u64;
        for d in (1..300).chain([1025, 4097, 4098, 65_535, 1 << 20, u32::MAX]) {
            let by = Divisor::new(d);
            for n in [
                0,
                1,
                d - 1,
                d,
                d.wrapping_add(1),
                u32::MAX,
                u32::MAX - 1,
                u32::MAX / d * d,
            ] {
                assert_eq!(by.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
            for _ in 0..200 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let n = (seed >> 32) as u32;
                assert_eq!(by.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    /// `.` costs 1, `T` 2, anything else cannot be entered.
    fn setup(rows: &str) -> (CostLayer, Occupancy) {
        let grid: Vec<Vec<u8>> = rows
            .lines()
            .map(|r| {
                r.chars()
                    .map(|c| match c {
                        '.' => 1,
                        'T' => 2,
                        _ => 0,
                    })
                    .collect()
            })
            .collect();
        let layout = Layout::new(grid[0].len(), grid.len());
        let layer = CostLayer::new(layout, |p| grid[p.y as usize][p.x as usize]);
        (layer, Occupancy::new(layout))
    }

    #[test]
    fn open_ground_diamond() {
        let (layer, occ) = setup(".....\n.....\n.....\n.....\n.....\n");
        let mut f = RangeFinder::new(layer.layout());
        let r = f.search(
            &layer,
            &occ,
            RangeQuery {
                origin: Pos::new(2, 2),
                budget: 2,
                team: Team::Player,
                leash: None,
            },
        );
        assert_eq!(r.len(), 13);
        assert_eq!(r.cost(Pos::new(2, 0)), Some(2));
        assert_eq!(r.cost(Pos::new(0, 0)), None);
        assert_eq!(r.digits(Pos::new(2, 2)).unwrap(), "0");
        assert_eq!(r.digits(Pos::new(3, 3)).unwrap(), "23");
    }

    #[test]
    fn allies_are_passed_not_stopped_on_and_enemies_block() {
        let (layer, mut occ) = setup(".....\n");
        occ.place(Pos::new(1, 0), Team::Player);
        occ.place(Pos::new(3, 0), Team::Enemy);
        let mut f = RangeFinder::new(layer.layout());
        let r = f.search(
            &layer,
            &occ,
            RangeQuery {
                origin: Pos::new(0, 0),
                budget: 9,
                team: Team::Player,
                leash: None,
            },
        );
        let cells: Vec<_> = r.cells().collect();
        assert_eq!(cells, vec![(Pos::new(0, 0), 0), (Pos::new(2, 0), 2)]);
        assert_eq!(r.digits(Pos::new(2, 0)).unwrap(), "22");
        assert!(r.path(Pos::new(1, 0)).is_none());
    }
}
