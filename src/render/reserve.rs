//! The room every text of a diagram may need, read off the tree alone:
//! the widest value any search of it can write, the widest window, visit
//! number, value history, node type and cut label. A diagram reserves this
//! room before its first frame, so that no frame, page or quiz shows by its
//! spacing what the search will find.

use super::digits::value_text;
use super::font::text_width;
use super::layers::{Layers, NodeType};
use super::metrics::{FONT_SIZE, SMALL_SIZE};
use crate::tree::{GameTree, NodeId, Tree};
use crate::value::{Kind, Value};

/// The most decimal places a value is shown with.
const PLACES: u32 = 4;

/// The widths a tree's texts may take.
#[derive(Clone, Debug)]
pub(super) struct Reserve {
    /// The widest number any value of the tree can print as (`−88.8888`).
    number: String,
    /// How many digits a visit number can have.
    visit_digits: usize,
    /// Whether the search purges (SSS*): its cut labels say `not reached`.
    purges: bool,
}

/// The layers in the order their lines are stacked, as
/// [`layer_slots`](super::layers::layer_slots) gives their texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Layer {
    /// The window (`[2, +∞]`).
    Window,
    /// The visit number (`#3`).
    Visit,
    /// The value history (`2 → 5`).
    History,
    /// The Knuth-Moore type.
    Type,
}

impl Layer {
    /// How many layers there are.
    pub(super) const COUNT: usize = 4;

    /// The class of its lines in SVG: `ly-w` (window), `ly-v` (visit
    /// order), `ly-h` (value history), `ly-t` (node type).
    pub(super) fn class(self) -> &'static str {
        match self {
            Layer::Window => "ly-w",
            Layer::Visit => "ly-v",
            Layer::History => "ly-h",
            Layer::Type => "ly-t",
        }
    }

    /// The layers `layers` turns on, in their order.
    pub(super) fn on(layers: Layers) -> Vec<Layer> {
        [
            (layers.windows, Layer::Window),
            (layers.visit_order, Layer::Visit),
            (layers.provisional, Layer::History),
            (layers.node_types, Layer::Type),
        ]
        .into_iter()
        .filter_map(|(on, layer)| on.then_some(layer))
        .collect()
    }
}

impl Reserve {
    /// The reserve of `tree`, of which `drawn` nodes are drawn, for a
    /// search that `purges` (SSS*) or not.
    pub(super) fn new(tree: &Tree, drawn: usize, purges: bool) -> Reserve {
        let mut widest = Widest::default();
        for node in tree.nodes() {
            let kind = tree.kind(node);
            widest.chance |= kind == Kind::Chance;
            for value in [tree.value(node), tree.static_value(node)]
                .into_iter()
                .flatten()
            {
                widest.add(value);
            }
        }
        if let Some(bounds) = tree.leaf_bounds() {
            widest.add(bounds.low);
            widest.add(bounds.high);
        }
        Reserve {
            number: widest.template(),
            visit_digits: drawn.max(1).to_string().len(),
            purges,
        }
    }

    /// The width of the widest number at `size`.
    fn number(&self, size: f64) -> f64 {
        text_width(&self.number, size)
    }

    /// The width of the widest value an interior node can show at `size`:
    /// a relation (`≥`, `≤`, `~`) and the widest number.
    pub(super) fn bound(&self, size: f64) -> f64 {
        let relation = ["≥", "≤", "~"]
            .iter()
            .map(|r| text_width(r, size))
            .fold(0.0, f64::max);
        relation + self.number(size)
    }

    /// The width of the value line of `node`: a leaf's own value, an
    /// interior node's widest value or static value.
    pub(super) fn value(&self, tree: &Tree, node: NodeId) -> f64 {
        if tree.is_leaf(node) {
            let value = tree.value(node).map(value_text).unwrap_or_default();
            return text_width(&value, FONT_SIZE);
        }
        let horizon = tree.static_value(node).map(value_text);
        let horizon = horizon.map_or(0.0, |v| text_width(&v, FONT_SIZE));
        self.bound(FONT_SIZE).max(horizon)
    }

    /// The width of `layer`'s line at `node`, small; `None` where the layer
    /// never has text (a leaf has no value history).
    pub(super) fn layer(
        &self,
        layer: Layer,
        tree: &Tree,
        node: NodeId,
        node_type: Option<NodeType>,
    ) -> Option<f64> {
        let size = SMALL_SIZE;
        match layer {
            Layer::Window => {
                let end = self.number(size).max(infinity(size));
                Some(text_width("[, ]", size) + 2.0 * end)
            }
            Layer::Visit => Some(text_width("#", size) + self.visit_digits as f64 * digit(size)),
            Layer::History => {
                let entries = tree.child_count(node);
                (entries >= 2).then(|| {
                    let before = (entries - 1) as f64;
                    before * (self.number(size) + text_width(" → ", size)) + self.bound(size)
                })
            }
            Layer::Type => node_type.map(|t| text_width(t.label(), size)),
        }
    }

