//! Procedural asset generator: draws every tile, unit sprite and UI piece and synthesises the
//! sound effects, writing them into `assets/`. Run with `cargo run --release --example gen_assets`.
//!
//! Output is deterministic (fixed-seed PRNG, no clocks), so the files only change when this
//! program does. Restyle the game by editing the palettes and shapes below and re-running it.

use image::{Rgba, RgbaImage, imageops};
use std::{error::Error, fs, path::Path};

/// Side of one sheet cell in pixels.
const CELL: u32 = 32;

type Color = [u8; 4];

const fn rgb(hex: u32) -> Color {
    [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255]
}

const fn rgba(hex: u32, alpha: u8) -> Color {
    let c = rgb(hex);
    [c[0], c[1], c[2], alpha]
}

/// Lightens (positive) or darkens (negative) a colour, so each tile derives its shades from one
/// base colour and restyling means changing a single hex value.
fn tint(c: Color, d: i32) -> Color {
    let f = |v: u8| (i32::from(v) + d).clamp(0, 255) as u8;
    [f(c[0]), f(c[1]), f(c[2]), c[3]]
}

const OUTLINE: Color = rgb(0x1a1420);
const WHITE: Color = rgb(0xfffbf0);
const SKIN: Color = rgb(0xf0c08c);
const HAIR: Color = rgb(0x8a5a22);
const STEEL: Color = rgb(0xc8ced8);
const STEEL_DARK: Color = rgb(0x7a8290);
const WOOD: Color = rgb(0x8a5a2a);
const GOLD: Color = rgb(0xf0c838);
const BOOT: Color = rgb(0x3a2a22);
const BONE: Color = rgb(0xefe6c8);

/// Tiny xorshift32 PRNG: fixed seeds keep speckles and noise identical on every run.
struct Rng(u32);

impl Rng {
    fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u32) -> i32 {
        (self.next_u32() % n) as i32
    }

    /// Uniform noise in [-1, 1] for the sound effects.
    fn noise(&mut self) -> f32 {
        self.next_u32() as f32 / u32::MAX as f32 * 2.0 - 1.0
    }
}

/// One 32x32 cell with clipped drawing primitives. `dy` shifts everything drawn, which is how
/// the idle frame moves a sprite's upper body while its feet stay planted.
struct Cell {
    img: RgbaImage,
    dy: i32,
}

impl Cell {
    fn new() -> Self {
        Cell {
            img: RgbaImage::new(CELL, CELL),
            dy: 0,
        }
    }

    fn px(&mut self, x: i32, y: i32, c: Color) {
        let y = y + self.dy;
        if (0..CELL as i32).contains(&x) && (0..CELL as i32).contains(&y) {
            self.img.put_pixel(x as u32, y as u32, Rgba(c));
        }
    }

    fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Color) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.px(xx, yy, c);
            }
        }
    }

    fn fill(&mut self, c: Color) {
        self.rect(0, 0, CELL as i32, CELL as i32, c);
    }

    /// Filled circle over pixel centres; fractional centres give even-width discs.
    fn disc(&mut self, cx: f32, cy: f32, r: f32, c: Color) {
        self.disc_above(cx, cy, r, f32::MAX, c);
    }

    /// A disc cut off below `max_y`: mounds, domes and helmets.
    fn disc_above(&mut self, cx: f32, cy: f32, r: f32, max_y: f32, c: Color) {
        for y in (cy - r).floor() as i32..=(cy + r) as i32 {
            for x in (cx - r).floor() as i32..=(cx + r) as i32 {
                let (fx, fy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                if fx * fx + fy * fy <= r * r && (y as f32) < max_y {
                    self.px(x, y, c);
                }
            }
        }
    }

    /// One-pixel line: steps along the longer axis and rounds the other.
    fn line(&mut self, (x0, y0): (i32, i32), (x1, y1): (i32, i32), c: Color) {
        let n = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
        for i in 0..=n {
            let at = |a: i32, b: i32| a + ((b - a) as f32 * i as f32 / n as f32).round() as i32;
            self.px(at(x0, x1), at(y0, y1), c);
        }
    }

    /// Scanline polygon fill (even-odd) sampled at pixel centres. `xy` holds flat x, y pairs in
    /// pixel-edge coordinates, so a polygon spanning x = 12..20 covers pixels 12..=19.
    fn poly(&mut self, xy: &[i32], c: Color) {
        let pts: Vec<(f32, f32)> = xy.chunks_exact(2).map(|p| (p[0] as f32, p[1] as f32)).collect();
        for y in 0..CELL as i32 {
            let yc = y as f32 + 0.5 - self.dy as f32;
            let mut xs: Vec<f32> = Vec::new();
            for (i, &(x0, y0)) in pts.iter().enumerate() {
                let (x1, y1) = pts[(i + 1) % pts.len()];
                if (y0 <= yc) != (y1 <= yc) {
                    xs.push(x0 + (yc - y0) * (x1 - x0) / (y1 - y0));
                }
            }
            xs.sort_by(f32::total_cmp);
            for pair in xs.chunks_exact(2) {
                for x in 0..CELL as i32 {
                    let xc = x as f32 + 0.5;
                    if xc >= pair[0] && xc < pair[1] {
                        self.px(x, y - self.dy, c);
                    }
                }
            }
        }
    }

    /// Vertical bow-like arc from `top` to `bottom` at column `x`, bulging `bulge` px right.
    fn arc(&mut self, x: i32, (top, bottom): (i32, i32), bulge: f32, c: Color) {
        let mut prev = (x, top);
        for y in top..=bottom {
            let t = (y - top) as f32 / (bottom - top) as f32;
            let p = (x + (bulge * (t * std::f32::consts::PI).sin()).round() as i32, y);
            self.line(prev, p, c);
            prev = p;
        }
    }

    /// Rings the silhouette with a 1px dark border: every transparent pixel that touches an
    /// opaque one (4-neighbourhood, which keeps corners crisp) becomes `c`.
    fn outline(&mut self, c: Color) {
        let src = self.img.clone();
        let solid = |x: u32, y: u32| src.get_pixel_checked(x, y).is_some_and(|p| p[3] > 0);
        for (x, y, p) in self.img.enumerate_pixels_mut() {
            // wrapping_sub turns -1 into a huge index, which get_pixel_checked rejects.
            let near = [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)];
            if !solid(x, y) && near.iter().any(|&(nx, ny)| solid(nx, ny)) {
                *p = Rgba(c);
            }
        }
    }
}

