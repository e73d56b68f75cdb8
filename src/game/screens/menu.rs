//! A vertical menu every non-battle screen uses: its entries, the highlighted one, keys and
//! clicks turned into a choice (tested without a window), and how it is laid out and drawn.

use super::super::view::{self, DIM_TEXT, GOLD};
use crate::game::controls::{Bindings, Control};
use ggez::glam::Vec2;
use ggez::graphics::{Canvas, Color, Rect};
use ggez::input::keyboard::KeyInput;
use ggez::winit::keyboard::{Key, NamedKey};

/// A key as menus understand it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuKey {
    /// Highlight the entry above.
    Up,
    /// Highlight the entry below.
    Down,
    /// Change the highlighted value down (options), or nothing.
    Left,
    /// Change the highlighted value up (options), or nothing.
    Right,
    /// Choose the highlighted entry.
    Confirm,
    /// Go back (Escape).
    Back,
}

/// The menu key of a key press: the keys bound to the cursor, confirm, cancel and menu
/// controls, and always the arrows and WASD to move, Enter, Space and Z to choose, Escape,
/// Backspace and X to go back (so a menu can be left whatever was rebound).
pub fn menu_key(bindings: &Bindings, input: &KeyInput) -> Option<MenuKey> {
    bindings
        .of_key(&input.event.logical_key)
        .and_then(control_key)
        .or_else(|| fixed_menu_key(&input.event.logical_key))
}

/// The menu key a control stands for: the cursor moves, confirm chooses, cancel and the menu
/// control go back.
pub fn control_key(c: Control) -> Option<MenuKey> {
    Some(match c {
        Control::Up => MenuKey::Up,
        Control::Down => MenuKey::Down,
        Control::Left => MenuKey::Left,
        Control::Right => MenuKey::Right,
        Control::Confirm => MenuKey::Confirm,
        Control::Cancel | Control::Menu => MenuKey::Back,
        _ => return None,
    })
}

/// The menu keys no rebinding takes away.
fn fixed_menu_key(key: &Key) -> Option<MenuKey> {
    Some(match key {
        Key::Named(NamedKey::ArrowUp) => MenuKey::Up,
        Key::Named(NamedKey::ArrowDown) => MenuKey::Down,
        Key::Named(NamedKey::ArrowLeft) => MenuKey::Left,
        Key::Named(NamedKey::ArrowRight) => MenuKey::Right,
        Key::Named(NamedKey::Enter | NamedKey::Space) => MenuKey::Confirm,
        Key::Named(NamedKey::Escape | NamedKey::Backspace) => MenuKey::Back,
        Key::Character(c) => match c.to_ascii_lowercase().as_str() {
            "w" => MenuKey::Up,
            "s" => MenuKey::Down,
            "a" => MenuKey::Left,
            "d" => MenuKey::Right,
            "z" => MenuKey::Confirm,
            "x" => MenuKey::Back,
            _ => return None,
        },
        _ => return None,
    })
}

