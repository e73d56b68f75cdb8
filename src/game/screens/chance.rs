//! New campaign's last question: chance in combat off or on (issue 39). On, every chapter is
//! played with `[combat] chance = true` and the chapter's `[chapters.chance_set]`; the choice
//! is kept in the progress file.

use super::menu::{self, Item, ListPage, Menu, MenuKey, Picked};
use super::{Go, Screen, Switch, World};
use ggez::glam::Vec2;
use ggez::graphics::Rect;
use ggez::{Context, GameResult};

/// The two answers, off first (and highlighted): the campaign as it always played.
const ANSWERS: [(&str, &str, bool); 2] = [
    ("Chance in combat: off", "no rolls: every blow lands in full", false),
    ("Chance in combat: on", "blows may miss, or be critical (3×)", true),
];

/// Choosing chance in combat for a new campaign, after its difficulty.
pub struct ChanceChooser {
    /// The level chosen before (if the chapters have levels).
    difficulty: Option<String>,
    /// The two answers as a menu.
    pub menu: Menu,
}

impl ChanceChooser {
    /// The question for a campaign at `difficulty`; "off" highlighted.
    pub fn new(difficulty: Option<String>) -> ChanceChooser {
        let items = ANSWERS
            .iter()
            .map(|(label, note, _)| Item {
                note: (*note).to_string(),
                ..Item::new(*label)
            })
            .collect();
        ChanceChooser {
            difficulty,
            menu: Menu::new(items),
        }
    }

    /// What menu key `k` does: an answer replaces this screen with the campaign's first intro.
    pub fn act(&mut self, k: MenuKey) -> Switch {
        match self.menu.key(k) {
            Picked::Chose(i) => Switch::Replace(Go::NewCampaign {
                difficulty: self.difficulty.clone(),
                chance: ANSWERS[i].2,
            }),
            Picked::Back => Switch::Pop,
            _ => Switch::None,
        }
    }
}

impl Screen for ChanceChooser {
    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult {
        let (w, h) = ctx.gfx.drawable_size();
        let mut canvas = super::backdrop(ctx);
        let about = match &self.difficulty {
            Some(level) => format!("New campaign at {level}: hit, avoid and critical rolls in every chapter, or none"),
            None => "New campaign: hit, avoid and critical rolls in every chapter, or none".to_string(),
        };
        let page = ListPage {
            title: "Chance in combat",
            about: &about,
            at: Vec2::new(0.2, 0.12),
            area: Rect::new(0.1, 0.3, 0.8, 0.3),
            help: "Up/Down or the mouse to choose · Enter or a click starts the campaign · Esc or a right click: back",
            help_at: None,
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

    #[test]
    fn off_is_offered_first_and_each_answer_starts_the_campaign_with_it() {
        let mut c = ChanceChooser::new(Some("hard".into()));
        assert_eq!(c.menu.at, 0);
        assert!(c.menu.items[1].note.contains("miss") && c.menu.items[1].note.contains("critical"));
        assert_eq!(
            c.act(MenuKey::Confirm),
            Switch::Replace(Go::NewCampaign {
                difficulty: Some("hard".into()),
                chance: false
            })
        );
        c.act(MenuKey::Down);
        assert_eq!(
            c.act(MenuKey::Confirm),
            Switch::Replace(Go::NewCampaign {
                difficulty: Some("hard".into()),
                chance: true
            })
        );
        assert_eq!(c.act(MenuKey::Back), Switch::Pop);
    }

    /// Issue 33's play: the notes were drawn in a very small font (shrunk to fit their row).
    /// At 1280×800 and 800×600 each is drawn at a note's full size.
    #[test]
    fn the_answers_notes_keep_their_size() {
        for (w, h) in [(1280.0, 800.0), (800.0, 600.0)] {
            let size = 16.0 * menu::ui_scale(w, h);
            let row = menu::rows(2, Rect::new(w * 0.1, h * 0.3, w * 0.8, h * 0.3), size * 2.2)[0];
            for (label, note, _) in ANSWERS {
                let (label_size, note_size) = menu::row_text_sizes(label, note, row.w, size);
                assert_eq!((label_size, note_size), (size, size * 0.8), "{note} at {w}x{h}");
            }
        }
    }
}
