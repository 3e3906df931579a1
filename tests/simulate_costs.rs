//! The simulation's smallest split and its cost of sharing: a minimum no
//! eldest reaches is sequential alpha-beta on any number of processors,
//! the minimum is compared with the eldest's whole subtree, a split's
//! cost is paid once for every brother handed out, and neither changes
//! the value.

mod common;

use common::simulation::tree_of;
use common::threads::brothers;
use common::{all_options, oracle, shapes};
use gametree::search::{Model, Options, Simulation, simulate, simulate_with};
use gametree::syntax::parse;
use gametree::trace::NoRecorder;
use gametree::tree::{GameTree, NodeId, Tree};
use proptest::prelude::*;

/// `base` splitting `split_depth` plies deep, with scout or full
/// brothers and the smallest split `min`.
fn split_options(base: Options, scout: bool, split_depth: usize, min: Option<u64>) -> Options {
    Options {
        young_brothers: Some(brothers(scout)),
        split_depth: Some(split_depth),
        split_min_nodes: min,
        ..base
    }
}

/// The simulation of `tree` under `options` on `p` processors, each
/// brother costing `cost` steps.
fn simulated(tree: &Tree, options: Options, p: usize, cost: u64) -> Simulation<NodeId> {
    let model = Model {
        split_cost: cost,
        ..Model::default()
    };
    simulate_with(tree, options, model, p, &mut NoRecorder).unwrap()
}

/// The steps of [`simulated`], and its nodes.
fn steps(tree: &Tree, options: Options, p: usize, cost: u64) -> (u64, u64) {
    let simulation = simulated(tree, options, p, cost);
    (simulation.steps, simulation.result.stats.nodes_visited)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn a_smallest_split_no_eldest_reaches_is_sequential_alphabeta(
        shape in shapes(),
        p in 1usize..17,
        scout in any::<bool>(),
        split_depth in 1usize..6,
        cost in 0u64..4,
    ) {
        let tree = tree_of(&shape);
        let options = split_options(Options::default(), scout, split_depth, Some(u64::MAX));
        let simulation = simulated(&tree, options, p, cost);
        prop_assert_eq!(simulation.steps, simulation.sequential_steps);
        prop_assert_eq!(simulation.result.stats.nodes_visited, simulation.sequential_steps);
        prop_assert_eq!(simulation.idle_steps, (p as u64 - 1) * simulation.steps);
    }

    #[test]
    fn a_smallest_split_and_its_cost_keep_the_value(
        shape in shapes(),
        p in 1usize..17,
        scout in any::<bool>(),
        split_depth in 1usize..6,
        min in 0u64..40,
        cost in 1u64..5,
    ) {
        let tree = tree_of(&shape);
        for base in all_options() {
            let options = split_options(base, scout, split_depth, Some(min));
            let simulation = simulated(&tree, options, p, cost);
            prop_assert_eq!(simulation.result.score.value, oracle(&tree, tree.root()));
            // Every processor-step is a node, idle, or a step of taking a
            // brother. Those come whole, but for the prices still being
            // paid when the root got its value: one at most on each other
            // processor, one step short at least.
            let nodes = simulation.result.stats.nodes_visited;
            let busy = simulation.steps * p as u64 - simulation.idle_steps;
            let prices = cost * simulation.brothers_taken;
            prop_assert!(busy >= nodes);
            let taking = busy - nodes;
            prop_assert!(taking <= prices, "{} steps taking, {} in prices", taking, prices);
            prop_assert!(prices - taking <= (p as u64 - 1) * (cost - 1));
        }
    }

    #[test]
    fn one_processor_pays_the_cost_once_for_every_brother(
        shape in shapes(),
        split_depth in 1usize..6,
        min in prop::option::of(0u64..20),
    ) {
        let tree = tree_of(&shape);
        let options = split_options(Options::default(), false, split_depth, min);
        let (free, nodes) = steps(&tree, options, 1, 0);
        let (one, one_nodes) = steps(&tree, options, 1, 1);
        let (three, three_nodes) = steps(&tree, options, 1, 3);
        prop_assert_eq!(free, nodes);
        prop_assert_eq!((one_nodes, three_nodes), (nodes, nodes));
        let brothers = one - free;
        prop_assert_eq!(three - free, 3 * brothers);
        // The root is within any split depth, its window never cuts, and
        // with no minimum it shares every child after the eldest.
        let children = tree.children(tree.root()).count() as u64;
        if min.unwrap_or(0) == 0 && children > 1 {
            prop_assert!(brothers >= children - 1, "{brothers} brothers, {children} children");
        }
    }
}

/// A brother cut while a processor is still paying for it is paid in
/// full: here a scout test finds a split node refuted against the root's
/// bound while the other processor has paid one of the two steps of its
/// next brother (a case the property test above once drew).
#[test]
fn a_brother_cut_while_being_taken_is_paid_in_full() {
    let tree = parse("cut", "max [min [-1] min [0] min [0 0 0 0] min [0 0 0 0]]").unwrap();
    for base in all_options() {
        let options = split_options(base, true, 2, Some(0));
        let simulation = simulated(&tree, options, 2, 2);
        assert_eq!(simulation.result.score.value, oracle(&tree, tree.root()));
        let nodes = simulation.result.stats.nodes_visited;
        let busy = simulation.steps * 2 - simulation.idle_steps;
        assert!(simulation.brothers_taken > 0);
        assert_eq!(busy - nodes, 2 * simulation.brothers_taken, "{base:?}");
    }
}

/// The minimum is compared with every node of the eldest's subtree, the
/// eldest included: three nodes split at a minimum of 3, not at 4.
#[test]
fn the_minimum_counts_the_eldests_whole_subtree() {
    let tree = parse("lecture", "max [min [3 5] min [2 9] min [0 1]]").unwrap();
    let with = |split_min_nodes| Options {
        split_min_nodes,
        ..Options::default()
    };
    let at = |min| simulate(&tree, with(min), 2, &mut NoRecorder).unwrap();
    let sequential = at(Some(4));
    assert_eq!(sequential.steps, sequential.sequential_steps);
    let split = at(Some(3));
    assert!(
        split.steps < split.sequential_steps,
        "{:?}",
        split.summary()
    );
    assert_eq!(at(Some(0)).summary(), split.summary());
    assert_eq!(at(None).summary(), split.summary(), "none is no minimum");
}

/// `solve --simulate` takes `--split-min-nodes`: a minimum the lecture's
/// tree never reaches leaves the second processor idle throughout, and
/// none splits as before.
#[test]
fn the_command_line_simulates_a_smallest_split() {
    let simulated = |extra: &[&str]| {
        let mut args = vec![
            "solve",
            "trees/parallel-lecture-beta-cuts.tree",
            "--algo",
            "parallel",
            "--simulate",
            "2",
        ];
        args.extend_from_slice(extra);
        let output = common::gametree(args).output();
        assert!(output.status.success(), "{output:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        stdout.lines().rev().take(2).collect::<Vec<_>>().join("\n")
    };
    let never = simulated(&["--split-min-nodes", "1000"]);
    assert!(
        never.contains("10 steps, sequential alpha-beta 10 steps"),
        "{never}"
    );
    assert!(never.contains("10 idle processor-steps"), "{never}");
    assert_eq!(simulated(&["--split-min-nodes", "0"]), simulated(&[]));
    assert!(!simulated(&[]).contains(": 10 steps"), "no minimum splits");
}
