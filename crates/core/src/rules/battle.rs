//! Battle state: units on a map, whose phase it is, and read-only questions about them.
//!
//! The fields are private. Everything that changes a battle is a [`Command`] given to
//! [`Battle::execute`], which checks it and answers with [`Event`]s; `Battle::apply` (private) is the
//! only code that writes them into the state (see `command.rs` and `event.rs`).
//!
//! [`Command`]: crate::rules::command::Command
//! [`Event`]: crate::rules::event::Event

use crate::model::data::DataSet;
use crate::model::map::{CostLayer, TerrainMap};
use crate::model::scenario::Scenario;
use crate::model::terrain::{ClassId, TerrainSet};
use crate::model::units::{EXP_LEVEL, Growth, MAX_LEVEL, MAX_MOVE, MoveRules, check_number};
use crate::rules::command::{Command, RuleError};
use crate::rules::event::{Ending, Event};
pub use crate::rules::unit::{Snapshot, Unit, UnitId, UnitState};
use crate::search::grid::{Pos, Team};
use crate::search::range::{Leash, Occupancy, RangeQuery};
use std::sync::atomic::{AtomicU64, Ordering};

/// The index of a side in per-side tables.
pub(super) fn side(team: Team) -> usize {
    match team {
        Team::Player => 0,
        Team::Enemy => 1,
    }
}

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
    /// The map and its cost layers never change: shared by a battle's copies (the views
    /// fog of war makes for each decision copy only the units and the board's occupancy).
    pub(super) map: std::sync::Arc<TerrainMap>,
    pub(super) terrain: TerrainSet,
    pub(super) units: Vec<Unit>,
    pub(super) turn: u32,
    pub(super) active: Team,
    pub(super) ended: Option<(Team, Ending)>,
    pub(super) occ: Occupancy,
    pub(super) layers: std::sync::Arc<[CostLayer]>,
    /// Commands of the current phase with their events (undo takes them back).
    pub(super) journal: Vec<Done>,
    /// The player's commands since the battle began, undone ones removed (the replay).
    pub(super) record: Vec<Command>,
    /// Each side's units in acting order (sides never change), so asking for one side's
    /// living units costs that side's size, not the whole army's.
    pub(super) sides: [Vec<UnitId>; 2],
    /// Which terrain this battle searches on: unique per battle built, shared by its
    /// clones (the terrain never changes), so the search caches know when their maps still hold.
    pub(super) terrain_stamp: u64,
    /// The objective and scripted events, resolved.
    pub(super) goals: crate::rules::objective::Goals,
    /// Which scripted events have fired.
    pub(super) fired: Vec<bool>,
    /// Player units gain experience and level up (see [`Battle::without_experience`]).
    pub(super) experience: bool,
    /// How blows are decided (the scenario's `[combat]`).
    pub(super) combat: crate::model::scenario::Combat,
    /// The seed of the battle's generator (chance in combat; see [`Battle::with_seed`]).
    pub(super) seed: u64,
    /// The enemy side is played by a person (see [`Battle::with_versus`]): its commands are
    /// recorded and can be undone within its phase, like the player's.
    pub(super) versus: bool,
    /// How many numbers the generator has drawn: its position after `seed`.
    pub(super) drawn: u64,
    /// Fog of war (the scenario's `fog`).
    pub(super) fog: bool,
    /// `Some(team)` for a copy made by [`Battle::seen_by`]: it holds only what `team` saw.
    pub(super) view: Option<Team>,
    /// The cells whose terrain hides (fog of war), a bit per cell in reading order; `None`
    /// when no terrain hides. The terrain never changes: made once, shared by the clones.
    pub(super) hides: Option<std::sync::Arc<[u64]>>,
    /// Each side's sight as last asked (fog of war), until one of its units moves, falls
    /// or arrives: `Battle::apply` empties a side's for those events, so it is never stale.
    pub(super) seen: [std::sync::OnceLock<crate::search::sight::Sight>; 2],
    /// Each side's view under fog ([`Battle::seen_by`]), kept in step after every command
    /// rather than copied for every decision.
    pub(super) kept: KeptViews,
}

