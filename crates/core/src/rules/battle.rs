//! Battle state: units on a map, whose phase it is, and read-only questions about them.
//!
//! The fields are private. Everything that changes a battle is a [`Command`] given to
//! [`Battle::execute`], which checks it and answers with [`Event`]s; [`Battle::apply`] is the
//! only code that writes them into the state (see `command.rs` and `event.rs`).
//!
//! [`Command`]: crate::rules::command::Command
//! [`Event`]: crate::rules::event::Event

use crate::model::data::DataSet;
use crate::model::map::{CostLayer, TerrainMap};
use crate::model::scenario::Scenario;
use crate::model::terrain::{ClassId, Cost, TerrainSet};
use crate::rules::command::Command;
use crate::rules::event::{Ending, Event};
pub use crate::rules::unit::{Snapshot, Unit, UnitId, UnitState};
use crate::search::grid::{Pos, Team};
use crate::search::potential::{NearestMap, PotentialMap};
use crate::search::range::{Leash, Occupancy, Range, RangeFinder, RangeQuery, Reach};
use std::cell::RefCell;
use std::collections::HashMap;

/// Search scratch space and potential maps: caches, not battle state, so that deciding
/// and drawing can ask questions of a `&Battle`.
#[derive(Debug, Clone)]
pub(super) struct Scratch {
    finder: RangeFinder,
    potentials: HashMap<(Pos, ClassId), PotentialMap>,
    /// Nearest-target maps by class and target cells (few: the targets change only when one falls).
    nearest: Vec<(ClassId, NearestMap)>,
}

/// Nearest-target maps kept at once.
const MAX_CACHED_NEAREST: usize = 8;

/// The index of a side in per-side tables.
fn side(team: Team) -> usize {
    match team {
        Team::Player => 0,
        Team::Enemy => 1,
    }
}

/// Potential maps kept at once before the cache is emptied (each is a map-sized array).
const MAX_CACHED_POTENTIALS: usize = 64;

/// One executed command and its events, for undo; `unit` is who acted.
#[derive(Debug, Clone)]
pub(super) struct Done {
    pub(super) unit: Option<UnitId>,
    pub(super) command: Command,
    pub(super) events: Vec<Event>,
}

/// Units on a map, whose phase it is, and the undo journal of the current phase.
#[derive(Debug, Clone)]
pub struct Battle {
    pub(super) map: TerrainMap,
    pub(super) terrain: TerrainSet,
    pub(super) units: Vec<Unit>,
    pub(super) turn: u32,
    pub(super) active: Team,
    pub(super) ended: Option<(Team, Ending)>,
    pub(super) occ: Occupancy,
    pub(super) layers: Vec<CostLayer>,
    /// Commands of the current phase with their events (undo takes them back).
    pub(super) journal: Vec<Done>,
    /// The player's commands since the battle began, undone ones removed (the replay).
    pub(super) record: Vec<Command>,
    /// Each side's units in acting order (sides never change), so asking for one side's
    /// living units costs that side's size, not the whole army's.
    sides: [Vec<UnitId>; 2],
    scratch: RefCell<Scratch>,
}

