//! Alpha-beta in the min/max form: MAX nodes raise alpha and cut at beta,
//! MIN nodes lower beta and cut at alpha.
//!
//! The same function serves plain alpha-beta, alpha-beta with ordered
//! children or a depth limit, each iteration of iterative deepening, and
//! the subtrees the parallel search hands out below its split depth.
//!
//! How it searches a chance node is a [`ChancePolicy`], a type parameter:
//! [`Star1`] for alpha-beta itself, Star2's probing for
//! [`Star2`](super::star2::Star2), which is alpha-beta with its own policy.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::aspiration::aspirate;
use super::chance;
use super::context::{Context, Halt};
use super::fold::NodeFold;
use super::ordering::{Children, Memo, Order, order_children};
use super::window::{WindowBound, clamp, cut_bound, full_window, tighten, window_of};
use crate::trace::{Recorder, Window};
use crate::tree::GameTree;
use crate::value::{CutKind, Kind, Scored, Value};

/// Alpha-beta in the min/max form, with ordering, a depth limit and
/// iterative deepening.
pub(super) struct AlphaBeta;

impl Strategy for AlphaBeta {
    const PRUNES: bool = true;
    const SUPPORTS: Support = Support {
        order: true,
        depth: true,
        iterative: true,
    };
    const WINDOW: bool = true;

    fn run<T, R>(cx: &mut Context<'_, T, R>, root: T::Node) -> Result<Scored, SearchError>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
        R: Recorder<T::Node>,
    {
        match (cx.options.iterative, cx.options.window) {
            (true, _) => iterative(cx, root),
            (false, Some(window)) => aspirate(cx, root, window, |cx, (alpha, beta)| {
                settle(search::<Star1, T, R>(
                    cx, root, 0, None, alpha, beta, None, None,
                ))
            }),
            (false, None) => alphabeta::<Star1, T, R>(cx, root),
        }
    }
}

/// How alpha-beta searches a chance node. An algorithm that extends
/// alpha-beta at chance nodes (Star2) implements it and runs
/// [`alphabeta`] with itself as the policy; being a type parameter, the
/// choice costs the search nothing.
pub(super) trait ChancePolicy {
    /// Searches the chance node `node` (entered at `ply`, with children,
    /// below `parent`) with the window `[alpha, beta]` in MAX's terms,
    /// searching its MAX and MIN children by alpha-beta under this same
    /// policy; reports every step, as [`chance::star1`] does.
    fn chance<T: GameTree, R: Recorder<T::Node>>(
        cx: &mut Context<'_, T, R>,
        node: T::Node,
        ply: usize,
        parent: Option<T::Node>,
        window: (WindowBound<T::Node>, WindowBound<T::Node>),
    ) -> Result<Scored, Halt>;
}

/// Alpha-beta's own chance-node policy: Star1 with the search's leaf
/// bounds, every child with the full window without them.
pub(super) struct Star1;

impl ChancePolicy for Star1 {
    fn chance<T: GameTree, R: Recorder<T::Node>>(
        cx: &mut Context<'_, T, R>,
        node: T::Node,
        ply: usize,
        parent: Option<T::Node>,
        window: (WindowBound<T::Node>, WindowBound<T::Node>),
    ) -> Result<Scored, Halt> {
        star1::<Self, T, R>(cx, node, ply, parent, window)
    }
}

/// Star1 at the chance node `node` (see [`ChancePolicy::chance`]), its
/// children searched by alpha-beta under the policy `P`.
pub(super) fn star1<P: ChancePolicy, T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    (alpha, beta): (WindowBound<T::Node>, WindowBound<T::Node>),
) -> Result<Scored, Halt> {
    chance::star1(cx, (node, ply, parent), alpha, beta, |cx, child, a, b| {
        search::<P, T, R>(cx, child, ply + 1, Some(node), a, b, None, None)
    })
}

