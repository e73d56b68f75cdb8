//! The scenario picker (Skirmish): every scenario of the maps folder with its name, a
//! thumbnail of its map (drawn once into an image), objective, turn limit, unit counts,
//! difficulty levels and the best result so far. Scenarios load one per frame after the
//! screen opens, so a slow or broken one costs its line, not the start; one that does not
//! load is listed with its located error.

use super::menu::{self, MenuKey};
use super::{Go, Launch, Screen, Switch, World};
use crate::game::assets::TILE_NAMES;
use crate::game::records::Records;
use crate::game::script::Token;
use crate::game::view::{self, DIM_TEXT, ENEMY_TEXT, GOLD, PLAYER_TEXT};
use crate::rules::Battle;
use crate::search::grid::Team;
use ggez::glam::Vec2;
use ggez::graphics::{Color, DrawParam, Image, ImageFormat, Rect, Sampler};
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::MouseButton;
use ggez::{Context, GameResult};
use std::path::{Path, PathBuf};

/// A map drawn small: `cell` pixels per map cell, RGBA.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thumb {
    /// Width in pixels.
    pub w: u32,
    /// Height in pixels.
    pub h: u32,
    /// Pixels, row by row, 4 bytes each.
    pub rgba: Vec<u8>,
}

/// What the picker shows of a scenario that loads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// Its name.
    pub name: String,
    /// How it is won (and lost), as the battle's band words it.
    pub objective: String,
    /// Its turn limit.
    pub turn_limit: Option<u32>,
    /// Map columns and rows.
    pub size: (usize, usize),
    /// Player units (reserves included).
    pub players: usize,
    /// Enemy units (reserves included).
    pub enemies: usize,
    /// Its difficulty levels (empty: none).
    pub levels: Vec<String>,
    /// The rules it plays with beyond the plain ones ("chance in combat", "fog of war"), for
    /// its line on the picker (empty: none). Picking the woods, nothing said its blows could
    /// miss until the forecast gave odds.
    pub rules: Vec<&'static str>,
    /// The map drawn small.
    pub thumb: Thumb,
}

/// A line of the list.
pub enum Entry {
    /// Not read yet.
    Pending,
    /// Loaded; its thumbnail goes onto the GPU the first time it is drawn.
    Ready(Box<Info>, Option<Image>),
    /// Does not load: the located error.
    Broken(String),
}

/// Largest side of a thumbnail, in pixels.
pub const THUMB_SIDE: u32 = 240;

/// The colour of terrain `name` on a thumbnail (the shipped kinds; others their own colour).
fn terrain_rgb(name: &str, color: Option<[u8; 3]>) -> [u8; 3] {
    match TILE_NAMES.iter().position(|n| *n == name) {
        Some(0) => [104, 156, 72],
        Some(1) => [44, 104, 52],
        Some(2) => [150, 128, 84],
        Some(3) => [58, 104, 190],
        Some(4) => [120, 116, 122],
        Some(5) => [160, 122, 76],
        Some(6) => [176, 168, 150],
        Some(7) => [64, 60, 66],
        _ => color.unwrap_or([128, 128, 128]),
    }
}

/// Draws `battle`'s map with its units (player blue, enemy red) at `cell` pixels per cell.
pub fn thumbnail(battle: &Battle) -> Thumb {
    let map = battle.map();
    let (mw, mh) = (map.width() as u32, map.height() as u32);
    let cell = (THUMB_SIDE / mw.max(mh)).max(1);
    let (w, h) = (mw * cell, mh * cell);
    let mut rgba = vec![0u8; (w * h * 4) as usize];
    let mut fill = |x0: u32, y0: u32, size: u32, inset: u32, c: [u8; 3]| {
        for y in y0 * size + inset..(y0 + 1) * size - inset {
            for x in x0 * size + inset..(x0 + 1) * size - inset {
                let i = ((y * w + x) * 4) as usize;
                rgba[i..i + 4].copy_from_slice(&[c[0], c[1], c[2], 255]);
            }
        }
    };
    for (i, t) in map.cells().iter().enumerate() {
        let kind = battle.terrain().get(*t);
        fill(
            i as u32 % mw,
            i as u32 / mw,
            cell,
            0,
            terrain_rgb(&kind.name, kind.color),
        );
    }
    let inset = if cell >= 4 { cell / 4 } else { 0 };
    for u in battle.units() {
        if !map.contains(u.pos()) {
            continue;
        }
        let c = match u.team() {
            Team::Player => [90, 160, 255],
            Team::Enemy => [235, 70, 60],
        };
        fill(u.pos().x as u32, u.pos().y as u32, cell, inset, c);
    }
    Thumb { w, h, rgba }
}

