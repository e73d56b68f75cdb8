//! A plain ggez loop — clear the window and present, nothing else — timed the same way as
//! `skirmish --frames N`, so the game's frame rate can be read against what the machine
//! gives an empty window: `cargo run --release --example plain_loop -- 2000`.

use ggez::conf::{Backend, WindowMode, WindowSetup};
use ggez::event::{self, EventHandler};
use ggez::graphics::{Canvas, Color};
use ggez::{Context, ContextBuilder, GameResult};
use std::time::Instant;

struct Plain {
    left: u32,
    total: u32,
    started: Option<Instant>,
}

impl EventHandler for Plain {
    fn update(&mut self, ctx: &mut Context) -> GameResult {
        let started = *self.started.get_or_insert_with(Instant::now);
        if self.left > 0 {
            self.left -= 1;
        } else if self.total > 0 {
            let secs = started.elapsed().as_secs_f64();
            println!(
                "{} frames of an empty window in {secs:.2} s: {:.1} fps",
                self.total,
                self.total as f64 / secs
            );
            self.total = 0; // report once: ggez may run another update before quitting
            ctx.request_quit();
        }
        Ok(())
    }

    fn draw(&mut self, ctx: &mut Context) -> GameResult {
        let canvas = Canvas::from_frame(ctx, Color::from_rgb(30, 30, 40));
        canvas.finish(ctx)
    }
}

fn main() -> GameResult {
    let frames = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    // Vulkan is the backend that renders under Xvfb, as the game uses for --frames.
    let backend = if std::env::var("SKIRMISH_BACKEND").is_ok_and(|b| b == "all") {
        Backend::All
    } else {
        Backend::Vulkan
    };
    let (ctx, events) = ContextBuilder::new("plain_loop", "skirmish")
        .with_conf_file(false)
        .window_setup(WindowSetup::default().title("plain loop").vsync(false))
        .window_mode(WindowMode::default().dimensions(640.0, 480.0))
        .backend(backend)
        .build()?;
    event::run(
        ctx,
        events,
        Plain {
            left: frames,
            total: frames,
            started: None,
        },
    )
}
