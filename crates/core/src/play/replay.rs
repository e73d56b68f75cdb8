//! Re-running a battle from its player commands: the enemy phases are recomputed by the AI,
//! so the same scenario, data and commands always give the same events.

use crate::ai;
use crate::model::profiles::Profiles;
use crate::rules::{Battle, Command, Event, RuleError};
use crate::search::grid::Team;

/// Executes the player's `commands` on `b` in order; whenever one ends the player's phase,
/// the enemy phase is played by the AI. Returns every event, both sides, in order.
pub fn run(b: &mut Battle, profiles: &Profiles, commands: &[Command]) -> Result<Vec<Event>, RuleError> {
    let mut all = Vec::new();
    for c in commands {
        all.extend(b.execute(c.clone())?);
        all.extend(finish_enemy_phase(b, profiles)?);
    }
    Ok(all)
}

/// When it is the enemy's phase (and the battle goes on), plays it to its end.
pub fn finish_enemy_phase(b: &mut Battle, profiles: &Profiles) -> Result<Vec<Event>, RuleError> {
    let mut all = Vec::new();
    if b.active() == Team::Enemy && b.ended().is_none() {
        let (turns, end) = ai::enemy_phase(b, profiles)?;
        all.extend(turns.into_iter().flat_map(|t| t.events));
        all.extend(end);
    }
    Ok(all)
}
