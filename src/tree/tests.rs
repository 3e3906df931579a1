//! The layout's size, and the shape it gives back.

use super::*;
use crate::syntax::parse;

/// A full tree as `gen` writes one: `branching` children a node, `depth`
/// levels, a static value before each list, integer leaves.
fn full_tree_text(branching: usize, depth: usize) -> String {
    fn write(out: &mut String, branching: usize, depth: usize, counter: &mut i64) {
        *counter += 1;
        if depth == 0 {
            out.push_str(&format!("{} ", *counter % 201 - 100));
            return;
        }
        out.push_str(&format!("= {} [ ", *counter % 41 - 20));
        for _ in 0..branching {
            write(out, branching, depth - 1, counter);
        }
        out.push_str("] ");
    }
    let mut out = String::new();
    write(&mut out, branching, depth, &mut 0);
    out
}

#[test]
fn a_plain_tree_takes_a_little_over_eight_bytes_a_node() {
    let tree = parse("t.tree", &full_tree_text(10, 4)).unwrap();
    assert_eq!(tree.len(), 11_111);
    let per_node = tree.layout_bytes() as f64 / tree.len() as f64;
    // The end of each subtree (4), the value slot (4), the player (1 bit).
    assert!(per_node <= 8.2, "{per_node} bytes a node");
}

#[test]
fn values_that_are_not_small_integers_stay_exact() {
    let text = "[ 1073741824 1073741825 -1073741825 0.1 1/3 = 2.5 [ +inf -inf ? ] ]";
    let tree = parse("t.tree", text).unwrap();
    let leaves: Vec<Option<Value>> = tree
        .nodes()
        .filter(|&n| tree.is_leaf(n))
        .map(|n| tree.value(n))
        .collect();
    let number = |text: &str| Some(Value::from_decimal(text).unwrap());
    let expected = [
        number("1073741824"),
        number("1073741825"),
        number("-1073741825"),
        number("0.1"),
        Some(Value::ratio(1, 3).unwrap()),
        Some(Value::POS_INF),
        Some(Value::NEG_INF),
        None,
    ];
    assert_eq!(leaves, expected);
    let inner = tree.child(tree.root(), 5).unwrap();
    assert_eq!(tree.static_value(inner), number("2.5"));
}

#[test]
fn children_ranges_and_siblings_follow_preorder() {
    let tree = parse("t.tree", "[ [ 1 [ 2 3 ] ] 4 [ 5 ] ]").unwrap();
    let children = |n: NodeId| tree.children(n).collect::<Vec<_>>();
    assert_eq!(children(0), [1, 6, 7]);
    assert_eq!(children(1), [2, 3]);
    assert_eq!(children(3), [4, 5]);
    assert_eq!(children(7), [8]);
    assert!(children(6).is_empty() && tree.is_leaf(6));
    for node in tree.nodes() {
        let begun = tree.children(node).next().is_none();
        assert_eq!(GameTree::is_leaf(&tree, node), begun, "node {node}");
        assert_eq!(GameTree::is_leaf(&&tree, node), begun, "node {node}");
    }
    assert_eq!(tree.subtree_range(1), 1..=5);
    assert_eq!(tree.subtree(3), [3, 4, 5]);
    assert_eq!(tree.subtree_range(8), 8..=8);
    assert_eq!(tree.next_sibling(0, 1), Some(6));
    assert_eq!(tree.next_sibling(0, 7), None);
    assert_eq!(tree.next_sibling(3, 4), Some(5));
    assert_eq!(tree.child_count(0), 3);
    assert_eq!(tree.child(0, 2), Some(7));
    assert_eq!(tree.child(0, 3), None);
}

#[test]
fn ids_of_a_wide_node_s_children_are_found_by_position() {
    let text = format!("[ {} [ 1 2 ] ]", "7 ".repeat(100));
    let tree = parse("t.tree", &text).unwrap();
    let last = tree.child(tree.root(), 100).unwrap();
    assert_eq!(tree.id(last), "@101");
    assert_eq!(tree.id(last + 2), "@101.2");
    assert_eq!(tree.id(tree.child(tree.root(), 41).unwrap()), "@42");
    for node in tree.nodes() {
        assert_eq!(tree.find(&tree.id(node)), Some(node));
    }
    assert_eq!(tree.find("@102"), None);
}
