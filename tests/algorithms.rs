//! The searches against one plain minimax oracle, and against each other,
//! on random trees; and the Knuth-Moore count on perfectly ordered trees.

use std::collections::BTreeSet;

use gametree::search::{Algorithm, Options, search};
use gametree::syntax::parse;
use gametree::trace::{NoRecorder, Trace};
use gametree::tree::{GameTree, NodeId, Tree};
use gametree::value::Bound;
use proptest::prelude::*;

mod common;
use common::{Shape, all_options, oracle, shapes};

fn traced(tree: &Tree, algorithm: Algorithm, options: Options) -> Trace<NodeId> {
    let mut trace = Trace::new();
    search(tree, algorithm, options, &mut trace).unwrap();
    trace
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_algorithm_finds_the_oracle_value(shape in shapes()) {
        let tree = parse("random", &shape.text()).unwrap();
        let expected = oracle(&tree, tree.root());
        for algorithm in Algorithm::ALL {
            // MTD(f) is fail-soft by definition and refuses fail-hard.
            for options in all_options().into_iter().filter(|o| algorithm.accepts(o).is_ok()) {
                let result = search(&tree, algorithm, options, &mut NoRecorder).unwrap();
                prop_assert_eq!(result.score.value, expected, "{} {:?}", algorithm, options);
                // The root's value is found, not bounded: a search from the
                // full window that ends with "at most" or "at least" there
                // has not said what the value is.
                prop_assert_eq!(result.score.bound, Bound::Exact, "{} {:?}", algorithm, options);
            }
        }
    }

    /// Minimax and negamax, alpha-beta and negamax alpha-beta: each pair
    /// makes the same events, one by one (see `common::same_events`).
    #[test]
    fn both_forms_give_the_same_trace(shape in shapes()) {
        let tree = parse("random", &shape.text()).unwrap();
        for options in all_options() {
            let same = common::forms_trace_alike(&tree, options);
            prop_assert!(same.is_ok(), "{}", same.unwrap_err());
        }
    }

    #[test]
    fn alphabeta_evaluates_a_subset_of_minimax_leaves(shape in shapes()) {
        let tree = parse("random", &shape.text()).unwrap();
        let all: BTreeSet<NodeId> = traced(&tree, Algorithm::Minimax, Options::default()).leaves().collect();
        for options in all_options() {
            let pruned: BTreeSet<NodeId> = traced(&tree, Algorithm::AlphaBeta, options).leaves().collect();
            prop_assert!(pruned.is_subset(&all));
        }
    }

    #[test]
    fn the_principal_variation_leads_to_a_leaf_of_the_root_value(shape in shapes()) {
        let tree = parse("random", &shape.text()).unwrap();
        for algorithm in Algorithm::ALL {
            let result = search(&tree, algorithm, Options::default(), &mut NoRecorder).unwrap();
            let Some(&last) = result.principal_variation.last() else {
                prop_assert!(tree.children(tree.root()).next().is_none());
                continue;
            };
            prop_assert_eq!(tree.value(last), Some(result.score.value));
            let best = result.best_move.unwrap();
            prop_assert_eq!(oracle(&tree, best), result.score.value);
        }
    }

    #[test]
    fn statistics_agree_with_the_trace(shape in shapes()) {
        let tree = parse("random", &shape.text()).unwrap();
        for algorithm in Algorithm::ALL {
            let mut trace = Trace::new();
            let stats = search(&tree, algorithm, Options::default(), &mut trace).unwrap().stats;
            prop_assert_eq!(stats.nodes_visited as usize, trace.visited().count());
            prop_assert_eq!(stats.leaves_evaluated as usize, trace.leaves().count());
            prop_assert_eq!(stats.cutoffs as usize, trace.cuts().count());
            prop_assert!(trace.cuts().all(|cut| !cut.pruned.is_empty()));
        }
    }
}

/// A uniform tree of branching `b` and depth `d` with distinct leaf values
/// (the `n`-th leaf gets `n * 7919 mod 1000003`, a permutation), each node's
/// children sorted best first for the player to move.
fn perfectly_ordered(b: usize, d: usize, counter: &mut i64) -> (Shape, i64) {
    fn build(b: usize, d: usize, max: bool, counter: &mut i64) -> (Shape, i64) {
        if d == 0 {
            *counter += 1;
            let v = *counter * 7919 % 1_000_003;
            return (Shape::Leaf(v as i32), v);
        }
        let mut children: Vec<(Shape, i64)> =
            (0..b).map(|_| build(b, d - 1, !max, counter)).collect();
        children.sort_by_key(|(_, v)| if max { -v } else { *v });
        let value = children[0].1;
        (
            Shape::Node(None, None, children.into_iter().map(|(s, _)| s).collect()),
            value,
        )
    }
    build(b, d, true, counter)
}

#[test]
fn a_perfectly_ordered_tree_evaluates_the_knuth_moore_minimum() {
    let mut counter = 0;
    for b in 2..=4usize {
        for d in 1..=5u32 {
            let (shape, _) = perfectly_ordered(b, d as usize, &mut counter);
            let tree = parse("ordered", &shape.text()).unwrap();
            let minimum = b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1;
            for algorithm in [Algorithm::AlphaBeta, Algorithm::NegamaxAlphaBeta] {
                let result = search(&tree, algorithm, Options::default(), &mut NoRecorder).unwrap();
                assert_eq!(
                    result.stats.leaves_evaluated as usize, minimum,
                    "b={b} d={d}"
                );
            }
        }
    }
}

