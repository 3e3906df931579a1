//! TikZ written from the scene of a diagram: the same marks as the SVG,
//! in points, for `\input` into a LaTeX document (which loads `tikz`) or,
//! standalone, as a whole document of its own, a page the picture's size.

use std::fmt::Write;

use super::scene::{Anchor, CUT, Dash, INK, Mark, OPEN_FILL, PAPER, PENDING, PRUNED, Scene};
use super::svg::num;

/// Every colour a scene uses.
const COLOURS: [&str; 6] = [INK, PAPER, PRUNED, PENDING, CUT, OPEN_FILL];

/// The TikZ picture of a scene; with `standalone`, wrapped in a complete
/// document of the `standalone` class.
pub(super) fn write_tikz(scene: &Scene, standalone: bool) -> String {
    let mut out = String::with_capacity(120 * scene.marks.len() + 1024);
    if standalone {
        preamble(&mut out, scene);
    } else {
        out.push_str("% Drawn by gametree: needs \\usepackage{tikz}; \\input this file.\n");
    }
    out.push_str(
        "\\begin{tikzpicture}[x=1pt,y=-1pt,inner sep=0pt,line cap=round,line join=round]\n",
    );
    for colour in COLOURS {
        let hex = colour[1..].to_ascii_uppercase();
        let _ = writeln!(out, "\\definecolor{{{}}}{{HTML}}{{{hex}}}", name(colour));
    }
    let _ = writeln!(
        out,
        "\\path[use as bounding box] (0,0) rectangle ({},{});",
        num(scene.width),
        num(scene.height)
    );
    for mark in &scene.marks {
        write_mark(&mut out, mark);
    }
    out.push_str("\\end{tikzpicture}\n");
    if standalone {
        out.push_str("\\end{document}\n");
    }
    out
}

/// A document whose page is the picture's size, with nothing but LaTeX's
/// base and TikZ (no `standalone` class or `geometry` package needed).
fn preamble(out: &mut String, scene: &Scene) {
    let (w, h) = (num(scene.width), num(scene.height));
    let _ = write!(
        out,
        "\\documentclass{{article}}\n\
         \\usepackage{{tikz}}\n\
         \\pagestyle{{empty}}\n\
         \\setlength{{\\pdfpagewidth}}{{{w}pt}}\\setlength{{\\pdfpageheight}}{{{h}pt}}\n\
         \\setlength{{\\paperwidth}}{{{w}pt}}\\setlength{{\\paperheight}}{{{h}pt}}\n\
         \\setlength{{\\textwidth}}{{{w}pt}}\\setlength{{\\textheight}}{{{h}pt}}\n\
         \\setlength{{\\hoffset}}{{-1in}}\\setlength{{\\voffset}}{{-1in}}\n\
         \\setlength{{\\oddsidemargin}}{{0pt}}\\setlength{{\\topmargin}}{{0pt}}\n\
         \\setlength{{\\headheight}}{{0pt}}\\setlength{{\\headsep}}{{0pt}}\n\
         \\setlength{{\\parindent}}{{0pt}}\n\
         \\begin{{document}}\n"
    );
}

/// The TikZ name of a colour: `gt` and its hex digits.
fn name(colour: &str) -> String {
    format!("gt{}", colour.trim_start_matches('#'))
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
                Dash::Dashed => ",dash pattern=on 5pt off 3pt",
                Dash::Dotted => ",dash pattern=on 1pt off 3pt",
            };
            writeln!(
                out,
                "\\draw[{},line width={}pt{dash}] ({},{}) -- ({},{});",
                name(colour),
                num(*width),
                num(from.0),
                num(from.1),
                num(to.0),
                num(to.1)
            )
        }
        Mark::Node { id, .. } => writeln!(out, "% {}", id.replace(['\n', '\r'], " ")),
        Mark::NodeEnd => Ok(()),
        Mark::Outline {
            outline,
            x,
            top,
            size,
            fill,
            stroke,
            width,
        } => {
            let (w, h) = (size.width, size.height);
            let (left, right, bottom) = (x - w / 2.0, x + w / 2.0, top + h);
            let path = match outline {
                super::geometry::Outline::Up => format!(
                    "({},{}) -- ({},{}) -- ({},{}) -- cycle",
                    num(*x),
                    num(*top),
                    num(right),
                    num(bottom),
                    num(left),
                    num(bottom)
                ),
                super::geometry::Outline::Down => format!(
                    "({},{}) -- ({},{}) -- ({},{}) -- cycle",
                    num(left),
                    num(*top),
                    num(right),
                    num(*top),
                    num(*x),
                    num(bottom)
                ),
                super::geometry::Outline::Diamond => format!(
                    "({},{}) -- ({},{}) -- ({},{}) -- ({},{}) -- cycle",
                    num(*x),
                    num(*top),
                    num(right),
                    num(top + h / 2.0),
                    num(*x),
                    num(bottom),
                    num(left),
                    num(top + h / 2.0)
                ),
                super::geometry::Outline::Square => format!(
                    "({},{}) rectangle ({},{})",
                    num(left),
                    num(*top),
                    num(right),
                    num(bottom)
                ),
                _ => format!(
                    "({},{}) circle[radius={}pt]",
                    num(*x),
                    num(top + h / 2.0),
                    num(w / 2.0)
                ),
            };
            writeln!(
                out,
                "\\filldraw[fill={},draw={},line width={}pt] {path};",
                name(fill),
                name(stroke),
                num(*width)
            )
        }
        Mark::Ground {
            x,
            y,
            width,
            height,
        } => writeln!(
            out,
            "\\fill[{}] ({},{}) rectangle ({},{});",
            name(PAPER),
            num(*x),
            num(*y),
            num(x + width),
            num(y + height)
        ),
        Mark::Text {
            x,
            y,
            size,
            colour,
            anchor,
            text,
        } => {
            let anchor = match anchor {
                Anchor::Middle => "base",
                Anchor::Start => "base west",
            };
            let leading = size * 1.2;
            let font = format!(
                "\\fontsize{{{}}}{{{}}}\\selectfont",
                num(*size),
                num(leading)
            );
            writeln!(
                out,
                "\\node[anchor={anchor},text={},font=\\sffamily{font}] at ({},{}) {{{}}};",
                name(colour),
                num(*x),
                num(*y),
                tex_text(text)
            )
        }
    };
}

/// Text as TeX sets it: its special characters escaped, `>=`, `<=`,
/// infinities and arrows as mathematical signs.
pub(super) fn tex_text(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' => escaped.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                escaped.push('\\');
                escaped.push(c);
            }
            '^' => escaped.push_str("\\^{}"),
            '~' => escaped.push_str("\\~{}"),
            _ => escaped.push(c),
        }
    }
    escaped
        .replace(">=", "$\\geq$")
        .replace("<=", "$\\leq$")
        .replace("+inf", "$+\\infty$")
        .replace("-inf", "$-\\infty$")
        .replace(" -> ", " $\\to$ ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_set_with_signs() {
        assert_eq!(tex_text(">=6"), "$\\geq$6");
        assert_eq!(tex_text("[-inf, +inf]"), "[$-\\infty$, $+\\infty$]");
        assert_eq!(tex_text("#3"), "\\#3");
        assert_eq!(tex_text("a_b{c}%"), "a\\_b\\{c\\}\\%");
        assert_eq!(tex_text("2 -> 5"), "2 $\\to$ 5");
    }
}