/// The input methods of a screen that is one list page (`self.menu`, a [`Menu`], and
/// `self.act(MenuKey) -> Switch`): keys through the bindings, a pad's menu key, the pointer's
/// hover and clicks, and script tokens, each turned into a [`MenuKey`] for `act`. The
/// difficulty, chance and Load pages had the same five methods written out each.
macro_rules! list_page_input {
    () => {
        fn key_down(
            &mut self,
            _ctx: &mut ggez::Context,
            world: &mut super::World,
            input: ggez::input::keyboard::KeyInput,
            _r: bool,
        ) -> ggez::GameResult<super::Switch> {
            let k = super::menu::menu_key(&world.settings.bindings(), &input);
            Ok(k.map_or(super::Switch::None, |k| self.act(k)))
        }

        fn menu_key(&mut self, _world: &mut super::World, k: super::menu::MenuKey) -> super::Switch {
            self.act(k)
        }

        fn mouse_motion(&mut self, _ctx: &mut ggez::Context, x: f32, y: f32, _dx: f32, _dy: f32) -> ggez::GameResult {
            self.menu.hover(ggez::glam::Vec2::new(x, y));
            Ok(())
        }

        fn mouse_down(
            &mut self,
            _ctx: &mut ggez::Context,
            _w: &mut super::World,
            b: ggez::winit::event::MouseButton,
            x: f32,
            y: f32,
        ) -> ggez::GameResult<super::Switch> {
            let key = super::menu::click_key(&mut self.menu, b, ggez::glam::Vec2::new(x, y));
            Ok(key.map_or(super::Switch::None, |k| self.act(k)))
        }

        fn token(&mut self, _world: &mut super::World, t: crate::game::script::Token) -> super::Switch {
            super::menu::token_key(t).map_or(super::Switch::None, |k| self.act(k))
        }
    };
}
pub(crate) use list_page_input;
/// What a mouse button pressed on a list page asks for: a right click goes back (as Esc does),
/// a left click on an entry chooses it (the level, Load and chance pages).
pub fn click_key(menu: &mut Menu, b: ggez::input::mouse::MouseButton, at: Vec2) -> Option<MenuKey> {
    use ggez::input::mouse::MouseButton;
    match b {
        MouseButton::Right => Some(MenuKey::Back),
        MouseButton::Left => matches!(menu.click(at), Picked::Chose(_)).then_some(MenuKey::Confirm),
        _ => None,
    }
}

/// The menu key of a scripted token (`--input`), for menus driven by a script.
pub fn token_key(t: super::super::script::Token) -> Option<MenuKey> {
    use super::super::script::Token;
    use crate::search::grid::Dir;
    Some(match t {
        Token::Cursor(Dir::Up) => MenuKey::Up,
        Token::Cursor(Dir::Down) => MenuKey::Down,
        Token::Cursor(Dir::Left) => MenuKey::Left,
        Token::Cursor(Dir::Right) => MenuKey::Right,
        Token::Confirm | Token::Yes => MenuKey::Confirm,
        Token::Cancel | Token::No => MenuKey::Back,
        _ => return None,
    })
}

/// One entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// What it says.
    pub label: String,
    /// A greyed entry cannot be chosen (it says why in `note`).
    pub enabled: bool,
    /// A second, dimmer line (a value, or why it is greyed).
    pub note: String,
}

impl Item {
    /// An entry that can be chosen.
    pub fn new(label: impl Into<String>) -> Item {
        Item {
            label: label.into(),
            enabled: true,
            note: String::new(),
        }
    }

    /// With a dim note beside it.
    pub fn note(mut self, note: impl Into<String>) -> Item {
        self.note = note.into();
        self
    }

    /// Greyed out.
    pub fn disabled(mut self) -> Item {
        self.enabled = false;
        self
    }
}

/// What a key did to a menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picked {
    /// Nothing to do (the highlight may have moved).
    Nothing,
    /// Entry `i` was chosen.
    Chose(usize),
    /// Entry `i`'s value steps down (-1) or up (+1).
    Step(usize, i32),
    /// The player backs out.
    Back,
}

/// Entries and the highlighted one.
#[derive(Debug, Clone, Default)]
pub struct Menu {
    /// The entries, top first.
    pub items: Vec<Item>,
    /// The highlighted entry.
    pub at: usize,
    /// Where each entry was last drawn (window pixels), for the mouse.
    pub rects: Vec<Rect>,
    /// Where the pointer last was: it highlights only once it moves (a pointer resting where
    /// the window opens does not take the highlight from the keys).
    pointer: Option<Vec2>,
}

impl Menu {
    /// A menu of `items`, the first enabled one highlighted.
    pub fn new(items: Vec<Item>) -> Menu {
        let at = items.iter().position(|i| i.enabled).unwrap_or(0);
        Menu {
            items,
            at,
            rects: Vec::new(),
            pointer: None,
        }
    }