#[test]
fn ties_prune_differently_under_strict() {
    let tree = parse("tie", "A [ B [3 5] C [3 9] ]").unwrap();
    let cuts = |strict| {
        let options = Options {
            strict,
            ..Options::default()
        };
        search(&tree, Algorithm::AlphaBeta, options, &mut NoRecorder)
            .unwrap()
            .stats
            .cutoffs
    };
    assert_eq!(cuts(false), 1);
    assert_eq!(cuts(true), 0);
}

#[test]
fn under_strict_fail_hard_stops_cutting_at_alpha() {
    let tree = parse("hard", "A [ B [3 5]  C [ D [1 2]  4 ] ]").unwrap();
    let leaves = |strict, fail_hard| {
        let options = Options {
            strict,
            fail_hard,
            ..Options::default()
        };
        let result = search(&tree, Algorithm::AlphaBeta, options, &mut NoRecorder).unwrap();
        (
            result.score.value.to_string(),
            result.stats.leaves_evaluated,
        )
    };
    assert_eq!(leaves(false, false), ("3".into(), 4));
    assert_eq!(leaves(false, true), ("3".into(), 4));
    assert_eq!(leaves(true, false), ("3".into(), 4));
    assert_eq!(leaves(true, true), ("3".into(), 5));
}

#[test]
fn a_cut_records_its_kind_bound_and_source() {
    let tree = parse(
        "deep",
        "A max [ B = 5  C [ D [ E [ F = 3  G = 9 ]  H = 7 ]  I = 8 ] ]",
    )
    .unwrap();
    let trace = traced(&tree, Algorithm::AlphaBeta, Options::default());
    let cut = trace.cuts().next().unwrap();
    assert_eq!(tree.id(cut.node), "E");
    assert_eq!(cut.kind.to_string(), "alpha");
    assert_eq!(
        cut.pruned.iter().map(|n| tree.id(*n)).collect::<Vec<_>>(),
        ["G"]
    );
    assert_eq!(cut.bound_from.map(|n| tree.id(n)).as_deref(), Some("A"));
    assert!(cut.deep);
    assert_eq!(
        (cut.value.to_string(), cut.threshold.to_string()),
        ("3".into(), "5".into())
    );
}

#[test]
fn reaching_the_bound_on_the_last_child_is_no_cut() {
    let tree = parse("last", "[[5] [7 5]]").unwrap();
    let result = common::solve(&tree, Algorithm::AlphaBeta).unwrap();
    assert_eq!(result.stats.cutoffs, 0);
    assert_eq!(result.stats.leaves_evaluated, 3);
}

/// The library reserves the stack a search needs: a chain as deep as the
/// limit is searched from a test thread's small stack, by every algorithm,
/// with and without a recorder, and by the parallel search on its own pool.
#[test]
fn a_tree_as_deep_as_the_limit_is_searched_without_the_caller_sizing_the_stack() {
    let depth = gametree::tree::MAX_DEPTH;
    let text = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    let tree = parse("deep", &text).unwrap();
    for algorithm in Algorithm::ALL {
        let result = search(&tree, algorithm, Options::default(), &mut NoRecorder).unwrap();
        assert_eq!(result.score.value.to_string(), "1", "{algorithm}");
        assert_eq!(result.principal_variation.len(), depth, "{algorithm}");
        let trace = traced(&tree, algorithm, Options::default());
        assert_eq!(trace.visited().count(), depth + 1, "{algorithm}");
    }
    let parallel = Options {
        threads: 2,
        ..Options::default()
    };
    let result = search(&tree, Algorithm::Parallel, parallel, &mut NoRecorder).unwrap();
    assert_eq!(result.score.value.to_string(), "1");
}

/// The line of play that takes at each node its first child worth the
/// node's value, down to a leaf, by the oracle.
fn first_best_line(tree: &Tree) -> Vec<NodeId> {
    let mut line = Vec::new();
    let mut node = tree.root();
    while let Some(best) = tree
        .children(node)
        .find(|&child| oracle(tree, child) == oracle(tree, node))
    {
        line.push(best);
        node = best;
    }
    line
}

#[test]
fn an_infinite_value_is_a_best_move_like_any_other() {
    let trees = [
        "A [ B [ -inf ] C [ -inf 3 ] ]",
        "A [ B [1 2] C [+inf] ]",
        "A [ B [+inf 2] C [+inf] ]",
        "A min [ B [ +inf ] C [ +inf -inf ] ]",
        "A [ -inf -inf ]",
    ];
    for text in trees {
        let tree = parse("infinite", text).unwrap();
        let line = first_best_line(&tree);
        assert!(tree.children(*line.last().unwrap()).next().is_none());
        for algorithm in Algorithm::ALL {
            for options in common::options_for(algorithm) {
                let result = search(&tree, algorithm, options, &mut NoRecorder).unwrap();
                let (best, pv) = (result.best_move, &result.principal_variation);
                assert_eq!(
                    best,
                    line.first().copied(),
                    "{text} {algorithm} {options:?}"
                );
                assert_eq!(pv, &line, "{text} {algorithm} {options:?}");
            }
        }
    }
}
