//! Unit names. The name as written in the scenario is the unit's identity: the command
//! line (`--unit`), JSON, saves and tests use it unchanged. Only the on-screen label
//! ([`label`]) shortens it.

/// Longest name a label shows, in characters, before it cuts with `…`.
pub const LABEL_CHARS: usize = 16;

/// The identity of a unit written as `raw`, the `n`-th unit (1-based) of its scenario:
/// `raw` itself; an empty or all-blank name becomes `Unit N`. A name holding a control
/// character (a tab, a newline, an escape) is refused: it could not be typed on the
/// command line nor shown on one line.
///
/// ```
/// use skirmish_data::load::names::identity;
/// assert_eq!(identity("Bartholomew the Bold", 1).unwrap(), "Bartholomew the Bold");
/// assert_eq!(identity("", 3).unwrap(), "Unit 3");
/// assert!(identity("Ki\u{7}ny", 1).is_err());
/// ```
pub fn identity(raw: &str, n: usize) -> Result<String, String> {
    if let Some(c) = raw.chars().find(|c| c.is_control()) {
        return Err(format!(
            "unit name {raw:?} holds the control character U+{:04X}: names are one line of visible text",
            c as u32
        ));
    }
    if raw.trim().is_empty() {
        Ok(format!("Unit {n}"))
    } else {
        Ok(raw.to_string())
    }
}

/// A name as drawn on screen in at most `max` characters: runs of blanks read as one, and
/// a longer name is cut and ends with `…`. Only labels use this; the name itself is the
/// unit's identity everywhere else.
///
/// ```
/// use skirmish_data::load::names::label;
/// assert_eq!(label("Bartholomew the Bold", 16), "Bartholomew the…");
/// assert_eq!(label("Kiny", 16), "Kiny");
/// ```
pub fn label(name: &str, max: usize) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let shown = words.join(" ");
    if shown.chars().count() <= max {
        return shown;
    }
    let cut: String = shown.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_is_the_name_as_written() {
        assert_eq!(identity("  Kiny  ", 1).unwrap(), "  Kiny  ");
        assert_eq!(identity("a  b", 1).unwrap(), "a  b");
        assert_eq!(identity("   ", 7).unwrap(), "Unit 7");
        assert!(identity("a\tb", 1).unwrap_err().contains("U+0009"));
        let long = "é".repeat(19);
        assert_eq!(identity(&long, 1).unwrap(), long);
    }

    #[test]
    fn labels_cut_on_characters() {
        assert_eq!(label(&"é".repeat(19), LABEL_CHARS).chars().count(), LABEL_CHARS);
        assert_eq!(label("  Kiny\n", LABEL_CHARS), "Kiny");
    }
}
