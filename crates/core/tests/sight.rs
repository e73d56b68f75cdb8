//! Fog of war's sight, exactly: `Battle::sight` against a picture and against a brute-force
//! reading of the rule over random battles, before and after moves.

use proptest::prelude::*;
use skirmish_core::prelude::*;

/// The standard terrain with cover and lookouts: forest hides, hill +1, mountain +2 and
/// river -1 vision.
fn fog_terrain() -> TerrainSet {
    let t = TerrainSet::standard();
    let mut kinds = t.kinds().to_vec();
    for k in &mut kinds {
        match k.name.as_str() {
            "forest" => k.hides = true,
            "hill" => k.vision = 1,
            "mountain" => k.vision = 2,
            "river" => k.vision = -1,
            _ => {}
        }
    }
    TerrainSet::new(kinds, t.classes().to_vec()).unwrap()
}

/// What `team` sees, read from the rule cell by cell: some unit of the side stands on it, or
/// one is within its vision (kind plus the terrain it stands on, at least 0) and the cell
/// does not hide or the unit is on or next to it.
fn reference(b: &Battle, team: Team) -> Vec<Pos> {
    let (w, h) = (b.map().width() as i32, b.map().height() as i32);
    let mut seen = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let p = Pos::new(x, y);
            let hides = b.terrain().get(b.map().at(p)).hides;
            let sees = b.living(team).any(|id| {
                let u = b.unit(id);
                let v = (u.vision() as i32 + b.terrain().get(b.map().at(u.pos())).vision).max(0);
                let d = (u.pos().x - x).abs() + (u.pos().y - y).abs();
                d == 0 || (d <= v && (!hides || d <= 1))
            });
            if sees {
                seen.push(p);
            }
        }
    }
    seen
}

/// The sight of `team` as rows of `#` (seen) and `.`.
fn picture(b: &Battle, team: Team) -> Vec<String> {
    let s = b.sight(team);
    (0..b.map().height() as i32)
        .map(|y| {
            (0..b.map().width() as i32)
                .map(|x| if s.sees(Pos::new(x, y)) { '#' } else { '.' })
                .collect()
        })
        .collect()
}

#[test]
fn a_side_sees_its_vision_around_each_unit_with_cover_and_lookouts() {
    let t = fog_terrain();
    let map = TerrainMap::from_rows(
        &t,
        &[
            ".........", //
            "..TT.....",
            "..T......",
            ".......^.",
            ".........",
        ],
    )
    .unwrap();
    let b = BattleBuilder::new(map)
        .terrain(t)
        .unit(UnitSpec::player("Kiny", (1, 1)).vision(2))
        .unit(UnitSpec::player("Lookout", (7, 3)).vision(1))
        .unit(UnitSpec::enemy("Brute", (2, 2), "charger"))
        .fog(true)
        .build()
        .unwrap();
    // Kiny sees two steps, but forest only from next to it: (2, 1) yes, (3, 1) and the
    // brute's (2, 2), two steps off, no. The lookout sees 1 + 1 from its hill.
    assert_eq!(
        picture(&b, Team::Player),
        [
            "###......", //
            "###....#.",
            "##....###",
            ".#...####",
            "......###",
        ]
    );
    assert!(!b.sight(Team::Player).sees(Pos::new(2, 2)));
    // The brute sees its own forest cell, the forest next to it, not the one two steps off.
    assert_eq!(picture(&b, Team::Enemy)[1], "###.#....");
    assert_eq!(b.sight(Team::Player).len(), 20);
    // Without fog, everything.
    let open = BattleBuilder::new(TerrainMap::from_rows(&fog_terrain(), &["....", "...."]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 0)).vision(0))
        .build()
        .unwrap();
    assert_eq!(open.sight(Team::Player).len(), 8);
    assert_eq!(open.sight(Team::Enemy).len(), 8);
}

#[test]
fn sight_follows_a_move_and_its_undo() {
    let t = fog_terrain();
    let map = TerrainMap::from_rows(&t, &["..........", ".........."]).unwrap();
    let mut b = BattleBuilder::new(map)
        .terrain(t)
        .unit(UnitSpec::player("Kiny", (0, 0)).vision(1).movement(5))
        .unit(UnitSpec::enemy("Brute", (9, 0), "charger"))
        .fog(true)
        .build()
        .unwrap();
    assert!(!b.sight(Team::Player).sees(Pos::new(6, 0)));
    let kiny = b.find("Kiny").unwrap();
    b.execute(Command::Move {
        unit: kiny,
        path: Steps::parse("22222").unwrap(),
    })
    .unwrap();
    assert_eq!(picture(&b, Team::Player), ["....###...", ".....#...."]);
    b.execute(Command::Undo).unwrap();
    assert_eq!(picture(&b, Team::Player), ["##........", "#........."]);
}

/// A random fog battle: a map of plain, forest, hill, river and mountain, up to 8 units of
/// both sides with visions 0 to 99.
fn battles() -> impl Strategy<Value = (Battle, Vec<usize>)> {
    // Small maps, and long ones whose rows span several 64-cell words, with visions that
    // may reach far along them.
    prop_oneof![(2usize..14, 2usize..11), (60usize..200, 1usize..4)]
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec(0usize..5, w * h),
                proptest::collection::vec((0..w * h, prop_oneof![0u32..7, 0u32..100], any::<bool>()), 1..9),
                proptest::collection::vec(0usize..1000, 4),
            )
        })
        .prop_map(|((w, _), cells, units, picks)| {
            let t = fog_terrain();
            let glyphs = ['.', 'T', '^', '~', 'M'];
            let rows: Vec<String> = cells
                .chunks(w)
                .map(|r| r.iter().map(|&c| glyphs[c]).collect())
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let mut builder = BattleBuilder::new(TerrainMap::from_rows(&t, &rows).unwrap())
                .terrain(t)
                .fog(true);
            let mut taken = std::collections::HashSet::new();
            for (k, (cell, vision, player)) in units.into_iter().enumerate() {
                if !taken.insert(cell) {
                    continue;
                }
                let at = ((cell % w) as i32, (cell / w) as i32);
                let name = format!("U{k}");
                let spec = if player || k == 0 {
                    UnitSpec::player(&name, at)
                } else {
                    UnitSpec::enemy(&name, at, "charger")
                };
                builder = builder.unit(spec.vision(vision).movement(6));
            }
            (builder.build().unwrap(), picks)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn sight_is_the_rule_read_cell_by_cell((mut b, picks) in battles()) {
        let mut caches = Caches::new();
        for pick in picks {
            for team in [Team::Player, Team::Enemy] {
                let s = b.sight(team);
                let want = reference(&b, team);
                prop_assert_eq!(s.cells().collect::<Vec<_>>(), want.clone());
                prop_assert_eq!(s.len(), want.len());
            }
            // A player unit walks somewhere it can reach; sight must follow.
            if b.ended().is_some() {
                break;
            }
            let Some(id) = b.ready(Team::Player).next() else { break };
            let range = b.range(&mut caches, id);
            let cells = range.sorted();
            let to = cells[pick % cells.len()].at;
            let path = range.path(to).unwrap();
            b.execute(Command::Move { unit: id, path }).unwrap();
            // (A move into an unseen enemy ends the action by itself.)
            if !b.unit(id).acted() {
                b.execute(Command::Wait { unit: id }).unwrap();
            }
        }
    }
}
