//! Danger zones: every cell some enemy could attack in the coming enemy phase, and for one
//! enemy its own reach plus the shape of its profile (sight diamond, trigger ring, leash area).
//!
//! The danger zone is a promise to the player: every blow an enemy strikes in that phase
//! lands on a cell of [`danger_map`] as it stood when the phase began, unless an earlier blow
//! of the phase opened the way (a unit that fell leaves its cell free). So each enemy's reach
//! here is the widest the enemy phase allows, asked of the same search and the same leash
//! that move it: its allies lifted off the board (they may leave their cells before it moves,
//! and it may then end its move where one stood), a sleeping guard as if awake (a player's
//! move may wake it), and the reserves that a player's move this phase could call.

use crate::model::objective::Trigger;
use crate::model::profiles::Profiles;
use crate::rules::battle::{Battle, UnitId};
use crate::rules::caches::Caches;
use crate::search::grid::{Pos, Team};
use crate::search::range::Occupancy;

/// The area of a profile's rule, drawn as an outline by the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A charger has no area: it always comes.
    None,
    /// Approaches only targets within this Manhattan radius of itself.
    Sight {
        /// Radius.
        radius: u32,
    },
    /// A guard: wakes when a player unit comes within `radius`; `fired` once it has.
    Trigger {
        /// Radius.
        radius: u32,
        /// True once woken (for the rest of the battle).
        fired: bool,
    },
    /// Never enters cells at distance `>= radius` from `pivot`.
    Leash {
        /// Centre.
        pivot: Pos,
        /// Forbidden distance.
        radius: u32,
    },
    /// Keeps `range` from its target while the target is within `sight`.
    Ring {
        /// Sight radius.
        sight: u32,
        /// Preferred distance.
        range: u32,
    },
}

/// One enemy's reach next turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnemyZone {
    /// The enemy.
    pub unit: UnitId,
    /// Cells it can end its move on.
    pub moves: Vec<Pos>,
    /// Cells it could attack from any of those, where a unit could be (not a wall: see
    /// [`danger_map`]).
    pub attacks: Vec<Pos>,
    /// Its profile's area.
    pub shape: Shape,
}

/// Reach and profile shape of enemy `id` in the coming enemy phase (see the module's
/// promise): the cells it could end its move on, whatever its allies do before it, and the
/// cells it could attack from them.
pub fn enemy_zone(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId) -> EnemyZone {
    let u = b.unit(id);
    let (leash, shape) = rule_of(b, profiles, id);
    let occ = lifted(b, u.team);
    let moves: Vec<Pos> = b.with_reach_over(c, id, leash, &occ, |r| r.cells().map(|(p, _)| p).collect());
    let (w, h) = (b.map().width(), b.map().height());
    let hit = attack_cells(&moves, u.stats.range_min, u.stats.range_max, w, h);
    let attacks = cells_of(&hit, w).into_iter().filter(|&p| holds_units(b, p)).collect();
    EnemyZone {
        unit: id,
        moves,
        attacks,
        shape,
    }
}

/// The cells enemy `id` can end its move on next turn on the board as it stands (its allies
/// where they are), and its profile's shape: what the careful player weighs. The danger
/// zone asks [`enemy_zone`], which lifts the allies.
pub fn enemy_moves(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId) -> (Vec<Pos>, Shape) {
    let (leash, shape) = rule_of(b, profiles, id);
    let moves: Vec<Pos> = b.with_reach(c, id, leash, |r| r.cells().map(|(p, _)| p).collect());
    (moves, shape)
}

/// Everything the range search of an enemy and its attack area are built from, but the
/// board: its cell, side, movement class, movement and what it spent of it (a canto unit's
/// second move has what is left), its movement rules, its weapon's reach, and its
/// behaviour's leash and shape (asked anew for every decision: they read only the unit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ThreatKey {
    pos: Pos,
    team: Team,
    class: crate::model::terrain::ClassId,
    movement: crate::search::grid::Cost,
    spent: crate::search::grid::Cost,
    canto: bool,
    moves: crate::model::units::MoveRules,
    range: (u32, u32),
    leash: Option<crate::search::range::Leash>,
    shape: Shape,
}

