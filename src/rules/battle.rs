//! Battle state: units on a map, whose turn it is, and the only code that moves units.

use crate::load::data::DataSet;
use crate::load::map::{CostLayer, TerrainMap};
use crate::load::scenario::Scenario;
use crate::load::terrain::{ClassId, Cost, TerrainSet};
use crate::load::units::Stats;
use crate::search::grid::Team;
use crate::search::grid::{Path, Pos};
use crate::search::potential::PotentialMap;
use crate::search::range::{Leash, Occupancy, Range, RangeFinder, RangeQuery, Reach};
use std::collections::HashMap;

/// Index of a unit in [`Battle::units`]; stable for the whole battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnitId(pub usize);

/// A unit during a battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Unique name.
    pub name: String,
    /// Side.
    pub team: Team,
    /// Current cell.
    pub pos: Pos,
    /// Movement class.
    pub class: ClassId,
    /// Movement points per turn.
    pub movement: Cost,
    /// AI profile name (enemies).
    pub profile: Option<String>,
    /// Pivot-leash centre (its start cell unless the scenario says otherwise).
    pub pivot: Pos,
    /// A guard's trigger: once set it stays set for the rest of the battle.
    pub triggered: bool,
    /// False once defeated.
    pub alive: bool,
    /// Kind name (from `units.toml`).
    pub kind: String,
    /// Sprite name.
    pub sprite: String,
    /// Combat numbers.
    pub stats: Stats,
    /// Hit points left.
    pub hp: i32,
    /// True once it has acted this player phase.
    pub acted: bool,
}

impl Unit {
    /// A unit with default soldier stats (tests and generators fill in the rest).
    pub fn new(name: impl Into<String>, team: Team, pos: Pos, class: ClassId, movement: Cost) -> Unit {
        let stats = crate::load::data::builtin_kinds().list[0].stats;
        Unit {
            name: name.into(),
            team,
            pos,
            class,
            movement,
            profile: None,
            pivot: pos,
            triggered: false,
            alive: true,
            kind: "soldier".into(),
            sprite: if team == Team::Player {
                "hero".into()
            } else {
                "soldier".into()
            },
            stats,
            hp: stats.hp,
            acted: false,
        }
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// No such unit, or it has been defeated.
    NoUnit(UnitId),
    /// The path does not end on a cell the unit can reach this turn along that path.
    Unreachable {
        /// The mover.
        unit: UnitId,
        /// Where it wanted to go.
        to: Pos,
    },
}

/// Units on a map, with cached terrain cost layers and potential maps.
#[derive(Debug, Clone)]
pub struct Battle {
    /// Terrain.
    pub map: TerrainMap,
    /// Terrain kinds and classes.
    pub terrain: TerrainSet,
    /// Every unit, in scenario order (the acting order).
    pub units: Vec<Unit>,
    /// Turn number, from 1.
    pub turn: u32,
    occ: Occupancy,
    layers: Vec<CostLayer>,
    finder: RangeFinder,
    potentials: HashMap<(Pos, ClassId), PotentialMap>,
}

/// Potential maps kept at once before the cache is emptied (each is a map-sized array).
const MAX_CACHED_POTENTIALS: usize = 64;

impl Battle {
    /// The battle at the start of a scenario.
    pub fn new(scenario: &Scenario, data: &DataSet) -> Battle {
        let units = scenario
            .units
            .iter()
            .map(|u| Unit {
                name: u.name.clone(),
                team: u.team,
                pos: u.at,
                class: u.class,
                movement: u.movement,
                profile: u.profile.clone(),
                pivot: u.pivot.unwrap_or(u.at),
                triggered: false,
                alive: true,
                kind: u.kind.clone(),
                sprite: u.sprite.clone(),
                stats: u.stats,
                hp: u.stats.hp,
                acted: false,
            })
            .collect();
        Battle::from_parts(scenario.map.clone(), data.terrain.clone(), units)
    }

    /// A battle from a map and units directly (tests, generators).
    pub fn from_parts(map: TerrainMap, terrain: TerrainSet, units: Vec<Unit>) -> Battle {
        let layers = (0..terrain.classes.len())
            .map(|c| map.cost_layer(&terrain, ClassId(c as u8)))
            .collect();
        let layout = map.layout();
        let mut b = Battle {
            map,
            terrain,
            units,
            turn: 1,
            occ: Occupancy::new(layout),
            layers,
            finder: RangeFinder::new(layout),
            potentials: HashMap::new(),
        };
        b.rebuild_occupancy();
        b
    }

    /// Recomputes who stands where from the unit list.
    pub fn rebuild_occupancy(&mut self) {
        self.occ = Occupancy::new(self.map.layout());
        for u in self.units.iter().filter(|u| u.alive) {
            self.occ.place(u.pos, u.team);
        }
    }

