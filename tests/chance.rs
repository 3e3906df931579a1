//! Chance nodes: expectiminimax against the plain oracle, Star1 against
//! the unpruned search on random chance trees with random leaf bounds, and
//! the worked examples pinned.

use gametree::search::{Algorithm, Options, SearchError, search};
use gametree::syntax::parse;
use gametree::trace::{Event, NoRecorder, StarMethod, Trace};
use gametree::tree::{GameTree, NodeId, Tree};
use gametree::value::{CutKind, Kind, LeafBounds, Value};
use proptest::prelude::*;

mod common;
use common::{all_options, oracle};

/// A random tree with chance nodes, as text: leaves in -4..=4.
#[derive(Clone, Debug)]
enum Chance {
    Leaf(i32),
    /// A node, its stated kind if any, its children with their weights
    /// (written as fractions of their sum at a chance node when `weighted`),
    /// and its static value.
    Node(Option<Kind>, bool, Vec<(u32, Chance)>, i32),
}

impl Chance {
    fn text(&self) -> String {
        match self {
            Chance::Leaf(v) => v.to_string(),
            Chance::Node(kind, weighted, children, statics) => {
                let kind_word = match kind {
                    Some(Kind::Max) => "max ",
                    Some(Kind::Min) => "min ",
                    Some(Kind::Chance) => "chance ",
                    None => "",
                };
                let total: u32 = children.iter().map(|(w, _)| w).sum();
                let stated = *kind == Some(Kind::Chance) && *weighted && total > 0;
                let inner: Vec<String> = children
                    .iter()
                    .map(|(w, c)| match stated {
                        true => format!("{w}/{total}: {}", c.text()),
                        false => c.text(),
                    })
                    .collect();
                format!("{kind_word}= {statics} [{}]", inner.join(" "))
            }
        }
    }
}

fn chance_trees() -> impl Strategy<Value = Chance> {
    let leaf = (-4i32..5).prop_map(Chance::Leaf);
    leaf.prop_recursive(5, 100, 4, |inner| {
        (
            prop_oneof![
                4 => Just(None),
                3 => Just(Some(Kind::Chance)),
                1 => Just(Some(Kind::Max)),
                1 => Just(Some(Kind::Min)),
            ],
            any::<bool>(),
            prop::collection::vec((0u32..4, inner), 1..5),
            -4i32..5,
        )
            .prop_map(|(kind, weighted, children, statics)| {
                Chance::Node(kind, weighted, children, statics)
            })
    })
}

/// Bounds around the leaves' -4..=4, sometimes at them.
fn bounds() -> impl Strategy<Value = LeafBounds> {
    (-6i32..=-4, 4i32..=6)
        .prop_map(|(low, high)| LeafBounds::new(Value::from(low), Value::from(high)).unwrap())
}

