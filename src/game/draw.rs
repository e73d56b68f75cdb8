//! Drawing one frame: terrain batched from the visible tiles, overlays, units layered by
//! their row, cursor, effects, menus and the HUD. Draw order comes from the `Z_*` layers
//! (plus the row for units), never from call order.

use super::anim::{self, Kind};
use super::assets::{Assets, TILE, TILE_NAMES, ui};
use super::hud;
use super::overlay;
use super::state::GameState;
use crate::load::terrain::ClassId;
use crate::play::phase::{Action, Phase};
use crate::rules::battle::{Battle, UnitId};
use crate::search::grid::Team;
use crate::search::grid::{Dir, Pos};
use ggez::glam::Vec2;
use ggez::graphics::{Canvas, Color, DrawParam, InstanceArray, Quad, Rect, Sampler, Text, TextFragment};
use ggez::{Context, GameResult};

/// Terrain tiles.
const Z_TERRAIN: i32 = 0;
/// Move, attack and danger squares.
const Z_OVERLAY: i32 = 10;
/// Outlines of enemy profile areas.
const Z_OUTLINE: i32 = 20;
/// The path arrow.
const Z_PATH: i32 = 30;
/// Units: `Z_UNIT + 2 × drawn y` (world pixels), so a unit lower on screen is in front.
const Z_UNIT: i32 = 100;
/// The cursor and the acting-enemy marker.
const Z_CURSOR: i32 = 1_000_000;
/// Phase banners across the map.
const Z_BANNER: i32 = 1_000_200;
/// The action menu and forecast.
const Z_MENU: i32 = 1_000_300;
/// The HUD: top band, log, bottom panel, result screen.
const Z_HUD: i32 = 1_000_400;
/// Every piece of text (see [`text`]).
const Z_TEXT: i32 = 2_000_000;

/// The design size of the window; larger windows zoom by whole steps.
const BASE: Vec2 = Vec2::new(640.0, 480.0);
/// Height of the phase band at the top.
pub const BANNER_H: f32 = 24.0;
/// Height of the info panel at the bottom.
pub const PANEL_H: f32 = 88.0;
/// Width of one character of the default (monospaced) font, per pixel of size.
const CHAR_W: f32 = 0.6;

const PLAYER_TEXT: Color = Color::new(0.62, 0.80, 1.0, 1.0);
const ENEMY_TEXT: Color = Color::new(1.0, 0.62, 0.58, 1.0);
const DIM_TEXT: Color = Color::new(0.66, 0.68, 0.74, 1.0);
const GOLD: Color = Color::new(1.0, 0.85, 0.35, 1.0);

/// The window in drawing units: its size divided by a whole zoom factor, so a big window
/// shows bigger pixels and a window between steps shows more tiles.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// Window pixels per drawing unit.
    pub zoom: f32,
    /// Width in drawing units.
    pub w: f32,
    /// Height in drawing units.
    pub h: f32,
}

impl Layout {
    /// The layout of the window as it is now.
    pub fn of(ctx: &Context) -> Layout {
        let (pw, ph) = ctx.gfx.drawable_size();
        let zoom = (pw / BASE.x).min(ph / BASE.y).floor().max(1.0);
        Layout {
            zoom,
            w: (pw / zoom).max(1.0),
            h: (ph / zoom).max(1.0),
        }
    }

    /// The part of the window where the map is in plain view (between the top band and
    /// the bottom panel), in drawing units.
    pub fn map_view(&self) -> Rect {
        Rect::new(0.0, BANNER_H, self.w, (self.h - BANNER_H - PANEL_H).max(TILE))
    }

    /// Window pixels to drawing units.
    pub fn to_logical(self, x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y) / self.zoom
    }
}

/// How a terrain kind is drawn.
#[derive(Debug, Clone, Copy)]
enum Look {
    /// A column of `tiles.png`.
    Tile(u32),
    /// A flat square of this colour (terrain the sheet has no picture for).
    Flat(Color),
}

