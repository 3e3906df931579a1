//! The course formats: CS188 cases against their own solutions, JSON and
//! Gambit trees read, written and converted.

#[path = "../common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};

use common::{Outcome, gametree};

/// The `.test` files of a question's folder, sorted.
fn cases(question: &str) -> Vec<PathBuf> {
    let folder = Path::new("tests/data/cs188").join(question);
    let mut cases: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "test"))
        .collect();
    cases.sort();
    cases
}

/// The action and the generated states a `.solution` file holds (older
/// copies call the set `expanded`).
fn solution(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path.with_extension("solution")).unwrap();
    let field = |keys: &[&str]| {
        text.lines()
            .find_map(|l| {
                let (key, value) = l.split_once(": ")?;
                keys.contains(&key)
                    .then(|| value.trim_matches('"').to_string())
            })
            .unwrap_or_else(|| panic!("{} has no {keys:?}", path.display()))
    };
    (field(&["action"]), field(&["generated", "expanded"]))
}

fn check_question(question: &str, count: usize) {
    let cases = cases(question);
    assert_eq!(cases.len(), count, "cases of {question}");
    for case in cases {
        let Outcome {
            code,
            stdout: out,
            stderr: err,
        } = gametree(["solve", case.to_str().unwrap(), "--cs188-solution"]).outcome();
        assert_eq!(code, 0, "{}: {err}", case.display());
        let (action, generated) = solution(&case);
        let expected = format!("action: \"{action}\"\ngenerated: \"{generated}\"\n");
        assert_eq!(out, expected, "{}", case.display());
    }
}

#[test]
fn every_minimax_case_gives_its_solution() {
    check_question("q2", 23);
}

#[test]
fn every_alpha_beta_case_gives_its_solution() {
    check_question("q3", 23);
}

#[test]
fn every_expectimax_case_gives_its_solution() {
    check_question("q4", 6);
}

#[test]
fn alpha_beta_cases_need_the_strict_convention_and_the_case_s_agent() {
    let tied = "tests/data/cs188/q3/0-tied-root.test";
    let Outcome { stdout: strict, .. } = gametree(["solve", tied, "--cs188-solution"]).outcome();
    let Outcome {
        stdout: not_strict, ..
    } = gametree(["solve", tied, "--cs188-solution", "--no-strict"]).outcome();
    assert_ne!(strict, not_strict);
    let pruning = "tests/data/cs188/q3/1-alpha-beta-pruning.test";
    let Outcome { stdout: own, .. } = gametree(["solve", pruning, "--cs188-solution"]).outcome();
    let Outcome {
        stdout: minimax, ..
    } = gametree(["solve", pruning, "--cs188-solution", "--algo", "minimax"]).outcome();
    assert_ne!(own, minimax);
}

#[test]
fn a_case_is_solved_with_its_actions_and_states() {
    let case = "tests/data/cs188/q2/1-1-minmax.test";
    let Outcome {
        code, stdout: out, ..
    } = gametree(["solve", case]).outcome();
    assert_eq!(code, 0);
    assert!(
        out.starts_with("algorithm: minimax\nvalue: -3\nbest move: b1 (Left)\n"),
        "{out}"
    );
    // Depth 1 (two plies) values c1 at -4 at the horizon; two rounds
    // search on to d1 and d2 below it.
    let vary = "tests/data/cs188/q2/2-1a-vary-depth.test";
    let Outcome { stdout: out, .. } = gametree(["solve", vary]).outcome();
    assert!(out.contains("value: -4\n"), "{out}");
    let Outcome { stdout: out, .. } = gametree(["solve", vary, "--rounds", "2"]).outcome();
    assert!(out.contains("value: -3\n"), "{out}");
}

#[test]
fn keyword_states_keep_working() {
    let case = "tests/data/cs188/q2/0-tied-root.test";
    let Outcome {
        code,
        stdout: out,
        stderr: err,
    } = gametree(["solve", case, "--json"]).outcome();
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"best_move\": \"min1\""), "{out}");
    let Outcome { stdout: out, .. } = gametree(["trace", case]).outcome();
    assert!(out.contains("enter max"), "{out}");
}