impl ThreatKey {
    fn of(b: &Battle, profiles: &Profiles, id: UnitId) -> ThreatKey {
        let u = b.unit(id);
        let (leash, shape) = rule_of(b, profiles, id);
        ThreatKey {
            pos: u.pos,
            team: u.team,
            class: u.class,
            movement: u.movement,
            spent: u.spent,
            canto: u.canto,
            moves: u.moves,
            range: (u.stats.range_min, u.stats.range_max),
            leash,
            shape,
        }
    }
}

/// One enemy's attack area as [`enemy_moves`] and [`AttackArea::new`] build it, kept with
/// what it was built from.
#[derive(Debug, Clone)]
struct KeptThreat {
    key: ThreatKey,
    area: AttackArea,
    /// One bit a cell of the padded layout: the cells whose team or zones its search may
    /// have read ([`crate::search::range::Reach::mark_read`]). A change elsewhere on the
    /// board cannot change its result.
    read: Vec<u64>,
}

impl KeptThreat {
    fn reads(&self, i: usize) -> bool {
        self.read.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0)
    }
}

/// The enemies' attack areas kept between the careful player's decisions (in [`Caches`]):
/// each player decision used to build every living enemy's again (a range search and an
/// area each, a third of a `batch` run), though within a player phase most enemies' stay
/// the same. One is built again only when something it was built from changed: the
/// terrain (another battle), a cell of the board its search read (a unit that moved,
/// arrived or fell there, a zone of control), or the enemy itself ([`ThreatKey`]).
/// Exact: debug builds build every kept area again and compare.
#[derive(Debug, Default)]
pub(crate) struct KeptThreats {
    /// The battle identity (terrain) the areas belong to.
    stamp: u64,
    /// The board the kept areas are known to hold on.
    seen: Option<Occupancy>,
    /// By unit index.
    kept: Vec<Option<KeptThreat>>,
    /// Areas asked for and areas that could be kept, on this terrain: where few survive a
    /// move (a raid's enemies all close on the player), marking what each search read costs
    /// more than the areas kept save, and the areas are built afresh without it.
    asked: u32,
    reused: u32,
}

/// Areas asked for before [`KeptThreats`] judges whether keeping them pays.
const JUDGE_AFTER: u32 = 256;

impl KeptThreats {
    /// True while keeping areas pays: until [`JUDGE_AFTER`] are asked for, then while at
    /// least one in six could be kept.
    fn keeps(&self) -> bool {
        self.asked < JUDGE_AFTER || self.reused * 6 >= self.asked
    }
}

impl KeptThreats {
    /// Drops the areas that the board `b` stands on could make differ from when they were
    /// built, and remembers that board.
    fn sync(&mut self, b: &Battle) {
        let now = b.occupancy();
        if self.stamp != b.identity() {
            self.stamp = b.identity();
            self.kept.clear();
            self.seen = None;
            (self.asked, self.reused) = (0, 0);
        }
        if !self.keeps() {
            return;
        }
        match &mut self.seen {
            Some(seen) if seen.layout() == now.layout() => {
                let mut changed = Vec::new();
                seen.changed(now, &mut changed);
                if !changed.is_empty() {
                    for slot in &mut self.kept {
                        if slot.as_ref().is_some_and(|k| changed.iter().any(|&i| k.reads(i))) {
                            *slot = None;
                        }
                    }
                    seen.clone_from(now);
                }
            }
            _ => {
                self.kept.clear();
                self.seen = Some(now.clone());
            }
        }
    }
}

/// Builds enemy `id`'s attack area afresh, with the cells its search read (`mark`: else
/// none, for an area that will not be kept).
fn build_threat(b: &Battle, c: &mut Caches, key: ThreatKey, id: UnitId, mark: bool) -> KeptThreat {
    let layer = b.layer(key.class);
    let mut read = if mark {
        vec![0u64; layer.layout().len().div_ceil(64)]
    } else {
        Vec::new()
    };
    let moves: Vec<Pos> = b.with_reach(c, id, key.leash, |r| {
        if mark {
            r.mark_read(layer, &mut read);
        }
        r.cells().map(|(p, _)| p).collect()
    });
    KeptThreat {
        key,
        area: AttackArea::new(&moves, key.range.0, key.range.1),
        read,
    }
}

