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

fn castle() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps/castle.toml")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn runs_beyond_the_bound_are_refused_before_anything_runs() {
    let s = sample();
    let e = run_err(&["batch", &s, "--runs", "18446744073709551615"]);
    assert!(
        e.contains("--runs 18446744073709551615") && e.contains("1,000,000,000,000"),
        "{e}"
    );
    // 10^12 battles per row is allowed, but not twice that over two rows.
    let e = run_err(&["batch", &s, "--runs", "1000000000000", "--set", "archer.range=2,3"]);
    assert!(e.contains("2 rows") && e.contains("at most"), "{e}");
    let e = run_err(&[
        "batch",
        &s,
        "--set",
        "archer.range=1,2,3,4,5,6,7,8,9,10",
        "--set",
        &format!(
            "archer.sight={}",
            (1..=1001).map(|v| v.to_string()).collect::<Vec<_>>().join(",")
        ),
    ]);
    assert!(e.contains("rows") && e.contains("10,000"), "{e}");
    // A billion battles a row is a valid run; its 100 battles of one slice stream through.
    let out = run_ok(&["batch", &s, "--runs", "1000000000", "--shard", "1/10000000", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["cells"][0]["battles"], 100);
}

#[test]
fn turns_are_bounded_in_batch_and_simulate() {
    let s = sample();
    let e = run_err(&["batch", &s, "--turns", "1001"]);
    assert!(e.contains("--turns 1001") && e.contains("1,000"), "{e}");
    let e = run_err(&["simulate", &s, "--turns", "4294967295"]);
    assert!(e.contains("--turns 4294967295") && e.contains("1000"), "{e}");
    run_ok(&["batch", &s, "--turns", "1000", "--runs", "2"]);
    run_ok(&["simulate", &s, "--turns", "1000"]);
}

