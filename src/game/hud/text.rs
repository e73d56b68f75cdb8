//! The words on screen, as plain functions of the engine's state (tested without a window):
//! the phase banner, unit and terrain panels, the action menu and the attack forecast, key
//! help, the result screen's lines, questions, and how text is wrapped and fitted.

use crate::game::view::{CHAR_W, text_w};
use crate::load::names::{LABEL_CHARS, label};
use crate::load::profiles::{Behavior, Profiles};
use crate::load::terrain::ClassId;
use crate::play::phase::{Action, Ask, Phase, Session};
use crate::rules::battle::{Battle, Unit, UnitId};
use crate::rules::combat::Forecast;
use crate::search::grid::Pos;
use crate::search::grid::Team;
use ggez::glam::Vec2;
use ggez::graphics::Rect;

/// Key help, two lines.
pub const HELP: [&str; 2] = [
    "arrows/mouse move · Z confirm · X cancel · E end turn · U undo · N next unit · Tab next enemy",
    "+/- zoom · D danger · F fast · S save · L load · F5 reload · PgUp/PgDn map · R restart · Q quit",
];

/// The window's title for scenario `name`.
pub fn window_title(name: &str) -> String {
    format!("skirmish — {name}")
}

/// The banner at the top: turn, phase and the scenario's name (the objective has a line of
/// its own under it, [`objective_text`]).
pub fn title(s: &Session, name: &str) -> String {
    let phase = match &s.phase() {
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
        parts.push(format!("hold {}", cells(&g.hold)));
    }
    // Who must live: the hero unless the scenario names others.
    parts.push(format!("{} must live", names(&g.protect)));
    Some(parts.join(" · "))
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
        Team::Player => format!("Victory — {} on turn {}", why.describe(b), b.turn()),
        Team::Enemy => format!("Defeat — {}", why.describe(b)),
    };
    let count = |team: Team| b.units().iter().filter(|u| u.team == team).count();
    let (mine, theirs) = (count(Team::Player), count(Team::Enemy));
    let lost = mine - b.living(Team::Player).count();
    let beaten = theirs - b.living(Team::Enemy).count();
    let numbers = format!(
        "units lost {lost} of {mine} · enemies defeated {beaten} of {theirs} · turns {}",
        b.turn()
    );
    Some([head, numbers])
}

/// The question put to the player (its Yes and No buttons name the keys that answer it).
pub fn ask_text(ask: Ask, b: &Battle) -> String {
    match ask {
        Ask::EndTurn => {
            let n = b.ready(Team::Player).count();
            let units = if n == 1 { "unit has" } else { "units have" };
            format!("End the turn? {n} {units} not acted yet.")
        }
        Ask::Restart => "Restart the battle? This battle's play is lost.".to_string(),
        Ask::Scenario(step) => format!(
            "Go to the {} scenario? This battle's play is lost.",
            if step < 0 { "previous" } else { "next" }
        ),
        Ask::Load => "Load the save? Play since the last save is lost.".to_string(),
        Ask::Quit => "Quit the game? Play since the last save is lost.".to_string(),
    }
}

/// Why confirming on `to` did nothing while `unit` was selected: an enemy out of its reach,
/// a cell taken by another unit, or a cell it cannot get to this turn.
pub fn cannot_go(b: &Battle, unit: UnitId, to: Pos) -> String {
    let name = |u: UnitId| label(&b.unit(u).name, LABEL_CHARS);
    match b.unit_at(to) {
        Some(e) if b.unit(e).team != b.unit(unit).team => {
            format!("{} is out of {}'s reach this turn", name(e), name(unit))
        }
        Some(a) if a != unit => format!("{} cannot stop where {} stands", name(unit), name(a)),
        _ => format!("{} cannot reach {to} this turn", name(unit)),
    }
}

/// `line` cut into lines of at most `width` characters, at spaces where it can (a long
/// word is cut where it must): nothing is left out.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    let mut cur = String::new();
    for word in line.split(' ') {
        let mut word = word.to_string();
        loop {
            let have = cur.chars().count();
            let need = word.chars().count() + usize::from(have > 0);
            if have + need <= width {
                if have > 0 {
                    cur.push(' ');
                }
                cur.push_str(&word);
                break;
            }
            if have > 0 {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            // A word longer than a line: cut it.
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            out.push(head);
        }
    }
    if !cur.is_empty() || out.is_empty() {
        out.push(cur);
    }
    out
}

