//! The graphviz-rust model of a diagram, and its DOT text.

use graphviz_rust::dot_structures::{
    Attribute, Edge, EdgeTy, Graph, GraphAttributes, Id, Node, NodeId as DotNodeId, Stmt, Vertex,
};
use graphviz_rust::printer::{DotPrinter, PrinterContext};

use super::Diagram;
use super::layers::layer_lines;
use super::state::{CutMark, Picture};
use super::style;
use crate::tree::{GameTree, NodeId};

/// A DOT attribute with a plain (unquoted) value.
fn plain(key: &str, value: &str) -> Attribute {
    Attribute(Id::Plain(key.to_string()), Id::Plain(value.to_string()))
}

/// A DOT attribute with a quoted string value; `lines` are joined by DOT's
/// `\n`.
fn quoted(key: &str, lines: &[String]) -> Attribute {
    let escaped: Vec<String> = lines.iter().map(|l| escape(l)).collect();
    Attribute(
        Id::Plain(key.to_string()),
        Id::Escaped(format!("\"{}\"", escaped.join("\\n"))),
    )
}

/// Escapes a line for a DOT quoted string.
fn escape(line: &str) -> String {
    line.replace('\\', "\\\\").replace('"', "\\\"")
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

/// The settings every diagram starts with.
fn defaults() -> Vec<Stmt> {
    vec![
        Stmt::GAttribute(GraphAttributes::Graph(vec![
            plain("ordering", "out"),
            plain("nodesep", "0.3"),
            plain("ranksep", "0.45"),
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
    /// The graphviz-rust model of the diagram as `picture` shows it.
    pub(super) fn graph(&self, picture: &Picture) -> Graph {
        let mut stmts = defaults();
        for drawn in &self.drawn {
            stmts.push(self.node_stmt(picture, drawn.node));
            if let Some(parent) = drawn.parent {
                stmts.push(self.edge_stmt(picture, parent, drawn.node));
            }
            if drawn.hidden_below > 0 {
                stmts.extend(self.hidden_stmts(picture, drawn.node, drawn.hidden_below));
            }
        }
        Graph::DiGraph {
            id: Id::Plain("gametree".to_string()),
            strict: false,
            stmts,
        }
    }

    /// The DOT text of the diagram as `picture` shows it.
    pub(super) fn dot(&self, picture: &Picture) -> String {
        let mut text = self.graph(picture).print(&mut PrinterContext::default());
        text.push('\n');
        text
    }

    fn name(&self, node: NodeId) -> String {
        format!("n{}", self.preorder[node as usize])
    }

    fn on_pv(&self, picture: &Picture, node: NodeId) -> bool {
        picture.is_finished() && self.pv[node as usize]
    }

    fn node_stmt(&self, picture: &Picture, node: NodeId) -> Stmt {
        let tree = self.tree;
        let state = picture.node(node);
        let mut lines = vec![tree.id(node)];
        let value = self.value_text(picture, node);
        if !value.is_empty() {
            lines.push(value);
        }
        let node_type = self.types.as_ref().map(|types| types[node as usize]);
        lines.extend(layer_lines(self.options.layers, state, node_type));
        let mut attributes = vec![
            plain("shape", self.options.style.shape(tree.kind(node))),
            quoted("label", &lines),
        ];
        if picture.is_pruned(node) {
            attributes.push(plain("color", style::PRUNED));
            attributes.push(plain("fontcolor", style::PRUNED));
        }
        if picture.is_open(tree, node) {
            attributes.push(plain("style", "filled"));
            attributes.push(quoted("fillcolor", &[style::OPEN_FILL.to_string()]));
        }
        if self.on_pv(picture, node) {
            attributes.push(plain("penwidth", style::PV_WIDTH));
        }
        Stmt::Node(Node::new(dot_id(self.name(node)), attributes))
    }

    /// A leaf shows its value (blank when unknown); an interior node its
    /// final value, or its provisional one while the search is inside it.
    fn value_text(&self, picture: &Picture, node: NodeId) -> String {
        let state = picture.node(node);
        if self.tree.children_slice(node).is_empty() {
            let value = state.leaf.or_else(|| self.tree.value(node));
            return value.map(|v| v.to_string()).unwrap_or_default();
        }
        match (state.score, state.provisional.last()) {
            (Some(score), _) => score.to_string(),
            (None, Some(value)) => value.to_string(),
            (None, None) => String::new(),
        }
    }

    fn edge_stmt(&self, picture: &Picture, parent: NodeId, child: NodeId) -> Stmt {
        let mut attributes = Vec::new();
        if let Some(mark) = picture.cut_above(child) {
            attributes.push(plain("style", "dashed"));
            attributes.push(plain("color", style::CUT));
            attributes.push(plain("fontcolor", style::CUT));
            attributes.push(quoted("label", &self.cut_label(mark)));
        } else if picture.is_pruned(child) {
            attributes.push(plain("color", style::PRUNED));
        }
        if self.on_pv(picture, parent) && self.on_pv(picture, child) {
            attributes.push(plain("penwidth", style::PV_WIDTH));
        }
        edge(self.name(parent), self.name(child), attributes)
    }

    fn cut_label(&self, mark: CutMark) -> Vec<String> {
        let cut = format!("{} cut", mark.kind);
        match (mark.deep, mark.bound_from) {
            (true, Some(from)) => vec![
                format!("deep {cut}"),
                format!("bound from {}", self.tree.id(from)),
            ],
            _ => vec![cut],
        }
    }

    /// A note standing for the nodes below `--depth`.
    fn hidden_stmts(&self, picture: &Picture, node: NodeId, hidden: usize) -> Vec<Stmt> {
        let name = format!("{}_below", self.name(node));
        let noun = if hidden == 1 { "node" } else { "nodes" };
        let mut attributes = vec![
            plain("shape", "plaintext"),
            quoted("label", &[format!("{hidden} more {noun}")]),
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
