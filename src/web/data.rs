//! What the page's script reads: the tree's shape, the trace's events as
//! `gametree trace --json` writes them with each step's `gametree trace`
//! line, and for quiz mode the facts `check` grades against, with its own
//! explanations. The script only replays these; it never searches.

use serde::Serialize;
use serde_json::Value as Json;

use crate::check::Facts;
use crate::report::event_json;
use crate::search::SearchResult;
use crate::trace::{Event, Trace};
use crate::tree::{GameTree, NodeId, Tree};

use crate::render::{NodeType, node_types};

/// The largest tree whose page has a quiz mode unless asked for: the
/// quiz's facts and explanations are most of a page's data.
pub const QUIZ_NODES: usize = 300;

/// The data of one tree of the page.
#[derive(Serialize)]
pub(super) struct TreeData {
    /// The tree's title on the page.
    title: String,
    /// The algorithm's name, as `--algo` writes it.
    algorithm: &'static str,
    /// Whether the algorithm has windows and cuts.
    prunes: bool,
    /// Ties do not cut.
    strict: bool,
    /// Values clamped to the window.
    fail_hard: bool,
    /// Each node's id, by node number.
    ids: Vec<String>,
    /// Each node's player: `max`, `min` or `chance`.
    kinds: Vec<&'static str>,
    /// Each node's parent (`null` for the root).
    parents: Vec<Option<NodeId>>,
    /// Each leaf's value as the file gives it (`null` for interior nodes
    /// and unknown leaves).
    leaves: Vec<Option<crate::value::Value>>,
    /// Each node's Knuth-Moore type: 1 (PV), 2 (CUT) or 3 (ALL).
    types: Vec<u8>,
    /// The root, then its best child, and so on.
    pv: Vec<NodeId>,
    /// The events, as `gametree trace --json` writes them.
    events: Vec<Json>,
    /// Each event's node by number, then for a cut the children it skips:
    /// the script finds nodes by these numbers, never by the ids the
    /// events show, so that no name can stand for another node (or for a
    /// property of the script's own objects).
    nodes: Vec<Vec<NodeId>>,
    /// Each event's line of `gametree trace` (`null` for a leaf's entry,
    /// which its visit line tells).
    lines: Vec<Option<String>>,
    /// The facts quiz mode grades against (none for a large tree not made
    /// for a quiz: the page then has no quiz mode).
    facts: Option<Vec<NodeFacts>>,
}

/// What the quiz asks of an interior node, with `check`'s answers.
#[derive(Serialize)]
struct Asked {
    /// Its value as an `expect` line writes it (`= 2`, `>= 6`); `null`
    /// when pruned.
    value: Option<String>,
    /// How the value is made.
    why_value: String,
    /// Its window (`[2, +inf]`); `null` without one.
    window: Option<String>,
    /// Where the window comes from.
    why_window: String,
    /// The value and the window written exactly (`>= 23/3` where `value`
    /// shows `>= 7.6667`), which the quiz grades an answer against by
    /// `check`'s rule.
    exact: Exact,
}

/// A node's value and window written in full.
#[derive(Serialize)]
struct Exact {
    value: Option<String>,
    window: Option<String>,
}

/// What `check` knows of one node, with its explanations.
#[derive(Serialize)]
struct NodeFacts {
    /// An interior node's value and window, which the quiz asks for;
    /// absent for a leaf.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    asked: Option<Asked>,
    /// Whether a cut skips the edge into it.
    cut: bool,
    /// Whether it lies in a skipped subtree.
    pruned: bool,
    /// Why it is pruned, or visited.
    why_edge: String,
}

/// One tree searched once, with the title the page gives it.
pub struct PageTree<'a> {
    /// The title (a file name, or an exercise and its seed).
    pub title: String,
    /// The tree.
    pub tree: &'a Tree,
    /// The trace of its search.
    pub trace: &'a Trace<NodeId>,
    /// The result of that search.
    pub result: &'a SearchResult<NodeId>,
}

