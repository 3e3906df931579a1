//! Chance nodes: expectiminimax's probability-weighted mean, and Star1's
//! pruning of chance nodes inside alpha-beta (Ballard 1983; Hauk, Buro
//! and Schaeffer 2004), given bounds `[L, U]` on every leaf value.
//!
//! Star1 at a chance node with window `[alpha, beta]`, after children
//! `1..i` with probabilities `p` and values `v`, knows that its value lies
//! within `S + R * L` and `S + R * U`, where `S` is the weighted sum so far
//! and `R` the probability of the children not searched yet. Child `i` is
//! searched with the window its own value must leave for the node to stay
//! inside `[alpha, beta]`; when it fails low (or high), the node's value
//! cannot exceed alpha (or fall below beta), and the rest is skipped.

use super::SearchError;
use super::context::{ChanceStep, Context};
use super::window::{WindowBound, clamp};
use crate::trace::{ChanceCut, Recorder, StarMethod};
use crate::tree::GameTree;
use crate::value::{Bound, CutKind, LeafBounds, Scored, Value};

/// A chance node's running weighted sum, reported child by child, exact.
pub(super) struct Mean {
    sum: Value,
    seen: usize,
    of: usize,
}

impl Mean {
    /// No child valued yet, of `of`.
    pub(super) fn new(of: usize) -> Mean {
        Mean {
            sum: Value::ZERO,
            seen: 0,
            of,
        }
    }

    /// The weighted sum so far.
    pub(super) fn sum(&self) -> Value {
        self.sum
    }

    /// Adds `child`'s value (MAX's terms), of probability `p`, to the sum
    /// of the chance node `node`, and reports it. A child of probability 0
    /// adds nothing, even when its value is infinite.
    pub(super) fn add<T: GameTree, R: Recorder<T::Node>>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        node: T::Node,
        child: T::Node,
        p: Value,
        value: Value,
    ) -> Result<(), SearchError> {
        if p > Value::ZERO {
            let term = p.checked_mul(value);
            let sum = term.and_then(|term| self.sum.checked_add(term));
            self.sum = sum.ok_or_else(|| match self.sum.is_infinite() && value.is_infinite() {
                true => undefined(cx.tree, node),
                false => too_precise(cx.tree, node),
            })?;
        }
        self.seen += 1;
        cx.chance_step(ChanceStep {
            node,
            child,
            probability: p,
            value,
            sum: self.sum,
            seen: self.seen,
            of: self.of,
        });
        Ok(())
    }

    /// The mean: the weighted sum of every child.
    pub(super) fn value(&self) -> Value {
        self.sum
    }
}

/// The error for a chance node whose mean is undefined.
fn undefined<T: GameTree>(tree: &T, node: T::Node) -> SearchError {
    SearchError::UndefinedMean {
        node: tree.id(node),
        location: tree.location(node),
    }
}

/// The error for a chance node whose exact value, or one of the bounds
/// Star1 works out for it, needs more digits than a value holds.
pub(super) fn too_precise<T: GameTree>(tree: &T, node: T::Node) -> SearchError {
    SearchError::TooPrecise {
        node: tree.id(node),
        location: tree.location(node),
    }
}

/// Expectiminimax at the chance node `node`, entered at `ply` and known to
/// have children: the weighted mean of their values, each given in MAX's
/// terms by `child_value`. Reports the running sum and the final value.
pub(super) fn expectation<'a, T, R, F>(
    cx: &mut Context<'a, T, R>,
    node: T::Node,
    ply: usize,
    mut child_value: F,
) -> Result<Value, SearchError>
where
    T: GameTree,
    R: Recorder<T::Node>,
    F: FnMut(&mut Context<'a, T, R>, T::Node, usize) -> Result<Value, SearchError>,
{
    let tree = cx.tree;
    let children: Vec<T::Node> = tree.children(node).collect();
    let mut mean = Mean::new(children.len());
    for &child in &children {
        let value = child_value(cx, child, ply + 1)?;
        mean.add(cx, node, child, tree.probability(node, child), value)?;
    }
    let value = mean.value();
    cx.finish(node, Scored::exact(value));
    Ok(value)
}

/// Alpha-beta at the chance node `at` (entered, with children; with its
/// ply and its parent) with the window `[alpha, beta]` in MAX's terms: Star1 with the search's leaf
/// bounds, otherwise every child with the full window (no pruning below
/// the node, counted for the report). `search_child` searches a child with
/// a window and returns its score, both in MAX's terms. Reports the
/// running sum, the cut if any, and the final score.
pub(super) fn star1<'a, T, R, E, F>(
    cx: &mut Context<'a, T, R>,
    at: (T::Node, usize, Option<T::Node>),
    alpha: WindowBound<T::Node>,
    beta: WindowBound<T::Node>,
    mut search_child: F,
) -> Result<Scored, E>
where
    T: GameTree,
    R: Recorder<T::Node>,
    E: From<SearchError>,
    F: FnMut(
        &mut Context<'a, T, R>,
        T::Node,
        WindowBound<T::Node>,
        WindowBound<T::Node>,
    ) -> Result<Scored, E>,
{
    // Below a chance node a parallel search goes on sequentially, apart
    // from the bounds its split nodes share.
    let split = cx.take_split();
    let bounds = cx.leaf_bounds();
    if bounds.is_none() {
        cx.count_unbounded_chance();
    }
    let mut node_search = ChanceSearch::new(cx, at, alpha, beta, bounds);
    let outcome = node_search.run(cx, &mut |cx, _, child, a, b| search_child(cx, child, a, b));
    cx.restore_split(split);
    outcome
}

