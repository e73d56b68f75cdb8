//! Running the game by script: `--input` tokens, `--replay` playback at viewing speed,
//! `--screenshot` once everything settled, and `--frames` counts.

use super::*;

/// The `--screenshot` request in progress.
pub(in crate::game) struct Shot {
    pub(in crate::game) path: PathBuf,
    pub(super) settled: u32,
    pub(super) started: Instant,
}

/// The frame counter of `--frames`.
pub(super) struct FrameCount {
    pub(super) left: u32,
    pub(super) total: u32,
    pub(super) started: Option<Instant>,
}

/// Writes the window's last frame to a PNG.
pub(in crate::game) fn save_frame(ctx: &Context, path: &std::path::Path) -> Result<(), String> {
    let frame = ctx.gfx.frame();
    let (w, h) = (frame.width(), frame.height());
    let mut px = frame
        .to_pixels(ctx)
        .map_err(|e| format!("cannot read the frame: {e}"))?;
    // The window surface is BGRA; PNG wants RGBA.
    if matches!(
        frame.format(),
        ggez::graphics::ImageFormat::Bgra8Unorm | ggez::graphics::ImageFormat::Bgra8UnormSrgb
    ) {
        for p in px.chunks_exact_mut(4) {
            p.swap(0, 2);
        }
    }
    image::save_buffer_with_format(
        path,
        &px,
        w,
        h,
        image::ExtendedColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .map_err(|e| e.to_string())
}

/// Frames drawn after everything settled before the screenshot is taken.
pub(super) const SETTLE_FRAMES: u32 = 5;

/// A screenshot run that has not settled after this long has gone wrong.
pub(super) const SHOT_TIMEOUT_SECS: u64 = 300;

/// Seconds between two played-back commands (`--replay`).
pub(super) const PLAYBACK_SECS: f32 = 0.35;

/// Seconds between scripted tokens (once nothing is animating).
pub(super) const TOKEN_SECS: f32 = 0.15;

impl GameState {
    /// Saves the last drawn frame once everything settled; quits when done.
    pub(super) fn screenshot(&mut self, ctx: &mut Context) {
        // `Snap` next in the script: the banner showing now, in its middle.
        let banner = matches!(
            self.anims.current(),
            Some(a) if matches!(a.kind, Kind::Banner { .. } | Kind::LevelUp { .. }) && a.progress() >= 0.4
        );
        let level_up = matches!(
            self.anims.current(),
            Some(a) if matches!(a.kind, Kind::LevelUp { .. }) && a.progress() >= 0.4
        );
        let snap = (self.script.front() == Some(&Token::Snap) && banner)
            || (self.script.front() == Some(&Token::SnapLevelUp) && level_up);
        if snap && let Some(shot) = &mut self.shot {
            shot.settled = SETTLE_FRAMES;
        }
        // `SnapHit`: a number is rising; it must have been drawn for a few frames (the frame
        // read back is an older one), so it counts frames like settling does.
        let number = self.snap_hit && !self.floaters.is_empty();
        let settled = snap || number || (self.accepts_input() && self.camera.settled());
        let Some(shot) = &mut self.shot else { return };
        if shot.started.elapsed().as_secs() > SHOT_TIMEOUT_SECS {
            eprintln!("--screenshot: the game did not settle within {SHOT_TIMEOUT_SECS} s; giving up");
            self.exit.set(1);
            ctx.request_quit();
            return;
        }
        shot.settled = if settled { shot.settled + 1 } else { 0 };
        if shot.settled < SETTLE_FRAMES {
            return;
        }
        let path = shot.path.clone();
        self.shot = None;
        match save_frame(ctx, &path) {
            Ok(()) => {
                eprintln!("saved {}", path.display());
                self.exit.set(0);
            }
            Err(e) => {
                eprintln!("--screenshot {}: {e}", path.display());
                self.exit.set(1);
            }
        }
        ctx.request_quit();
    }

    /// `--frames N`: times N frames from the first one drawn, prints the rate and quits.
    pub(super) fn count_frame(&mut self, ctx: &mut Context) {
        let Some(fc) = &mut self.frame_count else { return };
        let started = *fc.started.get_or_insert_with(Instant::now);
        if fc.left > 0 {
            fc.left -= 1;
            return;
        }
        let secs = started.elapsed().as_secs_f64();
        let (w, h) = (
            self.session.battle().map().width(),
            self.session.battle().map().height(),
        );
        println!(
            "{} frames of {} ({w}x{h} map, {:.0}x{:.0} window) in {secs:.2} s: {:.1} fps",
            fc.total,
            self.scenario.name,
            self.layout.w,
            self.layout.h,
            fc.total as f64 / secs.max(1e-9)
        );
        self.frame_count = None;
        ctx.request_quit();
    }

    /// `--replay`: the next recorded command, once the previous one has been shown.
    pub(super) fn play_back(&mut self, dt: f32) {
        if !matches!(self.session.phase(), Phase::Select | Phase::Action { .. }) {
            if matches!(self.session.phase(), Phase::Over { .. }) {
                self.playback.clear();
            }
            return;
        }
        self.playback_wait -= dt;
        if self.playback_wait > 0.0 {
            return;
        }
        self.playback_wait = PLAYBACK_SECS;
        if let Some(c) = self.playback.pop_front() {
            if let Err(e) = self.session.perform(c) {
                self.playback.clear();
                self.say(format!("replay stopped: {e}"));
            }
            self.absorb();
            if self.playback.is_empty() {
                self.say("end of the replay: your turn".into());
            }
        }
    }

    /// Plays one scripted token.
    pub(super) fn play(&mut self, t: Token) {
        if self.handover_shown().is_some() && !matches!(t, Token::Point(_) | Token::Wait | Token::Snap | Token::SnapHit)
        {
            // As a key does, the token shows the board to the next person.
            self.handover = None;
            return;
        }
        if self.summary_shown() && !matches!(t, Token::Point(_) | Token::Wait | Token::Snap | Token::SnapHit) {
            // As a key does, the token closes the summary.
            self.dismiss_summary();
            return;
        }
        match t {
            Token::Cursor(d) => self.apply(Intent::Cursor(d)),
            Token::Confirm => {
                self.apply(Intent::Confirm);
                self.apply(Intent::Release);
            }
            Token::Cancel => self.apply(Intent::Cancel),
            Token::EndTurn => self.apply(Intent::EndTurn),
            Token::Undo => self.apply(Intent::Undo),
            Token::Next => self.apply(Intent::NextUnit),
            Token::Danger => self.session.set_show_danger(!self.session.show_danger()),
            Token::Wait | Token::Snap | Token::SnapLevelUp => {}
            Token::SnapHit => self.snap_hit = true,
            Token::Menu => self.menu_open = !self.menu_open,
            Token::History => self.toggle_history(),
            Token::Save => self.save(),
            Token::Load => self.apply(Intent::Request(crate::play::phase::Ask::Load)),
            Token::Reload => self.reload(),
            Token::Click(p) => self.click_cell(p),
            Token::Point(p) => self.apply(Intent::Point(p)),
            Token::Yes => self.apply(Intent::Yes),
            Token::No => self.apply(Intent::No),
            Token::NextEnemy => self.apply(Intent::NextEnemy),
            Token::Zoom(out) => self.zoom(out),
            Token::Restart => self.apply(Intent::Request(crate::play::phase::Ask::Restart)),
            Token::Scenario(step) => self.apply(Intent::Request(crate::play::phase::Ask::Scenario(step))),
            Token::Press(b) => {
                // A click on its middle, through the same hit test as the mouse.
                match self.buttons_now().into_iter().find(|p| p.button == b && p.enabled) {
                    Some(p) => {
                        let z = self.layout.zoom;
                        self.left_click((p.rect.x + p.rect.w / 2.0) * z, (p.rect.y + p.rect.h / 2.0) * z);
                    }
                    None => self.say(format!("Press:{}: that button is off or not on screen now", b.name())),
                }
            }
        }
    }
}
