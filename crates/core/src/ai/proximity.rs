//! Enemy B of the original, `behavior = "proximity"`: approaches only while its target is
//! within `sight` (Manhattan, inclusive), else stays.

use super::behavior::builtin_explain;
use super::danger::Shape;
use super::plan::planned;
use super::{AiBehavior, Decision, Explanation, Goal, Method, Plan, Target, Why};
use crate::model::profiles::Behavior;
use crate::rules::{Battle, Caches, Unit, UnitId};

/// `behavior = "proximity"` as an [`AiBehavior`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proximity {
    /// Manhattan distance within which it comes.
    pub sight: u32,
}

impl AiBehavior for Proximity {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        self.decide_with(b, c, id, label, Method::default())
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        builtin_explain(b, c, id, label, &Behavior::Proximity { sight: self.sight })
    }

    fn shape(&self, _unit: &Unit) -> Shape {
        Shape::Sight { radius: self.sight }
    }
}

impl Proximity {
    /// Its decision, travel costs found by `method`: it approaches a target in sight.
    pub(super) fn decide_with(
        &self,
        b: &Battle,
        c: &mut Caches,
        id: UnitId,
        label: String,
        method: Method,
    ) -> Decision {
        planned(b, c, id, label, method, |t| plan(t, self.sight))
    }
}

/// Approach when the target is within `sight`.
pub(super) fn plan(t: &Target, sight: u32) -> Plan {
    let (target, dist) = (t.id, t.dist);
    if dist > sight {
        Plan::stay(Why::OutOfSight { target, dist, sight })
    } else {
        Plan::act(Goal::Approach, Why::InSight { target, dist, sight })
    }
}
