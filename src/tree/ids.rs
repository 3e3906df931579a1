//! The ids of a [`Tree`]'s nodes, each made in time and length that do not
//! grow with the node's depth.
//!
//! A named node's id is its name. The unnamed root is `root`. An unnamed
//! node at most [`PATH_ID_DEPTH`] plies below the root is `@` and its
//! 1-based child path from the root (`@2.1`), found from the root down in
//! at most that many steps. An unnamed node deeper than that is `@n` and its
//! number in preorder, the root counted 1 (`@n40`): a chain 10,000 deep
//! would otherwise have ids of 20,000 characters, and every output that
//! names its nodes would grow with the square of its depth. No name starts
//! with `@` and no path holds an `n`, so every id names one node.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::OnceLock;

use super::{GameTree, NodeId, Tree};

/// How many plies below the root an unnamed node's id is its child path;
/// deeper, it is `@n` and its preorder number.
pub const PATH_ID_DEPTH: usize = 32;

/// How many children make a node wide: the children of a wide node are
/// listed once, so that a step down through it is a binary search rather
/// than a count.
const WIDE: usize = 32;

/// Each node's parent, for every node, made once, when a parent is first
/// asked for (4 bytes a node; a tree never asked for a parent does
/// without); and the children of each wide node, made once, when an id
/// first steps through one.
#[derive(Debug, Default)]
pub(super) struct Places {
    cell: OnceLock<Vec<NodeId>>,
    wide: OnceLock<HashMap<NodeId, Box<[NodeId]>>>,
}

/// The children of every node with more than [`WIDE`] of them.
fn wide_nodes_of(tree: &Tree) -> HashMap<NodeId, Box<[NodeId]>> {
    tree.nodes()
        .filter(|&n| tree.children(n).nth(WIDE).is_some())
        .map(|n| (n, tree.children(n).collect()))
        .collect()
}

/// By node, its parent (the root's is itself): one pass over the nodes in
/// preorder, each list's children found from its first by the ends of
/// their subtrees.
fn parents_of(tree: &Tree) -> Vec<NodeId> {
    let mut parents = vec![tree.root(); tree.len()];
    for node in tree.nodes() {
        for child in tree.children(node) {
            parents[child as usize] = node;
        }
    }
    parents
}

impl Tree {
    fn parents(&self) -> &[NodeId] {
        self.places.cell.get_or_init(|| parents_of(self))
    }

    /// The children of `node` as a list when it is wide; `None` when it has
    /// at most [`WIDE`] children, which are as quickly counted.
    fn wide_children(&self, node: NodeId) -> Option<&[NodeId]> {
        self.children(node).nth(WIDE)?;
        let wide = self.places.wide.get_or_init(|| wide_nodes_of(self));
        wide.get(&node).map(|c| &c[..])
    }

    /// The `index`th child of `node` (from 0): one of the first [`WIDE`]
    /// counted to, any other by the list of a wide node.
    fn nth_child(&self, node: NodeId, index: usize) -> Option<NodeId> {
        if index < WIDE {
            return self.child(node, index);
        }
        self.wide_children(node)?.get(index).copied()
    }

    /// The node's id (see the [module](self)): its name, `root`, its child
    /// path, or `@n` and its preorder number.
    pub(super) fn node_id(&self, node: NodeId) -> String {
        if let Some(name) = self.names.get(&node) {
            return name.clone();
        }
        if node == self.root() {
            return "root".to_string();
        }
        match self.short_path(node) {
            Some(path) => path,
            None => format!("@n{}", self.preorder_number(node)),
        }
    }

    /// Whether `id` is the node's id, as `node_id(node) == id` says, but for
    /// a name or a child path compared in place: the path is followed from
    /// the root, each step written as the id writes it (no leading zero,
    /// no sign), and must end at the node within [`PATH_ID_DEPTH`] steps.
    pub(super) fn has_node_id(&self, node: NodeId, id: &str) -> bool {
        if let Some(name) = self.names.get(&node) {
            return name == id;
        }
        if node == self.root() {
            return id == "root";
        }
        if id.starts_with("@n") {
            return self.node_id(node) == id; // below the paths' depth: rare
        }
        let Some(path) = id.strip_prefix('@') else {
            return false;
        };
        let mut at = self.root();
        for (ply, step) in path.as_bytes().split(|&b| b == b'.').enumerate() {
            let child = match (ply < PATH_ID_DEPTH, written_position(step)) {
                (true, Some(position)) => self.nth_child(at, position - 1),
                _ => None,
            };
            let Some(child) = child else {
                return false;
            };
            at = child;
        }
        at == node
    }

