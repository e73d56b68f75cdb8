//! One intent against the player's phase: the moves through select → target → action,
//! the cursor, and the menus.

use super::route::heal_cell;
use super::{Action, Intent, Phase, Session, Signal, attack_cell, trace};
use crate::rules::combat;
use crate::rules::{Command, UnitId};
use crate::search::grid::{Dir, Path, Pos};
use crate::search::range::Range;

impl Session {
    pub(super) fn target(&mut self, unit: UnitId) -> Phase {
        Phase::Target {
            unit,
            range: self.battle.range(self.ai.caches(), unit),
            trail: Path::default(),
        }
    }

    pub(super) fn move_cursor(&mut self, to: Pos) {
        let m = self.battle.map();
        let p = Pos::new(
            to.x.clamp(0, m.width() as i32 - 1),
            to.y.clamp(0, m.height() as i32 - 1),
        );
        if p != self.cursor {
            self.cursor = p;
            self.signals.push(Signal::CursorMoved(p));
        }
    }

    /// A canto unit's menu after its attack or heal: Move (its second move, over the range
    /// its movement left reaches, kept for the overlay) or Wait.
    pub(super) fn canto_menu(&mut self, unit: UnitId) -> Phase {
        self.canto_range = Some(self.battle.range(self.ai.caches(), unit));
        Phase::Action {
            unit,
            options: vec![Action::Move, Action::Wait],
            choice: 0,
        }
    }

    /// True when player unit `u` still has something to do this phase: it has not acted, or
    /// it is a canto unit with its second move to make.
    pub(super) fn has_move_left(&self, u: UnitId) -> bool {
        let u = self.battle.unit(u);
        !u.acted || u.may_canto()
    }

    pub(super) fn action_menu(&self, unit: UnitId) -> Phase {
        // Under fog, only the targets the player sees are offered (a bowman's reach may end
        // in a wood it cannot see into).
        let seen = self.battle.sight(self.battle.unit(unit).team);
        let mut options: Vec<Action> = combat::targets_in_range(&self.battle, unit)
            .into_iter()
            .filter(|&t| seen.sees(self.battle.unit(t).pos))
            .map(Action::Attack)
            .collect();
        // The most hurt ally first (by the share of its hit points it misses), then in
        // acting order: the one a player would heal first is the one offered first.
        let mut heals = combat::heal_targets(&self.battle, unit);
        heals.sort_by(|&x, &y| {
            let (x, y) = (self.battle.unit(x), self.battle.unit(y));
            // x.hp / x.max against y.hp / y.max, in whole numbers.
            (i64::from(x.hp) * i64::from(y.stats.hp)).cmp(&(i64::from(y.hp) * i64::from(x.stats.hp)))
        });
        options.extend(heals.into_iter().map(Action::Heal));
        options.push(Action::Wait);
        Phase::Action {
            unit,
            options,
            choice: 0,
        }
    }

