//! `tune --write`: one number put into the file it comes from (`profiles.toml`, `units.toml`,
//! a scenario's `[[units]]` or its `[difficulty.NAME]` table with `toml_edit`, a unit object
//! of the scenario's Tiled map as text), so every comment, blank line and the order of keys
//! stay; [`report`] then gives each written line as `path:line: text` for the user to see.

use crate::io::files::write_atomic;
use crate::load::diag::{Source, display_path};
use crate::load::set::{Owner, SetKey};
use std::path::{Path, PathBuf};
use toml_edit::{DocumentMut, Item, Table, Value};

/// One value put into a file: where it went and whether the file changed.
#[derive(Debug, Clone)]
pub struct Written {
    /// The file written into.
    pub path: PathBuf,
    /// The key (and table) or the object property that holds the value.
    place: Place,
    /// False when the value was there already.
    pub changed: bool,
}

/// Where a written value stands, to find its line once every value is written.
#[derive(Debug, Clone)]
enum Place {
    /// `key` of the table found by following `table` from the document's root.
    Toml { table: Vec<Seg>, key: String },
    /// Property `prop` of the unit object named `object` of a Tiled map.
    Tmx { object: String, prop: String },
}

/// A step down to a TOML table: a key, or the `[[units]]` table of that name.
#[derive(Debug, Clone)]
enum Seg {
    Key(String),
    Unit(String),
}

/// Puts `key = value` into `path` (a scenario's `[difficulty.LEVEL]` table when `level` is
/// given): into its `[[units]]` table for a unit, or into the unit's object of the scenario's
/// Tiled map when the unit is placed there.
pub fn write(path: &Path, key: &SetKey, value: i64, level: Option<&str>) -> Result<Written, String> {
    put(path, key, Some(value), level)
}

/// Whether [`write()`] would find where to put `key` (nothing is written): checked before a
/// long run, so a run is not spent on a value that cannot be written.
pub fn check(path: &Path, key: &SetKey, level: Option<&str>) -> Result<(), String> {
    put(path, key, None, level).map(|_| ())
}

fn put(path: &Path, key: &SetKey, value: Option<i64>, level: Option<&str>) -> Result<Written, String> {
    let file_key = match &key.key[..] {
        "range_min" | "range_max" if level.is_none() => "range".to_string(),
        "heal_range_min" | "heal_range_max" if level.is_none() => "heal_range".to_string(),
        k => k.to_string(),
    };
    if let (None, Owner::Unit(name)) = (level, &key.owner)
        && let Some(map) = tmx_of(path, name)?
    {
        let changed = edit_text(&map, value.is_some(), |text| {
            set_property(text, name, &key.key, value.unwrap_or(0))
        })?;
        return Ok(Written {
            path: map,
            place: Place::Tmx {
                object: name.clone(),
                prop: file_key,
            },
            changed,
        });
    }
    let (table, toml_key) = match (level, &key.owner) {
        (Some(l), _) => (vec![Seg::Key("difficulty".into()), Seg::Key(l.into())], key.label()),
        (None, Owner::Kind(p)) if key.key.starts_with("growth_") => (
            vec![Seg::Key(p.clone()), Seg::Key("growth".into())],
            key.key["growth_".len()..].to_string(),
        ),
        (None, Owner::Profile(p) | Owner::Kind(p)) => (vec![Seg::Key(p.clone())], file_key),
        (None, Owner::Unit(name)) => (vec![Seg::Unit(name.clone())], file_key),
    };
    let changed = edit(path, value.is_some(), |doc| {
        let v = value.unwrap_or(0);
        match level {
            Some(l) => {
                let table = level_table(doc, l)?;
                set(table, &key.label(), v);
                Ok(())
            }
            None => match &key.owner {
                Owner::Profile(p) | Owner::Kind(p) => {
                    let table = doc
                        .get_mut(p)
                        .and_then(Item::as_table_mut)
                        .ok_or_else(|| format!("no table [{p}] to write {} into", key.label()))?;
                    set_stat(table, &key.key, v);
                    Ok(())
                }
                Owner::Unit(name) => {
                    let unit = unit_table(doc, name).ok_or_else(|| {
                        format!(
                            "unit {name:?} is neither one of its [[units]] tables nor an object of its Tiled map (write {} into a difficulty level with --difficulty)",
                            key.key
                        )
                    })?;
                    set_stat(unit, &key.key, v);
                    Ok(())
                }
            },
        }
    })?;
    Ok(Written {
        path: path.to_path_buf(),
        place: Place::Toml { table, key: toml_key },
        changed,
    })
}

