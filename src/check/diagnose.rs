//! Which misconception explains a student's wrong answers: the search is
//! run once more for each common misconception, on the same tree, and each
//! wrong answer is compared with those traces too.

use std::hash::Hash;

use serde::Serialize;

use super::facts::Facts;
use super::key::answer_key;
use crate::claim::Claim;
use crate::search::{Algorithm, Options, SearchError, SearchResult, search};
use crate::text::quoted;
use crate::trace::Trace;
use crate::tree::{GameTree, Location};
use crate::value::{Kind, LeafBounds, Value};

/// A common misconception about the search, that the checker can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Misconception {
    /// Cutting only when a bound is strictly passed, when ties cut.
    NoCutOnTies,
    /// Cutting on ties, when only a strict pass cuts.
    CutOnTies,
    /// Clamping returned values to the window, when the search is
    /// fail-soft.
    FailHard,
    /// Returning the value found, when the search clamps it (fail-hard).
    FailSoft,
    /// Searching children right to left.
    RightToLeft,
    /// Stopping one ply before the search does (at static values).
    Shallower,
    /// Going one ply further than the search does.
    Deeper,
    /// Taking MAX for MIN and MIN for MAX, from the root down.
    SwappedPlayers,
    /// Searching every node, as minimax does: no cut at all.
    NoPruning,
    /// Negamax without negating the children's values: every node takes
    /// the largest of its children's values, as if all were MAX.
    NegamaxSignSlip,
}

impl Misconception {
    /// Every misconception, in the order a tie between them is settled.
    pub const ALL: [Misconception; 10] = [
        Misconception::NoCutOnTies,
        Misconception::CutOnTies,
        Misconception::FailHard,
        Misconception::FailSoft,
        Misconception::RightToLeft,
        Misconception::Shallower,
        Misconception::Deeper,
        Misconception::SwappedPlayers,
        Misconception::NoPruning,
        Misconception::NegamaxSignSlip,
    ];

    /// What the student's search does, as in `your answers match ...`.
    pub fn words(self) -> &'static str {
        match self {
            Misconception::NoCutOnTies => "alpha-beta that does not cut on ties",
            Misconception::CutOnTies => "alpha-beta that cuts on ties",
            Misconception::FailHard => "alpha-beta that clamps values to the window (fail-hard)",
            Misconception::FailSoft => {
                "alpha-beta that returns the value found instead of clamping it (fail-soft)"
            }
            Misconception::RightToLeft => "a search of the children from right to left",
            Misconception::Shallower => "a search that stops one ply early",
            Misconception::Deeper => "a search that goes one ply deeper",
            Misconception::SwappedPlayers => "a search with MAX and MIN swapped",
            Misconception::NoPruning => "a search without pruning (minimax)",
            Misconception::NegamaxSignSlip => {
                "negamax that forgets to negate the children's values (every node takes the largest)"
            }
        }
    }

    /// Its name, as JSON writes it: `no-cut-on-ties`, `right-to-left`.
    pub fn name(self) -> &'static str {
        match self {
            Misconception::NoCutOnTies => "no-cut-on-ties",
            Misconception::CutOnTies => "cut-on-ties",
            Misconception::FailHard => "fail-hard",
            Misconception::FailSoft => "fail-soft",
            Misconception::RightToLeft => "right-to-left",
            Misconception::Shallower => "shallower",
            Misconception::Deeper => "deeper",
            Misconception::SwappedPlayers => "swapped-players",
            Misconception::NoPruning => "no-pruning",
            Misconception::NegamaxSignSlip => "negamax-sign-slip",
        }
    }

    /// Whether the misconception is one about the search `algorithm` with
    /// `options` makes of a tree `height` deep (fail-hard is no
    /// misconception about minimax, nor one ply deeper about a search
    /// without a depth limit).
    pub fn applies(self, algorithm: Algorithm, options: Options, height: usize) -> bool {
        self.variant(algorithm, options, height).is_some()
    }

    /// Why it cannot be told from the right search when its search gives
    /// the same answers.
    fn same_answers(self) -> &'static str {
        match self {
            Misconception::NoCutOnTies | Misconception::CutOnTies => {
                "no tie decides a cut, so it gives the same answers as the right search"
            }
            Misconception::FailHard | Misconception::FailSoft => {
                "no value falls outside its window, so it gives the same answers as the right search"
            }
            _ => "it gives the same answers as the right search",
        }
    }

    /// The search this misconception makes of a tree that `algorithm` with
    /// `options` searches right; `None` when it does not apply (fail-hard
    /// under minimax) or changes nothing.
    fn variant(self, algorithm: Algorithm, options: Options, height: usize) -> Option<Variant> {
        let prunes = algorithm.prunes();
        let mut variant = Variant {
            algorithm,
            options,
            reversed: false,
            swapped: false,
            all_max: false,
        };
        match self {
            Misconception::NoCutOnTies if prunes && !options.strict => {
                variant.options.strict = true
            }
            Misconception::CutOnTies if prunes && options.strict => variant.options.strict = false,
            Misconception::FailHard if prunes && !options.fail_hard => {
                variant.options.fail_hard = true
            }
            Misconception::FailSoft if prunes && options.fail_hard => {
                variant.options.fail_hard = false
            }
            Misconception::RightToLeft => variant.reversed = true,
            Misconception::SwappedPlayers => variant.swapped = true,
            Misconception::NegamaxSignSlip => variant.all_max = true,
            Misconception::NoPruning if prunes => {
                variant.algorithm = Algorithm::Minimax;
                variant.options.strict = false;
                variant.options.fail_hard = false;
            }
            Misconception::Shallower => {
                let depth = options.depth.unwrap_or(height).min(height);
                variant.options.depth = Some(depth.checked_sub(1)?);
            }
            Misconception::Deeper => {
                variant.options.depth = Some(options.depth.filter(|d| *d < height)? + 1);
            }
            _ => return None,
        }
        Some(variant)
    }
}

