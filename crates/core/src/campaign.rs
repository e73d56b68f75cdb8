//! Campaigns: battles played in order with a roster carried from one to the next. The
//! roster holds every player unit met so far, by name, with its level, experience and
//! stats; [`Roster::prepare`] puts it onto a chapter's scenario before the battle and
//! [`Roster::record`] takes it back from the battle after a won chapter. Files (the
//! campaign file, the progress file) are the data crate's; this is only the rule.

use crate::model::scenario::Scenario;
use crate::model::units::Stats;
use crate::rules::Battle;
use crate::search::grid::{Cost, Team};

/// One player unit of the campaign as it stands between chapters.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Member {
    /// Its name: its identity in every chapter.
    pub name: String,
    /// Its kind (from `units.toml`), for the roster screen.
    pub kind: String,
    /// Its level, from 1.
    pub level: u32,
    /// Experience towards the next level.
    pub exp: u32,
    /// Its stats, grown by every level it gained (hit points are full at each chapter).
    pub stats: Stats,
    /// Fell in a chapter that was won, under permadeath: left out of every later chapter.
    #[cfg_attr(feature = "serde", serde(default))]
    pub fallen: bool,
    /// Its movement points once a level-up has grown them (a kind with a `move` growth);
    /// `None`: the scenario's, as in files written before movement could grow.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub movement: Option<Cost>,
}

/// Every player unit met so far, in the order met, and who must be protected.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Roster {
    /// The units, in the order they were first met.
    pub members: Vec<Member>,
    /// Units protected in any chapter so far (the hero by default): protected in every
    /// chapter they are in, so they are never missing later.
    #[cfg_attr(feature = "serde", serde(default))]
    pub protected: Vec<String>,
}

impl Roster {
    /// The member named `name`.
    pub fn member(&self, name: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.name == name)
    }

    /// Members still standing (not fallen), in the order met.
    pub fn standing(&self) -> impl Iterator<Item = &Member> {
        self.members.iter().filter(|m| !m.fallen)
    }

    /// `scenario` as the campaign plays it: each of its player units in the roster takes the
    /// roster's level, experience, stats and grown movement (its cell stays the scenario's); a fallen member
    /// is left out under permadeath (with its name taken out of seizers, protected units and
    /// arrivals); every protected member in the scenario is protected, besides the
    /// scenario's own (the hero when it names none).
    ///
    /// ```
    /// use skirmish_core::campaign::{Member, Roster};
    /// use skirmish_core::prelude::*;
    /// let map = TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap();
    /// let scenario = BattleBuilder::new(map)
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::player("Lance", (1, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (4, 0), "charger"))
    ///     .scenario();
    /// let mut roster = Roster::default();
    /// let mut kiny = Member {
    ///     name: "Kiny".into(),
    ///     kind: "soldier".into(),
    ///     level: 3,
    ///     exp: 40,
    ///     stats: scenario.units[0].stats,
    ///     fallen: false,
    ///     movement: Some(6),
    /// };
    /// kiny.stats.attack += 2;
    /// roster.members.push(kiny);
    /// roster.members.push(Member { name: "Lance".into(), fallen: true, ..roster.members[0].clone() });
    /// let ready = roster.prepare(&scenario, true);
    /// assert_eq!(ready.units.len(), 2); // Lance fell in an earlier chapter
    /// assert_eq!((ready.units[0].level, ready.units[0].exp), (3, 40));
    /// assert_eq!(ready.units[0].stats.attack, scenario.units[0].stats.attack + 2);
    /// assert_eq!(ready.units[0].movement, 6);
    /// // Casual play (no permadeath) brings the fallen back.
    /// assert_eq!(roster.prepare(&scenario, false).units.len(), 3);
    /// ```
    pub fn prepare(&self, scenario: &Scenario, permadeath: bool) -> Scenario {
        let mut s = scenario.clone();
        let gone = |name: &str| permadeath && self.member(name).is_some_and(|m| m.fallen);
        let dropped: Vec<String> = s
            .units
            .iter()
            .filter(|u| u.team == Team::Player && gone(&u.name))
            .map(|u| u.name.clone())
            .collect();
        if !dropped.is_empty() {
            // When the scenario names no protected unit, the first player unit left is the
            // hero, as the rules say.
            s.units.retain(|u| !dropped.contains(&u.name));
            if let crate::model::objective::Win::Seize { seizers, .. } = &mut s.objective.win {
                seizers.retain(|n| !dropped.contains(n));
            }
            s.objective.protect.retain(|n| !dropped.contains(n));
            for e in &mut s.events {
                e.arrive.retain(|n| !dropped.contains(n));
            }
        }
        for u in s.units.iter_mut().filter(|u| u.team == Team::Player) {
            if let Some(m) = self.member(&u.name) {
                u.level = m.level.max(1);
                u.exp = m.exp;
                u.stats = m.stats;
                if let Some(movement) = m.movement {
                    u.movement = movement;
                }
            }
        }
        let here: Vec<String> = self
            .protected
            .iter()
            .filter(|n| s.units.iter().any(|u| u.team == Team::Player && &&u.name == n))
            .cloned()
            .collect();
        if !here.is_empty() {
            if s.objective.protect.is_empty() {
                s.objective
                    .protect
                    .extend(s.units.iter().find(|u| u.team == Team::Player).map(|u| u.name.clone()));
            }
            for n in here {
                if !s.objective.protect.contains(&n) {
                    s.objective.protect.push(n);
                }
            }
        }
        s
    }

    /// Takes the roster back from `battle`, a won chapter played on `scenario` (as
    /// [`Roster::prepare`] made it): every player unit's level, experience and stats (its
    /// growth kept, its hit points full again), its movement once a level-up (in this chapter
    /// or an earlier one) has grown it, a unit that fell marked fallen under
    /// permadeath, and the chapter's protected units remembered. Members not in this chapter
    /// stay as they were.
    pub fn record(&mut self, battle: &Battle, scenario: &Scenario, permadeath: bool) {
        for id in battle.goals().protect.iter() {
            let name = battle.name(*id).to_string();
            if !self.protected.contains(&name) {
                self.protected.push(name);
            }
        }
        for (u, spec) in battle.units().iter().zip(&scenario.units) {
            if u.team != Team::Player {
                continue;
            }
            let before = self.member(&u.name).and_then(|m| m.movement);
            let grew = u.grown.movement != 0 || before.is_some();
            let member = Member {
                name: u.name.to_string(),
                kind: spec.kind.clone(),
                level: u.level,
                exp: u.exp,
                stats: u.stats,
                fallen: permadeath && !u.alive && !u.reserve,
                movement: grew.then_some(u.movement),
            };
            match self.members.iter_mut().find(|m| *m.name == *u.name) {
                Some(m) => *m = member,
                None => self.members.push(member),
            }
        }
    }
}