/// Instance arrays refilled every frame with only what is visible.
pub struct Batches {
    tiles: InstanceArray,
    flats: InstanceArray,
    overlay: InstanceArray,
    arrow: InstanceArray,
    lines: InstanceArray,
    looks: Vec<Look>,
    fringe: Option<(UnitId, Pos, Vec<Pos>)>,
}

impl Batches {
    /// Empty batches for the assets, and the look of each terrain kind of `b`.
    pub fn new(ctx: &Context, a: &Assets, b: &Battle) -> Batches {
        let looks = b
            .terrain()
            .kinds
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
            looks,
            fringe: None,
        }
    }
}

/// The cells on screen: `lo` inclusive to `hi` exclusive, within the map.
#[derive(Debug, Clone, Copy)]
struct Visible {
    lo: Pos,
    hi: Pos,
}

impl Visible {
    fn contains(&self, p: Pos) -> bool {
        p.x >= self.lo.x && p.y >= self.lo.y && p.x < self.hi.x && p.y < self.hi.y
    }
}

/// Draws `s` at `at` with a dark drop shadow, for legibility over any background.
///
/// All text goes on one layer above everything else: ggez 0.10 renders each run of text
/// draws from a shared glyph cache, and text split into several runs by other draws in
/// between comes out with wrong letters (ggez issue #1180). So callers keep text away from
/// boxes of higher layers instead.
fn text(canvas: &mut Canvas, s: &str, at: Vec2, size: f32, color: Color) {
    let z = Z_TEXT;
    let at = at.round();
    let shadow = Text::new(
        TextFragment::new(s)
            .scale(size)
            .color(Color::new(0.0, 0.0, 0.0, 0.85 * color.a)),
    );
    canvas.draw(&shadow, DrawParam::new().dest(at + Vec2::ONE).z(z));
    let t = Text::new(TextFragment::new(s).scale(size).color(color));
    canvas.draw(&t, DrawParam::new().dest(at).z(z));
}

/// Width of `s` in the default font at `size`.
fn text_w(s: &str, size: f32) -> f32 {
    s.chars().count() as f32 * size * CHAR_W
}

/// A filled rectangle.
fn rect(canvas: &mut Canvas, r: Rect, color: Color, z: i32) {
    canvas.draw(&Quad, DrawParam::new().dest_rect(r).color(color).z(z));
}

/// A box with a border.
fn panel(canvas: &mut Canvas, r: Rect, z: i32) {
    rect(canvas, r, Color::new(0.55, 0.6, 0.72, 0.95), z);
    let inner = Rect::new(r.x + 1.0, r.y + 1.0, r.w - 2.0, r.h - 2.0);
    rect(canvas, inner, Color::new(0.06, 0.07, 0.11, 0.92), z);
}

/// A sheet cell drawn over map cell `p`.
fn on_cell(src: Rect, p: Pos, cam: Vec2) -> DrawParam {
    DrawParam::new().src(src).dest(anim::cell_px(p) - cam)
}

impl GameState {
    /// Draws the whole frame.
    pub(super) fn render(&mut self, ctx: &mut Context) -> GameResult {
        self.layout = Layout::of(ctx);
        let l = self.layout;
        let mut canvas = Canvas::from_frame(ctx, Color::from_rgb(14, 16, 22));
        canvas.set_screen_coordinates(Rect::new(0.0, 0.0, l.w, l.h));
        canvas.set_sampler(Sampler::nearest_clamp());
        let cam = self.camera.pos.round();
        let map = &self.session.battle().map();
        let vis = Visible {
            lo: Pos::new(
                ((cam.x / TILE).floor() as i32).max(0),
                ((cam.y / TILE).floor() as i32).max(0),
            ),
            hi: Pos::new(
                (((cam.x + l.w) / TILE).ceil() as i32).min(map.width as i32),
                (((cam.y + l.h - PANEL_H) / TILE).ceil() as i32).min(map.height as i32),
            ),
        };
        self.draw_terrain(&mut canvas, cam, vis);
        self.draw_overlays(&mut canvas, cam, vis);
        self.draw_units(&mut canvas, cam, vis);
        self.draw_cursor_and_effects(&mut canvas, cam);
        self.draw_action_menu(&mut canvas, cam);
        self.draw_hud(&mut canvas);
        canvas.finish(ctx)
    }

