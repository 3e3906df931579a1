//! A batch of students' files graded together: no file can take the tree's
//! place, change another file's grade or score more than the key's total.
//! Against the lecture tree (11 questions in its own key, value 5).

mod common;

use gametree::check::{Batch, FileReport, Grading, Source};
use gametree::claim::Expectation;
use gametree::syntax::parse_answers;

use common::{Outcome, gametree};

const LECTURE: &str = "trees/lecture-a-to-v.tree";

fn lecture() -> Source {
    Source::new(LECTURE, std::fs::read_to_string(LECTURE).unwrap())
}

/// The lecture tree's key, written by the search itself.
fn lecture_key() -> String {
    gametree(["key", LECTURE]).stdout()
}

/// The right answers: the key's lines.
fn right_answers() -> Source {
    Source::new("alice.answers", lecture_key())
}

/// A file that reads as a tree whose own `expect` lines all hold: with
/// the 100 lines it claims, it would score 100 questions checked against
/// itself.
fn a_tree_of_its_own(name: &str) -> Source {
    let mut text = String::from("[9]\n");
    text += &"expect value 9\n".repeat(100);
    Source::new(name, text)
}

fn grade(key: Option<&[Expectation]>, files: Vec<Source>) -> Batch {
    Grading::default().grade(key, files).unwrap()
}

fn row<'a>(batch: &'a Batch, name: &str) -> &'a FileReport {
    let rows = &batch.report.files;
    rows.iter().find(|f| f.file == name).unwrap()
}

#[test]
fn a_students_tree_is_an_answer_file() {
    let key = parse_answers("key", &lecture_key()).unwrap();
    for name in ["mallory.answers", "mallory.tree"] {
        for key in [Some(key.as_slice()), None] {
            let bob = Source::new("bob.answers", lecture_key());
            let files = vec![lecture(), right_answers(), a_tree_of_its_own(name), bob];
            let batch = grade(key, files);
            let rows: Vec<&str> = batch.report.files.iter().map(|f| f.file.as_str()).collect();
            assert_eq!(rows, ["alice.answers", name, "bob.answers"]);
            // Its `expect` lines are answers about the lecture tree: the
            // value 9 is wrong, and the other questions unanswered.
            let mallory = row(&batch, name);
            assert_eq!((mallory.score, mallory.tree.as_str()), (0.0, LECTURE));
            for right in ["alice.answers", "bob.answers"] {
                let right = row(&batch, right);
                assert_eq!((right.score, right.tree.as_str()), (1.0, LECTURE));
            }
        }
    }
}

#[test]
fn a_tree_without_answers_is_unusable_and_says_why() {
    let files = vec![lecture(), Source::new("mallory.tree", "[9 [1 2]]\n")];
    let batch = grade(None, files);
    let [mallory] = batch.report.files.as_slice() else {
        panic!("{:?}", batch.report.files)
    };
    assert_eq!((mallory.score, mallory.tree.as_str()), (0.0, LECTURE));
    let error = mallory.error.as_deref().unwrap();
    let why = "no line of the file reads as an answer: it reads as a tree, and only the first \
               file of the batch is a tree file";
    assert!(error.ends_with(why), "{error}");
}

#[test]
fn several_trees_are_one_batch_only_when_asked() {
    let files = || vec![lecture(), a_tree_of_its_own("other.tree")];
    let one = grade(None, files());
    assert_eq!(one.report.files.len(), 1);
    assert_eq!(one.report.files[0].score, 0.0);
    let grading = Grading {
        several_trees: true,
        ..Grading::default()
    };
    let two = grading.grade(None, files()).unwrap();
    let trees: Vec<&str> = two.report.files.iter().map(|f| f.tree.as_str()).collect();
    assert_eq!(trees, [LECTURE, "other.tree"]);
    assert!(two.report.all_passed());
}

#[test]
fn on_the_command_line_a_later_tree_file_needs_trees() {
    let deep = "trees/deep-cut.tree";
    let check = |more: &[&str]| {
        let mut args = vec!["check", "--format", "csv"];
        args.extend_from_slice(more);
        let Outcome { code, stdout, .. } = gametree(&args).outcome();
        (code, stdout)
    };
    // Its `expect` lines are answers about the lecture tree, the others
    // lines that do not read.
    let (code, stdout) = check(&[LECTURE, deep]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("\ntrees/deep-cut.tree,trees/lecture-a-to-v.tree,"),
        "{stdout}"
    );
    let (code, stdout) = check(&["--trees", LECTURE, deep]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("\ntrees/deep-cut.tree,trees/deep-cut.tree,"),
        "{stdout}"
    );
}

