//! The engine's signals turned into animations, sounds and log lines, the battle's log
//! they write to, and the enemy phase's summary.

use super::*;
use crate::game::fog;

/// Lines the battle's log keeps (a battle writes a few hundred; this only bounds a runaway).
const HISTORY_LINES: usize = 5000;

/// Seconds a new log line stands out in the log area.
pub(in crate::game) const NEW_LINE_SECS: f32 = 4.0;

impl GameState {
    /// Sends one intent to the engine and animates what it did.
    pub(super) fn apply(&mut self, i: Intent) {
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
        for sig in level_ups_after_the_blows(self.session.drain()) {
            if let Some(team) = crate::game::versus::handover(self.session.battle(), &sig) {
                self.handover = Some(team);
            }
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
                Signal::Decided(d) if self.notes => {
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
                    self.show(e)
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

    /// The animation (and log line) of one rules event.
    fn show(&mut self, e: Event) {
        let b = self.session.battle();
        let line = e.describe(b);
        let anim = match &e {
            Event::PhaseBegan { team, .. } => {
                // Hot-seat: the enemy side's phase is a person's, played like the player's.
                self.enemy_turn = *team == Team::Enemy && !b.versus();
                self.recenter = !self.enemy_turn;
                // The log marks where each phase begins.
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
                let line = if fog::struck_unseen(b, *attacker, *defender) {
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
                // What a scripted event did is told when it is taken back too.
                if inner.is_scripted() {
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
