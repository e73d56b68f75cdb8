//! Enemy C of the original, `behavior = "guard_trigger"`: stays until any player unit comes
//! within `trigger`, then chases for the rest of the battle. Waking is a command
//! (`Command::Wake`), so the battle records it as an event.

use super::{Goal, Plan, Why};
use crate::rules::{Battle, UnitId};

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
