//! Parallel alpha-beta on rayon: Young Brothers Wait (Feldmann, Mysliwietz
//! and Monien).
//!
//! At a node within the split depth of the root, the eldest child is
//! searched alone. If it does not cut, the younger brothers are searched in
//! parallel with rayon's work stealing: each starts from the best bound
//! found so far by any of them (shared through an atomic), and as soon as
//! one of them cuts, a flag stops the others at their next node. Below the
//! split depth, subtrees go to sequential alpha-beta, the same function
//! `alphabeta` runs.
//!
//! The root value is the same as sequential alpha-beta's whatever the
//! number of threads; the nodes visited, the cut nodes' bounds and the
//! chosen move among equal ones may differ from run to run.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::alphabeta::{self, Entered, cut_bound, enter, finish, full_window, settle, tighten};
use super::context::{Context, Edge, Halt, NodeFold};
use super::split::Split;
use super::{SearchError, Stats};
use crate::trace::{NoRecorder, Recorder};
use crate::tree::GameTree;
use crate::value::{Bound, CutKind, Kind, Scored, Value};

/// Split depth when none is given: nodes within 4 plies of the root split.
pub const DEFAULT_SPLIT_DEPTH: usize = 4;

/// Parallel alpha-beta from `root` on the current rayon pool.
///
/// A recorder that keeps events is only given on one thread (the caller
/// refuses it on more, since every run would take a different path): there
/// Young Brothers Wait is sequential alpha-beta, which records its trace.
pub(super) fn parallel<T, R>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
) -> Result<Scored, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: Recorder<T::Node>,
{
    if R::RECORDS {
        return alphabeta::alphabeta(cx, root);
    }
    let (alpha, beta) = full_window();
    settle(split(cx, root, 0, None, alpha, beta))
}

/// Searches `node`: Young Brothers Wait within the split depth, sequential
/// alpha-beta below it.
fn split<T, R>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    mut alpha: Edge<T::Node>,
    mut beta: Edge<T::Node>,
) -> Result<Scored, Halt>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: Recorder<T::Node>,
{
    let split_depth = cx.options.split_depth.unwrap_or(DEFAULT_SPLIT_DEPTH);
    if ply >= split_depth {
        return alphabeta::search(cx, node, ply, parent, alpha, beta, None, None);
    }
    let (window, entered) = enter(cx, node, ply, (&mut alpha, &mut beta), None)?;
    let (kind, mut children) = match entered {
        Entered::Valued(score) => return Ok(score),
        Entered::Interior(kind, children) => (kind, children),
    };
    let mut fold = NodeFold::new(kind);
    let (_, eldest) = children.next().expect("an interior node has a child");
    let score = split(cx, eldest, ply + 1, Some(node), alpha, beta)?;
    let mut best = Best::new(kind, score);
    fold.add(score);
    cx.best_child(ply, eldest);
    if children.peek().is_none() {
        return Ok(finish(cx, node, &fold, false, window));
    }
    let v = fold.value();
    cx.provisional(node, v);
    let bound = cut_bound(kind, alpha, beta);
    if cx.reaches(kind, v, bound.value) {
        let rest = children.by_ref().map(|(_, c)| c);
        cx.cut(node, parent, CutKind::at(kind), v, bound, rest);
        return Ok(finish(cx, node, &fold, true, window));
    }
    tighten(kind, v, node, &mut alpha, &mut beta);
    let younger: Vec<T::Node> = children.map(|(_, c)| c).collect();
    let outcomes = brothers(cx, node, ply, kind, alpha, beta, &younger);
    for outcome in &outcomes {
        cx.absorb(&outcome.stats);
    }
    if cx.cancelled() {
        return Err(Halt::Cancelled);
    }
    let mut skipped = false;
    let mut cut = false;
    for (i, outcome) in outcomes.iter().enumerate() {
        let score = match &outcome.result {
            Ok(score) => *score,
            Err(Halt::Cancelled) => {
                skipped = true;
                continue;
            }
            Err(Halt::Failed(error)) => return Err(Halt::Failed(error.clone())),
        };
        let improved = fold.add(score);
        if best.offer(kind, score, improved, fold.value()) {
            cx.best_child_with(ply, younger[i], &outcome.line);
        }
        let v = fold.value();
        if cx.reaches(kind, v, bound.value) {
            let rest = &younger[i + 1..];
            if !rest.is_empty() {
                cx.cut(
                    node,
                    parent,
                    CutKind::at(kind),
                    v,
                    bound,
                    rest.iter().copied(),
                );
                cut = true;
            }
            break;
        }
    }
    Ok(finish(cx, node, &fold, cut || skipped, window))
}

