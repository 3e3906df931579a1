//! The searches: minimax, negamax and alpha-beta in both forms, over any
//! [`GameTree`], all reporting to one kind of [`Recorder`].

mod alphabeta;
mod context;
mod minimax;
mod negamax;
mod negamax_alphabeta;
mod result;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

pub use result::{SearchError, SearchResult, Stats};

use crate::trace::Recorder;
use crate::tree::GameTree;
use context::Context;

/// The algorithms `gametree` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Minimax in the two-function form (a MAX function and a MIN function).
    Minimax,
    /// Negamax: negate the child's value and always maximise.
    Negamax,
    /// Alpha-beta in the min/max form.
    #[serde(rename = "alphabeta")]
    AlphaBeta,
    /// Alpha-beta in the negamax form.
    #[serde(rename = "negamax-alphabeta")]
    NegamaxAlphaBeta,
}

impl Algorithm {
    /// Every algorithm, in the order the documentation lists them.
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::NegamaxAlphaBeta,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::NegamaxAlphaBeta => "negamax-alphabeta",
        }
    }

    /// Whether the algorithm prunes (and so has windows and cuts).
    pub fn prunes(self) -> bool {
        matches!(self, Algorithm::AlphaBeta | Algorithm::NegamaxAlphaBeta)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| format!("unknown algorithm `{s}`"))
    }
}

/// How alpha-beta treats ties and the values it returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Cut only when a value strictly passes the bound (`Val > beta`), not
    /// as soon as it reaches it (`alpha >= beta`, the default).
    pub strict: bool,
    /// Clamp returned values to the window (fail-hard) instead of
    /// returning the value found (fail-soft, the default).
    pub fail_hard: bool,
}

/// Runs `algorithm` on `tree`, reporting every step to `recorder`.
pub fn search<T, R>(
    tree: &T,
    algorithm: Algorithm,
    options: Options,
    recorder: &mut R,
) -> Result<SearchResult<T::Node>, SearchError>
where
    T: GameTree,
    R: Recorder<T::Node>,
{
    let mut cx = Context::new(tree, recorder, algorithm, options);
    let root = tree.root();
    let score = match algorithm {
        Algorithm::Minimax => minimax::minimax(&mut cx, root)?,
        Algorithm::Negamax => negamax::negamax(&mut cx, root)?,
        Algorithm::AlphaBeta => alphabeta::alphabeta(&mut cx, root)?,
        Algorithm::NegamaxAlphaBeta => negamax_alphabeta::negamax_alphabeta(&mut cx, root)?,
    };
    Ok(cx.into_result(score))
}
