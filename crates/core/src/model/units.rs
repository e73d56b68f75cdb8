//! Unit kinds: default stats and the sprite of each kind of unit.

/// Sprite names known to the game, in the order of the rows of `assets/units.png`.
#[doc(hidden)] // The game's sprite sheet rows: the engine draws nothing.
pub const SPRITES: [&str; 12] = [
    "hero", "knight", "flier", "bowman", "brute", "soldier", "guard", "mage", "archer", "grunt", "cleric", "acolyte",
];

/// Highest `move` accepted anywhere a move is read (data files and any other input).
pub const MAX_MOVE: i64 = 1_000;
// The range search can represent every move the loaders accept.
const _: () = assert!(MAX_MOVE as u64 <= crate::search::range::MAX_BUDGET as u64);

/// Highest hp, attack or defense accepted (and heal power).
pub const MAX_STAT: i64 = 9_999;

/// Farthest attack or heal distance accepted (`range`, `heal_range`).
pub const MAX_RANGE: i64 = 100;

/// A number outside the bounds that every entry point shares — the loaders, the
/// `BattleBuilder`, `Battle::try_new` and `--set` — said in
/// the loaders' words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    /// `what = value` outside `min..=max`.
    OutOfRange {
        /// The field (`hp`, `move`, `heal`...).
        what: String,
        /// The value given.
        value: i64,
        /// The smallest accepted.
        min: i64,
        /// The largest accepted.
        max: i64,
    },
    /// A distance range `[min, max]` that is not `1 <= min <= max <= MAX_RANGE`.
    Span {
        /// The field (`range`, `heal_range`).
        what: String,
        /// Its near end.
        min: i64,
        /// Its far end.
        max: i64,
    },
}

impl std::fmt::Display for NumberError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NumberError::OutOfRange { what, value, min, max } => {
                write!(f, "{what} = {value} is out of range (expected {min}..={max})")
            }
            NumberError::Span { what, min, max } => write!(
                f,
                "{what} [{min}, {max}] makes no sense (expected 1 <= min <= max <= {MAX_RANGE})"
            ),
        }
    }
}

impl std::error::Error for NumberError {}

/// `value` of field `what` if it is within `min..=max`.
///
/// ```
/// use skirmish_core::model::units::{check_number, MAX_STAT};
/// assert_eq!(check_number("hp", 12, 1, MAX_STAT), Ok(12));
/// assert_eq!(check_number("hp", 0, 1, MAX_STAT).unwrap_err().to_string(), "hp = 0 is out of range (expected 1..=9999)");
/// ```
pub fn check_number(what: &str, value: i64, min: i64, max: i64) -> Result<i64, NumberError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(NumberError::OutOfRange {
            what: what.into(),
            value,
            min,
            max,
        })
    }
}

/// The distance range `[min, max]` of field `what` if `1 <= min <= max <=` [`MAX_RANGE`].
///
/// ```
/// use skirmish_core::model::units::check_span;
/// assert_eq!(check_span("range", 1, 2), Ok((1, 2)));
/// assert_eq!(
///     check_span("range", 3, 1).unwrap_err().to_string(),
///     "range [3, 1] makes no sense (expected 1 <= min <= max <= 100)"
/// );
/// ```
pub fn check_span(what: &str, min: i64, max: i64) -> Result<(u32, u32), NumberError> {
    if 1 <= min && min <= max && max <= MAX_RANGE {
        Ok((min as u32, max as u32))
    } else {
        Err(NumberError::Span {
            what: what.into(),
            min,
            max,
        })
    }
}

/// Combat numbers of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
// Open fields: plain numbers with no tie to anything else; a battle checks them when built.
pub struct Stats {
    /// Hit points when unhurt.
    pub hp: i32,
    /// Attack power.
    pub attack: i32,
    /// Defense.
    pub defense: i32,
    /// Nearest attack distance.
    pub range_min: u32,
    /// Farthest attack distance.
    pub range_max: u32,
}

impl Stats {
    /// True when a target at Manhattan distance `d` can be attacked.
    ///
    /// ```
    /// use skirmish_core::model::units::Stats;
    /// let s = Stats { hp: 20, attack: 7, defense: 2, range_min: 2, range_max: 3 };
    /// assert!(s.reaches(2) && s.reaches(3) && !s.reaches(1));
    /// ```
    pub fn reaches(&self, d: u32) -> bool {
        (self.range_min..=self.range_max).contains(&d)
    }

