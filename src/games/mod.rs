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

use crate::tree::{GameTree, PATH_ID_DEPTH};

/// Code that works on any game tree, handed one by [`GameSpec::visit`].
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Works on `tree` (its [`GameTree::height`] says how deep it goes).
    fn visit<T>(self, tree: &T) -> Self::Output
    where
        T: GameTree + Sync,
        T::Node: Send + Sync + std::hash::Hash;
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

/// A generated node's id as a file of the same game gives it (see
/// [`GameTree::id`]): `root`; `@` and the 1-based child path, unpacked from
/// `path` (0-based positions as `depth` digits in base `radix`), down to
/// [`PATH_ID_DEPTH`] plies; deeper, `@n` and the preorder number that
/// `preorder` works out. A game that cannot number its nodes without
/// walking them (`preorder` gives `None`: a random tree of uneven
/// branching) keeps the path, which has at most 64 steps there, since the
/// positions fit a `u64` whenever a node has two children or more.
pub(crate) fn node_id(
    depth: usize,
    path: u64,
    radix: u64,
    preorder: impl FnOnce() -> Option<u128>,
) -> String {
    if depth == 0 {
        return "root".to_string();
    }
    if depth > PATH_ID_DEPTH
        && let Some(number) = preorder()
    {
        return format!("@n{number}");
    }
    let steps: Vec<String> = positions(depth, path, radix)
        .iter()
        .map(|p| (p + 1).to_string())
        .collect();
    format!("@{}", steps.join("."))
}

/// The 0-based child positions packed in `path`, root's child first. Only
/// for a depth of at most 64 steps or a `radix` of 1 (a chain's positions
/// are all 0).
fn positions(depth: usize, mut path: u64, radix: u64) -> Vec<u64> {
    let mut steps = vec![0u64; depth];
    for step in steps.iter_mut().rev() {
        *step = path % radix;
        path /= radix;
    }
    steps
}

/// The preorder number (the root's 1) of the node at `path`, `depth` plies
/// down a tree where the node reached by the positions so far has
/// `size(ply, position)` nodes in the subtree of its child at `position`:
/// each ply counts the node itself and its elder brothers' subtrees.
pub(crate) fn preorder_number(
    depth: usize,
    path: u64,
    radix: u64,
    mut size: impl FnMut(usize, u64) -> u128,
) -> u128 {
    if radix == 1 {
        return depth as u128 + 1;
    }
    let mut number = 1;
    for (ply, position) in positions(depth, path, radix).into_iter().enumerate() {
        number += 1 + (0..position).map(|elder| size(ply, elder)).sum::<u128>();
    }
    number
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
    fn child_paths_unpack_and_deep_nodes_are_numbered() {
        let never = || -> Option<u128> { panic!("a shallow node is not numbered") };
        assert_eq!(node_id(0, 0, 3, never), "root");
        assert_eq!(node_id(3, 5, 3, never), "@1.2.3");
        assert_eq!(node_id(33, 0, 1, || Some(34)), "@n34");
        let uneven = node_id(40, 1, 2, || None);
        assert_eq!(uneven, format!("@{}.2", vec!["1"; 39].join(".")));
        // A chain: the node d plies down is numbered d + 1, whatever the
        // subtree sizes.
        assert_eq!(preorder_number(10_000, 0, 1, |_, _| unreachable!()), 10_001);
        // Two plies of a full binary tree: @2 follows the root and @1's
        // subtree of 3.
        assert_eq!(preorder_number(1, 1, 2, |_, _| 3), 5);
    }
}