fn traced(tree: &Tree, algorithm: Algorithm, options: Options) -> (Value, u64, Trace<NodeId>) {
    let mut trace = Trace::new();
    let result = search(tree, algorithm, options, &mut trace).unwrap();
    (result.score.value, result.stats.leaves_evaluated, trace)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_algorithm_computes_expectiminimax(shape in chance_trees()) {
        let tree = parse("random", &shape.text()).unwrap();
        let expected = oracle(&tree, tree.root());
        for algorithm in chance_algorithms() {
            for options in all_options().into_iter().filter(|o| algorithm.accepts(o).is_ok()) {
                let result = search(&tree, algorithm, options, &mut NoRecorder).unwrap();
                prop_assert!(result.score.value == expected, "{} gives {} for {} on {}", algorithm, result.score.value, expected, shape.text());
            }
        }
    }

    #[test]
    fn star1_gives_the_value_with_no_more_leaves(shape in chance_trees(), bounds in bounds()) {
        let tree = parse("random", &shape.text()).unwrap();
        let expected = oracle(&tree, tree.root());
        let (_, unpruned, _) = traced(&tree, Algorithm::Minimax, Options::default());
        for options in all_options() {
            let options = Options { bounds: Some(bounds), ..options };
            let (value, leaves, trace) = traced(&tree, Algorithm::AlphaBeta, options);
            prop_assert!(value == expected, "alphabeta gives {} for {}", value, expected);
            prop_assert!(leaves <= unpruned);
            let (negamax_value, negamax_leaves, negamax_trace) =
                traced(&tree, Algorithm::NegamaxAlphaBeta, options);
            prop_assert!(negamax_value == expected);
            prop_assert_eq!(negamax_leaves, leaves);
            let same = common::same_events(&tree, &trace, &negamax_trace);
            prop_assert!(same.is_ok(), "{:?} on {}: {}", options, shape.text(), same.unwrap_err());
            let (star2_value, star2_leaves, _) = traced(&tree, Algorithm::Star2, options);
            prop_assert!(star2_value == expected, "star2 gives {} for {}", star2_value, expected);
            prop_assert!(star2_leaves <= unpruned);
            let parallel = Options { threads: 2, ..options };
            let result = search(&tree, Algorithm::Parallel, parallel, &mut NoRecorder).unwrap();
            prop_assert!(result.score.value == expected);
        }
    }

    /// What a cut says it compared holds: `v >= beta` (`>` with strict)
    /// for a beta cut, `v <= alpha` (`<`) for an alpha cut, at MAX, MIN
    /// and chance nodes alike.
    #[test]
    fn every_cut_states_a_true_comparison(shape in chance_trees(), bounds in bounds()) {
        let tree = parse("random", &shape.text()).unwrap();
        for algorithm in chance_algorithms() {
            for options in all_options().into_iter().filter(|o| algorithm.accepts(o).is_ok()) {
                // A traced parallel search runs on one thread.
                let options = Options { bounds: Some(bounds), threads: 1, ..options };
                let (_, _, trace) = traced(&tree, algorithm, options);
                for cut in trace.cuts().filter(|cut| cut.purge.is_none()) {
                    let (v, t) = (cut.value, cut.threshold);
                    let holds = match (cut.kind, options.strict) {
                        (CutKind::Beta, false) => v >= t,
                        (CutKind::Beta, true) => v > t,
                        (CutKind::Alpha, false) => v <= t,
                        (CutKind::Alpha, true) => v < t,
                    };
                    let words = cut.describe(&tree, options.strict);
                    prop_assert!(holds, "{} {:?} on {}: {}", algorithm, options, shape.text(), words);
                }
            }
        }
    }

    #[test]
    fn a_depth_limit_works_with_chance_nodes(shape in chance_trees(), bounds in bounds(), depth in 0usize..4) {
        let tree = parse("random", &shape.text()).unwrap();
        let expected = common::oracle_to_depth(&tree, tree.root(), depth);
        for algorithm in chance_algorithms() {
            for bounds in [None, Some(bounds)] {
                let options = Options { depth: Some(depth), bounds, threads: 2, ..Options::default() };
                let result = search(&tree, algorithm, options, &mut NoRecorder).unwrap();
                prop_assert!(result.score.value == expected, "{} gives {} for {}", algorithm, result.score.value, expected);
            }
        }
    }

    /// Each form of each search, min/max and negamax, makes the same
    /// events on chance trees: with and without leaf bounds, to the leaves
    /// and to a depth limit, under every tie and fail-hard rule.
    #[test]
    fn both_forms_trace_alike_event_by_event(shape in chance_trees(), bounds in bounds(), depth in prop::option::of(0usize..4)) {
        let tree = parse("random", &shape.text()).unwrap();
        for options in all_options() {
            for bounds in [None, Some(bounds)] {
                let options = Options { bounds, depth, ..options };
                let same = common::forms_trace_alike(&tree, options);
                prop_assert!(same.is_ok(), "on {}: {}", shape.text(), same.unwrap_err());
            }
        }
    }

    #[test]
    fn the_running_sum_ends_at_the_chance_node_s_value(shape in chance_trees()) {
        let tree = parse("random", &shape.text()).unwrap();
        let (_, _, trace) = traced(&tree, Algorithm::Minimax, Options::default());
        let mut last_sum = std::collections::HashMap::new();
        for event in &trace.events {
            match event {
                Event::Chance { node, sum, seen, of, .. } => {
                    prop_assert!(seen <= of);
                    last_sum.insert(*node, *sum);
                }
                Event::Final { node, score } if tree.kind(*node) == Kind::Chance => {
                    prop_assert_eq!(last_sum.get(node), Some(&score.value));
                }
                _ => {}
            }
        }
    }
}

