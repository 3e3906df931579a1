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
//! Sharing work may be given a cost ([`Model::split_cost`], 0 unless
//! asked): a processor that takes a younger brother of a split node spends
//! that many steps before it enters it, as a real thread spends time
//! reading the bounds above, forking its search and publishing the
//! brother's value. The steps are neither idle nor a node's.
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
//! A smallest split ([`Options::split_min_nodes`]) is taken as the real
//! search takes it: a node within the split depth whose eldest child's
//! subtree took fewer nodes than it (counted over every processor that
//! worked there) offers no brother, and the processor searches the rest
//! of the node child after child, splitting nowhere below it. Without
//! one (`None`, unlike the real search's default) every node within the
//! split depth splits, as the lecture's rule has it.
//!
//! A brother that finishes improves its split node's bound (alpha at
//! MAX, beta at MIN); the brothers still running narrow their window with
//! it at the next node they enter, as the real search's shared bound
//! does, and a node they are in cuts against it when a child that is not
//! a leaf comes back and the node's value reaches it. A value that is
//! only a bound from the other side cuts against nothing: the bounds of
//! two split nodes can cross. When a brother's value cuts the split
//! node, the brothers not started are pruned and the running ones stop:
//! their processors drop the work at once.
//!
//! With [`YoungBrothers::Scout`](super::YoungBrothers::Scout) (Jamboree), each younger brother is first
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
//!
//! With [`Deferral::Busy`] (off by default), the rule first defers the
//! split nodes that already have a brother running, the simplest form of
//! ABDADA's deferral in this model: an idle processor takes the eldest
//! waiting brother of a split node no processor is searching below, and
//! a brother of a split node another processor is already in only when
//! no such node offers one.
//!
//! With [`Deferral::Stealing`], brothers are handed out as the real
//! search's pool of threads hands them out: a processor goes on with the
//! split nodes it works at, and only when none of them waits does it take
//! a brother of the waiting split node nearest the root, as a thread
//! steals the oldest task of another's queue.
//!
//! # The files
//!
//! `frame.rs` holds the nodes being searched (the frames) and the walks up
//! the tree between them; `schedule.rs` which processor enters which node
//! at each step; `machine.rs` the machine that runs the steps; `report.rs`
//! what the simulation returns.

mod frame;
mod machine;
mod report;
mod schedule;

pub use report::{Simulation, SimulationSummary};

/// Which waiting brother an idle processor takes in the simulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Deferral {
    /// The eldest waiting brother, whoever else works below its split
    /// node (Young Brothers Wait as the lecture gives it).
    #[default]
    Off,
    /// The eldest waiting brother of a split node with no brother
    /// running, when there is one; otherwise the eldest waiting brother
    /// (ABDADA's deferral of work another processor is already in).
    Busy,
    /// As a work-stealing pool of threads hands out work: the eldest
    /// waiting brother of a split node the processor works at (it opened
    /// the node or took a brother of it), as a thread goes on with its own
    /// tasks first; otherwise a brother of the waiting split node nearest
    /// the root, the oldest task a thread steals from another's queue.
    Stealing,
}

use super::{Algorithm, Options, SearchError};
use crate::trace::{NoRecorder, ScheduleRecorder, Trace};
use crate::tree::GameTree;
use machine::Machine;

/// How the simulated machine hands out work and what sharing it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Model {
    /// Which waiting brother an idle processor takes.
    pub deferral: Deferral,
    /// The steps a processor spends taking a younger brother of a split
    /// node before it enters it (0: sharing is free).
    pub split_cost: u64,
}

/// Simulates the parallel search (Young Brothers Wait, or Jamboree with
/// [`YoungBrothers::Scout`](super::YoungBrothers::Scout)) of `tree` under `options` on `processors`
/// processors (at least one: 0 counts as 1), reporting every step to
/// `recorder`; see the module's documentation for the model and the rule.
/// `options.threads` plays no part.
///
/// Sequential alpha-beta runs first with the same options, to count its
/// steps and, when `recorder` keeps anything, to mark the nodes it never
/// visits as speculative. Iterative deepening is refused, as the parallel
/// search refuses it, and so is a chance node, when the simulation enters
/// one (the tree is not walked beforehand: a generated game can have far
/// more nodes than any search visits).
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
    simulate_with(tree, options, Model::default(), processors, recorder)
}

/// [`simulate`], handing out the waiting brothers as `deferral` says.
pub fn simulate_deferring<T, R>(
    tree: &T,
    options: Options,
    deferral: Deferral,
    processors: usize,
    recorder: &mut R,
) -> Result<Simulation<T::Node>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: ScheduleRecorder<T::Node>,
{
    let model = Model {
        deferral,
        ..Model::default()
    };
    simulate_with(tree, options, model, processors, recorder)
}

/// [`simulate`] on the machine `model` describes.
pub fn simulate_with<T, R>(
    tree: &T,
    options: Options,
    model: Model,
    processors: usize,
    recorder: &mut R,
) -> Result<Simulation<T::Node>, SearchError>
where
    T: GameTree + Sync,
    T::Node: Send + Sync,
    R: ScheduleRecorder<T::Node>,
{
    super::check_options(Algorithm::Parallel, &options)?;
    if tree.kind(tree.root()).is_chance() {
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
    let machine = Machine::new(tree, (options, model), processors, seen, recorder);
    machine.run(sequential_steps)
}