    pub(super) fn step(&mut self, phase: Phase, intent: Intent) -> Phase {
        match (phase, intent) {
            (Phase::Target { unit, range, trail }, Intent::Cursor(d)) => {
                let to = self.cursor.step(d);
                self.point_in_target(unit, range, trail, to)
            }
            (Phase::Target { unit, range, trail }, Intent::Point(to)) => self.point_in_target(unit, range, trail, to),
            (p @ (Phase::Select | Phase::Inspect { .. }), Intent::Cursor(d)) => {
                self.move_cursor(self.cursor.step(d));
                p
            }
            (p @ (Phase::Select | Phase::Inspect { .. }), Intent::Point(at)) => {
                self.move_cursor(at);
                p
            }
            (Phase::Select, Intent::NextUnit) => {
                // Just after an undo, the unit taken back: it is the one yet to act next (the
                // player undid it to act with it again).
                let undone = self.undone.take().filter(|&u| {
                    let u = self.battle.unit(u);
                    u.team == self.side() && u.alive() && !u.acted
                });
                if let Some(u) = undone {
                    self.visited = Some(u);
                    self.move_cursor(self.battle.unit(u).pos);
                    return Phase::Select;
                }
                // In roster order from the player unit under the cursor, else from the unit
                // last visited: every ready unit comes up once before any comes up again.
                let from = self
                    .battle
                    .unit_at(self.cursor)
                    .filter(|&u| self.battle.unit(u).team == self.side())
                    .or(self.visited);
                if let Some(next) = self.next_ready_after(from) {
                    self.visited = Some(next);
                    self.move_cursor(self.battle.unit(next).pos);
                }
                Phase::Select
            }
            (p @ (Phase::Select | Phase::Inspect { .. } | Phase::Target { .. }), Intent::NextEnemy) => {
                // Under fog, only the enemies the player (the side playing) sees.
                let seen = self.battle.sight(self.side());
                let enemies: Vec<UnitId> = self
                    .battle
                    .living(self.side().other())
                    .filter(|&e| seen.sees(self.battle.unit(e).pos))
                    .collect();
                match p {
                    Phase::Target { unit, range, trail } => {
                        let to = enemies
                            .iter()
                            .position(|&u| self.battle.unit(u).pos == self.cursor)
                            .map_or(0, |i| i + 1);
                        match enemies.get(to % enemies.len().max(1)) {
                            Some(&e) => {
                                let at = self.battle.unit(e).pos;
                                self.point_in_target(unit, range, trail, at)
                            }
                            None => Phase::Target { unit, range, trail },
                        }
                    }
                    p => {
                        self.cycle(&enemies);
                        p
                    }
                }
            }
            (Phase::Select | Phase::Inspect { .. }, Intent::Confirm) => match self.battle.unit_at(self.cursor) {
                Some(u) if self.battle.unit(u).team == self.side() && !self.battle.unit(u).acted => {
                    self.signals.push(Signal::Selected(u));
                    self.target(u)
                }
                // A canto unit with its second move still to make (a save made at its menu).
                Some(u) if self.battle.unit(u).team == self.side() && self.battle.unit(u).may_canto() => {
                    self.signals.push(Signal::Selected(u));
                    self.canto_menu(u)
                }
                // An enemy on a cell the player does not see (fog) is not there to inspect.
                Some(e)
                    if self.battle.unit(e).team == self.side().other()
                        && self.battle.sight(self.side()).sees(self.battle.unit(e).pos) =>
                {
                    self.signals.push(Signal::Selected(e));
                    Phase::Inspect { enemy: e }
                }
                _ => Phase::Select,
            },
            (Phase::Inspect { .. }, Intent::Cancel) => {
                self.signals.push(Signal::Cancelled);
                Phase::Select
            }
            (Phase::Select, Intent::EndTurn) => self.start_enemy_phase(),
            (Phase::Enemy { phase }, Intent::Advance) => self.enemy_step(phase),
            (Phase::Select, Intent::Undo) => {
                let unit = self.battle.undo_unit();
                if self.battle.can_undo()
                    && self.run(Command::Undo).is_ok()
                    && let Some(u) = unit
                {
                    self.undone = Some(u);
                    self.move_cursor(self.battle.unit(u).pos);
                }
                Phase::Select
            }
            (Phase::Target { unit, .. }, Intent::Cancel) => {
                self.signals.push(Signal::Cancelled);
                self.move_cursor(self.battle.unit(unit).pos);
                // A canto unit's second move backs out to its Move / Wait menu.
                if self.battle.unit(unit).may_canto() {
                    return self.canto_menu(unit);
                }
                Phase::Select
            }
            (Phase::Target { unit, range, trail }, Intent::Confirm) if self.battle.unit(unit).may_canto() => {
                // A canto unit's second move: only a cell of its range; then its turn is over.
                if !range.contains(self.cursor) {
                    self.signals.push(Signal::CannotGo { unit, to: self.cursor });
                    return Phase::Target { unit, range, trail };
                }
                let path = if trail.end(range.origin) == self.cursor {
                    trail.clone()
                } else {
                    range.path(self.cursor).unwrap_or_default()
                };
                if self.run(Command::Move { unit, path }).is_err() {
                    return Phase::Target { unit, range, trail };
                }
                self.after_player_action(unit)
            }
            (Phase::Target { unit, range, trail }, Intent::Confirm) => {
                // An enemy in reach: walk to the best cell to attack it from, menu on that attack.
                // (Under fog, one its side sees: an unseen cell reads as empty, and the
                // walk there finds out.)
                if let Some(e) = self.battle.unit_at(self.cursor)
                    && self.battle.unit(e).team != self.battle.unit(unit).team
                    && self.battle.sight(self.battle.unit(unit).team).sees(self.cursor)
                {
                    let Some(path) = attack_cell(&self.battle, unit, &range, e).and_then(|c| range.path(c.at)) else {
                        self.signals.push(Signal::CannotGo { unit, to: self.cursor });
                        return Phase::Target { unit, range, trail };
                    };
                    if self.run(Command::Move { unit, path }).is_err() {
                        return Phase::Target { unit, range, trail };
                    }
                    // Under fog the move may have run into an unseen unit: its action is over.
                    if self.battle.unit(unit).acted {
                        return self.after_player_action(unit);
                    }
                    let mut menu = self.action_menu(unit);
                    if let Phase::Action { options, choice, .. } = &mut menu {
                        *choice = options.iter().position(|o| *o == Action::Attack(e)).unwrap_or(0);
                    }
                    return menu;
                }
                // A hurt ally and a healer: walk to the best cell to heal it from, menu on
                // that heal (as an enemy opens its attack).
                if let Some(a) = self.battle.unit_at(self.cursor)
                    && a != unit
                    && self.battle.unit(a).team == self.battle.unit(unit).team
                    && let Some(path) = heal_cell(&self.battle, unit, &range, a).and_then(|c| range.path(c.at))
                {
                    if self.run(Command::Move { unit, path }).is_err() {
                        return Phase::Target { unit, range, trail };
                    }
                    // Under fog the move may have run into an unseen unit: its action is over.
                    if self.battle.unit(unit).acted {
                        return self.after_player_action(unit);
                    }
                    let mut menu = self.action_menu(unit);
                    if let Phase::Action { options, choice, .. } = &mut menu {
                        *choice = options.iter().position(|o| *o == Action::Heal(a)).unwrap_or(0);
                    }
                    return menu;
                }
                // A hurt ally the healer cannot heal from any cell it reaches (too far, or every
                // cell next to it taken): say why and keep the healer selected, as an enemy out
                // of reach does (issue 33's play: the click selected the ally instead).
                if let Some(a) = self.battle.unit_at(self.cursor)
                    && a != unit
                    && self.battle.unit(unit).heal.is_some()
                    && self.battle.unit(a).team == self.battle.unit(unit).team
                    && self.battle.unit(a).hp < self.battle.unit(a).stats.hp
                {
                    self.signals.push(Signal::CannotGo { unit, to: self.cursor });
                    return Phase::Target { unit, range, trail };
                }
                // Another unit of ours yet to act (and nobody to heal there): select it, as a
                // click on it does with nobody selected, instead of trying to stop on it.
                if let Some(other) = self.battle.unit_at(self.cursor)
                    && other != unit
                    && self.battle.unit(other).team == self.battle.unit(unit).team
                    && !self.battle.unit(other).acted
                {
                    self.signals.push(Signal::Selected(other));
                    return self.target(other);
                }
                if !range.contains(self.cursor) {
                    self.signals.push(Signal::CannotGo { unit, to: self.cursor });
                    return Phase::Target { unit, range, trail };
                }
                // The traced route when it leads here, else the cheapest; the core checks it.
                let path = if trail.end(range.origin) == self.cursor {
                    trail.clone()
                } else {
                    range.path(self.cursor).unwrap_or_default()
                };
                if self.run(Command::Move { unit, path }).is_err() {
                    return Phase::Target { unit, range, trail };
                }
                // Under fog the move may have run into an unseen unit: its action is over.
                if self.battle.unit(unit).acted {
                    return self.after_player_action(unit);
                }
                self.action_menu(unit)
            }
            (Phase::Action { unit, options, choice }, Intent::Cursor(d)) => {
                let n = options.len();
                let choice = match d {
                    Dir::Up | Dir::Left => (choice + n - 1) % n,
                    Dir::Down | Dir::Right => (choice + 1) % n,
                };
                if let Some(Action::Attack(t) | Action::Heal(t)) = options.get(choice) {
                    self.move_cursor(self.battle.unit(*t).pos);
                }
                Phase::Action { unit, options, choice }
            }
            // The canto menu: the blow is done, cancel cannot take it back (undo can).
            // (The phase is out of `self` here: ask its options, not `canto_range`.)
            (p @ Phase::Action { .. }, Intent::Cancel) if p.is_canto_menu() => p,
            (p @ Phase::Action { .. }, Intent::Undo) if p.is_canto_menu() => {
                let Phase::Action { unit, .. } = p else { return p };
                if self.run(Command::Undo).is_err() {
                    return self.canto_menu(unit);
                }
                self.move_cursor(self.battle.unit(unit).pos);
                Phase::Select
            }
            (Phase::Action { unit, options, choice }, Intent::Cancel) => {
                // Not yet confirmed: the move is taken back as if it never happened.
                if self.run(Command::Undo).is_err() {
                    return Phase::Action { unit, options, choice };
                }
                self.move_cursor(self.battle.unit(unit).pos);
                self.target(unit)
            }
            (Phase::Action { unit, options, choice }, Intent::Confirm) => {
                let cmd = match options.get(choice) {
                    Some(Action::Attack(t)) => Command::Attack { unit, target: *t },
                    Some(Action::Heal(t)) => Command::Heal { unit, target: *t },
                    // A canto unit's second move: its range, as the selected unit's is shown.
                    Some(Action::Move) => return self.target(unit),
                    _ => Command::Wait { unit },
                };
                if self.run(cmd).is_err() {
                    return Phase::Action { unit, options, choice };
                }
                // A canto unit that attacked or healed may move again: Move / Wait.
                if self.battle.ended().is_none() && self.battle.unit(unit).may_canto() {
                    return self.canto_menu(unit);
                }
                self.after_player_action(unit)
            }
            (p, _) => p,
        }
    }

