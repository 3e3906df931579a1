//! Beamer overlays: the search as one TikZ picture whose marks carry
//! overlay specifications (`\only<3-7>{...}`), the tree before the search
//! on the first overlay and one overlay per step of the trace after it,
//! each with the step's line as `trace` writes it under the drawing.
//!
//! Every overlay is the native frame of its step, drawn on the geometry of
//! the full diagram, so nothing moves from one overlay to the next; its
//! marks are written as the TikZ picture writes them and merged (see
//! [`Overlays`]), a mark shown on several overlays in a row being written
//! once. The bounding box is declared once, before any mark, from the full
//! diagram and the room its longest caption needs: no overlay takes other
//! room than another.

use std::fmt::Write;

use super::Diagram;
use super::font::text_width;
use super::geometry::Geometry;
use super::metrics::{LINE, MARGIN};
use super::overlays::{Overlays, Run};
use super::scene::INK;
use super::state::Picture;
use super::svg::num;
use super::tex::{CHARACTER_MACRO, COLOURS, name, tex_text, write_mark};

/// The size of a caption on the slide, in points.
const CAPTION: f64 = 10.0;
/// The least width of the caption on the slide, in points, however
/// narrow the tree: a short line is hard to read.
const CAPTION_WIDTH: f64 = 300.0;
/// The room a 16:9 Beamer frame gives the picture (its 160 x 90 mm page,
/// less 0.4 cm each side and room above and below), in points.
const FRAME: (f64, f64) = (432.0, 240.0);
/// The most a small tree is enlarged to fill the frame.
const MOST_SCALE: f64 = 2.0;

/// Where the picture's parts lie, in the picture's points (before any
/// scaling), and the scale it is shown at.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Frame {
    /// The factor the standalone document scales the picture by (1 for a
    /// picture to `\input`).
    scale: f64,
    /// The size of the caption, in the picture's points.
    caption: f64,
    /// The left side of the bounding box (the tree starts at 0).
    left: f64,
    /// The width of the bounding box.
    width: f64,
    /// The bottom of the tree, where captions start.
    tree_bottom: f64,
    /// The height of the bounding box.
    height: f64,
}

impl Diagram<'_> {
    /// The search as Beamer overlays: one TikZ picture, to `\input` in a
    /// frame, whose first overlay is the tree before the search and whose
    /// overlay `k + 1` shows the search after step `k` of the trace (as
    /// `trace` numbers the steps), with that step's line as caption unless
    /// captions are off. With `standalone`, a whole Beamer document: one
    /// 16:9 frame with the picture scaled to fit it, captions at 10 pt.
    pub fn to_beamer(&self, standalone: bool) -> String {
        let geometry = self.geometry();
        let (overlays, captions) = self.overlays(&geometry);
        let count = overlays.count();
        let captions: Vec<String> = match self.options.captions {
            true => captions,
            false => Vec::new(),
        };
        let frame = match standalone {
            true => fitted(&geometry, &captions),
            false => laid_out(&geometry, &captions, 1.0),
        };
        let picture = picture(&overlays.runs(), count, &captions, frame);
        // A frame's body is read as a macro's argument, where the
        // character macro's `#` would stand for a parameter: a document
        // defines it in its preamble.
        let macro_needed = picture.contains("\\gametreechar");
        match standalone {
            true => document(&picture, frame.scale, macro_needed),
            false if macro_needed => picture.replacen('\n', &format!("\n{CHARACTER_MACRO}%\n"), 1),
            false => picture,
        }
    }

    /// The marks of every overlay, merged, and the caption of each step
    /// (`12. beta cut at F: ...`): the tree before the search, then the
    /// picture after each event that `trace` writes a line for (with the
    /// events before it that it writes none for, such as entering a leaf).
    fn overlays(&self, geometry: &Geometry) -> (Overlays, Vec<String>) {
        let mut picture = Picture::new(self.tree);
        let mut overlays = Overlays::new();
        let mut captions = Vec::new();
        overlays.push(self.overlay_lines(&picture, geometry));
        let mut ready = None;
        let mut trailing = false;
        for event in self.events {
            picture.apply(self.tree, event);
            let Some(text) = event.line(self.tree, self.options.strict) else {
                trailing = true;
                continue;
            };
            if let Some(lines) = ready.take() {
                overlays.push(lines);
            }
            captions.push(format!("{}. {text}", captions.len() + 1));
            ready = Some(self.overlay_lines(&picture, geometry));
            trailing = false;
        }
        // Events after the last step's (none in a search's trace) are
        // shown with it.
        if trailing && ready.is_some() {
            ready = Some(self.overlay_lines(&picture, geometry));
        }
        if let Some(lines) = ready {
            overlays.push(lines);
        }
        (overlays, captions)
    }

    /// The TikZ lines of the picture as `picture` shows it, back to front.
    fn overlay_lines(&self, picture: &Picture, geometry: &Geometry) -> Vec<String> {
        let scene = self.scene(picture, geometry, None);
        let mut lines = Vec::with_capacity(scene.marks.len());
        let mut text = String::new();
        for mark in &scene.marks {
            text.clear();
            write_mark(&mut text, mark);
            lines.extend(text.lines().map(str::to_string));
        }
        lines
    }
}

