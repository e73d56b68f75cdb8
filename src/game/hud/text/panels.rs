//! The bottom panel's lines: the unit shown (an enemy with its profile), the terrain under
//! the cursor with its cost for the unit's class, and the key help.

use crate::game::controls::{Bindings, Control};
use crate::load::names::{LABEL_CHARS, label};
use crate::load::profiles::{Behavior, Profiles};
use crate::load::terrain::ClassId;
use crate::rules::battle::{Battle, Unit, UnitId};
use crate::search::grid::Pos;
use crate::search::grid::Team;

/// Key help, two lines, naming the keys bound now (with the defaults: "arrows/mouse move · Z
/// confirm · X cancel ...").
pub fn help(b: &Bindings) -> [String; 2] {
    use Control as C;
    let arrows = [C::Up, C::Down, C::Left, C::Right]
        .iter()
        .zip(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"])
        .all(|(&c, k)| b.keys_of(c) == [k]);
    let moves = if arrows {
        "arrows".to_string()
    } else {
        [C::Up, C::Left, C::Down, C::Right].map(|c| b.shown(c)).join("/")
    };
    let k = |c: Control, what: &str| format!("{} {what}", b.shown(c));
    [
        format!(
            "{moves}/mouse move · {} · {} · {} · {} · {} · {}",
            k(C::Confirm, "confirm"),
            k(C::Cancel, "cancel"),
            k(C::EndTurn, "end turn"),
            k(C::Undo, "undo"),
            k(C::NextUnit, "next unit"),
            k(C::NextEnemy, "next enemy"),
        ),
        format!(
            "{}/{} zoom · {} · {} · {} · {} · {} · {} · {} · {}",
            b.shown(C::ZoomIn),
            b.shown(C::ZoomOut),
            k(C::Danger, "danger"),
            k(C::Log, "log"),
            k(C::Menu, "menu"),
            k(C::Fast, "fast"),
            k(C::Save, "save"),
            k(C::Load, "load"),
            k(C::Restart, "restart"),
            k(C::Quit, "quit"),
        ),
    ]
}

/// Attack distance as written in the data: `1` or `2-3`.
fn reach(u: &Unit) -> String {
    if u.stats().range_min == u.stats().range_max {
        u.stats().range_max.to_string()
    } else {
        format!("{}-{}", u.stats().range_min, u.stats().range_max)
    }
}

/// Name of movement class `c`.
pub fn class_name(b: &Battle, c: ClassId) -> &str {
    b.terrain().classes().get(c.0 as usize).map_or("?", String::as_str)
}

/// Two lines about unit `id`, showing `hp` hit points (the animated value).
pub fn unit_lines(b: &Battle, profiles: &Profiles, id: UnitId, hp: i32) -> [String; 2] {
    let u = b.unit(id);
    // Under chance in combat, its hit, avoid and critical after its defense; without, the
    // line stays as it was.
    let odds = if b.combat().chance {
        let o = u.odds();
        format!("  HIT {}  AVO {}  CRT {}", o.hit, o.avoid, o.crit)
    } else {
        String::new()
    };
    let first = format!(
        "{} ({})  HP {}/{}  ATK {}  DEF {}{odds}  RNG {}  MOV {} {}",
        label(u.name(), LABEL_CHARS),
        u.kind(),
        hp,
        u.stats().hp,
        u.stats().attack,
        u.stats().defense,
        reach(u),
        u.movement(),
        class_name(b, u.class())
    );
    let second = match u.team() {
        // Hot-seat: both sides are people's; no profile decides what a Red unit does.
        team if b.versus() => {
            let side = crate::game::versus::side_name(team);
            if b.active() != team {
                format!("{side} unit")
            } else if u.may_canto() {
                format!("{side} unit · may move again ({} left)", u.movement_left())
            } else if u.acted() {
                format!("{side} unit · has acted this turn")
            } else {
                format!("{side} unit · ready")
            }
        }
        Team::Player if u.may_canto() => format!(
            "player unit · {} · may move again ({} left)",
            level_text(u),
            u.movement_left()
        ),
        Team::Player if u.acted() => format!("player unit · {} · has acted this turn", level_text(u)),
        Team::Player => format!("player unit · {} · ready", level_text(u)),
        Team::Enemy => {
            let text = profile_text(u, profiles);
            match wakes_next(b, profiles, id) {
                // A guard within its trigger wakes only on its own turn: say so.
                Some(why) => format!(
                    "enemy · {}",
                    text.replace("(on watch, strikes back)", &format!("(on watch — {why})"))
                ),
                None => format!("enemy · {text}"),
            }
        }
    };
    // The movement rules it follows, when it has any: "zone of control · canto".
    let rules = u.moves().words();
    let second = if rules.is_empty() {
        second
    } else {
        format!("{second} · {}", rules.join(" · "))
    };
    [first, second]
}

/// For a sleeping guard with a player unit within its trigger: "wakes this enemy phase
/// (Kiny within 3)" (it wakes on its own turn, not when it is struck). `None` otherwise.
pub fn wakes_next(b: &Battle, profiles: &Profiles, id: UnitId) -> Option<String> {
    let u = b.unit(id);
    let Some(Behavior::GuardTrigger { trigger }) = u.behavior(profiles) else {
        return None;
    };
    if u.triggered() || !u.alive() {
        return None;
    }
    let (d, w) = b
        .living(u.team().other())
        .map(|p| (u.pos().manhattan(b.unit(p).pos()), p))
        .min()?;
    (d <= trigger).then(|| format!("wakes this enemy phase ({} within {trigger})", b.name(w)))
}

/// A player unit's level and experience: `Lv 2 · exp 40/100`.
pub fn level_text(u: &Unit) -> String {
    format!("Lv {} · exp {}/{}", u.level(), u.exp(), crate::model::units::EXP_LEVEL)
}

/// The level-up box: its title and a line per stat, before and after (`HP 28 → 30 (+2)`).
pub fn level_up_lines(b: &Battle, id: UnitId, level: u32, gains: &crate::model::units::Growth) -> Vec<String> {
    let u = b.unit(id);
    let mut out = vec![format!("{} reaches level {level}!", u.name())];
    for (name, now, gain) in [
        ("HP ", u.stats().hp, gains.hp),
        ("ATK", u.stats().attack, gains.attack),
        ("DEF", u.stats().defense, gains.defense),
    ] {
        if gain != 0 {
            out.push(format!("{name} {:>3} → {:>3}  ({gain:+})", now - gain, now));
        } else {
            out.push(format!("{name} {now:>3}"));
        }
    }
    // Movement shows only when it grew: a kind without a `move` growth keeps its box.
    if gains.movement != 0 {
        let now = u.movement() as i32;
        out.push(format!(
            "MOV {:>3} → {:>3}  ({:+})",
            now - gains.movement,
            now,
            gains.movement
        ));
    }
    out.push(level_text(u));
    out
}

/// An enemy's profile and its key numbers, e.g. `guard: trigger 3 (on watch, strikes back)`.
pub fn profile_text(u: &Unit, profiles: &Profiles) -> String {
    let Some(name) = u.profile() else {
        return "no profile: stays".into();
    };
    match u.behavior(profiles) {
        None => format!("{name}: unknown profile (stays)"),
        // The profile's name often is its behaviour's: say it once.
        Some(Behavior::Charger) if name == "charger" => "charger: always comes".to_string(),
        Some(Behavior::Charger) => format!("{name}: charger, always comes"),
        Some(Behavior::Proximity { sight }) => format!("{name}: comes within sight {sight}"),
        Some(Behavior::GuardTrigger { trigger }) => {
            format!(
                "{name}: trigger {trigger} ({})",
                // Not "asleep": it strikes back when struck (issue 33).
                if u.triggered() {
                    "AWAKE"
                } else {
                    "on watch, strikes back"
                }
            )
        }
        // It never enters a cell `leash` or more from its post: said as the farthest it goes,
        // as the chapter intros say it (issue 33's play: "leash 6" beside "never more than
        // five steps").
        Some(Behavior::PivotLeash { leash }) => match leash.saturating_sub(1) {
            0 => format!("{name}: never leaves {}", u.pivot()),
            1 => format!("{name}: stays within 1 step of {}", u.pivot()),
            n => format!("{name}: stays within {n} steps of {}", u.pivot()),
        },
        Some(Behavior::KeepRange { sight, range }) => format!("{name}: keeps {range} away, sight {sight}"),
        Some(Behavior::Advance { goal }) => format!("{name}: advances on {goal}"),
        // A behaviour written in Rust says what it does if it can (`AiBehavior::summary`).
        Some(Behavior::Custom(c)) => {
            let what = c.rule().summary();
            match (name == c.name, what) {
                (true, Some(what)) => format!("{name}: {what}"),
                (false, Some(what)) => format!("{name}: {}, {what}", c.name),
                (true, None) => format!("{name}: a behaviour of this game"),
                (false, None) => format!("{name}: {}", c.name),
            }
        }
    }
}

/// The terrain of `at`, with its entry cost for `class` and its defense bonus (and under
/// chance in combat its avoid, which the forecast's hit chance takes off: the woods' forest
/// is cover, and the panel said only "DEF +1").
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
        _ if b.goals().hold.contains(&at) => "  · DEFEND: you lose if an enemy ends its move here",
        _ => "",
    };
    let avoid = if b.combat().chance && t.avoid != 0 {
        format!("  AVO {:+}", t.avoid)
    } else {
        String::new()
    };
    format!("{} {at}  {cost}  DEF {:+}{avoid}{role}", t.name, t.defense)
}

