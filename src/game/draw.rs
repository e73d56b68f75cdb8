//! Drawing one frame: terrain batched from the visible tiles, overlays, units layered by
//! their row, cursor, effects, menus and the HUD. Draw order comes from the `Z_*` layers
//! (plus the row for units), never from call order.

use super::anim::{self, Kind};
use super::assets::{Assets, TILE, ui};
use super::fog;
use super::overlay;
use super::state::GameState;
use super::versus::viewer;
use super::view::*;
use crate::play::phase::{Action, Phase};
use crate::rules::UnitId;
use crate::search::grid::Team;
use crate::search::grid::{Dir, Pos};
use ggez::glam::Vec2;
use ggez::graphics::{BlendMode, Canvas, Color, DrawParam, Image, Rect, Sampler};
use ggez::{Context, GameResult};

impl GameState {
    /// Draws the whole frame.
    pub(super) fn render(&mut self, ctx: &mut Context) -> GameResult {
        self.layout = Layout {
            goal_rows: self.layout.goal_rows,
            ..Layout::of(ctx, self.layout.scale)
        };
        let l = self.layout;
        // The map in map units (the player's zoom is this canvas's projection), then the
        // HUD over it at its own size.
        let world = Rect::new(0.0, 0.0, l.w / l.scale, l.h / l.scale);
        let cam = self.camera.pos.round();
        let map = &self.session.battle().map();
        let wv = l.world_view();
        let vis = Visible {
            lo: Pos::new(
                ((cam.x / TILE).floor() as i32).max(0),
                ((cam.y / TILE).floor() as i32).max(0),
            ),
            hi: Pos::new(
                (((cam.x + wv.w) / TILE).ceil() as i32).min(map.width() as i32),
                (((cam.y + wv.y + wv.h) / TILE).ceil() as i32).min(map.height() as i32),
            ),
        };
        let (ground, ground_changed) = self.paint_ground(ctx, world, cam, vis)?;
        // The panels around the map are the clear colour; the map pass stays inside the
        // map view, as if the panels covered what it draws beyond.
        let mut canvas = Pen::new(Canvas::from_frame(ctx, PANEL_BG));
        let (pw, ph) = ctx.gfx.drawable_size();
        let view = pixels_of(l.map_view(), l.zoom);
        if view.w >= 1.0 && view.h >= 1.0 {
            canvas.set_scissor_rect(view)?;
        }
        canvas.set_screen_coordinates(Rect::new(0.0, 0.0, pw, ph));
        // The ground is opaque: copied, not blended.
        canvas.set_blend_mode(BlendMode::REPLACE);
        canvas.paint(
            Drawn::Image(&ground),
            DrawParam::new()
                .src(Rect::new(view.x / pw, view.y / ph, view.w / pw, view.h / ph))
                .dest(view.point())
                .z(Z_TERRAIN),
        );
        canvas.set_blend_mode(BlendMode::ALPHA);
        canvas.set_screen_coordinates(world);
        canvas.set_sampler(Sampler::nearest_clamp());
        self.draw_veil(&mut canvas, cam, vis);
        self.draw_overlays(&mut canvas, cam, vis);
        self.draw_units(&mut canvas, cam, vis);
        self.draw_cursor_and_effects(&mut canvas, cam);
        self.draw_floaters(&mut canvas, cam);
        let (map_pass, mut marks) = canvas.into_parts();
        let mut canvas = Pen::new(Canvas::from_frame(ctx, None));
        canvas.set_screen_coordinates(Rect::new(0.0, 0.0, l.w, l.h));
        canvas.set_sampler(Sampler::nearest_clamp());
        // These layers lie under the HUD's and keep to the map view. (Not with a scissor
        // rectangle: its change between two pieces of text would split the text into two
        // runs, which ggez draws with wrong letters; see `view::text`.)
        if let Some(team) = self.handover_shown() {
            // Hot-seat's hand-over: nothing of the board, the panels or the log shows.
            self.draw_handover(&mut canvas, team);
        } else {
            self.draw_banner(&mut canvas);
            self.draw_level_up(&mut canvas);
            self.draw_enemy_pointers(&mut canvas, cam);
            self.draw_action_menu(&mut canvas, cam);
            self.draw_hud(&mut canvas);
        }
        let (hud_pass, hud_marks) = canvas.into_parts();
        marks.extend(hud_marks);
        // A frame that would come out as the last one, drawn just before on this window,
        // is kept as it is: the window's frame still holds it.
        let now = LastFrame {
            tick: ctx.time.ticks(),
            size: (pw, ph),
            marks,
        };
        let same = !ground_changed
            && self.batches.keep_frames
            && self
                .batches
                .last
                .as_ref()
                .is_some_and(|last| last.tick + 1 == now.tick && last.size == now.size && last.marks == now.marks);
        self.batches.last = Some(now);
        if same {
            return Ok(());
        }
        map_pass.finish(ctx)?;
        hud_pass.finish(ctx)
    }

