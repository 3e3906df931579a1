//! The lecture's words for the steps of a search.

use crate::text::quoted;
use crate::trace::Cut;
use crate::tree::GameTree;
use crate::value::CutKind;

/// How many pruned nodes a cut in words names before it counts the rest.
pub const CUT_LISTS_UP_TO: usize = 20;

/// The ids of `nodes` separated by spaces, each shortened
/// ([`quoted`]), at most `up_to` of them, then `and N more`: one line
/// whatever the number of nodes.
pub fn id_list<T: GameTree>(tree: &T, nodes: &[T::Node], up_to: usize) -> String {
    let mut shown: Vec<String> = nodes
        .iter()
        .take(up_to)
        .map(|n| quoted(&tree.id(*n)).into_owned())
        .collect();
    if nodes.len() > shown.len() {
        shown.push(format!("and {} more", nodes.len() - shown.len()));
    }
    shown.join(" ")
}

/// A cut in words: `beta cut at F: H pruned (6 >= 2, bound from B)`. Ids
/// are shortened and the pruned list cut after [`CUT_LISTS_UP_TO`] nodes.
pub fn describe_cut<T: GameTree>(tree: &T, cut: &Cut<T::Node>, strict: bool) -> String {
    let deep = if cut.deep { "deep " } else { "" };
    let pruned = id_list(tree, &cut.pruned, CUT_LISTS_UP_TO);
    let relation = match (cut.kind, strict) {
        (CutKind::Beta, false) => ">=",
        (CutKind::Beta, true) => ">",
        (CutKind::Alpha, false) => "<=",
        (CutKind::Alpha, true) => "<",
    };
    let source = match cut.bound_from {
        Some(node) => format!("bound from {}", quoted(&tree.id(node))),
        None => "bound from the initial window".to_string(),
    };
    format!(
        "{deep}{} cut at {}: {pruned} pruned ({} {relation} {}, {source})",
        cut.kind,
        quoted(&tree.id(cut.node)),
        cut.value,
        cut.threshold
    )
}
