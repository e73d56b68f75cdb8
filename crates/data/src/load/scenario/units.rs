//! The one validation of units, wherever they are written (a `[[units]]` table or an object
//! of a Tiled map's `units` layer): each unit as written ([`UnitInput`], every field with its
//! place) and the checks that turn it into a [`UnitSpec`].

use super::*;

/// Where a unit's field is written: a span of the scenario file, or an object of a Tiled map.
#[derive(Debug, Clone)]
pub(super) enum At {
    Span(Range<usize>),
    Object { path: String, line: usize, col: usize },
}

/// One field of a unit with where it is written.
#[derive(Clone)]
pub(super) struct Field<T> {
    pub(super) value: T,
    pub(super) at: At,
}

/// A pivot or a goal: a cell, or (for a unit of a Tiled map) the name of a one-cell region.
#[derive(Debug, Clone)]
pub(super) enum CellSpec {
    Cell([i64; 2]),
    Region(String),
}

/// A unit as written, in a `[[units]]` table or as an object of a Tiled map's `units`
/// layer: both go through the one validation of [`parse_with_regions`].
#[derive(Clone)]
pub(super) struct UnitInput {
    /// The Tiled object id, for an object; `None` for a `[[units]]` table.
    pub(super) object: Option<u32>,
    pub(super) name: Field<String>,
    pub(super) team: Field<String>,
    pub(super) at: Field<[i64; 2]>,
    pub(super) class: Option<Field<String>>,
    pub(super) movement: Option<Field<i64>>,
    pub(super) profile: Option<Field<String>>,
    pub(super) pivot: Option<Field<CellSpec>>,
    pub(super) goal: Option<Field<CellSpec>>,
    pub(super) kind: Option<Field<String>>,
    pub(super) hp: Option<Field<i64>>,
    pub(super) attack: Option<Field<i64>>,
    pub(super) defense: Option<Field<i64>>,
    pub(super) range: Option<Field<RangeSpec>>,
    /// Hit points at the start, for a unit that starts hurt.
    pub(super) hp_left: Option<Field<i64>>,
    /// Off the board until an event brings it.
    pub(super) reserve: bool,
    /// Its own movement rules (`zoc`, `skirmisher`, `canto`), each in place of its kind's.
    pub(super) zoc: Option<bool>,
    pub(super) skirmisher: Option<bool>,
    pub(super) canto: Option<bool>,
}

pub(super) fn fld<T>(at: &At, value: T) -> Field<T> {
    Field { value, at: at.clone() }
}

/// A cell written `[x, y]`, with its place.
fn cell_field(s: &Spanned<[i64; 2]>) -> Field<CellSpec> {
    Field {
        value: CellSpec::Cell(*s.get_ref()),
        at: At::Span(s.span()),
    }
}

pub(super) fn field<T: Clone>(s: &Spanned<T>) -> Field<T> {
    Field {
        value: s.get_ref().clone(),
        at: At::Span(s.span()),
    }
}

impl UnitInput {
    pub(super) fn from_toml(u: &RawUnit) -> UnitInput {
        UnitInput {
            object: None,
            name: field(&u.name),
            team: field(&u.team),
            at: field(&u.at),
            class: u.class.as_ref().map(field),
            movement: u.movement.as_ref().map(field),
            profile: u.profile.as_ref().map(field),
            pivot: u.pivot.as_ref().map(cell_field),
            goal: u.goal.as_ref().map(cell_field),
            kind: u.kind.as_ref().map(field),
            hp: u.hp.as_ref().map(field),
            attack: u.attack.as_ref().map(field),
            defense: u.defense.as_ref().map(field),
            range: u.range.as_ref().map(field),
            hp_left: u.hp_left.as_ref().map(field),
            reserve: u.reserve == Some(true),
            zoc: u.zoc,
            skirmisher: u.skirmisher,
            canto: u.canto,
        }
    }
}

