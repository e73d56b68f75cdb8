//! Where the battle stands, in words: the window title, the top band's title, the objective
//! line (and its last-turn warning), and the result screen's lines.

use crate::play::phase::{Phase, Session};
use crate::rules::battle::Battle;
use crate::search::grid::Pos;
use crate::search::grid::Team;

/// The window's title for scenario `name`.
pub fn window_title(name: &str) -> String {
    format!("skirmish — {name}")
}

/// The banner at the top: turn, phase and the scenario's name (the objective has a line of
/// its own under it, [`objective_text`]).
pub fn title(s: &Session, name: &str) -> String {
    let versus = s.battle().versus();
    let phase = match &s.phase() {
        // Hot-seat: both sides are people, the band says whose phase it is.
        Phase::Over { winner } if versus => format!("{}!", crate::game::versus::winner_line(*winner)),
        _ if versus => format!(
            "Turn {} — {}'s phase",
            s.battle().turn(),
            crate::game::versus::side_name(s.battle().active())
        ),
        Phase::Over { winner: Team::Player } => "Victory!".to_string(),
        Phase::Over { winner: Team::Enemy } => "Defeat".to_string(),
        Phase::Enemy { .. } => format!("Turn {} — Enemy phase", s.battle().turn()),
        _ => format!("Turn {} — Player phase", s.battle().turn()),
    };
    format!("{phase} · {name}")
}

/// The objective in a few words with the turns left, e.g. "Seize (36, 21) · turn limit 15
/// (10 left)"; `None` for the rules every scenario has (rout, protect the hero).
pub fn objective_text(b: &Battle) -> Option<String> {
    objective_text_for(b, Team::Player)
}

/// [`objective_text`] in the words of `side`'s person: the player's (Blue's) as written, or
/// in a versus battle Red's, who wins where Blue loses ("Keep Sentry alive · hold out 15
/// turns (15 left) · Take (21, 8), (21, 9): you win if one of your units ends its move there
/// · defeat Kiny to win"). Hot-seat play: Red was shown Blue's "you lose if an enemy ends
/// its move there".
pub fn objective_text_for(b: &Battle, side: Team) -> Option<String> {
    use crate::rules::Goal;
    let g = b.goals();
    let hero_only = g.protect.len() == 1 && Some(g.protect[0]) == b.hero();
    if g.win == Goal::Rout && g.turn_limit.is_none() && g.hold.is_empty() && hero_only {
        return None;
    }
    let cells = |c: &[Pos]| c.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ");
    // Turns left, this one included; nothing once the battle is over.
    let left = |n: u32| match b.ended() {
        Some(_) => String::new(),
        None => format!(" ({} left)", n.saturating_sub(b.turn()) + 1),
    };
    let names = |u: &[crate::rules::UnitId]| u.iter().map(|&u| b.name(u)).collect::<Vec<_>>().join(", ");
    if side == Team::Enemy && b.versus() {
        let mut parts = vec![match &g.win {
            Goal::Rout => "Keep one of your units standing".to_string(),
            Goal::Boss(u) => format!("Keep {} alive", b.name(*u)),
            Goal::Seize { cells: c, seizers } if seizers.is_empty() => format!("Keep Blue off {}", cells(c)),
            Goal::Seize { cells: c, seizers } => format!("Keep {} off {}", names(seizers), cells(c)),
            Goal::Survive(n) => format!("Win within {n} turns{}", left(*n)),
        }];
        if let Some(l) = g.turn_limit {
            parts.push(format!("hold out {l} turns{}", left(l)));
        }
        if !g.hold.is_empty() {
            parts.push(format!(
                "Take {}: you win if one of your units ends its move there",
                g.hold.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
            ));
        }
        let who = g.protect.iter().map(|&u| b.name(u)).collect::<Vec<_>>().join(" or ");
        parts.push(format!("defeat {who} to win"));
        return Some(parts.join(" · "));
    }
    let mut parts = vec![match &g.win {
        Goal::Rout => "Rout the enemy".to_string(),
        Goal::Boss(u) => format!("Defeat {}", b.name(*u)),
        Goal::Seize { cells: c, seizers } if seizers.is_empty() => format!("Seize {}", cells(c)),
        Goal::Seize { cells: c, seizers } => format!("{} seizes {}", names(seizers), cells(c)),
        Goal::Survive(n) => format!("Survive {n} turns{}", left(*n)),
    }];
    if let Some(l) = g.turn_limit {
        parts.push(format!("turn limit {l}{}", left(l)));
    }
    if !g.hold.is_empty() {
        // In the player's words: these are the player's to keep, and how they are lost.
        parts.push(format!(
            "Defend {}: you lose if an enemy ends its move there",
            g.hold.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
        ));
    }
    // Who must live: the hero unless the scenario names others.
    parts.push(format!("{} must live", names(&g.protect)));
    Some(parts.join(" · "))
}

