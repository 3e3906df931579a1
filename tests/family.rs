//! The algorithms built on alpha-beta (PVS, MTD(f), SSS*, aspiration
//! windows) against the plain minimax oracle of `tests/common` on random
//! trees, against each other, and against the smallest proof; and small
//! trees whose counts are checked by hand (docs/algorithms.md).

use std::collections::BTreeSet;

use gametree::search::{Algorithm, Options, SearchError, knuth_moore, search, smallest_proof};
use gametree::syntax::parse;
use gametree::trace::{NoRecorder, Trace, Window};
use gametree::tree::{GameTree, NodeId, Tree};
use gametree::value::{Bound, Value};
use proptest::prelude::*;

mod common;
use common::{Shape, oracle, oracle_to_depth, shapes, shapes_with};

/// How many random trees each property holds on.
const TREES: u32 = 1_000;

/// The algorithms built on alpha-beta, and alpha-beta in both forms.
const FAMILY: [Algorithm; 5] = [
    Algorithm::AlphaBeta,
    Algorithm::NegamaxAlphaBeta,
    Algorithm::Pvs,
    Algorithm::Mtdf,
    Algorithm::Sss,
];

/// How a tree's numbers are written: integers, quarters as decimals
/// (`-1.25`), thirds as fractions (`-4/3`).
fn write(shape: &Shape, numbers: u8) -> String {
    let number = |v: i32| match numbers {
        0 => v.to_string(),
        1 => format!("{}", f64::from(v) / 4.0),
        _ => format!("{v}/3"),
    };
    match shape {
        Shape::Leaf(v) => number(*v),
        Shape::Node(_, value, children) => {
            let value = value
                .map(|v| format!("= {} ", number(v)))
                .unwrap_or_default();
            let inner: Vec<String> = children.iter().map(|c| write(c, numbers)).collect();
            format!("{value}[{}]", inner.join(" "))
        }
    }
}

/// The conventions drawn for one search: `(strict, fail_hard, depth,
/// window, guess)`, each dropped where `algorithm` does not take it.
type Drawn = (bool, bool, Option<usize>, Option<(i32, i32)>, Option<i32>);

fn options_for(algorithm: Algorithm, (strict, fail_hard, depth, window, guess): Drawn) -> Options {
    let windows = matches!(
        algorithm,
        Algorithm::AlphaBeta | Algorithm::NegamaxAlphaBeta | Algorithm::Pvs
    );
    Options {
        strict,
        fail_hard: fail_hard && algorithm != Algorithm::Mtdf,
        depth,
        window: window.filter(|_| windows).map(|(low, width)| Window {
            alpha: Value::from(low),
            beta: Value::from(low + width),
        }),
        guess: guess
            .filter(|_| algorithm == Algorithm::Mtdf)
            .map(Value::from),
        ..Options::default()
    }
}

fn drawn() -> impl Strategy<Value = Drawn> {
    (
        any::<bool>(),
        any::<bool>(),
        prop::option::of(0usize..4),
        prop::option::of((-4i32..4, 1i32..4)),
        prop::option::of(-5i32..6),
    )
}

/// The leaves a search evaluates, each once.
fn distinct_leaves(tree: &Tree, algorithm: Algorithm, options: Options) -> BTreeSet<NodeId> {
    let mut trace = Trace::new();
    search(tree, algorithm, options, &mut trace).unwrap();
    trace.leaves().collect()
}