    /// The ground picture (see [`Ground`]) for this frame, drawn again first if what it
    /// shows changed (then true).
    fn paint_ground(&mut self, ctx: &mut Context, world: Rect, cam: Vec2, vis: Visible) -> GameResult<(Image, bool)> {
        let image = self.batches.ground.image.image(ctx);
        let key = GroundKey {
            world,
            cam,
            vis: (vis.lo, vis.hi),
            size: (image.width(), image.height()),
            grid: self.grid_lines,
            cells: Vec::new(),
        };
        let cells = self.session.battle().map().cells();
        if self.batches.ground.is_up_to_date(&key, cells) {
            return Ok((image, false));
        }
        let key = GroundKey {
            cells: cells.to_vec(),
            ..key
        };
        let mut canvas = Pen::new(Canvas::from_image(ctx, image.clone(), MAP_BG));
        canvas.set_screen_coordinates(world);
        canvas.set_sampler(Sampler::nearest_clamp());
        self.draw_terrain(&mut canvas, cam, vis);
        canvas.into_parts().0.finish(ctx)?;
        self.batches.ground.shows = Some(key);
        Ok((image, true))
    }

    fn draw_terrain(&mut self, canvas: &mut Pen, cam: Vec2, vis: Visible) {
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
        canvas.paint(Drawn::Instances(&b.tiles), DrawParam::new().z(Z_TERRAIN));
        canvas.paint(Drawn::Instances(&b.flats), DrawParam::new().z(Z_TERRAIN));
        if self.grid_lines {
            // One thin line per visible column and row, over the terrain, under everything else.
            b.grid.clear();
            let color = Color::new(0.0, 0.0, 0.0, 0.28);
            let (top, left) = (vis.lo.y as f32 * TILE - cam.y, vis.lo.x as f32 * TILE - cam.x);
            let (h, w) = ((vis.hi.y - vis.lo.y) as f32 * TILE, (vis.hi.x - vis.lo.x) as f32 * TILE);
            for x in vis.lo.x..=vis.hi.x {
                let at = Vec2::new(x as f32 * TILE - cam.x, top);
                b.grid
                    .push(DrawParam::new().dest(at).scale(Vec2::new(1.0, h)).color(color));
            }
            for y in vis.lo.y..=vis.hi.y {
                let at = Vec2::new(left, y as f32 * TILE - cam.y);
                b.grid
                    .push(DrawParam::new().dest(at).scale(Vec2::new(w, 1.0)).color(color));
            }
            canvas.paint(Drawn::Instances(&b.grid), DrawParam::new().z(Z_TERRAIN + 1));
        }
    }

    /// The player unit whose walk plays now, with the cell it is shown on (under fog its
    /// sight is drawn step by step).
    fn walker(&self) -> Option<(UnitId, Pos)> {
        match self.anims.current().map(|a| &a.kind) {
            Some(Kind::Move { unit, .. }) => {
                let px = self.unit_px(*unit);
                let at = Pos::new((px.x / TILE).round() as i32, (px.y / TILE).round() as i32);
                fog::walking(self.session.battle(), Some((*unit, at)))
            }
            _ => None,
        }
    }

