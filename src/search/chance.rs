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
use super::context::{ChanceStep, Context, Edge, clamp};
use crate::trace::{ChanceCut, Recorder, StarMethod};
use crate::tree::GameTree;
use crate::value::{Bound, CutKind, LeafBounds, Scored, Value};

/// A chance node's running weighted sum, reported child by child.
pub(super) struct Mean {
    sum: f64,
    seen: usize,
    of: usize,
}

impl Mean {
    /// No child valued yet, of `of`.
    pub(super) fn new(of: usize) -> Mean {
        Mean {
            sum: 0.0,
            seen: 0,
            of,
        }
    }

    /// The weighted sum so far.
    pub(super) fn sum(&self) -> f64 {
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
        p: f64,
        value: Value,
    ) -> Result<(), SearchError> {
        if p > 0.0 {
            self.sum += p * value.get();
        }
        self.seen += 1;
        let sum = Value::new(self.sum).ok_or_else(|| undefined(cx.tree, node))?;
        cx.chance_step(ChanceStep {
            node,
            child,
            probability: Value::new(p).unwrap_or(Value::from(0)),
            value,
            sum,
            seen: self.seen,
            of: self.of,
        });
        Ok(())
    }

    /// The mean: the weighted sum of every child.
    pub(super) fn value(&self) -> Value {
        Value::new(self.sum).unwrap_or(Value::from(0))
    }
}

