//! What the window shows of the board: the layout at the player's zoom step, where units are
//! drawn, and what the camera keeps in view.

use super::*;

impl GameState {
    /// The layout of the window now, at the player's zoom step.
    pub(super) fn refresh_layout(&mut self, ctx: &Context) {
        let full = Layout::of(ctx, 1.0);
        let m = self.session.battle().map();
        let map = Vec2::new(m.width() as f32 * TILE, m.height() as f32 * TILE);
        let steps = zoom_steps(full.map_view(), map);
        self.zoom_step = self.zoom_step.min(steps.len() - 1);
        self.layout = Layout {
            scale: steps[self.zoom_step],
            ..full
        };
    }

    /// Zooms out (+1) or in (-1) one step, keeping the cursor in view.
    pub(super) fn zoom(&mut self, out: i32) {
        self.zoom_step = self.zoom_step.saturating_add_signed(out as isize);
        self.zoom_changed = true;
    }

    /// Where unit `id` is drawn (top-left, world pixels).
    pub(in crate::game) fn unit_px(&self, id: UnitId) -> Vec2 {
        self.anims.unit_px(id, self.session.battle().unit(id).pos)
    }

    /// What the camera should keep in view: the animated unit, else the cursor in the
    /// player's phases, else wherever it last looked.
    pub(super) fn focus(&mut self) -> Vec2 {
        let f = match self.anims.current().map(|a| &a.kind) {
            Some(Kind::Move { unit, .. } | Kind::Focus { unit } | Kind::Arrive { unit }) => Some(self.unit_px(*unit)),
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
