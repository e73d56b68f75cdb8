//! Keys and mouse: the handlers that turn presses, clicks, drags and pointer moves into the
//! engine's intents and the screen's own actions (the game menu, the log box, the enemy
//! phase's summary). The key map is in `keys`, who leads the cursor in `pointer`.

use super::keys::{Held, KeyAction};
use super::pointer::{Drag, jumps_cursor, mouse_intent};
use super::*;
use crate::game::buttons::{self, Button, Placed, Press};
use crate::game::controls::{Control, PadButton};

impl GameState {
    /// A click on cell `p`: point and confirm there; in the action menu, a click on a
    /// target attacks it and a click on the unit itself waits; at a canto unit's Move / Wait
    /// menu, a click on a cell of its range moves there.
    pub(super) fn click_cell(&mut self, p: Pos) {
        if let Phase::Action { unit, options, .. } = &self.session.phase() {
            let b = &self.session.battle();
            let pick = options.iter().position(|o| match o {
                Action::Attack(t) | Action::Heal(t) => b.unit(*t).pos() == p,
                Action::Wait => b.unit(*unit).pos() == p,
                Action::Move => false,
            });
            let second = options.iter().position(|o| *o == Action::Move);
            let reached = self.session.canto_range().is_some_and(|r| r.contains(p));
            if let Some(i) = pick {
                self.choose(i);
                self.apply(Intent::Confirm);
                self.apply(Intent::Release);
            } else if let Some(i) = second.filter(|_| reached) {
                self.choose(i);
                for intent in [
                    Intent::Confirm,
                    Intent::Release,
                    Intent::Point(p),
                    Intent::Confirm,
                    Intent::Release,
                ] {
                    self.apply(intent);
                }
            }
            return;
        }
        if click_deselects(self.session.battle(), self.session.phase(), p) {
            self.apply(Intent::Cancel);
            return;
        }
        self.apply(Intent::Point(p));
        self.apply(Intent::Confirm);
        self.apply(Intent::Release);
    }

    /// A left click at window pixel (`x`, `y`): a button, else an action-menu entry, else a
    /// map cell.
    pub(super) fn left_click(&mut self, x: f32, y: f32) {
        let cell = self.cell_under(x, y);
        self.click_at(Vec2::new(x, y), cell);
    }

    /// A left click at window pixel `at` on map cell `cell` (the cell under it when it was
    /// made: a click kept while something moved acts on what the player saw).
    pub(super) fn click_at(&mut self, at: Vec2, cell: Option<Pos>) {
        if let Some(b) = buttons::hit(&self.buttons_now(), self.layout.to_logical(at.x, at.y)) {
            self.press(b);
        } else if self.menu_open {
            // A click beside the game menu closes it.
            self.menu_open = false;
        } else if self.history_view.is_some() || self.session.pending().is_some() {
        } else if let Some(i) = self.menu_entry_under(at.x, at.y) {
            self.choose(i);
            self.apply(Intent::Confirm);
            self.apply(Intent::Release);
        } else if let Some(c) = cell {
            // The click is the mouse's: the view stays still under it (see `Pointing::clicked`).
            self.pointing.clicked(at, cell);
            self.click_cell(c);
        }
    }

    /// A click at window pixel `at` while the enemy phase's summary shows closes it; true when
    /// that is all it does (it was on the box). A click beside the box acts there as well
    /// (issue 33's play: the first click after the summary was eaten closing it).
    pub(super) fn click_closes_summary(&mut self, at: Vec2) -> bool {
        let Some(lines) = self.summary.clone().filter(|_| self.summary_shown()) else {
            return false;
        };
        let (bx, _) = self.summary_layout(&lines);
        self.dismiss_summary();
        summary_takes_click(bx, self.layout.to_logical(at.x, at.y))
    }

    /// Moves the game menu's chosen entry by `d`, over the entries that can be pressed now.
    pub(in crate::game) fn step_menu(&mut self, d: i32) {
        let list: Vec<Placed> = self
            .buttons_now()
            .into_iter()
            .filter(|p| buttons::MENU.contains(&p.button))
            .collect();
        if let Some(i) = buttons::step_choice(&list, self.menu_at, d) {
            self.menu_at = Some(i);
        }
    }

    /// The game menu's entry chosen with the keys or the pad, when it can be pressed.
    pub(in crate::game) fn menu_choice(&self) -> Option<Button> {
        let i = self.menu_at?;
        self.buttons_now()
            .into_iter()
            .filter(|p| buttons::MENU.contains(&p.button))
            .nth(i)
            .filter(|p| p.enabled)
            .map(|p| p.button)
    }