/// A chance node searched child by child with what is known of each
/// child's value: Star1 with the leaf bounds for every child, or Star2's
/// tighter bounds after probing.
pub(super) struct ChanceSearch<N> {
    pub node: N,
    /// How far below the root it lies.
    ply: usize,
    parent: Option<N>,
    alpha: WindowBound<N>,
    beta: WindowBound<N>,
    pub children: Vec<N>,
    pub probabilities: Vec<Value>,
    /// What each child's value is known to lie within; `None` without leaf
    /// bounds (no pruning).
    pub known: Option<Vec<(Value, Value)>>,
    /// Which children Star2 has probed: their first child is searched, and
    /// a cut skips only their other children.
    pub probed: Vec<bool>,
}

/// How a child is searched: by its index among the chance node's children,
/// with a window, in MAX's terms.
pub(super) type ChildSearch<'s, 'a, T, R, E> = dyn FnMut(
        &mut Context<'a, T, R>,
        usize,
        <T as GameTree>::Node,
        WindowBound<<T as GameTree>::Node>,
        WindowBound<<T as GameTree>::Node>,
    ) -> Result<Scored, E>
    + 's;

impl<N: Copy + Eq + std::fmt::Debug> ChanceSearch<N> {
    /// The chance node `node`, `ply` plies below the root and below
    /// `parent`, to search within `[alpha, beta]`, every child known to lie
    /// within `bounds` if given.
    pub(super) fn new<T: GameTree<Node = N>, R>(
        cx: &Context<'_, T, R>,
        (node, ply, parent): (N, usize, Option<N>),
        alpha: WindowBound<N>,
        beta: WindowBound<N>,
        bounds: Option<LeafBounds>,
    ) -> Self {
        let tree = cx.tree;
        let children: Vec<N> = tree.children(node).collect();
        let probabilities = children
            .iter()
            .map(|&c| tree.probability(node, c))
            .collect();
        let known = bounds.map(|b| vec![(b.low, b.high); children.len()]);
        ChanceSearch {
            node,
            ply,
            parent,
            probed: vec![false; children.len()],
            alpha,
            beta,
            children,
            probabilities,
            known,
        }
    }

    /// Reports a cut of the chance node, by `method`, after `seen` of its
    /// children, on `side`, at the node bound `value`; the children from
    /// `first_skipped` on are not searched in full: a child not probed is
    /// skipped, a probed one all but its first child (no cut is reported
    /// when that skips nothing). Returns the node's score.
    pub(super) fn cut<T: GameTree<Node = N>, R: Recorder<N>>(
        &self,
        cx: &mut Context<'_, T, R>,
        side: Side,
        value: Value,
        (seen, first_skipped): (usize, usize),
        method: StarMethod,
    ) -> Scored {
        let (kind, bound) = match side {
            Side::Low => (CutKind::Alpha, self.alpha),
            Side::High => (CutKind::Beta, self.beta),
        };
        let chance = ChanceCut {
            seen,
            of: self.children.len(),
            method,
        };
        let skipped = self.skipped(cx.tree, first_skipped);
        // When nothing is skipped (after the last child) the node just
        // returns the bound it learnt, as a MAX or MIN node does.
        if !skipped.is_empty() {
            let at = (self.node, self.ply, self.parent);
            cx.chance_cut(at, (kind, chance), value, bound, skipped.into_iter());
        }
        let score = match side {
            Side::Low => Scored {
                value: value.min(self.alpha.value),
                bound: Bound::Upper,
            },
            Side::High => Scored {
                value: value.max(self.beta.value),
                bound: Bound::Lower,
            },
        };
        finish(cx, self.node, score, self.alpha.value, self.beta.value)
    }

    /// The nodes a cut skips when the children from `first` on are not
    /// searched in full, left to right: each child not probed, and the
    /// children of a probed one but its first.
    fn skipped<T: GameTree<Node = N>>(&self, tree: &T, first: usize) -> Vec<N> {
        let from = first.min(self.children.len());
        let mut skipped = Vec::new();
        for (&child, &probed) in self.children[from..].iter().zip(&self.probed[from..]) {
            match probed {
                true => skipped.extend(tree.children(child).skip(1)),
                false => skipped.push(child),
            }
        }
        skipped
    }