    /// Under fog, a dark veil over every cell the player does not see (nothing without).
    fn draw_veil(&mut self, canvas: &mut Pen, cam: Vec2, vis: Visible) {
        let [r, g, b, a] = fog::VEIL;
        for p in fog::veiled_walking(self.session.battle(), vis.lo, vis.hi, self.walker()) {
            let at = anim::cell_px(p) - cam;
            rect(
                canvas,
                Rect::new(at.x, at.y, TILE, TILE),
                Color::new(r, g, b, a),
                Z_TERRAIN + 2,
            );
        }
    }

    fn draw_overlays(&mut self, canvas: &mut Pen, cam: Vec2, vis: Visible) {
        let (a, b) = (&self.assets, &mut self.batches);
        let battle = self.session.battle();
        let (ov, arrow, lines) = (&mut b.overlay, &mut b.arrow, &mut b.lines);
        ov.clear();
        arrow.clear();
        lines.clear();
        let attack_sq = a.ui.cell(ui::ATTACK, 0);
        let cursor = self.session.cursor();
        // The enemy under the cursor, whose own zone is shown on top of the danger tint.
        let hovered = battle
            .unit_at(cursor)
            .filter(|&u| battle.unit(u).team() != viewer(battle) && fog::seen(battle, u))
            .filter(|_| matches!(self.session.phase(), Phase::Select | Phase::Target { .. }));
        // An inspected enemy shows its zone without the danger tint.
        let inspected = match self.session.phase() {
            Phase::Inspect { enemy } => Some(*enemy),
            _ => None,
        };
        let hovered = inspected.or(hovered.filter(|_| self.session.show_danger()));
        // Where the zone's word stands, in world pixels, for the notice to keep off.
        let mut zone_label = None;
        let threatened: Vec<Pos> = if self.session.show_danger() && !battle.goals().hold.is_empty() {
            self.zones
                .hold_threats(battle, self.session.profiles())
                .iter()
                .map(|t| t.1)
                .collect()
        } else {
            Vec::new()
        };
        let (danger, zone) = if self.session.show_danger() || inspected.is_some() {
            let (d, z) = self.zones.get(battle, self.session.profiles(), hovered);
            (if self.session.show_danger() { d } else { &[][..] }, z)
        } else {
            (&[][..], None)
        };
        let w = battle.map().width();
        let rgba = |c: [f32; 4]| Color::new(c[0], c[1], c[2], c[3]);
        let fill = |p: Pos, c: Color| {
            DrawParam::new()
                .dest(anim::cell_px(p) - cam)
                .scale(Vec2::splat(TILE))
                .color(c)
        };
        // The objective's cells first, so that the danger tint and its outline lie over them
        // (issue 33: the marker of a cell to defend hid the tint): gold squares for the cells
        // to seize; the cells to defend get a marker of their own, a blue frame with corner
        // brackets and a shield, red and pulsing in the danger view when an enemy can end its
        // next move there.
        let goals = battle.goals();
        let seize: &[Pos] = match &goals.win {
            crate::rules::Goal::Seize { cells, .. } => cells,
            _ => &[],
        };
        // (The panel beside the map says what a marked cell is when the cursor is on it.)
        for &p in seize.iter().filter(|p| vis.contains(**p)) {
            lines.push(fill(p, Color { a: 0.22, ..GOLD }));
            for d in Dir::ALL {
                lines.push(edge_param(p, d, cam, 5.0).color(Color::new(0.0, 0.0, 0.0, 0.75)));
            }
            for d in Dir::ALL {
                lines.push(edge_param(p, d, cam, 3.0).color(GOLD));
            }
        }
        let pulse = 0.6 + 0.4 * (self.clock * 5.0).sin();
        for &p in goals.hold.iter().filter(|p| vis.contains(**p)) {
            let color = if threatened.contains(&p) {
                Color::new(1.0, 0.3 * pulse, 0.25, 1.0)
            } else {
                Color::new(0.45, 0.75, 1.0, 1.0)
            };
            lines.push(fill(p, Color { a: 0.25, ..color }));
            for d in Dir::ALL {
                lines.push(edge_param(p, d, cam, 4.0).color(Color::new(0.0, 0.0, 0.0, 0.75)));
                lines.push(edge_param(p, d, cam, 2.0).color(color));
            }
            let o = anim::cell_px(p) - cam;
            let px = |x: f32, y: f32, w: f32, h: f32, c: Color| {
                DrawParam::new()
                    .dest(o + Vec2::new(x, y))
                    .scale(Vec2::new(w, h))
                    .color(c)
            };
            // Corner brackets, inside the frame.
            for (x, y) in [(3.0, 3.0), (22.0, 3.0), (3.0, 22.0), (22.0, 22.0)] {
                let hx = if x < 16.0 { x } else { x + 4.0 };
                let vy = if y < 16.0 { y } else { y + 4.0 };
                lines.push(px(x, vy, 7.0, 3.0, Color::WHITE));
                lines.push(px(hx, y, 3.0, 7.0, Color::WHITE));
            }
            // A shield: dark outline, then its face in the marker's colour.
            let dark = Color::new(0.05, 0.08, 0.15, 0.9);
            lines.push(px(10.0, 9.0, 12.0, 10.0, dark));
            lines.push(px(12.0, 19.0, 8.0, 3.0, dark));
            lines.push(px(14.0, 22.0, 4.0, 2.0, dark));
            lines.push(px(11.0, 10.0, 10.0, 9.0, color));
            lines.push(px(13.0, 19.0, 6.0, 2.0, color));
            lines.push(px(15.0, 21.0, 2.0, 2.0, color));
            lines.push(px(15.0, 11.0, 2.0, 9.0, Color::WHITE));
        }
        if !danger.is_empty() {
            // A light wash and a red outline: the map stays readable under the zone.
            let inside = |p: Pos| {
                battle.map().contains(p)
                    && danger.get(p.y as usize * w + p.x as usize) == Some(&true)
                    && zone.is_none_or(|z| z.covered.get(p.y as usize * w + p.x as usize) != Some(&true))
            };
            let stripes = overlay::hatch(TILE);
            for y in vis.lo.y..vis.hi.y {
                for x in vis.lo.x..vis.hi.x {
                    if inside(Pos::new(x, y)) {
                        lines.push(fill(Pos::new(x, y), rgba(overlay::DANGER_FILL)));
                        // Stripes up and to the right (turned about their start).
                        let o = anim::cell_px(Pos::new(x, y)) - cam;
                        for (sx, sy, len) in stripes {
                            lines.push(
                                DrawParam::new()
                                    .dest(o + Vec2::new(sx, sy - overlay::HATCH_THICK / 2.0))
                                    .scale(Vec2::new(len, overlay::HATCH_THICK))
                                    .rotation(-std::f32::consts::FRAC_PI_4)
                                    .color(rgba(overlay::DANGER_HATCH)),
                            );
                        }
                    }
                }
            }
            let hi = Pos::new(vis.hi.x - 1, vis.hi.y - 1);
            for (p, d) in overlay::outline(vis.lo, hi, inside) {
                lines.push(edge_param(p, d, cam, 2.0).color(rgba(overlay::DANGER_EDGE)));
            }
        }
        // A unit's move range: a light wash, its edge outlined.
        let wash = |range: &crate::search::range::Range, lines: &mut ggez::graphics::InstanceArray| {
            for c in range.cells().filter(|c| vis.contains(c.at)) {
                lines.push(fill(c.at, rgba(overlay::MOVE_FILL)));
            }
            let hi = Pos::new(vis.hi.x - 1, vis.hi.y - 1);
            for (p, d) in overlay::outline(vis.lo, hi, |p| range.contains(p)) {
                lines.push(edge_param(p, d, cam, 2.0).color(rgba(overlay::MOVE_EDGE)));
            }
        };
        match &self.session.phase() {
            Phase::Target { unit, range, .. } => {
                // A canto unit's second move attacks nobody: no attack fringe.
                if !battle.unit(*unit).may_canto() {
                    let key = (*unit, range.origin());
                    if b.fringe.as_ref().is_none_or(|(u, o, _)| (*u, *o) != key) {
                        b.fringe = Some((key.0, key.1, overlay::attack_fringe(battle, *unit, range)));
                    }
                    if let Some((_, _, fringe)) = &b.fringe {
                        for &p in fringe.iter().filter(|p| vis.contains(**p)) {
                            ov.push(on_cell(attack_sq, p, cam).color(Color::new(1.0, 1.0, 1.0, 0.55)));
                        }
                    }
                }
                wash(range, lines);
                if let Some((from, path)) = self.session.route() {
                    for piece in overlay::arrow(from, &path) {
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
                // A canto unit's Move / Wait menu: the range its movement left reaches.
                if let Some(range) = self.session.canto_range() {
                    wash(range, lines);
                }
                for (i, o) in options.iter().enumerate() {
                    if let Action::Attack(t) = o {
                        let alpha = if i == *choice { 1.0 } else { 0.5 };
                        let p = battle.unit(*t).pos();
                        ov.push(on_cell(attack_sq, p, cam).color(Color::new(1.0, 1.0, 1.0, alpha)));
                    }
                }
            }
            _ => {}
        }
        // The zone of the enemy under the cursor, with its profile's area outlined.
        if let (Some(z), Some(enemy)) = (zone, hovered) {
            let tint = Color::new(1.0, 0.55, 0.9, 0.3);
            for &p in z.zone.moves.iter().filter(|p| vis.contains(**p)) {
                lines.push(fill(p, tint));
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
                l if l.starts_with("on watch") => Color::new(0.55, 0.85, 1.0, 1.0),
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
            let at = battle.unit(enemy).pos();
            // The shape's word on a dark plate, above the enemy, or below it when a unit
            // stands above (issue 33: small, pale, and over the next unit).
            let label = z.label.clone();
            let size = 13.0;
            let w = text_w(&label, size);
            let above = battle.unit_at(Pos::new(at.x, at.y - 1)).is_none() && at.y > 0;
            let dy = if above { -size - 5.0 } else { TILE + 3.0 };
            let p = anim::cell_px(at) - cam + Vec2::new(TILE / 2.0 - w / 2.0, dy);
            // `p` is relative to the view, as the world view is.
            if self.layout.world_view().contains(p) {
                let plate = Rect::new(p.x - 4.0, p.y - 2.0, w + 8.0, size + 4.0);
                rect(canvas, plate, Color::new(0.02, 0.03, 0.06, 0.85), Z_CURSOR - 1);
                text(canvas, &label, p, size, edge);
                zone_label = Some(Rect::new(plate.x + cam.x, plate.y + cam.y, plate.w, plate.h));
            }
        }
        // Last, over every wash and hatching: cells held by zones of control that stop the side moving now: dashed frames.
        if let Some(mover) = overlay::zones_shown(&self.session) {
            let hi = Pos::new(vis.hi.x - 1, vis.hi.y - 1);
            let held = overlay::zone_cells(battle, mover, vis.lo, hi);
            for (dashes, color) in [
                (overlay::zone_dashes(TILE, 4.0, 1.0), overlay::ZONE_UNDER),
                (overlay::zone_dashes(TILE, 2.0, 0.0), overlay::ZONE_EDGE),
            ] {
                for &p in &held {
                    let o = anim::cell_px(p) - cam;
                    for [x, y, w, h] in &dashes {
                        lines.push(
                            DrawParam::new()
                                .dest(o + Vec2::new(*x, *y))
                                .scale(Vec2::new(*w, *h))
                                .color(rgba(color)),
                        );
                    }
                }
            }
        }
        canvas.paint(Drawn::Instances(ov), DrawParam::new().z(Z_OVERLAY));
        canvas.paint(Drawn::Instances(lines), DrawParam::new().z(Z_OUTLINE));
        canvas.paint(Drawn::Instances(arrow), DrawParam::new().z(Z_PATH));
        self.zone_label = zone_label;
    }

    fn draw_units(&mut self, canvas: &mut Pen, cam: Vec2, vis: Visible) {
        let b = &self.session.battle();
        let current = self.anims.current();
        // Under fog, during a player unit's walk: what it sees from the step it is on.
        let walk_sight = self.walker().map(|(u, at)| fog::sight_walking(b, u, at));
        for (i, u) in b.units().iter().enumerate() {
            let id = UnitId(i);
            let alpha = if u.alive() {
                self.anims.arriving_alpha(id).unwrap_or(1.0)
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
            // Under fog, an enemy on a cell the player does not see is not drawn at all.
            if !margin.contains(cell) || !fog::shown_walking(b, id, cell, walk_sight.as_deref()) {
                continue;
            }
            let at = (world - cam).round();
            // Idle frames alternate every half second, neighbours out of step.
            let frame = ((self.clock * 2.0) as u32 + i as u32) % 2;
            let mut tint = if u.team() == Team::Player && u.acted() && !u.may_canto() && u.alive() {
                Color::new(0.5, 0.5, 0.55, 1.0)
            } else {
                Color::WHITE
            };
            // The hit flash: the struck unit blinks white-red for a moment at the impact.
            let flash = current.is_some_and(|a| a.flashing(id));
            if flash {
                tint = if ((self.clock * 30.0) as u32).is_multiple_of(2) {
                    Color::new(1.0, 0.25, 0.25, 1.0)
                } else {
                    Color::new(1.0, 0.85, 0.85, 1.0)
                };
            }
            tint.a = alpha;
            let z = Z_UNIT + 2 * world.y.round() as i32;
            let sheet = self.assets.units_of(u.team());
            let src = sheet.cell(frame, Assets::unit_row(u.sprite()));
            // Far out, sprites keep a readable size, grown about their cell's centre.
            let k = self.layout.sprite_boost();
            let at = at - Vec2::splat(TILE * (k - 1.0) / 2.0);
            canvas.paint(
                Drawn::Image(&sheet.image),
                DrawParam::new()
                    .src(src)
                    .dest(at)
                    .scale(Vec2::splat(k))
                    .color(tint)
                    .z(z),
            );
            if flash {
                // A second, additive-looking pass brightens the flash on dark sprites.
                canvas.paint(
                    Drawn::Image(&sheet.image),
                    DrawParam::new()
                        .src(src)
                        .dest(at)
                        .scale(Vec2::splat(k))
                        .color(Color::new(1.0, 1.0, 1.0, 0.5 * alpha))
                        .z(z),
                );
            }
            // The team badge: a shape and a lightness of each side's own, over the sprite.
            let b = badge(u.team());
            for ((o, side, turned), c) in badge_quads(b, at, k).into_iter().zip([b.edge, b.fill]) {
                canvas.paint(
                    Drawn::Quad,
                    DrawParam::new()
                        .dest(o)
                        .scale(Vec2::splat(side))
                        .rotation(if turned { std::f32::consts::FRAC_PI_4 } else { 0.0 })
                        .color(Color::new(c[0], c[1], c[2], c[3] * alpha))
                        .z(z + 1),
                );
            }
            // Hit point bar under the sprite.
            let hp = self.anims.shown_hp(id, u.hp());
            let frac = (hp as f32 / u.stats().hp.max(1) as f32).clamp(0.0, 1.0);
            let bar = Rect::new(at.x + 4.0 * k, at.y + 29.0 * k, 24.0 * k, 3.0 * k);
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

    fn draw_cursor_and_effects(&mut self, canvas: &mut Pen, cam: Vec2) {
        let a = &self.assets;
        let player_phase = matches!(
            self.session.phase(),
            Phase::Select | Phase::Target { .. } | Phase::Action { .. }
        );
        if player_phase {
            let frame = if ((self.clock * 2.5) as u32).is_multiple_of(2) {
                ui::CURSOR
            } else {
                ui::CURSOR_ALT
            };
            let p = on_cell(a.ui.cell(frame, 0), self.session.cursor(), cam);
            canvas.paint(Drawn::Image(&a.ui.image), p.z(Z_CURSOR));
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
                canvas.paint(Drawn::Image(&a.ui.image), p.z(Z_CURSOR));
            }
            // An arrival: brackets in the colour of its side.
            Kind::Arrive { unit } => {
                let at = (self.unit_px(*unit) - cam).round();
                let color = if self.session.battle().unit(*unit).team() == Team::Enemy {
                    Color::new(1.0, 0.35, 0.3, 1.0)
                } else {
                    Color::new(0.55, 0.8, 1.0, 1.0)
                };
                let p = DrawParam::new().src(a.ui.cell(ui::CURSOR, 0)).dest(at).color(color);
                canvas.paint(Drawn::Image(&a.ui.image), p.z(Z_CURSOR));
            }
            _ => {}
        }
    }
}

impl GameState {
    /// The phase banner across the middle of the map view.
    fn draw_banner(&mut self, canvas: &mut Pen) {
        let Some(cur) = self.anims.current() else { return };
        if let Kind::Banner { text: words } = &cur.kind {
            {
                let l = self.layout;
                let v = l.map_view();
                // Fade in and out.
                let t = cur.progress();
                let alpha = (t * 6.0).min((1.0 - t) * 6.0).clamp(0.0, 1.0);
                let band = Rect::new(v.x, v.y + v.h / 2.0 - 26.0, v.w, 52.0);
                rect(canvas, band, Color::new(0.0, 0.0, 0.0, 0.6 * alpha), Z_BANNER);
                let color = if cur.enemy { ENEMY_TEXT } else { PLAYER_TEXT };
                // As large as 28 px, smaller when the words would not fit the map view (found:
                // the castle's objective ran into the side panel), centred in it.
                let size = (28.0_f32).min((v.w - 24.0) / (words.chars().count().max(1) as f32 * CHAR_W));
                let slide = (1.0 - anim::ease_out(t * 3.0)) * 60.0;
                let p = Vec2::new(v.x + v.w / 2.0 - text_w(words, size) / 2.0 - slide, band.y + 10.0);
                text(canvas, words, p, size, Color { a: alpha, ..color });
            }
        }
    }

    /// A level-up: a ribbon at the top of the map view with the stats that grew, fading in
    /// and out, and a bar running down under it: it goes by itself, with no frame like the
    /// boxes that wait to be closed (issue 33: Esc pressed to close it opened the game menu),
    /// and it keeps off the units in the map's middle.
    fn draw_level_up(&mut self, canvas: &mut Pen) {
        let Some(cur) = self.anims.current() else { return };
        let Kind::LevelUp { lines } = &cur.kind else { return };
        let l = self.layout;
        let v = l.map_view();
        let t = cur.progress();
        let alpha = (t * 8.0).min((1.0 - t) * 8.0).clamp(0.0, 1.0);
        let size = 14.0_f32;
        let longest = lines.iter().map(|s| s.chars().count()).max().unwrap_or(1) as f32;
        let (w, h) = (longest * size * CHAR_W + 32.0, lines.len() as f32 * size * 1.5 + 24.0);
        let r = Rect::new(v.x + (v.w - w) / 2.0, v.y + 8.0, w, h);
        rect(canvas, clip(r, v), Color::new(0.05, 0.06, 0.1, 0.8 * alpha), Z_BANNER);
        // The time left, as a bar that shrinks to nothing.
        let bar = Rect::new(r.x, r.bottom() - 3.0, r.w * (1.0 - t), 3.0);
        rect(canvas, clip(bar, v), Color::new(1.0, 0.85, 0.35, 0.9 * alpha), Z_BANNER);
        for (i, line) in lines.iter().enumerate() {
            let color = match i {
                0 => GOLD,
                _ if line.contains('→') => PLAYER_TEXT,
                _ => DIM_TEXT,
            };
            let at = Vec2::new(r.x + 16.0, r.y + 12.0 + i as f32 * size * 1.5);
            text(
                canvas,
                line,
                at,
                if i == 0 { size * 1.1 } else { size },
                Color { a: alpha, ..color },
            );
        }
    }

    /// A red pointer at the edge of the view towards each living enemy out of sight.
    fn draw_enemy_pointers(&mut self, canvas: &mut Pen, cam: Vec2) {
        if !matches!(
            self.session.phase(),
            Phase::Select | Phase::Target { .. } | Phase::Inspect { .. }
        ) {
            return;
        }
        let (l, b, a) = (self.layout, self.session.battle(), &self.assets);
        let view = l.map_view();
        // Hot-seat: the other side's units, whichever side is to play.
        for e in b.living(viewer(b).other()).filter(|&e| fog::seen(b, e)) {
            let centre = l.to_screen(anim::cell_px(b.unit(e).pos()) + Vec2::splat(TILE / 2.0), cam);
            if let Some((at, angle)) = edge_pointer(view, centre, 12.0) {
                let half = Vec2::splat(TILE / 4.0);
                let corner = at - Vec2::from_angle(angle).rotate(half);
                let p = DrawParam::new()
                    .src(a.ui.cell(ui::ARROW_HEAD, 0))
                    .dest(corner)
                    .rotation(angle)
                    .scale(Vec2::splat(0.5))
                    .color(Color::new(1.0, 0.3, 0.25, 1.0))
                    .z(Z_MENU);
                canvas.paint(Drawn::Image(&a.ui.image), p);
            }
        }
    }
}

/// The window pixels a region of drawing units covers at `zoom`: those whose centres lie
/// inside it, as a filled rectangle covers them.
pub(super) fn pixels_of(r: Rect, zoom: f32) -> Rect {
    let x0 = (r.x * zoom - 0.5).ceil().max(0.0);
    let y0 = (r.y * zoom - 0.5).ceil().max(0.0);
    let x1 = (r.right() * zoom - 0.5).ceil().max(x0);
    let y1 = (r.bottom() * zoom - 0.5).ceil().max(y0);
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

/// Where a pointer towards `target` (drawing units) sits when it is outside `view`: on
/// the view's edge, `inset` inside it, with the angle to turn a right-facing arrow to face
/// the target. `None` when the target shows.
pub(super) fn edge_pointer(view: Rect, target: Vec2, inset: f32) -> Option<(Vec2, f32)> {
    if view.contains(target) {
        return None;
    }
    let centre = Vec2::new(view.x + view.w / 2.0, view.y + view.h / 2.0);
    let d = target - centre;
    let (hw, hh) = ((view.w / 2.0 - inset).max(1.0), (view.h / 2.0 - inset).max(1.0));
    let k = (hw / d.x.abs().max(1e-3)).min(hh / d.y.abs().max(1e-3)).min(1.0);
    Some((centre + d * k, d.y.atan2(d.x)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_views_pixels_are_those_a_filled_rectangle_covers() {
        // 1280×800: one pixel per drawing unit, the map view from row 39.
        let l = Layout::new(1280.0, 800.0, 1.0);
        let v = l.map_view();
        assert_eq!(pixels_of(v, l.zoom), Rect::new(0.0, 39.0, 1016.0, 663.0));
        // 2561×1601 zooms twice over a window of odd size: the map view ends half-way
        // through a pixel, which belongs to the log under it (its centre is below the edge).
        let l = Layout::new(2561.0, 1601.0, 1.0);
        let v = l.map_view();
        let p = pixels_of(v, l.zoom);
        assert_eq!((p.x, p.y), (0.0, 78.0));
        assert_eq!(p.bottom(), (v.bottom() * 2.0 - 0.5).ceil());
        assert!(p.bottom() - 0.5 < v.bottom() * 2.0 && p.bottom() + 0.5 >= v.bottom() * 2.0);
    }

    #[test]
    fn a_box_is_clipped_to_the_map_view() {
        let v = Rect::new(0.0, 39.0, 1016.0, 663.0);
        assert_eq!(
            clip(Rect::new(900.0, 300.0, 300.0, 52.0), v),
            Rect::new(900.0, 300.0, 116.0, 52.0)
        );
        assert_eq!(
            clip(Rect::new(10.0, 10.0, 20.0, 20.0), v),
            Rect::new(10.0, 39.0, 20.0, 0.0)
        );
        assert_eq!(clip(Rect::new(1100.0, 10.0, 20.0, 20.0), v).w, 0.0, "outside: empty");
    }

    #[test]
    fn an_enemy_out_of_sight_gets_a_pointer_on_the_edge_towards_it() {
        let view = Rect::new(0.0, 24.0, 640.0, 368.0);
        assert_eq!(edge_pointer(view, Vec2::new(100.0, 100.0), 12.0), None, "in sight");
        let (at, angle) = edge_pointer(view, Vec2::new(2000.0, 208.0), 12.0).unwrap();
        assert_eq!(at, Vec2::new(628.0, 208.0), "right edge, level with it");
        assert_eq!(angle, 0.0, "facing right");
        let (at, _) = edge_pointer(view, Vec2::new(320.0, -500.0), 12.0).unwrap();
        assert_eq!(at, Vec2::new(320.0, 36.0), "top edge");
    }
}
