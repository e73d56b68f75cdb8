//! The movement range search: every cell a unit can end on, its minimum cost, and the
//! cheapest path to it, recorded as one direction per cell so a path replays in O(length).
//!
//! A flat padded array, a ring of cost buckets (Dial's algorithm: every terrain cost is a
//! small integer) and a generation stamp instead of clearing make one search cost a few
//! nanoseconds per reachable cell. Ties are broken the same way every time: cells of equal
//! cost are settled first-in first-out and neighbours are tried in digit order 1, 2, 3, 4.

use crate::grid::{Dir, Path, Pos};
use crate::map::{CostLayer, Layout};
use crate::terrain::Cost;
use std::collections::HashMap;

/// The two sides of a battle.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Team {
    /// The human side.
    Player,
    /// The AI side.
    Enemy,
}

impl Team {
    /// The other side.
    pub fn other(self) -> Team {
        match self {
            Team::Player => Team::Enemy,
            Team::Enemy => Team::Player,
        }
    }

    fn code(self) -> u8 {
        match self {
            Team::Player => 1,
            Team::Enemy => 2,
        }
    }

    /// The lowercase name used in files and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Team::Player => "player",
            Team::Enemy => "enemy",
        }
    }
}

/// Which team stands on each cell, on the padded layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occupancy {
    layout: Layout,
    cells: Vec<u8>,
}

impl Occupancy {
    /// Nobody anywhere.
    pub fn new(layout: Layout) -> Occupancy {
        Occupancy {
            layout,
            cells: vec![0; layout.len()],
        }
    }

    /// Puts a unit of `team` on `p` (which must be on the map).
    pub fn place(&mut self, p: Pos, team: Team) {
        let i = self.layout.index(p);
        self.cells[i] = team.code();
    }

