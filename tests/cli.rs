//! The command line and every bad-input message: `path:line:col: message`, exit code 1,
//! nothing on stdout, never a panic.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch folder laid out like the repository: `data/` and `maps/`.
struct Tree(PathBuf);

impl Tree {
    fn new(name: &str) -> Tree {
        let dir = std::env::temp_dir().join(format!("skirmish-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::create_dir_all(dir.join("maps")).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::write(dir.join("data/terrain.toml"), skirmish::fixture::TERRAIN).unwrap();
        std::fs::copy(root.join("data/profiles.toml"), dir.join("data/profiles.toml")).unwrap();
        std::fs::write(dir.join("maps/m.txt"), ".....\n..T..\n..#..\n").unwrap();
        Tree(dir)
    }
    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.0.join(rel);
        std::fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

use skirmish::fixture::run_cli as exec;

const GOOD_UNITS: &str = r#"name = "t"
map = "m.txt"
[[units]]
name = "Kiny"
team = "player"
at = [0, 0]
move = 3
[[units]]
name = "Brute"
team = "enemy"
at = [4, 0]
move = 2
profile = "charger"
"#;

/// Checks a scenario text and returns stderr, asserting exit 1 and an empty stdout.
fn check_scenario(tree: &Tree, text: &str) -> String {
    let p = tree.write("maps/s.toml", text);
    let (code, out, err) = exec(&["check", p.to_str().unwrap()]);
    assert_eq!(code, 1, "expected failure, got stdout {out}");
    assert!(out.is_empty());
    err.replace(&format!("{}/", tree.0.to_string_lossy()), "")
}

#[test]
fn shipped_data_checks_ok() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, out, err) = exec(&["check", root.join("maps/sample.toml").to_str().unwrap()]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "ok\n", ""),
        "exactly `ok`, as the contract says"
    );
}

#[test]
fn scenario_errors_name_file_line_and_column() {
    let t = Tree::new("scen");
    let cases: [(&str, &str, &str); 11] = [
        ("move = 3", "moev = 3", "maps/s.toml:7:1: unknown field `moev`"),
        (
            "at = [0, 0]",
            "at = [9, 0]",
            "maps/s.toml:6:6: unit \"Kiny\" at [9, 0] is off the map (x must be 0..=4, y 0..=2)",
        ),
        (
            "at = [4, 0]",
            "at = [0, 0]",
            "maps/s.toml:11:6: unit \"Brute\" is on (0, 0), where \"Kiny\" already stands",
        ),
        (
            "name = \"Brute\"",
            "name = \"Kiny\"",
            "maps/s.toml:9:8: duplicate unit name \"Kiny\": names must be unique within a scenario \
             (the first is at maps/s.toml:4:8)",
        ),
        (
            "move = 3",
            "move = 3\nclass = \"hrose\"",
            "maps/s.toml:8:9: unit \"Kiny\": unknown movement class \"hrose\" (known: foot, horse, flier); did you mean \"horse\"?",
        ),
        (
            "profile = \"charger\"",
            "profile = \"chagrer\"",
            "maps/s.toml:13:11: unit \"Brute\": unknown profile \"chagrer\" (known: charger, proximity, guard, pivot, archer, ford_raider, support); did you mean \"charger\"?",
        ),
        (
            "move = 2",
            "move = -2",
            "maps/s.toml:12:8: unit \"Brute\": move = -2 is out of range (expected 0..=1000)",
        ),
        (
            "at = [4, 0]",
            "at = [2, 2]",
            "maps/s.toml:11:6: unit \"Brute\" stands on wall at (2, 2), which class 'foot' cannot enter",
        ),
        (
            "team = \"enemy\"",
            "team = \"enemies\"",
            "maps/s.toml:10:8: unit \"Brute\": unknown team \"enemies\" (expected \"player\" or \"enemy\"); did you mean \"enemy\"?",
        ),
        (
            "team = \"enemy\"\n",
            "",
            "maps/s.toml:8:1: unit \"Brute\": missing field `team`: write team = \"player\" or \"enemy\"",
        ),
        (
            "move = 3",
            "mvoe = 3",
            "maps/s.toml:7:1: unknown field `mvoe`, expected one of `name`, `team`, `at`, `class`, `move`, `profile`, \
             `pivot`, `goal`, `kind`, `hp`, `attack`, `defense`, `range`, `reserve`, `hp_left`, `zoc`, `skirmisher`, `canto`; did you mean `move`?",
        ),
    ];
    for (from, to, want) in cases {
        assert_eq!(GOOD_UNITS.matches(from).count(), 1, "{from:?} must name one place");
        let text = GOOD_UNITS.replacen(from, to, 1);
        let err = check_scenario(&t, &text);
        assert!(err.starts_with(want), "case {to:?}\n got: {err}\nwant: {want}");
    }
}