    /// The lines of the widest cut label a node at `depth` below the root
    /// of `kind` can carry, as widths: its cut, and where a deep cut can
    /// happen (two levels down or more) the widest `bound from X` among
    /// `sources`, the ids of the ancestors that can supply it.
    pub(super) fn cut_label(&self, kind: Kind, depth: usize, source: f64) -> Vec<f64> {
        // A MAX node makes beta cuts, a MIN node alpha cuts; a chance
        // node either, or its own.
        let cuts: &[&str] = match kind {
            Kind::Chance => &["alpha", "beta", "Star1", "Star2"],
            Kind::Max => &["beta"],
            Kind::Min => &["alpha"],
        };
        let deep = depth >= 2;
        // SSS*'s purges say what it never reached, below a node of either kind.
        let purge = self.purges.then(|| "not reached".to_string());
        let first = (cuts.iter().map(|cut| format!("{cut} cut")))
            .chain(purge)
            .map(|cut| match deep {
                true => format!("deep {cut}"),
                false => cut,
            })
            .map(|text| text_width(&text, SMALL_SIZE))
            .fold(0.0, f64::max);
        match deep {
            true => vec![first, text_width("bound from ", SMALL_SIZE) + source],
            false => vec![first],
        }
    }
}

/// The width of a digit (all of DejaVu Sans's digits are as wide).
fn digit(size: f64) -> f64 {
    text_width("8", size)
}

/// The width of the wider infinity.
fn infinity(size: f64) -> f64 {
    text_width("−∞", size).max(text_width("+∞", size))
}

/// What the widest number needs: a sign, whole digits, places.
#[derive(Default)]
struct Widest {
    negative: bool,
    digits: usize,
    places: u32,
    chance: bool,
}

impl Widest {
    fn add(&mut self, value: Value) {
        if value.is_infinite() {
            return;
        }
        let x = value.to_f64();
        self.negative |= x < 0.0;
        let whole = x.abs().trunc();
        let digits = if whole < 1.0 {
            1
        } else {
            whole.log10().floor() as usize + 1
        };
        self.digits = self.digits.max(digits.min(40));
        let places = value.decimal_places().unwrap_or(PLACES).min(PLACES);
        self.places = self.places.max(places);
    }

    /// The widest number as text: every digit an `8` (they are all as
    /// wide).
    fn template(&self) -> String {
        let places = if self.chance { PLACES } else { self.places };
        let mut text = String::new();
        if self.negative {
            text.push('−');
        }
        text.push_str(&"8".repeat(self.digits.max(1)));
        if places > 0 {
            text.push('.');
            text.push_str(&"8".repeat(places as usize));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reserve(text: &str) -> Reserve {
        let tree = crate::syntax::parse("t", text).unwrap();
        Reserve::new(&tree, tree.len(), false)
    }

    #[test]
    fn every_layer_is_counted() {
        assert_eq!(Layer::on(crate::render::Layers::ALL).len(), Layer::COUNT);
    }

    #[test]
    fn the_widest_number_comes_from_the_leaves() {
        assert_eq!(reserve("[[3 12] [2 4]]").number, "88");
        assert_eq!(reserve("[[3 -1] [2.5 4]]").number, "−8.8");
        assert_eq!(reserve("[chance [0.5: 1 0.5: 2] 3]").number, "8.8888");
        assert_eq!(reserve("[1/3 2]").number, "8.8888");
    }

    #[test]
    fn a_window_has_room_for_infinities_and_numbers() {
        let small = reserve("[[3 1] [2 4]]");
        let tree = crate::syntax::parse("t", "[[3 1] [2 4]]").unwrap();
        let node = |id: &str| tree.find(id).unwrap();
        let window = small
            .layer(Layer::Window, &tree, node("root"), None)
            .unwrap();
        assert!(window >= text_width("[−∞, +∞]", SMALL_SIZE) - 1e-9);
        let history = small.layer(Layer::History, &tree, node("@1"), None);
        assert!(history.unwrap() >= text_width("8 → ≥8", SMALL_SIZE) - 1e-9);
        let leaf = small.layer(Layer::History, &tree, node("@1.1"), None);
        assert!(leaf.is_none(), "a leaf has no history");
    }

    #[test]
    fn a_deep_cut_label_has_two_lines_two_levels_down() {
        let r = reserve("[[3 1] [2 4]]");
        assert_eq!(r.cut_label(Kind::Min, 1, 10.0).len(), 1);
        let deep = r.cut_label(Kind::Min, 2, 10.0);
        assert_eq!(deep.len(), 2);
        assert!(deep[0] >= text_width("deep alpha cut", SMALL_SIZE));
    }

    #[test]
    fn a_search_that_purges_has_room_for_what_it_never_reached() {
        let tree = crate::syntax::parse("t", "[[3 1] [2 4]]").unwrap();
        let purges = Reserve::new(&tree, tree.len(), true);
        let width = |text: &str| text_width(text, SMALL_SIZE);
        assert!(purges.cut_label(Kind::Max, 1, 10.0)[0] >= width("not reached"));
        assert!(purges.cut_label(Kind::Min, 2, 10.0)[0] >= width("deep not reached"));
        let plain = reserve("[[3 1] [2 4]]").cut_label(Kind::Max, 1, 10.0)[0];
        assert!(plain < width("not reached"), "no room taken without purges");
    }
}
