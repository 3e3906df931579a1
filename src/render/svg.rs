//! SVG written from the tidy layout: text as text, in the carried font
//! first, with the same bytes on every machine.

use std::fmt::Write;

use super::Diagram;
use super::font::{FONT_STACK, text_width};
use super::geometry::{
    FONT_SIZE, Geometry, Item, LINE, MARGIN, Outline, SMALL_SIZE, Slot, note_text, pretty,
};
use super::state::{CutMark, Picture};
use crate::tree::{GameTree, NodeId};

/// Outlines and text.
const INK: &str = "#000000";
/// Nodes and edges in a skipped subtree (Graphviz's gray65).
const PRUNED: &str = "#a6a6a6";
/// Leaves not evaluated yet, in frames (gray50).
const PENDING: &str = "#7f7f7f";
/// Cut edges and their labels (red3).
const CUT: &str = "#cd0000";
/// A node the search is inside, in frames.
const OPEN_FILL: &str = "#fff3b0";
/// The pen of ordinary outlines and edges, and of the principal variation.
const PEN: f64 = 1.0;
const PV_PEN: f64 = 3.0;

/// A number as SVG writes it: at most two decimals, no trailing zeros,
/// never `-0`.
pub fn num(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    let text = format!("{:.2}", if rounded == 0.0 { 0.0 } else { rounded });
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Text escaped for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Diagram<'_> {
    /// The SVG of the diagram as `picture` shows it, on `geometry`, with a
    /// caption line under it when `caption` is given.
    pub(super) fn svg(
        &self,
        picture: &Picture,
        geometry: &Geometry,
        caption: Option<&str>,
    ) -> String {
        let mut out = String::with_capacity(256 * geometry.items.len() + 1024);
        let caption_height = if caption.is_some() {
            SMALL_SIZE * LINE + MARGIN
        } else {
            0.0
        };
        let (width, height) = (geometry.width(), geometry.height() + caption_height);
        let _ = write!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}pt\" height=\"{h}pt\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_STACK}\" font-size=\"{FONT_SIZE}\" \
             text-anchor=\"middle\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
            w = num(width),
            h = num(height),
        );
        out.push_str("<g fill=\"none\" stroke-linecap=\"round\">\n");
        for i in 0..geometry.items.len() {
            self.svg_edge(&mut out, picture, geometry, i);
        }
        out.push_str("</g>\n");
        for i in 0..geometry.items.len() {
            self.svg_item(&mut out, picture, geometry, i);
        }
        self.svg_cut_labels(&mut out, picture, geometry);
        if let Some(caption) = caption {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{SMALL_SIZE}\" text-anchor=\"start\">{}</text>",
                num(MARGIN),
                num(geometry.height() + SMALL_SIZE),
                escape(caption)
            );
        }
        out.push_str("</svg>\n");
        out
    }

    fn svg_edge(&self, out: &mut String, picture: &Picture, geometry: &Geometry, i: usize) {
        let item = &geometry.items[i];
        let Some(p) = item.parent else { return };
        let (x1, y1) = (geometry.x(p), geometry.bottom(p));
        let (x2, y2) = (geometry.x(i), geometry.top(i));
        let mut style = String::new();
        if item.outline == Outline::Note {
            let colour = if picture.is_pruned(item.node) {
                PRUNED
            } else {
                INK
            };
            style = format!(" stroke=\"{colour}\" stroke-dasharray=\"1 3\"");
        } else if picture.cut_above(item.node).is_some() {
            style = format!(" stroke=\"{CUT}\" stroke-dasharray=\"5 3\"");
        } else if picture.is_pruned(item.node) {
            style = format!(" stroke=\"{PRUNED}\"");
        } else {
            style.push_str(&format!(" stroke=\"{INK}\""));
        }
        let parent = geometry.items[p].node;
        if item.outline != Outline::Note
            && self.on_pv(picture, parent)
            && self.on_pv(picture, item.node)
        {
            style.push_str(&format!(" stroke-width=\"{}\"", num(PV_PEN)));
        }
        let _ = writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{style}/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }

    fn svg_item(&self, out: &mut String, picture: &Picture, geometry: &Geometry, i: usize) {
        let item = &geometry.items[i];
        if item.outline == Outline::Note {
            let colour = if picture.is_pruned(item.node) {
                PRUNED
            } else {
                INK
            };
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{SMALL_SIZE}\" fill=\"{colour}\">{}</text>",
                num(geometry.x(i)),
                num(geometry.inside_baseline(i, 0) - (FONT_SIZE - SMALL_SIZE) * 0.36),
                note_text(item.hidden)
            );
            return;
        }
        let node = item.node;
        let pruned = picture.is_pruned(node);
        let line = if pruned { PRUNED } else { INK };
        let fill = if picture.is_open(self.tree, node) {
            OPEN_FILL
        } else {
            "#ffffff"
        };
        let pen = if self.on_pv(picture, node) {
            PV_PEN
        } else {
            PEN
        };
        let _ = writeln!(
            out,
            "<g id=\"n{}\"><title>{}</title>",
            self.preorder[node as usize],
            escape(&self.tree.id(node))
        );
        let _ = writeln!(
            out,
            "{} fill=\"{fill}\" stroke=\"{line}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
            outline_element(item, geometry.x(i), geometry.top(i)),
            num(pen)
        );
        self.svg_inside(out, picture, geometry, i, pruned);
        self.svg_layers(out, picture, geometry, i, if pruned { PRUNED } else { INK });
        out.push_str("</g>\n");
    }

    fn svg_inside(
        &self,
        out: &mut String,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
        pruned: bool,
    ) {
        let item = &geometry.items[i];
        let node = item.node;
        for (line, slot) in item.inside.iter().enumerate() {
            let (text, colour) = match slot {
                Slot::Name => (self.tree.id(node), if pruned { PRUNED } else { INK }),
                Slot::Value => (
                    self.value_text(picture, node),
                    self.value_colour(picture, node),
                ),
            };
            if text.is_empty() {
                continue;
            }
            let fill = if colour == INK {
                String::new()
            } else {
                format!(" fill=\"{colour}\"")
            };
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\"{fill}>{}</text>",
                num(geometry.x(i)),
                num(geometry.inside_baseline(i, line)),
                escape(&pretty(&text))
            );
        }
    }

    /// The colour of a value: grey in a skipped subtree, lighter grey for
    /// a leaf whose value the search has not looked at yet.
    fn value_colour(&self, picture: &Picture, node: NodeId) -> &'static str {
        if picture.is_pruned(node) {
            PRUNED
        } else if picture.node(node).leaf.is_none()
            && self.tree.children_slice(node).is_empty()
            && !self.options.blank
        {
            PENDING
        } else {
            INK
        }
    }

    fn svg_layers(
        &self,
        out: &mut String,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
        colour: &str,
    ) {
        let item = &geometry.items[i];
        let texts = self.layer_texts(picture, item.node);
        for (line, &slot) in item.layers.iter().enumerate() {
            let text = &texts[slot];
            if text.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{SMALL_SIZE}\" fill=\"{colour}\">{}</text>",
                num(geometry.x(i)),
                num(geometry.layer_baseline(i, line)),
                escape(&pretty(text))
            );
        }
    }

    /// One label per cut, over the middle of the edges it skipped, on a
    /// white ground so that it reads over lines.
    fn svg_cut_labels(&self, out: &mut String, picture: &Picture, geometry: &Geometry) {
        let mut groups: Vec<(usize, CutMark, Vec<usize>)> = Vec::new();
        for (i, item) in geometry.items.iter().enumerate() {
            let (Some(parent), Some(mark)) = (item.parent, picture.cut_above(item.node)) else {
                continue;
            };
            if item.outline == Outline::Note {
                continue;
            }
            match groups.last_mut() {
                Some((p, m, members)) if *p == parent && *m == mark => members.push(i),
                _ => groups.push((parent, mark, vec![i])),
            }
        }
        for (parent, mark, members) in groups {
            let (mut x, mut y) = (0.0, 0.0);
            for &i in &members {
                x += (geometry.x(parent) + geometry.x(i)) / 2.0;
                y += (geometry.bottom(parent) + geometry.top(i)) / 2.0;
            }
            let count = members.len() as f64;
            let lines = self.cut_label(mark);
            let line = SMALL_SIZE * LINE;
            let top = y / count - lines.len() as f64 * line / 2.0;
            let width = lines
                .iter()
                .map(|text| text_width(text, SMALL_SIZE))
                .fold(0.0, f64::max);
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
                num(x / count - width / 2.0 - 1.0),
                num(top),
                num(width + 2.0),
                num(lines.len() as f64 * line)
            );
            for (k, text) in lines.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{SMALL_SIZE}\" fill=\"{CUT}\">{}</text>",
                    num(x / count),
                    num(top + k as f64 * line + line / 2.0 + 0.36 * SMALL_SIZE),
                    escape(text)
                );
            }
        }
    }
}

/// The SVG element (unclosed) of an item's outline, its box centred at
/// `x` with its top at `top`.
fn outline_element(item: &Item, x: f64, top: f64) -> String {
    let (w, h) = (item.shape.width, item.shape.height);
    let (left, right, bottom) = (x - w / 2.0, x + w / 2.0, top + h);
    match item.outline {
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
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-2.125), "-2.13");
    }
}
