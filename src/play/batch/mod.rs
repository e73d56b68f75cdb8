//! Balance runs: many headless battles per scenario and per swept profile value, counted
//! into tallies that add up exactly, so that slices of the work run anywhere (other cores,
//! other machines) combine into the same report as one run.
//!
//! The work is a list of *cells* (scenario × one value of every `--set` sweep), each played
//! `runs` times; battle `k` of every cell uses [`battle_seed`]`(seed, k)`, so neither the
//! number of threads nor the slicing changes any battle.

use crate::ai::{Ai, player::Player};
use crate::load::data::DataSet;
use crate::load::scenario::Scenario;
use crate::play::enemy::{EnemyPhase, act};
use crate::rng::Rng;
use crate::rules::{Battle, Command, Event, RuleError};
use crate::search::grid::Team;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod sweep;
mod tally;
pub use sweep::*;
pub use tally::*;

/// One value of a sweep, as a cell shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setting {
    /// `profile.key`.
    pub param: String,
    /// Its value in this cell.
    pub value: i64,
}

/// A scenario with its profiles set for one point of the sweep grid.
#[derive(Debug, Clone)]
pub struct Cell {
    /// The scenario's name.
    pub scenario: String,
    /// Its file, or `generated:SEED`.
    pub file: String,
    /// The sweep values of this cell, one per `--set`, in the order given.
    pub settings: Vec<Setting>,
    /// The scenario.
    pub battle_scenario: Scenario,
    /// Its data with the profiles set.
    pub data: DataSet,
}

/// The cells of `scenarios` × the sweep grid, scenario by scenario.
pub fn cells(scenarios: &[(String, Scenario, DataSet)], sweeps: &[Sweep]) -> Result<Vec<Cell>, String> {
    let points = grid(sweeps);
    let mut out = Vec::with_capacity(scenarios.len() * points.len());
    for (file, scenario, data) in scenarios {
        for pt in &points {
            let mut d = data.clone();
            let mut sc = scenario.clone();
            for &(s, v) in pt {
                let sw = &sweeps[s];
                let key = sw.set_key();
                let whose = match key.owner {
                    crate::load::set::Owner::Profile(_) => "profiles",
                    crate::load::set::Owner::Unit(_) => "units",
                    crate::load::set::Owner::Kind(_) => "unit kinds",
                };
                crate::load::set::apply(&mut sc, &mut d, &key, v)
                    .map_err(|e| format!("--set {}={v}: {e} ({whose} of {})", sw.label(), file))?;
            }
            out.push(Cell {
                scenario: scenario.name.clone(),
                file: file.clone(),
                settings: pt
                    .iter()
                    .map(|&(s, v)| Setting {
                        param: sweeps[s].label(),
                        value: v,
                    })
                    .collect(),
                battle_scenario: sc,
                data: d,
            });
        }
    }
    Ok(out)
}

/// The seed of battle `k` of every cell: a function of the run's seed and `k` only.
pub fn battle_seed(seed: u64, k: u64) -> u64 {
    Rng::new(seed ^ k.wrapping_mul(0xA076_1D64_78BD_642F)).next_u64()
}

/// Plays one battle of `cell` with `seed` and counts it.
pub fn fight(cell: &Cell, max_turns: u32, policy: impl Into<Player>, seed: u64) -> Result<Tally, RuleError> {
    fight_battle(cell, max_turns, policy, seed).map(|(t, _)| t)
}

/// [`fight`], also returning the battle as it ended (its record is the player's commands).
pub fn fight_battle(
    cell: &Cell,
    max_turns: u32,
    policy: impl Into<Player>,
    seed: u64,
) -> Result<(Tally, Battle), RuleError> {
    let mut ai = Ai::new(cell.data.profiles.clone());
    fight_on(
        &mut ai,
        Battle::new(&cell.battle_scenario, &cell.data),
        max_turns,
        policy,
        seed,
    )
}

