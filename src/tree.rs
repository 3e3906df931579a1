//! The tree model: the [`GameTree`] trait every search works on, and
//! [`Tree`], the petgraph tree read from a file.

use std::collections::HashMap;

use petgraph::Directed;
use petgraph::csr::Csr;

use crate::value::{Kind, LeafBounds, Value};

mod assemble;
mod ids;
mod slots;

use assemble::{Assembler, AssemblerThread, SHAPE_CHUNK};
pub use ids::PATH_ID_DEPTH;
use slots::Slots;

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
    /// A leaf's value; `None` when it is unknown (`?`), and always for an
    /// interior node (searches take a node with a value for a leaf without
    /// asking for its children).
    fn value(&self, node: Self::Node) -> Option<Value>;
    /// An interior node's static (heuristic) value, if it has one.
    fn static_value(&self, node: Self::Node) -> Option<Value>;
    /// The node's id as users write it: its name, or for an unnamed node
    /// `root`, its child path (`@2.1`) down to [`PATH_ID_DEPTH`] plies, or
    /// deeper `@n` and its preorder number (`@n40`, the root 1). Its length
    /// does not grow with the depth.
    fn id(&self, node: Self::Node) -> String;
    /// The action label on the edge into `node` (`Left` in `Left: B [..]`),
    /// if it has one; never for the root.
    fn label(&self, _node: Self::Node) -> Option<String> {
        None
    }
    /// Where the node is written, for error messages; `None` when it has no
    /// source text.
    fn location(&self, _node: Self::Node) -> Option<Location> {
        None
    }
    /// How many levels lie below the root at most, when known: the
    /// searches recurse once a level and reserve stack for it.
    fn height(&self) -> Option<usize> {
        None
    }
    /// The probability of `child` at the chance node `parent`; by default
    /// every child of a chance node is equally likely.
    fn probability(&self, parent: Self::Node, _child: Self::Node) -> Value {
        equally_likely(self.children(parent).count())
    }
    /// Bounds that every leaf value lies within, when the tree states them
    /// (alpha-beta prunes below chance nodes with them).
    fn leaf_bounds(&self) -> Option<LeafBounds> {
        None
    }
}

/// The probability of each of `children` equally likely children, exactly
/// (1/3 for three).
pub fn equally_likely(children: usize) -> Value {
    Value::ratio(1, children.max(1) as i128).expect("1/n fits for any count of children")
}

/// The deepest tree gametree reads or searches. The parser and the
/// searches recurse once per level, on a stack sized for this depth (see
/// [`crate::stack`]).
pub const MAX_DEPTH: usize = 10_000;

/// The ids of nodes, in order.
pub fn ids<T: GameTree>(tree: &T, nodes: &[T::Node]) -> Vec<String> {
    nodes.iter().map(|n| tree.id(*n)).collect()
}

/// The ids of `nodes` separated by spaces, each shortened
/// ([`crate::text::quoted`]), at most `up_to` of them, then `and N more`:
/// one line whatever the number of nodes.
pub fn id_list<T: GameTree>(tree: &T, nodes: &[T::Node], up_to: usize) -> String {
    let mut shown: Vec<String> = nodes
        .iter()
        .take(up_to)
        .map(|n| crate::text::quoted(&tree.id(*n)).into_owned())
        .collect();
    if nodes.len() > shown.len() {
        shown.push(format!("and {} more", nodes.len() - shown.len()));
    }
    shown.join(" ")
}

/// `node` and every node below it, in preorder.
pub fn subtree<T: GameTree>(tree: &T, node: T::Node) -> Vec<T::Node> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        out.push(n);
        let first = stack.len();
        stack.extend(tree.children(n));
        stack[first..].reverse();
    }
    out
}

/// The number of nodes in `node`'s subtree, itself included, counted
/// without listing them.
pub fn subtree_len<T: GameTree>(tree: &T, node: T::Node) -> usize {
    let mut count = 0;
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        count += 1;
        stack.extend(tree.children(n));
    }
    count
}

/// Whether `node` is a leaf.
pub fn is_leaf<T: GameTree>(tree: &T, node: T::Node) -> bool {
    tree.children(node).next().is_none()
}

/// A line and column in a source file, both counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

