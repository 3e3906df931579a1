//! Grading on arbitrary trees and answer files. The input's first byte
//! chooses the algorithm and its conventions, the rest is a tree file, then
//! after a NUL byte an answer file. Never a panic; the search's own key,
//! written and read back, scores full marks against the tree, as a key and
//! claim by claim, and no line of it is reported as a slip; an arbitrary
//! answer file scores between 0 and 1 with its counts adding up, the same
//! as when it is graded alone, and every form of its report is written.
//! The tree file is also checked against its own `expect` lines, and
//! against the key written after it, which must score full marks. Graded
//! as one submission, files are worth the key's points once, and a file
//! handed in twice scores what it scores once.

#![no_main]

use gametree::check::{
    CheckReport, FileReport, Grading, Source, Visibility, Warning, answer_key, key_lines,
};
use gametree::search::{Algorithm, Options, search};
use gametree::stack::with_stack_for_depth;
use gametree::syntax::{self, Limits};
use gametree::trace::Trace;
use gametree::tree::Tree;
use libfuzzer_sys::fuzz_target;

const TREE_FILE: &str = "fuzz.tree";

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let (tree_text, answers) = text.split_once('\0').unwrap_or((&text, ""));
    let limits = Limits { max_nodes: 500 };
    let Ok(tree) = syntax::parse_with(TREE_FILE, tree_text, &limits) else {
        return;
    };
    let algorithm = Algorithm::ALL[usize::from(selector & 0x1f) % Algorithm::ALL.len()];
    let options = Options {
        strict: selector & 0x20 != 0,
        fail_hard: selector & 0x40 != 0,
        depth: (selector & 0x80 != 0).then(|| tree.depth().saturating_sub(1).max(1)),
        ..Options::default()
    };
    if algorithm.accepts(&options).is_err() {
        return;
    }
    let grading = Grading {
        algorithm,
        options,
        ..Grading::default()
    };
    with_stack_for_depth(tree.depth(), || {
        check(&grading, &tree, tree_text, &format!("expect {answers}"))
    });
});

fn check(grading: &Grading, tree: &Tree, tree_text: &str, answers: &str) {
    let mut trace = Trace::new();
    let Ok(result) = search(tree, grading.algorithm, grading.options, &mut trace) else {
        return;
    };
    let key_text = key_lines(&answer_key(tree, &result, &trace));
    let key = syntax::parse_answers("key", &key_text)
        .unwrap_or_else(|e| panic!("the key reads back: {e}\n{key_text}"));
    let tree_file = Source::new(TREE_FILE, tree_text);
    let key_file = Source::new("key.answers", key_text.as_str());
    let answer_file = Source::new("any.answers", answers);
    own_expect_lines(grading, tree_text, &key_text);
    for claims in [false, true] {
        let grading = Grading {
            claims,
            ..grading.clone()
        };
        let batch = grading
            .grade(
                Some(&key),
                vec![tree_file.clone(), key_file.clone(), answer_file.clone()],
            )
            .unwrap_or_else(|e| panic!("a batch that starts with its tree grades: {e}"));
        let own = own_file(&batch.report, "key.answers");
        assert!(
            own.error.is_none() && own.failed == 0 && own.score == 1.0,
            "the key scores {} (claims {claims}): {:?}\n{key_text}",
            own.score,
            own.error
        );
        let slips = batch
            .warnings
            .iter()
            .filter(|w| matches!(w, Warning::KeyLineFails { .. }));
        assert_eq!(slips.count(), 0, "{:?}\n{key_text}", batch.warnings);
        let any = own_file(&batch.report, "any.answers");
        assert!((0.0..=1.0).contains(&any.score), "score {}", any.score);
        assert_eq!(any.passed + any.failed, any.total, "{any:?}");
        every_form(&batch.report);
        let alone = grading
            .grade(Some(&key), vec![tree_file.clone(), answer_file.clone()])
            .expect("grades alone");
        let alone = own_file(&alone.report, "any.answers");
        assert_eq!(
            (alone.passed, alone.failed, alone.score),
            (any.passed, any.failed, any.score),
            "another file in the batch changed this one's grade"
        );
    }
    one_submission(grading, &key, &tree_file, &answer_file, &key_file);
}

/// Files graded as one submission: worth the key's points once, a file
/// handed in twice scoring what it scores once.
fn one_submission(
    grading: &Grading,
    key: &[gametree::claim::Expectation],
    tree_file: &Source,
    answer_file: &Source,
    key_file: &Source,
) {
    let grading = Grading {
        one_submission: true,
        ..grading.clone()
    };
    let points = |files: Vec<Source>| {
        let batch = grading
            .grade(Some(key), files)
            .expect("a submission grades");
        let [row] = batch.report.files.as_slice() else {
            panic!("one row for one submission: {:?}", batch.report.files)
        };
        every_form(&batch.report);
        row.points()
    };
    let once = points(vec![tree_file.clone(), answer_file.clone()]);
    let twice = points(vec![
        tree_file.clone(),
        answer_file.clone(),
        answer_file.clone(),
    ]);
    assert_eq!(
        once, twice,
        "a file handed in twice scores what it scores once"
    );
    let (earned, most) = points(vec![
        tree_file.clone(),
        answer_file.clone(),
        key_file.clone(),
    ]);
    assert!(
        earned <= most && most == once.1,
        "{earned} of {most}, the key {}",
        once.1
    );
}

/// The tree file checked against its own `expect` lines, as written and
/// with the key after them: never a panic, a score between 0 and 1, and
/// full marks for the key alone after the tree.
fn own_expect_lines(grading: &Grading, tree_text: &str, key_text: &str) {
    if let Ok(batch) = grading.grade(None, vec![Source::new(TREE_FILE, tree_text)]) {
        for file in &batch.report.files {
            assert!((0.0..=1.0).contains(&file.score), "score {}", file.score);
        }
        every_form(&batch.report);
    }
    if syntax::parse_file(TREE_FILE, tree_text).is_ok_and(|p| p.expectations.is_empty()) {
        let with_key = format!("{tree_text}\n{key_text}");
        let batch = grading
            .grade(None, vec![Source::new(TREE_FILE, with_key.as_str())])
            .unwrap_or_else(|e| panic!("a tree with its key grades: {e}\n{with_key}"));
        let own = own_file(&batch.report, TREE_FILE);
        assert!(
            own.error.is_none() && own.failed == 0 && own.score == 1.0,
            "the key after its tree scores {}: {:?}\n{with_key}",
            own.score,
            own.error
        );
    }
}

/// The row of the answer file `name`.
fn own_file<'r>(report: &'r CheckReport, name: &str) -> &'r FileReport {
    report
        .files
        .iter()
        .find(|f| f.file == name)
        .unwrap_or_else(|| panic!("{name} has a row"))
}

/// Writes every form of the report.
fn every_form(report: &CheckReport) {
    for file in &report.files {
        let _ = file.to_text();
    }
    let _ = report.to_table();
    let _ = report.to_csv();
    let _ = report.to_junit();
    serde_json::to_string(report).expect("the report is JSON");
    let gradescope = report.to_gradescope(Visibility::Visible, 0.5);
    serde_json::to_string(&gradescope).expect("Gradescope's results are JSON");
}
