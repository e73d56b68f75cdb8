//! Fog of war as the player is shown it: which cells are veiled, which units are drawn. In a
//! hot-seat battle "the player" is the side whose phase it is ([`viewer`]).
//! Without fog nothing is veiled and every unit is drawn, as before.

use super::versus::viewer;
use crate::rules::Event;
use crate::rules::battle::{Battle, UnitId};
use crate::search::grid::Pos;

/// The dark veil over a cell the player does not see: dark enough to tell at a glance,
/// light enough that the terrain under it stays readable.
pub const VEIL: [f32; 4] = [0.03, 0.03, 0.1, 0.55];

/// The cells from `lo` to `hi` (`hi` excluded), row by row, that the player side does not
/// see: none without fog.
pub fn veiled(b: &Battle, lo: Pos, hi: Pos) -> Vec<Pos> {
    if !b.fog() {
        return Vec::new();
    }
    let seen = b.sight(viewer(b));
    (lo.y.max(0)..hi.y)
        .flat_map(|y| (lo.x.max(0)..hi.x).map(move |x| Pos::new(x, y)))
        .filter(|&p| b.map().contains(p) && !seen.sees(p))
        .collect()
}

/// What the player side sees (row-major, a bool per cell) with player unit `walker` shown on
/// `at` instead of its cell: the sight of a walk as each step lands, worked out by the
/// engine's rule ([`Battle::sight`]: within a unit's vision plus its cell's bonus, but a cell
/// that hides only from a unit on or next to it; its own units' cells always).
pub fn sight_walking(b: &Battle, walker: UnitId, at: Pos) -> Vec<bool> {
    let (w, h) = (b.map().width(), b.map().height());
    let mut seen = vec![false; w * h];
    let hides = |p: Pos| b.terrain().get(b.map().at(p)).hides;
    for id in b.living(viewer(b)) {
        let from = if id == walker { at } else { b.unit(id).pos() };
        let bonus = b.terrain().get(b.map().at(from)).vision;
        let v = (i64::from(b.unit(id).vision()) + i64::from(bonus)).max(0);
        // Only the box around the diamond (and its cell's neighbours) can be seen from it.
        let r = v.clamp(1, (w + h) as i64) as i32;
        for y in (from.y - r).max(0)..=(from.y + r).min(h as i32 - 1) {
            for x in (from.x - r).max(0)..=(from.x + r).min(w as i32 - 1) {
                let p = Pos::new(x, y);
                let d = i64::from(p.manhattan(from));
                if (d <= v && !hides(p)) || d == 0 || (d == 1 && v >= 1) {
                    seen[y as usize * w + x as usize] = true;
                }
            }
        }
    }
    seen
}

/// The cell a player unit's walk shows it on now, when one plays under fog: its sight is
/// worked out step by step ([`sight_walking`]), not from where the walk ends.
pub fn walking(b: &Battle, walker: Option<(UnitId, Pos)>) -> Option<(UnitId, Pos)> {
    walker.filter(|&(u, _)| b.fog() && b.unit(u).team() == viewer(b))
}

/// [`veiled`] while `walker` is shown on its cell (see [`walking`]).
pub fn veiled_walking(b: &Battle, lo: Pos, hi: Pos, walker: Option<(UnitId, Pos)>) -> Vec<Pos> {
    let Some((u, at)) = walking(b, walker) else {
        return veiled(b, lo, hi);
    };
    let seen = sight_walking(b, u, at);
    let w = b.map().width();
    (lo.y.max(0)..hi.y)
        .flat_map(|y| (lo.x.max(0)..hi.x).map(move |x| Pos::new(x, y)))
        .filter(|&p| b.map().contains(p) && !seen[p.y as usize * w + p.x as usize])
        .collect()
}

/// [`shown`] while `walker` is shown on its cell (see [`walking`]): `seen` is its
/// [`sight_walking`], worked out once for the frame.
pub fn shown_walking(b: &Battle, id: UnitId, cell: Pos, seen: Option<&[bool]>) -> bool {
    match seen {
        Some(seen) if b.unit(id).team() != viewer(b) => {
            b.map().contains(cell) && seen[cell.y as usize * b.map().width() + cell.x as usize]
        }
        _ => shown(b, id, cell),
    }
}

/// True when unit `id`, standing (or shown walking) on `cell`, is drawn for the player:
/// a unit of its own side always, an enemy only on a cell the player sees.
pub fn shown(b: &Battle, id: UnitId, cell: Pos) -> bool {
    b.unit(id).team() == viewer(b) || b.sight(viewer(b)).sees(cell)
}

/// True when the player sees enemy `id` where it stands now (always without fog): what
/// hover, inspect, the enemy pointers and the phase summary may tell of it.
pub fn seen(b: &Battle, id: UnitId) -> bool {
    let u = b.unit(id);
    u.alive() && b.sight(viewer(b)).sees(u.pos())
}

