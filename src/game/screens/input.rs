//! Every input method of ggez's `EventHandler` as one value, so the screen stack forwards
//! them all through one path ([`super::App::forward`]): a screen that a kind of input never
//! reached once glued the map to the pointer (a right or middle click's release was not
//! forwarded, so a pan never ended).

use crate::game::controls::{PadAxis, PadButton};
use ggez::event::EventHandler;
use ggez::input::keyboard::KeyInput;
use ggez::winit::event::{MouseButton, TouchPhase};
use ggez::{Context, GameResult};

/// One input the window got.
#[derive(Debug, Clone)]
pub enum Input {
    /// A key went down (`repeated`: held down).
    KeyDown {
        /// The key.
        input: KeyInput,
        /// True for the keyboard's repeat.
        repeated: bool,
    },
    /// A key went up.
    KeyUp(KeyInput),
    /// A mouse button went down at window pixel (`x`, `y`).
    MouseDown {
        /// The button.
        button: MouseButton,
        /// Window pixels.
        x: f32,
        /// Window pixels.
        y: f32,
    },
    /// A mouse button went up.
    MouseUp {
        /// The button.
        button: MouseButton,
        /// Window pixels.
        x: f32,
        /// Window pixels.
        y: f32,
    },
    /// The pointer moved to (`x`, `y`) by (`dx`, `dy`).
    MouseMotion {
        /// Window pixels.
        x: f32,
        /// Window pixels.
        y: f32,
        /// The move.
        dx: f32,
        /// The move.
        dy: f32,
    },
    /// The mouse moved, unaccelerated (the device's own numbers).
    RawMouseMotion {
        /// The move.
        dx: f64,
        /// The move.
        dy: f64,
    },
    /// The pointer entered (true) or left the window.
    MouseEnterOrLeave(bool),
    /// The wheel turned.
    Wheel {
        /// Sideways.
        x: f32,
        /// Up (positive) or down.
        y: f32,
    },
    /// A finger on a touch screen.
    Touch {
        /// Down, moved, up.
        phase: TouchPhase,
        /// Window pixels.
        x: f64,
        /// Window pixels.
        y: f64,
    },
    /// The window gained (true) or lost the focus.
    Focus(bool),
    /// A gamepad button went down (any pad: the game has one player at the pads).
    PadDown(PadButton),
    /// A gamepad button went up.
    PadUp(PadButton),
    /// A gamepad axis moved to `value` (-1 to 1); the stack turns the stick into d-pad
    /// presses ([`crate::game::controls::Stick`]) before a screen sees it.
    #[cfg_attr(
        not(any(feature = "gamepad", test)),
        expect(dead_code, reason = "only ggez's gamepad events (feature `gamepad`) make it")
    )]
    PadAxis {
        /// Which axis.
        axis: PadAxis,
        /// Where it is.
        value: f32,
    },
}

impl Input {
    /// Hands the input to `h` through the method it came from (the battle screen passes
    /// everything on to the battle's own handler this way; it takes the pad's inputs
    /// itself, so here they do nothing).
    pub fn deliver(self, h: &mut impl EventHandler, ctx: &mut Context) -> GameResult {
        match self {
            Input::KeyDown { input, repeated } => h.key_down_event(ctx, input, repeated),
            Input::KeyUp(input) => h.key_up_event(ctx, input),
            Input::MouseDown { button, x, y } => h.mouse_button_down_event(ctx, button, x, y),
            Input::MouseUp { button, x, y } => h.mouse_button_up_event(ctx, button, x, y),
            Input::MouseMotion { x, y, dx, dy } => h.mouse_motion_event(ctx, x, y, dx, dy),
            Input::RawMouseMotion { dx, dy } => h.raw_mouse_motion_event(ctx, dx, dy),
            Input::MouseEnterOrLeave(entered) => h.mouse_enter_or_leave(ctx, entered),
            Input::Wheel { x, y } => h.mouse_wheel_event(ctx, x, y),
            Input::Touch { phase, x, y } => h.touch_event(ctx, phase, x, y),
            Input::Focus(gained) => h.focus_event(ctx, gained),
            Input::PadDown(_) | Input::PadUp(_) | Input::PadAxis { .. } => Ok(()),
        }
    }

