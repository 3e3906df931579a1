//! A search stopped from outside: every algorithm returns
//! `SearchError::Stopped` once the flag is set, a stop set while a search
//! runs ends it, and a flag never set changes nothing.

use std::sync::atomic::{AtomicBool, Ordering};

use gametree::games::GameSpec;
use gametree::games::GameVisitor;
use gametree::search::{Algorithm, Options, SearchError, SearchResult, Stop, search};
use gametree::trace::{NoRecorder, Trace};
use gametree::tree::GameTree;

/// A flag of its own for each test: tests run on threads side by side.
fn flag(set: bool) -> &'static AtomicBool {
    Box::leak(Box::new(AtomicBool::new(set)))
}

const LECTURE: &str = include_str!("../trees/lecture-a-to-v.tree");

#[test]
fn every_algorithm_stops_at_its_first_interior_node_once_the_flag_is_set() {
    let tree = gametree::syntax::parse("lecture", LECTURE).unwrap();
    let stop = Some(Stop::new(flag(true)));
    let algorithms = Algorithm::ALL.into_iter().chain([Algorithm::Parallel]);
    for algorithm in algorithms {
        for threads in [1, 2] {
            let options = Options {
                stop,
                threads,
                ..Options::default()
            };
            let mut trace = Trace::new();
            let stopped = match algorithm.is_parallel() && threads > 1 {
                true => search(&tree, algorithm, options, &mut NoRecorder),
                false => search(&tree, algorithm, options, &mut trace),
            };
            assert_eq!(
                stopped,
                Err(SearchError::Stopped),
                "{algorithm} on {threads}"
            );
            // The root is entered, then the search stops.
            assert!(trace.events.len() <= 1, "{algorithm}: {:?}", trace.events);
        }
    }
}

#[test]
fn a_flag_never_set_changes_nothing() {
    let text = include_str!("../trees/star1-chance.tree");
    let tree = gametree::syntax::parse("star1", text).unwrap();
    for algorithm in Algorithm::ALL {
        let mut free = Trace::new();
        let unwatched = search(&tree, algorithm, Options::default(), &mut free);
        let options = Options {
            stop: Some(Stop::new(flag(false))),
            ..Options::default()
        };
        let mut trace = Trace::new();
        let watched = search(&tree, algorithm, options, &mut trace);
        assert_eq!(unwatched, watched, "{algorithm}");
        assert_eq!(free.events, trace.events, "{algorithm}");
    }
}

/// Searches a game and sets the flag from another thread meanwhile.
struct StoppedWhileRunning {
    algorithm: Algorithm,
    threads: usize,
}

impl GameVisitor for StoppedWhileRunning {
    type Output = Result<SearchResult<String>, SearchError>;

    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
    {
        let flag = flag(false);
        let options = Options {
            stop: Some(Stop::new(flag)),
            threads: self.threads,
            ..Options::default()
        };
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(50));
                flag.store(true, Ordering::Relaxed);
            });
            let result = search(tree, self.algorithm, options, &mut NoRecorder)?;
            Ok(SearchResult {
                algorithm: result.algorithm,
                score: result.score,
                best_move: result.best_move.map(|n| tree.id(n)),
                principal_variation: Vec::new(),
                stats: result.stats,
            })
        })
    }
}

#[test]
fn a_stop_set_while_a_search_runs_ends_it() {
    // Minimax over 10^12 leaves would run for hours.
    let game: GameSpec = "random:branching=10,depth=12,seed=1".parse().unwrap();
    for (algorithm, threads) in [
        (Algorithm::Minimax, 1),
        (Algorithm::AlphaBeta, 1),
        (Algorithm::Parallel, 2),
    ] {
        let outcome = game.visit(StoppedWhileRunning { algorithm, threads });
        assert_eq!(outcome, Err(SearchError::Stopped), "{algorithm}");
    }
}
