//! Arguments shared by the subcommands that search.

use clap::Args;
use clap::builder::TypedValueParser as _;

use super::CliError;
use gametree::formats::cs188::Agent;
use gametree::formats::{ReadOptions, TreeFormat};
use gametree::games::GameSpec;
use gametree::search::{Algorithm, Options, Order, Stop, YoungBrothers};
use gametree::syntax::{self, Limits};
use gametree::trace::Window;
use gametree::value::{LeafBounds, Value};

/// Reads `--bounds L,U`: two finite numbers, `L <= U`.
pub(super) fn parse_bounds(text: &str) -> Result<LeafBounds, String> {
    let refused = || format!("`{text}` is not L,U with L <= U, two finite numbers (as in 0,10)");
    let (low, high) = text.split_once(',').ok_or_else(refused)?;
    let number = |s: &str| s.trim().parse::<f64>().ok().and_then(Value::new);
    let (low, high) = (
        number(low).ok_or_else(refused)?,
        number(high).ok_or_else(refused)?,
    );
    LeafBounds::new(low, high).ok_or_else(refused)
}

/// Reads a number of `--window` or `--guess` as a tree's numbers are read
/// ([`syntax::parse_number`]: a decimal or a fraction, exactly, or
/// `+inf`, `-inf`), `inf` too.
fn exact_number(text: &str) -> Result<Value, String> {
    match text.trim() {
        "inf" => Ok(Value::POS_INF),
        text => syntax::parse_number(text).map_err(|e| e.to_string()),
    }
}

/// Reads `--window L,U`: two numbers (or infinities), `L < U`.
pub(super) fn parse_window(text: &str) -> Result<Window, String> {
    let refused = || format!("`{text}` is not L,U with L < U (as in 3,6 or -inf,5)");
    let (alpha, beta) = text.split_once(',').ok_or_else(refused)?;
    let alpha = exact_number(alpha)?;
    let beta = exact_number(beta)?;
    (alpha < beta)
        .then_some(Window { alpha, beta })
        .ok_or_else(refused)
}

/// Reads `--guess G`: a finite number.
pub(super) fn parse_guess(text: &str) -> Result<Value, String> {
    match exact_number(text)? {
        guess if guess.is_infinite() => Err(format!(
            "`{text}` is infinite: a guess is a finite number (as in 5 or 2.5)"
        )),
        guess => Ok(guess),
    }
}

/// The tree file (or generated game) and how to search it.
#[derive(Clone, Debug, Args)]
pub(crate) struct SearchArgs {
    /// What stops the searches from outside (the server's time limit):
    /// no flag sets it.
    #[arg(skip)]
    pub(crate) stop: Option<Stop>,
    /// The tree file; `-` reads standard input.
    #[arg(conflicts_with = "game")]
    pub(crate) file: Option<String>,
    /// A generated game instead of a file: `random:branching=B,depth=D,seed=S`,
    /// `tictactoe[:POSITION]` or `billes:n=N,k=K`.
    #[arg(long, value_name = "SPEC", help_heading = "Input", value_parser = GameSpecParser)]
    pub(crate) game: Option<GameSpec>,
    /// Refuse a tree of more nodes than this, before building it (for
    /// untrusted input).
    #[arg(long, value_name = "N", help_heading = "Input")]
    pub(crate) max_nodes: Option<usize>,
    #[command(flatten)]
    pub(crate) format: FormatArgs,
    /// The algorithm [default: alphabeta; for a CS188 case, its agent's:
    /// minimax for MinimaxAgent].
    #[arg(long, value_enum, help_heading = "Algorithm")]
    pub(crate) algo: Option<Algorithm>,
    /// Stop N plies below the root and take the static values there.
    #[arg(long, value_name = "N", help_heading = "Algorithm")]
    pub(crate) depth: Option<usize>,
    /// Order children before searching them: `static` sorts them by static
    /// value (a leaf's is its value), best first for the player to move.
    #[arg(long, value_enum, default_value_t = Order::None, help_heading = "Algorithm")]
    pub(crate) order: Order,
    /// Deepen one ply at a time, ordering by the previous iteration's values.
    #[arg(long, help_heading = "Algorithm")]
    pub(crate) iterative: bool,
    /// Every leaf value lies in [L, U]: alpha-beta prunes below chance
    /// nodes with them (Star1, Star2). Overrides the file's `bounds` line.
    #[arg(long, value_name = "L,U", help_heading = "Algorithm", value_parser = parse_bounds)]
    pub(crate) bounds: Option<LeafBounds>,
    /// Cut only when the bound is strictly passed (`Val > beta`); implied
    /// for a CS188 case, whose autograder does not prune on ties.
    #[arg(long, help_heading = "Conventions", overrides_with = "no_strict")]
    pub(crate) strict: bool,
    /// Cut on ties too, even for a CS188 case.
    #[arg(long, help_heading = "Conventions", overrides_with = "strict")]
    pub(crate) no_strict: bool,
    /// Clamp returned values to the window (fail-hard).
    #[arg(long, help_heading = "Conventions")]
    pub(crate) fail_hard: bool,
    /// Search the root with the aspiration window [L, U] first, and again
    /// when it fails low or high (alphabeta, negamax-alphabeta, pvs).
    #[arg(long, value_name = "L,U", help_heading = "Algorithm", value_parser = parse_window, allow_hyphen_values = true)]
    pub(crate) window: Option<Window>,
    /// MTD(f)'s first guess at the root's value [default: the root's static
    /// value, else 0].
    #[arg(long, value_name = "G", help_heading = "Algorithm", value_parser = parse_guess, allow_hyphen_values = true)]
    pub(crate) guess: Option<Value>,
    /// The parallel search's flags: each subcommand flattens them after its
    /// output flags (so that help lists them last) and hands them over with
    /// [`SearchArgs::take_parallel`].
    #[arg(skip)]
    pub(crate) parallel: ParallelArgs,
}

