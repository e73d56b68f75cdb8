//! Objectives, reserves and scripted events through the command line: a small scenario
//! played headless by `simulate --json`, replays and `batch` on it, and the located
//! errors a designer gets for a broken `[objective]` or `[[events]]` table.

mod common;

use common::Tree;

/// A 10×3 field: Kiny and Lance west, rooted (move 0), a guard east that never wakes (its
/// trigger is 3), a reserve guard that a turn-2 event brings with a line, and the objective
/// given: nothing fights, so only the objective can decide.
fn scenario(t: &Tree, objective: &str) -> String {
    std::fs::write(t.0.join("maps/small.txt"), "..........\n..........\n..........\n").unwrap();
    let text = format!(
        r#"name = "Small"
map = "small.txt"
{objective}
[[units]]
name = "Kiny"
team = "player"
at = [0, 1]
move = 0

[[units]]
name = "Lance"
team = "player"
at = [0, 0]
move = 0

[[units]]
name = "Warden"
team = "enemy"
at = [9, 1]
profile = "guard"

[[units]]
name = "Raider"
team = "enemy"
at = [9, 0]
profile = "guard"
reserve = true

[[events]]
turn = 2
arrive = ["Raider"]
say = "A raider!"
"#
    );
    std::fs::write(t.0.join("maps/small.toml"), text).unwrap();
    "maps/small.toml".into()
}

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{e}: {s}"))
}