/// The side panel's rows about the cell `at` ([`terrain_line`], then `route`: the traced
/// route's cost and the move left), at most `chars` characters each, broken only between
/// fields, as the unit lines are: at 1280×800 "DEF" ended a row and its "+1" began the next.
pub fn terrain_rows(
    b: &Battle,
    at: Pos,
    class: ClassId,
    route: Option<(crate::search::grid::Cost, crate::search::grid::Cost)>,
    chars: usize,
) -> Vec<String> {
    let mut line = terrain_line(b, at, class);
    if let Some((cost, left)) = route {
        line.push_str(&format!("  route cost {cost} · {left} move left"));
    }
    super::wrap_fields(&line, chars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hud::text::board;

    #[test]
    fn the_panel_names_the_movement_rules() {
        let moves = crate::model::units::MoveRules {
            zoc: true,
            skirmisher: true,
            canto: true,
        };
        let b = crate::fixture::Scene::parse("P . E").battle(&[
            crate::fixture::player('P').moves(moves),
            crate::fixture::enemy('E', "guard", 1),
        ]);
        let profiles = crate::load::profiles::parse(&crate::load::diag::Source::new("p.toml", "")).unwrap();
        assert_eq!(
            unit_lines(&b, &profiles, UnitId(0), 20)[1],
            "player unit · Lv 1 · exp 0/100 · ready · zone of control · skirmisher · canto"
        );
        assert!(!unit_lines(&b, &profiles, UnitId(1), 20)[1].contains("zone"));
    }

    /// Issue 39: under chance in combat the panel gives the unit's hit, avoid and critical;
    /// a scenario without chance keeps the line it had. Issue 37: a canto unit that has
    /// attacked says it may move again.
    #[test]
    fn the_panel_gives_the_odds_under_chance_only_and_a_canto_move_left() {
        let profiles = crate::load::profiles::parse(&crate::load::diag::Source::new("p.toml", "")).unwrap();
        let canto = crate::model::units::MoveRules {
            canto: true,
            ..Default::default()
        };
        let mut b = crate::fixture::Scene::parse("P E .").battle(&[
            crate::fixture::player('P').moves(canto),
            crate::fixture::enemy('E', "guard", 1),
        ]);
        let plain = "P (soldier)  HP 20/20  ATK 7  DEF 2  RNG 1  MOV 5 foot";
        assert_eq!(unit_lines(&b, &profiles, UnitId(0), 20)[0], plain);
        use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
        let odds = crate::model::units::Odds {
            hit: 85,
            avoid: 20,
            crit: 5,
        };
        let build = |chance: bool| {
            BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..."]).unwrap())
                .unit(UnitSpec::player("Kiny", (0, 0)).odds(odds))
                .unit(UnitSpec::enemy("Brute", (1, 0), "guard"))
                .combat(crate::model::scenario::Combat {
                    chance,
                    true_hit: false,
                })
                .build()
                .unwrap()
        };
        let (off, on) = (build(false), build(true));
        let line = |b: &Battle, u: usize| unit_lines(b, &profiles, UnitId(u), 20)[0].clone();
        assert!(!line(&off, 0).contains("HIT"), "{}", line(&off, 0));
        assert_eq!(
            line(&on, 0),
            line(&off, 0).replace("DEF 2  ", "DEF 2  HIT 85  AVO 20  CRT 5  ")
        );
        assert!(line(&on, 1).contains("HIT 100  AVO 0  CRT 0  RNG"), "{}", line(&on, 1));
        use crate::rules::Command;
        b.execute(Command::Attack {
            unit: UnitId(0),
            target: UnitId(1),
        })
        .unwrap();
        assert_eq!(
            unit_lines(&b, &profiles, UnitId(0), 15)[1],
            "player unit · Lv 1 · exp 10/100 · may move again (5 left) · canto"
        );
    }

    #[test]
    fn the_panel_shows_level_and_experience_and_a_level_up_what_grew() {
        let b = board();
        let profiles = crate::load::profiles::parse(&crate::load::diag::Source::new("p.toml", "")).unwrap();
        let hp = b.unit(UnitId(0)).hp();
        assert_eq!(
            unit_lines(&b, &profiles, UnitId(0), hp)[1],
            "player unit · Lv 1 · exp 0/100 · ready"
        );
        // As the rules leave a unit that levelled up: its stats already grown.
        let gains = crate::model::units::Growth {
            hp: 2,
            attack: 1,
            defense: 0,
            ..Default::default()
        };
        let before = b.unit(UnitId(0)).stats();
        let mut units = b.units().to_vec();
        let grown = crate::model::units::Stats {
            hp: before.hp + 2,
            attack: before.attack + 1,
            ..before
        };
        units[0] = units[0]
            .clone()
            .with_level(2, 20)
            .with_stats(grown)
            .with_hp(units[0].hp());
        let b = Battle::from_parts(b.map().clone(), b.terrain().clone(), units).unwrap();
        let lines = level_up_lines(&b, UnitId(0), 2, &gains);
        assert_eq!(lines[0], "Kiny reaches level 2!");
        assert_eq!(lines[1], format!("HP  {:>3} → {:>3}  (+2)", before.hp, before.hp + 2));
        assert_eq!(
            lines[2],
            format!("ATK {:>3} → {:>3}  (+1)", before.attack, before.attack + 1)
        );
        assert_eq!(
            lines[3],
            format!("DEF {:>3}", before.defense),
            "what did not grow has no arrow"
        );
        assert_eq!(lines[4], "Lv 2 · exp 20/100");
        assert_eq!(lines.len(), 5, "no move line when the move did not grow");
        // A kind with a move growth: its box says the move it gained.
        let moved = crate::model::units::Growth { movement: 1, ..gains };
        let now = b.unit(UnitId(0)).movement();
        let lines = level_up_lines(&b, UnitId(0), 2, &moved);
        assert_eq!(lines[4], format!("MOV {:>3} → {:>3}  (+1)", now - 1, now));
        assert_eq!(lines[5], "Lv 2 · exp 20/100");
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

    /// Playing the woods at 1280×800: the side panel broke "DEF" from its "+1" onto the next
    /// row, and under chance in combat said nothing of the forest's cover, which the forecast
    /// takes off the hit chance.
    #[test]
    fn the_terrain_rows_keep_each_number_by_its_name_and_tell_the_cover() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let load = |name: &str| {
            let (scenario, data, _) = crate::cli::load_scenario(&root.join(format!("maps/{name}.toml")), None).unwrap();
            Battle::new(&scenario, &data)
        };
        let woods = load("woods");
        for (w, h) in [(1280.0, 800.0), (960.0, 600.0), (1920.0, 1200.0)] {
            let side = crate::game::view::Layout::new(w, h, 1.0).regions().side;
            let chars = crate::game::hud::side_chars(side.w, 12.0);
            for route in [None, Some((4, 3))] {
                // (18, 5) is forest, (3, 7) plain.
                for at in [Pos::new(18, 5), Pos::new(3, 7)] {
                    let rows = terrain_rows(&woods, at, ClassId(0), route, chars);
                    for r in &rows {
                        assert!(r.chars().count() <= chars, "{w}x{h}: {rows:?}");
                        assert!(
                            !r.ends_with("DEF") && !r.ends_with("AVO") && !r.starts_with('+'),
                            "{w}x{h}: a number away from its name: {rows:?}"
                        );
                    }
                }
            }
        }
        assert_eq!(
            terrain_line(&woods, Pos::new(18, 5), ClassId(0)),
            "forest (18, 5)  cost 2 (foot)  DEF +1  AVO +20"
        );
        assert_eq!(
            terrain_line(&woods, Pos::new(3, 7), ClassId(0)),
            "plain (3, 7)  cost 1 (foot)  DEF +0"
        );
        // Without chance in combat, avoid counts for nothing and is not said.
        let river = load("river");
        assert!(!terrain_line(&river, Pos::new(40, 6), ClassId(0)).contains("AVO"));
    }

    #[test]
    fn a_guard_says_whether_it_is_awake() {
        let mut b = board();
        let src = crate::load::diag::Source::new("p.toml", "[guard]\nbehavior = \"guard_trigger\"\ntrigger = 3\n");
        let profiles = crate::load::profiles::parse(&src).unwrap();
        assert_eq!(
            profile_text(b.unit(UnitId(1)), &profiles),
            "guard: trigger 3 (on watch, strikes back)"
        );
        use crate::rules::Command;
        // Out of its trigger (0 here), it just sleeps.
        let far = crate::load::profiles::parse(&crate::load::diag::Source::new(
            "p.toml",
            "[guard]\nbehavior = \"guard_trigger\"\ntrigger = 0\n",
        ))
        .unwrap();
        assert_eq!(wakes_next(&b, &far, UnitId(1)), None);
        assert_eq!(
            unit_lines(&b, &far, UnitId(1), 5)[1],
            "enemy · guard: trigger 0 (on watch, strikes back)"
        );
        // Kiny stands beside it: it wakes on its own turn, and the label says so.
        let [_, second] = unit_lines(&b, &profiles, UnitId(1), 5);
        assert_eq!(
            second,
            "enemy · guard: trigger 3 (on watch — wakes this enemy phase (Kiny within 3))"
        );
        b.execute(Command::EndPhase { team: Team::Player }).unwrap();
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
        let u = b.unit(UnitId(1)).clone().with_profile(Some("charger"));
        assert_eq!(profile_text(&u, &profiles), "charger: always comes");
        let u = u.with_profile(Some("brute"));
        assert_eq!(profile_text(&u, &profiles), "brute: charger, always comes");
    }

    /// A behaviour written in Rust says what it does (found playing: the shipped healer read
    /// "support: a behaviour of this game").
    #[test]
    fn a_behaviour_of_the_game_says_what_it_does() {
        let b = board();
        let src = crate::load::diag::Source::new(
            "p.toml",
            "[support]\nbehavior = \"support\"\n[medic]\nbehavior = \"support\"\n",
        );
        let profiles = crate::load::profiles::parse(&src).unwrap();
        let u = b.unit(UnitId(1)).clone().with_profile(Some("support"));
        assert_eq!(
            profile_text(&u, &profiles),
            "support: heals the most hurt ally in reach, never attacks (strikes back when struck)"
        );
        let u = u.with_profile(Some("medic"));
        assert_eq!(
            profile_text(&u, &profiles),
            "medic: support, heals the most hurt ally in reach, never attacks (strikes back when struck)"
        );
    }

    /// A pivot leash of 6 keeps its unit 5 steps from its post at most: the panel says the
    /// farthest it goes, as the chapter intros do (issue 33's play: "leash 6 around (31,15)"
    /// beside the castle's "never strays more than five steps").
    #[test]
    fn a_leash_is_said_as_the_farthest_the_unit_goes() {
        let b = board();
        let src = crate::load::diag::Source::new(
            "p.toml",
            "[keep]\nbehavior = \"pivot_leash\"\nleash = 6\n[post]\nbehavior = \"pivot_leash\"\nleash = 1\n",
        );
        let profiles = crate::load::profiles::parse(&src).unwrap();
        let u = b.unit(UnitId(1)).clone().with_profile(Some("keep"));
        assert_eq!(
            profile_text(&u, &profiles),
            format!("keep: stays within 5 steps of {}", u.pivot())
        );
        let u = u.with_profile(Some("post"));
        assert_eq!(profile_text(&u, &profiles), format!("post: never leaves {}", u.pivot()));
    }
}
