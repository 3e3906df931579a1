//! Principal Variation Search in Reinefeld's NegaScout form (1983), in the
//! negamax form and fail-soft: a node searches its first child with its
//! window `[alpha, beta]`, and each younger child first with a null
//! window `[a, a+ε]` (in its own terms), `a` the best it is sure of so far
//! (its alpha, raised by its children): the test only asks whether the
//! child does better than `a`. A test that fails low (the child is worth
//! at most `a`) is all the child needs. A test that fails high inside the
//! window (the child is worth more than `a`, but less than `beta`) is
//! followed by a second search of the child with the window `[t, beta]`,
//! `t` the test's lower bound: the re-search. A test that fails high at or
//! beyond `beta` cuts, as alpha-beta would.
//!
//! The null window needs no epsilon of the values' own: `a+ε` is
//! [`Value::above`], which lies above `a` and below every number above
//! it, so `[a, a+ε]` holds no number and asks exactly "is the child worth
//! more than `a`?", on integers, decimals and fractions alike.
//!
//! A test whose score is exact (a leaf, or a child whose null-window
//! search cut nowhere) needs no re-search: the score is the child's
//! value. This is Reinefeld's rule that a test of depth 2 or less is not
//! searched again, told by the score itself rather than by the depth.
//!
//! Fail-hard (values clamped to each node's window), a test only says on
//! which side of `a` the child lies, and the child that fails high is
//! searched again with the node's window `[alpha, beta]` (Marsland's PVS).
//!
//! A chance node is searched by Star1, as alpha-beta searches it, each of
//! its children by PVS; a chance child is searched with the node's window,
//! never tested.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::aspiration::aspirate;
use super::chance;
use super::context::Context;
use super::fold::NodeFold;
use super::negamax_alphabeta::{finish, from_root_by, max_window, report_cut, to_max};
use super::window::{WindowBound, full_window};
use crate::trace::Recorder;
use crate::tree::GameTree;
use crate::value::{Bound, Kind, Scored, Value};

/// Principal Variation Search (NegaScout).
pub(super) struct Pvs;

impl Strategy for Pvs {
    const PRUNES: bool = true;
    const SUPPORTS: Support = Support {
        order: false,
        depth: true,
        iterative: false,
    };
    const WINDOW: bool = true;

    fn run<T, R>(cx: &mut Context<'_, T, R>, root: T::Node) -> Result<Scored, SearchError>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
        R: Recorder<T::Node>,
    {
        match cx.options.window {
            Some(window) => aspirate(cx, root, window, |cx, (alpha, beta)| {
                from_root(cx, root, alpha, beta)
            }),
            None => {
                let (alpha, beta) = full_window();
                from_root(cx, root, alpha, beta)
            }
        }
    }
}

/// PVS from `root` with the window `[alpha, beta]`, both in MAX's terms,
/// as is the result.
fn from_root<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
    alpha: WindowBound<T::Node>,
    beta: WindowBound<T::Node>,
) -> Result<Scored, SearchError> {
    from_root_by(cx, root, (alpha, beta), search)
}

/// Where a node stands: itself, its ply, its parent and its player.
type At<N> = (N, usize, Option<N>, Kind);

/// `alpha`, `beta` and the result are in the terms of the player at `node`.
fn search<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    mut alpha: WindowBound<T::Node>,
    beta: WindowBound<T::Node>,
) -> Result<Scored, SearchError> {
    let tree = cx.tree;
    let kind = tree.kind(node);
    cx.enter(node, ply, Some(max_window(kind, alpha.value, beta.value)));
    let mut children = tree.children(node).peekable();
    if children.peek().is_none() {
        return Ok(Scored::exact(kind.perspective(cx.leaf(node)?)));
    }
    if cx.at_horizon(ply) {
        return Ok(Scored::exact(kind.perspective(cx.horizon(node, ply)?)));
    }
    if kind.is_chance() {
        // In MAX's terms, which are a chance node's own.
        return chance::star1(cx, (node, ply, parent), alpha, beta, |cx, child, a, b| {
            search_child(cx, (node, Kind::Max), child, ply + 1, (a, b))
        });
    }
    let at = (node, ply, parent, kind);
    let alpha_in = alpha.value;
    let mut best = NodeFold::new(Kind::Max);
    let mut cut = false;
    let mut first = true;
    while let Some(child) = children.next() {
        let score = match first {
            true => search_child(cx, (node, kind), child, ply + 1, (alpha, beta))?,
            false => scout(cx, at, child, alpha, beta)?,
        };
        first = false;
        let improved = best.add(score);
        if improved {
            cx.best_child(ply, child);
        }
        if children.peek().is_none() {
            break;
        }
        let v = best.value();
        if improved {
            cx.provisional(node, kind.perspective(v));
        }
        if cx.reaches(Kind::Max, v, beta.value) {
            report_cut(cx, at, v, beta, children.by_ref());
            cut = true;
            break;
        }
        if v > alpha.value {
            alpha = WindowBound::new(v, node);
        }
    }
    Ok(finish(cx, (node, kind), &best, cut, (alpha_in, beta.value)))
}

