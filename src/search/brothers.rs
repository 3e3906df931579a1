//! The younger brothers of a split node, searched in parallel once the
//! eldest has not cut.
//!
//! Workers take the brothers in child order, each the next one not yet
//! taken. How each brother is searched is [`YoungBrothers`]:
//!
//! - [`YoungBrothers::Full`]: with the window `[alpha, beta]`, narrowed at
//!   every node by the best bound the brothers have found so far (Young
//!   Brothers Wait as the lecture gives it).
//! - [`YoungBrothers::Scout`]: first a test with a null window at the
//!   node's best value so far, which only asks whether the brother can do
//!   better (Pearl's Scout test); the tests run in parallel. A brother
//!   that passes its test with a bound (an exact score is final) is
//!   searched again, from that bound to the node's other one, and
//!   these searches run one at a time in child order, each once every
//!   brother before it is settled, so that it gets their bound as
//!   sequential alpha-beta would (Kuszmaul's Jamboree search). Workers
//!   never wait for one another: whoever settles the first unsettled
//!   brother goes on settling the ones after it that are tested. A second
//!   search splits its top [`RESEARCH_SPLIT_PLIES`] levels whatever the
//!   split depth, so that the other workers (if any) can help with it.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::board::Board;
use super::context::{Context, Halt};
use super::fold::certain;
use super::split::Split;
use super::window::{WindowBound, cut_bound, reaches};
use super::young_brothers::YoungBrothers;
use super::{Algorithm, Options, Stats};
use crate::trace::NoRecorder;
use crate::tree::GameTree;
use crate::value::{Bound, Kind, Scored, Value};

/// What searching one younger brother gave: its score (or why it has
/// none), the nodes it took and its best line.
pub(super) struct Outcome<N> {
    pub result: Result<Scored, Halt>,
    pub stats: Stats,
    pub line: Vec<N>,
}

impl<N> Outcome<N> {
    fn cancelled() -> Outcome<N> {
        Outcome {
            result: Err(Halt::Cancelled),
            stats: Stats::default(),
            line: Vec::new(),
        }
    }

    /// This outcome replaced by `again`, a second search of the same
    /// brother; the nodes of both count.
    fn searched_again(self, mut again: Outcome<N>) -> Outcome<N> {
        again.stats.add(&self.stats);
        again
    }
}

/// How a brother is searched on a worker's thread, from its `ply` below
/// `parent` with a window in MAX's terms: the parallel search's own node
/// search (Young Brothers Wait within the split depth, alpha-beta below),
/// which the parallel search hands in.
pub(super) type NodeSearch<T> = fn(
    &mut Context<'_, T, NoRecorder>,
    <T as GameTree>::Node,
    usize,
    Option<<T as GameTree>::Node>,
    WindowBound<<T as GameTree>::Node>,
    WindowBound<<T as GameTree>::Node>,
) -> Result<Scored, Halt>;

/// The split node whose younger brothers are searched, and everything
/// their searches share.
pub(super) struct Brothers<'a, T: GameTree> {
    pub tree: &'a T,
    pub algorithm: Algorithm,
    pub options: Options,
    /// How each brother is searched.
    pub search: NodeSearch<T>,
    /// The search's split depth (see [`Options::split_depth`]).
    pub split_depth: usize,
    pub node: T::Node,
    pub ply: usize,
    pub kind: Kind,
    /// The window after the eldest, in MAX's terms.
    pub alpha: WindowBound<T::Node>,
    pub beta: WindowBound<T::Node>,
    /// The value the node is sure to reach after the eldest (see
    /// [`Split`]): the eldest's, when its score is certain from the
    /// node's side, else the player's worst.
    pub sure: Value,
}

