//! Where everything of a diagram goes, decided once from the tree, the
//! drawing depth and the layers asked for, never from the search: each
//! node's shape, sized for the widest text any search can write in it; its
//! layer lines beside it (an interior node's, right of the shape, where no
//! edge passes) or under it (a leaf's); each edge from the bottom of a shape
//! to the top of the next; and each edge label's place (see `place.rs`).
//! Every frame, the web page and the quiz are drawn on this one geometry and
//! change only what is drawn in it.

use super::Diagram;
use super::font::text_width;
use super::labels::{Label, Legend};
use super::layout::{Extent, Layout, Size, tidy_extents};
use super::lines::Short;
use super::metrics::{FONT_SIZE, LINE, MARGIN, Rect, SMALL_SIZE, baseline, block_height};
use super::reserve::{Layer, Reserve};
use super::style::Style;
use crate::tree::{GameTree, NodeId};
use crate::value::Kind;

/// The room the legend of a simulated search gives its speculative node.
pub(super) const SPECULATIVE_WIDTH: f64 = 150.0;
/// The least room between neighbouring boxes of a level.
const SIBLING_GAP: f64 = 8.0;
/// The least room between two levels.
const LEVEL_GAP: f64 = 24.0;
/// The room between a shape and the lines beside it.
const BESIDE: f64 = 3.0;
/// The widest name written inside a shape; a level with a wider one has
/// its names outside, with the layer lines.
const NAME_INSIDE: f64 = 26.0;

/// The size of a processor's swatch in the legend of a simulated search.
pub(super) const SWATCH: Size = Size {
    width: 28.0,
    height: 16.0,
};

/// The outline of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outline {
    /// A triangle with its apex up (MAX, triangles style).
    Up,
    /// A triangle with its apex down (MIN, triangles style).
    Down,
    /// A square (MAX, squares style).
    Square,
    /// A circle (MIN, squares style; chance, triangles style).
    Circle,
    /// A diamond (chance, squares style).
    Diamond,
    /// No outline: the note standing for nodes below the drawn depth.
    Note,
}

impl Outline {
    /// The outline of a node of `kind` in `style`.
    pub(super) fn of(style: Style, kind: Kind) -> Outline {
        match (style, kind) {
            (Style::Triangles, Kind::Max) => Outline::Up,
            (Style::Triangles, Kind::Min) => Outline::Down,
            (Style::Squares, Kind::Max) => Outline::Square,
            (Style::Squares, Kind::Min) => Outline::Circle,
            (Style::Triangles, Kind::Chance) => Outline::Circle,
            (Style::Squares, Kind::Chance) => Outline::Diamond,
        }
    }
}

/// A line of a node's text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Slot {
    /// The node's name or id.
    #[default]
    Name,
    /// Its value or bound.
    Value,
    /// The line of a layer: its index among the layers turned on (a byte,
    /// so that a slot takes two).
    Layer(u8),
}

/// One thing drawn: a node, or the note for the nodes hidden below one.
#[derive(Clone, Debug)]
pub(super) struct Item {
    /// The node, or for a note the node it hangs from.
    pub node: NodeId,
    /// The item it hangs from.
    pub parent: Option<usize>,
    /// Its level (the root's is 0).
    pub level: usize,
    /// Its outline.
    pub outline: Outline,
    /// For a note, how many nodes it stands for.
    pub hidden: usize,
    /// The lines inside the outline: a name, a value.
    pub inside: Short<Slot, 2>,
    /// The room reserved for each inside line.
    pub inside_room: Short<f64, 2>,
    /// The small lines outside the outline (a name too wide for it, then
    /// the layers'), beside an interior node, under a leaf.
    pub outside: Short<Slot, { 1 + Layer::COUNT }>,
    /// The room reserved for the outside lines.
    pub outside_room: f64,
    /// Whether the outside lines stand beside the shape (else under it).
    pub beside: bool,
    /// The outline's size (the same for every node of a level).
    pub shape: Size,
}

