//! The mouse: who leads the cursor (the pointer or the keys), wheel notches as zoom steps,
//! what the right and middle buttons do, and dragging the map with them.

use super::*;

/// Pixels the mouse must travel before it takes the cursor back from the keys.
pub(super) const MOUSE_SLOP: f32 = 6.0;

/// Who leads the cursor: the mouse (the cursor is the cell under the pointer, and the view
/// does not chase it) or the keys and jumps (the view follows the cursor).
#[derive(Debug, Default)]
pub(super) struct Pointing {
    /// The mouse leads.
    live: bool,
    /// Where the pointer rested when the keys took over (window pixels).
    rest: Option<Vec2>,
    /// The cell the mouse last pointed at.
    cell: Option<Pos>,
}

impl Pointing {
    /// The keys, or a jump of the cursor (next enemy, undo), take the cursor from a pointer
    /// resting at `at`: the view follows the cursor until the mouse really moves again.
    pub(super) fn hand_to_keys(&mut self, at: Option<Vec2>) {
        self.live = false;
        self.cell = None;
        self.rest = at;
    }

    /// The pointer moved to `at` (window pixels); true when the mouse leads the cursor now.
    /// A pointer that merely rests over the window (or just entered it) does not lead.
    pub(super) fn moved(&mut self, at: Vec2) -> bool {
        if !self.live {
            match self.rest {
                Some(rest) if rest.distance(at) >= MOUSE_SLOP => self.live = true,
                Some(_) => {}
                None => self.rest = Some(at),
            }
        }
        self.live
    }

    /// A left click at `at` (window pixels) on `cell`: the mouse leads from now on, whether
    /// or not a motion came first (issue 33's play: `xdotool mousemove` then `click` sends one
    /// motion, which only set where the pointer rests; the click then let the view chase the
    /// clicked cell and scroll under the pointer, and the next click hit the wrong cell).
    pub(super) fn clicked(&mut self, at: Vec2, cell: Option<Pos>) {
        self.live = true;
        self.rest = Some(at);
        if cell.is_some() {
            self.cell = cell;
        }
    }

    /// A drag of the map ended with the pointer at `at` (window pixels): the mouse moved the
    /// map, so it leads the cursor from now on, as after a click.
    pub(super) fn dropped(&mut self, at: Vec2) {
        self.live = true;
        self.rest = Some(at);
    }

    /// True when the mouse leads the cursor.
    pub(super) fn leads(&self) -> bool {
        self.live
    }

    /// The mouse points at `cell`: true when that is a new cell to put the cursor on.
    pub(super) fn points_at(&mut self, cell: Option<Pos>) -> bool {
        if cell.is_some() && cell != self.cell {
            self.cell = cell;
            return true;
        }
        false
    }
}

/// Turns wheel events into zoom steps, one per notch. winit 0.30 on X11 reports a notch that
/// arrives as button presses (evdev wheel emulation, `xdotool click 4`) twice, on the press and
/// on the release (winit pull request 4386 fixes it upstream): a second event in the same
/// direction within [`Wheel::SAME_NOTCH`] is that same notch. A real wheel spun that fast
/// loses nothing that matters: zoom has a handful of steps.
#[derive(Debug, Default)]
pub(super) struct Wheel {
    last: Option<(Instant, i32)>,
}

impl Wheel {
    /// Events closer than this in the same direction are one notch.
    pub(super) const SAME_NOTCH: std::time::Duration = std::time::Duration::from_millis(40);

    /// The zoom step (+1 out, -1 in) of a wheel event of `dy` lines at `now`, if it is a new notch.
    pub(super) fn notch(&mut self, dy: f32, now: Instant) -> Option<i32> {
        let step = if dy > 0.0 {
            -1
        } else if dy < 0.0 {
            1
        } else {
            return None;
        };
        let repeat = self
            .last
            .is_some_and(|(at, s)| s == step && now.saturating_duration_since(at) < Self::SAME_NOTCH);
        self.last = Some((now, step));
        (!repeat).then_some(step)
    }
}

/// A right or middle button held down: let go where it went down, it is a click (cancel,
/// next enemy); moved further than [`MOUSE_SLOP`], it drags the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Drag {
    pub(super) button: MouseButton,
    start: Vec2,
    last: Vec2,
    dragged: bool,
}

impl Drag {
    /// `button` went down at `at` (window pixels).
    pub(super) fn new(button: MouseButton, at: Vec2) -> Drag {
        Drag {
            button,
            start: at,
            last: at,
            dragged: false,
        }
    }

    /// The pointer moved to `at`: how far to move the view (window pixels; the map follows
    /// the pointer, so the view moves the other way), once this is a drag.
    pub(super) fn moved(&mut self, at: Vec2) -> Option<Vec2> {
        if !self.dragged && at.distance(self.start) >= MOUSE_SLOP {
            self.dragged = true;
            self.last = self.start;
        }
        let by = self.last - at;
        self.last = at;
        (self.dragged && by != Vec2::ZERO).then_some(by)
    }

    /// True once it moved far enough to be a drag (its release is then no click).
    pub(super) fn dragged(&self) -> bool {
        self.dragged
    }
}

/// True when `i` puts the cursor somewhere else than under the pointer (a jump): the view must
/// then follow the cursor, as after a key, or the cell it jumped to may be out of sight.
pub(super) fn jumps_cursor(i: Intent) -> bool {
    matches!(i, Intent::NextEnemy | Intent::NextUnit | Intent::Undo)
}

