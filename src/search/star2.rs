//! Star2 (Ballard 1983; Hauk, Buro and Schaeffer 2004): alpha-beta in the
//! min/max form whose chance nodes, given leaf bounds, first probe each
//! child before Star1 searches them.
//!
//! A probe searches only a child's first child. Below a MAX child, that
//! value is a lower bound on the child's value; below a MIN child, an upper
//! bound. With these bounds in place of the leaf bounds, the chance node
//! may already be shown to fail high (or low) before any child is searched
//! in full: a Star2 cut. Otherwise Star1 goes on with the tighter bounds,
//! and a probed child's search starts from its probe's value rather than
//! searching its first child again, so Star2 never evaluates a leaf twice.
//!
//! Without leaf bounds, chance nodes are searched as alpha-beta does.
//!
//! Star2 is alpha-beta with its own [`ChancePolicy`]: everything but the
//! chance nodes is alpha-beta's.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::alphabeta::{self, ChancePolicy};
use super::chance::{ChanceSearch, ChildWindow, Side, too_precise};
use super::context::{Context, Halt};
use super::fold::NodeFold;
use super::window::{WindowBound, cut_bound, tighten, window_of};
use crate::trace::Recorder;
use crate::tree::GameTree;
use crate::value::{CutKind, Kind, LeafBounds, Scored, StarMethod, Value};

/// Alpha-beta with Star2 probing at chance nodes.
pub(super) struct Star2;

impl Strategy for Star2 {
    const PRUNES: bool = true;
    const SUPPORTS: Support = Support {
        order: false,
        depth: true,
        iterative: false,
    };

    fn run<T, R>(cx: &mut Context<'_, T, R>, root: T::Node) -> Result<Scored, SearchError>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
        R: Recorder<T::Node>,
    {
        alphabeta::alphabeta::<Self, T, R>(cx, root)
    }
}

impl ChancePolicy for Star2 {
    /// Star2 with the search's leaf bounds; without them, alpha-beta's
    /// own policy (every child with the full window).
    fn chance<T: GameTree, R: Recorder<T::Node>>(
        cx: &mut Context<'_, T, R>,
        node: T::Node,
        ply: usize,
        parent: Option<T::Node>,
        window: (WindowBound<T::Node>, WindowBound<T::Node>),
    ) -> Result<Scored, Halt> {
        match cx.leaf_bounds() {
            Some(bounds) => chance(cx, node, ply, parent, window, bounds),
            None => alphabeta::star1::<Self, T, R>(cx, node, ply, parent, window),
        }
    }
}

/// A probed child: its first child and that child's score (exact, or the
/// bound the probe found).
type Probe<N> = Option<(N, Scored)>;

/// Star2 at the chance node `node` (entered, with children, at `ply`) with
/// the window `[alpha, beta]` in MAX's terms and the leaf `bounds`.
fn chance<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    (alpha, beta): (WindowBound<T::Node>, WindowBound<T::Node>),
    bounds: LeafBounds,
) -> Result<Scored, Halt> {
    let split = cx.take_split();
    let at = (node, ply, parent);
    let mut search = ChanceSearch::new(cx, at, alpha, beta, Some(bounds));
    let outcome = probe_then_search(cx, &mut search, ply);
    cx.restore_split(split);
    outcome
}

/// The probing phase, then Star1 with what it learnt.
fn probe_then_search<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    search: &mut ChanceSearch<T::Node>,
    ply: usize,
) -> Result<Scored, Halt> {
    let mut probes: Vec<Probe<T::Node>> = vec![None; search.children.len()];
    for i in 0..search.children.len() {
        if let Some(score) = probe(cx, search, ply, i, &mut probes)? {
            return Ok(score);
        }
    }
    let node = search.node;
    search.run(cx, &mut |cx, i, child, a, b| match probes[i] {
        Some(probed) => resume(cx, child, ply + 1, node, (a, b), probed),
        None => alphabeta::search::<Star2, T, R>(cx, child, ply + 1, Some(node), a, b, None, None),
    })
}

