//! Enemy decisions: pick a target, then a destination and path, as the unit's profile says,
//! with a one-line reason a level designer can read.

use crate::load::profiles::{Behavior, Profiles};
use crate::load::terrain::Cost;
use crate::rules::battle::{Battle, UnitId};
use crate::rules::combat::{self, Strike};
use crate::search::grid::Team;
use crate::search::grid::{Path, Pos};
use crate::search::potential::UNREACHABLE;
use crate::search::range::Leash;
use serde::Serialize;

/// What one unit decided on its turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    /// The unit's name.
    pub unit: String,
    /// Its side.
    pub team: Team,
    /// Its profile name (`"player"` for units driven by the built-in player policy).
    pub profile: String,
    /// The unit it went for, if any.
    pub target: Option<String>,
    /// Where it stood.
    pub from: Pos,
    /// Where it ends.
    pub to: Pos,
    /// The digits of its path (`"0"` when staying).
    pub path: String,
    /// Movement points spent.
    pub cost: Cost,
    /// Whether its condition to act held: always for charger and pivot; within sight for
    /// proximity and keep_range; the guard's battle-long trigger.
    pub triggered: bool,
    /// Why, in one line.
    pub reason: String,
    /// The unit it attacked after moving, if any.
    pub attack: Option<String>,
    /// The blows of that attack, counter-attack included.
    pub strikes: Vec<Strike>,
    #[serde(skip)]
    /// The path itself, for replaying the move.
    pub steps: Path,
    #[serde(skip)]
    /// The unit.
    pub id: UnitId,
}

/// The target: the living unit of the other side with the lowest travel cost from the
/// mover's cell; ties go to the nearer by Manhattan distance, then to the earlier in the
/// scenario. Returns the target and its travel cost (`None` when no path leads to it).
pub fn choose_target(b: &mut Battle, id: UnitId) -> Option<(UnitId, Option<Cost>)> {
    let me = b.unit(id).clone();
    let foes: Vec<UnitId> = b.living(me.team.other()).collect();
    // Ordered by (travel cost, Manhattan distance, scenario order).
    type Key = (Cost, u32, usize);
    let mut best: Option<(Key, UnitId, Option<Cost>)> = None;
    for t in foes {
        let tp = b.unit(t).pos;
        let travel = b.potential(tp, me.class).get(me.pos);
        let key = (travel.unwrap_or(UNREACHABLE), me.pos.manhattan(tp), t.0);
        if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
            best = Some((key, t, travel));
        }
    }
    best.map(|(_, t, travel)| (t, travel))
}

/// How the unit picks among the cells it can reach.
enum Goal {
    Stay,
    Approach,
    Ring(u32),
}

/// Decides for enemy `id` without changing the battle, except that a guard's trigger,
/// once fired, is set on the unit (it is battle state).
pub fn decide(b: &mut Battle, profiles: &Profiles, id: UnitId) -> Decision {
    let profile_name = b.unit(id).profile.clone().unwrap_or_default();
    let behavior = profiles.get(&profile_name).map(|p| p.behavior);
    decide_as(b, id, behavior, profile_name)
}

