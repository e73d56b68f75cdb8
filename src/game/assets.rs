//! Sprite sheets (and, with the `sound` feature, sound effects) from `assets/`, read and
//! checked once before the window opens, then turned into GPU images once it exists.

use ggez::Context;
use ggez::graphics::{Image, ImageFormat, Rect};
use std::path::{Path, PathBuf};

/// Side of one map cell and of every sheet cell, in pixels.
pub const TILE: f32 = 32.0;
const CELL: u32 = 32;

/// Columns of `tiles.png`, by terrain name.
pub const TILE_NAMES: [&str; 8] = [
    "plain", "forest", "hill", "river", "mountain", "bridge", "floor", "wall",
];

/// Cells of `ui.png`.
pub mod ui {
    /// The cursor.
    pub const CURSOR: u32 = 0;
    /// The cursor's second blink frame.
    pub const CURSOR_ALT: u32 = 1;
    /// Blue "can move here" square.
    #[expect(
        dead_code,
        reason = "the sheet keeps its move square; the range is drawn as a light wash now"
    )]
    pub const MOVE: u32 = 2;
    /// Red "attack / danger" square.
    pub const ATTACK: u32 = 3;
    /// Path arrow, straight, joining left and right edges.
    pub const ARROW_STRAIGHT: u32 = 4;
    /// Path arrow corner, joining the left edge to the bottom edge.
    pub const ARROW_CORNER: u32 = 5;
    /// Path arrow head, pointing right, joining on the left.
    pub const ARROW_HEAD: u32 = 6;
    /// Path arrow tail dot, joining on the right.
    pub const ARROW_TAIL: u32 = 7;
}

/// The assets folder: `./assets` when it exists, else the one in the source tree the
/// binary was built from (so `cargo run` and a copied binary both find it).
pub fn find_dir() -> PathBuf {
    crate::io::project::current_or_built("assets")
}

/// The assets folder of the source tree the binary was built from.
pub fn built_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// A decoded sheet, not yet on the GPU.
struct Pixels {
    rgba: Vec<u8>,
    width: u32,
    height: u32,
}

/// Everything read from disk, checked, before a window exists.
pub struct AssetFiles {
    tiles: Pixels,
    units: Pixels,
    ui: Pixels,
    #[cfg(feature = "sound")]
    sounds: Vec<ggez::audio::SoundData>,
}

/// Sound effects (only played when built with the `sound` feature).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sfx {
    /// The cursor moved.
    Cursor = 0,
    /// A unit was selected.
    Select = 1,
    /// One step of a move.
    Step = 2,
    /// Backed out.
    Cancel = 3,
    /// A blow landed.
    Hit = 4,
}

#[cfg(feature = "sound")]
const SOUND_FILES: [&str; 5] = ["cursor", "select", "step", "cancel", "hit"];

impl AssetFiles {
    /// Reads and decodes every asset in `dir`; the message names the file that failed.
    pub fn read(dir: &Path) -> Result<AssetFiles, String> {
        Ok(AssetFiles {
            tiles: read_sheet(&dir.join("tiles.png"), 8, 1)?,
            units: read_sheet(&dir.join("units.png"), 2, crate::load::units::SPRITES.len() as u32)?,
            ui: read_sheet(&dir.join("ui.png"), 8, 1)?,
            #[cfg(feature = "sound")]
            sounds: SOUND_FILES
                .iter()
                .map(|name| {
                    let path = dir.join("sfx").join(format!("{name}.wav"));
                    let bytes = crate::load::diag::read_bytes(&path).map_err(|e| e.to_string())?;
                    ggez::audio::SoundData::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
                })
                .collect::<Result<_, String>>()?,
        })
    }
}

fn read_sheet(path: &Path, cols: u32, rows: u32) -> Result<Pixels, String> {
    let bytes = crate::load::diag::read_bytes(path).map_err(|e| e.to_string())?;
    let img = image::load_from_memory(&bytes)
        .map_err(|e| format!("{}: not a readable PNG: {e}", path.display()))?
        .to_rgba8();
    let (width, height) = img.dimensions();
    if width < cols * CELL || height < rows * CELL {
        return Err(format!(
            "{}: the sheet is {width}x{height} pixels; expected at least {}x{} ({cols} columns x {rows} rows of {CELL}px cells)",
            path.display(),
            cols * CELL,
            rows * CELL
        ));
    }
    Ok(Pixels {
        rgba: img.into_raw(),
        width,
        height,
    })
}

/// The sheet's pixels in `team`'s colours: the sprites come in the player's blue and the
/// enemy's red, and a kind may serve either side (a player `soldier` wore the enemy's red).
/// For the player, strongly red pixels turn blue; for the enemy, strongly blue pixels turn
/// red; skin, steel, wood, white and gold stay as drawn.
fn team_colours(p: &Pixels, team: crate::search::grid::Team) -> Pixels {
    let mut rgba = p.rgba.clone();
    for px in rgba.chunks_exact_mut(4) {
        let [r, g, b, a] = [px[0], px[1], px[2], px[3]];
        px.copy_from_slice(&recolour([r, g, b, a], team));
    }
    Pixels {
        rgba,
        width: p.width,
        height: p.height,
    }
}

/// One pixel of [`team_colours`].
fn recolour(px: [u8; 4], team: crate::search::grid::Team) -> [u8; 4] {
    let [r, g, b, a] = px;
    // How far the channel stands above the other two: only a team colour is far above.
    let above = |c: u8, x: u8, y: u8| i32::from(c) - i32::from(x.max(y));
    match team {
        crate::search::grid::Team::Player if above(r, g, b) > 70 => [b, g, r, a],
        crate::search::grid::Team::Enemy if above(b, r, g) > 70 => [b, g.min(r), r, a],
        _ => px,
    }
}

