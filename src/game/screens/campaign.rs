//! The campaign's screens: a chapter's intro, the roster between chapters (each unit's level,
//! experience and stats) and the closing text. The rules (roster, experience, progress) are
//! the engine's; these only show them. The campaign being played lives in the [`World`].

use super::menu::{self, MenuKey};
use super::{Go, Screen, Switch, World};
use crate::game::script::Token;
use crate::game::view::{self, DIM_TEXT, ENEMY_TEXT, GOLD, PLAYER_TEXT};
use crate::io::progress::Progress;
use crate::load::campaign::Campaign;
use ggez::glam::Vec2;
use ggez::graphics::{Canvas, Color};
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::MouseButton;
use ggez::{Context, GameResult};
use std::path::{Path, PathBuf};

/// The campaign being played: its file and the progress through it.
pub struct Active {
    /// The campaign file, loaded.
    pub campaign: Campaign,
    /// Where it stands (written after every chapter).
    pub progress: Progress,
    /// The progress file.
    pub file: PathBuf,
}

/// What the title screen can offer of the campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// No progress file.
    Nothing,
    /// The progress file does not read (its located error).
    Broken(String),
    /// A campaign under way: the next chapter (from 0) of so many, and its title.
    At {
        /// The next chapter.
        chapter: usize,
        /// Chapters in all.
        of: usize,
        /// The next chapter's title.
        title: String,
    },
    /// Every chapter won.
    Finished,
}

/// The title of chapter `k` (its `title`, else its scenario file's name).
pub fn chapter_title(c: &Campaign, k: usize) -> String {
    c.chapters.get(k).map_or_else(String::new, |ch| {
        ch.title.clone().unwrap_or_else(|| ch.scenario_written.clone())
    })
}

/// Reads the progress file as the title screen sees it.
pub fn saved(campaign: Option<&Campaign>, file: Option<&Path>) -> Saved {
    let Some(file) = file.filter(|f| f.exists()) else {
        return Saved::Nothing;
    };
    match crate::io::progress::read(file) {
        Err(e) => Saved::Broken(e.to_string()),
        Ok(p) => match campaign {
            Some(c) if p.chapter >= c.chapters.len() => Saved::Finished,
            Some(c) => Saved::At {
                chapter: p.chapter,
                of: c.chapters.len(),
                title: chapter_title(c, p.chapter),
            },
            None => Saved::Broken(format!("{}: its campaign file does not load", file.display())),
        },
    }
}

/// The difficulty level the campaign in progress is played at (`None`: none chosen, or no
/// progress file that reads).
pub fn saved_difficulty(file: Option<&Path>) -> Option<String> {
    crate::io::progress::read(file?).ok()?.difficulty
}

impl World {
    /// Starts the campaign afresh (at `difficulty`), writing its progress; the error says why not.
    pub fn start_campaign(&mut self, difficulty: Option<String>, chance: bool) -> Result<(), String> {
        let campaign = crate::load::campaign::load(&self.campaign_file).map_err(|e| e.to_string())?;
        let file = self
            .progress_file
            .clone()
            .ok_or("nowhere to keep the campaign's progress")?;
        // The file's permadeath, unless the options (or --casual) say casual.
        let permadeath = campaign.permadeath && self.settings.permadeath && !self.casual;
        let mut progress = Progress::new(&campaign.path, &campaign.name, permadeath, difficulty);
        progress.chance = chance;
        self.campaign = Some(Active {
            campaign,
            progress,
            file,
        });
        self.save_progress();
        Ok(())
    }

    /// Continues the campaign where the progress file left it.
    pub fn continue_campaign(&mut self) -> Result<(), String> {
        let campaign = crate::load::campaign::load(&self.campaign_file).map_err(|e| e.to_string())?;
        let file = self.progress_file.clone().ok_or("no progress file")?;
        let progress = crate::io::progress::read(&file).map_err(|e| e.to_string())?;
        self.campaign = Some(Active {
            campaign,
            progress,
            file,
        });
        Ok(())
    }

    /// Writes the campaign's progress (not in a scripted run without SKIRMISH_HOME); a
    /// failure becomes a notice.
    pub fn save_progress(&mut self) {
        if self.scripted {
            return;
        }
        if let Some(a) = &self.campaign
            && let Err(e) = crate::io::progress::write(&a.file, &a.progress)
        {
            self.notices.push(e.to_string());
        }
    }
}

