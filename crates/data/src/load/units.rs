//! `data/units.toml`: unit kinds, parsed with located errors.

use crate::load::diag::{Diagnostics, Source};
use indexmap::IndexMap;
use serde::Deserialize;
pub use skirmish_core::model::units::*;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKind {
    sprite: Option<Spanned<String>>,
    class: Option<Spanned<String>>,
    #[serde(rename = "move")]
    movement: Spanned<i64>,
    hp: Spanned<i64>,
    attack: Spanned<i64>,
    defense: Spanned<i64>,
    range: Spanned<RangeSpec>,
    growth: Option<Spanned<RawGrowth>>,
    heal: Option<Spanned<i64>>,
    heal_range: Option<Spanned<RangeSpec>>,
    /// Movement rules (issue 37): `zoc`, `skirmisher`, `canto`, off when absent.
    zoc: Option<bool>,
    skirmisher: Option<bool>,
    canto: Option<bool>,
    hit: Option<Spanned<i64>>,
    avoid: Option<Spanned<i64>>,
    crit: Option<Spanned<i64>>,
    weapon: Option<Spanned<String>>,
    /// Fog of war: how far it sees (default 3).
    vision: Option<Spanned<i64>>,
}

/// `[KIND.growth]`: what a level-up adds; missing keys grow 0.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGrowth {
    hp: Option<Spanned<i64>>,
    attack: Option<Spanned<i64>>,
    defense: Option<Spanned<i64>>,
    #[serde(rename = "move")]
    movement: Option<Spanned<i64>>,
}

/// Highest growth of one stat per level.
pub const MAX_GROWTH: i64 = 100;

/// Highest movement growth per level: the shipped kinds move 4 to 6, so 10 more in one
/// level is already far past any design; a bigger number is a typo (a move of 1 grown by 100 a
/// level would reach the range search's cap, `MAX_MOVE`, in ten levels).
pub const MAX_GROWTH_MOVE: i64 = 10;

/// `range = 1` or `range = [2, 3]`.
#[derive(Deserialize, Clone, Copy)]
#[serde(untagged)]
pub enum RangeSpec {
    /// One distance.
    One(i64),
    /// `[min, max]`.
    Span([i64; 2]),
}

impl RangeSpec {
    /// Checked `(min, max)`, by the bounds a battle checks ([`check_span`]).
    pub fn check(self) -> Result<(u32, u32), String> {
        let (a, b) = match self {
            RangeSpec::One(a) => (a, a),
            RangeSpec::Span([a, b]) => (a, b),
        };
        check_span("range", a, b).map_err(|e| e.to_string())
    }
}

/// Checks a stat value, by the bounds a battle checks ([`check_number`]).
pub fn check_stat(name: &str, v: i64, min: i64) -> Result<i32, String> {
    check_number(name, v, min, MAX_STAT)
        .map(|v| v as i32)
        .map_err(|e| e.to_string())
}

/// Parses `units.toml`; `classes` are the movement classes of the terrain table. Weapon
/// names are not checked (no kind gets its weapon): see [`parse_with_weapons`].
pub fn parse(src: &Source, classes: &[String]) -> Result<Kinds, Diagnostics> {
    parse_with(src, Some(classes), None)
}

/// [`parse`] with the weapons of `weapons.toml` (empty when the folder has none): a kind's
/// `weapon` must name one of them, and the kind gets it.
pub fn parse_with_weapons(
    src: &Source,
    classes: &[String],
    weapons: &crate::load::weapons::Weapons,
) -> Result<Kinds, Diagnostics> {
    parse_with(src, Some(classes), Some(weapons))
}

/// Parses `units.toml` on its own, when the terrain table (and so the list of movement
/// classes) is not available: syntax, fields and numbers are checked, class names are not.
pub fn parse_without_classes(src: &Source) -> Result<Kinds, Diagnostics> {
    parse_with(src, None, None)
}