    fn draw_terrain(&mut self, canvas: &mut Canvas, cam: Vec2, vis: Visible) {
        let (a, b) = (&self.assets, &mut self.batches);
        let map = &self.session.battle().map();
        b.tiles.clear();
        b.flats.clear();
        for y in vis.lo.y..vis.hi.y {
            for x in vis.lo.x..vis.hi.x {
                let p = Pos::new(x, y);
                match b.looks.get(map.at(p).0 as usize) {
                    Some(Look::Tile(col)) => b.tiles.push(on_cell(a.tiles.cell(*col, 0), p, cam)),
                    Some(Look::Flat(c)) => {
                        b.flats.push(
                            DrawParam::new()
                                .dest(anim::cell_px(p) - cam)
                                .scale(Vec2::splat(TILE))
                                .color(*c),
                        );
                    }
                    None => {}
                }
            }
        }
        canvas.draw(&b.tiles, DrawParam::new().z(Z_TERRAIN));
        canvas.draw(&b.flats, DrawParam::new().z(Z_TERRAIN));
    }

    fn draw_overlays(&mut self, canvas: &mut Canvas, cam: Vec2, vis: Visible) {
        let (a, b) = (&self.assets, &mut self.batches);
        let battle = self.session.battle();
        let (ov, arrow, lines) = (&mut b.overlay, &mut b.arrow, &mut b.lines);
        ov.clear();
        arrow.clear();
        lines.clear();
        let (move_sq, attack_sq) = (a.ui.cell(ui::MOVE, 0), a.ui.cell(ui::ATTACK, 0));
        let cursor = self.session.cursor;
        // The enemy under the cursor, whose own zone is shown on top of the danger tint.
        let hovered = battle
            .unit_at(cursor)
            .filter(|&u| battle.unit(u).team == Team::Enemy)
            .filter(|_| matches!(self.session.phase, Phase::Select | Phase::Target { .. }));
        let (danger, zone) = if self.session.show_danger {
            self.zones.get(battle, self.session.profiles(), hovered)
        } else {
            (&[][..], None)
        };
        let w = battle.map().width;
        for y in (vis.lo.y..vis.hi.y).filter(|_| !danger.is_empty()) {
            for x in vis.lo.x..vis.hi.x {
                let i = y as usize * w + x as usize;
                let mine = zone.is_some_and(|z| z.covered.get(i) == Some(&true));
                if danger.get(i) == Some(&true) && !mine {
                    ov.push(on_cell(attack_sq, Pos::new(x, y), cam));
                }
            }
        }
        match &self.session.phase {
            Phase::Target { unit, range } => {
                let key = (*unit, range.origin);
                if b.fringe.as_ref().is_none_or(|(u, o, _)| (*u, *o) != key) {
                    b.fringe = Some((key.0, key.1, overlay::attack_fringe(battle, *unit, range)));
                }
                if let Some((_, _, fringe)) = &b.fringe {
                    for &p in fringe.iter().filter(|p| vis.contains(**p)) {
                        ov.push(on_cell(attack_sq, p, cam).color(Color::new(1.0, 1.0, 1.0, 0.55)));
                    }
                }
                for c in range.cells.iter().filter(|c| vis.contains(c.at)) {
                    ov.push(on_cell(move_sq, c.at, cam));
                }
                if let Some(cell) = range.get(cursor) {
                    for piece in overlay::arrow(range.origin, &cell.path) {
                        // Instances ignore relative offsets, so turn about the cell's centre
                        // by hand: the top-left corner goes where the rotation takes it.
                        let half = Vec2::splat(TILE / 2.0);
                        let center = anim::cell_px(piece.at) - cam + half;
                        let corner = center - Vec2::from_angle(piece.rotation).rotate(half);
                        arrow.push(
                            DrawParam::new()
                                .src(a.ui.cell(piece.frame, 0))
                                .dest(corner)
                                .rotation(piece.rotation),
                        );
                    }
                }
            }
            Phase::Action { options, choice, .. } => {
                for (i, o) in options.iter().enumerate() {
                    if let Action::Attack(t) = o {
                        let alpha = if i == *choice { 1.0 } else { 0.5 };
                        let p = battle.unit(*t).pos;
                        ov.push(on_cell(attack_sq, p, cam).color(Color::new(1.0, 1.0, 1.0, alpha)));
                    }
                }
            }
            _ => {}
        }
        // The zone of the enemy under the cursor, with its profile's area outlined.
        if let (Some(z), Some(enemy)) = (zone, hovered) {
            let tint = Color::new(0.85, 0.55, 1.0, 1.0);
            for &p in z.zone.moves.iter().filter(|p| vis.contains(**p)) {
                ov.push(on_cell(move_sq, p, cam).color(tint));
            }
            for &p in z.zone.attacks.iter().filter(|p| vis.contains(**p)) {
                if !z.zone.moves.contains(&p) {
                    // Twice: this enemy's own reach stands out from the general danger.
                    ov.push(on_cell(attack_sq, p, cam));
                    ov.push(on_cell(attack_sq, p, cam));
                }
            }
            let edge = match z.label.as_str() {
                "AWAKE" => Color::new(1.0, 0.25, 0.2, 1.0),
                "asleep" => Color::new(0.55, 0.85, 1.0, 1.0),
                _ => Color::new(1.0, 0.9, 0.3, 1.0),
            };
            let dark = Color::new(0.0, 0.0, 0.0, 0.7);
            for &(p, d) in z.outline.iter().filter(|(p, _)| vis.contains(*p)) {
                lines.push(edge_param(p, d, cam, 4.0).color(dark));
            }
            for &(p, d) in z.outline.iter().filter(|(p, _)| vis.contains(*p)) {
                lines.push(edge_param(p, d, cam, 2.0).color(edge));
            }
            for &p in z.ring.iter().filter(|p| vis.contains(**p)) {
                for d in Dir::ALL {
                    lines.push(edge_param(p, d, cam, 1.0).color(Color::new(1.0, 0.4, 0.9, 1.0)));
                }
            }
            let at = battle.unit(enemy).pos;
            let label = z.label.clone();
            let p = anim::cell_px(at) - cam + Vec2::new(TILE / 2.0 - text_w(&label, 12.0) / 2.0, -14.0);
            if self.layout.map_view().contains(p) {
                text(canvas, &label, p, 12.0, edge);
            }
        }
        canvas.draw(ov, DrawParam::new().z(Z_OVERLAY));
        canvas.draw(lines, DrawParam::new().z(Z_OUTLINE));
        canvas.draw(arrow, DrawParam::new().z(Z_PATH));
    }

