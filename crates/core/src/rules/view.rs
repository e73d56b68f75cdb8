//! Fog of war's views kept between questions: [`Battle::seen_by`] hands out a side's view
//! (the battle with the other side's unseen units off the board) without copying the battle
//! for every decision. The first ask makes the copy; after each command the battle brings
//! the copies it keeps in step, rewriting only the units that command's events named and
//! those that came into or went out of sight (an enemy phase under fog used to copy every
//! unit and the whole occupancy grid per decision: 2.6–4.0× the phase without fog on 256²).
//!
//! A kept view is always what a fresh copy would be (the test below checks it
//! after every command of random battles, and debug builds check it at every ask).

use crate::rules::battle::{Battle, side};
use crate::rules::unit::UnitId;
use crate::search::grid::{Pos, Team};
use std::sync::{Arc, OnceLock};

impl Battle {
    /// The view of `team` (see [`Battle::seen_by`]) kept by this battle, when it is in step
    /// with the battle; made now if there is none.
    pub(super) fn kept_view(&self, team: Team) -> Option<&Battle> {
        let kept = &self.kept.views[side(team)];
        match kept.get() {
            Some(_) if self.kept.stale => None,
            Some(v) => Some(v),
            None => Some(kept.get_or_init(|| Arc::new(self.copy_for(team)))),
        }
    }

    /// A fresh copy of the battle as `team` knows it: every unit of the other side that
    /// `team` does not see is off the board (not alive, at (0, 0), on no cell, holding no
    /// zone), with no journal or record of past commands (they would tell where the unseen
    /// went).
    pub(super) fn copy_for(&self, team: Team) -> Battle {
        let seen = self.sight(team);
        // Without journal or record, never copied (they would only be emptied).
        let mut v = self.copy_without_history();
        v.view = Some(team);
        // What `team` sees is the same on the copy; what the other side sees is asked anew.
        v.seen[side(team.other())] = Default::default();
        for u in v.units.iter_mut().filter(|u| u.team != team) {
            if u.alive && seen.sees(u.pos) {
                continue;
            }
            if u.alive {
                v.occ.clear(u.pos);
                if u.moves.zoc {
                    v.occ.release(u.pos, u.team);
                }
            }
            u.alive = false;
            u.pos = Pos::new(0, 0);
        }
        v
    }

    /// Brings the kept views in step with the battle after a command (every path of
    /// [`Battle::execute`] ends here). A view shared with a clone of this battle is dropped
    /// instead: it is made again on the next ask.
    pub(super) fn keep_views_in_step(&mut self) {
        if !self.kept.stale {
            return;
        }
        let mut kept = std::mem::take(&mut self.kept);
        for team in [Team::Player, Team::Enemy] {
            let slot = &mut kept.views[side(team)];
            if let Some(shared) = slot.get_mut() {
                match Arc::get_mut(shared) {
                    Some(v) => self.bring_in_step(v, team, kept.all, &kept.touched),
                    None => *slot = OnceLock::new(),
                }
            }
        }
        kept.stale = false;
        kept.all = false;
        kept.touched.clear();
        self.kept = kept;
    }