/// Where the action menu goes: a box of `size` beside the acting unit (`unit`, drawing
/// units) inside `view`, never over `about` (the enemy the highlighted attack is about)
/// and over as few of `others` (the other targets, the unit) as it can.
pub fn place_menu(unit: Rect, about: Option<Rect>, others: &[Rect], size: Vec2, view: Rect) -> Rect {
    let (bw, bh) = (size.x, size.y);
    let fit = |x: f32, y: f32| {
        Rect::new(
            x.clamp(view.x + 4.0, (view.x + view.w - bw - 4.0).max(view.x + 4.0)),
            y.clamp(view.y + 4.0, (view.y + view.h - bh - 4.0).max(view.y + 4.0)),
            bw,
            bh,
        )
    };
    let (at, t) = (unit.point(), unit.w);
    let mut candidates = vec![
        fit(at.x + t + 6.0, at.y - 4.0),
        fit(at.x - 6.0 - bw, at.y - 4.0),
        fit(at.x + t + 6.0, at.y + t + 4.0 - bh),
        fit(at.x - 6.0 - bw, at.y + t + 4.0 - bh),
        fit(at.x + t / 2.0 - bw / 2.0, at.y + t + 6.0),
        fit(at.x + t / 2.0 - bw / 2.0, at.y - 6.0 - bh),
    ];
    // The corners of the view, when nothing beside the unit will do.
    candidates.extend([
        fit(view.x, view.y),
        fit(view.x + view.w, view.y),
        fit(view.x, view.y + view.h),
        fit(view.x + view.w, view.y + view.h),
    ]);
    let hides_about = |r: &Rect| about.is_some_and(|a| r.overlaps(&a));
    let covered = |r: &Rect| {
        others
            .iter()
            .chain(std::iter::once(&unit))
            .filter(|k| r.overlaps(k))
            .count()
    };
    candidates
        .iter()
        .copied()
        .min_by_key(|r| (hides_about(r), covered(r)))
        .unwrap_or(candidates[0])
}

/// Attack distance as written in the data: `1` or `2-3`.
fn reach(u: &Unit) -> String {
    if u.stats.range_min == u.stats.range_max {
        u.stats.range_max.to_string()
    } else {
        format!("{}-{}", u.stats.range_min, u.stats.range_max)
    }
}

/// Name of movement class `c`.
pub fn class_name(b: &Battle, c: ClassId) -> &str {
    b.terrain().classes.get(c.0 as usize).map_or("?", String::as_str)
}

/// Two lines about unit `id`, showing `hp` hit points (the animated value).
pub fn unit_lines(b: &Battle, profiles: &Profiles, id: UnitId, hp: i32) -> [String; 2] {
    let u = b.unit(id);
    let first = format!(
        "{} ({})  HP {}/{}  ATK {}  DEF {}  RNG {}  MOV {} {}",
        label(&u.name, LABEL_CHARS),
        u.kind,
        hp,
        u.stats.hp,
        u.stats.attack,
        u.stats.defense,
        reach(u),
        u.movement,
        class_name(b, u.class)
    );
    let second = match u.team {
        Team::Player if u.acted => "player unit · has acted this turn".to_string(),
        Team::Player => "player unit · ready".to_string(),
        Team::Enemy => format!("enemy · {}", profile_text(u, profiles)),
    };
    [first, second]
}

/// An enemy's profile and its key numbers, e.g. `guard: trigger 3 (asleep)`.
pub fn profile_text(u: &Unit, profiles: &Profiles) -> String {
    let Some(name) = u.profile.as_deref() else {
        return "no profile: stays".into();
    };
    match profiles.get(name).map(|p| p.behavior) {
        None => format!("{name}: unknown profile (stays)"),
        // The profile's name often is its behaviour's: say it once.
        Some(Behavior::Charger) if name == "charger" => "charger: always comes".to_string(),
        Some(Behavior::Charger) => format!("{name}: charger, always comes"),
        Some(Behavior::Proximity { sight }) => format!("{name}: comes within sight {sight}"),
        Some(Behavior::GuardTrigger { trigger }) => {
            format!(
                "{name}: trigger {trigger} ({})",
                if u.triggered { "AWAKE" } else { "asleep" }
            )
        }
        Some(Behavior::PivotLeash { leash }) => format!("{name}: leash {leash} around {}", u.pivot),
        Some(Behavior::KeepRange { sight, range }) => format!("{name}: keeps {range} away, sight {sight}"),
        Some(Behavior::Advance { goal }) => format!("{name}: advances on {goal}"),
    }
}

/// The terrain of `at`, with its entry cost for `class` and its defense bonus.
pub fn terrain_line(b: &Battle, at: Pos, class: ClassId) -> String {
    if !b.map().contains(at) {
        return String::new();
    }
    let t = b.terrain().get(b.map().at(at));
    let cost = match t.cost_for(class) {
        Some(c) => format!("cost {c} ({})", class_name(b, class)),
        None => format!("impassable ({})", class_name(b, class)),
    };
    let role = match &b.goals().win {
        crate::rules::Goal::Seize { cells, .. } if cells.contains(&at) => "  · SEIZE: end an action here to win",
        _ if b.goals().hold.contains(&at) => "  · HOLD: lost if an enemy ends its action here",
        _ => "",
    };
    format!("{} {at}  {cost}  DEF {:+}{role}", t.name, t.defense)
}

