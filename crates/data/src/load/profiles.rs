//! `data/profiles.toml`: enemy AI profiles, parsed with located errors.

use crate::load::diag::{Diagnostics, Source};
use indexmap::IndexMap;
use serde::Deserialize;
pub use skirmish_core::model::profiles::*;
use toml::Spanned;

/// Parses and validates `profiles.toml`, reporting every problem found.
pub fn parse(src: &Source) -> Result<Profiles, Diagnostics> {
    let raw: IndexMap<String, Spanned<RawProfile>> = src.parse_toml()?;
    let mut errs = Diagnostics::default();
    let mut list = Vec::new();
    for (name, spanned) in &raw {
        let table_span = spanned.span();
        let p = spanned.get_ref();
        let given: [(&str, &Option<Spanned<i64>>); 4] = [
            ("sight", &p.sight),
            ("trigger", &p.trigger),
            ("leash", &p.leash),
            ("range", &p.range),
        ];
        let behavior_name = p.behavior.get_ref().as_str();
        let Some((_, params)) = BEHAVIORS.iter().find(|(b, _)| *b == behavior_name) else {
            let known: Vec<&str> = BEHAVIORS.iter().map(|(b, _)| *b).collect();
            errs.push(src.error_span(
                &p.behavior.span(),
                format!(
                    "profile '{name}': unknown behavior {behavior_name:?} (expected one of: {})",
                    known.join(", ")
                ),
            ));
            continue;
        };
        let mut ok = true;
        let mut value = |key: &str, min: i64| -> u32 {
            let Some((_, v)) = given.iter().find(|(k, _)| *k == key) else {
                return 0;
            };
            match v {
                None => {
                    ok = false;
                    errs.push(src.error_span(
                        &table_span,
                        format!(
                            "profile '{name}': behavior '{behavior_name}' needs `{key}` (a distance such as {key} = 3)"
                        ),
                    ));
                    0
                }
                Some(s) if !(min..=MAX_DISTANCE).contains(s.get_ref()) => {
                    ok = false;
                    errs.push(src.error_span(
                        &s.span(),
                        format!(
                            "profile '{name}': {key} = {} makes no sense (expected {min}..={MAX_DISTANCE})",
                            s.get_ref()
                        ),
                    ));
                    0
                }
                Some(s) => *s.get_ref() as u32,
            }
        };
        let behavior = match behavior_name {
            "charger" => Behavior::Charger,
            "proximity" => Behavior::Proximity {
                sight: value("sight", 0),
            },
            "guard_trigger" => Behavior::GuardTrigger {
                trigger: value("trigger", 0),
            },
            "pivot_leash" => Behavior::PivotLeash {
                leash: value("leash", 1),
            },
            _ => Behavior::KeepRange {
                sight: value("sight", 0),
                range: value("range", 1),
            },
        };
        for (key, v) in given {
            if let Some(s) = v
                && !params.contains(&key)
            {
                ok = false;
                let takes = if params.is_empty() {
                    "no parameters".to_string()
                } else {
                    format!("only {}", params.join(", "))
                };
                errs.push(src.error_span(
                    &s.span(),
                    format!("profile '{name}': behavior '{behavior_name}' does not use `{key}` (it takes {takes})"),
                ));
            }
        }
        if ok {
            list.push(Profile {
                name: name.clone(),
                behavior,
            });
        }
    }
    errs.into_result(Profiles { list })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    behavior: Spanned<String>,
    sight: Option<Spanned<i64>>,
    trigger: Option<Spanned<i64>>,
    leash: Option<Spanned<i64>>,
    range: Option<Spanned<i64>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Profiles, Diagnostics> {
        super::parse(&Source::new("data/profiles.toml", text))
    }

    #[test]
    fn a_copied_table_with_new_numbers_is_a_new_profile() {
        let p = parse("[sniper]\nbehavior = \"keep_range\"\nsight = 14\nrange = 5\n").unwrap();
        assert_eq!(
            p.get("sniper").unwrap().behavior,
            Behavior::KeepRange { sight: 14, range: 5 }
        );
    }

    #[test]
    fn every_mistake_is_reported_with_its_place() {
        let e = parse(concat!(
            "[a]\nbehavior = \"charge\"\n",
            "[b]\nbehavior = \"proximity\"\nsight = -1\n",
            "[c]\nbehavior = \"pivot_leash\"\nleash = 0\n",
            "[d]\nbehavior = \"guard_trigger\"\n",
            "[e]\nbehavior = \"charger\"\nsight = 3\n",
        ))
        .unwrap_err();
        let lines: Vec<String> = e.0.iter().map(|d| d.to_string()).collect();
        assert_eq!(lines.len(), 5, "{lines:#?}");
        assert!(lines[0].starts_with("data/profiles.toml:2:12: profile 'a': unknown behavior \"charge\""));
        assert!(lines[1].starts_with("data/profiles.toml:5:9: profile 'b': sight = -1 makes no sense"));
        assert!(lines[2].starts_with("data/profiles.toml:8:9: profile 'c': leash = 0 makes no sense"));
        assert!(lines[3].starts_with("data/profiles.toml:9:1: profile 'd': behavior 'guard_trigger' needs `trigger`"));
        assert!(lines[4].starts_with("data/profiles.toml:13:9: profile 'e': behavior 'charger' does not use `sight`"));
    }

    #[test]
    fn unknown_keys_are_errors() {
        let e = parse("[a]\nbehavior = \"charger\"\nsihgt = 3\n").unwrap_err();
        let d = e.first().unwrap();
        assert_eq!((d.line, d.col), (3, 1));
        assert!(d.message.contains("sihgt"));
    }
}
