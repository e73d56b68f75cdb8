//! A whole campaign without a window (`skirmish campaign FILE --simulate`): every chapter in
//! order with the roster carried over (`skirmish_core::campaign`), player units driven by a
//! built-in policy, a lost chapter tried again from its start with the next seed.

use crate::ai::player::Player;
use crate::io::replay::{ChapterStart, ReplayFile};
use crate::load::campaign::Campaign;
use crate::load::data::DataSet;
use crate::load::diag::Diagnostics;
use crate::load::scenario::Scenario;
use crate::play::simulate;
use crate::rules::{Battle, Event};
use crate::search::grid::Team;
use serde_json::{Value, json};
use skirmish_core::campaign::{Member, Roster};

/// How many times a lost chapter is tried again before the campaign is lost.
pub const RETRIES: u32 = 3;

/// What the headless campaign is asked for.
#[derive(Debug, Clone, Copy)]
pub struct Run {
    /// The player policy and its skill.
    pub player: Player,
    /// The first try's seed; each retry takes the next.
    pub seed: u64,
    /// Turns per battle at most.
    pub turns: u32,
    /// Fallen units stay gone.
    pub permadeath: bool,
    /// Every chapter with chance in combat (`[combat] chance = true` and its
    /// `[chapters.chance_set]`; the chapters' loader applies them, this marks the replays).
    pub chance: bool,
}

/// One chapter as it was played.
#[derive(Debug, Clone)]
pub struct ChapterReport {
    /// Its number, from 1.
    pub number: usize,
    /// Its title (the chapter's own, else the scenario's name).
    pub name: String,
    /// The scenario file as written in the campaign.
    pub scenario: String,
    /// Battles played (1 when won at once).
    pub tries: u32,
    /// The seed of the last try.
    pub seed: u64,
    /// The last try's battle as it ended.
    pub battle: Battle,
    /// Every event of the last try, in order.
    pub events: Vec<Event>,
    /// The roster after the chapter (as before it when the chapter was lost).
    pub roster: Roster,
    /// Player units that fell in the last try.
    pub fallen: Vec<String>,
    /// The battle (its last try) as a replay, with the roster it began with.
    pub replay: ReplayFile,
}

impl ChapterReport {
    /// True when the player won the last try.
    pub fn won(&self) -> bool {
        matches!(self.battle.ended(), Some((Team::Player, _)))
    }

    /// The winner and why, as `simulate` says it ("player", "enemy" or "turn limit").
    pub fn result(&self) -> (&'static str, Option<String>) {
        match self.battle.ended() {
            Some((team, why)) => (team.name(), Some(why.describe(&self.battle))),
            None => ("turn limit", None),
        }
    }

    /// The player units of this chapter still standing, with the roster's numbers.
    pub fn survivors(&self) -> Vec<&Member> {
        self.battle
            .units()
            .iter()
            .filter(|u| u.team() == Team::Player && u.alive())
            .filter_map(|u| self.roster.member(u.name()))
            .collect()
    }
}

/// The whole campaign as played.
#[derive(Debug, Clone)]
pub struct Report {
    /// The campaign's name.
    pub name: String,
    /// Fallen units stayed gone.
    pub permadeath: bool,
    /// Every chapter was played with chance in combat.
    pub chance: bool,
    /// Chapters played, in order (the last one lost when the campaign was lost).
    pub chapters: Vec<ChapterReport>,
    /// The roster at the end.
    pub roster: Roster,
}

