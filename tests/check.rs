//! `gametree check`: every example passes its own answer key, answer files
//! right and wrong are reported and explained (pinned as snapshots), claims
//! are graded on the lecture tree, malformed lines are told where and how,
//! and bad input exits with code 2. Answer keys and the facts on random
//! trees are `tests/answer_keys.rs`'s.

mod common;

use std::path::Path;

use gametree::check::{Facts, check};
use gametree::search::{Algorithm, Options, search};
use gametree::syntax::{is_answer_file, parse, parse_answers};
use gametree::trace::Trace;

use common::{Outcome, example_files, gametree};

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
    let mut args = vec!["check".to_string(), "--trees".to_string()];
    args.extend(example_files());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let Outcome { code, stdout, .. } = gametree(&args).outcome();
    assert_eq!(code, 0);
    insta::assert_snapshot!(stdout);
}

/// A CS188 case cuts strictly (`Val > beta`, its autograder's rule) unless
/// `--no-strict` says otherwise: `trace`, `solve` and `check` word its cut
/// with the relation the search cut on.
#[test]
fn trace_solve_and_check_word_a_cs188_cut_alike() {
    let case = "tests/data/cs188/q3/0-small-tree.test";
    let words = "alpha cut at minRight: deeper pruned (2 < 3, bound from root)";
    let trace = gametree(["trace", case]).stdout();
    assert!(trace.contains(&format!(". {words}\n")), "{trace}");
    let solve = gametree(["solve", case]).stdout();
    assert!(solve.contains(&format!("  {words}\n")), "{solve}");
    let Outcome { stdout, .. } = gametree(["check", case, "-"])
        .stdin("expect cut minRight beta\n")
        .outcome();
    assert!(stdout.contains(words), "{stdout}");
    let not_strict = gametree(["trace", case, "--no-strict"]).stdout();
    assert!(
        not_strict.contains("deeper pruned (2 <= 3, bound from root)"),
        "{not_strict}"
    );
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
        "--trees",
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
    // Only the first line with a word decides, whatever the line breaks.
    assert!(is_answer_file("# a\r\n\r\n\t# b\rexpect"));
    assert!(!is_answer_file("# a\r\n[1 2]\r\nexpect value 2"));
    assert!(!is_answer_file("# a\rexpected\nexpect value 2"));
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
