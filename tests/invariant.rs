//! One invariant for every algorithm and every tree: what a search reports
//! as visited and what it reports as pruned make up the tree, each node
//! once.
//!
//! "The tree" is every node at or above the depth limit (all of it without
//! one): below the limit lie nodes that no search with it would visit,
//! pruned or not. A node is visited when the trace enters, evaluates or
//! probes it (Star2); a node is pruned when a cut names it, and so is every
//! node of its subtree within the tree. Then:
//!
//! - no visited node is pruned, no node is pruned twice, and every node of
//!   the tree is visited or pruned, so that the visited nodes and the
//!   pruned subtrees cover the tree exactly once;
//! - every cut names the nodes it skips, and no others: each child of the
//!   cut node that the search did not visit, and, at a chance node cut
//!   after Star2's probes, each child of a probed child that it did not
//!   visit; a search that may visit a node more than once (PVS's
//!   re-searches, MTD(f)'s passes, an aspiration window) has its cuts
//!   settled first (`trace::settle_cuts`), and each then names only nodes
//!   it skips, the cuts together naming every node skipped;
//! - `solve`'s pruned list is the union of the cuts' skipped subtrees, the
//!   key's `expect pruned` is the nodes the cuts name, the checker's facts
//!   say visited and pruned as the trace does, and the search passes its
//!   own key in full.
//!
//! The walks of the tree here (parents, depths, subtrees) are the test's
//! own; only the trees' reading and the searches are the library's.

mod common;

use std::collections::{HashMap, HashSet};

use gametree::check::{Claim, Expectation, Facts, answer_key, check};
use gametree::report::SolveReport;
use gametree::search::{
    Algorithm, Options, Order, SearchError, SearchResult, YoungBrothers, search,
};
use gametree::syntax::parse;
use gametree::trace::{Cut, Event, Trace, Window};
use gametree::tree::{GameTree, NodeId, Tree};
use gametree::value::{CutKind, Kind, LeafBounds, Value};
use proptest::prelude::*;

/// How many random trees each algorithm is held to the invariant on.
const TREES: u32 = 2_000;

/// A random tree: leaves in -4..=4, interior nodes with a static value (so
/// any depth limit works), some stating their kind, chance nodes weighting
/// their children (a weight may be 0).
#[derive(Clone, Debug)]
enum Node {
    Leaf(i32),
    /// A leaf whose value is unknown, `?`.
    Unknown,
    Interior {
        kind: &'static str,
        statics: i32,
        children: Vec<(u32, Node)>,
    },
}

impl Node {
    fn text(&self) -> String {
        match self {
            Node::Leaf(v) => v.to_string(),
            Node::Unknown => "?".to_string(),
            Node::Interior {
                kind,
                statics,
                children,
            } => {
                let total: u32 = children.iter().map(|(w, _)| w).sum();
                let weighted = *kind == "chance " && total > 0;
                let inner: Vec<String> = children
                    .iter()
                    .map(|(w, c)| match weighted {
                        true => format!("{w}/{total}: {}", c.text()),
                        false => c.text(),
                    })
                    .collect();
                format!("{kind}= {statics} [{}]", inner.join(" "))
            }
        }
    }
}

fn trees() -> impl Strategy<Value = Node> {
    trees_with((-4i32..5).prop_map(Node::Leaf).boxed())
}

/// Random trees some of whose leaves are unknown (`?`).
fn trees_with_unknowns() -> impl Strategy<Value = Node> {
    let leaf = prop_oneof![4 => (-4i32..5).prop_map(Node::Leaf), 1 => Just(Node::Unknown)];
    trees_with(leaf.boxed())
}

fn trees_with(leaf: BoxedStrategy<Node>) -> impl Strategy<Value = Node> {
    leaf.prop_recursive(4, 40, 4, |inner| {
        (
            prop_oneof![
                4 => Just(""),
                3 => Just("chance "),
                1 => Just("max "),
                1 => Just("min "),
            ],
            -4i32..5,
            prop::collection::vec((0u32..4, inner), 1..4),
        )
            .prop_map(|(kind, statics, children)| Node::Interior {
                kind,
                statics,
                children,
            })
    })
}

