//! The built-in player policy that headless battles (whole simulated battles, balance
//! runs) use for the player's units:
//! seize a cell to seize when one is reachable; if some enemy can be attacked from a
//! reachable cell, go there and attack, preferring a kill, then the weakest enemy left, then
//! the least counter-damage, then the shorter walk; otherwise stand on or head for what the
//! objective asks (a cell to seize or hold, the boss), else approach the nearest enemy by
//! travel cost, like a charger. Beside it the careful
//! policy ([`decide_careful`]) that balance runs measure against; [`Policy`] picks one.

use super::{Decision, Method, Reason, Why, danger, decide_as};
use crate::ai::reason::Heading;
use crate::model::profiles::{Behavior, Profiles};
use crate::rules::{Battle, Caches, UnitId, combat};
use crate::search::grid::{Cost, Pos};
use crate::search::nearest::MAX_NEAREST_TARGETS;
use crate::search::potential::UNREACHABLE;

/// A well-mixed number from the seed and a candidate, so that equally good choices are
/// broken differently by different seeds but always the same way for one seed.
fn jitter(seed: u64, p: Pos, e: UnitId) -> u64 {
    crate::rng::Rng::new(seed ^ ((p.x as u64) << 40) ^ ((p.y as u64) << 20) ^ e.0 as u64).next_u64()
}

/// The policy's decision for player unit `id`; `seed` breaks ties between equal choices.
///
/// The scenario's objective comes first: a seizer that can reach a cell to seize ends its
/// action there (the battle is won); then the best attack; then a cell to hold that no
/// player unit stands on, by the player unit nearest it (one cell per unit), is stood on
/// when reachable; otherwise the unit heads for the nearest cell to seize, the boss or its
/// cell to hold (the reachable cell with the lowest travel cost to it), and only with none
/// of those for the nearest enemy, like a charger.
pub fn decide(b: &Battle, c: &mut Caches, id: UnitId, seed: u64) -> Decision {
    let me = b.unit(id);
    let cells = reachable(b, c, id);
    // Every unheld cell to hold counts as threatened: the simple policy does not weigh danger.
    let aim = Aim::of(b, id).with_guard(b, c, id, |_| true);
    let by_cost = |a: &&(Pos, Cost), z: &&(Pos, Cost)| (a.1, a.0.y, a.0.x).cmp(&(z.1, z.0.y, z.0.x));
    if let Some(&(to, cost)) = cells.iter().filter(|(p, _)| aim.seize.contains(p)).min_by(by_cost) {
        return chosen(b, c, id, (to, cost), None, None, Reason::just(Why::Seizes { cell: to }));
    }
    // Ordered by (survives, hp left, counter damage taken, walk cost, seeded tie-break).
    type Key = (bool, i32, i32, u32, u64);
    let mut best: Option<(Key, usize, UnitId)> = None;
    for (k, (p, cost)) in cells.iter().enumerate() {
        for e in b.living(me.team.other()) {
            let foe = b.unit(e);
            let d = p.manhattan(foe.pos);
            if !me.stats.reaches(d) {
                continue;
            }
            let dmg = combat::damage(b, id, e);
            let left = (foe.hp - dmg).max(0);
            let counter = if left > 0 && foe.stats.reaches(d) {
                combat::damage(b, e, id)
            } else {
                0
            };
            let key = (left > 0, left, counter, *cost, jitter(seed, *p, e));
            if best.as_ref().is_none_or(|(bk, _, _)| key < *bk) {
                best = Some((key, k, e));
            }
        }
    }
    let Some((_, k, e)) = best else {
        if let Some(&(to, cost)) = aim.guard.and_then(|h| cells.iter().find(|(p, _)| *p == h)) {
            return chosen(b, c, id, (to, cost), None, None, Reason::just(Why::Guards { cell: to }));
        }
        // Heading for the objective: the reachable cell with the lowest travel cost to it.
        let heading = cells
            .iter()
            .filter_map(|&(p, cost)| aim.toward(b, c, me.class, p).map(|d| ((d, cost, p.y, p.x), (p, cost))))
            .min_by_key(|(key, _)| *key);
        if let Some((_, (to, cost))) = heading {
            let aim = match (aim.seize.is_empty(), aim.boss, aim.guard) {
                (false, _, _) => Heading::Seize,
                (true, Some(boss), _) => Heading::Boss(boss),
                (true, None, Some(h)) => Heading::Hold(h),
                (true, None, None) => Heading::Seize,
            };
            let target = match aim {
                Heading::Boss(boss) => Some(boss),
                _ => None,
            };
            let why = if to == me.pos {
                Why::Holds
            } else {
                Why::HeadsFor { to, aim }
            };
            return chosen(b, c, id, (to, cost), target, None, Reason::just(why));
        }
        return decide_as(b, c, id, Some(Behavior::Charger), "player".into());
    };
    let (to, cost) = cells[k];
    let reason = Reason::just(Why::Attacks { target: e, from: to });
    chosen(b, c, id, (to, cost), Some(e), Some(e), reason)
}

