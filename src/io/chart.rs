//! The balance chart of `skirmish batch --chart`: player win rate (with its 95% interval)
//! against a swept profile value, one line per scenario and other sweep values, drawn with
//! `plotters` into a PNG. The font is embedded, so drawing needs no system font library.

use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};
use std::sync::Once;

/// The embedded font (DejaVu Sans Mono; its license is beside it in `assets/fonts/`).
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");

/// One line of the chart.
#[derive(Debug, Clone)]
pub struct Series {
    /// Legend text.
    pub label: String,
    /// (swept value, win rate, interval low, interval high), rates in 0..=1.
    pub points: Vec<(f64, f64, f64, f64)>,
    /// (swept value, draw rate): drawn as a dashed line when any battle of the chart was a draw.
    pub draws: Vec<(f64, f64)>,
    /// (swept value, share lost to the scenario's turn limit): drawn dotted, with crosses,
    /// when any battle of the chart was.
    pub limit: Vec<(f64, f64)>,
}

/// Width and height of the picture in pixels.
pub const SIZE: (u32, u32) = (1200, 640);

/// Width of the legend column at the right.
const LEGEND_WIDTH: u32 = 250;

/// Draws the chart and returns the PNG bytes.
pub fn render(title: &str, x_label: &str, series: &[Series]) -> Result<Vec<u8>, String> {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // The font is part of the binary: it is valid or the build is broken.
        let _ = register_font("sans-serif", FontStyle::Normal, FONT);
        let _ = register_font("sans-serif", FontStyle::Bold, FONT);
    });
    let (w, h) = SIZE;
    let mut rgb = vec![0u8; (w * h * 3) as usize];
    draw(&mut rgb, title, x_label, series).map_err(|e| format!("cannot draw the chart: {e}"))?;
    let mut png_bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut png_bytes, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut wr = enc.write_header().map_err(|e| e.to_string())?;
        wr.write_image_data(&rgb).map_err(|e| e.to_string())?;
    }
    Ok(png_bytes)
}

const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(23, 190, 207),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
];

/// Title font size in pixels; the embedded font is monospaced, each character
/// [`CHAR_WIDTH`] of its size wide.
const TITLE_SIZE: u32 = 26;

/// A character's width as a share of the font size (DejaVu Sans Mono).
const CHAR_WIDTH: f64 = 0.602;

/// Characters of one title line: the picture's width less a margin each side.
fn title_chars() -> usize {
    ((f64::from(SIZE.0) - 40.0) / (f64::from(TITLE_SIZE) * CHAR_WIDTH)) as usize
}

/// The text of an x-axis label at `x`: a whole number as such when every swept value is
/// whole (and no label between them), else the shortest decimal form.
fn x_label_text(x: f64, whole: bool) -> String {
    if whole {
        if (x - x.round()).abs() < 1e-9 {
            format!("{}", x.round() as i64)
        } else {
            String::new()
        }
    } else {
        let t = format!("{x:.2}");
        let t = t.trim_end_matches('0').trim_end_matches('.');
        if t == "-0" { "0".into() } else { t.to_string() }
    }
}

