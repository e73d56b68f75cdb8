//! Fog of war and the enemy's knowledge: every enemy decides on what its side sees
//! (`Battle::seen_by`), so adding, moving or removing player units on cells the enemy side
//! cannot see changes no decision of any behaviour — the seven standard ones and one
//! registered here — and an enemy that sees no player unit acts as if there were none.

use proptest::prelude::*;
use skirmish_core::ai::canto::canto_move;
use skirmish_core::ai::registry::Registry;
use skirmish_core::ai::{AiBehavior, Decision, Reason, Why};
use skirmish_core::model::profiles::{Param, Params, Profile};
use skirmish_core::model::units::{Healing, MoveRules};
use skirmish_core::play::enemy::act;
use skirmish_core::prelude::*;

/// A behaviour a game might register: it walks to the reachable cell nearest (Manhattan) the
/// nearest living unit of the other side, ties in reading order; with none, it stays. It
/// reads the battle through the trait like any registered behaviour.
struct Stalker;

impl AiBehavior for Stalker {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        let me = b.unit(id);
        let dist = |a: Pos, z: Pos| (a.x - z.x).unsigned_abs() + (a.y - z.y).unsigned_abs();
        let Some(prey) = b
            .living(me.team().other())
            .min_by_key(|&f| (dist(me.pos(), b.unit(f).pos()), f))
        else {
            return Decision::stay(b, id, label, Why::NoTarget);
        };
        let at = b.unit(prey).pos();
        let range = b.range(c, id);
        let to = range
            .cells()
            .map(|r| r.at)
            .chain([me.pos()])
            .min_by_key(|&p| (dist(p, at), p.y, p.x))
            .unwrap();
        let why = Why::InSight {
            target: prey,
            dist: dist(me.pos(), at),
            sight: 0,
        };
        let mut d = Decision::walk(b, c, id, to, label, Reason::just(why));
        d.target = Some(prey);
        d
    }
}

/// The standard terrain with cover and lookouts: forest hides, hill +1 vision.
fn fog_terrain() -> TerrainSet {
    let t = TerrainSet::standard();
    let mut kinds = t.kinds().to_vec();
    for k in &mut kinds {
        match k.name.as_str() {
            "forest" => k.hides = true,
            "hill" => k.vision = 1,
            _ => {}
        }
    }
    TerrainSet::new(kinds, t.classes().to_vec()).unwrap()
}

/// One profile per behaviour: the seven of the standard registry and the registered `stalk`.
fn profiles(goal: Pos) -> (Profiles, Vec<&'static str>) {
    let mut r = Registry::standard();
    r.register("stalker", &[], |_| Stalker).unwrap();
    let n = |name: &'static str, behavior: &str, numbers: &[(&str, Param)]| {
        let mut p = Params::default();
        for (k, v) in numbers {
            p.set(k, *v);
        }
        (name, r.get(behavior).unwrap().build(&p))
    };
    let list = [
        n("charger", "charger", &[]),
        n("proximity", "proximity", &[("sight", Param::Int(6))]),
        n("guard", "guard_trigger", &[("trigger", Param::Int(3))]),
        n("pivot", "pivot_leash", &[("leash", Param::Int(4))]),
        n(
            "archer",
            "keep_range",
            &[("sight", Param::Int(8)), ("range", Param::Int(2))],
        ),
        n("advance", "advance", &[("goal", Param::Cell(goal))]),
        n("support", "support", &[]),
        n("stalk", "stalker", &[]),
    ];
    let mut profiles = Profiles::default();
    let mut names = Vec::new();
    for (name, behavior) in list {
        profiles.insert(Profile {
            name: name.into(),
            behavior,
        });
        names.push(name);
    }
    (profiles, names)
}

/// A random fog board: the map's glyphs, the enemies (cell, vision, profile index, a
/// healer?), the player units in cells the enemies see and in cells they do not.
#[derive(Debug, Clone)]
struct Board {
    rows: Vec<String>,
    enemies: Vec<(Pos, u32, usize, bool)>,
    hero: Pos,
    seen: Vec<Pos>,
    /// Player units on cells the enemy side cannot see, and where each goes when moved.
    hidden: Vec<(Pos, Pos)>,
    /// One more unseen cell, for a unit added.
    extra: Pos,
}

