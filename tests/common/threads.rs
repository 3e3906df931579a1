//! Running the parallel search on real threads in tests: pools built once,
//! and the checks its results must pass.

use std::sync::OnceLock;

use gametree::search::{Algorithm, Options, SearchResult, YoungBrothers, search};
use gametree::trace::NoRecorder;
use gametree::tree::{GameTree, Tree};
use proptest::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

use super::oracle;

/// Pools of 1 to 8 threads, built once for all tests.
pub(crate) fn pool(threads: usize) -> &'static ThreadPool {
    static POOLS: OnceLock<Vec<ThreadPool>> = OnceLock::new();
    let pools = POOLS.get_or_init(|| {
        (1..=8)
            .map(|n| ThreadPoolBuilder::new().num_threads(n).build().unwrap())
            .collect()
    });
    &pools[threads - 1]
}

/// The parallel search of `tree` on `threads` threads. These trees are
/// small: unless `options` says otherwise, it splits wherever the split
/// depth allows, whatever the size of the eldest brother's subtree.
pub(crate) fn parallel_on(tree: &Tree, threads: usize, options: Options) -> SearchResult<u32> {
    let options = Options {
        split_min_nodes: options.split_min_nodes.or(Some(0)),
        ..options
    };
    pool(threads).install(|| search(tree, Algorithm::Parallel, options, &mut NoRecorder).unwrap())
}

/// Scout brothers when `scout`, else full ones.
pub(crate) fn brothers(scout: bool) -> YoungBrothers {
    if scout {
        YoungBrothers::Scout
    } else {
        YoungBrothers::Full
    }
}

/// The best move and line are a real best move and line: the move's
/// minimax value is the root's, and the line ends on a leaf of that value.
pub(crate) fn assert_line_is_best(tree: &Tree, result: &SearchResult<u32>) {
    let Some(&last) = result.principal_variation.last() else {
        assert!(tree.children(tree.root()).next().is_none());
        return;
    };
    assert_eq!(tree.value(last), Some(result.score.value));
    assert_eq!(oracle(tree, result.best_move.unwrap()), result.score.value);
}

/// Searches `tree` in parallel on `threads` threads with `options`: the
/// oracle's value, as an exact bound, and a best line.
pub(crate) fn exact_with_a_best_line(
    tree: &Tree,
    threads: usize,
    options: Options,
) -> Result<(), TestCaseError> {
    let parallel = parallel_on(tree, threads, options);
    prop_assert_eq!(parallel.score.value, oracle(tree, tree.root()));
    prop_assert_eq!(parallel.score.bound, gametree::value::Bound::Exact);
    assert_line_is_best(tree, &parallel);
    Ok(())
}
