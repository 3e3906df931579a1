//! A MAX or MIN node's running value over its children, and what it is
//! sure of, as every search folds it.

use crate::value::{Bound, Kind, Scored, Value};

/// A MAX or MIN node's running value over the children examined so far,
/// in MAX's terms, tracking what is certain.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeFold {
    kind: Kind,
    /// The value so far: the best child's.
    best: Value,
    /// Whether the best child's score is sure from the node's side: a lower
    /// bound at MAX, an upper bound at MIN.
    best_sure: bool,
    /// Whether every child's score bounds the node from the other side: an
    /// upper bound at MAX, a lower bound at MIN.
    all_bound: bool,
    /// The best child's place among its brothers as the tree gives them,
    /// where the search tells it ([`NodeFold::add_at`]).
    best_index: usize,
}

impl NodeFold {
    #[inline]
    pub(super) fn new(kind: Kind) -> NodeFold {
        NodeFold {
            kind,
            best: kind.worst(),
            // Not sure before any child: a first child worth the player's
            // worst (an infinite value, sure once settled) then ties with
            // it and becomes the best child.
            best_sure: false,
            all_bound: true,
            best_index: usize::MAX,
        }
    }

    /// Adds a child's score (MAX's terms); whether the child becomes the
    /// best one: it improved the value, or it ties with a best child whose
    /// score was not sure of it and is sure itself. (Under fail-hard with
    /// `strict`, a child clamped to alpha and a later child worth exactly
    /// alpha tie; the node's value is then the later child's, and so is
    /// its line of play.)
    #[inline(always)]
    pub(super) fn add(&mut self, child: Scored) -> bool {
        let (sure, bound) = self.sides(child);
        self.all_bound &= bound;
        let better = if self.kind.prefers(child.value, self.best) {
            true
        } else {
            child.value == self.best && sure && !self.best_sure
        };
        if better {
            self.best = child.value;
            self.best_sure = sure;
        }
        better
    }

    /// Whether `child`'s score is sure of its value from the node's side
    /// (a lower bound at MAX, an upper bound at MIN), and whether it
    /// bounds the node from the other side.
    #[inline(always)]
    fn sides(&self, child: Scored) -> (bool, bool) {
        match self.kind {
            Kind::Max | Kind::Chance => (child.bound.is_lower(), child.bound.is_upper()),
            Kind::Min => (child.bound.is_upper(), child.bound.is_lower()),
        }
    }

    /// [`NodeFold::add_at`] when the children are `REORDERED`, else
    /// [`NodeFold::add`], which keeps no index.
    #[inline(always)]
    pub(super) fn add_in<const REORDERED: bool>(&mut self, child: Scored, index: usize) -> bool {
        match REORDERED {
            true => self.add_at(child, index),
            false => self.add(child),
        }
    }

    /// Adds the score of the child at `index` among its brothers as the
    /// tree gives them, searched in another order: as [`NodeFold::add`],
    /// and a child sure of the best value becomes the best child when it
    /// stands before the best one, so that of the children known to give
    /// the node its value the best is the first whatever the order they
    /// were searched in. (Searched in the tree's order, `add` does the
    /// same: a later child never stands before.)
    #[inline(always)]
    pub(super) fn add_at(&mut self, child: Scored, index: usize) -> bool {
        let (sure, bound) = self.sides(child);
        self.all_bound &= bound;
        let better = if self.kind.prefers(child.value, self.best) {
            true
        } else {
            child.value == self.best && sure && (!self.best_sure || index < self.best_index)
        };
        if better {
            self.best = child.value;
            self.best_sure = sure;
            self.best_index = index;
        }
        better
    }

    /// The value so far, in MAX's terms.
    #[inline]
    pub(super) fn value(&self) -> Value {
        self.best
    }

    /// Whether the node's value is sure to reach the value so far from
    /// the node's side (at least it at MAX, at most it at MIN).
    #[inline]
    pub(super) fn sure(&self) -> bool {
        self.best_sure
    }

    /// The value the node is sure to reach so far: its value when
    /// [`NodeFold::sure`], else its player's worst.
    #[inline]
    pub(super) fn sure_value(&self) -> Value {
        match self.best_sure {
            true => self.best,
            false => self.kind.worst(),
        }
    }

    /// The node's score, given whether a cut skipped children.
    pub(super) fn finish(&self, cut: bool) -> Scored {
        let complete = self.all_bound && !cut;
        let bound = match self.kind {
            Kind::Max | Kind::Chance => Bound::meet(self.best_sure, complete),
            Kind::Min => Bound::meet(complete, self.best_sure),
        };
        Scored {
            value: self.best,
            bound,
        }
        .settled()
    }
}

/// Whether `score` at a child of a `kind` node is known to reach its value
/// from the node's side: exact, or a bound that the true value is beyond.
pub(super) fn certain(kind: Kind, score: Scored) -> bool {
    let side = match kind {
        Kind::Max | Kind::Chance => score.bound,
        Kind::Min => score.negate().bound,
    };
    matches!(side, Bound::Exact | Bound::Lower)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_at_an_infinity_is_exact() {
        let mut fold = NodeFold::new(Kind::Max);
        fold.add(Scored::exact(Value::POS_INF));
        assert_eq!(fold.finish(true), Scored::exact(Value::POS_INF));
        let mut fold = NodeFold::new(Kind::Max);
        fold.add(Scored {
            value: Value::NEG_INF,
            bound: Bound::Upper,
        });
        assert_eq!(fold.finish(false), Scored::exact(Value::NEG_INF));
        let unknown = Scored {
            value: Value::POS_INF,
            bound: Bound::Upper,
        };
        assert_eq!(unknown.settled(), unknown, "<= +inf says nothing");
    }

    #[test]
    fn a_cut_max_node_is_a_lower_bound() {
        let mut fold = NodeFold::new(Kind::Max);
        fold.add(Scored::exact(Value::new(6.0).unwrap()));
        assert_eq!(fold.finish(true).to_string(), ">=6");
        assert_eq!(fold.finish(false).to_string(), "6");
    }

    #[test]
    fn a_sure_child_that_ties_with_an_unsure_best_becomes_the_best() {
        let five = Value::new(5.0).unwrap();
        let clamped = Scored {
            value: five,
            bound: Bound::Upper,
        };
        let mut fold = NodeFold::new(Kind::Max);
        assert!(fold.add(clamped));
        assert!(!fold.sure());
        assert!(fold.add(Scored::exact(five)), "the tie that is sure of 5");
        assert!(fold.sure());
        assert!(
            !fold.add(Scored::exact(five)),
            "a second tie changes nothing"
        );
        assert!(!fold.add(clamped));
        assert_eq!(fold.finish(false), Scored::exact(five));
    }

    #[test]
    fn an_upper_bound_child_below_the_best_keeps_the_value_exact() {
        let mut fold = NodeFold::new(Kind::Max);
        fold.add(Scored::exact(Value::new(5.0).unwrap()));
        fold.add(Scored {
            value: Value::new(4.0).unwrap(),
            bound: Bound::Upper,
        });
        assert_eq!(fold.finish(false).bound, Bound::Exact);
    }
}
