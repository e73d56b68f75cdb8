//! `data/weapons.toml` (optional; without it there are no weapons): one table per weapon,
//! which weapons it beats (the weapon triangle) and the movement classes it is effective
//! against. A kind names its weapon with `weapon = "NAME"` in `units.toml`. Weapons count
//! only in scenarios with chance in combat on.
//!
//! ```toml
//! [sword]
//! beats = ["axe"]
//! [bow]
//! effective = ["flier"]
//! ```

use crate::load::diag::{Diagnostics, Source};
use crate::load::suggest::did_you_mean_value;
use indexmap::IndexMap;
use serde::Deserialize;
use skirmish_core::model::terrain::ClassId;
pub use skirmish_core::model::units::Weapon;
use toml::Spanned;

/// Most weapons one file may hold.
pub const MAX_WEAPONS: usize = 250;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeapon {
    #[serde(default)]
    beats: Vec<Spanned<String>>,
    #[serde(default)]
    effective: Vec<Spanned<String>>,
}

/// Every weapon of a data folder, in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Weapons {
    /// Weapons in file order.
    pub list: Vec<Weapon>,
}

impl Weapons {
    /// The weapon named `name`.
    pub fn get(&self, name: &str) -> Option<&Weapon> {
        self.list.iter().find(|w| w.name == name)
    }

    /// Names, comma-separated, for messages.
    pub fn names(&self) -> String {
        self.list.iter().map(|w| w.name.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// Parses `weapons.toml`; `classes` are the movement classes of the terrain table. A weapon
/// that beats an unknown weapon or is effective against an unknown class, or beats itself,
/// is a located error.
///
/// ```
/// use skirmish_data::load::{diag::Source, weapons};
/// let classes = ["foot".to_string(), "horse".to_string(), "flier".to_string()];
/// let src = Source::new("w.toml", "[sword]\nbeats = [\"axe\"]\n[axe]\n[bow]\neffective = [\"flier\"]\n");
/// let w = weapons::parse(&src, &classes).unwrap();
/// assert_eq!(w.get("sword").unwrap().beats, ["axe"]);
/// let bad = Source::new("w.toml", "[sword]\nbeats = [\"axx\"]\n[axe]\n");
/// let e = weapons::parse(&bad, &classes).unwrap_err().to_string();
/// assert!(e.starts_with("w.toml:2:10: weapon 'sword': beats unknown weapon \"axx\" (known: sword, axe)"), "{e}");
/// ```
pub fn parse(src: &Source, classes: &[String]) -> Result<Weapons, Diagnostics> {
    let raw: IndexMap<String, Spanned<RawWeapon>> = src.parse_toml()?;
    let mut errs = Diagnostics::default();
    if raw.len() > MAX_WEAPONS {
        errs.push(src.error_at(0, format!("too many weapons: {} (at most {MAX_WEAPONS})", raw.len())));
        return Err(errs);
    }
    let names: Vec<&str> = raw.keys().map(String::as_str).collect();
    let mut list = Vec::new();
    for (name, w) in &raw {
        let w = w.get_ref();
        let mut beats = Vec::new();
        for b in &w.beats {
            let other = b.get_ref();
            if other == name {
                errs.push(src.error_span(&b.span(), format!("weapon '{name}': a weapon cannot beat itself")));
            } else if !names.contains(&other.as_str()) {
                errs.push(src.error_span(
                    &b.span(),
                    format!(
                        "weapon '{name}': beats unknown weapon {other:?} (known: {}){}",
                        names.join(", "),
                        did_you_mean_value(other, names.iter().copied())
                    ),
                ));
            } else {
                beats.push(other.clone());
            }
        }
        let mut effective = Vec::new();
        for c in &w.effective {
            match classes.iter().position(|k| k == c.get_ref()) {
                Some(i) => effective.push(ClassId(i as u8)),
                None => errs.push(src.error_span(
                    &c.span(),
                    format!(
                        "weapon '{name}': effective against unknown movement class {:?} (known: {}){}",
                        c.get_ref(),
                        classes.join(", "),
                        did_you_mean_value(c.get_ref(), classes.iter().map(String::as_str))
                    ),
                )),
            }
        }
        list.push(Weapon {
            name: name.clone(),
            beats,
            effective,
        });
    }
    errs.into_result(Weapons { list })
}

/// The weapons of `dir/weapons.toml` read against `classes`: none when the folder has no
/// such file, `None` when it has errors (see [`parse`] for them).
///
/// ```
/// let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
/// let classes = ["foot".to_string(), "horse".to_string(), "flier".to_string()];
/// let w = skirmish_data::load::weapons::beside(&data, &classes).unwrap();
/// assert_eq!(w.get("sword").unwrap().beats, ["axe"]);
/// assert!(skirmish_data::load::weapons::beside(std::path::Path::new("/nowhere"), &classes).unwrap().list.is_empty());
/// ```
pub fn beside(dir: &std::path::Path, classes: &[String]) -> Option<Weapons> {
    let path = dir.join("weapons.toml");
    if !path.exists() && std::fs::symlink_metadata(&path).is_err() {
        return Some(Weapons::default());
    }
    parse(&Source::read(&path).ok()?, classes).ok()
}
