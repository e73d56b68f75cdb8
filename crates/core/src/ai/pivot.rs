//! Enemy D of the original, `behavior = "pivot_leash"`: never enters a cell at distance
//! `>= leash` from its pivot, not even in passing; inside that area it approaches its target.
//! [`leash`] is the one statement of that rule: the decision and the danger zone both use it.

use super::{Goal, Plan, Why};
use crate::model::profiles::Behavior;
use crate::rules::Unit;
use crate::search::range::Leash;

/// The area `unit` may never leave under `behavior`, if it has one.
pub fn leash(behavior: Option<Behavior>, unit: &Unit) -> Option<Leash> {
    match behavior {
        Some(Behavior::PivotLeash { leash }) => Some(area(unit, leash)),
        _ => None,
    }
}

fn area(unit: &Unit, radius: u32) -> Leash {
    Leash {
        pivot: unit.pivot,
        radius,
    }
}

/// Approach inside the leash.
pub(super) fn plan(unit: &Unit, radius: u32) -> Plan {
    let l = area(unit, radius);
    let mut p = Plan::act(
        Goal::Approach,
        Why::Leash {
            radius: l.radius,
            pivot: l.pivot,
        },
    );
    p.leash = Some(l);
    p
}
