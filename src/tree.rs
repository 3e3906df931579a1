//! The tree model: the [`GameTree`] trait every search works on, and
//! [`Tree`], the petgraph tree read from a file.

use std::collections::HashMap;

use petgraph::Directed;
use petgraph::csr::Csr;

use crate::syntax::Expectation;
use crate::value::{Kind, Value};

/// A game tree as the searches see it: a root, and for each node its player,
/// its children in order, and its value.
///
/// Files implement it with [`Tree`]; generated games implement it without
/// storing anything, so the same search code walks both.
pub trait GameTree {
    /// A handle on one node; cheap to copy and compare.
    type Node: Copy + Eq + std::fmt::Debug;
    /// The children of a node, left to right.
    type Children<'a>: Iterator<Item = Self::Node>
    where
        Self: 'a;

    /// The root node.
    fn root(&self) -> Self::Node;
    /// The player to move at `node`.
    fn kind(&self, node: Self::Node) -> Kind;
    /// The children of `node`, left to right; none for a leaf.
    fn children(&self, node: Self::Node) -> Self::Children<'_>;
    /// A leaf's value; `None` when it is unknown (`?`).
    fn value(&self, node: Self::Node) -> Option<Value>;
    /// An interior node's static (heuristic) value, if it has one.
    fn static_value(&self, node: Self::Node) -> Option<Value>;
    /// The node's id as users write it: its name, or its child path.
    fn id(&self, node: Self::Node) -> String;
    /// Where the node is written, for error messages; `None` when it has no
    /// source text.
    fn location(&self, _node: Self::Node) -> Option<Location> {
        None
    }
}

/// A line and column in a source file, both counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

/// What a file says about one node.
///
/// A leaf's slot holds its value and an interior node's slot its static
/// value; NaN marks an unknown leaf or an interior node without one. This
/// keeps a node at 16 bytes, which matters for files of millions of leaves.
#[derive(Clone, Copy, Debug)]
pub struct NodeData {
    value: f64,
    kind: Kind,
}

impl NodeData {
    /// A node of the given player with an optional value.
    pub fn new(kind: Kind, value: Option<Value>) -> NodeData {
        NodeData {
            value: value.map_or(f64::NAN, Value::get),
            kind,
        }
    }

    fn value(&self) -> Option<Value> {
        Value::new(self.value)
    }
}

impl Default for NodeData {
    fn default() -> Self {
        NodeData::new(Kind::Max, None)
    }
}

/// Index of a node in a [`Tree`]: nodes are numbered in preorder, root 0.
pub type NodeId = u32;

/// A tree read from a file: a petgraph compressed-sparse-row graph whose
/// nodes are numbered in preorder.
///
/// Preorder numbering makes every node's children increasing indices, and a
/// CSR graph keeps each row sorted, so `neighbors_slice` gives the children
/// left to right, in file order (petgraph's `Graph::neighbors` would give
/// them in reverse insertion order instead).
#[derive(Debug)]
pub struct Tree {
    graph: Csr<NodeData, (), Directed, u32>,
    parents: Vec<u32>,
    names: HashMap<u32, String>,
    by_name: HashMap<String, u32>,
    locations: HashMap<u32, Location>,
    depth: usize,
    expectations: Vec<Expectation>,
}

/// Reasons a [`TreeBuilder`] refuses a tree.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BuildError {
    /// Two nodes share a name.
    #[error("duplicate name `{name}`: already used on line {first_line}")]
    DuplicateName {
        /// The name.
        name: String,
        /// Where it was first used.
        first_line: usize,
    },
    /// The tree has more nodes than the builder allows.
    #[error("the tree has more than {limit} nodes")]
    TooManyNodes {
        /// The limit.
        limit: usize,
    },
}

/// Builds a [`Tree`] from nodes given in preorder.
#[derive(Debug, Default)]
pub struct TreeBuilder {
    nodes: Vec<NodeData>,
    parents: Vec<u32>,
    names: HashMap<u32, String>,
    by_name: HashMap<String, u32>,
    locations: HashMap<u32, Location>,
    depth: usize,
}

impl TreeBuilder {
    /// An empty builder.
    pub fn new() -> TreeBuilder {
        TreeBuilder::default()
    }

    /// Adds the next node in preorder under `parent` (`None` for the root)
    /// and returns its index.
    pub fn add(&mut self, parent: Option<NodeId>, data: NodeData, depth: usize) -> NodeId {
        let index = self.nodes.len() as u32;
        self.nodes.push(data);
        self.parents.push(parent.unwrap_or(u32::MAX));
        self.depth = self.depth.max(depth);
        index
    }

    /// Gives `node` a name; refuses a name already used.
    pub fn name(&mut self, node: NodeId, name: &str, at: Location) -> Result<(), BuildError> {
        let index = node;
        if let Some(first) = self.by_name.get(name) {
            let first_line = self.locations.get(first).map_or(0, |l| l.line);
            return Err(BuildError::DuplicateName {
                name: name.to_string(),
                first_line,
            });
        }
        self.by_name.insert(name.to_string(), index);
        self.names.insert(index, name.to_string());
        self.locations.insert(index, at);
        Ok(())
    }

