//! TikZ written from the scene of a diagram: the same marks as the SVG,
//! in points, for `\input` into a LaTeX document (which loads `tikz`) or,
//! standalone, as a whole document of its own, a page the picture's size.

use std::fmt::Write;

use super::geometry::Outline;
use super::metrics::{Anchor, pretty};
use super::scene::{
    CUT, Dash, INK, LineMark, Mark, OPEN_FILL, OutlineMark, PAPER, PENDING, PRUNED, Scene, TextMark,
};
use super::svg::num;

/// Every colour a scene uses.
pub(super) const COLOURS: [&str; 6] = [INK, PAPER, PRUNED, PENDING, CUT, OPEN_FILL];

/// The TikZ picture of a scene; with `standalone`, wrapped in a complete
/// document of the `standalone` class.
pub(super) fn write_tikz(scene: &Scene, standalone: bool) -> String {
    let mut marks = String::with_capacity(120 * scene.marks.len());
    for mark in &scene.marks {
        write_mark(&mut marks, mark);
    }
    let mut out = String::with_capacity(marks.len() + 1024);
    if standalone {
        preamble(&mut out, scene);
    } else {
        out.push_str("% Drawn by gametree: needs \\usepackage{tikz}; \\input this file.\n");
    }
    if marks.contains("\\gametreechar") {
        out.push_str(CHARACTER_MACRO);
        out.push_str("%\n");
    }
    out.push_str(
        "\\begin{tikzpicture}[x=1pt,y=-1pt,inner sep=0pt,line cap=round,line join=round]\n",
    );
    for colour in colours(scene) {
        let hex = colour[1..].to_ascii_uppercase();
        let _ = writeln!(out, "\\definecolor{{{}}}{{HTML}}{{{hex}}}", name(colour));
    }
    let _ = writeln!(
        out,
        "\\path[use as bounding box] (0,0) rectangle ({},{});",
        num(scene.width),
        num(scene.height)
    );
    out.push_str(&marks);
    out.push_str("\\end{tikzpicture}\n");
    if standalone {
        out.push_str("\\end{document}\n");
    }
    out
}

/// Every colour a scene uses, ink and paper first, each once.
fn colours(scene: &Scene) -> Vec<&'static str> {
    let mut colours = vec![INK, PAPER];
    for mark in &scene.marks {
        let used: &[&'static str] = match mark {
            Mark::Line(line) => &[line.colour],
            Mark::Outline(outline) => &[outline.fill, outline.stroke],
            Mark::Text(text) => &[text.colour],
            Mark::Node { .. } | Mark::NodeEnd | Mark::Group { .. } => &[],
        };
        for &colour in used {
            if !colours.contains(&colour) {
                colours.push(colour);
            }
        }
    }
    colours
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
pub(super) fn name(colour: &str) -> String {
    format!("gt{}", colour.trim_start_matches('#'))
}

/// Writes one mark as TikZ: a node's start as a comment naming it, its end
/// as nothing.
pub(super) fn write_mark(out: &mut String, mark: &Mark) {
    match mark {
        Mark::Line(line) => write_line(out, line),
        Mark::Node { id, .. } => {
            let _ = writeln!(out, "% {}", id.replace(['\n', '\r'], " "));
        }
        Mark::NodeEnd | Mark::Group { .. } => {}
        Mark::Outline(outline) => write_outline(out, outline),
        Mark::Text(text) => write_text(out, text),
    }
}

/// A line as a `\draw` between its ends.
fn write_line(out: &mut String, line: &LineMark) {
    let dash = match line.dash {
        Dash::Solid => "",
        Dash::Dashed => ",dash pattern=on 5pt off 3pt",
        Dash::Dotted => ",dash pattern=on 1pt off 3pt",
    };
    let bend = match line.bend {
        Some(y) => format!(" -- ({},{})", num(line.from.0), num(y)),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "\\draw[{},line width={}pt{dash}] ({},{}){bend} -- ({},{});",
        name(line.colour),
        num(line.width),
        num(line.from.0),
        num(line.from.1),
        num(line.to.0),
        num(line.to.1)
    );
}

/// An outline as a `\filldraw` of its path.
fn write_outline(out: &mut String, mark: &OutlineMark) {
    let dash = if mark.dash {
        ",dash pattern=on 4pt off 2pt"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "\\filldraw[fill={},draw={},line width={}pt{dash}] {};",
        name(mark.fill),
        name(mark.stroke),
        num(mark.width),
        outline_path(mark)
    );
}

/// The TikZ path of an outline: a polygon's corners, a rectangle or a
/// circle.
fn outline_path(mark: &OutlineMark) -> String {
    let (x, top) = (mark.x, mark.top);
    let (w, h) = (mark.size.width, mark.size.height);
    let (left, right, bottom, middle) = (x - w / 2.0, x + w / 2.0, top + h, top + h / 2.0);
    let polygon = |corners: &[(f64, f64)]| {
        let mut path = String::new();
        for &(px, py) in corners {
            let _ = write!(path, "({},{}) -- ", num(px), num(py));
        }
        path + "cycle"
    };
    match mark.outline {
        Outline::Up => polygon(&[(x, top), (right, bottom), (left, bottom)]),
        Outline::Down => polygon(&[(left, top), (right, top), (x, bottom)]),
        Outline::Diamond => polygon(&[(x, top), (right, middle), (x, bottom), (left, middle)]),
        Outline::Square => format!(
            "({},{}) rectangle ({},{})",
            num(left),
            num(top),
            num(right),
            num(bottom)
        ),
        Outline::Circle | Outline::Note => format!(
            "({},{}) circle[radius={}pt]",
            num(x),
            num(middle),
            num(w / 2.0)
        ),
    }
}

