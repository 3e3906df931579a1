//! The smallest proof of a tree's value: the fewest leaves any algorithm
//! must evaluate to prove that the root's value is `v`.
//!
//! A proof that the value is at least `v` is a MAX strategy (one child of
//! each MAX node, every child of each MIN node) whose leaves are all at
//! least `v`; a proof that it is at most `v` is a MIN strategy (every child
//! of each MAX node, one child of each MIN node) whose leaves are all at
//! most `v`. A MAX strategy and a MIN strategy always share exactly one
//! leaf (follow both from the root: at each node one of them picks one
//! child and the other takes it too), so the smallest proof holds the
//! cheapest of each, less one leaf. The cheapest strategies come from one
//! walk of the tree, bottom up: at a leaf a strategy costs 1 when the leaf
//! qualifies and cannot be built otherwise; at a node that picks, the least
//! of its children's costs; at a node that takes all, their sum.
//!
//! A leaf of unknown value (`?`) qualifies for neither strategy. With a
//! depth limit, a node at the limit is a leaf of its static value. On a
//! uniform tree of branching `b` and depth `d` whose best moves come first,
//! the smallest proof is Knuth and Moore's `b^ceil(d/2) + b^floor(d/2) - 1`.

use crate::tree::GameTree;
use crate::value::{Kind, Value};

/// A strategy that no leaves can build.
const NONE: u64 = u64::MAX;

/// The smallest proof of a value: how many leaves each cheapest strategy
/// has, and their union.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SmallestProof {
    /// The value proved.
    pub value: Value,
    /// Leaves of the cheapest MAX strategy whose leaves are all at least
    /// the value.
    pub max_strategy: u64,
    /// Leaves of the cheapest MIN strategy whose leaves are all at most
    /// the value.
    pub min_strategy: u64,
    /// Leaves of the proof: both strategies, less the leaf they share.
    pub leaves: u64,
}

/// The smallest proof that the value of `tree` from its root is `value`,
/// nodes `depth` plies down taking their static values; `None` when the
/// tree has a chance node, a node at the limit without a static value, or
/// when no proof exists (the value is not the tree's, or needs a `?`).
pub fn smallest_proof<T: GameTree>(
    tree: &T,
    value: Value,
    depth: Option<usize>,
) -> Option<SmallestProof> {
    let (max_strategy, min_strategy) = cheapest(tree, value, depth)?;
    if max_strategy == NONE || min_strategy == NONE {
        return None;
    }
    Some(SmallestProof {
        value,
        max_strategy,
        min_strategy,
        leaves: max_strategy + min_strategy - 1,
    })
}

/// Knuth and Moore's least number of leaves alpha-beta evaluates on a
/// uniform tree of branching `b` and depth `d`, best moves first:
/// `b^ceil(d/2) + b^floor(d/2) - 1`; `None` if it overflows.
pub fn knuth_moore(b: u64, d: u32) -> Option<u64> {
    let high = b.checked_pow(d.div_ceil(2))?;
    let low = b.checked_pow(d / 2)?;
    (high + low).checked_sub(1)
}

/// The costs `(at least, at most)` of the cheapest strategies at the
/// root, walked bottom up without recursion (a tree may be thousands of
/// levels deep).
fn cheapest<T: GameTree>(tree: &T, value: Value, depth: Option<usize>) -> Option<(u64, u64)> {
    // (node, ply, children done): a node comes back once its children's
    // costs lie on `costs`.
    let mut stack = vec![(tree.root(), 0usize, false)];
    let mut costs: Vec<(u64, u64)> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    while let Some((node, ply, done)) = stack.pop() {
        let leaf_value = match tree.is_leaf(node) {
            true => Some(tree.value(node)),
            false if depth.is_some_and(|d| ply >= d) => Some(Some(tree.static_value(node)?)),
            false => None,
        };
        if let Some(leaf) = leaf_value {
            costs.push(leaf_costs(leaf, value));
            continue;
        }
        let kind = tree.kind(node);
        if kind == Kind::Chance {
            return None;
        }
        if !done {
            let children: Vec<T::Node> = tree.children(node).collect();
            counts.push(children.len());
            stack.push((node, ply, true));
            stack.extend(children.into_iter().rev().map(|c| (c, ply + 1, false)));
            continue;
        }
        let count = counts.pop().expect("a node's count of children");
        let below = costs.split_off(costs.len() - count);
        costs.push(combine(kind, &below));
    }
    costs.pop()
}

/// What a leaf of value `leaf` (`None` for `?`) costs each strategy.
fn leaf_costs(leaf: Option<Value>, value: Value) -> (u64, u64) {
    match leaf {
        Some(leaf) => (
            if leaf >= value { 1 } else { NONE },
            if leaf <= value { 1 } else { NONE },
        ),
        None => (NONE, NONE),
    }
}

/// A MAX or MIN node's costs from its children's: the MAX strategy picks
/// at a MAX node and takes all at a MIN node, the MIN strategy the other
/// way round.
fn combine(kind: Kind, children: &[(u64, u64)]) -> (u64, u64) {
    let least = |pick: fn(&(u64, u64)) -> u64| children.iter().map(pick).min().unwrap_or(NONE);
    let sum = |pick: fn(&(u64, u64)) -> u64| {
        children
            .iter()
            .map(pick)
            .try_fold(0u64, |sum, cost| match cost {
                NONE => None,
                cost => sum.checked_add(cost),
            })
            .unwrap_or(NONE)
    };
    match kind {
        Kind::Max => (least(|c| c.0), sum(|c| c.1)),
        _ => (sum(|c| c.0), least(|c| c.1)),
    }
}
