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

use crate::load::diag::{Diagnostic, Diagnostics, Source, cell_bounds, display_path, read_bytes};
use crate::load::suggest::did_you_mean_value;
use crate::load::terrain::{TerrainId, TerrainSet};
use skirmish_core::model::map::{MAX_MAP_SIDE, TerrainMap};
use skirmish_core::search::grid::Pos;
use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

/// Most tiles one tileset may declare (`tilecount`): the `tiled` crate reserves room for
/// them all before reading any, so a huge count would exhaust memory.
pub const MAX_TILECOUNT: u64 = 65_536;

/// Most bytes all the compressed layers of one file may inflate to (16 layers of the
/// largest map, 4 bytes a tile): the `tiled` crate inflates them whole, so a small file
/// could otherwise fill memory.
pub const MAX_INFLATED_BYTES: u64 = 16 * 4 * (MAX_MAP_SIDE * MAX_MAP_SIDE) as u64;

/// Most located errors of one kind listed for one map before the rest are summarised.
const MAX_CELL_ERRORS: usize = 20;

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
}

/// Why the bounded reader refused a file (it carries the located diagnostic).
#[derive(Debug)]
struct Refused(Diagnostic);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for Refused {}

/// The `tiled` crate's file access, through [`read_bytes`]: a device, a folder or a file
/// past the size limit is refused before reading, like every other input.
#[derive(Default)]
struct BoundedReader {
    read: Vec<(PathBuf, Vec<u8>)>,
    /// A file already in memory (the map, for [`parse`]), served instead of the disk's.
    given: Option<(PathBuf, Vec<u8>)>,
}

impl tiled::ResourceReader for BoundedReader {
    type Resource = Cursor<Vec<u8>>;
    type Error = Refused;

    fn read_from(&mut self, path: &Path) -> Result<Self::Resource, Self::Error> {
        let bytes = match &self.given {
            Some((p, b)) if p == path => b.clone(),
            _ => read_bytes(path).map_err(Refused)?,
        };
        if let Some(at) = inflates_over(&bytes, MAX_INFLATED_BYTES) {
            let src = Source::new(display_path(path), String::from_utf8_lossy(&bytes).into_owned());
            return Err(Refused(src.error_at(
                at,
                format!(
                    "compressed layer data inflates past {MAX_INFLATED_BYTES} bytes (all the layers of the file together): more than 16 layers of the largest map"
                ),
            )));
        }
        if let Some((at, n)) = tilecount_over(&bytes, MAX_TILECOUNT) {
            let src = Source::new(display_path(path), String::from_utf8_lossy(&bytes).into_owned());
            return Err(Refused(src.error_at(
                at,
                format!("tilecount {n}: a tileset may have at most {MAX_TILECOUNT} tiles"),
            )));
        }
        self.read.push((path.to_path_buf(), bytes.clone()));
        Ok(Cursor::new(bytes))
    }
}

/// The first `tilecount` attribute above `max`: its offset and value (the attribute is
/// looked for as text, before the `tiled` crate reads the file).
fn tilecount_over(bytes: &[u8], max: u64) -> Option<(usize, u64)> {
    const KEY: &[u8] = b"tilecount";
    let mut i = 0;
    while i + KEY.len() <= bytes.len() {
        if &bytes[i..i + KEY.len()] != KEY {
            i += 1;
            continue;
        }
        let mut j = i + KEY.len();
        let skip = |j: &mut usize| {
            while *j < bytes.len() && bytes[*j].is_ascii_whitespace() {
                *j += 1;
            }
        };
        skip(&mut j);
        if bytes.get(j) == Some(&b'=') {
            j += 1;
            skip(&mut j);
            if matches!(bytes.get(j), Some(b'"' | b'\'')) {
                j += 1;
                skip(&mut j);
                let digits = bytes[j..].iter().take_while(|b| b.is_ascii_digit()).count();
                let n = std::str::from_utf8(&bytes[j..j + digits])
                    .ok()
                    .and_then(|d| d.parse::<u64>().ok())
                    .unwrap_or(if digits > 0 { u64::MAX } else { 0 });
                if n > max {
                    return Some((i, n));
                }
            }
        }
        i += KEY.len();
    }
    None
}

