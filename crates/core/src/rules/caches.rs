//! Search scratch space and travel-cost maps kept between questions: [`Caches`]. They are
//! not battle state — a [`Battle`] is plain data (`Send + Sync`) — so whoever asks the
//! questions owns them (the AI, the phase machine, a tool) and lends them to each one.
//!
//! One `Caches` may serve several battles, one after the other: maps are kept only while the
//! questions are about the same terrain (a battle and its clones), and dropped when a battle
//! on other terrain asks.

use crate::model::terrain::{ClassId, Cost};
use crate::rules::battle::Battle;
use crate::rules::unit::UnitId;
use crate::search::grid::Pos;
use crate::search::layout::CostLayer;
use crate::search::nearest::NearestMap;
use crate::search::potential::PotentialMap;
use crate::search::range::{Leash, Range, RangeFinder, Reach};
use std::collections::HashMap;

/// Potential maps kept at once before the cache is emptied (each is a map-sized array).
const MAX_CACHED_POTENTIALS: usize = 64;
/// Nearest-target maps kept at once: as many as fit in [`NEAREST_BYTES`] (about 8 bytes a
/// cell each), at least [`MIN_CACHED_NEAREST`] and at most this.
const MAX_CACHED_NEAREST: usize = 64;
/// The fewest nearest-target maps kept, however large the map.
const MIN_CACHED_NEAREST: usize = 8;
/// Memory for nearest-target maps before the oldest go.
const NEAREST_BYTES: usize = 16 << 20;

/// Scratch space for range searches and the travel-cost maps already computed.
///
/// ```
/// use skirmish_core::prelude::*;
/// let mut caches = Caches::new();
/// let battle = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...", "..."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)).movement(2))
///     .unit(UnitSpec::enemy("Brute", (2, 1), "charger"))
///     .build()
///     .unwrap();
/// let kiny = battle.find("Kiny").unwrap();
/// // Travel cost from Kiny's cell to Brute's, over plain ground: three cells entered.
/// let foot = battle.unit(kiny).class();
/// assert_eq!(battle.travel(&mut caches, (2, 1).into(), foot, (0, 0).into()), Some(3));
/// // Kiny's range: every cell within 2 that no enemy holds.
/// assert_eq!(battle.range(&mut caches, kiny).len(), 5);
/// ```
///
/// `Caches` are `Send` but not `Sync`: the nearest-target maps they keep fill in lazily
/// (a `RefCell`) while a question is answered. Keep one per thread in parallel runs.
#[derive(Debug, Clone, Default)]
pub struct Caches {
    /// The terrain the maps below belong to (`Battle::terrain_stamp`; 0: none yet).
    stamp: u64,
    finder: Option<RangeFinder>,
    potentials: HashMap<(Pos, ClassId), PotentialMap>,
    /// Nearest-target maps by class and target cells (few: the targets change only when one
    /// falls), each with when it was last asked for (`nearest_clock`).
    nearest: Vec<(ClassId, NearestMap, u64)>,
    /// Counts the questions to nearest-target maps: the least recently asked goes first.
    nearest_clock: u64,
    /// Where the last nearest-target map asked for was found: a decision asks for the same
    /// map once per reachable cell, so it is looked at first (checked, so never stale).
    nearest_hit: usize,
    /// What the AI keeps between its decisions (the careful player's threat areas:
    /// `ai::danger`), opaque here: the rules sit below the AI.
    pub(crate) kept: Kept,
}

/// A value a layer above the rules keeps in [`Caches`]. A copy of the caches starts
/// without it (it is only a cache).
#[derive(Default)]
pub(crate) struct Kept(pub(crate) Option<Box<dyn std::any::Any + Send>>);

impl Clone for Kept {
    fn clone(&self) -> Kept {
        Kept(None)
    }
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Kept(..)" } else { "Kept(None)" })
    }
}

impl Caches {
    /// Empty caches.
    pub fn new() -> Caches {
        Caches::default()
    }

    /// Forgets every map, keeping allocated scratch space.
    pub fn clear(&mut self) {
        self.potentials.clear();
        self.nearest.clear();
        self.kept = Kept::default();
    }

