//! Writes a [`Tree`] in the tree language, names, labels, kinds and static
//! values included, so that it reads back as the same tree.

use std::fmt::Write;

use super::Node;
use crate::text::word_or_quoted;
use crate::tree::Tree;

/// The tree language's text of `tree`: one interior node a line, indented
/// by depth, leaves on their parent's line.
pub(super) fn write(tree: &Tree) -> String {
    let root = Node::from_tree(tree);
    let mut out = String::new();
    crate::stack::with_stack_for_depth(tree.depth(), || write_node(&mut out, &root, 0));
    root.drop_deep();
    out.push('\n');
    out
}

fn write_node(out: &mut String, node: &Node, depth: usize) {
    if let Some(p) = node.probability {
        let _ = write!(out, "{}: ", p.exact());
    }
    if let Some(label) = &node.label {
        let _ = write!(out, "{}: ", word_or_quoted(label, false));
    }
    if let Some(name) = &node.name {
        out.push_str(&word_or_quoted(name, true));
        out.push(' ');
    }
    if node.children.is_empty() {
        if node.name.is_some() {
            out.push_str("= ");
        }
        match node.value {
            Some(value) => {
                let _ = write!(out, "{}", value.exact());
            }
            None => out.push('?'),
        }
        return;
    }
    if let Some(kind) = node.kind {
        let _ = write!(out, "{} ", kind.to_string().to_lowercase());
    }
    if let Some(value) = node.static_value {
        let _ = write!(out, "= {} ", value.exact());
    }
    out.push('[');
    for (index, child) in node.children.iter().enumerate() {
        // After a named leaf a comma: `B = 3 [..]` would read as a static
        // value.
        let after_named_leaf = index > 0 && {
            let previous = &node.children[index - 1];
            previous.children.is_empty() && previous.name.is_some()
        };
        if after_named_leaf {
            out.push(',');
        }
        if !child.children.is_empty() {
            out.push('\n');
            out.push_str(&"  ".repeat((depth + 1).min(32)));
        } else if index > 0 {
            out.push(' ');
        }
        write_node(out, child, depth + 1);
    }
    out.push(']');
}
