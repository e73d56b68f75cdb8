//! The message log's line for an enemy's turn, in a player's words.

use crate::rules::UnitId;
use crate::rules::battle::Battle;
use crate::search::grid::Pos;

/// What the player reads when enemy `unit` moves from `from` to `to` going for `target`:
/// whether it closes on or falls back from its target (by distance). `None` when it stays:
/// its attack, a guard waking, and every other event have lines of their own, and an enemy
/// that does nothing is not news. Why it chose so is for `ai --explain`, not the log.
pub fn enemy_move_line(b: &Battle, unit: UnitId, target: Option<UnitId>, from: Pos, to: Pos) -> Option<String> {
    if from == to {
        return None;
    }
    let name = &b.unit(unit).name();
    let Some(t) = target else {
        return Some(format!("{name} moves"));
    };
    let (at, them) = (b.unit(t).pos(), &b.unit(t).name());
    Some(match to.manhattan(at).cmp(&from.manhattan(at)) {
        std::cmp::Ordering::Less => format!("{name} closes on {them}"),
        std::cmp::Ordering::Greater => format!("{name} falls back from {them}"),
        std::cmp::Ordering::Equal => format!("{name} moves, watching {them}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hud::text::board;

    /// Kiny stands at (0, 0); Warden is the enemy.
    #[test]
    fn an_enemy_move_says_whether_it_closes_in_and_a_stay_says_nothing() {
        let b = board();
        let (kiny, warden) = (Some(UnitId(0)), UnitId(1));
        let line = |from: (i32, i32), to: (i32, i32)| enemy_move_line(&b, warden, kiny, from.into(), to.into());
        assert_eq!(line((3, 3), (2, 2)).as_deref(), Some("Warden closes on Kiny"));
        assert_eq!(line((1, 0), (3, 0)).as_deref(), Some("Warden falls back from Kiny"));
        assert_eq!(line((2, 0), (1, 1)).as_deref(), Some("Warden moves, watching Kiny"));
        assert_eq!(line((1, 0), (1, 0)), None);
        let aimless = enemy_move_line(&b, warden, None, (1, 0).into(), (2, 0).into());
        assert_eq!(aimless.as_deref(), Some("Warden moves"));
    }
}
