//! The simulation without a recorder keeps only the frames of the nodes
//! being searched, and takes exactly the steps of the simulation that
//! records everything: the same value, line, counts, steps and idle
//! processor-steps on every tree.

mod common;

use common::shapes;
use gametree::games::random::{RandomSpec, RandomTree};
use gametree::search::{Options, SearchError, Simulation, YoungBrothers, simulate};
use gametree::syntax::parse;
use gametree::trace::{NoRecorder, Schedule};
use gametree::tree::GameTree;
use proptest::prelude::*;

/// The figures that must not depend on the recorder.
fn figures<N: Clone + std::fmt::Debug>(
    s: &Simulation<N>,
) -> (String, Vec<N>, String, u64, u64, u64) {
    (
        format!("{:?}", s.result.score),
        s.result.principal_variation.clone(),
        format!("{:?}", s.result.stats),
        s.steps,
        s.sequential_steps,
        s.idle_steps,
    )
}

/// Simulates `tree` recording everything, then with no recorder, and
/// checks both give the same figures; returns the unrecorded simulation.
fn same_either_way<T>(tree: &T, options: Options, p: usize) -> Simulation<T::Node>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    let mut schedule = Schedule::new();
    let recorded = simulate(tree, options, p, &mut schedule).unwrap();
    let bare = simulate(tree, options, p, &mut NoRecorder).unwrap();
    assert_eq!(figures(&recorded), figures(&bare), "{options:?} on {p}");
    bare
}

fn options(scout: bool, split_depth: usize, width: Option<usize>) -> Options {
    Options {
        young_brothers: Some(match scout {
            true => YoungBrothers::Scout,
            false => YoungBrothers::Full,
        }),
        split_depth: Some(split_depth),
        width,
        ..Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn freeing_frames_changes_no_figure(
        shape in shapes(),
        p in 1usize..40,
        scout in any::<bool>(),
        split_depth in 0usize..6,
        width in prop::option::of(1usize..5),
    ) {
        let tree = parse("random", &shape.text()).unwrap();
        same_either_way(&tree, options(scout, split_depth, width), p);
    }
}

#[test]
fn freeing_frames_changes_no_figure_on_generated_trees() {
    for (branching, depth) in [(3, 8), (4, 7), (6, 5), (8, 5)] {
        for seed in 1..4 {
            let tree = RandomTree::new(RandomSpec::new(branching, depth, seed));
            for p in [2, 3, 16, 64] {
                for scout in [false, true] {
                    same_either_way(&tree, options(scout, 4, None), p);
                }
            }
        }
    }
}

#[test]
fn without_a_recorder_the_frames_held_do_not_grow_with_the_tree() {
    let (p, depth) = (16, 7);
    let tree = RandomTree::new(RandomSpec::new(8, depth, 1));
    let mut schedule = Schedule::new();
    let recorded = simulate(&tree, Options::default(), p, &mut schedule).unwrap();
    let bare = simulate(&tree, Options::default(), p, &mut NoRecorder).unwrap();
    // Recording keeps a frame for every interior node entered: thousands.
    assert!(recorded.peak_frames > 5_000, "{}", recorded.peak_frames);
    // Without, a chain of at most `depth` frames per processor, and the
    // split nodes their brothers hang from.
    let bound = 2 * p * depth;
    assert!(bare.peak_frames <= bound, "{} > {bound}", bare.peak_frames);
}

#[test]
fn a_chance_node_the_simulation_enters_is_refused() {
    let tree = parse("chance", "max [min [1 2] chance [3 4]]").unwrap();
    let refused = simulate(&tree, Options::default(), 2, &mut NoRecorder).unwrap_err();
    assert!(
        matches!(refused, SearchError::ChanceUnsupported { .. }),
        "{refused:?}"
    );
    let root = parse("chance", "chance [1 2]").unwrap();
    let refused = simulate(&root, Options::default(), 2, &mut NoRecorder).unwrap_err();
    assert!(
        matches!(refused, SearchError::ChanceUnsupported { .. }),
        "{refused:?}"
    );
}
