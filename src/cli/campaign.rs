//! `skirmish campaign FILE`: a campaign headless (`--simulate`, or `--simulate --runs N` for
//! its balance: many campaigns per level and skill) or in the game.

use super::{fail, ok, scenario_data_dir, usage};
use crate::ai::player::{Player, Skill};
use crate::cli::Outcome;
use crate::load::campaign::{self, Campaign};
use crate::load::data::DataSet;
use crate::load::diag::Diagnostics;
use crate::load::scenario::Scenario;
use crate::play::campaign::{Many, RETRIES, Run, many, run};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// What `skirmish campaign` was asked for.
pub(super) struct CampaignRun<'a> {
    /// `--simulate`: headless.
    pub simulate: bool,
    /// `--player` with its `--skill`.
    pub player: Player,
    /// `--seed`.
    pub seed: u64,
    /// `--turns`.
    pub turns: u32,
    /// `--casual`: no permadeath.
    pub casual: bool,
    /// `--json`.
    pub as_json: bool,
    /// `--difficulty`: every chapter at this level.
    pub level: Option<&'a str>,
    /// `--replays DIR`: each chapter's replay written there.
    pub replays: Option<&'a Path>,
    /// `--runs N`: N campaigns per level and skill, for their balance.
    pub runs: Option<u64>,
    /// `--jobs J` with `--runs`: threads.
    pub jobs: Option<usize>,
    /// With `--runs`: every skill asked (`--skill S,S...`), the player's first.
    pub skills: Vec<Skill>,
    /// `--chance`: every chapter with chance in combat.
    pub chance: bool,
}

/// Chapter `k` of `c` as the campaign plays it at `level` (else its own level), with chance
/// in combat when `chance`.
fn chapter(
    c: &Campaign,
    k: usize,
    data_override: Option<PathBuf>,
    level: Option<&str>,
    chance: bool,
) -> Result<(Scenario, DataSet), Diagnostics> {
    let (dir, _) = scenario_data_dir(&c.chapters[k].scenario, data_override);
    let data = crate::load::data::load(&dir)?;
    campaign::load_chapter(c, k, data, level, chance)
}

pub(super) fn campaign_cmd(file: &Path, data_override: Option<PathBuf>, r: &CampaignRun<'_>) -> Outcome {
    let c = match campaign::load(file) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    if !r.simulate {
        return usage(format!(
            "skirmish campaign {}: add --simulate to play it headless; in the game, start it from the title screen (skirmish)\n",
            file.display()
        ));
    }
    let settings = Run {
        player: r.player,
        seed: r.seed,
        turns: r.turns,
        permadeath: c.permadeath && !r.casual,
        chance: r.chance,
    };
    if let Some(n) = r.runs {
        return balance(&c, data_override, r, settings, n);
    }
    let report = run(&c, settings, |k| {
        chapter(&c, k, data_override.clone(), r.level, r.chance)
    });
    if let (Ok(report), Some(dir)) = (&report, r.replays) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return fail(
                crate::load::diag::Diagnostic::whole_file(dir, format!("cannot create the folder: {e}")).into(),
            );
        }
        for c in &report.chapters {
            let file = dir.join(format!("chapter-{}.replay", c.number));
            if let Err(e) = crate::io::replay::write(&file, &c.replay) {
                return fail(e.into());
            }
        }
    }
    match report {
        Ok(report) if r.as_json => ok(format!("{}\n", report.to_json(c.chapters.len()))),
        Ok(report) => ok(report.to_text(c.chapters.len())),
        Err(e) => fail(e),
    }
}