    /// The first ready player unit after `from` in roster order (wrapping round, `from`
    /// itself last); the first ready one when `from` is `None`.
    pub(super) fn next_ready_after(&self, from: Option<UnitId>) -> Option<UnitId> {
        let roster = self.roster();
        let start = from
            .and_then(|f| roster.iter().position(|&u| u == f))
            .map_or(0, |i| i + 1);
        (0..roster.len())
            .map(|k| roster[(start + k) % roster.len()])
            .find(|&u| self.has_move_left(u))
    }

    /// The cursor goes to `to` in the target phase; the traced route follows it.
    fn point_in_target(&mut self, unit: UnitId, range: Range, trail: Path, to: Pos) -> Phase {
        self.move_cursor(to);
        // The route as the mover's side sees the board: an unseen unit's cell reads as empty.
        let view = self.battle.seen_by(self.battle.unit(unit).team);
        let trail = trace(&view, unit, &range, &trail, self.cursor);
        Phase::Target { unit, range, trail }
    }

    /// Moves the cursor to the unit of `units` after the one under it (the first if none is).
    fn cycle(&mut self, units: &[UnitId]) {
        let after = units
            .iter()
            .position(|&u| self.battle.unit(u).pos == self.cursor)
            .map_or(0, |i| i + 1);
        if let Some(&u) = units.get(after % units.len().max(1)) {
            self.move_cursor(self.battle.unit(u).pos);
        }
    }
}
