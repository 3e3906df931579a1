//! The graphviz-rust model of a diagram, and its DOT text.

use graphviz_rust::dot_structures::{
    Attribute, Edge, EdgeTy, Graph, GraphAttributes, Id, Node, NodeId as DotNodeId, Stmt, Subgraph,
    Vertex,
};
use graphviz_rust::printer::{DotPrinter, PrinterContext};

use std::collections::HashMap;

use super::digits::value_text;
use super::font::text_width;
use super::label::{plain_label, table_label};
use super::layers::layer_slots;
use super::metrics::{FONT_SIZE, SMALL_SIZE, pretty};
use super::reserve::Layer;
use super::state::{CutMark, Picture};
use super::style;
use super::{Diagram, Processors};
use crate::tree::{GameTree, NodeId};
use crate::value::{Bound, Value};

/// A DOT attribute with a plain (unquoted) value.
fn plain(key: &str, value: &str) -> Attribute {
    Attribute(Id::Plain(key.to_string()), Id::Plain(value.to_string()))
}

fn dot_id(name: String) -> DotNodeId {
    DotNodeId(Id::Plain(name), None)
}

fn edge(from: String, to: String, attributes: Vec<Attribute>) -> Stmt {
    Stmt::Edge(Edge {
        ty: EdgeTy::Pair(Vertex::N(dot_id(from)), Vertex::N(dot_id(to))),
        attributes,
    })
}

/// How deep a node lies, and how wide the ids of its ancestors two levels
/// up or more can be.
#[derive(Clone, Copy, Debug, Default)]
struct Above {
    depth: usize,
    source: f64,
}

/// The height of a row of a node's label, for 11 pt text.
const CELL_HEIGHT: f64 = 14.0;
/// The height of a row of a cut's label, for 9 pt text.
const SMALL_CELL_HEIGHT: f64 = 12.0;

/// The settings every diagram starts with.
fn defaults() -> Vec<Stmt> {
    vec![
        Stmt::GAttribute(GraphAttributes::Graph(vec![
            plain("ordering", "out"),
            plain("nodesep", "0.3"),
            plain("ranksep", "0.45"),
            plain("forcelabels", "true"),
        ])),
        Stmt::GAttribute(GraphAttributes::Node(vec![
            plain("fontname", "Helvetica"),
            plain("fontsize", "11"),
            plain("margin", "0.03"),
        ])),
        Stmt::GAttribute(GraphAttributes::Edge(vec![
            plain("arrowhead", "none"),
            plain("fontname", "Helvetica"),
            plain("fontsize", "9"),
        ])),
    ]
}

