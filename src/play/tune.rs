//! Tuning to a target: the value of one number (a `--set` key over an integer range) whose
//! win rate is nearest a target, found by bisection with sequential sampling — each value
//! tried gets battles in rounds, more only while its interval cannot yet say on which side
//! of the target it lies — and a verdict: reached, knife-edge or out of range.
//!
//! Battle `k` of a value uses [`battle_seed`]`(seed, k)` like a batch row, and the tallies add
//! whole numbers, so the result does not depend on the number of threads.

use crate::ai::Ai;
use crate::ai::player::Player;
use crate::load::data::DataSet;
use crate::load::scenario::Scenario;
use crate::load::set::{SetKey, apply};
use crate::play::batch::{Tally, battle_seed, fight_on, wilson};
use crate::rules::Battle;
use rayon::prelude::*;

/// Battles per value in the first round; each later round doubles the value's battles.
pub const FIRST_ROUND: u64 = 50;

/// What one tuning run is asked.
#[derive(Debug, Clone)]
pub struct Goal {
    /// The win rate to reach, 0 to 1.
    pub target: f64,
    /// How close is close enough, 0 to 1 (`--within` points / 100).
    pub within: f64,
    /// The player.
    pub player: Player,
    /// Turns per battle at most.
    pub turns: u32,
    /// The run's seed.
    pub seed: u64,
    /// Threads (0: one per core).
    pub jobs: usize,
    /// At most this many battles per value tried (a value still in doubt then counts as
    /// close to the target).
    pub max_per_value: u64,
    /// At most this many battles in all.
    pub max_battles: u64,
}

/// One value tried: its battles in each scenario.
#[derive(Debug, Clone)]
pub struct Tried {
    /// The value.
    pub value: i64,
    /// One tally per scenario, in the order given.
    pub tallies: Vec<Tally>,
}

impl Tried {
    /// Battles played, all scenarios together.
    pub fn battles(&self) -> u64 {
        self.tallies.iter().map(|t| t.battles).sum()
    }

    /// The mean of the scenarios' win rates (each plays as many battles).
    pub fn rate(&self) -> f64 {
        let wins: u64 = self.tallies.iter().map(|t| t.player_wins).sum();
        wins as f64 / self.battles().max(1) as f64
    }

    /// The 95% interval of [`Tried::rate`] (Wilson, on the battles of all scenarios).
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.tallies.iter().map(|t| t.player_wins).sum(), self.battles())
    }
}

/// How the search of one key ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// The chosen value's interval lies within target ± within.
    Reached {
        /// The value.
        value: i64,
    },
    /// The target lies between two neighbouring values, neither close enough.
    KnifeEdge {
        /// The value winning more than the target.
        above: i64,
        /// The value winning less.
        below: i64,
    },
    /// Every value wins more (`above`) or less than the target; `widen` is the end of the
    /// range to move (`lo` or `hi`) and `nearest` the value closest to the target.
    OutOfRange {
        /// True when every value wins more than the target.
        above: bool,
        /// The value nearest the target: the end to widen the range beyond.
        nearest: i64,
    },
    /// Close to the target as far as `--max-battles` allowed telling, not proven within it.
    Nearest {
        /// The value.
        value: i64,
    },
}

impl Verdict {
    /// The value the run keeps for this key.
    pub fn chosen(&self, tried: &[Tried], target: f64) -> i64 {
        match *self {
            Verdict::Reached { value } | Verdict::Nearest { value } => value,
            Verdict::OutOfRange { nearest, .. } => nearest,
            Verdict::KnifeEdge { above, below } => {
                let dist = |v: i64| {
                    tried
                        .iter()
                        .find(|t| t.value == v)
                        .map_or(1.0, |t| (t.rate() - target).abs())
                };
                if dist(below) < dist(above) { below } else { above }
            }
        }
    }
}

/// Where a value's interval lies from the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// Within target ± within.
    Close,
    /// Surely above the target (and not close).
    Above,
    /// Surely below.
    Below,
    /// Not known yet.
    Doubt,
}

fn side(t: &Tried, goal: &Goal) -> Side {
    let (lo, hi) = t.interval();
    let eps = 1e-9;
    if lo >= goal.target - goal.within - eps && hi <= goal.target + goal.within + eps {
        Side::Close
    } else if lo > goal.target + eps {
        Side::Above
    } else if hi < goal.target - eps {
        Side::Below
    } else {
        Side::Doubt
    }
}

/// The scenarios to tune, each with its data, as loaded (with any level applied).
pub type Battles = [(Scenario, DataSet)];

/// The search of one key: every value tried, in the order tried, and the verdict.
#[derive(Debug, Clone)]
pub struct Search {
    /// The key.
    pub key: SetKey,
    /// Its range.
    pub lo: i64,
    /// Its range's other end.
    pub hi: i64,
    /// Every value tried, by value.
    pub tried: Vec<Tried>,
    /// The verdict.
    pub verdict: Verdict,
    /// The key's value before the search (as the files have it).
    pub current: Option<i64>,
    /// When the value kept is not the one nearest the target: that one (the best), whose
    /// 95% interval holds the rates of the values tied with it (those proven within the
    /// target too); of those the one nearest [`Search::current`] is kept.
    pub best: Option<i64>,
}