/// The conventions a search runs with: both tie rules, fail-hard and
/// fail-soft, a depth limit or none, leaf bounds (for Star1 and Star2) or
/// none, children as given or by static value.
fn options() -> impl Strategy<Value = Options> {
    let bounds = (-6i32..=-4, 4i32..=6)
        .prop_map(|(low, high)| LeafBounds::new(Value::from(low), Value::from(high)).unwrap());
    (
        any::<bool>(),
        any::<bool>(),
        prop::option::of(0usize..4),
        prop::option::weighted(0.7, bounds),
        any::<bool>(),
        prop::option::weighted(0.3, (-4i32..4, 1i32..4)),
        prop::option::of(-5i32..6),
    )
        .prop_map(
            |(strict, fail_hard, depth, bounds, ordered, window, guess)| Options {
                strict,
                fail_hard,
                depth,
                bounds,
                order: if ordered { Order::Static } else { Order::None },
                window: window.map(|(low, width)| Window {
                    alpha: Value::from(low),
                    beta: Value::from(low + width),
                }),
                guess: guess.map(Value::from),
                ..Options::default()
            },
        )
}

/// Every sequential algorithm, and the parallel search where it records a
/// trace: on one thread, with full brothers.
fn algorithms() -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL.into_iter().chain([Algorithm::Parallel])
}

/// `options` as `algorithm` takes them: ordering only where it orders,
/// fail-hard, an aspiration window and a first guess only where it takes
/// them, the parallel search on one thread with full brothers.
fn for_algorithm(algorithm: Algorithm, options: Options) -> Options {
    let orders = matches!(algorithm, Algorithm::AlphaBeta | Algorithm::Parallel);
    let takes = |options: Options| algorithm.accepts(&options).is_ok();
    let windows = matches!(
        algorithm,
        Algorithm::AlphaBeta | Algorithm::NegamaxAlphaBeta | Algorithm::Pvs
    );
    let options = Options {
        order: if orders { options.order } else { Order::None },
        threads: 1,
        young_brothers: Some(YoungBrothers::Full),
        window: options.window.filter(|_| windows),
        guess: options.guess.filter(|_| algorithm == Algorithm::Mtdf),
        ..options
    };
    let soft = Options {
        fail_hard: false,
        ..options
    };
    let chosen = if takes(options) { options } else { soft };
    assert!(takes(chosen), "{algorithm} refuses {chosen:?}");
    chosen
}

/// Whether `algorithm` searches `tree`: MTD(f) and SSS* refuse chance
/// nodes.
fn searches(algorithm: Algorithm, tree: &Tree) -> bool {
    algorithm.searches_chance() || !Shape::of(tree, None).has_chance(tree)
}

/// The tree's shape as the test walks it: each node's parent and depth,
/// and the nodes at or above the depth limit.
struct Shape {
    parent: HashMap<NodeId, NodeId>,
    depth: HashMap<NodeId, usize>,
    within: Vec<NodeId>,
}

impl Shape {
    fn of(tree: &Tree, limit: Option<usize>) -> Shape {
        let mut shape = Shape {
            parent: HashMap::new(),
            depth: HashMap::new(),
            within: Vec::new(),
        };
        let mut stack = vec![(tree.root(), 0)];
        while let Some((node, depth)) = stack.pop() {
            shape.depth.insert(node, depth);
            if limit.is_none_or(|limit| depth <= limit) {
                shape.within.push(node);
            }
            for child in tree.children(node) {
                shape.parent.insert(child, node);
                stack.push((child, depth + 1));
            }
        }
        shape
    }

    /// Whether the tree holds a chance node.
    fn has_chance(&self, tree: &Tree) -> bool {
        self.depth.keys().any(|&node| tree.kind(node).is_chance())
    }

    /// `top` and the nodes below it, down to the depth limit, in preorder.
    fn subtree(&self, tree: &Tree, top: NodeId, limit: Option<usize>) -> Vec<NodeId> {
        if limit.is_some_and(|limit| self.depth[&top] > limit) {
            return Vec::new();
        }
        let mut nodes = vec![top];
        for child in tree.children(top) {
            nodes.extend(self.subtree(tree, child, limit));
        }
        nodes
    }
}

/// What a trace reports: the nodes visited (entered, evaluated or probed),
/// those entered, those probed.
struct Reported {
    visited: HashSet<NodeId>,
    entered: HashSet<NodeId>,
    probed: HashSet<NodeId>,
}

impl Reported {
    fn of(trace: &Trace<NodeId>) -> Reported {
        let mut reported = Reported {
            visited: HashSet::new(),
            entered: HashSet::new(),
            probed: HashSet::new(),
        };
        for event in &trace.events {
            match event {
                Event::Enter { node, .. } => {
                    reported.entered.insert(*node);
                    reported.visited.insert(*node);
                }
                Event::Leaf { node, .. } => {
                    reported.visited.insert(*node);
                }
                Event::Probe { node, .. } => {
                    reported.probed.insert(*node);
                    reported.visited.insert(*node);
                }
                _ => {}
            }
        }
        reported
    }
}