    /// Moves the highlight `d` entries, skipping greyed ones, wrapping around.
    pub fn step(&mut self, d: i32) {
        let n = self.items.len() as i32;
        if n == 0 {
            return;
        }
        let mut i = self.at as i32;
        for _ in 0..n {
            i = (i + d).rem_euclid(n);
            if self.items[i as usize].enabled {
                self.at = i as usize;
                return;
            }
        }
    }

    /// What key `k` does.
    pub fn key(&mut self, k: MenuKey) -> Picked {
        match k {
            MenuKey::Up => self.step(-1),
            MenuKey::Down => self.step(1),
            MenuKey::Left => return self.valid().map_or(Picked::Nothing, |i| Picked::Step(i, -1)),
            MenuKey::Right => return self.valid().map_or(Picked::Nothing, |i| Picked::Step(i, 1)),
            MenuKey::Confirm => return self.valid().map_or(Picked::Nothing, Picked::Chose),
            MenuKey::Back => return Picked::Back,
        }
        Picked::Nothing
    }

    fn valid(&self) -> Option<usize> {
        self.items.get(self.at).filter(|i| i.enabled).map(|_| self.at)
    }

    /// The entry under window pixel `p`, as last drawn.
    pub fn under(&self, p: Vec2) -> Option<usize> {
        self.rects
            .iter()
            .position(|r| r.contains(p))
            .filter(|&i| self.items.get(i).is_some_and(|it| it.enabled))
    }

    /// The pointer moved to `p`: the entry under it is highlighted (not on the first report
    /// of where it rests, which X sends when the window opens under it).
    pub fn hover(&mut self, p: Vec2) {
        let moved = self.pointer.is_some_and(|q| q != p);
        self.pointer = Some(p);
        if moved && let Some(i) = self.under(p) {
            self.at = i;
        }
    }

    /// A click at `p`: the entry under it is chosen.
    pub fn click(&mut self, p: Vec2) -> Picked {
        match self.under(p) {
            Some(i) => {
                self.at = i;
                Picked::Chose(i)
            }
            None => Picked::Nothing,
        }
    }
}

/// The scale of menu screens in a window of `w` × `h` pixels: 1 at 640×480, growing with the
/// window so text stays readable at every size.
pub fn ui_scale(w: f32, h: f32) -> f32 {
    (w / 640.0).min(h / 480.0).clamp(0.75, 4.0)
}

/// Where `n` entries of a menu go: a column centred in `area`, one row each.
pub fn rows(n: usize, area: Rect, row_h: f32) -> Vec<Rect> {
    let width = area.w.min(row_h * 16.0);
    let x = area.x + (area.w - width) / 2.0;
    (0..n)
        .map(|i| Rect::new(x, area.y + i as f32 * row_h, width, row_h - 4.0))
        .collect()
}

/// A screen that is a list to choose from (the Load screen, the difficulty chooser): where
/// its words go, in fractions of the window.
#[derive(Debug, Clone, Copy)]
pub struct ListPage<'a> {
    /// The title, large and gold.
    pub title: &'a str,
    /// A line under the title saying what the list is.
    pub about: &'a str,
    /// Where the title goes (fractions of the window's width and height).
    pub at: Vec2,
    /// Where the list goes (fractions of the window).
    pub area: Rect,
    /// The keys and clicks it takes, centred in a line under the list.
    pub help: &'a str,
    /// The help line's top, in fractions of the window's height; `None`: just under the list.
    pub help_at: Option<f32>,
}