/// Alpha-beta from `root` with the full window, chance nodes searched as
/// `P` says.
pub(super) fn alphabeta<P: ChancePolicy, T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
) -> Result<Scored, SearchError> {
    let (alpha, beta) = full_window();
    settle(search::<P, T, R>(
        cx, root, 0, None, alpha, beta, None, None,
    ))
}

/// The outcome of a search from the root, which nothing can cancel.
pub(super) fn settle(outcome: Result<Scored, Halt>) -> Result<Scored, SearchError> {
    match outcome {
        Ok(score) => Ok(score),
        Err(Halt::Failed(error)) => Err(*error),
        Err(Halt::Cancelled) => unreachable!("only a parallel search's subtrees are cancelled"),
    }
}

/// A node just entered: its value when it is a leaf or lies at the depth
/// limit, otherwise its player and its children in search order.
pub(super) enum Entered<I: Iterator<Item = N>, N> {
    /// A leaf, or a node at the depth limit.
    Valued(Scored),
    /// An interior node to search.
    Interior(Kind, Children<I, N>),
}

/// A node entered: the window it was entered with, and what was found.
pub(super) type Opened<'t, T> = (
    Window,
    Entered<<T as GameTree>::Children<'t>, <T as GameTree>::Node>,
);

/// Enters `node` with the window `[alpha, beta]` (MAX's terms), as
/// [`leaf_with_value`], [`arrive`] and [`open`] do, and returns what was
/// found.
#[inline]
pub(super) fn enter<'t, T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'t, T, R>,
    node: T::Node,
    ply: usize,
    (alpha, beta): (&mut WindowBound<T::Node>, &mut WindowBound<T::Node>),
    memo: Option<&Memo>,
) -> Result<Opened<'t, T>, Halt> {
    if let Some(score) = leaf_with_value(cx, node, ply, alpha, beta) {
        return Ok((window_of(alpha, beta), Entered::Valued(score)));
    }
    let window = arrive(cx, node, ply, alpha, beta)?;
    let kind = cx.tree.kind(node);
    let mut children = Children::new(cx.tree.children(node));
    if let Some(score) = open(cx, node, ply, kind, &mut children, memo)? {
        return Ok((window, Entered::Valued(score)));
    }
    Ok((window, Entered::Interior(kind, children)))
}

/// Enters and values `node` with the window `[alpha, beta]` (MAX's terms)
/// when it is a leaf with a value; `None` otherwise. A leaf with a value is
/// known without generating its (no) children, which costs something for
/// trees that exist only as a function.
#[inline(always)]
fn leaf_with_value<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    alpha: &WindowBound<T::Node>,
    beta: &WindowBound<T::Node>,
) -> Option<Scored> {
    let value = cx.tree.value(node)?;
    cx.clear_line(ply);
    Some(leaf(cx, node, window_of(alpha, beta), value))
}

/// Enters `node`, which has no value, with the window `[alpha, beta]`
/// (MAX's terms), first narrowed by the bounds a parallel search shares:
/// counts and reports it, and stops if a cut above cancelled its search
/// (a leaf needs neither, since its value does not depend on its window).
/// Returns the window.
#[inline(always)]
fn arrive<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    alpha: &mut WindowBound<T::Node>,
    beta: &mut WindowBound<T::Node>,
) -> Result<Window, Halt> {
    let cancelled = cx.narrow_or_cancelled(ply, alpha, beta);
    let window = window_of(alpha, beta);
    cx.enter(node, ply, Some(window));
    if cancelled {
        return Err(Halt::Cancelled);
    }
    Ok(window)
}

/// Opens an entered `kind` node that has no value, whose `children` are as
/// the tree gives them: puts them in search order, or values the node when
/// it has none (an unknown leaf, an error) or lies at the depth limit.
#[inline(always)]
fn open<'t, T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'t, T, R>,
    node: T::Node,
    ply: usize,
    kind: Kind,
    children: &mut Children<T::Children<'t>, T::Node>,
    memo: Option<&Memo>,
) -> Result<Option<Scored>, Halt> {
    if children.is_done() {
        return Ok(Some(Scored::exact(cx.leaf(node)?)));
    }
    if cx.at_horizon(ply) {
        return Ok(Some(Scored::exact(cx.horizon(node, ply)?)));
    }
    if !kind.is_chance() {
        order_children(cx, children, kind, memo);
    }
    Ok(None)
}

