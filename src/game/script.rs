//! The `--input` script: whitespace-separated tokens checked before the window opens, then
//! played one at a time whenever the board is idle, as if a player pressed the keys. As a
//! key does, a token other than `Point`, `Wait` and the snaps closes the enemy phase's
//! summary (and does nothing else).

use super::buttons::Button;
use crate::search::grid::{Dir, Pos};
use std::collections::VecDeque;
use std::fmt;

/// Every token name and what it plays; the error message lists them all.
pub const NAMES: &[(&str, Token)] = &[
    ("Up", Token::Cursor(Dir::Up)),
    ("Down", Token::Cursor(Dir::Down)),
    ("Left", Token::Cursor(Dir::Left)),
    ("Right", Token::Cursor(Dir::Right)),
    ("Confirm", Token::Confirm),
    ("Space", Token::Confirm),
    ("Enter", Token::Confirm),
    ("Cancel", Token::Cancel),
    ("Esc", Token::Cancel),
    ("EndTurn", Token::EndTurn),
    ("End", Token::EndTurn),
    ("Yes", Token::Yes),
    ("No", Token::No),
    ("Undo", Token::Undo),
    ("Next", Token::Next),
    ("NextEnemy", Token::NextEnemy),
    ("Tab", Token::NextEnemy),
    ("Danger", Token::Danger),
    ("ZoomIn", Token::Zoom(-1)),
    ("ZoomOut", Token::Zoom(1)),
    ("Save", Token::Save),
    ("Load", Token::Load),
    ("Reload", Token::Reload),
    ("Restart", Token::Restart),
    ("PgUp", Token::Scenario(-1)),
    ("PgDn", Token::Scenario(1)),
    ("Wait", Token::Wait),
    ("Snap", Token::Snap),
    ("SnapHit", Token::SnapHit),
    ("Menu", Token::Menu),
    ("History", Token::History),
    ("SnapLevelUp", Token::SnapLevelUp),
];

/// Every token, as the error message lists them.
pub fn token_list() -> String {
    let mut names: Vec<String> = NAMES.iter().map(|(n, _)| n.to_string()).collect();
    names.extend(["Point:X,Y".to_string(), "Click:X,Y".to_string()]);
    names.extend(Button::ALL.iter().map(|b| format!("Press:{}", b.name())));
    names.join(" ")
}

/// One scripted press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// Move the cursor (or the menu choice).
    Cursor(Dir),
    /// The action button, pressed and released.
    Confirm,
    /// Back out.
    Cancel,
    /// End the player phase.
    EndTurn,
    /// Take back the last action.
    Undo,
    /// Jump to the next ready unit.
    Next,
    /// Toggle the danger overlay.
    Danger,
    /// Nothing, for one token slot.
    Wait,
    /// With `--screenshot`: take it while the banner now showing (the battle's objective, a
    /// scripted line) is on screen, instead of once everything settled. Put it first.
    Snap,
    /// With `--screenshot`: take it as soon as a number rises from a struck unit (put it
    /// before the blow).
    SnapHit,
    /// Open or close the game menu (key Esc with nothing selected).
    Menu,
    /// Open or close the battle's log (key H).
    History,
    /// With `--screenshot`: take it while the next level-up box is on screen (it waits
    /// through an enemy phase for one). Put it after the moves that lead there.
    SnapLevelUp,
    /// Save the battle (key S).
    Save,
    /// Load the save (key L).
    Load,
    /// Reload data and scenario (key F5).
    Reload,
    /// Yes to the question asked (key Y).
    Yes,
    /// No to the question asked (key N).
    No,
    /// Cursor to the next living enemy (key Tab).
    NextEnemy,
    /// Zoom out (+1, key -) or in (-1, key +).
    Zoom(i32),
    /// Restart the battle (key R; asks once something was played).
    Restart,
    /// Previous (-1) or next (+1) scenario (PgUp / PgDn; asks once something was played).
    Scenario(i32),
    /// Put the cursor on a cell (the mouse pointing there, no click).
    Point(Pos),
    /// Put the cursor on a cell and press the action button there (a mouse click).
    Click(Pos),
    /// A mouse click on the middle of a button on screen (End turn, Yes, Play again ...).
    Press(Button),
}

/// A token the script could not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    /// 1-based position of the token in the script.
    pub index: usize,
    /// The token as written.
    pub token: String,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--input: token {} {:?}: {}", self.index, self.token, self.why)
    }
}

