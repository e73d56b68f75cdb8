//! `skirmish export-tiled`: a scenario as a Tiled map, its tileset (with a picture drawn from
//! `assets/tiles.png`) and a scenario that uses the map.

use super::*;
use crate::io::files::write_atomic;
use crate::io::tiled::{TILE, TILESET_FILE, TILESET_IMAGE, objective_toml, scenario_text, tmx_text, tsx_text};

/// The columns of `assets/tiles.png`, by terrain name (the game's `TILE_NAMES`, kept here
/// so that the export builds without the game).
pub const TILES_COLUMNS: [&str; 8] = [
    "plain", "forest", "hill", "river", "mountain", "bridge", "floor", "wall",
];

/// With `level`, the scenario must have that level; the export keeps every level's table
/// as written (the exported scenario plays at any of them), so nothing is applied.
pub(super) fn export_cmd(
    scenario_path: &Path,
    out: &Path,
    data_override: Option<PathBuf>,
    level: Option<&str>,
) -> Outcome {
    let (scenario, data, _) = match load_scenario_at(scenario_path, data_override, None) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    if let Some(name) = level
        && let Err(e) = crate::load::difficulty::apply(&mut scenario.clone(), &mut data.clone(), name)
    {
        return fail(e);
    }
    let stem = scenario_path
        .file_stem()
        .map_or_else(|| "map".to_string(), |s| s.to_string_lossy().into_owned());
    match export(&scenario, &data, out, &stem) {
        Ok(written) => ok(format!(
            "wrote {}\n",
            written.iter().map(|p| display_path(p)).collect::<Vec<_>>().join(", ")
        )),
        Err(e) => usage(format!("error: {e}\n")),
    }
}

/// Writes `out/<stem>.tmx`, `out/terrain.tsx`, `out/terrain.png` and `out/<stem>.toml`;
/// refuses to write over the scenario or map it reads. Returns the files written.
pub fn export(scenario: &Scenario, data: &DataSet, out: &Path, stem: &str) -> Result<Vec<PathBuf>, String> {
    let tmx_name = format!("{stem}.tmx");
    let files = [
        (out.join(&tmx_name), tmx_text(scenario, data, TILESET_FILE).into_bytes()),
        (
            out.join(TILESET_FILE),
            tsx_text(&data.terrain, TILESET_IMAGE).into_bytes(),
        ),
        (out.join(TILESET_IMAGE), tileset_png(&data.terrain)?),
        (
            out.join(format!("{stem}.toml")),
            (scenario_text(&scenario.name, &tmx_name)
                + &objective_toml(scenario)
                + &crate::load::difficulty::levels_toml(scenario))
                .into_bytes(),
        ),
    ];
    let same = |a: &Path, b: &str| match (a.canonicalize(), Path::new(b).canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    };
    for (p, _) in &files {
        if same(p, &scenario.path) || same(p, &scenario.map_path) {
            return Err(format!(
                "{} is the scenario being exported (or its map): choose another --out folder",
                display_path(p)
            ));
        }
    }
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", display_path(out)))?;
    for (p, bytes) in &files {
        write_atomic(p, bytes).map_err(|e| format!("cannot write {}: {e}", display_path(p)))?;
    }
    Ok(files.into_iter().map(|(p, _)| p).collect())
}

/// The tileset's picture: one tile per terrain kind in a row, cut from `assets/tiles.png`
/// where the sheet has that terrain, else filled with the terrain's colour (grey without one).
pub fn tileset_png(terrain: &TerrainSet) -> Result<Vec<u8>, String> {
    let sheet = read_sheet(&find_default("assets").join("tiles.png"));
    let n = terrain.kinds().len() as u32;
    let (w, h) = (n * TILE, TILE);
    let mut rgba = vec![0u8; (w * h * 4) as usize];
    for (i, k) in terrain.kinds().iter().enumerate() {
        let col = TILES_COLUMNS.iter().position(|c| *c == k.name);
        for y in 0..TILE {
            for x in 0..TILE {
                let px = match (&sheet, col) {
                    (Some(s), Some(c)) => s.pixel(c as u32 * TILE + x, y),
                    _ => None,
                }
                .unwrap_or_else(|| {
                    let [r, g, b] = k.color.unwrap_or([128, 128, 128]);
                    [r, g, b, 255]
                });
                let at = ((y * w + i as u32 * TILE + x) * 4) as usize;
                rgba[at..at + 4].copy_from_slice(&px);
            }
        }
    }
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, w, h);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc
            .write_header()
            .map_err(|e| format!("cannot encode the tileset: {e}"))?;
        writer
            .write_image_data(&rgba)
            .map_err(|e| format!("cannot encode the tileset: {e}"))?;
    }
    Ok(bytes)
}

/// A decoded RGBA sheet.
struct Sheet {
    rgba: Vec<u8>,
    width: u32,
    height: u32,
}

impl Sheet {
    fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let at = ((y * self.width + x) * 4) as usize;
        self.rgba.get(at..at + 4).and_then(|p| p.try_into().ok())
    }
}

/// `tiles.png` as RGBA, or `None` when it is missing or not a PNG this can read (the
/// tileset then shows the terrain colours).
fn read_sheet(path: &Path) -> Option<Sheet> {
    let bytes = crate::load::diag::read_bytes(path).ok()?;
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).ok()?;
    let px: Vec<u8> = match info.color_type {
        png::ColorType::Rgba => buf[..info.buffer_size()].to_vec(),
        png::ColorType::Rgb => buf[..info.buffer_size()]
            .chunks(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf[..info.buffer_size()]
            .chunks(2)
            .flat_map(|c| [c[0], c[0], c[0], c[1]])
            .collect(),
        png::ColorType::Grayscale => buf[..info.buffer_size()].iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return None,
    };
    Some(Sheet {
        rgba: px,
        width: info.width,
        height: info.height,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sheet_has_one_column_per_name() {
        let sheet = super::read_sheet(&crate::io::project::current_or_built("assets/tiles.png")).expect("tiles.png");
        assert_eq!(sheet.width, super::TILES_COLUMNS.len() as u32 * super::TILE);
    }
}
