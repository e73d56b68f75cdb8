//! Combat numbers: deterministic damage, who can hit whom, forecasts and the battle's
//! outcome. Blows themselves are dealt by `Command::Attack` (see `command.rs`).

use crate::model::units::{EFFECTIVE_FACTOR, TRIANGLE_DAMAGE, Weapon};
use crate::rules::battle::{Battle, Unit, UnitId};
use crate::rules::command::RuleError;
use crate::rules::event::Ending;
use crate::search::grid::{Pos, Team};

/// What an attack would do, shown before the player confirms it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Forecast {
    /// Damage dealt to the defender.
    pub damage: i32,
    /// Defender's hit points after the attack.
    pub defender_hp: i32,
    /// Damage of the counter-attack, when the defender survives and can reach back.
    pub counter: Option<i32>,
    /// Attacker's hit points after the counter.
    pub attacker_hp: i32,
}

/// Damage `att` deals to `def` where `def` stands: attack − (defense + terrain defense), at
/// least 1 — the number of a blow, whether or not the rules allow it now.
///
/// # Panics
/// When the battle has no unit `att` or `def`; [`try_damage`] answers the rules' refusal
/// instead (also for an ally or a target out of reach).
pub fn damage(b: &Battle, att: UnitId, def: UnitId) -> i32 {
    let (a, d) = (b.unit(att), b.unit(def));
    let ground = b.terrain().get(b.map().at(d.pos)).defense;
    blow(attack_against(b, a, d), d.stats.defense, ground)
}

/// `a`'s attack against `d`: its attack, and under chance in combat its weapon's too
/// (tripled against a class it is effective against, ±1 by the weapon triangle).
fn attack_against(b: &Battle, a: &Unit, d: &Unit) -> i32 {
    if !b.combat.chance {
        return a.stats.attack;
    }
    // Without a weapon of its own neither effectiveness nor the triangle applies (the
    // edge needs both weapons): the common case, asked for every cell the AI weighs, so
    // it skips the weapon code (it was two thirds of what chance cost a balance run).
    let Some(mine) = a.weapon.as_deref() else {
        return a.stats.attack.max(0);
    };
    let mut attack = i64::from(a.stats.attack);
    if mine.effective.contains(&d.class) {
        attack *= i64::from(EFFECTIVE_FACTOR);
    }
    attack += i64::from(Weapon::edge(Some(mine), d.weapon.as_deref()) * TRIANGLE_DAMAGE);
    attack.clamp(0, i64::from(i32::MAX)) as i32
}

/// attack − (defense + ground), at least 1, in `i64` so that no extreme number wraps
/// (a huge defense gives 1, a huge attack at most `i32::MAX`).
fn blow(attack: i32, defense: i32, ground: i32) -> i32 {
    let d = i64::from(attack) - i64::from(defense) - i64::from(ground);
    d.clamp(1, i64::from(i32::MAX)) as i32
}

/// Damage `att` deals to `def` now, or the rules' refusal of that attack: an unknown unit
/// ([`RuleError::NoUnit`]), no living target ([`RuleError::NoTarget`]), or a target that is
/// an ally or out of reach from where both stand ([`RuleError::OutOfRange`]), as
/// `Command::Attack` refuses them.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::rules::combat::try_damage;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::player("Lance", (1, 0)))
///     .unit(UnitSpec::enemy("Brute", (3, 0), "charger"))
///     .build()
///     .unwrap();
/// let [kiny, lance, brute] = [0, 1, 2].map(UnitId);
/// assert!(matches!(try_damage(&b, kiny, lance), Err(RuleError::OutOfRange { .. })));
/// assert!(matches!(try_damage(&b, kiny, brute), Err(RuleError::OutOfRange { .. })));
/// assert_eq!(try_damage(&b, kiny, UnitId(9)), Err(RuleError::NoTarget { unit: kiny, target: UnitId(9) }));
/// assert_eq!(try_damage(&b, UnitId(9), kiny), Err(RuleError::NoUnit(UnitId(9))));
/// ```
pub fn try_damage(b: &Battle, att: UnitId, def: UnitId) -> Result<i32, RuleError> {
    check_blow(b, att, def)?;
    Ok(damage(b, att, def))
}

