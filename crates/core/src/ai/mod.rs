//! Enemy decisions. [`decide`] reads the battle and answers with a [`Decision`] — target,
//! destination, path, attack and a one-line reason a level designer can read — and the
//! commands that carry it out; the rules core acts (`play::enemy::act`). Every behaviour
//! implements [`AiBehavior`] and is found by name in a [`registry::Registry`]; one file per
//! built-in, each its own type deciding by its own plan: `charger`, `proximity`, `guard`,
//! `pivot`, `archer`, `advance`, `support`; below them, importing none of them, `plan`
//! (target choice, goals and the cell a goal picks), `decision` ([`Decision`]) and [`rank`]
//! (the helpers any behaviour can use); `player` is the built-in player policy.
//!
//! A game adds a behaviour of its own by implementing [`AiBehavior`] and registering it in
//! its registry ([`registry::Registry::register`]), which it hands to the loaders; a profile
//! then names it like a built-in (`behavior = "healer"`). The crate's example `custom_behavior` is a whole game doing so.

pub mod advance;
mod agent;
mod archer;
mod behavior;
pub mod canto;
mod charger;
pub mod danger;
mod explain;
mod guard;
pub mod pivot;
pub mod player;
mod proximity;
pub mod rank;
mod reason;
pub mod registry;
pub mod support;

pub use agent::Ai;
pub use behavior::AiBehavior;
pub use explain::{Candidate, CellScore, Explanation, ZoneCut, explain, zone_cuts};
pub use reason::{Heading, How, Reason, Why};

/// The six built-in behaviours as [`AiBehavior`] values (what a profile of theirs resolves to).
pub mod builtins {
    pub use super::advance::Advance;
    pub use super::archer::KeepRange;
    pub use super::charger::Charger;
    pub use super::guard::GuardTrigger;
    pub use super::pivot::PivotLeash;
    pub use super::proximity::Proximity;
}

mod decision;
mod plan;

pub use decision::Decision;
#[doc(hidden)] // Shared with `ai::explain`; the explanation is the API.
pub use plan::{CellKey, cell_key};
pub use plan::{Goal, Method, choose_target, choose_target_with};
pub(crate) use plan::{Plan, Target};

use crate::model::profiles::{Behavior, Profiles};
use crate::rules::{Battle, Caches, UnitId};

/// Decides for enemy `id` as its profile says. Reads the battle only (an [`Ai`] keeps the
/// profiles and caches for you and resolves profiles once per battle).
///
/// ```
/// use skirmish_core::prelude::*;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..........."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::enemy("Scout", (10, 0), "proximity"))
///     .build()
///     .unwrap();
/// let scout = b.find("Scout").unwrap();
/// let d = skirmish_core::ai::decide(&b, &mut Caches::new(), &Profiles::standard(), scout);
/// // Kiny stands exactly at the proximity profile's sight (10): the scout comes.
/// assert!(d.triggered);
/// assert_eq!(d.reason.text(&b), "target Kiny at distance 10 <= sight 10; closest reachable cell to Kiny by travel cost (10 → 5)");
/// assert_eq!(d.commands(), [Command::Move { unit: scout, path: d.path.clone() }, Command::Wait { unit: scout }]);
/// ```
pub fn decide(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId) -> Decision {
    decide_with(b, c, profiles, id, Method::default())
}

/// [`decide`] by either method of finding travel costs (the decision is the same).
pub fn decide_with(b: &Battle, c: &mut Caches, profiles: &Profiles, id: UnitId, method: Method) -> Decision {
    let profile_name = b.unit(id).profile.as_deref().unwrap_or_default().to_string();
    let behavior = b.unit(id).behavior(profiles);
    decide_as_with(b, c, id, behavior.as_ref(), profile_name, method)
}

/// Decides for `id` with an explicit behaviour (`None`: unknown profile, stays); `label`
/// is reported as the profile. The built-in player policy falls back to a charger labelled `player`.
pub fn decide_as(b: &Battle, c: &mut Caches, id: UnitId, behavior: Option<Behavior>, label: String) -> Decision {
    decide_as_with(b, c, id, behavior.as_ref(), label, Method::default())
}

/// The one place a behaviour is dispatched: the built-ins by their variant to their own
/// types (the enemy phase's hot path stays free of dynamic calls), a registered behaviour
/// through its [`AiBehavior`].
pub(super) fn decide_as_with(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    behavior: Option<&Behavior>,
    label: String,
    method: Method,
) -> Decision {
    use builtins::*;
    // Under fog the unit decides on what its side sees, and nothing else.
    let view = b.seen_by(b.unit(id).team());
    let b: &Battle = &view;
    match behavior {
        None => {
            let why = Why::UnknownProfile(label.clone());
            plan::planned_any(b, c, id, label, method, |_| Plan::stay(why))
        }
        Some(Behavior::Charger) => Charger.decide_with(b, c, id, label, method),
        Some(Behavior::Proximity { sight }) => Proximity { sight: *sight }.decide_with(b, c, id, label, method),
        Some(Behavior::GuardTrigger { trigger }) => {
            GuardTrigger { trigger: *trigger }.decide_with(b, c, id, label, method)
        }
        Some(Behavior::PivotLeash { leash }) => PivotLeash { leash: *leash }.decide_with(b, c, id, label, method),
        Some(Behavior::KeepRange { sight, range }) => KeepRange {
            sight: *sight,
            range: *range,
        }
        .decide_with(b, c, id, label, method),
        Some(Behavior::Advance { goal }) => advance::decide(b, c, id, *goal, label),
        Some(Behavior::Custom(x)) => x.rule().decide(b, c, id, label),
    }
}
