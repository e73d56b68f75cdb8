//! The fixed-rate logic step: the file watch, animation cues, the enemy phase's pacing,
//! playback, script and buffered keys, the camera, and the log's ageing.

use super::signals::LOG_SECS;
use super::*;

/// Seconds of rest after an enemy's animation before the next enemy acts.
const ENEMY_GAP: f32 = 0.15;

impl GameState {
    /// True when a player may act: nothing animating, not the enemy's turn, no script left.
    pub(super) fn accepts_input(&self) -> bool {
        !self.anims.busy()
            && !matches!(self.session.phase(), Phase::Enemy { .. })
            && self.script.is_empty()
            && self.playback.is_empty()
    }

    /// One fixed logic step of `dt` seconds.
    pub(super) fn tick(&mut self, dt: f32) {
        self.clock += dt;
        self.watch_clock += dt;
        if self.watch_clock >= WATCH_SECS {
            self.watch_clock = 0.0;
            if self.watch.changed() {
                self.reload();
            }
        }
        let fast = self.fast || self.shift;
        for cue in self.anims.advance(dt, fast) {
            match cue {
                Cue::Step => self.sfx.push(Sfx::Step),
                Cue::Hit => self.sfx.push(Sfx::Hit),
                Cue::Say(line) => self.say(line),
            }
        }
        if !self.anims.busy() {
            if matches!(self.session.phase(), Phase::Enemy { .. }) {
                if self.enemy_pause > 0.0 {
                    self.enemy_pause -= dt * if fast { anim::FAST } else { 1.0 };
                } else {
                    self.apply(Intent::Advance);
                    self.enemy_pause = if self.anims.busy() { ENEMY_GAP } else { 0.0 };
                }
            } else if !self.playback.is_empty() {
                self.play_back(dt);
            } else if self.script.is_empty()
                && let Some(i) = self.keys.pop()
            {
                // A key pressed while something moved: its turn now.
                self.apply(i);
            } else if !self.script.is_empty() {
                self.script_wait -= dt;
                if self.script_wait <= 0.0
                    && let Some(t) = self.script.pop_front()
                {
                    self.play(t);
                    self.script_wait = TOKEN_SECS;
                }
            }
        }
        if matches!(self.session.phase(), Phase::Enemy { .. }) {
            // Keys pressed during the enemy's turn are not the player's next moves.
            self.keys.clear();
        }
        let focus = self.focus();
        let view = self.layout.world_view();
        if self.recenter && !self.anims.busy() {
            self.recenter = false;
            self.camera.center_on(focus, view, false);
        }
        // A cursor the mouse moves is where the mouse is: the view does not chase it (that
        // would scroll the map under a still pointer). Animations and keys still lead it.
        if self.anims.busy() || !self.pointing.leads() {
            self.camera.follow(focus, view, false);
        }
        let before = self.camera.pos;
        self.camera.update(dt);
        if self.camera.pos != before {
            self.repoint();
        }
        for (_, age) in &mut self.log {
            *age += dt;
        }
        while self.log.front().is_some_and(|(_, age)| *age > LOG_SECS) {
            self.log.pop_front();
        }
    }
}