/// Draws list page `page` with its menu on a window of `w` × `h` pixels, and the world's
/// notices: what the Load screen and the difficulty chooser share.
pub fn draw_list_page(canvas: &mut Canvas, world: &super::World, page: ListPage, menu: &mut Menu, w: f32, h: f32) {
    let s = ui_scale(w, h);
    let size = 16.0 * s;
    let at = Vec2::new(w * page.at.x, h * page.at.y);
    view::text(canvas, page.title, at, 28.0 * s, GOLD);
    view::text(canvas, page.about, at + Vec2::new(0.0, 36.0 * s), size * 0.8, DIM_TEXT);
    let area = Rect::new(w * page.area.x, h * page.area.y, w * page.area.w, h * page.area.h);
    draw(canvas, menu, area, size);
    let help_size = (size * 0.8).min(w * 0.9 / (page.help.chars().count() as f32 * view::CHAR_W));
    let help_y = page
        .help_at
        .map_or(area.y + menu.items.len() as f32 * size * 2.2 + size, |y| h * y);
    view::text(
        canvas,
        page.help,
        Vec2::new((w - view::text_w(page.help, help_size)) / 2.0, help_y),
        help_size,
        DIM_TEXT,
    );
    super::draw_notices(canvas, world, w, h, 12.0 * s);
}

/// Draws `menu` in `area` (window pixels) with text of `size`, remembering where each entry is.
pub fn draw(canvas: &mut Canvas, menu: &mut Menu, area: Rect, size: f32) {
    draw_rows(canvas, menu, area, size, size * 2.2);
}

/// Draws `menu` as [`draw`] does, with rows `row_h` high.
pub fn draw_rows(canvas: &mut Canvas, menu: &mut Menu, area: Rect, size: f32, row_h: f32) {
    menu.rects = rows(menu.items.len(), area, row_h);
    for (i, (item, r)) in menu.items.iter().zip(&menu.rects).enumerate() {
        let on = i == menu.at;
        let fill = if on {
            Color::new(0.22, 0.3, 0.5, 0.95)
        } else {
            Color::new(0.08, 0.09, 0.14, 0.9)
        };
        view::rect(canvas, *r, Color::new(0.45, 0.5, 0.62, 0.9), view::Z_HUD);
        view::rect(
            canvas,
            Rect::new(r.x + 1.0, r.y + 1.0, r.w - 2.0, r.h - 2.0),
            fill,
            view::Z_HUD,
        );
        let color = match (item.enabled, on) {
            (false, _) => Color::new(0.45, 0.46, 0.5, 1.0),
            (true, true) => GOLD,
            (true, false) => Color::WHITE,
        };
        let (label_size, note_size, notes) = row_layout(&item.label, &item.note, r.w, size);
        let y = r.y + (r.h - label_size) / 2.0;
        view::text(canvas, &item.label, Vec2::new(r.x + size * 0.8, y), label_size, color);
        let line_h = note_size * NOTE_LINE;
        let top = r.y + (r.h - line_h * notes.len() as f32 + (line_h - note_size)) / 2.0;
        for (k, note) in notes.iter().enumerate() {
            let w = view::text_w(note, note_size);
            let at = Vec2::new(r.x + r.w - w - size * 0.8, top + line_h * k as f32);
            view::text(canvas, note, at, note_size, DIM_TEXT);
        }
    }
}

/// A note's line height, as a factor of its size.
const NOTE_LINE: f32 = 1.15;

/// The label's size, the note's size and the note's lines of a row `row_w` wide (its height
/// `size * 2.2`, as [`draw`] makes it): the note on one line as [`row_text_sizes`] sizes it;
/// but where that would shrink it, a note made of parts (" · ") goes on two lines, each part
/// at the size of a note that fits (issue 33's play: Continue campaign's "chapter 3 of 5: The
/// river crossing · saved on turn 3" was drawn in a smaller font than the other rows' notes).
pub fn row_layout(label: &str, note: &str, row_w: f32, size: f32) -> (f32, f32, Vec<String>) {
    let (label_size, note_size) = row_text_sizes(label, note, row_w, size);
    if note.is_empty() {
        return (label_size, note_size, Vec::new());
    }
    if note_size < size * 0.8
        && let Some((first, last)) = note.rsplit_once(" · ")
    {
        let wider = if view::text_w(first, 1.0) >= view::text_w(last, 1.0) {
            first
        } else {
            last
        };
        let (label2, note2) = row_text_sizes(label, wider, row_w, size);
        // Two lines within the row's height.
        let note2 = note2.min((size * 2.2 - 6.0) / (2.0 * NOTE_LINE));
        if note2 > note_size {
            return (label2, note2, vec![first.to_string(), last.to_string()]);
        }
    }
    (label_size, note_size, vec![note.to_string()])
}