/// Enters the leaf `node`, whose value is `value`, with `window`: counts
/// and reports it. Its line of play is left as it is.
#[inline(always)]
fn leaf<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    window: Window,
    value: Value,
) -> Scored {
    Scored::exact(cx.visit_leaf(node, Some(window), value))
}

/// Finishes a node: its score from the fold, clamped to `window` under
/// fail-hard, reported as final.
pub(super) fn finish<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    fold: &NodeFold,
    cut: bool,
    window: Window,
) -> Scored {
    let mut score = fold.finish(cut);
    if cx.options.fail_hard {
        score = clamp(score, window.alpha, window.beta);
    }
    cx.finish(node, score);
    score
}

/// Alpha-beta below `node`, chance nodes searched as `P` says. `prev`
/// holds the previous iteration's values below it (iterative deepening),
/// and `next`, when given, receives this search's.
#[expect(clippy::too_many_arguments)]
pub(super) fn search<P: ChancePolicy, T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    alpha: WindowBound<T::Node>,
    beta: WindowBound<T::Node>,
    prev: Option<&Memo>,
    next: Option<&mut Memo>,
) -> Result<Scored, Halt> {
    if let Some(score) = leaf_with_value(cx, node, ply, &alpha, &beta) {
        return Ok(score);
    }
    // Without iterative deepening's values the loop never looks for them;
    // searched in the tree's order, it keeps no child's place (a test at
    // every child cost 4% of alpha-beta's speed: docs/performance.md).
    let tree = cx.tree;
    let memo = prev.is_some() || next.is_some();
    let reordered = cx.options.order != Order::None || prev.is_some();
    macro_rules! valueless {
        ($memo:literal, $reordered:literal, $prev:expr, $next:expr) => {
            search_valueless::<P, T, R, $memo, $reordered>(
                cx, tree, node, ply, parent, alpha, beta, $prev, $next,
            )
        };
    }
    match (memo, reordered) {
        (true, true) => valueless!(true, true, prev, next),
        (true, false) => valueless!(true, false, prev, next),
        (false, true) => valueless!(false, true, None, None),
        (false, false) => valueless!(false, false, None, None),
    }
}

/// [`search`] below a node that has no value: an interior node, or a leaf
/// whose value is unknown.
///
/// `tree` is `cx.tree`, passed on its own: as a shared reference argument
/// it is known not to change during the call, so what the loop reads of
/// it is read once, not reloaded at every child (which also made the speed
/// depend on where the tree and the stack happened to lie in memory).
///
/// `MEMO` says whether iterative deepening's values are read or kept
/// below this node (`prev` or `next` given); when it is false they are
/// none, nor below, and the loop is compiled without them. `REORDERED`
/// says whether the search may take children in another order than the
/// tree's (static ordering, or iterative deepening's), so that the loop
/// keeps each child's place for ties ([`NodeFold::add_at`]).
#[expect(clippy::too_many_arguments)]
fn search_valueless<
    't,
    P: ChancePolicy,
    T: GameTree,
    R: Recorder<T::Node>,
    const MEMO: bool,
    const REORDERED: bool,
>(
    cx: &mut Context<'t, T, R>,
    tree: &'t T,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    mut alpha: WindowBound<T::Node>,
    mut beta: WindowBound<T::Node>,
    prev: Option<&Memo>,
    next: Option<&mut Memo>,
) -> Result<Scored, Halt> {
    let window = arrive(cx, node, ply, &mut alpha, &mut beta)?;
    let kind = tree.kind(node);
    let mut children = Children::new(tree.children(node));
    let prev = if MEMO { prev } else { None };
    if let Some(score) = open(cx, node, ply, kind, &mut children, prev)? {
        return Ok(score);
    }
    if kind.is_chance() {
        return P::chance(cx, node, ply, parent, (alpha, beta));
    }
    let mut at = Interior {
        prev,
        next,
        ..Interior::new((node, ply, parent), window, (alpha, beta))
    };
    search_children_of::<P, T, R, MEMO, REORDERED>(cx, tree, kind, &mut at, &mut children, None)
}