    /// Swaps in new terrain data (live reload); the map's glyphs keep their meaning by index.
    pub fn set_terrain(&mut self, terrain: TerrainSet) {
        self.layers = (0..terrain.classes.len())
            .map(|c| self.map.cost_layer(&terrain, ClassId(c as u8)))
            .collect();
        self.terrain = terrain;
        self.potentials.clear();
    }

    /// Who stands where.
    pub fn occupancy(&self) -> &Occupancy {
        &self.occ
    }

    /// The unit with this id.
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id.0]
    }

    /// The living unit on `p`.
    pub fn unit_at(&self, p: Pos) -> Option<UnitId> {
        self.units.iter().position(|u| u.alive && u.pos == p).map(UnitId)
    }

    /// The unit named `name`.
    pub fn find(&self, name: &str) -> Option<UnitId> {
        self.units.iter().position(|u| u.name == name).map(UnitId)
    }

    /// Living units of `team`, in acting order.
    pub fn living(&self, team: Team) -> impl Iterator<Item = UnitId> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.alive && u.team == team)
            .map(|(i, _)| UnitId(i))
    }

    /// Terrain costs for a class.
    pub fn layer(&self, class: ClassId) -> &CostLayer {
        &self.layers[class.0 as usize]
    }

    /// The range search for `id` with everybody as placed, optionally leashed.
    pub fn reach(&mut self, id: UnitId, leash: Option<Leash>) -> Reach<'_> {
        let u = &self.units[id.0];
        let q = RangeQuery {
            origin: u.pos,
            budget: u.movement,
            team: u.team,
            leash,
        };
        self.finder.search(&self.layers[u.class.0 as usize], &self.occ, q)
    }

    /// An owned copy of [`Battle::reach`] without a leash (the player's move overlay).
    pub fn range(&mut self, id: UnitId) -> Range {
        self.reach(id, None).to_range()
    }

    /// Travel cost map towards `target` for movers of `class`, cached.
    pub fn potential(&mut self, target: Pos, class: ClassId) -> &PotentialMap {
        if self.potentials.len() >= MAX_CACHED_POTENTIALS && !self.potentials.contains_key(&(target, class)) {
            self.potentials.clear();
        }
        let layer = &self.layers[class.0 as usize];
        self.potentials
            .entry((target, class))
            .or_insert_with(|| PotentialMap::compute(layer, target))
    }

    /// The range search for `id` together with the potential map towards `target` for its
    /// class (both borrowed at once, so deciding needs no copy of the map).
    pub fn reach_and_potential(&mut self, id: UnitId, leash: Option<Leash>, target: Pos) -> (Reach<'_>, &PotentialMap) {
        let class = self.units[id.0].class;
        self.potential(target, class);
        let u = &self.units[id.0];
        let q = RangeQuery {
            origin: u.pos,
            budget: u.movement,
            team: u.team,
            leash,
        };
        let pot = &self.potentials[&(target, class)];
        (self.finder.search(&self.layers[class.0 as usize], &self.occ, q), pot)
    }

    /// Removes a defeated unit from the board.
    pub fn defeat(&mut self, id: UnitId) {
        let u = &mut self.units[id.0];
        if u.alive {
            u.alive = false;
            u.hp = 0;
            let p = u.pos;
            self.occ.clear(p);
        }
    }

    /// Moves `id` along `path`, checking the path is legal for it right now: every step
    /// enters a cell its class can enter and no enemy holds, the total cost fits its
    /// movement, and it ends on a free cell (or where it stands).
    pub fn move_along(&mut self, id: UnitId, path: &Path) -> Result<Pos, RuleError> {
        let u = self.units.get(id.0).filter(|u| u.alive).ok_or(RuleError::NoUnit(id))?;
        let layer = &self.layers[u.class.0 as usize];
        let mut at = u.pos;
        let mut paid: Cost = 0;
        for &d in &path.0 {
            at = at.step(d);
            let refused = RuleError::Unreachable {
                unit: id,
                to: path.end(u.pos),
            };
            let Some(c) = layer.cost(at) else {
                return Err(refused);
            };
            if self.occ.at(at) == Some(u.team.other()) {
                return Err(refused);
            }
            paid += c;
        }
        if paid > u.movement || (at != u.pos && self.occ.at(at).is_some()) {
            return Err(RuleError::Unreachable { unit: id, to: at });
        }
        let from = u.pos;
        let team = u.team;
        self.occ.clear(from);
        self.occ.place(at, team);
        self.units[id.0].pos = at;
        Ok(at)
    }
}
