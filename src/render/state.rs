//! What the trace has shown so far: each node's visit, window, values and
//! cuts, built by replaying the events one at a time.

use crate::trace::{Event, ListStep, Window};
use crate::tree::{NodeId, Tree};
use crate::value::{CutKind, Scored, StarMethod, Value};

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
    /// Whether the search searched the node again after a search of it
    /// failed high or low (PVS, an aspiration window).
    pub researched: bool,
    /// The MTD(f) pass of its last visit, from 1 (1 for a search without
    /// passes, 0 before its first visit).
    pub pass: usize,
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
    /// At a chance node, the method that cut (Star1, Star2).
    pub chance: Option<StarMethod>,
    /// Whether it is what SSS* never reached, not a cut of alpha-beta.
    pub purge: bool,
}

/// A map keyed by node.
type NodeMap<V> = crate::tree::NodeMap<NodeId, V>;

/// The state of every node after some prefix of the trace.
///
/// Only the nodes the trace names are kept, so a drawing of the top of a
/// large tree (from a trace of the drawn nodes only) costs memory for what
/// it draws, not for the whole tree.
#[derive(Clone, Debug)]
pub struct Picture {
    nodes: NodeMap<NodeState>,
    /// The cut on the edge from its parent of each node skipped.
    cut_above: NodeMap<CutMark>,
    /// For each node, whether it lies in a skipped subtree.
    pruned: Vec<bool>,
    /// For each node, whether SSS* abandoned it, purging OPEN below a
    /// node solved above it.
    closed: Vec<bool>,
    visits: usize,
    /// MTD(f)'s passes ended so far.
    passes: usize,
    root: NodeId,
    finished: bool,
}

impl Picture {
    /// Nothing shown yet: the tree before the search starts.
    pub fn new(tree: &Tree) -> Picture {
        Picture {
            nodes: NodeMap::default(),
            cut_above: NodeMap::default(),
            pruned: vec![false; tree.len()],
            closed: vec![false; tree.len()],
            visits: 0,
            passes: 0,
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
                let state = self.nodes.entry(*node).or_default();
                state.visit = Some(self.visits);
                state.window = *window;
                state.pass = self.passes + 1;
                // Searched again: what an earlier cut skipped below it is
                // seen anew.
                if self.pruned[*node as usize] {
                    self.cut_above.remove(node);
                    self.mark(tree, *node, false);
                }
            }
            Event::Leaf {
                node,
                value,
                horizon,
            } => {
                let state = self.nodes.entry(*node).or_default();
                state.leaf = Some(*value);
                state.horizon = horizon.is_some();
                self.finished |= *node == self.root;
            }
            Event::Provisional { node, value } => self
                .nodes
                .entry(*node)
                .or_default()
                .provisional
                .push(*value),
            Event::Final { node, score } => {
                self.nodes.entry(*node).or_default().score = Some(*score);
                self.finished |= *node == self.root;
            }
            // A probe visits the child; its entry, if any, numbers it again.
            Event::Probe { node, .. } => {
                self.visits += 1;
                self.nodes.entry(*node).or_default().visit = Some(self.visits);
            }
            // The running sum of a chance node is drawn once final.
            Event::Chance { .. } => {}
            Event::Cut(cut) => {
                let mark = CutMark {
                    kind: cut.kind,
                    bound_from: cut.bound_from,
                    deep: cut.deep,
                    chance: cut.chance.map(|c| c.method),
                    purge: cut.purge.is_some(),
                };
                // A node visited before (by a search that a re-search
                // replaced) is not pruned.
                let skipped = cut.pruned.iter().filter(|n| !self.was_visited(**n));
                for &child in skipped.collect::<Vec<_>>() {
                    self.cut_above.insert(child, mark);
                    self.mark(tree, child, true);
                }
            }
            Event::Research { node, .. } => self.nodes.entry(*node).or_default().researched = true,
            Event::Pass { .. } => self.passes += 1,
            Event::List(ListStep::Purge { node, .. }) => {
                let range = tree.subtree_range(*node);
                self.closed[*range.start() as usize..=*range.end() as usize].fill(true);
            }
            Event::Test { .. } | Event::Recall { .. } | Event::List(_) => {}
        }
    }

    /// Whether the trace so far has entered or probed `node`.
    fn was_visited(&self, node: NodeId) -> bool {
        self.nodes.get(&node).is_some_and(|s| s.visit.is_some())
    }

    /// Marks `top` and every node below it as skipped, or no longer.
    fn mark(&mut self, tree: &Tree, top: NodeId, pruned: bool) {
        let range = tree.subtree_range(top);
        self.pruned[*range.start() as usize..=*range.end() as usize].fill(pruned);
    }

    /// How many MTD(f) passes the trace so far has ended.
    pub fn passes(&self) -> usize {
        self.passes
    }

    /// What the trace has said about `node`.
    pub fn node(&self, node: NodeId) -> &NodeState {
        static UNSEEN: NodeState = NodeState {
            visit: None,
            window: None,
            provisional: Vec::new(),
            leaf: None,
            horizon: false,
            score: None,
            researched: false,
            pass: 0,
        };
        self.nodes.get(&node).unwrap_or(&UNSEEN)
    }

    /// The cut on the edge into `node`, if a cut skipped it.
    pub fn cut_above(&self, node: NodeId) -> Option<CutMark> {
        self.cut_above.get(&node).copied()
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
            && !self.closed[node as usize]
            && !tree.is_leaf(node)
    }
}