/// What Enter (or a click) does on a text screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// A chapter's intro: on to its battle.
    Intro,
    /// The roster after a won chapter: on to the next intro, or the closing text.
    Roster,
    /// The closing text: back to the title.
    Closing,
}

/// One of the campaign's text screens.
pub struct TextScreen {
    /// Which.
    pub page: Page,
    /// The unit kinds of the campaign's data (the roster's move and heal columns), read
    /// once, when first shown.
    kinds: std::cell::OnceCell<Option<crate::model::units::Kinds>>,
}

impl TextScreen {
    /// The page `page`.
    pub fn new(page: Page) -> TextScreen {
        TextScreen {
            page,
            kinds: std::cell::OnceCell::new(),
        }
    }

    /// The unit kinds of the data the campaign's first chapter is played with.
    fn kinds(&self, world: &World) -> Option<&crate::model::units::Kinds> {
        self.kinds
            .get_or_init(|| {
                let a = world.campaign.as_ref()?;
                let first = a.campaign.chapters.first()?;
                let (dir, _) = crate::cli::scenario_data_dir(&first.scenario, world.data_override.clone());
                Some(crate::load::data::load(&dir).ok()?.kinds)
            })
            .as_ref()
    }

    /// What menu key `k` does.
    pub fn act(&self, world: &World, k: MenuKey) -> Switch {
        match (self.page, k) {
            (Page::Intro, MenuKey::Confirm) => Switch::Replace(Go::Chapter),
            (Page::Roster, MenuKey::Confirm) => {
                let done = world
                    .campaign
                    .as_ref()
                    .is_none_or(|a| a.progress.chapter >= a.campaign.chapters.len());
                Switch::Replace(if done { Go::Closing } else { Go::Intro })
            }
            (Page::Closing, MenuKey::Confirm | MenuKey::Back) => Switch::Pop,
            // Back to the title; the progress is kept (Continue picks it up).
            (_, MenuKey::Back) => Switch::Pop,
            _ => Switch::None,
        }
    }

