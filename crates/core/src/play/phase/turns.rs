//! The end of the player's phase and the enemy phase, one enemy at a time, until the next
//! turn begins or the battle ends.

use super::{Phase, Session, Signal};
use crate::play::enemy::EnemyPhase;
use crate::rules::{Command, UnitId};
use crate::search::grid::Team;

impl Session {
    pub(super) fn after_player_action(&mut self, acted: UnitId) -> Phase {
        if let Some((winner, _)) = self.battle.ended() {
            return Phase::Over { winner };
        }
        // The cursor goes on to the next ready unit in roster order after the one that acted.
        match self.next_ready_after(Some(acted)) {
            Some(next) => {
                self.visited = Some(next);
                self.move_cursor(self.battle.unit(next).pos);
                Phase::Select
            }
            None if self.auto_end_turn => self.start_enemy_phase(),
            // The player ends the turn (and may still take the last action back).
            None => Phase::Select,
        }
    }

    pub(super) fn start_enemy_phase(&mut self) -> Phase {
        self.undone = None;
        let side = self.side();
        if self.run(Command::EndPhase { team: side }).is_err() {
            return Phase::Select;
        }
        if self.battle.versus() {
            // The other person's phase: theirs to play, from their first ready unit.
            if let Some((winner, _)) = self.battle.ended() {
                return Phase::Over { winner };
            }
            let first = self.battle.ready(self.side()).next();
            self.visited = first;
            if let Some(u) = first {
                self.move_cursor(self.battle.unit(u).pos);
            }
            return Phase::Select;
        }
        let phase = EnemyPhase::begin(&self.battle);
        self.enemy_step(phase)
    }

    /// Lets the next enemy act (the enemy phase's one driver, [`EnemyPhase`]). A command the
    /// rules refuse is shown ([`Signal::Refused`]) and ends the enemy phase, so play goes on.
    pub(super) fn enemy_step(&mut self, mut phase: EnemyPhase) -> Phase {
        match phase.step(&mut self.ai, &mut self.battle) {
            Ok(Some(turn)) => {
                self.unsaved = true;
                self.signals.push(Signal::Decided(Box::new(turn.decision)));
                self.signals.extend(turn.events.into_iter().map(Signal::Rules));
                if let Some((winner, _)) = self.battle.ended() {
                    return Phase::Over { winner };
                }
                return Phase::Enemy { phase };
            }
            Ok(None) => {}
            Err(e) => self.signals.push(Signal::Refused(e)),
        }
        if let Some((winner, _)) = self.battle.ended() {
            return Phase::Over { winner };
        }
        // Everyone has acted: a new turn for the player.
        match EnemyPhase::finish(&mut self.battle) {
            Ok(events) => self.signals.extend(events.into_iter().map(Signal::Rules)),
            Err(e) => {
                self.signals.push(Signal::Refused(e));
                return Phase::Enemy { phase };
            }
        }
        // The end of a turn can decide the battle (survived, the turn limit).
        if let Some((winner, _)) = self.battle.ended() {
            return Phase::Over { winner };
        }
        let first = self.battle.ready(Team::Player).next();
        self.visited = first;
        if let Some(h) = first {
            self.move_cursor(self.battle.unit(h).pos);
        }
        Phase::Select
    }
}
