//! The data crate's loaders ([`skirmish_data::load`]), as this game uses them: reading a data
//! folder or a `profiles.toml` first registers the game's own behaviours
//! ([`crate::behaviors::register`]), as a game on the engine does before it loads its data, so
//! `behavior = "support"` loads wherever this crate reads profiles.

pub use skirmish_data::load::*;

/// [`skirmish_data::load::data`], registering this game's behaviours first.
pub mod data {
    pub use skirmish_data::load::data::*;
    use skirmish_data::load::diag::Diagnostics;
    use std::path::Path;

    /// [`skirmish_data::load::data::load`] with this game's behaviours known.
    pub fn load(dir: &Path) -> Result<DataSet, Diagnostics> {
        crate::behaviors::register();
        skirmish_data::load::data::load(dir)
    }

    /// [`skirmish_data::load::data::load_parts`] with this game's behaviours known.
    pub fn load_parts(dir: &Path) -> (DataParts, Diagnostics) {
        crate::behaviors::register();
        skirmish_data::load::data::load_parts(dir)
    }
}

/// [`skirmish_data::load::profiles`], registering this game's behaviours first.
pub mod profiles {
    use skirmish_data::load::diag::{Diagnostics, Source};
    pub use skirmish_data::load::profiles::*;

    /// [`skirmish_data::load::profiles::parse`] with this game's behaviours known.
    pub fn parse(src: &Source) -> Result<Profiles, Diagnostics> {
        crate::behaviors::register();
        skirmish_data::load::profiles::parse(src)
    }

    /// [`skirmish_data::load::profiles::parse_lenient`] with this game's behaviours known.
    pub fn parse_lenient(src: &Source) -> (Profiles, Vec<String>, Diagnostics) {
        crate::behaviors::register();
        skirmish_data::load::profiles::parse_lenient(src)
    }
}
