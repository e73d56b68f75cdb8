//! The guide (`guide/src/**/*.md`) and the README show what the program prints, and nothing of
//! the old README was lost when its text moved into the guide.
//!
//! Every `$ skirmish ...` line of every chapter (and of the README) is run with the built
//! binary and the lines shown under it are compared with the real output, by these rules:
//! - **Where it runs.** From the project root, except the chapters of [`SCRATCH`]: those
//!   run in order in one scratch copy of `data/` and `maps/` (their commands write files —
//!   kept replays, a chart — and later ones read them back).
//! - **Files a chapter has you write.** A paragraph ending "Create `PATH`:" followed by a
//!   code block writes that block to `PATH` in the scratch copy (such a chapter runs there);
//!   "Fix the ... (`KEY = V`)" then sets that key's line in the file before the next command.
//! - **What it prints.** A text line must equal the real line at the same place; a JSON line
//!   shown abbreviated with `...` must match the real line's start (before `...`) and end
//!   (after it), and every key it shows must be a key of the real JSON; a line that is `...`
//!   alone stands for any number of lines, up to the next line shown.
//! - **How it ends.** Exit 0, except `skirmish test` whose shown output counts failures
//!   (`0 passed, 1 failed`): exit 1, as it prints.
//! - **Windows.** A line that would open a window (`skirmish` alone, `play`, `title`,
//!   `campaign` without `--simulate`, `--replay`, `--resume`) cannot run in a test: the
//!   guide writes it without `$ ` (as a plain command, not an example with output), and this
//!   test refuses a `$ ` line that would open one.
//!
//! Besides: every heading and `$ skirmish` command of the README as it was before the move
//! (`guide/moved-from-readme.txt`) is still found; every link between the pages resolves;
//! every chapter is in `SUMMARY.md`; every chapter with a Rust block is a doctest; every
//! picture is made by `guide/shots.sh`; the README's quick start is two commands, and CI
//! runs its test command.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Chapters whose commands run in order in one scratch copy of `data/` and `maps/`.
const SCRATCH: &[&str] = &["designers/balancing.md", "designers/tuning.md"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every chapter of the guide, as a path under `guide/src/`, sorted.
fn chapters() -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, base, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p.strip_prefix(base).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let base = root().join("guide/src");
    let mut out = Vec::new();
    walk(&base, &base, &mut out);
    out.sort();
    out
}

fn read(chapter: &str) -> String {
    std::fs::read_to_string(root().join("guide/src").join(chapter)).unwrap()
}

/// What a chapter asks for, in order.
#[derive(Debug)]
enum Step {
    /// `(command line, lines shown under it)`.
    Run(String, Vec<String>),
    /// A file the reader is told to create, and its text.
    Write(String, String),
    /// A key of the last written file set to a value (`KEY = V`).
    Set(String, String),
}

/// The steps of a chapter: its `$ skirmish` examples, files to create, fixes to make.
fn steps(text: &str) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    let mut in_block = false;
    // Code blocks may be indented (inside a list): their lines lose the fence's indent.
    let mut indent = 0;
    // "Create `PATH`:" just before a block: the block is that file.
    let mut create: Option<String> = None;
    let mut file = String::new();
    let mut example = false;
    for raw in text.lines() {
        let line = raw.get(indent.min(raw.len() - raw.trim_start().len())..).unwrap_or(raw);
        if raw.trim_start().starts_with("```") {
            indent = raw.len() - raw.trim_start().len();
            in_block = !in_block;
            if !in_block && let Some(path) = create.take() {
                out.push(Step::Write(path, std::mem::take(&mut file)));
            }
            example = false;
            continue;
        }
        if !in_block {
            let t = line.trim_end();
            create = t
                .strip_suffix("`:")
                .and_then(|t| t.rsplit_once("Create `"))
                .map(|(_, path)| path.to_string());
            if let Some(i) = t.find("Fix the ")
                && let Some((_, rest)) = t[i..].split_once("(`")
                && let Some((set, _)) = rest.split_once("`)")
                && let Some((key, value)) = set.split_once(" = ")
            {
                out.push(Step::Set(key.to_string(), value.to_string()));
            }
            continue;
        }
        if create.is_some() {
            file += line;
            file.push('\n');
        } else if let Some(cmd) = line.strip_prefix("$ ") {
            out.push(Step::Run(cmd.to_string(), Vec::new()));
            example = true;
        } else if example && let Some(Step::Run(_, shown)) = out.last_mut() {
            shown.push(line.to_string());
        }
    }
    out
}

