//! The tile layers → terrain: which layer decides each cell (see the `load::tiled` module
//! docs), and every cell's tile read as a terrain of `terrain.toml`.

use super::*;

/// Most located errors of one kind listed for one map before the rest are summarised.
const MAX_CELL_ERRORS: usize = 20;

pub(super) fn collect_layers<'m>(
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

/// The terrain of every cell (see the `load::tiled` module docs for which layer decides).
pub(super) fn terrain_of(
    tmx: &tiled::Map,
    layers: &[tiled::Layer<'_>],
    terrain: &TerrainSet,
    text: &Text,
    errs: &mut Diagnostics,
) -> Option<TerrainMap> {
    let deciding = deciding_layers(layers, text, errs)?;
    let (w, h) = (tmx.width as usize, tmx.height as usize);
    let known: Vec<&str> = terrain.kinds().iter().map(|k| k.name.as_str()).collect();
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
            match cell_terrain(&deciding, (x, y), w, terrain, &known, text) {
                Ok(id) => cells.push(id),
                Err(d) => {
                    report(d, errs);
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

/// The tile layers that decide the terrain, topmost first: the one marked `terrain = true`,
/// else every tile layer. `None` (with the error pushed) when two are marked, there is no
/// tile layer, or a layer holds fewer tiles than it declares.
fn deciding_layers<'a, 'm>(
    layers: &'a [tiled::Layer<'m>],
    text: &Text,
    errs: &mut Diagnostics,
) -> Option<Vec<&'a tiled::Layer<'m>>> {
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
    // A layer holding fewer tiles than its declared size makes the reader panic on the
    // cells it lacks: try the last cell of each layer first.
    for l in &deciding {
        if let Some(t) = l.as_tile_layer() {
            let (lw, lh) = (t.width().unwrap_or(0) as i32, t.height().unwrap_or(0) as i32);
            if guarded(|| t.get_tile(lw - 1, lh - 1).map(|_| ())).is_none() {
                // How many tiles it holds: the first cell (in reading order) it lacks.
                let holds = |i: i32| guarded(|| t.get_tile(i % lw.max(1), i / lw.max(1)).map(|_| ())).is_some();
                let (mut lo, mut hi) = (0, lw * lh - 1);
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    if holds(mid) { lo = mid + 1 } else { hi = mid }
                }
                let (x, y) = (lo % lw.max(1), lo / lw.max(1));
                let message = if x == 0 {
                    format!(
                        "layer {:?}: its data ends after {y} of its {lh} rows: row {} (y = {y}) and those after it are missing ({lo} tiles for {lw}x{lh} cells)",
                        l.name,
                        y + 1
                    )
                } else {
                    format!(
                        "layer {:?}: row {} (y = {y}) ends after {x} of its {lw} cells, and the data with it ({lo} tiles for {lw}x{lh} cells)",
                        l.name,
                        y + 1
                    )
                };
                errs.push(
                    text.at(
                        text.csv_row(&l.name, y as usize)
                            .or_else(|| text.find("layer", "name", &l.name)),
                        message,
                    ),
                );
                return None;
            }
        }
    }
    Some(deciding)
}

/// The terrain of cell (x, y): the tile of the first deciding layer that has one there,
/// read by its `terrain` property; else the error, located at the cell.
fn cell_terrain(
    deciding: &[&tiled::Layer<'_>],
    (x, y): (usize, usize),
    w: usize,
    terrain: &TerrainSet,
    known: &[&str],
    text: &Text,
) -> Result<TerrainId, Diagnostic> {
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
        return Err(text.cell(
            name,
            (x, y),
            w,
            format!(
                "layer {name:?}, cell ({x}, {y}): empty cell (no tile in {which}): every cell needs a tile with a \"terrain\" property"
            ),
        ));
    };
    let set = t.get_tileset();
    let set_name = set_label(set);
    let value = t.get_tile().and_then(|tile| tile.properties.get("terrain").cloned());
    let here = format!("layer {:?}, cell ({x}, {y}): tile {} of {set_name}", layer.name, t.id());
    match value {
        Some(tiled::PropertyValue::StringValue(name)) => match terrain.by_name(&name) {
            Some(id) => Ok(id),
            None => Err(text.cell(
                &layer.name,
                (x, y),
                w,
                format!(
                    "{here}: unknown terrain {name:?} (known: {}){}",
                    known.join(", "),
                    did_you_mean_value(&name, known.iter().copied())
                ),
            )),
        },
        Some(other) => Err(text.cell(
            &layer.name,
            (x, y),
            w,
            format!(
                "{here}: its \"terrain\" property is {} where a string naming a terrain is expected",
                prop(&other)
            ),
        )),
        None => Err(text.cell(
            &layer.name,
            (x, y),
            w,
            format!(
                "{here} has no \"terrain\" property (give the tile in the tileset a string property terrain = one of {})",
                known.join(", ")
            ),
        )),
    }
}

/// A tileset as a designer knows it: its file name when external, else its name.
fn set_label(set: &tiled::Tileset) -> String {
    if set.source.extension().is_some_and(|e| e.eq_ignore_ascii_case("tsx")) {
        format!("{:?}", set.source.file_name().unwrap_or_default().to_string_lossy())
    } else {
        format!("tileset {:?}", set.name)
    }
}