fn draw(rgb: &mut [u8], title: &str, x_label: &str, series: &[Series]) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::with_buffer(rgb, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    // The title across the whole picture, centred, in as many lines as it needs: never cut.
    let lines = wrap(title, title_chars());
    let line_height = TITLE_SIZE as i32 + 6;
    for (k, line) in lines.iter().enumerate() {
        let width = (line.chars().count() as f64 * f64::from(TITLE_SIZE) * CHAR_WIDTH) as i32;
        let x = (SIZE.0 as i32 - width).max(0) / 2;
        root.draw(&Text::new(
            line.clone(),
            (x, 12 + k as i32 * line_height),
            ("sans-serif", TITLE_SIZE).into_font(),
        ))?;
    }
    let (_, body) = root.split_vertically(16 + lines.len() as i32 * line_height);
    let (plot, side) = body.split_horizontally(SIZE.0 - LEGEND_WIDTH);
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| (a.min(x), b.max(x)));
    let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
    let pad = ((hi - lo) * 0.08).max(0.5);
    let (y_area, margin) = (75, 20);
    let mut chart = ChartBuilder::on(&plot)
        .margin(margin)
        .x_label_area_size(55)
        .y_label_area_size(y_area)
        .build_cartesian_2d((lo - pad)..(hi + pad), 0.0..100.0)?;
    // Swept values per pixel across the plot, to keep value labels apart.
    let plot_px = f64::from(SIZE.0 - LEGEND_WIDTH) - f64::from(y_area) - 2.0 * f64::from(margin);
    let per_px = (hi - lo + 2.0 * pad) / plot_px.max(1.0);
    let any_draws = series.iter().any(|s| s.draws.iter().any(|d| d.1 > 0.0));
    let any_limit = series.iter().any(|s| s.limit.iter().any(|d| d.1 > 0.0));
    let whole = series.iter().flat_map(|s| s.points.iter()).all(|p| p.0.fract() == 0.0);
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(match (any_draws, any_limit) {
            (false, false) => "player win rate (%)",
            (true, false) => "player win rate, dashed: draws (%)",
            (false, true) => "player win rate, dotted: lost to the turn limit (%)",
            (true, true) => "win rate, dashed: draws, dotted: turn limit (%)",
        })
        .axis_desc_style(("sans-serif", 20))
        .label_style(("sans-serif", 17))
        .x_labels(if whole { ((hi - lo) as usize + 1).min(12) } else { 10 })
        .x_label_formatter(&|x| x_label_text(*x, whole))
        .y_label_formatter(&|y| format!("{y:.0}%"))
        .max_light_lines(1)
        .light_line_style(RGBColor(240, 240, 240))
        .draw()?;
    // Lines on the same values would hide each other: each series is shifted sideways a
    // little ("dodged"), and a value label that would sit on another one at the same swept
    // value is dropped when it says the same, else moved below it.
    // A series identical to an earlier one would still cover it: it is drawn dashed with
    // hollow points (the earlier one shows between the dashes) and its legend says so.
    let dodge = |k: usize| dodge(k, series.len(), pad);
    let same = same_as(series);
    let mut placed: Vec<(f64, f64, String)> = Vec::new();
    for (k, s) in series.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let style = ShapeStyle::from(&colour).stroke_width(3);
        let off = dodge(k);
        let pts: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0 + off, p.1 * 100.0)).collect();
        if same[k].is_some() {
            chart.draw_series(DashedLineSeries::new(pts.clone(), 10, 10, style))?;
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, 7, style)))?;
        } else {
            chart.draw_series(LineSeries::new(pts.clone(), style))?;
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, 5, colour.filled())))?;
        }
        // The 95% interval as a vertical bar with small caps.
        let thin = ShapeStyle::from(&colour).stroke_width(2);
        let cap = cap(pad);
        for p in &s.points {
            let (x, a, b) = (p.0 + off, p.2 * 100.0, p.3 * 100.0);
            chart.draw_series(std::iter::once(PathElement::new(vec![(x, a), (x, b)], thin)))?;
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(x - cap, a), (x + cap, a)],
                thin,
            )))?;
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(x - cap, b), (x + cap, b)],
                thin,
            )))?;
        }
        // Shares beside the win rate, in the series' colour: the draws dashed with hollow
        // points, the battles lost to the turn limit dotted with crosses.
        for (shown, share, (dash, gap), cross) in [
            (any_draws, &s.draws, (8, 6), false),
            (any_limit, &s.limit, (3, 5), true),
        ] {
            if !shown {
                continue;
            }
            let line = ShapeStyle::from(&colour).stroke_width(2);
            let d: Vec<(f64, f64)> = share.iter().map(|p| (p.0 + off, p.1 * 100.0)).collect();
            chart.draw_series(DashedLineSeries::new(d.clone(), dash, gap, line))?;
            if cross {
                chart.draw_series(d.iter().map(|&p| Cross::new(p, 5, line)))?;
            } else {
                chart.draw_series(d.iter().map(|&p| Circle::new(p, 4, line)))?;
            }
        }
        for p in &s.points {
            let label = format!("{:.1}%", p.1 * 100.0);
            let width = label.chars().count() as f64 * 16.0 * CHAR_WIDTH * per_px;
            let Some(y) = label_place(&placed, p.0, (p.1 * 100.0 + 4.0).min(97.0), &label, width) else {
                continue;
            };
            placed.push((p.0, y, label.clone()));
            // Right of every series' error bar at this value (the last series is dodged
            // furthest right), with a gap, so that no label sits on a bar or its cap.
            chart.draw_series(std::iter::once(Text::new(
                label,
                (label_left(p.0, series.len(), pad), y),
                ("sans-serif", 16).into_font().color(&colour),
            )))?;
        }
    }
    // The legend beside the plot, never over a point; long entries wrap, never cut.
    let mut y = 80;
    for k in 0..series.len() {
        let colour = PALETTE[k % PALETTE.len()];
        side.draw(&PathElement::new(
            vec![(8, y), (36, y)],
            ShapeStyle::from(&colour).stroke_width(3),
        ))?;
        if same[k].is_some() {
            side.draw(&Circle::new((22, y), 7, ShapeStyle::from(&colour).stroke_width(3)))?;
        } else {
            side.draw(&Circle::new((22, y), 5, colour.filled()))?;
        }
        for line in wrap(&legend_text(series, &same, k), LEGEND_CHARS) {
            side.draw(&Text::new(line, (44, y - 9), ("sans-serif", 16).into_font()))?;
            y += 20;
        }
        y += 8;
    }
    root.present()?;
    Ok(())
}