/// The offset of the first compressed `<data>` element at which the file's compressed layer
/// data, inflated, passes `max` bytes (each blob is inflated through a bounded reader and
/// thrown away; the `tiled` crate then reads what passed). Blobs that do not decode are left
/// to the `tiled` crate's own error.
fn inflates_over(bytes: &[u8], max: u64) -> Option<usize> {
    use base64::Engine as _;
    use std::io::Read;
    let text = String::from_utf8_lossy(bytes);
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
    );
    let mut total = 0u64;
    let mut from = 0;
    while let Some(i) = text[from..].find("<data") {
        let start = from + i;
        let tag_end = text[start..].find('>').map_or(text.len(), |e| start + e);
        let tag = &text[start..tag_end];
        let end = text[tag_end..].find("</data>").map_or(text.len(), |e| tag_end + e);
        from = end.max(start + 5);
        let method = ["zlib", "gzip", "zstd"]
            .into_iter()
            .find(|m| tag.contains(&format!("compression=\"{m}\"")) || tag.contains(&format!("compression='{m}'")));
        let Some(method) = method else { continue };
        // The blobs: the text between tags (a finite layer has one, an infinite one a chunk each).
        let body = text[tag_end.min(end)..end].replace("<![CDATA[", "").replace("]]>", "");
        for blob in body.split('<').map(|s| s.rsplit('>').next().unwrap_or(s)) {
            let Ok(packed) = engine.decode(blob.trim().as_bytes()) else {
                continue;
            };
            let left = max.saturating_sub(total) + 1;
            let inflated = match method {
                "zlib" => std::io::copy(
                    &mut flate2::read::ZlibDecoder::new(&packed[..]).take(left),
                    &mut std::io::sink(),
                ),
                "gzip" => std::io::copy(
                    &mut flate2::read::GzDecoder::new(&packed[..]).take(left),
                    &mut std::io::sink(),
                ),
                _ => zstd::stream::read::Decoder::new(&packed[..])
                    .and_then(|d| std::io::copy(&mut d.take(left), &mut std::io::sink())),
            };
            total += inflated.unwrap_or(0);
            if total > max {
                return Some(start);
            }
        }
    }
    None
}

/// Runs `f`, turning a panic inside the `tiled` crate (it indexes a layer's tiles by the
/// layer's declared size, so a layer with fewer tiles than it declares panics) into `None`;
/// such a panic is kept off stderr, every other panic is reported as before.
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let file = info.location().map_or("", |l| l.file()).replace('\\', "/");
            if !file.contains("/tiled-0.") {
                before(info);
            }
        }));
    });
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
}

/// The map file's text, to locate layers and objects by the line they are written on.
struct Text {
    src: Source,
}

impl Text {
    fn at(&self, offset: Option<usize>, message: impl Into<String>) -> Diagnostic {
        match offset {
            Some(o) => self.src.error_at(o, message),
            None => self.src.error_line_col(1, 1, message),
        }
    }

    /// The offset of the first `<tag ...>` whose attribute `attr` is `value`.
    fn find(&self, tag: &str, attr: &str, value: &str) -> Option<usize> {
        let open = format!("<{tag} ");
        let want = format!(" {attr}=\"{}\"", xml_escape(value));
        let mut from = 0;
        while let Some(i) = self.src.text[from..].find(&open) {
            let start = from + i;
            let end = self.src.text[start..]
                .find('>')
                .map_or(self.src.text.len(), |e| start + e);
            if self.src.text[start..end].contains(&want) {
                return Some(start);
            }
            from = start + open.len();
        }
        None
    }

    /// The offset of cell (x, y) in a CSV layer written one row per line (as Tiled writes
    /// it), else of the layer's element.
    fn cell(&self, name: &str, (x, y): (usize, usize), width: usize, message: impl Into<String>) -> Diagnostic {
        let at = self.find("layer", "name", name);
        let cell = at.and_then(|start| {
            let text = &self.src.text[start..];
            let data = text.find("<data")?;
            let tag_end = data + text[data..].find('>')?;
            if !text[data..tag_end].contains("encoding=\"csv\"") {
                return None;
            }
            let body_start = tag_end + 1 + text[tag_end + 1..].find('\n')? + 1;
            let line_start = body_start
                + text[body_start..]
                    .split_inclusive('\n')
                    .take(y)
                    .map(str::len)
                    .sum::<usize>();
            let line = text[line_start..].split('\n').next()?;
            let values: Vec<&str> = line.trim_end_matches(['\r', ',']).split(',').collect();
            if values.len() != width {
                return None;
            }
            let before: usize = values[..x].iter().map(|v| v.len() + 1).sum();
            let lead = values[x].len() - values[x].trim_start().len();
            Some(start + line_start + before + lead)
        });
        self.at(cell.or(at), message)
    }