/// What searching one younger brother gave.
struct Outcome<N> {
    result: Result<Scored, Halt>,
    stats: Stats,
    line: Vec<N>,
}

/// Searches the younger brothers of a `kind` node in parallel, in the
/// window `[alpha, beta]` narrowed by whatever bound any of them has
/// already found; stops them all when one cuts. Outcomes in child order.
#[allow(clippy::too_many_arguments)]
fn brothers<T, R>(
    cx: &Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    kind: Kind,
    alpha: Edge<T::Node>,
    beta: Edge<T::Node>,
    younger: &[T::Node],
) -> Vec<Outcome<T::Node>>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: Recorder<T::Node>,
{
    let (own, against) = match kind {
        Kind::Max => (alpha.value, beta.value),
        Kind::Min => (beta.value, alpha.value),
    };
    let split = Split::new(node, kind, own, cx.split());
    let tree = cx.tree;
    let algorithm = cx.algorithm;
    let options = cx.options;
    let search_brother = |child: T::Node| {
        if split.stopped() {
            return Outcome {
                result: Err(Halt::Cancelled),
                stats: Stats::default(),
                line: Vec::new(),
            };
        }
        let mut recorder = NoRecorder;
        let mut bx = Context::forked(tree, algorithm, options, &mut recorder, &split);
        // The child's search narrows the window by the split's bound.
        let result = self::split(&mut bx, child, ply + 1, Some(node), alpha, beta);
        match &result {
            Ok(score) => {
                split.improve(score.value);
                if bx.reaches(kind, score.value, against) {
                    split.stop();
                }
            }
            Err(Halt::Failed(_)) => split.stop(),
            Err(Halt::Cancelled) => {}
        }
        Outcome {
            result,
            stats: bx.stats(),
            line: bx.take_line(ply + 1),
        }
    };
    in_order(younger, search_brother)
}

/// Runs `work` on every item on the current pool, and returns the outputs
/// in item order. The items are started in order: each worker takes the
/// next one not yet taken, so that the brothers most likely to matter
/// (the eldest ones) are searched first, where splitting the list in
/// halves would start one thread in the middle of it.
fn in_order<N, O, F>(items: &[N], work: F) -> Vec<O>
where
    N: Copy + Sync,
    O: Send,
    F: Fn(N) -> O + Sync,
{
    let next = AtomicUsize::new(0);
    let workers = rayon::current_num_threads().min(items.len());
    let mut done: Vec<(usize, O)> = (0..workers)
        .into_par_iter()
        .flat_map_iter(|_| {
            let mut mine = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&item) = items.get(i) else {
                    return mine;
                };
                mine.push((i, work(item)));
            }
        })
        .collect();
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, output)| output).collect()
}

/// The best child so far of a node whose children finish in any order: the
/// first, in child order, that holds the best value with a score that is
/// certain of it. A brother searched with a bound raised by a later brother
/// can return that same value as a mere upper bound, and must not be
/// taken for the best move.
struct Best {
    certain: bool,
}

impl Best {
    fn new(kind: Kind, eldest: Scored) -> Best {
        Best {
            certain: certain(kind, eldest),
        }
    }

    /// Offers a child's score, after it joined the fold (which it
    /// `improved` or not) whose value is now `value`; whether it becomes
    /// the best child: when it improved the value, or when it ties with an
    /// uncertain best and is certain.
    fn offer(&mut self, kind: Kind, score: Scored, improved: bool, value: Value) -> bool {
        let sure = certain(kind, score);
        let upgrade = score.value == value && !self.certain && sure;
        if improved || upgrade {
            self.certain = sure;
        }
        improved || upgrade
    }
}

/// Whether `score` at a child of a `kind` node is known to reach its value
/// from the node's side: exact, or a bound that the true value is beyond.
fn certain(kind: Kind, score: Scored) -> bool {
    let side = match kind {
        Kind::Max => score.bound,
        Kind::Min => score.negate().bound,
    };
    matches!(side, Bound::Exact | Bound::Lower)
}
