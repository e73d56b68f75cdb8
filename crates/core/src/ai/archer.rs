//! Enemy E of the original, `behavior = "keep_range"`: while its target is within `sight`,
//! ends its move exactly `range` from it whenever such a cell is reachable (stepping back
//! when too close), else on the reachable cell nearest to that ring.

use super::{Goal, Plan, Target, Why};

/// Keep the ring when the target is in sight.
pub(super) fn plan(t: &Target, sight: u32, range: u32) -> Plan {
    if t.dist > sight {
        Plan::stay(Why::OutOfSight {
            target: t.id,
            dist: t.dist,
            sight,
        })
    } else {
        Plan::act(Goal::Ring(range), Why::Nothing)
    }
}