    fn layer(&self, name: &str, message: impl Into<String>) -> Diagnostic {
        let at = ["layer", "objectgroup", "group"]
            .iter()
            .find_map(|t| self.find(t, "name", name));
        self.at(at, message)
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The cell an object stands on: the cell under its centre. A tile object's origin is its
/// bottom-left corner (Tiled draws it upwards), a rectangle's its top-left; a point is its
/// position. `None` when the tile size is zero.
///
/// ```
/// use skirmish_data::load::tiled::object_cell;
/// // A 32x32 rectangle snapped to cell (2, 1) of a 32x32 grid.
/// assert_eq!(object_cell(64.0, 32.0, 32.0, 32.0, false, (32, 32)), Some([2, 1]));
/// // The same cell as a tile object: its y is the bottom edge.
/// assert_eq!(object_cell(64.0, 64.0, 32.0, 32.0, true, (32, 32)), Some([2, 1]));
/// // A point.
/// assert_eq!(object_cell(70.0, 40.0, 0.0, 0.0, false, (32, 32)), Some([2, 1]));
/// ```
pub fn object_cell(x: f32, y: f32, w: f32, h: f32, tile_object: bool, (tw, th): (u32, u32)) -> Option<[i64; 2]> {
    if tw == 0 || th == 0 {
        return None;
    }
    let top = if tile_object { y - h } else { y };
    let cx = f64::from(x) + f64::from(w) / 2.0;
    let cy = f64::from(top) + f64::from(h) / 2.0;
    let cell = |v: f64, t: u32| (v / f64::from(t)).floor().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
    Some([cell(cx, tw), cell(cy, th)])
}

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
    match map {
        Some(map) if errs.is_empty() => Ok(TiledMap {
            path: shown,
            map,
            units,
            regions,
            files,
        }),
        _ => Err(errs),
    }
}

/// A load error of the `tiled` crate, in our terms.
fn load_error(e: tiled::Error, path: &Path, text: &Text) -> Diagnostic {
    match e {
        tiled::Error::ResourceLoadingError { path: failed, err } => {
            let refused = err.downcast_ref::<Refused>().map(|r| r.0.clone());
            if failed == path {
                return refused.unwrap_or_else(|| Diagnostic::whole_file(path, format!("cannot read file: {err}")));
            }
            // A tileset (or template) the map names: point at the map's line that names it.
            let named = failed
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default();
            let at = text
                .src
                .text
                .find(&format!("\"{}\"", xml_escape(&named)))
                .or_else(|| {
                    failed
                        .strip_prefix(path.parent().unwrap_or(Path::new("")))
                        .ok()
                        .and_then(|rel| text.src.text.find(&xml_escape(&rel.to_string_lossy())))
                })
                // The start of the element that names it.
                .map(|i| text.src.text[..i].rfind('<').unwrap_or(i));
            let why = refused.map_or_else(|| err.to_string(), |d| d.message);
            text.at(
                at,
                format!(
                    "tileset {:?}: {} (tilesets are read relative to the map)",
                    display_path(&failed),
                    why
                ),
            )
        }
        other => text.at(
            None,
            format!(
                "not a Tiled map this program can read: {} (save it from Tiled as .tmx)",
                tidy(&other.to_string())
            ),
        ),
    }
}

fn tidy(s: &str) -> String {
    let s = s.trim().replace('\n', "; ");
    if s.chars().count() > 200 {
        s.chars().take(200).collect::<String>() + "…"
    } else {
        s
    }
}

fn collect_layers<'m>(
    layers: impl Iterator<Item = tiled::Layer<'m>>,
    tiles: &mut Vec<tiled::Layer<'m>>,
    objects: &mut Vec<tiled::Layer<'m>>,
) {
    for layer in layers {
        match layer.layer_type() {
            tiled::LayerType::Tiles(_) => tiles.push(layer),
            tiled::LayerType::Objects(_) => objects.push(layer),
            tiled::LayerType::Group(g) => collect_layers(g.layers(), tiles, objects),
            tiled::LayerType::Image(_) => {}
        }
    }
}

