//! Checking answers: `expect` lines compared with one recorded search, each
//! verdict explained from the trace in the lecture's words; and the answer
//! key a search supports, written as `expect` lines.
//!
//! ```
//! use gametree::check::{Facts, answer_key, check, key_lines};
//! use gametree::search::{search, Algorithm, Options};
//! use gametree::syntax::{parse, parse_answers};
//! use gametree::trace::Trace;
//!
//! let tree = parse("aima", "[[3 12 8] [2 4 6] [14 5 2]]").unwrap();
//! let mut trace = Trace::new();
//! let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
//! let key = key_lines(&answer_key(&tree, &result, &trace));
//! assert!(key.starts_with("expect value 3\nexpect best @1\n"));
//!
//! let facts = Facts::new(&tree, &result, &trace, false);
//! let answers = parse_answers("alice", "expect value 3\nexpect pruned @2.2\n").unwrap();
//! let verdicts = check(&facts, &answers).unwrap();
//! assert!(verdicts[0].passed);
//! assert!(!verdicts[1].passed); // @2.3 is pruned too, and left out
//! ```

mod compare;
mod explain;
mod facts;
mod key;
mod report;

use std::hash::Hash;

pub use compare::{Outcome, UnknownNode};
pub use facts::{Facts, Visit};
pub use key::{answer_key, key_lines};
pub use report::{CheckReport, ExpectationReport, FileReport};

/// The claims the checker grades, produced by the parser.
pub use crate::claim::{Claim, Expectation, Relation};

use crate::tree::GameTree;

/// Checks each expectation against the search in `facts`, in order.
/// An id that names no node of the tree is an error, with its line.
pub fn check<T: GameTree>(
    facts: &Facts<'_, T>,
    expectations: &[Expectation],
) -> Result<Vec<ExpectationReport>, UnknownNode>
where
    T::Node: Hash,
{
    expectations
        .iter()
        .map(|e| {
            let outcome = facts
                .compare(&e.claim)
                .map_err(|u| UnknownNode { line: e.line, ..u })?;
            Ok(ExpectationReport::new(e, outcome))
        })
        .collect()
}
