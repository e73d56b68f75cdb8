//! Units and the state of a battle as plain values: ids, units, and the snapshot that
//! saves keep and `Command::Restore` puts back.

use crate::model::profiles::{Behavior, Profiles};
use crate::model::terrain::{ClassId, Cost};
use crate::model::units::{Growth, Odds, Stats};
use crate::search::grid::{Pos, Team};

/// Index of a unit in scenario order; stable for the whole battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct UnitId(pub usize);

/// A unit during a battle. Read it through `Battle::unit` and the getters below; only
/// events change it (its fields are private so that nothing else can: a write to `pos` or
/// `alive` would leave the battle's occupancy behind).
///
/// ```compile_fail,E0616
/// use skirmish_core::prelude::*;
/// let map = TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap();
/// let battle = BattleBuilder::new(map).unit(UnitSpec::player("Kiny", (0, 0))).build().unwrap();
/// let mut kiny = battle.unit(UnitId(0)).clone();
/// kiny.hp = 0; // private: read it with `kiny.hp()`
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Its name as written in the scenario: its identity in files, JSON and text.
    pub(crate) name: std::sync::Arc<str>,
    /// Side.
    pub(crate) team: Team,
    /// Current cell.
    pub(crate) pos: Pos,
    /// Movement class.
    pub(crate) class: ClassId,
    /// Movement points per turn.
    pub(crate) movement: Cost,
    /// AI profile name (enemies).
    pub(crate) profile: Option<std::sync::Arc<str>>,
    /// Pivot-leash centre (its start cell unless the scenario says otherwise).
    pub(crate) pivot: Pos,
    /// The cell it heads for when its profile advances, in place of the profile's `goal`
    /// (one profile serves raiders with different goals).
    pub(crate) goal: Option<Pos>,
    /// A guard's trigger: once set it stays set for the rest of the battle.
    pub(crate) triggered: bool,
    /// False once defeated.
    pub(crate) alive: bool,
    /// Kind name (from `units.toml`).
    pub(crate) kind: std::sync::Arc<str>,
    /// Sprite name.
    pub(crate) sprite: std::sync::Arc<str>,
    /// Combat numbers.
    pub(crate) stats: Stats,
    /// A healer's numbers (`None`: it cannot heal).
    pub(crate) heal: Option<crate::model::units::Healing>,
    /// Its movement rules (zones of control, skirmisher, canto).
    pub(crate) moves: crate::model::units::MoveRules,
    /// Hit points left.
    pub(crate) hp: i32,
    /// True once it has moved in its side's current phase.
    pub(crate) moved: bool,
    /// True once it has acted (attacked or waited) in its side's current phase.
    pub(crate) acted: bool,
    /// Movement points its moves cost in its side's current phase.
    pub(crate) spent: Cost,
    /// A canto unit that has attacked or healed and may move again now.
    pub(crate) canto: bool,
    /// Not on the board yet: a reserve an event has still to bring (`alive` is false meanwhile).
    pub(crate) reserve: bool,
    /// A reserve that was called while its cell was taken: it tries again each turn.
    pub(crate) waiting: bool,
    /// What each level-up adds.
    pub(crate) growth: Growth,
    /// Its level (from 1).
    pub(crate) level: u32,
    /// Experience towards the next level (below [`crate::model::units::EXP_LEVEL`]).
    pub(crate) exp: u32,
    /// What level-ups in this battle added to `stats` (so a reload of edited numbers can
    /// put the growth back on the new ones).
    pub(crate) grown: Growth,
    /// Hit, avoid and critical (they count only in a battle with chance on).
    pub(crate) odds: Odds,
    /// Its weapon (it counts only in a battle with chance on); shared by the battle's copies.
    pub(crate) weapon: Option<std::sync::Arc<crate::model::units::Weapon>>,
    /// How far it sees under fog of war.
    pub(crate) vision: u32,
}

