//! Young Brothers Wait on P simulated processors, in discrete time: a
//! schedule anyone can replay, for teaching what the real parallel search
//! ([`super::Algorithm::Parallel`]) does on threads, where every run takes
//! a different path.
//!
//! # The cost model
//!
//! Time runs in steps. In one step a busy processor enters one node: a
//! leaf costs one step (entered and evaluated), an interior node one step
//! to enter, a node at the depth limit one step (entered and valued
//! statically). Everything else is free: a value going up to its parent,
//! a provisional or final value, a cut, a bound shared between brothers.
//! Sequential alpha-beta therefore takes as many steps as it visits nodes.
//!
//! Within a step the processors work at once, each on the window known
//! when the step starts; at the end of the step their results are
//! combined one processor after another, lowest-numbered first.
//!
//! # The search
//!
//! The same as the real one, with the same options: at a node less than
//! the split depth below the root, the eldest child is searched alone
//! (by the processor that entered the node); if it does not cut, the
//! younger brothers are offered to every processor, at most `width` of
//! one node at once. Below the split depth, and before the eldest
//! returns, a processor goes on depth first like sequential alpha-beta,
//! child after child. Whoever returns the last value a node waits for
//! carries that node's value up to its parent and goes on there.
//!
//! A brother that finishes improves its split node's bound (alpha at
//! MAX, beta at MIN); the brothers still running narrow their window with
//! it at the next node they enter, as the real search's shared bound
//! does. When a brother's value cuts the split node, the brothers not
//! started are pruned and the running ones stop: their processors drop
//! the work at once.
//!
//! With [`YoungBrothers::Scout`] (Jamboree), each younger brother is first
//! tested with a null window at the split node's value so far; brothers
//! are settled in child order, and one that passes its test is searched
//! again with the full window by the processor that settles it, no new
//! brother of that node being offered meanwhile; on more than one
//! processor that second search splits its top two levels whatever the
//! split depth, as the real one does.
//!
//! # The scheduling rule
//!
//! At the end of every step, each idle processor, lowest-numbered first,
//! takes the eldest waiting brother: of all the brothers offered, the one
//! sequential alpha-beta would reach first (leftmost in the tree, in
//! search order). So the same tree and options always give the same
//! schedule; with one processor it is sequential alpha-beta, step for
//! step.

use std::collections::{BTreeMap, HashSet};

use serde::Serialize;

use super::brothers::{null_window, own_bound, research_split_depth};
use super::fold::NodeFold;
use super::ordering::search_order;
use super::window::{WindowBound, clamp, cut_bound, reaches, tighten};
use super::{
    Algorithm, DEFAULT_SPLIT_DEPTH, Options, SearchError, SearchResult, Stats, YoungBrothers,
};
use crate::trace::{Act, Cut, Event, Happening, NoRecorder, ScheduleRecorder, Trace, Window};
use crate::tree::GameTree;
use crate::value::{CutKind, Kind, Scored, Value};

/// What a simulated parallel search found, and how long it took.
#[derive(Clone, Debug)]
pub struct Simulation<N> {
    /// The value, best move, principal variation and counts of the
    /// simulated search (its nodes include the speculative ones).
    pub result: SearchResult<N>,
    /// The processors simulated.
    pub processors: usize,
    /// The time steps the simulated search took.
    pub steps: u64,
    /// The time steps sequential alpha-beta takes with the same options:
    /// the nodes it visits.
    pub sequential_steps: u64,
    /// Processor-steps spent with nothing to do.
    pub idle_steps: u64,
}

/// The figures of a [`Simulation`], as `solve` reports them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SimulationSummary {
    /// The processors simulated.
    pub processors: usize,
    /// The time steps the simulated search took.
    pub steps: u64,
    /// The time steps sequential alpha-beta takes.
    pub sequential_steps: u64,
    /// `sequential_steps / steps`.
    pub speedup: f64,
    /// The speed-up per processor.
    pub efficiency: f64,
    /// Nodes visited beyond sequential alpha-beta's (negative when fewer).
    pub overhead_nodes: i64,
    /// Processor-steps spent with nothing to do.
    pub idle_steps: u64,
}

