//! Fog of war: which cells a side sees ([`Sight`], asked with [`Battle::sight`]), from its
//! units' `vision`, the vision bonus of the terrain each stands on and the cover that
//! `hides`.

use crate::rules::battle::Battle;
use crate::search::grid::{Pos, Team};
use std::borrow::Cow;

/// The cells one side sees, as a bit per map cell.
///
/// Under fog a side sees every cell within Manhattan distance of one of its units' vision
/// (its kind's `vision` plus the `vision` bonus of the terrain it stands on, never below 0),
/// except cells whose terrain `hides`: those it sees only from a unit on them or next to them
/// (and within that unit's vision). It always sees its own units' cells. Without fog a side
/// sees the whole map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sight {
    width: usize,
    height: usize,
    bits: Vec<u64>,
}

impl Sight {
    /// Nothing seen on a `width`×`height` map.
    fn empty(width: usize, height: usize) -> Sight {
        Sight {
            width,
            height,
            bits: vec![0; (width * height).div_ceil(64)],
        }
    }

    /// Every cell of a `width`×`height` map seen (what a side sees without fog).
    ///
    /// ```
    /// use skirmish_core::rules::Sight;
    /// let s = Sight::everything(3, 2);
    /// assert_eq!(s.len(), 6);
    /// assert!(s.sees((2, 1).into()) && !s.sees((3, 1).into()));
    /// ```
    pub fn everything(width: usize, height: usize) -> Sight {
        let mut s = Sight::empty(width, height);
        for i in 0..width * height {
            s.bits[i / 64] |= 1 << (i % 64);
        }
        s
    }

    fn set(&mut self, i: usize) {
        self.bits[i / 64] |= 1 << (i % 64);
    }

    /// Sets the bits `a..=b`, a word at a time.
    fn fill(&mut self, a: usize, b: usize) {
        let (wa, wb) = (a / 64, b / 64);
        let low = !0u64 << (a % 64);
        let high = !0u64 >> (63 - b % 64);
        if wa == wb {
            self.bits[wa] |= low & high;
        } else {
            self.bits[wa] |= low;
            for word in &mut self.bits[wa + 1..wb] {
                *word = !0;
            }
            self.bits[wb] |= high;
        }
    }

    /// True when the cell `p` is seen (false off the map).
    ///
    /// ```
    /// use skirmish_core::rules::Sight;
    /// let s = Sight::everything(2, 2);
    /// assert!(s.sees((1, 1).into()) && !s.sees((-1, 0).into()) && !s.sees((0, 2).into()));
    /// ```
    pub fn sees(&self, p: Pos) -> bool {
        if p.x < 0 || p.y < 0 || p.x as usize >= self.width || p.y as usize >= self.height {
            return false;
        }
        let i = p.y as usize * self.width + p.x as usize;
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    /// How many cells are seen.
    ///
    /// ```
    /// use skirmish_core::rules::Sight;
    /// assert_eq!(Sight::everything(70, 1).len(), 70);
    /// ```
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when no cell is seen (a side with no unit on the board under fog).
    ///
    /// ```
    /// use skirmish_core::rules::Sight;
    /// assert!(!Sight::everything(1, 1).is_empty());
    /// assert!(Sight::everything(0, 0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// The seen cells in reading order (rows top to bottom, each left to right).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::rules::Sight;
    /// let cells: Vec<Pos> = Sight::everything(2, 1).cells().collect();
    /// assert_eq!(cells, [Pos::new(0, 0), Pos::new(1, 0)]);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let w = self.width;
        (0..self.width * self.height)
            .filter(move |&i| self.bits[i / 64] >> (i % 64) & 1 == 1)
            .map(move |i| Pos::new((i % w) as i32, (i / w) as i32))
    }
}

impl Battle {
    /// What `team` sees now, worked out from where its units stand (kept until the battle
    /// changes: after every move it says the new truth). Without fog, the whole map.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..........", ".........."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)).vision(2))
    ///     .unit(UnitSpec::enemy("Brute", (9, 0), "charger"))
    ///     .fog(true)
    ///     .build()
    ///     .unwrap();
    /// let seen = b.sight(Team::Player);
    /// // Within two steps of Kiny: (0..=2, 0) and (0..=1, 1).
    /// assert_eq!(seen.cells().collect::<Vec<_>>(), [Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0), Pos::new(0, 1), Pos::new(1, 1)]);
    /// assert!(!seen.sees(Pos::new(9, 0)));
    /// assert!(b.sight(Team::Enemy).sees(Pos::new(9, 0)));
    /// ```
    pub fn sight(&self, team: Team) -> &Sight {
        self.seen[crate::rules::battle::side(team)].get_or_init(|| self.work_out_sight(team))
    }