/// A policy's decision for player unit `id`: walk to `route` (cell, cost) by its recorded
/// path, aiming at `target`, attacking `attack` from there.
fn chosen(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    (to, cost): (Pos, Cost),
    target: Option<UnitId>,
    attack: Option<UnitId>,
    reason: Reason,
) -> Decision {
    let me = b.unit(id);
    // The path of the one cell chosen (building one for every reachable cell cost more than
    // searching again).
    let path = b.with_reach(c, id, None, |reach| reach.path(to)).unwrap_or_default();
    Decision {
        unit: id,
        team: me.team,
        profile: "player".into(),
        target,
        from: me.pos,
        to,
        path,
        cost,
        triggered: true,
        wakes: None,
        reason,
        attack,
        heal: None,
    }
}

/// Every cell player unit `id` can end its move on, with its cost.
fn reachable(b: &Battle, c: &mut Caches, id: UnitId) -> Vec<(Pos, Cost)> {
    b.with_reach(c, id, None, |reach| reach.cells().collect())
}

/// Which built-in policy drives the player's units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// [`decide`]: attack whatever can be hit, best blow first; otherwise charge.
    Simple,
    /// [`decide_careful`]: no deadly counters, the hero kept out of reach, no guard woken
    /// and no danger zone entered without a reason.
    #[default]
    Careful,
}

impl Policy {
    /// Every policy name, for messages.
    pub const NAMES: &'static str = "simple, careful";

    /// The policy called `name`.
    pub fn parse(name: &str) -> Option<Policy> {
        match name {
            "simple" => Some(Policy::Simple),
            "careful" => Some(Policy::Careful),
            _ => None,
        }
    }

    /// Its name, as [`Policy::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Simple => "simple",
            Policy::Careful => "careful",
        }
    }

    /// The decision of this policy for player unit `id`.
    pub fn decide(self, b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId, seed: u64) -> Decision {
        match self {
            Policy::Simple => decide(b, c, id, seed),
            Policy::Careful => decide_careful(b, c, profiles, id, seed),
        }
    }
}

/// How often the careful player errs: the chance, per unit action, that the unit does not
/// take the policy's best option but one of the next-best ones (see [`decide_careful_skilled`]).
/// Kept in millionths, so that a skill compares, prints and plays the same everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Skill {
    per_million: u32,
}

impl Skill {
    /// Never errs: exactly the careful policy.
    pub const EXPERT: Skill = Skill { per_million: 0 };
    /// Errs on one action in ten.
    pub const AVERAGE: Skill = Skill { per_million: 100_000 };
    /// Errs on one action in four.
    pub const NOVICE: Skill = Skill { per_million: 250_000 };
    /// What `--skill` takes, for messages.
    pub const NAMES: &'static str = "expert, average, novice, or a chance P from 0 to 1 such as 0.15";

    /// `expert`, `average`, `novice`, or a chance `P` in [0, 1] (to a millionth).
    pub fn parse(text: &str) -> Option<Skill> {
        match text {
            "expert" => Some(Skill::EXPERT),
            "average" => Some(Skill::AVERAGE),
            "novice" => Some(Skill::NOVICE),
            _ => {
                let p: f64 = text.parse().ok()?;
                (0.0..=1.0).contains(&p).then(|| Skill {
                    per_million: (p * 1e6).round() as u32,
                })
            }
        }
    }

    /// A skill erring with chance `per_million` / 1,000,000 (at most 1,000,000).
    pub fn from_per_million(per_million: u32) -> Skill {
        Skill {
            per_million: per_million.min(1_000_000),
        }
    }

    /// The chance of an error per unit action.
    pub fn chance(self) -> f64 {
        self.per_million as f64 / 1e6
    }