#[test]
fn outputs_are_tried_before_the_first_battle() {
    let s = sample();
    let dir = scratch("outputs");
    // 10^12 battles would run for years: failing at once proves no battle ran first.
    let huge = ["batch", s.as_str(), "--runs", "1000000000000"];
    let with = |extra: &[&str]| {
        let mut v = huge.to_vec();
        v.extend(extra);
        run_err(&v)
    };
    let e = with(&["--chart", "/nonexistent/x.png"]);
    assert!(
        e.contains("--chart /nonexistent/x.png") && e.contains("cannot write"),
        "{e}"
    );
    let e = with(&["--csv", "/nonexistent/x.csv"]);
    assert!(e.contains("--csv /nonexistent/x.csv"), "{e}");
    let e = with(&["--chart", dir.to_str().unwrap()]);
    assert!(e.contains("PNG"), "{e}");
    let e = with(&["--chart", "x.svg"]);
    assert!(e.contains("--chart x.svg") && e.contains(".png"), "{e}");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let under_file = file.join("keep");
    let e = with(&["--keep", under_file.to_str().unwrap()]);
    assert!(e.contains("--keep") && e.contains("a-file"), "{e}");
    let e = with(&["--csv", dir.to_str().unwrap()]);
    assert!(e.contains("folder"), "{e}");
    let e = run_err(&[
        "batch",
        &s,
        "--keep",
        dir.join("k").to_str().unwrap(),
        "--keep-when",
        "sometimes",
    ]);
    assert!(e.contains("--keep-when sometimes"), "{e}");
    let e = run_err(&[
        "batch",
        &s,
        "--keep",
        dir.join("k").to_str().unwrap(),
        "--keep-max",
        "0",
    ]);
    assert!(e.contains("--keep-max 0"), "{e}");
    // A good run leaves its outputs and nothing else.
    let (csv, png) = (dir.join("r.csv"), dir.join("r.png"));
    run_ok(&[
        "batch",
        &s,
        "--runs",
        "2",
        "--csv",
        csv.to_str().unwrap(),
        "--chart",
        png.to_str().unwrap(),
    ]);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a-file", "k", "r.csv", "r.png"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The JSON of a slice with `edit` applied and, when `reseal`, its checksum made again the
/// way batch makes it.
fn edited(text: &str, reseal: bool, edit: impl Fn(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    if reseal {
        v.as_object_mut().unwrap().remove("checksum");
        let sum = skirmish::load::scenario::fnv1a(&[v.to_string().as_bytes()]);
        v["checksum"] = format!("{sum:016x}").into();
    }
    v.to_string()
}

#[test]
fn edited_or_inconsistent_slices_are_refused() {
    let s = sample();
    let dir = scratch("edited");
    let slice = |i: u32| run_ok(&["batch", &s, "--runs", "5", "--shard", &format!("{i}/2"), "--json"]);
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    std::fs::write(&a, slice(1)).unwrap();
    std::fs::write(&b, slice(2)).unwrap();
    let (a_s, b_s) = (a.to_str().unwrap(), b.to_str().unwrap());
    run_ok(&["batch", "--merge", a_s, b_s]);
    let original = std::fs::read_to_string(&b).unwrap();
    let plus5 = |v: &mut serde_json::Value| {
        let w = v["cells"][0]["tally"]["player_wins"].as_u64().unwrap();
        v["cells"][0]["tally"]["player_wins"] = (w + 5).into();
    };
    // Player wins +5, by hand: the checksum no longer matches.
    std::fs::write(&b, edited(&original, false, plus5)).unwrap();
    let e = run_err(&["batch", "--merge", a_s, b_s]);
    assert!(e.contains("b.json") && e.contains("checksum"), "{e}");
    // The same with the checksum made again: the tallies do not add up.
    std::fs::write(&b, edited(&original, true, plus5)).unwrap();
    let e = run_err(&["batch", "--merge", a_s, b_s]);
    assert!(e.contains("b.json") && e.contains("do not add up"), "{e}");
    // More battles than the slice holds, consistently: refused too.
    std::fs::write(
        &b,
        edited(&original, true, |v| {
            let t = &mut v["cells"][0]["tally"];
            for k in ["battles", "player_wins"] {
                t[k] = (t[k].as_u64().unwrap() + 1).into();
            }
        }),
    )
    .unwrap();
    let e = run_err(&["batch", "--merge", a_s, b_s]);
    assert!(e.contains("b.json") && e.contains("slice holds"), "{e}");
    // A slice of the old layout, without a checksum: refused with what to do.
    std::fs::write(
        &b,
        edited(&original, false, |v| {
            v["version"] = 1.into();
            v.as_object_mut().unwrap().remove("checksum");
        }),
    )
    .unwrap();
    let e = run_err(&["batch", "--merge", a_s, b_s]);
    assert!(
        e.contains("b.json") && e.contains("version 1") && e.contains("again"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every file under `dir` with its bytes, by path relative to `dir`.
fn tree(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

#[test]
fn kept_replays_play_back_to_the_result_the_batch_counted() {
    let c = castle();
    let dir = scratch("keep");
    let base = [
        "batch",
        c.as_str(),
        "--runs",
        "16",
        "--set",
        "archer.range=2,3",
        "--json",
    ];
    for (when, result, key) in [("loss", "enemy", "enemy_wins"), ("win", "player", "player_wins")] {
        let mut trees = Vec::new();
        for jobs in ["1", "2"] {
            let out = dir.join(format!("{when}-{jobs}"));
            let mut v = base.to_vec();
            v.extend([
                "--keep",
                out.to_str().unwrap(),
                "--keep-when",
                when,
                "--keep-max",
                "5",
                "--jobs",
                jobs,
            ]);
            let report: serde_json::Value = serde_json::from_str(&run_ok(&v)).unwrap();
            let files = tree(&out);
            let replays: Vec<&String> = files.keys().filter(|k| k.ends_with(".replay")).collect();
            for cell in report["cells"].as_array().unwrap() {
                let range = cell["set"][0]["value"].as_i64().unwrap();
                let row = format!("castle-archer.range={range}-seed-");
                let mine: Vec<&&String> = replays.iter().filter(|r| r.starts_with(&row)).collect();
                assert_eq!(mine.len() as u64, cell[key].as_u64().unwrap().min(5), "{when} {row}");
                for r in mine {
                    let path = out.join(r);
                    let played: serde_json::Value =
                        serde_json::from_str(&run_ok(&["replay", path.to_str().unwrap(), "--json"])).unwrap();
                    assert_eq!(played["result"], result, "{r}");
                }
            }
            assert!(!replays.is_empty(), "{when}: something to keep");
            trees.push(files);
        }
        assert!(
            trees[0] == trees[1],
            "--jobs 1 and 2 keep the same files and bytes ({when})"
        );
    }
    // Draws: battles stopped at the turn limit replay to an unfinished battle.
    let out = dir.join("draws");
    run_ok(&[
        "batch",
        &c,
        "--runs",
        "3",
        "--turns",
        "2",
        "--keep",
        out.to_str().unwrap(),
        "--keep-when",
        "draw",
    ]);
    let files = tree(&out);
    let replays: Vec<&String> = files.keys().filter(|k| k.ends_with(".replay")).collect();
    assert_eq!(replays.len(), 3, "{replays:?}");
    for r in replays {
        let played: serde_json::Value =
            serde_json::from_str(&run_ok(&["replay", out.join(r).to_str().unwrap(), "--json"])).unwrap();
        assert_eq!(played["result"], "unfinished", "{r}");
    }
    // Slices keep only their own battles: together, what the whole run keeps.
    let whole = dir.join("whole");
    let keep_all = |out: &Path, shard: Option<&str>| {
        let mut v = vec![
            "batch",
            c.as_str(),
            "--runs",
            "6",
            "--keep",
            out.to_str().unwrap(),
            "--keep-when",
            "all",
        ];
        if let Some(s) = shard {
            v.extend(["--shard", s]);
        }
        run_ok(&v);
        tree(out)
    };
    let all = keep_all(&whole, None);
    let mut parts = keep_all(&dir.join("s1"), Some("1/2"));
    let second = keep_all(&dir.join("s2"), Some("2/2"));
    let first_replays = parts.keys().filter(|k| k.ends_with(".replay")).count();
    assert_eq!(first_replays, 3);
    parts.extend(second);
    assert!(parts == all, "slices keep the whole run's replays");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn draws_are_their_own_share_in_json_and_csv() {
    let dir = scratch("draws");
    let csv = dir.join("d.csv");
    // Two turns are too few to finish the castle: every battle is a draw.
    let c = castle();
    let out = run_ok(&["batch", &c, "--runs", "3", "--turns", "2", "--json"]);
    run_ok(&[
        "batch",
        &c,
        "--runs",
        "3",
        "--turns",
        "2",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let c = &v["cells"][0];
    assert_eq!(c["draws"], 3);
    assert_eq!(c["draw_rate"], 1.0);
    assert!(
        c["draw_rate_95"][0].as_f64().unwrap() > 0.4 && c["draw_rate_95"][1] == 1.0,
        "{c}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    let at = head.iter().position(|h| *h == "draw_rate").expect("a draw_rate column");
    assert_eq!(row[at], "1");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shard_processes_running_at_once_merge_to_one_run() {
    let s = sample();
    let dir = scratch("processes");
    let base = [
        "batch",
        s.as_str(),
        "--runs",
        "9",
        "--set",
        "archer.range=2,3",
        "--json",
        "--jobs",
        "1",
    ];
    let n = 3;
    // N processes of the built binary at once, as a job runner would start them.
    let children: Vec<(PathBuf, std::process::Child)> = (1..=n)
        .map(|i| {
            let out = dir.join(format!("part{i}.json"));
            let child = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
                .args(base)
                .args(["--shard", &format!("{i}/{n}")])
                .stdout(std::fs::File::create(&out).unwrap())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            (out, child)
        })
        .collect();
    let mut parts: Vec<String> = Vec::new();
    for (out, child) in children {
        let done = child.wait_with_output().unwrap();
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
        parts.push(out.to_string_lossy().into_owned());
    }
    let mut merge = vec!["batch", "--merge"];
    merge.extend(parts.iter().rev().map(String::as_str));
    merge.push("--json");
    assert_eq!(run_ok(&merge), run_ok(&base));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kept_replays_of_generated_maps_and_of_files_named_alike() {
    let c = castle();
    let dir = scratch("keep-names");
    let out = dir.join("kept");
    let report = run_ok(&[
        "batch",
        &c,
        &c,
        "--generate",
        "1",
        "--seed",
        "3",
        "--runs",
        "2",
        "--json",
        "--keep",
        out.to_str().unwrap(),
        "--keep-when",
        "all",
        "--keep-max",
        "1",
    ]);
    let v: serde_json::Value = serde_json::from_str(&report).unwrap();
    let files = tree(&out);
    let replays: Vec<&String> = files.keys().filter(|k| k.ends_with(".replay")).collect();
    assert_eq!(replays.len(), 3, "{replays:?}");
    for (prefix, cell) in ["castle", "castle-2", "gen-3"]
        .iter()
        .zip(v["cells"].as_array().unwrap())
    {
        let r = replays
            .iter()
            .find(|r| r.starts_with(&format!("{prefix}-seed-")))
            .unwrap_or_else(|| panic!("{prefix}: {replays:?}"));
        let played: serde_json::Value =
            serde_json::from_str(&run_ok(&["replay", out.join(r).to_str().unwrap(), "--json"])).unwrap();
        let key = match played["result"].as_str().unwrap() {
            "player" => "player_wins",
            "enemy" => "enemy_wins",
            _ => "draws",
        };
        assert!(cell[key].as_u64().unwrap() >= 1, "{r}: {played}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_of_years_is_refused_up_front_with_its_estimate() {
    let s = sample();
    // 10^12 battles is within the bound, but years of this machine: refused, with the
    // measured estimate and the way to start it anyway.
    let e = run_err(&["batch", &s, "--runs", "1000000000000"]);
    assert!(
        e.contains("1,000,000,000,000 battles would take about") && e.contains("years") && e.contains("--long"),
        "{e}"
    );
    // A run of minutes is not timed and runs as before.
    run_ok(&["batch", &s, "--runs", "2"]);
}
