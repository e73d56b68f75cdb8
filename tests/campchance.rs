//! The shipped campaign with chance in combat (issue 39's campaign option): `campaign
//! --simulate --chance` plays every chapter with `[combat] chance = true` (and the chapters'
//! `[chapters.chance_set]`), the same way every time; its chapter replays carry the choice
//! and reproduce the rolls.

mod common;
use common::root;
use serde_json::Value;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    run_in(root(), args)
}

/// Runs the binary in folder `dir`.
fn run_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skirmish"))
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

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// With `--chance` the campaign plays otherwise than without (blows miss and strike
/// critically), says so, and plays the same way again from the same seed.
#[test]
fn a_campaign_with_chance_differs_from_without_and_is_deterministic() {
    let base = [
        "campaign",
        "maps/campaign.toml",
        "--simulate",
        "--skill",
        "average",
        "--json",
    ];
    let off: Value = serde_json::from_str(&ok(&base)).unwrap();
    let with: Vec<&str> = base.iter().copied().chain(["--chance"]).collect();
    let on_text = ok(&with);
    let on: Value = serde_json::from_str(&on_text).unwrap();
    assert_eq!(on_text, ok(&with), "the same seed plays the same campaign");
    assert_eq!(on["chance"], true);
    assert!(off.get("chance").is_none(), "without chance the JSON is as before");
    assert_ne!(off["chapters"], on["chapters"], "chance changed nothing");
    // The text says it on its first line, and so does the table of many campaigns.
    let text = ok(&["campaign", "maps/campaign.toml", "--simulate", "--chance"]);
    assert!(
        text.starts_with("The border war (permadeath, chance in combat)\n"),
        "{text}"
    );
    let many = [
        "campaign",
        "maps/campaign.toml",
        "--simulate",
        "--runs",
        "4",
        "--jobs",
        "1",
    ];
    let table_off = ok(&many);
    let with: Vec<&str> = many.iter().copied().chain(["--chance"]).collect();
    let table_on = ok(&with);
    assert!(
        table_on
            .lines()
            .next()
            .unwrap()
            .contains("permadeath, chance in combat"),
        "{table_on}"
    );
    assert!(!table_off.contains("chance"), "{table_off}");
    let j: Value = serde_json::from_str(&ok(&with.iter().copied().chain(["--json"]).collect::<Vec<_>>())).unwrap();
    assert_eq!(j["chance"], true);
}

