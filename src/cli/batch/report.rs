//! The batch report in words (table), JSON, CSV, and the chart's lines.

use super::*;

/// Rounds a rate or mean for reports (4 decimals), so files stay readable.
pub(super) fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

pub(super) fn cell_json(c: &CellIn) -> Value {
    let t = &c.tally;
    let (lo, hi) = t.win_interval();
    let (dlo, dhi) = batch::wilson(t.draws, t.battles);
    let n = t.battles.max(1) as f64;
    let profiles: Vec<Value> = t
        .profiles
        .iter()
        .map(|(name, p)| {
            json!({
                "profile": name,
                "units": p.units,
                "survival_rate": r4(if p.units == 0 { 0.0 } else { p.survived as f64 / p.units as f64 }),
                "damage_dealt_per_battle": r4(p.damage_dealt as f64 / n),
                "damage_taken_per_battle": r4(p.damage_taken as f64 / n),
            })
        })
        .collect();
    let mut v = json!({
        "scenario": c.scenario,
        "file": c.file,
        "set": c.set,
        "battles": t.battles,
        "player_wins": t.player_wins,
        "enemy_wins": t.enemy_wins,
        "draws": t.draws,
        "win_rate": r4(t.win_rate()),
        "win_rate_95": [r4(lo), r4(hi)],
        "draw_rate": r4(t.draws as f64 / n),
        "draw_rate_95": [r4(dlo), r4(dhi)],
        "turns_mean": r4(t.mean_turns()),
        "turns_median": t.median_turns(),
        "player_units_lost_per_battle": r4(t.player_units_lost as f64 / n),
        "profiles": profiles,
        "tally": t,
    });
    if !t.objectives.is_empty() {
        // Only for scenarios with objectives: other reports keep their bytes.
        v["objectives"] = json!(t.objectives);
    }
    v["endings"] = json!(
        endings(t)
            .iter()
            .map(|(name, n)| json!({"ending": name, "battles": n, "share": r4(*n as f64 / t.battles.max(1) as f64)}))
            .collect::<Vec<_>>()
    );
    if let Some(luck) = t.luck {
        // Only under chance in combat: other reports keep their bytes.
        v["lost_by_luck"] = json!({"battles": luck, "share": r4(luck as f64 / n)});
    }
    v
}

/// "lost by luck 12.0%": the share of a row's battles lost with a miss or a critical in
/// their last two turns (under chance in combat only).
pub(super) fn luck_text(t: &Tally) -> Option<String> {
    t.luck
        .map(|l| format!("lost by luck {}", pct(l as f64 / t.battles.max(1) as f64)))
}

/// A row's endings, the most frequent first (then by name).
pub(super) fn endings(t: &Tally) -> Vec<(&str, u64)> {
    let mut list: Vec<(&str, u64)> = t.endings.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    list
}

/// A row's endings in words: `won: seized (34, 15) 81.4%; lost: turn limit 9 16.2%, Kiny fell 2.4%`.
pub(super) fn endings_text(t: &Tally) -> String {
    let n = t.battles.max(1) as f64;
    let mut groups: Vec<String> = Vec::new();
    for prefix in ["won: ", "lost: "] {
        let parts: Vec<String> = endings(t)
            .into_iter()
            .filter_map(|(k, c)| k.strip_prefix(prefix).map(|w| format!("{w} {}", pct(c as f64 / n))))
            .collect();
        if !parts.is_empty() {
            groups.push(format!("{prefix}{}", parts.join(", ")));
        }
    }
    if let Some(c) = t.endings.get(batch::UNFINISHED) {
        groups.push(format!(
            "unfinished at the turn limit of the run {}",
            pct(*c as f64 / n)
        ));
    }
    groups.join("; ")
}

/// One knife edge: two neighbouring values of one sweep (the others alike) whose win rates
/// lie more than [`KNIFE_EDGE`] apart.
pub(super) struct Edge<'a> {
    pub(super) from: &'a CellIn,
    pub(super) to: &'a CellIn,
    /// Which sweep.
    pub(super) sweep: usize,
}

/// Win rates of neighbouring values further apart than this are a knife edge.
pub const KNIFE_EDGE: f64 = 0.20;

