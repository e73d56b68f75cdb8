//! The unit objects of a Tiled map's `units` layer: their properties read into unit inputs
//! (or, for AI expectation files, into `[[units]]` tables).

use super::*;

/// The properties a unit object may carry (those of `[[units]]` but `name` and `at`,
/// which are the object's name and place).
pub const UNIT_PROPERTIES: [&str; 16] = [
    "team",
    "kind",
    "class",
    "move",
    "profile",
    "pivot",
    "goal",
    "hp",
    "attack",
    "defense",
    "range",
    "reserve",
    "hp_left",
    "zoc",
    "skirmisher",
    "canto",
];

/// The units of a Tiled map's `units` layer as unit inputs; a property of the wrong type or
/// an unknown property is an error located at the object.
pub(super) fn tmx_units(tm: &TiledMap, errs: &mut Diagnostics) -> Vec<UnitInput> {
    let mut out = Vec::new();
    for u in &tm.units {
        let at = At::Object {
            path: tm.path.clone(),
            line: u.line,
            col: u.col,
        };
        let who = format!("object {:?} (id {})", u.name, u.id);
        let mut input = UnitInput {
            object: Some(u.id),
            name: fld(&at, u.name.clone()),
            team: fld(&at, String::new()),
            at: Field {
                value: u.cell,
                at: at.clone(),
            },
            class: None,
            movement: None,
            profile: None,
            pivot: None,
            goal: None,
            kind: None,
            hp: None,
            attack: None,
            defense: None,
            range: None,
            hp_left: None,
            reserve: false,
            zoc: None,
            skirmisher: None,
            canto: None,
        };
        let mut team = None;
        for (key, value) in &u.props {
            // Each property's field (and error) is placed at its own `<property>` line.
            let at = match u.prop_at.get(key) {
                Some(&(line, col)) => At::Object {
                    path: tm.path.clone(),
                    line,
                    col,
                },
                None => at.clone(),
            };
            let text = || match value {
                Prop::Text(s) => Ok(s.clone()),
                other => Err(format!("property {key} is {other}; expected a string")),
            };
            let int = || match value {
                Prop::Int(i) => Ok(*i),
                Prop::Float(x) if x.fract() == 0.0 && x.abs() < 1e15 => Ok(*x as i64),
                Prop::Text(s) if s.trim().parse::<i64>().is_ok() => Ok(s.trim().parse::<i64>().unwrap_or(0)),
                other => Err(format!("property {key} is {other}; expected a whole number")),
            };
            let done: Result<(), String> = match key.as_str() {
                "team" => text().map(|v| team = Some(fld(&at, v))),
                "kind" => text().map(|v| input.kind = Some(fld(&at, v))),
                "class" => text().map(|v| input.class = Some(fld(&at, v))),
                "profile" => text().map(|v| input.profile = Some(fld(&at, v))),
                "move" => int().map(|v| input.movement = Some(fld(&at, v))),
                "hp" => int().map(|v| input.hp = Some(fld(&at, v))),
                "hp_left" => int().map(|v| input.hp_left = Some(fld(&at, v))),
                "attack" => int().map(|v| input.attack = Some(fld(&at, v))),
                "defense" => int().map(|v| input.defense = Some(fld(&at, v))),
                "reserve" => match value {
                    Prop::Bool(b) => {
                        input.reserve = *b;
                        Ok(())
                    }
                    other => Err(format!("property reserve is {other}; expected a bool (true or false)")),
                },
                "zoc" | "skirmisher" | "canto" => match value {
                    Prop::Bool(b) => {
                        *match key.as_str() {
                            "zoc" => &mut input.zoc,
                            "skirmisher" => &mut input.skirmisher,
                            _ => &mut input.canto,
                        } = Some(*b);
                        Ok(())
                    }
                    other => Err(format!("property {key} is {other}; expected a bool (true or false)")),
                },
                "range" => match value {
                    Prop::Text(s) => parse_pair(s)
                        .map(|p| {
                            input.range = Some(fld(
                                &at,
                                if p[0] == p[1] {
                                    RangeSpec::One(p[0])
                                } else {
                                    RangeSpec::Span(p)
                                },
                            ))
                        })
                        .ok_or_else(|| {
                            format!("property range is {value}; expected a number or \"min-max\" such as \"2-3\"")
                        }),
                    _ => int().map(|v| input.range = Some(fld(&at, RangeSpec::One(v)))),
                },
                "pivot" => text().map(|v| input.pivot = Some(fld(&at, cell_spec(v)))),
                "goal" => text().map(|v| input.goal = Some(fld(&at, cell_spec(v)))),
                other => Err(format!(
                    "unknown property {other:?} (a unit object takes: {}){}{}",
                    UNIT_PROPERTIES.join(", "),
                    did_you_mean_key(other, UNIT_PROPERTIES),
                    match other {
                        "at" => "; the unit stands where the object is",
                        "name" => "; the unit's name is the object's name",
                        _ => "",
                    }
                )),
            };
            if let Err(m) = done {
                errs.push(locate(None, &at, format!("{who}: {m}")));
            }
        }
        match team {
            Some(t) => input.team = t,
            None => {
                errs.push(locate(
                    None,
                    &at,
                    format!(
                        "{who}: {}",
                        "no \"team\" property: give the object a string property team = \"player\" or \"enemy\""
                    ),
                ));
                continue;
            }
        }
        out.push(input);
    }
    out
}

