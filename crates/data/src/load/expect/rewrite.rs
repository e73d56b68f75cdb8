//! Text written for another loader (a scenario or a profiles file), one key per line, with
//! the span of the expectation file each line came from, so that the other loader's errors
//! are located back in this file.

use super::*;

/// Text written for another loader, with the span of this file each of its lines came from.
pub(super) struct Rewrite {
    pub(super) text: String,
    pub(super) origin: Vec<Option<Range<usize>>>,
    /// Lines holding a stand-in value for one already reported: their errors would repeat it.
    pub(super) muted: Vec<usize>,
}

impl Rewrite {
    pub(super) fn new() -> Rewrite {
        Rewrite {
            text: String::new(),
            origin: Vec::new(),
            muted: Vec::new(),
        }
    }

    pub(super) fn line(&mut self, s: &str, from: Option<Range<usize>>) {
        self.text.push_str(s);
        self.text.push('\n');
        self.origin.push(from);
    }

    /// Moves the other loader's diagnostics about this text back onto `src` (this file);
    /// lines with no origin go to `fallback`.
    pub(super) fn relocate(
        &self,
        errs: Diagnostics,
        generated: &str,
        src: &Source,
        fallback: &Range<usize>,
    ) -> Diagnostics {
        Diagnostics(
            errs.0
                .into_iter()
                .filter(|d| d.path != generated || !self.muted.contains(&d.line))
                .map(|d| {
                    if d.path != generated {
                        return d;
                    }
                    let span = self.origin.get(d.line.saturating_sub(1)).cloned().flatten();
                    src.error_span(&span.unwrap_or(fallback.clone()), d.message)
                })
                .collect(),
        )
    }
}
