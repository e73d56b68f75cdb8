//! The clickable buttons, so that a player with only a mouse can do what the keys do: end
//! the turn, undo, show the danger zone, answer a question, and play again or go on once a
//! battle is over. Where each button is comes from plain functions of the layout and the
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
}

/// What a button does: an intent for the session, or the danger overlay switched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// Send this intent to the session.
    Intent(Intent),
    /// Show or hide the danger zone.
    ToggleDanger,
}

impl Button {
    /// Every button, for scripts and error messages.
    pub const ALL: [Button; 9] = [
        Button::EndTurn,
        Button::Undo,
        Button::Danger,
        Button::Yes,
        Button::No,
        Button::PlayAgain,
        Button::NextScenario,
        Button::PrevScenario,
        Button::Quit,
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
        }
    }

    /// The words on it. Those in boxes name the key that does the same; the band's keep it
    /// short, to leave the scenario's name room (the key help under the map names their keys).
    pub fn label(self) -> &'static str {
        match self {
            Button::EndTurn => "End turn",
            Button::Undo => "Undo",
            Button::Danger => "Danger",
            Button::Yes => "Yes (Y)",
            Button::No => "No (N)",
            Button::PlayAgain => "Play again (R)",
            Button::NextScenario => "Next scenario (PgDn)",
            Button::PrevScenario => "Previous (PgUp)",
            Button::Quit => "Quit (Q)",
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
            Button::PlayAgain => Press::Intent(Intent::Request(Ask::Restart)),
            Button::NextScenario => Press::Intent(Intent::Request(Ask::Scenario(1))),
            Button::PrevScenario => Press::Intent(Intent::Request(Ask::Scenario(-1))),
            Button::Quit => Press::Intent(Intent::Request(Ask::Quit)),
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
    /// Drawn lit: the mode it switches is on (the danger zone).
    pub lit: bool,
}

/// Height of a button in the top band.
pub const BAND_BUTTON_H: f32 = 18.0;

/// Height of a button in a box (questions, result).
pub const BOX_BUTTON_H: f32 = 22.0;

/// Text size on buttons.
pub const BUTTON_TEXT: f32 = 12.0;

/// The width a button needs for its label.
pub fn width(b: Button) -> f32 {
    text_w(b.label(), BUTTON_TEXT) + 16.0
}

/// The question box for `question` (its text at size 14 on one line) with its Yes and No
/// buttons under the text, centred in the map view.
pub fn ask_box(l: &Layout, question: &str) -> (Rect, [Placed; 2]) {
    let v = l.map_view();
    let row = width(Button::Yes) + 12.0 + width(Button::No);
    let bw = (text_w(question, 14.0) + 30.0).max(row + 30.0);
    let bh = 74.0;
    let bx = Rect::new(l.w / 2.0 - bw / 2.0, v.y + v.h / 2.0 - bh / 2.0, bw, bh);
    let y = bx.y + 40.0;
    let x0 = l.w / 2.0 - row / 2.0;
    let yes = Rect::new(x0, y, width(Button::Yes), BOX_BUTTON_H);
    let no = Rect::new(yes.right() + 12.0, y, width(Button::No), BOX_BUTTON_H);
    let placed = |button, rect| Placed {
        button,
        rect,
        enabled: true,
        lit: false,
    };
    (bx, [placed(Button::Yes, yes), placed(Button::No, no)])
}

/// The buttons of the result box `bx`, in a row along its bottom.
pub fn ending_buttons(bx: Rect) -> Vec<Placed> {
    let list = [
        Button::PlayAgain,
        Button::NextScenario,
        Button::PrevScenario,
        Button::Quit,
    ];
    let gap = 8.0;
    let row: f32 = list.iter().map(|&b| width(b)).sum::<f32>() + gap * (list.len() - 1) as f32;
    let mut x = bx.x + bx.w / 2.0 - row / 2.0;
    let y = bx.bottom() - BOX_BUTTON_H - 10.0;
    list.iter()
        .map(|&button| {
            let rect = Rect::new(x, y, width(button), BOX_BUTTON_H);
            x += rect.w + gap;
            Placed {
                button,
                rect,
                enabled: true,
                lit: false,
            }
        })
        .collect()
}

