//! Lists a crate's public items from rustdoc's JSON, one per line, sorted: what CI compares
//! with `crates/core/public-items.txt` so that the core's public surface cannot grow (or
//! shrink) unnoticed. Made by
//! `RUSTC_BOOTSTRAP=1 cargo rustdoc -p skirmish-core --all-features -- -Z unstable-options --output-format json`,
//! then `cargo run --no-default-features --example public_items -- target/doc/skirmish_core.json`.
//!
//! Only names, kinds and `#[non_exhaustive]` are read (the parts of rustdoc's JSON that
//! do not change between its format versions): items hidden with `#[doc(hidden)]` and
//! private ones are not in the JSON at all. Trait impls are listed by trait (derives and
//! the auto traits `Send` and `Sync` included, as `impl !Sync` where a type lacks one: they are
//! promises too), blanket impls not.

use serde_json::Value;
use std::collections::BTreeSet;

fn main() {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: public_items RUSTDOC.json");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(1)
    });
    let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        eprintln!("{file}: not JSON: {e}");
        std::process::exit(1)
    });
    let mut out = BTreeSet::new();
    let walker = Walker {
        doc: &doc,
        seen: Default::default(),
        reexports: Default::default(),
    };
    walker.walk(&doc["root"], "", &mut out);
    // An item re-exported from a private module (`pub use agent::Ai`) is listed where users
    // name it, once the public modules have been walked.
    loop {
        let pending: Vec<(String, Value)> = walker.reexports.borrow_mut().drain(..).collect();
        if pending.is_empty() {
            break;
        }
        for (prefix, id) in pending {
            if !walker.seen.borrow().contains(&id.to_string()) {
                walker.walk(&id, &prefix, &mut out);
            }
        }
    }
    for line in out {
        println!("{line}");
    }
}

struct Walker<'a> {
    doc: &'a Value,
    /// Ids of the items walked.
    seen: std::cell::RefCell<std::collections::HashSet<String>>,
    /// Re-exports met: the module they are in and the item's id.
    reexports: std::cell::RefCell<Vec<(String, Value)>>,
}

impl Walker<'_> {
    fn item(&self, id: &Value) -> Option<&Value> {
        let key = match id {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => return None,
        };
        self.doc["index"].get(&key)
    }

    /// The name of a path type (`{"resolved_path": {"path": ...}}`), for impl lines.
    fn type_name(t: &Value) -> String {
        t.get("resolved_path")
            .and_then(|p| p["path"].as_str())
            .unwrap_or("?")
            .rsplit("::")
            .next()
            .unwrap_or("?")
            .to_string()
    }

    fn walk(&self, id: &Value, prefix: &str, out: &mut BTreeSet<String>) {
        let Some(item) = self.item(id) else { return };
        self.seen.borrow_mut().insert(id.to_string());
        let name = item["name"].as_str().unwrap_or("");
        let path = if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{prefix}::{name}")
        };
        let public = item["visibility"] == "public";
        let sealed = if item["attrs"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x.to_string().contains("non_exhaustive")))
        {
            " #[non_exhaustive]"
        } else {
            ""
        };
        let Some((kind, inner)) = item["inner"].as_object().and_then(|o| o.iter().next()) else {
            return;
        };
        match kind.as_str() {
            "module" => {
                out.insert(format!("mod {path}"));
                for child in inner["items"].as_array().into_iter().flatten() {
                    self.walk(child, &path, out);
                }
            }
            "use" if public => {
                let source = inner["source"].as_str().unwrap_or("?");
                if inner["is_glob"].as_bool() == Some(true) {
                    out.insert(format!("use {prefix}::* = {source}::*"));
                } else {
                    let name = inner["name"].as_str().unwrap_or(name);
                    out.insert(format!("use {prefix}::{name} = {source}"));
                    if !inner["id"].is_null() {
                        self.reexports
                            .borrow_mut()
                            .push((prefix.to_string(), inner["id"].clone()));
                    }
                }
            }
            "struct" => {
                out.insert(format!("struct {path}{sealed}"));
                let fields = inner["kind"]
                    .get("plain")
                    .map(|p| &p["fields"])
                    .or_else(|| inner["kind"].get("tuple"));
                for f in fields.and_then(Value::as_array).into_iter().flatten() {
                    if let Some(field) = self.item(f)
                        && field["visibility"] == "public"
                    {
                        let n = field["name"].as_str().unwrap_or("?");
                        out.insert(format!("field {path}::{n}"));
                    }
                }
                self.impls(&inner["impls"], &path, out);
            }
            "enum" => {
                out.insert(format!("enum {path}{sealed}"));
                for v in inner["variants"].as_array().into_iter().flatten() {
                    if let Some(variant) = self.item(v) {
                        let n = variant["name"].as_str().unwrap_or("?");
                        out.insert(format!("variant {path}::{n}"));
                    }
                }
                self.impls(&inner["impls"], &path, out);
            }
            "trait" if public => {
                out.insert(format!("trait {path}"));
                for m in inner["items"].as_array().into_iter().flatten() {
                    if let Some(m) = self.item(m) {
                        out.insert(format!("trait-item {path}::{}", m["name"].as_str().unwrap_or("?")));
                    }
                }
            }
            "function" if public => {
                out.insert(format!("fn {path}"));
            }
            "constant" if public => {
                out.insert(format!("const {path}"));
            }
            "static" if public => {
                out.insert(format!("static {path}"));
            }
            "type_alias" if public => {
                out.insert(format!("type {path}"));
            }
            "macro" => {
                out.insert(format!("macro {path}"));
            }
            _ => {}
        }
    }

    fn impls(&self, impls: &Value, path: &str, out: &mut BTreeSet<String>) {
        for i in impls.as_array().into_iter().flatten() {
            let Some(imp) = self.item(i) else { continue };
            let inner = &imp["inner"]["impl"];
            if !inner["blanket_impl"].is_null() {
                continue;
            }
            match inner["trait"].get("path").and_then(Value::as_str) {
                None => {
                    for m in inner["items"].as_array().into_iter().flatten() {
                        let Some(m) = self.item(m) else { continue };
                        if m["visibility"] != "public" {
                            continue;
                        }
                        let what = if m["inner"].get("function").is_some() {
                            "fn"
                        } else {
                            "const"
                        };
                        out.insert(format!("{what} {path}::{}", m["name"].as_str().unwrap_or("?")));
                    }
                }
                Some(t) => {
                    let t = t.rsplit("::").next().unwrap_or(t);
                    let synthetic = inner["is_synthetic"].as_bool() == Some(true);
                    if synthetic && !matches!(t, "Send" | "Sync") {
                        continue;
                    }
                    let args: Vec<String> = inner["trait"]["args"]["angle_bracketed"]["args"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|a| Self::type_name(&a["type"]))
                        .collect();
                    let t = if args.is_empty() {
                        t.to_string()
                    } else {
                        format!("{t}<{}>", args.join(", "))
                    };
                    // `impl !Sync`: rustdoc lists the auto traits a type lacks too.
                    let not = if inner["is_negative"].as_bool() == Some(true) {
                        "!"
                    } else {
                        ""
                    };
                    out.insert(format!("impl {not}{t} for {path}"));
                }
            }
        }
    }
}
