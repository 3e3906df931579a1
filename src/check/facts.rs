//! What one recorded search says about each node, read once from its trace:
//! the window a node was entered with, its provisional and final values,
//! its cut, and the cut that pruned it.

use std::collections::HashMap;
use std::hash::Hash;

use crate::search::{Algorithm, SearchResult};
use crate::trace::{Cut, Event, Trace, Window};
use crate::tree::GameTree;
use crate::value::{Scored, Value};

/// What the trace says about one visited node.
#[derive(Clone, Debug)]
pub struct Visit {
    /// The index of its `enter` event in the trace.
    pub entered_at: usize,
    /// The window it was entered with (`None` for minimax and negamax).
    pub window: Option<Window>,
    /// Its provisional values, with the index of each event.
    pub provisional: Vec<(usize, Value)>,
    /// The value it returned (a leaf's own value, exact).
    pub score: Option<Scored>,
    /// The index, in [`Facts::cuts`], of the cut made at it.
    pub cut: Option<usize>,
}

/// One search's trace, indexed by node, with the tree it ran on.
pub struct Facts<'a, T: GameTree> {
    /// The tree searched.
    pub tree: &'a T,
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// Whether ties cut (`false`) or only strict passes (`true`).
    pub strict: bool,
    /// The root's value.
    pub score: Scored,
    /// The root's best child.
    pub best_move: Option<T::Node>,
    /// The cuts, in search order.
    pub cuts: Vec<Cut<T::Node>>,
    /// The leaves evaluated, in order.
    pub leaves: Vec<T::Node>,
    visits: HashMap<T::Node, Visit>,
    /// For each pruned child (the top of a skipped subtree): the index of
    /// the cut that skipped it. Nodes below it are found through their
    /// parents, so a cut skipping millions of nodes costs one entry per
    /// skipped child.
    pruned_tops: HashMap<T::Node, usize>,
    /// How many nodes the cuts skipped, subtrees included.
    pruned_count: usize,
    /// The parent of every visited node but the root, from the trace.
    visited_parents: HashMap<T::Node, T::Node>,
    /// The parent of every node, made when a node neither visited nor
    /// the top of a skipped subtree is asked about.
    all_parents: std::cell::OnceCell<HashMap<T::Node, T::Node>>,
    /// Every node by id, made at the first name (not path) looked up.
    by_id: std::cell::OnceCell<HashMap<String, T::Node>>,
}