impl Search {
    /// Battles a sweep over the key's whole range would play to give every row a 95%
    /// interval within ± `within` of its rate (`batch --set KEY=LO,...,HI`: every row plays as
    /// many battles as the row that needs most; rates between those tried lie between
    /// theirs), with the number of scenarios averaged.
    pub fn sweep_battles(&self, within: f64, scenarios: usize) -> u64 {
        let rates: Vec<f64> = self.tried.iter().map(Tried::rate).collect();
        let lo = rates.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = rates.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        // A row needs the most battles at the rate nearest one half.
        let worst = if lo.is_finite() { 0.5_f64.clamp(lo, hi) } else { 0.5 };
        let rows = (self.hi - self.lo).unsigned_abs() + 1;
        row_battles(worst, within)
            .saturating_mul(rows)
            .saturating_mul(scenarios as u64)
    }
}

/// Battles a row at win rate `p` needs for its 95% Wilson interval to reach at most `within`
/// (0 to 1) either side of its rate.
///
/// ```
/// // At 50% a ±2-point interval takes about 1.96² × 0.25 / 0.02² ≈ 2,401 battles.
/// assert!((2_390..=2_410).contains(&skirmish::play::tune::row_battles(0.5, 0.02)));
/// ```
pub fn row_battles(p: f64, within: f64) -> u64 {
    let fits = |n: u64| {
        let k = (p * n as f64).round() as u64;
        let (lo, hi) = wilson(k, n);
        let rate = k as f64 / n as f64;
        hi - rate <= within && rate - lo <= within
    };
    // The first n that fits, found by doubling then bisecting (the interval narrows with n;
    // a rounding step may let a smaller n fit, so the answer is close, not exact).
    let mut hi = 1u64;
    while !fits(hi) && hi < 1 << 40 {
        hi *= 2;
    }
    let mut lo = hi / 2;
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) { hi = mid } else { lo = mid }
    }
    hi
}

