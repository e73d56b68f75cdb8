//! The words on screen and the boxes that hold them, drawn: the top band with its buttons,
//! the panels, the action menu and forecast, questions and the result box. What they say is
//! in [`text`].

pub mod text;

pub use text::*;

use super::anim;
use super::assets::TILE;
use super::buttons::{
    BOX_BUTTON_H, BUTTON_TEXT, Button, Front, Modes, Placed, ask_box, ending_box, ending_buttons, game_menu,
    history_box, history_buttons, notice_area, notice_box, on_screen, side_buttons_h, summary_box, title_room,
};
use super::controls::{Bindings, Control, key_label};
use super::state::GameState;
use super::state::NEW_LINE_SECS;
use super::view::*;
use crate::load::names::{LABEL_CHARS, label};
use crate::load::terrain::ClassId;
use crate::play::phase::{Action, Phase};
use crate::rules::UnitId;
use crate::search::grid::Team;
use ggez::glam::Vec2;
use ggez::graphics::{Color, Rect};

impl GameState {
    pub(super) fn draw_action_menu(&mut self, canvas: &mut Pen, cam: Vec2) {
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
        // A highlighted heal has its own forecast (issue 33: the heal said only the after).
        let healing = match options.get(*choice) {
            Some(Action::Heal(t)) => heal_forecast(b, *unit, *t),
            _ => None,
        };
        let forecast: Vec<String> = ahead
            .map(|(att, def, f)| forecast(b, att, def, &f))
            .or(healing)
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
            Some(Action::Attack(t) | Action::Heal(t)) => Some(cell_rect(anim::cell_px(b.unit(*t).pos()))),
            _ => None,
        };
        // Every other target, and every unit next to the acting unit or the highlighted
        // target (diagonals too): the menu keeps clear of them where it can.
        let at = b.unit(*unit).pos();
        let aim = match options.get(*choice) {
            Some(Action::Attack(t) | Action::Heal(t)) => Some(b.unit(*t).pos()),
            _ => None,
        };
        let near =
            |p: crate::search::grid::Pos, q: crate::search::grid::Pos| (p.x - q.x).abs() <= 1 && (p.y - q.y).abs() <= 1;
        let avoid: Vec<Rect> = b
            .units()
            .iter()
            .enumerate()
            .filter(|(i, u)| u.alive() && *i != unit.0)
            .filter(|(_, u)| {
                near(u.pos(), at)
                    || aim.is_some_and(|a| near(u.pos(), a))
                    || options
                        .iter()
                        .any(|o| matches!(o, Action::Attack(t) | Action::Heal(t) if b.unit(*t).pos() == u.pos()))
            })
            .map(|(_, u)| cell_rect(anim::cell_px(u.pos())))
            .collect();
        // Then every other unit on screen (issue 33's play: the box hid units a little off).
        let others: Vec<Rect> = b
            .units()
            .iter()
            .enumerate()
            .filter(|(i, u)| u.alive() && *i != unit.0)
            .map(|(_, u)| cell_rect(anim::cell_px(u.pos())))
            .filter(|r| !avoid.contains(r) && r.overlaps(&l.map_view()))
            .collect();
        let bx = place_menu(unit_rect, about, &avoid, &others, Vec2::new(bw, bh), l.map_view());
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