impl Board {
    /// The battle with the hidden player units at `hidden` (and `extra` added when given).
    fn battle(&self, hidden: &[Pos], extra: Option<Pos>) -> Battle {
        let t = fog_terrain();
        let rows: Vec<&str> = self.rows.iter().map(String::as_str).collect();
        let (profiles, names) = profiles(Pos::new(0, 0));
        let mut b = BattleBuilder::new(TerrainMap::from_rows(&t, &rows).unwrap())
            .terrain(t)
            .fog(true);
        for (k, &(at, vision, p, healer)) in self.enemies.iter().enumerate() {
            let mut u = UnitSpec::enemy(format!("E{k}"), at, names[p])
                .vision(vision)
                .movement(4);
            if vision % 2 == 0 {
                u = u.moves(MoveRules {
                    canto: true,
                    ..MoveRules::default()
                });
            }
            if healer {
                u = u.healer(Healing::adjacent(5));
            }
            if names[p] == "archer" {
                let stats = Stats {
                    range_max: 2,
                    ..u.stats
                };
                u = u.stats(stats);
            }
            b = b.unit(u);
        }
        b = b.unit(UnitSpec::player("Hero", self.hero).movement(4));
        for (k, &at) in self.seen.iter().enumerate() {
            b = b.unit(UnitSpec::player(format!("S{k}"), at).movement(4));
        }
        for (k, &at) in hidden.iter().chain(extra.as_ref()).enumerate() {
            b = b.unit(UnitSpec::player(format!("H{k}"), at).movement(4));
        }
        let mut battle = b.profiles(profiles).build().unwrap();
        battle.execute(Command::EndPhase { team: Team::Player }).unwrap();
        battle
    }
}

/// Glyphs of random maps: plain most, forest (hides), hill (+1), river.
const GLYPHS: [char; 7] = ['.', '.', '.', 'T', 'T', '^', '~'];

fn boards() -> impl Strategy<Value = Board> {
    (4usize..13, 4usize..11)
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec(0..GLYPHS.len(), w * h),
                proptest::collection::vec((0..w * h, 1u32..6, 0usize..8, any::<bool>()), 1..5),
                proptest::collection::vec(0..w * h, 12),
            )
        })
        .prop_filter_map("room for the unseen", |((w, h), cells, enemies, picks)| {
            let rows: Vec<String> = cells
                .chunks(w)
                .map(|r| r.iter().map(|&c| GLYPHS[c]).collect())
                .collect();
            let cell = |i: usize| Pos::new((i % w) as i32, (i / w) as i32);
            let mut taken = std::collections::HashSet::new();
            let enemies: Vec<(Pos, u32, usize, bool)> = enemies
                .into_iter()
                .filter(|e| taken.insert(cell(e.0)))
                .map(|(i, v, p, heal)| (cell(i), v, p, heal))
                .collect();
            // What the enemies see does not depend on the player's units: ask a board with
            // the enemies alone (and a hero somewhere free, which the rules want).
            let hero = (0..w * h).map(cell).find(|p| !taken.contains(p))?;
            taken.insert(hero);
            let probe = Board {
                rows: rows.clone(),
                enemies: enemies.clone(),
                hero,
                seen: vec![],
                hidden: vec![],
                extra: hero,
            }
            .battle(&[], None);
            let sight = probe.sight(Team::Enemy);
            let mut seen = Vec::new();
            let mut unseen = Vec::new();
            for &i in &picks {
                let p = cell(i);
                if !taken.insert(p) {
                    continue;
                }
                if sight.sees(p) {
                    if seen.len() < 2 {
                        seen.push(p);
                    }
                } else {
                    unseen.push(p);
                }
            }
            // Unseen cells next to the enemies' sight matter most: take the free unseen
            // cells nearest an enemy too.
            let mut near: Vec<Pos> = (0..w * h)
                .map(cell)
                .filter(|p| !sight.sees(*p) && !taken.contains(p))
                .collect();
            near.sort_by_key(|p| {
                enemies
                    .iter()
                    .map(|e| (e.0.x - p.x).abs() + (e.0.y - p.y).abs())
                    .min()
                    .unwrap_or(0)
            });
            for p in near.into_iter().take(3) {
                taken.insert(p);
                unseen.push(p);
            }
            if unseen.len() < 3 {
                return None;
            }
            let extra = unseen.pop().unwrap();
            let half = unseen.len() / 2;
            let (stay, moved) = unseen.split_at(half.max(1));
            let hidden: Vec<(Pos, Pos)> = stay
                .iter()
                .enumerate()
                .map(|(k, &p)| (p, moved.get(k).copied().unwrap_or(p)))
                .collect();
            Some(Board {
                rows,
                enemies,
                hero,
                seen,
                hidden,
                extra,
            })
        })
}

