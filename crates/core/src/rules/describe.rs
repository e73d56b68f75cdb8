//! Events, endings and refusals in words and JSON, with the units' names: inside the engine
//! units are ids; names appear only here, where text for people and tools is made.

use crate::rules::battle::Battle;
use crate::rules::command::{Command, RuleError};
use crate::rules::event::{Ending, Event, Roll};
use crate::rules::unit::UnitId;
use crate::search::grid::Team;
#[cfg(feature = "serde")]
use serde_json::json;

/// A unit's name, or `unit #N` for an id the battle does not have (an event of another
/// battle): words are never a panic.
fn who(b: &Battle, id: UnitId) -> String {
    b.try_unit(id).map_or(format!("unit #{}", id.0), |u| u.name.to_string())
}

impl Ending {
    /// The reason in words, e.g. "Kiny fell".
    pub fn describe(&self, b: &Battle) -> String {
        match self {
            Ending::EnemiesDefeated => "every enemy was defeated".into(),
            Ending::HeroFell(h) => format!("{} fell", who(b, *h)),
            Ending::PlayersFell => "every player unit fell".into(),
            Ending::BossFell(u) => format!("{} fell", who(b, *u)),
            Ending::Seized { at, .. } => format!("seized {at}"),
            Ending::Survived(n) => format!("survived {n} turns"),
            Ending::TurnLimit(n) => format!("turn limit {n}"),
            Ending::HoldTaken { at, .. } => format!("an enemy took {at}"),
        }
    }
}

impl Event {
    /// True for what a scripted event does: its line, an arrival (or a blocked one), a wake.
    pub fn is_scripted(&self) -> bool {
        matches!(
            self,
            Event::Said { .. } | Event::Arrived { .. } | Event::ArrivalBlocked { .. } | Event::Woken { .. }
        )
    }

    #[cfg(feature = "serde")]
    /// The event as JSON with unit names, for any serde format (`serde_json::to_string`).
    pub fn to_json(&self, b: &Battle) -> impl serde::Serialize + use<> {
        let n = |id: &UnitId| who(b, *id);
        match self {
            Event::PhaseBegan { team, turn } => json!({"event": "phase_began", "team": team, "turn": turn}),
            Event::GuardWoke { unit, by } => json!({"event": "guard_woke", "unit": n(unit), "by": n(by)}),
            Event::Moved {
                unit,
                from,
                to,
                path,
                cost,
            } => json!({"event": "moved", "unit": n(unit), "from": from, "to": to,
                        "path": path.digits(), "cost": cost}),
            Event::Struck {
                attacker,
                defender,
                damage,
                hp_left,
                counter,
                ..
            } => json!({"event": "struck", "attacker": n(attacker), "defender": n(defender),
                        "damage": damage, "hp_left": hp_left, "defeated": *hp_left == 0, "counter": counter}),
            Event::Rolled {
                attacker,
                defender,
                counter,
                hit,
                crit,
                result,
                ..
            } => json!({"event": "rolled", "attacker": n(attacker), "defender": n(defender), "counter": counter,
                        "hit": hit, "crit": crit, "result": result}),
            Event::Healed {
                healer,
                target,
                amount,
                hp_before,
                hp_left,
            } => json!({"event": "healed", "healer": n(healer), "target": n(target),
                        "amount": amount, "hp_before": hp_before, "hp_left": hp_left}),
            Event::Defeated { unit } => json!({"event": "defeated", "unit": n(unit)}),
            Event::Acted { unit } => json!({"event": "acted", "unit": n(unit)}),
            Event::Ambushed { unit, by, at } => {
                json!({"event": "ambushed", "unit": n(unit), "by": n(by), "at": at})
            }
            Event::Canto { unit, ready } => json!({"event": "canto", "unit": n(unit), "ready": ready}),
            Event::BattleEnded { winner, why } => {
                json!({"event": "battle_ended", "winner": winner, "why": why.describe(b)})
            }
            Event::ScriptFired { index } => json!({"event": "script_fired", "index": index}),
            Event::Said { text } => json!({"event": "said", "text": text}),
            Event::Arrived { unit, at } => json!({"event": "arrived", "unit": n(unit), "at": at}),
            Event::ArrivalBlocked { unit, at } => json!({"event": "arrival_blocked", "unit": n(unit), "at": at}),
            Event::Woken { unit } => json!({"event": "woken", "unit": n(unit)}),
            Event::Gained { unit, amount, exp } => {
                json!({"event": "gained", "unit": n(unit), "amount": amount, "exp": exp})
            }
            Event::LevelUp { unit, level, gains } => {
                let mut g = json!({"hp": gains.hp, "attack": gains.attack, "defense": gains.defense});
                // Only a movement growth says so: kinds without one print as they always did.
                if gains.movement != 0 {
                    g["move"] = json!(gains.movement);
                }
                json!({"event": "level_up", "unit": n(unit), "level": level, "gains": g})
            }
            Event::Reverted(e) => json!({"event": "reverted", "what": e.to_json(b)}),
            Event::Restored(s) => json!({"event": "restored", "turn": s.turn, "active": s.active}),
        }
    }

