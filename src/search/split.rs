//! What the brothers of a parallel search share at a split node: the
//! improving bound, and the flag that stops them when one cuts.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering, fence};

use super::window::{Refutations, WindowBound};
use crate::value::{Kind, Value};

/// A split node of a parallel search, as its younger brothers (searched on
/// other threads) see it, linked to the split nodes above.
///
/// Its bound (alpha at MAX, beta at MIN, in MAX's terms) is a
/// [`SharedValue`], only ever improved, so that a brother that raises it
/// narrows the windows of all the others at their next node. It holds
/// only values the node is sure to reach (its best child's so far, when
/// that child's score is certain from the node's side), never a bound
/// handed down from above: so when it reaches the bound of a split node
/// of the other player above, the node is refuted, as a node of
/// sequential alpha-beta is when its value reaches beta (see
/// [`Split::narrow_unless_stopped`]). Its flag is raised when a brother
/// cuts, or when it is so refuted: everything below stops.
#[derive(Debug)]
pub(super) struct Split<'s, N> {
    node: N,
    kind: Kind,
    bound: SharedValue,
    flag: AtomicBool,
    up: Option<&'s Split<'s, N>>,
    depth: usize,
    /// The topmost split node, which counts the changes of them all (none
    /// for the topmost itself).
    top: Option<&'s Split<'s, N>>,
    /// At the topmost split node: how many times a bound of a split node
    /// of the search has improved or a flag been raised (see
    /// [`Split::changes`]).
    changes: AtomicU64,
}

impl<'s, N: Copy> Split<'s, N> {
    /// The split node `node` (a `kind` node) whose value is sure to reach
    /// `bound` so far, below the split node `up`.
    pub(super) fn new(node: N, kind: Kind, bound: Value, up: Option<&'s Split<'s, N>>) -> Self {
        Split {
            node,
            kind,
            bound: SharedValue::new(bound),
            flag: AtomicBool::new(false),
            up,
            depth: up.map_or(1, |up| up.depth + 1),
            top: up.map(|up| up.top.unwrap_or(up)),
            changes: AtomicU64::new(0),
        }
    }

    /// How many times, so far, a bound of a split node of this search has
    /// improved or a flag been raised. While it stays the same, walking up
    /// the split nodes again finds nothing new: a node whose parent took
    /// their bounds in at this count need not look at them itself.
    #[inline]
    pub(super) fn changes(&self) -> u64 {
        self.counter().load(Ordering::Acquire)
    }

    /// The count of [`Split::changes`], kept by the topmost split node.
    #[inline]
    fn counter(&self) -> &AtomicU64 {
        &self.top.unwrap_or(self).changes
    }

    /// Counts a change, once it is made.
    fn changed(&self) {
        self.counter().fetch_add(1, Ordering::Release);
    }

    /// How many split nodes a node below this one hangs under: this one
    /// and those above it.
    pub(super) fn depth(&self) -> usize {
        self.depth
    }

    /// Raises the flag: everything searched below stops.
    pub(super) fn stop(&self) {
        self.flag.store(true, Ordering::Release);
        self.changed();
    }

    /// Whether this split node or one above has stopped.
    pub(super) fn stopped(&self) -> bool {
        self.flag.load(Ordering::Acquire) || self.up.is_some_and(Split::stopped)
    }

    /// The bound the brothers have found so far.
    pub(super) fn bound(&self) -> Value {
        self.bound.get()
    }

    /// Raises alpha (MAX) or lowers beta (MIN) to `value`, a value the node
    /// is sure to reach, if it is better.
    pub(super) fn improve(&self, value: Value) {
        if self
            .bound
            .improve(value, |new, old| self.kind.prefers(new, old))
        {
            self.changed();
        }
    }

