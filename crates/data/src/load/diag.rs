//! Diagnostics: every load or validation error names `path:line:col` and says what was expected.

use std::fmt;
use std::ops::Range;

/// One problem found in an input file, located by 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the user named it (relative paths stay relative).
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub col: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.path, self.line, self.col, self.message)
    }
}

impl Diagnostic {
    /// A problem with a file as a whole (it cannot be read, it does not fit): line 1, column 1.
    pub fn whole_file(path: &std::path::Path, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            path: display_path(path),
            line: 1,
            col: 1,
            message: message.into(),
        }
    }
}

/// Every problem found in one run, in the order found. Never empty when returned as an error.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// True when no problem was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds one problem.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Appends every problem of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// `Ok(value)` when nothing was recorded, otherwise the problems.
    pub fn into_result<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.is_empty() { Ok(value) } else { Err(self) }
    }

    /// The first message of the list, for tests and short reports.
    pub fn first(&self) -> Option<&Diagnostic> {
        self.0.first()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// Largest input file read, in bytes (64 MiB: well above a 4096×4096 map as text, 16 MiB,
/// or as a Tiled CSV layer).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// A text file held in memory with its display path, able to turn byte offsets into line:col.
#[derive(Debug, Clone)]
pub struct Source {
    /// The path as shown in messages.
    pub path: String,
    /// The whole text.
    pub text: String,
}

impl Source {
    /// Wraps already-read text.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        Source {
            path: path.into(),
            text: text.into(),
        }
    }

    /// Reads a text file; every input file of the product is read here (or, for images and
    /// sounds, by [`read_bytes`], which applies the same refusals). A file that cannot be
    /// opened, is not a regular file (a folder, a device such as `/dev/zero`, a FIFO) or is
    /// larger than [`MAX_FILE_BYTES`] is a diagnostic at 1:1, found without reading it (so
    /// nothing blocks or fills memory).
    pub fn read(path: &std::path::Path) -> Result<Self, Diagnostic> {
        let bytes = read_bytes(path)?;
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Source::new(display_path(path), text)),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let src = Source::new(display_path(path), text);
                Err(src.error_at(at, "file is not valid UTF-8 text"))
            }
        }
    }

    /// 1-based (line, column) of a byte offset; offsets past the end point after the last character.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }

    /// A diagnostic at a byte offset.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        let (line, col) = self.line_col(offset);
        Diagnostic {
            path: self.path.clone(),
            line,
            col,
            message: message.into(),
        }
    }

    /// A diagnostic at the start of a byte span.
    pub fn error_span(&self, span: &Range<usize>, message: impl Into<String>) -> Diagnostic {
        self.error_at(span.start, message)
    }

    /// A diagnostic at a 1-based line and column given directly.
    pub fn error_line_col(&self, line: usize, col: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            path: self.path.clone(),
            line,
            col,
            message: message.into(),
        }
    }

    /// Parses TOML into `T`, turning a syntax or shape error into a located diagnostic.
    /// A missing key says which table lacks it (`[forest]: missing field `glyph``) and what
    /// the key looks like when it is a common one.
    pub fn parse_toml<T: serde::de::DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        toml::from_str(&self.text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            let mut message = tidy_toml_message(e.message());
            if let Some(key) = message
                .strip_prefix("missing field `")
                .and_then(|m| m.split('`').next())
                .map(str::to_string)
            {
                if let Some(hint) = field_hint(&key) {
                    message = format!("{message}: write {hint}");
                }
                // The table it is missing from, when the error points at its `[name]` header.
                let line = self.text[offset.min(self.text.len())..].lines().next().unwrap_or("");
                let header = line.split('#').next().unwrap_or("").trim();
                if header.starts_with('[') && !header.starts_with("[[") && header.ends_with(']') {
                    message = format!("{header}: {message}");
                }
            }
            self.error_at(offset, message)
        })
    }
}

/// What a required key looks like, for "missing field" messages.
fn field_hint(key: &str) -> Option<&'static str> {
    Some(match key {
        "name" => "name = \"...\" (a name unique within its file)",
        "team" => "team = \"player\" or \"enemy\"",
        "at" => "at = [x, y] (the unit's cell)",
        "map" => "map = \"file.txt\" (relative to this file)",
        "glyph" => "glyph = \"T\" (its one character in map files)",
        "behavior" => {
            "behavior = \"charger\", \"proximity\", \"guard_trigger\", \"pivot_leash\", \"keep_range\" or \"advance\""
        }
        "unit" => "unit = \"NAME\" (a unit of this file)",
        "turn" => "turn = N (the enemy phase it comes before, from 1)",
        "path" => "path = \"4433\" (direction digits: 1 up, 2 right, 3 down, 4 left)",
        _ => return None,
    })
}