/// One sprite sheet on the GPU, cut in 32 px cells.
#[derive(Clone)]
pub struct Sheet {
    /// The whole picture.
    pub image: Image,
}

impl Sheet {
    fn new(ctx: &Context, p: &Pixels) -> Sheet {
        Sheet {
            image: Image::from_pixels(ctx, &p.rgba, ImageFormat::Rgba8UnormSrgb, p.width, p.height),
        }
    }

    /// Texture coordinates of cell (`col`, `row`).
    pub fn cell(&self, col: u32, row: u32) -> Rect {
        self.image.uv_rect(col * CELL, row * CELL, CELL, CELL)
    }
}

/// Everything the game draws with (and plays), loaded once; a clone shares the pictures.
#[derive(Clone)]
pub struct Assets {
    /// Terrain, one column per kind of [`TILE_NAMES`].
    pub tiles: Sheet,
    /// Units (two idle frames per row, rows in the order of [`crate::load::units::SPRITES`]),
    /// in the player's colours and in the enemy's ([`team_colours`]).
    pub team_units: [Sheet; 2],
    /// Cursor, overlays and path arrows (see [`ui`]).
    pub ui: Sheet,
    /// A 1×1 white picture for flat squares and bars.
    pub white: Image,
    /// Sound effects' volume, 0 to 1 (the options' volume).
    pub volume: f32,
    #[cfg(feature = "sound")]
    sounds: Vec<ggez::audio::SoundData>,
}

impl Assets {
    /// Puts the files on the GPU.
    pub fn new(ctx: &Context, files: AssetFiles) -> Assets {
        Assets {
            tiles: Sheet::new(ctx, &files.tiles),
            team_units: [
                Sheet::new(ctx, &team_colours(&files.units, crate::search::grid::Team::Player)),
                Sheet::new(ctx, &team_colours(&files.units, crate::search::grid::Team::Enemy)),
            ],
            ui: Sheet::new(ctx, &files.ui),
            white: Image::from_color(ctx, 1, 1, None),
            volume: 1.0,
            #[cfg(feature = "sound")]
            sounds: files.sounds,
        }
    }

    /// The unit sheet in `team`'s colours.
    pub fn units_of(&self, team: crate::search::grid::Team) -> &Sheet {
        match team {
            crate::search::grid::Team::Player => &self.team_units[0],
            crate::search::grid::Team::Enemy => &self.team_units[1],
        }
    }

    /// The row of `sprite` in the unit sheet; unknown names use the last row (grunt).
    pub fn unit_row(sprite: &str) -> u32 {
        let rows = &crate::load::units::SPRITES;
        rows.iter().position(|s| *s == sprite).unwrap_or(rows.len() - 1) as u32
    }

    /// Plays a sound effect; a sound that cannot play is not worth stopping the game for.
    #[cfg(feature = "sound")]
    pub fn play(&self, ctx: &Context, sfx: Sfx) {
        use ggez::audio::SoundSource;
        if self.volume <= 0.0 {
            return;
        }
        if let Some(data) = self.sounds.get(sfx as usize)
            && let Ok(mut src) = ggez::audio::Source::from_data(ctx, data.clone())
        {
            src.set_volume(self.volume);
            src.play_detached();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::grid::Team;

    /// Issue 33: a player `soldier` had the same red sprite as the enemy's soldiers. In the
    /// player's sheet no sprite keeps the enemy's red, in the enemy's none keeps the player's
    /// blue, and the soldier's row differs between the two; skin, wood and gold stay.
    #[test]
    fn every_sprite_wears_its_sides_colour() {
        let files = AssetFiles::read(&built_dir()).unwrap();
        let strong = |px: &[u8], c: usize| {
            let (x, y) = ((c + 1) % 3, (c + 2) % 3);
            px[3] > 0 && i32::from(px[c]) - i32::from(px[x].max(px[y])) > 70
        };
        let count = |p: &Pixels, c: usize| p.rgba.chunks_exact(4).filter(|px| strong(px, c)).count();
        let (mine, theirs) = (
            team_colours(&files.units, Team::Player),
            team_colours(&files.units, Team::Enemy),
        );
        assert!(
            count(&files.units, 0) > 100 && count(&files.units, 2) > 100,
            "the sheet has both colours"
        );
        assert_eq!(count(&mine, 0), 0, "red left on the player's sprites");
        assert_eq!(count(&theirs, 2), 0, "blue left on the enemy's sprites");
        let row = |p: &Pixels, r: u32| {
            let w = p.width as usize * 4;
            p.rgba[r as usize * CELL as usize * w..(r as usize + 1) * CELL as usize * w].to_vec()
        };
        let soldier = Assets::unit_row("soldier");
        assert_ne!(row(&mine, soldier), row(&theirs, soldier));
        // Skin, wood, gold and white are no team's colour.
        for px in [
            [230, 170, 130, 255],
            [140, 90, 50, 255],
            [240, 200, 40, 255],
            [235, 235, 240, 255],
        ] {
            assert_eq!(recolour(px, Team::Player), px);
            assert_eq!(recolour(px, Team::Enemy), px);
        }
        assert_eq!(recolour([200, 50, 50, 255], Team::Player), [50, 50, 200, 255]);
        assert_eq!(recolour([50, 90, 190, 255], Team::Enemy), [190, 50, 50, 255]);
    }
}