impl<'a, T> Brothers<'a, T>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    /// Searches `younger` in parallel below `up` (the split node above, if
    /// any); stops them all when one cuts. Outcomes in child order.
    pub(super) fn search(
        &self,
        younger: &[T::Node],
        up: Option<&Split<'_, T::Node>>,
    ) -> Vec<Outcome<T::Node>> {
        #[cfg(feature = "worker-log")]
        super::worker_log::split();
        let split = Split::new(self.node, self.kind, self.sure, up);
        match self.options.young_brothers_on(rayon::current_num_threads()) {
            YoungBrothers::Full => in_order(younger.len(), self.workers(), |i| {
                let outcome = self.full(younger[i], &split);
                self.publish(&outcome, &split);
                outcome
            }),
            YoungBrothers::Scout => self.scout(younger, &split),
        }
    }

    /// Scout: null-window tests in parallel, second searches in child
    /// order, kept on a [`Board`] under one rayon scope.
    fn scout(&self, younger: &[T::Node], split: &Split<'_, T::Node>) -> Vec<Outcome<T::Node>> {
        let board = Board::new(younger.len());
        let threads = self.workers();
        let workers = board.start(threads);
        let scout = Scout {
            brothers: self,
            board: &board,
            younger,
            split,
            threads,
        };
        rayon::scope(|s| {
            for _ in 1..workers {
                s.spawn(|s| scout.work(s));
            }
            scout.work(s);
        });
        board.into_outcomes(|test| match test {
            // Tested but never settled: the search stopped; its nodes count.
            Some((outcome, _)) => Outcome {
                result: Err(Halt::Cancelled),
                ..outcome
            },
            None => Outcome::cancelled(),
        })
    }

    /// The most workers on the brothers of one split node: the pool's
    /// threads, or fewer under [`Options::width`].
    fn workers(&self) -> usize {
        let threads = rayon::current_num_threads();
        self.options
            .width
            .map_or(threads, |width| threads.min(width.max(1)))
    }

    /// Searches `child` in the window `[alpha, beta]` (narrowed as it
    /// enters nodes by the bounds of the split nodes above it).
    fn run(
        &self,
        child: T::Node,
        split: &Split<'_, T::Node>,
        alpha: WindowBound<T::Node>,
        beta: WindowBound<T::Node>,
    ) -> Outcome<T::Node> {
        self.run_with(self.options, child, split, alpha, beta)
    }

    /// [`Brothers::run`] with `options` instead of the split node's own.
    fn run_with(
        &self,
        options: Options,
        child: T::Node,
        split: &Split<'_, T::Node>,
        alpha: WindowBound<T::Node>,
        beta: WindowBound<T::Node>,
    ) -> Outcome<T::Node> {
        if split.stopped() {
            return Outcome::cancelled();
        }
        let mut recorder = NoRecorder;
        let mut bx = Context::forked(self.tree, self.algorithm, options, &mut recorder, split);
        let result = (self.search)(&mut bx, child, self.ply + 1, Some(self.node), alpha, beta);
        Outcome {
            result,
            stats: bx.stats(),
            line: bx.take_line(self.ply + 1),
        }
    }

    /// Searches again a `child` whose test gave `test` and passed: with
    /// the full window from the test's bound on (see [`research_window`]),
    /// splitting its top [`RESEARCH_SPLIT_PLIES`] levels even below the
    /// split depth.
    fn research(
        &self,
        child: T::Node,
        test: Scored,
        split: &Split<'_, T::Node>,
    ) -> Outcome<T::Node> {
        let depth = research_split_depth(self.split_depth, self.ply + 1, self.workers());
        let options = Options {
            split_depth: Some(depth),
            ..self.options
        };
        let (alpha, beta) = split.narrow(self.alpha, self.beta);
        let (alpha, beta) = research_window(self.kind, self.node, test, alpha, beta);
        self.run_with(options, child, split, alpha, beta)
    }

    /// Searches `child` with the full window, narrowed by the bounds the
    /// split nodes have now. A parent of the deepest leaves does not
    /// narrow its window when entered (it takes its parent's; see
    /// `Context::narrow_before`), so such a brother would otherwise search
    /// with the window the eldest left, however far its elder brothers
    /// have moved it since.
    fn full(&self, child: T::Node, split: &Split<'_, T::Node>) -> Outcome<T::Node> {
        let (alpha, beta) = split.narrow(self.alpha, self.beta);
        self.run(child, split, alpha, beta)
    }

    /// Tests whether `child` can do better than the best value so far:
    /// the outcome, and the value it was tested against (`None` when
    /// there is no null window around it and the full window was used).
    /// A test that cuts or fails stops the brothers at once.
    fn test(
        &self,
        child: T::Node,
        split: &Split<'_, T::Node>,
    ) -> (Outcome<T::Node>, Option<Value>) {
        let (alpha, beta) = split.narrow(self.alpha, self.beta);
        let now = own_bound(self.kind, alpha, beta);
        let Some((low, high)) = null_window(self.kind, now, self.node) else {
            let outcome = self.run(child, split, alpha, beta);
            self.publish(&outcome, split);
            return (outcome, None);
        };
        let outcome = self.run(child, split, low, high);
        if self.cuts_or_fails(&outcome) {
            split.stop();
        }
        (outcome, Some(now))
    }

    /// Whether a tested brother passed its test against `against` and is
    /// to be searched again (see [`needs_research`]): it does better than
    /// the value it was tested against, without cutting, and its score is
    /// no exact value.
    fn passed(&self, outcome: &Outcome<T::Node>, against: Option<Value>) -> bool {
        match (&outcome.result, against) {
            (Ok(score), Some(now)) => {
                needs_research(self.kind, *score, now) && !self.cuts(score.value)
            }
            _ => false,
        }
    }

    /// Settles a tested brother, every brother before it being settled:
    /// searches it again with the full window if it passed its test, and
    /// shares what it found.
    fn settle(
        &self,
        child: T::Node,
        outcome: Outcome<T::Node>,
        against: Option<Value>,
        split: &Split<'_, T::Node>,
    ) -> Outcome<T::Node> {
        let outcome = match (self.passed(&outcome, against), &outcome.result) {
            (true, Ok(test)) => {
                let test = *test;
                outcome.searched_again(self.research(child, test, split))
            }
            _ => outcome,
        };
        self.publish(&outcome, split);
        outcome
    }

    /// Whether a brother's value cuts at the split node.
    fn cuts(&self, value: Value) -> bool {
        let against = cut_bound(self.kind, self.alpha, self.beta).value;
        reaches(self.kind, value, against, self.options.strict)
    }

    fn cuts_or_fails(&self, outcome: &Outcome<T::Node>) -> bool {
        match &outcome.result {
            Ok(score) => self.cuts(score.value),
            Err(Halt::Failed(_)) => true,
            Err(Halt::Cancelled) => false,
        }
    }

    /// Shares a brother's settled outcome: its value improves the split
    /// node's bound when its score is certain from the node's side (one
    /// that is not narrows nothing: it lies beyond a bound already handed
    /// down); a cut or an error stops the brothers.
    fn publish(&self, outcome: &Outcome<T::Node>, split: &Split<'_, T::Node>) {
        if let Ok(score) = &outcome.result
            && certain(self.kind, *score)
        {
            split.improve(score.value);
        }
        if self.cuts_or_fails(outcome) {
            split.stop();
        }
    }
}