/// The text sizes of a row `row_w` wide for `label` (at the left) and `note` (right-aligned),
/// at most `size` and `size * 0.8`: the note shrinks first (to `size * 0.45` at least), then
/// the label, so that both keep inside the row with a gap between them (issue 33's replay: a
/// save's label ran out of its row on the Load screen and its note was drawn over it).
pub fn row_text_sizes(label: &str, note: &str, row_w: f32, size: f32) -> (f32, f32) {
    // A margin of `size * 0.8` at each end, and a gap of `size` between label and note.
    let margins = 1.6 * size + if note.is_empty() { 0.0 } else { size };
    let room = (row_w - margins).max(0.0);
    let label_full = view::text_w(label, size);
    let note_full = view::text_w(note, size * 0.8);
    if label_full + note_full <= room {
        return (size, size * 0.8);
    }
    let note_size = if note_full > 0.0 {
        (size * 0.8 * (room - label_full) / note_full).clamp(size * 0.45, size * 0.8)
    } else {
        size * 0.8
    };
    let note_w = view::text_w(note, note_size);
    let label_size = if label_full + note_w > room && label_full > 0.0 {
        size * ((room - note_w).max(0.0) / label_full)
    } else {
        size
    };
    (label_size, note_size)
}

#[cfg(test)]
mod tests {

    /// Issue 33's play: "saved on turn 3" in a smaller font than its row. The title's
    /// Continue note goes on two lines at a whole note's size; a note that fits stays one line.
    #[test]
    fn a_long_note_of_parts_goes_on_two_lines_at_a_notes_size() {
        let note = "chapter 3 of 5: The river crossing · saved on turn 3";
        for (row_w, size) in [(768.0, 24.0), (640.0, 20.0), (900.0, 26.0)] {
            let (label, ns, lines) = super::row_layout("Continue campaign", note, row_w, size);
            assert_eq!(
                lines,
                ["chapter 3 of 5: The river crossing", "saved on turn 3"],
                "{row_w}"
            );
            let (_, one) = super::row_text_sizes("Continue campaign", note, row_w, size);
            assert!(ns > one + 1.0, "{row_w}: {ns} against {one} on one line");
            assert!(ns >= size * 0.7, "{row_w}: {ns}");
            assert_eq!(label, size);
            assert!(2.0 * ns * super::NOTE_LINE <= size * 2.2, "two lines fit the row");
        }
        let (_, ns, lines) = super::row_layout("New campaign", "The border war", 768.0, 24.0);
        assert_eq!((ns, lines.len()), (24.0 * 0.8, 1));
    }

    #[test]
    fn a_list_page_click_goes_back_on_the_right_button_and_chooses_on_the_left() {
        use ggez::input::mouse::MouseButton;
        let mut m = Menu::new(vec![Item::new("easy"), Item::new("hard")]);
        let far = Vec2::new(-50.0, -50.0);
        assert_eq!(click_key(&mut m, MouseButton::Right, far), Some(MenuKey::Back));
        assert_eq!(click_key(&mut m, MouseButton::Middle, far), None);
        // A left click on no entry chooses nothing.
        assert_eq!(click_key(&mut m, MouseButton::Left, far), None);
    }
    use super::*;

