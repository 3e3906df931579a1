//! One rule for names, labels and numbers in every format: a name never
//! collides with an id, no name, label or answer id holds a control or
//! bidirectional character, and a number is exact or refused, each refusal
//! with its place.

mod common;

use gametree::formats::{self, ReadOptions, TreeFormat};
use gametree::syntax;
use gametree::tree::{GameTree, Tree};
use proptest::prelude::*;

/// `file:line:column: message` of reading `text` as `format`, which must
/// fail; the whole display is checked to hold no hidden character.
#[track_caller]
fn refusal(format: TreeFormat, text: &str) -> String {
    let error = match formats::read(format, "f", text, &ReadOptions::default()) {
        Ok(_) => panic!("{text:?} should be refused"),
        Err(e) => e.to_string(),
    };
    assert!(!shows_hidden(&error), "shown raw: {error:?}");
    error.lines().next().unwrap().to_string()
}

/// Whether a message shows a hidden character raw (line ends apart).
fn shows_hidden(text: &str) -> bool {
    text.chars()
        .any(|c| c != '\n' && gametree::text::is_hidden(c))
}

/// Reads `text` as `format`, which must succeed.
#[track_caller]
fn read(format: TreeFormat, text: &str) -> Tree {
    formats::read(format, "f", text, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
        .tree
}

const EFG_HEAD: &str = "EFG 2 R \"g\" { \"1\" \"2\" }\n\"\"\n";

/// A Gambit game: a root `p` node named `root_name` with two terminal
/// children named `a` and `b`, the actions `left` and `right`, with the
/// payoffs `x` and `y`.
fn efg(
    root_name: &str,
    (a, b): (&str, &str),
    (left, right): (&str, &str),
    (x, y): (&str, &str),
) -> String {
    format!(
        "{EFG_HEAD}p \"{root_name}\" 1 1 \"\" {{ \"{left}\" \"{right}\" }} 0\n\
         t \"{a}\" 1 \"\" {{ {x} }}\nt \"{b}\" 2 \"\" {{ {y} }}\n"
    )
}

/// A CS188 case of one agent: `a` moves to `b` by `action`; `b` is worth
/// `value`.
fn case(action: &str, b: &str, value: &str) -> String {
    format!(
        "class: \"GraphGameTreeTest\"\nalg: \"MinimaxAgent\"\ndepth: \"1\"\nnum_agents: \"1\"\n\
         start_state: \"a\"\nwin_states: \"\"\nlose_states: \"\"\nsuccessors: \"\"\"\n\
         a {action} {b}\na other c\n\"\"\"\nevaluation: \"\"\"\n{b} {value}\nc 0\n\"\"\"\n"
    )
}

#[test]
fn names_that_look_like_ids_are_refused_in_every_format() {
    let starts = "starts with `@`, as the ids of unnamed nodes do";
    let tree = refusal(TreeFormat::Tree, "[ \"@2\" = 9 3 ]\nexpect best @2\n");
    assert!(
        tree.starts_with("f:1:3: the name `@2` ") && tree.contains(starts),
        "{tree}"
    );
    let json = refusal(
        TreeFormat::Json,
        "{\"children\": [{\"name\": \"@1.1\", \"value\": 9}, {\"value\": 3}]}",
    );
    assert!(json.starts_with("f:1:29: the name `@1.1` "), "{json}");
    let gambit = refusal(
        TreeFormat::Efg,
        &efg("A", ("@2", ""), ("", ""), ("1, -1", "2, -2")),
    );
    assert!(gambit.starts_with("f:4:3: the name `@2` "), "{gambit}");
    // A CS188 state that cannot name a node leaves it unnamed: its id is
    // its path, and the state is kept beside the tree.
    let read = formats::read(
        TreeFormat::Cs188,
        "f",
        &case("go", "@2", "5"),
        &ReadOptions::default(),
    )
    .unwrap();
    let ids: Vec<String> = read.tree.nodes().map(|n| read.tree.id(n)).collect();
    assert_eq!(ids, ["a", "@1", "c"]);
    let states = read.case.unwrap().states;
    assert_eq!(states[&read.tree.find("@1").unwrap()], "@2");
}

#[test]
fn words_that_ids_and_expect_lines_read_are_refused_as_names() {
    let words = ["none", "Nothing", "VALUE", "evaluated", "inf", "Infinity"];
    for word in words {
        for text in [
            format!("[ {word} = 1 2 ]"),
            format!("[ \"{word}\" = 1 2 ]"),
            format!("{word} [ 1 2 ]"),
        ] {
            let error = refusal(TreeFormat::Tree, &text);
            assert!(
                error.contains("cannot name a node: `expect` lines read"),
                "{error}"
            );
        }
        let json = format!("{{\"name\": \"{word}\", \"children\": [{{\"value\": 1}}]}}");
        assert!(
            refusal(TreeFormat::Json, &json).contains("cannot name a node"),
            "{word}"
        );
        let gambit = efg("A", ("B", word), ("", ""), ("1, -1", "2, -2"));
        assert!(
            refusal(TreeFormat::Efg, &gambit).starts_with("f:5:3: "),
            "{word}"
        );
    }
    let root = "`root` is reserved for the unnamed root";
    assert!(refusal(TreeFormat::Tree, "[ root = 1 2 ]").contains(root));
    let json = "{\"children\": [{\"name\": \"root\", \"value\": 1}]}";
    assert!(refusal(TreeFormat::Json, json).contains(root));
    let gambit = refusal(
        TreeFormat::Efg,
        &efg("A", ("root", ""), ("", ""), ("1, -1", "2, -2")),
    );
    assert!(
        gambit.starts_with("f:4:3: ") && gambit.contains(root),
        "{gambit}"
    );
    // The root may be named `root`, in every format.
    let rooted = read(TreeFormat::Tree, "root [ 1 2 ]");
    assert_eq!(rooted.find("root"), Some(rooted.root()));
    let named_root = read(
        TreeFormat::Efg,
        &efg("root", ("", ""), ("", ""), ("1, -1", "2, -2")),
    );
    assert_eq!(named_root.find("root"), Some(named_root.root()));
}

#[test]
fn expect_lines_read_their_words_and_the_nodes_they_name_apart() {
    let text = "A [ best = +inf  B = 2 ]\nexpect best = inf\nexpect pruned none\nexpect best B\n";
    let parsed = syntax::parse_file("t", text).unwrap();
    let claims: Vec<String> = parsed
        .expectations
        .iter()
        .map(|e| format!("{:?}", e.claim))
        .collect();
    assert!(claims[0].starts_with("Node { node: \"best\""), "{claims:?}");
    assert_eq!(claims[1], "Pruned([])");
    assert_eq!(claims[2], "Best(\"B\")");
}

/// Names drawn from a pool holding ids, reserved words and plain names.
fn named_trees() -> impl Strategy<Value = String> {
    let pool = prop::sample::select(vec![
        "A", "B", "C", "@1", "@2.1", "@", "root", "none", "value", "inf", "Root", "x y", "ñ", "@x",
        "",
    ]);
    let leaf = (pool.clone(), -3i32..4).prop_map(|(name, v)| match name {
        "" => v.to_string(),
        name => format!("\"{name}\" = {v}"),
    });
    leaf.prop_recursive(3, 20, 3, move |inner| {
        (pool.clone(), prop::collection::vec(inner, 1..4)).prop_map(|(name, children)| {
            let name = match name {
                "" => String::new(),
                name => format!("\"{name}\" "),
            };
            format!("{name}[{}]", children.join(" "))
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever names a file gives, the tree read (if read) gives each node
    /// one id of its own, which finds that node and no other.
    #[test]
    fn every_id_finds_its_own_node_and_no_other(text in named_trees()) {
        let Ok(tree) = syntax::parse("t", &text) else {
            return Ok(());
        };
        let mut seen = std::collections::HashSet::new();
        for node in tree.nodes() {
            let id = tree.id(node);
            prop_assert!(seen.insert(id.clone()), "{} names two nodes in {}", id, text);
            prop_assert_eq!(tree.find(&id), Some(node), "{} in {}", id, text);
        }
    }
}

#[test]
fn hidden_characters_are_refused_in_names_and_labels_in_every_format() {
    let cases = [
        (
            TreeFormat::Tree,
            "[ \"a\u{1b}[31mb\" = 1 2 ]".to_string(),
            "f:1:5:",
            "U+001B",
        ),
        (
            TreeFormat::Tree,
            "[ \"go\u{202e}\": 1 2 ]".to_string(),
            "f:1:6:",
            "U+202E",
        ),
        (
            TreeFormat::Tree,
            "[ L: 1 \"\u{7f}\": 2 ]".to_string(),
            "f:1:9:",
            "U+007F",
        ),
        (
            TreeFormat::Tree,
            "A [ \"\u{2066}\" = 1 ]".to_string(),
            "f:1:6:",
            "U+2066",
        ),
        (
            TreeFormat::Tree,
            "[ \"\u{85}\": 1 2 ]".to_string(),
            "f:1:4:",
            "U+0085",
        ),
        (
            TreeFormat::Json,
            "{\"name\": \"a\\u0000b\", \"children\": [{\"value\": 1}]}".to_string(),
            "f:1:19:",
            "U+0000",
        ),
        (
            TreeFormat::Json,
            "{\"children\": [{\"label\": \"\\u001b[2J\", \"value\": 1}]}".to_string(),
            "f:1:35:",
            "U+001B",
        ),
        (
            TreeFormat::Efg,
            efg("A\u{1b}", ("", ""), ("", ""), ("1, -1", "2, -2")),
            "f:3:5:",
            "U+001B",
        ),
        (
            TreeFormat::Efg,
            efg("A", ("", ""), ("l\\\"\u{202d}", ""), ("1, -1", "2, -2")),
            "f:3:20:",
            "U+202D",
        ),
        (
            TreeFormat::Cs188,
            case("g\u{1b}o", "b", "5"),
            "f:9:4:",
            "U+001B",
        ),
        (
            TreeFormat::Cs188,
            case("go", "\u{9b}b", "5"),
            "f:9:6:",
            "U+009B",
        ),
    ];
    for (format, text, place, code) in cases {
        let error = refusal(format, &text);
        assert!(
            error.starts_with(place)
                && error.contains(&format!("{code}, which no name or label may hold")),
            "{format:?} {text:?}: {error}"
        );
    }
}

#[test]
fn an_answer_id_holding_a_hidden_character_is_an_unreadable_line() {
    let text = "expect value 3\nexpect best \"zz\u{1}\u{1b}[2Jq\"\nexpect pruned A \u{202e}B\n";
    let answers = syntax::read_answers("a", text).unwrap();
    assert!(answers[0].is_ok());
    let error = answers[1].as_ref().unwrap_err();
    assert_eq!((error.line, error.column), (2, 16));
    assert_eq!(
        error.message,
        "this id holds the control character U+0001, which no name or label may hold"
    );
    assert!(!shows_hidden(&error.to_string()), "{error}");
    // An unquoted id cannot hold one: the line does not read there.
    let error = answers[2].as_ref().unwrap_err();
    assert_eq!((error.line, error.column), (3, 17));
    assert!(error.message.contains("U+202E"), "{}", error.message);
}

#[test]
fn check_never_echoes_a_hidden_character() {
    let dir = std::env::temp_dir().join(format!("gametree-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tree = dir.join("t.tree");
    let answers = dir.join("a.ans");
    std::fs::write(&tree, "[ A = 3  B = 2 ]\nexpect best A\n").unwrap();
    std::fs::write(
        &answers,
        "expect best \"zz\u{1}\u{1b}[2Jq\"\nexpect zz\u{1b}[2J = 3\n",
    )
    .unwrap();
    let output =
        common::gametree(["check", tree.to_str().unwrap(), answers.to_str().unwrap()]).output();
    std::fs::remove_dir_all(&dir).unwrap();
    let both = [output.stdout, output.stderr].concat();
    let both = String::from_utf8_lossy(&both);
    assert!(both.contains("U+0001"), "{both}");
    assert!(!shows_hidden(&both), "{both:?}");
}

#[test]
fn numbers_beyond_the_exact_range_are_refused_in_every_format() {
    let too_large =
        "is too large: finite values must lie between -9007199254740992 and 9007199254740992";
    let cases = [
        (
            TreeFormat::Tree,
            "[9007199254740993.0 1]".to_string(),
            "f:1:2:",
        ),
        (
            TreeFormat::Tree,
            "[1 9.007199254740993e15]".to_string(),
            "f:1:4:",
        ),
        (
            TreeFormat::Json,
            "{\"children\": [{\"value\": 9007199254740993}, {\"value\": 1}]}".to_string(),
            "f:1:41:",
        ),
        (
            TreeFormat::Json,
            "{\"static\": -9007199254740993, \"children\": [{}]}".to_string(),
            "f:1:28:",
        ),
        (
            TreeFormat::Efg,
            efg("", ("", ""), ("", ""), ("9007199254740993, 0", "1, 0")),
            "f:4:13:",
        ),
        (
            TreeFormat::Efg,
            efg("", ("", ""), ("", ""), ("1, 0", "18014398509481986/2, 0")),
            "f:5:13:",
        ),
        (
            TreeFormat::Cs188,
            case("go", "b", "9007199254740993"),
            "f:13:3:",
        ),
    ];
    for (format, text, place) in cases {
        let error = refusal(format, &text);
        assert!(
            error.starts_with(place) && error.contains(too_large),
            "{format:?}: {error}"
        );
    }
    // 2^53 itself is exact, in every form.
    let json =
        "{\"children\": [{\"value\": 9007199254740992.0}, {\"value\": -9.007199254740992e15}]}";
    let tree = read(TreeFormat::Json, json);
    let first = tree.nodes().find(|&n| tree.is_leaf(n)).unwrap();
    assert_eq!(tree.value(first).unwrap().to_f64(), 9_007_199_254_740_992.0);
    let gambit = read(
        TreeFormat::Efg,
        &efg(
            "",
            ("", ""),
            ("", ""),
            ("9007199254740992, -9007199254740992", "1, -1"),
        ),
    );
    let first = gambit.nodes().find(|&n| gambit.is_leaf(n)).unwrap();
    assert_eq!(
        gambit.value(first).unwrap().to_f64(),
        9_007_199_254_740_992.0
    );
}

#[test]
fn a_json_number_too_large_is_quoted_as_written() {
    let error = refusal(TreeFormat::Json, "{\"value\": 1e300}");
    assert_eq!(
        error,
        "f:1:16: the number 1e300 is too large: finite values must lie between \
         -9007199254740992 and 9007199254740992 (write \"+inf\" or \"-inf\" for infinities)"
    );
    let digits = "9".repeat(400);
    let error = refusal(TreeFormat::Json, &format!("{{\"value\": {digits}}}"));
    assert!(
        error.len() < 300 && error.contains("99999...99999"),
        "{error}"
    );
}
