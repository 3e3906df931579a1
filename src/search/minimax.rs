//! Minimax in the two-function form: a MAX function and a MIN function that
//! call each other, as the lectures write it.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::chance;
use super::context::Context;
use crate::trace::Recorder;
use crate::tree::GameTree;
use crate::value::{Kind, Scored, Value};

/// Minimax in the two-function form.
pub(super) struct Minimax;

impl Strategy for Minimax {
    const PRUNES: bool = false;
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
        minimax(cx, root)
    }
}

/// Minimax from `root`.
pub(super) fn minimax<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
) -> Result<Scored, SearchError> {
    value(cx, root, 0)
}

/// Calls the function of the node's player.
fn value<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
) -> Result<Scored, SearchError> {
    let value = match cx.tree.kind(node) {
        Kind::Max => max_value(cx, node, ply)?,
        Kind::Min => min_value(cx, node, ply)?,
        Kind::Chance => chance_value(cx, node, ply)?,
    };
    Ok(Scored::exact(value))
}

/// MAX-VALUE: a leaf's own value, otherwise the largest child value.
fn max_value<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
) -> Result<Value, SearchError> {
    cx.enter(node, ply, None);
    let tree = cx.tree;
    let mut children = tree.children(node).peekable();
    if children.peek().is_none() {
        return cx.leaf(node);
    }
    if cx.at_horizon(ply) {
        return cx.horizon(node, ply);
    }
    let mut v = Value::NEG_INF;
    // The first child is the best so far whatever its value, an infinite
    // one included.
    let mut first = true;
    while let Some(child) = children.next() {
        let child_value = value(cx, child, ply + 1)?.value;
        if child_value > v || first {
            first = false;
            v = child_value;
            cx.best_child(ply, child);
            if children.peek().is_some() {
                cx.provisional(node, v);
            }
        }
    }
    cx.finish(node, Scored::exact(v));
    Ok(v)
}

/// MIN-VALUE: a leaf's own value, otherwise the smallest child value.
fn min_value<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
) -> Result<Value, SearchError> {
    cx.enter(node, ply, None);
    let tree = cx.tree;
    let mut children = tree.children(node).peekable();
    if children.peek().is_none() {
        return cx.leaf(node);
    }
    if cx.at_horizon(ply) {
        return cx.horizon(node, ply);
    }
    let mut v = Value::POS_INF;
    // The first child is the best so far whatever its value, an infinite
    // one included.
    let mut first = true;
    while let Some(child) = children.next() {
        let child_value = value(cx, child, ply + 1)?.value;
        if child_value < v || first {
            first = false;
            v = child_value;
            cx.best_child(ply, child);
            if children.peek().is_some() {
                cx.provisional(node, v);
            }
        }
    }
    cx.finish(node, Scored::exact(v));
    Ok(v)
}

/// EXPECTED-VALUE: a leaf's own value, otherwise the probability-weighted
/// mean of the child values (expectiminimax).
fn chance_value<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
) -> Result<Value, SearchError> {
    cx.enter(node, ply, None);
    if cx.tree.is_leaf(node) {
        return cx.leaf(node);
    }
    if cx.at_horizon(ply) {
        return cx.horizon(node, ply);
    }
    chance::expectation(cx, node, ply, |cx, child, ply| {
        Ok(value(cx, child, ply)?.value)
    })
}