// ---------------------------------------------------------------------------------- tiles ---

fn speckle(c: &mut Cell, rng: &mut Rng, count: u32, color: Color) {
    for _ in 0..count {
        let (x, y) = (rng.below(CELL), rng.below(CELL));
        c.px(x, y, color);
    }
}

fn tile_plain(c: &mut Cell, rng: &mut Rng) {
    let base = rgb(0x7ab648);
    c.fill(base);
    speckle(c, rng, 60, tint(base, -16));
    speckle(c, rng, 30, tint(base, 22));
    // A few grass tufts break up the flat colour without reading as a terrain feature.
    for _ in 0..5 {
        let (x, y) = (2 + rng.below(24), 4 + rng.below(25));
        c.rect(x, y, 5, 1, tint(base, -42));
        for (dx, h) in [(0, 2), (2, 3), (4, 2)] {
            c.rect(x + dx, y + 1 - h, 1, h, tint(base, -42));
        }
    }
}

fn tree(c: &mut Cell, x: f32, y: f32) {
    let (xi, yi) = (x as i32, y as i32);
    c.rect(xi - 3, yi + 9, 7, 1, rgb(0x1d4a20));
    c.rect(xi - 1, yi + 4, 2, 6, rgb(0x5a3a1e));
    // The dark disc doubles as the canopy outline.
    c.disc(x, y, 6.0, rgb(0x143c18));
    c.disc(x, y, 5.0, rgb(0x2a6a2c));
    c.disc(x - 0.7, y - 0.7, 4.0, rgb(0x3f9a40));
    c.disc(x - 2.0, y - 2.0, 1.6, rgb(0x7acc5a));
}

fn tile_forest(c: &mut Cell, rng: &mut Rng) {
    let base = rgb(0x2f7a32);
    c.fill(base);
    speckle(c, rng, 70, tint(base, -14));
    speckle(c, rng, 25, tint(base, 16));
    // Back to front, so lower trees overlap the ones behind them.
    for (x, y) in [(23.0, 8.0), (9.0, 11.0), (19.0, 21.0)] {
        tree(c, x, y);
    }
}

fn mound(c: &mut Cell, cx: f32, base_y: f32, r: f32, base: Color) {
    // Each layer is a smaller half-disc shifted left: outline, shaded flank, body, sunlit top.
    c.disc_above(cx, base_y, r + 1.0, base_y, tint(base, -55));
    c.disc_above(cx, base_y, r, base_y, tint(base, -12));
    c.disc_above(cx - 1.0, base_y, r - 1.0, base_y, tint(base, 14));
    c.disc(cx - r * 0.35, base_y - r * 0.5, r * 0.3, tint(base, 36));
}

fn tile_hill(c: &mut Cell, rng: &mut Rng) {
    let base = rgb(0xa88a4e);
    c.fill(base);
    speckle(c, rng, 50, tint(base, -14));
    speckle(c, rng, 25, tint(base, 14));
    for (x, y, r) in [(12.0, 16.0, 9.0), (25.0, 24.0, 7.0), (8.0, 31.0, 6.0)] {
        mound(c, x, y, r, base);
    }
}

/// A short sine-like crest; the lighter pixel on top catches the light.
fn wave(c: &mut Cell, x: i32, y: i32, color: Color) {
    for (i, dy) in [1, 0, 0, 1, 1, 2, 2, 1].into_iter().enumerate() {
        c.px(x + i as i32, y + dy, color);
    }
    c.px(x + 1, y - 1, tint(color, 40));
}

