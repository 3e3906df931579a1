//! The checker's facts gathered while the search runs (`FactsRecorder`,
//! what `gametree check` uses) are the facts read off the whole trace
//! afterwards (`Facts::new`): the same key, the same pruned nodes, the
//! same visits, for every algorithm, option and example tree, and a
//! random tree large enough to cut deep.

mod common;

use gametree::check::{Facts, FactsRecorder, check};
use gametree::search::{Algorithm, Options, search};
use gametree::syntax::parse_answers;
use gametree::trace::Trace;
use gametree::tree::Tree;

use common::{Mix, example_files, options_for};

/// Asserts that both ways of making the facts of one search agree.
fn assert_same_facts(tree: &Tree, algorithm: Algorithm, options: Options) {
    let mut trace = Trace::new();
    let Ok(result) = search(tree, algorithm, options, &mut trace) else {
        return;
    };
    let mut recorder = FactsRecorder::new(algorithm);
    let again = search(tree, algorithm, options, &mut recorder).unwrap();
    assert_eq!(again.score, result.score);
    let read = Facts::new(tree, &result, &trace, options.strict);
    let recorded = Facts::recorded(tree, &again, recorder, options.strict);
    let what = format!("{algorithm} {options:?}");
    let key = read.answer_key();
    assert_eq!(recorded.answer_key(), key, "{what}");
    assert_eq!(recorded.pruned_count(), read.pruned_count(), "{what}");
    assert_eq!(recorded.leaves, read.leaves, "{what}");
    assert_eq!(recorded.cuts, read.cuts, "{what}");
    let visits = |facts: &Facts<'_, Tree>| -> Vec<(u32, usize, String)> {
        (facts.interior_visits().into_iter())
            .map(|(node, v)| (node, v.entered_at, format!("{:?}", v.provisional)))
            .collect()
    };
    assert_eq!(visits(&recorded), visits(&read), "{what}");
    // The search passes its own key, read either way.
    let text = gametree::check::key_lines(&key);
    let answers = parse_answers("key", &text).unwrap();
    for facts in [&read, &recorded] {
        let verdicts = check(facts, &answers).unwrap();
        assert!(verdicts.iter().all(|v| v.passed), "{what}");
    }
}

/// Every deterministic algorithm (the threads of the parallel search
/// settle its cuts differently from run to run).
fn deterministic() -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL
        .into_iter()
        .filter(|a| *a != Algorithm::Parallel)
}

#[test]
fn facts_recorded_during_the_search_are_those_read_off_its_trace() {
    for file in example_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let tree = gametree::syntax::parse(&file, &text).unwrap();
        for algorithm in deterministic() {
            for options in options_for(algorithm) {
                assert_same_facts(&tree, algorithm, options);
            }
        }
    }
}

#[test]
fn facts_recorded_on_a_random_tree_are_those_read_off_its_trace() {
    // Four children a node, five levels, leaves from 0 to 49 (ties cut).
    let mut mix = Mix(27);
    let mut items: Vec<String> = (0..4usize.pow(5))
        .map(|_| mix.below(50).to_string())
        .collect();
    while items.len() > 1 {
        items = items
            .chunks(4)
            .map(|c| format!("[{}]", c.join(" ")))
            .collect();
    }
    let text = items.remove(0);
    let tree = gametree::syntax::parse("random", &text).unwrap();
    for algorithm in deterministic() {
        for options in options_for(algorithm) {
            assert_same_facts(&tree, algorithm, options);
        }
    }
}
