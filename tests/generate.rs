//! `skirmish generate`: the same seed gives the same files, the result passes `check`,
//! and no enemy starts closer than the minimum travel cost.

use skirmish::io::generate::{MIN_ENEMY_TRAVEL, generate};
use skirmish::search::potential::PotentialMap;
use std::path::Path;

use skirmish::fixture::run_cli as exec;

#[test]
fn the_same_seed_writes_the_same_files_and_they_check_ok() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = root.join("data");
    let base = std::env::temp_dir().join(format!("skirmish-gen-{}", std::process::id()));
    let mut texts = Vec::new();
    for run_no in 0..2 {
        let out = base.join(format!("run{run_no}"));
        let (code, stdout, stderr) = exec(&[
            "generate",
            "--seed",
            "42",
            "--size",
            "48x32",
            "--out",
            out.to_str().unwrap(),
            "--data",
            data.to_str().unwrap(),
        ]);
        assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
        let scen = out.join("gen-42.toml");
        let (code, _, err) = exec(&["check", scen.to_str().unwrap(), "--data", data.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        texts.push((
            std::fs::read_to_string(out.join("gen-42.txt")).unwrap(),
            std::fs::read_to_string(&scen).unwrap(),
        ));
    }
    assert_eq!(texts[0], texts[1]);
    let (code, _, _) = exec(&[
        "generate",
        "--seed",
        "43",
        "--size",
        "48x32",
        "--out",
        base.join("run0").to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let other = std::fs::read_to_string(base.join("run0/gen-43.txt")).unwrap();
    assert_ne!(other, texts[0].0, "another seed, another map");
    let _ = std::fs::remove_dir_all(&base);
}

/// A fair fight by default: the whole party of four (hero, knight, flier, bowman) and one
/// enemy per 240 cells, six on the default 48×32. With three against eight (the first
/// rule) the careful player lost every generated battle, so `batch --generate` said nothing.
#[test]
fn the_party_is_whole_and_the_enemies_one_per_240_cells() {
    let terrain = skirmish::fixture::terrain();
    for seed in 0..20 {
        let g = generate(&terrain, seed, 48, 32, "x.txt").unwrap();
        let players = g.scenario_text.matches("team = \"player\"").count();
        assert_eq!(players, 4, "seed {seed}:\n{}", g.scenario_text);
        assert_eq!(g.enemies.len(), 48 * 32 / 240, "seed {seed}");
    }
}

#[test]
fn enemies_start_at_least_the_minimum_travel_cost_away() {
    let terrain = skirmish::fixture::terrain();
    for seed in 0..20 {
        let g = generate(&terrain, seed, 40, 30, "x.txt").unwrap();
        let layer = g.map.cost_layer(&terrain, skirmish::load::terrain::ClassId(0));
        let pot = PotentialMap::compute(&layer, g.hero);
        assert!(!g.enemies.is_empty());
        for (p, _) in &g.enemies {
            let travel = pot.get(*p).expect("every enemy can reach the hero");
            assert!(
                travel >= MIN_ENEMY_TRAVEL,
                "seed {seed}: enemy at {p} only {travel} away"
            );
        }
        let parsed =
            skirmish::load::map::parse(&skirmish::load::diag::Source::new("x", g.map_text.clone()), &terrain).unwrap();
        assert_eq!(parsed, g.map);
    }
}

#[test]
fn sizes_out_of_range_are_refused_with_exit_1() {
    let (code, out, err) = exec(&["generate", "--seed", "1", "--size", "5x5", "--out", "/tmp/never"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("size 5x5 is out of range"), "{err}");
    let (code, _, err) = exec(&["generate", "--seed", "1", "--size", "big"]);
    assert_eq!(code, 1);
    assert!(err.contains("WIDTHxHEIGHT"), "{err}");
}

/// Runs the built binary from `dir` (a folder with no `data/` of its own).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_scenario_generated_anywhere_finds_the_project_data_and_plays() {
    let dir = std::env::temp_dir().join(format!("skirmish-gen-anywhere-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let shown = data.to_string_lossy();
    // No --data and no data/ beside --out: the project's data/, as the other commands find it.
    let (code, out, err) = run_in(&dir, &["generate", "--seed", "7", "--size", "20x16", "--out", "out"]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(out.starts_with("wrote out/gen-7.txt and out/gen-7.toml"), "{out}");
    // The scenario has no data/ beside its folder: every command falls back to the project's
    // data folder and says so on stderr.
    for args in [
        vec!["check", "out/gen-7.toml"],
        vec!["ai", "out/gen-7.toml"],
        vec!["simulate", "out/gen-7.toml", "--turns", "2"],
        vec!["range", "out/gen-7.toml", "--unit", "Kiny", "--json"],
    ] {
        let (code, out, err) = run_in(&dir, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.is_empty(), "{args:?}");
        assert!(
            err.starts_with("note: no data folder at out/../data; using ") && err.contains(shown.as_ref()),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generate_says_where_it_looked_for_the_data() {
    let dir = std::env::temp_dir().join(format!("skirmish-gen-nodata-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (code, out, err) = run_in(&dir, &["generate", "--seed", "7", "--out", "out", "--data", "nowhere"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("nowhere/terrain.toml:1:1: cannot read file"), "{err}");
    assert!(err.contains("data folder nowhere (from --data)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