/// `gametree check --format gradescope ARGS`, parsed.
fn gradescope(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["check", "--format", "gradescope"];
    all.extend_from_slice(args);
    let stdout = gametree(&all).outcome().stdout;
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

fn written(name: &str, text: &str) -> String {
    common::written("submission", name, text)
}

#[test]
fn a_submission_is_worth_the_keys_points_once_however_many_files() {
    let right = written("right.answers", &lecture_key());
    let copy = written("copy.answers", &lecture_key());
    let results = gradescope(&[LECTURE, &right, &copy, &right]);
    let tests = results["tests"].as_array().unwrap();
    let most: f64 = tests.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    assert_eq!(tests.len(), 11);
    assert_eq!((results["score"].as_f64(), most), (Some(11.0), 11.0));
    // Split over files, the answers are graded as one: the first answer to
    // a question counts, wherever it is.
    let key = lecture_key();
    let (head, tail) = key.split_at(key.len() / 2);
    let (head, tail) = (written("head.answers", head), written("tail.answers", tail));
    let wrong = written("wrong.answers", "expect value 4\n");
    let results = gradescope(&[LECTURE, &head, &wrong, &tail]);
    assert_eq!(results["score"].as_f64(), Some(11.0));
    let output = results["output"].as_str().unwrap();
    assert!(
        output.contains("3 files read as one answer file:"),
        "{output}"
    );
    let results = gradescope(&[LECTURE, &wrong, &head, &tail]);
    assert_eq!(
        results["score"].as_f64(),
        Some(10.0),
        "the value answered first, wrong"
    );
}

#[test]
fn a_part_that_cannot_be_read_is_left_out_and_said() {
    let right = written("all.answers", &lecture_key());
    let binary = written("binary.answers", "expect value 5\0\n");
    let results = gradescope(&[LECTURE, &binary, &right, "no-such.answers"]);
    assert_eq!(results["score"].as_f64(), Some(11.0));
    let output = results["output"].as_str().unwrap();
    assert!(output.contains("binary.answers was left out:"), "{output}");
    assert!(output.contains("no-such.answers was left out:"), "{output}");
}

#[test]
fn a_file_name_s_hidden_characters_are_shown_in_every_form() {
    let right = written("bidi\u{202e}txt.answers", &lecture_key());
    let other = written("esc\u{1b}[2J.answers", "expect value 5\n");
    // JSON keeps the name as it is, as data; every form for people or
    // platforms shows its hidden characters.
    let shown = [
        ("junit", "bidi&lt;U+202E&gt;txt.answers"),
        ("gradescope", "bidi<U+202E>txt.answers"),
        ("csv", "bidi<U+202E>txt.answers"),
        ("text", "bidi<U+202E>txt.answers"),
    ];
    for (format, name) in shown {
        let Outcome { stdout, .. } =
            gametree(["check", "--format", format, LECTURE, &right, &other]).outcome();
        assert!(
            !stdout.contains(['\u{202e}', '\u{1b}']),
            "{format}: {stdout}"
        );
        assert!(stdout.contains(name), "{format}: {stdout}");
    }
}

#[test]
fn no_answer_file_against_a_key_scores_nothing() {
    // The lecture tree holds its own `expect` lines; with a key they are
    // never what is graded.
    let key_file = written("lecture.key", &lecture_key());
    let key = parse_answers("key", &lecture_key()).unwrap();
    let questions = key.len() as f64;
    let results = gradescope(&["--key", &key_file, LECTURE]);
    assert_eq!(results["score"].as_f64(), Some(0.0));
    let tests = results["tests"].as_array().unwrap();
    let most: f64 = tests.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
    assert_eq!(most, questions, "{results}");
    let batch = grade(Some(&key), vec![lecture()]);
    let [row] = batch.report.files.as_slice() else {
        panic!("{:?}", batch.report.files)
    };
    assert_eq!((row.score, row.points()), (0.0, (0.0, questions)));
    assert!(row.error.as_deref().unwrap().contains("no answer file"));
}

#[test]
fn one_submission_is_never_graded_claim_by_claim() {
    // Without a key, checked claim by claim, the score would be the number
    // of claims that hold: 100 for a hundred times the same.
    let tree = written("bare.tree", "[[3 12 8] [2 4 6] [14 5 2]]\n");
    let answers = written("hundred.answers", &"expect value 3\n".repeat(100));
    let results = gradescope(&[&tree, &answers]);
    assert_eq!(results["score"].as_f64(), Some(0.0), "{results}");
    let output = results["output"].as_str().unwrap();
    assert!(output.contains("could not be graded"), "{output}");
    let results = gradescope(&["--claims", LECTURE, &answers]);
    assert_eq!(results["score"].as_f64(), Some(0.0), "{results}");
}
