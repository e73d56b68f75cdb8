//! The few file habits every writer and reader here shares: atomic durable writes, versioned
//! JSON files refused with a located message, folder listings, and finding shipped files.

use crate::load::diag::{Diagnostic, Source};
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through a temporary file beside it, made durable (fsync) before
/// a rename puts it in place: a crash never leaves a half-written file, and the previous
/// file stays whole until the new one is complete.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let tmp = path.with_file_name(name);
    let written = std::fs::write(&tmp, bytes)
        .and_then(|_| std::fs::File::open(&tmp)?.sync_all())
        .and_then(|_| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Reads a JSON file that says what it is (`"format": format`) and which layout it uses
/// (`"version": version`). A file of another kind or version, or a damaged one, is refused
/// with a message naming the file (and line and column where the damage is).
pub fn read_versioned_json<T: DeserializeOwned>(
    path: &Path,
    format: &str,
    version: u32,
    what: &str,
) -> Result<T, Diagnostic> {
    parse_versioned_json(&Source::read(path)?, format, version, what)
}

/// [`read_versioned_json`] on text already read.
pub fn parse_versioned_json<T: DeserializeOwned>(
    src: &Source,
    format: &str,
    version: u32,
    what: &str,
) -> Result<T, Diagnostic> {
    let at_src = |message: String| src.error_line_col(1, 1, message);
    let damaged = |e: serde_json::Error| {
        src.error_line_col(e.line().max(1), e.column().max(1), format!("damaged {what} file: {e}"))
    };
    // Look at the version first so that a newer layout gets a version message, not a field error.
    let header: serde_json::Value = serde_json::from_str(&src.text).map_err(damaged)?;
    if header.get("format").and_then(|f| f.as_str()) != Some(format) {
        return Err(at_src(format!(
            "not a skirmish {what} file (expected \"format\": \"{format}\")"
        )));
    }
    match header.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == version as u64 => {}
        Some(v) => {
            return Err(at_src(format!(
                "{what} is version {v}; this skirmish reads version {version} only"
            )));
        }
        None => return Err(at_src(format!("{what} has no version number"))),
    }
    serde_json::from_str(&src.text).map_err(damaged)
}

/// The scenarios of a folder: its `.toml` files but campaigns (see
/// [`crate::load::campaign::is_campaign`]), sorted.
pub fn list_scenarios(dir: &Path) -> Vec<PathBuf> {
    let mut v = list_files(dir, "toml");
    v.retain(|p| !crate::load::campaign::is_campaign(p));
    v
}

/// The files in `dir` whose extension is `ext`, sorted (an unreadable folder has none).
pub fn list_files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}
