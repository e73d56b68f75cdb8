//! Why a unit decided as it did, kept as numbers and unit ids: [`Reason`]. The words are
//! made only when someone reads them ([`Reason::text`]: a game's log, an explanation, text
//! output), so balance runs that play thousands of battles never format a sentence.

use crate::model::terrain::Cost;
use crate::rules::{Battle, UnitId};
use crate::search::grid::Pos;

/// What the behaviour saw before choosing a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Why {
    /// Nothing to say (a charger; a keep_range enemy with its target in sight).
    Nothing,
    /// The unit names a profile the data set lacks: it stays.
    UnknownProfile(String),
    /// No living player unit (said of an enemy): it stays.
    NoTarget,
    /// No living enemy unit (said of a player unit), and nothing else to do: it stays.
    NoEnemy,
    /// Its target is beyond its sight: it stays.
    OutOfSight {
        /// The target.
        target: UnitId,
        /// Manhattan distance to it.
        dist: u32,
        /// The profile's sight.
        sight: u32,
    },
    /// Its target is within sight: it approaches.
    InSight {
        /// The target.
        target: UnitId,
        /// Manhattan distance to it.
        dist: u32,
        /// The profile's sight.
        sight: u32,
    },
    /// A guard woken on an earlier turn.
    Awake,
    /// A guard waking now.
    Woke {
        /// The player unit that came too close.
        by: UnitId,
        /// Its distance.
        dist: u32,
        /// The trigger distance.
        trigger: u32,
    },
    /// A guard still asleep: the nearest player unit is beyond its trigger.
    Asleep {
        /// The nearest player unit.
        nearest: UnitId,
        /// Its distance.
        dist: u32,
        /// The trigger distance.
        trigger: u32,
    },
    /// A guard with no player unit left: it stays.
    AsleepAlone,
    /// A pivot-leash unit approaching inside its area.
    Leash {
        /// Cells at this distance from the pivot or more are never entered.
        radius: u32,
        /// The area's centre.
        pivot: Pos,
    },
    /// A built-in player policy attacks `target` from `from`.
    Attacks {
        /// The enemy struck.
        target: UnitId,
        /// Where the blow is struck from.
        from: Pos,
    },
    /// A built-in player policy found no safe attack and no better cell.
    Holds,
    /// An `advance` unit heading for its goal cell.
    Advancing {
        /// The goal.
        goal: Pos,
    },
    /// A behaviour's reason in its own words (a registered behaviour, or a heal).
    Said(String),
    /// A built-in player policy moves towards an enemy, out of deadly reach.
    MovesTowards {
        /// The cell moved to.
        to: Pos,
        /// The enemy approached, if any is reachable.
        foe: Option<UnitId>,
    },
    /// A player unit ends its action on a cell to seize (which wins the battle).
    Seizes {
        /// The cell.
        cell: Pos,
    },
    /// A player unit stands on a cell the player must hold.
    Guards {
        /// The cell.
        cell: Pos,
    },
    /// A player unit with no blow to strike heads for what the objective asks.
    HeadsFor {
        /// The cell moved to.
        to: Pos,
        /// What it heads for.
        aim: Heading,
    },
}

/// What the scenario's objective has a player unit head for ([`Why::HeadsFor`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Heading {
    /// The nearest cell to seize.
    Seize,
    /// The enemy whose defeat wins.
    Boss(UnitId),
    /// A cell to hold that no player unit stands on.
    Hold(Pos),
}

/// How the chosen cell relates to the goal.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum How {
    /// Nothing to add (the unit stays, or a player policy chose).
    Nothing,
    /// On the ring `range` from the target.
    OnRing {
        /// The wanted distance.
        range: u32,
        /// The target.
        target: UnitId,
    },
    /// No reachable cell on the ring: the nearest to it.
    OffRing {
        /// The wanted distance.
        range: u32,
        /// The target.
        target: UnitId,
        /// The distance it ends at.
        dist: u32,
    },
    /// No path to the target over this terrain: it stays.
    NoPath {
        /// The target.
        target: UnitId,
    },
    /// It stands as close as it can get already.
    AsClose {
        /// The target.
        target: UnitId,
        /// Travel cost from its cell.
        from: Cost,
        /// Travel cost from the cell it ends on (the same cell).
        to: Cost,
    },
    /// An `advance` unit strikes a player unit on its way, from the attack cell nearest its goal.
    AttacksOnTheWay {
        /// The unit struck.
        target: UnitId,
        /// Travel cost from that cell to the goal (`None`: no path).
        travel: Option<Cost>,
    },
    /// An `advance` unit stands on its goal.
    AtGoal,
    /// An `advance` unit finds no path to its goal over this terrain: it stays.
    NoPathToGoal,
    /// An `advance` unit ends on the reachable cell nearest its goal by travel cost.
    TowardGoal {
        /// Travel cost from where it stood (`None`: no path from there).
        from: Option<Cost>,
        /// Travel cost from where it ends.
        to: Cost,
    },
    /// The reachable cell closest to the target by travel cost.
    Closest {
        /// The target.
        target: UnitId,
        /// Travel cost from where it stood (`None`: no path from there).
        from: Option<Cost>,
        /// Travel cost from where it ends.
        to: Cost,
    },
}

