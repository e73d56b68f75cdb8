//! Fuzz target: any bytes through every loader (terrain, profiles, unit kinds, map grid,
//! scenario, save file). A panic or a crash is a bug; errors are fine.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skirmish::data::DataSet;
use skirmish::diag::Source;
use skirmish::kinds::Kinds;
use skirmish::map::TerrainMap;
use skirmish::profile::Profiles;
use skirmish::scenario::Scenario;
use skirmish::terrain::TerrainSet;
use std::path::Path;
use std::sync::OnceLock;

fn data() -> &'static DataSet {
    static DATA: OnceLock<DataSet> = OnceLock::new();
    DATA.get_or_init(|| {
        DataSet::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")).expect("shipped data loads")
    })
}

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let src = Source::new("fuzz", text.as_ref());
    let d = data();
    let _ = TerrainSet::parse(&src);
    let _ = Profiles::parse(&src);
    let _ = Kinds::parse(&src, &d.terrain.classes);
    if let Ok(map) = TerrainMap::parse(&src, &d.terrain) {
        // A valid grid also goes through the searches.
        let layer = map.cost_layer(&d.terrain, skirmish::terrain::ClassId(0));
        let origin = skirmish::grid::Pos::new(0, 0);
        let _ = skirmish::potential::PotentialMap::compute(&layer, origin);
        let occ = skirmish::range::Occupancy::new(map.layout());
        let mut f = skirmish::range::RangeFinder::new(map.layout());
        let q = skirmish::range::RangeQuery {
            origin,
            budget: 9,
            team: skirmish::range::Team::Player,
            leash: None,
        };
        let _ = f.search(&layer, &occ, q).len();
    }
    let _ = Scenario::parse(&src, &Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps"), d);
    let _ = serde_json::from_str::<skirmish::save::SaveFile>(&text);
});