fn water(c: &mut Cell, rng: &mut Rng, crests: &[(i32, i32)]) {
    let base = rgb(0x3f7fd0);
    c.fill(base);
    speckle(c, rng, 40, tint(base, -14));
    for &(x, y) in crests {
        wave(c, x, y, tint(base, 55));
    }
}

fn tile_river(c: &mut Cell, rng: &mut Rng) {
    water(c, rng, &[(3, 3), (18, 8), (8, 15), (22, 20), (4, 26)]);
}

fn peak(c: &mut Cell, ax: i32, ay: i32, hw: i32, base: Color) {
    let foot = CELL as i32 + 1;
    c.poly(&[ax, ay - 2, ax + hw + 2, foot, ax - hw - 2, foot], OUTLINE);
    c.poly(&[ax, ay, ax + hw, foot, ax - hw, foot], tint(base, 28));
    c.poly(&[ax, ay, ax + hw, foot, ax + hw / 6, foot], tint(base, -20));
    // Snow cap with a jagged lower edge; its right half is shaded like the rock below.
    let (l, r, y) = (ax - hw / 2, ax + hw / 2, ay + (foot - ay) * 2 / 5);
    c.poly(&[ax, ay, r, y, r - 2, y - 2, ax, y + 1, l + 2, y - 2, l, y], WHITE);
    c.poly(&[ax, ay, r, y, r - 2, y - 2, ax, y], rgb(0xc4cee0));
}

fn tile_mountain(c: &mut Cell, rng: &mut Rng) {
    let base = rgb(0x8a8580);
    c.fill(tint(base, -40));
    speckle(c, rng, 40, tint(base, -54));
    peak(c, 23, 7, 9, base);
    peak(c, 11, 2, 12, base);
}

fn tile_bridge(c: &mut Cell, rng: &mut Rng) {
    water(c, rng, &[(4, 0), (20, 27)]);
    let wood = rgb(0xa0703a);
    // Planks lie across the deck, so the bridge reads as crossing left to right.
    c.rect(0, 26, CELL as i32, 2, rgba(0x102a50, 140));
    for i in 0..8 {
        let x = i * 4;
        c.rect(x, 7, 4, 18, tint(wood, rng.below(17) - 8));
        c.rect(x + 3, 7, 1, 18, tint(wood, -50));
        c.px(x + 1, 10, tint(wood, -70));
        c.px(x + 1, 21, tint(wood, -70));
    }
    for y in [5, 24] {
        c.rect(0, y, CELL as i32, 2, tint(wood, -28));
        c.rect(0, y, CELL as i32, 1, tint(wood, 8));
    }
}

/// A bevelled block with 1px mortar on its top and left; used for flagstones and bricks.
fn block(c: &mut Cell, x: i32, y: i32, (w, h): (i32, i32), col: Color) {
    c.rect(x + 1, y + 1, w - 1, h - 1, col);
    c.rect(x + 1, y + 1, w - 1, 1, tint(col, 22));
    c.rect(x + 1, y + 1, 1, h - 1, tint(col, 14));
    c.rect(x + 2, y + h - 1, w - 2, 1, tint(col, -22));
    c.rect(x + w - 1, y + 2, 1, h - 2, tint(col, -16));
}

fn tile_floor(c: &mut Cell, rng: &mut Rng) {
    let base = rgb(0xb9b2a4);
    c.fill(tint(base, -60));
    // Two courses of 16px flagstones, the lower one offset by half a stone; the stone split by
    // the tile edge uses one shade for both halves so the tiling has no seam.
    let wrap = tint(base, 5);
    let stones = [
        (0, 0, tint(base, -6)),
        (16, 0, tint(base, 4)),
        (-8, 16, wrap),
        (8, 16, tint(base, -3)),
        (24, 16, wrap),
    ];
    for (x, y, col) in stones {
        block(c, x, y, (16, 16), col);
    }
    speckle(c, rng, 35, tint(base, -18));
    c.line((4, 5), (7, 8), tint(base, -35));
    c.line((7, 8), (7, 10), tint(base, -35));
}

fn tile_wall(c: &mut Cell, rng: &mut Rng) {
    let base = rgb(0x4a4a55);
    c.fill(tint(base, -26));
    for row in 0..4 {
        // Running bond: odd courses shift half a brick; edge halves share a shade, as on floors.
        let shades = [rng.below(13) - 6, rng.below(13) - 6];
        let (off, n) = if row % 2 == 0 { (0, 2) } else { (-8, 3) };
        for i in 0..n {
            let d = shades[i as usize % 2];
            block(c, off + i * 16, row * 8, (16, 8), tint(base, d));
        }
    }
    speckle(c, rng, 25, tint(base, -14));
}

// ---------------------------------------------------------------------------------- units ---

struct Team {
    main: Color,
    dark: Color,
    light: Color,
}

