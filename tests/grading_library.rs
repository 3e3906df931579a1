//! Grading a batch through the library alone (`check::Grading`), as a
//! program that embeds it does: trees of `trees/`, answer files of
//! `tests/answers/`, scores worked out by hand below; then the binary's
//! `check --format json` and the library's report, serialized the same way,
//! agree on a few batches, and what the binary words from the library
//! (a CS188 case's cuts) is checked through it.

mod common;

use gametree::check::{
    Batch, BatchError, CheckReport, Explain, FileReport, Grading, Host, QuestionReport, Source,
    Status, TreeError, Warning,
};
use gametree::claim::Expectation;
use gametree::search::{Algorithm, Options, Order};
use gametree::syntax::parse_answers;

const LECTURE: &str = "trees/lecture-a-to-v.tree";
const DEEP_CUT: &str = "trees/deep-cut.tree";

/// A file of the repository as a source named by its path.
fn file(path: &str) -> Source {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Source::new(path, text)
}

fn answers(tree: &str, name: &str) -> String {
    format!("tests/answers/{tree}/{name}.answers")
}

fn lecture_answers(name: &str) -> String {
    answers("lecture-a-to-v", name)
}

fn key(text: &str) -> Vec<Expectation> {
    parse_answers("key.answers", text).unwrap()
}

/// The row of `name`.
fn row<'r>(report: &'r CheckReport, name: &str) -> &'r FileReport {
    let found = report.files.iter().find(|f| f.file == name);
    found.unwrap_or_else(|| panic!("no row for {name}"))
}

/// Each question of a graded row: its name, status and points.
fn questions(row: &FileReport) -> Vec<(String, Status, f64)> {
    let grade = row.grade.as_ref().expect("graded against a key");
    let each = |q: &QuestionReport| (q.question.clone(), q.status, q.points);
    grade.questions.iter().map(each).collect()
}

// The lecture tree searched by alpha-beta (ties cut, fail-soft), by hand:
// C = max(2, 1) = 2, so B's beta is 2; F gets G = 6 >= 2, a beta cut, H
// pruned, F returns 6 (F >= 6); B = 2 and A's alpha is 2. J = max(8, 3) =
// 8; M = max(5, 2) = 5 within [2, 8]; I = 5, A's alpha 5. Q = max(3, 4) =
// 4 <= 5 at P: an alpha cut, T (with U, V) pruned, P <= 4. A = 5 through
// I. Leaves D E G K L N O R S: 9.
//
// The tree file's own key has eleven questions of one point each: value,
// best move, B, I, P, F, cut at F, cut at P, pruned, leaves, evaluated.

