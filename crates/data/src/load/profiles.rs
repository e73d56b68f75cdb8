//! `data/profiles.toml`: enemy AI profiles, parsed with located errors.

use crate::load::diag::{Diagnostics, Source};
use crate::load::suggest::{closest, did_you_mean_key, did_you_mean_value};
use indexmap::IndexMap;
use skirmish_core::ai::registry::{Key, KeyKind, Registry};
pub use skirmish_core::model::profiles::*;
use toml::Spanned;

/// Parses and validates `profiles.toml` against the behaviours of `registry`, reporting
/// every problem found.
///
/// ```
/// use skirmish_core::ai::registry::Registry;
/// use skirmish_data::load::diag::Source;
/// let src = Source::new("data/profiles.toml", "[medic]\nbehavior = \"support\"\n");
/// let p = skirmish_data::load::profiles::parse(&src, &Registry::standard()).unwrap();
/// assert_eq!(p.get("medic").unwrap().behavior.name(), "support");
/// ```
pub fn parse(src: &Source, registry: &Registry) -> Result<Profiles, Diagnostics> {
    let (profiles, _, errs) = parse_lenient(src, registry);
    errs.into_result(profiles)
}

type RawTable = IndexMap<String, Spanned<toml::Value>>;

/// Parses `profiles.toml` as far as it goes: the valid profiles, the names of the tables
/// that are profiles with mistakes (a scenario naming one is not wrong: `check` leaves it
/// be), and every problem found. Behaviour names are those of `registry`: the standard
/// ones and what the game registered.
///
/// ```
/// use skirmish_core::ai::registry::Registry;
/// use skirmish_data::load::diag::Source;
/// let src = Source::new("p.toml", "[a]\nbehavior = \"charger\"\n[b]\nbehavior = \"chargr\"\n");
/// let (ok, broken, errs) = skirmish_data::load::profiles::parse_lenient(&src, &Registry::standard());
/// assert_eq!((ok.list().len(), broken, errs.0.len()), (1, vec!["b".to_string()], 1));
/// ```
pub fn parse_lenient(src: &Source, registry: &Registry) -> (Profiles, Vec<String>, Diagnostics) {
    let mut errs = Diagnostics::default();
    let mut list = Vec::new();
    let mut broken = Vec::new();
    let raw: IndexMap<String, Spanned<RawTable>> = match src.parse_toml() {
        Ok(r) => r,
        Err(e) => return (Profiles::default(), broken, e.into()),
    };
    let known = registry;
    let names = known.names();
    let behaviors: Vec<&str> = names.iter().map(String::as_str).collect();
    // Every key some behaviour takes: a key of another behaviour is "not used", not "unknown".
    let mut all_params: Vec<&str> = Vec::new();
    for e in known.entries() {
        for k in e.keys() {
            if !all_params.contains(&k.name()) {
                all_params.push(k.name());
            }
        }
    }
    for (name, spanned) in &raw {
        let table_span = spanned.span();
        let table = spanned.get_ref();
        // Where a key is written (the value's span starts after `key = `).
        let key_at =
            |key: &str, v: &Spanned<toml::Value>| src.text[..v.span().start].rfind(key).unwrap_or(v.span().start);
        let behavior_name = match table.get("behavior") {
            Some(b) => match b.get_ref().as_str() {
                Some(s) => s,
                None => {
                    errs.push(src.error_span(
                        &b.span(),
                        format!(
                            "profile '{name}': behavior must be a name in quotes (one of: {})",
                            behaviors.join(", ")
                        ),
                    ));
                    broken.push(name.clone());
                    continue;
                }
            },
            None => {
                errs.push(src.error_span(
                    &table_span,
                    format!(
                        "profile '{name}': missing field `behavior`: write behavior = one of {}",
                        behaviors.iter().map(|b| format!("\"{b}\"")).collect::<Vec<_>>().join(", ")
                    ),
                ));
                broken.push(name.clone());
                continue;
            }
        };
        let Some(entry) = known.get(behavior_name) else {
            let b = &table["behavior"];
            errs.push(src.error_span(
                &b.span(),
                format!(
                    "profile '{name}': unknown behavior {behavior_name:?} (expected one of: {}){}",
                    behaviors.join(", "),
                    did_you_mean_value(behavior_name, behaviors.iter().copied())
                ),
            ));
            broken.push(name.clone());
            continue;
        };
        let params: Vec<&str> = entry.keys().iter().map(|k| k.name()).collect();
        let takes = if params.is_empty() {
            "no parameters".to_string()
        } else {
            format!(
                "only {}",
                params.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
            )
        };
        let mut ok = true;
        // Parameters a misspelt key stands for: their absence is that key's error, not another.
        let mut misspelt: Vec<&str> = Vec::new();
        // Keys it has that its behaviour does not take.
        for (key, v) in table {
            if key == "behavior" || params.contains(&key.as_str()) {
                continue;
            }
            ok = false;
            misspelt.extend(closest(key, params.iter().copied()));
            let what = if all_params.contains(&key.as_str()) {
                format!("behavior '{behavior_name}' does not use `{key}`")
            } else {
                format!("unknown key `{key}`: behavior '{behavior_name}'")
            };
            errs.push(src.error_at(
                key_at(key, v),
                format!(
                    "profile '{name}': {what} (it takes {takes}){}",
                    did_you_mean_key(key, params.iter().copied())
                ),
            ));
        }
        let value = |k: &Key, ok: &mut bool, errs: &mut Diagnostics| -> u32 {
            let key = k.name();
            let (min, max, noun) = (k.min(), k.max(), k.kind().noun());
            // An example within the key's bounds.
            let example = 3.clamp(min, max);
            match table.get(key) {
                None if misspelt.contains(&key) => {
                    *ok = false;
                    0
                }
                None => {
                    *ok = false;
                    errs.push(src.error_span(
                        &table_span,
                        format!(
                            "profile '{name}': behavior '{behavior_name}' needs `{key}` ({noun} such as {key} = {example})"
                        ),
                    ));
                    0
                }
                Some(s) => match s.get_ref().as_integer() {
                    Some(v) if k.accepts(v) => v as u32,
                    Some(v) => {
                        *ok = false;
                        errs.push(src.error_span(
                            &s.span(),
                            format!("profile '{name}': {key} = {v} makes no sense (expected {min}..={max})"),
                        ));
                        0
                    }
                    None => {
                        *ok = false;
                        errs.push(src.error_span(
                            &s.span(),
                            format!(
                                "profile '{name}': {key} must be a whole number, {noun} {min}..={max} (such as {key} = {example})"
                            ),
                        ));
                        0
                    }
                },
            }
        };
        let mut numbers = Params::default();
        for k in entry.keys() {
            match k.kind() {
                KeyKind::Distance | KeyKind::Count => {
                    let v = value(k, &mut ok, &mut errs);
                    numbers.set(k.name(), Param::Int(v));
                }
                KeyKind::Cell => {
                    let key = k.name();
                    match table.get(key) {
                        None if misspelt.contains(&key) => ok = false,
                        None => {
                            ok = false;
                            errs.push(src.error_span(
                                &table_span,
                                format!(
                                    "profile '{name}': behavior '{behavior_name}' needs `{key}` (a cell such as {key} = [36, 21])"
                                ),
                            ));
                        }
                        Some(g) => match cell(g.get_ref(), k) {
                            Some(at) => numbers.set(key, Param::Cell(at)),
                            None => {
                                ok = false;
                                errs.push(src.error_span(
                                    &g.span(),
                                    format!(
                                        "profile '{name}': {key} must be a cell [x, y] of two whole numbers {}..={} (such as {key} = [36, 21])",
                                        k.min(),
                                        k.max()
                                    ),
                                ));
                            }
                        },
                    }
                }
            }
        }
        if ok {
            list.push(Profile {
                name: name.clone(),
                behavior: entry.build(&numbers),
            });
        } else {
            broken.push(name.clone());
        }
    }
    // Table names are distinct (TOML refuses a table given twice), so nothing is replaced.
    let mut profiles = Profiles::default();
    for p in list {
        profiles.insert(p);
    }
    (profiles, broken, errs)
}

