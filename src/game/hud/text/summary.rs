//! The enemy phase in a few lines, for the box that greets the player's phase: who fell on
//! either side and to whom, who was hurt and by whom (with the hit points left as the phase
//! left them: heals and level-ups included), under chance in combat who was missed and by
//! whom, who was healed, who levelled up, who woke, who arrived.

use crate::rules::Event;
use crate::rules::battle::{Battle, UnitId};
use crate::search::grid::Team;

/// Each striker's damage to one unit, in the order they first struck.
type Shares = Vec<(UnitId, i32)>;

/// The summary of an enemy phase from its events (in order), its first line a heading
/// naming `turn`. Names come from `b` (units keep their names after they fall), and so do
/// the hit points left: `b` is the battle as the phase left it.
pub fn enemy_phase_summary(b: &Battle, turn: u32, events: &[Event]) -> Vec<String> {
    let name = |u: UnitId| b.name(u).to_string();
    // Under fog, an enemy the player does not see as the phase ends is not named: it struck
    // (or moved) in the dark.
    let unseen = |u: UnitId| b.fog() && b.unit(u).alive() && !b.sight(Team::Player).sees(b.unit(u).pos());
    // (A striker the struck unit saw at the blow is named, though that unit fell since; so is
    // one that struck from a cell the player sees and then walked into the fog.)
    let named: Vec<(UnitId, UnitId)> = events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e {
            Event::Struck { attacker, defender, .. }
            | Event::Rolled {
                attacker,
                defender,
                result: crate::rules::Roll::Missed,
                ..
            } => {
                let from = crate::game::fog::blow_cell(b, &events[i + 1..], *attacker);
                (!crate::game::fog::struck_unseen(b, *attacker, from, *defender)).then_some((*attacker, *defender))
            }
            _ => None,
        })
        .collect();
    let struck_unseen = |a: UnitId, d: UnitId| !named.contains(&(a, d));
    let striker = |a: UnitId, d: UnitId| {
        if struck_unseen(a, d) {
            "the fog".to_string()
        } else {
            name(a)
        }
    };
    let mut fell: Vec<(UnitId, Option<UnitId>)> = Vec::new();
    // Per unit hurt: damage taken, and by whom how much (in order, each named once).
    let mut hurt: Vec<(UnitId, i32, Shares)> = Vec::new();
    // Per unit missed (chance in combat): who missed it, each named once. (Playing the woods:
    // an archer's miss left no word, and the box read "One enemy moved; nobody was hurt.")
    let mut missed: Vec<(UnitId, Vec<String>)> = Vec::new();
    let mut woke = Vec::new();
    let mut healed = Vec::new();
    let mut grew = Vec::new();
    let mut arrived = Vec::new();
    let mut said = Vec::new();
    let mut moved = 0;
    // The player's phase began (its turn), and something then happened at its start (an
    // arrival, a line said): the heading names that turn's start too.
    let mut began = None;
    let mut at_start = false;
    for e in events {
        if began.is_some() && !matches!(e, Event::PhaseBegan { .. }) {
            at_start = true;
        }
        match e {
            Event::PhaseBegan {
                team: Team::Player,
                turn,
            } => began = Some(*turn),
            Event::Struck {
                attacker,
                defender,
                damage,
                hp_left,
                ..
            } => {
                if *hp_left == 0 {
                    fell.push((*defender, Some(*attacker)));
                    hurt.retain(|h| h.0 != *defender);
                } else {
                    match hurt.iter_mut().find(|h| h.0 == *defender) {
                        Some(h) => {
                            h.1 += damage;
                            match h.2.iter_mut().find(|(a, _)| a == attacker) {
                                Some((_, d)) => *d += damage,
                                None => h.2.push((*attacker, *damage)),
                            }
                        }
                        None => hurt.push((*defender, *damage, vec![(*attacker, *damage)])),
                    }
                }
            }
            Event::Rolled {
                attacker,
                defender,
                result: crate::rules::Roll::Missed,
                ..
            } => {
                // Under fog, an unseen striker's miss is a blow from the fog.
                let by = match striker(*attacker, *defender) {
                    n if struck_unseen(*attacker, *defender) => format!("a blow from {n}"),
                    n => n,
                };
                match missed.iter_mut().find(|m| m.0 == *defender) {
                    Some(m) if m.1.contains(&by) => {}
                    Some(m) => m.1.push(by),
                    None => missed.push((*defender, vec![by])),
                }
            }
            Event::Defeated { unit } if !fell.iter().any(|f| f.0 == *unit) => fell.push((*unit, None)),
            Event::GuardWoke { unit, by } => woke.push(format!("{} woke ({} came near)", name(*unit), name(*by))),
            Event::Woken { unit } => woke.push(format!("{} woke", name(*unit))),
            Event::Healed {
                healer, target, amount, ..
            } => healed.push(format!("{} healed {} for {amount}", name(*healer), name(*target))),
            Event::LevelUp { .. } => grew.push(e.describe(b)),
            Event::Arrived { unit, at } => {
                let side = if b.unit(*unit).team() == Team::Player {
                    "ally"
                } else {
                    "enemy"
                };
                arrived.push(format!("{} arrived at {at} ({side})", name(*unit)));
            }
            Event::ArrivalBlocked { unit, at } => {
                arrived.push(format!("{} could not arrive: {at} is taken", name(*unit)))
            }
            Event::Said { text } => said.push(format!("\"{text}\"")),
            Event::Moved { unit, .. } if !unseen(*unit) => moved += 1,
            _ => {}
        }
    }
    let mut out = vec![match began.filter(|_| at_start) {
        Some(next) => format!("Enemy phase, turn {turn} · start of turn {next}"),
        None => format!("Enemy phase, turn {turn}"),
    }];
    // The player's losses first: they are what the player must not miss.
    fell.sort_by_key(|(u, _)| b.unit(*u).team() != Team::Player);
    for (u, by) in &fell {
        let who = if b.unit(*u).team() == Team::Player {
            "FELL"
        } else {
            "fell"
        };
        out.push(match by {
            Some(a) if struck_unseen(*a, *u) => format!("{} {who}, struck from the fog", name(*u)),
            Some(a) => format!("{} {who}, struck by {}", name(*u), name(*a)),
            None => format!("{} {who}", name(*u)),
        });
    }
    hurt.sort_by_key(|h| b.unit(h.0).team() != Team::Player);
    for (u, dmg, by) in &hurt {
        // Two unseen strikers are one fog; each striker's share is said when several struck
        // (found playing: "took 12 from Brute and Archer" left the player to guess who hit
        // hardest).
        let mut shares: Vec<(String, i32)> = Vec::new();
        for (n, d) in by.iter().map(|&(a, d)| (striker(a, *u), d)) {
            match shares.iter_mut().find(|(m, _)| *m == n) {
                Some((_, s)) => *s += d,
                None => shares.push((n, d)),
            }
        }
        let by: Vec<String> = match &shares[..] {
            [(only, _)] => vec![only.clone()],
            _ => shares.iter().map(|(n, d)| format!("{n} ({d})")).collect(),
        };
        if let [only] = &by[..]
            && only == "the fog"
        {
            let unit = b.unit(*u);
            out.push(format!(
                "{} was struck from the fog: took {dmg}, {}/{} hp",
                name(*u),
                unit.hp(),
                unit.stats().hp
            ));
            continue;
        }
        // The hit points as the phase left them, not as the last blow did: a heal or a
        // level-up after it changed them (found playing: "10 hp left" for a unit healed to 17).
        let unit = b.unit(*u);
        out.push(format!(
            "{} took {dmg} from {}: {}/{} hp",
            name(*u),
            by.join(" and "),
            unit.hp(),
            unit.stats().hp
        ));
    }
    // A unit that fell was not missed in the end; the player's units first.
    missed.retain(|m| !fell.iter().any(|f| f.0 == m.0));
    missed.sort_by_key(|m| b.unit(m.0).team() != Team::Player);
    for (u, by) in &missed {
        out.push(format!("{} was missed by {}", name(*u), by.join(" and ")));
    }
    out.extend(healed);
    out.extend(grew);
    out.extend(woke);
    out.extend(arrived);
    out.extend(said);
    if out.len() == 1 {
        out.push(match moved {
            0 => "No enemy moved; nobody was hurt.".to_string(),
            1 => "One enemy moved; nobody was hurt.".to_string(),
            n => format!("{n} enemies moved; nobody was hurt."),
        });
    }
    out
}