/// True when enemy `id`'s walk over `cells` is hidden from the player under fog: it
/// neither starts, ends nor passes on a cell the player sees (no animation, no log line,
/// the camera stays).
pub fn hidden_walk(b: &Battle, id: UnitId, cells: &[Pos]) -> bool {
    b.fog() && b.unit(id).team() != viewer(b) && !cells.iter().any(|&p| b.sight(viewer(b)).sees(p))
}

/// True when the AI notes (A) may tell of decision `d`: always without fog; under fog only
/// when the player sees the enemy somewhere on its walk (its start, a step or its end).
/// Issue 38: with notes on, the game described every enemy's decision in full, targets and
/// reasons of enemies the player could not see.
pub fn noted(b: &Battle, d: &crate::ai::Decision) -> bool {
    let mut cells = vec![d.from];
    cells.extend(d.path.replay(d.from));
    cells.push(d.to);
    !hidden_walk(b, d.unit, &cells)
}

/// True when enemy `id` acts unseen under fog (the player does not see where it stands).
pub fn hidden(b: &Battle, id: UnitId) -> bool {
    b.fog() && b.unit(id).team() != viewer(b) && !b.sight(viewer(b)).sees(b.unit(id).pos())
}

/// True when, under fog, `attacker`'s blow at `defender`, struck from cell `from`, came from
/// the dark: the player sees neither the attacker now nor the cell it struck from, and the
/// struck unit did not see it at the blow (a player unit sees who stands next to it, and who
/// stands within its vision on ground that does not hide), which matters when the struck
/// unit fell since. An enemy with canto that strikes from a seen cell and then walks into the
/// fog is named (issue 38: it was "from the fog").
pub fn struck_unseen(b: &Battle, attacker: UnitId, from: Pos, defender: UnitId) -> bool {
    let (a, d) = (b.unit(attacker), b.unit(defender));
    let far = from.manhattan(d.pos());
    let saw = d.team() == viewer(b) && far <= d.vision() && (far <= 1 || !b.terrain().get(b.map().at(from)).hides);
    a.alive() && hidden(b, attacker) && !b.sight(viewer(b)).sees(from) && !saw
}