impl TreeData {
    /// The data of `page`, searched with ties cutting unless `strict`,
    /// fail-soft unless `fail_hard`; with the quiz's facts when `quiz` or
    /// the tree is small enough to be a quiz.
    pub(super) fn new(page: &PageTree<'_>, strict: bool, fail_hard: bool, quiz: bool) -> TreeData {
        let tree = page.tree;
        let nodes = 0..tree.len() as NodeId;
        let mut pv = vec![tree.root()];
        pv.extend(&page.result.principal_variation);
        let types = node_types(tree);
        TreeData {
            title: page.title.clone(),
            algorithm: page.result.algorithm.name(),
            prunes: page.result.algorithm.prunes(),
            strict,
            fail_hard,
            ids: nodes.clone().map(|n| tree.id(n)).collect(),
            kinds: nodes.clone().map(|n| kind_name(tree, n)).collect(),
            parents: nodes.clone().map(|n| tree.parent(n)).collect(),
            leaves: nodes
                .clone()
                .map(|n| match tree.is_leaf(n) {
                    true => tree.value(n),
                    false => None,
                })
                .collect(),
            types: types.iter().map(|&t| type_number(t)).collect(),
            pv,
            events: page
                .trace
                .events
                .iter()
                .map(|e| event_json(tree, e))
                .collect(),
            nodes: page.trace.events.iter().map(event_nodes).collect(),
            lines: page
                .trace
                .events
                .iter()
                .map(|e| e.line(tree, strict))
                .collect(),
            facts: (quiz || tree.len() <= QUIZ_NODES).then(|| node_facts(page, strict)),
        }
    }
}

/// An event's node, then the children a cut skips.
fn event_nodes(event: &Event<NodeId>) -> Vec<NodeId> {
    let mut nodes = vec![event.node()];
    if let Event::Cut(cut) = event {
        nodes.extend(&cut.pruned);
    }
    nodes
}

/// A visited node's value as `check` words it: `= 2`, `>= 6`.
fn scored(facts: &Facts<'_, Tree>, node: NodeId) -> String {
    let phrase = facts.phrase(node);
    let id = facts.id(node);
    match phrase.strip_prefix(id.as_str()) {
        Some(rest) => rest.trim_start().to_string(),
        None => phrase,
    }
}

fn type_number(node_type: NodeType) -> u8 {
    match node_type {
        NodeType::Pv => 1,
        NodeType::Cut => 2,
        NodeType::All => 3,
    }
}

fn kind_name(tree: &Tree, node: NodeId) -> &'static str {
    match tree.kind(node) {
        crate::value::Kind::Max => "max",
        crate::value::Kind::Min => "min",
        crate::value::Kind::Chance => "chance",
    }
}

/// Every node's facts, by node number.
fn node_facts(page: &PageTree<'_>, strict: bool) -> Vec<NodeFacts> {
    let facts = Facts::new(page.tree, page.result, page.trace, strict);
    let root = page.tree.root();
    (0..page.tree.len() as NodeId)
        .map(|node| {
            let visit = facts.visit(node);
            let pruned = facts.is_pruned(node);
            let leaf = page.tree.is_leaf(node);
            NodeFacts {
                asked: (!leaf).then(|| Asked {
                    value: visit.and_then(|v| v.score).map(|_| scored(&facts, node)),
                    why_value: facts.why_value(node),
                    window: visit.and_then(|v| v.window).map(|w| w.to_string()),
                    why_window: facts.why_window(node),
                    exact: Exact {
                        value: visit.and_then(|v| v.score).map(|s| {
                            let relation = s.bound.relation();
                            format!("{relation} {}", s.value.exact())
                        }),
                        window: visit
                            .and_then(|v| v.window)
                            .map(|w| format!("[{}, {}]", w.alpha.exact(), w.beta.exact())),
                    },
                }),
                cut: pruned && facts.pruned_by(node).is_some_and(|(_, top)| top == node),
                pruned,
                why_edge: match node == root {
                    true => String::new(),
                    false => facts.why_visited(node),
                },
            }
        })
        .collect()
}
