//! Fuzz target: any bytes as the three files a player or a designer hands the program
//! besides data and maps — an AI expectation file (`load::expect::parse`, then the run
//! itself when it asks for few enemy phases), a replay (`io::replay::parse`, then its
//! commands checked against `maps/sample.toml` and played) and a save (`io::save::parse`,
//! then restored onto that scenario). A panic, a hang or a crash is a bug; errors are fine.
//! Seed it with the shipped `tests/ai/*.toml` and a replay and a save of the sample battle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skirmish::load::data::DataSet;
use skirmish::load::diag::Source;
use skirmish::load::scenario::Scenario;
use skirmish::rules::Battle;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn sample() -> &'static (Scenario, DataSet) {
    static SAMPLE: OnceLock<(Scenario, DataSet)> = OnceLock::new();
    SAMPLE.get_or_init(|| {
        let data = skirmish::load::data::load(&root().join("data")).expect("shipped data loads");
        let scenario = skirmish::load::scenario::load(&root().join("maps/sample.toml"), &data).expect("sample loads");
        (scenario, data)
    })
}

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let (scenario, data) = sample();
    // As an expectation file standing in tests/ai/ (so `scenario = "../../maps/..."` resolves).
    let src = Source::new("tests/ai/fuzz.toml", text.as_ref());
    let at = root().join("tests/ai/fuzz.toml");
    let registry = skirmish::ai::registry::Registry::standard();
    if let Ok(f) = skirmish::load::expect::parse(&src, &at, None, &root().join("data"), &registry)
        && f.turns <= 3
    {
        let _ = skirmish::play::aitest::run(&f);
    }
    // As a replay of the sample battle: checked, then played command by command.
    let src = Source::new("fuzz.replay", text.as_ref());
    if let Ok(r) = skirmish::io::replay::parse(&src) {
        let mut battle = Battle::new(scenario, data);
        if let Ok(commands) = r.commands(Path::new("fuzz.replay"), scenario, data, &battle) {
            let mut ai = skirmish::ai::Ai::new(data.profiles.clone());
            for c in commands.iter().take(200) {
                if skirmish::play::replay::run(&mut battle, &mut ai, std::slice::from_ref(c)).is_err() {
                    break;
                }
            }
        }
    }
    // As a save of the sample battle: restored onto a fresh battle.
    let src = Source::new("fuzz.save", text.as_ref());
    if let Ok(save) = skirmish::io::save::parse(&src) {
        let mut battle = Battle::new(scenario, data);
        let _ = skirmish::io::save::restore(&save, scenario, &mut battle, Path::new("fuzz.save"));
    }
});