/// Decides for `id` with an explicit behaviour (`None`: unknown profile, stays); `label`
/// is reported as the profile. The built-in player policy is a charger labelled `player`.
pub fn decide_as(b: &mut Battle, id: UnitId, behavior: Option<Behavior>, label: String) -> Decision {
    let me = b.unit(id).clone();
    let profile_name = label;
    let target = choose_target(b, id);
    let tname = target.map(|(t, _)| b.unit(t).name.clone());
    let tpos = target.map(|(t, _)| b.unit(t).pos);
    let dist = tpos.map(|p| me.pos.manhattan(p));

    let mut leash = None;
    let (goal, triggered, why): (Goal, bool, String) = match (behavior, &tname, dist) {
        (None, _, _) => (Goal::Stay, false, format!("unknown profile {profile_name:?}: stays")),
        (Some(_), None, _) | (Some(_), _, None) => (Goal::Stay, false, "no living player unit: stays".into()),
        (Some(beh), Some(t), Some(d)) => match beh {
            Behavior::Charger => (Goal::Approach, true, String::new()),
            Behavior::Proximity { sight } if d > sight => (
                Goal::Stay,
                false,
                format!("target {t} at distance {d} > sight {sight}: stays"),
            ),
            Behavior::Proximity { sight } => (
                Goal::Approach,
                true,
                format!("target {t} at distance {d} <= sight {sight}; "),
            ),
            Behavior::GuardTrigger { trigger } => {
                let waker = b
                    .living(me.team.other())
                    .map(|p| (me.pos.manhattan(b.unit(p).pos), p.0))
                    .min();
                match waker {
                    _ if me.triggered => (Goal::Approach, true, "awake since an earlier turn; ".into()),
                    Some((wd, w)) if wd <= trigger => {
                        b.units[id.0].triggered = true;
                        let wn = &b.units[w].name;
                        (
                            Goal::Approach,
                            true,
                            format!("woke: {wn} at distance {wd} <= trigger {trigger}; "),
                        )
                    }
                    Some((wd, w)) => {
                        let wn = &b.units[w].name;
                        (
                            Goal::Stay,
                            false,
                            format!("asleep: nearest player unit {wn} at distance {wd} > trigger {trigger}: stays"),
                        )
                    }
                    None => (Goal::Stay, false, "asleep: no player unit: stays".into()),
                }
            }
            Behavior::PivotLeash { leash: radius } => {
                leash = Some(Leash {
                    pivot: me.pivot,
                    radius,
                });
                (
                    Goal::Approach,
                    true,
                    format!("within leash {radius} of pivot {}; ", me.pivot),
                )
            }
            Behavior::KeepRange { sight, .. } if d > sight => (
                Goal::Stay,
                false,
                format!("target {t} at distance {d} > sight {sight}: stays"),
            ),
            Behavior::KeepRange { range, .. } => (Goal::Ring(range), true, String::new()),
        },
    };

    let (to, cost, steps, how) = match (&goal, target) {
        (Goal::Stay, _) | (_, None) => (me.pos, 0, Path::default(), String::new()),
        (_, Some((t, _))) => {
            let tp = b.unit(t).pos;
            let tname = Some(b.unit(t).name.clone());
            let (reach, pot) = b.reach_and_potential(id, leash, tp);
            let travel = |p: Pos| pot.get(p).unwrap_or(UNREACHABLE);
            let pick = match goal {
                Goal::Ring(range) => {
                    let on_ring = reach
                        .cells()
                        .filter(|(p, _)| p.manhattan(tp) == range)
                        .min_by_key(|&(p, c)| (travel(p), c, p.y, p.x));
                    match on_ring {
                        Some((p, c)) => (p, c, format!("keeps range {range} from {}", b_name(&tname))),
                        None => {
                            let (p, c) = reach
                                .cells()
                                .min_by_key(|&(p, c)| (p.manhattan(tp).abs_diff(range), travel(p), c, p.y, p.x))
                                .unwrap_or((me.pos, 0));
                            (
                                p,
                                c,
                                format!(
                                    "no reachable cell at range {range} from {}: nearest to the ring at distance {}",
                                    b_name(&tname),
                                    p.manhattan(tp)
                                ),
                            )
                        }
                    }
                }
                _ => {
                    let (p, c) = reach
                        .cells()
                        .min_by_key(|&(p, c)| (travel(p), c, p.y, p.x))
                        .unwrap_or((me.pos, 0));
                    let msg = match (pot.get(me.pos), pot.get(p)) {
                        (_, None) => {
                            format!("no path to {} over this terrain: stays", b_name(&tname))
                        }
                        (Some(a), Some(z)) if p == me.pos => {
                            format!(
                                "already as close to {} as it can get (travel {a} → {z})",
                                b_name(&tname)
                            )
                        }
                        (a, Some(z)) => format!(
                            "closest reachable cell to {} by travel cost ({} → {z})",
                            b_name(&tname),
                            a.map_or("∞".to_string(), |a| a.to_string())
                        ),
                    };
                    (p, c, msg)
                }
            };
            let steps = reach.path(pick.0).unwrap_or_default();
            (pick.0, pick.1, steps, pick.2)
        }
    };
    Decision {
        unit: me.name.clone(),
        team: me.team,
        profile: profile_name,
        target: tname,
        from: me.pos,
        to,
        path: steps.digits(),
        cost,
        triggered,
        reason: format!("{why}{how}"),
        attack: None,
        strikes: Vec::new(),
        steps,
        id,
    }
}

fn b_name(n: &Option<String>) -> &str {
    n.as_deref().unwrap_or("?")
}

/// One enemy phase: every living enemy, in acting order, decides on the board as the
/// previous one left it, moves along its recorded path, then attacks a player unit in range
/// (its target when it can, else the weakest). Stops early once the battle is decided.
pub fn enemy_phase(b: &mut Battle, profiles: &Profiles) -> Vec<Decision> {
    let enemies: Vec<UnitId> = b.living(Team::Enemy).collect();
    let mut out = Vec::with_capacity(enemies.len());
    for id in enemies {
        if !b.unit(id).alive || combat::outcome(b).is_some() {
            continue;
        }
        let mut d = decide(b, profiles, id);
        act(b, &mut d);
        out.push(d);
    }
    out
}

/// Carries out a decision: the move along its path, then an attack on the decided target
/// if it is in range, else on the weakest foe in range.
pub fn act(b: &mut Battle, d: &mut Decision) {
    // The path came from this very board's search, so it is legal; were it refused the
    // unit would simply stay, which is still a legal move.
    let _ = b.move_along(d.id, &d.steps);
    let in_range = combat::targets_in_range(b, d.id);
    let preferred = d
        .target
        .as_deref()
        .and_then(|t| b.find(t))
        .filter(|t| in_range.contains(t));
    let victim = preferred.or_else(|| in_range.iter().copied().min_by_key(|&v| (b.unit(v).hp, v.0)));
    if let Some(v) = victim {
        d.attack = Some(b.unit(v).name.clone());
        d.strikes = combat::attack(b, d.id, v);
    }
}
