//! The layout shows the layers: no source file reaches, through `crate::` or `super::`
//! paths, a module that reaches back to it, and only `src/game/` names ggez.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file: `src/rules/battle.rs` → `rules::battle`, `src/ai/mod.rs` → `ai`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let parts: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    let parts: Vec<&str> = parts
        .iter()
        .map(String::as_str)
        .filter(|p| *p != "mod" && *p != "lib")
        .collect();
    parts.join("::")
}

/// The module graph: for each module, the other modules its code names (the longest
/// prefix of each path that is a module; test code inside `#[cfg(test)]` counts too).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut g = BTreeMap::new();
    for f in &files {
        let me = module_of(&src, f);
        let text = std::fs::read_to_string(f).unwrap();
        let parent: Vec<&str> = me.split("::").collect();
        let parent = if f.ends_with("mod.rs") {
            parent.clone()
        } else {
            parent[..parent.len() - 1].to_vec()
        };
        let mut to = BTreeSet::new();
        for (start, prefix) in [
            ("crate::", Vec::new()),
            ("super::", parent[..parent.len().saturating_sub(1)].to_vec()),
        ] {
            for (i, _) in text.match_indices(start) {
                let rest = &text[i + start.len()..];
                let path: Vec<&str> = rest
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .next()
                    .unwrap_or("")
                    .split("::")
                    .collect();
                let mut full: Vec<&str> = prefix.clone();
                let mut best = None;
                for seg in path {
                    full.push(seg);
                    let m = full.join("::");
                    if modules.contains(&m) {
                        best = Some(m);
                    }
                }
                if let Some(m) = best.filter(|m| *m != me && !me.starts_with(&format!("{m}::"))) {
                    to.insert(m);
                }
            }
        }
        g.insert(me, to);
    }
    g
}

#[test]
fn no_module_reaches_back_to_one_that_reaches_it() {
    let g = graph();
    // Depth-first search for a cycle, reporting it as a chain of modules.
    fn visit(
        m: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = stack.iter().position(|s| s == m) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.to_string());
        for n in g.get(m).into_iter().flatten() {
            if let Some(c) = visit(n, g, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in g.keys() {
        if let Some(c) = visit(m, &g, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}", c.join(" -> "));
        }
    }
    assert!(
        g["rules::execute"].contains("rules::battle"),
        "the graph sees the imports: {g:?}"
    );
}

#[test]
fn only_the_game_names_ggez() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    for f in files.iter().filter(|f| !f.starts_with(src.join("game"))) {
        let text = std::fs::read_to_string(f).unwrap();
        let named = text.lines().any(|l| {
            let l = l.trim_start();
            !l.starts_with("//") && l.contains("ggez::")
        });
        assert!(!named || f.ends_with("main.rs"), "{} names ggez", f.display());
    }
}
