//! Enemy B of the original, `behavior = "proximity"`: approaches only while its target is
//! within `sight` (Manhattan, inclusive), else stays.

use super::behavior::{builtin_decide, builtin_explain};
use super::danger::Shape;
use super::{AiBehavior, Decision, Explanation, Goal, Plan, Target, Why};
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
        builtin_decide(b, c, id, label, &Behavior::Proximity { sight: self.sight })
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        builtin_explain(b, c, id, label, &Behavior::Proximity { sight: self.sight })
    }

    fn shape(&self, _unit: &Unit) -> Shape {
        Shape::Sight { radius: self.sight }
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