/// `--runs N`: N campaigns per level (each of `--difficulty A,B,...`, else the chapters' own)
/// and per skill, as a table or JSON.
fn balance(c: &Campaign, data_override: Option<PathBuf>, r: &CampaignRun<'_>, settings: Run, n: u64) -> Outcome {
    let levels: Vec<Option<&str>> = match r.level {
        Some(l) => l.split(',').map(|x| Some(x.trim())).collect(),
        None => vec![None],
    };
    let jobs = r.jobs.unwrap_or_else(rayon::current_num_threads).max(1);
    let mut rows: Vec<(Option<&str>, Skill, Many)> = Vec::new();
    for level in &levels {
        let loaded: Result<Vec<_>, Diagnostics> = (0..c.chapters.len())
            .map(|k| chapter(c, k, data_override.clone(), *level, r.chance))
            .collect();
        let loaded = match loaded {
            Ok(l) => l,
            Err(e) => return fail(e),
        };
        for &skill in &r.skills {
            let settings = Run {
                player: Player {
                    skill,
                    ..settings.player
                },
                ..settings
            };
            match many(c, &loaded, settings, n, jobs) {
                Ok(m) => rows.push((*level, skill, m)),
                Err(e) => return fail(e),
            }
        }
    }
    let titles: Vec<String> = c
        .chapters
        .iter()
        .map(|ch| ch.title.clone().unwrap_or_else(|| ch.scenario_written.clone()))
        .collect();
    let level_name = |l: Option<&str>| l.map_or("as chapters say".to_string(), str::to_string);
    if r.as_json {
        let rows: Vec<Value> = rows
            .iter()
            .map(|(level, skill, m)| {
                let (rate, (lo, hi)) = m.won_rate();
                json!({
                    "level": level,
                    "skill": skill.name(),
                    "campaigns": m.campaigns,
                    "won": m.won,
                    "won_rate": super::batch::round4(rate),
                    "won_rate_95": [super::batch::round4(lo), super::batch::round4(hi)],
                    "chapters": (0..titles.len()).map(|k| json!({
                        "chapter": k + 1,
                        "title": titles[k],
                        "reached": m.reached[k],
                        "lost": m.lost[k],
                        "loss_share": super::batch::round4(if m.reached[k] == 0 { 0.0 } else { m.lost[k] as f64 / m.reached[k] as f64 }),
                    })).collect::<Vec<_>>(),
                    "ends_most": m.ends_most(),
                })
            })
            .collect();
        let mut v = json!({
            "campaign": c.name,
            "campaigns": n,
            "seeds": [settings.seed, settings.seed.wrapping_add(n.saturating_sub(1))],
            "player": settings.player.policy.name(),
            "permadeath": settings.permadeath,
            "turns": settings.turns,
            "retries": RETRIES,
            "rows": rows,
        });
        // Only when on, so the output without chance stays as it was.
        if r.chance {
            v["chance"] = json!(true);
        }
        return ok(format!("{v}\n"));
    }
    let mut out = format!(
        "{}: {n} campaigns per row (seeds {} to {}), {} player, {}{}, at most {} turns, {RETRIES} retries per chapter\n",
        c.name,
        settings.seed,
        settings.seed.wrapping_add(n.saturating_sub(1)),
        settings.player.policy.name(),
        if settings.permadeath { "permadeath" } else { "casual" },
        if settings.chance { ", chance in combat" } else { "" },
        settings.turns,
    );
    out += &format!(
        "chapters: {}\n",
        titles
            .iter()
            .enumerate()
            .map(|(k, t)| format!("{} {t}", k + 1))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut head: Vec<String> = vec!["level".into(), "skill".into(), "won".into(), "95% interval".into()];
    head.extend((1..=titles.len()).map(|k| format!("lost at {k}")));
    head.push("ends most".into());
    let mut table = vec![head];
    for (level, skill, m) in &rows {
        let (rate, (lo, hi)) = m.won_rate();
        let mut row = vec![
            level_name(*level),
            skill.name(),
            super::batch::pct_of(rate),
            format!("{:.1}–{:.1}%", lo * 100.0, hi * 100.0),
        ];
        row.extend((0..titles.len()).map(|k| format!("{}/{}", m.lost[k], m.reached[k])));
        row.push(m.ends_most().map_or("-".into(), |k| format!("chapter {k}")));
        table.push(row);
    }
    out += &super::batch::table(&table);
    out += "lost at K: campaigns lost at chapter K / campaigns that reached it\n";
    ok(out)
}