/// Every enemy's decision and explanation on the board as it is.
fn decisions(b: &Battle) -> Vec<(Decision, skirmish_core::ai::Explanation)> {
    let (profiles, _) = profiles(Pos::new(0, 0));
    let mut ai = Ai::new(profiles);
    b.living(Team::Enemy)
        .map(|id| (ai.decide(b, id), ai.explain(b, id)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn unseen_player_units_change_no_enemy_decision(board in boards()) {
        let at: Vec<Pos> = board.hidden.iter().map(|h| h.0).collect();
        let moved: Vec<Pos> = board.hidden.iter().map(|h| h.1).collect();
        let base = board.battle(&at, None);
        let want = decisions(&base);
        prop_assert_eq!(&decisions(&board.battle(&moved, None)), &want, "moved");
        prop_assert_eq!(&decisions(&board.battle(&[], None)), &want, "removed");
        prop_assert_eq!(&decisions(&board.battle(&at, Some(board.extra))), &want, "added");
        // The enemy phase carried out in the four boards side by side: each enemy decides
        // on the board the previous ones left (canto moves included), the same everywhere
        // while the unseen stay unseen (an ambush, or an enemy coming to see one, ends the
        // comparison: from then on the boards differ in what the enemy knows).
        let (profiles, _) = profiles(Pos::new(0, 0));
        let mut boards = [
            (board.battle(&at, None), at.clone()),
            (board.battle(&moved, None), moved.clone()),
            (board.battle(&[], None), vec![]),
            (board.battle(&at, Some(board.extra)), [at.clone(), vec![board.extra]].concat()),
        ];
        let mut ais: Vec<Ai> = boards.iter().map(|_| Ai::new(profiles.clone())).collect();
        let order: Vec<UnitId> = boards[0].0.living(Team::Enemy).collect();
        // True once an ambush happened or an enemy sees one of the unseen, on some board.
        let known = |boards: &[(Battle, Vec<Pos>)], events: &[Vec<Event>]| {
            events.iter().flatten().any(|e| matches!(e, Event::Ambushed { .. }))
                || boards.iter().any(|(b, hidden)| {
                    let seen = b.sight(Team::Enemy);
                    hidden.iter().any(|p| seen.sees(*p))
                })
        };
        'phase: for id in order {
            if boards[0].0.ended().is_some() || !boards[0].0.unit(id).alive() {
                continue;
            }
            let mut events = Vec::new();
            for ((b, _), ai) in boards.iter_mut().zip(ais.iter_mut()) {
                let d = ai.decide(b, id);
                events.push((d.clone(), act(b, d).unwrap().events));
            }
            for e in &events {
                prop_assert_eq!(&e.0, &events[0].0);
            }
            let events: Vec<Vec<Event>> = events.into_iter().map(|e| e.1).collect();
            if known(&boards, &events) {
                break 'phase;
            }
            for e in &events {
                prop_assert_eq!(e, &events[0]);
            }
            // The canto move, decided now: after the first move, on what the side sees now.
            if boards[0].0.ended().is_some() {
                break;
            }
            let mut cantos = Vec::new();
            for ((b, _), ai) in boards.iter_mut().zip(ais.iter_mut()) {
                let c = canto_move(b, ai.caches(), id);
                let e = match &c {
                    Some(c) => b.execute(c.clone()).unwrap(),
                    None => vec![],
                };
                cantos.push((c, e));
            }
            for c in &cantos {
                prop_assert_eq!(&c.0, &cantos[0].0);
            }
            let events: Vec<Vec<Event>> = cantos.into_iter().map(|c| c.1).collect();
            if known(&boards, &events) {
                break 'phase;
            }
        }
    }
}

#[test]
fn an_enemy_that_sees_no_player_unit_acts_as_if_there_were_none() {
    let t = fog_terrain();
    let map = TerrainMap::from_rows(&t, &["............", "............"]).unwrap();
    let (profiles, _) = profiles(Pos::new(6, 1));
    let build = |kiny: Pos| {
        let mut b = BattleBuilder::new(map.clone())
            .terrain(t.clone())
            .fog(true)
            .unit(UnitSpec::player("Kiny", kiny))
            .unit(UnitSpec::enemy("Brute", (11, 0), "charger"))
            .unit(UnitSpec::enemy("Raider", (11, 1), "advance"))
            .unit(UnitSpec::enemy("Hunter", (10, 0), "stalk"))
            .profiles(profiles.clone())
            .build()
            .unwrap();
        b.execute(Command::EndPhase { team: Team::Player }).unwrap();
        b
    };
    // Kiny eleven cells off: unseen (vision 3).
    let b = build(Pos::new(0, 0));
    let mut ai = Ai::new(profiles.clone());
    let brute = ai.decide(&b, b.find("Brute").unwrap());
    assert_eq!((brute.to, brute.reason.why.clone()), (Pos::new(11, 0), Why::NoTarget));
    let hunter = ai.decide(&b, b.find("Hunter").unwrap());
    assert_eq!((hunter.to, hunter.reason.why.clone()), (Pos::new(10, 0), Why::NoTarget));
    // The raider keeps to its goal, as with nobody to attack.
    let raider = ai.decide(&b, b.find("Raider").unwrap());
    assert_eq!(raider.to, Pos::new(6, 1));
    assert_eq!(raider.attack, None);
    // Without fog they know where Kiny is: the brute and the hunter come (move 5).
    let mut open = BattleBuilder::new(map.clone())
        .terrain(t.clone())
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (11, 0), "charger"))
        .unit(UnitSpec::enemy("Raider", (11, 1), "advance"))
        .unit(UnitSpec::enemy("Hunter", (10, 0), "stalk"))
        .profiles(profiles.clone())
        .build()
        .unwrap();
    open.execute(Command::EndPhase { team: Team::Player }).unwrap();
    assert_eq!(ai.decide(&open, open.find("Brute").unwrap()).to, Pos::new(6, 0));
    assert_eq!(ai.decide(&open, open.find("Hunter").unwrap()).to, Pos::new(5, 0));
    // Kiny within sight of the brute: it comes, under fog too.
    let near = build(Pos::new(8, 0));
    let brute = ai.decide(&near, near.find("Brute").unwrap());
    assert_eq!(brute.attack, near.find("Kiny"));
}