    /// The lines of the page: (text, colour, size factor).
    pub fn lines(&self, world: &World) -> Vec<Line> {
        let Some(a) = &world.campaign else {
            return vec![("No campaign is being played.".into(), ENEMY_TEXT, 1.0, false)];
        };
        let (c, p) = (&a.campaign, &a.progress);
        let mut out: Vec<(String, Color, f32)> = Vec::new();
        // The rows of the roster's table (its header too): each on one line.
        let mut table: Vec<usize> = Vec::new();
        match self.page {
            Page::Intro => {
                let k = p.chapter.min(c.chapters.len().saturating_sub(1));
                out.push((c.name.clone(), DIM_TEXT, 0.9));
                out.push((format!("Chapter {}: {}", k + 1, chapter_title(c, k)), GOLD, 1.6));
                out.push((String::new(), DIM_TEXT, 0.6));
                out.push((
                    c.chapters[k].intro.split_whitespace().collect::<Vec<_>>().join(" "),
                    Color::WHITE,
                    1.0,
                ));
                out.push((String::new(), DIM_TEXT, 0.6));
                if p.tries > 0 {
                    let t = if p.tries == 1 {
                        "once".to_string()
                    } else {
                        format!("{} times", p.tries)
                    };
                    out.push((
                        format!("Lost {t}: the chapter starts again, your roster as it was."),
                        ENEMY_TEXT,
                        0.9,
                    ));
                }
                // Continue with a save made in the chapter: the battle goes on from it (issue
                // 33's play: the intro did not say so, and read as a fresh start).
                if let Some(turn) = world
                    .chapter_save()
                    .and_then(|slot| crate::io::save::read(&slot).ok())
                    .map(|save| save.turn)
                {
                    out.push((
                        format!("Resuming your save from turn {turn}: the battle goes on where you saved it."),
                        GOLD,
                        0.95,
                    ));
                }
                let mode = if p.permadeath {
                    "permadeath: a unit that falls is gone"
                } else {
                    "casual: a unit that falls is back next chapter"
                };
                let level = p.difficulty.as_deref().map(|d| format!(" · {d}")).unwrap_or_default();
                let chance = if p.chance { " · chance on" } else { "" };
                out.push((format!("{mode}{level}{chance}"), DIM_TEXT, 0.85));
                out.push((
                    "Enter or a click: to battle · Esc or a right click: back to the title".into(),
                    DIM_TEXT,
                    0.85,
                ));
            }
            Page::Roster => {
                let won = p.chapter;
                out.push((format!("Chapter {won} won: the roster"), GOLD, 1.6));
                out.push((String::new(), DIM_TEXT, 0.6));
                let kinds = self.kinds(world);
                // Move (and its class) and a healer's heal, from the unit's kind (issue 33:
                // the roster had neither). A move grown by level-ups is the member's own.
                let moves: Vec<(String, String)> = p
                    .roster
                    .members
                    .iter()
                    .map(|m| {
                        let kind = kinds.and_then(|k| k.get(&m.kind));
                        let moves = kind.map_or("?".to_string(), |k| {
                            format!("{} {}", m.movement.unwrap_or(k.movement), k.class)
                        });
                        let heal = kind
                            .and_then(|k| k.heal)
                            .map_or("-".to_string(), |h| h.power.to_string());
                        (moves, heal)
                    })
                    .collect();
                // The move column as wide as its widest entry, left-aligned under its header,
                // two spaces to the heal column (issue 33's play: "move heal" was cramped,
                // each header right-aligned over a column of another width).
                let mw = moves
                    .iter()
                    .map(|(m, _)| m.chars().count())
                    .chain([4])
                    .max()
                    .unwrap_or(4);
                table.push(out.len());
                out.push((
                    format!(
                        "{:<10} {:<9} {:>3} {:>8} {:>4} {:>4} {:>4}  {:<5}  {:<mw$}  {:>4}",
                        "unit", "kind", "Lv", "exp", "HP", "ATK", "DEF", "range", "move", "heal"
                    ),
                    DIM_TEXT,
                    0.9,
                ));
                for (m, (moves, heal)) in p.roster.members.iter().zip(moves) {
                    let s = &m.stats;
                    let row = format!(
                        "{:<10} {:<9} {:>3} {:>8} {:>4} {:>4} {:>4}  {:<5}  {:<mw$}  {:>4}{}",
                        m.name,
                        m.kind,
                        m.level,
                        format!("{}/100", m.exp),
                        s.hp,
                        s.attack,
                        s.defense,
                        // "1" for a melee unit, "2-3" for a bow (found playing: "1-1").
                        if s.range_min == s.range_max {
                            s.range_min.to_string()
                        } else {
                            format!("{}-{}", s.range_min, s.range_max)
                        },
                        moves,
                        heal,
                        if m.fallen { "  fallen" } else { "" }
                    );
                    table.push(out.len());
                    out.push((row, if m.fallen { ENEMY_TEXT } else { PLAYER_TEXT }, 0.9));
                }
                out.push((String::new(), DIM_TEXT, 0.6));
                let next = if won >= c.chapters.len() {
                    "Enter or a click: the end".to_string()
                } else {
                    format!("Enter or a click: chapter {}, {}", won + 1, chapter_title(c, won))
                };
                out.push((
                    format!("Progress saved. {next} · Esc or a right click: back to the title"),
                    DIM_TEXT,
                    0.85,
                ));
            }
            Page::Closing => {
                out.push((format!("{}: the end", c.name), GOLD, 1.6));
                out.push((String::new(), DIM_TEXT, 0.6));
                out.push((
                    c.closing.split_whitespace().collect::<Vec<_>>().join(" "),
                    Color::WHITE,
                    1.0,
                ));
                out.push((String::new(), DIM_TEXT, 0.6));
                let standing: Vec<&str> = p.roster.standing().map(|m| m.name.as_str()).collect();
                let fallen: Vec<&str> = p
                    .roster
                    .members
                    .iter()
                    .filter(|m| m.fallen)
                    .map(|m| m.name.as_str())
                    .collect();
                out.push((format!("Standing: {}", standing.join(", ")), PLAYER_TEXT, 0.9));
                if !fallen.is_empty() {
                    out.push((format!("Fallen: {}", fallen.join(", ")), ENEMY_TEXT, 0.9));
                }
                out.push(("Enter or a click: back to the title".into(), DIM_TEXT, 0.85));
            }
        }
        out.into_iter()
            .enumerate()
            .map(|(i, (s, color, k))| (s, color, k, table.contains(&i)))
            .collect()
    }
}

