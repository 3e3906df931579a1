//! Where everything of a diagram goes: the shape and text of each node,
//! sized from the text the full diagram (or the blank sheet) shows, and
//! placed by the tidy layout. Every frame is drawn on the same geometry.

use super::Diagram;
use super::font::text_width;
use super::layout::{Layout, Size, Spacing, tidy};
use super::state::Picture;
use super::style::Style;
use crate::tree::{GameTree, NodeId};
use crate::value::Kind;

/// The size of the text inside shapes, in points.
pub(super) const FONT_SIZE: f64 = 11.0;
/// The size of layer lines, cut labels and notes, in points.
pub(super) const SMALL_SIZE: f64 = 9.0;
/// Line height as a multiple of the font size.
pub(super) const LINE: f64 = 1.2;
/// The room around the drawing.
pub(super) const MARGIN: f64 = 6.0;
/// The gaps between boxes and levels.
pub(super) const SPACING: Spacing = Spacing {
    sibling_gap: 8.0,
    level_gap: 24.0,
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

/// One thing drawn: a node, or the note for the nodes hidden below one.
#[derive(Clone, Debug)]
pub(super) struct Item {
    /// The node, or for a note the node it hangs from.
    pub node: NodeId,
    /// The item it hangs from.
    pub parent: Option<usize>,
    /// Its outline.
    pub outline: Outline,
    /// For a note, how many nodes it stands for.
    pub hidden: usize,
    /// The lines inside the outline: which of name and value are shown.
    pub inside: Vec<Slot>,
    /// Which layer slots (by index) have text in the full diagram; they
    /// are stacked below the outline in this order.
    pub layers: Vec<usize>,
    /// The outline's size (the same for every node of a level).
    pub shape: Size,
}

/// A line inside a node's outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    /// The node's name or id.
    Name,
    /// Its value or bound.
    Value,
}

/// The geometry of a diagram.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    /// What is drawn, in preorder.
    pub items: Vec<Item>,
    /// Where each item's box lies (before the margin).
    pub layout: Layout,
}

impl Geometry {
    /// The width of the drawing, margins included.
    pub(super) fn width(&self) -> f64 {
        self.layout.width + 2.0 * MARGIN
    }

    /// The height of the drawing, margins included.
    pub(super) fn height(&self) -> f64 {
        self.layout.height + 2.0 * MARGIN
    }

    /// The centre of item `i`'s box.
    pub(super) fn x(&self, i: usize) -> f64 {
        self.layout.x[i] + MARGIN
    }

    /// The top of item `i`'s outline (where edges from above end).
    pub(super) fn top(&self, i: usize) -> f64 {
        self.layout.y[i] + MARGIN
    }

    /// The bottom of item `i`'s outline and layer lines (where edges
    /// below start).
    pub(super) fn bottom(&self, i: usize) -> f64 {
        let item = &self.items[i];
        self.top(i) + item.shape.height + layer_height(item.layers.len())
    }

    /// Where line `line` of `lines` inside item `i` has its baseline.
    pub(super) fn inside_baseline(&self, i: usize, line: usize) -> f64 {
        let item = &self.items[i];
        let lines = item.inside.len();
        let first = first_line_top(item.outline, item.shape.height, lines);
        self.top(i) + first + baseline(line, FONT_SIZE)
    }

    /// Where layer line `line` of item `i` has its baseline.
    pub(super) fn layer_baseline(&self, i: usize, line: usize) -> f64 {
        let item = &self.items[i];
        self.top(i) + item.shape.height + 1.0 + baseline(line, SMALL_SIZE)
    }
}

/// The baseline of line `line` (from 0) of a block of `size` text, from
/// the block's top: the middle of the line box, lowered by half the
/// height of a capital.
fn baseline(line: usize, size: f64) -> f64 {
    (line as f64 + 0.5) * size * LINE + 0.36 * size
}

