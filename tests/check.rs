//! `gametree check`: every example passes its own answer key, answer files
//! right and wrong are reported and explained (pinned as snapshots), the
//! answer key reads back to the same claims and passes its own check, and
//! bad input exits with code 2.

mod common;

use std::path::Path;

use gametree::check::{Claim, Expectation};
use gametree::check::{Facts, answer_key, check, key_lines};
use gametree::search::{Algorithm, Options, SearchError, search};
use gametree::syntax::{is_answer_file, parse, parse_answers, parse_file};
use gametree::trace::Trace;
use gametree::tree::Tree;
use proptest::prelude::*;

use common::{Outcome, gametree};

/// A path relative to the crate, so that reports name files the same way
/// on every machine.
fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_str()
        .unwrap()
        .to_string()
}

/// The tree file an answer file in `tests/answers/TREE/` answers.
fn tree_of(answers: &str) -> String {
    let folder = Path::new(answers).parent().unwrap().file_name().unwrap();
    format!("trees/{}.tree", folder.to_str().unwrap())
}

fn example_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir("trees")
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .filter(|p| p.ends_with(".tree"))
        .collect();
    files.sort();
    files
}

// ---------------------------------------------------------------- the examples

#[test]
fn every_example_passes_its_own_expect_lines() {
    for file in example_files() {
        let Outcome {
            code,
            stdout,
            stderr,
        } = gametree(["check", &file]).outcome();
        assert_eq!(code, 0, "{file}:\n{stdout}{stderr}");
        let summary = stdout.lines().last().unwrap();
        assert!(summary.ends_with(" passed, 0 failed"), "{file}: {summary}");
        assert!(!stdout.contains("FAIL"), "{file}:\n{stdout}");
    }
}

#[test]
fn all_examples_at_once_give_one_table() {
    let mut args = vec!["check".to_string()];
    args.extend(example_files());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let Outcome { code, stdout, .. } = gametree(&args).outcome();
    assert_eq!(code, 0);
    insta::assert_snapshot!(stdout);
}

// ---------------------------------------------------------------- answer files

#[test]
fn reports_on_answer_files() {
    insta::glob!("answers/*/*.answers", |path| {
        let answers = relative(path);
        let Outcome {
            code,
            stdout,
            stderr,
        } = gametree(["check", "--claims", &tree_of(&answers), &answers]).outcome();
        insta::assert_snapshot!(format!("exit code {code}\n{stdout}{stderr}"));
    });
}

#[test]
fn the_json_report_has_each_verdict_and_a_score() {
    let answers = "tests/answers/lecture-a-to-v/wrong-node.answers";
    let Outcome { code, stdout, .. } = gametree([
        "check",
        "--claims",
        "--json",
        "trees/lecture-a-to-v.tree",
        answers,
    ])
    .outcome();
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("valid JSON");
    for e in json["files"][0]["expectations"].as_array().unwrap() {
        for key in ["expectation", "expected", "actual", "passed", "explanation"] {
            assert!(e.get(key).is_some(), "{key} missing in {e}");
        }
    }
    insta::assert_json_snapshot!(json);
}

#[test]
fn a_class_gives_one_csv_row_per_answer_file() {
    let mut files: Vec<String> = std::fs::read_dir("tests/answers/lecture-a-to-v")
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .collect();
    files.sort();
    let mut args = vec![
        "check",
        "--claims",
        "--format",
        "csv",
        "trees/lecture-a-to-v.tree",
    ];
    args.extend(files.iter().map(String::as_str));
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree(&args).outcome();
    assert_eq!(code, 1, "bad lines fail their answers only: {stderr}");
    assert_eq!(stdout.lines().count(), files.len() + 1);
    insta::assert_snapshot!(stdout);
}

#[test]
fn a_class_gives_one_table_row_per_answer_file() {
    let Outcome { code, stdout, .. } = gametree([
        "check",
        "--claims",
        "trees/lecture-a-to-v.tree",
        "tests/answers/lecture-a-to-v/correct.answers",
        "tests/answers/lecture-a-to-v/wrong-pruned.answers",
        "trees/deep-cut.tree",
        "tests/answers/deep-cut/correct.answers",
        "tests/answers/deep-cut/wrong.answers",
    ])
    .outcome();
    assert_eq!(code, 1);
    insta::assert_snapshot!(stdout);
}

