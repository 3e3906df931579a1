//! The parallel search against sequential alpha-beta and the minimax
//! oracle, on thread counts 1 to 8; its statistics; and its traces.

use gametree::search::{Algorithm, Options, Order, SearchError, YoungBrothers, compare, search};
use gametree::syntax::parse;
use gametree::trace::{NoRecorder, Trace};
use gametree::tree::{GameTree, Tree};
use proptest::prelude::*;

mod common;
use common::threads::{assert_line_is_best, brothers, exact_with_a_best_line, parallel_on, pool};
use common::{
    Mix, Outcome, all_options, gametree, oracle, oracle_to_depth, shapes, shapes_with, uniform,
};

fn sequential(tree: &Tree, options: Options) -> gametree::search::SearchResult<u32> {
    search(tree, Algorithm::AlphaBeta, options, &mut NoRecorder).unwrap()
}

/// Sequential alpha-beta's trace of `tree`, with the default options.
fn alphabeta_trace(tree: &Tree) -> Trace<u32> {
    let mut trace = Trace::new();
    search(tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
    trace
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn the_root_value_is_sequential_alphabetas_on_any_thread_count(
        shape in shapes(),
        threads in 1usize..=8,
        split_depth in 0usize..6,
        width in proptest::option::of(1usize..4),
    ) {
        let tree = parse("random", &shape.text()).unwrap();
        let expected = oracle(&tree, tree.root());
        for options in all_options() {
            for young_brothers in [YoungBrothers::Full, YoungBrothers::Scout] {
                let options = Options {
                    split_depth: Some(split_depth),
                    young_brothers: Some(young_brothers),
                    width,
                    ..options
                };
                let parallel = parallel_on(&tree, threads, options);
                prop_assert_eq!(parallel.score.value, expected);
                prop_assert_eq!(parallel.score.bound, gametree::value::Bound::Exact);
            }
            prop_assert_eq!(sequential(&tree, options).score.value, expected);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bigger_trees_with_ties_give_the_exact_value_and_a_best_line(
        b in 2usize..6,
        d in 2usize..6,
        spread in 1u64..6,
        seed in any::<u64>(),
        threads in 2usize..=8,
        split_depth in 1usize..5,
        scout in any::<bool>(),
        strict in any::<bool>(),
        fail_hard in any::<bool>(),
    ) {
        let tree = parse("uniform", &uniform(b, d, spread, seed).text()).unwrap();
        let young_brothers = brothers(scout);
        let options = Options { split_depth: Some(split_depth), young_brothers: Some(young_brothers), strict, fail_hard, ..Options::default() };
        exact_with_a_best_line(&tree, threads, options)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Trees tall enough (the split depth plus 6 plies or more) that the
    /// split depth counts split nodes, not plies, so that nodes split well
    /// below the split depth's ply wherever few split nodes lie above them.
    #[test]
    fn tall_trees_that_split_below_the_split_depth_give_the_exact_value(
        b in 2usize..4,
        d in 7usize..11,
        spread in 1u64..20,
        seed in any::<u64>(),
        threads in 2usize..=8,
        split_depth in 1usize..4,
        scout in any::<bool>(),
        strict in any::<bool>(),
        fail_hard in any::<bool>(),
        ordered in any::<bool>(),
    ) {
        let tree = parse("uniform", &uniform(b, d, spread, seed).text()).unwrap();
        let order = if ordered { Order::Static } else { Order::None };
        let young_brothers = Some(brothers(scout));
        let options = Options { split_depth: Some(split_depth), young_brothers, strict, fail_hard, order, split_min_nodes: Some(0), ..Options::default() };
        exact_with_a_best_line(&tree, threads, options)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn ordering_and_depth_give_sequential_values_in_parallel(
        shape in shapes_with(true),
        threads in 1usize..=8,
        depth in 0usize..5,
        ordered in any::<bool>(),
        scout in any::<bool>(),
    ) {
        let tree = parse("random", &shape.text()).unwrap();
        let order = if ordered { Order::Static } else { Order::None };
        let young_brothers = brothers(scout);
        let options = Options { order, depth: Some(depth), young_brothers: Some(young_brothers), ..Options::default() };
        let expected = oracle_to_depth(&tree, tree.root(), depth);
        prop_assert_eq!(parallel_on(&tree, threads, options).score.value, expected);
        prop_assert_eq!(sequential(&tree, options).score.value, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn with_the_default_smallest_split_the_root_value_is_exact(
        b in 4usize..7,
        d in 5usize..7,
        spread in 1u64..20,
        seed in any::<u64>(),
        threads in 2usize..=8,
        scout in any::<bool>(),
    ) {
        let tree = parse("uniform", &uniform(b, d, spread, seed).text()).unwrap();
        let young_brothers = brothers(scout);
        let options = Options { young_brothers: Some(young_brothers), split_min_nodes: None, ..Options::default() };
        let result = pool(threads).install(|| search(&tree, Algorithm::Parallel, options, &mut NoRecorder).unwrap());
        prop_assert_eq!(result.score.value, oracle(&tree, tree.root()));
        prop_assert_eq!(result.score.bound, gametree::value::Bound::Exact);
        assert_line_is_best(&tree, &result);
    }
}

#[test]
fn a_split_node_whose_eldest_subtree_is_small_searches_its_brothers_itself() {
    use gametree::games::random::{RandomSpec, RandomTree};
    let tree = RandomTree::new(RandomSpec::new(6, 7, 2));
    let alphabeta = search(
        &tree,
        Algorithm::AlphaBeta,
        Options::default(),
        &mut NoRecorder,
    )
    .unwrap();
    for young_brothers in [YoungBrothers::Full, YoungBrothers::Scout] {
        let options = |min| Options {
            young_brothers: Some(young_brothers),
            split_depth: Some(4),
            split_min_nodes: Some(min),
            ..Options::default()
        };
        // No eldest is ever large enough: nothing is shared, and the
        // search is sequential alpha-beta's, node for node.
        let never = pool(4)
            .install(|| {
                search(
                    &tree,
                    Algorithm::Parallel,
                    options(u64::MAX),
                    &mut NoRecorder,
                )
            })
            .unwrap();
        assert_eq!(never.stats, alphabeta.stats, "{young_brothers:?}");
        assert_eq!(never.principal_variation, alphabeta.principal_variation);
        // Splitting everywhere on four threads speculates: other nodes.
        // Not in every run: a loaded machine may leave one worker to take
        // every brother in order, which is sequential alpha-beta again.
        let speculated = (0..10).any(|_| {
            let always = pool(4)
                .install(|| search(&tree, Algorithm::Parallel, options(0), &mut NoRecorder))
                .unwrap();
            assert_eq!(always.score, alphabeta.score);
            always.stats.nodes_visited != alphabeta.stats.nodes_visited
        });
        assert!(speculated, "{young_brothers:?}");
    }
}

#[test]
fn the_same_search_repeated_gives_the_same_value_every_time() {
    let tree = parse("uniform", &uniform(6, 6, 9, 7).text()).unwrap();
    let expected = oracle(&tree, tree.root());
    for round in 0..100 {
        let threads = 2 + round % 7;
        let young_brothers = match round % 2 {
            0 => YoungBrothers::Scout,
            _ => YoungBrothers::Full,
        };
        let options = Options {
            young_brothers: Some(young_brothers),
            ..Options::default()
        };
        let result = parallel_on(&tree, threads, options);
        assert_eq!(result.score.value, expected, "round {round}");
        assert_line_is_best(&tree, &result);
    }
}

#[test]
fn the_threads_option_builds_its_own_pool() {
    let tree = parse("uniform", &uniform(4, 5, 20, 3).text()).unwrap();
    for threads in [1, 3] {
        let options = Options {
            threads,
            ..Options::default()
        };
        let result = search(&tree, Algorithm::Parallel, options, &mut NoRecorder).unwrap();
        assert_eq!(result.score.value, oracle(&tree, tree.root()));
    }
}

#[test]
fn on_one_thread_full_brothers_are_sequential_alphabeta() {
    let full = Options {
        young_brothers: Some(YoungBrothers::Full),
        ..Options::default()
    };
    let mut mix = Mix(11);
    for _ in 0..20 {
        let tree = parse("uniform", &uniform(3, 4, 5, mix.next()).text()).unwrap();
        let one = parallel_on(&tree, 1, full);
        let seq = sequential(&tree, full);
        assert_eq!(one.stats, seq.stats);
        assert_eq!(one.principal_variation, seq.principal_variation);
    }
}

#[test]
fn scout_brothers_visit_fewer_nodes_than_alphabeta_on_one_thread_of_an_unordered_tree() {
    use gametree::games::random::{RandomSpec, RandomTree};
    let tree = RandomTree::new(RandomSpec::new(8, 8, 1));
    let scout = Options {
        young_brothers: Some(YoungBrothers::Scout),
        ..Options::default()
    };
    let scout =
        pool(1).install(|| search(&tree, Algorithm::Parallel, scout, &mut NoRecorder).unwrap());
    let alphabeta = search(
        &tree,
        Algorithm::AlphaBeta,
        Options::default(),
        &mut NoRecorder,
    )
    .unwrap();
    assert_eq!(scout.score, alphabeta.score);
    assert!(
        scout.stats.nodes_visited < alphabeta.stats.nodes_visited,
        "{:?} against {:?}",
        scout.stats,
        alphabeta.stats
    );
}

#[test]
fn a_trace_on_one_thread_with_full_brothers_is_alphabetas_and_otherwise_refused() {
    let tree = parse("aima", "[[3 12 8] [2 4 6] [14 5 2]]").unwrap();
    let full = Options {
        young_brothers: Some(YoungBrothers::Full),
        ..Options::default()
    };
    let mut parallel = Trace::new();
    pool(1)
        .install(|| search(&tree, Algorithm::Parallel, full, &mut parallel))
        .unwrap();
    assert_eq!(parallel.events, alphabeta_trace(&tree).events);
    let traced = |threads, options| {
        pool(threads).install(|| search(&tree, Algorithm::Parallel, options, &mut Trace::new()))
    };
    assert_eq!(
        traced(2, full),
        Err(SearchError::ParallelTrace {
            threads: 2,
            young_brothers: YoungBrothers::Full
        })
    );
    let scout = Options {
        young_brothers: Some(YoungBrothers::Scout),
        ..Options::default()
    };
    assert_eq!(
        traced(1, scout),
        Err(SearchError::ParallelTrace {
            threads: 1,
            young_brothers: YoungBrothers::Scout
        })
    );
}

/// Left to the defaults, two threads search scout brothers, and one or
/// more than two full ones: on one thread the default is sequential
/// alpha-beta, trace included.
#[test]
fn the_default_brothers_depend_on_the_threads() {
    let tree = parse("aima", "[[3 12 8] [2 4 6] [14 5 2]]").unwrap();
    let traced = |threads| {
        let mut trace = Trace::new();
        pool(threads)
            .install(|| search(&tree, Algorithm::Parallel, Options::default(), &mut trace))
            .map(|_| trace.events)
    };
    let refused = |threads, young_brothers| {
        Err(SearchError::ParallelTrace {
            threads,
            young_brothers,
        })
    };
    assert_eq!(traced(1), Ok(alphabeta_trace(&tree).events));
    assert_eq!(traced(2), refused(2, YoungBrothers::Scout));
    assert_eq!(traced(3), refused(3, YoungBrothers::Full));
    assert_eq!(traced(8), refused(8, YoungBrothers::Full));
}

/// Left to the defaults, two threads test younger brothers first (scout)
/// with the children as the tree gives them, and search them with the
/// full window when the children are ordered; any other number of
/// threads searches full brothers. Ordered, two threads still find
/// alpha-beta's value and a best line.
#[test]
fn two_threads_search_ordered_children_with_full_brothers_by_default() {
    use gametree::search::default_young_brothers;
    let ordered = Options {
        order: Order::Static,
        ..Options::default()
    };
    assert_eq!(
        Options::default().young_brothers_on(2),
        YoungBrothers::Scout
    );
    assert_eq!(ordered.young_brothers_on(2), YoungBrothers::Full);
    for threads in [1, 3, 8] {
        assert_eq!(
            default_young_brothers(threads, Order::None),
            YoungBrothers::Full
        );
        assert_eq!(
            default_young_brothers(threads, Order::Static),
            YoungBrothers::Full
        );
    }
    let mut mix = Mix(43);
    for _ in 0..20 {
        let tree = parse("uniform", &uniform(3, 8, 50, mix.next()).text()).unwrap();
        let result = parallel_on(&tree, 2, ordered);
        assert_eq!(result.score.value, oracle(&tree, tree.root()));
        assert_line_is_best(&tree, &result);
    }
}

/// Left to the defaults, from 8 threads on the search splits 6 plies
/// deep, and still finds alpha-beta's value and a best line.
#[test]
fn many_threads_split_deeper_by_default_and_find_alphabetas_value() {
    use gametree::search::{DEEP_SPLIT_DEPTH, DEFAULT_SPLIT_DEPTH, default_split_depth};
    assert_eq!(default_split_depth(1, YoungBrothers::Full), 0);
    assert_eq!(
        default_split_depth(2, YoungBrothers::Scout),
        DEFAULT_SPLIT_DEPTH
    );
    assert_eq!(
        default_split_depth(7, YoungBrothers::Full),
        DEFAULT_SPLIT_DEPTH
    );
    assert_eq!(
        default_split_depth(8, YoungBrothers::Full),
        DEEP_SPLIT_DEPTH
    );
    let mut mix = Mix(41);
    for _ in 0..20 {
        let tree = parse("uniform", &uniform(3, 8, 50, mix.next()).text()).unwrap();
        let result = parallel_on(&tree, 8, Options::default());
        assert_eq!(result.score.value, oracle(&tree, tree.root()));
        assert_line_is_best(&tree, &result);
    }
}

#[test]
fn the_comparison_counts_the_search_overhead() {
    let tree = parse("uniform", &uniform(6, 5, 100, 5).text()).unwrap();
    let (result, comparison) = pool(4)
        .install(|| compare(&tree, Algorithm::Parallel, Options::default()))
        .unwrap();
    assert_eq!(
        comparison.baseline,
        sequential(&tree, Options::default()).stats
    );
    assert_eq!(comparison.search, result.stats);
    let overhead = comparison.node_overhead();
    let expected =
        result.stats.nodes_visited as f64 / comparison.baseline.nodes_visited as f64 - 1.0;
    assert!((overhead - expected).abs() < 1e-12);
    assert!(result.stats.nodes_visited > 0);
}

#[test]
fn the_command_line_solves_in_parallel_and_refuses_a_many_thread_trace() {
    let file = "trees/aima-figure-5-2.tree";
    let Outcome {
        code, stdout: out, ..
    } = gametree(["solve", file, "--algo", "parallel", "--threads", "2"]).outcome();
    assert_eq!(code, 0);
    assert!(out.contains("value: 3\n"), "{out}");
    let scout = ["--young-brothers", "scout", "--width", "1"];
    let Outcome {
        code, stdout: out, ..
    } = gametree([&["solve", file, "--algo", "parallel"][..], &scout].concat()).outcome();
    assert_eq!(code, 0);
    assert!(out.contains("value: 3\n"), "{out}");
    assert!(
        out.contains(
            "the parallel search records them only with --threads 1 --young-brothers full"
        ),
        "{out}"
    );
    let Outcome {
        code, stderr: err, ..
    } = gametree(["solve", file, "--algo", "parallel", "--width", "0"]).outcome();
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("invalid value '0' for '--width <W>': 0 is not in 1..=65535"),
        "{err}"
    );
    let parallel = ["trace", file, "--algo", "parallel", "--threads"];
    let Outcome {
        code, stdout: out, ..
    } = gametree([&parallel[..], &["1"]].concat()).outcome();
    assert_eq!(code, 0);
    let Outcome {
        stdout: alphabeta, ..
    } = gametree(["trace", file]).outcome();
    assert_eq!(out, alphabeta);
    let Outcome {
        code, stderr: err, ..
    } = gametree([&parallel[..], &["2"]].concat()).outcome();
    assert_eq!(code, 2);
    assert!(err.contains(
        "with --threads 1 --young-brothers full (here --threads 2 --young-brothers scout)"
    ));
    let scout = ["--young-brothers", "scout"];
    let Outcome {
        code, stderr: err, ..
    } = gametree([&parallel[..], &["1"], &scout].concat()).outcome();
    assert_eq!(code, 2);
    assert!(
        err.contains("(here --threads 1 --young-brothers scout)"),
        "{err}"
    );
}

#[test]
fn solve_stats_compare_with_plain_alphabeta() {
    let game = "random:branching=4,depth=6,seed=3";
    let Outcome {
        code, stdout: out, ..
    } = gametree(["solve", "--game", game, "--order", "static", "--stats"]).outcome();
    assert_eq!(code, 0);
    let knuth_moore = 4usize.pow(3) + 4usize.pow(3) - 1;
    assert!(
        out.contains(&format!("leaves evaluated: {knuth_moore}\n")),
        "{out}"
    );
    assert!(out.contains("this search: "), "{out}");
    assert!(
        out.contains(&format!("{knuth_moore} leaves evaluated (")),
        "{out}"
    );
    let Outcome {
        code, stdout: out, ..
    } = gametree(["solve", "--game", game, "--algo", "parallel", "--stats"]).outcome();
    assert_eq!(code, 0);
    assert!(out.contains("baseline (sequential alpha-beta"), "{out}");
}

/// A random tree that notes which pool threads generate children.
struct Watched {
    tree: gametree::games::random::RandomTree,
    threads: std::sync::Mutex<std::collections::BTreeSet<usize>>,
}

impl GameTree for Watched {
    type Node = gametree::games::random::RandomNode;
    type Children<'a> = gametree::games::random::RandomChildren<'a>;

    fn root(&self) -> Self::Node {
        self.tree.root()
    }
    fn kind(&self, node: Self::Node) -> gametree::value::Kind {
        self.tree.kind(node)
    }
    fn children(&self, node: Self::Node) -> Self::Children<'_> {
        if let Some(index) = rayon::current_thread_index() {
            self.threads.lock().unwrap().insert(index);
        }
        // Slow near the root, so that every subtree a thread could take
        // lasts long enough for an idle thread to wake up and take it.
        if node.depth() <= 3 {
            std::thread::sleep(std::time::Duration::from_micros(100));
        }
        self.tree.children(node)
    }
    fn value(&self, node: Self::Node) -> Option<gametree::value::Value> {
        self.tree.value(node)
    }
    fn static_value(&self, node: Self::Node) -> Option<gametree::value::Value> {
        self.tree.static_value(node)
    }
    fn id(&self, node: Self::Node) -> String {
        self.tree.id(node)
    }
}

#[test]
fn the_work_is_spread_over_the_threads() {
    use gametree::games::random::{RandomSpec, RandomTree};
    for spec in [
        RandomSpec::new(8, 7, 1),
        RandomSpec::new(8, 7, 2).noise(2.0),
    ] {
        let tree = Watched {
            tree: RandomTree::new(spec),
            threads: Default::default(),
        };
        let expected = search(
            &tree.tree,
            Algorithm::AlphaBeta,
            Options::default(),
            &mut NoRecorder,
        )
        .unwrap()
        .score;
        let result = pool(2).install(|| {
            search(
                &tree,
                Algorithm::Parallel,
                Options::default(),
                &mut NoRecorder,
            )
            .unwrap()
        });
        assert_eq!(result.score, expected);
        let threads = tree.threads.lock().unwrap().clone();
        assert_eq!(threads.into_iter().collect::<Vec<_>>(), [0, 1], "{spec:?}");
    }
}

#[test]
fn a_width_of_one_searches_one_brother_at_a_time_on_any_thread_count() {
    let tree = parse("uniform", &uniform(4, 6, 9, 5).text()).unwrap();
    let one_at_a_time = Options {
        width: Some(1),
        young_brothers: Some(YoungBrothers::Full),
        ..Options::default()
    };
    let alphabeta = sequential(&tree, one_at_a_time);
    for threads in [2, 4, 8] {
        let parallel = parallel_on(&tree, threads, one_at_a_time);
        assert_eq!(parallel.stats, alphabeta.stats, "{threads} threads");
        assert_eq!(parallel.principal_variation, alphabeta.principal_variation);
    }
}

#[test]
fn random_games_give_alphabetas_exact_root_value_whatever_the_threads() {
    use gametree::games::random::{RandomSpec, RandomTree};
    for seed in 1..=5 {
        let tree = RandomTree::new(RandomSpec::new(8, 7, seed));
        let expected = common::alphabeta_score(&tree);
        assert_eq!(expected.bound, gametree::value::Bound::Exact);
        // Splitting wherever the split depth allows, and as by default.
        let settings = [Some(0), None].into_iter().flat_map(|split_min_nodes| {
            [YoungBrothers::Full, YoungBrothers::Scout].map(|young_brothers| Options {
                young_brothers: Some(young_brothers),
                split_min_nodes,
                ..Options::default()
            })
        });
        for options in settings {
            for threads in [2, 4, 8] {
                for _ in 0..3 {
                    let parallel = pool(threads).install(|| {
                        search(&tree, Algorithm::Parallel, options, &mut NoRecorder).unwrap()
                    });
                    assert_eq!(parallel.score, expected, "seed {seed}, {threads} threads");
                }
            }
        }
    }
}

/// A brother whose children are all leaves searches with the bound its
/// elder brothers found: with one brother at a time, the same nodes as
/// sequential alpha-beta, even where the split nodes reach the leaves'
/// parents.
#[test]
fn a_brother_above_the_leaves_gets_its_elders_bound() {
    // C = [8 2 3] cuts after 2 only once B's 3 has reached it.
    let tree = parse("aima-like", "[[4 5 0] [3 7 6] [8 2 3]]").unwrap();
    for split_depth in 0..4 {
        let one_at_a_time = Options {
            width: Some(1),
            young_brothers: Some(YoungBrothers::Full),
            split_depth: Some(split_depth),
            ..Options::default()
        };
        let alphabeta = sequential(&tree, one_at_a_time);
        assert_eq!(alphabeta.stats.nodes_visited, 12);
        for threads in [1, 2] {
            let parallel = parallel_on(&tree, threads, one_at_a_time);
            assert_eq!(parallel.stats, alphabeta.stats, "split depth {split_depth}");
        }
    }
}

/// On a tree far taller than the split depth, the eldest line (the root,
/// its eldest child, that child's eldest, ...) splits down to nodes whose
/// children stand five plies above the leaves. The root value stays the
/// random game's own, known by construction without a search, whatever
/// the threads, brothers and smallest split; with one brother at a time
/// it is sequential alpha-beta, node for node.
#[test]
fn the_eldest_line_of_a_tall_tree_splits_deeper_and_keeps_the_exact_value() {
    use gametree::games::random::{RandomSpec, RandomTree};
    for seed in 1..=3 {
        let tree = RandomTree::new(RandomSpec::new(3, 12, seed));
        let known = tree.static_value(tree.root()).unwrap();
        let settings = [Some(0), None].into_iter().flat_map(|split_min_nodes| {
            [(Some(1), false), (None, false), (Some(2), true)].map(|(split_depth, scout)| Options {
                young_brothers: Some(brothers(scout)),
                split_depth,
                split_min_nodes,
                ..Options::default()
            })
        });
        for options in settings {
            for threads in [2, 4] {
                let parallel = pool(threads).install(|| {
                    search(&tree, Algorithm::Parallel, options, &mut NoRecorder).unwrap()
                });
                assert_eq!(parallel.score.value, known, "seed {seed}, {options:?}");
            }
        }
        let one_at_a_time = Options {
            width: Some(1),
            young_brothers: Some(YoungBrothers::Full),
            split_depth: Some(1),
            split_min_nodes: Some(0),
            ..Options::default()
        };
        let alphabeta =
            search(&tree, Algorithm::AlphaBeta, one_at_a_time, &mut NoRecorder).unwrap();
        assert_eq!(alphabeta.score.value, known);
        let parallel = pool(4).install(|| {
            search(&tree, Algorithm::Parallel, one_at_a_time, &mut NoRecorder).unwrap()
        });
        assert_eq!(parallel.stats, alphabeta.stats, "seed {seed}");
        assert_eq!(parallel.principal_variation, alphabeta.principal_variation);
    }
}
