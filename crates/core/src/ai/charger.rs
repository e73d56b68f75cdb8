//! Enemy A of the original, `behavior = "charger"`: always approaches its target.

use super::behavior::{builtin_decide, builtin_explain};
use super::{AiBehavior, Decision, Explanation, Goal, Plan, Why};
use crate::model::profiles::Behavior;
use crate::rules::{Battle, Caches, UnitId};

/// `behavior = "charger"` as an [`AiBehavior`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charger;

impl AiBehavior for Charger {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        builtin_decide(b, c, id, label, &Behavior::Charger)
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        builtin_explain(b, c, id, label, &Behavior::Charger)
    }
}

/// A charger always comes.
pub(super) fn plan() -> Plan {
    Plan::act(Goal::Approach, Why::Nothing)
}