/// A random fog board seen from the player's side: player units (cell, vision), enemies on
/// cells the player sees, and enemies on cells it does not see with a second unseen cell
/// each (where it goes when moved), and one more unseen cell (for one added).
type PlayerBoard = (Vec<String>, Vec<(Pos, u32)>, Vec<Pos>, Vec<(Pos, Pos)>, Pos);

fn player_boards() -> impl Strategy<Value = PlayerBoard> {
    (4usize..12, 4usize..10)
        .prop_flat_map(|(w, h)| {
            (
                Just(w),
                proptest::collection::vec(0..GLYPHS.len(), w * h),
                proptest::collection::vec((0..w * h, 1u32..5), 1..4),
                proptest::collection::vec(0..w * h, 14),
            )
        })
        .prop_filter_map("seen and unseen cells", |(w, cells, players, picks)| {
            let h = cells.len() / w;
            let rows: Vec<String> = cells
                .chunks(w)
                .map(|r| r.iter().map(|&c| GLYPHS[c]).collect())
                .collect();
            let cell = |i: usize| Pos::new((i % w) as i32, (i / w) as i32);
            let mut taken = std::collections::HashSet::new();
            let players: Vec<(Pos, u32)> = players
                .into_iter()
                .filter(|p| taken.insert(cell(p.0)))
                .map(|(i, v)| (cell(i), v))
                .collect();
            let t = fog_terrain();
            let rows_ref: Vec<&str> = rows.iter().map(String::as_str).collect();
            let mut probe = BattleBuilder::new(TerrainMap::from_rows(&t, &rows_ref).unwrap())
                .terrain(t)
                .fog(true);
            for (k, &(at, v)) in players.iter().enumerate() {
                probe = probe.unit(UnitSpec::player(format!("P{k}"), at).vision(v));
            }
            let probe = probe.build().ok()?;
            let sight = probe.sight(Team::Player);
            let (mut seen, mut unseen) = (Vec::new(), Vec::new());
            for p in picks.into_iter().map(cell).chain((0..w * h).map(cell)) {
                if !taken.insert(p) {
                    continue;
                }
                if sight.sees(p) {
                    if seen.len() < 2 {
                        seen.push(p);
                    }
                } else if unseen.len() < 5 {
                    unseen.push(p);
                }
            }
            if seen.is_empty() || unseen.len() < 5 {
                return None;
            }
            let extra = unseen[4];
            let hidden = vec![(unseen[0], unseen[2]), (unseen[1], unseen[3])];
            Some((rows, players, seen, hidden, extra))
        })
}

