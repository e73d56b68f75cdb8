//! `skirmish ai SCENARIO --explain UNIT`: why this cell and not another. The enemy phase is
//! played up to that unit (each enemy acts on the board the previous one left), then its
//! decision is shown with the numbers behind it, computed by the AI's own scoring.

use super::*;
use crate::ai::Ai;
use crate::ai::{Explanation, Goal};
use crate::picture::cost_char;
use crate::play::enemy::EnemyPhase;
use crate::rules::{Command, UnitId};

pub(super) fn explain_cmd(
    path: &Path,
    data_override: Option<PathBuf>,
    level: Option<&str>,
    unit: &str,
    as_json: bool,
) -> Outcome {
    let (scenario, data, _) = match load_scenario_at(path, data_override, level) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let mut battle = Battle::new(&scenario, &data);
    let id = match find_enemy(&battle, unit, &scenario.path) {
        Ok(id) => id,
        Err(msg) => return usage(msg),
    };
    if let Err(e) = battle.execute(Command::EndPhase { team: Team::Player }) {
        return fail(Diagnostic::whole_file(path, format!("the rules refused an enemy's command: {e}")).into());
    }
    explain_in_enemy_phase(&mut battle, &data.profiles, id, as_json, path)
}

/// The enemy called `unit` in `battle`, or the usage message that says why not.
pub(super) fn find_enemy(battle: &Battle, unit: &str, scenario_path: &str) -> Result<UnitId, String> {
    let Some(id) = battle.find(unit) else {
        let names: Vec<&str> = battle.units().iter().map(|u| u.name()).collect();
        return Err(format!(
            "skirmish: no unit named {unit:?} in {scenario_path}{} (units: {})\n",
            crate::load::suggest::did_you_mean_value(unit, names.iter().copied()),
            names.join(", ")
        ));
    };
    if battle.unit(id).team() != Team::Enemy {
        return Err(format!(
            "skirmish: {unit:?} is a player unit: --explain explains the decisions of enemies\n"
        ));
    }
    Ok(id)
}

/// `battle` stands at the start of an enemy phase: plays it up to enemy `id` (each enemy acts
/// on the board the previous one left, as `skirmish ai` does), then explains `id`'s decision.
/// `ai --explain` (turn 1, units as placed) and `replay --explain --turn T` both end here.
pub(super) fn explain_in_enemy_phase(
    battle: &mut Battle,
    profiles: &crate::load::profiles::Profiles,
    id: UnitId,
    as_json: bool,
    path: &Path,
) -> Outcome {
    // The one enemy-phase driver, stepped until `id` is next.
    let mut ai = Ai::new(profiles.clone());
    let mut phase = EnemyPhase::begin(battle);
    while phase.remaining().next().is_some_and(|e| e != id) {
        match phase.step(&mut ai, battle) {
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(e) => {
                return fail(Diagnostic::whole_file(path, format!("the rules refused an enemy's command: {e}")).into());
            }
        }
    }
    let unit = battle.name(id).to_string();
    if !battle.unit(id).alive() || battle.ended().is_some() {
        return ok(format!(
            "{unit} makes no decision this enemy phase: {}\n",
            if battle.unit(id).alive() {
                "the battle is already decided"
            } else if battle.unit(id).reserve() {
                "it is in reserve, not on the board yet (an event brings it)"
            } else {
                "it fell before its turn"
            }
        ));
    }
    let x = ai.explain(battle, id);
    if as_json {
        ok(format!("{}\n", explanation_json(battle, &x)))
    } else {
        ok(explanation_text(battle, &x))
    }
}

fn goal_json(g: Goal) -> Value {
    match g {
        Goal::Stay => json!({"kind": "stay"}),
        Goal::Approach => json!({"kind": "approach"}),
        Goal::Ring(r) => json!({"kind": "ring", "range": r}),
        Goal::Advance(at) => json!({"kind": "advance", "goal": at}),
        Goal::Custom => json!({"kind": "custom"}),
    }
}