/// Tunes `key` over `lo..=hi` on `battles` (each value set on top of them); `current` is
/// the key's value as the files have it (among values tied with the best, the nearest to it
/// is kept).
#[expect(
    clippy::too_many_arguments,
    reason = "the key, its range and where it stands are one question; a struct would only rename them"
)]
pub fn search(
    battles: &Battles,
    key: &SetKey,
    lo: i64,
    hi: i64,
    current: Option<i64>,
    goal: &Goal,
    played: &mut u64,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Search, String> {
    let mut tried: Vec<Tried> = Vec::new();
    let settle =
        |tried: &mut Vec<Tried>, value: i64, played: &mut u64| settle(tried, battles, key, goal, tick, value, played);
    let (s_lo, t_lo) = settle(&mut tried, lo, played)?;
    let (s_hi, t_hi) = if hi == lo {
        (s_lo, t_lo.clone())
    } else {
        settle(&mut tried, hi, played)?
    };
    // Which way the rate goes with the value (by the ends' estimates).
    let rising = t_hi.rate() >= t_lo.rate();
    let done = |tried: Vec<Tried>, verdict| Search {
        key: key.clone(),
        lo,
        hi,
        tried: sorted(tried),
        verdict,
        current,
        best: None,
    };
    // The end nearest the target, beyond which to look; when both ends win alike, the
    // upper one (a harder foe's number grows upward as often as not: the verdict says so).
    let nearest_end = |a: &Tried, b: &Tried| {
        if (a.rate() - goal.target).abs() < (b.rate() - goal.target).abs() {
            a.value
        } else {
            b.value
        }
    };
    // Both ends on one side: out of range.
    if s_lo == Side::Above && s_hi == Side::Above {
        let nearest = nearest_end(&t_lo, &t_hi);
        return Ok(done(tried, Verdict::OutOfRange { above: true, nearest }));
    }
    if s_lo == Side::Below && s_hi == Side::Below {
        let nearest = nearest_end(&t_lo, &t_hi);
        return Ok(done(tried, Verdict::OutOfRange { above: false, nearest }));
    }
    // Bisection between `a` (the end winning more) and `b` (the end winning less).
    let (mut a, mut b) = if rising { (hi, lo) } else { (lo, hi) };
    let mut close: Vec<i64> = [(s_lo, lo), (s_hi, hi)]
        .iter()
        .filter(|(s, _)| *s == Side::Close)
        .map(|(_, v)| *v)
        .collect();
    while (a - b).abs() > 1 && *played < goal.max_battles {
        let mid = a.min(b) + (a - b).abs() / 2;
        let (s, _) = settle(&mut tried, mid, played)?;
        match s {
            Side::Above => a = mid,
            Side::Below => b = mid,
            Side::Close | Side::Doubt => {
                if s == Side::Close {
                    close.push(mid);
                }
                // Close or still in doubt after its cap: look on the side of its estimate
                // for a value closer still.
                let t = tried.iter().find(|t| t.value == mid).cloned();
                match t {
                    Some(t) if t.rate() >= goal.target => a = mid,
                    _ => b = mid,
                }
            }
        }
    }
    let rate = |v: i64| tried.iter().find(|t| t.value == v).map_or(f64::NAN, Tried::rate);
    let by_distance = |v: &i64| ((rate(*v) - goal.target).abs() * 1e9) as i64;
    if let Some(&best) = close.iter().min_by_key(|v| (by_distance(v), **v)) {
        // Values proven within the target whose rates lie in the best's interval are tied
        // with it: keep the one nearest the current value (the least change).
        let (blo, bhi) = tried
            .iter()
            .find(|t| t.value == best)
            .map_or((0.0, 1.0), Tried::interval);
        let kept = match current {
            Some(now) => close
                .iter()
                .copied()
                .filter(|v| (blo..=bhi).contains(&rate(*v)))
                .min_by_key(|v| ((v - now).abs(), by_distance(v), *v))
                .unwrap_or(best),
            None => best,
        };
        let mut s = done(tried, Verdict::Reached { value: kept });
        s.best = (kept != best).then_some(best);
        return Ok(s);
    }
    let (sa, sb) = (
        tried.iter().find(|t| t.value == a).map(|t| side(t, goal)),
        tried.iter().find(|t| t.value == b).map(|t| side(t, goal)),
    );
    let verdict = if sa == Some(Side::Above) && sb == Side::Below.into() && (a - b).abs() == 1 {
        Verdict::KnifeEdge { above: a, below: b }
    } else {
        let best = [a, b].into_iter().min_by_key(|v| (by_distance(v), *v)).unwrap_or(a);
        Verdict::Nearest { value: best }
    };
    Ok(done(tried, verdict))
}

/// More battles for `value` until its side of the target is known (or a cap is met).
fn settle(
    tried: &mut Vec<Tried>,
    battles: &Battles,
    key: &SetKey,
    goal: &Goal,
    tick: &(dyn Fn(u64) + Sync),
    value: i64,
    played: &mut u64,
) -> Result<(Side, Tried), String> {
    let at = match tried.iter().position(|t| t.value == value) {
        Some(i) => i,
        None => {
            tried.push(Tried {
                value,
                tallies: vec![Tally::default(); battles.len()],
            });
            tried.len() - 1
        }
    };
    loop {
        let t = &tried[at];
        let s = side(t, goal);
        let per = t.tallies[0].battles;
        if s != Side::Doubt || per >= goal.max_per_value || *played >= goal.max_battles {
            return Ok((s, t.clone()));
        }
        let next = if per == 0 { FIRST_ROUND } else { per * 2 }.min(goal.max_per_value);
        let add = play(battles, key, value, per..next, goal, tick)?;
        *played += add.iter().map(|t| t.battles).sum::<u64>();
        for (mine, more) in tried[at].tallies.iter_mut().zip(&add) {
            mine.add(more);
        }
    }
}

fn sorted(mut tried: Vec<Tried>) -> Vec<Tried> {
    tried.sort_by_key(|t| t.value);
    tried
}

/// Battles `ks` of every scenario with `key = value`: one tally per scenario.
fn play(
    battles: &Battles,
    key: &SetKey,
    value: i64,
    ks: std::ops::Range<u64>,
    goal: &Goal,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Tally>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(goal.jobs)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", goal.jobs))?;
    let mut out = Vec::with_capacity(battles.len());
    for (scenario, data) in battles {
        let (mut s, mut d) = (scenario.clone(), data.clone());
        apply(&mut s, &mut d, key, value).map_err(|e| format!("--vary {}={value}: {e} ({})", key.label(), s.path))?;
        let template = Battle::new(&s, &d);
        let tally = pool.install(|| {
            ks.clone()
                .into_par_iter()
                .map_init(
                    || Ai::new(d.profiles.clone()),
                    |ai, k| {
                        let r = fight_on(ai, template.clone(), goal.turns, goal.player, battle_seed(goal.seed, k))
                            .map(|(t, _)| t)
                            .map_err(|e| (k, e.to_string()));
                        tick(1);
                        r
                    },
                )
                .try_fold(Tally::default, |mut acc, r| {
                    acc.add(&r?);
                    Ok::<Tally, (u64, String)>(acc)
                })
                .try_reduce(Tally::default, |mut a, b| {
                    a.add(&b);
                    Ok(a)
                })
        });
        match tally {
            Ok(t) => out.push(t),
            Err((k, e)) => {
                return Err(format!(
                    "{}: battle {k} (seed {}) with {}={value} stopped: the rules refused a command of the built-in players: {e}",
                    s.path,
                    battle_seed(goal.seed, k),
                    key.label()
                ));
            }
        }
    }
    Ok(out)
}
