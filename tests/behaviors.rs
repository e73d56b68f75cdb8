//! Behaviours written in Rust: a game registers its own under a name in its registry (a
//! value handed to the loaders), a profile names it like a built-in, and the enemy phase,
//! `--explain` and danger zones ask it as they ask the standard ones. Unknown names stay
//! located errors that list the known ones; nothing is shared between registries.

mod common;

use skirmish::ai::danger::{Shape, enemy_zone};
use skirmish::ai::registry::{Key, RegisterError, Registry};
use skirmish::ai::{AiBehavior, Decision, Explanation, Goal, How, Reason, Why};
use skirmish::load::diag::Source;
use skirmish::load::profiles::{Behavior, Param, Profiles};
use skirmish_core::prelude::*;
use skirmish_core::rules::Unit;
use skirmish_core::search::range::Leash;

/// Keeps to its start cell's row: walks `stride` cells right when it can, never farther than
/// `stride` from where it started (its leash), and says so in its explanation.
struct Patrol {
    stride: u32,
}

impl AiBehavior for Patrol {
    fn decide(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Decision {
        let me = b.unit(id);
        let to = Pos::new(me.pos().x + self.stride as i32, me.pos().y);
        Decision::walk(b, c, id, to, label, Reason::just(Why::Nothing))
    }

    fn explain(&self, b: &Battle, c: &mut Caches, id: UnitId, label: String) -> Explanation {
        let d = self.decide(b, c, id, label);
        let mut x = Explanation::of_decision(b, c, d);
        x.goal = Goal::Custom;
        x.note = Some(format!("patrol {} cells right", self.stride));
        x
    }

    fn shape(&self, _unit: &Unit) -> Shape {
        Shape::Sight { radius: self.stride }
    }

    fn leash(&self, unit: &Unit) -> Option<Leash> {
        Some(Leash {
            pivot: unit.pivot(),
            radius: self.stride + 1,
        })
    }
}

/// The standard behaviours and the patrol.
fn registry() -> Registry {
    let mut r = Registry::standard();
    r.register("patrol", &[Key::distance("stride", 1, 10_000)], |p| Patrol {
        stride: p.int("stride"),
    })
    .unwrap();
    r
}

fn profiles_with(text: &str, registry: &Registry) -> Result<Profiles, String> {
    skirmish_data::load::profiles::parse(&Source::new("data/profiles.toml", text), registry).map_err(|e| e.to_string())
}

fn profiles(text: &str) -> Result<Profiles, String> {
    profiles_with(text, &registry())
}

fn battle() -> Battle {
    BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..........", ".........."]).unwrap())
        .unit(UnitSpec::player("Kiny", (0, 1)))
        .unit(UnitSpec::enemy("Walker", (2, 0), "sentry").movement(6))
        .build()
        .unwrap()
}

#[test]
fn a_profile_names_a_registered_behaviour_with_its_own_numbers() {
    let p = profiles("[sentry]\nbehavior = \"patrol\"\nstride = 3\n").unwrap();
    match &p.get("sentry").unwrap().behavior {
        Behavior::Custom(c) => {
            assert_eq!(c.name, "patrol");
            assert_eq!(c.params.get("stride"), Some(Param::Int(3)));
        }
        other => panic!("not the registered behaviour: {other:?}"),
    }
}

#[test]
fn its_keys_are_checked_like_a_built_ins() {
    assert_eq!(
        profiles("[sentry]\nbehavior = \"patrol\"\n").unwrap_err(),
        "data/profiles.toml:1:1: profile 'sentry': behavior 'patrol' needs `stride` (a distance such as stride = 3)"
    );
    assert_eq!(
        profiles("[sentry]\nbehavior = \"patrol\"\nstride = 0\n").unwrap_err(),
        "data/profiles.toml:3:10: profile 'sentry': stride = 0 makes no sense (expected 1..=10000)"
    );
    let e = profiles("[sentry]\nbehavior = \"patrol\"\nstrde = 2\n").unwrap_err();
    assert_eq!(
        e,
        "data/profiles.toml:3:1: profile 'sentry': unknown key `strde`: behavior 'patrol' (it takes only `stride`); did you mean `stride`?"
    );
}

#[test]
fn an_unknown_name_is_a_located_error_listing_the_known_ones() {
    let e = profiles("[x]\nbehavior = \"patroll\"\n").unwrap_err();
    assert!(
        e.starts_with(
            "data/profiles.toml:2:12: profile 'x': unknown behavior \"patroll\" (expected one of: charger, proximity, guard_trigger, pivot_leash, keep_range, advance, "
        ),
        "{e}"
    );
    assert!(e.contains("patrol") && e.ends_with("did you mean \"patrol\"?"), "{e}");
}

#[test]
fn built_in_names_cannot_be_taken_over() {
    let mut r = Registry::standard();
    for name in ["charger", "support"] {
        let e = r.register(name, &[], |_| Patrol { stride: 1 }).unwrap_err();
        assert_eq!(e, RegisterError::Builtin(name.into()));
    }
}

/// A registry is a value: what one game (or test) registers, another never sees.
#[test]
fn registries_do_not_share_names() {
    let mine = registry();
    assert!(mine.get("patrol").is_some());
    let e = profiles_with("[sentry]\nbehavior = \"patrol\"\nstride = 3\n", &Registry::standard()).unwrap_err();
    assert!(
        e.contains(
            "unknown behavior \"patrol\" (expected one of: charger, proximity, guard_trigger, pivot_leash, keep_range, advance, support)"
        ),
        "{e}"
    );
}

/// Keys are checked when a behaviour is registered, not when a designer trips over them.
#[test]
fn keys_with_impossible_names_or_bounds_are_refused_at_registration() {
    let mut r = Registry::standard();
    let mut try_keys = |keys: &[Key]| r.register("patrol", keys, |_| Patrol { stride: 1 });
    assert!(matches!(
        try_keys(&[Key::count("behavior", 0, 3)]),
        Err(RegisterError::BadKey { key, .. }) if key == "behavior"
    ));
    assert!(matches!(
        try_keys(&[Key::count("two words", 0, 3)]),
        Err(RegisterError::BadKey { .. })
    ));
    assert!(matches!(
        try_keys(&[Key::distance("stride", 1, 5), Key::count("stride", 0, 3)]),
        Err(RegisterError::DuplicateKey { key, .. }) if key == "stride"
    ));
    assert!(matches!(
        try_keys(&[Key::distance("stride", 10_001, 10_001)]),
        Err(RegisterError::KeyBounds { min: 10_001, .. })
    ));
    assert!(matches!(
        try_keys(&[Key::distance("stride", 4, 3)]),
        Err(RegisterError::KeyBounds { min: 4, max: 3, .. })
    ));
    assert!(try_keys(&[Key::distance("stride", 3, 3)]).is_ok());
}

/// A key is described by its own kind and bounds: a count is not "a distance".
#[test]
fn a_count_key_is_described_as_a_count_within_its_bounds() {
    let mut r = Registry::standard();
    r.register("patrol", &[Key::count("laps", 2, 5)], |p| Patrol {
        stride: p.int("laps"),
    })
    .unwrap();
    assert_eq!(
        profiles_with("[sentry]\nbehavior = \"patrol\"\n", &r).unwrap_err(),
        "data/profiles.toml:1:1: profile 'sentry': behavior 'patrol' needs `laps` (a count such as laps = 3)"
    );
    assert_eq!(
        profiles_with("[sentry]\nbehavior = \"patrol\"\nlaps = 6\n", &r).unwrap_err(),
        "data/profiles.toml:3:8: profile 'sentry': laps = 6 makes no sense (expected 2..=5)"
    );
    assert_eq!(
        profiles_with("[sentry]\nbehavior = \"patrol\"\nlaps = \"x\"\n", &r).unwrap_err(),
        "data/profiles.toml:3:8: profile 'sentry': laps must be a whole number, a count 2..=5 (such as laps = 3)"
    );
    assert!(profiles_with("[sentry]\nbehavior = \"patrol\"\nlaps = 5\n", &r).is_ok());
}

#[test]
fn the_enemy_phase_explain_and_danger_zones_ask_the_registered_behaviour() {
    let p = profiles("[sentry]\nbehavior = \"patrol\"\nstride = 3\n").unwrap();
    let b = battle();
    let walker = b.find("Walker").unwrap();
    let mut ai = Ai::new(p.clone());
    // A charger would come for Kiny; the patrol walks three cells right instead.
    let d = ai.decide(&b, walker);
    assert_eq!(
        (d.to, d.path.digits(), d.profile.as_str()),
        (Pos::new(5, 0), "222".to_string(), "sentry")
    );
    assert_eq!(d.reason.how, How::Nothing);
    let x = ai.explain(&b, walker);
    assert_eq!(
        (x.goal, x.note.as_deref()),
        (Goal::Custom, Some("patrol 3 cells right"))
    );
    assert_eq!(x.candidates.len(), 1);
    // Its shape and its leash (4 around its start): no cell at distance 4 or more is in reach.
    let z = enemy_zone(&b, ai.caches(), &p, walker);
    assert_eq!(z.shape, Shape::Sight { radius: 3 });
    assert!(
        !z.moves.is_empty() && z.moves.iter().all(|m| m.manhattan(Pos::new(2, 0)) < 4),
        "{:?}",
        z.moves
    );
    // The whole phase runs it through the one driver.
    let mut b = b;
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    let report = EnemyPhase::run(&mut ai, &mut b).unwrap();
    assert_eq!(report.turns[0].decision.to, Pos::new(5, 0));
}

/// `ai --explain` on the shipped ambush with a hurt guard: the raiders' support healer shows
/// what it wants and every cell's score (cells it can heal from, player units that could
/// attack there, the walk), and `ai --json` has the heal.
#[test]
fn ai_explain_shows_the_scores_of_support() {
    let t = common::Tree::new("support-explain");
    t.edit(
        "maps/ambush.toml",
        "name = \"Warden\"\nteam = \"enemy\"",
        "name = \"Warden\"\nteam = \"enemy\"\nhp_left = 9",
    );
    let (code, out, err) = t.run(&["ai", "maps/ambush.toml", "--explain", "Mender"]);
    assert_eq!(code, 0, "{err}");
    for line in [
        "goal: heal Warden (9/20 hp): cells it can heal from first, then the fewest player units that could attack there, then the cheaper walk, then reading order",
        "  1. (23, 6): can heal, 0 could attack it, walk 2",
        "decision: (24, 7) -> (23, 6) path 14  | heals Warden (9/20 hp, the lowest share it can reach) from (23, 6), where 0 player units could attack",
    ] {
        assert!(out.lines().any(|l| l == line), "{line:?} missing from:\n{out}");
    }
    let (code, out, _) = t.run(&["ai", "maps/ambush.toml", "--json"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("\"heal\":\"Warden\",\"healed\":{\"amount\":7,\"hp_left\":16}"),
        "{out}"
    );
}
