//! The helpers behaviours share, below every behaviour and importing none: the built-in
//! "approach" ranking ([`approach_cells`]), the cells from which a unit can strike a target
//! ([`attack_cells`]), the ranking toward a goal cell ([`ranked`]), a behaviour's leash
//! ([`leash`]) and, from the danger view, the threat counts ([`reach_areas`], [`threats`]).
//! The built-ins use them, and a behaviour written in Rust can too.

pub use super::danger::{reach_areas, threats};
use crate::model::profiles::Behavior;
use crate::model::terrain::Cost;
use crate::rules::{Battle, Caches, Unit, UnitId, combat};
use crate::search::grid::Pos;
use crate::search::potential::UNREACHABLE;
use crate::search::range::Leash;

/// How an advancing unit ranks a reachable cell, lowest first: a cell it can attack from
/// before one it cannot, then the travel cost to its goal, the walk, and reading order.
pub type AdvanceKey = (bool, Cost, Cost, i32, i32);

/// One reachable cell of a unit heading for a goal cell, as [`ranked`] scores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scored {
    /// The cell.
    pub at: Pos,
    /// Movement points to walk there.
    pub walk: Cost,
    /// Travel cost from there to the goal (`None`: no path).
    pub travel: Option<Cost>,
    /// True when a unit of the other side stands within its weapon's reach from there.
    pub attacks: bool,
}

impl Scored {
    /// Its rank ([`AdvanceKey`]), lowest first.
    ///
    /// ```
    /// use skirmish_core::ai::rank::Scored;
    /// use skirmish_core::search::grid::Pos;
    /// let s = Scored { at: Pos::new(2, 1), walk: 3, travel: Some(4), attacks: true };
    /// assert_eq!(s.key(), (false, 4, 3, 1, 2));
    /// ```
    pub fn key(&self) -> AdvanceKey {
        (
            !self.attacks,
            self.travel.unwrap_or(UNREACHABLE),
            self.walk,
            self.at.y,
            self.at.x,
        )
    }
}

/// Every cell unit `id` can end its move on, scored toward the cell `goal` and ranked best
/// first (the ranking of `behavior = "advance"`). Empty for an unknown unit.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::ai::rank::ranked;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["......"]).unwrap())
///     .unit(UnitSpec::enemy("Raider", (0, 0), "charger").movement(2))
///     .unit(UnitSpec::player("Kiny", (5, 0)))
///     .build()
///     .unwrap();
/// let cells = ranked(&b, &mut Caches::new(), UnitId(0), Pos::new(5, 0));
/// assert_eq!((cells[0].at, cells[0].travel), (Pos::new(2, 0), Some(3)));
/// ```
pub fn ranked(b: &Battle, c: &mut Caches, id: UnitId, goal: Pos) -> Vec<Scored> {
    if b.try_unit(id).is_none() {
        return Vec::new();
    }
    let mut cells: Vec<Scored> = b.with_reach_and_potential(c, id, None, goal, |reach, pot| {
        reach
            .cells()
            .map(|(p, walk)| Scored {
                at: p,
                walk,
                travel: pot.get(p),
                attacks: !combat::targets_from(b, id, p).is_empty(),
            })
            .collect()
    });
    cells.sort_by_key(Scored::key);
    cells
}

/// One reachable cell as the built-in "approach" ranks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Approach {
    /// The cell.
    pub at: Pos,
    /// Movement points to walk there.
    pub walk: Cost,
    /// Travel cost from there to the target (`None`: no path).
    pub travel: Option<Cost>,
}