// A battle is plain data: it may cross threads (balance runs share nothing else).
const _: () = {
    const fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<Battle>();
};

/// Stamps of battles built so far (see `Battle::terrain_stamp`).
static TERRAIN_STAMPS: AtomicU64 = AtomicU64::new(1);

impl Battle {
    /// The battle at the start of a scenario loaded from files (the loaders have checked
    /// it against `data`): turn 1, the player's phase.
    ///
    /// # Panics
    /// When the scenario does not fit the terrain (see [`Battle::try_new`], which says why).
    pub fn new(scenario: &Scenario, data: &DataSet) -> Battle {
        match Battle::try_new(scenario, &data.terrain) {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        }
    }

    /// The battle at the start of `scenario` on `terrain`, or why they do not fit: terrain
    /// that does not hold together ([`TerrainSet::check`]), a map cell of an unknown terrain
    /// id, a unit off the map, of an unknown class, on a cell its class cannot enter or on
    /// another unit's cell, a number outside the bounds the loaders accept (stats, move,
    /// level, experience, healing: [`SetupError::Number`](crate::rules::SetupError::Number)), hit points left outside `1..=hp`,
    /// or two units of one name.
    pub fn try_new(scenario: &Scenario, terrain: &TerrainSet) -> Result<Battle, crate::rules::SetupError> {
        use crate::rules::SetupError;
        terrain.check()?;
        let kinds = terrain.kinds.len();
        if let Some(t) = scenario.map.cells().iter().find(|t| t.0 as usize >= kinds) {
            return Err(SetupError::UnknownTerrain { id: t.0, kinds });
        }
        let mut held = std::collections::HashSet::new();
        let mut names = std::collections::HashSet::new();
        let goals = crate::rules::objective::Goals::resolve(&scenario.objective, &scenario.events, &scenario.units)
            .map_err(SetupError::Objective)?;
        for u in &scenario.units {
            let unit = || u.name.clone();
            if !scenario.map.contains(u.at) {
                return Err(SetupError::OffMap { unit: unit(), at: u.at });
            }
            let Some(class) = terrain.classes.get(u.class.0 as usize) else {
                return Err(SetupError::UnknownClass {
                    unit: unit(),
                    class: u.class.0,
                    classes: terrain.classes.len(),
                });
            };
            if terrain.get(scenario.map.at(u.at)).cost_for(u.class).is_none() {
                return Err(SetupError::Impassable {
                    unit: unit(),
                    at: u.at,
                    class: class.clone(),
                });
            }
            if !u.reserve && !held.insert(u.at) {
                return Err(SetupError::SharedCell { unit: unit(), at: u.at });
            }
            // The bounds the loaders check, whoever made the scenario.
            let number = |error| SetupError::Number { unit: unit(), error };
            u.stats.check().map_err(number)?;
            check_number("move", i64::from(u.movement), 0, MAX_MOVE).map_err(number)?;
            check_number("level", i64::from(u.level), 1, i64::from(MAX_LEVEL)).map_err(number)?;
            check_number("exp", i64::from(u.exp), 0, i64::from(EXP_LEVEL) - 1).map_err(number)?;
            if let Some(h) = &u.heal {
                h.check().map_err(number)?;
            }
            if let Some(hp) = u.hp_left.filter(|hp| !(1..=u.stats.hp).contains(hp)) {
                return Err(SetupError::HurtOutOfRange {
                    unit: unit(),
                    hp_left: hp,
                    hp: u.stats.hp,
                });
            }
            if !names.insert(&*u.name) {
                return Err(SetupError::SameName { unit: unit() });
            }
        }
        let units = scenario
            .units
            .iter()
            .map(|u| Unit {
                name: u.name.as_str().into(),
                team: u.team,
                pos: u.at,
                class: u.class,
                movement: u.movement,
                profile: u.profile.as_deref().map(Into::into),
                pivot: u.pivot.unwrap_or(u.at),
                goal: u.goal,
                triggered: false,
                alive: !u.reserve,
                kind: u.kind.as_str().into(),
                sprite: u.sprite.as_str().into(),
                stats: u.stats,
                heal: u.heal,
                moves: u.moves,
                hp: u.hp_left.unwrap_or(u.stats.hp),
                moved: false,
                acted: false,
                spent: 0,
                canto: false,
                reserve: u.reserve,
                waiting: false,
                growth: u.growth,
                level: u.level.max(1),
                exp: u.exp,
                grown: Growth::default(),
                odds: u.odds,
                weapon: u.weapon.clone().map(std::sync::Arc::new),
                vision: u.vision,
            })
            .collect();
        let mut b = Battle::assemble(scenario.map.clone(), terrain.clone(), units);
        b.fired = vec![false; goals.scripts.len()];
        b.goals = goals;
        b.combat = scenario.combat;
        b.fog = scenario.fog;
        b.ended = b.outcome();
        Ok(b)
    }

