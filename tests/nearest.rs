//! The enemy phase with one search from all player units (`Method::Nearest`) decides exactly
//! as with one full potential map per player unit (`Method::FullMaps`, the first method):
//! every decision and every event, on random boards, turn after turn. The careful player
//! policy likewise finds the nearest enemy by one search from all of them or one map each.

use proptest::prelude::*;
use skirmish::ai::{self, Method};
use skirmish::fixture::{Scene, enemy, player, profiles};
use skirmish::rules::{Battle, Command};
use skirmish::search::grid::Team;

type Board = (Vec<String>, Vec<(i32, i32)>, Vec<(i32, i32, usize, u32)>);

fn board() -> impl Strategy<Value = Board> {
    (5usize..20, 5usize..20).prop_flat_map(|(w, h)| {
        let glyph = prop::sample::select(vec!['.', '.', '.', '.', '.', 'T', '^', '~', 'M', '#']);
        (
            prop::collection::vec(
                prop::collection::vec(glyph, w).prop_map(|r| r.into_iter().collect::<String>()),
                h,
            ),
            prop::collection::vec((0..w as i32, 0..h as i32), 1..5),
            prop::collection::vec((0..w as i32, 0..h as i32, 0usize..5, 1u32..8), 1..9),
        )
    })
}

fn build((rows, players, enemies): &Board) -> Option<Battle> {
    let names = ["charger", "proximity", "guard", "pivot", "archer"];
    let marks: Vec<char> = "PQRSABCDEFGHIJ".chars().collect();
    let mut text: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let mut taken = std::collections::HashSet::new();
    let mut units = Vec::new();
    for &(x, y) in players {
        if taken.insert((x, y)) {
            let m = marks[units.len()];
            text[y as usize][x as usize] = m;
            units.push(player(m));
        }
    }
    let first_enemy = 4;
    for (k, &(x, y, p, mv)) in enemies.iter().enumerate() {
        if taken.insert((x, y)) {
            let m = marks[first_enemy + k];
            text[y as usize][x as usize] = m;
            units.push(enemy(m, names[p], mv));
        }
    }
    let picture: String = text.iter().map(|r| r.iter().collect::<String>() + "\n").collect();
    Some(Scene::parse(&picture).battle(&units))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn one_search_from_all_targets_decides_exactly_like_one_map_per_target(b in board()) {
        let Some(mut b) = build(&b) else { return Ok(()) };
        let p = profiles("");
        for _ in 0..4 {
            if b.ended().is_some() {
                break;
            }
            b.execute(Command::EndPhase { team: Team::Player }).unwrap();
            let mut old = b.clone();
            let want = skirmish::fixture::enemy_phase_with(&mut old, &p, Method::FullMaps).unwrap();
            let got = skirmish::fixture::enemy_phase_with(&mut b, &p, Method::Nearest).unwrap();
            prop_assert_eq!(&got, &want);
            prop_assert_eq!(b.snapshot(), old.snapshot());
            // Let the player side move too (its built-in policies also choose targets), the
            // careful one by both methods of finding the nearest enemy.
            if b.ended().is_none() {
                for (k, id) in b.ready(Team::Player).collect::<Vec<_>>().into_iter().enumerate() {
                    if b.ended().is_none() && b.unit(id).alive() {
                        let careful = ai::player::decide_careful_with(&b, &mut skirmish::rules::Caches::new(), &p, id, 3, Method::Nearest);
                        let want = ai::player::decide_careful_with(&b, &mut skirmish::rules::Caches::new(), &p, id, 3, Method::FullMaps);
                        prop_assert_eq!(&careful, &want);
                        let d = if k % 2 == 0 { careful } else { ai::player::decide(&b, &mut skirmish::rules::Caches::new(), id, 3) };
                        skirmish::play::enemy::act(&mut b, d).unwrap();
                    }
                }
            }
        }
    }
}

