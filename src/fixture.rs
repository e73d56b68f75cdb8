//! Small inline ASCII scenes for tests: a picture of the map with unit markers, read into
//! a map, an occupancy grid and unit positions.
//!
//! Terrain glyphs are those of [`TERRAIN`] (the shipped glyphs with foot costs fixed here,
//! so designer edits to `data/terrain.toml` never change what a test means). Markers stand
//! on plain ground: `@` the mover, `a` its allies, `x` units of the other team, `*` an
//! expected destination, and any other ASCII letter a named unit (see [`Scene::marks`]). Spaces are ignored, so rows may
//! be written `. . T .` for readability.

use crate::load::diag::Source;
use crate::load::map::TerrainMap;
use crate::load::profiles::Profiles;
use crate::load::terrain::TerrainSet;
use crate::load::units::Stats;
use crate::rules::battle::{Battle, Unit};
use crate::search::grid::Pos;
use crate::search::grid::Team;
use crate::search::range::Occupancy;

/// The fixed test terrain: plain 1, forest 2, hill 3, river 6, mountain 12, bridge 1, floor 1, wall.
pub const TERRAIN: &str = r##"
[plain]
glyph = "."
cost = 1
[forest]
glyph = "T"
cost = { foot = 2, horse = 4, flier = 1 }
defense = 1
[hill]
glyph = "^"
cost = { foot = 3, horse = 4, flier = 1 }
defense = 2
[river]
glyph = "~"
cost = { foot = 6, horse = 6, flier = 1 }
[mountain]
glyph = "M"
cost = { foot = 12, flier = 2 }
defense = 3
[bridge]
glyph = "="
cost = 1
[floor]
glyph = "_"
cost = 1
[wall]
glyph = "#"
"##;

/// The terrain of [`TERRAIN`].
pub fn terrain() -> TerrainSet {
    crate::load::terrain::parse(&Source::new("fixture-terrain.toml", TERRAIN)).unwrap_or_else(|e| panic!("{e}"))
}

/// A parsed scene.
#[derive(Debug, Clone)]
pub struct Scene {
    /// The terrain used.
    pub terrain: TerrainSet,
    /// The map (markers replaced by plain).
    pub map: TerrainMap,
    /// Every marker letter with its cell, in reading order.
    pub marks: Vec<(char, Pos)>,
}

impl Scene {
    /// Reads a scene; panics with the reason on a malformed picture (it is test code).
    pub fn parse(picture: &str) -> Scene {
        let terrain = terrain();
        let mut rows = Vec::new();
        let mut marks = Vec::new();
        for line in picture.lines() {
            let line: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            if line.is_empty() {
                continue;
            }
            let y = rows.len() as i32;
            let mut row = String::new();
            for (x, c) in line.chars().enumerate() {
                if c.is_ascii_alphabetic() && terrain.by_glyph(c).is_none() || c == '@' || c == '*' {
                    marks.push((c, Pos::new(x as i32, y)));
                    row.push('.');
                } else {
                    row.push(c);
                }
            }
            rows.push(row);
        }
        let text = rows.join("\n");
        let map = crate::load::map::parse(&Source::new("fixture", text), &terrain).unwrap_or_else(|e| panic!("{e}"));
        Scene { terrain, map, marks }
    }

    /// The cell of the first marker `c`.
    pub fn mark(&self, c: char) -> Pos {
        self.marks
            .iter()
            .find(|(m, _)| *m == c)
            .map(|(_, p)| *p)
            .unwrap_or_else(|| panic!("no '{c}' in the scene"))
    }

    /// Occupancy for a mover of `team` at `@`: `a` are its allies, `x` its enemies.
    pub fn occupancy(&self, team: Team) -> Occupancy {
        let mut occ = Occupancy::new(self.map.layout());
        for &(c, p) in &self.marks {
            match c {
                '@' | 'a' => {
                    occ.place(p, team);
                }
                'x' => {
                    occ.place(p, team.other());
                }
                _ => {}
            }
        }
        occ
    }
}

/// Removes spaces and blank lines so expected pictures can be written spaced out.
pub fn squeeze(picture: &str) -> String {
    picture
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|l| !l.is_empty())
        .map(|l| l + "\n")
        .collect()
}

/// The five shipped profiles with their shipped numbers, fixed here for tests.
pub const PROFILES: &str = r#"
[charger]
behavior = "charger"
[proximity]
behavior = "proximity"
sight = 10
[guard]
behavior = "guard_trigger"
trigger = 3
[pivot]
behavior = "pivot_leash"
leash = 6
[archer]
behavior = "keep_range"
sight = 10
range = 3
"#;

/// [`PROFILES`] plus `extra` TOML tables.
pub fn profiles(extra: &str) -> Profiles {
    let text = format!("{PROFILES}\n{extra}");
    crate::load::profiles::parse(&Source::new("fixture-profiles.toml", text)).unwrap_or_else(|e| panic!("{e}"))
}

/// A unit placed on a scene's marker.
#[derive(Debug, Clone)]
pub struct Placed {
    /// The marker letter in the picture.
    pub mark: char,
    /// Side.
    pub team: Team,
    /// Movement points.
    pub movement: u32,
    /// Profile (enemies).
    pub profile: Option<&'static str>,
    /// Movement class name.
    pub class: &'static str,
    /// Hit points at the start, when not the full amount.
    pub hp: Option<i32>,
    /// Combat numbers, when not a soldier's.
    pub stats: Option<Stats>,
    /// Pivot-leash centre, when not its start cell.
    pub pivot: Option<Pos>,
    /// What a level-up adds (nothing by default).
    pub growth: crate::model::units::Growth,
    /// Level and experience at the start (1 and 0 by default).
    pub level: (u32, u32),
    /// Movement rules (none by default).
    pub moves: crate::model::units::MoveRules,
}

