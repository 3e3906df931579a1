//! The searches: minimax, negamax, alpha-beta in both forms and parallel
//! alpha-beta, over any [`GameTree`], all reporting to one kind of
//! [`Recorder`].

#[macro_use]
mod algorithm;
mod aspiration;
mod board;
mod brothers;
mod chance;
mod context;
mod fold;
mod ordering;
mod proof;
mod result;
mod simulate;
mod split;
mod stop;
mod window;
mod young_brothers;

// The algorithms' own files, each registered in `algorithms!` below.
mod alphabeta;
mod minimax;
mod mtdf;
mod negamax;
mod negamax_alphabeta;
mod parallel;
mod pvs;
mod sss;
mod star2;
#[cfg(feature = "worker-log")]
pub mod worker_log;

use std::fmt;

pub use ordering::Order;
pub use parallel::{
    DEEP_SPLIT_DEPTH, DEEP_SPLIT_THREADS, DEFAULT_SPLIT_DEPTH, DEFAULT_SPLIT_MIN_NODES,
    MAX_THREADS, default_split_depth, default_young_brothers,
};
pub use proof::{SmallestProof, knuth_moore, smallest_proof};
pub use result::{
    Comparison, SearchError, SearchOption, SearchResult, Stats, parallel_trace_refusal,
};
pub use simulate::{
    Deferral, Model, Simulation, SimulationSummary, simulate, simulate_deferring, simulate_with,
};
pub use stop::Stop;
pub use young_brothers::YoungBrothers;

use crate::stack::{stack_bytes_for_depth, with_stack_for_depth};
use crate::trace::{NoRecorder, Recorder, Window};
use crate::tree::GameTree;
use crate::value::{LeafBounds, Value};
use context::Context;

// The algorithms, one line each: the doc comment, the variant, the name on
// the command line and in JSON, and the type in the algorithm's own file
// that implements `algorithm::Strategy`.
algorithms! {
    sequential {
        /// Minimax in the two-function form (a MAX function and a MIN function).
        Minimax = "minimax" in minimax::Minimax,
        /// Negamax: negate the child's value and always maximise.
        Negamax = "negamax" in negamax::Negamax,
        /// Alpha-beta in the min/max form.
        AlphaBeta = "alphabeta" in alphabeta::AlphaBeta,
        /// Alpha-beta in the negamax form.
        NegamaxAlphaBeta = "negamax-alphabeta" in negamax_alphabeta::NegamaxAlphaBeta,
        /// Alpha-beta whose chance nodes probe their children first (Star2).
        Star2 = "star2" in star2::Star2,
        /// Principal Variation Search (NegaScout): younger children tested with a null window.
        Pvs = "pvs" in pvs::Pvs,
        /// MTD(f): null-window searches of the root with a memory of bounds, from a first guess.
        Mtdf = "mtdf" in mtdf::Mtdf,
        /// Stockman's SSS*: best first over an OPEN list of states.
        Sss = "sss" in sss::Sss,
    }
    parallel {
        /// Alpha-beta on many threads (Young Brothers Wait on rayon).
        Parallel = "parallel" in parallel::Parallel,
    }
}

impl Algorithm {
    /// Whether the algorithm carries out `options` (see [`search`]): the
    /// error it would refuse them with, before searching.
    pub fn accepts(self, options: &Options) -> Result<(), SearchError> {
        check_options(self, options)
    }

    /// Whether the algorithm searches trees with chance nodes; the others
    /// refuse a tree when they meet one
    /// ([`SearchError::ChanceUnsupported`]).
    pub fn searches_chance(self) -> bool {
        self.takes().chance
    }

    /// Whether the algorithm searches depth first, so that the events of
    /// a node's search nest inside its parent's; SSS*, best first, moves
    /// from one part of the tree to another.
    pub fn depth_first(self) -> bool {
        self != Algorithm::Sss
    }