/// An edge: down from the bottom of the parent's shape (straight down to
/// the bottom of its level first, where the level is taller than the
/// shape), then to the top of the child's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct EdgePath {
    /// Where it leaves the parent.
    pub from: (f64, f64),
    /// Where it turns, straight below `from`, if it does.
    pub bend: Option<f64>,
    /// Where it reaches the child.
    pub to: (f64, f64),
}

impl EdgePath {
    /// Where its slanted part starts.
    pub(super) fn start(&self) -> (f64, f64) {
        (self.from.0, self.bend.unwrap_or(self.from.1))
    }
}

/// The geometry of a diagram.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    /// What is drawn, in preorder.
    pub items: Vec<Item>,
    /// Where each item's box lies (before the margin).
    pub layout: Layout,
    /// The labels of edges and cuts, with their places.
    pub labels: Vec<Label>,
    /// The lines under the drawing for labels with no room beside their
    /// edge.
    pub legend: Legend,
    /// How far labels under the last level reach below it.
    pub under: f64,
    /// For a simulated parallel search, how many processors its legend
    /// shows under the drawing.
    pub processors: usize,
}

impl Geometry {
    /// The width of the drawing, margins included.
    pub(super) fn width(&self) -> f64 {
        let swatches = self.processors as f64 * (SWATCH.width + 4.0) + SPECULATIVE_WIDTH;
        let widest = self.layout.width.max(self.legend.row_width());
        widest.max(if self.processors > 0 { swatches } else { 0.0 }) + 2.0 * MARGIN
    }

    /// The height of the drawing, margins and legend included.
    pub(super) fn height(&self) -> f64 {
        self.processors_top() + self.processors_height() + MARGIN
    }

    /// The top of the processors' legend.
    pub(super) fn processors_top(&self) -> f64 {
        self.layout.height + self.under + MARGIN + self.legend.height()
    }

    /// The height of the processors' legend: a row of swatches.
    fn processors_height(&self) -> f64 {
        match self.processors {
            0 => 0.0,
            _ => SWATCH.height + MARGIN,
        }
    }

    /// The top of the legend.
    pub(super) fn legend_top(&self) -> f64 {
        self.layout.height + self.under + MARGIN + 0.5 * MARGIN
    }

    /// The anchor of item `i`: the middle of its shape.
    pub(super) fn x(&self, i: usize) -> f64 {
        self.layout.x[i] + MARGIN
    }

    /// The top of item `i`'s outline (where edges from above end).
    pub(super) fn top(&self, i: usize) -> f64 {
        self.layout.y[i] + MARGIN
    }

    /// The bottom of item `i`'s outline (where edges below start).
    pub(super) fn shape_bottom(&self, i: usize) -> f64 {
        self.top(i) + self.items[i].shape.height
    }

    /// The bottom of item `i`'s level.
    pub(super) fn level_bottom(&self, i: usize) -> f64 {
        let level = self.items[i].level;
        self.layout.level_top[level] + self.layout.level_height[level] + MARGIN
    }

    /// The edge into item `i`, if it has a parent.
    pub(super) fn edge(&self, i: usize) -> Option<EdgePath> {
        let p = self.items[i].parent?;
        let from = (self.x(p), self.shape_bottom(p));
        let turn = self.level_bottom(p);
        Some(EdgePath {
            from,
            bend: (turn > from.1 + 0.01).then_some(turn),
            to: (self.x(i), self.top(i)),
        })
    }

    /// Where line `line` inside item `i` has its baseline.
    pub(super) fn inside_baseline(&self, i: usize, line: usize) -> f64 {
        let item = &self.items[i];
        let first = first_line_top(item.outline, item.shape.height, item.inside.len());
        self.top(i) + first + baseline(line, FONT_SIZE)
    }

    /// The box of item `i`'s outside lines.
    pub(super) fn outside_box(&self, i: usize) -> Rect {
        let item = &self.items[i];
        let height = block_height(item.outside.len());
        match item.beside {
            true => Rect {
                x: self.x(i) + item.shape.width / 2.0 + BESIDE,
                y: self.top(i) + ((item.shape.height - height) / 2.0).max(0.0),
                width: item.outside_room,
                height,
            },
            false => Rect {
                x: self.x(i) - item.outside_room / 2.0,
                y: self.shape_bottom(i) + 1.0,
                width: item.outside_room,
                height,
            },
        }
    }

