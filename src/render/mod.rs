//! Alpha-beta diagrams: a tree and the trace of one search drawn as DOT
//! (through graphviz-rust's model and printer), images made by Graphviz's
//! `dot`, and step-by-step frames.
//!
//! A diagram is a view of the trace, like the text trace: it never searches
//! the tree again. Replaying the events one at a time gives the frames, and
//! replaying all of them the full diagram, so the last frame is the full
//! diagram by construction.

mod dot;
mod frames;
mod image;
mod label;
mod layers;
mod size;
mod state;
mod style;

pub use frames::{frame_name, write_frames};
pub use image::Format;
pub use layers::{Layers, NodeType, node_types};
pub use size::{DEFAULT_MAX_DRAW_NODES, check_size};
pub use state::{CutMark, NodeState, Picture};
pub use style::Style;

use crate::search::SearchResult;
use crate::trace::{Event, Trace};
use crate::tree::{GameTree, NodeId, Tree};

/// How a diagram is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// The shapes of MAX and MIN nodes.
    pub style: Style,
    /// The optional label lines.
    pub layers: Layers,
    /// Draw only nodes this many levels below the root, at most.
    pub depth: Option<usize>,
}

/// Why a diagram could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The tree has more nodes to draw than the limit allows.
    #[error(
        "the tree has {nodes} nodes to draw, more than the {max} that make a readable \
         picture; draw the top {depth} levels ({fit} nodes), or raise the limit"
    )]
    TooLarge {
        /// The nodes that would be drawn.
        nodes: usize,
        /// The limit.
        max: usize,
        /// The most levels below the root that fit.
        depth: usize,
        /// The nodes drawn at that depth.
        fit: usize,
    },
    /// The limit on nodes drawn is zero: nothing can be drawn, not even the
    /// root.
    #[error("the tree has {nodes} nodes to draw, and a limit of 0 nodes draws nothing")]
    NothingFits {
        /// The nodes that would be drawn.
        nodes: usize,
    },
    /// `dot` is not installed.
    #[error(
        "{format} output needs Graphviz's `dot` program, which is not installed (or not on \
         PATH); install Graphviz (Debian and Ubuntu: `apt-get install graphviz`, macOS: \
         `brew install graphviz`), or write DOT"
    )]
    DotMissing {
        /// The format asked for.
        format: Format,
    },
    /// `dot` ran and failed.
    #[error("Graphviz's `dot` failed ({status}): {stderr}")]
    DotFailed {
        /// Its exit status.
        status: String,
        /// What it said.
        stderr: String,
    },
    /// `dot` could not be run or talked to.
    #[error("cannot run Graphviz's `dot`: {0}")]
    DotIo(std::io::Error),
    /// Writing files failed.
    #[error("cannot write: {0}")]
    Io(#[from] std::io::Error),
    /// Reading or writing a file or folder failed.
    #[error("{}: {source}", path.display())]
    Path {
        /// The file or folder.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
}

/// A node as drawn: its parent, and how many nodes below it `--depth`
/// hides.
#[derive(Clone, Copy, Debug)]
struct DrawnNode {
    node: NodeId,
    parent: Option<NodeId>,
    hidden_below: usize,
}

/// A tree and the trace of one search of it, ready to draw.
pub struct Diagram<'a> {
    tree: &'a Tree,
    events: &'a [Event<NodeId>],
    options: RenderOptions,
    /// The nodes drawn, in preorder.
    drawn: Vec<DrawnNode>,
    /// Each node's preorder number, which names it in the DOT text.
    preorder: Vec<u32>,
    /// Whether each node is the root or on the principal variation.
    pv: Vec<bool>,
    /// The Knuth-Moore types, when that layer is on.
    types: Option<Vec<NodeType>>,
}

impl<'a> Diagram<'a> {
    /// A diagram of `tree` from the `trace` and `result` of one search.
    pub fn new(
        tree: &'a Tree,
        trace: &'a Trace<NodeId>,
        result: &SearchResult<NodeId>,
        options: RenderOptions,
    ) -> Diagram<'a> {
        let mut pv = vec![false; tree.len()];
        pv[tree.root() as usize] = true;
        for &node in &result.principal_variation {
            pv[node as usize] = true;
        }
        let (drawn, preorder) = drawn_nodes(tree, options.depth);
        Diagram {
            tree,
            events: &trace.events,
            options,
            drawn,
            preorder,
            pv,
            types: options.layers.node_types.then(|| node_types(tree)),
        }
    }

    /// The full diagram as DOT text: every event of the trace shown.
    pub fn to_dot(&self) -> String {
        self.dot(&Picture::after(self.tree, self.events), None)
    }
}

/// The nodes to draw in preorder, down to `depth`, and every node's
/// preorder number.
fn drawn_nodes(tree: &Tree, depth: Option<usize>) -> (Vec<DrawnNode>, Vec<u32>) {
    let sizes = subtree_sizes(tree);
    let mut preorder = vec![0; tree.len()];
    let mut drawn = Vec::new();
    let mut stack = vec![(tree.root(), None, 0usize)];
    let mut number = 0;
    while let Some((node, parent, level)) = stack.pop() {
        preorder[node as usize] = number;
        number += 1;
        let children = tree.children_slice(node);
        let hide = depth.is_some_and(|d| level >= d) && !children.is_empty();
        drawn.push(DrawnNode {
            node,
            parent,
            hidden_below: if hide { sizes[node as usize] - 1 } else { 0 },
        });
        if !hide {
            stack.extend(children.iter().rev().map(|&c| (c, Some(node), level + 1)));
        }
    }
    (drawn, preorder)
}

/// The number of nodes in each node's subtree. Nodes are numbered in
/// postorder, so children come before their parent.
fn subtree_sizes(tree: &Tree) -> Vec<usize> {
    let mut sizes = vec![1; tree.len()];
    for node in 0..tree.len() {
        let below: usize = tree
            .children_slice(node as NodeId)
            .iter()
            .map(|&c| sizes[c as usize])
            .sum();
        sizes[node] += below;
    }
    sizes
}