    /// The node's number in preorder (file order), the root's 1: how a
    /// node deeper than [`PATH_ID_DEPTH`] is identified (`@n40`).
    pub fn preorder_number(&self, node: NodeId) -> u64 {
        u64::from(node) + 1
    }

    /// The parent of `node`; `None` for the root.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        let parent = *self.parents().get(node as usize)?;
        (node != self.root()).then_some(parent)
    }

    /// `@` and the 1-based child positions of `node` when it lies at most
    /// [`PATH_ID_DEPTH`] plies below the root; `None` deeper (or for the
    /// root).
    fn short_path(&self, node: NodeId) -> Option<String> {
        let mut path = String::from("@");
        let mut at = self.root();
        for ply in 0..PATH_ID_DEPTH {
            let (position, child) = self.step_towards(at, node)?;
            if ply > 0 {
                path.push('.');
            }
            let _ = write!(path, "{}", position + 1);
            if child == node {
                return Some(path);
            }
            at = child;
        }
        None
    }

    /// From `at`, the child whose subtree holds `node`, and its 0-based
    /// position. In preorder a subtree's nodes are numbered from its root
    /// on, so that child is the last whose number is not above `node`'s.
    fn step_towards(&self, at: NodeId, node: NodeId) -> Option<(usize, NodeId)> {
        if !self.subtree_range(at).contains(&node) || at == node {
            return None;
        }
        if let Some(children) = self.wide_children(at) {
            let position = children.partition_point(|&c| c <= node).checked_sub(1)?;
            return Some((position, children[position]));
        }
        self.children(at)
            .enumerate()
            .find(|&(_, child)| self.subtree_range(child).contains(&node))
    }

    /// The node's child path from the root at any depth (`@2.1`; `root` for
    /// the root), whatever its name or id: where to find it by hand. It
    /// grows with the depth, so no output gives it unasked.
    pub fn child_path(&self, node: NodeId) -> String {
        let mut path = String::from("@");
        let mut at = self.root();
        while at != node {
            let Some((position, child)) = self.step_towards(at, node) else {
                break; // not in this tree
            };
            if at != self.root() {
                path.push('.');
            }
            let _ = write!(path, "{}", position + 1);
            at = child;
        }
        match path.len() {
            1 => "root".to_string(),
            _ => path,
        }
    }

    /// The node with this id (a name, `root`, a child path like `@2.1`, or
    /// `@n` and a preorder number), written exactly as [`GameTree::id`]
    /// writes it, a name in any composed form ([`crate::text::composed`]):
    /// `@01`, a path deeper than [`PATH_ID_DEPTH`], or `@n3` for a node
    /// that has a path, find nothing.
    pub fn find(&self, id: &str) -> Option<NodeId> {
        let id = &*crate::text::composed(id);
        if let Some(index) = self.by_name.get(id) {
            return Some(*index);
        }
        let node = if id == "root" {
            self.root()
        } else if let Some(number) = id.strip_prefix("@n") {
            self.by_preorder_number(number.parse().ok()?)?
        } else {
            self.follow(id.strip_prefix('@')?)?
        };
        (self.node_id(node) == id).then_some(node)
    }

    /// The node at a 1-based child path (`2.1`), followed at most
    /// [`PATH_ID_DEPTH`] steps.
    fn follow(&self, path: &str) -> Option<NodeId> {
        let mut node = self.root();
        for step in path.split('.').take(PATH_ID_DEPTH + 1) {
            let position: usize = step.parse().ok()?;
            node = self.nth_child(node, position.checked_sub(1)?)?;
        }
        Some(node)
    }

    /// The node numbered `number` in preorder (from 1): nodes are numbered
    /// in preorder from 0.
    fn by_preorder_number(&self, number: u64) -> Option<NodeId> {
        let node = u32::try_from(number.checked_sub(1)?).ok()?;
        (node < self.len() as NodeId).then_some(node)
    }
}