impl<'a, T: GameTree> Facts<'a, T>
where
    T::Node: Hash,
{
    /// Indexes the trace of one search of `tree`.
    pub fn new(
        tree: &'a T,
        result: &SearchResult<T::Node>,
        trace: &Trace<T::Node>,
        strict: bool,
    ) -> Facts<'a, T> {
        let mut facts = Facts {
            tree,
            algorithm: result.algorithm,
            strict,
            score: result.score,
            best_move: result.best_move,
            cuts: Vec::new(),
            leaves: Vec::new(),
            visits: HashMap::new(),
            pruned_tops: HashMap::new(),
            pruned_count: 0,
            visited_parents: HashMap::new(),
            all_parents: std::cell::OnceCell::new(),
            by_id: std::cell::OnceCell::new(),
        };
        let mut open = Vec::new();
        for (at, event) in trace.events.iter().enumerate() {
            facts.follow_nesting(&mut open, event);
            facts.read(at, event);
        }
        facts
    }

    /// Keeps `open`, the nodes entered and not yet done, and notes each
    /// entered node's parent: the innermost open node.
    fn follow_nesting(&mut self, open: &mut Vec<T::Node>, event: &Event<T::Node>) {
        match event {
            Event::Enter { node, .. } => {
                if let Some(&parent) = open.last() {
                    self.visited_parents.insert(*node, parent);
                }
                open.push(*node);
            }
            Event::Leaf { node, .. } | Event::Final { node, .. } => {
                if let Some(at) = open.iter().rposition(|n| n == node) {
                    open.truncate(at);
                }
            }
            Event::Provisional { .. } | Event::Cut(_) | Event::Chance { .. } => {}
        }
    }

    fn read(&mut self, at: usize, event: &Event<T::Node>) {
        match event {
            Event::Enter { node, window } => {
                let visit = Visit {
                    entered_at: at,
                    window: *window,
                    provisional: Vec::new(),
                    score: None,
                    cut: None,
                };
                self.visits.insert(*node, visit);
            }
            Event::Leaf { node, value, .. } => {
                self.leaves.push(*node);
                self.visit_mut(*node).score = Some(Scored::exact(*value));
            }
            Event::Provisional { node, value } => {
                self.visit_mut(*node).provisional.push((at, *value));
            }
            Event::Final { node, score } => self.visit_mut(*node).score = Some(*score),
            Event::Cut(cut) => self.read_cut(cut),
            // A chance node's running sum: its final value says the rest.
            Event::Chance { .. } => {}
        }
    }

    fn read_cut(&mut self, cut: &Cut<T::Node>) {
        let index = self.cuts.len();
        self.visit_mut(cut.node).cut = Some(index);
        for &child in &cut.pruned {
            self.pruned_tops.insert(child, index);
            self.pruned_count += crate::tree::subtree_len(self.tree, child);
        }
        self.cuts.push(cut.clone());
    }

    fn visit_mut(&mut self, node: T::Node) -> &mut Visit {
        self.visits
            .get_mut(&node)
            .expect("every event follows its node's enter event")
    }

    /// Every id of the tree (names and paths), in no order.
    pub fn all_ids(&self) -> impl Iterator<Item = &str> {
        self.id_index().keys().map(String::as_str)
    }

    /// The node with this id: an unnamed node's path (`@2.1`) is followed
    /// from the root, without an index of every node; a name (or a path
    /// the children's order does not follow) is looked up in the index of
    /// every id, made when first needed.
    pub fn find(&self, id: &str) -> Option<T::Node> {
        match id.strip_prefix('@') {
            // A tree that orders children otherwise than its ids (a view
            // searching right to left) falls back on the index.
            Some(path) => self
                .follow(path)
                .filter(|n| self.tree.id(*n) == id)
                .or_else(|| self.id_index().get(id).copied()),
            None => self.id_index().get(id).copied(),
        }
    }

    /// The node at a 1-based child path (`2.1`) from the root.
    fn follow(&self, path: &str) -> Option<T::Node> {
        let mut node = self.tree.root();
        for step in path.split('.') {
            let index: usize = step.parse().ok()?;
            node = self.tree.children(node).nth(index.checked_sub(1)?)?;
        }
        Some(node)
    }

    /// Every node by id.
    fn id_index(&self) -> &HashMap<String, T::Node> {
        self.by_id.get_or_init(|| {
            crate::tree::subtree(self.tree, self.tree.root())
                .into_iter()
                .map(|node| (self.tree.id(node), node))
                .collect()
        })
    }

    /// What the trace says about a visited node; `None` if it was pruned.
    pub fn visit(&self, node: T::Node) -> Option<&Visit> {
        self.visits.get(&node)
    }

    /// For a pruned node: the cut and the pruned child whose subtree holds
    /// it.
    pub fn pruned_by(&self, node: T::Node) -> Option<(&Cut<T::Node>, T::Node)> {
        let mut at = node;
        loop {
            if let Some(&index) = self.pruned_tops.get(&at) {
                return Some((&self.cuts[index], at));
            }
            if self.visits.contains_key(&at) {
                return None;
            }
            at = self.parent(at)?;
        }
    }

    /// Whether the search never visited `node`.
    pub fn is_pruned(&self, node: T::Node) -> bool {
        self.pruned_by(node).is_some()
    }

    /// Whether `node` is the top of a skipped subtree: a child a cut
    /// skipped.
    pub fn is_pruned_top(&self, node: T::Node) -> bool {
        self.pruned_tops.contains_key(&node)
    }

    /// How many nodes the cuts skipped, their subtrees included.
    pub fn pruned_count(&self) -> usize {
        self.pruned_count
    }

    /// The parent of `node`; `None` for the root.
    pub fn parent(&self, node: T::Node) -> Option<T::Node> {
        if let Some(&parent) = self.visited_parents.get(&node) {
            return Some(parent);
        }
        if let Some(&index) = self.pruned_tops.get(&node) {
            return Some(self.cuts[index].node);
        }
        self.all_parents().get(&node).copied()
    }

    /// The parent of every node of the tree.
    fn all_parents(&self) -> &HashMap<T::Node, T::Node> {
        self.all_parents.get_or_init(|| {
            let mut parents = HashMap::new();
            for node in crate::tree::subtree(self.tree, self.tree.root()) {
                for child in self.tree.children(node) {
                    parents.insert(child, node);
                }
            }
            parents
        })
    }

    /// The node's id.
    pub fn id(&self, node: T::Node) -> String {
        crate::text::quoted(&self.tree.id(node)).into_owned()
    }

    /// Whether `node` is a leaf.
    pub fn is_leaf(&self, node: T::Node) -> bool {
        crate::tree::is_leaf(self.tree, node)
    }

    /// The roots of the pruned subtrees, in search order.
    pub fn pruned_roots(&self) -> impl Iterator<Item = T::Node> + '_ {
        self.cuts.iter().flat_map(|c| c.pruned.iter().copied())
    }

    /// The value `parent` had just before event `before`, and the child
    /// that gave it; `None` when it had no value yet.
    pub fn value_before(&self, parent: T::Node, before: usize) -> Option<(Value, T::Node)> {
        let visit = self.visit(parent)?;
        let (at, value) = visit
            .provisional
            .iter()
            .rev()
            .find(|(at, _)| *at < before)?;
        let giver = self
            .tree
            .children(parent)
            .filter(|c| self.visit(*c).is_some_and(|v| v.entered_at < *at))
            .last()?;
        Some((*value, giver))
    }
}