fn player_battle(board: &PlayerBoard, hidden: &[Pos]) -> Battle {
    let (rows, players, seen, _, _) = board;
    let t = fog_terrain();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut b = BattleBuilder::new(TerrainMap::from_rows(&t, &rows).unwrap())
        .terrain(t)
        .fog(true);
    for (k, &(at, v)) in players.iter().enumerate() {
        b = b.unit(UnitSpec::player(format!("P{k}"), at).vision(v).movement(5));
    }
    for (k, &at) in seen.iter().chain(hidden).enumerate() {
        b = b.unit(UnitSpec::enemy(format!("E{k}"), at, "charger").movement(4));
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The built-in player policies (balance runs' players) decide on what the player's side
    /// sees: enemies it cannot see, moved, removed or joined by another, change nothing.
    #[test]
    fn the_player_policies_decide_on_the_players_sight(board in player_boards()) {
        use skirmish_core::ai::player::Policy;
        let at: Vec<Pos> = board.3.iter().map(|h| h.0).collect();
        let moved: Vec<Pos> = board.3.iter().map(|h| h.1).collect();
        let added: Vec<Pos> = at.iter().copied().chain([board.4]).collect();
        let boards = [
            player_battle(&board, &at),
            player_battle(&board, &moved),
            player_battle(&board, &[]),
            player_battle(&board, &added),
        ];
        let mut ai = Ai::new(Profiles::standard());
        for id in boards[0].living(Team::Player) {
            for policy in [Policy::Simple, Policy::Careful] {
                let want = ai.decide_player(&boards[0], id, policy, 7);
                for b in &boards[1..] {
                    prop_assert_eq!(&ai.decide_player(b, id, policy, 7), &want);
                }
            }
        }
    }
}

#[test]
fn a_fair_player_does_not_strike_what_it_cannot_see() {
    use skirmish_core::ai::player::Policy;
    let t = fog_terrain();
    let build = |fog: bool| {
        BattleBuilder::new(TerrainMap::from_rows(&t, &["......T...", ".........."]).unwrap())
            .terrain(t.clone())
            .fog(fog)
            .unit(UnitSpec::player("Kiny", (2, 0)).movement(5))
            .unit(UnitSpec::enemy("Brute", (6, 0), "charger").stats(Stats {
                hp: 5,
                ..UnitSpec::enemy("x", (0, 0), "charger").stats
            }))
            .unit(UnitSpec::enemy("Far", (9, 1), "charger"))
            .build()
            .unwrap()
    };
    let mut ai = Ai::new(Profiles::standard());
    // Without fog Kiny strikes the weak brute in the forest.
    let open = build(false);
    assert_eq!(
        ai.decide_player(&open, UnitId(0), Policy::Simple, 1).attack,
        Some(UnitId(1))
    );
    // Under fog she cannot see it (forest is seen only from next to it) nor the other,
    // eight cells off: she knows of no enemy to strike or head for.
    let fog = build(true);
    assert!(!fog.sight(Team::Player).sees(Pos::new(6, 0)));
    let d = ai.decide_player(&fog, UnitId(0), Policy::Simple, 1);
    assert_ne!(d.attack, Some(UnitId(1)));
    assert_ne!(d.target, Some(UnitId(1)));
}
