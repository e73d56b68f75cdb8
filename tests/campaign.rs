//! Campaigns headless (`skirmish campaign FILE --simulate`): the roster carried from chapter to
//! chapter by name, permadeath, experience with exact numbers, retries, and broken files.

mod common;
use common::{Tree, root};
use serde_json::{Value, json};
use std::process::Command;

/// Runs the binary in the project's root (never through a `Tree`, which deletes its folder).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

fn survivor<'a>(chapter: &'a Value, name: &str) -> Option<&'a Value> {
    chapter["survivors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == name)
}

/// The experience events of `chapter` for `unit`.
fn gains<'a>(chapter: &'a Value, unit: &str) -> Vec<&'a Value> {
    chapter["experience"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["unit"] == unit)
        .collect()
}

#[test]
fn the_shipped_campaign_carries_the_roster_and_its_dead() {
    let v = json_of(&[
        "campaign",
        "maps/campaign.toml",
        "--simulate",
        "--player",
        "careful",
        "--json",
    ]);
    let chapters = v["chapters"].as_array().unwrap();
    assert_eq!(chapters.len(), 5, "every chapter is played");
    assert_eq!(v["result"], "won", "{v:#}");
    assert!(chapters.iter().all(|c| c["result"] == "player"), "{v:#}");
    // Each unit starts a chapter at the level and experience it ended the one before with:
    // its first gain there continues from that experience, its first level-up from that level.
    let mut compared = 0;
    for pair in chapters.windows(2) {
        for unit in ["Kiny", "Lance", "Wing", "Robin"] {
            let (Some(before), Some(first)) = (survivor(&pair[0], unit), gains(&pair[1], unit).first().copied()) else {
                continue;
            };
            assert_eq!(first["event"], "gained");
            let exp = first["exp"].as_u64().unwrap() - first["amount"].as_u64().unwrap();
            assert_eq!(
                exp,
                before["exp"].as_u64().unwrap(),
                "{unit} in chapter {}",
                pair[1]["chapter"]
            );
            if let Some(up) = gains(&pair[1], unit).iter().find(|e| e["event"] == "level_up") {
                assert_eq!(
                    up["level"].as_u64().unwrap(),
                    before["level"].as_u64().unwrap() + 1,
                    "{unit}"
                );
            }
            compared += 1;
        }
    }
    assert!(compared >= 6, "enough units carried over to compare: {compared}");
    let kiny: Vec<u64> = chapters
        .iter()
        .map(|c| survivor(c, "Kiny").unwrap()["level"].as_u64().unwrap())
        .collect();
    assert!(kiny.windows(2).all(|w| w[0] <= w[1]), "{kiny:?}");
    assert!(kiny[3] > 1, "the hero levels up over the campaign: {kiny:?}");
    // Permadeath: a unit that falls in a won chapter is gone from every later one.
    let fell: Vec<(usize, String)> = chapters
        .iter()
        .enumerate()
        .flat_map(|(k, c)| {
            c["fallen"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |n| (k, n.as_str().unwrap().to_string()))
        })
        .collect();
    assert!(
        !fell.is_empty(),
        "the careful player loses somebody in this campaign: {v:#}"
    );
    for (k, name) in &fell {
        for later in &chapters[k + 1..] {
            assert!(survivor(later, name).is_none(), "{name} after chapter {}", k + 1);
            assert!(gains(later, name).is_empty(), "{name} after chapter {}", k + 1);
        }
        let m = v["roster"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| &m["name"] == name)
            .unwrap();
        assert_eq!(m["fallen"], true);
    }
    // Casual play: nobody is gone for good.
    let casual = json_of(&["campaign", "maps/campaign.toml", "--simulate", "--casual", "--json"]);
    assert_eq!(casual["permadeath"], false);
    assert!(
        casual["roster"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["fallen"] == false)
    );
}