const fn team(main: u32, dark: u32, light: u32) -> Team {
    Team {
        main: rgb(main),
        dark: rgb(dark),
        light: rgb(light),
    }
}

const BLUE: Team = team(0x3a6fd8, 0x24479a, 0x80aaf5);
const RED: Team = team(0xc8382e, 0x7e1e1a, 0xf07a68);

/// The shared humanoid, symmetric about x = 16 with boots on y = 29..30. Legs stay planted and
/// everything above them sinks by `bob` on frame 1, so the idle loop reads as breathing.
/// `bulk` widens the torso and stance for brutes.
fn body(c: &mut Cell, t: &Team, bob: i32, bulk: i32) {
    c.dy = 0;
    c.rect(13 - bulk, 24, 2, 5, t.dark);
    c.rect(17 + bulk, 24, 2, 5, t.dark);
    c.rect(12 - bulk, 29, 3, 2, BOOT);
    c.rect(17 + bulk, 29, 3, 2, BOOT);
    c.dy = bob;
    let (l, r) = (12 - bulk, 19 + bulk);
    c.rect(l, 16, r - l + 1, 8, t.main);
    c.rect(l, 16, 1, 8, t.light);
    c.rect(r, 16, 1, 8, t.dark);
    c.rect(l, 22, r - l + 1, 1, BOOT);
    c.rect(15, 22, 2, 1, GOLD);
    c.rect(l - 2, 16, 2, 6, t.main);
    c.rect(r + 1, 16, 2, 6, t.dark);
    c.rect(l - 2, 22, 2, 2, SKIN);
    c.rect(r + 1, 22, 2, 2, SKIN);
    c.disc(16.0, 11.5, 4.0, SKIN);
    c.px(14, 12, OUTLINE);
    c.px(17, 12, OUTLINE);
}

/// Frame 1 flashes a highlight on a weapon tip.
fn glint(c: &mut Cell, frame: i32, x: i32, y: i32) {
    if frame == 1 {
        c.px(x, y, WHITE);
    }
}

fn hero(c: &mut Cell, f: i32) {
    let t = &BLUE;
    c.dy = f;
    // The cape goes first so the body hides it except where it sweeps out to the left.
    c.poly(&[10, 16, 13, 16, 12, 28, 6, 28], rgb(0x1c2a66));
    body(c, t, f, 0);
    c.rect(12, 7, 8, 3, HAIR);
    c.rect(12, 10, 1, 2, HAIR);
    c.rect(19, 10, 1, 2, HAIR);
    for x in [13, 16, 18] {
        c.px(x, 6, HAIR);
    }
    // Sword held upright beside the fist.
    c.rect(22, 5, 2, 15, STEEL);
    c.rect(23, 6, 1, 14, STEEL_DARK);
    c.rect(20, 20, 6, 1, GOLD);
    c.rect(22, 21, 2, 3, WOOD);
    glint(c, f, 22, 6);
}

/// A horse facing right, hooves on y = 29..30. Legs stay planted while the body bobs.
fn horse(c: &mut Cell, f: i32, coat: Color, shade: Color, mane: Color) {
    c.dy = 0;
    for x in [8, 11, 20, 23] {
        c.rect(x, 23, 2, 6, shade);
        c.rect(x, 29, 2, 2, BOOT);
    }
    c.dy = f;
    c.poly(&[6, 16, 9, 17, 6, 26, 4, 25], mane);
    c.rect(9, 16, 15, 8, coat);
    c.disc(9.5, 20.0, 4.0, coat);
    c.disc(23.0, 20.0, 4.0, coat);
    c.rect(9, 23, 15, 1, shade);
    c.poly(&[20, 19, 24, 9, 28, 11, 27, 20], coat);
    c.poly(&[24, 8, 27, 6, 31, 12, 31, 15, 28, 15, 25, 12], coat);
    c.rect(25, 5, 1, 2, coat);
    c.line((24, 8), (20, 16), mane);
    c.line((25, 8), (21, 16), mane);
    c.px(27, 9, OUTLINE);
    c.px(30, 13, shade);
}

/// A rider seated on a horse's back: leg hanging over the flank, torso and head above.
fn rider(c: &mut Cell, t: &Team, f: i32) {
    c.dy = f;
    c.rect(13, 10, 6, 7, t.main);
    c.rect(13, 10, 1, 7, t.light);
    c.rect(14, 17, 3, 4, t.dark);
    c.rect(14, 21, 4, 2, BOOT);
    c.rect(18, 11, 2, 4, t.dark);
    c.rect(19, 14, 2, 2, SKIN);
    c.disc(16.0, 6.5, 3.5, SKIN);
    c.px(17, 7, OUTLINE);
}

