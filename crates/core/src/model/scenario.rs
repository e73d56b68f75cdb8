//! A scenario as the rules see it: a terrain map and the units placed on it.

use crate::model::map::TerrainMap;
use crate::model::objective::{Objective, ScriptEvent};
use crate::model::terrain::{ClassId, Cost};
use crate::model::units::{Growth, Odds, Stats};
use crate::search::grid::{Pos, Team};

/// Most units one scenario may place.
pub const MAX_UNITS: usize = 10_000;
pub use crate::model::units::MAX_MOVE;

/// One unit as the scenario places it.
#[derive(Debug, Clone, PartialEq, Eq)]
// Open fields: a description, checked as a whole when a battle is built from it (a cell off
// the map, an unknown class or profile, hurt beyond its hp are `SetupError`s then).
pub struct UnitSpec {
    /// Unique name within the scenario.
    pub name: String,
    /// Its side.
    pub team: Team,
    /// Starting cell.
    pub at: Pos,
    /// Movement class.
    pub class: ClassId,
    /// Movement points.
    pub movement: Cost,
    /// AI profile name (enemies only).
    pub profile: Option<String>,
    /// Pivot-leash centre; `None` means the start cell.
    pub pivot: Option<Pos>,
    /// The cell an `advance` unit heads for, in place of its profile's `goal`.
    pub goal: Option<Pos>,
    /// Unit kind name.
    pub kind: String,
    /// Sprite name.
    pub sprite: String,
    /// Combat numbers (kind defaults with the scenario's overrides).
    pub stats: Stats,
    /// Not on the board at the start: an event's `arrive` brings it onto `at`.
    pub reserve: bool,
    /// What each level-up adds (its kind's `growth`).
    pub growth: Growth,
    /// Level at the start (1 for a new unit; a campaign's roster carries it over).
    pub level: u32,
    /// Experience at the start, below [`crate::model::units::EXP_LEVEL`].
    pub exp: u32,
    /// Which numbers the scenario wrote for this unit itself instead of taking its kind's
    /// (a `kind:KIND.KEY` override changes only the others).
    pub own: OwnStats,
    /// A healer's numbers (from its kind's `heal` and `heal_range`).
    pub heal: Option<crate::model::units::Healing>,
    /// Hit points at the start when it starts hurt (`hp_left`, 1 to its hp); `None`: unhurt.
    pub hp_left: Option<i32>,
    /// Its movement rules (its kind's, with the scenario's `zoc`, `skirmisher`, `canto`).
    pub moves: crate::model::units::MoveRules,
    /// Hit, avoid and critical (its kind's; they count only where the scenario has chance on).
    pub odds: Odds,
    /// Its kind's weapon (it counts only where the scenario has chance on).
    pub weapon: Option<crate::model::units::Weapon>,
    /// How far it sees (its kind's `vision`; it counts only where the scenario has fog on).
    pub vision: u32,
}

/// Which of a unit's numbers are its own (written in the scenario, or set by a
/// `unit:NAME.KEY` override) rather than its kind's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OwnStats {
    /// `move`.
    pub movement: bool,
    /// `hp`.
    pub hp: bool,
    /// `attack`.
    pub attack: bool,
    /// `defense`.
    pub defense: bool,
    /// `range` (both ends).
    pub range: bool,
    /// `zoc`.
    pub zoc: bool,
    /// `skirmisher`.
    pub skirmisher: bool,
    /// `canto`.
    pub canto: bool,
}

/// One override of a difficulty level: a `--set` key (`archer.range`, `unit:Warlord.hp`,
/// `kind:soldier.attack`) and its value, with where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelEntry {
    /// The key as written.
    pub key: String,
    /// Its value.
    pub value: i64,
    /// 1-based line of the key in the scenario file (0: not from a file).
    pub line: usize,
    /// 1-based column of the key.
    pub col: usize,
}