/// A diagnostic at a field's place.
pub(super) fn locate(src: Option<&Source>, at: &At, message: String) -> Diagnostic {
    match (at, src) {
        (At::Span(span), Some(src)) => src.error_span(span, message),
        (At::Span(_), None) => Diagnostic::whole_file(Path::new(""), message),
        (At::Object { path, line, col }, _) => Diagnostic {
            path: path.clone(),
            line: *line,
            col: *col,
            message,
        },
    }
}

/// The one validation of units, wherever they are written: names, kinds, classes, teams,
/// numbers, cells (on the map, enterable, free), profiles and pivots.
pub(super) fn validate_units(
    src: &Source,
    inputs: &[UnitInput],
    map: Option<&TerrainMap>,
    regions: &Regions,
    data: &DataSet,
    errs: &mut Diagnostics,
) -> Vec<UnitSpec> {
    let mut units = Vec::with_capacity(inputs.len());
    // Each name's first place, for the message about a second unit of the same name.
    let mut names: HashMap<String, String> = HashMap::new();
    let mut cells: HashMap<Pos, String> = HashMap::new();
    for u in inputs {
        let mut err = |at: &At, msg: String| errs.push(locate(Some(src), at, msg));
        let name = crate::load::names::identity(&u.name.value, units.len() + 1).unwrap_or_else(|m| {
            err(&u.name.at, m);
            u.name.value.clone()
        });
        // How messages name the unit, and the prefix of those that do not start with it.
        let (label, pre) = match u.object {
            None => (format!("unit {name:?}"), String::new()),
            Some(id) => {
                let l = format!("object {name:?} (id {id})");
                (l.clone(), format!("{l}: "))
            }
        };
        let kind_name = u.kind.as_ref().map_or("soldier", |k| k.value.as_str());
        if data.kinds.get(kind_name).is_none() {
            let at = u.kind.as_ref().map_or(&u.name.at, |k| &k.at);
            err(
                at,
                format!(
                    "{label}: {UNKNOWN_KIND} {kind_name:?} (known: {}){}",
                    data.kinds.names(),
                    did_you_mean_value(kind_name, data.kinds.list.iter().map(|k| k.name.as_str()))
                ),
            );
        }
        let kind = data
            .kinds
            .get(kind_name)
            .cloned()
            .unwrap_or_else(|| crate::load::data::builtin_kinds().list.remove(0));
        let class_name = u.class.as_ref().map_or(kind.class.as_str(), |c| c.value.as_str());
        let class_known = data.terrain.class(class_name).is_some();
        if let Some(first) = names.get(&name) {
            err(
                &u.name.at,
                format!(
                    "{pre}duplicate unit name {name:?}: names must be unique within a scenario (the first is at {first})"
                ),
            );
        } else {
            let d = locate(Some(src), &u.name.at, String::new());
            names.insert(name.clone(), format!("{}:{}:{}", d.path, d.line, d.col));
        }
        let team = match u.team.value.as_str() {
            "player" => Team::Player,
            "enemy" => Team::Enemy,
            other => {
                err(
                    &u.team.at,
                    format!(
                        "{label}: unknown team {other:?} (expected \"player\" or \"enemy\"){}",
                        did_you_mean_value(other, ["player", "enemy"])
                    ),
                );
                Team::Enemy
            }
        };
        let class = match data.terrain.class(class_name) {
            Some(id) => id,
            None => {
                let at = u.class.as_ref().map_or(&u.name.at, |c| &c.at);
                err(
                    at,
                    format!(
                        "{label}: unknown movement class {class_name:?} (known: {}){}",
                        data.terrain.classes().join(", "),
                        did_you_mean_value(class_name, data.terrain.classes().iter().map(String::as_str))
                    ),
                );
                ClassId(0)
            }
        };
        let movement = u.movement.as_ref().map_or(kind.movement as i64, |m| m.value);
        if !(0..=MAX_MOVE).contains(&movement) {
            let at = u.movement.as_ref().map_or(&u.name.at, |m| &m.at);
            err(
                at,
                format!("{label}: move = {movement} is out of range (expected 0..={MAX_MOVE})"),
            );
        }
        let mut stats = kind.stats;
        for (key, value, min, slot) in [
            ("hp", &u.hp, 1, &mut stats.hp),
            ("attack", &u.attack, 0, &mut stats.attack),
            ("defense", &u.defense, 0, &mut stats.defense),
        ] {
            if let Some(v) = value {
                match check_stat(key, v.value, min) {
                    Ok(x) => *slot = x,
                    Err(m) => err(&v.at, format!("{label}: {m}")),
                }
            }
        }
        let hp_left = u.hp_left.as_ref().and_then(|h| {
            if (1..=i64::from(stats.hp)).contains(&h.value) {
                Some(h.value as i32)
            } else {
                err(
                    &h.at,
                    format!(
                        "{label}: hp_left = {} is out of range (expected 1..={}, its hp)",
                        h.value, stats.hp
                    ),
                );
                None
            }
        });
        if let Some(r) = &u.range {
            match r.value.check() {
                Ok((lo, hi)) => (stats.range_min, stats.range_max) = (lo, hi),
                Err(m) => err(&r.at, format!("{label}: {m}")),
            }
        }
        let mut at = Pos::default();
        match (to_pos(u.at.value), map) {
            (Some(p), Some(m)) if m.contains(p) => {
                at = p;
                let t = data.terrain.get(m.at(p));
                if class_known && t.cost_for(class).is_none() {
                    // The nearest cell it could stand on (Manhattan distance, then reading
                    // order) that no unit placed before it takes.
                    let free = (0..m.height() as i32)
                        .flat_map(|y| (0..m.width() as i32).map(move |x| Pos::new(x, y)))
                        .filter(|q| data.terrain.get(m.at(*q)).cost_for(class).is_some() && !cells.contains_key(q))
                        .min_by_key(|q| (q.manhattan(p), q.y, q.x));
                    let hint = free.map_or_else(
                        || format!("; no cell of this map takes class '{class_name}'"),
                        |q| match u.object {
                            Some(_) => {
                                format!("; the nearest free cell it can stand on is {q} (move its object there)")
                            }
                            None => format!(
                                "; the nearest free cell it can stand on is {q} (at = [{}, {}])",
                                q.x, q.y
                            ),
                        },
                    );
                    err(
                        &u.at.at,
                        format!(
                            "{label} stands on {} at {p}, which class '{class_name}' cannot enter{hint}",
                            t.name
                        ),
                    );
                }
                // A reserve may wait for a cell another unit starts on.
                if !u.reserve {
                    if let Some(other) = cells.get(&p) {
                        err(&u.at.at, format!("{label} is on {p}, where {other:?} already stands"));
                    }
                    cells.insert(p, name.clone());
                }
            }
            (_, Some(m)) => {
                let [x, y] = u.at.value;
                err(
                    &u.at.at,
                    format!(
                        "{label} at [{x}, {y}] is off the map ({})",
                        cell_bounds(m.width(), m.height())
                    ),
                );
            }
            (_, None) => {}
        }
        let profile = match (&u.profile, team) {
            (Some(p), Team::Player) => {
                err(
                    &p.at,
                    format!("{label}: `profile` is for enemies only; player units are driven by the player"),
                );
                None
            }
            (Some(p), Team::Enemy) => {
                if let (Some(Behavior::Advance { goal }), Some(m), None) =
                    (data.profiles.get(&p.value).map(|q| q.behavior.clone()), map, &u.goal)
                    && !m.contains(goal)
                {
                    err(
                        &p.at,
                        format!(
                            "{label}: profile {:?} advances on {goal}, which is off this map ({})",
                            p.value,
                            cell_bounds(m.width(), m.height())
                        ),
                    );
                }
                if data.profiles.get(&p.value).is_none() {
                    err(
                        &p.at,
                        format!(
                            "{label}: {UNKNOWN_PROFILE} {:?} (known: {}){}",
                            p.value,
                            data.profiles.names(),
                            did_you_mean_value(&p.value, data.profiles.list().iter().map(|q| q.name.as_str()))
                        ),
                    );
                }
                Some(p.value.clone())
            }
            (None, Team::Enemy) => {
                let m = match u.object {
                    None => format!("enemy {name:?} has no `profile` (known: {})", data.profiles.names()),
                    Some(_) => format!(
                        "{label}: an enemy needs a string property profile (known: {})",
                        data.profiles.names()
                    ),
                };
                err(&u.name.at, m);
                None
            }
            (None, Team::Player) => None,
        };
        let pivot = u
            .pivot
            .as_ref()
            .zip(map)
            .and_then(|(p, m)| one_cell("pivot", p, m, regions, &label, &mut err));
        let goal = u
            .goal
            .as_ref()
            .zip(map)
            .and_then(|(g, m)| one_cell("goal", g, m, regions, &label, &mut err));
        if let Some(g) = &u.goal {
            // A goal is for an enemy whose profile advances (a missing or unknown profile
            // has its own error).
            let behavior = profile.as_ref().and_then(|p| data.profiles.get(p)).map(|p| &p.behavior);
            match (team, behavior) {
                (Team::Player, _) => err(
                    &g.at,
                    format!(
                        "{label}: `goal` is for enemies whose profile advances; player units are driven by the player"
                    ),
                ),
                (Team::Enemy, Some(b)) if !matches!(b, Behavior::Advance { .. }) => err(
                    &g.at,
                    format!(
                        "{label}: `goal` is for a unit whose profile advances; profile {:?} is {}",
                        profile.as_deref().unwrap_or_default(),
                        b.name()
                    ),
                ),
                _ => {}
            }
        }
        units.push(UnitSpec {
            name,
            team,
            at,
            class,
            movement: movement.clamp(0, MAX_MOVE) as Cost,
            profile,
            pivot,
            goal,
            kind: kind.name.clone(),
            sprite: kind.sprite.clone(),
            stats,
            heal: kind.heal,
            odds: kind.odds,
            weapon: kind.weapon.clone(),
            vision: kind.vision,
            hp_left,
            moves: skirmish_core::model::units::MoveRules {
                zoc: u.zoc.unwrap_or(kind.moves.zoc),
                skirmisher: u.skirmisher.unwrap_or(kind.moves.skirmisher),
                canto: u.canto.unwrap_or(kind.moves.canto),
            },
            reserve: u.reserve,
            growth: kind.growth,
            level: 1,
            exp: 0,
            own: skirmish_core::model::scenario::OwnStats {
                movement: u.movement.is_some(),
                hp: u.hp.is_some(),
                attack: u.attack.is_some(),
                defense: u.defense.is_some(),
                range: u.range.is_some(),
                zoc: u.zoc.is_some(),
                skirmisher: u.skirmisher.is_some(),
                canto: u.canto.is_some(),
            },
        });
    }
    units
}

