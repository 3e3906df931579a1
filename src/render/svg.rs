//! SVG written from the scene of a diagram: text as text, in the carried
//! font first, with the same bytes on every machine.

use std::borrow::Cow;
use std::fmt::Write;

use super::digits::{digits_before, push_ascii, push_digits};
use super::font::FONT_STACK;
use super::geometry::Outline;
use super::layout::Size;
use super::metrics::{Anchor, FONT_SIZE, pretty};
use super::scene::{Canvas, Dash, INK, LineMark, Mark, OutlineMark, PEN, Scene, TextMark};

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
pub(super) fn escape(text: &str) -> Cow<'_, str> {
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
    write_svg_on(scene, None)
}

/// The SVG text of a scene; on a page `slide` points in size when given,
/// the scene scaled to fit it and centred on it (its text scaled alike).
pub(super) fn write_svg_on(scene: &Scene, slide: Option<(f64, f64)>) -> String {
    let size = (scene.width, scene.height);
    let mut svg = SvgCanvas::new(size, slide, 160 * scene.marks.len() + 1024);
    for mark in &scene.marks {
        svg.write(mark);
    }
    svg.finish()
}

/// SVG written as the marks come: the one writer of native SVG, for a
/// kept scene and for a drawing streamed straight from its geometry.
pub(super) struct SvgCanvas {
    out: String,
    /// Whether the last mark was a line, inside the group of lines.
    in_lines: bool,
}

impl SvgCanvas {
    /// The SVG of a drawing `size` points in size, its header written, with
    /// room for `capacity` bytes; on a page `slide` points in size when
    /// given, the drawing scaled to fit it and centred on it (its text
    /// scaled alike).
    pub(super) fn new(size: (f64, f64), slide: Option<(f64, f64)>, capacity: usize) -> SvgCanvas {
        let mut out = String::with_capacity(capacity);
        write_header(&mut out, size, slide);
        SvgCanvas {
            out,
            in_lines: false,
        }
    }

    /// Writes one mark; lines come first, in a group that does not fill
    /// them.
    fn write(&mut self, mark: &Mark) {
        self.enter(matches!(mark, Mark::Line(_)));
        write_mark(&mut self.out, mark);
    }

    /// Opens the group of lines before a line (unfilled, stroked in
    /// [`INK`] unless a line says otherwise), or closes it before anything
    /// else.
    fn enter(&mut self, is_line: bool) {
        if is_line != self.in_lines {
            if is_line {
                self.out.push_str("<g fill=\"none\" stroke=\"");
                self.out.push_str(INK);
                self.out.push_str("\" stroke-linecap=\"round\">\n");
            } else {
                self.out.push_str("</g>\n");
            }
            self.in_lines = is_line;
        }
    }

    /// The whole SVG text.
    pub(super) fn finish(mut self) -> String {
        if self.in_lines {
            self.out.push_str("</g>\n");
        }
        self.out.push_str("</svg>\n");
        self.out
    }
}

impl Canvas for SvgCanvas {
    fn mark(&mut self, mark: Mark) {
        self.write(&mark);
    }

    fn node(&mut self, number: u32, id: &str) {
        self.enter(false);
        push_node(&mut self.out, number, id);
    }
}

/// The opening `<svg>` tag and the white ground of a drawing `(w, h)`
/// points in size, on a page `slide` points in size when given.
fn write_header(out: &mut String, (w, h): (f64, f64), slide: Option<(f64, f64)>) {
    let ((page_w, page_h), (x, y, view_w, view_h)) = match slide {
        None => ((w, h), (0.0, 0.0, w, h)),
        Some((page_w, page_h)) => {
            let scale = fit_scale((w, h), (page_w, page_h));
            let (view_w, view_h) = (page_w / scale, page_h / scale);
            let (x, y) = (-(view_w - w) / 2.0, -(view_h - h) / 2.0);
            ((page_w, page_h), (x, y, view_w, view_h))
        }
    };
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw}pt\" height=\"{ph}pt\" \
         viewBox=\"{x} {y} {w} {h}\" font-family=\"{FONT_STACK}\" font-size=\"{FONT_SIZE}\" \
         text-anchor=\"middle\" stroke-linejoin=\"round\">\n",
        pw = num(page_w),
        ph = num(page_h),
        x = num(x),
        y = num(y),
        w = num(view_w),
        h = num(view_h),
    );
    let _ = match slide {
        None => writeln!(
            out,
            "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(w),
            num(h)
        ),
        Some(_) => writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(x),
            num(y),
            num(view_w),
            num(view_h)
        ),
    };
}

