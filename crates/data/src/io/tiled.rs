//! Writing a scenario for the Tiled editor: the map as a `.tmx` (a CSV tile layer named
//! `terrain`, the units as rectangle objects of a layer named `units`), a tileset `.tsx`
//! with one tile per terrain kind carrying its `terrain` property, and a scenario that uses
//! the map. Read back with [`crate::load::tiled`], the scenario is the same battle.

use crate::load::data::DataSet;
use crate::load::scenario::Scenario;
use crate::load::terrain::TerrainSet;
use std::fmt::Write as _;

/// Side of an exported tile, in pixels (the game's cell).
pub const TILE: u32 = 32;

/// The file name of the exported tileset.
pub const TILESET_FILE: &str = "terrain.tsx";

/// The file name of the exported tileset's picture.
pub const TILESET_IMAGE: &str = "terrain.png";

fn attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\n', "&#10;")
        .replace('\r', "&#13;")
        .replace('\t', "&#9;")
}

/// The tileset: one `TILE`-pixel tile per terrain kind, in the order of `terrain.toml`,
/// each with its string property `terrain`; the picture is `image` (`n` tiles in one row).
///
/// ```
/// use skirmish_data::io::tiled::tsx_text;
/// let t = skirmish_data::load::terrain::TerrainSet::standard();
/// let tsx = tsx_text(&t, "terrain.png");
/// assert!(tsx.contains("<property name=\"terrain\" value=\"plain\"/>"));
/// ```
pub fn tsx_text(terrain: &TerrainSet, image: &str) -> String {
    let n = terrain.kinds().len() as u32;
    let mut s = String::new();
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        s,
        "<tileset version=\"1.8\" name=\"terrain\" tilewidth=\"{TILE}\" tileheight=\"{TILE}\" tilecount=\"{n}\" columns=\"{n}\">"
    );
    let _ = writeln!(
        s,
        " <image source=\"{}\" width=\"{}\" height=\"{TILE}\"/>",
        attr(image),
        n * TILE
    );
    for (i, k) in terrain.kinds().iter().enumerate() {
        let _ = writeln!(s, " <tile id=\"{i}\">");
        s.push_str("  <properties>\n");
        let _ = writeln!(s, "   <property name=\"terrain\" value=\"{}\"/>", attr(&k.name));
        s.push_str("  </properties>\n");
        s.push_str(" </tile>\n");
    }
    s.push_str("</tileset>\n");
    s
}

/// The map of `scenario` as a `.tmx` using the tileset file `tsx` (made by [`tsx_text`]):
/// a CSV tile layer `terrain` and every unit as an object of the layer `units`, with the
/// properties that differ from its kind's (and always `team`, `kind` and an enemy's `profile`);
/// a fog scenario's map has the map property `fog`.
pub fn tmx_text(scenario: &Scenario, data: &DataSet, tsx: &str) -> String {
    let (w, h) = (scenario.map.width(), scenario.map.height());
    let n = scenario.units.len();
    let mut s = String::new();
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        s,
        "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"{w}\" height=\"{h}\" tilewidth=\"{TILE}\" tileheight=\"{TILE}\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"{}\">",
        n + 1
    );
    // Fog of war, when on, as the map property the loader reads (absent otherwise, so
    // exports of other scenarios keep their bytes).
    if scenario.fog {
        s.push_str(" <properties>\n  <property name=\"fog\" type=\"bool\" value=\"true\"/>\n </properties>\n");
    }
    let _ = writeln!(s, " <tileset firstgid=\"1\" source=\"{}\"/>", attr(tsx));
    let _ = writeln!(s, " <layer id=\"1\" name=\"terrain\" width=\"{w}\" height=\"{h}\">");
    s.push_str("  <data encoding=\"csv\">\n");
    for (y, row) in scenario.map.cells().chunks(w).enumerate() {
        let line: Vec<String> = row.iter().map(|t| (t.0 as u32 + 1).to_string()).collect();
        s.push_str(&line.join(","));
        s.push_str(if y + 1 < h { ",\n" } else { "\n" });
    }
    s.push_str("</data>\n");
    s.push_str(" </layer>\n");
    // Units drawn in red in the editor, apart from the terrain.
    s.push_str(" <objectgroup id=\"2\" name=\"units\" color=\"#e04040\">\n");
    for (i, u) in scenario.units.iter().enumerate() {
        let _ = writeln!(
            s,
            "  <object id=\"{}\" name=\"{}\" x=\"{}\" y=\"{}\" width=\"{TILE}\" height=\"{TILE}\">",
            i + 1,
            attr(&u.name),
            u.at.x as i64 * TILE as i64,
            u.at.y as i64 * TILE as i64
        );
        s.push_str("   <properties>\n");
        for (name, kind, value) in unit_properties(u, data) {
            let ty = if kind == "string" {
                String::new()
            } else {
                format!(" type=\"{kind}\"")
            };
            let _ = writeln!(s, "    <property name=\"{name}\"{ty} value=\"{}\"/>", attr(&value));
        }
        s.push_str("   </properties>\n");
        s.push_str("  </object>\n");
    }
    s.push_str(" </objectgroup>\n");
    s.push_str("</map>\n");
    s
}

