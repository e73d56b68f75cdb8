//! The bounded resource reading: the `tiled` crate reads every file through [`read_bytes`],
//! and each file is refused before the crate sees it when its compressed layers would
//! inflate too far or a tileset declares too many tiles; a panic of the crate on a short
//! layer is caught.

use super::*;

/// Why the bounded reader refused a file (it carries the located diagnostic).
#[derive(Debug)]
pub(super) struct Refused(pub(super) Diagnostic);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for Refused {}

/// The `tiled` crate's file access, through [`read_bytes`]: a device, a folder or a file
/// past the size limit is refused before reading, like every other input.
#[derive(Default)]
pub(super) struct BoundedReader {
    pub(super) read: Vec<(PathBuf, Vec<u8>)>,
    /// A file already in memory (the map, for [`parse`]), served instead of the disk's.
    pub(super) given: Option<(PathBuf, Vec<u8>)>,
}

impl tiled::ResourceReader for BoundedReader {
    type Resource = Cursor<Vec<u8>>;
    type Error = Refused;

    fn read_from(&mut self, path: &Path) -> Result<Self::Resource, Self::Error> {
        let bytes = match &self.given {
            Some((p, b)) if p == path => b.clone(),
            _ => read_bytes(path).map_err(Refused)?,
        };
        if let Some(at) = inflates_over(&bytes, MAX_INFLATED_BYTES) {
            let src = Source::new(display_path(path), String::from_utf8_lossy(&bytes).into_owned());
            return Err(Refused(src.error_at(
                at,
                format!(
                    "compressed layer data inflates past {MAX_INFLATED_BYTES} bytes (all the layers of the file together): more than one layer of the largest map"
                ),
            )));
        }
        if let Some((at, n)) = tilecount_over(&bytes, MAX_TILECOUNT) {
            let src = Source::new(display_path(path), String::from_utf8_lossy(&bytes).into_owned());
            return Err(Refused(src.error_at(
                at,
                format!("tilecount {n}: a tileset may have at most {MAX_TILECOUNT} tiles"),
            )));
        }
        self.read.push((path.to_path_buf(), bytes.clone()));
        Ok(Cursor::new(bytes))
    }
}

/// The first `tilecount` attribute above `max`: its offset and value (the attribute is
/// looked for as text, before the `tiled` crate reads the file).
fn tilecount_over(bytes: &[u8], max: u64) -> Option<(usize, u64)> {
    const KEY: &[u8] = b"tilecount";
    let mut i = 0;
    while i + KEY.len() <= bytes.len() {
        if &bytes[i..i + KEY.len()] != KEY {
            i += 1;
            continue;
        }
        let mut j = i + KEY.len();
        let skip = |j: &mut usize| {
            while *j < bytes.len() && bytes[*j].is_ascii_whitespace() {
                *j += 1;
            }
        };
        skip(&mut j);
        if bytes.get(j) == Some(&b'=') {
            j += 1;
            skip(&mut j);
            if matches!(bytes.get(j), Some(b'"' | b'\'')) {
                j += 1;
                skip(&mut j);
                let digits = bytes[j..].iter().take_while(|b| b.is_ascii_digit()).count();
                let n = std::str::from_utf8(&bytes[j..j + digits])
                    .ok()
                    .and_then(|d| d.parse::<u64>().ok())
                    .unwrap_or(if digits > 0 { u64::MAX } else { 0 });
                if n > max {
                    return Some((i, n));
                }
            }
        }
        i += KEY.len();
    }
    None
}

/// The offset of the first compressed `<data>` element at which the file's compressed layer
/// data, inflated, passes `max` bytes (each blob is inflated through a bounded reader and
/// thrown away; the `tiled` crate then reads what passed). Blobs that do not decode are left
/// to the `tiled` crate's own error.
fn inflates_over(bytes: &[u8], max: u64) -> Option<usize> {
    use base64::Engine as _;
    use std::io::Read;
    let text = String::from_utf8_lossy(bytes);
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
    );
    let mut total = 0u64;
    let mut from = 0;
    while let Some(i) = text[from..].find("<data") {
        let start = from + i;
        let tag_end = text[start..].find('>').map_or(text.len(), |e| start + e);
        let tag = &text[start..tag_end];
        let end = text[tag_end..].find("</data>").map_or(text.len(), |e| tag_end + e);
        from = end.max(start + 5);
        let method = ["zlib", "gzip", "zstd"]
            .into_iter()
            .find(|m| tag.contains(&format!("compression=\"{m}\"")) || tag.contains(&format!("compression='{m}'")));
        let Some(method) = method else { continue };
        // The blobs: the text between tags (a finite layer has one, an infinite one a chunk each).
        let body = text[tag_end.min(end)..end].replace("<![CDATA[", "").replace("]]>", "");
        for blob in body.split('<').map(|s| s.rsplit('>').next().unwrap_or(s)) {
            let Ok(packed) = engine.decode(blob.trim().as_bytes()) else {
                continue;
            };
            let left = max.saturating_sub(total) + 1;
            let inflated = match method {
                "zlib" => std::io::copy(
                    &mut flate2::read::ZlibDecoder::new(&packed[..]).take(left),
                    &mut std::io::sink(),
                ),
                "gzip" => std::io::copy(
                    &mut flate2::read::GzDecoder::new(&packed[..]).take(left),
                    &mut std::io::sink(),
                ),
                #[cfg(feature = "zstd")]
                _ => zstd::stream::read::Decoder::new(&packed[..])
                    .and_then(|d| std::io::copy(&mut d.take(left), &mut std::io::sink())),
                // Without zstd the `tiled` crate refuses such a layer itself, unread.
                #[cfg(not(feature = "zstd"))]
                _ => Ok(0),
            };
            total += inflated.unwrap_or(0);
            if total > max {
                return Some(start);
            }
        }
    }
    None
}

/// Runs `f`, turning a panic inside the `tiled` crate (it indexes a layer's tiles by the
/// layer's declared size, so a layer with fewer tiles than it declares panics) into `None`;
/// such a panic is kept off stderr, every other panic is reported as before.
pub(super) fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let file = info.location().map_or("", |l| l.file()).replace('\\', "/");
            if !file.contains("/tiled-0.") {
                before(info);
            }
        }));
    });
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok()
}
