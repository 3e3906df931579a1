//! The words of the searches built on alpha-beta: null-window tests and
//! the searches that follow them (PVS, aspiration windows, MTD(f)), and
//! SSS*'s OPEN list of states with the six cases of its Γ operator.

use std::collections::HashSet;
use std::fmt;
use std::hash::Hash;

use serde::Serialize;

use super::{Cut, Window};
use crate::tree::GameTree;
use crate::value::{Scored, Value};

/// Whether an SSS* state still has to be searched or is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The node is still to be examined.
    Live,
    /// The node's value is known, up to its merit.
    Solved,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Live => "LIVE",
            Status::Solved => "SOLVED",
        })
    }
}

/// A state of SSS*'s OPEN list: a node, its status and its merit `h`, an
/// upper bound on the value of the best MAX strategy through the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State<N> {
    /// The node.
    pub node: N,
    /// LIVE or SOLVED.
    pub status: Status,
    /// The merit `h`.
    pub merit: Value,
}

impl<N: Copy> State<N> {
    /// The state as textbooks write it: `(B, LIVE, +inf)`.
    pub fn describe<T: GameTree<Node = N>>(&self, tree: &T) -> String {
        let id = crate::text::quoted(&tree.id(self.node)).into_owned();
        format!("({id}, {}, {})", self.status, self.merit)
    }
}

/// One operation of SSS* on its OPEN list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListStep<N> {
    /// The state of highest merit (the leftmost of those of equal merit)
    /// leaves OPEN, and the case `case` of Γ applies to it: 1 to 6 as
    /// textbooks number them, 0 when it is the root solved and SSS* ends.
    Take {
        /// The state taken.
        state: State<N>,
        /// The case of Γ.
        case: u8,
        /// The node's parent, which cases 4 to 6 work on; `None` for the
        /// root and in cases 1 to 3.
        parent: Option<N>,
    },
    /// A state goes on OPEN.
    Insert(State<N>),
    /// Case 4: the MAX node `node` is solved, and every state below it
    /// leaves OPEN.
    Purge {
        /// The MAX node solved.
        node: N,
        /// The states removed, left to right.
        removed: Vec<State<N>>,
    },
}

impl<N: Copy> ListStep<N> {
    /// The node the step is about.
    pub fn node(&self) -> N {
        match self {
            ListStep::Take { state, .. } | ListStep::Insert(state) => state.node,
            ListStep::Purge { node, .. } => *node,
        }
    }

    /// The step in the textbook's words: `take (B, LIVE, +inf) from OPEN:
    /// case 3, B is a MIN node: its first child goes on OPEN`.
    pub fn line<T: GameTree<Node = N>>(&self, tree: &T) -> String {
        let id = |n: N| crate::text::quoted(&tree.id(n)).into_owned();
        match self {
            ListStep::Take {
                state,
                case,
                parent,
            } => {
                let node = id(state.node);
                let parent = parent.map(id).unwrap_or_default();
                let why = match case {
                    0 => "the root is solved: SSS* ends".to_string(),
                    1 => format!("case 1, {node} is a leaf: it is solved at min(h, its value)"),
                    2 => format!("case 2, {node} is a MAX node: all its children go on OPEN"),
                    3 => format!("case 3, {node} is a MIN node: its first child goes on OPEN"),
                    4 => format!(
                        "case 4, its parent {parent} is a MAX node: {parent} is solved and \
                         every state below it leaves OPEN"
                    ),
                    5 => format!(
                        "case 5, its parent {parent} is a MIN node: its next brother goes on OPEN"
                    ),
                    _ => format!(
                        "case 6, it is the last child of the MIN node {parent}: {parent} is solved"
                    ),
                };
                format!("take {} from OPEN: {why}", state.describe(tree))
            }
            ListStep::Insert(state) => format!("put {} on OPEN", state.describe(tree)),
            ListStep::Purge { node, removed } => {
                let states: Vec<String> = removed.iter().map(|s| s.describe(tree)).collect();
                match states.is_empty() {
                    true => format!("purge OPEN below {}: no state left there", id(*node)),
                    false => format!(
                        "purge OPEN below {}: {} removed",
                        id(*node),
                        states.join(" ")
                    ),
                }
            }
        }
    }
}

impl Window {
    /// Whether the window is a null window: `[x, x+ε]` or `[x-ε, x]`,
    /// which holds no number but asks on which side of `x` a value lies.
    pub fn is_null(&self) -> bool {
        !self.alpha.is_infinite()
            && (self.beta == self.alpha.above() || self.alpha == self.beta.below())
    }

    /// The question a null window asks of `id`: `C > 5` for `[5, 5+ε]`,
    /// `C >= 5` for `[5-ε, 5]`; for another window, `C in [3, 6]`.
    pub fn question(&self, id: &str) -> String {
        if self.is_null() && self.beta == self.alpha.above() {
            return format!("{id} > {}", self.alpha);
        }
        if self.is_null() {
            return format!("{id} >= {}", self.beta);
        }
        format!("{id} in {self}")
    }

    /// Whether `score`, returned by a search with this window, fails high:
    /// it shows the value at least the window's upper end.
    pub fn fails_high(&self, score: Scored) -> bool {
        score.bound.is_lower() && score.value >= self.beta
    }

    /// Whether `score` fails low: it shows the value at most the window's
    /// lower end.
    pub fn fails_low(&self, score: Scored) -> bool {
        score.bound.is_upper() && score.value <= self.alpha
    }
}

/// `C >= 7`, `C <= 5` or `C = 6`: a node's score as a line says it.
pub(super) fn scored<T: GameTree>(tree: &T, node: T::Node, score: Scored) -> String {
    format!("{} {} {}", tree.id(node), score.bound, score.value)
}

/// The outcome of a test with `window`: `fails high (C >= 7)`.
pub(super) fn outcome<T: GameTree>(
    tree: &T,
    node: T::Node,
    window: Window,
    score: Scored,
) -> String {
    let side = match (window.fails_high(score), window.fails_low(score)) {
        (true, _) => "fails high",
        (_, true) => "fails low",
        _ => "ends inside the window",
    };
    format!("{side} ({})", scored(tree, node, score))
}

/// Settles the cuts of a search that may visit a node more than once (a
/// re-search, MTD(f)'s passes, iterative deepening): a cut names what it
/// skipped then, which a later search of the same node may visit, and a
/// later pass may skip again. Each cut keeps, of the nodes it names, only
/// those the search never visits (`visited`: every node entered,
/// evaluated or probed) and no later cut names, so that every node is
/// visited or pruned once; a cut may be left naming none.
pub fn settle_cuts<N: Copy + Eq + Hash>(cuts: &mut [Cut<N>], visited: &HashSet<N>) {
    let mut named = HashSet::new();
    for cut in cuts.iter_mut().rev() {
        cut.pruned
            .retain(|node| !visited.contains(node) && named.insert(*node));
    }
}
