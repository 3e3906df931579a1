//! Arguments shared by the subcommands that search.

use clap::{Args, ValueEnum};

use super::CliError;
use crate::games::GameSpec;
use crate::search::{Algorithm, Options};
use crate::syntax::Limits;

/// The tree file (or generated game) and how to search it.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The tree file; `-` reads standard input.
    #[arg(conflicts_with = "game")]
    pub file: Option<String>,
    /// A generated game instead of a file: `random:branching=B,depth=D,seed=S`,
    /// `tictactoe[:POSITION]` or `billes:n=N,k=K`.
    #[arg(long, value_name = "SPEC")]
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
    /// The tree file or the game; exactly one must be given.
    pub fn source(&self) -> Result<Source<'_>, CliError> {
        match (&self.file, &self.game) {
            (Some(file), None) => Ok(Source::File(file)),
            (None, Some(game)) => Ok(Source::Game(game)),
            (Some(_), Some(_)) => Err(CliError::BadInput(
                "give a tree FILE or --game SPEC, not both".to_string(),
            )),
            (None, None) => Err(CliError::BadInput(
                "give a tree FILE or --game SPEC".to_string(),
            )),
        }
    }

    /// The algorithm chosen.
    pub fn algorithm(&self) -> Algorithm {
        match self.algo {
            AlgoArg::Minimax => Algorithm::Minimax,
            AlgoArg::Negamax => Algorithm::Negamax,
            AlgoArg::Alphabeta => Algorithm::AlphaBeta,
            AlgoArg::NegamaxAlphabeta => Algorithm::NegamaxAlphaBeta,
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
        Options {
            strict: self.strict,
            fail_hard: self.fail_hard,
        }
    }
}