/// The properties a unit object needs for the unit to load back as it is: name, Tiled type
/// (`string` or `int`) and value.
fn unit_properties(
    u: &skirmish_core::model::scenario::UnitSpec,
    data: &DataSet,
) -> Vec<(&'static str, &'static str, String)> {
    use skirmish_core::search::grid::Team;
    let mut p = vec![
        (
            "team",
            "string",
            if u.team == Team::Player { "player" } else { "enemy" }.to_string(),
        ),
        ("kind", "string", u.kind.clone()),
    ];
    let kind = data.kinds.get(&u.kind);
    let class = data
        .terrain
        .classes()
        .get(u.class.0 as usize)
        .cloned()
        .unwrap_or_default();
    if kind.is_none_or(|k| k.class != class) {
        p.push(("class", "string", class));
    }
    // A number the scenario wrote for the unit itself is written again even when it equals
    // the kind's, so a `kind:` override leaves it alone in the copy too.
    if u.own.movement || kind.is_none_or(|k| k.movement != u.movement) {
        p.push(("move", "int", u.movement.to_string()));
    }
    if let Some(profile) = &u.profile {
        p.push(("profile", "string", profile.clone()));
    }
    for (name, cell) in [("pivot", u.pivot), ("goal", u.goal)] {
        if let Some(c) = cell {
            p.push((name, "string", format!("{},{}", c.x, c.y)));
        }
    }
    let base = kind.map(|k| k.stats);
    for (name, value, of_kind, own) in [
        ("hp", u.stats.hp, base.map(|b| b.hp), u.own.hp),
        ("attack", u.stats.attack, base.map(|b| b.attack), u.own.attack),
        ("defense", u.stats.defense, base.map(|b| b.defense), u.own.defense),
    ] {
        if own || of_kind != Some(value) {
            p.push((name, "int", value.to_string()));
        }
    }
    let (lo, hi) = (u.stats.range_min, u.stats.range_max);
    if u.own.range || base.is_none_or(|b| (b.range_min, b.range_max) != (lo, hi)) {
        if lo == hi {
            p.push(("range", "int", lo.to_string()));
        } else {
            p.push(("range", "string", format!("{lo}-{hi}")));
        }
    }
    if u.reserve {
        p.push(("reserve", "bool", "true".to_string()));
    }
    // Movement rules: written when the unit wrote its own or differs from its kind, as the
    // numbers above (a `kind:` switch then leaves the copy's unit alone too).
    let rules = kind.map(|k| k.moves).unwrap_or_default();
    for (name, value, of_kind, own) in [
        ("zoc", u.moves.zoc, rules.zoc, u.own.zoc),
        ("skirmisher", u.moves.skirmisher, rules.skirmisher, u.own.skirmisher),
        ("canto", u.moves.canto, rules.canto, u.own.canto),
    ] {
        if own || value != of_kind {
            p.push((name, "bool", value.to_string()));
        }
    }
    if let Some(hp) = u.hp_left {
        p.push(("hp_left", "int", hp.to_string()));
    }
    p
}