    /// These numbers if every one is within the bounds the files accept: hp
    /// `1..=`[`MAX_STAT`], attack and defense `0..=MAX_STAT`, `1 <= range_min <= range_max
    /// <=` [`MAX_RANGE`].
    ///
    /// ```
    /// use skirmish_core::model::units::Stats;
    /// let s = Stats { hp: 20, attack: 7, defense: 2, range_min: 1, range_max: 1 };
    /// assert!(s.check().is_ok());
    /// assert!(Stats { hp: 0, ..s }.check().is_err());
    /// assert!(Stats { range_min: 3, range_max: 1, ..s }.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), NumberError> {
        check_number("hp", i64::from(self.hp), 1, MAX_STAT)?;
        check_number("attack", i64::from(self.attack), 0, MAX_STAT)?;
        check_number("defense", i64::from(self.defense), 0, MAX_STAT)?;
        check_span("range", i64::from(self.range_min), i64::from(self.range_max))?;
        Ok(())
    }
}

/// How far a unit sees under fog of war when its kind does not say (`vision`).
pub const DEFAULT_VISION: u32 = 3;

/// Highest `vision` accepted (a kind's; terrain bonuses are within `-MAX_VISION..=MAX_VISION`).
pub const MAX_VISION: i64 = 64;

/// Highest `hit` or `avoid` accepted (a kind's hit can exceed 100 to beat avoid).
pub const MAX_ODDS: i64 = 500;

/// A kind's numbers for chance in combat, in percent. They count only in a scenario with
/// `[combat] chance = true`; elsewhere every blow lands, as before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Odds {
    /// Accuracy (default 100).
    pub hit: i32,
    /// Evasion, taken off an attacker's hit (default 0).
    pub avoid: i32,
    /// Chance that a blow that lands is critical: three times its damage (default 0).
    pub crit: i32,
}

impl Default for Odds {
    fn default() -> Odds {
        Odds {
            hit: 100,
            avoid: 0,
            crit: 0,
        }
    }
}

impl Odds {
    /// True for the defaults (hit 100, avoid 0, crit 0): what a kind without the keys has.
    ///
    /// ```
    /// use skirmish_core::model::units::Odds;
    /// assert!(Odds::default().is_default());
    /// assert!(!Odds { crit: 5, ..Odds::default() }.is_default());
    /// ```
    pub fn is_default(&self) -> bool {
        *self == Odds::default()
    }

    /// These numbers if each is within the bounds the files accept: hit and avoid
    /// `0..=`[`MAX_ODDS`], crit `0..=100`.
    ///
    /// ```
    /// use skirmish_core::model::units::Odds;
    /// assert!(Odds { hit: 90, avoid: 10, crit: 5 }.check().is_ok());
    /// assert!(Odds { crit: 101, ..Odds::default() }.check().is_err());
    /// assert!(Odds { hit: -1, ..Odds::default() }.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), NumberError> {
        check_number("hit", i64::from(self.hit), 0, MAX_ODDS)?;
        check_number("avoid", i64::from(self.avoid), 0, MAX_ODDS)?;
        check_number("crit", i64::from(self.crit), 0, 100)?;
        Ok(())
    }
}

/// A weapon of `data/weapons.toml` (chance in combat: it counts only in a scenario with
/// chance on). Against a unit whose weapon it beats, a blow has +15 hit and +1 damage (the
/// beaten weapon −15 and −1 back); against a unit of a class it is effective against, the
/// attack is tripled.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Weapon {
    /// Its table name, e.g. `sword`.
    pub name: String,
    /// The weapons it beats (the triangle), by name.
    pub beats: Vec<String>,
    /// The movement classes it is effective against.
    pub effective: Vec<crate::model::terrain::ClassId>,
}

/// Hit a weapon that beats the other's adds (and the beaten one loses).
pub const TRIANGLE_HIT: i32 = 15;
/// Damage a weapon that beats the other's adds (and the beaten one loses).
pub const TRIANGLE_DAMAGE: i32 = 1;
/// How many times its attack a weapon strikes with against a class it is effective against.
pub const EFFECTIVE_FACTOR: i32 = 3;

