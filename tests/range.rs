//! The range search: exact minimum costs, every reachable cell and nothing else,
//! recorded paths that replay to their cell, determinism — checked on inline ASCII maps,
//! against the original article's algorithm, and against `pathfinding`'s Dijkstra.

use pathfinding::prelude::dijkstra_reach;
use proptest::prelude::*;
use skirmish::fixture::{Scene, squeeze};
use skirmish::load::map::TerrainMap;
use skirmish::load::terrain::{ClassId, TerrainSet};
use skirmish::picture;
use skirmish::search::grid::Team;
use skirmish::search::grid::{Path, Pos};
use skirmish::search::range::{Leash, Occupancy, RangeFinder, RangeQuery};
use std::collections::BTreeMap;

/// Runs a search for `@` in `scene` and draws the picture of its range.
fn range_picture(scene: &str, budget: u32, class: &str, leash: Option<Leash>) -> String {
    let s = Scene::parse(scene);
    let class = s.terrain.class(class).unwrap();
    let layer = s.map.cost_layer(&s.terrain, class);
    let occ = s.occupancy(Team::Player);
    let mut f = RangeFinder::new(layer.layout());
    let q = RangeQuery {
        origin: s.mark('@'),
        budget,
        team: Team::Player,
        leash,
    };
    let r = f.search(&layer, &occ, q);
    picture::draw(
        &s.map,
        &s.terrain,
        &occ,
        Team::Player,
        &r,
        (0, 0, s.map.width() as i32, s.map.height() as i32),
    )
}

#[track_caller]
fn assert_picture(got: String, expected: &str) {
    let expected = squeeze(expected);
    assert_eq!(got, expected, "\n--- got ---\n{got}--- expected ---\n{expected}");
}

#[test]
fn open_plain_is_a_diamond_of_costs() {
    let got = range_picture(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . . @ . . .
         . . . . . . .
         . . . . . . .",
        2,
        "foot",
        None,
    );
    assert_picture(
        got,
        ". . . . . . .
         . . . 2 . . .
         . . 2 1 2 . .
         . 2 1 0 1 2 .
         . . 2 1 2 . .
         . . . 2 . . .",
    );
}

#[test]
fn terrain_costs_are_paid_on_entering() {
    // forest 2, hill 3, river 6, mountain 12 for foot; walls never.
    let got = range_picture(
        ". . . . . . . .
         . T T ^ . # . .
         @ . ~ . . # . .
         . . M . . . . .",
        5,
        "foot",
        None,
    );
    assert_picture(
        got,
        "2 3 4 5 . . . .
         1 3 5 ^ . # . .
         0 1 ~ . . # . .
         1 2 M . . . . .",
    );
}

#[test]
fn movement_classes_see_different_ground() {
    let scene = "@ T T ~ ~ . M . .";
    assert_picture(range_picture(scene, 6, "foot", None), "0 2 4 ~ ~ . M . .");
    assert_picture(range_picture(scene, 6, "horse", None), "0 4 T ~ ~ . M . .");
    assert_picture(range_picture(scene, 6, "flier", None), "0 1 2 3 4 5 M . .");
}

#[test]
fn allies_are_passed_through_but_not_stopped_on_enemies_block() {
    let got = range_picture(
        ". . . . .
         @ a . x .
         . # # # .",
        4,
        "foot",
        None,
    );
    assert_picture(
        got,
        "1 2 3 4 .
         0 A 2 X .
         1 # # # .",
    );
}

#[test]
fn a_leash_keeps_the_whole_search_inside_the_diamond() {
    // Pivot at @ with leash 2: only cells at distance 0 or 1 may be entered. The cell
    // (2,2) at distance 2 is forbidden, so nothing beyond it is reached either.
    let leash = Some(Leash {
        pivot: Pos::new(2, 2),
        radius: 2,
    });
    let got = range_picture(
        ". . . . .
         . . . . .
         . . @ . .
         . . . . .",
        5,
        "foot",
        leash,
    );
    assert_picture(
        got,
        ". . . . .
         . . 1 . .
         . 1 0 1 .
         . . 1 . .",
    );
}