impl<N> Simulation<N> {
    /// The figures.
    pub fn summary(&self) -> SimulationSummary {
        let speedup = self.sequential_steps as f64 / self.steps.max(1) as f64;
        SimulationSummary {
            processors: self.processors,
            steps: self.steps,
            sequential_steps: self.sequential_steps,
            speedup,
            efficiency: speedup / self.processors as f64,
            overhead_nodes: self.result.stats.nodes_visited as i64 - self.sequential_steps as i64,
            idle_steps: self.idle_steps,
        }
    }
}

/// Simulates the parallel search (Young Brothers Wait, or Jamboree with
/// [`YoungBrothers::Scout`]) of `tree` under `options` on `processors`
/// processors (at least one: 0 counts as 1), reporting every step to
/// `recorder`; see the module's documentation for the model and the rule.
/// `options.threads` plays no part.
///
/// Sequential alpha-beta runs first with the same options, to count its
/// steps and, when `recorder` keeps anything, to mark the nodes it never
/// visits as speculative. Iterative deepening is refused, as the parallel
/// search refuses it.
pub fn simulate<T, R>(
    tree: &T,
    options: Options,
    processors: usize,
    recorder: &mut R,
) -> Result<Simulation<T::Node>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: ScheduleRecorder<T::Node>,
{
    super::check_options(Algorithm::Parallel, &options)?;
    if super::has_chance(tree) {
        return Err(SearchError::ChanceUnsupported {
            algorithm: Algorithm::Parallel,
        });
    }
    let sequential = Options {
        threads: 0,
        ..options
    };
    let (sequential_steps, seen) = match R::RECORDS {
        true => {
            let mut trace = Trace::new();
            let result = super::search(tree, Algorithm::AlphaBeta, sequential, &mut trace)?;
            let seen = trace.visited().map(|n| tree.id(n)).collect();
            (result.stats.nodes_visited, Some(seen))
        }
        false => {
            let result = super::search(tree, Algorithm::AlphaBeta, sequential, &mut NoRecorder)?;
            (result.stats.nodes_visited, None)
        }
    };
    let processors = processors.max(1);
    let machine = Machine::new(tree, options, processors, seen, recorder);
    let (result, steps, idle_steps) = machine.run()?;
    Ok(Simulation {
        result,
        processors,
        steps,
        sequential_steps,
        idle_steps,
    })
}

/// A frame's index in the machine's arena.
type FrameId = usize;

/// Where a node hangs: its parent's frame and its index among the
/// parent's children in search order; `None` for the root.
type Link = Option<(FrameId, usize)>;

/// What a node's value is for at its parent.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Purpose {
    /// An ordinary search.
    Plain,
    /// A scout test against this value (`None`: no null window around an
    /// infinite value, so a search with the full window).
    Test(Option<Value>),
    /// A scout brother searched again after passing its test.
    Again,
}

/// A node to enter at the next step.
#[derive(Clone, Debug)]
struct Task<N> {
    node: N,
    link: Link,
    ply: usize,
    alpha: WindowBound<N>,
    beta: WindowBound<N>,
    purpose: Purpose,
}

/// A window's two bounds, alpha and beta.
type Bounds<N> = (WindowBound<N>, WindowBound<N>);

/// A value going up to the parent.
struct Up<N> {
    link: Link,
    score: Scored,
    line: Vec<N>,
    purpose: Purpose,
}

/// A scout brother's state at its split node.
#[derive(Clone, Debug)]
enum Slot<N> {
    Open,
    Tested(Scored, Vec<N>, bool),
    Settled,
}

