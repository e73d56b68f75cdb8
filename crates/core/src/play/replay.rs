//! Re-running a battle from its player commands: the enemy phases are recomputed by the AI,
//! so the same scenario, data and commands always give the same events. A versus battle's
//! commands hold both sides' (the enemy side was a person's): nothing is recomputed.

use crate::ai::Ai;
use crate::play::enemy::EnemyPhase;
use crate::rules::{Battle, Command, Event, RuleError};
use crate::search::grid::Team;

/// Executes `commands` in order, each enemy phase they start played by `ai` to its end;
/// every event, in order. In a versus battle the commands are both sides' and an `EndPhase`
/// ends the phase of the side whose phase it is (a replay's `end_phase` names no side).
pub fn run(b: &mut Battle, ai: &mut Ai, commands: &[Command]) -> Result<Vec<Event>, RuleError> {
    let mut all = Vec::new();
    for c in commands {
        let c = match c {
            Command::EndPhase { .. } if b.versus() => Command::EndPhase { team: b.active() },
            c => c.clone(),
        };
        all.extend(b.execute(c)?);
        all.extend(finish_enemy_phase(b, ai)?);
    }
    Ok(all)
}

/// Plays the enemy phase to its end when the battle is in one (nothing otherwise, and nothing
/// in a versus battle, whose enemy phases are a person's commands: [`Battle::with_versus`]).
pub fn finish_enemy_phase(b: &mut Battle, ai: &mut Ai) -> Result<Vec<Event>, RuleError> {
    if b.active() == Team::Enemy && b.ended().is_none() && !b.versus() {
        let report = EnemyPhase::run(ai, b)?;
        return Ok(report.events().cloned().collect());
    }
    Ok(Vec::new())
}