impl Battle {
    /// The battle at the start of a scenario: turn 1, the player's phase.
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
                moved: false,
                acted: false,
            })
            .collect();
        Battle::from_parts(scenario.map.clone(), data.terrain.clone(), units)
    }

    /// A battle from a map and units directly (tests, generators): turn 1, the player's phase.
    pub fn from_parts(map: TerrainMap, terrain: TerrainSet, units: Vec<Unit>) -> Battle {
        let layers = (0..terrain.classes.len())
            .map(|c| map.cost_layer(&terrain, ClassId(c as u8)))
            .collect();
        let layout = map.layout();
        let mut occ = Occupancy::new(layout);
        for u in units.iter().filter(|u| u.alive) {
            occ.place(u.pos, u.team);
        }
        let mut sides: [Vec<UnitId>; 2] = [Vec::new(), Vec::new()];
        for (i, u) in units.iter().enumerate() {
            sides[side(u.team)].push(UnitId(i));
        }
        let mut b = Battle {
            sides,
            map,
            terrain,
            units,
            turn: 1,
            active: Team::Player,
            ended: None,
            occ,
            layers,
            journal: Vec::new(),
            record: Vec::new(),
            scratch: RefCell::new(Scratch {
                finder: RangeFinder::new(layout),
                potentials: HashMap::new(),
                nearest: Vec::new(),
            }),
        };
        // A board with nobody left on one side is decided from the start.
        b.ended = b.outcome();
        b
    }

    /// The terrain grid.
    pub fn map(&self) -> &TerrainMap {
        &self.map
    }

    /// Terrain kinds and classes.
    pub fn terrain(&self) -> &TerrainSet {
        &self.terrain
    }

    /// Every unit, in scenario order (the acting order), defeated ones included.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Every unit's id, in scenario order.
    pub fn ids(&self) -> impl Iterator<Item = UnitId> + use<> {
        (0..self.units.len()).map(UnitId)
    }

    /// Turn number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The side whose phase it is.
    pub fn active(&self) -> Team {
        self.active
    }

    /// The winner and why, once the battle is decided.
    pub fn ended(&self) -> Option<(Team, Ending)> {
        self.ended
    }

    /// Who stands where.
    pub fn occupancy(&self) -> &Occupancy {
        &self.occ
    }

    /// The unit with this id.
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id.0]
    }

    /// The unit's name (for text and JSON only: inside the engine units are ids).
    pub fn name(&self, id: UnitId) -> &str {
        &self.units[id.0].name
    }

    /// The living unit on `p`.
    pub fn unit_at(&self, p: Pos) -> Option<UnitId> {
        self.units.iter().position(|u| u.alive && u.pos == p).map(UnitId)
    }

    /// The unit named `name` (exactly as written in the scenario).
    pub fn find(&self, name: &str) -> Option<UnitId> {
        self.units.iter().position(|u| u.name == name).map(UnitId)
    }

    /// Living units of `team`, in acting order.
    pub fn living(&self, team: Team) -> impl Iterator<Item = UnitId> + '_ {
        self.sides[side(team)].iter().copied().filter(|u| self.units[u.0].alive)
    }

    /// The hero: the first player unit of the scenario.
    pub fn hero(&self) -> Option<UnitId> {
        self.units.iter().position(|u| u.team == Team::Player).map(UnitId)
    }

    /// Living player units that have not acted yet, in acting order.
    pub fn ready(&self, team: Team) -> impl Iterator<Item = UnitId> + '_ {
        self.living(team).filter(|&u| !self.units[u.0].acted)
    }

    /// Terrain costs for a class.
    pub fn layer(&self, class: ClassId) -> &CostLayer {
        &self.layers[class.0 as usize]
    }

    /// The player's commands since the battle began, undone ones taken out: with the
    /// scenario, they are the whole battle (enemy phases are recomputed).
    pub fn record(&self) -> &[Command] {
        &self.record
    }

    /// True when the last action of the player's phase can be taken back.
    pub fn can_undo(&self) -> bool {
        self.active == Team::Player && !self.journal.is_empty()
    }

    /// The unit whose commands an undo would take back.
    pub fn undo_unit(&self) -> Option<UnitId> {
        self.journal.last().and_then(|d| d.unit)
    }

    /// Everything that changes during the battle.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            turn: self.turn,
            active: self.active,
            units: self
                .units
                .iter()
                .map(|u| UnitState {
                    at: u.pos,
                    hp: u.hp,
                    alive: u.alive,
                    moved: u.moved,
                    acted: u.acted,
                    triggered: u.triggered,
                })
                .collect(),
        }
    }

    /// The range search of unit `u` as placed, optionally leashed.
    fn query(u: &Unit, leash: Option<Leash>) -> RangeQuery {
        RangeQuery {
            origin: u.pos,
            budget: u.movement,
            team: u.team,
            leash,
        }
    }

    /// Runs `f` on the range search of `id` with everybody as placed, optionally leashed.
    pub fn with_reach<R>(&self, id: UnitId, leash: Option<Leash>, f: impl FnOnce(&Reach<'_>) -> R) -> R {
        let u = &self.units[id.0];
        let q = Battle::query(u, leash);
        let mut s = self.scratch.borrow_mut();
        let reach = s.finder.search(&self.layers[u.class.0 as usize], &self.occ, q);
        f(&reach)
    }

    /// An owned copy of the range of `id` without a leash (the player's move overlay).
    pub fn range(&self, id: UnitId) -> Range {
        self.with_reach(id, None, |r| r.to_range())
    }

    /// Travel cost from `from` to `target` for movers of `class` (the potential map,
    /// computed once per target cell and class and cached).
    pub fn travel(&self, target: Pos, class: ClassId, from: Pos) -> Option<Cost> {
        let mut s = self.scratch.borrow_mut();
        Self::cached_potential(&mut s.potentials, &self.layers, target, class).get(from)
    }

    fn cached_potential<'s>(
        potentials: &'s mut HashMap<(Pos, ClassId), PotentialMap>,
        layers: &[CostLayer],
        target: Pos,
        class: ClassId,
    ) -> &'s PotentialMap {
        if potentials.len() >= MAX_CACHED_POTENTIALS && !potentials.contains_key(&(target, class)) {
            potentials.clear();
        }
        let layer = &layers[class.0 as usize];
        potentials
            .entry((target, class))
            .or_insert_with(|| PotentialMap::compute(layer, target))
    }

    /// Runs `f` on the range search of `id` together with the potential map towards
    /// `target` for its class (both at once, so deciding needs no copy of the map).
    pub fn with_reach_and_potential<R>(
        &self,
        id: UnitId,
        leash: Option<Leash>,
        target: Pos,
        f: impl FnOnce(&Reach<'_>, &PotentialMap) -> R,
    ) -> R {
        let u = &self.units[id.0];
        let q = Battle::query(u, leash);
        let mut s = self.scratch.borrow_mut();
        let Scratch { finder, potentials, .. } = &mut *s;
        let pot = Self::cached_potential(potentials, &self.layers, target, u.class);
        let reach = finder.search(&self.layers[u.class.0 as usize], &self.occ, q);
        f(&reach, pot)
    }

    fn cached_nearest<'s>(
        nearest: &'s mut Vec<(ClassId, NearestMap)>,
        layers: &[CostLayer],
        targets: &[Pos],
        class: ClassId,
    ) -> &'s NearestMap {
        let k = match nearest.iter().position(|(c, m)| *c == class && m.targets() == targets) {
            Some(k) => k,
            None => {
                if nearest.len() >= MAX_CACHED_NEAREST {
                    nearest.clear();
                }
                nearest.push((class, NearestMap::compute(&layers[class.0 as usize], targets)));
                nearest.len() - 1
            }
        };
        &nearest[k].1
    }

    /// Travel cost from `from` to the nearest of `targets` for movers of `class`, and the
    /// bits (by index in `targets`) of the targets that near (one multi-target search,
    /// cached). `targets` holds at most [`crate::search::potential::MAX_NEAREST_TARGETS`] cells.
    pub fn nearest_travel(&self, targets: &[Pos], class: ClassId, from: Pos) -> (Cost, u64) {
        let mut s = self.scratch.borrow_mut();
        Self::cached_nearest(&mut s.nearest, &self.layers, targets, class).nearest(from)
    }

    /// Runs `f` on the range search of `id` together with the nearest-target map of
    /// `targets` for its class.
    pub fn with_reach_and_nearest<R>(
        &self,
        id: UnitId,
        leash: Option<Leash>,
        targets: &[Pos],
        f: impl FnOnce(&Reach<'_>, &NearestMap) -> R,
    ) -> R {
        let u = &self.units[id.0];
        let q = Battle::query(u, leash);
        let mut s = self.scratch.borrow_mut();
        let Scratch { finder, nearest, .. } = &mut *s;
        let map = Self::cached_nearest(nearest, &self.layers, targets, u.class);
        let layer = &self.layers[u.class.0 as usize];
        let reach = finder.search(layer, &self.occ, q);
        f(&reach, map)
    }

    /// Takes over `old`'s undo journal and player record: the same units, reloaded with new
    /// numbers (live reload), keep what the player can undo and replay.
    pub fn carry_history(&mut self, old: &Battle) {
        self.journal = old.journal.clone();
        self.record = old.record.clone();
    }

    /// Who has won, if anybody: the player when no enemy stands, the enemy when the hero
    /// (the first player unit of the scenario) or every player unit has fallen.
    pub fn outcome(&self) -> Option<(Team, Ending)> {
        if self.living(Team::Enemy).next().is_none() {
            return Some((Team::Player, Ending::EnemiesDefeated));
        }
        if let Some(h) = self.hero().filter(|&h| !self.unit(h).alive) {
            return Some((Team::Enemy, Ending::HeroFell(h)));
        }
        if self.living(Team::Player).next().is_none() {
            return Some((Team::Enemy, Ending::PlayersFell));
        }
        None
    }

    /// Forgets cached potential maps (after the terrain under them changed).
    pub(super) fn forget_caches(&self) {
        let mut s = self.scratch.borrow_mut();
        s.potentials.clear();
        s.nearest.clear();
    }
}
