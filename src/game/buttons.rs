//! The clickable buttons, so that a player with only a mouse can do everything the keys do:
//! end the turn, undo, next unit and next enemy, the danger zone, the log, the game menu
//! (save, load, restart, options, fast, AI notes, quit), answer a question, and play again
//! or go on once a battle is over. Where each button is comes from plain functions of the layout and the
//! session, used both to draw and to hit-test a click, so both always agree; tested without
//! a window.

use super::view::{BANNER_H, Layout, text_w};
use crate::play::phase::{Ask, Intent, Phase, Session};
use ggez::glam::Vec2;
use ggez::graphics::Rect;

/// A clickable control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    /// End the player phase (asks first while units are ready, as E does).
    EndTurn,
    /// Take back the last confirmed action (U).
    Undo,
    /// Show or hide the danger zone (D).
    Danger,
    /// Yes to the question asked (Y).
    Yes,
    /// No to the question asked (N).
    No,
    /// The same battle again (R).
    PlayAgain,
    /// The next scenario of the folder (PgDn).
    NextScenario,
    /// The previous scenario of the folder (PgUp).
    PrevScenario,
    /// Quit the game (Q).
    Quit,
    /// Open or close the game menu (Esc).
    Menu,
    /// The cursor to the next unit that can act (N).
    NextUnit,
    /// The cursor to the next enemy (Tab).
    NextEnemy,
    /// The whole battle's log (H).
    Log,
    /// Close the game menu and play on (Esc).
    Resume,
    /// Save the battle (S).
    Save,
    /// Load the save (L).
    Load,
    /// Restart the battle (R).
    Restart,
    /// Reload the data and the scenario from their files (F5).
    Reload,
    /// The options screen (O).
    Options,
    /// Fast enemy playback on or off (F).
    Fast,
    /// AI notes on or off (A).
    Notes,
    /// Pushing the pointer to the window's edge scrolls the map, on or off.
    EdgeScroll,
    /// The enemy phase starts by itself after the last unit acts, on or off.
    AutoEnd,
    /// Older lines of the log.
    Older,
    /// Newer lines of the log.
    Newer,
    /// Close the log or the enemy-phase summary (Esc).
    Close,
}

/// What a button does: an intent for the session, or something of the front end's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// Send this intent to the session.
    Intent(Intent),
    /// Show or hide the danger zone.
    ToggleDanger,
    /// Something only the battle screen does (menus, files, settings): the button itself says what.
    Screen(Button),
}

impl Button {
    /// Every button, for scripts and error messages.
    pub const ALL: [Button; 26] = [
        Button::EndTurn,
        Button::Undo,
        Button::Danger,
        Button::Yes,
        Button::No,
        Button::PlayAgain,
        Button::NextScenario,
        Button::PrevScenario,
        Button::Quit,
        Button::Menu,
        Button::NextUnit,
        Button::NextEnemy,
        Button::Log,
        Button::Resume,
        Button::Save,
        Button::Load,
        Button::Restart,
        Button::Reload,
        Button::Options,
        Button::Fast,
        Button::Notes,
        Button::EdgeScroll,
        Button::AutoEnd,
        Button::Older,
        Button::Newer,
        Button::Close,
    ];

    /// Its name in `--input` scripts (`Press:EndTurn`).
    pub fn name(self) -> &'static str {
        match self {
            Button::EndTurn => "EndTurn",
            Button::Undo => "Undo",
            Button::Danger => "Danger",
            Button::Yes => "Yes",
            Button::No => "No",
            Button::PlayAgain => "PlayAgain",
            Button::NextScenario => "Next",
            Button::PrevScenario => "Previous",
            Button::Quit => "Quit",
            Button::Menu => "Menu",
            Button::NextUnit => "NextUnit",
            Button::NextEnemy => "NextEnemy",
            Button::Log => "Log",
            Button::Resume => "Resume",
            Button::Save => "Save",
            Button::Load => "Load",
            Button::Restart => "Restart",
            Button::Reload => "Reload",
            Button::Options => "Options",
            Button::Fast => "Fast",
            Button::Notes => "Notes",
            Button::EdgeScroll => "EdgeScroll",
            Button::AutoEnd => "AutoEnd",
            Button::Older => "Older",
            Button::Newer => "Newer",
            Button::Close => "Close",
        }
    }

    /// The words on it, naming the key that does the same (the side panel's narrow Next
    /// buttons leave theirs to the key help). A switch adds ": on" or ": off"
    /// when drawn (see [`Button::switch`]).
    pub fn label(self) -> &'static str {
        match self {
            Button::EndTurn => "End turn (E)",
            Button::Undo => "Undo (U)",
            Button::Danger => "Danger (D)",
            Button::Yes => "Yes (Y)",
            Button::No => "No (N)",
            Button::PlayAgain => "Play again (R)",
            Button::NextScenario => "Next scenario (PgDn)",
            Button::PrevScenario => "Previous (PgUp)",
            Button::Quit => "Quit (Q)",
            Button::Menu => "Menu (Esc)",
            Button::NextUnit => "Next unit",
            Button::NextEnemy => "Next enemy",
            Button::Log => "Log (H)",
            Button::Resume => "Resume (Esc)",
            Button::Save => "Save (S)",
            Button::Load => "Load (L)",
            Button::Restart => "Restart (R)",
            Button::Reload => "Reload data (F5)",
            Button::Options => "Options (O)",
            Button::Fast => "Fast enemies (F)",
            Button::Notes => "AI notes (A)",
            Button::EdgeScroll => "Edge scroll",
            Button::AutoEnd => "Auto end turn",
            Button::Older => "Older",
            Button::Newer => "Newer",
            Button::Close => "Close (Esc)",
        }
    }

    /// True for a button that switches a mode on and off (drawn with ": on" / ": off").
    pub fn switch(self) -> bool {
        matches!(
            self,
            Button::Fast | Button::Notes | Button::EdgeScroll | Button::AutoEnd | Button::Danger
        )
    }

    /// The words drawn on it: the label, and for a switch whether it is on.
    pub fn text(self, on: bool) -> String {
        if self.switch() && self != Button::Danger {
            format!("{}: {}", self.label(), if on { "on" } else { "off" })
        } else {
            self.label().to_string()
        }
    }

    /// What pressing it does.
    pub fn press(self) -> Press {
        match self {
            Button::EndTurn => Press::Intent(Intent::EndTurn),
            Button::Undo => Press::Intent(Intent::Undo),
            Button::Danger => Press::ToggleDanger,
            Button::Yes => Press::Intent(Intent::Yes),
            Button::No => Press::Intent(Intent::No),
            Button::PlayAgain | Button::Restart => Press::Intent(Intent::Request(Ask::Restart)),
            Button::NextScenario => Press::Intent(Intent::Request(Ask::Scenario(1))),
            Button::PrevScenario => Press::Intent(Intent::Request(Ask::Scenario(-1))),
            Button::Quit => Press::Intent(Intent::Request(Ask::Quit)),
            Button::Load => Press::Intent(Intent::Request(Ask::Load)),
            Button::NextUnit => Press::Intent(Intent::NextUnit),
            Button::NextEnemy => Press::Intent(Intent::NextEnemy),
            other => Press::Screen(other),
        }
    }
}

