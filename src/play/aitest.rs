//! Running AI expectation files: the battle is played through the rules core (scripted or
//! still player units, then each enemy phase), and every expectation is checked against the
//! decision the enemy really made and the events its commands produced.

use crate::ai::player::Policy;
use crate::ai::{Ai, Decision};
use crate::load::diag::Diagnostic;
use crate::load::expect::{Check, ExpectFile, PlayerMode};
use crate::play::enemy::{EnemyPhase, act};
use crate::rules::{Battle, Command, RuleError, UnitId};
use crate::search::grid::{Pos, Team};
use std::collections::HashMap;

/// The verdict on one expectation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The unit's name.
    pub unit: String,
    /// The enemy phase.
    pub turn: u32,
    /// What was checked, in words (`ends on mark '*', path 444`).
    pub what: String,
    /// Each check that failed: what was expected and what happened.
    pub failures: Vec<String>,
    /// The decision's reason, when the unit decided.
    pub reason: Option<String>,
    /// Where it went (from, to, path digits), when the unit decided.
    pub moved: Option<(Pos, Pos, String)>,
    /// A picture of the board around the unit, for failures.
    pub picture: Option<String>,
}

impl Verdict {
    /// True when every check held.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// One enemy's turn as the test saw it: the board before it decided, and its decision.
struct Seen {
    board: Battle,
    decision: Decision,
}

/// Plays the file's battle and judges every expectation. A scripted move the rules refuse,
/// or an expectation past the battle's end, is an error located in the file.
pub fn run(f: &ExpectFile) -> Result<Vec<Verdict>, Diagnostic> {
    let mut b = Battle::new(&f.scenario, &f.data);
    let ai = &mut Ai::new(f.data.profiles.clone());
    let mut seen: HashMap<(u32, UnitId), Seen> = HashMap::new();
    let mut alive: Vec<Vec<bool>> = Vec::new();
    let mut ended_on = None;
    for turn in 1..=f.turns {
        if b.ended().is_some() {
            break;
        }
        player_phase(f, ai, &mut b, turn)?;
        if b.ended().is_none() {
            b.execute(Command::EndPhase).map_err(|e| refused(f, turn, e))?;
            // The one enemy-phase driver, one enemy at a time so each board is kept.
            let mut phase = EnemyPhase::begin(&b);
            loop {
                let board = b.clone();
                let Some(done) = phase.step(ai, &mut b).map_err(|e| refused(f, turn, e))? else {
                    break;
                };
                let decision = done.decision;
                seen.insert((turn, decision.unit), Seen { board, decision });
            }
            EnemyPhase::finish(&mut b).map_err(|e| refused(f, turn, e))?;
        }
        alive.push(b.units().iter().map(|u| u.alive).collect());
        if b.ended().is_some() {
            ended_on = Some(turn);
        }
    }
    let mut out = Vec::new();
    for e in &f.expects {
        if e.turn as usize > alive.len() {
            let why = b.ended().map(|(_, w)| w.describe(&b)).unwrap_or_default();
            return Err(Diagnostic {
                message: format!(
                    "turn {} is past the battle's end: it ended in enemy phase {} ({why})",
                    e.turn,
                    ended_on.unwrap_or(0)
                ),
                ..e.at.clone()
            });
        }
        let Some(id) = b.find(&e.unit) else { continue };
        let s = seen.get(&(e.turn, id));
        let name = |u: Option<UnitId>| u.map_or("nobody".to_string(), |u| b.name(u).to_string());
        let mut what = Vec::new();
        let mut failures = Vec::new();
        for c in &e.checks {
            let (w, fail) = match (c, s) {
                (Check::Alive(want), _) => {
                    let is = alive[e.turn as usize - 1][id.0];
                    let w = if *want { "is alive" } else { "is defeated" };
                    (
                        w.to_string(),
                        (is != *want).then(|| format!("{w}: it is {}", if is { "alive" } else { "defeated" })),
                    )
                }
                (c, None) => (
                    describe(c),
                    Some(format!(
                        "{}: it made no decision in enemy phase {} (defeated before its turn?)",
                        describe(c),
                        e.turn
                    )),
                ),
                (c, Some(s)) => {
                    let d = &s.decision;
                    let w = describe(c);
                    let fail = match c {
                        Check::EndsOn { cells, .. } => {
                            (!cells.contains(&d.to)).then(|| format!("{w}: it ended on {}", d.to))
                        }
                        Check::Stays(want) => ((d.to == d.from) != *want).then(|| {
                            format!(
                                "{w}: it {}",
                                if d.to == d.from {
                                    "stayed".to_string()
                                } else {
                                    format!("moved to {}", d.to)
                                }
                            )
                        }),
                        Check::Path(p) => (d.path.digits() != *p).then(|| format!("{w}: its path was {}", d.path)),
                        Check::Target(t) => {
                            (name(d.target) != *t).then(|| format!("{w}: it targeted {}", name(d.target)))
                        }
                        Check::Triggered(want) => {
                            (d.triggered != *want).then(|| format!("{w}: triggered was {}", d.triggered))
                        }
                        Check::Attacks(t) => {
                            let want = t.clone().unwrap_or("nobody".into());
                            (name(d.attack) != want).then(|| format!("{w}: it attacked {}", name(d.attack)))
                        }
                        Check::AttacksAny(want) => {
                            (d.attack.is_some() != *want).then(|| format!("{w}: it attacked {}", name(d.attack)))
                        }
                        Check::NeverEnters { cells, .. } => {
                            let entered: Vec<String> = d
                                .path
                                .replay(d.from)
                                .into_iter()
                                .filter(|p| cells.contains(p))
                                .map(|p| p.to_string())
                                .collect();
                            (!entered.is_empty()).then(|| format!("{w}: it entered {}", entered.join(", ")))
                        }
                        Check::Alive(_) => None,
                    };
                    (w, fail)
                }
            };
            what.push(w);
            failures.extend(fail);
        }
        let picture = (!failures.is_empty())
            .then(|| s.map(|s| picture(f, &s.board, &s.decision, &e.checks)))
            .flatten();
        out.push(Verdict {
            unit: e.unit.clone(),
            turn: e.turn,
            what: what.join(", "),
            failures,
            reason: s.map(|s| s.decision.reason.clone()),
            moved: s.map(|s| (s.decision.from, s.decision.to, s.decision.path.digits())),
            picture,
        });
    }
    Ok(out)
}

fn refused(f: &ExpectFile, turn: u32, e: RuleError) -> Diagnostic {
    Diagnostic::whole_file(
        std::path::Path::new(&f.path),
        format!("enemy phase {turn}: the rules refused a command: {e}"),
    )
}

/// The player's phase before enemy phase `turn`: scripted actions first; the other units
/// wait (`still`) or follow the built-in policy (from the second phase on).
fn player_phase(f: &ExpectFile, ai: &mut Ai, b: &mut Battle, turn: u32) -> Result<(), Diagnostic> {
    for m in f.moves.iter().filter(|m| m.turn == turn) {
        let refuse = |e: RuleError, b: &Battle| Diagnostic {
            message: format!("scripted move of {} refused by the rules: {}", m.unit, e.describe(b)),
            ..m.at.clone()
        };
        let Some(id) = b.find(&m.unit) else { continue };
        if !b.unit(id).alive {
            continue;
        }
        let mv = Command::Move {
            unit: id,
            path: m.path.clone(),
        };
        b.execute(mv).map_err(|e| refuse(e, b))?;
        let cmd = match m.attack.as_deref().and_then(|t| b.find(t)) {
            Some(target) => Command::Attack { unit: id, target },
            None => Command::Wait { unit: id },
        };
        b.execute(cmd).map_err(|e| refuse(e, b))?;
        if b.ended().is_some() {
            return Ok(());
        }
    }
    if f.player == PlayerMode::Policy && turn > 1 {
        let ready: Vec<UnitId> = b.ready(Team::Player).collect();
        for id in ready {
            if b.ended().is_some() || !b.unit(id).alive {
                continue;
            }
            let d = ai.decide_player(b, id, Policy::Simple, 0);
            act(b, d).map_err(|e| refused(f, turn, e))?;
        }
    }
    Ok(())
}

/// What a check expects, in words.
pub fn describe(c: &Check) -> String {
    match c {
        Check::EndsOn { label, .. } => format!("ends on {label}"),
        Check::Stays(true) => "stays".into(),
        Check::Stays(false) => "moves".into(),
        Check::Path(p) => format!("path {p}"),
        Check::Target(t) => format!("targets {t}"),
        Check::Triggered(true) => "triggered".into(),
        Check::Triggered(false) => "not triggered".into(),
        Check::Attacks(Some(t)) => format!("attacks {t}"),
        Check::Attacks(None) | Check::AttacksAny(false) => "attacks nobody".into(),
        Check::AttacksAny(true) => "attacks someone".into(),
        Check::NeverEnters { label, .. } => format!("never enters {label}"),
        Check::Alive(true) => "is alive".into(),
        Check::Alive(false) => "is defeated".into(),
    }
}

/// The board around a unit's decision: `@` where it went, `*` cells it was expected to end
/// on, `o` its path, `!` cells it must not enter, units by the first letter of their
/// names (the mover's in lower case at its start), terrain glyphs elsewhere.
fn picture(f: &ExpectFile, b: &Battle, d: &Decision, checks: &[Check]) -> String {
    let mut expected: Vec<Pos> = Vec::new();
    let mut forbidden: Vec<Pos> = Vec::new();
    for c in checks {
        match c {
            Check::EndsOn { cells, .. } => expected.extend(cells),
            Check::NeverEnters { cells, .. } => forbidden.extend(cells),
            _ => {}
        }
    }
    let path = d.path.replay(d.from);
    let mut pts: Vec<Pos> = vec![d.from, d.to];
    pts.extend(expected.iter().copied().filter(|p| p.manhattan(d.from) <= 12));
    pts.extend(d.target.map(|t| b.unit(t).pos).filter(|p| p.manhattan(d.from) <= 12));
    let map = b.map();
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for p in &pts {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    let (x0, y0) = ((x0 - 3).max(0), (y0 - 3).max(0));
    let (x1, y1) = ((x1 + 4).min(map.width() as i32), (y1 + 4).min(map.height() as i32));
    let mut s = String::new();
    for y in y0..y1 {
        s.push_str("      ");
        for x in x0..x1 {
            let p = Pos::new(x, y);
            let c = if p == d.to && p != d.from {
                '@'
            } else if p == d.from {
                b.name(d.unit).chars().next().map_or('?', |c| c.to_ascii_lowercase())
            } else if let Some(u) = b.unit_at(p) {
                b.name(u).chars().next().unwrap_or('?')
            } else if expected.contains(&p) {
                '*'
            } else if path.contains(&p) {
                'o'
            } else if forbidden.contains(&p) {
                '!'
            } else {
                f.data.terrain.get(map.at(p)).glyph
            };
            s.push(c);
        }
        s.push('\n');
    }
    s
}