    /// One line for a log or a terminal, e.g. "Brute hits Kiny for 5: 15 hp left".
    pub fn describe(&self, b: &Battle) -> String {
        let n = |id: &UnitId| who(b, *id);
        match self {
            Event::PhaseBegan {
                team: Team::Player,
                turn,
            } => format!("Turn {turn} — Player phase"),
            Event::PhaseBegan {
                team: Team::Enemy,
                turn,
            } => format!("Turn {turn} — Enemy phase"),
            Event::GuardWoke { unit, by } => format!("{} wakes up: {} came too close", n(unit), n(by)),
            Event::Moved { unit, to, path, .. } if path.is_empty() => format!("{} stays at {to}", n(unit)),
            Event::Moved {
                unit,
                from,
                to,
                path,
                cost,
            } => {
                format!("{} moves {from} → {to} (path {path}, cost {cost})", n(unit))
            }
            Event::Struck {
                attacker,
                defender,
                damage,
                hp_left,
                counter,
                ..
            } => {
                let verb = if *counter { "strikes back at" } else { "hits" };
                let end = if *hp_left == 0 {
                    "defeated!".to_string()
                } else {
                    format!("{hp_left} hp left")
                };
                format!("{} {verb} {} for {damage}: {end}", n(attacker), n(defender))
            }
            Event::Rolled {
                attacker,
                defender,
                counter,
                hit,
                crit,
                result,
                ..
            } => {
                let verb = if *counter { "strikes back at" } else { "strikes at" };
                let what = match result {
                    Roll::Missed => "misses",
                    Roll::Hit => "hits",
                    Roll::Critical => "critical!",
                };
                format!(
                    "{} {verb} {} (hit {hit}%, crit {crit}%): {what}",
                    n(attacker),
                    n(defender)
                )
            }
            Event::Healed {
                healer,
                target,
                amount,
                hp_before,
                hp_left,
            } => format!(
                "{} heals {} for {amount}: {hp_before} → {hp_left} hp",
                n(healer),
                n(target)
            ),
            Event::Defeated { unit } => format!("{} falls", n(unit)),
            Event::Acted { unit } => format!("{} is done", n(unit)),
            Event::Ambushed { unit, by, at } => {
                format!("{} runs into {}, unseen in the fog, and stops at {at}", n(unit), n(by))
            }
            Event::Canto { unit, ready: true } => format!("{} may move again (canto)", n(unit)),
            Event::Canto { unit, ready: false } => format!("{} ends its canto", n(unit)),
            Event::BattleEnded {
                winner: Team::Player,
                why,
            } => format!("Victory on turn {}: {}", b.turn(), why.describe(b)),
            Event::BattleEnded {
                winner: Team::Enemy,
                why,
            } => format!("Defeat — {}", why.describe(b)),
            Event::ScriptFired { index } => format!("event {} fires", index + 1),
            Event::Said { text } => format!("“{text}”"),
            Event::Arrived { unit, at } => format!("{} arrives at {at}", n(unit)),
            Event::ArrivalBlocked { unit, at } => {
                format!("{} cannot arrive: {at} is taken (tries again next turn)", n(unit))
            }
            Event::Woken { unit } => format!("{} is roused", n(unit)),
            Event::Gained { unit, amount, exp } => {
                // Past 100 the level-up that follows takes 100 off: the total is said as it
                // is ("110/100"), not cut at 100, so the 10 carried over are not lost to the eye.
                format!("{} gains {amount} experience ({exp}/100)", n(unit))
            }
            Event::LevelUp { unit, level, gains } => {
                format!("{} reaches level {level}{}", n(unit), growth_words(gains))
            }
            Event::Reverted(e) => format!("undone: {}", e.describe(b)),
            Event::Restored(s) => format!("restored turn {}", s.turn),
        }
    }
}

