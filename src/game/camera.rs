//! The camera: which part of the map the window shows. It moves only when its focus (the
//! cursor, or a moving unit) comes within two tiles of an edge, glides there, and never
//! shows past the map's borders.

use super::assets::TILE;
use ggez::glam::Vec2;
use ggez::graphics::Rect;

/// Tiles kept between the focus and the edge of the view.
pub(in crate::game) const MARGIN_TILES: f32 = 2.0;
/// How quickly the view catches up (per second; higher is snappier).
const FOLLOW: f32 = 12.0;

/// A scrolling view over a map of `map` pixels.
#[derive(Debug, Clone)]
pub struct Camera {
    /// World pixel drawn at the window's top-left corner (window = world − pos).
    pub pos: Vec2,
    /// Where the view is gliding to.
    target: Vec2,
    map: Vec2,
}

impl Camera {
    /// A camera over a map of `width` × `height` cells.
    pub fn new(width: usize, height: usize) -> Camera {
        Camera {
            pos: Vec2::ZERO,
            target: Vec2::ZERO,
            map: Vec2::new(width as f32 * TILE, height as f32 * TILE),
        }
    }

    /// Keeps the tile at world pixel `focus` (its top-left) inside `view` (the part of the
    /// window the map shows, in window pixels) with a margin; `snap` jumps there at once.
    pub fn follow(&mut self, focus: Vec2, view: Rect, snap: bool) {
        self.follow_with(focus, view, snap, MARGIN_TILES);
    }

    /// [`Camera::follow`] keeping `margin` tiles between the focus and the view's edge (0:
    /// the view moves only to bring a tile that leaves it back into sight).
    pub fn follow_with(&mut self, focus: Vec2, view: Rect, snap: bool, margin: f32) {
        let mut t = self.target;
        for axis in 0..2 {
            let (lo, len, map) = if axis == 0 {
                (view.x, view.w, self.map.x)
            } else {
                (view.y, view.h, self.map.y)
            };
            let margin = (margin * TILE).min(((len - TILE) / 2.0).max(0.0));
            // The view's world span is t + lo .. t + lo + len.
            let f = focus[axis];
            if f - margin < t[axis] + lo {
                t[axis] = f - margin - lo;
            }
            if f + TILE + margin > t[axis] + lo + len {
                t[axis] = f + TILE + margin - lo - len;
            }
            t[axis] = clamp_axis(t[axis], lo, len, map);
        }
        self.target = t;
        if snap {
            self.pos = t;
        }
    }

    /// Glides (or with `snap` jumps) so that the tile at world pixel `focus` is in the
    /// middle of `view`.
    pub fn center_on(&mut self, focus: Vec2, view: Rect, snap: bool) {
        let mid = Vec2::new(view.x + view.w / 2.0, view.y + view.h / 2.0);
        let want = focus + Vec2::splat(TILE / 2.0) - mid;
        self.target = Vec2::new(
            clamp_axis(want.x, view.x, view.w, self.map.x),
            clamp_axis(want.y, view.y, view.h, self.map.y),
        );
        if snap {
            self.pos = self.target;
        }
    }

    /// Moves the view by `by` world pixels at once (a drag, the edge scroll), staying on the
    /// map; `view` as for [`Camera::follow`].
    pub fn pan(&mut self, by: Vec2, view: Rect) {
        self.look_at(self.pos + by, view);
    }

    /// Puts the view's corner at world pixel `pos` at once, staying on the map (zooming at
    /// the pointer keeps the point under it where it was).
    pub fn look_at(&mut self, pos: Vec2, view: Rect) {
        self.pos = Vec2::new(
            clamp_axis(pos.x, view.x, view.w, self.map.x),
            clamp_axis(pos.y, view.y, view.h, self.map.y),
        );
        self.target = self.pos;
    }

    /// Where the view's corner is going (world pixels): where it will rest.
    pub fn target(&self) -> Vec2 {
        self.target
    }

    /// Glides (or with `snap` jumps) until the view's corner is at world pixel `corner`,
    /// staying on the map; `view` as for [`Camera::follow`].
    pub fn glide_to(&mut self, corner: Vec2, view: Rect, snap: bool) {
        self.target = Vec2::new(
            clamp_axis(corner.x, view.x, view.w, self.map.x),
            clamp_axis(corner.y, view.y, view.h, self.map.y),
        );
        if snap {
            self.pos = self.target;
        }
    }