    /// A battle from a map and units made with [`Unit::new`] and its `with_*` methods: turn
    /// 1, the player's phase, the first player unit protected, no scripted events. Checked
    /// as [`Battle::try_new`] checks a scenario: terrain that holds together, map cells of
    /// known terrain, every unit on the map, of a known class, on a cell its class can enter
    /// and not on another living unit's, its numbers within the loaders' bounds, hit points
    /// `1..=hp` (0 for a fallen unit), names unique. Tests and generators use it to set up a
    /// board in any state; a game builds battles with [`crate::rules::BattleBuilder`].
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::rules::Unit;
    /// let terrain = TerrainSet::standard();
    /// let map = TerrainMap::from_rows(&terrain, &["...."]).unwrap();
    /// let kiny = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 5).with_hp(3);
    /// let brute = Unit::new("Brute", Team::Enemy, Pos::new(3, 0), ClassId(0), 4).with_profile(Some("charger"));
    /// let b = Battle::from_parts(map.clone(), terrain.clone(), vec![kiny.clone(), brute]).unwrap();
    /// assert_eq!(b.unit(UnitId(0)).hp(), 3);
    /// let off = Unit::new("Off", Team::Enemy, Pos::new(9, 0), ClassId(0), 4);
    /// assert!(matches!(Battle::from_parts(map.clone(), terrain.clone(), vec![kiny.clone(), off]), Err(SetupError::OffMap { .. })));
    /// let dead_hp = kiny.clone().with_hp(0);
    /// assert!(Battle::from_parts(map, terrain, vec![dead_hp]).is_err());
    /// ```
    pub fn from_parts(
        map: TerrainMap,
        terrain: TerrainSet,
        units: Vec<Unit>,
    ) -> Result<Battle, crate::rules::SetupError> {
        use crate::rules::SetupError;
        terrain.check()?;
        let kinds = terrain.kinds.len();
        if let Some(t) = map.cells().iter().find(|t| t.0 as usize >= kinds) {
            return Err(SetupError::UnknownTerrain { id: t.0, kinds });
        }
        let mut held = std::collections::HashSet::new();
        let mut names = std::collections::HashSet::new();
        for u in &units {
            let unit = || u.name.to_string();
            if !map.contains(u.pos) {
                return Err(SetupError::OffMap {
                    unit: unit(),
                    at: u.pos,
                });
            }
            let Some(class) = terrain.classes.get(usize::from(u.class.0)) else {
                return Err(SetupError::UnknownClass {
                    unit: unit(),
                    class: u.class.0,
                    classes: terrain.classes.len(),
                });
            };
            if terrain.get(map.at(u.pos)).cost_for(u.class).is_none() {
                return Err(SetupError::Impassable {
                    unit: unit(),
                    at: u.pos,
                    class: class.clone(),
                });
            }
            if u.alive && !held.insert(u.pos) {
                return Err(SetupError::SharedCell {
                    unit: unit(),
                    at: u.pos,
                });
            }
            let number = |error| SetupError::Number { unit: unit(), error };
            u.stats.check().map_err(number)?;
            check_number("move", i64::from(u.movement), 0, MAX_MOVE).map_err(number)?;
            check_number("level", i64::from(u.level), 1, i64::from(MAX_LEVEL)).map_err(number)?;
            check_number("exp", i64::from(u.exp), 0, i64::from(EXP_LEVEL) - 1).map_err(number)?;
            if let Some(h) = &u.heal {
                h.check().map_err(number)?;
            }
            let hp_ok = if u.alive {
                (1..=u.stats.hp).contains(&u.hp)
            } else {
                u.hp == 0
            };
            if !hp_ok {
                return Err(SetupError::HurtOutOfRange {
                    unit: unit(),
                    hp_left: u.hp,
                    hp: u.stats.hp,
                });
            }
            if !names.insert(&*u.name) {
                return Err(SetupError::SameName { unit: unit() });
            }
        }
        Ok(Battle::assemble(map, terrain, units))
    }