/// The attack area of each enemy of `foes` next enemy phase on the board as it stands
/// (its allies where they are: what [`enemy_moves`] reaches, within its weapon's reach),
/// and its profile's shape: what the careful player weighs at every decision. Kept in `c`
/// between decisions while nothing each was built from changes (see [`KeptThreats`]).
pub(crate) fn enemy_areas(
    b: &Battle,
    c: &mut Caches,
    profiles: &Profiles,
    foes: &[UnitId],
) -> Vec<(AttackArea, Shape)> {
    let mut kept: Box<KeptThreats> = c.kept.0.take().and_then(|k| k.downcast().ok()).unwrap_or_default();
    kept.sync(b);
    let out = foes
        .iter()
        .map(|&f| {
            let key = ThreatKey::of(b, profiles, f);
            if !kept.keeps() {
                return (build_threat(b, c, key, f, false).area, key.shape);
            }
            kept.asked += 1;
            if kept.kept.len() <= f.0 {
                kept.kept.resize(f.0 + 1, None);
            }
            match &kept.kept[f.0] {
                Some(k) if k.key == key => {
                    kept.reused += 1;
                    #[cfg(debug_assertions)]
                    {
                        let fresh = build_threat(b, c, key, f, false);
                        assert_eq!(k.area, fresh.area, "the kept threat of unit {} is stale", f.0);
                    }
                    (k.area.clone(), key.shape)
                }
                _ => {
                    let k = build_threat(b, c, key, f, true);
                    let area = k.area.clone();
                    kept.kept[f.0] = Some(k);
                    (area, key.shape)
                }
            }
        })
        .collect();
    if !kept.keeps() {
        // Judged not to pay: nothing kept goes on being checked against the board.
        kept.kept.clear();
        kept.seen = None;
    }
    c.kept.0 = Some(kept);
    out
}

/// The leash and the shape that the behaviour of `id` says (every behaviour, built-in or
/// registered, says its own: the same leash bounds its moves in the enemy phase).
fn rule_of(b: &Battle, profiles: &Profiles, id: UnitId) -> (Option<crate::search::range::Leash>, Shape) {
    let u = b.unit(id);
    match u.behavior(profiles) {
        Some(b) => b.with_rule(|r| (r.leash(u), r.shape(u))),
        None => (None, Shape::None),
    }
}

/// The board with every unit of `team` lifted off (the others stay: a mover never passes
/// them, and they do not move in its side's phase).
fn lifted(b: &Battle, team: Team) -> Occupancy {
    let mut occ = b.occupancy().clone();
    for id in b.living(team) {
        occ.clear(b.unit(id).pos);
    }
    occ
}

/// The enemies that may strike in the coming enemy phase: the living ones, and during the
/// player's phase the reserves that a move of a player unit yet to move could call (an
/// `[[events]]` entered-cells trigger not fired yet that its reach, passing over its allies,
/// touches).
///
/// ```
/// use skirmish_core::ai::danger::threatening;
/// use skirmish_core::model::objective::{ScriptEvent, Trigger};
/// use skirmish_core::prelude::*;
/// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["..........", ".........."]).unwrap();
/// let build = |gate: (i32, i32)| {
///     BattleBuilder::new(map.clone())
///         .unit(UnitSpec::player("Kiny", (0, 0)).movement(3))
///         .unit(UnitSpec::enemy("Brute", (9, 0), "charger"))
///         .unit(UnitSpec::enemy("Raider", (9, 1), "charger").reserve())
///         .event(ScriptEvent::new(Trigger::Entered(vec![gate.into()])).arrive("Raider"))
///         .build()
///         .unwrap()
/// };
/// // Kiny can step on the gate this turn: the raider it would call counts.
/// assert_eq!(threatening(&build((2, 0)), &mut Caches::new()).len(), 2);
/// // A gate out of Kiny's reach calls nobody this turn.
/// assert_eq!(threatening(&build((7, 0)), &mut Caches::new()).len(), 1);
/// ```
pub fn threatening(b: &Battle, c: &mut Caches) -> Vec<UnitId> {
    let mut out: Vec<UnitId> = b.living(Team::Enemy).collect();
    if b.active() != Team::Player || b.ended().is_some() {
        return out;
    }
    let occ = lifted(b, Team::Player);
    let movers: Vec<UnitId> = b.ready(Team::Player).filter(|&p| !b.unit(p).moved).collect();
    for (i, s) in b.goals().scripts.iter().enumerate() {
        let Trigger::Entered(cells) = &s.trigger else { continue };
        if b.fired(i) {
            continue;
        }
        let callable = movers
            .iter()
            .any(|&p| b.with_reach_over(c, p, None, &occ, |r| cells.iter().any(|&q| r.contains(q))));
        if callable {
            for &u in &s.arrive {
                let unit = b.unit(u);
                if unit.team == Team::Enemy && unit.reserve && !unit.alive && !out.contains(&u) {
                    out.push(u);
                }
            }
        }
    }
    out
}

