//! Keys and mouse: the key map and the handlers that turn presses, clicks and pointer
//! moves into the engine's intents.

use super::*;

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyAction {
    Intent(Intent),
    Danger,
    Fast,
    Restart,
    Quit,
    Save,
    Load,
    Reload,
    /// Previous (-1) or next (+1) scenario of the scenario's folder.
    Scenario(i32),
}

/// The key map. Letters go by the character they type, so they follow the keyboard layout.
fn command(key: &Key) -> Option<KeyAction> {
    let c = match key {
        Key::Named(NamedKey::ArrowUp) => KeyAction::Intent(Intent::Cursor(Dir::Up)),
        Key::Named(NamedKey::ArrowDown) => KeyAction::Intent(Intent::Cursor(Dir::Down)),
        Key::Named(NamedKey::ArrowLeft) => KeyAction::Intent(Intent::Cursor(Dir::Left)),
        Key::Named(NamedKey::ArrowRight) => KeyAction::Intent(Intent::Cursor(Dir::Right)),
        Key::Named(NamedKey::Space | NamedKey::Enter) => KeyAction::Intent(Intent::Confirm),
        Key::Named(NamedKey::Escape | NamedKey::Backspace) => KeyAction::Intent(Intent::Cancel),
        Key::Named(NamedKey::F5) => KeyAction::Reload,
        Key::Named(NamedKey::PageUp) => KeyAction::Scenario(-1),
        Key::Named(NamedKey::PageDown) => KeyAction::Scenario(1),
        Key::Character(s) => match s.to_lowercase().as_str() {
            "z" => KeyAction::Intent(Intent::Confirm),
            "x" => KeyAction::Intent(Intent::Cancel),
            "e" => KeyAction::Intent(Intent::EndTurn),
            "u" => KeyAction::Intent(Intent::Undo),
            "n" => KeyAction::Intent(Intent::NextUnit),
            "d" => KeyAction::Danger,
            "f" => KeyAction::Fast,
            "r" => KeyAction::Restart,
            "q" => KeyAction::Quit,
            "s" => KeyAction::Save,
            "l" => KeyAction::Load,
            "[" => KeyAction::Scenario(-1),
            "]" => KeyAction::Scenario(1),
            _ => return None,
        },
        _ => return None,
    };
    Some(c)
}

/// Pixels the mouse must travel before it takes the cursor back from the keys.
pub(super) const MOUSE_SLOP: f32 = 6.0;

impl GameState {
    /// A click on cell `p`: point and confirm there; in the action menu, a click on a
    /// target attacks it and a click on the unit itself waits.
    pub(super) fn click_cell(&mut self, p: Pos) {
        if let Phase::Action { unit, options, .. } = &self.session.phase {
            let b = &self.session.battle();
            let pick = options.iter().position(|o| match o {
                Action::Attack(t) => b.unit(*t).pos == p,
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

    /// Highlights action-menu entry `i` (by stepping the choice, as the keys do).
    pub(super) fn choose(&mut self, i: usize) {
        if let Phase::Action { options, choice, .. } = &self.session.phase {
            let n = options.len();
            let steps = (i + n - choice % n.max(1)) % n.max(1);
            for _ in 0..steps {
                self.apply(Intent::Cursor(Dir::Down));
            }
        }
    }

    /// The map cell under window pixel (`x`, `y`), if the map shows there.
    pub(super) fn cell_under(&self, x: f32, y: f32) -> Option<Pos> {
        let p = self.layout.to_logical(x, y);
        if !self.layout.map_view().contains(p) {
            return None;
        }
        let w = p + self.camera.pos.round();
        let c = Pos::new((w.x / TILE).floor() as i32, (w.y / TILE).floor() as i32);
        self.session.battle().map().contains(c).then_some(c)
    }

    pub(super) fn menu_entry_under(&self, x: f32, y: f32) -> Option<usize> {
        let p = self.layout.to_logical(x, y);
        self.menu_rects.iter().position(|r| r.contains(p))
    }

    pub(super) fn key_down(&mut self, ctx: &mut Context, input: KeyInput, repeated: bool) -> GameResult {
        // Overriding this drops ggez's quit on Escape, which cancels here.
        match command(&input.event.logical_key) {
            Some(KeyAction::Quit) => ctx.request_quit(),
            Some(KeyAction::Fast) if !repeated => self.fast = !self.fast,
            Some(KeyAction::Danger) if !repeated => self.session.show_danger = !self.session.show_danger,
            Some(KeyAction::Restart) if !repeated => self.restart(),
            Some(KeyAction::Reload) if !repeated => self.reload(),
            Some(KeyAction::Save) if !repeated && self.accepts_input() => self.save(),
            Some(KeyAction::Load) if !repeated && self.accepts_input() => self.load(),
            Some(KeyAction::Scenario(step)) if !repeated => self.switch_scenario(step),
            Some(KeyAction::Intent(i)) if self.accepts_input() => {
                // The keys have the cursor until the mouse moves again.
                self.mouse_live = false;
                self.mouse_cell = None;
                self.mouse_rest = Some(ctx.mouse.position().into());
                self.apply(i);
            }
            _ => {}
        }
        Ok(())
    }

    pub(super) fn key_up(&mut self, _ctx: &mut Context, input: KeyInput) -> GameResult {
        if command(&input.event.logical_key) == Some(KeyAction::Intent(Intent::Confirm)) {
            // Always let go, even mid-animation, so the button never stays held.
            self.apply(Intent::Release);
        }
        Ok(())
    }

    pub(super) fn mouse_motion(&mut self, _ctx: &mut Context, x: f32, y: f32, _dx: f32, _dy: f32) -> GameResult {
        // A pointer that merely rests over the window (or just entered it) does not point.
        if !self.mouse_live {
            let at = Vec2::new(x, y);
            match self.mouse_rest {
                Some(rest) if rest.distance(at) >= MOUSE_SLOP => self.mouse_live = true,
                Some(_) => return Ok(()),
                None => {
                    self.mouse_rest = Some(at);
                    return Ok(());
                }
            }
        }
        if !self.accepts_input() {
            return Ok(());
        }
        if matches!(self.session.phase, Phase::Action { .. }) {
            if let Some(i) = self.menu_entry_under(x, y) {
                self.choose(i);
            }
            return Ok(());
        }
        let cell = self.cell_under(x, y);
        if cell.is_some() && cell != self.mouse_cell {
            self.mouse_cell = cell;
            if let Some(c) = cell {
                self.apply(Intent::Point(c));
            }
        }
        Ok(())
    }

    pub(super) fn mouse_button_down(&mut self, _ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        if !self.accepts_input() {
            return Ok(());
        }
        match button {
            MouseButton::Left => {
                if let Some(i) = self.menu_entry_under(x, y) {
                    self.choose(i);
                    self.apply(Intent::Confirm);
                    self.apply(Intent::Release);
                } else if let Some(c) = self.cell_under(x, y) {
                    self.click_cell(c);
                }
            }
            MouseButton::Right => self.apply(Intent::Cancel),
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_cancels_and_q_quits() {
        assert_eq!(
            command(&Key::Named(NamedKey::Escape)),
            Some(KeyAction::Intent(Intent::Cancel))
        );
        assert_eq!(command(&Key::Character("Q".into())), Some(KeyAction::Quit));
        assert_eq!(
            command(&Key::Character("z".into())),
            Some(KeyAction::Intent(Intent::Confirm))
        );
        assert_eq!(command(&Key::Character("w".into())), None);
    }
}
