//! What every search reports: the value, the best move, the principal
//! variation and the same statistics.

use serde::Serialize;

use super::Algorithm;
use crate::tree::Location;
use crate::value::Scored;

/// Counts every search keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Nodes entered, leaves included.
    pub nodes_visited: u64,
    /// Leaves evaluated.
    pub leaves_evaluated: u64,
    /// Cuts that skipped at least one child.
    pub cutoffs: u64,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<N> {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The root's value (exact unless the root was itself cut short).
    pub score: Scored,
    /// The root's best child: the first child that gives the root its value.
    pub best_move: Option<N>,
    /// The best child, its best child, and so on down to a leaf.
    pub principal_variation: Vec<N>,
    /// What the search did.
    pub stats: Stats,
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
}

impl SearchError {
    /// Where the error arises in the file, when it has a place.
    pub fn location(&self) -> Option<Location> {
        match self {
            SearchError::UnknownValue { location, .. } => *location,
        }
    }
}
