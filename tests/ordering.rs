//! Static move ordering, the depth limit and iterative deepening: the
//! values they find, the leaves they evaluate, and what they save.

use gametree::search::{Algorithm, Options, Order, SearchError, compare, search};
use gametree::syntax::parse;
use gametree::trace::{Event, NoRecorder, Trace};
use gametree::tree::{GameTree, Tree};
use gametree::value::{Kind, Scored};
use proptest::prelude::*;

mod common;
use common::{
    all_options, oracle, oracle_to_depth, shapes_with, shapes_with_some_statics,
    shuffled_with_true_statics,
};

fn depth_of(tree: &Tree, mut node: u32) -> usize {
    let mut depth = 0;
    while let Some(parent) = tree.parent(node) {
        node = parent;
        depth += 1;
    }
    depth
}

fn knuth_moore(b: usize, d: u32) -> usize {
    b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1
}

#[test]
fn static_order_on_true_static_values_evaluates_the_knuth_moore_minimum() {
    for b in 2..=4usize {
        for d in 1..=5u32 {
            let shape = shuffled_with_true_statics(b, d as usize, (b * 10) as u64 + d as u64);
            let tree = parse("shuffled", &shape.text()).unwrap();
            let ordered = Options {
                order: Order::Static,
                ..Options::default()
            };
            let result = search(&tree, Algorithm::AlphaBeta, ordered, &mut NoRecorder).unwrap();
            assert_eq!(result.score.value, oracle(&tree, tree.root()));
            let leaves = result.stats.leaves_evaluated as usize;
            assert_eq!(leaves, knuth_moore(b, d), "b={b} d={d}");
        }
    }
}

#[test]
fn the_comparison_shows_what_static_order_saved() {
    let tree = parse("shuffled", &shuffled_with_true_statics(4, 6, 1).text()).unwrap();
    let options = Options {
        order: Order::Static,
        ..Options::default()
    };
    let (result, comparison) = compare(&tree, Algorithm::AlphaBeta, options).unwrap();
    let plain = search(
        &tree,
        Algorithm::AlphaBeta,
        Options::default(),
        &mut NoRecorder,
    )
    .unwrap();
    assert_eq!(comparison.baseline, plain.stats);
    assert_eq!(result.stats.leaves_evaluated as usize, knuth_moore(4, 6));
    assert!(comparison.leaves_saved() > 0.0, "{comparison:?}");
    let expected = 1.0 - knuth_moore(4, 6) as f64 / plain.stats.leaves_evaluated as f64;
    assert!((comparison.leaves_saved() - expected).abs() < 1e-12);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn static_order_keeps_the_value(shape in shapes_with(true)) {
        let tree = parse("random", &shape.text()).unwrap();
        let expected = oracle(&tree, tree.root());
        for options in all_options() {
            let options = Options { order: Order::Static, ..options };
            let result = search(&tree, Algorithm::AlphaBeta, options, &mut NoRecorder).unwrap();
            prop_assert_eq!(result.score.value, expected);
            let best = result.best_move;
            prop_assert!(best.is_none_or(|m| oracle(&tree, m) == expected));
        }
    }

    #[test]
    fn static_order_enters_each_nodes_children_best_first_ties_as_given_and_skips_the_rest_in_that_order(
        shape in shapes_with_some_statics(),
    ) {
        let tree = parse("random", &shape.text()).unwrap();
        let options = Options { order: Order::Static, ..Options::default() };
        let mut trace = Trace::new();
        search(&tree, Algorithm::AlphaBeta, options, &mut trace).unwrap();
        let entered: Vec<u32> = trace.visited().collect();
        for parent in entered.iter().copied().filter(|&n| tree.children(n).next().is_some()) {
            let mut order: Vec<u32> = entered.iter().copied().filter(|&n| tree.parent(n) == Some(parent)).collect();
            let expected = best_first(&tree, parent);
            let cut = trace.cuts().find(|c| c.node == parent && c.chance.is_none());
            match cut {
                Some(cut) => {
                    order.extend(&cut.pruned);
                    prop_assert_eq!(&order, &expected, "below {}", tree.id(parent));
                }
                None => prop_assert_eq!(&order[..], &expected[..order.len()], "below {}", tree.id(parent)),
            }
        }
    }

    #[test]
    fn a_depth_limit_takes_the_static_values_there(shape in shapes_with(true), depth in 0usize..6) {
        let tree = parse("random", &shape.text()).unwrap();
        let expected = oracle_to_depth(&tree, tree.root(), depth);
        let every = Algorithm::ALL.into_iter().chain([Algorithm::Parallel]);
        let pairs = every.flat_map(|a| all_options().map(move |o| (a, o)));
        for (algorithm, options) in pairs.filter(|(a, o)| a.accepts(o).is_ok()) {
            let options = Options { depth: Some(depth), threads: 1, ..options };
            let mut trace = Trace::new();
            let result = search(&tree, algorithm, options, &mut trace).unwrap();
            prop_assert_eq!(result.score.value, expected, "{}", algorithm);
            let visited: Vec<u32> = trace.visited().collect();
            prop_assert!(visited.iter().all(|&n| depth_of(&tree, n) <= depth));
            let statics = trace.leaves().filter(|&n| tree.children(n).next().is_some()).count();
            prop_assert_eq!(statics as u64, result.stats.horizon_nodes);
            let horizon_events = trace.events.iter().filter(|e| matches!(e, Event::Leaf { horizon: Some(d), .. } if *d == depth)).count();
            prop_assert_eq!(horizon_events, statics);
        }
    }

    #[test]
    fn iterative_deepening_finds_the_depth_limited_value(
        shape in shapes_with(true),
        depth in proptest::option::of(0usize..6),
    ) {
        let tree = parse("random", &shape.text()).unwrap();
        let options = Options { iterative: true, depth, ..Options::default() };
        let result = search(&tree, Algorithm::AlphaBeta, options, &mut NoRecorder).unwrap();
        let expected = oracle_to_depth(&tree, tree.root(), depth.unwrap_or(usize::MAX));
        prop_assert_eq!(result.score.value, expected);
        prop_assert!(result.stats.iterations >= 1);
        if let Some(depth) = depth {
            prop_assert!(result.stats.iterations <= depth.max(1) as u64);
        }
    }
}

