//! Replays on the command line: `simulate --record` writes one, `replay` re-runs it to the
//! same end, and a damaged, foreign or stale replay is refused naming the file, with nothing
//! on stdout and exit code 1 (also before the game would open a window).

use serde_json::Value;
use skirmish::fixture::run_cli;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-replay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of the shipped `maps/` and `data/` in `dir`, to edit freely.
fn copy_project(dir: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for sub in ["maps", "data"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for e in std::fs::read_dir(root.join(sub)).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, dir.join(sub).join(p.file_name().unwrap())).unwrap();
        }
    }
}

fn record(dir: &Path, seed: &str) -> (PathBuf, Value) {
    let scenario = dir.join("maps/sample.toml");
    let file = dir.join(format!("battle-{seed}.replay"));
    let (code, out, err) = run_cli(&[
        "simulate",
        scenario.to_str().unwrap(),
        "--seed",
        seed,
        "--json",
        "--record",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    (file, serde_json::from_str(&out).unwrap())
}

#[track_caller]
fn refused(args: &[&str], file: &Path, want: &str) {
    let (code, out, err) = run_cli(args);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    let shown = skirmish::load::diag::display_path(file);
    assert!(err.starts_with(&format!("{shown}:")), "names the file: {err}");
    assert!(err.contains(want), "{err}");
}

#[test]
fn a_recorded_battle_replays_to_the_same_end() {
    let dir = scratch("same");
    copy_project(&dir);
    for seed in ["0", "5"] {
        let (file, sim) = record(&dir, seed);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("\"format\": \"skirmish-replay\"") && text.contains("\"action\": \"move\""));
        let (code, out, err) = run_cli(&["replay", file.to_str().unwrap(), "--json"]);
        assert_eq!(code, 0, "{err}");
        let rep: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(rep["result"], sim["result"]);
        assert_eq!(rep["why"], sim["why"]);
        // Every unit that fell in the simulation falls in the replay, in the same order.
        let fell = |events: &Value| -> Vec<Value> {
            events
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["event"] == "defeated")
                .map(|e| e["unit"].clone())
                .collect()
        };
        let sim_fell: Vec<Value> = sim["turns"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t["defeated"].as_array().unwrap().clone())
            .collect();
        let mut rep_fell = fell(&rep["events"]);
        let mut sorted = sim_fell.clone();
        sorted.sort_by_key(|v| v.to_string());
        rep_fell.sort_by_key(|v| v.to_string());
        assert_eq!(rep_fell, sorted);
        let (code, text, _) = run_cli(&["replay", file.to_str().unwrap()]);
        assert_eq!(code, 0);
        assert!(text.starts_with("replay of The first skirmish"), "{text}");
        assert_eq!(text.lines().nth(1), Some("Turn 1 — Player phase"), "{text}");
        assert!(text.contains("Turn 1 — Enemy phase"), "{text}");
        assert!(
            text.contains(" falls, struck down by "),
            "a defeat names its striker: {text}"
        );
        assert!(text.lines().last().unwrap().starts_with("result: "), "{text}");
    }
}

