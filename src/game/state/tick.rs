//! The fixed-rate logic step: the file watch, animation cues, the enemy phase's pacing,
//! playback, script and buffered keys, the camera, and the log's ageing.

use super::keys::Held;
use super::*;

/// Pixels from the map view's edge where the pointer scrolls the map (edge scroll on).
const EDGE: f32 = 10.0;

/// World pixels per second the edge scroll moves the map.
const EDGE_SPEED: f32 = 480.0;

/// Seconds of rest after an enemy's animation before the next enemy acts.
const ENEMY_GAP: f32 = 0.15;

/// Seconds of animation played in one step while a network window catches up: more than
/// any queue of animations lasts, so each ends in the step it began.
const CATCH_UP_SECS: f32 = 1.0e6;

impl GameState {
    /// True when a player may act: nothing animating, not the enemy's turn, no script left,
    /// and a network window has caught up with the game it came into.
    pub(super) fn accepts_input(&self) -> bool {
        !self.anims.busy()
            && !self.net_catching_up()
            && !matches!(self.session.phase(), Phase::Enemy { .. })
            && self.script.is_empty()
            && self.playback.is_empty()
    }

    /// One fixed logic step of `dt` seconds.
    pub(super) fn tick(&mut self, dt: f32) {
        self.clock += dt;
        self.watch_clock += dt;
        if self.watch_clock >= WATCH_SECS {
            self.watch_clock = 0.0;
            if self.watch.changed() {
                self.reload();
            }
        }
        self.net_tick(dt);
        let fast = self.fast || self.shift;
        // A network window that came into a game under way plays its past at once: every
        // animation ends as it begins, its lines still go to the log, without sound or
        // floating numbers, and no enemy rests between its moves.
        let catching_up = self.net_catching_up();
        if catching_up {
            self.enemy_pause = 0.0;
        }
        let step = if catching_up { CATCH_UP_SECS } else { dt * self.pace };
        for cue in self.anims.advance(step, fast) {
            match cue {
                Cue::Say(line) => self.say(line),
                _ if catching_up => {}
                Cue::Step => self.sfx.push(Sfx::Step),
                Cue::Hit => self.sfx.push(Sfx::Hit),
                Cue::Number { unit, amount, fell } => {
                    let at = self.unit_px(unit);
                    self.floaters.push(Floater::new(at, amount, fell));
                }
                Cue::Alarm { unit } => {
                    let at = self.unit_px(unit);
                    self.floaters.push(Floater::alarm(at));
                }
            }
        }
        for f in &mut self.floaters {
            f.age += dt;
        }
        self.floaters.retain(|f| !f.done());
        // The game menu and the log box hold the enemy phase where it is.
        let paused = self.menu_open || self.history_view.is_some();
        if !self.anims.busy() && !paused {
            if matches!(self.session.phase(), Phase::Enemy { .. }) {
                if self.enemy_pause > 0.0 {
                    self.enemy_pause -= dt * self.pace * if fast { anim::FAST } else { 1.0 };
                } else {
                    self.apply(Intent::Advance);
                    self.enemy_pause = if self.anims.busy() { ENEMY_GAP } else { 0.0 };
                }
            } else if !self.playback.is_empty() {
                self.play_back(dt);
            } else if self.script.is_empty()
                && !click_waits_for_menu(self.keys.next(), self.session.phase(), !self.menu_rects.is_empty())
                && let Some(held) = self.keys.pop()
            {
                // A key pressed or a click made while something moved: its turn now.
                match held {
                    Held::Intent(i) => self.apply(i),
                    // Made while the last blows and the banner played: the summary that came
                    // up since is closed by it, and it acts unless it was on the box.
                    Held::Click { at, cell } => {
                        if !self.click_closes_summary(at) {
                            self.click_at(at, cell);
                        }
                    }
                }
            } else if !self.script.is_empty() {
                self.script_wait -= dt;
                if self.script_wait <= 0.0
                    && let Some(t) = self.script.pop_front()
                {
                    self.play(t);
                    self.script_wait = TOKEN_SECS;
                }
            }
        }
        // The pointer moved while a blow played: the cursor (and the panel) catch up.
        if catches_up(
            self.pointer_stale,
            self.accepts_input() && !self.front_open() && !self.keys.waiting(),
            self.session.phase(),
        ) {
            self.pointer_stale = false;
            if let Some(c) = self.pointer.and_then(|p| self.cell_under(p.x, p.y)) {
                self.apply(Intent::Point(c));
            }
        }
        if matches!(self.session.phase(), Phase::Enemy { .. }) && self.keys.clear_keeping_release() {
            // Keys pressed during the enemy's turn are not the player's next moves, but a
            // release must still reach the session, or its key would stay held (the lost Z).
            self.session.input(Intent::Release);
        }
        let focus = self.focus();
        let view = self.layout.world_view();
        if self.recenter && !self.anims.busy() {
            self.recenter = false;
            let ready: Vec<Vec2> = self
                .session
                .battle()
                .ready(crate::game::versus::viewer(self.session.battle()))
                .map(|u| anim::cell_px(self.session.battle().unit(u).pos()))
                .collect();
            self.free_look = false;
            match view_for_player_phase(self.player_view.take(), focus, &ready, &self.camera, view) {
                Back::Corner(c) => {
                    self.camera.glide_to(c, view, false);
                    // Where the player left it, exactly: not nudged to keep a margin round
                    // the cursor (it shows; the keys take the view again when they move it).
                    self.free_look = true;
                }
                Back::Centre => self.camera.center_on(focus, view, false),
                Back::Stay => {}
            }
        }
        self.edge_scroll_step(dt, view);
        // A cursor the mouse moves is where the mouse is: the view does not chase it (that
        // would scroll the map under a still pointer). Animations and keys still lead it,
        // unless the player moved the view by hand.
        if self.anims.busy() || (!self.pointing.leads() && !self.free_look) {
            let enemy = matches!(self.session.phase(), Phase::Enemy { .. });
            let margin = follow_margin(self.pointing.leads(), enemy);
            self.camera.follow_with(focus, view, false, margin);
        }
        let before = self.camera.pos;
        self.camera.update(dt);
        if self.camera.pos != before {
            self.repoint();
        }
    }

