//! One number of a battle changed by name: the `--set` keys of `batch` and `tune` and the
//! entries of a scenario's `[difficulty.NAME]` tables share this parser and this applier.
//!
//! A key is `PROFILE.KEY` (a number of a table of `profiles.toml`), `unit:NAME.KEY` (a unit
//! of the scenario) or `kind:KIND.KEY` (a kind of `units.toml`, and so every unit of that
//! kind that does not write the number itself); unit keys are [`STAT_KEYS`] and the
//! switches [`RULE_KEYS`] (1 on, 0 off), kind keys those and [`KIND_ONLY_KEYS`] (a healer's
//! numbers and what a level-up adds) and [`ODDS_KEYS`] (chance in combat: `kind:KIND.hit`) and [`VISION_KEY`] (fog of war:
//! `kind:KIND.vision`).

use crate::load::diag::Source;
use crate::load::profiles::{Behavior, Param, Profile, Profiles};
use crate::load::suggest::did_you_mean_value;
use skirmish_core::ai::registry::Registry;
use skirmish_core::model::data::DataSet;
use skirmish_core::model::scenario::Scenario;
use skirmish_core::model::units::{MAX_MOVE, MAX_ODDS, MAX_RANGE, MAX_STAT, MAX_VISION, check_number};

/// The numbers `unit:NAME.KEY` and `kind:KIND.KEY` may set.
pub const STAT_KEYS: [&str; 6] = ["move", "hp", "attack", "defense", "range_min", "range_max"];

/// The numbers only `kind:KIND.KEY` may set: a healer's `heal` (hit points given; set on a
/// kind that is no healer, it makes one that heals allies next to it), `heal_range` (both
/// ends), `heal_range_min` and `heal_range_max`, and its `[KIND.growth]` table's numbers.
pub const KIND_ONLY_KEYS: [&str; 8] = [
    "heal",
    "heal_range",
    "heal_range_min",
    "heal_range_max",
    "growth_hp",
    "growth_attack",
    "growth_defense",
    "growth_move",
];

/// The movement rules `unit:NAME.KEY` and `kind:KIND.KEY` may switch: 1 on, 0 off.
pub const RULE_KEYS: [&str; 3] = ["zoc", "skirmisher", "canto"];

/// The movement rule `key` of `moves` and of `own` (whether the unit writes it itself).
fn rule<'a>(
    key: &str,
    moves: &'a mut skirmish_core::model::units::MoveRules,
    own: &'a mut skirmish_core::model::scenario::OwnStats,
) -> (&'a mut bool, &'a mut bool) {
    match key {
        "zoc" => (&mut moves.zoc, &mut own.zoc),
        "skirmisher" => (&mut moves.skirmisher, &mut own.skirmisher),
        _ => (&mut moves.canto, &mut own.canto),
    }
}

/// `value` as a switch: 1 on, 0 off.
fn switch(key: &str, value: i64) -> Result<bool, String> {
    match value {
        0 | 1 => Ok(value == 1),
        v => Err(format!("{key} = {v} is not a switch (expected 1 for on or 0 for off)")),
    }
}

/// The chance numbers `kind:KIND.KEY` may set too (chance in combat: a kind's, not a unit's).
pub const ODDS_KEYS: [&str; 3] = ["hit", "avoid", "crit"];

/// The fog-of-war number `kind:KIND.KEY` may set too (a kind's sight, not a unit's).
pub const VISION_KEY: &str = "vision";

/// Whose number a key sets.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A table of `profiles.toml`.
    Profile(String),
    /// A unit of the scenario, by name.
    Unit(String),
    /// A kind of `units.toml`.
    Kind(String),
}

/// A parsed `--set` key: whose number, and which.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SetKey {
    /// Whose number.
    pub owner: Owner,
    /// Which number (`range`, `hp`, ...).
    pub key: String,
}

