//! `data/terrain.toml`: terrain kinds and movement classes, parsed with located errors.

use crate::load::diag::{Diagnostics, Source};
use indexmap::IndexMap;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
pub use skirmish_core::model::terrain::*;
use skirmish_core::model::units::MAX_VISION;
use std::fmt;
use toml::Spanned;

/// Parses and validates `terrain.toml`, reporting every problem found.
pub fn parse(src: &Source) -> Result<TerrainSet, Diagnostics> {
    let RawFile {
        classes: declared,
        terrain: raw,
    } = src.parse_toml()?;
    let mut errs = Diagnostics::default();
    if raw.is_empty() {
        errs.push(src.error_at(
            0,
            "no terrain defined: expected tables such as [plain] with glyph and cost",
        ));
        return Err(errs);
    }
    if raw.len() > MAX_TERRAIN_KINDS {
        errs.push(src.error_at(
            0,
            format!("too many terrain kinds: {} (at most {MAX_TERRAIN_KINDS})", raw.len()),
        ));
        return Err(errs);
    }
    let mut classes = vec!["foot".to_string()];
    if let Some(list) = &declared {
        // Declared classes: `foot` first (the default class), then the file's order.
        for c in list.get_ref() {
            let name = c.get_ref();
            if name.trim().is_empty() {
                errs.push(src.error_span(&c.span(), "a class name must not be empty"));
            } else if name != "foot" && classes.contains(name) {
                errs.push(src.error_span(&c.span(), format!("class {name:?} is declared twice")));
            } else if name != "foot" {
                classes.push(name.clone());
            }
        }
        let foots = list.get_ref().iter().filter(|c| c.get_ref() == "foot").count();
        if foots == 0 {
            errs.push(src.error_span(
                &list.span(),
                "`classes` must include \"foot\" (the class of a unit that names none)",
            ));
        } else if let Some(second) = list.get_ref().iter().filter(|c| c.get_ref() == "foot").nth(1) {
            errs.push(src.error_span(&second.span(), "class \"foot\" is declared twice"));
        }
    } else {
        // Without a declaration the classes are the names used in the cost tables.
        for def in raw.values() {
            if let Some(cost) = &def.get_ref().cost
                && let CostDef::PerClass(map) = cost.get_ref()
            {
                for name in map.keys() {
                    if !classes.contains(name) {
                        classes.push(name.clone());
                    }
                }
            }
        }
    }
    if classes.len() > MAX_CLASSES {
        errs.push(src.error_at(
            0,
            format!("too many movement classes: {} (at most {MAX_CLASSES})", classes.len()),
        ));
        return Err(errs);
    }
    let mut kinds: Vec<Terrain> = Vec::new();
    for (name, def) in &raw {
        let def = def.get_ref();
        let glyph_text = def.glyph.get_ref();
        let mut chars = glyph_text.chars();
        let glyph = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_whitespace() && !c.is_control() => c,
            _ => {
                errs.push(src.error_span(
                    &def.glyph.span(),
                    format!("terrain '{name}': glyph must be exactly one visible character, found {glyph_text:?}"),
                ));
                '\0'
            }
        };
        if glyph != '\0'
            && let Some(other) = kinds.iter().find(|t| t.glyph == glyph)
        {
            errs.push(src.error_span(
                &def.glyph.span(),
                format!("terrain '{name}': glyph '{glyph}' is already used by '{}'", other.name),
            ));
        }
        let mut cost = vec![None; classes.len()];
        if let Some(c) = &def.cost {
            match c.get_ref() {
                CostDef::All(v) => match check_cost(*v) {
                    Ok(v) => cost.iter_mut().for_each(|slot| *slot = Some(v)),
                    Err(m) => errs.push(src.error_span(&c.span(), format!("terrain '{name}': {m}"))),
                },
                CostDef::PerClass(map) => {
                    for (class, v) in map {
                        let Some(i) = classes.iter().position(|k| k == class) else {
                            // Only a declared list leaves a class unknown: point at its key.
                            let key = src.text[..v.span().start]
                                .rfind(class.as_str())
                                .unwrap_or(v.span().start);
                            errs.push(src.error_at(
                                key,
                                format!(
                                    "terrain '{name}': class '{class}' is not declared (classes: {}){}",
                                    classes.join(", "),
                                    crate::load::suggest::did_you_mean(
                                        class,
                                        classes.iter().map(String::as_str),
                                        |c| { format!("'{c}'") }
                                    )
                                ),
                            ));
                            continue;
                        };
                        match check_cost(*v.get_ref()) {
                            Ok(v) => cost[i] = Some(v),
                            Err(m) => {
                                errs.push(src.error_span(&v.span(), format!("terrain '{name}', class '{class}': {m}")))
                            }
                        }
                    }
                }
            }
        }
        let defense = match &def.defense {
            Some(d) if !(-100..=100).contains(d.get_ref()) => {
                errs.push(src.error_span(
                    &d.span(),
                    format!(
                        "terrain '{name}': defense {} is out of range (expected -100..=100)",
                        d.get_ref()
                    ),
                ));
                0
            }
            Some(d) => *d.get_ref() as i32,
            None => 0,
        };
        let avoid = match &def.avoid {
            Some(a) if !(-100..=100).contains(a.get_ref()) => {
                errs.push(src.error_span(
                    &a.span(),
                    format!(
                        "terrain '{name}': avoid {} is out of range (expected -100..=100)",
                        a.get_ref()
                    ),
                ));
                0
            }
            Some(a) => *a.get_ref() as i32,
            None => 0,
        };
        let vision = match &def.vision {
            Some(v) if !(-MAX_VISION..=MAX_VISION).contains(v.get_ref()) => {
                errs.push(src.error_span(
                    &v.span(),
                    format!(
                        "terrain '{name}': vision {} is out of range (expected -{MAX_VISION}..={MAX_VISION})",
                        v.get_ref()
                    ),
                ));
                0
            }
            Some(v) => *v.get_ref() as i32,
            None => 0,
        };
        let color = match &def.color {
            Some(c) => match parse_color(c.get_ref()) {
                Some(rgb) => Some(rgb),
                None => {
                    errs.push(src.error_span(
                        &c.span(),
                        format!(
                            "terrain '{name}': color must look like \"#7ab648\", found {:?}",
                            c.get_ref()
                        ),
                    ));
                    None
                }
            },
            None => None,
        };
        kinds.push(Terrain {
            name: name.clone(),
            glyph,
            cost,
            defense,
            avoid,
            vision,
            hides: def.hides.unwrap_or(false),
            color,
        });
    }
    let (kinds, classes) = errs.into_result((kinds, classes))?;
    // The checks above are those of `TerrainSet::new`, with places: it refuses nothing more.
    TerrainSet::new(kinds, classes).map_err(|e| src.error_at(0, e.to_string()).into())
}