fn knight(c: &mut Cell, f: i32) {
    let t = &BLUE;
    horse(c, f, rgb(0x8a5a34), rgb(0x5e3a20), rgb(0x2e1e14));
    // Blue caparison over the horse's back marks the team even on the mount.
    c.rect(10, 16, 10, 5, t.dark);
    c.rect(10, 20, 10, 1, GOLD);
    rider(c, t, f);
    c.disc_above(16.0, 6.5, 3.8, 6.0, STEEL);
    c.rect(12, 6, 8, 1, STEEL_DARK);
    c.rect(15, 1, 2, 2, t.light);
    // Upright lance with a pennant.
    c.rect(20, 1, 1, 17, WOOD);
    c.poly(&[21, 2, 26, 4, 21, 5], t.light);
    glint(c, f, 20, 1);
}

fn flier(c: &mut Cell, f: i32) {
    let t = &BLUE;
    let (coat, shade) = (rgb(0xf2f4fa), rgb(0xaab4cc));
    horse(c, f, coat, shade, rgb(0x8fd0f0));
    // The wing is a fan of three feathers behind the rider; frame 1 lowers the tips to flap.
    let l = if f == 0 { 0 } else { 4 };
    for (tx, ty) in [(5, 2), (2, 6), (2, 11)] {
        c.poly(&[11, 18, 16, 18, tx + 3, ty + l, tx, ty + l], coat);
    }
    c.line((12, 16), (7, 4 + l), shade);
    c.rect(12, 16, 9, 4, t.dark);
    rider(c, t, f);
    c.rect(13, 3, 6, 2, rgb(0xe8c050));
    c.rect(12, 4, 2, 7, rgb(0xe8c050));
    // Javelin couched forward over the horse's neck.
    c.line((14, 17), (29, 7), WOOD);
    c.line((28, 7), (30, 6), STEEL);
    glint(c, f, 30, 6);
}

fn hood(c: &mut Cell, t: &Team, f: i32) {
    c.dy = f;
    c.disc(16.0, 11.0, 5.0, t.dark);
    c.rect(13, 11, 6, 4, SKIN);
    c.px(14, 12, OUTLINE);
    c.px(17, 12, OUTLINE);
}

fn archer(c: &mut Cell, f: i32) {
    let t = &BLUE;
    c.dy = f;
    // Quiver on the back, fletchings poking over the shoulder.
    c.rect(9, 11, 3, 9, WOOD);
    c.rect(9, 9, 1, 2, WHITE);
    c.rect(11, 9, 1, 2, WHITE);
    body(c, t, f, 0);
    hood(c, t, f);
    // Bow held at rest beside the body, string facing in.
    c.arc(22, (11, 29), 4.0, WOOD);
    c.line((22, 11), (22, 29), BONE);
    c.rect(20, 21, 3, 2, SKIN);
}

fn charger(c: &mut Cell, f: i32) {
    let t = &RED;
    body(c, t, f, 1);
    // Horned helmet with a brow guard, and a beard: the brute reads from the horns alone.
    c.disc_above(16.0, 11.5, 4.6, 11.0, STEEL);
    c.rect(11, 10, 10, 1, STEEL_DARK);
    c.rect(13, 14, 6, 2, rgb(0x6a3a22));
    c.poly(&[12, 9, 9, 8, 7, 3, 9, 6, 13, 7], BONE);
    c.poly(&[20, 9, 23, 8, 25, 3, 23, 6, 19, 7], BONE);
    // Big double-bitted axe on a long haft.
    c.rect(24, 4, 2, 26, WOOD);
    c.poly(&[26, 5, 30, 1, 31, 8, 30, 15, 26, 11], STEEL);
    c.poly(&[24, 6, 21, 4, 21, 12, 24, 10], STEEL_DARK);
    c.rect(30, 3, 1, 10, STEEL_DARK);
    c.rect(22, 21, 3, 2, SKIN);
    glint(c, f, 29, 4);
}

fn spearman(c: &mut Cell, f: i32) {
    let t = &RED;
    body(c, t, f, 0);
    // Kettle helmet: dome plus a wide brim.
    c.disc_above(16.0, 10.5, 4.5, 10.0, STEEL);
    c.rect(10, 9, 12, 2, STEEL_DARK);
    c.rect(22, 6, 1, 24, WOOD);
    c.poly(&[21, 7, 23, 1, 25, 7], STEEL);
    c.rect(21, 21, 3, 2, SKIN);
    glint(c, f, 22, 2);
}

fn guard(c: &mut Cell, f: i32) {
    let t = &RED;
    body(c, t, f, 0);
    // Closed great helm with a visor slit and a plume.
    c.disc(16.0, 11.0, 4.5, STEEL);
    c.rect(13, 11, 6, 1, OUTLINE);
    c.rect(16, 12, 1, 3, STEEL_DARK);
    c.rect(15, 3, 2, 4, t.light);
    // Tower shield covering the body from shoulder to shin: the guard's whole silhouette.
    c.poly(&[9, 15, 23, 15, 23, 26, 16, 30, 9, 26], STEEL_DARK);
    c.poly(&[10, 16, 22, 16, 22, 26, 16, 29, 10, 26], t.main);
    c.rect(15, 17, 2, 10, GOLD);
    c.rect(12, 20, 8, 2, GOLD);
    glint(c, f, 11, 17);
}

