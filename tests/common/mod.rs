//! Random small battles for property tests: a map of mixed terrain, one or two player
//! units and up to four enemies of the five shipped profiles, none on the same cell.

#![allow(dead_code, reason = "each test file uses the part it needs")]

use proptest::prelude::*;
use skirmish::fixture::{Scene, enemy, player};
use skirmish::rules::Battle;
use skirmish::search::grid::Team;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Map rows, player cells, and enemies as (x, y, profile index, move).
pub type RandomBattle = (Vec<String>, Vec<(i32, i32)>, Vec<(i32, i32, usize, u32)>);

pub fn random_battle() -> impl Strategy<Value = RandomBattle> {
    (4usize..14, 4usize..14).prop_flat_map(|(w, h)| {
        let glyph = prop::sample::select(vec!['.', '.', '.', '.', 'T', '^', '~', '#']);
        (
            prop::collection::vec(
                prop::collection::vec(glyph, w).prop_map(|r| r.into_iter().collect::<String>()),
                h,
            ),
            prop::collection::vec((0..w as i32, 0..h as i32), 1..3),
            prop::collection::vec((0..w as i32, 0..h as i32, 0usize..5, 0u32..8), 1..5),
        )
    })
}

pub fn build(rows: &[String], players: &[(i32, i32)], enemies: &[(i32, i32, usize, u32)]) -> Option<Battle> {
    let names = ["charger", "proximity", "guard", "pivot", "archer"];
    let mut text: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let mut taken = std::collections::HashSet::new();
    let mut units = Vec::new();
    let marks = ['P', 'Q', 'A', 'B', 'C', 'D', 'E', 'F'];
    let mut k = 0;
    for &(x, y) in players {
        if taken.insert((x, y)) {
            text[y as usize][x as usize] = marks[k];
            units.push(player(marks[k]));
            k += 1;
        }
    }
    for &(x, y, p, mv) in enemies {
        if taken.insert((x, y)) {
            text[y as usize][x as usize] = marks[k];
            units.push(enemy(marks[k], names[p], mv));
            k += 1;
        }
    }
    if units.iter().all(|u| u.team == Team::Enemy) || units.iter().all(|u| u.team == Team::Player) {
        return None;
    }
    let picture: String = text.iter().map(|r| r.iter().collect::<String>() + "\n").collect();
    Some(Scene::parse(&picture).battle(&units))
}

/// The project's root folder.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch copy of the shipped `data/` and `maps/`, removed when dropped.
pub struct Tree(pub PathBuf);

impl Tree {
    /// A fresh copy in a folder of its own, named after the test.
    pub fn new(name: &str) -> Tree {
        let dir = std::env::temp_dir().join(format!("skirmish-tree-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["data", "maps"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
            for e in std::fs::read_dir(root().join(sub)).unwrap() {
                let p = e.unwrap().path();
                std::fs::copy(&p, dir.join(sub).join(p.file_name().unwrap())).unwrap();
            }
        }
        Tree(dir)
    }

    /// Replaces `from`, which must stand exactly once in file `rel`, with `to`; returns the file.
    pub fn edit(&self, rel: &str, from: &str, to: &str) -> PathBuf {
        let p = self.0.join(rel);
        let text = std::fs::read_to_string(&p).unwrap();
        assert_eq!(text.matches(from).count(), 1, "{from:?} once in {rel}");
        std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
        p
    }

    /// Runs the binary inside the tree, so `check` alone checks this tree's data/ and maps/.
    pub fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
            .args(args)
            .current_dir(&self.0)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The battle a picture draws, with its units placed.
pub fn battle(picture: &str, units: &[skirmish::fixture::Placed]) -> Battle {
    Scene::parse(picture).battle(units)
}

/// Unit `unit` walks `digits`.
pub fn walk(unit: usize, digits: &str) -> skirmish::rules::Command {
    skirmish::rules::Command::Move {
        unit: skirmish::rules::UnitId(unit),
        path: skirmish::search::grid::Path::parse(digits).unwrap(),
    }
}

/// The event of unit `unit` walking `digits` from `from` to `to` for `cost`.
pub fn moved(unit: usize, from: (i32, i32), to: (i32, i32), digits: &str, cost: u32) -> skirmish::rules::Event {
    use skirmish::search::grid::Pos;
    skirmish::rules::Event::Moved {
        unit: skirmish::rules::UnitId(unit),
        from: Pos::new(from.0, from.1),
        to: Pos::new(to.0, to.1),
        path: skirmish::search::grid::Path::parse(digits).unwrap(),
        cost,
    }
}

/// A scratch project folder in the temp folder, `skirmish-{tag}-{name}-{pid}` (emptied first):
/// the shipped `data/terrain.toml` and `data/profiles.toml` (with `more_profiles` after
/// them), `units` as `data/units.toml`, `map` as `maps/field.txt` and `scenario` as
/// `maps/{file}`. The chance, fog and fog tools tests each build theirs with it.
pub fn project(
    tag: &str,
    name: &str,
    units: &str,
    map: &str,
    more_profiles: &str,
    file: &str,
    scenario: &str,
) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-{tag}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("data/terrain.toml"), dir.join("data/terrain.toml")).unwrap();
    let profiles = std::fs::read_to_string(root.join("data/profiles.toml")).unwrap();
    std::fs::write(dir.join("data/profiles.toml"), profiles + more_profiles).unwrap();
    std::fs::write(dir.join("data/units.toml"), units).unwrap();
    std::fs::write(dir.join("maps/field.txt"), map).unwrap();
    std::fs::write(dir.join("maps").join(file), scenario).unwrap();
    dir
}

/// A battle of `scenario` played by the built-in players on both sides, the enemy's commands
/// recorded as a person's: the versus replay of that battle, written to `file` in `tree`.
/// Returns how many of its commands are the enemy side's.
pub fn write_versus_replay(tree: &Tree, scenario: &str, file: &str) -> usize {
    let data = skirmish::load::data::load(&tree.0.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&tree.0.join(scenario), &data).unwrap();
    let mut b = Battle::new(&s, &data).with_versus(true);
    let mut ai = skirmish::ai::Ai::new(data.profiles.clone());
    skirmish::play::simulate::play(&mut b, &mut ai, skirmish::ai::player::Policy::Simple, 30, 0).unwrap();
    let mut r = skirmish::io::replay::record(&b, &s, &data);
    r.scenario = scenario.into();
    skirmish::io::replay::write(&tree.0.join(file), &r).unwrap();
    let mut check = Battle::new(&s, &data).with_versus(true);
    let mut enemy = 0;
    for c in b.record() {
        if check.active() == Team::Enemy {
            enemy += 1;
        }
        check.execute(c.clone()).unwrap();
    }
    enemy
}
