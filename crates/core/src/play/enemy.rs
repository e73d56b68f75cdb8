//! The enemy phase, driven in one place for everyone — the game (one enemy per animation),
//! headless battles, AI tests and replays (a whole phase at once): [`EnemyPhase`].
//! Each living enemy, in acting order, decides on the board as the previous one left it
//! and acts through the rules core; a command the rules refuse is an error, never skipped.

use crate::ai::{Ai, Decision};
use crate::rules::{Battle, Command, Event, RuleError, UnitId};
use crate::search::grid::Team;

/// One unit's turn as it happened: its decision and the events of its commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// What it decided.
    pub decision: Decision,
    /// What its commands did.
    pub events: Vec<Event>,
    /// Under fog of war, the units of the other side its side saw when it decided (the only
    /// ones it knew of), in unit order; `None` without fog.
    pub saw: Option<Vec<UnitId>>,
}

impl Turn {
    /// The decision as JSON ([`Decision::to_json`]), with under fog the names of the units
    /// of the other side its side saw when it decided, as `saw`, and when its move ran into
    /// an unseen unit `ambushed: {"by": NAME, "at": [x, y]}` (where it stopped; the
    /// decision's `to` is where it meant to go). Without fog the JSON is the decision's alone.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// use skirmish_core::play::enemy::act;
    /// let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["..........."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::player("Lance", (7, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (10, 0), "charger"))
    ///     .fog(true)
    ///     .build()
    ///     .unwrap();
    /// b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    /// let d = Ai::new(Profiles::standard()).decide(&b, UnitId(2));
    /// let turn = act(&mut b, d).unwrap();
    /// assert_eq!(turn.saw, Some(vec![UnitId(1)]));
    /// let json = serde_json::to_value(turn.to_json(&b)).unwrap();
    /// assert_eq!(json["saw"], serde_json::json!(["Lance"]));
    /// ```
    #[cfg(feature = "serde")]
    pub fn to_json(&self, b: &Battle) -> serde_json::Value {
        let mut v = serde_json::to_value(self.decision.to_json(b, &self.events)).unwrap_or_default();
        if let (Some(saw), serde_json::Value::Object(m)) = (&self.saw, &mut v) {
            m.insert("saw".into(), saw.iter().map(|&u| b.name(u)).collect());
            // Its move ran into the unseen: where it stopped, and who stopped it.
            for e in &self.events {
                if let Event::Ambushed { by, at, .. } = e {
                    m.insert("ambushed".into(), serde_json::json!({"by": b.name(*by), "at": at}));
                }
            }
        }
        v
    }
}

/// Carries out a decision through the rules core. A refused command is returned as an
/// error; the commands before it stay done. Under fog a move that runs into an unseen unit
/// ([`Event::Ambushed`]) ends the turn there: the commands after it are not given. A decision whose path does not lead from
/// [`Decision::from`] to [`Decision::to`] is refused before anything is done
/// ([`RuleError::Unreachable`]): what a decision says and what it does cannot disagree.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_core::play::enemy::act;
/// let mut b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &["...."]).unwrap())
///     .unit(UnitSpec::enemy("Brute", (3, 0), "charger"))
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .build()
///     .unwrap();
/// b.execute(Command::EndPhase { team: Team::Player }).unwrap();
/// let mut ai = Ai::new(Profiles::standard());
/// let mut d = ai.decide(&b, UnitId(0));
/// d.to = Pos::new(3, 0); // says it stays, while its path walks
/// assert!(matches!(act(&mut b, d), Err(RuleError::Unreachable { .. })));
/// assert_eq!(b.unit(UnitId(0)).pos(), Pos::new(3, 0), "nothing done");
/// ```
pub fn act(b: &mut Battle, decision: Decision) -> Result<Turn, RuleError> {
    if decision.path.end(decision.from) != decision.to {
        return Err(RuleError::Unreachable {
            unit: decision.unit,
            to: decision.to,
        });
    }
    // What the deciding side saw, before anything moves.
    let saw = b.fog().then(|| {
        let team = b.unit(decision.unit).team();
        let sight = b.sight(team);
        b.living(team.other())
            .filter(|&u| sight.sees(b.unit(u).pos()))
            .collect()
    });
    let mut events = Vec::new();
    for c in decision.commands() {
        let done = b.execute(c)?;
        // Under fog a move may run into the unseen: the action is over, the rest is not done.
        let ambushed = done.iter().any(|e| matches!(e, Event::Ambushed { .. }));
        events.extend(done);
        if ambushed {
            break;
        }
    }
    Ok(Turn { decision, events, saw })
}

/// A whole enemy phase: every enemy's turn, then the events that ended the phase (the next
/// player phase beginning; none when the battle was decided).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PhaseReport {
    /// The enemies' turns, in acting order.
    pub turns: Vec<Turn>,
    /// The events of the phase's end.
    pub end: Vec<Event>,
}

impl PhaseReport {
    /// Every event of the phase, in order.
    pub fn events(&self) -> impl Iterator<Item = &Event> {
        self.turns.iter().flat_map(|t| &t.events).chain(&self.end)
    }
}

