//! The same implicit random tree seen through the `minimax` crate's traits,
//! so that its Negamax and ParallelSearch search exactly our tree.

use std::cell::Cell;
use std::hash::{Hash, Hasher};

use gametree::games::random::{RandomNode, RandomTree};
use gametree::tree::GameTree;
use minimax::{Evaluation, Evaluator, Game, Winner};

/// A position: the tree (leaked for the bench's lifetime) and a node.
#[derive(Clone, Copy)]
pub(crate) struct Position {
    pub tree: &'static RandomTree,
    pub node: RandomNode,
}

/// The random tree as a `minimax` game; moves are the children.
pub(crate) struct RandomGame;

thread_local! {
    /// Nodes the crate's searches entered on this thread.
    static NODES: Cell<u64> = const { Cell::new(0) };
}

/// Resets and returns this thread's node count.
pub(crate) fn take_nodes() -> u64 {
    NODES.with(|n| n.replace(0))
}

impl Game for RandomGame {
    type S = Position;
    type M = RandomNode;

    fn generate_moves(state: &Position, moves: &mut Vec<RandomNode>) -> Option<Winner> {
        moves.extend(state.tree.children(state.node));
        None
    }

    fn apply(state: &mut Position, m: RandomNode) -> Option<Position> {
        NODES.with(|n| n.set(n.get() + 1));
        Some(Position {
            tree: state.tree,
            node: m,
        })
    }

    fn get_winner(_state: &Position) -> Option<Winner> {
        None
    }

    fn zobrist_hash(state: &Position) -> u64 {
        let mut hasher = Mix64(0);
        state.node.hash(&mut hasher);
        hasher.finish()
    }
}

/// Leaf values (static values above the leaves) from the side to move.
#[derive(Clone, Copy)]
pub(crate) struct RandomEval;

impl Evaluator for RandomEval {
    type G = RandomGame;

    fn evaluate(&self, s: &Position) -> Evaluation {
        let tree = s.tree;
        let value = tree
            .value(s.node)
            .or_else(|| tree.static_value(s.node))
            .expect("random trees value every node");
        tree.kind(s.node).perspective(value).get().round() as Evaluation
    }
}

/// A small multiply-xor hasher for the crate's transposition table.
struct Mix64(u64);

impl Hasher for Mix64 {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_i32(&mut self, x: i32) {
        self.write_u64(x as u32 as u64);
    }
}