/// The scale at which a drawing `size` points in size fits a page of
/// `page` points, as large as it fits.
pub(super) fn fit_scale(size: (f64, f64), page: (f64, f64)) -> f64 {
    (page.0 / size.0).min(page.1 / size.1)
}

/// Appends `x` as [`Num`] writes it, without the formatting machinery
/// (a large diagram writes millions of numbers): the characters made in
/// a buffer on the stack, appended at once.
fn push_num(out: &mut String, x: f64) {
    let hundredths = hundredths(x);
    let magnitude = hundredths.unsigned_abs();
    let mut text = [0u8; 24];
    let mut at = text.len();
    let fraction = magnitude % 100;
    if fraction != 0 {
        let (tens, units) = (fraction / 10, fraction % 10);
        if units != 0 {
            at -= 1;
            text[at] = b'0' + units as u8;
        }
        at -= 1;
        text[at] = b'0' + tens as u8;
        at -= 1;
        text[at] = b'.';
    }
    at = digits_before(&mut text, at, magnitude / 100);
    if hundredths < 0 {
        at -= 1;
        text[at] = b'-';
    }
    push_ascii(out, &text[at..]);
}

/// `x * 100` rounded half away from zero, as `f64::round` rounds, without
/// calling it (a library call on the baseline x86-64): below 2^52 the
/// whole part and the rest are split exactly.
fn hundredths(x: f64) -> i64 {
    let scaled = x * 100.0;
    let magnitude = scaled.abs();
    // Beyond 2^52, and for infinities and NaN, as `round` does.
    if magnitude.is_nan() || magnitude >= 4e15 {
        return scaled.round() as i64;
    }
    let whole = magnitude as i64;
    let rounded = match magnitude - whole as f64 >= 0.5 {
        true => whole + 1,
        false => whole,
    };
    if scaled < 0.0 { -rounded } else { rounded }
}

/// Appends ` name="x"`.
fn push_attr(out: &mut String, name: &str, x: f64) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    push_num(out, x);
    out.push('"');
}

/// Writes one mark as SVG: a node's marks go in a group titled with its
/// id.
fn write_mark(out: &mut String, mark: &Mark) {
    match mark {
        Mark::Line(line) => write_line(out, line),
        Mark::Node { number, id } => push_node(out, *number, id),
        Mark::NodeEnd => out.push_str("</g>\n"),
        Mark::Group { class, number } => {
            out.push_str("<g class=\"");
            out.push_str(class);
            out.push_str("\" id=\"");
            out.push_str(&class[..1]);
            push_digits(out, u64::from(*number));
            out.push_str("\">\n");
        }
        Mark::Outline(outline) => write_outline(out, outline),
        Mark::Text(text) => write_text(out, text),
    }
}

/// The start of a node's group, titled with its id.
fn push_node(out: &mut String, number: u32, id: &str) {
    out.push_str("<g id=\"n");
    push_digits(out, u64::from(number));
    out.push_str("\"><title>");
    out.push_str(&escape(id));
    out.push_str("</title>\n");
}

/// A line as a `<path>` of two or three points (one that turns), in the
/// group of lines (which does not fill them, and strokes them in ink
/// unless they say otherwise).
fn write_line(out: &mut String, line: &LineMark) {
    out.push_str("<path d=\"M");
    match line.bend {
        None => push_points(out, &[line.from, line.to]),
        Some(bend) => push_points(out, &[line.from, (line.from.0, bend), line.to]),
    }
    out.push('"');
    if line.colour != INK {
        out.push_str(" stroke=\"");
        out.push_str(line.colour);
        out.push('"');
    }
    out.push_str(match line.dash {
        Dash::Solid => "",
        Dash::Dashed => " stroke-dasharray=\"5 3\"",
        Dash::Dotted => " stroke-dasharray=\"1 3\"",
    });
    push_pen(out, line.width);
    out.push_str("/>\n");
}

/// An outline's element, filled and stroked.
fn write_outline(out: &mut String, mark: &OutlineMark) {
    push_outline(out, mark.outline, mark.size, mark.x, mark.top);
    out.push_str(" fill=\"");
    out.push_str(mark.fill);
    out.push_str("\" stroke=\"");
    out.push_str(mark.stroke);
    out.push('"');
    push_pen(out, mark.width);
    if mark.dash {
        out.push_str(" stroke-dasharray=\"4 2\"");
    }
    out.push_str("/>\n");
}

/// Appends points as `x,y x,y`.
fn push_points(out: &mut String, points: &[(f64, f64)]) {
    for (k, &(px, py)) in points.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        push_num(out, px);
        out.push(',');
        push_num(out, py);
    }
}