    /// True for the expert (no errors).
    pub fn is_expert(self) -> bool {
        self.per_million == 0
    }

    /// Its name: `expert`, `average`, `novice`, or the chance (`0.15`).
    pub fn name(self) -> String {
        match self {
            Skill::EXPERT => "expert".into(),
            Skill::AVERAGE => "average".into(),
            Skill::NOVICE => "novice".into(),
            _ => {
                let s = format!("{:.6}", self.chance());
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            }
        }
    }

    /// For the action of unit `id` on turn `turn` of the battle of `seed`: `None` when it
    /// takes the best option, else the random number that picks which next-best one. A
    /// function of those three only, so a battle plays the same whatever runs beside it.
    fn slip(self, seed: u64, turn: u32, id: UnitId) -> Option<u64> {
        if self.per_million == 0 {
            return None;
        }
        let mut r = crate::rng::Rng::new(
            seed ^ 0x0051_117E_550F_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ (turn as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                ^ (id.0 as u64).wrapping_mul(0x1656_67B1_9E37_79F9),
        );
        (r.next_u64() % 1_000_000 < self.per_million as u64).then(|| r.next_u64())
    }
}

/// The player's units' driver: a policy and, for the careful one, a skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Player {
    /// The policy.
    pub policy: Policy,
    /// How often it errs (the careful policy only; the simple one ignores it).
    pub skill: Skill,
}

impl From<Policy> for Player {
    fn from(policy: Policy) -> Player {
        Player {
            policy,
            skill: Skill::EXPERT,
        }
    }
}

impl Player {
    /// The decision for player unit `id` (`seed` is the battle's: it breaks ties and draws
    /// the errors).
    pub fn decide(self, b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId, seed: u64) -> Decision {
        match self.policy {
            Policy::Careful if !self.skill.is_expert() => decide_careful_skilled(b, c, profiles, id, seed, self.skill),
            p => p.decide(b, c, profiles, id, seed),
        }
    }
}

/// How many options a slip chooses among: the next-best ones after the best.
const NEXT_BEST: usize = 3;

/// The best options of one decision so far, one per distinct score (everything but the walk's
/// cost and the tie-break): the best first. Keeps only the best one unless a slip needs more.
struct Ranking<K> {
    keep: usize,
    list: Vec<(K, usize, Option<UnitId>)>,
}

impl<K: Ord + Copy + AsRef<[i64]>> Ranking<K> {
    fn new(keep: usize) -> Self {
        Ranking {
            keep,
            list: Vec::with_capacity(keep + 1),
        }
    }

    fn consider(&mut self, key: K, k: usize, attack: Option<UnitId>) {
        if self.keep <= 1 {
            if self.list.first().is_none_or(|(bk, _, _)| key < *bk) {
                self.list.clear();
                self.list.push((key, k, attack));
            }
            return;
        }
        // Two options with the same score but for the walk and the tie-break are one choice
        // to a person: the better of them stands for both.
        fn score<K: AsRef<[i64]>>(x: &K) -> &[i64] {
            let s = x.as_ref();
            &s[..s.len() - 2]
        }
        // Worse than the last kept option of a full list: nothing to do.
        if self.list.len() == self.keep && self.list.last().is_some_and(|(x, _, _)| key >= *x) {
            return;
        }
        let mine = score(&key);
        if let Some(i) = self.list.iter().position(|(x, _, _)| score(x) == mine) {
            if key >= self.list[i].0 {
                return;
            }
            self.list.remove(i);
        }
        let at = self.list.partition_point(|(x, _, _)| *x < key);
        self.list.insert(at, (key, k, attack));
        self.list.truncate(self.keep);
    }

    /// True when `key` could not enter the list: it is full and `key` is worse than its last.
    fn rules_out(&self, key: &K) -> bool {
        self.list.len() >= self.keep.max(1) && self.list.last().is_some_and(|(x, _, _)| key > x)
    }

    /// The best option, or after a slip (`draw`) one of the next-best, each half as likely
    /// as the one before it.
    fn pick(&self, draw: Option<u64>) -> Option<(usize, Option<UnitId>)> {
        let others = self.list.len().saturating_sub(1);
        let i = match draw {
            Some(r) if others > 0 => {
                let total = (1u64 << others) - 1;
                let mut x = r % total;
                let mut i = 1;
                while x >= 1u64 << (others - i) {
                    x -= 1u64 << (others - i);
                    i += 1;
                }
                i
            }
            _ => 0,
        };
        self.list.get(i).map(|&(_, k, a)| (k, a))
    }
}

