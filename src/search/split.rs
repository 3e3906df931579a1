//! What the brothers of a parallel search share at a split node: the
//! improving bound, and the flag that stops them when one cuts.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering, fence};

use super::window::WindowBound;
use crate::value::{Kind, Value};

/// A split node of a parallel search, as its younger brothers (searched on
/// other threads) see it, linked to the split nodes above.
///
/// Its bound (alpha at MAX, beta at MIN, in MAX's terms) is a
/// [`SharedValue`], only ever improved, so that a brother that raises it
/// narrows the windows of all the others at their next node. Its flag is
/// raised when a brother cuts: everything below stops.
#[derive(Debug)]
pub(super) struct Split<'s, N> {
    node: N,
    kind: Kind,
    bound: SharedValue,
    flag: AtomicBool,
    up: Option<&'s Split<'s, N>>,
}

impl<'s, N: Copy> Split<'s, N> {
    /// The split node `node` (a `kind` node) whose bound so far is `bound`,
    /// below the split node `up`.
    pub(super) fn new(node: N, kind: Kind, bound: Value, up: Option<&'s Split<'s, N>>) -> Self {
        Split {
            node,
            kind,
            bound: SharedValue::new(bound),
            flag: AtomicBool::new(false),
            up,
        }
    }

    /// Raises the flag: everything searched below stops.
    pub(super) fn stop(&self) {
        self.flag.store(true, Ordering::Release);
    }

    /// Whether this split node or one above has stopped.
    pub(super) fn stopped(&self) -> bool {
        self.flag.load(Ordering::Acquire) || self.up.is_some_and(Split::stopped)
    }

    /// The bound the brothers have found so far.
    pub(super) fn bound(&self) -> Value {
        self.bound.get()
    }

    /// Raises alpha (MAX) or lowers beta (MIN) to `value` if it is better.
    pub(super) fn improve(&self, value: Value) {
        self.bound
            .improve(value, |new, old| self.kind.prefers(new, old));
    }

    /// Narrows the window `[alpha, beta]` as [`Split::narrow`] does, in the
    /// same walk up the split nodes that says whether one of them has
    /// stopped (then the window is left half narrowed: it is not used).
    #[inline]
    pub(super) fn narrow_unless_stopped(
        &self,
        alpha: &mut WindowBound<N>,
        beta: &mut WindowBound<N>,
    ) -> bool {
        let mut split = Some(self);
        while let Some(s) = split {
            if s.flag.load(Ordering::Acquire) {
                return true;
            }
            let bound = s.bound();
            match s.kind {
                Kind::Max if bound > alpha.value => *alpha = WindowBound::new(bound, s.node),
                Kind::Min if bound < beta.value => *beta = WindowBound::new(bound, s.node),
                _ => {}
            }
            split = s.up;
        }
        false
    }

    /// The window `[alpha, beta]` narrowed by the bounds of this split node
    /// and those above: every node below them may use them, as sequential
    /// alpha-beta hands its bounds down.
    pub(super) fn narrow(
        &self,
        mut alpha: WindowBound<N>,
        mut beta: WindowBound<N>,
    ) -> (WindowBound<N>, WindowBound<N>) {
        let mut split = Some(self);
        while let Some(s) = split {
            let bound = s.bound();
            match s.kind {
                Kind::Max if bound > alpha.value => alpha = WindowBound::new(bound, s.node),
                Kind::Min if bound < beta.value => beta = WindowBound::new(bound, s.node),
                _ => {}
            }
            split = s.up;
        }
        (alpha, beta)
    }
}

/// A value shared between threads, read often and changed seldom: a
/// sequence lock over its two words. A reader reads the words between two
/// reads of the sequence number and tries again if a writer was at work
/// (an odd number) or finished meanwhile (a changed one); writers take
/// turns through a mutex. Exact, where an atomic `f64` would round.
#[derive(Debug)]
pub(super) struct SharedValue {
    sequence: AtomicU64,
    num: AtomicI64,
    den: AtomicU64,
    writer: Mutex<()>,
}

impl SharedValue {
    /// A cell holding `value`.
    pub(super) fn new(value: Value) -> SharedValue {
        let (num, den) = value.to_words();
        SharedValue {
            sequence: AtomicU64::new(0),
            num: AtomicI64::new(num),
            den: AtomicU64::new(den),
            writer: Mutex::new(()),
        }
    }

    /// The value held.
    #[inline]
    pub(super) fn get(&self) -> Value {
        loop {
            let before = self.sequence.load(Ordering::Acquire);
            let num = self.num.load(Ordering::Relaxed);
            let den = self.den.load(Ordering::Relaxed);
            fence(Ordering::Acquire);
            let after = self.sequence.load(Ordering::Relaxed);
            if before == after && before.is_multiple_of(2) {
                return Value::from_words(num, den);
            }
            std::hint::spin_loop();
        }
    }

    /// Replaces the value by `value` when `better(value, held)`.
    pub(super) fn improve(&self, value: Value, better: impl Fn(Value, Value) -> bool) {
        let _turn = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        if !better(value, self.get()) {
            return;
        }
        let (num, den) = value.to_words();
        let sequence = self.sequence.load(Ordering::Relaxed);
        self.sequence.store(sequence + 1, Ordering::Relaxed);
        fence(Ordering::Release);
        self.num.store(num, Ordering::Relaxed);
        self.den.store(den, Ordering::Relaxed);
        self.sequence.store(sequence + 2, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_value_only_improves_and_is_never_read_torn() {
        // Each value written is n / (n + 1), in lowest terms: a read that
        // took one value's numerator and another's denominator shows.
        let cell = SharedValue::new(Value::ZERO);
        let higher = |new: Value, old: Value| new > old;
        std::thread::scope(|scope| {
            for start in 1..=4i128 {
                let cell = &cell;
                scope.spawn(move || {
                    for n in (start..4000).step_by(4) {
                        cell.improve(Value::ratio(n, n + 1).unwrap(), higher);
                        let seen = cell.get();
                        let whole = seen.numerator() + 1 == seen.denominator() as i64;
                        assert!(whole, "a torn read: {seen:?}");
                    }
                });
            }
        });
        assert_eq!(cell.get(), Value::ratio(3999, 4000).unwrap());
        cell.improve(Value::ratio(1, 2).unwrap(), higher);
        assert_eq!(
            cell.get(),
            Value::ratio(3999, 4000).unwrap(),
            "never lowered"
        );
    }
}