    /// The window of `[alpha, beta]` in MAX's terms.
    pub(super) fn window(&self) -> (Value, Value) {
        (self.alpha.value, self.beta.value)
    }

    /// The weighted sum of what is known of children `from..`: the least
    /// (`low`) or the most they add; `None` when it does not fit a value.
    pub(super) fn rest(&self, from: usize, low: bool) -> Option<Value> {
        let known = self.known.as_deref().unwrap_or_default();
        (from..self.children.len()).try_fold(Value::ZERO, |sum, j| {
            let bound = if low { known[j].0 } else { known[j].1 };
            sum.checked_add(self.probabilities[j].checked_mul(bound)?)
        })
    }

    /// What Star1 knows when it searches child `i` after the others
    /// before it, whose weighted sum is `sum`: `None` when a bound does
    /// not fit a value.
    /// A node whose sum is only `bounded` from one side (see
    /// [`ChanceSearch::run`]) can no longer fail on the other: that
    /// threshold is then infinite.
    pub(super) fn child_window(
        &self,
        i: usize,
        sum: Value,
        bounded: Option<Side>,
    ) -> Option<ChildWindow> {
        let (lo, hi) = self.known.as_deref()?[i];
        let (mut alpha, mut beta) = self.window();
        match bounded {
            Some(Side::Low) => beta = Value::POS_INF,
            Some(Side::High) => alpha = Value::NEG_INF,
            None => {}
        }
        ChildWindow {
            lo,
            hi,
            sum,
            p: self.probabilities[i],
            rest_low: self.rest(i + 1, true)?,
            rest_high: self.rest(i + 1, false)?,
            low: Value::ZERO,
            high: Value::ZERO,
        }
        .with_thresholds(alpha, beta)
    }

    /// Searches the children in order, each with the window Star1 gives
    /// it, and returns the node's score; reports every step.
    ///
    /// Under strict cuts a child whose search only bounded it at its
    /// threshold (a fail-hard search clamps to its window's edge) may tie
    /// with it, so it does not cut; its bound is added to the sum as its
    /// value, which makes the sum, and the node's score, a bound from that
    /// side (the child's edge of the window: an upper bound for a child at
    /// most its low threshold). No child is searched twice.
    pub(super) fn run<'a, T, R, E>(
        &mut self,
        cx: &mut Context<'a, T, R>,
        search_child: &mut ChildSearch<'_, 'a, T, R, E>,
    ) -> Result<Scored, E>
    where
        T: GameTree<Node = N>,
        R: Recorder<N>,
        E: From<SearchError>,
    {
        let node = self.node;
        let mut mean = Mean::new(self.children.len());
        let mut bounded = None;
        for i in 0..self.children.len() {
            let (child, p) = (self.children[i], self.probabilities[i]);
            if self.known.is_none() || p == Value::ZERO {
                let full = (
                    WindowBound::initial(Value::NEG_INF),
                    WindowBound::initial(Value::POS_INF),
                );
                let value = search_child(cx, i, child, full.0, full.1)?.value;
                mean.add(cx, node, child, p, value)?;
                continue;
            }
            let window = self
                .child_window(i, mean.sum(), bounded)
                .ok_or_else(|| too_precise(cx.tree, node))?;
            let (child_alpha, child_beta) = window.alpha_beta(node);
            let score = window.known(search_child(cx, i, child, child_alpha, child_beta)?);
            if let Some(side) = window.cut(score, cx.options.strict) {
                let value = window
                    .node_bound(side, score.value)
                    .ok_or_else(|| too_precise(cx.tree, node))?;
                return Ok(self.cut(cx, side, value, (i + 1, i + 1), StarMethod::Star1));
            }
            let side = match score.bound {
                Bound::Upper => Some(Side::Low),
                Bound::Lower => Some(Side::High),
                _ => None,
            };
            let value = match (window.exact(score), side) {
                (Some(value), _) => value,
                (None, Some(side)) if bounded.is_none_or(|b| b == side) => {
                    bounded = Some(side);
                    score.value
                }
                // Nothing certain, or bounds from both sides: the child's
                // value is needed.
                (None, _) => {
                    let full = (
                        WindowBound::initial(Value::NEG_INF),
                        WindowBound::initial(Value::POS_INF),
                    );
                    search_child(cx, i, child, full.0, full.1)?.value
                }
            };
            mean.add(cx, node, child, p, value)?;
        }
        let (alpha, beta) = self.window();
        let score = Scored {
            value: mean.value(),
            bound: match bounded {
                None => Bound::Exact,
                Some(Side::Low) => Bound::Upper,
                Some(Side::High) => Bound::Lower,
            },
        };
        Ok(finish(cx, node, score.settled(), alpha, beta))
    }
}