/// The `$ skirmish` examples of a chapter.
fn examples(text: &str) -> Vec<(String, Vec<String>)> {
    steps(text)
        .into_iter()
        .filter_map(|s| match s {
            Step::Run(c, shown) => Some((c, shown)),
            _ => None,
        })
        .collect()
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

/// The lines shown against the real ones: in order, a `...` line alone skipping any number
/// of real lines up to the next shown line that matches.
fn compare_lines(shown: &[String], real: &[&str]) -> Result<(), String> {
    let mut r = 0;
    let mut skipping = false;
    for s in shown {
        if s.trim() == "..." {
            skipping = true;
            continue;
        }
        if skipping {
            match (r..real.len()).find(|&i| compare(s, real[i]).is_ok()) {
                Some(i) => r = i,
                None => return Err(format!("no line after `...` matches:\n  {s}")),
            }
            skipping = false;
        }
        let Some(line) = real.get(r) else {
            return Err(format!("the real output ends before:\n  {s}"));
        };
        compare(s, line)?;
        r += 1;
    }
    Ok(())
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

/// Whether `skirmish ARGS` opens the game's window.
fn opens_window(args: &[String]) -> bool {
    let has = |f: &str| args.iter().any(|a| a == f);
    match args.first().map(String::as_str) {
        None => true,
        Some("play" | "title") => true,
        Some("campaign") => !has("--simulate"),
        Some(first) => first.starts_with("--") && !has("--help") && !has("--version"),
    }
}

/// Runs a chapter's steps in `dir`, comparing what each command prints with what is shown.
fn run_steps(chapter: &str, steps: &[Step], dir: &Path) {
    let mut last_file: Option<PathBuf> = None;
    for step in steps {
        match step {
            Step::Write(path, text) => {
                let p = dir.join(path);
                std::fs::create_dir_all(p.parent().unwrap()).unwrap();
                std::fs::write(&p, text).unwrap();
                last_file = Some(p);
            }
            Step::Set(key, value) => {
                let p = last_file
                    .as_ref()
                    .unwrap_or_else(|| panic!("{chapter}: a fix before any file"));
                let text = std::fs::read_to_string(p).unwrap();
                let prefix = format!("{key} =");
                assert!(
                    text.lines().any(|l| l.starts_with(&prefix)),
                    "{chapter}: no `{key}` line to fix in {}",
                    p.display()
                );
                let fixed: Vec<String> = text
                    .lines()
                    .map(|l| {
                        if l.starts_with(&prefix) {
                            format!("{key} = {value}")
                        } else {
                            l.to_string()
                        }
                    })
                    .collect();
                std::fs::write(p, fixed.join("\n") + "\n").unwrap();
            }
            Step::Run(cmd, shown) => run(chapter, cmd, shown, dir),
        }
    }
}

fn run(chapter: &str, cmd: &str, shown: &[String], dir: &Path) {
    let args = words(cmd);
    assert_eq!(args[0], "skirmish", "{chapter}: {cmd}");
    assert!(
        !opens_window(&args[1..]),
        "{chapter}: `$ {cmd}` would open a window, which a test cannot: write it without `$ `"
    );
    assert!(!shown.is_empty(), "{chapter}: `{cmd}` shows no output");
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(&args[1..])
        .current_dir(dir)
        .output()
        .unwrap();
    // `skirmish test` shown failing exits 1, as it says; everything else succeeds.
    let fails = args[1] == "test"
        && shown
            .last()
            .and_then(|l| l.split_once(" passed, "))
            .is_some_and(|(_, f)| !f.starts_with("0 "));
    assert_eq!(
        out.status.success(),
        !fails,
        "{chapter}: `{cmd}` exited {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let real = String::from_utf8(out.stdout).unwrap();
    let real: Vec<&str> = real.lines().collect();
    if let Err(e) = compare_lines(shown, &real) {
        panic!("{chapter}: the example `{cmd}` is stale: {e}");
    }
}

#[test]
fn every_command_of_the_guide_prints_what_the_guide_shows() {
    let mut ran = 0;
    // The README too (`../../README.md` from guide/src/), should it ever show an example.
    for chapter in chapters().into_iter().chain(["../../README.md".to_string()]) {
        if SCRATCH.contains(&chapter.as_str()) {
            continue;
        }
        let steps = steps(&read(&chapter));
        ran += steps.iter().filter(|s| matches!(s, Step::Run(..))).count();
        if steps.iter().any(|s| matches!(s, Step::Write(..))) {
            // A chapter that has you write files: in a scratch copy of its own.
            let scratch = common::Tree::new(&format!("guide-{}", chapter.replace(['/', '.'], "-")));
            run_steps(&chapter, &steps, &scratch.0);
        } else {
            run_steps(&chapter, &steps, root());
        }
    }
    // The command line, the campaign, testing your AI (at least).
    assert!(ran >= 9, "only {ran} commands found in the guide");
}

#[test]
fn the_balancing_walkthrough_prints_what_the_guide_shows() {
    // A copy of data/ and maps/: the walk keeps replays and reads them back.
    let scratch = common::Tree::new("guide-balancing");
    let mut all = Vec::new();
    for chapter in SCRATCH {
        let steps = steps(&read(chapter));
        assert!(!steps.is_empty(), "{chapter} has no examples");
        all.push((chapter, steps));
    }
    assert!(
        all.iter().any(|(_, s)| s
            .iter()
            .any(|s| matches!(s, Step::Run(c, _) if c.contains("--explain")))),
        "the walkthrough was not found"
    );
    for (chapter, steps) in &all {
        run_steps(chapter, steps, &scratch.0);
    }
}

#[test]
fn the_chapters_of_the_old_readme_sections_are_walked() {
    // The sections tests/readme.rs walked in the README, and testing your AI, now chapters.
    for (chapter, wanted) in [
        ("designers/command-line.md", "range maps/sample.toml --unit Kiny --json"),
        ("players/campaign.md", "campaign maps/campaign.toml"),
        ("designers/testing-ai.md", "test tests/ai/my-sniper.toml"),
        ("designers/testing-ai.md", "--explain Tether"),
        ("designers/balancing.md", "--explain \"Bow One\""),
        ("designers/tuning.md", "tune maps/sample.toml"),
    ] {
        let found = examples(&read(chapter));
        assert!(
            found.iter().any(|(c, _)| c.contains(wanted)),
            "{chapter}: {wanted}: {found:?}"
        );
    }
}

/// Every heading (outside code blocks, without its `#`s) of a Markdown text.
fn headings(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            let t = line.trim_start_matches('#');
            if t.starts_with(' ') {
                out.push(t.trim().to_string());
            }
        }
    }
    out
}

#[test]
fn nothing_of_the_old_readme_is_lost() {
    let list = std::fs::read_to_string(root().join("guide/moved-from-readme.txt")).unwrap();
    let mut texts = vec![std::fs::read_to_string(root().join("README.md")).unwrap()];
    texts.extend(chapters().iter().map(|c| read(c)));
    let all_headings: Vec<String> = texts.iter().flat_map(|t| headings(t)).collect();
    let all_commands: Vec<String> = texts.iter().flat_map(|t| examples(t)).map(|(c, _)| c).collect();
    let mut missing = Vec::new();
    for line in list.lines() {
        let found = match line.split_once(": ") {
            Some(("heading", h)) => all_headings.iter().any(|x| x == h),
            Some(("command", c)) => all_commands.iter().any(|x| x == c),
            _ => panic!("guide/moved-from-readme.txt: unreadable line {line:?}"),
        };
        if !found {
            missing.push(line);
        }
    }
    assert!(list.lines().count() > 50, "the list is short: {list}");
    assert!(missing.is_empty(), "not in README.md nor guide/src/: {missing:#?}");
}

/// A heading's anchor as mdBook and GitHub make it.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The targets of a Markdown text's links and images: `](target)`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let mut rest = line;
        while !fenced && let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            if let Some(j) = rest.find(')') {
                out.push(rest[..j].to_string());
            }
        }
    }
    out
}