    fn draw_units(&mut self, canvas: &mut Canvas, cam: Vec2, vis: Visible) {
        let b = &self.session.battle();
        let current = self.anims.current();
        for (i, u) in b.units().iter().enumerate() {
            let id = UnitId(i);
            let alpha = if u.alive {
                1.0
            } else {
                match self.anims.defeated_alpha(id) {
                    Some(a) => a,
                    None => continue,
                }
            };
            let world = self.unit_px(id);
            let cell = Pos::new((world.x / TILE).round() as i32, (world.y / TILE).round() as i32);
            let margin = Visible {
                lo: Pos::new(vis.lo.x - 1, vis.lo.y - 1),
                hi: Pos::new(vis.hi.x + 1, vis.hi.y + 1),
            };
            if !margin.contains(cell) {
                continue;
            }
            let at = (world - cam).round();
            // Idle frames alternate every half second, neighbours out of step.
            let frame = ((self.clock * 2.0) as u32 + i as u32) % 2;
            let mut tint = if u.team == Team::Player && u.acted && u.alive {
                Color::new(0.5, 0.5, 0.55, 1.0)
            } else {
                Color::WHITE
            };
            if let Some(a) = current
                && let Kind::Strike { defender, .. } = a.kind
                && defender == id
                && (0.35..0.55).contains(&a.progress())
            {
                tint = Color::new(1.0, 0.35, 0.35, 1.0);
            }
            tint.a = alpha;
            let z = Z_UNIT + 2 * world.y.round() as i32;
            let src = self.assets.units.cell(frame, Assets::unit_row(&u.sprite));
            canvas.draw(
                &self.assets.units.image,
                DrawParam::new().src(src).dest(at).color(tint).z(z),
            );
            // Hit point bar under the sprite.
            let hp = self.anims.shown_hp(id, u.hp);
            let frac = (hp as f32 / u.stats.hp.max(1) as f32).clamp(0.0, 1.0);
            let bar = Rect::new(at.x + 4.0, at.y + 29.0, 24.0, 3.0);
            rect(canvas, bar, Color::new(0.08, 0.06, 0.08, 0.9 * alpha), z + 1);
            let fill = if frac > 0.5 {
                Color::new(0.35, 0.9, 0.4, alpha)
            } else if frac > 0.25 {
                Color::new(1.0, 0.8, 0.25, alpha)
            } else {
                Color::new(1.0, 0.3, 0.25, alpha)
            };
            let inner = Rect::new(bar.x, bar.y, (bar.w * frac).round(), bar.h);
            rect(canvas, inner, fill, z + 1);
        }
    }