    /// Whether a search with `options` may visit a node more than once: a
    /// re-search (PVS, an aspiration window), MTD(f)'s passes, iterative
    /// deepening. A cut may then name a node visited at another time,
    /// which is not pruned.
    pub fn revisits(self, options: &Options) -> bool {
        matches!(self, Algorithm::Pvs | Algorithm::Mtdf)
            || options.window.is_some()
            || options.iterative
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How alpha-beta treats ties and the values it returns, how it orders
/// children, how deep it goes, and how the parallel search splits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Cut only when a value strictly passes the bound (`Val > beta`), not
    /// as soon as it reaches it (`alpha >= beta`, the default).
    pub strict: bool,
    /// Clamp returned values to the window (fail-hard) instead of
    /// returning the value found (fail-soft, the default).
    pub fail_hard: bool,
    /// The order in which alpha-beta examines children.
    pub order: Order,
    /// Stop this many plies below the root and take the static values
    /// there (an interior node without one is an error); `None` searches
    /// down to the leaves.
    pub depth: Option<usize>,
    /// Deepen one ply at a time (up to `depth` if given, else until the
    /// leaves), each iteration ordering children by the last one's values.
    pub iterative: bool,
    /// Threads for the parallel search: a pool of this many is built for
    /// the search; 0 runs on the current rayon pool (all cores unless the
    /// caller installed another). At most [`MAX_THREADS`].
    pub threads: usize,
    /// The parallel search splits at nodes that hang under fewer than
    /// this many split nodes, down to the nodes whose children stand 5
    /// plies above the deepest leaves, and searches sequentially from
    /// there down; where the tree's height is unknown, or less than this
    /// plus 6, at nodes less than this many plies below the root (none
    /// when this is 0; see docs/parallel.md); `None` for
    /// [`default_split_depth`] of the threads (the simulation takes
    /// [`DEFAULT_SPLIT_DEPTH`]).
    pub split_depth: Option<usize>,
    /// How the parallel search searches the younger brothers of a split
    /// node: with the full window, or tested first with a null window;
    /// `None` for [`default_young_brothers`] of the threads and the order.
    pub young_brothers: Option<YoungBrothers>,
    /// The most younger brothers of one split node that the parallel
    /// search searches at once; `None` for as many as there are threads.
    /// Fewer speculate less on brothers that a cut would have pruned, and
    /// leave idle threads to take work deeper in the tree.
    pub width: Option<usize>,
    /// The parallel search shares the younger brothers of a node within
    /// the split depth only when its eldest brother's subtree took at
    /// least this many nodes, and otherwise searches them itself, one
    /// after another; `None` for [`DEFAULT_SPLIT_MIN_NODES`], `Some(0)`
    /// splits wherever the split depth allows. The eldest's subtree
    /// foretells its brothers', and a small one costs less to search than
    /// to hand out. The simulation takes it the same way, but reads
    /// `None` as 0: every node within the split depth splits there, as
    /// the lecture's rule has it.
    pub split_min_nodes: Option<u64>,
    /// Bounds on every leaf value, for pruning below chance nodes (Star1,
    /// Star2); `None` takes the tree's own, if it has any.
    pub bounds: Option<LeafBounds>,
    /// An aspiration window for the root, in MAX's terms (alpha-beta in
    /// both forms, PVS): the root is searched with it first, and again
    /// with the window its result leaves when it fails low or high;
    /// `None` searches the root with the full window.
    pub window: Option<Window>,
    /// MTD(f)'s first guess at the root's value, a finite number; `None`
    /// for the root's static value if it has one, else 0.
    pub guess: Option<Value>,
    /// A flag that stops the search at the next interior node it enters,
    /// once set: the search then returns [`SearchError::Stopped`]. `None`
    /// (the default) costs the search nothing.
    pub stop: Option<Stop>,
}

impl Options {
    /// The options plain sequential alpha-beta runs with to compare against:
    /// the same tie and fail-hard rules, children as given, no depth limit.
    pub fn baseline(self) -> Options {
        Options {
            strict: self.strict,
            fail_hard: self.fail_hard,
            ..Options::default()
        }
    }

    /// Whether the parallel search with these options is sequential
    /// alpha-beta, step for step, on `threads` threads: on one thread with
    /// full brothers. Only then does it record a trace.
    pub fn parallel_is_alphabeta(&self, threads: usize) -> bool {
        threads == 1 && self.young_brothers_on(threads) == YoungBrothers::Full
    }

    /// How the parallel search on `threads` threads searches younger
    /// brothers: as these options say, else [`default_young_brothers`].
    pub fn young_brothers_on(&self, threads: usize) -> YoungBrothers {
        self.young_brothers
            .unwrap_or_else(|| default_young_brothers(threads, self.order))
    }

    /// Whether these options order children or limit the depth.
    pub fn orders_or_limits(&self) -> bool {
        self.order != Order::None || self.depth.is_some() || self.iterative
    }
}

/// Runs `algorithm` on `tree`, reporting every step to `recorder`.
///
/// Every algorithm takes a depth limit; ordering children applies to
/// [`Algorithm::AlphaBeta`] and [`Algorithm::Parallel`], and iterative
/// deepening to [`Algorithm::AlphaBeta`] alone: asking another algorithm
/// for them is [`SearchError::Unsupported`]. The parallel search refuses
/// a recorder that keeps events unless it runs on one thread with
/// [`YoungBrothers::Full`], where it is sequential alpha-beta.
pub fn search<T, R>(
    tree: &T,
    algorithm: Algorithm,
    options: Options,
    recorder: &mut R,
) -> Result<SearchResult<T::Node>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: Recorder<T::Node> + Send,
{
    let height = tree.height().unwrap_or(0);
    with_stack_for_depth(height, || search_here(tree, algorithm, options, recorder))
}

/// [`search`] on the current thread's stack.
fn search_here<T, R>(
    tree: &T,
    algorithm: Algorithm,
    options: Options,
    recorder: &mut R,
) -> Result<SearchResult<T::Node>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: Recorder<T::Node> + Send,
{
    check_options(algorithm, &options)?;
    if let Some(bounds) = options.bounds.or_else(|| tree.leaf_bounds()) {
        check_bounds(tree, bounds, options.depth.is_some())?;
    }
    if algorithm.is_parallel() {
        let threads = match options.threads {
            0 => rayon::current_num_threads(),
            n => n,
        };
        if R::RECORDS && !options.parallel_is_alphabeta(threads) {
            return Err(SearchError::ParallelTrace {
                threads,
                young_brothers: options.young_brothers_on(threads),
            });
        }
        if !R::RECORDS && options.threads > 0 {
            return on_pool(tree, options);
        }
    }
    let mut cx = Context::new(tree, recorder, algorithm, options);
    let root = tree.root();
    let score = algorithm.run(&mut cx, root)?;
    Ok(cx.into_result(score))
}

/// The parallel search on a pool of `options.threads` threads. The
/// recorder keeps nothing, so a fresh one does as well.
fn on_pool<T>(tree: &T, options: Options) -> Result<SearchResult<T::Node>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    let height = tree.height().unwrap_or(crate::tree::MAX_DEPTH);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .stack_size(stack_bytes_for_depth(height))
        .build()
        .map_err(|e| SearchError::Threads {
            threads: options.threads,
            reason: e.to_string(),
        })?;
    let options = Options {
        threads: 0,
        ..options
    };
    pool.install(|| search_here(tree, Algorithm::Parallel, options, &mut NoRecorder))
}