/// A button as drawn: where, and whether a click on it does anything now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    /// Which button.
    pub button: Button,
    /// Where, in drawing units.
    pub rect: Rect,
    /// False while it would do nothing (drawn dim, clicks ignored).
    pub enabled: bool,
    /// Drawn lit: the mode it switches is on (the danger zone, fast playback ...).
    pub lit: bool,
    /// Drawn pulsing: the thing to do next (End turn once every unit has acted).
    pub pulse: bool,
}

impl Placed {
    fn new(button: Button, rect: Rect, enabled: bool) -> Placed {
        Placed {
            button,
            rect,
            enabled,
            lit: false,
            pulse: false,
        }
    }
}

/// Height of a button in the top band.
pub const BAND_BUTTON_H: f32 = 18.0;

/// Height of a button in a box (questions, result) and in the side panel.
pub const BOX_BUTTON_H: f32 = 22.0;

/// Text size on buttons.
pub const BUTTON_TEXT: f32 = 12.0;

/// The width a button needs for its words (a switch's with ": off").
pub fn width(b: Button) -> f32 {
    text_w(&b.text(false), BUTTON_TEXT) + 16.0
}

/// The modes the game menu's switches show.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Modes {
    /// Fast enemy playback.
    pub fast: bool,
    /// AI notes in the log.
    pub notes: bool,
    /// Edge scrolling.
    pub edge_scroll: bool,
    /// Automatic end of turn.
    pub auto_end_turn: bool,
    /// The battle cannot switch to another scenario of its folder (a campaign's chapter, a
    /// network game): the scenario entries and buttons are off.
    pub fixed_scenario: bool,
}

/// What is open in front of the board, if anything: only its buttons take clicks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Front<'a> {
    /// Nothing: the band's and the side panel's buttons work.
    Board,
    /// A question: its words, the units it asks about and the other units (where they show:
    /// its box keeps off them, see [`ask_box`]).
    Question(&'a str, &'a [Rect], &'a [Rect]),
    /// The result box.
    Result(Rect),
    /// The game menu.
    Menu,
    /// The log of the whole battle, in its box.
    History(Rect),
    /// The enemy-phase summary, in its box.
    Summary(Rect),
}

/// The question box for `question` (its text at size 14 on one line) with its Yes and No
/// buttons under the text. A question about the whole battle (no `avoid`, no `also`) sits in
/// the middle of the map view. One about units (End turn: `avoid` the units it asks about,
/// `also` the others) has a fixed place, the bottom middle of the map view, so that its
/// buttons are where they were last turn (issue 33's play: the box moved every turn and had
/// to be found anew); it moves only when it would cover a unit it asks about, then to where
/// it covers the fewest of those, then of `also` (as the enemy-phase summary is placed).
pub fn ask_box(l: &Layout, question: &str, avoid: &[Rect], also: &[Rect]) -> (Rect, [Placed; 2]) {
    let v = l.map_view();
    let row = width(Button::Yes) + 12.0 + width(Button::No);
    let bw = (text_w(question, 14.0) + 30.0).max(row + 30.0).min(l.w - 8.0);
    let bh = 74.0;
    let cx = v.x + v.w / 2.0;
    let centre = Rect::new((cx - bw / 2.0).max(4.0), v.y + v.h / 2.0 - bh / 2.0, bw, bh);
    let anchor = Rect::new(centre.x, v.bottom() - bh - 4.0, bw, bh);
    let bx = if avoid.is_empty() && also.is_empty() {
        centre
    } else if !avoid.iter().any(|a| a.overlaps(&anchor)) {
        anchor
    } else {
        place_off(v, centre, avoid, also)
    };
    let y = bx.y + 40.0;
    let x0 = bx.x + bx.w / 2.0 - row / 2.0;
    let yes = Rect::new(x0, y, width(Button::Yes), BOX_BUTTON_H);
    let no = Rect::new(yes.right() + 12.0, y, width(Button::No), BOX_BUTTON_H);
    (
        bx,
        [Placed::new(Button::Yes, yes, true), Placed::new(Button::No, no, true)],
    )
}

/// Where a box like `centre` goes in map view `v`: of the centre, the top and bottom middles
/// and the corners (kept inside the window), the first that covers the fewest of `avoid`,
/// then of `also`.
fn place_off(v: Rect, centre: Rect, avoid: &[Rect], also: &[Rect]) -> Rect {
    let (bw, bh) = (centre.w, centre.h);
    let (left, top) = (v.x + 4.0, v.y + 4.0);
    let (right, bottom) = ((v.right() - bw - 4.0).max(left), v.bottom() - bh - 4.0);
    let candidates = [
        (centre.x, centre.y),
        (centre.x, top),
        (centre.x, bottom),
        (left, top),
        (right, top),
        (left, bottom),
        (right, bottom),
    ]
    .map(|(x, y)| Rect::new(x, y, bw, bh));
    let covered = |rects: &[Rect], r: &Rect| {
        rects
            .iter()
            .filter(|a| a.x < r.right() && r.x < a.right() && a.y < r.bottom() && r.y < a.bottom())
            .count()
    };
    // `min_by_key` keeps the first of equals: the earlier candidate.
    candidates
        .iter()
        .copied()
        .min_by_key(|r| (covered(avoid, r), covered(also, r)))
        .unwrap_or(candidates[0])
}

/// The buttons of the result box `bx`, in a row along its bottom, or in two rows when one
/// would not fit.
pub fn ending_buttons(bx: Rect) -> Vec<Placed> {
    let list = [
        Button::PlayAgain,
        Button::NextScenario,
        Button::PrevScenario,
        Button::Quit,
    ];
    let row: f32 = list.iter().map(|&b| width(b)).sum::<f32>() + 8.0 * 3.0;
    if row <= bx.w - 16.0 {
        return row_of(&list, bx);
    }
    let upper = Rect::new(bx.x, bx.y, bx.w, bx.h - BOX_BUTTON_H - 6.0);
    let mut out = row_of(&list[..2], upper);
    out.extend(row_of(&list[2..], bx));
    out
}

/// `list` in a row centred along the bottom of box `bx`.
fn row_of(list: &[Button], bx: Rect) -> Vec<Placed> {
    let gap = 8.0;
    let row: f32 = list.iter().map(|&b| width(b)).sum::<f32>() + gap * (list.len() - 1) as f32;
    let mut x = bx.x + bx.w / 2.0 - row / 2.0;
    let y = bx.bottom() - BOX_BUTTON_H - 10.0;
    list.iter()
        .map(|&button| {
            let rect = Rect::new(x, y, width(button), BOX_BUTTON_H);
            x += rect.w + gap;
            Placed::new(button, rect, true)
        })
        .collect()
}

