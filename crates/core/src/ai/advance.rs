//! `behavior = "advance"` (`goal = [x, y]`): the unit heads for a cell of the map, not for a
//! unit. It attacks a player unit it can reach this turn, from the attack cell nearest its
//! goal by travel cost; otherwise it ends on the reachable cell with the lowest travel cost
//! to its goal. Ties: the cheaper walk, then reading order. Raids and `hold` objectives are
//! built from it.

use super::behavior::builtin_explain;
use super::{AiBehavior, Decision, Explanation, How, Reason, Why};
use crate::model::profiles::Behavior;
use crate::rules::{Battle, Caches, UnitId, combat};
use crate::search::grid::{Path, Pos};

/// `behavior = "advance"` as an [`AiBehavior`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Advance {
    /// The cell it heads for.
    pub goal: Pos,
}

impl AiBehavior for Advance {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        decide(b, c, id, self.goal, label)
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        builtin_explain(b, c, id, label, &Behavior::Advance { goal: self.goal })
    }
}

pub use super::rank::{AdvanceKey, Scored, ranked};

/// The decision of an advancing unit (`label` is its profile's name).
pub(super) fn decide(b: &Battle, c: &mut Caches, id: UnitId, goal: Pos, label: String) -> Decision {
    let me = b.unit(id);
    let cells = ranked(b, c, id, goal);
    let from_travel = cells.iter().find(|s| s.at == me.pos).and_then(|s| s.travel);
    let best = cells.first().copied().unwrap_or(Scored {
        at: me.pos,
        walk: 0,
        travel: from_travel,
        attacks: false,
    });
    let targets = combat::targets_from(b, id, best.at);
    let attack = targets.iter().copied().min_by_key(|&v| (b.unit(v).hp, v.0));
    let how = match (attack, best.travel) {
        (Some(target), _) => How::AttacksOnTheWay {
            target,
            travel: best.travel,
        },
        (None, None) => How::NoPathToGoal,
        (None, Some(0)) if best.at == me.pos => How::AtGoal,
        (None, Some(to)) => How::TowardGoal { from: from_travel, to },
    };
    // With no path to the goal and no one to strike, it stays where it is.
    let (to, walk) = if matches!(how, How::NoPathToGoal) {
        (me.pos, 0)
    } else {
        (best.at, best.walk)
    };
    let path = if to == me.pos {
        Path::default()
    } else {
        b.with_reach(c, id, None, |r| r.path(to)).unwrap_or_default()
    };
    Decision {
        unit: id,
        team: me.team,
        profile: label,
        target: attack,
        from: me.pos,
        to,
        path,
        cost: walk,
        triggered: true,
        wakes: None,
        reason: Reason {
            why: Why::Advancing { goal },
            how,
        },
        attack,
        heal: None,
    }
}