/// The `[[units]]` table named `name`.
fn unit_table<'a>(doc: &'a mut DocumentMut, name: &str) -> Option<&'a mut Table> {
    doc.get_mut("units")
        .and_then(Item::as_array_of_tables_mut)?
        .iter_mut()
        .find(|t| t.get("name").and_then(Item::as_str) == Some(name))
}

/// The Tiled map of scenario `path` when unit `name` is one of its objects rather than one
/// of the scenario's `[[units]]` tables.
fn tmx_of(path: &Path, name: &str) -> Result<Option<PathBuf>, String> {
    let shown = display_path(path);
    let src = Source::read(path).map_err(|d| d.to_string())?;
    let mut doc: DocumentMut = src.text.parse().map_err(|e| format!("{shown}: cannot edit it: {e}"))?;
    if unit_table(&mut doc, name).is_some() {
        return Ok(None);
    }
    let Some(map) = doc.get("map").and_then(Item::as_str) else {
        return Ok(None);
    };
    let map = path.parent().unwrap_or(Path::new("")).join(map);
    if !crate::load::tiled::is_tmx(&map) {
        return Ok(None);
    }
    let text = Source::read(&map).map_err(|d| d.to_string())?.text;
    Ok(unit_object(&text, name).is_some().then_some(map))
}

/// Puts `tuned = "TEXT"` into the scenario's `[difficulty.LEVEL]` table.
pub fn write_tuned(path: &Path, level: &str, text: &str) -> Result<Written, String> {
    let tuned = crate::load::difficulty::TUNED;
    let changed = edit(path, true, |doc| {
        let table = level_table(doc, level)?;
        match table.get_mut(tuned).and_then(Item::as_value_mut) {
            Some(v) => replace(v, Value::from(text)),
            None => {
                // First in its table, where a reader looks.
                table.insert(tuned, toml_edit::value(text));
                table.sort_values_by(|a, _, b, _| (a.get() != tuned).cmp(&(b.get() != tuned)));
            }
        }
        Ok(())
    })?;
    Ok(Written {
        path: path.to_path_buf(),
        place: Place::Toml {
            table: vec![Seg::Key("difficulty".into()), Seg::Key(level.into())],
            key: tuned.into(),
        },
        changed,
    })
}

/// Every written value as `path:line: text`, its line as the file reads now that every value
/// is written (a later insertion above moves an earlier line), `(unchanged)` after a value
/// that was there already.
pub fn report(written: &[Written]) -> Vec<String> {
    written
        .iter()
        .map(|w| {
            let shown = display_path(&w.path);
            let text = std::fs::read_to_string(&w.path).unwrap_or_default();
            let at = match &w.place {
                Place::Toml { table, key } => toml_line(&text, table, key),
                Place::Tmx { object, prop } => unit_object(&text, object)
                    .and_then(|(start, end)| property(&text[start..end], prop).map(|(s, _)| start + s)),
            };
            let same = if w.changed { "" } else { " (unchanged)" };
            match at {
                Some(offset) => {
                    let line = text[..offset].matches('\n').count() + 1;
                    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
                    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
                    format!("{shown}:{line}: {}{same}", text[start..end].trim())
                }
                None => format!("{shown}{same}"),
            }
        })
        .collect()
}

/// The offset of `key` in the table found by `table` in TOML `text`.
fn toml_line(text: &str, table: &[Seg], key: &str) -> Option<usize> {
    let doc = toml_edit::Document::parse(text).ok()?;
    let mut t: &Table = doc.as_table();
    for seg in table {
        t = match seg {
            Seg::Key(k) => t.get(k)?.as_table()?,
            Seg::Unit(n) => t
                .get("units")?
                .as_array_of_tables()?
                .iter()
                .find(|u| u.get("name").and_then(Item::as_str) == Some(n))?,
        };
    }
    let (k, _) = t.get_key_value(key)?;
    k.span().map(|s| s.start)
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
        Some(v) => {
            if v.as_integer() != Some(value) {
                replace(v, Value::from(value))
            }
        }
        None => {
            table.insert(key, toml_edit::value(value));
        }
    }
}

