//! The game's own enemy behaviours, written against the engine's public
//! [`AiBehavior`](crate::ai::AiBehavior) trait exactly as any game on `skirmish-core` would
//! write one, and registered by name with [`register`] before data is loaded.

pub mod support;

/// Registers this game's behaviours (`support`) in the engine's registry; calling it again
/// changes nothing.
pub fn register() {
    // The name is ours and well formed: registering cannot be refused.
    let _ = crate::ai::registry::register("support", &[], |_| support::Support);
}