/// Index of a node in a [`Tree`]. Nodes are numbered in postorder, the
/// order in which a reader finishes them: every node after its children,
/// children left to right, the root last.
pub type NodeId = u32;

/// One bit per node: set for MIN; and the chance nodes, few, apart.
#[derive(Clone, Debug, Default)]
struct KindBits(Vec<u64>, std::collections::HashSet<u32>);

impl KindBits {
    #[inline]
    fn push(&mut self, index: usize, kind: Kind) {
        if index.is_multiple_of(64) {
            self.0.push(0);
        }
        match kind {
            Kind::Min => self.0[index / 64] |= 1 << (index % 64),
            Kind::Chance => {
                self.1.insert(index as u32);
            }
            Kind::Max => {}
        }
    }

    #[inline]
    fn get(&self, index: usize) -> Kind {
        if !self.1.is_empty() && self.1.contains(&(index as u32)) {
            return Kind::Chance;
        }
        match self.0[index / 64] >> (index % 64) & 1 {
            0 => Kind::Max,
            _ => Kind::Min,
        }
    }
}

/// A tree read from a file: a petgraph compressed-sparse-row graph, with
/// values and players beside it.
///
/// Nodes are numbered in postorder, so a node is added to the graph just
/// when its last child is done, and its edges go in at the end of the
/// graph's arrays, in file order: the graph is built while the file is read,
/// with no sorting and no edge list, from nothing but each node's number of
/// children (see [`TreeBuilder`]). `neighbors_slice` then gives
/// the children left to right (petgraph's `Graph::neighbors` would give them
/// in reverse insertion order instead). A leaf's slot in `values` holds its
/// value and an interior node's slot its static value, NaN for none; players
/// take one bit each. That is 20 bytes a node, which matters for files of
/// millions of leaves.
#[derive(Debug)]
pub struct Tree {
    graph: Csr<(), (), Directed, u32>,
    values: Slots,
    kinds: KindBits,
    names: HashMap<u32, String>,
    by_name: HashMap<String, u32>,
    labels: HashMap<u32, String>,
    locations: HashMap<u32, Location>,
    depth: usize,
    /// The stated probabilities of chance nodes' children; a chance node
    /// whose children state none has them equally likely.
    probabilities: HashMap<u32, Value>,
    /// The file's `bounds L U` line.
    bounds: Option<LeafBounds>,
    /// What the reader did to the tree as written.
    notes: Vec<TreeNote>,
    /// Each node's preorder number and parent, made when first needed.
    places: ids::Places,
}

/// Something a reader did to a tree as written, which a person should
/// know: chance probabilities a little off 1, divided by their sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNote {
    /// Where, in the file.
    pub at: Location,
    /// What was done, in plain words.
    pub message: String,
}

/// Reasons a [`TreeBuilder`] refuses a tree.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BuildError {
    /// Two nodes share a name.
    #[error("duplicate name `{}`: already used on line {first_line}", crate::text::quoted(.name))]
    DuplicateName {
        /// The name.
        name: String,
        /// Where it was first used.
        first_line: usize,
    },
}

/// A name taken by a node whose index is not known yet (an interior node
/// gets its index when its list closes).
#[derive(Debug)]
pub(crate) struct NameClaim {
    name: String,
    at: Location,
}

/// Builds a [`Tree`] as a reader meets the file: lists open, leaves come,
/// lists close.
///
/// Values and players are stored at once; the graph's shape is recorded as
/// each node's number of children, in postorder, which is all it takes to
/// rebuild the edges. Inserting edges into petgraph's CSR is the costliest
/// part of reading a large file, so for large files the graph is assembled
/// on a second thread, in chunks, while the reader goes on.
#[derive(Debug, Default)]
pub(crate) struct TreeBuilder {
    values: Slots,
    kinds: KindBits,
    /// How many children each finished node has, in postorder, not yet
    /// handed to the graph assembler.
    shape: Vec<u32>,
    /// The assembler's thread, once the tree is large enough for one.
    assembler: Option<AssemblerThread>,
    /// For each open list, how many of its children are finished.
    open: Vec<u32>,
    started: usize,
    names: HashMap<u32, String>,
    by_name: HashMap<String, u32>,
    claimed_at: HashMap<String, Location>,
    labels: HashMap<u32, String>,
    locations: HashMap<u32, Location>,
    depth: usize,
    probabilities: HashMap<u32, Value>,
    bounds: Option<LeafBounds>,
    notes: Vec<TreeNote>,
}