/// A 1-based child position written as an id writes it: decimal digits,
/// the first not `0`; `None` for anything else.
fn written_position(step: &[u8]) -> Option<usize> {
    if step.first().is_none_or(|&b| b == b'0') {
        return None;
    }
    step.iter().try_fold(0usize, |position, &b| {
        let digit = b.is_ascii_digit().then(|| usize::from(b - b'0'))?;
        position.checked_mul(10)?.checked_add(digit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    /// A chain `depth` deep: each level a list of a leaf and the next
    /// level (a caterpillar), so that paths read `@2.2.2...`.
    fn caterpillar(depth: usize) -> Tree {
        let text = format!("{}0{}", "[ 1 ".repeat(depth), " ]".repeat(depth));
        parse("t.tree", &text).unwrap()
    }

    /// The node reached by `steps` (1-based), independent of the ids.
    fn walk(tree: &Tree, steps: &[usize]) -> NodeId {
        steps
            .iter()
            .fold(tree.root(), |at, &s| tree.child(at, s - 1).unwrap())
    }

    #[test]
    fn paths_down_to_the_limit_then_preorder_numbers() {
        let tree = caterpillar(40);
        let at = |depth: usize| walk(&tree, &vec![2; depth]);
        assert_eq!(tree.id(at(0)), "root");
        assert_eq!(tree.id(at(1)), "@2");
        let path_32 = format!("@{}", vec!["2"; 32].join("."));
        assert_eq!(tree.id(at(32)), path_32);
        // Preorder: the root 1, then each level its leaf and the next
        // level: the node at depth d is numbered 2d + 1.
        assert_eq!(tree.id(at(33)), "@n67");
        assert_eq!(tree.id(at(40)), "@n81");
        let leaf_below_33 = tree.child(at(33), 0).unwrap();
        assert_eq!(tree.id(leaf_below_33), "@n68");
        assert_eq!(tree.id(tree.child(at(31), 0).unwrap()), {
            let mut steps = vec!["2"; 31];
            steps.push("1");
            format!("@{}", steps.join("."))
        });
    }

    #[test]
    fn every_id_finds_its_node_and_the_other_forms_find_nothing() {
        let tree = caterpillar(40);
        for node in tree.nodes() {
            assert_eq!(tree.find(&tree.id(node)), Some(node), "{}", tree.id(node));
        }
        let path_33 = format!("@{}", vec!["2"; 33].join("."));
        for other in ["@n1", "@n3", "@n0", "@n", "@n+67", "@n067", "@02", &path_33] {
            assert_eq!(tree.find(other), None, "{other}");
        }
        assert_eq!(tree.find("@n81"), Some(walk(&tree, &[2; 40])));
        assert_eq!(tree.find("@n82"), None, "past the last node");
        assert_eq!(tree.find("@n99999999999"), None);
    }

    #[test]
    fn an_id_compared_in_place_agrees_with_the_id_made() {
        let wide = format!("[ {} N = 4 ]", "1 ".repeat(40));
        let deep = caterpillar(40);
        let named = parse("t.tree", "A [ B [ 1 2 ] 3 ]").unwrap();
        for tree in [&deep, &parse("t.tree", &wide).unwrap(), &named] {
            let mut ids: Vec<String> = tree.nodes().map(|n| tree.id(n)).collect();
            let odd = [
                "", "@", "@0", "@01", "@1.", "@.1", "@+1", "@1..1", "@n", "@n02",
            ];
            ids.extend(odd.map(String::from));
            ids.extend(["@18446744073709551617", "@1.99", "Root", "root"].map(String::from));
            ids.push(format!("@{}", vec!["2"; 33].join(".")));
            for node in tree.nodes() {
                for id in &ids {
                    let made = tree.id(node) == *id;
                    assert_eq!(tree.has_id(node, id), made, "{node} {id}");
                }
            }
        }
    }

    #[test]
    fn child_paths_and_parents_at_any_depth() {
        let tree = caterpillar(40);
        let deepest = walk(&tree, &[2; 40]);
        assert_eq!(
            tree.child_path(deepest),
            format!("@{}", vec!["2"; 40].join("."))
        );
        assert_eq!(tree.child_path(tree.root()), "root");
        assert_eq!(tree.parent(deepest), Some(walk(&tree, &[2; 39])));
        assert_eq!(tree.parent(tree.root()), None);
        let named = parse("t.tree", "A [ B [ 1 2 ] 3 ]").unwrap();
        let b = named.find("B").unwrap();
        assert_eq!(named.child_path(b), "@1");
        assert_eq!(named.id(b), "B");
    }

    #[test]
    fn a_named_node_keeps_its_name_at_any_depth() {
        let text = format!("{}Deep = 1 2{}", "[ ".repeat(50), " ]".repeat(50));
        let tree = parse("t.tree", &text).unwrap();
        let deep = tree.find("Deep").unwrap();
        assert_eq!(tree.id(deep), "Deep");
        assert_eq!(tree.preorder_number(deep), 51);
    }
}
