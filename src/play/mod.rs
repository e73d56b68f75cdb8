//! Headless drivers: whole battles played through the rules core.

pub mod simulate;