    fn draw_cursor_and_effects(&mut self, canvas: &mut Canvas, cam: Vec2) {
        let a = &self.assets;
        let player_phase = matches!(
            self.session.phase,
            Phase::Select | Phase::Target { .. } | Phase::Action { .. }
        );
        if player_phase {
            let frame = if ((self.clock * 2.5) as u32).is_multiple_of(2) {
                ui::CURSOR
            } else {
                ui::CURSOR_ALT
            };
            let p = on_cell(a.ui.cell(frame, 0), self.session.cursor, cam);
            canvas.draw(&a.ui.image, p.z(Z_CURSOR));
        }
        let Some(cur) = self.anims.current() else { return };
        match &cur.kind {
            Kind::Focus { unit } | Kind::Move { unit, .. } if cur.enemy => {
                let at = (self.unit_px(*unit) - cam).round();
                let src = a.ui.cell(ui::CURSOR, 0);
                let p = DrawParam::new()
                    .src(src)
                    .dest(at)
                    .color(Color::new(1.0, 0.35, 0.3, 1.0));
                canvas.draw(&a.ui.image, p.z(Z_CURSOR));
            }
            Kind::Strike {
                defender,
                damage,
                defeated,
                ..
            } if cur.progress() >= 0.35 => {
                let rise = (cur.progress() - 0.35) * 24.0;
                let at = self.unit_px(*defender) - cam;
                let s = if *defeated {
                    format!("-{damage} KO")
                } else {
                    format!("-{damage}")
                };
                let p = at + Vec2::new(TILE / 2.0 - text_w(&s, 16.0) / 2.0, -6.0 - rise);
                if self.layout.map_view().contains(p) {
                    text(canvas, &s, p, 16.0, Color::new(1.0, 0.35, 0.3, 1.0));
                }
            }
            Kind::Banner { text: words } => {
                let l = self.layout;
                let v = l.map_view();
                // Fade in and out.
                let t = cur.progress();
                let alpha = (t * 6.0).min((1.0 - t) * 6.0).clamp(0.0, 1.0);
                let band = Rect::new(0.0, v.y + v.h / 2.0 - 26.0, l.w, 52.0);
                rect(canvas, band, Color::new(0.0, 0.0, 0.0, 0.6 * alpha), Z_BANNER);
                let color = if cur.enemy { ENEMY_TEXT } else { PLAYER_TEXT };
                let size = 28.0;
                let slide = (1.0 - anim::ease_out(t * 3.0)) * 60.0;
                let p = Vec2::new(l.w / 2.0 - text_w(words, size) / 2.0 - slide, band.y + 10.0);
                text(canvas, words, p, size, Color { a: alpha, ..color });
            }
            _ => {}
        }
    }

