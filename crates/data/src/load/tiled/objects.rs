//! The object layers → units and regions: the cell each object stands on, the objects of
//! the `units` layer and the rectangles of the `regions` layer.

#[cfg(feature = "tiled")]
use super::*;

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

#[cfg(feature = "tiled")]
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

#[cfg(feature = "tiled")]
fn located(text: &Text, id: u32) -> (usize, usize) {
    let d = text.at(text.find("object", "id", &id.to_string()), "");
    (d.line, d.col)
}

/// Where each property of object `id` is written: its `<property name="...">` element
/// inside the object's element (the object's place when it is not written there).
#[cfg(feature = "tiled")]
fn property_places<'a>(
    text: &Text,
    id: u32,
    names: impl Iterator<Item = &'a String>,
) -> BTreeMap<String, (usize, usize)> {
    let start = text.find("object", "id", &id.to_string());
    let body = start.map(|s| {
        let rest = &text.src.text[s..];
        // The object's element ends at its `</object>` or where the next object begins.
        let end = [rest.find("</object>"), rest[1..].find("<object ").map(|e| e + 1)]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(rest.len());
        (s, &rest[..end])
    });
    names
        .map(|name| {
            let at = body.and_then(|(s, body)| {
                let want = format!("name=\"{}\"", xml_escape(name));
                let mut from = 0;
                while let Some(i) = body[from..].find("<property ") {
                    let open = from + i;
                    let close = body[open..].find('>').map_or(body.len(), |e| open + e);
                    if body[open..close].contains(&want) {
                        return Some(s + open);
                    }
                    from = open + 1;
                }
                None
            });
            let d = text.at(at.or(start), "");
            (name.clone(), (d.line, d.col))
        })
        .collect()
}

/// True when a rectangle or tile object's corner lies on grid lines (a point or any other
/// shape counts as snapped: it names the cell it is in).
#[cfg(feature = "tiled")]
fn snapped(o: &tiled::Object<'_>, (tw, th): (u32, u32)) -> bool {
    let h = match o.shape {
        tiled::ObjectShape::Rect { height, .. } => height,
        _ => return true,
    };
    let top = if o.tile_data().is_some() { o.y - h } else { o.y };
    let on = |v: f32, t: u32| t == 0 || (f64::from(v) / f64::from(t)).fract() == 0.0;
    on(o.x, tw) && on(top, th)
}

#[cfg(feature = "tiled")]
pub(super) fn unit_objects(layer: &tiled::Layer<'_>, tile: (u32, u32), text: &Text) -> Vec<TiledUnit> {
    let Some(objects) = layer.as_object_layer() else {
        return Vec::new();
    };
    objects
        .objects()
        .map(|o| {
            let (line, col) = located(text, o.id());
            TiledUnit {
                prop_at: property_places(text, o.id(), o.properties.keys()),
                snapped: snapped(&o, tile),
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

#[cfg(feature = "tiled")]
pub(super) fn read_regions(
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