/// [`decide_careful`] by a player of `skill`: on a slip (chance [`Skill::chance`] per action,
/// drawn from `seed`, the turn and the unit) the unit takes one of the next `NEXT_BEST` (3)
/// best options instead of the best (each distinct in score, the better ones likelier:
/// 4 : 2 : 1). A cell the objective claims outright (a seize that wins) is never missed.
pub fn decide_careful_skilled(
    b: &Battle,
    c: &mut Caches,
    profiles: &Profiles,
    id: UnitId,
    seed: u64,
    skill: Skill,
) -> Decision {
    match skill.slip(seed, b.turn(), id) {
        None => decide_careful(b, c, profiles, id, seed),
        Some(draw) => decide_careful_ranked(b, c, profiles, id, seed, Method::Auto, Some(draw)),
    }
}

/// What one enemy threatens next enemy phase: the cells it could attack after moving, or
/// without moving (where it stays when its condition does not hold).
struct Threat {
    unit: UnitId,
    moving: danger::AttackArea,
    /// Within this distance of the enemy its condition holds (sight, trigger); `None`: always.
    wakes_within: Option<u32>,
    /// A guard that has not woken yet: within `wakes_within` a player unit wakes it.
    sleeping_guard: bool,
}

impl Threat {
    /// The threats of `foes`, their areas kept in `c` between decisions while nothing they
    /// were built from changed (see [`danger::enemy_areas`]).
    fn all(b: &Battle, c: &mut Caches, profiles: &Profiles, foes: &[UnitId]) -> Vec<Threat> {
        let areas = danger::enemy_areas(b, c, profiles, foes);
        foes.iter()
            .zip(areas)
            .map(|(&f, (moving, shape))| Threat::of(f, moving, shape))
            .collect()
    }

    fn of(f: UnitId, moving: danger::AttackArea, shape: danger::Shape) -> Threat {
        let (wakes_within, sleeping_guard) = match shape {
            danger::Shape::Sight { radius } | danger::Shape::Ring { sight: radius, .. } => (Some(radius), false),
            danger::Shape::Trigger { radius, fired: false } => (Some(radius), true),
            _ => (None, false),
        };
        Threat {
            unit: f,
            moving,
            wakes_within,
            sleeping_guard,
        }
    }

    /// True when this enemy could strike a unit standing on `p` next phase.
    fn reaches(&self, b: &Battle, p: Pos) -> bool {
        let u = b.unit(self.unit);
        let d = u.pos.manhattan(p);
        if self.wakes_within.is_none_or(|r| d <= r) {
            self.moving.contains(p)
        } else {
            u.stats.reaches(d)
        }
    }
}

/// The careful policy's decision for player unit `id`.
///
/// Every reachable cell, with or without an attack from it, gets a score, compared in order:
/// 1. the hero never ends where the enemies could defeat it next phase, when it can avoid it;
/// 2. an attack beats a move: first one that defeats its target, then the one that hurts
///    most (hit points actually taken), never one whose counter would defeat the attacker;
///    between equal blows, the cell where fewer enemies can strike back next phase (for a
///    unit with canto, the cell its second move would take it to: see [`crate::ai::canto`]);
/// 3. a move does not wake a sleeping guard (end within its trigger), nor end where the
///    enemies could defeat the unit, then approaches the nearest enemy by travel cost,
///    then keeps out of danger zones (an archer's ring);
/// 4. the cheaper walk, then a tie-break drawn from `seed`.
///
/// The scenario's objective steers it: a seizer that can reach a cell to seize
/// ends its action there (the battle is won at once); a unit that can reach an empty cell
/// the player must hold while an enemy threatens it, without ending where it could be
/// defeated, stands on it; the boss
/// is struck before other enemies and approached instead of the nearest; seizers head for
/// the nearest cell to seize; when the objective is to survive, every unit keeps out of
/// deadly reach first and moves to where the least damage can reach it.
pub fn decide_careful(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId, seed: u64) -> Decision {
    decide_careful_with(b, c, profiles, id, seed, Method::Auto)
}

