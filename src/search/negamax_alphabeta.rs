//! Alpha-beta in the negamax form: every node maximises its own side's
//! value within `[alpha, beta]`, and a child of the other player is searched
//! with the window negated and swapped, `[-beta, -alpha]`.
//!
//! Events are reported in MAX's terms, so this form and the min/max form
//! produce the same trace.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::aspiration::aspirate;
use super::chance;
use super::context::Context;
use super::fold::NodeFold;
use super::window::{WindowBound, clamp, full_window};
use crate::trace::{Recorder, Window};
use crate::tree::GameTree;
use crate::value::{CutKind, Kind, Scored, Value};

/// Alpha-beta in the negamax form.
pub(super) struct NegamaxAlphaBeta;

impl Strategy for NegamaxAlphaBeta {
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
            None => negamax_alphabeta(cx, root),
        }
    }
}

/// Negamax alpha-beta from `root`; the result is in MAX's terms.
pub(super) fn negamax_alphabeta<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
) -> Result<Scored, SearchError> {
    let (alpha, beta) = full_window();
    from_root(cx, root, alpha, beta)
}

/// Negamax alpha-beta from `root` with the window `[alpha, beta]`, both
/// in MAX's terms, as is the result.
fn from_root<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
    alpha: WindowBound<T::Node>,
    beta: WindowBound<T::Node>,
) -> Result<Scored, SearchError> {
    from_root_by(cx, root, (alpha, beta), search)
}

/// A negamax-form search of a node: the node, its ply, its parent, and
/// the window, all in the terms of the player at the node.
pub(super) type NegamaxSearch<T, R> = fn(
    &mut Context<'_, T, R>,
    <T as GameTree>::Node,
    usize,
    Option<<T as GameTree>::Node>,
    WindowBound<<T as GameTree>::Node>,
    WindowBound<<T as GameTree>::Node>,
) -> Result<Scored, SearchError>;

/// The negamax-form `search` from `root` with the window `[alpha, beta]`
/// in MAX's terms: the window turned to the root player's terms, and the
/// result back to MAX's.
pub(super) fn from_root_by<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
    (alpha, beta): (WindowBound<T::Node>, WindowBound<T::Node>),
    search: NegamaxSearch<T, R>,
) -> Result<Scored, SearchError> {
    let kind = cx.tree.kind(root);
    let own = match kind {
        Kind::Min => search(cx, root, 0, None, beta.negate(), alpha.negate())?,
        _ => search(cx, root, 0, None, alpha, beta)?,
    };
    Ok(to_max(kind, own))
}

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
    let alpha_in = alpha.value;
    let mut best = NodeFold::new(Kind::Max);
    let mut cut = false;
    while let Some(child) = children.next() {
        let score = search_child(cx, (node, kind), child, ply + 1, (alpha, beta))?;
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
            report_cut(cx, (node, ply, parent, kind), v, beta, children.by_ref());
            cut = true;
            break;
        }
        if v > alpha.value {
            alpha = WindowBound::new(v, node);
        }
    }
    Ok(finish(cx, (node, kind), &best, cut, (alpha_in, beta.value)))
}

/// Searches `child`, at `ply`, of the `kind` node `node` with the window
/// `[alpha, beta]` in the terms of the player at `node`, and returns its
/// score in those terms: a child of the other player is searched with the
/// window negated and swapped, and its score negated. Inlined: as a call
/// of its own it cost the search a tenth more instructions.
#[inline(always)]
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

/// Reports the cut of the `kind` node `node` (`ply` plies below the root,
/// below `parent`), whose value
/// `v` reached `beta`, both in its player's terms; `rest` are the children
/// skipped. The event is in MAX's terms.
pub(super) fn report_cut<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    (node, ply, parent, kind): (T::Node, usize, Option<T::Node>, Kind),
    v: Value,
    beta: WindowBound<T::Node>,
    rest: impl Iterator<Item = T::Node>,
) {
    let bound = WindowBound {
        value: kind.perspective(beta.value),
        from: beta.from,
    };
    let value = kind.perspective(v);
    cx.cut((node, ply, parent), CutKind::at(kind), value, bound, rest);
}

/// Finishes the `kind` node `node`: its score from the fold (in its
/// player's terms), clamped to the window `[alpha, beta]` it was entered
/// with under fail-hard, reported as final in MAX's terms.
pub(super) fn finish<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    (node, kind): (T::Node, Kind),
    best: &NodeFold,
    cut: bool,
    (alpha, beta): (Value, Value),
) -> Scored {
    let mut score = best.finish(cut);
    if cx.options.fail_hard {
        score = clamp(score, alpha, beta);
    }
    cx.finish(node, to_max(kind, score));
    score
}

/// A window in the terms of the player at a node, in MAX's terms.
pub(super) fn max_window(kind: Kind, alpha: Value, beta: Value) -> Window {
    match kind {
        Kind::Max | Kind::Chance => Window { alpha, beta },
        Kind::Min => Window {
            alpha: beta.negate(),
            beta: alpha.negate(),
        },
    }
}

/// A score in the terms of the player at a node, in MAX's terms.
pub(super) fn to_max(kind: Kind, score: Scored) -> Scored {
    match kind {
        Kind::Max | Kind::Chance => score,
        Kind::Min => score.negate(),
    }
}