/// A text as a `\node` at its baseline, in a sans-serif font of its size.
fn write_text(out: &mut String, mark: &TextMark) {
    let anchor = match mark.anchor {
        Anchor::Middle => "base",
        Anchor::Start => "base west",
        Anchor::End => "base east",
    };
    let leading = mark.size * 1.2;
    let font = format!(
        "\\fontsize{{{}}}{{{}}}\\selectfont",
        num(mark.size),
        num(leading)
    );
    let _ = writeln!(
        out,
        "\\node[anchor={anchor},text={},font=\\sffamily{font}] at ({},{}) {{{}}};",
        name(mark.colour),
        num(mark.x),
        num(mark.y),
        tex_text(&mark.text, mark.signs)
    );
}

/// Text as TeX sets it, whatever characters it holds, in pdfLaTeX's
/// default fonts as in LuaLaTeX's and XeLaTeX's: TeX's special characters
/// escaped; the ASCII characters that the default (OT1) fonts draw as
/// something else (`<` as `¡`, `"` as `”`) and the ligatures (`--`) set by
/// their text commands (`"` in T1, the one encoding that has it); the signs gametree writes (`≥`, `≤`, `∞`, `→`,
/// `−`) in math; every other character beyond ASCII through
/// [`CHARACTER_MACRO`]. With `signs` (see `TextMark::signs`), `>=`, `<=`,
/// `-inf`, `+inf` and ` -> ` are those signs first.
pub(super) fn tex_text(text: &str, signs: bool) -> String {
    let text = match signs {
        true => pretty(text),
        false => std::borrow::Cow::Borrowed(text),
    };
    let mut out = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '"' => out.push_str("{\\fontencoding{T1}\\selectfont\\textquotedbl}"),
            '\'' => out.push_str("\\textquotesingle{}"),
            '`' => out.push_str("\\textasciigrave{}"),
            '-' if chars.peek() == Some(&'-') => out.push_str("-{}"),
            '≥' => out.push_str("$\\geq$"),
            '≤' => out.push_str("$\\leq$"),
            '∞' => out.push_str("$\\infty$"),
            '→' => out.push_str("$\\to$"),
            '−' => out.push_str("$-$"),
            c if c.is_ascii() => out.push(c),
            c => {
                let _ = write!(out, "\\gametreechar{{{:04X}}}{{{c}}}", u32::from(c));
            }
        }
    }
    out.replace("$-$$\\infty$", "$-\\infty$")
        .replace("+$\\infty$", "$+\\infty$")
}

/// The macro every character beyond ASCII is set through, but the signs:
/// `\gametreechar{03A9}{Ω}` sets `Ω` where the engine reads Unicode
/// (LuaLaTeX, XeLaTeX), and under pdfLaTeX where `inputenc` knows it (in
/// the T1 encoding, which sets every accented Latin letter it knows);
/// anything else (Greek, CJK, emoji under pdfLaTeX without their packages)
/// is set as its code point, `U+03A9`, rather than stop the document.
pub(super) const CHARACTER_MACRO: &str = "\\providecommand\\gametreechar[2]{\\ifdefined\\Umathcode#2\\else\
     \\ifcsname u8:\\detokenize{#2}\\endcsname{\\fontencoding{T1}\\selectfont#2}\\else U+#1\\fi\\fi}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_set_with_signs() {
        assert_eq!(tex_text(">=6", true), "$\\geq$6");
        assert_eq!(tex_text("[-inf, +inf]", true), "[$-\\infty$, $+\\infty$]");
        assert_eq!(tex_text("#3", true), "\\#3");
        assert_eq!(tex_text("a_b{c}%", true), "a\\_b\\{c\\}\\%");
        assert_eq!(tex_text("2 -> 5", true), "2 $\\to$ 5");
    }

    #[test]
    fn a_name_is_set_as_written() {
        assert_eq!(tex_text("-inf>=x", false), "-inf\\textgreater{}=x");
        assert_eq!(
            tex_text("<!--'\"`|", false),
            "\\textless{}!-{}-\\textquotesingle{}{\\fontencoding{T1}\\selectfont\\textquotedbl}\\textasciigrave{}\\textbar{}"
        );
        assert_eq!(tex_text("a--b", false), "a-{}-b");
        assert_eq!(tex_text("Ωmega", false), "\\gametreechar{03A9}{Ω}mega");
        assert_eq!(tex_text("🎲", false), "\\gametreechar{1F3B2}{🎲}");
        assert_eq!(tex_text("≥", false), "$\\geq$");
    }
}