/// Each chapter's replay of a campaign with chance keeps the choice (and the battle's seed):
/// `replay` plays it to the campaign's result, its rolls again; without the choice the
/// same commands no longer fit.
#[test]
fn chapter_replays_of_a_chance_campaign_reproduce_the_rolls() {
    let dir = std::env::temp_dir().join(format!("skirmish-campchance-replays-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let out = ok(&[
        "campaign",
        "maps/campaign.toml",
        "--simulate",
        "--chance",
        "--skill",
        "average",
        "--json",
        "--replays",
        d,
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let chapters = v["chapters"].as_array().unwrap();
    let mut rolled = 0;
    let mut unfit = 0;
    for (k, c) in chapters.iter().enumerate() {
        let file = dir.join(format!("chapter-{}.replay", k + 1));
        let raw: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(raw["chapter"]["chance"], true, "chapter {}: {raw}", k + 1);
        let f = file.to_str().unwrap();
        let played = ok(&["replay", f, "--json"]);
        let r: Value = serde_json::from_str(&played).unwrap();
        assert_eq!(
            (&r["result"], &r["why"]),
            (&c["result"], &c["why"]),
            "chapter {}: {r:#}",
            k + 1
        );
        // The rolls are in the replay's output.
        if played.contains("\"event\":\"rolled\"") {
            rolled += 1;
        }
        // The same file without the choice: chance off, the commands no longer fit (or play
        // otherwise).
        let mut bare = raw.clone();
        bare["chapter"].as_object_mut().unwrap().remove("chance");
        let bare_file = dir.join(format!("bare-{}.replay", k + 1));
        std::fs::write(&bare_file, bare.to_string()).unwrap();
        let (code, out, _) = run(&["replay", bare_file.to_str().unwrap(), "--json"]);
        if code != 0 || out != played {
            unfit += 1;
        }
    }
    assert_eq!(rolled, chapters.len(), "every chapter rolled");
    assert_eq!(unfit, chapters.len(), "every chapter depends on the choice");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chance_is_refused_where_it_means_nothing() {
    let (code, out, err) = run(&["campaign", "maps/campaign.toml", "--chance"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("--chance is for --simulate"), "{err}");
}

/// A chapter's `[chapters.chance_set]` counts only with chance: a duel Kiny loses as written
/// (the Wall has 500 hp) is won when the chance numbers set its hp to 1 and chance is on, and
/// lost without chance; a key it cannot take is the campaign file's error at its line, in
/// `check` and in `--chance`.
#[test]
fn chance_numbers_count_only_with_chance_and_their_mistakes_are_located() {
    let t = common::Tree::new("campchance-set");
    std::fs::write(t.0.join("maps/strip.txt"), "......\n").unwrap();
    std::fs::write(
        t.0.join("maps/duel.toml"),
        "name = \"Duel\"\nmap = \"strip.txt\"\n[objective]\nturn_limit = 1\n\
         [[units]]\nname = \"Kiny\"\nteam = \"player\"\nkind = \"hero\"\nat = [0, 0]\n\
         [[units]]\nname = \"Wall\"\nteam = \"enemy\"\nat = [2, 0]\nprofile = \"guard\"\nhp = 500\n",
    )
    .unwrap();
    let campaign = |chance_set: &str| {
        std::fs::write(
            t.0.join("maps/c.toml"),
            format!("name = \"Duels\"\n[[chapters]]\nscenario = \"duel.toml\"\n[chapters.chance_set]\n{chance_set}\n"),
        )
        .unwrap();
    };
    let result = |extra: &[&str]| {
        let mut args = vec!["campaign", "maps/c.toml", "--simulate", "--json"];
        args.extend(extra);
        let (code, out, err) = t.run(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<Value>(&out).unwrap()["result"]
            .as_str()
            .unwrap()
            .to_string()
    };
    campaign("\"unit:Wall.hp\" = 1");
    assert_eq!(result(&[]), "lost", "without chance the chance numbers do not count");
    assert_eq!(result(&["--chance"]), "won");
    campaign("\"unit:Nobody.hp\" = 1");
    let (code, _, err) = t.run(&["check", "maps/c.toml"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("c.toml:5:1: chapter 1: [chapters.chance_set] \"unit:Nobody.hp\""),
        "{err}"
    );
    let (code, _, err) = t.run(&["campaign", "maps/c.toml", "--simulate", "--chance"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("c.toml:5:1: chapter 1: [chapters.chance_set]"), "{err}");
}

/// The campaign's levels with chance, guarded cheaply on fixed seeds (30 campaigns a row; the
/// guide's table has 1,000, each level's interval apart from the next for every skill): for
/// the expert and the average player easy > normal > hard. The ambush's chance numbers
/// (`[chapters.chance_set]`, normal's soldiers at attack 6) keep normal above hard (without
/// them the novice won normal and hard alike, 47.1% and 47.1% over 1,000).
#[test]
fn the_shipped_campaign_with_chance_keeps_its_levels_in_order() {
    let args = [
        "campaign",
        "maps/campaign.toml",
        "--simulate",
        "--chance",
        "--runs",
        "30",
        "--skill",
        "expert,average",
        "--difficulty",
        "easy,normal,hard",
        "--json",
    ];
    let v: Value = serde_json::from_str(&ok(&args)).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let won = |level: &str, skill: &str| {
        rows.iter()
            .find(|r| r["level"] == level && r["skill"] == skill)
            .unwrap_or_else(|| panic!("no row {level} {skill}: {v:#}"))["won"]
            .as_u64()
            .unwrap()
    };
    for skill in ["expert", "average"] {
        let w = [won("easy", skill), won("normal", skill), won("hard", skill)];
        assert!(
            w[0] > w[1] && w[1] > w[2] && w[2] > 0,
            "{skill}: won at easy, normal, hard {w:?}"
        );
    }
}
