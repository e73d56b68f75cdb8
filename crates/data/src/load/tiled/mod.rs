//! Tiled maps (`.tmx`, from the Tiled editor): terrain from each tile's custom property
//! `terrain`, units from an object layer named `units`, named regions from an object layer
//! named `regions`. Read with the `tiled` crate through the one bounded reader
//! ([`read_bytes`]); errors are located in Tiled's terms (the layer and cell, the object's
//! name and id) at the line of the element they are about.
//!
//! Which tile layer decides the terrain: a tile layer with the boolean custom property
//! `terrain = true` (at most one) decides alone, and the layers above it are decoration.
//! Without such a layer, the topmost tile of each cell (over every tile layer, group layers
//! included) decides. Either way every cell needs a tile there, and that tile a `terrain`
//! property naming a table of `terrain.toml`.

#[cfg(feature = "tiled")]
mod layers;
#[cfg(feature = "tiled")]
mod locate;
mod objects;
#[cfg(feature = "tiled")]
mod reader;
#[cfg(feature = "tiled")]
use layers::*;
#[cfg(feature = "tiled")]
use locate::*;
pub use objects::object_cell;
#[cfg(feature = "tiled")]
use objects::*;
#[cfg(feature = "tiled")]
use reader::*;

use crate::load::diag::Diagnostics;
#[cfg(feature = "tiled")]
use crate::load::diag::{Diagnostic, Source, cell_bounds, display_path, read_bytes};
#[cfg(feature = "tiled")]
use crate::load::suggest::did_you_mean_value;
#[cfg(feature = "tiled")]
use crate::load::terrain::TerrainId;
use crate::load::terrain::TerrainSet;
use skirmish_core::model::map::{MAX_MAP_SIDE, TerrainMap};
use skirmish_core::search::grid::Pos;
use std::collections::BTreeMap;
#[cfg(feature = "tiled")]
use std::io::Cursor;
use std::path::{Path, PathBuf};

/// Most tiles one tileset may declare (`tilecount`): the `tiled` crate reserves room for
/// them all before reading any, so a huge count would exhaust memory.
pub const MAX_TILECOUNT: u64 = 65_536;

/// Most bytes all the compressed layers of one file may inflate to (64 MiB: one layer of the
/// largest map at 4 bytes a tile, 16 layers of a 1024×1024 one): the `tiled` crate inflates
/// them whole, so a small file could otherwise fill memory.
pub const MAX_INFLATED_BYTES: u64 = 4 * (MAX_MAP_SIDE * MAX_MAP_SIDE) as u64;

/// Named regions of a map: each name with the cells its rectangle covers, row by row.
pub type Regions = BTreeMap<String, Vec<Pos>>;

/// True when `path` names a Tiled map (its extension is `.tmx`, in any case).
///
/// ```
/// use skirmish_data::load::tiled::is_tmx;
/// assert!(is_tmx(std::path::Path::new("maps/river.tmx")));
/// assert!(!is_tmx(std::path::Path::new("maps/river.txt")));
/// ```
pub fn is_tmx(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("tmx"))
}

/// A custom property's value as a unit object carries it.
#[derive(Debug, Clone, PartialEq)]
pub enum Prop {
    /// `int`.
    Int(i64),
    /// `float`.
    Float(f64),
    /// `bool`.
    Bool(bool),
    /// `string` (and `file`).
    Text(String),
    /// Any other type (`color`, `object`, a class, a list), by its type name.
    Other(&'static str),
}

impl std::fmt::Display for Prop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Prop::Int(i) => write!(f, "{i}"),
            Prop::Float(x) => write!(f, "{x}"),
            Prop::Bool(b) => write!(f, "{b}"),
            Prop::Text(s) => write!(f, "{s:?}"),
            Prop::Other(t) => write!(f, "a {t} value"),
        }
    }
}

/// One object of the `units` layer.
#[derive(Debug, Clone, PartialEq)]
pub struct TiledUnit {
    /// The object's id (unique in its map).
    pub id: u32,
    /// The object's name: the unit's name.
    pub name: String,
    /// The cell under the object (see [`object_cell`]), which may be off the map.
    pub cell: [i64; 2],
    /// Its custom properties, by name.
    pub props: BTreeMap<String, Prop>,
    /// Where the object is written in the map file (1-based line and column).
    pub line: usize,
    /// Column of the object.
    pub col: usize,
    /// Where each property is written (1-based line and column of its `<property>`
    /// element; the object's place when it cannot be found, e.g. a property of a template).
    pub prop_at: BTreeMap<String, (usize, usize)>,
    /// False when the object does not sit exactly on the grid (a rectangle or tile object
    /// whose corner is not on a grid line): it is read as the cell under its centre.
    pub snapped: bool,
}

