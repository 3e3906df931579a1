//! The diagram of the web page (see the `web` module): the native geometry
//! written as SVG whose parts the page's script can find and change, one
//! step at a time. Every node is a group `n{node}` with a leaf's value as
//! an empty text element, an interior node's value and its layer lines as
//! places in attributes;
//! every edge a polyline `e{node}` (named after the child it leads to;
//! quiz mode lays a wider transparent line over it to click); each
//! probability and action label, and the label of each cut the search
//! makes (hidden until made), in the place the geometry keeps for it.
//! Names and labels are written as the tree gives them, escaped for XML.

use std::collections::HashMap;
use std::fmt::Write;

use super::Diagram;
use super::edge_labels::anchor_x;
use super::font::FONT_STACK;
use super::geometry::{Geometry, Outline, Slot, note_text};
use super::labels::{Label, LabelAt, LabelOf};
use super::metrics::{Anchor, FONT_SIZE, MARGIN, Rect, SMALL_SIZE, baseline, block_height};
use super::reserve::Layer;
use super::state::Picture;
use super::svg::{escape, num, push_outline};
use crate::tree::{GameTree, NodeId};

impl Diagram<'_> {
    /// The diagram as the web page's SVG, on the geometry of every frame
    /// (the text of the layers its options turn on has its room whether
    /// shown or not), showing nothing the search found: the page's script
    /// fills it in step by step. Nodes are groups `n{node}` (class `node
    /// max` or `node min`, `leaf` too), a leaf's value an empty
    /// `text.val`, an interior node's the place of one in `data-v` (`X
    /// Y`, the script draws it when a step gives the node a value), the
    /// places of their layer lines in `data-ly` (the script draws a
    /// line, `text.ly-w` (window), `ly-v` (visit), `ly-h` (history) or
    /// `ly-t` (type), when a step first fills it); edges are polylines
    /// `e{node}` named after the child, from the bottom of the parent's
    /// shape to the top of the child's; an action label is `a{node}`, a
    /// cut's label `c{node}` (after the first child it skips), hidden
    /// until shown.
    pub fn page_svg(&self) -> String {
        let full = self.full_picture();
        let geometry = self.geometry();
        let mut out = String::with_capacity(400 * geometry.items.len() + 1024);
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
            page_edge(&mut out, &geometry, i);
        }
        out.push_str("</g>\n<g class=\"labels\">\n");
        self.page_labels(&mut out, &full, &geometry);
        out.push_str("</g>\n<g class=\"nodes\">\n");
        for i in 0..geometry.items.len() {
            self.page_node(&mut out, &geometry, i);
        }
        out.push_str("</g>\n</svg>\n");
        out
    }

    /// Every label in its place: probabilities and action labels as they
    /// always show, and the label of each cut of the search, hidden.
    fn page_labels(&self, out: &mut String, full: &Picture, geometry: &Geometry) {
        let mut first_cut: HashMap<usize, NodeId> = HashMap::new();
        for item in geometry.items.iter().filter(|i| i.outline != Outline::Note) {
            if let (Some(p), true) = (item.parent, full.cut_above(item.node).is_some()) {
                first_cut.entry(p).or_insert(item.node);
            }
        }
        for label in &geometry.labels {
            let (lines, head) = match label.of {
                LabelOf::Probability(i) => {
                    let node = geometry.items[i].node;
                    let parent = geometry.items[i].parent.map(|p| geometry.items[p].node);
                    let text = parent.and_then(|p| self.probability_text(p, node));
                    (
                        text.into_iter().collect::<Vec<_>>(),
                        "<g class=\"probability\">".to_string(),
                    )
                }
                LabelOf::Action(i) => {
                    let node = geometry.items[i].node;
                    let text = self.label_text(node).into_iter().collect::<Vec<_>>();
                    (text, format!("<g class=\"action\" id=\"a{node}\">"))
                }
                LabelOf::Cut(p) => {
                    let Some(&child) = first_cut.get(&p) else {
                        continue;
                    };
                    let mark = full.cut_above(child).expect("a cut skips it");
                    (
                        self.cut_label(mark),
                        format!("<g class=\"cutlabel\" id=\"c{child}\">"),
                    )
                }
            };
            if lines.is_empty() {
                continue;
            }
            out.push_str(&head);
            self.page_label_lines(out, geometry, label, &lines);
            out.push_str("</g>\n");
        }
    }

    /// A label's lines in its box, or its marker and its row of the
    /// legend.
    fn page_label_lines(
        &self,
        out: &mut String,
        geometry: &Geometry,
        label: &Label,
        lines: &[String],
    ) {
        let boxed = |out: &mut String, rect: Rect, anchor: Anchor, lines: &[String]| {
            let x = anchor_x(rect, anchor);
            let anchor = match anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            let top = rect.y + (rect.height - block_height(lines.len())).max(0.0) / 2.0;
            for (k, line) in lines.iter().enumerate() {
                let _ = write!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"{anchor}\">{}</text>",
                    num(x),
                    num(top + baseline(k, SMALL_SIZE)),
                    escape(line)
                );
            }
        };
        match label.at {
            LabelAt::Beside { rect, anchor } => boxed(out, rect, anchor, lines),
            LabelAt::Legend { marker, number } => {
                let head = match marker {
                    Some(rect) => {
                        boxed(out, rect, Anchor::Start, &[number.to_string()]);
                        number.to_string()
                    }
                    None => self.legend_name(geometry, label.of),
                };
                let (x, row) = geometry.legend.place(number);
                let _ = write!(
                    out,
                    "<text class=\"legend\" x=\"{}\" y=\"{}\" font-size=\"9\" \
                     text-anchor=\"start\">{}: <tspan class=\"said\">{}</tspan></text>",
                    num(MARGIN + x),
                    num(geometry.legend_top() + baseline(row, SMALL_SIZE)),
                    escape(&head),
                    escape(&lines.join(", "))
                );
            }
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
                num(geometry.inside_baseline(i, 0) - (FONT_SIZE - SMALL_SIZE) * 0.36),
                note_text(item.hidden)
            );
            return;
        }
        let node = item.node;
        let kind = self.tree.kind(node);
        let leaf = self.tree.is_leaf(node);
        let id = self.tree.id(node);
        // An interior node's value is empty until the search gives it
        // one: its place is in `data-v`, and the script makes its text.
        let value_place = item
            .inside
            .iter()
            .position(|slot| *slot == Slot::Value)
            .filter(|_| !leaf)
            .map(|line| {
                let y = num(geometry.inside_baseline(i, line));
                format!(" data-v=\"{} {y}\"", num(x))
            })
            .unwrap_or_default();
        let _ = write!(
            out,
            "<g class=\"node {kind}{}\" id=\"n{node}\"{value_place}{}><title>{}</title>",
            if leaf { " leaf" } else { "" },
            self.page_layer_slots(geometry, i),
            escape(&id)
        );
        push_outline(out, item.outline, item.shape, x, geometry.top(i));
        out.push_str(" class=\"shape\"/>");
        for (line, slot) in item.inside.iter().enumerate() {
            let y = num(geometry.inside_baseline(i, line));
            match slot {
                Slot::Value if !leaf => {}
                Slot::Value => {
                    let _ = write!(
                        out,
                        "<text class=\"val\" x=\"{}\" y=\"{y}\"></text>",
                        num(x)
                    );
                }
                _ => {
                    let _ = write!(
                        out,
                        "<text class=\"name\" x=\"{}\" y=\"{y}\">{}</text>",
                        num(x),
                        escape(&id)
                    );
                }
            }
        }
        self.page_outside(out, geometry, i, &id);
        out.push_str("</g>\n");
    }

    /// The lines outside item `i`'s shape that hold a name too wide for
    /// it (the layers' lines are places in `data-ly`, drawn by the script
    /// when a step fills them).
    fn page_outside(&self, out: &mut String, geometry: &Geometry, i: usize, id: &str) {
        for (line, slot) in geometry.items[i].outside.iter().enumerate() {
            if matches!(slot, Slot::Layer(_)) {
                continue;
            }
            let (x, y, start) = geometry.outside_line(i, line);
            let anchor = if start { " text-anchor=\"start\"" } else { "" };
            let _ = write!(
                out,
                "<text class=\"name\" x=\"{}\" y=\"{}\" font-size=\"9\"{anchor}>{}</text>",
                num(x),
                num(y),
                escape(id)
            );
        }
    }

    /// The places of item `i`'s layer lines as the attribute ` data-ly="X
    /// A Ly..."`: their x, their anchor (`s` start, `m` middle), and each
    /// line's layer letter (`w`, `v`, `h`, `t`) with its baseline; empty
    /// when it has none. An element for every line of every node would be
    /// most of the page's elements, nearly all empty when it opens.
    fn page_layer_slots(&self, geometry: &Geometry, i: usize) -> String {
        let layers = Layer::on(self.options.layers);
        let mut slots = String::new();
        for (line, slot) in geometry.items[i].outside.iter().enumerate() {
            let Slot::Layer(k) = slot else { continue };
            let (x, y, start) = geometry.outside_line(i, line);
            if slots.is_empty() {
                let anchor = if start { 's' } else { 'm' };
                let _ = write!(slots, " data-ly=\"{} {anchor}", num(x));
            }
            let letter = layers[usize::from(*k)].class().trim_start_matches("ly-");
            let _ = write!(slots, " {letter}{}", num(y));
        }
        if !slots.is_empty() {
            slots.push('"');
        }
        slots
    }
}

/// Writes the edge into item `i`, as a polyline from the bottom of the
/// parent's shape to the top of the child's.
fn page_edge(out: &mut String, geometry: &Geometry, i: usize) {
    let Some(edge) = geometry.edge(i) else { return };
    let item = &geometry.items[i];
    let head = match item.outline {
        Outline::Note => "<polyline class=\"note\"".to_string(),
        _ => format!("<polyline class=\"edge\" id=\"e{}\"", item.node),
    };
    let (x1, y1) = edge.from;
    let (x2, y2) = edge.to;
    let bend = edge
        .bend
        .map_or(String::new(), |y| format!(" {},{}", num(x1), num(y)));
    let _ = writeln!(
        out,
        "{head} points=\"{},{}{bend} {},{}\"/>",
        num(x1),
        num(y1),
        num(x2),
        num(y2)
    );
}
