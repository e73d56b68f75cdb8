//! The action menu in words and in place: its entries, the attack forecast, and where its
//! box goes beside the acting unit.

use crate::load::names::{LABEL_CHARS, label};
use crate::play::phase::Action;
use crate::rules::battle::{Battle, UnitId};
use crate::rules::combat::Forecast;
use ggez::glam::Vec2;
use ggez::graphics::Rect;

/// Where the action menu goes: a box of `size` beside the acting unit (`unit`, drawing
/// units) inside `view`, never over the unit or `about` (the enemy the highlighted attack
/// is about) when it can help it, and over as few of `avoid` (the other targets and every
/// unit next to the acting unit or the target) as it can, then over as few of `others` (any
/// other unit on screen: issue 33's play found the box over units a little further off);
/// among equals, the nearest. The places it tries are [`menu_spots`].
pub fn place_menu(unit: Rect, about: Option<Rect>, avoid: &[Rect], others: &[Rect], size: Vec2, view: Rect) -> Rect {
    let candidates = menu_spots(unit, size, view);
    let hides = |r: &Rect| covers(r, &unit) || about.is_some_and(|a| covers(r, &a));
    let covered = |list: &[Rect], r: &Rect| list.iter().filter(|k| covers(r, k)).count();
    let t = unit.w;
    let far = |r: &Rect| {
        let c = Vec2::new(r.x + r.w / 2.0, r.y + r.h / 2.0);
        c.distance(Vec2::new(unit.x + t / 2.0, unit.y + t / 2.0)) as i32
    };
    candidates
        .iter()
        .copied()
        .min_by_key(|r| (hides(r), covered(avoid, r), covered(others, r), far(r)))
        .unwrap_or(candidates[0])
}

/// True when box `a` covers part of `b` (rects that touch only along an edge do not).
pub fn covers(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() - 0.5 && b.x < a.right() - 0.5 && a.y < b.bottom() - 0.5 && b.y < a.bottom() - 0.5
}

/// The places [`place_menu`] tries for a box of `size` beside `unit` inside `view`: beside
/// it, a step further out, then the view's corners.
pub fn menu_spots(unit: Rect, size: Vec2, view: Rect) -> Vec<Rect> {
    let (bw, bh) = (size.x, size.y);
    let fit = |x: f32, y: f32| {
        Rect::new(
            x.clamp(view.x + 4.0, (view.x + view.w - bw - 4.0).max(view.x + 4.0)),
            y.clamp(view.y + 4.0, (view.y + view.h - bh - 4.0).max(view.y + 4.0)),
            bw,
            bh,
        )
    };
    let (at, t) = (unit.point(), unit.w);
    let mut candidates = vec![
        fit(at.x + t + 6.0, at.y - 4.0),
        fit(at.x - 6.0 - bw, at.y - 4.0),
        fit(at.x + t + 6.0, at.y + t + 4.0 - bh),
        fit(at.x - 6.0 - bw, at.y + t + 4.0 - bh),
        fit(at.x + t / 2.0 - bw / 2.0, at.y + t + 6.0),
        fit(at.x + t / 2.0 - bw / 2.0, at.y - 6.0 - bh),
    ];
    // A step further out, clear of the neighbours, then the corners of the view.
    candidates.extend([
        fit(at.x + 2.0 * t + 6.0, at.y - 4.0),
        fit(at.x - t - 6.0 - bw, at.y - 4.0),
        fit(at.x + t / 2.0 - bw / 2.0, at.y + 2.0 * t + 6.0),
        fit(at.x + t / 2.0 - bw / 2.0, at.y - t - 6.0 - bh),
        fit(view.x, view.y),
        fit(view.x + view.w, view.y),
        fit(view.x, view.y + view.h),
        fit(view.x + view.w, view.y + view.h),
    ]);
    candidates
}