/// Appends the pen width, unless it is the ordinary one.
fn push_pen(out: &mut String, width: f64) {
    if width != PEN {
        push_attr(out, "stroke-width", width);
    }
}

/// A `<text>`, with only what differs from the drawing's defaults (size,
/// colour, anchor) written.
fn write_text(out: &mut String, mark: &TextMark) {
    out.push_str("<text");
    if !mark.class.is_empty() {
        out.push_str(" class=\"");
        out.push_str(mark.class);
        out.push('"');
    }
    push_attr(out, "x", mark.x);
    push_attr(out, "y", mark.y);
    if mark.size != FONT_SIZE {
        push_attr(out, "font-size", mark.size);
    }
    if mark.colour != INK {
        out.push_str(" fill=\"");
        out.push_str(mark.colour);
        out.push('"');
    }
    match mark.anchor {
        Anchor::Middle => {}
        Anchor::Start => out.push_str(" text-anchor=\"start\""),
        Anchor::End => out.push_str(" text-anchor=\"end\""),
    }
    out.push('>');
    let text = match mark.signs {
        true => pretty(&mark.text),
        false => Cow::Borrowed(mark.text.as_str()),
    };
    out.push_str(&escape(&text));
    out.push_str("</text>\n");
}

/// Appends the SVG element (unclosed) of an outline of `size`, its box
/// centred at `x` with its top at `top`.
pub(super) fn push_outline(out: &mut String, outline: Outline, size: Size, x: f64, top: f64) {
    let (w, h) = (size.width, size.height);
    let (left, right, bottom) = (x - w / 2.0, x + w / 2.0, top + h);
    let points = |out: &mut String, corners: &[(f64, f64)]| {
        out.push_str("<polygon points=\"");
        push_points(out, corners);
        out.push('"');
    };
    match outline {
        Outline::Up => points(out, &[(x, top), (right, bottom), (left, bottom)]),
        Outline::Down => points(out, &[(left, top), (right, top), (x, bottom)]),
        Outline::Diamond => {
            let middle = top + h / 2.0;
            points(
                out,
                &[(x, top), (right, middle), (x, bottom), (left, middle)],
            )
        }
        Outline::Square => {
            out.push_str("<rect");
            push_attr(out, "x", left);
            push_attr(out, "y", top);
            push_attr(out, "width", w);
            push_attr(out, "height", h);
        }
        Outline::Circle | Outline::Note => {
            out.push_str("<circle");
            push_attr(out, "cx", x);
            push_attr(out, "cy", top + h / 2.0);
            push_attr(out, "r", w / 2.0);
        }
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

    /// A line is a path, stroked by its group unless it is not in ink;
    /// one that turns has three points.
    #[test]
    fn lines_are_paths_stroked_by_their_group() {
        let mut svg = SvgCanvas::new((100.0, 100.0), None, 0);
        let line = LineMark {
            from: (10.0, 5.0),
            bend: None,
            to: (2.5, 40.125),
            colour: INK,
            width: PEN,
            dash: Dash::Solid,
        };
        svg.write(&Mark::Line(line.clone()));
        svg.write(&Mark::Line(LineMark {
            bend: Some(20.0),
            colour: super::super::scene::PRUNED,
            dash: Dash::Dashed,
            ..line
        }));
        let text = svg.finish();
        let lines: Vec<&str> = text.lines().skip(3).collect();
        assert_eq!(
            lines,
            [
                "<g fill=\"none\" stroke=\"#000000\" stroke-linecap=\"round\">",
                "<path d=\"M10,5 2.5,40.13\"/>",
                "<path d=\"M10,5 10,20 2.5,40.13\" stroke=\"#a6a6a6\" stroke-dasharray=\"5 3\"/>",
                "</g>",
                "</svg>",
            ]
        );
        assert!(lines[0].contains(INK), "the group's stroke is the ink");
    }

    /// The numbers written straight to the text are those `Num` writes.
    #[test]
    fn pushed_numbers_are_those_num_shows() {
        let tricky = [
            0.0,
            -0.0,
            0.004_999_999_999_999_999,
            0.005,
            -0.005,
            0.125,
            2.675,
            -2.125,
            1e-300,
            0.499_999_999_999_999_94 / 100.0,
            123_456.785,
            -98_765.432_1,
            4.5e13,
            -7e14,
            f64::MAX,
            f64::INFINITY,
        ];
        let mut seed = 7u64;
        let random = std::iter::repeat_with(move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            ((seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 2e5
        });
        for x in tricky.into_iter().chain(random.take(100_000)) {
            let mut out = String::new();
            push_num(&mut out, x);
            assert_eq!(out, num(x).to_string(), "{x:e}");
        }
    }
}
