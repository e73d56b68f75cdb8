//! What drawing is made of: the window's layout and zoom, the sprite batches, the named
//! draw layers (`Z_*`), colours, and the small primitives (shadowed text, boxes, cell
//! squares) that `draw` and `hud` compose.

use super::anim;
use super::assets::{Assets, TILE, TILE_NAMES};
use crate::model::terrain::TerrainId;
use crate::rules::{Battle, UnitId};
use crate::search::grid::{Dir, Pos};
use ggez::glam::Vec2;
use ggez::graphics::{
    BlendMode, Canvas, Color, DrawParam, Image, InstanceArray, Quad, Rect, Sampler, ScreenImage, Text, TextFragment,
};
use ggez::{Context, GameResult};

/// Terrain tiles.
pub(super) const Z_TERRAIN: i32 = 0;

/// Move, attack and danger squares.
pub(super) const Z_OVERLAY: i32 = 10;

/// Outlines of enemy profile areas.
pub(super) const Z_OUTLINE: i32 = 20;

/// The path arrow.
pub(super) const Z_PATH: i32 = 30;

/// Units: `Z_UNIT + 2 × drawn y` (world pixels), so a unit lower on screen is in front.
pub(super) const Z_UNIT: i32 = 100;

/// The cursor and the acting-enemy marker.
pub(super) const Z_CURSOR: i32 = 1_000_000;

/// Phase banners across the map.
pub(super) const Z_BANNER: i32 = 1_000_200;

/// The action menu and forecast.
pub(super) const Z_MENU: i32 = 1_000_300;

/// The HUD: top band, log, bottom panel, result screen.
pub(super) const Z_HUD: i32 = 1_000_400;

/// Every piece of text (see [`text`]).
pub(super) const Z_TEXT: i32 = 2_000_000;

/// The window the game opens at: a window this many times larger in both ways draws every
/// pixel that many times.
pub(super) const OPENS_AT: Vec2 = Vec2::new(1280.0, 800.0);

/// Height of the phase band at the top.
pub(super) const BANNER_H: f32 = 24.0;

/// Height of one row of the objective line (text size 12).
pub(super) const OBJECTIVE_ROW_H: f32 = 15.0;

/// Height of one row of the log area (text size 12).
pub(super) const LOG_ROW_H: f32 = 15.0;

/// Smallest size a unit's sprite is drawn at, in drawing units, however far the map is
/// zoomed out: at the whole-map zoom a 32-pixel sprite would shrink to a dozen pixels.
pub(super) const MIN_SPRITE: f32 = 18.0;

/// Width of one character of the default (monospaced) font, per pixel of size.
pub(super) const CHAR_W: f32 = 0.6;

pub(super) const PLAYER_TEXT: Color = Color::new(0.62, 0.80, 1.0, 1.0);

pub(super) const ENEMY_TEXT: Color = Color::new(1.0, 0.62, 0.58, 1.0);

pub(super) const DIM_TEXT: Color = Color::new(0.66, 0.68, 0.74, 1.0);

pub(super) const GOLD: Color = Color::new(1.0, 0.85, 0.35, 1.0);

/// Behind the map where it has no cells.
pub(super) const MAP_BG: Color = Color::new(14.0 / 255.0, 16.0 / 255.0, 22.0 / 255.0, 1.0);

/// The side panel's and the log's background: the colour the battle's frame is cleared
/// to, so those two large areas cost no drawing of their own.
pub(super) const PANEL_BG: Color = Color::new(0.05, 0.06, 0.09, 1.0);

/// How a terrain kind is drawn.
#[derive(Debug, Clone, Copy)]
pub(super) enum Look {
    /// A column of `tiles.png`.
    Tile(u32),
    /// A flat square of this colour (terrain the sheet has no picture for).
    Flat(Color),
}

