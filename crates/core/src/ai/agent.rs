//! [`Ai`]: the enemies' mind as one value — the profiles in force, the method of finding
//! travel costs, and the caches its questions fill. It only reads battles.

use super::{Decision, Explanation, Method, decide_as_with, explain, player};
use crate::model::profiles::{Behavior, Profiles};
use crate::rules::{Battle, Caches, RuleError, UnitId};

/// Decides for units as their profiles say, keeping its travel-cost maps between questions.
///
/// ```
/// use skirmish_core::prelude::*;
/// let terrain = TerrainSet::standard();
/// let battle = BattleBuilder::new(TerrainMap::from_rows(&terrain, &["......"]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::enemy("Brute", (5, 0), "charger").movement(3))
///     .build()
///     .unwrap();
/// let mut ai = Ai::new(Profiles::standard());
/// let brute = battle.find("Brute").unwrap();
/// let d = ai.decide(&battle, brute);
/// // A charger walks its whole move towards Kiny: three cells left along the row.
/// assert_eq!(d.to, Pos::new(2, 0));
/// assert_eq!(d.path.digits(), "444");
/// assert_eq!(d.target, battle.find("Kiny"));
/// ```
///
/// An `Ai` is `Send` but not `Sync`, like its [`Caches`]: their nearest-target maps fill
/// in lazily (a `RefCell`) while a question is answered, so keep one `Ai` per thread (as
/// parallel balance runs do) and move it between threads freely.
#[derive(Debug, Clone, Default)]
pub struct Ai {
    profiles: Profiles,
    method: Method,
    caches: Caches,
    /// Each unit's behaviour, resolved from its profile name once per battle
    /// (`Battle::identity`; 0: none yet), not looked up by name at every decision.
    resolved: (u64, Vec<Option<Behavior>>),
}

// Checked here, so that the promise above cannot silently break.
const _: () = {
    const fn send<T: Send>() {}
    send::<Ai>();
    send::<Caches>();
};

impl Ai {
    /// An AI that decides by `profiles`.
    pub fn new(profiles: Profiles) -> Ai {
        Ai {
            profiles,
            method: Method::default(),
            caches: Caches::new(),
            resolved: (0, Vec::new()),
        }
    }

    /// The same AI finding travel costs by `method` (every method decides alike; see [`Method`]).
    pub fn with_method(mut self, method: Method) -> Ai {
        self.method = method;
        self
    }

    /// The profiles in force.
    pub fn profiles(&self) -> &Profiles {
        &self.profiles
    }

    /// Puts new profiles in force (a live reload): the next decision uses them.
    pub fn set_profiles(&mut self, profiles: Profiles) {
        self.profiles = profiles;
        self.resolved = (0, Vec::new());
    }

    /// The caches, for other questions about the same battles (ranges, travel costs, danger zones).
    pub fn caches(&mut self) -> &mut Caches {
        &mut self.caches
    }

    /// What unit `id` does on its turn, as its profile says; the battle is only read.
    ///
    /// # Panics
    /// When the battle has no unit `id`; [`Ai::try_decide`] refuses it instead.
    pub fn decide(&mut self, b: &Battle, id: UnitId) -> Decision {
        if self.resolved.0 != b.identity() {
            let behaviors = b.units().iter().map(|u| u.behavior(&self.profiles)).collect();
            self.resolved = (b.identity(), behaviors);
        }
        let behavior = self.resolved.1.get(id.0).and_then(Option::as_ref);
        let label = b.unit(id).profile.as_deref().unwrap_or_default().to_string();
        decide_as_with(b, &mut self.caches, id, behavior, label, self.method)
    }

    /// [`Ai::decide`], refusing an id the battle has no unit for
    /// ([`RuleError::NoUnit`]) instead of panicking.
    pub fn try_decide(&mut self, b: &Battle, id: UnitId) -> Result<Decision, RuleError> {
        b.try_unit(id).ok_or(RuleError::NoUnit(id))?;
        Ok(self.decide(b, id))
    }

    /// The numbers behind [`Ai::decide`] for unit `id`.
    ///
    /// # Panics
    /// When the battle has no unit `id`; [`Ai::try_explain`] refuses it instead.
    pub fn explain(&mut self, b: &Battle, id: UnitId) -> Explanation {
        explain(b, &mut self.caches, &self.profiles, id)
    }

    /// [`Ai::explain`], refusing an id the battle has no unit for ([`RuleError::NoUnit`]).
    pub fn try_explain(&mut self, b: &Battle, id: UnitId) -> Result<Explanation, RuleError> {
        b.try_unit(id).ok_or(RuleError::NoUnit(id))?;
        Ok(self.explain(b, id))
    }

    /// What player unit `id` does under a built-in player policy (`seed` breaks ties), or a
    /// [`player::Player`]: a policy with a skill (`seed` also draws its errors). Under fog of
    /// war it decides on what the player's side sees ([`Battle::seen_by`]), as a fair player
    /// would: balance runs under fog measure a player who cannot see through it.
    pub fn decide_player(&mut self, b: &Battle, id: UnitId, policy: impl Into<player::Player>, seed: u64) -> Decision {
        let view = b.seen_by(b.unit(id).team());
        policy.into().decide(&view, &mut self.caches, &self.profiles, id, seed)
    }
}