/// The result box: centred in the map view and within it, wide enough for `text_w` of its
/// widest line and for its buttons (in two rows when the view is narrow).
pub fn ending_box(l: &Layout, widest_text: f32) -> Rect {
    let v = l.map_view();
    let row: f32 = [
        Button::PlayAgain,
        Button::NextScenario,
        Button::PrevScenario,
        Button::Quit,
    ]
    .iter()
    .map(|&b| width(b))
    .sum::<f32>()
        + 24.0;
    let bw = (widest_text + 40.0).max(row + 24.0).min(v.w - 8.0);
    let two_rows = row > bw - 16.0;
    let bh = if two_rows { 132.0 + BOX_BUTTON_H + 6.0 } else { 132.0 };
    let x = v.x + v.w / 2.0 - bw / 2.0;
    Rect::new(x, v.y + v.h / 2.0 - bh / 2.0, bw, bh)
}

/// The entries of the game menu, top to bottom: with the pad's default buttons they reach
/// every control (a pad has no button to spare for the scenario keys and the reload).
pub const MENU: [Button; 13] = [
    Button::Resume,
    Button::Save,
    Button::Load,
    Button::Restart,
    Button::NextScenario,
    Button::PrevScenario,
    Button::Reload,
    Button::Options,
    Button::Fast,
    Button::Notes,
    Button::EdgeScroll,
    Button::AutoEnd,
    Button::Quit,
];

/// The entry of `list` chosen after stepping `d` (-1 up, +1 down) from `at` (`None`: from
/// before the first entry going down, from the first going up), over the enabled ones,
/// round; `None` when none is enabled. The game menu's keys and pad use it.
pub fn step_choice(list: &[Placed], at: Option<usize>, d: i32) -> Option<usize> {
    let n = list.len() as i32;
    let mut i = at.map_or(if d > 0 { -1 } else { 0 }, |i| i as i32);
    for _ in 0..n {
        i = (i + d).rem_euclid(n);
        if list[i as usize].enabled {
            return Some(i as usize);
        }
    }
    None
}

/// Height of the game menu's title row.
pub const MENU_TITLE_H: f32 = 26.0;

/// The game menu: a column of buttons in a box centred in the map view (the box, then its
/// buttons, lit where a mode is on). Save and Load are off while `idle` is false.
pub fn game_menu(l: &Layout, modes: Modes, idle: bool) -> (Rect, Vec<Placed>) {
    let v = l.map_view();
    let gap = 5.0;
    let bw = MENU.iter().map(|&b| width(b)).fold(0.0, f32::max) + 40.0;
    let bh = MENU_TITLE_H + MENU.len() as f32 * (BOX_BUTTON_H + gap) + 8.0;
    let bx = Rect::new(
        (v.x + v.w / 2.0 - bw / 2.0).max(2.0),
        (v.y + v.h / 2.0 - bh / 2.0).max(BANNER_H + 2.0),
        bw,
        bh,
    );
    let list = MENU
        .iter()
        .enumerate()
        .map(|(i, &button)| {
            let rect = Rect::new(
                bx.x + 20.0,
                bx.y + MENU_TITLE_H + i as f32 * (BOX_BUTTON_H + gap),
                bw - 40.0,
                BOX_BUTTON_H,
            );
            let enabled = match button {
                Button::Save | Button::Load => idle,
                Button::NextScenario | Button::PrevScenario => !modes.fixed_scenario,
                _ => true,
            };
            let mut p = Placed::new(button, rect, enabled);
            p.lit = match button {
                Button::Fast => modes.fast,
                Button::Notes => modes.notes,
                Button::EdgeScroll => modes.edge_scroll,
                Button::AutoEnd => modes.auto_end_turn,
                _ => false,
            };
            p
        })
        .collect();
    (bx, list)
}

/// The box of the battle's log: most of the map view.
pub fn history_box(l: &Layout) -> Rect {
    let v = l.map_view();
    let bw = (v.w - 24.0).clamp(100.0, 720.0);
    let bh = (v.h - 16.0).max(80.0);
    Rect::new(v.x + v.w / 2.0 - bw / 2.0, v.y + 8.0, bw, bh)
}

/// The log box's buttons along its bottom: older, newer, close.
pub fn history_buttons(bx: Rect) -> Vec<Placed> {
    row_of(&[Button::Older, Button::Newer, Button::Close], bx)
}

/// The enemy-phase summary's box for `lines` lines of text at most `widest` wide, with room
/// for its Close button: in the map view where it covers the fewest of `avoid` (the cells of
/// the units it reports, issue 33: centred, it sat on them), then of `also` (the player's other
/// units: it sat on the party while it reported an arrival far away), the centre first, then
/// the top and bottom middles, then the corners.
pub fn summary_box(l: &Layout, lines: usize, widest: f32, avoid: &[Rect], also: &[Rect]) -> Rect {
    let v = l.map_view();
    let hint = text_w("any key or click to close", 11.0);
    let bw = (widest + 32.0).max(hint + width(Button::Close) + 48.0).min(v.w - 8.0);
    let bh = (30.0 + 17.0 * lines as f32 + BOX_BUTTON_H + 20.0).min(v.h - 8.0);
    let centre = Rect::new(v.x + v.w / 2.0 - bw / 2.0, v.y + v.h / 2.0 - bh / 2.0, bw, bh);
    place_off(v, centre, avoid, also)
}

/// Where a refusal's notice `w` wide may stand: the part of map view `view` that the map
/// (`map`, as drawn) covers, when the notice fits across it; else the whole view. (Found
/// playing the ambush: on a map narrower than the window the note reached past the map's
/// edge into the margin.)
pub fn notice_area(view: Rect, map: Rect, w: f32) -> Rect {
    let (x, y) = (view.x.max(map.x), view.y.max(map.y));
    let (right, bottom) = (view.right().min(map.right()), view.bottom().min(map.bottom()));
    let on_map = Rect::new(x, y, (right - x).max(0.0), (bottom - y).max(0.0));
    if on_map.w >= w + 8.0 && on_map.h >= 32.0 {
        on_map
    } else {
        view
    }
}

/// The box of a refusal's notice (e.g. "Kiny cannot reach (30, 4) this turn"), `w` wide:
/// just above `cell` (the cell confirmed on, as drawn), else just under it, inside map view
/// `v` and never over the cell: where the player is looking when the click or Z did nothing
/// (issue 33's play: the reason went only to the log under the map, easy to miss). Of the
/// places by the cell (above or under it; centred on it, or reaching out to its right or its
/// left) the first that covers none of `units` (the other units as drawn, and the word of
/// the hovered enemy's zone) is taken, so the note hides nobody where it can (a wide note
/// covered the unit next to the cell); when every place by the cell covers one, a row
/// further up, then further down, is tried (the campaign's play: under a unit the zone's
/// word stands below the enemy, where the note went, and the two texts were drawn over each
/// other).
pub fn notice_box(v: Rect, w: f32, cell: Rect, units: &[Rect]) -> Rect {
    let (w, h) = (w.min(v.w - 8.0), 24.0);
    let fit_x = |x: f32| x.clamp(v.x + 4.0, (v.right() - w - 4.0).max(v.x + 4.0));
    let above = cell.y - h - 4.0;
    let below = (cell.bottom() + 4.0).min(v.bottom() - h - 4.0);
    let mut rows: Vec<f32> = if above >= v.y + 4.0 {
        vec![above, below]
    } else {
        vec![below]
    };
    let (higher, lower) = (above - h - 4.0, cell.bottom() + h + 8.0);
    if higher >= v.y + 4.0 {
        rows.push(higher);
    }
    if lower + h + 4.0 <= v.bottom() {
        rows.push(lower);
    }
    let columns = [cell.x + cell.w / 2.0 - w / 2.0, cell.x, cell.right() - w];
    let mut places = rows
        .iter()
        .flat_map(|&y| columns.iter().map(move |&x| Rect::new(fit_x(x), y, w, h)))
        .filter(|r| !r.overlaps(&cell));
    let first = Rect::new(fit_x(columns[0]), rows[0], w, h);
    places.find(|r| !units.iter().any(|u| r.overlaps(u))).unwrap_or(first)
}

