//! The data crate's loaders ([`skirmish_data::load`]) as this game uses them: it ships the
//! standard behaviours only ([`Registry::standard`], the six built-ins and `support`), so
//! its data folders and `profiles.toml` files are read against that registry. A game with
//! behaviours of its own calls [`skirmish_data::load`] with its own registry instead.

pub use skirmish_data::load::*;

use skirmish_core::ai::registry::Registry;

/// The behaviours this game knows: [`Registry::standard`].
pub fn registry() -> Registry {
    Registry::standard()
}

/// [`skirmish_data::load::data`] with this game's registry.
pub mod data {
    pub use skirmish_data::load::data::*;
    use skirmish_data::load::diag::Diagnostics;
    use std::path::Path;

    /// [`skirmish_data::load::data::load`] with the standard behaviours.
    pub fn load(dir: &Path) -> Result<DataSet, Diagnostics> {
        skirmish_data::load::data::load(dir, &super::registry())
    }

    /// [`skirmish_data::load::data::load_parts`] with the standard behaviours.
    pub fn load_parts(dir: &Path) -> (DataParts, Diagnostics) {
        skirmish_data::load::data::load_parts(dir, &super::registry())
    }
}

/// [`skirmish_data::load::profiles`] with this game's registry.
pub mod profiles {
    use skirmish_data::load::diag::{Diagnostics, Source};
    pub use skirmish_data::load::profiles::*;

    /// [`skirmish_data::load::profiles::parse`] with the standard behaviours.
    pub fn parse(src: &Source) -> Result<Profiles, Diagnostics> {
        skirmish_data::load::profiles::parse(src, &super::registry())
    }

    /// [`skirmish_data::load::profiles::parse_lenient`] with the standard behaviours.
    pub fn parse_lenient(src: &Source) -> (Profiles, Vec<String>, Diagnostics) {
        skirmish_data::load::profiles::parse_lenient(src, &super::registry())
    }
}

/// [`skirmish_data::load::expect`] with this game's registry.
pub mod expect {
    use skirmish_data::load::diag::Diagnostics;
    pub use skirmish_data::load::expect::*;
    use std::path::Path;

    /// [`skirmish_data::load::expect::load`] with the standard behaviours.
    pub fn load(path: &Path, data_override: Option<&Path>, default_data: &Path) -> Result<ExpectFile, Diagnostics> {
        skirmish_data::load::expect::load(path, data_override, default_data, &super::registry())
    }
}
