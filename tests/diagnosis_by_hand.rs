//! Diagnosis from outside: for each misconception, answer files written by
//! hand from a hand trace of the misconceived search (not made by the code
//! that diagnoses them), on the trees of `trees/`. Each must be diagnosed
//! as exactly that misconception, explaining every wrong answer; right
//! answers, written the same way, as none.
//!
//! Trees, as the traces below use them:
//! - `strict-tie`: `A [ B [3 5] C [3 9] ]`, A MAX, B and C MIN;
//! - `strict-fail-hard`: `A [ B [3 5] C [ D [1 2] 4 ] ]`, D MAX;
//! - `lecture-a-to-v`: A MAX; B, I, P MIN; C, F, J, M, Q, T MAX; H, U, V
//!   unknown;
//! - `aima-figure-5-2`: `[[3 12 8] [2 4 6] [14 5 2]]`, MAX over MIN;
//! - `min-root`: `min [ [4 8] [9 2] [6 1] ]`, MIN over MAX;
//! - `parallel-lecture-beta-cuts`: `min [[3 6 4] [2 9 5] [7 4 8]]`;
//! - `deep-cut`: `A max [ B = 5  C [ D [ E [ F = 3  G = 9 ]  H = 7 ]  I = 8 ] ]`;
//! - `static-values`: A MAX over B = 3, C = 2 (MIN) over D = 4, E = 7,
//!   F = 6, G = 8 (MAX) over H = 3, I = 5; J = 6, K = 9; L = 2, M = 4;
//!   N = 1, O = 7 (static values after `=`).

use gametree::check::{Grading, Misconception, Source};
use gametree::search::Options;

/// The search conventions of a case.
fn options(strict: bool, fail_hard: bool, depth: Option<usize>) -> Options {
    Options {
        strict,
        fail_hard,
        depth,
        ..Options::default()
    }
}

/// Strict, fail-hard and a depth limit, as a test states them.
type Conventions = (bool, bool, Option<usize>);

const DEFAULT: Conventions = (false, false, None);
const STRICT: (bool, bool, Option<usize>) = (true, false, None);
const FAIL_HARD: (bool, bool, Option<usize>) = (false, true, None);
const STRICT_FAIL_HARD: (bool, bool, Option<usize>) = (true, true, None);

/// The diagnosis of `answers` against the search of `trees/TREE.tree`
/// with `conventions`: the misconception named, how many wrong answers it
/// explains, and how many are wrong.
fn diagnose(
    tree: &str,
    (strict, fail_hard, depth): (bool, bool, Option<usize>),
    answers: &str,
) -> Option<(Misconception, usize, usize)> {
    let path = format!("trees/{tree}.tree");
    let text = std::fs::read_to_string(&path).unwrap();
    let grading = Grading {
        options: options(strict, fail_hard, depth),
        ..Grading::default()
    };
    let files = vec![
        Source::new(path, text),
        Source::new("student.answers", answers),
    ];
    let batch = grading.grade(None, files).unwrap();
    let file = &batch.report.files[0];
    assert!(file.error.is_none(), "{file:?}");
    let diagnosis = file.diagnosis.as_ref()?;
    Some((diagnosis.name, diagnosis.explains, diagnosis.of))
}

/// Asserts that `answers` are diagnosed as `misconception`, explaining all
/// `wrong` wrong answers.
fn assert_named(
    misconception: Misconception,
    tree: &str,
    conventions: (bool, bool, Option<usize>),
    wrong: usize,
    answers: &str,
) {
    let named = diagnose(tree, conventions, answers);
    assert_eq!(
        named,
        Some((misconception, wrong, wrong)),
        "{tree} {conventions:?}:\n{answers}"
    );
}