/// Every cell an enemy could attack in the coming enemy phase (see the module's promise),
/// as a row-major grid of the map's size: the attacks of [`enemy_zone`] of every enemy of
/// [`threatening`], on cells a unit could be on: a cell no movement class can enter (a
/// castle's wall) holds no unit to strike, unless one was placed there (issue 33's play:
/// the danger tint covered the castle's walls).
///
/// ```
/// use skirmish_core::ai::danger::danger_map;
/// use skirmish_core::model::profiles::Profiles;
/// use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
/// use skirmish_core::rules::Caches;
/// // A wall (`#`) next to the charger's cell: in its reach, but nobody can stand there.
/// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["..#....."]).unwrap();
/// let b = BattleBuilder::new(map)
///     .unit(UnitSpec::player("Kiny", (7, 0)))
///     .unit(UnitSpec::enemy("Brute", (1, 0), "charger"))
///     .build()
///     .unwrap();
/// let danger = danger_map(&b, &mut Caches::new(), &Profiles::standard());
/// assert!(danger[0] && danger[1], "beside it and its own cell");
/// assert!(!danger[2], "the wall");
/// ```
pub fn danger_map(b: &Battle, c: &mut Caches, profiles: &Profiles) -> Vec<bool> {
    let (w, h) = (b.map().width(), b.map().height());
    let mut hit = vec![false; w * h];
    for id in threatening(b, c) {
        let z = enemy_zone(b, c, profiles, id);
        for p in z.attacks {
            hit[p.y as usize * w + p.x as usize] = true;
        }
    }
    hit
}

/// Every cell a unit of `side` could attack in that side's coming phase when a person plays
/// it (a versus battle: no profile bounds its moves), as a row-major grid of the map's size:
/// each living unit's reach with its allies lifted, and the cells within its weapon's reach
/// of it, on cells a unit could be on. What the danger view shows the other person.
///
/// ```
/// use skirmish_core::ai::danger::side_danger_map;
/// use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
/// use skirmish_core::rules::Caches;
/// use skirmish_core::search::grid::Team;
/// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["........"]).unwrap();
/// let b = BattleBuilder::new(map)
///     .unit(UnitSpec::player("Kiny", (0, 0)).movement(2))
///     .unit(UnitSpec::enemy("Brute", (7, 0), "guard").movement(2))
///     .build()
///     .unwrap();
/// // The Brute's person may walk it two cells whatever its profile says, then strike next to it.
/// let red = side_danger_map(&b, &mut Caches::new(), Team::Enemy);
/// assert_eq!(red, [false, false, false, false, true, true, true, true]);
/// // Kiny's threats, shown to the Red person.
/// let blue = side_danger_map(&b, &mut Caches::new(), Team::Player);
/// assert_eq!(blue, [true, true, true, true, false, false, false, false]);
/// ```
pub fn side_danger_map(b: &Battle, c: &mut Caches, side: Team) -> Vec<bool> {
    let (w, h) = (b.map().width(), b.map().height());
    let mut hit = vec![false; w * h];
    let occ = lifted(b, side);
    let units: Vec<UnitId> = b.living(side).collect();
    for id in units {
        let u = b.unit(id);
        let moves: Vec<Pos> = b.with_reach_over(c, id, None, &occ, |r| r.cells().map(|(p, _)| p).collect());
        let reach = attack_cells(&moves, u.stats.range_min, u.stats.range_max, w, h);
        for (i, r) in reach.into_iter().enumerate() {
            let p = Pos::new((i % w) as i32, (i / w) as i32);
            if r && holds_units(b, p) {
                hit[i] = true;
            }
        }
    }
    hit
}

