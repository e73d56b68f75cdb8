//! Replay files: a battle as its scenario plus the player's commands, in player terms (unit
//! names, path digits, actions). Enemy phases are recomputed, so a replay is small, readable
//! JSON; it is refused when it is damaged, of an unknown version, or when what decides the
//! battle (the parsed scenario, map and data it uses, see [`battle_fingerprint`]) changed.
//! Version 1 replays fingerprinted the files' bytes; they are still read and checked that way.

use crate::io::files::{parse_versioned_json, write_atomic};
use crate::load::data::DataSet;
use crate::load::diag::{Diagnostic, Source, display_path};
use crate::load::scenario::{Scenario, fnv1a};
use serde::{Deserialize, Serialize};
use skirmish_core::campaign::Roster;
use skirmish_core::rules::{Battle, Command, UnitId};
use skirmish_core::search::grid::{Path as Steps, Team};
use std::path::{Path, PathBuf};

/// What a replay file says it is.
pub const FORMAT: &str = "skirmish-replay";
/// The replay layout this version writes: 2, whose fingerprint is [`battle_fingerprint`].
pub const VERSION: u32 = 2;
/// The first layout, whose fingerprint is [`fingerprint`] (the files' bytes); still read.
pub const VERSION_BYTES: u32 = 1;

/// One player command as a person would write it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// `{"action": "move", "unit": "Kiny", "path": "3322"}`
    Move {
        /// The unit's name.
        unit: String,
        /// Direction digits (1 up, 2 right, 3 down, 4 left; "0" stays).
        path: String,
    },
    /// `{"action": "attack", "unit": "Kiny", "target": "Brute"}`
    Attack {
        /// The attacker's name.
        unit: String,
        /// The defender's name.
        target: String,
    },
    /// `{"action": "heal", "unit": "Mira", "target": "Lance"}`
    Heal {
        /// The healer's name.
        unit: String,
        /// The ally's name.
        target: String,
    },
    /// `{"action": "wait", "unit": "Kiny"}`
    Wait {
        /// The unit's name.
        unit: String,
    },
    /// `{"action": "end_phase"}`: the player's phase ends; the enemy phase is recomputed (in a
    /// versus replay: the phase of the side whose phase it is ends).
    EndPhase,
}

/// A recorded battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The layout version, [`VERSION`] when written by this build.
    pub version: u32,
    /// The scenario file, as it was given when the battle started.
    pub scenario: String,
    /// Hex fingerprint of the scenario, map and data texts.
    pub fingerprint: String,
    /// Player units gained experience and levelled up in the recorded battle (absent:
    /// false, a replay recorded before experience existed, which plays without it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub experience: bool,
    /// The difficulty level the battle was played at (`None`: the scenario as written; files
    /// from before levels have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    /// The skill of the built-in player that played it (`average`, `novice`, or a chance such
    /// as `0.15`), when not the expert (`None`: the expert, or a person).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<String>,
    /// A campaign's chapter: the roster its player units were made from (`None`: a battle of
    /// the scenario as written). Replaying puts the roster on the scenario again
    /// ([`ReplayFile::scenario`]) before anything is checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chapter: Option<ChapterStart>,
    /// The seed of the battle's rolls, for a scenario with chance in combat (`None`: no
    /// chance, or seed 0). The rolls are recomputed from it, like the enemy phases.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The enemy side was played by a person (hot-seat or over the network): `commands` holds
    /// both sides' commands in the order played (an `end_phase` ends the phase of the side
    /// whose phase it is), and no enemy phase is recomputed. Absent: false, the enemy side was
    /// the AI's (written only when true, so other replays read and write as before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub versus: bool,
    /// The player's commands, in order (both sides' in a `versus` replay).
    pub commands: Vec<Step>,
    /// Where each command's JSON object starts in the file read (1-based line and column),
    /// for messages; empty for a replay not read from text.
    #[serde(skip)]
    pub places: Vec<(usize, usize)>,
}

