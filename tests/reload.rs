//! Live reload: a valid edit to data or scenario applies to the battle in progress from the
//! next decision; a broken edit keeps the old data and reports `path:line:col`.

use skirmish::cli::load_scenario;
use skirmish::io::reload::{Watch, reload};
use skirmish::play::phase::{Intent, Phase, Session};
use skirmish::rules::battle::Battle;
use std::path::{Path, PathBuf};

/// A copy of the shipped data and maps to edit.
fn workspace(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("skirmish-reload-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["data", "maps"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for e in std::fs::read_dir(root.join(sub)).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, dir.join(sub).join(p.file_name().unwrap())).unwrap();
        }
    }
    dir
}

fn scout_decision(s: &mut Session) -> skirmish::ai::Decision {
    let id = s.battle().find("Scout").unwrap();
    skirmish::fixture::decide(s.battle(), s.profiles(), id)
}

#[test]
fn a_profile_edit_changes_the_next_enemy_decision_without_restarting() {
    let dir = workspace("edit");
    let scen = dir.join("maps/sample.toml");
    let (scenario, data, data_dir) = load_scenario(&scen, None).unwrap();
    let mut s = Session::new(Battle::new(&scenario, &data), data.profiles.clone());
    s.input(Intent::Confirm); // Kiny selected: the battle is in progress
    let mut watch = Watch::new(&data_dir, &scen, &dir.join("maps/sample.txt"));
    assert!(!watch.changed());
    assert_eq!(scout_decision(&mut s).path, "0", "Kiny is 14 away, beyond sight 10");

    let profiles = std::fs::read_to_string(data_dir.join("profiles.toml")).unwrap();
    std::fs::write(
        data_dir.join("profiles.toml"),
        profiles.replace("sight = 10\n", "sight = 20\n"),
    )
    .unwrap();
    assert!(watch.changed());
    let units_before = s.battle().units().to_vec();
    reload(&mut s, &scen, &data_dir, &skirmish::load::registry()).unwrap();
    assert_ne!(scout_decision(&mut s).path, "0", "with sight 20 the scout comes");
    assert_eq!(s.battle().units(), units_before, "nothing of the battle is lost");
    assert!(
        matches!(s.phase(), Phase::Target { .. }),
        "the player's selection stays"
    );
}

#[test]
fn a_broken_edit_keeps_the_old_data_and_says_where() {
    let dir = workspace("broken");
    let scen = dir.join("maps/sample.toml");
    let (scenario, data, data_dir) = load_scenario(&scen, None).unwrap();
    let mut s = Session::new(Battle::new(&scenario, &data), data.profiles.clone());
    let profiles = std::fs::read_to_string(data_dir.join("profiles.toml")).unwrap();
    std::fs::write(
        data_dir.join("profiles.toml"),
        profiles.replace("trigger = 3", "trigger = -3"),
    )
    .unwrap();
    let before = (s.battle().units().to_vec(), s.profiles().clone());
    let err = reload(&mut s, &scen, &data_dir, &skirmish::load::registry())
        .unwrap_err()
        .to_string();
    assert!(err.contains("profiles.toml:"), "{err}");
    assert!(err.contains("trigger = -3 makes no sense"), "{err}");
    assert_eq!((s.battle().units().to_vec(), s.profiles().clone()), before);

    // Fixing the file makes the next reload apply.
    std::fs::write(
        data_dir.join("profiles.toml"),
        profiles.replace("trigger = 3", "trigger = 5"),
    )
    .unwrap();
    reload(&mut s, &scen, &data_dir, &skirmish::load::registry()).unwrap();
    let guard = s.profiles().get("guard").unwrap();
    assert_eq!(
        guard.behavior,
        skirmish::load::profiles::Behavior::GuardTrigger { trigger: 5 }
    );
}

#[test]
fn terrain_and_unit_stat_edits_apply_to_the_board() {
    let dir = workspace("terrain");
    let scen = dir.join("maps/sample.toml");
    let (scenario, data, data_dir) = load_scenario(&scen, None).unwrap();
    let mut s = Session::new(Battle::new(&scenario, &data), data.profiles.clone());
    let kiny = s.battle().find("Kiny").unwrap();
    let before = s
        .battle()
        .range(&mut skirmish::rules::Caches::new(), kiny)
        .cells()
        .len();
    let terrain = std::fs::read_to_string(data_dir.join("terrain.toml")).unwrap();
    std::fs::write(
        data_dir.join("terrain.toml"),
        terrain.replace("cost = { foot = 2, horse = 4, flier = 1 }", "cost = 1"),
    )
    .unwrap();
    let scen_text = std::fs::read_to_string(&scen).unwrap();
    std::fs::write(&scen, scen_text.replacen("move = 7", "move = 9", 1)).unwrap();
    reload(&mut s, &scen, &data_dir, &skirmish::load::registry()).unwrap();
    assert_eq!(s.battle().unit(kiny).movement(), 9);
    assert!(
        s.battle()
            .range(&mut skirmish::rules::Caches::new(), kiny)
            .cells()
            .len()
            > before,
        "cheaper forests and more move reach farther"
    );
    std::fs::write(&scen, scen_text.replace("name = \"Lance\"", "name = \"Lancelot\"")).unwrap();
    let err = reload(&mut s, &scen, &data_dir, &skirmish::load::registry())
        .unwrap_err()
        .to_string();
    assert!(err.contains("restart the battle"), "{err}");
}

