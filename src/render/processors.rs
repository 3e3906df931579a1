//! The processors of a simulated parallel search on a diagram: each node
//! filled with the colour of the processor that searched it, the nodes
//! sequential alpha-beta never visits (speculative work) drawn dashed
//! and doubled, and a legend.

use crate::trace::Schedule;
use crate::tree::{NodeId, Tree};

/// Fill and text colours for up to 16 processors, after Kelly's colours
/// of maximum contrast (white and black left out), with white text on
/// the dark ones. Beyond 16, colours repeat.
const PALETTE: [(&str, &str); 16] = [
    ("#f3c300", "black"),
    ("#875692", "white"),
    ("#f38400", "black"),
    ("#a1caf1", "black"),
    ("#be0032", "white"),
    ("#c2b280", "black"),
    ("#848482", "white"),
    ("#008856", "white"),
    ("#e68fac", "black"),
    ("#0067a5", "white"),
    ("#f99379", "black"),
    ("#604e97", "white"),
    ("#8db600", "black"),
    ("#b3446c", "white"),
    ("#2b3d26", "white"),
    ("#882d17", "white"),
];

/// Which processor searched each node of a simulated parallel search,
/// and which nodes sequential alpha-beta never visits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Processors {
    /// By node: the processor that entered it first.
    of: Vec<Option<usize>>,
    /// By node: whether it is speculative.
    speculative: Vec<bool>,
    /// How many processors were simulated.
    count: usize,
}

impl Processors {
    /// Reads the processors off the `schedule` of a search of `tree` on
    /// `count` processors.
    pub fn from_schedule(tree: &Tree, schedule: &Schedule<NodeId>, count: usize) -> Processors {
        let mut of = vec![None; tree.len()];
        let mut speculative = vec![false; tree.len()];
        for (node, processor, guess) in schedule.visits() {
            of[node as usize].get_or_insert(processor);
            speculative[node as usize] |= guess;
        }
        Processors {
            of,
            speculative,
            count,
        }
    }

    /// The processor that searched `node`, if any.
    pub fn of(&self, node: NodeId) -> Option<usize> {
        self.of[node as usize]
    }

    /// Whether sequential alpha-beta never visits `node`, which the
    /// parallel search visited.
    pub fn is_speculative(&self, node: NodeId) -> bool {
        self.speculative[node as usize]
    }

    /// How many processors were simulated.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The fill and text colours of `processor`.
    pub(super) fn colours(processor: usize) -> (&'static str, &'static str) {
        PALETTE[processor % PALETTE.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_processors_have_sixteen_colours() {
        let fills: std::collections::HashSet<&str> = PALETTE.iter().map(|(f, _)| *f).collect();
        assert_eq!(fills.len(), 16);
    }
}
