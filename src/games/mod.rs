//! Games that exist only as a function: generated trees searched through
//! the same [`GameTree`] trait as files.
//!
//! [`GameSpec`] names a game as users write it (`random:...`, `tictactoe`,
//! `billes:n=4,k=3`); [`GameSpec::visit`] hands the game's tree to code
//! generic over [`GameTree`].

pub mod billes;
mod hash;
pub mod random;
pub mod rescale;
mod spec;
pub mod tictactoe;
pub mod writer;

pub use billes::{Billes, BillesSpec};
pub use random::{ChildOrder, RandomSpec, RandomTree};
pub use rescale::{RescaleError, ValueRange, rescale};
pub use spec::{GameSpec, InvalidGame, SpecError};
pub use tictactoe::{TicTacToe, TicTacToeBoard};
pub use writer::{WriteOptions, WriteSummary, write_tree};

use crate::tree::GameTree;

/// Code that works on any game tree, handed one by [`GameSpec::visit`].
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Works on `tree` (its [`GameTree::height`] says how deep it goes).
    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync;
}

impl GameSpec {
    /// Builds the game's tree and hands it to `visitor`.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        match self {
            GameSpec::Random(spec) => visitor.visit(&RandomTree::new(*spec)),
            GameSpec::TicTacToe(start) => visitor.visit(&TicTacToe::new(*start)),
            GameSpec::Billes(spec) => visitor.visit(&Billes::new(*spec)),
        }
    }

    /// An upper bound on the number of nodes of the game's tree (saturated
    /// at `u64::MAX`), known without walking it.
    pub fn node_bound(&self) -> u64 {
        match self {
            GameSpec::Random(spec) => random_node_bound(spec.branching, spec.depth),
            GameSpec::TicTacToe(start) => tictactoe_node_bound(start.empty_squares()),
            GameSpec::Billes(spec) => spec.node_count().unwrap_or(u64::MAX),
        }
    }
}

/// The nodes of tic-tac-toe's full tree: no position has more below it.
pub const TICTACTOE_NODES: u64 = 549_946;

/// The nodes below a position with `empty` free squares if no game ended
/// early: `1 + e + e(e-1) + ... + e!`, at most the full tree's size.
fn tictactoe_node_bound(empty: u32) -> u64 {
    let mut total = 1u64;
    let mut line = 1u64;
    for free in (1..=u64::from(empty)).rev() {
        line *= free;
        total += line;
    }
    total.min(TICTACTOE_NODES)
}

/// `1 + b + b^2 + ... + b^depth`, saturated.
fn random_node_bound(branching: usize, depth: usize) -> u64 {
    let mut total: u64 = 0;
    let mut level: u64 = 1;
    for _ in 0..=depth {
        total = total.saturating_add(level);
        level = level.saturating_mul(branching as u64);
    }
    total
}

/// A node's id as files write unnamed nodes: `root`, or `@` and the 1-based
/// child positions, unpacked from `path` (0-based positions as `depth`
/// digits in base `radix`).
pub(crate) fn child_path(depth: usize, mut path: u64, radix: u64) -> String {
    if depth == 0 {
        return "root".to_string();
    }
    let mut steps = vec![0u64; depth];
    for step in steps.iter_mut().rev() {
        *step = path % radix + 1;
        path /= radix;
    }
    let steps: Vec<String> = steps.iter().map(u64::to_string).collect();
    format!("@{}", steps.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_bounds() {
        let bound = |s: &str| s.parse::<GameSpec>().unwrap().node_bound();
        assert_eq!(bound("random:branching=10,depth=7,seed=1"), 11_111_111);
        assert_eq!(bound("random:branching=2..3,depth=2,seed=1"), 13);
        assert_eq!(bound("billes:n=4,k=3"), 15);
        assert_eq!(bound("tictactoe"), 549_946);
        assert_eq!(bound("tictactoe:xxo.o...."), 326);
        assert_eq!(random_node_bound(1000, 10), u64::MAX);
    }

    #[test]
    fn child_paths_unpack() {
        assert_eq!(child_path(0, 0, 3), "root");
        assert_eq!(child_path(3, 5, 3), "@1.2.3");
    }
}
