//! Properties of the enemy AI on random boards, checked against the contract's definitions
//! (reachable cells, travel cost, distances), not against the AI's own helpers. Self-contained
//! on purpose: only `fixture` and `ai::decide` are used.

use skirmish::fixture::{Placed, Scene, enemy, player, profiles};
use skirmish::search::grid::Pos;

/// A player flier on a mountain, seen by an enemy horse (which cannot enter mountains):
/// the horse still approaches (contract, second round: the target's own cell counts 1).
#[test]
fn a_horse_chases_a_flier_standing_on_a_mountain() {
    let mut scene = Scene::parse(
        "
        . . . . . . . . P
        E . . . . . . . .
        ",
    );
    let p = scene.mark('P');
    let mountain = scene.terrain.by_glyph('M').unwrap();
    scene.map.set(p, mountain);
    let flier = Placed {
        class: "flier",
        ..player('P')
    };
    let horse = Placed {
        class: "horse",
        ..enemy('E', "charger", 4)
    };
    let battle = scene.battle(&[flier, horse]);
    let id = battle.find("E").unwrap();
    let d = skirmish::fixture::decide(&battle, &profiles(""), id);
    assert_eq!(d.target.map(|t| battle.name(t)), Some("P"), "{:?}", d.reason);
    assert_ne!(d.to, d.from, "the horse must move: {:?}", d.reason);
    // Four plain steps toward P: the cells at Manhattan distance 5 from it are the closest.
    assert_eq!(d.to.manhattan(p), 5, "went to {}: {:?}", d.to, d.reason);
    assert_eq!(d.path.end(d.from), d.to);
}

// ---- random boards against a reference built from the contract's definitions ----

use pathfinding::prelude::dijkstra_all;
use proptest::prelude::*;
use std::collections::HashMap;

/// Which profile the enemy follows, with its numbers.
#[derive(Debug, Clone, Copy)]
enum Prof {
    Charger,
    Proximity(u32),
    Guard(u32),
    Pivot(u32, (i32, i32)),
    Keep(u32, u32),
}

fn prof() -> impl Strategy<Value = Prof> {
    prop_oneof![
        Just(Prof::Charger),
        (1u32..12).prop_map(Prof::Proximity),
        (1u32..8).prop_map(Prof::Guard),
        (1u32..6, (0i32..9, 0i32..9)).prop_map(|(l, p)| Prof::Pivot(l, p)),
        (1u32..12, 1u32..5).prop_map(|(s, r)| Prof::Keep(s, r)),
    ]
}

/// A board: rows of terrain, the player's and the enemy's cells, the enemy's move.
fn board() -> impl Strategy<Value = (Vec<Vec<char>>, usize, usize, u32)> {
    (3usize..9, 3usize..9).prop_flat_map(|(w, h)| {
        let glyph = prop::sample::select(vec!['.', '.', '.', 'T', '^', '~', 'M', '#']);
        (
            prop::collection::vec(prop::collection::vec(glyph, w), h),
            0..w * h,
            0..w * h,
            1u32..9,
        )
    })
}