/// For each series, the first earlier series with exactly the same win rates, if any (so
/// every copy names the first of its kind).
fn same_as(series: &[Series]) -> Vec<Option<usize>> {
    let rates = |s: &Series| s.points.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>();
    (0..series.len())
        .map(|k| (0..k).find(|&j| rates(&series[j]) == rates(&series[k])))
        .collect()
}

/// The legend entry of series `k`: its label, and for a copy of an earlier line, which.
fn legend_text(series: &[Series], same: &[Option<usize>], k: usize) -> String {
    match same[k] {
        Some(j) => format!("{} (same line as {})", series[k].label, series[j].label),
        None => series[k].label.clone(),
    }
}

/// How far series `k` of `n` is shifted sideways, so lines on the same values stay apart.
fn dodge(k: usize, n: usize, pad: f64) -> f64 {
    let n = n as f64;
    (k as f64 - (n - 1.0) / 2.0) * (pad * 0.05).min(0.6 / n.max(1.0))
}

/// Half the width of an error bar's caps.
fn cap(pad: f64) -> f64 {
    pad * 0.12
}

/// Where a value label at swept value `x` starts: right of every series' error bar at `x`
/// (the last series is shifted furthest right) with a gap, so no label sits on a bar.
fn label_left(x: f64, n: usize, pad: f64) -> f64 {
    x + dodge(n.saturating_sub(1), n, pad).max(0.0) + cap(pad) * 2.5
}

/// Characters of a legend line (the legend column at the font's width).
const LEGEND_CHARS: usize = 21;

/// `text` in lines of at most `width` characters, broken after ", " or "=" where possible.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest: Vec<char> = text.chars().collect();
    while rest.len() > width {
        let window = &rest[..width];
        let cut = (1..width)
            .rev()
            .find(|&i| window[i - 1] == ',' && window[i] == ' ')
            .map(|i| (i, i + 1))
            .or_else(|| {
                (1..width)
                    .rev()
                    .find(|&i| window[i - 1] == '=' || window[i] == ' ')
                    .map(|i| (i, i))
            })
            .unwrap_or((width, width));
        lines.push(rest[..cut.0].iter().collect::<String>().trim_end().to_string());
        rest.drain(..cut.1);
    }
    lines.push(rest.into_iter().collect());
    lines
}

/// Label height in chart units (percentage points) at the chart's size and font.
const LABEL_HEIGHT: f64 = 4.5;