/// [`decide_careful`] with the travel cost to the nearest enemy found by either method:
/// one search from every enemy at once (any method but [`Method::FullMaps`], up to
/// [`MAX_NEAREST_TARGETS`] enemies) or one potential map per enemy. The decision is the same.
pub fn decide_careful_with(
    b: &Battle,
    c: &mut Caches,
    profiles: &Profiles,
    id: UnitId,
    seed: u64,
    method: Method,
) -> Decision {
    decide_careful_ranked(b, c, profiles, id, seed, method, None)
}

/// [`decide_careful_with`]; with `slip`, one of the next-best options instead of the best
/// (see [`decide_careful_skilled`]).
fn decide_careful_ranked(
    b: &Battle,
    c: &mut Caches,
    profiles: &Profiles,
    id: UnitId,
    seed: u64,
    method: Method,
    slip: Option<u64>,
) -> Decision {
    let me = b.unit(id);
    let aim = Aim::of(b, id);
    // Units whose defeat loses the battle keep out of deadly reach (all of them when the
    // objective is to survive).
    let hero = b.goals().protect.contains(&id) || aim.survive;
    let foes: Vec<UnitId> = b.living(me.team.other()).collect();
    let foe_cells: Vec<Pos> = foes.iter().map(|&f| b.unit(f).pos).collect();
    let one_search = method != Method::FullMaps && foes.len() <= MAX_NEAREST_TARGETS;
    let threats = Threat::all(b, c, profiles, &foes);
    let cells = reachable(b, c, id);
    // Damage the enemies (but `spared`, defeated by our blow) could deal on `p` next phase.
    let danger = |p: Pos, spared: Option<UnitId>| -> i32 {
        threats
            .iter()
            .filter(|t| Some(t.unit) != spared && t.reaches(b, p))
            .map(|t| combat::damage_at(b, t.unit, id, p))
            .sum()
    };
    let aim = aim.with_guard(b, c, id, |p| threats.iter().any(|t| t.reaches(b, p)));
    let wakes = |p: Pos, spared: Option<UnitId>| {
        threats.iter().any(|t| {
            t.sleeping_guard
                && Some(t.unit) != spared
                && t.wakes_within.is_some_and(|r| b.unit(t.unit).pos.manhattan(p) <= r)
        })
    };
    // Travel cost from `p` to the nearest enemy, and the first enemy (in scenario order)
    // that near; with no path to any, every enemy ties.
    let nearest = |c: &mut Caches, p: Pos| -> (Cost, Option<UnitId>) {
        if one_search {
            let (d, bits) = b.nearest_travel(c, &foe_cells, me.class, p);
            let first = if d == UNREACHABLE {
                0
            } else {
                bits.trailing_zeros() as usize
            };
            (d, foes.get(first).copied())
        } else {
            foes.iter()
                .map(|&f| (b.travel(c, b.unit(f).pos, me.class, p).unwrap_or(UNREACHABLE), f))
                .min_by_key(|&(d, f)| (d, f.0))
                .map_or((UNREACHABLE, None), |(d, f)| (d, Some(f)))
        }
    };
    // Smaller is better, compared element by element (see the list above).
    type Key = [i64; 10];
    let keep = if slip.is_some() { 1 + NEXT_BEST } else { 1 };
    // Every option's key, in the order of the cells, and whether it is exact: a move that
    // heads for the nearest enemy first gets a lower bound of its travel cost there (the
    // Manhattan distance: every cell entered costs at least 1), and is asked for exactly
    // only if it could still be chosen (below). Asking is what costs: a nearest map searched
    // out to the cell, and on battles that part ways (a player who errs) a new map.
    let mut options: Vec<(Key, usize, Option<UnitId>, bool)> = Vec::new();
    let mut consider = |key: Key, k: usize, attack: Option<UnitId>, exact: bool| options.push((key, k, attack, exact));
    // A canto unit rides on after its blow, by the canto rule (`ai::canto`: the cell the
    // fewest enemies could strike next phase, then the cheaper walk, then reading order): a
    // blow is judged by where that leaves it, not by the cell it strikes from.
    let canto_board = me.moves.canto.then(|| {
        let mut occ = b.occupancy().clone();
        occ.clear(me.pos);
        if me.moves.zoc {
            occ.release(me.pos, me.team);
        }
        occ
    });
    for (k, &(p, cost)) in cells.iter().enumerate() {
        let walk = cost;
        let cost = cost as i64;
        // Where its second move would take it after a blow from `p` (asked once per cell).
        let mut rides_to: Option<Pos> = None;
        for &e in &foes {
            let foe = b.unit(e);
            let d = p.manhattan(foe.pos);
            if !me.stats.reaches(d) {
                continue;
            }
            let dealt = combat::damage(b, id, e).min(foe.hp);
            let kill = dealt >= foe.hp;
            let counter = if !kill && foe.stats.reaches(d) {
                combat::damage_at(b, e, id, p)
            } else {
                0
            };
            if counter >= me.hp {
                continue;
            }
            let end = match &canto_board {
                Some(occ) => *rides_to.get_or_insert_with(|| {
                    b.with_canto_reach_from(c, id, (p, walk), occ, |r| {
                        r.cells()
                            .min_by_key(|&(q, w)| (threats.iter().filter(|t| t.reaches(b, q)).count(), w, q.y, q.x))
                            .map_or(p, |(q, _)| q)
                    })
                }),
                None => p,
            };
            let left = me.hp - counter;
            let threat = danger(end, kill.then_some(e));
            let exposed = threat >= left;
            let key = [
                (hero && exposed) as i64,
                0,
                (aim.boss.is_some_and(|boss| boss != e)) as i64,
                !kill as i64,
                -(dealt as i64),
                exposed as i64,
                threat as i64 + counter as i64,
                wakes(end, kill.then_some(e)) as i64,
                cost,
                jitter(seed, p, e) as i64,
            ];
            consider(key, k, Some(e), true);
        }
        let threat = danger(p, None);
        let exposed = threat >= me.hp;
        // Where a move heads: the nearest enemy, or the objective's cell or unit; a unit
        // that must survive keeps out of reach instead.
        let (heading, exact) = match aim.toward(b, c, me.class, p) {
            Some(d) if aim.guard.is_some() => (d as i64, true),
            _ if aim.survive => (threat as i64, true),
            Some(d) => (d as i64, true),
            None => match foe_cells.iter().map(|f| f.manhattan(p)).min() {
                Some(bound) => (bound as i64, false),
                None => (nearest(c, p).0 as i64, true),
            },
        };
        let key = [
            (hero && exposed) as i64,
            1,
            0,
            wakes(p, None) as i64,
            exposed as i64,
            heading,
            threat as i64,
            0,
            cost,
            jitter(seed, p, id) as i64,
        ];
        consider(key, k, None, exact);
    }
    // The options that can still be chosen: ranked among the exact ones, the moves with a
    // bound taken cheapest bound first, each asked for exactly until the next bound is worse
    // than every option kept. Those left are worse than what is chosen whatever their
    // heading, so leaving them out changes nothing (the ranking keeps the best of each score,
    // whatever the order they come in).
    let mut kept: Ranking<Key> = Ranking::new(keep);
    for &(key, k, attack, _) in options.iter().filter(|o| o.3) {
        kept.consider(key, k, attack);
    }
    // Sorted by what comes before the walk's cost (a move's score up to its heading, packed:
    // the hero's exposure, a sleeping guard woken, exposure, then the heading's bound).
    let mut bounded: Vec<(u64, usize)> = (options.iter().enumerate())
        .filter(|(_, o)| !o.3)
        .map(|(i, o)| {
            let k = o.0;
            let packed = (k[0] as u64) << 35 | (k[3] as u64) << 34 | (k[4] as u64) << 33 | k[5] as u64;
            (packed, i)
        })
        .collect();
    // The best bound first, found in one pass: most of the others are then ruled out
    // without sorting them. Not asked when even its bound is worse than every option kept
    // (an attack that beats any move): then no nearest map is needed at all.
    if let Some(&(_, i)) = bounded.iter().min()
        && !kept.rules_out(&options[i].0)
    {
        let o = &mut options[i];
        o.0[5] = nearest(c, cells[o.1].0).0 as i64;
        o.3 = true;
        kept.consider(o.0, o.1, None);
    }
    bounded.retain(|&(_, i)| !options[i].3 && !kept.rules_out(&options[i].0));
    bounded.sort_unstable();
    for (_, i) in bounded {
        let key = options[i].0;
        if kept.rules_out(&key) {
            // Every bound after this one is as bad up to the heading: worse than the last kept
            // option already there, or only as bad (then the rest of the score decides).
            if kept.list.last().is_some_and(|(x, _, _)| key[..6] > x[..6]) {
                break;
            }
            continue;
        }
        let o = &mut options[i];
        o.0[5] = nearest(c, cells[o.1].0).0 as i64;
        o.3 = true;
        kept.consider(o.0, o.1, None);
    }
    let mut ranking: Ranking<Key> = Ranking::new(keep);
    for &(key, k, attack, _) in options.iter().filter(|o| o.3) {
        ranking.consider(key, k, attack);
    }
    let Some((k, attack)) = ranking.pick(slip) else {
        return decide_as(b, c, id, None, "player".into());
    };
    let claimed = aim.take_cell(b, &cells, id, |p| danger(p, None));
    let (k, attack) = claimed.unwrap_or((k, attack));
    // A healer with no safe attack that defeats heals a hurt ally, out of deadly reach.
    let kills = attack.is_some_and(|e| combat::damage(b, id, e) >= b.unit(e).hp);
    if claimed.is_none()
        && !kills
        && let Some((ally, (p, cost))) = careful_heal(b, &cells, id, |p| danger(p, None))
    {
        let u = b.unit(ally);
        let why = Why::Said(format!(
            "heals {} ({}/{} hp) from {p}, out of deadly reach",
            u.name, u.hp, u.stats.hp
        ));
        let mut d = chosen(b, c, id, (p, cost), Some(ally), None, Reason::just(why));
        d.heal = Some(ally);
        return d;
    }
    let to = cells[k].0;
    // The nearest enemy names a move's aim; an attack names its target (asking would only
    // search a nearest map for nothing).
    let nearest = match attack {
        Some(_) => None,
        None => nearest(c, to).1,
    };
    let reason = Reason::just(match attack {
        Some(e) => Why::Attacks { target: e, from: to },
        None if to == me.pos => Why::Holds,
        None => Why::MovesTowards { to, foe: nearest },
    });
    let target = attack.or(nearest);
    chosen(b, c, id, cells[k], target, attack, reason)
}