impl TreeBuilder {
    /// An empty builder.
    pub(crate) fn new() -> TreeBuilder {
        TreeBuilder::default()
    }

    /// How many nodes have been begun (opened lists and leaves): the count
    /// that node limits are checked against, in file order.
    #[inline]
    pub(crate) fn started(&self) -> usize {
        self.started
    }

    /// Opens an interior node's list of children.
    pub(crate) fn open_list(&mut self) {
        self.begin();
        self.open.push(0);
    }

    /// Adds a leaf to the innermost open list (or as the whole tree).
    #[inline]
    pub(crate) fn leaf(&mut self, kind: Kind, value: Option<Value>) -> NodeId {
        self.begin();
        self.add_node(kind, value, 0)
    }

    /// Closes the innermost open list: its node gets its index, its static
    /// value and its edges to its children, in order.
    pub(crate) fn close_list(&mut self, kind: Kind, static_value: Option<Value>) -> NodeId {
        let children = self.open.pop().expect("a list is open");
        self.add_node(kind, static_value, children)
    }

    #[inline]
    fn begin(&mut self) {
        self.started += 1;
        self.depth = self.depth.max(self.open.len());
    }

    #[inline]
    fn add_node(&mut self, kind: Kind, value: Option<Value>, children: u32) -> NodeId {
        let node = self.values.len() as NodeId;
        self.values.push(value);
        self.kinds.push(node as usize, kind);
        if let Some(siblings) = self.open.last_mut() {
            *siblings += 1;
        }
        self.shape.push(children);
        if self.shape.len() == SHAPE_CHUNK {
            self.hand_over_shape();
        }
        node
    }

    /// Hands the recorded shape to the assembler's thread, starting it the
    /// first time.
    fn hand_over_shape(&mut self) {
        let shape = std::mem::replace(&mut self.shape, Vec::with_capacity(SHAPE_CHUNK));
        let thread = self.assembler.get_or_insert_with(AssemblerThread::start);
        // A send fails only if the thread has panicked, which joining it in
        // `assemble_graph` reports.
        let _ = thread.chunks.send(shape);
    }

    /// The graph of the finished tree: the assembler's, or one assembled
    /// here for a small tree.
    fn assemble_graph(&mut self) -> Csr<(), (), Directed, u32> {
        let rest = std::mem::take(&mut self.shape);
        let Some(thread) = self.assembler.take() else {
            let mut assembler = Assembler::default();
            assembler.add(&rest);
            return assembler.graph;
        };
        let AssemblerThread { chunks, handle } = thread;
        let _ = chunks.send(rest);
        drop(chunks);
        handle.join().expect("the graph assembler does not panic")
    }

    /// Takes `name` for the node being read; refuses a name already taken.
    pub(crate) fn claim_name(&mut self, name: &str, at: Location) -> Result<NameClaim, BuildError> {
        if let Some(first) = self.claimed_at.get(name) {
            return Err(BuildError::DuplicateName {
                name: name.to_string(),
                first_line: first.line,
            });
        }
        self.claimed_at.insert(name.to_string(), at);
        Ok(NameClaim {
            name: name.to_string(),
            at,
        })
    }

    /// Gives a claimed name to its node, once the node has its index.
    pub(crate) fn bind_name(&mut self, node: NodeId, claim: NameClaim) {
        self.by_name.insert(claim.name.clone(), node);
        self.names.insert(node, claim.name);
        self.locations.insert(node, claim.at);
    }

    /// Labels the edge into `node`.
    pub(crate) fn label(&mut self, node: NodeId, label: String) {
        self.labels.insert(node, label);
    }

    /// Remembers where `node` is written (named and unknown nodes need it).
    pub(crate) fn locate(&mut self, node: NodeId, at: Location) {
        self.locations.entry(node).or_insert(at);
    }

    /// Gives `node`, a child of a chance node, its stated probability.
    pub(crate) fn set_probability(&mut self, node: NodeId, probability: Value) {
        self.probabilities.insert(node, probability);
    }

