//! Scenarios (`maps/*.toml`): a map file and the units placed on it, strictly parsed and validated.

pub use skirmish_core::model::scenario::*;

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source, cell_bounds, display_path};
use crate::load::map::{self, TerrainMap};
use crate::load::suggest::{did_you_mean_key, did_you_mean_value};
use crate::load::terrain::{ClassId, Cost};
use crate::load::tiled::{Prop, Regions, TiledMap};
use crate::load::units::{RangeSpec, check_stat};
use serde::Deserialize;
use skirmish_core::model::profiles::Behavior;
use skirmish_core::search::grid::Pos;
use skirmish_core::search::grid::Team;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// FNV-1a over some byte strings, for fingerprints that must not change between versions.
pub fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        // Separate the parts so ("ab", "c") and ("a", "bc") differ.
        h ^= 0xff;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    name: Spanned<String>,
    map: Spanned<String>,
    #[serde(default)]
    units: Vec<Spanned<RawUnit>>,
    objective: Option<Spanned<crate::load::objective::RawObjective>>,
    #[serde(default)]
    events: Vec<Spanned<crate::load::objective::RawEvent>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    name: Spanned<String>,
    team: Spanned<String>,
    at: Spanned<[i64; 2]>,
    class: Option<Spanned<String>>,
    #[serde(rename = "move")]
    movement: Option<Spanned<i64>>,
    profile: Option<Spanned<String>>,
    pivot: Option<Spanned<[i64; 2]>>,
    kind: Option<Spanned<String>>,
    hp: Option<Spanned<i64>>,
    attack: Option<Spanned<i64>>,
    defense: Option<Spanned<i64>>,
    range: Option<Spanned<RangeSpec>>,
    reserve: Option<bool>,
}

/// The data folder a scenario uses by default: `maps/../data/`.
pub fn default_data_dir(scenario: &Path) -> PathBuf {
    let dir = scenario.parent().unwrap_or(Path::new(""));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    dir.join("..").join("data")
}

fn to_pos(a: [i64; 2]) -> Option<Pos> {
    Some(Pos::new(i32::try_from(a[0]).ok()?, i32::try_from(a[1]).ok()?))
}

/// Loads a scenario file and its map, checking them against `data`.
pub fn load(path: &Path, data: &DataSet) -> Result<Scenario, Diagnostics> {
    let src = Source::read(path)?;
    parse(&src, path.parent().unwrap_or(Path::new("")), data)
}

/// Checks a scenario's syntax and fields only (no map, no data): what `check` can
/// still say about a scenario when the data folder does not load.
pub fn check_syntax(src: &Source) -> Result<(), Diagnostics> {
    parse_raw(src).map(|_| ()).map_err(Diagnostics::from)
}

/// Start of the message for a unit naming a profile that does not exist (`check` leaves
/// these out when `profiles.toml` itself is broken: they would only repeat its errors).
pub const UNKNOWN_PROFILE: &str = "unknown profile";
/// Start of the message for a unit of a kind that does not exist (likewise for `units.toml`).
pub const UNKNOWN_KIND: &str = "unknown unit kind";

/// Parses the raw scenario; a missing key of a unit names that unit (its `name`, or its
/// number); [`Source::parse_toml`] shows what the key looks like.
fn parse_raw(src: &Source) -> Result<RawScenario, Diagnostic> {
    src.parse_toml::<RawScenario>().map_err(|mut d| {
        if !d.message.starts_with("missing field `") {
            return d;
        }
        #[derive(Deserialize)]
        struct Loose {
            #[serde(default)]
            units: Vec<Spanned<toml::Table>>,
        }
        let unit = toml::from_str::<Loose>(&src.text).ok().and_then(|l| {
            l.units
                .iter()
                .enumerate()
                .find(|(_, u)| src.line_col(u.span().start) == (d.line, d.col))
                .map(|(i, u)| match u.get_ref().get("name").and_then(|n| n.as_str()) {
                    Some(n) => format!("unit {n:?}"),
                    None => format!("unit {} (the {} [[units]] table)", i + 1, ordinal(i + 1)),
                })
        });
        if let Some(u) = unit {
            d.message = format!("{u}: {}", d.message);
        }
        d
    })
}