/// A flier standing on a mountain among other player units: a horse cannot enter its cell,
/// which then counts 1 (contract, second round) for both methods alike.
#[test]
fn a_target_the_mover_cannot_stand_on_counts_one_in_both_methods() {
    use skirmish::fixture::Placed;
    let mut scene = Scene::parse(
        ". . . . . . . . . . . .
         . . . . . . . . P . . .
         Q . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . A
         . . . . . . . . . . . B",
    );
    let mountain = scene.terrain.by_glyph('M').unwrap();
    let p = scene.mark('P');
    scene.map.set(p, mountain);
    let horse = |m: char| Placed {
        class: "horse",
        ..enemy(m, "charger", 4)
    };
    let flier = Placed {
        class: "flier",
        ..player('P')
    };
    let mut b = scene.battle(&[flier, player('Q'), horse('A'), horse('B')]);
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let mut old = b.clone();
    let want = skirmish::fixture::enemy_phase_with(&mut old, &profiles(""), Method::FullMaps).unwrap();
    let got = skirmish::fixture::enemy_phase_with(&mut b, &profiles(""), Method::Nearest).unwrap();
    assert_eq!(got, want);
    let first = &want.0[0].decision;
    assert_eq!(first.target.map(|t| b.name(t)), Some("P"), "{:?}", first.reason);
    assert_ne!(first.to, first.from, "{:?}", first.reason);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    /// The nearest map against one potential map per target, cell by cell: the travel cost is
    /// the least of theirs, the mask holds exactly the targets at it, `bound_to` is a lower
    /// bound, exact where the target is among the nearest, and `travel_to` is each target's own cost.
    /// Up to 64 targets, so every word width (8 target bits up to 8 targets, 32 up to 32,
    /// else 64) is met.
    #[test]
    fn the_nearest_map_agrees_with_one_potential_map_per_target(
        seed in 0u64..10_000,
        side in 4usize..16,
        class in 0u8..3,
        picks in prop::collection::vec((0usize..24, 0usize..24), 1..80),
    ) {
        use skirmish::load::terrain::ClassId;
        use skirmish::search::grid::Pos;
        use skirmish::search::nearest::NearestMap;
        use skirmish::search::potential::{PotentialMap, UNREACHABLE};
        let terrain = skirmish::fixture::terrain();
        let map = skirmish::fixture::mixed_map(side, seed);
        let layer = map.cost_layer(&terrain, ClassId(class % terrain.classes().len() as u8));
        let mut targets: Vec<Pos> = Vec::new();
        for (x, y) in picks {
            let p = Pos::new((x % side) as i32, (y % side) as i32);
            if !targets.contains(&p) && targets.len() < 64 {
                targets.push(p);
            }
        }
        let near = NearestMap::compute(&layer, &targets);
        let maps: Vec<PotentialMap> = targets.iter().map(|&t| PotentialMap::compute(&layer, t)).collect();
        for y in 0..side as i32 {
            for x in 0..side as i32 {
                let p = Pos::new(x, y);
                let each: Vec<u32> = maps.iter().map(|m| m.get(p).unwrap_or(UNREACHABLE)).collect();
                let least = *each.iter().min().unwrap();
                let (d, bits) = near.nearest(p);
                prop_assert_eq!(d, least, "{}", p);
                for (k, &dk) in each.iter().enumerate() {
                    if least != UNREACHABLE {
                        prop_assert_eq!(bits & (1 << k) != 0, dk == least, "{} target {}", p, k);
                    }
                    let (low, exact) = near.bound_to(k, p);
                    prop_assert!(low <= dk, "{} target {}: bound {} above {}", p, k, low, dk);
                    // Exact where the target is among the nearest (or none is reachable), and
                    // then truly so.
                    prop_assert_eq!(exact, dk == least, "{} target {}", p, k);
                    prop_assert_eq!(near.travel_to(k, p), dk, "{} target {}", p, k);
                }
            }
        }
    }
}
