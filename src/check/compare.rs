//! Each kind of expectation compared with the one recorded search.

use std::hash::Hash;

use super::explain::scored;
use super::facts::Facts;
use crate::claim::{Claim, Counted, Relation};
use crate::tree::GameTree;
use crate::tree::NodeSet;
use crate::value::{Bound, CutKind, Kind, Scored, StarMethod, Value};

/// The verdict on one expectation.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// What the expectation says, in short (`= 2`, `beta`, `H T`).
    pub expected: String,
    /// What the search did, in the same form.
    pub actual: String,
    /// Whether they agree.
    pub passed: bool,
    /// Why the search did what it did, from its trace.
    pub explanation: String,
    /// What is wrong, without the right answer (`B: wrong value`); empty
    /// when the claim holds.
    pub brief: String,
    /// The share of the claim that holds, from 0 to 1: 1 when it holds, 0
    /// when not, in between for a list partly right: the elements right
    /// less the elements false, over the elements of the right list,
    /// never below 0 (see docs/checking.md).
    pub credit: f64,
}

/// An id in an expectation that names no node of the tree.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no node `{}` in the tree{}", crate::text::quoted(.id), did_you_mean(.suggestions))]
pub struct UnknownNode {
    /// The id as written.
    pub id: String,
    /// The `expect` line it is written on, from 1 (0 until known).
    pub line: usize,
    /// The ids of the tree closest to it in spelling, best first.
    pub suggestions: Vec<String>,
}

impl UnknownNode {
    /// `: did you mean L?`, or nothing without suggestions.
    pub fn did_you_mean(&self) -> String {
        did_you_mean(&self.suggestions)
    }
}

fn did_you_mean(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!(": did you mean {one}?"),
        [rest @ .., last] => format!(": did you mean {} or {last}?", rest.join(", ")),
    }
}

