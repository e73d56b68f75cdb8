//! The engine's signals turned into animations, sounds and log lines, the battle's log
//! they write to, and the enemy phase's summary.

use super::*;
use crate::game::fog;

/// Lines the battle's log keeps (a battle writes a few hundred; this only bounds a runaway).
const HISTORY_LINES: usize = 5000;

/// Seconds a new log line stands out in the log area.
pub(in crate::game) const NEW_LINE_SECS: f32 = 4.0;

/// Seconds a refusal's notice stays by its cell.
pub(in crate::game) const NOTICE_SECS: f32 = 3.0;

/// Why the last click or confirm did nothing, shown by the cell it was made on for
/// [`NOTICE_SECS`] (and written to the log): issue 33's play found the reason only in the log
/// under the map, where a player looking at the map missed it.
#[derive(Debug, Default, Clone, PartialEq)]
pub(in crate::game) struct Notice {
    /// The words, the cell and the clock when it was said.
    said: Option<(String, Pos, f32)>,
}

impl Notice {
    /// Takes note of signal `sig` at `clock`: a refusal (`why` words it) shows; anything the
    /// player's input did instead (a selection, a cancel, a move, a blow) takes it away; a
    /// cursor move leaves it.
    pub(in crate::game) fn see(&mut self, sig: &Signal, why: impl FnOnce() -> String, clock: f32) {
        match sig {
            Signal::CannotGo { to, .. } => self.said = Some((why(), *to, clock)),
            Signal::CursorMoved(_) | Signal::Decided(_) => {}
            _ => self.said = None,
        }
    }

    /// The notice and its cell while it stands at `clock`.
    pub(in crate::game) fn shown(&self, clock: f32) -> Option<(&str, Pos)> {
        self.said
            .as_ref()
            .filter(|(_, _, at)| clock - at < NOTICE_SECS)
            .map(|(line, p, _)| (line.as_str(), *p))
    }
}

impl GameState {
    /// Sends one intent to the engine and animates what it did.
    pub(super) fn apply(&mut self, i: Intent) {
        if self.net_refuses(&i) {
            return;
        }
        self.session.input(i);
        self.absorb();
    }

    /// Adds `line` to the battle's log.
    pub(super) fn say(&mut self, line: String) {
        self.history.push((line, self.clock));
        if self.history.len() > HISTORY_LINES {
            self.history.drain(..self.history.len() - HISTORY_LINES);
        }
    }

    /// The summary is on screen: the enemy phase's animations have played.
    pub(in crate::game) fn summary_shown(&self) -> bool {
        // Once the battle is over its ending box tells the story (the summary's lines are in
        // the log): the two never stand over each other.
        self.summary.is_some() && !self.anims.busy() && self.session.battle().ended().is_none()
    }

    /// Hot-seat: the hand-over screen is up (the board is hidden).
    pub(in crate::game) fn handover_shown(&self) -> Option<Team> {
        self.handover.filter(|_| self.session.battle().ended().is_none())
    }

    /// Closes the enemy phase's summary (a key or a click).
    pub(super) fn dismiss_summary(&mut self) {
        self.summary = None;
    }