/// A loaded Tiled map.
#[derive(Debug, Clone)]
pub struct TiledMap {
    /// The map file as shown in messages.
    pub path: String,
    /// The terrain.
    pub map: TerrainMap,
    /// The objects of the `units` layer, in id order.
    pub units: Vec<TiledUnit>,
    /// The rectangles of the `regions` layer.
    pub regions: Regions,
    /// Every file read (the map, then its external tilesets), with its bytes: what decides
    /// the battle, for fingerprints, and what live reload watches.
    pub files: Vec<(PathBuf, Vec<u8>)>,
    /// The map's own `chance` and `true_hit` properties (booleans), as a scenario's
    /// `[combat]` table says them; `None` where the map has neither.
    pub combat: Option<skirmish_core::model::scenario::Combat>,
    /// The map's own `fog` property (a boolean), as a scenario's `fog` says it; `None` where
    /// the map has none.
    pub fog: Option<bool>,
}

#[cfg(feature = "tiled")]
fn prop(v: &tiled::PropertyValue) -> Prop {
    use tiled::PropertyValue as V;
    match v {
        V::BoolValue(b) => Prop::Bool(*b),
        V::FloatValue(f) => Prop::Float(f64::from(*f)),
        V::IntValue(i) => Prop::Int(i64::from(*i)),
        V::StringValue(s) | V::FileValue(s) => Prop::Text(s.clone()),
        V::ColorValue(_) => Prop::Other("color"),
        V::ObjectValue(_) => Prop::Other("object"),
        V::ListValue(_) => Prop::Other("list"),
        V::ClassValue { .. } => Prop::Other("class"),
    }
}

/// Loads a `.tmx` map with its tilesets, checking its terrain against `terrain`.
///
/// ```
/// use skirmish_data::load::{terrain::TerrainSet, tiled};
/// let dir = std::env::temp_dir().join(format!("skirmish-tiled-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let terrain = TerrainSet::standard();
/// let tsx = skirmish_data::io::tiled::tsx_text(&terrain, "terrain.png");
/// std::fs::write(dir.join("terrain.tsx"), tsx).unwrap();
/// std::fs::write(dir.join("m.tmx"), r#"<map version="1.8" orientation="orthogonal"
///   width="3" height="1" tilewidth="32" tileheight="32" infinite="0">
///  <tileset firstgid="1" source="terrain.tsx"/>
///  <layer id="1" name="ground" width="3" height="1"><data encoding="csv">1,2,8</data></layer>
///  <objectgroup id="2" name="regions"><object id="1" name="gate" x="64" y="0" width="32" height="32"/></objectgroup>
/// </map>"#).unwrap();
/// let m = tiled::load(&dir.join("m.tmx"), &terrain).unwrap();
/// assert_eq!(m.map.to_text(&terrain), ".T#\n");
/// assert_eq!(m.regions["gate"].len(), 1);
/// assert_eq!(tiled::tileset_files(&dir.join("m.tmx")), [dir.join("terrain.tsx")]);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn load(path: &Path, terrain: &TerrainSet) -> Result<TiledMap, Diagnostics> {
    read_map(path, None, terrain)
}

/// The files a `.tmx` map reads besides itself (its external tilesets and templates), as
/// far as it can be read: what live reload watches along with the map.
pub fn tileset_files(path: &Path) -> Vec<PathBuf> {
    #[cfg(not(feature = "tiled"))]
    {
        let _ = path;
        Vec::new()
    }
    #[cfg(feature = "tiled")]
    tileset_files_read(path)
}

#[cfg(feature = "tiled")]
fn tileset_files_read(path: &Path) -> Vec<PathBuf> {
    let mut loader = tiled::Loader::with_reader(BoundedReader::default());
    let _ = guarded(|| loader.load_tmx_map(path).map(|_| ()));
    let read = std::mem::take(&mut loader.reader_mut().read);
    read.into_iter().skip(1).map(|(p, _)| p).collect()
}

/// Parses a `.tmx` map already in memory as if read from `path` (its external tilesets are
/// read from beside `path`, through the bounded reader).
///
/// ```
/// use skirmish_data::load::tiled::parse;
/// let t = skirmish_data::load::terrain::TerrainSet::standard();
/// let e = parse(std::path::Path::new("maps/x.tmx"), b"not xml".to_vec(), &t).unwrap_err();
/// assert!(e.to_string().starts_with("maps/x.tmx:1:1: not a Tiled map"), "{e}");
/// ```
pub fn parse(path: &Path, bytes: Vec<u8>, terrain: &TerrainSet) -> Result<TiledMap, Diagnostics> {
    read_map(path, Some(bytes), terrain)
}

/// Without the `tiled` feature no Tiled map is read: a map names the feature it needs.
#[cfg(not(feature = "tiled"))]
fn read_map(path: &Path, _given: Option<Vec<u8>>, _terrain: &TerrainSet) -> Result<TiledMap, Diagnostics> {
    Err(crate::load::diag::Diagnostic::whole_file(
        path,
        "this build reads no Tiled maps (skirmish-data was built without its `tiled` feature)",
    )
    .into())
}