/// ": hp +2, attack +1" — the stats (and movement) a level-up raised, or "" when none grew.
pub fn growth_words(g: &crate::model::units::Growth) -> String {
    let parts: Vec<String> = [
        ("hp", g.hp),
        ("attack", g.attack),
        ("defense", g.defense),
        ("move", g.movement),
    ]
    .iter()
    .filter(|(_, v)| *v != 0)
    .map(|(k, v)| format!("{k} {v:+}"))
    .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(": {}", parts.join(", "))
    }
}

impl RuleError {
    /// The refusal in words with the units' names (the `Display` form names ids only).
    pub fn describe(&self, b: &Battle) -> String {
        let n = |u: &UnitId| {
            b.units()
                .get(u.0)
                .map_or(format!("unit #{}", u.0), |x| x.name.to_string())
        };
        match self {
            RuleError::NoUnit(u) => format!("no unit #{}", u.0),
            RuleError::Defeated(u) => format!("{} has been defeated", n(u)),
            RuleError::InReserve(u) => format!("{} has not arrived yet", n(u)),
            RuleError::NotItsPhase(u) => format!("{} cannot act in the other side's phase", n(u)),
            RuleError::AlreadyMoved(u) => format!("{} has already moved this phase", n(u)),
            RuleError::AlreadyActed(u) => format!("{} has already acted this phase", n(u)),
            RuleError::Unreachable { unit, to } => format!("{} cannot move to {to} along that path", n(unit)),
            RuleError::ZoneOfControl { unit, at, by } => format!(
                "{} cannot go on through {at}: {} holds it in its zone of control",
                n(unit),
                n(by)
            ),
            RuleError::OutOfRange { unit, target } => {
                format!("{} cannot attack {} from where it stands", n(unit), n(target))
            }
            RuleError::CannotWake(u) => format!("{} cannot wake now", n(u)),
            RuleError::NoTarget { unit, target } => {
                format!("{} cannot attack {}: no such living unit", n(unit), n(target))
            }
            RuleError::NotAHealer(u) => format!("{} cannot heal: its kind has no `heal`", n(u)),
            RuleError::NotAnAlly { unit, target } => {
                format!("{} cannot heal {}: not a living ally", n(unit), n(target))
            }
            RuleError::HealOutOfRange { unit, target } => {
                format!("{} cannot heal {} from where it stands", n(unit), n(target))
            }
            RuleError::FullHp { unit, target } => {
                format!("{} cannot heal {}: {} is at full hp", n(unit), n(target), n(target))
            }
            other => other.to_string(),
        }
    }
}