/// How a misconception searches.
#[derive(Clone, Copy, Debug)]
struct Variant {
    algorithm: Algorithm,
    options: Options,
    reversed: bool,
    swapped: bool,
    all_max: bool,
}

/// A tree as a misconception sees it: children in reverse order, players
/// swapped, or every node MAX. Ids are the tree's.
pub struct View<'a, T> {
    tree: &'a T,
    reversed: bool,
    swapped: bool,
    all_max: bool,
}

impl<T: GameTree> GameTree for View<'_, T> {
    type Node = T::Node;
    type Children<'b>
        = std::vec::IntoIter<T::Node>
    where
        Self: 'b;

    fn root(&self) -> T::Node {
        self.tree.root()
    }
    fn kind(&self, node: T::Node) -> Kind {
        if self.all_max {
            return Kind::Max;
        }
        match (self.swapped, self.tree.kind(node)) {
            (false, kind) => kind,
            (true, Kind::Max) => Kind::Min,
            (true, Kind::Min) => Kind::Max,
            (true, Kind::Chance) => Kind::Chance,
        }
    }
    fn children(&self, node: T::Node) -> Self::Children<'_> {
        let mut children: Vec<T::Node> = self.tree.children(node).collect();
        if self.reversed {
            children.reverse();
        }
        children.into_iter()
    }
    fn is_leaf(&self, node: T::Node) -> bool {
        self.tree.is_leaf(node)
    }
    fn value(&self, node: T::Node) -> Option<Value> {
        self.tree.value(node)
    }
    fn static_value(&self, node: T::Node) -> Option<Value> {
        self.tree.static_value(node)
    }
    fn id(&self, node: T::Node) -> String {
        self.tree.id(node)
    }
    fn has_id(&self, node: T::Node, id: &str) -> bool {
        self.tree.has_id(node, id)
    }
    fn label(&self, node: T::Node) -> Option<String> {
        self.tree.label(node)
    }
    fn location(&self, node: T::Node) -> Option<Location> {
        self.tree.location(node)
    }
    /// The tree's: the search sizes its stack by it.
    fn height(&self) -> Option<usize> {
        self.tree.height()
    }
    /// The tree's stated probabilities: a misconception about the order or
    /// the players changes no chance node's odds.
    fn probability(&self, parent: T::Node, child: T::Node) -> Value {
        self.tree.probability(parent, child)
    }
    fn leaf_bounds(&self) -> Option<LeafBounds> {
        self.tree.leaf_bounds()
    }
}

/// One misconception's search of the tree, recorded.
pub struct Mistaken<'a, T: GameTree> {
    /// The misconception.
    pub misconception: Misconception,
    view: Box<View<'a, T>>,
    result: SearchResult<T::Node>,
    trace: Trace<T::Node>,
    strict: bool,
}

