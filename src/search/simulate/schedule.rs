//! The schedule: which processor enters which node at the next step, the
//! brothers offered to idle processors, and the scheduling rule that
//! hands them out (see the module's documentation above).

use std::collections::BTreeMap;

use super::frame::{FrameId, Frames, Link, Purpose, Task};
use super::{Deferral, Model};
use crate::search::YoungBrothers;
use crate::search::brothers::{null_window, own_bound};

/// Who works on what, step by step.
pub(super) struct Schedule<N> {
    /// Each processor's node to enter at the next step.
    tasks: BTreeMap<usize, Task<N>>,
    /// Processors still paying for a brother that a cut made useless
    /// after they began taking it, with the steps left to pay.
    paying: BTreeMap<usize, u64>,
    /// How many processors there are.
    processors: usize,
    /// The most brothers of one split node searched at once.
    width: usize,
    /// How younger brothers are searched.
    young_brothers: YoungBrothers,
    /// Whether split nodes with brothers running wait behind the others,
    /// and the steps a processor spends taking a brother.
    model: Model,
    /// Split nodes that may have brothers to offer.
    offering: Vec<FrameId>,
    /// The leaves valued this step, with their processor and link; those
    /// from `combined` on are not combined yet.
    pending: Vec<(usize, Link)>,
    combined: usize,
    /// The brothers handed out so far.
    taken: u64,
}

impl<N: Copy> Schedule<N> {
    /// Processor 0 enters `root`; `width` brothers of a split node at
    /// most are searched at once, as `young_brothers` says, and handed
    /// out and paid for as `model` says.
    pub(super) fn new(
        root: Task<N>,
        processors: usize,
        (width, young_brothers, model): (usize, YoungBrothers, Model),
    ) -> Self {
        Schedule {
            tasks: BTreeMap::from([(0, root)]),
            paying: BTreeMap::new(),
            processors,
            width,
            young_brothers,
            model,
            offering: Vec::new(),
            pending: Vec::new(),
            combined: 0,
            taken: 0,
        }
    }

    /// The brothers handed out so far.
    pub(super) fn brothers_taken(&self) -> u64 {
        self.taken
    }

    /// How many processors there are.
    pub(super) fn processors(&self) -> usize {
        self.processors
    }

    /// The most processors on the brothers of one split node.
    pub(super) fn workers(&self) -> usize {
        self.width.min(self.processors)
    }

    /// Whether younger brothers are tested first (scout).
    pub(super) fn scout(&self) -> bool {
        self.young_brothers == YoungBrothers::Scout
    }

    /// Starts a step: the tasks of the busy processors, by processor.
    pub(super) fn take_tasks(&mut self) -> BTreeMap<usize, Task<N>> {
        std::mem::take(&mut self.tasks)
    }

    /// Starts a step: each processor paying for a brother cut meanwhile
    /// pays one more step of it; returns how many there are.
    pub(super) fn pay_for_cut_brothers(&mut self) -> usize {
        let paying = self.paying.len();
        self.paying.retain(|_, left| {
            *left -= 1;
            *left > 0
        });
        paying
    }

    /// Processor `p` enters `task`'s node at the next step.
    pub(super) fn give(&mut self, p: usize, task: Task<N>) {
        self.tasks.insert(p, task);
    }

    /// Processor `p` valued a leaf hanging at `link` this step.
    pub(super) fn valued(&mut self, p: usize, link: Link) {
        self.pending.push((p, link));
    }

    /// The next leaf valued this step is being combined.
    pub(super) fn combine_next(&mut self) {
        self.combined += 1;
    }

    /// Whether a leaf hanging at `link` was valued this step.
    pub(super) fn is_pending(&self, link: Link) -> bool {
        self.pending.iter().any(|(_, l)| *l == link)
    }

    /// The split node `f` offers its younger brothers.
    pub(super) fn offer(&mut self, f: FrameId) {
        self.offering.push(f);
    }

