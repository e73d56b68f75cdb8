//! Saving and resuming a battle: a versioned JSON file written atomically (temporary file
//! and rename, so a crash mid-write leaves the previous save intact), refused with a clear
//! message when it is from another version, damaged, or its scenario changed on disk (its
//! units or map terrain as parsed: a comment, a glyph or a colour is no change).
//!
//! A save is made from a plain [`Battle`] at any point between two commands, the enemy
//! phase included: it records whose phase it is and who has acted, and a battle restored
//! from it goes on with those yet to act (`EnemyPhase::run` on it finishes the phase).

use crate::io::files::{parse_versioned_json, write_atomic};
use crate::load::diag::{Diagnostic, Source};
use crate::load::scenario::{Scenario, fnv1a};
use crate::load::terrain::TerrainSet;
use serde::{Deserialize, Serialize};
use skirmish_core::model::units::Growth;
use skirmish_core::rules::{Battle, Command, Snapshot, UnitState};
use skirmish_core::search::grid::{Pos, Team};
use std::path::Path;

/// What a save file says it is.
pub const FORMAT: &str = "skirmish-save";
/// The save layout this version writes and reads.
pub const VERSION: u32 = 1;

/// One unit's state in a save.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedUnit {
    /// Its name (must match the scenario's unit in the same place).
    pub name: String,
    /// Cell.
    pub at: Pos,
    /// Hit points left.
    pub hp: i32,
    /// Still on the board.
    pub alive: bool,
    /// Has acted in the current phase (its side's).
    pub acted: bool,
    /// A guard's trigger has fired.
    pub triggered: bool,
    /// A reserve not on the board yet (absent: false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reserve: bool,
    /// A reserve called while its cell was taken (absent: false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub waiting: bool,
    /// Its level (absent: 1, as in saves from before experience).
    #[serde(default = "first_level", skip_serializing_if = "is_first_level")]
    pub level: u32,
    /// Experience towards the next level (absent: 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub exp: u32,
    /// What level-ups in this battle added to its stats (absent: nothing).
    #[serde(default, skip_serializing_if = "Growth::is_zero")]
    pub grown: Growth,
    /// Movement points its moves cost in the current phase (absent: 0; only a canto unit's
    /// second move reads it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spent: u32,
    /// A canto unit that has acted and may move again (absent: false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub canto: bool,
}

fn first_level() -> u32 {
    1
}

fn is_first_level(level: &u32) -> bool {
    *level == 1
}

fn player_phase() -> Team {
    Team::Player
}

fn is_player_phase(t: &Team) -> bool {
    *t == Team::Player
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A battle in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout version, [`VERSION`] when written by this build.
    pub version: u32,
    /// The scenario file, as it was given when the battle started.
    pub scenario: String,
    /// Hex fingerprint of the scenario and map texts.
    pub fingerprint: String,
    /// Turn number.
    pub turn: u32,
    /// Whose phase it is (absent: the player's; saves from before enemy-phase saves have none).
    #[serde(default = "player_phase", skip_serializing_if = "is_player_phase")]
    pub phase: Team,
    /// Seed of the battle's random choices: its rolls under chance in combat (a battle
    /// without chance is deterministic; the seed is kept for replays).
    pub seed: u64,
    /// How many numbers the battle's generator has drawn (chance in combat; absent: none).
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub drawn: u64,
    /// The difficulty level of the battle (`None`: the scenario as written; saves from before
    /// levels have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    /// Every unit, in scenario order.
    pub units: Vec<SavedUnit>,
    /// Which of the scenario's scripted events have fired (absent: none has; a scenario
    /// without events writes none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fired: Vec<bool>,
    /// The enemy side is played by a person (hot-seat): `phase` says whose turn it is, and the
    /// battle resumed is a versus one (absent: false, the enemy side is the AI's).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub versus: bool,
}

/// Why a save could not be made or used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveError(pub Diagnostic);

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

fn at_file(path: &Path, message: String) -> SaveError {
    SaveError(Diagnostic::whole_file(path, message))
}