#[test]
fn every_link_between_the_pages_resolves() {
    let mut pages: Vec<PathBuf> = vec![root().join("README.md")];
    pages.extend(chapters().iter().map(|c| root().join("guide/src").join(c)));
    let mut broken = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            if !target.exists() {
                broken.push(format!("{}: {link}: no such file", page.display()));
                continue;
            }
            if !anchor.is_empty() {
                let t = std::fs::read_to_string(&target).unwrap_or_default();
                if !headings(&t).iter().any(|h| slug(h) == anchor) {
                    broken.push(format!("{}: {link}: no heading with that anchor", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{broken:#?}");
}

#[test]
fn the_summary_lists_every_chapter() {
    let summary = read("SUMMARY.md");
    let listed: Vec<String> = links(&summary);
    for chapter in chapters() {
        if chapter != "SUMMARY.md" {
            assert!(listed.contains(&chapter), "SUMMARY.md does not list {chapter}");
        }
    }
    for l in &listed {
        assert!(
            root().join("guide/src").join(l).is_file(),
            "SUMMARY.md lists a missing {l}"
        );
    }
}

/// The opening fences of a text's code blocks without a language, as `line: text`.
fn untagged_fences(text: &str) -> Vec<String> {
    let mut open = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if let Some(tag) = t.strip_prefix("```") {
            if !open && tag.trim().is_empty() {
                out.push(format!("{}: {t}", i + 1));
            }
            open = !open;
        }
    }
    out
}

#[test]
fn every_code_block_of_the_guide_names_its_language() {
    // `mdbook test` compiles a block without a language as Rust: a shell example left bare
    // fails CI's guide step (it did, on the chance chapter's `$ skirmish` examples).
    let mut bare = Vec::new();
    for chapter in chapters() {
        bare.extend(
            untagged_fences(&read(&chapter))
                .into_iter()
                .map(|l| format!("{chapter}:{l}")),
        );
    }
    assert!(
        bare.is_empty(),
        "code blocks without a language (write ```text):\n{}",
        bare.join("\n")
    );
    // The check itself finds a bare fence and passes tagged ones, closing fences included.
    assert_eq!(untagged_fences("```\n$ skirmish\n```\n```text\nx\n```\n"), ["1: ```"]);
}

#[test]
fn every_rust_block_of_the_guide_is_a_doctest() {
    // `cargo test` runs them: src/lib.rs includes each such chapter under cfg(doctest).
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let mut with_rust = 0;
    for chapter in chapters() {
        if read(&chapter).lines().any(|l| l.trim_start().starts_with("```rust")) {
            with_rust += 1;
            let include = format!("include_str!(\"../guide/src/{chapter}\")");
            assert!(lib.contains(&include), "src/lib.rs lacks #[doc = {include}]");
        }
    }
    assert!(with_rust >= 2, "{with_rust}");
}

#[test]
fn every_picture_is_made_by_the_shots_script_and_shown() {
    let script = std::fs::read_to_string(root().join("guide/shots.sh")).unwrap();
    let mut shown: Vec<String> = vec![std::fs::read_to_string(root().join("README.md")).unwrap()];
    shown.extend(chapters().iter().map(|c| read(c)));
    let shown = shown.concat();
    let dir = root().join("guide/src/images");
    let mut count = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().to_string();
        let stem = name.strip_suffix(".png").unwrap_or_else(|| panic!("{name}: not a PNG"));
        count += 1;
        assert!(
            script.contains(&format!(" {stem} ")) || script.contains(&format!("/{stem}.png")),
            "guide/shots.sh does not make {name}"
        );
        assert!(shown.contains(&format!("images/{name}")), "{name} is shown nowhere");
        let size = std::fs::metadata(dir.join(&name)).unwrap().len();
        assert!(size < 400 * 1024, "{name} is {size} bytes: keep pictures small");
    }
    assert!(count >= 10, "{count} pictures");
}

#[test]
fn the_readme_quick_start_is_two_commands_and_ci_runs_its_test_command() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme.split("\n## Quick start").nth(1).expect("a Quick start section");
    let block = section.split("```").nth(1).expect("a code block");
    let commands: Vec<&str> = block
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(commands, ["cargo run --release", "cargo test"], "{block}");
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l.trim() == commands[1]),
        ".ci/run does not run `{}`",
        commands[1]
    );
    assert!(
        readme.lines().count() <= 160,
        "the README is a front page: keep it short"
    );
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
    // A `...` line alone skips lines, but what follows must still come, in order.
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let real = ["a", "b", "c", "d"];
    assert!(compare_lines(&s(&["a", "...", "d"]), &real).is_ok());
    assert!(compare_lines(&s(&["a", "...", "e"]), &real).is_err());
    assert!(compare_lines(&s(&["a", "c"]), &real).is_err());
    assert!(compare_lines(&s(&["a", "b", "c", "d", "e"]), &real).is_err());
}

#[test]
fn the_walk_knows_windows_files_and_fixes() {
    let w = |c: &str| opens_window(&words(c)[1..]);
    assert!(w("skirmish") && w("skirmish play maps/sample.toml") && w("skirmish --replay x.replay"));
    assert!(w("skirmish campaign maps/campaign.toml"));
    assert!(!w("skirmish campaign maps/campaign.toml --simulate") && !w("skirmish check"));
    let text = "Create `t/x.toml`:\n```toml\nrange = 4  # no\n```\n```text\n$ skirmish check\nok\n```\nFix the key (`range = 5`), run again.\n";
    let steps = steps(text);
    assert!(
        matches!(&steps[..], [Step::Write(p, t), Step::Run(c, shown), Step::Set(k, v)]
            if p == "t/x.toml" && t == "range = 4  # no\n" && c == "skirmish check"
                && shown == &["ok"] && k == "range" && v == "5"),
        "{steps:?}"
    );
}