    fn draw_action_menu(&mut self, canvas: &mut Canvas, cam: Vec2) {
        self.menu_rects.clear();
        let Phase::Action {
            unit, options, choice, ..
        } = &self.session.phase
        else {
            return;
        };
        if self.anims.busy() {
            return;
        }
        let b = &self.session.battle();
        let l = self.layout;
        let entries = hud::menu(b, options);
        let (size, row_h, fs) = (14.0, 20.0, 13.0);
        // The forecast of the highlighted attack, split after its first clause.
        let forecast: Vec<String> = self
            .session
            .forecast()
            .map(|(att, def, f)| hud::forecast(b, att, def, &f))
            .map(|s| match s.split_once("; ") {
                Some((a, c)) => vec![a.to_string(), c.to_string()],
                None => vec![s],
            })
            .unwrap_or_default();
        let widest = entries
            .iter()
            .map(|e| text_w(e, size) + 18.0)
            .chain(forecast.iter().map(|f| text_w(f, fs)))
            .fold(0.0, f32::max);
        let fh = if forecast.is_empty() {
            0.0
        } else {
            8.0 + 16.0 * forecast.len() as f32
        };
        let (bw, bh) = (widest + 20.0, row_h * entries.len() as f32 + 8.0 + fh);
        // Keep the unit and every target in sight: try the sides in turn.
        let at = self.unit_px(*unit) - cam;
        let mut keep_clear = vec![Rect::new(at.x, at.y, TILE, TILE)];
        keep_clear.extend(options.iter().filter_map(|o| match o {
            Action::Attack(t) => {
                let p = anim::cell_px(b.unit(*t).pos) - cam;
                Some(Rect::new(p.x, p.y, TILE, TILE))
            }
            Action::Wait => None,
        }));
        let view = l.map_view();
        let fit = |x: f32, y: f32| {
            Rect::new(
                x.clamp(4.0, (l.w - bw - 4.0).max(4.0)),
                y.clamp(view.y + 4.0, (view.y + view.h - bh - 4.0).max(view.y + 4.0)),
                bw,
                bh,
            )
        };
        let candidates = [
            fit(at.x + TILE + 6.0, at.y - 4.0),
            fit(at.x - 6.0 - bw, at.y - 4.0),
            fit(at.x + TILE + 6.0, at.y + TILE + 4.0 - bh),
            fit(at.x - 6.0 - bw, at.y + TILE + 4.0 - bh),
            fit(at.x + TILE / 2.0 - bw / 2.0, at.y + TILE + 6.0),
            fit(at.x + TILE / 2.0 - bw / 2.0, at.y - 6.0 - bh),
        ];
        let covered = |r: &Rect| keep_clear.iter().filter(|k| r.overlaps(k)).count();
        let bx = candidates
            .iter()
            .copied()
            .min_by_key(|r| covered(r))
            .unwrap_or(candidates[0]);
        panel(canvas, bx, Z_MENU);
        for (i, e) in entries.iter().enumerate() {
            let row = Rect::new(bx.x + 3.0, bx.y + 4.0 + i as f32 * row_h, bw - 6.0, row_h);
            let chosen = i == *choice;
            if chosen {
                rect(canvas, row, Color::new(1.0, 0.85, 0.35, 0.28), Z_MENU + 1);
                text(canvas, ">", Vec2::new(row.x + 3.0, row.y + 2.0), size, GOLD);
            }
            let color = if chosen { Color::WHITE } else { DIM_TEXT };
            text(canvas, e, Vec2::new(row.x + 15.0, row.y + 2.0), size, color);
            self.menu_rects.push(row);
        }
        if !forecast.is_empty() {
            let top = bx.y + 4.0 + row_h * entries.len() as f32 + 3.0;
            rect(canvas, Rect::new(bx.x + 6.0, top, bw - 12.0, 1.0), DIM_TEXT, Z_MENU + 1);
            for (i, f) in forecast.iter().enumerate() {
                let p = Vec2::new(bx.x + 10.0, top + 4.0 + 16.0 * i as f32);
                text(canvas, f, p, fs, GOLD);
            }
        }
    }

