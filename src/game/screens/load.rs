//! The Load screen: the save slots (one per scenario and level, one per campaign chapter),
//! each with its scenario, turn and date; choosing one opens its battle where it was saved.
//! A chapter's slot is played through Continue, with the campaign's roster.

use super::menu::{self, Item, ListPage, Menu, MenuKey, Picked};
use super::{Go, Launch, Screen, Switch, World};
use crate::game::slots::{self, Slot};
use ggez::glam::Vec2;
use ggez::graphics::Rect;
use ggez::{Context, GameResult};

/// The list of save slots.
pub struct LoadScreen {
    slots: Vec<Slot>,
    /// The slots as a menu (a chapter's greyed: Continue plays it).
    pub menu: Menu,
}

impl LoadScreen {
    /// The slots of `world`'s saves folder, newest first.
    pub fn new(world: &World) -> LoadScreen {
        let slots = world.saves_dir().map(|d| slots::list(&d)).unwrap_or_default();
        // A chapter's slot is named by the chapter's title, as Continue and the intro name it.
        let titles: Vec<String> = crate::load::campaign::load(&world.campaign_file)
            .map(|c| {
                (0..c.chapters.len())
                    .map(|k| super::campaign::chapter_title(&c, k))
                    .collect()
            })
            .unwrap_or_default();
        let mut items: Vec<Item> = slots
            .iter()
            .map(|s| {
                let item = Item::new(s.describe(&titles));
                if s.chapter.is_some() {
                    item.note("Continue campaign plays it").disabled()
                } else {
                    item
                }
            })
            .collect();
        if items.is_empty() {
            items.push(Item::new("No saves yet (S saves a battle)").disabled());
        }
        let mut menu = Menu::new(items);
        if !menu.items[0].enabled {
            menu.step(1);
        }
        LoadScreen { slots, menu }
    }

    /// What menu key `k` does: a chosen slot replaces this screen with its battle.
    pub fn act(&mut self, k: MenuKey) -> Switch {
        match self.menu.key(k) {
            Picked::Chose(i) => match self.slots.get(i) {
                Some(s) if s.chapter.is_none() => Switch::Replace(Go::Resume {
                    launch: Launch {
                        path: s.scenario.clone(),
                        difficulty: s.difficulty.clone(),
                    },
                    save: s.path.clone(),
                }),
                _ => Switch::None,
            },
            Picked::Back => Switch::Pop,
            _ => Switch::None,
        }
    }
}

impl Screen for LoadScreen {
    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult {
        let (w, h) = ctx.gfx.drawable_size();
        let mut canvas = super::backdrop(ctx);
        let page = ListPage {
            title: "Load",
            about: "Saved battles, newest first: scenario, turn, date (UTC)",
            at: Vec2::new(0.1, 0.08),
            area: Rect::new(0.1, 0.22, 0.8, 0.62),
            help: "Up/Down or the mouse to choose · Enter or a click loads · Esc or a right click: back",
            help_at: Some(0.9),
        };
        menu::draw_list_page(&mut canvas, world, page, &mut self.menu, w, h);
        canvas.finish(ctx)
    }

    // Keys, pad, mouse and script tokens, as every list page takes them.
    menu::list_page_input!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::settings::Places;
    use std::path::Path;

    /// Issue 33: a campaign chapter and a skirmish saved to the same `./skirmish.save`. Each
    /// scenario (and level) and each chapter has its own slot in the data folder's `saves`;
    /// `--save-file` still wins; a scripted run writes nothing there. The Load screen lists the
    /// slots (scenario, turn, date) and opens the one chosen where it was saved.
    #[test]
    fn each_battle_saves_in_its_own_slot_and_load_lists_them() {
        let home = std::env::temp_dir().join(format!("skirmish-load-{}", std::process::id()));
        let places = Places {
            settings: home.join("options.toml"),
            data: home.clone(),
        };
        let mut w = World::new(Some(places.clone()), "maps".into(), false);
        let river = Path::new("maps/river.toml");
        let skirmish = w.save_for(river, Some("hard"), None);
        let chapter = w.save_for(river, Some("hard"), Some(3));
        assert_eq!(skirmish, home.join("saves/river-hard.save"));
        assert_eq!(chapter, home.join("saves/chapter-3-river-hard.save"));
        w.save_given = true;
        assert_eq!(
            w.save_for(river, None, None),
            Path::new("skirmish.save"),
            "--save-file wins"
        );
        let scripted = World::new(Some(places), "maps".into(), true);
        assert_eq!(scripted.save_for(river, None, None), Path::new("skirmish.save"));
        assert!(scripted.saves_dir().is_none());
        w.save_given = false;
        // Nothing saved yet: the list says so.
        let mut empty = LoadScreen::new(&w);
        assert!(!empty.menu.items[0].enabled);
        assert_eq!(empty.act(MenuKey::Confirm), Switch::None);
        // Two saves: the skirmish's opens where it was saved; the chapter's is Continue's.
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let (scenario, data, _) = crate::cli::load_scenario(&root.join("maps/river.toml"), None).unwrap();
        let session =
            crate::play::phase::Session::new(crate::rules::Battle::new(&scenario, &data), data.profiles.clone());
        let mut save = crate::io::save::snapshot(session.battle(), &scenario, 0);
        save.scenario = root.join("maps/river.toml").display().to_string();
        std::fs::create_dir_all(home.join("saves")).unwrap();
        crate::io::save::write(&chapter, &save).unwrap();
        crate::io::save::write(&skirmish, &save).unwrap();
        let mut l = LoadScreen::new(&w);
        assert_eq!(l.menu.items.len(), 2);
        let labels: Vec<&str> = l.menu.items.iter().map(|i| i.label.as_str()).collect();
        assert!(labels.iter().all(|s| s.contains("turn 1 · 20")), "{labels:?}");
        // The skirmish by its scenario's name and file (issue 39's play: "woods.toml" alone);
        // the chapter as the campaign names it (issue 33's play: a chapter's row named its
        // scenario's file).
        let chapter_row = l.slots.iter().position(|s| s.chapter.is_some()).unwrap();
        assert!(
            labels[chapter_row].starts_with("Chapter 3: River crossing · turn 1 · "),
            "{labels:?}"
        );
        assert!(
            labels[1 - chapter_row].starts_with("River crossing (river.toml) · turn 1 · "),
            "{labels:?}"
        );
        let open = l.menu.items.iter().position(|i| i.enabled).unwrap();
        l.menu.at = open;
        assert_eq!(
            l.act(MenuKey::Confirm),
            Switch::Replace(Go::Resume {
                launch: Launch {
                    path: root.join("maps/river.toml"),
                    difficulty: save.difficulty.clone(),
                },
                save: l.slots[open].path.clone(),
            })
        );
        assert_eq!(l.act(MenuKey::Back), Switch::Pop);
        let _ = std::fs::remove_dir_all(&home);
    }
}