/// `1st`, `2nd`, `3rd`, `4th`, ...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Parses scenario text whose map paths are relative to `dir`.
pub fn parse(src: &Source, dir: &Path, data: &DataSet) -> Result<Scenario, Diagnostics> {
    parse_on(src, dir, data, None)
}

/// Parses scenario text with a map given in memory (generated battlefields): `map` is
/// the map's text, whatever file the scenario names.
pub fn parse_in_memory(src: &Source, map: &Source, data: &DataSet) -> Result<Scenario, Diagnostics> {
    let drawn = map::parse(map, &data.terrain)?;
    parse_on(src, Path::new(""), data, Some((&drawn, &map.text)))
}

/// Parses scenario text; with `drawn` (a map and its text) the units stand on that map
/// instead of the file the scenario names (AI tests draw their maps inline).
pub fn parse_on(
    src: &Source,
    dir: &Path,
    data: &DataSet,
    drawn: Option<(&TerrainMap, &str)>,
) -> Result<Scenario, Diagnostics> {
    parse_with_regions(src, dir, data, drawn).map(|(s, _)| s)
}

/// Loads a scenario file like [`load`], with the named regions of its map (a `.tmx` map's
/// `regions` layer; none for a text map).
pub fn load_with_regions(path: &Path, data: &DataSet) -> Result<(Scenario, Regions), Diagnostics> {
    let src = Source::read(path)?;
    parse_with_regions(&src, path.parent().unwrap_or(Path::new("")), data, None)
}

/// Where a unit's field is written: a span of the scenario file, or an object of a Tiled map.
#[derive(Debug, Clone)]
enum At {
    Span(Range<usize>),
    Object { path: String, line: usize, col: usize },
}

/// One field of a unit with where it is written.
#[derive(Clone)]
struct Field<T> {
    value: T,
    at: At,
}

/// A pivot: a cell, or (for a unit of a Tiled map) the name of a one-cell region.
#[derive(Debug, Clone)]
enum PivotSpec {
    Cell([i64; 2]),
    Region(String),
}

/// A unit as written, in a `[[units]]` table or as an object of a Tiled map's `units`
/// layer: both go through the one validation of [`parse_with_regions`].
#[derive(Clone)]
struct UnitInput {
    /// The Tiled object id, for an object; `None` for a `[[units]]` table.
    object: Option<u32>,
    name: Field<String>,
    team: Field<String>,
    at: Field<[i64; 2]>,
    class: Option<Field<String>>,
    movement: Option<Field<i64>>,
    profile: Option<Field<String>>,
    pivot: Option<Field<PivotSpec>>,
    kind: Option<Field<String>>,
    hp: Option<Field<i64>>,
    attack: Option<Field<i64>>,
    defense: Option<Field<i64>>,
    range: Option<Field<RangeSpec>>,
    /// Off the board until an event brings it.
    reserve: bool,
}

fn fld<T>(at: &At, value: T) -> Field<T> {
    Field { value, at: at.clone() }
}

fn field<T: Clone>(s: &Spanned<T>) -> Field<T> {
    Field {
        value: s.get_ref().clone(),
        at: At::Span(s.span()),
    }
}

impl UnitInput {
    fn from_toml(u: &RawUnit) -> UnitInput {
        UnitInput {
            object: None,
            name: field(&u.name),
            team: field(&u.team),
            at: field(&u.at),
            class: u.class.as_ref().map(field),
            movement: u.movement.as_ref().map(field),
            profile: u.profile.as_ref().map(field),
            pivot: u.pivot.as_ref().map(|p| Field {
                value: PivotSpec::Cell(*p.get_ref()),
                at: At::Span(p.span()),
            }),
            kind: u.kind.as_ref().map(field),
            hp: u.hp.as_ref().map(field),
            attack: u.attack.as_ref().map(field),
            defense: u.defense.as_ref().map(field),
            range: u.range.as_ref().map(field),
            reserve: u.reserve == Some(true),
        }
    }
}

