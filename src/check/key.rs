//! The answer key of a search: every claim its trace supports, written as
//! `expect` lines that the parser reads back to the same claims.

use crate::claim::{Claim, Relation};
use crate::search::SearchResult;
use crate::trace::{Event, Trace};
use crate::tree::GameTree;
use crate::value::{Bound, Scored};

/// The full answer key of one search of `tree`, from its result and its
/// trace: the root value, the best move, the value or bound every interior
/// node returned, the window each interior node was entered with (when the
/// algorithm has windows), every cut with its kind, the roots of the pruned
/// subtrees, the leaves in the order evaluated, and their number.
///
/// Leaves' values are not repeated (the tree gives them), nor are leaves'
/// windows (a leaf cannot cut). `pruned` is left out when nothing is pruned,
/// since an `expect pruned` line names at least one node.
pub fn answer_key<T: GameTree>(
    tree: &T,
    result: &SearchResult<T::Node>,
    trace: &Trace<T::Node>,
) -> Vec<Claim> {
    let id = |n: T::Node| tree.id(n);
    let interior = |n: &T::Node| !crate::tree::is_leaf(tree, *n);
    let mut claims = vec![Claim::Value(result.score.value)];
    claims.extend(result.best_move.map(|n| Claim::Best(id(n))));
    claims.extend(node_claims(tree, trace));
    claims.extend(trace.events.iter().filter_map(|e| match e {
        Event::Enter {
            node,
            window: Some(w),
        } if interior(node) => Some(Claim::Window {
            node: id(*node),
            alpha: w.alpha,
            beta: w.beta,
        }),
        _ => None,
    }));
    claims.extend(trace.cuts().map(|c| match c.chance {
        Some(chance) => Claim::StarCut {
            node: id(c.node),
            method: chance.method,
        },
        None => Claim::Cut {
            node: id(c.node),
            kind: c.kind,
        },
    }));
    let pruned: Vec<String> = trace
        .cuts()
        .flat_map(|c| c.pruned.iter())
        .map(|n| id(*n))
        .collect();
    if !pruned.is_empty() {
        claims.push(Claim::Pruned(pruned));
    }
    let leaves: Vec<String> = trace.leaves().map(id).collect();
    claims.push(Claim::Evaluated(leaves.len() as u64));
    if !leaves.is_empty() {
        claims.push(Claim::Leaves(leaves));
    }
    claims
}

/// The value each interior node returned, as claims in the order the
/// nodes were entered: `B = 2`, `F >= 6`, `P <= 4`. The search is depth
/// first, so a node's `final` event closes the innermost open node.
fn node_claims<T: GameTree>(tree: &T, trace: &Trace<T::Node>) -> Vec<Claim> {
    let mut slots: Vec<Option<Claim>> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    for event in &trace.events {
        match event {
            Event::Enter { node, .. } if !crate::tree::is_leaf(tree, *node) => {
                open.push(slots.len());
                slots.push(None);
            }
            Event::Final { node, score } => {
                let slot = open.pop().expect("a final event closes an open node");
                slots[slot] = Some(Claim::Node {
                    node: tree.id(*node),
                    relation: relation(*score),
                    value: score.value,
                });
            }
            _ => {}
        }
    }
    slots.into_iter().flatten().collect()
}

/// The relation an `expect` line states for a returned value: a bound the
/// search could not make certain is claimed as the value found.
pub(super) fn relation(score: Scored) -> Relation {
    match score.bound {
        Bound::Lower => Relation::AtLeast,
        Bound::Upper => Relation::AtMost,
        Bound::Exact | Bound::Unknown => Relation::Equal,
    }
}

/// Claims as `expect` lines, one a line.
pub fn key_lines(claims: &[Claim]) -> String {
    claims.iter().map(|c| format!("expect {c}\n")).collect()
}

/// The kinds of question a key asks, to choose some (`gametree key
/// --only`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum QuestionKind {
    /// The root's value: `expect value 5`.
    Value,
    /// The best move: `expect best I`.
    Best,
    /// The value or bound of each interior node: `expect B = 2`.
    Nodes,
    /// The window each interior node is entered with: `expect window J [2,
    /// +inf]`.
    Windows,
    /// Each cut and its kind: `expect cut F beta`.
    Cuts,
    /// The roots of the pruned subtrees: `expect pruned H T` (`expect
    /// pruned none` when nothing is).
    Pruned,
    /// The leaves evaluated, in order: `expect leaves D E G`.
    Leaves,
    /// How many leaves are evaluated: `expect evaluated 9`.
    Evaluated,
}

impl QuestionKind {
    /// Every kind, in the order of a key.
    pub const ALL: [QuestionKind; 8] = [
        QuestionKind::Value,
        QuestionKind::Best,
        QuestionKind::Nodes,
        QuestionKind::Windows,
        QuestionKind::Cuts,
        QuestionKind::Pruned,
        QuestionKind::Leaves,
        QuestionKind::Evaluated,
    ];

    /// The kind of question a claim answers.
    pub fn of(claim: &Claim) -> QuestionKind {
        match claim {
            Claim::Value(_) => QuestionKind::Value,
            Claim::Best(_) => QuestionKind::Best,
            Claim::Node { .. } => QuestionKind::Nodes,
            Claim::Window { .. } => QuestionKind::Windows,
            Claim::Cut { .. } | Claim::StarCut { .. } => QuestionKind::Cuts,
            Claim::Pruned(_) => QuestionKind::Pruned,
            Claim::Leaves(_) => QuestionKind::Leaves,
            Claim::Evaluated(_) => QuestionKind::Evaluated,
        }
    }
}

/// The claims of a key of the kinds in `only`, in the key's order, each
/// worth what `points` gives its kind (1 when not given). When pruned nodes
/// are asked for and none are pruned, the key says `expect pruned none`.
pub fn rubric_lines(
    claims: &[Claim],
    only: &[QuestionKind],
    points: impl Fn(QuestionKind) -> Option<f64>,
) -> String {
    let mut chosen: Vec<Claim> = claims
        .iter()
        .filter(|c| only.contains(&QuestionKind::of(c)))
        .cloned()
        .collect();
    let pruned = |c: &Claim| matches!(c, Claim::Pruned(_));
    if only.contains(&QuestionKind::Pruned) && !chosen.iter().any(pruned) {
        let at = chosen
            .iter()
            .position(|c| matches!(c, Claim::Evaluated(_) | Claim::Leaves(_)))
            .unwrap_or(chosen.len());
        chosen.insert(at, Claim::Pruned(Vec::new()));
    }
    chosen
        .into_iter()
        .map(|claim| {
            let points = points(QuestionKind::of(&claim));
            let line = crate::claim::Expectation {
                claim,
                line: 0,
                points,
            };
            format!("{line}\n")
        })
        .collect()
}
