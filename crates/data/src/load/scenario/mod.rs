//! Scenarios (`maps/*.toml`): a map file and the units placed on it, strictly parsed and validated.

pub use skirmish_core::model::scenario::*;

pub(crate) mod levels;
mod tiled_units;
mod units;
pub use tiled_units::UNIT_PROPERTIES;
pub(crate) use tiled_units::tmx_unit_tables;
use tiled_units::*;
use units::*;

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
    difficulty: Option<Spanned<levels::RawLevels>>,
    combat: Option<RawCombat>,
    /// Fog of war, off unless said.
    fog: Option<bool>,
}

/// `[combat]`: chance in combat, off unless said.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCombat {
    #[serde(default)]
    chance: bool,
    #[serde(default)]
    true_hit: bool,
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
    goal: Option<Spanned<[i64; 2]>>,
    kind: Option<Spanned<String>>,
    hp: Option<Spanned<i64>>,
    attack: Option<Spanned<i64>>,
    defense: Option<Spanned<i64>>,
    range: Option<Spanned<RangeSpec>>,
    reserve: Option<bool>,
    hp_left: Option<Spanned<i64>>,
    zoc: Option<bool>,
    skirmisher: Option<bool>,
    canto: Option<bool>,
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
    // A `.tmx` map's `chance` and `true_hit` properties, used where the scenario has no `[combat]`.
    let mut map_combat: Option<Combat> = None;
    // A `.tmx` map's `fog` property, used where the scenario does not say `fog`.
    let mut map_fog: Option<bool> = None;
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
                map_combat = tm.combat;
                map_fog = tm.fog;
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
    // A Tiled map that failed to load holds units and regions that the rest depends on:
    // checking the rest without them would only report what is missing (a region, a unit
    // named by the objective), suggesting the wrong fix. The map's own errors stand alone.
    if map.is_none() && drawn.is_none() && crate::load::tiled::is_tmx(&map_file) {
        return Err(errs);
    }
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
    let (levels, mistakes) = levels::read_levels(src, raw.difficulty.as_ref());
    errs.extend(mistakes);
    let mut parts: Vec<&[u8]> = vec![src.text.as_bytes()];
    parts.extend(map_bytes.iter().map(Vec::as_slice));
    match map {
        Some(map) if errs.is_empty() => {
            let scenario = Scenario {
                name: raw.name.into_inner(),
                path: src.path.clone(),
                map_path,
                map,
                units,
                objective,
                events,
                fingerprint: fnv1a(&parts),
                levels,
                difficulty: None,
                combat: raw
                    .combat
                    .as_ref()
                    .map(|c| Combat {
                        chance: c.chance,
                        true_hit: c.true_hit,
                    })
                    .or(map_combat)
                    .unwrap_or_default(),
                fog: raw.fog.or(map_fog).unwrap_or(false),
            };
            levels::check_levels(src, &scenario, data).into_result((scenario, regions))
        }
        _ => Err(errs),
    }
}
