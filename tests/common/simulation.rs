//! Running the simulation in tests, and the check that one processor is
//! sequential alpha-beta.

use gametree::search::{Algorithm, Options, Simulation, search, simulate};
use gametree::syntax::parse;
use gametree::trace::{Event, Happening, Schedule, Trace};
use gametree::tree::{NodeId, Tree};

use super::Shape;

pub(crate) fn tree_of(shape: &Shape) -> Tree {
    parse("random", &shape.text()).unwrap()
}

pub(crate) fn scheduled(
    tree: &Tree,
    options: Options,
    p: usize,
) -> (Simulation<NodeId>, Schedule<NodeId>) {
    let mut schedule = Schedule::new();
    let simulation = simulate(tree, options, p, &mut schedule).unwrap();
    (simulation, schedule)
}

pub(crate) fn alphabeta_trace(tree: &Tree, options: Options) -> Trace<NodeId> {
    let mut trace = Trace::new();
    search(tree, Algorithm::AlphaBeta, options, &mut trace).unwrap();
    trace
}

/// One processor is sequential alpha-beta, event for event, one node a
/// step, never idle, nothing speculative.
pub(crate) fn assert_sequential(tree: &Tree, options: Options) {
    let (simulation, schedule) = scheduled(tree, options, 1);
    let expected = alphabeta_trace(tree, options);
    assert_eq!(schedule.trace().events, expected.events, "{options:?}");
    let visits = expected.visited().count() as u64;
    assert_eq!(simulation.steps, visits);
    assert_eq!(simulation.sequential_steps, visits);
    assert_eq!(simulation.idle_steps, 0);
    assert!(
        schedule
            .visits()
            .all(|(_, p, speculative)| p == 0 && !speculative)
    );
    let times: Vec<u64> = entries(&schedule)
        .iter()
        .map(|&(time, _, _)| time)
        .collect();
    assert_eq!(times, (1..=visits).collect::<Vec<_>>(), "one node a step");
}

/// Each node entered in `schedule`: when, by which processor, and which.
pub(crate) fn entries(schedule: &Schedule<NodeId>) -> Vec<(u64, usize, NodeId)> {
    schedule
        .acts
        .iter()
        .filter_map(|act| match &act.what {
            Happening::Search {
                event: Event::Enter { node, .. },
                ..
            } => Some((act.time, act.processor, *node)),
            _ => None,
        })
        .collect()
}
