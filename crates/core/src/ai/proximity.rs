//! Enemy B of the original, `behavior = "proximity"`: approaches only while its target is
//! within `sight` (Manhattan, inclusive), else stays.

use super::{Goal, Plan, Target, Why};

/// Approach when the target is within `sight`.
pub(super) fn plan(t: &Target, sight: u32) -> Plan {
    let (target, dist) = (t.id, t.dist);
    if dist > sight {
        Plan::stay(Why::OutOfSight { target, dist, sight })
    } else {
        Plan::act(Goal::Approach, Why::InSight { target, dist, sight })
    }
}
