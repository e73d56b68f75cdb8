//! AI expectation files (`tests/ai/*.toml`): what a level designer expects each enemy to do,
//! written as data. A file draws its map (or names a map or scenario file), places units as
//! a scenario does, may add profiles, and lists expectations per enemy and per enemy phase.
//!
//! Units and profiles are checked by the scenario and profile loaders themselves: the file's
//! `[[units]]` and `[profiles.NAME]` tables are rewritten as a scenario and a profiles file,
//! one key per line, and every error those loaders report is located back at the key of
//! this file it came from.

mod battlefield;
mod checks;
mod rewrite;
use battlefield::*;
use checks::*;
use rewrite::*;

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source, display_path};
use crate::load::map::TerrainMap;
use crate::load::scenario::Scenario;
use indexmap::IndexMap;
use serde::Deserialize;
use skirmish_core::ai::registry::Registry;
use skirmish_core::search::grid::{Path as Steps, Pos, Team};
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// What the player's units do between enemy phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerMode {
    /// They wait where they stand (the default: the board changes only by the enemies).
    Still,
    /// They follow the built-in player policy.
    Policy,
}

/// A scripted player action before an enemy phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scripted {
    /// The enemy phase it comes before (1 = the first).
    pub turn: u32,
    /// The player unit.
    pub unit: String,
    /// Its path.
    pub path: Steps,
    /// The unit it attacks afterwards, if any (else it waits).
    pub attack: Option<String>,
    /// Where the `[[moves]]` entry is, for runtime errors.
    pub at: Diagnostic,
}

/// One thing to check about a unit after an enemy phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    /// It ends on one of these cells (`label` says how the file named them).
    EndsOn {
        /// The allowed cells.
        cells: Vec<Pos>,
        /// `(7, 0)` or `mark '*'`.
        label: String,
    },
    /// It stays (or, with `false`, moves).
    Stays(bool),
    /// Its path, as digits.
    Path(String),
    /// Its target's name.
    Target(String),
    /// Whether its condition to act held.
    Triggered(bool),
    /// The unit it attacks (`None`: attacks nobody).
    Attacks(Option<String>),
    /// It attacks somebody (`true`) or nobody (`false`).
    AttacksAny(bool),
    /// The ally it heals (`None`: heals nobody).
    Heals(Option<String>),
    /// It never enters these cells, not even in passing.
    NeverEnters {
        /// The forbidden cells.
        cells: Vec<Pos>,
        /// How the file named them.
        label: String,
    },
    /// Alive (or defeated) at the end of that enemy phase.
    Alive(bool),
    /// Under fog of war, these player units are among those its side sees when it decides
    /// (without fog a side sees every unit on the board).
    Sees(Vec<String>),
    /// Under fog of war, none of these player units is seen by its side when it decides.
    Unseen(Vec<String>),
}

/// One `[[expect]]` table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expect {
    /// The unit's name.
    pub unit: String,
    /// The enemy phase (1 = the first).
    pub turn: u32,
    /// What must hold.
    pub checks: Vec<Check>,
    /// Where the table's `turn` (or `unit`) is, for runtime errors.
    pub at: Diagnostic,
}

/// A loaded expectation file.
#[derive(Debug, Clone)]
pub struct ExpectFile {
    /// The file as shown in messages.
    pub path: String,
    /// Its description.
    pub name: String,
    /// The battlefield and units, as a scenario.
    pub scenario: Scenario,
    /// Terrain, unit kinds and profiles (the shipped ones plus the file's own).
    pub data: DataSet,
    /// Cells of each mark of the picture.
    pub marks: HashMap<char, Vec<Pos>>,
    /// What the player's units do between enemy phases.
    pub player: PlayerMode,
    /// Enemy phases to play.
    pub turns: u32,
    /// Scripted player actions.
    pub moves: Vec<Scripted>,
    /// The expectations, in file order.
    pub expects: Vec<Expect>,
}

type Table = IndexMap<String, Spanned<toml::Value>>;

