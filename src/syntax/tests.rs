//! The language's edge cases and its error messages.

use super::*;
use crate::tree::{GameTree, NodeId, Tree};
use crate::value::{CutKind, Kind};

fn tree(text: &str) -> Tree {
    parse("test", text).unwrap_or_else(|e| panic!("{text:?} should parse:\n{e}"))
}

/// Each node in preorder as `id:KIND:value`, `?` for unknown, `-` for an
/// interior node without a static value.
fn outline(text: &str) -> Vec<String> {
    let t = tree(text);
    t.nodes()
        .map(|n| {
            let value = match t.children_slice(n).is_empty() {
                true => t.value(n).map_or("?".into(), |v| v.to_string()),
                false => t.static_value(n).map_or("-".into(), |v| v.to_string()),
            };
            format!("{}:{}:{value}", t.id(n), t.kind(n))
        })
        .collect()
}

fn error(text: &str) -> ParseError {
    match parse("test", text) {
        Ok(_) => panic!("{text:?} should not parse"),
        Err(e) => e,
    }
}

#[test]
fn commas_brackets_and_parentheses_are_interchangeable() {
    let plain = outline("[[3 12 8] [2 4 6]]");
    assert_eq!(outline("[[3, 12, 8], [2, 4, 6]]"), plain);
    assert_eq!(outline("[[3, 12, 8,], [2, 4, 6,],]"), plain);
    assert_eq!(outline("((3 12 8) (2 4 6))"), plain);
    assert_eq!(outline("([3 12 8] (2, 4 6))"), plain);
}

#[test]
fn kinds_alternate_from_a_max_root_unless_stated() {
    assert_eq!(
        outline("[[1] 2]"),
        ["root:MAX:-", "@1:MIN:-", "@1.1:MAX:1", "@2:MIN:2"]
    );
    assert_eq!(
        outline("min [ MIN [1] max [2] ]"),
        [
            "root:MIN:-",
            "@1:MIN:-",
            "@1.1:MAX:1",
            "@2:MAX:-",
            "@2.1:MIN:2"
        ]
    );
}

#[test]
fn names_values_unknowns_and_static_values() {
    assert_eq!(
        outline("A [ B min = 3 [ D = 2  E = ? ]  -1.5  F = +inf  -INF ]"),
        [
            "A:MAX:-",
            "B:MIN:3",
            "D:MAX:2",
            "E:MAX:?",
            "@2:MIN:-1.5",
            "F:MIN:+inf",
            "@4:MIN:-inf"
        ]
    );
}

#[test]
fn a_name_given_a_value_before_brackets_is_a_static_value() {
    assert_eq!(outline("[A = 3 [1 2]]")[1], "A:MIN:3");
    assert_eq!(outline("[A = 3, [1 2]]")[1..3], ["A:MIN:3", "@2:MIN:-"]);
}

#[test]
fn names_may_look_like_keywords_without_being_them() {
    assert_eq!(outline("[maxi = 1 Minnie = 2 inf = 3]").len(), 4);
    assert_eq!(outline("[x' = 1 _y2 = 2]")[1], "x':MIN:1");
}

#[test]
fn a_single_leaf_is_a_tree() {
    assert_eq!(outline("5"), ["root:MAX:5"]);
    assert_eq!(outline("A = 5"), ["A:MAX:5"]);
}

#[test]
fn comments_blank_lines_crlf_and_a_byte_order_mark_are_accepted() {
    let text = "\u{feff}# a comment\r\n\r\n[ 1 # one\r\n  2 ]\r\nexpect value 2 # why\r\n";
    let t = tree(text);
    assert_eq!(t.len(), 3);
    assert_eq!(t.expectations().len(), 1);
}

#[test]
fn children_come_back_left_to_right() {
    let t = tree("[9 8 [7 6 5] 4 3 [2 1]]");
    let values = |node: NodeId| -> Vec<String> {
        t.children_slice(node)
            .iter()
            .map(|c| t.value(*c).map_or("[]".into(), |v| v.to_string()))
            .collect()
    };
    assert_eq!(values(t.root()), ["9", "8", "[]", "4", "3", "[]"]);
    assert_eq!(values(t.find("@3").unwrap()), ["7", "6", "5"]);
    assert_eq!(values(t.find("@6").unwrap()), ["2", "1"]);
}

#[test]
fn ids_find_their_nodes() {
    let t = tree("A [ B [1 2] [3 C = 4] ]");
    for id in ["A", "B", "@1.1", "@1.2", "@2", "@2.1", "C"] {
        assert_eq!(t.id(t.find(id).unwrap()), id);
    }
    assert_eq!(t.find("root"), None, "the root is named A");
    assert_eq!(t.find("@2.2"), None, "named C, not @2.2");
    assert_eq!(t.find("@3"), None);
    assert_eq!(t.find("2"), None);
    let plain = tree("[1 2]");
    assert_eq!(plain.find("root"), Some(plain.root()));
}