#[test]
fn answers_can_come_on_standard_input() {
    let Outcome { code, stdout, .. } =
        gametree(["check", "--claims", "trees/aima-figure-5-2.tree", "-"])
            .stdin("# from a pipe\nexpect value 3\nexpect evaluated 8\n")
            .outcome();
    assert_eq!(code, 1);
    assert!(stdout.contains("line 2  pass  expect value 3"), "{stdout}");
    assert!(
        stdout.contains("line 3  FAIL  expect evaluated 8"),
        "{stdout}"
    );
    assert!(stdout.ends_with("1 passed, 1 failed\n"), "{stdout}");
}

#[test]
fn options_apply_as_in_solve() {
    // Under --strict the tie at C no longer cuts.
    let Outcome { code, stdout, .. } =
        gametree(["check", "--strict", "trees/strict-tie.tree"]).outcome();
    assert_eq!(code, 1);
    assert!(stdout.contains(
        "@2.2 is evaluated, not pruned: C is entered with window [3, +inf] and @2.1 = 3 does not fall below alpha = 3"
    ), "{stdout}");
    // Minimax never prunes.
    let Outcome { code, stdout, .. } =
        gametree(["check", "--algo", "minimax", "trees/deep-cut.tree"]).outcome();
    assert_eq!(code, 1);
    assert!(
        stdout.contains("minimax does not prune: it makes no cuts"),
        "{stdout}"
    );
    // Fail-hard clamps returned values to the window, and says so.
    let Outcome { code, stdout, .. } = gametree([
        "check",
        "--claims",
        "--fail-hard",
        "trees/lecture-a-to-v.tree",
        "-",
    ])
    .stdin("expect Q = 4\n")
    .outcome();
    assert_eq!(code, 1);
    assert!(stdout.contains(
        "Q <= 5: MAX takes 4, the largest of R = 3, S = 4, clamped to its window [5, +inf] (fail-hard)"
    ), "{stdout}");
    // The negamax form gives the same trace, so the same verdicts.
    let Outcome { code, .. } = gametree([
        "check",
        "--algo",
        "negamax-alphabeta",
        "trees/lecture-a-to-v.tree",
    ])
    .outcome();
    assert_eq!(code, 0);
}

// ---------------------------------------------------------------- bad input

#[test]
fn a_bad_line_fails_that_answer_only() {
    let cases: &[(&str, &str)] = &[
        (
            "tests/answers/lecture-a-to-v/bad-syntax.answers",
            "error: tests/answers/lecture-a-to-v/bad-syntax.answers:2:11: expected a number, found `=`",
        ),
        (
            "tests/answers/lecture-a-to-v/unknown-node.answers",
            "error: tests/answers/lecture-a-to-v/unknown-node.answers:2:17: no node `Z` in the tree trees/lecture-a-to-v.tree",
        ),
    ];
    for (answers, message) in cases {
        let args = ["check", "--claims", "trees/lecture-a-to-v.tree", answers];
        let Outcome {
            code,
            stdout,
            stderr,
        } = gametree(args).outcome();
        assert_eq!(code, 1, "{stderr}");
        assert!(stderr.starts_with(message), "{stderr}");
        assert!(stdout.contains("line 1  pass  expect value 5"), "{stdout}");
        assert!(stdout.ends_with("1 passed, 1 failed\n"), "{stdout}");
    }
}

#[test]
fn an_answer_file_needs_a_tree_file_before_it() {
    let Outcome { code, stderr, .. } =
        gametree(["check", "tests/answers/deep-cut/correct.answers"]).outcome();
    assert_eq!(code, 2);
    assert!(stderr.contains("an answer file (it starts with `expect`): give the tree file first"));
}

#[test]
fn a_tree_without_expectations_has_nothing_to_check() {
    let Outcome { code, stderr, .. } = gametree(["check", "-"]).stdin("[1 2]\n").outcome();
    assert_eq!(code, 2);
    assert!(
        stderr.contains("<stdin>: the tree file has no `expect` lines"),
        "{stderr}"
    );
}