    /// [`Battle::from_parts`] after its checks (or `try_new`'s).
    fn assemble(map: TerrainMap, terrain: TerrainSet, units: Vec<Unit>) -> Battle {
        let layers = (0..terrain.classes.len())
            .map(|c| map.cost_layer(&terrain, ClassId(c as u8)))
            .collect();
        let map = std::sync::Arc::new(map);
        let hides = hides_mask(&map, &terrain);
        let layout = map.layout();
        let mut occ = Occupancy::new(layout);
        for u in units.iter().filter(|u| u.alive) {
            occ.place(u.pos, u.team);
            if u.moves.zoc {
                occ.hold(u.pos, u.team);
            }
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
            terrain_stamp: TERRAIN_STAMPS.fetch_add(1, Ordering::Relaxed),
            goals: crate::rules::objective::Goals::default(),
            fired: Vec::new(),
            experience: true,
            combat: crate::model::scenario::Combat::default(),
            seed: 0,
            versus: false,
            drawn: 0,
            fog: false,
            view: None,
            hides,
            seen: Default::default(),
            kept: Default::default(),
        };
        // The hero is protected; a board with nobody left on one side is decided from the start.
        b.goals.protect.extend(b.hero());
        b.ended = b.outcome();
        b
    }

    /// A copy of the battle for a side's view (fog of war): everything but the journal and
    /// the record, which a view holds empty. Cloning them only to empty them would cost, per
    /// decision, the whole phase's commands and events so far (the view is made once per
    /// enemy's decision: quadratic in the enemies).
    pub(super) fn copy_without_history(&self) -> Battle {
        Battle {
            map: self.map.clone(),
            terrain: self.terrain.clone(),
            units: self.units.clone(),
            turn: self.turn,
            active: self.active,
            ended: self.ended,
            occ: self.occ.clone(),
            layers: self.layers.clone(),
            journal: Vec::new(),
            record: Vec::new(),
            sides: self.sides.clone(),
            terrain_stamp: self.terrain_stamp,
            goals: self.goals.clone(),
            fired: self.fired.clone(),
            experience: self.experience,
            combat: self.combat,
            seed: self.seed,
            versus: self.versus,
            drawn: self.drawn,
            fog: self.fog,
            view: self.view,
            hides: self.hides.clone(),
            seen: self.seen.clone(),
            kept: Default::default(),
        }
    }

    /// The same battle under the rules before experience existed: no unit gains
    /// experience or levels up. Replays recorded before experience play this way, so they
    /// give the events they were recorded with.
    pub fn without_experience(mut self) -> Battle {
        self.experience = false;
        self.kept = Default::default();
        self
    }

    /// The same battle whose rolls (chance in combat) come from `seed`, from its first
    /// number. A battle without chance never rolls: its seed changes nothing.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .build()
    ///     .unwrap()
    ///     .with_seed(7);
    /// assert_eq!((b.seed(), b.drawn()), (7, 0));
    /// ```
    pub fn with_seed(mut self, seed: u64) -> Battle {
        self.seed = seed;
        self.drawn = 0;
        self.kept = Default::default();
        self
    }

