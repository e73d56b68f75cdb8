//! Danger zones: every cell some enemy could attack next turn, and for one enemy its own
//! reach plus the shape of its profile (sight diamond, trigger ring, leash area).

use crate::model::profiles::Profiles;
use crate::rules::battle::{Battle, UnitId};
use crate::rules::caches::Caches;
use crate::search::grid::Pos;

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
    /// Cells it could attack from any of those.
    pub attacks: Vec<Pos>,
    /// Its profile's area.
    pub shape: Shape,
}

/// Reach and profile shape of enemy `id`.
pub fn enemy_zone(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId) -> EnemyZone {
    let u = b.unit(id);
    let (moves, shape) = enemy_moves(b, c, profiles, id);
    let (w, h) = (b.map().width(), b.map().height());
    let hit = attack_cells(&moves, u.stats.range_min, u.stats.range_max, w, h);
    let attacks = cells_of(&hit, w);
    EnemyZone {
        unit: id,
        moves,
        attacks,
        shape,
    }
}

/// The cells enemy `id` can end its move on next turn, and its profile's shape.
pub fn enemy_moves(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId) -> (Vec<Pos>, Shape) {
    let u = b.unit(id);
    // Every behaviour, built-in or registered, says its own shape and leash.
    let (shape, leash) = match u.behavior(profiles) {
        Some(b) => b.with_rule(|r| (r.shape(u), r.leash(u))),
        None => (Shape::None, None),
    };
    let moves: Vec<Pos> = b.with_reach(c, id, leash, |r| r.cells().map(|(p, _)| p).collect());
    (moves, shape)
}

/// Every cell any living enemy could attack next turn, as a row-major grid of the map's size.
pub fn danger_map(b: &Battle, c: &mut Caches, profiles: &Profiles) -> Vec<bool> {
    let (w, h) = (b.map().width(), b.map().height());
    let mut hit = vec![false; w * h];
    for id in b.living(crate::search::grid::Team::Enemy) {
        let z = enemy_zone(b, c, profiles, id);
        for p in z.attacks {
            hit[p.y as usize * w + p.x as usize] = true;
        }
    }
    hit
}

/// What each living unit of `side` could attack next phase: one area per unit (the cells
/// within its weapon's reach of every cell it can end its move on, on the board as it
/// stands). [`threats`] counts them on a cell.
pub fn reach_areas(b: &Battle, c: &mut Caches, side: crate::search::grid::Team) -> Vec<(UnitId, AttackArea)> {
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
                hit: Vec::new(),
            };
        }
        let (x0, y0) = (x0 - r, y0 - r);
        let (w, h) = (x1 + r - x0 + 1, y1 + r - y0 + 1);
        let mut hit = vec![false; (w * h) as usize];
        for c in from {
            // The box holds every cell within `r` of every cell of `from`: no bounds to check.
            let (cx, cy) = (c.x - x0, c.y - y0);
            for dy in -r..=r {
                let rest = r - dy.abs();
                let row = ((cy + dy) * w + cx) as usize;
                for dx in -rest..=rest {
                    if (dx.abs() + dy.abs()) as u32 >= lo {
                        hit[(row as i32 + dx) as usize] = true;
                    }
                }
            }
        }
        AttackArea { x0, y0, w, h, hit }
    }

    /// True when `p` is within reach.
    pub fn contains(&self, p: Pos) -> bool {
        let (x, y) = (p.x - self.x0, p.y - self.y0);
        x >= 0 && y >= 0 && x < self.w && y < self.h && self.hit[(y * self.w + x) as usize]
    }
}

fn cells_of(hit: &[bool], w: usize) -> Vec<Pos> {
    hit.iter()
        .enumerate()
        .filter(|(_, b)| **b)
        .map(|(i, _)| Pos::new((i % w) as i32, (i / w) as i32))
        .collect()
}
