//! What the map overlays show, worked out from the engine's answers: path arrow pieces,
//! outlines of cell sets, and the danger and enemy-zone caches (recomputed only when the
//! board changes, never per frame).

use super::assets::ui;
use crate::ai;
use crate::ai::danger::{self, EnemyZone, Shape};
use crate::load::profiles::Profiles;
use crate::play::phase::{Phase, Session};
use crate::rules::battle::{Battle, UnitId};
use crate::search::grid::Team;
use crate::search::grid::{Dir, Path, Pos};
use crate::search::range::Range;
use std::f32::consts::{FRAC_PI_2, PI};

/// Fill of the cells a selected unit can move to: a light cyan wash, so that brown hills
/// and blue rivers stay themselves under it (a blue fill turned hills purple). The range's
/// edge is outlined in [`MOVE_EDGE`].
pub const MOVE_FILL: [f32; 4] = [0.55, 0.9, 1.0, 0.3];
/// Outline of the move range.
pub const MOVE_EDGE: [f32; 4] = [0.85, 0.97, 1.0, 0.95];
/// Fill of the cells some enemy could attack next turn: a light wash, the zone's edge
/// outlined in [`DANGER_EDGE`], so the map stays readable under it.
pub const DANGER_FILL: [f32; 4] = [1.0, 0.25, 0.2, 0.2];
/// Outline of the danger zone.
pub const DANGER_EDGE: [f32; 4] = [1.0, 0.3, 0.25, 0.95];
/// The danger zone's hatching: dark red stripes across each cell, a shape as well as a hue,
/// so the zone shows on every terrain (the light wash alone vanished on the river's brown
/// bridge, issue 33) and to players who tell red from green poorly.
pub const DANGER_HATCH: [f32; 4] = [0.45, 0.0, 0.0, 0.7];
/// Thickness of a hatching stripe, in map pixels.
pub const HATCH_THICK: f32 = 2.0;

/// The hatching stripes of a cell `tile` pixels wide, each as its lower-left start (from the
/// cell's top-left corner) and its length, running up and to the right at 45°: three
/// parallel stripes, the middle one corner to corner.
pub fn hatch(tile: f32) -> [(f32, f32, f32); 3] {
    let half = tile / 2.0;
    let d = std::f32::consts::SQRT_2;
    [(0.0, half, half * d), (0.0, tile, tile * d), (half, tile, half * d)]
}

/// The dashed frame on a cell that a zone of control holds: orange dashes inside the cell's
/// edge over slightly larger dark ones, an outline and not a fill (the range and the danger
/// view use fills), clear of the range's and the danger view's edges and readable on every
/// terrain and over the danger hatching.
pub const ZONE_EDGE: [f32; 4] = [1.0, 0.62, 0.1, 1.0];
/// The dark dashes under [`ZONE_EDGE`]'s.
pub const ZONE_UNDER: [f32; 4] = [0.0, 0.0, 0.0, 0.8];
/// How far the zone frame lies inside its cell, in map pixels.
pub const ZONE_INSET: f32 = 4.0;

/// The side whose movers the zones of control shown stop, if zones are shown: the enemies'
/// zones (against the player) while a player unit that obeys them picks its move (its range),
/// at its action menu after the move (or a canto unit's Move / Wait menu) and in the danger
/// view; the player's own zones while
/// an inspected enemy's reach is shown (unless it is a skirmisher).
/// In a hot-seat battle "the player" is the side whose phase it is.
pub fn zones_shown(s: &Session) -> Option<Team> {
    let b = s.battle();
    let me = crate::game::versus::viewer(b);
    let obeys = |u: UnitId| !b.unit(u).moves().skirmisher;
    match s.phase() {
        Phase::Target { unit, .. } if obeys(*unit) => Some(me),
        // The menu after a move too, as at the canto menu (issue 37: the frames went away
        // there, though the unit may stand in a zone the player wants to see).
        Phase::Action { unit, .. } if obeys(*unit) => Some(me),
        Phase::Inspect { enemy } if !s.show_danger() => obeys(*enemy).then_some(me.other()),
        _ if s.show_danger() => Some(me),
        _ => None,
    }
}