impl Unit {
    /// Its name as written in the scenario: its identity in files, JSON and text.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap();
    /// let battle = BattleBuilder::new(map)
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (4, 0), "charger").movement(3))
    ///     .build()
    ///     .unwrap();
    /// let brute = battle.unit(battle.find("Brute").unwrap());
    /// assert_eq!(brute.name(), "Brute");
    /// assert_eq!((brute.team(), brute.pos(), brute.movement()), (Team::Enemy, Pos::new(4, 0), 3));
    /// assert_eq!(brute.profile(), Some("charger"));
    /// assert!(brute.alive() && !brute.moved() && brute.hp() == brute.stats().hp);
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its side.
    pub fn team(&self) -> Team {
        self.team
    }

    /// Its current cell (its last cell once defeated; its arrival cell while a reserve).
    pub fn pos(&self) -> Pos {
        self.pos
    }

    /// Its movement class.
    pub fn class(&self) -> ClassId {
        self.class
    }

    /// Its movement points per turn.
    pub fn movement(&self) -> Cost {
        self.movement
    }

    /// Its AI profile's name (enemies; `None` for the player's units).
    pub fn profile(&self) -> Option<&str> {
        self.profile.as_deref()
    }

    /// The centre of a `pivot_leash` profile's leash (its start cell unless the scenario
    /// says otherwise).
    pub fn pivot(&self) -> Pos {
        self.pivot
    }

    /// The cell it heads for when its profile advances, in place of the profile's `goal`
    /// (one profile serves raiders with different goals).
    pub fn goal(&self) -> Option<Pos> {
        self.goal
    }

    /// True once a guard's trigger has fired (it stays set for the rest of the battle).
    pub fn triggered(&self) -> bool {
        self.triggered
    }

    /// True while it is on the board: false once defeated, and for a reserve not yet brought.
    pub fn alive(&self) -> bool {
        self.alive
    }

    /// Its kind's name (from `units.toml`).
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// Its sprite's name.
    pub fn sprite(&self) -> &str {
        &self.sprite
    }

    /// Its combat numbers now (level-ups in this battle included; see [`Unit::base_stats`]).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// A healer's numbers (`None`: it cannot heal).
    pub fn heal(&self) -> Option<crate::model::units::Healing> {
        self.heal
    }

    /// Its movement rules: whether it holds a zone of control, ignores zones, has canto.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::units::MoveRules;
    /// use skirmish_core::rules::Unit;
    /// let zoc = MoveRules { zoc: true, ..MoveRules::default() };
    /// let u = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 5).with_moves(zoc);
    /// assert!(u.moves().zoc && !u.moves().canto);
    /// ```
    pub fn moves(&self) -> crate::model::units::MoveRules {
        self.moves
    }

    /// How far it sees under fog of war, before the bonus of the terrain it stands on
    /// (its kind's `vision`).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::rules::Unit;
    /// let u = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 5);
    /// assert_eq!((u.vision(), u.with_vision(5).vision()), (3, 5));
    /// ```
    pub fn vision(&self) -> u32 {
        self.vision
    }

    /// Hit points left.
    pub fn hp(&self) -> i32 {
        self.hp
    }

    /// True when it has canto, has attacked or healed this phase and may move again now
    /// (with [`Unit::movement_left`]).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::rules::Unit;
    /// let u = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 5);
    /// assert!(!u.may_canto());
    /// ```
    pub fn may_canto(&self) -> bool {
        self.canto
    }

    /// Movement points it has left this phase: its move minus what its moves cost so far.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::rules::Unit;
    /// let u = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 5);
    /// assert_eq!(u.movement_left(), 5);
    /// ```
    pub fn movement_left(&self) -> Cost {
        self.movement.saturating_sub(self.spent)
    }

    /// True once it has moved in its side's current phase.
    pub fn moved(&self) -> bool {
        self.moved
    }

    /// True once it has acted (attacked, healed or waited) in its side's current phase.
    pub fn acted(&self) -> bool {
        self.acted
    }

    /// True while it is a reserve an event has still to bring ([`Unit::alive`] is false meanwhile).
    pub fn reserve(&self) -> bool {
        self.reserve
    }

    /// True for a reserve that was called while its cell was taken: it tries again each turn.
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    /// What each level-up adds to its stats.
    pub fn growth(&self) -> Growth {
        self.growth
    }

    /// Its level (from 1).
    pub fn level(&self) -> u32 {
        self.level
    }

    /// Experience towards the next level (below [`crate::model::units::EXP_LEVEL`]).
    pub fn exp(&self) -> u32 {
        self.exp
    }

    /// What level-ups in this battle added to its stats and movement.
    pub fn grown(&self) -> Growth {
        self.grown
    }

    /// Its hit, avoid and critical (they count only in a battle with chance on).
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::model::units::Odds;
    /// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)).odds(Odds { hit: 90, avoid: 20, crit: 5 }))
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(b.unit(UnitId(0)).odds().avoid, 20);
    /// ```
    pub fn odds(&self) -> Odds {
        self.odds
    }

    /// Its weapon, if its kind has one (it counts only in a battle with chance on).
    pub fn weapon(&self) -> Option<&crate::model::units::Weapon> {
        self.weapon.as_deref()
    }

    /// How it acts: its profile's behaviour in `profiles`, with its own [`Unit::goal`] for
    /// an `advance` profile; `None` without a profile or for one `profiles` lacks.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["......."]).unwrap();
    /// let battle = BattleBuilder::new(map)
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Rider", (6, 0), "guard").movement(6))
    ///     .build()
    ///     .unwrap();
    /// let rider = battle.unit(battle.find("Rider").unwrap());
    /// let profiles = Profiles::standard();
    /// assert_eq!(rider.behavior(&profiles), Some(Behavior::GuardTrigger { trigger: 3 }));
    /// ```
    pub fn behavior(&self, profiles: &Profiles) -> Option<Behavior> {
        let b = profiles.get(self.profile.as_deref()?)?.behavior.clone();
        Some(match (b, self.goal) {
            (Behavior::Advance { .. }, Some(goal)) => Behavior::Advance { goal },
            (b, _) => b,
        })
    }

    /// A unit with default soldier stats, for [`Battle::from_parts`](crate::rules::Battle::from_parts)
    /// (tests and generators set up a board in any state with these; a game describes its
    /// units with `UnitSpec` and builds with `BattleBuilder`). Nothing is checked until
    /// `from_parts` takes it.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::rules::Unit;
    /// use skirmish_core::model::units::Growth;
    /// let u = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 5)
    ///     .with_stats(Stats { hp: 30, attack: 9, defense: 3, range_min: 1, range_max: 1 })
    ///     .with_hp(12)
    ///     .with_pivot(Pos::new(2, 2))
    ///     .with_growth(Growth { hp: 2, attack: 1, ..Growth::default() })
    ///     .with_level(3, 40)
    ///     .with_profile(None);
    /// assert_eq!((u.hp(), u.level(), u.exp(), u.pivot()), (12, 3, 40, Pos::new(2, 2)));
    /// ```
    pub fn new(name: impl Into<String>, team: Team, pos: Pos, class: ClassId, movement: Cost) -> Unit {
        let stats = crate::model::data::builtin_kinds().list[0].stats;
        Unit {
            name: name.into().into(),
            team,
            pos,
            class,
            movement,
            profile: None,
            pivot: pos,
            goal: None,
            triggered: false,
            alive: true,
            kind: "soldier".into(),
            sprite: if team == Team::Player {
                "hero".into()
            } else {
                "soldier".into()
            },
            stats,
            heal: None,
            moves: Default::default(),
            hp: stats.hp,
            moved: false,
            acted: false,
            spent: 0,
            canto: false,
            reserve: false,
            waiting: false,
            growth: Growth::default(),
            level: 1,
            exp: 0,
            grown: Growth::default(),
            odds: Odds::default(),
            weapon: None,
            vision: crate::model::units::DEFAULT_VISION,
        }
    }

    // A unit made by `Unit::new` is changed with these before `Battle::from_parts` checks
    // and takes it. They take the unit by value: a battle hands out only `&Unit`, so they
    // cannot reach a unit in play. (Their example is `Unit::new`'s.)

    /// The same unit driven by `profile`.
    pub fn with_profile(self, profile: Option<&str>) -> Unit {
        Unit {
            profile: profile.map(Into::into),
            ..self
        }
    }

    /// The same unit with these stats, unhurt.
    pub fn with_stats(self, stats: Stats) -> Unit {
        Unit {
            stats,
            hp: stats.hp,
            ..self
        }
    }

    /// The same unit with `hp` hit points left.
    pub fn with_hp(self, hp: i32) -> Unit {
        Unit { hp, ..self }
    }

    /// The same unit leashed to `pivot`.
    pub fn with_pivot(self, pivot: Pos) -> Unit {
        Unit { pivot, ..self }
    }

    /// The same unit growing by `growth` at each level-up.
    pub fn with_growth(self, growth: Growth) -> Unit {
        Unit { growth, ..self }
    }

    /// The same unit following these movement rules.
    pub fn with_moves(self, moves: crate::model::units::MoveRules) -> Unit {
        Unit { moves, ..self }
    }

    /// The same unit with these chance numbers.
    pub fn with_odds(self, odds: Odds) -> Unit {
        Unit { odds, ..self }
    }

    /// The same unit seeing `vision` cells far under fog of war (its example is
    /// [`Unit::vision`]'s).
    pub fn with_vision(self, vision: u32) -> Unit {
        Unit { vision, ..self }
    }

    /// The same unit at `level` with `exp` experience.
    pub fn with_level(self, level: u32, exp: u32) -> Unit {
        Unit { level, exp, ..self }
    }

    /// Its stats as the scenario set them, before this battle's level-ups.
    pub fn base_stats(&self) -> Stats {
        self.grown.times(-1).apply(self.stats)
    }

    /// Its movement points as the scenario set them, before this battle's level-ups.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::rules::Unit;
    /// let u = Unit::new("Kiny", Team::Player, Pos::new(0, 0), ClassId(0), 5);
    /// assert_eq!(u.base_movement(), 5);
    /// ```
    pub fn base_movement(&self) -> Cost {
        self.grown.times(-1).apply_move(self.movement)
    }
}

