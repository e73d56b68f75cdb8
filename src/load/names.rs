//! Unit names as shown to players: cleaned the way the original Minesweeper cleaned names
//! for its score file — empty becomes a default, control characters go, long names are cut.

/// Longest name shown, in characters.
pub const MAX_NAME_CHARS: usize = 16;

/// The display form of a unit name: control characters removed, surrounding blanks
/// trimmed, runs of blanks squeezed, cut to [`MAX_NAME_CHARS`]; an empty result becomes
/// `Unit N` (with `n` its 1-based place in the scenario).
///
/// ```
/// use skirmish::load::names::clean_name;
/// assert_eq!(clean_name("  Kiny\t\u{7}", 1), "Kiny");
/// assert_eq!(clean_name("", 3), "Unit 3");
/// assert_eq!(clean_name("Bartholomew the Unready", 1), "Bartholomew the ");
/// ```
pub fn clean_name(raw: &str, n: usize) -> String {
    let mut out = String::new();
    let mut blank = false;
    for c in raw.chars() {
        if c.is_control() || c.is_whitespace() {
            // Tabs and newlines become one space; other control characters vanish.
            blank |= c.is_whitespace();
            continue;
        }
        if blank && !out.is_empty() {
            out.push(' ');
        }
        blank = false;
        out.push(c);
    }
    let cut: String = out.chars().take(MAX_NAME_CHARS).collect();
    if cut.trim().is_empty() {
        format!("Unit {n}")
    } else {
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleans_like_a_score_file() {
        assert_eq!(clean_name("Ki\u{0}ny", 1), "Kiny");
        assert_eq!(clean_name("a  \n b", 1), "a b");
        assert_eq!(clean_name("\u{1b}[31m", 2), "[31m");
        assert_eq!(clean_name("   ", 7), "Unit 7");
        assert_eq!(clean_name("ééééééééééééééééééé", 1).chars().count(), 16);
    }
}