#[test]
fn one_unusable_answer_file_leaves_the_others_graded() {
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree([
        "check",
        "--claims",
        "--json",
        "trees/lecture-a-to-v.tree",
        "tests/answers/lecture-a-to-v/bad-syntax.answers",
        "/dev/null",
        "tests/answers/lecture-a-to-v/correct.answers",
    ])
    .outcome();
    assert_eq!(code, 2);
    assert!(stderr.contains("bad-syntax.answers:2:11"));
    assert!(
        stderr.contains("/dev/null:1:1: the file has no answers"),
        "{stderr}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let bad_line = &json["files"][0]["expectations"][1];
    assert!(bad_line["error"].as_str().unwrap().contains(":2:11:"));
    assert_eq!(json["files"][0]["passed"], 1);
    assert!(json["files"][0]["error"].is_null());
    assert!(
        json["files"][1]["error"]
            .as_str()
            .unwrap()
            .contains("no answers")
    );
    assert_eq!(json["files"][1]["score"], 0.0);
    assert_eq!(json["files"][2]["score"], 1.0);
    assert_eq!(json["files"][2]["passed"], 22);
}

#[test]
fn a_tree_file_is_not_taken_for_an_answer_file() {
    assert!(is_answer_file("expect value 3\n"));
    assert!(is_answer_file("\u{feff}# a comment\n\n  EXPECT value 3\n"));
    assert!(!is_answer_file("expected [1 2]\n"));
    assert!(!is_answer_file("[1 2]\nexpect value 2\n"));
    assert!(!is_answer_file(""));
}

#[test]
fn an_answer_file_holds_expect_lines_only() {
    let error = parse_answers("a.answers", "expect value 3\n[1 2]\n").unwrap_err();
    assert_eq!((error.line, error.column), (2, 1));
    let error = parse_answers("a.answers", "expect value 3\nexpect B == 2\n").unwrap_err();
    assert_eq!((error.line, error.column), (2, 11));
}

// ---------------------------------------------------------------- verdicts

/// The verdicts on `answers` for the lecture tree, as (line, passed).
fn lecture_verdicts(answers: &str) -> Vec<bool> {
    let text = std::fs::read_to_string("trees/lecture-a-to-v.tree").unwrap();
    let tree = parse("lecture", &text).unwrap();
    let mut trace = Trace::new();
    let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
    let facts = Facts::new(&tree, &result, &trace, false);
    let answers = parse_answers("answers", answers).unwrap();
    check(&facts, &answers)
        .unwrap()
        .iter()
        .map(|v| v.passed)
        .collect()
}

#[test]
fn a_node_cut_short_takes_its_bound_or_the_value_returned() {
    let verdicts = lecture_verdicts(
        "expect F >= 6\nexpect F = 6\nexpect P <= 4\nexpect P = 4\n\
         expect F <= 6\nexpect F >= 5\nexpect F = 7\nexpect P >= 4\nexpect B >= 2\n",
    );
    assert_eq!(
        verdicts,
        [true, true, true, true, false, false, false, false, false]
    );
}

#[test]
fn a_pruned_subtree_is_named_by_its_root_or_by_every_node() {
    let verdicts = lecture_verdicts(
        "expect pruned H T\nexpect pruned T H\nexpect pruned H T U V\n\
         expect pruned H U V\nexpect pruned H L T\nexpect pruned H\n",
    );
    assert_eq!(verdicts, [true, true, true, false, false, false]);
}

// ---------------------------------------------------------------- the answer key

fn all_options() -> [Options; 4] {
    [(false, false), (true, false), (false, true), (true, true)].map(|(strict, fail_hard)| {
        Options {
            strict,
            fail_hard,
            ..Options::default()
        }
    })
}

/// The answer key of one search, written as `expect` lines; `None` when the
/// search needs an unknown leaf.
fn key_of(tree: &Tree, algorithm: Algorithm, options: Options) -> Option<(Vec<Claim>, String)> {
    let mut trace = Trace::new();
    let result = match search(tree, algorithm, options, &mut trace) {
        Ok(result) => result,
        Err(SearchError::UnknownValue { .. }) => return None,
        Err(other) => panic!("unexpected error: {other}"),
    };
    let claims = answer_key(tree, &result, &trace);
    let text = key_lines(&claims);
    Some((claims, text))
}

/// Checks that the key reads back to the same claims, after a tree and on
/// its own, and that the search passes its own key.
fn assert_key_round_trips(tree_text: &str, algorithm: Algorithm, options: Options) -> bool {
    let tree = parse("tree", tree_text).unwrap();
    let Some((claims, key)) = key_of(&tree, algorithm, options) else {
        return false;
    };
    let read: Vec<Claim> = parse_answers("key", &key)
        .unwrap()
        .into_iter()
        .map(|e| e.claim)
        .collect();
    assert_eq!(read, claims, "{algorithm} {options:?}:\n{key}");
    let with_key = parse_file("tree", &format!("{tree_text}\n{key}")).unwrap();
    let after_tree: Vec<&Claim> = with_key.expectations.iter().map(|e| &e.claim).collect();
    assert!(after_tree.ends_with(&claims.iter().collect::<Vec<_>>()[..]));

    let mut trace = Trace::new();
    let result = search(&tree, algorithm, options, &mut trace).unwrap();
    let facts = Facts::new(&tree, &result, &trace, options.strict);
    let expectations: Vec<Expectation> = parse_answers("key", &key).unwrap();
    for verdict in check(&facts, &expectations).unwrap() {
        assert!(verdict.passed, "{algorithm} {options:?}: {verdict:?}");
    }
    true
}

#[test]
fn every_example_answer_key_round_trips_and_passes() {
    for file in example_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        // Unknown leaves stop some searches (minimax needs every leaf);
        // alpha-beta by default never needs one in the examples.
        assert!(assert_key_round_trips(
            &text,
            Algorithm::AlphaBeta,
            Options::default()
        ));
        for algorithm in Algorithm::ALL {
            for options in all_options() {
                assert_key_round_trips(&text, algorithm, options);
            }
        }
    }
}