    /// The same battle under the combat rules `combat` (chance in combat, the two-number
    /// hit) in place of its scenario's: what a scenario's `[combat]` table says, for a battle
    /// built from parts. Meant before the first command (the fingerprint changes with it).
    ///
    /// ```
    /// use skirmish_core::model::scenario::Combat;
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["..."]).unwrap();
    /// let kiny = skirmish_core::rules::Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 3);
    /// let b = Battle::from_parts(map, TerrainSet::standard(), vec![kiny]).unwrap();
    /// assert!(!b.combat().chance);
    /// let b = b.with_combat(Combat { chance: true, true_hit: false });
    /// assert!(b.combat().chance);
    /// ```
    pub fn with_combat(mut self, combat: crate::model::scenario::Combat) -> Battle {
        self.combat = combat;
        self.kept = Default::default();
        self
    }

    /// The same battle with fog of war on or off (a scenario's `fog`; for battles built with
    /// [`Battle::from_parts`], which have none).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::rules::Unit;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["......"]).unwrap();
    /// let kiny = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 5);
    /// let b = Battle::from_parts(map, TerrainSet::standard(), vec![kiny]).unwrap().with_fog(true);
    /// assert!(b.fog());
    /// assert_eq!(b.sight(Team::Player).len(), 4);
    /// ```
    pub fn with_fog(mut self, fog: bool) -> Battle {
        self.fog = fog;
        self.seen = Default::default();
        self.kept = Default::default();
        self
    }

    /// The seed of the battle's generator.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many numbers the battle's generator has drawn so far (undo takes its draws back).
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// How blows are decided: the scenario's `[combat]`.
    pub fn combat(&self) -> crate::model::scenario::Combat {
        self.combat
    }

    /// True under fog of war (the scenario's `fog = true`): each side sees only what
    /// [`Battle::sight`] says.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .build()
    ///     .unwrap();
    /// assert!(!b.fog());
    /// ```
    pub fn fog(&self) -> bool {
        self.fog
    }

    /// True when player units gain experience and level up (the default).
    pub fn has_experience(&self) -> bool {
        self.experience
    }

    /// Equal for a battle and its copies, different for every battle built: what a cache
    /// of answers about this battle's terrain and units may be keyed by.
    pub fn identity(&self) -> u64 {
        self.terrain_stamp
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
    ///
    /// # Panics
    /// When the battle has no unit `id` (ids come from this battle: [`Battle::find`],
    /// [`Battle::ids`], its events); [`Battle::try_unit`] returns `None` instead.
    pub fn unit(&self, id: UnitId) -> &Unit {
        match self.units.get(id.0) {
            Some(u) => u,
            None => panic!("no unit #{} in this battle ({} units)", id.0, self.units.len()),
        }
    }

    /// The unit with this id, or `None` when the battle has none.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(b.try_unit(UnitId(0)).map(|u| u.name()), Some("Kiny"));
    /// assert!(b.try_unit(UnitId(7)).is_none());
    /// ```
    pub fn try_unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id.0)
    }

    /// The unit's name (for text and JSON only: inside the engine units are ids).
    ///
    /// # Panics
    /// When the battle has no unit `id` (see [`Battle::try_unit`]).
    ///
    /// # Panics
    /// When the battle has no unit `id`, as [`Battle::unit`] (see [`Battle::try_unit`]).
    pub fn name(&self, id: UnitId) -> &str {
        &self.unit(id).name
    }

    /// The living unit on `p`.
    pub fn unit_at(&self, p: Pos) -> Option<UnitId> {
        self.units.iter().position(|u| u.alive && u.pos == p).map(UnitId)
    }

    /// The unit named `name` (exactly as written in the scenario).
    pub fn find(&self, name: &str) -> Option<UnitId> {
        self.units.iter().position(|u| &*u.name == name).map(UnitId)
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
    ///
    /// # Panics
    /// When the terrain has no class `class` (classes come from this battle's terrain and
    /// units); [`Battle::try_layer`] returns `None` instead.
    pub fn layer(&self, class: ClassId) -> &CostLayer {
        match self.try_layer(class) {
            Some(l) => l,
            None => panic!("no movement class #{} ({} classes)", class.0, self.layers.len()),
        }
    }

    /// Terrain costs for a class, or `None` when the terrain has no such class.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::terrain::ClassId;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["."]).unwrap()).build().unwrap();
    /// assert!(b.try_layer(ClassId(0)).is_some());
    /// assert!(b.try_layer(ClassId(200)).is_none());
    /// ```
    pub fn try_layer(&self, class: ClassId) -> Option<&CostLayer> {
        self.layers.get(usize::from(class.0))
    }

    /// The player's commands since the battle began, undone ones taken out: with the
    /// scenario, they are the whole battle (enemy phases are recomputed). In a versus battle
    /// ([`Battle::with_versus`]) the enemy side's commands are in it too, in the order played.
    pub fn record(&self) -> &[Command] {
        &self.record
    }

    /// The same battle with its enemy side played by a person (hot-seat, or a second player
    /// over the network): the enemy's commands are recorded with the player's (the replay
    /// holds both sides), and undo takes back the last action of whichever side's phase it
    /// is. Nothing else changes: the rules are the same for both sides, and no AI is asked.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (3, 0), "charger"))
    ///     .build()
    ///     .unwrap()
    ///     .with_versus(true);
    /// assert!(b.versus());
    /// let brute = b.find("Brute").unwrap();
    /// b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    /// let path = skirmish_core::search::grid::Path::parse("4").unwrap();
    /// b.execute(Command::Move { unit: brute, path }).unwrap();
    /// assert_eq!(b.record().len(), 2); // the player's end of phase, the Brute's move
    /// assert!(b.can_undo()); // the enemy side takes back its own move
    /// b.execute(Command::Undo).unwrap();
    /// assert_eq!(b.record(), &[Command::EndPhase { team: Team::Player }]);
    /// ```
    pub fn with_versus(mut self, versus: bool) -> Battle {
        self.versus = versus;
        self
    }

    /// True when the enemy side is played by a person ([`Battle::with_versus`]).
    pub fn versus(&self) -> bool {
        self.versus
    }

    /// True when the last action of the current phase can be taken back: the player's
    /// phase, or either side's in a versus battle.
    pub fn can_undo(&self) -> bool {
        (self.active == Team::Player || self.versus) && !self.journal.is_empty()
    }

    /// The unit whose commands an undo would take back.
    pub fn undo_unit(&self) -> Option<UnitId> {
        self.journal.last().and_then(|d| d.unit)
    }

    /// Everything that changes during the battle, with the fingerprint of its scenario.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let terrain = TerrainSet::standard();
    /// let mut b = BattleBuilder::new(TerrainMap::from_rows(&terrain, &["....."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (4, 0), "charger"))
    ///     .build()
    ///     .unwrap();
    /// let snap = b.snapshot();
    /// assert_eq!((snap.turn, snap.active, snap.scenario), (1, Team::Player, b.fingerprint()));
    /// assert!(b.execute(Command::Restore(Box::new(snap))).is_ok());
    /// ```
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            scenario: self.fingerprint(),
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
                    spent: u.spent,
                    canto: u.canto,
                    triggered: u.triggered,
                    reserve: u.reserve,
                    waiting: u.waiting,
                    level: u.level,
                    exp: u.exp,
                    grown: u.grown,
                })
                .collect(),
            fired: self.fired.clone(),
            seed: self.seed,
            drawn: self.drawn,
        }
    }

    /// A fingerprint of what makes this battle's scenario the one it is: the map's size and
    /// terrain, and each unit's name, side and movement class, in order (not the numbers a
    /// live reload may change); where a unit has movement rules (zones of control,
    /// skirmisher, canto) every unit's rules, and where the battle has chance on, that and
    /// `true_hit`. Two battles of one scenario have the same; a snapshot carries it, so one
    /// taken from another scenario, or from the same with canto or chance switched, is
    /// refused even when its cells fit.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let terrain = TerrainSet::standard();
    /// let map = || TerrainMap::from_rows(&terrain, &["....."]).unwrap();
    /// let a = BattleBuilder::new(map()).unit(UnitSpec::player("Kiny", (0, 0))).build().unwrap();
    /// let b = BattleBuilder::new(map()).unit(UnitSpec::player("Lance", (0, 0))).build().unwrap();
    /// assert_ne!(a.fingerprint(), b.fingerprint());
    /// let mut b = b;
    /// let e = b.execute(Command::Restore(Box::new(a.snapshot()))).unwrap_err();
    /// assert!(matches!(e, RuleError::BadSnapshot(_)));
    /// // Kiny with canto is another battle; without any rule, the same as before.
    /// let canto = skirmish_core::model::units::MoveRules { canto: true, ..Default::default() };
    /// let c = BattleBuilder::new(map()).unit(UnitSpec::player("Kiny", (0, 0)).moves(canto)).build().unwrap();
    /// assert_ne!(a.fingerprint(), c.fingerprint());
    /// ```
    pub fn fingerprint(&self) -> u64 {
        // FNV-1a: the same value on every machine and every build.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        eat(&(self.map.width() as u64).to_le_bytes());
        eat(&(self.map.height() as u64).to_le_bytes());
        for t in self.map.cells() {
            eat(&t.0.to_le_bytes());
        }
        for u in &self.units {
            eat(&(u.name.len() as u64).to_le_bytes());
            eat(u.name.as_bytes());
            eat(&[side(u.team) as u8]);
            eat(&u.class.0.to_le_bytes());
        }
        // The movement rules and chance count only where they are used, so the battles
        // without them keep the fingerprint they had and older snapshots still fit. A
        // snapshot of a canto unit's pending move, or of the generator's position, means
        // nothing to a battle without the rule.
        if self.units.iter().any(|u| u.moves != MoveRules::default()) {
            eat(b"moves");
            for u in &self.units {
                eat(&[
                    u8::from(u.moves.zoc),
                    u8::from(u.moves.skirmisher),
                    u8::from(u.moves.canto),
                ]);
            }
        }
        if self.combat.chance {
            eat(b"chance");
            eat(&[u8::from(self.combat.true_hit)]);
        }
        // Fog changes what every decision may know: a snapshot of a fog battle (an ambush
        // cut short a move) means another battle without it. Only where it is on.
        if self.fog {
            eat(b"fog");
        }
        h
    }

    /// Runs the range search of unit `u` over `occ` on `finder`: a skirmisher ignores zones
    /// of control, every other unit obeys them.
    pub(super) fn reach_of<'f>(
        finder: &'f mut crate::search::range::RangeFinder,
        layer: &crate::model::map::CostLayer,
        occ: &Occupancy,
        u: &Unit,
        leash: Option<Leash>,
    ) -> crate::search::range::Reach<'f> {
        let q = Battle::query(u, leash);
        if u.moves.skirmisher {
            finder.skirmish(layer, occ, q)
        } else {
            finder.search(layer, occ, q)
        }
    }

    /// The range search of unit `u` as placed, optionally leashed.
    pub(super) fn query(u: &Unit, leash: Option<Leash>) -> RangeQuery {
        RangeQuery {
            origin: u.pos,
            // A canto unit's second move has what its first left.
            budget: if u.canto { u.movement_left() } else { u.movement },
            team: u.team,
            leash,
        }
    }

    /// The battle `fresh` (the same units in the same order, built from edited files with
    /// new numbers: a live reload) carrying on where this one stands: positions, hit points
    /// (capped by a lowered maximum), acted flags, guard triggers, turn and phase, the undo
    /// journal and the player's record. Hit points the journal would restore are capped the
    /// same way, so an undo after the reload gives a battle the new numbers allow.
    /// Refused (and nothing changes) when `fresh` does not fit this battle's state.
    pub fn carried_into(&self, mut fresh: Battle) -> Result<Battle, RuleError> {
        if fresh.units.len() != self.units.len()
            || fresh.map.width() != self.map.width()
            || fresh.map.height() != self.map.height()
        {
            return Err(RuleError::BadSnapshot("the units or the map size changed".into()));
        }
        let mut snap = self.snapshot();
        // The edited files are this battle's scenario, changed on purpose.
        snap.scenario = fresh.fingerprint();
        // Events added or removed by the edit: the ones kept keep their state.
        snap.fired.resize(fresh.goals.scripts.len(), false);
        for (st, u) in snap.units.iter_mut().zip(&fresh.units) {
            st.hp = st.hp.min(st.grown.apply(u.stats).hp);
        }
        fresh.execute(Command::Restore(Box::new(snap)))?;
        fresh.journal = self.journal.clone();
        fresh.record = self.record.clone();
        fresh.versus = self.versus;
        let units = &fresh.units;
        for done in &mut fresh.journal {
            for e in &mut done.events {
                if let Event::Struck {
                    defender,
                    hp_before,
                    hp_left,
                    ..
                } = e
                {
                    let max = units[defender.0].stats.hp;
                    *hp_before = (*hp_before).min(max);
                    *hp_left = (*hp_left).min(max);
                }
            }
        }
        Ok(fresh)
    }
}

