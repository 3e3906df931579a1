//! Parallel against sequential alpha-beta, and both against the `minimax`
//! crate, on implicit random trees; and the Knuth-Moore count of static
//! ordering. Prints one table, every ratio measured side by side in one run
//! (the searches of a row alternate, round after round; times are the
//! median of the rounds).
//!
//! Run with `cargo bench --bench parallel`. `GAMETREE_BENCH_THREADS` sets
//! the threads (default: the machine's cores), `GAMETREE_BENCH_SPLIT_DEPTH`
//! the split depth (default: the library's), `GAMETREE_BENCH_ROUNDS` the
//! rounds (default 5), `GAMETREE_BENCH_SCALE=small` runs smaller trees for
//! a quick look, `GAMETREE_BENCH_PARTS` the parts to run (a comma-separated
//! list of `parallel`, `one-thread`, `knuth-moore`, `negamax` and
//! `parallel-search`; default all but `one-thread`), `GAMETREE_BENCH_ROWS`
//! the trees of the parallel rows (1-based, `1,2,3`; default all). With `--features worker-log`, each parallel row also says
//! how each worker spent its time.
//!
//! Each tree's parallel rows begin with what the machine gives: the
//! sequential search run on every thread at once, one copy a thread,
//! against one copy alone. No parallel search that adds no node and never
//! waits can do better on that machine at that moment.

use std::time::{Duration, Instant};

use gametree::games::random::{RandomSpec, RandomTree};
use gametree::search::{Algorithm, Options, Order, SearchResult, Stats, YoungBrothers, search};
use gametree::trace::NoRecorder;
use minimax::{IterativeOptions, Negamax, ParallelOptions, ParallelSearch, Strategy};

mod versus;

/// The noise of the tree searched against the `minimax` crate.
const NOISE: f64 = 2.0;

/// The implicit tree every row searches: the one place to change it.
fn bench_tree(branching: usize, depth: usize, seed: u64, noise: f64) -> RandomTree {
    RandomTree::new(RandomSpec::new(branching, depth, seed).noise(noise))
}

/// A number from the environment variable `name`, if set.
fn env_number<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|t| t.parse().ok())
}

/// The rounds each row runs.
fn rounds() -> usize {
    env_number("GAMETREE_BENCH_ROUNDS").unwrap_or(5).max(1)
}

