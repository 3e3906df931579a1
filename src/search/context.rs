//! State shared by every search: the tree, the recorder, the statistics and
//! the principal-variation table, with one method per kind of step.

use super::split::Split;
use super::{Algorithm, Options, SearchError, SearchResult, Stats};
use crate::trace::{ChanceCut, Cut, Event, NoRecorder, Recorder, Window};
use crate::tree::GameTree;
use crate::value::{Bound, CutKind, Kind, LeafBounds, Scored, Value};

/// One step of a chance node's weighted sum, as reported.
pub(super) struct ChanceStep<N> {
    pub node: N,
    pub child: N,
    pub probability: Value,
    pub value: Value,
    pub sum: Value,
    pub seen: usize,
    pub of: usize,
}

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

/// Why a search stopped before returning a value.
#[derive(Debug)]
pub(super) enum Halt {
    /// It cannot finish: the error goes to the caller. Boxed, so that the
    /// result every node returns stays small.
    Failed(Box<SearchError>),
    /// A parallel search no longer needs this subtree: a brother of one of
    /// its ancestors cut. Its value is meaningless and is never used.
    Cancelled,
}

impl From<SearchError> for Halt {
    fn from(error: SearchError) -> Halt {
        Halt::Failed(Box::new(error))
    }
}

/// One search in progress.
pub(super) struct Context<'a, T: GameTree, R> {
    pub tree: &'a T,
    recorder: &'a mut R,
    pub algorithm: Algorithm,
    pub options: Options,
    stats: Stats,
    /// `pv[ply]`: the best line found below the node being searched at `ply`.
    pv: Vec<Vec<T::Node>>,
    /// In a parallel search, the nearest split node above.
    split: Option<&'a Split<'a, T::Node>>,
    /// The ply from which nodes no longer look at the split nodes above:
    /// the parents of the deepest leaves, whose loop over leaves is short
    /// (for most trees most interior nodes are such parents, so the walk
    /// up the split nodes cost them a tenth of their time on one thread);
    /// they search with their parent's window, and a cut above stops the
    /// search at their parent's next brother.
    narrow_before: usize,
}

impl<'a, T: GameTree> Context<'a, T, NoRecorder> {
    /// A context for searching one younger brother of a parallel search on
    /// another thread: its own counts and lines, no recorder, and stopped
    /// by `stop`.
    pub(super) fn forked(
        tree: &'a T,
        algorithm: Algorithm,
        options: Options,
        recorder: &'a mut NoRecorder,
        split: &'a Split<'a, T::Node>,
    ) -> Self {
        let mut cx = Context::new(tree, recorder, algorithm, options);
        cx.split = Some(split);
        cx.narrow_before = tree.height().map_or(usize::MAX, |h| h.saturating_sub(1));
        cx
    }
}

impl<'a, T: GameTree, R: Recorder<T::Node>> Context<'a, T, R> {
    pub(super) fn new(
        tree: &'a T,
        recorder: &'a mut R,
        algorithm: Algorithm,
        options: Options,
    ) -> Self {
        Context {
            tree,
            recorder,
            algorithm,
            options,
            stats: Stats::default(),
            pv: Vec::new(),
            split: None,
            narrow_before: usize::MAX,
        }
    }

    /// Counts one iteration of iterative deepening.
    pub(super) fn count_iteration(&mut self) {
        self.stats.iterations += 1;
    }

    /// The nearest split node above, if any.
    pub(super) fn split(&self) -> Option<&'a Split<'a, T::Node>> {
        self.split
    }

    /// Leaves the split nodes above aside and returns them: their bounds
    /// hold for the nodes below them in MAX's and MIN's terms, not for the
    /// children of a chance node, whose windows Star1 computes.
    pub(super) fn take_split(&mut self) -> Option<&'a Split<'a, T::Node>> {
        self.split.take()
    }

    /// Puts back the split nodes [`Context::take_split`] left aside.
    pub(super) fn restore_split(&mut self, split: Option<&'a Split<'a, T::Node>>) {
        self.split = split;
    }

    /// Whether a cut above has made this search useless.
    #[inline]
    pub(super) fn cancelled(&self) -> bool {
        self.split.is_some_and(Split::stopped)
    }

    /// At a node at `ply`, narrows the window by the bounds that the split
    /// nodes above have found since it was handed down, and says, in the
    /// same walk up the split nodes, whether a cut above has made this
    /// search useless (not at the parents of the deepest leaves: see
    /// `narrow_before`).
    #[inline]
    pub(super) fn narrow_or_cancelled(
        &self,
        ply: usize,
        alpha: &mut WindowBound<T::Node>,
        beta: &mut WindowBound<T::Node>,
    ) -> bool {
        ply < self.narrow_before
            && self
                .split
                .is_some_and(|split| split.narrow_unless_stopped(alpha, beta))
    }

    /// The counts so far.
    pub(super) fn stats(&self) -> Stats {
        self.stats
    }