/// A difficulty level of a scenario (`[difficulty.NAME]`): overrides in the `--set` key
/// syntax, applied on top of the scenario and its data when the level is chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    /// The level's name (`easy`, `normal`, `hard`, ...).
    pub name: String,
    /// The overrides, in file order.
    pub entries: Vec<LevelEntry>,
    /// The win rate the level was tuned to, as written (`tuned = "65% average"`); `None`
    /// when unknown (`check` warns).
    pub tuned: Option<String>,
    /// 1-based line of the table's header (0: not from a file).
    pub line: usize,
    /// 1-based column of the header.
    pub col: usize,
}

/// How blows are decided: the scenario's `[combat]` table (absent: every blow lands, as
/// before chance existed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Combat {
    /// `chance = true`: a blow hits with its hit chance and may be critical, rolled from the
    /// battle's seed.
    pub chance: bool,
    /// `true_hit = true`: the hit roll is the average of two numbers (the classic two-number
    /// hit), so high chances land more often and low ones less than they say.
    pub true_hit: bool,
}

/// A loaded and validated scenario.
///
/// A record with open fields (but [`Scenario::path`]'s): whatever is written into them is
/// checked again when a battle is built from it (`Battle::try_new` refuses a unit off the
/// map, an unknown class...), so no write can break a battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// Display name.
    pub name: String,
    /// The scenario file as shown in messages.
    #[doc(hidden)]
    // Written by skirmish-data's loaders (another crate, so not `pub(crate)`); read it with `Scenario::path()`.
    pub path: String,
    /// The map file as shown in messages.
    pub map_path: String,
    /// The terrain.
    pub map: TerrainMap,
    /// Units in file order, which is also the acting order.
    pub units: Vec<UnitSpec>,
    /// How the battle is won and lost.
    pub objective: Objective,
    /// Scripted events, in file order.
    pub events: Vec<ScriptEvent>,
    /// A hash of the scenario and map texts: a save refuses to resume on changed files.
    pub fingerprint: u64,
    /// Its difficulty levels (`[difficulty.NAME]` tables), in file order, as written.
    pub levels: Vec<Level>,
    /// The level applied to this scenario and its data, if any (shown in the game's top band,
    /// recorded in saves and replays).
    pub difficulty: Option<String>,
    /// How blows are decided (`[combat]`; default: deterministic).
    pub combat: Combat,
    /// Fog of war (`fog = true`): each side sees only what its units' vision reaches.
    pub fog: bool,
}

impl Scenario {
    /// The file it was read from, as messages show it (empty for one made in code by
    /// `BattleBuilder::scenario`).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["..."]).unwrap();
    /// let s = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (0, 0))).scenario();
    /// assert_eq!(s.path(), "");
    /// ```
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The level called `name`.
    pub fn level(&self, name: &str) -> Option<&Level> {
        self.levels.iter().find(|l| l.name == name)
    }

    /// The names of its levels, comma-separated, for messages (`none` without levels).
    pub fn level_names(&self) -> String {
        if self.levels.is_empty() {
            "none".into()
        } else {
            self.levels
                .iter()
                .map(|l| l.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        }
    }
}

impl UnitSpec {
    /// A player unit of the built-in `soldier` kind (class `foot`, move 5) at `at`.
    pub fn player(name: impl Into<String>, at: impl Into<Pos>) -> UnitSpec {
        UnitSpec::soldier(name.into(), Team::Player, at.into(), None)
    }

    /// An enemy unit of the built-in `soldier` kind that decides by the profile named `profile`.
    pub fn enemy(name: impl Into<String>, at: impl Into<Pos>, profile: impl Into<String>) -> UnitSpec {
        UnitSpec::soldier(name.into(), Team::Enemy, at.into(), Some(profile.into()))
    }

