//! Save and resume: round trip, atomic writes, and clear refusals for saves from another
//! version, damaged files and changed scenarios — leaving everything as it was.

use skirmish::cli::{Outcome, load_scenario, run};
use skirmish::io::save;
use skirmish::play::phase::{Intent, Session};
use skirmish::rules::battle::Battle;
use std::path::{Path, PathBuf};

fn sample() -> (skirmish::load::scenario::Scenario, skirmish::load::data::DataSet) {
    let (s, d, _) = load_scenario(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/sample.toml"), None).unwrap();
    (s, d)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-save-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A battle one player phase and one enemy phase in: moved units, a hurt unit, a woken guard.
fn played() -> (skirmish::load::scenario::Scenario, Session) {
    let (scenario, data) = sample();
    let mut s = Session::new(Battle::new(&scenario, &data), data.profiles.clone());
    for i in [
        Intent::Confirm,
        Intent::Release,
        Intent::Cursor(skirmish::search::grid::Dir::Down),
        Intent::Cursor(skirmish::search::grid::Dir::Down),
        Intent::Cursor(skirmish::search::grid::Dir::Down),
        Intent::Cursor(skirmish::search::grid::Dir::Down),
        Intent::Confirm,
        Intent::Release,
    ] {
        s.input(i);
    }
    // Kiny stands next to the guard now; attack it if possible, else wait.
    s.input(Intent::Confirm);
    s.input(Intent::Release);
    s.input(Intent::EndTurn);
    s.input(Intent::Yes); // other units are still ready: the game asks first
    while matches!(s.phase(), skirmish::play::phase::Phase::Enemy { .. }) {
        s.input(Intent::Advance);
    }
    (scenario, s)
}

#[test]
fn a_saved_battle_resumes_exactly() {
    let (scenario, s) = played();
    assert!(s.battle().units().iter().any(|u| u.triggered()), "the guard woke up");
    let dir = scratch("roundtrip");
    let path = dir.join("battle.save");
    let file = save::snapshot(&s.settled_battle().unwrap(), &scenario, 7);
    save::write(&path, &file).unwrap();
    let back = save::read(&path).unwrap();
    assert_eq!(back, file);
    let (_, data) = sample();
    let mut fresh = Battle::new(&scenario, &data);
    save::restore(&back, &scenario, &mut fresh, &path).unwrap();
    assert_eq!(fresh.units(), s.battle().units());
    assert_eq!(fresh.turn(), s.battle().turn());
    assert_eq!(fresh.occupancy(), s.battle().occupancy());
}

#[test]
fn a_reader_never_sees_a_half_written_save() {
    let (scenario, s) = played();
    let dir = scratch("atomic");
    let path = dir.join("battle.save");
    let file = save::snapshot(&s.settled_battle().unwrap(), &scenario, 1);
    save::write(&path, &file).unwrap();
    let writer = {
        let (path, file) = (path.clone(), file.clone());
        std::thread::spawn(move || {
            for _ in 0..200 {
                save::write(&path, &file).unwrap();
            }
        })
    };
    for _ in 0..400 {
        assert_eq!(save::read(&path).unwrap(), file);
    }
    writer.join().unwrap();
    // A crash mid-write leaves only the temporary file behind; the save is still whole.
    std::fs::write(dir.join("battle.save.tmp"), b"{\"format\": \"skirmish-sa").unwrap();
    assert_eq!(save::read(&path).unwrap(), file);
}

#[test]
fn bad_saves_are_refused_with_a_clear_message_and_change_nothing() {
    let (scenario, s) = played();
    let dir = scratch("bad");
    let good = save::snapshot(&s.settled_battle().unwrap(), &scenario, 1);
    let text = serde_json::to_string_pretty(&good).unwrap();
    let (_, data) = sample();
    let edited = |f: &save::SaveFile, change: &dyn Fn(&mut save::SaveFile)| {
        let mut f = f.clone();
        change(&mut f);
        serde_json::to_string_pretty(&f).unwrap()
    };
    let wall = {
        let b = Battle::new(&scenario, &data);
        let m = b.map();
        (0..m.height() as i32)
            .flat_map(|y| (0..m.width() as i32).map(move |x| skirmish::search::grid::Pos::new(x, y)))
            .find(|&p| b.terrain().get(m.at(p)).name == "wall")
            .expect("the sample has a wall")
    };
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "future.save",
            text.replace("\"version\": 1", "\"version\": 2"),
            "save is version 2; this skirmish reads version 1 only",
        ),
        (
            "truncated.save",
            text[..text.len() / 2].to_string(),
            "damaged save file",
        ),
        ("garbage.save", "\u{0}\u{1}not json".into(), "damaged save file"),
        ("other.save", "{\"hello\": 1}".into(), "not a skirmish save file"),
        (
            "changed.save",
            text.replace(&good.fingerprint, "0000000000000000"),
            "changed since this save was made",
        ),
        (
            "hp.save",
            text.replacen("\"hp\": ", "\"hp\": 9", 1),
            "impossible hit points",
        ),
        (
            "crowded.save",
            edited(&good, &|f: &mut save::SaveFile| f.units[1].at = f.units[0].at),
            "shares cell",
        ),
        (
            "wall.save",
            edited(&good, &|f: &mut save::SaveFile| f.units[0].at = wall),
            "where its class cannot enter",
        ),
        (
            "off-map.save",
            edited(&good, &|f: &mut save::SaveFile| {
                // Defeated units are checked too.
                f.units[2].alive = false;
                f.units[2].hp = 0;
                f.units[2].at = skirmish::search::grid::Pos::new(-1, 5);
            }),
            "is off the map at (-1, 5)",
        ),
    ];
    for (name, body, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        let mut battle = Battle::new(&scenario, &data);
        let before = battle.units().to_vec();
        let err = save::read(&path)
            .and_then(|f| save::restore(&f, &scenario, &mut battle, &path))
            .unwrap_err();
        assert!(err.to_string().contains(want), "{name}: {err}");
        assert!(
            err.to_string().starts_with(&skirmish::load::diag::display_path(&path)),
            "{err}"
        );
        assert_eq!(battle.units(), before, "{name}: the battle is untouched");
    }
}

