//! What a native diagram draws, as a list of marks on the geometry: lines,
//! outlines, text. SVG and TikZ are two writings of the same scene, so they
//! never differ in meaning.

use super::Diagram;
use super::font::text_width;
use super::geometry::{FONT_SIZE, Geometry, LINE, MARGIN, Outline, SMALL_SIZE, Slot, note_text};
use super::layout::Size;
use super::state::{CutMark, Picture};
use crate::tree::{GameTree, NodeId};

/// Outlines and text.
pub(super) const INK: &str = "#000000";
/// The ground of the drawing and of node outlines.
pub(super) const PAPER: &str = "#ffffff";
/// Nodes and edges in a skipped subtree (Graphviz's gray65).
pub(super) const PRUNED: &str = "#a6a6a6";
/// Leaves not evaluated yet, in frames (gray50).
pub(super) const PENDING: &str = "#7f7f7f";
/// Cut edges and their labels (red3).
pub(super) const CUT: &str = "#cd0000";
/// A node the search is inside, in frames.
pub(super) const OPEN_FILL: &str = "#fff3b0";
/// The pen of ordinary outlines and edges.
pub(super) const PEN: f64 = 1.0;
/// The pen of the principal variation.
pub(super) const PV_PEN: f64 = 3.0;

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dash {
    /// Solid.
    Solid,
    /// Dashed: an edge a cut skipped.
    Dashed,
    /// Dotted: the edge to a note for hidden nodes.
    Dotted,
}

/// Where a text's `x` lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Anchor {
    /// At its middle.
    Middle,
    /// At its start.
    Start,
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Mark {
    /// A straight line.
    Line {
        /// One end.
        from: (f64, f64),
        /// The other end.
        to: (f64, f64),
        /// Its colour.
        colour: &'static str,
        /// Its pen width.
        width: f64,
        /// Its pattern.
        dash: Dash,
    },
    /// The start of a node's marks: its number and id.
    Node {
        /// Its preorder number.
        number: u32,
        /// Its id.
        id: String,
    },
    /// A node's outline, its box centred at `x` with its top at `top`.
    Outline {
        /// The shape.
        outline: Outline,
        /// The centre.
        x: f64,
        /// The top.
        top: f64,
        /// The size.
        size: Size,
        /// The fill.
        fill: &'static str,
        /// The pen colour.
        stroke: &'static str,
        /// The pen width.
        width: f64,
    },
    /// The end of a node's marks.
    NodeEnd,
    /// A white rectangle that text stands on.
    Ground {
        /// Its left side.
        x: f64,
        /// Its top.
        y: f64,
        /// Its width.
        width: f64,
        /// Its height.
        height: f64,
    },
    /// A line of text (as the trace writes it: `>=6`, `-inf`, `2 -> 5`).
    Text {
        /// Its anchor's place.
        x: f64,
        /// Its baseline.
        y: f64,
        /// Its size in points.
        size: f64,
        /// Its colour.
        colour: &'static str,
        /// Which end `x` is.
        anchor: Anchor,
        /// The text.
        text: String,
    },
}

/// A whole drawing: its size and its marks, back to front.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Scene {
    /// Its width in points.
    pub width: f64,
    /// Its height in points.
    pub height: f64,
    /// The marks.
    pub marks: Vec<Mark>,
}

