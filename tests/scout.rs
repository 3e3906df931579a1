//! Scout brothers' second searches, in the real search and the simulation,
//! taken as the sequential PVS (Reinefeld's NegaScout) takes them: a test
//! whose score is exact is not searched again, and a second search starts
//! from the bound its test proved, not from the split node's.
//!
//! Both trees below have a leaf as the root's eldest (worth 1) and one
//! younger brother B, a MIN node whose test against 1 passes. The node
//! counts are worked out by hand in the comments.

mod common;

use common::simulation::scheduled;
use common::threads::pool;
use std::sync::mpsc;
use std::time::Duration;

use gametree::games::random::{RandomSpec, RandomTree};
use gametree::report::schedule_lines;
use gametree::search::{Algorithm, Options, YoungBrothers, search, simulate};
use gametree::syntax::parse;
use gametree::trace::{Event, Happening, NoRecorder, Window};
use gametree::tree::{GameTree, Tree};
use gametree::value::Value;

/// B's test cuts below it (C1 after D2, C2 after its first child), so it
/// only proves B worth at least 6; B is worth 6.
const BOUND_TEST: &str = "[1 [[[3 1 9] [6 7] [5 5]] [[9 9] [9 9]]]]";

/// B's test cuts nowhere that matters: C1 ends after its last child, and
/// B's value is C1's 6, exact, below C2's bound of 9.
const EXACT_TEST: &str = "[1 [[[3 1 9] [6 7]] [[9 9] [9 9]]]]";

/// Scout brothers, the root the only split node, whatever its eldest's
/// size: B's test and second search are sequential alpha-beta.
fn scout_at_the_root() -> Options {
    Options {
        young_brothers: Some(YoungBrothers::Scout),
        split_depth: Some(1),
        split_min_nodes: Some(0),
        ..Options::default()
    }
}

fn tree(text: &str) -> Tree {
    parse("scout", text).unwrap()
}

/// The nodes the real search visits on one thread, and its value.
fn on_one_thread(tree: &Tree) -> (u64, Value) {
    let result = pool(1)
        .install(|| {
            search(
                tree,
                Algorithm::Parallel,
                scout_at_the_root(),
                &mut NoRecorder,
            )
        })
        .unwrap();
    (result.stats.nodes_visited, result.score.value)
}

/// The windows B (`@2`) is entered with in the simulation on two
/// processors, in order, and the line that tells its test's verdict.
fn windows_of_b(tree: &Tree) -> (Vec<Window>, String) {
    let (simulation, schedule) = scheduled(tree, scout_at_the_root(), 2);
    assert_eq!(simulation.result.score.value, Value::from(6));
    let lines = schedule_lines(tree, &schedule, false);
    let verdict = lines
        .into_iter()
        .find(|line| line.contains("test of @2 "))
        .expect("B is tested");
    let windows = schedule
        .trace()
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Enter {
                node,
                window: Some(window),
            } if tree.id(*node) == "@2" => Some(*window),
            _ => None,
        })
        .collect();
    (windows, verdict)
}

#[test]
fn a_second_search_starts_from_the_bound_its_test_proved() {
    let tree = tree(BOUND_TEST);
    let (windows, verdict) = windows_of_b(&tree);
    assert!(
        verdict.ends_with("test of @2 against 1: >=6, passes: searched again from that bound"),
        "{verdict}"
    );
    assert_eq!(windows.len(), 2, "tested, then searched again: {windows:?}");
    assert_eq!(windows[0].alpha, Value::from(1), "the test, against 1");
    assert_eq!(windows[1].alpha, Value::from(6).below(), "{windows:?}");
    assert_eq!(windows[1].beta, Value::POS_INF);
    // The root and its eldest (2); the test: B C1 D1 3 1 D2 6 7 C2 D 9 9
    // (12); the second search from just below 6: B C1 D1 3 (3 is under
    // it: D1 cuts) D2 6 7 D3 5 C2 D 9 9 (13). From 1, D1 would read its
    // second leaf too.
    assert_eq!(on_one_thread(&tree), (27, Value::from(6)));
}

#[test]
fn an_exact_test_is_not_searched_again() {
    let tree = tree(EXACT_TEST);
    let (windows, verdict) = windows_of_b(&tree);
    assert!(
        verdict.ends_with("test of @2 against 1: 6, exact: no second search"),
        "{verdict}"
    );
    assert_eq!(windows.len(), 1, "tested only: {windows:?}");
    let (_, schedule) = scheduled(&tree, scout_at_the_root(), 2);
    let tested = schedule.acts.iter().find_map(|act| match &act.what {
        Happening::Tested { score, passed, .. } => Some((*score, *passed)),
        _ => None,
    });
    let (score, passed) = tested.expect("B is tested");
    assert_eq!(score.value, Value::from(6));
    assert!(!passed, "an exact score needs no second search");
    // The root and its eldest (2); the test: B C1 D1 3 1 D2 6 7 C2 D 9 9
    // (12), and nothing more.
    assert_eq!(on_one_thread(&tree), (14, Value::from(6)));
}

/// A test that cuts its split node cuts it in the simulation, as the real
/// search stops the brothers at such a test, even when the node's value
/// so far is a bound from the other side (below crossed windows). The
/// simulation used to fold the test without cutting and then wait for
/// ever on that brother, never tested again nor running: these trees
/// hung on 3 and 4 processors, and the last on 2 once exact tests were
/// settled without a second search.
#[test]
fn a_test_that_cuts_ends_its_split_node_in_the_simulation() {
    let cases = [
        (5, 4, 3, 3),
        (5, 4, 3, 4),
        (6, 4, 5, 3),
        (6, 4, 5, 4),
        (8, 5, 2, 2),
    ];
    for (branching, depth, seed, p) in cases {
        let tree = RandomTree::new(RandomSpec::new(branching, depth, seed));
        let expected = common::alphabeta_score(&tree).value;
        let (sender, receiver) = mpsc::channel();
        let simulated = tree.clone();
        std::thread::spawn(move || {
            let options = Options {
                young_brothers: Some(YoungBrothers::Scout),
                ..Options::default()
            };
            let simulation = simulate(&simulated, options, p, &mut NoRecorder).unwrap();
            sender.send(simulation.result.score.value).unwrap();
        });
        let case = format!("b={branching} d={depth} seed={seed} on {p}");
        let value = receiver
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{case}: the simulation did not end"));
        assert_eq!(value, expected, "{case}");
    }
}