    /// Where outside line `line` of item `i` stands: its anchor's `x`, its
    /// baseline, and whether `x` is its start (beside) or its middle.
    pub(super) fn outside_line(&self, i: usize, line: usize) -> (f64, f64, bool) {
        let block = self.outside_box(i);
        let y = block.y + baseline(line, SMALL_SIZE);
        match self.items[i].beside {
            true => (block.x, y, true),
            false => (self.x(i), y, false),
        }
    }

    /// The bounding box of item `i`'s outline.
    pub(super) fn shape_box(&self, i: usize) -> Rect {
        let shape = self.items[i].shape;
        Rect {
            x: self.x(i) - shape.width / 2.0,
            y: self.top(i),
            width: shape.width,
            height: shape.height,
        }
    }
}

/// Room between an up triangle's apex and its first line.
const TIP: f64 = 1.4 * FONT_SIZE * LINE;
/// Room between a triangle's flat side and the text.
const PAD: f64 = 2.0;

/// The top of the first inside line, from the outline's top.
fn first_line_top(outline: Outline, height: f64, lines: usize) -> f64 {
    let block = lines as f64 * FONT_SIZE * LINE;
    match outline {
        Outline::Up => height - PAD - block,
        Outline::Down => PAD,
        Outline::Square | Outline::Circle | Outline::Diamond | Outline::Note => {
            (height - block) / 2.0
        }
    }
}

/// The least outline that holds lines of these widths.
fn outline_size(outline: Outline, widths: &[f64]) -> Size {
    let lines = widths.len();
    let line = FONT_SIZE * LINE;
    let block = lines.max(1) as f64 * line;
    let widest = widths.iter().copied().fold(0.0, f64::max);
    match outline {
        Outline::Up | Outline::Down => {
            let height = block + TIP + PAD;
            // A line's narrow edge lies `d` from the apex, where the
            // triangle is `width * d / height` wide.
            let width = widths
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let from_apex = match outline {
                        Outline::Up => i,
                        _ => lines - 1 - i,
                    };
                    (w + 2.0) * height / (TIP + from_apex as f64 * line)
                })
                .fold(0.9 * height, f64::max);
            Size { width, height }
        }
        Outline::Square => {
            let side = (widest + 8.0).max(block + 6.0);
            Size {
                width: side,
                height: side,
            }
        }
        Outline::Circle => {
            let diameter = ((widest + 4.0).hypot(block) + 2.0).max(block + 6.0);
            Size {
                width: diameter,
                height: diameter,
            }
        }
        Outline::Diamond => {
            // The text's box fits inside a diamond twice its size.
            let side = 2.0 * (widest + 4.0).max(block + 2.0);
            Size {
                width: side,
                height: side,
            }
        }
        Outline::Note => Size {
            width: widest,
            height: SMALL_SIZE * LINE,
        },
    }
}