/// `shape` with every leaf of value 4 made unknown (`?`): the text, and
/// the text with each `?` as `low` instead.
fn with_unknowns(shape: &Shape, low: i32) -> (String, String) {
    match shape {
        Shape::Leaf(4) => ("?".into(), low.to_string()),
        Shape::Leaf(v) => (v.to_string(), v.to_string()),
        Shape::Node(_, _, children) => {
            let (a, b): (Vec<String>, Vec<String>) =
                children.iter().map(|c| with_unknowns(c, low)).unzip();
            (format!("[{}]", a.join(" ")), format!("[{}]", b.join(" ")))
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(TREES))]

    /// Every algorithm of the family gives the oracle's value, on integers,
    /// decimals and fractions, under both tie rules, fail-soft and
    /// fail-hard (MTD(f) is fail-soft only), with depth limits taking
    /// static values, aspiration windows and first guesses.
    #[test]
    fn the_family_finds_the_oracle_value(shape in shapes_with(true), numbers in 0u8..3, drawn in drawn()) {
        let text = write(&shape, numbers);
        let tree = parse("random", &text).unwrap();
        let expected = oracle_to_depth(&tree, tree.root(), drawn.2.unwrap_or(usize::MAX));
        for algorithm in FAMILY {
            let options = options_for(algorithm, drawn);
            let result = search(&tree, algorithm, options, &mut NoRecorder)
                .unwrap_or_else(|e| panic!("{algorithm} {options:?} on {text}: {e}"));
            prop_assert_eq!(result.score.value, expected, "{} {:?} on {}", algorithm, options, text);
            prop_assert_eq!(result.score.bound, Bound::Exact, "{} {:?} on {}", algorithm, options, text);
        }
    }

    /// A search that finishes on a tree with unknown leaves never needed
    /// them: its value is the oracle's whatever they hold, very low or
    /// very high.
    #[test]
    fn an_unknown_leaf_a_search_skips_never_changes_its_value(shape in shapes(), drawn in drawn()) {
        let (text, low) = with_unknowns(&shape, -100);
        let (_, high) = with_unknowns(&shape, 100);
        let tree = parse("random", &text).unwrap();
        let values = [low, high].map(|t| {
            let filled = parse("filled", &t).unwrap();
            oracle(&filled, filled.root())
        });
        for algorithm in FAMILY {
            let options = Options { depth: None, ..options_for(algorithm, drawn) };
            match search(&tree, algorithm, options, &mut NoRecorder) {
                Ok(result) => prop_assert!(
                    values.iter().all(|v| *v == result.score.value),
                    "{} {:?} on {}: {} but {:?}", algorithm, options, text, result.score.value, values
                ),
                Err(SearchError::UnknownValue { .. }) => {}
                Err(other) => prop_assert!(false, "{}: {}", algorithm, other),
            }
        }
    }

    /// Stockman's theorem: SSS* never evaluates a leaf that alpha-beta,
    /// searching the same tree in the same order with the full window,
    /// skips. It holds with ties under both of alpha-beta's rules (a value
    /// equal to the bound cuts, or only one beyond it: `strict`) and with
    /// a depth limit (nodes at the limit are the leaves).
    #[test]
    fn sss_evaluates_no_leaf_that_alphabeta_skips(shape in shapes_with(true), depth in prop::option::of(0usize..4)) {
        let tree = parse("random", &shape.text()).unwrap();
        for strict in [false, true] {
            let options = Options { depth, strict, ..Options::default() };
            let sss = distinct_leaves(&tree, Algorithm::Sss, options);
            let alphabeta = distinct_leaves(&tree, Algorithm::AlphaBeta, options);
            prop_assert!(sss.is_subset(&alphabeta), "strict {}: {}", strict, shape.text());
        }
    }

    /// MTD(f) whose first guess is the value makes at most two passes on
    /// integer trees: one that fails high (the value is at least the
    /// guess), one that fails low (it is at most).
    #[test]
    fn mtdf_guessing_the_value_makes_at_most_two_passes(shape in shapes()) {
        let tree = parse("random", &shape.text()).unwrap();
        let value = oracle(&tree, tree.root());
        let options = Options { guess: Some(value), ..Options::default() };
        let result = search(&tree, Algorithm::Mtdf, options, &mut NoRecorder).unwrap();
        prop_assert!(result.stats.passes <= 2, "{} passes on {}", result.stats.passes, shape.text());
    }

    /// No algorithm proves the value with fewer distinct leaves than the
    /// smallest proof holds.
    #[test]
    fn the_smallest_proof_never_exceeds_any_search(shape in shapes_with(true), drawn in drawn()) {
        let tree = parse("random", &shape.text()).unwrap();
        let value = oracle_to_depth(&tree, tree.root(), drawn.2.unwrap_or(usize::MAX));
        let proof = smallest_proof(&tree, value, drawn.2).unwrap();
        for algorithm in Algorithm::ALL {
            let options = options_for(algorithm, drawn);
            let leaves = distinct_leaves(&tree, algorithm, options).len() as u64;
            prop_assert!(proof.leaves <= leaves, "{} {:?}: {} < {} on {}", algorithm, options, leaves, proof.leaves, shape.text());
        }
    }
}

/// A uniform tree of branching `b` and depth `d`, distinct leaf values,
/// each node's children best first for the player to move.
fn perfectly_ordered(b: usize, d: usize) -> String {
    fn build(b: usize, d: usize, max: bool, counter: &mut i64) -> (String, i64) {
        if d == 0 {
            *counter += 1;
            let v = *counter * 7919 % 1_000_003;
            return (v.to_string(), v);
        }
        let mut children: Vec<(String, i64)> =
            (0..b).map(|_| build(b, d - 1, !max, counter)).collect();
        children.sort_by_key(|(_, v)| if max { -v } else { *v });
        let value = children[0].1;
        let texts: Vec<String> = children.into_iter().map(|(t, _)| t).collect();
        (format!("[{}]", texts.join(" ")), value)
    }
    build(b, d, true, &mut 0).0
}

