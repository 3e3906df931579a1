//! petgraph's view of a [`Tree`]: its graph traits, so that petgraph's
//! traversals and algorithms (`depth_first_search`, `Bfs`, `toposort`...)
//! walk a file's tree as they walk one of petgraph's graphs, each edge from
//! a parent to a child, children in file order.

use std::collections::HashSet;

use petgraph::visit::{GraphBase, IntoNeighbors, NodeCount, NodeIndexable, Visitable};

use super::{Children, GameTree, NodeId, Tree};

impl GraphBase for Tree {
    type NodeId = NodeId;
    /// An edge is its parent and its child.
    type EdgeId = (NodeId, NodeId);
}

impl<'a> IntoNeighbors for &'a Tree {
    type Neighbors = Children<'a>;

    fn neighbors(self, node: NodeId) -> Children<'a> {
        self.children(node)
    }
}

impl Visitable for Tree {
    type Map = HashSet<NodeId>;

    fn visit_map(&self) -> HashSet<NodeId> {
        HashSet::new()
    }

    fn reset_map(&self, map: &mut HashSet<NodeId>) {
        map.clear();
    }
}

impl NodeCount for Tree {
    fn node_count(&self) -> usize {
        self.len()
    }
}

impl NodeIndexable for Tree {
    fn node_bound(&self) -> usize {
        self.len()
    }

    fn to_index(&self, node: NodeId) -> usize {
        node as usize
    }

    fn from_index(&self, index: usize) -> NodeId {
        index as NodeId
    }
}

#[cfg(test)]
mod tests {
    use petgraph::visit::{Bfs, DfsEvent, depth_first_search};

    use super::*;
    use crate::syntax::parse;

    #[test]
    fn petgraph_walks_the_tree_in_file_order() {
        let tree = parse("t.tree", "[ [ 1 [ 2 3 ] ] 4 [ 5 ] ]").unwrap();
        let mut discovered = Vec::new();
        let mut edges = Vec::new();
        depth_first_search(&tree, [tree.root()], |event| match event {
            DfsEvent::Discover(node, _) => discovered.push(node),
            DfsEvent::TreeEdge(parent, child) => edges.push((parent, child)),
            _ => {}
        });
        assert_eq!(discovered, tree.nodes().collect::<Vec<_>>());
        assert_eq!(edges.len(), tree.len() - 1);
        for (parent, child) in edges {
            assert_eq!(tree.parent(child), Some(parent));
        }
        let mut bfs = Bfs::new(&tree, tree.root());
        let mut levels = Vec::new();
        while let Some(node) = bfs.next(&tree) {
            levels.push(tree.id(node));
        }
        let expected = ["root", "@1", "@2", "@3", "@1.1", "@1.2", "@3.1"];
        assert_eq!(levels[..7], expected);
        assert_eq!(levels.len(), 9);
    }
}
