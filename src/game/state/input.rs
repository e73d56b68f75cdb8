//! Keys and mouse: the key map and the handlers that turn presses, clicks and pointer
//! moves into the engine's intents.

use super::*;
use crate::game::buttons::{self, Button, Press};

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
    /// Zoom out (+1) or in (-1).
    Zoom(i32),
    /// Yes to a question.
    Yes,
}

/// Keys pressed while the board animates, kept in order and played when it is idle, so a
/// quick Z Z moves and then picks from the menu instead of losing the second press.
#[derive(Debug, Default)]
pub(super) struct KeyBuffer {
    keys: VecDeque<Intent>,
}

impl KeyBuffer {
    /// At most this many presses wait (a held key's repeats beyond it are dropped).
    const MAX: usize = 12;

    /// Keeps `i` for later.
    pub(super) fn push(&mut self, i: Intent) {
        if self.keys.len() < Self::MAX {
            self.keys.push_back(i);
        }
    }

    /// The oldest waiting press.
    pub(super) fn pop(&mut self) -> Option<Intent> {
        self.keys.pop_front()
    }

    /// True when presses are waiting (new ones must queue behind them).
    pub(super) fn waiting(&self) -> bool {
        !self.keys.is_empty()
    }

    /// Forgets every waiting press.
    pub(super) fn clear(&mut self) {
        self.keys.clear();
    }
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
        Key::Named(NamedKey::Tab) => KeyAction::Intent(Intent::NextEnemy),
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
            "y" => KeyAction::Yes,
            "+" | "=" => KeyAction::Zoom(-1),
            "-" | "_" => KeyAction::Zoom(1),
            _ => return None,
        },
        _ => return None,
    };
    Some(c)
}

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

impl GameState {
    /// A click on cell `p`: point and confirm there; in the action menu, a click on a
    /// target attacks it and a click on the unit itself waits.
    pub(super) fn click_cell(&mut self, p: Pos) {
        if let Phase::Action { unit, options, .. } = &self.session.phase() {
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

    pub(super) fn menu_entry_under(&self, x: f32, y: f32) -> Option<usize> {
        let p = self.layout.to_logical(x, y);
        self.menu_rects.iter().position(|r| r.contains(p))
    }

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
        assert_eq!(
            command(&Key::Named(NamedKey::Tab)),
            Some(KeyAction::Intent(Intent::NextEnemy))
        );
        assert_eq!(command(&Key::Character("+".into())), Some(KeyAction::Zoom(-1)));
        assert_eq!(command(&Key::Character("-".into())), Some(KeyAction::Zoom(1)));
    }

    #[test]
    fn a_second_confirm_pressed_during_the_move_picks_from_the_menu() {
        use crate::fixture::{Scene, enemy, player, profiles};
        let scene = Scene::parse("P . . . . . E");
        let mut s = Session::new(scene.battle(&[player('P'), enemy('E', "guard", 1)]), profiles(""));
        let mut keys = KeyBuffer::default();
        for i in [Intent::Confirm, Intent::Release, Intent::Cursor(Dir::Right)] {
            s.input(i);
        }
        // Z: the unit starts walking (the board is busy)...
        s.input(Intent::Confirm);
        assert!(matches!(s.phase(), Phase::Action { .. }));
        s.input(Intent::Release);
        // ...and Z again before the walk is over: kept, with its release.
        keys.push(Intent::Confirm);
        keys.push(Intent::Release);
        assert!(keys.waiting());
        // The walk ends: the buffered press picks the menu's choice (wait).
        while let Some(i) = keys.pop() {
            s.input(i);
        }
        assert!(
            matches!(s.phase(), Phase::Enemy { .. }),
            "the second Z waited, the last unit acted and the enemy's turn began: {:?}",
            s.phase()
        );
    }

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

    #[test]
    fn the_buffer_keeps_order_and_a_bound() {
        let mut keys = KeyBuffer::default();
        for _ in 0..20 {
            keys.push(Intent::Cursor(Dir::Up));
        }
        keys.push(Intent::Confirm);
        let n = std::iter::from_fn(|| keys.pop()).count();
        assert_eq!(n, KeyBuffer::MAX, "a held key does not pile up without end");
        keys.push(Intent::Confirm);
        keys.push(Intent::Release);
        assert_eq!(keys.pop(), Some(Intent::Confirm));
        assert_eq!(keys.pop(), Some(Intent::Release));
        keys.push(Intent::Confirm);
        keys.clear();
        assert!(!keys.waiting());
    }
}
