//! The optional layers of a diagram, and the Knuth-Moore node types.

use super::state::NodeState;
use crate::tree::{GameTree, Tree};
use crate::value::Scored;

/// Which optional lines each node's label carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layers {
    /// The `[alpha, beta]` window the node was entered with.
    pub windows: bool,
    /// The order in which nodes were entered (`#3`).
    pub visit_order: bool,
    /// The node's value history (`2 -> 5`).
    pub provisional: bool,
    /// The Knuth-Moore type: 1 (PV), 2 (CUT) or 3 (ALL).
    pub node_types: bool,
}

impl Layers {
    /// Every layer on.
    pub const ALL: Layers = Layers {
        windows: true,
        visit_order: true,
        provisional: true,
        node_types: true,
    };
}

/// A Knuth-Moore node type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeType {
    /// Type 1: on the principal variation of a perfectly ordered tree.
    Pv,
    /// Type 2: one child should suffice to refute it.
    Cut,
    /// Type 3: every child must be searched.
    All,
}

impl NodeType {
    /// The label line: `type 1 (PV)`.
    pub fn label(self) -> &'static str {
        match self {
            NodeType::Pv => "type 1 (PV)",
            NodeType::Cut => "type 2 (CUT)",
            NodeType::All => "type 3 (ALL)",
        }
    }

    /// The type of the child at 0-based `position` of a node of this type.
    ///
    /// The root is type 1; the first child of a type-1 node is type 1 and
    /// its other children type 2; the children of a type-2 node are type 3
    /// (only the first is searched when the ordering is perfect; later ones,
    /// searched when it is not, are marked 3 too); children of a type-3
    /// node are type 2.
    pub fn child(self, position: usize) -> NodeType {
        match (self, position) {
            (NodeType::Pv, 0) => NodeType::Pv,
            (NodeType::Pv, _) | (NodeType::All, _) => NodeType::Cut,
            (NodeType::Cut, _) => NodeType::All,
        }
    }
}

/// The Knuth-Moore type of every node, indexed by node, from the tree's
/// shape.
pub fn node_types(tree: &Tree) -> Vec<NodeType> {
    let mut types = vec![NodeType::Pv; tree.len()];
    for node in tree.nodes() {
        let kind = types[node as usize];
        for (position, child) in tree.children(node).enumerate() {
            types[child as usize] = kind.child(position);
        }
    }
    types
}

/// The label slots of the chosen layers for a node, in a fixed order
/// (window, visit, history, type); a slot is empty when there is nothing to
/// show yet.
pub(super) fn layer_slots(
    layers: Layers,
    state: &NodeState,
    node_type: Option<NodeType>,
) -> Vec<String> {
    let mut slots = Vec::new();
    if layers.windows {
        slots.push(state.window.map(|w| w.to_string()).unwrap_or_default());
    }
    if layers.visit_order {
        slots.push(state.visit.map(|v| format!("#{v}")).unwrap_or_default());
    }
    if layers.provisional {
        let history = value_history(state);
        slots.push(match history.len() {
            0 | 1 => String::new(),
            _ => history.join(" -> "),
        });
    }
    if layers.node_types {
        let shown = node_type.filter(|_| state.visit.is_some());
        slots.push(shown.map(|t| t.label().to_string()).unwrap_or_default());
    }
    slots
}

/// The provisional values then the final one; a final value equal to the
/// last provisional one replaces it rather than repeating it.
fn value_history(state: &NodeState) -> Vec<String> {
    let mut history: Vec<String> = state.provisional.iter().map(|v| v.to_string()).collect();
    if let Some(score) = state.score {
        let last = state.provisional.last();
        if last == Some(&score.value) {
            history.pop();
        }
        history.push(Scored::to_string(&score));
    }
    history
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_follow_knuth_and_moore() {
        let tree = crate::syntax::parse("t", "[[[1 2] [3 4]] [[5 6] [7 8]]]").unwrap();
        let types = node_types(&tree);
        let of = |id: &str| types[tree.find(id).unwrap() as usize];
        assert_eq!(of("root"), NodeType::Pv);
        assert_eq!(of("@1"), NodeType::Pv);
        assert_eq!(of("@1.1.1"), NodeType::Pv);
        assert_eq!(of("@1.2"), NodeType::Cut);
        assert_eq!(of("@1.2.1"), NodeType::All);
        assert_eq!(of("@2"), NodeType::Cut);
        assert_eq!(of("@2.1"), NodeType::All);
        assert_eq!(of("@2.2"), NodeType::All);
        assert_eq!(of("@2.1.2"), NodeType::Cut);
    }
}