/// A younger child of the node `at`, whose window is `[alpha, beta]` in
/// its own terms: tested with the null window `[alpha, alpha+ε]`, and
/// searched again when the test fails high inside the window and its
/// score is no exact value. Without a null window (alpha infinite, or a
/// chance child), the child is searched with the node's window.
fn scout<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    (node, ply, _, kind): At<T::Node>,
    child: T::Node,
    alpha: WindowBound<T::Node>,
    beta: WindowBound<T::Node>,
) -> Result<Scored, SearchError> {
    let own = (node, kind);
    let null = WindowBound {
        value: next_above(alpha.value),
        from: alpha.from,
    };
    // Inside a null window already, the window itself is the test.
    let already_null = beta.value <= null.value;
    if alpha.value.is_infinite() || already_null || cx.tree.kind(child).is_chance() {
        return search_child(cx, own, child, ply + 1, (alpha, beta));
    }
    let test = search_child(cx, own, child, ply + 1, (alpha, null))?;
    cx.test(
        child,
        max_window(kind, alpha.value, null.value),
        to_max(kind, test),
    );
    let inside = test.value > alpha.value && !cx.reaches(Kind::Max, test.value, beta.value);
    if !inside || test.bound == Bound::Exact {
        return Ok(test);
    }
    let low = match cx.options.fail_hard {
        true => alpha,
        false => WindowBound::new(test.value, node),
    };
    cx.research(
        child,
        max_window(kind, low.value, beta.value),
        to_max(kind, test),
    );
    let second = search_child(cx, own, child, ply + 1, (low, beta))?;
    Ok(match cx.options.fail_hard {
        true => second,
        false => bounded_by_test(test, second),
    })
}

/// A child's score from its fail-soft re-search with the window `[t,
/// beta]`, `t` being the lower bound its `test` proved (all in the node's
/// terms). Unless it cuts only beyond a bound (`--strict`), a re-search
/// that finds the child worth exactly `t` fails low there and says only
/// "at most `t`": with the test's "at least `t`", the child is worth
/// exactly `t`, which neither search says alone (Reinefeld's NegaScout
/// takes the re-search's number, which is then `t`).
fn bounded_by_test(test: Scored, second: Scored) -> Scored {
    match second.bound == Bound::Upper && second.value <= test.value {
        true => Scored::exact(test.value),
        false => second,
    }
}

/// The least value above `a`: `x` when `a` is `x-ε`, else `a+ε`, so that
/// `[a, next_above(a)]` is a null window holding no number.
fn next_above(a: Value) -> Value {
    let plain = a.without_nudge();
    match a < plain {
        true => plain,
        false => a.above(),
    }
}

/// Searches `child`, at `ply`, of the `kind` node `node` with the window
/// `[alpha, beta]` in the terms of the player at `node`, and returns its
/// score in those terms (see `negamax_alphabeta`'s own).
fn search_child<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    (node, kind): (T::Node, Kind),
    child: T::Node,
    ply: usize,
    (alpha, beta): (WindowBound<T::Node>, WindowBound<T::Node>),
) -> Result<Scored, SearchError> {
    let parent = Some(node);
    match cx.tree.kind(child).negates_for(kind) {
        false => search(cx, child, ply, parent, alpha, beta),
        true => Ok(search(cx, child, ply, parent, beta.negate(), alpha.negate())?.negate()),
    }
}