/// Where a value label `text` wanted at height `y` for swept value `x` goes, given the
/// labels already `placed` (each `width` swept values wide, starting at the same distance
/// right of its value): `None` when one at the same value already says the same close by,
/// or when it would have to move more than two labels' height below where it wants to be
/// (too many labels in too little room: the point and its bar still show the rate); else
/// the first height at or below `y` that overlaps none of them.
fn label_place(placed: &[(f64, f64, String)], x: f64, y: f64, text: &str, width: f64) -> Option<f64> {
    if placed
        .iter()
        .any(|(px, py, t)| *px == x && t == text && (py - y).abs() < LABEL_HEIGHT)
    {
        return None;
    }
    // Labels whose boxes share columns with this one's.
    let near: Vec<&(f64, f64, String)> = placed.iter().filter(|(px, _, _)| (px - x).abs() < width).collect();
    let mut at = y;
    while let Some((_, py, _)) = near.iter().find(|(_, py, _)| (py - at).abs() < LABEL_HEIGHT) {
        at = py - LABEL_HEIGHT;
    }
    (y - at <= 2.0 * LABEL_HEIGHT && at >= 1.0).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::{label_place, wrap, x_label_text};

    #[test]
    fn value_labels_start_right_of_every_error_bar() {
        for n in 1..=8 {
            for pad in [0.5, 0.8, 2.0] {
                let right_of_bars = (0..n)
                    .map(|k| 3.0 + super::dodge(k, n, pad) + super::cap(pad))
                    .fold(f64::MIN, f64::max);
                assert!(super::label_left(3.0, n, pad) > right_of_bars, "{n} series, pad {pad}");
            }
        }
    }

    #[test]
    fn legend_entries_wrap_and_keep_every_character() {
        let label = "The first skirmish, archer.sight=10, pivot.leash=3";
        let lines = wrap(label, 21);
        assert_eq!(lines, ["The first skirmish,", "archer.sight=10,", "pivot.leash=3"]);
        assert!(wrap("archer.range=3", 21) == ["archer.range=3"]);
        assert!(wrap(&"x".repeat(30), 21).concat() == "x".repeat(30));
    }

    #[test]
    fn identical_lines_are_named_in_the_legend() {
        let s = |label: &str, rate: f64| super::Series {
            label: label.into(),
            points: vec![(1.0, rate, 0.8, 1.0), (2.0, 1.0, 0.8, 1.0)],
            draws: Vec::new(),
            limit: Vec::new(),
        };
        let series = [
            s("leash=4", 1.0),
            s("leash=6", 1.0),
            s("leash=8", 0.5),
            s("leash=9", 1.0),
        ];
        let same = super::same_as(&series);
        assert_eq!(same, [None, Some(0), None, Some(0)]);
        assert_eq!(super::legend_text(&series, &same, 1), "leash=6 (same line as leash=4)");
        assert_eq!(super::legend_text(&series, &same, 2), "leash=8");
    }

    #[test]
    fn value_labels_never_sit_on_each_other() {
        let mut placed = Vec::new();
        // Three series at 100% for x = 2, one at 35.7%: one "100.0%" label, and the 99.7%
        // of a fourth series moves below it.
        for text in ["100.0%", "100.0%", "100.0%"] {
            if let Some(y) = label_place(&placed, 2.0, 97.0, text, 0.5) {
                placed.push((2.0, y, text.to_string()));
            }
        }
        assert_eq!(placed.len(), 1);
        let y = label_place(&placed, 2.0, 97.0, "99.7%", 0.5).unwrap();
        assert!(y <= 97.0 - super::LABEL_HEIGHT, "{y}");
        placed.push((2.0, y, "99.7%".into()));
        // A third different value goes below both.
        let z = label_place(&placed, 2.0, 96.0, "98.0%", 0.5).unwrap();
        assert!(
            placed.iter().all(|(_, py, _)| (py - z).abs() >= super::LABEL_HEIGHT),
            "{z}"
        );
        // Far away or at another swept value: where it wanted.
        assert_eq!(label_place(&placed, 2.0, 40.0, "35.7%", 0.5), Some(40.0));
        assert_eq!(label_place(&placed, 3.0, 97.0, "100.0%", 0.5), Some(97.0));
        // A label as wide as two swept values: its neighbour's label at the next value
        // moves below it.
        let mut row = vec![(10.0, 50.0, "50.0%".to_string())];
        let next = label_place(&row, 11.0, 51.0, "51.0%", 2.0).unwrap();
        assert!(next <= 50.0 - super::LABEL_HEIGHT, "{next}");
        row.push((11.0, next, "51.0%".into()));
        // A third in the same columns would go too far below: left out.
        assert_eq!(label_place(&row, 12.0, 50.5, "50.5%", 2.5), None);
    }

    /// The picture's pixels as RGB rows.
    fn pixels(png_bytes: &[u8]) -> (usize, usize, Vec<u8>) {
        let mut dec = png::Decoder::new(std::io::Cursor::new(png_bytes)).read_info().unwrap();
        let mut buf = vec![0; dec.output_buffer_size()];
        let info = dec.next_frame(&mut buf).unwrap();
        (info.width as usize, info.height as usize, buf)
    }

    #[test]
    fn a_long_title_lies_inside_the_picture() {
        // The title batch writes for 2,000 battles of an average player, and a longer one.
        for title in [
            "player win rate, 2000 battles per point, careful player of average skill",
            "player win rate, 2000 battles per point, careful player of skill 0.125, on the castle and the river crossing",
        ] {
            let series = [super::Series {
                label: "The castle".into(),
                points: (5..=25).map(|v| (f64::from(v), 0.5, 0.45, 0.55)).collect(),
                draws: Vec::new(),
                limit: Vec::new(),
            }];
            let png = super::render(title, "kind:archer.attack", &series).unwrap();
            let (w, _, rgb) = pixels(&png);
            let dark = |x: usize, y: usize| rgb[(y * w + x) * 3] < 128;
            let band = 0..60;
            let inked: Vec<usize> = (0..w).filter(|&x| band.clone().any(|y| dark(x, y))).collect();
            assert!(!inked.is_empty(), "the title is drawn");
            let (first, last) = (inked[0], *inked.last().unwrap());
            assert!(
                first >= 8 && last + 8 < w,
                "{title:?}: ink from x = {first} to {last} of {w}"
            );
        }
    }

    #[test]
    fn whole_swept_values_are_labelled_as_whole_numbers() {
        assert_eq!(x_label_text(15.0, true), "15");
        assert_eq!(x_label_text(12.5, true), "", "no label between whole values");
        assert_eq!(x_label_text(0.25, false), "0.25");
        assert_eq!(x_label_text(1.5, false), "1.5");
        assert_eq!(x_label_text(2.0, false), "2");
    }
}