/// Every cell unit `id` can end its move on, ranked as the built-ins approach `target`: the
/// lowest travel cost to the target first, then the cheaper walk, then reading order (the
/// contract's "to approach"). Empty for an unknown unit or target.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::ai::rank::approach_cells;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..T...", "......"]).unwrap())
///     .unit(UnitSpec::enemy("Brute", (5, 0), "charger").movement(3))
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .build()
///     .unwrap();
/// let cells = approach_cells(&b, &mut Caches::new(), UnitId(0), UnitId(1));
/// // (3, 0) and (3, 1) are both 4 from Kiny; the cheaper walk wins, as a charger decides.
/// assert_eq!((cells[0].at, cells[0].travel, cells[0].walk), (Pos::new(3, 0), Some(4), 2));
/// assert_eq!((cells[1].at, cells[1].travel, cells[1].walk), (Pos::new(3, 1), Some(4), 3));
/// let d = Ai::new(Profiles::standard()).decide(&b, UnitId(0));
/// assert_eq!(d.to, cells[0].at);
/// ```
pub fn approach_cells(b: &Battle, c: &mut Caches, id: UnitId, target: UnitId) -> Vec<Approach> {
    let (Some(_), Some(t)) = (b.try_unit(id), b.try_unit(target)) else {
        return Vec::new();
    };
    let mut cells: Vec<Approach> = b.with_reach_and_potential(c, id, None, t.pos(), |reach, pot| {
        reach
            .cells()
            .map(|(at, walk)| Approach {
                at,
                walk,
                travel: pot.get(at),
            })
            .collect()
    });
    cells.sort_by_key(|a| (a.travel.unwrap_or(UNREACHABLE), a.walk, a.at.y, a.at.x));
    cells
}

/// The cells unit `id` can end its move on from which its weapon reaches `target` where
/// it stands, with the walk there: the cheaper walk first, then reading order. Empty for an
/// unknown unit or target, or when none is in reach this turn.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::ai::rank::attack_cells;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["......"]).unwrap())
///     .unit(UnitSpec::enemy("Brute", (5, 0), "charger").movement(4))
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .build()
///     .unwrap();
/// assert_eq!(attack_cells(&b, &mut Caches::new(), UnitId(0), UnitId(1)), [(Pos::new(1, 0), 4)]);
/// ```
pub fn attack_cells(b: &Battle, c: &mut Caches, id: UnitId, target: UnitId) -> Vec<(Pos, Cost)> {
    let (Some(me), Some(t)) = (b.try_unit(id), b.try_unit(target)) else {
        return Vec::new();
    };
    let (stats, at) = (me.stats(), t.pos());
    let mut cells: Vec<(Pos, Cost)> = b.with_reach(c, id, None, |r| {
        r.cells().filter(|&(p, _)| stats.reaches(p.manhattan(at))).collect()
    });
    cells.sort_by_key(|&(p, walk)| (walk, p.y, p.x));
    cells
}

/// The area `unit` may never leave under `behavior`, if it has one (a registered behaviour
/// says so through [`AiBehavior::leash`](super::AiBehavior::leash)): the one statement of
/// the pivot-leash rule, for the decision and the danger zone alike.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::ai::rank::leash;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
///     .unit(UnitSpec::enemy("Tether", (3, 0), "pivot"))
///     .build()
///     .unwrap();
/// let l = leash(Some(&Behavior::PivotLeash { leash: 6 }), b.unit(UnitId(0))).unwrap();
/// assert_eq!((l.pivot, l.radius), (Pos::new(3, 0), 6));
/// assert!(leash(Some(&Behavior::Charger), b.unit(UnitId(0))).is_none());
/// ```
pub fn leash(behavior: Option<&Behavior>, unit: &Unit) -> Option<Leash> {
    match behavior {
        Some(Behavior::PivotLeash { leash }) => Some(leash_area(unit, *leash)),
        Some(b @ Behavior::Custom(_)) => b.with_rule(|r| r.leash(unit)),
        _ => None,
    }
}

/// The diamond of `radius` around `unit`'s pivot.
pub(super) fn leash_area(unit: &Unit, radius: u32) -> Leash {
    Leash {
        pivot: unit.pivot(),
        radius,
    }
}