    /// Does what button `b` does.
    pub(super) fn press(&mut self, b: Button) {
        // A menu entry closes the menu (the switches keep it open, to see them switch).
        if self.menu_open && !b.switch() && b != Button::Menu {
            self.menu_open = false;
        }
        match b.press() {
            Press::ToggleDanger => self.session.set_show_danger(!self.session.show_danger()),
            Press::Intent(i) => self.mouse_applies(i),
            Press::Screen(b) => self.screen_press(b),
        }
    }

    /// What the battle screen does itself: menus, the log, files and settings.
    pub(super) fn screen_press(&mut self, b: Button) {
        match b {
            Button::Menu => {
                self.menu_open = !self.menu_open;
                self.menu_at = None;
            }
            Button::Resume => self.menu_open = false,
            Button::Log => self.toggle_history(),
            Button::Save if self.accepts_input() => self.save(),
            Button::Save => self.say("save: wait until the board is still".into()),
            Button::Options => {
                self.wants_options = true;
                self.say("options requested".into());
            }
            Button::Reload => self.reload(),
            Button::Fast => self.fast = !self.fast,
            Button::Notes => self.toggle_notes(),
            Button::EdgeScroll => {
                self.edge_scroll = !self.edge_scroll;
                let on = if self.edge_scroll { "on" } else { "off" };
                self.say(format!("edge scroll {on}"));
            }
            Button::AutoEnd => {
                let on = !self.auto_end_turn;
                self.set_auto_end_turn(on);
                let line = if on {
                    "on: the enemy phase starts after your last unit".to_string()
                } else {
                    format!("off: end the turn yourself ({})", self.bindings.shown(Control::EndTurn))
                };
                self.say(format!("automatic end of turn {line}"));
            }
            Button::Older => self.scroll_history(5),
            Button::Newer => self.scroll_history(-5),
            Button::Close => {
                self.history_view = None;
                self.dismiss_summary();
            }
            _ => {}
        }
    }

    /// A toggles AI notes.
    fn toggle_notes(&mut self) {
        self.notes = !self.notes;
        self.say(format!(
            "AI notes {}",
            if self.notes { "on: each enemy's reasons" } else { "off" }
        ));
    }

    /// H: opens or closes the log box.
    pub(super) fn toggle_history(&mut self) {
        self.history_view = match self.history_view {
            Some(_) => None,
            None => Some(0),
        };
        self.menu_open = false;
    }

    /// Scrolls the log box `up` lines towards older lines (negative: newer).
    pub(super) fn scroll_history(&mut self, up: i32) {
        if let Some(v) = &mut self.history_view {
            *v = v.saturating_add_signed(up as isize);
        }
    }