/// The cells of `lo..=hi` where a zone of control stops a mover of `mover`'s side.
pub fn zone_cells(b: &Battle, mover: Team, lo: Pos, hi: Pos) -> Vec<Pos> {
    let occ = b.occupancy();
    (lo.y..=hi.y)
        .flat_map(|y| (lo.x..=hi.x).map(move |x| Pos::new(x, y)))
        .filter(|&p| occ.stops(p, mover))
        .collect()
}

/// The dashes of a zone cell's frame as `[x, y, w, h]` from the cell's top-left corner, in
/// a cell `tile` pixels wide: three dashes a side, `ZONE_INSET` inside the edge, `thick`
/// across and `grow` longer at each end (the dark ones under the orange).
pub fn zone_dashes(tile: f32, thick: f32, grow: f32) -> Vec<[f32; 4]> {
    let (lo, side) = (ZONE_INSET, tile - 2.0 * ZONE_INSET);
    // Three dashes and two gaps half as long: 2 + 1 + 2 + 1 + 2 = 8 parts.
    let part = side / 8.0;
    let mut out = Vec::new();
    for k in 0..3 {
        let at = lo + 3.0 * part * k as f32 - grow;
        let len = 2.0 * part + 2.0 * grow;
        let (near, far) = (lo - thick / 2.0, tile - lo - thick / 2.0);
        out.push([at, near, len, thick]);
        out.push([at, far, len, thick]);
        out.push([near, at, thick, len]);
        out.push([far, at, thick, len]);
    }
    out
}

/// `over` (with its alpha) laid on the opaque colour `under`, channels 0..=1.
#[cfg(test)]
fn blend(over: [f32; 4], under: [f32; 3]) -> [f32; 3] {
    let a = over[3];
    [0, 1, 2].map(|i| over[i] * a + under[i] * (1.0 - a))
}

/// Screen rotation (clockwise, radians) that turns a piece facing right to face `d`.
pub fn angle(d: Dir) -> f32 {
    match d {
        Dir::Right => 0.0,
        Dir::Down => FRAC_PI_2,
        Dir::Left => PI,
        Dir::Up => -FRAC_PI_2,
    }
}

/// Turns `d` a quarter clockwise on screen.
fn clockwise(d: Dir) -> Dir {
    match d {
        Dir::Up => Dir::Right,
        Dir::Right => Dir::Down,
        Dir::Down => Dir::Left,
        Dir::Left => Dir::Up,
    }
}

/// One piece of a path arrow: the cell, the `ui.png` frame and its rotation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    /// The cell.
    pub at: Pos,
    /// Frame of `ui.png`.
    pub frame: u32,
    /// Clockwise rotation in radians.
    pub rotation: f32,
}

/// The arrow from `from` along `path`: a tail dot, straight and corner pieces, a head.
/// The stay path has no arrow.
pub fn arrow(from: Pos, path: &Path) -> Vec<Piece> {
    let steps = &path.0;
    let Some((&first, _)) = steps.split_first() else {
        return Vec::new();
    };
    let mut out = vec![Piece {
        at: from,
        frame: ui::ARROW_TAIL,
        rotation: angle(first),
    }];
    let mut at = from;
    for (i, &d) in steps.iter().enumerate() {
        at = at.step(d);
        let piece = match steps.get(i + 1) {
            None => Piece {
                at,
                frame: ui::ARROW_HEAD,
                rotation: angle(d),
            },
            Some(&next) if next == d => Piece {
                at,
                frame: ui::ARROW_STRAIGHT,
                rotation: if matches!(d, Dir::Left | Dir::Right) {
                    0.0
                } else {
                    FRAC_PI_2
                },
            },
            Some(&next) => corner(at, d.opposite(), next),
        };
        out.push(piece);
    }
    out
}