    /// Turns the engine's signals into animations, sounds and log lines. Every log line
    /// rides on the animation of its event and appears when that event is on screen.
    pub(super) fn absorb(&mut self) {
        let mut record = false;
        let mut granted = Vec::new();
        let mut summary_due = None;
        let signals = level_ups_after_the_blows(self.session.drain());
        // Where each blow's striker stood when it struck (a canto enemy walks on after it).
        let blow_cells: Vec<Option<Pos>> = (0..signals.len())
            .map(|i| match &signals[i] {
                Signal::Rules(Event::Struck { attacker, .. }) => {
                    let later = signals[i + 1..].iter().filter_map(|s| match s {
                        Signal::Rules(e) => Some(e),
                        _ => None,
                    });
                    Some(fog::blow_cell(self.session.battle(), later, *attacker))
                }
                _ => None,
            })
            .collect();
        for (sig, blow_cell) in signals.into_iter().zip(blow_cells) {
            if let Some(team) = crate::game::versus::handover(self.session.battle(), &sig)
                && !self.net_game()
            {
                self.handover = Some(team);
            }
            let b = self.session.battle();
            self.notice.see(
                &sig,
                || match &sig {
                    Signal::CannotGo { unit, to } => crate::game::hud::text::cannot_go(b, *unit, *to),
                    _ => String::new(),
                },
                self.clock,
            );
            record |= matches!(
                sig,
                Signal::Rules(
                    Event::Acted { .. } | Event::PhaseBegan { .. } | Event::BattleEnded { .. } | Event::Reverted(_)
                )
            );
            match sig {
                Signal::CursorMoved(_) => self.sfx.push(Sfx::Cursor),
                Signal::Selected(_) => self.sfx.push(Sfx::Select),
                Signal::Cancelled => self.sfx.push(Sfx::Cancel),
                Signal::Refused(e) => {
                    let why = e.describe(self.session.battle());
                    self.say(format!("refused: {why}"));
                }
                // With AI notes on (A), every decision says why, as before the player's lines.
                // (Under fog, only of an enemy the player sees on its walk.)
                Signal::Decided(d) if self.notes && fog::noted(self.session.battle(), &d) => {
                    let b = self.session.battle();
                    let line = format!("{}: {}", b.name(d.unit), d.reason.text(b));
                    let kind = if d.path.is_empty() && d.attack.is_none() {
                        Kind::Note
                    } else {
                        Kind::Focus { unit: d.unit }
                    };
                    self.anims.push(Anim::new(kind, true).saying(line));
                }
                // The camera goes to an enemy that moves or attacks; one that stays is
                // passed over without a word.
                Signal::Decided(d) if d.path.is_empty() && d.attack.is_none() => {}
                // Under fog, an enemy moving where the player sees neither its start nor its
                // end is not followed nor told.
                Signal::Decided(d) if fog::hidden_walk(self.session.battle(), d.unit, &[d.from, d.to]) => {}
                Signal::Decided(d) => {
                    let b = self.session.battle();
                    let line = crate::game::hud::text::enemy_move_line(b, d.unit, d.target, d.from, d.to);
                    let focus = Anim::new(Kind::Focus { unit: d.unit }, true);
                    self.anims.push(match line {
                        Some(line) => focus.saying(line),
                        None => focus,
                    });
                }
                Signal::Rules(e) => {
                    // The enemy phase's events, and those of the new turn's start (arrivals),
                    // make its summary.
                    if let Event::PhaseBegan {
                        team: Team::Player,
                        turn,
                    } = &e
                        && self.enemy_turn
                    {
                        summary_due = Some(turn.saturating_sub(1));
                    }
                    if self.enemy_turn || summary_due.is_some() {
                        self.enemy_events.push(e.clone());
                    }
                    self.show(e, blow_cell)
                }
                Signal::Asking(_) => self.sfx.push(Sfx::Select),
                Signal::Granted(ask) => granted.push(ask),
                Signal::CannotGo { unit, to } => {
                    self.sfx.push(Sfx::Cancel);
                    let why = crate::game::hud::text::cannot_go(self.session.battle(), unit, to);
                    self.say(why);
                }
            }
        }
        if let Some(turn) = summary_due {
            let events = std::mem::take(&mut self.enemy_events);
            let lines = crate::game::hud::text::enemy_phase_summary(self.session.battle(), turn, &events);
            // In the battle's log too, once its animations have played (it rides on a note).
            let mut note = Anim::new(Kind::Note, false);
            note.line = Some(format!("Summary: {}", lines[1..].join(" · ")));
            self.anims.push(note);
            // A quiet phase is told in the log only (found playing: a box to close on every
            // turn that said "nobody was hurt").
            if !crate::game::hud::text::is_quiet(&lines) {
                self.summary = Some(lines);
                self.summary_cells = reported_cells(self.session.battle(), &events);
            }
        }
        if record {
            self.write_replay();
        }
        for ask in granted {
            match ask {
                Ask::Restart => self.restart(),
                Ask::Scenario(step) => self.switch_scenario(step),
                Ask::Load => self.load(),
                Ask::Quit => self.quit = true,
                Ask::EndTurn => {}
            }
        }
    }