#[test]
fn simulate_json_says_which_objective_decided_and_lists_the_scripted_events() {
    let t = Tree::new("obj-survive");
    let s = scenario(&t, "[objective]\nwin = \"survive\"\nsurvive = 3\n");
    let (code, out, err) = t.run(&["simulate", &s, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    // The `turn = 2` arrival is filed under turn 2, where it happens.
    assert_eq!(v["turns"][0]["script"], serde_json::Value::Null, "{out}");
    assert_eq!(
        v["turns"][1]["script"],
        json(r#"[{"event":"said","text":"A raider!"},{"event":"arrived","unit":"Raider","at":[9,0]}]"#)
    );
    assert_eq!(
        (&v["result"], &v["why"]),
        (&json("\"player\""), &json("\"survived 3 turns\""))
    );
    assert_eq!(v["turns"].as_array().unwrap().len(), 3);
}

#[test]
fn a_turn_limit_ends_the_battle_as_a_defeat_named_in_json_and_text() {
    let t = Tree::new("obj-limit");
    // Seize a cell nobody goes to: the turn limit decides.
    let s = scenario(
        &t,
        "[objective]\nwin = \"seize\"\nseize = [[5, 2]]\nseizers = [\"Lance\"]\nturn_limit = 2\n",
    );
    let (code, out, err) = t.run(&["simulate", &s, "--json", "--player", "careful"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(
        (&v["result"], &v["why"]),
        (&json("\"enemy\""), &json("\"turn limit 2\""))
    );
    let (_, text, _) = t.run(&["simulate", &s, "--player", "careful"]);
    assert!(text.ends_with("result: enemy (turn limit 2)\n"), "{text}");
}

#[test]
fn a_replay_of_a_battle_with_arrivals_plays_back_to_the_same_end() {
    let t = Tree::new("obj-replay");
    let s = scenario(&t, "[objective]\nwin = \"survive\"\nsurvive = 4\n");
    let (code, sim, err) = t.run(&["simulate", &s, "--record", "b.replay"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = t.run(&["replay", "b.replay"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), sim.lines().last());
    assert!(out.contains("Raider arrives at (9, 0)"), "{out}");
    assert!(out.contains("A raider!"), "{out}");
}

#[test]
fn batch_reports_the_battles_the_objective_decided() {
    let t = Tree::new("obj-batch");
    let s = scenario(&t, "[objective]\nwin = \"survive\"\nsurvive = 2\n");
    let (code, out, err) = t.run(&["batch", &s, "--runs", "20", "--player", "simple"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("decided by the objective: survived 100.0%"), "{out}");
    let (_, out, _) = t.run(&["batch", &s, "--runs", "20", "--player", "simple", "--json"]);
    let v = json(&out);
    let cell = &v["cells"][0];
    assert_eq!(cell["objectives"], json(r#"{"survived": 20}"#), "{out}");
    let csv = t.0.join("out.csv");
    let (code, _, err) = t.run(&[
        "batch",
        &s,
        "--runs",
        "20",
        "--player",
        "simple",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let (head, row) = text.split_once('\n').unwrap();
    // The columns of earlier versions keep their places; every ending's share follows them.
    assert!(head.contains(",draw_rate,survived_rate,"), "{head}");
    let col = head.split(',').position(|h| h == "survived_rate").unwrap();
    let cells: Vec<&str> = row.trim_end().split(',').collect();
    assert_eq!((cells[col - 1], cells[col]), ("0", "1"), "{row}");
}

#[test]
fn broken_objective_and_event_tables_are_located_and_explained() {
    let t = Tree::new("obj-errors");
    let cases = [
        (
            "[objective]\nwin = \"bos\"\n",
            "unknown win \"bos\" (expected \"rout\", \"boss\", \"seize\" or \"survive\"); did you mean \"boss\"?",
        ),
        (
            "[objective]\nwin = \"boss\"\nboss = \"Wardn\"\n",
            "boss \"Wardn\" is not a unit of this scenario (known: Warden, Raider); did you mean \"Warden\"?",
        ),
        (
            "[objective]\nwin = \"boss\"\n",
            "win = \"boss\" needs `boss = \"NAME\"` in [objective]",
        ),
        (
            "[objective]\nwin = \"seize\"\nseize = [[12, 1]]\n",
            "`seize` cell [12, 1] is off the map",
        ),
        (
            "[objective]\nprotect = [\"Warden\"]\n",
            "protected unit \"Warden\" is an enemy unit",
        ),
        ("[objective]\nturns = 20\n", "unknown field `turns`"),
        (
            "[objective]\nwin = \"survive\"\nsurvive = 5\nturn_limit = 5\n",
            "turn_limit = 5 comes before surviving 5 turns can win",
        ),
    ];
    for (objective, want) in cases {
        let s = scenario(&t, objective);
        let (code, out, err) = t.run(&["check", &s]);
        assert_eq!(code, 1, "{objective}: {out}{err}");
        assert!(err.contains(want), "{objective}\n got: {err}\nwant: {want}");
        assert!(err.contains("maps/small.toml:"), "located: {err}");
    }
    // An event that names a unit on the board from the start, and one with no trigger.
    let s = scenario(&t, "");
    let text = std::fs::read_to_string(t.0.join(&s)).unwrap();
    std::fs::write(
        t.0.join(&s),
        text.replace("arrive = [\"Raider\"]", "arrive = [\"Warden\"]") + "\n[[events]]\nsay = \"hm\"\n",
    )
    .unwrap();
    let (code, _, err) = t.run(&["check", &s]);
    assert_eq!(code, 1);
    assert!(
        err.contains("\"Warden\" arrives by an event but is on the board from the start"),
        "{err}"
    );
    assert!(err.contains("an event needs a trigger"), "{err}");
}

/// Runs `check` (and `check --strict`) on the small scenario after `edit`: the warnings
/// printed, with both exit codes.
fn warnings_after(t: &Tree, objective: &str, edit: impl Fn(String) -> String) -> (String, i32, i32) {
    let s = scenario(t, objective);
    let text = std::fs::read_to_string(t.0.join(&s)).unwrap();
    std::fs::write(t.0.join(&s), edit(text)).unwrap();
    let (code, out, err) = t.run(&["check", &s]);
    let (strict, _, _) = t.run(&["check", "--strict", &s]);
    // `ok`, and how many warnings when there are any.
    let warned = err.matches(": warning: ").count();
    let want = match warned {
        0 => "ok\n".to_string(),
        1 => "ok, 1 warning\n".to_string(),
        n => format!("ok, {n} warnings\n"),
    };
    assert_eq!(out, want, "{err}");
    (err, code, strict)
}

#[test]
fn check_warns_of_data_that_loads_but_cannot_work_and_strict_fails_on_it() {
    let t = Tree::new("obj-warn");
    let none = warnings_after(&t, "", |s| s);
    assert_eq!(none, (String::new(), 0, 0), "the small scenario as it is");
    // A kept range outside the weapon's reach: the archer profile keeps 3, a soldier hits at 1.
    let (err, code, strict) = warnings_after(&t, "", |s| s.replacen("profile = \"guard\"", "profile = \"archer\"", 1));
    assert_eq!((code, strict), (0, 1));
    assert!(
        err.contains("maps/small.toml:20:11: warning: unit \"Warden\": profile \"archer\" keeps range 3, but its weapon reaches 1..=1"),
        "{err}"
    );
    // A reserve no event brings.
    let (err, _, _) = warnings_after(&t, "", |s| s.replace("arrive = [\"Raider\"]\n", ""));
    assert!(
        err.contains("warning: unit \"Raider\" is a reserve that no event brings"),
        "{err}"
    );
    // A unit walled off from every opponent.
    let s = scenario(&t, "");
    let text = std::fs::read_to_string(t.0.join(&s)).unwrap();
    std::fs::write(t.0.join(&s), text.replace("at = [0, 1]", "at = [2, 2]")).unwrap();
    std::fs::write(t.0.join("maps/small.txt"), ".#........\n#.........\n..........\n").unwrap();
    let (code, _, err) = t.run(&["check", &s]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: unit \"Lance\" can never reach any opponent: its class 'foot' cannot cross"),
        "{err}"
    );
    // A seize cell no seizer can enter.
    let (err, _, strict) = warnings_after(&t, "[objective]\nwin = \"seize\"\nseize = [[5, 1]]\n", |s| s);
    assert_eq!((err.as_str(), strict), ("", 0));
    std::fs::write(t.0.join("maps/small.txt"), "..........\n.....#....\n..........\n").unwrap();
    let s = "maps/small.toml";
    let (_, _, err) = t.run(&["check", s]);
    assert!(
        err.contains("warning: seize cell (5, 1) is wall, which no seizer's class can enter"),
        "{err}"
    );
}

/// Adds the profile `raider` to the tree's data: `advance` on (5, 2).
fn add_raider_profile(t: &Tree) {
    let profiles = std::fs::read_to_string(t.0.join("data/profiles.toml")).unwrap();
    std::fs::write(
        t.0.join("data/profiles.toml"),
        profiles + "\n[raider]\nbehavior = \"advance\"\ngoal = [5, 2]\n",
    )
    .unwrap();
}

#[test]
fn an_advance_raider_takes_a_held_cell_and_explain_shows_its_goal() {
    let t = Tree::new("obj-advance");
    add_raider_profile(&t);
    let s = scenario(&t, "[objective]\nhold = [[5, 2]]\n");
    let text = std::fs::read_to_string(t.0.join(&s)).unwrap();
    std::fs::write(
        t.0.join(&s),
        text.replacen(
            "at = [9, 1]\nprofile = \"guard\"",
            "at = [9, 1]\nprofile = \"raider\"",
            1,
        ),
    )
    .unwrap();
    let (code, out, err) = t.run(&["ai", &s, "--explain", "Warden"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("goal: advance on (5, 2): cells it can attack from first, then travel cost to (5, 2)"),
        "{out}"
    );
    assert!(
        out.contains("advances on (5, 2); closest reachable cell to its goal by travel cost (5 → 0)"),
        "{out}"
    );
    // In the first enemy phase the raider ends on the village: the player has lost it.
    let (_, out, _) = t.run(&["simulate", &s, "--json"]);
    let v = json(&out);
    assert_eq!(
        (&v["result"], &v["why"]),
        (&json("\"enemy\""), &json("\"an enemy took (5, 2)\"")),
        "{out}"
    );
}

/// A unit's own `goal` overrides its `advance` profile's: one profile serves raiders with
/// different goals. A goal on a player, on a unit whose profile does not advance, or off the
/// map is an error at its place.
#[test]
fn a_units_own_goal_overrides_its_profiles_and_is_checked() {
    let t = Tree::new("obj-own-goal");
    add_raider_profile(&t);
    let s = scenario(&t, "");
    let text = std::fs::read_to_string(t.0.join(&s)).unwrap();
    let with = |warden: &str, kiny: &str| {
        let w = text.replacen("at = [9, 1]\nprofile = \"guard\"", &format!("at = [9, 1]\n{warden}"), 1);
        std::fs::write(
            t.0.join(&s),
            w.replacen("at = [0, 1]\nmove = 0", &format!("at = [0, 1]\nmove = 0\n{kiny}"), 1),
        )
        .unwrap();
    };
    with("profile = \"raider\"\ngoal = [7, 0]", "");
    let (code, out, err) = t.run(&["ai", &s, "--explain", "Warden"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("goal: advance on (7, 0)"), "{out}");
    assert!(
        out.contains("advances on (7, 0); closest reachable cell to its goal"),
        "{out}"
    );
    // Exported to Tiled, the goal is a property of the unit object, read back the same.
    let (code, _, err) = t.run(&["export-tiled", &s, "--out", "exp"]);
    assert_eq!(code, 0, "{err}");
    let tmx = std::fs::read_to_string(t.0.join("exp/small.tmx")).unwrap();
    assert!(tmx.contains("<property name=\"goal\" value=\"7,0\"/>"), "{tmx}");
    let (code, out, err) = t.run(&["ai", "exp/small.toml", "--explain", "Warden", "--data", "data"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("goal: advance on (7, 0)"), "{out}");
    // The errors, each at the line and column of its `goal`.
    with("profile = \"guard\"\ngoal = [7, 0]", "goal = [1, 1]");
    let (code, _, err) = t.run(&["check", &s]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/small.toml:9:8: unit \"Kiny\": `goal` is for enemies whose profile advances; player units are driven by the player"),
        "{err}"
    );
    assert!(
        err.contains("maps/small.toml:22:8: unit \"Warden\": `goal` is for a unit whose profile advances; profile \"guard\" is guard_trigger"),
        "{err}"
    );
    with("profile = \"raider\"\ngoal = [40, 0]", "");
    let (code, _, err) = t.run(&["check", &s]);
    assert_eq!(code, 1);
    assert!(
        err.contains("maps/small.toml:22:8: unit \"Warden\": goal [40, 0] is off the map (x must be 0..=9, y 0..=2)"),
        "{err}"
    );
}

#[test]
fn a_tiled_region_names_the_cells_of_an_objective() {
    let t = Tree::new("obj-region");
    // river-tiled.toml holds "ford", the region of river.tmx over (21, 8) and (21, 9): it
    // plays exactly like river.toml, which lists those cells.
    let strip = |s: String| s.replace("\"River crossing (Tiled)\"", "\"River crossing\"");
    for seed in ["1", "2"] {
        let (_, a, _) = t.run(&[
            "simulate",
            "maps/river.toml",
            "--json",
            "--player",
            "careful",
            "--seed",
            seed,
        ]);
        let (code, b, err) = t.run(&[
            "simulate",
            "maps/river-tiled.toml",
            "--json",
            "--player",
            "careful",
            "--seed",
            seed,
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(a, strip(b));
    }
    // A region the map does not have.
    t.edit("maps/river-tiled.toml", "hold = \"ford\"", "hold = \"frod\"");
    let (code, _, err) = t.run(&["check", "maps/river-tiled.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("`hold` names region \"frod\", which the map's `regions` layer does not have (known: ford); did you mean \"ford\"?"),
        "{err}"
    );
    // A region name on a text map.
    t.edit("maps/river.toml", "hold = [[21, 8], [21, 9]]", "hold = \"ford\"");
    let (_, _, err) = t.run(&["check", "maps/river.toml"]);
    assert!(err.contains("but this scenario's map has no `regions` layer"), "{err}");
}

#[test]
fn a_save_taken_after_an_arrival_resumes_to_the_same_battle() {
    use skirmish::play::phase::{Intent, Phase, Session};
    use skirmish::rules::{Battle, Command};
    let t = Tree::new("obj-save");
    let s = scenario(&t, "[objective]\nwin = \"survive\"\nsurvive = 5\n");
    let data = skirmish::load::data::load(&t.0.join("data")).unwrap();
    let scenario = skirmish::load::scenario::load(&t.0.join(&s), &data).unwrap();
    let mut session = Session::new(Battle::new(&scenario, &data), data.profiles.clone());
    // Turn 1 ends; turn 2 starts with the raider's arrival.
    session
        .perform(Command::EndPhase {
            team: skirmish::search::grid::Team::Player,
        })
        .unwrap();
    while matches!(session.phase(), Phase::Enemy { .. }) {
        session.input(Intent::Advance);
    }
    let raider = session.battle().find("Raider").unwrap();
    assert!(session.battle().unit(raider).alive(), "the raider has arrived");
    let save = skirmish::io::save::snapshot(&session.settled_battle().unwrap(), &scenario, 0);
    assert_eq!(save.fired, [true]);
    // Written and read back as a file, then restored on a fresh battle.
    let file = t.0.join("b.save");
    skirmish::io::save::write(&file, &save).unwrap();
    let read = skirmish::io::save::read(&file).unwrap();
    let mut fresh = Battle::new(&scenario, &data);
    skirmish::io::save::restore(&read, &scenario, &mut fresh, &file).unwrap();
    assert_eq!(fresh.snapshot(), session.battle().snapshot());
    assert_eq!(fresh.unit_at(fresh.unit(raider).pos()), Some(raider));
    // The event does not fire again in the resumed battle.
    fresh
        .execute(Command::EndPhase {
            team: skirmish::search::grid::Team::Player,
        })
        .unwrap();
    let mut ai = skirmish::ai::Ai::new(data.profiles.clone());
    let phase = skirmish::play::enemy::EnemyPhase::run(&mut ai, &mut fresh).unwrap();
    assert_eq!(fresh.turn(), 3);
    assert!(!phase.events().any(|e| e.is_scripted()), "nothing arrives twice");
    assert!(fresh.fired(0));
}

/// `ai --explain` on a reserve says it is not on the board yet, not that it fell.
#[test]
fn explain_on_a_reserve_says_it_is_not_on_the_board_yet() {
    let t = Tree::new("obj-explain-reserve");
    let s = scenario(&t, "");
    let (code, out, err) = t.run(&["ai", &s, "--explain", "Raider"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Raider makes no decision this enemy phase: it is in reserve, not on the board yet (an event brings it)\n"
    );
}

#[test]
fn a_turn_start_arrival_is_told_once_under_its_own_turn() {
    let river = common::root().join("maps/river.toml");
    let river = river.to_str().unwrap();
    let (code, text, err) = skirmish::fixture::run_cli(&["simulate", river]);
    assert_eq!(code, 0, "{err}");
    // The rider arrives at the start of turn 3: one header for that player phase, the
    // arrival under it, then the turn's decisions.
    assert_eq!(text.matches("Turn 3 — Player phase").count(), 1, "{text}");
    let header = text.find("Turn 3 — Player phase").unwrap();
    let arrival = text.find("Rider arrives at").unwrap();
    assert!(header < arrival, "{text}");
    assert!(text.find("Turn 2 — Enemy phase").unwrap() < header, "{text}");
    // Every turn's player phase is headed once.
    for turn in 1..=4 {
        let h = format!("Turn {turn} — Player phase");
        assert!(text.matches(&h).count() <= 1, "{h} twice:\n{text}");
    }
    let (_, out, _) = skirmish::fixture::run_cli(&["simulate", river, "--json"]);
    let v = json(&out);
    let turns = v["turns"].as_array().unwrap();
    let with_script: Vec<u64> = turns
        .iter()
        .filter(|t| !t["script"].is_null())
        .map(|t| t["turn"].as_u64().unwrap())
        .collect();
    assert_eq!(with_script, [3], "{out}");
    // Stopped before turn 3: what turn 3's start brought is still told, under turn 3.
    let (_, out, _) = skirmish::fixture::run_cli(&["simulate", river, "--json", "--turns", "2"]);
    let v = json(&out);
    assert_eq!(v["turns"][2]["turn"], 3, "{out}");
    assert_eq!(v["turns"][2]["decisions"], json("[]"), "{out}");
}

#[test]
fn the_simple_policy_seizes_and_names_the_right_side() {
    let t = Tree::new("obj-simple-seize");
    std::fs::write(t.0.join("maps/small.txt"), "..........\n..........\n..........\n").unwrap();
    // The cell to seize one step from the hero; the only enemy far away and slow.
    let scenario = |seizers: &str| {
        format!(
            "name = \"Seize\"\nmap = \"small.txt\"\n[objective]\nwin = \"seize\"\nseize = [[1, 1]]\n{seizers}turn_limit = 10\n\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 1]\n\n[[units]]\nname = \"Lance\"\nteam = \"player\"\nat = [0, 0]\n\n[[units]]\nname = \"Brute\"\nteam = \"enemy\"\nat = [9, 1]\nprofile = \"guard\"\n"
        )
    };
    std::fs::write(t.0.join("maps/small.toml"), scenario("")).unwrap();
    let (code, out, err) = t.run(&["simulate", "maps/small.toml", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(
        (&v["result"], &v["why"]),
        (&json("\"player\""), &json("\"seized (1, 1)\"")),
        "{out}"
    );
    assert_eq!(v["turns"].as_array().unwrap().len(), 1, "{out}");
    // Only Lance may seize, and the cell is far for him: he heads for it and takes it.
    std::fs::write(t.0.join("maps/small.toml"), scenario("seizers = [\"Lance\"]\n")).unwrap();
    let (_, text, _) = t.run(&["simulate", "maps/small.toml"]);
    assert!(text.ends_with("result: player (seized (1, 1))\n"), "{text}");
    assert!(text.contains("seizes (1, 1)"), "{text}");
    // Every enemy fallen and nothing to seize for Kiny (Lance is rooted): Kiny's reason
    // names the enemy side, not its own.
    let text = scenario("seizers = [\"Lance\"]\n")
        .replace("at = [0, 0]\n", "at = [0, 0]\nmove = 0\n")
        .replace("seize = [[1, 1]]", "seize = [[9, 2]]")
        .replace(
            "at = [9, 1]\nprofile = \"guard\"",
            "at = [2, 1]\nprofile = \"guard\"\nhp = 1",
        );
    std::fs::write(t.0.join("maps/small.toml"), text).unwrap();
    let (_, text, _) = t.run(&["simulate", "maps/small.toml"]);
    assert!(
        text.contains("Kiny (player) -> nobody: (1, 1) -> (1, 1) path 0  | no living enemy unit: stays"),
        "{text}"
    );
    assert!(!text.contains("no living player unit"), "{text}");
}
