//! What the trace has shown so far: each node's visit, window, values and
//! cuts, built by replaying the events one at a time.

use crate::trace::{Event, Window};
use crate::tree::{NodeId, Tree};
use crate::value::{CutKind, Scored, Value};

/// What the trace has said about one node so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeState {
    /// When the node was entered, counted from 1.
    pub visit: Option<usize>,
    /// The window it was entered with (none for minimax and negamax).
    pub window: Option<Window>,
    /// Its provisional values, in order.
    pub provisional: Vec<Value>,
    /// A leaf's value, once evaluated (or an interior node's static value
    /// at the depth limit).
    pub leaf: Option<Value>,
    /// Whether the node is an interior node valued at the depth limit.
    pub horizon: bool,
    /// An interior node's final value, once done.
    pub score: Option<Scored>,
}

/// A cut as drawn on the edge to one skipped child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CutMark {
    /// Alpha or beta.
    pub kind: CutKind,
    /// The ancestor that supplied the bound, if any.
    pub bound_from: Option<NodeId>,
    /// Whether the bound came from farther up than the parent.
    pub deep: bool,
}

/// The state of every node after some prefix of the trace.
#[derive(Clone, Debug)]
pub struct Picture {
    nodes: Vec<NodeState>,
    /// For each node, the cut on the edge from its parent, if it was skipped.
    cut_above: Vec<Option<CutMark>>,
    /// For each node, whether it lies in a skipped subtree.
    pruned: Vec<bool>,
    visits: usize,
    root: NodeId,
    finished: bool,
}

impl Picture {
    /// Nothing shown yet: the tree before the search starts.
    pub fn new(tree: &Tree) -> Picture {
        Picture {
            nodes: vec![NodeState::default(); tree.len()],
            cut_above: vec![None; tree.len()],
            pruned: vec![false; tree.len()],
            visits: 0,
            root: crate::tree::GameTree::root(tree),
            finished: false,
        }
    }

    /// The picture after every event of `events`.
    pub fn after(tree: &Tree, events: &[Event<NodeId>]) -> Picture {
        let mut picture = Picture::new(tree);
        for event in events {
            picture.apply(tree, event);
        }
        picture
    }

    /// Shows one more event.
    pub fn apply(&mut self, tree: &Tree, event: &Event<NodeId>) {
        match event {
            Event::Enter { node, window } => {
                self.visits += 1;
                let state = &mut self.nodes[*node as usize];
                state.visit = Some(self.visits);
                state.window = *window;
            }
            Event::Leaf {
                node,
                value,
                horizon,
            } => {
                let state = &mut self.nodes[*node as usize];
                state.leaf = Some(*value);
                state.horizon = horizon.is_some();
                self.finished |= *node == self.root;
            }
            Event::Provisional { node, value } => {
                self.nodes[*node as usize].provisional.push(*value)
            }
            Event::Final { node, score } => {
                self.nodes[*node as usize].score = Some(*score);
                self.finished |= *node == self.root;
            }
            // The running sum of a chance node is drawn once final.
            Event::Chance { .. } => {}
            Event::Cut(cut) => {
                let mark = CutMark {
                    kind: cut.kind,
                    bound_from: cut.bound_from,
                    deep: cut.deep,
                };
                for &child in &cut.pruned {
                    self.cut_above[child as usize] = Some(mark);
                    for node in tree.subtree(child) {
                        self.pruned[node as usize] = true;
                    }
                }
            }
        }
    }

    /// What the trace has said about `node`.
    pub fn node(&self, node: NodeId) -> &NodeState {
        &self.nodes[node as usize]
    }

    /// The cut on the edge into `node`, if a cut skipped it.
    pub fn cut_above(&self, node: NodeId) -> Option<CutMark> {
        self.cut_above[node as usize]
    }

    /// Whether `node` lies in a subtree a cut skipped.
    pub fn is_pruned(&self, node: NodeId) -> bool {
        self.pruned[node as usize]
    }

    /// Whether the root is done (a leaf root once evaluated), so the
    /// principal variation is known.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Whether the search is inside `node`: entered, not yet done.
    pub fn is_open(&self, tree: &Tree, node: NodeId) -> bool {
        let state = self.node(node);
        state.visit.is_some()
            && state.score.is_none()
            && !state.horizon
            && !tree.children_slice(node).is_empty()
    }
}