impl Diagram<'_> {
    /// The graphviz-rust model of the diagram as `picture` shows it. Every
    /// node's label is a table of fixed cells sized for the widest text the
    /// tree can give it, and every edge to a node's last child carries a
    /// fixed box for the label of a cut there: empty until known, so that
    /// `dot` lays every frame, and every search of the tree, out alike.
    pub(super) fn graph(&self, picture: &Picture) -> Graph {
        let mut stmts = defaults();
        let sources = self.dot_sources();
        for drawn in &self.drawn {
            stmts.push(self.node_stmt(picture, drawn.node));
            if let Some(parent) = drawn.parent {
                let above = sources.get(&parent).copied().unwrap_or_default();
                stmts.push(self.edge_stmt(picture, parent, drawn.node, above));
            }
            if drawn.hidden_below > 0 {
                stmts.extend(self.hidden_stmts(picture, drawn.node, drawn.hidden_below));
            }
        }
        if let Some(processors) = &self.processors {
            stmts.push(legend(processors));
        }
        Graph::DiGraph {
            id: Id::Plain("gametree".to_string()),
            strict: false,
            stmts,
        }
    }

    /// The DOT text of the diagram as `picture` shows it (see [`graph`]).
    ///
    /// [`graph`]: Diagram::graph
    pub(super) fn dot(&self, picture: &Picture) -> String {
        let mut text = self.graph(picture).print(&mut PrinterContext::default());
        text.push('\n');
        text
    }

    fn name(&self, node: NodeId) -> String {
        format!("n{}", self.preorder[node as usize])
    }

    pub(super) fn on_pv(&self, picture: &Picture, node: NodeId) -> bool {
        picture.is_finished() && self.pv[node as usize]
    }

    /// Whether a simulated parallel search has visited `node`, which
    /// sequential alpha-beta never visits (speculative work).
    pub(super) fn is_speculative(&self, picture: &Picture, node: NodeId) -> bool {
        self.processors.as_ref().is_some_and(|processors| {
            picture.node(node).visit.is_some() && processors.is_speculative(node)
        })
    }

    /// Whether a simulated parallel search, done, never visited `node`: it
    /// lies below brothers a cut stopped, and is drawn as pruned.
    pub(super) fn is_stopped(&self, picture: &Picture, node: NodeId) -> bool {
        self.processors.is_some() && picture.is_finished() && picture.node(node).visit.is_none()
    }

    /// The fill of `node` when it is not white and no processor's colour:
    /// yellow while the search is inside it, else its pass's tint.
    pub(super) fn open_or_pass_fill(
        &self,
        picture: &Picture,
        node: NodeId,
    ) -> Option<&'static str> {
        match picture.is_open(self.tree, node) {
            true => Some(style::OPEN_FILL),
            false => self.pass_fill(picture, node),
        }
    }

    /// The fill of `node` in a search by passes (MTD(f)): the tint of the
    /// pass that last visited it, unless it lies in a skipped subtree.
    fn pass_fill(&self, picture: &Picture, node: NodeId) -> Option<&'static str> {
        let state = picture.node(node);
        let shown = self.by_passes && state.visit.is_some() && !picture.is_pruned(node);
        shown.then(|| style::pass_fill(state.pass))
    }

    fn node_stmt(&self, picture: &Picture, node: NodeId) -> Stmt {
        let tree = self.tree;
        let state = picture.node(node);
        let mut attributes = vec![
            plain("shape", self.options.style.shape(tree.kind(node))),
            table_label("label", &self.dot_rows(picture, node), CELL_HEIGHT),
        ];
        if picture.is_pruned(node) || self.is_stopped(picture, node) {
            attributes.push(plain("color", style::PRUNED));
            attributes.push(plain("fontcolor", style::PRUNED));
        } else if state.leaf.is_none() && tree.is_leaf(node) && !self.options.blank {
            attributes.push(plain("fontcolor", style::PENDING));
        }
        let processor = self.processors.as_ref().filter(|_| state.visit.is_some());
        if let Some(processors) = processor {
            attributes.extend(processor_attributes(processors, node));
        } else if let Some(fill) = self.open_or_pass_fill(picture, node) {
            attributes.push(plain("style", "filled"));
            attributes.push(plain_label("fillcolor", &[fill.to_string()]));
        }
        if self.on_pv(picture, node) {
            attributes.push(plain("penwidth", style::PV_WIDTH));
        }
        if state.horizon {
            // Valued at the depth limit: a double outline.
            attributes.push(plain("peripheries", "2"));
        }
        Stmt::Node(Node::new(dot_id(self.name(node)), attributes))
    }

    /// The rows of a node's label: its id (when shown), its value, one per
    /// layer on that can have text there; each with its text now (empty
    /// while there is nothing to show; values with their signs, `≥6`, as
    /// the native drawing sets them) and the room kept for it, in points at
    /// the node's 11 pt.
    pub(super) fn dot_rows(&self, picture: &Picture, node: NodeId) -> Vec<(String, Option<f64>)> {
        let tree = self.tree;
        let leaf = tree.is_leaf(node);
        let mut rows = Vec::new();
        if self.shows_name(node) {
            rows.push((tree.id(node), None));
        }
        if self.options.native_labels().values() || (self.options.blank && leaf) {
            let value = pretty(&self.value_text(picture, node)).into_owned();
            rows.push((value, Some(self.reserve.value(tree, node))));
        }
        let texts = self.layer_texts(picture, node);
        let node_type = self.types.as_ref().map(|types| types[node as usize]);
        for (k, layer) in Layer::on(self.options.layers).into_iter().enumerate() {
            if let Some(width) = self.reserve.layer(layer, tree, node, node_type) {
                let text = pretty(&texts[k]).into_owned();
                rows.push((text, Some(width * FONT_SIZE / SMALL_SIZE)));
            }
        }
        rows
    }

    /// For each drawn node, its depth and the widest id of its ancestors
    /// two levels up or more (a deep cut's bound comes from one of them),
    /// at 9 pt.
    fn dot_sources(&self) -> HashMap<NodeId, Above> {
        let mut above: HashMap<NodeId, Above> = HashMap::with_capacity(self.drawn.len());
        let parents: HashMap<NodeId, NodeId> = self
            .drawn
            .iter()
            .filter_map(|d| d.parent.map(|p| (d.node, p)))
            .collect();
        for drawn in &self.drawn {
            let Some(parent) = drawn.parent else {
                above.insert(drawn.node, Above::default());
                continue;
            };
            let grand = parents
                .get(&parent)
                .map_or(0.0, |&grand| text_width(&self.tree.id(grand), SMALL_SIZE));
            let of_parent = above.get(&parent).copied().unwrap_or_default();
            above.insert(
                drawn.node,
                Above {
                    depth: of_parent.depth + 1,
                    source: of_parent.source.max(grand),
                },
            );
        }
        above
    }

    /// The text of each layer on, in order; empty while there is nothing
    /// to show (and always on the blank sheet).
    pub(super) fn layer_texts(&self, picture: &Picture, node: NodeId) -> Vec<String> {
        let node_type = self.types.as_ref().map(|types| types[node as usize]);
        let mut texts = layer_slots(self.options.layers, picture.node(node), node_type);
        if self.options.blank {
            texts.iter_mut().for_each(String::clear);
        }
        texts
    }

    /// A leaf shows its value (blank when unknown); an interior node its
    /// final value, or its provisional one while the search is inside it.
    pub(super) fn value_text(&self, picture: &Picture, node: NodeId) -> String {
        let state = picture.node(node);
        if self.tree.is_leaf(node) {
            let value = state.leaf.or_else(|| self.tree.value(node));
            return value.map(value_text).unwrap_or_default();
        }
        if state.horizon {
            return state.leaf.map(value_text).unwrap_or_default();
        }
        match (state.score, state.provisional.last()) {
            (Some(score), _) if score.bound == Bound::Exact => value_text(score.value),
            (Some(score), _) => score.to_string(),
            (None, Some(&value)) => value_text(value),
            (None, None) => String::new(),
        }
    }

    fn edge_stmt(&self, picture: &Picture, parent: NodeId, child: NodeId, above: Above) -> Stmt {
        let mut attributes = Vec::new();
        if picture.cut_above(child).is_some() {
            attributes.push(plain("style", "dashed"));
            attributes.push(plain("color", style::CUT));
            attributes.push(plain("fontcolor", style::CUT));
        }
        if child != parent + 1 && self.tree.next_sibling(parent, child).is_none() {
            attributes.push(self.cut_box(picture, parent, above));
        }
        if picture.is_pruned(child) && picture.cut_above(child).is_none() {
            attributes.push(plain("color", style::PRUNED));
        }
        if self.on_pv(picture, parent) && self.on_pv(picture, child) {
            attributes.push(plain("penwidth", style::PV_WIDTH));
        }
        if let Some(p) = self.probability_text(parent, child) {
            attributes.push(plain_label("taillabel", &[p]));
        }
        // The move near the node it leads to, where the edges spread apart.
        if let Some(label) = self.label_text(child) {
            attributes.push(plain_label("headlabel", &[label]));
        }
        edge(self.name(parent), self.name(child), attributes)
    }

    /// The fixed box on the edge to `parent`'s last child for the label of
    /// a cut at `parent`, sized for the widest such label the tree allows
    /// (`above` says how deep `parent` lies and how wide a deep cut's
    /// source can be): empty until the cut is made.
    fn cut_box(&self, picture: &Picture, parent: NodeId, above: Above) -> Attribute {
        let kind = self.tree.kind(parent);
        let widths = self.reserve.cut_label(kind, above.depth, above.source);
        let mark = self
            .tree
            .children(parent)
            .find_map(|c| picture.cut_above(c));
        let lines = mark.map(|m| self.cut_label(m)).unwrap_or_default();
        let rows: Vec<(String, Option<f64>)> = (0..widths.len())
            .map(|k| (lines.get(k).cloned().unwrap_or_default(), Some(widths[k])))
            .collect();
        table_label("xlabel", &rows, SMALL_CELL_HEIGHT)
    }

    /// The probability written on the edge from a chance node to `child`;
    /// `None` below other nodes.
    pub(super) fn probability_text(&self, parent: NodeId, child: NodeId) -> Option<String> {
        let tree = self.tree;
        tree.kind(parent)
            .is_chance()
            .then(|| probability_text(tree.probability(parent, child)))
    }

    /// The action label written on the edge into `child`, if it has one.
    pub(super) fn label_text(&self, child: NodeId) -> Option<String> {
        let label = self.tree.label(child)?;
        Some(crate::text::quoted(&label).into_owned())
    }

    pub(super) fn cut_label(&self, mark: CutMark) -> Vec<String> {
        let cut = match mark.chance {
            Some(method) => format!("{method} cut"),
            // What SSS* never reached when it purged OPEN.
            None if mark.purge => "not reached".to_string(),
            None => format!("{} cut", mark.kind),
        };
        match (mark.deep, mark.bound_from) {
            (true, Some(from)) => vec![
                format!("deep {cut}"),
                format!("bound from {}", self.tree.id(from)),
            ],
            _ => vec![cut],
        }
    }

    /// A note standing for the nodes below the drawing depth.
    fn hidden_stmts(&self, picture: &Picture, node: NodeId, hidden: usize) -> Vec<Stmt> {
        let name = format!("{}_below", self.name(node));
        let noun = if hidden == 1 { "node" } else { "nodes" };
        let mut attributes = vec![
            plain("shape", "plaintext"),
            plain_label("label", &[format!("{hidden} more {noun}")]),
        ];
        let mut edge_attributes = vec![plain("style", "dotted")];
        if picture.is_pruned(node) {
            attributes.push(plain("fontcolor", style::PRUNED));
            edge_attributes.push(plain("color", style::PRUNED));
        }
        vec![
            Stmt::Node(Node::new(dot_id(name.clone()), attributes)),
            edge(self.name(node), name, edge_attributes),
        ]
    }
}