/// The frame of a standalone document: the greatest scale (at most
/// [`MOST_SCALE`]) at which the tree and its captions, set at
/// [`CAPTION`] points on the slide, fit [`FRAME`].
fn fitted(geometry: &Geometry, captions: &[String]) -> Frame {
    let fit = |frame: Frame| (FRAME.0 / frame.width).min(FRAME.1 / frame.height);
    let mut scale = (FRAME.0 / geometry.width())
        .min(FRAME.1 / geometry.height())
        .min(MOST_SCALE);
    let mut frame = laid_out(geometry, captions, scale);
    // A smaller scale sets the captions larger in the picture's points, so
    // they may take more lines: shrink until the whole fits.
    for _ in 0..8 {
        let next = fit(frame).min(MOST_SCALE);
        if next >= scale * 0.999 {
            break;
        }
        scale = next;
        frame = laid_out(geometry, captions, scale);
    }
    Frame {
        scale: scale.min(fit(frame)),
        ..frame
    }
}

/// The frame of the tree and its captions for a picture shown at `scale`:
/// captions [`CAPTION`] points high on the slide, at least
/// [`CAPTION_WIDTH`] wide, under the tree, with room for as many lines as
/// the longest takes (as DejaVu Sans sets them, a little wider than
/// LaTeX's sans-serif face).
fn laid_out(geometry: &Geometry, captions: &[String], scale: f64) -> Frame {
    let (tree_width, tree_bottom) = (geometry.width(), geometry.height());
    let caption = CAPTION / scale;
    let width = match captions.is_empty() {
        true => tree_width,
        false => tree_width.max(CAPTION_WIDTH / scale),
    };
    let lines = captions
        .iter()
        .map(|text| wrapped_lines(text, width - 2.0 * MARGIN, caption))
        .max()
        .unwrap_or(0);
    let room = match lines {
        0 => 0.0,
        _ => lines as f64 * caption * LINE + MARGIN,
    };
    Frame {
        scale,
        caption,
        left: -(width - tree_width) / 2.0,
        width,
        tree_bottom,
        height: tree_bottom + room,
    }
}

/// How many lines `text` takes, broken between words, in lines `width`
/// wide at `size` points.
fn wrapped_lines(text: &str, width: f64, size: f64) -> usize {
    let space = text_width(" ", size);
    let mut lines = 1;
    let mut used: f64 = 0.0;
    for word in text.split_whitespace() {
        let word = text_width(word, size);
        if used > 0.0 && used + space + word > width {
            lines += 1;
            used = word;
        } else {
            used += if used > 0.0 { space + word } else { word };
        }
    }
    lines
}