impl Weapon {
    /// +1 when this weapon beats `other`, −1 when `other` beats it, else 0 (also without
    /// a weapon on either side).
    ///
    /// ```
    /// use skirmish_core::model::units::Weapon;
    /// let w = |n: &str, b: &str| Weapon { name: n.into(), beats: vec![b.into()], effective: vec![] };
    /// let (sword, axe) = (w("sword", "axe"), w("axe", "lance"));
    /// assert_eq!(Weapon::edge(Some(&sword), Some(&axe)), 1);
    /// assert_eq!(Weapon::edge(Some(&axe), Some(&sword)), -1);
    /// assert_eq!(Weapon::edge(Some(&sword), None), 0);
    /// ```
    pub fn edge(mine: Option<&Weapon>, other: Option<&Weapon>) -> i32 {
        let (Some(a), Some(b)) = (mine, other) else {
            return 0;
        };
        i32::from(a.beats.contains(&b.name)) - i32::from(b.beats.contains(&a.name))
    }
}

/// What one level-up adds to a unit's stats (a kind's `growth` table in `units.toml`;
/// missing keys grow 0; no randomness).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Growth {
    /// Hit points added to the maximum (and to the hit points left).
    pub hp: i32,
    /// Attack added.
    pub attack: i32,
    /// Defense added.
    pub defense: i32,
    /// Movement points added (the `move` key; not one of the [`Stats`]: see
    /// [`Growth::apply_move`]). Left out of files when 0, so files written before it read.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_zero"))]
    pub movement: i32,
}

#[cfg(feature = "serde")]
fn is_zero(v: &i32) -> bool {
    *v == 0
}

impl Growth {
    /// True when a level-up adds nothing.
    pub fn is_zero(&self) -> bool {
        *self == Growth::default()
    }

    /// `self` added `times` times.
    ///
    /// ```
    /// use skirmish_core::model::units::Growth;
    /// let g = Growth { hp: 2, attack: 1, defense: 0, movement: 1 };
    /// assert_eq!(g.times(3), Growth { hp: 6, attack: 3, defense: 0, movement: 3 });
    /// ```
    pub fn times(self, times: i32) -> Growth {
        Growth {
            hp: self.hp.saturating_mul(times),
            attack: self.attack.saturating_mul(times),
            defense: self.defense.saturating_mul(times),
            movement: self.movement.saturating_mul(times),
        }
    }

    /// The sum of two growths.
    pub fn plus(self, other: Growth) -> Growth {
        Growth {
            hp: self.hp.saturating_add(other.hp),
            attack: self.attack.saturating_add(other.attack),
            defense: self.defense.saturating_add(other.defense),
            movement: self.movement.saturating_add(other.movement),
        }
    }

    /// `stats` grown by this much (capped at [`MAX_STAT`]; never below 0, hp never below 1;
    /// the movement growth is [`Growth::apply_move`]'s).
    ///
    /// ```
    /// use skirmish_core::model::units::{Growth, Stats};
    /// let s = Stats { hp: 28, attack: 9, defense: 3, range_min: 1, range_max: 1 };
    /// let g = Growth { hp: 2, attack: 1, defense: 1, ..Growth::default() };
    /// assert_eq!(g.apply(s), Stats { hp: 30, attack: 10, defense: 4, ..s });
    /// ```
    pub fn apply(self, stats: Stats) -> Stats {
        let cap = |v: i32, min: i32| v.clamp(min, MAX_STAT as i32);
        Stats {
            hp: cap(stats.hp.saturating_add(self.hp), 1),
            attack: cap(stats.attack.saturating_add(self.attack), 0),
            defense: cap(stats.defense.saturating_add(self.defense), 0),
            ..stats
        }
    }

    /// Movement points `movement` grown by this much (within `0..=`[`MAX_MOVE`]).
    ///
    /// ```
    /// use skirmish_core::model::units::{Growth, MAX_MOVE};
    /// let g = Growth { movement: 1, ..Growth::default() };
    /// assert_eq!(g.apply_move(5), 6);
    /// assert_eq!(g.apply_move(MAX_MOVE as u32), MAX_MOVE as u32);
    /// assert_eq!(g.times(-1).apply_move(5), 4);
    /// ```
    pub fn apply_move(self, movement: crate::search::grid::Cost) -> crate::search::grid::Cost {
        (i64::from(movement) + i64::from(self.movement)).clamp(0, MAX_MOVE) as crate::search::grid::Cost
    }
}

/// Experience for a blow that does not defeat.
pub const EXP_BLOW: u32 = 10;
/// Experience for a blow that defeats.
pub const EXP_DEFEAT: u32 = 30;
/// Experience for a heal.
pub const EXP_HEAL: u32 = 10;
/// Experience that makes a level: at this much a unit levels up and keeps the rest.
pub const EXP_LEVEL: u32 = 100;
/// Highest level a unit can reach (a unit there gains no more experience).
pub const MAX_LEVEL: u32 = 99;