/// The save of `battle` (of `scenario`) as it stands, in either side's phase. A game with a
/// move on screen not yet confirmed saves its settled battle
/// (`Session::settled_battle`), where that move is not made.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_data::io::save;
/// # std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
/// let registry = skirmish_core::ai::registry::Registry::standard();
/// let data = skirmish_data::load::data::load(std::path::Path::new("data"), &registry).unwrap();
/// let scenario = skirmish_data::load::scenario::load(std::path::Path::new("maps/sample.toml"), &data).unwrap();
/// let mut battle = Battle::new(&scenario, &data);
/// let mut ai = Ai::new(data.profiles.clone());
/// battle.execute(Command::EndPhase { team: Team::Player }).unwrap();
/// EnemyPhase::begin(&battle).step(&mut ai, &mut battle).unwrap();
/// // Saved after the first enemy's action, resumed on a fresh battle of the scenario.
/// let file = save::snapshot(&battle, &scenario, 7);
/// assert_eq!(file.phase, Team::Enemy);
/// let mut resumed = Battle::new(&scenario, &data);
/// save::restore(&file, &scenario, &mut resumed, std::path::Path::new("x.save")).unwrap();
/// let rest = EnemyPhase::run(&mut Ai::new(data.profiles.clone()), &mut resumed).unwrap();
/// assert_eq!(rest.turns.len() + 1, battle.living(Team::Enemy).count());
/// ```
pub fn snapshot(b: &Battle, scenario: &Scenario, seed: u64) -> SaveFile {
    let snap = b.snapshot();
    SaveFile {
        format: FORMAT.into(),
        version: VERSION,
        scenario: scenario.path.clone(),
        fingerprint: scenario_fingerprint(scenario, b.terrain()),
        turn: snap.turn,
        phase: snap.active,
        // Under chance the battle's own generator is what a resume must go on with.
        seed: if b.combat().chance { b.seed() } else { seed },
        drawn: snap.drawn,
        difficulty: scenario.difficulty.clone(),
        units: b
            .units()
            .iter()
            .zip(&snap.units)
            .map(|(u, s)| SavedUnit {
                name: u.name().to_string(),
                at: s.at,
                hp: s.hp,
                alive: s.alive,
                acted: s.acted,
                triggered: s.triggered,
                reserve: s.reserve,
                waiting: s.waiting,
                level: s.level,
                exp: s.exp,
                grown: s.grown,
                spent: s.spent,
                canto: s.canto,
            })
            .collect(),
        fired: snap.fired,
        versus: b.versus(),
    }
}

/// The fingerprint of what a save depends on, parsed and in a canonical form: the scenario's
/// units with every field the rules read, and the map as its size and each cell's terrain
/// kind (by name). A unit's movement rules (zones of control, skirmisher, canto) count where
/// it has any, and chance in combat (with each unit's odds and weapon) where the scenario has
/// it on: a scenario without them keeps the fingerprint older builds wrote. Comments, key
/// order, glyphs, colours and the data's numbers (which live reload may change under a
/// battle in progress) do not change it.
pub fn scenario_fingerprint(scenario: &Scenario, terrain: &TerrainSet) -> String {
    let mut text = String::from("skirmish save 2\n");
    for u in &scenario.units {
        let class = terrain
            .classes()
            .get(usize::from(u.class.0))
            .cloned()
            .unwrap_or_default();
        text += &format!(
            "{:?} {:?} {:?} {class:?} move {} profile {:?} pivot {:?} kind {:?} {:?}",
            u.name,
            u.team,
            u.at,
            u.movement,
            u.profile,
            u.pivot.unwrap_or(u.at),
            u.kind,
            u.stats
        );
        // Only a unit with a goal of its own says so: fingerprints of files without goals
        // stay as they were.
        if let Some(g) = u.goal {
            text += &format!(" goal {g:?}");
        }
        // Likewise healers and units that start hurt.
        if let Some(h) = u.heal {
            text += &format!(" heal {h:?}");
        }
        if let Some(hp) = u.hp_left {
            text += &format!(" hp_left {hp}");
        }
        // Movement rules and a unit's odds only where used (issue 37: a save made with a
        // zone or canto off fitted the battle with it on); files without them keep their
        // fingerprint, so their old saves load.
        if u.moves != skirmish_core::model::units::MoveRules::default() {
            text += &format!(" moves {:?}", u.moves);
        }
        if scenario.combat.chance {
            text += &format!(" odds {:?} weapon {:?}", u.odds, u.weapon);
        }
        text.push('\n');
    }
    if scenario.combat.chance {
        text += &format!("chance true_hit {}\n", scenario.combat.true_hit);
    }
    text += &crate::load::objective::canonical(scenario);
    let map = &scenario.map;
    text += &format!("map {}x{}\n", map.width(), map.height());
    for (k, id) in map.cells().iter().enumerate() {
        text += &format!(
            "{:?}{}",
            terrain.kinds().get(usize::from(id.0)).map_or("?", |t| t.name.as_str()),
            if (k + 1) % map.width().max(1) == 0 { "\n" } else { " " }
        );
    }
    format!("{:016x}", fnv1a(&[text.as_bytes()]))
}