#[test]
fn a_class_is_graded_against_the_tree_file_s_own_key() {
    let names = ["correct", "wrong-value", "wrong-pruned", "wrong-leaves"].map(lecture_answers);
    let mut files = vec![file(LECTURE)];
    files.extend(names.iter().map(|n| file(n)));
    let batch = Grading::default().grade(None, files).unwrap();
    let report = &batch.report;
    assert!(batch.warnings.is_empty(), "{:?}", batch.warnings);
    assert_eq!(report.files.len(), 4);

    // Every question answered right; the answers the key does not ask (C,
    // J, M, Q, five windows) and the second answers to F and to pruned are
    // extras that score nothing.
    let correct = row(report, &names[0]);
    assert_eq!(
        (correct.passed, correct.total, correct.score),
        (11, 11, 1.0)
    );
    assert_eq!(correct.grade.as_ref().unwrap().extras.len(), 11);
    assert!(correct.error.is_none() && correct.diagnosis.is_none());

    // `expect value 2`: the value fails, the ten other questions are left
    // unanswered.
    let wrong_value = row(report, &names[1]);
    assert_eq!((wrong_value.passed, wrong_value.score), (0, 0.0));
    let asked = questions(wrong_value);
    assert_eq!(asked[0], ("value".to_string(), Status::Failed, 0.0));
    assert!(asked[1..].iter().all(|q| q.1 == Status::Unanswered));

    // `expect pruned H L T` first: it covers H, L, T, U, V against the
    // pruned H, T, U, V: 4 right less 1 false (L is evaluated) of 4, 0.75
    // of a point, and 0.75 / 11 = 0.0682. The two later lists are extras.
    let wrong_pruned = row(report, &names[2]);
    let pruned = questions(wrong_pruned)[8].clone();
    assert_eq!(pruned, ("pruned".to_string(), Status::Partial, 0.75));
    assert_eq!((wrong_pruned.passed, wrong_pruned.score), (0, 0.0682));
    assert_eq!(wrong_pruned.grade.as_ref().unwrap().extras.len(), 2);

    // `expect leaves D E G H K L N O R S` first: the nine leaves in order
    // are right, H between is false: 8 of 9, and 0.8889 / 11 = 0.0808.
    let wrong_leaves = row(report, &names[3]);
    let leaves = questions(wrong_leaves)[9].clone();
    assert_eq!(leaves, ("leaves".to_string(), Status::Partial, 0.8889));
    assert_eq!(wrong_leaves.score, 0.0808);

    // The batch: 11 + 0.75 + 0.8889 points of 44.
    assert_eq!((report.passed, report.total), (11, 44));
    assert_eq!(report.score, 0.2872);
    assert!(!report.all_passed() && !report.has_errors());
}

/// The lecture tree and three of its answer files, then the deep-cut tree
/// and one of its own, graded with brief explanations against one key of
/// seven points: the value 2, the best move 1, the cut at F 3, the pruned
/// nodes 1. The key is the lecture tree's; the deep-cut tree's answer file
/// is graded against it too, with the deep-cut tree's search.
fn graded_against_a_key_with_points() -> Batch {
    let key = key(
        "expect value 5 [2 points]\nexpect best I\nexpect cut F beta [3 points]\n\
         expect pruned H T U V\n",
    );
    let files = vec![
        file(LECTURE),
        file(&lecture_answers("correct")),
        file(&lecture_answers("wrong-cut")),
        file(&lecture_answers("wrong-pruned")),
        file(DEEP_CUT),
        file(&answers("deep-cut", "correct")),
    ];
    let grading = Grading {
        explain: Explain::Brief,
        several_trees: true,
        ..Grading::default()
    };
    grading.grade(Some(&key), files).unwrap()
}

/// The key's lines each warning is about, with the tree searched.
fn warned(batch: &Batch) -> Vec<(usize, String)> {
    let each = |w: &Warning| match w {
        Warning::KeyLineFails { line, tree, .. } => (*line, tree.clone()),
        other => panic!("{other}"),
    };
    batch.warnings.iter().map(each).collect()
}

#[test]
fn a_key_with_points_weighs_the_questions() {
    let batch = graded_against_a_key_with_points();
    let report = &batch.report;
    // All four questions, `expect pruned H T` standing for H T U V.
    let correct = row(report, &lecture_answers("correct"));
    assert_eq!(correct.points(), (7.0, 7.0));
    // `expect cut F alpha` fails the cut at F (3 points); the cuts at J, D
    // and T are not questions of this key.
    let wrong_cut = row(report, &lecture_answers("wrong-cut"));
    let rows = questions(wrong_cut);
    assert_eq!(rows[2], ("cut at F".to_string(), Status::Failed, 0.0));
    assert_eq!(wrong_cut.grade.as_ref().unwrap().extras.len(), 3);
    assert_eq!(wrong_cut.points(), (0.0, 7.0));
    // Brief explanations say what is wrong, not the right answer.
    let cut = &wrong_cut.grade.as_ref().unwrap().questions[2];
    assert_eq!(cut.explanation, "F: wrong kind of cut");
    assert_eq!(cut.actual, None);
    // 0.75 of the pruned question's one point (as above), of 7: 0.1071.
    let wrong_pruned = row(report, &lecture_answers("wrong-pruned"));
    assert_eq!(wrong_pruned.points(), (0.75, 7.0));
    assert_eq!(wrong_pruned.score, 0.1071);
    assert!(!report.has_errors());
}

