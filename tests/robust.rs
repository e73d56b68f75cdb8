//! No panic on any input: random bytes, random edits of the shipped files and random grids
//! go through every loader, which must answer with a value or located errors — never a panic.
//! Limits (largest map, most units) are explicit errors. Saves go through `save::parse`,
//! the text half of `save::read`.

use proptest::prelude::*;
use skirmish::load::data::DataSet;
use skirmish::load::diag::{Diagnostics, Source};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn shipped(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap()
}

fn data() -> DataSet {
    skirmish::load::data::load(&root().join("data")).unwrap()
}

/// Errors must point inside the text they came from.
fn located(text: &str, r: Result<(), Diagnostics>) -> Result<(), TestCaseError> {
    if let Err(e) = r {
        prop_assert!(!e.is_empty());
        let lines = text.split('\n').count().max(1);
        for d in &e.0 {
            prop_assert!(d.line >= 1 && d.col >= 1, "{d}");
            prop_assert!(d.line <= lines + 1, "{d} is past the end ({lines} lines)");
            prop_assert!(!d.message.is_empty());
        }
    }
    Ok(())
}

/// Every loader on one text.
fn all_loaders(text: &str) -> Result<(), TestCaseError> {
    let src = Source::new("fuzz.toml", text);
    let d = data();
    located(text, skirmish::load::terrain::parse(&src).map(|_| ()))?;
    located(text, skirmish::load::profiles::parse(&src).map(|_| ()))?;
    located(
        text,
        skirmish::load::units::parse(&src, d.terrain.classes()).map(|_| ()),
    )?;
    located(text, skirmish::load::map::parse(&src, &d.terrain).map(|_| ()))?;
    located(
        text,
        skirmish::load::scenario::parse(&src, &root().join("maps"), &d).map(|_| ()),
    )?;
    located(
        text,
        skirmish::io::save::parse(&src).map(|_| ()).map_err(|e| e.0.into()),
    )?;
    Ok(())
}

/// A random edit of a text: delete, insert or replace a span with TOML-significant noise.
fn mutate(text: String, ops: Vec<(usize, u8, String)>) -> String {
    let mut t: Vec<char> = text.chars().collect();
    for (at, op, noise) in ops {
        let at = if t.is_empty() { 0 } else { at % t.len() };
        match op % 4 {
            0 => {
                let end = (at + noise.len()).min(t.len());
                t.drain(at..end);
            }
            1 => t.splice(at..at, noise.chars()).for_each(drop),
            2 => {
                let end = (at + noise.chars().count()).min(t.len());
                t.splice(at..end, noise.chars()).for_each(drop);
            }
            _ => {
                // Duplicate a line: a repeated key or table.
                let line_start = t[..at].iter().rposition(|&c| c == '\n').map_or(0, |i| i + 1);
                let line_end = t[at..].iter().position(|&c| c == '\n').map_or(t.len(), |i| at + i);
                let line: Vec<char> = t[line_start..line_end].to_vec();
                t.splice(line_end..line_end, std::iter::once('\n').chain(line))
                    .for_each(drop);
            }
        }
    }
    t.into_iter().collect()
}

/// A valid save of the sample battle, as `save::write` lays it out.
const SAVE: &str = r#"{
  "format": "skirmish-save",
  "version": 1,
  "scenario": "maps/sample.toml",
  "fingerprint": "0123456789abcdef",
  "turn": 2,
  "seed": 0,
  "units": [
    {"name": "Kiny", "at": [20, 19], "hp": 25, "alive": true, "acted": false, "triggered": false},
    {"name": "Brute", "at": [22, 18], "hp": 0, "alive": false, "acted": false, "triggered": true}
  ]
}"#;