/// The TikZ picture: the merged marks, each with the overlays that show
/// it, and each step's caption on its own overlay.
fn picture(runs: &[Run], count: usize, captions: &[String], frame: Frame) -> String {
    let mut body = String::with_capacity(runs.iter().map(|r| r.text.len() + 16).sum());
    for run in runs {
        // A comment shows nothing, and would swallow the closing brace.
        if run.text.starts_with('%') || (run.first == 0 && run.last + 1 == count) {
            body.push_str(&run.text);
        } else {
            let _ = write!(body, "\\only<{}>{{{}}}", spec(run, count), run.text);
        }
        body.push('\n');
    }
    for (step, caption) in captions.iter().enumerate() {
        let _ = writeln!(
            body,
            "\\only<{}>{{\\node[gametree caption] at ({},{}) {{{}}};}}",
            step + 2,
            num(frame.left + MARGIN),
            num(frame.tree_bottom),
            tex_text(caption, true)
        );
    }
    let mut out = String::with_capacity(body.len() + 1024);
    let _ = writeln!(
        out,
        "% Drawn by gametree: Beamer overlays, the tree before the search then one per step \
         ({count} in all); needs \\usepackage{{tikz}}; \\input this file in a frame \
         (\\scalebox{{0.8}}{{\\input{{...}}}} to scale it)."
    );
    let leading = frame.caption * LINE;
    let _ = writeln!(
        out,
        "\\begin{{tikzpicture}}[x=1pt,y=-1pt,inner sep=0pt,line cap=round,line join=round,\n  \
         gametree caption/.style={{anchor=north west,align=left,text width={}pt,text={},\
         font=\\sffamily\\fontsize{{{}}}{{{}}}\\selectfont}}]",
        num(frame.width - 2.0 * MARGIN),
        name(INK),
        num(frame.caption),
        num(leading)
    );
    for colour in COLOURS {
        let hex = colour[1..].to_ascii_uppercase();
        let _ = writeln!(out, "\\definecolor{{{}}}{{HTML}}{{{hex}}}", name(colour));
    }
    let _ = writeln!(
        out,
        "\\useasboundingbox ({},0) rectangle ({},{});",
        num(frame.left),
        num(frame.left + frame.width),
        num(frame.height)
    );
    let _ = writeln!(
        out,
        "\\only<1-{count}>{{}}% every overlay, even one with nothing new"
    );
    out.push_str(&body);
    out.push_str("\\end{tikzpicture}\n");
    out
}

/// The overlays (from 1) that show a run: `3`, `3-7`, or `3-` to the end.
fn spec(run: &Run, count: usize) -> String {
    let (first, last) = (run.first + 1, run.last + 1);
    if last == count {
        format!("{first}-")
    } else if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    }
}

/// A Beamer document of one 16:9 frame holding `picture` at `scale`,
/// with the character macro in its preamble when `macro_needed`.
fn document(picture: &str, scale: f64, macro_needed: bool) -> String {
    let mut out = String::with_capacity(picture.len() + 512);
    out.push_str(
        "\\documentclass[aspectratio=169]{beamer}\n\
         \\usepackage{tikz}\n\
         \\setbeamertemplate{navigation symbols}{}\n\
         \\setbeamersize{text margin left=0.4cm,text margin right=0.4cm}\n",
    );
    if macro_needed {
        out.push_str(CHARACTER_MACRO);
        out.push('\n');
    }
    out.push_str(
        "\\begin{document}\n\
         \\begin{frame}[plain]\n\
         \\centering\n",
    );
    let _ = writeln!(out, "\\scalebox{{{}}}{{%", scale_text(scale));
    out.push_str(picture);
    out.push_str("}\n\\end{frame}\n\\end{document}\n");
    out
}

/// A scale factor to four decimals, so that rounding never makes the
/// picture overflow the frame.
fn scale_text(scale: f64) -> String {
    let down = (scale * 10_000.0).floor() / 10_000.0;
    format!("{down}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_given_the_overlays_that_show_them() {
        let run = |first, last| Run {
            text: String::new(),
            first,
            last,
        };
        assert_eq!(spec(&run(2, 6), 10), "3-7");
        assert_eq!(spec(&run(2, 2), 10), "3");
        assert_eq!(spec(&run(2, 9), 10), "3-");
    }

    #[test]
    fn captions_are_broken_between_words() {
        let width = text_width("enter B, window", 10.0);
        assert_eq!(wrapped_lines("enter B, window", width, 10.0), 1);
        assert_eq!(wrapped_lines("enter B, window [3, 5]", width, 10.0), 2);
        assert_eq!(wrapped_lines("", width, 10.0), 1);
    }

    #[test]
    fn scales_are_rounded_down() {
        assert_eq!(scale_text(0.71239), "0.7123");
        assert_eq!(scale_text(2.0), "2");
    }
}
