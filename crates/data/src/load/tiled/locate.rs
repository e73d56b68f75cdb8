//! Locating errors in the map file's text: the line of the layer, cell or object they are
//! about, and the `tiled` crate's load errors in our terms.

use super::*;

/// The map file's text, to locate layers and objects by the line they are written on.
pub(super) struct Text {
    pub(super) src: Source,
}

impl Text {
    pub(super) fn at(&self, offset: Option<usize>, message: impl Into<String>) -> Diagnostic {
        match offset {
            Some(o) => self.src.error_at(o, message),
            None => self.src.error_line_col(1, 1, message),
        }
    }

    /// The offset of the first `<tag ...>` whose attribute `attr` is `value`.
    pub(super) fn find(&self, tag: &str, attr: &str, value: &str) -> Option<usize> {
        let open = format!("<{tag} ");
        let want = format!(" {attr}=\"{}\"", xml_escape(value));
        let mut from = 0;
        while let Some(i) = self.src.text[from..].find(&open) {
            let start = from + i;
            let end = self.src.text[start..]
                .find('>')
                .map_or(self.src.text.len(), |e| start + e);
            if self.src.text[start..end].contains(&want) {
                return Some(start);
            }
            from = start + open.len();
        }
        None
    }

    /// The offset of cell (x, y) in a CSV layer written one row per line (as Tiled writes
    /// it), else of the layer's element.
    pub(super) fn cell(
        &self,
        name: &str,
        (x, y): (usize, usize),
        width: usize,
        message: impl Into<String>,
    ) -> Diagnostic {
        let at = self.find("layer", "name", name);
        let cell = at.and_then(|start| {
            let text = &self.src.text[start..];
            let data = text.find("<data")?;
            let tag_end = data + text[data..].find('>')?;
            if !text[data..tag_end].contains("encoding=\"csv\"") {
                return None;
            }
            let body_start = tag_end + 1 + text[tag_end + 1..].find('\n')? + 1;
            let line_start = body_start
                + text[body_start..]
                    .split_inclusive('\n')
                    .take(y)
                    .map(str::len)
                    .sum::<usize>();
            let line = text[line_start..].split('\n').next()?;
            let values: Vec<&str> = line.trim_end_matches(['\r', ',']).split(',').collect();
            if values.len() != width {
                return None;
            }
            let before: usize = values[..x].iter().map(|v| v.len() + 1).sum();
            let lead = values[x].len() - values[x].trim_start().len();
            Some(start + line_start + before + lead)
        });
        self.at(cell.or(at), message)
    }

    pub(super) fn layer(&self, name: &str, message: impl Into<String>) -> Diagnostic {
        let at = ["layer", "objectgroup", "group"]
            .iter()
            .find_map(|t| self.find(t, "name", name));
        self.at(at, message)
    }
}

pub(super) fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A load error of the `tiled` crate, in our terms.
pub(super) fn load_error(e: tiled::Error, path: &Path, text: &Text) -> Diagnostic {
    match e {
        tiled::Error::ResourceLoadingError { path: failed, err } => {
            let refused = err.downcast_ref::<Refused>().map(|r| r.0.clone());
            if failed == path {
                return refused.unwrap_or_else(|| Diagnostic::whole_file(path, format!("cannot read file: {err}")));
            }
            // A tileset (or template) the map names: point at the map's line that names it.
            let named = failed
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default();
            let at = text
                .src
                .text
                .find(&format!("\"{}\"", xml_escape(&named)))
                .or_else(|| {
                    failed
                        .strip_prefix(path.parent().unwrap_or(Path::new("")))
                        .ok()
                        .and_then(|rel| text.src.text.find(&xml_escape(&rel.to_string_lossy())))
                })
                // The start of the element that names it.
                .map(|i| text.src.text[..i].rfind('<').unwrap_or(i));
            let why = refused.map_or_else(|| err.to_string(), |d| d.message);
            text.at(
                at,
                format!(
                    "tileset {:?}: {} (tilesets are read relative to the map)",
                    display_path(&failed),
                    why
                ),
            )
        }
        other => text.at(
            None,
            format!(
                "not a Tiled map this program can read: {} (save it from Tiled as .tmx)",
                tidy(&other.to_string())
            ),
        ),
    }
}

fn tidy(s: &str) -> String {
    let s = s.trim().replace('\n', "; ");
    if s.chars().count() > 200 {
        s.chars().take(200).collect::<String>() + "…"
    } else {
        s
    }
}
