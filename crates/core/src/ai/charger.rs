//! Enemy A of the original, `behavior = "charger"`: always approaches its target.

use super::behavior::builtin_explain;
use super::plan::planned;
use super::{AiBehavior, Decision, Explanation, Goal, Method, Plan, Why};
use crate::model::profiles::Behavior;
use crate::rules::{Battle, Caches, UnitId};

/// `behavior = "charger"` as an [`AiBehavior`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charger;

impl AiBehavior for Charger {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        self.decide_with(b, c, id, label, Method::default())
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        builtin_explain(b, c, id, label, &Behavior::Charger)
    }
}

impl Charger {
    /// Its decision, travel costs found by `method`: it approaches its target.
    pub(super) fn decide_with(
        &self,
        b: &Battle,
        c: &mut Caches,
        id: UnitId,
        label: String,
        method: Method,
    ) -> Decision {
        planned(b, c, id, label, method, |_| plan())
    }
}

/// A charger always comes.
pub(super) fn plan() -> Plan {
    Plan::act(Goal::Approach, Why::Nothing)
}
