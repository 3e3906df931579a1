//! The answer key of a search: every claim its trace supports, written as
//! `expect` lines that the parser reads back to the same claims. The key
//! is written from the same [`Facts`] the checker grades with, so a search
//! always passes its own key.

use std::hash::Hash;

use super::facts::Facts;
use crate::claim::{Claim, Counted, Relation};
use crate::search::{Algorithm, Options, Order, SearchResult};
use crate::trace::{Cut, Trace};
use crate::tree::GameTree;
use crate::value::{Bound, Scored};

/// The full answer key of one search of `tree`, from its result and its
/// trace: [`Facts::answer_key`] of the facts the checker reads off them.
pub fn answer_key<T: GameTree>(
    tree: &T,
    result: &SearchResult<T::Node>,
    trace: &Trace<T::Node>,
) -> Vec<Claim>
where
    T::Node: Hash,
{
    Facts::new(tree, result, trace, false).answer_key()
}

/// The comment line that heads a key as `gametree key` writes it: the
/// tree file's name, the algorithm, and the conventions that change its
/// answers (`# the key of lecture.tree with alphabeta, strict`).
pub fn key_header(name: &str, algorithm: Algorithm, options: &Options) -> String {
    let mut words = vec![algorithm.to_string()];
    if options.strict {
        words.push("strict".to_string());
    }
    if options.fail_hard {
        words.push("fail-hard".to_string());
    }
    if options.order != Order::None {
        words.push("static order".to_string());
    }
    if let Some(depth) = options.depth {
        words.push(format!("depth {depth}"));
    }
    format!("# the key of {name} with {}", words.join(", "))
}

impl<T: GameTree> Facts<'_, T>
where
    T::Node: Hash,
{
    /// The full answer key of this search: the root value, the best move,
    /// the value or bound every interior node returned, the window each
    /// interior node was entered with (when the algorithm has windows),
    /// every cut with its kind (a node's last), the pruned nodes the cuts name, the leaves
    /// in the order evaluated, and their number.
    ///
    /// Leaves' values are not repeated (the tree gives them, as it gives
    /// the static values of nodes valued at the depth limit), nor are
    /// leaves' windows (a leaf cannot cut). A node entered twice (searched
    /// again) is claimed as it was the last time, as the checker reads it;
    /// a node Star2 only probed has neither value nor window to claim.
    /// `pruned` is left out when nothing is pruned, since an `expect
    /// pruned` line names at least one node.
    pub fn answer_key(&self) -> Vec<Claim> {
        let id = |n: T::Node| self.tree.id(n);
        let mut claims = vec![Claim::Value(self.score.value)];
        claims.extend(self.best_move.map(|n| Claim::Best(id(n))));
        let interior = self.interior_visits();
        claims.extend(interior.iter().filter_map(|(node, visit)| {
            let score = visit.score.filter(|_| !visit.at_horizon)?;
            Some(Claim::Node {
                node: id(*node),
                relation: relation(score),
                value: score.value,
            })
        }));
        claims.extend(interior.iter().filter_map(|(node, visit)| {
            let window = visit.window?;
            Some(Claim::Window {
                node: id(*node),
                alpha: window.alpha,
                beta: window.beta,
            })
        }));
        // A node searched again is claimed with its last search's cut.
        let last =
            |&(i, c): &(usize, &Cut<T::Node>)| self.visit(c.node).and_then(|v| v.cut) == Some(i);
        let cuts = self.cuts.iter().enumerate().filter(last).map(|(_, c)| c);
        claims.extend(cuts.map(|c| match c.chance {
            Some(chance) => Claim::StarCut {
                node: id(c.node),
                method: chance.method,
            },
            None => Claim::Cut {
                node: id(c.node),
                kind: c.kind,
            },
        }));
        let pruned: Vec<String> = self.pruned_roots().map(id).collect();
        if !pruned.is_empty() {
            claims.push(Claim::Pruned(pruned));
        }
        let leaves: Vec<String> = self.leaves.iter().map(|n| id(*n)).collect();
        claims.push(Claim::Evaluated(leaves.len() as u64));
        if !leaves.is_empty() {
            claims.push(Claim::Leaves(leaves));
        }
        let counts = [
            (Counted::Researches, self.researches),
            (Counted::Passes, self.passes),
        ];
        claims.extend(
            (counts.into_iter().filter(|(_, count)| *count > 0))
                .map(|(what, count)| Claim::Count { what, count }),
        );
        claims
    }
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
    /// How many re-searches PVS or an aspiration window makes: `expect
    /// researches 1` (asked when there are some).
    Researches,
    /// How many passes MTD(f) makes: `expect passes 3`.
    Passes,
}

impl QuestionKind {
    /// Every kind, in the order of a key.
    pub const ALL: [QuestionKind; 10] = [
        QuestionKind::Value,
        QuestionKind::Best,
        QuestionKind::Nodes,
        QuestionKind::Windows,
        QuestionKind::Cuts,
        QuestionKind::Pruned,
        QuestionKind::Leaves,
        QuestionKind::Evaluated,
        QuestionKind::Researches,
        QuestionKind::Passes,
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
            Claim::Count {
                what: Counted::Researches,
                ..
            } => QuestionKind::Researches,
            Claim::Count {
                what: Counted::Passes,
                ..
            } => QuestionKind::Passes,
        }
    }
}

/// Why a number cannot be what a question of a key is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointsError {
    /// Below 0, or not a number.
    #[error("points are a number of at least 0")]
    Negative,
    /// Above the most a key reads (10^9).
    #[error("points are at most 1000000000")]
    TooLarge,
    /// More decimal places than a key reads.
    #[error(
        "points have at most {} decimal places, so that totals add up exactly",
        crate::syntax::POINTS_PLACES
    )]
    TooPrecise,
}

/// `points` if a key line can say it (`[N points]`) and be read back the
/// same: at least 0, at most 10^9, at most
/// [`POINTS_PLACES`](crate::syntax::POINTS_PLACES) decimal places.
pub fn points_worth(points: f64) -> Result<f64, PointsError> {
    if points.is_nan() || points < 0.0 {
        return Err(PointsError::Negative);
    }
    if points > 1e9 {
        return Err(PointsError::TooLarge);
    }
    let written = points.to_string();
    let places = written.split_once('.').map_or(0, |(_, d)| d.len());
    match places > crate::syntax::POINTS_PLACES {
        true => Err(PointsError::TooPrecise),
        false => Ok(points),
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