#[test]
fn the_save_parser_is_the_one_save_read_uses() {
    // The fuzz target and the tests above feed `save::parse`; it must be what `read` runs.
    let src = Source::new("x.save", SAVE);
    let parsed = skirmish::io::save::parse(&src).unwrap();
    assert_eq!(parsed.units[1].name, "Brute");
    let p = std::env::temp_dir().join(format!("skirmish-robust-{}.save", std::process::id()));
    std::fs::write(&p, SAVE).unwrap();
    assert_eq!(skirmish::io::save::read(&p).unwrap(), parsed);
    let e = skirmish::io::save::parse(&Source::new("x.save", SAVE.replace("\"version\": 1", "\"version\": 9")))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "x.save:1:1: save is version 9; this skirmish reads version 1 only"
    );
    let _ = std::fs::remove_file(&p);
}

fn noise() -> impl Strategy<Value = String> {
    prop::string::string_regex(r#"[\[\]{}="',.#\n0-9a-z\- _~^TM\t\r\x00é]{0,8}"#).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        all_loaders(&text)?;
    }

    #[test]
    fn random_edits_of_the_shipped_files_never_panic(
        which in 0usize..6,
        ops in prop::collection::vec((any::<usize>(), any::<u8>(), noise()), 1..6),
    ) {
        let file = ["data/terrain.toml", "data/profiles.toml", "data/units.toml", "maps/sample.toml", "maps/river.toml", "-"][which];
        let text = if which == 5 { SAVE.to_string() } else { shipped(file) };
        let text = mutate(text, ops);
        all_loaders(&text)?;
    }

    #[test]
    fn random_grids_never_panic(rows in prop::collection::vec(prop::string::string_regex(r"[.T^~M=_#Q \t\ré]{0,30}").unwrap(), 0..30)) {
        let text = rows.join("\n");
        let d = data();
        located(&text, skirmish::load::map::parse(&Source::new("fuzz.txt", text.clone()), &d.terrain).map(|_| ()))?;
    }
}

#[test]
fn a_map_beyond_the_largest_size_is_an_error() {
    let d = data();
    let wide = ".".repeat(4097);
    let e = skirmish::load::map::parse(&Source::new("big.txt", wide), &d.terrain).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("big.txt:1:1: map is 4097x1: the largest map accepted is 4096x4096"),
        "{e}"
    );
}

#[test]
fn a_map_of_the_largest_size_loads() {
    let d = data();
    let wide = ".".repeat(4096);
    let tall = vec!["."; 4096].join("\n");
    for (text, size) in [(wide, (4096, 1)), (tall, (1, 4096))] {
        let m = skirmish::load::map::parse(&Source::new("big.txt", text), &d.terrain).unwrap();
        assert_eq!((m.width(), m.height()), size);
    }
}

#[test]
fn more_units_than_the_limit_is_an_error() {
    let d = data();
    let mut text = String::from("name = \"crowd\"\nmap = \"sample.txt\"\n");
    for i in 0..10_001 {
        text += &format!("[[units]]\nname = \"u{i}\"\nteam = \"player\"\nat = [0, 0]\n");
    }
    let e =
        skirmish::load::scenario::parse(&Source::new("maps/crowd.toml", text), &root().join("maps"), &d).unwrap_err();
    assert!(e.to_string().contains("too many units: 10001 (at most 10000)"), "{e}");
}

#[test]
fn names_are_kept_as_written_and_control_characters_refused() {
    let d = data();
    let text = shipped("maps/sample.toml").replacen("name = \"Kiny\"", "name = \" Kiny the Very Brave Hero \"", 1);
    let s = skirmish::load::scenario::parse(&Source::new("maps/x.toml", text), &root().join("maps"), &d).unwrap();
    assert_eq!(s.units[0].name, " Kiny the Very Brave Hero ");
    let text = shipped("maps/sample.toml").replacen("name = \"Kiny\"", "name = \"  \"", 1);
    let s = skirmish::load::scenario::parse(&Source::new("maps/x.toml", text), &root().join("maps"), &d).unwrap();
    assert_eq!(s.units[0].name, "Unit 1");
    let text = shipped("maps/sample.toml").replacen("name = \"Kiny\"", "name = \"\\u0007Kiny\"", 1);
    let e = skirmish::load::scenario::parse(&Source::new("maps/x.toml", text), &root().join("maps"), &d).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("maps/x.toml:12:8: unit name \"\\u{7}Kiny\" holds the control character U+0007"),
        "{e}"
    );
}
