//! `skirmish range`: the reachable cells of a unit in a scenario or on a bare map.

use super::check::check_map;
use super::*;
use crate::load::units::MAX_MOVE;
use std::io::Write;

#[derive(Args, Debug)]
pub(super) struct RangeArgs {
    /// Scenario file (with --unit).
    scenario: Option<PathBuf>,
    /// The unit whose range to show.
    #[arg(long)]
    unit: Option<String>,
    /// A bare map file instead of a scenario.
    #[arg(long, conflicts_with = "scenario")]
    map: Option<PathBuf>,
    /// The mover's cell on the bare map, X,Y.
    #[arg(long, value_parser = parse_pos, requires = "map")]
    from: Option<Pos>,
    /// Movement points on the bare map.
    #[arg(long = "move", requires = "map")]
    movement: Option<u32>,
    /// Movement class on the bare map.
    #[arg(long, default_value = "foot", requires = "map")]
    class: String,
    /// A cell held by an enemy of the mover, X,Y (repeatable).
    #[arg(long, value_parser = parse_pos, requires = "map")]
    block: Vec<Pos>,
    /// A cell held by an ally of the mover, X,Y (repeatable).
    #[arg(long, value_parser = parse_pos, requires = "map")]
    ally: Vec<Pos>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

impl RangeArgs {
    /// The scenario asked about, when the query is about a scenario (not a bare map).
    pub(super) fn scenario_path(&self) -> Option<&Path> {
        self.scenario.as_deref().filter(|_| self.map.is_none())
    }
}

pub(super) fn parse_pos(s: &str) -> Result<Pos, String> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("expected X,Y such as 20,20, found {s:?}"))?;
    let n = |v: &str| {
        v.trim()
            .parse::<i32>()
            .map_err(|_| format!("expected X,Y with whole numbers, found {s:?}"))
    };
    Ok(Pos::new(n(x)?, n(y)?))
}

/// Writes the JSON answer as it is made: the cells by cost, then row, then column, each
/// with its path read back from the search. A million cells make half a gigabyte of it,
/// never held whole: what is kept is one 8-byte sort key per cell. The bytes are those
/// `serde_json` writes for the same value (keys in order, no spaces).
fn write_json(out: &mut dyn Write, reach: &Reach<'_>, unit: Option<&str>) -> std::io::Result<()> {
    let Some(q) = reach.query() else {
        return out.write_all(OFF_THE_MAP.as_bytes());
    };
    // Cost above row above column (each side is below 2^20, every cost below 2^24).
    let mut keys: Vec<u64> = reach
        .cells()
        .map(|(p, c)| (c as u64) << 40 | (p.y as u64) << 20 | p.x as u64)
        .collect();
    keys.sort_unstable();
    out.write_all(b"{\"cells\":[")?;
    for (k, key) in keys.into_iter().enumerate() {
        let p = Pos::new((key & 0xF_FFFF) as i32, (key >> 20 & 0xF_FFFF) as i32);
        let path = reach.digits(p).unwrap_or_default();
        let comma = if k == 0 { "" } else { "," };
        write!(
            out,
            "{comma}{{\"at\":[{},{}],\"cost\":{},\"path\":\"{path}\"}}",
            p.x,
            p.y,
            key >> 40
        )?;
    }
    write!(
        out,
        "],\"move\":{},\"origin\":[{},{}]",
        q.budget, q.origin.x, q.origin.y
    )?;
    if let Some(u) = unit {
        write!(out, ",\"unit\":{}", Value::from(u))?;
    }
    out.write_all(b"}\n")
}

/// What `range` says for a mover off the map (both callers check the mover's cell first).
const OFF_THE_MAP: &str = "no range: the mover stands off the map\n";

/// The outcome of writing the JSON answer: a closed pipe (`| head`) ends it quietly, like
/// every command's output; any other failure to write is said.
fn streamed(written: std::io::Result<()>) -> Outcome {
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Outcome::Done {
            code: 1,
            stdout: String::new(),
            stderr: format!("error: cannot write the answer: {e}\n"),
        },
        _ => ok(String::new()),
    }
}

pub(super) fn arg_error(msg: &str) -> Outcome {
    usage(format!(
        "error: {msg}\n\nFor more information, try 'skirmish range --help'.\n"
    ))
}

