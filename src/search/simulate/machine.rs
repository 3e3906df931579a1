//! The simulated machine: it runs the steps, enters nodes, carries values
//! up to their parents, shares bounds between brothers, cuts, and settles
//! scout brothers in child order (see the module's documentation above).

use std::collections::HashSet;

use super::Model;
use super::frame::{Bounds, Frame, FrameId, Frames, Purpose, Slot, SplitState, Task, Up};
use super::report::Simulation;
use super::schedule::Schedule;
use crate::search::brothers::research_split_depth;
use crate::search::fold::{NodeFold, certain};
use crate::search::ordering::search_order;
use crate::search::parallel::split_limit;
use crate::search::window::{self, WindowBound, clamp, cut_bound, full_window, reaches, tighten};
use crate::search::{
    Algorithm, DEFAULT_SPLIT_DEPTH, Options, SearchError, SearchResult, Stats, YoungBrothers,
};
use crate::trace::{Act, Cut, Event, Happening, ScheduleRecorder, Window};
use crate::tree::GameTree;
use crate::value::{CutKind, Scored, Value};

mod scout;

/// The simulated machine.
pub(super) struct Machine<'a, T: GameTree, R> {
    tree: &'a T,
    options: Options,
    recorder: &'a mut R,
    /// The ids of the nodes sequential alpha-beta visits, when recording.
    seen: Option<HashSet<String>>,
    /// The search's split depth.
    split_depth: usize,
    /// The fewest nodes an eldest brother's subtree takes for its node to
    /// split.
    split_min_nodes: u64,
    /// The nodes being searched.
    frames: Frames<T::Node>,
    /// Who works on what.
    schedule: Schedule<T::Node>,
    /// The steps so far.
    time: u64,
    /// The processor-steps spent idle so far.
    idle: u64,
    /// The counts so far.
    stats: Stats,
    /// The root's score and line, once it has them.
    root: Option<(Scored, Vec<T::Node>)>,
    /// The split frames found refuted this step, each with the processor
    /// that found it and the bound it fails against.
    refuted: Vec<(usize, FrameId, WindowBound<T::Node>)>,
}