#[test]
fn every_expectation_form_is_read() {
    let t = tree(
        "A [ B = 1 ]
         expect value 5
         expect pruned H T
         expect cut F beta
         expect cut P ALPHA
         expect B = 2
         expect F >= 6
         expect P<=4
         expect leaves D E @1.2
         expect best I
         expect evaluated 9
         expect window J [2, +inf]
         expect value = 3",
    );
    let claims: Vec<String> = t
        .expectations()
        .iter()
        .map(|e| e.claim.to_string())
        .collect();
    assert_eq!(
        claims,
        [
            "value 5",
            "pruned H T",
            "cut F beta",
            "cut P alpha",
            "B = 2",
            "F >= 6",
            "P <= 4",
            "leaves D E @1.2",
            "best I",
            "evaluated 9",
            "window J [2, +inf]",
            "value = 3",
        ]
    );
    assert_eq!(t.expectations()[0].line, 2);
    assert_eq!(
        t.expectations()[3].claim,
        Claim::Cut {
            node: "P".into(),
            kind: CutKind::Alpha
        }
    );
}

#[test]
fn an_expectation_is_one_line() {
    let e = error("[1]\nexpect pruned A\nB");
    assert_eq!((e.line, e.column), (3, 1));
}

#[test]
fn errors_point_at_the_place_and_say_what_was_expected() {
    let cases = [
        (
            "[1 2",
            1,
            1,
            "this `[` is never closed (note: the file ends at line 1, column 5)",
        ),
        (
            "A [ B [1 2]\n  C (3 4)\n  D [5\n]\n# end ]\n",
            1,
            3,
            "this `[` is never closed (note: the file ends at line 6, column 1)",
        ),
        ("[1 2)", 1, 5, "found `)`"),
        ("[A =]", 1, 5, "expected a leaf value, found `]`"),
        (
            "[A B]",
            1,
            4,
            "expected `max`/`min`, `=` or `[`/`(`, found `B`",
        ),
        ("[1x]", 1, 2, "found `1`"),
        (
            "[1 2]\n[3]",
            2,
            1,
            "expected an `expect` line or the end of the file",
        ),
        (
            "[1]\nexpect cut A gamma",
            2,
            14,
            "expected `alpha` or `beta`",
        ),
        (
            "[A = 1 [B = 2 A = 3]]",
            1,
            15,
            "duplicate name `A`: already used on line 1",
        ),
        ("[1 root = 2]", 1, 4, "`root` is reserved"),
        ("   \n  ", 2, 3, "the file has no tree"),
        ("[1 1e999]", 1, 4, "the number 1e999 is too large"),
        ("[1]\nexpect value 1e999", 2, 14, "too large"),
        ("[A = 1 B = 99999999999999999]", 1, 12, "too large"),
    ];
    for (text, line, column, words) in cases {
        let e = error(text);
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        assert!(e.message.contains(words), "{text:?}: {}", e.message);
    }
}

#[test]
fn the_message_shows_the_line_and_a_caret() {
    let shown = error("[3 12 8]\n[A = 1 B = ]").to_string();
    assert_eq!(
        shown,
        "test:2:1: expected an `expect` line or the end of the file, found `[`\n  |\n2 | [A = 1 B = ]\n  | ^"
    );
}

#[test]
fn nesting_beyond_the_limit_is_refused_with_its_place() {
    let deep = "[".repeat(MAX_DEPTH + 1);
    let e = error(&deep);
    assert_eq!((e.line, e.column), (1, MAX_DEPTH + 1));
    assert!(e.message.contains("nested more than"));
}

#[test]
fn nesting_up_to_the_limit_parses() {
    let text = format!("{}1{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    let t = tree(&text);
    assert_eq!(t.depth(), MAX_DEPTH);
    assert_eq!(t.len(), MAX_DEPTH + 1);
}

#[test]
fn the_node_limit_refuses_a_tree_while_reading_it() {
    let limits = Limits { max_nodes: 3 };
    assert!(parse_with("test", "[1 2]", &limits).is_ok());
    let e = parse_with("test", "[1 2 3]", &limits).unwrap_err();
    assert!(e.message.contains("more than 3 nodes"), "{}", e.message);
}

#[test]
fn kinds_are_read_in_any_case() {
    let t = tree("MiN [ mAx [1] ]");
    assert_eq!(t.kind(t.root()), Kind::Min);
    assert_eq!(t.kind(t.find("@1").unwrap()), Kind::Max);
}

#[test]
fn a_long_line_is_shown_around_the_error_only() {
    let text = format!("[{}x]", "1 ".repeat(1000));
    let shown = error(&text).to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 4, "{shown}");
    assert!(lines[0].starts_with("test:1:2003: "), "{shown}");
    assert_eq!(lines[2], format!("1 | ...{} x]", " 1".repeat(29)));
    let caret = lines[3].find('^').unwrap();
    assert_eq!(&lines[2][caret..caret + 1], "]", "{shown}");
}

#[test]
fn a_short_line_is_shown_whole() {
    let shown = error("[1 2 x]").to_string();
    assert!(shown.ends_with("1 | [1 2 x]\n  |       ^"), "{shown}");
}