/// The careful heal of healer `id`: the hurt ally with the lowest share of its hit points
/// left that it can heal from a reachable cell where the damage that could reach it next
/// phase (`danger`) cannot defeat it (ties: the lower hp, then reading order of the ally's
/// cell), from the cell with the least such damage (ties: the cheaper walk, then reading
/// order). `None` for a unit that cannot heal or has nobody to heal safely.
fn careful_heal(
    b: &Battle,
    cells: &[(Pos, Cost)],
    id: UnitId,
    danger: impl Fn(Pos) -> i32,
) -> Option<(UnitId, (Pos, Cost))> {
    let me = b.unit(id);
    let heal = me.heal?;
    let safe: Vec<(Pos, Cost, i32)> = cells
        .iter()
        .map(|&(p, cost)| (p, cost, danger(p)))
        .filter(|&(_, _, d)| d < me.hp)
        .collect();
    let mut best: Option<(UnitId, (Pos, Cost, i32))> = None;
    for a in b.living(me.team).filter(|&a| a != id) {
        let u = b.unit(a);
        if u.hp >= u.stats.hp {
            continue;
        }
        let Some(&cell) = safe
            .iter()
            .filter(|(p, _, _)| heal.reaches(p.manhattan(u.pos)))
            .min_by_key(|&&(p, cost, d)| (d, cost, p.y, p.x))
        else {
            continue;
        };
        let needier = |o: UnitId| {
            let v = b.unit(o);
            // hp / max compared without division, then hp, then reading order.
            (i64::from(u.hp) * i64::from(v.stats.hp), u.hp, u.pos.y, u.pos.x)
                < (i64::from(v.hp) * i64::from(u.stats.hp), v.hp, v.pos.y, v.pos.x)
        };
        if best.is_none_or(|(o, _)| needier(o)) {
            best = Some((a, cell));
        }
    }
    best.map(|(a, (p, cost, _))| (a, (p, cost)))
}