impl<'a, T> Mistaken<'a, T>
where
    T: GameTree + Sync,
    T::Node: Send + Sync + Hash,
{
    /// The misconception's search of `tree`, where `algorithm` with
    /// `options` is the right one; `None` when it does not apply to this
    /// search or cannot run on this tree (a leaf it needs is unknown).
    pub fn run(
        tree: &'a T,
        misconception: Misconception,
        algorithm: Algorithm,
        options: Options,
        height: usize,
    ) -> Option<Mistaken<'a, T>> {
        Mistaken::attempt(tree, misconception, algorithm, options, height)?.ok()
    }

    /// The misconception's search of `tree`, as [`Mistaken::run`], or why
    /// it cannot run on this tree (a leaf it needs has no value, a node at
    /// its depth limit no static value); `None` when it does not apply to
    /// this search.
    pub fn attempt(
        tree: &'a T,
        misconception: Misconception,
        algorithm: Algorithm,
        options: Options,
        height: usize,
    ) -> Option<Result<Mistaken<'a, T>, Untested>> {
        let variant = misconception.variant(algorithm, options, height)?;
        let view = Box::new(View {
            tree,
            reversed: variant.reversed,
            swapped: variant.swapped,
            all_max: variant.all_max,
        });
        let mut trace = Trace::new();
        let result = match search(&*view, variant.algorithm, variant.options, &mut trace) {
            Ok(result) => result,
            Err(error) => {
                let reason = cannot_run(tree, &error);
                return Some(Err(Untested::new(misconception, reason)));
            }
        };
        Some(Ok(Mistaken {
            misconception,
            view,
            result,
            trace,
            strict: variant.options.strict,
        }))
    }

    /// Why the misconception cannot be told apart from the right search on
    /// this tree, when every claim of its key holds for the right search
    /// and every claim of the right key (`right_key`) for its own.
    pub fn untestable(&self, right: &Facts<'_, T>, right_key: &[Claim]) -> Option<Untested> {
        let mine = self.facts();
        let same = self.key().iter().all(|c| right.holds(c) == Ok(true))
            && right_key.iter().all(|c| mine.holds(c) == Ok(true));
        let reason = self.misconception.same_answers().to_string();
        same.then(|| Untested::new(self.misconception, reason))
    }

    /// The facts of this search, to compare claims with.
    pub fn facts(&self) -> Facts<'_, View<'a, T>> {
        Facts::new(&*self.view, &self.result, &self.trace, self.strict)
    }

    /// The answer key this misconception gives.
    pub fn key(&self) -> Vec<Claim> {
        answer_key(&*self.view, &self.result, &self.trace)
    }
}

/// A misconception about the search that could not be tested on a tree,
/// and why: a report without a diagnosis then says which misconceptions
/// were not ruled out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Untested {
    /// The misconception (`right-to-left`).
    #[serde(rename = "misconception")]
    pub name: Misconception,
    /// Why (`H, U and V have no value`).
    pub reason: String,
}

impl Untested {
    /// `misconception` could not be tested, for `reason`.
    pub fn new(misconception: Misconception, reason: String) -> Untested {
        Untested {
            name: misconception,
            reason,
        }
    }

    /// One sentence per reason, naming the misconceptions it holds for:
    /// `right-to-left and swapped-players could not be tested: H, U and V
    /// have no value`.
    pub fn sentences(untested: &[Untested]) -> Vec<String> {
        let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
        for u in untested {
            match reasons.iter_mut().find(|(reason, _)| *reason == u.reason) {
                Some((_, names)) => names.push(u.name.name()),
                None => reasons.push((&u.reason, vec![u.name.name()])),
            }
        }
        reasons
            .into_iter()
            .map(|(reason, names)| {
                let names = crate::text::listed(names, "and");
                format!("{names} could not be tested: {reason}")
            })
            .collect()
    }
}

/// Why a misconception's search of `tree` fails: the leaves without a
/// value (the first five named), a node without the static value its
/// depth limit needs, or the search's own words.
fn cannot_run<T: GameTree>(tree: &T, error: &SearchError) -> String {
    match error {
        SearchError::UnknownValue { .. } => {
            let unknown = crate::tree::subtree(tree, tree.root())
                .into_iter()
                .filter(|n| tree.is_leaf(*n) && tree.value(*n).is_none());
            let ids: Vec<String> = unknown.map(|n| quoted(&tree.id(n)).into_owned()).collect();
            let verb = if ids.len() == 1 { "has" } else { "have" };
            format!("{} {verb} no value", named_up_to(ids, 5))
        }
        SearchError::NoStaticValue { node, depth, .. } => format!(
            "{} has no static value, which a search {depth} {} deep needs",
            quoted(node),
            if *depth == 1 { "ply" } else { "plies" }
        ),
        other => other.to_string(),
    }
}

