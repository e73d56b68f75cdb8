//! The `--input` script: whitespace-separated tokens checked before the window opens, then
//! played one at a time whenever the board is idle, as if a player pressed the keys.

use crate::search::grid::{Dir, Pos};
use std::collections::VecDeque;
use std::fmt;

/// Every token name, for the error message.
pub const TOKENS: &str =
    "Up Down Left Right Confirm Space Enter Cancel Esc EndTurn End Undo Next Danger Wait Click:X,Y";

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
    /// Save the battle (key S).
    Save,
    /// Load the save (key L).
    Load,
    /// Reload data and scenario (key F5).
    Reload,
    /// Put the cursor on a cell and press the action button there (a mouse click).
    Click(Pos),
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
    let token = match lower.as_str() {
        "up" => Token::Cursor(Dir::Up),
        "down" => Token::Cursor(Dir::Down),
        "left" => Token::Cursor(Dir::Left),
        "right" => Token::Cursor(Dir::Right),
        "confirm" | "space" | "enter" => Token::Confirm,
        "cancel" | "esc" => Token::Cancel,
        "endturn" | "end" => Token::EndTurn,
        "undo" => Token::Undo,
        "next" => Token::Next,
        "danger" => Token::Danger,
        "wait" => Token::Wait,
        "save" => Token::Save,
        "load" => Token::Load,
        "reload" => Token::Reload,
        _ => match lower.strip_prefix("click:") {
            Some(xy) => Token::Click(parse_cell(xy, width, height)?),
            None => return Err(format!("unknown token (expected one of: {TOKENS})")),
        },
    };
    Ok(token)
}

fn parse_cell(xy: &str, width: usize, height: usize) -> Result<Pos, String> {
    let bad = || format!("expected Click:X,Y with whole numbers, such as Click:20,21 (found {xy:?})");
    let (x, y) = xy.split_once(',').ok_or_else(bad)?;
    let x: i32 = x.trim().parse().map_err(|_| bad())?;
    let y: i32 = y.trim().parse().map_err(|_| bad())?;
    let inside = (0..width as i32).contains(&x) && (0..height as i32).contains(&y);
    if !inside {
        return Err(format!(
            "cell ({x}, {y}) is off the {width}x{height} map (X in 0..{width}, Y in 0..{height})"
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
    fn an_empty_script_is_fine() {
        assert!(parse("  \n ", 4, 4).unwrap().is_empty());
    }
}
