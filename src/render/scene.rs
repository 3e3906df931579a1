//! What a native diagram draws, as a list of marks on the geometry: lines,
//! outlines, text. SVG and TikZ are two writings of the same scene, so they
//! never differ in meaning.

use super::font::text_width;
use super::geometry::{Geometry, Outline, SWATCH, Slot, note_text};
use super::layout::Size;
use super::metrics::{Anchor, FONT_SIZE, LINE, MARGIN, SMALL_SIZE, fitted_size, pretty};
use super::reserve::Layer;
use super::state::Picture;
use super::{Diagram, Processors};
use crate::tree::NodeId;

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
/// A node the search is inside, in frames: the colour DOT takes too.
pub(super) use super::style::OPEN_FILL;
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

/// A line: straight, or straight down then slanting.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct LineMark {
    /// One end.
    pub from: (f64, f64),
    /// Where it turns, straight below `from`, if it does.
    pub bend: Option<f64>,
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
    /// Whether it is dashed (a speculative node of a simulated parallel
    /// search).
    pub dash: bool,
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
    /// What it is, as the SVG's `class` says (`val`, `ly-w`, `caption`);
    /// empty for nothing.
    pub class: &'static str,
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Mark {
    /// A line.
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
    /// The end of a node's marks, or of a group's.
    NodeEnd,
    /// The start of a label's marks: its kind (`cut`, `probability`,
    /// `action`) and the preorder number of its node (for a cut, the node
    /// cut; else the node its edge leads to).
    Group {
        /// Its kind.
        class: &'static str,
        /// Its node's preorder number.
        number: u32,
    },
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

/// Where a drawing's marks go, back to front: kept in a list (a
/// [`Scene`], for frames, TikZ and overlays), or written as SVG at once
/// (the full diagram: no list of a large tree's marks is ever held).
pub(super) trait Canvas {
    /// Draws one more mark, over those before it.
    fn mark(&mut self, mark: Mark);

    /// Starts a node's marks ([`Mark::Node`]): a canvas that writes at
    /// once need not keep a copy of the id.
    fn node(&mut self, number: u32, id: &str) {
        self.mark(Mark::Node {
            number,
            id: id.to_string(),
        });
    }
}

impl Canvas for Vec<Mark> {
    fn mark(&mut self, mark: Mark) {
        self.push(mark);
    }
}

/// The size of a drawing on `geometry`, with a caption line under it
/// when `captioned`.
pub(super) fn drawing_size(geometry: &Geometry, captioned: bool) -> (f64, f64) {
    let (width, height) = (geometry.width(), geometry.height());
    match captioned {
        true => (
            width.max(CAPTION_WIDTH + 2.0 * MARGIN),
            height + CAPTION_LINES as f64 * SMALL_SIZE * LINE + MARGIN,
        ),
        false => (width, height),
    }
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
        self.draw(&mut marks, picture, geometry, caption);
        let (width, height) = drawing_size(geometry, caption.is_some());
        Scene {
            width,
            height,
            marks,
        }
    }

    /// Draws the diagram as `picture` shows it, on `geometry`, onto
    /// `canvas`, with a caption line under it when `caption` is given.
    pub(super) fn draw(
        &self,
        canvas: &mut impl Canvas,
        picture: &Picture,
        geometry: &Geometry,
        caption: Option<&str>,
    ) {
        for i in 0..geometry.items.len() {
            self.edge_marks(canvas, picture, geometry, i);
        }
        for i in 0..geometry.items.len() {
            self.item_marks(canvas, picture, geometry, i);
        }
        self.label_marks(canvas, picture, geometry);
        if let Some(processors) = &self.processors {
            processor_marks(canvas, processors, geometry);
        }
        if let Some(caption) = caption {
            let (width, _) = drawing_size(geometry, true);
            let (lines, size) = caption_lines(caption, width - 2.0 * MARGIN);
            for (k, line) in lines.into_iter().enumerate() {
                canvas.mark(Mark::Text(TextMark {
                    x: MARGIN,
                    y: geometry.height() + size + k as f64 * SMALL_SIZE * LINE,
                    size,
                    colour: INK,
                    anchor: Anchor::Start,
                    text: line,
                    signs: true,
                    class: "caption",
                }));
            }
        }
    }

    /// The edge from item `i`'s parent down to it (none for the root).
    fn edge_marks(
        &self,
        canvas: &mut impl Canvas,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
    ) {
        let item = &geometry.items[i];
        let (Some(p), Some(edge)) = (item.parent, geometry.edge(i)) else {
            return;
        };
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
        canvas.mark(Mark::Line(LineMark {
            from: edge.from,
            bend: edge.bend,
            to: edge.to,
            colour,
            width: if bold { PV_PEN } else { PEN },
            dash,
        }));
    }

    /// Item `i`: a note's text, or a node's outlines, the text inside and
    /// the lines outside it.
    fn item_marks(
        &self,
        canvas: &mut impl Canvas,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
    ) {
        let item = &geometry.items[i];
        if item.outline == Outline::Note {
            canvas.mark(Mark::Text(TextMark {
                x: geometry.x(i),
                y: geometry.inside_baseline(i, 0) - (FONT_SIZE - SMALL_SIZE) * 0.36,
                size: SMALL_SIZE,
                colour: grey_if(picture.is_pruned(item.node)),
                anchor: Anchor::Middle,
                text: note_text(item.hidden),
                signs: false,
                class: "note",
            }));
            return;
        }
        canvas.node(self.preorder[item.node as usize], &self.id_of(item.node));
        self.outline_marks(canvas, picture, geometry, i);
        self.inside_marks(canvas, picture, geometry, i);
        self.outside_marks(canvas, picture, geometry, i);
        canvas.mark(Mark::NodeEnd);
    }

    /// The outline of item `i`'s node, and a second one inside it when the
    /// node was valued at the depth limit (it took its static value); a
    /// turning arrow beside a node searched again.
    fn outline_marks(
        &self,
        canvas: &mut impl Canvas,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
    ) {
        let item = &geometry.items[i];
        let node = item.node;
        let (fill, stroke) = self.fill_and_stroke(picture, node);
        let outline = OutlineMark {
            outline: item.outline,
            x: geometry.x(i),
            top: geometry.top(i),
            size: item.shape,
            fill,
            stroke,
            width: if self.on_pv(picture, node) {
                PV_PEN
            } else {
                PEN
            },
            dash: self.is_speculative(picture, node),
        };
        canvas.mark(Mark::Outline(outline.clone()));
        if picture.node(node).researched {
            // Searched again (PVS, an aspiration window): a turning arrow
            // at the outline's top right.
            let x = outline.x + item.shape.width / 2.0 + SMALL_SIZE * 0.6;
            let y = outline.top + SMALL_SIZE * 0.8;
            canvas.mark(Mark::Text(TextMark {
                x,
                y,
                size: FONT_SIZE,
                colour: stroke,
                anchor: Anchor::Middle,
                text: "↻".into(),
                signs: false,
                class: "research",
            }));
        }
        if picture.node(node).horizon || outline.dash {
            let inset = 3.0;
            canvas.mark(Mark::Outline(OutlineMark {
                top: outline.top + inset,
                size: Size {
                    width: (item.shape.width - 2.0 * inset).max(1.0),
                    height: (item.shape.height - 2.0 * inset).max(1.0),
                },
                width: PEN,
                ..outline
            }));
        }
    }

    /// The fill and pen colour of a node: the colour of the processor that
    /// searched it in a simulated parallel search, yellow while the search
    /// is inside it, grey in a skipped subtree.
    fn fill_and_stroke(&self, picture: &Picture, node: NodeId) -> (&'static str, &'static str) {
        let stroke = grey_if(picture.is_pruned(node) || self.is_stopped(picture, node));
        let processor = self
            .processors
            .as_ref()
            .filter(|_| picture.node(node).visit.is_some())
            .and_then(|processors| processors.of(node));
        match processor {
            Some(p) => (Processors::colours(p).0, stroke),
            None => (
                self.open_or_pass_fill(picture, node).unwrap_or(PAPER),
                stroke,
            ),
        }
    }

    /// The lines inside item `i`'s outline: its name, its value.
    fn inside_marks(
        &self,
        canvas: &mut impl Canvas,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
    ) {
        let item = &geometry.items[i];
        let node = item.node;
        for (line, slot) in item.inside.iter().enumerate() {
            let (text, colour) = match slot {
                Slot::Value => (
                    self.value_text(picture, node),
                    self.value_colour(picture, node),
                ),
                _ => (
                    self.id_of(node).into_owned(),
                    self.name_colour(picture, node),
                ),
            };
            if text.is_empty() {
                continue;
            }
            let size = fitted_size(&text, FONT_SIZE, item.inside_room[line]);
            canvas.mark(Mark::Text(TextMark {
                x: geometry.x(i),
                y: geometry.inside_baseline(i, line),
                size,
                colour,
                anchor: Anchor::Middle,
                signs: *slot == Slot::Value,
                class: if *slot == Slot::Value { "val" } else { "name" },
                text,
            }));
        }
    }

    /// The small lines outside item `i`'s outline: a name too wide for the
    /// shape, then the layers.
    fn outside_marks(
        &self,
        canvas: &mut impl Canvas,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
    ) {
        let item = &geometry.items[i];
        if item.outside.is_empty() {
            return;
        }
        let texts = self.layer_texts(picture, item.node);
        let layers = Layer::on(self.options.layers);
        let colour = grey_if(picture.is_pruned(item.node));
        for (line, slot) in item.outside.iter().enumerate() {
            let (text, signs, class) = match slot {
                Slot::Layer(k) => {
                    let k = usize::from(*k);
                    (texts[k].clone(), true, layers[k].class())
                }
                _ => (self.id_of(item.node).into_owned(), false, "name"),
            };
            if text.is_empty() {
                continue;
            }
            let (x, y, start) = geometry.outside_line(i, line);
            canvas.mark(Mark::Text(TextMark {
                x,
                y,
                size: fitted_size(&text, SMALL_SIZE, item.outside_room),
                colour,
                anchor: if start { Anchor::Start } else { Anchor::Middle },
                text,
                signs,
                class,
            }));
        }
    }

    /// The colour of a value: grey in a skipped subtree, lighter grey for
    /// a leaf whose value the search has not looked at yet; white on a
    /// dark processor's colour.
    fn value_colour(&self, picture: &Picture, node: NodeId) -> &'static str {
        if picture.is_pruned(node) || self.is_stopped(picture, node) {
            PRUNED
        } else if picture.node(node).leaf.is_none()
            && self.tree.is_leaf(node)
            && !self.options.blank
        {
            PENDING
        } else {
            self.name_colour(picture, node)
        }
    }

    /// The colour of a name: grey in a skipped subtree, white on a dark
    /// processor's colour, else black.
    fn name_colour(&self, picture: &Picture, node: NodeId) -> &'static str {
        if picture.is_pruned(node) || self.is_stopped(picture, node) {
            return PRUNED;
        }
        let processor = self
            .processors
            .as_ref()
            .filter(|_| picture.node(node).visit.is_some())
            .and_then(|processors| processors.of(node));
        match processor.map(Processors::colours) {
            Some((_, "white")) => PAPER,
            _ => INK,
        }
    }
}