/// How a node searched by a simulated processor is drawn: filled with the
/// processor's colour, dashed and doubled when speculative.
fn processor_attributes(processors: &Processors, node: NodeId) -> Vec<Attribute> {
    let Some(p) = processors.of(node) else {
        return Vec::new();
    };
    let (fill, text) = Processors::colours(p);
    let speculative = processors.is_speculative(node);
    let style = if speculative {
        "filled,dashed"
    } else {
        "filled"
    };
    let mut attributes = vec![
        plain_label("style", &[style.to_string()]),
        plain_label("fillcolor", &[fill.to_string()]),
        plain("fontcolor", text),
    ];
    if speculative {
        attributes.push(plain("peripheries", "2"));
    }
    attributes
}

/// The legend of a diagram of a simulated search: the processors' colours
/// in one row, P1 first, and what a speculative node looks like.
fn legend(processors: &Processors) -> Stmt {
    let cells: String = (0..processors.count())
        .map(|p| {
            let (fill, text) = Processors::colours(p);
            format!(
                "<td bgcolor=\"{fill}\" border=\"1\"><font color=\"{text}\">P{}</font></td>",
                p + 1
            )
        })
        .collect();
    let table =
        format!("<table border=\"0\" cellspacing=\"4\" cellpadding=\"6\"><tr>{cells}</tr></table>");
    let stmts = vec![
        Stmt::GAttribute(GraphAttributes::Graph(vec![
            plain_label("label", &["processors".to_string()]),
            plain("color", "gray70"),
        ])),
        Stmt::Node(Node::new(
            dot_id("legend_processors".to_string()),
            vec![
                plain("shape", "plaintext"),
                Attribute(
                    Id::Plain("label".to_string()),
                    Id::Html(format!("<{table}>")),
                ),
            ],
        )),
        Stmt::Node(Node::new(
            dot_id("legend_speculative".to_string()),
            vec![
                plain("shape", "box"),
                plain_label(
                    "label",
                    &[
                        "speculative:".to_string(),
                        "alpha-beta prunes it".to_string(),
                    ],
                ),
                plain_label("style", &["dashed".to_string()]),
                plain("peripheries", "2"),
            ],
        )),
    ];
    Stmt::Subgraph(Subgraph {
        id: Id::Plain("cluster_legend".to_string()),
        stmts,
    })
}

/// A probability as an edge shows it: exactly when that is short (`1/3`,
/// `0.25`), else as values print (`0.3333`).
pub(crate) fn probability_text(p: Value) -> String {
    let exact = p.exact().to_string();
    match exact.len() <= 6 {
        true => exact,
        false => p.to_string(),
    }
}
