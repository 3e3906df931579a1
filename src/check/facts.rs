//! What one recorded search says about each node, read once from its trace:
//! the window a node was entered with, its provisional and final values,
//! its cut, and the cut that pruned it. The checker grades with these
//! facts and the answer key is written from them ([`Facts::answer_key`]),
//! so the two cannot disagree.
//!
//! A node is visited when the trace enters, evaluates or probes it; it is
//! pruned when a cut skips it or a node above it (down to the depth limit,
//! if any) and the search never visits it: a search that visits nodes
//! again (a re-search, MTD(f)'s passes) may name in a cut a node that it
//! visits at another time. Every other node lies below a node valued at
//! the depth limit.

use std::collections::HashMap;
use std::hash::Hash;

use super::record::{FactsRecorder, Visit, Visits};
use crate::search::{Algorithm, SearchResult};
use crate::trace::{Cut, Trace};
use crate::tree::{GameTree, NodeMap};
use crate::value::{Scored, Value};

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
    /// The re-searches: searches of a node again after a search that
    /// failed high or low (PVS, an aspiration window).
    pub researches: u64,
    /// MTD(f)'s passes.
    pub passes: u64,
    /// The visited nodes, and the parent of each but the root (from the
    /// trace).
    visits: Visits<T::Node>,
    /// For each pruned node a cut names (the top of a skipped subtree): the
    /// index of the cut, and the node's parent. Nodes below it are found
    /// through their parents, so a cut skipping millions of nodes costs one
    /// entry per node it names.
    pruned_tops: NodeMap<T::Node, Top<T::Node>>,
    /// How many nodes the cuts skipped, subtrees included: counted when
    /// first asked for, a walk of every skipped node.
    pruned_count: std::cell::OnceCell<usize>,
    /// The tops of the skipped subtrees, in search order, each once, in
    /// the last cut that names it.
    pruned_roots: Vec<T::Node>,
    /// The parent of every node, made when a node neither visited nor
    /// the top of a skipped subtree is asked about.
    all_parents: std::cell::OnceCell<HashMap<T::Node, T::Node>>,
    /// For each node asked about that is neither visited nor the top of a
    /// skipped subtree, and each node above it walked to find out: the
    /// top above it and how far below it lies ([`Facts::top_above`]).
    tops_above: TopsAbove<T::Node>,
    /// How many steps up the tree the questions about pruned nodes took.
    steps_up: std::cell::Cell<usize>,
    /// The root's id, which every key names.
    root_id: String,
    /// Every node by id, made at the first name (not path) looked up.
    by_id: std::cell::OnceCell<HashMap<String, T::Node>>,
}

/// The top of a skipped subtree, and how many plies below it a node lies.
type Below<N> = (N, usize);

/// For each node asked about, the top above it (`None` if none).
type TopsAbove<N> = std::cell::RefCell<NodeMap<N, Option<Below<N>>>>;

/// A pruned node that a cut names: the top of a skipped subtree.
#[derive(Clone, Copy, Debug)]
struct Top<N> {
    /// The index of the cut in [`Facts::cuts`].
    cut: usize,
    /// The node's parent: the cut node, or a child of it that Star2 probed.
    parent: N,
    /// Under a depth limit, how many plies of its subtree lie at or above
    /// the limit below it.
    depth_left: Option<usize>,
    /// That depth as the first cut that names the node gives it: the
    /// subtree counted in [`Facts::pruned_count`].
    first_depth_left: Option<usize>,
}