/// A campaign chapter's battle is its scenario with the roster put on it (levels, stats, the
/// fallen left out). Reloading its edited files puts the roster on again: the units keep what
/// the roster gave them, and a unit that fell in an earlier chapter stays out.
#[test]
fn a_chapter_reload_keeps_the_roster() {
    use skirmish::io::reload::{reload_at, reload_prepared};
    use skirmish::io::replay::ChapterStart;
    use skirmish_core::campaign::{Member, Roster};
    let dir = workspace("chapter");
    let scen = dir.join("maps/sample.toml");
    let (scenario, data, data_dir) = load_scenario(&scen, None).unwrap();
    let kiny = scenario.units.iter().find(|u| u.name == "Kiny").unwrap();
    let mut stats = kiny.stats;
    stats.attack += 5;
    let member = |name: &str, level, fallen| Member {
        name: name.into(),
        kind: "hero".into(),
        level,
        exp: 40,
        stats,
        fallen,
        movement: None,
    };
    let chapter = ChapterStart {
        number: 2,
        title: None,
        permadeath: true,
        roster: Roster {
            members: vec![member("Kiny", 3, false), member("Lance", 2, true)],
            protected: vec!["Kiny".into()],
        },
        set: Vec::new(),
        chance: false,
    };
    let ready = chapter.prepare(&scenario);
    assert_eq!(ready.units.len() + 1, scenario.units.len(), "Lance fell before");
    let mut s = Session::new(Battle::new(&ready, &data), data.profiles.clone());
    s.input(Intent::Confirm);
    let profiles = std::fs::read_to_string(data_dir.join("profiles.toml")).unwrap();
    std::fs::write(
        data_dir.join("profiles.toml"),
        profiles.replace("sight = 10\n", "sight = 20\n"),
    )
    .unwrap();

    // Without the roster the files' units are not the battle's.
    let plain = reload_at(&mut s, &scen, &data_dir, &skirmish::load::registry(), None)
        .unwrap_err()
        .to_string();
    assert!(plain.contains("units were added, removed or renamed"), "{plain}");

    let r = reload_prepared(&mut s, &scen, &data_dir, &skirmish::load::registry(), None, |f| {
        chapter.prepare(&f)
    })
    .unwrap();
    assert!(r.scenario.units.iter().all(|u| u.name != "Lance"));
    let b = s.battle();
    let k = b.unit(b.find("Kiny").unwrap());
    assert_eq!(
        (k.level(), k.exp(), k.stats().attack),
        (3, 40, stats.attack),
        "Kiny as the roster made him"
    );
    assert_ne!(
        scout_decision(&mut s).path,
        "0",
        "and the edit applies: with sight 20 the scout comes"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn weapons_toml_is_watched_and_reloaded_and_a_broken_one_keeps_the_old_weapons() {
    let dir = workspace("weapons");
    let data_dir = dir.join("data");
    // Kiny (a hero) fights with a sword.
    let units = std::fs::read_to_string(data_dir.join("units.toml")).unwrap();
    std::fs::write(
        data_dir.join("units.toml"),
        units.replacen("[hero]\n", "[hero]\nweapon = \"sword\"\n", 1),
    )
    .unwrap();
    let scen = dir.join("maps/woods.toml");
    let (scenario, data, data_dir) = load_scenario(&scen, None).unwrap();
    let mut s = Session::new(Battle::new(&scenario, &data), data.profiles.clone());
    let kiny = s.battle().find("Kiny").unwrap();
    let beats = |s: &Session| s.battle().unit(kiny).weapon().unwrap().beats.clone();
    assert_eq!(beats(&s), ["axe"]);
    let mut watch = Watch::new(&data_dir, &scen, &dir.join("maps/woods.txt"));
    assert!(!watch.changed());
    let weapons = std::fs::read_to_string(data_dir.join("weapons.toml")).unwrap();
    let sword = "[sword]\nbeats = [\"axe\"]\n";
    assert!(weapons.contains(sword));
    // A broken edit: noticed, located, and the battle keeps its weapons.
    std::fs::write(
        data_dir.join("weapons.toml"),
        weapons.replace(sword, "[sword]\nbeats = [\"spoon\"]\n"),
    )
    .unwrap();
    assert!(watch.changed(), "an edit of weapons.toml is noticed");
    let err = reload(&mut s, &scen, &data_dir, &skirmish::load::registry())
        .unwrap_err()
        .to_string();
    assert!(err.contains("weapons.toml:11:"), "{err}");
    assert_eq!(beats(&s), ["axe"]);
    // The fixed file applies at once.
    std::fs::write(
        data_dir.join("weapons.toml"),
        weapons.replace(sword, "[sword]\nbeats = [\"lance\"]\n"),
    )
    .unwrap();
    assert!(watch.changed());
    reload(&mut s, &scen, &data_dir, &skirmish::load::registry()).unwrap();
    assert_eq!(beats(&s), ["lance"]);
    // Removing the file is a change too (no file: no weapons).
    std::fs::remove_file(data_dir.join("weapons.toml")).unwrap();
    assert!(watch.changed());
    std::fs::remove_dir_all(dir).unwrap();
}
