//! The battle screen: the game's `GameState` behind the [`Screen`] trait, unchanged inside.
//! The adapter adds two hooks: a finished battle's outcome (kept in the records), and
//! leaving to the menus when the player quits a battle opened from the title.

use super::{Launch, Screen, Switch, World};
use crate::game::assets::Assets;
use crate::game::records::{Records, Result as Outcome};
use crate::game::script::Token;
use crate::game::settings::{AnimSpeed, Settings};
use crate::game::state::{Files, GameState, Options};
use crate::rules::Battle;
use crate::search::grid::Team;
use ggez::event::EventHandler;
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::MouseButton;
use ggez::{Context, GameResult};
use std::cell::Cell;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::rc::Rc;

/// What a scripted run hands to the first battle it opens.
#[derive(Default)]
pub struct Scripted {
    /// Tokens still to play.
    pub script: VecDeque<Token>,
    /// `--screenshot`.
    pub screenshot: Option<PathBuf>,
    /// `--frames`.
    pub frames: Option<u32>,
}

/// A battle on the screen stack.
pub struct BattleScreen {
    game: GameState,
    /// Quitting goes back to the menus (opened from the title), not out of the game.
    leaves: bool,
    /// A scripted run's screenshot or frame count ends the game when done.
    harnessed: bool,
    /// The records' key of this battle.
    key: String,
    /// The outcome was kept already.
    noted: bool,
    title: String,
}

/// The outcome of a finished battle for the records; `None` while it goes on.
pub fn outcome(b: &Battle) -> Option<Outcome> {
    let (winner, _) = b.ended()?;
    Some(Outcome {
        won: winner == Team::Player,
        turns: b.turn(),
        survivors: b.living(Team::Player).count() as u32,
        units: b.units().iter().filter(|u| u.team == Team::Player).count() as u32,
    })
}

/// The settings the battle already has a switch for, put onto it.
fn wire(game: &mut GameState, s: &Settings) {
    game.notes = s.ai_notes;
    game.fast = s.animation == AnimSpeed::Fast;
}

impl BattleScreen {
    /// A battle the command line opened directly (`skirmish play FILE`): quitting it ends the game.
    pub fn direct(mut game: GameState, world: &World, key: String) -> BattleScreen {
        wire(&mut game, &world.settings);
        let title = crate::game::hud::text::window_title(&game.scenario_name());
        BattleScreen {
            game,
            leaves: false,
            harnessed: true,
            key,
            noted: false,
            title,
        }
    }

    /// Loads `launch` and opens its battle from the menus.
    pub fn open(
        ctx: &Context,
        world: &World,
        assets: &Assets,
        launch: &Launch,
        scripted: Scripted,
        exit: Rc<Cell<i32>>,
    ) -> Result<BattleScreen, String> {
        let (mut scenario, mut data, data_dir) =
            crate::cli::load_scenario(&launch.path, world.data_override.clone()).map_err(|e| e.to_string())?;
        if let Some(level) = &launch.difficulty {
            crate::game::difficulty::apply(&mut scenario, &mut data, level).map_err(|e| e.to_string())?;
            // The top band shows the scenario's name: the level goes with it.
            scenario.name = format!("{} ({level})", scenario.name);
        }
        let harnessed = scripted.screenshot.is_some() || scripted.frames.is_some();
        let opts = Options {
            script: scripted.script,
            screenshot: scripted.screenshot,
            fps: std::env::var("SKIRMISH_FPS").is_ok_and(|v| v == "1"),
            files: Files {
                scenario: launch.path.clone(),
                data_dir,
                save: world.save_file.clone(),
                record: world.record_file.clone(),
                data_given: world.data_override.is_some(),
            },
            resume: None,
            frames: scripted.frames,
            playback: VecDeque::new(),
            fast_forward: 0,
        };
        let mut game = GameState::new(ctx, scenario, data, assets.clone(), opts, exit);
        wire(&mut game, &world.settings);
        let title = crate::game::hud::text::window_title(&game.scenario_name());
        Ok(BattleScreen {
            game,
            leaves: true,
            harnessed,
            key: Records::key(&launch.path, launch.difficulty.as_deref()),
            noted: false,
            title,
        })
    }
}

impl Screen for BattleScreen {
    fn update(&mut self, ctx: &mut Context, world: &mut World) -> GameResult<Switch> {
        self.game.update(ctx)?;
        // Hook: a finished battle's outcome goes into the records once.
        match outcome(self.game.session.battle()) {
            Some(r) if !self.noted => {
                self.noted = true;
                world.note_result(self.key.clone(), r);
            }
            // Played again (R): the next ending counts too.
            None => self.noted = false,
            _ => {}
        }
        // Hook: the player agreed to quit a battle opened from the menus: back to them.
        if self.leaves && !self.harnessed && ctx.fields.quit_requested {
            ctx.fields.quit_requested = false;
            return Ok(Switch::Pop);
        }
        Ok(Switch::None)
    }

    fn draw(&mut self, ctx: &mut Context, _world: &World) -> GameResult {
        self.game.draw(ctx)
    }

    fn key_down(&mut self, ctx: &mut Context, _w: &mut World, input: KeyInput, repeated: bool) -> GameResult<Switch> {
        self.game.key_down_event(ctx, input, repeated)?;
        Ok(Switch::None)
    }

    fn key_up(&mut self, ctx: &mut Context, input: KeyInput) -> GameResult {
        self.game.key_up_event(ctx, input)
    }

    fn mouse_motion(&mut self, ctx: &mut Context, x: f32, y: f32, dx: f32, dy: f32) -> GameResult {
        self.game.mouse_motion_event(ctx, x, y, dx, dy)
    }

    fn mouse_down(&mut self, ctx: &mut Context, _w: &mut World, b: MouseButton, x: f32, y: f32) -> GameResult<Switch> {
        self.game.mouse_button_down_event(ctx, b, x, y)?;
        Ok(Switch::None)
    }

    fn mouse_wheel(&mut self, ctx: &mut Context, x: f32, y: f32) -> GameResult {
        self.game.mouse_wheel_event(ctx, x, y)
    }

    fn resize(&mut self, ctx: &mut Context, w: f32, h: f32) -> GameResult {
        self.game.resize_event(ctx, w, h)
    }

    fn is_battle(&self) -> bool {
        true
    }

    fn window_title(&self) -> String {
        self.title.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Command;

    #[test]
    fn the_outcome_of_a_lost_battle_is_kept() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/sample.toml");
        let (s, d, _) = crate::cli::load_scenario(&path, None).unwrap();
        let mut b = Battle::new(&s, &d);
        assert_eq!(outcome(&b), None, "still going");
        // Ending every player phase at once loses the sample battle sooner or later.
        let mut ai = crate::ai::Ai::new(d.profiles.clone());
        while b.ended().is_none() && b.turn() < 200 {
            crate::play::replay::run(&mut b, &mut ai, &[Command::EndPhase]).unwrap();
        }
        let r = outcome(&b).expect("the battle ended");
        assert!(!r.won);
        assert_eq!(r.turns, b.turn());
        assert!(r.survivors < r.units);
    }
}
