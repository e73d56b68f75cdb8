//! `skirmish campaign FILE`: a campaign headless (`--simulate`) or in the game.

use super::{fail, load_scenario_at, ok, usage};
use crate::ai::player::Player;
use crate::cli::Outcome;
use crate::load::campaign;
use crate::play::campaign::{Run, run};
use std::path::{Path, PathBuf};

/// What `skirmish campaign` was asked for.
pub(super) struct CampaignRun<'a> {
    /// `--simulate`: headless.
    pub simulate: bool,
    /// `--player` with its `--skill`.
    pub player: Player,
    /// `--seed`.
    pub seed: u64,
    /// `--turns`.
    pub turns: u32,
    /// `--casual`: no permadeath.
    pub casual: bool,
    /// `--json`.
    pub as_json: bool,
    /// `--difficulty`: every chapter at this level.
    pub level: Option<&'a str>,
    /// `--replays DIR`: each chapter's replay written there.
    pub replays: Option<&'a Path>,
}

pub(super) fn campaign_cmd(file: &Path, data_override: Option<PathBuf>, r: &CampaignRun<'_>) -> Outcome {
    let c = match campaign::load(file) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    if !r.simulate {
        return usage(format!(
            "skirmish campaign {}: add --simulate to play it headless; in the game, start it from the title screen (skirmish)\n",
            file.display()
        ));
    }
    let settings = Run {
        player: r.player,
        seed: r.seed,
        turns: r.turns,
        permadeath: c.permadeath && !r.casual,
    };
    let report = run(&c, settings, |k| {
        load_scenario_at(&c.chapters[k].scenario, data_override.clone(), r.level).map(|(s, d, _)| (s, d))
    });
    if let (Ok(report), Some(dir)) = (&report, r.replays) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return fail(
                crate::load::diag::Diagnostic::whole_file(dir, format!("cannot create the folder: {e}")).into(),
            );
        }
        for c in &report.chapters {
            let file = dir.join(format!("chapter-{}.replay", c.number));
            if let Err(e) = crate::io::replay::write(&file, &c.replay) {
                return fail(e.into());
            }
        }
    }
    match report {
        Ok(report) if r.as_json => ok(format!("{}\n", report.to_json(c.chapters.len()))),
        Ok(report) => ok(report.to_text(c.chapters.len())),
        Err(e) => fail(e),
    }
}