impl SetKey {
    /// Reads `PROFILE.KEY`, `unit:NAME.KEY` or `kind:KIND.KEY` (the last `.` splits owner
    /// from key, so a unit name may hold dots).
    ///
    /// ```
    /// use skirmish_data::load::set::{Owner, SetKey};
    /// let k = SetKey::parse("unit:Sir Bors.hp").unwrap();
    /// assert_eq!(k.owner, Owner::Unit("Sir Bors".into()));
    /// assert_eq!(k.label(), "unit:Sir Bors.hp");
    /// assert!(SetKey::parse("archer").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<SetKey, String> {
        let (owner, key) = text.trim().rsplit_once('.').ok_or_else(|| {
            "no '.' between the name and the key (such as archer.range, unit:Brute.hp or kind:soldier.attack)"
                .to_string()
        })?;
        if owner.is_empty() || key.is_empty() {
            return Err("empty name or key (such as archer.range, unit:Brute.hp or kind:soldier.attack)".into());
        }
        let owner = if let Some(u) = owner.strip_prefix("unit:") {
            Owner::Unit(u.to_string())
        } else if let Some(k) = owner.strip_prefix("kind:") {
            Owner::Kind(k.to_string())
        } else {
            Owner::Profile(owner.to_string())
        };
        if matches!(&owner, Owner::Unit(n) | Owner::Kind(n) if n.is_empty()) {
            return Err("no name after `unit:` or `kind:` (such as unit:Brute.hp)".into());
        }
        Ok(SetKey {
            owner,
            key: key.to_string(),
        })
    }

    /// The part before the last `.`, as written: `archer`, `unit:Brute`, `kind:soldier`.
    pub fn owner_label(&self) -> String {
        match &self.owner {
            Owner::Profile(p) => p.clone(),
            Owner::Unit(u) => format!("unit:{u}"),
            Owner::Kind(k) => format!("kind:{k}"),
        }
    }

    /// The key as written: `archer.range`, `unit:Brute.hp`.
    pub fn label(&self) -> String {
        format!("{}.{}", self.owner_label(), self.key)
    }
}

/// Sets `key = value` in `scenario` and `data`, checked like the files they come from: an
/// unknown profile, unit, kind or key, or a value the file would refuse, is an error naming
/// the known ones. A kind's number also changes every unit of that kind that does not write
/// the number itself; a unit's number becomes its own.
pub fn apply(scenario: &mut Scenario, data: &mut DataSet, key: &SetKey, value: i64) -> Result<(), String> {
    apply_unchecked(scenario, data, key, value)?;
    check_ranges(scenario, data)
}