/// Nothing the player must read happened (no blow, fall, heal, level-up, waking, arrival or
/// line said; at most some enemies moved, which the board shows): the summary goes to the
/// log only, and no box waits for a key.
pub fn is_quiet(lines: &[String]) -> bool {
    lines.len() == 2 && lines[1].ends_with("nobody was hurt.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{Scene, enemy, player, profiles};
    use crate::play::phase::{Intent, Phase, Session, Signal};
    use crate::search::grid::Pos;

    /// Plays the enemy phase of `s` to its end, keeping its events.
    fn enemy_phase(s: &mut Session) -> Vec<Event> {
        s.drain();
        s.input(Intent::EndTurn);
        s.input(Intent::Yes);
        while matches!(s.phase(), Phase::Enemy { .. }) {
            s.input(Intent::Advance);
        }
        s.drain()
            .into_iter()
            .filter_map(|sig| match sig {
                Signal::Rules(e) => Some(e),
                _ => None,
            })
            .collect()
    }

    /// Playing the woods (chance in combat): an archer shot at Kiny and missed, and the box
    /// said only "One enemy moved; nobody was hurt." A missed blow is told, by whom, once per
    /// unit; the phase is then not a quiet one.
    #[test]
    fn under_chance_a_missed_blow_is_told() {
        let scene = Scene::parse("K . . Y E . . F");
        let units = [
            player('K'),
            enemy('Y', "charger", 3),
            enemy('E', "charger", 3),
            enemy('F', "charger", 3),
        ];
        let b = scene.battle(&units);
        let id = |c: &str| b.find(c).unwrap();
        let (k, y, e, f) = (id("K"), id("Y"), id("E"), id("F"));
        let roll = |attacker, defender, counter, result| Event::Rolled {
            attacker,
            defender,
            counter,
            hit: 65,
            crit: 0,
            result,
            draws: 1,
        };
        let lines = enemy_phase_summary(&b, 4, &[roll(y, k, false, crate::rules::Roll::Missed)]);
        assert_eq!(lines, ["Enemy phase, turn 4", "K was missed by Y"]);
        assert!(!is_quiet(&lines));
        // Two strikers, one twice; a counter that missed; a blow that landed is told as before.
        let events = [
            roll(y, k, false, crate::rules::Roll::Missed),
            roll(e, k, false, crate::rules::Roll::Missed),
            roll(k, e, true, crate::rules::Roll::Missed),
            roll(y, k, false, crate::rules::Roll::Missed),
            roll(f, k, false, crate::rules::Roll::Hit),
            Event::Struck {
                attacker: f,
                defender: k,
                damage: 3,
                hp_before: 20,
                hp_left: 17,
                counter: false,
            },
        ];
        let lines = enemy_phase_summary(&b, 4, &events);
        assert_eq!(
            lines,
            [
                "Enemy phase, turn 4",
                "K took 3 from F: 20/20 hp",
                "K was missed by Y and E",
                "E was missed by K"
            ]
        );
    }

    /// Under fog a striker the player does not see as the phase ends is not named ("struck
    /// from the fog"), nor counted among the enemies that moved; one it sees is named as
    /// without fog.
    #[test]
    fn a_striker_unseen_in_the_fog_is_not_named() {
        let scene = Scene::parse(
            "K . . . . . . . . .
             L N . . . . . . . F",
        );
        let units = [
            player('K'),
            player('L'),
            enemy('N', "charger", 3),
            enemy('F', "charger", 3),
        ];
        let clear = scene.battle(&units);
        let fog = clear.clone().with_fog(true);
        let id = |c: &str| clear.find(c).unwrap();
        let (k, l, n, f) = (id("K"), id("L"), id("N"), id("F"));
        let strike = |attacker, defender, damage, hp_left| Event::Struck {
            attacker,
            defender,
            damage,
            hp_before: hp_left + damage,
            hp_left,
            counter: false,
        };
        let moved = |unit, from| Event::Moved {
            unit,
            from,
            to: from,
            path: crate::search::grid::Path::default(),
            cost: 0,
        };
        let events = [
            moved(f, Pos::new(9, 1)),
            strike(f, l, 4, 16),
            strike(f, k, 20, 0),
            strike(n, l, 3, 13),
        ];
        let lines = enemy_phase_summary(&fog, 1, &events);
        assert_eq!(lines[1], "K FELL, struck from the fog", "{lines:?}");
        // A miss from the fog names nobody either.
        let miss = Event::Rolled {
            attacker: f,
            defender: l,
            counter: false,
            hit: 50,
            crit: 0,
            result: crate::rules::Roll::Missed,
            draws: 1,
        };
        assert_eq!(
            enemy_phase_summary(&fog, 1, std::slice::from_ref(&miss))[1],
            "L was missed by a blow from the fog"
        );
        assert_eq!(enemy_phase_summary(&clear, 1, &[miss])[1], "L was missed by F");
        assert_eq!(lines[2], "L took 7 from the fog (4) and N (3): 20/20 hp", "{lines:?}");
        let lines = enemy_phase_summary(&fog, 1, &events[..2]);
        assert!(lines[1].starts_with("L was struck from the fog: took 4"), "{lines:?}");
        let lines = enemy_phase_summary(&clear, 1, &events);
        assert_eq!(lines[1], "K FELL, struck by F", "{lines:?}");
        assert_eq!(lines[2], "L took 7 from F (4) and N (3): 20/20 hp", "{lines:?}");
        // A striker's blows add up to its share.
        let twice = [strike(f, l, 4, 16), strike(n, l, 3, 13), strike(n, l, 2, 11)];
        let lines = enemy_phase_summary(&clear, 1, &twice);
        assert_eq!(lines[1], "L took 9 from F (4) and N (5): 20/20 hp", "{lines:?}");
        // A striker next to the unit it felled was seen at the blow, though nobody sees it
        // when the phase ends: it is named.
        let scene = Scene::parse(
            "K . . . . . . .
             . . . . . . . .
             . . . . . R B .",
        );
        let mut robin = player('R');
        robin.hp = Some(1);
        let b = scene
            .battle(&[player('K'), robin, enemy('B', "charger", 3)])
            .with_fog(true);
        let mut s = Session::new(b, profiles(""));
        let felled = enemy_phase(&mut s);
        assert!(!s.battle().sight(Team::Player).sees(Pos::new(6, 2)));
        let lines = enemy_phase_summary(s.battle(), 1, &felled);
        assert_eq!(lines[1], "R FELL, struck by B", "{lines:?}");
        // An enemy with canto struck K from (1, 0), next to K, then walked off into the dark
        // (issue 38: it was "struck from the fog"): it struck from a seen cell, it is named.
        let hit_and_run = [
            strike(f, k, 5, 15),
            Event::Moved {
                unit: f,
                from: Pos::new(1, 0),
                to: Pos::new(9, 1),
                path: crate::search::grid::Path::default(),
                cost: 8,
            },
        ];
        let lines = enemy_phase_summary(&fog, 1, &hit_and_run);
        assert!(lines[1].starts_with("K took 5 from F"), "{lines:?}");
        // Quiet: the unseen mover is not told.
        assert_eq!(
            enemy_phase_summary(&fog, 1, &events[..1])[1],
            "No enemy moved; nobody was hurt."
        );
        assert_eq!(
            enemy_phase_summary(&clear, 1, &events[..1])[1],
            "One enemy moved; nobody was hurt."
        );
    }

    #[test]
    fn a_death_in_the_enemy_phase_heads_the_summary_with_its_killer() {
        // Robin (1 hp) stands beside a charger; Kiny far off beside a sleeping guard's reach.
        let scene = Scene::parse(
            "K . . . . . . .
             . . . . . . . .
             . . . . . R B .",
        );
        let mut robin = player('R');
        robin.hp = Some(1);
        let mut s = Session::new(
            scene.battle(&[player('K'), robin, enemy('B', "charger", 3)]),
            profiles(""),
        );
        let events = enemy_phase(&mut s);
        let lines = enemy_phase_summary(s.battle(), 1, &events);
        assert_eq!(lines[0], "Enemy phase, turn 1");
        assert_eq!(lines[1], "R FELL, struck by B", "{lines:?}");
    }

    #[test]
    fn hurt_units_name_every_attacker_once_and_a_quiet_phase_says_so() {
        let scene = Scene::parse(
            "K . . . . . . .
             . . . . . . . .
             . . . . . . . .",
        );
        let mut s = Session::new(scene.battle(&[player('K')]), profiles(""));
        let events = enemy_phase(&mut s);
        let quiet = enemy_phase_summary(s.battle(), 3, &events);
        assert_eq!(quiet, ["Enemy phase, turn 3", "No enemy moved; nobody was hurt."]);
        assert!(is_quiet(&quiet));
        // Two blows on Kiny by two enemies, a counter on one, in the events' words.
        let scene = Scene::parse("A K B");
        // The battle as the phase left it: K at 11, A at 7.
        let b = scene.battle(&[
            enemy('A', "charger", 3).hp(7),
            player('K').hp(11),
            enemy('B', "charger", 3),
        ]);
        let (a, k, e) = (UnitId(0), UnitId(1), UnitId(2));
        let strike = |attacker, defender, damage, hp_left, counter| Event::Struck {
            attacker,
            defender,
            damage,
            hp_before: hp_left + damage,
            hp_left,
            counter,
        };
        let events = [
            strike(a, k, 4, 16, false),
            strike(k, a, 3, 7, true),
            strike(e, k, 5, 11, false),
            Event::GuardWoke { unit: e, by: k },
        ];
        let lines = enemy_phase_summary(&b, 2, &events);
        assert!(!is_quiet(&lines));
        assert_eq!(
            lines,
            [
                "Enemy phase, turn 2",
                "K took 9 from A (4) and B (5): 11/20 hp",
                "A took 3 from K: 7/20 hp",
                "B woke (K came near)"
            ]
        );
    }

    /// The hit points shown are those the phase left, after heals and level-ups, which the
    /// summary tells too (found playing: "10 hp left" for a unit a healer had raised to 17).
    #[test]
    fn heals_and_level_ups_show_in_the_summary_and_its_hit_points() {
        let scene = Scene::parse("A K B");
        let b = scene.battle(&[enemy('A', "charger", 3).hp(14), player('K'), enemy('B', "charger", 3)]);
        let (a, k, e) = (UnitId(0), UnitId(1), UnitId(2));
        let growth = crate::model::units::Growth {
            hp: 2,
            attack: 1,
            defense: 0,
            ..Default::default()
        };
        let events = [
            Event::Struck {
                attacker: k,
                defender: a,
                damage: 3,
                hp_before: 10,
                hp_left: 7,
                counter: true,
            },
            Event::LevelUp {
                unit: k,
                level: 2,
                gains: growth,
            },
            Event::Healed {
                healer: e,
                target: a,
                amount: 7,
                hp_before: 7,
                hp_left: 14,
            },
        ];
        let lines = enemy_phase_summary(&b, 4, &events);
        assert_eq!(
            lines,
            [
                "Enemy phase, turn 4",
                "A took 3 from K: 14/20 hp",
                "B healed A for 7",
                "K reaches level 2: hp +2, attack +1",
            ]
        );
    }

    /// An arrival at the start of the player's turn is told under a heading that says so
    /// (found playing: a turn-3 arrival under "Enemy phase, turn 2").
    #[test]
    fn what_the_next_turn_brings_at_its_start_is_named_so() {
        let scene = Scene::parse("A K B");
        let b = scene.battle(&[enemy('A', "charger", 3), player('K'), enemy('B', "charger", 3)]);
        let began = Event::PhaseBegan {
            team: Team::Player,
            turn: 3,
        };
        let arrived = Event::Arrived {
            unit: UnitId(2),
            at: crate::search::grid::Pos::new(2, 0),
        };
        let lines = enemy_phase_summary(&b, 2, &[began.clone(), arrived.clone()]);
        assert_eq!(
            lines,
            ["Enemy phase, turn 2 · start of turn 3", "B arrived at (2, 0) (enemy)"]
        );
        let lines = enemy_phase_summary(&b, 2, &[arrived, began]);
        assert_eq!(lines[0], "Enemy phase, turn 2", "an arrival in the phase itself");
    }
}