/// A split node's shared state, once its younger brothers are offered.
#[derive(Debug)]
struct SplitState<N> {
    /// The bound the brothers improve: alpha at MAX, beta at MIN.
    bound: Value,
    /// The path from the root to the node, in search order.
    path: Vec<u32>,
    /// Scout only: each brother's state.
    slots: Vec<Slot<N>>,
    /// Scout only: the first brother not settled.
    frontier: usize,
    /// Scout only: brothers that passed and are not settled.
    passed: usize,
    /// Scout only: a brother is being searched again.
    settling: bool,
}

/// An interior node being searched.
#[derive(Debug)]
struct Frame<N> {
    node: N,
    link: Link,
    /// The nearest frame at or above this one no deeper than the split
    /// depth (itself when it is): walks up the tree jump there, since no
    /// frame below the split depth is ever split or stopped from outside.
    upper: FrameId,
    /// The frames less than this many plies below the root split: the
    /// search's split depth, deeper under a scout brother's second search
    /// (see [`research_split_depth`]).
    split_depth: usize,
    purpose: Purpose,
    ply: usize,
    kind: Kind,
    window: Window,
    alpha: WindowBound<N>,
    beta: WindowBound<N>,
    children: Vec<N>,
    /// The first child not handed out.
    next: usize,
    /// The children being searched.
    running: Vec<usize>,
    /// The children whose values are folded in.
    settled: usize,
    fold: NodeFold,
    line: Vec<N>,
    split: Option<SplitState<N>>,
    /// Finished, or cut short: nothing below it counts any more.
    done: bool,
}

/// The simulated machine.
struct Machine<'a, T: GameTree, R> {
    tree: &'a T,
    options: Options,
    recorder: &'a mut R,
    /// The ids of the nodes sequential alpha-beta visits, when recording.
    seen: Option<HashSet<String>>,
    split_depth: usize,
    width: usize,
    frames: Vec<Frame<T::Node>>,
    /// Each processor's node to enter at the next step.
    tasks: BTreeMap<usize, Task<T::Node>>,
    /// How many processors there are.
    processors: usize,
    /// Split nodes that may have brothers to offer.
    offering: Vec<FrameId>,
    /// The leaves valued this step, with their processor and link; those
    /// from `combined` on are not combined yet.
    pending: Vec<(usize, Link)>,
    combined: usize,
    time: u64,
    idle: u64,
    stats: Stats,
    root: Option<(Scored, Vec<T::Node>)>,
}