/// The objective's words without the battle's " (N left)" counts (nothing is played yet).
fn without_turns_left(o: &str) -> String {
    let mut out = String::new();
    let mut rest = o;
    while let Some(i) = rest.find(" (") {
        let tail = &rest[i + 2..];
        let digits = tail.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && tail[digits..].starts_with(" left)") {
            out.push_str(&rest[..i]);
            rest = &tail[digits + " left)".len()..];
        } else {
            out.push_str(&rest[..i + 2]);
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

/// The picker's heading: Skirmish's, or Versus' with who plays what.
fn heading(versus: bool) -> &'static str {
    if versus {
        "Versus: choose a battle (Blue, the player side, starts; Red plays the enemy side)"
    } else {
        "Skirmish: choose a battle"
    }
}

/// The heading's text size in a window `w` wide at UI scale `s`: 22 scaled, smaller where
/// that would run past the window's right edge (Versus' heading was cut at "Red plays" in a
/// window under about 1,000 wide).
fn heading_size(heading: &str, w: f32, s: f32) -> f32 {
    let room = w - 2.0 * 16.0 * s;
    (22.0 * s).min(room / (heading.chars().count().max(1) as f32 * view::CHAR_W))
}

/// Reads a scenario for the picker.
pub fn info(path: &Path, data: Option<PathBuf>) -> Result<Info, String> {
    let (scenario, data, _) = crate::cli::load_scenario(path, data).map_err(|e| e.to_string())?;
    let battle = Battle::new(&scenario, &data);
    let count = |team: Team| scenario.units.iter().filter(|u| u.team == team).count();
    let objective = crate::game::hud::text::objective_text(&battle)
        .map(|o| without_turns_left(&o))
        .unwrap_or_else(|| {
            format!(
                "Rout the enemy · {} must live",
                battle.hero().map_or("", |h| battle.name(h))
            )
        });
    Ok(Info {
        name: scenario.name.clone(),
        objective,
        turn_limit: scenario.objective.turn_limit,
        size: (scenario.map.width(), scenario.map.height()),
        players: count(Team::Player),
        enemies: count(Team::Enemy),
        levels: crate::game::difficulty::levels(path).unwrap_or_default(),
        rules: [
            (
                battle.combat().chance,
                "chance in combat: blows may miss or be critical",
            ),
            (battle.fog(), "fog of war: you see only near your units"),
        ]
        .into_iter()
        .filter_map(|(on, words)| on.then_some(words))
        .collect(),
        thumb: thumbnail(&battle),
    })
}

/// The picker.
pub struct Picker {
    /// The scenario files, in name order.
    pub files: Vec<PathBuf>,
    /// What is known of each.
    pub entries: Vec<Entry>,
    /// The highlighted one.
    pub at: usize,
    /// The first line shown.
    top: usize,
    /// Where each shown line was drawn (index, window pixels).
    rows: Vec<(usize, Rect)>,
    /// The Play button (window pixels).
    play: Option<Rect>,
}

impl Picker {
    /// The scenarios of the world's maps folder, none read yet.
    pub fn new(world: &World) -> Picker {
        // A campaign file in the folder is not a scenario.
        let files = crate::io::files::list_scenarios(&world.maps);
        let entries = files.iter().map(|_| Entry::Pending).collect();
        Picker {
            files,
            entries,
            at: 0,
            top: 0,
            rows: Vec::new(),
            play: None,
        }
    }

    /// Reads the next scenario not read yet; false when all are.
    pub fn load_next(&mut self, world: &World) -> bool {
        let Some(i) = self.entries.iter().position(|e| matches!(e, Entry::Pending)) else {
            return false;
        };
        self.entries[i] = match info(&self.files[i], world.data_override.clone()) {
            Ok(info) => Entry::Ready(Box::new(info), None),
            Err(e) => Entry::Broken(e),
        };
        true
    }

    /// What menu key `k` does.
    pub fn act(&mut self, k: MenuKey, world: &mut World) -> Switch {
        let n = self.files.len();
        match k {
            MenuKey::Up if n > 0 => self.at = (self.at + n - 1) % n,
            MenuKey::Down if n > 0 => self.at = (self.at + 1) % n,
            MenuKey::Confirm => return self.launch(world),
            MenuKey::Back => return Switch::Pop,
            _ => {}
        }
        Switch::None
    }

    /// Plays the highlighted scenario (after its difficulty, when it has levels).
    fn launch(&mut self, world: &mut World) -> Switch {
        let Some(path) = self.files.get(self.at).cloned() else {
            return Switch::None;
        };
        let launch = Launch { path, difficulty: None };
        match &self.entries[self.at] {
            Entry::Ready(info, _) if info.levels.is_empty() => Switch::Push(Go::Battle(launch)),
            Entry::Ready(info, _) => Switch::Push(Go::Difficulty {
                then: super::Chosen::Battle(launch),
                levels: info.levels.clone(),
            }),
            Entry::Broken(_) => {
                world.notices.push(format!(
                    "{} does not load: fix it and open Skirmish again",
                    self.files[self.at].display()
                ));
                Switch::None
            }
            Entry::Pending => Switch::None,
        }
    }

    /// The best results kept for the highlighted scenario, one line per difficulty.
    pub fn bests(&self, world: &World) -> Vec<String> {
        let Some(path) = self.files.get(self.at) else {
            return Vec::new();
        };
        let levels: Vec<Option<&str>> = match self.entries.get(self.at) {
            Some(Entry::Ready(info, _)) if !info.levels.is_empty() => {
                info.levels.iter().map(|l| Some(l.as_str())).collect()
            }
            _ => vec![None],
        };
        levels
            .into_iter()
            .filter_map(|l| {
                let r = world.records.best.get(&Records::key(path, l))?;
                Some(match l {
                    Some(l) => format!("best ({l}): {}", r.describe()),
                    None => format!("best: {}", r.describe()),
                })
            })
            .collect()
    }
}

impl Screen for Picker {
    fn update(&mut self, _ctx: &mut Context, world: &mut World) -> GameResult<Switch> {
        self.load_next(world);
        Ok(Switch::None)
    }

    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult {
        let (w, h) = ctx.gfx.drawable_size();
        let s = menu::ui_scale(w, h);
        let size = 14.0 * s;
        // Thumbnails go onto the GPU once, the first time they are drawn.
        if let Some(Entry::Ready(info, img @ None)) = self.entries.get_mut(self.at) {
            let t = &info.thumb;
            *img = Some(Image::from_pixels(ctx, &t.rgba, ImageFormat::Rgba8UnormSrgb, t.w, t.h));
        }
        let mut canvas = super::backdrop(ctx);
        canvas.set_sampler(Sampler::nearest_clamp());
        let margin = 16.0 * s;
        let heading = heading(world.versus);
        view::text(
            &mut canvas,
            heading,
            Vec2::new(margin, margin),
            heading_size(heading, w, s),
            GOLD,
        );
        // The list on the left.
        let row_h = size * 2.4;
        let list = Rect::new(margin, margin + 40.0 * s, w * 0.38, h - margin * 2.0 - 70.0 * s);
        let fits = ((list.h / row_h).floor() as usize).max(1);
        if self.at < self.top {
            self.top = self.at;
        } else if self.at >= self.top + fits {
            self.top = self.at + 1 - fits;
        }
        self.rows.clear();
        for (k, i) in (self.top..self.files.len()).take(fits).enumerate() {
            let r = Rect::new(list.x, list.y + k as f32 * row_h, list.w, row_h - 4.0);
            self.rows.push((i, r));
            let on = i == self.at;
            let fill = if on {
                Color::new(0.22, 0.3, 0.5, 0.95)
            } else {
                Color::new(0.08, 0.09, 0.14, 0.9)
            };
            view::rect(&mut canvas, r, fill, view::Z_HUD);
            let file = self.files[i]
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let (name, color, note) = match &self.entries[i] {
                Entry::Pending => (file.clone(), DIM_TEXT, "loading...".to_string()),
                Entry::Ready(info, _) => (info.name.clone(), if on { GOLD } else { Color::WHITE }, file),
                Entry::Broken(_) => (file, ENEMY_TEXT, "does not load".to_string()),
            };
            let name = crate::game::hud::text::fit(&name, r.w - size, size);
            view::text(
                &mut canvas,
                &name,
                Vec2::new(r.x + size * 0.5, r.y + size * 0.2),
                size,
                color,
            );
            view::text(
                &mut canvas,
                &note,
                Vec2::new(r.x + size * 0.5, r.y + size * 1.25),
                size * 0.75,
                DIM_TEXT,
            );
        }
        if self.files.is_empty() {
            let none = format!("no scenarios in {}", world.maps.display());
            view::text(&mut canvas, &none, list.point().into(), size, ENEMY_TEXT);
        }
        // The details on the right.
        let dx = list.x + list.w + margin;
        let dw = w - dx - margin;
        let mut y = list.y;
        self.play = None;
        let line = |canvas: &mut ggez::graphics::Canvas, text: &str, color: Color, y: &mut f32, sz: f32| {
            for l in crate::game::hud::text::wrap(text, (dw / (sz * view::CHAR_W)).max(10.0) as usize) {
                view::text(canvas, &l, Vec2::new(dx, *y), sz, color);
                *y += sz * 1.35;
            }
        };
        match self.entries.get(self.at) {
            Some(Entry::Ready(info, img)) => {
                line(&mut canvas, &info.name, GOLD, &mut y, size * 1.3);
                if let Some(img) = img {
                    let room = Vec2::new(dw, h * 0.36);
                    let k = (room.x / img.width() as f32)
                        .min(room.y / img.height() as f32)
                        .min(4.0 * s);
                    let r = Rect::new(dx, y + 4.0, img.width() as f32 * k, img.height() as f32 * k);
                    view::rect(
                        &mut canvas,
                        Rect::new(r.x - 2.0, r.y - 2.0, r.w + 4.0, r.h + 4.0),
                        Color::new(0.45, 0.5, 0.62, 1.0),
                        view::Z_HUD,
                    );
                    canvas.draw(
                        img,
                        DrawParam::new()
                            .dest(r.point())
                            .scale(Vec2::splat(k))
                            .z(view::Z_HUD + 1),
                    );
                    y = r.y + r.h + size;
                }
                line(&mut canvas, &info.objective, Color::WHITE, &mut y, size);
                let limit = info
                    .turn_limit
                    .map_or("no turn limit".to_string(), |t| format!("turn limit {t}"));
                let facts = format!("{limit} · {}x{} map", info.size.0, info.size.1);
                line(&mut canvas, &facts, DIM_TEXT, &mut y, size * 0.9);
                let counts = format!("{} player units, {} enemies", info.players, info.enemies);
                line(&mut canvas, &counts, PLAYER_TEXT, &mut y, size * 0.9);
                let levels = if info.levels.is_empty() {
                    "difficulty: one level".to_string()
                } else {
                    format!("difficulty: {}", info.levels.join(", "))
                };
                line(&mut canvas, &levels, DIM_TEXT, &mut y, size * 0.9);
                for rule in &info.rules {
                    line(&mut canvas, rule, GOLD, &mut y, size * 0.9);
                }
                let bests = self.bests(world);
                if bests.is_empty() {
                    line(&mut canvas, "best: not won yet", DIM_TEXT, &mut y, size * 0.9);
                }
                for b in bests {
                    line(&mut canvas, &b, GOLD, &mut y, size * 0.9);
                }
                let b = Rect::new(dx, y + size * 0.6, size * 8.0, size * 2.2);
                view::rect(&mut canvas, b, Color::new(0.45, 0.5, 0.62, 1.0), view::Z_HUD);
                view::rect(
                    &mut canvas,
                    Rect::new(b.x + 1.0, b.y + 1.0, b.w - 2.0, b.h - 2.0),
                    Color::new(0.2, 0.36, 0.24, 1.0),
                    view::Z_HUD,
                );
                view::text(
                    &mut canvas,
                    "Play (Enter)",
                    Vec2::new(b.x + size * 0.6, b.y + size * 0.6),
                    size,
                    Color::WHITE,
                );
                self.play = Some(b);
            }
            Some(Entry::Broken(e)) => {
                line(&mut canvas, "This scenario does not load:", ENEMY_TEXT, &mut y, size);
                line(&mut canvas, e, ENEMY_TEXT, &mut y, size * 0.85);
            }
            Some(Entry::Pending) => line(&mut canvas, "loading...", DIM_TEXT, &mut y, size),
            None => {}
        }
        let help =
            "Up/Down or the mouse to choose · Enter, or a click on the chosen one, plays · Esc or a right click: back";
        view::text(
            &mut canvas,
            help,
            Vec2::new(margin, h - margin - size),
            size * 0.8,
            DIM_TEXT,
        );
        super::draw_notices(&mut canvas, world, w, h - 2.0 * size, 12.0 * s);
        canvas.finish(ctx)
    }

    fn key_down(&mut self, _ctx: &mut Context, world: &mut World, input: KeyInput, _r: bool) -> GameResult<Switch> {
        let k = menu::menu_key(&world.settings.bindings(), &input);
        Ok(k.map_or(Switch::None, |k| self.act(k, world)))
    }

    fn menu_key(&mut self, world: &mut World, k: menu::MenuKey) -> Switch {
        self.act(k, world)
    }

    fn mouse_down(
        &mut self,
        _ctx: &mut Context,
        world: &mut World,
        b: MouseButton,
        x: f32,
        y: f32,
    ) -> GameResult<Switch> {
        // A right click goes back, as Esc does: the mouse alone can leave the picker.
        if b == MouseButton::Right {
            return Ok(self.act(MenuKey::Back, world));
        }
        if b != MouseButton::Left {
            return Ok(Switch::None);
        }
        let p = Vec2::new(x, y);
        if self.play.is_some_and(|r| r.contains(p)) {
            return Ok(self.launch(world));
        }
        if let Some(&(i, _)) = self.rows.iter().find(|(_, r)| r.contains(p)) {
            // A click highlights; a click on the highlighted line plays it.
            if i == self.at {
                return Ok(self.launch(world));
            }
            self.at = i;
        }
        Ok(Switch::None)
    }

    fn mouse_wheel(&mut self, _ctx: &mut Context, _x: f32, y: f32) -> GameResult {
        let n = self.files.len();
        if n > 0 && y != 0.0 {
            self.at = if y > 0.0 {
                (self.at + n - 1) % n
            } else {
                (self.at + 1) % n
            };
        }
        Ok(())
    }

    fn token(&mut self, world: &mut World, t: Token) -> Switch {
        menu::token_key(t).map_or(Switch::None, |k| self.act(k, world))
    }

    fn settled(&self) -> bool {
        !self.entries.iter().any(|e| matches!(e, Entry::Pending))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_scenario_is_listed_with_what_the_picker_shows() {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        let mut world = World::new(None, maps, true);
        let mut p = Picker::new(&world);
        assert!(!p.settled(), "nothing is read when the screen opens");
        while p.load_next(&world) {}
        assert!(p.settled());
        let names: Vec<String> = p
            .files
            .iter()
            .map(|f| f.file_name().unwrap().to_string_lossy().into())
            .collect();
        for shipped in ["sample.toml", "castle.toml", "river.toml", "ambush.toml"] {
            assert!(names.iter().any(|n| n == shipped), "{shipped} missing from {names:?}");
        }
        let castle = names.iter().position(|n| n == "castle.toml").unwrap();
        let Entry::Ready(info, _) = &p.entries[castle] else {
            panic!("castle.toml does not load")
        };
        assert!(info.players > 0 && info.enemies > 0, "{info:?}");
        assert_eq!(info.objective, "Kiny seizes (34, 15) · turn limit 9 · Kiny must live");
        assert!(info.rules.is_empty(), "{:?}", info.rules);
        // The scenarios with rules beyond the plain ones say so (picking the woods, nothing
        // said its blows could miss).
        let rules = |file: &str| {
            let i = names.iter().position(|n| n == file).unwrap();
            let Entry::Ready(info, _) = &p.entries[i] else {
                panic!("{file} does not load")
            };
            info.rules.clone()
        };
        assert_eq!(rules("woods.toml"), ["chance in combat: blows may miss or be critical"]);
        assert_eq!(rules("raid.toml"), ["fog of war: you see only near your units"]);
        let t = &info.thumb;
        assert_eq!(t.rgba.len() as u32, t.w * t.h * 4);
        assert!(t.w <= THUMB_SIDE && t.h <= THUMB_SIDE && t.w >= info.size.0 as u32);
        // Every shipped scenario has easy, normal and hard: Enter asks for one first.
        assert_eq!(info.levels, ["easy", "normal", "hard"]);
        let levels = info.levels.clone();
        p.at = castle;
        assert_eq!(
            p.act(MenuKey::Confirm, &mut world),
            Switch::Push(Go::Difficulty {
                then: super::super::Chosen::Battle(Launch {
                    path: p.files[castle].clone(),
                    difficulty: None
                }),
                levels,
            })
        );
        assert_eq!(p.act(MenuKey::Back, &mut world), Switch::Pop);
    }

    /// Versus' heading ran past the window's edge at 960×600; it fits every size the window
    /// takes, at its full size where there is room.
    #[test]
    fn the_heading_fits_the_window() {
        for (w, h) in [(960.0, 600.0), (972.0, 608.0), (1280.0, 800.0), (1920.0, 1200.0)] {
            let s = menu::ui_scale(w, h);
            for versus in [false, true] {
                let t = heading(versus);
                let size = heading_size(t, w, s);
                assert!(16.0 * s + view::text_w(t, size) <= w - 16.0 * s + 0.01, "{w}x{h}: {t}");
                assert!(size > 0.6 * 22.0 * s, "{w}x{h}: {size} is too small to read");
            }
            assert_eq!(
                heading_size(heading(false), w, s),
                22.0 * s,
                "Skirmish's fits as it was"
            );
        }
    }

    #[test]
    fn a_broken_scenario_is_listed_with_its_located_error_and_levels_ask_for_a_difficulty() {
        let dir = std::env::temp_dir().join(format!("skirmish-picker-{}", std::process::id()));
        let maps = dir.join("maps");
        std::fs::create_dir_all(&maps).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::write(maps.join("a.txt"), "....\n....\n").unwrap();
        std::fs::write(
            maps.join("good.toml"),
            "name = \"Good\"\nmap = \"a.txt\"\n[[units]]\nname = \"Kiny\"\nteam = \"player\"\nat = [0, 0]\n[[units]]\nname = \"Brute\"\nteam = \"enemy\"\nat = [3, 1]\nprofile = \"charger\"\n",
        )
        .unwrap();
        std::fs::write(maps.join("bad.toml"), "name = \"Bad\"\nmap = \"a.txt\"\nturns = 3\n").unwrap();
        std::fs::write(
            maps.join("campaign.toml"),
            "name = \"War\"\n[[chapters]]\nscenario = \"good.toml\"\n",
        )
        .unwrap();
        let mut world = World::new(None, maps.clone(), true);
        world.data_override = Some(root.join("data"));
        let mut p = Picker::new(&world);
        assert_eq!(p.files.len(), 2, "the campaign file is not a scenario: {:?}", p.files);
        while p.load_next(&world) {}
        let Entry::Broken(e) = &p.entries[0] else {
            panic!("bad.toml loaded")
        };
        assert!(e.contains("bad.toml:3:1"), "{e}");
        assert_eq!(p.act(MenuKey::Confirm, &mut world), Switch::None);
        assert!(world.notices.last().unwrap().contains("does not load"));
        let Entry::Ready(info, _) = &mut p.entries[1] else {
            panic!("good.toml does not load")
        };
        assert_eq!((info.players, info.enemies), (1, 1));
        assert_eq!(info.thumb.w, 4 * (THUMB_SIDE / 4));
        // A player unit's cell is blue in the thumbnail, an enemy's red, plain green.
        let cell = THUMB_SIDE / 4;
        let px = |x: u32, y: u32| {
            let i = ((y * info.thumb.w + x) * 4) as usize;
            [info.thumb.rgba[i], info.thumb.rgba[i + 1], info.thumb.rgba[i + 2]]
        };
        assert_eq!(px(cell / 2, cell / 2), [90, 160, 255]);
        assert_eq!(px(3 * cell + cell / 2, cell + cell / 2), [235, 70, 60]);
        assert_eq!(px(cell + 1, 1), [104, 156, 72]);
        // Levels: the chooser comes first.
        info.levels = vec!["easy".into(), "hard".into()];
        p.at = 1;
        assert!(
            matches!(p.act(MenuKey::Confirm, &mut world), Switch::Push(Go::Difficulty { levels, .. }) if levels.len() == 2)
        );
        // The best so far, per level.
        world.records.note(
            Records::key(&p.files[1], Some("hard")),
            crate::game::records::Result {
                won: true,
                turns: 4,
                survivors: 1,
                units: 1,
            },
        );
        assert_eq!(p.bests(&world), ["best (hard): won in 4 turns, 1 of 1 standing"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