/// The result box: centred in the map view, wide enough for `text_w` of its widest line and
/// for its row of buttons.
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
    let bw = (widest_text + 40.0).max(row + 24.0).min(l.w - 8.0);
    Rect::new(l.w / 2.0 - bw / 2.0, v.y + v.h / 2.0 - 66.0, bw, 132.0)
}

/// The buttons at the right end of the top band: Undo, Danger, End turn (right-most).
/// `busy` is true while something animates.
pub fn band_buttons(l: &Layout, s: &Session, busy: bool) -> Vec<Placed> {
    let asking = s.pending().is_some();
    let mine = matches!(
        s.phase(),
        Phase::Select | Phase::Target { .. } | Phase::Inspect { .. } | Phase::Action { .. }
    );
    let idle = !busy && !asking && mine;
    let list = [
        (Button::Undo, idle && s.can_undo(), false),
        (Button::Danger, !asking, s.show_danger()),
        (Button::EndTurn, idle && s.can_end_turn(), false),
    ];
    let gap = 6.0;
    let mut right = l.w - 4.0;
    let mut out: Vec<Placed> = list
        .iter()
        .rev()
        .map(|&(button, enabled, lit)| {
            let w = width(button);
            let rect = Rect::new(right - w, (BANNER_H - BAND_BUTTON_H) / 2.0, w, BAND_BUTTON_H);
            right = rect.x - gap;
            Placed {
                button,
                rect,
                enabled,
                lit,
            }
        })
        .collect();
    out.reverse();
    out
}

/// Every button on screen now, front ones first: the question's, else the result's, and
/// the band's. `result` is the result box when it is shown.
pub fn on_screen(l: &Layout, s: &Session, busy: bool, question: Option<&str>, result: Option<Rect>) -> Vec<Placed> {
    let mut out = Vec::new();
    if let Some(q) = question {
        out.extend(ask_box(l, q).1);
    } else if let Some(bx) = result {
        out.extend(ending_buttons(bx));
    }
    out.extend(band_buttons(l, s, busy));
    out
}

/// The enabled button under `p` (drawing units), if any.
pub fn hit(buttons: &[Placed], p: Vec2) -> Option<Button> {
    buttons
        .iter()
        .find(|b| b.enabled && b.rect.contains(p))
        .map(|b| b.button)
}

