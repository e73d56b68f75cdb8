//! Enemy A of the original, `behavior = "charger"`: always approaches its target.

use super::{Goal, Plan, Why};

/// A charger always comes.
pub(super) fn plan() -> Plan {
    Plan::act(Goal::Approach, Why::Nothing)
}