/// A stat: `move`, `hp`, `heal`, ... as they are; `range_min` and `range_max` are the ends
/// of `range` (`range = 2` becomes `[2, 2]` before one end changes), `heal_range_min` and
/// `heal_range_max` those of `heal_range`; `growth_hp` is `hp` of the `[KIND.growth]` table.
fn set_stat(table: &mut Table, key: &str, value: i64) {
    if let Some(stat) = key.strip_prefix("growth_") {
        let growth = table
            .entry("growth")
            .or_insert_with(|| Item::Table(Table::new()))
            .as_table_mut();
        if let Some(g) = growth {
            set(g, stat, value);
        }
        return;
    }
    if let Some(end) = key.strip_prefix("heal_") {
        let (range, end) = (table.get("heal_range").and_then(Item::as_value).cloned(), end);
        let Some((lo, hi)) = range_ends(end, value, |_| range.as_ref().and_then(range_pair).unwrap_or((1, 1))) else {
            return set(table, key, value);
        };
        if range.as_ref().and_then(range_pair) == Some((lo, hi)) {
            return;
        }
        let mut arr = toml_edit::Array::new();
        arr.push(lo);
        arr.push(hi);
        return match table.get_mut("heal_range").and_then(Item::as_value_mut) {
            Some(v) => replace(v, Value::Array(arr)),
            None => {
                table.insert("heal_range", toml_edit::value(arr));
            }
        };
    }
    let now = table.get("range").and_then(Item::as_value).cloned();
    let Some((lo, hi)) = range_ends(key, value, |_| match &now {
        Some(Value::Integer(n)) => (*n.value(), *n.value()),
        Some(Value::Array(a)) => (
            a.get(0).and_then(Value::as_integer).unwrap_or(1),
            a.get(1).and_then(Value::as_integer).unwrap_or(1),
        ),
        _ => (1, 1),
    }) else {
        return set(table, key, value);
    };
    if now.as_ref().and_then(range_pair) == Some((lo, hi)) {
        return;
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

/// A written `range` as its two ends.
fn range_pair(v: &Value) -> Option<(i64, i64)> {
    match v {
        Value::Integer(n) => Some((*n.value(), *n.value())),
        Value::Array(a) => Some((a.get(0)?.as_integer()?, a.get(1)?.as_integer()?)),
        _ => None,
    }
}

/// For `range_min` or `range_max`, the range's two ends once `value` is put at that end
/// (`now` gives the ends as written); `None` for any other key.
fn range_ends(key: &str, value: i64, now: impl FnOnce(()) -> (i64, i64)) -> Option<(i64, i64)> {
    let (lo, hi) = match key {
        "range_min" | "range_max" => now(()),
        _ => return None,
    };
    Some(if key == "range_min" { (value, hi) } else { (lo, value) })
}

/// Replaces a value, keeping the spaces and comment around it.
fn replace(v: &mut Value, mut new: Value) {
    *new.decor_mut() = v.decor().clone();
    *v = new;
}

/// Reads TOML `path`, edits it, and (when `write`) writes it back atomically when it
/// changed; whether it changed.
fn edit(path: &Path, write: bool, f: impl FnOnce(&mut DocumentMut) -> Result<(), String>) -> Result<bool, String> {
    let shown = display_path(path);
    let src = Source::read(path).map_err(|d| d.to_string())?;
    let mut doc: DocumentMut = src.text.parse().map_err(|e| format!("{shown}: cannot edit it: {e}"))?;
    f(&mut doc).map_err(|e| format!("{shown}: {e}"))?;
    let text = doc.to_string();
    finish(path, &src.text, text, write)
}

/// [`edit`] for a text file edited as text.
fn edit_text(path: &Path, write: bool, f: impl FnOnce(&str) -> Result<String, String>) -> Result<bool, String> {
    let shown = display_path(path);
    let src = Source::read(path).map_err(|d| d.to_string())?;
    let text = f(&src.text).map_err(|e| format!("{shown}: {e}"))?;
    finish(path, &src.text, text, write)
}

fn finish(path: &Path, old: &str, text: String, write: bool) -> Result<bool, String> {
    if text == old {
        return Ok(false);
    }
    if write {
        write_atomic(path, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", display_path(path)))?;
    }
    Ok(true)
}

// ------------------------------------------------------------------ a Tiled map's objects ---

/// The byte span of the `<object>` element named `name` in the `units` object layer of a
/// Tiled map's text (from `<object` to the end of `</object>` or of its `/>`).
fn unit_object(text: &str, name: &str) -> Option<(usize, usize)> {
    let layer = find_tag(text, 0, "objectgroup", "name", "units")?;
    let layer_end = text[layer..].find("</objectgroup>").map_or(text.len(), |i| layer + i);
    let start = find_tag(&text[..layer_end], layer, "object", "name", name)?;
    let open_end = start + text[start..].find('>')? + 1;
    if text[..open_end].ends_with("/>") {
        return Some((start, open_end));
    }
    let close = text[open_end..].find("</object>")?;
    Some((start, open_end + close + "</object>".len()))
}

/// The offset of the first `<tag ...>` at or after `from` whose attribute `attr` is `value`.
fn find_tag(text: &str, from: usize, tag: &str, attr: &str, value: &str) -> Option<usize> {
    let open = format!("<{tag} ");
    let want = format!(" {attr}=\"{}\"", xml_escape(value));
    let mut from = from;
    while let Some(i) = text[from..].find(&open) {
        let start = from + i;
        let end = text[start..].find('>').map_or(text.len(), |e| start + e);
        if text[start..end].contains(&want) {
            return Some(start);
        }
        from = start + open.len();
    }
    None
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The span of the `<property>` element named `name` in an object's text (`<property .../>`,
/// or `<property ...>text</property>` as Tiled writes a text of several lines).
fn property(object: &str, name: &str) -> Option<(usize, usize)> {
    let start = find_tag(object, 0, "property", "name", name)?;
    let open_end = start + object[start..].find('>')? + 1;
    if object[..open_end].ends_with("/>") {
        return Some((start, open_end));
    }
    let close = object[open_end..].find("</property>")?;
    Some((start, open_end + close + "</property>".len()))
}

/// `"2-3"`, `"2,3"` or `"2"` as the two ends of a range, as the map loader reads them.
fn pair(s: &str) -> Option<(i64, i64)> {
    let mut parts = s.split([',', '-']).map(|p| p.trim().parse::<i64>());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(a)), None, _) => Some((a, a)),
        (Some(Ok(a)), Some(Ok(b)), None) => Some((a, b)),
        _ => None,
    }
}

/// The value attribute of a `<property .../>` element.
fn attribute<'a>(element: &'a str, attr: &str) -> Option<&'a str> {
    let key = format!(" {attr}=\"");
    let i = element.find(&key)? + key.len();
    let end = element[i..].find('"')?;
    Some(&element[i..i + end])
}