    /// Narrows the window `[alpha, beta]` as [`Split::narrow`] does, in the
    /// same walk up the split nodes that says whether one of them has
    /// stopped (then the window is left half narrowed: it is not used).
    ///
    /// The walk also stops a split node that is refuted: one whose bound
    /// reaches (as `strict` says) the bound of a split node of the other
    /// player above it. Both bounds are values their nodes are sure to
    /// reach, so the lower node fails against the upper one's, as in
    /// sequential alpha-beta, and nothing more below it can matter. Left
    /// to its brothers, it would not be seen: below the two, the window
    /// has crossed, and a value that is only a bound from the other side
    /// may not cut there (`Context::may_cut`).
    #[inline]
    pub(super) fn narrow_unless_stopped(
        &self,
        alpha: &mut WindowBound<N>,
        beta: &mut WindowBound<N>,
        strict: bool,
    ) -> bool {
        let mut refutations = Refutations::new(strict);
        let mut split = Some(self);
        while let Some(s) = split {
            if s.flag.load(Ordering::Acquire) {
                return true;
            }
            let bound = s.bound();
            if let Some(refuted) = refutations.next(s.kind, bound, s) {
                refuted.stop();
                return true;
            }
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

    /// Replaces the value by `value` when `better(value, held)`; whether
    /// it did.
    pub(super) fn improve(&self, value: Value, better: impl Fn(Value, Value) -> bool) -> bool {
        let _turn = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        if !better(value, self.get()) {
            return false;
        }
        let (num, den) = value.to_words();
        let sequence = self.sequence.load(Ordering::Relaxed);
        self.sequence.store(sequence + 1, Ordering::Relaxed);
        fence(Ordering::Release);
        self.num.store(num, Ordering::Relaxed);
        self.den.store(den, Ordering::Relaxed);
        self.sequence.store(sequence + 2, Ordering::Release);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: i32) -> Value {
        Value::from(n)
    }

    fn open() -> (WindowBound<u32>, WindowBound<u32>) {
        (
            WindowBound::new(Value::NEG_INF, 0),
            WindowBound::new(Value::POS_INF, 0),
        )
    }

    #[test]
    fn a_split_node_whose_sure_value_reaches_a_bound_above_is_stopped() {
        // MIN split 1 (beta 5) above MAX split 2 (alpha 7), above MIN
        // split 3 (beta 9): MAX at 2 is sure of 7 >= 5 and fails high.
        let top = Split::new(1u32, Kind::Min, v(5), None);
        let max = Split::new(2, Kind::Max, v(7), Some(&top));
        let low = Split::new(3, Kind::Min, v(9), Some(&max));
        let (mut alpha, mut beta) = open();
        assert!(low.narrow_unless_stopped(&mut alpha, &mut beta, false));
        assert!(max.flag.load(Ordering::Acquire), "the refuted node stops");
        assert!(!top.flag.load(Ordering::Acquire) && !low.flag.load(Ordering::Acquire));
        assert!(low.stopped(), "and everything below it");
    }

    #[test]
    fn a_split_node_is_refuted_only_past_a_bound_when_strict() {
        for (alpha_below, strict, refuted) in [
            (5, false, true),
            (5, true, false),
            (6, true, true),
            (4, false, false),
        ] {
            let top = Split::new(1u32, Kind::Min, v(5), None);
            let max = Split::new(2, Kind::Max, v(alpha_below), Some(&top));
            let (mut alpha, mut beta) = open();
            let stopped = max.narrow_unless_stopped(&mut alpha, &mut beta, strict);
            assert_eq!(stopped, refuted, "alpha {alpha_below}, strict {strict}");
            if !refuted {
                assert_eq!((alpha.value, beta.value), (v(alpha_below), v(5)));
            }
        }
    }

    #[test]
    fn a_min_split_node_below_a_max_one_is_refuted_at_or_below_its_alpha() {
        // The nearer of two MIN nodes that both reach MAX's alpha 4 is
        // not the one stopped when a farther one reaches it too: the
        // farthest refuted node holds everything below it.
        let top = Split::new(1u32, Kind::Max, v(4), None);
        let far = Split::new(2, Kind::Min, v(3), Some(&top));
        let near = Split::new(3, Kind::Min, v(3), Some(&far));
        let (mut alpha, mut beta) = open();
        assert!(near.narrow_unless_stopped(&mut alpha, &mut beta, false));
        assert!(far.flag.load(Ordering::Acquire));
        assert!(!near.flag.load(Ordering::Acquire) && !top.flag.load(Ordering::Acquire));
    }

    #[test]
    fn every_split_node_counts_its_changes_at_the_topmost() {
        let top = Split::new(1u32, Kind::Max, v(0), None);
        let low = Split::new(2, Kind::Min, v(9), Some(&top));
        assert_eq!((top.changes(), low.changes()), (0, 0));
        low.improve(v(7));
        assert_eq!((top.changes(), low.changes()), (1, 1), "a better bound");
        low.improve(v(8));
        top.improve(v(-1));
        assert_eq!(top.changes(), 1, "no better bound, no change");
        top.improve(v(3));
        low.stop();
        assert_eq!((top.changes(), low.changes()), (3, 3), "a bound, a flag");
    }

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