impl<'a, T: GameTree> Facts<'a, T>
where
    T::Node: Hash,
{
    /// Indexes the trace of one search of `tree`: its events read one by
    /// one by a [`FactsRecorder`], as the search would have given them.
    pub fn new(
        tree: &'a T,
        result: &SearchResult<T::Node>,
        trace: &Trace<T::Node>,
        strict: bool,
    ) -> Facts<'a, T> {
        let mut recorder = FactsRecorder::new(result.algorithm);
        for event in &trace.events {
            recorder.read(event);
        }
        Facts::recorded(tree, result, recorder, strict)
    }

    /// The facts of one search of `tree`, gathered by `recorder` while it
    /// ran: no trace of every event is kept.
    pub fn recorded(
        tree: &'a T,
        result: &SearchResult<T::Node>,
        recorder: FactsRecorder<T::Node>,
        strict: bool,
    ) -> Facts<'a, T> {
        let mut facts = Facts {
            tree,
            algorithm: result.algorithm,
            strict,
            score: result.score,
            best_move: result.best_move,
            cuts: recorder.cuts,
            leaves: recorder.leaves,
            researches: recorder.researches,
            passes: recorder.passes,
            visits: recorder.visits,
            pruned_tops: NodeMap::default(),
            pruned_count: std::cell::OnceCell::new(),
            pruned_roots: Vec::new(),
            all_parents: std::cell::OnceCell::new(),
            tops_above: Default::default(),
            steps_up: Default::default(),
            root_id: tree.id(tree.root()),
            by_id: std::cell::OnceCell::new(),
        };
        facts.settle_pruned();
        facts
    }

    /// The pruned nodes the cuts name, once the whole trace is read: each
    /// node a cut names and the search never visits, with the last cut
    /// that names it (the same cut may skip it again, in another pass).
    fn settle_pruned(&mut self) {
        let named = self.cuts.iter().map(|cut| cut.pruned.len()).sum();
        self.pruned_tops.reserve(named);
        for (index, cut) in self.cuts.iter().enumerate() {
            for (&node, parent) in cut.pruned.iter().zip(cut.parents(self.tree)) {
                if self.visits.contains_key(&node) {
                    continue;
                }
                let below = if parent == cut.node { 1 } else { 2 };
                let depth_left = cut.depth_left.map(|d| d.saturating_sub(below));
                let top = Top {
                    cut: index,
                    parent,
                    depth_left,
                    first_depth_left: depth_left,
                };
                // The last cut naming the node is kept, and the first
                // one's depth.
                (self.pruned_tops.entry(node))
                    .and_modify(|kept| {
                        let first_depth_left = kept.first_depth_left;
                        *kept = Top {
                            first_depth_left,
                            ..top
                        };
                    })
                    .or_insert(top);
            }
        }
        let tops = &self.pruned_tops;
        self.pruned_roots = (self.cuts.iter().enumerate())
            .flat_map(|(index, cut)| {
                (cut.pruned.iter().copied())
                    .filter(move |n| tops.get(n).is_some_and(|top| top.cut == index))
            })
            .collect();
    }

    /// Every id of the tree (names and paths), in no order.
    pub fn all_ids(&self) -> impl Iterator<Item = &str> {
        self.id_index().keys().map(String::as_str)
    }

    /// The node with this id: an unnamed node's path (`@2.1`) is followed
    /// from the root, without an index of every node; a name (or a path
    /// the children's order does not follow) is looked up in the index of
    /// every id, made when first needed. A name is compared in its
    /// composed form ([`crate::text::composed`]).
    pub fn find(&self, id: &str) -> Option<T::Node> {
        let id = &*crate::text::composed(id);
        // The root is named in every key (`expect root = 3`): found without
        // an index of every id, which a large tree would build for it alone.
        if self.root_id == id {
            return Some(self.tree.root());
        }
        match id.strip_prefix('@') {
            // A tree that orders children otherwise than its ids (a view
            // searching right to left) falls back on the index.
            Some(path) => self
                .follow(path)
                .filter(|&n| self.tree.has_id(n, id))
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

    /// The visited interior nodes and what the trace says of each, in the
    /// order they were (last) entered.
    pub fn interior_visits(&self) -> Vec<(T::Node, &Visit)> {
        let mut visits: Vec<(T::Node, &Visit)> = self
            .visits
            .iter()
            .filter(|(node, _)| !self.is_leaf(*node))
            .collect();
        visits.sort_by_key(|(_, visit)| visit.entered_at);
        visits
    }

    /// For a pruned node: the cut and the pruned node it names whose
    /// subtree holds it; `None` for a visited node, and for a node below
    /// the depth limit (which no search with that limit visits).
    pub fn pruned_by(&self, node: T::Node) -> Option<(&Cut<T::Node>, T::Node)> {
        if let Some(top) = self.pruned_tops.get(&node) {
            return Some((&self.cuts[top.cut], node)); // a top: within any limit
        }
        let (at, below) = self.top_above(node)?;
        let top = &self.pruned_tops[&at];
        let within = top.depth_left.is_none_or(|left| below <= left);
        within.then(|| (&self.cuts[top.cut], at))
    }

    /// The top of the skipped subtree that holds `node`, and how many
    /// plies below it `node` lies; `None` when a visited node (or the
    /// root) comes first on the way up. The nodes walked are remembered,
    /// so that asking about every node of a skipped chain thousands of
    /// plies deep walks it once, not once a node.
    fn top_above(&self, node: T::Node) -> Option<(T::Node, usize)> {
        let mut walked = Vec::new();
        let mut at = node;
        let found = loop {
            if self.pruned_tops.contains_key(&at) {
                break Some((at, 0));
            }
            if self.visits.contains_key(&at) {
                break None;
            }
            if let Some(&known) = self.tops_above.borrow().get(&at) {
                break known;
            }
            walked.push(at);
            self.steps_up.set(self.steps_up.get() + 1);
            match self.parent(at) {
                Some(parent) => at = parent,
                None => break None,
            }
        };
        let mut tops_above = self.tops_above.borrow_mut();
        let count = walked.len();
        for (i, node) in walked.into_iter().enumerate() {
            let below = |(top, d): (T::Node, usize)| (top, d + count - i);
            tops_above.insert(node, found.map(below));
        }
        drop(tops_above);
        found.map(|(top, d)| (top, d + count))
    }

    /// Whether `node` lies below the depth limit: neither visited nor
    /// pruned (every other node is one or the other).
    pub fn is_below_the_limit(&self, node: T::Node) -> bool {
        !self.visits.contains_key(&node) && !self.is_pruned(node)
    }

    /// Whether the search valued interior node `node` statically, at the
    /// depth limit.
    pub fn is_at_the_limit(&self, node: T::Node) -> bool {
        !self.tree.is_leaf(node) && self.visits.get(&node).is_some_and(|v| v.at_horizon)
    }

    /// Whether the search never visited `node`.
    pub fn is_pruned(&self, node: T::Node) -> bool {
        self.pruned_by(node).is_some()
    }

    /// Whether `node` is the top of a skipped subtree: a node a cut names
    /// as skipped.
    pub fn is_pruned_top(&self, node: T::Node) -> bool {
        self.pruned_tops.contains_key(&node)
    }

    /// How many nodes the cuts skipped, their subtrees included (down to
    /// the depth limit, if any).
    pub fn pruned_count(&self) -> usize {
        *self.pruned_count.get_or_init(|| {
            (self.pruned_tops.iter())
                .map(|(&node, top)| skipped_below(self.tree, node, top.first_depth_left))
                .sum()
        })
    }

    /// The parent of `node`; `None` for the root.
    pub fn parent(&self, node: T::Node) -> Option<T::Node> {
        if let Some(parent) = self.visits.parent(&node) {
            return Some(parent);
        }
        if let Some(top) = self.pruned_tops.get(&node) {
            return Some(top.parent);
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
        self.tree.is_leaf(node)
    }

    /// The roots of the pruned subtrees, in search order (each once, in
    /// the last cut that names it).
    pub fn pruned_roots(&self) -> impl Iterator<Item = T::Node> + '_ {
        self.pruned_roots.iter().copied()
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

/// How many nodes the subtree of `top` holds, down to `depth_left` plies
/// below it when given.
fn skipped_below<T: GameTree>(tree: &T, top: T::Node, depth_left: Option<usize>) -> usize {
    let mut count = 0;
    let mut stack = vec![(top, depth_left)];
    while let Some((node, left)) = stack.pop() {
        count += 1;
        if left != Some(0) {
            let below = left.map(|d| d - 1);
            stack.extend(tree.children(node).map(|child| (child, below)));
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Options, search};

    /// The facts of alpha-beta on `tree`, gathered while it searches.
    fn facts_of(tree: &crate::tree::Tree) -> Facts<'_, crate::tree::Tree> {
        let mut recorder = FactsRecorder::new(Algorithm::AlphaBeta);
        let options = Options::default();
        let result = search(tree, Algorithm::AlphaBeta, options, &mut recorder).unwrap();
        Facts::recorded(tree, &result, recorder, false)
    }

    #[test]
    fn a_whole_key_is_checked_without_an_index_of_every_id() {
        // Every key names the root (`expect root = 3`) and paths: none of
        // them needs the index of every id, a string a node, which on a
        // tree of millions of nodes cost more than the search.
        let text = "[[3 12 8] [2 4 6] [14 5 2]]";
        let tree = crate::syntax::parse("aima", text).unwrap();
        let facts = facts_of(&tree);
        let key = facts.answer_key();
        assert!(key.iter().any(|c| c.to_string().contains("root")));
        for claim in &key {
            assert_eq!(facts.holds(claim), Ok(true), "{claim}");
        }
        assert!(facts.by_id.get().is_none());
        // A name is found through the index.
        let named = crate::syntax::parse("named", "[ A [3 12 8] 2 ]").unwrap();
        let facts = facts_of(&named);
        assert_eq!(facts.find("A"), named.children(named.root()).next());
        assert!(facts.by_id.get().is_some());
    }

    #[test]
    fn the_skipped_nodes_are_counted_only_when_asked_for() {
        // MIN at @2 falls to alpha 5 at its 4 and skips [8 9 [7 7]] and
        // 6: 7 nodes, counted by a walk of every one of them.
        let tree = crate::syntax::parse("t", "[ 5 [ 4 [8 9 [7 7]] 6 ] ]").unwrap();
        let facts = facts_of(&tree);
        assert!(facts.pruned_count.get().is_none());
        assert_eq!(facts.pruned_roots().count(), 2);
        assert_eq!(facts.pruned_count(), 7);
        assert_eq!(facts.pruned_count.get(), Some(&7));
    }

    #[test]
    fn questions_about_a_deep_pruned_chain_walk_it_once() {
        // MIN's 5 falls to alpha 10: the chain 2,000 plies deep under MIN
        // is pruned whole. Asking about each of its nodes from the bottom
        // up would walk 2,000,000 steps to its top without memory.
        let depth = 2_000;
        let chain = format!("{}7{}", "[ 1 ".repeat(depth), " ]".repeat(depth));
        let text = format!("[ 10 [ 5 {chain} ] ]");
        let tree = crate::syntax::parse("deep", &text).unwrap();
        let facts = facts_of(&tree);
        let min = tree.children(tree.root()).nth(1).unwrap();
        let top = tree.children(min).nth(1).unwrap();
        let mut nodes = crate::tree::subtree(&tree, top);
        assert_eq!(nodes.len(), 2 * depth + 1);
        nodes.reverse();
        for node in &nodes {
            assert_eq!(facts.pruned_by(*node).map(|(_, t)| t), Some(top));
        }
        assert!(
            facts.steps_up.get() <= nodes.len(),
            "{}",
            facts.steps_up.get()
        );
    }
}
