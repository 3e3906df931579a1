//! The claims an answer makes about a search: what an `expect` line says,
//! and where it is written. The parser produces them, the checker grades
//! them; neither the tree nor the parser knows what they mean.

use std::fmt;

use crate::text::written_id;
use crate::value::{CutKind, StarMethod, Value};

/// One `expect` line and where it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    /// What the line claims.
    pub claim: Claim,
    /// The line it is written on, from 1.
    pub line: usize,
    /// What the question is worth in a key (`[2 points]`); `None` when the
    /// line does not say (a question is then worth 1).
    pub points: Option<f64>,
}

impl Expectation {
    /// A claim on a line, its worth not given.
    pub fn new(claim: Claim, line: usize) -> Expectation {
        Expectation {
            claim,
            line,
            points: None,
        }
    }

    /// What the question is worth: 1 unless the line says.
    pub fn worth(&self) -> f64 {
        self.points.unwrap_or(1.0)
    }
}

/// How an `expect` line compares a node's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `expect B = 2`
    Equal,
    /// `expect F >= 6`
    AtLeast,
    /// `expect P <= 4`
    AtMost,
}

/// What an `expect` line claims about the search.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    /// `expect value 5`: the root value.
    Value(Value),
    /// `expect pruned H T`: the nodes never visited (a subtree's root stands
    /// for the whole subtree); `expect pruned none` when empty.
    Pruned(Vec<String>),
    /// `expect cut F beta`: a cut at a node, of a kind.
    Cut {
        /// The node cut short.
        node: String,
        /// Alpha or beta.
        kind: CutKind,
    },
    /// `expect cut C star1`: a chance node cut by Star1 (or Star2).
    StarCut {
        /// The chance node cut short.
        node: String,
        /// Star1 or Star2.
        method: StarMethod,
    },
    /// `expect leaves D E G`: the leaves evaluated, in order.
    Leaves(Vec<String>),
    /// `expect best I`: the root's best move.
    Best(String),
    /// `expect evaluated 9`: how many leaves are evaluated.
    Evaluated(u64),
    /// `expect researches 2`, `expect passes 3`: how many re-searches
    /// (PVS, an aspiration window) or MTD(f) passes the search makes.
    Count {
        /// What is counted.
        what: Counted,
        /// How many.
        count: u64,
    },
    /// `expect window J [2, +inf]`: the window a node is entered with.
    Window {
        /// The node.
        node: String,
        /// The window's lower end.
        alpha: Value,
        /// The window's upper end.
        beta: Value,
    },
    /// `expect B = 2`: a node's value (or bound).
    Node {
        /// The node.
        node: String,
        /// `=`, `>=` or `<=`.
        relation: Relation,
        /// The value.
        value: Value,
    },
}

/// What an `expect` line may count besides leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Counted {
    /// Searches of a node again after a search that failed high or low.
    Researches,
    /// MTD(f)'s passes.
    Passes,
}

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Counted::Researches => "researches",
            Counted::Passes => "passes",
        })
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Relation::Equal => "=",
            Relation::AtLeast => ">=",
            Relation::AtMost => "<=",
        })
    }
}

/// Ids as an `expect` line lists them: names that are no words quoted.
fn written_ids(ids: &[String]) -> String {
    let written: Vec<_> = ids.iter().map(|id| written_id(id)).collect();
    written.join(" ")
}

impl fmt::Display for Claim {
    /// The claim as it is written after `expect `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Value(v) => write!(f, "value {}", v.exact()),
            Claim::Pruned(ids) if ids.is_empty() => f.write_str("pruned none"),
            Claim::Pruned(ids) => write!(f, "pruned {}", written_ids(ids)),
            Claim::Cut { node, kind } => write!(f, "cut {} {kind}", written_id(node)),
            Claim::StarCut { node, method } => {
                let method = method.to_string().to_lowercase();
                write!(f, "cut {} {method}", written_id(node))
            }
            Claim::Leaves(ids) if ids.is_empty() => f.write_str("leaves none"),
            Claim::Leaves(ids) => write!(f, "leaves {}", written_ids(ids)),
            Claim::Best(id) => write!(f, "best {}", written_id(id)),
            Claim::Evaluated(n) => write!(f, "evaluated {n}"),
            Claim::Count { what, count } => write!(f, "{what} {count}"),
            Claim::Window { node, alpha, beta } => {
                let node = written_id(node);
                write!(f, "window {node} [{}, {}]", alpha.exact(), beta.exact())
            }
            Claim::Node {
                node,
                relation,
                value,
            } => write!(f, "{} {relation} {}", written_id(node), value.exact()),
        }
    }
}

impl fmt::Display for Expectation {
    /// The line as it is written: `expect B = 2`, `expect value 5 [2
    /// points]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expect {}", self.claim)?;
        match self.points {
            Some(1.0) => f.write_str(" [1 point]"),
            Some(p) => write!(f, " [{p} points]"),
            None => Ok(()),
        }
    }
}