    /// The mouse inputs a touch stands for, as ggez's own default turns them (a finger is
    /// the left button); `None` for a touch that only moves (the pointer follows it).
    pub fn touch_as_mouse(phase: TouchPhase, x: f64, y: f64) -> Option<Input> {
        let (x, y) = (x as f32, y as f32);
        let button = MouseButton::Left;
        match phase {
            TouchPhase::Started => Some(Input::MouseDown { button, x, y }),
            TouchPhase::Moved => None,
            TouchPhase::Ended | TouchPhase::Cancelled => Some(Input::MouseUp { button, x, y }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `EventHandler` method this input comes through.
    fn method(i: &Input) -> &'static str {
        match i {
            Input::KeyDown { .. } => "key_down_event",
            Input::KeyUp(_) => "key_up_event",
            Input::MouseDown { .. } => "mouse_button_down_event",
            Input::MouseUp { .. } => "mouse_button_up_event",
            Input::MouseMotion { .. } => "mouse_motion_event",
            Input::RawMouseMotion { .. } => "raw_mouse_motion_event",
            Input::MouseEnterOrLeave(_) => "mouse_enter_or_leave",
            Input::Wheel { .. } => "mouse_wheel_event",
            Input::Touch { .. } => "touch_event",
            Input::Focus(_) => "focus_event",
            Input::PadDown(_) => "gamepad_button_down_event",
            Input::PadUp(_) => "gamepad_button_up_event",
            Input::PadAxis { .. } => "gamepad_axis_event",
        }
    }

    /// One input of each kind (a kind added to [`Input`] must be named by
    /// [`method`], whose match lists them all).
    fn one_of_each() -> Vec<Input> {
        let button = MouseButton::Right;
        vec![
            Input::MouseDown { button, x: 1.0, y: 2.0 },
            Input::MouseUp { button, x: 1.0, y: 2.0 },
            Input::MouseMotion {
                x: 1.0,
                y: 2.0,
                dx: 1.0,
                dy: 0.0,
            },
            Input::RawMouseMotion { dx: 1.0, dy: 0.0 },
            Input::MouseEnterOrLeave(true),
            Input::Wheel { x: 0.0, y: 1.0 },
            Input::Touch {
                phase: TouchPhase::Started,
                x: 1.0,
                y: 2.0,
            },
            Input::Focus(false),
            Input::PadDown(PadButton::South),
            Input::PadUp(PadButton::South),
            Input::PadAxis {
                axis: PadAxis::LeftStickX,
                value: 1.0,
            },
        ]
    }

    /// The body of `fn name(` inside `block` (up to the next `fn `), if there is one.
    fn body<'a>(block: &'a str, name: &str) -> Option<&'a str> {
        let start = block.find(&format!("fn {name}("))?;
        let rest = &block[start + 3..];
        Some(&rest[..rest.find("\n    fn ").unwrap_or(rest.len())])
    }

    /// Issue 33: the title's battles never got a mouse button's release (the screen stack
    /// did not forward `mouse_button_up_event`), so a right-drag pan never ended. Every
    /// input method of ggez's `EventHandler` is implemented by the stack and goes through
    /// its one forwarding path; and every input method ggez has is one of ours.
    #[test]
    fn the_screen_stack_forwards_every_input_method() {
        let source = include_str!("mod.rs");
        let start = source.find("impl EventHandler for App").expect("the stack's handler");
        let block = &source[start..];
        let block = &block[..block.find("\n}\n").unwrap_or(block.len())];
        // Keys cannot be built outside ggez, so they are named here by hand.
        let mut methods: Vec<&str> = one_of_each().iter().map(method).collect();
        methods.extend(["key_down_event", "key_up_event"]);
        for m in &methods {
            let b = body(block, m).unwrap_or_else(|| panic!("the screen stack does not forward `{m}`"));
            assert!(
                b.contains("self.forward(ctx, Input::"),
                "`{m}` does not go through the one forwarding path:\n{b}"
            );
        }
        // Every input method of the ggez in use (its source, as cargo unpacked it).
        let ggez = ggez_event_source();
        let trait_start = ggez.find("pub trait EventHandler").expect("ggez's EventHandler");
        let not_input = ["update", "draw", "quit_event", "resize_event", "on_error"];
        let mut missing = Vec::new();
        for line in ggez[trait_start..].lines() {
            let line = line.trim();
            // The trait ends before the next `impl`.
            if line.starts_with("impl") {
                break;
            }
            if let Some(rest) = line.strip_prefix("fn ") {
                let name = &rest[..rest.find('(').unwrap_or(rest.len())];
                if !not_input.contains(&name) && !methods.contains(&name) {
                    missing.push(name.to_string());
                }
            }
        }
        assert!(missing.is_empty(), "ggez input methods with no Input kind: {missing:?}");
    }

    /// ggez's `event.rs` as cargo unpacked it (`CARGO_HOME`, else `~/.cargo`).
    fn ggez_event_source() -> String {
        let home = std::env::var_os("CARGO_HOME")
            .map(std::path::PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".cargo")))
            .expect("CARGO_HOME or HOME");
        let registry = home.join("registry/src");
        for index in std::fs::read_dir(&registry)
            .expect("cargo's registry sources")
            .flatten()
        {
            let f = index.path().join("ggez-0.10.0/src/event.rs");
            if let Ok(text) = std::fs::read_to_string(&f) {
                return text;
            }
        }
        panic!("ggez 0.10.0's source is not under {}", registry.display());
    }

    #[test]
    fn a_touch_is_the_left_button() {
        assert!(matches!(
            Input::touch_as_mouse(TouchPhase::Ended, 3.0, 4.0),
            Some(Input::MouseUp {
                button: MouseButton::Left,
                x: 3.0,
                y: 4.0
            })
        ));
        assert!(Input::touch_as_mouse(TouchPhase::Moved, 3.0, 4.0).is_none());
    }
}