/// A line of a text screen: its words, colour, size (a factor of the page's), and whether
/// it is a row of a table (never wrapped: see [`place_lines`]).
pub type Line = (String, Color, f32, bool);

/// Where the lines of a page go on a window `w` × `h` at text size `size`, from the top:
/// each piece with its colour, size and place. Words wrap to the window; the rows of a table
/// are never wrapped (issue 33's play: the roster's "fallen" tag went onto a line of its
/// own), they share one size at which the longest fits.
fn place_lines(lines: &[Line], w: f32, h: f32, size: f32) -> Vec<(String, Color, f32, Vec2)> {
    let margin = w * 0.1;
    let room = w - 2.0 * margin;
    let table = lines
        .iter()
        .filter(|l| l.3)
        .map(|(text, _, k, _)| (size * k).min(room / (text.chars().count().max(1) as f32 * view::CHAR_W)))
        .fold(f32::INFINITY, f32::min);
    let mut y = h * 0.1;
    let mut out = Vec::new();
    for (text, color, k, row) in lines {
        let sz = if *row { table } else { size * k };
        let width = (room / (sz * view::CHAR_W)).max(10.0) as usize;
        let wrapped = if text.is_empty() || *row {
            vec![text.clone()]
        } else {
            crate::game::hud::text::wrap(text, width)
        };
        for l in wrapped {
            out.push((l, *color, sz, Vec2::new(margin, y)));
            y += sz * 1.45;
        }
    }
    out
}

/// Draws lines of text, wrapped to the window, from the top.
fn draw_lines(canvas: &mut Canvas, lines: &[Line], w: f32, h: f32, size: f32) {
    for (text, color, sz, at) in place_lines(lines, w, h, size) {
        view::text(canvas, &text, at, sz, color);
    }
}

impl Screen for TextScreen {
    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult {
        let (w, h) = ctx.gfx.drawable_size();
        let s = menu::ui_scale(w, h);
        let mut canvas = super::backdrop(ctx);
        draw_lines(&mut canvas, &self.lines(world), w, h, 15.0 * s);
        super::draw_notices(&mut canvas, world, w, h, 12.0 * s);
        canvas.finish(ctx)
    }

    fn key_down(&mut self, _ctx: &mut Context, world: &mut World, input: KeyInput, _r: bool) -> GameResult<Switch> {
        let k = menu::menu_key(&world.settings.bindings(), &input);
        Ok(k.map_or(Switch::None, |k| self.act(world, k)))
    }

    fn menu_key(&mut self, world: &mut World, k: menu::MenuKey) -> Switch {
        self.act(world, k)
    }

    fn mouse_down(
        &mut self,
        _ctx: &mut Context,
        world: &mut World,
        b: MouseButton,
        _x: f32,
        _y: f32,
    ) -> GameResult<Switch> {
        Ok(match b {
            MouseButton::Left => self.act(world, MenuKey::Confirm),
            MouseButton::Right => self.act(world, MenuKey::Back),
            _ => Switch::None,
        })
    }

    fn token(&mut self, world: &mut World, t: Token) -> Switch {
        menu::token_key(t).map_or(Switch::None, |k| self.act(world, k))
    }

