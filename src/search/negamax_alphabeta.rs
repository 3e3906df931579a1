//! Alpha-beta in the negamax form: every node maximises its own side's
//! value within `[alpha, beta]`, and a child of the other player is searched
//! with the window negated and swapped, `[-beta, -alpha]`.
//!
//! Events are reported in MAX's terms, so this form and the min/max form
//! produce the same trace.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::chance;
use super::context::Context;
use super::fold::NodeFold;
use super::window::{WindowBound, clamp};
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

    fn run<T, R>(cx: &mut Context<'_, T, R>, root: T::Node) -> Result<Scored, SearchError>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
        R: Recorder<T::Node>,
    {
        negamax_alphabeta(cx, root)
    }
}

/// Negamax alpha-beta from `root`; the result is in MAX's terms.
pub(super) fn negamax_alphabeta<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
) -> Result<Scored, SearchError> {
    let alpha = WindowBound::initial(Value::NEG_INF);
    let beta = WindowBound::initial(Value::POS_INF);
    let own = search(cx, root, 0, None, alpha, beta)?;
    Ok(to_max(cx.tree.kind(root), own))
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
        return chance::star1(cx, node, parent, alpha, beta, |cx, child, a, b| {
            match cx.tree.kind(child).negates_for(Kind::Max) {
                false => search(cx, child, ply + 1, Some(node), a, b),
                true => {
                    Ok(search(cx, child, ply + 1, Some(node), b.negate(), a.negate())?.negate())
                }
            }
        });
    }
    let alpha_in = alpha.value;
    let mut best = NodeFold::new(Kind::Max);
    let mut cut = false;
    while let Some(child) = children.next() {
        let score = match !tree.kind(child).negates_for(kind) {
            true => search(cx, child, ply + 1, Some(node), alpha, beta)?,
            false => search(
                cx,
                child,
                ply + 1,
                Some(node),
                beta.negate(),
                alpha.negate(),
            )?
            .negate(),
        };
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
            let bound = WindowBound {
                value: kind.perspective(beta.value),
                from: beta.from,
            };
            let value = kind.perspective(v);
            cx.cut(
                node,
                parent,
                CutKind::at(kind),
                value,
                bound,
                children.by_ref(),
            );
            cut = true;
            break;
        }
        if v > alpha.value {
            alpha = WindowBound::new(v, node);
        }
    }
    let mut score = best.finish(cut);
    if cx.options.fail_hard {
        score = clamp(score, alpha_in, beta.value);
    }
    cx.finish(node, to_max(kind, score));
    Ok(score)
}

/// A window in the terms of the player at a node, in MAX's terms.
fn max_window(kind: Kind, alpha: Value, beta: Value) -> Window {
    match kind {
        Kind::Max | Kind::Chance => Window { alpha, beta },
        Kind::Min => Window {
            alpha: beta.negate(),
            beta: alpha.negate(),
        },
    }
}

/// A score in the terms of the player at a node, in MAX's terms.
fn to_max(kind: Kind, score: Scored) -> Scored {
    match kind {
        Kind::Max | Kind::Chance => score,
        Kind::Min => score.negate(),
    }
}
