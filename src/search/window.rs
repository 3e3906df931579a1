//! The search window: its two bounds, each with the ancestor whose value
//! set it, and what a MAX or MIN node does with them (tightens one, cuts
//! against the other, clamps its score to both under fail-hard).

use crate::trace::Window;
use crate::value::{Bound, Kind, Scored, Value};

/// One bound of a search window (alpha or beta, in MAX's terms) and the
/// ancestor whose value set it, which a cut's trace event names.
#[derive(Clone, Copy, Debug)]
pub(super) struct WindowBound<N> {
    /// The bound.
    pub value: Value,
    /// The node whose value set it; `None` for the initial window.
    pub from: Option<N>,
}

impl<N> WindowBound<N> {
    /// The bound of the initial window.
    pub(super) fn initial(value: Value) -> WindowBound<N> {
        WindowBound { value, from: None }
    }

    /// A bound set by `node`'s value.
    pub(super) fn new(value: Value, from: N) -> WindowBound<N> {
        WindowBound {
            value,
            from: Some(from),
        }
    }

    /// The same bound seen from the other player.
    pub(super) fn negate(self) -> WindowBound<N> {
        WindowBound {
            value: self.value.negate(),
            from: self.from,
        }
    }
}

/// The full window, set by no node.
pub(super) fn full_window<N>() -> (WindowBound<N>, WindowBound<N>) {
    (
        WindowBound::initial(Value::NEG_INF),
        WindowBound::initial(Value::POS_INF),
    )
}

/// The window of the bounds `alpha` and `beta`.
#[inline]
pub(super) fn window_of<N>(alpha: &WindowBound<N>, beta: &WindowBound<N>) -> Window {
    Window {
        alpha: alpha.value,
        beta: beta.value,
    }
}

/// The bound a `kind` node cuts against: beta at MAX, alpha at MIN.
pub(super) fn cut_bound<N>(
    kind: Kind,
    alpha: WindowBound<N>,
    beta: WindowBound<N>,
) -> WindowBound<N> {
    match kind {
        Kind::Max | Kind::Chance => beta,
        Kind::Min => alpha,
    }
}

/// Raises alpha (at MAX) or lowers beta (at MIN) to `v`, the value of
/// `node` so far, when that tightens the window.
pub(super) fn tighten<N>(
    kind: Kind,
    v: Value,
    node: N,
    alpha: &mut WindowBound<N>,
    beta: &mut WindowBound<N>,
) {
    match kind {
        Kind::Max if v > alpha.value => *alpha = WindowBound::new(v, node),
        Kind::Min if v < beta.value => *beta = WindowBound::new(v, node),
        _ => {}
    }
}

/// Takes, as the bound a `kind` node whose value `v` is sure cuts against
/// (beta at MAX, alpha at MIN, of `alpha` and `beta`), the one of the
/// window `above` (the node's window narrowed by the bounds of the split
/// nodes above) when it is new and `v` reaches it. Whether it did: the
/// node is then cut. Nothing else of the window changes: the children to
/// come narrow their own windows when they are entered.
pub(super) fn cut_from_above<N>(
    (kind, v, strict): (Kind, Value, bool),
    (alpha, beta): (&mut WindowBound<N>, &mut WindowBound<N>),
    (above_alpha, above_beta): (WindowBound<N>, WindowBound<N>),
) -> bool {
    let (bound, above) = match kind {
        Kind::Max => (beta, above_beta),
        _ => (alpha, above_alpha),
    };
    if above.value == bound.value || !reaches(kind, v, above.value, strict) {
        return false;
    }
    *bound = above;
    true
}

/// Whether a `kind` node whose value is `value` cuts against `bound`
/// (both in MAX's terms): MAX at `value >= bound`, MIN at `value <= bound`;
/// when `strict`, only when strictly past it.
#[inline]
pub(super) fn reaches(kind: Kind, value: Value, bound: Value, strict: bool) -> bool {
    let (ahead, at) = match kind {
        Kind::Max => (value > bound, value == bound),
        Kind::Min => (value < bound, value == bound),
        Kind::Chance => return false,
    };
    ahead || (at && !strict)
}

/// Clamps a fail-soft score into `[alpha, beta]` (fail-hard), keeping what
/// it says about the true value.
///
/// Inlined: called out of line, it made the score a node returns pass
/// through memory in two halves before it was copied whole, and a copy
/// that reads two fresh stores at once stalls the processor.
#[inline]
pub(super) fn clamp(score: Scored, alpha: Value, beta: Value) -> Scored {
    let keep_if = |holds: bool, bound| if holds { bound } else { Bound::Unknown };
    if score.value < alpha {
        let upper = matches!(score.bound, Bound::Exact | Bound::Upper);
        Scored {
            value: alpha,
            bound: keep_if(upper, Bound::Upper),
        }
    } else if score.value > beta {
        let lower = matches!(score.bound, Bound::Exact | Bound::Lower);
        Scored {
            value: beta,
            bound: keep_if(lower, Bound::Lower),
        }
    } else {
        score
    }
}

/// What a walk up the split nodes, from the nearest, has seen of them for
/// finding one refuted: a split node whose bound reaches (as `strict`
/// says) the bound of a split node of the other player above it. Both
/// bounds being values their nodes are sure to reach, the lower node
/// fails against the upper one's, as in sequential alpha-beta. The real
/// search (`Split::narrow_unless_stopped`) and the simulation
/// (`Frames::refuted`) walk with it, naming split nodes by `I`.
pub(super) struct Refutations<I> {
    /// Of the split nodes seen, the MAX one with the highest bound and
    /// the MIN one with the lowest (the farther on a tie).
    best: [Option<(Value, I)>; 2],
    strict: bool,
}

impl<I: Copy> Refutations<I> {
    /// Before the walk.
    #[inline]
    pub(super) fn new(strict: bool) -> Self {
        Refutations {
            best: [None, None],
            strict,
        }
    }

    /// The next split node up, `id`, a `kind` node whose bound is `bound`:
    /// the split node below it that it refutes, if any (of several, the
    /// one with the best bound); else it is remembered.
    #[inline]
    pub(super) fn next(&mut self, kind: Kind, bound: Value, id: I) -> Option<I> {
        let (own, other) = match kind {
            Kind::Max => (0, 1),
            _ => (1, 0),
        };
        if let Some((value, refuted)) = self.best[other]
            && reaches(kind.opponent(), value, bound, self.strict)
        {
            return Some(refuted);
        }
        if self.best[own].is_none_or(|(value, _)| !kind.prefers(value, bound)) {
            self.best[own] = Some((bound, id));
        }
        None
    }
}