/// Plays `campaign`; `load` loads chapter `k`'s scenario and its data (a broken file stops
/// the campaign with its located errors).
pub fn run(
    campaign: &Campaign,
    run: Run,
    mut load: impl FnMut(usize) -> Result<(Scenario, DataSet), Diagnostics>,
) -> Result<Report, Diagnostics> {
    let mut roster = Roster::default();
    let mut chapters = Vec::new();
    for (k, chapter) in campaign.chapters.iter().enumerate() {
        let (scenario, data) = load(k)?;
        let ready = roster.prepare(&scenario, run.permadeath);
        let mut tries = 0;
        let (played, seed) = loop {
            let seed = run.seed.wrapping_add(u64::from(tries));
            tries += 1;
            let played = simulate::run_with(&ready, &data, run.turns, seed, run.player).map_err(|e| {
                Diagnostics::from(campaign.at_chapter(
                    k,
                    format!("chapter {}: the rules refused the policy's command: {e}", k + 1),
                ))
            })?;
            if matches!(played.battle.ended(), Some((Team::Player, _))) || tries > RETRIES {
                break (played, seed);
            }
        };
        let mut replay = crate::io::replay::record(&played.battle, &ready, &data);
        replay.skill = (!run.player.skill.is_expert()).then(|| run.player.skill.name());
        replay.chapter = Some(ChapterStart {
            number: k + 1,
            title: chapter.title.clone(),
            permadeath: run.permadeath,
            roster: roster.clone(),
            set: crate::io::replay::ChapterSet::of(&chapter.numbers(run.chance, scenario.difficulty.as_deref())),
            chance: run.chance,
        });
        let won = matches!(played.battle.ended(), Some((Team::Player, _)));
        if won {
            roster.record(&played.battle, &ready, run.permadeath);
        }
        let fallen = played
            .battle
            .units()
            .iter()
            .filter(|u| u.team() == Team::Player && !u.alive() && !u.reserve())
            .map(|u| u.name().to_string())
            .collect();
        chapters.push(ChapterReport {
            number: k + 1,
            name: chapter.title.clone().unwrap_or_else(|| scenario.name.clone()),
            scenario: chapter.scenario_written.clone(),
            tries,
            seed,
            events: played.turns.iter().flat_map(|t| t.events.iter().cloned()).collect(),
            battle: played.battle,
            roster: roster.clone(),
            fallen,
            replay,
        });
        if !won {
            break;
        }
    }
    Ok(Report {
        name: campaign.name.clone(),
        permadeath: run.permadeath,
        chance: run.chance,
        chapters,
        roster,
    })
}

fn member_json(m: &Member) -> Value {
    json!({
        "name": m.name, "kind": m.kind, "level": m.level, "exp": m.exp,
        "hp": m.stats.hp, "attack": m.stats.attack, "defense": m.stats.defense,
        "fallen": m.fallen,
    })
}

impl Report {
    /// True when every one of the campaign's `total` chapters was won.
    pub fn won(&self, total: usize) -> bool {
        self.chapters.len() == total && self.chapters.iter().all(ChapterReport::won)
    }

    /// `{"campaign", "permadeath", ("chance": true,) "chapters": [{"chapter", "scenario", "name", "result",
    /// "why", "tries", "seed", "survivors", "fallen", "experience"}], "result", "roster"}`.
    pub fn to_json(&self, total: usize) -> Value {
        let chapters: Vec<Value> = self
            .chapters
            .iter()
            .map(|c| {
                let (result, why) = c.result();
                let b = &c.battle;
                let grew: Vec<Value> = c
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::Gained { .. } | Event::LevelUp { .. }))
                    .map(|e| json!(e.to_json(b)))
                    .collect();
                json!({
                    "chapter": c.number,
                    "scenario": c.scenario,
                    "name": c.name,
                    "result": result,
                    "why": why,
                    "tries": c.tries,
                    "seed": c.seed,
                    "survivors": c.survivors().into_iter().map(member_json).collect::<Vec<_>>(),
                    "fallen": c.fallen,
                    "experience": grew,
                })
            })
            .collect();
        let mut v = json!({
            "campaign": self.name,
            "permadeath": self.permadeath,
            "chapters": chapters,
            "result": if self.won(total) { "won" } else { "lost" },
            "roster": self.roster.members.iter().map(member_json).collect::<Vec<_>>(),
        });
        // Only when on, so the output without chance stays as it was.
        if self.chance {
            v["chance"] = json!(true);
        }
        v
    }

    /// The campaign told chapter by chapter, for a terminal.
    pub fn to_text(&self, total: usize) -> String {
        let mut s = format!(
            "{} ({}{})\n",
            self.name,
            if self.permadeath { "permadeath" } else { "casual" },
            if self.chance { ", chance in combat" } else { "" }
        );
        for c in &self.chapters {
            let (result, why) = c.result();
            let verdict = match result {
                "player" => "won",
                "enemy" => "lost",
                other => other,
            };
            let tries = if c.tries == 1 {
                "1 try".to_string()
            } else {
                format!("{} tries", c.tries)
            };
            s += &format!(
                "Chapter {}: {} ({}) — {verdict} after {tries}{}\n",
                c.number,
                c.name,
                c.scenario,
                why.map(|w| format!(": {w}")).unwrap_or_default()
            );
            for m in c.survivors() {
                s += &format!(
                    "  {:<10} level {:>2}, exp {:>2}/100, hp {}, attack {}, defense {}\n",
                    m.name, m.level, m.exp, m.stats.hp, m.stats.attack, m.stats.defense
                );
            }
            if !c.fallen.is_empty() {
                let gone = if self.permadeath {
                    "fallen for good"
                } else {
                    "fallen (back next chapter)"
                };
                s += &format!("  {gone}: {}\n", c.fallen.join(", "));
            }
        }
        s += &if self.won(total) {
            format!("campaign: won ({total} chapters)\n")
        } else {
            let last = self.chapters.last().map_or(0, |c| c.number);
            format!("campaign: lost at chapter {last} of {total}\n")
        };
        s
    }
}

