//! What every search reports: the value, the best move, the principal
//! variation and the same statistics.

use serde::Serialize;

use super::Algorithm;
use crate::tree::Location;
use crate::value::Scored;

/// Counts every search keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Nodes entered, leaves included, and nodes Star2 probed (a node
    /// probed and then entered counts twice; for a parallel search, work
    /// that a cut made useless included).
    pub nodes_visited: u64,
    /// Leaves evaluated, interior nodes valued at the depth limit included.
    pub leaves_evaluated: u64,
    /// Cuts that skipped at least one child.
    pub cutoffs: u64,
    /// Interior nodes valued by their static value at the depth limit
    /// (`--depth`); part of `leaves_evaluated`.
    #[serde(skip_serializing_if = "is_zero")]
    pub horizon_nodes: u64,
    /// Searches of iterative deepening, one per depth (`--iterative`); the
    /// other counts add up all of them.
    #[serde(skip_serializing_if = "is_zero")]
    pub iterations: u64,
    /// Chance nodes that alpha-beta searched without pruning below them,
    /// for want of bounds on the leaf values.
    #[serde(skip_serializing_if = "is_zero")]
    pub unbounded_chance_nodes: u64,
    /// Searches of a node again after a search that failed high or low:
    /// PVS after a test that fails high, an aspiration window that fails.
    #[serde(skip_serializing_if = "is_zero")]
    pub researches: u64,
    /// MTD(f)'s passes: null-window searches of the root.
    #[serde(skip_serializing_if = "is_zero")]
    pub passes: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Stats {
    /// Adds another search's counts to these.
    pub fn add(&mut self, other: &Stats) {
        self.nodes_visited += other.nodes_visited;
        self.leaves_evaluated += other.leaves_evaluated;
        self.cutoffs += other.cutoffs;
        self.horizon_nodes += other.horizon_nodes;
        self.iterations += other.iterations;
        self.unbounded_chance_nodes += other.unbounded_chance_nodes;
        self.researches += other.researches;
        self.passes += other.passes;
    }
}

/// A search's counts beside those of plain sequential alpha-beta on the
/// same tree (children in their given order, no depth limit): the search
/// overhead of the parallel search, and what ordering and depth saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// Plain sequential alpha-beta's counts.
    pub baseline: Stats,
    /// The search's counts.
    pub search: Stats,
}

impl Comparison {
    /// Nodes visited beyond the baseline's, as a fraction of the baseline's
    /// (negative when the search visited fewer): the search overhead of a
    /// parallel search.
    pub fn node_overhead(&self) -> f64 {
        ratio(self.search.nodes_visited, self.baseline.nodes_visited) - 1.0
    }

    /// The fraction of the baseline's leaf evaluations the search saved
    /// (negative when it evaluated more).
    pub fn leaves_saved(&self) -> f64 {
        1.0 - ratio(self.search.leaves_evaluated, self.baseline.leaves_evaluated)
    }

    /// The comparison as lines for a person.
    pub fn to_text(&self) -> String {
        let saved = self.leaves_saved() * 100.0;
        let leaves = match saved >= 0.0 {
            true => format!("{saved:.1}% fewer"),
            false => format!("{:.1}% more", -saved),
        };
        format!(
            "baseline (sequential alpha-beta, children as given, no depth limit): \
             {} nodes visited, {} leaves evaluated\n\
             this search: {} nodes visited ({:+.1}%), {} leaves evaluated ({leaves})\n",
            self.baseline.nodes_visited,
            self.baseline.leaves_evaluated,
            self.search.nodes_visited,
            self.node_overhead() * 100.0,
            self.search.leaves_evaluated,
        )
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    a as f64 / b.max(1) as f64
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<N> {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The root's value (exact unless the root was itself cut short).
    pub score: Scored,
    /// The root's best child: the first child, as the tree gives them, that
    /// the search shows to give the root its value.
    pub best_move: Option<N>,
    /// The best child, its best child, and so on down to a leaf.
    pub principal_variation: Vec<N>,
    /// What the search did.
    pub stats: Stats,
}

/// An option of [`Options`](super::Options) that only some algorithms
/// carry out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchOption {
    /// Ordering children ([`Options::order`](super::Options::order)).
    Order,
    /// A depth limit ([`Options::depth`](super::Options::depth)).
    Depth,
    /// Iterative deepening ([`Options::iterative`](super::Options::iterative)).
    Iterative,
    /// Fail-hard values ([`Options::fail_hard`](super::Options::fail_hard)).
    FailHard,
    /// An aspiration window ([`Options::window`](super::Options::window)).
    Window,
    /// An aspiration window together with iterative deepening.
    WindowWithIterative,
    /// A first guess ([`Options::guess`](super::Options::guess)).
    Guess,
}

impl std::fmt::Display for SearchOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SearchOption::Order => "ordering children",
            SearchOption::Depth => "a depth limit",
            SearchOption::Iterative => "iterative deepening",
            SearchOption::FailHard => "fail-hard values",
            SearchOption::Window => "an aspiration window",
            SearchOption::WindowWithIterative => "an aspiration window with iterative deepening",
            SearchOption::Guess => "a first guess",
        })
    }
}