    /// The animation (and log line) of one rules event (`blow_cell`: for a blow, the cell
    /// its striker struck from).
    fn show(&mut self, e: Event, blow_cell: Option<Pos>) {
        let b = self.session.battle();
        let line = crate::game::versus::event_line(b, &e);
        let anim = match &e {
            Event::PhaseBegan { team, turn } => {
                // Hot-seat: the enemy side's phase is a person's, played like the player's.
                self.enemy_turn = *team == Team::Enemy && !b.versus();
                self.recenter = !self.enemy_turn;
                if self.enemy_turn {
                    // The view as the player left it, to come back to.
                    self.player_view = Some(self.camera.target());
                }
                // The log marks where each phase begins (in hot-seat by the side's name).
                let line = crate::game::versus::phase_line(b, *team, *turn, line);
                Some(Anim::new(Kind::Banner { text: line.clone() }, self.enemy_turn).saying(format!("— {line} —")))
            }
            Event::Moved { unit, from, path, .. } => {
                let mut cells = vec![*from];
                cells.extend(path.replay(*from));
                // Under fog, a walk wholly in the dark is not shown.
                (!fog::hidden_walk(b, *unit, &cells))
                    .then(|| Anim::new(Kind::Move { unit: *unit, cells }, self.enemy_turn))
            }
            // Running into the unseen: a "!" over the mover, and the log says who it met.
            Event::Ambushed { unit, by, .. } => {
                let line = format!("{} runs into {} in the fog", b.name(*unit), b.name(*by));
                Some(Anim::new(Kind::Alarm { unit: *unit }, self.enemy_turn).saying(line))
            }
            Event::Struck {
                attacker,
                defender,
                damage,
                hp_before,
                hp_left,
                ..
            } => {
                let (a, d) = (b.unit(*attacker).pos(), b.unit(*defender).pos());
                let toward = Vec2::new((d.x - a.x) as f32, (d.y - a.y) as f32).normalize_or_zero();
                let kind = Kind::Strike {
                    attacker: *attacker,
                    defender: *defender,
                    toward,
                    damage: *damage,
                    hp_before: *hp_before,
                    hp_left: *hp_left,
                    defeated: *hp_left == 0,
                };
                // Under fog, a striker the player does not see is not named.
                let from = blow_cell.unwrap_or(a);
                let line = if fog::struck_unseen(b, *attacker, from, *defender) {
                    format!("{} is struck from the fog for {damage}", b.name(*defender))
                } else {
                    line
                };
                Some(Anim::new(kind, self.enemy_turn).saying(line))
            }
            Event::GuardWoke { .. }
            | Event::Healed { .. }
            | Event::BattleEnded { .. }
            | Event::ArrivalBlocked { .. }
            | Event::Woken { .. } => Some(Anim::new(Kind::Note, self.enemy_turn).saying(line)),
            // A scripted line: a banner over the board, and the log.
            Event::Said { text } => Some(Anim::new(Kind::Banner { text: text.clone() }, self.enemy_turn).saying(line)),
            // The camera goes to where a reserve steps in.
            // Not sped up by fast mode: a new unit on the board is worth its second.
            Event::Arrived { unit, .. } => Some(Anim::new(Kind::Arrive { unit: *unit }, false).saying(line)),
            Event::ScriptFired { .. } => None,
            // Experience is told in the log; a level-up is a banner with the stats that grew.
            Event::Gained { .. } => Some(Anim::new(Kind::Note, self.enemy_turn).saying(line)),
            Event::LevelUp { unit, level, gains } => {
                let lines = super::super::hud::text::level_up_lines(b, *unit, *level, gains);
                Some(Anim::new(Kind::LevelUp { lines }, false).saying(line))
            }
            Event::Reverted(inner) => {
                self.sfx.push(Sfx::Cancel);
                if let Some(line) = undone_line(b, inner) {
                    self.say(line);
                }
                None
            }
            Event::Defeated { .. } | Event::Acted { .. } | Event::Restored(_) => None,
            // `Event` is non-exhaustive: an event added to the core is at least logged.
            _ => Some(Anim::new(Kind::Note, self.enemy_turn).saying(line)),
        };
        if let Some(a) = anim {
            self.anims.push(a);
        }
    }
}

