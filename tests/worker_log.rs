//! The parallel search's worker log (feature `worker-log`): every
//! sequential search a worker makes counts as busy. A test binary of its
//! own, since the log is one for the whole process.
#![cfg(feature = "worker-log")]

use gametree::games::random::{RandomSpec, RandomTree};
use gametree::search::{Algorithm, Options, YoungBrothers, search, worker_log};
use gametree::trace::NoRecorder;

#[test]
fn the_brothers_a_node_keeps_to_itself_are_logged_as_busy() {
    // Split depth 1 on a tree too short for the split depth to count split
    // nodes: only the root lies within it. No eldest is big enough to
    // share its brothers, so the root searches its eldest's subtree below
    // the split depth, then its younger brothers itself, one after
    // another: two sequential searches, one after the other.
    let tree = RandomTree::new(RandomSpec::new(3, 4, 1));
    let options = Options {
        threads: 1,
        split_depth: Some(1),
        split_min_nodes: Some(u64::MAX),
        young_brothers: Some(YoungBrothers::Full),
        ..Options::default()
    };
    worker_log::take();
    search(&tree, Algorithm::Parallel, options, &mut NoRecorder).expect("the search succeeds");
    let log = worker_log::take();
    assert_eq!(log.intervals.len(), 2, "{log:?}");
    assert!(log.intervals[0].end <= log.intervals[1].start, "{log:?}");
    assert!(log.intervals.iter().all(|i| i.end <= log.wall), "{log:?}");
    assert_eq!(log.first_split, None, "nothing was handed out: {log:?}");
}
