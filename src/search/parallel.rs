//! Parallel alpha-beta on rayon: Young Brothers Wait (Feldmann, Mysliwietz
//! and Monien).
//!
//! At a node within the split depth of the root, the eldest child is
//! searched alone. If it does not cut, the younger brothers are searched in
//! parallel with rayon's work stealing: each starts from the best bound
//! found so far by any of them (shared through an atomic), and as soon as
//! one of them cuts, a flag stops the others at their next node. Below the
//! split depth, counted in split nodes above (see `split_limit`), subtrees
//! go to sequential alpha-beta, the same function `alphabeta` runs.
//!
//! The root value is the same as sequential alpha-beta's whatever the
//! number of threads; the nodes visited, the cut nodes' bounds and the
//! chosen move among equal ones may differ from run to run.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::alphabeta::{self, Entered, Star1, cuts_or_tightens, enter, finish, settle};
use super::brothers::Brothers;
use super::context::{Context, Halt};
use super::fold::{NodeFold, certain};
use super::ordering::Order;
use super::split::Split;
use super::window::{WindowBound, cut_bound, full_window};
use super::young_brothers::YoungBrothers;
use crate::trace::Recorder;
use crate::tree::GameTree;
use crate::value::{CutKind, Kind, Scored, Value};

/// Parallel alpha-beta: Young Brothers Wait on rayon.
pub(super) struct Parallel;

impl Strategy for Parallel {
    const PRUNES: bool = true;
    const SUPPORTS: Support = Support {
        order: true,
        depth: true,
        iterative: false,
    };

    fn run<T, R>(cx: &mut Context<'_, T, R>, root: T::Node) -> Result<Scored, SearchError>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
        R: Recorder<T::Node>,
    {
        parallel(cx, root)
    }
}

/// Split depth when none is given, on 2 to 7 threads: nodes under fewer
/// than 4 split nodes split (see docs/parallel.md). The simulation takes
/// it whatever the processors.
pub const DEFAULT_SPLIT_DEPTH: usize = 4;

/// The most threads a parallel search runs on (the command line's
/// `--threads` takes up to this many).
pub const MAX_THREADS: usize = u16::MAX as usize;

/// How younger brothers are searched when the options do not say, on
/// `threads` threads with the children in `order`: scout on two with the
/// children as the tree gives them, where it was measured to be faster
/// on unordered trees (fewer nodes, and the waiting it adds kept short by
/// the split second searches of `search/brothers.rs`); full on one
/// (sequential alpha-beta, which records a trace), on more than two,
/// where scout's one-at-a-time second searches leave threads idle, and on
/// two with the children ordered, where the eldest is mostly the best,
/// full brothers add almost no node, and scout's tests only add waiting
/// (see docs/parallel.md for the figures on 2 and 16 cores).
pub fn default_young_brothers(threads: usize, order: Order) -> YoungBrothers {
    match (threads, order) {
        (2, Order::None) => YoungBrothers::Scout,
        _ => YoungBrothers::Full,
    }
}

/// The fewest nodes the eldest brother's subtree must take for a split
/// node to share its younger brothers when none is given: below that they
/// are searched on the thread that searched the eldest, one after
/// another, since handing a brother to another thread costs more than a
/// small subtree (about 11,000 instructions a split node on one thread,
/// against some 150 a node; on 16 cores the bench's b=30 d=8 tree ran 2.2
/// times faster with 256 than with none: docs/parallel-measurements.md).
pub const DEFAULT_SPLIT_MIN_NODES: u64 = 256;

/// Split depth when none is given, from [`DEEP_SPLIT_THREADS`] threads on:
/// more threads need more split nodes to keep busy, most of all on ordered
/// trees, whose CUT nodes offer no brothers.
pub const DEEP_SPLIT_DEPTH: usize = 6;

/// The fewest threads that take [`DEEP_SPLIT_DEPTH`] by default.
pub const DEEP_SPLIT_THREADS: usize = 8;

/// The split depth when none is given, for `threads` threads searching
/// younger brothers as `young_brothers` says: with full brothers on one
/// thread none (Young Brothers Wait on one thread is sequential alpha-beta,
/// and without split nodes it pays nothing for their bookkeeping), from
/// [`DEEP_SPLIT_THREADS`] threads on [`DEEP_SPLIT_DEPTH`], else
/// [`DEFAULT_SPLIT_DEPTH`]. See docs/parallel.md for the measurements.
pub fn default_split_depth(threads: usize, young_brothers: YoungBrothers) -> usize {
    match (threads, young_brothers) {
        (0 | 1, YoungBrothers::Full) => 0,
        (t, _) if t >= DEEP_SPLIT_THREADS => DEEP_SPLIT_DEPTH,
        _ => DEFAULT_SPLIT_DEPTH,
    }
}

/// Parallel alpha-beta from `root` on the current rayon pool.
///
/// A recorder that keeps events is only given on one thread with full
/// brothers (the caller refuses it otherwise, since every run would take a
/// different path, and scout tests are not alpha-beta's steps): there Young
/// Brothers Wait is sequential alpha-beta, which records its trace.
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
        return alphabeta::alphabeta::<Star1, T, R>(cx, root);
    }
    let threads = rayon::current_num_threads();
    let (split_depth, given_brothers) = (cx.options.split_depth, cx.options.young_brothers);
    let young_brothers = cx.options.young_brothers_on(threads);
    cx.options.young_brothers = Some(young_brothers);
    cx.options.split_depth =
        Some(split_depth.unwrap_or_else(|| default_split_depth(threads, young_brothers)));
    let (alpha, beta) = full_window();
    #[cfg(feature = "worker-log")]
    super::worker_log::begin();
    let outcome = split(cx, root, 0, None, alpha, beta);
    #[cfg(feature = "worker-log")]
    super::worker_log::end();
    cx.options.split_depth = split_depth;
    cx.options.young_brothers = given_brothers;
    settle(outcome)
}

