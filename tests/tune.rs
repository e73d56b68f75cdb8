//! `skirmish tune`: each verdict on duels whose answer is known (the hp of the enemy decides
//! the battle at a known value), several scenarios averaged, the same output whatever
//! `--jobs`, and `--write` changing the one number of a commented file and nothing else.

use skirmish::fixture::run_cli as exec;
use std::path::{Path, PathBuf};

/// A folder with the project's data and duels on an open field: Kiny against Ogre (a
/// charging brute). A hero Kiny wins while Ogre has at most 48 hp (`duel.toml`); a soldier
/// Kiny while it has at most 18 (`weak.toml`), whatever the seed.
fn duels(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for f in ["terrain.toml", "profiles.toml", "units.toml"] {
        std::fs::copy(root.join("data").join(f), dir.join("data").join(f)).unwrap();
    }
    std::fs::write(dir.join("maps/duel.txt"), "............\n".repeat(5)).unwrap();
    for (file, kind) in [("duel.toml", "hero"), ("weak.toml", "soldier")] {
        std::fs::write(
            dir.join("maps").join(file),
            format!(
                r#"# A duel: {kind} against a brute.
name = "Duel of a {kind}"
map = "duel.txt"

[[units]]
name = "Kiny"
team = "player"
kind = "{kind}"
at = [1, 2]

[[units]]
name = "Ogre"                   # its hp decides the duel
team = "enemy"
kind = "brute"
at = [10, 2]
hp = 22                         # as the kind says
profile = "charger"

# Levels.
[difficulty.hard]
tuned = "0% expert"
"#
            ),
        )
        .unwrap();
    }
    dir
}

#[track_caller]
fn run_ok(args: &[&str]) -> String {
    let (code, out, err) = exec(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    out
}

fn verdict(json: &str) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["keys"][0]["verdict"].clone()
}

#[test]
fn a_target_between_two_neighbours_is_a_knife_edge() {
    let d = duels("edge");
    let s = d.join("maps/duel.toml");
    let out = run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "50%",
        "--vary",
        "unit:Ogre.hp=10..60",
    ]);
    assert!(
        out.contains("knife-edge: 50.0% falls between unit:Ogre.hp = 48 (100.0%) and 49 (0.0%): one step moves the win rate 100.0 points"),
        "{out}"
    );
    // Every value tried has its line: battles, win rate, interval.
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["48", "50", "100.0%", "92.9–100.0%"]),
        "{out}"
    );
    let json = run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "50%",
        "--vary",
        "unit:Ogre.hp=10..60",
        "--json",
    ]);
    let v = verdict(&json);
    assert_eq!(
        (v["verdict"].as_str(), v["above"].as_i64(), v["below"].as_i64()),
        (Some("knife-edge"), Some(48), Some(49))
    );
    // Sure answers need few battles: the bisection tries about log2(51) values, 50 each.
    let all: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(all["battles"].as_u64().unwrap() <= 500, "{json}");
}

#[test]
fn a_range_that_never_reaches_the_target_says_which_end_to_widen() {
    let d = duels("range");
    let s = d.join("maps/duel.toml");
    let out = run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "50%",
        "--vary",
        "unit:Ogre.hp=10..30",
    ]);
    assert!(
        out.contains("out of range: every value of unit:Ogre.hp from 10 to 30 wins more than 50.0%"),
        "{out}"
    );
    let out = run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "50%",
        "--vary",
        "unit:Ogre.hp=50..70",
    ]);
    assert!(
        out.contains("out of range: every value of unit:Ogre.hp from 50 to 70 wins less than 50.0%"),
        "{out}"
    );
    let v = verdict(&run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "50%",
        "--vary",
        "unit:Ogre.hp=50..70",
        "--json",
    ]));
    assert_eq!(
        (v["verdict"].as_str(), v["every_value_wins"].as_str()),
        (Some("out of range"), Some("less"))
    );
}

#[test]
fn two_scenarios_averaged_reach_the_target_where_one_wins_and_the_other_loses() {
    let d = duels("reach");
    let (a, b) = (d.join("maps/duel.toml"), d.join("maps/weak.toml"));
    let args = [
        "tune",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--target",
        "50%",
        "--vary",
        "unit:Ogre.hp=10..60",
    ];
    let out = run_ok(&args);
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = verdict(&run_ok(&with_json));
    assert_eq!(v["verdict"], "reached", "{out}");
    let value = v["value"].as_i64().unwrap();
    // The hero wins, the soldier loses: 50% on average, each scenario's own rate shown.
    assert!((19..=48).contains(&value), "{out}");
    assert!(
        out.contains(&format!("reached: unit:Ogre.hp = {value} wins 50.0%")),
        "{out}"
    );
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{value} ")))
        .unwrap();
    assert!(
        row.ends_with("100.0%        0.0%") || row.contains("100.0%") && row.trim_end().ends_with("0.0%"),
        "{row}"
    );
    // The same output with one thread or two.
    let mut one = args.to_vec();
    one.extend(["--jobs", "1"]);
    let mut two = args.to_vec();
    two.extend(["--jobs", "2"]);
    assert_eq!(run_ok(&one), run_ok(&two));
    assert_eq!(run_ok(&one), out);
}