    /// Makes the caches serve `b`: maps of other terrain are dropped.
    fn serve(&mut self, b: &Battle) {
        if self.stamp != b.terrain_stamp {
            self.clear();
            self.stamp = b.terrain_stamp;
        }
    }

    fn finder<'f>(finder: &'f mut Option<RangeFinder>, layer: &CostLayer) -> &'f mut RangeFinder {
        finder.get_or_insert_with(|| RangeFinder::new(layer.layout()))
    }

    fn potential(&mut self, layers: &[CostLayer], target: Pos, class: ClassId) -> &PotentialMap {
        if self.potentials.len() >= MAX_CACHED_POTENTIALS && !self.potentials.contains_key(&(target, class)) {
            self.potentials.clear();
        }
        let layer = &layers[class.0 as usize];
        self.potentials
            .entry((target, class))
            .or_insert_with(|| PotentialMap::compute(layer, target))
    }

    fn nearest(
        nearest: &mut Vec<(ClassId, NearestMap, u64)>,
        hit: &mut usize,
        clock: &mut u64,
        layers: &[CostLayer],
        targets: &[Pos],
        class: ClassId,
    ) -> usize {
        *clock += 1;
        let is = |(c, m, _): &(ClassId, NearestMap, u64)| *c == class && m.targets() == targets;
        if !nearest.get(*hit).is_some_and(is) {
            *hit = match nearest.iter().position(is) {
                Some(k) => k,
                // A battle's first turns come back in every battle of a balance run, even
                // once the battles part ways (a player who errs), so the maps worth keeping
                // are the ones asked for again: the least recently asked for goes first. It
                // is replaced where it stands (moving the others costs more than the
                // search of a small map).
                None => {
                    let cells = layers.first().map_or(1, |l| l.layout().len());
                    let keep = (NEAREST_BYTES / (cells * 8)).clamp(MIN_CACHED_NEAREST, MAX_CACHED_NEAREST);
                    let layer = &layers[class.0 as usize];
                    match (nearest.iter().enumerate()).min_by_key(|(_, e)| e.2) {
                        // The new map is searched in the old one's memory.
                        Some((k, _)) if nearest.len() >= keep => {
                            nearest[k].0 = class;
                            nearest[k].1.recompute(layer, targets);
                            k
                        }
                        _ => {
                            nearest.push((class, NearestMap::compute_kept(layer, targets), 0));
                            nearest.len() - 1
                        }
                    }
                }
            };
        }
        nearest[*hit].2 = *clock;
        *hit
    }
}