/// Searches the children left of the MAX or MIN node `node` (`ply` plies
/// below the root, below `parent`, entered with `window`) one after
/// another, from its window `[alpha, beta]` now and its value so far
/// `fold`, and finishes it: the loop of sequential alpha-beta taken up
/// after its first children were searched another way (a parallel
/// search's split node whose eldest brother's subtree was too small to
/// share).
pub(super) fn search_rest<'t, T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'t, T, R>,
    (node, ply, parent, kind): (T::Node, usize, Option<T::Node>, Kind),
    (window, alpha, beta): (Window, WindowBound<T::Node>, WindowBound<T::Node>),
    children: &mut Children<T::Children<'t>, T::Node>,
    fold: NodeFold,
) -> Result<Scored, Halt> {
    let tree = cx.tree;
    let mut at = Interior::new((node, ply, parent), window, (alpha, beta));
    let (at, folded) = (&mut at, Some(fold));
    match children.reordered() {
        true => {
            search_children_of::<Star1, T, R, false, true>(cx, tree, kind, at, children, folded)
        }
        false => {
            search_children_of::<Star1, T, R, false, false>(cx, tree, kind, at, children, folded)
        }
    }
}

/// [`search_children`] for the `kind` node `at`. One loop for each
/// player, so that every choice the player makes (which bound cuts, which
/// tightens, which value is better) is settled when the loop is compiled
/// rather than at every child.
#[inline(always)]
fn search_children_of<'t, P, T, R, const MEMO: bool, const REORDERED: bool>(
    cx: &mut Context<'t, T, R>,
    tree: &'t T,
    kind: Kind,
    at: &mut Interior<'_, T::Node>,
    children: &mut Children<T::Children<'t>, T::Node>,
    folded: Option<NodeFold>,
) -> Result<Scored, Halt>
where
    P: ChancePolicy,
    T: GameTree,
    R: Recorder<T::Node>,
{
    match kind {
        Kind::Max => {
            search_children::<P, T, R, MEMO, true, REORDERED>(cx, tree, at, children, folded)
        }
        _ => search_children::<P, T, R, MEMO, false, REORDERED>(cx, tree, at, children, folded),
    }
}

/// The loop of [`search_valueless`] over the children of the MAX node
/// `at` (when `MAX`) or MIN node, in search order; with `folded`, the
/// node's value over the children already searched, which were tested
/// for a cut.
///
/// Leaves, most of the nodes, are valued and counted here rather than by
/// a call (every helper is inlined); a leaf that is the best child so far
/// is written into the line of play only once the node is done.
///
/// The node's value and its window change only when a child improves the
/// value, or, in a parallel search, when a split node above has found a
/// bound that the value reaches while a child was searched (looked at
/// after each child that is not a leaf): otherwise the cut test is left
/// as the last child left it, so it is taken again only after such a
/// change, and after the first child, whose value may not improve on the
/// player's worst (an infinity) yet reach a bound at that infinity.
#[inline(always)]
fn search_children<
    't,
    P: ChancePolicy,
    T: GameTree,
    R: Recorder<T::Node>,
    const MEMO: bool,
    const MAX: bool,
    const REORDERED: bool,
