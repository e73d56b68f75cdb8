//! The layers, checked: each crate's top-level modules name only the modules listed before
//! them (its layer order), no module reaches back to one that reaches it, the engine crates
//! name no file, terminal, parallelism, plotting or graphics crate, and only `src/game/`
//! names ggez. The crates themselves are layered by Cargo: `skirmish-core` depends on none
//! of the others, `skirmish-data` on the core only.

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

/// The `src/` folder of a crate of the workspace (`""` is the top level).
fn src_of(krate: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(krate).join("src")
}

/// The module graph of one crate: for each module, the other modules of the same crate its
/// code names (the longest prefix of each path that is a module; test code counts too).
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(src, f)).collect();
    let mut g = BTreeMap::new();
    for f in &files {
        let me = module_of(src, f);
        let text = std::fs::read_to_string(f).unwrap();
        // `super::` names the parent of the file's module, whether the file is `x.rs` or `x/mod.rs`.
        let segments: Vec<&str> = me.split("::").collect();
        let mut to = BTreeSet::new();
        for (start, prefix) in [
            ("crate::", Vec::new()),
            ("super::", segments[..segments.len().saturating_sub(1)].to_vec()),
        ] {
            for (i, _) in text.match_indices(start) {
                for path in named_paths(&text[i + start.len()..]) {
                    let mut full: Vec<&str> = prefix.clone();
                    let mut best = None;
                    for seg in &path {
                        full.push(seg);
                        let m = full.join("::");
                        if modules.contains(&m) {
                            best = Some(m);
                        }
                    }
                    if let Some(m) = best.filter(|m| !m.is_empty() && *m != me && !me.starts_with(&format!("{m}::"))) {
                        to.insert(m);
                    }
                }
            }
        }
        g.insert(me, to);
    }
    g
}

/// Every path named by the text that follows `crate::` or `super::`, as segments: `a::b`
/// names one, a `use` group `a::{b, c::{d, e}, self}` names `a::b`, `a::c::d`, `a::c::e` and
/// `a` (so that `use super::{Decision, explain::explain_as}` counts its `explain`).
fn named_paths(rest: &str) -> Vec<Vec<String>> {
    let head: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    let base: Vec<String> = head.split("::").filter(|s| !s.is_empty()).map(String::from).collect();
    let after = &rest[head.len()..];
    if !(head.is_empty() || head.ends_with("::")) || !after.starts_with('{') {
        return vec![base];
    }
    // The group: items at depth 1, split at their commas.
    let (mut depth, mut items, mut item) = (0, Vec::new(), String::new());
    for ch in after.chars() {
        match ch {
            '{' => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    items.push(std::mem::take(&mut item));
                    break;
                }
            }
            ',' if depth == 1 => {
                items.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        item.push(ch);
    }
    let mut out = Vec::new();
    for it in items {
        let it = it.trim();
        if it.is_empty() {
            continue;
        }
        for tail in named_paths(it) {
            let mut p = base.clone();
            p.extend(tail.into_iter().filter(|s| s != "self"));
            out.push(p);
        }
    }
    out
}

/// The first cycle of `g`, as a chain of modules.
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
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
    g.keys().find_map(|m| visit(m, g, &mut Vec::new(), &mut done))
}

/// Every edge of `g` that goes from a top-level module to one at or after it in `order`
/// (or to one `order` does not list): `(from, to)` pairs, module paths in full.
fn against_order(g: &BTreeMap<String, BTreeSet<String>>, order: &[&str]) -> Vec<(String, String)> {
    let top = |m: &str| m.split("::").next().unwrap_or("").to_string();
    let rank = |m: &str| order.iter().position(|o| *o == top(m));
    let mut bad = Vec::new();
    for (from, tos) in g {
        for to in tos {
            if top(from) == top(to) {
                continue;
            }
            match (rank(from), rank(to)) {
                (Some(a), Some(b)) if b < a => {}
                _ => bad.push((from.clone(), to.clone())),
            }
        }
    }
    bad
}

/// The layer order of each crate: a module may name only those before it.
const LAYERS: [(&str, &[&str]); 3] = [
    (
        "crates/core",
        &["rng", "search", "model", "rules", "campaign", "ai", "play", "prelude"],
    ),
    ("crates/data", &["load", "io"]),
    (
        "",
        &["load", "picture", "io", "play", "net", "cli", "fixture", "game", "main"],
    ),
];