fn value_of(text: &str, algorithm: Algorithm, options: Options) -> (Value, u64, Trace<NodeId>) {
    traced(&parse("example", text).unwrap(), algorithm, options)
}

/// The shape of AIMA's figure 5.11: MAX over chance over MIN.
/// The left chance node: 1/3 * min(2, 4) + 2/3 * min(7, 1) = 2/3 + 2/3 = 4/3;
/// the right one, children equally likely: (min(3, 5) + min(0, 8)) / 2 = 1.5.
#[test]
fn aima_figure_5_11_shape() {
    let text = "[ chance [ 1/3: [2 4] 2/3: [7 1] ] chance [ [3 5] [0 8] ] ]";
    let tree = parse("aima", text).unwrap();
    let root = tree.root();
    let kinds: Vec<Kind> = tree.nodes().map(|n| tree.kind(n)).collect();
    assert_eq!(&kinds[..3], [Kind::Max, Kind::Chance, Kind::Min]);
    for algorithm in chance_algorithms() {
        let result = search(&tree, algorithm, Options::default(), &mut NoRecorder).unwrap();
        assert_eq!(result.score.value, Value::new(1.5).unwrap(), "{algorithm}");
        assert_eq!(result.best_move, tree.child(root, 1));
    }
    let (_, _, trace) = value_of(text, Algorithm::Minimax, Options::default());
    let lines: Vec<String> = trace
        .events
        .iter()
        .filter(|e| matches!(e, Event::Chance { .. }))
        .filter_map(|e| e.line(&tree, false))
        .collect();
    assert_eq!(
        lines[..2],
        [
            "@1 += 0.3333 x 2 (@1.1): weighted sum 0.6667 after 1 of 2 children",
            "@1 += 0.6667 x 1 (@1.2): weighted sum 1.3333 after 2 of 2 children",
        ]
    );
}