/// The children of `parent` in the order static ordering promises,
/// worked out here from the tree alone: best first for the player to
/// move (a leaf by its value, an interior node by its static value),
/// those without one last, ties in the order given; a chance node's as
/// given.
fn best_first(tree: &Tree, parent: u32) -> Vec<u32> {
    let mut children: Vec<u32> = tree.children(parent).collect();
    let kind = tree.kind(parent);
    if kind == Kind::Chance {
        return children;
    }
    let key = |&n: &u32| match tree.children(n).next() {
        None => tree.value(n),
        Some(_) => tree.static_value(n),
    };
    children.sort_by(|a, b| match (key(a), key(b)) {
        (Some(x), Some(y)) if kind == Kind::Max => y.cmp(&x),
        (Some(x), Some(y)) => x.cmp(&y),
        (x, y) => y.is_some().cmp(&x.is_some()),
    });
    children
}

/// The first child of the root entered in the last iteration.
fn first_move_of_last_iteration(trace: &Trace<u32>, root: u32) -> u32 {
    let entered: Vec<u32> = trace.visited().collect();
    let last_root = entered.iter().rposition(|&n| n == root).unwrap();
    entered[last_root + 1]
}

#[test]
fn iterative_deepening_orders_by_the_previous_iterations_values() {
    // Static values say A is better for MAX (10 against 0); searched two
    // plies deep, B is (5 against 1). The third iteration starts with B.
    let text = "max [ A = 10 [ = 1 [1 1] = 2 [2 2] ]  B = 0 [ = 5 [5 5] = 6 [6 6] ] ]";
    let tree = parse("iterative", text).unwrap();
    let options = Options {
        iterative: true,
        order: Order::Static,
        ..Options::default()
    };
    let mut trace = Trace::new();
    let result = search(&tree, Algorithm::AlphaBeta, options, &mut trace).unwrap();
    assert_eq!(result.score.value.to_string(), "5");
    assert_eq!(result.stats.iterations, 3);
    let first = first_move_of_last_iteration(&trace, tree.root());
    assert_eq!(tree.id(first), "B");
    let mut static_only = Trace::new();
    let ordered = Options {
        order: Order::Static,
        ..Options::default()
    };
    search(&tree, Algorithm::AlphaBeta, ordered, &mut static_only).unwrap();
    assert_eq!(
        tree.id(first_move_of_last_iteration(&static_only, tree.root())),
        "A"
    );
}