/// Every knife edge of the report, scenario by scenario, in the order of the rows.
pub(super) fn knife_edges(r: &Report) -> Vec<Edge<'_>> {
    let mut out = Vec::new();
    for (s, sweep) in r.args.sets.iter().enumerate() {
        for a in &r.cells {
            let Some(i) = sweep.values.iter().position(|&v| v == a.set[s].value) else {
                continue;
            };
            let Some(&next) = sweep.values.get(i + 1) else {
                continue;
            };
            let b = r.cells.iter().find(|b| {
                b.file == a.file
                    && b.set.len() == a.set.len()
                    && b.set.iter().enumerate().all(|(j, x)| {
                        if j == s {
                            x.value == next
                        } else {
                            x.value == a.set[j].value
                        }
                    })
            });
            if let Some(b) = b
                && (a.tally.win_rate() - b.tally.win_rate()).abs() > KNIFE_EDGE
            {
                out.push(Edge {
                    from: a,
                    to: b,
                    sweep: s,
                });
            }
        }
    }
    // Scenario by scenario, then in the order of the rows.
    let index = |c: &CellIn| r.cells.iter().position(|x| std::ptr::eq(x, c)).unwrap_or(0);
    out.sort_by_key(|e| (index(e.from), e.sweep));
    out
}

/// A knife edge in words: `knife-edge: bridgeguard.trigger 5 → 6 moves the win rate 65.2% → 38.7%`.
pub(super) fn edge_text(r: &Report, e: &Edge<'_>) -> String {
    let others: Vec<String> = e
        .from
        .set
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != e.sweep)
        .map(|(_, x)| format!("{}={}", x.param, x.value))
        .collect();
    format!(
        "knife-edge: {} {} → {} moves the win rate {} → {}{}",
        r.args.sets[e.sweep].label(),
        e.from.set[e.sweep].value,
        e.to.set[e.sweep].value,
        pct(e.from.tally.win_rate()),
        pct(e.to.tally.win_rate()),
        if others.is_empty() {
            String::new()
        } else {
            format!(" (at {})", others.join(", "))
        }
    )
}