/// The summary box's Close button, at the right end of its bottom (the hint that any key
/// closes it sits at the left).
pub fn summary_buttons(bx: Rect) -> Vec<Placed> {
    let w = width(Button::Close);
    let rect = Rect::new(
        bx.right() - w - 12.0,
        bx.bottom() - BOX_BUTTON_H - 10.0,
        w,
        BOX_BUTTON_H,
    );
    vec![Placed::new(Button::Close, rect, true)]
}

/// The button at the right end of the top band: the game menu.
pub fn band_buttons(l: &Layout, open: bool) -> Vec<Placed> {
    let w = width(Button::Menu);
    let rect = Rect::new(l.w - 4.0 - w, (BANNER_H - BAND_BUTTON_H) / 2.0, w, BAND_BUTTON_H);
    let mut p = Placed::new(Button::Menu, rect, true);
    p.lit = open;
    vec![p]
}

/// Rows of the side panel's buttons, in drawing units from its top (the roster follows).
pub fn side_buttons_h() -> f32 {
    4.0 * (BOX_BUTTON_H + 4.0) + 6.0
}

/// The turn's buttons at the top of the side panel: End turn across, then Undo and Danger,
/// Next unit and Enemy, the Log. `busy` is true while something animates.
pub fn side_buttons(l: &Layout, s: &Session, busy: bool) -> Vec<Placed> {
    let side = l.regions().side;
    let asking = s.pending().is_some();
    let mine = matches!(
        s.phase(),
        Phase::Select | Phase::Target { .. } | Phase::Inspect { .. } | Phase::Action { .. }
    );
    let idle = !busy && !asking && mine;
    let browse = !asking && matches!(s.phase(), Phase::Select | Phase::Inspect { .. } | Phase::Target { .. });
    let (x, w) = (side.x + 6.0, side.w - 12.0);
    let half = (w - 6.0) / 2.0;
    let row = |i: f32| side.y + 6.0 + i * (BOX_BUTTON_H + 4.0);
    let ready = s.battle().ready(s.side()).next().is_some();
    let mut end = Placed::new(
        Button::EndTurn,
        Rect::new(x, row(0.0), w, BOX_BUTTON_H),
        idle && s.can_end_turn(),
    );
    end.pulse = end.enabled && !ready;
    let mut danger = Placed::new(
        Button::Danger,
        Rect::new(x + half + 6.0, row(1.0), half, BOX_BUTTON_H),
        !asking,
    );
    danger.lit = s.show_danger();
    vec![
        end,
        Placed::new(
            Button::Undo,
            Rect::new(x, row(1.0), half, BOX_BUTTON_H),
            idle && s.can_undo(),
        ),
        danger,
        Placed::new(
            Button::NextUnit,
            Rect::new(x, row(2.0), half, BOX_BUTTON_H),
            // A canto unit with its second move left (a save made at its menu) counts, as N finds it.
            idle && browse
                && matches!(s.phase(), Phase::Select)
                && (ready || s.roster().iter().any(|&u| s.battle().unit(u).may_canto())),
        ),
        Placed::new(
            Button::NextEnemy,
            Rect::new(x + half + 6.0, row(2.0), half, BOX_BUTTON_H),
            idle && browse,
        ),
        Placed::new(Button::Log, Rect::new(x, row(3.0), w, BOX_BUTTON_H), !asking),
    ]
}

/// Every button on screen now, front ones first: those of what is open in front of the
/// board (`front`), then the band's and the side panel's, which take clicks only when
/// nothing is open (the menu button also closes the menu).
pub fn on_screen(l: &Layout, s: &Session, busy: bool, front: Front, modes: Modes) -> Vec<Placed> {
    let mut out = Vec::new();
    let board = matches!(front, Front::Board);
    match front {
        Front::Board => {}
        Front::Question(q, avoid, also) => out.extend(ask_box(l, q, avoid, also).1),
        Front::Result(bx) => out.extend(ending_buttons(bx).into_iter().map(|mut p| {
            p.enabled &= !(modes.fixed_scenario && matches!(p.button, Button::NextScenario | Button::PrevScenario));
            p
        })),
        Front::Menu => {
            let idle = !busy && matches!(s.phase(), Phase::Select | Phase::Inspect { .. } | Phase::Over { .. });
            out.extend(game_menu(l, modes, idle).1);
        }
        Front::History(bx) => out.extend(history_buttons(bx)),
        Front::Summary(bx) => out.extend(summary_buttons(bx)),
    }
    let mut band = band_buttons(l, matches!(front, Front::Menu));
    for p in &mut band {
        p.enabled = board || matches!(front, Front::Menu | Front::Result(_));
    }
    out.extend(band);
    let mut side = side_buttons(l, s, busy);
    for p in &mut side {
        // While something is open in front, the side panel waits (the result box leaves
        // the danger zone and the log to look at).
        let result_ok = matches!(front, Front::Result(_)) && matches!(p.button, Button::Log | Button::Danger);
        p.enabled &= board || result_ok;
    }
    out.extend(side);
    out
}

/// The enabled button under `p` (drawing units), if any.
pub fn hit(buttons: &[Placed], p: Vec2) -> Option<Button> {
    buttons
        .iter()
        .find(|b| b.enabled && b.rect.contains(p))
        .map(|b| b.button)
}