/// Reports a chance node's score, clamped to its window under fail-hard.
fn finish<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    mut score: Scored,
    alpha: Value,
    beta: Value,
) -> Scored {
    if cx.options.fail_hard {
        score = clamp(score, alpha, beta);
    }
    cx.finish(node, score);
    score
}

/// The side a chance node's value is shown to lie beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    /// At most alpha: the node fails low.
    Low,
    /// At least beta: the node fails high.
    High,
}

/// What Star1 knows when it searches one child of a chance node, exactly.
#[derive(Clone, Copy, Debug)]
pub(super) struct ChildWindow {
    /// What the child's value is known to lie within.
    pub lo: Value,
    pub hi: Value,
    /// The weighted sum of the children before this one.
    pub sum: Value,
    /// This child's probability.
    pub p: Value,
    /// The least and the most the children after it add.
    pub rest_low: Value,
    pub rest_high: Value,
    /// At or below this, the child's value makes the node fail low.
    pub low: Value,
    /// At or above this, the child's value makes the node fail high.
    pub high: Value,
}

impl ChildWindow {
    /// The thresholds for the node's window `[alpha, beta]` (infinite
    /// when the window's edge is); `None` when one does not fit a value.
    pub(super) fn with_thresholds(self, alpha: Value, beta: Value) -> Option<Self> {
        let threshold = |edge: Value, rest: Value| {
            edge.checked_sub(self.sum)?
                .checked_sub(rest)?
                .checked_div(self.p)
        };
        Some(ChildWindow {
            low: threshold(alpha, self.rest_high)?,
            high: threshold(beta, self.rest_low)?,
            ..self
        })
    }

    /// The child's window: the thresholds, kept within what is known.
    pub(super) fn alpha_beta<N: Copy>(&self, node: N) -> (WindowBound<N>, WindowBound<N>) {
        let within = |x: Value| x.clamp(self.lo, self.hi);
        (
            WindowBound::new(within(self.low), node),
            WindowBound::new(within(self.high), node),
        )
    }

    /// Whether the child's score makes the node fail low or high: a score
    /// beyond a threshold always, one at it only when cuts are not strict
    /// (under fail-hard a child's bound at the threshold is its window's
    /// edge, where the node's value may tie with alpha or beta, as a MAX
    /// or MIN node's clamped value does). A bound at the edge of what is
    /// known is the exact value there, and cuts as one: an upper bound at
    /// `lo` that reaches `high` shows the node at least beta.
    pub(super) fn cut(&self, score: Scored, strict: bool) -> Option<Side> {
        let score = self.known(score);
        let score = self.exact(score).map_or(score, Scored::exact);
        let v = score.value;
        let passes = |beyond: bool, at: bool| beyond || (at && !strict);
        if score.bound.is_upper() && passes(v < self.low, v == self.low) {
            return Some(Side::Low);
        }
        if score.bound.is_lower() && passes(v > self.high, v == self.high) {
            return Some(Side::High);
        }
        None
    }

    /// The bound on the node's value that the cut shows, from the child's
    /// value `v`: the most it can be (low) or the least (high); `None`
    /// when it does not fit a value.
    pub(super) fn node_bound(&self, side: Side, v: Value) -> Option<Value> {
        let rest = match side {
            Side::Low => self.rest_high,
            Side::High => self.rest_low,
        };
        self.sum
            .checked_add(self.p.checked_mul(v)?)?
            .checked_add(rest)
    }

    /// `score` with what is known of the child before its search: a score
    /// that says nothing certain (a search with a window of one value,
    /// `[hi, hi]`, may end so) at or past an edge of what is known is a
    /// bound there, from the other side: at least `hi`, the child is at
    /// most `hi`; at most `lo`, at least `lo`.
    pub(super) fn known(&self, score: Scored) -> Scored {
        let v = score.value;
        match score.bound {
            Bound::Unknown if v >= self.hi => Scored {
                value: self.hi,
                bound: Bound::Upper,
            },
            Bound::Unknown if v <= self.lo => Scored {
                value: self.lo,
                bound: Bound::Lower,
            },
            _ => score,
        }
    }

    /// The child's exact value from a score that did not cut: exact, or a
    /// bound at the edge of what is known (an upper bound at the least it
    /// can be is that value); `None` when it is not known.
    pub(super) fn exact(&self, score: Scored) -> Option<Value> {
        let v = score.value;
        match score.bound {
            Bound::Exact => Some(v),
            Bound::Upper if v <= self.lo => Some(self.lo),
            Bound::Lower if v >= self.hi => Some(self.hi),
            _ => None,
        }
    }
}