/// The window in drawing units: its size divided by a whole zoom factor, so a big window
/// shows bigger pixels and a window between steps shows more tiles. The map itself is drawn
/// `scale` times its size (the player's zoom, `+`/`-` and the wheel); the HUD is not.
#[derive(Debug, Clone, Copy)]
pub(super) struct Layout {
    /// Window pixels per drawing unit.
    pub zoom: f32,
    /// Width in drawing units.
    pub w: f32,
    /// Height in drawing units.
    pub h: f32,
    /// Drawing units per map (world) pixel.
    pub scale: f32,
    /// Rows the objective line takes (0 without an objective, 2 when a warning joins it).
    pub goal_rows: u8,
}

/// The battle screen's regions, in drawing units: no two overlap, together they fill the
/// window, and only `map` shows the board, so nothing of the HUD covers a map cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Regions {
    /// The top band: turn, phase, scenario, the menu button.
    pub band: Rect,
    /// The objective line (and the danger view's warning), under the band.
    pub objective: Rect,
    /// Where the map shows.
    pub map: Rect,
    /// The side panel at the right: the turn's buttons, the roster, the unit and terrain
    /// under the cursor, the key help.
    pub side: Rect,
    /// The message log, under the map.
    pub log: Rect,
}

impl Regions {
    /// The regions of a window `w` × `h` drawing units with `goal_rows` objective rows.
    pub fn of(w: f32, h: f32, goal_rows: u8) -> Regions {
        let wide: f32 = if w < 800.0 {
            200.0
        } else if w < 1200.0 {
            224.0
        } else {
            264.0
        };
        let side_w = wide.min((w / 2.0).floor());
        let rows = if h < 600.0 { 4.0 } else { 6.0 };
        let band = Rect::new(0.0, 0.0, w, BANNER_H);
        let objective = Rect::new(0.0, BANNER_H, w, goal_rows as f32 * OBJECTIVE_ROW_H);
        let top = objective.bottom();
        let log_h = (rows * LOG_ROW_H + 8.0).min(((h - top) / 3.0).floor());
        let left = w - side_w;
        let map_h = (h - top - log_h).max(0.0);
        Regions {
            band,
            objective,
            map: Rect::new(0.0, top, left, map_h),
            side: Rect::new(left, top, side_w, (h - top).max(0.0)),
            log: Rect::new(0.0, top + map_h, left, log_h),
        }
    }

    /// Rows of messages the log area holds.
    pub fn log_rows(&self) -> usize {
        ((self.log.h - 6.0) / LOG_ROW_H).floor().max(1.0) as usize
    }
}

/// The player's zoom steps for a map of `map` world pixels shown in `view` (drawing
/// units), nearest first: full size, then smaller steps, the last showing the whole map.
pub(super) fn zoom_steps(view: Rect, map: Vec2) -> Vec<f32> {
    let fit = (view.w / map.x).min(view.h / map.y).min(1.0);
    let mut steps: Vec<f32> = [1.0, 0.75, 0.5, 0.35].into_iter().filter(|s| *s > fit + 0.01).collect();
    steps.push(fit);
    steps
}

impl Layout {
    /// The layout of a window of `pw` × `ph` pixels, the map drawn at `scale`.
    pub fn new(pw: f32, ph: f32, scale: f32) -> Layout {
        // Whole steps of the size the game opens at (issue 33: steps of 640×480 doubled
        // every pixel at 1920×1080, which then showed fewer cells than 1280×800 did).
        let zoom = (pw / OPENS_AT.x).min(ph / OPENS_AT.y).floor().max(1.0);
        Layout {
            zoom,
            w: (pw / zoom).max(1.0),
            h: (ph / zoom).max(1.0),
            scale,
            goal_rows: 1,
        }
    }

    /// The named regions of this window (see [`Regions`]).
    pub fn regions(&self) -> Regions {
        Regions::of(self.w, self.h, self.goal_rows)
    }