    /// Makes `v`, a view of `team` that was in step before the events noted (`all`, or the
    /// units `touched`), what [`Battle::copy_for`] would make now.
    fn bring_in_step(&self, v: &mut Battle, team: Team, all: bool, touched: &[UnitId]) {
        let seen = self.sight(team);
        v.turn = self.turn;
        v.active = self.active;
        v.ended = self.ended;
        v.seed = self.seed;
        v.drawn = self.drawn;
        v.fired.clone_from(&self.fired);
        match v.seen[side(team)].get_mut() {
            Some(s) => s.bits.copy_from_slice(&seen.bits),
            None => v.seen[side(team)] = OnceLock::from(seen.clone()),
        }
        v.seen[side(team.other())] = OnceLock::new();
        let shown = |i: usize| {
            let u = &self.units[i];
            u.team == team || (u.alive && seen.sees(u.pos))
        };
        // The units to rewrite: those named, and those of the other side that came into
        // or went out of sight (a view's unit is alive exactly when it is shown alive).
        let mut redo: Vec<usize> = if all {
            (0..self.units.len()).collect()
        } else {
            let mut redo: Vec<usize> = touched.iter().map(|u| u.0).collect();
            for &id in &self.sides[side(team.other())] {
                if v.units[id.0].alive != shown(id.0) {
                    redo.push(id.0);
                }
            }
            redo.sort_unstable();
            redo.dedup();
            redo
        };
        // Off the board first, then on again where they now stand: a unit may have moved
        // onto a cell another one of them left.
        for &i in &redo {
            let u = &v.units[i];
            if u.alive {
                v.occ.clear(u.pos);
                if u.moves.zoc {
                    v.occ.release(u.pos, u.team);
                }
            }
        }
        for i in redo.drain(..) {
            let u = &mut v.units[i];
            u.clone_from(&self.units[i]);
            if !shown(i) {
                u.alive = false;
                u.pos = Pos::new(0, 0);
            }
            if u.alive {
                v.occ.place(u.pos, u.team);
                if u.moves.zoc {
                    v.occ.hold(u.pos, u.team);
                }
            }
        }
    }
}

/// True when `kept` and `fresh`, two views of one battle for one side, tell the same in
/// everything a view holds that can change (the map, terrain and scripts never do).
#[cfg(any(test, debug_assertions))]
pub(super) fn view_matches_a_fresh_copy(kept: &Battle, fresh: &Battle) -> bool {
    kept.units == fresh.units
        && kept.occ == fresh.occ
        && kept.turn == fresh.turn
        && kept.active == fresh.active
        && kept.ended == fresh.ended
        && kept.fired == fresh.fired
        && kept.seed == fresh.seed
        && kept.drawn == fresh.drawn
        && kept.fog == fresh.fog
        && kept.view == fresh.view
        && kept.experience == fresh.experience
        && kept.combat == fresh.combat
        && kept.journal.is_empty()
        && kept.record.is_empty()
        && kept.terrain_stamp == fresh.terrain_stamp
        && (0..2).all(|s| {
            kept.seen[s]
                .get()
                .is_none_or(|k| fresh.seen[s].get().is_none_or(|f| k == f))
        })
}

#[cfg(test)]
mod tests {
    use super::view_matches_a_fresh_copy;
    use crate::model::map::TerrainMap;
    use crate::model::scenario::UnitSpec;
    use crate::model::terrain::TerrainSet;
    use crate::model::units::MoveRules;
    use crate::rng::Rng;
    use crate::rules::{Battle, BattleBuilder, Caches, Command, UnitId};
    use crate::search::grid::{Pos, Team};

    /// The standard terrain with cover and lookouts: forest hides, hill +1 vision.
    fn fog_terrain() -> TerrainSet {
        let t = TerrainSet::standard();
        let mut kinds = t.kinds().to_vec();
        for k in &mut kinds {
            match k.name.as_str() {
                "forest" => k.hides = true,
                "hill" => k.vision = 1,
                _ => {}
            }
        }
        TerrainSet::new(kinds, t.classes().to_vec()).unwrap()
    }