fn main() {
    let threads = env_number("GAMETREE_BENCH_THREADS")
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let small = std::env::var("GAMETREE_BENCH_SCALE").is_ok_and(|s| s == "small");
    let split_depth: Option<usize> = env_number("GAMETREE_BENCH_SPLIT_DEPTH");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    println!(
        "threads: {threads}; median of {} rounds, searches of a row alternating",
        rounds()
    );
    println!();
    let split = split_depth.map_or("the default".to_string(), |k| k.to_string());
    println!("parallel against sequential alpha-beta (split depth {split})");
    println!(
        "{:<44} {:<7} {:>9} {:>9} {:>8} {:>9} {:>8}  speed-up each round",
        "tree", "young", "seq s", "par s", "speed-up", "overhead", "cpu"
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
    let parts = std::env::var("GAMETREE_BENCH_PARTS")
        .unwrap_or_else(|_| "parallel,knuth-moore,negamax,parallel-search".to_string());
    let runs = |part: &str| parts.split(',').any(|p| p == part);
    let picked: Option<Vec<usize>> = std::env::var("GAMETREE_BENCH_ROWS")
        .ok()
        .map(|list| list.split(',').filter_map(|i| i.parse().ok()).collect());
    let rows: Vec<_> = (1..)
        .zip(rows.iter().copied())
        .filter(|(i, _)| picked.as_ref().is_none_or(|p| p.contains(i)))
        .map(|(_, row)| row)
        .collect();
    // Each row's tree, its name, and the options its searches take.
    let each_row = |pool: &rayon::ThreadPool| {
        for &(b, d, noise, order) in &rows {
            let tree = bench_tree(b, d, 1, noise);
            let name = format!("b={b} d={d} noise={noise} order={order}");
            let options = Options {
                order,
                split_depth,
                ..Options::default()
            };
            parallel_rows(&name, &tree, options, pool);
        }
    };
    if runs("parallel") {
        each_row(&pool);
    }
    if runs("one-thread") {
        println!();
        println!(
            "the same on one thread: what the parallel search's bookkeeping costs, and what scout saves"
        );
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        each_row(&one);
    }
    if runs("knuth-moore") {
        println!();
        knuth_moore_rows();
    }
    let versus = if small { (8, 8) } else { (8, 12) };
    if runs("negamax") {
        println!();
        versus_negamax(versus);
    }
    if runs("parallel-search") {
        println!();
        versus_parallel_search(versus, threads, &pool);
    }
}

/// Rows of sequential alpha-beta against the parallel search with the
/// defaults, full and scout younger brothers on `tree`, all alternating.
fn parallel_rows(name: &str, tree: &RandomTree, options: Options, pool: &rayon::ThreadPool) {
    let ways: [(&str, Option<YoungBrothers>); 3] = [
        ("default", None),
        ("full", Some(YoungBrothers::Full)),
        ("scout", Some(YoungBrothers::Scout)),
    ];
    let mut seq = Samples::default();
    // The same sequential search on every thread at once: what the machine
    // gives this search on all its threads, the most a parallel search
    // that adds no node and never waits could reach.
    let mut at_once = Samples::default();
    let copies = pool.current_num_threads();
    let mut par = ways.map(|_| Samples::default());
    #[cfg(feature = "worker-log")]
    let mut logs = ways.map(|_| Vec::new());
    for _ in 0..rounds() {
        let s = seq.keep(|| search(tree, Algorithm::AlphaBeta, options, &mut NoRecorder));
        let scores = at_once.time(|| pool.install(|| each_thread_alone(tree, options, copies)));
        assert!(scores.iter().all(|&score| score == s.score), "{name}");
        for (i, ((_, young_brothers), samples)) in ways.into_iter().zip(&mut par).enumerate() {
            let options = Options {
                young_brothers: young_brothers.or(options.young_brothers),
                ..options
            };
            #[cfg(feature = "worker-log")]
            gametree::search::worker_log::take();
            let p = samples.keep(|| {
                pool.install(|| search(tree, Algorithm::Parallel, options, &mut NoRecorder))
            });
            #[cfg(feature = "worker-log")]
            logs[i].push(gametree::search::worker_log::take());
            let _ = i;
            assert_eq!(s.score, p.score, "{name}: the same root value");
        }
    }
    println!(
        "{:<44} {copies} sequential searches at once: the machine gives {:.2} (each round {})",
        "",
        copies as f64 * seq.median().as_secs_f64() / at_once.median().as_secs_f64(),
        seq.ratios_times(&at_once, copies as f64),
    );
    for (i, ((young, _), par)) in ways.into_iter().zip(&par).enumerate() {
        let overhead = par.stats.nodes_visited as f64 / seq.stats.nodes_visited as f64 - 1.0;
        // The speed-up the processor time allows: the threads times the
        // sequential search's processor time over the parallel one's (all
        // threads). Less sensitive than wall time to other programs taking
        // the cores, it assumes threads never wait (see worker-log).
        let cpu = seq
            .median_cpu()
            .zip(par.median_cpu())
            .map_or("-".to_string(), |(s, p)| {
                let threads = pool.current_num_threads() as f64;
                format!(
                    "{:.2}",
                    threads * s.as_secs_f64() / p.as_secs_f64().max(1e-9)
                )
            });
        println!(
            "{name:<44} {young:<7} {:>9.3} {:>9.3} {:>8.2} {:>+8.1}% {cpu:>8}  {}",
            seq.median().as_secs_f64(),
            par.median().as_secs_f64(),
            seq.median().as_secs_f64() / par.median().as_secs_f64(),
            overhead * 100.0,
            seq.ratios(par),
        );
        #[cfg(feature = "worker-log")]
        println!("{}", gametree::search::worker_log::summary(&logs[i]));
        let _ = i;
    }
}

/// The root scores of `copies` sequential alpha-beta searches of `tree`,
/// run side by side on the current pool's threads.
fn each_thread_alone(
    tree: &RandomTree,
    options: Options,
    copies: usize,
) -> Vec<gametree::value::Scored> {
    use rayon::prelude::*;
    (0..copies)
        .into_par_iter()
        .map(|_| {
            let result = search(tree, Algorithm::AlphaBeta, options, &mut NoRecorder);
            result.expect("the search succeeds").score
        })
        .collect()
}

/// The times of several runs of one search, with the counts of the last.
#[derive(Default)]
struct Samples {
    times: Vec<Duration>,
    /// The processor time the whole process took during each run (all
    /// threads), where the system says it.
    cpu: Vec<Option<Duration>>,
    stats: Stats,
}

/// The processor time this process has taken so far (all its threads, user
/// and system), read from `/proc/self/stat` on Linux; `None` elsewhere.
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (in parentheses, which may hold
    // spaces): utime and stime are the 14th and 15th of the line.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Clock ticks are 1/100 s on every Linux this runs on.
    Some(Duration::from_millis(ticks * 10))
}

impl Samples {
    /// Runs and times `run`, keeping its counts.
    fn keep<N>(
        &mut self,
        run: impl FnOnce() -> Result<SearchResult<N>, gametree::search::SearchError>,
    ) -> SearchResult<N> {
        let result = self.time(run).expect("the search succeeds");
        self.stats = result.stats;
        result
    }

    /// Runs and times `run`.
    fn time<O>(&mut self, run: impl FnOnce() -> O) -> O {
        let cpu = process_cpu();
        let start = Instant::now();
        let output = run();
        self.times.push(start.elapsed());
        self.cpu
            .push(cpu.zip(process_cpu()).map(|(a, b)| b.saturating_sub(a)));
        output
    }

    /// The median processor time, if known.
    fn median_cpu(&self) -> Option<Duration> {
        let mut cpu: Vec<Duration> = self.cpu.iter().copied().collect::<Option<_>>()?;
        cpu.sort_unstable();
        cpu.get(cpu.len() / 2).copied()
    }

    /// The median time.
    fn median(&self) -> Duration {
        let mut times = self.times.clone();
        times.sort_unstable();
        times[times.len() / 2]
    }

    /// This search's time over `other`'s, round by round.
    fn ratios(&self, other: &Samples) -> String {
        self.ratios_times(other, 1.0)
    }

    /// `factor` times this search's time over `other`'s, round by round.
    fn ratios_times(&self, other: &Samples, factor: f64) -> String {
        let ratios: Vec<String> = self
            .times
            .iter()
            .zip(&other.times)
            .map(|(a, b)| format!("{:.2}", factor * a.as_secs_f64() / b.as_secs_f64()))
            .collect();
        ratios.join(" ")
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

/// Nodes per second of sequential alpha-beta against the `minimax` crate's
/// Negamax on the same tree (noise 2): the same full-width alpha-beta to
/// the leaves, the same children in the same order (the bench asserts that
/// both visit the same nodes).
fn versus_negamax((b, d): (usize, usize)) {
    let tree: &'static RandomTree = Box::leak(Box::new(bench_tree(b, d, 1, NOISE)));
    // Negamax starts above the root, one ply more, so that it has nothing
    // to shuffle (see `Position::above_root`).
    let above = versus::Position::above_root(tree);
    let depth = u8::try_from(d + 1).expect("a small depth");
    let sequential = || {
        search(
            tree,
            Algorithm::AlphaBeta,
            Options::default(),
            &mut NoRecorder,
        )
    };
    let nodes = sequential().expect("the search succeeds");
    let mut counted = Negamax::new(versus::RandomEval::<true>, depth);
    versus::take_nodes();
    counted.choose_move(&above).expect("a move");
    let negamax_nodes = versus::take_nodes();
    assert_eq!(
        negamax_nodes, nodes.stats.nodes_visited,
        "Negamax and alpha-beta visit the same nodes"
    );
    assert_eq!(
        -f64::from(counted.root_value()),
        nodes.score.value.to_f64(),
        "both find the same root value (Negamax's from above the root)"
    );
    let mut ours = Samples::default();
    let mut theirs = Samples::default();
    for _ in 0..rounds() {
        ours.keep(sequential);
        let mut negamax = Negamax::new(versus::RandomEval::<false>, depth);
        theirs.time(|| negamax.choose_move(&above).expect("a move"));
    }
    let rate = |time: Duration| nodes.stats.nodes_visited as f64 / time.as_secs_f64() / 1e6;
    let ours_rate = rate(ours.median());
    let theirs_rate = rate(theirs.median());
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
        "{:<40} {:>10} {:>10}",
        "  nodes visited, each", nodes.stats.nodes_visited, negamax_nodes
    );
    println!("  speed ratio in each round: {}", theirs.ratios(&ours));
    // Nodes per second of processor time, which other programs taking the
    // cores disturb much less than wall time.
    if let (Some(ours_cpu), Some(theirs_cpu)) = (ours.median_cpu(), theirs.median_cpu()) {
        let ours_rate = rate(ours_cpu);
        let theirs_rate = rate(theirs_cpu);
        println!(
            "{:<40} {:>10.2} {:>10.2} {:>9} {:>7.2}",
            "  per second of processor time",
            ours_rate,
            theirs_rate,
            "Mnodes/s",
            ours_rate / theirs_rate
        );
    }
}

/// The time of the parallel search with static ordering against the
/// `minimax` crate's ParallelSearch (Young Brothers Wait with iterative
/// deepening, a transposition table and null windows, ordering by its
/// earlier iterations) on the same tree (noise 2), to the same depth: both
/// use the static values.
fn versus_parallel_search((b, d): (usize, usize), threads: usize, pool: &rayon::ThreadPool) {
    let tree: &'static RandomTree = Box::leak(Box::new(bench_tree(b, d, 1, NOISE)));
    let root = versus::Position::root(tree);
    let ordered = Options {
        order: Order::Static,
        ..Options::default()
    };
    let sequential = search(tree, Algorithm::AlphaBeta, ordered, &mut NoRecorder);
    let value = sequential.expect("the search succeeds").score;
    let mut ours = Samples::default();
    let mut theirs = Samples::default();
    for _ in 0..rounds() {
        let p = ours
            .keep(|| pool.install(|| search(tree, Algorithm::Parallel, ordered, &mut NoRecorder)));
        assert_eq!(p.score, value, "the same root value");
        let options = ParallelOptions::new().with_num_threads(threads);
        let mut parallel = ParallelSearch::new(
            versus::RandomEval::<false>,
            IterativeOptions::new(),
            options,
        );
        parallel.set_max_depth(u8::try_from(d).expect("a small depth"));
        theirs.time(|| parallel.choose_move(&root).expect("a move"));
    }
    println!("against the minimax crate's ParallelSearch, b={b} d={d} noise={NOISE}");
    println!(
        "{:<40} {:>10.3} {:>10.3} {:>9} {:>7.2}",
        "parallel order=static vs ParallelSearch",
        ours.median().as_secs_f64(),
        theirs.median().as_secs_f64(),
        "s",
        theirs.median().as_secs_f64() / ours.median().as_secs_f64()
    );
}