/// The corner piece joining the sides `a` and `b` of a cell: the sheet's corner joins the
/// left and bottom sides; each quarter turn clockwise moves both sides along.
fn corner(at: Pos, a: Dir, b: Dir) -> Piece {
    let (mut s1, mut s2) = (Dir::Left, Dir::Down);
    for k in 0..4 {
        if (s1 == a && s2 == b) || (s1 == b && s2 == a) {
            return Piece {
                at,
                frame: ui::ARROW_CORNER,
                rotation: k as f32 * FRAC_PI_2,
            };
        }
        (s1, s2) = (clockwise(s1), clockwise(s2));
    }
    // Only a path that turns straight back gets here, which a range path never does.
    Piece {
        at,
        frame: ui::ARROW_STRAIGHT,
        rotation: 0.0,
    }
}

/// The sides of cells in `area` (inclusive corners) where a cell inside the set borders
/// one outside it: the outline of the set.
pub fn outline(lo: Pos, hi: Pos, inside: impl Fn(Pos) -> bool) -> Vec<(Pos, Dir)> {
    let mut out = Vec::new();
    for y in lo.y..=hi.y {
        for x in lo.x..=hi.x {
            let p = Pos::new(x, y);
            if inside(p) {
                out.extend(Dir::ALL.iter().filter(|&&d| !inside(p.step(d))).map(|&d| (p, d)));
            }
        }
    }
    out
}

/// The outline of the cells within Manhattan distance `r` of `c`.
pub fn diamond(c: Pos, r: u32) -> Vec<(Pos, Dir)> {
    let ri = r as i32;
    outline(Pos::new(c.x - ri, c.y - ri), Pos::new(c.x + ri, c.y + ri), |p| {
        p.manhattan(c) <= r
    })
}

/// Cells a selected unit could attack after moving somewhere in `range` but cannot move
/// to: the red fringe around the blue overlay.
pub fn attack_fringe(b: &Battle, unit: UnitId, range: &Range) -> Vec<Pos> {
    let u = b.unit(unit);
    let (w, h) = (b.map().width(), b.map().height());
    let from: Vec<Pos> = range.cells().map(|c| c.at).collect();
    let hit = crate::ai::danger::attack_cells(&from, u.stats().range_min, u.stats().range_max, w, h);
    (0..h)
        .flat_map(|y| (0..w).map(move |x| Pos::new(x as i32, y as i32)))
        .filter(|p| hit[p.y as usize * w + p.x as usize] && !range.contains(*p))
        .collect()
}

/// What the board looked like when the caches were filled; any change refills them.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    turn: u32,
    /// Whose phase (a hot-seat battle's danger view is the other side's threats).
    active: Team,
    units: Vec<(Pos, bool, bool)>,
}

impl Stamp {
    fn of(b: &Battle) -> Stamp {
        Stamp {
            turn: b.turn(),
            active: b.active(),
            units: b.units().iter().map(|u| (u.pos(), u.alive(), u.triggered())).collect(),
        }
    }
}

/// One enemy's zone, ready to draw.
#[derive(Debug, Clone)]
pub struct ZoneView {
    /// The engine's answer.
    pub zone: EnemyZone,
    /// Outline of its profile's area.
    pub outline: Vec<(Pos, Dir)>,
    /// Extra cells to mark (a keep-range enemy's wanted ring around its target).
    pub ring: Vec<Pos>,
    /// A word for the shape ("on watch", "AWAKE", "sight 10", ...).
    pub label: String,
    /// Row-major: cells the zone colours (moves or attacks), left out of the danger tint.
    pub covered: Vec<bool>,
}