/// How to read the input file: its format, and for a CS188 case its depth.
/// Every command that reads a tree flattens these.
#[derive(Clone, Debug, Default, Args)]
pub(crate) struct FormatArgs {
    /// The input's format [default: from the extension: `.test` cs188,
    /// `.efg` efg, `.json` json, anything else tree].
    #[arg(long, value_name = "FORMAT", help_heading = "Input", value_parser = format_parser())]
    pub(crate) from: Option<TreeFormat>,
    /// For a CS188 case: unfold and search N rounds of all agents (N times
    /// num_agents plies) instead of the case's own depth.
    #[arg(long, value_name = "N", help_heading = "Input")]
    pub(crate) rounds: Option<usize>,
}

impl FormatArgs {
    /// The format of `file` (`-` for standard input): `--from`, else its
    /// extension's.
    pub(crate) fn format_of(&self, file: &str) -> TreeFormat {
        self.from
            .unwrap_or_else(|| TreeFormat::of_path(std::path::Path::new(file)))
    }

    /// The reading options, under `limits`.
    pub(crate) fn read_options(&self, limits: Limits) -> ReadOptions {
        ReadOptions {
            limits,
            rounds: self.rounds,
        }
    }
}

/// The names `--from` and `--to` accept.
pub(crate) fn format_parser() -> impl clap::builder::TypedValueParser<Value = TreeFormat> {
    clap::builder::PossibleValuesParser::new(TreeFormat::ALL.map(TreeFormat::name))
        .map(|name| name.parse::<TreeFormat>().expect("a format's own name"))
}

/// How `--algo parallel` splits the work.
#[derive(Clone, Debug, Default, Args)]
#[command(next_help_heading = "Parallel search")]
pub(crate) struct ParallelArgs {
    /// Threads for `--algo parallel` [default: the machine's cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) threads: Option<u16>,
    /// `--algo parallel` splits at nodes below fewer than K split nodes,
    /// down to 5 plies above the leaves, and searches sequentially below
    /// (K plies from the root where the tree's height is unknown or less
    /// than K + 6) [default: 4; 6 from 8 threads; with full brothers on
    /// one thread, none].
    #[arg(long, value_name = "K")]
    pub(crate) split_depth: Option<usize>,
    /// How `--algo parallel` searches the younger brothers of a split node
    /// [default: scout on 2 threads unless `--order static`, full
    /// otherwise].
    #[arg(long, value_enum)]
    pub(crate) young_brothers: Option<YoungBrothers>,
    /// `--algo parallel` searches at most W younger brothers of one split
    /// node at once [default: as many as there are threads].
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u16).range(1..))]
    pub(crate) width: Option<u16>,
    /// `--algo parallel` shares a node's younger brothers only when its
    /// eldest brother's subtree took at least N nodes, and otherwise
    /// searches them on the same thread; 0 splits wherever the split
    /// depth allows [default: 256].
    #[arg(long, value_name = "N")]
    pub(crate) split_min_nodes: Option<u64>,
}

/// `--simulate`: the parallel search on simulated processors, for the
/// subcommands that show it (solve, trace, render).
#[derive(Clone, Debug, Default, Args)]
pub(crate) struct SimulateArgs {
    /// Simulate `--algo parallel` on P processors in discrete time (one
    /// step a node, the same schedule every run); `solve` takes a list,
    /// `1,2,4,8,16`, and prints a table.
    #[arg(
        long,
        value_name = "P",
        value_delimiter = ',',
        value_parser = clap::value_parser!(u16).range(1..),
        help_heading = "Parallel search"
    )]
    pub(crate) simulate: Vec<u16>,
}