    /// A random fog battle on 14×10: plain, forest and hills, both sides with mixed vision,
    /// some units holding zones, some with canto.
    fn battle(rng: &mut Rng) -> Battle {
        let t = fog_terrain();
        let rows: Vec<String> = (0..10)
            .map(|_| {
                (0..14)
                    .map(|_| match rng.below(10) {
                        0..=5 => '.',
                        6..=8 => 'T',
                        _ => '^',
                    })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut b = BattleBuilder::new(TerrainMap::from_rows(&t, &rows).unwrap())
            .terrain(t)
            .fog(true);
        let mut taken = std::collections::HashSet::new();
        for k in 0..4 + rng.below(8) {
            let at = loop {
                let at = Pos::new(rng.below(14) as i32, rng.below(10) as i32);
                if taken.insert(at) {
                    break at;
                }
            };
            let spec = if k % 3 == 0 {
                UnitSpec::player(format!("P{k}"), at)
            } else {
                UnitSpec::enemy(format!("E{k}"), at, "charger")
            };
            let moves = MoveRules {
                zoc: rng.chance(30),
                canto: rng.chance(30),
                ..MoveRules::default()
            };
            b = b.unit(
                spec.vision(1 + rng.below(5) as u32)
                    .movement(3 + rng.below(3) as u32)
                    .moves(moves),
            );
        }
        b.build().unwrap()
    }

    /// The views `b` keeps, each against a fresh copy (made on the first ask); and each
    /// side's sight as kept against sight worked out anew.
    fn check(b: &Battle, what: &str) {
        for team in [Team::Player, Team::Enemy] {
            assert_eq!(
                b.sight(team),
                &b.work_out_sight(team),
                "{team:?}'s sight stale after {what}"
            );
            let kept = b.kept_view(team).expect("in step between commands");
            assert!(
                view_matches_a_fresh_copy(kept, &b.copy_for(team)),
                "{team:?}'s view out of step after {what}"
            );
        }
    }

    /// Runs `cmd`, checking the views after it when the rules take it; true if they did.
    fn run(b: &mut Battle, cmd: Command, done: &mut usize) -> bool {
        let what = format!("{cmd:?}");
        let ok = b.execute(cmd).is_ok();
        if ok {
            *done += 1;
            check(b, &what);
        }
        ok
    }

    /// After every command of random fog battles — random walks into and out of sight and
    /// into the unseen (ambushes), blows at what the side sees, defeats, canto's second
    /// walks, zones, undo,
    /// a restored snapshot, new phases — each side's kept view is what a fresh copy is and
    /// its sight is the rule's; a clone keeps a view that holds, and makes its own.
    #[test]
    fn the_kept_views_are_fresh_copies_after_every_command() {
        let mut rng = Rng::new(38);
        let mut done = 0;
        for _ in 0..150 {
            let mut b = battle(&mut rng);
            let mut caches = Caches::new();
            check(&b, "the start");
            let start = b.snapshot();
            for turn in 0..5 {
                for team in [Team::Player, Team::Enemy] {
                    let ids: Vec<UnitId> = b.ready(team).collect();
                    for id in ids {
                        if b.ended().is_some() || !b.unit(id).alive() {
                            continue;
                        }
                        // A walk to a random cell of the range the side sees.
                        let range = b.range(&mut caches, id);
                        let cells = range.sorted();
                        let to = cells[rng.below(cells.len())].at;
                        if let Some(path) = range.path(to) {
                            run(&mut b, Command::Move { unit: id, path }, &mut done);
                        }
                        // A blow at a foe the side sees, if one is in reach.
                        let seen = b.sight(team).clone();
                        let foe = b
                            .living(team.other())
                            .find(|&f| seen.sees(b.unit(f).pos()) && crate::rules::combat::can_attack(&b, id, f));
                        let acted = match foe {
                            Some(target) => run(&mut b, Command::Attack { unit: id, target }, &mut done),
                            None => false,
                        };
                        if !acted {
                            run(&mut b, Command::Wait { unit: id }, &mut done);
                        } else if b.unit(id).canto && b.unit(id).alive() {
                            // Canto: a second walk from where it struck.
                            let range = b.range(&mut caches, id);
                            let cells = range.sorted();
                            if let Some(c) = cells.get(rng.below(cells.len().max(1))) {
                                let path = range.path(c.at).expect("a cell of the range");
                                run(&mut b, Command::Move { unit: id, path }, &mut done);
                            }
                        }
                        if rng.chance(15) {
                            run(&mut b, Command::Undo, &mut done);
                        }
                        if rng.chance(10) {
                            // A clone shares the views until one of the two changes.
                            let mut other = b.clone();
                            check(&other, "a clone");
                            run(&mut other, Command::EndPhase { team }, &mut done);
                            check(&b, "its clone's command");
                        }
                    }
                    run(&mut b, Command::EndPhase { team }, &mut done);
                }
                if turn == 2 && rng.chance(50) {
                    run(&mut b, Command::Restore(Box::new(start.clone())), &mut done);
                }
            }
        }
        assert!(done > 5000, "only {done} commands");
    }
}