/// The cell the striker of blow `events[i]` (a [`Event::Struck`]) stood on when it struck:
/// where its next walk in `events` began (an enemy with canto strikes, then moves on), else
/// where it stands now in `b`.
pub fn blow_cell<'a>(b: &Battle, events: impl IntoIterator<Item = &'a Event>, attacker: UnitId) -> Pos {
    events
        .into_iter()
        .find_map(|e| match e {
            Event::Moved { unit, from, .. } if *unit == attacker => Some(*from),
            _ => None,
        })
        .unwrap_or_else(|| b.unit(attacker).pos())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{Scene, enemy, player};
    use crate::search::grid::Team;

    const SCENE: &str = ". . . . . . . .
                         P . . . . . E F";

    /// Under fog the veiled cells are exactly the cells the player side does not see, and
    /// the enemies drawn exactly those on seen cells; without fog, nothing is veiled and
    /// everybody is drawn.
    /// The sight of a walk step by step is the engine's sight of the board with the walker
    /// on that step: checked on the night raid, every player unit on every cell of the map.
    #[test]
    fn the_sight_of_a_walk_is_the_engines_sight_with_the_walker_there() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let data = crate::load::data::load(&root.join("data")).unwrap();
        let s = crate::load::scenario::load(&root.join("maps/raid.toml"), &data).unwrap();
        let b = Battle::new(&s, &data);
        assert!(b.fog());
        let (w, h) = (b.map().width(), b.map().height());
        let engine = |b: &Battle| -> Vec<bool> {
            (0..h)
                .flat_map(|y| (0..w).map(move |x| Pos::new(x as i32, y as i32)))
                .map(|p| b.sight(Team::Player).sees(p))
                .collect()
        };
        let kiny = b.find("Kiny").unwrap();
        assert_eq!(sight_walking(&b, kiny, b.unit(kiny).pos()), engine(&b));
        let mut checked = 0;
        for id in b.living(Team::Player).collect::<Vec<_>>() {
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let to = Pos::new(x, y);
                    if b.unit_at(to).is_some() {
                        continue;
                    }
                    // The engine's answer: the walker stands on `to` (placed by a scenario
                    // edit, the same board otherwise).
                    let mut moved = s.clone();
                    let i = moved.units.iter().position(|u| u.name == b.name(id)).unwrap();
                    moved.units[i].at = to;
                    let there = Battle::new(&moved, &data);
                    assert_eq!(sight_walking(&b, id, to), engine(&there), "{} on {to}", b.name(id));
                    checked += 1;
                }
            }
        }
        assert!(checked > 250, "{checked}");
    }

    #[test]
    fn the_veil_and_the_units_drawn_follow_the_players_sight() {
        let scene = Scene::parse(SCENE);
        let units = [player('P'), enemy('E', "charger", 1), enemy('F', "charger", 1)];
        let clear = scene.battle(&units);
        let fog = clear.clone().with_fog(true);
        let (lo, hi) = (Pos::new(0, 0), Pos::new(8, 2));
        // P (vision 3) at (0, 1): cells within 3 steps.
        let unseen: Vec<Pos> = (0..2)
            .flat_map(|y| (0..8).map(move |x| Pos::new(x, y)))
            .filter(|p| p.manhattan(Pos::new(0, 1)) > 3)
            .collect();
        assert_eq!(veiled(&fog, lo, hi), unseen);
        assert!(veiled(&clear, lo, hi).is_empty());
        let drawn = |b: &Battle| b.ids().filter(|&u| shown(b, u, b.unit(u).pos())).count();
        assert_eq!(drawn(&clear), 3);
        assert_eq!(drawn(&fog), 1, "only P: both enemies stand in the dark");
        // An enemy shown walking into sight is drawn from the first seen cell.
        let e = fog.find("E").unwrap();
        assert!(!shown(&fog, e, Pos::new(4, 1)));
        assert!(shown(&fog, e, Pos::new(3, 1)));
        assert!(!seen(&fog, e) && seen(&clear, e));
        // Off the map nothing is veiled.
        assert_eq!(veiled(&fog, Pos::new(-3, -3), Pos::new(1, 1)), []);
    }

    /// Issue 38: with AI notes on (A), the game described every enemy's decision under fog,
    /// those of enemies the player could not see included. Notes tell only of an enemy the
    /// player sees on its walk; without fog, of every one.
    #[test]
    fn ai_notes_under_fog_tell_only_of_enemies_the_player_sees() {
        use crate::fixture::profiles;
        use crate::play::phase::{Intent, Phase, Session, Signal};
        let decisions = |b: Battle| {
            let mut s = Session::new(b, profiles(""));
            s.input(Intent::EndTurn);
            s.input(Intent::Yes);
            let mut out = Vec::new();
            loop {
                for sig in s.drain() {
                    if let Signal::Decided(d) = sig {
                        // Judged as the game does: on the battle as the decision left it.
                        out.push(noted(s.battle(), &d));
                    }
                }
                if !matches!(s.phase(), Phase::Enemy { .. }) {
                    break;
                }
                s.input(Intent::Advance);
            }
            out
        };
        // E stands in the sight of P (vision 3) and comes on; F decides in the dark.
        let scene = Scene::parse("P . . E . . . . F");
        let units = [player('P'), enemy('E', "charger", 1), enemy('F', "charger", 1)];
        let clear = scene.battle(&units);
        assert_eq!(decisions(clear.clone()), [true, true]);
        assert_eq!(decisions(clear.with_fog(true)), [true, false]);
    }

    /// Under fog a network window shows its own side's sight in both sides' phases (the
    /// other person's moves arrive in it), and its roster lists its own side; hot-seat
    /// (no seat) shows the side whose phase it is.
    #[test]
    fn a_network_window_sees_with_its_own_sides_eyes_whoever_plays() {
        let b = Scene::parse(
            ". . . . . . . . . . . .
             P . . . . . . . . . . E",
        )
        .battle(&[player('P'), enemy('E', "charger", 6)])
        .with_versus(true)
        .with_fog(true);
        let (p, e) = (b.find("P").unwrap(), b.find("E").unwrap());
        let (at_p, at_e) = (b.unit(p).pos(), b.unit(e).pos());
        let everything = (Pos::new(0, 0), Pos::new(12, 2));
        assert_eq!(b.active(), Team::Player, "Blue's phase");
        // Hot-seat: Blue's phase is drawn for Blue.
        assert_eq!(crate::game::versus::viewer(&b), Team::Player);
        assert!(shown(&b, p, at_p));
        assert!(!shown(&b, e, at_e));
        // Red's network window in Blue's phase: Red's eyes.
        crate::game::versus::seat(Some(Team::Enemy));
        assert_eq!(crate::game::versus::viewer(&b), Team::Enemy);
        let veiled = veiled(&b, everything.0, everything.1);
        assert!(veiled.contains(&at_p), "Blue's unit stands where Red does not see");
        assert!(!veiled.contains(&at_e));
        assert!(!shown(&b, p, at_p));
        assert!(shown(&b, e, at_e));
        assert_eq!(crate::game::versus::roster_heading(&b, "N"), "Red's units (N: next)");
        // Blue's network window: Blue's eyes, and against the AI always the player's.
        crate::game::versus::seat(Some(Team::Player));
        assert_eq!(crate::game::versus::viewer(&b), Team::Player);
        assert_eq!(crate::game::versus::roster_heading(&b, "N"), "Blue's units (N: next)");
        let ai = Scene::parse("P . E").battle(&[player('P'), enemy('E', "guard", 1)]);
        crate::game::versus::seat(Some(Team::Enemy));
        assert_eq!(crate::game::versus::viewer(&ai), Team::Player);
        crate::game::versus::seat(None);
        assert_eq!(crate::game::versus::viewer(&b), Team::Player);
    }
}