/// A campaign of four chapters, each one blow that defeats: 30 experience per chapter,
/// carried over, and the fourth makes a level (120 → level 2 with 20 kept, the hero's growth).
#[test]
fn experience_carries_over_with_exact_numbers() {
    let t = Tree::new("campaign-exact");
    std::fs::write(t.0.join("maps/strip.txt"), "......\n......\n").unwrap();
    std::fs::write(
        t.0.join("maps/one.toml"),
        "name = \"One blow\"\nmap = \"strip.txt\"\n\
         [[units]]\nname = \"Kiny\"\nteam = \"player\"\nkind = \"hero\"\nat = [1, 0]\n\
         [[units]]\nname = \"Lance\"\nteam = \"player\"\nkind = \"knight\"\nat = [0, 1]\n\
         [[units]]\nname = \"Brute\"\nteam = \"enemy\"\nat = [2, 0]\nprofile = \"guard\"\nhp = 1\n",
    )
    .unwrap();
    let chapter = "[[chapters]]\nscenario = \"one.toml\"\n";
    std::fs::write(
        t.0.join("maps/four.toml"),
        format!("name = \"Four blows\"\n{}", chapter.repeat(4)),
    )
    .unwrap();
    let (code, out, err) = t.run(&["campaign", "maps/four.toml", "--simulate", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let exp: Vec<Value> = v["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["experience"].clone())
        .collect();
    let gained = |exp: u32| json!({"event": "gained", "unit": "Kiny", "amount": 30, "exp": exp});
    assert_eq!(exp[0], json!([gained(30)]));
    assert_eq!(exp[1], json!([gained(60)]));
    assert_eq!(exp[2], json!([gained(90)]));
    assert_eq!(
        exp[3],
        json!([gained(120), {"event": "level_up", "unit": "Kiny", "level": 2,
            "gains": {"hp": 2, "attack": 1, "defense": 1}}])
    );
    let kiny = &v["roster"][0];
    assert_eq!((kiny["level"].as_u64(), kiny["exp"].as_u64()), (Some(2), Some(20)));
    assert_eq!(
        (kiny["hp"].as_u64(), kiny["attack"].as_u64(), kiny["defense"].as_u64()),
        (Some(30), Some(10), Some(4))
    );
    let (_, text, _) = t.run(&["campaign", "maps/four.toml", "--simulate"]);
    assert!(
        text.contains(
            "Chapter 4: One blow (one.toml) — won after 1 try: every enemy was defeated\n  Kiny       level  2, exp 20/100, hp 30, attack 10, defense 4\n"
        ),
        "{text}"
    );
    assert!(text.ends_with("campaign: won (4 chapters)\n"), "{text}");
}

/// A chapter the policy cannot win is tried 1 + 3 times (seeds 0..3) and the campaign stops.
#[test]
fn a_lost_chapter_is_retried_then_the_campaign_is_lost() {
    let t = Tree::new("campaign-lost");
    std::fs::write(t.0.join("maps/strip.txt"), "......\n").unwrap();
    std::fs::write(
        t.0.join("maps/hopeless.toml"),
        "name = \"Hopeless\"\nmap = \"strip.txt\"\n[objective]\nturn_limit = 1\n\
         [[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 0]\n\
         [[units]]\nname = \"Wall\"\nteam = \"enemy\"\nat = [5, 0]\nprofile = \"guard\"\nhp = 500\n",
    )
    .unwrap();
    std::fs::write(
        t.0.join("maps/c.toml"),
        "name = \"Doomed\"\n[[chapters]]\nscenario = \"hopeless.toml\"\n[[chapters]]\nscenario = \"hopeless.toml\"\n",
    )
    .unwrap();
    let (code, out, err) = t.run(&["campaign", "maps/c.toml", "--simulate", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "lost");
    assert_eq!(
        v["chapters"].as_array().unwrap().len(),
        1,
        "the campaign stops at the lost chapter"
    );
    assert_eq!(v["chapters"][0]["tries"], 4);
    assert_eq!(v["chapters"][0]["seed"], 3);
    let (_, text, _) = t.run(&["campaign", "maps/c.toml", "--simulate"]);
    assert!(text.ends_with("campaign: lost at chapter 1 of 2\n"), "{text}");
}

#[test]
fn broken_campaigns_are_located_and_scenario_commands_refuse_a_campaign() {
    let t = Tree::new("campaign-broken");
    std::fs::write(
        t.0.join("maps/c.toml"),
        "name = \"War\"\n[[chapters]]\nscenario = \"nope.toml\"\n",
    )
    .unwrap();
    let (code, out, err) = t.run(&["campaign", "maps/c.toml", "--simulate"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with("maps/c.toml:3:12: chapter 1: no scenario file"),
        "{err}"
    );
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(err.contains("maps/c.toml:3:12: chapter 1: no scenario file"), "{err}");
    // A chapter whose scenario does not load is named by check.
    std::fs::write(t.0.join("maps/bad.toml"), "name = \"Bad\"\nmap = \"missing.txt\"\n").unwrap();
    std::fs::write(
        t.0.join("maps/c.toml"),
        "name = \"War\"\n[[chapters]]\nscenario = \"bad.toml\"\n",
    )
    .unwrap();
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:3:12: chapter 1: scenario bad.toml does not load"),
        "{err}"
    );
    // A campaign beside a data folder that does not load is not "ok": the data's errors are
    // said (its chapters cannot be checked without it).
    std::fs::write(
        t.0.join("maps/c.toml"),
        "name = \"War\"\n[[chapters]]\nscenario = \"sample.toml\"\n",
    )
    .unwrap();
    assert_eq!(
        t.run(&["check", "maps/c.toml"]).0,
        0,
        "the campaign checks with its data"
    );
    std::fs::remove_file(t.0.join("data/terrain.toml")).unwrap();
    let (code, out, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("data/terrain.toml:1:1: cannot read file"), "{err}");
    // The shipped campaign checks, and is no scenario for simulate (a hint says what to run).
    let (code, out, err) = run(&["check", "maps/campaign.toml"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
    let (code, out, err) = run(&["simulate", "maps/campaign.toml"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("this is a campaign, not a scenario: play it with `skirmish campaign"),
        "{err}"
    );
    // batch maps/*.toml leaves the campaign out with a note.
    let (code, _, err) = run(&["batch", "maps/campaign.toml", "maps/sample.toml", "--runs", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.starts_with("note: maps/campaign.toml is a campaign, not a scenario: left out"),
        "{err}"
    );
}

/// `--replays DIR` writes each chapter's battle with the roster it began with: `replay` plays
/// every one to the campaign's result (levels, stats and the fallen of earlier chapters
/// included), and the same file without its roster no longer fits the scenario.
#[test]
fn chapter_replays_carry_their_roster() {
    let dir = std::env::temp_dir().join(format!("skirmish-chapter-replays-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let v = json_of(&["campaign", "maps/campaign.toml", "--simulate", "--json", "--replays", d]);
    let chapters = v["chapters"].as_array().unwrap();
    assert_eq!(chapters.len(), 5, "{v:#}");
    // Somebody falls for good on the way (else the roster's fallen are not tested here).
    assert!(
        chapters.iter().any(|c| !c["fallen"].as_array().unwrap().is_empty()),
        "{v:#}"
    );
    for (k, c) in chapters.iter().enumerate() {
        let file = dir.join(format!("chapter-{}.replay", k + 1));
        let f = file.to_str().unwrap();
        let (code, out, err) = run(&["replay", f, "--json"]);
        assert_eq!(code, 0, "chapter {}: {err}", k + 1);
        let r: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (&r["result"], &r["why"]),
            (&c["result"], &c["why"]),
            "chapter {}: {r:#}",
            k + 1
        );
        if k == 0 {
            continue;
        }
        // Chapter 2 on: the roster decides the battle.
        let mut raw: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(raw["chapter"]["number"], k + 1);
        raw.as_object_mut().unwrap().remove("chapter");
        let bare = dir.join(format!("bare-{}.replay", k + 1));
        std::fs::write(&bare, raw.to_string()).unwrap();
        let (code, _, err) = run(&["replay", bare.to_str().unwrap()]);
        assert_eq!(code, 1, "chapter {} without its roster: {err}", k + 1);
        assert!(err.contains("no longer fits"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A one-turn duel Kiny loses as written (the Wall has 500 hp) and wins at level `easy` or
/// with the Wall's hp set to 1; a campaign of it in `maps/c.toml` with `chapter` (TOML lines
/// added to its one chapter).
fn duel_campaign(t: &Tree, chapter: &str) {
    std::fs::write(t.0.join("maps/strip.txt"), "......\n").unwrap();
    std::fs::write(
        t.0.join("maps/duel.toml"),
        "name = \"Duel\"\nmap = \"strip.txt\"\n[objective]\nturn_limit = 1\n\
         [[units]]\nname = \"Kiny\"\nteam = \"player\"\nkind = \"hero\"\nat = [0, 0]\n\
         [[units]]\nname = \"Wall\"\nteam = \"enemy\"\nat = [2, 0]\nprofile = \"guard\"\nhp = 500\n\
         [difficulty.easy]\ntuned = \"100% expert\"\n\"unit:Wall.hp\" = 1\n\
         [difficulty.hard]\ntuned = \"0% expert\"\n",
    )
    .unwrap();
    std::fs::write(
        t.0.join("maps/c.toml"),
        format!("name = \"Duels\"\n[[chapters]]\nscenario = \"duel.toml\"\n{chapter}"),
    )
    .unwrap();
}

fn campaign_result(t: &Tree, extra: &[&str]) -> String {
    let mut args = vec!["campaign", "maps/c.toml", "--simulate", "--json"];
    args.extend(extra);
    let (code, out, err) = t.run(&args);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    v["result"].as_str().unwrap().to_string()
}

#[test]
fn a_chapter_plays_at_its_own_level_with_its_own_numbers_and_difficulty_overrides_it() {
    let t = Tree::new("campaign-levels");
    duel_campaign(&t, "");
    assert_eq!(campaign_result(&t, &[]), "lost", "as written");
    duel_campaign(&t, "difficulty = \"easy\"\n");
    assert_eq!(campaign_result(&t, &[]), "won", "the chapter's level");
    assert_eq!(
        campaign_result(&t, &["--difficulty", "hard"]),
        "lost",
        "--difficulty wins"
    );
    duel_campaign(&t, "[chapters.set]\n\"unit:Wall.hp\" = 1\n");
    assert_eq!(campaign_result(&t, &[]), "won", "the chapter's own numbers");
    let (code, out, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
    // Mistakes are the campaign file's, located there.
    duel_campaign(&t, "difficulty = \"eazy\"\n");
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:4:14: chapter 1: difficulty \"eazy\" of scenario duel.toml: no difficulty level \"eazy\" (known: easy, hard)"),
        "{err}"
    );
    let (code, _, err) = t.run(&["campaign", "maps/c.toml", "--simulate"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:4:14: chapter 1: difficulty \"eazy\""),
        "{err}"
    );
    duel_campaign(&t, "[chapters.set]\n\"unit:Wal.hp\" = 1\n");
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:5:1: chapter 1: [chapters.set] \"unit:Wal.hp\" = 1: no unit \"Wal\""),
        "{err}"
    );
    duel_campaign(&t, "[chapters.set]\n\"unit:Wall.hp\" = \"one\"\n");
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "maps/c.toml:5:18: chapter 1: [chapters.set] \"unit:Wall.hp\" = \"one\": a chapter sets whole numbers"
        ),
        "{err}"
    );
}

/// A chapter's numbers at one level (`[chapters.level_set.NAME]`) count only when the chapter
/// is played at that level, in the replay of the chapter too; mistakes in them are located in
/// the campaign file.
#[test]
fn a_chapters_level_table_counts_only_at_its_level() {
    let t = Tree::new("campaign-level-set");
    // The Wall (500 hp) falls in one blow at hard only by the chapter's hard numbers.
    duel_campaign(&t, "[chapters.level_set.hard]\n\"unit:Wall.hp\" = 1\n");
    assert_eq!(campaign_result(&t, &["--difficulty", "hard"]), "won", "its level");
    assert_eq!(campaign_result(&t, &[]), "lost", "no level: as written");
    let (code, out, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
    // The chapter's replay carries the numbers and plays to the same end.
    let (code, _, err) = t.run(&[
        "campaign",
        "maps/c.toml",
        "--simulate",
        "--difficulty",
        "hard",
        "--replays",
        "r",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = t.run(&["replay", "r/chapter-1.replay"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Wall falls"), "{out}");
    // The chapter is the level's own: the level set wins over nothing the level sets.
    duel_campaign(
        &t,
        "difficulty = \"hard\"\n[chapters.level_set.hard]\n\"unit:Wall.hp\" = 1\n",
    );
    assert_eq!(campaign_result(&t, &[]), "won", "the chapter's own level");
    // A level the scenario has not, a key its level sets too, a unit it has not: located.
    duel_campaign(&t, "[chapters.level_set.hardd]\n\"unit:Wall.hp\" = 1\n");
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:4:21: chapter 1: [chapters.level_set.hardd]: scenario duel.toml has no difficulty level \"hardd\" (known: easy, hard)"),
        "{err}"
    );
    duel_campaign(&t, "[chapters.level_set.easy]\n\"unit:Wall.hp\" = 3\n");
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:5:1: chapter 1: [chapters.level_set.easy] \"unit:Wall.hp\": the level's own table in duel.toml sets it too, and wins"),
        "{err}"
    );
    duel_campaign(&t, "[chapters.level_set.hard]\n\"unit:Wal.hp\" = 1\n");
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:5:1: chapter 1: [chapters.level_set.hard] \"unit:Wal.hp\" = 1: no unit \"Wal\""),
        "{err}"
    );
    let (code, _, err) = t.run(&["campaign", "maps/c.toml", "--simulate", "--difficulty", "hard"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:5:1: chapter 1: [chapters.level_set.hard]"),
        "{err}"
    );
    duel_campaign(&t, "[chapters.level_set.hard]\n\"unit:Wall.hp\" = \"one\"\n");
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/c.toml:5:18: chapter 1: [chapters.level_set.hard] \"unit:Wall.hp\" = \"one\": a chapter sets whole numbers"),
        "{err}"
    );
}

#[test]
fn many_campaigns_give_the_share_won_per_level_and_skill_and_where_the_lost_ended() {
    let t = Tree::new("campaign-runs");
    duel_campaign(&t, "");
    // Two chapters: the duel, then one whose easy level keeps the Wall whole.
    let duel = std::fs::read_to_string(t.0.join("maps/duel.toml")).unwrap();
    std::fs::write(
        t.0.join("maps/wall.toml"),
        duel.replace("\"unit:Wall.hp\" = 1", "\"unit:Wall.hp\" = 400"),
    )
    .unwrap();
    std::fs::write(
        t.0.join("maps/c.toml"),
        "name = \"Duels\"\n[[chapters]]\nscenario = \"duel.toml\"\n[[chapters]]\nscenario = \"wall.toml\"\n",
    )
    .unwrap();
    let args = [
        "campaign",
        "maps/c.toml",
        "--simulate",
        "--runs",
        "5",
        "--seed",
        "10",
        "--difficulty",
        "easy,hard",
        "--skill",
        "expert,novice",
    ];
    let (code, out, err) = t.run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Duels: 5 campaigns per row (seeds 10 to 14), careful player, permadeath, at most 30 turns, 3 retries per chapter\n\
         chapters: 1 duel.toml, 2 wall.toml\n\
         level   skill   won  95% interval  lost at 1  lost at 2  ends most\n \
         easy  expert  0.0%     0.0–43.4%        0/5        5/5  chapter 2\n \
         easy  novice  0.0%     0.0–43.4%        0/5        5/5  chapter 2\n \
         hard  expert  0.0%     0.0–43.4%        5/5        0/0  chapter 1\n \
         hard  novice  0.0%     0.0–43.4%        5/5        0/0  chapter 1\n\
         lost at K: campaigns lost at chapter K / campaigns that reached it\n"
    );
    let mut with_jobs = args.to_vec();
    with_jobs.extend(["--jobs", "1"]);
    assert_eq!(t.run(&with_jobs).1, out, "the same whatever the threads");
    let mut json = args.to_vec();
    json.push("--json");
    let (_, out, _) = t.run(&json);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["seeds"], json!([10, 14]));
    let row = &v["rows"][2];
    assert_eq!(
        (row["level"].as_str(), row["skill"].as_str()),
        (Some("hard"), Some("expert"))
    );
    assert_eq!(row["won_rate_95"], json!([0.0, 0.4345]));
    assert_eq!(row["ends_most"], 1);
    assert_eq!(
        row["chapters"][0],
        json!({"chapter": 1, "title": "duel.toml", "reached": 5, "lost": 5, "loss_share": 1.0})
    );
}

#[test]
fn flags_that_do_not_apply_to_a_campaign_run_are_refused() {
    for (args, says) in [
        (
            vec!["campaign", "maps/campaign.toml", "--simulate", "--progress", "p.json"],
            "--progress is for the game window",
        ),
        (
            vec!["campaign", "maps/campaign.toml", "--simulate", "--screenshot", "s.png"],
            "--screenshot is for the game window",
        ),
        (
            vec!["campaign", "maps/campaign.toml", "--json"],
            "--json is for --simulate",
        ),
        (
            vec![
                "campaign",
                "maps/campaign.toml",
                "--simulate",
                "--runs",
                "2",
                "--replays",
                "r",
            ],
            "--replays writes one campaign's chapters",
        ),
        (
            vec![
                "campaign",
                "maps/campaign.toml",
                "--simulate",
                "--difficulty",
                "easy,hard",
            ],
            "a list of levels is for --runs N",
        ),
        (
            vec!["--screenshot", "s.png", "simulate", "maps/sample.toml"],
            "--screenshot is for the game window, and this command opens none",
        ),
        (
            vec!["--progress", "p.json", "check"],
            "--progress is for the game window, and this command opens none",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Issue 33's balance, guarded cheaply on fixed seeds (30 campaigns a row; the guide's table
/// has 1,000): for the expert and the average player the levels are ordered (easy ≥ normal ≥
/// hard), the first two chapters end no campaign below hard, hard is won now and then, and
/// the last chapter is no walk-over at normal. Before the chapters' own numbers
/// (`[chapters.set]` in `maps/campaign.toml`) the expert won easy less often than normal,
/// the castle ended campaigns at every level and hard was never won.
#[test]
fn the_shipped_campaign_keeps_its_levels_in_order_and_its_early_chapters_fair() {
    let v = json_of(&[
        "campaign",
        "maps/campaign.toml",
        "--simulate",
        "--runs",
        "40",
        "--skill",
        "expert,average",
        "--difficulty",
        "easy,normal,hard",
        "--json",
    ]);
    let rows = v["rows"].as_array().unwrap();
    let row = |level: &str, skill: &str| {
        rows.iter()
            .find(|r| r["level"] == level && r["skill"] == skill)
            .unwrap_or_else(|| panic!("no row {level} {skill}: {v:#}"))
    };
    let lost = |r: &Value, chapter: usize| r["chapters"][chapter - 1]["lost"].as_u64().unwrap();
    // Issue 33: the careful player at its best hardly ever loses an easy campaign (it lost
    // the pass at easy as often as at normal, 15.5% of 1,000, before the chapter's easy numbers).
    let r = row("easy", "expert");
    assert_eq!(r["won"].as_u64(), r["campaigns"].as_u64(), "easy expert: {r:#}");
    for skill in ["expert", "average"] {
        let won: Vec<u64> = ["easy", "normal", "hard"]
            .iter()
            .map(|l| row(l, skill)["won"].as_u64().unwrap())
            .collect();
        // Strictly: each level is a step (over 1,000 campaigns the intervals are apart).
        assert!(
            won[0] > won[1] && won[1] > won[2],
            "{skill}: won at easy, normal, hard {won:?}"
        );
        assert!(won[2] > 0, "{skill}: hard is never won");
        for level in ["easy", "normal"] {
            let r = row(level, skill);
            // The tutorial ends nobody; the castle hardly anybody (3 of 1,000 at normal).
            assert_eq!(lost(r, 1), 0, "{level} {skill}: {r:#}");
            assert!(lost(r, 2) <= 1, "{level} {skill}: {r:#}");
        }
        let last = row("normal", skill)["chapters"].as_array().unwrap().len();
        assert!(
            lost(row("normal", skill), last) > 0,
            "normal {skill}: the last chapter ends nobody"
        );
    }
    // The last two chapters end more of the average player's campaigns than the river
    // before them, at normal and at hard.
    for level in ["normal", "hard"] {
        let r = row(level, "average");
        assert!(lost(r, 4) + lost(r, 5) > lost(r, 3), "{level} average: {r:#}");
    }
}

#[test]
fn the_hard_castle_leaves_the_party_whole_for_the_river() {
    let v = json_of(&[
        "campaign",
        "maps/campaign.toml",
        "--simulate",
        "--runs",
        "100",
        "--skill",
        "average",
        "--difficulty",
        "hard",
        "--json",
    ]);
    let chapters = v["rows"][0]["chapters"].as_array().unwrap();
    let share: Vec<f64> = chapters.iter().map(|c| c["loss_share"].as_f64().unwrap()).collect();
    // The tutorial ends nobody; the castle a few (Kiny at move 8 at hard: 3 of 1,000).
    assert!(share[0] == 0.0 && share[1] <= 0.02, "{share:?}");
    assert!(
        share[2] < 0.10,
        "the river ends {:.1}% at hard: {share:?}",
        100.0 * share[2]
    );
    assert!(share[3..].iter().all(|&later| later > share[2]), "{share:?}");
}
