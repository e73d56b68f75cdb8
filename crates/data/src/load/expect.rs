//! AI expectation files (`tests/ai/*.toml`): what a level designer expects each enemy to do,
//! written as data. A file draws its map (or names a map or scenario file), places units as
//! a scenario does, may add profiles, and lists expectations per enemy and per enemy phase.
//!
//! Units and profiles are checked by the scenario and profile loaders themselves: the file's
//! `[[units]]` and `[profiles.NAME]` tables are rewritten as a scenario and a profiles file,
//! one key per line, and every error those loaders report is located back at the key of
//! this file it came from.

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Diagnostics, Source, display_path};
use crate::load::map::TerrainMap;
use crate::load::scenario::Scenario;
use indexmap::IndexMap;
use serde::Deserialize;
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
    /// It never enters these cells, not even in passing.
    NeverEnters {
        /// The forbidden cells.
        cells: Vec<Pos>,
        /// How the file named them.
        label: String,
    },
    /// Alive (or defeated) at the end of that enemy phase.
    Alive(bool),
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
    never_enters: Option<Spanned<String>>,
    alive: Option<bool>,
}

/// Most enemy phases one file may ask for.
pub const MAX_TURNS: i64 = 200;

/// Text written for another loader, with the span of this file each of its lines came from.
struct Rewrite {
    text: String,
    origin: Vec<Option<Range<usize>>>,
    /// Lines holding a stand-in value for one already reported: their errors would repeat it.
    muted: Vec<usize>,
}

impl Rewrite {
    fn new() -> Rewrite {
        Rewrite {
            text: String::new(),
            origin: Vec::new(),
            muted: Vec::new(),
        }
    }

    fn line(&mut self, s: &str, from: Option<Range<usize>>) {
        self.text.push_str(s);
        self.text.push('\n');
        self.origin.push(from);
    }

    /// Moves the other loader's diagnostics about this text back onto `src` (this file);
    /// lines with no origin go to `fallback`.
    fn relocate(&self, errs: Diagnostics, generated: &str, src: &Source, fallback: &Range<usize>) -> Diagnostics {
        Diagnostics(
            errs.0
                .into_iter()
                .filter(|d| d.path != generated || !self.muted.contains(&d.line))
                .map(|d| {
                    if d.path != generated {
                        return d;
                    }
                    let span = self.origin.get(d.line.saturating_sub(1)).cloned().flatten();
                    src.error_span(&span.unwrap_or(fallback.clone()), d.message)
                })
                .collect(),
        )
    }
}

/// Loads an expectation file. `data_override` is `--data`; without it and without a `data`
/// key the file uses its scenario's data folder, else `default_data`.
pub fn load(path: &Path, data_override: Option<&Path>, default_data: &Path) -> Result<ExpectFile, Diagnostics> {
    let src = Source::read(path)?;
    parse(&src, path, data_override, default_data)
}

