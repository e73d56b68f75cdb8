//! Text made to fit its room: a long line wrapped at spaces, a line too wide cut with `…`.

use crate::game::view::{CHAR_W, text_w};

/// [`wrap`] that keeps each field of `line` (the parts between two spaces, such as "ATK 9")
/// on one row: a row breaks only between fields (issue 33: the unit panel broke "ATK" from
/// its "9"). A field longer than a row is wrapped by words.
pub fn wrap_fields(line: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for field in line.split("  ").map(str::trim).filter(|f| !f.is_empty()) {
        let (have, need) = (cur.chars().count(), field.chars().count());
        if have > 0 && have + 2 + need <= width {
            cur.push_str("  ");
            cur.push_str(field);
        } else {
            if have > 0 {
                out.push(std::mem::take(&mut cur));
            }
            if need <= width {
                cur = field.to_string();
            } else {
                let mut rows = wrap(field, width);
                cur = rows.pop().unwrap_or_default();
                out.extend(rows);
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `line` cut into lines of at most `width` characters, at spaces where it can (a long
/// word is cut where it must): nothing is left out.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    let mut cur = String::new();
    for word in line.split(' ') {
        let mut word = word.to_string();
        loop {
            let have = cur.chars().count();
            let need = word.chars().count() + usize::from(have > 0);
            if have + need <= width {
                if have > 0 {
                    cur.push(' ');
                }
                cur.push_str(&word);
                break;
            }
            if have > 0 {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            // A word longer than a line: cut it.
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            out.push(head);
        }
    }
    if !cur.is_empty() || out.is_empty() {
        out.push(cur);
    }
    out
}

/// `s` cut with `…` to fit `room` drawing units at text size `size` (whole when it fits).
pub fn fit(s: &str, room: f32, size: f32) -> String {
    if text_w(s, size) <= room {
        return s.to_string();
    }
    let keep = ((room / (size * CHAR_W)) as usize).saturating_sub(1);
    let mut out: String = s.chars().take(keep).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_stays_on_one_row() {
        let line = "Kiny (hero)  HP 28/28  ATK 9  DEF 3  RNG 1  MOV 7 foot";
        let rows = wrap_fields(line, 24);
        assert_eq!(rows, ["Kiny (hero)  HP 28/28", "ATK 9  DEF 3  RNG 1", "MOV 7 foot"]);
        // At no width is a name parted from its number.
        for w in 8..60 {
            for r in wrap_fields(line, w) {
                assert!(
                    !["HP", "ATK", "DEF", "RNG", "MOV"].iter().any(|k| r.ends_with(k)),
                    "{w}: {r}"
                );
            }
        }
        assert_eq!(wrap_fields(line, 200), [line]);
    }

    #[test]
    fn long_lines_wrap_and_keep_every_word() {
        let err = "maps/sample.toml:12:7: unknown field `moev`, expected one of `name`, `team`, `at`, \
                   `class`, `move`, `profile`, `pivot`, `kind`, `hp`, `attack`, `defense`, `range` (expected …)";
        let lines = wrap(err, 40);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
        assert_eq!(lines.join(" "), err, "nothing is cut");
        assert!(lines[0].starts_with("maps/sample.toml:12:7:"));
        let long = "x".repeat(25);
        assert_eq!(wrap(&long, 10), vec!["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
        assert_eq!(wrap("", 10), vec![String::new()]);
    }

    #[test]
    fn a_long_title_is_cut_to_its_room_and_a_short_one_kept() {
        assert_eq!(fit("Turn 1 — Player phase", 400.0, 16.0), "Turn 1 — Player phase");
        let cut = fit(&"x".repeat(80), 200.0, 16.0);
        assert!(cut.ends_with('…'));
        assert!(text_w(&cut, 16.0) <= 200.0, "{cut}");
    }
}