#[test]
fn map_errors_are_reported_through_the_scenario_and_alone() {
    let t = Tree::new("map");
    t.write("maps/m.txt", "..Q..\n..T\n.....\n");
    let err = check_scenario(&t, GOOD_UNITS);
    assert!(
        err.contains("maps/m.txt:1:3: unknown terrain glyph 'Q' (known: . T ^ ~ M = _ #)"),
        "{err}"
    );
    assert!(
        err.contains("maps/m.txt:2:4: ragged row: 3 glyphs where the first row has 5"),
        "{err}"
    );
    t.write("maps/m.txt", "");
    let (code, _, err) = exec(&["check", t.0.join("maps/m.txt").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.ends_with("maps/m.txt:1:1: empty map: expected at least one row of terrain glyphs\n"),
        "{err}"
    );
}

#[test]
fn check_without_files_reports_every_error_in_every_file() {
    let t = Tree::new("all");
    t.write("maps/a.toml", &GOOD_UNITS.replace("move = 3", "moev = 3"));
    t.write("maps/b.toml", &GOOD_UNITS.replace("\"charger\"", "\"nope\""));
    let root = t.0.clone();
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .arg("check")
        .current_dir(&root)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("maps/a.toml:7:1:"), "{err}");
    assert!(err.contains("maps/b.toml:13:11:"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn range_json_follows_the_contract() {
    let t = Tree::new("range");
    let p = t.write("maps/s.toml", GOOD_UNITS);
    let (code, out, err) = exec(&["range", p.to_str().unwrap(), "--unit", "Kiny", "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["origin"], serde_json::json!([0, 0]));
    assert_eq!(v["move"], 3);
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells[0], serde_json::json!({"at": [0, 0], "cost": 0, "path": "0"}));
    // The forest at (2,1) costs 2 to enter, so it is 4 away: out of reach with move 3.
    assert!(!cells.iter().any(|c| c["at"] == serde_json::json!([2, 1])), "{cells:?}");
    assert!(
        cells.contains(&serde_json::json!({"at": [1, 1], "cost": 2, "path": "23"})),
        "{cells:?}"
    );
    // Every cell's path replays to it.
    for c in cells {
        let path = skirmish::search::grid::Path::parse(c["path"].as_str().unwrap()).unwrap();
        let end = path.end(skirmish::search::grid::Pos::new(0, 0));
        assert_eq!(serde_json::json!([end.x, end.y]), c["at"]);
    }
}

/// Issue 36: `range --json` is written as it is made (a whole 4096² map's answer is
/// gigabytes), byte for byte what `serde_json` writes for the same value, as before.
#[test]
fn range_json_is_written_as_it_goes_in_serde_json_form() {
    let t = Tree::new("range-stream");
    let p = t.write(
        "maps/s.toml",
        &GOOD_UNITS.replace("name = \"Kiny\"", "name = \"Ki\\\"ny\""),
    );
    let m = t.0.join("maps/m.txt");
    for args in [
        vec!["skirmish", "range", p.to_str().unwrap(), "--unit", "Ki\"ny", "--json"],
        vec![
            "skirmish",
            "range",
            "--map",
            m.to_str().unwrap(),
            "--from",
            "0,0",
            "--move",
            "9",
            "--ally",
            "1,0",
            "--json",
        ],
    ] {
        let mut written = Vec::new();
        let outcome = skirmish::cli::run_to(args.iter().map(std::ffi::OsString::from), &mut written);
        let skirmish::cli::Outcome::Done { code, stdout, stderr } = outcome else {
            panic!("{args:?} would open the game");
        };
        // Nothing held back for the end: it all went out as it was made.
        assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, "", ""), "{args:?}");
        let written = String::from_utf8(written).unwrap();
        let v: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(written, format!("{v}\n"), "{args:?}");
        // And the in-memory answer of `run` is the same text.
        assert_eq!(exec(&args[1..]).1, written);
    }
}

#[test]
fn range_on_a_bare_map_with_blocks_and_allies() {
    let t = Tree::new("bare");
    let m = t.0.join("maps/m.txt");
    let (code, out, _) = exec(&[
        "range",
        "--map",
        m.to_str().unwrap(),
        "--from",
        "0,0",
        "--move",
        "2",
        "--block",
        "1,0",
        "--ally",
        "0,1",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let at: Vec<serde_json::Value> = v["cells"].as_array().unwrap().iter().map(|c| c["at"].clone()).collect();
    // (1,0) is an enemy, (0,1) an ally: passable, but not a place to stop.
    // Sorted by cost, then row, then column.
    assert_eq!(
        at,
        vec![
            serde_json::json!([0, 0]),
            serde_json::json!([1, 1]),
            serde_json::json!([0, 2])
        ]
    );
    let (code, out, err) = exec(&["range", "--map", m.to_str().unwrap(), "--from", "9,0", "--move", "2"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("--from 9,0 is off the map"), "{err}");
    assert!(
        err.contains("x must be 0..=4, y 0..=2"),
        "one range notation everywhere: {err}"
    );
}

#[test]
fn ai_json_lists_decisions_in_acting_order() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, out, _) = exec(&["ai", root.join("maps/sample.toml").to_str().unwrap(), "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ds = v["decisions"].as_array().unwrap();
    let names: Vec<&str> = ds.iter().map(|d| d["unit"].as_str().unwrap()).collect();
    assert_eq!(names, ["Brute", "Scout", "Warden", "Tether", "Archer"]);
    for d in ds {
        for key in ["unit", "profile", "target", "from", "to", "path", "triggered", "reason"] {
            assert!(d.get(key).is_some(), "missing {key} in {d}");
        }
    }
}

#[test]
fn a_new_profile_in_toml_shows_up_in_ai_output() {
    let t = Tree::new("sniper");
    let mut profiles = std::fs::read_to_string(t.0.join("data/profiles.toml")).unwrap();
    profiles += "\n[sniper]\nbehavior = \"keep_range\"\nsight = 12\nrange = 2\n";
    t.write("data/profiles.toml", &profiles);
    let p = t.write("maps/s.toml", &GOOD_UNITS.replace("\"charger\"", "\"sniper\""));
    let (code, out, err) = exec(&["ai", p.to_str().unwrap(), "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["decisions"][0]["profile"], "sniper");
    assert_eq!(v["decisions"][0]["to"], serde_json::json!([2, 0]));
    assert_eq!(v["decisions"][0]["reason"], "keeps range 2 from Kiny");
}

#[test]
fn simulate_reports_turns_with_both_teams() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, out, _) = exec(&[
        "simulate",
        root.join("maps/sample.toml").to_str().unwrap(),
        "--turns",
        "3",
        "--seed",
        "7",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let turns = v["turns"].as_array().unwrap();
    assert!(!turns.is_empty() && turns.len() <= 3);
    assert_eq!(turns[0]["turn"], 1);
    assert_eq!(turns[0]["decisions"][0]["team"], "player");
    assert!(
        turns[0]["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["team"] == "enemy")
    );
    assert!(turns[0]["defeated"].is_array());
    assert!(v["result"].is_string());
}

#[test]
fn bad_arguments_exit_1_without_panicking() {
    for args in [
        vec!["range"],
        vec!["range", "nope.toml", "--unit", "X", "--json"],
        vec!["ai", "missing.toml"],
        vec!["frobnicate"],
        vec!["range", "--map", "x.txt", "--from", "a,b", "--move", "3"],
        vec!["check", "/nonexistent/terrain.toml"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.is_empty(), "{args:?}");
    }
}

#[test]
fn ai_explain_shows_the_numbers_behind_a_decision() {
    let sample = || {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps/sample.toml")
            .to_string_lossy()
            .into_owned()
    };
    let run_cli = |args: &[&str]| exec(args);
    let (code, text, err) = run_cli(&["ai", &sample(), "--explain", "Archer"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("target candidates"), "{text}");
    assert!(text.contains("goal: end exactly 3 from"), "{text}");
    let (code, json, _) = run_cli(&["ai", &sample(), "--explain", "Archer", "--json"]);
    assert_eq!(code, 0);
    let x: serde_json::Value = serde_json::from_str(&json).unwrap();
    let (_, all, _) = run_cli(&["ai", &sample(), "--json"]);
    let all: serde_json::Value = serde_json::from_str(&all).unwrap();
    let archer = all["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["unit"] == "Archer")
        .unwrap();
    assert_eq!(x["cells"][0]["at"], archer["to"], "the best cell is where it goes");
    assert_eq!(x["decision"]["to"], archer["to"]);
    assert_eq!(x["goal"]["kind"], "ring");
    let text_last = text.lines().last().unwrap();
    assert!(text_last.starts_with("decision: "), "{text_last}");
    // Bad names are clear errors.
    let (code, out, err) = run_cli(&["ai", &sample(), "--explain", "Nobody"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("no unit named \"Nobody\""), "{err}");
    let (code, _, err) = run_cli(&["ai", &sample(), "--explain", "Kiny"]);
    assert_eq!(code, 1);
    assert!(err.contains("is a player unit"), "{err}");
}

fn sample_path() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps/sample.toml")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn simulate_takes_the_player_policy_of_batch_and_defaults_to_simple() {
    let run = |extra: &[&str]| {
        let mut args = vec!["simulate".to_string(), sample_path(), "--json".into()];
        args.extend(extra.iter().map(|s| s.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = exec(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let default = run(&[]);
    assert!(default.get("player").is_none(), "no new key unless asked: {default}");
    let mut simple = run(&["--player", "simple"]);
    assert_eq!(simple["player"], "simple");
    simple.as_object_mut().unwrap().remove("player");
    assert_eq!(simple, default, "the default policy is the simple one");
    let careful = run(&["--player", "careful"]);
    assert_eq!(careful["player"], "careful");
    assert_ne!(careful["turns"], default["turns"], "the careful policy plays otherwise");
    let (code, out, err) = exec(&["simulate", &sample_path(), "--player", "reckless"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("--player reckless: unknown policy (known: simple, careful)"),
        "{err}"
    );
}

#[test]
fn text_output_tells_the_story_with_turn_and_phase_headers() {
    let (code, ai, err) = exec(&["ai", &sample_path()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(ai.lines().next(), Some("Turn 1 — Enemy phase"), "{ai}");
    let (code, sim, err) = exec(&["simulate", &sample_path(), "--turns", "3"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = sim.lines().collect();
    assert_eq!(lines[0], "Turn 1 — Player phase", "{sim}");
    assert!(lines.contains(&"Turn 1 — Enemy phase"), "{sim}");
    assert!(lines.contains(&"Turn 2 — Player phase"), "{sim}");
    // Who hit whom for how much, the counter, and who struck the fallen down.
    assert!(lines.contains(&"    Kiny hits Warden for 4: 20 hp left"), "{sim}");
    assert!(
        lines.contains(&"    Warden strikes back at Kiny for 3: 25 hp left"),
        "{sim}"
    );
    assert!(lines.contains(&"    Warden falls, struck down by Wing"), "{sim}");
    assert!(lines.last().unwrap().starts_with("result: "), "{sim}");
}

/// Playing from a clone must not dirty git: the game's default outputs (`skirmish.save`,
/// and `skirmish.replay` beside it) are ignored, and no replay is committed.
#[test]
fn the_games_default_outputs_are_ignored_by_git() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ignore = std::fs::read_to_string(root.join(".gitignore")).unwrap();
    for f in ["skirmish.save", "skirmish.replay"] {
        assert!(
            ignore.lines().any(|l| l.trim_start_matches('/') == f),
            "{f} not in .gitignore"
        );
    }
    // Only where git and the repository are at hand (a source tarball has neither).
    if let Ok(out) = Command::new("git")
        .args(["ls-files", "--", "skirmish.replay", "skirmish.save"])
        .current_dir(root)
        .output()
        && out.status.success()
    {
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "",
            "a default output is committed"
        );
    }
}

/// `skirmish` with no command opens the title screen; with a window option (a script, a
/// screenshot, a frame count, a save or a replay) the default battle opens directly, as
/// before; `skirmish campaign FILE` without --simulate opens the title with that campaign.
#[test]
fn no_command_is_the_title_screen_and_window_options_still_open_the_battle() {
    use skirmish::cli::{Outcome, run};
    let args = |a: &[&str]| a.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(matches!(
        run(args(&["skirmish"])),
        Outcome::Title { campaign: None, .. }
    ));
    match run(args(&[
        "skirmish",
        "title",
        "--input",
        "Down Confirm",
        "--screenshot",
        "t.png",
    ])) {
        Outcome::Title { opts, .. } => {
            assert_eq!(opts.input.as_deref(), Some("Down Confirm"));
            assert_eq!(opts.screenshot.as_deref(), Some(Path::new("t.png")));
        }
        other => panic!("title: {other:?}"),
    }
    for option in [["--frames", "10"], ["--input", "Confirm"], ["--screenshot", "s.png"]] {
        let mut a = vec!["skirmish"];
        a.extend(option);
        match run(args(&a)) {
            Outcome::Play { path, .. } => assert!(path.ends_with("sample.toml"), "{}", path.display()),
            other => panic!("{option:?}: {other:?}"),
        }
    }
    let campaign = root.join("maps/campaign.toml");
    let c = campaign.to_str().unwrap();
    match run(args(&["skirmish", "campaign", c, "--casual", "--progress", "p.json"])) {
        Outcome::Title {
            campaign: Some(file),
            casual: true,
            opts,
            ..
        } => {
            assert_eq!(file, campaign);
            assert_eq!(opts.progress.as_deref(), Some(Path::new("p.json")));
        }
        other => panic!("campaign: {other:?}"),
    }
    // A campaign file that does not load is refused before any window opens.
    let tree = Tree::new("title-campaign");
    let bad = tree.write(
        "maps/bad.toml",
        "name = \"War\"\n[[chapters]]\nscenario = \"nowhere.toml\"\n",
    );
    match run(args(&["skirmish", "campaign", bad.to_str().unwrap()])) {
        Outcome::Done { code, stderr, .. } => assert!(code == 1 && stderr.contains("bad.toml:"), "{stderr}"),
        other => panic!("a broken campaign: {other:?}"),
    }
}

#[test]
fn decision_lines_always_say_what_a_unit_goes_for() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut seen_cell = false;
    for s in skirmish::io::files::list_scenarios(&maps) {
        let s = s.to_str().unwrap();
        let mut outs = vec![exec(&["ai", s]).1];
        for player in ["simple", "careful"] {
            for seed in ["0", "1"] {
                outs.push(exec(&["simulate", s, "--player", player, "--seed", seed]).1);
            }
        }
        for out in outs {
            for line in out.lines() {
                assert!(!line.contains(" -> -:") && !line.contains("towards -"), "{s}: {line}");
                seen_cell |= line.contains(" to seize: ") || line.contains("(player) -> the nearest cell to seize:");
            }
        }
    }
    assert!(seen_cell, "a seizing move names its cell");
    // A target that is not the unit the reason names says why it is the target.
    let castle = maps.join("castle.toml");
    let (_, out, _) = exec(&["ai", castle.to_str().unwrap()]);
    assert!(
        out.contains("Gatekeeper South (guard) -> Kiny (least travel cost; Lance is nearer in a straight line): (21, 16) -> (21, 16) path 0  | asleep: nearest player unit Lance at distance 16 > trigger 3: stays\n"),
        "{out}"
    );
}
