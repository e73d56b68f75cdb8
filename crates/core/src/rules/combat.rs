//! Combat numbers: deterministic damage, who can hit whom, forecasts and the battle's
//! outcome. Blows themselves are dealt by `Command::Attack` (see `command.rs`).

use crate::rules::battle::{Battle, UnitId};
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

/// Damage `att` deals to `def` where `def` stands: attack − (defense + terrain defense), at least 1.
pub fn damage(b: &Battle, att: UnitId, def: UnitId) -> i32 {
    let (a, d) = (b.unit(att), b.unit(def));
    let ground = b.terrain().get(b.map().at(d.pos)).defense;
    blow(a.stats.attack, d.stats.defense, ground)
}

/// attack − (defense + ground), at least 1, in `i64` so that no extreme number wraps
/// (a huge defense gives 1, a huge attack at most `i32::MAX`).
fn blow(attack: i32, defense: i32, ground: i32) -> i32 {
    let d = i64::from(attack) - i64::from(defense) - i64::from(ground);
    d.clamp(1, i64::from(i32::MAX)) as i32
}

/// Damage `att` would deal to `def` if `def` stood on `at` (its terrain defense there).
pub fn damage_at(b: &Battle, att: UnitId, def: UnitId, at: Pos) -> i32 {
    let (a, d) = (b.unit(att), b.unit(def));
    let ground = b.terrain().get(b.map().at(at)).defense;
    blow(a.stats.attack, d.stats.defense, ground)
}

/// True when `att` can hit `def` from where both stand now.
pub fn can_attack(b: &Battle, att: UnitId, def: UnitId) -> bool {
    let (a, d) = (b.unit(att), b.unit(def));
    a.alive && d.alive && a.team != d.team && a.stats.reaches(a.pos.manhattan(d.pos))
}

/// Units of the other side that `att` can hit from its cell, in acting order.
pub fn targets_in_range(b: &Battle, att: UnitId) -> Vec<UnitId> {
    targets_from(b, att, b.unit(att).pos)
}

/// Hurt allies healer `h` can heal from where it stands, in acting order (none when it is
/// no healer).
pub fn heal_targets(b: &Battle, h: UnitId) -> Vec<UnitId> {
    let me = b.unit(h);
    let Some(heal) = me.heal.filter(|_| me.alive) else {
        return Vec::new();
    };
    b.living(me.team)
        .filter(|&a| a != h && b.unit(a).hp < b.unit(a).stats.hp && heal.reaches(me.pos.manhattan(b.unit(a).pos)))
        .collect()
}

/// The hit points of `target` before and after `h` heals it: `min(heal, what it misses)`
/// more (`None` when `h` is no healer).
pub fn heal_forecast(b: &Battle, h: UnitId, target: UnitId) -> Option<(i32, i32)> {
    let power = b.unit(h).heal?.power;
    let t = b.unit(target);
    Some((t.hp, t.hp.saturating_add(power).min(t.stats.hp).max(t.hp)))
}

/// Units of the other side that `att` could hit if it stood on `at`, in acting order.
pub fn targets_from(b: &Battle, att: UnitId, at: Pos) -> Vec<UnitId> {
    let a = b.unit(att);
    if !a.alive {
        return Vec::new();
    }
    b.living(a.team.other())
        .filter(|&d| a.stats.reaches(at.manhattan(b.unit(d).pos)))
        .collect()
}

/// The outcome of `att` attacking `def` now, without changing anything.
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

/// Who has won, if anybody: the player when no enemy stands, the enemy when the hero
/// (the first player unit of the scenario) or every player unit has fallen.
pub fn outcome(b: &Battle) -> Option<(Team, Ending)> {
    b.outcome()
}
