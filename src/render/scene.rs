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

/// A straight line.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct LineMark {
    /// One end.
    pub from: (f64, f64),
    /// The other end.
    pub to: (f64, f64),
    /// Its colour.
    pub colour: &'static str,
    /// Its pen width.
    pub width: f64,
    /// Its pattern.
    pub dash: Dash,
}

/// A node's outline, its box centred at `x` with its top at `top`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct OutlineMark {
    /// The shape.
    pub outline: Outline,
    /// The centre.
    pub x: f64,
    /// The top.
    pub top: f64,
    /// The size.
    pub size: Size,
    /// The fill.
    pub fill: &'static str,
    /// The pen colour.
    pub stroke: &'static str,
    /// The pen width.
    pub width: f64,
}

/// A white rectangle that text stands on.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct GroundMark {
    /// Its left side.
    pub x: f64,
    /// Its top.
    pub y: f64,
    /// Its width.
    pub width: f64,
    /// Its height.
    pub height: f64,
}

/// A line of text: gametree's own (a value, a window, a caption, as the
/// trace writes them: `>=6`, `-inf`, `2 -> 5`), or a name or label drawn
/// exactly as written.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TextMark {
    /// Its anchor's place.
    pub x: f64,
    /// Its baseline.
    pub y: f64,
    /// Its size in points.
    pub size: f64,
    /// Its colour.
    pub colour: &'static str,
    /// Which end `x` is.
    pub anchor: Anchor,
    /// The text.
    pub text: String,
    /// Whether `>=`, `<=`, `-inf`, `+inf` and ` -> ` are drawn as the signs
    /// they stand for (`≥`, `≤`, `−∞`, `+∞`, `→`): in gametree's own texts,
    /// never in a name or label drawn alone, which shows as written.
    pub signs: bool,
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Mark {
    /// A straight line.
    Line(LineMark),
    /// The start of a node's marks: its number and id.
    Node {
        /// Its preorder number.
        number: u32,
        /// Its id.
        id: String,
    },
    /// A node's outline.
    Outline(OutlineMark),
    /// The end of a node's marks.
    NodeEnd,
    /// A white rectangle that text stands on.
    Ground(GroundMark),
    /// A line of text.
    Text(TextMark),
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
            self.edge_marks(&mut marks, picture, geometry, i);
        }
        for i in 0..geometry.items.len() {
            self.item_marks(&mut marks, picture, geometry, i);
        }
        self.cut_label_marks(&mut marks, picture, geometry);
        let mut height = geometry.height();
        if let Some(caption) = caption {
            marks.push(Mark::Text(TextMark {
                x: MARGIN,
                y: height + SMALL_SIZE,
                size: SMALL_SIZE,
                colour: INK,
                anchor: Anchor::Start,
                text: caption.to_string(),
                signs: true,
            }));
            height += SMALL_SIZE * LINE + MARGIN;
        }
        Scene {
            width: geometry.width(),
            height,
            marks,
        }
    }

    /// The edge from item `i`'s parent down to it (none for the root), and
    /// the probability and move written on it.
    fn edge_marks(&self, marks: &mut Vec<Mark>, picture: &Picture, geometry: &Geometry, i: usize) {
        let item = &geometry.items[i];
        let Some(p) = item.parent else { return };
        let pruned = picture.is_pruned(item.node);
        let (colour, dash) = if item.outline == Outline::Note {
            (grey_if(pruned), Dash::Dotted)
        } else if picture.cut_above(item.node).is_some() {
            (CUT, Dash::Dashed)
        } else {
            (grey_if(pruned), Dash::Solid)
        };
        let parent = geometry.items[p].node;
        let bold = item.outline != Outline::Note
            && self.on_pv(picture, parent)
            && self.on_pv(picture, item.node);
        marks.push(Mark::Line(LineMark {
            from: (geometry.x(p), geometry.bottom(p)),
            to: (geometry.x(i), geometry.top(i)),
            colour,
            width: if bold { PV_PEN } else { PEN },
            dash,
        }));
        if item.outline != Outline::Note {
            self.edge_label_marks(marks, geometry, (p, i), grey_if(pruned));
        }
    }

    /// The probability and the move written on the edge from item `p` to
    /// item `i`, in `colour`.
    fn edge_label_marks(
        &self,
        marks: &mut Vec<Mark>,
        geometry: &Geometry,
        (p, i): (usize, usize),
        colour: &'static str,
    ) {
        let node = geometry.items[i].node;
        let texts = [
            (self.probability_text(geometry.items[p].node, node), 0.25),
            (self.label_text(node), 0.75),
        ];
        for (text, down) in texts {
            let Some(text) = text else {
                continue;
            };
            // On a white ground, clear of the cut label at the middle: a
            // probability a quarter of the way down from the chance node, a
            // move three quarters down, where the edges spread apart.
            let x = geometry.x(p) + (geometry.x(i) - geometry.x(p)) * down;
            let y = geometry.bottom(p) + (geometry.top(i) - geometry.bottom(p)) * down;
            let width = text_width(&text, SMALL_SIZE);
            let line = SMALL_SIZE * LINE;
            marks.push(Mark::Ground(GroundMark {
                x: x - width / 2.0 - 1.0,
                y: y - line / 2.0,
                width: width + 2.0,
                height: line,
            }));
            let y = y + 0.36 * SMALL_SIZE;
            push_text(marks, x, y, SMALL_SIZE, colour, text, false);
        }
    }

    /// Item `i`: a note's text, or a node's outlines, the text inside and
    /// the label lines under it.
    fn item_marks(&self, marks: &mut Vec<Mark>, picture: &Picture, geometry: &Geometry, i: usize) {
        let item = &geometry.items[i];
        if item.outline == Outline::Note {
            marks.push(Mark::Text(TextMark {
                x: geometry.x(i),
                y: geometry.inside_baseline(i, 0) - (FONT_SIZE - SMALL_SIZE) * 0.36,
                size: SMALL_SIZE,
                colour: grey_if(picture.is_pruned(item.node)),
                anchor: Anchor::Middle,
                text: note_text(item.hidden),
                signs: false,
            }));
            return;
        }
        marks.push(Mark::Node {
            number: self.preorder[item.node as usize],
            id: self.tree.id(item.node),
        });
        self.outline_marks(marks, picture, geometry, i);
        self.inside_marks(marks, picture, geometry, i);
        self.layer_marks(marks, picture, geometry, i);
        marks.push(Mark::NodeEnd);
    }

    /// The outline of item `i`'s node, and a second one inside it when the
    /// node was valued at the depth limit (it took its static value); a
    /// turning arrow beside a node searched again.
    fn outline_marks(
        &self,
        marks: &mut Vec<Mark>,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
    ) {
        let item = &geometry.items[i];
        let node = item.node;
        let stroke = grey_if(picture.is_pruned(node));
        let outline = OutlineMark {
            outline: item.outline,
            x: geometry.x(i),
            top: geometry.top(i),
            size: item.shape,
            fill: if picture.is_open(self.tree, node) {
                OPEN_FILL
            } else {
                PAPER
            },
            stroke,
            width: if self.on_pv(picture, node) {
                PV_PEN
            } else {
                PEN
            },
        };
        marks.push(Mark::Outline(outline.clone()));
        if picture.node(node).researched {
            // Searched again (PVS, an aspiration window): a turning arrow
            // at the outline's top right.
            let x = outline.x + item.shape.width / 2.0 + SMALL_SIZE * 0.6;
            let y = outline.top + SMALL_SIZE * 0.8;
            push_text(marks, x, y, FONT_SIZE, stroke, "↻".into(), false);
        }
        if picture.node(node).horizon {
            let inset = 3.0;
            marks.push(Mark::Outline(OutlineMark {
                top: outline.top + inset,
                size: Size {
                    width: (item.shape.width - 2.0 * inset).max(1.0),
                    height: (item.shape.height - 2.0 * inset).max(1.0),
                },
                fill: PAPER,
                width: PEN,
                ..outline
            }));
        }
    }

    /// The lines inside item `i`'s outline: its name, its value.
    fn inside_marks(
        &self,
        marks: &mut Vec<Mark>,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
    ) {
        let item = &geometry.items[i];
        let node = item.node;
        for (line, slot) in item.inside.iter().enumerate() {
            let (text, colour) = match slot {
                Slot::Name => (self.tree.id(node), grey_if(picture.is_pruned(node))),
                Slot::Value => (
                    self.value_text(picture, node),
                    self.value_colour(picture, node),
                ),
            };
            let y = geometry.inside_baseline(i, line);
            let signs = *slot == Slot::Value;
            push_text(marks, geometry.x(i), y, FONT_SIZE, colour, text, signs);
        }
    }

    /// The label lines under item `i`'s outline, small.
    fn layer_marks(&self, marks: &mut Vec<Mark>, picture: &Picture, geometry: &Geometry, i: usize) {
        let item = &geometry.items[i];
        let texts = self.layer_texts(picture, item.node);
        let colour = grey_if(picture.is_pruned(item.node));
        for (line, &slot) in item.layers.iter().enumerate() {
            let y = geometry.layer_baseline(i, line);
            let text = texts[slot].clone();
            push_text(marks, geometry.x(i), y, SMALL_SIZE, colour, text, true);
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
            marks.push(Mark::Ground(GroundMark {
                x: x - width / 2.0 - 1.0,
                y: top,
                width: width + 2.0,
                height: lines.len() as f64 * line,
            }));
            for (k, text) in lines.into_iter().enumerate() {
                let baseline = top + k as f64 * line + line / 2.0 + 0.36 * SMALL_SIZE;
                push_text(marks, x, baseline, SMALL_SIZE, CUT, text, false);
            }
        }
    }
}

/// Adds a centred text, unless it is empty; `signs` as [`TextMark::signs`].
fn push_text(
    marks: &mut Vec<Mark>,
    x: f64,
    y: f64,
    size: f64,
    colour: &'static str,
    text: String,
    signs: bool,
) {
    if !text.is_empty() {
        marks.push(Mark::Text(TextMark {
            x,
            y,
            size,
            colour,
            anchor: Anchor::Middle,
            text,
            signs,
        }));
    }
}

/// The ink of what lies in a skipped subtree (`pruned`) or not.
fn grey_if(pruned: bool) -> &'static str {
    if pruned { PRUNED } else { INK }
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
