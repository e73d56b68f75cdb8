//! Enemy B of the original, `behavior = "proximity"`: approaches only while its target is
//! within `sight` (Manhattan, inclusive), else stays.

use super::{Goal, Plan, Target};

/// Approach when the target is within `sight`.
pub(super) fn plan(t: &Target, sight: u32) -> Plan {
    if t.dist > sight {
        Plan::stay(format!(
            "target {} at distance {} > sight {sight}: stays",
            t.name, t.dist
        ))
    } else {
        Plan::act(
            Goal::Approach,
            format!("target {} at distance {} <= sight {sight}; ", t.name, t.dist),
        )
    }
}