    /// Edge scroll: the pointer resting within [`EDGE`] of the map view's border (inside the
    /// window) pushes the view that way.
    fn edge_scroll_step(&mut self, dt: f32, view: Rect) {
        if !self.edge_scroll || self.menu_open || self.history_view.is_some() || self.summary_shown() {
            return;
        }
        let Some(at) = self.pointer else { return };
        let p = self.layout.to_logical(at.x, at.y);
        let v = self.layout.map_view();
        if !v.contains(p) {
            return;
        }
        let dir = Vec2::new(
            if p.x < v.x + EDGE {
                -1.0
            } else if p.x > v.right() - EDGE {
                1.0
            } else {
                0.0
            },
            if p.y < v.y + EDGE {
                -1.0
            } else if p.y > v.bottom() - EDGE {
                1.0
            } else {
                0.0
            },
        );
        if dir != Vec2::ZERO {
            self.camera.pan(dir * EDGE_SPEED * dt / self.layout.scale, view);
            self.free_look = true;
        }
    }
}

/// Where the view goes when the player's phase begins.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Back {
    /// Back to where the player left it (the view's corner, world pixels).
    Corner(Vec2),
    /// Centred on the cursor.
    Centre,
    /// Where it is.
    Stay,
}

/// Where the view goes when the player's phase begins, its banner gone: back where the player
/// left it when ending the turn (`left`, the view's corner), so that the map is where it was
/// and a click planned on it lands where meant (issue 33's play: the enemy phase or an
/// arrival moved it, 7 cells once), when that view shows the cell the cursor starts the
/// phase on (`focus`, a unit of the player's). Otherwise (no view was left: a resumed enemy
/// phase; or the cursor's unit would be out of it) as before: centred on the cursor, unless
/// every unit that can act (`ready`) shows already.
pub(super) fn view_for_player_phase(left: Option<Vec2>, focus: Vec2, ready: &[Vec2], cam: &Camera, view: Rect) -> Back {
    if let Some(corner) = left {
        let mut back = cam.clone();
        back.glide_to(corner, view, true);
        if back.shows_all(&[focus], view) {
            return Back::Corner(corner);
        }
    }
    if cam.shows_all(ready, view) {
        Back::Stay
    } else {
        Back::Centre
    }
}

