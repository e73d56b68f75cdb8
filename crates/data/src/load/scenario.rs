//! Scenarios (`maps/*.toml`): a map file and the units placed on it, strictly parsed and validated.

pub use skirmish_core::model::scenario::*;

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source, cell_bounds, display_path};
use crate::load::map::{self, TerrainMap};
use crate::load::suggest::did_you_mean_value;
use crate::load::terrain::{ClassId, Cost};
use crate::load::units::{RangeSpec, check_stat};
use serde::Deserialize;
use skirmish_core::model::profiles::Behavior;
use skirmish_core::search::grid::Pos;
use skirmish_core::search::grid::Team;
use std::collections::HashMap;
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
    let raw: RawScenario = parse_raw(src)?;
    let mut errs = Diagnostics::default();
    let map_file = dir.join(raw.map.get_ref());
    let mut map_path = display_path(&map_file);
    let mut map_text = String::new();
    let read = match drawn {
        Some((m, text)) => {
            map_path = src.path.clone();
            map_text = text.to_string();
            Ok(Ok(m.clone()))
        }
        None => Source::read(&map_file)
            .map(|map_src| map::parse(&map_src, &data.terrain).inspect(|_| map_text = map_src.text.clone())),
    };
    let map = match read {
        Ok(Ok(m)) => Some(m),
        Ok(Err(e)) => {
            errs.push(src.error_span(&raw.map.span(), format!("map {map_path:?} has errors (listed below)")));
            errs.extend(e);
            None
        }
        Err(e) => {
            errs.push(src.error_span(
                &raw.map.span(),
                format!(
                    "cannot read map {map_path:?}: {}",
                    e.message.trim_start_matches("cannot read file: ")
                ),
            ));
            None
        }
    };
    if raw.units.len() > MAX_UNITS {
        errs.push(src.error_at(0, format!("too many units: {} (at most {MAX_UNITS})", raw.units.len())));
        return Err(errs);
    }
    let mut units = Vec::with_capacity(raw.units.len());
    // Each name's first place, for the message about a second unit of the same name.
    let mut names: HashMap<String, (usize, usize)> = HashMap::new();
    let mut cells: HashMap<Pos, String> = HashMap::new();
    for u in &raw.units {
        let u = u.get_ref();
        let name = crate::load::names::identity(u.name.get_ref(), units.len() + 1).unwrap_or_else(|m| {
            errs.push(src.error_span(&u.name.span(), m));
            u.name.get_ref().clone()
        });
        let kind_name = u.kind.as_ref().map_or("soldier", |k| k.get_ref().as_str());
        if data.kinds.get(kind_name).is_none() {
            let at = u.kind.as_ref().map_or(u.name.span(), |k| k.span());
            errs.push(src.error_span(
                &at,
                format!(
                    "unit {name:?}: {UNKNOWN_KIND} {kind_name:?} (known: {}){}",
                    data.kinds.names(),
                    did_you_mean_value(kind_name, data.kinds.list.iter().map(|k| k.name.as_str()))
                ),
            ));
        }
        let kind = data
            .kinds
            .get(kind_name)
            .cloned()
            .unwrap_or_else(|| crate::load::data::builtin_kinds().list.remove(0));
        let class_name = u.class.as_ref().map_or(kind.class.as_str(), |c| c.get_ref().as_str());
        let class_known = data.terrain.class(class_name).is_some();
        let mut err = |span: &std::ops::Range<usize>, msg: String| errs.push(src.error_span(span, msg));
        if let Some((line, col)) = names.get(&name) {
            err(
                &u.name.span(),
                format!(
                    "duplicate unit name {name:?}: names must be unique within a scenario (the first is at {}:{line}:{col})",
                    src.path
                ),
            );
        } else {
            names.insert(name.clone(), src.line_col(u.name.span().start));
        }
        let team = match u.team.get_ref().as_str() {
            "player" => Team::Player,
            "enemy" => Team::Enemy,
            other => {
                err(
                    &u.team.span(),
                    format!(
                        "unit {name:?}: unknown team {other:?} (expected \"player\" or \"enemy\"){}",
                        did_you_mean_value(other, ["player", "enemy"])
                    ),
                );
                Team::Enemy
            }
        };
        let class = match data.terrain.class(class_name) {
            Some(id) => id,
            None => {
                let at = u.class.as_ref().map_or(u.name.span(), |c| c.span());
                err(
                    &at,
                    format!(
                        "unit {name:?}: unknown movement class {class_name:?} (known: {}){}",
                        data.terrain.classes.join(", "),
                        did_you_mean_value(class_name, data.terrain.classes.iter().map(String::as_str))
                    ),
                );
                ClassId(0)
            }
        };
        let movement = u.movement.as_ref().map_or(kind.movement as i64, |m| *m.get_ref());
        if !(0..=MAX_MOVE).contains(&movement) {
            let at = u.movement.as_ref().map_or(u.name.span(), |m| m.span());
            err(
                &at,
                format!("unit {name:?}: move = {movement} is out of range (expected 0..={MAX_MOVE})"),
            );
        }
        let mut stats = kind.stats;
        for (key, value, min, slot) in [
            ("hp", &u.hp, 1, &mut stats.hp),
            ("attack", &u.attack, 0, &mut stats.attack),
            ("defense", &u.defense, 0, &mut stats.defense),
        ] {
            if let Some(v) = value {
                match check_stat(key, *v.get_ref(), min) {
                    Ok(x) => *slot = x,
                    Err(m) => err(&v.span(), format!("unit {name:?}: {m}")),
                }
            }
        }
        if let Some(r) = &u.range {
            match r.get_ref().check() {
                Ok((lo, hi)) => (stats.range_min, stats.range_max) = (lo, hi),
                Err(m) => err(&r.span(), format!("unit {name:?}: {m}")),
            }
        }
        let mut at = Pos::default();
        match (to_pos(*u.at.get_ref()), &map) {
            (Some(p), Some(m)) if m.contains(p) => {
                at = p;
                let t = data.terrain.get(m.at(p));
                if class_known && t.cost_for(class).is_none() {
                    err(
                        &u.at.span(),
                        format!(
                            "unit {name:?} stands on {} at {p}, which class '{class_name}' cannot enter",
                            t.name
                        ),
                    );
                }
                // A reserve may wait for a cell another unit starts on.
                if u.reserve != Some(true) {
                    if let Some(other) = cells.get(&p) {
                        err(
                            &u.at.span(),
                            format!("unit {name:?} is on {p}, where {other:?} already stands"),
                        );
                    }
                    cells.insert(p, name.clone());
                }
            }
            (_, Some(m)) => {
                let [x, y] = *u.at.get_ref();
                err(
                    &u.at.span(),
                    format!(
                        "unit {name:?} at [{x}, {y}] is off the map ({})",
                        cell_bounds(m.width(), m.height())
                    ),
                );
            }
            (_, None) => {}
        }
        let profile = match (&u.profile, team) {
            (Some(p), Team::Player) => {
                err(
                    &p.span(),
                    format!("unit {name:?}: `profile` is for enemies only; player units are driven by the player"),
                );
                None
            }
            (Some(p), Team::Enemy) => {
                if let (Some(Behavior::Advance { goal }), Some(m)) =
                    (data.profiles.get(p.get_ref()).map(|q| q.behavior), &map)
                    && !m.contains(goal)
                {
                    err(
                        &p.span(),
                        format!(
                            "unit {name:?}: profile {:?} advances on {goal}, which is off this map ({})",
                            p.get_ref(),
                            cell_bounds(m.width(), m.height())
                        ),
                    );
                }
                if data.profiles.get(p.get_ref()).is_none() {
                    err(
                        &p.span(),
                        format!(
                            "unit {name:?}: {UNKNOWN_PROFILE} {:?} (known: {}){}",
                            p.get_ref(),
                            data.profiles.names(),
                            did_you_mean_value(p.get_ref(), data.profiles.list.iter().map(|q| q.name.as_str()))
                        ),
                    );
                }
                Some(p.get_ref().clone())
            }
            (None, Team::Enemy) => {
                err(
                    &u.name.span(),
                    format!("enemy {name:?} has no `profile` (known: {})", data.profiles.names()),
                );
                None
            }
            (None, Team::Player) => None,
        };
        let pivot = match (&u.pivot, &map) {
            (Some(p), Some(m)) => match to_pos(*p.get_ref()).filter(|q| m.contains(*q)) {
                Some(q) => Some(q),
                None => {
                    let [x, y] = *p.get_ref();
                    err(
                        &p.span(),
                        format!(
                            "unit {name:?}: pivot [{x}, {y}] is off the map ({})",
                            cell_bounds(m.width(), m.height())
                        ),
                    );
                    None
                }
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
            reserve: u.reserve == Some(true),
        });
    }
    let (objective, events, mistakes) =
        crate::load::objective::check(src, raw.objective.as_ref(), &raw.events, &units, map.as_ref());
    for d in mistakes {
        errs.push(d);
    }
    if !units.iter().any(|u| u.team == Team::Player) && errs.is_empty() {
        errs.push(src.error_at(
            0,
            "no player unit: a scenario needs at least one unit with team = \"player\"",
        ));
    }
    match map {
        Some(map) if errs.is_empty() => Ok(Scenario {
            name: raw.name.into_inner(),
            path: src.path.clone(),
            map_path,
            map,
            units,
            objective,
            events,
            fingerprint: fnv1a(&[src.text.as_bytes(), map_text.as_bytes()]),
        }),
        _ => Err(errs),
    }
}