fn parse_with(
    src: &Source,
    classes: Option<&[String]>,
    weapons: Option<&crate::load::weapons::Weapons>,
) -> Result<Kinds, Diagnostics> {
    let raw: IndexMap<String, Spanned<RawKind>> = src.parse_toml()?;
    let mut errs = Diagnostics::default();
    let mut list = Vec::new();
    for (name, k) in &raw {
        let k = k.get_ref();
        let mut bad = |span: std::ops::Range<usize>, m: String| {
            errs.push(src.error_span(&span, format!("unit kind '{name}': {m}")))
        };
        let sprite = match &k.sprite {
            Some(s) if SPRITES.contains(&s.get_ref().as_str()) => s.get_ref().clone(),
            Some(s) => {
                bad(
                    s.span(),
                    format!(
                        "unknown sprite {:?} (known: {}){}",
                        s.get_ref(),
                        SPRITES.join(", "),
                        crate::load::suggest::did_you_mean_value(s.get_ref(), SPRITES.iter().copied())
                    ),
                );
                String::new()
            }
            None => "grunt".into(),
        };
        let class = match (&k.class, classes) {
            (Some(c), None) => c.get_ref().clone(),
            (Some(c), Some(classes)) if classes.contains(c.get_ref()) => c.get_ref().clone(),
            (Some(c), Some(classes)) => {
                bad(
                    c.span(),
                    format!(
                        "unknown movement class {:?} (known: {}){}",
                        c.get_ref(),
                        classes.join(", "),
                        crate::load::suggest::did_you_mean_value(c.get_ref(), classes.iter().map(String::as_str))
                    ),
                );
                String::new()
            }
            (None, _) => "foot".into(),
        };
        let movement = match *k.movement.get_ref() {
            m @ 0..=MAX_MOVE => m as u32,
            m => {
                bad(
                    k.movement.span(),
                    format!("move = {m} is out of range (expected 0..={MAX_MOVE})"),
                );
                0
            }
        };
        let mut stat = |s: &Spanned<i64>, n: &str, min: i64| {
            check_stat(n, *s.get_ref(), min).unwrap_or_else(|m| {
                bad(s.span(), m);
                0
            })
        };
        let hp = stat(&k.hp, "hp", 1);
        let attack = stat(&k.attack, "attack", 0);
        let defense = stat(&k.defense, "defense", 0);
        let (range_min, range_max) = k.range.get_ref().check().unwrap_or_else(|m| {
            errs.push(src.error_span(&k.range.span(), format!("unit kind '{name}': {m}")));
            (1, 1)
        });
        let vision = match &k.vision {
            Some(v) => match check_number("vision", *v.get_ref(), 0, MAX_VISION) {
                Ok(n) => n as u32,
                Err(e) => {
                    errs.push(src.error_span(&v.span(), format!("unit kind '{name}': {e}")));
                    DEFAULT_VISION
                }
            },
            None => DEFAULT_VISION,
        };
        let mut odds = Odds::default();
        for (field, value, what, max) in [
            (&k.hit, &mut odds.hit, "hit", MAX_ODDS),
            (&k.avoid, &mut odds.avoid, "avoid", MAX_ODDS),
            (&k.crit, &mut odds.crit, "crit", 100),
        ] {
            if let Some(v) = field {
                match check_number(what, *v.get_ref(), 0, max) {
                    Ok(n) => *value = n as i32,
                    Err(e) => errs.push(src.error_span(&v.span(), format!("unit kind '{name}': {e}"))),
                }
            }
        }
        let weapon = match (&k.weapon, weapons) {
            (Some(w), Some(known)) => match known.get(w.get_ref()) {
                Some(found) => Some(found.clone()),
                None if known.list.is_empty() => {
                    errs.push(src.error_span(
                        &w.span(),
                        format!(
                            "unit kind '{name}': unknown weapon {:?} (the data folder has no weapons.toml)",
                            w.get_ref()
                        ),
                    ));
                    None
                }
                None => {
                    errs.push(src.error_span(
                        &w.span(),
                        format!(
                            "unit kind '{name}': unknown weapon {:?} (known: {}){}",
                            w.get_ref(),
                            known.names(),
                            crate::load::suggest::did_you_mean_value(
                                w.get_ref(),
                                known.list.iter().map(|x| x.name.as_str())
                            )
                        ),
                    ));
                    None
                }
            },
            _ => None,
        };
        let mut growth = Growth::default();
        if let Some(g) = &k.growth {
            let g = g.get_ref();
            for (field, value, max, what) in [
                (&g.hp, &mut growth.hp, MAX_GROWTH, "growth"),
                (&g.attack, &mut growth.attack, MAX_GROWTH, "growth"),
                (&g.defense, &mut growth.defense, MAX_GROWTH, "growth"),
                (&g.movement, &mut growth.movement, MAX_GROWTH_MOVE, "move growth"),
            ] {
                if let Some(v) = field {
                    match *v.get_ref() {
                        n if (0..=max).contains(&n) => *value = n as i32,
                        n => errs.push(src.error_span(
                            &v.span(),
                            format!("unit kind '{name}': {what} {n} is out of range (expected 0..={max} per level)"),
                        )),
                    }
                }
            }
        }
        let heal = match (&k.heal, &k.heal_range) {
            (None, None) => None,
            (None, Some(r)) => {
                errs.push(src.error_span(
                    &r.span(),
                    format!("unit kind '{name}': heal_range without heal: write heal = N (hit points given) too"),
                ));
                None
            }
            (Some(h), range) => {
                let power = check_stat("heal", *h.get_ref(), 1).unwrap_or_else(|m| {
                    errs.push(src.error_span(&h.span(), format!("unit kind '{name}': {m}")));
                    1
                });
                let (range_min, range_max) = range
                    .as_ref()
                    .map_or(Ok((1, 1)), |r| {
                        r.get_ref().check().map_err(|m| {
                            errs.push(src.error_span(&r.span(), format!("unit kind '{name}': heal_{m}")));
                        })
                    })
                    .unwrap_or((1, 1));
                Some(Healing {
                    power,
                    range_min,
                    range_max,
                })
            }
        };
        list.push(Kind {
            growth,
            name: name.clone(),
            sprite,
            class,
            movement,
            stats: Stats {
                hp,
                attack,
                defense,
                range_min,
                range_max,
            },
            heal,
            moves: MoveRules {
                zoc: k.zoc.unwrap_or(false),
                skirmisher: k.skirmisher.unwrap_or(false),
                canto: k.canto.unwrap_or(false),
            },
            odds,
            weapon,
            vision,
        });
    }
    errs.into_result(Kinds { list })
}