#[test]
fn damaged_foreign_and_stale_replays_are_refused() {
    let dir = scratch("bad");
    copy_project(&dir);
    let (file, _) = record(&dir, "1");
    let text = std::fs::read_to_string(&file).unwrap();
    let write = |name: &str, body: &str| {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        p
    };
    let cases = [
        (
            "truncated.replay",
            text[..text.len() / 2].to_string(),
            "damaged replay file",
        ),
        (
            "future.replay",
            text.replace("\"version\": 2", "\"version\": 3"),
            "replay is version 3; this skirmish reads versions 1 and 2 only",
        ),
        (
            "save.replay",
            "{\"format\": \"skirmish-save\", \"version\": 1}".into(),
            "not a skirmish replay file",
        ),
        (
            "stranger.replay",
            text.replacen("\"unit\": \"Kiny\"", "\"unit\": \"Nobody\"", 1),
            "no unit named \"Nobody\"",
        ),
        (
            "teleport.replay",
            text.replacen(
                "\"action\": \"move\",\n      \"unit\": \"Kiny\",\n      \"path\": \"",
                "\"action\": \"move\",\n      \"unit\": \"Kiny\",\n      \"path\": \"33333333333",
                1,
            ),
            "command 1 (Kiny moves \"333333333333333\"): Kiny's path \"333333333333333\" runs into Warden at (20, 25) at step 5",
        ),
    ];
    for (name, body, want) in cases {
        assert_ne!(body, text, "{name}: the edit must change the file");
        let p = write(name, &body);
        refused(&["replay", p.to_str().unwrap()], &p, want);
    }
    // The data changed since the recording: the enemies might decide otherwise.
    let profiles = dir.join("data/profiles.toml");
    let t = std::fs::read_to_string(&profiles).unwrap();
    std::fs::write(&profiles, t.replacen("sight = 10", "sight = 11", 1)).unwrap();
    refused(
        &["replay", file.to_str().unwrap()],
        &file,
        "changed since this replay was recorded",
    );
    // The game checks the same before it opens a window.
    refused(
        &["--replay", file.to_str().unwrap()],
        &file,
        "changed since this replay was recorded",
    );
}

/// A recorded replay with its first move of Kiny replaced by `path`.
fn with_first_kiny_path(text: &str, path: &str) -> String {
    let from = "\"action\": \"move\",\n      \"unit\": \"Kiny\",\n      \"path\": \"3333\"";
    assert!(text.contains(from), "the seed-0 battle opens with Kiny moving 3333");
    text.replacen(from, &from.replace("3333", path), 1)
}

#[test]
fn a_refused_command_is_told_at_its_place_in_the_file_with_names_and_numbers() {
    let dir = scratch("refusals");
    copy_project(&dir);
    let (file, _) = record(&dir, "0");
    let text = std::fs::read_to_string(&file).unwrap();
    let cases = [
        // Kiny's first move is the file's first command: its object opens on line 8, column 5.
        (
            with_first_kiny_path(&text, "22223333"),
            ":8:5: command 1 (Kiny moves \"22223333\"): Kiny's path \"22223333\" costs 10, Kiny moves 7",
        ),
        (
            with_first_kiny_path(&text, "4444"),
            ":13:5: command 2 (Kiny attacks Warden): Warden at (20, 25) is at distance 9 from Kiny at (16, 20); Kiny strikes at distance 1",
        ),
        (
            text.replacen("\"unit\": \"Robin\"", "\"unit\": \"Robyn\"", 1),
            ":38:5: command 7: no unit named \"Robyn\"",
        ),
    ];
    for (k, (body, want)) in cases.into_iter().enumerate() {
        let p = dir.join(format!("tamper-{k}.replay"));
        std::fs::write(&p, body).unwrap();
        let (code, out, err) = run_cli(&["replay", p.to_str().unwrap()]);
        assert_eq!((code, out.as_str()), (1, ""), "{err}");
        let shown = skirmish::load::diag::display_path(&p);
        assert!(err.starts_with(&format!("{shown}{want}")), "want {want}\ngot {err}");
    }
}

/// The replay's commands, played with the library up to the start of turn `turn`'s enemy
/// phase; `None` when the replay never gets there.
fn battle_at_enemy_phase(
    file: &Path,
    turn: u32,
) -> Option<(skirmish::rules::battle::Battle, skirmish::load::data::DataSet)> {
    use skirmish::rules::battle::Battle;
    use skirmish::search::grid::Team;
    let r = skirmish::io::replay::read(file).unwrap();
    let (scenario, data, _) = skirmish::cli::load_scenario(&r.scenario_path(file), None).unwrap();
    let mut b = Battle::new(&scenario, &data);
    let commands = r.commands(file, &scenario, &data, &b).unwrap();
    for c in commands {
        b.execute(c).unwrap();
        if b.active() == Team::Enemy && b.turn() == turn && b.ended().is_none() {
            return Some((b, data));
        }
        skirmish::play::replay::finish_enemy_phase(&mut b, &mut skirmish::ai::Ai::new(data.profiles.clone())).unwrap();
    }
    None
}