fn mage(c: &mut Cell, f: i32) {
    let t = &RED;
    c.dy = 0;
    // The robe hangs to the ground (no legs), giving a solid bell shape.
    c.poly(&[12, 15, 20, 15, 23, 31, 9, 31], t.main);
    c.poly(&[16, 15, 20, 15, 23, 31, 18, 31], t.dark);
    c.rect(15, 16, 2, 15, GOLD);
    c.rect(9, 30, 14, 1, t.dark);
    c.dy = f;
    c.poly(&[10, 16, 13, 15, 13, 23, 9, 23], t.main);
    c.rect(10, 23, 3, 2, SKIN);
    // Staff with a glowing orb; frame 1 brightens it and throws sparkles.
    c.rect(24, 8, 1, 23 - f, WOOD);
    c.rect(22, 19, 3, 2, SKIN);
    let orb = if f == 0 { rgb(0x8a5ae8) } else { rgb(0xc8a0ff) };
    c.disc(24.5, 5.5, 2.6, orb);
    c.px(23, 4, WHITE);
    if f == 1 {
        for (x, y) in [(20, 3), (28, 6), (25, 0), (21, 8)] {
            c.px(x, y, rgb(0xe8d8ff));
        }
    }
    // Wide-brimmed pointed hat with the face in shadow under it, only the eyes glowing.
    c.rect(13, 11, 6, 4, rgb(0x6a4a3a));
    c.px(14, 12, GOLD);
    c.px(17, 12, GOLD);
    c.poly(&[17, 0, 20, 10, 12, 10], t.dark);
    c.rect(9, 10, 14, 2, t.dark);
    c.rect(13, 8, 7, 1, GOLD);
}

fn enemy_archer(c: &mut Cell, f: i32) {
    let t = &RED;
    c.dy = f;
    c.rect(9, 11, 3, 9, WOOD);
    c.rect(9, 9, 3, 2, WHITE);
    body(c, t, f, 0);
    hood(c, t, f);
    c.rect(13, 13, 6, 2, t.dark);
    // Bow held out in front at full draw, arrow nocked and pointing right.
    c.arc(24, (10, 30), 4.0, WOOD);
    c.line((24, 10), (17, 20), BONE);
    c.line((17, 20), (24, 30), BONE);
    c.rect(16, 20, 12, 1, WOOD);
    c.poly(&[27, 19, 31, 21, 27, 23], STEEL);
    c.rect(15, 19, 2, 3, WHITE);
    c.rect(26, 19, 2, 3, SKIN);
    glint(c, f, 29, 20);
}

/// A healer in a white robe trimmed in its side's colour, with a hood and a staff topped by
/// a cross; frame 1 makes the cross glow.
fn healer(c: &mut Cell, t: &Team, f: i32) {
    let robe = rgb(0xf2efe6);
    let shade = rgb(0xc9c3b4);
    c.dy = 0;
    c.poly(&[12, 15, 20, 15, 23, 31, 9, 31], robe);
    c.poly(&[16, 15, 20, 15, 23, 31, 18, 31], shade);
    c.rect(15, 16, 2, 15, t.main);
    c.rect(9, 30, 14, 1, t.dark);
    c.dy = f;
    c.poly(&[10, 16, 13, 15, 13, 23, 9, 23], robe);
    c.rect(10, 23, 3, 2, SKIN);
    // Staff, the cross at its top.
    c.rect(24, 7, 1, 24 - f, WOOD);
    c.rect(22, 19, 3, 2, SKIN);
    let glow = if f == 0 { GOLD } else { rgb(0xfff2a0) };
    c.rect(23, 2, 3, 7, glow);
    c.rect(21, 4, 7, 3, glow);
    if f == 1 {
        for (x, y) in [(19, 2), (29, 3), (20, 9), (28, 9)] {
            c.px(x, y, rgb(0xfff8d0));
        }
    }
    // Hood in the side's colour around the face.
    c.disc(16.0, 11.0, 5.0, t.main);
    c.rect(13, 11, 6, 4, SKIN);
    c.px(14, 12, OUTLINE);
    c.px(17, 12, OUTLINE);
    c.rect(11, 14, 10, 2, t.dark);
}

fn cleric(c: &mut Cell, f: i32) {
    healer(c, &BLUE, f);
}

fn acolyte(c: &mut Cell, f: i32) {
    healer(c, &RED, f);
}

fn soldier(c: &mut Cell, f: i32) {
    let t = &RED;
    body(c, t, f, 0);
    // Plain round cap and a short sword with a small buckler: the generic grunt.
    c.disc_above(16.0, 11.5, 4.4, 10.0, t.dark);
    c.rect(12, 9, 8, 1, GOLD);
    c.line((22, 22), (27, 13), STEEL);
    c.line((23, 22), (28, 13), STEEL_DARK);
    c.rect(21, 21, 3, 1, GOLD);
    c.disc(9.5, 20.5, 3.5, STEEL_DARK);
    c.disc(9.5, 20.5, 2.5, STEEL);
    c.px(9, 20, GOLD);
    glint(c, f, 27, 13);
}

