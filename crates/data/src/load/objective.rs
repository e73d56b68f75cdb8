//! A scenario's `[objective]` table and `[[events]]` tables: parsed strictly, then checked
//! against the scenario's units and map, every mistake located (`path:line:col: message`).

use crate::load::diag::{Diagnostic, Source, cell_bounds};
use crate::load::map::TerrainMap;
use crate::load::suggest::did_you_mean_value;
use serde::Deserialize;
use skirmish_core::model::objective::{Objective, ScriptEvent, Trigger, Win};
use skirmish_core::model::scenario::UnitSpec;
use skirmish_core::search::grid::{Pos, Team};
use std::ops::Range;
use toml::Spanned;

/// Largest turn number a scenario may name (`survive`, `turn_limit`, an event's `turn`):
/// `simulate` and `batch` play at most 1,000 turns.
pub const MAX_TURN: i64 = 1_000;

/// The `[objective]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawObjective {
    win: Option<Spanned<String>>,
    boss: Option<Spanned<String>>,
    seize: Option<Spanned<CellsSpec>>,
    seizers: Option<Spanned<Vec<String>>>,
    survive: Option<Spanned<i64>>,
    turn_limit: Option<Spanned<i64>>,
    protect: Option<Spanned<Vec<String>>>,
    hold: Option<Spanned<CellsSpec>>,
}

/// Cells as a scenario names them: the name of a rectangle of a Tiled map's `regions` layer
/// (`seize = "throne"`), or a list whose items are cells `[x, y]` or region names
/// (`entered = ["north_bridge", "south_bridge"]`, `hold = [[3, 4], "ford"]`). Any other shape
/// is refused in plain words with the shapes it may take.
pub(crate) enum CellsSpec {
    /// The items, in order.
    Items(Vec<CellItem>),
}

/// One item of a [`CellsSpec`].
pub(crate) enum CellItem {
    /// `[x, y]`.
    Cell([i64; 2]),
    /// A region's name.
    Region(String),
}

/// The shapes a cell list may take, for messages.
const CELLS_SHAPES: &str = "a region name (\"ford\"), a list of region names ([\"north_bridge\", \"south_bridge\"]) or a list of cells ([[3, 4], [5, 4]]), or both in one list";

impl<'de> Deserialize<'de> for CellsSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = toml::Value::deserialize(d)?;
        let item = |v: &toml::Value| -> Result<CellItem, String> {
            match v {
                toml::Value::String(s) => Ok(CellItem::Region(s.clone())),
                toml::Value::Array(a) => match a.as_slice() {
                    [toml::Value::Integer(x), toml::Value::Integer(y)] => Ok(CellItem::Cell([*x, *y])),
                    _ => Err(format!(
                        "{v} is not a cell: a cell is two whole numbers [x, y], such as [3, 4]"
                    )),
                },
                other => Err(format!("{other} is neither a cell [x, y] nor a region name")),
            }
        };
        let items = match &value {
            toml::Value::String(s) => Ok(vec![CellItem::Region(s.clone())]),
            // A single cell written without the outer list: `[3, 4]`.
            toml::Value::Array(a) if matches!(a.as_slice(), [toml::Value::Integer(_), toml::Value::Integer(_)]) => Err(
                format!("{value} is one cell: write a list of cells, [{value}] (expected {CELLS_SHAPES})"),
            ),
            toml::Value::Array(a) => a
                .iter()
                .map(item)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| format!("{m} (expected {CELLS_SHAPES})")),
            other => Err(format!("found {other}; expected {CELLS_SHAPES}")),
        };
        items.map(CellsSpec::Items).map_err(serde::de::Error::custom)
    }
}

/// One `[[events]]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawEvent {
    turn: Option<Spanned<i64>>,
    entered: Option<Spanned<CellsSpec>>,
    arrive: Option<Spanned<Vec<String>>>,
    wake: Option<Spanned<Vec<String>>>,
    say: Option<Spanned<String>>,
}

/// The win values a scenario may name.
const WINS: [&str; 4] = ["rout", "boss", "seize", "survive"];

struct Check<'a> {
    src: &'a Source,
    units: &'a [UnitSpec],
    map: Option<&'a TerrainMap>,
    regions: &'a crate::load::tiled::Regions,
    errs: Vec<Diagnostic>,
}

