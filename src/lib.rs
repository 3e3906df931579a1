//! `gametree`: read two-player game trees, search them as algorithms and AI
//! courses teach (minimax, negamax, alpha-beta), and explain every step.
//!
//! ```
//! use gametree::search::{search, Algorithm, Options};
//! use gametree::trace::NoRecorder;
//!
//! let tree = gametree::syntax::parse("aima", "[[3 12 8] [2 4 6] [14 5 2]]").unwrap();
//! let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut NoRecorder).unwrap();
//! assert_eq!(result.score.value.to_string(), "3");
//! assert_eq!(result.stats.leaves_evaluated, 7);
//! ```

#![forbid(unsafe_code)]

pub mod check;
pub mod claim;
pub mod cleanup;
pub mod formats;
pub mod games;
pub mod output;
pub mod render;
pub mod report;
pub mod search;
pub mod stack;
pub mod syntax;
pub mod text;
pub mod trace;
pub mod tree;
pub mod value;
pub mod web;

/// The Rust examples of the README and the manual, run as doctests.
#[cfg(doctest)]
mod manual {
    #[doc = include_str!("../README.md")]
    struct Readme;
    #[doc = include_str!("../docs/language.md")]
    struct Language;
    #[doc = include_str!("../docs/solve-and-trace.md")]
    struct SolveAndTrace;
    #[doc = include_str!("../docs/checking.md")]
    struct Checking;
    #[doc = include_str!("../docs/generating.md")]
    struct Generating;
    #[doc = include_str!("../docs/parallel.md")]
    struct Parallel;
    #[doc = include_str!("../docs/parallel-measurements.md")]
    struct ParallelMeasurements;
    #[doc = include_str!("../docs/parallel-simulation.md")]
    struct ParallelSimulation;
    #[doc = include_str!("../docs/performance.md")]
    struct Performance;
}