/// The JSON of `ai --explain` and `replay --explain`.
pub fn explanation_json(b: &Battle, x: &Explanation) -> Value {
    let mut j = json!({
        "unit": b.name(x.decision.unit),
        "profile": x.decision.profile,
        "from": x.decision.from,
        "goal": match (&x.note, goal_json(x.goal)) {
            (Some(note), Value::Object(mut g)) => {
                g.insert("text".into(), json!(note));
                Value::Object(g)
            }
            (_, g) => g,
        },
        "leash": x.leash.map(|l| json!({"pivot": l.pivot, "radius": l.radius})),
        "candidates": x.candidates,
        "cells": x.cells,
        "decision": x.decision.to_json(b, &[]),
    });
    // Only where a zone of control cut a path: outputs without zones keep their bytes.
    if !x.zones.is_empty() {
        j["zones"] = json!(x.zones);
    }
    // Only under fog of war, as `ai --json` and `simulate --json` do.
    if let Some(saw) = saw(b, x.decision.unit) {
        j["saw"] = saw.iter().map(|&u| json!(b.name(u))).collect();
    }
    j
}

/// Under fog of war, the units of the other side that `id`'s side sees now (when it
/// decides), in unit order; `None` without fog.
fn saw(b: &Battle, id: UnitId) -> Option<Vec<UnitId>> {
    let team = b.unit(id).team();
    b.fog().then(|| {
        let sight = b.sight(team);
        b.living(team.other())
            .filter(|&u| sight.sees(b.unit(u).pos()))
            .collect()
    })
}

/// The text of `ai --explain` and `replay --explain`.
pub fn explanation_text(b: &Battle, x: &Explanation) -> String {
    let d = &x.decision;
    let me = b.unit(d.unit);
    let mut s = format!("{} ({}) at {}, move {}\n", me.name(), d.profile, d.from, me.movement());
    if let Some(saw) = saw(b, d.unit) {
        let whom = if me.team() == Team::Enemy { "player" } else { "enemy" };
        s += &if saw.is_empty() {
            format!("fog of war: its side sees no {whom} unit (it decides as if there were none)\n")
        } else {
            let seen: Vec<String> = saw
                .iter()
                .map(|&u| format!("{} at {}", b.name(u), b.unit(u).pos()))
                .collect();
            format!(
                "fog of war: its side sees {} (it knows of no other {whom} unit)\n",
                seen.join(", ")
            )
        };
    }
    s += "target candidates (lowest travel cost, then distance, then scenario order):\n";
    for c in &x.candidates {
        let travel = c.travel.map_or("none".to_string(), |t| t.to_string());
        let mark = if c.chosen { ">" } else { " " };
        s += &format!(
            "  {mark} {} at {}: travel {travel}, distance {}\n",
            c.unit, c.at, c.distance
        );
    }
    let target = d.target.map_or("-".to_string(), |t| b.name(t).to_string());
    s += &match x.goal {
        Goal::Stay => "goal: stay (its condition to act does not hold)\n".to_string(),
        Goal::Approach => format!(
            "goal: approach {target}: cells ranked by travel cost to {target}, then the cheaper walk, then reading order\n"
        ),
        Goal::Ring(r) => format!(
            "goal: end exactly {r} from {target}: cells ranked by distance from that ring, then travel cost, then the cheaper walk, then reading order\n"
        ),
        Goal::Advance(at) => format!(
            "goal: advance on {at}: cells it can attack from first, then travel cost to {at}, then the cheaper walk, then reading order\n"
        ),
        Goal::Custom => format!("goal: {}\n", x.note.as_deref().unwrap_or("its behaviour's own")),
    };
    if let Some(l) = x.leash {
        s += &format!(
            "leash: never enters a cell at distance {} or more from {}\n",
            l.radius, l.pivot
        );
    }
    if !x.zones.is_empty() {
        let cuts: Vec<String> = x
            .zones
            .iter()
            .map(|z| format!("{} (held by {})", z.at, z.holders.join(" and ")))
            .collect();
        s += &format!("zones of control stop its paths at: {}\n", cuts.join(", "));
    }
    if !x.cells.is_empty() {
        s += &format!("{} reachable cells, best first:\n", x.cells.len());
        for c in x.cells.iter().take(5) {
            let travel = c.travel.map_or("none".to_string(), |t| t.to_string());
            let gap = c.ring_gap.map_or(String::new(), |g| format!("ring gap {g}, "));
            let gap = match c.attacks {
                Some(true) => format!("{gap}can attack, "),
                _ => gap,
            };
            let gap = match c.heals {
                Some(true) => format!("{gap}can heal, "),
                Some(false) => format!("{gap}cannot heal, "),
                None => gap,
            };
            let gap = match c.threats {
                Some(n) => format!("{gap}{n} could attack it, "),
                None => gap,
            };
            // A cell scored for a heal is not ranked by travel: leave it out.
            let travel = match c.heals {
                Some(_) => String::new(),
                None => format!("travel {travel}, "),
            };
            s += &format!("  {}. {}: {gap}{travel}walk {}\n", c.rank + 1, c.at, c.walk);
        }
        s += &picture(b, x);
    }
    s += &format!(
        "decision: {} -> {} path {}  | {}\n",
        d.from,
        d.to,
        d.path,
        d.reason.text(b)
    );
    s
}