/// The least width a frame gives its caption, whatever the drawing's:
/// frames of one size, from the tree alone.
pub(super) const CAPTION_WIDTH: f64 = 348.0;
/// The lines a caption takes under a frame.
pub(super) const CAPTION_LINES: usize = 2;

/// A caption wrapped at spaces into at most [`CAPTION_LINES`] lines of
/// `width`, and the size it is set at: 9 pt, or smaller when it needs more
/// lines at 9 pt. The room it takes is the same whatever it says, so that
/// no frame is larger for a caption to come.
pub(super) fn caption_lines(caption: &str, width: f64) -> (Vec<String>, f64) {
    let text = pretty(caption);
    let mut size = SMALL_SIZE;
    loop {
        let lines = wrapped(&text, size, width);
        if lines.len() <= CAPTION_LINES || size <= 3.0 {
            return (lines, size);
        }
        size -= 0.25;
    }
}

/// `text` wrapped at spaces into lines no wider than `width` at `size`
/// (a word wider than that alone on its line).
fn wrapped(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), size) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The legend of a simulated search: each processor's colour, then what
/// a speculative node looks like.
fn processor_marks(canvas: &mut impl Canvas, processors: &Processors, geometry: &Geometry) {
    let top = geometry.processors_top();
    let text_y = top + SWATCH.height / 2.0 + 0.36 * SMALL_SIZE;
    let mut x = MARGIN;
    let swatch = |x: f64, fill: &'static str, dash: bool| {
        Mark::Outline(OutlineMark {
            outline: Outline::Square,
            x: x + SWATCH.width / 2.0,
            top,
            size: SWATCH,
            fill,
            stroke: INK,
            width: PEN,
            dash,
        })
    };
    for p in 0..processors.count() {
        let (fill, text) = Processors::colours(p);
        canvas.mark(swatch(x, fill, false));
        canvas.mark(Mark::Text(TextMark {
            x: x + SWATCH.width / 2.0,
            y: text_y,
            size: SMALL_SIZE,
            colour: if text == "white" { PAPER } else { INK },
            anchor: Anchor::Middle,
            text: format!("P{}", p + 1),
            signs: false,
            class: "legend",
        }));
        x += SWATCH.width + 4.0;
    }
    canvas.mark(swatch(x + 4.0, PAPER, true));
    canvas.mark(Mark::Text(TextMark {
        x: x + SWATCH.width + 8.0,
        y: text_y,
        size: SMALL_SIZE,
        colour: INK,
        anchor: Anchor::Start,
        text: "speculative: alpha-beta prunes it".to_string(),
        signs: false,
        class: "legend",
    }));
}

/// The ink of what lies in a skipped subtree (`pruned`) or not.
fn grey_if(pruned: bool) -> &'static str {
    if pruned { PRUNED } else { INK }
}