    /// How many times a unit's sprite is enlarged at this zoom so that it is drawn at
    /// least [`MIN_SPRITE`] drawing units across (1 at full size).
    pub fn sprite_boost(&self) -> f32 {
        (MIN_SPRITE / (TILE * self.scale)).max(1.0)
    }

    /// The layout of the window as it is now.
    pub fn of(ctx: &Context, scale: f32) -> Layout {
        let (pw, ph) = ctx.gfx.drawable_size();
        Layout::new(pw, ph, scale)
    }

    /// [`Layout::map_view`] in map (world) units, as the camera sees it.
    pub fn world_view(&self) -> Rect {
        let v = self.map_view();
        Rect::new(v.x / self.scale, v.y / self.scale, v.w / self.scale, v.h / self.scale)
    }

    /// The map cell under window pixel (`x`, `y`) with the camera at `cam`, if the map
    /// shows there (worked out afresh each time: a scroll under a still pointer moves it).
    pub fn cell_at(&self, x: f32, y: f32, cam: Vec2) -> Option<Pos> {
        let p = self.to_logical(x, y);
        if !self.map_view().contains(p) {
            return None;
        }
        let w = p / self.scale + cam.round();
        Some(Pos::new((w.x / TILE).floor() as i32, (w.y / TILE).floor() as i32))
    }

    /// Where world pixel `world` shows, in drawing units, with the camera at `cam`.
    pub fn to_screen(self, world: Vec2, cam: Vec2) -> Vec2 {
        (world - cam.round()) * self.scale
    }

    /// The part of the window where the map is in plain view (the map region of
    /// [`Layout::regions`]), in drawing units.
    pub fn map_view(&self) -> Rect {
        let m = self.regions().map;
        Rect::new(m.x, m.y, m.w.max(TILE), m.h.max(TILE))
    }

    /// Window pixels to drawing units.
    pub fn to_logical(self, x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y) / self.zoom
    }
}

/// Instance arrays refilled every frame with only what is visible.
pub(super) struct Batches {
    pub(super) tiles: InstanceArray,
    pub(super) flats: InstanceArray,
    pub(super) overlay: InstanceArray,
    pub(super) arrow: InstanceArray,
    pub(super) lines: InstanceArray,
    /// Lines between the cells (the grid option).
    pub(super) grid: InstanceArray,
    pub(super) looks: Vec<Look>,
    pub(super) fringe: Option<(UnitId, Pos, Vec<Pos>)>,
    /// The terrain and grid lines as last drawn, kept between frames.
    pub(super) ground: Ground,
    /// The frame last drawn.
    pub(super) last: Option<LastFrame>,
    /// A frame like the last one is kept instead of drawn again (`SKIRMISH_REDRAW=1`: never,
    /// for measuring what drawing every frame costs).
    pub(super) keep_frames: bool,
}

/// What the battle drew in its last frame.
pub(super) struct LastFrame {
    /// The frame's number (`ctx.time.ticks()`): a frame drawn by another screen in between
    /// leaves a gap.
    pub(super) tick: usize,
    /// The window's size in pixels.
    pub(super) size: (f32, f32),
    /// Everything drawn, in order.
    pub(super) marks: Vec<Mark>,
}

/// The terrain of the visible cells and the grid lines, drawn into a picture the size of
/// the window and drawn again only when what it shows changes (the camera, the zoom, the
/// window, the grid option, a cell of the map): every other frame the map view copies it
/// as one quad instead of drawing a tile per cell, which is most of a frame's cost on a
/// software renderer.
pub(super) struct Ground {
    /// The picture, the window's size and the frame's format (remade when the window's
    /// size changes).
    pub(super) image: ScreenImage,
    /// What the picture shows now; `None` before it is first drawn.
    pub(super) shows: Option<GroundKey>,
}