#[test]
fn a_key_grades_the_answer_files_of_every_tree_against_that_tree_s_search() {
    let batch = graded_against_a_key_with_points();
    // On deep-cut (value 7 through C, F = 3 a leaf, G pruned: see below),
    // `expect value 7` earns the value's 2 points and `expect pruned G`
    // the pruned question's 1; the best move and the cut at F (a leaf
    // cannot cut) are unanswered; the window, E and the cut at E are not
    // questions of this key. 3 of 7 points.
    let deep = row(&batch.report, &answers("deep-cut", "correct"));
    assert_eq!(deep.tree, DEEP_CUT);
    let statuses: Vec<Status> = questions(deep).iter().map(|q| q.1).collect();
    use Status::{Passed, Unanswered};
    assert_eq!(statuses, [Passed, Unanswered, Unanswered, Passed]);
    assert_eq!(deep.points(), (3.0, 7.0));
    assert_eq!(deep.score, 0.4286);
    assert_eq!(deep.grade.as_ref().unwrap().extras.len(), 4);

    // The key holds for the lecture tree's search, not for deep-cut's:
    // its value (line 1), best move (line 2) and cut at F (line 3) are
    // warned about; its pruned line names T, which deep-cut lacks, and is
    // no claim that search can decide.
    let deep_cut = DEEP_CUT.to_string();
    let lines = [(1, deep_cut.clone()), (2, deep_cut.clone()), (3, deep_cut)];
    assert_eq!(warned(&batch), lines);
}

#[test]
fn a_tree_file_alone_is_checked_claim_by_claim() {
    // The deep-cut tree, by hand: B = 5 gives A alpha 5; E (MIN, window
    // [5, +inf]) gets F = 3 <= 5 and cuts, G pruned, E <= 3; D = max(3, 7)
    // = 7, C = min(7, 8) = 7, A = 7 through C; leaves B F H I. All six of
    // its `expect` lines hold.
    let batch = Grading::default()
        .grade(None, vec![file(DEEP_CUT)])
        .unwrap();
    let only = &batch.report.files[0];
    assert_eq!(
        (only.file.as_str(), only.tree.as_str()),
        (DEEP_CUT, DEEP_CUT)
    );
    assert_eq!((only.passed, only.failed, only.total), (6, 0, 6));
    assert!(only.grade.is_none());
    assert!(batch.report.all_passed());
}

#[test]
fn claims_mode_checks_every_claim_and_ignores_the_key() {
    // The four `expect leaves` lines all fail: the first has H, which is
    // pruned; the second lacks L; the third stops before S; the fourth
    // goes on to U.
    let key = key("expect value 5\n");
    let files = vec![file(LECTURE), file(&lecture_answers("wrong-leaves"))];
    let grading = Grading {
        claims: true,
        ..Grading::default()
    };
    let batch = grading.grade(Some(&key), files).unwrap();
    let only = &batch.report.files[0];
    assert!(only.grade.is_none());
    assert_eq!((only.passed, only.failed, only.score), (0, 4, 0.0));
    let lines: Vec<usize> = only.expectations.iter().map(|e| e.line).collect();
    assert_eq!(lines, [1, 2, 3, 4]);
}

#[test]
fn the_options_change_the_search_graded_against() {
    // Under minimax nothing is cut: `expect cut F beta` no longer holds,
    // and F is exact, max(6, H) with H unknown: the search needs H and
    // stops, so the tree file is unusable and says why.
    let grading = Grading {
        algorithm: Algorithm::Minimax,
        ..Grading::default()
    };
    let files = vec![file(LECTURE), file(&lecture_answers("correct"))];
    let batch = grading.grade(None, files).unwrap();
    let only = &batch.report.files[0];
    let error = only.error.as_deref().unwrap();
    assert!(
        error.starts_with("the tree file could not be used: trees/lecture-a-to-v.tree:"),
        "{error}"
    );
    assert_eq!(only.algorithm, Algorithm::Minimax);

    // On deep-cut, minimax evaluates all five leaves: the tree's `expect
    // cut E alpha`, `expect E <= 3`, `expect pruned G` and `expect leaves
    // B F H I` fail; the value and the best move hold.
    let batch = grading.grade(None, vec![file(DEEP_CUT)]).unwrap();
    let only = &batch.report.files[0];
    assert_eq!((only.passed, only.failed), (2, 4));
}