/// What the scenario's objective asks of one player unit (see [`decide_careful`]).
struct Aim {
    /// Cells this unit may seize.
    seize: Vec<Pos>,
    /// Cells the player must hold.
    hold: Vec<Pos>,
    /// The enemy whose defeat wins.
    boss: Option<UnitId>,
    /// The objective is to survive.
    survive: bool,
    /// The cell to hold this unit heads for, if it is the one nearest an unheld one.
    guard: Option<Pos>,
}

impl Aim {
    fn of(b: &Battle, id: UnitId) -> Aim {
        use crate::rules::Goal;
        let g = b.goals();
        let seize = match &g.win {
            Goal::Seize { cells, seizers } if seizers.is_empty() || seizers.contains(&id) => cells.clone(),
            _ => Vec::new(),
        };
        let boss = match g.win {
            Goal::Boss(u) if b.unit(u).alive => Some(u),
            _ => None,
        };
        Aim {
            seize,
            hold: g.hold.clone(),
            boss,
            survive: matches!(g.win, Goal::Survive(_)),
            guard: None,
        }
    }

    /// The same aim, with the cell to hold this unit heads for: each cell to hold that an
    /// enemy could reach next phase (`threatened`) and no player unit stands on goes to the
    /// player unit nearest it by travel cost (ties: the earlier in the scenario), one cell
    /// per unit.
    fn with_guard(mut self, b: &Battle, c: &mut Caches, id: UnitId, threatened: impl Fn(Pos) -> bool) -> Aim {
        let mut taken: Vec<UnitId> = Vec::new();
        for &h in &self.hold {
            if b.unit_at(h).is_some_and(|u| b.unit(u).team == b.unit(id).team) || !threatened(h) {
                continue;
            }
            let nearest = b
                .living(b.unit(id).team)
                .filter(|u| !taken.contains(u))
                .filter_map(|u| b.travel(c, h, b.unit(u).class, b.unit(u).pos).map(|d| (d, u.0, u)))
                .min();
            if let Some((_, _, u)) = nearest {
                taken.push(u);
                if u == id {
                    self.guard = Some(h);
                    break;
                }
            }
        }
        self
    }

