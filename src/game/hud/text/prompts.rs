//! What the player is asked and told back: the questions put before play is lost, and why
//! confirming on a cell did nothing.

use crate::load::names::{LABEL_CHARS, label};
use crate::play::phase::Ask;
use crate::rules::battle::{Battle, UnitId};
use crate::search::grid::Pos;

/// Where quitting a battle takes the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Leave {
    /// Out of the game (a battle the command line opened: `skirmish play FILE`).
    #[default]
    Game,
    /// Back to the scenario list (a battle opened from the picker).
    Scenarios,
    /// Back to the title screen (a campaign's chapter; Continue plays it again from its start).
    Title,
}

/// The units question `ask` is about: for ending the turn, those that have not acted (a unit
/// left standing on a cell to defend holds it and is not asked about: issue 33's replay
/// found the question counting the units holding the ford as "not acted"); none for the rest.
pub fn asked_about(ask: Ask, b: &Battle) -> Vec<UnitId> {
    match ask {
        Ask::EndTurn => {
            let hold = &b.goals().hold;
            b.ready(crate::game::versus::viewer(b))
                .filter(|&u| b.unit(u).moved() || !hold.contains(&b.unit(u).pos()))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The question put to the player (its Yes and No buttons name the keys that answer it);
/// `leave` is where quitting goes.
pub fn ask_text(ask: Ask, b: &Battle, leave: Leave) -> String {
    match ask {
        Ask::EndTurn => {
            let n = asked_about(ask, b).len();
            let units = if n == 1 { "unit has" } else { "units have" };
            format!("End the turn? {n} {units} not acted yet.")
        }
        Ask::Restart => "Restart the battle? This battle's play is lost.".to_string(),
        Ask::Scenario(step) => format!(
            "Go to the {} scenario? This battle's play is lost.",
            if step < 0 { "previous" } else { "next" }
        ),
        Ask::Load => "Load the save? Play since the last save is lost.".to_string(),
        Ask::Quit => match leave {
            Leave::Game => "Quit the game? Play since the last save is lost.",
            Leave::Scenarios => "Back to the scenario list? Play since the last save is lost.",
            Leave::Title => "Back to the title? Continue replays this chapter from its start.",
        }
        .to_string(),
    }
}

/// Why confirming on `to` did nothing while `unit` was selected: an enemy out of its reach,
/// a cell taken by another unit, or a cell it cannot get to this turn.
pub fn cannot_go(b: &Battle, unit: UnitId, to: Pos) -> String {
    let name = |u: UnitId| label(b.unit(u).name(), LABEL_CHARS);
    match b.unit_at(to) {
        // A cell to strike it from is in reach but every one is taken by our own units
        // (issue 33: "out of reach" said then was not true).
        Some(e)
            if b.unit(e).team() != b.unit(unit).team() && {
                let s = b.unit(unit).stats();
                cells_taken(b, unit, e, s.range_max, |d| s.reaches(d))
            } =>
        {
            format!(
                "every cell from which {} could strike {} is taken by your units",
                name(unit),
                name(e)
            )
        }
        Some(e) if b.unit(e).team() != b.unit(unit).team() => {
            format!("{} is out of {}'s reach this turn", name(e), name(unit))
        }
        // A hurt ally and a healer: confirming heals it when it can be reached; a cell to
        // heal it from is in reach but every one is taken (issue 33's play).
        Some(a)
            if a != unit
                && b.unit(a).team() == b.unit(unit).team()
                && b.unit(a).hp() < b.unit(a).stats().hp
                && b.unit(unit)
                    .heal()
                    .is_some_and(|h| cells_taken(b, unit, a, h.range_max, |d| h.reaches(d))) =>
        {
            format!("no free cell to heal {} from", name(a))
        }
        Some(a) if a != unit && b.unit(unit).heal().is_some() && b.unit(a).hp() < b.unit(a).stats().hp => {
            format!("{} is out of {}'s healing reach this turn", name(a), name(unit))
        }
        Some(a) if a != unit => format!("{} cannot stop where {} stands", name(unit), name(a)),
        _ => format!("{} cannot reach {to} this turn", name(unit)),
    }
}

/// True when some cell at a distance `reaches` accepts (at most `max`) from `other` is held by
/// another unit of `unit`'s side and `unit` could end its move there were it free: a blow or a
/// heal that only those units stand in the way of. "Could end there" is read from the move
/// range as it is (enemies block the way, zones stop it): the cell is entered from one of the
/// range's cells within the move (issue 33's play: at the fords every cell to strike the Mender
/// from was out of Lance's reach behind the enemy's soldiers, or held by one of them, and the
/// note said they were taken by our units; the terrain's travel cost alone ignored the enemy).
fn cells_taken(b: &Battle, unit: UnitId, other: UnitId, max: u32, reaches: impl Fn(u32) -> bool) -> bool {
    let (u, o) = (b.unit(unit), b.unit(other));
    let r = max as i32;
    let mut caches = crate::rules::Caches::new();
    let range = b.range(&mut caches, unit);
    let entered_within_move = |p: Pos, caches: &mut crate::rules::Caches| {
        [(0, -1), (1, 0), (0, 1), (-1, 0)].into_iter().any(|(dx, dy)| {
            let q = Pos::new(p.x + dx, p.y + dy);
            // A cell in an enemy's zone stops the walk there (the start cell does not).
            let goes_on = q == u.pos() || !b.occupancy().stops(q, u.team());
            goes_on
                && range.get(q).is_some_and(|c| {
                    b.travel(caches, p, u.class(), q)
                        .is_some_and(|step| c.cost + step <= range.budget())
                })
        })
    };
    (-r..=r)
        .flat_map(|dy| (-r..=r).map(move |dx| Pos::new(o.pos().x + dx, o.pos().y + dy)))
        .filter(|&p| b.map().contains(p) && reaches(p.manhattan(o.pos())))
        .filter(|&p| b.unit_at(p).is_some_and(|a| a != unit && b.unit(a).team() == u.team()))
        .any(|p| entered_within_move(p, &mut caches))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hud::text::board;
    use crate::load::terrain::ClassId;
    use crate::rules::battle::Unit;
    use crate::search::grid::Team;

    #[test]
    fn questions_name_what_is_at_stake_and_their_buttons_the_keys() {
        let b = board();
        assert_eq!(
            ask_text(Ask::EndTurn, &b, Leave::Game),
            "End the turn? 1 unit has not acted yet."
        );
        assert!(ask_text(Ask::Scenario(1), &b, Leave::Game).contains("next scenario"));
        let l = crate::game::view::Layout::new(640.0, 480.0, 1.0);
        let (_, [yes, no]) = crate::game::buttons::ask_box(&l, &ask_text(Ask::EndTurn, &b, Leave::Game), &[], &[]);
        assert_eq!((yes.button.label(), no.button.label()), ("Yes (Y)", "No (N)"));
    }

    /// Issue 33's replay: on the river, Kiny and Lance held the two cells to defend and Wing
    /// could still act; the question said "3 units have not acted yet". The holders are not
    /// asked about, so they are not counted.
    #[test]
    fn the_end_turn_question_does_not_count_units_holding_a_cell_to_defend() {
        use crate::model::objective::Objective;
        use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
        let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".........."]).unwrap())
            .unit(UnitSpec::player("Kiny", (1, 0)))
            .unit(UnitSpec::player("Lance", (2, 0)))
            .unit(UnitSpec::player("Wing", (4, 0)))
            .unit(UnitSpec::enemy("Brute", (9, 0), "guard"))
            .objective(Objective {
                hold: vec![Pos::new(1, 0), Pos::new(2, 0)],
                ..Objective::default()
            })
            .build()
            .unwrap();
        assert_eq!(
            ask_text(Ask::EndTurn, &b, Leave::Game),
            "End the turn? 1 unit has not acted yet."
        );
    }

    #[test]
    fn quitting_says_where_it_goes() {
        let b = board();
        let q = |leave| ask_text(Ask::Quit, &b, leave);
        assert_eq!(q(Leave::Game), "Quit the game? Play since the last save is lost.");
        assert_eq!(
            q(Leave::Scenarios),
            "Back to the scenario list? Play since the last save is lost."
        );
        assert_eq!(
            q(Leave::Title),
            "Back to the title? Continue replays this chapter from its start."
        );
        // Each fits the question box at the smallest window the battle is designed for.
        let l = crate::game::view::Layout::new(640.0, 480.0, 1.0);
        for leave in [Leave::Game, Leave::Scenarios, Leave::Title] {
            let (bx, _) = crate::game::buttons::ask_box(&l, &q(leave), &[], &[]);
            assert!(crate::game::view::text_w(&q(leave), 14.0) + 20.0 <= bx.w, "{leave:?}");
        }
    }

    #[test]
    fn confirming_where_nothing_can_happen_says_why() {
        let b = board();
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(1, 0)),
            "Warden is out of Kiny's reach this turn"
        );
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(3, 3)),
            "Kiny cannot reach (3, 3) this turn"
        );
        let mut two = b.units().to_vec();
        two.push(Unit::new("Robin", Team::Player, Pos::new(0, 1), ClassId(0), 5));
        let b = Battle::from_parts(b.map().clone(), b.terrain().clone(), two).unwrap();
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(0, 1)),
            "Kiny cannot stop where Robin stands"
        );
        // In a corridor, Lance holds the only cell to strike the Brute from: not "out of
        // Kiny's reach" (issue 33), but taken.
        use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
        let rows = ["######", "......", "######"];
        let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &rows).unwrap())
            .unit(UnitSpec::player("Kiny", (0, 1)))
            .unit(UnitSpec::player("Lance", (2, 1)))
            .unit(UnitSpec::enemy("Brute", (3, 1), "guard"))
            .unit(UnitSpec::enemy("Imp", (4, 1), "guard"))
            .build()
            .unwrap();
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(3, 1)),
            "every cell from which Kiny could strike Brute is taken by your units"
        );
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(4, 1)),
            "Imp is out of Kiny's reach this turn"
        );
        // Issue 33's play (the fords): Lance's cell is the only one to strike the Brute from,
        // but an enemy stands in the corridor between: out of reach, not "taken".
        let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &rows).unwrap())
            .unit(UnitSpec::player("Kiny", (0, 1)))
            .unit(UnitSpec::enemy("Imp", (2, 1), "guard"))
            .unit(UnitSpec::player("Lance", (3, 1)))
            .unit(UnitSpec::enemy("Brute", (4, 1), "guard"))
            .build()
            .unwrap();
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(4, 1)),
            "Brute is out of Kiny's reach this turn"
        );
        // A healer and a hurt ally whose every neighbour is taken (issue 33's play); farther
        // than the healer walks, out of its healing reach.
        use skirmish_core::model::units::{Healing, Stats};
        let stats = Stats {
            hp: 24,
            attack: 5,
            defense: 1,
            range_min: 1,
            range_max: 1,
        };
        let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &rows).unwrap())
            .unit(UnitSpec::player("Mira", (0, 1)).healer(Healing::adjacent(5)))
            .unit(UnitSpec::player("Kiny", (2, 1)))
            .unit(UnitSpec::player("Bram", (3, 1)).stats(stats).hurt(10))
            .unit(UnitSpec::player("Lance", (4, 1)))
            .unit(UnitSpec::enemy("Brute", (5, 1), "guard"))
            .build()
            .unwrap();
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(3, 1)),
            "no free cell to heal Bram from"
        );
        let rows = ["##################", "..................", "##################"];
        let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &rows).unwrap())
            .unit(UnitSpec::player("Mira", (0, 1)).healer(Healing::adjacent(5)))
            .unit(UnitSpec::player("Bram", (15, 1)).stats(stats).hurt(10))
            .unit(UnitSpec::enemy("Brute", (17, 1), "guard"))
            .build()
            .unwrap();
        assert_eq!(
            cannot_go(&b, UnitId(0), Pos::new(15, 1)),
            "Bram is out of Mira's healing reach this turn"
        );
    }
}
