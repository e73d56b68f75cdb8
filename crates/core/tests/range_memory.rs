//! Issue 36: the memory `Battle::range` takes, counted by a global allocator that records
//! every byte handed out and the highest total held at once. The range is kept as the
//! search keeps it (a cost and an entry direction per cell), not as a path per cell, so
//! its peak is a small constant per reachable cell: at most 24 bytes, the search's scratch
//! space included (fresh caches), on a large map where nearly every cell is reachable.
//! And a nearest-target map computed once: its cell words and queues, nothing beside.

use skirmish_core::model::units::MAX_MOVE;
use skirmish_core::prelude::*;
use skirmish_core::rng::Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting. A reallocation counts as the new block taken before the
/// old one is given back (what a moving reallocation holds for a moment), so the peak is
/// never under-counted.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// The counters are the whole process's: the tests here measure one at a time (the test
/// harness runs them on parallel threads, and one's map counted in another's peak).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn take(n: usize) {
    let now = HELD.fetch_add(n, Ordering::SeqCst) + n;
    PEAK.fetch_max(now, Ordering::SeqCst);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        take(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        take(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        take(new_size);
        HELD.fetch_sub(layout.size(), Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// A `side` × `side` map of the benches' mix: 60% plain, 20% forest, 10% hill, 5% river,
/// 3% mountain, 2% wall, drawn from `seed`.
fn mixed_map(side: usize, seed: u64) -> TerrainMap {
    let terrain = TerrainSet::standard();
    let id = |g: char| terrain.by_glyph(g).expect("a shipped glyph");
    let mut rng = Rng::new(seed);
    let cells = (0..side * side)
        .map(|_| {
            id(match rng.next_u64() % 100 {
                0..=59 => '.',
                60..=79 => 'T',
                80..=89 => '^',
                90..=94 => '~',
                95..=97 => 'M',
                _ => '#',
            })
        })
        .collect();
    TerrainMap::new(side, side, cells).expect("the map fits")
}

/// Peak bytes held while `battle.range` runs from fresh caches, above what was held before,
/// the number of destinations, and the peak of the whole (building the map and the battle
/// included).
fn range_peak(side: usize, movement: u32) -> (usize, usize, usize) {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let start = HELD.load(Ordering::SeqCst);
    PEAK.store(start, Ordering::SeqCst);
    let terrain = TerrainSet::standard();
    let mut map = mixed_map(side, 42);
    let c = (side / 2) as i32;
    map.set(Pos::new(c, c), terrain.by_glyph('.').unwrap());
    let battle = BattleBuilder::new(map)
        .unit(UnitSpec::player("Kiny", (c, c)).movement(movement.min(MAX_MOVE as u32)))
        .unit(UnitSpec::player("Robin", (c + 1, c)))
        .unit(UnitSpec::enemy("Brute", (c + 3, c + 1), "charger"))
        .build()
        .expect("a valid battle");
    let kiny = battle.find("Kiny").unwrap();
    let mut caches = Caches::new();
    let before = HELD.load(Ordering::SeqCst);
    let building = PEAK.swap(before, Ordering::SeqCst) - start;
    // A unit moves at most `MAX_MOVE`; a larger budget (the whole 4096² map) is asked of
    // the search itself, as `Battle::range` asks it (a fresh finder: its scratch counts).
    let range = if i64::from(movement) <= MAX_MOVE {
        battle.range(&mut caches, kiny)
    } else {
        let unit = battle.unit(kiny);
        let layer = battle.layer(unit.class());
        let q = RangeQuery {
            origin: unit.pos(),
            budget: movement,
            team: Team::Player,
            leash: None,
        };
        RangeFinder::new(layer.layout())
            .search(layer, battle.occupancy(), q)
            .to_range()
    };
    let peak = PEAK.load(Ordering::SeqCst) - before;
    let whole = building.max(PEAK.load(Ordering::SeqCst) - start);
    let cells = range.cells().len();
    drop(range);
    drop(caches);
    (peak, cells, whole)
}

#[test]
fn a_whole_map_range_takes_at_most_24_bytes_per_reachable_cell() {
    let (peak, cells, _) = range_peak(256, 1000);
    // Nearly the whole map: every cell but walls and cells cut off by them.
    assert!(cells > 256 * 256 * 9 / 10, "only {cells} cells reached");
    let per_cell = peak as f64 / cells as f64;
    eprintln!("{cells} cells, peak {peak} bytes: {per_cell:.2} bytes a cell");
    assert!(
        per_cell <= 24.0,
        "Battle::range held {peak} bytes at its peak for {cells} cells: {per_cell:.1} bytes a cell"
    );
}

/// The same on a 1024² map: a million cells.
#[test]
fn a_whole_1024_map_range_takes_at_most_24_bytes_per_reachable_cell() {
    let (peak, cells, _) = range_peak(1024, 1000);
    assert!(cells > 1024 * 1024 * 9 / 10, "only {cells} cells reached");
    let per_cell = peak as f64 / cells as f64;
    eprintln!("{cells} cells, peak {peak} bytes: {per_cell:.2} bytes a cell");
    assert!(
        per_cell <= 24.0,
        "Battle::range held {peak} bytes at its peak for {cells} cells: {per_cell:.1} bytes a cell"
    );
}

/// A whole 4096² map (16.7 million cells: a move no loaded unit has, so the whole map is in
/// range): the map, the battle and the range together under 600 MB, and the range still at
/// most 24 bytes a cell. About ten seconds in a debug build: CI runs it in release (`.ci/run`).
#[test]
#[ignore = "a 4096² map: `cargo test --release -p skirmish-core --test range_memory -- --ignored`"]
fn a_whole_4096_map_range_fits_in_600_mb() {
    let (peak, cells, whole) = range_peak(4096, 100_000);
    assert!(cells > 4096 * 4096 * 9 / 10, "only {cells} cells reached");
    let per_cell = peak as f64 / cells as f64;
    eprintln!("{cells} cells, peak {peak} bytes ({per_cell:.2} a cell), {whole} bytes in all");
    assert!(per_cell <= 24.0, "{per_cell:.1} bytes a cell");
    assert!(
        whole < 600 << 20,
        "{whole} bytes held at the peak, with the map and the battle"
    );
}

/// A nearest map computed once (not in the memory of an earlier one) holds its cell words
/// (four bytes a cell with up to 8 targets) and its queues, and no list of the cells it
/// touched: that list (kept for restarts, as long as the search) was grown and dropped with
/// every such map, and the allocator's giving the freed heap back to the system and
/// faulting it in again made `potential/nearest_3_targets` 1.9x slower (issue 36).
#[test]
fn a_nearest_map_computed_once_holds_its_words_and_queues_only() {
    use skirmish_core::search::nearest::NearestMap;
    use skirmish_core::search::potential::UNREACHABLE;
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let terrain = TerrainSet::standard();
    let side = 256;
    let map = mixed_map(side, 42);
    let layer = map.cost_layer(&terrain, ClassId(0));
    let plain = |p: &Pos| map.get(*p) == terrain.by_glyph('.');
    let targets: Vec<Pos> = [Pos::new(128, 128), Pos::new(130, 128), Pos::new(132, 128)]
        .into_iter()
        .filter(plain)
        .collect();
    assert!(!targets.is_empty(), "a plain near the middle");
    let cells = (0..side as i32).flat_map(|y| (0..side as i32).map(move |x| Pos::new(x, y)));
    let before = HELD.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let near = NearestMap::compute(&layer, &targets);
    // Every cell asked: the whole map searched.
    let reached = cells.filter(|&p| near.nearest(p).0 != UNREACHABLE).count();
    let peak = PEAK.load(Ordering::SeqCst) - before;
    drop(near);
    assert!(reached > side * side * 9 / 10, "only {reached} cells reached");
    let per_cell = peak as f64 / layer.layout().len() as f64;
    eprintln!("{reached} cells reached, peak {peak} bytes: {per_cell:.2} bytes a cell");
    assert!(
        per_cell <= 6.0,
        "a nearest map computed once held {peak} bytes at its peak: {per_cell:.2} bytes a cell"
    );
}