/// The action menu's entries for `unit`'s action (a heal shows its forecast).
pub fn menu(b: &Battle, unit: UnitId, options: &[Action]) -> Vec<String> {
    options
        .iter()
        .map(|o| match o {
            Action::Attack(t) => format!("Attack {}", label(b.unit(*t).name(), LABEL_CHARS)),
            // The forecast is the entry: "Heal Lance 9 → 17".
            Action::Heal(t) => {
                let name = label(b.unit(*t).name(), LABEL_CHARS);
                match crate::rules::combat::heal_forecast(b, unit, *t) {
                    Some((before, after)) => format!("Heal {name} {before} → {after}"),
                    None => format!("Heal {name}"),
                }
            }
            // On a cell to seize, waiting is the seizure (issue 33: the menu said only "Wait"
            // while the side panel said SEIZE).
            Action::Wait if seizes_here(b, unit) => "Seize (wait here: the battle is won)".to_string(),
            Action::Wait => "Wait".to_string(),
            // A canto unit's second move, with the movement it has left.
            Action::Move => format!("Move ({} left)", b.unit(unit).movement_left()),
        })
        .collect()
}

/// True when `unit` stands on a cell to seize and may seize it (ending its action wins).
fn seizes_here(b: &Battle, unit: UnitId) -> bool {
    match &b.goals().win {
        crate::rules::Goal::Seize { cells, seizers } => {
            cells.contains(&b.unit(unit).pos()) && (seizers.is_empty() || seizers.contains(&unit))
        }
        _ => false,
    }
}

/// The forecast of healer `h` healing `ally`: both numbers, the hit points it gives and the
/// ally's hit points before and after, out of its whole ("Mira heals Lance +5; hp 25→30 of 40").
pub fn heal_forecast(b: &Battle, h: UnitId, ally: UnitId) -> Option<String> {
    let (before, after) = crate::rules::combat::heal_forecast(b, h, ally)?;
    let (hn, an) = (b.unit(h), b.unit(ally));
    Some(format!(
        "{} heals {} +{}; hp {before}→{after} of {}",
        label(hn.name(), LABEL_CHARS),
        label(an.name(), LABEL_CHARS),
        after - before,
        an.stats().hp
    ))
}

