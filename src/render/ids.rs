//! The ids of the drawn nodes, made once, in one pass down the drawing: a
//! child's path is its parent's and one more step, so no id is looked for
//! from the root again (a large diagram names each node several times).
//!
//! They are the ids [`GameTree::id`](crate::tree::GameTree::id) gives: a
//! node's name, `root`, its child path (`@2.1`) down to
//! [`PATH_ID_DEPTH`] plies, or `@n` and its preorder number below that.

use super::DrawnNode;
use super::digits::push_digits;
use crate::tree::{GameTree, NodeId, PATH_ID_DEPTH, Tree};

/// The ids and child paths of the drawn nodes, by drawn index, as spans
/// of one text.
#[derive(Debug, Default)]
pub(super) struct DrawnIds {
    text: String,
    /// Each drawn node's id.
    ids: Vec<(u32, u32)>,
    /// Each drawn node's child path, for the nodes at most
    /// [`PATH_ID_DEPTH`] plies below the root (the root's is empty).
    paths: Vec<(u32, u32)>,
}

impl DrawnIds {
    /// The ids of `drawn` (in preorder, each parent before its children).
    pub(super) fn new(tree: &Tree, drawn: &[DrawnNode]) -> DrawnIds {
        let mut ids = DrawnIds {
            text: String::with_capacity(16 * drawn.len()),
            ids: Vec::with_capacity(drawn.len()),
            paths: Vec::with_capacity(drawn.len()),
        };
        for d in drawn {
            let path = ids.push_path(d);
            let id = match tree.name(d.node) {
                Some(name) => ids.push_text(name),
                None if d.node == tree.root() => ids.push_text("root"),
                None if d.level <= PATH_ID_DEPTH => path,
                None => {
                    let start = ids.text.len();
                    ids.text.push_str("@n");
                    push_digits(&mut ids.text, tree.preorder_number(d.node));
                    (start as u32, ids.text.len() as u32)
                }
            };
            ids.ids.push(id);
        }
        ids
    }

    /// Appends `text`; its span.
    fn push_text(&mut self, text: &str) -> (u32, u32) {
        let start = self.text.len();
        self.text.push_str(text);
        (start as u32, self.text.len() as u32)
    }

    /// Appends the child path of `d`, its parent's path and its place
    /// among its brothers; its span (empty for the root, and below
    /// [`PATH_ID_DEPTH`] plies).
    fn push_path(&mut self, d: &DrawnNode) -> (u32, u32) {
        let start = self.text.len();
        let span = match d.parent_index {
            Some(p) if d.level <= PATH_ID_DEPTH => {
                let (from, to) = self.paths[p as usize];
                match from == to {
                    true => self.text.push('@'),
                    false => {
                        self.text.extend_from_within(from as usize..to as usize);
                        self.text.push('.');
                    }
                }
                push_digits(&mut self.text, u64::from(d.position) + 1);
                (start as u32, self.text.len() as u32)
            }
            _ => (start as u32, start as u32),
        };
        self.paths.push(span);
        span
    }

    /// The id of the drawn node `index`.
    pub(super) fn get(&self, index: usize) -> &str {
        let (from, to) = self.ids[index];
        &self.text[from as usize..to as usize]
    }
}

impl super::Diagram<'_> {
    /// The id of `node` ([`GameTree::id`]), without looking for it again
    /// when it is drawn.
    pub(super) fn id_of(&self, node: NodeId) -> std::borrow::Cow<'_, str> {
        let index = self.preorder[node as usize] as usize;
        match self.drawn.get(index) {
            Some(d) if d.node == node => std::borrow::Cow::Borrowed(self.ids.get(index)),
            _ => std::borrow::Cow::Owned(self.tree.id(node)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::drawn_nodes;
    use crate::syntax::parse;

    /// Every drawn node's id, made in one pass, against the tree's own.
    fn assert_same_ids(text: &str, depth: Option<usize>) {
        let tree = parse("t", text).expect("the tree parses");
        let (drawn, _) = drawn_nodes(&tree, depth);
        let ids = DrawnIds::new(&tree, &drawn);
        for (index, d) in drawn.iter().enumerate() {
            assert_eq!(ids.get(index), tree.id(d.node), "node {}", d.node);
        }
    }

    #[test]
    fn paths_names_and_the_root() {
        assert_same_ids("[[3 A = 5 [1 2]] B [4 [C = 6 7]] 8]", None);
        assert_same_ids("Top [[1 2] [3 4]]", Some(1));
    }

    #[test]
    fn wide_nodes_and_many_digits() {
        let wide: Vec<String> = (0..120).map(|k| format!("[{k} {k}]")).collect();
        assert_same_ids(&format!("[{}]", wide.join(" ")), None);
    }

    #[test]
    fn nodes_deeper_than_paths_go_by_number() {
        let depth = PATH_ID_DEPTH + 5;
        let chain = format!("{}1 2{}", "[".repeat(depth), "]".repeat(depth));
        assert_same_ids(&chain, None);
        let named = format!("X {}1 2{}", "[".repeat(depth), "]".repeat(depth));
        assert_same_ids(&named, None);
    }
}