/// The properties a unit object may carry (those of `[[units]]` but `name` and `at`,
/// which are the object's name and place).
pub const UNIT_PROPERTIES: [&str; 11] = [
    "team", "kind", "class", "move", "profile", "pivot", "hp", "attack", "defense", "range", "reserve",
];

/// The units of a Tiled map's `units` layer as unit inputs; a property of the wrong type or
/// an unknown property is an error located at the object.
fn tmx_units(tm: &TiledMap, errs: &mut Diagnostics) -> Vec<UnitInput> {
    let mut out = Vec::new();
    for u in &tm.units {
        let at = At::Object {
            path: tm.path.clone(),
            line: u.line,
            col: u.col,
        };
        let who = format!("object {:?} (id {})", u.name, u.id);
        let mut err = |m: String| errs.push(locate(None, &at, format!("{who}: {m}")));
        let mut input = UnitInput {
            object: Some(u.id),
            name: fld(&at, u.name.clone()),
            team: fld(&at, String::new()),
            at: Field {
                value: u.cell,
                at: at.clone(),
            },
            class: None,
            movement: None,
            profile: None,
            pivot: None,
            kind: None,
            hp: None,
            attack: None,
            defense: None,
            range: None,
            reserve: false,
        };
        let mut team = None;
        for (key, value) in &u.props {
            let text = || match value {
                Prop::Text(s) => Ok(s.clone()),
                other => Err(format!("property {key} is {other}; expected a string")),
            };
            let int = || match value {
                Prop::Int(i) => Ok(*i),
                Prop::Float(x) if x.fract() == 0.0 && x.abs() < 1e15 => Ok(*x as i64),
                Prop::Text(s) if s.trim().parse::<i64>().is_ok() => Ok(s.trim().parse::<i64>().unwrap_or(0)),
                other => Err(format!("property {key} is {other}; expected a whole number")),
            };
            let done: Result<(), String> = match key.as_str() {
                "team" => text().map(|v| team = Some(fld(&at, v))),
                "kind" => text().map(|v| input.kind = Some(fld(&at, v))),
                "class" => text().map(|v| input.class = Some(fld(&at, v))),
                "profile" => text().map(|v| input.profile = Some(fld(&at, v))),
                "move" => int().map(|v| input.movement = Some(fld(&at, v))),
                "hp" => int().map(|v| input.hp = Some(fld(&at, v))),
                "attack" => int().map(|v| input.attack = Some(fld(&at, v))),
                "defense" => int().map(|v| input.defense = Some(fld(&at, v))),
                "reserve" => match value {
                    Prop::Bool(b) => {
                        input.reserve = *b;
                        Ok(())
                    }
                    other => Err(format!("property reserve is {other}; expected a bool (true or false)")),
                },
                "range" => match value {
                    Prop::Text(s) => parse_pair(s)
                        .map(|p| {
                            input.range = Some(fld(
                                &at,
                                if p[0] == p[1] {
                                    RangeSpec::One(p[0])
                                } else {
                                    RangeSpec::Span(p)
                                },
                            ))
                        })
                        .ok_or_else(|| {
                            format!("property range is {value}; expected a number or \"min-max\" such as \"2-3\"")
                        }),
                    _ => int().map(|v| input.range = Some(fld(&at, RangeSpec::One(v)))),
                },
                "pivot" => text().map(|v| {
                    input.pivot = Some(fld(
                        &at,
                        match parse_pair(&v) {
                            Some(c) => PivotSpec::Cell(c),
                            None => PivotSpec::Region(v),
                        },
                    ))
                }),
                other => Err(format!(
                    "unknown property {other:?} (a unit object takes: {}){}{}",
                    UNIT_PROPERTIES.join(", "),
                    did_you_mean_key(other, UNIT_PROPERTIES),
                    match other {
                        "at" => "; the unit stands where the object is",
                        "name" => "; the unit's name is the object's name",
                        _ => "",
                    }
                )),
            };
            if let Err(m) = done {
                err(m);
            }
        }
        match team {
            Some(t) => input.team = t,
            None => {
                err("no \"team\" property: give the object a string property team = \"player\" or \"enemy\"".into());
                continue;
            }
        }
        out.push(input);
    }
    out
}

