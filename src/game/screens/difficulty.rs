//! The difficulty chooser, shown before a scenario that has `[difficulty.NAME]` levels.

use super::menu::{self, Item, ListPage, Menu, MenuKey, Picked};
use super::{Chosen, Go, Launch, Screen, Switch, World};
use ggez::glam::Vec2;
use ggez::graphics::Rect;
use ggez::{Context, GameResult};

/// Choosing a level for a battle or a campaign.
pub struct Chooser {
    then: Chosen,
    levels: Vec<String>,
    /// What the levels are for, as the player knows it (read once, on the first frame).
    label: Option<String>,
    /// True once each level's entry says what it changes (read once, on the first frame).
    described: bool,
    /// The levels as a menu.
    pub menu: Menu,
}

/// What each level of `levels` changes ([`crate::game::difficulty::describe`]), read from
/// the scenario played; empty notes when it does not load. A campaign's says what it changes
/// in the first chapter it changes anything in (chapters before it as written), and no win
/// rate (issue 33's play: chapter 1's figures shown for the whole campaign read easy 99.8%
/// below normal 100%; those rates are of the scenario played alone, and every chapter has its
/// own; and normal and hard both read "in chapter 1: the battle as written", though they part
/// from chapter 2 on).
fn level_notes(then: &Chosen, levels: &[String], world: &World) -> Vec<String> {
    match then {
        Chosen::Battle(l) => {
            let scenario = crate::cli::load_scenario(&l.path, world.data_override.clone()).ok();
            levels
                .iter()
                .map(|name| {
                    scenario
                        .as_ref()
                        .and_then(|(s, ..)| s.level(name))
                        .map(|level| crate::game::difficulty::describe(level, true))
                        .unwrap_or_default()
                })
                .collect()
        }
        Chosen::Campaign => {
            let Ok(campaign) = crate::load::campaign::load(&world.campaign_file) else {
                return vec![String::new(); levels.len()];
            };
            // Per level, per chapter: what the level changes in the chapter as the campaign
            // plays it (`None`: the chapter's scenario does not load).
            let scenarios: Vec<_> = campaign
                .chapters
                .iter()
                .map(|ch| crate::cli::load_scenario(&ch.scenario, world.data_override.clone()).ok())
                .collect();
            let changes: Vec<Vec<Option<crate::model::scenario::Level>>> = levels
                .iter()
                .map(|name| {
                    campaign
                        .chapters
                        .iter()
                        .zip(&scenarios)
                        .map(|(ch, s)| {
                            let (s, ..) = s.as_ref()?;
                            let mut level = match s.level(name) {
                                Some(level) => in_chapter(level, &ch.set, &s.units),
                                None => crate::model::scenario::Level {
                                    name: name.clone(),
                                    entries: Vec::new(),
                                    tuned: None,
                                    line: 0,
                                    col: 0,
                                },
                            };
                            level.entries.extend(ch.level_numbers(Some(name)).iter().cloned());
                            Some(level)
                        })
                        .collect()
                })
                .collect();
            (0..levels.len()).map(|l| campaign_note(l, &changes)).collect()
        }
    }
}

/// What level `l` of `changes` (per level, per chapter) does in a campaign: said of the
/// chapter where it has parted from every other level (the levels may play alike for a few
/// chapters: hard as normal until chapter 3), or with one level, of the first chapter it
/// changes anything in.
fn campaign_note(l: usize, changes: &[Vec<Option<crate::model::scenario::Level>>]) -> String {
    let mine = &changes[l];
    let same = |a: &Option<crate::model::scenario::Level>, b: &Option<crate::model::scenario::Level>| {
        let pairs = |x: &Option<crate::model::scenario::Level>| {
            x.as_ref()
                .map(|x| x.entries.iter().map(|e| (e.key.clone(), e.value)).collect::<Vec<_>>())
        };
        pairs(a) == pairs(b)
    };
    let parted = changes
        .iter()
        .enumerate()
        .filter(|&(m, _)| m != l)
        .filter_map(|(_, other)| (0..mine.len()).find(|&k| !same(&mine[k], &other[k])))
        .max();
    let k = parted.or_else(|| {
        mine.iter()
            .position(|c| c.as_ref().is_some_and(|c| !c.entries.is_empty()))
    });
    match k.and_then(|k| Some((k, mine[k].as_ref()?))) {
        Some((k, level)) => format!(
            "in chapter {}: {}",
            k + 1,
            crate::game::difficulty::describe(level, false)
        ),
        None if mine.iter().all(Option::is_some) => "every chapter as written".to_string(),
        None => String::new(),
    }
}

/// What `level` changes in a chapter whose own numbers are `set`: a level's `kind:K.F` is left
/// out where the chapter's `unit:NAME.F` keys pin every unit of kind K (a unit's own number
/// wins over its kind's, whatever the order), so no note names a number nobody has (issue 33's
/// play: "brute attack 18" for hard, where the chapter keeps its Brute at 9).
fn in_chapter(
    level: &crate::model::scenario::Level,
    set: &[crate::model::scenario::LevelEntry],
    units: &[crate::model::scenario::UnitSpec],
) -> crate::model::scenario::Level {
    let pinned = |unit: &str, field: &str| set.iter().any(|e| e.key == format!("unit:{unit}.{field}"));
    let mut level = level.clone();
    level.entries.retain(|e| {
        let Some((what, field)) = e.key.rsplit_once('.') else {
            return true;
        };
        match what.strip_prefix("kind:") {
            Some(kind) => {
                let of_kind: Vec<&str> = units
                    .iter()
                    .filter(|u| u.kind == kind)
                    .map(|u| u.name.as_str())
                    .collect();
                of_kind.is_empty() || of_kind.iter().any(|u| !pinned(u, field))
            }
            None => true,
        }
    });
    level
}