/// Parses a script for a map of `width` × `height` cells (clicks must land on the map).
/// Names are matched without regard to case.
pub fn parse(text: &str, width: usize, height: usize) -> Result<VecDeque<Token>, ScriptError> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, word)| {
            parse_token(word, width, height).map_err(|why| ScriptError {
                index: i + 1,
                token: word.to_string(),
                why,
            })
        })
        .collect()
}

fn parse_token(word: &str, width: usize, height: usize) -> Result<Token, String> {
    let lower = word.to_ascii_lowercase();
    if let Some(&(_, t)) = NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(word)) {
        return Ok(t);
    }
    if let Some(xy) = lower.strip_prefix("click:") {
        return Ok(Token::Click(parse_cell(xy, width, height)?));
    }
    if let Some(xy) = lower.strip_prefix("point:") {
        return Ok(Token::Point(parse_cell(xy, width, height)?));
    }
    if let Some(name) = lower.strip_prefix("press:") {
        return match Button::ALL.iter().find(|b| b.name().eq_ignore_ascii_case(name)) {
            Some(&b) => Ok(Token::Press(b)),
            None => Err(format!(
                "no button {name:?} (expected one of: {})",
                Button::ALL.iter().map(|b| b.name()).collect::<Vec<_>>().join(" ")
            )),
        };
    }
    Err(format!("unknown token (expected one of: {})", token_list()))
}

fn parse_cell(xy: &str, width: usize, height: usize) -> Result<Pos, String> {
    let bad = || format!("expected Click:X,Y with whole numbers, such as Click:20,21 (found {xy:?})");
    let (x, y) = xy.split_once(',').ok_or_else(bad)?;
    let x: i32 = x.trim().parse().map_err(|_| bad())?;
    let y: i32 = y.trim().parse().map_err(|_| bad())?;
    let inside = (0..width as i32).contains(&x) && (0..height as i32).contains(&y);
    if !inside {
        return Err(format!(
            "cell ({x}, {y}) is off the {width}x{height} map (X in 0..={}, Y in 0..={})",
            width - 1,
            height - 1
        ));
    }
    Ok(Pos::new(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_and_alias_reads() {
        let t = parse(
            "Up down LEFT Right Confirm Space Enter Cancel Esc EndTurn End Undo Next Danger Wait Click:3,4",
            10,
            10,
        )
        .unwrap();
        assert_eq!(t.len(), 16);
        assert_eq!(t[0], Token::Cursor(Dir::Up));
        assert_eq!(t[5], Token::Confirm);
        assert_eq!(t[8], Token::Cancel);
        assert_eq!(t[10], Token::EndTurn);
        assert_eq!(t[15], Token::Click(Pos::new(3, 4)));
    }

    #[test]
    fn mistakes_name_the_token_and_its_place() {
        let e = parse("Up Jump", 10, 10).unwrap_err();
        assert_eq!((e.index, e.token.as_str()), (2, "Jump"));
        assert!(e.to_string().contains("unknown token"), "{e}");
        let e = parse("Click:10,2", 10, 10).unwrap_err();
        assert!(e.why.contains("off the 10x10 map"), "{e}");
        let e = parse("Click:a,b", 10, 10).unwrap_err();
        assert!(e.why.contains("whole numbers"), "{e}");
    }

    #[test]
    fn the_error_lists_every_token() {
        let e = parse("Jump", 10, 10).unwrap_err().to_string();
        for (name, t) in NAMES {
            assert!(e.contains(name), "{name} missing from: {e}");
            assert_eq!(parse(name, 10, 10).unwrap()[0], *t);
        }
        for name in ["Save", "Load", "Reload", "Yes", "Tab", "Point:X,Y", "Click:X,Y"] {
            assert!(e.contains(name), "{name} missing from: {e}");
        }
        for b in Button::ALL {
            let name = format!("Press:{}", b.name());
            assert!(e.contains(&name), "{name} missing from: {e}");
            assert_eq!(parse(&name, 10, 10).unwrap()[0], Token::Press(b));
        }
        assert_eq!(parse("Point:2,3", 10, 10).unwrap()[0], Token::Point(Pos::new(2, 3)));
    }

    #[test]
    fn buttons_are_pressed_by_name_in_any_case() {
        let t = parse("Press:EndTurn press:yes PRESS:next", 10, 10).unwrap();
        assert_eq!(
            t,
            [
                Token::Press(Button::EndTurn),
                Token::Press(Button::Yes),
                Token::Press(Button::NextScenario)
            ]
        );
        let e = parse("Press:Jump", 10, 10).unwrap_err();
        assert!(e.why.contains("no button") && e.why.contains("EndTurn"), "{e}");
    }

    #[test]
    fn an_empty_script_is_fine() {
        assert!(parse("  \n ", 4, 4).unwrap().is_empty());
    }
}