/// How a campaign's chapter began: the roster as it stood, and whether the fallen stay gone.
/// A chapter's battle is its scenario with the roster put on it
/// ([`Roster::prepare`]: levels, experience and stats carried over, the fallen left out), so a
/// replay of it carries this to be played again without the campaign's progress file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChapterStart {
    /// The chapter's number, from 1 (for people reading the file).
    pub number: usize,
    /// The chapter's title in the campaign file, when it gives one (the game's top band says
    /// it instead of the scenario's name, as the chapter's intro did).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Fallen units stay gone (false: casual play).
    pub permadeath: bool,
    /// Every player unit met before this chapter.
    pub roster: Roster,
    /// The chapter's own numbers (`[chapters.set]` of the campaign file, in order), applied
    /// to the scenario as written before its level, as the campaign played it (absent: none;
    /// replays of chapters without them read and write as before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<ChapterSet>,
    /// The campaign was played with chance in combat: the chapter had `[combat] chance =
    /// true` (and `set` holds its `[chapters.chance_set]` numbers after its own). Written only
    /// when true, so replays of chapters without it read and write as before.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chance: bool,
}

/// One of a chapter's own numbers: a `--set` key and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChapterSet {
    /// The key, such as `kind:guard.defense`.
    pub key: String,
    /// Its value.
    pub value: i64,
}

impl ChapterSet {
    /// The numbers of a campaign chapter, as its replay keeps them.
    ///
    /// ```
    /// use skirmish_core::model::scenario::LevelEntry;
    /// use skirmish_data::io::replay::ChapterSet;
    /// let e = LevelEntry { key: "kind:guard.defense".into(), value: 3, line: 4, col: 1 };
    /// assert_eq!(ChapterSet::of(&[e]), vec![ChapterSet { key: "kind:guard.defense".into(), value: 3 }]);
    /// ```
    pub fn of(entries: &[skirmish_core::model::scenario::LevelEntry]) -> Vec<ChapterSet> {
        entries
            .iter()
            .map(|e| ChapterSet {
                key: e.key.clone(),
                value: e.value,
            })
            .collect()
    }
}

impl ChapterStart {
    /// The chapter's battle: `scenario` (as its file reads, at the recorded level) with the
    /// roster put on it.
    pub fn prepare(&self, scenario: &Scenario) -> Scenario {
        self.roster.prepare(scenario, self.permadeath)
    }
}

/// The fingerprint of a scenario and its data folder's texts (terrain, profiles, unit kinds),
/// byte for byte: what version-1 replays carry (and what batch slices compare).
pub fn fingerprint(scenario: &Scenario, data_dir: &Path) -> String {
    let texts: Vec<Vec<u8>> = ["terrain.toml", "profiles.toml", "units.toml"]
        .iter()
        // Through the bounded reader like every input; the files were loaded (and checked)
        // before, and a missing optional `units.toml` counts as empty.
        .map(|f| {
            Source::read(&data_dir.join(f))
                .map(|s| s.text.into_bytes())
                .unwrap_or_default()
        })
        .collect();
    let scen = scenario.fingerprint.to_le_bytes();
    let mut parts: Vec<&[u8]> = vec![&scen];
    parts.extend(texts.iter().map(Vec::as_slice));
    format!("{:016x}", fnv1a(&parts))
}

/// The fingerprint of what decides a battle of `scenario` with `data`, parsed and put in a
/// canonical form: every unit of the scenario with all its fields as the rules see them
/// (team, cell, class, move, profile, pivot, kind and its stats), the parameters of the
/// profiles those units use, and the map as its size plus, cell by cell, the cost for each
/// class the units use and the defense of its terrain. What the battle never reads is left
/// out, so a comment, key order, a colour, a glyph, a terrain's name, an unused profile, an
/// unused terrain or unit kind, or the scenario's title do not change it.
///
/// Each unit's growth per level (when it has any) and its level and experience at the start
/// (when not 1 and 0) are part of it: they decide battles since experience exists. A replay
/// recorded before that carries [`battle_fingerprint_before_experience`]. A unit's movement
/// rules (zones of control, skirmisher, canto) are part of it when it has any.
pub fn battle_fingerprint(scenario: &Scenario, data: &DataSet) -> String {
    canonical_fingerprint(scenario, data, true)
}

/// [`battle_fingerprint`] as replays recorded before experience existed carry it: without
/// growth, levels and experience.
pub fn battle_fingerprint_before_experience(scenario: &Scenario, data: &DataSet) -> String {
    canonical_fingerprint(scenario, data, false)
}