/// `"2-3"`, `"2,3"`, `"[2, 3]"` or `"2"` as a pair of numbers.
fn parse_pair(s: &str) -> Option<[i64; 2]> {
    let s = s.trim().trim_start_matches('[').trim_end_matches(']');
    let mut parts = s.split([',', '-']).map(|p| p.trim().parse::<i64>());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(a)), None, _) => Some([a, a]),
        (Some(Ok(a)), Some(Ok(b)), None) => Some([a, b]),
        _ => None,
    }
}

/// A diagnostic at a field's place.
fn locate(src: Option<&Source>, at: &At, message: String) -> Diagnostic {
    match (at, src) {
        (At::Span(span), Some(src)) => src.error_span(span, message),
        (At::Span(_), None) => Diagnostic::whole_file(Path::new(""), message),
        (At::Object { path, line, col }, _) => Diagnostic {
            path: path.clone(),
            line: *line,
            col: *col,
            message,
        },
    }
}

/// Parses scenario text like [`parse_on`], with the named regions of its map.
/// A `.tmx` map (by extension) is read as a Tiled map: its terrain, the units of its
/// `units` layer (after the scenario's `[[units]]`, in object id order) and its regions.
pub fn parse_with_regions(
    src: &Source,
    dir: &Path,
    data: &DataSet,
    drawn: Option<(&TerrainMap, &str)>,
) -> Result<(Scenario, Regions), Diagnostics> {
    parse_inner(src, dir, data, drawn, true)
}

/// [`parse_on`] without the unit objects of a Tiled map (AI expectation files take them in
/// as tables first, see [`tmx_unit_tables`], so that their own tables lay over them).
pub(crate) fn parse_without_map_units(
    src: &Source,
    dir: &Path,
    data: &DataSet,
    drawn: Option<(&TerrainMap, &str)>,
) -> Result<Scenario, Diagnostics> {
    parse_inner(src, dir, data, drawn, false).map(|(s, _)| s)
}

/// The unit objects of a Tiled map as `[[units]]` tables (`at` is the object's cell; a
/// pivot naming a one-cell region is that cell), with the errors of their properties.
pub(crate) fn tmx_unit_tables(tm: &TiledMap) -> (Vec<toml::Table>, Diagnostics) {
    let mut errs = Diagnostics::default();
    let inputs = tmx_units(tm, &mut errs);
    let tables = inputs
        .into_iter()
        .map(|u| {
            let mut t = toml::Table::new();
            let pair = |[a, b]: [i64; 2]| toml::Value::Array(vec![a.into(), b.into()]);
            t.insert("name".into(), u.name.value.into());
            t.insert("team".into(), u.team.value.into());
            t.insert("at".into(), pair(u.at.value));
            for (k, v) in [("class", u.class), ("profile", u.profile), ("kind", u.kind)] {
                if let Some(v) = v {
                    t.insert(k.into(), v.value.into());
                }
            }
            for (k, v) in [
                ("move", u.movement),
                ("hp", u.hp),
                ("attack", u.attack),
                ("defense", u.defense),
            ] {
                if let Some(v) = v {
                    t.insert(k.into(), v.value.into());
                }
            }
            if let Some(r) = u.range {
                t.insert(
                    "range".into(),
                    match r.value {
                        RangeSpec::One(a) => a.into(),
                        RangeSpec::Span(p) => pair(p),
                    },
                );
            }
            if let Some(p) = u.pivot {
                let v = match p.value {
                    PivotSpec::Cell(c) => pair(c),
                    PivotSpec::Region(r) => match tm.regions.get(&r).map(Vec::as_slice) {
                        Some([one]) => pair([one.x as i64, one.y as i64]),
                        _ => r.into(),
                    },
                };
                t.insert("pivot".into(), v);
            }
            t
        })
        .collect();
    (tables, errs)
}

