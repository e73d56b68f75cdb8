//! Enemy D of the original, `behavior = "pivot_leash"`: never enters a cell at distance
//! `>= leash` from its pivot, not even in passing; inside that area it approaches its target.
//! [`leash`] is the one statement of that rule: the decision and the danger zone both use it.

use super::behavior::builtin_explain;
use super::danger::Shape;
use super::plan::planned;
use super::{AiBehavior, Decision, Explanation, Goal, Method, Plan, Why};
use crate::model::profiles::Behavior;
use crate::rules::{Battle, Caches, Unit, UnitId};
use crate::search::range::Leash;

pub use super::rank::leash;

/// `behavior = "pivot_leash"` as an [`AiBehavior`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PivotLeash {
    /// Cells at this distance from the pivot or more are never entered.
    pub leash: u32,
}

impl AiBehavior for PivotLeash {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        self.decide_with(b, c, id, label, Method::default())
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        builtin_explain(b, c, id, label, &Behavior::PivotLeash { leash: self.leash })
    }

    fn shape(&self, unit: &Unit) -> Shape {
        let l = area(unit, self.leash);
        Shape::Leash {
            pivot: l.pivot,
            radius: l.radius,
        }
    }

    fn leash(&self, unit: &Unit) -> Option<Leash> {
        Some(area(unit, self.leash))
    }
}

fn area(unit: &Unit, radius: u32) -> Leash {
    super::rank::leash_area(unit, radius)
}

impl PivotLeash {
    /// Its decision, travel costs found by `method`: it approaches inside its leash.
    pub(super) fn decide_with(
        &self,
        b: &Battle,
        c: &mut Caches,
        id: UnitId,
        label: String,
        method: Method,
    ) -> Decision {
        planned(b, c, id, label, method, |_| plan(b.unit(id), self.leash))
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