/// [`apply`] without checking that every attack range still has its near end at most its far
/// end (a difficulty level sets both ends one after the other; see [`check_ranges`]).
pub fn apply_unchecked(scenario: &mut Scenario, data: &mut DataSet, key: &SetKey, value: i64) -> Result<(), String> {
    match &key.owner {
        Owner::Profile(p) => {
            data.profiles = set_param(&data.profiles, &data.registry, p, &key.key, value)?;
            Ok(())
        }
        Owner::Unit(name) => {
            let Some(i) = scenario.units.iter().position(|u| &u.name == name) else {
                let names: Vec<&str> = scenario.units.iter().map(|u| u.name.as_str()).collect();
                return Err(format!(
                    "no unit {name:?} in this scenario (known: {}){}",
                    names.join(", "),
                    did_you_mean_value(name, names.iter().copied())
                ));
            };
            if RULE_KEYS.contains(&key.key.as_str()) {
                let on = switch(&key.key, value)?;
                let u = &mut scenario.units[i];
                let (flag, own) = rule(&key.key, &mut u.moves, &mut u.own);
                (*flag, *own) = (on, true);
                return Ok(());
            }
            if ODDS_KEYS.contains(&key.key.as_str()) || key.key == VISION_KEY {
                return Err(format!(
                    "{} is a number of the unit's kind, not of one unit: set kind:{}.{}",
                    key.key, scenario.units[i].kind, key.key
                ));
            }
            let k = stat_key(&key.key)?;
            let v = check_value(k, value)?;
            let u = &mut scenario.units[i];
            match k {
                "move" => (u.movement, u.own.movement) = (v as u32, true),
                "hp" => (u.stats.hp, u.own.hp) = (v as i32, true),
                "attack" => (u.stats.attack, u.own.attack) = (v as i32, true),
                "defense" => (u.stats.defense, u.own.defense) = (v as i32, true),
                "range_min" => (u.stats.range_min, u.own.range) = (v as u32, true),
                _ => (u.stats.range_max, u.own.range) = (v as u32, true),
            }
            Ok(())
        }
        Owner::Kind(name) if ODDS_KEYS.contains(&key.key.as_str()) => {
            let k = key.key.as_str();
            let max = if k == "crit" { 100 } else { MAX_ODDS };
            let v = check_number(k, value, 0, max).map_err(|e| e.to_string())? as i32;
            let Some(kind) = data.kinds.list.iter_mut().find(|x| &x.name == name) else {
                return Err(format!(
                    "no unit kind {name:?} (known: {}){}",
                    data.kinds.names(),
                    did_you_mean_value(name, data.kinds.list.iter().map(|x| x.name.as_str()))
                ));
            };
            let odds = match k {
                "hit" => &mut kind.odds.hit,
                "avoid" => &mut kind.odds.avoid,
                _ => &mut kind.odds.crit,
            };
            *odds = v;
            let odds = kind.odds;
            // Units take their kind's chance numbers (a scenario cannot write its own).
            for u in scenario.units.iter_mut().filter(|u| &u.kind == name) {
                u.odds = odds;
            }
            Ok(())
        }
        Owner::Kind(name) if key.key == VISION_KEY => {
            let v = check_number(VISION_KEY, value, 0, MAX_VISION).map_err(|e| e.to_string())? as u32;
            let Some(kind) = data.kinds.list.iter_mut().find(|x| &x.name == name) else {
                return Err(format!(
                    "no unit kind {name:?} (known: {}){}",
                    data.kinds.names(),
                    did_you_mean_value(name, data.kinds.list.iter().map(|x| x.name.as_str()))
                ));
            };
            kind.vision = v;
            // Units take their kind's vision (a scenario cannot write its own).
            for u in scenario.units.iter_mut().filter(|u| &u.kind == name) {
                u.vision = v;
            }
            Ok(())
        }
        Owner::Kind(name) => {
            let Some(kind) = data.kinds.list.iter_mut().find(|x| &x.name == name) else {
                return Err(format!(
                    "no unit kind {name:?} (known: {}){}",
                    data.kinds.names(),
                    did_you_mean_value(name, data.kinds.list.iter().map(|x| x.name.as_str()))
                ));
            };
            if KIND_ONLY_KEYS.contains(&key.key.as_str()) {
                return set_kind_only(scenario, kind, &key.key, value);
            }
            if RULE_KEYS.contains(&key.key.as_str()) {
                let on = switch(&key.key, value)?;
                let mut own = Default::default();
                *rule(&key.key, &mut kind.moves, &mut own).0 = on;
                for u in scenario.units.iter_mut().filter(|u| &u.kind == name) {
                    let (flag, own) = rule(&key.key, &mut u.moves, &mut u.own);
                    if !*own {
                        *flag = on;
                    }
                }
                return Ok(());
            }
            let k = kind_key(&key.key)?;
            let v = check_value(k, value)?;
            match k {
                "move" => kind.movement = v as u32,
                "hp" => kind.stats.hp = v as i32,
                "attack" => kind.stats.attack = v as i32,
                "defense" => kind.stats.defense = v as i32,
                "range_min" => kind.stats.range_min = v as u32,
                _ => kind.stats.range_max = v as u32,
            }
            for u in scenario.units.iter_mut().filter(|u| &u.kind == name) {
                match k {
                    "move" if !u.own.movement => u.movement = v as u32,
                    "hp" if !u.own.hp => u.stats.hp = v as i32,
                    "attack" if !u.own.attack => u.stats.attack = v as i32,
                    "defense" if !u.own.defense => u.stats.defense = v as i32,
                    "range_min" if !u.own.range => u.stats.range_min = v as u32,
                    "range_max" if !u.own.range => u.stats.range_max = v as u32,
                    _ => {}
                }
            }
            Ok(())
        }
    }
}