/// True when a unit could be on `p`: some movement class can enter it, or a unit stands
/// there now (a scenario may place one on ground nobody can enter).
fn holds_units(b: &Battle, p: Pos) -> bool {
    b.terrain().get(b.map().at(p)).cost.iter().any(Option::is_some) || b.unit_at(p).is_some()
}

/// What each living unit of `side` could attack next phase: one area per unit (the cells
/// within its weapon's reach of every cell it can end its move on, on the board as it
/// stands). [`threats`] counts them on a cell.
pub fn reach_areas(b: &Battle, c: &mut Caches, side: Team) -> Vec<(UnitId, AttackArea)> {
    let units: Vec<UnitId> = b.living(side).collect();
    units
        .into_iter()
        .map(|id| {
            let u = b.unit(id);
            let moves: Vec<Pos> = b.with_reach(c, id, None, |r| r.cells().map(|(p, _)| p).collect());
            (id, AttackArea::new(&moves, u.stats.range_min, u.stats.range_max))
        })
        .collect()
}

/// How many of `areas` ([`reach_areas`]) reach cell `p`: the units that could attack a unit
/// standing there next phase.
pub fn threats(areas: &[(UnitId, AttackArea)], p: Pos) -> u32 {
    areas.iter().filter(|(_, a)| a.contains(p)).count() as u32
}

/// Every cell within attack distance `lo..=hi` (Manhattan) of some cell of `from`, as a
/// row-major `w` × `h` grid.
pub fn attack_cells(from: &[Pos], lo: u32, hi: u32, w: usize, h: usize) -> Vec<bool> {
    let mut hit = vec![false; w * h];
    let hi = hi as i32;
    for &c in from {
        for dy in -hi..=hi {
            let rest = hi - dy.abs();
            for dx in -rest..=rest {
                let d = (dx.abs() + dy.abs()) as u32;
                let p = Pos::new(c.x + dx, c.y + dy);
                if d >= lo && p.x >= 0 && p.y >= 0 && (p.x as usize) < w && (p.y as usize) < h {
                    hit[p.y as usize * w + p.x as usize] = true;
                }
            }
        }
    }
    hit
}

/// The cells within attack distance `lo..=hi` of some cell of a set, kept on the set's
/// bounding box widened by `hi` rather than on the whole map: the careful player asks this
/// of every enemy for every decision, and a box is a fraction of a map to clear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackArea {
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    /// One bit a cell, a row a word, on boxes up to 128 cells wide (each diamond row is
    /// then one or two masks OR-ed in: the careful player builds this for every enemy on
    /// every decision).
    rows: Vec<u128>,
    /// One flag a cell, on wider boxes.
    hit: Vec<bool>,
}