impl Diagram<'_> {
    /// The geometry of the diagram: from the tree and the options alone,
    /// the same for every frame and every search of the tree.
    pub(super) fn geometry(&self) -> Geometry {
        let reserve = &self.reserve;
        let mut items = self.items();
        self.size_items(&mut items, reserve);
        let depth = items.iter().map(|item| item.level + 1).max().unwrap_or(0);
        let extents: Vec<Extent> = items.iter().map(extent).collect();
        let mut heights = vec![0.0f64; depth];
        for (item, extent) in items.iter().zip(&extents) {
            heights[item.level] = heights[item.level].max(extent.height);
        }
        let extents: Vec<Extent> = items
            .iter()
            .zip(extents)
            .map(|(item, e)| Extent {
                height: heights[item.level],
                ..e
            })
            .collect();
        let gaps = self.level_gaps(&items, depth, reserve);
        let parents: Vec<Option<usize>> = items.iter().map(|item| item.parent).collect();
        let layout = tidy_extents(&parents, &extents, SIBLING_GAP, &gaps);
        let mut geometry = Geometry {
            items,
            layout,
            labels: Vec::new(),
            legend: Legend::default(),
            under: 0.0,
            processors: self.processors.as_ref().map_or(0, |p| p.count()),
        };
        self.place_labels(&mut geometry, reserve);
        geometry
    }

    /// The items in preorder, each note right after its node.
    fn items(&self) -> Vec<Item> {
        // Each drawn node's item (a note after its node shifts the rest).
        let mut item_of = Vec::with_capacity(self.drawn.len());
        let mut items: Vec<Item> = Vec::with_capacity(self.drawn.len());
        for drawn in &self.drawn {
            let at = items.len();
            item_of.push(at);
            let parent = drawn.parent_index.map(|p| item_of[p as usize]);
            let level = drawn.level;
            let kind = self.tree.kind(drawn.node);
            items.push(bare_item(
                drawn.node,
                parent,
                level,
                Outline::of(self.options.style, kind),
            ));
            if drawn.hidden_below > 0 {
                let mut note = bare_item(drawn.node, Some(at), level + 1, Outline::Note);
                note.hidden = drawn.hidden_below;
                items.push(note);
            }
        }
        items
    }

    /// Gives every item its lines, their room, and its shape (shared by
    /// its level).
    fn size_items(&self, items: &mut [Item], reserve: &Reserve) {
        let layers = Layer::on(self.options.layers);
        let depth = items.iter().map(|item| item.level + 1).max().unwrap_or(0);
        let mut names_outside = vec![false; depth];
        for item in items.iter().filter(|item| item.outline != Outline::Note) {
            if self.shows_name(item.node) {
                let wide = text_width(&self.id_of(item.node), FONT_SIZE) > NAME_INSIDE;
                names_outside[item.level] |= wide;
            }
        }
        let mut shared = vec![Size::default(); depth];
        for item in items.iter_mut() {
            let wanted = self.fill_item(item, reserve, &layers, names_outside[item.level]);
            if item.outline != Outline::Note {
                let level = &mut shared[item.level];
                level.width = level.width.max(wanted.width);
                level.height = level.height.max(wanted.height);
            }
            item.shape = wanted;
        }
        for item in items
            .iter_mut()
            .filter(|item| item.outline != Outline::Note)
        {
            item.shape = shared[item.level];
        }
    }

    /// Sets item's lines and their room; the outline its own text needs.
    fn fill_item(
        &self,
        item: &mut Item,
        reserve: &Reserve,
        layers: &[Layer],
        name_outside: bool,
    ) -> Size {
        if item.outline == Outline::Note {
            let width = text_width(&note_text(item.hidden), SMALL_SIZE);
            return outline_size(Outline::Note, &[width]);
        }
        let node = item.node;
        let tree = self.tree;
        let leaf = tree.is_leaf(node);
        item.beside = !leaf;
        let name = self.shows_name(node).then(|| self.id_of(node));
        let mut outside_widths = Vec::new();
        if let Some(name) = &name {
            match name_outside {
                true => {
                    item.outside.push(Slot::Name);
                    outside_widths.push(text_width(name, SMALL_SIZE));
                }
                false => {
                    item.inside.push(Slot::Name);
                    item.inside_room.push(text_width(name, FONT_SIZE));
                }
            }
        }
        let labels = self.options.native_labels();
        if labels.values() || (self.options.blank && leaf) {
            item.inside.push(Slot::Value);
            item.inside_room.push(reserve.value(tree, node));
        }
        let node_type = self.types.as_ref().map(|types| types[node as usize]);
        for (index, &layer) in layers.iter().enumerate() {
            if let Some(width) = reserve.layer(layer, tree, node, node_type) {
                item.outside.push(Slot::Layer(index as u8));
                outside_widths.push(width);
            }
        }
        item.outside_room = outside_widths.iter().copied().fold(0.0, f64::max);
        outline_size(item.outline, &item.inside_room)
    }

    /// The gap below each level: room for the tallest stack of labels its
    /// edges can carry.
    fn level_gaps(&self, items: &[Item], depth: usize, reserve: &Reserve) -> Vec<f64> {
        let mut lines = vec![0usize; depth];
        // The lines of a cut label, by the kind and level of the node cut:
        // the same for every node of a kind on a level.
        let mut cut_lines: Vec<(Kind, usize, usize)> = Vec::new();
        for item in items.iter().filter(|item| item.outline != Outline::Note) {
            let Some(p) = item.parent else { continue };
            let (parent, level) = (items[p].node, items[p].level);
            let kind = self.tree.kind(parent);
            let mut here = 0;
            if kind == Kind::Chance {
                here += 1;
            }
            if self.label_text(item.node).is_some() {
                here += 1;
            }
            if !self.tree.is_leaf(parent) && self.tree.next_sibling(parent, parent + 1).is_some() {
                here += match cut_lines.iter().find(|c| (c.0, c.1) == (kind, level)) {
                    Some(&(_, _, n)) => n,
                    None => {
                        let n = reserve.cut_label(kind, level, 0.0).len();
                        cut_lines.push((kind, level, n));
                        n
                    }
                };
            }
            lines[level] = lines[level].max(here);
        }
        lines
            .iter()
            .map(|&n| LEVEL_GAP.max(12.0 + 1.5 * block_height(n)))
            .collect()
    }

    /// Whether a node's name or id is drawn: always with `Labels::Ids` and
    /// `Labels::Both`, and for nodes named in the file otherwise.
    pub(super) fn shows_name(&self, node: NodeId) -> bool {
        self.options.native_labels().ids() || is_named(&self.id_of(node))
    }
}