#[test]
fn a_broken_case_is_refused_with_its_place() {
    let dir = std::env::temp_dir().join(format!("gametree-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.test");
    let text = "class: \"GraphGameTreeTest\"\nalg: \"MinimaxAgent\"\ndepth: \"2\"\n\
                num_agents: \"2\"\nstart_state: \"a\"\nwin_states: \"b\"\nlose_states: \"\"\n\
                successors: \"\"\"\na Left b\na Right\n\"\"\"\nevaluation: \"\"\"\nb 1\n\"\"\"\n";
    std::fs::write(&path, text).unwrap();
    let Outcome {
        code, stderr: err, ..
    } = gametree(["solve", path.to_str().unwrap()]).outcome();
    assert_eq!(code, 2);
    assert!(
        err.contains("broken.test:10:1: a successor line is `state action next`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A NUL byte in any format is refused where it stands, as in a tree file:
/// a label read with one would be written as a tree file that cannot be
/// read back (a fuzzing finding, seed `fuzz/seeds/formats/nul-in-a-label`).
#[test]
fn a_nul_byte_is_refused_in_every_format() {
    use gametree::formats::{self, ReadOptions, TreeFormat};
    let case = "class: \"GraphGameTreeTest\"\nalg: \"MinimaxAgent\"\ndepth: \"1\"\n\
                num_agents: \"1\"\nstart_state: \"a\"\nwin_states: \"b\"\nlose_states: \"\"\n\
                successors: \"\"\"\na Le\0ft b\n\"\"\"\nevaluation: \"\"\"\nb 1\n\"\"\"\n";
    let json = "{\"kind\": \"max\", \"children\": [{\"value\": 1, \"label\": \"L\0\"}]}";
    let efg = "EFG 2 R \"\" { \"1\" \"2\" }\n\"\"\np \"A\0\" 1 1 \"\" { \"\" } 0\nt \"\" 1 \"\" { 1, -1 }\n";
    for (format, text, line) in [
        (TreeFormat::Cs188, case, 9),
        (TreeFormat::Json, json, 1),
        (TreeFormat::Efg, efg, 3),
    ] {
        let error = formats::read(format, "f", text, &ReadOptions::default()).unwrap_err();
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("f:{line}:")) && message.contains("NUL byte"),
            "{format:?}: {message}"
        );
    }
}

/// A probability belongs to a chance node's child; one stated for the
/// root, which JSON can hold, was kept and written as a tree file that
/// cannot be read back (`0.66: 3`, a fuzzing finding, seed
/// `fuzz/seeds/formats/root-probability`). It is refused where it stands.
#[test]
fn a_probability_on_the_root_is_refused() {
    use gametree::formats::{self, ReadOptions, TreeFormat};
    for json in [
        "{\"probability\": 0.66}",
        "{\"value\": 3, \"probability\": 0.66}",
        "{\n  \"kind\": \"chance\", \"probability\": \"1/2\",\n  \"children\": [{\"value\": 1}]}",
    ] {
        let error =
            formats::read(TreeFormat::Json, "f", json, &ReadOptions::default()).unwrap_err();
        let message = error.to_string();
        assert!(
            message.starts_with("f:1:") && message.contains("the root has no probability"),
            "{json}: {message}"
        );
    }
}

/// No name holds a `"`, in any format: the tree language and `expect` lines
/// cannot quote one, so `key` would write a name that `check` then cannot
/// find, failing a key against its own tree.
#[test]
fn a_name_holding_a_double_quote_is_refused_where_it_stands() {
    use gametree::formats::{self, ReadOptions, TreeFormat};
    let json = "{\"name\": \"R\", \"children\": [\n  {\"name\": \"a\\\"b\", \"value\": 1}]}";
    let error = formats::read(TreeFormat::Json, "f", json, &ReadOptions::default()).unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with("f:2:") && message.contains("`\"`"),
        "{message}"
    );
}

/// A JSON tree whose names are no words of the tree language (spaces, an
/// apostrophe, other scripts, a keyword) gets a key that its own tree
/// passes in full.
#[test]
fn a_key_of_names_the_tree_language_quotes_checks_against_its_tree() {
    let dir = common::scratch("formats-quoted-key");
    let tree = dir.join("names.json");
    let json = r#"{"name": "the root", "children": [
        {"name": "l'arbre", "children": [{"value": 3}, {"name": "max", "value": 5}]},
        {"name": "节点 二", "children": [{"value": 2}, {"name": "x-y", "value": 9}]}]}"#;
    std::fs::write(&tree, json).unwrap();
    let tree = tree.to_str().unwrap();
    let key = gametree(["key", tree]).stdout();
    assert!(
        key.contains("\"max\"") && key.contains("\"节点 二\""),
        "{key}"
    );
    let Outcome { code, stdout, .. } = gametree(["check", tree, "-"]).stdin(key).outcome();
    assert_eq!(code, 0, "{stdout}");
    assert!(!stdout.contains("FAIL"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Probabilities normalised by their sum can need a denominator past 2^53
/// in lowest terms; `.efg` writes them exactly and reads them back, as the
/// tree language does, judging a fraction by its value (a fuzzing
/// finding, seed `fuzz/seeds/formats/large-denominator`).
#[test]
fn a_probability_with_a_large_denominator_round_trips_through_efg() {
    use gametree::formats::{self, ReadOptions, TreeFormat};
    use gametree::tree::{GameTree, Tree};
    let text = "[chance [0.3333333333333333: [2 4] 0.6666666666666665: [7 1]]]";
    let read = |format, text: &str| -> Tree {
        formats::read(format, "t", text, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .tree
    };
    let probabilities = |tree: &Tree| -> Vec<String> {
        let chance = tree.child(tree.root(), 0).unwrap();
        tree.children(chance)
            .map(|c| tree.probability(chance, c).exact().to_string())
            .collect()
    };
    let tree = read(TreeFormat::Tree, text);
    let efg = formats::write(&tree, TreeFormat::Efg).unwrap();
    assert!(efg.contains("3333333333333333/9999999999999998"), "{efg}");
    let back = read(TreeFormat::Efg, &efg);
    assert_eq!(probabilities(&back), probabilities(&tree));
}

/// A leaf takes its level's default kind whatever kind a format states for
/// it, as the tree language (which states no leaf's kind) reads it back: a
/// fuzzing finding, seed `fuzz/seeds/formats/chance-leaf`.
#[test]
fn a_leaf_takes_its_level_s_kind_whatever_it_states() {
    use gametree::formats::{self, ReadOptions, TreeFormat};
    use gametree::tree::GameTree;
    use gametree::value::Kind;
    let json = r#"{"children": [{"kind": "chance", "children": []}, {"kind": "max", "value": 3},
        {"kind": "chance", "children": [{"kind": "min", "value": 1}]}]}"#;
    let tree = formats::read(TreeFormat::Json, "j", json, &ReadOptions::default())
        .unwrap()
        .tree;
    let kinds: Vec<Kind> = tree.nodes().map(|n| tree.kind(n)).collect();
    assert_eq!(
        kinds,
        [Kind::Max, Kind::Min, Kind::Min, Kind::Chance, Kind::Min],
        "root, two leaves of MIN's level, a chance node, its leaf (MAX over chance over MIN)"
    );
}

mod fidelity;
mod places;
mod round_trips;

mod refusals {
    use gametree::formats::{self, FormatError, ReadOptions, TreeFormat};

    /// The error's place and message, and whether it is a refusal of
    /// something the format can say but gametree cannot.
    fn refused(format: TreeFormat, text: &str) -> (usize, usize, String, bool) {
        match formats::read(format, "t", text, &ReadOptions::default()) {
            Ok(_) => panic!("{text} should be refused"),
            Err(FormatError::Syntax(e)) => (e.line, e.column, e.message, false),
            Err(FormatError::Unsupported(e)) => (e.line, e.column, e.message, true),
            Err(other) => panic!("unexpected {other}"),
        }
    }

    const HEAD: &str = "EFG 2 R \"g\" { \"1\" \"2\" }\n\"\"\n";

    #[test]
    fn gambit_games_that_are_no_two_player_trees_are_refused_with_their_place() {
        let imperfect = format!(
            "{HEAD}p \"\" 1 1 \"\" {{ \"a\" \"b\" }} 0\np \"\" 2 1 \"\" {{ \"x\" }} 0\n\
             t \"\" 1 \"\" {{ 1 -1 }}\np \"\" 2 1 \"\" {{ \"x\" }} 0\nt \"\" 2 \"\" {{ 2 -2 }}\n"
        );
        let (line, column, message, unsupported) = refused(TreeFormat::Efg, &imperfect);
        assert_eq!((line, column, unsupported), (6, 8, true));
        assert!(
            message.starts_with("imperfect information: information set 1 of player 2"),
            "{message}"
        );
        let three = "EFG 2 R \"g\" { \"1\" \"2\" \"3\" }\n";
        let (line, column, message, _) = refused(TreeFormat::Efg, three);
        assert_eq!((line, column), (1, 23));
        assert!(message.contains("two-player"), "{message}");
        let general_sum = format!(
            "{HEAD}p \"\" 1 1 \"\" {{ \"a\" \"b\" }} 0\nt \"\" 1 \"\" {{ 1 0 }}\nt \"\" 2 \"\" {{ 3 1 }}\n"
        );
        let (line, _, message, _) = refused(TreeFormat::Efg, &general_sum);
        assert_eq!(line, 5);
        assert!(
            message.starts_with("not zero-sum: the payoffs here sum to 4, those on line 4 to 1"),
            "{message}"
        );
        let (line, column, message, unsupported) = refused(
            TreeFormat::Efg,
            "EFG 2 R \"g\" { \"1\" \"2\" }\np \"\" 1 1 \"\" { \"a\" 0",
        );
        assert_eq!((line, column, unsupported), (2, 19, false));
        assert!(
            message.contains("an action's name in double quotes"),
            "{message}"
        );
    }

    #[test]
    fn gambit_outcomes_add_up_and_constant_sum_is_read() {
        let game = format!(
            "{HEAD}p \"A\" 1 1 \"static 4\" {{ \"L\" \"R\" }} 1 \"\" {{ 1 0 }}\n\
             t \"B\" 2 \"\" {{ 2 3 }}\nt \"C\" 3 \"\" {{ 6 -1 }}\n"
        );
        let tree = formats::read(TreeFormat::Efg, "t", &game, &ReadOptions::default())
            .unwrap()
            .tree;
        let text = formats::write(&tree, TreeFormat::Tree).unwrap();
        assert_eq!(text, "A = 4 [L: B = 3, R: C = 7]\n");
    }

    #[test]
    fn json_mistakes_are_refused_where_the_reader_stands() {
        let cases = [
            (
                "{\"children\": [{\"value\": 1}, {\"value\": 2, \"kind\": \"dice\"}]}",
                (1, 56),
                "unknown kind `dice`: a kind is \"max\", \"min\" or \"chance\"",
            ),
            (
                "{\"children\": [{\"probability\": 0.5, \"value\": 1}, {\"probability\": \"1/2\", \"value\": 2}]}",
                (1, 84),
                "probabilities stand only before the children of a chance node",
            ),
            (
                "{\"kind\": \"chance\", \"children\": [{\"probability\": 0.5}, {\"probability\": 0.6}]}",
                (1, 76),
                "the probabilities of this chance node's children sum to 1.1, not 1",
            ),
            (
                "{\"children\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}",
                (1, 42),
                "duplicate name `a`",
            ),
            (
                "{\"children\": [{\"colour\": 1}]}",
                (1, 23),
                "unknown key `colour`: a node has name, kind, value, static, probability, label and children",
            ),
            (
                "{\"static\": 3}",
                (1, 13),
                "a leaf has a `value`, not a `static` value (a node with `children` has one)",
            ),
            (
                "{\"children\": [{\"value\": \"x\"}]}",
                (1, 28),
                "\"x\" is not a value: give a number, a fraction such as \"1/3\", \"+inf\", \"-inf\" or \"?\" (unknown)",
            ),
            (
                "{\"children\": [\n{\"value\": 1}\n",
                (3, 1),
                "EOF while parsing a list",
            ),
        ];
        for (text, place, message) in cases {
            let (line, column, got, _) = refused(TreeFormat::Json, text);
            assert_eq!(((line, column), got.as_str()), (place, message), "{text}");
        }
    }

    #[test]
    fn formats_come_from_the_extension() {
        use std::path::Path;
        let of = |p: &str| TreeFormat::of_path(Path::new(p));
        assert_eq!(
            [
                of("a.test"),
                of("a.EFG"),
                of("a.json"),
                of("a.tree"),
                of("a"),
                of("-")
            ],
            [
                TreeFormat::Cs188,
                TreeFormat::Efg,
                TreeFormat::Json,
                TreeFormat::Tree,
                TreeFormat::Tree,
                TreeFormat::Tree
            ]
        );
        assert_eq!("CS188".parse::<TreeFormat>(), Ok(TreeFormat::Cs188));
        assert!("yaml".parse::<TreeFormat>().is_err());
    }
}

#[test]
fn convert_writes_by_the_output_s_extension_and_refuses_what_does_not_fit() {
    let dir = std::env::temp_dir().join(format!("gametree-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let case = "tests/data/cs188/q2/0-tied-root.test";
    let efg = dir.join("tied.efg");
    let Outcome {
        code, stderr: err, ..
    } = gametree(["convert", case, "-o", efg.to_str().unwrap()]).outcome();
    assert_eq!(code, 0, "{err}");
    let Outcome { stdout: out, .. } =
        gametree(["convert", efg.to_str().unwrap(), "-o", "-"]).outcome();
    assert_eq!(
        out,
        "\"max\" [\n  left: min1 [down: A = 10]\n  right: min2 [left: B = 10, right: C = 0]]\n"
    );
    let unknown = dir.join("unknown.tree");
    std::fs::write(&unknown, "[1 [?]]").unwrap();
    let Outcome {
        code, stderr: err, ..
    } = gametree([
        "convert",
        unknown.to_str().unwrap(),
        "--to",
        "efg",
        "-o",
        "-",
    ])
    .outcome();
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: cannot write @2.1 as efg: an unknown leaf value has no payoff\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn convert_names_the_formats_it_writes_when_asked_for_cs188() {
    let outcome =
        gametree(["convert", "trees/min-root.tree", "--to", "cs188", "-o", "-"]).outcome();
    assert_eq!(outcome.code, 2);
    assert_eq!(
        outcome.stderr,
        "error: CS188 cases are read, not written: convert to tree, efg or json\n"
    );
}

#[test]
fn a_case_with_a_cycle_unfolds_within_the_node_limit() {
    let dir = std::env::temp_dir().join(format!("gametree-cycle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cycle.test");
    let text = "class: \"GraphGameTreeTest\"\nalg: \"MinimaxAgent\"\ndepth: \"60\"\n\
                num_agents: \"2\"\nstart_state: \"a\"\nwin_states: \"\"\nlose_states: \"\"\n\
                successors: \"\"\"\na Left a\na Right a\n\"\"\"\nevaluation: \"\"\"\na 1\n\"\"\"\n";
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let Outcome {
        code, stderr: err, ..
    } = gametree(["solve", path, "--max-nodes", "1000"]).outcome();
    assert_eq!(code, 2);
    assert!(
        err.contains("the unfolded tree has more than 1000 nodes"),
        "{err}"
    );
    let Outcome {
        code, stdout: out, ..
    } = gametree(["solve", path, "--rounds", "2", "--cs188-solution"]).outcome();
    assert_eq!(code, 0);
    assert_eq!(out, "action: \"Left\"\ngenerated: \"a\"\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

mod hostile {
    use gametree::formats::{self, ReadOptions, TreeFormat};
    use gametree::syntax::Limits;
    use proptest::prelude::*;

    /// Pieces of every format's syntax, and some that fit none.
    fn pieces() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("EFG 2 R \"g\" { \"1\" \"2\" }\n"),
            Just("p \"\" 1 1 \"\" { \"a\" \"b\" } 0\n"),
            Just("p \"x\" 2 1 \"static 3\" { \"a\" } 1 \"o\" { 1 -1 }\n"),
            Just("t \"\" 1 \"\" { 1, -1 }\n"),
            Just("t \"\" 2\n"),
            Just("c \"\" 1 \"\" { \"h\" 1/2 \"t\" 1/2 } 0\n"),
            Just("\""),
            Just("\\"),
            Just("{"),
            Just("}"),
            Just("["),
            Just("]"),
            Just(","),
            Just(" "),
            Just("\n"),
            Just("1/0"),
            Just("{\"children\": ["),
            Just("{\"value\": 3}"),
            Just("{\"name\": \"a\"}"),
            Just("\"kind\": \"min\""),
            Just("{\"static\": 1, \"children\": [{}]}"),
            Just("null"),
            Just("1e999"),
            Just("-0"),
            Just("é"),
            Just("class: \"GraphGameTreeTest\"\n"),
            Just("alg: \"MinimaxAgent\"\n"),
            Just("depth: \"2\"\n"),
            Just("num_agents: \"2\"\n"),
            Just("num_agents: \"0\"\n"),
            Just("start_state: \"a\"\n"),
            Just("win_states: \"b\"\n"),
            Just("lose_states: \"\"\n"),
            Just("successors: \"\"\"\n"),
            Just("a L b\n"),
            Just("b R a\n"),
            Just("\"\"\"\n"),
            Just("evaluation: \"\"\"\n"),
            Just("a 1\nb 2\n"),
        ];
        prop::collection::vec(piece, 0..30).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn no_reader_panics(text in pieces(), limit in 1usize..50) {
            let options = ReadOptions { limits: Limits { max_nodes: limit }, rounds: None };
            for format in TreeFormat::ALL {
                if let Ok(loaded) = formats::read(format, "t", &text, &options) {
                    for to in [TreeFormat::Tree, TreeFormat::Json, TreeFormat::Efg] {
                        let _ = formats::write(&loaded.tree, to);
                    }
                }
            }
        }
    }
}

#[test]
fn a_case_s_answer_key_quotes_keyword_states_and_reads_back() {
    let case = "tests/data/cs188/q3/0-tied-root.test";
    let Outcome {
        code,
        stdout: key,
        stderr: err,
    } = gametree(["key", case]).outcome();
    assert_eq!(code, 0, "{err}");
    assert!(key.contains("\nexpect \"max\" = 10\n"), "{key}");
    let dir = std::env::temp_dir().join(format!("gametree-key-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let answers = dir.join("tied.answers");
    std::fs::write(&answers, &key).unwrap();
    let Outcome {
        code,
        stdout: out,
        stderr: err,
    } = gametree(["check", case, answers.to_str().unwrap()]).outcome();
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with("11 passed, 0 failed\n"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn conversions_keep_every_digit() {
    // Four decimal places once turned 0.00002 and 0.00004 into 0 and 0,
    // and the best move from @2 to @1.
    let dir = common::scratch("every-digit");
    let tree = dir.join("t.tree");
    std::fs::write(
        &tree,
        "[ 0.00002 0.00004 1.23456789 chance [ 1/3: 7 2/3: 8 ] ]\n",
    )
    .unwrap();
    let solved = |file: &std::path::Path| {
        let json = gametree(["solve", file.to_str().unwrap(), "--json"]).stdout();
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        (json["value"].clone(), json["best_move"].clone())
    };
    let expected = (serde_json::json!("23/3"), serde_json::json!("@4"));
    assert_eq!(solved(&tree), expected);
    for extension in ["efg", "json", "tree"] {
        let out = dir.join(format!("out.{extension}"));
        gametree([
            "convert",
            tree.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
        .stdout();
        let written = std::fs::read_to_string(&out).unwrap();
        for digits in ["0.00002", "0.00004", "1.23456789"] {
            assert!(written.contains(digits), "{extension}: {written}");
        }
        assert_eq!(solved(&out), expected, "{extension}: {written}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
