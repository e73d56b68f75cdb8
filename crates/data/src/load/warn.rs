//! Warnings about a scenario that loads but cannot work as its designer meant: an enemy
//! whose kept range is outside its weapon's reach, a unit that can never reach any
//! opponent over its class's terrain, a seize cell no seizer can enter, a reserve no event
//! brings, a seize cell nobody can reach (in time), a melee profile on a ranged weapon, a
//! Tiled unit object off the grid, a fog scenario whose enemies can never see a player unit. `skirmish check` prints them as `path:line:col: warning: ...` (exit 0; `--strict`: 1).

use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Source};
use serde::Deserialize;
use skirmish_core::model::objective::{Trigger, Win};
use skirmish_core::model::profiles::Behavior;
use skirmish_core::model::scenario::{Scenario, UnitSpec};
use skirmish_core::search::grid::{Cost, Dir, Pos, Team};
use std::collections::VecDeque;
use std::path::Path;
use toml::Spanned;

#[derive(Deserialize)]
struct Loose {
    #[serde(default)]
    units: Vec<LooseUnit>,
    objective: Option<LooseObjective>,
    fog: Option<Spanned<toml::Value>>,
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

/// Where a unit is written, for its warnings: its name and its profile (a `[[units]]`
/// table's keys, or a Tiled unit object and its `profile` property).
struct Place {
    name: Diagnostic,
    profile: Diagnostic,
}

impl Place {
    fn warn(at: &Diagnostic, msg: String) -> Diagnostic {
        Diagnostic {
            message: format!("warning: {msg}"),
            ..at.clone()
        }
    }
}

/// Where each unit of `scenario` is written, in the scenario's order: the `[[units]]`
/// tables first, then the objects of a Tiled map's `units` layer (in id order), with the
/// warnings about those objects themselves (one not snapped to the grid).
fn places(src: &Source, loose: &Loose, scenario: &Scenario, data: &DataSet) -> (Vec<Place>, Vec<Diagnostic>) {
    let mut out: Vec<Place> = loose
        .units
        .iter()
        .map(|raw| Place {
            name: src.error_span(&raw.name.span(), ""),
            profile: src.error_span(&raw.profile.as_ref().map_or(raw.name.span(), |p| p.span()), ""),
        })
        .collect();
    let mut object_warnings = Vec::new();
    let map_file = Path::new(&scenario.map_path);
    if out.len() < scenario.units.len()
        && crate::load::tiled::is_tmx(map_file)
        && let Ok(tm) = crate::load::tiled::load(map_file, &data.terrain)
    {
        for o in &tm.units {
            let at = |(line, col): (usize, usize)| Diagnostic {
                path: tm.path.clone(),
                line,
                col,
                message: String::new(),
            };
            let name = at((o.line, o.col));
            if !o.snapped {
                object_warnings.push(Place::warn(
                    &name,
                    format!(
                        "unit object {:?} (id {}) is not snapped to the grid: it is read as cell ({}, {}) (View > Snapping > Snap to Grid, then move it)",
                        o.name, o.id, o.cell[0], o.cell[1]
                    ),
                ));
            }
            out.push(Place {
                profile: o.prop_at.get("profile").map_or(name.clone(), |&p| at(p)),
                name,
            });
        }
    }
    // Anything not found (never expected) is placed at the scenario's start.
    while out.len() < scenario.units.len() {
        out.push(Place {
            name: src.error_at(0, ""),
            profile: src.error_at(0, ""),
        });
    }
    (out, object_warnings)
}

/// Every warning for `scenario` (loaded from `src` with `data`), in file order.
pub fn warnings(src: &Source, scenario: &Scenario, data: &DataSet) -> Vec<Diagnostic> {
    let Ok(loose) = toml::from_str::<Loose>(&src.text) else {
        return Vec::new();
    };
    let (places, object_warnings) = places(src, &loose, scenario, data);
    let mut out = Vec::new();
    let mut warn = |at: &Diagnostic, msg: String| out.push(Place::warn(at, msg));
    let unbrought = crate::load::objective::unbrought_reserves(&scenario.units, &scenario.events);
    for (u, place) in scenario.units.iter().zip(&places) {
        let name = &u.name;
        let behavior = u
            .profile
            .as_deref()
            .and_then(|p| data.profiles.get(p))
            .map(|p| p.behavior.clone());
        let (lo, hi) = (u.stats.range_min, u.stats.range_max);
        let profile = u.profile.as_deref().unwrap_or_default();
        match behavior {
            Some(Behavior::KeepRange { range, .. }) if !(lo..=hi).contains(&range) => warn(
                &place.profile,
                format!(
                    "unit {name:?}: profile {profile:?} keeps range {range}, but its weapon reaches {lo}..={hi}: it will never strike from where it stands"
                ),
            ),
            // These walk up to their target: a weapon that cannot strike an adjacent
            // unit never strikes.
            Some(
                b @ (Behavior::Charger
                | Behavior::Proximity { .. }
                | Behavior::GuardTrigger { .. }
                | Behavior::PivotLeash { .. }),
            ) if u.team == Team::Enemy && lo > 1 => {
                let how = if b.name() == profile {
                    String::new()
                } else {
                    format!(" (behavior {})", b.name())
                };
                warn(
                    &place.profile,
                    format!(
                        "unit {name:?}: profile {profile:?}{how} walks up to its target and ends next to it, but its weapon reaches {lo}..={hi}: it will never strike (give it a keep_range profile such as archer)"
                    ),
                )
            }
            _ => {}
        }
        if unbrought.contains(&name.as_str()) {
            warn(
                &place.name,
                format!(
                    "unit {name:?} is a reserve that no event brings: it will never play (add it to an event's `arrive`)"
                ),
            );
        }
        if !can_reach_any_opponent(scenario, data, u) {
            warn(
                &place.name,
                format!(
                    "unit {name:?} can never reach any opponent: its class '{}' cannot cross the terrain between them",
                    data.terrain
                        .classes()
                        .get(usize::from(u.class.0))
                        .map_or("?", String::as_str)
                ),
            );
        }
    }
    if let (Win::Seize { cells, seizers }, Some(span)) = (
        &scenario.objective.win,
        loose
            .objective
            .as_ref()
            .and_then(|o| o.seize.as_ref())
            .map(|s| s.span()),
    ) {
        let at = src.error_span(&span, "");
        let who: Vec<&UnitSpec> = scenario
            .units
            .iter()
            .filter(|u| u.team == Team::Player)
            .filter(|u| seizers.is_empty() || seizers.contains(&u.name))
            .collect();
        for &c in cells {
            let t = data.terrain.get(scenario.map.at(c));
            if !who.iter().any(|u| t.cost_for(u.class).is_some()) {
                warn(
                    &at,
                    format!(
                        "seize cell {c} is {}, which no seizer's class can enter: the battle cannot be won",
                        t.name
                    ),
                );
                continue;
            }
            // Over its class's terrain alone (any number of points), then by move points.
            let walk = |u: &UnitSpec, points: Cost| turns_to_reach(scenario, data, u, c, points);
            if who.iter().all(|u| walk(u, Cost::MAX / 2).is_none()) {
                warn(
                    &at,
                    format!(
                        "seize cell {c} cannot be reached: no seizer can walk there over its class's terrain (is it walled in?): the battle cannot be won"
                    ),
                );
            } else if let Some(limit) = scenario.objective.turn_limit {
                let best = who.iter().filter_map(|u| walk(u, u.movement)).min();
                if best.is_none_or(|best| best > limit) {
                    let needs = match best {
                        Some(n) => format!("the nearest seizer needs {n} turns of moves"),
                        None => "no seizer's move points ever get it there".to_string(),
                    };
                    warn(
                        &at,
                        format!(
                            "seize cell {c} cannot be reached within the turn limit {limit}: {needs}, even with nobody in the way"
                        ),
                    );
                }
            }
        }
    }
    let has = |team: Team| scenario.units.iter().any(|u| u.team == team);
    if scenario.fog && has(Team::Enemy) && has(Team::Player) && !enemies_can_ever_see(scenario, data) {
        // At the `fog` key; from a Tiled map property, at the first enemy.
        let at = match &loose.fog {
            Some(f) => src.error_span(&f.span(), ""),
            None => scenario
                .units
                .iter()
                .zip(&places)
                .find(|(u, _)| u.team == Team::Enemy)
                .map_or(src.error_at(0, ""), |(_, p)| p.name.clone()),
        };
        warn(
            &at,
            "fog of war: no enemy can ever see a player unit from where it stands: wherever the player units walk, they stay out of every enemy's vision, so no enemy ever acts (give an enemy more `vision`, a lookout on terrain with a `vision` bonus, or place it nearer the player's way)".to_string(),
        );
    }
    out.extend(object_warnings);
    out
}

/// Under fog of war, whether some enemy can ever see some player unit. A player unit may
/// stand on any cell its class can walk to from its start (any number of turns, other units
/// aside); an enemy sees from where it stands, its start cell — an enemy that sees nobody
/// does not move — except one whose behaviour moves without seeing anyone (`advance`, or a
/// behaviour a game registers), which may see from any cell its class can walk to. From a
/// cell `s` it sees a cell `p` when their distance is at most its `vision` plus the `vision`
/// bonus of `s`'s terrain, and, when `p`'s terrain `hides`, at most 1 (`Battle::sight`'s rule).
fn enemies_can_ever_see(scenario: &Scenario, data: &DataSet) -> bool {
    let map = &scenario.map;
    let (w, h) = (map.width(), map.height());
    let index = |p: Pos| p.y as usize * w + p.x as usize;
    // Every cell some class can walk to from `from` (other units aside).
    let walkable = |u: &UnitSpec, cells: &mut Vec<bool>| {
        let enter = |p: Pos| map.contains(p) && data.terrain.get(map.at(p)).cost_for(u.class).is_some();
        let mut queue = VecDeque::from([u.at]);
        cells[index(u.at)] = true;
        while let Some(p) = queue.pop_front() {
            for d in [Dir::Up, Dir::Right, Dir::Down, Dir::Left] {
                let q = p.step(d);
                if enter(q) && !cells[index(q)] {
                    cells[index(q)] = true;
                    queue.push_back(q);
                }
            }
        }
    };
    let mut player = vec![false; w * h];
    for u in scenario.units.iter().filter(|u| u.team == Team::Player) {
        if !player[index(u.at)] {
            walkable(u, &mut player);
        }
    }
    let sees_a_player_cell = |u: &UnitSpec, s: Pos| {
        let v = i64::from(u.vision) + i64::from(data.terrain.get(map.at(s)).vision);
        let v = v.clamp(0, (w + h) as i64) as i32;
        (s.y - v..=s.y + v).any(|y| {
            let r = v - (y - s.y).abs();
            (s.x - r..=s.x + r).any(|x| {
                let p = Pos::new(x, y);
                map.contains(p) && player[index(p)] && (s.manhattan(p) <= 1 || !data.terrain.get(map.at(p)).hides)
            })
        })
    };
    scenario.units.iter().filter(|u| u.team == Team::Enemy).any(|u| {
        let wanders = u
            .profile
            .as_deref()
            .and_then(|p| data.profiles.get(p))
            .is_some_and(|p| matches!(p.behavior, Behavior::Advance { .. } | Behavior::Custom(_)));
        if wanders {
            let mut cells = vec![false; w * h];
            walkable(u, &mut cells);
            (0..w * h)
                .filter(|&i| cells[i])
                .any(|i| sees_a_player_cell(u, Pos::new((i % w) as i32, (i / w) as i32)))
        } else {
            sees_a_player_cell(u, u.at)
        }
    })
}

/// The first turn in which `u` could end a move on `to`, walking only terrain its class
/// can enter with `budget` move points each turn (other units aside; a reserve starts on the
/// turn an event brings it, or turn 1 when an event on entering cells does); `None` when
/// its class can never get there.
fn turns_to_reach(scenario: &Scenario, data: &DataSet, u: &UnitSpec, to: Pos, budget: Cost) -> Option<u32> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let map = &scenario.map;
    let first = if u.reserve {
        scenario
            .events
            .iter()
            .filter(|e| e.arrive.contains(&u.name))
            .map(|e| match e.trigger {
                Trigger::Turn(t) => t,
                _ => 1,
            })
            .min()?
    } else {
        1
    };
    let cost = |p: Pos| {
        map.contains(p)
            .then(|| data.terrain.get(map.at(p)).cost_for(u.class))
            .flatten()
    };
    let w = map.width();
    let index = |p: Pos| p.y as usize * w + p.x as usize;
    // (turn, points spent this turn): fewer turns first, then fewer points.
    let mut best = vec![(u32::MAX, 0); w * map.height()];
    let mut heap = BinaryHeap::from([Reverse(((first, 0), u.at))]);
    best[index(u.at)] = (first, 0);
    while let Some(Reverse((state, p))) = heap.pop() {
        if p == to {
            return Some(state.0);
        }
        if state > best[index(p)] {
            continue;
        }
        for d in [Dir::Up, Dir::Right, Dir::Down, Dir::Left] {
            let q = p.step(d);
            let Some(c) = cost(q) else { continue };
            if c > budget {
                continue;
            }
            let next = if state.1 + c <= budget {
                (state.0, state.1 + c)
            } else {
                (state.0.saturating_add(1), c)
            };
            if next < best[index(q)] {
                best[index(q)] = next;
                heap.push(Reverse((next, q)));
            }
        }
    }
    None
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
