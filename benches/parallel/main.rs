//! Parallel against sequential alpha-beta, and both against the `minimax`
//! crate, on implicit random trees; and the Knuth-Moore count of static
//! ordering. Prints one table, every ratio measured side by side in one run
//! (the two searches of a row alternate, best of `ROUNDS` each).
//!
//! Run with `cargo bench --bench parallel`. `GAMETREE_BENCH_THREADS` sets
//! the threads (default: the machine's cores), `GAMETREE_BENCH_SPLIT_DEPTH`
//! the split depth (default: the library's), `GAMETREE_BENCH_SCALE=small`
//! runs smaller trees for a quick look.

use std::time::{Duration, Instant};

use gametree::games::random::{RandomSpec, RandomTree};
use gametree::search::{
    Algorithm, DEFAULT_SPLIT_DEPTH, Options, Order, SearchResult, Stats, YoungBrothers, search,
};
use gametree::trace::NoRecorder;
use gametree::tree::GameTree;
use minimax::{IterativeOptions, Negamax, ParallelOptions, ParallelSearch, Strategy};

mod versus;

const ROUNDS: usize = 3;

/// The noise of the tree searched against the `minimax` crate.
const NOISE: f64 = 2.0;

/// The implicit tree every row searches: the one place to change it.
fn bench_tree(branching: usize, depth: usize, seed: u64, noise: f64) -> RandomTree {
    RandomTree::new(RandomSpec::new(branching, depth, seed).noise(noise))
}