/// The one cell a pivot or goal (`what`) names on map `m`: a cell on the map, or a region of
/// exactly one cell; else an error at its place, and `None`.
fn one_cell(
    what: &str,
    spec: &Field<CellSpec>,
    m: &TerrainMap,
    regions: &Regions,
    label: &str,
    err: &mut impl FnMut(&At, String),
) -> Option<Pos> {
    match &spec.value {
        CellSpec::Cell(c) => {
            let q = to_pos(*c).filter(|q| m.contains(*q));
            if q.is_none() {
                let [x, y] = *c;
                err(
                    &spec.at,
                    format!(
                        "{label}: {what} [{x}, {y}] is off the map ({})",
                        cell_bounds(m.width(), m.height())
                    ),
                );
            }
            q
        }
        CellSpec::Region(r) => match regions.get(r).map(Vec::as_slice) {
            Some([one]) => Some(*one),
            Some(cells) => {
                err(
                    &spec.at,
                    format!(
                        "{label}: {what} {r:?} is a region of {} cells; a {what} is one cell (a one-cell region, or \"x,y\")",
                        cells.len()
                    ),
                );
                None
            }
            None => {
                err(
                    &spec.at,
                    format!(
                        "{label}: {what} {r:?} is neither a cell \"x,y\" nor a region of the map's `regions` layer{}",
                        did_you_mean_value(r, regions.keys().map(String::as_str))
                    ),
                );
                None
            }
        },
    }
}