// ------------------------------------------------------------------------------------- ui ---

const CURSOR: Color = rgb(0xffe040);

/// Four L-shaped corner brackets, `inset` px in from the cell edge.
fn cursor(c: &mut Cell, inset: i32) {
    let (a, b, len) = (inset, CELL as i32 - 1 - inset, 8);
    for (x, y, sx, sy) in [(a, a, 1, 1), (b, a, -1, 1), (a, b, 1, -1), (b, b, -1, -1)] {
        for i in 0..len {
            for w in 0..2 {
                let col = if w == 0 { WHITE } else { CURSOR };
                c.px(x + sx * i, y + sy * w, col);
                c.px(x + sx * w, y + sy * i, col);
            }
        }
    }
    c.outline(OUTLINE);
}

fn overlay(c: &mut Cell, fill: u32, edge: u32) {
    c.fill(rgba(fill, 102));
    for (x, y, w, h) in [(0, 0, 32, 1), (0, 31, 32, 1), (0, 0, 1, 32), (31, 0, 1, 32)] {
        c.rect(x, y, w, h, rgba(edge, 190));
    }
}

/// The four path-arrow pieces, in sheet order.
#[derive(Clone, Copy)]
enum Arrow {
    Straight,
    Corner,
    Head,
    Tail,
}

/// Path arrows are a 4px band centred on the cell (pixels 14..=17), so the game can rotate any
/// piece by 90 degrees and neighbouring pieces still meet. Straight runs left-right, the corner
/// joins left and bottom, the head points right and the tail dot leaves to the right. Each piece
/// is drawn twice: yellow, then 1px thinner in white for the bright core.
fn arrow(c: &mut Cell, piece: Arrow) {
    for (i, col) in [(0, CURSOR), (1, WHITE)] {
        let (a, w) = (14 + i, 4 - 2 * i);
        match piece {
            Arrow::Straight => c.rect(0, a, 32, w, col),
            Arrow::Corner => {
                c.rect(0, a, 18 - i, w, col);
                c.rect(a, a, w, 18 - i, col);
            }
            Arrow::Head => {
                c.rect(0, a, 18, w, col);
                c.poly(&[15 + i, 7 + 2 * i, 28 - 2 * i, 16, 15 + i, 25 - 2 * i], col);
            }
            Arrow::Tail => {
                c.rect(16, a, 16, w, col);
                c.disc(16.0, 16.0, 5.0 - i as f32, col);
            }
        }
    }
    c.outline(OUTLINE);
}

// ---------------------------------------------------------------------------------- sheets ---

/// Assembles a sheet of `cols` x `rows` cells, asking `draw` for each cell in row-major order.
fn sheet(cols: u32, rows: u32, mut draw: impl FnMut(u32, u32) -> Cell) -> RgbaImage {
    let mut img = RgbaImage::new(cols * CELL, rows * CELL);
    for row in 0..rows {
        for col in 0..cols {
            let (x, y) = (i64::from(col * CELL), i64::from(row * CELL));
            imageops::replace(&mut img, &draw(col, row).img, x, y);
        }
    }
    img
}

type TileFn = fn(&mut Cell, &mut Rng);
/// Draws one unit cell; the argument is the idle frame (0 or 1).
type UnitFn = fn(&mut Cell, i32);

const TILES: [TileFn; 8] = [
    tile_plain,
    tile_forest,
    tile_hill,
    tile_river,
    tile_mountain,
    tile_bridge,
    tile_floor,
    tile_wall,
];
/// Sprite sheet rows, top to bottom: players (blue) hero, knight, flier, archer; enemies (red)
/// charger, proximity spearman, guard, pivot mage, archer, spare soldier; then the healers,
/// cleric (blue) and acolyte (red).
const UNITS: [UnitFn; 12] = [
    hero,
    knight,
    flier,
    archer,
    charger,
    spearman,
    guard,
    mage,
    enemy_archer,
    soldier,
    cleric,
    acolyte,
];

fn tiles() -> RgbaImage {
    // One seed per tile, so restyling one tile does not reshuffle the speckles of the others.
    sheet(TILES.len() as u32, 1, |col, _| {
        let mut c = Cell::new();
        TILES[col as usize](&mut c, &mut Rng(0x9e37_79b9 ^ ((col + 1) * 7919)));
        c
    })
}

fn units() -> RgbaImage {
    sheet(2, UNITS.len() as u32, |frame, row| {
        let mut c = Cell::new();
        UNITS[row as usize](&mut c, frame as i32);
        c.dy = 0;
        c.outline(OUTLINE);
        c
    })
}