#[cfg(feature = "tiled")]
fn read_map(path: &Path, given: Option<Vec<u8>>, terrain: &TerrainSet) -> Result<TiledMap, Diagnostics> {
    let shown = display_path(path);
    let mut loader = tiled::Loader::with_reader(BoundedReader {
        read: Vec::new(),
        given: given.map(|b| (path.to_path_buf(), b)),
    });
    let loaded = guarded(|| loader.load_tmx_map(path));
    let files = std::mem::take(&mut loader.reader_mut().read);
    let text = Text {
        src: Source::new(
            shown.clone(),
            files
                .first()
                .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default(),
        ),
    };
    let tmx = match loaded {
        Some(Ok(m)) => m,
        Some(Err(e)) => return Err(load_error(e, path, &text).into()),
        None => {
            return Err(text
                .at(
                    None,
                    "not a Tiled map this program can read (the Tiled reader failed on it)",
                )
                .into());
        }
    };
    let mut errs = Diagnostics::default();
    if tmx.orientation != tiled::Orientation::Orthogonal {
        let name = format!("{:?}", tmx.orientation).to_lowercase();
        errs.push(text.at(
            text.find("map", "orientation", &name),
            format!("{name} map: only orthogonal maps can be played (Map > Map Properties > Orientation)"),
        ));
        return Err(errs);
    }
    if tmx.infinite() {
        errs.push(text.at(
            text.find("map", "infinite", "1"),
            "infinite map: only fixed-size maps can be played (uncheck Map > Map Properties > Infinite)",
        ));
        return Err(errs);
    }
    let (w, h) = (tmx.width as usize, tmx.height as usize);
    if !(1..=MAX_MAP_SIDE).contains(&w) || !(1..=MAX_MAP_SIDE).contains(&h) {
        errs.push(text.at(
            None,
            format!("map is {w}x{h}: each side must be 1..={MAX_MAP_SIDE} tiles"),
        ));
        return Err(errs);
    }
    let tile = (tmx.tile_width, tmx.tile_height);
    if tile.0 == 0 || tile.1 == 0 {
        errs.push(text.at(
            None,
            format!("tile size {}x{}: tiles must be at least 1x1 pixel", tile.0, tile.1),
        ));
        return Err(errs);
    }

    let mut tile_layers = Vec::new();
    let mut object_layers = Vec::new();
    collect_layers(tmx.layers(), &mut tile_layers, &mut object_layers);
    let map = terrain_of(&tmx, &tile_layers, terrain, &text, &mut errs);

    let mut units = Vec::new();
    let mut regions = Regions::new();
    for layer in &object_layers {
        match layer.name.as_str() {
            "units" => units.extend(unit_objects(layer, tile, &text)),
            "regions" => read_regions(layer, tile, (w, h), &text, &mut regions, &mut errs),
            _ => {}
        }
    }
    units.sort_by_key(|u| u.id);
    let combat = map_combat(&tmx.properties, &text, &mut errs);
    let fog = map_fog(&tmx.properties, &text, &mut errs);
    match map {
        Some(map) if errs.is_empty() => Ok(TiledMap {
            path: shown,
            map,
            units,
            regions,
            files,
            combat,
            fog,
        }),
        _ => Err(errs),
    }
}

/// The map properties `chance` and `true_hit` (Map > Map Properties), each a boolean: the
/// scenario's `[combat]` table in a `.tmx`. A property of another type is a located error.
#[cfg(feature = "tiled")]
fn map_combat(
    props: &tiled::Properties,
    text: &Text,
    errs: &mut Diagnostics,
) -> Option<skirmish_core::model::scenario::Combat> {
    let mut combat = skirmish_core::model::scenario::Combat::default();
    let mut any = false;
    for (key, slot) in [("chance", &mut combat.chance), ("true_hit", &mut combat.true_hit)] {
        match props.get(key).map(prop) {
            None => {}
            Some(Prop::Bool(b)) => {
                *slot = b;
                any = true;
            }
            Some(other) => errs.push(text.at(
                text.find("property", "name", key),
                format!("map property `{key}` must be a bool (true or false), found {other}"),
            )),
        }
    }
    any.then_some(combat)
}

/// The map property `fog` (Map > Map Properties), a boolean: the scenario's `fog` in a `.tmx`.
/// A property of another type is a located error.
#[cfg(feature = "tiled")]
fn map_fog(props: &tiled::Properties, text: &Text, errs: &mut Diagnostics) -> Option<bool> {
    match props.get("fog").map(prop) {
        None => None,
        Some(Prop::Bool(b)) => Some(b),
        Some(other) => {
            errs.push(text.at(
                text.find("property", "name", "fog"),
                format!("map property `fog` must be a bool (true or false), found {other}"),
            ));
            None
        }
    }
}
