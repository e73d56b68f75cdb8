//! Where a selected unit goes: the cell to attack an enemy from, the route the player traces,
//! and what a route costs.

use crate::model::terrain::Cost;
use crate::rules::{Battle, UnitId};
use crate::search::grid::{Dir, Path, Pos};
use crate::search::range::{Range, RangeCell};
/// The best cell for `unit` (whose destinations are `range`) to attack `enemy` from: the
/// cheapest walk, then a cell the enemy cannot strike back from, then reading order.
/// `None` when no destination is within the unit's attack distance of the enemy.
pub fn attack_cell(b: &Battle, unit: UnitId, range: &Range, enemy: UnitId) -> Option<RangeCell> {
    let (a, e) = (b.unit(unit), b.unit(enemy));
    if !e.alive || e.team == a.team {
        return None;
    }
    range
        .cells()
        .filter(|c| a.stats.reaches(c.at.manhattan(e.pos)))
        .min_by_key(|c| (c.cost, e.stats.reaches(c.at.manhattan(e.pos)), c.at.reading_key()))
}

/// The best cell for healer `unit` (whose destinations are `range`) to heal `ally` from, as
/// [`attack_cell`] picks one to attack from: the cheapest walk, then reading order. `None`
/// when `unit` is no healer, `ally` is not a hurt ally, or no destination is within the
/// heal's distance of it.
pub(crate) fn heal_cell(b: &Battle, unit: UnitId, range: &Range, ally: UnitId) -> Option<RangeCell> {
    let (h, a) = (b.unit(unit), b.unit(ally));
    let heal = h.heal?;
    if !a.alive || a.team != h.team || ally == unit || a.hp >= a.stats.hp {
        return None;
    }
    range
        .cells()
        .filter(|c| heal.reaches(c.at.manhattan(a.pos)))
        .min_by_key(|c| (c.cost, c.at.reading_key()))
}

/// The route after the cursor moved to `to` while the traced route was `trail` (from the
/// range's origin): stepping back onto the route shortens it; a step to a neighbouring cell
/// the unit can enter extends it while its cost stays within `budget` (never past a cell
/// where a zone of control stops the unit); otherwise it snaps
/// to the cheapest path to `to` (or is kept while `to` is out of reach, so that returning
/// picks it up again).
pub fn trace(b: &Battle, unit: UnitId, range: &Range, trail: &Path, to: Pos) -> Path {
    let origin = range.origin;
    if to == origin {
        return Path::default();
    }
    let cells = trail.replay(origin);
    if let Some(i) = cells.iter().position(|&c| c == to) {
        return Path(trail.0[..=i].to_vec());
    }
    let end = cells.last().copied().unwrap_or(origin);
    let u = b.unit(unit);
    let enterable = b.layer(u.class).cost(to).is_some() && b.occupancy().at(to) != Some(u.team.other());
    // A zone of control stops the route on the cell it enters: no step goes on from there
    // (leaving the start cell is free; a skirmisher ignores zones).
    let stopped = end != origin && !u.moves.skirmisher && b.occupancy().stops(end, u.team);
    if let Some(d) = Dir::ALL.into_iter().find(|&d| end.step(d) == to)
        && enterable
        && !stopped
    {
        let mut longer = trail.clone();
        longer.0.push(d);
        if route_cost(b, unit, origin, &longer).is_some_and(|c| c <= range.budget) {
            return longer;
        }
    }
    range.path(to).unwrap_or_else(|| trail.clone())
}

/// What walking `path` from `from` costs `unit`, or `None` if a step cannot be entered.
pub fn route_cost(b: &Battle, unit: UnitId, from: Pos, path: &Path) -> Option<Cost> {
    let layer = b.layer(b.unit(unit).class);
    path.replay(from)
        .into_iter()
        .try_fold(0 as Cost, |sum, p| layer.cost(p).map(|c| sum.saturating_add(c)))
}