/// The width the band leaves for the title, from its left margin to the first button.
pub fn title_room(buttons: &[Placed]) -> f32 {
    buttons.iter().map(|b| b.rect.x).fold(f32::INFINITY, f32::min) - 8.0 - 8.0
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

    #[test]
    fn the_band_buttons_sit_in_the_band_at_its_right_end_without_overlapping() {
        for (pw, ph) in [(640.0, 480.0), (1024.0, 768.0), (1280.0, 960.0), (800.0, 300.0)] {
            let l = Layout::new(pw, ph, 1.0);
            let list = band_buttons(&l, &session(), false);
            assert_eq!(
                list.iter().map(|p| p.button).collect::<Vec<_>>(),
                [Button::Undo, Button::Danger, Button::EndTurn]
            );
            for (i, p) in list.iter().enumerate() {
                assert!(p.rect.y >= 0.0 && p.rect.bottom() <= BANNER_H, "{p:?}");
                assert!(p.rect.right() <= l.w, "{p:?}");
                assert!(!p.rect.overlaps(&l.map_view()), "a button never covers the map: {p:?}");
                for q in &list[i + 1..] {
                    assert!(!p.rect.overlaps(&q.rect), "{p:?} {q:?}");
                }
            }
            assert!(
                find(&list, Button::EndTurn).rect.right() > l.w - 10.0,
                "End turn is the right-most"
            );
            assert!(title_room(&list) > 300.0, "the title keeps most of the band");
        }
    }

    #[test]
    fn a_click_on_end_turn_ends_the_turn_and_on_yes_answers_the_question() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let mut s = session();
        let list = band_buttons(&l, &s, false);
        let end = find(&list, Button::EndTurn);
        assert!(end.enabled, "in the select phase the turn can be ended");
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
        // The question's buttons are in front; the band's are off while it is open.
        let (bx, [yes, no]) = ask_box(&l, "End the turn? 2 units have not acted yet.");
        assert!(bx.contains(centre(yes.rect)) && bx.contains(centre(no.rect)));
        assert!(!yes.rect.overlaps(&no.rect));
        let all = on_screen(&l, &s, false, Some("End the turn? 2 units have not acted yet."), None);
        assert_eq!(hit(&all, centre(end.rect)), None, "the band waits for the answer");
        assert_eq!(hit(&all, centre(no.rect)), Some(Button::No));
        assert_eq!(hit(&all, centre(yes.rect)), Some(Button::Yes));
        let Press::Intent(y) = Button::Yes.press() else {
            panic!("Yes is an intent")
        };
        s.input(y);
        assert!(matches!(s.phase(), Phase::Enemy { .. } | Phase::Select) && s.battle().turn() >= 1);
        assert!(s.pending().is_none());
        assert!(
            s.battle()
                .record()
                .iter()
                .any(|c| matches!(c, crate::rules::Command::EndPhase)),
            "the player phase ended"
        );
    }

    #[test]
    fn no_on_the_question_keeps_the_turn() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let mut s = session();
        s.input(Intent::EndTurn);
        let q = "End the turn? 2 units have not acted yet.";
        let all = on_screen(&l, &s, false, Some(q), None);
        let (_, [_, no]) = ask_box(&l, q);
        let Some(b) = hit(&all, centre(no.rect)) else {
            panic!("No is under its centre")
        };
        let Press::Intent(i) = b.press() else {
            panic!("No is an intent")
        };
        s.input(i);
        assert_eq!(s.phase(), &Phase::Select);
        assert!(s.pending().is_none());
        assert_eq!(s.battle().turn(), 1);
    }

    #[test]
    fn end_turn_and_undo_are_off_when_they_would_do_nothing() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let mut s = session();
        let list = band_buttons(&l, &s, false);
        assert!(!find(&list, Button::Undo).enabled, "nothing to undo yet");
        s.input(Intent::Confirm); // select P: the target phase
        s.input(Intent::Release);
        let list = band_buttons(&l, &s, false);
        assert!(!find(&list, Button::EndTurn).enabled, "not with a unit selected");
        assert_eq!(hit(&list, centre(find(&list, Button::EndTurn).rect)), None);
        assert!(find(&list, Button::Danger).enabled);
        s.input(Intent::Confirm); // stay: the action menu
        s.input(Intent::Release);
        s.input(Intent::Confirm); // wait
        s.input(Intent::Release);
        let list = band_buttons(&l, &s, false);
        assert!(find(&list, Button::Undo).enabled, "the wait can be taken back");
        assert!(find(&list, Button::EndTurn).enabled);
        let busy = band_buttons(&l, &s, true);
        assert!(
            !find(&busy, Button::EndTurn).enabled && !find(&busy, Button::Undo).enabled,
            "not while something animates"
        );
    }

    #[test]
    fn the_danger_button_is_lit_while_the_zone_shows() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let mut s = session();
        assert!(!find(&band_buttons(&l, &s, false), Button::Danger).lit);
        assert_eq!(Button::Danger.press(), Press::ToggleDanger);
        s.set_show_danger(true);
        assert!(find(&band_buttons(&l, &s, false), Button::Danger).lit);
    }

    #[test]
    fn the_result_box_holds_its_buttons_in_a_row_that_fits_the_window() {
        for (pw, ph) in [(640.0, 480.0), (1024.0, 768.0)] {
            let l = Layout::new(pw, ph, 1.0);
            let bx = ending_box(&l, 300.0);
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
    fn box_labels_name_their_keys_band_labels_leave_the_title_room_and_names_are_distinct() {
        let mut names: Vec<&str> = Button::ALL.iter().map(|b| b.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Button::ALL.len());
        let boxed = [
            Button::Yes,
            Button::No,
            Button::PlayAgain,
            Button::NextScenario,
            Button::PrevScenario,
            Button::Quit,
        ];
        for b in boxed {
            assert!(b.label().ends_with(')'), "{}", b.label());
        }
        let l = Layout::new(640.0, 480.0, 1.0);
        let title = "Turn 10 — Player phase · The first skirmish";
        assert!(
            text_w(title, 16.0) <= title_room(&band_buttons(&l, &session(), false)),
            "the shipped scenarios' titles fit beside the band's buttons"
        );
    }
}