    /// Empties `p`.
    pub fn clear(&mut self, p: Pos) {
        let i = self.layout.index(p);
        self.cells[i] = 0;
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

/// Reusable scratch space for range searches on one map size. Keep one and call
/// [`RangeFinder::search`] as often as needed; nothing is cleared between searches.
#[derive(Debug, Clone)]
pub struct RangeFinder {
    layout: Layout,
    stamp: Vec<u32>,
    dist: Vec<u32>,
    step: Vec<u8>,
    generation: u32,
    ring: Vec<Vec<u32>>,
    stops: Vec<u32>,
    query: Option<RangeQuery>,
}

impl RangeFinder {
    /// Scratch for maps of `layout`'s size.
    pub fn new(layout: Layout) -> RangeFinder {
        RangeFinder {
            layout,
            stamp: vec![0; layout.len()],
            dist: vec![0; layout.len()],
            step: vec![0; layout.len()],
            generation: 0,
            ring: Vec::new(),
            stops: Vec::new(),
            query: None,
        }
    }

    /// Runs one search. The mover's own cell is always in the result at cost 0, even when
    /// the query's leash would exclude it. A mover whose origin is off the map gets an empty result.
    pub fn search(&mut self, layer: &CostLayer, occ: &Occupancy, q: RangeQuery) -> Reach<'_> {
        if self.layout != layer.layout {
            *self = RangeFinder::new(layer.layout);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.stops.clear();
        self.query = Some(q);
        if !self.layout.contains(q.origin) {
            self.query = None;
            return Reach { f: self };
        }
        match q.leash {
            None => self.run(layer, occ, q, |_| true),
            Some(l) => {
                let layout = self.layout;
                self.run(layer, occ, q, move |i| {
                    layout.pos(i).manhattan(l.pivot) < l.radius
                })
            }
        }
        Reach { f: self }
    }

    fn run(
        &mut self,
        layer: &CostLayer,
        occ: &Occupancy,
        q: RangeQuery,
        allowed: impl Fn(usize) -> bool,
    ) {
        let size = layer.max_cost as usize + 1;
        if self.ring.len() < size {
            self.ring.resize_with(size, Vec::new);
        }
        for b in &mut self.ring[..size] {
            b.clear();
        }
        let stamp_now = self.generation;
        let team = q.team.code();
        let budget = q.budget;
        let stride = self.layout.stride;
        let offsets = [stride.wrapping_neg(), 1, stride, 1usize.wrapping_neg()];
        let costs = &layer.costs[..];
        let occ = &occ.cells[..];
        let (stamp, dist, step) = (&mut self.stamp[..], &mut self.dist[..], &mut self.step[..]);

        let o = self.layout.index(q.origin);
        stamp[o] = stamp_now;
        dist[o] = 0;
        step[o] = 0;
        self.stops.push(o as u32);
        let mut pending = 1usize;
        let mut current = o;
        let mut cur = 0u32;
        let mut bucket: Vec<u32> = Vec::new();
        // The origin is expanded first, outside the ring, so the loop below only sees cells
        // that were entered.
        loop {
            for (d, &off) in offsets.iter().enumerate() {
                let n = current.wrapping_add(off);
                let c = costs[n];
                if c == 0 {
                    continue;
                }
                let nd = cur + c as u32;
                if nd > budget {
                    continue;
                }
                let who = occ[n];
                if who != 0 && who != team {
                    continue;
                }
                if stamp[n] == stamp_now && dist[n] <= nd {
                    continue;
                }
                if !allowed(n) {
                    continue;
                }
                stamp[n] = stamp_now;
                dist[n] = nd;
                step[n] = (d as u8 + 1) | if who != 0 { PASS_ONLY } else { 0 };
                self.ring[nd as usize % size].push(n as u32);
                pending += 1;
            }
            pending -= 1;
            // Next settled cell: drain the current bucket, then move to the next cost.
            loop {
                if let Some(i) = bucket.pop() {
                    let i = i as usize;
                    if dist[i] != cur {
                        pending -= 1;
                        continue;
                    }
                    current = i;
                    break;
                }
                if pending == 0 {
                    self.ring[cur as usize % size] = bucket;
                    return;
                }
                self.ring[cur as usize % size] = std::mem::take(&mut bucket);
                cur += 1;
                std::mem::swap(&mut bucket, &mut self.ring[cur as usize % size]);
                // FIFO within a cost: pop from the end of a reversed bucket.
                bucket.reverse();
            }
            if step[current] & PASS_ONLY == 0 {
                self.stops.push(current as u32);
            }
        }
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
            .map(|&i| (self.f.layout.pos(i as usize), self.f.dist[i as usize]))
    }

    fn entered(&self, p: Pos) -> Option<usize> {
        let q = self.f.query?;
        if !self.f.layout.contains(p) {
            return None;
        }
        let i = self.f.layout.index(p);
        (self.f.stamp[i] == self.f.generation && self.f.dist[i] <= q.budget).then_some(i)
    }

    /// Minimum cost to end on `p`, or `None` when `p` is not a possible destination.
    pub fn cost(&self, p: Pos) -> Option<Cost> {
        let i = self.entered(p)?;
        (self.f.step[i] & PASS_ONLY == 0).then(|| self.f.dist[i])
    }

    /// True when the mover can end on `p`.
    pub fn contains(&self, p: Pos) -> bool {
        self.cost(p).is_some()
    }

    /// The cheapest path to `p` (a destination), in O(path length).
    pub fn path(&self, p: Pos) -> Option<Path> {
        let mut i = self.entered(p)?;
        if self.f.step[i] & PASS_ONLY != 0 {
            return None;
        }
        let mut dirs = Vec::new();
        loop {
            let Some(d) = Dir::from_code(self.f.step[i] & DIR_MASK) else {
                break;
            };
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

    /// An owned copy that outlives the finder (for the game's target phase).
    pub fn to_range(&self) -> Range {
        let q = self.f.query.unwrap_or(RangeQuery {
            origin: Pos::new(0, 0),
            budget: 0,
            team: Team::Player,
            leash: None,
        });
        let cells: Vec<RangeCell> = self
            .f
            .stops
            .iter()
            .map(|&i| {
                let at = self.f.layout.pos(i as usize);
                RangeCell {
                    at,
                    cost: self.f.dist[i as usize],
                    path: self.path(at).unwrap_or_default(),
                }
            })
            .collect();
        let index = cells.iter().enumerate().map(|(k, c)| (c.at, k)).collect();
        Range {
            origin: q.origin,
            budget: q.budget,
            cells,
            index,
        }
    }
}

/// One destination of an owned [`Range`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeCell {
    /// The cell.
    pub at: Pos,
    /// Minimum cost to end there.
    pub cost: Cost,
    /// The cheapest path from the origin.
    pub path: Path,
}

/// An owned search result: every destination with its cost and path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Range {
    /// The mover's cell.
    pub origin: Pos,
    /// Movement points searched with.
    pub budget: Cost,
    /// Destinations, cheapest first.
    pub cells: Vec<RangeCell>,
    index: HashMap<Pos, usize>,
}

impl Range {
    /// The destination at `p`, if the mover can end there.
    pub fn get(&self, p: Pos) -> Option<&RangeCell> {
        self.index.get(&p).map(|&k| &self.cells[k])
    }

    /// True when the mover can end on `p`.
    pub fn contains(&self, p: Pos) -> bool {
        self.index.contains_key(&p)
    }

    /// Destinations sorted for output: by cost, then row, then column.
    pub fn sorted(&self) -> Vec<&RangeCell> {
        let mut v: Vec<&RangeCell> = self.cells.iter().collect();
        v.sort_by_key(|c| (c.cost, c.at.y, c.at.x));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::map::TerrainMap;
    use crate::terrain::{ClassId, TerrainSet};

    fn setup(rows: &str) -> (CostLayer, Occupancy) {
        let t = TerrainSet::parse(&Source::new(
            "t.toml",
            "[plain]\nglyph = \".\"\ncost = 1\n[forest]\nglyph = \"T\"\ncost = 2\n[wall]\nglyph = \"#\"\n",
        ))
        .unwrap();
        let m = TerrainMap::parse(&Source::new("m.txt", rows), &t).unwrap();
        (m.cost_layer(&t, ClassId(0)), Occupancy::new(m.layout()))
    }

    #[test]
    fn open_ground_diamond() {
        let (layer, occ) = setup(".....\n.....\n.....\n.....\n.....\n");
        let mut f = RangeFinder::new(layer.layout);
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
        let mut f = RangeFinder::new(layer.layout);
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