/// The error for a chance node whose mean is undefined.
fn undefined<T: GameTree>(tree: &T, node: T::Node) -> SearchError {
    SearchError::UndefinedMean {
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

/// Alpha-beta at the chance node `node` (entered, with children) with the
/// window `[alpha, beta]` in MAX's terms: Star1 with the search's leaf
/// bounds, otherwise every child with the full window (no pruning below
/// the node, counted for the report). `search_child` searches a child with
/// a window and returns its score, both in MAX's terms. Reports the
/// running sum, the cut if any, and the final score.
pub(super) fn star1<'a, T, R, E, F>(
    cx: &mut Context<'a, T, R>,
    node: T::Node,
    parent: Option<T::Node>,
    alpha: Edge<T::Node>,
    beta: Edge<T::Node>,
    search_child: F,
) -> Result<Scored, E>
where
    T: GameTree,
    R: Recorder<T::Node>,
    E: From<SearchError>,
    F: FnMut(&mut Context<'a, T, R>, T::Node, Edge<T::Node>, Edge<T::Node>) -> Result<Scored, E>,
{
    // Below a chance node a parallel search goes on sequentially, apart
    // from the bounds its split nodes share.
    let split = cx.take_split();
    let outcome = star1_here(cx, node, parent, alpha, beta, search_child);
    cx.restore_split(split);
    outcome
}

/// [`star1`] with no split node above.
fn star1_here<'a, T, R, E, F>(
    cx: &mut Context<'a, T, R>,
    node: T::Node,
    parent: Option<T::Node>,
    alpha: Edge<T::Node>,
    beta: Edge<T::Node>,
    mut search_child: F,
) -> Result<Scored, E>
where
    T: GameTree,
    R: Recorder<T::Node>,
    E: From<SearchError>,
    F: FnMut(&mut Context<'a, T, R>, T::Node, Edge<T::Node>, Edge<T::Node>) -> Result<Scored, E>,
{
    let tree = cx.tree;
    let children: Vec<T::Node> = tree.children(node).collect();
    let bounds = cx.leaf_bounds();
    if bounds.is_none() {
        cx.count_unbounded_chance();
    }
    let mut mean = Mean::new(children.len());
    let mut mass = 0.0;
    for (i, &child) in children.iter().enumerate() {
        let p = tree.probability(node, child);
        let Some(bounds) = bounds.filter(|_| p > 0.0) else {
            let value = exact_child(cx, child, &mut search_child)?;
            mean.add(cx, node, child, p, value)?;
            mass += p;
            continue;
        };
        let rest = (1.0 - mass - p).max(0.0);
        let window = ChildWindow::new(bounds, alpha.value, beta.value, mean.sum(), p, rest);
        let (child_alpha, child_beta) = window.edges(node);
        let score = search_child(cx, child, child_alpha, child_beta)?;
        if let Some(cut) = window.cut(score, cx.options.strict) {
            let rest_children = &children[i + 1..];
            let (kind, bound) = match cut {
                Side::Low => (CutKind::Alpha, alpha),
                Side::High => (CutKind::Beta, beta),
            };
            let value = window.node_bound(cut, score.value);
            let chance = ChanceCut {
                seen: i + 1,
                of: children.len(),
                method: StarMethod::Star1,
            };
            cx.chance_cut(node, parent, kind, value, bound, chance, rest_children);
            let score = match cut {
                Side::Low => Scored {
                    value: value.min(alpha.value),
                    bound: Bound::Upper,
                },
                Side::High => Scored {
                    value: value.max(beta.value),
                    bound: Bound::Lower,
                },
            };
            return Ok(finish(cx, node, score, alpha.value, beta.value));
        }
        let value = match window.exact(score) {
            Some(value) => value,
            None => exact_child(cx, child, &mut search_child)?,
        };
        mean.add(cx, node, child, p, value)?;
        mass += p;
    }
    let score = Scored::exact(mean.value());
    Ok(finish(cx, node, score, alpha.value, beta.value))
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

/// A child's exact value: searched with the full window.
fn exact_child<'a, T, R, E, F>(
    cx: &mut Context<'a, T, R>,
    child: T::Node,
    search_child: &mut F,
) -> Result<Value, E>
where
    T: GameTree,
    R: Recorder<T::Node>,
    F: FnMut(&mut Context<'a, T, R>, T::Node, Edge<T::Node>, Edge<T::Node>) -> Result<Scored, E>,
{
    let full = (Edge::initial(Value::NEG_INF), Edge::initial(Value::POS_INF));
    Ok(search_child(cx, child, full.0, full.1)?.value)
}

/// The side a chance node's value is shown to lie beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// At most alpha: the node fails low.
    Low,
    /// At least beta: the node fails high.
    High,
}

/// What Star1 knows when it searches one child of a chance node.
#[derive(Clone, Copy, Debug)]
struct ChildWindow {
    bounds: LeafBounds,
    /// The weighted sum of the children before this one.
    sum: f64,
    /// This child's probability.
    p: f64,
    /// The probability of the children after it.
    rest: f64,
    /// At or below this, the child's value makes the node fail low.
    low: f64,
    /// At or above this, the child's value makes the node fail high.
    high: f64,
}

impl ChildWindow {
    fn new(bounds: LeafBounds, alpha: Value, beta: Value, sum: f64, p: f64, rest: f64) -> Self {
        let (lo, hi) = (bounds.low.get(), bounds.high.get());
        ChildWindow {
            bounds,
            sum,
            p,
            rest,
            low: (alpha.get() - sum - rest * hi) / p,
            high: (beta.get() - sum - rest * lo) / p,
        }
    }

    /// The child's window: the thresholds, kept within the leaf bounds.
    fn edges<N: Copy>(&self, node: N) -> (Edge<N>, Edge<N>) {
        let (lo, hi) = (self.bounds.low.get(), self.bounds.high.get());
        let within = |x: f64| Value::new(x.clamp(lo, hi)).expect("within finite bounds");
        (
            Edge::new(within(self.low), node),
            Edge::new(within(self.high), node),
        )
    }

    /// Whether the child's score makes the node fail low or high: an exact
    /// value at a threshold only when cuts are not strict, a bound that
    /// failed at it always.
    fn cut(&self, score: Scored, strict: bool) -> Option<Side> {
        let v = score.value.get();
        let passes =
            |beyond: bool, at: bool| beyond || (at && (!strict || score.bound != Bound::Exact));
        if score.bound.is_upper() && passes(v < self.low, v == self.low) {
            return Some(Side::Low);
        }
        if score.bound.is_lower() && passes(v > self.high, v == self.high) {
            return Some(Side::High);
        }
        None
    }

    /// The bound on the node's value that the cut shows, from the child's
    /// value `v`: the most it can be (low) or the least (high).
    fn node_bound(&self, side: Side, v: Value) -> Value {
        let fill = match side {
            Side::Low => self.bounds.high.get(),
            Side::High => self.bounds.low.get(),
        };
        Value::new(self.sum + self.p * v.get() + self.rest * fill).unwrap_or(v)
    }

    /// The child's exact value from a score that did not cut: exact, or a
    /// bound at the edge of the leaf bounds (an upper bound at `L` is `L`);
    /// `None` when it is not known.
    fn exact(&self, score: Scored) -> Option<Value> {
        match score.bound {
            Bound::Exact => Some(score.value),
            Bound::Upper if score.value <= self.bounds.low => Some(self.bounds.low),
            Bound::Lower if score.value >= self.bounds.high => Some(self.bounds.high),
            _ => None,
        }
    }
}