#[test]
fn no_cut_on_ties() {
    // Ties cut (the default). The student cuts only when C's value passes
    // alpha strictly: C gets 3 = alpha from its first leaf and goes on to
    // 9, so nothing is pruned and all four leaves are evaluated. C is
    // entered with [3, +inf] either way (A's alpha from B = 3): that
    // window also tells this student from one who never prunes.
    let answers = "expect value 3
expect best B
expect window C [3, +inf]
expect pruned none
expect evaluated 4
expect leaves @1.1 @1.2 @2.1 @2.2
";
    assert_named(
        Misconception::NoCutOnTies,
        "strict-tie",
        DEFAULT,
        3,
        answers,
    );
    // Fail-hard, ties cut. D (MAX, window [3, +inf]) finds 1 and 2 and
    // returns alpha = 3 as an upper bound. C now has 3 = alpha: the
    // student does not cut on that tie and evaluates C's leaf 4 as well.
    // D <= 3 holds for the right search too; a student who never prunes
    // would have D = 2.
    let answers = "expect value 3
expect D <= 3
expect pruned none
expect evaluated 5
expect leaves @1.1 @1.2 @2.1.1 @2.1.2 @2.2
";
    assert_named(
        Misconception::NoCutOnTies,
        "strict-fail-hard",
        FAIL_HARD,
        3,
        answers,
    );
}

#[test]
fn cut_on_ties() {
    // --strict: only C < alpha cuts, so the right search evaluates 9 too.
    // The student cuts at C's first leaf, 3 <= alpha 3: an alpha cut that
    // prunes @2.2, three leaves evaluated.
    let answers = "expect value 3
expect cut C alpha
expect pruned @2.2
expect evaluated 3
expect leaves @1.1 @1.2 @2.1
";
    assert_named(Misconception::CutOnTies, "strict-tie", STRICT, 4, answers);
    // --strict --fail-hard: D returns alpha = 3 (clamped), and the right
    // search, strict, goes on to C's leaf 4. The student cuts on 3 <= 3.
    // D <= 3 holds for both: a fail-soft student would have D <= 2.
    let answers = "expect value 3
expect D <= 3
expect cut C alpha
expect pruned @2.2
expect evaluated 4
";
    assert_named(
        Misconception::CutOnTies,
        "strict-fail-hard",
        STRICT_FAIL_HARD,
        3,
        answers,
    );
}

#[test]
fn fail_hard() {
    // Fail-soft (the default). F (MAX, window [-inf, 2] under B = 2)
    // stops at G = 6 and returns 6; the student clamps it to beta: F >= 2.
    // P (MIN, window [5, +inf]) stops at Q = 4 and returns 4; the student
    // clamps it to alpha: P <= 5. The cuts are the same.
    let answers = "expect value 5
expect best I
expect F >= 2
expect P <= 5
expect cut F beta
";
    assert_named(
        Misconception::FailHard,
        "lecture-a-to-v",
        DEFAULT,
        2,
        answers,
    );
    // --strict, fail-soft: D returns 2 (exact: it saw both its leaves)
    // and C cuts (2 < 3). The student
    // clamps D to alpha = 3, and strict 3 < 3 does not cut: C goes on to
    // its leaf 4, nothing is pruned, five leaves.
    let answers = "expect value 3
expect D <= 3
expect pruned none
expect evaluated 5
";
    assert_named(
        Misconception::FailHard,
        "strict-fail-hard",
        STRICT,
        3,
        answers,
    );
}

#[test]
fn fail_soft() {
    // --fail-hard: F >= 2 and P <= 5 are right; the student returns the
    // values found, G = 6 and Q = 4.
    let answers = "expect value 5
expect F >= 6
expect P <= 4
expect cut P alpha
";
    assert_named(
        Misconception::FailSoft,
        "lecture-a-to-v",
        FAIL_HARD,
        2,
        answers,
    );
    // --strict --fail-hard: right, D <= 3 and no cut at C. The student
    // returns the value D found, 2 (exact: D saw both its leaves), and C
    // cuts (2 < 3) with the value 2: C <= 2, its leaf @2.2 pruned.
    let answers = "expect D = 2
expect C <= 2
expect cut C alpha
expect pruned @2.2
";
    assert_named(
        Misconception::FailSoft,
        "strict-fail-hard",
        STRICT_FAIL_HARD,
        4,
        answers,
    );
}

