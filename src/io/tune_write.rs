//! `tune --write`: one number put into the file it comes from (`profiles.toml`, `units.toml`,
//! a scenario's `[[units]]` or its `[difficulty.NAME]` table) with `toml_edit`, so every
//! comment, blank line and the order of keys stay; the changed lines are returned as
//! `path:line: text` for the user to see.

use crate::io::files::write_atomic;
use crate::load::diag::{Source, display_path};
use crate::load::set::{Owner, SetKey};
use std::path::Path;
use toml_edit::{DocumentMut, Item, Table, Value};

/// Puts `key = value` into `path` (a scenario's `[difficulty.LEVEL]` table when `level` is
/// given); returns the changed lines.
pub fn write(path: &Path, key: &SetKey, value: i64, level: Option<&str>) -> Result<Vec<String>, String> {
    edit(path, |doc| match level {
        Some(l) => {
            let table = level_table(doc, l)?;
            set(table, &key.label(), value);
            Ok(())
        }
        None => match &key.owner {
            Owner::Profile(p) | Owner::Kind(p) => {
                let table = doc
                    .get_mut(p)
                    .and_then(Item::as_table_mut)
                    .ok_or_else(|| format!("no table [{p}] to write {} into", key.label()))?;
                set_stat(table, &key.key, value);
                Ok(())
            }
            Owner::Unit(name) => {
                let units = doc
                    .get_mut("units")
                    .and_then(Item::as_array_of_tables_mut)
                    .ok_or_else(|| format!("no [[units]] to write {} into", key.label()))?;
                let unit = units
                    .iter_mut()
                    .find(|t| t.get("name").and_then(Item::as_str) == Some(name.as_str()))
                    .ok_or_else(|| {
                        format!("unit {name:?} is not one of its [[units]] tables (a unit of a Tiled map: set {} in the map, or write it into a difficulty level)", key.key)
                    })?;
                set_stat(unit, &key.key, value);
                Ok(())
            }
        },
    })
}

/// Puts `tuned = "TEXT"` into the scenario's `[difficulty.LEVEL]` table.
pub fn write_tuned(path: &Path, level: &str, text: &str) -> Result<Vec<String>, String> {
    edit(path, |doc| {
        let table = level_table(doc, level)?;
        match table
            .get_mut(crate::load::difficulty::TUNED)
            .and_then(Item::as_value_mut)
        {
            Some(v) => replace(v, Value::from(text)),
            None => {
                // First in its table, where a reader looks.
                table.insert(crate::load::difficulty::TUNED, toml_edit::value(text));
                table.sort_values_by(|a, _, b, _| {
                    (a.get() != crate::load::difficulty::TUNED).cmp(&(b.get() != crate::load::difficulty::TUNED))
                });
            }
        }
        Ok(())
    })
}

/// The `[difficulty.LEVEL]` table of a scenario, made when missing.
fn level_table<'a>(doc: &'a mut DocumentMut, level: &str) -> Result<&'a mut Table, String> {
    let levels = doc
        .entry("difficulty")
        .or_insert_with(|| {
            let mut t = Table::new();
            t.set_implicit(true);
            Item::Table(t)
        })
        .as_table_mut()
        .ok_or("its `difficulty` is not a table")?;
    levels
        .entry(level)
        .or_insert_with(|| Item::Table(Table::new()))
        .as_table_mut()
        .ok_or_else(|| format!("its difficulty {level:?} is not a table"))
}

/// `value` as `key` of `table`, keeping the old value's spacing and comment.
fn set(table: &mut Table, key: &str, value: i64) {
    match table.get_mut(key).and_then(Item::as_value_mut) {
        Some(v) => replace(v, Value::from(value)),
        None => {
            table.insert(key, toml_edit::value(value));
        }
    }
}

/// A stat: `move`, `hp`, ... as they are; `range_min` and `range_max` are the ends of
/// `range` (`range = 2` becomes `[2, 2]` before one end changes).
fn set_stat(table: &mut Table, key: &str, value: i64) {
    let end = match key {
        "range_min" => 0,
        "range_max" => 1,
        _ => return set(table, key, value),
    };
    let now = table.get("range").and_then(Item::as_value).cloned();
    let (mut lo, mut hi) = match &now {
        Some(Value::Integer(n)) => (*n.value(), *n.value()),
        Some(Value::Array(a)) => (
            a.get(0).and_then(Value::as_integer).unwrap_or(1),
            a.get(1).and_then(Value::as_integer).unwrap_or(1),
        ),
        _ => (1, 1),
    };
    if end == 0 {
        lo = value
    } else {
        hi = value
    }
    let mut arr = toml_edit::Array::new();
    arr.push(lo);
    arr.push(hi);
    match table.get_mut("range").and_then(Item::as_value_mut) {
        Some(v) => replace(v, Value::Array(arr)),
        None => {
            table.insert("range", toml_edit::value(arr));
        }
    }
}

/// Replaces a value, keeping the spaces and comment around it.
fn replace(v: &mut Value, mut new: Value) {
    *new.decor_mut() = v.decor().clone();
    *v = new;
}

/// Reads `path`, edits it, writes it back atomically when it changed, and returns the lines
/// that changed.
fn edit(path: &Path, f: impl FnOnce(&mut DocumentMut) -> Result<(), String>) -> Result<Vec<String>, String> {
    let shown = display_path(path);
    let src = Source::read(path).map_err(|d| d.to_string())?;
    let mut doc: DocumentMut = src.text.parse().map_err(|e| format!("{shown}: cannot edit it: {e}"))?;
    f(&mut doc).map_err(|e| format!("{shown}: {e}"))?;
    let text = doc.to_string();
    if text == src.text {
        return Ok(Vec::new());
    }
    write_atomic(path, text.as_bytes()).map_err(|e| format!("cannot write {shown}: {e}"))?;
    let old: Vec<&str> = src.text.lines().collect();
    Ok(text
        .lines()
        .enumerate()
        .filter(|(i, l)| old.get(*i) != Some(l) && !old.contains(l))
        .map(|(i, l)| format!("{shown}:{}: {l}", i + 1))
        .collect())
}