#[test]
fn each_crate_keeps_its_layer_order() {
    for (krate, order) in LAYERS {
        let src = src_of(krate);
        let g = graph(&src);
        let tops: BTreeSet<String> = g.keys().map(|m| m.split("::").next().unwrap().to_string()).collect();
        for t in tops.iter().filter(|t| !t.is_empty()) {
            assert!(
                order.contains(&t.as_str()),
                "{krate}: module {t} has no place in the layer order {order:?}"
            );
        }
        let bad = against_order(&g, order);
        assert!(
            bad.is_empty(),
            "{krate}: modules reaching up the layer order {order:?}: {bad:?}"
        );
        if let Some(c) = cycle(&g) {
            panic!("{krate}: import cycle: {}", c.join(" -> "));
        }
    }
}

#[test]
fn the_checks_see_the_imports_and_catch_a_wrong_order() {
    let g = graph(&src_of("crates/core"));
    assert!(
        g["rules::execute"].contains("rules::battle"),
        "the graph sees the imports: {g:?}"
    );
    assert!(g["ai"].contains("rules"), "{g:?}");
    // The same graph against an order that puts the AI below the rules is refused.
    let wrong = against_order(&g, &["rng", "search", "model", "ai", "rules", "play"]);
    assert!(
        wrong.iter().any(|(f, t)| f.starts_with("ai") && t.starts_with("rules")),
        "{wrong:?}"
    );
    // A module named inside a `use` group counts: `behavior.rs` takes `explain_as` from
    // `use super::{..., explain::explain_as}` (a cycle through it went unseen).
    assert_eq!(
        named_paths("{Decision, explain::{explain_as, Candidate}, self}; x"),
        [
            vec!["Decision".to_string()],
            vec!["explain".into(), "explain_as".into()],
            vec!["explain".into(), "Candidate".into()],
            vec![],
        ]
    );
    assert_eq!(named_paths("ai::danger::threats(b)"), [vec!["ai", "danger", "threats"]]);
    // And a cycle is found.
    let mut c = BTreeMap::new();
    c.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    c.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycle(&c), Some(vec!["a".into(), "b".into(), "a".into()]));
}

/// The `[dependencies]` names of a crate's manifest.
fn dependencies(krate: &str) -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(krate).join("Cargo.toml")).unwrap();
    let mut names = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && let Some((name, _)) = line.split_once('=') {
            names.push(name.trim().to_string());
        }
    }
    names
}

#[test]
fn the_engine_crates_need_no_file_terminal_parallel_plotting_or_graphics_crate() {
    let banned = [
        "toml",
        "clap",
        "rayon",
        "indicatif",
        "plotters",
        "png",
        "image",
        "ggez",
        "tiled",
    ];
    let core = dependencies("crates/core");
    assert!(core.contains(&"serde".to_string()), "the manifest is read: {core:?}");
    for name in &core {
        assert!(!banned.contains(&name.as_str()), "skirmish-core depends on {name}");
        assert!(!name.starts_with("skirmish"), "skirmish-core depends on {name}");
    }
    for name in dependencies("crates/data") {
        assert!(
            !["clap", "rayon", "indicatif", "plotters", "ggez"].contains(&name.as_str()),
            "skirmish-data depends on {name}"
        );
        assert!(
            name == "skirmish-core" || !name.starts_with("skirmish"),
            "skirmish-data depends on {name}"
        );
    }
}

#[test]
fn only_the_game_names_ggez() {
    for krate in ["", "crates/core", "crates/data"] {
        let src = src_of(krate);
        let mut files = Vec::new();
        sources(&src, &mut files);
        for f in files.iter().filter(|f| !f.starts_with(src.join("game"))) {
            let text = std::fs::read_to_string(f).unwrap();
            let named = text.lines().any(|l| {
                let l = l.trim_start();
                !l.starts_with("//") && l.contains("ggez::")
            });
            assert!(
                !named || (krate.is_empty() && f.ends_with("main.rs")),
                "{} names ggez",
                f.display()
            );
        }
    }
}