#[test]
fn the_command_line_refuses_a_bad_save_before_opening_a_window() {
    let dir = scratch("cli");
    let path = dir.join("x.save");
    std::fs::write(&path, "{ \"format\": \"skirmish-save\", \"version\": 1, \"scen").unwrap();
    let args = ["skirmish", "--resume", path.to_str().unwrap()].map(std::ffi::OsString::from);
    match run(args) {
        Outcome::Done { code, stdout, stderr } => {
            assert_eq!((code, stdout.as_str()), (1, ""));
            assert!(stderr.contains("damaged save file"), "{stderr}");
        }
        Outcome::Play { .. } | Outcome::Title { .. } => panic!("a damaged save must not start the game"),
    }
}

/// A save written before experience existed (no `level`, `exp` or `grown`) resumes: every
/// unit at level 1 with no experience, its stats the scenario's.
#[test]
fn a_save_from_before_experience_resumes_at_level_one() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/replays/save-before-experience");
    let data = skirmish::load::data::load(&root.join("data")).unwrap();
    let scenario = skirmish::load::scenario::load(&dir.join("maps/sample.toml"), &data).unwrap();
    let save = skirmish::io::save::read(&dir.join("sample.save")).unwrap();
    let mut battle = skirmish::rules::Battle::new(&scenario, &data);
    skirmish::io::save::restore(&save, &scenario, &mut battle, &dir.join("sample.save")).unwrap();
    assert_eq!(battle.turn(), 2);
    for (u, spec) in battle.units().iter().zip(&scenario.units) {
        assert_eq!((u.level(), u.exp(), u.stats()), (1, 0, spec.stats), "{}", u.name());
    }
    assert_eq!(battle.units()[0].hp(), 22);
}

