//! Arguments shared by the subcommands that search.

use clap::{Args, ValueEnum};

use crate::search::{Algorithm, Options};
use crate::syntax::Limits;

/// The tree file and how to search it.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The tree file; `-` reads standard input.
    pub file: String,
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

impl SearchArgs {
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
            ..Options::default()
        }
    }
}
