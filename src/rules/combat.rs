//! Combat: deterministic damage, counter-attacks, defeat, forecasts and the battle's outcome.

use crate::rules::battle::{Battle, UnitId};
use crate::search::grid::Team;
use serde::Serialize;

/// One blow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Strike {
    /// Who struck.
    pub attacker: String,
    /// Who was hit.
    pub defender: String,
    /// Hit points taken.
    pub damage: i32,
    /// The defender's hit points after the blow.
    pub hp_left: i32,
    /// True when the blow defeated the defender.
    pub defeated: bool,
    /// True for the defender's strike back.
    pub counter: bool,
}

/// What an attack would do, shown before the player confirms it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
    let ground = b.terrain.get(b.map.at(d.pos)).defense;
    (a.stats.attack - d.stats.defense - ground).max(1)
}

/// True when `att` can hit `def` from where both stand now.
pub fn can_attack(b: &Battle, att: UnitId, def: UnitId) -> bool {
    let (a, d) = (b.unit(att), b.unit(def));
    a.alive && d.alive && a.team != d.team && a.stats.reaches(a.pos.manhattan(d.pos))
}

/// Units of the other side that `att` can hit from its cell, in acting order.
pub fn targets_in_range(b: &Battle, att: UnitId) -> Vec<UnitId> {
    let team = b.unit(att).team.other();
    b.living(team).filter(|&d| can_attack(b, att, d)).collect()
}

/// The outcome of `att` attacking `def` now, without changing anything.
pub fn forecast(b: &Battle, att: UnitId, def: UnitId) -> Forecast {
    let dmg = damage(b, att, def);
    let defender_hp = (b.unit(def).hp - dmg).max(0);
    let reach_back = b.unit(def).stats.reaches(b.unit(att).pos.manhattan(b.unit(def).pos));
    let counter = (defender_hp > 0 && reach_back).then(|| damage(b, def, att));
    Forecast {
        damage: dmg,
        defender_hp,
        counter,
        attacker_hp: (b.unit(att).hp - counter.unwrap_or(0)).max(0),
    }
}

/// `att` attacks `def`; the defender strikes back once if it survives and can reach.
/// Returns the blows in order. Does nothing when the attack is not possible.
pub fn attack(b: &mut Battle, att: UnitId, def: UnitId) -> Vec<Strike> {
    if !can_attack(b, att, def) {
        return Vec::new();
    }
    let mut blows = vec![hit(b, att, def, false)];
    if b.unit(def).alive && can_attack(b, def, att) {
        blows.push(hit(b, def, att, true));
    }
    blows
}

fn hit(b: &mut Battle, att: UnitId, def: UnitId, counter: bool) -> Strike {
    let dmg = damage(b, att, def);
    let hp = (b.unit(def).hp - dmg).max(0);
    b.units[def.0].hp = hp;
    if hp == 0 {
        b.defeat(def);
    }
    Strike {
        attacker: b.unit(att).name.clone(),
        defender: b.unit(def).name.clone(),
        damage: dmg,
        hp_left: hp,
        defeated: hp == 0,
        counter,
    }
}

/// Who has won, if anybody: the player when no enemy stands, the enemy when the hero
/// (the first player unit of the scenario) or every player unit has fallen.
pub fn outcome(b: &Battle) -> Option<Team> {
    if b.living(Team::Enemy).next().is_none() {
        return Some(Team::Player);
    }
    let hero_down = b
        .units
        .iter()
        .find(|u| u.team == Team::Player)
        .is_some_and(|h| !h.alive);
    if hero_down || b.living(Team::Player).next().is_none() {
        return Some(Team::Enemy);
    }
    None
}
