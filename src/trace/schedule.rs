//! The schedule of a simulated parallel search: what each simulated
//! processor does at each time step, as a list of [`Act`]s received by a
//! [`ScheduleRecorder`].
//!
//! The search's own steps (entering nodes, leaf values, provisional and
//! final values, cuts) are the [`Event`]s of the one trace, each tagged
//! with its time step and processor; the schedule adds only what a
//! parallel search has and a sequential one has not: a bound reaching
//! brothers that are already running, a cut stopping them, and the
//! null-window tests of the scout variant. [`Schedule::trace`] gives the
//! search's events alone, so every view of a trace (the diagram among
//! them) draws a simulated search as it draws any other.

use super::{Event, NoRecorder, Recorder, Trace};
use crate::value::{Scored, Value};

/// What happened in one time step, on one processor or as the result of
/// its work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Act<N> {
    /// The time step, from 1.
    pub time: u64,
    /// The processor, numbered from 0 (shown as P1, P2, ...).
    pub processor: usize,
    /// What happened.
    pub what: Happening<N>,
}

/// One thing a simulated parallel search does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening<N> {
    /// A step of the search itself. An `Enter` or `Leaf` costs the
    /// processor its time step; the other events are results combined at
    /// the end of the step, at no cost.
    Search {
        /// The event, as a sequential search would record it.
        event: Event<N>,
        /// For `Enter` and `Leaf`: the node is one that sequential
        /// alpha-beta never visits (work a parallel search wastes).
        speculative: bool,
    },
    /// A finished brother improved the bound of a split node while other
    /// brothers are still running (not those that finish in the same step): they narrow their windows with it at
    /// their next node.
    Bound {
        /// The split node.
        node: N,
        /// Its new bound, in MAX's terms: alpha at MAX, beta at MIN.
        value: Value,
        /// The brothers it reaches, running now.
        running: Vec<N>,
    },
    /// A cut at `by` stopped a brother already being searched: its
    /// processors drop the work.
    Stop {
        /// The brother whose search stops.
        node: N,
        /// The split node that cut.
        by: N,
        /// The processors that were searching below it.
        processors: Vec<usize>,
    },
    /// A younger brother tested with a null window (scout) came back.
    Tested {
        /// The brother.
        node: N,
        /// What the test returned, in MAX's terms.
        score: Scored,
        /// The value it was tested against.
        against: Value,
        /// Whether it does better with a score that is only a bound, and
        /// must be searched again (an exact score is the brother's value).
        passed: bool,
    },
}

/// Receives what a simulated parallel search does.
pub trait ScheduleRecorder<N> {
    /// Whether this recorder keeps anything; when false, the simulation
    /// builds nothing for it.
    const RECORDS: bool = true;

    /// Receives one act.
    fn act(&mut self, act: Act<N>);
}

impl<N> ScheduleRecorder<N> for NoRecorder {
    const RECORDS: bool = false;

    #[inline(always)]
    fn act(&mut self, _act: Act<N>) {}
}

/// Keeps every act, in order: by time step, and within a step, first what
/// each processor visits (lowest first), then the results it brings.
#[derive(Clone, Debug)]
pub struct Schedule<N> {
    /// The acts, in order.
    pub acts: Vec<Act<N>>,
}

impl<N> Default for Schedule<N> {
    fn default() -> Self {
        Schedule { acts: Vec::new() }
    }
}

impl<N> ScheduleRecorder<N> for Schedule<N> {
    fn act(&mut self, act: Act<N>) {
        self.acts.push(act);
    }
}

impl<N: Clone> Schedule<N> {
    /// An empty schedule.
    pub fn new() -> Schedule<N> {
        Schedule::default()
    }

    /// The search's events alone, in schedule order: the trace every view
    /// of a search reads.
    pub fn trace(&self) -> Trace<N> {
        let mut trace = Trace::new();
        for act in &self.acts {
            if let Happening::Search { event, .. } = &act.what {
                trace.record(event.clone());
            }
        }
        trace
    }
}

impl<N> Schedule<N> {
    /// For each time step, from the first, how many of the search's events
    /// ([`Schedule::trace`]) have happened by its end: the prefixes of the
    /// trace that show the search step by step.
    pub fn step_ends(&self) -> Vec<usize> {
        let mut ends = Vec::new();
        let mut events = 0;
        let mut step = 1;
        for act in &self.acts {
            while act.time > step {
                ends.push(events);
                step += 1;
            }
            if matches!(act.what, Happening::Search { .. }) {
                events += 1;
            }
        }
        if !self.acts.is_empty() {
            ends.push(events);
        }
        ends
    }
}

impl<N: Copy> Schedule<N> {
    /// The processor that entered each node, in visit order (a node
    /// searched twice, as a scout test and again, is listed twice).
    pub fn visits(&self) -> impl Iterator<Item = (N, usize, bool)> + '_ {
        self.acts.iter().filter_map(|act| match &act.what {
            Happening::Search {
                event: Event::Enter { node, .. },
                speculative,
            } => Some((*node, act.processor, *speculative)),
            _ => None,
        })
    }
}
