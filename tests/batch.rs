//! `skirmish batch`: the same arguments give the same bytes whatever `--jobs` is, slices
//! merged equal one run, and every bad argument is a message, exit 1, nothing on stdout.

use skirmish::fixture::run_cli as exec;
use std::path::{Path, PathBuf};

fn sample() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps/sample.toml")
        .to_string_lossy()
        .into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-batch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[track_caller]
fn run_ok(args: &[&str]) -> String {
    let (code, out, err) = exec(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    out
}

#[track_caller]
fn run_err(args: &[&str]) -> String {
    let (code, out, err) = exec(args);
    assert_eq!(code, 1, "{args:?} should fail; stdout {out}");
    assert!(out.is_empty(), "nothing on stdout on error: {out}");
    err
}

#[test]
fn the_same_bytes_with_one_job_or_two() {
    let s = sample();
    for fmt in [&[][..], &["--json"][..]] {
        let mut one = vec!["batch", &s, "--runs", "12", "--set", "archer.range=2,4", "--jobs", "1"];
        one.extend(fmt);
        let mut two = one.clone();
        two[7] = "2";
        let a = run_ok(&one);
        assert_eq!(a, run_ok(&two));
        assert!(!a.is_empty());
    }
}

#[test]
fn two_slices_merged_equal_one_run() {
    let s = sample();
    let dir = scratch("merge");
    let base = [
        "batch",
        &s,
        "--runs",
        "7",
        "--seed",
        "5",
        "--set",
        "archer.range=2,3,5",
        "--player",
        "simple",
    ];
    let with = |extra: &[&str]| {
        let mut v: Vec<&str> = base.to_vec();
        v.extend(extra);
        run_ok(&v)
    };
    let whole_json = with(&["--json"]);
    let whole_text = with(&[]);
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    // Slices in any order, with any number of threads.
    std::fs::write(&b, with(&["--json", "--shard", "2/2", "--jobs", "1"])).unwrap();
    std::fs::write(&a, with(&["--json", "--shard", "1/2", "--jobs", "2"])).unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    assert_eq!(run_ok(&["batch", "--merge", b, a, "--json"]), whole_json);
    assert_eq!(run_ok(&["batch", "--merge", a, b]), whole_text);
    // Three slices too, and the CSV and chart of a merge are those of the whole run.
    let parts: Vec<String> = (1..=3)
        .map(|i| {
            let p = dir.join(format!("p{i}.json"));
            std::fs::write(&p, with(&["--json", "--shard", &format!("{i}/3")])).unwrap();
            p.to_string_lossy().into_owned()
        })
        .collect();
    let (csv1, csv2) = (dir.join("one.csv"), dir.join("merged.csv"));
    let (png1, png2) = (dir.join("one.png"), dir.join("merged.png"));
    with(&["--csv", csv1.to_str().unwrap(), "--chart", png1.to_str().unwrap()]);
    let mut merge: Vec<&str> = vec!["batch", "--merge"];
    merge.extend(parts.iter().map(String::as_str));
    merge.extend(["--csv", csv2.to_str().unwrap(), "--chart", png2.to_str().unwrap()]);
    assert_eq!(run_ok(&merge), whole_text);
    assert_eq!(std::fs::read(&csv1).unwrap(), std::fs::read(&csv2).unwrap());
    assert_eq!(std::fs::read(&png1).unwrap(), std::fs::read(&png2).unwrap());
    assert!(std::fs::read(&png1).unwrap().starts_with(b"\x89PNG"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_report_counts_every_battle_and_every_profile() {
    let out = run_ok(&["batch", &sample(), "--runs", "6", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let c = &v["cells"][0];
    assert_eq!(c["battles"], 6);
    let sum = ["player_wins", "enemy_wins", "draws"]
        .iter()
        .map(|k| c[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(sum, 6);
    let names: Vec<&str> = c["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["profile"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["archer", "charger", "guard", "pivot", "proximity"]);
    let (lo, hi) = (
        c["win_rate_95"][0].as_f64().unwrap(),
        c["win_rate_95"][1].as_f64().unwrap(),
    );
    let rate = c["win_rate"].as_f64().unwrap();
    assert!(lo <= rate && rate <= hi, "{lo} <= {rate} <= {hi}");
}

#[test]
fn the_wilson_interval_matches_the_textbook() {
    // 8 of 10: 0.4902 to 0.9433 (Wilson 1927, z = 1.96).
    let (lo, hi) = skirmish::play::batch::wilson(8, 10);
    assert!((lo - 0.4902).abs() < 1e-4 && (hi - 0.9433).abs() < 1e-4, "{lo} {hi}");
    assert_eq!(skirmish::play::batch::wilson(0, 10).0, 0.0);
}

#[test]
fn generated_maps_join_the_run() {
    let out = run_ok(&["batch", &sample(), "--generate", "2", "--runs", "2", "--seed", "9"]);
    assert!(out.contains("(generated:9)") && out.contains("(generated:10)"), "{out}");
}

#[test]
fn bad_sweeps_are_refused_in_the_loaders_words() {
    let s = sample();
    let e = run_err(&["batch", &s, "--set", "sniper.range=3"]);
    assert!(e.contains("no profile 'sniper'") && e.contains("archer"), "{e}");
    let e = run_err(&["batch", &s, "--set", "charger.range=3"]);
    assert!(e.contains("does not use `range`"), "{e}");
    let e = run_err(&["batch", &s, "--set", "archer.range=2,0"]);
    assert!(e.contains("range = 0 makes no sense"), "{e}");
    let e = run_err(&["batch", &s, "--set", "archer.rnage=2"]);
    assert!(e.contains("rnage"), "{e}");
    let e = run_err(&["batch", &s, "--set", "archer.range=two"]);
    assert!(e.contains("\"two\" is not a whole number"), "{e}");
    let e = run_err(&["batch", &s, "--set", "archer.range=2", "--set", "archer.range=3"]);
    assert!(e.contains("swept twice"), "{e}");
}

#[test]
fn bad_runs_and_shards_are_refused() {
    let s = sample();
    assert!(run_err(&["batch", &s, "--runs", "0"]).contains("--runs 0"));
    assert!(run_err(&["batch", &s, "--shard", "3/2"]).contains("--shard 3/2"));
    assert!(run_err(&["batch", &s, "--shard", "0/2"]).contains("--shard 0/2"));
    assert!(run_err(&["batch", &s, "--player", "reckless"]).contains("unknown policy"));
    assert!(run_err(&["batch"]).contains("needs a SCENARIO"));
    assert!(run_err(&["batch", "maps/nope.toml"]).contains("nope.toml"));
    let dir = scratch("shards");
    let write = |name: &str, extra: &[&str]| {
        let mut v = vec!["batch", &s, "--runs", "3", "--json"];
        v.extend(extra);
        let p = dir.join(name);
        std::fs::write(&p, run_ok(&v)).unwrap();
        p.to_string_lossy().into_owned()
    };
    let a = write("a.json", &["--shard", "1/2"]);
    let b = write("b.json", &["--shard", "2/2"]);
    let other = write("c.json", &["--shard", "2/2", "--seed", "4"]);
    let third = write("d.json", &["--shard", "2/3"]);
    assert!(run_err(&["batch", "--merge", &a]).contains("missing slices: 2/2"));
    assert!(run_err(&["batch", "--merge", &a, &a, &b]).contains("also in"));
    assert!(run_err(&["batch", "--merge", &a, &other]).contains("not a slice of the same run"));
    assert!(run_err(&["batch", "--merge", &a, &third]).contains("does not fit"));
    assert!(run_err(&["batch", "--merge", &a, &b, "--runs", "3"]).contains("--runs"));
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"format\": \"skirmish-replay\", \"version\": 1}").unwrap();
    assert!(run_err(&["batch", "--merge", junk.to_str().unwrap()]).contains("junk.json"));
    let _ = std::fs::remove_dir_all(&dir);
}