    /// An intent from a mouse button: one that jumps the cursor hands the view to it.
    fn mouse_applies(&mut self, i: Intent) {
        if jumps_cursor(i) {
            self.pointing.hand_to_keys(self.pointer);
            self.free_look = false;
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

    /// Something is open in front of the board (the game menu, the log box, the summary).
    pub(in crate::game) fn front_open(&self) -> bool {
        self.menu_open || self.history_view.is_some() || self.summary_shown()
    }

    /// A key press: mapped to an action, kept while the board is busy, or acted on.
    pub(super) fn key_down(&mut self, ctx: &mut Context, input: KeyInput, repeated: bool) -> GameResult {
        // Overriding this drops ggez's quit on Escape, which backs out or opens the menu here.
        let key = &input.event.logical_key;
        let control = self.bindings.of_key(key);
        let page = match key {
            Key::Named(NamedKey::PageUp) => Some(10),
            Key::Named(NamedKey::PageDown) => Some(-10),
            _ => None,
        };
        self.control_down(Some(ctx.mouse.position().into()), control, page, repeated, false);
        Ok(())
    }

    /// A pad button pressed: its control, as a key's would act (pressed on the pad, the
    /// confirm button also answers yes to a question, which a keyboard answers with Y).
    pub(in crate::game) fn pad_down(&mut self, ctx: &mut Context, b: PadButton) {
        let control = self.bindings.pad(b);
        self.control_down(Some(ctx.mouse.position().into()), control, None, false, true);
    }

    /// A pad button let go: the confirm button's release.
    pub(in crate::game) fn pad_up(&mut self, b: PadButton) {
        if self.bindings.pad(b) == Some(Control::Confirm) {
            self.confirm_up();
        }
    }

    /// A control pressed (by a key or a pad button): acted on, or kept while the board is
    /// busy. `mouse` is where the pointer is (the keys take the cursor from it), `page` the
    /// log box's scroll of a page key, `pad` true for a pad's press.
    pub(in crate::game) fn control_down(
        &mut self,
        mouse: Option<Vec2>,
        control: Option<Control>,
        page: Option<i32>,
        repeated: bool,
        pad: bool,
    ) {
        let mut action = control.map(KeyAction::from);
        if self.handover_shown().is_some() {
            // Hot-seat: the next person shows the board with a key (or button) of their own.
            if !repeated {
                self.handover = None;
            }
            return;
        }
        if self.session.pending().is_some() {
            // A question is open: Y answers yes; N, X, Esc answer no; other keys wait.
            action = match action {
                Some(KeyAction::Yes) => Some(KeyAction::Intent(Intent::Yes)),
                Some(KeyAction::Intent(Intent::Confirm)) if pad => Some(KeyAction::Intent(Intent::Yes)),
                Some(KeyAction::Intent(Intent::NextUnit | Intent::Cancel) | KeyAction::Escape) => {
                    Some(KeyAction::Intent(Intent::No))
                }
                _ => None,
            };
        } else if self.summary_shown() {
            // The enemy phase's summary stays until a key (or a click) closes it.
            if !repeated {
                self.dismiss_summary();
            }
            return;
        } else if self.history_view.is_some() {
            match (page, action) {
                (Some(p), _) => self.scroll_history(p),
                (_, Some(KeyAction::Intent(Intent::Cursor(Dir::Up)))) => self.scroll_history(1),
                (_, Some(KeyAction::Intent(Intent::Cursor(Dir::Down)))) => self.scroll_history(-1),
                (_, Some(KeyAction::History | KeyAction::Escape | KeyAction::Intent(Intent::Cancel))) => {
                    self.history_view = None
                }
                _ => {}
            }
            return;
        } else if self.menu_open {
            // The menu's own keys act (and close it); up and down choose an entry and
            // confirm presses it (so a pad reaches every entry); other intents wait.
            match action {
                Some(KeyAction::Escape | KeyAction::Intent(Intent::Cancel)) => {
                    self.menu_open = false;
                    return;
                }
                Some(KeyAction::Intent(Intent::Cursor(d @ (Dir::Up | Dir::Down)))) => {
                    self.step_menu(if d == Dir::Up { -1 } else { 1 });
                    return;
                }
                Some(KeyAction::Intent(Intent::Confirm)) => {
                    if let Some(b) = self.menu_choice() {
                        self.press(b);
                    }
                    return;
                }
                Some(KeyAction::Intent(_) | KeyAction::Yes) | None => return,
                Some(_) => {}
            }
        }
        match action {
            Some(KeyAction::Escape) if !repeated => {
                // Esc backs out of a selection, an inspected enemy or a move, else opens the menu.
                if matches!(
                    self.session.phase(),
                    Phase::Select | Phase::Enemy { .. } | Phase::Over { .. }
                ) {
                    self.menu_open = !self.menu_open;
                    // Opened from a pad, its first entry is chosen (a pad has no pointer).
                    self.menu_at = pad.then_some(0);
                } else if let Some(intents) = canto_escape(self.session.phase()).filter(|_| self.accepts_input()) {
                    for i in intents {
                        self.apply(i);
                    }
                } else if self.accepts_input() && !self.keys.waiting() {
                    self.apply(Intent::Cancel);
                } else if !matches!(self.session.phase(), Phase::Enemy { .. }) && self.script.is_empty() {
                    self.keys.push(Intent::Cancel);
                }
            }
            Some(KeyAction::Quit) if !repeated => self.press(Button::Quit),
            Some(KeyAction::Fast) if !repeated => self.press(Button::Fast),
            Some(KeyAction::Notes) if !repeated => self.press(Button::Notes),
            Some(KeyAction::History) if !repeated => self.toggle_history(),
            Some(KeyAction::Options) if !repeated => self.press(Button::Options),
            Some(KeyAction::Danger) if !repeated => self.session.set_show_danger(!self.session.show_danger()),
            Some(KeyAction::Restart) if !repeated => self.press(Button::Restart),
            Some(KeyAction::Reload) if !repeated => self.reload(),
            Some(KeyAction::Zoom(out)) => self.zoom(out),
            Some(KeyAction::Save) if !repeated && self.accepts_input() => self.press(Button::Save),
            Some(KeyAction::Load) if !repeated && self.accepts_input() => self.press(Button::Load),
            Some(KeyAction::Scenario(step)) if !repeated => self.apply(Intent::Request(Ask::Scenario(step))),
            Some(KeyAction::Intent(i @ (Intent::Yes | Intent::No))) => self.apply(i),
            Some(KeyAction::Intent(i)) => {
                // The keys have the cursor (and the view) until the mouse moves again.
                self.pointing.hand_to_keys(mouse);
                self.free_look = false;
                if self.accepts_input() && !self.keys.waiting() {
                    self.apply(i);
                } else if !matches!(self.session.phase(), Phase::Enemy { .. }) && self.script.is_empty() {
                    // Busy animating: the press waits its turn instead of being lost.
                    self.keys.push(i);
                }
            }
            _ => {}
        }
    }

    /// A key let go: the confirm key's release, in order with its press.
    pub(super) fn key_up(&mut self, _ctx: &mut Context, input: KeyInput) -> GameResult {
        if self.bindings.of_key(&input.event.logical_key) == Some(Control::Confirm) {
            self.confirm_up();
        }
        Ok(())
    }

    /// The confirm control let go, in order with its press.
    pub(in crate::game) fn confirm_up(&mut self) {
        if self.keys.waiting() {
            // Its press is waiting: so does its release, in order.
            self.keys.push(Intent::Release);
        } else {
            // Always let go, even mid-animation, so the button never stays held.
            self.apply(Intent::Release);
        }
    }

    /// The pointer moved: a held right or middle button drags the map; otherwise the cursor
    /// follows the pointer over the map once it leads.
    pub(super) fn mouse_motion(&mut self, _ctx: &mut Context, x: f32, y: f32, _dx: f32, _dy: f32) -> GameResult {
        self.pointer = Some(Vec2::new(x, y));
        if let Some(d) = &mut self.drag
            && let Some(by) = d.moved(Vec2::new(x, y))
        {
            let world = by / self.layout.zoom / self.layout.scale;
            self.camera.pan(world, self.layout.world_view());
            self.free_look = true;
            return Ok(());
        }
        if !self.pointing.moved(Vec2::new(x, y)) {
            return Ok(());
        }
        if !self.accepts_input() || self.front_open() {
            // (Not during the enemy's turn: the player's phase starts on its first unit.)
            self.pointer_stale = !matches!(self.session.phase(), Phase::Enemy { .. });
            return Ok(());
        }
        self.pointer_stale = false;
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

    /// A mouse button pressed: the left one clicks buttons, menu entries and map cells (kept
    /// for later while something moves); the right and middle ones start a drag.
    pub(super) fn mouse_button_down(&mut self, _ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        if self.handover_shown().is_some() {
            self.handover = None;
            return Ok(());
        }
        if self.click_closes_summary(Vec2::new(x, y)) {
            return Ok(());
        }
        match button {
            MouseButton::Left if self.accepts_input() || self.front_open() => self.left_click(x, y),
            MouseButton::Left => {
                let p = self.layout.to_logical(x, y);
                let hit = buttons::hit(&self.buttons_now(), p);
                if matches!(hit, Some(Button::Danger | Button::Menu | Button::Log)) {
                    // These can be used any time, as their keys can.
                    if let Some(b) = hit {
                        self.press(b);
                    }
                } else if !matches!(self.session.phase(), Phase::Enemy { .. }) && self.script.is_empty() {
                    // Busy animating: the click waits its turn, on the cell it was made on.
                    let cell = self.cell_under(x, y);
                    self.keys.push(Held::Click {
                        at: Vec2::new(x, y),
                        cell,
                    });
                }
            }
            other => self.drag = Some(Drag::new(other, Vec2::new(x, y))),
        }
        Ok(())
    }

    /// A mouse button let go: the end of a drag, or a right or middle click (cancel, next
    /// enemy), kept for later while something moves.
    pub(super) fn mouse_button_up(&mut self, _ctx: &mut Context, button: MouseButton, x: f32, y: f32) -> GameResult {
        let Some(d) = self.drag.filter(|d| d.button == button) else {
            return Ok(());
        };
        self.drag = None;
        if d.dragged() && !self.front_open() {
            // While it dragged, the cursor stayed on the grabbed cell; if the view stopped at
            // the map's edge and the pointer went on, that cell is no longer under it (issue
            // 33's play: the box stayed there until the pointer moved). It goes to the cell
            // under the pointer now.
            let at = Vec2::new(x, y);
            self.pointer = Some(at);
            self.pointing.dropped(at);
            self.repoint();
        }
        if d.dragged() || self.front_open() {
            if self.menu_open && !d.dragged() && button == MouseButton::Right {
                self.menu_open = false;
            }
            return Ok(());
        }
        if let Some(i) = mouse_intent(button) {
            if self.accepts_input() && !self.keys.waiting() {
                self.mouse_applies(i);
            } else if !matches!(self.session.phase(), Phase::Enemy { .. }) && self.script.is_empty() {
                self.keys.push(i);
            }
        }
        Ok(())
    }
}

/// True when a click at `p` (logical pixels) on the summary box `bx` only closes it: on the
/// box (its Close button included). Beside it the click closes it and acts.
pub(super) fn summary_takes_click(bx: Rect, p: Vec2) -> bool {
    bx.contains(p)
}

/// What Esc does at a canto unit's Move / Wait menu (issue 37: nothing): what it does at the
/// action menu after a move, back to the unit's range with what was not meant taken back;
/// here the blow (or heal) and the move, as U takes them back, and the unit selected again.
/// `None` elsewhere (X and a right click keep the menu: the blow is not cancelled by them).
pub(super) fn canto_escape(phase: &Phase) -> Option<[Intent; 3]> {
    phase
        .is_canto_menu()
        .then_some([Intent::Undo, Intent::Confirm, Intent::Release])
}

/// True when a click on cell `p` takes the selection back instead of confirming there: the
/// selected unit clicked again where it stands with nothing to do but wait (issue 33: a
/// click on an idle unit of one's own opened a menu with only "Wait"). With a blow or a heal
/// to give from there, the click opens the menu on them, as before; Z still waits in place.
pub(super) fn click_deselects(b: &crate::rules::Battle, phase: &Phase, p: Pos) -> bool {
    match phase {
        Phase::Target { unit, .. } => {
            // On a cell to seize, waiting there wins: never taken back.
            let seizes = match &b.goals().win {
                crate::rules::Goal::Seize { cells, seizers } => {
                    cells.contains(&p) && (seizers.is_empty() || seizers.contains(unit))
                }
                _ => false,
            };
            b.unit(*unit).pos() == p
                && !seizes
                && crate::rules::combat::targets_in_range(b, *unit).is_empty()
                && crate::rules::combat::heal_targets(b, *unit).is_empty()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{Scene, enemy, player, profiles};

    #[test]
    fn a_second_click_on_an_idle_unit_takes_the_selection_back() {
        let scene = Scene::parse("P . . . . . . E");
        let mut s = Session::new(scene.battle(&[player('P'), enemy('E', "guard", 1)]), profiles(""));
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        assert!(matches!(s.phase(), Phase::Target { .. }));
        assert!(click_deselects(s.battle(), s.phase(), Pos::new(0, 0)));
        assert!(
            !click_deselects(s.battle(), s.phase(), Pos::new(2, 0)),
            "another cell moves there"
        );
        // Next to an enemy, the click on itself opens the menu on the blow.
        let scene = Scene::parse("P E . . . . . .");
        let mut s = Session::new(scene.battle(&[player('P'), enemy('E', "guard", 1)]), profiles(""));
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        assert!(!click_deselects(s.battle(), s.phase(), Pos::new(0, 0)));
        assert!(!click_deselects(s.battle(), &Phase::Select, Pos::new(0, 0)));
    }

    /// Issue 37: Esc at a canto unit's Move / Wait menu did nothing. As at the action menu
    /// after a move, it goes back to the unit's range, the blow and the move taken back.
    #[test]
    fn esc_at_the_canto_menu_goes_back_to_the_units_range() {
        let canto = crate::model::units::MoveRules {
            canto: true,
            ..Default::default()
        };
        let scene = Scene::parse("P . . E . . . .");
        let mut s = Session::new(
            scene.battle(&[player('P').moves(canto), enemy('E', "guard", 1)]),
            profiles(""),
        );
        let hp = s.battle().unit(UnitId(1)).hp();
        for i in [
            Intent::Confirm,
            Intent::Release,
            Intent::Point(Pos::new(3, 0)),
            Intent::Confirm,
            Intent::Release,
            Intent::Confirm,
            Intent::Release,
        ] {
            s.input(i);
        }
        assert!(s.phase().is_canto_menu(), "{:?}", s.phase());
        assert!(s.battle().unit(UnitId(1)).hp() < hp, "the blow landed");
        assert_eq!(canto_escape(&Phase::Select), None);
        for i in canto_escape(s.phase()).expect("Esc acts at the canto menu") {
            s.input(i);
        }
        assert!(
            matches!(s.phase(), Phase::Target { unit: UnitId(0), .. }),
            "{:?}",
            s.phase()
        );
        assert_eq!(s.battle().unit(UnitId(0)).pos(), Pos::new(0, 0));
        assert_eq!(s.battle().unit(UnitId(1)).hp(), hp);
    }
}