>(
    cx: &mut Context<'t, T, R>,
    tree: &'t T,
    at: &mut Interior<'_, T::Node>,
    children: &mut Children<T::Children<'t>, T::Node>,
    folded: Option<NodeFold>,
) -> Result<Scored, Halt> {
    let kind = if MAX { Kind::Max } else { Kind::Min };
    let mut first = folded.is_none();
    let mut fold = folded.unwrap_or_else(|| NodeFold::new(kind));
    let mut cut = false;
    let mut leaves = 0;
    let mut best_leaf = None;
    while let Some((index, child)) = children.next() {
        let leaf_value = tree.value(child);
        let mut from_above = false;
        let improved = match leaf_value {
            Some(value) => {
                leaves += 1;
                let score = at.leaf::<T, R, MEMO>(cx, index, child, value);
                fold.add_in::<REORDERED>(score, index)
            }
            None => match at.search_child::<P, T, R, MEMO, REORDERED>(cx, tree, index, child) {
                Ok(score) => {
                    let improved = fold.add_in::<REORDERED>(score, index);
                    if cx.split().is_some() {
                        let value = (fold.value(), fold.sure());
                        from_above =
                            cx.cut_from_above((at.ply, kind), value, (&mut at.alpha, &mut at.beta));
                    }
                    improved
                }
                Err(halt) => {
                    cx.count_leaves(leaves);
                    return Err(halt);
                }
            },
        };
        if improved {
            match leaf_value {
                Some(_) => best_leaf = Some(child),
                None => {
                    best_leaf = None;
                    cx.best_child(at.ply, child);
                }
            }
        } else if !first && !from_above {
            continue;
        }
        first = false;
        // A cut needs a child left to skip.
        if children.is_done() {
            break;
        }
        let v = fold.value();
        if improved {
            cx.provisional(at.node, v);
        }
        if at.cuts_or_tightens(cx, kind, (v, fold.sure()), children) {
            cut = true;
            break;
        }
    }
    cx.count_leaves(leaves);
    if let Some(leaf) = best_leaf {
        cx.best_leaf(at.ply, leaf);
    }
    Ok(finish(cx, at.node, &fold, cut, at.window))
}

/// A MAX or MIN node that alpha-beta searches child by child: where it
/// is, its window, and the values of iterative deepening.
struct Interior<'m, N> {
    /// The node.
    node: N,
    /// How far below the root it lies.
    ply: usize,
    /// Its parent, which a cut's `deep` flag compares with the bound's
    /// source.
    parent: Option<N>,
    /// The window it was entered with.
    window: Window,
    /// Its window now, in MAX's terms.
    alpha: WindowBound<N>,
    beta: WindowBound<N>,
    /// The previous iteration's values below it.
    prev: Option<&'m Memo>,
    /// Receives this search's values below it, when given.
    next: Option<&'m mut Memo>,
}