impl Diagram<'_> {
    /// The scene of the diagram as `picture` shows it, on `geometry`, with a
    /// caption line under it when `caption` is given.
    pub(super) fn scene(
        &self,
        picture: &Picture,
        geometry: &Geometry,
        caption: Option<&str>,
    ) -> Scene {
        let mut marks = Vec::with_capacity(4 * geometry.items.len());
        for i in 0..geometry.items.len() {
            self.edge_mark(&mut marks, picture, geometry, i);
        }
        for i in 0..geometry.items.len() {
            self.item_marks(&mut marks, picture, geometry, i);
        }
        self.cut_label_marks(&mut marks, picture, geometry);
        let mut height = geometry.height();
        if let Some(caption) = caption {
            marks.push(Mark::Text {
                x: MARGIN,
                y: height + SMALL_SIZE,
                size: SMALL_SIZE,
                colour: INK,
                anchor: Anchor::Start,
                text: caption.to_string(),
            });
            height += SMALL_SIZE * LINE + MARGIN;
        }
        Scene {
            width: geometry.width(),
            height,
            marks,
        }
    }

    fn edge_mark(&self, marks: &mut Vec<Mark>, picture: &Picture, geometry: &Geometry, i: usize) {
        let item = &geometry.items[i];
        let Some(p) = item.parent else { return };
        let pruned = picture.is_pruned(item.node);
        let (colour, dash) = if item.outline == Outline::Note {
            (if pruned { PRUNED } else { INK }, Dash::Dotted)
        } else if picture.cut_above(item.node).is_some() {
            (CUT, Dash::Dashed)
        } else {
            (if pruned { PRUNED } else { INK }, Dash::Solid)
        };
        let parent = geometry.items[p].node;
        let bold = item.outline != Outline::Note
            && self.on_pv(picture, parent)
            && self.on_pv(picture, item.node);
        marks.push(Mark::Line {
            from: (geometry.x(p), geometry.bottom(p)),
            to: (geometry.x(i), geometry.top(i)),
            colour,
            width: if bold { PV_PEN } else { PEN },
            dash,
        });
        if item.outline == Outline::Note {
            return;
        }
        if let Some(text) = self.probability_text(parent, item.node) {
            // A quarter of the way down from the chance node, on a white
            // ground, clear of the cut label at the middle.
            let x = geometry.x(p) + (geometry.x(i) - geometry.x(p)) * 0.25;
            let y = geometry.bottom(p) + (geometry.top(i) - geometry.bottom(p)) * 0.25;
            let width = text_width(&text, SMALL_SIZE);
            let line = SMALL_SIZE * LINE;
            marks.push(Mark::Ground {
                x: x - width / 2.0 - 1.0,
                y: y - line / 2.0,
                width: width + 2.0,
                height: line,
            });
            let colour = if pruned { PRUNED } else { INK };
            push_text(marks, x, y + 0.36 * SMALL_SIZE, SMALL_SIZE, colour, text);
        }
    }

    fn item_marks(&self, marks: &mut Vec<Mark>, picture: &Picture, geometry: &Geometry, i: usize) {
        let item = &geometry.items[i];
        let pruned = picture.is_pruned(item.node);
        if item.outline == Outline::Note {
            marks.push(Mark::Text {
                x: geometry.x(i),
                y: geometry.inside_baseline(i, 0) - (FONT_SIZE - SMALL_SIZE) * 0.36,
                size: SMALL_SIZE,
                colour: if pruned { PRUNED } else { INK },
                anchor: Anchor::Middle,
                text: note_text(item.hidden),
            });
            return;
        }
        let node = item.node;
        marks.push(Mark::Node {
            number: self.preorder[node as usize],
            id: self.tree.id(node),
        });
        marks.push(Mark::Outline {
            outline: item.outline,
            x: geometry.x(i),
            top: geometry.top(i),
            size: item.shape,
            fill: if picture.is_open(self.tree, node) {
                OPEN_FILL
            } else {
                PAPER
            },
            stroke: if pruned { PRUNED } else { INK },
            width: if self.on_pv(picture, node) {
                PV_PEN
            } else {
                PEN
            },
        });
        if picture.node(node).horizon {
            // Valued at the depth limit: a second outline inside the first.
            let inset = 3.0;
            marks.push(Mark::Outline {
                outline: item.outline,
                x: geometry.x(i),
                top: geometry.top(i) + inset,
                size: Size {
                    width: (item.shape.width - 2.0 * inset).max(1.0),
                    height: (item.shape.height - 2.0 * inset).max(1.0),
                },
                fill: PAPER,
                stroke: if pruned { PRUNED } else { INK },
                width: PEN,
            });
        }
        for (line, slot) in item.inside.iter().enumerate() {
            let (text, colour) = match slot {
                Slot::Name => (self.tree.id(node), if pruned { PRUNED } else { INK }),
                Slot::Value => (
                    self.value_text(picture, node),
                    self.value_colour(picture, node),
                ),
            };
            push_text(
                marks,
                geometry.x(i),
                geometry.inside_baseline(i, line),
                FONT_SIZE,
                colour,
                text,
            );
        }
        let texts = self.layer_texts(picture, node);
        for (line, &slot) in item.layers.iter().enumerate() {
            let colour = if pruned { PRUNED } else { INK };
            let y = geometry.layer_baseline(i, line);
            push_text(
                marks,
                geometry.x(i),
                y,
                SMALL_SIZE,
                colour,
                texts[slot].clone(),
            );
        }
        marks.push(Mark::NodeEnd);
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

    /// One label per cut, over the middle of the edges it skipped, on a
    /// white ground so that it reads over lines.
    fn cut_label_marks(&self, marks: &mut Vec<Mark>, picture: &Picture, geometry: &Geometry) {
        for (parent, mark, members) in cut_groups(picture, geometry) {
            let count = members.len() as f64;
            let x = members
                .iter()
                .map(|&i| (geometry.x(parent) + geometry.x(i)) / 2.0)
                .sum::<f64>()
                / count;
            let y = members
                .iter()
                .map(|&i| (geometry.bottom(parent) + geometry.top(i)) / 2.0)
                .sum::<f64>()
                / count;
            let lines = self.cut_label(mark);
            let line = SMALL_SIZE * LINE;
            let top = y - lines.len() as f64 * line / 2.0;
            let width = lines
                .iter()
                .map(|text| text_width(text, SMALL_SIZE))
                .fold(0.0, f64::max);
            marks.push(Mark::Ground {
                x: x - width / 2.0 - 1.0,
                y: top,
                width: width + 2.0,
                height: lines.len() as f64 * line,
            });
            for (k, text) in lines.into_iter().enumerate() {
                let baseline = top + k as f64 * line + line / 2.0 + 0.36 * SMALL_SIZE;
                push_text(marks, x, baseline, SMALL_SIZE, CUT, text);
            }
        }
    }
}

/// Adds a centred text, unless it is empty.
fn push_text(marks: &mut Vec<Mark>, x: f64, y: f64, size: f64, colour: &'static str, text: String) {
    if !text.is_empty() {
        marks.push(Mark::Text {
            x,
            y,
            size,
            colour,
            anchor: Anchor::Middle,
            text,
        });
    }
}

/// The cuts drawn: for each, the item cut short, the mark and the items
/// it skipped (neighbours under one parent with the same mark).
fn cut_groups(picture: &Picture, geometry: &Geometry) -> Vec<(usize, CutMark, Vec<usize>)> {
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
    groups
}
