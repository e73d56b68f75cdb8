//! Keys and mouse: the handlers that turn presses, clicks and pointer moves into the engine's
//! intents (the key map is in `keys`, who leads the cursor in `pointer`).

use super::keys::{KeyAction, command};
use super::pointer::{jumps_cursor, mouse_intent};
use super::*;
use crate::game::buttons::{self, Button, Press};

impl GameState {
    /// A click on cell `p`: point and confirm there; in the action menu, a click on a
    /// target attacks it and a click on the unit itself waits.
    pub(super) fn click_cell(&mut self, p: Pos) {
        if let Phase::Action { unit, options, .. } = &self.session.phase() {
            let b = &self.session.battle();
            let pick = options.iter().position(|o| match o {
                Action::Attack(t) | Action::Heal(t) => b.unit(*t).pos == p,
                Action::Wait => b.unit(*unit).pos == p,
            });
            if let Some(i) = pick {
                self.choose(i);
                self.apply(Intent::Confirm);
                self.apply(Intent::Release);
            }
            return;
        }
        self.apply(Intent::Point(p));
        self.apply(Intent::Confirm);
        self.apply(Intent::Release);
    }

    /// A left click at window pixel (`x`, `y`): a button, else an action-menu entry, else a
    /// map cell.
    pub(super) fn left_click(&mut self, x: f32, y: f32) {
        if let Some(b) = buttons::hit(&self.buttons_now(), self.layout.to_logical(x, y)) {
            self.press(b);
        } else if let Some(i) = self.menu_entry_under(x, y) {
            self.choose(i);
            self.apply(Intent::Confirm);
            self.apply(Intent::Release);
        } else if let Some(c) = self.cell_under(x, y) {
            self.click_cell(c);
        }
    }

    /// Does what button `b` does.
    pub(super) fn press(&mut self, b: Button) {
        match b.press() {
            Press::ToggleDanger => self.session.set_show_danger(!self.session.show_danger()),
            Press::Intent(i) => self.mouse_applies(i),
        }
    }

    /// An intent from a mouse button: one that jumps the cursor hands the view to it.
    fn mouse_applies(&mut self, i: Intent) {
        if jumps_cursor(i) {
            self.pointing.hand_to_keys(self.pointer);
        }
        self.apply(i);
    }

    /// Highlights action-menu entry `i` (by stepping the choice, as the keys do).
    pub(super) fn choose(&mut self, i: usize) {
        if let Phase::Action { options, choice, .. } = &self.session.phase() {
            let n = options.len();
            let steps = (i + n - choice % n.max(1)) % n.max(1);
            for _ in 0..steps {
                self.apply(Intent::Cursor(Dir::Down));
            }
        }
    }

    /// The map cell under window pixel (`x`, `y`), if the map shows there.
    pub(super) fn cell_under(&self, x: f32, y: f32) -> Option<Pos> {
        let c = self.layout.cell_at(x, y, self.camera.pos)?;
        self.session.battle().map().contains(c).then_some(c)
    }

    /// The view moved under a pointer that is driving the cursor: the cursor goes to the
    /// cell now under it, so the highlight and a click agree.
    pub(super) fn repoint(&mut self) {
        if !self.pointing.leads() || !self.accepts_input() || matches!(self.session.phase(), Phase::Action { .. }) {
            return;
        }
        let Some(at) = self.pointer else { return };
        let cell = self.cell_under(at.x, at.y);
        if self.pointing.points_at(cell)
            && let Some(c) = cell
        {
            self.apply(Intent::Point(c));
        }
    }

    /// The action menu's entry under the window point (`x`, `y`), if any.
    pub(super) fn menu_entry_under(&self, x: f32, y: f32) -> Option<usize> {
        let p = self.layout.to_logical(x, y);
        self.menu_rects.iter().position(|r| r.contains(p))
    }