/// What the ground picture was drawn from: when any of it differs, it is drawn again.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct GroundKey {
    /// The map canvas's coordinates (the window in world pixels).
    pub(super) world: Rect,
    /// The camera, rounded as drawing rounds it.
    pub(super) cam: Vec2,
    /// The cells drawn (see [`Visible`]).
    pub(super) vis: (Pos, Pos),
    /// The picture's size in pixels.
    pub(super) size: (u32, u32),
    /// The grid option.
    pub(super) grid: bool,
    /// The map's cells.
    pub(super) cells: Vec<TerrainId>,
}

impl Ground {
    /// True when the picture shows what `key` describes, the cells compared with `cells`
    /// (`key.cells` is left empty so that nothing is copied on a frame that draws nothing).
    pub(super) fn is_up_to_date(&self, key: &GroundKey, cells: &[TerrainId]) -> bool {
        self.shows.as_ref().is_some_and(|k| {
            (k.world, k.cam, k.vis, k.size, k.grid) == (key.world, key.cam, key.vis, key.size, key.grid)
                && k.cells == cells
        })
    }
}

impl Batches {
    /// Empty batches for the assets, and the look of each terrain kind of `b`.
    pub fn new(ctx: &Context, a: &Assets, b: &Battle) -> Batches {
        let looks = b
            .terrain()
            .kinds()
            .iter()
            .map(|t| match TILE_NAMES.iter().position(|n| *n == t.name) {
                Some(i) => Look::Tile(i as u32),
                None => Look::Flat(
                    t.color
                        .map_or(Color::from_rgb(128, 128, 128), |[r, g, b]| Color::from_rgb(r, g, b)),
                ),
            })
            .collect();
        Batches {
            tiles: InstanceArray::new(ctx, a.tiles.image.clone()),
            flats: InstanceArray::new(ctx, a.white.clone()),
            overlay: InstanceArray::new(ctx, a.ui.image.clone()),
            arrow: InstanceArray::new(ctx, a.ui.image.clone()),
            lines: InstanceArray::new(ctx, a.white.clone()),
            grid: InstanceArray::new(ctx, a.white.clone()),
            looks,
            fringe: None,
            ground: Ground {
                image: ScreenImage::new(ctx, 1.0, 1.0, 1),
                shows: None,
            },
            last: None,
            keep_frames: std::env::var("SKIRMISH_REDRAW").map_or(true, |v| v != "1"),
        }
    }
}

/// The cells on screen: `lo` inclusive to `hi` exclusive, within the map.
#[derive(Debug, Clone, Copy)]
pub(super) struct Visible {
    pub(super) lo: Pos,
    pub(super) hi: Pos,
}

impl Visible {
    pub(super) fn contains(&self, p: Pos) -> bool {
        p.x >= self.lo.x && p.y >= self.lo.y && p.x < self.hi.x && p.y < self.hi.y
    }
}

