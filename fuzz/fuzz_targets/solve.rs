//! Parse, then every algorithm under every option: never a panic, and when
//! minimax (the oracle) needs no `?`, every algorithm finds its value
//! under the options it takes (on trees with chance nodes, those that
//! search them).

#![no_main]

use gametree::report::{SolveReport, trace_json, trace_lines};
use gametree::search::{Algorithm, Options, Order, SearchError, YoungBrothers, search};
use gametree::stack::with_stack_for_depth;
use gametree::trace::{NoRecorder, Trace};
use gametree::tree::Tree;
use gametree::value::Bound;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tree) = gametree::syntax::parse("fuzz", text) else {
        return;
    };
    with_stack_for_depth(tree.depth(), || check(&tree));
});

fn check(tree: &Tree) {
    let oracle = search(
        tree,
        Algorithm::Minimax,
        Options::default(),
        &mut Trace::new(),
    );
    for algorithm in Algorithm::ALL {
        for strict in [false, true] {
            for fail_hard in [false, true] {
                let options = Options {
                    strict,
                    fail_hard,
                    ..Options::default()
                };
                if algorithm.accepts(&options).is_err() {
                    // MTD(f) and SSS* take no fail-hard convention.
                    continue;
                }
                let mut trace = Trace::new();
                let result = search(tree, algorithm, options, &mut trace);
                let result = match result {
                    Ok(result) => result,
                    // A chance node stops an algorithm that searches none.
                    Err(SearchError::ChanceUnsupported { .. }) if !algorithm.searches_chance() => {
                        continue;
                    }
                    // Otherwise only a `?` can stop a search, and then the
                    // oracle needs one too.
                    Err(error) => {
                        assert!(
                            oracle.is_err(),
                            "{algorithm} failed where minimax did not: {error}"
                        );
                        continue;
                    }
                };
                if let Ok(oracle) = &oracle {
                    assert_eq!(
                        result.score.value, oracle.score.value,
                        "{algorithm} {options:?}"
                    );
                    assert_eq!(result.score.bound, Bound::Exact, "{algorithm} {options:?}");
                }
                let cuts: Vec<_> = trace.cuts().cloned().collect();
                let report = SolveReport::new(tree, &result, &cuts, options, Some(20));
                let _ = report.to_text();
                let _ = serde_json::to_string(&report).unwrap();
                let _ = trace_lines(tree, &trace, strict);
                let _ = serde_json::to_string(&trace_json(tree, &trace)).unwrap();
            }
        }
    }
    // The library's own rayon pool has rayon's default stacks (the command
    // line sizes its pool for the depth): keep to shallow trees there.
    if let (Ok(oracle), true) = (&oracle, tree.depth() <= 200) {
        check_parallel_and_ordered(tree, oracle.score.value);
    }
}

/// One pool of two threads for every input: a pool per search would start
/// and drop threads all the time, and threads still exiting when an input
/// ends look like leaks to the leak checker.
fn two_threads() -> &'static rayon::ThreadPool {
    static POOL: std::sync::OnceLock<rayon::ThreadPool> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap()
    })
}

/// The parallel search on two threads, and static ordering, find the
/// oracle's value too.
fn check_parallel_and_ordered(tree: &Tree, value: gametree::value::Value) {
    for split_depth in [0, 1, 3] {
        for young_brothers in [YoungBrothers::Full, YoungBrothers::Scout] {
            let options = Options {
                split_depth: Some(split_depth),
                young_brothers: Some(young_brothers),
                ..Options::default()
            };
            let result = two_threads()
                .install(|| search(tree, Algorithm::Parallel, options, &mut NoRecorder))
                .unwrap();
            assert_eq!(
                result.score.value, value,
                "parallel, split depth {split_depth}, {young_brothers} brothers"
            );
        }
    }
    let ordered = Options {
        order: Order::Static,
        ..Options::default()
    };
    let result = search(tree, Algorithm::AlphaBeta, ordered, &mut Trace::new()).unwrap();
    assert_eq!(result.score.value, value, "static ordering");
}
