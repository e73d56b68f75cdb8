//! What a balance run sweeps: `--set KEY=V1,V2,...` (a key of [`crate::load::set`]:
//! `PROFILE.KEY`, `unit:NAME.KEY` or `kind:KIND.KEY`) and the grid of their values.

pub use crate::load::set::{SetKey, profiles_toml, set_param};
use serde::{Deserialize, Serialize};

/// One `--set KEY=V1,V2,...` sweep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sweep {
    /// Whose number: a profile name (a table of `profiles.toml`), `unit:NAME` or `kind:KIND`
    /// (the part of the key before its last `.`; the name of the field is the first rounds').
    pub profile: String,
    /// Which number (`sight`, `trigger`, `leash`, `range`; `move`, `hp`, `attack`, ...).
    pub key: String,
    /// The values to try, in the order given.
    pub values: Vec<i64>,
}

impl Sweep {
    /// Reads `PROFILE.KEY=V1,V2,...` (or `unit:NAME.KEY=...`, `kind:KIND.KEY=...`).
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
        SetKey::parse(lhs).map_err(|e| bad(&e))?;
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

    /// The key it sets.
    pub fn set_key(&self) -> SetKey {
        // Checked when parsed; a sweep read back from a report is checked here again.
        SetKey::parse(&self.label()).unwrap_or(SetKey {
            owner: crate::load::set::Owner::Profile(self.profile.clone()),
            key: self.key.clone(),
        })
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
