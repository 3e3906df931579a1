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

mod answers;
mod batch;
mod brief;
mod compare;
mod diagnose;
mod explain;
mod export;
mod facts;
mod grader;
mod key;
mod record;
mod report;
mod rubric;
mod submission;
mod table;

use std::hash::Hash;

use crate::syntax::ParseError;

pub use answers::{ExtraAnswer, LISTED_UP_TO, LineError, Topic, topic};
pub use batch::{Batch, BatchError, Grading, Host, Quietly, Source, TreeError, Warning};
pub use compare::{Outcome, UnknownNode};
pub use diagnose::{Diagnoser, Diagnosis, Misconception, Mistaken, Untested, View};
pub use export::{GradescopeResults, GradescopeTest, Visibility};
pub use facts::Facts;
pub use grader::{CLAIMS_LISTED_UP_TO, DIAGNOSE_UP_TO};
pub use key::{
    PointsError, QuestionKind, answer_key, key_header, key_lines, points_worth, rubric_lines,
};
pub use record::{FactsRecorder, Visit};
pub use report::{CheckReport, ExpectationReport, FileReport, Unlisted};
pub use rubric::{Grade, Question, QuestionReport, Rubric, Status, grade, unread_words};
pub use submission::Part;

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

/// How much a failed claim's explanation tells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Explain {
    /// Why the search did what it did, with the right answer.
    #[default]
    Full,
    /// What is wrong, without the right answer (`B: wrong value`).
    Brief,
    /// The verdict only.
    None,
}

impl Explain {
    /// The explanation of `outcome` at this level.
    pub fn pick(self, outcome: &Outcome) -> &str {
        match self {
            Explain::Full => &outcome.explanation,
            Explain::Brief => &outcome.brief,
            Explain::None => "",
        }
    }
}

/// Checks each line of an answer file against the search in `facts`, in
/// order: a line that could not be read, or that names no node, fails
/// with its error and the others are checked.
pub fn check_lines<T: GameTree>(
    facts: &Facts<'_, T>,
    answers: &[Result<Expectation, ParseError>],
    explain: Explain,
) -> Vec<ExpectationReport>
where
    T::Node: Hash,
{
    answers
        .iter()
        .map(|answer| match answer {
            Err(error) => {
                ExpectationReport::unreadable(error.line, &error.source_line, error.to_string())
            }
            Ok(e) => match facts.compare(&e.claim) {
                Ok(outcome) => ExpectationReport::new(e, outcome).explained(explain),
                Err(unknown) => {
                    let error = format!("line {}: {unknown}", e.line);
                    ExpectationReport::unreadable(e.line, &e.to_string(), error)
                }
            },
        })
        .collect()
}
