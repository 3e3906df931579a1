//! The fast scanner for plain files against the pest grammar: wherever the
//! scanner accepts a text, it must build the very tree the grammar builds,
//! and it must accept every plain tree.

use gametree::syntax::{Limits, ParseError, Reader, limit_passed, parse_using, parse_with};
use gametree::tree::Tree;

/// The tree the fast scanner reads, if it reads the text.
fn parse_plain(
    path: &str,
    text: &str,
    limits: &Limits,
) -> Result<Option<Tree>, gametree::syntax::ParseError> {
    parse_using(Reader::FastScanner, path, text, limits)
}

/// The tree the grammar reads.
fn parse_general(
    path: &str,
    text: &str,
    limits: &Limits,
) -> Result<Tree, gametree::syntax::ParseError> {
    parse_using(Reader::Grammar, path, text, limits)
        .map(|t| t.expect("the grammar reads every file"))
}
use proptest::prelude::*;

/// Pieces of text, mostly plain syntax, some not.
fn pieces() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => Just("["), 4 => Just("]"), 1 => Just("("), 1 => Just(")"),
        2 => Just(","), 4 => Just(" "), 1 => Just("\n"), 1 => Just("\r\n"), 1 => Just("\t"),
        1 => Just("# note\n"), 1 => Just("#"), 1 => Just("# \0\n"), 1 => Just("\0"),
        4 => Just("1"), 2 => Just("-2"), 1 => Just("+3"), 1 => Just("3.5"), 1 => Just("1e3"),
        1 => Just("?"), 1 => Just("+inf"), 1 => Just("-INF"), 1 => Just("inf"),
        1 => Just("max"), 1 => Just("min"), 1 => Just("x"), 1 => Just("="), 1 => Just("."),
        1 => Just("99999999999999999999"), 1 => Just("-"), 1 => Just("-0"), 1 => Just("007"),
        2 => Just("= 3 "), 1 => Just("=-2.5["), 1 => Just("= ? ["),
        1 => Just("123456789012345"), 1 => Just("-1234567890123456"), 1 => Just("5?"), 1 => Just("\u{e9}"), 1 => Just("expect value 1\n"),
        1 => Just("\r"), 1 => Just("# note\r"), 1 => Just("\u{3a9}"), 1 => Just("maxé"), 1 => Just("Été = 2"),
        // Chance nodes and probabilities, which the scanner leaves to the grammar.
        1 => Just("chance "), 1 => Just("0.5:"), 1 => Just("1/2:"), 1 => Just(":"), 1 => Just("/"),
        1 => Just("bounds 0 9\n"), 1 => Just("3 :"),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// Plain trees with random separators.
fn plain_trees() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-50i64..50).prop_map(|v| v.to_string()),
        Just("?".to_string()),
        Just("-inf".to_string()),
        Just("2.5".to_string()),
    ];
    let tree = leaf.prop_recursive(6, 80, 5, |inner| {
        (
            prop::collection::vec(
                (
                    inner,
                    prop_oneof![
                        Just(" "),
                        Just(","),
                        Just(", "),
                        Just("\n  "),
                        Just(" # c\n"),
                        Just("\r"),
                        Just(" # c\r ")
                    ],
                ),
                1..5,
            ),
            any::<bool>(),
        )
            .prop_map(|(children, round)| {
                let body: String = children
                    .iter()
                    .map(|(c, sep)| format!("{c}{sep}"))
                    .collect();
                let list = match round {
                    true => format!("({body})"),
                    false => format!("[{body}]"),
                };
                match body.len() % 3 {
                    0 => format!("= {} {list}", body.len() as i64 - 9),
                    _ => list,
                }
            })
    });
    (prop_oneof![Just(""), Just("min "), Just("MAX")], tree)
        .prop_filter("a list at the root", |(_, t)| {
            t.starts_with(['[', '(', '='])
        })
        .prop_map(|(kind, tree)| format!("# generated\n{kind}{tree}\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn where_the_scanner_accepts_it_agrees_with_the_grammar(text in pieces(), limit in 1usize..12) {
        for limits in [Limits::default(), Limits { max_nodes: limit }] {
            let general = parse_general("t", &text, &limits);
            match parse_plain("t", &text, &limits) {
                Ok(Some(tree)) => prop_assert_eq!(Ok(&tree), general.as_ref()),
                Ok(None) => {}
                Err(e) => prop_assert_eq!(Err(&e), general.as_ref().map(|_| ())),
            }
            prop_assert_eq!(parse_with("t", &text, &limits), general);
        }
    }

    #[test]
    fn a_prefix_past_the_limit_gives_the_whole_file_s_error(
        text in plain_trees(),
        limit in 1usize..30,
        cut in 0.0f64..1.0,
    ) {
        let limits = Limits { max_nodes: limit };
        let mut end = (text.len() as f64 * cut) as usize;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let whole = parse_with("t", &text, &limits).map(|_| ());
        if let Some(error) = limit_passed("t", &text[..end], &limits) {
            // The same error, but for the offending line, shown as far as
            // it was read.
            let place = |e: &ParseError| (e.line, e.column, e.message.clone());
            prop_assert_eq!(whole.as_ref().map_err(place), Err(place(&error)));
            let line = &whole.as_ref().unwrap_err().source_line;
            prop_assert!(line.starts_with(&error.source_line));
        }
        // The whole file passes the limit exactly when the reader says so.
        prop_assert_eq!(limit_passed("t", &text, &limits).is_some(), whole.is_err());
    }

    #[test]
    fn the_scanner_accepts_every_plain_tree(text in plain_trees()) {
        let plain = parse_plain("t", &text, &Limits::default()).unwrap();
        prop_assert!(plain.is_some(), "not accepted: {}", text);
        prop_assert_eq!(plain.unwrap(), parse_general("t", &text, &Limits::default()).unwrap());
    }
}

/// Found by the `parse` fuzz target: a NUL byte inside a comment was
/// skipped by the scanner, while the grammar refuses every NUL byte.
#[test]
fn a_nul_byte_in_a_comment_is_left_to_the_grammar() {
    let text = "# a \0 in a comment\nmin [ [4 8] [9 2] ]\n";
    let limits = Limits::default();
    assert_eq!(parse_plain("t", text, &limits), Ok(None));
    let error = parse_with("t", text, &limits).unwrap_err();
    assert_eq!((error.line, error.column), (1, 5));
    assert!(error.message.contains("NUL byte"), "{error}");
}