/// Many campaigns played at one level and skill: how many were won, and where the others
/// ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Many {
    /// Campaigns played.
    pub campaigns: u64,
    /// Campaigns won (every chapter).
    pub won: u64,
    /// Per chapter (from the first): campaigns that reached it.
    pub reached: Vec<u64>,
    /// Per chapter: campaigns lost there (it was the last one reached and it was lost).
    pub lost: Vec<u64>,
}

impl Many {
    /// The share of campaigns won and its 95% interval.
    pub fn won_rate(&self) -> (f64, (f64, f64)) {
        let n = self.campaigns.max(1) as f64;
        (
            self.won as f64 / n,
            crate::play::batch::wilson(self.won, self.campaigns),
        )
    }

    /// The chapter (from 1) that ends most of the lost campaigns (the earliest on a tie);
    /// `None` when none was lost.
    pub fn ends_most(&self) -> Option<usize> {
        let most = *self.lost.iter().max()?;
        (most > 0).then(|| self.lost.iter().position(|&l| l == most).map_or(0, |i| i + 1))
    }
}

/// Plays `n` campaigns: campaign i starts with seed `run.seed + i` (each chapter's retries take
/// the next seeds, as one campaign does); `chapters` are the chapters' scenarios as loaded
/// (at the level asked). The counts do not depend on `jobs` (threads).
pub fn many(
    campaign: &Campaign,
    chapters: &[(Scenario, DataSet)],
    run_with: Run,
    n: u64,
    jobs: usize,
) -> Result<Many, Diagnostics> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build().map_err(|e| {
        Diagnostics::from(crate::load::diag::Diagnostic::whole_file(
            std::path::Path::new(&campaign.path),
            format!("cannot start {jobs} threads: {e}"),
        ))
    })?;
    let total = campaign.chapters.len();
    let empty = Many {
        campaigns: 0,
        won: 0,
        reached: vec![0; total],
        lost: vec![0; total],
    };
    pool.install(|| {
        (0..n)
            .into_par_iter()
            .map(|i| {
                let r = Run {
                    seed: run_with.seed.wrapping_add(i),
                    ..run_with
                };
                let report = run(campaign, r, |k| Ok(chapters[k].clone()))?;
                let mut one = empty.clone();
                one.campaigns = 1;
                for c in &report.chapters {
                    one.reached[c.number - 1] += 1;
                }
                if report.won(total) {
                    one.won = 1;
                } else if let Some(last) = report.chapters.last() {
                    one.lost[last.number - 1] += 1;
                }
                Ok(one)
            })
            .try_reduce(
                || empty.clone(),
                |mut a, b| {
                    a.campaigns += b.campaigns;
                    a.won += b.won;
                    for k in 0..total {
                        a.reached[k] += b.reached[k];
                        a.lost[k] += b.lost[k];
                    }
                    Ok(a)
                },
            )
    })
}