/// Whether the log tells of `e` being taken back ("undone: Kiny misses Axe"): the walks,
/// blows and heals an undo takes back (issue 39's play: after an undo and the same attack
/// again, the log showed two attacks in one turn), and what a scripted event did. Not the
/// bookkeeping that goes with them (acted, experience).
fn told_when_undone(e: &Event) -> bool {
    e.is_scripted() || matches!(e, Event::Moved { .. } | Event::Struck { .. } | Event::Healed { .. })
}

/// The log's line for `e` taken back, when it tells of it ([`told_when_undone`]): the rules'
/// words, but a walk without its path in direction digits and its cost ("undone: Kiny moves
/// (10, 5) → (15, 7)", not "... (path 2223322, cost 7)": the game logs no walk otherwise, and
/// the digits mean nothing to a player; noticed playing the woods).
fn undone_line(b: &crate::rules::Battle, e: &Event) -> Option<String> {
    if !told_when_undone(e) {
        return None;
    }
    Some(match e {
        Event::Moved {
            unit, from, to, path, ..
        } if !path.is_empty() => {
            format!("undone: {} moves {from} → {to}", b.name(*unit))
        }
        _ => format!("undone: {}", e.describe(b)),
    })
}

/// The cells of the units an enemy phase's events tell of (where they stand after it; a
/// fallen one where it fell), each once.
fn reported_cells(b: &crate::rules::Battle, events: &[Event]) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::new();
    let mut add = |u: crate::rules::UnitId| {
        let p = b.unit(u).pos();
        if !out.contains(&p) {
            out.push(p);
        }
    };
    for e in events {
        match e {
            Event::Struck { attacker, defender, .. } => {
                add(*attacker);
                add(*defender);
            }
            Event::Healed { healer, target, .. } => {
                add(*healer);
                add(*target);
            }
            Event::Defeated { unit }
            | Event::GuardWoke { unit, .. }
            | Event::Woken { unit }
            | Event::Arrived { unit, .. } => add(*unit),
            _ => {}
        }
    }
    out
}