fn ui() -> RgbaImage {
    sheet(8, 1, |col, _| {
        let mut c = Cell::new();
        match col {
            0 => cursor(&mut c, 1),
            1 => cursor(&mut c, 3),
            2 => overlay(&mut c, 0x3c78ff, 0xa0c8ff),
            3 => overlay(&mut c, 0xe63232, 0xff9a8a),
            4 => arrow(&mut c, Arrow::Straight),
            5 => arrow(&mut c, Arrow::Corner),
            6 => arrow(&mut c, Arrow::Head),
            _ => arrow(&mut c, Arrow::Tail),
        }
        c
    })
}

// ---------------------------------------------------------------------------------- sound ---

const RATE: u32 = 22050;

/// Renders `ms` milliseconds by calling `f` with the time in seconds for each sample.
fn synth(ms: u32, mut f: impl FnMut(f32) -> f32) -> Vec<f32> {
    (0..(RATE * ms + 500) / 1000)
        .map(|i| f(i as f32 / RATE as f32))
        .collect()
}

/// Fast attack, exponential decay, and a linear fade that forces silence at the end so the
/// sound never stops with a click.
fn env(t: f32, len_ms: u32, decay: f32) -> f32 {
    (t / 0.002).min(1.0) * (-t * decay).exp() * (1.0 - t * 1000.0 / len_ms as f32).max(0.0)
}

/// Phase accumulator, so frequency changes and sweeps stay continuous (no clicks).
#[derive(Default)]
struct Osc(f32);

impl Osc {
    fn step(&mut self, hz: f32) -> f32 {
        self.0 = (self.0 + hz / RATE as f32).fract();
        self.0
    }
}

fn square(phase: f32) -> f32 {
    if phase < 0.5 { 1.0 } else { -1.0 }
}

fn triangle(phase: f32) -> f32 {
    4.0 * (phase - 0.5).abs() - 1.0
}

/// Scales to an exact peak so every effect sits at a moderate, clip-free level.
fn normalize(mut s: Vec<f32>, peak: f32) -> Vec<f32> {
    let max = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    s.iter_mut().for_each(|v| *v *= peak / max);
    s
}

fn sfx_cursor() -> Vec<f32> {
    let mut o = Osc::default();
    normalize(synth(30, |t| triangle(o.step(1500.0)) * env(t, 30, 90.0)), 0.25)
}

fn two_note(first: f32, second: f32) -> Vec<f32> {
    let mut o = Osc::default();
    let s = synth(120, |t| {
        square(o.step(if t < 0.05 { first } else { second })) * env(t, 120, 10.0)
    });
    normalize(s, 0.35)
}

fn sfx_step() -> Vec<f32> {
    // Low-passed noise for the scuff plus a falling triangle for the body of the thud.
    let (mut rng, mut o, mut lp) = (Rng(0x5eed_0001), Osc::default(), 0.0);
    let s = synth(60, |t| {
        lp += (rng.noise() - lp) * 0.2;
        (lp * 1.5 + triangle(o.step(140.0 - 1300.0 * t))) * env(t, 60, 55.0)
    });
    normalize(s, 0.4)
}

fn sfx_hit() -> Vec<f32> {
    // Sample-and-hold noise (new value every 3 samples) gives a gritty crunch; a dropping
    // square adds weight underneath.
    let (mut rng, mut o, mut held, mut n) = (Rng(0x5eed_0002), Osc::default(), 0.0, 0);
    let s = synth(150, |t| {
        if n % 3 == 0 {
            held = rng.noise();
        }
        n += 1;
        (held + 0.6 * square(o.step(200.0 - 900.0 * t))) * env(t, 150, 22.0)
    });
    normalize(s, 0.4)
}

/// Writes 16-bit mono PCM WAV: the 44-byte RIFF header followed by little-endian samples.
fn write_wav(path: &Path, samples: &[f32]) -> std::io::Result<()> {
    let data_len = samples.len() as u32 * 2;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // byte rate
    out.extend_from_slice(&2u16.to_le_bytes()); // block align
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32767.0).round() as i16).to_le_bytes());
    }
    fs::write(path, out)
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    fs::create_dir_all(dir.join("sfx"))?;
    for (name, img) in [("tiles.png", tiles()), ("units.png", units()), ("ui.png", ui())] {
        img.save(dir.join(name))?;
        println!("wrote assets/{name} ({}x{})", img.width(), img.height());
    }
    let sounds = [
        ("cursor", sfx_cursor()),
        ("select", two_note(660.0, 990.0)),
        ("step", sfx_step()),
        ("cancel", two_note(784.0, 523.0)),
        ("hit", sfx_hit()),
    ];
    for (name, samples) in sounds {
        write_wav(&dir.join("sfx").join(format!("{name}.wav")), &samples)?;
        println!(
            "wrote assets/sfx/{name}.wav ({} ms)",
            (samples.len() as u32 * 1000 + RATE / 2) / RATE
        );
    }
    Ok(())
}
