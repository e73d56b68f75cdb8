//! Building a battle in code, checked: [`BattleBuilder`].

use crate::model::map::TerrainMap;
use crate::model::objective::{Objective, ScriptEvent};
use crate::model::profiles::{Behavior, Profiles};
use crate::model::scenario::{Scenario, UnitSpec};
use crate::model::terrain::{TerrainError, TerrainSet};
use crate::rules::battle::Battle;
use crate::search::grid::{Pos, Team};

/// Why a battle could not be built from its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// The terrain kinds and classes do not hold together (see [`TerrainSet::check`]).
    Terrain(TerrainError),
    /// A map cell holds a terrain id the terrain does not have.
    UnknownTerrain {
        /// The id.
        id: u8,
        /// How many kinds there are.
        kinds: usize,
    },
    /// A unit stands off the map.
    OffMap {
        /// The unit's name.
        unit: String,
        /// Its cell.
        at: Pos,
    },
    /// A unit's class is not one of the terrain's classes.
    UnknownClass {
        /// The unit's name.
        unit: String,
        /// Its class id.
        class: u8,
        /// How many classes there are.
        classes: usize,
    },
    /// A unit stands on a cell its class cannot enter.
    Impassable {
        /// The unit's name.
        unit: String,
        /// Its cell.
        at: Pos,
        /// Its class's name.
        class: String,
    },
    /// A unit starts hurt with hit points outside 1 to its maximum (`hp_left`).
    HurtOutOfRange {
        /// The unit's name.
        unit: String,
        /// Its `hp_left`.
        hp_left: i32,
        /// Its hit points unhurt.
        hp: i32,
    },
    /// Two units on the board share a cell.
    SharedCell {
        /// The second unit's name.
        unit: String,
        /// The cell.
        at: Pos,
    },
    /// The objective or the scripted events name units or cells that do not fit.
    Objective(String),
    /// A unit's number is outside the bounds the loaders accept (hp `1..=MAX_STAT`,
    /// `range_min <= range_max`, move `0..=MAX_MOVE`, a heal of at least 1...).
    Number {
        /// The unit.
        unit: String,
        /// Which number, and its bounds.
        error: crate::model::units::NumberError,
    },
    /// Two units have the same name (names are identities: saves, replays and the command
    /// line refer to units by name).
    SameName {
        /// The name given twice.
        unit: String,
    },
    /// An enemy names a profile the profiles given to [`BattleBuilder::profiles`] lack.
    UnknownProfile {
        /// The unit's name.
        unit: String,
        /// The profile it names.
        profile: String,
        /// The profiles there are, comma-separated.
        known: String,
    },
    /// An enemy's profile keeps a range its weapon does not reach: it would never strike.
    OutOfReach {
        /// The unit's name.
        unit: String,
        /// Its profile.
        profile: String,
        /// The range the profile keeps.
        keeps: u32,
        /// The weapon's reach, nearest and farthest.
        reach: (u32, u32),
    },
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Terrain(e) => write!(f, "{e}"),
            SetupError::UnknownTerrain { id, kinds } => {
                write!(f, "the map uses terrain id {id} but there are {kinds} terrain kinds")
            }
            SetupError::OffMap { unit, at } => write!(f, "{unit} at {at} is off the map"),
            SetupError::UnknownClass { unit, class, classes } => {
                write!(f, "{unit} has class #{class} but there are {classes} classes")
            }
            SetupError::Impassable { unit, at, class } => {
                write!(f, "{unit} at {at} stands where class {class} cannot enter")
            }
            SetupError::SharedCell { unit, at } => write!(f, "{unit} at {at} shares its cell with another unit"),
            SetupError::HurtOutOfRange { unit, hp_left, hp } => {
                write!(f, "{unit} starts with hp_left {hp_left}, outside 1..={hp}")
            }
            SetupError::Objective(m) => f.write_str(m),
            SetupError::Number { unit, error } => write!(f, "{unit}: {error}"),
            SetupError::SameName { unit } => {
                write!(f, "two units are named {unit:?}: names must be unique within a battle")
            }
            SetupError::UnknownProfile { unit, profile, known } => {
                write!(
                    f,
                    "{unit} names profile {profile:?}, which does not exist (profiles: {known})"
                )
            }
            SetupError::OutOfReach {
                unit,
                profile,
                keeps,
                reach: (lo, hi),
            } => write!(
                f,
                "{unit}: profile {profile:?} keeps range {keeps}, but its weapon reaches {lo}..={hi}: it would never strike"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<TerrainError> for SetupError {
    fn from(e: TerrainError) -> SetupError {
        SetupError::Terrain(e)
    }
}

/// A battle assembled in code: a map, its terrain (default [`TerrainSet::standard`]) and units.
///
/// ```
/// use skirmish_core::prelude::*;
/// let battle = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..", ".."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::enemy("Brute", (1, 1), "charger"))
///     .build()
///     .unwrap();
/// assert_eq!((battle.turn(), battle.active()), (1, Team::Player));
/// // A unit off the map, or on a cell its class cannot enter, is refused.
/// let off = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".#"]).unwrap())
///     .unit(UnitSpec::player("Kiny", (1, 0)))
///     .build();
/// assert!(off.is_err());
/// ```
#[derive(Debug, Clone)]
pub struct BattleBuilder {
    map: TerrainMap,
    terrain: TerrainSet,
    units: Vec<UnitSpec>,
    objective: Objective,
    events: Vec<ScriptEvent>,
    profiles: Option<Profiles>,
    combat: crate::model::scenario::Combat,
    fog: bool,
}

impl BattleBuilder {
    /// A battle on `map`, whose terrain ids are those of [`TerrainSet::standard`] unless
    /// [`BattleBuilder::terrain`] says otherwise.
    pub fn new(map: TerrainMap) -> BattleBuilder {
        BattleBuilder {
            map,
            terrain: TerrainSet::standard(),
            units: Vec::new(),
            objective: Objective::default(),
            events: Vec::new(),
            profiles: None,
            combat: crate::model::scenario::Combat::default(),
            fog: false,
        }
    }

    /// The profiles the battle's enemies will be driven by: [`BattleBuilder::build`] then
    /// refuses an enemy naming a profile they lack (it would stay put forever) or keeping a
    /// range its weapon does not reach (it would never strike).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap();
    /// let typo = BattleBuilder::new(map.clone())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (4, 0), "chargr"))
    ///     .profiles(Profiles::standard())
    ///     .build();
    /// assert!(matches!(typo, Err(SetupError::UnknownProfile { .. })));
    /// // The archer profile keeps range 3: a soldier's weapon reaches 1 only.
    /// let archer = BattleBuilder::new(map)
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Bow", (4, 0), "archer"))
    ///     .profiles(Profiles::standard())
    ///     .build();
    /// assert!(matches!(archer, Err(SetupError::OutOfReach { keeps: 3, .. })));
    /// ```
    pub fn profiles(mut self, profiles: Profiles) -> BattleBuilder {
        self.profiles = Some(profiles);
        self
    }

    /// The terrain kinds the map's ids refer to.
    pub fn terrain(mut self, terrain: TerrainSet) -> BattleBuilder {
        self.terrain = terrain;
        self
    }

    /// Adds a unit (units act in the order they are added; the first player unit is the hero).
    pub fn unit(mut self, unit: UnitSpec) -> BattleBuilder {
        self.units.push(unit);
        self
    }

    /// How the battle is won and lost (default: rout, protect the hero).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::objective::{Objective, Win};
    /// let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (3, 0), "guard"))
    ///     .objective(Objective { win: Win::Seize { cells: vec![Pos::new(2, 0)], seizers: vec![] }, ..Objective::default() })
    ///     .build()
    ///     .unwrap();
    /// let kiny = b.find("Kiny").unwrap();
    /// b.execute(Command::Move { unit: kiny, path: Steps::parse("22").unwrap() }).unwrap();
    /// let events = b.execute(Command::Wait { unit: kiny }).unwrap();
    /// assert_eq!(events.last(), Some(&Event::BattleEnded {
    ///     winner: Team::Player,
    ///     why: Ending::Seized { unit: kiny, at: Pos::new(2, 0) },
    /// }));
    /// ```
    pub fn objective(mut self, objective: Objective) -> BattleBuilder {
        self.objective = objective;
        self
    }

    /// How blows are decided (default: every blow lands). With chance on, rolls come from
    /// the battle's seed ([`Battle::with_seed`]).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::scenario::Combat;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .combat(Combat { chance: true, true_hit: false })
    ///     .build()
    ///     .unwrap();
    /// assert!(b.combat().chance);
    /// ```
    pub fn combat(mut self, combat: crate::model::scenario::Combat) -> BattleBuilder {
        self.combat = combat;
        self
    }

    /// Fog of war on or off (default off): each side sees only what its units' vision
    /// reaches ([`Battle::sight`]), and the enemy decides from what its side sees.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .fog(true)
    ///     .build()
    ///     .unwrap();
    /// assert!(b.fog());
    /// ```
    pub fn fog(mut self, fog: bool) -> BattleBuilder {
        self.fog = fog;
        self
    }

    /// Adds a scripted event (they fire in the order they are added when due together).
    pub fn event(mut self, event: ScriptEvent) -> BattleBuilder {
        self.events.push(event);
        self
    }

    /// The battle at turn 1, the player's phase, after checking every part.
    pub fn build(self) -> Result<Battle, SetupError> {
        let terrain = self.terrain.clone();
        let profiles = self.profiles.clone();
        let scenario = self.scenario();
        if let Some(profiles) = &profiles {
            check_profiles(&scenario.units, profiles)?;
        }
        Battle::try_new(&scenario, &terrain)
    }

    /// The scenario the battle would be built from (unnamed, with no files), unchecked:
    /// for code that prepares scenarios, such as a campaign's roster.
    pub fn scenario(self) -> Scenario {
        Scenario {
            name: String::new(),
            path: String::new(),
            map_path: String::new(),
            map: self.map,
            units: self.units,
            objective: self.objective,
            events: self.events,
            fingerprint: 0,
            levels: Vec::new(),
            difficulty: None,
            combat: self.combat,
            fog: self.fog,
        }
    }
}

/// Every enemy's profile exists in `profiles`, and one that keeps a range keeps one its
/// weapon reaches.
fn check_profiles(units: &[UnitSpec], profiles: &Profiles) -> Result<(), SetupError> {
    for u in units.iter().filter(|u| u.team == Team::Enemy) {
        let Some(name) = &u.profile else { continue };
        let Some(p) = profiles.get(name) else {
            return Err(SetupError::UnknownProfile {
                unit: u.name.clone(),
                profile: name.clone(),
                known: profiles.names(),
            });
        };
        if let Behavior::KeepRange { range, .. } = p.behavior {
            let (lo, hi) = (u.stats.range_min, u.stats.range_max);
            if !(lo..=hi).contains(&range) {
                return Err(SetupError::OutOfReach {
                    unit: u.name.clone(),
                    profile: name.clone(),
                    keeps: range,
                    reach: (lo, hi),
                });
            }
        }
    }
    Ok(())
}
