//! `skirmish check`: every shipped kind of file is recognised when named, and one run
//! reports every independent error of every file.

mod common;

use common::Tree;

#[test]
fn every_shipped_kind_is_recognised_when_named() {
    let t = Tree::new("kinds");
    for f in [
        "data/units.toml",
        "data/terrain.toml",
        "data/profiles.toml",
        "maps/sample.txt",
        "maps/sample.toml",
    ] {
        let (code, out, err) = t.run(&["check", f]);
        assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""), "check {f}");
    }
    // Named explicitly, units.toml gets its own errors, at its own place.
    t.edit("data/units.toml", "move = 7\nhp = 28\n", "moev = 7\nhp = 28\n");
    let (code, out, err) = t.run(&["check", "data/units.toml"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("data/units.toml:17:1: unknown field `moev`"), "{err}");
}

#[test]
fn an_unrecognised_toml_says_which_kinds_exist() {
    let t = Tree::new("unknown");
    std::fs::write(t.0.join("notes.toml"), "title = \"my notes\"\n").unwrap();
    let (code, out, err) = t.run(&["check", "notes.toml"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("notes.toml:1:1: "), "{err}");
    for kind in ["terrain.toml", "profiles.toml", "units.toml", "scenario", "map"] {
        assert!(err.contains(kind), "{kind} missing from {err}");
    }
}

#[test]
fn errors_in_three_files_are_all_listed_in_one_run() {
    let t = Tree::new("three");
    t.edit("data/terrain.toml", "glyph = \"T\"", "glyph = \"TT\"");
    t.edit("data/units.toml", "move = 7\nhp = 28\n", "moev = 7\nhp = 28\n");
    t.edit("maps/river.toml", "name = \"River", "nmae = \"River");
    let (code, out, err) = t.run(&["check"]);
    assert_eq!((code, out.as_str()), (1, ""));
    for want in [
        "data/terrain.toml:21:9: terrain 'forest': glyph must be exactly one visible character",
        "data/units.toml:17:1: unknown field `moev`",
        "maps/river.toml:",
    ] {
        assert!(err.lines().any(|l| l.starts_with(want)), "{want} missing from:\n{err}");
    }
}

#[test]
fn maps_are_checked_when_only_profiles_fail() {
    let t = Tree::new("maps");
    t.edit("data/profiles.toml", "sight = 10\n", "sight = -1\n");
    std::fs::write(t.0.join("maps/bad.txt"), "..Q..\n").unwrap();
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(err.lines().any(|l| l.starts_with("data/profiles.toml:")), "{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("maps/bad.txt:1:3: unknown terrain glyph 'Q'")),
        "{err}"
    );
}

#[test]
fn units_errors_show_even_when_terrain_is_broken() {
    let t = Tree::new("units");
    t.edit("data/terrain.toml", "glyph = \"T\"", "glyph = \"TT\"");
    t.edit("data/units.toml", "move = 7\nhp = 28\n", "move = 7\nhp = -28\n");
    let (code, _, err) = t.run(&["check", "data/units.toml", "data/terrain.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("data/units.toml:18:6: unit kind 'hero': hp = -28 is out of range"),
        "{err}"
    );
    assert!(err.contains("data/terrain.toml:21:9:"), "{err}");
    let (_, _, err) = t.run(&["check"]);
    assert!(
        err.contains("data/units.toml:18:6: unit kind 'hero': hp = -28 is out of range"),
        "{err}"
    );
}

#[test]
fn declared_classes_catch_a_misspelt_class() {
    let t = Tree::new("classes");
    // The shipped table declares its classes.
    let terrain = std::fs::read_to_string(t.0.join("data/terrain.toml")).unwrap();
    assert!(
        terrain
            .lines()
            .any(|l| l == "classes = [\"foot\", \"horse\", \"flier\"]"),
        "data/terrain.toml declares its classes"
    );
    t.edit(
        "data/terrain.toml",
        "horse = 4, flier = 1 }\ndefense = 1\n",
        "hrose = 4, flier = 1 }\ndefense = 1\n",
    );
    let (code, out, err) = t.run(&["check", "data/terrain.toml"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with(
            "data/terrain.toml:22:20: terrain 'forest': class 'hrose' is not declared (classes: foot, horse, flier)"
        ),
        "{err}"
    );
    // Without the declaration the classes are inferred, as before: hrose is a new class.
    let text = std::fs::read_to_string(t.0.join("data/terrain.toml")).unwrap();
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with("classes ="))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(t.0.join("data/terrain.toml"), text).unwrap();
    let (code, out, err) = t.run(&["check", "data/terrain.toml"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
}

#[test]
fn ai_expectation_files_are_checked_named_or_in_tests_ai() {
    let t = Tree::new("expectations");
    std::fs::create_dir_all(t.0.join("tests/ai")).unwrap();
    for e in std::fs::read_dir(common::root().join("tests/ai")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, t.0.join("tests/ai").join(p.file_name().unwrap())).unwrap();
    }
    // The fog expectation file's scenario and data (tests/fog/).
    for sub in ["tests/fog/maps", "tests/fog/data"] {
        std::fs::create_dir_all(t.0.join(sub)).unwrap();
        for e in std::fs::read_dir(common::root().join(sub)).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, t.0.join(sub).join(p.file_name().unwrap())).unwrap();
        }
    }
    // Every shipped expectation file passes check, named or found by the default run.
    let (code, out, err) = t.run(&["check", "tests/ai/archer-at-3.toml"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
    let (code, out, err) = t.run(&["check"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
    // A mistake in one is found by both.
    t.edit(
        "tests/ai/archer-at-3.toml",
        "[[expect]]\n",
        "[[expect]]\nends_onn = \"*\"\n",
    );
    for args in [&["check", "tests/ai/archer-at-3.toml"][..], &["check"]] {
        let (code, out, err) = t.run(args);
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        assert!(
            err.lines()
                .any(|l| l.starts_with("tests/ai/archer-at-3.toml:") && l.contains("ends_onn")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn one_broken_profile_hides_no_other_error() {
    let t = Tree::new("hidden");
    // A bad number in the archer profile, a knight on a mountain, a misspelt profile and a
    // second "Picket": four errors in two files, all listed in one run.
    t.edit(
        "data/profiles.toml",
        "sight = 10                      # (stepping",
        "sight = -1                      # (stepping",
    );
    t.edit("maps/river.toml", "at = [7, 15]", "at = [0, 0]");
    t.edit("maps/river.toml", "profile = \"charger\"", "profile = \"chargr\"");
    t.edit("maps/river.toml", "name = \"Sentry\"", "name = \"Picket\"");
    let (code, out, err) = t.run(&["check"]);
    assert_eq!((code, out.as_str()), (1, ""));
    for want in [
        "data/profiles.toml:29:9: profile 'archer': sight = -1 makes no sense",
        "maps/river.toml:25:6: unit \"Lance\" stands on mountain at (0, 0), which class 'horse' cannot enter",
        "maps/river.toml:52:11: unit \"Raider\": unknown profile \"chargr\" (known: charger, proximity, guard, pivot, ford_raider, support, archer); did you mean \"charger\"?",
        "maps/river.toml:76:8: duplicate unit name \"Picket\": names must be unique within a scenario (the first is at maps/river.toml:55:8)",
    ] {
        assert!(err.lines().any(|l| l.starts_with(want)), "{want}\nmissing from:\n{err}");
    }
    // The archers name a profile that exists, with a mistake already reported: not again.
    assert!(
        !err.lines()
            .any(|l| l.contains("unit \"Bowyer\"") || l.contains("unit \"Fletcher\"")),
        "{err}"
    );
    // The same from the scenario named alone.
    let (_, _, alone) = t.run(&["check", "maps/river.toml"]);
    let river_and_data: String = err
        .lines()
        .filter(|l| l.starts_with("data/") || l.starts_with("maps/river.toml:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(alone, river_and_data);
}

#[test]
fn checks_left_out_are_said_with_their_reason() {
    let t = Tree::new("skipped");
    // profiles.toml that does not parse at all: no profile name can be trusted.
    t.edit("data/profiles.toml", "[charger]", "[charger");
    t.edit("maps/river.toml", "at = [7, 15]", "at = [0, 0]");
    let (code, out, err) = t.run(&["check"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.lines().any(|l| l.starts_with("data/profiles.toml:")), "{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("maps/river.toml:25:6: unit \"Lance\" stands on mountain")),
        "the units are still checked against the map:\n{err}"
    );
    assert!(
        err.lines()
            .any(|l| l
                == "maps/river.toml: note: units not checked against profiles because data/profiles.toml has errors"),
        "{err}"
    );
    assert!(!err.contains("unknown profile"), "{err}");
    // A broken terrain table leaves maps and units unchecked, and says so.
    t.edit("data/terrain.toml", "glyph = \"T\"", "glyph = \"TT\"");
    let (_, _, err) = t.run(&["check"]);
    assert!(
        err.lines()
            .any(|l| l == "maps/river.toml: note: map and units not checked because data/terrain.toml has errors"),
        "{err}"
    );
    assert!(
        err.lines()
            .any(|l| l == "maps/river.txt: note: map not checked because data/terrain.toml has errors"),
        "{err}"
    ); // Named alone, likewise.
    let (_, _, err) = t.run(&["check", "maps/river.txt", "data/units.toml"]);
    assert!(
        err.lines()
            .any(|l| l == "maps/river.txt: note: map not checked because data/terrain.toml has errors"),
        "{err}"
    );
    assert!(
        err.lines()
            .any(|l| l == "data/units.toml: note: class names not checked because data/terrain.toml has errors"),
        "{err}"
    );
}

#[test]
fn a_missing_key_names_its_table_and_shows_the_key() {
    let t = Tree::new("missing");
    t.edit("data/terrain.toml", "glyph = \"T\"\n", "");
    let (code, out, err) = t.run(&["check", "data/terrain.toml"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with("data/terrain.toml:20:1: [forest]: missing field `glyph`: write glyph = \"T\""),
        "{err}"
    );
}

/// A small scenario in the tree: Kiny (move 2) on the left of `rows`, a charger on the
/// right, and `objective`; returns its path.
fn small(t: &Tree, rows: &str, objective: &str) -> &'static str {
    std::fs::write(t.0.join("maps/small.txt"), rows).unwrap();
    std::fs::write(
        t.0.join("maps/small.toml"),
        format!(
            "name = \"Small\"\nmap = \"small.txt\"\n{objective}\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 1]\nmove = 2\n\n[[units]]\nname = \"Brute\"\nteam = \"enemy\"\nat = [9, 1]\nprofile = \"charger\"\n"
        ),
    )
    .unwrap();
    "maps/small.toml"
}

#[test]
fn a_seize_cell_nobody_can_reach_is_warned_of() {
    let t = Tree::new("seize-reach");
    let seize = "[objective]\nwin = \"seize\"\nseize = [[5, 1]]\n";
    // Open ground: no warning.
    let s = small(&t, "..........\n..........\n..........\n", seize);
    let (code, out, err) = t.run(&["check", "--strict", s]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
    // The gate closed with walls: the cell is plain, but nobody gets in.
    let gate = "[objective]\nwin = \"seize\"\nseize = [[5, 2]]\n";
    let s = small(&t, "..........\n....###...\n....#.#...\n....###...\n..........\n", gate);
    let (code, out, err) = t.run(&["check", s]);
    // Not a bare `ok`: the battle cannot be won, and that must not be missed.
    assert_eq!((code, out.as_str()), (0, "ok, 1 warning\n"), "{err}");
    assert!(
        err.starts_with("maps/small.toml:5:9: warning: seize cell (5, 2) cannot be reached: no seizer can walk there"),
        "{err}"
    );
    // Open, but five cells at two a turn take three turns: a turn limit of 2 cannot be met.
    let limited = format!("{seize}turn_limit = 2\n");
    let s = small(&t, "..........\n..........\n..........\n", &limited);
    let (_, _, err) = t.run(&["check", s]);
    assert!(
        err.contains("warning: seize cell (5, 1) cannot be reached within the turn limit 2: the nearest seizer needs 3 turns of moves"),
        "{err}"
    );
    let s = small(
        &t,
        "..........\n..........\n..........\n",
        &format!("{seize}turn_limit = 3\n"),
    );
    let (code, out, err) = t.run(&["check", "--strict", s]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, "ok\n", ""));
}

#[test]
fn strict_says_why_it_fails_instead_of_ok() {
    let t = Tree::new("strict");
    let s = small(
        &t,
        "..........\n....###...\n....#.#...\n....###...\n..........\n",
        "[objective]\nwin = \"seize\"\nseize = [[5, 2]]\n",
    );
    let (code, out, err) = t.run(&["check", "--strict", s]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.ends_with("\n1 warning, failing because of --strict\n"), "{err}");
}

#[test]
fn warnings_left_out_because_of_errors_are_said() {
    let t = Tree::new("warn-skipped");
    // A seize cell nobody can reach (a warning) in a scenario that also has an error.
    let s = small(
        &t,
        "..........\n....###...\n....#.#...\n....###...\n..........\n",
        "[objective]\nwin = \"seize\"\nseize = [[5, 2]]\n",
    );
    let text = std::fs::read_to_string(t.0.join(s)).unwrap();
    std::fs::write(
        t.0.join(s),
        text.replace("profile = \"charger\"", "profile = \"chargr\""),
    )
    .unwrap();
    let (code, _, err) = t.run(&["check", s]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown profile \"chargr\""), "{err}");
    assert!(
        err.contains("maps/small.toml: note: warnings not checked because the scenario has errors"),
        "{err}"
    );
}

#[test]
fn a_unit_on_a_wall_is_told_the_nearest_free_cell() {
    let t = Tree::new("wall-hint");
    let s = small(&t, "..........\n.##.......\n.##.......\n", "");
    let text = std::fs::read_to_string(t.0.join(s))
        .unwrap()
        .replace("at = [0, 1]", "at = [2, 2]");
    std::fs::write(t.0.join(s), text).unwrap();
    let (code, _, err) = t.run(&["check", s]);
    assert_eq!(code, 1);
    assert!(
        err.contains("unit \"Kiny\" stands on wall at (2, 2), which class 'foot' cannot enter; the nearest free cell it can stand on is (3, 2) (at = [3, 2])"),
        "{err}"
    );
}

#[test]
fn warnings_of_a_scenario_left_unchecked_because_of_broken_data_are_said_so() {
    let t = Tree::new("warn-data-broken");
    // A reserve no event brings: a warning when the data is whole.
    let s = small(&t, "..........\n..........\n..........\n", "");
    let text = std::fs::read_to_string(t.0.join(s))
        .unwrap()
        .replace("profile = \"charger\"", "profile = \"charger\"\nreserve = true");
    std::fs::write(t.0.join(s), text).unwrap();
    let (code, out, err) = t.run(&["check", s]);
    assert_eq!((code, out.as_str()), (0, "ok, 1 warning\n"), "{err}");
    assert!(
        err.contains("warning: unit \"Brute\" is a reserve that no event brings"),
        "{err}"
    );
    // units.toml broken: check with no files says the scenario's warnings were not checked.
    let units = std::fs::read_to_string(t.0.join("data/units.toml")).unwrap();
    std::fs::write(t.0.join("data/units.toml"), units.replacen("move = ", "moev = ", 1)).unwrap();
    let (code, _, err) = t.run(&["check"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "maps: note: the scenarios' warnings not checked because data/units.toml has errors (fix it and check again)"
        ),
        "{err}"
    );
    assert_eq!(
        err.matches("warnings not checked because data/units.toml").count(),
        1,
        "one note: {err}"
    );
}