#[test]
fn the_lecture_answer_key() {
    let text = std::fs::read_to_string("trees/lecture-a-to-v.tree").unwrap();
    let tree = parse("lecture", &text).unwrap();
    let (_, key) = key_of(&tree, Algorithm::AlphaBeta, Options::default()).unwrap();
    insta::assert_snapshot!(key);
}

#[test]
fn a_key_written_after_its_tree_passes_gametree_check() {
    let text = std::fs::read_to_string("trees/strict-fail-hard.tree").unwrap();
    let tree = parse("tree", &text).unwrap();
    let options = Options {
        strict: true,
        fail_hard: true,
        ..Options::default()
    };
    let (_, key) = key_of(&tree, Algorithm::AlphaBeta, options).unwrap();
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree([
        "check",
        "--claims",
        "--strict",
        "--fail-hard",
        "trees/strict-fail-hard.tree",
        "-",
    ])
    .stdin(&key)
    .outcome();
    assert_eq!(code, 0, "{stdout}{stderr}");
    // The key of another search fails: without --fail-hard, C cuts.
    let Outcome { code, .. } = gametree([
        "check",
        "--claims",
        "--strict",
        "trees/strict-fail-hard.tree",
        "-",
    ])
    .stdin(&key)
    .outcome();
    assert_eq!(code, 1);
}

