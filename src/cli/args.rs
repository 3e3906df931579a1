//! Arguments shared by the subcommands that search.

use clap::{Args, ValueEnum};

use super::CliError;
use crate::games::GameSpec;
use crate::search::{Algorithm, Options, Order, YoungBrothers};
use crate::syntax::Limits;

/// The tree file (or generated game) and how to search it.
#[derive(Clone, Debug, Args)]
pub struct SearchArgs {
    /// The tree file; `-` reads standard input.
    #[arg(conflicts_with = "game")]
    pub file: Option<String>,
    /// A generated game instead of a file: `random:branching=B,depth=D,seed=S`,
    /// `tictactoe[:POSITION]` or `billes:n=N,k=K`.
    #[arg(long, value_name = "SPEC", value_parser = GameSpecParser)]
    pub game: Option<GameSpec>,
    /// The algorithm.
    #[arg(long, value_enum, default_value_t = AlgoArg::Alphabeta)]
    pub algo: AlgoArg,
    /// Cut only when the bound is strictly passed (`Val > beta`).
    #[arg(long)]
    pub strict: bool,
    /// Clamp returned values to the window (fail-hard).
    #[arg(long)]
    pub fail_hard: bool,
    /// Refuse a tree of more nodes than this, before building it (for
    /// untrusted input).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<usize>,
    #[command(flatten)]
    pub search: SearchTuning,
}

/// Ordering, depth and parallel flags (alphabeta and parallel).
#[derive(Clone, Debug, Args)]
pub struct SearchTuning {
    /// Threads for `--algo parallel` [default: the machine's cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// `--algo parallel` splits at nodes less than K plies below the root
    /// and searches sequentially below.
    #[arg(long, value_name = "K", default_value_t = crate::search::DEFAULT_SPLIT_DEPTH)]
    pub split_depth: usize,
    /// How `--algo parallel` searches the younger brothers of a split node:
    /// `full` searches each with the full window; `scout` tests each with a
    /// null window first and searches again, in child order, those that can
    /// do better.
    #[arg(long, value_enum, default_value_t = YoungArg::Full)]
    pub young_brothers: YoungArg,
    /// `--algo parallel` searches at most W younger brothers of one split
    /// node at once [default: as many as there are threads].
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u16).range(1..))]
    pub width: Option<u16>,
    /// Order children before searching them: `static` sorts them by static
    /// value (a leaf's is its value), best first for the player to move.
    #[arg(long, value_enum, default_value_t = OrderArg::None)]
    pub order: OrderArg,
    /// The depth limit: not a flag here, since `render` has its own
    /// `--depth`; `solve` and `trace` take it with [`DepthArg`].
    #[arg(skip)]
    pub depth: Option<usize>,
    /// Deepen one ply at a time, ordering by the previous iteration's values.
    #[arg(long)]
    pub iterative: bool,
}

/// `--depth` for the commands that search with a depth limit.
#[derive(Clone, Debug, Args)]
pub struct DepthArg {
    /// Stop N plies below the root and take the static values there.
    #[arg(long, value_name = "N")]
    pub depth: Option<usize>,
}

/// The `--order` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// Children as given.
    None,
    /// By static value, best first.
    Static,
}

/// The `--young-brothers` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum YoungArg {
    /// Full-window searches in parallel.
    Full,
    /// Null-window tests in parallel, then full searches in child order.
    Scout,
}

/// The `--algo` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgoArg {
    /// Minimax, two-function form.
    Minimax,
    /// Negamax.
    Negamax,
    /// Alpha-beta, min/max form.
    Alphabeta,
    /// Alpha-beta, negamax form.
    NegamaxAlphabeta,
    /// Alpha-beta on many threads (Young Brothers Wait).
    Parallel,
}