/// The value `key` has in `scenario` and `data` as they stand (`None` for a key they do not
/// hold, such as an unknown unit); a unit's number is its own or its kind's.
///
/// ```
/// use skirmish_data::load::data::{DataSet, builtin_kinds};
/// use skirmish_data::load::diag::Source;
/// use skirmish_data::load::set::{SetKey, current};
/// let data = DataSet {
///     dir: Default::default(),
///     terrain: skirmish_data::load::terrain::TerrainSet::standard(),
///     profiles: Default::default(),
///     kinds: builtin_kinds(),
///     registry: skirmish_core::ai::registry::Registry::standard(),
/// };
/// let text = "name = \"t\"\nmap = \"m.txt\"\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 0]\nmove = 7\n";
/// let s = skirmish_data::load::scenario::parse_in_memory(&Source::new("s.toml", text), &Source::new("m.txt", "...\n"), &data).unwrap();
/// let key = |k: &str| SetKey::parse(k).unwrap();
/// assert_eq!(current(&s, &data, &key("unit:Kiny.move")), Some(7));
/// assert_eq!(current(&s, &data, &key("kind:soldier.hp")), Some(20));
/// assert_eq!(current(&s, &data, &key("unit:Nobody.hp")), None);
/// ```
pub fn current(scenario: &Scenario, data: &DataSet, key: &SetKey) -> Option<i64> {
    let stat = |movement: u32, st: &skirmish_core::model::units::Stats| -> Option<i64> {
        Some(match key.key.as_str() {
            "move" => i64::from(movement),
            "hp" => i64::from(st.hp),
            "attack" => i64::from(st.attack),
            "defense" => i64::from(st.defense),
            "range_min" => i64::from(st.range_min),
            "range_max" => i64::from(st.range_max),
            _ => return None,
        })
    };
    match &key.owner {
        Owner::Unit(name) => {
            let u = scenario.units.iter().find(|u| &u.name == name)?;
            stat(u.movement, &u.stats)
        }
        Owner::Kind(name) => {
            let k = data.kinds.list.iter().find(|k| &k.name == name)?;
            let h = k.heal;
            match key.key.as_str() {
                "heal" => h.map(|h| i64::from(h.power)),
                "heal_range" => h.filter(|h| h.range_min == h.range_max).map(|h| i64::from(h.range_min)),
                "heal_range_min" => h.map(|h| i64::from(h.range_min)),
                "heal_range_max" => h.map(|h| i64::from(h.range_max)),
                "growth_hp" => Some(i64::from(k.growth.hp)),
                "growth_attack" => Some(i64::from(k.growth.attack)),
                "growth_defense" => Some(i64::from(k.growth.defense)),
                "growth_move" => Some(i64::from(k.growth.movement)),
                "hit" => Some(i64::from(k.odds.hit)),
                "avoid" => Some(i64::from(k.odds.avoid)),
                "crit" => Some(i64::from(k.odds.crit)),
                "vision" => Some(i64::from(k.vision)),
                _ => stat(k.movement, &k.stats),
            }
        }
        Owner::Profile(name) => {
            let p = data.profiles.get(name)?;
            params(p).into_iter().find(|(k, _)| *k == key.key)?.1.parse().ok()
        }
    }
}