/// "The border war (campaign, ...)" or "The castle (castle.toml)": what the chosen level
/// will be played in, by the name the picker shows.
fn about(then: &Chosen, world: &World) -> String {
    match then {
        Chosen::Battle(l) => {
            let file = l.path.file_name().unwrap_or_default().to_string_lossy().into_owned();
            match crate::cli::load_scenario(&l.path, world.data_override.clone()) {
                Ok((scenario, ..)) => format!("{} ({file})", scenario.name),
                Err(_) => file,
            }
        }
        Chosen::Campaign => match crate::load::campaign::load(&world.campaign_file) {
            Ok(c) => format!("{} (campaign: every chapter at its own level of this name)", c.name),
            Err(_) => world.campaign_file.display().to_string(),
        },
    }
}

impl Chooser {
    /// The levels of what comes next, "normal" highlighted when there is one.
    pub fn new(then: Chosen, levels: Vec<String>) -> Chooser {
        let mut menu = Menu::new(levels.iter().map(Item::new).collect());
        if let Some(i) = levels.iter().position(|l| l == "normal") {
            menu.at = i;
        }
        Chooser {
            then,
            levels,
            label: None,
            described: false,
            menu,
        }
    }

    /// What menu key `k` does: a chosen level replaces this screen with the battle (or, for a
    /// campaign, the question of chance in combat).
    pub fn act(&mut self, k: MenuKey) -> Switch {
        match self.menu.key(k) {
            Picked::Chose(i) => {
                let difficulty = Some(self.levels[i].clone());
                Switch::Replace(match &self.then {
                    Chosen::Battle(launch) => Go::Battle(Launch {
                        difficulty,
                        ..launch.clone()
                    }),
                    Chosen::Campaign => Go::CampaignChance { difficulty },
                })
            }
            Picked::Back => Switch::Pop,
            _ => Switch::None,
        }
    }
}

impl Screen for Chooser {
    fn draw(&mut self, ctx: &mut Context, world: &World) -> GameResult {
        let (w, h) = ctx.gfx.drawable_size();
        let mut canvas = super::backdrop(ctx);
        let then = &self.then;
        if !self.described {
            self.described = true;
            for (item, note) in self.menu.items.iter_mut().zip(level_notes(then, &self.levels, world)) {
                item.note = note;
            }
        }
        let about = self.label.get_or_insert_with(|| about(then, world));
        // Wide: each level says what it changes.
        let page = ListPage {
            title: "Difficulty",
            about,
            at: Vec2::new(0.2, 0.12),
            area: Rect::new(0.1, 0.3, 0.8, 0.6),
            help: "Up/Down or the mouse to choose · Enter or a click plays · Esc or a right click: back",
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
    fn normal_is_offered_first_and_a_choice_opens_the_battle() {
        let launch = Launch {
            path: "maps/castle.toml".into(),
            difficulty: None,
        };
        let mut c = Chooser::new(
            Chosen::Battle(launch.clone()),
            vec!["easy".into(), "normal".into(), "hard".into()],
        );
        assert_eq!(c.menu.at, 1);
        c.act(MenuKey::Down);
        assert_eq!(
            c.act(MenuKey::Confirm),
            Switch::Replace(Go::Battle(Launch {
                difficulty: Some("hard".into()),
                ..launch
            }))
        );
        assert_eq!(c.act(MenuKey::Back), Switch::Pop);
        // The battle is named as the picker names it.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let world = World::new(None, root.join("maps"), true);
        let castle = Chosen::Battle(Launch {
            path: root.join("maps/castle.toml"),
            difficulty: None,
        });
        assert_eq!(about(&castle, &world), "The castle (castle.toml)");
        // Each level says what it changes.
        let notes = level_notes(&castle, &["easy".into(), "hard".into()], &world);
        assert!(notes.iter().all(|n| n.contains("% won (average player)")), "{notes:?}");
        assert!(
            notes[0].starts_with("hero ") && notes[1].starts_with("archer "),
            "{notes:?}"
        );
        // A campaign's levels say what they change in the first chapter they change anything
        // in, as such, without that chapter's win rates (measured on the battle alone, they
        // are not the campaign's); normal and hard, both as written in chapter 1, part there.
        let notes = level_notes(
            &Chosen::Campaign,
            &["easy".into(), "normal".into(), "hard".into()],
            &world,
        );
        assert!(notes.iter().all(|n| !n.contains('%')), "{notes:?}");
        assert!(notes[0].starts_with("in chapter 1: hero "), "{notes:?}");
        assert!(notes[1].starts_with("in chapter 3: "), "{notes:?}");
        assert!(notes[2].starts_with("in chapter 3: soldier "), "{notes:?}");
        assert_ne!(notes[1], notes[2], "normal and hard read differently where they part");
        // Hard's "brute attack 18" is not said where the chapter keeps its Brute at 9 (its
        // own `unit:Brute.attack`): the notes name only numbers somebody in it has.
        let notes = level_notes(&Chosen::Campaign, &["hard".into()], &world);
        assert!(!notes[0].contains("brute attack"), "{notes:?}");
        let castle_hard = level_notes(&castle, &["hard".into()], &world);
        assert!(castle_hard[0].starts_with("archer "), "{castle_hard:?}");
        assert!(about(&Chosen::Campaign, &world).contains("every chapter"));
        let mut c = Chooser::new(Chosen::Campaign, vec!["easy".into(), "hard".into()]);
        assert_eq!(
            c.act(MenuKey::Confirm),
            Switch::Replace(Go::CampaignChance {
                difficulty: Some("easy".into())
            })
        );
    }
}
