//! Terrain grids (`maps/*.txt`), parsed with located errors.

use crate::load::diag::{Diagnostics, Source};
use crate::load::terrain::{TerrainId, TerrainSet};
pub use skirmish_core::model::map::*;

/// Most unknown-glyph errors listed for one map before the rest are summarised.
const MAX_GLYPH_ERRORS: usize = 20;

/// Parses a map file: one glyph per cell, one line per row, every row the same width.
/// Reports every unknown glyph and ragged row with its line and column.
pub fn parse(src: &Source, terrain: &TerrainSet) -> Result<TerrainMap, Diagnostics> {
    let mut errs = Diagnostics::default();
    let mut lines: Vec<&str> = src
        .text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    // A final newline ends the last row; it does not start an empty one.
    if lines.last() == Some(&"") {
        lines.pop();
    }
    if lines.is_empty() || lines.iter().all(|l| l.is_empty()) {
        errs.push(src.error_line_col(1, 1, "empty map: expected at least one row of terrain glyphs"));
        return Err(errs);
    }
    let width = lines[0].chars().count();
    if width == 0 {
        errs.push(src.error_line_col(1, 1, "empty first row: every row must hold at least one glyph"));
        return Err(errs);
    }
    if width > MAX_MAP_SIDE || lines.len() > MAX_MAP_SIDE {
        errs.push(src.error_line_col(
            1,
            1,
            format!(
                "map is {}x{}: the largest map accepted is {MAX_MAP_SIDE}x{MAX_MAP_SIDE}",
                width,
                lines.len()
            ),
        ));
        return Err(errs);
    }
    let mut cells = Vec::with_capacity(width * lines.len());
    let mut glyph_errors = 0usize;
    for (row, line) in lines.iter().enumerate() {
        let n = line.chars().count();
        if n != width {
            let col = n.min(width) + 1;
            errs.push(src.error_line_col(
                row + 1,
                col,
                format!("ragged row: {n} glyphs where the first row has {width}; every row must be the same width"),
            ));
        }
        for (col, c) in line.chars().enumerate() {
            match terrain.by_glyph(c) {
                Some(t) => cells.push(t),
                None => {
                    glyph_errors += 1;
                    if glyph_errors <= MAX_GLYPH_ERRORS {
                        errs.push(src.error_line_col(
                            row + 1,
                            col + 1,
                            format!(
                                "unknown terrain glyph {} (known: {})",
                                show_glyph(c),
                                terrain.glyph_list()
                            ),
                        ));
                    }
                    cells.push(TerrainId(0));
                }
            }
        }
    }
    if glyph_errors > MAX_GLYPH_ERRORS {
        errs.push(src.error_line_col(
            1,
            1,
            format!("{} more unknown glyphs not listed", glyph_errors - MAX_GLYPH_ERRORS),
        ));
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    // Every row had `width` known glyphs and the size was checked above.
    TerrainMap::new(width, lines.len(), cells).map_err(|e| src.error_line_col(1, 1, e.to_string()).into())
}

fn show_glyph(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("{:?}", c)
    } else {
        format!("'{c}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::terrain::ClassId;
    use skirmish_core::search::grid::Pos;

    fn terrain() -> TerrainSet {
        crate::load::terrain::parse(&Source::new(
            "t.toml",
            "[plain]\nglyph = \".\"\ncost = 1\n[wall]\nglyph = \"#\"\n",
        ))
        .unwrap()
    }

    #[test]
    fn parses_rows_and_pads_layout() {
        let t = terrain();
        let m = parse(&Source::new("m.txt", "..#\n#..\n"), &t).unwrap();
        assert_eq!((m.width(), m.height()), (3, 2));
        let layer = m.cost_layer(&t, ClassId(0));
        assert_eq!(layer.cost(Pos::new(2, 0)), None);
        assert_eq!(layer.cost(Pos::new(1, 1)), Some(1));
        assert_eq!(layer.cost(Pos::new(3, 1)), None);
        assert_eq!(layer.layout().pos(layer.layout().index(Pos::new(2, 1))), Pos::new(2, 1));
    }

    #[test]
    fn reports_every_bad_glyph_and_ragged_row() {
        let t = terrain();
        let e = parse(&Source::new("maps/m.txt", "..Q\n.\n.x.\n"), &t).unwrap_err();
        let s: Vec<String> = e.0.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            s,
            [
                "maps/m.txt:1:3: unknown terrain glyph 'Q' (known: . #)",
                "maps/m.txt:2:2: ragged row: 1 glyphs where the first row has 3; every row must be the same width",
                "maps/m.txt:3:2: unknown terrain glyph 'x' (known: . #)",
            ]
        );
    }

    #[test]
    fn empty_map_is_an_error() {
        let e = parse(&Source::new("e.txt", "\n"), &terrain()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "e.txt:1:1: empty map: expected at least one row of terrain glyphs"
        );
    }
}