/// Tiles the camera keeps between what it follows and the view's edge: none while the mouse
/// leads in the player's phase (the view then moves only to keep a walking unit in sight:
/// issue 33's play found the map scrolled under the pointer after a click near the edge, so
/// the next click landed on the wrong cell), two for the keys and the enemy's moves.
pub(super) fn follow_margin(mouse_leads: bool, enemy_phase: bool) -> f32 {
    if mouse_leads && !enemy_phase {
        0.0
    } else {
        crate::game::camera::MARGIN_TILES
    }
}

/// True when the waiting press `next` is a click that must wait one more frame: the action
/// menu opened as the move it followed ended, and its entries are placed when it is first
/// drawn (issue 33: a click on the menu made 0.15 s after the move click came before that,
/// found no entry under it and was lost).
pub(super) fn click_waits_for_menu(next: Option<&Held>, phase: &Phase, menu_drawn: bool) -> bool {
    matches!(next, Some(Held::Click { .. })) && matches!(phase, Phase::Action { .. }) && !menu_drawn
}

/// True when the cursor goes to the pointer's cell now: the pointer moved while no input was
/// taken, input is taken again, and the cursor is the map's (not on a menu, not an enemy's
/// turn).
pub(super) fn catches_up(stale: bool, taking: bool, phase: &Phase) -> bool {
    stale && taking && matches!(phase, Phase::Select | Phase::Target { .. } | Phase::Inspect { .. })
}

#[cfg(test)]
mod click_tests {
    use super::*;
    use crate::play::phase::Action;
    use crate::rules::UnitId;

    /// Issue 33's play: a click on a unit one cell from the view's edge scrolled the map
    /// (the view chased the cursor with its two-tile margin), and the next click landed on
    /// the cell beside the one aimed at. A click gives the mouse the cursor, even with no
    /// motion before it (xdotool's `mousemove` sends one, which only sets where the pointer
    /// rests); the view then keeps still under it.
    #[test]
    fn a_click_near_the_views_edge_leaves_the_map_where_it_is() {
        use super::super::pointer::Pointing;
        use crate::game::anim::cell_px;
        use crate::game::assets::TILE;
        use crate::game::camera::Camera;
        let l = Layout::new(1280.0, 800.0, 1.0);
        let view = l.world_view();
        // A map larger than the view in both ways, seen from its top-left corner.
        let mut cam = Camera::new(60, 40);
        cam.follow(Vec2::ZERO, view, true);
        let before = cam.pos;
        // The cell one tile in from the view's right edge, and the window pixel on it.
        let cells = ((view.w / TILE) as i32, (view.h / TILE) as i32);
        let near_edge = Pos::new(cells.0 - 2, cells.1 - 2);
        let at = l.to_screen(cell_px(near_edge), cam.pos) + Vec2::splat(TILE / 2.0);
        assert_eq!(l.cell_at(at.x, at.y, cam.pos), Some(near_edge));
        let mut p = Pointing::default();
        assert!(!p.moved(at), "the one motion only rests the pointer");
        p.clicked(at, Some(near_edge));
        // Selected there, then walking one cell further, still in sight.
        for step in [near_edge, Pos::new(near_edge.x + 1, near_edge.y)] {
            cam.follow_with(cell_px(step), view, true, follow_margin(p.leads(), false));
            assert_eq!(cam.pos, before, "the map stays put under the pointer ({step})");
        }
        assert_eq!(
            l.cell_at(at.x, at.y, cam.pos),
            Some(near_edge),
            "the next click hits the same cell"
        );
        // A walk out of sight still brings the unit back into view.
        let out = Pos::new(cells.0 + 3, near_edge.y);
        cam.follow_with(cell_px(out), view, true, follow_margin(p.leads(), false));
        assert!(cam.shows_all(&[cell_px(out)], view));
        // The keys, and the enemy's moves, keep their margin.
        assert_eq!(follow_margin(false, false), crate::game::camera::MARGIN_TILES);
        assert_eq!(follow_margin(true, true), crate::game::camera::MARGIN_TILES);
    }