    /// A key press: mapped to an action, kept while the board is busy, or acted on.
    pub(super) fn key_down(&mut self, ctx: &mut Context, input: KeyInput, repeated: bool) -> GameResult {
        // Overriding this drops ggez's quit on Escape, which cancels here.
        let mut action = command(&input.event.logical_key);
        if self.session.pending().is_some() {
            // A question is open: Y answers yes; N, X, Esc answer no; other keys wait.
            action = match action {
                Some(KeyAction::Yes) => Some(KeyAction::Intent(Intent::Yes)),
                Some(KeyAction::Intent(Intent::NextUnit | Intent::Cancel)) => Some(KeyAction::Intent(Intent::No)),
                _ => None,
            };
        }
        match action {
            Some(KeyAction::Quit) if !repeated => self.apply(Intent::Request(Ask::Quit)),
            Some(KeyAction::Fast) if !repeated => self.fast = !self.fast,
            Some(KeyAction::Notes) if !repeated => {
                self.notes = !self.notes;
                self.say(format!(
                    "AI notes {}",
                    if self.notes { "on: each enemy's reasons" } else { "off" }
                ));
            }
            Some(KeyAction::Danger) if !repeated => self.session.set_show_danger(!self.session.show_danger()),
            Some(KeyAction::Restart) if !repeated => self.apply(Intent::Request(Ask::Restart)),
            Some(KeyAction::Reload) if !repeated => self.reload(),
            Some(KeyAction::Zoom(out)) => self.zoom(out),
            Some(KeyAction::Save) if !repeated && self.accepts_input() => self.save(),
            Some(KeyAction::Load) if !repeated && self.accepts_input() => self.apply(Intent::Request(Ask::Load)),
            Some(KeyAction::Scenario(step)) if !repeated => self.apply(Intent::Request(Ask::Scenario(step))),
            Some(KeyAction::Intent(i @ (Intent::Yes | Intent::No))) => self.apply(i),
            Some(KeyAction::Intent(i)) => {
                // The keys have the cursor until the mouse moves again.
                self.pointing.hand_to_keys(Some(ctx.mouse.position().into()));
                if self.accepts_input() && !self.keys.waiting() {
                    self.apply(i);
                } else if !matches!(self.session.phase(), Phase::Enemy { .. }) && self.script.is_empty() {
                    // Busy animating: the press waits its turn instead of being lost.
                    self.keys.push(i);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A key let go: the confirm key's release, in order with its press.
    pub(super) fn key_up(&mut self, _ctx: &mut Context, input: KeyInput) -> GameResult {
        if command(&input.event.logical_key) == Some(KeyAction::Intent(Intent::Confirm)) {
            if self.keys.waiting() {
                // Its press is waiting: so does its release, in order.
                self.keys.push(Intent::Release);
            } else {
                // Always let go, even mid-animation, so the button never stays held.
                self.apply(Intent::Release);
            }
        }
        Ok(())
    }

    /// The pointer moved: the cursor follows it over the map once it leads.
    pub(super) fn mouse_motion(&mut self, _ctx: &mut Context, x: f32, y: f32, _dx: f32, _dy: f32) -> GameResult {
        self.pointer = Some(Vec2::new(x, y));
        if !self.pointing.moved(Vec2::new(x, y)) {
            return Ok(());
        }
        if !self.accepts_input() {
            return Ok(());
        }
        if matches!(self.session.phase(), Phase::Action { .. }) {
            if let Some(i) = self.menu_entry_under(x, y) {
                self.choose(i);
            }
            return Ok(());
        }
        let cell = self.cell_under(x, y);
        if self.pointing.points_at(cell)
            && let Some(c) = cell
        {
            self.apply(Intent::Point(c));
        }
        Ok(())
    }

    /// A mouse button pressed: buttons, menu entries and map cells.
    pub(super) fn mouse_button_down(&mut self, _ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        if !self.accepts_input() {
            // The danger zone can be looked at any time, as with D.
            if button == MouseButton::Left
                && buttons::hit(&self.buttons_now(), self.layout.to_logical(x, y)) == Some(Button::Danger)
            {
                self.press(Button::Danger);
            }
            return Ok(());
        }
        match button {
            MouseButton::Left => self.left_click(x, y),
            other => {
                if let Some(i) = mouse_intent(other) {
                    self.mouse_applies(i);
                }
            }
        }
        Ok(())
    }
}
