//! The tree model: the [`GameTree`] trait every search works on, and
//! [`Tree`], the tree read from a file, laid out in preorder.

use std::collections::HashMap;

use crate::value::{Kind, LeafBounds, Value};

mod graph;
mod ids;
mod node_map;
mod slots;
#[cfg(test)]
mod tests;

pub use ids::PATH_ID_DEPTH;
pub use node_map::{NodeHasher, NodeMap, NodeSet};
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
    /// Whether `node` has no children. By default its children are begun;
    /// a tree that knows without making them (a generated tree, from the
    /// node's depth) says so faster: ordering asks it of every child.
    fn is_leaf(&self, node: Self::Node) -> bool {
        self.children(node).next().is_none()
    }
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
    /// Whether `id` is the node's [`id`](GameTree::id); by default the id
    /// is made and compared. A tree that can compare it in place, without
    /// making it, says so faster (a checker asks this of every id it reads).
    fn has_id(&self, node: Self::Node, id: &str) -> bool {
        self.id(node) == id
    }
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

/// A line and column in a source file, both counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

/// Index of a node in a [`Tree`]. Nodes are numbered in preorder, the
/// order in which they are written: every node before its children,
/// children left to right, the root 0. A node's subtree is the numbers
/// from its own up to the end of its subtree ([`Tree::subtree_range`]).
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

    /// Sets the player of node `index`, pushed as MAX.
    #[inline]
    fn set(&mut self, index: usize, kind: Kind) {
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

/// A tree read from a file, laid out in preorder: node `n`'s first child
/// is `n + 1`, and each child's next sibling is the first node after the
/// child's subtree, so one number a node, where its subtree ends, gives the
/// whole shape; values and players lie beside it.
///
/// The reader numbers a node when it meets it, so the tree is built while
/// the file is read, with no edge list, no sorting and no second pass (see
/// `TreeBuilder`). A leaf's slot in `values` holds its value and an
/// interior node's slot its static value, exact, four bytes for an integer
/// within ±2^30 (see `slots`); players take one bit each. That is a little
/// over 8 bytes a node, which matters for files of millions of leaves;
/// names, labels, locations and probabilities are kept apart, only for the
/// nodes that have them.
#[derive(Debug)]
pub struct Tree {
    /// By node: the number after its subtree's last node.
    ends: Vec<NodeId>,
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
    /// Each node's parent, made when first needed.
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

/// Reasons a `TreeBuilder` refuses a tree.
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
/// A node is numbered when it begins, in preorder; a list's node gets its
/// player, its static value and the end of its subtree when it closes.
#[derive(Debug, Default)]
pub(crate) struct TreeBuilder {
    ends: Vec<NodeId>,
    values: Slots,
    kinds: KindBits,
    /// The nodes of the open lists, outermost first.
    open: Vec<NodeId>,
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
        self.ends.len()
    }

    /// Opens an interior node's list of children.
    pub(crate) fn open_list(&mut self) {
        let node = self.add_node(Kind::Max, None);
        self.open.push(node);
    }

    /// Adds a leaf to the innermost open list (or as the whole tree).
    #[inline]
    pub(crate) fn leaf(&mut self, kind: Kind, value: Option<Value>) -> NodeId {
        self.add_node(kind, value)
    }

    /// Closes the innermost open list: its node gets its player, its static
    /// value and the end of its subtree.
    pub(crate) fn close_list(&mut self, kind: Kind, static_value: Option<Value>) -> NodeId {
        let node = self.open.pop().expect("a list is open");
        self.ends[node as usize] = self.ends.len() as NodeId;
        self.values.set(node as usize, static_value);
        self.kinds.set(node as usize, kind);
        node
    }

    /// Numbers a new node, a leaf until its list (if any) closes.
    #[inline]
    fn add_node(&mut self, kind: Kind, value: Option<Value>) -> NodeId {
        self.depth = self.depth.max(self.open.len());
        let node = self.ends.len() as NodeId;
        self.ends.push(node + 1);
        self.values.push(value);
        self.kinds.push(node as usize, kind);
        node
    }

    /// Takes `name` for the node being read, in its composed form
    /// ([`crate::text::composed`]); refuses a name already taken, however
    /// it is composed.
    pub(crate) fn claim_name(&mut self, name: &str, at: Location) -> Result<NameClaim, BuildError> {
        let name = &*crate::text::composed(name);
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

    /// The finished tree, its arrays no larger than it.
    pub(crate) fn finish(mut self) -> Tree {
        self.ends.shrink_to_fit();
        self.values.shrink_to_fit();
        self.kinds.0.shrink_to_fit();
        Tree {
            ends: self.ends,
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
        self.ends.len()
    }

    /// Whether the tree is empty (never, for a parsed file).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The length of the longest path from the root, in edges.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Whether `node` has no children.
    #[inline]
    pub fn is_leaf(&self, node: NodeId) -> bool {
        self.ends[node as usize] == node + 1
    }

    /// How many children `node` has, counted one by one.
    pub fn child_count(&self, node: NodeId) -> usize {
        self.children(node).count()
    }

    /// The `index`th child of `node` (from 0), found by counting.
    pub fn child(&self, node: NodeId, index: usize) -> Option<NodeId> {
        self.children(node).nth(index)
    }

    /// The child after `child` under `parent`: the first node after
    /// `child`'s subtree, if `parent`'s subtree goes on.
    pub fn next_sibling(&self, parent: NodeId, child: NodeId) -> Option<NodeId> {
        let after = self.ends[child as usize];
        (after < self.ends[parent as usize]).then_some(after)
    }

    /// Every node in preorder (file order): the numbers from the root's, 0.
    pub fn nodes(&self) -> std::ops::Range<NodeId> {
        0..self.len() as NodeId
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
    /// in preorder, so a subtree's nodes are the numbers from its root's up
    /// to its last node's.
    pub fn subtree_range(&self, node: NodeId) -> std::ops::RangeInclusive<NodeId> {
        node..=self.ends[node as usize] - 1
    }

    /// The node and all its descendants, in preorder.
    pub fn subtree(&self, node: NodeId) -> Vec<NodeId> {
        self.subtree_range(node).collect()
    }

    /// The bytes the tree's arrays take on the heap, by capacity: the
    /// shape, the value slots and the players, and the side tables of
    /// values that are not small integers and of chance nodes (not the
    /// names, labels, locations and probabilities, which only some nodes
    /// have).
    pub fn layout_bytes(&self) -> usize {
        self.ends.capacity() * size_of::<NodeId>()
            + self.values.heap_bytes()
            + self.kinds.0.capacity() * size_of::<u64>()
            + self.kinds.1.capacity() * size_of::<u32>()
    }

    #[inline(always)]
    fn slot(&self, node: NodeId) -> Option<Value> {
        self.values.get(node as usize)
    }
}

/// The children of a node of a [`Tree`], left to right: the node after it,
/// then each one after the subtree of the one before, up to the end of the
/// parent's subtree.
#[derive(Clone, Debug)]
pub struct Children<'a> {
    next: NodeId,
    end: NodeId,
    ends: &'a [NodeId],
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    #[inline]
    fn next(&mut self) -> Option<NodeId> {
        if self.next >= self.end {
            return None;
        }
        let child = self.next;
        self.next = self.ends[child as usize];
        Some(child)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.end - self.next) as usize;
        (left.min(1), Some(left))
    }
}

impl std::iter::FusedIterator for Children<'_> {}

impl PartialEq for Tree {
    /// The same nodes in the same order, with the same players, values,
    /// names, labels and places.
    fn eq(&self, other: &Tree) -> bool {
        self.values.same_values(&other.values)
            && self.ends == other.ends
            && self.nodes().all(|n| self.kind(n) == other.kind(n))
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
    type Children<'a> = Children<'a>;

    fn root(&self) -> NodeId {
        0
    }

    fn kind(&self, node: NodeId) -> Kind {
        self.kinds.get(node as usize)
    }

    #[inline]
    fn children(&self, node: NodeId) -> Children<'_> {
        Children {
            next: node + 1,
            end: self.ends[node as usize],
            ends: &self.ends,
        }
    }

    #[inline]
    fn is_leaf(&self, node: NodeId) -> bool {
        Tree::is_leaf(self, node)
    }

    #[inline]
    fn value(&self, node: NodeId) -> Option<Value> {
        match self.is_leaf(node) {
            true => self.slot(node),
            false => None,
        }
    }

    fn static_value(&self, node: NodeId) -> Option<Value> {
        match self.is_leaf(node) {
            true => None,
            false => self.slot(node),
        }
    }

    fn id(&self, node: NodeId) -> String {
        self.node_id(node)
    }

    fn has_id(&self, node: NodeId, id: &str) -> bool {
        self.has_node_id(node, id)
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
            None => equally_likely(self.child_count(parent)),
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
    fn is_leaf(&self, node: Self::Node) -> bool {
        (**self).is_leaf(node)
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
    fn has_id(&self, node: Self::Node, id: &str) -> bool {
        (**self).has_id(node, id)
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