/// The signals with each level-up held back until its unit's action is over (the next
/// `Acted`, else the batch's end): the rules grow the unit as its blow lands, before the
/// counter-blow, and the banner shown there came before the counter (issue 33: the roster
/// said 19/19 before a 5-point counter landed).
fn level_ups_after_the_blows(signals: Vec<Signal>) -> Vec<Signal> {
    let mut out = Vec::with_capacity(signals.len());
    let mut held = Vec::new();
    for s in signals {
        match s {
            Signal::Rules(Event::LevelUp { .. }) => held.push(s),
            Signal::Rules(Event::Acted { .. }) => {
                out.push(s);
                out.append(&mut held);
            }
            s => out.push(s),
        }
    }
    out.append(&mut held);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::units::{Growth, Stats};
    use crate::play::phase::{Intent, Session};
    use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};

    /// Issue 39's play: an undone attack stayed in the log as if it had happened, beside the
    /// same attack made again. Every event an undo takes back that the log told is told as
    /// undone, in the words the rules give it.
    #[test]
    fn the_log_tells_of_an_undone_walk_and_blow() {
        let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".....", "....."]).unwrap())
            .unit(UnitSpec::player("Kiny", (0, 0)))
            .unit(UnitSpec::enemy("Brute", (2, 0), "guard"))
            .unit(UnitSpec::player("Lance", (0, 1)))
            .build()
            .unwrap();
        let mut s = Session::new(b, crate::fixture::profiles(""));
        // Walk next to the Brute and strike, then take it back.
        s.input(Intent::Confirm);
        s.input(Intent::Release);
        for i in [
            Intent::Point(skirmish_core::prelude::Pos::new(1, 0)),
            Intent::Confirm,
            Intent::Release,
            Intent::Confirm,
            Intent::Release,
        ] {
            s.input(i);
        }
        s.drain();
        s.input(Intent::Undo);
        let b = s.battle().clone();
        let told: Vec<String> = s
            .drain()
            .into_iter()
            .filter_map(|sig| match sig {
                Signal::Rules(Event::Reverted(inner)) => undone_line(&b, &inner),
                _ => None,
            })
            .collect();
        assert!(
            told.iter()
                .any(|l| l.starts_with("undone: Kiny") && l.contains("Brute")),
            "{told:?}"
        );
        assert!(
            told.iter()
                .any(|l| l.starts_with("undone: Kiny") && l.contains("(1, 0)")),
            "{told:?}"
        );
        assert!(told.iter().all(|l| !l.contains("experience")), "{told:?}");
        // The walk in a player's words, without the path's direction digits.
        assert!(
            told.contains(&"undone: Kiny moves (0, 0) → (1, 0)".to_string()),
            "{told:?}"
        );
    }

    #[test]
    fn a_level_up_is_shown_after_the_counter_blow() {
        let stats = |hp| Stats {
            hp,
            attack: 6,
            defense: 0,
            range_min: 1,
            range_max: 1,
        };
        let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap())
            .unit(
                UnitSpec::player("Kiny", (0, 0))
                    .stats(stats(19))
                    .level(1, 95)
                    .growth(Growth {
                        hp: 1,
                        ..Growth::default()
                    }),
            )
            .unit(UnitSpec::enemy("Brute", (1, 0), "guard").stats(stats(30)))
            .build()
            .unwrap();
        let mut s = Session::new(b, crate::fixture::profiles(""));
        for i in [
            Intent::Confirm,
            Intent::Release,
            Intent::Confirm,
            Intent::Release,
            Intent::Confirm,
        ] {
            s.input(i);
        }
        let signals = s.drain();
        let at =
            |v: &[Signal], f: &dyn Fn(&Event) -> bool| v.iter().position(|x| matches!(x, Signal::Rules(e) if f(e)));
        let level_up = |e: &Event| matches!(e, Event::LevelUp { .. });
        let counter = |e: &Event| matches!(e, Event::Struck { counter: true, .. });
        let (l, c) = (at(&signals, &level_up), at(&signals, &counter));
        assert!(
            l.is_some() && c.is_some() && l < c,
            "the rules grow the unit before the counter: {signals:?}"
        );
        let shown = level_ups_after_the_blows(signals);
        assert!(at(&shown, &level_up) > at(&shown, &counter), "{shown:?}");
    }
}

#[cfg(test)]
mod notice_tests {
    use super::*;

    /// Issue 33's play: Z on an enemy out of reach, a click on a cell out of reach, a heal
    /// click with no free cell: the reason went to the log only. It stands by the cell for a
    /// few seconds, stays while the cursor moves on, and goes when the player does something.
    #[test]
    fn a_refusal_shows_by_its_cell_until_the_player_does_something_else() {
        let mut n = Notice::default();
        let refused = Signal::CannotGo {
            unit: UnitId(0),
            to: Pos::new(9, 1),
        };
        n.see(&refused, || "Kiny cannot reach (9, 1) this turn".into(), 10.0);
        assert_eq!(
            n.shown(10.5),
            Some(("Kiny cannot reach (9, 1) this turn", Pos::new(9, 1)))
        );
        n.see(&Signal::CursorMoved(Pos::new(8, 1)), String::new, 11.0);
        assert!(n.shown(11.0).is_some(), "pointing elsewhere leaves it");
        assert_eq!(n.shown(10.0 + NOTICE_SECS), None, "it fades after a few seconds");
        n.see(&refused, || "again".into(), 20.0);
        n.see(&Signal::Selected(UnitId(1)), String::new, 20.2);
        assert_eq!(n.shown(20.2), None, "another selection takes it away");
        n.see(&refused, || "again".into(), 30.0);
        n.see(&Signal::Cancelled, String::new, 30.1);
        assert_eq!(n.shown(30.1), None, "so does a cancel");
    }
}