fn canonical_fingerprint(scenario: &Scenario, data: &DataSet, experience: bool) -> String {
    let terrain = &data.terrain;
    let class_name = |c: skirmish_core::model::terrain::ClassId| {
        terrain.classes().get(usize::from(c.0)).cloned().unwrap_or_default()
    };
    let mut classes: Vec<_> = scenario.units.iter().map(|u| u.class).collect();
    classes.sort_by_key(|&c| class_name(c));
    classes.dedup();
    let mut text = String::from("skirmish battle 2\nunits\n");
    for u in &scenario.units {
        let profile = u
            .profile
            .as_deref()
            .map(|p| (p, data.profiles.get(p).map(|x| format!("{:?}", x.behavior))));
        text += &format!(
            "{:?} {:?} {:?} {:?} move {} profile {:?} pivot {:?} kind {:?} {:?}",
            u.name,
            u.team,
            u.at,
            class_name(u.class),
            u.movement,
            profile,
            u.pivot.unwrap_or(u.at),
            u.kind,
            u.stats
        );
        // Only a unit with a goal of its own says so: fingerprints of files without goals
        // stay as they were.
        if let Some(g) = u.goal {
            text += &format!(" goal {g:?}");
        }
        if experience {
            if !u.growth.is_zero() {
                // Written by hand as `{:?}` wrote it before movement could grow, so the
                // fingerprints of replays recorded then still match.
                let g = u.growth;
                text += &format!(
                    " growth Growth {{ hp: {}, attack: {}, defense: {}",
                    g.hp, g.attack, g.defense
                );
                if g.movement != 0 {
                    text += &format!(", move: {}", g.movement);
                }
                text += " }";
            }
            if u.level != 1 || u.exp != 0 {
                text += &format!(" level {} exp {}", u.level, u.exp);
            }
        }
        // Likewise healers and units that start hurt.
        if let Some(h) = u.heal {
            text += &format!(" heal {h:?}");
        }
        if let Some(hp) = u.hp_left {
            text += &format!(" hp_left {hp}");
        }
        // Chance numbers decide only a battle with chance on (and are said only when not
        // the defaults): fingerprints of battles without chance stay as they were.
        if scenario.combat.chance && !u.odds.is_default() {
            text += &format!(" odds {:?}", u.odds);
        }
        if let Some(w) = u.weapon.as_ref().filter(|_| scenario.combat.chance) {
            text += &format!(" weapon {w:?}");
        }
        // Zones of control, skirmishers and canto change every move: a replay recorded with
        // them goes stale when one is switched. Said only when used, as above.
        if u.moves != Default::default() {
            text += &format!(" moves {:?}", u.moves);
        }
        text.push('\n');
    }
    if scenario.combat != Default::default() {
        text += &format!("combat {:?}\n", scenario.combat);
    }
    text += &crate::load::objective::canonical(scenario);
    let map = &scenario.map;
    text += &format!("map {}x{}\n", map.width(), map.height());
    // Each terrain kind as the units see it: its cost per class used, and its defense.
    let seen: Vec<String> = terrain
        .kinds()
        .iter()
        .map(|t| {
            let costs: Vec<String> = classes
                .iter()
                .map(|&c| format!("{}={:?}", class_name(c), t.cost_for(c)))
                .collect();
            if t.avoid == 0 || !scenario.combat.chance {
                format!("[{} defense {}]", costs.join(" "), t.defense)
            } else {
                format!("[{} defense {} avoid {}]", costs.join(" "), t.defense, t.avoid)
            }
        })
        .collect();
    for y in 0..map.height() {
        for x in 0..map.width() {
            let id = map.cells()[y * map.width() + x];
            text += seen.get(usize::from(id.0)).map_or("?", String::as_str);
        }
        text.push('\n');
    }
    format!("{:016x}", fnv1a(&[text.as_bytes()]))
}

/// The fingerprint a replay of `version` carries: [`battle_fingerprint`] from version 2 (for a
/// replay recorded before experience, [`battle_fingerprint_before_experience`]), the files'
/// bytes ([`fingerprint`]) for version 1.
pub fn fingerprint_for(version: u32, experience: bool, scenario: &Scenario, data: &DataSet) -> String {
    if version == VERSION_BYTES {
        fingerprint(scenario, &data.dir)
    } else if experience {
        battle_fingerprint(scenario, data)
    } else {
        battle_fingerprint_before_experience(scenario, data)
    }
}

