//! The words on screen and the boxes that hold them, drawn: the top band with its buttons,
//! the panels, the action menu and forecast, questions and the result box. What they say is
//! in [`text`].

pub mod text;

pub use text::*;

use super::anim;
use super::assets::TILE;
use super::buttons::{BUTTON_TEXT, Placed, ask_box, ending_box, ending_buttons, on_screen, title_room};
use super::state::GameState;
use super::view::*;
use crate::load::terrain::ClassId;
use crate::play::phase::{Action, Phase};
use crate::search::grid::Team;
use ggez::glam::Vec2;
use ggez::graphics::{Canvas, Color, Rect};

impl GameState {
    pub(super) fn draw_action_menu(&mut self, canvas: &mut Canvas, cam: Vec2) {
        self.menu_rects.clear();
        let Phase::Action {
            unit, options, choice, ..
        } = &self.session.phase()
        else {
            return;
        };
        if self.anims.busy() {
            return;
        }
        let b = &self.session.battle();
        let l = self.layout;
        let entries = menu(b, *unit, options);
        let (size, row_h, fs) = (14.0, 20.0, 13.0);
        // The forecast of the highlighted attack, split after its first clause.
        let ahead = self.session.forecast();
        // A counter that would fell the attacker is the line in red.
        let lethal = ahead
            .as_ref()
            .is_some_and(|(_, _, f)| f.counter.is_some() && f.attacker_hp == 0);
        let forecast: Vec<String> = ahead
            .map(|(att, def, f)| forecast(b, att, def, &f))
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
        // Keep the unit and every target in sight, the highlighted one above all.
        let tile = TILE * l.scale;
        let cell_rect = |world: Vec2| {
            let p = l.to_screen(world, cam);
            Rect::new(p.x, p.y, tile, tile)
        };
        let unit_rect = cell_rect(self.unit_px(*unit));
        let about = match options.get(*choice) {
            Some(Action::Attack(t) | Action::Heal(t)) => Some(cell_rect(anim::cell_px(b.unit(*t).pos))),
            _ => None,
        };
        let others: Vec<Rect> = options
            .iter()
            .filter_map(|o| match o {
                Action::Attack(t) | Action::Heal(t) => Some(cell_rect(anim::cell_px(b.unit(*t).pos))),
                Action::Wait => None,
            })
            .collect();
        let bx = place_menu(unit_rect, about, &others, Vec2::new(bw, bh), l.map_view());
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
                let color = if lethal && i == 1 { ENEMY_TEXT } else { GOLD };
                text(canvas, f, p, fs, color);
            }
        }
    }

    pub(super) fn draw_hud(&mut self, canvas: &mut Canvas) {
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
        let title = title(s, &self.scenario_name());
        let title_color = match s.phase() {
            Phase::Enemy { .. } | Phase::Over { winner: Team::Enemy } => ENEMY_TEXT,
            Phase::Over { .. } => GOLD,
            _ => PLAYER_TEXT,
        };
        // The buttons at the band's right end; the title gives way to them.
        let band: Vec<Placed> = self
            .buttons_now()
            .into_iter()
            .filter(|p| p.rect.bottom() <= BANNER_H)
            .collect();
        let fast = if self.fast || self.shift { "FAST ×4" } else { "" };
        let fast_w = if fast.is_empty() {
            0.0
        } else {
            text_w(fast, 13.0) + 12.0
        };
        let title = fit(&title, title_room(&band) - fast_w, 16.0);
        text(canvas, &title, Vec2::new(8.0, 4.0), 16.0, title_color);
        if !fast.is_empty() {
            let x = band.first().map_or(l.w - 4.0, |p| p.rect.x) - fast_w;
            text(canvas, fast, Vec2::new(x, 6.0), 13.0, GOLD);
        }
        let hover = self.pointer.map(|p| l.to_logical(p.x, p.y));
        for p in &band {
            draw_button(canvas, p, hover, Z_HUD + 1);
        }
        // The objective, when the scenario has one: its own line under the band, always shown
        // (in gold on the last turn a limit leaves), wrapped to the window.
        let max_chars = ((l.w - 20.0) / (12.0 * CHAR_W)) as usize;
        let goal_rows: Vec<String> =
            objective_text(b).map_or(Vec::new(), |g| wrap(&format!("Objective: {g}"), max_chars));
        let goal_color = if last_turn(b) {
            GOLD
        } else {
            Color::new(0.75, 0.88, 1.0, 1.0)
        };
        for (i, row) in goal_rows.iter().enumerate() {
            let y = BANNER_H + i as f32 * 15.0;
            rect(
                canvas,
                Rect::new(0.0, y, text_w(row, 12.0) + 16.0, 15.0),
                Color::new(0.0, 0.0, 0.0, 0.62),
                Z_HUD,
            );
            text(canvas, row, Vec2::new(8.0, y + 1.0), 12.0, goal_color);
        }
        let top = BANNER_H + goal_rows.len() as f32 * 15.0;
        // Recent messages under the band (not over the menu or the result: text is on top).
        let quiet = matches!(s.phase(), Phase::Action { .. } | Phase::Over { .. }) && !self.anims.busy();
        let rows: Vec<(String, f32)> = self
            .log
            .iter()
            .filter(|_| !quiet)
            .flat_map(|(line, age)| wrap(line, max_chars).into_iter().map(|l| (l, *age)))
            .collect();
        let log_rows = rows.len();
        for (i, (shown, age)) in rows.iter().enumerate() {
            let alpha = super::state::log_alpha(*age);
            let y = top + 3.0 + i as f32 * 15.0;
            let bg = Rect::new(4.0, y, text_w(shown, 12.0) + 8.0, 15.0);
            rect(canvas, bg, Color::new(0.0, 0.0, 0.0, 0.45 * alpha), Z_HUD);
            text(
                canvas,
                shown,
                Vec2::new(8.0, y + 1.0),
                12.0,
                Color::new(0.92, 0.92, 0.95, alpha),
            );
        }
        // A live-reload error stays on screen until the file is fixed; play goes on.
        if let Some(alert) = &self.alert {
            let lines: Vec<String> = std::iter::once("Reload failed; the old data stays in force:".to_string())
                .chain(alert.lines().flat_map(|l| wrap(l, max_chars)))
                .collect();
            let y0 = top + 3.0 + log_rows as f32 * 15.0;
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
        let selected = match &s.phase() {
            Phase::Target { unit, .. } | Phase::Action { unit, .. } => Some(*unit),
            _ => None,
        };
        let hovered = b.unit_at(s.cursor());
        let shown = hovered.or(selected);
        let x = 8.0;
        if let Some(id) = shown {
            let u = b.unit(id);
            let [l1, l2] = unit_lines(b, s.profiles(), id, self.anims.shown_hp(id, u.hp));
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
        let mut terrain = terrain_line(b, s.cursor(), class);
        if let Some((cost, left)) = s.route_cost() {
            terrain.push_str(&format!("   route cost {cost} · {left} move left"));
        }
        text(canvas, &terrain, Vec2::new(x, top + 40.0), 14.0, Color::WHITE);
        for (i, h) in HELP.iter().enumerate() {
            text(canvas, h, Vec2::new(x, top + 59.0 + i as f32 * 13.0), 11.0, DIM_TEXT);
        }
        // The question, with its buttons.
        if let Some(ask) = s.pending() {
            let q = ask_text(ask, b);
            let (bx, answers) = ask_box(&l, &q);
            panel(canvas, bx, Z_HUD + 3);
            let at = Vec2::new(l.w / 2.0 - text_w(&q, 14.0) / 2.0, bx.y + 13.0);
            text(canvas, &q, at, 14.0, GOLD);
            for p in &answers {
                draw_button(canvas, p, hover, Z_HUD + 4);
            }
        }
        // The result, once the last blow has played.
        if let Phase::Over { winner } = s.phase()
            && let Some((bx, [head, numbers], big_size)) = self.result_box()
        {
            let v = l.map_view();
            rect(
                canvas,
                Rect::new(0.0, BANNER_H, l.w, v.h),
                Color::new(0.0, 0.0, 0.0, 0.45),
                Z_HUD + 2,
            );
            let color = match winner {
                Team::Player => GOLD,
                Team::Enemy => ENEMY_TEXT,
            };
            panel(canvas, bx, Z_HUD + 3);
            let big = head.as_str();
            text(
                canvas,
                big,
                Vec2::new(l.w / 2.0 - text_w(big, big_size) / 2.0, bx.y + 14.0),
                big_size,
                color,
            );
            let p = Vec2::new(l.w / 2.0 - text_w(&numbers, 14.0) / 2.0, bx.y + 62.0);
            text(canvas, &numbers, p, 14.0, Color::WHITE);
            for p in &ending_buttons(bx) {
                draw_button(canvas, p, hover, Z_HUD + 4);
            }
        }
    }

    /// The result box, its two lines and the headline's size, once the battle is decided,
    /// the last blow has played and no question is open.
    pub(super) fn result_box(&self) -> Option<(Rect, [String; 2], f32)> {
        let s = &self.session;
        if !matches!(s.phase(), Phase::Over { .. }) || self.anims.busy() || s.pending().is_some() {
            return None;
        }
        let l = self.layout;
        let lines = ending_lines(s.battle())?;
        let big_size = if text_w(&lines[0], 32.0) > l.w - 60.0 {
            22.0
        } else {
            32.0
        };
        let widest = text_w(&lines[0], big_size).max(text_w(&lines[1], 14.0));
        Some((ending_box(&l, widest), lines, big_size))
    }

    /// Every button on screen now (see [`super::buttons::on_screen`]): what is drawn and
    /// what a click hits come from here.
    pub(super) fn buttons_now(&self) -> Vec<Placed> {
        let s = &self.session;
        let question = s.pending().map(|a| ask_text(a, s.battle()));
        let result = self.result_box().map(|r| r.0);
        on_screen(&self.layout, s, self.anims.busy(), question.as_deref(), result)
    }
}

/// Draws button `p`, brighter under the pointer at `hover` (drawing units), dim when off.
fn draw_button(canvas: &mut Canvas, p: &Placed, hover: Option<Vec2>, z: i32) {
    let over = p.enabled && hover.is_some_and(|h| p.rect.contains(h));
    let (edge, fill, ink) = match (p.enabled, p.lit, over) {
        (false, _, _) => (
            Color::new(0.3, 0.32, 0.38, 0.9),
            Color::new(0.08, 0.09, 0.12, 0.9),
            Color::new(0.45, 0.47, 0.52, 1.0),
        ),
        (true, _, true) => (GOLD, Color::new(0.32, 0.27, 0.12, 0.95), Color::WHITE),
        (true, true, false) => (GOLD, Color::new(0.35, 0.12, 0.1, 0.95), GOLD),
        (true, false, false) => (
            Color::new(0.55, 0.6, 0.72, 0.95),
            Color::new(0.12, 0.14, 0.2, 0.95),
            Color::WHITE,
        ),
    };
    rect(canvas, p.rect, edge, z);
    let inner = Rect::new(p.rect.x + 1.0, p.rect.y + 1.0, p.rect.w - 2.0, p.rect.h - 2.0);
    rect(canvas, inner, fill, z);
    let label = p.button.label();
    let at = Vec2::new(
        p.rect.x + p.rect.w / 2.0 - text_w(label, BUTTON_TEXT) / 2.0,
        p.rect.y + (p.rect.h - BUTTON_TEXT) / 2.0 - 1.0,
    );
    text(canvas, label, at, BUTTON_TEXT, ink);
}