/// `a`, `a and b`, `a, b, c, d, e and 7 more`.
fn named_up_to(mut ids: Vec<String>, shown: usize) -> String {
    if ids.len() > shown {
        let more = ids.len() - shown;
        ids.truncate(shown);
        ids.push(format!("{more} more"));
    }
    crate::text::listed(ids, "and")
}

/// The misconception named for a student's answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnosis {
    /// What the student's search does (`alpha-beta that does not cut on
    /// ties`).
    pub misconception: String,
    /// Its name (`no-cut-on-ties`).
    pub name: Misconception,
    /// How many of the wrong answers it explains.
    pub explains: usize,
    /// How many answers are wrong.
    pub of: usize,
}

impl Diagnosis {
    /// `your answers match alpha-beta that does not cut on ties: 5 of your 6
    /// wrong answers follow from that`.
    pub fn sentence(&self) -> String {
        format!(
            "your answers match {}: {} of your {} wrong answers follow from that",
            self.misconception, self.explains, self.of
        )
    }
}

/// Every misconception that applies, searched once on one tree, to
/// diagnose any number of answer files.
pub struct Diagnoser<'f, 'a, T: GameTree> {
    right: &'f Facts<'a, T>,
    mistaken: Vec<(Misconception, Facts<'f, View<'a, T>>)>,
}

impl<'f, 'a, T> Diagnoser<'f, 'a, T>
where
    T: GameTree + Sync,
    T::Node: Send + Sync + Hash,
{
    /// A diagnoser comparing with `right` (the right search) and with each
    /// of `mistaken`.
    pub fn new(right: &'f Facts<'a, T>, mistaken: &'f [Mistaken<'a, T>]) -> Self {
        let mistaken = mistaken
            .iter()
            .map(|m| (m.misconception, m.facts()))
            .collect();
        Diagnoser { right, mistaken }
    }

    /// Whether any misconception is searched: without one, no answers are
    /// diagnosed.
    pub fn tests_any(&self) -> bool {
        !self.mistaken.is_empty()
    }

    /// The misconception that explains the most of `claims` that the right
    /// search does not support: named only when it explains at least two,
    /// and supports more of all the claims than the right search does.
    pub fn diagnose(&self, claims: &[&Claim]) -> Option<Diagnosis> {
        let (right, wrong): (Vec<&Claim>, Vec<&Claim>) = claims
            .iter()
            .partition(|c| self.right.holds(c).unwrap_or(false));
        let right_count = right.len();
        let mut best: Option<(usize, usize, Misconception)> = None;
        for (misconception, facts) in &self.mistaken {
            let supports = |c: &&&Claim| facts.holds(c).unwrap_or(false);
            let explains = wrong.iter().filter(supports).count();
            let agrees = explains + right.iter().filter(supports).count();
            if explains < 2 || agrees <= right_count {
                continue;
            }
            if best.is_none_or(|(e, a, _)| (explains, agrees) > (e, a)) {
                best = Some((explains, agrees, *misconception));
            }
        }
        best.map(|(explains, _, misconception)| Diagnosis {
            misconception: misconception.words().to_string(),
            name: misconception,
            explains,
            of: wrong.len(),
        })
    }
}

#[cfg(test)]
mod view_tests {
    use super::*;

    #[test]
    fn a_view_keeps_the_odds_bounds_and_labels_of_its_tree() {
        let text = "bounds 0 10\n[ chance [ 0.25: Left: 2  0.75: Right: [ 3 9 ] ] 4 ]";
        let tree = crate::syntax::parse("t", text).unwrap();
        let chance = tree.find("@1").unwrap();
        let (left, right) = (tree.find("@1.1").unwrap(), tree.find("@1.2").unwrap());
        for (reversed, swapped, all_max) in [
            (true, false, false),
            (false, true, false),
            (false, false, true),
        ] {
            let view = View {
                tree: &tree,
                reversed,
                swapped,
                all_max,
            };
            assert_eq!(view.probability(chance, left), Value::ratio(1, 4).unwrap());
            assert_eq!(view.probability(chance, right), Value::ratio(3, 4).unwrap());
            assert_eq!(view.leaf_bounds(), tree.leaf_bounds());
            assert_eq!(view.label(right).as_deref(), Some("Right"));
        }
    }
}