/// [`load`] on text already read (`path` is where it stands: the files it names are found
/// beside it); the fuzz target feeds it arbitrary text.
pub fn parse(
    src: &Source,
    path: &Path,
    data_override: Option<&Path>,
    default_data: &Path,
) -> Result<ExpectFile, Diagnostics> {
    let src = src.clone();
    let raw: Raw = src.parse_toml()?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut errs = Diagnostics::default();
    let whole = 0..0;
    let sources = [raw.picture.is_some(), raw.map.is_some(), raw.scenario.is_some()];
    if sources.iter().filter(|s| **s).count() != 1 {
        return Err(src
            .error_at(
                0,
                "give the battlefield as exactly one of `picture`, `map` or `scenario`",
            )
            .into());
    }
    // The scenario file, when the test starts from one.
    let base = match &raw.scenario {
        Some(s) => {
            let file = dir.join(s.get_ref());
            // Through the one bounded reader: a device, a FIFO or a huge file is refused unread.
            match Source::read(&file) {
                Ok(scen) => match scen.parse_toml::<toml::Table>() {
                    Ok(t) => Some((file, t)),
                    Err(e) => {
                        let mut all: Diagnostics = src
                            .error_span(&s.span(), format!("scenario {} has errors (listed below)", scen.path))
                            .into();
                        all.push(e);
                        return Err(all);
                    }
                },
                Err(e) => {
                    let mut all: Diagnostics = src
                        .error_span(
                            &s.span(),
                            format!(
                                "cannot read scenario {}: {}",
                                display_path(&file),
                                e.message.trim_start_matches("cannot read file: ")
                            ),
                        )
                        .into();
                    all.push(e);
                    return Err(all);
                }
            }
        }
        None => None,
    };
    let data_dir: PathBuf = match (&raw.data, data_override, &base) {
        (Some(d), _, _) => dir.join(d.get_ref()),
        (None, Some(d), _) => d.to_path_buf(),
        (None, None, Some((file, _))) => crate::load::scenario::default_data_dir(file),
        (None, None, None) => default_data.to_path_buf(),
    };
    let mut data = match crate::load::data::load(&data_dir) {
        Ok(d) => d,
        Err(e) => {
            let at = raw.data.as_ref().map_or(whole.clone(), |d| d.span());
            let mut all: Diagnostics = src
                .error_span(
                    &at,
                    format!("data folder {} has errors (listed below)", display_path(&data_dir)),
                )
                .into();
            all.extend(e);
            return Err(all);
        }
    };
    // The file's own profiles, checked by the profile loader.
    if !raw.profiles.is_empty() {
        let mut w = Rewrite::new();
        for (name, table) in &raw.profiles {
            w.line(&format!("[{}]", toml::Value::String(name.clone())), Some(table.span()));
            for (k, v) in table.get_ref() {
                w.line(
                    &format!("{} = {}", toml::Value::String(k.clone()), v.get_ref()),
                    Some(v.span()),
                );
            }
        }
        let generated = format!("{} (profiles)", src.path);
        match crate::load::profiles::parse(&Source::new(&generated, &w.text)) {
            Ok(extra) => {
                for p in extra.list {
                    match data.profiles.list.iter_mut().find(|q| q.name == p.name) {
                        Some(q) => *q = p,
                        None => data.profiles.list.push(p),
                    }
                }
            }
            Err(e) => errs.extend(w.relocate(e, &generated, &src, &whole)),
        }
    }
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
    let mark_of = |v: &Spanned<String>| -> Result<Vec<Pos>, Diagnostic> {
        let mut cs = v.get_ref().chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => marks
                .get(&c)
                .cloned()
                .ok_or_else(|| src.error_span(&v.span(), format!("mark {:?} is not in the picture", v.get_ref()))),
            _ => Err(src.error_span(
                &v.span(),
                format!("a mark is one character of the picture, not {:?}", v.get_ref()),
            )),
        }
    };
    // The scenario the units make, checked by the scenario loader.
    let mut w = Rewrite::new();
    let scen_span = raw.scenario.as_ref().map_or(whole.clone(), |s| s.span());
    let title = raw.name.clone().unwrap_or_else(|| display_path(path));
    w.line(&format!("name = {}", toml::Value::String(title.clone())), None);
    let (map_line, map_dir) = match (&raw.map, &base) {
        (Some(m), _) => (
            format!("map = {}", toml::Value::String(m.get_ref().clone())),
            dir.to_path_buf(),
        ),
        (None, Some((file, t))) => (
            format!(
                "map = {}",
                t.get("map").cloned().unwrap_or(toml::Value::String(String::new()))
            ),
            file.parent().unwrap_or(Path::new("")).to_path_buf(),
        ),
        (None, None) => ("map = \"(picture)\"".to_string(), dir.to_path_buf()),
    };
    w.line(
        &map_line,
        raw.map.as_ref().map(|m| m.span()).or(Some(scen_span.clone())),
    );
    // Units: the scenario's, with the file's tables laid over them by name, then new ones.
    // A cell whose mark is already reported stands in as [0, 0]; its errors are muted.
    let stand_in = || toml::Value::Array(vec![0i64.into(), 0i64.into()]);
    // Each unit: where its table is, and per key the value, where it came from, and whether
    // it is a stand-in.
    type Entry = (toml::Value, Option<Range<usize>>, bool);
    type UnitTable = (Option<Range<usize>>, IndexMap<String, Entry>);
    let mut tables: Vec<UnitTable> = Vec::new();
    if let Some((_, t)) = &base {
        for u in t.get("units").and_then(|u| u.as_array()).into_iter().flatten() {
            let Some(ut) = u.as_table() else { continue };
            tables.push((
                None,
                ut.iter().map(|(k, v)| (k.clone(), (v.clone(), None, false))).collect(),
            ));
        }
    }
    // A Tiled map's unit objects are the scenario's units after its tables, so that the
    // file's tables lay over them by name too (the scenario below then skips them).
    let tmx_file = match (&raw.map, &base) {
        (Some(m), _) => Some(dir.join(m.get_ref())),
        (None, Some((file, t))) => t
            .get("map")
            .and_then(|m| m.as_str())
            .map(|m| file.parent().unwrap_or(Path::new("")).join(m)),
        (None, None) => None,
    }
    .filter(|f| crate::load::tiled::is_tmx(f));
    if let Some(Ok(tm)) = tmx_file.map(|f| crate::load::tiled::load(&f, &data.terrain)) {
        let (units, e) = crate::load::scenario::tmx_unit_tables(&tm);
        errs.extend(e);
        for t in units {
            tables.push((None, t.into_iter().map(|(k, v)| (k, (v, None, false))).collect()));
        }
    }
    for u in &raw.units {
        let mut resolved: IndexMap<String, Entry> = IndexMap::new();
        for (k, v) in u.get_ref() {
            let value = match (k.as_str(), v.get_ref()) {
                ("at" | "pivot", toml::Value::String(_)) => {
                    let name = Spanned::new(v.span(), v.get_ref().as_str().unwrap_or_default().to_string());
                    match mark_of(&name) {
                        Ok(cells) if cells.len() == 1 => {
                            toml::Value::Array(vec![(cells[0].x as i64).into(), (cells[0].y as i64).into()])
                        }
                        Ok(cells) => {
                            errs.push(src.error_span(
                                &v.span(),
                                format!(
                                    "mark {:?} is on {} cells: a unit needs a mark of its own",
                                    name.get_ref(),
                                    cells.len()
                                ),
                            ));
                            resolved.insert(k.clone(), (stand_in(), Some(v.span()), true));
                            continue;
                        }
                        Err(e) => {
                            errs.push(e);
                            resolved.insert(k.clone(), (stand_in(), Some(v.span()), true));
                            continue;
                        }
                    }
                }
                _ => v.get_ref().clone(),
            };
            resolved.insert(k.clone(), (value, Some(v.span()), false));
        }
        let name = resolved
            .get("name")
            .and_then(|(v, _, _)| v.as_str().map(str::to_string));
        let over = name.as_ref().and_then(|n| {
            tables
                .iter_mut()
                .find(|(_, t)| t.get("name").and_then(|(v, _, _)| v.as_str()) == Some(n.as_str()))
        });
        match over {
            Some((origin, t)) => {
                *origin = Some(u.span());
                t.extend(resolved);
            }
            None => tables.push((Some(u.span()), resolved)),
        }
    }
    for (origin, t) in &tables {
        w.line("", None);
        w.line("[[units]]", origin.clone().or(Some(scen_span.clone())));
        for (k, (v, span, stand_in)) in t {
            if *stand_in {
                // Its error is reported already; what the loader says of [0, 0] would mislead.
                w.muted.push(w.origin.len() + 1);
            }
            let from = span.clone().or(origin.clone()).or(Some(scen_span.clone()));
            w.line(&format!("{} = {v}", toml::Value::String(k.clone())), from);
        }
    }
    // The scenario's objective and scripted events come along: reserves arrive, guards
    // are woken and turn limits end the battle in the test as in the game.
    if let Some((_, t)) = &base {
        for key in ["objective", "events"] {
            if let Some(v) = t.get(key) {
                let mut one = toml::Table::new();
                one.insert(key.to_string(), v.clone());
                w.line("", None);
                for line in toml::to_string(&one).unwrap_or_default().lines() {
                    w.line(line, Some(scen_span.clone()));
                }
            }
        }
    }
    let generated = format!("{} (units)", src.path);
    let drawn_map = drawn.as_ref().map(|(m, t)| (m, t.as_str()));
    let scenario = match crate::load::scenario::parse_without_map_units(
        &Source::new(&generated, &w.text),
        &map_dir,
        &data,
        drawn_map,
    ) {
        Ok(mut s) => {
            s.path = src.path.clone();
            Some(s)
        }
        Err(e) => {
            errs.extend(w.relocate(e, &generated, &src, &scen_span));
            None
        }
    };
    let Some(scenario) = scenario.filter(|_| errs.is_empty()) else {
        return Err(errs);
    };
    let unit_team = |n: &str| scenario.units.iter().find(|u| u.name == n).map(|u| u.team);
    let names = || {
        scenario
            .units
            .iter()
            .map(|u| u.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let known = |v: &Spanned<String>, errs: &mut Diagnostics| -> bool {
        let ok = unit_team(v.get_ref()).is_some();
        if !ok {
            errs.push(src.error_span(
                &v.span(),
                format!(
                    "no unit named {:?} (units: {}){}",
                    v.get_ref(),
                    names(),
                    crate::load::suggest::did_you_mean_value(
                        v.get_ref(),
                        scenario.units.iter().map(|u| u.name.as_str())
                    )
                ),
            ));
        }
        ok
    };
    let turn_of = |t: &Option<Spanned<i64>>, errs: &mut Diagnostics| -> u32 {
        match t {
            None => 1,
            Some(t) if (1..=MAX_TURNS).contains(t.get_ref()) => *t.get_ref() as u32,
            Some(t) => {
                errs.push(src.error_span(
                    &t.span(),
                    format!(
                        "turn = {} makes no sense (expected 1..={MAX_TURNS}: enemy phases count from 1)",
                        t.get_ref()
                    ),
                ));
                1
            }
        }
    };
    let player = match raw.player.as_ref().map(|p| (p.get_ref().as_str(), p.span())) {
        None | Some(("still", _)) => PlayerMode::Still,
        Some(("policy", _)) => PlayerMode::Policy,
        Some((other, span)) => {
            errs.push(src.error_span(
                &span,
                format!("player = {other:?}: expected \"still\" (player units wait) or \"policy\" (the built-in player policy)"),
            ));
            PlayerMode::Still
        }
    };
    let mut moves = Vec::new();
    for m in &raw.moves {
        let r = m.get_ref();
        let turn = turn_of(&Some(r.turn.clone()), &mut errs);
        if known(&r.unit, &mut errs) && unit_team(r.unit.get_ref()) != Some(Team::Player) {
            errs.push(src.error_span(
                &r.unit.span(),
                format!(
                    "{:?} is an enemy: scripted moves are for player units",
                    r.unit.get_ref()
                ),
            ));
        }
        if let Some(a) = &r.attack {
            known(a, &mut errs);
        }
        let Some(path) = Steps::parse(r.path.get_ref()) else {
            errs.push(src.error_span(
                &r.path.span(),
                format!(
                    "path {:?} is not direction digits (1 up, 2 right, 3 down, 4 left; \"0\" stays)",
                    r.path.get_ref()
                ),
            ));
            continue;
        };
        moves.push(Scripted {
            turn,
            unit: r.unit.get_ref().clone(),
            path,
            attack: r.attack.as_ref().map(|a| a.get_ref().clone()),
            at: src.error_span(&r.turn.span(), ""),
        });
    }
    let map = &scenario.map;
    let mut expects = Vec::new();
    for e in &raw.expect {
        let r = e.get_ref();
        let turn = turn_of(&r.turn, &mut errs);
        if !known(&r.unit, &mut errs) {
            continue;
        }
        let mut checks = Vec::new();
        if let Some(at) = &r.ends_at {
            let [x, y] = *at.get_ref();
            let p = Pos::new(x as i32, y as i32);
            if !map.contains(p) || x > i32::MAX as i64 || y > i32::MAX as i64 {
                errs.push(src.error_span(
                    &at.span(),
                    format!(
                        "ends_at [{x}, {y}] is off the map ({})",
                        crate::load::diag::cell_bounds(map.width(), map.height())
                    ),
                ));
            }
            checks.push(Check::EndsOn {
                cells: vec![p],
                label: p.to_string(),
            });
        }
        if let Some(m) = &r.ends_on {
            match mark_of(m) {
                Ok(cells) => checks.push(Check::EndsOn {
                    cells,
                    label: format!("mark {:?}", m.get_ref()),
                }),
                Err(d) => errs.push(d),
            }
        }
        if let Some(b) = r.stays {
            checks.push(Check::Stays(b));
        }
        if let Some(p) = &r.path {
            match Steps::parse(p.get_ref()) {
                Some(steps) => checks.push(Check::Path(steps.digits())),
                None => errs.push(src.error_span(
                    &p.span(),
                    format!("path {:?} is not direction digits 1-4 (\"0\" stays)", p.get_ref()),
                )),
            }
        }
        if let Some(t) = &r.target
            && known(t, &mut errs)
        {
            checks.push(Check::Target(t.get_ref().clone()));
        }
        if let Some(b) = r.triggered {
            checks.push(Check::Triggered(b));
        }
        if let Some(a) = &r.attacks {
            match a.get_ref() {
                toml::Value::Boolean(b) => checks.push(Check::AttacksAny(*b)),
                toml::Value::String(n) => {
                    if known(&Spanned::new(a.span(), n.clone()), &mut errs) {
                        checks.push(Check::Attacks(Some(n.clone())));
                    }
                }
                _ => errs.push(src.error_span(&a.span(), "attacks = a unit's name, or true / false")),
            }
        }
        if let Some(m) = &r.never_enters {
            match mark_of(m) {
                Ok(cells) => checks.push(Check::NeverEnters {
                    cells,
                    label: format!("mark {:?}", m.get_ref()),
                }),
                Err(d) => errs.push(d),
            }
        }
        if let Some(b) = r.alive {
            checks.push(Check::Alive(b));
        }
        let decides = checks.iter().any(|c| !matches!(c, Check::Alive(_)));
        if decides && unit_team(r.unit.get_ref()) == Some(Team::Player) {
            errs.push(src.error_span(
                &r.unit.span(),
                format!(
                    "{:?} is a player unit: only `alive` can be expected of it (decisions are the enemies')",
                    r.unit.get_ref()
                ),
            ));
        }
        if checks.is_empty() {
            errs.push(src.error_span(&e.span(), "this expectation checks nothing: add ends_on, ends_at, stays, path, target, triggered, attacks, never_enters or alive"));
        }
        let at = r.turn.as_ref().map_or(r.unit.span(), |t| t.span());
        expects.push(Expect {
            unit: r.unit.get_ref().clone(),
            turn,
            checks,
            at: src.error_span(&at, ""),
        });
    }
    let needed = expects
        .iter()
        .map(|e| e.turn)
        .chain(moves.iter().map(|m| m.turn))
        .max()
        .unwrap_or(1);
    let turns = match &raw.turns {
        None => needed,
        Some(t) if (needed as i64..=MAX_TURNS).contains(t.get_ref()) => *t.get_ref() as u32,
        Some(t) => {
            errs.push(src.error_span(
                &t.span(),
                format!(
                    "turns = {}: expected {needed}..={MAX_TURNS} (the expectations reach enemy phase {needed})",
                    t.get_ref()
                ),
            ));
            needed
        }
    };
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

/// Reads a drawn map: rows of terrain glyphs (blanks between them are ignored); any other
/// character is a mark, standing on the `ground` terrain (default: the first kind).
fn picture(
    src: &Source,
    pic: &Spanned<String>,
    ground: Option<&Spanned<String>>,
    data: &DataSet,
) -> Result<Drawn, Diagnostics> {
    let terrain = &data.terrain;
    let ground_glyph = match ground {
        None => terrain.get(crate::load::terrain::TerrainId(0)).glyph,
        Some(g) => {
            let mut cs = g.get_ref().chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if terrain.by_glyph(c).is_some() => c,
                _ => {
                    return Err(src
                        .error_span(
                            &g.span(),
                            format!(
                                "ground = {:?}: expected one terrain glyph (known: {})",
                                g.get_ref(),
                                terrain.glyph_list()
                            ),
                        )
                        .into());
                }
            }
        }
    };
    let mut errs = Diagnostics::default();
    let mut marks: HashMap<char, Vec<Pos>> = HashMap::new();
    let mut rows: Vec<String> = Vec::new();
    let mut cursor = pic.span().start;
    let raw_rows: Vec<&str> = pic.get_ref().lines().collect();
    let first = raw_rows.iter().position(|r| !r.trim().is_empty());
    let last = raw_rows.iter().rposition(|r| !r.trim().is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Err(src
            .error_span(&pic.span(), "empty picture: draw at least one row of terrain glyphs")
            .into());
    };
    let mut width = None;
    for raw in &raw_rows[first..=last] {
        // Where this row stands in the file, for messages.
        let at = src.text[cursor..].find(raw).map_or(cursor, |i| cursor + i);
        cursor = at + raw.len();
        let y = rows.len() as i32;
        let mut row = String::new();
        for c in raw.chars().filter(|c| *c != ' ' && *c != '\t') {
            let x = row.chars().count() as i32;
            if terrain.by_glyph(c).is_some() {
                row.push(c);
            } else {
                marks.entry(c).or_default().push(Pos::new(x, y));
                row.push(ground_glyph);
            }
        }
        let w = row.chars().count();
        match width {
            None => width = Some(w),
            Some(first_w) if first_w != w => errs.push(src.error_at(
                at,
                format!(
                    "picture row {} has {w} cells where the first row has {first_w}; every row must be the same width",
                    y + 1
                ),
            )),
            Some(_) => {}
        }
        rows.push(row);
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    let map = crate::load::map::parse(&Source::new(src.path.clone(), text.clone()), terrain)?;
    Ok((map, text, marks))
}