impl<'a, T, R> Machine<'a, T, R>
where
    T: GameTree,
    R: ScheduleRecorder<T::Node>,
{
    fn new(
        tree: &'a T,
        options: Options,
        processors: usize,
        seen: Option<HashSet<String>>,
        recorder: &'a mut R,
    ) -> Self {
        let (alpha, beta) = (
            WindowBound::initial(Value::NEG_INF),
            WindowBound::initial(Value::POS_INF),
        );
        let mut tasks = BTreeMap::new();
        tasks.insert(
            0,
            Task {
                node: tree.root(),
                link: None,
                ply: 0,
                alpha,
                beta,
                purpose: Purpose::Plain,
            },
        );
        Machine {
            tree,
            options,
            recorder,
            seen,
            split_depth: options.split_depth.unwrap_or(DEFAULT_SPLIT_DEPTH),
            width: options.width.unwrap_or(processors).max(1),
            frames: Vec::new(),
            tasks,
            processors,
            offering: Vec::new(),
            pending: Vec::new(),
            combined: 0,
            time: 0,
            idle: 0,
            stats: Stats::default(),
            root: None,
        }
    }

    /// Runs steps until the root has its value: the result, the steps
    /// and the idle processor-steps.
    fn run(mut self) -> Result<(SearchResult<T::Node>, u64, u64), SearchError> {
        loop {
            self.time += 1;
            let mut leaves = Vec::new();
            let busy = std::mem::take(&mut self.tasks);
            self.idle += (self.processors - busy.len()) as u64;
            for (p, task) in busy {
                if let Some(up) = self.visit(p, task)? {
                    self.pending.push((p, up.link));
                    leaves.push((p, up));
                }
            }
            for (p, up) in leaves {
                self.combined += 1;
                self.deliver(p, up);
            }
            if let Some((score, line)) = self.root.take() {
                return Ok((self.result(score, line), self.time, self.idle));
            }
            self.drop_dead_tasks();
            self.assign();
        }
    }

    fn result(&self, score: Scored, line: Vec<T::Node>) -> SearchResult<T::Node> {
        SearchResult {
            algorithm: Algorithm::Parallel,
            score,
            best_move: line.first().copied(),
            principal_variation: line,
            stats: self.stats,
        }
    }

    fn record(&mut self, processor: usize, what: impl FnOnce() -> Happening<T::Node>) {
        if R::RECORDS {
            let act = Act {
                time: self.time,
                processor,
                what: what(),
            };
            self.recorder.act(act);
        }
    }

    fn record_event(&mut self, processor: usize, event: Event<T::Node>) {
        let speculative = match &event {
            Event::Enter { node, .. } | Event::Leaf { node, .. } => self.speculative(*node),
            _ => false,
        };
        self.record(processor, || Happening::Search { event, speculative });
    }

    /// Whether sequential alpha-beta never visits `node` (when recording).
    fn speculative(&self, node: T::Node) -> bool {
        self.seen
            .as_ref()
            .is_some_and(|seen| !seen.contains(&self.tree.id(node)))
    }

    /// Processor `p` enters the task's node: a value to carry up at once
    /// (a leaf, or a node at the depth limit), or a new frame whose eldest
    /// child becomes `p`'s next task.
    fn visit(&mut self, p: usize, task: Task<T::Node>) -> Result<Option<Up<T::Node>>, SearchError> {
        let tree = self.tree;
        let node = task.node;
        let (mut alpha, mut beta) = (task.alpha, task.beta);
        self.narrow(task.link, &mut alpha, &mut beta);
        let window = Window {
            alpha: alpha.value,
            beta: beta.value,
        };
        self.stats.nodes_visited += 1;
        if R::RECORDS {
            let enter = Event::Enter {
                node,
                window: Some(window),
            };
            self.record_event(p, enter);
        }
        let value = match tree.value(node) {
            Some(value) => Some(value),
            None => self.valueless(node, task.ply)?,
        };
        if let Some(value) = value {
            self.stats.leaves_evaluated += 1;
            if R::RECORDS {
                let horizon = tree.value(node).is_none().then_some(task.ply);
                self.record_event(
                    p,
                    Event::Leaf {
                        node,
                        value,
                        horizon,
                    },
                );
            }
            return Ok(Some(Up {
                link: task.link,
                score: Scored::exact(value),
                line: Vec::new(),
                purpose: task.purpose,
            }));
        }
        let kind = tree.kind(node);
        let children = search_order(tree, self.options.order, node, kind);
        let id = self.frames.len();
        let split_depth = self.split_depth_at(&task);
        let upper = match task.link {
            Some((parent, _)) if task.ply > split_depth => self.frames[parent].upper,
            _ => id,
        };
        self.frames.push(Frame {
            node,
            link: task.link,
            upper,
            split_depth,
            purpose: task.purpose,
            ply: task.ply,
            kind,
            window,
            alpha,
            beta,
            children,
            next: 0,
            running: Vec::new(),
            settled: 0,
            fold: NodeFold::new(kind),
            line: Vec::new(),
            split: None,
            done: false,
        });
        let eldest = self.child_task(id, Purpose::Plain, None);
        self.tasks.insert(p, eldest);
        Ok(None)
    }

    /// How younger brothers are searched: as the options say, else full
    /// whatever the processors, since the simulation shows Young Brothers
    /// Wait as the lecture gives it (the real search's default depends on
    /// the threads).
    fn young_brothers(&self) -> YoungBrothers {
        self.options.young_brothers.unwrap_or(YoungBrothers::Full)
    }

    /// The split depth of the frame `task` enters: its parent's, or the
    /// search's at the root; deeper for a scout brother's second search.
    fn split_depth_at(&self, task: &Task<T::Node>) -> usize {
        let inherited = match task.link {
            Some((parent, _)) => self.frames[parent].split_depth,
            None => self.split_depth,
        };
        match task.purpose {
            Purpose::Again => {
                research_split_depth(inherited, task.ply, self.width.min(self.processors))
            }
            _ => inherited,
        }
    }

    /// The value of a node that has none of its own: `None` for an
    /// interior node to search, its static value at the depth limit, an
    /// error for a leaf whose value is unknown or a node at the limit
    /// without a static value.
    fn valueless(&mut self, node: T::Node, ply: usize) -> Result<Option<Value>, SearchError> {
        let tree = self.tree;
        if tree.children(node).next().is_none() {
            return Err(SearchError::UnknownValue {
                node: tree.id(node),
                location: tree.location(node),
                algorithm: Algorithm::Parallel,
            });
        }
        let Some(limit) = self.options.depth.filter(|&limit| ply >= limit) else {
            return Ok(None);
        };
        match tree.static_value(node) {
            Some(value) => {
                self.stats.horizon_nodes += 1;
                Ok(Some(value))
            }
            None => Err(SearchError::NoStaticValue {
                node: tree.id(node),
                location: tree.location(node),
                depth: limit,
            }),
        }
    }

    /// Hands out the next child of frame `f` for `purpose`, with the
    /// frame's window, or the window `null` for a scout test.
    fn child_task(
        &mut self,
        f: FrameId,
        purpose: Purpose,
        null: Option<Bounds<T::Node>>,
    ) -> Task<T::Node> {
        let index = self.frames[f].next;
        self.frames[f].next += 1;
        self.hand_out(f, index, purpose, null)
    }

    /// Hands out child `index` of frame `f` (see [`Machine::child_task`]).
    fn hand_out(
        &mut self,
        f: FrameId,
        index: usize,
        purpose: Purpose,
        null: Option<Bounds<T::Node>>,
    ) -> Task<T::Node> {
        let frame = &mut self.frames[f];
        frame.running.push(index);
        let (alpha, beta) = null.unwrap_or((frame.alpha, frame.beta));
        Task {
            node: frame.children[index],
            link: Some((f, index)),
            ply: frame.ply + 1,
            alpha,
            beta,
            purpose,
        }
    }

    /// The window `[alpha, beta]` of a node hanging at `link`, narrowed by
    /// the bounds of the split nodes above it.
    fn narrow(
        &self,
        link: Link,
        alpha: &mut WindowBound<T::Node>,
        beta: &mut WindowBound<T::Node>,
    ) {
        let mut at = link;
        while let Some((f, _)) = at {
            let frame = &self.frames[f];
            if let Some(split) = &frame.split {
                match frame.kind {
                    Kind::Max if split.bound > alpha.value => {
                        *alpha = WindowBound::new(split.bound, frame.node)
                    }
                    Kind::Min if split.bound < beta.value => {
                        *beta = WindowBound::new(split.bound, frame.node)
                    }
                    _ => {}
                }
            }
            at = self.up(f);
        }
    }

    /// The next link to look at above frame `f` on a walk up the tree:
    /// `f`'s own, or, below the split depth, that of the frame where the
    /// split depth is reached.
    fn up(&self, f: FrameId) -> Link {
        self.frames[self.frames[f].upper].link
    }

    /// Whether a node hanging at `link` still matters: no frame above it
    /// is done.
    fn alive(&self, link: Link) -> bool {
        let mut at = link;
        while let Some((f, _)) = at {
            if self.frames[f].done {
                return false;
            }
            at = self.up(f);
        }
        true
    }

    /// Whether a node hanging at `link` lies below child `index` of `f`.
    fn below(&self, link: Link, f: FrameId, index: usize) -> bool {
        let mut at = link;
        while let Some((g, i)) = at {
            if (g, i) == (f, index) {
                return true;
            }
            at = self.up(g);
        }
        false
    }

    /// Carries `up` to its parent and further up while nodes finish, with
    /// processor `p` doing the combining.
    fn deliver(&mut self, p: usize, up: Up<T::Node>) {
        let mut next = Some(up);
        while let Some(up) = next.take() {
            let Some((f, index)) = up.link else {
                self.root = Some((up.score, up.line));
                return;
            };
            if !self.alive(up.link) {
                return;
            }
            self.frames[f].running.retain(|&i| i != index);
            next = self.arrive(p, f, index, up);
        }
    }

    /// A child's value reaches frame `f`: what goes further up, if the
    /// frame finishes.
    fn arrive(
        &mut self,
        p: usize,
        f: FrameId,
        index: usize,
        up: Up<T::Node>,
    ) -> Option<Up<T::Node>> {
        match up.purpose {
            Purpose::Test(against) if index > 0 => self.tested(p, f, index, up, against),
            Purpose::Again => {
                if let Some(split) = &mut self.frames[f].split {
                    split.settling = false;
                    split.passed -= 1;
                }
                self.settle(p, f, index, up.score, up.line)
                    .or_else(|| self.settle_in_order(p, f))
            }
            _ => self.settle(p, f, index, up.score, up.line),
        }
    }

    /// Folds child `index`'s value into frame `f`, shares it with the
    /// brothers, and decides what comes next: the frame finishes (or is
    /// cut), offers its younger brothers, or `p` goes on with the next
    /// child.
    fn settle(
        &mut self,
        p: usize,
        f: FrameId,
        index: usize,
        score: Scored,
        line: Vec<T::Node>,
    ) -> Option<Up<T::Node>> {
        let frame = &mut self.frames[f];
        let (node, kind, child) = (frame.node, frame.kind, frame.children[index]);
        frame.settled += 1;
        let improved = frame.fold.add(score);
        if improved {
            frame.line.clear();
            frame.line.push(child);
            frame.line.extend(line);
        }
        let frame = &self.frames[f];
        if frame.settled == frame.children.len() {
            return self.finish(p, f, false);
        }
        let v = frame.fold.value();
        if improved && R::RECORDS {
            self.record_event(p, Event::Provisional { node, value: v });
        }
        let frame = &self.frames[f];
        let bound = cut_bound(kind, frame.alpha, frame.beta);
        if reaches(kind, v, bound.value, self.options.strict) {
            self.cut(p, f, v, bound);
            return self.finish(p, f, true);
        }
        // Shared only now: a node that finishes or cuts has nothing left
        // to share it with.
        self.share(p, f, score.value);
        let frame = &mut self.frames[f];
        tighten(kind, v, node, &mut frame.alpha, &mut frame.beta);
        if frame.split.is_some() {
            return None;
        }
        if frame.ply < frame.split_depth {
            self.open_split(f);
        } else {
            let next = self.child_task(f, Purpose::Plain, None);
            self.tasks.insert(p, next);
        }
        None
    }

    /// A split node's bound improves with a brother's value; the brothers
    /// still running are told.
    fn share(&mut self, p: usize, f: FrameId, value: Value) {
        let frame = &mut self.frames[f];
        let Some(split) = &mut frame.split else {
            return;
        };
        if !frame.kind.prefers(value, split.bound) {
            return;
        }
        split.bound = value;
        let busy = |&&i: &&usize| !self.pending.iter().any(|(_, link)| *link == Some((f, i)));
        let running: Vec<T::Node> = match R::RECORDS {
            true => frame
                .running
                .iter()
                .filter(busy)
                .map(|&i| frame.children[i])
                .collect(),
            false => Vec::new(),
        };
        if !running.is_empty() {
            let node = frame.node;
            self.record(p, || Happening::Bound {
                node,
                value,
                running,
            });
        }
    }

    /// The eldest child of `f` did not cut: its younger brothers are
    /// offered to every processor.
    fn open_split(&mut self, f: FrameId) {
        let path = self.path(f);
        let scout = self.young_brothers() == YoungBrothers::Scout;
        let frame = &mut self.frames[f];
        let slots = match scout {
            true => vec![Slot::Open; frame.children.len()],
            false => Vec::new(),
        };
        frame.split = Some(SplitState {
            bound: own_bound(frame.kind, frame.alpha, frame.beta),
            path,
            slots,
            frontier: 1,
            passed: 0,
            settling: false,
        });
        self.offering.push(f);
    }

    /// The path from the root to frame `f`'s node, in search order.
    fn path(&self, f: FrameId) -> Vec<u32> {
        let mut path = Vec::new();
        let mut at = self.frames[f].link;
        while let Some((g, index)) = at {
            path.push(index as u32);
            at = self.frames[g].link;
        }
        path.reverse();
        path
    }

    /// Frame `f` is cut at value `v` against `bound`: the brothers not
    /// started are pruned, the running ones stopped.
    fn cut(&mut self, p: usize, f: FrameId, v: Value, bound: WindowBound<T::Node>) {
        self.stats.cutoffs += 1;
        if !R::RECORDS {
            return;
        }
        let frame = &self.frames[f];
        let node = frame.node;
        let parent = frame.link.map(|(g, _)| self.frames[g].node);
        let cut = Cut {
            node,
            kind: CutKind::at(frame.kind),
            pruned: frame.children[frame.next..].to_vec(),
            value: v,
            threshold: bound.value,
            bound_from: bound.from,
            chance: None,
            deep: bound.from.is_some() && bound.from != parent,
        };
        let stopped: Vec<(T::Node, Vec<usize>)> = frame
            .running
            .iter()
            .map(|&i| (frame.children[i], self.workers_below(f, i)))
            .collect();
        self.record_event(p, Event::Cut(cut));
        for (brother, processors) in stopped {
            self.record(p, || Happening::Stop {
                node: brother,
                by: node,
                processors,
            });
        }
    }

    /// The processors working below child `index` of `f`: with a node to
    /// enter there, or a leaf value from there not yet combined.
    fn workers_below(&self, f: FrameId, index: usize) -> Vec<usize> {
        let mut workers: Vec<usize> = self
            .tasks
            .iter()
            .filter(|(_, t)| self.below(t.link, f, index))
            .map(|(q, _)| *q)
            .chain(
                self.pending[self.combined..]
                    .iter()
                    .filter(|(_, link)| self.below(*link, f, index))
                    .map(|(q, _)| *q),
            )
            .collect();
        workers.sort_unstable();
        workers.dedup();
        workers
    }

    /// Frame `f` is done; its value goes up.
    fn finish(&mut self, p: usize, f: FrameId, cut: bool) -> Option<Up<T::Node>> {
        let fail_hard = self.options.fail_hard;
        let frame = &mut self.frames[f];
        frame.done = true;
        let mut score = frame.fold.finish(cut);
        if fail_hard {
            score = clamp(score, frame.window.alpha, frame.window.beta);
        }
        let up = Up {
            link: frame.link,
            score,
            line: std::mem::take(&mut frame.line),
            purpose: frame.purpose,
        };
        let node = frame.node;
        frame.children = Vec::new();
        frame.split = None;
        if R::RECORDS {
            self.record_event(p, Event::Final { node, score });
        }
        Some(up)
    }

    /// A scout test of brother `index` of `f` came back.
    fn tested(
        &mut self,
        p: usize,
        f: FrameId,
        index: usize,
        up: Up<T::Node>,
        against: Option<Value>,
    ) -> Option<Up<T::Node>> {
        let frame = &self.frames[f];
        let kind = frame.kind;
        let cut_at = cut_bound(kind, frame.alpha, frame.beta).value;
        let cuts = reaches(kind, up.score.value, cut_at, self.options.strict);
        if cuts {
            return self.settle(p, f, index, up.score, up.line);
        }
        let passed = against.is_some_and(|now| kind.prefers(up.score.value, now));
        if let Some(against) = against
            && R::RECORDS
        {
            let (child, score) = (self.frames[f].children[index], up.score);
            self.record(p, || Happening::Tested {
                node: child,
                score,
                against,
                passed,
            });
        }
        let split = self.frames[f].split.as_mut().expect("a scout split node");
        split.slots[index] = Slot::Tested(up.score, up.line, passed);
        split.passed += usize::from(passed);
        if split.settling {
            return None;
        }
        self.settle_in_order(p, f)
    }

    /// Settles the tested brothers of `f` from the first unsettled one on,
    /// in child order, until one is not tested yet or has passed its test:
    /// `p` then searches that one again.
    fn settle_in_order(&mut self, p: usize, f: FrameId) -> Option<Up<T::Node>> {
        loop {
            let frame = &mut self.frames[f];
            if frame.done {
                return None;
            }
            let split = frame.split.as_mut()?;
            let at = split.frontier;
            let Some(Slot::Tested(..)) = split.slots.get(at) else {
                return None;
            };
            let Slot::Tested(score, line, passed) =
                std::mem::replace(&mut split.slots[at], Slot::Settled)
            else {
                unreachable!("checked above");
            };
            split.frontier += 1;
            if passed {
                split.settling = true;
                let again = self.hand_out(f, at, Purpose::Again, None);
                self.tasks.insert(p, again);
                return None;
            }
            if let Some(up) = self.settle(p, f, at, score, line) {
                return Some(up);
            }
        }
    }

    /// Drops the tasks that a cut made useless.
    fn drop_dead_tasks(&mut self) {
        let mut tasks = std::mem::take(&mut self.tasks);
        tasks.retain(|_, t| self.alive(t.link));
        self.tasks = tasks;
        self.pending.clear();
        self.combined = 0;
    }

    /// Each idle processor, lowest-numbered first, takes the eldest
    /// waiting brother.
    fn assign(&mut self) {
        let mut p = 0;
        loop {
            while self.tasks.contains_key(&p) {
                p += 1;
            }
            if p >= self.processors {
                return;
            }
            self.offering.retain(|&f| {
                let frame = &self.frames[f];
                !frame.done && frame.next < frame.children.len()
            });
            let Some(f) = self.eldest_waiting() else {
                return;
            };
            let task = self.take(f);
            self.tasks.insert(p, task);
        }
    }

    /// The split node whose next brother is the eldest of those waiting.
    fn eldest_waiting(&self) -> Option<FrameId> {
        let offers = self.offering.iter().copied().filter(|&f| {
            let frame = &self.frames[f];
            let split = frame.split.as_ref().expect("offering split nodes");
            self.alive(frame.link) && frame.running.len() < self.width && split.passed == 0
        });
        offers.min_by(|&a, &b| {
            let key = |f: FrameId| {
                let frame = &self.frames[f];
                let path = &frame.split.as_ref().expect("a split node").path;
                (path.clone(), frame.next)
            };
            let (pa, na) = key(a);
            let (pb, nb) = key(b);
            let mut a = pa;
            a.push(na as u32);
            let mut b = pb;
            b.push(nb as u32);
            a.cmp(&b)
        })
    }

    /// Takes the next brother of split node `f`: with its window, or for
    /// scout with a null window at the node's value so far.
    fn take(&mut self, f: FrameId) -> Task<T::Node> {
        if self.young_brothers() == YoungBrothers::Full {
            return self.child_task(f, Purpose::Plain, None);
        }
        let frame = &self.frames[f];
        let (mut alpha, mut beta) = (frame.alpha, frame.beta);
        self.narrow(Some((f, 0)), &mut alpha, &mut beta);
        let now = own_bound(frame.kind, alpha, beta);
        match null_window(frame.kind, now, frame.node) {
            Some(null) => self.child_task(f, Purpose::Test(Some(now)), Some(null)),
            None => self.child_task(f, Purpose::Test(None), Some((alpha, beta))),
        }
    }
}
