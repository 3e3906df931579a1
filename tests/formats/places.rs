//! Refusals of the JSON and Gambit readers: what each says, and where.

use gametree::formats::{self, FormatError, ReadOptions, TreeFormat};

use super::common::gametree;

/// The error's line, column and message.
fn refused(format: TreeFormat, text: &str) -> (usize, usize, String) {
    match formats::read(format, "t", text, &ReadOptions::default()) {
        Ok(_) => panic!("{text} should be refused"),
        Err(FormatError::Syntax(e) | FormatError::Unsupported(e)) => (e.line, e.column, e.message),
        Err(other) => panic!("unexpected {other}"),
    }
}

const HEAD: &str = "EFG 2 R \"g\" { \"1\" \"2\" }\n\"\"\n";

#[test]
fn text_that_is_no_number_is_called_so() {
    let cases = [
        (
            TreeFormat::Json,
            "{\"children\": [{\"value\": \"0x10\"}, {\"value\": 1}]}".to_string(),
            (1, 31),
            "`0x10` is not a number",
        ),
        (
            TreeFormat::Json,
            "{\"kind\": \"chance\", \"children\": [\n{\"probability\": \"1/3 \", \"value\": 1}]}"
                .to_string(),
            (2, 22),
            "`1/3 ` is not a number",
        ),
        (
            TreeFormat::Efg,
            format!("{HEAD}p \"\" 1 1 \"\" {{ \"a\" }} 0\nt \"\" 1 \"\" {{ 5. -5 }}\n"),
            (4, 13),
            "`5.` is not a number",
        ),
    ];
    for (format, text, place, words) in cases {
        let (line, column, message) = refused(format, &text);
        assert_eq!((line, column), place, "{text}: {message}");
        assert!(message.starts_with(words), "{text}: {message}");
        assert!(!message.contains("more digits"), "{text}: {message}");
    }
    let outcome = gametree(["solve", "-", "--from", "json"])
        .stdin("{\"children\": [{\"value\": \"0x10\"}, {\"value\": 1}]}")
        .outcome();
    assert_eq!(outcome.code, 2);
    assert!(
        outcome
            .stderr
            .contains("<stdin>:1:31: `0x10` is not a number"),
        "{}",
        outcome.stderr
    );
}

/// An information set named `static` and a number carries a static value:
/// one gametree cannot hold is refused at the name, not dropped; a name
/// `static` and a word is a plain name.
#[test]
fn an_unreadable_static_value_in_efg_is_refused_at_its_name() {
    let game = |set: &str| {
        format!(
            "{HEAD}p \"\" 1 1 \"{set}\" {{ \"a\" \"b\" }} 0\nt \"\" 1 \"\" {{ 1 -1 }}\n\
             t \"\" 2 \"\" {{ 2 -2 }}\n"
        )
    };
    for (set, words) in [
        (
            "static 1e400",
            "a static value: the number 1e400 is too large",
        ),
        ("static 5x", "the static value `5x` is not a number"),
        ("static 5.", "a static value: `5.` is not a number"),
    ] {
        let (line, column, message) = refused(TreeFormat::Efg, &game(set));
        assert_eq!((line, column), (3, 10), "{set}: {message}");
        assert!(message.starts_with(words), "{set}: {message}");
    }
    let read = |set: &str| {
        let tree = formats::read(TreeFormat::Efg, "t", &game(set), &ReadOptions::default());
        formats::write(&tree.unwrap().tree, TreeFormat::Tree).unwrap()
    };
    assert_eq!(read("static defence"), "[a: 1 b: 2]\n");
    assert_eq!(read("static -INF"), "= -inf [a: 1 b: 2]\n");
}

/// Gambit's rule: an outcome declared again must repeat its first
/// declaration exactly; other payoffs are refused where they are given.
#[test]
fn an_efg_outcome_declared_again_with_other_payoffs_is_refused() {
    let game = |second: &str| {
        format!(
            "{HEAD}p \"\" 1 1 \"\" {{ \"a\" \"b\" }} 0\nt \"\" 1 \"\" {{ 1 -1 }}\n\
             t \"\" 1 \"\" {{ {second} }}\n"
        )
    };
    let (line, column, message) = refused(TreeFormat::Efg, &game("5 -5"));
    assert_eq!((line, column), (5, 11), "{message}");
    assert_eq!(
        message,
        "outcome 1 is declared again with other payoffs (5, -5) than on line 4 (1, -1): a \
         repeated outcome must match its first declaration"
    );
    let same = formats::read(TreeFormat::Efg, "t", &game("1 -1"), &ReadOptions::default());
    assert!(same.is_ok());
}

/// A bad `\u` escape in a JSON string is refused at the escape, on its own
/// line: it was once placed within the string alone (`1:8`).
#[test]
fn a_bad_json_escape_is_refused_where_it_stands() {
    for (text, place) in [
        (
            "{\"children\": [\n{\"value\": 1},\n{\"value\": 2},\n{\"value\": \"\\ud800\"}]}",
            (4, 12),
        ),
        (
            "{\"kind\": \"chance\", \"children\": [\n  {\"probability\": \"\\\\u\\ud800x\", \"value\": 1}]}",
            (2, 23),
        ),
        (
            "{\"children\": [{\"value\": 1}, {\"static\": \"\\ud800\", \"children\": [{}]}]}",
            (1, 41),
        ),
    ] {
        let (line, column, message) = refused(TreeFormat::Json, text);
        assert_eq!((line, column), place, "{text}: {message}");
        assert!(!message.contains("line 1"), "{message}");
    }
}

/// A label names the move into a node: the root, no move's end, has none
/// (JSON could state one, which the tree language then could not read
/// back, and `.efg` dropped).
#[test]
fn a_label_on_the_json_root_is_refused_at_the_root() {
    for json in [
        "{\"label\": \"L\", \"children\": [{\"value\": 1}, {\"value\": 2}]}",
        "\n  {\"value\": 3, \"label\": \"\"}",
    ] {
        let (line, column, message) = refused(TreeFormat::Json, json);
        assert_eq!(
            message,
            "the root has no label: a label names the move into a node, and no move leads to \
             the root"
        );
        assert_eq!(
            (line, column),
            (
                1 + usize::from(json.starts_with('\n')),
                1 + 2 * usize::from(json.starts_with('\n'))
            )
        );
    }
}

/// A `?` leaf a search needs is named with its place in JSON, as in the
/// tree language and `.efg`.
#[test]
fn an_unknown_json_leaf_a_search_needs_is_named_with_its_place() {
    let outcome = gametree(["solve", "-", "--from", "json", "--algo", "minimax"])
        .stdin("{\"children\": [\n  {\"value\": 1},\n  {\"value\": \"?\"}]}")
        .outcome();
    assert_eq!(outcome.code, 2, "{}", outcome.stderr);
    assert!(
        outcome.stderr.starts_with(
            "error: <stdin>:3:3: leaf @2 has an unknown value `?`, and minimax needs it"
        ),
        "{}",
        outcome.stderr
    );
    assert!(outcome.stderr.contains("  |   ^"), "{}", outcome.stderr);
}