impl<T: GameTree> Facts<'_, T>
where
    T::Node: Hash,
{
    /// Compares one claim with the search. The ids of a list are looked
    /// up once; a pruned list's repeated ids count once.
    pub fn compare(&self, claim: &Claim) -> Result<Outcome, UnknownNode> {
        let listed = self.listed(claim)?;
        let listed = listed.as_deref();
        let mut outcome = self.outcome(claim, listed)?;
        outcome.credit = self.credit(claim, listed, outcome.passed);
        if !outcome.passed {
            outcome.brief = self.brief(claim, listed);
        }
        Ok(outcome)
    }

    /// Whether a claim holds: [`Facts::compare`]'s verdict alone, without
    /// its words, for a caller that needs only the verdict (the diagnosis,
    /// answers that score nothing).
    pub fn holds(&self, claim: &Claim) -> Result<bool, UnknownNode> {
        Ok(match claim {
            Claim::Value(v) => self.score.value.is_given_by(*v),
            Claim::Best(id) => self.best_move == Some(self.node(id)?),
            Claim::Node {
                node,
                relation,
                value,
            } => self.node_holds(self.node(node)?, *relation, *value),
            Claim::Window { node, alpha, beta } => {
                self.window_holds(self.node(node)?, *alpha, *beta)
            }
            Claim::Cut { node, kind } => self
                .cut_at(self.node(node)?)
                .is_some_and(|c| c.kind == *kind),
            Claim::StarCut { node, method } => self.star_cut_holds(self.node(node)?, *method),
            Claim::Pruned(ids) => self.pruned_holds(&self.distinct(self.nodes(ids)?)),
            Claim::Leaves(ids) => self.nodes(ids)? == self.leaves,
            Claim::Evaluated(n) => *n == self.leaves.len() as u64,
            Claim::Count { what, count } => *count == self.count(*what),
        })
    }

    /// The nodes a list claim names, each looked up once: a pruned list's
    /// distinct nodes, a leaves list's nodes in order; `None` for a claim
    /// that is no list.
    fn listed(&self, claim: &Claim) -> Result<Option<Vec<T::Node>>, UnknownNode> {
        Ok(match claim {
            Claim::Pruned(ids) => Some(self.distinct(self.nodes(ids)?)),
            Claim::Leaves(ids) => Some(self.nodes(ids)?),
            _ => None,
        })
    }

    /// `nodes` without repeats, in the order first named.
    fn distinct(&self, nodes: Vec<T::Node>) -> Vec<T::Node> {
        let mut seen =
            NodeSet::with_capacity_and_hasher(nodes.len().min(1 << 16), Default::default());
        nodes.into_iter().filter(|n| seen.insert(*n)).collect()
    }

    fn outcome(&self, claim: &Claim, listed: Option<&[T::Node]>) -> Result<Outcome, UnknownNode> {
        let listed = || listed.expect("a list claim's nodes are looked up first");
        Ok(match claim {
            Claim::Value(v) => self.compare_value(*v),
            Claim::Best(id) => self.compare_best(self.node(id)?),
            Claim::Node {
                node,
                relation,
                value,
            } => self.compare_node(self.node(node)?, *relation, *value),
            Claim::Window { node, alpha, beta } => {
                self.compare_window(self.node(node)?, *alpha, *beta)
            }
            Claim::Cut { node, kind } => self.compare_cut(self.node(node)?, *kind),
            Claim::StarCut { node, method } => self.compare_star_cut(self.node(node)?, *method),
            Claim::Pruned(_) => self.compare_pruned(listed()),
            Claim::Leaves(_) => self.compare_leaves(listed()),
            Claim::Evaluated(n) => self.compare_evaluated(*n),
            Claim::Count { what, count } => self.compare_count(*what, *count),
        })
    }

    /// The cut made at `node`, if one was.
    fn cut_at(&self, node: T::Node) -> Option<&crate::trace::Cut<T::Node>> {
        self.visit(node).and_then(|v| v.cut).map(|i| &self.cuts[i])
    }

    fn node_holds(&self, node: T::Node, relation: Relation, value: Value) -> bool {
        let score = self.visit(node).and_then(|v| v.score);
        score.is_some_and(|score| accepts(score, relation, value))
    }

    fn window_holds(&self, node: T::Node, alpha: Value, beta: Value) -> bool {
        let window = self.visit(node).and_then(|v| v.window);
        window.is_some_and(|w| w.alpha.is_given_by(alpha) && w.beta.is_given_by(beta))
    }

    fn star_cut_holds(&self, node: T::Node, method: StarMethod) -> bool {
        let chance = self.cut_at(node).and_then(|c| c.chance);
        chance.is_some_and(|c| c.method == method)
    }

    /// Whether `listed` (distinct nodes) is exactly the pruned nodes: none
    /// visited, no pruned subtree left out.
    fn pruned_holds(&self, listed: &[T::Node]) -> bool {
        let (wrong, left_out) = self.pruned_difference(listed);
        wrong.is_empty() && left_out.is_empty()
    }

    /// The node an id of a claim names.
    pub fn node(&self, id: &str) -> Result<T::Node, UnknownNode> {
        self.find(id).ok_or_else(|| UnknownNode {
            id: id.to_string(),
            line: 0,
            suggestions: self.closest_ids(id),
        })
    }

    /// The nodes the ids of a claim name; an id repeated in a row is
    /// looked up once.
    pub fn nodes(&self, ids: &[String]) -> Result<Vec<T::Node>, UnknownNode> {
        let mut nodes = Vec::with_capacity(ids.len());
        let mut last: Option<(&str, T::Node)> = None;
        for id in ids {
            let node = match last {
                Some((before, node)) if before == id => node,
                _ => self.node(id)?,
            };
            last = Some((id, node));
            nodes.push(node);
        }
        Ok(nodes)
    }

    fn root_words(&self) -> String {
        self.why_value(self.tree.root())
    }

    fn compare_value(&self, expected: Value) -> Outcome {
        let actual = self.score.value;
        Outcome {
            expected: expected.to_string(),
            actual: actual.to_string(),
            passed: actual.is_given_by(expected),
            explanation: self.root_words(),
            brief: String::new(),
            credit: 0.0,
        }
    }

    fn compare_best(&self, claimed: T::Node) -> Outcome {
        let root = self.tree.root();
        let actual = self.best_move.map_or("none".to_string(), |n| self.id(n));
        let passed = self.best_move == Some(claimed);
        let mut explanation = match self.best_move {
            Some(_) => format!(
                "the best move is {actual}, the first child the search shows to give {} its value: {}",
                self.id(root),
                self.children_phrase(root)
            ),
            None => format!("{} is a leaf: there is no move", self.id(root)),
        };
        if !passed && self.parent(claimed) != Some(root) {
            explanation = format!(
                "{} is not a child of the root {}; {explanation}",
                self.id(claimed),
                self.id(root)
            );
        }
        Outcome {
            expected: self.id(claimed),
            actual,
            passed,
            explanation,
            brief: String::new(),
            credit: 0.0,
        }
    }

    fn compare_node(&self, node: T::Node, relation: Relation, value: Value) -> Outcome {
        let expected = format!("{relation} {value}");
        let Some(score) = self.visit(node).and_then(|v| v.score) else {
            return failed(expected, "pruned", self.why_value(node));
        };
        let passed = accepts(score, relation, value);
        let mut explanation = self.why_value(node);
        let id = self.id(node);
        match score.bound {
            _ if passed => {}
            Bound::Exact if value == score.value => {
                explanation += &format!("; {id} is exact, not a bound: write {id} = {value}");
            }
            Bound::Lower | Bound::Upper => {
                explanation += &format!(
                    "; write {id} {} (or {id} = {}, the value returned)",
                    scored(score),
                    score.value
                );
            }
            _ => {}
        }
        Outcome {
            expected,
            actual: scored(score),
            passed,
            explanation,
            brief: String::new(),
            credit: 0.0,
        }
    }

    fn compare_window(&self, node: T::Node, alpha: Value, beta: Value) -> Outcome {
        let expected = format!("[{alpha}, {beta}]");
        let actual = match self.visit(node).map(|v| v.window) {
            None => "pruned".to_string(),
            Some(None) => "none".to_string(),
            Some(Some(w)) => w.to_string(),
        };
        let passed = self.window_holds(node, alpha, beta);
        Outcome {
            expected,
            actual,
            passed,
            explanation: self.why_window(node),
            brief: String::new(),
            credit: 0.0,
        }
    }

    fn compare_star_cut(&self, node: T::Node, method: StarMethod) -> Outcome {
        let expected = method.to_string().to_lowercase();
        let Some(cut) = self.cut_at(node) else {
            return failed(expected, "none", self.why_no_cut(node));
        };
        let actual = match cut.chance {
            Some(chance) => chance.method.to_string().to_lowercase(),
            None => cut.kind.to_string(),
        };
        Outcome {
            passed: self.star_cut_holds(node, method),
            expected,
            actual,
            explanation: cut.describe(self.tree, self.strict),
            brief: String::new(),
            credit: 0.0,
        }
    }

    fn compare_cut(&self, node: T::Node, kind: CutKind) -> Outcome {
        let Some(cut) = self.cut_at(node) else {
            return failed(kind.to_string(), "none", self.why_no_cut(node));
        };
        let mut explanation = cut.describe(self.tree, self.strict);
        if cut.kind != kind {
            let (player, direction) = match self.tree.kind(node) {
                Kind::Max => (Kind::Max, "rose to beta"),
                Kind::Min => (Kind::Min, "fell to alpha"),
                Kind::Chance => (Kind::Chance, "passed a bound by Star1"),
            };
            explanation = format!(
                "the cut at {} is {} cut, not {kind}: {} is a {player} node, whose value {direction}: {explanation}",
                self.id(node),
                a_cut_kind(cut.kind),
                self.id(node)
            );
        }
        Outcome {
            expected: kind.to_string(),
            actual: cut.kind.to_string(),
            passed: cut.kind == kind,
            explanation,
            brief: String::new(),
            credit: 0.0,
        }
    }

    fn compare_pruned(&self, listed: &[T::Node]) -> Outcome {
        let (wrong, left_out) = self.pruned_difference(listed);
        let wrongly = wrong.iter().map(|n| self.why_visited(*n));
        let missing = left_out
            .iter()
            .map(|n| format!("{} left out: {}", self.id(*n), self.why_pruned(*n)));
        let mut reasons = capped(wrongly.chain(missing), wrong.len() + left_out.len());
        let passed = reasons.is_empty();
        if passed {
            let cuts = self.cuts.iter().map(|c| c.describe(self.tree, self.strict));
            reasons = capped(cuts, self.cuts.len());
        }
        let roots: Vec<T::Node> = self.pruned_roots().collect();
        Outcome {
            expected: self.ids(listed),
            actual: self.ids(&roots),
            passed,
            explanation: reasons,
            brief: String::new(),
            credit: 0.0,
        }
    }

    /// The nodes listed as pruned that are visited, and the pruned nodes
    /// the list leaves out (the highest of each subtree left out).
    ///
    /// A listed node covers its pruned subtree, so a subtree is left out
    /// only where its root is not listed: a node below an unlisted root is
    /// inside that root's subtree, already counted. Only the roots are
    /// looked at, never the nodes below them.
    pub(super) fn pruned_difference(&self, listed: &[T::Node]) -> (Vec<T::Node>, Vec<T::Node>) {
        let wrong: Vec<T::Node> = listed
            .iter()
            .copied()
            .filter(|n| !self.is_pruned(*n))
            .collect();
        let named: NodeSet<T::Node> = listed.iter().copied().collect();
        let left_out = self
            .pruned_roots()
            .filter(|root| !named.contains(root))
            .collect();
        (wrong, left_out)
    }

    fn compare_leaves(&self, listed: &[T::Node]) -> Outcome {
        let passed = listed == self.leaves.as_slice();
        let explanation = match first_difference(listed, &self.leaves) {
            None => format!(
                "the search evaluates these {} leaves, left to right",
                self.leaves.len()
            ),
            Some(at) => self.leaves_difference(listed, at),
        };
        Outcome {
            expected: self.ids(listed),
            actual: self.ids(&self.leaves),
            passed,
            explanation,
            brief: String::new(),
            credit: 0.0,
        }
    }

    /// Why the leaves evaluated differ from `listed` at position `at`.
    fn leaves_difference(&self, listed: &[T::Node], at: usize) -> String {
        let place = ordinal(at + 1);
        match (listed.get(at), self.leaves.get(at)) {
            (Some(&wrote), Some(&actual)) => {
                let why = match (self.is_leaf(wrote), self.is_pruned(wrote)) {
                    (false, _) if self.is_at_the_limit(wrote) => format!(
                        "{} is valued at the depth limit once, as a leaf, and its place is \
                         where the search reaches it",
                        self.id(wrote)
                    ),
                    (false, _) => format!("{} is not a leaf", self.id(wrote)),
                    (true, true) => self.why_pruned(wrote),
                    (true, false) => self.why_visited(actual),
                };
                format!(
                    "the {place} leaf evaluated is {}, not {}: {why}",
                    self.id(actual),
                    self.id(wrote)
                )
            }
            (None, Some(&actual)) => format!(
                "the answer stops after {at} leaves, but the search goes on: {}",
                self.why_visited(actual)
            ),
            (Some(&wrote), None) => format!(
                "the search evaluates only {} leaves, and the answer goes on with {}: {}",
                self.leaves.len(),
                self.id(wrote),
                self.why_pruned(wrote)
            ),
            (None, None) => String::new(),
        }
    }

    /// How many re-searches or passes the search made.
    fn count(&self, what: Counted) -> u64 {
        match what {
            Counted::Researches => self.researches,
            Counted::Passes => self.passes,
        }
    }

    fn compare_count(&self, what: Counted, expected: u64) -> Outcome {
        let actual = self.count(what);
        let plural = if actual == 1 { "" } else { "es" };
        let explanation = match what {
            Counted::Researches => format!(
                "the search makes {actual} re-search{plural} (a node searched again after a \
                 test or a window that failed high or low)"
            ),
            Counted::Passes => format!(
                "the search makes {actual} MTD(f) pass{plural} (null-window searches of the root)"
            ),
        };
        Outcome {
            expected: expected.to_string(),
            actual: actual.to_string(),
            passed: expected == actual,
            explanation,
            brief: String::new(),
            credit: 0.0,
        }
    }

    fn compare_evaluated(&self, expected: u64) -> Outcome {
        let actual = self.leaves.len() as u64;
        let mut explanation = format!("the search evaluates {actual} leaves");
        if actual as usize <= LISTED {
            explanation += &format!(": {}", self.ids(&self.leaves));
        }
        if !self.cuts.is_empty() {
            let roots: Vec<T::Node> = self.pruned_roots().collect();
            let shown = roots.iter().take(LISTED).map(|n| self.id(*n));
            explanation += &format!("; the cuts prune {}", capped_words(shown, roots.len(), " "));
        }
        Outcome {
            expected: expected.to_string(),
            actual: actual.to_string(),
            passed: expected == actual,
            explanation,
            brief: String::new(),
            credit: 0.0,
        }
    }

    /// The ids of `nodes`, each shortened, at most [`LISTED`] of them.
    fn ids(&self, nodes: &[T::Node]) -> String {
        match nodes.is_empty() {
            true => "none".to_string(),
            false => crate::tree::id_list(self.tree, nodes, LISTED),
        }
    }
}

