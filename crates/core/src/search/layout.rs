//! The shapes the searches run on: a padded flat layout of the map, and one movement
//! class's entry costs on it. Both are sealed: their constructors guarantee the one-cell
//! zero border and the stride that the searches' unchecked neighbour reads rely on.

use crate::search::grid::{Dir, Pos};

/// A map-sized flat array with a one-cell border of "outside" around it, so that the
/// four neighbours of any map cell are plain index offsets with no bounds checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    width: usize,
    height: usize,
    stride: usize,
}

/// A map size the searches cannot index: its padded array would not fit in the `u32`
/// cell indices they store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// Columns asked for.
    pub width: usize,
    /// Rows asked for.
    pub height: usize,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a {}x{} map is too large to search", self.width, self.height)
    }
}

impl std::error::Error for TooLarge {}

impl Layout {
    /// The layout of a `width` × `height` map, or [`TooLarge`] when its padded array
    /// (`(width + 2) × (height + 2)` cells) has more than `u32::MAX` cells. The searches
    /// index without bounds checks, relying on exactly this: every length is computed here,
    /// with checked arithmetic.
    ///
    /// ```
    /// use skirmish_core::model::map::Layout;
    /// let l = Layout::try_new(4, 3).unwrap();
    /// assert_eq!((l.stride(), l.len()), (6, 30));
    /// assert!(Layout::try_new(usize::MAX, 1).is_err());
    /// ```
    pub fn try_new(width: usize, height: usize) -> Result<Layout, TooLarge> {
        let too_large = TooLarge { width, height };
        let stride = width.checked_add(2).ok_or(too_large)?;
        let rows = height.checked_add(2).ok_or(too_large)?;
        let len = stride.checked_mul(rows).ok_or(too_large)?;
        if len > u32::MAX as usize {
            return Err(too_large);
        }
        Ok(Layout { width, height, stride })
    }

    /// The layout of a `width` × `height` map.
    ///
    /// # Panics
    /// When the map is too large to search ([`Layout::try_new`] says why); every map a
    /// loader accepts (at most 4096 × 4096) fits.
    pub fn new(width: usize, height: usize) -> Layout {
        match Layout::try_new(width, height) {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        }
    }

    /// Map columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Map rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Padded row length (`width + 2`).
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Length of a padded array.
    pub fn len(&self) -> usize {
        self.stride * (self.height + 2)
    }

    /// Never true: even a 0×0 map has its border.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// True when `p` lies on the map.
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as usize) < self.width && (p.y as usize) < self.height
    }

    /// Padded index of an on-map cell.
    ///
    /// # Panics
    /// When `p` is off the map; [`Layout::try_index`] answers `None` instead.
    ///
    /// ```
    /// use skirmish_core::model::map::Layout;
    /// use skirmish_core::search::grid::Pos;
    /// let l = Layout::new(4, 3);
    /// assert_eq!(l.pos(l.index(Pos::new(2, 1))), Pos::new(2, 1));
    /// ```
    #[inline]
    pub fn index(&self, p: Pos) -> usize {
        assert!(self.contains(p), "{p:?} is off a {}x{} map", self.width, self.height);
        (p.y as usize + 1) * self.stride + p.x as usize + 1
    }

    /// Padded index of `p`, or `None` when `p` is off the map.
    ///
    /// ```
    /// use skirmish_core::model::map::Layout;
    /// use skirmish_core::search::grid::Pos;
    /// let l = Layout::new(4, 3);
    /// assert_eq!(l.try_index(Pos::new(0, 0)), Some(7));
    /// assert_eq!(l.try_index(Pos::new(-1, 0)), None);
    /// assert_eq!(l.try_index(Pos::new(4, 0)), None);
    /// ```
    pub fn try_index(&self, p: Pos) -> Option<usize> {
        self.contains(p).then(|| self.index(p))
    }

    /// The cell of a padded index.
    #[inline]
    pub fn pos(&self, i: usize) -> Pos {
        Pos::new((i % self.stride) as i32 - 1, (i / self.stride) as i32 - 1)
    }

    /// Index offset of one step in direction `d`.
    #[inline]
    pub fn offset(&self, d: Dir) -> isize {
        match d {
            Dir::Up => -(self.stride as isize),
            Dir::Right => 1,
            Dir::Down => self.stride as isize,
            Dir::Left => -1,
        }
    }
}

/// What it costs one movement class to enter each cell of a map (0 = cannot enter; the
/// border is always 0). Cloning one is cheap: the costs are shared, never changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostLayer {
    layout: Layout,
    /// Shared between clones (every nearest-target map holds its layer).
    costs: std::sync::Arc<[u8]>,
    max_cost: u8,
}

impl CostLayer {
    /// The layer of `layout` where entering map cell `p` costs `cost(p)` (0 = cannot).
    /// The border is 0 by construction.
    pub fn new(layout: Layout, cost: impl Fn(Pos) -> u8) -> CostLayer {
        let mut costs = vec![0u8; layout.len()];
        for y in 0..layout.height as i32 {
            for x in 0..layout.width as i32 {
                let p = Pos::new(x, y);
                costs[layout.index(p)] = cost(p);
            }
        }
        let max_cost = costs.iter().copied().max().unwrap_or(0);
        CostLayer {
            layout,
            costs: costs.into(),
            max_cost,
        }
    }

    /// Its layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Cost to enter, per padded index (length `layout().len()`, zero border).
    pub fn costs(&self) -> &[u8] {
        &self.costs
    }

    /// The dearest enterable cell (sizes the searches' bucket rings).
    pub fn max_cost(&self) -> u8 {
        self.max_cost
    }

    /// Cost to enter `p`, `None` when it cannot be entered or is off the map.
    pub fn cost(&self, p: Pos) -> Option<u32> {
        if !self.layout.contains(p) {
            return None;
        }
        match self.costs[self.layout.index(p)] {
            0 => None,
            c => Some(c as u32),
        }
    }
}

/// How many queued cells ahead the searches ask for the cache lines of a cell's neighbours.
/// On a large map the rows above and below a cell lie a whole map row away in every array,
/// and the cells of one cost level are scattered round the search's front: fetched on
/// demand, each costs a trip to memory (a whole-map search of 1024² took twice as long per
/// cell as a small one).
pub(crate) const PREFETCH_AHEAD: usize = 12;

/// Cells of one cost level from which the searches ask ahead: a front this wide spans
/// hundreds of rows, more than the caches hold; a narrower one stays in them.
pub(crate) const PREFETCH_FRONT: usize = 256;

/// Asks the processor for the cache line holding `p` (a hint: never faults, any address).
#[inline(always)]
pub(crate) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p.cast::<i8>())
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
