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
pub mod cleanup;
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
