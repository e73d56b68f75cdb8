//! What balance runs count: per cell, battles won and lost, by which objective, turns, losses
//! and per enemy profile — whole numbers only, so that tallies of slices add up to the
//! tally of the whole — and the rates and intervals read from them.

use super::*;

/// Damage and survival of one enemy profile, added up over battles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfileTally {
    /// Units of this profile that started a battle.
    pub units: u64,
    /// Of those, how many were standing at the end.
    pub survived: u64,
    /// Hit points they took from player units.
    pub damage_dealt: u64,
    /// Hit points player units took from them.
    pub damage_taken: u64,
}

impl ProfileTally {
    fn add(&mut self, o: &ProfileTally) {
        self.units += o.units;
        self.survived += o.survived;
        self.damage_dealt += o.damage_dealt;
        self.damage_taken += o.damage_taken;
    }
}

/// Everything counted for one cell: whole numbers only, so that tallies of slices add up
/// to exactly the tally of the whole.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Battles played.
    pub battles: u64,
    /// Won by the player.
    pub player_wins: u64,
    /// Won by the enemy.
    pub enemy_wins: u64,
    /// Stopped at the turn limit.
    pub draws: u64,
    /// Turns played, added up.
    pub turns_total: u64,
    /// How many battles lasted each number of turns.
    pub turn_counts: BTreeMap<u32, u64>,
    /// Player units defeated, added up.
    pub player_units_lost: u64,
    /// Per enemy profile, by name.
    pub profiles: BTreeMap<String, ProfileTally>,
    /// Battles decided by an objective of the scenario (seized, boss, survived, turn limit,
    /// protected unit, held cell), by [`objective_name`]; the endings every scenario has
    /// (rout, the hero or every player unit fell) are not listed.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub objectives: BTreeMap<String, u64>,
    /// Battles by how they ended, every ending (see [`ending_name`]): `won: seized (34, 15)`,
    /// `lost: Kiny fell`, `lost: turn limit 9`, `unfinished` (stopped at `--turns`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub endings: BTreeMap<String, u64>,
    /// Under chance in combat only (`None` without): battles lost with a miss or a critical
    /// in their last two turns, the battles that turned on a roll ([`lost_by_luck`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<u64>,
}

/// True for a battle the enemy won with a miss or a critical among its blows of the last two
/// turns (the turn it ended and the one before): `rolls` are the turns of its misses and
/// criticals, `last` the turn it ended on.
///
/// ```
/// use skirmish::play::batch::lost_by_luck;
/// assert!(lost_by_luck(true, &[2, 7], 8));
/// assert!(!lost_by_luck(true, &[2, 5], 8));
/// assert!(!lost_by_luck(false, &[8], 8));
/// ```
pub fn lost_by_luck(lost: bool, rolls: &[u32], last: u32) -> bool {
    lost && rolls.iter().any(|&t| t + 1 >= last)
}

/// How a battle ended, as a batch report counts it: `won: ` or `lost: ` and the ending's words
/// (`every enemy was defeated`, `Kiny fell`, `turn limit 9`, `an enemy took (21, 9)`), or
/// `unfinished` for a battle stopped at the run's `--turns`.
pub fn ending_name(b: &crate::rules::Battle) -> String {
    match b.ended() {
        Some((crate::search::grid::Team::Player, why)) => format!("won: {}", why.describe(b)),
        Some((_, why)) => format!("lost: {}", why.describe(b)),
        None => UNFINISHED.to_string(),
    }
}

/// The ending of a battle stopped at the run's `--turns`.
pub const UNFINISHED: &str = "unfinished";

/// The name a batch report gives an ending decided by an objective, or `None` for the
/// endings of every scenario (rout; the hero, or every player unit, fell).
pub fn objective_name(b: &crate::rules::Battle, why: &crate::rules::Ending) -> Option<&'static str> {
    use crate::rules::Ending;
    match why {
        Ending::EnemiesDefeated | Ending::PlayersFell => None,
        Ending::HeroFell(u) if b.hero() == Some(*u) => None,
        Ending::HeroFell(_) => Some("protected unit fell"),
        Ending::BossFell(_) => Some("boss fell"),
        Ending::Seized { .. } => Some("seized"),
        Ending::Survived(_) => Some("survived"),
        Ending::TurnLimit(_) => Some("turn limit"),
        Ending::HoldTaken { .. } => Some("hold taken"),
        // `Ending` is non-exhaustive: an ending added to the core counts as "other objective"
        // until it gets a name here.
        _ => Some("other objective"),
    }
}

impl Tally {
    /// Adds another tally of the same cell.
    pub fn add(&mut self, o: &Tally) {
        self.battles += o.battles;
        self.player_wins += o.player_wins;
        self.enemy_wins += o.enemy_wins;
        self.draws += o.draws;
        self.turns_total += o.turns_total;
        for (t, n) in &o.turn_counts {
            *self.turn_counts.entry(*t).or_default() += n;
        }
        self.player_units_lost += o.player_units_lost;
        for (p, t) in &o.profiles {
            self.profiles.entry(p.clone()).or_default().add(t);
        }
        for (k, n) in &o.objectives {
            *self.objectives.entry(k.clone()).or_default() += n;
        }
        for (k, n) in &o.endings {
            *self.endings.entry(k.clone()).or_default() += n;
        }
        if let Some(n) = o.luck {
            self.luck = Some(self.luck.unwrap_or(0) + n);
        }
    }

    /// Player win rate.
    pub fn win_rate(&self) -> f64 {
        ratio(self.player_wins, self.battles)
    }

    /// The 95% Wilson score interval of the win rate.
    pub fn win_interval(&self) -> (f64, f64) {
        wilson(self.player_wins, self.battles)
    }

    /// Mean turns per battle.
    pub fn mean_turns(&self) -> f64 {
        ratio(self.turns_total, self.battles)
    }

    /// Median turns per battle (the mean of the two middle battles for an even count).
    pub fn median_turns(&self) -> f64 {
        let n = self.battles;
        if n == 0 {
            return 0.0;
        }
        let nth = |i: u64| {
            let mut seen = 0;
            for (&t, &c) in &self.turn_counts {
                seen += c;
                if seen > i {
                    return t as f64;
                }
            }
            0.0
        };
        if n % 2 == 1 {
            nth(n / 2)
        } else {
            (nth(n / 2 - 1) + nth(n / 2)) / 2.0
        }
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// The 95% Wilson score interval for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (n as f64, k as f64 / n as f64);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