/// The terrain of every cell (see the module docs for which layer decides).
fn terrain_of(
    tmx: &tiled::Map,
    layers: &[tiled::Layer<'_>],
    terrain: &TerrainSet,
    text: &Text,
    errs: &mut Diagnostics,
) -> Option<TerrainMap> {
    let marked: Vec<&tiled::Layer<'_>> = layers
        .iter()
        .filter(|l| matches!(l.properties.get("terrain"), Some(tiled::PropertyValue::BoolValue(true))))
        .collect();
    if marked.len() > 1 {
        errs.push(text.layer(
            &marked[1].name,
            format!(
                "layer {:?}: two tile layers have the property terrain = true ({:?} and {:?}); one layer decides the terrain",
                marked[1].name, marked[0].name, marked[1].name
            ),
        ));
        return None;
    }
    let deciding: Vec<&tiled::Layer<'_>> = match marked.first() {
        Some(l) => vec![*l],
        None => layers.iter().rev().collect(),
    };
    if deciding.is_empty() {
        errs.push(text.at(
            None,
            "no tile layer: paint the terrain in a tile layer with tiles that have a \"terrain\" property",
        ));
        return None;
    }
    let (w, h) = (tmx.width as usize, tmx.height as usize);
    // A layer holding fewer tiles than its declared size makes the reader panic on the
    // cells it lacks: try the last cell of each layer first.
    for l in &deciding {
        if let Some(t) = l.as_tile_layer() {
            let (lw, lh) = (t.width().unwrap_or(0) as i32, t.height().unwrap_or(0) as i32);
            if guarded(|| t.get_tile(lw - 1, lh - 1).map(|_| ())).is_none() {
                errs.push(text.layer(
                    &l.name,
                    format!(
                        "layer {:?}: its data holds fewer tiles than its {lw}x{lh} cells",
                        l.name
                    ),
                ));
                return None;
            }
        }
    }
    let known: Vec<&str> = terrain.kinds.iter().map(|k| k.name.as_str()).collect();
    let mut cells = Vec::with_capacity(w * h);
    let mut count = 0usize;
    let mut report = |d: Diagnostic, errs: &mut Diagnostics| {
        count += 1;
        if count <= MAX_CELL_ERRORS {
            errs.push(d);
        }
    };
    for y in 0..h {
        for x in 0..w {
            let found = deciding.iter().find_map(|l| {
                let t = l.as_tile_layer()?.get_tile(x as i32, y as i32)?;
                Some((*l, t))
            });
            let Some((layer, t)) = found else {
                let name = &deciding.last().map_or("", |l| l.name.as_str());
                let which = if deciding.len() == 1 {
                    format!("layer {name:?}")
                } else {
                    "every tile layer".to_string()
                };
                report(
                    text.cell(
                        name,
                        (x, y),
                        w,
                        format!(
                            "layer {name:?}, cell ({x}, {y}): empty cell (no tile in {which}): every cell needs a tile with a \"terrain\" property"
                        ),
                    ),
                    errs,
                );
                cells.push(TerrainId(0));
                continue;
            };
            let set = t.get_tileset();
            let set_name = set_label(set);
            let value = t.get_tile().and_then(|tile| tile.properties.get("terrain").cloned());
            let here = format!("layer {:?}, cell ({x}, {y}): tile {} of {set_name}", layer.name, t.id());
            match value {
                Some(tiled::PropertyValue::StringValue(name)) => match terrain.by_name(&name) {
                    Some(id) => cells.push(id),
                    None => {
                        report(
                            text.cell(
                                &layer.name,
                                (x, y),
                                w,
                                format!(
                                    "{here}: unknown terrain {name:?} (known: {}){}",
                                    known.join(", "),
                                    did_you_mean_value(&name, known.iter().copied())
                                ),
                            ),
                            errs,
                        );
                        cells.push(TerrainId(0));
                    }
                },
                Some(other) => {
                    report(
                        text.cell(
                            &layer.name,
                            (x, y),
                            w,
                            format!(
                                "{here}: its \"terrain\" property is {} where a string naming a terrain is expected",
                                prop(&other)
                            ),
                        ),
                        errs,
                    );
                    cells.push(TerrainId(0));
                }
                None => {
                    report(
                        text.cell(
                            &layer.name,
                            (x, y),
                            w,
                            format!(
                                "{here} has no \"terrain\" property (give the tile in the tileset a string property terrain = one of {})",
                                known.join(", ")
                            ),
                        ),
                        errs,
                    );
                    cells.push(TerrainId(0));
                }
            }
        }
    }
    if count > MAX_CELL_ERRORS {
        errs.push(text.at(None, format!("{} more cell errors not listed", count - MAX_CELL_ERRORS)));
    }
    if count > 0 {
        return None;
    }
    TerrainMap::new(w, h, cells)
        .map_err(|e| errs.push(text.at(None, e.to_string())))
        .ok()
}