/// The Star1 example of issue 12, worked by hand, children in file order
/// (the lecture's), leaves in [0, 10]:
///
/// - C1 = 0.7 * min(9, 10) + 0.3 * min(9, 7) = 6.3 + 2.1 = 8.4, all four
///   leaves evaluated (C1 is searched with the full window: A = -inf, so
///   nothing can fail low; B = +inf, nothing fails high). Root alpha = 8.4.
/// - C2, window [8.4, +inf]. Its first child (p = 0.7, 0.3 left) must
///   beat A = (8.4 - 0.3 * 10) / 0.7 = 7.714..., so it is searched with
///   the window [7.714, 10]. Its first leaf, 2, fails it low at once
///   (an alpha cut of the MIN node: its 10 is skipped).
/// - Then C2 <= 0.7 * 2 + 0.3 * 10 = 4.4 <= alpha 8.4: a Star1 cut, the
///   second child [5 8] skipped.
///
/// So Star1 evaluates 5 of the 8 leaves (9 10 9 7 2), as the issue says,
/// and the value is 8.4, through C1.
#[test]
fn the_issue_s_star1_example() {
    let text = "bounds 0 10\n[ C1 chance [ 0.7: [9 10] 0.3: [9 7] ] C2 chance [ 0.7: [2 10] 0.3: [5 8] ] ]";
    let tree = parse("star1", text).unwrap();
    for algorithm in [Algorithm::AlphaBeta, Algorithm::NegamaxAlphaBeta] {
        let (value, leaves, trace) = value_of(text, algorithm, Options::default());
        assert!(value == Value::new(8.4).unwrap());
        assert_eq!(leaves, 5, "{algorithm}");
        let cut = trace.cuts().find(|c| c.chance.is_some()).unwrap();
        assert_eq!(tree.id(cut.node), "C2");
        assert_eq!(cut.chance.unwrap().method, StarMethod::Star1);
        assert_eq!(
            cut.describe(&tree, false),
            "Star1 cut at C2: after 1 of 2 children the value cannot exceed 4.4 <= alpha 8.4 (@2.2 pruned)"
        );
    }
    let result = common::solve(&tree, Algorithm::AlphaBeta).unwrap();
    assert_eq!(result.best_move, tree.find("C1"));
    // Star2 probes C2's first child's first leaf, 2: C2 cannot exceed
    // 0.7 * 2 + 0.3 * 10 = 4.4 before any child is searched in full. The
    // cut skips the probed MIN node's other leaf, the 10 (@2.1.2), and
    // the child never probed, @2.2.
    let (value, leaves, trace) = value_of(text, Algorithm::Star2, Options::default());
    assert!(value == Value::new(8.4).unwrap());
    assert_eq!(leaves, 5);
    let cut = trace.cuts().next().unwrap();
    assert_eq!(
        cut.describe(&tree, false),
        "Star2 cut at C2: after probing 1 of 2 children the value cannot exceed 4.4 <= alpha 8.4 (@2.1.2 @2.2 pruned)"
    );
    // Without bounds, the same tree is searched in full below chance nodes.
    let unbounded = text.replace("bounds 0 10\n", "");
    let (value, leaves, _) = value_of(&unbounded, Algorithm::AlphaBeta, Options::default());
    assert!(value == Value::new(8.4).unwrap());
    assert_eq!(leaves, 8);
    let tree = parse("unbounded", &unbounded).unwrap();
    let result = common::solve(&tree, Algorithm::AlphaBeta).unwrap();
    assert_eq!(result.stats.unbounded_chance_nodes, 2);
}

#[test]
fn a_leaf_outside_the_bounds_is_an_error_naming_it() {
    let tree = parse("out", "bounds 0 5\n[ chance [ 1 B = 7 ] 2 ]").unwrap();
    let error = common::solve(&tree, Algorithm::AlphaBeta).unwrap_err();
    assert!(matches!(&error, SearchError::OutOfBounds { node, .. } if node == "B"));
    assert_eq!(
        error.to_string(),
        "leaf B = 7 lies outside the leaf bounds [0, 5]"
    );
}

#[test]
fn a_chance_node_with_both_infinities_has_no_mean() {
    let tree = parse("inf", "[ C chance [ +inf -inf ] 2 ]").unwrap();
    let error = common::solve(&tree, Algorithm::Minimax).unwrap_err();
    assert!(matches!(&error, SearchError::UndefinedMean { node, .. } if node == "C"));
}

/// `check` counts the nodes valued at the depth limit among the leaves,
/// whatever the algorithm.
#[test]
fn check_counts_nodes_at_the_depth_limit_as_leaves() {
    let text = "A [ B = 3 [ C = -4 [ 1 2 ] D = 5 [ 7 8 ] ] E = 1 [ F = 2 [ 3 4 ] G = 6 [ 1 1 ] ] ]\n\
                expect evaluated 4\nexpect leaves C D F G\nexpect value 2\n";
    for algorithm in [
        "minimax",
        "negamax",
        "alphabeta",
        "negamax-alphabeta",
        "star2",
    ] {
        let args = ["check", "-", "--algo", algorithm, "--depth", "2"];
        let output = common::gametree(args).stdin(text).output();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{algorithm}: {stdout}");
        assert!(
            stdout.contains("3 passed, 0 failed"),
            "{algorithm}: {stdout}"
        );
    }
}

