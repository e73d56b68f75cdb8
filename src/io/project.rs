//! Where the shipped files are: the current folder, else the source tree the binary was built from.

use std::path::{Path, PathBuf};

/// `rel` in the current folder when it exists there, else in the source tree the binary was
/// built from (so `cargo run` and a copied binary both find the shipped files).
pub fn current_or_built(rel: &str) -> PathBuf {
    let here = PathBuf::from(rel);
    if here.exists() {
        return here;
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    if built.exists() { built } else { here }
}