#[test]
fn pvs_and_alphabeta_evaluate_the_knuth_moore_minimum_on_perfectly_ordered_trees() {
    for b in [2usize, 3, 4] {
        for d in 1..=5u32 {
            let tree = parse("ordered", &perfectly_ordered(b, d as usize)).unwrap();
            let minimum = knuth_moore(b as u64, d).unwrap();
            let value = oracle(&tree, tree.root());
            let proof = smallest_proof(&tree, value, None).unwrap();
            assert_eq!(proof.leaves, minimum, "smallest proof, b={b} d={d}");
            for algorithm in [
                Algorithm::AlphaBeta,
                Algorithm::NegamaxAlphaBeta,
                Algorithm::Pvs,
            ] {
                let result = search(&tree, algorithm, Options::default(), &mut NoRecorder).unwrap();
                assert_eq!(
                    result.stats.leaves_evaluated, minimum,
                    "{algorithm} b={b} d={d}"
                );
                assert_eq!(result.stats.researches, 0, "{algorithm} b={b} d={d}");
            }
        }
    }
}

#[test]
fn knuth_moore_counts_by_hand() {
    // 2^1 + 2^1 - 1, 2^2 + 2^1 - 1, 3^2 + 3^2 - 1, and a root alone.
    assert_eq!(knuth_moore(2, 2), Some(3));
    assert_eq!(knuth_moore(2, 3), Some(5));
    assert_eq!(knuth_moore(3, 4), Some(17));
    assert_eq!(knuth_moore(5, 0), Some(1));
    assert_eq!(knuth_moore(10, 40), None);
}

#[test]
fn mtdf_and_sss_refuse_chance_nodes() {
    let tree = parse("chance", "[chance [0.5 : 1  0.5 : 3] 2]").unwrap();
    for algorithm in [Algorithm::Mtdf, Algorithm::Sss] {
        let error = search(&tree, algorithm, Options::default(), &mut NoRecorder).unwrap_err();
        assert!(
            matches!(error, SearchError::ChanceUnsupported { .. }),
            "{algorithm}: {error}"
        );
        assert!(!algorithm.searches_chance());
    }
    assert!(Algorithm::Pvs.searches_chance());
}

/// The leaves a search evaluates in order, by name, and its result.
fn leaves_in_order(
    tree: &Tree,
    algorithm: Algorithm,
    options: Options,
) -> (Vec<String>, gametree::search::SearchResult<NodeId>) {
    let mut trace = Trace::new();
    let result = search(tree, algorithm, options, &mut trace).unwrap();
    (trace.leaves().map(|n| tree.id(n)).collect(), result)
}

/// The lecture tree, traced by hand in docs/algorithms.md.
#[test]
fn the_lecture_tree_by_hand() {
    let text = std::fs::read_to_string("trees/lecture-a-to-v.tree").unwrap();
    let tree = parse("lecture", &text).unwrap();
    let plain = Options::default();
    let (alphabeta, _) = leaves_in_order(&tree, Algorithm::AlphaBeta, plain);
    assert_eq!(alphabeta, ["D", "E", "G", "K", "L", "N", "O", "R", "S"]);
    // NegaScout: the test of I (window [2, 2+ε]) fails high at 5, and I is
    // searched again with [5, +inf]: K and N twice.
    let (pvs, result) = leaves_in_order(&tree, Algorithm::Pvs, plain);
    assert_eq!(pvs, ["D", "E", "G", "K", "N", "K", "L", "N", "O", "R", "S"]);
    assert_eq!(result.stats.researches, 1);
    // MTD(f) from 0: A >= 0 (fails high, A >= 2), A > 2 (fails high,
    // A >= 5), A > 5 (fails low: A = 5); D, J's lower bound 8 and N come
    // back from memory.
    let (mtdf, result) = leaves_in_order(&tree, Algorithm::Mtdf, plain);
    assert_eq!(mtdf, ["D", "G", "E", "K", "N", "O", "R", "S"]);
    assert_eq!(result.stats.passes, 3);
    // SSS*: every state of merit +inf is examined left to right (D, E;
    // I's first grandchildren K, L; P's R, S) before K's 8 solves J.
    let (sss, result) = leaves_in_order(&tree, Algorithm::Sss, plain);
    assert_eq!(sss, ["D", "E", "K", "L", "R", "S", "N", "O"]);
    assert_eq!(result.score.value, Value::from(5));
    // The smallest proof: A >= 5 by I's K and N; A <= 5 by D E, N O, R S.
    let proof = smallest_proof(&tree, Value::from(5), None).unwrap();
    assert_eq!(
        (proof.max_strategy, proof.min_strategy, proof.leaves),
        (2, 6, 7)
    );
    // An aspiration window [3, 4] fails high (A >= 5) and A is searched
    // again with [5, +inf].
    let window = Options {
        window: Some(Window {
            alpha: Value::from(3),
            beta: Value::from(4),
        }),
        ..plain
    };
    let (_, result) = leaves_in_order(&tree, Algorithm::AlphaBeta, window);
    assert_eq!(
        (result.score.value, result.stats.researches),
        (Value::from(5), 1)
    );
}