    fn draw_hud(&mut self, canvas: &mut Canvas) {
        let l = self.layout;
        let s = &self.session;
        let b = &s.battle();
        // Top band: phase and modes.
        rect(
            canvas,
            Rect::new(0.0, 0.0, l.w, BANNER_H),
            Color::new(0.0, 0.0, 0.0, 0.62),
            Z_HUD,
        );
        let title = hud::title(s);
        let title_color = match s.phase {
            Phase::Enemy { .. } | Phase::Over { winner: Team::Enemy } => ENEMY_TEXT,
            Phase::Over { .. } => GOLD,
            _ => PLAYER_TEXT,
        };
        text(canvas, &title, Vec2::new(8.0, 4.0), 16.0, title_color);
        let mut modes = Vec::new();
        if s.show_danger {
            modes.push("DANGER");
        }
        if self.fast || self.shift {
            modes.push("FAST ×4");
        }
        if s.can_undo() && matches!(s.phase, Phase::Select) {
            modes.push("U: undo");
        }
        let modes = modes.join("  ");
        text(
            canvas,
            &modes,
            Vec2::new(l.w - 8.0 - text_w(&modes, 13.0), 6.0),
            13.0,
            GOLD,
        );
        // Recent messages under the band (not over the menu or the result: text is on top).
        let max_chars = ((l.w - 20.0) / (12.0 * CHAR_W)) as usize;
        let quiet = matches!(s.phase, Phase::Action { .. } | Phase::Over { .. }) && !self.anims.busy();
        for (i, (line, age)) in self.log.iter().enumerate().filter(|_| !quiet) {
            let alpha = super::state::log_alpha(*age);
            let shown: String = line.chars().take(max_chars).collect();
            let y = BANNER_H + 3.0 + i as f32 * 15.0;
            let bg = Rect::new(4.0, y, text_w(&shown, 12.0) + 8.0, 15.0);
            rect(canvas, bg, Color::new(0.0, 0.0, 0.0, 0.45 * alpha), Z_HUD);
            text(
                canvas,
                &shown,
                Vec2::new(8.0, y + 1.0),
                12.0,
                Color::new(0.92, 0.92, 0.95, alpha),
            );
        }
        // A live-reload error stays on screen until the file is fixed; play goes on.
        if let Some(alert) = &self.alert {
            let lines: Vec<String> = std::iter::once("Reload failed; the old data stays in force:".to_string())
                .chain(alert.lines().take(6).map(|l| l.chars().take(max_chars).collect()))
                .collect();
            let y0 = BANNER_H + 3.0 + 4.0 * 15.0;
            let width = lines.iter().map(|l| text_w(l, 12.0)).fold(0.0, f32::max) + 12.0;
            let bg = Rect::new(4.0, y0, width, 15.0 * lines.len() as f32 + 6.0);
            rect(canvas, bg, Color::new(0.35, 0.02, 0.02, 0.88), Z_HUD);
            for (i, l) in lines.iter().enumerate() {
                text(
                    canvas,
                    l,
                    Vec2::new(10.0, y0 + 3.0 + 15.0 * i as f32),
                    12.0,
                    Color::new(1.0, 0.85, 0.8, 1.0),
                );
            }
        }
        // Bottom panel: unit and terrain under the cursor, key help.
        let top = l.h - PANEL_H;
        rect(
            canvas,
            Rect::new(0.0, top, l.w, PANEL_H),
            Color::new(0.05, 0.06, 0.09, 1.0),
            Z_HUD,
        );
        rect(
            canvas,
            Rect::new(0.0, top, l.w, 1.0),
            Color::new(0.45, 0.5, 0.62, 1.0),
            Z_HUD + 1,
        );
        let selected = match &s.phase {
            Phase::Target { unit, .. } | Phase::Action { unit, .. } => Some(*unit),
            _ => None,
        };
        let hovered = b.unit_at(s.cursor);
        let shown = hovered.or(selected);
        let x = 8.0;
        if let Some(id) = shown {
            let u = b.unit(id);
            let [l1, l2] = hud::unit_lines(b, s.profiles(), id, self.anims.shown_hp(id, u.hp));
            let color = if u.team == Team::Player {
                PLAYER_TEXT
            } else {
                ENEMY_TEXT
            };
            text(canvas, &l1, Vec2::new(x, top + 6.0), 14.0, color);
            text(canvas, &l2, Vec2::new(x, top + 23.0), 13.0, DIM_TEXT);
        } else {
            text(canvas, "no unit here", Vec2::new(x, top + 6.0), 14.0, DIM_TEXT);
        }
        let class = selected.or(hovered).map_or(ClassId(0), |u| b.unit(u).class);
        let terrain = hud::terrain_line(b, s.cursor, class);
        text(canvas, &terrain, Vec2::new(x, top + 40.0), 14.0, Color::WHITE);
        for (i, h) in hud::HELP.iter().enumerate() {
            text(canvas, h, Vec2::new(x, top + 59.0 + i as f32 * 13.0), 11.0, DIM_TEXT);
        }
        // The result, once the last blow has played.
        if let Phase::Over { winner } = s.phase
            && !self.anims.busy()
        {
            let v = l.map_view();
            rect(
                canvas,
                Rect::new(0.0, BANNER_H, l.w, v.h),
                Color::new(0.0, 0.0, 0.0, 0.45),
                Z_HUD + 2,
            );
            let (big, color) = match winner {
                Team::Player => ("Victory!", GOLD),
                Team::Enemy => ("Defeat", ENEMY_TEXT),
            };
            let standing = b.living(Team::Player).count();
            let lines = [
                format!("Turn {} · {standing} of your units standing", b.turn()),
                "R to play again · Q to quit".to_string(),
            ];
            let bw = lines.iter().map(|s| text_w(s, 14.0)).fold(text_w(big, 40.0), f32::max) + 40.0;
            let bx = Rect::new(l.w / 2.0 - bw / 2.0, v.y + v.h / 2.0 - 60.0, bw, 120.0);
            panel(canvas, bx, Z_HUD + 3);
            text(
                canvas,
                big,
                Vec2::new(l.w / 2.0 - text_w(big, 40.0) / 2.0, bx.y + 12.0),
                40.0,
                color,
            );
            for (i, line) in lines.iter().enumerate() {
                let p = Vec2::new(l.w / 2.0 - text_w(line, 14.0) / 2.0, bx.y + 66.0 + i as f32 * 20.0);
                text(canvas, line, p, 14.0, Color::WHITE);
            }
        }
    }
}

/// A line along side `d` of cell `p`, `thick` pixels wide, for the white batch.
fn edge_param(p: Pos, d: Dir, cam: Vec2, thick: f32) -> DrawParam {
    let o = anim::cell_px(p) - cam;
    let r = match d {
        Dir::Up => Rect::new(o.x, o.y, TILE, thick),
        Dir::Down => Rect::new(o.x, o.y + TILE - thick, TILE, thick),
        Dir::Left => Rect::new(o.x, o.y, thick, TILE),
        Dir::Right => Rect::new(o.x + TILE - thick, o.y, thick, TILE),
    };
    DrawParam::new().dest(r.point()).scale(r.size())
}