impl<N: Copy> Interior<'_, N> {
    /// The node `node`, `ply` plies below the root, below `parent`,
    /// entered with `window`, its window now `[alpha, beta]`, without
    /// iterative deepening's values.
    #[inline(always)]
    fn new(
        (node, ply, parent): (N, usize, Option<N>),
        window: Window,
        (alpha, beta): (WindowBound<N>, WindowBound<N>),
    ) -> Self {
        Interior {
            node,
            ply,
            parent,
            window,
            alpha,
            beta,
            prev: None,
            next: None,
        }
    }

    /// The leaf `child`, child `index`, whose value is `value`: reports it
    /// with the window now (the loop counts it, see
    /// [`Context::report_leaf`]), keeps its value for the next iteration,
    /// and returns its score.
    #[inline(always)]
    fn leaf<T, R, const MEMO: bool>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        index: usize,
        child: N,
        value: Value,
    ) -> Scored
    where
        T: GameTree<Node = N>,
        R: Recorder<N>,
    {
        cx.report_leaf(child, Some(window_of(&self.alpha, &self.beta)), value);
        if let Some(next) = self.next.as_deref_mut().filter(|_| MEMO) {
            next.push(index, value, Memo::default());
        }
        Scored::exact(value)
    }

    /// Searches `child`, child `index`, which has no value, with the
    /// window now, and keeps its value for the next iteration.
    #[inline(always)]
    fn search_child<'t, P, T, R, const MEMO: bool, const REORDERED: bool>(
        &mut self,
        cx: &mut Context<'t, T, R>,
        tree: &'t T,
        index: usize,
        child: N,
    ) -> Result<Scored, Halt>
    where
        P: ChancePolicy,
        T: GameTree<Node = N>,
        R: Recorder<N>,
    {
        let (ply, parent) = (self.ply + 1, Some(self.node));
        let (alpha, beta) = (self.alpha, self.beta);
        if !MEMO {
            // No memo made at all: an empty one kept in memory across the
            // call was stored in part and read back whole after it, which
            // stalls the processor.
            return search_valueless::<P, T, R, false, REORDERED>(
                cx, tree, child, ply, parent, alpha, beta, None, None,
            );
        }
        let below = self.prev.and_then(|m| m.child(index));
        let mut memo = self.next.as_ref().map(|_| Memo::default());
        let score = search_valueless::<P, T, R, true, REORDERED>(
            cx,
            tree,
            child,
            ply,
            parent,
            alpha,
            beta,
            below,
            memo.as_mut(),
        )?;
        if let (Some(next), Some(memo)) = (self.next.as_deref_mut(), memo) {
            next.push(index, score.value, memo);
        }
        Ok(score)
    }

    /// After a child of this `kind` node, its value being now `v`, sure
    /// or not (see [`NodeFold::sure`]): see [`cuts_or_tightens`]. A value
    /// that may not cut ([`Context::may_cut`]) neither cuts nor tightens.
    #[inline(always)]
    fn cuts_or_tightens<T, R, I>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        kind: Kind,
        (v, sure): (Value, bool),
        children: &mut Children<I, N>,
    ) -> bool
    where
        T: GameTree<Node = N>,
        R: Recorder<N>,
        I: Iterator<Item = N>,
    {
        if !cx.may_cut(sure) {
            return false;
        }
        let at = (self.node, self.ply, self.parent, kind);
        cuts_or_tightens(cx, at, v, (&mut self.alpha, &mut self.beta), children)
    }
}

/// After a child of the `kind` node `node` (`ply` plies below the root,
/// below `parent`), whose value is now `v`: cuts, reporting the `children` left as skipped, when `v`
/// reaches the bound the node cuts against; otherwise tightens the window
/// `[alpha, beta]` with it. Whether it cut.
#[inline(always)]
pub(super) fn cuts_or_tightens<T, R, I>(
    cx: &mut Context<'_, T, R>,
    (node, ply, parent, kind): (T::Node, usize, Option<T::Node>, Kind),
    v: Value,
    (alpha, beta): (&mut WindowBound<T::Node>, &mut WindowBound<T::Node>),
    children: &mut Children<I, T::Node>,
) -> bool
where
    T: GameTree,
    R: Recorder<T::Node>,
    I: Iterator<Item = T::Node>,
{
    let bound = cut_bound(kind, *alpha, *beta);
    if cx.reaches(kind, v, bound.value) {
        let rest = children.by_ref().map(|(_, c)| c);
        cx.cut((node, ply, parent), CutKind::at(kind), v, bound, rest);
        return true;
    }
    tighten(kind, v, node, alpha, beta);
    false
}

/// Iterative deepening: alpha-beta to depth 1, 2, ... (up to the depth
/// limit if there is one, else until a search reaches no node at its
/// limit), each iteration ordering children by the previous one's values.
pub(super) fn iterative<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
) -> Result<Scored, SearchError> {
    let limit = cx.options.depth;
    let mut memo: Option<Memo> = None;
    let mut depth = limit.map_or(1, |limit| limit.min(1));
    loop {
        cx.options.depth = Some(depth);
        let horizon_before = cx.stats().horizon_nodes;
        let mut next = Memo::default();
        let (alpha, beta) = full_window();
        let outcome = search::<Star1, T, R>(
            cx,
            root,
            0,
            None,
            alpha,
            beta,
            memo.as_ref(),
            Some(&mut next),
        );
        let score = settle(outcome)?;
        cx.count_iteration();
        let exhausted = cx.stats().horizon_nodes == horizon_before;
        if exhausted || limit.is_some_and(|limit| depth >= limit) {
            cx.options.depth = limit;
            return Ok(score);
        }
        memo = Some(next);
        depth += 1;
    }
}
