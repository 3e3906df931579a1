//! The simulation with ABDADA's deferral of busy split nodes, and with
//! work handed out as a work-stealing pool hands it out: alpha-beta's
//! value on any number of processors, the plain schedule on one, and,
//! with deferral off, the schedule of the plain simulation.

mod common;

use common::simulation::entries;
use common::threads::brothers;
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn deferring_gives_the_oracles_value_on_any_processors(
        shape in shapes(),
        p in 1usize..17,
        scout in any::<bool>(),
        split_depth in 1usize..6,
        width in prop::option::of(1usize..4),
        stealing in any::<bool>(),
    ) {
        let tree: Tree = parse("random", &shape.text()).unwrap();
        let deferral = if stealing { Deferral::Stealing } else { Deferral::Busy };
        for base in all_options() {
            let options = Options {
                young_brothers: Some(brothers(scout)),
                split_depth: Some(split_depth),
                width,
                ..base
            };
            let simulation =
                simulate_deferring(&tree, options, deferral, p, &mut NoRecorder).unwrap();
            prop_assert_eq!(simulation.result.score.value, oracle(&tree, tree.root()));
            let nodes = simulation.result.stats.nodes_visited;
            prop_assert_eq!(simulation.steps * p as u64, nodes + simulation.idle_steps);
            let mut schedule = Schedule::new();
            let recorded = simulate_deferring(&tree, options, deferral, p, &mut schedule).unwrap();
            prop_assert_eq!(recorded.steps, simulation.steps);
            prop_assert_eq!(recorded.result.score, simulation.result.score);
        }
    }

    #[test]
    fn deferring_on_one_processor_changes_nothing(shape in shapes(), scout in any::<bool>()) {
        let tree: Tree = parse("random", &shape.text()).unwrap();
        let options = Options { young_brothers: Some(brothers(scout)), ..Options::default() };
        for deferral in [Deferral::Busy, Deferral::Stealing] {
            prop_assert_eq!(
                acts_of(&tree, options, deferral, 1),
                acts_of(&tree, options, Deferral::Off, 1)
            );
        }
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
    for deferral in [Deferral::Busy, Deferral::Stealing] {
        let deferred = simulate_deferring(&tree, options, deferral, 8, &mut NoRecorder).unwrap();
        assert_eq!(deferred.result.score, plain.result.score);
        assert_ne!(
            acts_of(&tree, options, Deferral::Off, 8),
            acts_of(&tree, options, deferral, 8),
            "{deferral:?} hands out the brothers in another order"
        );
    }
}

/// Who enters what when, on two processors: (time, processor, node name).
fn named_entries(tree: &Tree, options: Options, deferral: Deferral) -> Vec<(u64, usize, String)> {
    let mut schedule = Schedule::new();
    simulate_deferring(tree, options, deferral, 2, &mut schedule).unwrap();
    entries(&schedule)
        .into_iter()
        .map(|(time, p, node)| (time, p, tree.id(node)))
        .collect()
}

/// P1 finishes the root's brother C at step 6, when P0 has just opened B.
/// The lecture's rule gives P1 B's last brother, the eldest waiting; a
/// work-stealing pool lets P1 go on with the root, the node it works at,
/// and B's last brother waits for P0, as a thread's own queue waits for
/// it.
#[test]
fn stealing_goes_on_with_the_node_a_processor_works_at() {
    let tree = parse(
        "steal",
        "max [A min [5 6] B min [7 8 9] C min [3] D min [1 2]]",
    )
    .unwrap();
    let options = Options {
        young_brothers: Some(YoungBrothers::Full),
        split_depth: Some(2),
        ..Options::default()
    };
    let at = |entries: &[(u64, usize, String)], time: u64, processor: usize| {
        let entered = entries
            .iter()
            .find(|(t, p, _)| (*t, *p) == (time, processor));
        entered.map(|(_, _, name)| name.clone())
    };
    let plain = named_entries(&tree, options, Deferral::Off);
    let stealing = named_entries(&tree, options, Deferral::Stealing);
    assert_eq!(plain[..8], stealing[..8], "the same up to step 6");
    assert_eq!(at(&plain, 6, 1).as_deref(), Some("@3.1"));
    assert_eq!(at(&plain, 7, 1).as_deref(), Some("@2.3"));
    assert_eq!(at(&stealing, 7, 1).as_deref(), Some("D"));
    assert_eq!(at(&stealing, 8, 0).as_deref(), Some("@2.3"));
}