pub(super) fn range(a: RangeArgs, data_override: Option<PathBuf>, level: Option<&str>, out: &mut dyn Write) -> Outcome {
    if let Some(map_path) = &a.map {
        if level.is_some() {
            return arg_error("--difficulty is a scenario's: a bare --map has none");
        }
        let (Some(from), Some(budget)) = (a.from, a.movement) else {
            return arg_error("--map needs --from X,Y and --move N");
        };
        if i64::from(budget) > MAX_MOVE {
            return arg_error(&format!("--move {budget} is out of range (expected 0..={MAX_MOVE})"));
        }
        let dir = data_override.unwrap_or_else(|| map_path.parent().unwrap_or(Path::new("")).join("..").join("data"));
        let loaded = Source::read(&dir.join("terrain.toml"))
            .map_err(Diagnostics::from)
            .and_then(|s| crate::load::terrain::parse(&s))
            .and_then(|t| check_map(map_path, &t).map(|m| (t, m)));
        let (terrain, map) = match loaded {
            Ok(v) => v,
            Err(e) => return fail(e),
        };
        let Some(class) = terrain.class(&a.class) else {
            return arg_error(&format!(
                "unknown movement class {:?} (known: {})",
                a.class,
                terrain.classes().join(", ")
            ));
        };
        let shown = display_path(map_path);
        for (flag, p) in std::iter::once(("--from", from))
            .chain(a.block.iter().map(|&p| ("--block", p)))
            .chain(a.ally.iter().map(|&p| ("--ally", p)))
        {
            if !map.contains(p) {
                return arg_error(&format!(
                    "{flag} {},{} is off the map {shown} ({}x{}: {})",
                    p.x,
                    p.y,
                    map.width(),
                    map.height(),
                    crate::load::diag::cell_bounds(map.width(), map.height())
                ));
            }
        }
        let mut occ = Occupancy::new(map.layout());
        occ.place(from, Team::Player);
        for &p in &a.ally {
            occ.place(p, Team::Player);
        }
        for &p in &a.block {
            occ.place(p, Team::Enemy);
        }
        let layer = map.cost_layer(&terrain, class);
        let mut finder = RangeFinder::new(layer.layout());
        let q = RangeQuery {
            origin: from,
            budget,
            team: Team::Player,
            leash: None,
        };
        let reach = finder.search(&layer, &occ, q);
        if a.json {
            return streamed(write_json(out, &reach, None));
        }
        let title = format!("from {from} on {shown}, move {budget}, class {}", a.class);
        return ok(range_output(&reach, &title, &map, &terrain, &occ));
    }
    let Some(scenario_path) = a.scenario else {
        return arg_error("give a scenario and --unit NAME, or --map MAP.txt --from X,Y --move N");
    };
    let Some(unit) = a.unit else {
        return arg_error("a scenario needs --unit NAME");
    };
    let (scenario, data, _) = match load_scenario_at(&scenario_path, data_override, level) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let battle = Battle::new(&scenario, &data);
    let Some(id) = battle.find(&unit) else {
        let names: Vec<&str> = battle.units().iter().map(|u| u.name()).collect();
        return arg_error(&format!(
            "no unit named {unit:?} in {} (units: {})",
            scenario.path,
            names.join(", ")
        ));
    };
    let u = battle.unit(id);
    let class = &data.terrain.classes()[u.class().0 as usize];
    let title = format!("{} at {}, move {}, class {class}", u.name(), u.pos(), u.movement());
    if a.json {
        return streamed(battle.with_reach(&mut crate::rules::Caches::new(), id, None, |reach| {
            write_json(out, reach, Some(u.name()))
        }));
    }
    ok(battle.with_reach(&mut crate::rules::Caches::new(), id, None, |reach| {
        range_output(reach, &title, battle.map(), battle.terrain(), battle.occupancy())
    }))
}

pub(super) fn range_output(
    reach: &Reach<'_>,
    title: &str,
    map: &TerrainMap,
    terrain: &TerrainSet,
    occ: &Occupancy,
) -> String {
    // Both callers check the mover's cell first; an empty answer is still no panic.
    let Some(q) = reach.query() else {
        return OFF_THE_MAP.to_string();
    };
    let b = picture::bounds(map, reach, 1);
    format!(
        "{title}: {} cells (columns {}..={}, rows {}..={})\n{}{}",
        reach.len(),
        b.0,
        b.2 - 1,
        b.1,
        b.3 - 1,
        picture::draw(map, terrain, occ, q.team, reach, b),
        picture::legend(map, terrain, occ, reach, b)
    )
}