/// A cell written `[x, y]`, each coordinate within the bounds of `key`.
fn cell(v: &toml::Value, key: &Key) -> Option<skirmish_core::search::grid::Pos> {
    let a = v.as_array().filter(|a| a.len() == 2)?;
    let n = |k: usize| a[k].as_integer().filter(|x| key.accepts(*x)).map(|x| x as i32);
    Some(skirmish_core::search::grid::Pos::new(n(0)?, n(1)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Profiles, Diagnostics> {
        super::parse(&Source::new("data/profiles.toml", text), &Registry::standard())
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
        assert!(lines[4].starts_with("data/profiles.toml:13:1: profile 'e': behavior 'charger' does not use `sight`"));
    }

    #[test]
    fn an_unknown_key_lists_only_what_its_behaviour_takes() {
        let e = parse("[wary_archer]\nbehavior = \"keep_range\"\nsight = 9\nrnage = 3\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "data/profiles.toml:4:1: profile 'wary_archer': unknown key `rnage`: behavior 'keep_range' \
             (it takes only `sight`, `range`); did you mean `range`?"
        );
        let e = parse("[lazy]\nbehavior = \"chargr\"\n").unwrap_err();
        assert!(e.to_string().ends_with("; did you mean \"charger\"?"), "{e}");
        let (ok, broken, _) = parse_lenient(
            &Source::new("p.toml", "[a]\nbehavior = \"charger\"\n[b]\nbehavior = \"proximity\"\n"),
            &Registry::standard(),
        );
        assert_eq!((ok.list().len(), broken), (1, vec!["b".to_string()]));
    }

    #[test]
    fn an_advance_profile_heads_for_its_goal_cell() {
        let p = parse("[raider]\nbehavior = \"advance\"\ngoal = [36, 21]\n").unwrap();
        assert_eq!(
            p.get("raider").unwrap().behavior,
            Behavior::Advance {
                goal: skirmish_core::search::grid::Pos::new(36, 21)
            }
        );
        let e = parse("[raider]\nbehavior = \"advance\"\ngoal = 3\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("data/profiles.toml:3:8: profile 'raider': goal must be a cell [x, y]"),
            "{e}"
        );
        let e = parse("[raider]\nbehavior = \"advance\"\n").unwrap_err();
        assert!(e.to_string().contains("behavior 'advance' needs `goal`"), "{e}");
        let e = parse("[raider]\nbehavior = \"advance\"\ngaol = [1, 2]\n").unwrap_err();
        assert!(e.to_string().ends_with("did you mean `goal`?"), "{e}");
    }

    #[test]
    fn unknown_keys_are_errors() {
        let e = parse("[a]\nbehavior = \"charger\"\nsihgt = 3\n").unwrap_err();
        let d = e.first().unwrap();
        assert_eq!((d.line, d.col), (3, 1));
        assert!(d.message.contains("sihgt"));
    }
}
