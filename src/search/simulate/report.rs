//! What a simulation returns: the search's result, the steps it took, and
//! the figures `solve` reports from them.

use serde::Serialize;

use crate::search::SearchResult;

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
    /// The younger brothers handed out to processors, each costing them
    /// the model's split cost in steps; the processor-steps neither idle
    /// nor on a node are those prices, paid whole, but for prices still
    /// being paid when the root got its value.
    pub brothers_taken: u64,
    /// The most interior nodes the simulation held at once (its memory):
    /// with a recorder that keeps the schedule, every interior node it
    /// entered; otherwise the live ones only, a few per processor and
    /// level, whatever the size of the tree.
    pub peak_frames: usize,
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
