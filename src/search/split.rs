//! What the brothers of a parallel search share at a split node: the
//! improving bound, and the flag that stops them when one cuts.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::window::WindowBound;
use crate::value::{Kind, Value};

/// A split node of a parallel search, as its younger brothers (searched on
/// other threads) see it, linked to the split nodes above.
///
/// Its bound (alpha at MAX, beta at MIN, in MAX's terms) is an `f64`'s bits
/// in an atomic, only ever improved, so that a brother that raises it
/// narrows the windows of all the others at their next node. Its flag is
/// raised when a brother cuts: everything below stops.
#[derive(Debug)]
pub(super) struct Split<'s, N> {
    node: N,
    kind: Kind,
    bound: AtomicU64,
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
            bound: AtomicU64::new(bound.get().to_bits()),
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
        let x = f64::from_bits(self.bound.load(Ordering::Acquire));
        Value::new(x).expect("only values are stored")
    }

    /// Raises alpha (MAX) or lowers beta (MIN) to `value` if it is better.
    pub(super) fn improve(&self, value: Value) {
        let _ = self
            .bound
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |old| {
                let old = Value::new(f64::from_bits(old)).expect("only values are stored");
                self.kind
                    .prefers(value, old)
                    .then_some(value.get().to_bits())
            });
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