/// `"2-3"`, `"2,3"`, `"[2, 3]"` or `"2"` as a pair of numbers.
pub(super) fn parse_pair(s: &str) -> Option<[i64; 2]> {
    let s = s.trim().trim_start_matches('[').trim_end_matches(']');
    let mut parts = s.split([',', '-']).map(|p| p.trim().parse::<i64>());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(a)), None, _) => Some([a, a]),
        (Some(Ok(a)), Some(Ok(b)), None) => Some([a, b]),
        _ => None,
    }
}

/// The unit objects of a Tiled map as `[[units]]` tables (`at` is the object's cell; a
/// pivot or goal naming a one-cell region is that cell), with the errors of their properties.
pub(crate) fn tmx_unit_tables(tm: &TiledMap) -> (Vec<toml::Table>, Diagnostics) {
    let mut errs = Diagnostics::default();
    let inputs = tmx_units(tm, &mut errs);
    let tables = inputs
        .into_iter()
        .map(|u| {
            let mut t = toml::Table::new();
            let pair = |[a, b]: [i64; 2]| toml::Value::Array(vec![a.into(), b.into()]);
            t.insert("name".into(), u.name.value.into());
            t.insert("team".into(), u.team.value.into());
            t.insert("at".into(), pair(u.at.value));
            if u.reserve {
                t.insert("reserve".into(), true.into());
            }
            for (k, v) in [("zoc", u.zoc), ("skirmisher", u.skirmisher), ("canto", u.canto)] {
                if let Some(v) = v {
                    t.insert(k.into(), v.into());
                }
            }
            for (k, v) in [("class", u.class), ("profile", u.profile), ("kind", u.kind)] {
                if let Some(v) = v {
                    t.insert(k.into(), v.value.into());
                }
            }
            for (k, v) in [
                ("move", u.movement),
                ("hp", u.hp),
                ("attack", u.attack),
                ("defense", u.defense),
                ("hp_left", u.hp_left),
            ] {
                if let Some(v) = v {
                    t.insert(k.into(), v.value.into());
                }
            }
            if let Some(r) = u.range {
                t.insert(
                    "range".into(),
                    match r.value {
                        RangeSpec::One(a) => a.into(),
                        RangeSpec::Span(p) => pair(p),
                    },
                );
            }
            for (k, c) in [("pivot", u.pivot), ("goal", u.goal)] {
                if let Some(c) = c {
                    let v = match c.value {
                        CellSpec::Cell(c) => pair(c),
                        CellSpec::Region(r) => match tm.regions.get(&r).map(Vec::as_slice) {
                            Some([one]) => pair([one.x as i64, one.y as i64]),
                            _ => r.into(),
                        },
                    };
                    t.insert(k.into(), v);
                }
            }
            t
        })
        .collect();
    (tables, errs)
}

/// A pivot or goal property: a cell `"x,y"`, else a region's name.
fn cell_spec(v: String) -> CellSpec {
    match parse_pair(&v) {
        Some(c) => CellSpec::Cell(c),
        None => CellSpec::Region(v),
    }
}
