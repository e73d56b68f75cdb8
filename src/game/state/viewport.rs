//! What the window shows of the board: the layout at the player's zoom step, where units are
//! drawn, and what the camera keeps in view.

use super::*;
use crate::game::hud::text::wrap;

/// Characters of the objective line's text (size 12) in a window `w` drawing units wide.
pub(in crate::game) fn objective_chars(w: f32) -> usize {
    ((w - 20.0) / (12.0 * crate::game::view::CHAR_W)) as usize
}

/// Rows the objective line takes: its words' `goal` rows (at most two), and with cells to
/// defend (`holds`) one more for the danger view's warning, kept whether or not a warning
/// shows now (`_warning`): issue 33's play found the map pushed down a row when the
/// warning came, so the next click landed on the cell above the one aimed at. The map's
/// place on screen changes only with the window.
pub(in crate::game) fn goal_rows(goal: usize, holds: bool, _warning: bool) -> u8 {
    (goal.min(2) + usize::from(holds)) as u8
}

impl GameState {
    /// The layout of the window now, at the player's zoom step, with room for the objective
    /// line's rows.
    pub(super) fn refresh_layout(&mut self, ctx: &Context) {
        let full = Layout {
            goal_rows: self.goal_rows(Layout::of(ctx, 1.0).w),
            ..Layout::of(ctx, 1.0)
        };
        let m = self.session.battle().map();
        let map = Vec2::new(m.width() as f32 * TILE, m.height() as f32 * TILE);
        let steps = zoom_steps(full.map_view(), map);
        self.zoom_step = self.zoom_step.min(steps.len() - 1);
        self.layout = Layout {
            scale: steps[self.zoom_step],
            ..full
        };
    }

    /// Rows the objective line needs in a window `w` drawing units wide (see [`goal_rows`]).
    pub(super) fn goal_rows(&mut self, w: f32) -> u8 {
        let b = self.session.battle();
        let chars = objective_chars(w);
        let goal = super::super::hud::text::objective_line(b, chars).map_or(0, |g| wrap(&g, chars).len().min(2));
        let warn = self.session.show_danger()
            && !b.goals().hold.is_empty()
            && !self.zones.hold_threats(b, self.session.profiles()).is_empty();
        // Under fog, one more row: what the fog hides from the danger view.
        goal_rows(goal, !b.goals().hold.is_empty(), warn) + u8::from(b.fog())
    }

    /// Zooms out (+1) or in (-1) one step, keeping the cursor in view.
    pub(super) fn zoom(&mut self, out: i32) {
        self.zoom_step = self.zoom_step.saturating_add_signed(out as isize);
        self.zoom_anchor = None;
        self.zoom_changed = true;
    }

    /// A wheel notch: zooms one step keeping the map point under the pointer where it is (the
    /// log box, when open, scrolls instead).
    pub(super) fn wheel_step(&mut self, out: i32) {
        if let Some(up) = &mut self.history_view {
            *up = if out > 0 { up.saturating_sub(3) } else { *up + 3 };
            return;
        }
        self.zoom_step = self.zoom_step.saturating_add_signed(out as isize);
        self.zoom_anchor = self
            .pointer
            .filter(|p| self.layout.map_view().contains(self.layout.to_logical(p.x, p.y)));
        self.zoom_changed = true;
    }

    /// After a zoom step: the point under the pointer stays (wheel), else the cursor is
    /// centred (keys).
    pub(super) fn refit_zoom(&mut self) {
        let before = self.layout;
        let cam = self.camera.pos.round();
        match self.zoom_anchor.take() {
            Some(at) => {
                // Layout::refresh ran already with the new scale; `before` is the frame's.
                let p = before.to_logical(at.x, at.y);
                let old = self.drawn_scale;
                let world = p / old + cam;
                let now = self.layout.scale;
                self.camera.look_at(world - p / now, self.layout.world_view());
                self.free_look = true;
            }
            None => self
                .camera
                .center_on(anim::cell_px(self.session.cursor()), self.layout.world_view(), true),
        }
        self.drawn_scale = self.layout.scale;
    }

    /// Where unit `id` is drawn (top-left, world pixels).
    pub(in crate::game) fn unit_px(&self, id: UnitId) -> Vec2 {
        self.anims.unit_px(id, self.session.battle().unit(id).pos())
    }

    /// What the camera should keep in view: the animated unit, else the cursor in the
    /// player's phases, else wherever it last looked.
    pub(super) fn focus(&mut self) -> Vec2 {
        let f = match self.anims.current().map(|a| &a.kind) {
            Some(Kind::Move { unit, .. } | Kind::Focus { unit } | Kind::Arrive { unit } | Kind::Alarm { unit }) => {
                Some(self.unit_px(*unit))
            }
            Some(Kind::Strike { defender, .. }) => Some(self.unit_px(*defender)),
            Some(Kind::Banner { .. } | Kind::LevelUp { .. } | Kind::Note) | None => match self.session.phase() {
                Phase::Enemy { .. } => None,
                _ => Some(anim::cell_px(self.session.cursor())),
            },
        };
        if let Some(f) = f {
            self.last_focus = f;
        }
        self.last_focus
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::view::Regions;

    /// Issue 33's play: turning the danger view on (or an enemy coming within reach of a
    /// cell to defend) added the warning's row and pushed the map down 15 pixels, so the
    /// next click landed on the cell above. The row is kept for every scenario with cells to
    /// defend, warning or not: the map's place changes only with the window.
    #[test]
    fn the_map_keeps_its_place_when_the_defend_warning_comes_and_goes() {
        for (pw, ph) in [(640.0, 480.0), (800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let l = Layout::new(pw, ph, 1.0);
            for goal in 0..=2 {
                let quiet = Regions::of(l.w, l.h, goal_rows(goal, true, false));
                let warned = Regions::of(l.w, l.h, goal_rows(goal, true, true));
                assert_eq!(quiet.map, warned.map, "{pw}x{ph}, {goal} rows of objective");
                // The warning has its row under the objective's.
                assert_eq!(goal_rows(goal, true, true), goal as u8 + 1);
            }
            // Nothing to defend: no row for a warning that never comes.
            assert_eq!(goal_rows(1, false, false), 1);
        }
    }
}