#[test]
fn paths_are_digit_strings_that_replay_to_their_cell() {
    let s = Scene::parse(
        ". . . .
         @ # . .
         . . . .",
    );
    let layer = s.map.cost_layer(&s.terrain, ClassId(0));
    let occ = s.occupancy(Team::Player);
    let mut f = RangeFinder::new(layer.layout());
    let origin = s.mark('@');
    let r = f.search(
        &layer,
        &occ,
        RangeQuery {
            origin,
            budget: 4,
            team: Team::Player,
            leash: None,
        },
    );
    // Around the wall: up-first wins the tie with down-first because neighbours are
    // tried in digit order 1, 2, 3, 4 and equal costs settle first-in first-out.
    assert_eq!(r.digits(Pos::new(2, 1)).unwrap(), "1223");
    assert_eq!(r.digits(origin).unwrap(), "0");
    let path = r.path(Pos::new(3, 0)).unwrap();
    assert_eq!(path.end(origin), Pos::new(3, 0));
    assert_eq!(Path::parse(&path.digits()).unwrap(), path);
}

/// The article's `RangeCheck`/`Arch`, transcribed: it prunes on path *length* rather than
/// remaining movement, so a cheaper but longer detour is thrown away.
fn original_range(map: &[&str], origin: (i32, i32), mv: i32) -> BTreeMap<(i32, i32), String> {
    fn cost(c: u8) -> Option<i32> {
        match c {
            b'.' => Some(1),
            b'T' => Some(2),
            b'~' => Some(6),
            _ => None,
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn arch(
        m: &[&str],
        o: (i32, i32),
        rec: &mut BTreeMap<(i32, i32), String>,
        x: i32,
        y: i32,
        mv: i32,
        di: u8,
        way: String,
    ) {
        if y < 0 || x < 0 || y as usize >= m.len() || x as usize >= m[0].len() || (x, y) == o {
            return;
        }
        if rec.get(&(x, y)).is_some_and(|prev| way.len() > prev.len()) {
            return;
        }
        let Some(down) = cost(m[y as usize].as_bytes()[x as usize]) else {
            return;
        };
        if mv - down < 0 {
            return;
        }
        rec.insert((x, y), way.clone());
        let mv = mv - down;
        if di != 3 {
            arch(m, o, rec, x, y - 1, mv, 1, format!("{way}1"));
        }
        if di != 4 {
            arch(m, o, rec, x + 1, y, mv, 2, format!("{way}2"));
        }
        if di != 1 {
            arch(m, o, rec, x, y + 1, mv, 3, format!("{way}3"));
        }
        if di != 2 {
            arch(m, o, rec, x - 1, y, mv, 4, format!("{way}4"));
        }
    }
    let mut rec = BTreeMap::new();
    let (px, py) = origin;
    arch(map, origin, &mut rec, px, py - 1, mv, 1, "1".into());
    arch(map, origin, &mut rec, px + 1, py, mv, 2, "2".into());
    arch(map, origin, &mut rec, px, py + 1, mv, 3, "3".into());
    arch(map, origin, &mut rec, px - 1, py, mv, 4, "4".into());
    rec.insert(origin, "0".into());
    rec
}

#[test]
fn regression_the_original_algorithm_misses_a_cell_and_keeps_a_dearer_path() {
    let rows = ["@~..", "..T#"];
    let original = original_range(
        &rows.map(|r| r.replace('@', ".")).each_ref().map(|s| s.as_str()),
        (0, 0),
        7,
    );
    // The flaw, as the article's code behaves: (2,0) kept at "22" (river 6 + plain 1 = 7)
    // and (3,0) never found, because the cheap detour "3221" is longer in steps.
    assert_eq!(original.get(&(2, 0)).map(String::as_str), Some("22"));
    assert!(!original.contains_key(&(3, 0)));

    let got = range_picture("@ ~ . .\n. . T #", 7, "foot", None);
    assert_picture(got, "0 6 5 6\n1 2 4 #");
    let s = Scene::parse("@ ~ . .\n. . T #");
    let layer = s.map.cost_layer(&s.terrain, ClassId(0));
    let mut f = RangeFinder::new(layer.layout());
    let r = f.search(
        &layer,
        &s.occupancy(Team::Player),
        RangeQuery {
            origin: Pos::new(0, 0),
            budget: 7,
            team: Team::Player,
            leash: None,
        },
    );
    assert_eq!(r.digits(Pos::new(2, 0)).unwrap(), "3221");
    assert_eq!(r.digits(Pos::new(3, 0)).unwrap(), "32212");
}

// ---- property test against the reference: pathfinding's Dijkstra ----

#[derive(Debug, Clone)]
struct RandomCase {
    rows: Vec<String>,
    origin: Pos,
    budget: u32,
    class: &'static str,
    blocks: Vec<Pos>,
    allies: Vec<Pos>,
    heavy: bool,
}

fn random_case() -> impl Strategy<Value = RandomCase> {
    let sizes = prop_oneof![
        (2usize..14, 2usize..14),
        (Just(1usize), 1usize..20),
        (1usize..20, Just(1usize)),
    ];
    (sizes, 0u32..20, 0usize..3, any::<bool>())
        .prop_flat_map(|((w, h), budget, class, heavy)| {
            // Heavy terrain: costs up to 255, the size of the bucket ring, with budgets to match.
            let glyphs = if heavy {
                prop::sample::select(vec!['.', '.', 'a', 'b', 'c', 'd', '#'])
            } else {
                prop::sample::select(vec!['.', '.', '.', 'T', '^', '~', 'M', '#', '='])
            };
            let budget = if heavy { budget * 40 } else { budget };
            (
                prop::collection::vec(prop::collection::vec(glyphs, w), h),
                (0..w as i32, 0..h as i32),
                Just(budget),
                Just(["foot", "horse", "flier"][class]),
                prop::collection::vec((0..w as i32, 0..h as i32), 0..6),
                prop::collection::vec((0..w as i32, 0..h as i32), 0..6),
                Just(heavy),
            )
        })
        .prop_map(|(grid, (ox, oy), budget, class, blocks, allies, heavy)| {
            let origin = Pos::new(ox, oy);
            let mut rows: Vec<String> = grid.into_iter().map(|r| r.into_iter().collect()).collect();
            // The mover stands on plain.
            let mut row: Vec<char> = rows[oy as usize].chars().collect();
            row[ox as usize] = '.';
            rows[oy as usize] = row.into_iter().collect();
            let blocks: Vec<Pos> = blocks
                .into_iter()
                .map(|(x, y)| Pos::new(x, y))
                .filter(|&p| p != origin)
                .collect();
            let allies = allies
                .into_iter()
                .map(|(x, y)| Pos::new(x, y))
                .filter(|p| *p != origin && !blocks.contains(p))
                .collect();
            RandomCase {
                rows,
                origin,
                budget,
                class,
                blocks,
                allies,
                heavy,
            }
        })
}

/// Terrain with costs up to 255 (the largest a terrain may charge).
const HEAVY: &str = r##"
[plain]
glyph = "."
cost = 1
[a]
glyph = "a"
cost = 254
[b]
glyph = "b"
cost = 255
[c]
glyph = "c"
cost = 128
[d]
glyph = "d"
cost = { foot = 200, horse = 255, flier = 1 }
[wall]
glyph = "#"
"##;

impl RandomCase {
    fn terrain(&self) -> TerrainSet {
        if self.heavy {
            skirmish::load::terrain::parse(&skirmish::load::diag::Source::new("heavy.toml", HEAVY)).unwrap()
        } else {
            skirmish::fixture::terrain()
        }
    }
}

/// Runs `case` on `f` (which may hold any earlier search, on any map size) and compares it
/// with the reference: same cells and costs, and every path replays on the map, through no
/// enemy, paying exactly its cost.
fn check_case(f: &mut RangeFinder, case: &RandomCase, leash: Option<Leash>) -> Result<(), TestCaseError> {
    let terrain = case.terrain();
    let map =
        skirmish::load::map::parse(&skirmish::load::diag::Source::new("r", case.rows.join("\n")), &terrain).unwrap();
    let class = terrain.class(case.class).unwrap();
    let layer = map.cost_layer(&terrain, class);
    let mut occ = Occupancy::new(map.layout());
    occ.place(case.origin, Team::Player);
    for &p in &case.blocks {
        occ.place(p, Team::Enemy);
    }
    for &p in &case.allies {
        occ.place(p, Team::Player);
    }
    let q = RangeQuery {
        origin: case.origin,
        budget: case.budget,
        team: Team::Player,
        leash,
    };
    let r = f.search(&layer, &occ, q);
    let ours: BTreeMap<Pos, u32> = r.cells().collect();
    prop_assert_eq!(&ours, &reference_within(case, &terrain, &map, class, leash));
    for (&p, &cost) in &ours {
        let path = r.path(p).unwrap();
        let cells = path.replay(case.origin);
        prop_assert_eq!(path.end(case.origin), p);
        prop_assert!(
            cells.iter().all(|&c| map.contains(c)),
            "path {} to {} leaves the map",
            path.digits(),
            p
        );
        let paid: u32 = cells
            .iter()
            .map(|&c| terrain.get(map.at(c)).cost_for(class).unwrap())
            .sum();
        prop_assert_eq!(paid, cost, "path {} to {} pays {}", path.digits(), p, paid);
        prop_assert!(cells.iter().all(|c| !case.blocks.contains(c)));
        if let Some(l) = leash {
            prop_assert!(
                cells.iter().all(|c| c.manhattan(l.pivot) < l.radius),
                "{} passes outside the leash",
                p
            );
        }
    }
    Ok(())
}

fn reference(case: &RandomCase, terrain: &TerrainSet, map: &TerrainMap, class: ClassId) -> BTreeMap<Pos, u32> {
    reference_within(case, terrain, map, class, None)
}

/// The reference, restricted to the leash diamond (cells at distance < radius from the
/// pivot) when there is one; the origin is always in the result.
fn reference_within(
    case: &RandomCase,
    terrain: &TerrainSet,
    map: &TerrainMap,
    class: ClassId,
    leash: Option<Leash>,
) -> BTreeMap<Pos, u32> {
    let enter = |p: Pos| -> Option<u32> {
        if !map.contains(p) || case.blocks.contains(&p) {
            return None;
        }
        if leash.is_some_and(|l| p.manhattan(l.pivot) >= l.radius) {
            return None;
        }
        terrain.get(map.at(p)).cost_for(class)
    };
    dijkstra_reach(&case.origin, |&p| {
        [
            Pos::new(p.x, p.y - 1),
            Pos::new(p.x + 1, p.y),
            Pos::new(p.x, p.y + 1),
            Pos::new(p.x - 1, p.y),
        ]
        .into_iter()
        .filter_map(|n| enter(n).map(|c| (n, c)))
        .collect::<Vec<_>>()
    })
    .take_while(|item| item.total_cost <= case.budget)
    .filter(|item| !case.allies.contains(&item.node))
    .map(|item| (item.node, item.total_cost))
    .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn matches_pathfinding_dijkstra_and_paths_replay(case in random_case()) {
        let terrain = case.terrain();
        let map = skirmish::load::map::parse(&skirmish::load::diag::Source::new("r", case.rows.join("\n")), &terrain).unwrap();
        let class = terrain.class(case.class).unwrap();
        let layer = map.cost_layer(&terrain, class);
        let mut occ = Occupancy::new(map.layout());
        occ.place(case.origin, Team::Player);
        for &p in &case.blocks { occ.place(p, Team::Enemy); }
        for &p in &case.allies { occ.place(p, Team::Player); }
        let q = RangeQuery { origin: case.origin, budget: case.budget, team: Team::Player, leash: None };
        let mut f = RangeFinder::new(layer.layout());
        let r = f.search(&layer, &occ, q);
        let ours: BTreeMap<Pos, u32> = r.cells().collect();
        prop_assert_eq!(&ours, &reference(&case, &terrain, &map, class));
        for (&p, &cost) in &ours {
            let path = r.path(p).unwrap();
            let cells = path.replay(case.origin);
            prop_assert_eq!(path.end(case.origin), p);
            let paid: u32 = cells.iter().map(|&c| terrain.get(map.at(c)).cost_for(class).unwrap()).sum();
            prop_assert_eq!(paid, cost, "path {} to {} pays {}", path.digits(), p, paid);
            prop_assert!(cells.iter().all(|c| !case.blocks.contains(c)));
        }
        let first: Vec<(Pos, u32, String)> = r.cells().map(|(p, c)| (p, c, r.digits(p).unwrap())).collect();
        let again = f.search(&layer, &occ, q);
        let second: Vec<(Pos, u32, String)> = again.cells().map(|(p, c)| (p, c, again.digits(p).unwrap())).collect();
        prop_assert_eq!(first, second, "the same input must give the same cells in the same order with the same paths");
    }

    #[test]
    fn leashed_search_never_passes_outside(case in random_case(), radius in 1u32..6) {
        let terrain = case.terrain();
        let map = skirmish::load::map::parse(&skirmish::load::diag::Source::new("r", case.rows.join("\n")), &terrain).unwrap();
        let class = terrain.class(case.class).unwrap();
        let layer = map.cost_layer(&terrain, class);
        let occ = Occupancy::new(map.layout());
        let leash = Leash { pivot: case.origin, radius };
        let mut f = RangeFinder::new(layer.layout());
        let r = f.search(&layer, &occ, RangeQuery { origin: case.origin, budget: case.budget, team: Team::Enemy, leash: Some(leash) });
        for (p, _) in r.cells() {
            for c in r.path(p).unwrap().replay(case.origin) {
                prop_assert!(c.manhattan(leash.pivot) < radius, "{} passes {} outside leash {}", p, c, radius);
            }
        }
    }

    #[test]
    fn a_finder_reused_across_queries_and_map_sizes_keeps_no_stale_state(
        cases in prop::collection::vec(random_case(), 2..8),
    ) {
        // One finder for every case in turn: different sizes, terrains, origins and budgets.
        let mut f = RangeFinder::new(skirmish::load::map::Layout::new(1, 1));
        for case in &cases {
            check_case(&mut f, case, None)?;
        }
        // And back again, in reverse order, on the same finder.
        for case in cases.iter().rev() {
            check_case(&mut f, case, None)?;
        }
    }

    #[test]
    fn leashed_search_matches_a_dijkstra_inside_the_diamond(
        case in random_case(),
        radius in 1u32..8,
        (px, py) in (-2i32..16, -2i32..16),
    ) {
        // A pivot anywhere, on the map or just off it, often away from the mover.
        let leash = Leash { pivot: Pos::new(px, py), radius };
        let mut f = RangeFinder::new(skirmish::load::map::Layout::new(1, 1));
        check_case(&mut f, &case, Some(leash))?;
    }
}

/// The owned range as it was kept before the path tree (issue 36): a path per destination
/// and a hash index, built from the search exactly as `Reach::to_range` built it. The
/// reference the path-tree `Range` must answer byte-identically to.
struct StringPerCell {
    cells: Vec<(Pos, u32, Path)>,
    index: std::collections::HashMap<Pos, usize>,
}

impl StringPerCell {
    fn new(reach: &skirmish::search::range::Reach<'_>) -> StringPerCell {
        let cells: Vec<(Pos, u32, Path)> = reach
            .cells()
            .map(|(at, cost)| (at, cost, reach.path(at).unwrap_or_default()))
            .collect();
        let index = cells.iter().enumerate().map(|(k, c)| (c.0, k)).collect();
        StringPerCell { cells, index }
    }

    fn get(&self, p: Pos) -> Option<&(Pos, u32, Path)> {
        self.index.get(&p).map(|&k| &self.cells[k])
    }

    fn sorted(&self) -> Vec<&(Pos, u32, Path)> {
        let mut v: Vec<&(Pos, u32, Path)> = self.cells.iter().collect();
        v.sort_by_key(|c| (c.1, c.0.y, c.0.x));
        v
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Issue 36: the range kept as a tree (a cost and an entry direction per cell) gives every
    /// answer the string-per-cell range gave: the same cells in the same order with the same
    /// costs, the same path digits, the same lookups on every cell on and around the map,
    /// the same sorted output — with allies passed through, enemies, leashes, heavy terrain.
    #[test]
    fn the_path_tree_answers_as_the_string_per_cell_range(
        case in random_case(),
        leashed in any::<bool>(),
        radius in 1u32..8,
        (px, py) in (-2i32..16, -2i32..16),
    ) {
        let terrain = case.terrain();
        let map = skirmish::load::map::parse(&skirmish::load::diag::Source::new("r", case.rows.join("\n")), &terrain).unwrap();
        let class = terrain.class(case.class).unwrap();
        let layer = map.cost_layer(&terrain, class);
        let mut occ = Occupancy::new(map.layout());
        occ.place(case.origin, Team::Player);
        for &p in &case.blocks { occ.place(p, Team::Enemy); }
        for &p in &case.allies { occ.place(p, Team::Player); }
        let leash = leashed.then_some(Leash { pivot: Pos::new(px, py), radius });
        let q = RangeQuery { origin: case.origin, budget: case.budget, team: Team::Player, leash };
        let mut f = RangeFinder::new(layer.layout());
        let reach = f.search(&layer, &occ, q);
        let old = StringPerCell::new(&reach);
        let new = reach.to_range();
        prop_assert_eq!(new.len(), old.cells.len());
        prop_assert_eq!(new.origin(), case.origin);
        let listed: Vec<(Pos, u32, String)> = new.cells().map(|c| (c.at, c.cost, new.digits(c.at).unwrap())).collect();
        let expected: Vec<(Pos, u32, String)> = old.cells.iter().map(|(p, c, path)| (*p, *c, path.digits())).collect();
        prop_assert_eq!(listed, expected);
        let sorted: Vec<(Pos, u32)> = new.sorted().iter().map(|c| (c.at, c.cost)).collect();
        let old_sorted: Vec<(Pos, u32)> = old.sorted().iter().map(|c| (c.0, c.1)).collect();
        prop_assert_eq!(sorted, old_sorted);
        for y in -2..map.height() as i32 + 2 {
            for x in -2..map.width() as i32 + 2 {
                let p = Pos::new(x, y);
                prop_assert_eq!(new.get(p).map(|c| (c.at, c.cost)), old.get(p).map(|c| (c.0, c.1)), "get {}", p);
                prop_assert_eq!(new.contains(p), old.get(p).is_some(), "contains {}", p);
                prop_assert_eq!(new.path(p), old.get(p).map(|c| c.2.clone()), "path {}", p);
            }
        }
    }
}

/// The search's unchecked reads rely on the occupancy having the cost layer's layout: a
/// 3×4 and a 4×3 map have padded arrays of the same length but different strides, and the
/// search must refuse the mix, not read the wrong cells.
#[test]
#[should_panic(expected = "the occupancy and the cost layer must have the same layout")]
fn an_occupancy_of_another_layout_is_refused_even_at_the_same_length() {
    use skirmish::model::map::{CostLayer, Layout};
    use skirmish::search::range::{Occupancy, RangeFinder, RangeQuery};
    let (tall, wide) = (Layout::new(3, 4), Layout::new(4, 3));
    assert_eq!(tall.len(), wide.len());
    let layer = CostLayer::new(tall, |_| 1);
    let occ = Occupancy::new(wide);
    let q = RangeQuery {
        origin: skirmish::search::grid::Pos::new(0, 0),
        budget: 3,
        team: skirmish::search::grid::Team::Player,
        leash: None,
    };
    let _ = RangeFinder::new(tall).search(&layer, &occ, q).len();
}

#[test]
fn a_cost_layer_has_a_zero_border_whatever_the_costs() {
    use skirmish::model::map::{CostLayer, Layout};
    let l = Layout::new(3, 2);
    let layer = CostLayer::new(l, |_| 7);
    let border = (0..l.len()).filter(|&i| !l.contains(l.pos(i)));
    assert!(border.clone().count() == l.len() - 6);
    assert!(border.into_iter().all(|i| layer.costs()[i] == 0));
    assert_eq!(layer.max_cost(), 7);
}

/// The zones of control of `holders` (units of the side opposing the mover) as a set of
/// held cells: the four next to each.
fn held_cells(holders: &[Pos]) -> Vec<Pos> {
    holders
        .iter()
        .flat_map(|p| {
            [
                Pos::new(p.x, p.y - 1),
                Pos::new(p.x + 1, p.y),
                Pos::new(p.x, p.y + 1),
                Pos::new(p.x - 1, p.y),
            ]
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Zones of control against a plain Dijkstra that treats every held cell (but the
    /// mover's own) as a dead end: both sides hold zones (only the other side's count),
    /// movers of either side, skirmishers, with and without a leash.
    #[test]
    fn zones_of_control_match_a_dijkstra_with_dead_ends(
        case in random_case(),
        theirs in prop::collection::vec(any::<bool>(), 6),
        ours in prop::collection::vec(any::<bool>(), 6),
        mover_is_enemy in any::<bool>(),
        skirmisher in any::<bool>(),
        radius in prop::option::of(1u32..8),
    ) {
        let terrain = case.terrain();
        let map = skirmish::load::map::parse(&skirmish::load::diag::Source::new("r", case.rows.join("\n")), &terrain).unwrap();
        let class = terrain.class(case.class).unwrap();
        let layer = map.cost_layer(&terrain, class);
        let (me, them) = if mover_is_enemy { (Team::Enemy, Team::Player) } else { (Team::Player, Team::Enemy) };
        let mut occ = Occupancy::new(map.layout());
        occ.place(case.origin, me);
        let holders: Vec<Pos> = case.blocks.iter().zip(&theirs).filter(|(_, h)| **h).map(|(p, _)| *p).collect();
        for &p in &case.blocks { occ.place(p, them); }
        for &p in &holders { occ.hold(p, them); }
        for (&p, _) in case.allies.iter().zip(&ours).filter(|(_, h)| **h) { occ.hold(p, me); }
        for &p in &case.allies { occ.place(p, me); }
        let leash = radius.map(|radius| Leash { pivot: case.origin, radius });
        let q = RangeQuery { origin: case.origin, budget: case.budget, team: me, leash };
        let held = if skirmisher { Vec::new() } else { held_cells(&holders) };
        let enter = |p: Pos| -> Option<u32> {
            if !map.contains(p) || case.blocks.contains(&p) || leash.is_some_and(|l| p.manhattan(l.pivot) >= l.radius) {
                return None;
            }
            terrain.get(map.at(p)).cost_for(class)
        };
        let expected: BTreeMap<Pos, u32> = dijkstra_reach(&case.origin, |&p| {
            if p != case.origin && held.contains(&p) {
                return Vec::new();
            }
            [Pos::new(p.x, p.y - 1), Pos::new(p.x + 1, p.y), Pos::new(p.x, p.y + 1), Pos::new(p.x - 1, p.y)]
                .into_iter()
                .filter_map(|n| enter(n).map(|c| (n, c)))
                .collect::<Vec<_>>()
        })
        .take_while(|item| item.total_cost <= case.budget)
        .filter(|item| !case.allies.contains(&item.node))
        .map(|item| (item.node, item.total_cost))
        .collect();
        let mut f = RangeFinder::new(layer.layout());
        let r = if skirmisher { f.skirmish(&layer, &occ, q) } else { f.search(&layer, &occ, q) };
        let got: BTreeMap<Pos, u32> = r.cells().collect();
        prop_assert_eq!(&got, &expected);
        for (&p, &cost) in &got {
            prop_assert_eq!(r.cost(p), Some(cost));
            let path = r.path(p).unwrap();
            let cells = path.replay(case.origin);
            prop_assert_eq!(path.end(case.origin), p);
            let paid: u32 = cells.iter().map(|&c| terrain.get(map.at(c)).cost_for(class).unwrap()).sum();
            prop_assert_eq!(paid, cost, "path {} to {} pays {}", path.digits(), p, paid);
            // No path goes on through a held cell: only its last cell may be one.
            let through = cells.iter().rev().skip(1).find(|c| held.contains(c));
            prop_assert!(through.is_none(), "path {} to {} walks through the zone cell {:?}", path.digits(), p, through);
        }
        // The owned copy answers the same, paths included.
        let range = r.to_range();
        for (&p, &cost) in &got {
            prop_assert_eq!(range.get(p).map(|c| c.cost), Some(cost));
            prop_assert_eq!(range.path(p), r.path(p));
        }
        // Same input, same cells, order and paths.
        let first: Vec<(Pos, u32, String)> = r.cells().map(|(p, c)| (p, c, r.digits(p).unwrap())).collect();
        let again = if skirmisher { f.skirmish(&layer, &occ, q) } else { f.search(&layer, &occ, q) };
        let second: Vec<(Pos, u32, String)> = again.cells().map(|(p, c)| (p, c, again.digits(p).unwrap())).collect();
        prop_assert_eq!(first, second);
    }

    /// Zones held by nobody of the other side change nothing: the same cells, order and
    /// paths as on a board without zones (the tie-breaks are the plain search's).
    #[test]
    fn own_side_zones_leave_the_search_as_it_was(case in random_case(), ours in prop::collection::vec(any::<bool>(), 6)) {
        let terrain = case.terrain();
        let map = skirmish::load::map::parse(&skirmish::load::diag::Source::new("r", case.rows.join("\n")), &terrain).unwrap();
        let class = terrain.class(case.class).unwrap();
        let layer = map.cost_layer(&terrain, class);
        let mut occ = Occupancy::new(map.layout());
        occ.place(case.origin, Team::Player);
        for &p in &case.blocks { occ.place(p, Team::Enemy); }
        for &p in &case.allies { occ.place(p, Team::Player); }
        let q = RangeQuery { origin: case.origin, budget: case.budget, team: Team::Player, leash: None };
        let mut f = RangeFinder::new(layer.layout());
        let r = f.search(&layer, &occ, q);
        let plain: Vec<(Pos, u32, String)> = r.cells().map(|(p, c)| (p, c, r.digits(p).unwrap())).collect();
        let mut zoned = occ.clone();
        for (&p, _) in case.allies.iter().zip(&ours).filter(|(_, h)| **h) { zoned.hold(p, Team::Player); }
        zoned.hold(case.origin, Team::Player);
        let r = f.search(&layer, &zoned, q);
        let with: Vec<(Pos, u32, String)> = r.cells().map(|(p, c)| (p, c, r.digits(p).unwrap())).collect();
        prop_assert_eq!(plain, with);
    }
}

/// A held cell is reached and the search stops there: the knight `x` holds the cells
/// next to it, so the corridor beyond it is closed to everybody but a skirmisher.
#[test]
fn a_zone_stops_the_mover_where_it_enters() {
    let terrain = skirmish::fixture::terrain();
    let map = TerrainMap::from_rows(&terrain, &["#####", ".....", "#.###"]).unwrap();
    let class = terrain.class("foot").unwrap();
    let layer = map.cost_layer(&terrain, class);
    let mut occ = Occupancy::new(map.layout());
    occ.place(Pos::new(1, 2), Team::Enemy);
    occ.hold(Pos::new(1, 2), Team::Enemy);
    let q = RangeQuery {
        origin: Pos::new(0, 1),
        budget: 6,
        team: Team::Player,
        leash: None,
    };
    let mut f = RangeFinder::new(layer.layout());
    let r = f.search(&layer, &occ, q);
    let cells: Vec<(Pos, u32)> = r.cells().collect();
    assert_eq!(cells, [(Pos::new(0, 1), 0), (Pos::new(1, 1), 1)]);
    assert_eq!(r.digits(Pos::new(1, 1)).as_deref(), Some("2"));
    let r = f.skirmish(&layer, &occ, q);
    assert_eq!(r.digits(Pos::new(4, 1)).as_deref(), Some("2222"));
    // Leaving a held cell the mover starts on is free.
    let q = RangeQuery {
        origin: Pos::new(1, 1),
        ..q
    };
    let r = f.search(&layer, &occ, q);
    assert_eq!(r.digits(Pos::new(4, 1)).as_deref(), Some("222"));
}