    /// [`Battle::sight`], worked out from the board.
    fn work_out_sight(&self, team: Team) -> Sight {
        let (w, h) = (self.map.width(), self.map.height());
        if !self.fog {
            return Sight::everything(w, h);
        }
        // Every cell within a unit's vision, row by row as runs of bits; then the cells that
        // hide are taken out but for those on or next to a unit (within its vision).
        let mut open = Sight::empty(w, h);
        let mut near = Sight::empty(w, h);
        let mut whole = false;
        for id in self.living(team) {
            let u = self.unit(id);
            let at = u.pos;
            let bonus = self.terrain.get(self.map.at(at)).vision;
            let v = (i64::from(u.vision) + i64::from(bonus)).max(0);
            let v = v.min((w + h) as i64) as i32;
            // Seeing every corner, it sees the whole map: nobody else can add to it.
            let far = at.x.max(w as i32 - 1 - at.x) + at.y.max(h as i32 - 1 - at.y);
            if whole {
                // Already the whole map.
            } else if v >= far {
                open.fill(0, w * h - 1);
                whole = true;
            } else {
                let (y0, y1) = ((at.y - v).max(0), (at.y + v).min(h as i32 - 1));
                for y in y0..=y1 {
                    let r = v - (y - at.y).abs();
                    let (x0, x1) = ((at.x - r).max(0), (at.x + r).min(w as i32 - 1));
                    let row = y as usize * w;
                    open.fill(row + x0 as usize, row + x1 as usize);
                }
            }
            near.set(at.y as usize * w + at.x as usize);
            if v >= 1 {
                for d in crate::search::grid::Dir::ALL {
                    let n = at.step(d);
                    if self.map.contains(n) {
                        near.set(n.y as usize * w + n.x as usize);
                    }
                }
            }
        }
        if let Some(hides) = &self.hides {
            for (o, (&hide, &n)) in open.bits.iter_mut().zip(hides.iter().zip(&near.bits)) {
                *o = (*o & !hide) | n;
            }
        } else {
            for (o, &n) in open.bits.iter_mut().zip(&near.bits) {
                *o |= n;
            }
        }
        open
    }

    /// The battle as `team` knows it: under fog, a copy in which every unit of the other
    /// side that `team` does not see ([`Battle::sight`]) is off the board — not on any cell,
    /// holding no zone, with no position to read (it keeps its id, so decisions made on the
    /// copy name the same units) — and with no journal or record of past commands (they
    /// would tell where the unseen went). Without fog, or for a copy already made for
    /// `team`, the battle itself.
    ///
    /// Every enemy decides on its side's copy (the behaviours, registered ones too, are
    /// handed it through [`crate::ai::AiBehavior`]): what it cannot see cannot change what it
    /// does.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["............"]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::player("Lance", (8, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (11, 0), "charger"))
    ///     .fog(true)
    ///     .build()
    ///     .unwrap();
    /// let known = b.seen_by(Team::Enemy);
    /// // The brute (vision 3) sees Lance, eight cells off, not Kiny, eleven off.
    /// assert_eq!(known.living(Team::Player).collect::<Vec<_>>(), [b.find("Lance").unwrap()]);
    /// assert_eq!(known.unit_at(Pos::new(0, 0)), None);
    /// assert_eq!(b.unit_at(Pos::new(0, 0)), b.find("Kiny"));
    /// // Its own side it knows whole.
    /// assert_eq!(known.living(Team::Enemy).count(), 1);
    /// ```
    pub fn seen_by(&self, team: Team) -> Cow<'_, Battle> {
        if !self.fog || self.view == Some(team) {
            return Cow::Borrowed(self);
        }
        let seen = self.sight(team);
        let mut v = self.clone();
        v.view = Some(team);
        // What `team` sees is the same on the copy; what the other side sees is asked anew.
        v.seen[crate::rules::battle::side(team.other())] = Default::default();
        v.journal.clear();
        v.record.clear();
        for u in v.units.iter_mut().filter(|u| u.team != team) {
            if u.alive && seen.sees(u.pos) {
                continue;
            }
            if u.alive {
                v.occ.clear(u.pos);
                if u.moves.zoc {
                    v.occ.release(u.pos, u.team);
                }
            }
            u.alive = false;
            u.pos = Pos::new(0, 0);
        }
        Cow::Owned(v)
    }
}

/// The cells of `map` whose terrain hides, a bit per cell in reading order (`None` when no
/// terrain kind hides: then nothing is taken out of sight).
pub(super) fn hides_mask(
    map: &crate::model::map::TerrainMap,
    terrain: &crate::model::terrain::TerrainSet,
) -> Option<std::sync::Arc<[u64]>> {
    let kinds: Vec<bool> = terrain.kinds().iter().map(|t| t.hides).collect();
    if !kinds.contains(&true) {
        return None;
    }
    let mut s = Sight::empty(map.width(), map.height());
    for (i, t) in map.cells().iter().enumerate() {
        if kinds.get(usize::from(t.0)).copied().unwrap_or(false) {
            s.set(i);
        }
    }
    Some(s.bits.into())
}