#[test]
fn iterative_deepening_counts_every_iteration() {
    let tree = parse("shuffled", &shuffled_with_true_statics(3, 4, 9).text()).unwrap();
    let options = Options {
        iterative: true,
        ..Options::default()
    };
    let mut trace = Trace::new();
    let result = search(&tree, Algorithm::AlphaBeta, options, &mut trace).unwrap();
    assert_eq!(result.stats.iterations, 4);
    assert_eq!(result.stats.nodes_visited as usize, trace.visited().count());
    let leaf_events = trace
        .events
        .iter()
        .filter(|e| matches!(e, Event::Leaf { .. }))
        .count();
    assert_eq!(result.stats.leaves_evaluated as usize, leaf_events);
}

#[test]
fn a_node_at_the_depth_limit_without_a_static_value_is_an_error_naming_it() {
    let tree = parse("nostatic", "A [ B = 3 [1 2]  C [4 5] ]").unwrap();
    let options = Options {
        depth: Some(1),
        ..Options::default()
    };
    for algorithm in Algorithm::ALL {
        let error = search(&tree, algorithm, options, &mut NoRecorder).unwrap_err();
        assert!(matches!(&error, SearchError::NoStaticValue { node, depth: 1, .. } if node == "C"));
    }
    let error = search(&tree, Algorithm::AlphaBeta, options, &mut NoRecorder).unwrap_err();
    assert_eq!(error.location().map(|l| (l.line, l.column)), Some((1, 18)));
    assert_eq!(
        error.to_string(),
        "node C is at the depth limit (1) and has children but no static value"
    );
}

#[test]
fn algorithms_that_do_not_order_refuse_the_options() {
    let tree = parse("aima", "[[3 12 8] [2 4 6] [14 5 2]]").unwrap();
    let ordered = Options {
        order: Order::Static,
        ..Options::default()
    };
    let error = search(&tree, Algorithm::Minimax, ordered, &mut NoRecorder).unwrap_err();
    assert_eq!(
        error.to_string(),
        "minimax does not support ordering children"
    );
    let iterative = Options {
        iterative: true,
        ..Options::default()
    };
    let error = search(&tree, Algorithm::Parallel, iterative, &mut NoRecorder).unwrap_err();
    assert_eq!(
        error.to_string(),
        "parallel does not support iterative deepening"
    );
}

/// Whether `score` shows a child of a `kind` node worth `value`: its
/// value, sure from the node's side (at least it at MAX, at most at MIN).
fn shows(kind: Kind, score: Scored, value: gametree::value::Value) -> bool {
    use gametree::value::Bound;
    let sure = match kind {
        Kind::Min => matches!(score.bound, Bound::Exact | Bound::Upper),
        _ => matches!(score.bound, Bound::Exact | Bound::Lower),
    };
    score.value == value && sure
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// In whatever order the children are searched, the best move is the
    /// first child, as the tree gives them, that the search shows to give
    /// the root its value (its last score there, exact or sure of it).
    #[test]
    fn the_best_move_is_the_first_child_shown_to_give_the_value(shape in shapes_with(true), depth in 1usize..5) {
        let tree = parse("random", &shape.text()).unwrap();
        let root = tree.root();
        let kind = tree.kind(root);
        let orders = [
            Options { order: Order::Static, ..Options::default() },
            Options { iterative: true, depth: Some(depth), ..Options::default() },
            Options { order: Order::Static, depth: Some(depth), ..Options::default() },
        ];
        for base in orders {
            for options in all_options() {
                let options = Options { order: base.order, iterative: base.iterative, depth: base.depth, ..options };
                let mut trace = Trace::new();
                let result = search(&tree, Algorithm::AlphaBeta, options, &mut trace).unwrap();
                let mut last = std::collections::HashMap::new();
                for event in &trace.events {
                    match event {
                        Event::Final { node, score } => last.insert(*node, *score),
                        Event::Leaf { node, value, .. } => last.insert(*node, Scored::exact(*value)),
                        _ => None,
                    };
                }
                let value = result.score.value;
                let first = tree
                    .children(root)
                    .find(|c| last.get(c).is_some_and(|s| shows(kind, *s, value)));
                prop_assert_eq!(result.best_move, first, "{:?} on {}", options, shape.text());
            }
        }
    }
}