/// The forecast of `att` attacking `def`.
pub fn forecast(b: &Battle, att: UnitId, def: UnitId, f: &Forecast) -> String {
    let (a, d) = (b.unit(att), b.unit(def));
    // Under chance in combat: the odds both ways and the weapon triangle's arrow
    // ("dmg 6 ▲ hit 85% crit 5%"); without chance, nothing more.
    let odds = crate::rules::chance::forecast_odds(b, att, def);
    let (mine, theirs) = match odds {
        Some(o) => {
            let back = o.counter.map_or(String::new(), |(h, c)| {
                let arrow = crate::rules::chance::OddsForecast { edge: -o.edge, ..o }.arrow();
                format!(
                    "{} hit {h}% crit {c}%",
                    if arrow.is_empty() {
                        String::new()
                    } else {
                        format!(" {arrow}")
                    }
                )
            });
            let arrow = if o.arrow().is_empty() {
                String::new()
            } else {
                format!(" {}", o.arrow())
            };
            (format!("{arrow} hit {}% crit {}%", o.hit, o.crit), back)
        }
        None => (String::new(), String::new()),
    };
    let back = match f.counter {
        Some(c) if f.attacker_hp == 0 => {
            format!(
                "counter {c}{theirs} (hp {}→0): {} falls!",
                a.hp(),
                label(a.name(), LABEL_CHARS)
            )
        }
        Some(c) => format!("counter {c}{theirs} (hp {}→{})", a.hp(), f.attacker_hp),
        // Under chance a blow that would fell the defender may miss, and then the defender
        // strikes back: say so, with that counter's numbers and odds (issue 39's play: "no
        // counter" was shown, the blow missed and the archer struck back for 6).
        None => match odds.and_then(|o| o.counter.filter(|_| o.hit < 100)) {
            Some(_) if f.defender_hp == 0 => {
                let c = crate::rules::combat::damage(b, def, att);
                let after = (a.hp() - c).max(0);
                let falls = if after == 0 {
                    format!(": {} falls!", label(a.name(), LABEL_CHARS))
                } else {
                    String::new()
                };
                format!("if it misses, counter {c}{theirs} (hp {}→{after}){falls}", a.hp())
            }
            _ => "no counter".to_string(),
        },
    };
    let blow = if f.defender_hp == 0 { ", defeated" } else { "" };
    format!(
        "{} → {}: dmg {}{mine} (hp {}→{}{blow}); {back}",
        label(a.name(), LABEL_CHARS),
        label(d.name(), LABEL_CHARS),
        f.damage,
        d.hp(),
        f.defender_hp
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hud::text::board;

    #[test]
    fn the_action_menu_never_covers_the_enemy_it_is_about() {
        let view = Rect::new(0.0, 24.0, 640.0, 368.0);
        let size = Vec2::new(260.0, 90.0);
        let t = 32.0;
        // Against every edge and corner, with the target on each side of the unit.
        for (ux, uy) in [
            (0.0, 24.0),
            (608.0, 24.0),
            (0.0, 360.0),
            (608.0, 360.0),
            (300.0, 200.0),
            (40.0, 200.0),
        ] {
            let unit = Rect::new(ux, uy, t, t);
            for (dx, dy) in [(t, 0.0), (-t, 0.0), (0.0, t), (0.0, -t), (2.0 * t, 0.0)] {
                let about = Rect::new(ux + dx, uy + dy, t, t);
                let r = place_menu(unit, Some(about), &[about], &[], size, view);
                assert!(!r.overlaps(&about), "unit {ux},{uy} target {dx},{dy}: {r:?}");
                assert!(r.x >= view.x && r.y >= view.y && r.bottom() <= view.bottom() && r.right() <= view.right());
            }
        }
    }

    #[test]
    fn the_menu_covers_no_unit_next_to_the_acting_unit_or_its_target() {
        let view = Rect::new(0.0, 39.0, 440.0, 373.0);
        let size = Vec2::new(230.0, 90.0);
        let t = 32.0;
        let cell = |x: f32, y: f32| Rect::new(x * t, 39.0 + y * t, t, t);
        // The hero at (6, 5), the enemy it attacks at (7, 5), an ally above and one below
        // the hero, another enemy right of the target: a crowd the first guess (right of the
        // unit) would bury.
        let (unit, about) = (cell(6.0, 5.0), cell(7.0, 5.0));
        let near = [cell(6.0, 4.0), cell(6.0, 6.0), cell(8.0, 5.0), cell(5.0, 5.0)];
        let r = place_menu(unit, Some(about), &near, &[], size, view);
        for n in near.iter().chain([&unit, &about]) {
            let covers = r.x < n.right() && n.x < r.right() && r.y < n.bottom() && n.y < r.bottom();
            assert!(!covers, "the menu {r:?} covers {n:?}");
        }
        assert!(r.x >= view.x && r.right() <= view.right() && r.y >= view.y && r.bottom() <= view.bottom());
    }

    #[test]
    fn under_chance_the_forecast_gives_the_odds_both_ways_and_the_triangle() {
        use crate::model::scenario::{Combat, UnitSpec};
        use crate::model::units::{Odds, Weapon};
        let w = |n: &str, beats: &str| Weapon {
            name: n.into(),
            beats: vec![beats.into()],
            effective: vec![],
        };
        let build = |chance| {
            crate::rules::BattleBuilder::new(
                crate::load::map::TerrainMap::from_rows(&crate::load::terrain::TerrainSet::standard(), &["..."])
                    .unwrap(),
            )
            .unit(
                UnitSpec::player("Kiny", (0, 0))
                    .odds(Odds {
                        hit: 80,
                        avoid: 10,
                        crit: 5,
                    })
                    .weapon(w("sword", "axe")),
            )
            .unit(
                UnitSpec::enemy("Brute", (1, 0), "charger")
                    .odds(Odds {
                        hit: 75,
                        avoid: 0,
                        crit: 10,
                    })
                    .weapon(w("axe", "lance")),
            )
            .combat(Combat {
                chance,
                true_hit: false,
            })
            .build()
            .unwrap()
        };
        let b = build(true);
        let f = crate::rules::combat::forecast(&b, UnitId(0), UnitId(1));
        assert_eq!(
            forecast(&b, UnitId(0), UnitId(1), &f),
            "Kiny → Brute: dmg 6 ▲ hit 95% crit 5% (hp 20→14); counter 4 ▼ hit 50% crit 10% (hp 20→16)"
        );
        // Without chance, the forecast is as it always was.
        let b = build(false);
        let f = crate::rules::combat::forecast(&b, UnitId(0), UnitId(1));
        assert_eq!(
            forecast(&b, UnitId(0), UnitId(1), &f),
            "Kiny → Brute: dmg 5 (hp 20→15); counter 5 (hp 20→15)"
        );
    }

    /// Issue 39's play: under chance a blow forecast to fell its target said "no counter";
    /// it missed and the target struck back. A blow that may miss says what follows a miss.
    #[test]
    fn under_chance_a_felling_blow_that_may_miss_forecasts_the_counter_of_a_miss() {
        use crate::model::scenario::{Combat, UnitSpec};
        use crate::model::units::Odds;
        let build = |hit: i32, chance: bool| {
            crate::rules::BattleBuilder::new(
                crate::load::map::TerrainMap::from_rows(&crate::load::terrain::TerrainSet::standard(), &["..."])
                    .unwrap(),
            )
            .unit(UnitSpec::player("Robin", (0, 0)).odds(Odds { hit, avoid: 0, crit: 0 }))
            .unit(UnitSpec::enemy("Yew", (1, 0), "charger").hurt(3).odds(Odds {
                hit: 70,
                avoid: 0,
                crit: 0,
            }))
            .combat(Combat {
                chance,
                true_hit: false,
            })
            .build()
            .unwrap()
        };
        let b = build(80, true);
        let f = crate::rules::combat::forecast(&b, UnitId(0), UnitId(1));
        assert_eq!(f.defender_hp, 0);
        let c = crate::rules::combat::damage(&b, UnitId(1), UnitId(0));
        let hp = b.unit(UnitId(0)).hp();
        assert_eq!(
            forecast(&b, UnitId(0), UnitId(1), &f),
            format!(
                "Robin → Yew: dmg {} hit 80% crit 0% (hp 3→0, defeated); if it misses, counter {c} hit 70% crit 0% (hp {hp}→{})",
                f.damage,
                hp - c
            )
        );
        // A sure blow, or no chance at all: no counter, as before.
        for b in [build(100, true), build(80, false)] {
            let f = crate::rules::combat::forecast(&b, UnitId(0), UnitId(1));
            assert!(forecast(&b, UnitId(0), UnitId(1), &f).ends_with("(hp 3→0, defeated); no counter"));
        }
    }

    #[test]
    fn the_forecast_reads_like_the_brief() {
        let b = board();
        let f = Forecast {
            damage: 6,
            defender_hp: 14,
            counter: Some(4),
            attacker_hp: 24,
        };
        let hp = (b.unit(UnitId(0)).hp(), b.unit(UnitId(1)).hp());
        assert_eq!(
            forecast(&b, UnitId(0), UnitId(1), &f),
            format!("Kiny → Warden: dmg 6 (hp {}→14); counter 4 (hp {}→24)", hp.1, hp.0)
        );
        let none = Forecast { counter: None, ..f };
        assert!(forecast(&b, UnitId(0), UnitId(1), &none).ends_with("; no counter"));
        // A blow that fells the defender, and a counter that fells the attacker, say so.
        let felled = Forecast {
            defender_hp: 0,
            counter: None,
            ..f
        };
        assert_eq!(
            forecast(&b, UnitId(0), UnitId(1), &felled),
            format!("Kiny → Warden: dmg 6 (hp {}→0, defeated); no counter", hp.1)
        );
        let lethal = Forecast { attacker_hp: 0, ..f };
        assert!(
            forecast(&b, UnitId(0), UnitId(1), &lethal).ends_with(&format!("; counter 4 (hp {}→0): Kiny falls!", hp.0))
        );
    }

    /// Issue 33: the action menu and its forecast covered units next to the target. Over
    /// every cell of every shipped map, at three window sizes, with the acting unit there and
    /// its target on each side of it (and two away, for a bow), in the middle of a crowd (every
    /// cell next to either of them taken), the camera where following the unit leaves it: the
    /// box covers neither of them nor any unit of the crowd that shows, nor, where it has room
    /// clear of everyone, any other unit of the map as shipped.
    #[test]
    fn over_every_cell_of_the_shipped_maps_the_menu_leaves_the_crowd_in_sight() {
        use crate::game::anim::cell_px;
        use crate::game::assets::TILE;
        use crate::game::camera::Camera;
        use crate::game::view::Layout;
        use crate::search::grid::Pos;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        // A menu of an attack and Wait with its two forecast lines, as wide as the longest
        // names make it (measured on the river map: "Wing → Bridgewarden: dmg 10 (hp 16→6)").
        let size = Vec2::new(300.0, 2.0 * 20.0 + 8.0 + 8.0 + 2.0 * 16.0);
        let (mut checked, mut further) = (0, 0);
        for name in ["sample", "river", "castle", "ambush"] {
            let (scenario, data, _) = crate::cli::load_scenario(&root.join(format!("maps/{name}.toml")), None).unwrap();
            let b = Battle::new(&scenario, &data);
            let units: Vec<Pos> = b.units().iter().filter(|u| u.alive()).map(|u| u.pos()).collect();
            let (w, h) = (b.map().width() as i32, b.map().height() as i32);
            for (pw, ph) in [(800.0, 600.0), (1024.0, 768.0), (1920.0, 1080.0)] {
                let l = Layout::new(pw, ph, 1.0);
                let view = l.map_view();
                for y in 0..h {
                    for x in 0..w {
                        let at = Pos::new(x, y);
                        let mut cam = Camera::new(w as usize, h as usize);
                        cam.follow(cell_px(at), l.world_view(), true);
                        let rect = |p: Pos| {
                            let s = l.to_screen(cell_px(p), cam.pos);
                            Rect::new(s.x, s.y, TILE, TILE)
                        };
                        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (0, -2)] {
                            let t = Pos::new(x + dx, y + dy);
                            if !b.map().contains(t) {
                                continue;
                            }
                            let near = |p: Pos, q: Pos| (p.x - q.x).abs() <= 1 && (p.y - q.y).abs() <= 1;
                            let crowd: Vec<Rect> = (y - 2..=y + 3)
                                .flat_map(|cy| (x - 3..=x + 3).map(move |cx| Pos::new(cx, cy)))
                                .filter(|&p| p != at && b.map().contains(p) && (near(p, at) || near(p, t)))
                                .map(rect)
                                .filter(|r| r.overlaps(&view))
                                .collect();
                            // Every other unit of the map as shipped, where it shows.
                            let others: Vec<Rect> = units
                                .iter()
                                .filter(|&&p| p != at && p != t && !(near(p, at) || near(p, t)))
                                .map(|&p| rect(p))
                                .filter(|r| r.overlaps(&view))
                                .collect();
                            let r = place_menu(rect(at), Some(rect(t)), &crowd, &others, size, view);
                            let over = covers;
                            // Where one of the places tried covers nobody at all, the box
                            // covers none of the units further off either (issue 33's play).
                            let clear = menu_spots(rect(at), size, view).iter().any(|s| {
                                !over(s, &rect(at))
                                    && !over(s, &rect(t))
                                    && crowd.iter().chain(&others).all(|c| !over(s, c))
                            });
                            if clear && !others.is_empty() {
                                let hidden: Vec<&Rect> = others.iter().filter(|c| over(&r, c)).collect();
                                assert!(
                                    hidden.is_empty(),
                                    "{name} {pw}x{ph}: unit on {at}, target {t}: the box {r:?} covers {hidden:?} further off"
                                );
                                further += 1;
                            }
                            assert!(
                                !over(&r, &rect(at)),
                                "{name} {pw}x{ph}: the box covers the unit on {at}"
                            );
                            let hidden: Vec<&Rect> = crowd.iter().filter(|c| over(&r, c)).collect();
                            assert!(
                                hidden.is_empty(),
                                "{name} {pw}x{ph}: unit on {at}, target {t}: the box {r:?} covers {hidden:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
        assert!(
            further > 1_000,
            "{further} cases with units further off to keep clear of"
        );
    }

    #[test]
    fn on_the_throne_waiting_says_it_seizes() {
        use crate::model::objective::{Objective, Win};
        use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
        let build = |seizers: Vec<String>| {
            BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap())
                .unit(UnitSpec::player("Kiny", (1, 0)))
                .unit(UnitSpec::player("Lance", (3, 0)))
                .unit(UnitSpec::enemy("Brute", (4, 0), "guard"))
                .objective(Objective {
                    win: Win::Seize {
                        cells: vec![(1, 0).into(), (3, 0).into()],
                        seizers,
                    },
                    ..Objective::default()
                })
                .build()
                .unwrap()
        };
        let b = build(Vec::new());
        assert_eq!(
            menu(&b, UnitId(0), &[Action::Wait]),
            ["Seize (wait here: the battle is won)"]
        );
        // Only Kiny may claim it: Lance on a throne cell just waits.
        let b = build(vec!["Kiny".into()]);
        assert_eq!(menu(&b, UnitId(1), &[Action::Wait]), ["Wait"]);
        assert_eq!(
            menu(&b, UnitId(0), &[Action::Wait]),
            ["Seize (wait here: the battle is won)"]
        );
    }

    /// Issue 37: a canto unit's menu after its blow says how far it may still move.
    #[test]
    fn a_canto_menu_offers_move_with_the_movement_left_and_wait() {
        use crate::rules::Command;
        use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
        let canto = crate::model::units::MoveRules {
            canto: true,
            ..Default::default()
        };
        let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap())
            .unit(UnitSpec::player("Kiny", (0, 0)).moves(canto))
            .unit(UnitSpec::enemy("Brute", (3, 0), "guard"))
            .build()
            .unwrap();
        let path = crate::search::grid::Path::parse("22").unwrap();
        b.execute(Command::Move { unit: UnitId(0), path }).unwrap();
        b.execute(Command::Attack {
            unit: UnitId(0),
            target: UnitId(1),
        })
        .unwrap();
        let left = b.unit(UnitId(0)).movement_left();
        assert_eq!(
            menu(&b, UnitId(0), &[Action::Move, Action::Wait]),
            [format!("Move ({left} left)"), "Wait".to_string()]
        );
        assert!(left > 0 && left < b.unit(UnitId(0)).movement());
    }

    #[test]
    fn a_heal_entry_shows_the_allys_hp_before_and_after() {
        use crate::model::units::Healing;
        use skirmish_core::prelude::{BattleBuilder, TerrainMap, TerrainSet, UnitSpec};
        let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["....."]).unwrap())
            .unit(UnitSpec::player("Mira", (0, 0)).healer(Healing::adjacent(8)))
            .unit(UnitSpec::player("Lance", (1, 0)).hurt(9))
            .unit(UnitSpec::enemy("Brute", (4, 0), "guard"))
            .build()
            .unwrap();
        assert_eq!(
            menu(&b, UnitId(0), &[Action::Heal(UnitId(1)), Action::Wait]),
            ["Heal Lance 9 → 17", "Wait"]
        );
        // The forecast under the menu says both numbers: what it gives and the hp after.
        let max = b.unit(UnitId(1)).stats().hp;
        assert_eq!(
            heal_forecast(&b, UnitId(0), UnitId(1)),
            Some(format!("Mira heals Lance +8; hp 9→17 of {max}"))
        );
    }
}