fn parse_inner(
    src: &Source,
    dir: &Path,
    data: &DataSet,
    drawn: Option<(&TerrainMap, &str)>,
    map_units: bool,
) -> Result<(Scenario, Regions), Diagnostics> {
    let raw: RawScenario = parse_raw(src)?;
    let mut errs = Diagnostics::default();
    let map_file = dir.join(raw.map.get_ref());
    let mut map_path = display_path(&map_file);
    let mut map_bytes: Vec<Vec<u8>> = Vec::new();
    let mut regions = Regions::new();
    let mut inputs: Vec<UnitInput> = raw.units.iter().map(|u| UnitInput::from_toml(u.get_ref())).collect();
    let read = match drawn {
        Some((m, text)) => {
            map_path = src.path.clone();
            map_bytes.push(text.as_bytes().to_vec());
            Ok(Ok(m.clone()))
        }
        None if crate::load::tiled::is_tmx(&map_file) => match crate::load::tiled::load(&map_file, &data.terrain) {
            Ok(tm) => {
                map_bytes.extend(tm.files.iter().map(|(_, b)| b.clone()));
                regions = tm.regions.clone();
                if map_units {
                    inputs.extend(tmx_units(&tm, &mut errs));
                }
                Ok(Ok(tm.map))
            }
            // The map file itself unreadable: said at the scenario's `map` like a text map.
            Err(e) if e.0.len() == 1 && e.0[0].message.starts_with("cannot read file: ") && e.0[0].path == map_path => {
                Err(e.0[0].clone())
            }
            Err(e) => Ok(Err(e)),
        },
        None => Source::read(&map_file).map(|map_src| {
            map::parse(&map_src, &data.terrain).inspect(|_| map_bytes.push(map_src.text.as_bytes().to_vec()))
        }),
    };
    let map = match read {
        Ok(Ok(m)) => Some(m),
        Ok(Err(e)) => {
            errs.0.insert(
                0,
                src.error_span(&raw.map.span(), format!("map {map_path:?} has errors (listed below)")),
            );
            errs.extend(e);
            None
        }
        Err(e) => {
            errs.0.insert(
                0,
                src.error_span(
                    &raw.map.span(),
                    format!(
                        "cannot read map {map_path:?}: {}",
                        e.message.trim_start_matches("cannot read file: ")
                    ),
                ),
            );
            None
        }
    };
    if inputs.len() > MAX_UNITS {
        errs.push(src.error_at(0, format!("too many units: {} (at most {MAX_UNITS})", inputs.len())));
        return Err(errs);
    }
    let units = validate_units(src, &inputs, map.as_ref(), &regions, data, &mut errs);
    let (objective, events, mistakes) =
        crate::load::objective::check(src, raw.objective.as_ref(), &raw.events, &units, map.as_ref(), &regions);
    for d in mistakes {
        errs.push(d);
    }
    if !units.iter().any(|u| u.team == Team::Player) && errs.is_empty() {
        errs.push(src.error_at(
            0,
            "no player unit: a scenario needs at least one unit with team = \"player\"",
        ));
    }
    let mut parts: Vec<&[u8]> = vec![src.text.as_bytes()];
    parts.extend(map_bytes.iter().map(Vec::as_slice));
    match map {
        Some(map) if errs.is_empty() => Ok((
            Scenario {
                name: raw.name.into_inner(),
                path: src.path.clone(),
                map_path,
                map,
                units,
                objective,
                events,
                fingerprint: fnv1a(&parts),
            },
            regions,
        )),
        _ => Err(errs),
    }
}