/// Random trees with small values (many ties), as in `tests/algorithms.rs`.
fn tree_texts() -> impl Strategy<Value = String> {
    let leaf = (-4i32..5).prop_map(|v| v.to_string());
    leaf.prop_recursive(5, 80, 5, |inner| {
        (
            prop_oneof![6 => Just(""), 1 => Just("max "), 1 => Just("min ")],
            prop::collection::vec(inner, 1..5),
        )
            .prop_map(|(kind, children)| format!("{kind}[{}]", children.join(" ")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn random_answer_keys_round_trip_and_pass(text in tree_texts()) {
        for algorithm in Algorithm::ALL {
            for options in all_options() {
                prop_assert!(assert_key_round_trips(&text, algorithm, options));
            }
        }
    }

    #[test]
    fn a_changed_key_fails_where_it_was_changed(text in tree_texts()) {
        let tree = parse("tree", &text).unwrap();
        let (claims, _) = key_of(&tree, Algorithm::AlphaBeta, Options::default()).unwrap();
        let mut trace = Trace::new();
        let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
        let facts = Facts::new(&tree, &result, &trace, false);
        let changed: Vec<Expectation> = claims
            .into_iter()
            .filter_map(|claim| match claim {
                Claim::Value(v) => Some(Claim::Value(gametree::value::Value::new(v.get() + 1.0).unwrap())),
                Claim::Evaluated(n) => Some(Claim::Evaluated(n + 1)),
                _ => None,
            })
            .map(|claim| Expectation::new(claim, 1))
            .collect();
        for verdict in check(&facts, &changed).unwrap() {
            prop_assert!(!verdict.passed, "{:?}", verdict);
        }
    }
}

proptest! {
    /// The facts find pruned nodes and parents from the cuts' tops and the
    /// trace alone; a walk of the whole tree must agree, and a pruned list's
    /// partial credit is the overlap (intersection over union) of the
    /// nodes it covers with the nodes pruned.
    #[test]
    fn pruned_facts_and_credit_agree_with_a_walk_of_the_tree(
        text in tree_texts(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        use std::collections::HashSet;
        use gametree::tree::{GameTree, subtree};
        let tree = parse("tree", &text).unwrap();
        let mut trace = Trace::new();
        let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
        let facts = Facts::new(&tree, &result, &trace, false);
        let all = subtree(&tree, tree.root());
        let mut pruned = HashSet::new();
        for cut in &facts.cuts {
            for &top in &cut.pruned {
                pruned.extend(subtree(&tree, top));
            }
        }
        for &node in &all {
            prop_assert_eq!(facts.is_pruned(node), pruned.contains(&node));
            for child in tree.children(node) {
                prop_assert_eq!(facts.parent(child), Some(node));
            }
        }
        prop_assert_eq!(facts.parent(tree.root()), None);
        prop_assert_eq!(facts.pruned_count(), pruned.len());
        let listed: Vec<_> = picks.iter().map(|i| all[i.index(all.len())]).collect();
        let covered: HashSet<_> = listed.iter().flat_map(|&n| subtree(&tree, n)).collect();
        let both = covered.intersection(&pruned).count();
        let either = covered.union(&pruned).count();
        let share = if either == 0 { 1.0 } else { both as f64 / either as f64 };
        let ids: Vec<String> = listed.iter().map(|&n| tree.id(n)).collect();
        let outcome = facts.compare(&Claim::Pruned(ids)).unwrap();
        let expected = if outcome.passed { 1.0 } else { share.min(0.99) };
        prop_assert!((outcome.credit - expected).abs() < 1e-12, "{} vs {}", outcome.credit, expected);
    }
}

#[test]
fn a_malformed_expect_line_is_told_where_and_how() {
    let cases = [
        ("expect window J [2 +inf]", 20, "expected `,`, found `+`"),
        ("expect window J 2, 3]", 17, "expected `[`, found `2`"),
        (
            "expect cut F gamma",
            14,
            "expected `alpha` or `beta`, found `g`",
        ),
        (
            "expect value",
            13,
            "this line does not read as `expect value NUMBER`",
        ),
        (
            "expect best",
            12,
            "this line does not read as `expect best NODE`",
        ),
        ("expect B 2", 10, "expected `=`, `>=` or `<=`, found `2`"),
    ];
    for (line, column, message) in cases {
        let error = parse_answers("a.answers", line).unwrap_err();
        assert_eq!((error.line, error.column), (1, column), "{line}");
        assert_eq!(error.message, message, "{line}");
        // The same line after a tree gets the same message.
        let error = parse("a.tree", &format!("[1 2]\n{line}")).unwrap_err();
        assert_eq!(
            (error.line, error.column, error.message.as_str()),
            (2, column, message)
        );
    }
}

/// Claims about every node of a tree, true or not: what a student might
/// write, each kind once per node.
fn claims_about_every_node(tree: &Tree, value: i32) -> Vec<Claim> {
    use gametree::check::Relation;
    use gametree::tree::GameTree;
    use gametree::value::{CutKind, Value};
    let v = Value::from_int(value.into()).unwrap();
    tree.nodes()
        .flat_map(|n| {
            let id = tree.id(n);
            [
                Claim::Node {
                    node: id.clone(),
                    relation: Relation::AtLeast,
                    value: v,
                },
                Claim::Node {
                    node: id.clone(),
                    relation: Relation::Equal,
                    value: v,
                },
                Claim::Window {
                    node: id.clone(),
                    alpha: v,
                    beta: Value::POS_INF,
                },
                Claim::Cut {
                    node: id.clone(),
                    kind: CutKind::Alpha,
                },
                Claim::Cut {
                    node: id.clone(),
                    kind: CutKind::Beta,
                },
                Claim::Pruned(vec![id.clone()]),
                Claim::Leaves(vec![id.clone()]),
                Claim::Best(id),
            ]
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn any_claim_gets_a_verdict_and_an_explanation(text in tree_texts(), value in -4i32..5) {
        let tree = parse("tree", &text).unwrap();
        let claims: Vec<Expectation> = claims_about_every_node(&tree, value)
            .into_iter()
            .map(|claim| Expectation::new(claim, 1))
            .collect();
        for algorithm in Algorithm::ALL {
            for options in all_options() {
                let mut trace = Trace::new();
                let result = search(&tree, algorithm, options, &mut trace).unwrap();
                let facts = Facts::new(&tree, &result, &trace, options.strict);
                for verdict in check(&facts, &claims).unwrap() {
                    prop_assert!(!verdict.explanation.is_empty(), "{:?}", verdict);
                    prop_assert!(!verdict.actual.is_empty(), "{:?}", verdict);
                }
            }
        }
    }

    #[test]
    fn listing_every_pruned_node_is_right(text in tree_texts()) {
        use gametree::tree::GameTree;
        let tree = parse("tree", &text).unwrap();
        for options in all_options() {
            let mut trace = Trace::new();
            let result = search(&tree, Algorithm::AlphaBeta, options, &mut trace).unwrap();
            let visited: Vec<_> = trace.visited().collect();
            let pruned: Vec<String> = tree
                .nodes()
                .filter(|n| !visited.contains(n))
                .map(|n| tree.id(n))
                .collect();
            if pruned.is_empty() {
                continue;
            }
            let facts = Facts::new(&tree, &result, &trace, options.strict);
            let claim = Expectation::new(Claim::Pruned(pruned), 1);
            let verdict = &check(&facts, &[claim]).unwrap()[0];
            prop_assert!(verdict.passed, "{:?}", verdict);
        }
    }
}

#[test]
fn an_unusable_tree_file_stops_the_run() {
    // Minimax needs the lecture's blank leaves.
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree(["check", "--algo", "minimax", "trees/lecture-a-to-v.tree"]).outcome();
    assert_eq!(code, 2);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("trees/lecture-a-to-v.tree:6:38: leaf H has an unknown value"),
        "{stderr}"
    );
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree(["check", "trees/deep-cut.tree", "-"])
        .stdin("[1 2\n")
        .outcome();
    assert_eq!(code, 2);
    assert!(stdout.is_empty(), "{stdout}");
    // What follows a tree and reads neither as answers nor as a tree is an
    // unusable answer file.
    assert!(
        stderr.starts_with("error: <stdin>:1:1: an answer starts with `expect`"),
        "{stderr}"
    );
}

#[test]
fn long_lists_in_explanations_are_counted_past_twenty() {
    let tree = format!(
        "[[5 5]{}]\nexpect evaluated 1\nexpect pruned @2.2\n",
        " [0 9]".repeat(29)
    );
    let Outcome { code, stdout, .. } = gametree(["check", "-"]).stdin(&tree).outcome();
    assert_eq!(code, 1);
    assert!(stdout.contains("@20.2 @21.2 and 9 more\n"), "{stdout}");
    assert!(
        stdout.contains("@21.2 is pruned: alpha cut at @21"),
        "{stdout}"
    );
    assert!(stdout.contains("; and 8 more\n"), "{stdout}");
}