#[test]
fn write_changes_the_one_number_and_keeps_every_comment() {
    let d = duels("write");
    let s = d.join("maps/duel.toml");
    let before = std::fs::read_to_string(&s).unwrap();
    let out = run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "100%",
        "--vary",
        "unit:Ogre.hp=30..40",
        "--write",
    ]);
    let after = std::fs::read_to_string(&s).unwrap();
    let changed: Vec<(&str, &str)> = before.lines().zip(after.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(before.lines().count(), after.lines().count());
    assert_eq!(
        changed,
        [(
            "hp = 22                         # as the kind says",
            "hp = 30                         # as the kind says"
        )],
        "{out}"
    );
    assert!(out.contains("duel.toml:16: hp = 30"), "{out}");
    // --difficulty NAME: into the scenario's [difficulty.NAME] table, with the rate it reached.
    let out = run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "0%",
        "--vary",
        "unit:Ogre.hp=55..60",
        "--write",
        "--difficulty",
        "hard",
    ]);
    let text = std::fs::read_to_string(&s).unwrap();
    assert!(
        text.ends_with("[difficulty.hard]\ntuned = \"0.0% expert\"\n\"unit:Ogre.hp\" = 55\n"),
        "{text}\n{out}"
    );
    assert!(
        text.contains("hp = 30                         # as the kind says"),
        "the unit's own line stays"
    );
    // A level the scenario does not have yet is made.
    run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "100%",
        "--vary",
        "kind:brute.attack=1..2",
        "--write",
        "--difficulty",
        "easy",
    ]);
    let names = skirmish::load::difficulty::levels(&s).unwrap();
    assert_eq!(names, ["hard", "easy"]);
    // A profile's number goes into profiles.toml, comments kept.
    let profiles = d.join("data/profiles.toml");
    let before = std::fs::read_to_string(&profiles).unwrap();
    run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "100%",
        "--vary",
        "archer.range=2..2",
        "--write",
    ]);
    let after = std::fs::read_to_string(&profiles).unwrap();
    let changed: Vec<(&str, &str)> = before.lines().zip(after.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(
        changed[0].1.starts_with("range = 2 ") && changed[0].1.contains('#'),
        "{changed:?}"
    );
}

#[test]
fn bad_arguments_are_refused_before_any_battle() {
    let d = duels("bad");
    let s = d.join("maps/duel.toml");
    let s = s.to_str().unwrap();
    let err = |args: &[&str]| {
        let (code, out, err) = exec(args);
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        err
    };
    assert!(err(&["tune", s, "--target", "150%", "--vary", "unit:Ogre.hp=1..2"]).contains("--target 150%"));
    assert!(err(&["tune", s, "--target", "50%", "--vary", "unit:Ogre.hp=5"]).contains("no '..'"));
    assert!(err(&["tune", s, "--target", "50%", "--vary", "unit:Ogre.hp=9..2"]).contains("is empty"));
    assert!(err(&["tune", s, "--target", "50%", "--vary", "unit:Orge.hp=1..2"]).contains("no unit \"Orge\""));
    assert!(err(&["tune", s, "--target", "50%", "--vary", "unit:Ogre.hp=0..2"]).contains("hp = 0 is out of range"));
    assert!(
        err(&[
            "tune",
            s,
            "--target",
            "50%",
            "--vary",
            "unit:Ogre.hp=1..2",
            "--player",
            "simple",
            "--skill",
            "novice"
        ])
        .contains("only the careful player")
    );
}