impl SimulateArgs {
    /// The processors to simulate, once checked against the algorithm:
    /// none when `--simulate` is absent.
    pub(crate) fn processors(&self, algorithm: Algorithm) -> Result<Vec<usize>, CliError> {
        if self.simulate.is_empty() {
            return Ok(Vec::new());
        }
        if !algorithm.is_parallel() {
            return Err(CliError::BadInput(format!(
                "--simulate simulates the parallel search, not {algorithm}: add --algo parallel"
            )));
        }
        Ok(self.simulate.iter().map(|&p| usize::from(p)).collect())
    }

    /// The one number of processors `trace` and `render` show, if any.
    pub(crate) fn one(&self, algorithm: Algorithm) -> Result<Option<usize>, CliError> {
        match self.processors(algorithm)?[..] {
            [] => Ok(None),
            [p] => Ok(Some(p)),
            _ => Err(CliError::BadInput(
                "--simulate takes one number of processors here (solve takes a list)".to_string(),
            )),
        }
    }
}

/// Where the tree to search comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Source<'a> {
    /// A tree file (`-` for standard input).
    File(&'a str),
    /// A generated game.
    Game(&'a GameSpec),
}

impl SearchArgs {
    /// Takes the parallel search's flags, parsed beside these.
    pub(crate) fn take_parallel(&mut self, parallel: &ParallelArgs) {
        self.parallel = parallel.clone();
        self.algo = Some(self.algorithm_resolved());
    }

    /// `--algo`, else for a CS188 case file its agent's algorithm (read
    /// from the file ahead; standard input is not read twice), else
    /// alpha-beta.
    fn algorithm_resolved(&self) -> Algorithm {
        if let Some(algo) = self.algo {
            return algo;
        }
        let case_agent = match &self.file {
            Some(file) if file != "-" && self.is_cs188() => std::fs::read_to_string(file)
                .ok()
                .and_then(|text| gametree::formats::cs188::agent(&text)),
            _ => None,
        };
        match case_agent {
            Some(Agent::Minimax | Agent::Expectimax) => Algorithm::Minimax,
            Some(Agent::AlphaBeta) | None => Algorithm::AlphaBeta,
        }
    }

    /// The tree file or the game; exactly one must be given.
    pub(crate) fn source(&self) -> Result<Source<'_>, CliError> {
        match (&self.file, &self.game) {
            (Some(file), None) => Ok(Source::File(file)),
            (None, Some(game)) => self.within_max_nodes(game).map(|()| Source::Game(game)),
            (Some(_), Some(_)) => Err(CliError::BadInput(
                "give a tree FILE or --game SPEC, not both".to_string(),
            )),
            (None, None) => Err(CliError::BadInput(
                "give a tree FILE (`-` reads standard input: `echo '[1 2]' | gametree solve -`) \
                 or --game SPEC"
                    .to_string(),
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

    /// Whether the input is a CS188 case, whose conventions differ.
    pub(crate) fn is_cs188(&self) -> bool {
        self.file
            .as_deref()
            .is_some_and(|f| self.format.format_of(f) == TreeFormat::Cs188)
    }

    /// The algorithm chosen.
    pub(crate) fn algorithm(&self) -> Algorithm {
        self.algo.unwrap_or(Algorithm::AlphaBeta)
    }

    /// The limits on reading the file.
    pub(crate) fn limits(&self) -> Limits {
        match self.max_nodes {
            Some(max_nodes) => Limits { max_nodes },
            None => Limits::default(),
        }
    }

    /// The search options chosen. The parallel search runs on a pool of
    /// `--threads` threads that the library builds.
    pub(crate) fn options(&self) -> Options {
        let parallel = &self.parallel;
        Options {
            strict: self.strict || (self.is_cs188() && !self.no_strict),
            fail_hard: self.fail_hard,
            order: self.order,
            depth: self.depth,
            iterative: self.iterative,
            threads: self.threads(),
            split_depth: parallel.split_depth,
            young_brothers: parallel.young_brothers,
            width: parallel.width.map(usize::from),
            split_min_nodes: parallel.split_min_nodes,
            bounds: self.bounds,
            window: self.window,
            guess: self.guess,
            stop: self.stop,
        }
    }

    /// Whether the search records what it does: all but the parallel
    /// search, unless it is sequential alpha-beta (one thread, full
    /// brothers).
    pub(crate) fn records(&self) -> bool {
        let options = self.options();
        !self.algorithm().is_parallel() || options.parallel_is_alphabeta(options.threads)
    }

    /// The threads for the parallel search: `--threads`, else the cores.
    pub(crate) fn threads(&self) -> usize {
        match self.parallel.threads {
            Some(n) => n.into(),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// Whether an output path is `-`, which names standard output.
pub(crate) fn is_standard_output(path: &std::path::Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads `--game SPEC`, with the spec's own message alone: clap's would
/// quote the whole value, however long.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameSpecParser;

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
            .map_err(|e: gametree::games::SpecError| refused(format!("--game: {e}")))
    }
}