fn layer_height(lines: usize) -> f64 {
    if lines == 0 {
        0.0
    } else {
        1.0 + lines as f64 * SMALL_SIZE * LINE
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
    /// The geometry of the diagram, sized for the text of `picture`.
    pub(super) fn geometry(&self, picture: &Picture) -> Geometry {
        let mut items = self.items(picture);
        let level = levels(&items);
        let wanted: Vec<Size> = items
            .iter()
            .map(|item| self.wanted(item, picture))
            .collect();
        let depth = level.iter().max().map_or(0, |l| l + 1);
        let mut shared = vec![Size::default(); depth];
        for ((item, size), &l) in items.iter().zip(&wanted).zip(&level) {
            if item.outline != Outline::Note {
                shared[l].width = shared[l].width.max(size.width);
                shared[l].height = shared[l].height.max(size.height);
            }
        }
        let mut boxes = Vec::with_capacity(items.len());
        for ((item, size), &l) in items.iter_mut().zip(&wanted).zip(&level) {
            item.shape = if item.outline == Outline::Note {
                *size
            } else {
                shared[l]
            };
            let layers = self.layer_width(item, picture);
            boxes.push(Size {
                width: item.shape.width.max(layers),
                height: item.shape.height + layer_height(item.layers.len()),
            });
        }
        let parents: Vec<Option<usize>> = items.iter().map(|item| item.parent).collect();
        let layout = tidy(&parents, &boxes, SPACING);
        Geometry { items, layout }
    }

    /// The items in preorder, each note right after its node.
    fn items(&self, picture: &Picture) -> Vec<Item> {
        // Indexed by the drawn nodes only: the top of a large tree costs
        // what it draws.
        let mut index = std::collections::HashMap::with_capacity(self.drawn.len());
        let mut items = Vec::with_capacity(self.drawn.len());
        for drawn in &self.drawn {
            let at = items.len();
            index.insert(drawn.node, at);
            let parent = drawn.parent.and_then(|p| index.get(&p).copied());
            items.push(self.node_item(drawn.node, parent, picture));
            if drawn.hidden_below > 0 {
                items.push(Item {
                    node: drawn.node,
                    parent: Some(at),
                    outline: Outline::Note,
                    hidden: drawn.hidden_below,
                    inside: vec![Slot::Name],
                    layers: Vec::new(),
                    shape: Size::default(),
                });
            }
        }
        items
    }

    fn node_item(&self, node: NodeId, parent: Option<usize>, picture: &Picture) -> Item {
        let mut inside = Vec::new();
        if self.shows_name(node) {
            inside.push(Slot::Name);
        }
        if self.options.native_labels().values() {
            inside.push(Slot::Value);
        }
        let layers = self
            .layer_texts(picture, node)
            .iter()
            .enumerate()
            .filter(|(_, text)| !text.is_empty())
            .map(|(i, _)| i)
            .collect();
        Item {
            node,
            parent,
            outline: Outline::of(self.options.style, self.tree.kind(node)),
            hidden: 0,
            inside,
            layers,
            shape: Size::default(),
        }
    }

    /// The outline an item needs for its own text, before levels share.
    fn wanted(&self, item: &Item, picture: &Picture) -> Size {
        let widths: Vec<f64> = match item.outline {
            Outline::Note => vec![text_width(&note_text(item.hidden), SMALL_SIZE)],
            _ => item
                .inside
                .iter()
                .map(|&slot| self.slot_width(item.node, slot, picture))
                .collect(),
        };
        outline_size(item.outline, &widths)
    }

    /// The widest text a slot shows in any frame: the final value, and
    /// every provisional one before it.
    fn slot_width(&self, node: NodeId, slot: Slot, picture: &Picture) -> f64 {
        match slot {
            Slot::Name => text_width(&self.tree.id(node), FONT_SIZE),
            Slot::Value => {
                let last = text_width(&pretty(&self.value_text(picture, node)), FONT_SIZE);
                let state = picture.node(node);
                state
                    .provisional
                    .iter()
                    .map(|v| text_width(&pretty(&v.to_string()), FONT_SIZE))
                    .fold(last, f64::max)
            }
        }
    }

    fn layer_width(&self, item: &Item, picture: &Picture) -> f64 {
        let texts = self.layer_texts(picture, item.node);
        item.layers
            .iter()
            .map(|&i| text_width(&pretty(&texts[i]), SMALL_SIZE))
            .fold(0.0, f64::max)
    }

    /// Whether a node's name or id is drawn: always with `Labels::Ids` and
    /// `Labels::Both`, and for nodes named in the file otherwise.
    pub(super) fn shows_name(&self, node: NodeId) -> bool {
        self.options.native_labels().ids() || is_named(&self.tree.id(node))
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

/// Text as set on the drawing: `>=` and `<=` as single signs, infinities
/// as `∞`, arrows as arrows.
pub(super) fn pretty(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['>', '<', 'i']) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.replace(">=", "≥")
            .replace("<=", "≤")
            .replace("+inf", "+∞")
            .replace("-inf", "−∞")
            .replace(" -> ", " → "),
    )
}

fn levels(items: &[Item]) -> Vec<usize> {
    let mut level = vec![0; items.len()];
    for i in 0..items.len() {
        if let Some(p) = items[i].parent {
            level[i] = level[p] + 1;
        }
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn text_is_set_with_signs() {
        assert_eq!(pretty(">=6"), "≥6");
        assert_eq!(pretty("[-inf, +inf]"), "[−∞, +∞]");
        assert_eq!(pretty("2 -> 5"), "2 → 5");
    }
}