#[test]
fn write_puts_a_unit_placed_in_tiled_into_its_object_and_keeps_the_rest_of_the_map() {
    let d = duels("write-tmx");
    let out = d.join("tiled");
    run_ok(&[
        "export-tiled",
        d.join("maps/duel.toml").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let (s, tmx) = (out.join("duel.toml"), out.join("duel.tmx"));
    let before = std::fs::read_to_string(&tmx).unwrap();
    let hp_line = before.lines().position(|l| l.contains("name=\"hp\"")).unwrap() + 1;
    let tune = |vary: &str| {
        run_ok(&[
            "tune",
            s.to_str().unwrap(),
            "--target",
            "100%",
            "--vary",
            vary,
            "--write",
            "--data",
            d.join("data").to_str().unwrap(),
        ])
    };
    let said = tune("unit:Ogre.hp=30..40");
    let after = std::fs::read_to_string(&tmx).unwrap();
    let changed: Vec<(&str, &str)> = before.lines().zip(after.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(before.lines().count(), after.lines().count());
    assert_eq!(
        changed,
        [(
            "    <property name=\"hp\" type=\"int\" value=\"22\"/>",
            "    <property name=\"hp\" type=\"int\" value=\"30\"/>"
        )],
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "duel.tmx:{hp_line}: <property name=\"hp\" type=\"int\" value=\"30\"/>\n"
        )),
        "{said}"
    );
    // A number the object does not carry yet becomes a property of its own, after the others.
    let said = tune("unit:Ogre.attack=9..10");
    let after2 = std::fs::read_to_string(&tmx).unwrap();
    assert_eq!(after2.lines().count(), after.lines().count() + 1, "{said}");
    assert!(
        said.contains("<property name=\"attack\" type=\"int\" value=\"9\"/>"),
        "{said}"
    );
    let data = skirmish::load::data::load(&d.join("data")).unwrap();
    let sc = skirmish::load::scenario::load(&s, &data).unwrap_or_else(|e| panic!("{e}"));
    let ogre = sc.units.iter().find(|u| u.name == "Ogre").unwrap();
    assert_eq!((ogre.stats.hp, ogre.stats.attack), (30, 9));
    // The value already there is still said, as such (the new attack property stands
    // before it now, in name order as Tiled writes them).
    let said = tune("unit:Ogre.hp=30..40");
    let hp_line = hp_line + 1;
    assert!(
        said.contains(&format!(
            "duel.tmx:{hp_line}: <property name=\"hp\" type=\"int\" value=\"30\"/> (unchanged)\n"
        )),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_value_that_cannot_be_written_after_the_run_keeps_the_table() {
    let d = duels("write-fails");
    let s = d.join("maps/duel.toml");
    // The atomic write's temporary file cannot be made: a folder stands in its place.
    std::fs::create_dir_all(d.join("maps/duel.toml.tmp")).unwrap();
    let (code, out, err) = exec(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "100%",
        "--vary",
        "unit:Ogre.hp=30..40",
        "--write",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("chosen: unit:Ogre.hp=30"),
        "the finished table is printed: {out}"
    );
    assert!(err.contains("cannot write") && err.contains("duel.toml"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn each_written_line_is_numbered_as_the_file_reads_at_the_end() {
    let d = duels("write-lines");
    let s = d.join("maps/duel.toml");
    // A new level: the key goes in, then `tuned` first in its table, moving the key down.
    let out = run_ok(&[
        "tune",
        s.to_str().unwrap(),
        "--target",
        "100%",
        "--vary",
        "kind:brute.attack=1..2",
        "--write",
        "--difficulty",
        "easy",
    ]);
    let text = std::fs::read_to_string(&s).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l.starts_with(needle)).unwrap() + 1;
    let (tuned, key) = (
        line_of("tuned = \"100.0% expert\""),
        line_of("\"kind:brute.attack\" = "),
    );
    assert_eq!(key, tuned + 1, "{text}");
    assert!(
        out.contains(&format!("duel.toml:{key}: \"kind:brute.attack\" = ")),
        "{out}"
    );
    assert!(out.contains(&format!("duel.toml:{tuned}: tuned = ")), "{out}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn among_values_tied_with_the_best_the_one_nearest_the_current_is_kept_and_a_sweep_is_costed() {
    let d = duels("tied");
    let s = d.join("maps/duel.toml");
    // Kiny wins every duel while the Ogre has at most 48 hp: every value of 20..40 is tied
    // at 100%. The bisection proves 20, 21, 22, 25, 30 and 40 within the target; the Ogre
    // has 22 as written, so 22 is kept.
    let args = [
        "tune",
        s.to_str().unwrap(),
        "--target",
        "100%",
        "--vary",
        "unit:Ogre.hp=20..40",
    ];
    let out = run_ok(&args);
    assert!(
        out.contains("tied: unit:Ogre.hp = 20 is nearest the target (100.0%), and 22 wins within its 95% interval (98.1–100.0%): 22 is kept, the value nearest the current 22\n"),
        "{out}"
    );
    assert!(out.contains("chosen: unit:Ogre.hp=22 "), "{out}");
    let mut json = args.to_vec();
    json.push("--json");
    let v: serde_json::Value = serde_json::from_str(&run_ok(&json)).unwrap();
    let key = &v["keys"][0];
    assert_eq!(
        (key["chosen"].as_i64(), key["best"].as_i64(), key["current"].as_i64()),
        (Some(22), Some(20), Some(22))
    );
    let rows = 21;
    let sweep = rows * skirmish::play::tune::row_battles(1.0, 0.03);
    assert_eq!(key["sweep_battles"].as_u64(), Some(sweep));
    let played = v["battles"].as_u64().unwrap();
    assert!(
        out.contains(&format!(
            "a sweep of unit:Ogre.hp over 20..40 with every row within ± 3 points would play about {} battles; tune played {} (",
            thousands(sweep),
            thousands(played)
        )),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// `12345` as `12,345`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