/// How many levels of a scout brother's second search split, from the
/// brother down, wherever it stands. No new brother of its split node
/// starts until that search is done (see [`super::board`]), so the workers
/// that find nothing else to do would wait for it; split, it gives them
/// work inside the one subtree everyone waits for. Measured on two
/// threads in docs/parallel-measurements.md: the idle time of the
/// bench's unordered trees fell from 21% to 8% (b=8, d=14).
pub(super) const RESEARCH_SPLIT_PLIES: usize = 2;

/// The split depth of a second search of a brother at `ply` below the
/// root, when the search's own is `split_depth` and `workers` search the
/// brothers of a split node: the search's own for one worker, who has
/// nobody to share the work with.
pub(super) fn research_split_depth(split_depth: usize, ply: usize, workers: usize) -> usize {
    match workers {
        0 | 1 => split_depth,
        _ => split_depth.max(ply + RESEARCH_SPLIT_PLIES),
    }
}

/// Whether a brother of a `kind` node, tested against `now` with a null
/// window and scored `test`, is to be searched again: it does better than
/// `now` and its score is only a bound. An exact score (a leaf, or a
/// brother whose test cut nowhere) is the brother's value already, as in
/// the sequential PVS (`search/pvs.rs`). Whether it cuts is the caller's.
pub(super) fn needs_research(kind: Kind, test: Scored, now: Value) -> bool {
    kind.prefers(test.value, now) && test.bound != Bound::Exact
}

/// The window of a brother's second search, `[alpha, beta]` in MAX's
/// terms, for a brother of the `kind` split node `node` whose test gave
/// `test`: a test that passed with a score sure from the node's side
/// proved that the brother is worth at least `test` (at MAX; at most at
/// MIN), so the second search starts there instead of at the node's
/// bound, as Reinefeld's NegaScout does (`search/pvs.rs`). The edge lies
/// just beside the test's value (see [`Value::below`]), so that a brother
/// worth exactly that comes back with an exact score.
pub(super) fn research_window<N: Copy>(
    kind: Kind,
    node: N,
    test: Scored,
    mut alpha: WindowBound<N>,
    mut beta: WindowBound<N>,
) -> (WindowBound<N>, WindowBound<N>) {
    if !certain(kind, test) || test.value.is_infinite() {
        return (alpha, beta);
    }
    match kind {
        Kind::Max | Kind::Chance if test.value.below() > alpha.value => {
            alpha = WindowBound::new(test.value.below(), node);
        }
        Kind::Min if test.value.above() < beta.value => {
            beta = WindowBound::new(test.value.above(), node);
        }
        _ => {}
    }
    (alpha, beta)
}

/// The bound a `kind` node improves: alpha at MAX, beta at MIN (the one
/// it does not cut against).
pub(super) fn own_bound<N>(kind: Kind, alpha: WindowBound<N>, beta: WindowBound<N>) -> Value {
    cut_bound(kind.opponent(), alpha, beta).value
}