/// One thing drawn, as [`Paint::paint`] takes it.
pub(super) enum Drawn<'a> {
    /// A filled quad; its place, size and colour are in the parameters.
    Quad,
    /// A picture, or the part of it `src` names.
    Image(&'a Image),
    /// A batch of instances.
    Instances(&'a InstanceArray),
    /// Words in the default font at one size and colour.
    Words { s: &'a str, size: f32, color: Color },
}

/// Where the drawing helpers draw: a plain canvas (the menu screens), or the battle's
/// [`Pen`], which also notes what was drawn.
pub(super) trait Paint {
    /// Draws `what` with `param`.
    fn paint(&mut self, what: Drawn<'_>, param: DrawParam);
}

impl Paint for Canvas {
    fn paint(&mut self, what: Drawn<'_>, param: DrawParam) {
        match what {
            Drawn::Quad => self.draw(&Quad, param),
            Drawn::Image(image) => self.draw(image, param),
            Drawn::Instances(batch) => self.draw(batch, param),
            Drawn::Words { s, size, color } => {
                self.draw(&Text::new(TextFragment::new(s).scale(size).color(color)), param)
            }
        }
    }
}

/// A note of one thing a [`Pen`] drew or set, enough to tell whether two frames are the same.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Mark {
    Quad(DrawParam),
    Image(Same, DrawParam),
    Instances(Same, Vec<DrawParam>, DrawParam),
    Words(String, f32, Color, DrawParam),
    Coordinates(Rect),
    Scissor(Rect),
    Blend(BlendMode),
    Sampler(Sampler),
}

/// A picture, equal to another only when both are the same picture on the GPU (kept, so
/// that no other picture takes its place while the note lives).
#[derive(Debug, Clone)]
pub(super) struct Same(Image);

impl PartialEq for Same {
    fn eq(&self, other: &Same) -> bool {
        self.0.wgpu() == other.0.wgpu()
    }
}

/// A canvas that notes everything drawn on it and every setting changed ([`Mark`]), so
/// that the battle can tell a frame that would come out exactly as the one before and
/// keep that one instead of drawing it again (see `GameState::render`). The canvas itself
/// is out of reach: whatever the battle draws is noted.
pub(super) struct Pen {
    canvas: Canvas,
    marks: Vec<Mark>,
}

impl Pen {
    /// A pen on `canvas`.
    pub fn new(canvas: Canvas) -> Pen {
        Pen {
            canvas,
            marks: Vec::new(),
        }
    }

    /// See [`Canvas::set_screen_coordinates`].
    pub fn set_screen_coordinates(&mut self, r: Rect) {
        self.marks.push(Mark::Coordinates(r));
        self.canvas.set_screen_coordinates(r);
    }

    /// See [`Canvas::set_scissor_rect`].
    pub fn set_scissor_rect(&mut self, r: Rect) -> GameResult {
        self.marks.push(Mark::Scissor(r));
        self.canvas.set_scissor_rect(r)
    }

    /// See [`Canvas::set_blend_mode`].
    pub fn set_blend_mode(&mut self, mode: BlendMode) {
        self.marks.push(Mark::Blend(mode));
        self.canvas.set_blend_mode(mode);
    }

    /// See [`Canvas::set_sampler`].
    pub fn set_sampler(&mut self, sampler: Sampler) {
        self.marks.push(Mark::Sampler(sampler));
        self.canvas.set_sampler(sampler);
    }

    /// The canvas, to draw (finish) or to drop unfinished, and what was noted.
    pub fn into_parts(self) -> (Canvas, Vec<Mark>) {
        (self.canvas, self.marks)
    }
}

impl Paint for Pen {
    fn paint(&mut self, what: Drawn<'_>, param: DrawParam) {
        self.marks.push(match &what {
            Drawn::Quad => Mark::Quad(param),
            Drawn::Image(image) => Mark::Image(Same(Image::clone(image)), param),
            Drawn::Instances(batch) => Mark::Instances(Same(batch.image()), batch.instances().to_vec(), param),
            Drawn::Words { s, size, color } => Mark::Words(s.to_string(), *size, *color, param),
        });
        self.canvas.paint(what, param);
    }
}

/// Draws `s` at `at` with a dark drop shadow, for legibility over any background.
///
/// All text goes on one layer above everything else: ggez 0.10 renders each run of text
/// draws from a shared glyph cache, and text split into several runs by other draws in
/// between comes out with wrong letters (ggez issue #1180). So callers keep text away from
/// boxes of higher layers instead.
pub(super) fn text(canvas: &mut impl Paint, s: &str, at: Vec2, size: f32, color: Color) {
    let z = Z_TEXT;
    let at = at.round();
    let shadow = Color::new(0.0, 0.0, 0.0, 0.85 * color.a);
    canvas.paint(
        Drawn::Words { s, size, color: shadow },
        DrawParam::new().dest(at + Vec2::ONE).z(z),
    );
    canvas.paint(Drawn::Words { s, size, color }, DrawParam::new().dest(at).z(z));
}

/// Width of `s` in the default font at `size`.
pub(super) fn text_w(s: &str, size: f32) -> f32 {
    s.chars().count() as f32 * size * CHAR_W
}

/// A filled rectangle.
pub(super) fn rect(canvas: &mut impl Paint, r: Rect, color: Color, z: i32) {
    canvas.paint(Drawn::Quad, DrawParam::new().dest_rect(r).color(color).z(z));
}

/// A unit's team badge, drawn in the top-left corner of its sprite: the sprites are shared by
/// both sides (a player `soldier` looked like an enemy one), so each side has its own shape
/// as well as its own colour and lightness, readable for players who tell red from green
/// poorly: a light blue square for the player, a dark red diamond for the enemy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Badge {
    /// A diamond (a square turned 45°); otherwise an upright square.
    pub diamond: bool,
    /// Its face.
    pub fill: [f32; 4],
    /// Its dark rim.
    pub edge: [f32; 4],
}

/// The badge of `team`'s units.
pub(super) fn badge(team: crate::search::grid::Team) -> Badge {
    let edge = [0.04, 0.05, 0.1, 0.95];
    match team {
        crate::search::grid::Team::Player => Badge {
            diamond: false,
            fill: [0.5, 0.8, 1.0, 1.0],
            edge,
        },
        crate::search::grid::Team::Enemy => Badge {
            diamond: true,
            fill: [0.8, 0.12, 0.08, 1.0],
            edge,
        },
    }
}

/// The badge's rim and face, as (top-left or top vertex, side, turned 45°) in map pixels for a
/// sprite drawn at `at` enlarged `k` times.
pub(super) fn badge_quads(b: Badge, at: Vec2, k: f32) -> [(Vec2, f32, bool); 2] {
    if b.diamond {
        // Turned about its top-left corner, which becomes the top vertex.
        let c = at + Vec2::splat(6.0 * k);
        let (outer, inner) = (5.5 * k, 3.8 * k);
        let side = |r: f32| r * std::f32::consts::SQRT_2;
        [
            (Vec2::new(c.x, c.y - outer), side(outer), true),
            (Vec2::new(c.x, c.y - inner), side(inner), true),
        ]
    } else {
        [
            (at + Vec2::splat(1.0 * k), 9.0 * k, false),
            (at + Vec2::splat(2.5 * k), 6.0 * k, false),
        ]
    }
}

/// The part of `r` inside `within` (empty when they do not meet).
pub(super) fn clip(r: Rect, within: Rect) -> Rect {
    let (x, y) = (r.x.max(within.x), r.y.max(within.y));
    let (right, bottom) = (r.right().min(within.right()), r.bottom().min(within.bottom()));
    Rect::new(x, y, (right - x).max(0.0), (bottom - y).max(0.0))
}

/// A box with a border.
pub(super) fn panel(canvas: &mut impl Paint, r: Rect, z: i32) {
    rect(canvas, r, Color::new(0.55, 0.6, 0.72, 0.95), z);
    let inner = Rect::new(r.x + 1.0, r.y + 1.0, r.w - 2.0, r.h - 2.0);
    rect(canvas, inner, Color::new(0.06, 0.07, 0.11, 0.92), z);
}

/// A sheet cell drawn over map cell `p`.
pub(super) fn on_cell(src: Rect, p: Pos, cam: Vec2) -> DrawParam {
    DrawParam::new().src(src).dest(anim::cell_px(p) - cam)
}

/// A line along side `d` of cell `p`, `thick` pixels wide, for the white batch.
pub(super) fn edge_param(p: Pos, d: Dir, cam: Vec2, thick: f32) -> DrawParam {
    let o = anim::cell_px(p) - cam;
    let r = match d {
        Dir::Up => Rect::new(o.x, o.y, TILE, thick),
        Dir::Down => Rect::new(o.x, o.y + TILE - thick, TILE, thick),
        Dir::Left => Rect::new(o.x, o.y, thick, TILE),
        Dir::Right => Rect::new(o.x + TILE - thick, o.y, thick, TILE),
    };
    DrawParam::new().dest(r.point()).scale(r.size())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33: a player `soldier` had the enemy soldier's red sprite. Each side's badge
    /// differs in shape and in lightness, not only in hue.
    #[test]
    fn the_two_sides_badges_differ_in_shape_and_lightness() {
        use crate::search::grid::Team;
        let (p, e) = (badge(Team::Player), badge(Team::Enemy));
        assert_ne!(p.diamond, e.diamond, "a shape of its own");
        let luma = |c: [f32; 4]| 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
        assert!(
            luma(p.fill) - luma(e.fill) > 0.35,
            "{} against {}",
            luma(p.fill),
            luma(e.fill)
        );
        // Both stand out from their rim.
        for b in [p, e] {
            assert!((luma(b.fill) - luma(b.edge)).abs() > 0.2);
        }
        // Both stay in the sprite's top-left corner (a cell of 32 pixels).
        for b in [p, e] {
            for (o, side, turned) in badge_quads(b, Vec2::ZERO, 1.0) {
                let (lo, hi) = if turned {
                    let r = side / std::f32::consts::SQRT_2;
                    (Vec2::new(o.x - r, o.y), Vec2::new(o.x + r, o.y + 2.0 * r))
                } else {
                    (o, o + Vec2::splat(side))
                };
                assert!(lo.x >= 0.0 && lo.y >= 0.0 && hi.x <= 12.0 && hi.y <= 12.0, "{lo} {hi}");
            }
        }
    }

    #[test]
    fn the_last_zoom_step_shows_a_whole_64_by_64_map() {
        for (pw, ph) in [(640.0, 480.0), (1024.0, 768.0), (800.0, 300.0)] {
            let l = Layout::new(pw, ph, 1.0);
            let map = Vec2::splat(64.0 * TILE);
            let steps = zoom_steps(l.map_view(), map);
            assert_eq!(steps[0], 1.0, "the first step is full size");
            let fit = *steps.last().unwrap();
            let shown = Layout { scale: fit, ..l }.world_view();
            assert!(shown.w >= map.x && shown.h >= map.y, "{pw}x{ph}: {shown:?}");
            assert!(steps.windows(2).all(|w| w[0] > w[1]), "{steps:?}");
        }
    }

    #[test]
    fn the_cell_under_a_still_pointer_follows_the_camera_and_the_zoom() {
        let l = Layout::new(640.0, 480.0, 1.0);
        let (x, y) = (100.0, 100.0);
        assert_eq!(l.cell_at(x, y, Vec2::ZERO), Some(Pos::new(3, 3)));
        // The view scrolled two tiles right under the same pointer: another cell.
        assert_eq!(l.cell_at(x, y, Vec2::new(2.0 * TILE, 0.0)), Some(Pos::new(5, 3)));
        // Zoomed out to half: twice as far into the map.
        let half = Layout { scale: 0.5, ..l };
        assert_eq!(half.cell_at(x, y, Vec2::ZERO), Some(Pos::new(6, 6)));
        // The top band and the log under the map are not the map.
        assert_eq!(l.cell_at(x, 5.0, Vec2::ZERO), None);
        assert_eq!(l.cell_at(x, 470.0, Vec2::ZERO), None);
        // Nor is the side panel.
        assert_eq!(l.cell_at(630.0, 200.0, Vec2::ZERO), None);
        // A bigger window zooms by whole steps: pixels are divided first.
        let big = Layout::new(2560.0, 1920.0, 1.0);
        assert_eq!(big.zoom, 2.0);
        assert_eq!(big.cell_at(2.0 * x, 2.0 * y, Vec2::ZERO), Some(Pos::new(3, 3)));
    }

    /// The window sizes the battle is designed for (the game opens at 1280×800).
    const SIZES: [(f32, f32); 5] = [
        (640.0, 480.0),
        (1024.0, 768.0),
        (1280.0, 800.0),
        (1920.0, 1080.0),
        (800.0, 600.0),
    ];

    #[test]
    fn the_regions_tile_the_window_without_overlapping_at_every_size() {
        for (pw, ph) in SIZES {
            for goal_rows in [0, 1, 2] {
                let l = Layout {
                    goal_rows,
                    ..Layout::new(pw, ph, 1.0)
                };
                let r = l.regions();
                let all = [r.band, r.objective, r.map, r.side, r.log];
                let area: f32 = all.iter().map(|q| q.w * q.h).sum();
                assert!((area - l.w * l.h).abs() < 0.5, "{pw}x{ph}: {r:?} leave gaps");
                for (i, a) in all.iter().enumerate() {
                    assert!(
                        a.x >= 0.0 && a.y >= 0.0 && a.right() <= l.w && a.bottom() <= l.h,
                        "{a:?}"
                    );
                    for b in &all[i + 1..] {
                        let inter_w = a.right().min(b.right()) - a.x.max(b.x);
                        let inter_h = a.bottom().min(b.bottom()) - a.y.max(b.y);
                        assert!(inter_w <= 0.0 || inter_h <= 0.0, "{pw}x{ph}: {a:?} overlaps {b:?}");
                    }
                }
                assert_eq!(l.map_view(), r.map, "the map view is the map region");
                // The map keeps most of the window: at least 12 × 9 cells at full size.
                assert!(
                    r.map.w >= 12.0 * TILE && r.map.h >= 9.0 * TILE,
                    "{pw}x{ph}: {:?}",
                    r.map
                );
                assert!(r.log_rows() >= 4, "{pw}x{ph}: {} log rows", r.log_rows());
                assert!(r.side.w >= 200.0, "the side panel holds two buttons a row");
                assert_eq!(r.objective.h, f32::from(goal_rows) * OBJECTIVE_ROW_H);
            }
        }
    }

    #[test]
    fn the_map_region_at_the_sizes_the_game_opens_at() {
        // 640×480: the design size.
        let r = Layout::new(640.0, 480.0, 1.0).regions();
        assert_eq!(r.map, Rect::new(0.0, 39.0, 440.0, 373.0));
        assert_eq!(r.side, Rect::new(440.0, 39.0, 200.0, 441.0));
        assert_eq!(r.log, Rect::new(0.0, 412.0, 440.0, 68.0));
        // 1280×800 (the campaign's window): one drawing unit per pixel, a wide side panel.
        let l = Layout::new(1280.0, 800.0, 1.0);
        assert_eq!((l.zoom, l.w, l.h), (1.0, 1280.0, 800.0));
        let r = l.regions();
        assert_eq!(r.side.w, 264.0);
        assert_eq!(r.map, Rect::new(0.0, 39.0, 1016.0, 663.0));
        // 1920×1080 shows more of the map than 1280×800, not less (issue 33: it doubled
        // every pixel and showed about 23 × 14 cells against 31 × 21); 2560×1600 doubles.
        let l = Layout::new(1920.0, 1080.0, 1.0);
        assert_eq!((l.zoom, l.w, l.h), (1.0, 1920.0, 1080.0));
        let cells = |l: Layout| (l.map_view().w / TILE, l.map_view().h / TILE);
        let (big, usual) = (cells(l), cells(Layout::new(1280.0, 800.0, 1.0)));
        assert!(big.0 >= usual.0 && big.1 >= usual.1, "{big:?} against {usual:?}");
        assert_eq!(Layout::new(2560.0, 1600.0, 1.0).zoom, 2.0);
    }

    #[test]
    fn sprites_keep_a_readable_size_at_the_whole_map_zoom() {
        let l = Layout::new(640.0, 480.0, 1.0);
        assert_eq!(l.sprite_boost(), 1.0, "full size is left alone");
        let far = Layout { scale: 0.35, ..l };
        assert!(TILE * far.scale < 12.0, "a cell is tiny there");
        assert!((TILE * far.scale * far.sprite_boost() - MIN_SPRITE).abs() < 1e-3);
    }
}
