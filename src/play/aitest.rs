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
    /// Where its turn left it: the decision's cell, or where a canto move took it.
    end: skirmish_core::search::grid::Pos,
    /// The units of the other side its side saw when it decided (without fog: every
    /// living one on the board).
    saw: Vec<UnitId>,
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
            b.execute(Command::EndPhase { team: Team::Player })
                .map_err(|e| refused(f, turn, e))?;
            // The one enemy-phase driver, one enemy at a time so each board is kept.
            let mut phase = EnemyPhase::begin(&b);
            loop {
                let board = b.clone();
                let Some(done) = phase.step(ai, &mut b).map_err(|e| refused(f, turn, e))? else {
                    break;
                };
                let decision = done.decision;
                let end = b.unit(decision.unit).pos();
                let team = board.unit(decision.unit).team();
                let saw = done.saw.unwrap_or_else(|| board.living(team.other()).collect());
                seen.insert(
                    (turn, decision.unit),
                    Seen {
                        board,
                        decision,
                        end,
                        saw,
                    },
                );
            }
            EnemyPhase::finish(&mut b).map_err(|e| refused(f, turn, e))?;
        }
        alive.push(b.units().iter().map(|u| u.alive()).collect());
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
                            (!cells.contains(&s.end)).then(|| format!("{w}: it ended on {}", s.end))
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
                        Check::Heals(t) => {
                            let want = t.clone().unwrap_or("nobody".into());
                            (name(d.heal) != want).then(|| format!("{w}: it healed {}", name(d.heal)))
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
                        Check::Sees(names) => {
                            let missed: Vec<&str> = names
                                .iter()
                                .filter(|n| !s.saw.iter().any(|&u| b.name(u) == n.as_str()))
                                .map(String::as_str)
                                .collect();
                            (!missed.is_empty()).then(|| {
                                format!(
                                    "{w}: its side did not see {} ({})",
                                    missed.join(", "),
                                    saw_text(&b, &s.saw)
                                )
                            })
                        }
                        Check::Unseen(names) => {
                            let spotted: Vec<&str> = names
                                .iter()
                                .filter(|n| s.saw.iter().any(|&u| b.name(u) == n.as_str()))
                                .map(String::as_str)
                                .collect();
                            (!spotted.is_empty())
                                .then(|| format!("{w}: its side saw {} ({})", spotted.join(", "), saw_text(&b, &s.saw)))
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
            reason: s.map(|s| s.decision.reason.text(&s.board)),
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
        // What blocked it, in the designer's words: the unit standing there, the terrain,
        // the cost against the unit's move.
        let refuse = |e: RuleError, b: &Battle, cmd: &Command| Diagnostic {
            message: format!(
                "scripted move of {} refused by the rules: {}",
                m.unit,
                e.explain(b, cmd)
            ),
            ..m.at.clone()
        };
        let Some(id) = b.find(&m.unit) else { continue };
        if !b.unit(id).alive() {
            continue;
        }
        let mv = Command::Move {
            unit: id,
            path: m.path.clone(),
        };
        b.execute(mv.clone()).map_err(|e| refuse(e, b, &mv))?;
        let cmd = match m.attack.as_deref().and_then(|t| b.find(t)) {
            Some(target) => Command::Attack { unit: id, target },
            None => Command::Wait { unit: id },
        };
        b.execute(cmd.clone()).map_err(|e| refuse(e, b, &cmd))?;
        if b.ended().is_some() {
            return Ok(());
        }
    }
    if f.player == PlayerMode::Policy && turn > 1 {
        let ready: Vec<UnitId> = b.ready(Team::Player).collect();
        for id in ready {
            if b.ended().is_some() || !b.unit(id).alive() {
                continue;
            }
            let d = ai.decide_player(b, id, Policy::Simple, 0);
            act(b, d).map_err(|e| refused(f, turn, e))?;
            // A canto unit's second move, as `simulate` and `batch` make it.
            if b.ended().is_none()
                && let Some(second) = crate::ai::canto::canto_move(b, ai.caches(), id)
            {
                b.execute(second).map_err(|e| refused(f, turn, e))?;
            }
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
        Check::Heals(Some(t)) => format!("heals {t}"),
        Check::Heals(None) => "heals nobody".into(),
        Check::NeverEnters { label, .. } => format!("never enters {label}"),
        Check::Alive(true) => "is alive".into(),
        Check::Alive(false) => "is defeated".into(),
        Check::Sees(names) => format!("sees {}", names.join(", ")),
        Check::Unseen(names) => format!("does not see {}", names.join(", ")),
    }
}

/// What a side saw, in words: `it saw Lance, Kiny` or `it saw no unit of the other side`.
fn saw_text(b: &Battle, saw: &[UnitId]) -> String {
    if saw.is_empty() {
        "it saw no unit of the other side".into()
    } else {
        let names: Vec<&str> = saw.iter().map(|&u| b.name(u)).collect();
        format!("it saw {}", names.join(", "))
    }
}

/// The board around a unit's decision, then its legend: `@` where it went, `*` cells it
/// was expected to end on, `o` its path, `!` cells it must not enter, each unit by a mark
/// of its own (the first letter of its name that no other unit, terrain or mark takes;
/// the mover's mark where it started), terrain glyphs elsewhere.
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
    pts.extend(d.target.map(|t| b.unit(t).pos()).filter(|p| p.manhattan(d.from) <= 12));
    let map = b.map();
    let terrain = &f.data.terrain;
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for p in &pts {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    let (x0, y0) = ((x0 - 3).max(0), (y0 - 3).max(0));
    let (x1, y1) = ((x1 + 4).min(map.width() as i32), (y1 + 4).min(map.height() as i32));
    // The units drawn, each with its cell: the mover at its start, the others where they are.
    let mut drawn: Vec<(UnitId, Pos)> = vec![(d.unit, d.from)];
    for y in y0..y1 {
        for x in x0..x1 {
            let p = Pos::new(x, y);
            if let Some(u) = b.unit_at(p)
                && u != d.unit
            {
                drawn.push((u, p));
            }
        }
    }
    let marks = unit_marks(b, &drawn, |c| terrain.by_glyph(c).is_some());
    let mark_at = |p: Pos| drawn.iter().zip(&marks).find(|((_, q), _)| *q == p).map(|(_, m)| *m);
    let mut s = String::new();
    let mut used = Vec::new();
    for y in y0..y1 {
        s.push_str("      ");
        for x in x0..x1 {
            let p = Pos::new(x, y);
            let c = if p == d.to && p != d.from {
                '@'
            } else if let Some(m) = mark_at(p) {
                m
            } else if expected.contains(&p) {
                '*'
            } else if forbidden.contains(&p) {
                // Over the path: a forbidden cell it crossed is what the reader looks for.
                '!'
            } else if path.contains(&p) {
                'o'
            } else {
                terrain.get(map.at(p)).glyph
            };
            if !used.contains(&c) {
                used.push(c);
            }
            s.push(c);
        }
        s.push('\n');
    }
    let legend: Vec<String> = [
        ('@', "where it went"),
        ('o', "its path"),
        ('*', "where it was expected"),
        ('!', "where it must not go"),
    ]
    .iter()
    .filter(|(c, _)| used.contains(c))
    .map(|(c, what)| format!("{c} {what}"))
    .collect();
    let units: Vec<String> = drawn
        .iter()
        .zip(&marks)
        .map(|((u, _), m)| {
            let start = if *u == d.unit && d.to != d.from {
                " where it started"
            } else {
                ""
            };
            format!("{m} {}{start}", b.name(*u))
        })
        .collect();
    let mut legend = vec![legend.join(", "), units.join(", ")];
    let ground = crate::picture::terrain_legend(map, terrain, (x0, y0, x1, y1), |p| {
        !(p == d.to || mark_at(p).is_some() || expected.contains(&p) || path.contains(&p) || forbidden.contains(&p))
    });
    if !ground.is_empty() {
        legend.push(ground);
    }
    legend.retain(|l| !l.is_empty());
    format!("    legend: {}\n{s}", legend.join("; "))
}

/// One mark per unit of `units`, in order, none twice: the first letter of its name (upper
/// case) not taken yet, not a picture mark and not a terrain glyph (`taken_by_terrain`);
/// else a digit.
fn unit_marks(b: &Battle, units: &[(UnitId, Pos)], taken_by_terrain: impl Fn(char) -> bool) -> Vec<char> {
    let mut marks: Vec<char> = Vec::new();
    for (u, _) in units {
        let free = |c: &char| !marks.contains(c) && !"@o*!".contains(*c) && !taken_by_terrain(*c);
        let from_name = b
            .name(*u)
            .chars()
            .filter(|c| c.is_alphabetic())
            .flat_map(char::to_uppercase)
            .find(|c| free(c));
        let mark = from_name
            .or_else(|| ('A'..='Z').chain('1'..='9').find(|c| free(c)))
            .unwrap_or('?');
        marks.push(mark);
    }
    marks
}
