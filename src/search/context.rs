//! State shared by every search: the tree, the recorder, the statistics and
//! the principal-variation table, with one method per kind of step.

mod family;

use super::split::Split;
use super::window::{self, WindowBound, reaches};
use super::{Algorithm, Options, SearchError, SearchResult, Stats};
use crate::trace::{ChanceCut, Cut, Event, NoRecorder, Recorder, Window};
use crate::tree::GameTree;
use crate::value::{CutKind, Kind, LeafBounds, Scored, Value};

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
    /// `pv[ply]`: the best line found below the node being searched at
    /// `ply`, its last move first, so that a node takes its best child's
    /// line by swapping it in and pushing the child rather than by copying
    /// it (see [`Context::best_child`]).
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
    /// In a parallel search, `seen[ply]`: the count of changes to the
    /// split nodes above ([`Split::changes`]) at which the node being
    /// searched at `ply` took their bounds into its window.
    seen: Vec<u64>,
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
            seen: Vec::new(),
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
    /// `narrow_before`). The walk is skipped when nothing has changed above
    /// since the node's parent took the bounds in: the window it hands down
    /// holds them already.
    #[inline]
    pub(super) fn narrow_or_cancelled(
        &mut self,
        ply: usize,
        alpha: &mut WindowBound<T::Node>,
        beta: &mut WindowBound<T::Node>,
    ) -> bool {
        match self.split {
            Some(split) if ply < self.narrow_before => self.look_above(split, ply, (alpha, beta)),
            _ => false,
        }
    }

    /// [`Context::narrow_or_cancelled`] below `split`, the nearest split
    /// node. Out of line: a sequential search never calls it, and inlined
    /// it slowed that search's loop.
    #[inline(never)]
    fn look_above(
        &mut self,
        split: &Split<'_, T::Node>,
        ply: usize,
        (alpha, beta): (&mut WindowBound<T::Node>, &mut WindowBound<T::Node>),
    ) -> bool {
        let changes = split.changes();
        let parent = ply.checked_sub(1).and_then(|p| self.seen.get(p));
        let stopped = parent != Some(&changes)
            && split.narrow_unless_stopped(alpha, beta, self.options.strict);
        if ply >= self.seen.len() {
            self.seen.resize(ply + 1, u64::MAX);
        }
        self.seen[ply] = changes;
        stopped
    }

    /// In a parallel search, after a child of a `kind` node at `ply` has
    /// returned, the node's value so far being `v` (`sure` or not, see
    /// [`NodeFold::sure`](super::fold::NodeFold::sure)): whether a split
    /// node above has meanwhile found a bound that this value reaches, so
    /// that the node is cut against it ([`window::cut_from_above`]); not
    /// when nothing has changed above since the node took their bounds in.
    /// Out of line: a sequential search never calls it.
    #[cold]
    #[inline(never)]
    pub(super) fn cut_from_above(
        &self,
        (ply, kind): (usize, Kind),
        (v, sure): (Value, bool),
        (alpha, beta): (&mut WindowBound<T::Node>, &mut WindowBound<T::Node>),
    ) -> bool {
        let Some(split) = self.split.filter(|_| self.may_cut(sure)) else {
            return false;
        };
        if self.seen.get(ply) == Some(&split.changes()) {
            return false;
        }
        let above = split.narrow(*alpha, *beta);
        let node = (kind, v, self.options.strict);
        window::cut_from_above(node, (alpha, beta), above)
    }

    /// Whether a value that is `sure` from its node's side, or not, may
    /// cut. Not sure, only in a sequential search: below a MAX and a MIN
    /// split node the window holds bounds of both, which can cross, and a
    /// child's bound from the other side can then reach the bound the
    /// node cuts against without proving anything.
    #[inline]
    pub(super) fn may_cut(&self, sure: bool) -> bool {
        sure || self.split.is_none()
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
        let mut line = self.pv.get_mut(ply).map(std::mem::take).unwrap_or_default();
        line.reverse();
        line
    }

    /// Makes `child` the best move at `ply`, followed by `line`.
    pub(super) fn best_child_with(&mut self, ply: usize, child: T::Node, line: &[T::Node]) {
        self.ensure_ply(ply);
        let here = &mut self.pv[ply];
        here.clear();
        here.extend(line.iter().rev().copied());
        here.push(child);
    }

    fn ensure_ply(&mut self, ply: usize) {
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
        }
    }

    pub(super) fn into_result(mut self, score: Scored) -> SearchResult<T::Node> {
        let mut principal_variation = self.pv.drain(..).next().unwrap_or_default();
        principal_variation.reverse();
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

    /// Empties the line of play of the node at `ply`. A line not kept yet
    /// is empty already: a leaf does not make room for one, which spares a
    /// brother that is a leaf, searched alone, the allocation of every ply
    /// above it.
    #[inline]
    pub(super) fn clear_line(&mut self, ply: usize) {
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
    }

    /// Whether a node at `ply` lies at the depth limit (or below it), or
    /// the search is to stop: every algorithm asks it of each interior node
    /// it enters, and then values the node by [`Context::horizon`], which
    /// returns [`SearchError::Stopped`].
    #[inline]
    pub(super) fn at_horizon(&self, ply: usize) -> bool {
        self.options.depth.is_some_and(|limit| ply >= limit) || self.stop_asked()
    }

    /// Whether the search was asked to stop ([`Options::stop`]).
    #[inline]
    pub(super) fn stop_asked(&self) -> bool {
        self.options.stop.is_some_and(super::Stop::is_set)
    }

    /// Evaluates an interior node at the depth limit, `ply` plies below the
    /// root, by its static value, as a leaf; an error if it has none, or
    /// if the search was asked to stop.
    #[inline]
    pub(super) fn horizon(&mut self, node: T::Node, ply: usize) -> Result<Value, SearchError> {
        if self.stop_asked() {
            return Err(SearchError::Stopped);
        }
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

    /// Makes `child` the best move at `ply`, followed by its own best line
    /// (the line at `ply + 1`, which it takes: what is left there is
    /// cleared before it is read again, when the next child is entered).
    #[inline]
    pub(super) fn best_child(&mut self, ply: usize, child: T::Node) {
        self.pv.swap(ply, ply + 1);
        self.pv[ply].push(child);
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

    /// Counts and reports a cut at `node`, `ply` plies below the root
    /// (below `parent`), whose remaining children are `rest`; values are in
    /// MAX's terms.
    pub(super) fn cut(
        &mut self,
        (node, ply, parent): (T::Node, usize, Option<T::Node>),
        kind: CutKind,
        value: Value,
        bound: WindowBound<T::Node>,
        rest: impl Iterator<Item = T::Node>,
    ) {
        let cut = self.cut_event((node, ply, parent), kind, value, bound, None);
        self.report_cut(cut, rest);
    }

    /// Counts and reports a Star1 or Star2 cut at the chance node `node`
    /// (`ply` plies below the root, below `parent`): its value `value`
    /// cannot pass `bound` (in MAX's terms; an alpha cut when it cannot
    /// exceed alpha, a beta cut when it cannot fall below beta); `skipped`
    /// are the nodes skipped (see [`Cut::pruned`]).
    pub(super) fn chance_cut(
        &mut self,
        at: (T::Node, usize, Option<T::Node>),
        (kind, chance): (CutKind, ChanceCut),
        value: Value,
        bound: WindowBound<T::Node>,
        skipped: impl Iterator<Item = T::Node>,
    ) {
        let cut = self.cut_event(at, kind, value, bound, Some(chance));
        self.report_cut(cut, skipped);
    }

    /// A cut, its pruned nodes left to fill in, with what the search
    /// knows of where it happened.
    pub(super) fn cut_event(
        &self,
        (node, ply, parent): (T::Node, usize, Option<T::Node>),
        kind: CutKind,
        value: Value,
        bound: WindowBound<T::Node>,
        chance: Option<ChanceCut>,
    ) -> Cut<T::Node> {
        Cut {
            node,
            kind,
            pruned: Vec::new(),
            value,
            threshold: bound.value,
            bound_from: bound.from,
            // From above the parent: a node is not its own ancestor (an
            // SSS* purge at the MAX node it solved takes its bound from it).
            deep: bound
                .from
                .is_some_and(|from| Some(from) != parent && from != node),
            chance,
            depth_left: self.options.depth.map(|limit| limit.saturating_sub(ply)),
            purge: None,
        }
    }

    /// Counts a cut and reports it, with the nodes it skips.
    pub(super) fn report_cut(
        &mut self,
        mut cut: Cut<T::Node>,
        skipped: impl Iterator<Item = T::Node>,
    ) {
        self.stats.cutoffs += 1;
        if R::RECORDS {
            cut.pruned = skipped.collect();
            self.recorder.record(Event::Cut(cut));
        }
    }

    /// Counts and reports Star2's probe of `node`, a child of the chance
    /// node `chance`: a visit (see [`Event::Probe`]).
    pub(super) fn probe(&mut self, node: T::Node, chance: T::Node) {
        self.stats.nodes_visited += 1;
        if R::RECORDS {
            self.recorder.record(Event::Probe { node, chance });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::window::full_window;

    #[test]
    fn a_node_looks_above_only_when_something_changed_since_its_parent_did() {
        let text = "[[[[1 2] [3 4]] [[5 6] [7 8]]] [[[1 2] [3 4]] [[5 6] [7 8]]]]";
        let tree = crate::syntax::parse("t", text).unwrap();
        let split = Split::new(tree.root(), Kind::Max, Value::from(0), None);
        let mut recorder = NoRecorder;
        let options = Options::default();
        let mut cx = Context::forked(&tree, Algorithm::Parallel, options, &mut recorder, &split);
        let narrowed = |cx: &mut Context<'_, _, _>, ply| {
            let (mut alpha, mut beta) = full_window();
            let stopped = cx.narrow_or_cancelled(ply, &mut alpha, &mut beta);
            (stopped, alpha.value)
        };
        // The first node looks; its child trusts the window handed down
        // (here left wide on purpose, to show that it did not look).
        assert_eq!(narrowed(&mut cx, 1), (false, Value::from(0)));
        assert_eq!(narrowed(&mut cx, 2), (false, Value::NEG_INF));
        split.improve(Value::from(5));
        assert_eq!(narrowed(&mut cx, 2), (false, Value::from(5)), "a bound");
        split.stop();
        assert!(narrowed(&mut cx, 2).0, "a flag");
        // The parents of the deepest leaves never look.
        assert_eq!(narrowed(&mut cx, 3), (false, Value::NEG_INF));
    }
}