/// Every unit's and kind's attack range has its near end at most its far end.
pub fn check_ranges(scenario: &Scenario, data: &DataSet) -> Result<(), String> {
    let bad = |what: String, lo: u32, hi: u32| {
        format!("{what}: range_min {lo} is beyond range_max {hi} (expected range_min <= range_max)")
    };
    if let Some(k) = data.kinds.list.iter().find(|k| k.stats.range_min > k.stats.range_max) {
        return Err(bad(
            format!("unit kind {:?}", k.name),
            k.stats.range_min,
            k.stats.range_max,
        ));
    }
    if let Some(u) = scenario.units.iter().find(|u| u.stats.range_min > u.stats.range_max) {
        return Err(bad(format!("unit {:?}", u.name), u.stats.range_min, u.stats.range_max));
    }
    // A unit that starts hurt keeps fewer hit points than its new maximum.
    if let Some((u, left)) = scenario
        .units
        .iter()
        .find_map(|u| u.hp_left.filter(|&left| left > u.stats.hp).map(|left| (u, left)))
    {
        return Err(format!(
            "unit {:?}: hp {} is below its hp_left {left} (it would start with more hit points than it has)",
            u.name, u.stats.hp
        ));
    }
    Ok(())
}

/// A healer's number or a growth of `kind` set to `value`, and the same on every unit of
/// that kind (units take these from their kind only).
fn set_kind_only(
    scenario: &mut Scenario,
    kind: &mut skirmish_core::model::units::Kind,
    key: &str,
    value: i64,
) -> Result<(), String> {
    use skirmish_core::model::units::Healing;
    let name = kind.name.clone();
    let within = |lo: i64, hi: i64| {
        if (lo..=hi).contains(&value) {
            Ok(value)
        } else {
            Err(format!("{key} = {value} is out of range (expected {lo}..={hi})"))
        }
    };
    if let Some(stat) = key.strip_prefix("growth_") {
        use crate::load::units::{MAX_GROWTH, MAX_GROWTH_MOVE};
        let v = within(0, if stat == "move" { MAX_GROWTH_MOVE } else { MAX_GROWTH })? as i32;
        let g = &mut kind.growth;
        match stat {
            "hp" => g.hp = v,
            "attack" => g.attack = v,
            "move" => g.movement = v,
            _ => g.defense = v,
        }
        let growth = kind.growth;
        for u in scenario.units.iter_mut().filter(|u| u.kind == name) {
            u.growth = growth;
        }
        return Ok(());
    }
    let heal = match (key, kind.heal) {
        ("heal", h) => {
            let power = within(1, MAX_STAT)? as i32;
            Healing {
                power,
                ..h.unwrap_or(Healing::adjacent(power))
            }
        }
        (_, None) => {
            return Err(format!(
                "unit kind {name:?} is no healer: set kind:{name}.heal first (its hit points given)"
            ));
        }
        (_, Some(h)) => {
            let v = within(1, MAX_RANGE)? as u32;
            let (lo, hi) = match key {
                "heal_range" => (v, v),
                "heal_range_min" => (v, h.range_max),
                _ => (h.range_min, v),
            };
            if lo > hi {
                return Err(format!(
                    "unit kind {name:?}: heal_range_min {lo} is beyond heal_range_max {hi} (expected heal_range_min <= heal_range_max)"
                ));
            }
            Healing {
                range_min: lo,
                range_max: hi,
                ..h
            }
        }
    };
    kind.heal = Some(heal);
    for u in scenario.units.iter_mut().filter(|u| u.kind == name) {
        u.heal = Some(heal);
    }
    Ok(())
}

/// A kind's key `key` of [`STAT_KEYS`], or the list of every key a kind takes.
fn kind_key(key: &str) -> Result<&'static str, String> {
    STAT_KEYS.iter().copied().find(|k| *k == key).ok_or_else(|| {
        let all: Vec<&str> = (STAT_KEYS
            .iter()
            .chain(&RULE_KEYS)
            .chain(&KIND_ONLY_KEYS)
            .chain(&ODDS_KEYS)
            .chain(&[VISION_KEY]))
        .copied()
        .collect();
        format!(
            "unknown key {key:?} (known: {}){}",
            all.join(", "),
            did_you_mean_value(key, all.iter().copied())
        )
    })
}