/// Plays battle `b` (a cell's battle at its start) to its end with `ai` (the cell's
/// profiles) and counts it. One `ai` may play many battles of the same cell: its
/// travel-cost maps stay valid for every copy of the same battle.
pub fn fight_on(
    ai: &mut Ai,
    b: Battle,
    max_turns: u32,
    policy: impl Into<Player>,
    seed: u64,
) -> Result<(Tally, Battle), RuleError> {
    let policy: Player = policy.into();
    // Under chance the battle's rolls come from the battle's seed too.
    let mut b = b.with_seed(seed);
    let mut events: Vec<Event> = Vec::new();
    // The turns of the misses and criticals (chance in combat), for "lost by luck".
    let mut luck_turns: Vec<u32> = Vec::new();
    let mut note_luck = |events: &[Event], turn: u32| {
        let turned = |e: &Event| matches!(e, Event::Rolled { result, .. } if *result != crate::rules::Roll::Hit);
        if events.iter().any(turned) {
            luck_turns.push(turn);
        }
    };
    while b.ended().is_none() && b.turn() <= max_turns {
        let players: Vec<_> = b.ready(Team::Player).collect();
        for id in players {
            if !b.unit(id).alive() || b.ended().is_some() {
                continue;
            }
            let d = ai.decide_player(&b, id, policy, seed);
            let mut t = act(&mut b, d)?;
            // A canto unit's second move, as `simulate` makes it.
            if b.ended().is_none()
                && let Some(second) = crate::ai::canto::canto_move(&b, ai.caches(), id)
            {
                t.events.extend(b.execute(second)?);
            }
            note_luck(&t.events, b.turn());
            events.extend(t.events);
        }
        if b.ended().is_none() {
            b.execute(Command::EndPhase { team: Team::Player })?;
            let turn = b.turn();
            let phase = EnemyPhase::run(ai, &mut b)?;
            for t in &phase.turns {
                note_luck(&t.events, turn);
            }
            events.extend(phase.turns.into_iter().flat_map(|t| t.events));
        }
    }
    let mut t = Tally {
        battles: 1,
        ..Tally::default()
    };
    match b.ended() {
        Some((Team::Player, _)) => t.player_wins = 1,
        Some((Team::Enemy, _)) => t.enemy_wins = 1,
        None => t.draws = 1,
    }
    if let Some(name) = b.ended().and_then(|(_, why)| objective_name(&b, &why)) {
        t.objectives.insert(name.to_string(), 1);
    }
    t.endings.insert(ending_name(&b), 1);
    if b.combat().chance {
        let lost = matches!(b.ended(), Some((Team::Enemy, _)));
        t.luck = Some(u64::from(lost_by_luck(lost, &luck_turns, b.turn())));
    }
    // A battle decided in the player's phase of turn T lasted T turns; one stopped at the
    // limit lasted `max_turns`.
    let turns = b.turn().min(max_turns);
    t.turns_total = turns as u64;
    t.turn_counts.insert(turns, 1);
    let profile_of = |u: crate::rules::UnitId| b.unit(u).profile().unwrap_or_default().to_string();
    for u in b.units() {
        match u.team() {
            Team::Player => t.player_units_lost += !u.alive() as u64,
            Team::Enemy => {
                let p = t
                    .profiles
                    .entry(u.profile().unwrap_or_default().to_string())
                    .or_default();
                p.units += 1;
                p.survived += u.alive() as u64;
            }
        }
    }
    for e in &events {
        if let Event::Struck {
            attacker,
            defender,
            hp_before,
            hp_left,
            ..
        } = e
        {
            let lost = (hp_before - hp_left).max(0) as u64;
            if b.unit(*attacker).team() == Team::Enemy {
                t.profiles.entry(profile_of(*attacker)).or_default().damage_dealt += lost;
            } else {
                t.profiles.entry(profile_of(*defender)).or_default().damage_taken += lost;
            }
        }
    }
    Ok((t, b))
}

/// Which battles `--keep` writes replays of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeepWhen {
    /// Battles the enemy won (the default).
    Loss,
    /// Battles the player won.
    Win,
    /// Battles stopped at the turn limit.
    Draw,
    /// Every battle.
    All,
}

impl KeepWhen {
    /// The names `--keep-when` takes.
    pub const NAMES: &'static str = "loss, win, draw, all";

    /// Reads a `--keep-when` value.
    pub fn parse(s: &str) -> Option<KeepWhen> {
        match s {
            "loss" => Some(KeepWhen::Loss),
            "win" => Some(KeepWhen::Win),
            "draw" => Some(KeepWhen::Draw),
            "all" => Some(KeepWhen::All),
            _ => None,
        }
    }

    /// Whether the battle counted in `t` (one battle) is one to keep.
    pub fn wants(self, t: &Tally) -> bool {
        match self {
            KeepWhen::Loss => t.enemy_wins > 0,
            KeepWhen::Win => t.player_wins > 0,
            KeepWhen::Draw => t.draws > 0,
            KeepWhen::All => true,
        }
    }
}

/// Which battles to keep: those `when` wants, the first `max` of each cell by battle number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keep {
    /// Which outcome.
    pub when: KeepWhen,
    /// At most this many per cell.
    pub max: usize,
}