/// Searches `node`: Young Brothers Wait within the split depth (see
/// [`split_limit`]), sequential alpha-beta below it.
pub(super) fn split<T, R>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    mut alpha: WindowBound<T::Node>,
    mut beta: WindowBound<T::Node>,
) -> Result<Scored, Halt>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: Recorder<T::Node>,
{
    let split_depth = cx.options.split_depth.unwrap_or(DEFAULT_SPLIT_DEPTH);
    // Below a chance node the search is sequential (Star1 or the plain
    // mean): exact, and simple.
    if ply >= sequential_from(cx, split_depth) || cx.tree.kind(node).is_chance() {
        return below_split(cx, node, ply, parent, alpha, beta);
    }
    let (window, entered) = enter(cx, node, ply, (&mut alpha, &mut beta), None)?;
    let (kind, mut children) = match entered {
        Entered::Valued(score) => return Ok(score),
        Entered::Interior(kind, children) => (kind, children),
    };
    let mut fold = NodeFold::new(kind);
    let (_, eldest) = children.next().expect("an interior node has a child");
    let before = cx.stats().nodes_visited;
    let score = split(cx, eldest, ply + 1, Some(node), alpha, beta)?;
    let eldest_nodes = cx.stats().nodes_visited - before;
    fold.add(score);
    cx.best_child(ply, eldest);
    if children.peek().is_none() {
        return Ok(finish(cx, node, &fold, false, window));
    }
    let v = fold.value();
    cx.provisional(node, v);
    let at = (node, ply, parent, kind);
    if cx.may_cut(fold.sure())
        && cuts_or_tightens(cx, at, v, (&mut alpha, &mut beta), &mut children)
    {
        return Ok(finish(cx, node, &fold, true, window));
    }
    let split_min_nodes = cx
        .options
        .split_min_nodes
        .unwrap_or(DEFAULT_SPLIT_MIN_NODES);
    if eldest_nodes < split_min_nodes {
        let window_now = (window, alpha, beta);
        return logged_busy(|| alphabeta::search_rest(cx, at, window_now, &mut children, fold));
    }
    let younger: Vec<T::Node> = children.map(|(_, c)| c).collect();
    let brothers = Brothers {
        tree: cx.tree,
        algorithm: cx.algorithm,
        options: cx.options,
        search: split,
        split_depth,
        node,
        ply,
        kind,
        alpha,
        beta,
        sure: fold.sure_value(),
    };
    let best = Best::new(kind, score);
    let cut_short = search_brothers(cx, &brothers, &younger, parent, &mut fold, best)?;
    Ok(finish(cx, node, &fold, cut_short, window))
}

/// The fewest plies that the children of a splitting node must stand
/// above the deepest leaves, where a split depth counted in split nodes
/// would reach deeper (see [`split_limit`]).
pub(super) const SPLIT_MIN_HEIGHT: usize = 5;

/// The ply from which [`split`] leaves a node to sequential alpha-beta
/// (see [`split_limit`]).
fn sequential_from<T: GameTree, R: Recorder<T::Node>>(
    cx: &Context<'_, T, R>,
    split_depth: usize,
) -> usize {
    let splits_above = cx.split().map_or(0, Split::depth);
    split_limit(
        split_depth,
        splits_above,
        cx.tree.height(),
        cx.options.depth,
    )
}

