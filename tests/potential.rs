//! The potential map (travel cost from every cell to one target, terrain only) against a
//! reference: `pathfinding`'s Dijkstra from each cell to the target, on random maps.

use pathfinding::prelude::dijkstra;
use proptest::prelude::*;
use skirmish::load::diag::Source;
use skirmish::search::grid::Pos;
use skirmish::search::potential::PotentialMap;

fn grid() -> impl Strategy<Value = (Vec<String>, (i32, i32), usize)> {
    (2usize..10, 2usize..10).prop_flat_map(|(w, h)| {
        let glyph = prop::sample::select(vec!['.', '.', 'T', '^', '~', 'M', '#']);
        (
            prop::collection::vec(prop::collection::vec(glyph, w).prop_map(|r| r.into_iter().collect()), h),
            (0..w as i32, 0..h as i32),
            0usize..3,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn travel_costs_match_a_reference_dijkstra((rows, (tx, ty), class) in grid()) {
        let terrain = skirmish::fixture::terrain();
        let map = skirmish::load::map::parse(&Source::new("p", rows.join("\n")), &terrain).unwrap();
        let class = skirmish::load::terrain::ClassId(class as u8);
        let target = Pos::new(tx, ty);
        let pot = PotentialMap::compute(&map.cost_layer(&terrain, class), target);
        let enter = |p: Pos| map.contains(p).then(|| terrain.get(map.at(p)).cost_for(class)).flatten();
        // The target's own cell counts 1 for a class that cannot enter it (contract, second round).
        let enter_to = |p: Pos| if p == target { enter(p).or(Some(1)) } else { enter(p) };
        for y in 0..map.height() as i32 {
            for x in 0..map.width() as i32 {
                let from = Pos::new(x, y);
                // Only cells a unit of this class can stand on have a travel cost.
                let want = if from == target {
                    Some(0)
                } else if enter(from).is_none() {
                    None
                } else {
                    dijkstra(
                        &from,
                        |&p| {
                            [Pos::new(p.x, p.y - 1), Pos::new(p.x + 1, p.y), Pos::new(p.x, p.y + 1), Pos::new(p.x - 1, p.y)]
                                .into_iter()
                                .filter_map(|n| enter_to(n).map(|c| (n, c)))
                                .collect::<Vec<_>>()
                        },
                        |&p| p == target,
                    )
                    .map(|(_, c)| c)
                };
                prop_assert_eq!(pot.get(from), want, "from {} to {}", from, target);
            }
        }
    }
}

#[test]
fn a_target_the_mover_cannot_stand_on_counts_one() {
    // A flier on a mountain, seen by a horse (which cannot enter mountains): the horse's
    // travel cost still leads there, counting the mountain itself as 1.
    let terrain = skirmish::fixture::terrain();
    let map = skirmish::load::map::parse(&Source::new("p", ". . T M\n. # . .".replace(' ', "")), &terrain).unwrap();
    let horse = terrain.class("horse").unwrap();
    let pot = PotentialMap::compute(&map.cost_layer(&terrain, horse), Pos::new(3, 0));
    assert_eq!(pot.get(Pos::new(3, 0)), Some(0));
    assert_eq!(pot.get(Pos::new(3, 1)), Some(1));
    assert_eq!(pot.get(Pos::new(2, 0)), Some(1));
    assert_eq!(pot.get(Pos::new(2, 1)), Some(2));
    // Forest costs a horse 4, and the wall closes the lower row.
    assert_eq!(pot.get(Pos::new(1, 0)), Some(5));
    assert_eq!(pot.get(Pos::new(0, 0)), Some(6));
    assert_eq!(pot.get(Pos::new(0, 1)), Some(7));
    // Walls still pass nothing on, and a class that can enter pays the terrain's cost.
    assert_eq!(pot.get(Pos::new(1, 1)), None);
    let foot = terrain.class("foot").unwrap();
    let pot = PotentialMap::compute(&map.cost_layer(&terrain, foot), Pos::new(3, 0));
    assert_eq!(pot.get(Pos::new(2, 0)), Some(12));
}