/// Every cut names the nodes it skips: nodes not visited, each a child of
/// the cut node or (at a chance node) of a child it only probed, and every
/// such node left unvisited is named; `settled`, a cut names some of
/// them (the others are visited later or named by a later cut).
fn assert_cut_names_what_it_skips(
    tree: &Tree,
    (shape, seen): (&Shape, &Reported),
    cut: &Cut<NodeId>,
    settled: bool,
) {
    let id = |n: NodeId| tree.id(n);
    // The lecture names a cut after the node's player, whatever the
    // algorithm (SSS*'s purges too); a chance node's side is its bound's.
    let kind = tree.kind(cut.node);
    assert!(
        kind == Kind::Chance || cut.kind == CutKind::at(kind),
        "the cut at {} ({kind:?}) is called {}",
        id(cut.node),
        cut.kind
    );
    assert!(
        settled || !cut.pruned.is_empty(),
        "a cut at {} skips nothing",
        id(cut.node)
    );
    let named: HashSet<NodeId> = cut.pruned.iter().copied().collect();
    assert_eq!(
        named.len(),
        cut.pruned.len(),
        "a cut at {} names a node twice",
        id(cut.node)
    );
    let only_probed = |c: &NodeId| seen.probed.contains(c) && !seen.entered.contains(c);
    let mut skipped: Vec<NodeId> = Vec::new();
    for child in tree.children(cut.node) {
        if !seen.visited.contains(&child) {
            skipped.push(child);
        } else if cut.chance.is_some() && only_probed(&child) {
            let unseen = tree.children(child).filter(|g| !seen.visited.contains(g));
            skipped.extend(unseen);
        }
    }
    // In search order, which ordering children may change.
    let skipped: HashSet<NodeId> = skipped.into_iter().collect();
    assert!(
        named == skipped || (settled && named.is_subset(&skipped)),
        "the cut at {} names {:?}, skips {:?}",
        id(cut.node),
        cut.pruned.iter().map(|n| id(*n)).collect::<Vec<_>>(),
        skipped.iter().map(|n| id(*n)).collect::<Vec<_>>()
    );
    for node in &cut.pruned {
        let parent = shape.parent[node];
        assert!(parent == cut.node || shape.parent[&parent] == cut.node);
    }
}

/// The invariant on one search of `tree` (see the file's comment).
fn assert_invariant(
    tree: &Tree,
    options: Options,
    result: &SearchResult<NodeId>,
    trace: &Trace<NodeId>,
) {
    let limit = options.depth;
    let shape = Shape::of(tree, limit);
    let seen = Reported::of(trace);
    let settled = result.algorithm.revisits(&options);
    let cuts = cuts_of(result.algorithm, options, trace);
    let mut pruned: Vec<NodeId> = Vec::new();
    for cut in &cuts {
        assert_cut_names_what_it_skips(tree, (&shape, &seen), cut, settled);
        for &top in &cut.pruned {
            pruned.extend(shape.subtree(tree, top, limit));
        }
    }
    let pruned_set: HashSet<NodeId> = pruned.iter().copied().collect();
    assert_eq!(pruned_set.len(), pruned.len(), "a node is pruned twice");
    assert!(
        seen.visited.is_disjoint(&pruned_set),
        "a visited node is pruned"
    );
    for node in &shape.within {
        assert!(
            seen.visited.contains(node) || pruned_set.contains(node),
            "{} is neither visited nor pruned",
            tree.id(*node)
        );
    }
    assert_eq!(seen.visited.len() + pruned.len(), shape.within.len());
    assert_views_agree(tree, options, result, trace, &pruned);
    let stats = result.stats;
    assert_eq!(stats.nodes_visited as usize, trace.visited().count());
    assert_eq!(stats.leaves_evaluated as usize, trace.leaves().count());
    assert_eq!(stats.cutoffs as usize, trace.cuts().count());
}

/// The cuts of a search, settled when it may visit a node more than once.
fn cuts_of(algorithm: Algorithm, options: Options, trace: &Trace<NodeId>) -> Vec<Cut<NodeId>> {
    match algorithm.revisits(&options) {
        true => trace.settled_cuts(),
        false => trace.cuts().cloned().collect(),
    }
}