    /// The processors working below child `index` of `f`: with a node to
    /// enter there, or a leaf value from there not yet combined.
    pub(super) fn workers_below(&self, frames: &Frames<N>, f: FrameId, index: usize) -> Vec<usize> {
        let mut workers: Vec<usize> = self
            .tasks
            .iter()
            .filter(|(_, t)| frames.below(t.link, f, index))
            .map(|(q, _)| *q)
            .chain(
                self.pending[self.combined..]
                    .iter()
                    .filter(|(_, link)| frames.below(*link, f, index))
                    .map(|(q, _)| *q),
            )
            .collect();
        workers.sort_unstable();
        workers.dedup();
        workers
    }

    /// Ends a step: drops the tasks that a cut made useless (freeing the
    /// frames above them that it made useless too). A processor that has
    /// begun paying for a brother pays the rest before it is free, as a
    /// thread taking a brother sees a stop only once it has it: so the
    /// steps spent taking brothers come in whole prices.
    pub(super) fn drop_dead_tasks(&mut self, frames: &mut Frames<N>) {
        let paying = &mut self.paying;
        self.tasks.retain(|&p, t| {
            let alive = frames.alive(t.link);
            if !alive {
                frames.free_dead(t.link);
                if t.delay > 0 {
                    paying.insert(p, t.delay);
                }
            }
            alive
        });
        self.pending.clear();
        self.combined = 0;
    }

    /// Each idle processor, lowest-numbered first, takes the eldest
    /// waiting brother.
    pub(super) fn assign(&mut self, frames: &mut Frames<N>) {
        let mut p = 0;
        loop {
            while self.tasks.contains_key(&p) || self.paying.contains_key(&p) {
                p += 1;
            }
            if p >= self.processors {
                return;
            }
            self.offering.retain(|&f| {
                if !frames.exists(f) {
                    return false;
                }
                let frame = &frames[f];
                if frame.done || frame.next == frame.children.len() {
                    return false;
                }
                // Below a node that is done: never offered again.
                let link = frame.link;
                let alive = frames.alive(link);
                if !alive {
                    frames.free_dead(Some((f, 0)));
                }
                alive
            });
            let Some(f) = self.eldest_waiting(p, frames) else {
                return;
            };
            let task = Task {
                delay: self.model.split_cost,
                ..self.take(frames, f)
            };
            let split = frames[f].split.as_mut().expect("a split node");
            if !split.workers.contains(&p) {
                split.workers.push(p);
            }
            self.tasks.insert(p, task);
            self.taken += 1;
        }
    }

    /// The split node whose next brother processor `p` takes: the eldest
    /// of those waiting; with [`Deferral::Busy`], of the split nodes with
    /// no brother running if there are any; with [`Deferral::Stealing`],
    /// of the split nodes `p` works at if there are any, else of those
    /// nearest the root.
    fn eldest_waiting(&self, p: usize, frames: &Frames<N>) -> Option<FrameId> {
        let deferring = self.model.deferral == Deferral::Busy;
        let stealing = self.model.deferral == Deferral::Stealing;
        let offers = self.offering.iter().copied().filter(|&f| {
            let frame = &frames[f];
            let split = frame.split.as_ref().expect("offering split nodes");
            frames.alive(frame.link) && frame.running.len() < self.width && split.passed == 0
        });
        offers.min_by_key(|&f| {
            let frame = &frames[f];
            let split = frame.split.as_ref().expect("a split node");
            let deferred = deferring && !frame.running.is_empty();
            let stolen = stealing && !split.workers.contains(&p);
            let ply = if stolen { split.path.len() } else { 0 };
            let mut path = split.path.clone();
            path.push(frame.next as u32);
            (deferred || stolen, ply, path)
        })
    }

    /// Takes the next brother of split node `f`: with its window, or for
    /// scout with a null window at the node's value so far.
    fn take(&self, frames: &mut Frames<N>, f: FrameId) -> Task<N> {
        if !self.scout() {
            return frames.child_task(f, Purpose::Plain, None);
        }
        let frame = &frames[f];
        let (mut alpha, mut beta) = (frame.alpha, frame.beta);
        frames.narrow(Some((f, 0)), &mut alpha, &mut beta);
        let now = own_bound(frame.kind, alpha, beta);
        match null_window(frame.kind, now, frame.node) {
            Some(null) => frames.child_task(f, Purpose::Test(Some(now)), Some(null)),
            None => frames.child_task(f, Purpose::Test(None), Some((alpha, beta))),
        }
    }
}