    /// Remembers where `node` is written (named and unknown nodes need it).
    pub fn locate(&mut self, node: NodeId, at: Location) {
        self.locations.entry(node).or_insert(at);
    }

    /// The player at `node`, once added.
    pub fn kind(&self, node: NodeId) -> Kind {
        self.nodes[node as usize].kind
    }

    /// The number of nodes added so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no node was added.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The finished tree, with the file's expectations.
    pub fn finish(self, expectations: Vec<Expectation>) -> Tree {
        let edges: Vec<(u32, u32)> = self
            .parents
            .iter()
            .enumerate()
            .filter(|(_, p)| **p != u32::MAX)
            .map(|(child, parent)| (*parent, child as u32))
            .collect();
        let mut edges = edges;
        edges.sort_unstable();
        let mut graph = if edges.is_empty() {
            Csr::with_nodes(self.nodes.len())
        } else {
            Csr::from_sorted_edges(&edges).expect("preorder edges sorted by parent")
        };
        drop(edges);
        for (index, data) in self.nodes.into_iter().enumerate() {
            graph[index as NodeId] = data;
        }
        Tree {
            graph,
            parents: self.parents,
            names: self.names,
            by_name: self.by_name,
            locations: self.locations,
            depth: self.depth,
            expectations,
        }
    }
}

impl Tree {
    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    /// Whether the tree is empty (never, for a parsed file).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The length of the longest path from the root, in edges.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The `expect` lines of the file, in order.
    pub fn expectations(&self) -> &[Expectation] {
        &self.expectations
    }

    /// The children of `node`, left to right, as a slice.
    pub fn children_slice(&self, node: NodeId) -> &[NodeId] {
        self.graph.neighbors_slice(node)
    }

    /// The parent of `node`; `None` for the root.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        match self.parents[node as usize] {
            u32::MAX => None,
            p => Some(p),
        }
    }

    /// Every node in preorder (file order).
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        0..self.len() as NodeId
    }

    /// The node with this id (a name, `root`, or a child path like `@2.1`).
    pub fn find(&self, id: &str) -> Option<NodeId> {
        if let Some(index) = self.by_name.get(id) {
            return Some(*index);
        }
        if id == "root" {
            return (!self.names.contains_key(&0)).then_some(0);
        }
        let mut node: NodeId = 0;
        for step in id.strip_prefix('@')?.split('.') {
            let position: usize = step.parse().ok()?;
            node = *self.children_slice(node).get(position.checked_sub(1)?)?;
        }
        (!self.names.contains_key(&(node))).then_some(node)
    }

    /// The node and all its descendants, in preorder.
    pub fn subtree(&self, node: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            out.push(n);
            stack.extend(self.children_slice(n).iter().rev());
        }
        out
    }

    fn child_path(&self, node: NodeId) -> String {
        let mut steps = Vec::new();
        let mut current = node;
        while let Some(parent) = self.parent(current) {
            let position = self
                .children_slice(parent)
                .binary_search(&current)
                .expect("a child is among its parent's children");
            steps.push((position + 1).to_string());
            current = parent;
        }
        if steps.is_empty() {
            return "root".to_string();
        }
        steps.reverse();
        format!("@{}", steps.join("."))
    }
}

impl GameTree for Tree {
    type Node = NodeId;
    type Children<'a> = std::iter::Copied<std::slice::Iter<'a, NodeId>>;

    fn root(&self) -> NodeId {
        0
    }

    fn kind(&self, node: NodeId) -> Kind {
        self.graph[node].kind
    }

    fn children(&self, node: NodeId) -> Self::Children<'_> {
        self.children_slice(node).iter().copied()
    }

    fn value(&self, node: NodeId) -> Option<Value> {
        match self.children_slice(node).is_empty() {
            true => self.graph[node].value(),
            false => None,
        }
    }

    fn static_value(&self, node: NodeId) -> Option<Value> {
        match self.children_slice(node).is_empty() {
            true => None,
            false => self.graph[node].value(),
        }
    }

    fn id(&self, node: NodeId) -> String {
        match self.names.get(&(node)) {
            Some(name) => name.clone(),
            None => self.child_path(node),
        }
    }

    fn location(&self, node: NodeId) -> Option<Location> {
        self.locations.get(&(node)).copied()
    }
}

impl<T: GameTree + ?Sized> GameTree for &T {
    type Node = T::Node;
    type Children<'a>
        = T::Children<'a>
    where
        Self: 'a;

    fn root(&self) -> Self::Node {
        (**self).root()
    }
    fn kind(&self, node: Self::Node) -> Kind {
        (**self).kind(node)
    }
    fn children(&self, node: Self::Node) -> Self::Children<'_> {
        (**self).children(node)
    }
    fn value(&self, node: Self::Node) -> Option<Value> {
        (**self).value(node)
    }
    fn static_value(&self, node: Self::Node) -> Option<Value> {
        (**self).static_value(node)
    }
    fn id(&self, node: Self::Node) -> String {
        (**self).id(node)
    }
    fn location(&self, node: Self::Node) -> Option<Location> {
        (**self).location(node)
    }
}