/// The objective box's row under fog of war: what the player is shown of the enemy.
pub const FOG_LEGEND: &str = "Night: you see only near your units; the danger view (D) counts only the enemies you see";

/// The objective line for a row of `chars` characters: "Objective: " and
/// [`objective_text`] when it fits; else the same in short (the cells to defend without how
/// they are lost, the turns left without the limit), which the side panel explains on the
/// cell (issue 33: at 800×600 the objective took two rows).
/// In a versus battle the line is in the words of the side the board is drawn for
/// ([`viewer`](crate::game::versus::viewer)), see [`objective_text_for`].
pub fn objective_line(b: &Battle, chars: usize) -> Option<String> {
    let full = format!("Objective: {}", objective_text_for(b, crate::game::versus::viewer(b))?);
    if full.chars().count() <= chars {
        return Some(full);
    }
    let short = full
        .replace(": you lose if an enemy ends its move there", "")
        .replace(": you win if one of your units ends its move there", "")
        .replace("Objective: ", "Goal: ");
    let short = match (b.goals().turn_limit, b.ended()) {
        (Some(l), None) => {
            let left = format!("{} turns left", l.saturating_sub(b.turn()) + 1);
            short
                .replace(
                    &format!("turn limit {l} ({} left)", l.saturating_sub(b.turn()) + 1),
                    &left,
                )
                .replace(
                    &format!("hold out {l} turns ({} left)", l.saturating_sub(b.turn()) + 1),
                    &left,
                )
        }
        _ => short,
    };
    Some(short)
}