/// The ply from which a node with `splits_above` split nodes above it
/// (those whose younger brothers it hangs under) is searched sequentially,
/// when the search's split depth is `split_depth`, in a tree `height` plies
/// tall (if known) searched to the depth limit `depth` (if any).
///
/// The split depth counts split nodes, not plies: a node splits while
/// fewer than `split_depth` split nodes lie above it, down to the nodes
/// whose children stand [`SPLIT_MIN_HEIGHT`] plies above the deepest
/// leaves or the limit. A ply taken through an eldest child, or through
/// a node whose eldest cut (a CUT node, which hands out nothing), adds no
/// split node, so it does not use the split depth up. The eldest line (the
/// root, its eldest child, that child's eldest, and so on), which every
/// other worker waits for, has none above it; in an ordered tree the CUT
/// nodes, every other ply, offer no brothers, and counted in plies they
/// left the workers waiting at the end of each node of the eldest line.
/// Where the height is unknown, or the tree is too short for it, the
/// split depth is the plies from the root, as it was. The rule is the
/// same for full and scout brothers.
pub(super) fn split_limit(
    split_depth: usize,
    splits_above: usize,
    height: Option<usize>,
    depth: Option<usize>,
) -> usize {
    let reach = height.map(|height| depth.map_or(height, |depth| depth.min(height)));
    match reach {
        Some(reach) if splits_above < split_depth => {
            split_depth.max(reach.saturating_sub(SPLIT_MIN_HEIGHT))
        }
        _ => split_depth,
    }
}

/// Searches the `younger` brothers in parallel, then folds their values
/// into the split node's `fold` in child order (`best` tracking its best
/// child), cutting as sequential alpha-beta would when one reaches the
/// bound. Whether the node's search was cut short: by a cut, or by a
/// brother whose search a cut cancelled.
fn search_brothers<T, R>(
    cx: &mut Context<'_, T, R>,
    brothers: &Brothers<'_, T>,
    younger: &[T::Node],
    parent: Option<T::Node>,
    fold: &mut NodeFold,
    mut best: Best,
) -> Result<bool, Halt>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: Recorder<T::Node>,
{
    let outcomes = brothers.search(younger, cx.split());
    for outcome in &outcomes {
        cx.absorb(&outcome.stats);
    }
    if cx.cancelled() {
        return Err(Halt::Cancelled);
    }
    let (node, ply, kind) = (brothers.node, brothers.ply, brothers.kind);
    let bound = cut_bound(kind, brothers.alpha, brothers.beta);
    let mut skipped = false;
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
        if cx.may_cut(fold.sure()) && cx.reaches(kind, v, bound.value) {
            let rest = younger[i + 1..].iter().copied();
            if rest.len() == 0 {
                break;
            }
            cx.cut((node, ply, parent), CutKind::at(kind), v, bound, rest);
            return Ok(true);
        }
    }
    Ok(skipped)
}

/// Searches `node`, below the split depth, by sequential alpha-beta.
#[inline]
fn below_split<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    alpha: WindowBound<T::Node>,
    beta: WindowBound<T::Node>,
) -> Result<Scored, Halt> {
    logged_busy(|| alphabeta::search::<Star1, T, R>(cx, node, ply, parent, alpha, beta, None, None))
}

/// Runs `search`, one sequential search, which the worker log (when built)
/// counts as the worker's busy time.
#[inline(always)]
fn logged_busy(search: impl FnOnce() -> Result<Scored, Halt>) -> Result<Scored, Halt> {
    #[cfg(feature = "worker-log")]
    let busy = super::worker_log::Busy::start();
    let outcome = search();
    #[cfg(feature = "worker-log")]
    busy.finish(matches!(outcome, Err(Halt::Cancelled)));
    outcome
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_splits_down_to_five_plies_above_the_leaves_or_the_limit() {
        assert_eq!(split_limit(4, 0, Some(15), None), 10);
        assert_eq!(split_limit(4, 3, Some(15), None), 10);
        assert_eq!(split_limit(1, 0, Some(12), Some(11)), 6);
        // No deeper than the split depth on a tree too short for it.
        assert_eq!(split_limit(4, 0, Some(9), None), 4);
        assert_eq!(split_limit(4, 2, Some(15), Some(8)), 4);
        assert_eq!(split_limit(6, 0, Some(3), None), 6);
        // Nothing splits where nothing did, nor without a known height.
        assert_eq!(split_limit(0, 0, Some(15), None), 0);
        assert_eq!(split_limit(4, 0, None, Some(12)), 4);
    }

    #[test]
    fn the_split_depth_counts_split_nodes_above() {
        // As many split nodes above as the split depth: the plies from
        // the root again, which such a node has already gone past.
        assert_eq!(split_limit(4, 4, Some(15), None), 4);
        assert_eq!(split_limit(4, 5, Some(15), None), 4);
        assert_eq!(split_limit(6, 5, Some(16), None), 11);
        assert_eq!(split_limit(6, 6, Some(16), None), 6);
    }
}
