//! Warnings about a scenario that loads but cannot work as its designer meant: an enemy
//! whose kept range is outside its weapon's reach, a unit that can never reach any
//! opponent over its class's terrain, a seize cell no seizer can enter, a reserve no event
//! brings. `skirmish check` prints them as `path:line:col: warning: ...` (exit 0; `--strict`: 1).

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Source};
use serde::Deserialize;
use skirmish_core::model::objective::Win;
use skirmish_core::model::profiles::Behavior;
use skirmish_core::model::scenario::{Scenario, UnitSpec};
use skirmish_core::search::grid::{Dir, Pos};
use std::collections::VecDeque;
use toml::Spanned;

#[derive(Deserialize)]
struct Loose {
    #[serde(default)]
    units: Vec<LooseUnit>,
    objective: Option<LooseObjective>,
}

#[derive(Deserialize)]
struct LooseUnit {
    name: Spanned<String>,
    profile: Option<Spanned<String>>,
}

#[derive(Deserialize)]
struct LooseObjective {
    seize: Option<Spanned<toml::Value>>,
}

/// Every warning for `scenario` (loaded from `src` with `data`), in file order.
pub fn warnings(src: &Source, scenario: &Scenario, data: &DataSet) -> Vec<Diagnostic> {
    let Ok(loose) = toml::from_str::<Loose>(&src.text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut warn = |span: std::ops::Range<usize>, msg: String| {
        out.push(src.error_span(&span, format!("warning: {msg}")));
    };
    let unbrought = crate::load::objective::unbrought_reserves(&scenario.units, &scenario.events);
    // The units of the TOML come first in the scenario, in the same order.
    for (u, raw) in scenario.units.iter().zip(&loose.units) {
        let name = &u.name;
        let behavior = u
            .profile
            .as_deref()
            .and_then(|p| data.profiles.get(p))
            .map(|p| &p.behavior);
        if let Some(Behavior::KeepRange { range, .. }) = behavior {
            let (lo, hi) = (u.stats.range_min, u.stats.range_max);
            if !(lo..=hi).contains(range) {
                let at = raw.profile.as_ref().map_or(raw.name.span(), |p| p.span());
                warn(
                    at,
                    format!(
                        "unit {name:?}: profile {:?} keeps range {range}, but its weapon reaches {lo}..={hi}: it will never strike from where it stands",
                        u.profile.as_deref().unwrap_or_default()
                    ),
                );
            }
        }
        if unbrought.contains(&name.as_str()) {
            warn(
                raw.name.span(),
                format!(
                    "unit {name:?} is a reserve that no event brings: it will never play (add it to an event's `arrive`)"
                ),
            );
        }
        if !can_reach_any_opponent(scenario, data, u) {
            warn(
                raw.name.span(),
                format!(
                    "unit {name:?} can never reach any opponent: its class '{}' cannot cross the terrain between them",
                    data.terrain
                        .classes
                        .get(usize::from(u.class.0))
                        .map_or("?", String::as_str)
                ),
            );
        }
    }
    if let (Win::Seize { cells, seizers }, Some(at)) = (
        &scenario.objective.win,
        loose
            .objective
            .as_ref()
            .and_then(|o| o.seize.as_ref())
            .map(|s| s.span()),
    ) {
        let who: Vec<&UnitSpec> = scenario
            .units
            .iter()
            .filter(|u| u.team == skirmish_core::search::grid::Team::Player)
            .filter(|u| seizers.is_empty() || seizers.contains(&u.name))
            .collect();
        for &c in cells {
            let t = data.terrain.get(scenario.map.at(c));
            if !who.iter().any(|u| t.cost_for(u.class).is_some()) {
                warn(
                    at.clone(),
                    format!(
                        "seize cell {c} is {}, which no seizer's class can enter: the battle cannot be won",
                        t.name
                    ),
                );
            }
        }
    }
    out
}

/// True when `u`, walking only terrain its class can enter (other units aside), can stand
/// within its weapon's reach of some unit of the other side's starting cell.
fn can_reach_any_opponent(scenario: &Scenario, data: &DataSet, u: &UnitSpec) -> bool {
    let map = &scenario.map;
    let foes: Vec<Pos> = scenario
        .units
        .iter()
        .filter(|f| f.team != u.team)
        .map(|f| f.at)
        .collect();
    if foes.is_empty() {
        return true;
    }
    let enter = |p: Pos| map.contains(p) && data.terrain.get(map.at(p)).cost_for(u.class).is_some();
    let w = map.width();
    let mut seen = vec![false; w * map.height()];
    let index = |p: Pos| p.y as usize * w + p.x as usize;
    let mut queue = VecDeque::from([u.at]);
    seen[index(u.at)] = true;
    let reach = u.stats.range_max.max(1);
    while let Some(p) = queue.pop_front() {
        if foes
            .iter()
            .any(|&f| p.manhattan(f) <= reach && p.manhattan(f) >= u.stats.range_min.min(reach))
        {
            return true;
        }
        for d in [Dir::Up, Dir::Right, Dir::Down, Dir::Left] {
            let q = p.step(d);
            if enter(q) && !seen[index(q)] {
                seen[index(q)] = true;
                queue.push_back(q);
            }
        }
    }
    false
}
