//! Building a battle in code, checked: [`BattleBuilder`].

use crate::model::map::TerrainMap;
use crate::model::objective::{Objective, ScriptEvent};
use crate::model::scenario::{Scenario, UnitSpec};
use crate::model::terrain::TerrainSet;
use crate::rules::battle::Battle;

/// Why a battle could not be built from its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

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
        }
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
    /// b.execute(Command::Move { unit: kiny, path: Path::parse("22").unwrap() }).unwrap();
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

    /// Adds a scripted event (they fire in the order they are added when due together).
    pub fn event(mut self, event: ScriptEvent) -> BattleBuilder {
        self.events.push(event);
        self
    }

    /// The battle at turn 1, the player's phase, after checking every part.
    pub fn build(self) -> Result<Battle, SetupError> {
        let scenario = Scenario {
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
        };
        Battle::try_new(&scenario, &self.terrain)
    }
}
