//! The lecture's words for the steps of a search.

use crate::trace::Cut;
use crate::tree::GameTree;
use crate::value::CutKind;

/// A cut in words: `beta cut at F: H pruned (6 >= 2, bound from B)`.
pub fn describe_cut<T: GameTree>(tree: &T, cut: &Cut<T::Node>, strict: bool) -> String {
    let deep = if cut.deep { "deep " } else { "" };
    let pruned = super::ids(tree, &cut.pruned).join(" ");
    let relation = match (cut.kind, strict) {
        (CutKind::Beta, false) => ">=",
        (CutKind::Beta, true) => ">",
        (CutKind::Alpha, false) => "<=",
        (CutKind::Alpha, true) => "<",
    };
    let source = match cut.bound_from {
        Some(node) => format!("bound from {}", tree.id(node)),
        None => "bound from the initial window".to_string(),
    };
    format!(
        "{deep}{} cut at {}: {pruned} pruned ({} {relation} {}, {source})",
        cut.kind,
        tree.id(cut.node),
        cut.value,
        cut.threshold
    )
}
