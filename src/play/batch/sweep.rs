//! What a balance run sweeps: `--set PROFILE.KEY=V1,V2,...`, the grid of their values, and
//! profiles with one value set, checked by the profiles loader and written back as TOML.

use crate::load::diag::Source;
use crate::load::profiles::{Behavior, Param, Profile, Profiles};
use serde::{Deserialize, Serialize};

/// One `--set PROFILE.KEY=V1,V2,...` sweep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sweep {
    /// Profile name (a table of `profiles.toml`).
    pub profile: String,
    /// Parameter (`sight`, `trigger`, `leash`, `range`).
    pub key: String,
    /// The values to try, in the order given.
    pub values: Vec<i64>,
}

impl Sweep {
    /// Reads `PROFILE.KEY=V1,V2,...`.
    pub fn parse(arg: &str) -> Result<Sweep, String> {
        let bad = |why: &str| format!("--set {arg}: {why} (expected PROFILE.KEY=V1,V2,... such as archer.range=2,3,4)");
        let (lhs, rhs) = arg.split_once('=').ok_or_else(|| bad("no '='"))?;
        let (profile, key) = lhs
            .trim()
            .rsplit_once('.')
            .ok_or_else(|| bad("no '.' between profile and key"))?;
        if profile.is_empty() || key.is_empty() {
            return Err(bad("empty profile or key"));
        }
        let mut values = Vec::new();
        for v in rhs.split(',') {
            let v = v.trim();
            let n: i64 = v.parse().map_err(|_| bad(&format!("{v:?} is not a whole number")))?;
            if values.contains(&n) {
                return Err(bad(&format!("{n} is listed twice")));
            }
            values.push(n);
        }
        Ok(Sweep {
            profile: profile.to_string(),
            key: key.to_string(),
            values,
        })
    }

    /// `profile.key`, as the report's column heading.
    pub fn label(&self) -> String {
        format!("{}.{}", self.profile, self.key)
    }
}

/// `profiles` with `profile.key = value`, checked by the same loader (and so the same rules)
/// as `profiles.toml`: an unknown profile, a key its behaviour does not take, or a value the
/// file would refuse is an error in the loader's words.
pub fn set_param(profiles: &Profiles, profile: &str, key: &str, value: i64) -> Result<Profiles, String> {
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
    let parsed = crate::load::profiles::parse(&Source::new(format!("--set {profile}.{key}={value}"), text))
        .map_err(|e| e.0.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; "))?;
    let mut out = profiles.clone();
    for q in &mut out.list {
        if q.name == profile {
            q.behavior = parsed.list[0].behavior.clone();
        }
    }
    Ok(out)
}

/// A table or key name as TOML writes it (quoted unless bare).
fn toml_key(k: &str) -> String {
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

/// Every point of the sweep grid (the first sweep varies slowest); one empty point without sweeps.
pub fn grid(sweeps: &[Sweep]) -> Vec<Vec<(usize, i64)>> {
    let mut points: Vec<Vec<(usize, i64)>> = vec![Vec::new()];
    for (s, sweep) in sweeps.iter().enumerate() {
        points = points
            .into_iter()
            .flat_map(|pt| {
                sweep.values.iter().map(move |&v| {
                    let mut q = pt.clone();
                    q.push((s, v));
                    q
                })
            })
            .collect();
    }
    points
}

/// `profiles` as the text of a `profiles.toml` that loads back to the same profiles.
pub fn profiles_toml(profiles: &Profiles) -> String {
    let mut text = String::new();
    for p in &profiles.list {
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