/// The Star2 example of `trees/star2-probes.tree`: the key written by hand
/// in its comment (worked out there) is the key `gametree key --algo star2`
/// writes, under both tie rules; `check --algo star2` accepts it in full,
/// with the cut after C3's probes among its lines.
#[test]
fn the_star2_probing_example_s_key_is_the_hand_worked_one() {
    let file = "trees/star2-probes.tree";
    let text = std::fs::read_to_string(file).unwrap();
    let by_hand: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("# "))
        .filter(|line| line.starts_with("expect "))
        .collect();
    assert!(by_hand.contains(&"expect cut C3 star2"));
    assert!(by_hand.contains(&"expect pruned @2.2.2 @3.1.2 @3.2.2"));
    for strict in [&[][..], &["--strict"]] {
        let key =
            common::gametree([&["key", "--algo", "star2", file][..], strict].concat()).stdout();
        let written: Vec<&str> = key.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(written, by_hand, "{strict:?}");
        let check = [
            &["check", "--algo", "star2", "--claims", file, "-"][..],
            strict,
        ]
        .concat();
        let common::Outcome { code, stdout, .. } = common::gametree(check).stdin(&key).outcome();
        assert_eq!(code, 0, "{stdout}");
        assert!(
            stdout.contains("line 19  pass  expect cut C3 star2"),
            "{stdout}"
        );
        assert!(stdout.ends_with("21 passed, 0 failed\n"), "{stdout}");
    }
}

#[test]
fn thirds_written_as_decimals_grade_as_the_value_they_print() {
    // Three 0.3333333333 sum to 0.9999999999: each is taken as 1/3, the
    // chance node is worth exactly 90, as `solve` prints and JSON says,
    // and `check` grades `expect value 90` right, with a note.
    let dir = common::scratch("thirds");
    let path = dir.join("thirds.tree");
    let tree = "[ chance [ 0.3333333333: 90 0.3333333333: 90 0.3333333333: 90 ] 2 ]\n\
                expect value 90\n";
    std::fs::write(&path, tree).unwrap();
    let file = path.to_str().unwrap();
    let solved = common::gametree(["solve", file]).outcome();
    assert!(solved.stdout.contains("value: 90\n"), "{}", solved.stdout);
    assert!(
        solved
            .stderr
            .contains("1:3: the probabilities of this chance node's children sum to 0.9999999999"),
        "{}",
        solved.stderr
    );
    let json = common::gametree(["solve", file, "--json"]).stdout();
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["value"], 90);
    let checked = common::gametree(["check", file]).outcome();
    assert_eq!(checked.code, 0, "{}", checked.stdout);
    assert!(checked.stderr.starts_with("note: "), "{}", checked.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn probabilities_a_little_over_one_keep_the_value_within_the_bounds() {
    let text = "bounds 0 10\n[ chance [ 0.5: 10 0.5000000009: 10 ] 2 ]\n";
    let tree = gametree::syntax::parse("t", text).unwrap();
    for algorithm in chance_algorithms() {
        let result = common::solve(&tree, algorithm).unwrap();
        assert_eq!(result.score.value, Value::from(10), "{algorithm}");
    }
}

/// Every algorithm that searches chance nodes (MTD(f) and SSS* refuse
/// them: `tests/family.rs`), the parallel search included.
fn chance_algorithms() -> impl Iterator<Item = Algorithm> {
    (Algorithm::ALL.into_iter().chain([Algorithm::Parallel])).filter(|a| a.searches_chance())
}

#[test]
fn solve_s_json_names_a_chance_cut_s_method() {
    for algorithm in ["alphabeta", "star2"] {
        let json = common::gametree([
            "solve",
            "trees/star1-chance.tree",
            "--algo",
            algorithm,
            "--json",
        ])
        .stdout();
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        let cuts = json["cuts"].as_array().unwrap();
        let chance: Vec<&serde_json::Value> =
            cuts.iter().filter(|c| !c["chance"].is_null()).collect();
        assert!(!chance.is_empty(), "{algorithm}: {cuts:?}");
        for cut in chance {
            let text = cut["text"].as_str().unwrap();
            let said = cut["chance"]["method"].as_str().unwrap();
            assert!(text.to_lowercase().starts_with(said), "{text} {said}");
        }
    }
}