/// An item with no lines yet.
fn bare_item(node: NodeId, parent: Option<usize>, level: usize, outline: Outline) -> Item {
    Item {
        node,
        parent,
        level,
        outline,
        hidden: 0,
        inside: Short::default(),
        inside_room: Short::default(),
        outside: Short::default(),
        outside_room: 0.0,
        beside: false,
        shape: Size::default(),
    }
}

/// The box the layout gives an item: its shape, with its outside lines
/// beside (on the right) or under it.
fn extent(item: &Item) -> Extent {
    let half = item.shape.width / 2.0;
    if item.outside.is_empty() {
        return Extent {
            left: half,
            right: half,
            height: item.shape.height,
        };
    }
    let block = block_height(item.outside.len());
    match item.beside {
        true => Extent {
            left: half,
            right: half + BESIDE + item.outside_room,
            height: item.shape.height.max(block),
        },
        false => {
            let half = half.max(item.outside_room / 2.0);
            Extent {
                left: half,
                right: half,
                height: item.shape.height + 1.0 + block,
            }
        }
    }
}

/// Whether an id is a name from the file rather than a child path.
pub(super) fn is_named(id: &str) -> bool {
    !id.starts_with('@') && id != "root"
}

/// The text of the note for `hidden` nodes.
pub(super) fn note_text(hidden: usize) -> String {
    let noun = if hidden == 1 { "node" } else { "nodes" };
    format!("{hidden} more {noun}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An item is kept for every node drawn.
    #[test]
    fn an_item_is_small() {
        assert!(size_of::<Item>() <= 104, "{}", size_of::<Item>());
    }

    #[test]
    fn every_line_fits_inside_its_triangle() {
        for outline in [Outline::Up, Outline::Down] {
            let widths = [30.0, 12.0];
            let size = outline_size(outline, &widths);
            for (line, width) in widths.iter().enumerate() {
                let top = first_line_top(outline, size.height, widths.len())
                    + line as f64 * FONT_SIZE * LINE;
                let bottom = top + FONT_SIZE * LINE;
                // The narrow edge of the line: its top for an up triangle.
                let narrow = match outline {
                    Outline::Up => top,
                    _ => size.height - bottom,
                };
                let room = size.width * narrow / size.height;
                assert!(room >= width + 2.0 - 1e-9, "{outline:?} line {line}");
            }
        }
    }
}
