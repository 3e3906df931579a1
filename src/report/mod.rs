//! Views of a search for people and programs: the `solve` summary and the
//! step-by-step trace, as text in the lecture's words and as JSON.

mod solve;
mod trace_stream;
mod trace_view;
mod words;

pub use solve::{CutReport, SolveReport};
pub use trace_stream::{HELD_LINES, TraceForm, TraceWriter};
pub use trace_view::{event_json, event_line, trace_json, trace_lines};
pub use words::{CUT_LISTS_UP_TO, describe_cut, id_list};

use crate::tree::GameTree;

/// The ids of nodes, in order.
pub fn ids<T: GameTree>(tree: &T, nodes: &[T::Node]) -> Vec<String> {
    nodes.iter().map(|n| tree.id(*n)).collect()
}

/// `node` and every node below it, in preorder.
pub fn subtree<T: GameTree>(tree: &T, node: T::Node) -> Vec<T::Node> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        out.push(n);
        let first = stack.len();
        stack.extend(tree.children(n));
        stack[first..].reverse();
    }
    out
}

/// Whether `node` is a leaf.
pub fn is_leaf<T: GameTree>(tree: &T, node: T::Node) -> bool {
    tree.children(node).next().is_none()
}