/// Danger map and hovered-enemy zone, filled on demand and kept until the board changes.
#[derive(Debug, Default)]
pub struct Zones {
    stamp: Option<Stamp>,
    danger: Option<Vec<bool>>,
    zone: Option<ZoneView>,
    threats: Option<Vec<(UnitId, Pos)>>,
    /// The searches' scratch space and travel-cost maps of the front end's own questions.
    caches: crate::rules::Caches,
}

impl Zones {
    /// Forgets everything (a new battle).
    pub fn reset(&mut self) {
        *self = Zones::default();
    }

    fn check(&mut self, b: &Battle) {
        let now = Stamp::of(b);
        if self.stamp.as_ref() != Some(&now) {
            self.stamp = Some(now);
            self.danger = None;
            self.zone = None;
            self.threats = None;
        }
    }

    /// Each enemy that could end its next move on a cell to defend, with that cell (enemies
    /// in roster order, cells in the objective's order).
    pub fn hold_threats(&mut self, b: &Battle, profiles: &Profiles) -> &[(UnitId, Pos)] {
        self.check(b);
        if self.threats.is_none() {
            let hold = &b.goals().hold;
            let mut out = Vec::new();
            // Under fog, only the enemies the player sees.
            let b = &*b.seen_by(crate::game::versus::viewer(b));
            // A person's side has no cells to defend against it (the objective is Blue's).
            if !hold.is_empty() && !b.versus() {
                // The danger view's own reach (allies lifted, callable reserves in).
                for e in danger::threatening(b, &mut self.caches) {
                    let moves = danger::enemy_zone(b, &mut self.caches, profiles, e).moves;
                    out.extend(hold.iter().filter(|p| moves.contains(p)).map(|&p| (e, p)));
                }
            }
            self.threats = Some(out);
        }
        self.threats.as_deref().unwrap_or_default()
    }

    /// Every cell some enemy could attack next turn (row-major), and the zone of `enemy`.
    pub fn get(&mut self, b: &Battle, profiles: &Profiles, enemy: Option<UnitId>) -> (&[bool], Option<&ZoneView>) {
        self.check(b);
        // Under fog, the board as the player knows it: only the enemies it sees count.
        let me = crate::game::versus::viewer(b);
        let b = &*b.seen_by(me);
        if self.danger.is_none() {
            // Hot-seat: the other person's threats, no profile bounding their moves.
            self.danger = Some(if b.versus() {
                danger::side_danger_map(b, &mut self.caches, me.other())
            } else {
                danger::danger_map(b, &mut self.caches, profiles)
            });
        }
        match enemy {
            Some(id) if b.unit(id).alive() && self.zone.as_ref().is_none_or(|z| z.zone.unit != id) => {
                // Hot-seat: a person moves the unit, not its profile.
                let none = Profiles::default();
                let profiles = if b.versus() { &none } else { profiles };
                self.zone = Some(zone_view(b, &mut self.caches, profiles, id));
            }
            _ => {}
        }
        let zone = self.zone.as_ref().filter(|z| Some(z.zone.unit) == enemy);
        (self.danger.as_deref().unwrap_or_default(), zone)
    }
}

