//! Fuzz target: any bytes through every loader (terrain, profiles, unit kinds, map grid,
//! scenario, Tiled map (as a `.tmx` beside the shipped tileset), save file through `io::save::parse`, the text half of `save::read`, and replay
//! file through `io::replay::parse`). A panic or a crash is a bug; errors are fine.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skirmish::load::data::DataSet;
use skirmish::load::diag::Source;
use std::path::Path;
use std::sync::OnceLock;

fn data() -> &'static DataSet {
    static DATA: OnceLock<DataSet> = OnceLock::new();
    DATA.get_or_init(|| {
        skirmish::load::data::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")).expect("shipped data loads")
    })
}

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let src = Source::new("fuzz", text.as_ref());
    let d = data();
    let _ = skirmish::load::terrain::parse(&src);
    let _ = skirmish::load::profiles::parse(&src);
    let _ = skirmish::load::units::parse(&src, d.terrain.classes());
    if let Ok(map) = skirmish::load::map::parse(&src, &d.terrain) {
        // A valid grid also goes through the searches.
        let layer = map.cost_layer(&d.terrain, skirmish::load::terrain::ClassId(0));
        let origin = skirmish::search::grid::Pos::new(0, 0);
        let _ = skirmish::search::potential::PotentialMap::compute(&layer, origin);
        let occ = skirmish::search::range::Occupancy::new(map.layout());
        let mut f = skirmish::search::range::RangeFinder::new(map.layout());
        let q = skirmish::search::range::RangeQuery {
            origin,
            budget: 9,
            team: skirmish::search::grid::Team::Player,
            leash: None,
        };
        let _ = f.search(&layer, &occ, q).len();
    }
    let _ = skirmish::load::scenario::parse(&src, &Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps"), d);
    // The same bytes as a Tiled map in maps/ (its tileset reference resolves to the
    // shipped maps/terrain.tsx), through the terrain and regions it would give.
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let _ = skirmish::load::tiled::parse(&maps.join("fuzz.tmx"), bytes.to_vec(), &d.terrain);
    // The save reader's own parser (format, version, fields), the part of `save::read` after the file is read.
    let _ = skirmish::io::save::parse(&src);
    // The replay reader's parser, likewise.
    let _ = skirmish::io::replay::parse(&src);
});
