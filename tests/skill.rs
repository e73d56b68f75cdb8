//! Players who err: `--skill expert|average|novice|P` for the careful player. The expert is
//! the careful player exactly; an erring player takes one of its next-best options on some
//! actions, drawn from the battle's seed, so runs stay the same whatever `--jobs` is; the
//! skill is recorded in JSON, replays and kept battles.

use skirmish::ai::player::{Player, Policy, Skill};
use skirmish::fixture::run_cli as exec;
use std::path::Path;

fn map(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[track_caller]
fn run_ok(args: &[&str]) -> String {
    let (code, out, err) = exec(args);
    assert_eq!(code, 0, "{args:?} failed: {err}");
    out
}

#[test]
fn skills_read_and_print_as_written() {
    assert_eq!(Skill::parse("expert"), Some(Skill::EXPERT));
    assert_eq!(Skill::parse("average").map(Skill::chance), Some(0.1));
    assert_eq!(Skill::parse("novice").map(Skill::chance), Some(0.25));
    assert_eq!(Skill::parse("0.15").map(Skill::name).as_deref(), Some("0.15"));
    assert_eq!(
        Skill::parse("0.1"),
        Some(Skill::AVERAGE),
        "a chance equal to a named skill is that skill"
    );
    assert_eq!(Skill::parse("0"), Some(Skill::EXPERT));
    assert_eq!(Skill::parse("1").map(Skill::name).as_deref(), Some("1"));
    for bad in ["1.5", "-0.1", "good", "", "NaN"] {
        assert_eq!(Skill::parse(bad), None, "{bad}");
    }
    assert_eq!(Player::from(Policy::Careful).skill, Skill::EXPERT);
}

#[test]
fn the_expert_is_the_careful_player_exactly() {
    for s in ["sample.toml", "castle.toml", "ambush.toml"] {
        let s = map(s);
        for seed in ["0", "3"] {
            let careful = run_ok(&["simulate", &s, "--player", "careful", "--seed", seed, "--json"]);
            let expert = run_ok(&["simulate", &s, "--skill", "expert", "--seed", seed, "--json"]);
            assert_eq!(careful, expert);
        }
        let a = run_ok(&["batch", &s, "--runs", "20"]);
        assert_eq!(a, run_ok(&["batch", &s, "--runs", "20", "--skill", "expert"]));
        assert_eq!(a, run_ok(&["batch", &s, "--runs", "20", "--skill", "0"]));
    }
}

#[test]
fn players_who_err_win_less_and_the_errors_follow_the_seed() {
    let s = map("castle.toml");
    let rate = |skill: &str| {
        let out = run_ok(&["batch", &s, "--runs", "200", "--skill", skill, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["cells"][0]["win_rate"].as_f64().unwrap()
    };
    let (expert, average, novice) = (rate("expert"), rate("average"), rate("novice"));
    assert!(expert > average && average > novice, "{expert} {average} {novice}");
    // The same battles with one thread or two, and the same again.
    let one = run_ok(&[
        "batch", &s, "--runs", "30", "--skill", "novice", "--jobs", "1", "--json",
    ]);
    let two = run_ok(&[
        "batch", &s, "--runs", "30", "--skill", "novice", "--jobs", "2", "--json",
    ]);
    assert_eq!(one, two);
    // Every action an error: still a legal battle to its end.
    run_ok(&["simulate", &s, "--skill", "1", "--seed", "4"]);
}

#[test]
fn the_skill_is_recorded() {
    let s = map("castle.toml");
    let out = run_ok(&["simulate", &s, "--skill", "novice", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["skill"].as_str(), v["player"].as_str()),
        (Some("novice"), Some("careful"))
    );
    let text = run_ok(&["batch", &s, "--runs", "4", "--skill", "average"]);
    assert!(
        text.lines().next().unwrap().contains("careful player of average skill"),
        "{text}"
    );
    let json = run_ok(&["batch", &s, "--runs", "4", "--skill", "0.3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["args"]["skill"], "0.3");
    // A replay says who played it, and plays back to the same end.
    let dir = std::env::temp_dir().join(format!("skirmish-skill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("novice.replay");
    let story = run_ok(&[
        "simulate",
        &s,
        "--skill",
        "novice",
        "--seed",
        "2",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("\"skill\": \"novice\""), "{text}");
    let replayed = run_ok(&["replay", rec.to_str().unwrap()]);
    assert_eq!(story.lines().last(), replayed.lines().last());
    // Kept battles too.
    let keep = dir.join("kept");
    run_ok(&[
        "batch",
        &s,
        "--runs",
        "10",
        "--skill",
        "novice",
        "--keep",
        keep.to_str().unwrap(),
        "--keep-when",
        "all",
        "--keep-max",
        "2",
    ]);
    let kept: Vec<_> = std::fs::read_dir(&keep)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "replay"))
        .collect();
    assert_eq!(kept.len(), 2);
    for k in kept {
        let text = std::fs::read_to_string(k.path()).unwrap();
        assert!(text.contains("\"skill\": \"novice\""), "{text}");
        run_ok(&["replay", k.path().to_str().unwrap()]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_skill_is_the_careful_players_only() {
    let s = map("sample.toml");
    let (code, out, err) = exec(&["batch", &s, "--player", "simple", "--skill", "novice"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("only the careful player errs"), "{err}");
    let (code, _, err) = exec(&["simulate", &s, "--skill", "sloppy"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--skill sloppy: expected expert, average, novice"),
        "{err}"
    );
}
