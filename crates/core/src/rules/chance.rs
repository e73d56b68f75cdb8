//! Chance in combat (`[combat] chance = true` in a scenario): a blow's hit and critical
//! chances, and the rolls that decide them. The rolls come from the battle's seeded generator
//! (its seed and how many numbers it drew are battle state), per blow in a fixed order: the
//! hit roll (two numbers under `true_hit`), then, when it hits, the critical roll.

use crate::model::units::{TRIANGLE_HIT, Weapon};
use crate::rng::Rng;
use crate::rules::battle::{Battle, UnitId};

/// A critical blow deals this many times its damage.
pub const CRIT_FACTOR: i32 = 3;

/// The chance to hit, in percent: clamp(hit − avoid − terrain avoid, 0, 100).
///
/// ```
/// use skirmish_core::rules::chance::hit_percent;
/// assert_eq!(hit_percent(90, 20, 10), 60);
/// assert_eq!(hit_percent(150, 0, 0), 100);
/// assert_eq!(hit_percent(30, 40, 0), 0);
/// assert_eq!(hit_percent(80, 0, -20), 100);
/// ```
pub fn hit_percent(hit: i32, avoid: i32, ground: i32) -> u32 {
    (i64::from(hit) - i64::from(avoid) - i64::from(ground)).clamp(0, 100) as u32
}

/// The hit and critical chances, in percent, of `att` striking `def` where `def` stands now
/// (whether or not the rules allow the blow now; the numbers count only in a battle with
/// chance on). `None` when a unit is unknown.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::model::units::Odds;
/// use skirmish_core::rules::chance::odds;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..T"]).unwrap())
///     .unit(UnitSpec::player("Kiny", (1, 0)).odds(Odds { hit: 85, avoid: 0, crit: 10 }))
///     .unit(UnitSpec::enemy("Brute", (2, 0), "charger").odds(Odds { hit: 70, avoid: 15, crit: 0 }))
///     .build()
///     .unwrap();
/// assert_eq!(odds(&b, UnitId(0), UnitId(1)), Some((70, 10)));
/// assert_eq!(odds(&b, UnitId(1), UnitId(0)), Some((70, 0)));
/// assert_eq!(odds(&b, UnitId(0), UnitId(5)), None);
/// ```
pub fn odds(b: &Battle, att: UnitId, def: UnitId) -> Option<(u32, u32)> {
    let (a, d) = (b.try_unit(att)?, b.try_unit(def)?);
    let ground = b.terrain().try_get(b.map().get(d.pos)?)?.avoid;
    let crit = a.odds.crit.clamp(0, 100) as u32;
    let edge = Weapon::edge(a.weapon.as_deref(), d.weapon.as_deref()) * TRIANGLE_HIT;
    Some((hit_percent(a.odds.hit.saturating_add(edge), d.odds.avoid, ground), crit))
}

/// One number of `0..100` from `rng`.
fn number(rng: &mut Rng) -> u32 {
    rng.below(100) as u32
}

/// The hit roll: true when the blow lands with chance `percent`, and how many numbers it drew.
/// One number below `percent` hits; with `true_hit`, the average of two numbers must be below
/// it (a + b < 2 × percent), which makes high chances surer and low ones rarer.
///
/// ```
/// use skirmish_core::rng::Rng;
/// use skirmish_core::rules::chance::roll_hit;
/// let mut rng = Rng::new(1);
/// assert_eq!(roll_hit(&mut rng, 100, false), (true, 1));
/// assert_eq!(roll_hit(&mut rng, 0, true), (false, 2));
/// ```
pub fn roll_hit(rng: &mut Rng, percent: u32, true_hit: bool) -> (bool, u32) {
    if true_hit {
        let (x, y) = (number(rng), number(rng));
        (x + y < 2 * percent, 2)
    } else {
        (number(rng) < percent, 1)
    }
}

