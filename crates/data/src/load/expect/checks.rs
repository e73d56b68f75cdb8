//! The scripted moves and the expectations of an expectation file, checked against the
//! scenario its battlefield makes: units named, turns counted, marks read as cells.

use super::*;

/// What the moves and expectations look up: the scenario's units by name and the picture's
/// marks.
pub(super) struct Lookup<'a> {
    pub(super) src: &'a Source,
    pub(super) scenario: &'a Scenario,
    pub(super) marks: Marks<'a>,
}

impl Lookup<'_> {
    /// The team of the unit named `n`, if there is one.
    fn unit_team(&self, n: &str) -> Option<Team> {
        self.scenario.units.iter().find(|u| u.name == n).map(|u| u.team)
    }

    /// Every unit's name, for messages.
    fn names(&self) -> String {
        self.scenario
            .units
            .iter()
            .map(|u| u.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether `v` names a unit; if not, the error is pushed.
    fn known(&self, v: &Spanned<String>, errs: &mut Diagnostics) -> bool {
        let ok = self.unit_team(v.get_ref()).is_some();
        if !ok {
            errs.push(self.src.error_span(
                &v.span(),
                format!(
                    "no unit named {:?} (units: {}){}",
                    v.get_ref(),
                    self.names(),
                    crate::load::suggest::did_you_mean_value(
                        v.get_ref(),
                        self.scenario.units.iter().map(|u| u.name.as_str())
                    )
                ),
            ));
        }
        ok
    }

    /// The enemy phase `t` names (1 when absent or wrong; wrong is reported).
    fn turn_of(&self, t: &Option<Spanned<i64>>, errs: &mut Diagnostics) -> u32 {
        match t {
            None => 1,
            Some(t) if (1..=MAX_TURNS).contains(t.get_ref()) => *t.get_ref() as u32,
            Some(t) => {
                errs.push(self.src.error_span(
                    &t.span(),
                    format!(
                        "turn = {} makes no sense (expected 1..={MAX_TURNS}: enemy phases count from 1)",
                        t.get_ref()
                    ),
                ));
                1
            }
        }
    }

    /// The scripted moves, checked.
    pub(super) fn moves(&self, raw: &[Spanned<RawMove>], errs: &mut Diagnostics) -> Vec<Scripted> {
        let mut moves = Vec::new();
        for m in raw {
            let r = m.get_ref();
            let turn = self.turn_of(&Some(r.turn.clone()), errs);
            if self.known(&r.unit, errs) && self.unit_team(r.unit.get_ref()) != Some(Team::Player) {
                errs.push(self.src.error_span(
                    &r.unit.span(),
                    format!(
                        "{:?} is an enemy: scripted moves are for player units",
                        r.unit.get_ref()
                    ),
                ));
            }
            if let Some(a) = &r.attack {
                self.known(a, errs);
            }
            let Some(path) = Steps::parse(r.path.get_ref()) else {
                errs.push(self.src.error_span(
                    &r.path.span(),
                    format!(
                        "path {:?} is not direction digits (1 up, 2 right, 3 down, 4 left; \"0\" stays)",
                        r.path.get_ref()
                    ),
                ));
                continue;
            };
            moves.push(Scripted {
                turn,
                unit: r.unit.get_ref().clone(),
                path,
                attack: r.attack.as_ref().map(|a| a.get_ref().clone()),
                at: self.src.error_span(&r.turn.span(), ""),
            });
        }
        moves
    }

    /// The expectations, checked, in file order.
    pub(super) fn expects(&self, raw: &[Spanned<RawExpect>], errs: &mut Diagnostics) -> Vec<Expect> {
        let mut expects = Vec::new();
        for e in raw {
            expects.extend(self.expect(e, errs));
        }
        expects
    }

    /// One `[[expect]]` table (`None` when its unit is unknown).
    fn expect(&self, e: &Spanned<RawExpect>, errs: &mut Diagnostics) -> Option<Expect> {
        let r = e.get_ref();
        let turn = self.turn_of(&r.turn, errs);
        if !self.known(&r.unit, errs) {
            return None;
        }
        let checks = self.checks(r, errs);
        let decides = checks.iter().any(|c| !matches!(c, Check::Alive(_)));
        if decides && self.unit_team(r.unit.get_ref()) == Some(Team::Player) {
            errs.push(self.src.error_span(
                &r.unit.span(),
                format!(
                    "{:?} is a player unit: only `alive` can be expected of it (decisions are the enemies')",
                    r.unit.get_ref()
                ),
            ));
        }
        if checks.is_empty() {
            errs.push(self.src.error_span(&e.span(), "this expectation checks nothing: add ends_on, ends_at, stays, path, target, triggered, attacks, heals, never_enters, alive, sees or unseen"));
        }
        let at = r.turn.as_ref().map_or(r.unit.span(), |t| t.span());
        Some(Expect {
            unit: r.unit.get_ref().clone(),
            turn,
            checks,
            at: self.src.error_span(&at, ""),
        })
    }

    /// What one `[[expect]]` table checks, in the order of its keys' kinds.
    fn checks(&self, r: &RawExpect, errs: &mut Diagnostics) -> Vec<Check> {
        let map = &self.scenario.map;
        let mut checks = Vec::new();
        if let Some(at) = &r.ends_at {
            let [x, y] = *at.get_ref();
            let p = Pos::new(x as i32, y as i32);
            if !map.contains(p) || x > i32::MAX as i64 || y > i32::MAX as i64 {
                errs.push(self.src.error_span(
                    &at.span(),
                    format!(
                        "ends_at [{x}, {y}] is off the map ({})",
                        crate::load::diag::cell_bounds(map.width(), map.height())
                    ),
                ));
            }
            checks.push(Check::EndsOn {
                cells: vec![p],
                label: p.to_string(),
            });
        }
        if let Some(m) = &r.ends_on {
            match self.marks.mark_of(m) {
                Ok(cells) => checks.push(Check::EndsOn {
                    cells,
                    label: format!("mark {:?}", m.get_ref()),
                }),
                Err(d) => errs.push(d),
            }
        }
        if let Some(b) = r.stays {
            checks.push(Check::Stays(b));
        }
        if let Some(p) = &r.path {
            match Steps::parse(p.get_ref()) {
                Some(steps) => checks.push(Check::Path(steps.digits())),
                None => errs.push(self.src.error_span(
                    &p.span(),
                    format!("path {:?} is not direction digits 1-4 (\"0\" stays)", p.get_ref()),
                )),
            }
        }
        if let Some(t) = &r.target
            && self.known(t, errs)
        {
            checks.push(Check::Target(t.get_ref().clone()));
        }
        if let Some(b) = r.triggered {
            checks.push(Check::Triggered(b));
        }
        if let Some(a) = &r.attacks {
            match a.get_ref() {
                toml::Value::Boolean(b) => checks.push(Check::AttacksAny(*b)),
                toml::Value::String(n) => {
                    if self.known(&Spanned::new(a.span(), n.clone()), errs) {
                        checks.push(Check::Attacks(Some(n.clone())));
                    }
                }
                _ => errs.push(
                    self.src
                        .error_span(&a.span(), "attacks = a unit's name, or true / false"),
                ),
            }
        }
        if let Some(h) = &r.heals {
            match h.get_ref() {
                toml::Value::Boolean(false) => checks.push(Check::Heals(None)),
                toml::Value::String(n) => {
                    if self.known(&Spanned::new(h.span(), n.clone()), errs) {
                        checks.push(Check::Heals(Some(n.clone())));
                    }
                }
                _ => errs.push(self.src.error_span(&h.span(), "heals = an ally's name, or false")),
            }
        }
        if let Some(m) = &r.never_enters {
            match self.marks.mark_of(m) {
                Ok(cells) => checks.push(Check::NeverEnters {
                    cells,
                    label: format!("mark {:?}", m.get_ref()),
                }),
                Err(d) => errs.push(d),
            }
        }
        if let Some(b) = r.alive {
            checks.push(Check::Alive(b));
        }
        if let Some(names) = &r.sees {
            checks.push(Check::Sees(self.player_names(names, "sees", errs)));
        }
        if let Some(names) = &r.unseen {
            checks.push(Check::Unseen(self.player_names(names, "unseen", errs)));
        }
        checks
    }

    /// The names of `sees = [...]` or `unseen = [...]` (`key`): each must name a player unit
    /// (what the enemy side sees is the other side's units); wrong ones are reported.
    fn player_names(&self, names: &Spanned<Vec<Spanned<String>>>, key: &str, errs: &mut Diagnostics) -> Vec<String> {
        if names.get_ref().is_empty() {
            errs.push(self.src.error_span(
                &names.span(),
                format!("{key} = [] checks nothing: name the player units"),
            ));
        }
        let mut out = Vec::new();
        for n in names.get_ref() {
            if !self.known(n, errs) {
                continue;
            }
            if self.unit_team(n.get_ref()) != Some(Team::Player) {
                errs.push(self.src.error_span(
                    &n.span(),
                    format!(
                        "{:?} is an enemy: `{key}` names player units (those the enemy's side sees or not)",
                        n.get_ref()
                    ),
                ));
                continue;
            }
            out.push(n.get_ref().clone());
        }
        out
    }
}

/// What the player's units do between enemy phases.
pub(super) fn player_mode(src: &Source, raw: &Raw, errs: &mut Diagnostics) -> PlayerMode {
    match raw.player.as_ref().map(|p| (p.get_ref().as_str(), p.span())) {
        None | Some(("still", _)) => PlayerMode::Still,
        Some(("policy", _)) => PlayerMode::Policy,
        Some((other, span)) => {
            errs.push(src.error_span(
                &span,
                format!("player = {other:?}: expected \"still\" (player units wait) or \"policy\" (the built-in player policy)"),
            ));
            PlayerMode::Still
        }
    }
}

/// The enemy phases to play: `turns`, at least as many as the moves and expectations reach.
pub(super) fn turns(src: &Source, raw: &Raw, expects: &[Expect], moves: &[Scripted], errs: &mut Diagnostics) -> u32 {
    let needed = expects
        .iter()
        .map(|e| e.turn)
        .chain(moves.iter().map(|m| m.turn))
        .max()
        .unwrap_or(1);
    match &raw.turns {
        None => needed,
        Some(t) if (needed as i64..=MAX_TURNS).contains(t.get_ref()) => *t.get_ref() as u32,
        Some(t) => {
            errs.push(src.error_span(
                &t.span(),
                format!(
                    "turns = {}: expected {needed}..={MAX_TURNS} (the expectations reach enemy phase {needed})",
                    t.get_ref()
                ),
            ));
            needed
        }
    }
}