#[test]
fn right_to_left() {
    // The student starts with @3: its leaves 2, 5, 14 give @3 = 2, alpha
    // 2. @2 sees 6, 4, then 2 = alpha at its last leaf: nothing left to
    // prune. @1 sees 8, 12, 3: 3. Nothing pruned, nine leaves, right to
    // left.
    let answers = "expect value 3
expect best @1
expect pruned none
expect evaluated 9
expect leaves @3.3 @3.2 @3.1 @2.3 @2.2 @2.1 @1.3 @1.2 @1.1
";
    assert_named(
        Misconception::RightToLeft,
        "aima-figure-5-2",
        DEFAULT,
        3,
        answers,
    );
    // MIN root. The student starts with @3 (MAX): 1, 6 give 6, beta 6.
    // @2 sees 2, then 9 >= 6 at its last leaf. @1 sees 8 >= 6 first: a
    // beta cut, its leaf 4 (@1.1) pruned, @1 >= 8. The right search has
    // @1 = 8 exact and cuts at @2 instead.
    let answers = "expect value 6
expect best @3
expect @1 >= 8
expect cut @1 beta
expect pruned @1.1
expect leaves @3.2 @3.1 @2.2 @2.1 @1.2
";
    assert_named(Misconception::RightToLeft, "min-root", DEFAULT, 4, answers);
}

#[test]
fn swapped_players() {
    // The student takes the root for MIN and its children for MAX: @1 =
    // 12 (beta 12), @2 = 6 (beta 6), @3 stops at 14 >= 6, a beta cut
    // pruning 5 and 2. The root takes 6, from @2.
    let answers = "expect value 6
expect best @2
expect cut @3 beta
expect pruned @3.2 @3.3
";
    assert_named(
        Misconception::SwappedPlayers,
        "aima-figure-5-2",
        DEFAULT,
        4,
        answers,
    );
    // A is MIN for the student (B = 5: beta 5), C MAX, D MIN, E MAX: E
    // takes 9, D takes H = 7, and C stops at 7 >= 5: a beta cut, I pruned.
    // A takes B's 5.
    let answers = "expect value 5
expect best B
expect cut C beta
expect pruned I
";
    assert_named(
        Misconception::SwappedPlayers,
        "deep-cut",
        DEFAULT,
        4,
        answers,
    );
}

#[test]
fn no_pruning() {
    // Minimax: every leaf, in order. @2 = 2 holds for both (alpha-beta
    // returns 2 as an upper bound).
    let answers = "expect value 3
expect best @1
expect @2 = 2
expect pruned none
expect evaluated 9
expect leaves @1.1 @1.2 @1.3 @2.1 @2.2 @2.3 @3.1 @3.2 @3.3
";
    assert_named(
        Misconception::NoPruning,
        "aima-figure-5-2",
        DEFAULT,
        3,
        answers,
    );
    // Minimax: @3 = max(7, 4, 8) = 8, where alpha-beta stops at 7 >= 6
    // (@3 >= 7); nothing pruned, nine leaves.
    let answers = "expect value 6
expect best @1
expect @3 = 8
expect pruned none
expect evaluated 9
";
    assert_named(
        Misconception::NoPruning,
        "parallel-lecture-beta-cuts",
        DEFAULT,
        3,
        answers,
    );
}

#[test]
fn negamax_sign_slip() {
    // Every node takes the largest of its children: @1 = 12, @2 at most 6
    // under alpha 12, @3 = 14; the root 14, from @3. No MIN node, so no
    // alpha cut, and beta stays +inf: nothing pruned.
    let answers = "expect value 14
expect best @3
expect @1 = 12
expect pruned none
";
    assert_named(
        Misconception::NegamaxSignSlip,
        "aima-figure-5-2",
        DEFAULT,
        4,
        answers,
    );
    // The MIN root taken as MAX too: @1 = 8, @2 = 9, @3 at most 6: the
    // root 9, from @2; nothing pruned, six leaves.
    let answers = "expect value 9
expect best @2
expect pruned none
expect evaluated 6
";
    assert_named(
        Misconception::NegamaxSignSlip,
        "min-root",
        DEFAULT,
        4,
        answers,
    );
}

#[test]
fn shallower() {
    // To the leaves the search finds 5 (best B). The student stops at
    // depth 2, at D, E, F, G's static values: B = min(4, 7) = 4, C =
    // min(6, 8) = 6, the root 6 from C; four values, no cut.
    let answers = "expect value 6
expect best C
expect B = 4
expect C = 6
expect pruned none
expect evaluated 4
";
    assert_named(
        Misconception::Shallower,
        "static-values",
        DEFAULT,
        6,
        answers,
    );
    // --depth 2 (the root 6, from C). The student stops at depth 1: B = 3,
    // C = 2, the root 3 from B; two values.
    let answers = "expect value 3
expect best B
expect leaves B C
expect evaluated 2
";
    assert_named(
        Misconception::Shallower,
        "static-values",
        (false, false, Some(2)),
        4,
        answers,
    );
}