    /// True when every one of the tiles at world pixels `tiles` (top-left corners) shows
    /// whole in `view` with the camera where it is going.
    pub fn shows_all(&self, tiles: &[Vec2], view: Rect) -> bool {
        tiles.iter().all(|t| {
            let lo = self.target + Vec2::new(view.x, view.y);
            t.x >= lo.x && t.y >= lo.y && t.x + TILE <= lo.x + view.w && t.y + TILE <= lo.y + view.h
        })
    }

    /// Glides towards the target for `dt` seconds.
    pub fn update(&mut self, dt: f32) {
        let k = 1.0 - (-FOLLOW * dt).exp();
        self.pos += (self.target - self.pos) * k;
        if self.pos.distance(self.target) < 0.25 {
            self.pos = self.target;
        }
    }

    /// True once the view has arrived.
    pub fn settled(&self) -> bool {
        self.pos == self.target
    }
}

/// The camera offset on one axis: the map fills the view when it is larger, else it is
/// centred in it.
fn clamp_axis(t: f32, lo: f32, len: f32, map: f32) -> f32 {
    if map <= len {
        (map - len) / 2.0 - lo
    } else {
        t.clamp(-lo, map - len - lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_scrolls_only_near_an_edge_and_stays_on_the_map() {
        let view = Rect::new(0.0, 0.0, 640.0, 480.0);
        let mut c = Camera::new(64, 64);
        c.follow(Vec2::new(5.0 * TILE, 5.0 * TILE), view, true);
        assert_eq!(c.pos, Vec2::ZERO);
        // Columns 0..20 show; column 17 still has two tiles to its right, column 18 not.
        c.follow(Vec2::new(17.0 * TILE, 5.0 * TILE), view, true);
        assert_eq!(c.pos, Vec2::ZERO);
        c.follow(Vec2::new(18.0 * TILE, 5.0 * TILE), view, true);
        assert_eq!(c.pos, Vec2::new(TILE, 0.0));
        c.follow(Vec2::new(63.0 * TILE, 63.0 * TILE), view, true);
        assert_eq!(c.pos, Vec2::new(64.0 * TILE - 640.0, 64.0 * TILE - 480.0));
    }

    #[test]
    fn centring_puts_the_focus_mid_view_within_the_map() {
        let view = Rect::new(0.0, 0.0, 640.0, 480.0);
        let mut c = Camera::new(64, 64);
        c.center_on(Vec2::new(20.0 * TILE, 20.0 * TILE), view, true);
        assert_eq!(c.pos, Vec2::new(20.5 * TILE - 320.0, 20.5 * TILE - 240.0));
        c.center_on(Vec2::ZERO, view, true);
        assert_eq!(c.pos, Vec2::ZERO);
    }

    #[test]
    fn a_small_map_is_centred() {
        let mut c = Camera::new(4, 4);
        c.follow(Vec2::ZERO, Rect::new(0.0, 0.0, 640.0, 480.0), true);
        assert_eq!(c.pos, Vec2::new((128.0 - 640.0) / 2.0, (128.0 - 480.0) / 2.0));
    }

    #[test]
    fn a_drag_pans_within_the_map_and_shows_all_tells_what_is_in_view() {
        let view = Rect::new(0.0, 39.0, 440.0, 373.0);
        let mut c = Camera::new(64, 64);
        c.look_at(Vec2::new(-50.0, -100.0), view);
        assert_eq!(c.pos, Vec2::new(0.0, -39.0), "the map's corner at the view's corner");
        c.pan(Vec2::new(100.0, 50.0), view);
        assert_eq!(c.pos, Vec2::new(100.0, 11.0));
        assert!(c.settled(), "a drag moves at once");
        c.pan(Vec2::new(-1000.0, -1000.0), view);
        assert_eq!(c.pos, Vec2::new(0.0, -39.0), "never past the map's border");
        let near = [Vec2::new(0.0, 0.0), Vec2::new(5.0 * TILE, 8.0 * TILE)];
        assert!(c.shows_all(&near, view));
        assert!(
            !c.shows_all(&[Vec2::new(20.0 * TILE, 3.0 * TILE)], view),
            "column 20 is off to the right"
        );
    }

    #[test]
    fn it_glides_and_settles() {
        let mut c = Camera::new(64, 64);
        c.follow(Vec2::new(40.0 * TILE, 0.0), Rect::new(0.0, 0.0, 640.0, 480.0), false);
        assert!(!c.settled());
        for _ in 0..120 {
            c.update(1.0 / 60.0);
        }
        assert!(c.settled());
    }
}