    /// States bounds on every leaf value (the `bounds L U` line).
    pub(crate) fn set_bounds(&mut self, bounds: LeafBounds) {
        self.bounds = Some(bounds);
    }

    /// Notes something the reader did to the tree as written, at `at`.
    pub(crate) fn note(&mut self, at: Location, message: String) {
        self.notes.push(TreeNote { at, message });
    }

    /// The finished tree.
    pub(crate) fn finish(mut self) -> Tree {
        Tree {
            graph: self.assemble_graph(),
            values: self.values,
            kinds: self.kinds,
            names: self.names,
            by_name: self.by_name,
            labels: self.labels,
            locations: self.locations,
            depth: self.depth,
            probabilities: self.probabilities,
            bounds: self.bounds,
            notes: self.notes,
            places: ids::Places::default(),
        }
    }
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

    /// The children of `node`, left to right, as a slice.
    pub fn children_slice(&self, node: NodeId) -> &[NodeId] {
        self.graph.neighbors_slice(node)
    }

    /// Every node in preorder (file order).
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.subtree(self.root()).into_iter()
    }

    /// What the reader did to the tree as written (see [`TreeNote`]).
    pub fn notes(&self) -> &[TreeNote] {
        &self.notes
    }

    /// The probability stated for `node`, a child of a chance node; `None`
    /// when its parent states none (its children are equally likely).
    pub fn stated_probability(&self, node: NodeId) -> Option<Value> {
        self.probabilities.get(&node).copied()
    }

    /// The node's name, if it has one (an unnamed node's id is its path or
    /// its preorder number).
    pub fn name(&self, node: NodeId) -> Option<&str> {
        self.names.get(&node).map(String::as_str)
    }

    /// The numbers of the node and all its descendants: nodes are numbered
    /// in postorder, so a subtree's nodes are the numbers from its leftmost
    /// leaf's up to its root's. Found in the depth of the subtree, without
    /// visiting it.
    pub fn subtree_range(&self, node: NodeId) -> std::ops::RangeInclusive<NodeId> {
        let mut first = node;
        while let Some(&child) = self.children_slice(first).first() {
            first = child;
        }
        first..=node
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

    #[inline(always)]
    fn slot(&self, node: NodeId) -> Option<Value> {
        self.values.get(node as usize)
    }
}

impl PartialEq for Tree {
    /// The same nodes in the same order, with the same players, values,
    /// names, labels and places.
    fn eq(&self, other: &Tree) -> bool {
        self.values.same_values(&other.values)
            && self.nodes().all(|n| {
                self.kind(n) == other.kind(n) && self.children_slice(n) == other.children_slice(n)
            })
            && self.names == other.names
            && self.labels == other.labels
            && self.locations == other.locations
            && self.depth == other.depth
            && self.probabilities == other.probabilities
            && self.bounds == other.bounds
    }
}

impl GameTree for Tree {
    type Node = NodeId;
    type Children<'a> = std::iter::Copied<std::slice::Iter<'a, NodeId>>;

    fn root(&self) -> NodeId {
        self.len().saturating_sub(1) as NodeId
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
        self.node_id(node)
    }

    fn label(&self, node: NodeId) -> Option<String> {
        self.labels.get(&node).cloned()
    }

    fn location(&self, node: NodeId) -> Option<Location> {
        self.locations.get(&(node)).copied()
    }

    fn height(&self) -> Option<usize> {
        Some(self.depth)
    }

    fn probability(&self, parent: NodeId, child: NodeId) -> Value {
        match self.probabilities.get(&child) {
            Some(p) => *p,
            None => equally_likely(self.children_slice(parent).len()),
        }
    }

    fn leaf_bounds(&self) -> Option<LeafBounds> {
        self.bounds
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
    fn label(&self, node: Self::Node) -> Option<String> {
        (**self).label(node)
    }
    fn location(&self, node: Self::Node) -> Option<Location> {
        (**self).location(node)
    }
    fn height(&self) -> Option<usize> {
        (**self).height()
    }
    fn probability(&self, parent: Self::Node, child: Self::Node) -> Value {
        (**self).probability(parent, child)
    }
    fn leaf_bounds(&self) -> Option<LeafBounds> {
        (**self).leaf_bounds()
    }
}
