//! The README shows what the program prints: every `$ skirmish ...` line of its
//! "Command line" section is run from the project root with the built binary, and those
//! of "Balancing a battle" in order in a scratch copy of `data/` and `maps/` (they keep
//! replays and read them back); the lines shown under each are compared with the real
//! output. A text line must equal the
//! real line at the same place; a JSON line shown abbreviated with `...` must match the
//! real line's start (before `...`) and end (after it), and every key it shows must be
//! a key of the real JSON.

mod common;

use std::path::Path;
use std::process::Command;

/// `(command line, lines shown under it)` for every example of the section `title`.
fn examples(readme: &str, title: &str) -> Vec<(String, Vec<String>)> {
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with(title))
        .unwrap_or_else(|| panic!("README has a \"## {title}\" section"));
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_block = false;
    // Code blocks may be indented (inside a list): their lines lose the fence's indent.
    let mut indent = 0;
    for raw in section.lines() {
        let line = raw.get(indent.min(raw.len() - raw.trim_start().len())..).unwrap_or(raw);
        if raw.trim_start().starts_with("```") {
            indent = raw.len() - raw.trim_start().len();
            in_block = !in_block;
            if !in_block {
                // A block ends the last example's output.
                out.push((String::new(), Vec::new()));
            }
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push((cmd.to_string(), Vec::new()));
        } else if let Some((cmd, shown)) = out.last_mut()
            && !cmd.is_empty()
        {
            shown.push(line.to_string());
        }
    }
    out.retain(|(cmd, _)| !cmd.is_empty());
    out
}

/// The keys of a JSON text, in any object: `"key":`.
fn keys(text: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("\":") {
        let before = &rest[..i];
        if let Some(j) = before.rfind('"') {
            keys.push(before[j + 1..].to_string());
        }
        rest = &rest[i + 2..];
    }
    keys
}

fn compare(shown: &str, real: &str) -> Result<(), String> {
    match shown.split_once("...") {
        None if shown == real => Ok(()),
        None => Err(format!("shown:\n  {shown}\nreal:\n  {real}")),
        Some((start, end)) => {
            let (start, end) = (start.trim_end_matches([' ', ',']), end.trim_start_matches([' ', ',']));
            if !real.starts_with(start) {
                return Err(format!("the real line does not start with {start:?}:\n  {real}"));
            }
            if !real.ends_with(end) {
                return Err(format!("the real line does not end with {end:?}:\n  {real}"));
            }
            let real_keys = keys(real);
            match keys(shown).into_iter().find(|k| !real_keys.contains(k)) {
                Some(k) => Err(format!("key {k:?} is not in the real output:\n  {real}")),
                None => Ok(()),
            }
        }
    }
}

/// A command line split as a shell would: on blanks, but not inside double quotes.
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in cmd.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn every_command_line_example_prints_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    run_examples(&examples(&readme, "Command line"), root);
}

#[test]
fn the_campaign_section_prints_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let found = examples(&readme, "The campaign");
    assert!(
        found.iter().any(|(c, _)| c.contains("campaign maps/campaign.toml")),
        "{found:?}"
    );
    run_examples(&found, root);
}

#[test]
fn the_balancing_walkthrough_prints_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    // A copy of data/ and maps/: the walk keeps replays and reads them back.
    let scratch = common::Tree::new("readme");
    let found = examples(&readme, "Balancing a battle");
    assert!(
        found.iter().any(|(c, _)| c.contains("--explain")),
        "the walkthrough was not found: {found:?}"
    );
    run_examples(&found, &scratch.0);
}

fn run_examples(examples: &[(String, Vec<String>)], dir: &Path) {
    assert!(!examples.is_empty(), "the README's examples were not found");
    for (cmd, shown) in examples {
        let args = words(cmd);
        assert_eq!(args[0], "skirmish", "{cmd}");
        assert!(!shown.is_empty(), "`{cmd}` shows no output in the README");
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
            .args(&args[1..])
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "`{cmd}` failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let real = String::from_utf8(out.stdout).unwrap();
        let real: Vec<&str> = real.lines().collect();
        assert!(
            real.len() >= shown.len(),
            "`{cmd}` prints fewer lines than the README shows"
        );
        for (s, r) in shown.iter().zip(&real) {
            if let Err(e) = compare(s, r) {
                panic!("README example `{cmd}` is stale: {e}");
            }
        }
    }
}

#[test]
fn the_comparison_catches_a_stale_example() {
    // The comparison itself, on the kind of staleness the README once had.
    let real = "Brute (charger) -> Kiny: (25, 16) -> (20, 17) path 344444  | closest (9 → 3)";
    assert!(compare(real, real).is_ok());
    assert!(
        compare(
            "Brute (charger) -> Kiny: (25, 16) -> (20, 17) path 344444  | closest (13 → 7)",
            real
        )
        .is_err()
    );
    let json = r#"{"cells":[{"at":[1,1],"cost":0}],"move":7,"unit":"K"}"#;
    assert!(compare(r#"{"cells":[{"at":[1,1], ...],"move":7,"unit":"K"}"#, json).is_ok());
    assert!(compare(r#"{"cells":[{"at":[1,1], ...],"move":7,"unit":"K","team":"x"}"#, json).is_err());
    assert!(compare(r#"{"cells":[{"at":[2,1], ...}"#, json).is_err());
    assert!(compare(r#"{"cells": ..., "moves":7}"#, json).is_err());
}
