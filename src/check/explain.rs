//! Why the search did what it did, told from its trace in the lecture's
//! words: why a node is pruned or not, where a window comes from, how a
//! value is made.

use std::hash::Hash;

use super::facts::Facts;
use super::record::Visit;
use crate::tree::GameTree;
use crate::value::{Kind, Scored, Value};

/// How many children a value explanation lists before it counts the rest.
const LISTED_CHILDREN: usize = 8;

impl<T: GameTree> Facts<'_, T>
where
    T::Node: Hash,
{
    /// A node and what the search returned for it: `B = 2`, `F >= 6`,
    /// `H (pruned)`, `B4 (probed)`.
    pub fn phrase(&self, node: T::Node) -> String {
        match self.visit(node) {
            Some(Visit {
                score: Some(score), ..
            }) => format!("{} {}", self.id(node), scored(*score)),
            Some(Visit {
                only_probed: true, ..
            }) => format!("{} (probed)", self.id(node)),
            _ if self.is_below_the_limit(node) => {
                format!("{} (below the depth limit)", self.id(node))
            }
            _ => format!("{} (pruned)", self.id(node)),
        }
    }

    /// For a node Star2 only probed: what that means, in words.
    fn only_probed(&self, node: T::Node) -> Option<String> {
        let id = self.id(node);
        self.visit(node).filter(|v| v.only_probed).map(|_| {
            format!(
                "{id} is only probed: Star2 searches its first child alone, for a bound on {id}, and never enters {id} itself"
            )
        })
    }

    /// Why `node` is never visited: the cut that pruned it, in words.
    pub fn why_pruned(&self, node: T::Node) -> String {
        let Some((cut, top)) = self.pruned_by(node) else {
            return match self.is_below_the_limit(node) {
                true => self.why_below_the_limit(node),
                false => format!("{} is visited", self.id(node)),
            };
        };
        let words = cut.describe(self.tree, self.strict);
        match top == node {
            true => format!("{} is pruned: {words}", self.id(node)),
            false => format!("{} is pruned with {}: {words}", self.id(node), self.id(top)),
        }
    }

    /// Why `node` is visited and not pruned: the cut test its parent made
    /// before it, and failed.
    pub fn why_visited(&self, node: T::Node) -> String {
        if self.is_pruned(node) {
            return self.why_pruned(node);
        }
        let id = self.id(node);
        let verb = match self.is_leaf(node) {
            true => "evaluated",
            false => "visited",
        };
        let Some(parent) = self.parent(node) else {
            return format!("{id} is the root: every search starts there");
        };
        if self.is_below_the_limit(node) {
            return self.why_below_the_limit(node);
        }
        if !self.algorithm.prunes() {
            return format!(
                "{id} is {verb}, not pruned: {} examines every node",
                self.algorithm
            );
        }
        if self.visit(node).is_some_and(|v| v.only_probed) {
            return format!(
                "{id} is probed, not pruned: Star2 probes the children of {} before it searches any in full",
                self.id(parent)
            );
        }
        if let Some(times) = self.entered_again(parent) {
            return format!(
                "{id} is {verb}, not pruned: {} searches {} {times} times, and {id} is {verb} in \
                 at least one of them",
                self.algorithm,
                self.id(parent)
            );
        }
        if self.tree.children(parent).next() == Some(node) {
            return format!(
                "{id} is {verb}, not pruned: it is {}'s first child, and a node's first child is always searched",
                self.id(parent)
            );
        }
        let entered = self.visit(node).map_or(usize::MAX, |v| v.entered_at);
        format!(
            "{id} is {verb}, not pruned: {}",
            self.no_cut_before(parent, entered)
        )
    }

    /// Why `node`, which the search neither visits nor prunes, is neither:
    /// it lies below the depth limit, under the nearest node above it
    /// that the search valued statically or pruned.
    fn why_below_the_limit(&self, node: T::Node) -> String {
        let id = self.id(node);
        let mut above = node;
        while let Some(parent) = self.parent(above) {
            above = parent;
            if self.visit(above).is_some() || self.is_pruned(above) {
                break;
            }
        }
        let under = self.id(above);
        match self.is_pruned(above) {
            true => format!(
                "{id} lies below the depth limit, under {under}, which is pruned (a pruned \
                 subtree reaches down to the depth limit only): {id} is neither visited nor pruned"
            ),
            false => format!(
                "{id} lies below the depth limit: the search values {under} statically without \
                 looking below it, and {id} is neither visited nor pruned"
            ),
        }
    }

    /// `I is entered 2 times (pvs searches it again, in a re-search or
    /// another pass), and a window claim is about the last time`.
    fn claim_about_the_last(&self, node: T::Node, times: u32, claim: &str) -> String {
        format!(
            "{} is entered {times} times ({} searches it again, in a re-search or another \
             pass), and a {claim} claim is about the last time",
            self.id(node),
            self.algorithm
        )
    }

    /// How many times `node` was entered, when more than once (a claim is
    /// then about the last time, and the window it was entered with before
    /// explains nothing of it).
    fn entered_again(&self, node: T::Node) -> Option<u32> {
        self.visit(node).map(|v| v.entries).filter(|&n| n > 1)
    }

    /// Why `parent` did not cut before event `before`: its window, and its
    /// value so far not reaching the bound.
    pub fn no_cut_before(&self, parent: T::Node, before: usize) -> String {
        let pid = self.id(parent);
        let Some(window) = self.visit(parent).and_then(|v| v.window) else {
            return format!("{} examines every node", self.algorithm);
        };
        if self.tree.kind(parent) == Kind::Chance {
            return format!(
                "{pid} is entered with window {window}, and Star1 cannot show from the leaf \
                 bounds and the children before it that {pid} lies outside the window"
            );
        }
        let so_far = match self.value_before(parent, before) {
            Some((_, giver)) => self.phrase(giver),
            None => format!("{pid}, with no value yet,"),
        };
        let test = match (self.tree.kind(parent), self.strict) {
            (Kind::Max, false) => format!("does not reach beta = {}", window.beta),
            (Kind::Max, true) => format!("does not exceed beta = {}", window.beta),
            (Kind::Min, false) => format!("does not fall to alpha = {}", window.alpha),
            (Kind::Min, true) => format!("does not fall below alpha = {}", window.alpha),
            (Kind::Chance, _) => {
                format!("cannot be shown by Star1 to lie outside the window {window}")
            }
        };
        format!("{pid} is entered with window {window} and {so_far} {test}")
    }

    /// How `node`'s value is made: a leaf's own value, or its player's
    /// choice among its children, and the cut that stopped it.
    pub fn why_value(&self, node: T::Node) -> String {
        if self.is_pruned(node) {
            return format!("{}, so it has no value", self.why_pruned(node));
        }
        if let Some(probed) = self.only_probed(node) {
            return format!("{probed}, so it returns no value");
        }
        if self.is_below_the_limit(node) {
            return format!("{}; it has no value", self.why_below_the_limit(node));
        }
        if self.is_leaf(node) {
            return format!("{} is a leaf", self.phrase(node));
        }
        if self.is_at_the_limit(node) {
            return format!(
                "{}: its static value, at the depth limit, where the search looks no deeper",
                self.phrase(node)
            );
        }
        let kind = self.tree.kind(node);
        let which = match kind {
            Kind::Max => "largest",
            Kind::Min => "smallest",
            Kind::Chance => "probability-weighted mean",
        };
        let visit = self.visit(node);
        let children = self.children_phrase(node);
        let clamped = visit.and_then(|v| {
            let chosen = self.chosen(node)?;
            let window = v.window?;
            (v.score?.value != chosen).then_some((chosen, window))
        });
        let mut words = match clamped {
            None => format!(
                "{}: {kind} takes the {which} of {children}",
                self.phrase(node)
            ),
            Some((chosen, window)) => format!(
                "{}: {kind} takes {chosen}, the {which} of {children}, clamped to its window {window} (fail-hard)",
                self.phrase(node)
            ),
        };
        if let Some(cut) = visit.and_then(|v| v.cut) {
            let bound = match kind {
                Kind::Max => "a lower",
                Kind::Min | Kind::Chance => "an upper",
            };
            words += &format!(
                "; {}, so the value is {bound} bound",
                self.cuts[cut].describe(self.tree, self.strict)
            );
        }
        words
    }

    /// The value `node`'s player chose among the children it examined,
    /// before any clamping.
    fn chosen(&self, node: T::Node) -> Option<Value> {
        let values = self
            .tree
            .children(node)
            .filter_map(|c| self.visit(c)?.score.map(|s| s.value));
        match self.tree.kind(node) {
            Kind::Max => values.max(),
            Kind::Min => values.min(),
            Kind::Chance => None,
        }
    }

    /// `C = 2, F >= 6, H (pruned)`, the first few children of `node`.
    pub fn children_phrase(&self, node: T::Node) -> String {
        let children: Vec<T::Node> = self.tree.children(node).collect();
        let mut shown: Vec<String> = children
            .iter()
            .take(LISTED_CHILDREN)
            .map(|c| self.phrase(*c))
            .collect();
        if children.len() > LISTED_CHILDREN {
            shown.push(format!("and {} more", children.len() - LISTED_CHILDREN));
        }
        shown.join(", ")
    }

    /// Where `node`'s window comes from: its parent's window, narrowed by
    /// the parent's value so far.
    pub fn why_window(&self, node: T::Node) -> String {
        if self.is_pruned(node) {
            return format!("{}, so it has no window", self.why_pruned(node));
        }
        let id = self.id(node);
        let Some(visit) = self.visit(node) else {
            return format!("{}; it has no window", self.why_below_the_limit(node));
        };
        if let Some(probed) = self.only_probed(node) {
            return format!("{probed}, so it has no window");
        }
        let Some(window) = visit.window else {
            return format!("{} enters nodes without a window", self.algorithm);
        };
        if let Some(times) = self.entered_again(node) {
            return format!(
                "{}: {window}",
                self.claim_about_the_last(node, times, "window")
            );
        }
        let Some(parent) = self.parent(node) else {
            return match window == crate::trace::Window::FULL {
                true => format!("{id} is the root, entered with the full window {window}"),
                false => format!("{id} is the root, entered with the window {window}"),
            };
        };
        let pid = self.id(parent);
        if let Some(times) = self.entered_again(parent)
            && self
                .visit(parent)
                .is_some_and(|p| p.entered_at > visit.entered_at)
        {
            return format!(
                "{id} is entered with window {window}, in an earlier search of its parent {pid} \
                 than the last ({pid} is entered {times} times)"
            );
        }
        let pw = self.visit(parent).and_then(|v| v.window).unwrap_or(window);
        let narrowing = match (
            self.tree.kind(parent),
            self.value_before(parent, visit.entered_at),
        ) {
            (Kind::Chance, _) => ", and gives each child the window Star1 works out from it, \
                                   the leaf bounds, the probabilities and the children before it"
                .to_string(),
            (Kind::Max, Some((v, giver))) if v > pw.alpha => {
                format!(", and {} raises alpha to {v}", self.phrase(giver))
            }
            (Kind::Min, Some((v, giver))) if v < pw.beta => {
                format!(", and {} lowers beta to {v}", self.phrase(giver))
            }
            _ => ", which it passes on unchanged".to_string(),
        };
        format!(
            "{id} is entered with window {window}: its parent {pid} ({}) is entered with {pw}{narrowing}",
            self.tree.kind(parent)
        )
    }

    /// Why there is no cut at `node`.
    pub fn why_no_cut(&self, node: T::Node) -> String {
        let id = self.id(node);
        if self.is_pruned(node) {
            return format!("{}, so it cannot cut", self.why_pruned(node));
        }
        if !self.algorithm.prunes() {
            return format!("{} does not prune: it makes no cuts", self.algorithm);
        }
        if self.is_below_the_limit(node) {
            return format!("{}, so it cannot cut", self.why_below_the_limit(node));
        }
        if self.is_at_the_limit(node) {
            return format!(
                "there is no cut at {id}: it lies at the depth limit, where the search takes its \
                 static value without examining its children"
            );
        }
        let children: Vec<T::Node> = self.tree.children(node).collect();
        let Some((&last, before_last)) = children.split_last() else {
            return format!("{id} is a leaf: only a node with children left to examine is cut");
        };
        if before_last.is_empty() {
            return format!("{id} has a single child: nothing is left to cut");
        }
        if let Some(times) = self.entered_again(node) {
            let about = self.claim_about_the_last(node, times, "cut");
            return format!("{about}, when it examines all its children");
        }
        let entered = self.visit(last).map_or(usize::MAX, |v| v.entered_at);
        format!(
            "there is no cut at {id}: it examines all its children; before its last child {}, {}",
            self.id(last),
            self.no_cut_before(node, entered)
        )
    }
}

/// A returned value as an `expect` line writes it: `= 2`, `>= 6`, `<= 4`.
pub(super) fn scored(score: Scored) -> String {
    format!("{} {}", super::key::relation(score), score.value)
}
