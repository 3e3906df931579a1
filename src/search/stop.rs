//! Stopping a search from outside, between nodes: a front end that runs a
//! long search on a thread of its own (the Python package on Ctrl-C) sets
//! a flag, and the search returns [`SearchError::Stopped`] at the next
//! interior node it enters.
//!
//! [`SearchError::Stopped`]: super::SearchError::Stopped

use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that stops the searches given it (in [`Options::stop`]) at the
/// next interior node they enter, once set.
///
/// It refers to a flag that lives as long as the program, so that
/// [`Options`] stays a plain value to copy: a `static`, or one flag per
/// thread made once with `Box::leak`.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use gametree::search::{search, Algorithm, Options, SearchError, Stop};
/// use gametree::trace::NoRecorder;
///
/// static STOP: AtomicBool = AtomicBool::new(true);
/// let tree = gametree::syntax::parse("t", "[[3 12 8] [2 4 6]]").unwrap();
/// let options = Options { stop: Some(Stop::new(&STOP)), ..Options::default() };
/// let stopped = search(&tree, Algorithm::AlphaBeta, options, &mut NoRecorder);
/// assert_eq!(stopped, Err(SearchError::Stopped));
/// STOP.store(false, Ordering::Relaxed);
/// assert!(search(&tree, Algorithm::AlphaBeta, options, &mut NoRecorder).is_ok());
/// ```
///
/// [`Options`]: super::Options
/// [`Options::stop`]: super::Options::stop
#[derive(Clone, Copy, Debug)]
pub struct Stop(&'static AtomicBool);

impl Stop {
    /// A stop that reads `flag`: the searches stop once it is true.
    pub fn new(flag: &'static AtomicBool) -> Stop {
        Stop(flag)
    }

    /// Whether the flag is set.
    #[inline]
    pub fn is_set(self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Two stops are the same when they read the same flag.
impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Stop {}
