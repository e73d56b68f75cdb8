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
}

/// Width and height of the picture in pixels.
pub const SIZE: (u32, u32) = (1000, 640);

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

fn draw(rgb: &mut [u8], title: &str, x_label: &str, series: &[Series]) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::with_buffer(rgb, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| (a.min(x), b.max(x)));
    let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (0.0, 1.0) };
    let pad = ((hi - lo) * 0.08).max(0.5);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 26))
        .margin(20)
        .x_label_area_size(55)
        .y_label_area_size(75)
        .build_cartesian_2d((lo - pad)..(hi + pad), 0.0..100.0)?;
    let whole = lo.fract() == 0.0 && hi.fract() == 0.0 && hi - lo <= 20.0;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc("player win rate (%)")
        .axis_desc_style(("sans-serif", 20))
        .label_style(("sans-serif", 17))
        .x_labels(if whole { (hi - lo) as usize + 1 } else { 10 })
        .x_label_formatter(&|x| {
            if whole {
                format!("{}", x.round() as i64)
            } else {
                format!("{x:.2}")
            }
        })
        .y_label_formatter(&|y| format!("{y:.0}%"))
        .max_light_lines(1)
        .light_line_style(RGBColor(240, 240, 240))
        .draw()?;
    for (k, s) in series.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let style = ShapeStyle::from(&colour).stroke_width(3);
        let pts: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, p.1 * 100.0)).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), style))?
            .label(s.label.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], style));
        chart.draw_series(pts.iter().map(|&p| Circle::new(p, 5, colour.filled())))?;
        // The 95% interval as a vertical bar with small caps.
        let thin = ShapeStyle::from(&colour).stroke_width(2);
        let cap = pad * 0.12;
        for p in &s.points {
            let (x, a, b) = (p.0, p.2 * 100.0, p.3 * 100.0);
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
        for p in &s.points {
            let label = format!("{:.1}%", p.1 * 100.0);
            let y = (p.1 * 100.0 + 4.0).min(97.0);
            chart.draw_series(std::iter::once(Text::new(
                label,
                (p.0 + cap * 1.5, y),
                ("sans-serif", 16).into_font().color(&colour),
            )))?;
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .label_font(("sans-serif", 17))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