fn check_cost(v: i64) -> Result<u8, String> {
    if (1..=MAX_TERRAIN_COST).contains(&v) {
        Ok(v as u8)
    } else {
        Err(format!(
            "cost {v} is out of range (expected 1..={MAX_TERRAIN_COST}; leave the class out to make the terrain impassable)"
        ))
    }
}

/// Parses `#rrggbb`.
pub fn parse_color(s: &str) -> Option<[u8; 3]> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// The whole file: an optional `classes = [...]` declaration, then one table per terrain.
struct RawFile {
    classes: Option<Spanned<Vec<Spanned<String>>>>,
    terrain: IndexMap<String, Spanned<RawTerrain>>,
}

impl<'de> Deserialize<'de> for RawFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawFile;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("`classes = [...]` and tables of terrain such as [plain]")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<RawFile, A::Error> {
                // Read entry by entry from toml's own deserializer, so the spans survive.
                let mut out = RawFile {
                    classes: None,
                    terrain: IndexMap::new(),
                };
                while let Some(k) = m.next_key::<String>()? {
                    if k == "classes" {
                        out.classes = Some(m.next_value()?);
                    } else {
                        out.terrain.insert(k, m.next_value()?);
                    }
                }
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    glyph: Spanned<String>,
    cost: Option<Spanned<CostDef>>,
    defense: Option<Spanned<i64>>,
    avoid: Option<Spanned<i64>>,
    /// Fog of war: a vision bonus for a unit standing here, and cover that hides.
    vision: Option<Spanned<i64>>,
    hides: Option<bool>,
    color: Option<Spanned<String>>,
}

