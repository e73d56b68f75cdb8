//! Opening the game from the command line: the scenario loaded, and a save or replay to
//! resume checked against it before any window opens.

use super::{Outcome, PlayArgs, fail, load_scenario_at};
use crate::load::data::DataSet;
use crate::load::diag::Diagnostic;
use crate::rules::battle::Battle;
use std::path::{Path, PathBuf};

/// How many of a replay's `commands` bring `battle` to the start of turn `turn` (its player
/// phase), each player phase's end followed by the recomputed enemy phase; refused, naming
/// the replay, when the battle never gets there.
pub fn fast_forward(
    file: &Path,
    mut battle: Battle,
    data: &DataSet,
    commands: &[crate::rules::Command],
    turn: u32,
) -> Result<usize, Diagnostic> {
    let mut k = 0;
    let mut ai = crate::ai::Ai::new(data.profiles.clone());
    while battle.turn() < turn && battle.ended().is_none() && k < commands.len() {
        crate::play::replay::run(&mut battle, &mut ai, &commands[k..=k]).map_err(|e| {
            Diagnostic::whole_file(
                file,
                format!(
                    "command {} is refused by the rules: {}",
                    k + 1,
                    e.explain(&battle, &commands[k])
                ),
            )
        })?;
        k += 1;
    }
    if battle.turn() < turn {
        let how = match battle.ended() {
            Some((w, why)) => format!(
                "the battle ends on turn {} ({} won: {})",
                battle.turn(),
                w.name(),
                why.describe(&battle)
            ),
            None => format!("it stops in turn {}", battle.turn()),
        };
        return Err(Diagnostic::whole_file(
            file,
            format!("the replay never reaches turn {turn}: {how}"),
        ));
    }
    Ok(k)
}

pub(super) fn play(path: &Path, data_override: Option<PathBuf>, level: Option<&str>, mut opts: PlayArgs) -> Outcome {
    // A campaign chapter's replay plays its scenario with the roster it was played with (and
    // the chapter's own numbers). Read once: its roster (if any) first, then its commands below.
    let replay = match opts.replay.as_deref().map(crate::io::replay::read).transpose() {
        Ok(r) => r,
        Err(e) => return fail(e.into()),
    };
    let loaded = match &replay {
        Some(r) if r.chapter.as_ref().is_some_and(|c| !c.set.is_empty()) => {
            super::load_replay_scenario(path, data_override, r)
        }
        _ => load_scenario_at(path, data_override, level),
    };
    match loaded {
        Ok((scenario, data, data_dir)) => {
            let scenario = match &replay {
                Some(r) => {
                    opts.chapter = r.chapter.clone();
                    r.scenario(scenario)
                }
                None => scenario,
            };
            if let Some(save_path) = &opts.resume {
                // Check the save against the scenario now, so a bad save never opens a window.
                let checked = crate::io::save::read(save_path).and_then(|save| {
                    let mut battle = Battle::new(&scenario, &data);
                    crate::io::save::restore(&save, &scenario, &mut battle, save_path).map(|_| save)
                });
                match checked {
                    Ok(save) => {
                        opts.versus |= save.versus;
                        opts.save = Some(Box::new(save));
                    }
                    Err(e) => return fail(e.0.into()),
                }
            }
            if let (Some(file), Some(r)) = (opts.replay.clone(), &replay) {
                let file = file.as_path();
                // Check the replay against the files now, so a stale one never opens a window.
                let read = r
                    .battle(&scenario, &data)
                    .and_then(|battle| r.commands(file, &scenario, &data, &battle).map(|c| (c, battle)));
                match read {
                    Ok((c, battle)) => {
                        opts.experience = battle.has_experience();
                        opts.seed = battle.seed();
                        opts.versus |= battle.versus();
                        if let Some(turn) = opts.turn {
                            match fast_forward(file, battle, &data, &c, turn) {
                                Ok(k) => opts.fast_forward = k,
                                Err(e) => return fail(e.into()),
                            }
                        }
                        opts.playback = Some(c);
                    }
                    Err(e) => return fail(e.into()),
                }
            }
            Outcome::Play {
                path: path.to_path_buf(),
                data_dir,
                scenario: Box::new(scenario),
                data: Box::new(data),
                opts: Box::new(opts),
            }
        }
        Err(e) => fail(e),
    }
}
