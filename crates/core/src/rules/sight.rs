//! Fog of war: which cells a side sees ([`Sight`], asked with [`Battle::sight`]), from its
//! units' `vision`, the vision bonus of the terrain each stands on and the cover that
//! `hides`.

use crate::rules::battle::Battle;
use crate::search::grid::Team;
pub use crate::search::sight::Sight;
use std::borrow::Cow;

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
    pub(super) fn work_out_sight(&self, team: Team) -> Sight {
        let (w, h) = (self.map.width(), self.map.height());
        if !self.fog {
            return Sight::everything(w, h);
        }
        // Every cell within a unit's vision, row by row as runs of bits; then the cells that
        // hide are taken out but for those on or next to a unit (within its vision).
        let mut open = Sight::empty(w, h);
        // Only where a terrain hides (a map-sized set less to clear after every move).
        let mut near = self.hides.as_ref().map(|_| Sight::empty(w, h));
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
                if self.hides.is_none() {
                    // Nothing hides: no other unit can add to or take from the whole map.
                    return open;
                }
            } else {
                let (y0, y1) = ((at.y - v).max(0), (at.y + v).min(h as i32 - 1));
                for y in y0..=y1 {
                    let r = v - (y - at.y).abs();
                    let (x0, x1) = ((at.x - r).max(0), (at.x + r).min(w as i32 - 1));
                    let row = y as usize * w;
                    open.fill(row + x0 as usize, row + x1 as usize);
                }
            }
            let Some(near) = &mut near else {
                // Its own cell and those next to it (within vision) are in the diamond
                // already: `near` matters only where a cell hides.
                continue;
            };
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
        if let (Some(hides), Some(near)) = (&self.hides, &near) {
            for (o, (&hide, &n)) in open.bits.iter_mut().zip(hides.iter().zip(&near.bits)) {
                *o = (*o & !hide) | n;
            }
        }
        open
    }

    /// The battle as `team` knows it: under fog, a view in which every unit of the other
    /// side that `team` does not see ([`Battle::sight`]) is off the board — not on any cell,
    /// holding no zone, with no position to read (it keeps its id, so decisions made on the
    /// copy name the same units) — and with no journal or record of past commands (they
    /// would tell where the unseen went). Without fog, or for a view already made for
    /// `team`, the battle itself. The view is made on the first ask and kept, brought in
    /// step after every command (from the units it named and those that came into or went
    /// out of sight), so asking again costs nothing.
    ///
    /// Every enemy decides on its side's copy (the behaviours, registered ones too, are
    /// handed it through the AI's behaviour trait): what it cannot see cannot change what it
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
        if self.view.is_some() {
            // A view asked for the other side's: made as asked, not kept.
            return Cow::Owned(self.copy_for(team));
        }
        match self.kept_view(team) {
            Some(kept) => {
                #[cfg(debug_assertions)]
                debug_assert!(
                    crate::rules::view::view_matches_a_fresh_copy(kept, &self.copy_for(team)),
                    "the view kept for {team:?} is out of step with the battle"
                );
                Cow::Borrowed(kept)
            }
            // Asked in the middle of a command (before the views are in step again).
            None => Cow::Owned(self.copy_for(team)),
        }
    }
}
