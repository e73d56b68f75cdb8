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