/// The scenario's `[combat]`, `[objective]` and `[[events]]` tables as TOML (empty when it has none),
/// for the scenario file written beside an exported map.
///
/// ```
/// use skirmish_core::prelude::*;
/// let mut s = Scenario {
///     name: "x".into(), path: String::new(), map_path: String::new(),
///     map: TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap(),
///     units: vec![], objective: Objective::default(), events: vec![], fingerprint: 0,
///     levels: vec![], difficulty: None, combat: Default::default(), fog: false,
/// };
/// assert_eq!(skirmish_data::io::tiled::objective_toml(&s), "");
/// s.objective.win = Win::Survive(8);
/// s.events.push(ScriptEvent::new(Trigger::Turn(3)).say("Hold on!"));
/// let t: toml::Table = toml::from_str(&skirmish_data::io::tiled::objective_toml(&s)).unwrap();
/// assert_eq!(t["objective"]["survive"].as_integer(), Some(8));
/// assert_eq!(t["events"][0]["say"].as_str(), Some("Hold on!"));
/// ```
pub fn objective_toml(scenario: &Scenario) -> String {
    use skirmish_core::model::objective::{Trigger, Win};
    let text = |v: &str| toml::Value::String(v.to_string()).to_string();
    let names = |v: &[String]| format!("[{}]", v.iter().map(|n| text(n)).collect::<Vec<_>>().join(", "));
    let cells = |v: &[skirmish_core::search::grid::Pos]| {
        format!(
            "[{}]",
            v.iter()
                .map(|p| format!("[{}, {}]", p.x, p.y))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let mut s = String::new();
    // Chance in combat, when on: the exported battle rolls as the original does.
    let c = scenario.combat;
    if c != Default::default() {
        let _ = writeln!(s, "\n[combat]\nchance = {}\ntrue_hit = {}", c.chance, c.true_hit);
    }
    let o = &scenario.objective;
    if !o.is_default() {
        s.push_str("\n[objective]\n");
        match &o.win {
            Win::Rout => s.push_str("win = \"rout\"\n"),
            Win::Boss(b) => {
                let _ = writeln!(s, "win = \"boss\"\nboss = {}", text(b));
            }
            Win::Seize { cells: c, seizers } => {
                let _ = writeln!(s, "win = \"seize\"\nseize = {}", cells(c));
                if !seizers.is_empty() {
                    let _ = writeln!(s, "seizers = {}", names(seizers));
                }
            }
            Win::Survive(n) => {
                let _ = writeln!(s, "win = \"survive\"\nsurvive = {n}");
            }
        }
        if let Some(l) = o.turn_limit {
            let _ = writeln!(s, "turn_limit = {l}");
        }
        if !o.protect.is_empty() {
            let _ = writeln!(s, "protect = {}", names(&o.protect));
        }
        if !o.hold.is_empty() {
            let _ = writeln!(s, "hold = {}", cells(&o.hold));
        }
    }
    for e in &scenario.events {
        s.push_str("\n[[events]]\n");
        match &e.trigger {
            Trigger::Turn(t) => {
                let _ = writeln!(s, "turn = {t}");
            }
            Trigger::Entered(c) => {
                let _ = writeln!(s, "entered = {}", cells(c));
            }
        }
        if !e.arrive.is_empty() {
            let _ = writeln!(s, "arrive = {}", names(&e.arrive));
        }
        if !e.wake.is_empty() {
            let _ = writeln!(s, "wake = {}", names(&e.wake));
        }
        if let Some(line) = &e.say {
            let _ = writeln!(s, "say = {}", text(line));
        }
    }
    s
}

/// A scenario file whose map is `tmx` and whose units all live in that map.
///
/// ```
/// let s = skirmish_data::io::tiled::scenario_text("River \"crossing\"", "river.tmx");
/// let t: toml::Table = toml::from_str(&s).unwrap();
/// assert_eq!(t["name"].as_str(), Some("River \"crossing\""));
/// assert_eq!(t["map"].as_str(), Some("river.tmx"));
/// ```
pub fn scenario_text(name: &str, tmx: &str) -> String {
    format!(
        "# Exported for the Tiled editor: the terrain and the units are in the map.\nname = {}\nmap = {}\n",
        toml::Value::String(name.to_string()),
        toml::Value::String(tmx.to_string())
    )
}