/// Why a unit decided as it did: what its behaviour saw, then how it picked its cell.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reason {
    /// What the behaviour saw.
    pub why: Why,
    /// How the cell was picked.
    pub how: How,
}

impl Reason {
    /// A reason with only its first part.
    pub fn just(why: Why) -> Reason {
        Reason { why, how: How::Nothing }
    }

    /// The reason in one line, with the units' names of battle `b`, e.g. "target Kiny at
    /// distance 12 > sight 10: stays" or "closest reachable cell to Kiny by travel cost (9 → 3)".
    pub fn text(&self, b: &Battle) -> String {
        let n = |u: &UnitId| {
            b.units()
                .get(u.0)
                .map_or_else(|| format!("unit #{}", u.0), |x| x.name.to_string())
        };
        let why = match &self.why {
            Why::Nothing => String::new(),
            Why::UnknownProfile(p) => format!("unknown profile {p:?}: stays"),
            // Under fog it knows only of the units its side sees.
            Why::NoTarget if b.fog() => "sees no player unit: stays".into(),
            Why::NoEnemy if b.fog() => "sees no enemy unit: stays".into(),
            Why::NoTarget => "no living player unit: stays".into(),
            Why::NoEnemy => "no living enemy unit: stays".into(),
            Why::OutOfSight { target, dist, sight } => {
                format!("target {} at distance {dist} > sight {sight}: stays", n(target))
            }
            Why::InSight { target, dist, sight } => {
                format!("target {} at distance {dist} <= sight {sight}; ", n(target))
            }
            Why::Awake => "awake since an earlier turn; ".into(),
            Why::Woke { by, dist, trigger } => format!("woke: {} at distance {dist} <= trigger {trigger}; ", n(by)),
            Why::Asleep { nearest, dist, trigger } => format!(
                "asleep: nearest player unit {} at distance {dist} > trigger {trigger}: stays",
                n(nearest)
            ),
            Why::AsleepAlone => "asleep: no player unit: stays".into(),
            Why::Leash { radius, pivot } => format!("within leash {radius} of pivot {pivot}; "),
            Why::Attacks { target, from } => format!("attacks {} from {from}", n(target)),
            Why::Holds => "holds its ground: no safe attack, no better cell".into(),
            Why::Advancing { goal } => format!("advances on {goal}; "),
            Why::Said(words) => words.clone(),
            Why::Seizes { cell } => format!("seizes {cell}"),
            Why::Guards { cell } => format!("stands on {cell} to hold it"),
            Why::HeadsFor { to, aim } => match aim {
                Heading::Seize => format!("moves to {to} towards the nearest cell to seize"),
                Heading::Boss(boss) => format!("moves to {to} towards {}, whose defeat wins", n(boss)),
                Heading::Hold(cell) => format!("moves to {to} towards {cell} to hold it"),
            },
            Why::MovesTowards { to, foe } => match foe {
                Some(foe) => format!("moves to {to} towards {}, out of deadly reach", n(foe)),
                None => format!("moves to {to}, out of deadly reach"),
            },
        };
        let how = match &self.how {
            How::Nothing => String::new(),
            How::OnRing { range, target } => format!("keeps range {range} from {}", n(target)),
            How::OffRing { range, target, dist } => format!(
                "no reachable cell at range {range} from {}: nearest to the ring at distance {dist}",
                n(target)
            ),
            How::NoPath { target } => format!("no path to {} over this terrain: stays", n(target)),
            How::AsClose { target, from, to } => {
                format!("already as close to {} as it can get (travel {from} → {to})", n(target))
            }
            How::AttacksOnTheWay { target, travel } => format!(
                "attacks {} from the attack cell nearest its goal (travel {})",
                n(target),
                travel.map_or_else(|| "∞".to_string(), |t| t.to_string())
            ),
            How::AtGoal => "holds its goal".into(),
            How::NoPathToGoal => "no path to its goal over this terrain: stays".into(),
            How::TowardGoal { from, to } => format!(
                "closest reachable cell to its goal by travel cost ({} → {to})",
                from.map_or_else(|| "∞".to_string(), |a| a.to_string())
            ),
            How::Closest { target, from, to } => format!(
                "closest reachable cell to {} by travel cost ({} → {to})",
                n(target),
                from.map_or_else(|| "∞".to_string(), |a| a.to_string())
            ),
        };
        why + &how
    }
}
