//! The parser on arbitrary bytes: never a panic; valid UTF-8 is parsed by
//! the fast path and the general parser, which must agree.

#![no_main]

use gametree::syntax::{self, Limits};
use gametree::tree::GameTree;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let limits = Limits::default();
    let general = syntax::parse_using(syntax::Reader::Grammar, "fuzz", &text, &limits)
        .map(|tree| tree.expect("the grammar reads every file"));
    let chosen = syntax::parse_with("fuzz", &text, &limits);
    match (&general, &chosen) {
        (Ok(a), Ok(b)) => assert_eq!(shape(a), shape(b), "fast and general trees differ"),
        (Err(a), Err(b)) => assert_eq!(a, b, "fast and general errors differ"),
        _ => panic!("one parser accepts, the other refuses: {general:?} / {chosen:?}"),
    }
    if let Ok(Some(plain)) =
        syntax::parse_using(syntax::Reader::FastScanner, "fuzz", &text, &limits)
    {
        let general = general
            .as_ref()
            .expect("the general parser accepts a plain file");
        assert_eq!(
            shape(&plain),
            shape(general),
            "plain and general trees differ"
        );
    }
    // A reader that stops early at the node limit refuses a file the whole
    // reading refuses too; where the whole reading also refuses it for the
    // limit, at the same place. (A syntax error further on, such as a
    // bracket the file never closes, is seen only by the whole reading.)
    let tight = Limits { max_nodes: 3 };
    let mut half = text.len() / 2;
    while !text.is_char_boundary(half) {
        half -= 1;
    }
    if let Some(early) = syntax::limit_passed("fuzz", &text[..half], &tight) {
        let whole = syntax::parse_with("fuzz", &text, &tight).expect_err("the limit is passed");
        if whole.message == early.message {
            assert_eq!(
                (whole.line, whole.column),
                (early.line, early.column),
                "stopping early moves the limit's error"
            );
        }
    }
    if let Ok(tree) = &general {
        // A tight node limit is refused cleanly, never a panic.
        let small = Limits {
            max_nodes: tree.len() / 2,
        };
        let limited = syntax::parse_with("fuzz", &text, &small);
        assert_eq!(limited.is_ok(), tree.len() <= small.max_nodes);
    }
});

/// Everything the searches read of a tree, in preorder.
fn shape(tree: &gametree::tree::Tree) -> Vec<(String, String, Option<String>, usize)> {
    tree.nodes()
        .map(|n| {
            (
                tree.id(n),
                tree.kind(n).to_string(),
                tree.value(n).map(|v| v.to_string()),
                tree.child_count(n),
            )
        })
        .collect()
}