/// A drawn map: the terrain, its text, and the cells of each mark.
type Drawn = (TerrainMap, String, HashMap<char, Vec<Pos>>);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    name: Option<String>,
    picture: Option<Spanned<String>>,
    map: Option<Spanned<String>>,
    scenario: Option<Spanned<String>>,
    ground: Option<Spanned<String>>,
    data: Option<Spanned<String>>,
    player: Option<Spanned<String>>,
    turns: Option<Spanned<i64>>,
    fog: Option<Spanned<bool>>,
    #[serde(default)]
    units: Vec<Spanned<Table>>,
    #[serde(default)]
    profiles: IndexMap<String, Spanned<Table>>,
    #[serde(default)]
    moves: Vec<Spanned<RawMove>>,
    #[serde(default)]
    expect: Vec<Spanned<RawExpect>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMove {
    turn: Spanned<i64>,
    unit: Spanned<String>,
    path: Spanned<String>,
    attack: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    unit: Spanned<String>,
    turn: Option<Spanned<i64>>,
    ends_at: Option<Spanned<[i64; 2]>>,
    ends_on: Option<Spanned<String>>,
    stays: Option<bool>,
    path: Option<Spanned<String>>,
    target: Option<Spanned<String>>,
    triggered: Option<bool>,
    attacks: Option<Spanned<toml::Value>>,
    heals: Option<Spanned<toml::Value>>,
    never_enters: Option<Spanned<String>>,
    alive: Option<bool>,
    sees: Option<Spanned<Vec<Spanned<String>>>>,
    unseen: Option<Spanned<Vec<Spanned<String>>>>,
}

/// Most enemy phases one file may ask for.
pub const MAX_TURNS: i64 = 200;

/// The marks of the drawn picture, looked up where the file names one.
struct Marks<'a> {
    src: &'a Source,
    cells: &'a HashMap<char, Vec<Pos>>,
}

impl Marks<'_> {
    /// The cells of the mark `v` names, or why it names none.
    fn mark_of(&self, v: &Spanned<String>) -> Result<Vec<Pos>, Diagnostic> {
        let mut cs = v.get_ref().chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => self.cells.get(&c).cloned().ok_or_else(|| {
                self.src
                    .error_span(&v.span(), format!("mark {:?} is not in the picture", v.get_ref()))
            }),
            _ => Err(self.src.error_span(
                &v.span(),
                format!("a mark is one character of the picture, not {:?}", v.get_ref()),
            )),
        }
    }
}

/// Loads an expectation file. `data_override` is `--data`; without it and without a `data`
/// key the file uses its scenario's data folder, else `default_data`; its profiles (and
/// the file's own) are read against `registry`.
pub fn load(
    path: &Path,
    data_override: Option<&Path>,
    default_data: &Path,
    registry: &Registry,
) -> Result<ExpectFile, Diagnostics> {
    let src = Source::read(path)?;
    parse(&src, path, data_override, default_data, registry)
}

/// [`load`] on text already read (`path` is where it stands: the files it names are found
/// beside it); the fuzz target feeds it arbitrary text.
pub fn parse(
    src: &Source,
    path: &Path,
    data_override: Option<&Path>,
    default_data: &Path,
    registry: &Registry,
) -> Result<ExpectFile, Diagnostics> {
    let src = src.clone();
    let raw: Raw = src.parse_toml()?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut errs = Diagnostics::default();
    let sources = [raw.picture.is_some(), raw.map.is_some(), raw.scenario.is_some()];
    if sources.iter().filter(|s| **s).count() != 1 {
        return Err(src
            .error_at(
                0,
                "give the battlefield as exactly one of `picture`, `map` or `scenario`",
            )
            .into());
    }
    let base = base_scenario(&src, &raw, dir)?;
    let mut data = load_data(&src, &raw, dir, (data_override, default_data), &base, registry)?;
    own_profiles(&src, &raw, &mut data, &mut errs);
    // The map, drawn or named, and the marks of a drawing.
    let mut marks: HashMap<char, Vec<Pos>> = HashMap::new();
    let mut drawn = None;
    if let Some(pic) = &raw.picture {
        match picture(&src, pic, raw.ground.as_ref(), &data) {
            Ok((map, text, m)) => {
                drawn = Some((map, text));
                marks = m;
            }
            Err(e) => return Err(e),
        }
    }
    let title = raw.name.clone().unwrap_or_else(|| display_path(path));
    let field = Battlefield {
        src: &src,
        raw: &raw,
        dir,
        base: &base,
        data: &data,
        marks: Marks {
            src: &src,
            cells: &marks,
        },
    };
    let scenario = field.scenario(&title, drawn, &mut errs);
    let Some(scenario) = scenario.filter(|_| errs.is_empty()) else {
        return Err(errs);
    };
    let look = Lookup {
        src: &src,
        scenario: &scenario,
        marks: field.marks,
    };
    let player = player_mode(&src, &raw, &mut errs);
    let moves = look.moves(&raw.moves, &mut errs);
    let expects = look.expects(&raw.expect, &mut errs);
    let turns = turns(&src, &raw, &expects, &moves, &mut errs);
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(ExpectFile {
        path: src.path.clone(),
        name: title,
        scenario,
        data,
        marks,
        player,
        turns,
        moves,
        expects,
    })
}