#[test]
fn replay_explain_shows_what_ai_explain_shows_on_that_turns_board() {
    use skirmish::search::grid::Team;
    let dir = scratch("explain");
    copy_project(&dir);
    let mut compared = 0;
    for seed in ["0", "3", "8"] {
        let (file, _) = record(&dir, seed);
        for turn in 1..=6u32 {
            let Some((start, data)) = battle_at_enemy_phase(&file, turn) else {
                break;
            };
            let enemies: Vec<_> = start.living(Team::Enemy).collect();
            for &id in &enemies {
                let name = start.name(id).to_string();
                // The enemies before it act first, on the board each one leaves.
                let mut b = start.clone();
                for &e in enemies.iter().take_while(|&&e| e != id) {
                    if b.ended().is_none() && b.unit(e).alive() {
                        let d = skirmish::fixture::decide(&b, &data.profiles, e);
                        skirmish::play::enemy::act(&mut b, d).unwrap();
                    }
                }
                let t = turn.to_string();
                let args = ["replay", file.to_str().unwrap(), "--explain", &name, "--turn", &t];
                let (code, text, err) = run_cli(&args);
                assert_eq!(code, 0, "{err}");
                let (code, json, err) = run_cli(&[&args[..], &["--json"]].concat());
                assert_eq!(code, 0, "{err}");
                if b.ended().is_some() || !b.unit(id).alive() {
                    assert!(text.contains("makes no decision this enemy phase"), "{text}");
                    continue;
                }
                let x = skirmish::ai::explain(&b, &mut skirmish::rules::Caches::new(), &data.profiles, id);
                assert_eq!(
                    text,
                    skirmish::cli::explanation_text(&b, &x),
                    "seed {seed}, turn {turn}, {name}"
                );
                assert_eq!(
                    json,
                    format!("{}\n", skirmish::cli::explanation_json(&b, &x)),
                    "seed {seed}, turn {turn}, {name}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 20, "only {compared} decisions compared");
}

#[test]
fn on_turn_1_replay_explain_equals_ai_explain_of_the_scenario() {
    let dir = scratch("explain-ai");
    copy_project(&dir);
    let (file, _) = record(&dir, "0");
    // A battle whose player ends turn 1 at once: turn 1's enemy phase sees the units as placed.
    let text = std::fs::read_to_string(&file).unwrap();
    let head = &text[..text.find("\"commands\"").unwrap()];
    let idle = dir.join("idle.replay");
    std::fs::write(&idle, format!("{head}\"commands\": [{{\"action\": \"end_phase\"}}]}}")).unwrap();
    let scenario = dir.join("maps/sample.toml");
    for unit in ["Brute", "Scout", "Warden", "Tether", "Archer"] {
        for json in [&[][..], &["--json"][..]] {
            let ai = run_cli(&[&["ai", scenario.to_str().unwrap(), "--explain", unit][..], json].concat());
            let rep = run_cli(
                &[
                    &["replay", idle.to_str().unwrap(), "--explain", unit, "--turn", "1"][..],
                    json,
                ]
                .concat(),
            );
            assert_eq!(ai.0, 0, "{}", ai.2);
            assert_eq!(rep, ai, "{unit} {json:?}");
        }
    }
    // A turn the replay never plays, a player unit, an unknown name: clear refusals.
    let (code, out, err) = run_cli(&["replay", idle.to_str().unwrap(), "--explain", "Brute", "--turn", "2"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("the replay never reaches turn 2's enemy phase"), "{err}");
    let (code, _, err) = run_cli(&["replay", idle.to_str().unwrap(), "--explain", "Kiny", "--turn", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("is a player unit"), "{err}");
    let (code, _, err) = run_cli(&["replay", idle.to_str().unwrap(), "--explain", "Nobody", "--turn", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no unit named \"Nobody\""), "{err}");
    // A typo gets the nearest name.
    let (code, _, err) = run_cli(&["replay", idle.to_str().unwrap(), "--explain", "Brue", "--turn", "1"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no unit named \"Brue\"") && err.contains("did you mean \"Brute\"?"),
        "{err}"
    );
    let (code, _, _) = run_cli(&["replay", idle.to_str().unwrap(), "--explain", "Brute"]);
    assert_eq!(code, 1, "--explain needs --turn");
}

/// One edit of a copied project file: `(file, from, to)`, `from` replaced once (or appended
/// when empty).
type Edit = (&'static str, &'static str, &'static str);

fn apply(dir: &Path, edits: &[Edit]) {
    for (file, from, to) in edits {
        let p = dir.join(file);
        let t = std::fs::read_to_string(&p).unwrap();
        let edited = if from.is_empty() {
            format!("{t}{to}")
        } else {
            assert!(t.contains(from), "{file} has {from:?}");
            t.replacen(from, to, 1)
        };
        std::fs::write(&p, edited).unwrap();
    }
}

/// Records a battle, edits the files, and says whether the replay and a save made before the
/// edit still fit (exit code of `replay`; `save::restore`).
fn still_fits(name: &str, edits: &[Edit]) -> (bool, bool) {
    use skirmish::play::phase::Session;
    use skirmish::rules::battle::Battle;
    let dir = scratch(&format!("fp-{name}"));
    copy_project(&dir);
    let (file, _) = record(&dir, "0");
    let scenario_path = dir.join("maps/sample.toml");
    let (scenario, data, _) = skirmish::cli::load_scenario(&scenario_path, None).unwrap();
    let session = Session::new(Battle::new(&scenario, &data), data.profiles.clone());
    let save = skirmish::io::save::snapshot(&session.settled_battle().unwrap(), &scenario, 0);
    apply(&dir, edits);
    let (code, out, err) = run_cli(&["replay", file.to_str().unwrap()]);
    let replay_fits = match code {
        0 => true,
        _ => {
            assert!(
                out.is_empty() && err.contains("changed since this replay was recorded"),
                "{name}: {err}"
            );
            false
        }
    };
    let (scenario, data, _) =
        skirmish::cli::load_scenario(&scenario_path, None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut fresh = Battle::new(&scenario, &data);
    let save_fits = skirmish::io::save::restore(&save, &scenario, &mut fresh, &dir.join("x.save")).is_ok();
    let _ = std::fs::remove_dir_all(&dir);
    (replay_fits, save_fits)
}

#[test]
fn what_the_battle_never_reads_does_not_make_a_replay_or_a_save_stale() {
    let cases: [(&str, &[Edit]); 7] = [
        (
            "comment",
            &[
                ("maps/sample.toml", "", "\n# a designer's note\n"),
                ("data/profiles.toml", "", "\n# tuned on Monday\n"),
            ],
        ),
        (
            "colour",
            &[("data/terrain.toml", "color = \"#2f7a32\"", "color = \"#00ff00\"")],
        ),
        (
            "key order",
            &[(
                "maps/sample.toml",
                "team = \"player\"\nkind = \"hero\"",
                "kind = \"hero\"\nteam = \"player\"",
            )],
        ),
        (
            "unused profile",
            &[(
                "data/profiles.toml",
                "",
                "\n[sniper]\nbehavior = \"keep_range\"\nsight = 12\nrange = 2\n",
            )],
        ),
        (
            "unused terrain",
            &[(
                "data/terrain.toml",
                "",
                "\n[lava]\nglyph = \"L\"\ncost = 5\ndefense = 0\n",
            )],
        ),
        (
            "unused unit kind",
            &[(
                "data/units.toml",
                "",
                "\n[giant]\nsprite = \"brute\"\nclass = \"foot\"\nmove = 4\nhp = 40\nattack = 10\ndefense = 2\nrange = [1, 1]\n",
            )],
        ),
        (
            "bare numbers",
            &[("maps/sample.toml", "at = [20, 20]", "at = [ 20,20 ]")],
        ),
    ];
    for (name, edits) in cases {
        assert_eq!(still_fits(name, edits), (true, true), "{name}: replay, save");
    }
}

#[test]
fn a_new_glyph_for_the_same_terrain_does_not_make_a_replay_stale() {
    let dir = scratch("glyph");
    copy_project(&dir);
    let (file, _) = record(&dir, "0");
    apply(&dir, &[("data/terrain.toml", "glyph = \"T\"", "glyph = \"F\"")]);
    let map = dir.join("maps/sample.txt");
    std::fs::write(&map, std::fs::read_to_string(&map).unwrap().replace('T', "F")).unwrap();
    let (code, _, err) = run_cli(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn what_the_battle_reads_makes_a_replay_stale() {
    // (name, edits, whether a save made before the edit still fits: saves hold positions
    // and hit points, and live reload changes data under a battle, so only the scenario's
    // units and map terrain make a save stale).
    let cases: [(&str, &[Edit], bool); 7] = [
        ("a unit's move", &[("maps/sample.toml", "move = 7", "move = 8")], false),
        (
            "a unit's cell",
            &[("maps/sample.toml", "at = [20, 20]", "at = [20, 19]")],
            false,
        ),
        (
            "a map cell",
            &[("maps/sample.txt", "MM.............TT.", "MM.............TTT")],
            false,
        ),
        (
            "a terrain cost of a class in use",
            &[(
                "data/terrain.toml",
                "cost = { foot = 2, horse = 4, flier = 1 }",
                "cost = { foot = 3, horse = 4, flier = 1 }",
            )],
            true,
        ),
        (
            "a terrain's defense",
            &[("data/terrain.toml", "defense = 1", "defense = 2")],
            true,
        ),
        (
            "a profile in use",
            &[("data/profiles.toml", "sight = 10", "sight = 11")],
            true,
        ),
        (
            "a unit kind in use",
            &[("data/units.toml", "hp = 28", "hp = 29")],
            false,
        ),
    ];
    for (name, edits, save_fits) in cases {
        assert_eq!(still_fits(name, edits), (false, save_fits), "{name}: replay, save");
    }
}

#[test]
fn force_plays_a_stale_replay_and_names_the_first_refused_command() {
    let dir = scratch("force");
    copy_project(&dir);
    let (file, sim) = record(&dir, "0");
    let f = file.to_str().unwrap();
    apply(&dir, &[("data/profiles.toml", "sight = 10", "sight = 11")]);
    let (code, out, err) = run_cli(&["replay", f]);
    assert_eq!((code, out.as_str()), (1, ""), "stale without --force");
    assert!(err.contains("replay --force plays it anyway"), "{err}");
    let (code, out, err) = run_cli(&["replay", "--force", f, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: its scenario, map or data changed since it was recorded; playing it anyway (--force)"),
        "{err}"
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["forced"].is_string(), "{v}");
    // Kiny now moves 2: her first move is refused, named with its place and the numbers.
    apply(&dir, &[("maps/sample.toml", "move = 7", "move = 2")]);
    let (code, out, err) = run_cli(&["replay", "--force", f]);
    assert_eq!(code, 0, "{err}");
    let shown = skirmish::load::diag::display_path(&file);
    assert!(
        err.contains(&format!(
            "{shown}:8:5: command 1 (Kiny moves \"3333\"): Kiny's path \"3333\" costs 4, Kiny moves 2"
        )),
        "{err}"
    );
    assert!(
        out.contains("0 player commands") && out.ends_with("result: unfinished\n"),
        "{out}"
    );
    assert_ne!(sim["result"], "unfinished");
}

#[test]
fn a_version_1_replay_still_plays_and_is_checked_by_its_files_bytes() {
    let dir = scratch("v1");
    copy_project(&dir);
    let (file, _) = record(&dir, "0");
    let text = std::fs::read_to_string(&file).unwrap();
    let r = skirmish::io::replay::read(&file).unwrap();
    let (scenario, data, data_dir) = skirmish::cli::load_scenario(&dir.join("maps/sample.toml"), None).unwrap();
    assert_eq!(
        r.fingerprint,
        skirmish::io::replay::battle_fingerprint(&scenario, &data)
    );
    let old = text
        .replace("\"version\": 2", "\"version\": 1")
        .replace(&r.fingerprint, &skirmish::io::replay::fingerprint(&scenario, &data_dir));
    let v1 = dir.join("v1.replay");
    std::fs::write(&v1, old).unwrap();
    let (code, new, err) = run_cli(&["replay", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run_cli(&["replay", v1.to_str().unwrap(), "--json"]);
    assert_eq!((code, &out), (0, &new), "{err}");
    // Its fingerprint is the bytes' one: a comment makes it stale, as it always did.
    apply(&dir, &[("maps/sample.toml", "", "\n# a note\n")]);
    refused(
        &["replay", v1.to_str().unwrap()],
        &v1,
        "changed since this replay was recorded",
    );
    let (code, _, err) = run_cli(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "a version-2 replay is not stale for a comment: {err}");
}

#[test]
fn the_viewer_opens_at_the_turn_asked_for_after_the_turns_before_it() {
    use skirmish::cli::{Outcome, run};
    let dir = scratch("viewer-turn");
    copy_project(&dir);
    let (file, _) = record(&dir, "0");
    let f = file.to_str().unwrap();
    let r = skirmish::io::replay::read(&file).unwrap();
    let launch = |turn: &str| run(["skirmish", "--replay", f, "--turn", turn].map(std::ffi::OsString::from));
    for turn in [1usize, 2, 3] {
        // Turn T begins after the (T-1)th end of the player's phase (and its enemy phase).
        let ends: Vec<usize> = r
            .commands
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c, skirmish::io::replay::Step::EndPhase))
            .map(|(k, _)| k + 1)
            .collect();
        let want = if turn == 1 { 0 } else { ends[turn - 2] };
        match launch(&turn.to_string()) {
            Outcome::Play { opts, .. } => {
                assert_eq!(opts.fast_forward, want, "turn {turn}");
                assert_eq!(opts.playback.map(|p| p.len()), Some(r.commands.len()));
            }
            Outcome::Done { stderr, .. } => panic!("turn {turn}: {stderr}"),
            Outcome::Title { .. } => panic!("turn {turn}: the title screen instead of the replay"),
        }
    }
    match launch("40") {
        Outcome::Done { code, stdout, stderr } => {
            assert_eq!((code, stdout.as_str()), (1, ""));
            assert!(
                stderr.contains("the replay never reaches turn 40: the battle ends on turn"),
                "{stderr}"
            );
        }
        Outcome::Play { .. } | Outcome::Title { .. } => {
            panic!("a turn the replay never reaches must not open the window")
        }
    }
    let (code, out, err) = run_cli(&["--turn", "2"]);
    assert_eq!((code, out.as_str()), (1, ""), "--turn needs --replay");
    assert!(err.contains("--replay"), "{err}");
}

#[test]
fn a_battle_of_the_careful_player_replays_to_the_same_end() {
    let dir = scratch("careful");
    copy_project(&dir);
    let scenario = dir.join("maps/sample.toml");
    let file = dir.join("careful.replay");
    let (code, out, err) = run_cli(&[
        "simulate",
        scenario.to_str().unwrap(),
        "--player",
        "careful",
        "--json",
        "--record",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let sim: Value = serde_json::from_str(&out).unwrap();
    let (code, out, err) = run_cli(&["replay", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let rep: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((&rep["result"], &rep["why"]), (&sim["result"], &sim["why"]));
}

/// A unit's own `goal` decides its moves, so it is in the fingerprints of replays and saves:
/// a replay recorded before the goal was set is stale. (Units without one add nothing to the
/// fingerprinted text, so files recorded before goals existed stay valid.)
#[test]
fn a_units_own_goal_is_in_the_fingerprints_only_where_it_is_set() {
    let dir = scratch("goal-fingerprint");
    copy_project(&dir);
    let (mut scenario, data, _) = skirmish::cli::load_scenario(&dir.join("maps/sample.toml"), None).unwrap();
    let before = (
        skirmish::io::replay::battle_fingerprint(&scenario, &data),
        skirmish::io::save::scenario_fingerprint(&scenario, &data.terrain),
    );
    let k = scenario.units.iter().position(|u| u.profile.is_some()).unwrap();
    scenario.units[k].goal = Some(skirmish::search::grid::Pos::new(1, 1));
    let after = (
        skirmish::io::replay::battle_fingerprint(&scenario, &data),
        skirmish::io::save::scenario_fingerprint(&scenario, &data.terrain),
    );
    assert_ne!(after.0, before.0);
    assert_ne!(after.1, before.1);
}

/// A replay recorded before experience existed (no `experience` key) plays under the rules it
/// was recorded with: the same events, byte for byte, as the old version printed, though the
/// data's kinds now grow at each level; a replay recorded today says it counts experience.
#[test]
fn a_replay_from_before_experience_plays_as_it_was_recorded() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/replays/before-experience");
    let data = root.join("data");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(["replay", "sample.replay", "--data", data.to_str().unwrap()])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let expected = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert!(!expected.contains("experience"));
    // Recorded now, the same battle counts experience and says so.
    let fresh = scratch("experience-now");
    copy_project(&fresh);
    let (file, _) = record(&fresh, "0");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\"experience\": true"), "{text}");
    let (code, out, err) = run_cli(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" gains 10 experience ("), "{out}");
}

/// A rider with canto, a wall (move 0) holding a zone of control, and a brute; a cell of the wall's
/// zone the brute's walk ends in: `simulate` plays the rider's second move (turn 2) and the
/// brute's walk into the wall's zone (turn 2's enemy phase).
const HOLD: &str = r#"name = "Hold the line"
map = "field.txt"

[[units]]
name = "Rider"
team = "player"
kind = "knight"
at = [0, 0]
canto = true

[[units]]
name = "Wall"
team = "player"
kind = "guard"
at = [4, 2]
move = 0
zoc = true

[[units]]
name = "Brute"
team = "enemy"
kind = "brute"
at = [9, 2]
profile = "charger"
"#;

#[test]
fn a_canto_move_and_a_zone_stop_replay_to_the_same_events() {
    let dir = scratch("canto");
    copy_project(&dir);
    std::fs::write(
        dir.join("maps/field.txt"),
        "..........\n..........\n..........\n..........\n",
    )
    .unwrap();
    std::fs::write(dir.join("maps/hold.toml"), HOLD).unwrap();
    let scenario = dir.join("maps/hold.toml");
    let file = dir.join("hold.replay");
    let (code, out, err) = run_cli(&[
        "simulate",
        scenario.to_str().unwrap(),
        "--turns",
        "3",
        "--json",
        "--record",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let sim: Value = serde_json::from_str(&out).unwrap();
    let decisions: Vec<Value> = sim["turns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["decisions"].as_array().unwrap().clone())
        .collect();
    // Turn 2: the rider strikes the brute from (8, 0), then rides back 7 cells.
    let canto = decisions.iter().find(|d| !d["canto"].is_null()).expect("a canto move");
    assert_eq!(
        (&canto["unit"], &canto["to"]),
        (&Value::from("Rider"), &serde_json::json!([8, 0]))
    );
    assert_eq!(
        canto["canto"],
        serde_json::json!({"to": [1, 0], "path": "4444444", "cost": 7})
    );
    // The brute ends its walk on (4, 1), a cell of the wall's zone, and strikes the wall.
    let stop = decisions
        .iter()
        .find(|d| d["unit"] == "Brute" && d["to"] == serde_json::json!([4, 1]))
        .expect("the brute stopped in the wall's zone");
    assert_eq!(stop["path"], "344444");
    // The replay gives the same moves, the canto's and the stop's among them.
    let (code, out, err) = run_cli(&["replay", file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let rep: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&rep["result"], &rep["why"], &rep["turn"]),
        (&sim["result"], &sim["why"], &Value::from(3))
    );
    let moves: Vec<(String, Value)> = rep["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "moved")
        .map(|e| (e["unit"].as_str().unwrap().to_string(), e["to"].clone()))
        .collect();
    let mut seen = Vec::new();
    // (A decision to stay, or to strike from where it stands, records no move.)
    for d in &decisions {
        if d["from"] != d["to"] {
            seen.push((d["unit"].as_str().unwrap().to_string(), d["to"].clone()));
        }
        if !d["canto"].is_null() {
            seen.push((d["unit"].as_str().unwrap().to_string(), d["canto"]["to"].clone()));
        }
    }
    assert_eq!(moves, seen);
    let events: Vec<&Value> = rep["events"].as_array().unwrap().iter().collect();
    assert!(
        events.iter().any(|e| e["event"] == "canto" && e["ready"] == true),
        "{rep}"
    );
    let (code, text, _) = run_cli(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        text.contains("Rider may move again (canto)") && text.contains("Rider ends its canto"),
        "{text}"
    );
    // Without the wall's zone the brute would walk on: the replay is stale, not replayed.
    std::fs::write(&scenario, HOLD.replace("zoc = true\n", "")).unwrap();
    refused(
        &["replay", file.to_str().unwrap()],
        &file,
        "changed since this replay was recorded",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A corridor whose only opening, (4, 0), Lance's zone holds; Kiny and Lance stand still
/// (move 0). The raider advances on (0, 0), shooting Lance on the way from the attack cell
/// nearest its goal: without the zone (2, 0), with it (5, 0), before the held cell.
const CORRIDOR: &str = r#"name = "Corridor"
map = "corridor.txt"

[[units]]
name = "Kiny"
team = "player"
kind = "hero"
at = [0, 0]
move = 0

[[units]]
name = "Lance"
team = "player"
kind = "knight"
zoc = true
at = [4, 1]
move = 0

[[units]]
name = "Raider"
team = "enemy"
kind = "archer"
move = 9
at = [11, 0]
profile = "ford_raider"
goal = [0, 0]
"#;

#[test]
fn a_move_cut_short_by_a_zone_replays_to_the_same_cell() {
    let dir = scratch("zone");
    copy_project(&dir);
    std::fs::write(dir.join("maps/corridor.txt"), "............\n####.#######\n").unwrap();
    let scenario = dir.join("maps/corridor.toml");
    let raider_to = |scenario_text: &str, file: &Path| -> Value {
        std::fs::write(&scenario, scenario_text).unwrap();
        let (code, out, err) = run_cli(&[
            "simulate",
            scenario.to_str().unwrap(),
            "--turns",
            "1",
            "--json",
            "--record",
            file.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let sim: Value = serde_json::from_str(&out).unwrap();
        let d = sim["turns"][0]["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["unit"] == "Raider")
            .unwrap()
            .clone();
        d["to"].clone()
    };
    let free = dir.join("free.replay");
    assert_eq!(
        raider_to(&CORRIDOR.replace("zoc = true\n", ""), &free),
        serde_json::json!([2, 0])
    );
    let held = dir.join("held.replay");
    assert_eq!(raider_to(CORRIDOR, &held), serde_json::json!([5, 0]));
    let (code, out, err) = run_cli(&["replay", held.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let rep: Value = serde_json::from_str(&out).unwrap();
    let moved: Vec<&Value> = rep["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "moved" && e["unit"] == "Raider")
        .collect();
    assert_eq!(moved.len(), 1, "{rep}");
    assert_eq!(
        (&moved[0]["to"], &moved[0]["path"]),
        (&serde_json::json!([5, 0]), &Value::from("444444"))
    );
    // The replay recorded without the zone is stale against the scenario with it.
    refused(
        &["replay", free.to_str().unwrap()],
        &free,
        "changed since this replay was recorded",
    );
    std::fs::remove_dir_all(dir).unwrap();
}