impl Check<'_> {
    fn err(&mut self, span: &Range<usize>, msg: String) {
        self.errs.push(self.src.error_span(span, msg));
    }

    /// The names in `list`, each a unit of the scenario (of `team`, when given).
    fn names(&mut self, what: &str, list: &Spanned<Vec<String>>, team: Option<Team>) -> Vec<String> {
        for n in list.get_ref() {
            match self.units.iter().find(|u| &u.name == n) {
                None => {
                    let known = self
                        .units
                        .iter()
                        .filter(|u| team.is_none_or(|t| u.team == t))
                        .map(|u| u.name.as_str());
                    let names: Vec<&str> = known.clone().collect();
                    let msg = format!(
                        "{what} {n:?} is not a unit of this scenario (known: {}){}",
                        names.join(", "),
                        did_you_mean_value(n, known)
                    );
                    self.err(&list.span(), msg);
                }
                Some(u) if team.is_some_and(|t| u.team != t) => {
                    let side = if u.team == Team::Player { "a player" } else { "an enemy" };
                    self.err(&list.span(), format!("{what} {n:?} is {side} unit"));
                }
                Some(_) => {}
            }
        }
        list.get_ref().clone()
    }

    /// The cells of `list` (each cell, and the cells of each region it names), each on the
    /// map, in order and each once.
    fn cells(&mut self, what: &str, list: &Spanned<CellsSpec>) -> Vec<Pos> {
        let mut out = Vec::new();
        let CellsSpec::Items(items) = list.get_ref();
        if items.is_empty() {
            self.err(&list.span(), format!("`{what}` lists no cell"));
        }
        let add = |out: &mut Vec<Pos>, p: Pos| {
            if !out.contains(&p) {
                out.push(p);
            }
        };
        for item in items {
            let [x, y] = match item {
                CellItem::Cell(c) => *c,
                CellItem::Region(r) => {
                    match self.regions.get(r) {
                        Some(cells) => cells.iter().for_each(|&p| add(&mut out, p)),
                        None if self.regions.is_empty() => self.err(
                            &list.span(),
                            format!("`{what}` names region {r:?}, but this scenario's map has no `regions` layer (a Tiled map's object layer of rectangles); write cells as [[x, y], ...]"),
                        ),
                        None => {
                            let msg = format!(
                                "`{what}` names region {r:?}, which the map's `regions` layer does not have (known: {}){}",
                                self.regions.keys().map(String::as_str).collect::<Vec<_>>().join(", "),
                                did_you_mean_value(r, self.regions.keys().map(String::as_str))
                            );
                            self.err(&list.span(), msg);
                        }
                    }
                    continue;
                }
            };
            let p = i32::try_from(x)
                .ok()
                .zip(i32::try_from(y).ok())
                .map(|(x, y)| Pos::new(x, y));
            match (p, self.map) {
                (Some(p), Some(m)) if m.contains(p) => add(&mut out, p),
                (_, Some(m)) => {
                    let msg = format!(
                        "`{what}` cell [{x}, {y}] is off the map ({})",
                        cell_bounds(m.width(), m.height())
                    );
                    self.err(&list.span(), msg);
                }
                (_, None) => {}
            }
        }
        out
    }

    fn turn(&mut self, what: &str, v: &Spanned<i64>, min: i64) -> u32 {
        let t = *v.get_ref();
        if !(min..=MAX_TURN).contains(&t) {
            self.err(
                &v.span(),
                format!("{what} = {t} is out of range (expected {min}..={MAX_TURN})"),
            );
        }
        t.clamp(min, MAX_TURN) as u32
    }
}

