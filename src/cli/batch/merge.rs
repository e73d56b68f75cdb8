//! `batch --merge`: slices of one run read back (checksums and tallies checked) and added up.

use super::*;

pub(super) fn merge_cmd(a: &BatchArgs) -> Result<Report, String> {
    let run_options = [
        (!a.scenarios.is_empty(), "SCENARIO"),
        (a.runs.is_some(), "--runs"),
        (a.seed.is_some(), "--seed"),
        (a.generate.is_some(), "--generate"),
        (!a.sets.is_empty(), "--set"),
        (a.turns.is_some(), "--turns"),
        (a.player.is_some(), "--player"),
        (a.shard.is_some(), "--shard"),
        (a.jobs.is_some(), "--jobs"),
        (a.keep.is_some(), "--keep"),
    ];
    if let Some((_, what)) = run_options.iter().find(|(given, _)| *given) {
        return Err(format!(
            "--merge adds up finished slices: {what} belongs to the runs that made them (keep --json, --csv, --chart)"
        ));
    }
    let mut files: Vec<(String, ReportIn)> = Vec::new();
    for path in &a.merge {
        let r = read_slice(path)?;
        files.push((display_path(path), r));
    }
    let (first_name, first) = &files[0];
    let count = first.shard.unwrap_or(Slice::WHOLE).count;
    let mut seen: Vec<Option<String>> = vec![None; count as usize];
    for (name, r) in &files {
        if r.args != first.args {
            return Err(format!(
                "{name}: not a slice of the same run as {first_name} (other scenarios, files, --runs, --seed, --turns, --player, --generate or --set)"
            ));
        }
        let s = r.shard.unwrap_or(Slice::WHOLE);
        if s.count != count {
            return Err(format!(
                "{name}: slice {}/{} does not fit with {first_name}'s {}/{count}",
                s.index,
                s.count,
                first.shard.unwrap_or(Slice::WHOLE).index
            ));
        }
        let same_rows = r.cells.len() == first.cells.len()
            && r.cells
                .iter()
                .zip(&first.cells)
                .all(|(x, y)| x.scenario == y.scenario && x.file == y.file && x.set == y.set);
        let slot = &mut seen[(s.index - 1) as usize];
        if !same_rows {
            return Err(format!("{name}: its rows differ from {first_name}'s"));
        }
        if let Some(other) = slot {
            return Err(format!("{name}: slice {}/{count} is also in {other}", s.index));
        }
        *slot = Some(name.clone());
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{}/{count}", i + 1))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing slices: {} (give every slice of the run)",
            missing.join(", ")
        ));
    }
    let mut cells = first.cells.clone();
    for c in &mut cells {
        c.tally = Tally::default();
    }
    for (_, r) in &files {
        for (c, x) in cells.iter_mut().zip(&r.cells) {
            c.tally.add(&x.tally);
        }
    }
    Ok(Report {
        args: first.args.clone(),
        shard: None,
        cells,
    })
}

/// The checksum of a report's JSON body (everything but the `checksum` key, as printed):
/// FNV-1a, which catches an edit or damage, not a forger.
pub(super) fn checksum(body: &Value) -> String {
    format!("{:016x}", crate::load::scenario::fnv1a(&[body.to_string().as_bytes()]))
}

/// Reads one slice for `--merge`: its checksum must match its body, and its tallies must
/// add up (every battle won, lost or drawn once; the turn counts to the battles; as many
/// battles per row as its part of the run holds), so a slice edited by hand is refused.
pub(super) fn read_slice(path: &Path) -> Result<ReportIn, String> {
    let name = display_path(path);
    let src = Source::read(path).map_err(|d| d.to_string())?;
    if let Ok(v) = serde_json::from_str::<Value>(&src.text)
        && v.get("format").and_then(Value::as_str) == Some(FORMAT)
        && v.get("version").and_then(Value::as_u64) == Some(1)
    {
        return Err(format!(
            "{name}: a batch report of version 1, without the checksum this skirmish checks (version {VERSION}); run that slice again with this skirmish"
        ));
    }
    let mut v: Value =
        crate::io::files::parse_versioned_json(&src, FORMAT, VERSION, "batch report").map_err(|d| d.to_string())?;
    let said = v.as_object_mut().and_then(|o| o.remove("checksum"));
    match said.as_ref().and_then(Value::as_str) {
        None => return Err(format!("{name}: a batch report without its \"checksum\"")),
        Some(c) if c != checksum(&v) => {
            return Err(format!(
                "{name}: its checksum does not match its contents: the file was edited or damaged after batch wrote it (run that slice again)"
            ));
        }
        Some(_) => {}
    }
    let r: ReportIn = serde_json::from_value(v).map_err(|e| format!("{name}: damaged batch report file: {e}"))?;
    let bad = |why: String| Err(format!("{name}: the tallies do not add up: {why}"));
    let slice = r.shard.unwrap_or(Slice::WHOLE);
    if slice.index == 0 || slice.index > slice.count {
        return bad(format!("slice {}/{}", slice.index, slice.count));
    }
    if r.args.turns == 0 || r.args.turns > MAX_TURNS || r.args.runs == 0 || r.args.runs > MAX_BATTLES {
        return bad(format!(
            "--runs {} or --turns {} out of bounds",
            r.args.runs, r.args.turns
        ));
    }
    let Some(total) = (r.cells.len() as u64)
        .checked_mul(r.args.runs)
        .filter(|&t| t <= MAX_BATTLES)
    else {
        return bad(format!("{} rows of {} battles", r.cells.len(), r.args.runs));
    };
    let items = slice.items(total);
    for (i, c) in r.cells.iter().enumerate() {
        let t = &c.tally;
        let row = || {
            let set: Vec<String> = c.set.iter().map(|s| format!("{}={}", s.param, s.value)).collect();
            format!(
                "row {} ({}{}{})",
                i + 1,
                c.file,
                if set.is_empty() { "" } else { ", " },
                set.join(", ")
            )
        };
        let first = i as u64 * r.args.runs;
        let expected = items
            .end
            .min(first + r.args.runs)
            .saturating_sub(items.start.max(first));
        if t.battles != expected {
            return bad(format!(
                "{}: {} battles where its slice holds {expected}",
                row(),
                t.battles
            ));
        }
        let outcomes = [t.player_wins, t.enemy_wins, t.draws]
            .iter()
            .try_fold(0u64, |a, &b| a.checked_add(b));
        if outcomes != Some(t.battles) {
            return bad(format!(
                "{}: {} player wins + {} enemy wins + {} draws is not {} battles",
                row(),
                t.player_wins,
                t.enemy_wins,
                t.draws,
                t.battles
            ));
        }
        let mut counted = 0u64;
        let mut turns = 0u64;
        for (&turn, &n) in &t.turn_counts {
            if turn == 0 || turn > r.args.turns {
                return bad(format!(
                    "{}: a battle of {turn} turns (at most {})",
                    row(),
                    r.args.turns
                ));
            }
            counted = counted.saturating_add(n);
            turns = turns.saturating_add(n.saturating_mul(turn as u64));
        }
        if counted != t.battles || turns != t.turns_total {
            return bad(format!(
                "{}: the turn counts add up to {counted} battles and {turns} turns, not {} and {}",
                row(),
                t.battles,
                t.turns_total
            ));
        }
        if let Some((p, _)) = t.profiles.iter().find(|(_, p)| p.survived > p.units) {
            return bad(format!("{}: more {p} units survived than started", row()));
        }
    }
    Ok(r)
}
