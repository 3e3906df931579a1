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
    /// Whether this is the position just above the tree's root, whose one
    /// move leads to the root. The crate's `Negamax` shuffles the moves of
    /// the position it is given; from here it has one to shuffle, so it
    /// searches the tree's children in the tree's own order, exactly the
    /// nodes alpha-beta visits.
    pub above_root: bool,
}

impl Position {
    /// The position at `tree`'s root.
    pub(crate) fn root(tree: &'static RandomTree) -> Position {
        Position {
            tree,
            node: tree.root(),
            above_root: false,
        }
    }

    /// The position above `tree`'s root (see [`Position::above_root`]).
    pub(crate) fn above_root(tree: &'static RandomTree) -> Position {
        Position {
            above_root: true,
            ..Position::root(tree)
        }
    }
}

/// The random tree as a `minimax` game; moves are the children. When
/// `COUNT`, every position entered is counted (see [`take_nodes`]); timed
/// runs do not count, so that counting costs the crate nothing.
pub(crate) struct RandomGame<const COUNT: bool>;

thread_local! {
    /// Nodes the crate's searches entered on this thread.
    static NODES: Cell<u64> = const { Cell::new(0) };
}

/// Resets and returns this thread's node count.
pub(crate) fn take_nodes() -> u64 {
    NODES.with(|n| n.replace(0))
}

impl<const COUNT: bool> Game for RandomGame<COUNT> {
    type S = Position;
    type M = RandomNode;

    fn generate_moves(state: &Position, moves: &mut Vec<RandomNode>) -> Option<Winner> {
        match state.above_root {
            true => moves.push(state.node),
            false => moves.extend(state.tree.children(state.node)),
        }
        None
    }

    fn apply(state: &mut Position, m: RandomNode) -> Option<Position> {
        if COUNT {
            NODES.with(|n| n.set(n.get() + 1));
        }
        Some(Position {
            tree: state.tree,
            node: m,
            above_root: false,
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

/// Leaf values (static values above the leaves) from the side to move,
/// for [`RandomGame`] counting positions or not.
#[derive(Clone, Copy)]
pub(crate) struct RandomEval<const COUNT: bool>;

impl<const COUNT: bool> Evaluator for RandomEval<COUNT> {
    type G = RandomGame<COUNT>;

    fn evaluate(&self, s: &Position) -> Evaluation {
        let tree = s.tree;
        let kind = tree.kind(s.node);
        // A leaf's value is an integer: converted as it is, the cheapest
        // way, so that the crate's searches pay nothing for the adapter.
        if let Some(value) = tree.value(s.node) {
            return kind.perspective(value).to_f64() as Evaluation;
        }
        let value = tree
            .static_value(s.node)
            .expect("random trees value every node");
        kind.perspective(value).to_f64().round() as Evaluation
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
