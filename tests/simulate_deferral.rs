//! The simulation with ABDADA's deferral of busy split nodes: alpha-beta's
//! value on any number of processors, the plain schedule on one, and,
//! with deferral off, the schedule of the plain simulation.

mod common;

use common::{all_options, oracle, shapes};
use gametree::games::random::{RandomSpec, RandomTree};
use gametree::search::{Deferral, Options, YoungBrothers, simulate, simulate_deferring};
use gametree::syntax::parse;
use gametree::trace::{NoRecorder, Schedule};
use gametree::tree::{GameTree, Tree};
use proptest::prelude::*;

/// The schedule of `tree` on `p` processors, every act recorded.
fn acts_of<T>(tree: &T, options: Options, deferral: Deferral, p: usize) -> String
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    let mut schedule = Schedule::new();
    simulate_deferring(tree, options, deferral, p, &mut schedule).unwrap();
    format!("{:?}", schedule.acts)
}

fn brothers(scout: bool) -> YoungBrothers {
    match scout {
        true => YoungBrothers::Scout,
        false => YoungBrothers::Full,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn deferring_gives_the_oracles_value_on_any_processors(
        shape in shapes(),
        p in 1usize..17,
        scout in any::<bool>(),
        split_depth in 1usize..6,
        width in prop::option::of(1usize..4),
    ) {
        let tree: Tree = parse("random", &shape.text()).unwrap();
        for base in all_options() {
            let options = Options {
                young_brothers: Some(brothers(scout)),
                split_depth: Some(split_depth),
                width,
                ..base
            };
            let simulation =
                simulate_deferring(&tree, options, Deferral::Busy, p, &mut NoRecorder).unwrap();
            prop_assert_eq!(simulation.result.score.value, oracle(&tree, tree.root()));
            let nodes = simulation.result.stats.nodes_visited;
            prop_assert_eq!(simulation.steps * p as u64, nodes + simulation.idle_steps);
            let mut schedule = Schedule::new();
            let recorded = simulate_deferring(&tree, options, Deferral::Busy, p, &mut schedule).unwrap();
            prop_assert_eq!(recorded.steps, simulation.steps);
            prop_assert_eq!(recorded.result.score, simulation.result.score);
        }
    }

    #[test]
    fn deferring_on_one_processor_changes_nothing(shape in shapes(), scout in any::<bool>()) {
        let tree: Tree = parse("random", &shape.text()).unwrap();
        let options = Options { young_brothers: Some(brothers(scout)), ..Options::default() };
        prop_assert_eq!(
            acts_of(&tree, options, Deferral::Busy, 1),
            acts_of(&tree, options, Deferral::Off, 1)
        );
        if !scout {
            let simulation =
                simulate_deferring(&tree, options, Deferral::Busy, 1, &mut NoRecorder).unwrap();
            prop_assert_eq!(simulation.steps, simulation.sequential_steps);
            prop_assert_eq!(simulation.idle_steps, 0);
        }
    }

    #[test]
    fn deferral_off_is_the_plain_simulation(shape in shapes(), p in 2usize..9, scout in any::<bool>()) {
        let tree: Tree = parse("random", &shape.text()).unwrap();
        let options = Options { young_brothers: Some(brothers(scout)), ..Options::default() };
        let mut schedule = Schedule::new();
        simulate(&tree, options, p, &mut schedule).unwrap();
        prop_assert_eq!(format!("{:?}", schedule.acts), acts_of(&tree, options, Deferral::Off, p));
    }
}

#[test]
fn deferring_changes_the_schedule_but_not_the_value_on_a_random_tree() {
    let tree = RandomTree::new(RandomSpec::new(6, 6, 1));
    let options = Options {
        young_brothers: Some(YoungBrothers::Full),
        ..Options::default()
    };
    let plain = simulate_deferring(&tree, options, Deferral::Off, 8, &mut NoRecorder).unwrap();
    let deferred = simulate_deferring(&tree, options, Deferral::Busy, 8, &mut NoRecorder).unwrap();
    assert_eq!(deferred.result.score, plain.result.score);
    assert_ne!(
        acts_of(&tree, options, Deferral::Off, 8),
        acts_of(&tree, options, Deferral::Busy, 8),
        "deferral hands out the brothers in another order"
    );
}