/// The refusals `Command::Attack` makes that depend on the two units only (not on whose
/// phase it is or whether the attacker has acted).
fn check_blow(b: &Battle, att: UnitId, def: UnitId) -> Result<(), RuleError> {
    let a = b.try_unit(att).ok_or(RuleError::NoUnit(att))?;
    if !a.alive {
        return Err(RuleError::Defeated(att));
    }
    if b.try_unit(def).is_none_or(|d| !d.alive) {
        return Err(RuleError::NoTarget { unit: att, target: def });
    }
    if !can_attack(b, att, def) {
        return Err(RuleError::OutOfRange { unit: att, target: def });
    }
    Ok(())
}

/// Damage `att` would deal to `def` if `def` stood on `at` (its terrain defense there).
///
/// # Panics
/// When the battle has no unit `att` or `def`, or `at` is off the map; [`try_damage_at`]
/// answers `None` instead.
pub fn damage_at(b: &Battle, att: UnitId, def: UnitId, at: Pos) -> i32 {
    match try_damage_at(b, att, def, at) {
        Some(d) => d,
        None => panic!("damage_at: unit #{} or #{} unknown, or {at} off the map", att.0, def.0),
    }
}

/// [`damage_at`], or `None` when a unit is unknown or `at` is off the map.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::rules::combat::try_damage_at;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::enemy("Brute", (2, 0), "charger"))
///     .build()
///     .unwrap();
/// assert!(try_damage_at(&b, UnitId(0), UnitId(1), Pos::new(1, 0)).is_some());
/// assert_eq!(try_damage_at(&b, UnitId(0), UnitId(1), Pos::new(-1, 0)), None);
/// ```
pub fn try_damage_at(b: &Battle, att: UnitId, def: UnitId, at: Pos) -> Option<i32> {
    let (a, d) = (b.try_unit(att)?, b.try_unit(def)?);
    let ground = b.terrain().try_get(b.map().get(at)?)?.defense;
    Some(blow(attack_against(b, a, d), d.stats.defense, ground))
}

/// True when `att` can hit `def` from where both stand now (false when either is unknown).
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::rules::combat::can_attack;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::enemy("Brute", (1, 0), "charger"))
///     .build()
///     .unwrap();
/// assert!(can_attack(&b, UnitId(0), UnitId(1)));
/// assert!(!can_attack(&b, UnitId(0), UnitId(7)));
/// ```
pub fn can_attack(b: &Battle, att: UnitId, def: UnitId) -> bool {
    let (Some(a), Some(d)) = (b.try_unit(att), b.try_unit(def)) else {
        return false;
    };
    a.alive && d.alive && a.team != d.team && a.stats.reaches(a.pos.manhattan(d.pos))
}

/// Units of the other side that `att` can hit from its cell, in acting order (none when
/// `att` is unknown).
pub fn targets_in_range(b: &Battle, att: UnitId) -> Vec<UnitId> {
    match b.try_unit(att) {
        Some(a) => targets_from(b, att, a.pos),
        None => Vec::new(),
    }
}

/// Hurt allies healer `h` can heal from where it stands, in acting order (none when it is
/// no healer).
pub fn heal_targets(b: &Battle, h: UnitId) -> Vec<UnitId> {
    let Some(me) = b.try_unit(h) else {
        return Vec::new();
    };
    let Some(heal) = me.heal.filter(|_| me.alive) else {
        return Vec::new();
    };
    b.living(me.team)
        .filter(|&a| a != h && b.unit(a).hp < b.unit(a).stats.hp && heal.reaches(me.pos.manhattan(b.unit(a).pos)))
        .collect()
}

