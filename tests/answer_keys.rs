//! Answer keys and the checker's facts, through the library: every
//! search's key reads back to the same claims and passes its own check (on
//! the examples and on random trees), a changed key fails where it was
//! changed, the pruned nodes the facts find agree with a walk of the tree,
//! and any claim about any node gets a verdict and an explanation.

mod common;

use gametree::check::{Claim, Expectation};
use gametree::check::{Facts, answer_key, check, key_lines};
use gametree::search::{Algorithm, Options, SearchError, search};
use gametree::syntax::{parse, parse_answers, parse_file};
use gametree::trace::Trace;
use gametree::tree::Tree;
use proptest::prelude::*;

use common::{Outcome, all_options, example_files, gametree, options_for};

/// The answer key of one search, written as `expect` lines; `None` when the
/// search needs an unknown leaf.
fn key_of(tree: &Tree, algorithm: Algorithm, options: Options) -> Option<(Vec<Claim>, String)> {
    let mut trace = Trace::new();
    let result = match search(tree, algorithm, options, &mut trace) {
        Ok(result) => result,
        Err(SearchError::UnknownValue { .. }) => return None,
        // MTD(f) and SSS* refuse chance nodes.
        Err(SearchError::ChanceUnsupported { .. }) if !algorithm.searches_chance() => return None,
        Err(other) => panic!("unexpected error: {other}"),
    };
    let claims = answer_key(tree, &result, &trace);
    let text = key_lines(&claims);
    Some((claims, text))
}

/// Checks that the key reads back to the same claims, after a tree and on
/// its own, and that the search passes its own key.
fn assert_key_round_trips(tree_text: &str, algorithm: Algorithm, options: Options) -> bool {
    let tree = parse("tree", tree_text).unwrap();
    let Some((claims, key)) = key_of(&tree, algorithm, options) else {
        return false;
    };
    let read: Vec<Claim> = parse_answers("key", &key)
        .unwrap()
        .into_iter()
        .map(|e| e.claim)
        .collect();
    assert_eq!(read, claims, "{algorithm} {options:?}:\n{key}");
    let with_key = parse_file("tree", &format!("{tree_text}\n{key}")).unwrap();
    let after_tree: Vec<&Claim> = with_key.expectations.iter().map(|e| &e.claim).collect();
    assert!(after_tree.ends_with(&claims.iter().collect::<Vec<_>>()[..]));

    let mut trace = Trace::new();
    let result = search(&tree, algorithm, options, &mut trace).unwrap();
    let facts = Facts::new(&tree, &result, &trace, options.strict);
    let expectations: Vec<Expectation> = parse_answers("key", &key).unwrap();
    for verdict in check(&facts, &expectations).unwrap() {
        assert!(verdict.passed, "{algorithm} {options:?}: {verdict:?}");
    }
    true
}

#[test]
fn every_example_answer_key_round_trips_and_passes() {
    for file in example_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        // Unknown leaves stop some searches (minimax needs every leaf);
        // alpha-beta by default never needs one in the examples.
        assert!(assert_key_round_trips(
            &text,
            Algorithm::AlphaBeta,
            Options::default()
        ));
        for algorithm in Algorithm::ALL {
            for options in options_for(algorithm) {
                assert_key_round_trips(&text, algorithm, options);
            }
        }
    }
}

#[test]
fn the_lecture_answer_key() {
    let text = std::fs::read_to_string("trees/lecture-a-to-v.tree").unwrap();
    let tree = parse("lecture", &text).unwrap();
    let (_, key) = key_of(&tree, Algorithm::AlphaBeta, Options::default()).unwrap();
    insta::assert_snapshot!(key);
}

#[test]
fn a_key_written_after_its_tree_passes_gametree_check() {
    let text = std::fs::read_to_string("trees/strict-fail-hard.tree").unwrap();
    let tree = parse("tree", &text).unwrap();
    let options = Options {
        strict: true,
        fail_hard: true,
        ..Options::default()
    };
    let (_, key) = key_of(&tree, Algorithm::AlphaBeta, options).unwrap();
    let Outcome {
        code,
        stdout,
        stderr,
    } = gametree([
        "check",
        "--claims",
        "--strict",
        "--fail-hard",
        "trees/strict-fail-hard.tree",
        "-",
    ])
    .stdin(&key)
    .outcome();
    assert_eq!(code, 0, "{stdout}{stderr}");
    // The key of another search fails: without --fail-hard, C cuts.
    let Outcome { code, .. } = gametree([
        "check",
        "--claims",
        "--strict",
        "trees/strict-fail-hard.tree",
        "-",
    ])
    .stdin(&key)
    .outcome();
    assert_eq!(code, 1);
}