/// Where the tree to search comes from.
#[derive(Clone, Copy, Debug)]
pub enum Source<'a> {
    /// A tree file (`-` for standard input).
    File(&'a str),
    /// A generated game.
    Game(&'a GameSpec),
}

impl SearchArgs {
    /// The same arguments with the depth limit `depth`.
    pub fn with_depth(&self, depth: &DepthArg) -> SearchArgs {
        let mut args = self.clone();
        args.search.depth = depth.depth;
        args
    }

    /// The tree file or the game; exactly one must be given.
    pub fn source(&self) -> Result<Source<'_>, CliError> {
        match (&self.file, &self.game) {
            (Some(file), None) => Ok(Source::File(file)),
            (None, Some(game)) => self.within_max_nodes(game).map(|()| Source::Game(game)),
            (Some(_), Some(_)) => Err(CliError::BadInput(
                "give a tree FILE or --game SPEC, not both".to_string(),
            )),
            (None, None) => Err(CliError::BadInput(
                "give a tree FILE or --game SPEC".to_string(),
            )),
        }
    }

    /// `--max-nodes` applied to a generated game: refused when the game may
    /// have more nodes (its bound, exact but for branching ranges and
    /// tic-tac-toe's early wins), before anything is built.
    fn within_max_nodes(&self, game: &GameSpec) -> Result<(), CliError> {
        match self.max_nodes {
            Some(max) if game.node_bound() > max as u64 => Err(CliError::BadInput(format!(
                "{game}: the game has up to {} nodes, more than --max-nodes {max}",
                game.node_bound()
            ))),
            _ => Ok(()),
        }
    }

    /// The algorithm chosen.
    pub fn algorithm(&self) -> Algorithm {
        match self.algo {
            AlgoArg::Minimax => Algorithm::Minimax,
            AlgoArg::Negamax => Algorithm::Negamax,
            AlgoArg::Alphabeta => Algorithm::AlphaBeta,
            AlgoArg::NegamaxAlphabeta => Algorithm::NegamaxAlphaBeta,
            AlgoArg::Parallel => Algorithm::Parallel,
        }
    }

    /// The limits on reading the file.
    pub fn limits(&self) -> Limits {
        match self.max_nodes {
            Some(max_nodes) => Limits { max_nodes },
            None => Limits::default(),
        }
    }

    /// The search options chosen.
    pub fn options(&self) -> Options {
        let tuning = &self.search;
        Options {
            strict: self.strict,
            fail_hard: self.fail_hard,
            order: match tuning.order {
                OrderArg::None => Order::None,
                OrderArg::Static => Order::Static,
            },
            depth: tuning.depth,
            iterative: tuning.iterative,
            // The command line runs the parallel search on the process's
            // pool, which `start_threads` sizes.
            threads: 0,
            split_depth: Some(tuning.split_depth),
            young_brothers: match tuning.young_brothers {
                YoungArg::Scout => YoungBrothers::Scout,
                YoungArg::Full => YoungBrothers::Full,
            },
            width: tuning.width.map(usize::from),
        }
    }

    /// For `--algo parallel`, sizes the process's rayon pool: `--threads`
    /// threads, each with stack for a tree `depth` levels deep.
    pub fn start_threads(&self, depth: usize) -> Result<(), CliError> {
        if self.algorithm() != Algorithm::Parallel {
            return Ok(());
        }
        let threads = self.threads();
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(crate::stack::stack_bytes_for_depth(depth))
            .build_global();
        match built {
            // Already built by an earlier command in this process: fine if
            // it has the threads asked for.
            Err(_) if rayon::current_num_threads() != threads => Err(CliError::BadInput(format!(
                "cannot start {threads} threads for the parallel search"
            ))),
            _ => Ok(()),
        }
    }

    /// Whether the search records what it does: all but the parallel
    /// search, unless it is sequential alpha-beta (one thread, full
    /// brothers).
    pub fn records(&self) -> bool {
        self.algorithm() != Algorithm::Parallel
            || self.options().parallel_is_alphabeta(self.threads())
    }

    /// The threads for the parallel search: `--threads`, else the cores.
    pub fn threads(&self) -> usize {
        match self.search.threads {
            Some(n) => n.into(),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// Whether an output path is `-`, which names standard output.
pub fn is_standard_output(path: &std::path::Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads `--game SPEC`, with the spec's own message alone: clap's would
/// quote the whole value, however long.
#[derive(Clone, Copy, Debug)]
pub struct GameSpecParser;

impl clap::builder::TypedValueParser for GameSpecParser {
    type Value = GameSpec;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<GameSpec, clap::Error> {
        let refused = |message: String| {
            clap::Error::raw(clap::error::ErrorKind::ValueValidation, message + "\n")
        };
        let text = value
            .to_str()
            .ok_or_else(|| refused("--game: the spec is not UTF-8".to_string()))?;
        text.parse()
            .map_err(|e: crate::games::SpecError| refused(format!("--game: {e}")))
    }
}
