//! SVG written from the scene of a diagram: text as text, in the carried
//! font first, with the same bytes on every machine.

use std::borrow::Cow;
use std::fmt::Write;

use super::font::FONT_STACK;
use super::geometry::{FONT_SIZE, Outline, pretty};
use super::layout::Size;
use super::scene::{Anchor, Dash, INK, Mark, PEN, Scene};

/// A number as SVG and TikZ write it: at most two decimals, no trailing
/// zeros, never `-0`; shown without allocating.
#[derive(Clone, Copy, Debug)]
pub(super) struct Num(f64);

/// `x` to be written as a [`Num`].
pub(super) fn num(x: f64) -> Num {
    Num(x)
}

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hundredths = (self.0 * 100.0).round() as i64;
        if hundredths < 0 {
            f.write_str("-")?;
        }
        let magnitude = hundredths.unsigned_abs();
        let (whole, fraction) = (magnitude / 100, magnitude % 100);
        match (fraction, fraction % 10) {
            (0, _) => write!(f, "{whole}"),
            (_, 0) => write!(f, "{whole}.{}", fraction / 10),
            _ => write!(f, "{whole}.{fraction:02}"),
        }
    }
}

/// Text escaped for XML (borrowed when there is nothing to escape).
fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"']) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;"),
    )
}

/// The SVG text of a scene.
pub(super) fn write_svg(scene: &Scene) -> String {
    let mut out = String::with_capacity(160 * scene.marks.len() + 1024);
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}pt\" height=\"{h}pt\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_STACK}\" font-size=\"{FONT_SIZE}\" \
         text-anchor=\"middle\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
        w = num(scene.width),
        h = num(scene.height),
    );
    let mut in_lines = false;
    for mark in &scene.marks {
        let is_line = matches!(mark, Mark::Line { .. });
        if is_line != in_lines {
            out.push_str(if is_line {
                "<g fill=\"none\" stroke-linecap=\"round\">\n"
            } else {
                "</g>\n"
            });
            in_lines = is_line;
        }
        write_mark(&mut out, mark);
    }
    if in_lines {
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

fn write_mark(out: &mut String, mark: &Mark) {
    let _ = match mark {
        Mark::Line {
            from,
            to,
            colour,
            width,
            dash,
        } => {
            let dash = match dash {
                Dash::Solid => "",
                Dash::Dashed => " stroke-dasharray=\"5 3\"",
                Dash::Dotted => " stroke-dasharray=\"1 3\"",
            };
            let width = match *width == PEN {
                true => String::new(),
                false => format!(" stroke-width=\"{}\"", num(*width)),
            };
            writeln!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\"{dash}{width}/>",
                num(from.0),
                num(from.1),
                num(to.0),
                num(to.1)
            )
        }
        Mark::Node { number, id } => {
            writeln!(out, "<g id=\"n{number}\"><title>{}</title>", escape(id))
        }
        Mark::NodeEnd => writeln!(out, "</g>"),
        Mark::Outline {
            outline,
            x,
            top,
            size,
            fill,
            stroke,
            width,
        } => writeln!(
            out,
            "{} fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
            outline_element(*outline, *size, *x, *top),
            num(*width)
        ),
        Mark::Ground {
            x,
            y,
            width,
            height,
        } => writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(*x),
            num(*y),
            num(*width),
            num(*height)
        ),
        Mark::Text {
            x,
            y,
            size,
            colour,
            anchor,
            text,
        } => {
            let size = match *size == FONT_SIZE {
                true => String::new(),
                false => format!(" font-size=\"{}\"", num(*size)),
            };
            let fill = match *colour == INK {
                true => String::new(),
                false => format!(" fill=\"{colour}\""),
            };
            let anchor = match anchor {
                Anchor::Middle => "",
                Anchor::Start => " text-anchor=\"start\"",
            };
            writeln!(
                out,
                "<text x=\"{}\" y=\"{}\"{size}{fill}{anchor}>{}</text>",
                num(*x),
                num(*y),
                escape(&pretty(text))
            )
        }
    };
}

/// The SVG element (unclosed) of an outline of `size`, its box centred
/// at `x` with its top at `top`.
fn outline_element(outline: Outline, size: Size, x: f64, top: f64) -> String {
    let (w, h) = (size.width, size.height);
    let (left, right, bottom) = (x - w / 2.0, x + w / 2.0, top + h);
    match outline {
        Outline::Up => format!(
            "<polygon points=\"{},{} {},{} {},{}\"",
            num(x),
            num(top),
            num(right),
            num(bottom),
            num(left),
            num(bottom)
        ),
        Outline::Down => format!(
            "<polygon points=\"{},{} {},{} {},{}\"",
            num(left),
            num(top),
            num(right),
            num(top),
            num(x),
            num(bottom)
        ),
        Outline::Square => format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
            num(left),
            num(top),
            num(w),
            num(h)
        ),
        Outline::Circle | Outline::Note => format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"",
            num(x),
            num(top + h / 2.0),
            num(w / 2.0)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(3.0).to_string(), "3");
        assert_eq!(num(2.5).to_string(), "2.5");
        assert_eq!(num(1.0 / 3.0).to_string(), "0.33");
        assert_eq!(num(-0.001).to_string(), "0");
        assert_eq!(num(-2.125).to_string(), "-2.13");
        assert_eq!(num(-0.5).to_string(), "-0.5");
        assert_eq!(num(12.07).to_string(), "12.07");
    }
}