impl Placed {
    /// The same unit starting with `hp` hit points.
    pub fn hp(self, hp: i32) -> Placed {
        Placed { hp: Some(hp), ..self }
    }

    /// The same unit leashed to `pivot` instead of its start cell.
    pub fn pivot(self, pivot: Pos) -> Placed {
        Placed {
            pivot: Some(pivot),
            ..self
        }
    }

    /// The same unit growing by `growth` at each level-up.
    pub fn growth(self, growth: crate::model::units::Growth) -> Placed {
        Placed { growth, ..self }
    }

    /// The same unit at `level` with `exp` experience.
    pub fn level(self, level: u32, exp: u32) -> Placed {
        Placed {
            level: (level, exp),
            ..self
        }
    }

    /// The same unit following these movement rules.
    pub fn moves(self, moves: crate::model::units::MoveRules) -> Placed {
        Placed { moves, ..self }
    }

    /// The same unit with other combat numbers (full hit points of those).
    pub fn stats(self, stats: Stats) -> Placed {
        Placed {
            stats: Some(stats),
            ..self
        }
    }
}

/// A player unit on marker `mark` (foot, move 5).
pub fn player(mark: char) -> Placed {
    Placed {
        mark,
        team: Team::Player,
        movement: 5,
        profile: None,
        class: "foot",
        hp: None,
        stats: None,
        pivot: None,
        growth: crate::model::units::Growth::default(),
        level: (1, 0),
        moves: crate::model::units::MoveRules::default(),
    }
}

/// An enemy on marker `mark` with `profile` and `movement` (foot).
pub fn enemy(mark: char, profile: &'static str, movement: u32) -> Placed {
    Placed {
        mark,
        team: Team::Enemy,
        movement,
        profile: Some(profile),
        class: "foot",
        hp: None,
        stats: None,
        pivot: None,
        growth: crate::model::units::Growth::default(),
        level: (1, 0),
        moves: crate::model::units::MoveRules::default(),
    }
}

impl Scene {
    /// A battle with `units` on their markers, in the order given (the acting order).
    /// Each unit is named after its marker letter.
    pub fn battle(&self, units: &[Placed]) -> Battle {
        let list = units
            .iter()
            .map(|u| {
                let pos = self.mark(u.mark);
                let class = self
                    .terrain
                    .class(u.class)
                    .unwrap_or_else(|| panic!("class {}", u.class));
                let base = Unit::new(u.mark.to_string(), u.team, pos, class, u.movement);
                let stats = u.stats.unwrap_or(base.stats());
                base.with_pivot(u.pivot.unwrap_or(pos))
                    .with_profile(u.profile)
                    .with_stats(stats)
                    .with_hp(u.hp.unwrap_or(stats.hp))
                    .with_growth(u.growth)
                    .with_level(u.level.0, u.level.1)
                    .with_moves(u.moves)
            })
            .collect();
        Battle::from_parts(self.map.clone(), self.terrain.clone(), list).unwrap_or_else(|e| panic!("fixture: {e}"))
    }
}

/// A `side` × `side` map of the fixture terrain, randomly mixed from `seed`: 60% plain,
/// 20% forest, 10% hill, 5% river, 3% mountain, 2% wall (the benches' "mixed" maps).
pub fn mixed_map(side: usize, seed: u64) -> TerrainMap {
    let terrain = terrain();
    let id = |g: char| terrain.by_glyph(g).unwrap_or_else(|| panic!("fixture glyph {g}"));
    let mut rng = crate::rng::Rng::new(seed);
    let cells = (0..side * side)
        .map(|_| {
            id(match rng.next_u64() % 100 {
                0..=59 => '.',
                60..=79 => 'T',
                80..=89 => '^',
                90..=94 => '~',
                95..=97 => 'M',
                _ => '#',
            })
        })
        .collect();
    TerrainMap::new(side, side, cells).unwrap_or_else(|e| panic!("fixture map: {e}"))
}

/// Runs the command line in-process: `(exit code, stdout, stderr)`; panics if it would
/// open the game (tests never do).
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let all = std::iter::once("skirmish")
        .chain(args.iter().copied())
        .map(std::ffi::OsString::from);
    match crate::cli::run(all) {
        crate::cli::Outcome::Done { code, stdout, stderr } => (code, stdout, stderr),
        crate::cli::Outcome::Play { .. } | crate::cli::Outcome::Title { .. } => panic!("{args:?} would open the game"),
    }
}

/// One whole enemy phase through the one driver, with fresh caches: the enemies' turns and
/// the events that ended the phase.
pub fn enemy_phase(
    b: &mut Battle,
    profiles: &crate::load::profiles::Profiles,
) -> Result<(Vec<crate::play::enemy::Turn>, Vec<crate::rules::Event>), crate::rules::RuleError> {
    enemy_phase_with(b, profiles, crate::ai::Method::Auto)
}

/// [`enemy_phase`] by a chosen method of finding travel costs.
pub fn enemy_phase_with(
    b: &mut Battle,
    profiles: &crate::load::profiles::Profiles,
    method: crate::ai::Method,
) -> Result<(Vec<crate::play::enemy::Turn>, Vec<crate::rules::Event>), crate::rules::RuleError> {
    let mut ai = crate::ai::Ai::new(profiles.clone()).with_method(method);
    crate::play::enemy::EnemyPhase::run(&mut ai, b).map(|r| (r.turns, r.end))
}

/// What enemy `id` decides, with fresh caches.
pub fn decide(b: &Battle, profiles: &crate::load::profiles::Profiles, id: crate::rules::UnitId) -> crate::ai::Decision {
    crate::ai::Ai::new(profiles.clone()).decide(b, id)
}