/// A tileset as a designer knows it: its file name when external, else its name.
fn set_label(set: &tiled::Tileset) -> String {
    if set.source.extension().is_some_and(|e| e.eq_ignore_ascii_case("tsx")) {
        format!("{:?}", set.source.file_name().unwrap_or_default().to_string_lossy())
    } else {
        format!("tileset {:?}", set.name)
    }
}

fn object_cell_of(o: &tiled::Object<'_>, tile: (u32, u32)) -> Option<[i64; 2]> {
    let (w, h) = match o.shape {
        tiled::ObjectShape::Rect { width, height }
        | tiled::ObjectShape::Ellipse { width, height }
        | tiled::ObjectShape::Capsule { width, height }
        | tiled::ObjectShape::Text { width, height, .. } => (width, height),
        _ => (0.0, 0.0),
    };
    object_cell(o.x, o.y, w, h, o.tile_data().is_some(), tile)
}

fn located(text: &Text, id: u32) -> (usize, usize) {
    let d = text.at(text.find("object", "id", &id.to_string()), "");
    (d.line, d.col)
}

fn unit_objects(layer: &tiled::Layer<'_>, tile: (u32, u32), text: &Text) -> Vec<TiledUnit> {
    let Some(objects) = layer.as_object_layer() else {
        return Vec::new();
    };
    objects
        .objects()
        .map(|o| {
            let (line, col) = located(text, o.id());
            TiledUnit {
                id: o.id(),
                name: o.name.clone(),
                cell: object_cell_of(&o, tile).unwrap_or([-1, -1]),
                props: o.properties.iter().map(|(k, v)| (k.clone(), prop(v))).collect(),
                line,
                col,
            }
        })
        .collect()
}

fn read_regions(
    layer: &tiled::Layer<'_>,
    (tw, th): (u32, u32),
    (w, h): (usize, usize),
    text: &Text,
    regions: &mut Regions,
    errs: &mut Diagnostics,
) {
    let Some(objects) = layer.as_object_layer() else {
        return;
    };
    for o in objects.objects() {
        let at = text.find("object", "id", &o.id().to_string());
        let who = format!("region object {:?} (id {})", o.name, o.id());
        if o.name.trim().is_empty() {
            errs.push(text.at(
                at,
                format!("{who}: a region needs a name (the name scenarios use for its cells)"),
            ));
            continue;
        }
        let (rw, rh) = match o.shape {
            tiled::ObjectShape::Rect { width, height } => (f64::from(width), f64::from(height)),
            tiled::ObjectShape::Point(..) => (0.0, 0.0),
            _ => {
                errs.push(text.at(at, format!("{who}: a region is a rectangle or a point")));
                continue;
            }
        };
        // A tile object's origin is its bottom-left corner.
        let lift = if o.tile_data().is_some() { rh } else { 0.0 };
        let (x0, y0) = (f64::from(o.x), f64::from(o.y) - lift);
        let (tw, th) = (f64::from(tw), f64::from(th));
        // The cells the rectangle overlaps (an edge on a grid line does not reach the next cell).
        let first = |v: f64, t: f64| (v / t).floor();
        let last = |v: f64, len: f64, t: f64| {
            if len > 0.0 {
                ((v + len) / t).ceil() - 1.0
            } else {
                (v / t).floor()
            }
        };
        let (cx0, cy0, cx1, cy1) = (first(x0, tw), first(y0, th), last(x0, rw, tw), last(y0, rh, th));
        if !(cx0 >= 0.0 && cy0 >= 0.0 && cx1 < w as f64 && cy1 < h as f64 && cx0 <= cx1 && cy0 <= cy1) {
            errs.push(text.at(
                at,
                format!(
                    "{who} covers cells ({cx0}, {cy0}) to ({cx1}, {cy1}), outside the map ({})",
                    cell_bounds(w, h)
                ),
            ));
            continue;
        }
        if regions.contains_key(&o.name) {
            errs.push(text.at(
                at,
                format!("{who}: a second region named {:?}; region names must be unique", o.name),
            ));
            continue;
        }
        let cells = (cy0 as i32..=cy1 as i32)
            .flat_map(|y| (cx0 as i32..=cx1 as i32).map(move |x| Pos::new(x, y)))
            .collect();
        regions.insert(o.name.clone(), cells);
    }
}