fn neighbours(p: Pos) -> [Pos; 4] {
    [
        Pos::new(p.x, p.y - 1),
        Pos::new(p.x + 1, p.y),
        Pos::new(p.x, p.y + 1),
        Pos::new(p.x - 1, p.y),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn enemies_end_where_the_contract_says((mut rows, pi, ei, movement) in board(), prof in prof()) {
        prop_assume!(pi != ei);
        let w = rows[0].len();
        let (pp, ep) = (Pos::new((pi % w) as i32, (pi / w) as i32), Pos::new((ei % w) as i32, (ei / w) as i32));
        rows[pp.y as usize][pp.x as usize] = 'P';
        rows[ep.y as usize][ep.x as usize] = 'E';
        let picture: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
        let scene = Scene::parse(&picture.join("\n"));
        let (name, extra) = match prof {
            Prof::Charger => ("charger", String::new()),
            Prof::Proximity(s) => ("t", format!("[t]\nbehavior = \"proximity\"\nsight = {s}\n")),
            Prof::Guard(t) => ("t", format!("[t]\nbehavior = \"guard_trigger\"\ntrigger = {t}\n")),
            Prof::Pivot(l, _) => ("t", format!("[t]\nbehavior = \"pivot_leash\"\nleash = {l}\n")),
            Prof::Keep(s, r) => ("t", format!("[t]\nbehavior = \"keep_range\"\nsight = {s}\nrange = {r}\n")),
        };
        let mut foe = enemy('E', name, movement);
        if let Prof::Pivot(_, (x, y)) = prof {
            foe = foe.pivot(Pos::new(x.min(w as i32 - 1), y.min(rows.len() as i32 - 1)));
        }
        let battle = scene.battle(&[player('P'), foe]);
        let id = battle.find("E").unwrap();
        let pivot = battle.unit(id).pivot();
        let d = skirmish::fixture::decide(&battle, &profiles(&extra), id);

        // Reference, from the contract: foot costs; the target's own cell counts 1 when
        // the mover cannot enter it (here it is plain, so it costs 1 either way).
        let enter = |p: Pos| -> Option<u32> {
            scene.map.contains(p).then(|| scene.terrain.get(scene.map.at(p)).cost_for(skirmish::load::terrain::ClassId(0))).flatten()
        };
        let travel_map = dijkstra_all(&pp, |&p| {
            // Backward search: from `p` the mover came from a neighbour `n`, paying `p`'s cost.
            let pay = if p == pp { enter(p).unwrap_or(1) } else { enter(p).unwrap_or(0) };
            neighbours(p).into_iter().filter(|&n| enter(n).is_some()).map(move |n| (n, pay)).collect::<Vec<_>>()
        });
        let travel = |p: Pos| if p == pp { Some(0) } else { travel_map.get(&p).map(|&(_, c)| c) };
        let leash = match prof { Prof::Pivot(l, _) => Some(l), _ => None };
        let inside = |p: Pos| leash.is_none_or(|l| p.manhattan(pivot) < l);
        let walks = dijkstra_all(&ep, |&p| {
            neighbours(p).into_iter()
                .filter(|&n| n != pp && inside(n))
                .filter_map(|n| enter(n).map(|c| (n, c)))
                .collect::<Vec<_>>()
        });
        let mut reach: HashMap<Pos, u32> = walks.iter().filter(|(_, (_, c))| *c <= movement).map(|(p, (_, c))| (*p, *c)).collect();
        reach.insert(ep, 0);

        let dist = ep.manhattan(pp);
        let stays = d.to == d.from && d.path == "0";
        prop_assert!(reach.contains_key(&d.to), "{:?}: ended on {} which is not reachable: {:?}", prof, d.to, d.reason);
        prop_assert_eq!(d.path.end(d.from), d.to);
        let approaching = match prof {
            Prof::Charger | Prof::Pivot(..) => true,
            Prof::Proximity(s) => {
                prop_assert_eq!(d.triggered, dist <= s, "proximity triggers exactly within sight");
                dist <= s
            }
            Prof::Guard(t) => {
                prop_assert_eq!(d.triggered, dist <= t, "a guard wakes exactly within trigger");
                dist <= t
            }
            Prof::Keep(s, r) => {
                prop_assert_eq!(d.triggered, dist <= s, "keep_range acts exactly within sight");
                if dist <= s {
                    let best_ring = reach.keys().map(|p| p.manhattan(pp).abs_diff(r)).min().unwrap();
                    prop_assert_eq!(d.to.manhattan(pp).abs_diff(r), best_ring,
                        "keep_range ends at exactly {} when it can, else as near as it can: {:?}", r, d.reason);
                    if best_ring > 0 {
                        // The fallback: ties by lower travel cost.
                        let best_travel = reach.keys().filter(|p| p.manhattan(pp).abs_diff(r) == best_ring).filter_map(|&p| travel(p)).min();
                        prop_assert_eq!(travel(d.to), best_travel, "{:?}", d.reason);
                    }
                } else {
                    prop_assert!(stays, "{:?}", d.reason);
                }
                false
            }
        };
        match prof {
            Prof::Keep(..) => {}
            _ if !approaching => prop_assert!(stays, "{:?} should stay: {:?}", prof, d.reason),
            _ => {
                let best = reach.keys().filter_map(|&p| travel(p)).min();
                match best {
                    Some(best) => prop_assert_eq!(travel(d.to), Some(best),
                        "{:?} ended on {} (travel {:?}), a reachable cell has travel {}: {:?}", prof, d.to, travel(d.to), best, d.reason),
                    None => prop_assert!(stays, "no path at all: stays ({:?})", d.reason),
                }
            }
        }
    }
}