/// The map's `text` with unit object `name`'s property for stat `key` set to `value`: the
/// property's value replaced where it is written, else a new property line after the
/// object's others (a `<properties>` element made when it has none); everything else as it
/// was. `range_min` and `range_max` are the ends of the `range` property (`"2-3"`).
fn set_property(text: &str, name: &str, key: &str, value: i64) -> Result<String, String> {
    let (start, end) = unit_object(text, name).ok_or_else(|| format!("no unit object {name:?}"))?;
    let object = &text[start..end];
    let prop = if key.starts_with("range_") { "range" } else { key };
    let now = property(object, prop);
    let new_value = match range_ends(key, value, |_| {
        let v = now.and_then(|(s, e)| attribute(&object[s..e], "value")).unwrap_or("1");
        pair(v.trim().trim_start_matches('[').trim_end_matches(']')).unwrap_or((1, 1))
    }) {
        Some((lo, hi)) if lo == hi => lo.to_string(),
        Some((lo, hi)) => format!("{lo}-{hi}"),
        None => value.to_string(),
    };
    let typed = if new_value.contains('-') { "" } else { " type=\"int\"" };
    let element = format!("<property name=\"{prop}\"{typed} value=\"{new_value}\"/>");
    let mut out = String::with_capacity(text.len() + element.len() + 64);
    out.push_str(&text[..start]);
    match now {
        Some((s, e)) => {
            let old = &object[s..e];
            if attribute(old, "value") == Some(new_value.as_str()) {
                return Ok(text.to_string());
            }
            out.push_str(&object[..s]);
            out.push_str(&element);
            out.push_str(&object[e..]);
        }
        None => {
            // Indented as the object's last property, else one step in from the object.
            let indent = |at: usize| -> String {
                let line = text[..at].rfind('\n').map_or(0, |i| i + 1);
                text[line..at].chars().take_while(|c| c.is_whitespace()).collect()
            };
            let own = indent(start);
            match object.find("</properties>") {
                Some(close) => {
                    // In name order among the others, where Tiled itself writes it (so a
                    // re-save in Tiled changes nothing), indented as they are.
                    let mut props = Vec::new();
                    let mut from = 0;
                    while let Some(i) = object[from..close].find("<property ") {
                        let at = from + i;
                        props.push((at, attribute(&object[at..close], "name").unwrap_or("").to_string()));
                        from = at + "<property ".len();
                    }
                    let pad = props.last().map_or(format!("{own}  "), |&(p, _)| indent(start + p));
                    let line_of = |at: usize| object[..at].rfind('\n').map_or(at, |i| i + 1);
                    let line_start = props
                        .iter()
                        .find(|(_, n)| n.as_str() > prop)
                        .map_or_else(|| line_of(close), |&(at, _)| line_of(at));
                    out.push_str(&object[..line_start]);
                    out.push_str(&format!("{pad}{element}\n"));
                    out.push_str(&object[line_start..]);
                }
                None => {
                    let props = format!("\n{own} <properties>\n{own}  {element}\n{own} </properties>");
                    if let Some(open) = object.strip_suffix("/>") {
                        out.push_str(open.trim_end());
                        out.push('>');
                        out.push_str(&props);
                        out.push_str(&format!("\n{own}</object>"));
                    } else {
                        let open_end = object.find('>').unwrap_or(0) + 1;
                        out.push_str(&object[..open_end]);
                        out.push_str(&props);
                        out.push_str(&object[open_end..]);
                    }
                }
            }
        }
    }
    out.push_str(&text[end..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::set_property;

    const MAP: &str = "<map>\n <objectgroup id=\"2\" name=\"units\">\n  <object id=\"1\" name=\"A\" x=\"0\" y=\"0\"/>\n  <object id=\"2\" name=\"B\" x=\"32\" y=\"0\">\n  </object>\n  <object id=\"3\" name=\"C\" x=\"64\" y=\"0\">\n   <properties>\n    <property name=\"range\" value=\"2-3\"/>\n   </properties>\n  </object>\n </objectgroup>\n</map>\n";

    #[test]
    fn an_object_without_properties_gets_them_and_a_range_end_keeps_the_other() {
        let a = set_property(MAP, "A", "hp", 30).unwrap();
        assert!(
            a.contains("  <object id=\"1\" name=\"A\" x=\"0\" y=\"0\">\n   <properties>\n    <property name=\"hp\" type=\"int\" value=\"30\"/>\n   </properties>\n  </object>\n  <object id=\"2\""),
            "{a}"
        );
        let b = set_property(MAP, "B", "move", 4).unwrap();
        assert!(b.contains("name=\"B\" x=\"32\" y=\"0\">\n   <properties>\n    <property name=\"move\" type=\"int\" value=\"4\"/>\n   </properties>\n  </object>"), "{b}");
        let c = set_property(MAP, "C", "range_max", 4).unwrap();
        assert!(c.contains("    <property name=\"range\" value=\"2-4\"/>\n"), "{c}");
        let c = set_property(MAP, "C", "range_min", 3).unwrap();
        assert!(
            c.contains("    <property name=\"range\" type=\"int\" value=\"3\"/>\n"),
            "{c}"
        );
        assert!(set_property(MAP, "D", "hp", 1).is_err());
    }
}