/// `solve`'s pruned list, the key's `expect pruned` and the checker's facts
/// say what the cuts say; the search passes its own key in full.
fn assert_views_agree(
    tree: &Tree,
    options: Options,
    result: &SearchResult<NodeId>,
    trace: &Trace<NodeId>,
    pruned: &[NodeId],
) {
    let ids = |nodes: &[NodeId]| nodes.iter().map(|n| tree.id(*n)).collect::<Vec<_>>();
    let cuts = cuts_of(result.algorithm, options, trace);
    let report = SolveReport::new(tree, result, &cuts, options, None);
    assert_eq!(report.pruned.as_deref(), Some(&ids(pruned)[..]));
    assert_eq!(report.pruned_count, Some(pruned.len()));

    let tops: Vec<NodeId> = cuts.iter().flat_map(|c| c.pruned.clone()).collect();
    let key = answer_key(tree, result, trace);
    let key_pruned = key.iter().find_map(|c| match c {
        Claim::Pruned(ids) => Some(ids.clone()),
        _ => None,
    });
    assert_eq!(key_pruned.unwrap_or_default(), ids(&tops));

    let facts = Facts::new(tree, result, trace, options.strict);
    let shape = Shape::of(tree, options.depth);
    let seen = Reported::of(trace);
    let pruned: HashSet<NodeId> = pruned.iter().copied().collect();
    for &node in &shape.within {
        assert_eq!(
            facts.is_pruned(node),
            pruned.contains(&node),
            "{}",
            tree.id(node)
        );
        assert_eq!(facts.visit(node).is_some(), seen.visited.contains(&node));
        assert_eq!(facts.parent(node), shape.parent.get(&node).copied());
    }
    assert_eq!(facts.pruned_count(), pruned.len());
    let expectations: Vec<Expectation> = key
        .into_iter()
        .map(|claim| Expectation::new(claim, 1))
        .collect();
    for verdict in check(&facts, &expectations).unwrap() {
        assert!(verdict.passed, "the search fails its own key: {verdict:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(TREES))]

    #[test]
    fn visited_and_pruned_cover_the_tree_once(shape in trees(), options in options()) {
        let text = shape.text();
        let tree = parse("random", &text).unwrap();
        for algorithm in algorithms().filter(|&a| searches(a, &tree)) {
            let options = for_algorithm(algorithm, options);
            let mut trace = Trace::new();
            let result = search(&tree, algorithm, options, &mut trace)
                .unwrap_or_else(|e| panic!("{algorithm} {options:?} on {text}: {e}"));
            let checked = std::panic::catch_unwind(|| assert_invariant(&tree, options, &result, &trace));
            prop_assert!(checked.is_ok(), "{} {:?} on {}", algorithm, options, text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(TREES / 4))]

    /// With unknown leaves, the tree still holds them: a search that
    /// finishes never needs one (each is pruned), and one that needs one
    /// stops there.
    #[test]
    fn an_unknown_leaf_is_pruned_or_stops_the_search(shape in trees_with_unknowns(), options in options()) {
        let text = shape.text();
        let tree = parse("random", &text).unwrap();
        for algorithm in algorithms().filter(|&a| searches(a, &tree)) {
            let options = for_algorithm(algorithm, options);
            let mut trace = Trace::new();
            match search(&tree, algorithm, options, &mut trace) {
                Ok(result) => {
                    let checked = std::panic::catch_unwind(|| assert_invariant(&tree, options, &result, &trace));
                    prop_assert!(checked.is_ok(), "{} {:?} on {}", algorithm, options, text);
                }
                Err(SearchError::UnknownValue { node, .. }) => {
                    let leaf = tree.find(&node).unwrap();
                    prop_assert!(tree.children(leaf).next().is_none() && tree.value(leaf).is_none());
                }
                Err(other) => prop_assert!(false, "{}: {}", algorithm, other),
            }
        }
    }
}

/// A chance node whose alpha is its leaves' upper bound searches its first
/// child with a window of one value, `[2, 2]`, where cuts from both sides
/// meet and the child's score says nothing certain: that score at the edge
/// of what is known is a bound there, so the chance node cuts and no node
/// is searched twice (it was searched again, its pruned nodes visited).
#[test]
fn a_window_of_one_value_below_a_chance_node_searches_nothing_twice() {
    let text = "bounds 0 2\nmax [ 2 chance [ min [ max [ 0 2 1 ] 2 0 ] 2 ] ]\n";
    let tree = parse("one-value", text).unwrap();
    for algorithm in algorithms().filter(|&a| a.searches_chance()) {
        for options in common::all_options() {
            let options = for_algorithm(algorithm, options);
            let mut trace = Trace::new();
            let result = search(&tree, algorithm, options, &mut trace).unwrap();
            assert_invariant(&tree, options, &result, &trace);
        }
    }
}