/// An enemy phase under way: the enemies still to act.
///
/// ```
/// use skirmish_core::prelude::*;
/// let terrain = TerrainSet::standard();
/// let mut battle = BattleBuilder::new(TerrainMap::from_rows(&terrain, &[".....", "....."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::enemy("Brute", (4, 1), "charger"))
///     .build()
///     .unwrap();
/// let mut ai = Ai::new(Profiles::standard());
/// battle.execute(Command::EndPhase { team: Team::Player }).unwrap();
/// let report = EnemyPhase::run(&mut ai, &mut battle).unwrap();
/// // Brute walked next to Kiny and struck; then turn 2's player phase began.
/// assert_eq!(report.turns[0].decision.attack, battle.find("Kiny"));
/// assert_eq!(battle.turn(), 2);
/// assert_eq!(battle.active(), Team::Player);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnemyPhase {
    /// Enemies still to act, the next one last.
    queue: Vec<UnitId>,
}

impl EnemyPhase {
    /// The phase of `b`'s living enemies that have not acted yet, in acting order: all of
    /// them after the player's [`Command::EndPhase`]; the rest of the phase in a battle
    /// restored from a save made in the middle of it.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let terrain = TerrainSet::standard();
    /// let mut battle = BattleBuilder::new(TerrainMap::from_rows(&terrain, &["......"]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (5, 0), "charger").movement(1))
    ///     .unit(UnitSpec::enemy("Scout", (4, 0), "charger").movement(1))
    ///     .build()
    ///     .unwrap();
    /// let mut ai = Ai::new(Profiles::standard());
    /// battle.execute(Command::EndPhase { team: Team::Player }).unwrap();
    /// EnemyPhase::begin(&battle).step(&mut ai, &mut battle).unwrap();
    /// // Saved and restored here, the phase goes on with Scout alone.
    /// let mut resumed = battle.clone();
    /// resumed.execute(Command::Restore(Box::new(battle.snapshot()))).unwrap();
    /// let rest: Vec<UnitId> = EnemyPhase::begin(&resumed).remaining().collect();
    /// assert_eq!(rest, [resumed.find("Scout").unwrap()]);
    /// ```
    pub fn begin(b: &Battle) -> EnemyPhase {
        let mut queue: Vec<UnitId> = b.living(Team::Enemy).filter(|&id| !b.unit(id).acted()).collect();
        queue.reverse();
        EnemyPhase { queue }
    }

    /// The next enemy decides and acts; `None` when nobody is left to act (every enemy has,
    /// or the battle is decided): then [`EnemyPhase::finish`] ends the phase. A battle in
    /// the player's phase is refused ([`RuleError::NotEnemyPhase`]), as [`EnemyPhase::run`]
    /// refuses it.
    ///
    /// ```
    /// use skirmish_core::prelude::*;
    /// let terrain = TerrainSet::standard();
    /// let mut battle = BattleBuilder::new(TerrainMap::from_rows(&terrain, &["....."]).unwrap())
    ///     .unit(UnitSpec::player("Kiny", (0, 0)))
    ///     .unit(UnitSpec::enemy("Brute", (4, 0), "charger"))
    ///     .build()
    ///     .unwrap();
    /// let mut ai = Ai::new(Profiles::standard());
    /// let mut phase = EnemyPhase::begin(&battle);
    /// assert_eq!(phase.step(&mut ai, &mut battle), Err(RuleError::NotEnemyPhase));
    /// assert_eq!(EnemyPhase::finish(&mut battle), Err(RuleError::NotEnemyPhase));
    /// battle.execute(Command::EndPhase { team: Team::Player }).unwrap();
    /// assert!(phase.step(&mut ai, &mut battle).unwrap().is_some());
    /// ```
    pub fn step(&mut self, ai: &mut Ai, b: &mut Battle) -> Result<Option<Turn>, RuleError> {
        if b.ended().is_none() && b.active() != Team::Enemy {
            return Err(RuleError::NotEnemyPhase);
        }
        while let Some(id) = self.queue.pop() {
            if b.ended().is_some() {
                self.queue.clear();
                break;
            }
            if !b.unit(id).alive {
                continue;
            }
            let decision = ai.decide(b, id);
            let mut turn = act(b, decision)?;
            // A unit with canto that attacked or healed makes its second move now.
            if b.ended().is_none()
                && let Some(second) = crate::ai::canto::canto_move(b, ai.caches(), id)
            {
                turn.events.extend(b.execute(second)?);
            }
            return Ok(Some(turn));
        }
        Ok(None)
    }

    /// Ends the phase: the next player phase begins, unless the battle is decided (no
    /// events). A battle in the player's phase is refused ([`RuleError::NotEnemyPhase`]):
    /// ending it would skip the enemies' phase.
    pub fn finish(b: &mut Battle) -> Result<Vec<Event>, RuleError> {
        if b.ended().is_some() {
            Ok(Vec::new())
        } else if b.active() == Team::Enemy {
            b.execute(Command::EndPhase { team: Team::Enemy })
        } else {
            Err(RuleError::NotEnemyPhase)
        }
    }

    /// The whole phase at once, from its first enemy to the next player phase. A decided
    /// battle gives an empty report; a battle in the player's phase is refused
    /// ([`RuleError::NotEnemyPhase`]): nobody would act, and silently so.
    pub fn run(ai: &mut Ai, b: &mut Battle) -> Result<PhaseReport, RuleError> {
        if b.ended().is_none() && b.active() != Team::Enemy {
            return Err(RuleError::NotEnemyPhase);
        }
        let mut phase = EnemyPhase::begin(b);
        let mut turns = Vec::new();
        while let Some(t) = phase.step(ai, b)? {
            turns.push(t);
        }
        let end = EnemyPhase::finish(b)?;
        Ok(PhaseReport { turns, end })
    }

    /// Enemies still to act (the next one first), defeated ones included until their turn comes.
    pub fn remaining(&self) -> impl Iterator<Item = UnitId> + '_ {
        self.queue.iter().rev().copied()
    }
}
