//! Enemy C of the original, `behavior = "guard_trigger"`: stays until any player unit comes
//! within `trigger`, then chases for the rest of the battle. Waking is a command
//! (`Command::Wake`), so the battle records it as an event.

use super::behavior::builtin_explain;
use super::danger::Shape;
use super::plan::planned;
use super::{AiBehavior, Decision, Explanation, Goal, Method, Plan, Why};
use crate::model::profiles::Behavior;
use crate::rules::{Battle, Caches, Unit, UnitId};

/// `behavior = "guard_trigger"` as an [`AiBehavior`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuardTrigger {
    /// Manhattan distance at which a player unit wakes it.
    pub trigger: u32,
}

impl AiBehavior for GuardTrigger {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        self.decide_with(b, c, id, label, Method::default())
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        builtin_explain(b, c, id, label, &Behavior::GuardTrigger { trigger: self.trigger })
    }

    fn shape(&self, unit: &Unit) -> Shape {
        Shape::Trigger {
            radius: self.trigger,
            fired: unit.triggered,
        }
    }
}

impl GuardTrigger {
    /// Its decision, travel costs found by `method`: it stays until woken, then comes.
    pub(super) fn decide_with(
        &self,
        b: &Battle,
        c: &mut Caches,
        id: UnitId,
        label: String,
        method: Method,
    ) -> Decision {
        planned(b, c, id, label, method, |_| plan(b, id, self.trigger))
    }
}

/// Asleep, awake already, or waking now because of the nearest player unit.
pub(super) fn plan(b: &Battle, me: UnitId, trigger: u32) -> Plan {
    let u = b.unit(me);
    if u.triggered {
        return Plan::act(Goal::Approach, Why::Awake);
    }
    let waker = b
        .living(u.team.other())
        .map(|p| (u.pos.manhattan(b.unit(p).pos), p))
        .min();
    match waker {
        Some((d, w)) if d <= trigger => {
            let mut p = Plan::act(
                Goal::Approach,
                Why::Woke {
                    by: w,
                    dist: d,
                    trigger,
                },
            );
            p.wakes = Some(w);
            p
        }
        Some((d, w)) => Plan::stay(Why::Asleep {
            nearest: w,
            dist: d,
            trigger,
        }),
        None => Plan::stay(Why::AsleepAlone),
    }
}