/// The action menu's entries.
pub fn menu(b: &Battle, options: &[Action]) -> Vec<String> {
    options
        .iter()
        .map(|o| match o {
            Action::Attack(t) => format!("Attack {}", label(&b.unit(*t).name, LABEL_CHARS)),
            Action::Wait => "Wait".to_string(),
        })
        .collect()
}

/// The forecast of `att` attacking `def`.
pub fn forecast(b: &Battle, att: UnitId, def: UnitId, f: &Forecast) -> String {
    let (a, d) = (b.unit(att), b.unit(def));
    let back = match f.counter {
        Some(c) => format!("counter {c} (hp {}→{})", a.hp, f.attacker_hp),
        None => "no counter".to_string(),
    };
    format!(
        "{} → {}: dmg {} (hp {}→{}); {back}",
        label(&a.name, LABEL_CHARS),
        label(&d.name, LABEL_CHARS),
        f.damage,
        d.hp,
        f.defender_hp
    )
}

/// `s` cut with `…` to fit `room` drawing units at text size `size` (whole when it fits).
pub fn fit(s: &str, room: f32, size: f32) -> String {
    if text_w(s, size) <= room {
        return s.to_string();
    }
    let keep = ((room / (size * CHAR_W)) as usize).saturating_sub(1);
    let mut out: String = s.chars().take(keep).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::map::TerrainMap;
    use crate::load::terrain::{Terrain, TerrainId, TerrainSet};
    use crate::rules::battle::Unit;

    fn board() -> Battle {
        let terrain = TerrainSet {
            kinds: vec![Terrain {
                name: "forest".into(),
                glyph: 'T',
                cost: vec![Some(2), None],
                defense: 1,
                color: None,
            }],
            classes: vec!["foot".into(), "horse".into()],
        };
        let map = TerrainMap::filled(4, 4, TerrainId(0));
        let hero = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 7);
        let guard = Unit {
            profile: Some("guard".into()),
            ..Unit::new("Warden", Team::Enemy, Pos::new(1, 0), ClassId(0), 6)
        };
        Battle::from_parts(map, terrain, vec![hero, guard])
    }

    #[test]
    fn terrain_shows_cost_for_the_class_and_defense() {
        let b = board();
        assert_eq!(
            terrain_line(&b, Pos::new(2, 3), ClassId(0)),
            "forest (2, 3)  cost 2 (foot)  DEF +1"
        );
        assert_eq!(
            terrain_line(&b, Pos::new(2, 3), ClassId(1)),
            "forest (2, 3)  impassable (horse)  DEF +1"
        );
    }

    #[test]
    fn a_guard_says_whether_it_is_awake() {
        let mut b = board();
        let src = crate::load::diag::Source::new("p.toml", "[guard]\nbehavior = \"guard_trigger\"\ntrigger = 3\n");
        let profiles = crate::load::profiles::parse(&src).unwrap();
        assert_eq!(profile_text(b.unit(UnitId(1)), &profiles), "guard: trigger 3 (asleep)");
        use crate::rules::Command;
        b.execute(Command::EndPhase).unwrap();
        b.execute(Command::Wake {
            unit: UnitId(1),
            by: UnitId(0),
        })
        .unwrap();
        let [_, second] = unit_lines(&b, &profiles, UnitId(1), 5);
        assert_eq!(second, "enemy · guard: trigger 3 (AWAKE)");
    }

    #[test]
    fn the_profile_text_does_not_repeat_itself() {
        let b = board();
        let src = crate::load::diag::Source::new(
            "p.toml",
            "[charger]\nbehavior = \"charger\"\n[brute]\nbehavior = \"charger\"\n",
        );
        let profiles = crate::load::profiles::parse(&src).unwrap();
        let mut u = b.unit(UnitId(1)).clone();
        u.profile = Some("charger".into());
        assert_eq!(profile_text(&u, &profiles), "charger: always comes");
        u.profile = Some("brute".into());
        assert_eq!(profile_text(&u, &profiles), "brute: charger, always comes");
    }

    #[test]
    fn long_lines_wrap_and_keep_every_word() {
        let err = "maps/sample.toml:12:7: unknown field `moev`, expected one of `name`, `team`, `at`, \
                   `class`, `move`, `profile`, `pivot`, `kind`, `hp`, `attack`, `defense`, `range` (expected …)";
        let lines = wrap(err, 40);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
        assert_eq!(lines.join(" "), err, "nothing is cut");
        assert!(lines[0].starts_with("maps/sample.toml:12:7:"));
        let long = "x".repeat(25);
        assert_eq!(wrap(&long, 10), vec!["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
        assert_eq!(wrap("", 10), vec![String::new()]);
    }

    #[test]
    fn the_action_menu_never_covers_the_enemy_it_is_about() {
        let view = Rect::new(0.0, 24.0, 640.0, 368.0);
        let size = Vec2::new(260.0, 90.0);
        let t = 32.0;
        // Against every edge and corner, with the target on each side of the unit.
        for (ux, uy) in [
            (0.0, 24.0),
            (608.0, 24.0),
            (0.0, 360.0),
            (608.0, 360.0),
            (300.0, 200.0),
            (40.0, 200.0),
        ] {
            let unit = Rect::new(ux, uy, t, t);
            for (dx, dy) in [(t, 0.0), (-t, 0.0), (0.0, t), (0.0, -t), (2.0 * t, 0.0)] {
                let about = Rect::new(ux + dx, uy + dy, t, t);
                let r = place_menu(unit, Some(about), &[about], size, view);
                assert!(!r.overlaps(&about), "unit {ux},{uy} target {dx},{dy}: {r:?}");
                assert!(r.x >= view.x && r.y >= view.y && r.bottom() <= view.bottom() && r.right() <= view.right());
            }
        }
    }

    #[test]
    fn endings_say_why_with_numbers_and_keys() {
        let mut b = board();
        assert_eq!(ending_lines(&b), None, "not over yet");
        use crate::rules::Command;
        // Kiny attacks the guard until one of them falls.
        while b.ended().is_none() {
            if b.unit(UnitId(0)).acted || b.active() == Team::Enemy {
                b.execute(Command::EndPhase).unwrap();
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
        let hero = Unit {
            hp: 1,
            ..Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 7)
        };
        let brute = Unit::new("Brute", Team::Enemy, Pos::new(1, 0), ClassId(0), 6);
        let mut b = Battle::from_parts(map, terrain, vec![hero, brute]);
        use crate::rules::Command;
        b.execute(Command::EndPhase).unwrap();
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
    fn questions_name_what_is_at_stake_and_their_buttons_the_keys() {
        let b = board();
        assert_eq!(ask_text(Ask::EndTurn, &b), "End the turn? 1 unit has not acted yet.");
        assert!(ask_text(Ask::Scenario(1), &b).contains("next scenario"));
        let l = crate::game::view::Layout::new(640.0, 480.0, 1.0);
        let (_, [yes, no]) = crate::game::buttons::ask_box(&l, &ask_text(Ask::EndTurn, &b));
        assert_eq!((yes.button.label(), no.button.label()), ("Yes (Y)", "No (N)"));
    }

    #[test]
    fn confirming_where_nothing_can_happen_says_why() {
        let b = board();
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(1, 0)),
            "Warden is out of Kiny's reach this turn"
        );
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(3, 3)),
            "Kiny cannot reach (3, 3) this turn"
        );
        let mut two = b.units().to_vec();
        two.push(Unit::new("Robin", Team::Player, Pos::new(0, 1), ClassId(0), 5));
        let b = Battle::from_parts(b.map().clone(), b.terrain().clone(), two);
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(0, 1)),
            "Kiny cannot stop where Robin stands"
        );
    }

    #[test]
    fn a_long_title_is_cut_to_its_room_and_a_short_one_kept() {
        assert_eq!(fit("Turn 1 — Player phase", 400.0, 16.0), "Turn 1 — Player phase");
        let cut = fit(&"x".repeat(80), 200.0, 16.0);
        assert!(cut.ends_with('…'));
        assert!(text_w(&cut, 16.0) <= 200.0, "{cut}");
    }

    #[test]
    fn the_band_and_the_window_title_show_the_scenario() {
        let s = Session::new(board(), Profiles::default());
        assert_eq!(title(&s, "Ford skirmish"), "Turn 1 — Player phase · Ford skirmish");
        assert_eq!(window_title("Ford skirmish"), "skirmish — Ford skirmish");
    }

    #[test]
    fn the_forecast_reads_like_the_brief() {
        let b = board();
        let f = Forecast {
            damage: 6,
            defender_hp: 14,
            counter: Some(4),
            attacker_hp: 24,
        };
        let hp = (b.unit(UnitId(0)).hp, b.unit(UnitId(1)).hp);
        assert_eq!(
            forecast(&b, UnitId(0), UnitId(1), &f),
            format!("Kiny → Warden: dmg 6 (hp {}→14); counter 4 (hp {}→24)", hp.1, hp.0)
        );
        let none = Forecast { counter: None, ..f };
        assert!(forecast(&b, UnitId(0), UnitId(1), &none).ends_with("; no counter"));
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
            "Seize (3, 0) · turn limit 15 (15 left) · hold (0, 0) · Lance must live"
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