#[test]
fn a_key_line_the_search_does_not_support_is_a_warning() {
    let key = key("expect value 4\nexpect best I\nexpect cut P beta\n");
    let files = vec![file(LECTURE), file(&lecture_answers("correct"))];
    let batch = Grading::default().grade(Some(&key), files).unwrap();
    let lecture = LECTURE.to_string();
    assert_eq!(warned(&batch), [(1, lecture.clone()), (3, lecture)]);
    let words = batch.warnings[0].to_string();
    assert_eq!(
        words,
        "the key's line 1 (expect value 4) does not hold for the search of \
         trees/lecture-a-to-v.tree with alphabeta: answers are graded against the search"
    );
}

#[test]
fn unusable_files_get_their_rows_and_answers_first_are_refused() {
    let files = vec![
        file(LECTURE),
        Source::unreadable("gone.answers", "gone.answers: cannot read: no such file"),
        Source::new("empty.answers", "# nothing\n"),
        Source::new("broken.tree", "[1 2"),
        Source::new("orphan.answers", "expect value 1\n"),
    ];
    let grading = Grading {
        several_trees: true,
        ..Grading::default()
    };
    let batch = grading.grade(None, files).unwrap();
    let rows: Vec<(&str, &str)> = batch
        .report
        .files
        .iter()
        .map(|f| (f.file.as_str(), f.error.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        rows[0],
        ("gone.answers", "gone.answers: cannot read: no such file")
    );
    assert!(
        rows[1]
            .1
            .starts_with("empty.answers:2:1: the file has no answers"),
        "{rows:?}"
    );
    assert_eq!(rows[2].0, "orphan.answers");
    assert!(
        rows[2]
            .1
            .starts_with("the tree file could not be used: broken.tree:1:"),
        "{rows:?}"
    );
    // Graded with a key, an unreadable file still has every question, so
    // that the points add up: 11 unanswered.
    assert_eq!(batch.report.files[0].points(), (0.0, 11.0));

    let first = Grading::default().grade(None, vec![file(&lecture_answers("correct"))]);
    let name = lecture_answers("correct");
    assert_eq!(first, Err(BatchError::AnswersFirst { name }));
    assert_eq!(
        Grading::default().grade(None, Vec::new()),
        Err(BatchError::NoFiles)
    );
}

/// A host that words search errors its own way and notes each step.
#[derive(Default)]
struct Notes {
    steps: std::cell::RefCell<Vec<String>>,
}

impl Host for Notes {
    fn tree_error(&self, error: &TreeError) -> String {
        match error {
            TreeError::Search(_) => "the options do not suit this algorithm".to_string(),
            other => other.to_string(),
        }
    }

    fn step<T>(&self, what: &str, work: impl FnOnce() -> T) -> T {
        self.steps.borrow_mut().push(what.to_string());
        work()
    }
}

#[test]
fn a_host_words_tree_errors_and_sees_each_step() {
    let grading = Grading {
        algorithm: Algorithm::Minimax,
        options: Options {
            order: Order::Static,
            ..Options::default()
        },
        ..Grading::default()
    };
    let files = vec![file(DEEP_CUT)];
    let plain = grading.grade(None, files.clone()).unwrap();
    let error = plain.report.files[0].error.clone().unwrap();
    assert_eq!(
        error,
        "trees/deep-cut.tree: minimax does not support ordering children"
    );

    let notes = Notes::default();
    let hosted = grading.grade_with(None, files, &notes).unwrap();
    let error = hosted.report.files[0].error.clone().unwrap();
    assert_eq!(
        error,
        "trees/deep-cut.tree: the options do not suit this algorithm"
    );
    assert_eq!(
        notes.steps.into_inner(),
        [
            "parsing trees/deep-cut.tree",
            "searching trees/deep-cut.tree"
        ]
    );
}

/// The binary's `check --format json` on `args`, and its exit code.
fn binary_json(args: &[&str]) -> (i32, String) {
    let (code, stdout, _) = check_with_stdin(&[&["--format", "json"], args].concat(), "");
    (code, stdout)
}

/// The library's report as the binary prints it.
fn library_json(report: &CheckReport) -> String {
    serde_json::to_string_pretty(report).unwrap() + "\n"
}

#[test]
fn the_binary_and_the_library_agree() {
    let every_answer = std::fs::read_dir("tests/answers/lecture-a-to-v").unwrap();
    let mut answer_files: Vec<String> = every_answer
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .collect();
    answer_files.sort();

    // The tree's own key, every answer file, explanations in full.
    let mut args = vec![LECTURE];
    args.extend(answer_files.iter().map(String::as_str));
    let (code, json) = binary_json(&args);
    let files = args.iter().map(|p| file(p)).collect();
    let batch = Grading::default().grade(None, files).unwrap();
    assert_eq!(json, library_json(&batch.report));
    assert_eq!(code, 1, "some answers fail");

    // Claim by claim under minimax.
    let mut args = vec![DEEP_CUT, "tests/answers/deep-cut/wrong.answers"];
    let (_, json) = binary_json(&[&args[..], &["--claims", "--algo", "minimax"]].concat());
    let files = args.iter().map(|p| file(p)).collect();
    let grading = Grading {
        algorithm: Algorithm::Minimax,
        claims: true,
        ..Grading::default()
    };
    assert_eq!(
        json,
        library_json(&grading.grade(None, files).unwrap().report)
    );

    // Every example tree checked against its own `expect` lines, strict,
    // brief explanations.
    let mut trees: Vec<String> = std::fs::read_dir("trees")
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".tree"))
        .collect();
    trees.sort();
    args = trees.iter().map(String::as_str).collect();
    let (_, json) =
        binary_json(&[&args[..], &["--trees", "--strict", "--explain", "brief"]].concat());
    let grading = Grading {
        options: Options {
            strict: true,
            ..Options::default()
        },
        explain: Explain::Brief,
        several_trees: true,
        ..Grading::default()
    };
    let files = args.iter().map(|p| file(p)).collect();
    assert_eq!(
        json,
        library_json(&grading.grade(None, files).unwrap().report)
    );
}

/// The binary's `check` on `args` with `stdin`: exit code and output.
fn check_with_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let all = [&["check"], args].concat();
    let outcome = common::gametree(all).stdin(stdin).outcome();
    (outcome.code, outcome.stdout, outcome.stderr)
}

#[test]
fn a_cs188_case_s_cut_is_explained_with_the_strict_relation_it_cut_on() {
    // A case's search cuts only on a strict pass (its autograder does not
    // prune on ties): minRight stops at C = 2 < 3, root's bound from
    // minLeft. The explanation gives that relation, not `<=`.
    let case = "tests/data/cs188/q3/0-small-tree.test";
    let (code, stdout, _) =
        check_with_stdin(&["--claims", case, "-"], "expect cut minRight beta\n");
    assert_eq!(code, 1);
    let cut = "alpha cut at minRight: deeper pruned (2 < 3, bound from root)";
    assert!(stdout.contains(cut), "{stdout}");
    // With ties cutting (--no-strict), the relation is the other one.
    let (_, stdout, _) = check_with_stdin(
        &["--claims", "--no-strict", case, "-"],
        "expect cut minRight beta\n",
    );
    assert!(stdout.contains("(2 <= 3, bound from root)"), "{stdout}");
}