/// Random trees with small values (many ties), as in `tests/algorithms.rs`.
fn tree_texts() -> impl Strategy<Value = String> {
    let leaf = (-4i32..5).prop_map(|v| v.to_string());
    leaf.prop_recursive(5, 80, 5, |inner| {
        (
            prop_oneof![6 => Just(""), 1 => Just("max "), 1 => Just("min ")],
            prop::collection::vec(inner, 1..5),
        )
            .prop_map(|(kind, children)| format!("{kind}[{}]", children.join(" ")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn random_answer_keys_round_trip_and_pass(text in tree_texts()) {
        for algorithm in Algorithm::ALL {
            for options in options_for(algorithm) {
                prop_assert!(assert_key_round_trips(&text, algorithm, options));
            }
        }
    }

    #[test]
    fn a_changed_key_fails_where_it_was_changed(text in tree_texts()) {
        let tree = parse("tree", &text).unwrap();
        let (claims, _) = key_of(&tree, Algorithm::AlphaBeta, Options::default()).unwrap();
        let mut trace = Trace::new();
        let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
        let facts = Facts::new(&tree, &result, &trace, false);
        let changed: Vec<Expectation> = claims
            .into_iter()
            .filter_map(|claim| match claim {
                Claim::Value(v) => Some(Claim::Value(v.checked_add(gametree::value::Value::ONE).unwrap())),
                Claim::Evaluated(n) => Some(Claim::Evaluated(n + 1)),
                _ => None,
            })
            .map(|claim| Expectation::new(claim, 1))
            .collect();
        for verdict in check(&facts, &changed).unwrap() {
            prop_assert!(!verdict.passed, "{:?}", verdict);
        }
    }
}

proptest! {
    /// The facts find pruned nodes and parents from the cuts' tops and the
    /// trace alone; a walk of the whole tree must agree, and a pruned list's
    /// partial credit is the nodes it covers that are pruned less those
    /// visited, over the nodes pruned, never below 0.
    #[test]
    fn pruned_facts_and_credit_agree_with_a_walk_of_the_tree(
        text in tree_texts(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        use std::collections::HashSet;
        use gametree::tree::{GameTree, subtree};
        let tree = parse("tree", &text).unwrap();
        let mut trace = Trace::new();
        let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
        let facts = Facts::new(&tree, &result, &trace, false);
        let all = subtree(&tree, tree.root());
        let mut pruned = HashSet::new();
        for cut in &facts.cuts {
            for &top in &cut.pruned {
                pruned.extend(subtree(&tree, top));
            }
        }
        for &node in &all {
            prop_assert_eq!(facts.is_pruned(node), pruned.contains(&node));
            for child in tree.children(node) {
                prop_assert_eq!(facts.parent(child), Some(node));
            }
        }
        prop_assert_eq!(facts.parent(tree.root()), None);
        prop_assert_eq!(facts.pruned_count(), pruned.len());
        let listed: Vec<_> = picks.iter().map(|i| all[i.index(all.len())]).collect();
        let covered: HashSet<_> = listed.iter().flat_map(|&n| subtree(&tree, n)).collect();
        // Each covered node is right if pruned, false if visited; the
        // false ones take back right ones, over the nodes pruned.
        let right = covered.intersection(&pruned).count();
        let false_ = covered.len() - right;
        let share = match pruned.len() {
            0 => if covered.is_empty() { 1.0 } else { 0.0 },
            all => right.saturating_sub(false_) as f64 / all as f64,
        };
        let ids: Vec<String> = listed.iter().map(|&n| tree.id(n)).collect();
        let outcome = facts.compare(&Claim::Pruned(ids)).unwrap();
        let expected = if outcome.passed { 1.0 } else { share.min(0.99) };
        prop_assert!((outcome.credit - expected).abs() < 1e-12, "{} vs {}", outcome.credit, expected);
    }
}

/// Claims about every node of a tree, true or not: what a student might
/// write, each kind once per node.
fn claims_about_every_node(tree: &Tree, value: i32) -> Vec<Claim> {
    use gametree::check::Relation;
    use gametree::tree::GameTree;
    use gametree::value::{CutKind, Value};
    let v = Value::from_int(value.into()).unwrap();
    tree.nodes()
        .flat_map(|n| {
            let id = tree.id(n);
            [
                Claim::Node {
                    node: id.clone(),
                    relation: Relation::AtLeast,
                    value: v,
                },
                Claim::Node {
                    node: id.clone(),
                    relation: Relation::Equal,
                    value: v,
                },
                Claim::Window {
                    node: id.clone(),
                    alpha: v,
                    beta: Value::POS_INF,
                },
                Claim::Cut {
                    node: id.clone(),
                    kind: CutKind::Alpha,
                },
                Claim::Cut {
                    node: id.clone(),
                    kind: CutKind::Beta,
                },
                Claim::Pruned(vec![id.clone()]),
                Claim::Leaves(vec![id.clone()]),
                Claim::Best(id),
            ]
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn any_claim_gets_a_verdict_and_an_explanation(text in tree_texts(), value in -4i32..5) {
        let tree = parse("tree", &text).unwrap();
        let claims: Vec<Expectation> = claims_about_every_node(&tree, value)
            .into_iter()
            .map(|claim| Expectation::new(claim, 1))
            .collect();
        for algorithm in Algorithm::ALL {
            for options in options_for(algorithm) {
                let mut trace = Trace::new();
                let result = search(&tree, algorithm, options, &mut trace).unwrap();
                let facts = Facts::new(&tree, &result, &trace, options.strict);
                for verdict in check(&facts, &claims).unwrap() {
                    prop_assert!(!verdict.explanation.is_empty(), "{:?}", verdict);
                    prop_assert!(!verdict.actual.is_empty(), "{:?}", verdict);
                }
            }
        }
    }

    #[test]
    fn listing_every_pruned_node_is_right(text in tree_texts()) {
        use gametree::tree::GameTree;
        let tree = parse("tree", &text).unwrap();
        for options in all_options() {
            let mut trace = Trace::new();
            let result = search(&tree, Algorithm::AlphaBeta, options, &mut trace).unwrap();
            let visited: Vec<_> = trace.visited().collect();
            let pruned: Vec<String> = tree
                .nodes()
                .filter(|n| !visited.contains(n))
                .map(|n| tree.id(n))
                .collect();
            if pruned.is_empty() {
                continue;
            }
            let facts = Facts::new(&tree, &result, &trace, options.strict);
            let claim = Expectation::new(Claim::Pruned(pruned), 1);
            let verdict = &check(&facts, &[claim]).unwrap()[0];
            prop_assert!(verdict.passed, "{:?}", verdict);
        }
    }
}
