//! The careful player keeps the enemies' attack areas between its decisions (in `Caches`),
//! building one again only when something it was built from changed. Exactness: at every
//! player decision of random and shipped battles, the decision with the kept areas (one
//! `Caches` for the whole battle, as `batch` and `simulate` keep it) is the decision with
//! every area built afresh (a new `Caches`). Debug builds also build every kept area again
//! inside the engine and compare it (an assertion), so these battles check each area too.

use proptest::prelude::*;
use skirmish::ai::Ai;
use skirmish::ai::player::{Player, Policy, Skill};
use skirmish::fixture::{Scene, enemy, player, profiles};
use skirmish::rules::{Battle, Caches, Command};
use skirmish::search::grid::Team;
use std::path::Path;

type Board = (Vec<String>, Vec<(i32, i32)>, Vec<(i32, i32, usize, u32)>);

fn board() -> impl Strategy<Value = Board> {
    (5usize..16, 5usize..16).prop_flat_map(|(w, h)| {
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

fn build((rows, players, enemies): &Board) -> Battle {
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
    for (k, &(x, y, p, mv)) in enemies.iter().enumerate() {
        if taken.insert((x, y)) {
            let m = marks[4 + k];
            text[y as usize][x as usize] = m;
            units.push(enemy(m, names[p], mv));
        }
    }
    let picture: String = text.iter().map(|r| r.iter().collect::<String>() + "\n").collect();
    Scene::parse(&picture).battle(&units)
}

/// Plays `b` for up to `turns` turns: every player decision by `player` with `ai`'s kept
/// caches, checked against the same decision with fresh caches; the enemy phases by `ai`
/// (its caches serve both sides, as in `batch`). Returns the player decisions compared.
fn play_checked(b: &mut Battle, ai: &mut Ai, player: Player, turns: u32, seed: u64) -> usize {
    let mut compared = 0;
    while b.ended().is_none() && b.turn() <= turns {
        let ready: Vec<_> = b.ready(Team::Player).collect();
        for id in ready {
            if b.ended().is_some() || !b.unit(id).alive() {
                continue;
            }
            let kept = ai.decide_player(b, id, player, seed);
            let view = b.seen_by(Team::Player);
            let fresh = player.decide(&view, &mut Caches::new(), ai.profiles(), id, seed);
            assert_eq!(
                kept,
                fresh,
                "turn {}: {} decides otherwise with kept threats",
                b.turn(),
                b.name(id)
            );
            compared += 1;
            skirmish::play::enemy::act(b, kept).unwrap();
            if b.ended().is_none()
                && let Some(second) = skirmish::ai::canto::canto_move(b, ai.caches(), id)
            {
                b.execute(second).unwrap();
            }
        }
        if b.ended().is_none() {
            b.execute(Command::EndPhase { team: Team::Player }).unwrap();
            skirmish::play::enemy::EnemyPhase::run(ai, b).unwrap();
        }
    }
    compared
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn kept_threats_decide_exactly_like_threats_built_afresh(board in board(), seed in 0u64..1000, average in any::<bool>()) {
        let mut b = build(&board);
        let skill = if average { Skill::AVERAGE } else { Skill::EXPERT };
        let mut ai = Ai::new(profiles(""));
        play_checked(&mut b, &mut ai, Player { policy: Policy::Careful, skill }, 6, seed);
    }
}

/// Every shipped scenario (chance on and off alike), a few seeds, both skills: the kept
/// threats decide every player action as fresh ones.
#[test]
fn kept_threats_decide_the_shipped_battles_exactly_like_threats_built_afresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = skirmish::load::data::load(&root.join("data")).unwrap();
    let mut maps: Vec<_> = std::fs::read_dir(root.join("maps"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && !p.ends_with("campaign.toml"))
        .collect();
    maps.sort();
    let mut compared = 0;
    for path in &maps {
        let Ok(scenario) = skirmish::load::scenario::load(path, &data) else {
            continue;
        };
        for (seed, skill) in [(1, Skill::EXPERT), (2, Skill::AVERAGE)] {
            let mut b = Battle::new(&scenario, &data).with_seed(seed);
            let mut ai = Ai::new(data.profiles.clone());
            compared += play_checked(
                &mut b,
                &mut ai,
                Player {
                    policy: Policy::Careful,
                    skill,
                },
                30,
                seed,
            );
        }
    }
    assert!(
        compared > 500,
        "{compared} decisions compared over {} scenarios",
        maps.len()
    );
}