/// Writes a save atomically: the previous file stays whole until the new one is complete.
pub fn write(path: &Path, save: &SaveFile) -> Result<(), SaveError> {
    let text = serde_json::to_string_pretty(save).map_err(|e| at_file(path, format!("cannot encode save: {e}")))?;
    write_atomic(path, text.as_bytes()).map_err(|e| at_file(path, format!("cannot write save: {e}")))
}

/// Reads a save file, checking its format and version; a damaged file is located by line and column.
pub fn read(path: &Path) -> Result<SaveFile, SaveError> {
    let src = Source::read(path).map_err(SaveError)?;
    parse(&src)
}

/// Parses a save from text already read (the part of [`read`] after the file is opened;
/// the fuzz target feeds it arbitrary text).
pub fn parse(src: &Source) -> Result<SaveFile, SaveError> {
    parse_versioned_json(src, FORMAT, VERSION, "save").map_err(SaveError)
}

/// Puts a save's state onto a fresh battle of its scenario (through the rules core's
/// `Restore`, which checks every unit's cell and hit points), after checking that the
/// scenario is the one the save was made from. The battle is untouched on error.
pub fn restore(save: &SaveFile, scenario: &Scenario, battle: &mut Battle, save_path: &Path) -> Result<(), SaveError> {
    // A level other than the save's changes the numbers: say so before the fingerprint does.
    if save.difficulty != scenario.difficulty {
        let level = |l: &Option<String>| {
            l.as_deref()
                .map_or("the scenario as written".to_string(), |n| format!("difficulty {n:?}"))
        };
        return Err(at_file(
            save_path,
            format!(
                "this save was made at {}, the battle is at {}: open it at its level (--difficulty)",
                level(&save.difficulty),
                level(&scenario.difficulty)
            ),
        ));
    }
    // Saves written before the fingerprint covered the parsed scenario carry the bytes' one.
    let bytes = format!("{:016x}", scenario.fingerprint);
    if save.fingerprint != scenario_fingerprint(scenario, battle.terrain()) && save.fingerprint != bytes {
        return Err(at_file(
            save_path,
            format!(
                "scenario {} or its map changed since this save was made: the save no longer fits it",
                scenario.path
            ),
        ));
    }
    let units = battle.units();
    if save.units.len() != units.len() || save.units.iter().zip(units).any(|(s, u)| s.name != u.name()) {
        return Err(at_file(
            save_path,
            format!("the units in this save do not match scenario {}", scenario.path),
        ));
    }
    let snap = Snapshot {
        // The save's own fingerprint, checked above, is of the scenario file; the battle's is
        // what the rules check.
        scenario: battle.fingerprint(),
        turn: save.turn,
        active: save.phase,
        units: save
            .units
            .iter()
            .map(|s| UnitState {
                at: s.at,
                hp: s.hp,
                alive: s.alive,
                moved: false,
                acted: s.acted,
                spent: s.spent,
                canto: s.canto,
                triggered: s.triggered,
                reserve: s.reserve,
                waiting: s.waiting,
                level: s.level,
                exp: s.exp,
                grown: s.grown,
            })
            .collect(),
        fired: save.fired.clone(),
        // The generator matters only under chance: elsewhere the battle keeps its own seed
        // (the save's is the game's, kept for replays).
        seed: if battle.combat().chance {
            save.seed
        } else {
            battle.seed()
        },
        drawn: save.drawn,
    };
    battle
        .execute(Command::Restore(Box::new(snap)))
        .map_err(|e| at_file(save_path, format!("impossible save: {e}")))?;
    if save.versus && !battle.versus() {
        *battle = battle.clone().with_versus(true);
    }
    Ok(())
}
