//! Negamax: every node maximises its own side's value, and a child's value
//! is negated when the child's player is the opponent.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::chance;
use super::context::Context;
use crate::trace::Recorder;
use crate::tree::GameTree;
use crate::value::{Scored, Value};

/// Negamax.
pub(super) struct Negamax;

impl Strategy for Negamax {
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
        negamax(cx, root)
    }
}

/// Negamax from `root`; the result is in MAX's terms.
pub(super) fn negamax<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    root: T::Node,
) -> Result<Scored, SearchError> {
    let own = side_value(cx, root, 0)?;
    Ok(Scored::exact(cx.tree.kind(root).perspective(own)))
}

/// The value of `node` for the player to move there.
fn side_value<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    node: T::Node,
    ply: usize,
) -> Result<Value, SearchError> {
    cx.enter(node, ply, None);
    let tree = cx.tree;
    let kind = tree.kind(node);
    let mut children = tree.children(node).peekable();
    if children.peek().is_none() {
        return Ok(kind.perspective(cx.leaf(node)?));
    }
    if cx.at_horizon(ply) {
        return Ok(kind.perspective(cx.horizon(node, ply)?));
    }
    if kind.is_chance() {
        // A chance node takes no side: its value stays in MAX's terms.
        return chance::expectation(cx, node, ply, |cx, child, ply| {
            let own = side_value(cx, child, ply)?;
            Ok(cx.tree.kind(child).perspective(own))
        });
    }
    let mut best = Value::NEG_INF;
    // The first child is the best so far whatever its value, an infinite
    // one included.
    let mut first = true;
    while let Some(child) = children.next() {
        let child_value = side_value(cx, child, ply + 1)?;
        let v = match tree.kind(child).negates_for(kind) {
            false => child_value,
            true => child_value.negate(),
        };
        if v > best || first {
            first = false;
            best = v;
            cx.best_child(ply, child);
            if children.peek().is_some() {
                cx.provisional(node, kind.perspective(best));
            }
        }
    }
    cx.finish(node, Scored::exact(kind.perspective(best)));
    Ok(best)
}