impl AttackArea {
    /// The area attacked from `from` at distances `lo..=hi`.
    ///
    /// ```
    /// use skirmish_core::ai::danger::AttackArea;
    /// use skirmish_core::search::grid::Pos;
    /// let a = AttackArea::new(&[Pos::new(5, 5)], 2, 3);
    /// assert!(a.contains(Pos::new(5, 7)) && a.contains(Pos::new(8, 5)));
    /// assert!(!a.contains(Pos::new(5, 6)) && !a.contains(Pos::new(5, 5)) && !a.contains(Pos::new(9, 5)));
    /// ```
    pub fn new(from: &[Pos], lo: u32, hi: u32) -> AttackArea {
        let r = hi as i32;
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for p in from {
            (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
        }
        if from.is_empty() {
            return AttackArea {
                x0: 0,
                y0: 0,
                w: 0,
                h: 0,
                rows: Vec::new(),
                hit: Vec::new(),
            };
        }
        let (x0, y0) = (x0 - r, y0 - r);
        let (w, h) = (x1 + r - x0 + 1, y1 + r - y0 + 1);
        let lo = lo.min(i32::MAX as u32) as i32;
        // Row `dy` of a diamond is the run |dx| <= r - |dy| without the run
        // |dx| <= lo - 1 - |dy| (nearer than `lo`): as (half width, inner half width or -1).
        let runs = (-r..=r).map(|dy| (r - dy.abs(), lo - 1 - dy.abs()));
        if w <= 128 {
            // Bits `cx - half ..= cx + half`: `2 half + 1` ones shifted to `cx - half`.
            let run = |half: i32| -> u128 { if half < 0 { 0 } else { u128::MAX >> (127 - 2 * half) } };
            let masks: Vec<(i32, u128)> = runs
                .map(|(half, inner)| {
                    let outer = run(half);
                    let hole = if inner < 0 {
                        0
                    } else {
                        run(inner.min(half)) << (half - inner.min(half))
                    };
                    (half, outer & !hole)
                })
                .collect();
            let mut rows = vec![0u128; h as usize];
            for c in from {
                // The box holds every cell within `r` of every cell of `from`: no bounds to check.
                let (cx, cy) = (c.x - x0, c.y - y0);
                for (row, &(half, mask)) in rows[(cy - r) as usize..=(cy + r) as usize].iter_mut().zip(&masks) {
                    *row |= mask << (cx - half);
                }
            }
            return AttackArea {
                x0,
                y0,
                w,
                h,
                rows,
                hit: Vec::new(),
            };
        }
        let mut hit = vec![false; (w * h) as usize];
        let runs: Vec<(i32, i32)> = runs.collect();
        for c in from {
            let (cx, cy) = (c.x - x0, c.y - y0);
            for (dy, &(rest, inner)) in (-r..=r).zip(&runs) {
                let row = ((cy + dy) * w + cx) as usize;
                let cells = &mut hit[row - rest as usize..=row + rest as usize];
                if inner < 0 {
                    cells.fill(true);
                } else if inner < rest {
                    let (near, far) = ((rest - inner) as usize, (rest + inner + 1) as usize);
                    cells[..near].fill(true);
                    cells[far..].fill(true);
                }
            }
        }
        AttackArea {
            x0,
            y0,
            w,
            h,
            rows: Vec::new(),
            hit,
        }
    }

    /// True when `p` is within reach.
    pub fn contains(&self, p: Pos) -> bool {
        let (x, y) = (p.x - self.x0, p.y - self.y0);
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return false;
        }
        if self.w <= 128 {
            self.rows[y as usize] >> x & 1 != 0
        } else {
            self.hit[(y * self.w + x) as usize]
        }
    }
}

fn cells_of(hit: &[bool], w: usize) -> Vec<Pos> {
    hit.iter()
        .enumerate()
        .filter(|(_, b)| **b)
        .map(|(i, _)| Pos::new((i % w) as i32, (i / w) as i32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each row of a diamond is set as one mask (boxes up to 128 cells wide) or as at most
    /// two runs (wider): every cell answers as the definition says (some cell of the set at a
    /// distance in `lo..=hi`), around the box too.
    #[test]
    fn an_attack_area_holds_exactly_the_cells_at_attack_distance() {
        let mut rng = crate::rng::Rng::new(39);
        for case in 0..600 {
            // Narrow boxes, and boxes wider than 128 cells.
            let spread = if case % 3 == 0 { 300 } else { 9 };
            let n = rng.below(12);
            let from: Vec<Pos> = (0..n)
                .map(|_| Pos::new(rng.below(spread) as i32 - 2, rng.below(9) as i32 - 2))
                .collect();
            let lo = rng.below(5) as u32;
            let hi = lo + rng.below(if case % 7 == 0 { 70 } else { 4 }) as u32;
            let a = AttackArea::new(&from, lo, hi);
            let mut cells: Vec<Pos> = (-9..12).flat_map(|y| (-9..12).map(move |x| Pos::new(x, y))).collect();
            let r = hi as i32 + 2;
            for c in &from {
                cells.extend((-r..=r).flat_map(|dy| (-r..=r).map(move |dx| Pos::new(c.x + dx, c.y + dy))));
            }
            for p in cells {
                let want = from.iter().any(|c| (lo..=hi).contains(&c.manhattan(p)));
                assert_eq!(a.contains(p), want, "case {case}: {from:?} {lo}..={hi} at {p}");
            }
        }
    }
}
