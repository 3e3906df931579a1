//! The graph of a tree being read, assembled from each node's number of
//! children in postorder, on a thread of its own for large trees.

use petgraph::Directed;
use petgraph::csr::Csr;

use super::NodeId;

/// How many nodes' shapes are handed to the assembler at a time; a tree of
/// fewer nodes is assembled by the reader's own thread when it finishes.
pub(super) const SHAPE_CHUNK: usize = 1 << 16;

/// Builds the CSR graph from the number of children of each node, given in
/// postorder.
#[derive(Debug, Default)]
pub(super) struct Assembler {
    pub(super) graph: Csr<(), (), Directed, u32>,
    /// Finished nodes whose parent is not added yet, left to right.
    waiting: Vec<NodeId>,
}

impl Assembler {
    pub(super) fn add(&mut self, shape: &[u32]) {
        for &children in shape {
            let node = self.graph.add_node(());
            let first = self.waiting.len() - children as usize;
            // In file order: each edge goes at the end of the row (a wide
            // node of millions of children stays linear; petgraph finds the
            // place by binary search once the row is long).
            for child in self.waiting.drain(first..) {
                self.graph.add_edge(node, child, ());
            }
            self.waiting.push(node);
        }
    }
}

/// An [`Assembler`] on its own thread, fed chunks of shape.
#[derive(Debug)]
pub(super) struct AssemblerThread {
    pub(super) chunks: std::sync::mpsc::SyncSender<Vec<u32>>,
    pub(super) handle: std::thread::JoinHandle<Csr<(), (), Directed, u32>>,
}

impl AssemblerThread {
    pub(super) fn start() -> AssemblerThread {
        let (chunks, received) = std::sync::mpsc::sync_channel::<Vec<u32>>(8);
        let handle = std::thread::spawn(move || {
            let mut assembler = Assembler::default();
            for shape in received {
                assembler.add(&shape);
            }
            assembler.graph
        });
        AssemblerThread { chunks, handle }
    }
}
