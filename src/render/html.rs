//! The diagram of the web page (see the `web` module): the native layout written as SVG whose parts the
//! page's script can find and change, one step at a time. Every node is a
//! group `n{node}` with its value and layer lines as empty text elements;
//! every edge a line `e{node}` (named after the child it leads to; quiz
//! mode lays a wider transparent line over it to click), with its
//! probability below a chance node, and a hidden label for the cut that
//! skips it, if one does.

use std::fmt::Write;

use super::Diagram;
use super::font::FONT_STACK;
use super::geometry::{Geometry, Outline, Slot, note_text};
use super::state::Picture;
use super::svg::{escape, num, push_outline};
use crate::tree::GameTree;

/// The class of each layer slot, in the layers' order:
/// window, visit order, value history, node type.
const LAYER_CLASSES: [&str; 4] = ["w", "v", "h", "t"];

impl Diagram<'_> {
    /// The diagram as the web page's SVG, laid out for the full trace with
    /// the text of the layers its options turn on, and showing nothing the
    /// search found: the page's script fills it in step by step. Nodes are
    /// groups `n{node}` (class `node max` or `node min`, `leaf` too), their
    /// value an empty `text.val`, their layer lines empty `text.ly-w`
    /// (window), `ly-v` (visit), `ly-h` (history), `ly-t` (type); edges are
    /// lines `e{node}` named after the child, and a cut's label `c{node}`.
    pub fn page_svg(&self) -> String {
        let full = self.full_picture();
        let geometry = self.geometry(&full);
        let mut out = String::with_capacity(400 * geometry.items.len() + 1024);
        let mut labels = String::new();
        let (w, h) = (geometry.width(), geometry.height());
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tree\" viewBox=\"0 0 {} {}\" \
             data-width=\"{}\" font-family=\"{FONT_STACK}\" font-size=\"11\" \
             text-anchor=\"middle\" role=\"img\" aria-label=\"the game tree\">\n<g class=\"edges\">\n",
            num(w),
            num(h),
            num(w)
        );
        for i in 0..geometry.items.len() {
            self.page_edge(&mut out, &mut labels, &full, &geometry, i);
        }
        // The edges' labels over every edge.
        out.push_str("</g>\n<g class=\"labels\">\n");
        out.push_str(&labels);
        out.push_str("</g>\n<g class=\"nodes\">\n");
        for i in 0..geometry.items.len() {
            self.page_node(&mut out, &geometry, i);
        }
        out.push_str("</g>\n</svg>\n");
        out
    }

    /// Writes the edge into item `i` to `out`, and its labels to `labels`.
    fn page_edge(
        &self,
        out: &mut String,
        labels: &mut String,
        full: &Picture,
        geometry: &Geometry,
        i: usize,
    ) {
        let item = &geometry.items[i];
        let Some(p) = item.parent else { return };
        let (x1, y1) = (geometry.x(p), geometry.bottom(p));
        let (x2, y2) = (geometry.x(i), geometry.top(i));
        if item.outline == Outline::Note {
            let _ = writeln!(
                out,
                "<line class=\"note\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                num(x1),
                num(y1),
                num(x2),
                num(y2)
            );
            return;
        }
        let node = item.node;
        let _ = writeln!(
            out,
            "<line class=\"edge\" id=\"e{node}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
        if let Some(text) = self.probability_text(geometry.items[p].node, node) {
            // A quarter of the way down from the chance node, as drawn.
            let _ = writeln!(
                labels,
                "<text class=\"probability\" x=\"{}\" y=\"{}\" font-size=\"9\">{}</text>",
                num(x1 + (x2 - x1) * 0.25),
                num(y1 + (y2 - y1) * 0.25 + 3.0),
                escape(&text)
            );
        }
        if let Some(mark) = full.cut_above(node) {
            let label = self.cut_label(mark).join(", ");
            let _ = writeln!(
                labels,
                "<text class=\"cutlabel\" id=\"c{node}\" x=\"{}\" y=\"{}\" font-size=\"9\">{}</text>",
                num((x1 + x2) / 2.0),
                num((y1 + y2) / 2.0 + 3.0),
                escape(&label)
            );
        }
    }

    fn page_node(&self, out: &mut String, geometry: &Geometry, i: usize) {
        let item = &geometry.items[i];
        let x = geometry.x(i);
        if item.outline == Outline::Note {
            let _ = writeln!(
                out,
                "<text class=\"note\" x=\"{}\" y=\"{}\" font-size=\"9\">{}</text>",
                num(x),
                num(geometry.inside_baseline(i, 0)),
                note_text(item.hidden)
            );
            return;
        }
        let node = item.node;
        let kind = self.tree.kind(node);
        let leaf = self.tree.children_slice(node).is_empty();
        let id = self.tree.id(node);
        let _ = write!(
            out,
            "<g class=\"node {kind}{}\" id=\"n{node}\" data-n=\"{node}\"><title>{}</title>",
            if leaf { " leaf" } else { "" },
            escape(&id)
        );
        push_outline(out, item.outline, item.shape, x, geometry.top(i));
        out.push_str(" class=\"shape\"/>");
        for (line, slot) in item.inside.iter().enumerate() {
            let y = num(geometry.inside_baseline(i, line));
            match slot {
                Slot::Name => {
                    let _ = write!(
                        out,
                        "<text class=\"name\" x=\"{}\" y=\"{y}\">{}</text>",
                        num(x),
                        escape(&id)
                    );
                }
                Slot::Value => {
                    let _ = write!(
                        out,
                        "<text class=\"val\" x=\"{}\" y=\"{y}\"></text>",
                        num(x)
                    );
                }
            }
        }
        for (line, &slot) in item.layers.iter().enumerate() {
            let _ = write!(
                out,
                "<text class=\"ly ly-{}\" x=\"{}\" y=\"{}\" font-size=\"9\"></text>",
                LAYER_CLASSES[slot],
                num(x),
                num(geometry.layer_baseline(i, line))
            );
        }
        out.push_str("</g>\n");
    }
}
