//! The language's edge cases and its error messages.

use super::*;
use crate::claim::Claim;
use crate::tree::{GameTree, NodeId, Tree};
use crate::value::{CutKind, Kind, Value};

fn tree(text: &str) -> Tree {
    parse("test", text).unwrap_or_else(|e| panic!("{text:?} should parse:\n{e}"))
}

/// Each node in preorder as `id:KIND:value`, `?` for unknown, `-` for an
/// interior node without a static value.
fn outline(text: &str) -> Vec<String> {
    let t = tree(text);
    t.nodes()
        .map(|n| {
            let value = match t.is_leaf(n) {
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
    assert_eq!(outline("[maxi = 1 Minnie = 2 infinite = 3]").len(), 4);
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
    let parsed = parse_file("test", text).unwrap();
    assert_eq!(parsed.tree.len(), 3);
    assert_eq!(parsed.expectations.len(), 1);
}

#[test]
fn children_come_back_left_to_right() {
    let t = tree("[9 8 [7 6 5] 4 3 [2 1]]");
    let values = |node: NodeId| -> Vec<String> {
        t.children(node)
            .map(|c| t.value(c).map_or("[]".into(), |v| v.to_string()))
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
    let t = parse_file(
        "test",
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
    )
    .unwrap();
    let claims: Vec<String> = t.expectations.iter().map(|e| e.claim.to_string()).collect();
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
            "value 3", // `value` is a keyword in an expect line, not a node
        ]
    );
    assert_eq!(t.expectations[0].line, 2);
    assert_eq!(
        t.expectations[3].claim,
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
            "A [ B [1 2]\n  C (3 4)\n  D [5\n  ]\n",
            1,
            3,
            "this `[` is never closed (note: the file ends at line 5, column 1)",
        ),
        (
            "A [ B [1 2]\n  C (3 4)\n  D [5\n]\n# end ]\n",
            3,
            5,
            "a bracket is never closed: the file ends at line 6, column 1, with one open",
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

/// The claim an answer line reads as, written back in the canonical form.
fn answer(line: &str) -> String {
    match parse_answers("a.answers", line) {
        Ok(read) => read[0].to_string(),
        Err(e) => panic!("{line:?} should read:\n{e}"),
    }
}

#[test]
fn answers_read_the_way_students_write_them() {
    let cases = [
        ("expect value: 5", "expect value 5"),
        ("expect value = 5", "expect value 5"),
        ("expect value is 5", "expect value 5"),
        ("EXPECT Value 5", "expect value 5"),
        ("expect best is P", "expect best P"),
        ("expect best: P", "expect best P"),
        ("expect Best P", "expect best P"),
        ("expect pruned M, V", "expect pruned M V"),
        ("expect pruned M,V", "expect pruned M V"),
        ("expect prune M V", "expect pruned M V"),
        ("expect PRUNED: M", "expect pruned M"),
        ("expect pruned none", "expect pruned none"),
        ("expect pruned nothing", "expect pruned none"),
        ("expect prune None", "expect pruned none"),
        ("expect leaves D, E, G", "expect leaves D E G"),
        ("expect evaluated: 9", "expect evaluated 9"),
        ("expect window J [3, inf]", "expect window J [3, +inf]"),
        ("expect window J [-inf, 3]", "expect window J [-inf, 3]"),
        ("expect window J [-∞, ∞]", "expect window J [-inf, +inf]"),
        (
            "expect window J [-infinity, +Infinity]",
            "expect window J [-inf, +inf]",
        ),
        ("expect window J: [2, 3]", "expect window J [2, 3]"),
        ("expect cut F Beta", "expect cut F beta"),
        ("expect cut at F: beta", "expect cut F beta"),
        ("expect beta cut at F", "expect cut F beta"),
        ("expect alpha cut F", "expect cut F alpha"),
        ("expect cut F α", "expect cut F alpha"),
        ("expect B: 2", "expect B = 2"),
        ("expect F ≥ 6", "expect F >= 6"),
        ("expect P ≤ 4", "expect P <= 4"),
        ("expect F = inf", "expect F = +inf"),
        ("  expect value 5   # a comment", "expect value 5"),
        ("expect value 5\r", "expect value 5"),
    ];
    for (line, read) in cases {
        assert_eq!(answer(line), read, "{line}");
    }
}

#[test]
fn a_key_line_says_what_it_is_worth() {
    assert_eq!(
        answer("expect value 5 [2 points]"),
        "expect value 5 [2 points]"
    );
    assert_eq!(
        answer("expect value 5 [1 point]"),
        "expect value 5 [1 point]"
    );
    assert_eq!(
        answer("expect pruned M V [0.5 pts]"),
        "expect pruned M V [0.5 points]"
    );
    assert_eq!(
        answer("expect window J [2, 3] [3 points]"),
        "expect window J [2, 3] [3 points]"
    );
    let read = parse_answers("k", "expect best P [4 points]\nexpect value 3\n").unwrap();
    assert_eq!((read[0].worth(), read[1].worth()), (4.0, 1.0));
}

#[test]
fn one_bad_answer_line_costs_that_answer_only() {
    let text = "expect value 5\nexpect cut LL alfa\nvalue 5\n# a note\n\nexpect best P\n";
    let read = read_answers("a.answers", text).unwrap();
    assert_eq!(read.len(), 4);
    assert!(read[0].is_ok() && read[3].is_ok());
    let bad = read[1].as_ref().unwrap_err();
    assert_eq!((bad.line, bad.column), (2, 15), "{bad}");
    let forgot = read[2].as_ref().unwrap_err();
    assert_eq!(forgot.line, 3);
    assert!(forgot.message.contains("starts with `expect`"), "{forgot}");
    assert_eq!(read[3].as_ref().unwrap().line, 6);
}

#[test]
fn an_answer_file_without_answers_is_refused() {
    for text in ["", "\n\n", "# only a comment\n"] {
        let error = read_answers("a.answers", text).unwrap_err();
        assert!(error.message.contains("no answers"), "{text:?}: {error}");
    }
    assert!(read_answers("a.answers", "expect value 3\0").is_err());
}

#[test]
fn an_answer_line_ends_at_the_end_of_its_line() {
    let read = read_answers("a.answers", "expect evaluated 9.0\nexpect value 3\n").unwrap();
    let error = read[0].as_ref().unwrap_err();
    assert!(error.message.contains("or the end of the line"), "{error}");
    assert!(!error.message.contains("end of the file"), "{error}");
    assert!(read[1].is_ok());
}

#[test]
fn a_byte_that_was_not_utf8_is_named_where_it_stands() {
    let text = answer_text(b"expect value 3 # caf\xe9\nexpect best caf\xe9\n".to_vec());
    let read = read_answers("a.answers", &text).unwrap();
    assert!(read[0].is_ok(), "a comment's byte costs nothing");
    let error = read[1].as_ref().unwrap_err();
    assert_eq!((error.line, error.column), (2, 16), "{error}");
    assert!(error.message.contains("not UTF-8 text"), "{error}");
}

#[test]
fn a_tree_over_the_node_limit_says_which_limit_in_its_error() {
    let limits = Limits { max_nodes: 4 };
    for text in ["[1 2 [3 4] 5]", "A [B = 1 C = 2 D [3 4]]"] {
        let e = parse_with("t", text, &limits).unwrap_err();
        assert_eq!(e.over_limit, Some(4), "{text}");
    }
    let syntax = parse_with("t", "[1 2", &limits).unwrap_err();
    assert_eq!(syntax.over_limit, None);
}

#[test]
fn chance_levels_pass_the_turn_on() {
    // MAX over chance over MIN, as AIMA's figure 5.11.
    assert_eq!(
        outline("[ chance [[1 2] 3] CHANCE [4] ]"),
        [
            "root:MAX:-",
            "@1:CHANCE:-",
            "@1.1:MIN:-",
            "@1.1.1:MAX:1",
            "@1.1.2:MAX:2",
            "@1.2:MIN:3",
            "@2:CHANCE:-",
            "@2.1:MIN:4"
        ]
    );
    // Below a chance root, MAX moves; a stated kind still rules.
    assert_eq!(
        outline("chance [ [1] min [2] ]"),
        [
            "root:CHANCE:-",
            "@1:MAX:-",
            "@1.1:MIN:1",
            "@2:MIN:-",
            "@2.1:MAX:2"
        ]
    );
}

#[test]
fn probabilities_are_decimals_or_fractions() {
    let t = tree("[ chance [ 0.25: [1 2] 3/4 : B = 5 ] C chance [ 4 5 6 ] ]");
    let root = t.root();
    let chance = t.child(root, 0).unwrap();
    let [first, second] = t.children(chance).collect::<Vec<_>>()[..] else {
        panic!("two children")
    };
    let p = |text: &str| Value::from_decimal(text).unwrap();
    assert_eq!(t.probability(chance, first), p("0.25"));
    assert_eq!(t.probability(chance, second), p("0.75"));
    let uniform = t.find("C").unwrap();
    for child in t.children(uniform) {
        assert_eq!(t.probability(uniform, child), Value::ratio(1, 3).unwrap());
    }
    // A leaf run after a probability: the probability is its first leaf's.
    let t = tree("chance [ 0.5: 1 0.5: 2 ]");
    assert_eq!(
        t.probability(t.root(), t.child(t.root(), 1).unwrap()),
        p("0.5")
    );
}

#[test]
fn probabilities_are_refused_where_they_do_not_fit() {
    let cases = [
        (
            "[ 0.5: 1 0.5: 2 ]",
            (1, 3),
            "a probability stands only before a child of a chance node, and this node is MAX",
        ),
        (
            "[ chance [ 0.7: 1 0.4: 2 ] 3 ]",
            (1, 3),
            "the probabilities of this chance node's children sum to 1.1, not 1",
        ),
        (
            "[ chance [ 0.7: 1 2 ] 3 ]",
            (1, 3),
            "1 of this chance node's 2 children state a probability: state every one, or none (equally likely)",
        ),
        (
            "[ chance [ 1.5: 1 -0.5: 2 ] ]",
            (1, 12),
            "the probability `1.5` is not between 0 and 1",
        ),
        (
            "[ chance [ 1/0: 1 1: 2 ] ]",
            (1, 12),
            "the probability `1/0` is not between 0 and 1",
        ),
        (
            "bounds 10 0\n[1 2]",
            (1, 1),
            "the leaf bounds must be two finite numbers, the lower first, not 10 and 0",
        ),
    ];
    for (text, (line, column), message) in cases {
        let e = error(text);
        assert_eq!(
            (e.line, e.column, e.message.as_str()),
            (line, column, message),
            "{text}"
        );
    }
}

#[test]
fn probabilities_within_a_billionth_of_one_are_accepted() {
    tree("chance [ 1/3: 1 1/3: 2 1/3: 3 ]");
    tree("chance [ 0.3333333333: 1 0.3333333333: 2 0.3333333334: 3 ]");
    error("chance [ 0.333: 1 0.333: 2 0.333: 3 ]");
}

#[test]
fn a_bounds_line_states_the_leaf_bounds() {
    let t = tree("# header\nbounds -1, 10.5\n[ chance [1 2] 3 ]");
    let bounds = t.leaf_bounds().unwrap();
    assert_eq!((bounds.low.to_f64(), bounds.high.to_f64()), (-1.0, 10.5));
    // `bounds` is still a name where no numbers follow.
    assert_eq!(
        tree("bounds [1 2]").id(tree("bounds [1 2]").root()),
        "bounds"
    );
}

#[test]
fn the_fast_scanner_leaves_chance_files_to_the_grammar() {
    for text in [
        "[ chance [1 2] 3 ]",
        "[ [0.5: 1 0.5: 2] ]",
        "bounds 0 9\n[1 2]",
    ] {
        let scanned = parse_using(Reader::FastScanner, "t", text, &Limits::default());
        assert!(matches!(scanned, Ok(None)), "{text}");
    }
}

/// Each node in preorder as `label>id`, `-` for no label.
fn labels(text: &str, reader: Reader) -> Vec<String> {
    let t = parse_using(reader, "test", text, &Limits::default())
        .unwrap_or_else(|e| panic!("{text:?} should parse:\n{e}"))
        .unwrap_or_else(|| panic!("{text:?} should be read by {reader:?}"));
    t.nodes()
        .map(|n| format!("{}>{}", t.label(n).unwrap_or("-".into()), t.id(n)))
        .collect()
}

#[test]
fn labels_name_the_edges_into_children() {
    let text = "[Left: B [L: 3 4] Right: C min = 2 [5] \"go 2\": 6]";
    assert_eq!(
        labels(text, Reader::Grammar),
        [
            "->root", "Left>B", "L>@1.1", "->@1.2", "Right>C", "->@2.1", "go 2>@3"
        ]
    );
    let words = "[max: 3 min: [4] _x':5]";
    assert_eq!(
        labels(words, Reader::Grammar),
        ["->root", "max>@1", "min>@2", "->@2.1", "_x'>@3"]
    );
    assert_eq!(
        outline(words),
        [
            "root:MAX:-",
            "@1:MIN:3",
            "@2:MIN:-",
            "@2.1:MAX:4",
            "@3:MIN:5"
        ]
    );
}

#[test]
fn the_fast_scanner_reads_labels_as_the_grammar_does() {
    for text in ["[Left: [1 2] Right: = 3 (4) \"a b\": ?]", "[x: 1 2 y:3]"] {
        assert_eq!(
            labels(text, Reader::FastScanner),
            labels(text, Reader::Grammar)
        );
    }
}

#[test]
fn quoted_names_may_be_keywords() {
    assert_eq!(
        outline("\"max\" [\"min\" = 3 \"a b\" [4]]"),
        ["max:MAX:-", "min:MIN:3", "a b:MIN:-", "@2.1:MAX:4"]
    );
}

#[test]
fn a_label_needs_a_child_and_its_colon_at_once() {
    assert_eq!(
        error("[Left: ]").message,
        "expected a named leaf, a leaf value or a subtree, found `]`"
    );
    assert_eq!(error("[Left : 3]").column, 7);
    assert_eq!(error("[Left: Right: 3]").column, 13);
}

#[test]
fn a_probability_stands_before_a_label() {
    let text = "[chance [0.25: Heads: 3 3/4: Tails: B = 4] 1]";
    assert_eq!(
        labels(text, Reader::Grammar),
        ["->root", "->@1", "Heads>@1.1", "Tails>B", "->@2"]
    );
    let t = tree(text);
    let heads = t.find("@1.1").unwrap();
    let quarter = Value::ratio(1, 4).unwrap();
    assert_eq!(t.probability(t.find("@1").unwrap(), heads), quarter);
    assert_eq!(
        t.stated_probability(t.find("B").unwrap()),
        Value::ratio(3, 4)
    );
    assert_eq!(error("[chance [Heads: 0.5: 3 0.5: 4]]").column, 17);
}

/// An answer naming a reserved word as a node (which no node can be) is
/// written with the word quoted, so that it reads back as the same answer
/// and not as the keyword's own claim (a fuzzing finding, seed
/// `fuzz/seeds/expect/reserved-word-node`).
#[test]
fn an_answer_naming_a_reserved_word_reads_back_as_written() {
    for line in [
        "expect evaluated:+6",
        "expect Value: -inf",
        "expect none <= 2",
    ] {
        let answer = &parse_answers("a", line).unwrap()[0];
        let written = answer.to_string();
        let again = &parse_answers("again", &written).unwrap()[0];
        assert_eq!(again.claim, answer.claim, "{line} written as {written}");
    }
    let answer = &parse_answers("a", "expect evaluated:+6").unwrap()[0];
    assert_eq!(answer.to_string(), "expect \"evaluated\" = 6");
}
