//! [`Node`]: a tree as the format readers and writers hold it, owned and
//! nested, and its conversion to and from [`Tree`].

use crate::syntax::names::{refuse_label, refuse_name};
use crate::syntax::{Limits, ParseError, SourceText};
use crate::tree::{GameTree, Location, NodeId, Tree, TreeBuilder};
use crate::value::probability::{self, Sum};
use crate::value::{Kind, Value};

/// One node and its subtree, with everything the tree model holds of it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    /// The name; `None` for an unnamed node.
    pub name: Option<String>,
    /// The player to move; `None` takes the opponent of the parent's (MAX
    /// at the root), as in the tree language.
    pub kind: Option<Kind>,
    /// A leaf's value; `None` for an unknown leaf (and an interior node).
    pub value: Option<Value>,
    /// An interior node's static value.
    pub static_value: Option<Value>,
    /// The action label on the edge into the node.
    pub label: Option<String>,
    /// The node's probability, when its parent is a chance node that
    /// states its children's probabilities.
    pub probability: Option<Value>,
    /// When the node's children's stated probabilities summed to 1 within
    /// the tolerance only: the sum they were divided by (the tree then
    /// bears a note saying so).
    pub normalised: Option<Value>,
    /// Where the node is written, when the format tells.
    pub location: Option<Location>,
    /// The children, left to right.
    pub children: Vec<Node>,
}

impl Node {
    /// How many nodes the subtree has.
    pub fn count(&self) -> usize {
        let mut count = 0;
        let mut stack = vec![self];
        while let Some(node) = stack.pop() {
            count += 1;
            stack.extend(&node.children);
        }
        count
    }

    /// The tree of `root`, built without recursion. `source` places the
    /// errors: a duplicate name or a tree over the node limit.
    pub(super) fn build(
        root: &Node,
        source: &SourceText<'_>,
        limits: &Limits,
    ) -> Result<Tree, ParseError> {
        let mut builder = TreeBuilder::new();
        // Each open node with its kind, the player its children's default
        // kinds follow, and the next child to build.
        let mut open: Vec<(&Node, Kind, Kind, usize)> = Vec::new();
        let root_kind = root.kind.unwrap_or(Kind::Max);
        let mut next = Some((root, root_kind, player_of(root_kind, Kind::Min), Kind::Max));
        loop {
            if let Some((node, kind, player, default)) = next.take() {
                let is_root = std::ptr::eq(node, root);
                refuse(node, is_root, builder.started(), source, limits)?;
                if node.children.is_empty() {
                    // A leaf takes its level's default kind whatever kind it
                    // states, as in the tree language, which states no
                    // leaf's kind: a childless chance node is a leaf too.
                    let id = builder.leaf(default, node.value);
                    finish(&mut builder, node, id, source)?;
                } else {
                    builder.open_list();
                    open.push((node, kind, player, 0));
                }
            }
            let Some((node, kind, player, child)) = open.last_mut() else {
                break;
            };
            match node.children.get(*child) {
                Some(c) => {
                    *child += 1;
                    let kind = c.kind.unwrap_or(player.opponent());
                    next = Some((c, kind, player_of(kind, *player), player.opponent()));
                }
                None => {
                    let (node, kind) = (*node, *kind);
                    open.pop();
                    let id = builder.close_list(kind, node.static_value);
                    finish(&mut builder, node, id, source)?;
                    if let (Some(sum), Some(at)) = (node.normalised, node.location) {
                        builder.note(at, crate::syntax::normalised_note(sum));
                    }
                }
            }
        }
        Ok(builder.finish())
    }

    /// Drops the subtree without recursion, so that a deep one costs no
    /// stack.
    pub(super) fn drop_deep(self) {
        let mut stack = vec![self];
        while let Some(mut node) = stack.pop() {
            stack.append(&mut node.children);
        }
    }

    /// The nested form of `tree`: every node's kind stated where it is
    /// not the opponent of its parent's (MAX at the root).
    pub fn from_tree(tree: &Tree) -> Node {
        crate::stack::with_stack_for_depth(tree.depth(), || {
            from_tree_node(tree, tree.root(), Kind::Min)
        })
    }
}