/// The one validation of units, wherever they are written: names, kinds, classes, teams,
/// numbers, cells (on the map, enterable, free), profiles and pivots.
fn validate_units(
    src: &Source,
    inputs: &[UnitInput],
    map: Option<&TerrainMap>,
    regions: &Regions,
    data: &DataSet,
    errs: &mut Diagnostics,
) -> Vec<UnitSpec> {
    let mut units = Vec::with_capacity(inputs.len());
    // Each name's first place, for the message about a second unit of the same name.
    let mut names: HashMap<String, String> = HashMap::new();
    let mut cells: HashMap<Pos, String> = HashMap::new();
    for u in inputs {
        let mut err = |at: &At, msg: String| errs.push(locate(Some(src), at, msg));
        let name = crate::load::names::identity(&u.name.value, units.len() + 1).unwrap_or_else(|m| {
            err(&u.name.at, m);
            u.name.value.clone()
        });
        // How messages name the unit, and the prefix of those that do not start with it.
        let (label, pre) = match u.object {
            None => (format!("unit {name:?}"), String::new()),
            Some(id) => {
                let l = format!("object {name:?} (id {id})");
                (l.clone(), format!("{l}: "))
            }
        };
        let kind_name = u.kind.as_ref().map_or("soldier", |k| k.value.as_str());
        if data.kinds.get(kind_name).is_none() {
            let at = u.kind.as_ref().map_or(&u.name.at, |k| &k.at);
            err(
                at,
                format!(
                    "{label}: {UNKNOWN_KIND} {kind_name:?} (known: {}){}",
                    data.kinds.names(),
                    did_you_mean_value(kind_name, data.kinds.list.iter().map(|k| k.name.as_str()))
                ),
            );
        }
        let kind = data
            .kinds
            .get(kind_name)
            .cloned()
            .unwrap_or_else(|| crate::load::data::builtin_kinds().list.remove(0));
        let class_name = u.class.as_ref().map_or(kind.class.as_str(), |c| c.value.as_str());
        let class_known = data.terrain.class(class_name).is_some();
        if let Some(first) = names.get(&name) {
            err(
                &u.name.at,
                format!(
                    "{pre}duplicate unit name {name:?}: names must be unique within a scenario (the first is at {first})"
                ),
            );
        } else {
            let d = locate(Some(src), &u.name.at, String::new());
            names.insert(name.clone(), format!("{}:{}:{}", d.path, d.line, d.col));
        }
        let team = match u.team.value.as_str() {
            "player" => Team::Player,
            "enemy" => Team::Enemy,
            other => {
                err(
                    &u.team.at,
                    format!(
                        "{label}: unknown team {other:?} (expected \"player\" or \"enemy\"){}",
                        did_you_mean_value(other, ["player", "enemy"])
                    ),
                );
                Team::Enemy
            }
        };
        let class = match data.terrain.class(class_name) {
            Some(id) => id,
            None => {
                let at = u.class.as_ref().map_or(&u.name.at, |c| &c.at);
                err(
                    at,
                    format!(
                        "{label}: unknown movement class {class_name:?} (known: {}){}",
                        data.terrain.classes.join(", "),
                        did_you_mean_value(class_name, data.terrain.classes.iter().map(String::as_str))
                    ),
                );
                ClassId(0)
            }
        };
        let movement = u.movement.as_ref().map_or(kind.movement as i64, |m| m.value);
        if !(0..=MAX_MOVE).contains(&movement) {
            let at = u.movement.as_ref().map_or(&u.name.at, |m| &m.at);
            err(
                at,
                format!("{label}: move = {movement} is out of range (expected 0..={MAX_MOVE})"),
            );
        }
        let mut stats = kind.stats;
        for (key, value, min, slot) in [
            ("hp", &u.hp, 1, &mut stats.hp),
            ("attack", &u.attack, 0, &mut stats.attack),
            ("defense", &u.defense, 0, &mut stats.defense),
        ] {
            if let Some(v) = value {
                match check_stat(key, v.value, min) {
                    Ok(x) => *slot = x,
                    Err(m) => err(&v.at, format!("{label}: {m}")),
                }
            }
        }
        if let Some(r) = &u.range {
            match r.value.check() {
                Ok((lo, hi)) => (stats.range_min, stats.range_max) = (lo, hi),
                Err(m) => err(&r.at, format!("{label}: {m}")),
            }
        }
        let mut at = Pos::default();
        match (to_pos(u.at.value), map) {
            (Some(p), Some(m)) if m.contains(p) => {
                at = p;
                let t = data.terrain.get(m.at(p));
                if class_known && t.cost_for(class).is_none() {
                    err(
                        &u.at.at,
                        format!(
                            "{label} stands on {} at {p}, which class '{class_name}' cannot enter",
                            t.name
                        ),
                    );
                }
                // A reserve may wait for a cell another unit starts on.
                if !u.reserve {
                    if let Some(other) = cells.get(&p) {
                        err(&u.at.at, format!("{label} is on {p}, where {other:?} already stands"));
                    }
                    cells.insert(p, name.clone());
                }
            }
            (_, Some(m)) => {
                let [x, y] = u.at.value;
                err(
                    &u.at.at,
                    format!(
                        "{label} at [{x}, {y}] is off the map ({})",
                        cell_bounds(m.width(), m.height())
                    ),
                );
            }
            (_, None) => {}
        }
        let profile = match (&u.profile, team) {
            (Some(p), Team::Player) => {
                err(
                    &p.at,
                    format!("{label}: `profile` is for enemies only; player units are driven by the player"),
                );
                None
            }
            (Some(p), Team::Enemy) => {
                if let (Some(Behavior::Advance { goal }), Some(m)) =
                    (data.profiles.get(&p.value).map(|q| q.behavior), map)
                    && !m.contains(goal)
                {
                    err(
                        &p.at,
                        format!(
                            "{label}: profile {:?} advances on {goal}, which is off this map ({})",
                            p.value,
                            cell_bounds(m.width(), m.height())
                        ),
                    );
                }
                if data.profiles.get(&p.value).is_none() {
                    err(
                        &p.at,
                        format!(
                            "{label}: {UNKNOWN_PROFILE} {:?} (known: {}){}",
                            p.value,
                            data.profiles.names(),
                            did_you_mean_value(&p.value, data.profiles.list.iter().map(|q| q.name.as_str()))
                        ),
                    );
                }
                Some(p.value.clone())
            }
            (None, Team::Enemy) => {
                let m = match u.object {
                    None => format!("enemy {name:?} has no `profile` (known: {})", data.profiles.names()),
                    Some(_) => format!(
                        "{label}: an enemy needs a string property profile (known: {})",
                        data.profiles.names()
                    ),
                };
                err(&u.name.at, m);
                None
            }
            (None, Team::Player) => None,
        };
        let pivot = match (&u.pivot, map) {
            (Some(p), Some(m)) => match &p.value {
                PivotSpec::Cell(c) => match to_pos(*c).filter(|q| m.contains(*q)) {
                    Some(q) => Some(q),
                    None => {
                        let [x, y] = *c;
                        err(
                            &p.at,
                            format!(
                                "{label}: pivot [{x}, {y}] is off the map ({})",
                                cell_bounds(m.width(), m.height())
                            ),
                        );
                        None
                    }
                },
                PivotSpec::Region(r) => match regions.get(r).map(Vec::as_slice) {
                    Some([one]) => Some(*one),
                    Some(cells) => {
                        err(
                            &p.at,
                            format!(
                                "{label}: pivot {r:?} is a region of {} cells; a pivot is one cell (a one-cell region, or \"x,y\")",
                                cells.len()
                            ),
                        );
                        None
                    }
                    None => {
                        err(
                            &p.at,
                            format!(
                                "{label}: pivot {r:?} is neither a cell \"x,y\" nor a region of the map's `regions` layer{}",
                                did_you_mean_value(r, regions.keys().map(String::as_str))
                            ),
                        );
                        None
                    }
                },
            },
            _ => None,
        };
        units.push(UnitSpec {
            name,
            team,
            at,
            class,
            movement: movement.clamp(0, MAX_MOVE) as Cost,
            profile,
            pivot,
            kind: kind.name.clone(),
            sprite: kind.sprite.clone(),
            stats,
            reserve: u.reserve,
        });
    }
    units
}