    pub(super) fn draw_hud(&mut self, canvas: &mut Pen) {
        let l = self.layout;
        let r = l.regions();
        let hover = self.pointer.map(|p| l.to_logical(p.x, p.y));
        let buttons = self.buttons_now();
        self.draw_band(canvas, &r, &buttons, hover);
        self.draw_objective(canvas, &r);
        self.draw_log(canvas, &r);
        self.draw_side(canvas, &r, &buttons, hover);
        let s = &self.session;
        let b = s.battle();
        let max_chars = ((r.map.w - 20.0) / (12.0 * CHAR_W)) as usize;
        // A live-reload error stays on screen until the file is fixed; play goes on.
        // A network game's state (waiting for the other player, stopped) likewise.
        let boxed = match (&self.alert, self.net_status()) {
            (Some(alert), _) => Some((Some("Reload failed; the old data stays in force:"), alert.as_str())),
            (None, Some(status)) => Some((None, status)),
            (None, None) => None,
        };
        if let Some((heading, alert)) = boxed {
            let lines: Vec<String> = heading
                .map(str::to_string)
                .into_iter()
                .chain(alert.lines().flat_map(|l| wrap(l, max_chars)))
                .collect();
            let y0 = r.map.y + 4.0;
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
        // Why the last click or confirm did nothing, by its cell (the log has it too).
        if let Some((line, p)) = self.notice.shown(self.clock)
            && s.pending().is_none()
            && !self.front_open()
        {
            let tile = TILE * l.scale;
            let cell_at = |q| {
                let at = l.to_screen(anim::cell_px(q), self.camera.pos);
                Rect::new(at.x, at.y, tile, tile)
            };
            // The other units the player can see, for the note to keep off.
            let units: Vec<Rect> = b
                .units()
                .iter()
                .enumerate()
                .filter(|(i, u)| {
                    u.alive() && u.pos() != p && crate::game::fog::shown(b, crate::rules::UnitId(*i), u.pos())
                })
                .map(|(_, u)| cell_at(u.pos()))
                .chain(self.zone_label.map(|r| {
                    // The hovered enemy's zone word: text drawn over text read as neither.
                    let at = l.to_screen(Vec2::new(r.x, r.y), self.camera.pos);
                    Rect::new(at.x, at.y, r.w * l.scale, r.h * l.scale)
                }))
                .collect();
            let w = text_w(line, 13.0) + 20.0;
            let (cols, rows) = (b.map().width() as f32, b.map().height() as f32);
            let corner = l.to_screen(anim::cell_px(crate::search::grid::Pos::new(0, 0)), self.camera.pos);
            let map = Rect::new(corner.x, corner.y, cols * tile, rows * tile);
            let bx = notice_box(notice_area(l.map_view(), map, w), w, cell_at(p), &units);
            let line = fit(line, bx.w - 20.0, 13.0);
            rect(canvas, bx, Color::new(0.30, 0.06, 0.04, 0.92), Z_HUD + 2);
            text(
                canvas,
                &line,
                Vec2::new(bx.x + 10.0, bx.y + 5.0),
                13.0,
                Color::new(1.0, 0.88, 0.8, 1.0),
            );
        }
        // The question, with its buttons.
        if let Some(ask) = s.pending() {
            let q = ask_text(ask, b, self.leave);
            let (avoid, also) = self.ask_cells(ask);
            let (bx, answers) = ask_box(&l, &q, &avoid, &also);
            panel(canvas, bx, Z_HUD + 3);
            let at = Vec2::new(bx.x + bx.w / 2.0 - text_w(&q, 14.0) / 2.0, bx.y + 13.0);
            text(canvas, &q, at, 14.0, GOLD);
            for p in &answers {
                draw_button(canvas, p, hover, Z_HUD + 4, self.clock, self.leave, &self.bindings);
            }
        }
        // The result, once the last blow has played.
        // (Not under the log box or the game menu: their boxes would not hide its text.)
        if let Phase::Over { winner } = s.phase()
            && self.history_view.is_none()
            && !self.menu_open
            && let Some((bx, [head, numbers], big_size)) = self.result_box()
        {
            let v = l.map_view();
            rect(canvas, v, Color::new(0.0, 0.0, 0.0, 0.45), Z_HUD + 2);
            let color = match winner {
                Team::Player => GOLD,
                Team::Enemy => ENEMY_TEXT,
            };
            panel(canvas, bx, Z_HUD + 3);
            let big = head.as_str();
            let cx = bx.x + bx.w / 2.0;
            text(
                canvas,
                big,
                Vec2::new(cx - text_w(big, big_size) / 2.0, bx.y + 14.0),
                big_size,
                color,
            );
            let small = ((bx.w - 24.0) / (numbers.chars().count().max(1) as f32 * CHAR_W)).clamp(10.0, 14.0);
            let p = Vec2::new(cx - text_w(&numbers, small) / 2.0, bx.y + 58.0);
            text(canvas, &numbers, p, small, Color::WHITE);
            // A campaign's chapter shows none: Enter or any click moves on there, so Play
            // again, Next scenario and Leave would lie. Where they stand, the box says where
            // the chapter goes (found playing: a band over the side panel said it before).
            if self.leave != Leave::Title {
                for p in &ending_buttons(bx) {
                    draw_button(canvas, p, hover, Z_HUD + 4, self.clock, self.leave, &self.bindings);
                }
            } else {
                let line = chapter_end_line(*winner == Team::Player);
                let size = ((bx.w - 24.0) / (line.chars().count().max(1) as f32 * CHAR_W)).clamp(10.0, 16.0);
                let at = Vec2::new(cx - text_w(line, size) / 2.0, bx.bottom() - BOX_BUTTON_H - 8.0);
                text(canvas, line, at, size, GOLD);
            }
        }
        if self.summary_shown() && s.pending().is_none() {
            self.draw_summary(canvas, hover);
        } else if self.history_view.is_some() {
            self.draw_history(canvas, hover);
        } else if self.menu_open {
            let (bx, list) = game_menu(&l, self.modes(), self.save_idle());
            panel(canvas, bx, Z_HUD + 5);
            text(canvas, "Menu", Vec2::new(bx.x + 12.0, bx.y + 6.0), 14.0, GOLD);
            // The entry chosen with the keys or a pad is drawn as the pointer's would be.
            let hover = self
                .menu_at
                .and_then(|i| list.get(i))
                .map(|p| Vec2::new(p.rect.x + p.rect.w / 2.0, p.rect.y + p.rect.h / 2.0))
                .or(hover);
            for p in &list {
                draw_button(canvas, p, hover, Z_HUD + 6, self.clock, self.leave, &self.bindings);
            }
        }
    }

    /// The top band: turn, phase and scenario (never cut by the FAST mark), the menu button.
    fn draw_band(&self, canvas: &mut Pen, r: &Regions, buttons: &[Placed], hover: Option<Vec2>) {
        let s = &self.session;
        rect(canvas, r.band, Color::new(0.04, 0.05, 0.08, 1.0), Z_HUD);
        let title = title(s, &self.scenario_name());
        let title_color = match s.phase() {
            Phase::Enemy { .. } | Phase::Over { winner: Team::Enemy } => ENEMY_TEXT,
            Phase::Over { .. } => GOLD,
            _ => PLAYER_TEXT,
        };
        let band: Vec<&Placed> = buttons.iter().filter(|p| p.rect.bottom() <= BANNER_H).collect();
        let fast = if self.fast || self.shift { "FAST ×4" } else { "" };
        let fast_w = if fast.is_empty() {
            0.0
        } else {
            text_w(fast, 13.0) + 12.0
        };
        let room = title_room(buttons) - fast_w;
        // The title shrinks before it is cut.
        let size = if text_w(&title, 16.0) <= room { 16.0 } else { 13.0 };
        let title = fit(&title, room, size);
        text(
            canvas,
            &title,
            Vec2::new(8.0, (BANNER_H - size) / 2.0 - 1.0),
            size,
            title_color,
        );
        if !fast.is_empty() {
            let x = band.first().map_or(r.band.w - 4.0, |p| p.rect.x) - fast_w;
            text(canvas, fast, Vec2::new(x, 5.0), 13.0, GOLD);
        }
        for p in band {
            draw_button(canvas, p, hover, Z_HUD + 1, self.clock, self.leave, &self.bindings);
        }
    }

    /// The objective line under the band (gold on the last turn), and in the danger view a
    /// warning when an enemy can end its next move on a cell to defend.
    fn draw_objective(&mut self, canvas: &mut Pen, r: &Regions) {
        if r.objective.h <= 0.0 {
            return;
        }
        rect(canvas, r.objective, Color::new(0.07, 0.08, 0.12, 1.0), Z_HUD);
        let b = self.session.battle();
        let chars = crate::game::state::objective_chars(r.objective.w);
        let mut rows: Vec<(String, Color)> = Vec::new();
        let goal_color = if last_turn(b) {
            GOLD
        } else {
            Color::new(0.75, 0.88, 1.0, 1.0)
        };
        if let Some(g) = objective_line(b, chars) {
            let mut lines = wrap(&g, chars);
            if lines.len() > 2 {
                let rest = lines[1..].join(" ");
                lines.truncate(1);
                lines.push(fit(&rest, r.objective.w - 16.0, 12.0));
            }
            rows.extend(lines.into_iter().map(|l| (l, goal_color)));
        }
        // With cells to defend, the warning's row is always there (the map never moves when
        // it comes): the warning in the danger view, else what the row is for, dim.
        if !b.goals().hold.is_empty() {
            let threats = if self.session.show_danger() {
                self.zones.hold_threats(b, self.session.profiles()).to_vec()
            } else {
                Vec::new()
            };
            let (words, warning) = hold_row(
                b,
                self.session.show_danger(),
                &threats,
                &self.bindings.shown(Control::Danger),
            );
            let row = if warning {
                let pulse = 0.75 + 0.25 * (self.clock * 5.0).sin();
                (words, Color::new(1.0, 0.45 * pulse, 0.35, 1.0))
            } else {
                (words, DIM_TEXT)
            };
            rows.push((fit(&row.0, r.objective.w - 16.0, 12.0), row.1));
        }
        if b.fog() {
            let legend = text::FOG_LEGEND.replace("(D)", &format!("({})", self.bindings.shown(Control::Danger)));
            rows.push((fit(&legend, r.objective.w - 16.0, 12.0), DIM_TEXT));
        }
        for (i, (row, color)) in rows.iter().take(usize::from(self.layout.goal_rows)).enumerate() {
            let y = r.objective.y + i as f32 * OBJECTIVE_ROW_H;
            text(canvas, row, Vec2::new(8.0, y + 1.0), 12.0, *color);
        }
    }

    /// The message log under the map: the newest lines of the battle's log, new ones bright.
    fn draw_log(&self, canvas: &mut Pen, r: &Regions) {
        // (The log's background is the frame's clear colour, PANEL_BG.)
        rect(
            canvas,
            Rect::new(r.log.x, r.log.y, r.log.w, 1.0),
            Color::new(0.45, 0.5, 0.62, 1.0),
            Z_HUD + 1,
        );
        let chars = ((r.log.w - 16.0) / (12.0 * CHAR_W)) as usize;
        let rows = r.log_rows();
        let mut shown: Vec<(String, f32)> = Vec::new();
        for (line, at) in self.history.iter().rev() {
            let mut w = wrap(line, chars);
            while let Some(l) = w.pop() {
                shown.push((l, self.clock - at));
            }
            if shown.len() >= rows {
                break;
            }
        }
        shown.truncate(rows);
        for (i, (line, age)) in shown.iter().rev().enumerate() {
            let color = if *age < NEW_LINE_SECS {
                Color::new(0.95, 0.95, 0.98, 1.0)
            } else {
                Color::new(0.66, 0.68, 0.74, 1.0)
            };
            text(
                canvas,
                line,
                Vec2::new(r.log.x + 8.0, r.log.y + 4.0 + i as f32 * LOG_ROW_H),
                12.0,
                color,
            );
        }
    }

    /// The side panel: the turn's buttons, the roster (in the order N visits), the unit and
    /// terrain under the cursor, and the key help where there is room.
    fn draw_side(&self, canvas: &mut Pen, r: &Regions, buttons: &[Placed], hover: Option<Vec2>) {
        let side = r.side;
        let s = &self.session;
        let b = s.battle();
        // (The panel's background is the frame's clear colour, PANEL_BG.)
        rect(
            canvas,
            Rect::new(side.x, side.y, 1.0, side.h),
            Color::new(0.45, 0.5, 0.62, 1.0),
            Z_HUD + 1,
        );
        for p in buttons.iter().filter(|p| side.contains(p.rect.point())) {
            draw_button(canvas, p, hover, Z_HUD + 1, self.clock, self.leave, &self.bindings);
        }
        let x = side.x + 8.0;
        let mut y = side.y + side_buttons_h();
        let chars = |size: f32| side_chars(side.w, size);
        let selected = match &s.phase() {
            Phase::Target { unit, .. } | Phase::Action { unit, .. } => Some(*unit),
            _ => None,
        };
        // Under fog, an enemy on a cell the player does not see is not there: terrain only.
        let hovered = b
            .unit_at(s.cursor())
            .filter(|&u| super::fog::shown(b, u, b.unit(u).pos()));
        // The roster: every living player unit in the order N visits them.
        let heading = super::versus::roster_heading(b, &self.bindings.shown(Control::NextUnit));
        text(canvas, &heading, Vec2::new(x, y), 11.0, DIM_TEXT);
        y += 14.0;
        // The side the board is drawn for (in a network window its person's, whoever plays).
        let roster: Vec<_> = b.living(super::versus::viewer(b)).collect();
        let room = ((side.bottom() - y - 150.0) / 14.0).max(2.0) as usize;
        let name_chars = chars(12.0).saturating_sub(14).clamp(4, 14);
        for (i, &id) in roster.iter().enumerate() {
            if i + 1 == room && roster.len() > room {
                let more = format!("… {} more", roster.len() - i);
                text(canvas, &more, Vec2::new(x, y), 12.0, DIM_TEXT);
                y += 14.0;
                break;
            }
            let u = b.unit(id);
            let cue = roster_cue(id, selected, hovered);
            match cue {
                RowCue::Selected => rect(
                    canvas,
                    Rect::new(side.x + 3.0, y - 1.0, side.w - 6.0, 14.0),
                    Color::new(1.0, 0.85, 0.35, 0.22),
                    Z_HUD + 1,
                ),
                // Under the cursor: a thin frame, no mark (issue 33's play: two rows marked
                // ">" at once, the hovered one and the selected one).
                RowCue::Hovered => {
                    let r = Rect::new(side.x + 3.0, y - 1.0, side.w - 6.0, 14.0);
                    let c = Color::new(0.75, 0.8, 0.95, 0.55);
                    for edge in [
                        Rect::new(r.x, r.y, r.w, 1.0),
                        Rect::new(r.x, r.bottom() - 1.0, r.w, 1.0),
                        Rect::new(r.x, r.y, 1.0, r.h),
                        Rect::new(r.right() - 1.0, r.y, 1.0, r.h),
                    ] {
                        rect(canvas, edge, c, Z_HUD + 1);
                    }
                }
                RowCue::None => {}
            }
            let hp = self.anims.shown_hp(id, u.hp());
            let row = format!(
                "{}{:<w$} {:>3}/{:<3} {}",
                if cue == RowCue::Selected { ">" } else { " " },
                fit(&label(u.name(), LABEL_CHARS), name_chars as f32 * 12.0 * CHAR_W, 12.0),
                hp,
                u.stats().hp,
                roster_status(u.acted(), u.may_canto(), b.ended().is_some()),
                w = name_chars
            );
            let color = if u.acted() && !u.may_canto() {
                DIM_TEXT
            } else {
                PLAYER_TEXT
            };
            text(canvas, &row, Vec2::new(x - 4.0, y), 12.0, color);
            y += 14.0;
        }
        y += 6.0;
        rect(
            canvas,
            Rect::new(side.x + 6.0, y - 3.0, side.w - 12.0, 1.0),
            Color::new(0.3, 0.33, 0.4, 1.0),
            Z_HUD + 1,
        );
        // The unit under the cursor (or the selected one), then the terrain.
        let shown = hovered.or(selected);
        if let Some(id) = shown {
            let u = b.unit(id);
            let [l1, l2] = unit_lines(b, s.profiles(), id, self.anims.shown_hp(id, u.hp()));
            let color = if u.team() == Team::Player {
                PLAYER_TEXT
            } else {
                ENEMY_TEXT
            };
            for line in wrap_fields(&l1, chars(13.0)) {
                text(canvas, &line, Vec2::new(x, y), 13.0, color);
                y += 15.0;
            }
            for line in wrap(&l2, chars(12.0)) {
                text(canvas, &line, Vec2::new(x, y), 12.0, DIM_TEXT);
                y += 14.0;
            }
        } else {
            text(canvas, "no unit here", Vec2::new(x, y), 13.0, DIM_TEXT);
            y += 15.0;
        }
        y += 4.0;
        let class = selected.or(hovered).map_or(ClassId(0), |u| b.unit(u).class());
        for line in terrain_rows(b, s.cursor(), class, s.route_cost(), chars(12.0)) {
            text(canvas, &line, Vec2::new(x, y), 12.0, Color::WHITE);
            y += 14.0;
        }
        // The key help at the bottom, when it fits.
        let help: Vec<String> = help(&self.bindings).iter().flat_map(|h| wrap(h, chars(10.0))).collect();
        let top = side.bottom() - 4.0 - 12.0 * help.len() as f32;
        if top > y + 4.0 {
            for (i, h) in help.iter().enumerate() {
                text(canvas, h, Vec2::new(x, top + i as f32 * 12.0), 10.0, DIM_TEXT);
            }
        }
    }

    /// Hot-seat's hand-over screen: the whole window covered (the board, the side panel and
    /// the log tell nothing of the other side's sight), whose turn it is, and the key to go on.
    pub(super) fn draw_handover(&self, canvas: &mut Pen, team: Team) {
        let (w, h) = (self.layout.w, self.layout.h);
        rect(
            canvas,
            Rect::new(0.0, 0.0, w, h),
            Color::new(0.02, 0.03, 0.06, 1.0),
            Z_HUD + 20,
        );
        let lines = crate::game::versus::handover_lines(self.session.battle(), team);
        let color = match team {
            Team::Player => PLAYER_TEXT,
            Team::Enemy => ENEMY_TEXT,
        };
        let last = lines.len() - 1;
        let mut y = h / 2.0 - 20.0 * lines.len() as f32;
        for (i, line) in lines.iter().enumerate() {
            let (size, color) = match i {
                0 => (30.0, color),
                _ if i == last => (13.0, DIM_TEXT),
                _ => (16.0, Color::WHITE),
            };
            let size = ((w - 24.0) / (line.chars().count().max(1) as f32 * CHAR_W)).min(size);
            text(canvas, line, Vec2::new((w - text_w(line, size)) / 2.0, y), size, color);
            y += size + 14.0;
        }
    }

    /// The enemy phase's summary: who fell, who was hurt and by whom, who woke, who arrived.
    fn draw_summary(&self, canvas: &mut Pen, hover: Option<Vec2>) {
        let Some(lines) = &self.summary else { return };
        let (bx, rows) = self.summary_layout(lines);
        panel(canvas, bx, Z_HUD + 5);
        text(canvas, &lines[0], Vec2::new(bx.x + 14.0, bx.y + 8.0), 15.0, ENEMY_TEXT);
        let fit_rows = ((bx.h - 30.0 - BOX_BUTTON_H - 20.0) / 17.0).max(1.0) as usize;
        for (i, (row, bad)) in rows.iter().take(fit_rows).enumerate() {
            let color = if *bad { ENEMY_TEXT } else { Color::WHITE };
            text(
                canvas,
                row,
                Vec2::new(bx.x + 14.0, bx.y + 30.0 + 17.0 * i as f32),
                13.0,
                color,
            );
        }
        let hint = "any key or click to close";
        text(
            canvas,
            hint,
            Vec2::new(bx.x + 14.0, bx.bottom() - BOX_BUTTON_H - 5.0),
            11.0,
            DIM_TEXT,
        );
        for p in self.buttons_now().iter().filter(|p| p.button == Button::Close) {
            draw_button(canvas, p, hover, Z_HUD + 6, self.clock, self.leave, &self.bindings);
        }
    }

    /// Where the units question `ask` is about show (its box keeps off them), and every other
    /// living unit (then off those): drawing units, as the camera shows them now. Neither for
    /// a question about no unit in particular.
    pub(super) fn ask_cells(&self, ask: crate::play::phase::Ask) -> (Vec<Rect>, Vec<Rect>) {
        let l = self.layout;
        let (cam, tile) = (self.camera.pos, TILE * l.scale);
        let b = self.session.battle();
        let at = |p: crate::search::grid::Pos| {
            let s = l.to_screen(anim::cell_px(p), cam);
            Rect::new(s.x, s.y, tile, tile)
        };
        let asked = asked_about(ask, b);
        if asked.is_empty() {
            // A question about the whole battle (restart, quit ...): in the middle.
            return (Vec::new(), Vec::new());
        }
        let avoid = asked.iter().map(|&u| at(b.unit(u).pos())).collect();
        let also = b
            .units()
            .iter()
            .enumerate()
            .filter(|(i, u)| u.alive() && !asked.contains(&crate::rules::UnitId(*i)))
            .map(|(_, u)| at(u.pos()))
            .collect();
        (avoid, also)
    }

    /// The summary's box and its rows (wrapped, each marked when it tells of a player's unit
    /// that fell).
    pub(super) fn summary_layout(&self, lines: &[String]) -> (Rect, Vec<(String, bool)>) {
        let l = self.layout;
        let v = l.map_view();
        let chars = ((v.w - 48.0) / (13.0 * CHAR_W)) as usize;
        let rows: Vec<(String, bool)> = lines[1..]
            .iter()
            .flat_map(|line| {
                let bad = line.contains(" FELL");
                wrap(line, chars).into_iter().map(move |w| (w, bad))
            })
            .collect();
        let widest = rows
            .iter()
            .map(|(r, _)| text_w(r, 13.0))
            .chain([text_w(&lines[0], 15.0)])
            .fold(0.0, f32::max);
        // The cells of the units it tells of, where they show now.
        let cam = self.camera.pos;
        let tile = TILE * l.scale;
        let avoid: Vec<Rect> = self
            .summary_cells
            .iter()
            .map(|&p| {
                let at = l.to_screen(anim::cell_px(p), cam);
                Rect::new(at.x, at.y, tile, tile)
            })
            .collect();
        // Then the player's own units (always in sight, so this tells nothing the fog hides).
        let b = self.session.battle();
        let own: Vec<Rect> = b
            .living(crate::game::versus::viewer(b))
            .map(|u| b.unit(u).pos())
            .filter(|p| !self.summary_cells.contains(p))
            .map(|p| {
                let at = l.to_screen(anim::cell_px(p), cam);
                Rect::new(at.x, at.y, tile, tile)
            })
            .collect();
        (summary_box(&l, rows.len(), widest, &avoid, &own), rows)
    }

    /// The whole battle's log in a box, scrolled with the arrows, the wheel or its buttons.
    fn draw_history(&self, canvas: &mut Pen, hover: Option<Vec2>) {
        let l = self.layout;
        let bx = history_box(&l);
        panel(canvas, bx, Z_HUD + 5);
        let chars = ((bx.w - 28.0) / (12.0 * CHAR_W)) as usize;
        let rows: Vec<String> = self.history.iter().flat_map(|(line, _)| wrap(line, chars)).collect();
        let fit_rows = ((bx.h - 30.0 - BOX_BUTTON_H - 20.0) / 14.0).max(1.0) as usize;
        let up = self.history_view.unwrap_or(0).min(rows.len().saturating_sub(fit_rows));
        let end = rows.len() - up;
        let start = end.saturating_sub(fit_rows);
        let head = format!(
            "Battle log · lines {}–{} of {} · H or Esc closes",
            (start + 1).min(end),
            end,
            rows.len()
        );
        text(
            canvas,
            &fit(&head, bx.w - 24.0, 13.0),
            Vec2::new(bx.x + 12.0, bx.y + 7.0),
            13.0,
            GOLD,
        );
        for (i, row) in rows[start..end].iter().enumerate() {
            let color = if row.starts_with('—') {
                PLAYER_TEXT
            } else {
                Color::WHITE
            };
            text(
                canvas,
                row,
                Vec2::new(bx.x + 12.0, bx.y + 28.0 + 14.0 * i as f32),
                12.0,
                color,
            );
        }
        for p in &history_buttons(bx) {
            let mut p = *p;
            p.enabled = match p.button {
                Button::Older => start > 0,
                Button::Newer => up > 0,
                _ => true,
            };
            draw_button(canvas, &p, hover, Z_HUD + 6, self.clock, self.leave, &self.bindings);
        }
    }

    /// The modes the game menu's switches show.
    pub(super) fn modes(&self) -> Modes {
        Modes {
            fast: self.fast,
            notes: self.notes,
            edge_scroll: self.edge_scroll,
            auto_end_turn: self.auto_end_turn,
            fixed_scenario: self.fixed_scenario(),
        }
    }

    /// True when saving and loading can happen now (nothing moving, the player's phase).
    pub(super) fn save_idle(&self) -> bool {
        !self.anims.busy()
            && matches!(
                self.session.phase(),
                Phase::Select | Phase::Inspect { .. } | Phase::Over { .. }
            )
    }

    /// Numbers rising from struck and healed units, drawn in the map's own pass (world
    /// pixels less the camera) so they sit over the units.
    pub(super) fn draw_floaters(&self, canvas: &mut Pen, cam: Vec2) {
        let l = self.layout;
        let v = l.world_view();
        for f in &self.floaters {
            let (rise, alpha) = f.rise_and_alpha();
            // At least 16 drawing units tall however far out the map is zoomed.
            let size = 20.0_f32.max(16.0 / l.scale);
            let top = f.at - cam;
            let mut p = Vec2::new(
                top.x + TILE / 2.0 - text_w(&f.text, size) / 2.0,
                top.y - 4.0 - size - rise,
            );
            let cell_shows = top.x + TILE >= v.x && top.x <= v.right() && top.y + TILE >= v.y && top.y <= v.bottom();
            if p.y < v.y + 2.0 {
                // A unit on the view's top row: the number rises inside the view instead.
                p.y = v.y + 2.0 + (22.0 - rise);
            }
            p.x =
                p.x.clamp(v.x + 2.0, (v.right() - text_w(&f.text, size) - 2.0).max(v.x + 2.0));
            if cell_shows {
                let [r, g, b, a] = f.color;
                // A dark plate under the number, so it reads over any sprite or terrain.
                let plate = Rect::new(p.x - 3.0, p.y - 1.0, text_w(&f.text, size) + 6.0, size + 3.0);
                rect(canvas, plate, Color::new(0.0, 0.0, 0.0, 0.55 * alpha), Z_TEXT - 1);
                text(canvas, &f.text, p, size, Color::new(r, g, b, a * alpha));
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
        // The headline as large as 32, smaller to fit the box within the map view.
        let room = l.map_view().w - 48.0;
        let big_size = (room / (lines[0].chars().count().max(1) as f32 * CHAR_W)).clamp(12.0, 32.0);
        let widest = text_w(&lines[0], big_size).max(text_w(&lines[1], 12.0));
        Some((ending_box(&l, widest), lines, big_size))
    }

    /// The enabled button under window pixel (`x`, `y`), if any.
    pub(in crate::game) fn button_at(&self, x: f32, y: f32) -> Option<Button> {
        let z = self.layout.zoom;
        self.buttons_now()
            .into_iter()
            .find(|p| p.enabled && p.rect.contains([x / z, y / z]))
            .map(|p| p.button)
    }

    /// The battle's log box is open (H).
    pub(in crate::game) fn log_open(&self) -> bool {
        self.history_view.is_some()
    }

    /// Every button on screen now (see [`super::buttons::on_screen`]): what is drawn and
    /// what a click hits come from here.
    pub(super) fn buttons_now(&self) -> Vec<Placed> {
        let s = &self.session;
        let question = s
            .pending()
            .map(|a| (ask_text(a, s.battle(), self.leave), self.ask_cells(a)));
        let l = &self.layout;
        let front = if let Some((q, (avoid, also))) = question.as_ref() {
            Front::Question(q, avoid, also)
        } else if let Some(lines) = self.summary.as_ref().filter(|_| self.summary_shown()) {
            Front::Summary(self.summary_layout(lines).0)
        } else if self.history_view.is_some() {
            Front::History(history_box(l))
        } else if self.menu_open {
            Front::Menu
        } else if let Some((bx, ..)) = self.result_box() {
            Front::Result(bx)
        } else {
            Front::Board
        };
        let mut list = on_screen(l, s, self.anims.busy(), front, self.modes());
        if self.menu_open {
            let idle = self.save_idle();
            for p in &mut list {
                if matches!(p.button, Button::Save | Button::Load) {
                    p.enabled = idle;
                }
            }
        }
        list
    }
}

/// Draws button `p`, brighter under the pointer at `hover` (drawing units), dim when off,
/// pulsing (with the game's `clock`) when it is the thing to do next.
/// What button `b` says (`lit`: a switch that is on) in a battle that quitting leaves
/// for `leave`: Quit leaves for the menus, not out of the game, when the menus opened it.
/// A roster row's last word: "ready", "done", or "move" for a canto unit that has acted and
/// still has its second move; nothing once the battle is over (the woods' play: after the
/// victory every unit read "ready", as if there were more to do).
pub(super) fn roster_status(acted: bool, may_canto: bool, over: bool) -> &'static str {
    match (over, acted, may_canto) {
        (true, _, _) => "",
        (false, _, true) => "move",
        (false, true, false) => "done",
        (false, false, false) => "ready",
    }
}

/// How a roster row stands out: the selected unit's row is marked ">" on a gold wash; the
/// row of the unit under the cursor (when another is selected, or none) only framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RowCue {
    Selected,
    Hovered,
    None,
}

/// The cue of unit `id`'s roster row with `selected` selected and `hovered` under the cursor.
/// With nothing selected the unit under the cursor is the one a confirm selects: marked.
pub(super) fn roster_cue(id: UnitId, selected: Option<UnitId>, hovered: Option<UnitId>) -> RowCue {
    match (selected, hovered) {
        (Some(s), _) if s == id => RowCue::Selected,
        (None, Some(h)) if h == id => RowCue::Selected,
        (Some(_), Some(h)) if h == id => RowCue::Hovered,
        _ => RowCue::None,
    }
}

/// The key in brackets is the one bound now ("Danger (K)" once K shows the danger).
pub(super) fn button_label(b: Button, lit: bool, leave: Leave, bindings: &Bindings) -> String {
    let label = match (b, leave) {
        (Button::Quit, Leave::Scenarios | Leave::Title) => "Leave (Q)".to_string(),
        _ => b.text(lit),
    };
    let Some(c) = button_control(b) else { return label };
    let default = c.default_keys().first().map_or(String::new(), |k| key_label(k));
    let now = bindings.shown(c);
    if now == default {
        label
    } else {
        label.replacen(&format!("({default})"), &format!("({now})"), 1)
    }
}

/// The control whose key a button names.
fn button_control(b: Button) -> Option<Control> {
    Some(match b {
        Button::EndTurn => Control::EndTurn,
        Button::Undo => Control::Undo,
        Button::Danger => Control::Danger,
        Button::Yes => Control::Yes,
        // N (next unit) says no to a question.
        Button::No => Control::NextUnit,
        Button::PlayAgain | Button::Restart => Control::Restart,
        Button::NextScenario => Control::NextScenario,
        Button::PrevScenario => Control::PreviousScenario,
        Button::Quit => Control::Quit,
        Button::Menu | Button::Resume | Button::Close => Control::Menu,
        Button::Log => Control::Log,
        Button::Save => Control::Save,
        Button::Load => Control::Load,
        Button::Options => Control::Options,
        Button::Reload => Control::Reload,
        Button::Fast => Control::Fast,
        Button::Notes => Control::Notes,
        _ => return None,
    })
}

fn draw_button(
    canvas: &mut Pen,
    p: &Placed,
    hover: Option<Vec2>,
    z: i32,
    clock: f32,
    leave: Leave,
    bindings: &Bindings,
) {
    let over = p.enabled && hover.is_some_and(|h| p.rect.contains(h));
    let (edge, fill, ink) = match (p.enabled, p.lit, over) {
        (true, _, _) if p.pulse => {
            let k = 0.5 + 0.5 * (clock * 5.0).sin();
            (
                GOLD,
                Color::new(0.25 + 0.45 * k, 0.2 + 0.35 * k, 0.05, 1.0),
                Color::WHITE,
            )
        }
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
    if p.pulse {
        // A halo that breathes, so the eye finds it.
        let k = 0.5 + 0.5 * (clock * 5.0).sin();
        let halo = Rect::new(p.rect.x - 2.0, p.rect.y - 2.0, p.rect.w + 4.0, p.rect.h + 4.0);
        rect(canvas, halo, Color::new(1.0, 0.85, 0.35, 0.25 + 0.5 * k), z - 1);
    }
    let label = button_label(p.button, p.lit, leave, bindings);
    let at = Vec2::new(
        p.rect.x + p.rect.w / 2.0 - text_w(&label, BUTTON_TEXT) / 2.0,
        p.rect.y + (p.rect.h - BUTTON_TEXT) / 2.0 - 1.0,
    );
    text(canvas, &label, at, BUTTON_TEXT, ink);
}

/// What Enter (or a click) does after a campaign's chapter, said in its result box.
pub fn chapter_end_line(won: bool) -> &'static str {
    if won {
        "Chapter won · progress saved · Enter or a click: the roster"
    } else {
        "Chapter lost · Enter or a click: try it again from its start"
    }
}

/// How many characters of text size `size` a row of the side panel `w` wide holds.
pub(in crate::game) fn side_chars(w: f32, size: f32) -> usize {
    ((w - 14.0) / (size * CHAR_W)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::buttons::width;

    /// Issue 33's play: with Kiny selected and the pointer on Lance, both rows were marked
    /// ">". One mark, for the selected unit; the hovered row has a cue of its own.
    #[test]
    fn a_roster_row_says_ready_done_or_move_and_nothing_once_the_battle_is_over() {
        assert_eq!(roster_status(false, false, false), "ready");
        assert_eq!(roster_status(true, false, false), "done");
        assert_eq!(roster_status(true, true, false), "move");
        for (acted, canto) in [(false, false), (true, false), (true, true)] {
            assert_eq!(roster_status(acted, canto, true), "", "over: nothing left to do");
        }
    }

    #[test]
    fn one_roster_row_is_marked_and_the_hovered_one_is_only_framed() {
        let (kiny, lance, wing) = (UnitId(0), UnitId(1), UnitId(2));
        let cues = |sel, hov| [kiny, lance, wing].map(|u| roster_cue(u, sel, hov));
        assert_eq!(
            cues(Some(kiny), Some(lance)),
            [RowCue::Selected, RowCue::Hovered, RowCue::None]
        );
        assert_eq!(
            cues(Some(kiny), Some(kiny)),
            [RowCue::Selected, RowCue::None, RowCue::None]
        );
        assert_eq!(cues(None, Some(wing)), [RowCue::None, RowCue::None, RowCue::Selected]);
        assert_eq!(cues(None, None), [RowCue::None; 3]);
    }

    #[test]
    fn quit_says_leave_when_it_goes_back_to_the_menus_and_fits_its_button() {
        let d = &Bindings::default();
        assert_eq!(button_label(Button::Quit, false, Leave::Game, d), "Quit (Q)");
        for leave in [Leave::Scenarios, Leave::Title] {
            let label = button_label(Button::Quit, false, leave, d);
            assert_eq!(label, "Leave (Q)");
            assert!(text_w(&label, BUTTON_TEXT) + 8.0 <= width(Button::Quit), "{leave:?}");
        }
        assert_eq!(button_label(Button::Undo, false, Leave::Scenarios, d), "Undo (U)");
    }

    /// Issue 40: the buttons name the key bound now, not the default.
    #[test]
    fn buttons_name_the_rebound_keys() {
        let mut s = crate::game::settings::Settings::default();
        s.bind_key(Control::Danger, "k");
        s.bind_key(Control::Menu, "F1");
        s.bind_key(Control::Quit, "Delete");
        let b = &s.bindings();
        assert_eq!(button_label(Button::Danger, false, Leave::Game, b), "Danger (K)");
        assert_eq!(button_label(Button::Menu, false, Leave::Game, b), "Menu (F1)");
        assert_eq!(button_label(Button::Close, false, Leave::Game, b), "Close (F1)");
        assert_eq!(button_label(Button::Quit, false, Leave::Title, b), "Leave (Delete)");
        assert_eq!(button_label(Button::Fast, true, Leave::Game, b), "Fast enemies (F): on");
        assert_eq!(button_label(Button::Undo, false, Leave::Game, b), "Undo (U)");
    }

    /// Issue 40: with a pad's default buttons every control is reachable: by a button of
    /// its own, or by an entry of the game menu (which Start opens and the d-pad and south
    /// go through); Yes is the pad's confirm on a question (`input.rs`). The scenario keys
    /// and the reload had neither.
    #[test]
    fn every_control_is_reached_by_a_pad_button_or_the_game_menu() {
        use crate::game::buttons::MENU;
        assert!(
            !Control::Menu.default_pad().is_empty(),
            "the menu itself opens from the pad"
        );
        for c in Control::ALL {
            let own = !c.default_pad().is_empty();
            let in_menu = MENU.iter().any(|&b| button_control(b) == Some(c));
            let yes = c == Control::Yes && !Control::Confirm.default_pad().is_empty();
            assert!(own || in_menu || yes, "{} is out of a pad's reach", c.name());
        }
        let l = Layout::new(800.0, 600.0, 1.0);
        let (bx, list) = crate::game::buttons::game_menu(&l, Modes::default(), true);
        assert!(bx.bottom() <= l.map_view().bottom(), "the menu fits at 800x600: {bx:?}");
        assert!(list.iter().any(|p| p.button == Button::Reload && p.enabled));
        assert_eq!(
            Button::Reload.press(),
            crate::game::buttons::Press::Screen(Button::Reload)
        );
    }
}