    /// Travel cost from `p` to what this unit heads for instead of the nearest enemy: the
    /// nearest cell to seize, the boss, or the nearest cell to hold that no unit of the
    /// player stands on; `None` when the objective says nothing.
    fn toward(&self, b: &Battle, c: &mut Caches, class: crate::model::terrain::ClassId, p: Pos) -> Option<Cost> {
        if !self.seize.is_empty() {
            return self.seize.iter().filter_map(|&s| b.travel(c, s, class, p)).min();
        }
        if let Some(u) = self.boss {
            return b.travel(c, b.unit(u).pos, class, p);
        }
        self.guard.and_then(|h| b.travel(c, h, class, p))
    }

    /// A cell of `cells` (index, and the attack from it) the objective claims outright:
    /// a cell to seize (waiting there wins), or an empty cell to hold that an enemy threatens
    /// and where the unit is not exposed to defeat (`danger` gives the damage that could
    /// reach a cell: more than nothing, less than the unit's hit points).
    fn take_cell(
        &self,
        b: &Battle,
        cells: &[(Pos, Cost)],
        id: UnitId,
        danger: impl Fn(Pos) -> i32,
    ) -> Option<(usize, Option<UnitId>)> {
        let me = b.unit(id);
        let by_cost = |a: &(usize, &(Pos, Cost)), z: &(usize, &(Pos, Cost))| {
            (a.1.1, a.1.0.y, a.1.0.x).cmp(&(z.1.1, z.1.0.y, z.1.0.x))
        };
        if let Some((k, _)) = cells
            .iter()
            .enumerate()
            .filter(|(_, (p, _))| self.seize.contains(p))
            .min_by(by_cost)
        {
            return Some((k, None));
        }
        let free = |p: &Pos| b.unit_at(*p).is_none_or(|u| u == id);
        let (k, &(p, _)) = cells
            .iter()
            .enumerate()
            .filter(|(_, (p, _))| self.hold.contains(p) && free(p) && (1..me.hp).contains(&danger(*p)))
            .min_by(by_cost)?;
        // Strike from there when the counter cannot defeat it: the weakest enemy first.
        let attack = crate::rules::combat::targets_from(b, id, p)
            .into_iter()
            .filter(|&e| {
                let foe = b.unit(e);
                let kill = combat::damage(b, id, e) >= foe.hp;
                kill || !foe.stats.reaches(p.manhattan(foe.pos)) || combat::damage_at(b, e, id, p) < me.hp
            })
            .min_by_key(|&e| (b.unit(e).hp, e.0));
        Some((k, attack))
    }
}
