//! The font the diagrams are measured and drawn with: DejaVu Sans, carried
//! inside the binary (its licence is `assets/fonts/DejaVuSans-LICENSE.txt`),
//! so that text has the same width on every machine and PNG and PDF need
//! no fonts installed.

use std::sync::OnceLock;

/// The TrueType file of DejaVu Sans.
pub const FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// The family name the SVG asks for first.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// The SVG `font-family`: the carried font, then look-alikes of similar
/// width, then any sans-serif face.
pub(super) const FONT_STACK: &str =
    "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', Geneva, sans-serif";

/// Advance widths of printable ASCII in ems, and the face for the rest.
struct Metrics {
    ascii: [f64; 128],
    face: ttf_parser::Face<'static>,
    units: f64,
}

fn metrics() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(|| {
        let face = ttf_parser::Face::parse(FONT_DATA, 0).expect("the carried font parses");
        let units = f64::from(face.units_per_em());
        let mut ascii = [0.0; 128];
        for (code, width) in ascii.iter_mut().enumerate() {
            *width = advance(&face, char::from(code as u8), units);
        }
        Metrics { ascii, face, units }
    })
}

/// The advance of `c` in ems; a character the font lacks is as wide as
/// `0`, which is about what a fallback face gives it.
fn advance(face: &ttf_parser::Face, c: char, units: f64) -> f64 {
    let glyph = face.glyph_index(c).or_else(|| face.glyph_index('0'));
    let width = glyph.and_then(|g| face.glyph_hor_advance(g)).unwrap_or(0);
    f64::from(width) / units
}

/// The width of `text` set in the carried font at `size`.
pub fn text_width(text: &str, size: f64) -> f64 {
    let metrics = metrics();
    let ems: f64 = text
        .chars()
        .map(|c| match metrics.ascii.get(c as usize) {
            Some(&width) => width,
            None => advance(&metrics.face, c, metrics.units),
        })
        .sum();
    ems * size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_font() {
        // DejaVu Sans: digits are 1303 of 2048 units wide, `i` 569.
        assert!((text_width("0", 2048.0) - 1303.0).abs() < 1e-9);
        assert!((text_width("10", 11.0) - 2.0 * 1303.0 * 11.0 / 2048.0).abs() < 1e-9);
        assert!(text_width("i", 11.0) < text_width("W", 11.0));
        assert!(text_width("≥ 6", 11.0) > text_width("6", 11.0));
        assert_eq!(text_width("", 11.0), 0.0);
    }
}
