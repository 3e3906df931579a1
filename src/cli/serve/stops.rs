//! Stopping a request's searches at the server's time limit: one flag for
//! each search that may run at once (`--max-searches`), made once for the
//! server's life and lent to a request for its turn. The searches (the
//! simulation's steps included) read it between nodes; a request answered
//! 503 for its time sets it, so its work ends and its turn comes back.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use gametree::search::Stop;

/// The flags and who holds each.
pub(super) struct Stops {
    flags: Vec<&'static AtomicBool>,
    /// The number of the request holding each flag; `None` when it is free.
    holders: Mutex<Vec<Option<u64>>>,
    /// The number the next request lent a flag gets.
    next: AtomicU64,
}

/// A flag lent to one request, free again when the lease is dropped.
pub(super) struct Lease {
    stops: Arc<Stops>,
    slot: usize,
    holder: u64,
}

/// What sets a lent flag, if the request still holds it: a flag given
/// back and lent again is never set for the request it was lent to before.
pub(super) struct Stopper {
    stops: Arc<Stops>,
    slot: usize,
    holder: u64,
}

impl Stops {
    /// `count` flags (at least one), none set.
    pub(super) fn new(count: usize) -> Stops {
        let flags = (0..count.max(1))
            .map(|_| &*Box::leak(Box::new(AtomicBool::new(false))))
            .collect::<Vec<_>>();
        Stops {
            holders: Mutex::new(vec![None; flags.len()]),
            flags,
            next: AtomicU64::new(0),
        }
    }

    /// Lends a free flag, cleared; `None` if every flag is lent (it cannot
    /// be while each request holds a turn, and there are as many flags).
    pub(super) fn lend(self: &Arc<Self>) -> Option<Lease> {
        let mut holders = self.holders();
        let slot = holders.iter().position(Option::is_none)?;
        let holder = self.next.fetch_add(1, Ordering::Relaxed);
        holders[slot] = Some(holder);
        self.flags[slot].store(false, Ordering::Relaxed);
        Some(Lease {
            stops: Arc::clone(self),
            slot,
            holder,
        })
    }

    fn holders(&self) -> MutexGuard<'_, Vec<Option<u64>>> {
        self.holders.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Lease {
    /// The stop the request's searches read.
    pub(super) fn stop(&self) -> Stop {
        Stop::new(self.stops.flags[self.slot])
    }

    /// What stops the request's searches from elsewhere.
    pub(super) fn stopper(&self) -> Stopper {
        Stopper {
            stops: Arc::clone(&self.stops),
            slot: self.slot,
            holder: self.holder,
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.stops.holders()[self.slot] = None;
    }
}

impl Stopper {
    /// Sets the flag, if the request it was lent to still holds it.
    pub(super) fn stop(&self) {
        let holders = self.stops.holders();
        if holders[self.slot] == Some(self.holder) {
            self.stops.flags[self.slot].store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_given_back_is_not_set_for_its_former_holder() {
        let stops = Arc::new(Stops::new(1));
        let first = stops.lend().unwrap();
        let late = first.stopper();
        assert!(stops.lend().is_none(), "one flag, lent");
        drop(first);
        let second = stops.lend().unwrap();
        late.stop();
        assert!(!second.stop().is_set());
        second.stopper().stop();
        assert!(second.stop().is_set());
        drop(second);
        assert!(!stops.lend().unwrap().stop().is_set(), "cleared when lent");
    }
}