impl<'a, T, R> Machine<'a, T, R>
where
    T: GameTree,
    R: ScheduleRecorder<T::Node>,
{
    /// The machine of `processors` processors about to search `tree`
    /// under `options`, handing out brothers as `model` says,
    /// reporting to `recorder`; `seen` holds the ids of the nodes
    /// sequential alpha-beta visits, when recording.
    pub(super) fn new(
        tree: &'a T,
        (options, model): (Options, Model),
        processors: usize,
        seen: Option<HashSet<String>>,
        recorder: &'a mut R,
    ) -> Self {
        let (alpha, beta) = full_window();
        let root = Task {
            node: tree.root(),
            link: None,
            ply: 0,
            alpha,
            beta,
            purpose: Purpose::Plain,
            delay: 0,
        };
        let width = options.width.unwrap_or(processors).max(1);
        // Full brothers unless the options say otherwise, whatever the
        // processors: the simulation shows Young Brothers Wait as the
        // lecture gives it (the real search's default depends on the
        // threads).
        let young_brothers = options.young_brothers.unwrap_or(YoungBrothers::Full);
        Machine {
            tree,
            options,
            recorder,
            seen,
            split_depth: options.split_depth.unwrap_or(DEFAULT_SPLIT_DEPTH),
            split_min_nodes: options.split_min_nodes.unwrap_or(0),
            frames: Frames::new(!R::RECORDS),
            schedule: Schedule::new(root, processors, (width, young_brothers, model)),
            time: 0,
            idle: 0,
            stats: Stats::default(),
            root: None,
            refuted: Vec::new(),
        }
    }

    /// Runs steps until the root has its value, or until the search is
    /// asked to stop; sequential alpha-beta takes `sequential_steps`.
    pub(super) fn run(mut self, sequential_steps: u64) -> Result<Simulation<T::Node>, SearchError> {
        loop {
            // Asked to stop ([`Options::stop`]): between two steps.
            if self.options.stop.is_some_and(crate::search::Stop::is_set) {
                return Err(SearchError::Stopped);
            }
            self.time += 1;
            let mut leaves = Vec::new();
            let paying = self.schedule.pay_for_cut_brothers();
            let busy = self.schedule.take_tasks();
            self.idle += (self.schedule.processors() - busy.len() - paying) as u64;
            for (p, mut task) in busy {
                if task.delay > 0 {
                    task.delay -= 1;
                    self.schedule.give(p, task);
                    continue;
                }
                if let Some(up) = self.visit(p, task)? {
                    self.schedule.valued(p, up.link);
                    leaves.push((p, up));
                }
            }
            for (p, up) in leaves {
                self.schedule.combine_next();
                self.deliver(p, up);
            }
            for (p, f, bound) in std::mem::take(&mut self.refuted) {
                self.cut_refuted(p, f, bound);
            }
            if let Some((score, line)) = self.root.take() {
                return Ok(Simulation {
                    result: self.result(score, line),
                    processors: self.schedule.processors(),
                    steps: self.time,
                    sequential_steps,
                    idle_steps: self.idle,
                    brothers_taken: self.schedule.brothers_taken(),
                    peak_frames: self.frames.slots(),
                });
            }
            self.schedule.drop_dead_tasks(&mut self.frames);
            self.schedule.assign(&mut self.frames);
        }
    }

    /// The search's result, from the root's `score` and `line`.
    fn result(&self, score: Scored, line: Vec<T::Node>) -> SearchResult<T::Node> {
        SearchResult {
            algorithm: Algorithm::Parallel,
            score,
            best_move: line.first().copied(),
            principal_variation: line,
            stats: self.stats,
        }
    }

    /// Records what processor `p` did this step, when recording.
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

    /// Records a search event of `processor`, marked speculative when
    /// sequential alpha-beta never visits its node.
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
    /// child becomes `p`'s next task; or, when a split frame above is
    /// refuted ([`Frames::refuted`]), nothing: that frame is cut once
    /// this step's values have been carried up.
    fn visit(&mut self, p: usize, task: Task<T::Node>) -> Result<Option<Up<T::Node>>, SearchError> {
        let (mut alpha, mut beta) = (task.alpha, task.beta);
        self.frames.narrow(task.link, &mut alpha, &mut beta);
        let window = Window {
            alpha: alpha.value,
            beta: beta.value,
        };
        self.stats.nodes_visited += 1;
        if R::RECORDS {
            let enter = Event::Enter {
                node: task.node,
                window: Some(window),
            };
            self.record_event(p, enter);
        }
        if let Some((f, bound)) = self.frames.refuted(task.link, self.options.strict) {
            self.refuted.push((p, f, bound));
            return Ok(None);
        }
        if let Some(value) = self.value(p, task.node, task.ply)? {
            return Ok(Some(Up {
                link: task.link,
                score: Scored::exact(value),
                line: Vec::new(),
                purpose: task.purpose,
                nodes: 1,
            }));
        }
        self.open(p, task, window, (alpha, beta))?;
        Ok(None)
    }

    /// The value of `node`, entered at `ply`, when it has one without a
    /// search (a leaf, or a node at the depth limit), counted and reported
    /// as evaluated by processor `p`; `None` for an interior node to
    /// search.
    fn value(&mut self, p: usize, node: T::Node, ply: usize) -> Result<Option<Value>, SearchError> {
        let tree = self.tree;
        let value = match tree.value(node) {
            Some(value) => Some(value),
            None => self.valueless(node, ply)?,
        };
        if let Some(value) = value {
            self.stats.leaves_evaluated += 1;
            if R::RECORDS {
                let horizon = tree.value(node).is_none().then_some(ply);
                self.record_event(
                    p,
                    Event::Leaf {
                        node,
                        value,
                        horizon,
                    },
                );
            }
        }
        Ok(value)
    }

    /// Opens a frame for the interior node of `task`, entered with
    /// `window` (narrowed to `bounds`); its eldest child becomes `p`'s
    /// next task. A chance node is refused: the simulation searches
    /// MAX and MIN nodes only.
    fn open(
        &mut self,
        p: usize,
        task: Task<T::Node>,
        window: Window,
        bounds: Bounds<T::Node>,
    ) -> Result<(), SearchError> {
        let (node, tree) = (task.node, self.tree);
        let kind = tree.kind(node);
        if kind.is_chance() {
            return Err(SearchError::ChanceUnsupported {
                algorithm: Algorithm::Parallel,
            });
        }
        let id = self.frames.next_id();
        let splits_above = match task.link {
            Some((parent, index)) => self.frames[parent].splits_above + usize::from(index > 0),
            None => 0,
        };
        let (split_depth, split_option) = self.split_depth_at(&task, splits_above);
        let (children, places) = search_order(tree, self.options.order, node, kind);
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
            alpha: bounds.0,
            beta: bounds.1,
            children,
            places,
            next: 0,
            running: Vec::new(),
            settled: 0,
            fold: NodeFold::new(kind),
            line: Vec::new(),
            split: None,
            done: false,
            splits_above,
            split_option,
            nodes: 1,
        });
        let eldest = self.frames.child_task(id, Purpose::Plain, None);
        self.schedule.give(p, eldest);
        Ok(())
    }

    /// The split depth of the frame `task` enters, with `splits_above`
    /// split nodes above it: the ply from which it no longer splits (its
    /// parent's below a parent that does not split, else as the real
    /// search's [`split_limit`]), and the split depth in effect there (the
    /// search's, deeper in a scout brother's second search).
    fn split_depth_at(&self, task: &Task<T::Node>, splits_above: usize) -> (usize, usize) {
        let parent = task.link.map(|(parent, _)| &self.frames[parent]);
        let option = parent.map_or(self.split_depth, |parent| parent.split_option);
        let option = match task.purpose {
            Purpose::Again => research_split_depth(option, task.ply, self.schedule.workers()),
            _ => option,
        };
        let limit = match parent {
            Some(parent) if parent.ply >= parent.split_depth => parent.split_depth,
            _ => {
                let (height, depth) = (self.tree.height(), self.options.depth);
                split_limit(option, splits_above, height, depth)
            }
        };
        (limit, option)
    }

    /// The value of a node that has none of its own: `None` for an
    /// interior node to search, its static value at the depth limit, an
    /// error for a leaf whose value is unknown or a node at the limit
    /// without a static value.
    fn valueless(&mut self, node: T::Node, ply: usize) -> Result<Option<Value>, SearchError> {
        let tree = self.tree;
        if tree.is_leaf(node) {
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

    /// Carries `up` to its parent and further up while nodes finish, with
    /// processor `p` doing the combining.
    fn deliver(&mut self, p: usize, up: Up<T::Node>) {
        let mut next = Some(up);
        while let Some(up) = next.take() {
            let Some((f, index)) = up.link else {
                self.root = Some((up.score, up.line));
                return;
            };
            if !self.frames.alive(up.link) {
                self.frames.free_dead(up.link);
                return;
            }
            let frame = &mut self.frames[f];
            frame.running.retain(|&i| i != index);
            frame.nodes += up.nodes;
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
        let place = frame.places.get(index).copied().unwrap_or(index);
        let improved = frame.fold.add_at(score, place);
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
        // As the real search does, a node whose child was not a leaf looks
        // at the bounds found above since it was opened; a value that is
        // not sure cuts against nothing: bounds of two split nodes can cross.
        if self.tree.value(child).is_none() {
            self.cut_from_above(f);
        }
        let frame = &self.frames[f];
        let bound = cut_bound(kind, frame.alpha, frame.beta);
        let strict = self.options.strict;
        // At a split node a brother sure of a value that reaches the bound
        // cuts by itself, as the real search's brothers stop at one
        // (`Brothers::publish`), even when the node's value so far is a
        // bound from the other side (below crossed windows): a scout node
        // would otherwise wait for ever on that brother's slot.
        let brother_cuts = frame.split.is_some()
            && certain(kind, score)
            && reaches(kind, score.value, bound.value, strict);
        if brother_cuts || frame.fold.sure() && reaches(kind, v, bound.value, strict) {
            self.cut(p, f, v, bound);
            return self.finish(p, f, true);
        }
        // Shared only now: a node that finishes or cuts has nothing left
        // to share it with.
        self.share(p, f, score);
        let frame = &mut self.frames[f];
        tighten(kind, v, node, &mut frame.alpha, &mut frame.beta);
        if frame.split.is_some() {
            return None;
        }
        if frame.ply < frame.split_depth {
            // Only the eldest has come back: the frame's nodes are its
            // own and the eldest's subtree's.
            if frame.nodes > self.split_min_nodes {
                self.open_split(p, f);
                return None;
            }
            // Too small an eldest to share its brothers: the rest of the
            // node, and everything below it, is searched sequentially.
            frame.split_depth = frame.ply;
        }
        let next = self.frames.child_task(f, Purpose::Plain, None);
        self.schedule.give(p, next);
        None
    }

    /// Whether frame `f`'s value, when sure, reaches a bound a split node
    /// above has found since the frame was opened (the real search's
    /// `Context::cut_from_above`): the frame then cuts against that bound.
    /// Nothing else of its window changes: the children to come narrow
    /// theirs when they are entered.
    fn cut_from_above(&mut self, f: FrameId) {
        let frame = &self.frames[f];
        if !frame.fold.sure() {
            return;
        }
        let (mut alpha, mut beta) = (frame.alpha, frame.beta);
        self.frames.narrow(frame.link, &mut alpha, &mut beta);
        let strict = self.options.strict;
        let frame = &mut self.frames[f];
        let node = (frame.kind, frame.fold.value(), strict);
        window::cut_from_above(node, (&mut frame.alpha, &mut frame.beta), (alpha, beta));
    }

    /// Processor `p` cuts the split frame `f`, refuted against `bound`
    /// ([`Frames::refuted`]), unless it is already done, and carries its
    /// value up.
    fn cut_refuted(&mut self, p: usize, f: FrameId, bound: WindowBound<T::Node>) {
        if !self.frames.exists(f) || self.frames[f].done || !self.frames.alive(self.frames[f].link)
        {
            return;
        }
        let v = self.frames[f].fold.value();
        self.cut(p, f, v, bound);
        if let Some(up) = self.finish(p, f, true) {
            self.deliver(p, up);
        }
    }

    /// A split node's bound improves with a brother's `score` when the node
    /// is sure to reach it; the brothers still running are told.
    fn share(&mut self, p: usize, f: FrameId, score: Scored) {
        let frame = &mut self.frames[f];
        let Some(split) = &mut frame.split else {
            return;
        };
        let value = score.value;
        if !certain(frame.kind, score) || !frame.kind.prefers(value, split.bound) {
            return;
        }
        split.bound = value;
        let busy = |&&i: &&usize| !self.schedule.is_pending(Some((f, i)));
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

    /// The eldest child of `f` did not cut: processor `p` offers its
    /// younger brothers to every processor.
    fn open_split(&mut self, p: usize, f: FrameId) {
        let path = self.frames.path(f);
        let scout = self.schedule.scout();
        let frame = &mut self.frames[f];
        let slots = match scout {
            true => vec![Slot::Open; frame.children.len()],
            false => Vec::new(),
        };
        frame.split = Some(SplitState {
            bound: frame.fold.sure_value(),
            path,
            slots,
            frontier: 1,
            passed: 0,
            settling: false,
            workers: vec![p],
        });
        self.schedule.offer(f);
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
            depth_left: self
                .options
                .depth
                .map(|limit| limit.saturating_sub(frame.ply)),
            purge: None,
        };
        let stopped: Vec<(T::Node, Vec<usize>)> = frame
            .running
            .iter()
            .map(|&i| {
                (
                    frame.children[i],
                    self.schedule.workers_below(&self.frames, f, i),
                )
            })
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
            nodes: frame.nodes,
        };
        let node = frame.node;
        frame.children = Vec::new();
        frame.split = None;
        if R::RECORDS {
            self.record_event(p, Event::Final { node, score });
        }
        self.frames.free(f);
        Some(up)
    }
}