/// How many nodes or reasons an explanation lists before it counts the rest.
const LISTED: usize = 20;

/// The first [`LISTED`] of `count` reasons, joined by `; `.
fn capped(reasons: impl Iterator<Item = String>, count: usize) -> String {
    capped_words(reasons.take(LISTED), count, "; ")
}

/// Words joined by `separator`, and how many more there are of `count`.
fn capped_words(words: impl Iterator<Item = String>, count: usize, separator: &str) -> String {
    let mut shown: Vec<String> = words.collect();
    if count > shown.len() {
        shown.push(format!("and {} more", count - shown.len()));
    }
    shown.join(separator)
}

/// Whether a node's returned `score` supports `relation value`: an exact
/// value only `=`, a lower bound `>=` (or `=` the value returned), an
/// upper bound `<=` (or `=`).
fn accepts(score: Scored, relation: Relation, value: Value) -> bool {
    let accepted = match score.bound {
        Bound::Lower => [Relation::AtLeast, Relation::Equal].contains(&relation),
        Bound::Upper => [Relation::AtMost, Relation::Equal].contains(&relation),
        Bound::Exact | Bound::Unknown => relation == Relation::Equal,
    };
    accepted && score.value.is_given_by(value)
}

fn failed(expected: String, actual: &str, explanation: String) -> Outcome {
    Outcome {
        expected,
        actual: actual.to_string(),
        passed: false,
        explanation,
        brief: String::new(),
        credit: 0.0,
    }
}

pub(super) fn first_difference<N: PartialEq>(a: &[N], b: &[N]) -> Option<usize> {
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    (common < a.len().max(b.len())).then_some(common)
}

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `21st`.
pub(super) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `an alpha` or `a beta`.
pub(super) fn a_cut_kind(kind: CutKind) -> &'static str {
    match kind {
        CutKind::Alpha => "an alpha",
        CutKind::Beta => "a beta",
    }
}