/// Saves during the enemy phase: on every shipped scenario, in each of its first enemy
/// phases (the player waiting), a save made after each enemy's action — written, read back
/// and restored on a fresh battle of the scenario — goes on with the enemies yet to act:
/// the same decisions and events, and the same battle at the phase's end, as the phase
/// played through.
#[test]
fn a_save_made_during_the_enemy_phase_resumes_it_exactly() {
    use skirmish::ai::Ai;
    use skirmish::play::enemy::EnemyPhase;
    use skirmish::rules::Command;
    use skirmish::search::grid::Team;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch("enemy-phase");
    let file = dir.join("mid.save");
    let mut scenarios: Vec<PathBuf> = std::fs::read_dir(root.join("maps"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && !p.ends_with("campaign.toml"))
        .collect();
    scenarios.sort();
    assert!(scenarios.len() >= 5, "{scenarios:?}");
    for path in &scenarios {
        let (scenario, data, _) = load_scenario(path, None).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let mut whole = Battle::new(&scenario, &data);
        let mut ai = Ai::new(data.profiles.clone());
        let mut interrupted = 0;
        for turn in 1..=3 {
            if whole.ended().is_some() {
                break;
            }
            whole.execute(Command::EndPhase { team: Team::Player }).unwrap();
            let start = whole.clone();
            let report = EnemyPhase::run(&mut ai, &mut whole).unwrap();
            let end = whole.snapshot();
            for k in 0..=report.turns.len() {
                let mut b = start.clone();
                let mut a = Ai::new(data.profiles.clone());
                let mut phase = EnemyPhase::begin(&b);
                for _ in 0..k {
                    phase.step(&mut a, &mut b).unwrap().unwrap();
                }
                let saved = save::snapshot(&b, &scenario, 3);
                assert_eq!(saved.phase, Team::Enemy, "{name}");
                save::write(&file, &saved).unwrap();
                let mut resumed = Battle::new(&scenario, &data);
                save::restore(&save::read(&file).unwrap(), &scenario, &mut resumed, &file).unwrap();
                let rest = EnemyPhase::run(&mut Ai::new(data.profiles.clone()), &mut resumed)
                    .unwrap_or_else(|e| panic!("{name}: turn {turn}, saved after {k} enemies: {e}"));
                let at = format!("{name}: turn {turn}, saved after {k} of {} enemies", report.turns.len());
                assert_eq!(rest.turns, report.turns[k..], "{at}");
                assert_eq!(rest.end, report.end, "{at}");
                assert_eq!(resumed.snapshot(), end, "{at}");
                interrupted += 1;
            }
        }
        assert!(interrupted > 3, "{name}: only {interrupted} saves tried");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A save made while a canto unit may still move again keeps that, and what its first move
/// cost; a save without canto writes neither (older saves read the same).
#[test]
fn a_save_keeps_a_canto_move_still_to_make() {
    let (scenario, data) = sample();
    let mut b = Battle::new(&scenario, &data);
    let plain = save::snapshot(&b, &scenario, 1);
    let text = toml::to_string(&plain).unwrap();
    assert!(!text.contains("canto") && !text.contains("spent"), "{text}");
    let mut snap = b.snapshot();
    (snap.units[0].acted, snap.units[0].canto, snap.units[0].spent) = (true, true, 2);
    b.execute(skirmish::rules::Command::Restore(Box::new(snap))).unwrap();
    let dir = scratch("canto");
    let path = dir.join("battle.save");
    save::write(&path, &save::snapshot(&b, &scenario, 1)).unwrap();
    let mut fresh = Battle::new(&scenario, &data);
    save::restore(&save::read(&path).unwrap(), &scenario, &mut fresh, &path).unwrap();
    let u = fresh.unit(skirmish::rules::UnitId(0));
    assert!(u.may_canto());
    assert_eq!(u.movement_left(), b.unit(skirmish::rules::UnitId(0)).movement() - 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The save's own fingerprint covers a scenario's movement rules (zones of control,
/// skirmishers, canto) and chance in combat where the scenario uses them: a save made with a
/// knight's zone off, or with chance off, is refused by the battle with them on. Where a
/// scenario uses none of them the fingerprint is what older builds wrote, so their saves keep
/// loading.
#[test]
fn a_saves_fingerprint_covers_movement_rules_and_chance_only_where_used() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let load = |name: &str| {
        let (s, d, _) = load_scenario(&root.join("maps").join(name), None).unwrap();
        (s, d)
    };
    let print = |s: &skirmish::load::scenario::Scenario, d: &skirmish::load::data::DataSet| {
        save::scenario_fingerprint(s, Battle::new(s, d).terrain())
    };
    // Written by the build before this rule (they are what old saves carry). (The woods has
    // chance on and the pass zones and canto: their old saves no longer fit, as it should be.)
    for (name, old) in [
        ("sample.toml", "3854c6648d3a2f69"),
        ("castle.toml", "2bba15491edfd2ea"),
        ("river.toml", "e0b4dc986e8ec760"),
        ("ambush.toml", "5240fdc8e8ef4429"),
    ] {
        let (s, d) = load(name);
        assert_eq!(print(&s, &d), old, "{name}");
    }
    let dir = scratch("rules");
    let file = dir.join("pass.save");
    // The pass: its shield bearers hold zones, its outriders have canto.
    let (pass, data) = load("pass.toml");
    let mut off = pass.clone();
    for u in &mut off.units {
        u.moves = Default::default();
    }
    assert_ne!(print(&pass, &data), print(&off, &data), "movement rules count");
    save::write(&file, &save::snapshot(&Battle::new(&off, &data), &off, 0)).unwrap();
    let mut b = Battle::new(&pass, &data);
    let e = save::restore(&save::read(&file).unwrap(), &pass, &mut b, &file).unwrap_err();
    assert!(e.to_string().contains("no longer fits"), "{e}");
    // Chance in combat, on the sample.
    let (sample, data) = load("sample.toml");
    let mut chance = sample.clone();
    chance.combat.chance = true;
    assert_ne!(print(&sample, &data), print(&chance, &data), "chance counts");
    let mut two = chance.clone();
    two.combat.true_hit = true;
    assert_ne!(print(&chance, &data), print(&two, &data), "so does the two-number hit");
    save::write(&file, &save::snapshot(&Battle::new(&sample, &data), &sample, 0)).unwrap();
    let mut b = Battle::new(&chance, &data);
    assert!(save::restore(&save::read(&file).unwrap(), &chance, &mut b, &file).is_err());
    // ... and a unit's hit chance counts only where chance is on.
    let mut sharp = sample.clone();
    sharp.units[0].odds.hit = 50;
    assert_eq!(
        print(&sample, &data),
        print(&sharp, &data),
        "without chance, odds do not count"
    );
    let mut sharp_chance = chance.clone();
    sharp_chance.units[0].odds.hit = 50;
    assert_ne!(print(&chance, &data), print(&sharp_chance, &data));
    std::fs::remove_file(&file).unwrap();
    std::fs::remove_dir(&dir).unwrap();
}