#[test]
fn deeper() {
    // --depth 1 (B = 3, C = 2: the root 3). The student goes to depth 2:
    // B = 4, C = 6, the root 6 from C; four values.
    let answers = "expect value 6
expect best C
expect B = 4
expect C = 6
expect evaluated 4
";
    assert_named(
        Misconception::Deeper,
        "static-values",
        (false, false, Some(1)),
        5,
        answers,
    );
    // --depth 2 (the root 6, no cut). The student goes to the leaves: the
    // root 5 from B, a beta cut at E (J = 6 >= B's 5, K pruned) and an
    // alpha cut at C (F returns 4 <= 5, G pruned).
    let answers = "expect value 5
expect best B
expect cut E beta
expect cut C alpha
expect pruned K G
";
    assert_named(
        Misconception::Deeper,
        "static-values",
        (false, false, Some(2)),
        5,
        answers,
    );
}

/// Right answers, each for a tree of trees/ under some conventions: the
/// trees' own keys, worked out in their comments, and the other
/// conventions from the traces above.
const RIGHT: [(&str, Conventions, &str); 13] = [
    // The trees' own keys, worked out in their comments.
    (
        "strict-tie",
        DEFAULT,
        "expect value 3\nexpect best B\nexpect cut C alpha\nexpect pruned @2.2\nexpect evaluated 3\n",
    ),
    (
        "aima-figure-5-2",
        DEFAULT,
        "expect value 3\nexpect best @1\nexpect pruned @2.2 @2.3\nexpect cut @2 alpha\nexpect evaluated 7\n",
    ),
    (
        "min-root",
        DEFAULT,
        "expect value 6\nexpect best @3\nexpect cut @2 beta\nexpect pruned @2.2\n",
    ),
    (
        "deep-cut",
        DEFAULT,
        "expect value 7\nexpect best C\nexpect cut E alpha\nexpect E <= 3\nexpect pruned G\n",
    ),
    (
        "lecture-a-to-v",
        DEFAULT,
        "expect value 5\nexpect F >= 6\nexpect P <= 4\nexpect pruned H T\n",
    ),
    (
        "static-values",
        DEFAULT,
        "expect value 5\nexpect B = 5\nexpect cut E beta\nexpect pruned K G\n",
    ),
    // The other conventions, from the traces above.
    (
        "strict-tie",
        STRICT,
        "expect value 3\nexpect C = 3\nexpect pruned none\nexpect evaluated 4\n",
    ),
    (
        "strict-fail-hard",
        FAIL_HARD,
        "expect D <= 3\nexpect cut C alpha\nexpect pruned @2.2\nexpect evaluated 4\n",
    ),
    (
        "strict-fail-hard",
        STRICT,
        "expect D = 2\nexpect cut C alpha\nexpect pruned @2.2\n",
    ),
    (
        "strict-fail-hard",
        STRICT_FAIL_HARD,
        "expect D <= 3\nexpect pruned none\nexpect evaluated 5\n",
    ),
    (
        "lecture-a-to-v",
        FAIL_HARD,
        "expect F >= 2\nexpect P <= 5\nexpect cut F beta\nexpect cut P alpha\n",
    ),
    (
        "static-values",
        (false, false, Some(1)),
        "expect value 3\nexpect best B\nexpect leaves B C\n",
    ),
    (
        "static-values",
        (false, false, Some(2)),
        "expect value 6\nexpect best C\nexpect B = 4\nexpect C = 6\nexpect evaluated 4\n",
    ),
];

#[test]
fn right_answers_name_no_misconception() {
    for (tree, conventions, answers) in RIGHT {
        let batch_options = options(conventions.0, conventions.1, conventions.2);
        assert_eq!(
            diagnose(tree, conventions, answers),
            None,
            "{tree} {batch_options:?}:\n{answers}"
        );
        // And every one of them holds: they are right, not merely
        // undiagnosed.
        let path = format!("trees/{tree}.tree");
        let grading = Grading {
            options: batch_options,
            claims: true,
            ..Grading::default()
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let files = vec![
            Source::new(path, text),
            Source::new("right.answers", answers),
        ];
        let report = grading.grade(None, files).unwrap().report;
        assert!(report.all_passed(), "{tree} {conventions:?}: {report:?}");
    }
}