    /// Issue 33's play: the map shifted between turns (the enemy phase and an arrival moved
    /// the view; 7 cells once, 16 pixels on the river), so a click planned on the last
    /// picture landed elsewhere. The player's phase brings the view back where the player
    /// left it, to the pixel, when the cursor's unit shows there; else it goes to that unit.
    #[test]
    fn the_players_phase_brings_the_view_back_where_the_player_left_it() {
        use crate::game::anim::cell_px;
        use crate::game::camera::Camera;
        let l = Layout::new(1280.0, 800.0, 1.0);
        let view = l.world_view();
        let mut cam = Camera::new(60, 40);
        // The player left the view a little off the top-left corner, Kiny in it.
        cam.look_at(Vec2::new(70.0, 45.0), view);
        let left = cam.target();
        let kiny = cell_px(Pos::new(6, 5));
        // The enemy phase took the view to the far corner (an arrival there).
        cam.center_on(cell_px(Pos::new(58, 38)), view, true);
        let back = view_for_player_phase(Some(left), kiny, &[kiny], &cam, view);
        assert_eq!(back, Back::Corner(left));
        cam.glide_to(left, view, true);
        assert_eq!(cam.pos, left, "to the pixel");
        // The old rule moved it: centred on Kiny (the enemy phase's view showed no unit).
        let mut old = Camera::new(60, 40);
        old.center_on(cell_px(Pos::new(58, 38)), view, true);
        old.center_on(kiny, view, true);
        assert_ne!(old.pos, left);
        // Kiny would be out of the view left (he was carried off, say): centred on him.
        let far = cell_px(Pos::new(50, 30));
        assert_eq!(view_for_player_phase(Some(left), far, &[far], &cam, view), Back::Centre);
        // No view left (a save made in the enemy phase): as before.
        assert_eq!(view_for_player_phase(None, kiny, &[kiny], &cam, view), Back::Stay);
    }

    #[test]
    fn a_click_made_during_the_move_waits_until_the_menu_is_drawn() {
        let click = Held::Click {
            at: Vec2::new(230.0, 337.0),
            cell: None,
        };
        let menu = Phase::Action {
            unit: UnitId(0),
            options: vec![Action::Wait],
            choice: 0,
        };
        assert!(click_waits_for_menu(Some(&click), &menu, false));
        assert!(!click_waits_for_menu(Some(&click), &menu, true), "drawn: its turn now");
        assert!(!click_waits_for_menu(Some(&click), &Phase::Select, false));
        assert!(
            !click_waits_for_menu(Some(&Held::Intent(Intent::Confirm)), &menu, false),
            "keys need no entry rects"
        );
        assert!(!click_waits_for_menu(None, &menu, false));
    }

    /// Issue 33: after an attack, the pointer moved onto another unit while the blow played;
    /// the panel stayed on the old one. Once input is taken, the cursor goes to the pointer.
    #[test]
    fn the_cursor_catches_up_with_a_pointer_moved_during_a_blow() {
        assert!(catches_up(true, true, &Phase::Select));
        assert!(!catches_up(true, false, &Phase::Select), "not while the blow plays");
        assert!(!catches_up(false, true, &Phase::Select), "the pointer did not move");
        let menu = Phase::Action {
            unit: UnitId(0),
            options: vec![Action::Wait],
            choice: 0,
        };
        assert!(!catches_up(true, true, &menu), "on a menu the pointer chooses entries");
    }
}