/// The replay of `battle` (its player record) played on `scenario` with `data`.
pub fn record(battle: &Battle, scenario: &Scenario, data: &DataSet) -> ReplayFile {
    let name = |u: &UnitId| battle.name(*u).to_string();
    let commands = battle
        .record()
        .iter()
        .filter_map(|c| match c {
            Command::Move { unit, path } => Some(Step::Move {
                unit: name(unit),
                path: path.digits(),
            }),
            Command::Attack { unit, target } => Some(Step::Attack {
                unit: name(unit),
                target: name(target),
            }),
            Command::Heal { unit, target } => Some(Step::Heal {
                unit: name(unit),
                target: name(target),
            }),
            Command::Wait { unit } => Some(Step::Wait { unit: name(unit) }),
            Command::EndPhase { .. } => Some(Step::EndPhase),
            Command::Wake { .. } | Command::Undo | Command::Restore(_) => None,
            // `Command` is non-exhaustive: a command added to the core needs its step here.
            _ => None,
        })
        .collect();
    ReplayFile {
        format: FORMAT.into(),
        version: VERSION,
        scenario: scenario.path.clone(),
        fingerprint: if battle.has_experience() {
            battle_fingerprint(scenario, data)
        } else {
            battle_fingerprint_before_experience(scenario, data)
        },
        experience: battle.has_experience(),
        difficulty: scenario.difficulty.clone(),
        skill: None,
        chapter: None,
        seed: (battle.combat().chance && battle.seed() != 0).then_some(battle.seed()),
        versus: battle.versus(),
        commands,
        places: Vec::new(),
    }
}

/// The side an `end_phase` step ends in `battle`: the player's, or in a versus battle
/// ([`Battle::with_versus`]) the side whose phase it is.
///
/// ```
/// use skirmish_core::prelude::*;
/// use skirmish_data::io::replay::end_phase_team;
/// let b = BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), &[".."]).unwrap())
///     .unit(UnitSpec::player("Kiny", (0, 0)))
///     .unit(UnitSpec::enemy("Brute", (1, 0), "charger"))
///     .build()
///     .unwrap();
/// let mut versus = b.clone().with_versus(true);
/// versus.execute(Command::EndPhase { team: Team::Player }).unwrap();
/// assert_eq!(end_phase_team(&versus), Team::Enemy);
/// assert_eq!(end_phase_team(&b), Team::Player);
/// ```
pub fn end_phase_team(battle: &Battle) -> Team {
    if battle.versus() { battle.active() } else { Team::Player }
}

/// Writes a replay atomically, as indented JSON (one command per line or so, for people).
pub fn write(path: &Path, replay: &ReplayFile) -> Result<(), Diagnostic> {
    let text = serde_json::to_string_pretty(replay)
        .map_err(|e| Diagnostic::whole_file(path, format!("cannot encode replay: {e}")))?;
    write_atomic(path, text.as_bytes()).map_err(|e| Diagnostic::whole_file(path, format!("cannot write replay: {e}")))
}

/// Reads a replay, checking its format and version.
pub fn read(path: &Path) -> Result<ReplayFile, Diagnostic> {
    parse(&Source::read(path)?)
}

/// Parses a replay from text already read (the part of [`read`] after the file is opened;
/// the fuzz target feeds it arbitrary text).
pub fn parse(src: &Source) -> Result<ReplayFile, Diagnostic> {
    // Both layouts are read: pick the one the file says it is, so that the version message
    // (for an unknown version) comes from the shared reader.
    let said = serde_json::from_str::<serde_json::Value>(&src.text)
        .ok()
        .and_then(|v| v.get("version").and_then(serde_json::Value::as_u64));
    let version = if said == Some(u64::from(VERSION_BYTES)) {
        VERSION_BYTES
    } else {
        VERSION
    };
    let mut r: ReplayFile = parse_versioned_json(src, FORMAT, version, "replay").map_err(|mut d| {
        if d.message.ends_with(&format!("reads version {VERSION} only")) {
            d.message = d.message.replace(
                &format!("reads version {VERSION} only"),
                &format!("reads versions {VERSION_BYTES} and {VERSION} only"),
            );
        }
        d
    })?;
    r.places = command_places(&src.text)
        .into_iter()
        .map(|offset| src.line_col(offset))
        .collect();
    Ok(r)
}