    fn window_title(&self) -> String {
        "skirmish: campaign".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world(home: &Path) -> World {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut w = World::new(None, root.join("maps"), false);
        w.campaign_file = root.join("maps/campaign.toml");
        w.progress_file = Some(home.join("progress.json"));
        w
    }

    /// Issue 33's play: on the roster, a fallen unit's row wrapped its "fallen" tag onto a
    /// line of its own at 1280×800. Every row of the table (its header too) stays on one
    /// line, inside the page's margins, at every window size the game opens at.
    #[test]
    fn the_rosters_rows_never_wrap_a_fallen_tag() {
        let home = std::env::temp_dir().join(format!("skirmish-roster-{}", std::process::id()));
        let mut w = world(&home);
        w.start_campaign(None, false).unwrap();
        let a = w.campaign.as_mut().unwrap();
        a.progress.chapter = 1;
        let stats = crate::model::units::Stats {
            hp: 128,
            attack: 19,
            defense: 13,
            range_min: 2,
            range_max: 3,
        };
        for (name, kind, fallen) in [("Robin", "archer", true), ("Kiny", "hero", false)] {
            a.progress.roster.members.push(skirmish_core::campaign::Member {
                name: name.into(),
                kind: kind.into(),
                level: 12,
                exp: 99,
                stats,
                fallen,
                movement: None,
            });
        }
        let lines = TextScreen::new(Page::Roster).lines(&w);
        let rows: Vec<&Line> = lines.iter().filter(|l| l.3).collect();
        assert!(rows.iter().any(|l| l.0.ends_with("fallen")), "{lines:?}");
        for (pw, ph) in [(640.0, 480.0), (800.0, 600.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            let size = 15.0 * menu::ui_scale(pw, ph);
            let placed = place_lines(&lines, pw, ph, size);
            for row in &rows {
                let piece = placed
                    .iter()
                    .find(|p| p.0 == row.0)
                    .unwrap_or_else(|| panic!("{pw}x{ph}: the row {:?} is split: {placed:?}", row.0));
                assert!(
                    piece.3.x + view::text_w(&piece.0, piece.2) <= pw * 0.9 + 0.5,
                    "{pw}x{ph}: {piece:?}"
                );
            }
            // One size for the whole table, so its columns line up.
            let sizes: Vec<f32> = placed
                .iter()
                .filter(|p| rows.iter().any(|r| r.0 == p.0))
                .map(|p| p.2)
                .collect();
            assert!(sizes.windows(2).all(|s| s[0] == s[1]), "{sizes:?}");
        }
        let _ = std::fs::remove_dir_all(&home);
    }

    /// Issue 33's play: Continue resumed the chapter's save, but its intro read as a fresh
    /// start. With a save in the chapter's slot, the intro says it resumes it, and from which
    /// turn; without one, it does not.
    #[test]
    fn the_intro_after_continue_says_it_resumes_the_save() {
        let home = std::env::temp_dir().join(format!("skirmish-resume-{}", std::process::id()));
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let places = crate::game::settings::Places {
            settings: home.join("options.toml"),
            data: home.clone(),
        };
        let mut w = World::new(Some(places), root.join("maps"), false);
        w.campaign_file = root.join("maps/campaign.toml");
        w.progress_file = Some(home.join("progress.json"));
        w.start_campaign(None, false).unwrap();
        let intro = TextScreen::new(Page::Intro);
        let resumes = |w: &World| {
            intro
                .lines(w)
                .into_iter()
                .find(|l| l.0.starts_with("Resuming your save"))
                .map(|l| l.0)
        };
        assert_eq!(resumes(&w), None, "nothing saved: a fresh start");
        // A save of chapter 1 on turn 3, in its slot.
        let first = w.campaign.as_ref().unwrap().campaign.chapters[0].scenario.clone();
        let (scenario, data, _) = crate::cli::load_scenario(&first, None).unwrap();
        let battle = crate::rules::Battle::new(&scenario, &data);
        let mut save = crate::io::save::snapshot(&battle, &scenario, 0);
        save.turn = 3;
        let slot = w.save_for(&first, None, Some(1));
        std::fs::create_dir_all(slot.parent().unwrap()).unwrap();
        crate::io::save::write(&slot, &save).unwrap();
        assert_eq!(w.chapter_save(), Some(slot));
        let line = resumes(&w).expect("the intro says it resumes the save");
        assert!(line.starts_with("Resuming your save from turn 3"), "{line}");
        let _ = std::fs::remove_dir_all(&home);
    }

    #[test]
    fn a_new_campaign_is_saved_and_offered_to_continue() {
        let home = std::env::temp_dir().join(format!("skirmish-campaign-{}", std::process::id()));
        let mut w = world(&home);
        let c = crate::load::campaign::load(&w.campaign_file).unwrap();
        assert_eq!(saved(Some(&c), w.progress_file.as_deref()), Saved::Nothing);
        w.settings.permadeath = false;
        w.start_campaign(None, false).unwrap();
        assert!(
            !w.campaign.as_ref().unwrap().progress.permadeath,
            "casual in the options wins"
        );
        assert_eq!(
            saved(Some(&c), w.progress_file.as_deref()),
            Saved::At {
                chapter: 0,
                of: c.chapters.len(),
                title: chapter_title(&c, 0)
            }
        );
        let intro = TextScreen::new(Page::Intro);
        let lines = intro.lines(&w);
        assert!(lines[1].0.starts_with("Chapter 1: "), "{lines:?}");
        assert!(lines.iter().any(|l| l.0.contains("casual")));
        assert_eq!(intro.act(&w, MenuKey::Confirm), Switch::Replace(Go::Chapter));
        assert_eq!(intro.act(&w, MenuKey::Back), Switch::Pop);
        // The roster says each unit's move (with its class) and a healer's heal (issue 33).
        let stats = crate::model::units::Stats {
            hp: 28,
            attack: 9,
            defense: 3,
            range_min: 1,
            range_max: 1,
        };
        let members = &mut w.campaign.as_mut().unwrap().progress.roster.members;
        for (name, kind) in [("Kiny", "hero"), ("Mira", "cleric")] {
            members.push(skirmish_core::campaign::Member {
                name: name.into(),
                kind: kind.into(),
                level: 1,
                exp: 0,
                stats,
                fallen: false,
                movement: None,
            });
        }
        let roster = TextScreen::new(Page::Roster);
        let lines = roster.lines(&w);
        assert!(
            lines[2].0.contains("move") && lines[2].0.contains("heal"),
            "{:?}",
            lines[2]
        );
        let kiny = lines
            .iter()
            .find(|l| l.0.starts_with("Kiny "))
            .unwrap_or_else(|| panic!("Kiny's row: {lines:?}"));
        assert!(
            kiny.0.contains(" 7 foot ") && kiny.0.trim_end().ends_with('-'),
            "{:?}",
            kiny.0
        );
        let mira = lines.iter().find(|l| l.0.starts_with("Mira ")).expect("Mira's row");
        assert!(mira.0.trim_end().ends_with(" 8"), "a healer's heal: {:?}", mira.0);
        // Each header stands over its column: "move" where the moves start, "heal" ending
        // where the heals end, with room between them (issue 33's play: "move heal" cramped).
        let head = &lines[2].0;
        let (mv, hl) = (head.find("move").unwrap(), head.find("heal").unwrap() + 4);
        assert!(head[mv + 4..hl - 4].len() >= 2, "{head:?}");
        for row in [&kiny.0, &mira.0] {
            assert!(
                row[mv..].starts_with(|c: char| c.is_ascii_digit()),
                "{row:?} under {head:?}"
            );
            assert!(
                row[..hl].ends_with(['-', '8']) && row[hl..].trim().is_empty(),
                "{row:?} under {head:?}"
            );
        }
        // After the last chapter the roster leads to the closing text.
        assert_eq!(roster.act(&w, MenuKey::Confirm), Switch::Replace(Go::Intro));
        w.campaign.as_mut().unwrap().progress.chapter = c.chapters.len();
        assert_eq!(roster.act(&w, MenuKey::Confirm), Switch::Replace(Go::Closing));
        w.save_progress();
        assert_eq!(saved(Some(&c), w.progress_file.as_deref()), Saved::Finished);
        // A damaged progress file is a located message, and New still works.
        std::fs::write(
            home.join("progress.json"),
            "{ \"format\": \"skirmish-progress\", \"vers",
        )
        .unwrap();
        let Saved::Broken(e) = saved(Some(&c), w.progress_file.as_deref()) else {
            panic!("a damaged file reads")
        };
        assert!(e.contains("progress.json:1:"), "{e}");
        w.start_campaign(Some("hard".into()), false).unwrap();
        assert_eq!(
            w.campaign.as_ref().unwrap().progress.difficulty.as_deref(),
            Some("hard")
        );
        let mode = |w: &World| {
            TextScreen::new(Page::Intro)
                .lines(w)
                .into_iter()
                .find(|l| l.0.starts_with("permadeath") || l.0.starts_with("casual"))
                .map(|l| l.0)
                .unwrap()
        };
        assert!(!mode(&w).contains("chance"), "{}", mode(&w));
        // Chance in combat, chosen at New campaign: kept in the progress file, said on the intro.
        w.start_campaign(Some("hard".into()), true).unwrap();
        assert!(mode(&w).contains("chance on"), "{}", mode(&w));
        let file = w.progress_file.clone().unwrap();
        assert!(crate::io::progress::read(&file).unwrap().chance);
        let _ = std::fs::remove_dir_all(&home);
    }
}
