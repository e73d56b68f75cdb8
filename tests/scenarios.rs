//! Every shipped scenario loads, checks, and plays to a finish headless.

use skirmish::cli::load_scenario;
use std::path::Path;

#[test]
fn every_shipped_scenario_plays_to_a_finish() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut seen = 0;
    // The campaign chains these scenarios; it is no scenario of its own.
    for path in skirmish::io::files::list_scenarios(&maps) {
        seen += 1;
        let (scenario, data, _) = load_scenario(&path, None).unwrap_or_else(|e| panic!("{e}"));
        let players = scenario
            .units
            .iter()
            .filter(|u| u.team == skirmish::search::grid::Team::Player)
            .count();
        assert!(
            players >= 3,
            "{}: a battle worth playing has several player units",
            path.display()
        );
        let report = skirmish::play::simulate::run(&scenario, &data, 200, 0).unwrap();
        assert!(
            report.result().is_some(),
            "{} did not finish: {}",
            path.display(),
            report.result_name()
        );
        let again = skirmish::play::simulate::run(&scenario, &data, 200, 0).unwrap();
        let json = |r: &skirmish::play::simulate::Report| serde_json::to_string(&r.to_json()).unwrap();
        assert_eq!(json(&report), json(&again), "simulation is deterministic");
    }
    assert!(seen >= 3, "at least three hand-made scenarios");
}

#[test]
fn the_sample_keeps_the_original_layout() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/sample.toml");
    let (s, _, _) = load_scenario(&path, None).unwrap();
    assert!(s.map.width() >= 64 && s.map.height() >= 64);
    let at = |n: &str| {
        s.units
            .iter()
            .find(|u| u.name == n)
            .map(|u| ([u.at.x, u.at.y], u.movement))
            .unwrap()
    };
    assert_eq!(at("Kiny"), ([20, 20], 7));
    for (name, pos) in [
        ("Brute", [25, 16]),
        ("Scout", [30, 24]),
        ("Warden", [20, 25]),
        ("Tether", [36, 21]),
        ("Archer", [30, 20]),
    ] {
        assert_eq!(at(name), (pos, 6), "{name}");
    }
}