/// What [`run`] counted for one cell: its tally and the battle numbers `k` to keep, sorted.
#[derive(Debug, Clone, Default)]
pub struct Counted {
    /// The cell's tally.
    pub tally: Tally,
    /// Battles to keep (numbers `k`, the seed being [`battle_seed`]`(seed, k)`).
    pub kept: Vec<u64>,
}

impl Counted {
    /// Adds `o`, keeping the `max` lowest battle numbers: the same whatever the order of adds.
    fn add(mut self, o: Counted, max: usize) -> Counted {
        self.tally.add(&o.tally);
        self.kept.extend(o.kept);
        self.kept.sort_unstable();
        self.kept.truncate(max);
        self
    }
}

/// The part of the work one process does: items `first..end` of `cells × runs`, item
/// `c * runs + k` being battle `k` of cell `c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slice {
    /// Which slice, from 1.
    pub index: u64,
    /// Of how many.
    pub count: u64,
}

impl Slice {
    /// The whole work.
    pub const WHOLE: Slice = Slice { index: 1, count: 1 };

    /// Reads `I/N` (1 ≤ I ≤ N).
    pub fn parse(s: &str) -> Result<Slice, String> {
        let bad = || format!("--shard {s}: expected I/N with 1 <= I <= N, such as 2/8");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (u64, u64) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Slice { index, count })
    }

    /// The items of this slice out of `total`: equal slices, the remainder spread evenly.
    pub fn items(self, total: u64) -> std::ops::Range<u64> {
        let at = |i: u64| (total as u128 * i as u128 / self.count as u128) as u64;
        at(self.index - 1)..at(self.index)
    }
}

/// Plays the items of `slice` on `jobs` threads (0: one per core), calling `tick` after
/// every battle. Returns one tally per cell (cells outside the slice have zero battles) and
/// is the same whatever `jobs` is.
#[expect(
    clippy::too_many_arguments,
    reason = "each is one command-line option; a struct would only rename them"
)]
pub fn run(
    cells: &[Cell],
    runs: u64,
    seed: u64,
    max_turns: u32,
    policy: impl Into<Player>,
    slice: Slice,
    jobs: usize,
    keep: Option<Keep>,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<Counted>, String> {
    let policy: Player = policy.into();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("cannot start {jobs} threads: {e}"))?;
    let items = slice.items(cells.len() as u64 * runs);
    let mut out = vec![Counted::default(); cells.len()];
    let max = keep.map_or(0, |k| k.max);
    for (c, cell) in cells.iter().enumerate() {
        let lo = items.start.max(c as u64 * runs);
        let hi = items.end.min((c as u64 + 1) * runs);
        if lo >= hi {
            continue;
        }
        // Results are folded as they come, so memory stays the same for any number of
        // battles; tallies add whole numbers and the kept battles are the lowest numbers,
        // so the order of the folds (the number of threads) changes nothing.
        let first = c as u64 * runs;
        // Every battle of the cell starts as a copy of this one, and each thread keeps one AI
        // for the cell, so travel-cost maps computed in one battle serve the next.
        let template = Battle::new(&cell.battle_scenario, &cell.data);
        let folded: Result<Counted, (u64, RuleError)> = pool.install(|| {
            (lo..hi)
                .into_par_iter()
                .map_init(
                    || Ai::new(cell.data.profiles.clone()),
                    |ai, item| {
                        let k = item - first;
                        let r = fight_on(ai, template.clone(), max_turns, policy, battle_seed(seed, k))
                            .map(|(tally, _)| {
                                let kept = if keep.is_some_and(|w| w.max > 0 && w.when.wants(&tally)) {
                                    vec![k]
                                } else {
                                    Vec::new()
                                };
                                Counted { tally, kept }
                            })
                            .map_err(|e| (item, e));
                        tick();
                        r
                    },
                )
                .try_fold(Counted::default, |acc, r| Ok(acc.add(r?, max)))
                .reduce(
                    || Ok(Counted::default()),
                    |a: Result<Counted, (u64, RuleError)>, b| match (a, b) {
                        (Ok(x), Ok(y)) => Ok(x.add(y, max)),
                        (Err(e), Err(f)) => Err(if e.0 <= f.0 { e } else { f }),
                        (Err(e), _) | (_, Err(e)) => Err(e),
                    },
                )
        });
        match folded {
            Ok(t) => out[c] = t,
            Err((item, e)) => {
                let k = item - first;
                return Err(format!(
                    "{}: battle {k} (seed {}) stopped: the rules refused a command of the built-in players: {e}",
                    cell.file,
                    battle_seed(seed, k)
                ));
            }
        }
    }
    Ok(out)
}
