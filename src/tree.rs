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

/// What a file says about one node, as the loader hands it to a
/// [`TreeBuilder`].
#[derive(Clone, Copy, Debug)]
pub struct NodeData {
    value: Option<Value>,
    kind: Kind,
}

impl NodeData {
    /// A node of the given player with an optional value: a leaf's value,
    /// or an interior node's static value.
    pub fn new(kind: Kind, value: Option<Value>) -> NodeData {
        NodeData { value, kind }
    }
}

/// Index of a node in a [`Tree`]: nodes are numbered in preorder, root 0.
pub type NodeId = u32;

/// One bit per node: set for MIN.
#[derive(Clone, Debug, Default)]
struct KindBits(Vec<u64>);

impl KindBits {
    fn push(&mut self, index: usize, kind: Kind) {
        if index.is_multiple_of(64) {
            self.0.push(0);
        }
        if kind == Kind::Min {
            self.0[index / 64] |= 1 << (index % 64);
        }
    }

    fn get(&self, index: usize) -> Kind {
        match self.0[index / 64] >> (index % 64) & 1 {
            0 => Kind::Max,
            _ => Kind::Min,
        }
    }
}

/// A tree read from a file: a petgraph compressed-sparse-row graph whose
/// nodes are numbered in preorder, with values and players beside it.
///
/// Preorder numbering makes every node's children increasing indices, and a
/// CSR graph keeps each row sorted, so `neighbors_slice` gives the children
/// left to right, in file order (petgraph's `Graph::neighbors` would give
/// them in reverse insertion order instead). A leaf's slot in `values` holds
/// its value and an interior node's slot its static value, NaN for none;
/// players take one bit each. That is 20 bytes a node, which matters for
/// files of millions of leaves.
#[derive(Debug)]
pub struct Tree {
    graph: Csr<(), (), Directed, u32>,
    values: Vec<f64>,
    kinds: KindBits,
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
}

/// Builds a [`Tree`] from nodes given in preorder.
#[derive(Debug, Default)]
pub struct TreeBuilder {
    values: Vec<f64>,
    kinds: KindBits,
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
        let index = self.values.len();
        self.values.push(data.value.map_or(f64::NAN, Value::get));
        self.kinds.push(index, data.kind);
        self.parents.push(parent.unwrap_or(u32::MAX));
        self.depth = self.depth.max(depth);
        index as NodeId
    }

    /// Gives `node` a name; refuses a name already used.
    pub fn name(&mut self, node: NodeId, name: &str, at: Location) -> Result<(), BuildError> {
        if let Some(first) = self.by_name.get(name) {
            let first_line = self.locations.get(first).map_or(0, |l| l.line);
            return Err(BuildError::DuplicateName {
                name: name.to_string(),
                first_line,
            });
        }
        self.by_name.insert(name.to_string(), node);
        self.names.insert(node, name.to_string());
        self.locations.insert(node, at);
        Ok(())
    }

    /// Remembers where `node` is written (named and unknown nodes need it).
    pub fn locate(&mut self, node: NodeId, at: Location) {
        self.locations.entry(node).or_insert(at);
    }

    /// The player at `node`, once added.
    pub fn kind(&self, node: NodeId) -> Kind {
        self.kinds.get(node as usize)
    }

    /// The number of nodes added so far.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no node was added.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The finished tree, with the file's expectations.
    pub fn finish(self, expectations: Vec<Expectation>) -> Tree {
        let graph = csr_from_parents(self.parents, self.values.len());
        Tree {
            graph,
            values: self.values,
            kinds: self.kinds,
            names: self.names,
            by_name: self.by_name,
            locations: self.locations,
            depth: self.depth,
            expectations,
        }
    }
}

/// The CSR graph of parent-to-child edges. Parents are taken in preorder, so
/// sorting the edges by parent alone (a stable counting sort) keeps each
/// node's children in order. The parent list is freed before the graph is
/// built, to keep the peak memory low.
fn csr_from_parents(parents: Vec<u32>, len: usize) -> Csr<(), (), Directed, u32> {
    let mut starts = vec![0u32; len + 1];
    for &p in parents.iter().filter(|p| **p != u32::MAX) {
        starts[p as usize + 1] += 1;
    }
    for i in 0..len {
        starts[i + 1] += starts[i];
    }
    let mut edges = vec![(0u32, 0u32); len.saturating_sub(1)];
    for (child, &p) in parents.iter().enumerate().filter(|(_, p)| **p != u32::MAX) {
        let slot = &mut starts[p as usize];
        edges[*slot as usize] = (p, child as u32);
        *slot += 1;
    }
    drop(parents);
    drop(starts);
    if edges.is_empty() {
        return Csr::with_nodes(len);
    }
    let mut graph: Csr<(), (), Directed, u32> =
        Csr::from_sorted_edges(&edges).expect("edges sorted by parent, children increasing");
    // Trailing leaves have no edge: the graph must still count every node.
    while graph.node_count() < len {
        graph.add_node(());
    }
    graph
}

impl Tree {
    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.values.len()
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

    /// The parent of `node`; `None` for the root. Found by walking down from
    /// the root: in preorder, a node's parent is, at each level, the last
    /// child whose index does not exceed it.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        let mut current = 0;
        while current != node {
            let children = self.children_slice(current);
            let position = children.partition_point(|&c| c <= node).checked_sub(1)?;
            if children[position] == node {
                return Some(current);
            }
            current = children[position];
        }
        None
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
        (!self.names.contains_key(&node)).then_some(node)
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

    /// The 1-based child positions from the root down to `node`.
    fn child_path(&self, node: NodeId) -> String {
        let mut steps = Vec::new();
        let mut current = 0;
        while current != node {
            let children = self.children_slice(current);
            let position = children.partition_point(|&c| c <= node) - 1;
            steps.push((position + 1).to_string());
            current = children[position];
        }
        match steps.is_empty() {
            true => "root".to_string(),
            false => format!("@{}", steps.join(".")),
        }
    }

    fn slot(&self, node: NodeId) -> Option<Value> {
        Value::new(self.values[node as usize])
    }
}

impl PartialEq for Tree {
    /// The same nodes in the same order, with the same players, values,
    /// names, places and expectations.
    fn eq(&self, other: &Tree) -> bool {
        let same_values = self.values.len() == other.values.len()
            && self
                .values
                .iter()
                .zip(&other.values)
                .all(|(a, b)| a.to_bits() == b.to_bits());
        same_values
            && self.nodes().all(|n| {
                self.kind(n) == other.kind(n) && self.children_slice(n) == other.children_slice(n)
            })
            && self.names == other.names
            && self.locations == other.locations
            && self.depth == other.depth
            && self.expectations == other.expectations
    }
}

impl GameTree for Tree {
    type Node = NodeId;
    type Children<'a> = std::iter::Copied<std::slice::Iter<'a, NodeId>>;

    fn root(&self) -> NodeId {
        0
    }

    fn kind(&self, node: NodeId) -> Kind {
        self.kinds.get(node as usize)
    }

    fn children(&self, node: NodeId) -> Self::Children<'_> {
        self.children_slice(node).iter().copied()
    }

    fn value(&self, node: NodeId) -> Option<Value> {
        match self.children_slice(node).is_empty() {
            true => self.slot(node),
            false => None,
        }
    }

    fn static_value(&self, node: NodeId) -> Option<Value> {
        match self.children_slice(node).is_empty() {
            true => None,
            false => self.slot(node),
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