/// The width the band leaves for the title, from its left margin to the first button of
/// the band.
pub fn title_room(buttons: &[Placed]) -> f32 {
    buttons
        .iter()
        .filter(|b| b.rect.bottom() <= BANNER_H)
        .map(|b| b.rect.x)
        .fold(f32::INFINITY, f32::min)
        - 8.0
        - 8.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{Scene, enemy, player, profiles};

    fn session() -> Session {
        let scene = Scene::parse("P . . . . . . . . . E\nQ . . . . . . . . . .");
        Session::new(
            scene.battle(&[player('P'), player('Q'), enemy('E', "guard", 1)]),
            profiles(""),
        )
    }

    fn centre(r: Rect) -> Vec2 {
        Vec2::new(r.x + r.w / 2.0, r.y + r.h / 2.0)
    }

    fn find(list: &[Placed], b: Button) -> Placed {
        *list
            .iter()
            .find(|p| p.button == b)
            .unwrap_or_else(|| panic!("{b:?} not in {list:?}"))
    }

    const SIZES: [(f32, f32); 5] = [
        (640.0, 480.0),
        (1024.0, 768.0),
        (1280.0, 800.0),
        (1920.0, 1080.0),
        (800.0, 300.0),
    ];

    #[test]
    fn the_band_and_side_buttons_sit_in_their_regions_never_on_the_map() {
        for (pw, ph) in SIZES {
            let l = Layout::new(pw, ph, 1.0);
            let r = l.regions();
            let list = on_screen(&l, &session(), false, Front::Board, Modes::default());
            assert_eq!(
                list.iter().map(|p| p.button).collect::<Vec<_>>(),
                [
                    Button::Menu,
                    Button::EndTurn,
                    Button::Undo,
                    Button::Danger,
                    Button::NextUnit,
                    Button::NextEnemy,
                    Button::Log
                ]
            );
            for (i, p) in list.iter().enumerate() {
                let home = if p.button == Button::Menu { r.band } else { r.side };
                assert!(
                    p.rect.x >= home.x && p.rect.right() <= home.right() && p.rect.y >= home.y,
                    "{pw}x{ph}: {p:?} outside {home:?}"
                );
                assert!(!p.rect.overlaps(&r.map), "a button never covers the map: {p:?}");
                assert!(
                    width(p.button) <= p.rect.w + 0.5,
                    "{pw}x{ph}: the words of {:?} fit it",
                    p.button
                );
                for q in &list[i + 1..] {
                    assert!(!p.rect.overlaps(&q.rect), "{p:?} {q:?}");
                }
            }
            assert!(side_buttons_h() + r.side.y >= find(&list, Button::Log).rect.bottom());
            assert!(title_room(&list) > 400.0, "the title keeps most of the band");
        }
    }

    #[test]
    fn a_click_on_end_turn_ends_the_turn_and_on_yes_answers_the_question() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let mut s = session();
        let list = on_screen(&l, &s, false, Front::Board, Modes::default());
        let end = find(&list, Button::EndTurn);
        assert!(end.enabled, "in the select phase the turn can be ended");
        assert!(!end.pulse, "two units are ready: nothing to urge");
        assert_eq!(hit(&list, centre(end.rect)), Some(Button::EndTurn));
        let Press::Intent(i) = Button::EndTurn.press() else {
            panic!("End turn is an intent")
        };
        s.input(i);
        assert_eq!(
            s.pending(),
            Some(Ask::EndTurn),
            "two units are ready: it asks, as E does"
        );
        let q = "End the turn? 2 units have not acted yet.";
        let (bx, [yes, no]) = ask_box(&l, q, &[], &[]);
        assert!(bx.contains(centre(yes.rect)) && bx.contains(centre(no.rect)));
        assert!(!yes.rect.overlaps(&no.rect));
        let all = on_screen(&l, &s, false, Front::Question(q, &[], &[]), Modes::default());
        assert_eq!(hit(&all, centre(end.rect)), None, "the side panel waits for the answer");
        assert_eq!(hit(&all, centre(no.rect)), Some(Button::No));
        assert_eq!(hit(&all, centre(yes.rect)), Some(Button::Yes));
        let Press::Intent(y) = Button::Yes.press() else {
            panic!("Yes is an intent")
        };
        s.input(y);
        assert!(s.pending().is_none());
        assert!(
            s.battle()
                .record()
                .iter()
                .any(|c| matches!(c, crate::rules::Command::EndPhase { .. })),
            "the player phase ended"
        );
    }

    #[test]
    fn end_turn_pulses_once_everyone_has_acted_and_undo_takes_the_last_back() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let mut s = session();
        s.set_auto_end_turn(false);
        for _ in 0..2 {
            // Select, stay, wait.
            for i in [
                Intent::Confirm,
                Intent::Release,
                Intent::Confirm,
                Intent::Release,
                Intent::Confirm,
                Intent::Release,
            ] {
                s.input(i);
            }
        }
        assert_eq!(s.phase(), &Phase::Select, "the turn waits for the player");
        let list = side_buttons(&l, &s, false);
        let end = find(&list, Button::EndTurn);
        assert!(end.enabled && end.pulse, "End turn pulses: {end:?}");
        assert!(find(&list, Button::Undo).enabled, "the last wait can be taken back");
        assert!(!find(&list, Button::NextUnit).enabled, "no one is left to go to");
        assert!(
            !find(&side_buttons(&l, &s, true), Button::EndTurn).pulse,
            "not while busy"
        );
    }

    #[test]
    fn end_turn_and_undo_are_off_when_they_would_do_nothing() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let mut s = session();
        let list = side_buttons(&l, &s, false);
        assert!(!find(&list, Button::Undo).enabled, "nothing to undo yet");
        s.input(Intent::Confirm); // select P: the target phase
        s.input(Intent::Release);
        let list = side_buttons(&l, &s, false);
        assert!(!find(&list, Button::EndTurn).enabled, "not with a unit selected");
        assert_eq!(hit(&list, centre(find(&list, Button::EndTurn).rect)), None);
        assert!(find(&list, Button::Danger).enabled);
        assert!(
            find(&list, Button::NextEnemy).enabled,
            "Tab works while a unit is selected"
        );
        s.input(Intent::Confirm); // stay: the action menu
        s.input(Intent::Release);
        s.input(Intent::Confirm); // wait
        s.input(Intent::Release);
        let list = side_buttons(&l, &s, false);
        assert!(find(&list, Button::Undo).enabled, "the wait can be taken back");
        assert!(find(&list, Button::EndTurn).enabled);
        let busy = side_buttons(&l, &s, true);
        assert!(
            !find(&busy, Button::EndTurn).enabled && !find(&busy, Button::Undo).enabled,
            "not while something animates"
        );
    }

    /// Issue 37: at a canto unit's Move / Wait menu Undo takes the blow back (End turn waits
    /// for the choice); a canto move left after a reload is one Next unit goes to.
    #[test]
    fn undo_works_at_the_canto_menu_and_next_unit_finds_a_canto_move_left() {
        use crate::rules::{Command, UnitId};
        let l = Layout::new(640.0, 480.0, 1.0);
        let canto = crate::model::units::MoveRules {
            canto: true,
            ..Default::default()
        };
        let scene = Scene::parse("P E . . Q");
        let units = [player('P').moves(canto), enemy('E', "guard", 1), player('Q')];
        let mut s = Session::new(scene.battle(&units), profiles(""));
        // Select P, stay (the menu opens on the attack), attack: Move / Wait.
        for _ in 0..3 {
            s.input(Intent::Confirm);
            s.input(Intent::Release);
        }
        assert!(s.phase().is_canto_menu());
        let list = side_buttons(&l, &s, false);
        assert!(find(&list, Button::Undo).enabled, "undo takes the blow back");
        assert!(!find(&list, Button::EndTurn).enabled, "Move or Wait first");
        // As a save made there comes back: Q waits, P has its second move left.
        let mut b = scene.battle(&units);
        b.execute(Command::Attack {
            unit: UnitId(0),
            target: UnitId(1),
        })
        .unwrap();
        b.execute(Command::Wait { unit: UnitId(2) }).unwrap();
        let s = Session::new(b, profiles(""));
        assert!(find(&side_buttons(&l, &s, false), Button::NextUnit).enabled);
    }

    #[test]
    fn the_danger_button_is_lit_while_the_zone_shows() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let mut s = session();
        assert!(!find(&side_buttons(&l, &s, false), Button::Danger).lit);
        assert_eq!(Button::Danger.press(), Press::ToggleDanger);
        s.set_show_danger(true);
        assert!(find(&side_buttons(&l, &s, false), Button::Danger).lit);
    }

    #[test]
    fn the_game_menu_offers_every_file_and_mode_in_a_column_inside_the_map_view() {
        for (pw, ph) in SIZES {
            let l = Layout::new(pw, ph, 1.0);
            let modes = Modes {
                fast: true,
                ..Modes::default()
            };
            let (bx, list) = game_menu(&l, modes, true);
            assert_eq!(list.iter().map(|p| p.button).collect::<Vec<_>>(), MENU);
            for (i, p) in list.iter().enumerate() {
                assert!(bx.contains(p.rect.point()) && p.rect.right() <= bx.right(), "{p:?}");
                assert!(width(p.button) <= p.rect.w, "{:?} fits", p.button);
                for q in &list[i + 1..] {
                    assert!(!p.rect.overlaps(&q.rect));
                }
            }
            assert!(
                bx.x >= 0.0 && bx.right() <= l.w && bx.y >= BANNER_H,
                "{pw}x{ph}: {bx:?}"
            );
            assert!(find(&list, Button::Fast).lit && !find(&list, Button::Notes).lit);
            let all = on_screen(&l, &session(), false, Front::Menu, modes);
            let save = find(&list, Button::Save);
            assert_eq!(hit(&all, centre(save.rect)), Some(Button::Save));
            let end = find(&all, Button::EndTurn);
            assert_eq!(
                hit(&all, centre(end.rect)),
                None,
                "the board waits while the menu is open"
            );
            let menu = find(&all, Button::Menu);
            assert_eq!(
                hit(&all, centre(menu.rect)),
                Some(Button::Menu),
                "the menu button closes it"
            );
        }
        assert_eq!(Button::Save.press(), Press::Screen(Button::Save));
        assert_eq!(Button::Load.press(), Press::Intent(Intent::Request(Ask::Load)));
        assert_eq!(Button::Quit.press(), Press::Intent(Intent::Request(Ask::Quit)));
        assert_eq!(Button::Options.press(), Press::Screen(Button::Options));
        assert_eq!(Button::Fast.text(true), "Fast enemies (F): on");
        let (_, busy) = game_menu(&Layout::new(640.0, 480.0, 1.0), Modes::default(), false);
        assert!(!find(&busy, Button::Save).enabled, "no saving in the middle of a move");
    }

    /// Issue 33: the summary box sat in the middle of the map, on the units it reports.
    #[test]
    fn the_summary_box_keeps_off_the_units_it_reports() {
        for (pw, ph) in SIZES {
            let l = Layout::new(pw, ph, 1.0);
            let v = l.map_view();
            let middle = Rect::new(v.x + v.w / 2.0 - 16.0, v.y + v.h / 2.0 - 16.0, 32.0, 32.0);
            let beside = Rect::new(middle.x + 64.0, middle.y, 32.0, 32.0);
            let bx = summary_box(&l, 5, 320.0, &[middle, beside], &[]);
            // Where the view has room above or below the middle for the box.
            if v.h >= 2.0 * bx.h + 40.0 {
                assert!(!bx.overlaps(&middle) && !bx.overlaps(&beside), "{pw}x{ph}: {bx:?}");
            }
            assert!(bx.x >= v.x && bx.right() <= v.right() && bx.y >= v.y && bx.bottom() <= v.bottom());
            // Nobody under the middle: it stays there.
            assert_eq!(
                summary_box(&l, 5, 320.0, &[], &[]),
                summary_box(&l, 5, 320.0, &[Rect::new(v.x, v.y, 8.0, 8.0)], &[])
            );
        }
    }

    /// Issue 33's play: the End-turn question sat in the middle of the map, on the units it
    /// asks about. It keeps off them, then off the other units, as the summary box does; a
    /// question about no unit stays in the middle.
    #[test]
    fn the_end_turn_question_keeps_off_the_units_it_asks_about() {
        let q = "End the turn? 2 units have not acted yet.";
        for (pw, ph) in SIZES {
            let l = Layout::new(pw, ph, 1.0);
            let v = l.map_view();
            let middle = Rect::new(v.x + v.w / 2.0 - 16.0, v.y + v.h / 2.0 - 16.0, 32.0, 32.0);
            let beside = Rect::new(middle.x - 64.0, middle.y, 32.0, 32.0);
            let other = Rect::new(middle.x + 64.0, middle.y, 32.0, 32.0);
            let (bx, [yes, no]) = ask_box(&l, q, &[middle, beside], &[other]);
            if v.h >= 2.0 * bx.h + 40.0 {
                for r in [middle, beside, other] {
                    assert!(!bx.overlaps(&r), "{pw}x{ph}: {bx:?} covers {r:?}");
                }
            }
            assert!(bx.contains(centre(yes.rect)) && bx.contains(centre(no.rect)));
            assert!(bx.y >= v.y && bx.bottom() <= v.bottom() && bx.x >= 0.0 && bx.right() <= l.w);
            // Its buttons answer where it is drawn.
            let all = on_screen(
                &l,
                &session(),
                false,
                Front::Question(q, &[middle, beside], &[other]),
                Modes::default(),
            );
            assert_eq!(hit(&all, centre(yes.rect)), Some(Button::Yes));
        }
    }

    /// A refusal's notice sits next to the cell it is about, inside the map view, off the cell.
    #[test]
    fn a_refusals_notice_sits_by_its_cell_inside_the_map() {
        for (pw, ph) in SIZES {
            let l = Layout::new(pw, ph, 1.0);
            let v = l.map_view();
            for (fx, fy) in [(0.0, 0.0), (0.5, 0.5), (1.0, 1.0), (0.0, 1.0), (1.0, 0.0)] {
                let cell = Rect::new(v.x + (v.w - 32.0) * fx, v.y + (v.h - 32.0) * fy, 32.0, 32.0);
                let bx = notice_box(v, 300.0, cell, &[]);
                assert!(
                    bx.x >= v.x && bx.right() <= v.right() && bx.y >= v.y && bx.bottom() <= v.bottom(),
                    "{pw}x{ph} {cell:?}: {bx:?}"
                );
                assert!(!bx.overlaps(&cell), "{pw}x{ph}: {bx:?} covers {cell:?}");
                let gap = (bx.y - cell.bottom()).max(cell.y - bx.bottom());
                assert!(gap <= 8.0, "{pw}x{ph}: {bx:?} is far from {cell:?}");
            }
        }
    }

    /// On a map narrower than the window a note reached past the map's edge (the ambush at
    /// 1280×800): it keeps over the map where it fits there, and takes the view where not.
    #[test]
    fn a_refusals_notice_keeps_over_a_map_narrower_than_the_window() {
        let l = Layout::new(1280.0, 800.0, 1.0);
        let v = l.map_view();
        // The ambush's map, centred in the view with margins on both sides.
        let map = Rect::new(v.x + 60.0, v.y + 36.0, 896.0, 576.0);
        let cell = Rect::new(map.right() - 64.0, map.y + 8.0 * 32.0, 32.0, 32.0);
        let w = 560.0;
        let area = notice_area(v, map, w);
        assert_eq!(area, map);
        let bx = notice_box(area, w, cell, &[]);
        assert!(
            bx.x >= map.x && bx.right() <= map.right(),
            "{bx:?} reaches past {map:?}"
        );
        assert!(!bx.overlaps(&cell));
        // Without the map's bounds it reached past its right edge.
        let wide = notice_box(v, w, cell, &[]);
        assert!(wide.right() > map.right(), "{wide:?}");
        // Too narrow a map for the note: the whole view, as before.
        let narrow = Rect::new(v.x + 100.0, v.y, 320.0, 320.0);
        assert_eq!(notice_area(v, narrow, w), v);
        // A map bigger than the view: the view.
        let big = Rect::new(v.x - 500.0, v.y - 500.0, 4000.0, 4000.0);
        assert_eq!(notice_area(v, big, w), v);
    }

    /// A wide notice covered the unit on the next cell (the sample's bridge, Z on the Tether
    /// out of reach): it takes a place by its cell that covers no other unit where there is one.
    #[test]
    fn a_refusals_notice_keeps_off_the_other_units_where_it_can() {
        let l = Layout::new(1280.0, 800.0, 1.0);
        let v = l.map_view();
        let t = 32.0;
        let cell = Rect::new(v.x + 10.0 * t, v.y + 8.0 * t, t, t);
        let at = |dx: f32, dy: f32| Rect::new(cell.x + dx * t, cell.y + dy * t, t, t);
        // Units by the cell above and below it: each case leaves a place free by the cell.
        for units in [
            vec![at(-3.0, -1.0), at(-3.0, 1.0)],
            vec![at(-3.0, -1.0), at(3.0, -1.0), at(0.0, -1.0), at(-3.0, 1.0)],
            vec![at(0.0, -1.0), at(2.0, 1.0)],
        ] {
            let bx = notice_box(v, 300.0, cell, &units);
            assert!(!bx.overlaps(&cell), "{bx:?} covers the cell");
            assert!(units.iter().all(|u| !bx.overlaps(u)), "{bx:?} covers one of {units:?}");
            let gap = (bx.y - cell.bottom()).max(cell.y - bx.bottom());
            assert!(gap <= 8.0, "{bx:?} is far from {cell:?}");
        }
        // Units all round: it still stands by the cell, above it.
        let crowd: Vec<Rect> = (-5..=5)
            .flat_map(|dx| [at(dx as f32, -1.0), at(dx as f32, 1.0)])
            .collect();
        let bx = notice_box(v, 300.0, cell, &crowd);
        assert!(bx.bottom() <= cell.y && !bx.overlaps(&cell));
    }

    /// The campaign's play (the Warden, Lance on the cell above it): the word of the hovered
    /// enemy's zone stood under the enemy, the notice went under it too, and the two texts
    /// were drawn over each other. With a unit above and the word below, the notice takes the
    /// next row down, clear of both.
    #[test]
    fn a_refusals_notice_keeps_off_the_zones_word_under_a_unit() {
        let l = Layout::new(1280.0, 800.0, 1.0);
        let v = l.map_view();
        let t = 32.0;
        let cell = Rect::new(v.x + 10.0 * t, v.y + 8.0 * t, t, t);
        let unit_above = Rect::new(cell.x, cell.y - t, t, t);
        let word = Rect::new(cell.x + t / 2.0 - 130.0, cell.bottom() + 1.0, 260.0, 17.0);
        let bx = notice_box(v, 330.0, cell, &[unit_above, word]);
        assert!(!bx.overlaps(&cell) && !bx.overlaps(&unit_above), "{bx:?}");
        assert!(!bx.overlaps(&word), "{bx:?} covers the zone's word {word:?}");
        assert!(bx.y - cell.bottom() <= 8.0 + 24.0 + 4.0, "{bx:?} is far from {cell:?}");
    }

    /// Issue 33's play: the End-turn box moved between turns (it kept off every unit), so its
    /// buttons had to be found anew each turn. It stays in one place, whatever other units
    /// stand under it, and moves only off a unit it asks about.
    #[test]
    fn the_end_turn_question_stays_in_one_place_unless_it_would_cover_a_unit_it_asks_about() {
        let q = "End the turn? 2 units have not acted yet.";
        for (pw, ph) in SIZES {
            let l = Layout::new(pw, ph, 1.0);
            let v = l.map_view();
            let far = Rect::new(v.x + 4.0, v.y + 4.0, 32.0, 32.0);
            let (home, _) = ask_box(&l, q, &[far], &[]);
            // Other units anywhere, the middle and the box's own place included: it stays.
            let crowd: Vec<Rect> = (0..12)
                .flat_map(|i| (0..8).map(move |j| (i, j)))
                .map(|(i, j)| Rect::new(v.x + v.w * i as f32 / 12.0, v.y + v.h * j as f32 / 8.0, 32.0, 32.0))
                .filter(|r| !r.overlaps(&far))
                .collect();
            let (bx, _) = ask_box(&l, q, &[far], &crowd);
            assert_eq!(bx, home, "{pw}x{ph}: other units do not move it");
            let middle = Rect::new(v.x + v.w / 2.0, v.y + v.h / 2.0, 32.0, 32.0);
            if !middle.overlaps(&home) {
                let (bx, _) = ask_box(&l, q, &[far, middle], &[]);
                assert_eq!(bx, home, "{pw}x{ph}: nor an asked unit it does not cover");
            }
            // An asked unit under it: it moves off.
            let under = Rect::new(home.x + home.w / 2.0 - 16.0, home.y + 8.0, 32.0, 32.0);
            let (moved, _) = ask_box(&l, q, &[under], &[]);
            if v.h >= 2.0 * home.h + 40.0 {
                assert!(!moved.overlaps(&under), "{pw}x{ph}: {moved:?} covers {under:?}");
            }
            // A question about the whole battle keeps the middle.
            let (whole, _) = ask_box(&l, "Restart the battle? This battle's play is lost.", &[], &[]);
            assert!((whole.y + whole.h / 2.0 - (v.y + v.h / 2.0)).abs() < 1.0);
        }
    }

    /// Issue 33's replay: on the river the summary of the Rider's arrival (far off, at the
    /// map's east edge) sat in the middle of the view on Kiny, Wing and Mira. After the units
    /// it reports, the box keeps off the player's other units too, where it can.
    #[test]
    fn the_summary_box_keeps_off_the_party_too() {
        for (pw, ph) in SIZES {
            let l = Layout::new(pw, ph, 1.0);
            let v = l.map_view();
            let middle = Rect::new(v.x + v.w / 2.0 - 16.0, v.y + v.h / 2.0 - 16.0, 32.0, 32.0);
            let bx = summary_box(&l, 2, 320.0, &[], &[middle]);
            if v.h >= 2.0 * bx.h + 40.0 {
                assert!(!bx.overlaps(&middle), "{pw}x{ph}: {bx:?}");
            }
        }
    }

    #[test]
    fn the_summary_and_log_boxes_hold_their_buttons_inside_the_map_view() {
        for (pw, ph) in SIZES {
            let l = Layout::new(pw, ph, 1.0);
            let v = l.map_view();
            let bx = summary_box(&l, 5, 320.0, &[], &[]);
            let [close] = summary_buttons(bx)[..] else {
                panic!("one button")
            };
            assert_eq!(close.button, Button::Close);
            assert!(bx.contains(close.rect.point()) && close.rect.right() <= bx.right());
            let hint_end = bx.x + 14.0 + text_w("any key or click to close", 11.0);
            assert!(
                hint_end < close.rect.x,
                "{pw}x{ph}: the hint and the button do not overlap"
            );
            assert!(bx.x >= v.x && bx.right() <= v.right() && bx.y >= v.y, "{bx:?} in {v:?}");
            let hb = history_box(&l);
            assert!(hb.x >= v.x && hb.right() <= v.right() && hb.bottom() <= v.bottom());
            let list = history_buttons(hb);
            assert_eq!(
                list.iter().map(|p| p.button).collect::<Vec<_>>(),
                [Button::Older, Button::Newer, Button::Close]
            );
            assert!(list.iter().all(|p| hb.contains(p.rect.point())));
            let all = on_screen(&l, &session(), false, Front::Summary(bx), Modes::default());
            assert_eq!(hit(&all, centre(close.rect)), Some(Button::Close));
            assert_eq!(
                hit(&all, centre(find(&all, Button::EndTurn).rect)),
                None,
                "the board waits for the summary to close"
            );
        }
    }

    #[test]
    fn the_result_box_holds_its_buttons_in_a_row_that_fits_the_window() {
        for (pw, ph) in [(640.0, 480.0), (1024.0, 768.0)] {
            let l = Layout::new(pw, ph, 1.0);
            let bx = ending_box(&l, 300.0);
            let v = l.map_view();
            assert!(
                bx.x >= v.x && bx.right() <= v.right(),
                "{pw}x{ph}: within the map view: {bx:?}"
            );
            let list = ending_buttons(bx);
            assert_eq!(list.len(), 4);
            for (i, p) in list.iter().enumerate() {
                assert!(
                    p.rect.x >= bx.x && p.rect.right() <= bx.right() && p.rect.bottom() <= bx.bottom(),
                    "{p:?} in {bx:?}"
                );
                assert!(bx.right() <= l.w && bx.x >= 0.0, "{bx:?}");
                for q in &list[i + 1..] {
                    assert!(!p.rect.overlaps(&q.rect));
                }
            }
            assert_eq!(
                Button::NextScenario.press(),
                Press::Intent(Intent::Request(Ask::Scenario(1)))
            );
            assert_eq!(Button::PlayAgain.press(), Press::Intent(Intent::Request(Ask::Restart)));
        }
    }

    #[test]
    fn labels_name_their_keys_and_names_are_distinct() {
        let mut names: Vec<&str> = Button::ALL.iter().map(|b| b.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Button::ALL.len());
        for b in Button::ALL {
            let keyless = matches!(
                b,
                Button::EdgeScroll
                    | Button::AutoEnd
                    | Button::Older
                    | Button::Newer
                    | Button::NextUnit
                    | Button::NextEnemy
            );
            assert!(keyless || b.label().ends_with(')'), "{}", b.label());
        }
        let l = Layout::new(640.0, 480.0, 1.0);
        let title = "Turn 10 — Player phase · The first skirmish";
        let room = title_room(&band_buttons(&l, false));
        assert!(
            text_w(title, 16.0) + text_w("FAST ×4", 13.0) + 12.0 <= room,
            "titles fit with FAST on"
        );
    }

    /// Issue 40: the game menu is reached with the keys and a pad: up and down go over the
    /// entries that can be pressed (Save and Load are off while the board moves), round.
    #[test]
    fn the_menu_choice_steps_over_entries_that_are_off() {
        let l = Layout::new(1280.0, 800.0, 1.0);
        let (_, list) = game_menu(&l, Modes::default(), false);
        let at = |i: Option<usize>| i.map(|i| list[i].button);
        assert_eq!(at(step_choice(&list, None, 1)), Some(Button::Resume));
        assert_eq!(
            at(step_choice(&list, Some(0), 1)),
            Some(Button::Restart),
            "Save and Load are off: skipped"
        );
        assert_eq!(at(step_choice(&list, Some(0), -1)), Some(Button::Quit), "round");
        let (_, idle) = game_menu(&l, Modes::default(), true);
        assert_eq!(
            step_choice(&idle, Some(0), 1).map(|i| idle[i].button),
            Some(Button::Save)
        );
        assert_eq!(step_choice(&[], None, 1), None);
    }

    /// Issue 40: the game menu offers the folder's other scenarios (a pad's only way to
    /// them); a campaign's chapter and a network game cannot switch, so there they are off in
    /// the menu and in the ending box, and the menu's choice steps over them.
    #[test]
    fn the_scenario_entries_are_off_where_the_battle_cannot_switch() {
        let l = Layout::new(1280.0, 800.0, 1.0);
        let on = |list: &[Placed], b: Button| list.iter().find(|p| p.button == b).unwrap().enabled;
        let (_, free) = game_menu(&l, Modes::default(), true);
        assert!(on(&free, Button::NextScenario) && on(&free, Button::PrevScenario));
        let fixed = Modes {
            fixed_scenario: true,
            ..Modes::default()
        };
        let (_, list) = game_menu(&l, fixed, true);
        assert!(!on(&list, Button::NextScenario) && !on(&list, Button::PrevScenario));
        let restart = list.iter().position(|p| p.button == Button::Restart);
        assert_eq!(
            step_choice(&list, restart, 1).map(|i| list[i].button),
            Some(Button::Reload),
            "the choice goes from Restart over both to Reload"
        );
        let s = session();
        let bx = ending_box(&l, 300.0);
        for (modes, want) in [(Modes::default(), true), (fixed, false)] {
            let shown = on_screen(&l, &s, false, Front::Result(bx), modes);
            assert_eq!(on(&shown, Button::NextScenario), want);
            assert_eq!(on(&shown, Button::PrevScenario), want);
            assert!(on(&shown, Button::Quit));
        }
    }
}
