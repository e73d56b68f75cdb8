//! The engine's signals turned into animations, sounds and log lines, and the message log
//! they write to.

use super::*;

/// Lines kept in the message log, and seconds each stays.
const LOG_LINES: usize = 4;
pub(super) const LOG_SECS: f32 = 8.0;

/// Opacity of a log line `age` seconds old: it fades out over its last second.
pub(in crate::game) fn log_alpha(age: f32) -> f32 {
    (LOG_SECS - age).clamp(0.0, 1.0)
}

impl GameState {
    /// Sends one intent to the engine and animates what it did.
    pub(super) fn apply(&mut self, i: Intent) {
        self.session.input(i);
        self.absorb();
    }

    /// Adds `line` to the message log, dropping the oldest beyond its lines.
    pub(super) fn say(&mut self, line: String) {
        self.log.push_back((line, 0.0));
        while self.log.len() > LOG_LINES {
            self.log.pop_front();
        }
    }

    /// Turns the engine's signals into animations, sounds and log lines. Every log line
    /// rides on the animation of its event and appears when that event is on screen.
    pub(super) fn absorb(&mut self) {
        let mut record = false;
        let mut granted = Vec::new();
        for sig in self.session.drain() {
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
                Signal::Decided(d) => {
                    let b = self.session.battle();
                    let line = crate::game::hud::text::enemy_move_line(b, d.unit, d.target, d.from, d.to);
                    let focus = Anim::new(Kind::Focus { unit: d.unit }, true);
                    self.anims.push(match line {
                        Some(line) => focus.saying(line),
                        None => focus,
                    });
                }
                Signal::Rules(e) => self.show(e),
                Signal::Asking(_) => self.sfx.push(Sfx::Select),
                Signal::Granted(ask) => granted.push(ask),
                Signal::CannotGo { unit, to } => {
                    self.sfx.push(Sfx::Cancel);
                    let why = crate::game::hud::text::cannot_go(self.session.battle(), unit, to);
                    self.say(why);
                }
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
                self.enemy_turn = *team == Team::Enemy;
                self.recenter = !self.enemy_turn;
                Some(Anim::new(Kind::Banner { text: line }, self.enemy_turn))
            }
            Event::Moved { unit, from, path, .. } => {
                let mut cells = vec![*from];
                cells.extend(path.replay(*from));
                Some(Anim::new(Kind::Move { unit: *unit, cells }, self.enemy_turn))
            }
            Event::Struck {
                attacker,
                defender,
                damage,
                hp_before,
                hp_left,
                ..
            } => {
                let (a, d) = (b.unit(*attacker).pos, b.unit(*defender).pos);
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
                Some(Anim::new(kind, self.enemy_turn).saying(line))
            }
            Event::GuardWoke { .. }
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
        };
        if let Some(a) = anim {
            self.anims.push(a);
        }
    }
}
