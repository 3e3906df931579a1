//! How the workers of a parallel search spent their time, for the
//! benchmark (feature `worker-log`; without it none of this is built and
//! the search pays nothing).
//!
//! Nearly all the work of a parallel search is sequential alpha-beta,
//! which never waits for anything: the subtrees below the split depth, and
//! the younger brothers a node within it searches itself, one after
//! another, when its eldest's subtree was too small to share them. So each
//! such search is logged as an interval on the worker that made it, and a
//! worker is *busy* while it is inside one; the rest of the search's time
//! it is waiting (for a brother to return, for work to steal) or doing the
//! split nodes' few steps.

use std::fmt::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One sequential search: a subtree below the split depth, or the
/// younger brothers a node kept.
#[derive(Clone, Copy, Debug)]
pub struct Interval {
    /// The rayon worker (0 outside a pool).
    pub worker: usize,
    /// When it started and ended, from the start of the search.
    pub start: Duration,
    /// See `start`.
    pub end: Duration,
    /// Whether a cut above stopped it (its work was wasted).
    pub cancelled: bool,
}

/// The log of one parallel search.
#[derive(Clone, Debug, Default)]
pub struct Log {
    /// From the start of the search to its end.
    pub wall: Duration,
    /// When the first younger brothers were handed out, from the start:
    /// until then one worker searches the eldest line alone.
    pub first_split: Option<Duration>,
    /// The sequential searches, in the order they ended.
    pub intervals: Vec<Interval>,
}

struct State {
    start: Option<Instant>,
    log: Log,
}

static STATE: Mutex<State> = Mutex::new(State {
    start: None,
    log: Log {
        wall: Duration::ZERO,
        first_split: None,
        intervals: Vec::new(),
    },
});

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn since_start(state: &State) -> Duration {
    state.start.map_or(Duration::ZERO, |start| start.elapsed())
}

/// Starts the log of a search.
pub(super) fn begin() {
    let mut state = state();
    state.start = Some(Instant::now());
    state.log = Log::default();
}

/// Ends the log of a search.
pub(super) fn end() {
    let mut state = state();
    state.log.wall = since_start(&state);
}

/// Notes that younger brothers are being handed out.
pub(super) fn split() {
    let mut state = state();
    if state.log.first_split.is_none() {
        state.log.first_split = Some(since_start(&state));
    }
}

/// A sequential search under way (see [`Interval`]).
pub(super) struct Busy {
    start: Instant,
}

impl Busy {
    /// Starts timing a sequential search.
    pub(super) fn start() -> Busy {
        Busy {
            start: Instant::now(),
        }
    }

    /// Logs the search, which a cut above stopped when `cancelled`.
    pub(super) fn finish(self, cancelled: bool) {
        let end = Instant::now();
        let mut state = state();
        let Some(origin) = state.start else { return };
        let interval = Interval {
            worker: rayon::current_thread_index().unwrap_or(0),
            start: self.start.saturating_duration_since(origin),
            end: end.saturating_duration_since(origin),
            cancelled,
        };
        state.log.intervals.push(interval);
    }
}

/// The log of the last search, leaving an empty one.
pub fn take() -> Log {
    std::mem::take(&mut state().log)
}

/// What the logs of several runs of one search say, in a few lines: each
/// worker's share of the time busy and wasted, the time by number of busy
/// workers, and the time one worker searched alone before the first split.
pub fn summary(logs: &[Log]) -> String {
    let workers = logs
        .iter()
        .flat_map(|log| log.intervals.iter().map(|i| i.worker + 1))
        .max()
        .unwrap_or(1);
    let wall: f64 = logs.iter().map(|log| log.wall.as_secs_f64()).sum();
    let mut busy = vec![0.0; workers];
    let mut wasted = vec![0.0; workers];
    let mut at_once = vec![0.0; workers + 1];
    let mut alone_first = 0.0;
    for log in logs {
        for i in &log.intervals {
            let length = (i.end - i.start).as_secs_f64();
            busy[i.worker] += length;
            if i.cancelled {
                wasted[i.worker] += length;
            }
        }
        for (count, length) in concurrency(log, workers) {
            at_once[count] += length;
        }
        alone_first += log.first_split.unwrap_or(log.wall).as_secs_f64();
    }
    let share = |x: f64| 100.0 * x / wall.max(f64::MIN_POSITIVE);
    let mut out = String::from("    busy in sequential searches (of which stopped by a cut):");
    for w in 0..workers {
        let _ = write!(
            out,
            " W{w} {:.0}% ({:.0}%)",
            share(busy[w]),
            share(wasted[w])
        );
    }
    out.push_str("\n    time with k workers busy:");
    for (k, length) in at_once.iter().enumerate() {
        let _ = write!(out, " k={k} {:.0}%", share(*length));
    }
    let _ = write!(
        out,
        "\n    before the first split, one worker alone: {:.1}%",
        share(alone_first)
    );
    out
}

/// The lengths of time during which each number of workers was busy.
fn concurrency(log: &Log, workers: usize) -> Vec<(usize, f64)> {
    let mut edges: Vec<(Duration, i32)> = Vec::new();
    for i in &log.intervals {
        edges.push((i.start, 1));
        edges.push((i.end, -1));
    }
    edges.push((log.wall, 0));
    edges.sort_by_key(|&(at, delta)| (at, delta));
    let mut out = Vec::new();
    let mut busy: i32 = 0;
    let mut last = Duration::ZERO;
    for (at, delta) in edges {
        let count = usize::try_from(busy).unwrap_or(0).min(workers);
        out.push((count, at.saturating_sub(last).as_secs_f64()));
        last = at.max(last);
        busy += delta;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interval(worker: usize, start: u64, end: u64, cancelled: bool) -> Interval {
        Interval {
            worker,
            start: Duration::from_millis(start),
            end: Duration::from_millis(end),
            cancelled,
        }
    }

    #[test]
    fn the_time_is_split_by_the_number_of_busy_workers() {
        // W0 busy 0..60, W1 busy 20..80 (stopped), a 100 ms search.
        let log = Log {
            wall: Duration::from_millis(100),
            first_split: Some(Duration::from_millis(10)),
            intervals: vec![interval(0, 0, 60, false), interval(1, 20, 80, true)],
        };
        let mut at_once = [0.0; 3];
        for (k, length) in concurrency(&log, 2) {
            at_once[k] += length;
        }
        let ms = |x: f64| (x * 1000.0).round();
        assert_eq!(at_once.map(ms), [20.0, 40.0, 40.0]);
        let text = summary(&[log]);
        assert!(text.contains("W0 60% (0%) W1 60% (60%)"), "{text}");
        assert!(text.contains("k=0 20% k=1 40% k=2 40%"), "{text}");
        assert!(text.contains("one worker alone: 10.0%"), "{text}");
    }
}