pub(super) fn report_json(r: &Report) -> String {
    let mut v = json!({
        "format": FORMAT,
        "version": VERSION,
        "args": r.args,
        "cells": r.cells.iter().map(cell_json).collect::<Vec<_>>(),
        "knife_edges": knife_edges(r).iter().map(|e| json!({
            "scenario": e.from.scenario,
            "file": e.from.file,
            "param": r.args.sets[e.sweep].label(),
            "from": e.from.set[e.sweep].value,
            "to": e.to.set[e.sweep].value,
            "win_rate": [r4(e.from.tally.win_rate()), r4(e.to.tally.win_rate())],
            "at": e.from.set.iter().enumerate().filter(|(j, _)| *j != e.sweep).map(|(_, x)| x).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    if let Some(s) = r.shard {
        v["shard"] = json!(s);
    }
    v["checksum"] = json!(checksum(&v));
    format!("{v}\n")
}

pub(super) fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

pub(super) fn report_text(r: &Report) -> String {
    let a = &r.args;
    let mut out = String::new();
    if let Some(s) = r.shard {
        out.push_str(&format!(
            "slice {}/{} of the run (add the slices up with --merge)\n\n",
            s.index, s.count
        ));
    }
    let params: Vec<String> = a.sets.iter().map(Sweep::label).collect();
    let mut k = 0;
    while k < r.cells.len() {
        let file = &r.cells[k].file;
        let rows: Vec<&CellIn> = r.cells[k..].iter().take_while(|c| &c.file == file).collect();
        k += rows.len();
        let c0 = rows[0];
        out.push_str(&format!(
            "{} ({}): {} battles per row, {} player{}, at most {} turns, seed {}{}\n",
            c0.scenario,
            c0.file,
            a.runs,
            a.player,
            a.skill.as_deref().map_or(String::new(), |s| format!(" of {s} skill")),
            a.turns,
            a.seed,
            a.difficulty
                .as_deref()
                .map_or(String::new(), |d| format!(", difficulty {d}"))
        ));
        let mut head: Vec<String> = params.clone();
        head.extend(
            [
                "battles",
                "player wins",
                "95% interval",
                "draws",
                "turns mean",
                "median",
                "units lost",
            ]
            .map(String::from),
        );
        let mut main = vec![head];
        for c in &rows {
            let t = &c.tally;
            let (lo, hi) = t.win_interval();
            let n = t.battles.max(1) as f64;
            let mut row: Vec<String> = c.set.iter().map(|s| s.value.to_string()).collect();
            row.extend([
                t.battles.to_string(),
                pct(t.win_rate()),
                format!("{:.1}–{:.1}%", lo * 100.0, hi * 100.0),
                pct(t.draws as f64 / n),
                format!("{:.2}", t.mean_turns()),
                format!("{}", t.median_turns()),
                format!("{:.2}", t.player_units_lost as f64 / n),
            ]);
            main.push(row);
        }
        out.push_str(&table_with_text_column(&main, usize::MAX));
        for c in rows.iter().filter(|c| !c.tally.objectives.is_empty()) {
            let n = c.tally.battles.max(1) as f64;
            let parts: Vec<String> = c
                .tally
                .objectives
                .iter()
                .map(|(k, v)| format!("{k} {}", pct(*v as f64 / n)))
                .collect();
            let set: Vec<String> = c.set.iter().map(|s| format!("{}={}", s.param, s.value)).collect();
            let row = if set.is_empty() {
                String::new()
            } else {
                format!(" ({})", set.join(", "))
            };
            out.push_str(&format!("decided by the objective{row}: {}\n", parts.join(", ")));
        }
        // Why battles are won and lost: every ending's share, row by row.
        for c in &rows {
            let set: Vec<String> = c.set.iter().map(|s| format!("{}={}", s.param, s.value)).collect();
            let row = if set.is_empty() {
                String::new()
            } else {
                format!(" ({})", set.join(", "))
            };
            out.push_str(&format!("endings{row}: {}\n", endings_text(&c.tally)));
            if let Some(luck) = luck_text(&c.tally) {
                out.push_str(&format!(
                    "luck{row}: {luck} (a miss or a critical in the last two turns of a lost battle)\n"
                ));
            }
        }
        for e in knife_edges(r).iter().filter(|e| &e.from.file == file) {
            out.push_str(&edge_text(r, e));
            out.push('\n');
        }
        out.push_str(
            "per enemy profile, per battle: damage dealt to the player, damage taken, how often its units survived\n",
        );
        let mut head: Vec<String> = params.clone();
        head.extend(["profile", "units", "dealt", "taken", "survived"].map(String::from));
        let mut prof = vec![head];
        for c in &rows {
            let n = c.tally.battles.max(1) as f64;
            for (name, p) in &c.tally.profiles {
                let mut row: Vec<String> = c.set.iter().map(|s| s.value.to_string()).collect();
                row.extend([
                    name.clone(),
                    p.units.to_string(),
                    format!("{:.2}", p.damage_dealt as f64 / n),
                    format!("{:.2}", p.damage_taken as f64 / n),
                    pct(if p.units == 0 {
                        0.0
                    } else {
                        p.survived as f64 / p.units as f64
                    }),
                ]);
                prof.push(row);
            }
        }
        out.push_str(&table_with_text_column(&prof, params.len()));
        if k < r.cells.len() {
            out.push('\n');
        }
    }
    out
}

/// Lays out rows as columns: column `text` left-aligned, the others (numbers) right-aligned.
pub(super) fn table_with_text_column(rows: &[Vec<String>], text: usize) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, s)| {
                if c == text {
                    format!("{s:<w$}", w = width[c])
                } else {
                    format!("{s:>w$}", w = width[c])
                }
            })
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

pub(super) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

pub(super) fn report_csv(r: &Report) -> String {
    let profiles: std::collections::BTreeSet<&String> = r.cells.iter().flat_map(|c| c.tally.profiles.keys()).collect();
    let mut head: Vec<String> = vec!["scenario".into(), "file".into()];
    head.extend(r.args.sets.iter().map(Sweep::label));
    head.extend(
        [
            "battles",
            "player_wins",
            "enemy_wins",
            "draws",
            "win_rate",
            "win_rate_low95",
            "win_rate_high95",
            "turns_mean",
            "turns_median",
            "player_units_lost_per_battle",
        ]
        .map(String::from),
    );
    for p in &profiles {
        for what in [
            "units",
            "survival_rate",
            "damage_dealt_per_battle",
            "damage_taken_per_battle",
        ] {
            head.push(format!("{p}_{what}"));
        }
    }
    // Added after the columns of earlier versions, so that their positions stay.
    head.push("draw_rate".into());
    // The share of battles each objective decided (only when some battle was decided so).
    let objectives: std::collections::BTreeSet<&String> =
        r.cells.iter().flat_map(|c| c.tally.objectives.keys()).collect();
    head.extend(objectives.iter().map(|k| format!("{}_rate", k.replace(' ', "_"))));
    // Then every ending's share (`ending won: seized (34, 15)`), by name.
    let ending_names: std::collections::BTreeSet<&String> =
        r.cells.iter().flat_map(|c| c.tally.endings.keys()).collect();
    head.extend(ending_names.iter().map(|k| format!("ending {k}")));
    // Under chance in combat only: the share of battles lost by luck.
    let luck = r.cells.iter().any(|c| c.tally.luck.is_some());
    if luck {
        head.push("lost_by_luck".into());
    }
    let mut out = head.iter().map(|h| csv_field(h)).collect::<Vec<_>>().join(",") + "\n";
    for c in &r.cells {
        let t = &c.tally;
        let n = t.battles.max(1) as f64;
        let (lo, hi) = t.win_interval();
        let mut row: Vec<String> = vec![c.scenario.clone(), c.file.clone()];
        row.extend(c.set.iter().map(|s| s.value.to_string()));
        row.extend([
            t.battles.to_string(),
            t.player_wins.to_string(),
            t.enemy_wins.to_string(),
            t.draws.to_string(),
            r4(t.win_rate()).to_string(),
            r4(lo).to_string(),
            r4(hi).to_string(),
            r4(t.mean_turns()).to_string(),
            t.median_turns().to_string(),
            r4(t.player_units_lost as f64 / n).to_string(),
        ]);
        for p in &profiles {
            match t.profiles.get(*p) {
                Some(x) => row.extend([
                    x.units.to_string(),
                    r4(if x.units == 0 {
                        0.0
                    } else {
                        x.survived as f64 / x.units as f64
                    })
                    .to_string(),
                    r4(x.damage_dealt as f64 / n).to_string(),
                    r4(x.damage_taken as f64 / n).to_string(),
                ]),
                None => row.extend([String::new(), String::new(), String::new(), String::new()]),
            }
        }
        row.push(r4(t.draws as f64 / n).to_string());
        for k in &objectives {
            row.push(r4(t.objectives.get(*k).copied().unwrap_or(0) as f64 / n).to_string());
        }
        for k in &ending_names {
            row.push(r4(t.endings.get(*k).copied().unwrap_or(0) as f64 / n).to_string());
        }
        if luck {
            row.push(t.luck.map_or(String::new(), |l| r4(l as f64 / n).to_string()));
        }
        out.push_str(&(row.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",") + "\n"));
    }
    out
}

/// The chart's lines: x is the first sweep's value; one line per scenario and per value
/// of the other sweeps. Without sweeps, x is the scenario's number in the run. A line's
/// legend says what differs between lines: the scenario (when there are several) and the
/// values of the other sweeps.
pub(super) fn chart_series(r: &Report) -> (String, Vec<chart::Series>) {
    let mut series: Vec<chart::Series> = Vec::new();
    let draw = |x: f64, t: &Tally| (x, t.draws as f64 / t.battles.max(1) as f64);
    let limit = |x: f64, t: &Tally| {
        let n = t.objectives.get("turn limit").copied().unwrap_or(0);
        (x, n as f64 / t.battles.max(1) as f64)
    };
    if r.args.sets.is_empty() {
        let points = r
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (lo, hi) = c.tally.win_interval();
                ((i + 1) as f64, c.tally.win_rate(), lo, hi)
            })
            .collect();
        let draws = r
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| draw((i + 1) as f64, &c.tally))
            .collect();
        let limits = r
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| limit((i + 1) as f64, &c.tally))
            .collect();
        let names: Vec<String> = r
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} {}", i + 1, c.scenario))
            .collect();
        series.push(chart::Series {
            label: names.join(", "),
            points,
            draws,
            limit: limits,
        });
        return ("scenario (in the order given)".into(), series);
    }
    // A scenario is named by its name, or by its file when two files share a name.
    let mut files: Vec<(&str, &str)> = r.cells.iter().map(|c| (c.file.as_str(), c.scenario.as_str())).collect();
    files.dedup();
    let shared = |name: &str| files.iter().filter(|(_, n)| *n == name).count() > 1;
    for c in &r.cells {
        let mut parts: Vec<String> = Vec::new();
        if files.len() > 1 || c.set.len() == 1 {
            parts.push(if shared(&c.scenario) {
                c.file.clone()
            } else {
                c.scenario.clone()
            });
        }
        parts.extend(c.set[1..].iter().map(|s| format!("{}={}", s.param, s.value)));
        let label = parts.join(", ");
        let (lo, hi) = c.tally.win_interval();
        let x = c.set[0].value as f64;
        let p = (x, c.tally.win_rate(), lo, hi);
        match series.iter_mut().find(|s| s.label == label) {
            Some(s) => {
                s.points.push(p);
                s.draws.push(draw(x, &c.tally));
                s.limit.push(limit(x, &c.tally));
            }
            None => series.push(chart::Series {
                label,
                points: vec![p],
                draws: vec![draw(x, &c.tally)],
                limit: vec![limit(x, &c.tally)],
            }),
        }
    }
    (r.args.sets[0].label(), series)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_and_counts_read_as_a_person_writes_them() {
        assert_eq!(rate(5_384.842_1), "5,385/s");
        assert_eq!(rate(999.4), "999/s");
        assert_eq!(rate(0.25), "0.2/s");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(12), "12");
    }

    fn cell(file: &str, scenario: &str, set: &[(&str, i64)]) -> CellIn {
        CellIn {
            scenario: scenario.into(),
            file: file.into(),
            set: set
                .iter()
                .map(|&(p, v)| Setting {
                    param: p.into(),
                    value: v,
                })
                .collect(),
            tally: Tally {
                battles: 1,
                draws: 1,
                ..Tally::default()
            },
        }
    }

    fn report(cells: Vec<CellIn>, sets: &[&str]) -> Report {
        Report {
            args: RunArgs {
                scenarios: vec![],
                generate: 0,
                runs: 1,
                seed: 0,
                turns: 30,
                player: "careful".into(),
                sets: sets.iter().map(|s| Sweep::parse(s).unwrap()).collect(),
                fingerprint: String::new(),
                difficulty: None,
                skill: None,
            },
            shard: None,
            cells,
        }
    }

    #[test]
    fn legend_entries_name_what_differs_between_lines() {
        let long = "A scenario with a rather long name";
        let r = report(
            vec![
                cell("a.toml", long, &[("archer.range", 2), ("archer.sight", 8)]),
                cell("a.toml", long, &[("archer.range", 2), ("archer.sight", 10)]),
            ],
            &["archer.range=2", "archer.sight=8,10"],
        );
        let labels: Vec<String> = chart_series(&r).1.into_iter().map(|s| s.label).collect();
        assert_eq!(labels, ["archer.sight=8", "archer.sight=10"]);
        // Two scenarios of the same name: their files tell them apart.
        let r = report(
            vec![
                cell("a.toml", long, &[("archer.range", 2), ("archer.sight", 8)]),
                cell("b.toml", long, &[("archer.range", 2), ("archer.sight", 8)]),
            ],
            &["archer.range=2", "archer.sight=8"],
        );
        let labels: Vec<String> = chart_series(&r).1.into_iter().map(|s| s.label).collect();
        assert_eq!(labels, ["a.toml, archer.sight=8", "b.toml, archer.sight=8"]);
        // Draws are their own share on the chart.
        assert_eq!(chart_series(&r).1[0].draws, [(2.0, 1.0)]);
        assert_eq!(chart_series(&r).1[0].limit, [(2.0, 0.0)]);
        // So is the share lost to the turn limit.
        let mut lost = cell("a.toml", long, &[("archer.range", 3)]);
        lost.tally = Tally {
            battles: 4,
            enemy_wins: 4,
            objectives: [("turn limit".to_string(), 3)].into(),
            ..Tally::default()
        };
        let r = report(vec![lost], &["archer.range=3"]);
        assert_eq!(chart_series(&r).1[0].limit, [(3.0, 0.75)]);
        let png = chart::render("t", "archer.range", &chart_series(&r).1).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
    }
}
