//! Alpha-beta in the min/max form: MAX nodes raise alpha and cut at beta,
//! MIN nodes lower beta and cut at alpha.

use super::SearchError;
use super::context::{Context, Edge, NodeFold, clamp};
use crate::trace::{Recorder, Window};
use crate::tree::GameTree;
use crate::value::{CutKind, Kind, Scored, Value};

/// Alpha-beta from `root` with the full window.
pub(super) fn alphabeta<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
) -> Result<Scored, SearchError> {
    let alpha = Edge::initial(Value::NEG_INF);
    let beta = Edge::initial(Value::POS_INF);
    search(cx, root, 0, None, alpha, beta)
}

fn search<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
    parent: Option<T::Node>,
    mut alpha: Edge<T::Node>,
    mut beta: Edge<T::Node>,
) -> Result<Scored, SearchError> {
    let window = Window {
        alpha: alpha.value,
        beta: beta.value,
    };
    cx.enter(node, ply, Some(window));
    let tree = cx.tree;
    let mut children = tree.children(node).peekable();
    if children.peek().is_none() {
        return Ok(Scored::exact(cx.leaf(node)?));
    }
    let kind = tree.kind(node);
    let mut fold = NodeFold::new(kind);
    let mut cut = false;
    while let Some(child) = children.next() {
        let improved = fold.add(search(cx, child, ply + 1, Some(node), alpha, beta)?);
        if improved {
            cx.best_child(ply, child);
        }
        if children.peek().is_none() {
            break;
        }
        let v = fold.value();
        if improved {
            cx.provisional(node, v);
        }
        let bound = match kind {
            Kind::Max => beta,
            Kind::Min => alpha,
        };
        if cx.reaches(kind, v, bound.value) {
            cx.cut(node, parent, CutKind::at(kind), v, bound, children.by_ref());
            cut = true;
            break;
        }
        match kind {
            Kind::Max if v > alpha.value => alpha = Edge::new(v, node),
            Kind::Min if v < beta.value => beta = Edge::new(v, node),
            _ => {}
        }
    }
    let mut score = fold.finish(cut);
    if cx.options.fail_hard {
        score = clamp(score, window.alpha, window.beta);
    }
    cx.finish(node, score);
    Ok(score)
}