    /// Adds the counts of a forked search.
    pub(super) fn absorb(&mut self, stats: &Stats) {
        self.stats.add(stats);
    }

    /// Takes the best line found below the node at `ply`.
    pub(super) fn take_line(&mut self, ply: usize) -> Vec<T::Node> {
        self.pv.get_mut(ply).map(std::mem::take).unwrap_or_default()
    }

    /// Makes `child` the best move at `ply`, followed by `line`.
    pub(super) fn best_child_with(&mut self, ply: usize, child: T::Node, line: &[T::Node]) {
        self.ensure_ply(ply);
        let here = &mut self.pv[ply];
        here.clear();
        here.push(child);
        here.extend_from_slice(line);
    }

    fn ensure_ply(&mut self, ply: usize) {
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
        }
    }

    pub(super) fn into_result(mut self, score: Scored) -> SearchResult<T::Node> {
        let principal_variation = self.pv.drain(..).next().unwrap_or_default();
        SearchResult {
            algorithm: self.algorithm,
            score,
            best_move: principal_variation.first().copied(),
            principal_variation,
            stats: self.stats,
        }
    }

    /// Counts and reports entering `node`; clears its line of play.
    #[inline(always)]
    pub(super) fn enter(&mut self, node: T::Node, ply: usize, window: Option<Window>) {
        self.stats.nodes_visited += 1;
        self.ensure_ply(ply);
        self.pv[ply].clear();
        if R::RECORDS {
            self.recorder.record(Event::Enter { node, window });
        }
    }

    /// Evaluates a leaf: its value in MAX's terms, or an error if unknown.
    #[inline]
    pub(super) fn leaf(&mut self, node: T::Node) -> Result<Value, SearchError> {
        let Some(value) = self.tree.value(node) else {
            return Err(SearchError::UnknownValue {
                node: self.tree.id(node),
                location: self.tree.location(node),
                algorithm: self.algorithm,
            });
        };
        self.stats.leaves_evaluated += 1;
        if R::RECORDS {
            self.recorder.record(Event::Leaf {
                node,
                value,
                horizon: None,
            });
        }
        Ok(value)
    }

    /// Counts and reports entering and evaluating the leaf `node`, whose
    /// value is `value`; its line of play is left as it is.
    #[inline(always)]
    pub(super) fn visit_leaf(
        &mut self,
        node: T::Node,
        window: Option<Window>,
        value: Value,
    ) -> Value {
        self.stats.nodes_visited += 1;
        if R::RECORDS {
            self.recorder.record(Event::Enter { node, window });
        }
        self.stats.leaves_evaluated += 1;
        if R::RECORDS {
            self.recorder.record(Event::Leaf {
                node,
                value,
                horizon: None,
            });
        }
        value
    }

    /// Reports entering and evaluating the leaf `node`, whose value is
    /// `value`, without counting it: a node's loop counts its leaves
    /// itself and adds them with [`Context::count_leaves`] (a count in a
    /// register rather than two in memory at every leaf).
    #[inline(always)]
    pub(super) fn report_leaf(&mut self, node: T::Node, window: Option<Window>, value: Value) {
        if R::RECORDS {
            self.recorder.record(Event::Enter { node, window });
            self.recorder.record(Event::Leaf {
                node,
                value,
                horizon: None,
            });
        }
    }

    /// Counts `leaves` leaves entered and evaluated (see
    /// [`Context::report_leaf`]).
    #[inline(always)]
    pub(super) fn count_leaves(&mut self, leaves: u64) {
        self.stats.nodes_visited += leaves;
        self.stats.leaves_evaluated += leaves;
    }

    /// Empties the line of play of the node at `ply`.
    #[inline]
    pub(super) fn clear_line(&mut self, ply: usize) {
        self.ensure_ply(ply);
        self.pv[ply].clear();
    }

    /// Whether a node at `ply` lies at the depth limit (or below it).
    #[inline]
    pub(super) fn at_horizon(&self, ply: usize) -> bool {
        self.options.depth.is_some_and(|limit| ply >= limit)
    }

    /// Evaluates an interior node at the depth limit, `ply` plies below the
    /// root, by its static value, as a leaf; an error if it has none.
    #[inline]
    pub(super) fn horizon(&mut self, node: T::Node, ply: usize) -> Result<Value, SearchError> {
        let Some(value) = self.tree.static_value(node) else {
            return Err(SearchError::NoStaticValue {
                node: self.tree.id(node),
                location: self.tree.location(node),
                depth: self.options.depth.unwrap_or_default(),
            });
        };
        self.stats.leaves_evaluated += 1;
        self.stats.horizon_nodes += 1;
        if R::RECORDS {
            self.recorder.record(Event::Leaf {
                node,
                value,
                horizon: Some(ply),
            });
        }
        Ok(value)
    }

    /// Makes the leaf `child` the best move at `ply`: the whole line.
    #[inline(always)]
    pub(super) fn best_leaf(&mut self, ply: usize, child: T::Node) {
        let line = &mut self.pv[ply];
        line.clear();
        line.push(child);
    }

    /// Makes `child` the best move at `ply`, followed by its own best line.
    #[inline]
    pub(super) fn best_child(&mut self, ply: usize, child: T::Node) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(child);
        line.extend_from_slice(&below[0]);
    }

    /// Reports a provisional value (in MAX's terms).
    #[inline]
    pub(super) fn provisional(&mut self, node: T::Node, value: Value) {
        if R::RECORDS {
            self.recorder.record(Event::Provisional { node, value });
        }
    }

    /// Reports a final value (in MAX's terms).
    #[inline]
    pub(super) fn finish(&mut self, node: T::Node, score: Scored) {
        if R::RECORDS {
            self.recorder.record(Event::Final { node, score });
        }
    }

    /// Whether a `kind` node whose value is `value` cuts against `bound`
    /// under these options (see [`reaches`]).
    #[inline]
    pub(super) fn reaches(&self, kind: Kind, value: Value, bound: Value) -> bool {
        reaches(kind, value, bound, self.options.strict)
    }

    /// Counts and reports a cut at `node`, whose remaining children are
    /// `rest`; values are in MAX's terms.
    pub(super) fn cut(
        &mut self,
        node: T::Node,
        parent: Option<T::Node>,
        kind: CutKind,
        value: Value,
        bound: WindowBound<T::Node>,
        rest: impl Iterator<Item = T::Node>,
    ) {
        self.report_cut(node, parent, kind, value, bound, None, rest);
    }

    /// Counts and reports a Star1 or Star2 cut at the chance node `node`:
    /// its value `value` cannot pass `bound` (in MAX's terms; an alpha cut
    /// when it cannot exceed alpha, a beta cut when it cannot fall below
    /// beta); `rest` are the children skipped.
    #[expect(clippy::too_many_arguments)]
    pub(super) fn chance_cut(
        &mut self,
        node: T::Node,
        parent: Option<T::Node>,
        kind: CutKind,
        value: Value,
        bound: WindowBound<T::Node>,
        chance: ChanceCut,
        rest: &[T::Node],
    ) {
        let rest = rest.iter().copied();
        self.report_cut(node, parent, kind, value, bound, Some(chance), rest);
    }

    /// Counts a cut and reports it, with the Star1 or Star2 bound of a
    /// chance node's cut.
    #[expect(clippy::too_many_arguments)]
    fn report_cut(
        &mut self,
        node: T::Node,
        parent: Option<T::Node>,
        kind: CutKind,
        value: Value,
        bound: WindowBound<T::Node>,
        chance: Option<ChanceCut>,
        rest: impl Iterator<Item = T::Node>,
    ) {
        self.stats.cutoffs += 1;
        if R::RECORDS {
            self.recorder.record(Event::Cut(Cut {
                node,
                kind,
                pruned: rest.collect(),
                value,
                threshold: bound.value,
                bound_from: bound.from,
                deep: bound.from.is_some() && bound.from != parent,
                chance,
            }));
        }
    }

    /// Reports a chance node's running weighted sum after one more child.
    pub(super) fn chance_step(&mut self, step: ChanceStep<T::Node>) {
        if R::RECORDS {
            self.recorder.record(Event::Chance {
                node: step.node,
                child: step.child,
                probability: step.probability,
                value: step.value,
                sum: step.sum,
                seen: step.seen,
                of: step.of,
            });
        }
    }

    /// The leaf bounds the search prunes chance nodes with: the options',
    /// else the tree's own.
    pub(super) fn leaf_bounds(&self) -> Option<LeafBounds> {
        self.options.bounds.or_else(|| self.tree.leaf_bounds())
    }

    /// Counts a chance node searched without bounds to prune it with.
    pub(super) fn count_unbounded_chance(&mut self) {
        self.stats.unbounded_chance_nodes += 1;
    }
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
}

impl NodeFold {
    #[inline]
    pub(super) fn new(kind: Kind) -> NodeFold {
        NodeFold {
            kind,
            best: kind.worst(),
            best_sure: true,
            all_bound: true,
        }
    }

    /// Adds a child's score (MAX's terms); whether it improved the value.
    #[inline(always)]
    pub(super) fn add(&mut self, child: Scored) -> bool {
        let (sure, bound) = match self.kind {
            Kind::Max | Kind::Chance => (child.bound.is_lower(), child.bound.is_upper()),
            Kind::Min => (child.bound.is_upper(), child.bound.is_lower()),
        };
        self.all_bound &= bound;
        if self.kind.prefers(child.value, self.best) {
            self.best = child.value;
            self.best_sure = sure;
            true
        } else {
            if child.value == self.best {
                self.best_sure |= sure;
            }
            false
        }
    }

    /// The value so far, in MAX's terms.
    #[inline]
    pub(super) fn value(&self) -> Value {
        self.best
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
