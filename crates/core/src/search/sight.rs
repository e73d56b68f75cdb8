//! A set of map cells as a bit per cell: what one side sees under fog of war ([`Sight`],
//! worked out by `Battle::sight`).

use crate::search::grid::Pos;

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
    pub(crate) bits: Vec<u64>,
}

impl Sight {
    /// Nothing seen on a `width`×`height` map.
    pub(crate) fn empty(width: usize, height: usize) -> Sight {
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

    pub(crate) fn set(&mut self, i: usize) {
        self.bits[i / 64] |= 1 << (i % 64);
    }

    /// Sets the bits `a..=b`, a word at a time.
    pub(crate) fn fill(&mut self, a: usize, b: usize) {
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