/// A healer's numbers: `heal = N` and `heal_range = [min, max]` of its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Healing {
    /// Hit points given at most (never above the ally's own hp).
    pub power: i32,
    /// Nearest ally it can heal.
    pub range_min: u32,
    /// Farthest ally it can heal.
    pub range_max: u32,
}

impl Healing {
    /// A healer of `power` that heals allies next to it (`heal_range` defaults to `[1, 1]`).
    /// A battle refuses a power outside `1..=`[`MAX_STAT`] ([`Healing::check`]).
    ///
    /// ```
    /// use skirmish_core::model::units::Healing;
    /// assert!(Healing::adjacent(8).check().is_ok());
    /// assert!(Healing::adjacent(-50).check().is_err());
    /// ```
    pub fn adjacent(power: i32) -> Healing {
        Healing {
            power,
            range_min: 1,
            range_max: 1,
        }
    }

    /// True when an ally at Manhattan distance `d` can be healed.
    ///
    /// ```
    /// use skirmish_core::model::units::Healing;
    /// assert!(Healing::adjacent(8).reaches(1) && !Healing::adjacent(8).reaches(2));
    /// ```
    pub fn reaches(&self, d: u32) -> bool {
        (self.range_min..=self.range_max).contains(&d)
    }

    /// This healing if its numbers are within the bounds the files accept: power
    /// `1..=`[`MAX_STAT`], `1 <= range_min <= range_max <=` [`MAX_RANGE`].
    ///
    /// ```
    /// use skirmish_core::model::units::Healing;
    /// assert!(Healing { power: 8, range_min: 2, range_max: 1 }.check().is_err());
    /// assert!(Healing { power: 0, range_min: 1, range_max: 1 }.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), NumberError> {
        check_number("heal", i64::from(self.power), 1, MAX_STAT)?;
        check_span("heal_range", i64::from(self.range_min), i64::from(self.range_max))?;
        Ok(())
    }
}

/// The movement rules a kind (or a unit) follows beyond terrain costs, all off by default:
/// `zoc` (it holds the four cells next to it: a unit of the other side entering one stops
/// there), `skirmisher` (it ignores zones of control), `canto` (it may move again after it
/// attacks or heals, with the movement it has left).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MoveRules {
    /// Holds a zone of control.
    pub zoc: bool,
    /// Ignores zones of control.
    pub skirmisher: bool,
    /// May move again after acting.
    pub canto: bool,
}

impl MoveRules {
    /// The words the unit panel shows for these rules, in a fixed order.
    ///
    /// ```
    /// use skirmish_core::model::units::MoveRules;
    /// let r = MoveRules { zoc: true, canto: true, ..MoveRules::default() };
    /// assert_eq!(r.words(), ["zone of control", "canto"]);
    /// assert!(MoveRules::default().words().is_empty());
    /// ```
    pub fn words(self) -> Vec<&'static str> {
        [
            (self.zoc, "zone of control"),
            (self.skirmisher, "skirmisher"),
            (self.canto, "canto"),
        ]
        .into_iter()
        .filter_map(|(on, w)| on.then_some(w))
        .collect()
    }
}

/// One kind of unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    /// Table name.
    pub name: String,
    /// Sprite name (one of [`SPRITES`]).
    pub sprite: String,
    /// Movement class name.
    pub class: String,
    /// Movement points.
    pub movement: u32,
    /// Combat numbers.
    pub stats: Stats,
    /// What each level-up adds.
    pub growth: Growth,
    /// Its healing, for a healer kind.
    pub heal: Option<Healing>,
    /// Its movement rules (zones of control, skirmisher, canto).
    pub moves: MoveRules,
    /// Hit, avoid and critical (for scenarios with chance on).
    pub odds: Odds,
    /// Its weapon (`weapon = "NAME"`, a table of `data/weapons.toml`), if any.
    pub weapon: Option<Weapon>,
    /// How far it sees under fog of war (Manhattan distance; default [`DEFAULT_VISION`]).
    pub vision: u32,
}

/// Every unit kind of a data set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kinds {
    /// Kinds in file order.
    pub list: Vec<Kind>,
}

impl Kinds {
    /// The kind named `name`.
    pub fn get(&self, name: &str) -> Option<&Kind> {
        self.list.iter().find(|k| k.name == name)
    }

    /// Names, comma-separated, for messages.
    pub fn names(&self) -> String {
        self.list.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", ")
    }
}