impl Battle {
    /// Runs `f` on the range search of `id` with everybody as placed, optionally leashed.
    pub fn with_reach<R>(
        &self,
        caches: &mut Caches,
        id: UnitId,
        leash: Option<Leash>,
        f: impl FnOnce(&Reach<'_>) -> R,
    ) -> R {
        caches.serve(self);
        let u = self.unit(id);
        let layer = self.layer(u.class);
        let reach = Battle::reach_of(
            Caches::finder(&mut caches.finder, layer),
            layer,
            self.occupancy(),
            u,
            leash,
        );
        f(&reach)
    }

    /// Runs `f` on the range search of `id` over the board `occ` in place of the battle's
    /// own (the danger view lifts the mover's allies off the board: they may leave their
    /// cells before it moves).
    pub(crate) fn with_reach_over<R>(
        &self,
        caches: &mut Caches,
        id: UnitId,
        leash: Option<Leash>,
        occ: &crate::search::range::Occupancy,
        f: impl FnOnce(&Reach<'_>) -> R,
    ) -> R {
        caches.serve(self);
        let u = self.unit(id);
        let layer = self.layer(u.class);
        let reach = Battle::reach_of(Caches::finder(&mut caches.finder, layer), layer, occ, u, leash);
        f(&reach)
    }

    /// Runs `f` on the range of canto unit `id`'s second move as if it had walked to `at` at
    /// `cost` and struck there: from `at`, with its move minus `cost`, over `occ` (the board
    /// with `id` lifted off its cell). What a policy weighs before it strikes.
    pub(crate) fn with_canto_reach_from<R>(
        &self,
        caches: &mut Caches,
        id: UnitId,
        (at, cost): (Pos, Cost),
        occ: &crate::search::range::Occupancy,
        f: impl FnOnce(&Reach<'_>) -> R,
    ) -> R {
        caches.serve(self);
        let mut u = self.unit(id).clone();
        u.pos = at;
        u.spent = cost;
        u.canto = true;
        let layer = self.layer(u.class);
        let reach = Battle::reach_of(Caches::finder(&mut caches.finder, layer), layer, occ, &u, None);
        f(&reach)
    }

    /// An owned copy of the range of `id` without a leash (the player's move overlay). Under
    /// fog of war, the range as its side sees the board ([`Battle::seen_by`]): a cell held by
    /// a unit it does not see reads as empty (a move there runs into it: `Event::Ambushed`).
    ///
    /// # Panics
    /// When the battle has no unit `id` (see [`Battle::try_unit`]).
    pub fn range(&self, caches: &mut Caches, id: UnitId) -> Range {
        let view = self.seen_by(self.unit(id).team());
        view.with_reach(caches, id, None, |r| r.to_range())
    }

    /// Travel cost from `from` to `target` for movers of `class` (the potential map,
    /// computed once per target cell and class and kept in `caches`); `None` when no path
    /// leads there over this terrain, or the terrain has no class `class`.
    pub fn travel(&self, caches: &mut Caches, target: Pos, class: ClassId, from: Pos) -> Option<Cost> {
        self.try_layer(class)?;
        caches.serve(self);
        caches.potential(&self.layers, target, class).get(from)
    }

    /// Runs `f` on the range search of `id` together with the potential map towards
    /// `target` for its class (both at once, so deciding needs no copy of the map).
    pub fn with_reach_and_potential<R>(
        &self,
        caches: &mut Caches,
        id: UnitId,
        leash: Option<Leash>,
        target: Pos,
        f: impl FnOnce(&Reach<'_>, &PotentialMap) -> R,
    ) -> R {
        caches.serve(self);
        let u = self.unit(id);
        let layer = self.layer(u.class);
        caches.potential(&self.layers, target, u.class);
        let Caches { finder, potentials, .. } = caches;
        let pot = &potentials[&(target, u.class)];
        let reach = Battle::reach_of(Caches::finder(finder, layer), layer, self.occupancy(), u, leash);
        f(&reach, pot)
    }

    /// Travel cost from `from` to the nearest of `targets` for movers of `class`, and the
    /// bits (by index in `targets`) of the targets that near (one multi-target search,
    /// kept in `caches`). `targets` holds at most
    /// [`MAX_NEAREST_TARGETS`](crate::search::nearest::MAX_NEAREST_TARGETS) cells. A
    /// target off the map is never the nearest; from a cell off the map, with no target on
    /// the map or for a class the terrain lacks, nothing is reached:
    /// `(`[`UNREACHABLE`](crate::search::potential::UNREACHABLE)`, 0)`.
    ///
    /// # Panics
    /// With more than that many targets (the bits would not fit); ask [`Battle::travel`]
    /// once per target instead.
    pub fn nearest_travel(&self, caches: &mut Caches, targets: &[Pos], class: ClassId, from: Pos) -> (Cost, u64) {
        if self.try_layer(class).is_none() {
            return (crate::search::potential::UNREACHABLE, 0);
        }
        caches.serve(self);
        let k = Caches::nearest(
            &mut caches.nearest,
            &mut caches.nearest_hit,
            &mut caches.nearest_clock,
            &self.layers,
            targets,
            class,
        );
        caches.nearest[k].1.nearest(from)
    }

    /// Runs `f` on the range search of `id` together with the nearest-target map of
    /// `targets` for its class.
    pub fn with_reach_and_nearest<R>(
        &self,
        caches: &mut Caches,
        id: UnitId,
        leash: Option<Leash>,
        targets: &[Pos],
        f: impl FnOnce(&Reach<'_>, &NearestMap) -> R,
    ) -> R {
        caches.serve(self);
        let u = self.unit(id);
        let layer = self.layer(u.class);
        let Caches {
            finder,
            nearest,
            nearest_hit,
            nearest_clock,
            ..
        } = caches;
        let k = Caches::nearest(nearest, nearest_hit, nearest_clock, &self.layers, targets, u.class);
        let reach = Battle::reach_of(Caches::finder(finder, layer), layer, self.occupancy(), u, leash);
        f(&reach, &nearest[k].1)
    }
}