/// The changing part of one unit, as saves and restores see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
// Open fields, as `Snapshot`'s: a record that `Command::Restore` checks before taking.
pub struct UnitState {
    /// Cell.
    pub at: Pos,
    /// Hit points left.
    pub hp: i32,
    /// Still on the board.
    pub alive: bool,
    /// Has moved in its side's current phase.
    pub moved: bool,
    /// Has acted in its side's current phase.
    pub acted: bool,
    /// Movement points its moves cost in its side's current phase (0 when absent).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub spent: Cost,
    /// A canto unit that has acted and may move again now (false when absent).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub canto: bool,
    /// A guard's trigger has fired.
    pub triggered: bool,
    /// A reserve not on the board yet.
    pub reserve: bool,
    /// A reserve called while its cell was taken.
    pub waiting: bool,
    /// Its level.
    pub level: u32,
    /// Experience towards the next level.
    pub exp: u32,
    /// What level-ups in this battle added to its stats.
    pub grown: Growth,
}

/// Everything that changes during a battle, in one value: what a save keeps and
/// `Command::Restore` puts back.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
// Open fields: a save's record. `Command::Restore` checks it against the battle (unit
// count, cells on the map and free, hp within bounds...) and refuses it with
// `RuleError::BadSnapshot`, so an edited one cannot break a battle.
pub struct Snapshot {
    /// The battle it was taken from, as [`Battle::fingerprint`](crate::rules::Battle::fingerprint)
    /// says it: `Command::Restore` refuses a snapshot of another scenario.
    pub scenario: u64,
    /// Turn number, from 1.
    pub turn: u32,
    /// The side whose phase it is. In the enemy's phase, the enemies that have acted say so
    /// ([`UnitState::acted`]) and `EnemyPhase::begin` goes on with the others.
    pub active: Team,
    /// Every unit, in scenario order.
    pub units: Vec<UnitState>,
    /// Which scripted events have fired, in scenario order (empty: none).
    pub fired: Vec<bool>,
    /// The seed of the battle's generator (chance in combat).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero_u64"))]
    pub seed: u64,
    /// How many numbers the battle's generator has drawn (chance in combat): with the seed,
    /// where its rolls go on from. 0 in a battle without chance.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero_u64"))]
    pub drawn: u64,
}

#[cfg(feature = "serde")]
fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

/// For serde: a zero `spent` is left out of a snapshot, as it was before canto.
#[cfg(feature = "serde")]
fn is_zero(c: &Cost) -> bool {
    *c == 0
}