/// Reads a file's bytes with the refusals of [`Source::read`]: not a regular file (a folder,
/// a device, a FIFO) or past [`MAX_FILE_BYTES`] is a diagnostic at 1:1, found before reading.
pub fn read_bytes(path: &std::path::Path) -> Result<Vec<u8>, Diagnostic> {
    use std::io::Read;
    let shown = display_path(path);
    let refuse = |message: String| Diagnostic {
        path: shown.clone(),
        line: 1,
        col: 1,
        message,
    };
    // `metadata` follows links and never opens the file: a FIFO would block on open.
    let meta = std::fs::metadata(path).map_err(|e| refuse(format!("cannot read file: {e}")))?;
    if meta.is_dir() {
        return Err(refuse("cannot read file: it is a folder, not a text file".into()));
    }
    if !meta.is_file() {
        return Err(refuse(
            "cannot read file: not a regular file (a device, FIFO or socket); expected a text file".into(),
        ));
    }
    let too_big = |size: u64| {
        refuse(format!(
            "cannot read file: {size} bytes is larger than the {} MiB limit ({MAX_FILE_BYTES} bytes)",
            MAX_FILE_BYTES >> 20
        ))
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        // Read one byte past the limit so that a file that grew since `metadata` is caught too.
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| refuse(format!("cannot read file: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Shows a path the way a user typed it, with `/` separators.
pub fn display_path(path: &std::path::Path) -> String {
    // `maps/../data/x.toml` reads better as `data/x.toml`: fold `dir/..` pairs (lexically;
    // the shown path is for people, the real one is still used to open the file).
    let mut parts: Vec<String> = Vec::new();
    for c in path.to_string_lossy().replace('\\', "/").split('/') {
        match c {
            "." if !parts.is_empty() => {}
            ".." if parts.last().is_some_and(|p| p != ".." && p != "." && !p.is_empty()) => {
                parts.pop();
            }
            _ => parts.push(c.to_string()),
        }
    }
    let s = parts.join("/");
    s.strip_prefix("./").map(str::to_string).unwrap_or(s)
}

/// The cells of a `width`×`height` map, in the one range notation of every message
/// (inclusive, as in `0..=23`): `x must be 0..=23, y 0..=11`.
///
/// ```
/// use skirmish_data::load::diag::cell_bounds;
/// assert_eq!(cell_bounds(24, 12), "x must be 0..=23, y 0..=11");
/// ```
pub fn cell_bounds(width: usize, height: usize) -> String {
    let last = |n: usize| n.saturating_sub(1);
    format!("x must be 0..={}, y 0..={}", last(width), last(height))
}

/// toml's messages end with a newline and sometimes repeat themselves; keep one clean line.
/// An unknown key gets the nearest key the table takes, when one is near ("did you mean").
fn tidy_toml_message(msg: &str) -> String {
    let msg = msg.trim().replace('\n', "; ");
    let Some(rest) = msg.strip_prefix("unknown field `") else {
        return msg;
    };
    let Some((key, expected)) = rest.split_once('`') else {
        return msg;
    };
    // serde lists the keys as "expected one of `a`, `b`" or "expected `a`".
    let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    format!("{msg}{}", crate::load::suggest::did_you_mean_key(key, known))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_from_one() {
        let s = Source::new("f", "ab\ncdé\nx");
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(3), (2, 1));
        assert_eq!(s.line_col(7), (2, 4)); // after the 2-byte é
        assert_eq!(s.line_col(8), (3, 1));
        assert_eq!(s.line_col(99), (3, 2));
    }

    #[test]
    fn shown_paths_fold_parent_steps() {
        use std::path::Path;
        assert_eq!(
            display_path(Path::new("maps/../data/profiles.toml")),
            "data/profiles.toml"
        );
        assert_eq!(display_path(Path::new("./maps/x.toml")), "maps/x.toml");
        assert_eq!(display_path(Path::new("../data/t.toml")), "../data/t.toml");
        assert_eq!(display_path(Path::new("/tmp/a/../b")), "/tmp/b");
    }

    #[test]
    fn toml_errors_are_located() {
        #[derive(serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct T {
            a: i32,
        }
        let s = Source::new("x.toml", "a = 1\nmoev = 7\n");
        let e = s.parse_toml::<T>().unwrap_err();
        assert_eq!((e.line, e.col), (2, 1));
        assert!(e.message.contains("moev"), "{}", e.message);
    }
}