/// Refuses one more node, `started` nodes in, past the node limit, one
/// whose name or label the tree language refuses (the readers refuse
/// these where they read them; this holds every format to the rule
/// whatever its reader does), or a root that states a probability or a
/// label.
fn refuse(
    node: &Node,
    is_root: bool,
    started: usize,
    source: &SourceText<'_>,
    limits: &Limits,
) -> Result<(), ParseError> {
    let at = node.location.unwrap_or(Location { line: 1, column: 1 });
    let refusal = (node.name.as_deref()).and_then(|n| refuse_name(n, is_root));
    let refusal = refusal.or_else(|| node.label.as_deref().and_then(refuse_label));
    if let Some(refusal) = refusal {
        return Err(source.error_at_location(at, &refusal.message));
    }
    // A chance node's children have probabilities; the root is no one's
    // child, and no format could write one for it back.
    if is_root && node.probability.is_some() {
        let message = "the root has no probability: probabilities stand only before the \
                       children of a chance node";
        return Err(source.error_at_location(at, message));
    }
    // Nor is the root a move's end: a label names the move into a node.
    if is_root && node.label.is_some() {
        let message = "the root has no label: a label names the move into a node, and no \
                       move leads to the root";
        return Err(source.error_at_location(at, message));
    }
    if started >= limits.max_nodes {
        let message = format!(
            "the tree has more than {} nodes, the limit it is read with",
            limits.max_nodes
        );
        let error = source.error_at_location(at, &message);
        return Err(ParseError {
            over_limit: Some(limits.max_nodes),
            ..error
        });
    }
    Ok(())
}

/// Refuses the probabilities of `node`'s children unless `node` is a
/// chance node and they are stated for every child or none, summing to 1;
/// when they sum to 1 within the tolerance only, divides each by their sum
/// and records it in `node.normalised`.
pub(super) fn check_probabilities(node: &mut Node) -> Result<(), String> {
    let mut stated: Vec<Value> = node.children.iter().filter_map(|c| c.probability).collect();
    if stated.is_empty() {
        return Ok(());
    }
    if !is_chance(node.kind) {
        return Err("probabilities stand only before the children of a chance node".to_string());
    }
    if stated.len() < node.children.len() {
        return Err(format!(
            "{} of this chance node's {} children state a probability: state every one, or \
             none (equally likely)",
            stated.len(),
            node.children.len()
        ));
    }
    if let Sum::Normalised(sum) = probability::normalise(&mut stated).map_err(|e| e.to_string())? {
        node.normalised = Some(sum);
        for (child, p) in node.children.iter_mut().zip(stated) {
            child.probability = Some(p);
        }
    }
    Ok(())
}

/// Whether a stated kind is chance.
fn is_chance(kind: Option<Kind>) -> bool {
    kind == Some(Kind::Chance)
}

/// The player (MAX or MIN) whose opponent a node's children are when they
/// state no kind: the node's own kind, or for a chance node the player
/// above it (a chance level passes the turn on), as in the tree language.
fn player_of(kind: Kind, above: Kind) -> Kind {
    match kind {
        Kind::Chance => above,
        player => player,
    }
}

/// `id` and its subtree; `above` is the player whose opponent it is by
/// default.
fn from_tree_node(tree: &Tree, id: NodeId, above: Kind) -> Node {
    let kind = tree.kind(id);
    let default = above.opponent();
    let player = player_of(kind, above);
    let children: Vec<Node> = tree
        .children(id)
        .map(|c| from_tree_node(tree, c, player))
        .collect();
    Node {
        name: tree.name(id).filter(|n| *n != "root").map(str::to_string),
        kind: (kind != default).then_some(kind),
        value: tree.value(id),
        static_value: tree.static_value(id),
        label: tree.label(id),
        probability: tree.stated_probability(id),
        normalised: None,
        location: None,
        children,
    }
}

/// Gives a built node its name, label and place.
fn finish(
    builder: &mut TreeBuilder,
    node: &Node,
    id: NodeId,
    source: &SourceText<'_>,
) -> Result<(), ParseError> {
    let at = node.location.unwrap_or(Location { line: 1, column: 1 });
    if let Some(name) = &node.name {
        let claim = builder
            .claim_name(name, at)
            .map_err(|e| source.error_at_location(at, &e.to_string()))?;
        builder.bind_name(id, claim);
    }
    if let Some(label) = &node.label {
        builder.label(id, label.clone());
    }
    if let Some(p) = node.probability {
        builder.set_probability(id, p);
    }
    if let Some(location) = node.location {
        builder.locate(id, location);
    }
    Ok(())
}
