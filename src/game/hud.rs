//! The words on screen: phase banner, unit and terrain panels, the action menu and the
//! attack forecast, key help. Plain strings from the engine's state, so they can be tested
//! without a window.

use crate::load::names::{LABEL_CHARS, label};
use crate::load::profiles::{Behavior, Profiles};
use crate::load::terrain::ClassId;
use crate::rules::battle::{Battle, Unit, UnitId};
use crate::rules::combat::Forecast;
use crate::rules::phase::{Action, Phase, Session};
use crate::search::grid::Pos;
use crate::search::grid::Team;

/// Key help, two lines.
pub const HELP: [&str; 2] = [
    "arrows move · Z/Space confirm · X/Esc cancel · E end turn · U undo · N next unit",
    "D danger · F fast · S save · L load · F5 reload · PgUp/PgDn map · R restart · Q quit",
];

/// The banner at the top.
pub fn title(s: &Session) -> String {
    match &s.phase {
        Phase::Over { winner: Team::Player } => "Victory!".into(),
        Phase::Over { winner: Team::Enemy } => "Defeat".into(),
        Phase::Enemy { .. } => format!("Turn {} — Enemy phase", s.battle.turn),
        _ => format!("Turn {} — Player phase", s.battle.turn),
    }
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
    b.terrain.classes.get(c.0 as usize).map_or("?", String::as_str)
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
    }
}

/// The terrain of `at`, with its entry cost for `class` and its defense bonus.
pub fn terrain_line(b: &Battle, at: Pos, class: ClassId) -> String {
    if !b.map.contains(at) {
        return String::new();
    }
    let t = b.terrain.get(b.map.at(at));
    let cost = match t.cost_for(class) {
        Some(c) => format!("cost {c} ({})", class_name(b, class)),
        None => format!("impassable ({})", class_name(b, class)),
    };
    format!("{} {at}  {cost}  DEF {:+}", t.name, t.defense)
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
        let mut guard = Unit::new("Warden", Team::Enemy, Pos::new(1, 0), ClassId(0), 6);
        guard.profile = Some("guard".into());
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
        let profiles = Profiles::parse(&src).unwrap();
        assert_eq!(profile_text(b.unit(UnitId(1)), &profiles), "guard: trigger 3 (asleep)");
        b.units[1].triggered = true;
        let [_, second] = unit_lines(&b, &profiles, UnitId(1), 5);
        assert_eq!(second, "enemy · guard: trigger 3 (AWAKE)");
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
}