/// The cells of `map` whose terrain hides, a bit per cell in reading order (`None` when no
/// terrain kind hides: then nothing is taken out of sight).
fn hides_mask(
    map: &crate::model::map::TerrainMap,
    terrain: &crate::model::terrain::TerrainSet,
) -> Option<std::sync::Arc<[u64]>> {
    let kinds: Vec<bool> = terrain.kinds().iter().map(|t| t.hides).collect();
    if !kinds.contains(&true) {
        return None;
    }
    let mut s = crate::search::sight::Sight::empty(map.width(), map.height());
    for (i, t) in map.cells().iter().enumerate() {
        if kinds.get(usize::from(t.0)).copied().unwrap_or(false) {
            s.set(i);
        }
    }
    Some(s.bits.into())
}

/// The views of both sides a battle keeps (made on the first ask under fog), and what has
/// changed since they were last brought in step (`rules/view.rs` keeps them).
#[derive(Clone, Default)]
pub(super) struct KeptViews {
    /// Per side, its view: shared by the battle's clones until one of them changes (then
    /// that one makes its own again on its next ask).
    pub(super) views: [std::sync::OnceLock<std::sync::Arc<Battle>>; 2],
    /// An event was applied since the views were last brought in step: until they are, a
    /// view asked for is copied as before.
    pub(super) stale: bool,
    /// Every unit may have changed (a new phase, a restored snapshot).
    pub(super) all: bool,
    /// The units the events applied since then named (each may appear more than once).
    pub(super) touched: Vec<UnitId>,
}