/// Probes child `i`: searches its first child, and narrows what is known
/// of the child's value; the node's score when that shows it fails (a
/// cut that skips every child not probed and the other children of those
/// probed).
fn probe<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    search: &mut ChanceSearch<T::Node>,
    ply: usize,
    i: usize,
    probes: &mut [Probe<T::Node>],
) -> Result<Option<Scored>, Halt> {
    let tree = cx.tree;
    let (child, p) = (search.children[i], search.probabilities[i]);
    let kind = tree.kind(child);
    let probed = !kind.is_chance() && p > Value::ZERO && !cx.at_horizon(ply + 1);
    let Some(first) = tree.children(child).next().filter(|_| probed) else {
        return Ok(None);
    };
    let (alpha, beta) = search.window();
    let window =
        probe_window(search, i, alpha, beta).ok_or_else(|| too_precise(tree, search.node))?;
    let (lo, hi) = (window.lo, window.hi);
    // Only the side the probe bounds can fail: high below MAX, low below MIN.
    let (mut a, mut b) = window.alpha_beta(search.node);
    match kind {
        Kind::Max => a = WindowBound::new(lo, search.node),
        _ => b = WindowBound::new(hi, search.node),
    }
    search.probed[i] = true;
    cx.probe(child, search.node);
    let score =
        alphabeta::search::<Star2, T, R>(cx, first, ply + 2, Some(child), a, b, None, None)?;
    let side = window.cut(score, cx.options.strict);
    let fails = matches!(
        (kind, side),
        (Kind::Max, Some(Side::High)) | (Kind::Min, Some(Side::Low))
    );
    if fails {
        let side = side.expect("a side");
        let value = window
            .node_bound(side, score.value)
            .ok_or_else(|| too_precise(tree, search.node))?;
        let cut = search.cut(cx, side, value, (i + 1, 0), StarMethod::Star2);
        return Ok(Some(cut));
    }
    // The probe's score is kept, exact or not, so that the child's search
    // resumes after its first child and no node is searched twice.
    let kept = match window.exact(score) {
        Some(value) => {
            let known = search.known.as_mut().expect("Star2 has leaf bounds");
            match kind {
                Kind::Max => known[i].0 = value.max(lo),
                _ => known[i].1 = value.min(hi),
            }
            Scored::exact(value)
        }
        None => score,
    };
    probes[i] = Some((first, kept));
    Ok(None)
}

/// What Star1 knows when it probes child `i` before any child is
/// searched: the weighted sum is 0 and every other child adds what is
/// known of it; `None` when a bound does not fit a value.
fn probe_window<N: Copy + Eq + std::fmt::Debug>(
    search: &ChanceSearch<N>,
    i: usize,
    alpha: Value,
    beta: Value,
) -> Option<ChildWindow> {
    let known = search.known.as_deref()?;
    let (lo, hi) = known[i];
    let p = search.probabilities[i];
    let others = |low: bool| {
        let own = p.checked_mul(if low { lo } else { hi })?;
        search.rest(0, low)?.checked_sub(own)
    };
    ChildWindow {
        lo,
        hi,
        sum: Value::ZERO,
        p,
        rest_low: others(true)?,
        rest_high: others(false)?,
        low: Value::ZERO,
        high: Value::ZERO,
    }
    .with_thresholds(alpha, beta)
}

/// Alpha-beta at the probed MAX or MIN `node` (at `ply`, below the chance
/// node `parent`) with the window `[alpha, beta]`, its first child already
/// valued by the probe: that child counts as searched, and the search goes
/// on with the others.
fn resume<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: T::Node,
    (mut alpha, mut beta): (WindowBound<T::Node>, WindowBound<T::Node>),
    (first, probed): (T::Node, Scored),
) -> Result<Scored, Halt> {
    let tree = cx.tree;
    let window = window_of(&alpha, &beta);
    cx.enter(node, ply, Some(window));
    let kind = tree.kind(node);
    let mut fold = NodeFold::new(kind);
    fold.add(probed);
    cx.best_child_with(ply, first, &[]);
    let mut rest = tree.children(node).skip(1).peekable();
    if rest.peek().is_some() {
        cx.provisional(node, fold.value());
    }
    let mut cut = false;
    while let Some(child) = rest.next() {
        let v = fold.value();
        let bound = cut_bound(kind, alpha, beta);
        if cx.reaches(kind, v, bound.value) {
            let skipped = std::iter::once(child).chain(rest.by_ref());
            cx.cut(
                (node, ply, Some(parent)),
                CutKind::at(kind),
                v,
                bound,
                skipped,
            );
            cut = true;
            break;
        }
        tighten(kind, v, node, &mut alpha, &mut beta);
        let score = alphabeta::search::<Star2, T, R>(
            cx,
            child,
            ply + 1,
            Some(node),
            alpha,
            beta,
            None,
            None,
        )?;
        if fold.add(score) {
            cx.best_child(ply, child);
            if rest.peek().is_some() {
                cx.provisional(node, fold.value());
            }
        }
    }
    Ok(alphabeta::finish(cx, node, &fold, cut, window))
}