/// The stat key `key`, or the list of known ones.
fn stat_key(key: &str) -> Result<&'static str, String> {
    if KIND_ONLY_KEYS.contains(&key) {
        return Err(format!(
            "{key} is a number of the unit's kind, not of one unit: set kind:KIND.{key} (known for a unit: {})",
            STAT_KEYS.join(", ")
        ));
    }
    STAT_KEYS.iter().copied().find(|k| *k == key).ok_or_else(|| {
        let known = || STAT_KEYS.iter().chain(&RULE_KEYS).copied();
        format!(
            "unknown key {key:?} (known: {}){}",
            known().collect::<Vec<_>>().join(", "),
            did_you_mean_value(key, known())
        )
    })
}

/// `value` checked for stat `k` as the files (and a battle) check it.
fn check_value(k: &str, value: i64) -> Result<i64, String> {
    let (lo, hi) = match k {
        "move" => (0, MAX_MOVE),
        "hp" => (1, MAX_STAT),
        "attack" | "defense" => (0, MAX_STAT),
        _ => (1, MAX_RANGE),
    };
    check_number(k, value, lo, hi).map_err(|e| e.to_string())
}

/// `profiles` with `profile.key = value`, checked by the same loader (and so the same rules)
/// as `profiles.toml`: an unknown profile, a key its behaviour does not take, or a value the
/// file would refuse is an error in the loader's words. `registry` is the one the profiles
/// were read against ([`DataSet::registry`](skirmish_core::model::data::DataSet::registry)).
pub fn set_param(
    profiles: &Profiles,
    registry: &Registry,
    profile: &str,
    key: &str,
    value: i64,
) -> Result<Profiles, String> {
    let Some(p) = profiles.get(profile) else {
        return Err(format!("no profile '{profile}' (known: {})", profiles.names()));
    };
    if key == "behavior" {
        return Err(format!("--set changes numbers only, not the `behavior` of '{profile}'"));
    }
    let mut text = format!("[{}]\nbehavior = \"{}\"\n", toml_key(&p.name), p.behavior.name());
    for (k, v) in params(p) {
        if k != key {
            text.push_str(&format!("{k} = {v}\n"));
        }
    }
    text.push_str(&format!("{} = {value}\n", toml_key(key)));
    let parsed = crate::load::profiles::parse(&Source::new(format!("--set {profile}.{key}={value}"), text), registry)
        .map_err(|e| e.0.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; "))?;
    let mut out = profiles.clone();
    out.insert(Profile {
        name: p.name.clone(),
        behavior: parsed.list()[0].behavior.clone(),
    });
    Ok(out)
}

/// A table or key name as TOML writes it (quoted unless bare).
pub fn toml_key(k: &str) -> String {
    if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        k.to_string()
    } else {
        format!("{k:?}")
    }
}

/// A profile's parameters as written in its table (values as TOML).
fn params(p: &Profile) -> Vec<(&str, String)> {
    let n = |v: u32| v.to_string();
    match p.behavior {
        Behavior::Custom(ref c) => c
            .params
            .list
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Param::Int(i) => i.to_string(),
                    Param::Cell(at) => format!("[{}, {}]", at.x, at.y),
                };
                (k.as_str(), v)
            })
            .collect(),
        Behavior::Charger => vec![],
        Behavior::Proximity { sight } => vec![("sight", n(sight))],
        Behavior::GuardTrigger { trigger } => vec![("trigger", n(trigger))],
        Behavior::PivotLeash { leash } => vec![("leash", n(leash))],
        Behavior::KeepRange { sight, range } => vec![("sight", n(sight)), ("range", n(range))],
        Behavior::Advance { goal } => vec![("goal", format!("[{}, {}]", goal.x, goal.y))],
    }
}

/// `profiles` as the text of a `profiles.toml` that loads back to the same profiles.
pub fn profiles_toml(profiles: &Profiles) -> String {
    let mut text = String::new();
    for p in profiles.list() {
        text.push_str(&format!(
            "[{}]\nbehavior = \"{}\"\n",
            toml_key(&p.name),
            p.behavior.name()
        ));
        for (k, v) in params(p) {
            text.push_str(&format!("{k} = {v}\n"));
        }
        text.push('\n');
    }
    text
}
