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

    /// The offset of row `y` of a CSV layer written one row per line (as Tiled writes it);
    /// past its last row, the end of its data (`</data>`).
    pub(super) fn csv_row(&self, name: &str, y: usize) -> Option<usize> {
        let start = self.find("layer", "name", name)?;
        let text = &self.src.text[start..];
        let data = text.find("<data")?;
        let tag_end = data + text[data..].find('>')?;
        if !text[data..tag_end].contains("encoding=\"csv\"") {
            return None;
        }
        let close = tag_end + text[tag_end..].find("</data>")?;
        let body_start = tag_end + 1 + text[tag_end + 1..close].find('\n').map_or(0, |i| i + 1);
        let mut at = body_start;
        for (k, line) in text[body_start..close].split_inclusive('\n').enumerate() {
            if k == y && !line.trim().is_empty() {
                return Some(start + at + (line.len() - line.trim_start().len()));
            }
            at += line.len();
        }
        Some(start + close)
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
        other => match xml_fault(&text.src.text) {
            // Where the text stops being XML (a file cut short, a tag left open): said there.
            Some((at, why)) => text.at(
                Some(at),
                format!("not a Tiled map this program can read: {why} (save it from Tiled as .tmx)"),
            ),
            None => text.at(
                None,
                format!(
                    "not a Tiled map this program can read: {} (save it from Tiled as .tmx)",
                    tidy(&other.to_string())
                ),
            ),
        },
    }
}

/// Where `text` stops being well-formed XML, and why: a tag or comment cut short, a closing
/// tag that closes another element, or the end of the text with elements still open (a file
/// cut short); `None` when its tags nest well.
fn xml_fault(text: &str) -> Option<(usize, String)> {
    let mut open: Vec<(usize, &str)> = Vec::new();
    let mut i = 0;
    while let Some(lt) = text[i..].find('<') {
        let at = i + lt;
        let rest = &text[at..];
        let (end_mark, what) = if rest.starts_with("<!--") {
            ("-->", "a comment")
        } else if rest.starts_with("<![CDATA[") {
            ("]]>", "a CDATA section")
        } else if rest.starts_with("<?") {
            ("?>", "a declaration")
        } else {
            (">", "a tag")
        };
        let Some(len) = rest.find(end_mark) else {
            return Some((
                at,
                format!("{what} is cut short: the file ends before its `{end_mark}`"),
            ));
        };
        let tag = &rest[..len + end_mark.len()];
        i = at + tag.len();
        if end_mark != ">" || tag.starts_with("<!") {
            continue;
        }
        let name_of = |t: &'_ str| -> String {
            t.trim_start_matches(['<', '/'])
                .split(|c: char| c.is_whitespace() || c == '>' || c == '/')
                .next()
                .unwrap_or("")
                .to_string()
        };
        if tag.starts_with("</") {
            let name = name_of(tag);
            match open.pop() {
                Some((_, o)) if name_of(o) == name => {}
                Some((_, o)) => {
                    return Some((at, format!("</{name}> closes <{}>, which is still open", name_of(o))));
                }
                None => return Some((at, format!("</{name}> closes nothing"))),
            }
        } else if !tag.ends_with("/>") {
            open.push((at, tag));
        }
    }
    open.last().map(|&(_, tag)| {
        let name = tag
            .trim_start_matches('<')
            .split(|c: char| c.is_whitespace() || c == '>')
            .next()
            .unwrap_or("")
            .to_string();
        let end = text.trim_end().len();
        (
            end,
            format!("the file ends here with <{name}> still open: it was cut short (no </{name}>)"),
        )
    })
}

fn tidy(s: &str) -> String {
    let s = s.trim().replace('\n', "; ");
    if s.chars().count() > 200 {
        s.chars().take(200).collect::<String>() + "…"
    } else {
        s
    }
}