fn zone_view(b: &Battle, c: &mut crate::rules::Caches, profiles: &Profiles, id: UnitId) -> ZoneView {
    let zone = danger::enemy_zone(b, c, profiles, id);
    let at = b.unit(id).pos();
    let (outline, ring, label) = match zone.shape {
        Shape::None => (Vec::new(), Vec::new(), "always comes".to_string()),
        Shape::Sight { radius } => (diamond(at, radius), Vec::new(), format!("sight {radius}")),
        Shape::Trigger { radius, fired } => (
            diamond(at, radius),
            Vec::new(),
            if fired {
                "AWAKE".to_string()
            } else if crate::game::hud::text::wakes_next(b, profiles, id).is_some() {
                "on watch, wakes this enemy phase".to_string()
            } else {
                "on watch".to_string()
            },
        ),
        Shape::Leash { pivot, radius } => (
            diamond(pivot, radius.saturating_sub(1)),
            Vec::new(),
            format!("leash {radius}"),
        ),
        Shape::Ring { sight, range } => {
            // The ring it wants: `range` from the target it would pick now.
            let ring = match ai::choose_target(b, c, id) {
                Some((t, _)) if b.unit(t).team() == Team::Player => {
                    let c = b.unit(t).pos();
                    let r = range as i32;
                    (-r..=r)
                        .flat_map(|dy| {
                            let dx = r - dy.abs();
                            [Pos::new(c.x - dx, c.y + dy), Pos::new(c.x + dx, c.y + dy)]
                        })
                        .filter(|p| b.map().contains(*p))
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .collect()
                }
                _ => Vec::new(),
            };
            (diamond(at, sight), ring, format!("keeps {range} away"))
        }
    };
    let w = b.map().width();
    let mut covered = vec![false; w * b.map().height()];
    for p in zone.moves.iter().chain(&zone.attacks) {
        covered[p.y as usize * w + p.x as usize] = true;
    }
    ZoneView {
        zone,
        outline,
        ring,
        label,
        covered,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(from: Pos, digits: &str) -> Vec<(u32, i32)> {
        arrow(from, &Path::parse(digits).unwrap())
            .iter()
            .map(|p| (p.frame, (p.rotation / FRAC_PI_2).round() as i32))
            .collect()
    }

    /// Under fog the danger view counts only the enemies the player sees: the same cells as
    /// the board without the unseen one; without fog, every enemy as before.
    #[test]
    fn the_danger_view_under_fog_counts_only_the_enemies_seen() {
        use crate::fixture::{Scene, enemy, player, profiles};
        let units = [player('P'), enemy('N', "charger", 2), enemy('F', "charger", 2)];
        let both = Scene::parse(
            ". . . . . . . . . . . .
             P . . N . . . . . . . F
             . . . . . . . . . . . .",
        );
        let only_n = Scene::parse(
            ". . . . . . . . . . . .
             P . . N . . . . . . . .
             . . . . . . . . . . . .",
        );
        let profiles = profiles("");
        let clear = both.battle(&units);
        let fog = clear.clone().with_fog(true);
        let seen_only = only_n.battle(&units[..2]);
        let danger = |b: &Battle| Zones::default().get(b, &profiles, None).0.to_vec();
        assert_eq!(danger(&fog), danger(&seen_only));
        assert_ne!(danger(&clear), danger(&seen_only), "F's reach counts without fog");
        // Hovering the unseen enemy shows no zone.
        let f = fog.find("F").unwrap();
        assert!(Zones::default().get(&fog, &profiles, Some(f)).1.is_none());
        assert!(Zones::default().get(&clear, &profiles, Some(f)).1.is_some());
    }

    #[test]
    fn an_arrow_has_a_tail_straights_corners_and_a_head() {
        // Right, right, down: tail→, straight, corner joining left and bottom, head↓.
        assert_eq!(
            frames(Pos::new(0, 0), "223"),
            vec![
                (ui::ARROW_TAIL, 0),
                (ui::ARROW_STRAIGHT, 0),
                (ui::ARROW_CORNER, 0),
                (ui::ARROW_HEAD, 1)
            ]
        );
        // Up then left: the corner joins bottom (came from below) and left, as drawn.
        assert_eq!(
            frames(Pos::new(5, 5), "14"),
            vec![(ui::ARROW_TAIL, -1), (ui::ARROW_CORNER, 0), (ui::ARROW_HEAD, 2)]
        );
        // Down then right: joins top and right: half turn.
        assert_eq!(frames(Pos::new(5, 5), "32")[1], (ui::ARROW_CORNER, 2));
        assert!(arrow(Pos::new(1, 1), &Path::default()).is_empty());
    }

    /// Purple: red at least green, blue well above green.
    fn purple(c: [f32; 3]) -> bool {
        c[0] >= c[1] && c[2] > c[1] + 0.1
    }

    #[test]
    fn overlays_keep_every_terrain_readable() {
        // Mean colours of the shipped tiles as drawn (plain, forest, hill, river, mountain).
        let tiles = [
            ("plain", [0.48, 0.71, 0.28]),
            ("forest", [0.17, 0.43, 0.18]),
            ("hill", [0.64, 0.52, 0.29]),
            ("river", [0.29, 0.54, 0.85]),
            ("mountain", [0.55, 0.53, 0.55]),
        ];
        for (name, under) in tiles {
            let moved = blend(MOVE_FILL, under);
            assert!(!purple(moved), "the move range turns {name} purple: {moved:?}");
            for fill in [MOVE_FILL, DANGER_FILL] {
                assert!(fill[3] <= 0.3, "a fill must let {name} show through");
            }
        }
        // The old look fails this: a hill under the old blue square, as a screenshot showed it.
        assert!(purple([0.49, 0.48, 0.69]));
    }

    /// Issue 33: the danger zone's wash alone did not show on the bridge (brown under a
    /// light red). Its hatching stands out from every shipped terrain by a clear step in some
    /// channel, the bridge included.
    #[test]
    fn the_danger_hatching_shows_on_every_terrain() {
        let tiles = [
            ("plain", [0.48, 0.71, 0.28]),
            ("forest", [0.17, 0.43, 0.18]),
            ("hill", [0.64, 0.52, 0.29]),
            ("river", [0.29, 0.54, 0.85]),
            ("mountain", [0.55, 0.53, 0.55]),
            ("bridge", [0.63, 0.44, 0.23]),
            ("floor", [0.73, 0.70, 0.64]),
        ];
        let step = |a: [f32; 3], b: [f32; 3]| (0..3).map(|i| (a[i] - b[i]).abs()).fold(0.0, f32::max);
        for (name, under) in tiles {
            let washed = blend(DANGER_FILL, under);
            let hatched = blend(DANGER_HATCH, washed);
            assert!(
                step(hatched, washed) >= 0.25,
                "the hatching hides on {name}: {hatched:?} on {washed:?}"
            );
        }
        // The wash alone is what the bridge showed: too faint to see.
        let bridge = [0.63, 0.44, 0.23];
        assert!(step(blend(DANGER_FILL, bridge), bridge) < 0.1);
        // The stripes stay inside the cell: each ends on the cell's top or right side.
        for (x, y, len) in hatch(32.0) {
            let end = (x + len / std::f32::consts::SQRT_2, y - len / std::f32::consts::SQRT_2);
            assert!(
                (0.0..=32.01).contains(&end.0) && (-0.01..=32.0).contains(&end.1),
                "{end:?}"
            );
        }
    }

    /// Issue 37: the cells zones of control hold are outlined (orange dashes over dark ones)
    /// where they matter, readable on every terrain, under the range's wash and over the
    /// danger view's hatching, and clear of the range's and the danger's edges.
    #[test]
    fn zone_cells_are_outlined_where_they_stop_the_unit_shown_and_readable_everywhere() {
        use crate::fixture::{Scene, enemy, player, profiles};
        use crate::play::phase::Intent;
        let zoc = crate::model::units::MoveRules {
            zoc: true,
            ..Default::default()
        };
        let scene = Scene::parse(
            ". . . . .
             P . . E .
             . . . . .",
        );
        let b = scene.battle(&[player('P').moves(zoc), enemy('E', "guard", 1).moves(zoc)]);
        let all = |mover| zone_cells(&b, mover, Pos::new(0, 0), Pos::new(4, 2));
        assert_eq!(
            all(Team::Player),
            [Pos::new(3, 0), Pos::new(2, 1), Pos::new(4, 1), Pos::new(3, 2)]
        );
        assert_eq!(all(Team::Enemy), [Pos::new(0, 0), Pos::new(1, 1), Pos::new(0, 2)]);
        let mut s = Session::new(b, profiles(""));
        assert_eq!(zones_shown(&s), None, "nothing selected, no danger view");
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        assert_eq!(zones_shown(&s), Some(Team::Player), "P's range: E's zone");
        // Moved next to E's zone: the action menu keeps the frames (issue 37).
        s.input(Intent::Point(Pos::new(1, 1)));
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        assert!(matches!(s.phase(), Phase::Action { .. }), "{:?}", s.phase());
        assert_eq!(zones_shown(&s), Some(Team::Player), "the action menu: E's zone");
        s.input(Intent::Cancel);
        s.input(Intent::Cancel);
        s.set_show_danger(true);
        assert_eq!(zones_shown(&s), Some(Team::Player), "the danger view: E's zone");
        s.set_show_danger(false);
        s.input(Intent::Point(Pos::new(3, 1)));
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        assert_eq!(zones_shown(&s), Some(Team::Enemy), "E inspected: P's zone");
        // A skirmisher picking its move ignores zones: none shown.
        let skirmisher = crate::model::units::MoveRules {
            skirmisher: true,
            ..Default::default()
        };
        let b = scene.battle(&[player('P').moves(skirmisher), enemy('E', "guard", 1).moves(zoc)]);
        let mut s = Session::new(b, profiles(""));
        s.input(Intent::Confirm);
        assert_eq!(zones_shown(&s), None);
        // Readable: a clear step from every terrain, washed by the range or the danger view.
        let tiles = [
            ("plain", [0.48, 0.71, 0.28]),
            ("forest", [0.17, 0.43, 0.18]),
            ("hill", [0.64, 0.52, 0.29]),
            ("river", [0.29, 0.54, 0.85]),
            ("mountain", [0.55, 0.53, 0.55]),
            ("bridge", [0.63, 0.44, 0.23]),
            ("floor", [0.73, 0.70, 0.64]),
        ];
        let step = |a: [f32; 3], b: [f32; 3]| (0..3).map(|i| (a[i] - b[i]).abs()).fold(0.0, f32::max);
        let edge = [ZONE_EDGE[0], ZONE_EDGE[1], ZONE_EDGE[2]];
        for (name, under) in tiles {
            let hatched = blend(DANGER_HATCH, blend(DANGER_FILL, under));
            for (what, ground) in [
                ("", under),
                (" in range", blend(MOVE_FILL, under)),
                (" hatched", hatched),
            ] {
                assert!(step(edge, ground) >= 0.3, "the zone frame hides on {name}{what}");
            }
        }
        // The frame is a frame: twelve dashes inside the cell, none on its edge (where the
        // range's and the danger's 2-pixel outlines lie), the dark ones wider all round.
        let (top, under) = (zone_dashes(32.0, 2.0, 0.0), zone_dashes(32.0, 4.0, 1.0));
        assert_eq!(top.len(), 12);
        for [x, y, w, h] in top.iter().chain(&under).copied() {
            assert!(
                x >= 2.0 && y >= 2.0 && x + w <= 30.0 && y + h <= 30.0,
                "{x} {y} {w} {h}"
            );
        }
        let area = |d: &[[f32; 4]]| d.iter().map(|r| r[2] * r[3]).sum::<f32>();
        assert!(
            area(&under) > area(&top) && area(&top) < 32.0 * 32.0 / 4.0,
            "not a fill"
        );
    }

    #[test]
    fn a_diamond_outline_has_four_sides_per_rim_cell_edge() {
        // Radius 0: one cell, four sides.
        assert_eq!(diamond(Pos::new(3, 3), 0).len(), 4);
        // Radius 1: five cells in a plus; 12 outer sides.
        assert_eq!(diamond(Pos::new(3, 3), 1).len(), 12);
    }
}
