//! Scout brothers in the simulation: a test that cuts its split node
//! ends it.

use std::sync::mpsc;
use std::time::Duration;

use gametree::games::random::{RandomSpec, RandomTree};
use gametree::search::{Algorithm, Options, YoungBrothers, search, simulate};
use gametree::trace::NoRecorder;

/// A test that cuts its split node cuts it in the simulation, as the real
/// search stops the brothers at such a test, even when the node's value
/// so far is a bound from the other side (below crossed windows). The
/// simulation used to fold the test without cutting and then wait for
/// ever on that brother, never tested again nor running: these trees
/// hung on 3 and 4 processors.
#[test]
fn a_test_that_cuts_ends_its_split_node_in_the_simulation() {
    let cases = [(5, 4, 3, 3), (5, 4, 3, 4), (6, 4, 5, 3), (6, 4, 5, 4)];
    for (branching, depth, seed, p) in cases {
        let tree = RandomTree::new(RandomSpec::new(branching, depth, seed));
        let expected = search(
            &tree,
            Algorithm::AlphaBeta,
            Options::default(),
            &mut NoRecorder,
        )
        .unwrap()
        .score
        .value;
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