/// Checks `objective` and `events` against the scenario's `units` (and `map`, when it
/// loaded, with its named `regions`): the objective and events the battle plays by, and
/// every mistake found.
pub(crate) fn check(
    src: &Source,
    objective: Option<&Spanned<RawObjective>>,
    events: &[Spanned<RawEvent>],
    units: &[UnitSpec],
    map: Option<&TerrainMap>,
    regions: &crate::load::tiled::Regions,
) -> (Objective, Vec<ScriptEvent>, Vec<Diagnostic>) {
    let mut c = Check {
        src,
        units,
        map,
        regions,
        errs: Vec::new(),
    };
    let mut out = Objective::default();
    if let Some(o) = objective {
        let span = o.span();
        let o = o.get_ref();
        let win = o.win.as_ref().map_or("rout", |w| w.get_ref().as_str());
        let needs = |c: &mut Check, key: &str| {
            c.err(&span, format!("win = {win:?} needs `{key}` in [objective]"));
        };
        out.win = match win {
            "rout" => Win::Rout,
            "boss" => match &o.boss {
                Some(b) => {
                    let names = Spanned::new(b.span(), vec![b.get_ref().clone()]);
                    c.names("boss", &names, Some(Team::Enemy));
                    Win::Boss(b.get_ref().clone())
                }
                None => {
                    needs(&mut c, "boss = \"NAME\"");
                    Win::Rout
                }
            },
            "seize" => match &o.seize {
                Some(cells) => Win::Seize {
                    cells: c.cells("seize", cells),
                    seizers: o
                        .seizers
                        .as_ref()
                        .map(|s| c.names("seizer", s, Some(Team::Player)))
                        .unwrap_or_default(),
                },
                None => {
                    needs(&mut c, "seize = [[x, y]]");
                    Win::Rout
                }
            },
            "survive" => match &o.survive {
                Some(n) => Win::Survive(c.turn("survive", n, 1)),
                None => {
                    needs(&mut c, "survive = TURNS");
                    Win::Rout
                }
            },
            other => {
                let at = o.win.as_ref().map_or(span.clone(), |w| w.span());
                c.err(
                    &at,
                    format!(
                        "unknown win {other:?} (expected \"rout\", \"boss\", \"seize\" or \"survive\"){}",
                        did_you_mean_value(other, WINS)
                    ),
                );
                Win::Rout
            }
        };
        // Keys that belong to another win would silently do nothing.
        for (key, given, belongs) in [
            ("boss", o.boss.as_ref().map(|b| b.span()), "boss"),
            ("seize", o.seize.as_ref().map(|s| s.span()), "seize"),
            ("seizers", o.seizers.as_ref().map(|s| s.span()), "seize"),
            ("survive", o.survive.as_ref().map(|s| s.span()), "survive"),
        ] {
            if let Some(at) = given
                && win != belongs
                && WINS.contains(&win)
            {
                c.err(
                    &at,
                    format!("`{key}` is for win = \"{belongs}\", but this objective's win is {win:?}"),
                );
            }
        }
        out.turn_limit = o.turn_limit.as_ref().map(|t| c.turn("turn_limit", t, 1));
        out.protect = o
            .protect
            .as_ref()
            .map(|p| c.names("protected unit", p, Some(Team::Player)))
            .unwrap_or_default();
        out.hold = o.hold.as_ref().map(|h| c.cells("hold", h)).unwrap_or_default();
        if let (Win::Survive(n), Some(l)) = (&out.win, out.turn_limit)
            && l <= *n
            && let Some(t) = &o.turn_limit
        {
            c.err(
                &t.span(),
                format!("turn_limit = {l} comes before surviving {n} turns can win: the battle could never be won"),
            );
        }
    }
    let mut script = Vec::with_capacity(events.len());
    let mut brought: Vec<String> = Vec::new();
    for e in events {
        let span = e.span();
        let e = e.get_ref();
        let trigger = match (&e.turn, &e.entered) {
            (Some(t), None) => Trigger::Turn(c.turn("turn", t, 2)),
            (None, Some(cells)) => Trigger::Entered(c.cells("entered", cells)),
            (Some(_), Some(_)) => {
                c.err(&span, "an event has either `turn` or `entered`, not both".into());
                Trigger::Turn(2)
            }
            (None, None) => {
                c.err(
                    &span,
                    "an event needs a trigger: `turn = N` (from 2) or `entered = [[x, y], ...]`".into(),
                );
                Trigger::Turn(2)
            }
        };
        let none = Spanned::new(span.clone(), Vec::new());
        let arrive_list = e.arrive.as_ref().unwrap_or(&none);
        let arrive = c.names("arriving unit", arrive_list, None);
        for n in &arrive {
            if let Some(u) = units.iter().find(|u| &u.name == n) {
                if !u.reserve {
                    c.err(
                        &arrive_list.span(),
                        format!("{n:?} arrives by an event but is on the board from the start (add reserve = true to the unit)"),
                    );
                } else if brought.contains(n) {
                    c.err(
                        &arrive_list.span(),
                        format!("{n:?} is brought by two events (a unit arrives once)"),
                    );
                }
                brought.push(n.clone());
            }
        }
        let wake = c.names("woken unit", e.wake.as_ref().unwrap_or(&none), None);
        if arrive.is_empty() && wake.is_empty() && e.say.is_none() {
            c.err(&span, "an event does nothing: give it `arrive`, `wake` or `say`".into());
        }
        script.push(ScriptEvent {
            trigger,
            arrive,
            wake,
            say: e.say.as_ref().map(|s| s.get_ref().clone()),
        });
    }
    (out, script, c.errs)
}

/// The reserve units no event brings (they would never play): their names.
pub fn unbrought_reserves<'a>(units: &'a [UnitSpec], events: &[ScriptEvent]) -> Vec<&'a str> {
    units
        .iter()
        .filter(|u| u.reserve && !events.iter().any(|e| e.arrive.contains(&u.name)))
        .map(|u| u.name.as_str())
        .collect()
}

/// The objective, the scripted events and the reserves in a canonical form, for the
/// fingerprints of replays and saves; empty for a scenario with none of them (so the
/// fingerprints of scenarios written before objectives existed do not change).
pub fn canonical(scenario: &skirmish_core::model::scenario::Scenario) -> String {
    let reserves: Vec<&str> = scenario
        .units
        .iter()
        .filter(|u| u.reserve)
        .map(|u| u.name.as_str())
        .collect();
    if scenario.objective.is_default() && scenario.events.is_empty() && reserves.is_empty() {
        return String::new();
    }
    let mut text = format!("objective {:?}\nreserves {reserves:?}\n", scenario.objective);
    for e in &scenario.events {
        text += &format!("event {e:?}\n");
    }
    text
}