    fn soldier(name: String, team: Team, at: Pos, profile: Option<String>) -> UnitSpec {
        let kinds = crate::model::data::builtin_kinds();
        let kind = &kinds.list[0];
        UnitSpec {
            name,
            team,
            at,
            class: ClassId(0),
            movement: kind.movement,
            profile,
            pivot: None,
            goal: None,
            kind: kind.name.clone(),
            sprite: if team == Team::Player {
                "hero".into()
            } else {
                kind.sprite.clone()
            },
            stats: kind.stats,
            reserve: false,
            growth: kind.growth,
            level: 1,
            exp: 0,
            own: OwnStats::default(),
            heal: None,
            hp_left: None,
            moves: kind.moves,
            odds: kind.odds,
            weapon: kind.weapon.clone(),
            vision: kind.vision,
        }
    }

    /// The same unit with `points` movement points.
    pub fn movement(mut self, points: Cost) -> UnitSpec {
        self.movement = points;
        self.own.movement = true;
        self
    }

    /// The same unit of movement class `class` (an index into the terrain's classes).
    pub fn class(mut self, class: ClassId) -> UnitSpec {
        self.class = class;
        self
    }

    /// The same unit with these combat numbers (it starts unhurt).
    pub fn stats(mut self, stats: Stats) -> UnitSpec {
        self.stats = stats;
        self.own = OwnStats {
            hp: true,
            attack: true,
            defense: true,
            range: true,
            ..self.own
        };
        self
    }

    /// This growth per level-up.
    pub fn growth(mut self, growth: Growth) -> UnitSpec {
        self.growth = growth;
        self
    }

    /// Starts at this level with this much experience (as a campaign's roster does).
    pub fn level(mut self, level: u32, exp: u32) -> UnitSpec {
        self.level = level;
        self.exp = exp;
        self
    }

    /// The same unit kept off the board until an event's `arrive` names it.
    pub fn reserve(mut self) -> UnitSpec {
        self.reserve = true;
        self
    }

    /// The same unit healing allies: `heal` hp at most, at distances `range_min..=range_max`.
    pub fn healer(mut self, heal: crate::model::units::Healing) -> UnitSpec {
        self.heal = Some(heal);
        self
    }

    /// The same unit following these movement rules (zones of control, skirmisher, canto).
    pub fn moves(mut self, moves: crate::model::units::MoveRules) -> UnitSpec {
        self.moves = moves;
        self
    }

    /// The same unit starting the battle with `hp` hit points left (1 to its hp).
    pub fn hurt(mut self, hp: i32) -> UnitSpec {
        self.hp_left = Some(hp);
        self
    }

    /// The same unit with these chance numbers (hit, avoid, critical).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::units::Odds;
    /// let u = UnitSpec::player("Kiny", (0, 0)).odds(Odds { hit: 80, avoid: 10, crit: 5 });
    /// assert_eq!(u.odds.hit, 80);
    /// ```
    pub fn odds(mut self, odds: Odds) -> UnitSpec {
        self.odds = odds;
        self
    }

    /// The same unit with this weapon.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::units::Weapon;
    /// let bow = Weapon { name: "bow".into(), beats: vec![], effective: vec![ClassId(2)] };
    /// let u = UnitSpec::player("Robin", (0, 0)).weapon(bow);
    /// assert_eq!(u.weapon.unwrap().name, "bow");
    /// ```
    pub fn weapon(mut self, weapon: crate::model::units::Weapon) -> UnitSpec {
        self.weapon = Some(weapon);
        self
    }

    /// The same unit seeing `vision` cells far under fog of war.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// assert_eq!(UnitSpec::player("Kiny", (0, 0)).vision, 3);
    /// assert_eq!(UnitSpec::player("Kiny", (0, 0)).vision(5).vision, 5);
    /// ```
    pub fn vision(mut self, vision: u32) -> UnitSpec {
        self.vision = vision;
        self
    }

    /// The same unit leashed around `pivot` (for `pivot_leash` profiles; default: its start).
    pub fn pivot(mut self, pivot: impl Into<Pos>) -> UnitSpec {
        self.pivot = Some(pivot.into());
        self
    }
}