fn main() {
    let threads = std::env::var("GAMETREE_BENCH_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let small = std::env::var("GAMETREE_BENCH_SCALE").is_ok_and(|s| s == "small");
    let split_depth = std::env::var("GAMETREE_BENCH_SPLIT_DEPTH")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(DEFAULT_SPLIT_DEPTH);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    println!("threads: {threads}; best of {ROUNDS} rounds, searches of a row alternating");
    println!();
    println!("parallel against sequential alpha-beta (split depth {split_depth})");
    println!(
        "{:<44} {:<6} {:>9} {:>9} {:>8} {:>9}",
        "tree", "young", "seq s", "par s", "speed-up", "overhead"
    );
    let rows: &[(usize, usize, f64, Order)] = match small {
        true => &[(8, 9, 0.0, Order::None), (8, 12, 2.0, Order::Static)],
        false => &[
            (8, 14, 0.0, Order::None),
            (12, 12, 0.0, Order::None),
            (30, 9, 0.0, Order::None),
            (8, 15, 2.0, Order::Static),
            (20, 10, 2.0, Order::Static),
        ],
    };
    for &(b, d, noise, order) in rows {
        let tree = bench_tree(b, d, 1, noise);
        let name = format!("b={b} d={d} noise={noise} order={order}");
        let options = Options {
            order,
            split_depth: Some(split_depth),
            ..Options::default()
        };
        parallel_rows(&name, &tree, options, &pool);
    }
    println!();
    knuth_moore_rows();
    println!();
    versus_minimax(if small { (8, 8) } else { (8, 12) }, threads, &pool);
}

/// Two rows: sequential alpha-beta against the parallel search with full
/// and with scout younger brothers on `tree`, the three alternating.
fn parallel_rows(name: &str, tree: &RandomTree, options: Options, pool: &rayon::ThreadPool) {
    let ways = [YoungBrothers::Full, YoungBrothers::Scout];
    let mut seq = Best::default();
    let mut par = ways.map(|_| Best::default());
    for _ in 0..ROUNDS {
        let s = seq.keep(|| search(tree, Algorithm::AlphaBeta, options, &mut NoRecorder));
        for (young_brothers, best) in ways.into_iter().zip(&mut par) {
            let options = Options {
                young_brothers,
                ..options
            };
            let p = best.keep(|| {
                pool.install(|| search(tree, Algorithm::Parallel, options, &mut NoRecorder))
            });
            assert_eq!(s.score, p.score, "{name}: the same root value");
        }
    }
    for (young_brothers, par) in ways.into_iter().zip(&par) {
        let overhead = par.stats.nodes_visited as f64 / seq.stats.nodes_visited as f64 - 1.0;
        println!(
            "{name:<44} {:<6} {:>9.3} {:>9.3} {:>8.2} {:>+8.1}%",
            young_brothers.to_string(),
            seq.time.as_secs_f64(),
            par.time.as_secs_f64(),
            seq.time.as_secs_f64() / par.time.as_secs_f64(),
            overhead * 100.0
        );
    }
}

/// The fastest of several runs, with the counts and time of the last.
#[derive(Default)]
struct Best {
    time: Duration,
    stats: Stats,
    time_of_last: Duration,
}

impl Best {
    fn keep<N>(
        &mut self,
        run: impl FnOnce() -> Result<SearchResult<N>, gametree::search::SearchError>,
    ) -> SearchResult<N> {
        let start = Instant::now();
        let result = run().expect("the search succeeds");
        let time = start.elapsed();
        if self.time.is_zero() || time < self.time {
            self.time = time;
        }
        self.stats = result.stats;
        self.time_of_last = time;
        result
    }
}

/// `--order static` on noise-free trees: leaves evaluated against
/// b^ceil(d/2) + b^floor(d/2) - 1.
fn knuth_moore_rows() {
    println!("static ordering, noise 0: leaves evaluated against Knuth-Moore's minimum");
    println!(
        "{:<16} {:>12} {:>12} {:>14}",
        "tree", "leaves", "minimum", "unordered"
    );
    for (b, d) in [(8usize, 8u32), (10, 7), (30, 5)] {
        let tree = bench_tree(b, d as usize, 1, 0.0);
        let ordered = Options {
            order: Order::Static,
            ..Options::default()
        };
        let run = |options| {
            search(&tree, Algorithm::AlphaBeta, options, &mut NoRecorder)
                .unwrap()
                .stats
                .leaves_evaluated
        };
        let minimum = b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1;
        let leaves = run(ordered);
        println!(
            "{:<16} {:>12} {:>12} {:>14}",
            format!("b={b} d={d}"),
            leaves,
            minimum,
            run(Options::default())
        );
        assert_eq!(leaves as usize, minimum, "b={b} d={d}");
    }
}

/// Our searches against the `minimax` crate's on the same tree (noise 2):
/// nodes per second of sequential alpha-beta against its Negamax (the same
/// full-width alpha-beta to the leaves, children as given), and the time of
/// the parallel search with static ordering against its ParallelSearch
/// (Young Brothers Wait with iterative deepening, a transposition table
/// and null windows, ordering by its earlier iterations) to the same depth:
/// both use the static values.
fn versus_minimax((b, d): (usize, usize), threads: usize, pool: &rayon::ThreadPool) {
    let tree: &'static RandomTree = Box::leak(Box::new(bench_tree(b, d, 1, NOISE)));
    let root = versus::Position {
        tree,
        node: tree.root(),
    };
    let depth = u8::try_from(d).expect("a small depth");
    let mut ours = Best::default();
    // Its Negamax shuffles the root's children, so its node count varies
    // from run to run: speeds are total nodes over total time.
    let mut negamax_time = Duration::ZERO;
    let mut negamax_nodes = 0;
    let mut ours_time = Duration::ZERO;
    let mut ours_nodes = 0;
    let mut par = Best::default();
    let mut theirs_par = Duration::ZERO;
    for _ in 0..ROUNDS {
        let result = ours.keep(|| {
            search(
                tree,
                Algorithm::AlphaBeta,
                Options::default(),
                &mut NoRecorder,
            )
        });
        let mut negamax = Negamax::new(versus::RandomEval, depth);
        versus::take_nodes();
        let start = Instant::now();
        negamax.choose_move(&root).expect("a move");
        negamax_time += start.elapsed();
        negamax_nodes += versus::take_nodes() + 1;
        ours_time += ours.time_of_last;
        ours_nodes += result.stats.nodes_visited;
        assert_eq!(
            f64::from(negamax.root_value()),
            result.score.value.get(),
            "both find the same root value"
        );
        let ordered = Options {
            order: Order::Static,
            ..Options::default()
        };
        let p = par
            .keep(|| pool.install(|| search(tree, Algorithm::Parallel, ordered, &mut NoRecorder)));
        assert_eq!(p.score, result.score, "the same root value");
        let options = ParallelOptions::new().with_num_threads(threads);
        let mut parallel =
            ParallelSearch::new(versus::RandomEval, IterativeOptions::new(), options);
        parallel.set_max_depth(depth);
        let start = Instant::now();
        parallel.choose_move(&root).expect("a move");
        let time = start.elapsed();
        if theirs_par.is_zero() || time < theirs_par {
            theirs_par = time;
        }
    }
    let rate = |nodes: u64, time: Duration| nodes as f64 / time.as_secs_f64() / 1e6;
    let ours_rate = rate(ours_nodes, ours_time);
    let theirs_rate = rate(negamax_nodes, negamax_time);
    println!("against the minimax crate, b={b} d={d} noise={NOISE}");
    println!(
        "{:<40} {:>10} {:>10} {:>9} {:>7}",
        "search", "gametree", "minimax", "unit", "ratio"
    );
    println!(
        "{:<40} {:>10.2} {:>10.2} {:>9} {:>7.2}",
        "alpha-beta vs Negamax: speed",
        ours_rate,
        theirs_rate,
        "Mnodes/s",
        ours_rate / theirs_rate
    );
    println!(
        "{:<40} {:>10} {:>10} {:>9}",
        "  nodes visited, all rounds", ours_nodes, negamax_nodes, ""
    );
    println!(
        "{:<40} {:>10.3} {:>10.3} {:>9} {:>7.2}",
        "parallel order=static vs ParallelSearch",
        par.time.as_secs_f64(),
        theirs_par.as_secs_f64(),
        "s",
        theirs_par.as_secs_f64() / par.time.as_secs_f64()
    );
}
