//! A bar chart of leaves evaluated per algorithm against a reference line
//! (`gametree compare -o chart.svg`): native SVG, and PNG or PDF made from
//! it as the diagrams' are.

use std::fmt::Write as _;

use super::font::FONT_STACK;
use super::image::PictureFormat;
use super::svg::escape;
use super::{DiagramFormat, RenderError, raster};

/// Height of a bar and the gap below it, in points.
const BAR: f64 = 18.0;
const GAP: f64 = 8.0;
/// Width of the names' column and of the longest bar, in points.
const NAMES: f64 = 130.0;
const LONGEST: f64 = 320.0;
const MARGIN: f64 = 12.0;

/// Draws `bars` (a name and a count each) as horizontal bars, with
/// `reference` (a name and a count) as a dashed vertical line, in
/// `format`: SVG, PNG or PDF.
pub fn bar_chart(
    title: &str,
    bars: &[(String, u64)],
    reference: Option<&(String, u64)>,
    format: DiagramFormat,
) -> Result<Vec<u8>, RenderError> {
    let picture = match format {
        DiagramFormat::Svg => PictureFormat::Svg,
        DiagramFormat::Png => PictureFormat::Png,
        DiagramFormat::Pdf => PictureFormat::Pdf,
        other => return Err(RenderError::NotAChart { format: other }),
    };
    let svg = chart_svg(title, bars, reference);
    raster::convert(picture, &svg, 2.0)
}

/// The chart as SVG text.
fn chart_svg(title: &str, bars: &[(String, u64)], reference: Option<&(String, u64)>) -> String {
    let most = (bars.iter().map(|b| b.1))
        .chain(reference.map(|r| r.1))
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let scale = LONGEST / most;
    let top = MARGIN + 20.0;
    let height = top + bars.len() as f64 * (BAR + GAP) + 28.0;
    let width = MARGIN * 2.0 + NAMES + LONGEST + 60.0;
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
         width=\"{width}pt\" height=\"{height}pt\" viewBox=\"0 0 {width} {height}\" \
         font-family=\"{FONT_STACK}\" font-size=\"11\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{MARGIN}\" y=\"{}\" font-weight=\"bold\">{}</text>\n",
        MARGIN + 10.0,
        escape(title)
    );
    for (i, (name, count)) in bars.iter().enumerate() {
        let y = top + i as f64 * (BAR + GAP);
        let length = *count as f64 * scale;
        let _ = write!(
            out,
            "<text x=\"{MARGIN}\" y=\"{ty}\">{name}</text>\n\
             <rect x=\"{x}\" y=\"{y}\" width=\"{length}\" height=\"{BAR}\" fill=\"#4a7bb7\"/>\n\
             <text x=\"{end}\" y=\"{ty}\">{count}</text>\n",
            ty = y + BAR - 5.0,
            name = escape(name),
            x = MARGIN + NAMES,
            end = MARGIN + NAMES + length + 4.0,
        );
    }
    if let Some((name, count)) = reference {
        let x = MARGIN + NAMES + *count as f64 * scale;
        let bottom = top + bars.len() as f64 * (BAR + GAP);
        let _ = write!(
            out,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{bottom}\" stroke=\"#c0392b\" \
             stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>\n\
             <text x=\"{x}\" y=\"{}\" fill=\"#c0392b\" text-anchor=\"middle\">{}: {count}</text>\n",
            top - 4.0,
            bottom + 14.0,
            escape(name)
        );
    }
    out.push_str("</svg>\n");
    out
}