/// The null window, in MAX's terms, that tests whether a child of a
/// `kind` node does better than `now`: `[now, now+ε]` at MAX, `[now-ε,
/// now]` at MIN, whose edges lie just beside `now` (see
/// [`Value::above`]). None when `now` is infinite.
pub(super) fn null_window<N: Copy>(
    kind: Kind,
    now: Value,
    node: N,
) -> Option<(WindowBound<N>, WindowBound<N>)> {
    if now.is_infinite() {
        return None;
    }
    let bound = |v: Value| WindowBound::new(v, node);
    match kind {
        Kind::Max | Kind::Chance => Some((bound(now), bound(now.above()))),
        Kind::Min => Some((bound(now.below()), bound(now))),
    }
}

/// Runs `work` on `0..items` on the current pool, with at most `workers`
/// at a time, and returns the outputs in item order. Items are started in
/// order: each worker takes the next
/// one not yet taken, so that the eldest brothers, the likeliest to
/// matter, are searched first, where splitting the range in halves would
/// start one thread in the middle of it.
fn in_order<O, F>(items: usize, workers: usize, work: F) -> Vec<O>
where
    O: Send,
    F: Fn(usize) -> O + Sync,
{
    let workers = workers.min(items);
    // One worker takes the items in order: no pool, no merging.
    if workers <= 1 {
        return (0..items).map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, O)> = (0..workers)
        .into_par_iter()
        .flat_map_iter(|_| {
            let mut mine = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= items {
                    return mine;
                }
                mine.push((i, work(i)));
            }
        })
        .collect();
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, output)| output).collect()
}

/// A scout split node's board: a test gives an outcome and the value it
/// was tested against; settling gives the final outcome.
type ScoutBoard<N> = Board<(Outcome<N>, Option<Value>), Outcome<N>>;

/// What a scout worker holds: the split node's brothers and board.
struct Scout<'b, 'a, T: GameTree> {
    brothers: &'b Brothers<'a, T>,
    board: &'b ScoutBoard<T::Node>,
    younger: &'b [T::Node],
    split: &'b Split<'b, T::Node>,
    threads: usize,
}

impl<T: GameTree> Clone for Scout<'_, '_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: GameTree> Copy for Scout<'_, '_, T> {}

impl<'b, T> Scout<'b, '_, T>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
{
    /// Takes brothers and tests them until none may be taken; settles
    /// them when it records the test of the first unsettled one; starts
    /// more workers in the scope `s` when the board opens again.
    fn work(self, s: &rayon::Scope<'b>) {
        let Scout {
            brothers,
            board,
            younger,
            split,
            threads,
        } = self;
        while let Some(i) = board.take(split.stopped()) {
            let (outcome, against) = brothers.test(younger[i], split);
            let passed = brothers.passed(&outcome, against);
            let settle = |at: usize, (outcome, against): (Outcome<T::Node>, Option<Value>), _| {
                brothers.settle(younger[at], outcome, against, split)
            };
            let added = board.record(i, (outcome, against), passed, threads, settle);
            for _ in 0..added {
                s.spawn(move |s| self.work(s));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(alpha: i32, beta: i32) -> (WindowBound<u32>, WindowBound<u32>) {
        (
            WindowBound::initial(Value::from(alpha)),
            WindowBound::initial(Value::from(beta)),
        )
    }

    fn lower(v: i32) -> Scored {
        Scored {
            value: Value::from(v),
            bound: Bound::Lower,
        }
    }

    #[test]
    fn a_second_search_starts_just_beside_the_tests_bound_on_the_nodes_side() {
        let (alpha, beta) = window(1, 10);
        let (a, b) = research_window(Kind::Max, 7, lower(6), alpha, beta);
        assert_eq!(
            (a.value, a.from, b.value),
            (Value::from(6).below(), Some(7), beta.value)
        );
        let at_most_4 = Scored {
            value: Value::from(4),
            bound: Bound::Upper,
        };
        let (a, b) = research_window(Kind::Min, 7, at_most_4, alpha, beta);
        assert_eq!((a.value, b.value), (alpha.value, Value::from(4).above()));
    }

    #[test]
    fn a_bound_from_the_other_side_or_behind_the_window_changes_nothing() {
        let (alpha, beta) = window(5, 10);
        let bounds = [
            (Kind::Max, lower(3)),
            (Kind::Min, lower(8)),
            (Kind::Max, Scored::exact(Value::POS_INF)),
        ];
        for (kind, test) in bounds {
            let (a, b) = research_window(kind, 7, test, alpha, beta);
            assert_eq!(
                (a.value, b.value),
                (alpha.value, beta.value),
                "{kind:?} {test:?}"
            );
        }
    }

    #[test]
    fn only_a_better_bound_is_searched_again() {
        let now = Value::from(5);
        assert!(needs_research(Kind::Max, lower(6), now));
        assert!(!needs_research(
            Kind::Max,
            Scored::exact(Value::from(6)),
            now
        ));
        assert!(!needs_research(Kind::Max, lower(5), now));
        assert!(!needs_research(Kind::Min, lower(6), now));
    }
}
