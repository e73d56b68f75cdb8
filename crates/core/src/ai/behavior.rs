//! [`AiBehavior`]: what a behaviour is to the engine — it decides, explains its decision and
//! says the shape of its danger zone. The six built-ins implement it, and so does any
//! behaviour a game registers under a name of its own ([`super::registry`]).

use super::danger::Shape;
use super::{Decision, Explanation, explain::explain_as};
use crate::model::profiles::{Behavior, CustomBehavior};
use crate::rules::{Battle, Caches, Unit, UnitId};
use crate::search::range::Leash;

/// An enemy behaviour: a profile's `behavior = "NAME"` resolves to one through the
/// [registry](super::registry), with the numbers of the profile's table already read.
///
/// The enemy phase, `ai --explain`, danger zones, expectation files and balance runs all ask
/// the behaviour through this trait, so a game's own behaviour is treated like a built-in.
/// Only [`AiBehavior::decide`] is required; the helpers of [`crate::ai`]
/// ([`choose_target`](super::choose_target), [`Decision::stay`],
/// [`Decision::walk`](super::Decision::walk), [`danger::threats`](super::danger::threats))
/// do the common work.
///
/// ```
/// use skirmish_core::ai::{AiBehavior, Decision, Why};
/// use skirmish_core::rules::{Battle, Caches, UnitId};
///
/// /// Never moves, whatever happens.
/// struct Statue;
///
/// impl AiBehavior for Statue {
///     fn decide(&self, b: &Battle, _c: &mut Caches, id: UnitId, label: String) -> Decision {
///         Decision::stay(b, id, label, Why::Nothing)
///     }
/// }
/// ```
pub trait AiBehavior: Send + Sync {
    /// What unit `id` does on its turn; the battle is only read. `label` is its profile's
    /// name, to be reported as [`Decision::profile`]. Under fog of war `b` is the battle as
    /// the unit's side sees it ([`Battle::seen_by`]): the other side's unseen units are not
    /// on it, so a behaviour cannot act on what its side has not seen.
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision;

    /// The numbers behind [`AiBehavior::decide`], for `--explain`: the decision, the target
    /// candidates, what it wanted and every cell it weighed, best first. By default: the
    /// decision and its candidates, no cells.
    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        let decision = self.decide(b, c, id, label);
        Explanation::of_decision(b, c, decision)
    }

    /// The area of its rule that the danger-zone view outlines (default: none).
    fn shape(&self, unit: &Unit) -> Shape {
        let _ = unit;
        Shape::None
    }

    /// The area `unit` may never leave, if any: its reach in danger zones is cut to it
    /// (default: none).
    fn leash(&self, unit: &Unit) -> Option<Leash> {
        let _ = unit;
        None
    }

    /// What it does, in a few words for a player reading a unit panel (`"heals the most
    /// hurt ally, never attacks"`); `None` (the default) lets the game say only its name.
    ///
    /// ```
    /// use skirmish_core::ai::{AiBehavior, Decision, Why};
    /// use skirmish_core::rules::{Battle, Caches, UnitId};
    /// struct Statue;
    /// impl AiBehavior for Statue {
    ///     fn decide(&self, b: &Battle, _c: &mut Caches, id: UnitId, label: String) -> Decision {
    ///         Decision::stay(b, id, label, Why::Nothing)
    ///     }
    ///     fn summary(&self) -> Option<String> {
    ///         Some("never moves".into())
    ///     }
    /// }
    /// assert_eq!(Statue.summary().as_deref(), Some("never moves"));
    /// ```
    fn summary(&self) -> Option<String> {
        None
    }
}

/// A built-in's explanation through the trait.
pub(super) fn builtin_explain(
    b: &Battle,
    c: &mut Caches,
    id: UnitId,
    label: String,
    behavior: &Behavior,
) -> Explanation {
    explain_as(b, c, id, Some(behavior), label)
}

impl Behavior {
    /// Calls `f` with this behaviour as an [`AiBehavior`]: a built-in's own type
    /// ([`super::builtins`]) or the registered rule of a [`Behavior::Custom`].
    pub fn with_rule<R>(&self, f: impl FnOnce(&dyn AiBehavior) -> R) -> R {
        use super::builtins::*;
        match self {
            Behavior::Charger => f(&Charger),
            Behavior::Proximity { sight } => f(&Proximity { sight: *sight }),
            Behavior::GuardTrigger { trigger } => f(&GuardTrigger { trigger: *trigger }),
            Behavior::PivotLeash { leash } => f(&PivotLeash { leash: *leash }),
            Behavior::KeepRange { sight, range } => f(&KeepRange {
                sight: *sight,
                range: *range,
            }),
            Behavior::Advance { goal } => f(&Advance { goal: *goal }),
            Behavior::Custom(x) => f(x.rule()),
        }
    }
}

/// What a [`CustomBehavior`] not made by the registry decides: it stays.
struct Inert;

impl AiBehavior for Inert {
    fn decide(&self, b: &Battle, _c: &mut Caches, id: UnitId, label: String) -> Decision {
        Decision::stay(b, id, label, super::Why::UnknownProfile(String::new()))
    }
}

impl CustomBehavior {
    /// The registered rule of this profile (one built by hand, not by the registry, stays).
    pub fn rule(&self) -> &dyn AiBehavior {
        match self.rule.downcast_ref::<Box<dyn AiBehavior>>() {
            Some(r) => r.as_ref(),
            None => &Inert,
        }
    }
}