impl std::fmt::Debug for KeptViews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A view is the battle again: its size, not its contents.
        f.debug_struct("KeptViews")
            .field("kept", &[self.views[0].get().is_some(), self.views[1].get().is_some()])
            .field("stale", &self.stale)
            .finish()
    }
}

impl KeptViews {
    /// Notes what `e` changes, before [`Battle::apply`] writes it (nothing without a view).
    pub(super) fn note(&mut self, e: &Event) {
        if self.views.iter().all(|v| v.get().is_none()) {
            return;
        }
        self.stale = true;
        self.note_units(e);
    }

    fn note_units(&mut self, e: &Event) {
        match e {
            Event::PhaseBegan { .. } | Event::Restored(_) => self.all = true,
            Event::Reverted(inner) => self.note_units(inner),
            Event::GuardWoke { unit, .. }
            | Event::Moved { unit, .. }
            | Event::Defeated { unit }
            | Event::Acted { unit }
            | Event::Canto { unit, .. }
            | Event::Arrived { unit, .. }
            | Event::ArrivalBlocked { unit, .. }
            | Event::Woken { unit }
            | Event::Gained { unit, .. }
            | Event::LevelUp { unit, .. } => self.touched.push(*unit),
            Event::Struck { defender, .. } => self.touched.push(*defender),
            Event::Healed { target, .. } => self.touched.push(*target),
            // They write no unit (the generator's position, the ending and the scripts are
            // copied whole).
            Event::Rolled { .. }
            | Event::Ambushed { .. }
            | Event::BattleEnded { .. }
            | Event::ScriptFired { .. }
            | Event::Said { .. } => {}
        }
    }
}