    fn menu() -> Menu {
        Menu::new(vec![
            Item::new("Continue").disabled(),
            Item::new("New"),
            Item::new("Skirmish"),
            Item::new("Quit"),
        ])
    }

    /// Issue 33's replay: on the Load screen a campaign save's label ("campaign chapter:
    /// sample.toml (normal) · turn 3 · 2026-11-28 06:16") ran past its row's right end, and
    /// its note ("Continue campaign plays it") was drawn over the date.
    #[test]
    fn a_long_label_and_its_note_keep_inside_the_row_without_overlapping() {
        let label = "campaign chapter: sample.toml (normal) · turn 3 · 2026-11-28 06:16";
        let note = "Continue campaign plays it";
        for (row_w, size) in [(937.0, 24.0), (620.0, 16.0), (1400.0, 24.0), (500.0, 12.0)] {
            let (ls, ns) = row_text_sizes(label, note, row_w, size);
            let label_end = size * 0.8 + view::text_w(label, ls);
            let note_start = row_w - size * 0.8 - view::text_w(note, ns);
            assert!(
                label_end + size <= note_start + 0.01,
                "{row_w}: the label ends at {label_end}, the note starts at {note_start}"
            );
            assert!(ns >= size * 0.45 && ls <= size && ns <= size * 0.8);
        }
        // A short label and note keep their full sizes; a row with no note uses its width.
        assert_eq!(row_text_sizes("Quit", "", 600.0, 16.0), (16.0, 16.0 * 0.8));
        assert_eq!(row_text_sizes("easy", "hero hp 34", 600.0, 16.0), (16.0, 16.0 * 0.8));
        let (ls, _) = row_text_sizes(label, "", 500.0, 16.0);
        assert!(16.0 * 0.8 + view::text_w(label, ls) <= 500.0 - 16.0 * 0.8 + 0.01);
    }

    #[test]
    fn keys_skip_greyed_entries_and_wrap() {
        let mut m = menu();
        assert_eq!(m.at, 1, "the first entry that can be chosen");
        assert_eq!(m.key(MenuKey::Up), Picked::Nothing);
        assert_eq!(m.at, 3, "wrapped past the greyed entry");
        assert_eq!(m.key(MenuKey::Down), Picked::Nothing);
        assert_eq!(m.at, 1);
        m.key(MenuKey::Down);
        assert_eq!(m.key(MenuKey::Confirm), Picked::Chose(2));
        assert_eq!(m.key(MenuKey::Right), Picked::Step(2, 1));
        assert_eq!(m.key(MenuKey::Back), Picked::Back);
    }

    #[test]
    fn the_mouse_picks_what_is_under_it_but_not_a_greyed_entry() {
        let mut m = menu();
        m.rects = rows(4, Rect::new(0.0, 100.0, 400.0, 300.0), 40.0);
        assert!(
            m.rects.windows(2).all(|w| w[0].bottom() <= w[1].y),
            "rows do not overlap"
        );
        let middle = |r: Rect| Vec2::new(r.x + r.w / 2.0, r.y + r.h / 2.0);
        m.hover(middle(m.rects[3]));
        assert_eq!(m.at, 1, "where the pointer rests as the window opens does not count");
        m.hover(middle(m.rects[3]) + Vec2::ONE);
        assert_eq!(m.at, 3);
        assert_eq!(m.click(middle(m.rects[0])), Picked::Nothing, "greyed");
        assert_eq!(m.click(middle(m.rects[2])), Picked::Chose(2));
        assert_eq!(m.click(Vec2::new(1.0, 1.0)), Picked::Nothing);
    }

    #[test]
    fn the_scale_grows_with_the_window() {
        assert_eq!(ui_scale(640.0, 480.0), 1.0);
        assert!(ui_scale(1280.0, 800.0) > 1.6);
        assert!(ui_scale(320.0, 240.0) >= 0.75, "never unreadably small");
    }
}