/// The byte offsets of the objects of the top-level `"commands"` array of a JSON text, in
/// order (the text is valid JSON: it parsed).
fn command_places(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    // Open brackets, and for the root object the last key read.
    let mut stack: Vec<u8> = Vec::new();
    let mut key = String::new();
    let mut in_commands = false;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if stack.len() == 1 {
                    key = text.get(start..i.min(text.len())).unwrap_or("").to_string();
                }
            }
            b'{' | b'[' => {
                if stack.len() == 1 && bytes[i] == b'[' {
                    in_commands = key == "commands";
                }
                if stack.len() == 2 && in_commands && bytes[i] == b'{' {
                    out.push(i);
                }
                stack.push(bytes[i]);
            }
            b'}' | b']' => {
                stack.pop();
                if stack.len() == 1 {
                    in_commands = false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

impl ReplayFile {
    /// The battle's scenario as it was played: `loaded` (its file at the recorded level) with a
    /// campaign chapter's roster put on it again, or `loaded` itself.
    pub fn scenario(&self, loaded: Scenario) -> Scenario {
        match &self.chapter {
            Some(c) => c.prepare(&loaded),
            None => loaded,
        }
    }

    /// Where its scenario is: as written when that exists from here, else beside the replay.
    pub fn scenario_path(&self, replay_path: &Path) -> PathBuf {
        let given = PathBuf::from(&self.scenario);
        if given.exists() || given.is_absolute() {
            return given;
        }
        replay_path.parent().map_or(given.clone(), |dir| dir.join(&given))
    }

    /// The battle at the start of its scenario under the rules it was recorded with
    /// (without experience for a replay recorded before experience existed).
    pub fn battle(&self, scenario: &Scenario, data: &DataSet) -> Result<Battle, Diagnostic> {
        let b = Battle::try_new(scenario, &data.terrain)
            .map_err(|e| Diagnostic::whole_file(std::path::Path::new(&scenario.path), e.to_string()))?;
        let b = b.with_seed(self.seed.unwrap_or(0)).with_versus(self.versus);
        Ok(if self.experience { b } else { b.without_experience() })
    }

    /// Checks that what decides the battle is what it was recorded with (see
    /// [`fingerprint_for`]); the refusal names the replay file.
    pub fn check_files(&self, replay_path: &Path, scenario: &Scenario, data: &DataSet) -> Result<(), Diagnostic> {
        if self.fingerprint != fingerprint_for(self.version, self.experience, scenario, data) {
            let what = if self.version == VERSION_BYTES {
                "its files"
            } else {
                "what decides the battle (units, map terrain, the costs and defenses or profiles they use)"
            };
            return Err(Diagnostic::whole_file(
                replay_path,
                format!(
                    "scenario {}, its map or its data changed since this replay was recorded ({what}): it no longer fits (replay --force plays it anyway)",
                    scenario.path
                ),
            ));
        }
        Ok(())
    }

    /// Where command `k` (from 0) stands in the file: `path:line:col` of its JSON object, or
    /// the file's start when unknown.
    pub fn place(&self, replay_path: &Path, k: usize, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.places.get(k).copied().unwrap_or((1, 1));
        Diagnostic {
            path: display_path(replay_path),
            line,
            col,
            message: message.into(),
        }
    }

    /// Command `k` (from 0) for `battle`; a name that is no unit of the scenario, or a path
    /// that is not direction digits, is refused at the command's place in the file.
    pub fn command(
        &self,
        replay_path: &Path,
        k: usize,
        scenario: &Scenario,
        battle: &Battle,
    ) -> Result<Command, Diagnostic> {
        let refuse = |message: String| self.place(replay_path, k, format!("command {}: {message}", k + 1));
        let unit = |n: &str| {
            battle
                .find(n)
                .ok_or_else(|| refuse(format!("no unit named {n:?} in {}", scenario.path)))
        };
        Ok(match &self.commands[k] {
            Step::Move { unit: u, path } => Command::Move {
                unit: unit(u)?,
                path: Steps::parse(path).ok_or_else(|| refuse(format!("path {path:?} is not direction digits 1-4")))?,
            },
            Step::Attack { unit: u, target } => Command::Attack {
                unit: unit(u)?,
                target: unit(target)?,
            },
            Step::Heal { unit: u, target } => Command::Heal {
                unit: unit(u)?,
                target: unit(target)?,
            },
            Step::Wait { unit: u } => Command::Wait { unit: unit(u)? },
            Step::EndPhase => Command::EndPhase {
                team: end_phase_team(battle),
            },
        })
    }

    /// Checks the files ([`Self::check_files`]) and turns every step into a command for
    /// `battle` ([`Self::command`]).
    pub fn commands(
        &self,
        replay_path: &Path,
        scenario: &Scenario,
        data: &DataSet,
        battle: &Battle,
    ) -> Result<Vec<Command>, Diagnostic> {
        self.check_files(replay_path, scenario, data)?;
        (0..self.commands.len())
            .map(|k| self.command(replay_path, k, scenario, battle))
            .collect()
    }
}