/// A re-search that finds the child worth exactly the test's bound. The
/// test of B (window [-3, -3+ε]) fails high, B >= 0, and B is searched
/// again with [0, +inf]: its first child is worth 0, so B, a MIN node,
/// cuts there and says only B <= 0. With the test's B >= 0, B is 0, and
/// so is the root: a value, not the bound "<= 0" it used to report.
#[test]
fn a_re_search_that_fails_low_at_the_test_s_bound_gives_that_value() {
    let tree = parse("tie", "A [B1 [-3] B [C [0 0] 1]]").unwrap();
    for strict in [false, true] {
        let options = Options {
            strict,
            ..Options::default()
        };
        let result = search(&tree, Algorithm::Pvs, options, &mut NoRecorder).unwrap();
        assert_eq!(result.stats.researches, 1, "strict: {strict}");
        assert_eq!(
            (result.score.value, result.score.bound),
            (Value::from(0), Bound::Exact),
            "strict: {strict}"
        );
        let best = result.best_move.map(|node| tree.id(node));
        assert_eq!(best.as_deref(), Some("B"), "strict: {strict}");
    }
}

/// Each Γ case of SSS* named in the trace, on a tree of two levels.
#[test]
fn sss_names_the_cases_of_gamma() {
    let tree = parse("small", "A max [ B [ 3 9 ]  C [ 2 7 ] ]").unwrap();
    let mut trace = Trace::new();
    search(&tree, Algorithm::Sss, Options::default(), &mut trace).unwrap();
    let lines: Vec<String> = trace
        .events
        .iter()
        .filter_map(|e| e.line(&tree, false))
        .collect();
    let cases: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split(": case ").nth(1)?.get(..1))
        .collect();
    // A expands (2); B puts its first child on OPEN (3), which takes B's
    // place, leftmost of merit +inf, and is solved at 3 (1); then C (3)
    // and its first child, solved at 2 (1). B's first child, of the
    // highest merit 3, puts its brother on OPEN (5), a leaf solved at
    // min(3, 9) = 3 (1), the last child of B: B is solved (6), and solves
    // A (4), whose purge takes C's state off OPEN.
    assert_eq!(
        cases,
        ["2", "3", "1", "3", "1", "5", "1", "6", "4"],
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("purge OPEN below A")),
        "{lines:#?}"
    );
}

/// The key states re-searches and passes, and the checker grades them.
#[test]
fn expect_lines_count_researches_and_passes() {
    use gametree::check::{Facts, answer_key, check, key_lines};
    use gametree::syntax::parse_answers;
    let text = std::fs::read_to_string("trees/lecture-a-to-v.tree").unwrap();
    let tree = parse("lecture", &text).unwrap();
    for (algorithm, line, wrong) in [
        (Algorithm::Pvs, "expect researches 1", "expect researches 2"),
        (Algorithm::Mtdf, "expect passes 3", "expect passes: 2"),
    ] {
        let mut trace = Trace::new();
        let result = search(&tree, algorithm, Options::default(), &mut trace).unwrap();
        let key = key_lines(&answer_key(&tree, &result, &trace));
        assert!(key.lines().any(|l| l == line), "{algorithm}: {key}");
        let facts = Facts::new(&tree, &result, &trace, false);
        let answers = parse_answers("answers", &format!("{line}\n{wrong}\n")).unwrap();
        let verdicts = check(&facts, &answers).unwrap();
        assert_eq!(
            verdicts.iter().map(|v| v.passed).collect::<Vec<_>>(),
            [true, false]
        );
    }
}