/// The critical roll of a blow that landed: true with chance `percent` (one number).
///
/// ```
/// use skirmish_core::rng::Rng;
/// use skirmish_core::rules::chance::roll_crit;
/// let mut rng = Rng::new(1);
/// assert!(!roll_crit(&mut rng, 0));
/// assert!(roll_crit(&mut rng, 100));
/// ```
pub fn roll_crit(rng: &mut Rng, percent: u32) -> bool {
    number(rng) < percent
}

/// The real chance, in percent, that a two-number (`true_hit`) roll lands when the shown
/// chance is `percent`: the share of the 10,000 pairs of numbers `0..100` whose sum is below
/// 2 × `percent`.
///
/// ```
/// use skirmish_core::rules::chance::true_hit_percent;
/// assert_eq!(true_hit_percent(50), 50.5);
/// assert_eq!(true_hit_percent(70), 82.3);
/// assert_eq!(true_hit_percent(0), 0.0);
/// assert_eq!(true_hit_percent(100), 100.0);
/// ```
pub fn true_hit_percent(percent: u32) -> f64 {
    let p = i64::from(percent.min(100));
    // Pairs with a + b = s: s + 1 for s < 100, 199 − s above.
    let pairs: i64 = (0..(2 * p).min(199))
        .map(|s| if s < 100 { s + 1 } else { 199 - s })
        .sum();
    pairs as f64 / 100.0
}

/// The odds of an attack for a forecast, under chance in combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OddsForecast {
    /// The attacker's chance to hit, in percent.
    pub hit: u32,
    /// The attacker's chance of a critical when it hits, in percent.
    pub crit: u32,
    /// The defender's hit and critical chances when it can strike back from where it stands
    /// (should it still stand).
    pub counter: Option<(u32, u32)>,
    /// The weapon triangle: 1 when the attacker's weapon beats the defender's (▲), −1 when
    /// it is beaten (▼), 0 otherwise.
    pub edge: i32,
}

impl OddsForecast {
    /// The triangle's arrow for the attacker: "▲", "▼" or "".
    ///
    /// ```
    /// use skirmish_core::rules::chance::OddsForecast;
    /// let f = OddsForecast { hit: 85, crit: 5, counter: None, edge: 1 };
    /// assert_eq!(f.arrow(), "▲");
    /// assert_eq!(OddsForecast { edge: 0, ..f }.arrow(), "");
    /// ```
    pub fn arrow(&self) -> &'static str {
        match self.edge {
            1.. => "▲",
            ..0 => "▼",
            0 => "",
        }
    }
}

/// What the forecast of `att` attacking `def` adds under chance in combat: the hit and
/// critical chances both ways and the weapon triangle. `None` in a battle without chance
/// (every blow lands) or when a unit is unknown.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::model::scenario::Combat;
/// use skirmish_core::model::units::Odds;
/// use skirmish_core::rules::chance::forecast_odds;
/// let build = |chance| BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)).odds(Odds { hit: 90, avoid: 10, crit: 5 }))
///     .unit(UnitSpec::enemy("Brute", (1, 0), "charger").odds(Odds { hit: 75, avoid: 0, crit: 0 }))
///     .combat(Combat { chance, true_hit: false })
///     .build()
///     .unwrap();
/// let f = forecast_odds(&build(true), UnitId(0), UnitId(1)).unwrap();
/// assert_eq!((f.hit, f.crit, f.counter, f.edge), (90, 5, Some((65, 0)), 0));
/// assert_eq!(forecast_odds(&build(false), UnitId(0), UnitId(1)), None);
/// ```
pub fn forecast_odds(b: &Battle, att: UnitId, def: UnitId) -> Option<OddsForecast> {
    if !b.combat().chance {
        return None;
    }
    let (hit, crit) = odds(b, att, def)?;
    let (a, d) = (b.try_unit(att)?, b.try_unit(def)?);
    let counter = d
        .stats
        .reaches(a.pos.manhattan(d.pos))
        .then(|| odds(b, def, att))
        .flatten();
    Some(OddsForecast {
        hit,
        crit,
        counter,
        edge: Weapon::edge(a.weapon.as_deref(), d.weapon.as_deref()),
    })
}