/// The hit points of `target` before and after `h` heals it: `min(heal, what it misses)`
/// more. `None` when the rules would refuse the heal whoever's phase it is: `h` unknown,
/// fallen or no healer, `target` unknown, fallen, `h` itself or not of its side, or out of
/// its reach from where both stand.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::model::units::Healing;
/// use skirmish_core::rules::combat::heal_forecast;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)).hurt(5))
///     .unit(UnitSpec::player("Mira", (1, 0)).healer(Healing::adjacent(8)))
///     .unit(UnitSpec::enemy("Brute", (2, 0), "charger").hurt(5))
///     .build()
///     .unwrap();
/// let [kiny, mira, brute] = [0, 1, 2].map(UnitId);
/// assert_eq!(heal_forecast(&b, mira, kiny), Some((5, 13)));
/// assert_eq!(heal_forecast(&b, mira, brute), None);
/// assert_eq!(heal_forecast(&b, mira, UnitId(9)), None);
/// ```
pub fn heal_forecast(b: &Battle, h: UnitId, target: UnitId) -> Option<(i32, i32)> {
    let me = b.try_unit(h).filter(|u| u.alive)?;
    let heal = me.heal?;
    let power = heal.power;
    let t = b
        .try_unit(target)
        .filter(|t| target != h && t.alive && t.team == me.team && heal.reaches(me.pos.manhattan(t.pos)))?;
    Some((t.hp, t.hp.saturating_add(power).min(t.stats.hp).max(t.hp)))
}

/// Units of the other side that `att` could hit if it stood on `at`, in acting order (none
/// when `att` is unknown or fallen).
pub fn targets_from(b: &Battle, att: UnitId, at: Pos) -> Vec<UnitId> {
    let Some(a) = b.try_unit(att) else {
        return Vec::new();
    };
    if !a.alive {
        return Vec::new();
    }
    b.living(a.team.other())
        .filter(|&d| a.stats.reaches(at.manhattan(b.unit(d).pos)))
        .collect()
}

/// The outcome of `att` attacking `def` now, without changing anything — the numbers,
/// whether or not the rules allow the attack now.
///
/// # Panics
/// When the battle has no unit `att` or `def`; [`try_forecast`] answers the rules'
/// refusal instead (also for an ally or a target out of reach).
pub fn forecast(b: &Battle, att: UnitId, def: UnitId) -> Forecast {
    let dmg = damage(b, att, def);
    let defender_hp = b.unit(def).hp.saturating_sub(dmg).max(0);
    let reach_back = b.unit(def).stats.reaches(b.unit(att).pos.manhattan(b.unit(def).pos));
    let counter = (defender_hp > 0 && reach_back).then(|| damage(b, def, att));
    Forecast {
        damage: dmg,
        defender_hp,
        counter,
        attacker_hp: b.unit(att).hp.saturating_sub(counter.unwrap_or(0)).max(0),
    }
}

/// [`forecast`], or the rules' refusal of that attack (as [`try_damage`]: an unknown unit, no
/// living target, an ally or a target out of reach).
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::rules::combat::try_forecast;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::player("Lance", (1, 0)))
///     .unit(UnitSpec::enemy("Brute", (2, 0), "charger"))
///     .build()
///     .unwrap();
/// assert!(try_forecast(&b, UnitId(1), UnitId(2)).is_ok());
/// assert!(matches!(try_forecast(&b, UnitId(1), UnitId(0)), Err(RuleError::OutOfRange { .. })));
/// ```
pub fn try_forecast(b: &Battle, att: UnitId, def: UnitId) -> Result<Forecast, RuleError> {
    check_blow(b, att, def)?;
    Ok(forecast(b, att, def))
}

/// Who has won, if anybody: the player when no enemy stands, the enemy when the hero
/// (the first player unit of the scenario) or every player unit has fallen.
pub fn outcome(b: &Battle) -> Option<(Team, Ending)> {
    b.outcome()
}
