//! Enemy E of the original, `behavior = "keep_range"`: while its target is within `sight`,
//! ends its move exactly `range` from it whenever such a cell is reachable (stepping back
//! when too close), else on the reachable cell nearest to that ring.

use super::behavior::builtin_explain;
use super::danger::Shape;
use super::plan::planned;
use super::{AiBehavior, Decision, Explanation, Goal, Method, Plan, Target, Why};
use crate::model::profiles::Behavior;
use crate::rules::{Battle, Caches, Unit, UnitId};

/// `behavior = "keep_range"` as an [`AiBehavior`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeepRange {
    /// Manhattan distance within which it acts.
    pub sight: u32,
    /// The distance it keeps from its target.
    pub range: u32,
}

impl KeepRange {
    fn behavior(&self) -> Behavior {
        Behavior::KeepRange {
            sight: self.sight,
            range: self.range,
        }
    }
}

impl AiBehavior for KeepRange {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        self.decide_with(b, c, id, label, Method::default())
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        builtin_explain(b, c, id, label, &self.behavior())
    }

    fn shape(&self, _unit: &Unit) -> Shape {
        Shape::Ring {
            sight: self.sight,
            range: self.range,
        }
    }
}

impl KeepRange {
    /// Its decision, travel costs found by `method`: it keeps its range from a target in sight.
    pub(super) fn decide_with(
        &self,
        b: &Battle,
        c: &mut Caches,
        id: UnitId,
        label: String,
        method: Method,
    ) -> Decision {
        planned(b, c, id, label, method, |t| plan(t, self.sight, self.range))
    }
}

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