/// Refuses a tree with a leaf outside the leaf bounds: Star1 would prune
/// on a false premise.
/// With a depth limit, static values count as leaf values.
fn check_bounds<T: GameTree>(
    tree: &T,
    bounds: LeafBounds,
    statics: bool,
) -> Result<(), SearchError> {
    let valued = |node| match statics {
        true => tree.value(node).or_else(|| tree.static_value(node)),
        false => tree.value(node),
    };
    let outside = crate::tree::subtree(tree, tree.root())
        .into_iter()
        .find_map(|node| {
            valued(node)
                .filter(|v| !bounds.holds(*v))
                .map(|v| (node, v))
        });
    match outside {
        Some((node, value)) => Err(SearchError::OutOfBounds {
            leaf: tree.is_leaf(node),
            node: tree.id(node),
            location: tree.location(node),
            value,
            bounds,
        }),
        None => Ok(()),
    }
}

/// Refuses options the algorithm does not carry out.
fn check_options(algorithm: Algorithm, options: &Options) -> Result<(), SearchError> {
    if let Some(window) = options.window.filter(|w| w.alpha >= w.beta) {
        return Err(SearchError::EmptyWindow {
            alpha: window.alpha,
            beta: window.beta,
        });
    }
    if let Some(guess) = options.guess.filter(|g| g.is_infinite()) {
        return Err(SearchError::InfiniteGuess { guess });
    }
    if algorithm.is_parallel() && options.threads > parallel::MAX_THREADS {
        let (threads, most) = (options.threads, parallel::MAX_THREADS);
        return Err(SearchError::TooManyThreads { threads, most });
    }
    let supports = algorithm.supports();
    let takes = algorithm.takes();
    let asked = [
        (
            options.order != Order::None && !supports.order,
            SearchOption::Order,
        ),
        (
            options.depth.is_some() && !supports.depth,
            SearchOption::Depth,
        ),
        (
            options.iterative && !supports.iterative,
            SearchOption::Iterative,
        ),
        (
            options.fail_hard && !takes.fail_hard,
            SearchOption::FailHard,
        ),
        (
            options.window.is_some() && !takes.window,
            SearchOption::Window,
        ),
        (
            options.window.is_some() && options.iterative,
            SearchOption::WindowWithIterative,
        ),
        (options.guess.is_some() && !takes.guess, SearchOption::Guess),
    ];
    match asked.into_iter().find(|(unsupported, _)| *unsupported) {
        Some((_, option)) => Err(SearchError::Unsupported { algorithm, option }),
        None => Ok(()),
    }
}

/// Runs `algorithm` and plain sequential alpha-beta (children as given, no
/// depth limit, the same tie and fail-hard rules) on `tree`, and returns
/// the result with both searches' counts: the parallel search's overhead,
/// what ordering and the depth limit saved.
pub fn compare<T>(
    tree: &T,
    algorithm: Algorithm,
    options: Options,
) -> Result<(SearchResult<T::Node>, Comparison), SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    let baseline = baseline(tree, options)?;
    let result = search(tree, algorithm, options, &mut NoRecorder)?;
    let comparison = Comparison {
        baseline,
        search: result.stats,
    };
    Ok((result, comparison))
}

/// The counts of the baseline that [`compare`] measures against: plain
/// sequential alpha-beta on `tree` under `options`' tie and fail-hard rules,
/// children as given, no depth limit.
pub fn baseline<T>(tree: &T, options: Options) -> Result<Stats, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    let plain = search(
        tree,
        Algorithm::AlphaBeta,
        options.baseline(),
        &mut NoRecorder,
    )?;
    Ok(plain.stats)
}