/// What the right and middle buttons do (the left one depends on what is under it).
pub(super) fn mouse_intent(button: MouseButton) -> Option<Intent> {
    match button {
        MouseButton::Right => Some(Intent::Cancel),
        MouseButton::Middle => Some(Intent::NextEnemy),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::buttons::{Button, Press};

    #[test]
    fn a_jump_of_the_cursor_hands_the_view_to_it_until_the_mouse_really_moves() {
        let mut p = Pointing::default();
        let at = Vec2::new(100.0, 100.0);
        assert!(!p.moved(at), "a pointer that just entered does not lead");
        assert!(p.moved(at + Vec2::new(10.0, 0.0)), "it leads once it really moved");
        assert!(p.points_at(Some(Pos::new(3, 3))));
        assert!(
            !p.points_at(Some(Pos::new(3, 3))),
            "the same cell is not pointed at twice"
        );
        // The middle button jumps the cursor to the next enemy (maybe far out of sight):
        // the view must follow the cursor, as it does after Tab.
        let middle = mouse_intent(MouseButton::Middle);
        assert_eq!(middle, Some(Intent::NextEnemy));
        assert!(middle.is_some_and(jumps_cursor));
        p.hand_to_keys(Some(at));
        assert!(!p.leads(), "the view follows the cursor now");
        assert!(!p.moved(at + Vec2::new(2.0, 2.0)), "a tremor does not take it back");
        assert!(p.moved(at + Vec2::new(0.0, 20.0)), "a real move does");
        assert!(
            p.points_at(Some(Pos::new(3, 3))),
            "and points afresh, even at the same cell"
        );
        // Undo (key or button) puts the cursor on the undone unit: a jump too.
        let Press::Intent(undo) = Button::Undo.press() else {
            panic!("Undo is an intent")
        };
        assert!(jumps_cursor(undo));
        assert_eq!(mouse_intent(MouseButton::Right), Some(Intent::Cancel));
        assert!(!jumps_cursor(Intent::Cancel) && !jumps_cursor(Intent::EndTurn));
    }

    #[test]
    fn a_right_drag_pans_the_map_and_a_still_right_click_cancels() {
        let start = Vec2::new(200.0, 200.0);
        let mut d = Drag::new(MouseButton::Right, start);
        assert_eq!(d.moved(start + Vec2::new(2.0, 1.0)), None, "a tremor is still a click");
        assert!(!d.dragged());
        // Past the slop: the view moves against the pointer by the whole way from the start.
        assert_eq!(d.moved(start + Vec2::new(10.0, 0.0)), Some(Vec2::new(-10.0, 0.0)));
        assert!(d.dragged());
        assert_eq!(d.moved(start + Vec2::new(10.0, 25.0)), Some(Vec2::new(0.0, -25.0)));
        assert_eq!(d.moved(start + Vec2::new(10.0, 25.0)), None, "no move, no pan");
        let still = Drag::new(MouseButton::Right, start);
        assert!(!still.dragged());
        assert_eq!(mouse_intent(still.button), Some(Intent::Cancel), "its release cancels");
    }

    /// Issue 33's play: a right-drag stopped at the map's edge (the view could go no further
    /// while the pointer went on); after the release the cursor box stayed on the grabbed
    /// cell until the pointer moved. The release puts it on the cell under the pointer.
    #[test]
    fn a_drag_that_stops_at_the_maps_edge_leaves_the_cursor_under_the_pointer() {
        use crate::game::camera::Camera;
        let l = Layout::new(1280.0, 800.0, 1.0);
        let view = l.world_view();
        // A map wider than the view, seen from its right edge: a drag to the left cannot pan.
        let mut cam = Camera::new(60, 40);
        cam.follow(Vec2::new(60.0 * crate::game::assets::TILE, 0.0), view, true);
        let grab = Vec2::new(600.0, 300.0);
        let grabbed = l.cell_at(grab.x, grab.y, cam.pos).expect("on the map");
        // The keys led (or the mouse had only rested): a drag's motions never reach the cursor.
        let mut p = Pointing::default();
        p.hand_to_keys(Some(grab));
        let mut d = Drag::new(MouseButton::Right, grab);
        let end = grab - Vec2::new(200.0, 0.0);
        let before = cam.pos;
        if let Some(by) = d.moved(end) {
            cam.pan(by / l.zoom / l.scale, view);
        }
        assert_eq!(cam.pos, before, "the view is at the map's edge");
        let under = l.cell_at(end.x, end.y, cam.pos).expect("on the map");
        assert_ne!(under, grabbed, "the pointer went on past the grabbed cell");
        // The release: the mouse moved the map, so it leads, and the cursor goes to the cell
        // under the pointer, once (the window's release handler then points the cursor there).
        assert!(!p.leads());
        p.dropped(end);
        assert!(p.leads());
        assert!(p.points_at(Some(under)));
        assert!(!p.points_at(Some(under)), "and stays there");
    }

    #[test]
    fn one_wheel_notch_reported_twice_zooms_one_step() {
        use std::time::Duration;
        let mut w = Wheel::default();
        let t = Instant::now();
        // X11 through winit 0.30: the press and the release of button 5, microseconds apart.
        assert_eq!(w.notch(-1.0, t), Some(1), "down zooms out");
        assert_eq!(w.notch(-1.0, t + Duration::from_micros(300)), None, "the same notch");
        // The next notch, a quarter of a second later, is a step of its own.
        let t = t + Duration::from_millis(250);
        assert_eq!(w.notch(-1.0, t), Some(1));
        assert_eq!(w.notch(-1.0, t + Duration::from_millis(1)), None);
        // Turning the other way at once is a step.
        assert_eq!(w.notch(1.0, t + Duration::from_millis(5)), Some(-1), "up zooms in");
        assert_eq!(
            w.notch(0.0, t + Duration::from_millis(500)),
            None,
            "a sideways scroll is no step"
        );
    }
}