/// The objective box's row under the objective when the scenario has cells to defend (kept
/// whether or not there is a warning, so the map never moves when one comes), and whether it
/// is a warning: [`hold_warning`] of `threats` in the danger view (`danger`), else what the
/// row is for. In a versus battle no warning is worked out (a person's moves follow no
/// profile) and the row says what the cells are, in the words of the side the board is drawn
/// for: it said "No enemy can end its next move on a cell to defend" to Blue while Red's
/// person could, and spoke of "enemies" to Red.
pub fn hold_row(b: &Battle, danger: bool, threats: &[(crate::rules::UnitId, Pos)], danger_key: &str) -> (String, bool) {
    let cells = || {
        b.goals()
            .hold
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if b.versus() {
        return match crate::game::versus::viewer(b) {
            Team::Player => (
                format!("Red wins if one of its units ends its move on {}", cells()),
                false,
            ),
            Team::Enemy => (
                format!("You win if one of your units ends its move on {}", cells()),
                false,
            ),
        };
    }
    match hold_warning(b, threats) {
        Some(w) => (w, true),
        None if danger => ("No enemy can end its next move on a cell to defend".to_string(), false),
        None => (
            format!("Danger view ({danger_key}): warns here when an enemy can end its next move on a cell to defend"),
            false,
        ),
    }
}

/// The danger view's warning when enemies can end their next move on a cell to defend:
/// `threats` holds each such enemy with the cell (in the order found). `None` when none can.
pub fn hold_warning(b: &Battle, threats: &[(crate::rules::UnitId, Pos)]) -> Option<String> {
    if threats.is_empty() {
        return None;
    }
    let mut who: Vec<&str> = Vec::new();
    let mut cells: Vec<Pos> = Vec::new();
    for &(u, p) in threats {
        if !who.contains(&b.name(u)) {
            who.push(b.name(u));
        }
        if !cells.contains(&p) {
            cells.push(p);
        }
    }
    let cells: Vec<String> = cells.iter().map(|p| p.to_string()).collect();
    let (subject, verb) = match who.as_slice() {
        [one] => (one.to_string(), "can reach"),
        [first @ .., last] => (format!("{} and {last}", first.join(", ")), "can reach"),
        [] => return None,
    };
    Some(format!(
        "Warning: {subject} {verb} {} next enemy phase; if one ends its move there you lose",
        cells.join(", ")
    ))
}

/// True on the last turn a turn limit (or a survive objective) leaves: the objective line
/// turns to a warning colour.
pub fn last_turn(b: &Battle) -> bool {
    use crate::rules::Goal;
    let g = b.goals();
    let survive = match g.win {
        Goal::Survive(n) => Some(n),
        _ => None,
    };
    b.ended().is_none() && [g.turn_limit, survive].into_iter().flatten().any(|n| n == b.turn())
}

/// The result screen: a headline that says why and the numbers. What to do next is on the
/// result box's buttons (see [`ending_buttons`](crate::game::buttons::ending_buttons)), which name their keys.
pub fn ending_lines(b: &Battle) -> Option<[String; 2]> {
    let (winner, why) = b.ended()?;
    let head = match winner {
        _ if b.versus() => format!(
            "{} — {} on turn {}",
            crate::game::versus::winner_line(winner),
            why.describe(b),
            b.turn()
        ),
        Team::Player => format!("Victory — {} on turn {}", why.describe(b), b.turn()),
        Team::Enemy => format!("Defeat — {}", why.describe(b)),
    };
    let count = |team: Team| b.units().iter().filter(|u| u.team() == team).count();
    let (mine, theirs) = (count(Team::Player), count(Team::Enemy));
    let lost = mine - b.living(Team::Player).count();
    let beaten = theirs - b.living(Team::Enemy).count();
    let numbers = format!(
        "units lost {lost} of {mine} · enemies defeated {beaten} of {theirs} · turns {}",
        b.turn()
    );
    Some([head, numbers])
}

#[cfg(test)]
mod objective_line_tests {
    use super::*;

    /// Hot-seat play of the river: in Red's phase the objective said "Defend (21, 8), (21, 9):
    /// you lose if an enemy ends its move there · Kiny must live" (Blue's words, to Red), and
    /// the row under it told Blue "No enemy can end its next move on a cell to defend" while
    /// Red's person could walk there. Each side reads its own goal; nothing false is said.
    #[test]
    fn in_hot_seat_each_side_reads_its_own_goal() {
        use crate::play::phase::{Intent, Session};
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (scenario, data, _) = crate::cli::load_scenario(&root.join("maps/river.toml"), None).unwrap();
        let mut s = Session::new(Battle::new(&scenario, &data).with_versus(true), data.profiles.clone());
        s.set_auto_end_turn(false);
        let blue = objective_line(s.battle(), 500).unwrap();
        assert_eq!(
            blue,
            "Objective: Defeat Sentry · turn limit 15 (15 left) · Defend (21, 8), (21, 9): you lose if an enemy ends its move there · Kiny must live"
        );
        let (row, warning) = hold_row(s.battle(), true, &[], "D");
        assert!(!warning && !row.contains("No enemy"), "{row}");
        assert_eq!(row, "Red wins if one of its units ends its move on (21, 8), (21, 9)");
        s.input(Intent::EndTurn);
        s.input(Intent::Yes);
        assert_eq!(s.battle().active(), Team::Enemy);
        let red = objective_line(s.battle(), 500).unwrap();
        assert_eq!(
            red,
            "Objective: Keep Sentry alive · hold out 15 turns (15 left) · Take (21, 8), (21, 9): you win if one of your units ends its move there · defeat Kiny to win"
        );
        assert_eq!(
            hold_row(s.battle(), true, &[], "D").0,
            "You win if one of your units ends its move on (21, 8), (21, 9)"
        );
        // Short where the row is narrow, as Blue's.
        assert_eq!(
            objective_line(s.battle(), 60).unwrap(),
            "Goal: Keep Sentry alive · 15 turns left · Take (21, 8), (21, 9) · defeat Kiny to win"
        );
        // Against the AI the line and the row are as they were.
        let ai = Battle::new(&scenario, &data);
        assert_eq!(objective_line(&ai, 500).unwrap(), blue);
        assert_eq!(
            hold_row(&ai, true, &[], "D"),
            ("No enemy can end its next move on a cell to defend".to_string(), false)
        );
        assert_eq!(
            hold_row(&ai, false, &[], "D").0,
            "Danger view (D): warns here when an enemy can end its next move on a cell to defend"
        );
    }

    /// Issue 33: at 800×600 the river's objective took two rows. It fits one row at every
    /// size the battle is designed for, full where there is room.
    #[test]
    fn the_objective_fits_one_row_from_800_wide() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for name in ["river", "castle", "ambush", "sample"] {
            let (scenario, data, _) = crate::cli::load_scenario(&root.join(format!("maps/{name}.toml")), None).unwrap();
            let b = Battle::new(&scenario, &data);
            for (pw, ph) in [(800.0, 600.0), (1024.0, 768.0), (1280.0, 800.0), (1920.0, 1080.0)] {
                let l = crate::game::view::Layout::new(pw, ph, 1.0);
                let chars = crate::game::state::objective_chars(l.regions().objective.w);
                let Some(line) = objective_line(&b, chars) else {
                    continue;
                };
                assert!(
                    line.chars().count() <= chars,
                    "{name} {pw}x{ph}: {line} ({chars} chars)"
                );
            }
        }
        let (scenario, data, _) = crate::cli::load_scenario(&root.join("maps/river.toml"), None).unwrap();
        let b = Battle::new(&scenario, &data);
        assert_eq!(
            objective_line(&b, 60).unwrap(),
            "Goal: Defeat Sentry · 15 turns left · Defend (21, 8), (21, 9) · Kiny must live"
        );
        assert!(
            objective_line(&b, 500)
                .unwrap()
                .contains("you lose if an enemy ends its move there")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hud::text::board;
    use crate::load::profiles::Profiles;
    use crate::load::terrain::ClassId;
    use crate::rules::battle::{Unit, UnitId};
    use ggez::graphics::Rect;

    #[test]
    fn endings_say_why_with_numbers_and_keys() {
        let mut b = board();
        assert_eq!(ending_lines(&b), None, "not over yet");
        use crate::rules::Command;
        // Kiny attacks the guard until one of them falls.
        while b.ended().is_none() {
            if b.unit(UnitId(0)).acted() || b.active() == Team::Enemy {
                b.execute(Command::EndPhase { team: b.active() }).unwrap();
                continue;
            }
            b.execute(Command::Attack {
                unit: UnitId(0),
                target: UnitId(1),
            })
            .unwrap();
        }
        let [head, numbers] = ending_lines(&b).unwrap();
        match b.ended().unwrap().0 {
            Team::Player => {
                assert_eq!(head, format!("Victory — every enemy was defeated on turn {}", b.turn()));
                assert_eq!(
                    numbers,
                    format!("units lost 0 of 1 · enemies defeated 1 of 1 · turns {}", b.turn())
                );
            }
            Team::Enemy => assert_eq!(head, "Defeat — Kiny fell"),
        }
        // What next is on the result box's buttons, which name their keys.
        let labels: Vec<&str> = crate::game::buttons::ending_buttons(Rect::new(0.0, 0.0, 600.0, 130.0))
            .iter()
            .map(|p| p.button.label())
            .collect();
        assert_eq!(
            labels,
            ["Play again (R)", "Next scenario (PgDn)", "Previous (PgUp)", "Quit (Q)"]
        );
    }

    #[test]
    fn defeat_names_the_fallen_hero() {
        let terrain = board().terrain().clone();
        let map = crate::load::map::TerrainMap::filled(4, 1, crate::load::terrain::TerrainId(0));
        let hero = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 7).with_hp(1);
        let brute = Unit::new("Brute", Team::Enemy, Pos::new(1, 0), ClassId(0), 6);
        let mut b = Battle::from_parts(map, terrain, vec![hero, brute]).unwrap();
        use crate::rules::Command;
        b.execute(Command::EndPhase { team: Team::Player }).unwrap();
        b.execute(Command::Attack {
            unit: UnitId(1),
            target: UnitId(0),
        })
        .unwrap();
        let [head, numbers] = ending_lines(&b).unwrap();
        assert_eq!(head, "Defeat — Kiny fell");
        assert_eq!(numbers, "units lost 1 of 1 · enemies defeated 0 of 1 · turns 1");
    }

    #[test]
    fn the_band_and_the_window_title_show_the_scenario() {
        let s = Session::new(board(), Profiles::default());
        assert_eq!(title(&s, "Ford skirmish"), "Turn 1 — Player phase · Ford skirmish");
        assert_eq!(window_title("Ford skirmish"), "skirmish — Ford skirmish");
    }

    #[test]
    fn the_objective_reads_in_the_top_band_with_the_turns_left() {
        use skirmish_core::prelude::{BattleBuilder, Objective, TerrainMap, TerrainSet, UnitSpec, Win};
        let build = |o: Objective| {
            BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap())
                .unit(UnitSpec::player("Kiny", (0, 0)))
                .unit(UnitSpec::player("Lance", (1, 0)))
                .unit(UnitSpec::enemy("Warlord", (4, 0), "guard"))
                .objective(o)
                .build()
                .unwrap()
        };
        assert_eq!(
            objective_text(&build(Objective::default())),
            None,
            "the rules of every scenario"
        );
        let seize = Objective {
            win: Win::Seize {
                cells: vec![Pos::new(3, 0)],
                seizers: vec![],
            },
            turn_limit: Some(15),
            protect: vec!["Lance".into()],
            hold: vec![Pos::new(0, 0)],
        };
        assert_eq!(
            objective_text(&build(seize)).unwrap(),
            "Seize (3, 0) · turn limit 15 (15 left) · Defend (0, 0): you lose if an enemy ends its move there · Lance must live"
        );
        let b = build(Objective {
            hold: vec![Pos::new(1, 0), Pos::new(2, 0)],
            ..Objective::default()
        });
        assert_eq!(
            objective_text(&b).unwrap(),
            "Rout the enemy · Defend (1, 0), (2, 0): you lose if an enemy ends its move there · Kiny must live",
            "cells to defend read as the player's task and say how they are lost"
        );
        assert_eq!(hold_warning(&b, &[]), None);
        let warlord = crate::rules::UnitId(2);
        assert_eq!(
            hold_warning(&b, &[(warlord, Pos::new(1, 0)), (warlord, Pos::new(2, 0))]).unwrap(),
            "Warning: Warlord can reach (1, 0), (2, 0) next enemy phase; if one ends its move there you lose"
        );
        let boss = Objective {
            win: Win::Boss("Warlord".into()),
            ..Objective::default()
        };
        assert_eq!(objective_text(&build(boss)).unwrap(), "Defeat Warlord · Kiny must live");
        let survive = Objective {
            win: Win::Survive(8),
            ..Objective::default()
        };
        assert_eq!(
            objective_text(&build(survive)).unwrap(),
            "Survive 8 turns (8 left) · Kiny must live"
        );
        let only = Objective {
            win: Win::Seize {
                cells: vec![Pos::new(3, 0)],
                seizers: vec!["Kiny".into()],
            },
            turn_limit: Some(1),
            ..Objective::default()
        };
        let b = build(only);
        assert_eq!(
            objective_text(&b).unwrap(),
            "Kiny seizes (3, 0) · turn limit 1 (1 left) · Kiny must live"
        );
        assert!(last_turn(&b), "turn 1 of a limit of 1");
    }
}
