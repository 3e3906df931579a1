//! The bookkeeping of a scout split node (see [`super::brothers`]): which
//! younger brothers are taken, tested and settled, when workers may take
//! more, and how many workers are at it.
//!
//! No worker ever waits for another. Brothers are taken in child order.
//! Once a brother passes its test, no more are taken until it is settled,
//! since its second search will change the bound every later test should
//! use. Brothers are settled in child order, each once the ones before it
//! are: whoever records the test of the first unsettled brother settles it
//! and goes on with the tested brothers after it. When settling lets
//! brothers be taken again, the settler says how many workers to add,
//! since the others have gone to work elsewhere meanwhile.

use std::sync::{Mutex, MutexGuard};

/// A brother on the board: not tested yet, tested (with whether it passed)
/// and waiting for the brothers before it, or settled.
enum Slot<X, O> {
    Open,
    Tested(X, bool),
    Settled(O),
}

/// The brothers of one scout split node. `X` is what a test gives, `O`
/// what settling gives.
pub(super) struct Board<X, O> {
    state: Mutex<State<X, O>>,
}

struct State<X, O> {
    slots: Vec<Slot<X, O>>,
    /// The first brother not taken.
    next: usize,
    /// The first brother not settled.
    frontier: usize,
    /// Whether a worker is settling brothers (one at a time).
    settling: bool,
    /// Brothers that passed their test and are not settled yet.
    passed: usize,
    /// Workers taking brothers.
    workers: usize,
}

impl<X, O> Board<X, O> {
    /// A board of `brothers` brothers, none taken.
    pub(super) fn new(brothers: usize) -> Self {
        Board {
            state: Mutex::new(State {
                slots: (0..brothers).map(|_| Slot::Open).collect(),
                next: 0,
                frontier: 0,
                settling: false,
                passed: 0,
                workers: 0,
            }),
        }
    }

    /// Counts the workers to start with, at most `threads`: how many.
    pub(super) fn start(&self, threads: usize) -> usize {
        let mut state = self.lock();
        let workers = threads.min(state.slots.len()).max(1);
        state.workers = workers;
        workers
    }

    /// Takes the next brother to test; none when all are taken, when a
    /// passed brother waits to be settled, or when the search `stopped`:
    /// the worker then leaves.
    pub(super) fn take(&self, stopped: bool) -> Option<usize> {
        let mut state = self.lock();
        if stopped || state.passed > 0 || state.next >= state.slots.len() {
            state.workers -= 1;
            return None;
        }
        state.next += 1;
        Some(state.next - 1)
    }

    /// Records the test of brother `i`; then, unless another worker is
    /// settling, settles every tested brother from the frontier on, in
    /// order, with `settle`, until one is not tested yet. Returns how many
    /// workers to add, up to `threads` in all, when brothers may be taken
    /// again.
    pub(super) fn record(
        &self,
        i: usize,
        test: X,
        passed: bool,
        threads: usize,
        settle: impl Fn(usize, X, bool) -> O,
    ) -> usize {
        let mut state = self.lock();
        state.slots[i] = Slot::Tested(test, passed);
        state.passed += usize::from(passed);
        if state.settling {
            return 0;
        }
        state.settling = true;
        loop {
            let at = state.frontier;
            let Some(slot) = state.slots.get_mut(at) else {
                break;
            };
            let Slot::Tested(test, passed) = std::mem::replace(slot, Slot::Open) else {
                break;
            };
            // Settling may search the brother again: other workers record
            // their tests meanwhile.
            drop(state);
            let settled = settle(at, test, passed);
            state = self.lock();
            state.slots[at] = Slot::Settled(settled);
            state.frontier += 1;
            state.passed -= usize::from(passed);
        }
        state.settling = false;
        let left = state.slots.len() - state.next;
        if state.passed > 0 || left == 0 {
            return 0;
        }
        let added = threads.min(left).saturating_sub(state.workers);
        state.workers += added;
        added
    }

    fn lock(&self) -> MutexGuard<'_, State<X, O>> {
        // A worker that panicked holding the lock changed nothing half-way
        // that matters here; its panic reaches the caller through rayon.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What every brother gave, in child order, once all workers have
    /// left: settled brothers as settled, the others (not taken, or not
    /// settled, after the search stopped) through `unsettled`.
    pub(super) fn into_outcomes(self, unsettled: impl Fn(Option<X>) -> O) -> Vec<O> {
        let state = self.state.into_inner().unwrap_or_else(|p| p.into_inner());
        let outcome = |slot| match slot {
            Slot::Settled(outcome) => outcome,
            Slot::Tested(test, _) => unsettled(Some(test)),
            Slot::Open => unsettled(None),
        };
        state.slots.into_iter().map(outcome).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_worker_tests_and_settles_in_child_order() {
        let board: Board<u32, u32> = Board::new(3);
        assert_eq!(board.start(1), 1);
        let mut order = Vec::new();
        while let Some(i) = board.take(false) {
            order.push(i);
            let added = board.record(i, i as u32 * 10, false, 1, |_, test, _| test + 1);
            assert_eq!(added, 0);
        }
        assert_eq!(order, [0, 1, 2]);
        assert_eq!(board.into_outcomes(|_| 0), [1, 11, 21]);
    }

    #[test]
    fn a_passed_brother_closes_the_board_until_it_is_settled() {
        let board: Board<u32, u32> = Board::new(6);
        assert_eq!(board.start(3), 3);
        let [a, b, c] = [(); 3].map(|_| board.take(false).unwrap());
        // B's brother passes while A's is still being tested: nothing is
        // settled, and no brother may be taken: B, then C, leave.
        assert_eq!(board.record(b, 2, true, 3, |_, t, _| t), 0);
        assert_eq!(board.take(false), None);
        assert_eq!(board.record(c, 3, false, 3, |_, t, _| t), 0);
        assert_eq!(board.take(false), None);
        // A's test settles all three, in order; the board opens again, and
        // two workers are added to A.
        let settled = Mutex::new(Vec::new());
        let added = board.record(a, 1, false, 3, |i, t, passed| {
            settled.lock().unwrap().push((i, passed));
            t * 100
        });
        assert_eq!(
            settled.into_inner().unwrap(),
            [(0, false), (1, true), (2, false)]
        );
        assert_eq!(added, 2);
        assert_eq!(board.take(false), Some(3));
        assert_eq!(board.take(true), None);
        assert_eq!(board.into_outcomes(|_| 7), [100, 200, 300, 7, 7, 7]);
    }
}
