//! A plain ggez loop — clear the window and present, nothing else — timed the same way as
//! `skirmish --frames N`, so the game's frame rate can be read against what the machine
//! gives an empty window: `cargo run --release --example plain_loop -- 2000 [WIDTH HEIGHT]`
//! (default 1280×800, the size the game opens at).

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
                "{} frames of an empty {:.0}x{:.0} window in {secs:.2} s: {:.1} fps",
                self.total,
                ctx.gfx.drawable_size().0,
                ctx.gfx.drawable_size().1,
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
    let arg = |i: usize, default: u32| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let frames = arg(1, 1000);
    let (w, h) = (arg(2, 1280) as f32, arg(3, 800) as f32);
    // Vulkan is the backend that renders under Xvfb, as the game uses for --frames.
    let backend = if std::env::var("SKIRMISH_BACKEND").is_ok_and(|b| b == "all") {
        Backend::All
    } else {
        Backend::Vulkan
    };
    let (ctx, events) = ContextBuilder::new("plain_loop", "skirmish")
        .with_conf_file(false)
        .window_setup(WindowSetup::default().title("plain loop").vsync(false))
        .window_mode(WindowMode::default().dimensions(w, h))
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