impl Command {
    /// The command in a designer's words, e.g. `Kiny moves "3333"`, `Kiny attacks Brute`.
    pub fn describe(&self, b: &Battle) -> String {
        let n = |u: &UnitId| {
            b.units()
                .get(u.0)
                .map_or(format!("unit #{}", u.0), |x| x.name.to_string())
        };
        match self {
            Command::Move { unit, path } => format!("{} moves \"{}\"", n(unit), path.digits()),
            Command::Attack { unit, target } => format!("{} attacks {}", n(unit), n(target)),
            Command::Heal { unit, target } => format!("{} heals {}", n(unit), n(target)),
            Command::Wait { unit } => format!("{} waits", n(unit)),
            Command::Wake { unit, by } => format!("{} wakes to {}", n(unit), n(by)),
            Command::EndPhase { .. } => "end of phase".into(),
            Command::Undo => "undo".into(),
            Command::Restore(_) => "restore".into(),
        }
    }
}

impl RuleError {
    /// Why the rules refused `cmd` on `b` (the battle as it stood, unchanged by the refusal),
    /// in a designer's words: for a move, the step that fails and why, or what the path costs
    /// against the unit's move; for an attack, the distance against the attacker's reach.
    pub fn explain(&self, b: &Battle, cmd: &Command) -> String {
        match (self, cmd) {
            (RuleError::Unreachable { unit, .. }, Command::Move { path, .. }) if unit.0 < b.units().len() => {
                why_unreachable(b, *unit, path).unwrap_or_else(|| self.describe(b))
            }
            (RuleError::OutOfRange { unit, target }, _) if unit.0 < b.units().len() && target.0 < b.units().len() => {
                let (a, d) = (b.unit(*unit), b.unit(*target));
                if !d.alive {
                    format!("{} has already fallen", d.name)
                } else if a.team == d.team {
                    format!("{} and {} are on the same side", a.name, d.name)
                } else {
                    let reach = if a.stats.range_min == a.stats.range_max {
                        format!("{}", a.stats.range_max)
                    } else {
                        format!("{} to {}", a.stats.range_min, a.stats.range_max)
                    };
                    format!(
                        "{} at {} is at distance {} from {} at {}; {} strikes at distance {reach}",
                        d.name,
                        d.pos,
                        a.pos.manhattan(d.pos),
                        a.name,
                        a.pos,
                        a.name
                    )
                }
            }
            _ => self.describe(b),
        }
    }
}

/// The first reason `path` cannot be walked by `id` now (see `Battle::check_move`).
fn why_unreachable(b: &Battle, id: UnitId, path: &crate::search::grid::Path) -> Option<String> {
    let u = b.unit(id);
    let digits = path.digits();
    let whose = format!("{}'s path \"{digits}\"", u.name);
    let layer = b.layer(u.class);
    let class = b
        .terrain()
        .classes
        .get(usize::from(u.class.0))
        .cloned()
        .unwrap_or_default();
    let mut at = u.pos;
    let mut paid: u32 = 0;
    for (k, &d) in path.0.iter().enumerate() {
        at = at.step(d);
        let step = k + 1;
        if !b.map().contains(at) {
            return Some(format!("{whose} leaves the map at step {step}, {at}"));
        }
        let Some(c) = layer.cost(at) else {
            let t = &b.terrain().get(b.map().at(at)).name;
            return Some(format!(
                "{whose} enters {at} at step {step}: {t}, where {class} units cannot go"
            ));
        };
        if b.occupancy().at(at) == Some(u.team.other()) {
            let who = b.unit_at(at).map_or("the other side".to_string(), |w| who(b, w));
            return Some(format!("{whose} runs into {who} at {at} at step {step}"));
        }
        paid = paid.saturating_add(c);
    }
    if paid > u.movement {
        return Some(format!("{whose} costs {paid}, {} moves {}", u.name, u.movement));
    }
    if at != u.pos
        && let Some(w) = b.unit_at(at)
    {
        return Some(format!("{whose} ends on {at}, where {} stands", who(b, w)));
    }
    None
}