/// The reachable cells with their score (ring gap for keep_range, else travel cost, as
/// digits then letters), `@` the chosen cell, units as the marks of
/// [`crate::picture::unit_marks`], `:` outside a leash; a legend follows.
fn picture(b: &Battle, x: &Explanation) -> String {
    let map = b.map();
    let score: std::collections::HashMap<Pos, u32> = x
        .cells
        .iter()
        .map(|c| (c.at, c.ring_gap.or(c.threats).unwrap_or(c.travel.unwrap_or(u32::MAX))))
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for c in &x.cells {
        (x0, y0, x1, y1) = (x0.min(c.at.x), y0.min(c.at.y), x1.max(c.at.x), y1.max(c.at.y));
    }
    let (x0, y0) = ((x0 - 1).max(0), (y0 - 1).max(0));
    let (x1, y1) = ((x1 + 2).min(map.width() as i32), (y1 + 2).min(map.height() as i32));
    let me = b.unit(x.decision.unit).team();
    let (ally, enemy) = crate::picture::unit_marks(b.terrain());
    let outside = |p: Pos| x.leash.is_some_and(|l| p.manhattan(l.pivot) >= l.radius);
    let mut s = String::new();
    for y in y0..y1 {
        for xx in x0..x1 {
            let p = Pos::new(xx, y);
            let c = if p == x.decision.to {
                '@'
            } else if let Some(v) = score.get(&p) {
                cost_char(*v)
            } else if let Some(t) = b.occupancy().at(p) {
                if t == me { ally } else { enemy }
            } else if outside(p) {
                ':'
            } else {
                b.terrain().get(map.at(p)).glyph
            };
            s.push(c);
        }
        s.push('\n');
    }
    let what = match x.goal {
        Goal::Ring(_) => "distance from the ring",
        Goal::Advance(_) => "travel cost to the goal",
        _ if x.cells.iter().any(|c| c.threats.is_some()) => "number of foes that could attack it",
        _ => "travel cost to the target",
    };
    let ground = crate::picture::terrain_legend(map, b.terrain(), (x0, y0, x1, y1), |p| {
        p != x.decision.to && !score.contains_key(&p) && b.occupancy().at(p).is_none() && !outside(p)
    });
    let leash = if x.leash.is_some() {
        ", : = outside the leash"
    } else {
        ""
    };
    format!(
        "picture (columns {x0}..={}, rows {y0}..={}): each reachable cell shows its {what}\n{s}\
         legend: 0-9, then a = 10 ... z = 35, * = 36 or more; @ = chosen, {ally} = ally, {enemy} = enemy{leash}; terrain: {ground}\n",
        x1 - 1,
        y1 - 1
    )
}