enum CostDef {
    All(i64),
    PerClass(IndexMap<String, Spanned<i64>>),
}

impl<'de> Deserialize<'de> for CostDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CostDef;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer, or a table of class = integer such as { foot = 2, horse = 3 }")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<CostDef, E> {
                Ok(CostDef::All(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<CostDef, E> {
                Ok(CostDef::All(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<CostDef, A::Error> {
                let mut out = IndexMap::new();
                while let Some((k, v)) = m.next_entry::<String, Spanned<i64>>()? {
                    out.insert(k, v);
                }
                Ok(CostDef::PerClass(out))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<TerrainSet, Diagnostics> {
        super::parse(&Source::new("terrain.toml", text))
    }

    #[test]
    fn classes_come_from_cost_tables_with_foot_first() {
        let t = parse(
            "[plain]\nglyph = \".\"\ncost = 1\n[forest]\nglyph = \"T\"\ncost = { horse = 3, foot = 2 }\n[wall]\nglyph = \"#\"\n",
        )
        .unwrap();
        assert_eq!(t.classes(), ["foot", "horse"]);
        let forest = t.get(t.by_glyph('T').unwrap());
        assert_eq!(forest.cost_for(ClassId(0)), Some(2));
        assert_eq!(forest.cost_for(ClassId(1)), Some(3));
        assert_eq!(t.get(t.by_glyph('#').unwrap()).cost_for(ClassId(0)), None);
    }

    #[test]
    fn bad_values_are_all_reported_with_places() {
        let e = parse("[a]\nglyph = \"ab\"\ncost = 0\n[b]\nglyph = \".\"\ncost = { foot = 300 }\n").unwrap_err();
        let shown = e.to_string();
        assert!(
            shown.contains("terrain.toml:2:9: terrain 'a': glyph must be exactly one"),
            "{shown}"
        );
        assert!(
            shown.contains("terrain.toml:3:8: terrain 'a': cost 0 is out of range"),
            "{shown}"
        );
        assert!(
            shown.contains("terrain.toml:6:17: terrain 'b', class 'foot': cost 300"),
            "{shown}"
        );
    }

    #[test]
    fn cost_of_wrong_type_says_what_was_expected() {
        let e = parse("[a]\nglyph = \".\"\ncost = \"cheap\"\n").unwrap_err();
        let d = e.first().unwrap();
        assert_eq!((d.line, d.col), (3, 8));
        assert!(d.message.contains("an integer, or a table"), "{}", d.message);
    }

    #[test]
    fn declared_classes_fix_the_order_and_refuse_others() {
        let t = parse(
            "classes = [\"foot\", \"flier\", \"horse\"]\n[plain]\nglyph = \".\"\ncost = { horse = 1, foot = 1 }\n",
        )
        .unwrap();
        assert_eq!(t.classes(), ["foot", "flier", "horse"]);
        // A declared class no table names still exists (it cannot enter anything).
        assert_eq!(t.get(TerrainId(0)).cost_for(ClassId(1)), None);
        let e = parse("classes = [\"foot\", \"horse\"]\n[plain]\nglyph = \".\"\ncost = { foot = 1, hrose = 1 }\n")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "terrain.toml:4:20: terrain 'plain': class 'hrose' is not declared (classes: foot, horse); did you mean 'horse'?"
        );
        for (bad, want) in [
            ("[\"horse\"]", "terrain.toml:1:11: `classes` must include \"foot\""),
            (
                "[\"foot\", \"foot\"]",
                "terrain.toml:1:20: class \"foot\" is declared twice",
            ),
            ("[\"foot\", \"\"]", "terrain.toml:1:20: a class name must not be empty"),
        ] {
            let e = parse(&format!("classes = {bad}\n[plain]\nglyph = \".\"\ncost = 1\n")).unwrap_err();
            assert!(e.to_string().starts_with(want), "{bad}: {e}");
        }
    }
}