/// Why a search could not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// A leaf the search needs has no value (`?`).
    #[error(
        "leaf {} has an unknown value `?`, and {algorithm} needs it",
        crate::text::quoted(.node)
    )]
    UnknownValue {
        /// The leaf's id.
        node: String,
        /// Where it is written.
        location: Option<Location>,
        /// The algorithm that needed it.
        algorithm: Algorithm,
    },
    /// A node at the depth limit has children but no static value.
    #[error("node {node} is at the depth limit ({depth}) and has children but no static value")]
    NoStaticValue {
        /// The node's id.
        node: String,
        /// Where it is written.
        location: Option<Location>,
        /// The depth limit.
        depth: usize,
    },
    /// A recorder was given to the parallel search where it is not
    /// sequential alpha-beta: on more than one thread, or with scout
    /// brothers.
    #[error(
        "{}",
        parallel_trace_refusal(
            "on one thread with full brothers",
            &format!("{threads} threads, {young_brothers} brothers")
        )
    )]
    ParallelTrace {
        /// The threads it would have used.
        threads: usize,
        /// How it would have searched younger brothers.
        young_brothers: super::young_brothers::YoungBrothers,
    },
    /// The options ask for what the algorithm does not do.
    #[error("{algorithm} does not support {option}")]
    Unsupported {
        /// The algorithm.
        algorithm: Algorithm,
        /// What it was asked for.
        option: SearchOption,
    },
    /// A chance node's children include both infinities with a
    /// probability above zero: its mean is undefined.
    #[error(
        "chance node {} has children worth +inf and -inf: its expected value is undefined",
        crate::text::quoted(.node)
    )]
    UndefinedMean {
        /// The chance node's id.
        node: String,
        /// Where it is written.
        location: Option<Location>,
    },
    /// A chance node's exact value, or a bound Star1 works out for it,
    /// needs more digits than a value holds.
    #[error(
        "the exact value of chance node {} needs more digits than gametree holds: its \
         probabilities and values have too many digits between them (write them with fewer, \
         or probabilities as simple fractions such as 1/3)",
        crate::text::quoted(.node)
    )]
    TooPrecise {
        /// The chance node's id.
        node: String,
        /// Where it is written.
        location: Option<Location>,
    },
    /// A leaf, or the static value of a node a depth limit may value
    /// statically, lies outside the leaf bounds the search prunes with.
    #[error(
        "{} {} = {value} lies outside the leaf bounds {bounds}",
        if *.leaf { "leaf" } else { "the static value of" },
        crate::text::quoted(.node)
    )]
    OutOfBounds {
        /// Whether the node is a leaf (else its static value is outside).
        leaf: bool,
        /// The node's id.
        node: String,
        /// Where it is written.
        location: Option<Location>,
        /// Its value.
        value: crate::value::Value,
        /// The bounds.
        bounds: crate::value::LeafBounds,
    },
    /// The algorithm does not search trees with chance nodes.
    #[error("{algorithm} does not search trees with chance nodes")]
    ChanceUnsupported {
        /// The algorithm.
        algorithm: Algorithm,
    },
    /// An aspiration window whose lower end is not below its upper end.
    #[error("the window [{alpha}, {beta}] is empty: its lower end must lie below its upper end")]
    EmptyWindow {
        /// The lower end.
        alpha: crate::value::Value,
        /// The upper end.
        beta: crate::value::Value,
    },
    /// More threads than a parallel search runs on (a pool of millions
    /// would take the machine's memory before it searched anything).
    #[error("{threads} threads: a parallel search runs on at most {most}")]
    TooManyThreads {
        /// The threads asked for.
        threads: usize,
        /// The most there may be ([`super::MAX_THREADS`]).
        most: usize,
    },
    /// A first guess that is no finite number: a null window around an
    /// infinity asks nothing.
    #[error("the first guess {guess} is not a finite number")]
    InfiniteGuess {
        /// The guess.
        guess: crate::value::Value,
    },
    /// The search was stopped from outside before it finished (see
    /// [`Stop`](super::Stop)).
    #[error("the search was stopped before it finished")]
    Stopped,
    /// The thread pool could not be built.
    #[error("cannot start {threads} threads: {reason}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// Why.
        reason: String,
    },
}

/// The sentence that refuses a trace of the parallel search where it is
/// not sequential alpha-beta: `required` says where it records one (`on
/// one thread with full brothers`), `here` what was asked (`2 threads,
/// scout brothers`). [`SearchError::ParallelTrace`] says it in the
/// library's words; a front end says it in its own (its flags), with the
/// same sentence around them.
pub fn parallel_trace_refusal(required: &str, here: &str) -> String {
    format!(
        "the parallel search records a trace only where it is sequential alpha-beta, \
         {required} (here {here}): on more threads each run takes a different path, and \
         scout's null-window tests are not alpha-beta's steps"
    )
}

impl SearchError {
    /// The id of the node the error is about, if it is about one.
    pub fn node(&self) -> Option<&str> {
        match self {
            SearchError::UnknownValue { node, .. }
            | SearchError::NoStaticValue { node, .. }
            | SearchError::UndefinedMean { node, .. }
            | SearchError::TooPrecise { node, .. }
            | SearchError::OutOfBounds { node, .. } => Some(node),
            _ => None,
        }
    }

    /// Where the error's node is written: the place the tree kept, or, for
    /// a node it kept none of, the one found by reading `text` again, the
    /// tree-language file `path` the tree was read from
    /// ([`crate::syntax::node_location`]; `None` for another format).
    pub fn place_in(&self, path: &str, text: Option<&str>) -> Option<Location> {
        self.location()
            .or_else(|| crate::syntax::node_location(path, text?, self.node()?))
    }

    /// Where the error arises in the file, when the tree kept the place of
    /// its node (see [`SearchError::place_in`] for the others).
    pub fn location(&self) -> Option<Location> {
        match self {
            SearchError::UnknownValue { location, .. }
            | SearchError::NoStaticValue { location, .. }
            | SearchError::UndefinedMean { location, .. }
            | SearchError::TooPrecise { location, .. }
            | SearchError::OutOfBounds { location, .. } => *location,
            _ => None,
        }
    }
}
