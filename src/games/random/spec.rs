//! The parameters of a random tree as a game spec gives them, their
//! checks, and the spec written back.

use std::fmt;

use super::{MAX_BRANCHING, MAX_DEPTH};
use crate::games::InvalidGame;

/// Where the children of a node stand, by their true values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChildOrder {
    /// The best child at a position drawn from the hash, the others in the
    /// order they were drawn.
    #[default]
    Random,
    /// Best first for the player to move (MAX: highest first, MIN: lowest
    /// first): alpha-beta's best case.
    BestFirst,
    /// Worst first: alpha-beta's worst case.
    WorstFirst,
}

impl ChildOrder {
    /// The name used in game specs.
    pub fn name(self) -> &'static str {
        match self {
            ChildOrder::Random => "random",
            ChildOrder::BestFirst => "best-first",
            ChildOrder::WorstFirst => "worst-first",
        }
    }

    /// Every order, as specs name them.
    pub const ALL: [ChildOrder; 3] = [
        ChildOrder::Random,
        ChildOrder::BestFirst,
        ChildOrder::WorstFirst,
    ];
}

impl fmt::Display for ChildOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The parameters of a random tree: the same spec gives the same tree on
/// every machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomSpec {
    /// The most children an interior node has (all of them have this many
    /// unless `min_branching` is smaller).
    pub branching: usize,
    /// The fewest children an interior node has; each node draws its count
    /// in `min_branching..=branching`.
    pub min_branching: usize,
    /// The depth of every leaf, in plies below the root.
    pub depth: usize,
    /// The seed every value is drawn from.
    pub seed: u64,
    /// The size of the noise added to true values to give static values:
    /// each static value lies within `noise` of the node's true value (then
    /// is rounded to hundredths).
    pub noise: f64,
    /// Where children stand among their brothers.
    pub order: ChildOrder,
    /// Chance layers between the players' (MAX, chance, MIN, chance, ...,
    /// children equally likely), as in backgammon: a node's true value is
    /// then only what it would be without chance, and the leaves lie within
    /// the tree's [`leaf_bounds`](crate::tree::GameTree::leaf_bounds).
    pub chance: bool,
}

impl RandomSpec {
    /// `branching` children at every interior node, leaves `depth` plies
    /// down, no noise, the best child at a random position.
    pub fn new(branching: usize, depth: usize, seed: u64) -> Self {
        RandomSpec {
            branching,
            min_branching: branching,
            depth,
            seed,
            noise: 0.0,
            order: ChildOrder::Random,
            chance: false,
        }
    }

    /// The same spec with chance layers between the players' or not.
    pub fn chance(self, chance: bool) -> Self {
        RandomSpec { chance, ..self }
    }

    /// The same spec with static values within `e` of the true values.
    pub fn noise(self, e: f64) -> Self {
        RandomSpec { noise: e, ..self }
    }

    /// The same spec with each node's child count drawn in `low..=high`.
    pub fn branching_between(self, low: usize, high: usize) -> Self {
        RandomSpec {
            min_branching: low,
            branching: high,
            ..self
        }
    }

    /// The same spec with children in `order`.
    pub fn order(self, order: ChildOrder) -> Self {
        RandomSpec { order, ..self }
    }

    /// Checks that the spec describes a tree this module can generate.
    pub fn validate(&self) -> Result<(), InvalidGame> {
        if self.min_branching == 0 || self.min_branching > self.branching {
            return Err(InvalidGame::BranchingRange {
                low: self.min_branching,
                high: self.branching,
            });
        }
        if self.branching > MAX_BRANCHING {
            return Err(InvalidGame::BranchingTooLarge(self.branching));
        }
        if self.depth > MAX_DEPTH {
            return Err(InvalidGame::DepthTooLarge(self.depth));
        }
        if self.branching > 1 && leaf_count_bound(self.branching, self.depth).is_none() {
            return Err(InvalidGame::TooManyLeaves {
                branching: self.branching,
                depth: self.depth,
            });
        }
        if !self.noise.is_finite() || self.noise < 0.0 || self.noise > 1e9 {
            return Err(InvalidGame::Noise(self.noise));
        }
        Ok(())
    }
}

fn leaf_count_bound(branching: usize, depth: usize) -> Option<u64> {
    let depth = u32::try_from(depth).ok()?;
    (branching as u64).checked_pow(depth)
}

impl fmt::Display for RandomSpec {
    /// The spec as `random:...`, in the form [`GameSpec`](crate::games::GameSpec) reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "random:branching=")?;
        if self.min_branching != self.branching {
            write!(f, "{}..", self.min_branching)?;
        }
        write!(
            f,
            "{},depth={},seed={}",
            self.branching, self.depth, self.seed
        )?;
        if self.noise != 0.0 {
            write!(f, ",noise={}", self.noise)?;
        }
        if self.order != ChildOrder::Random {
            write!(f, ",order={}", self.order)?;
        }
        if self.chance {
            write!(f, ",chance=1")?;
        }
        Ok(())
    }
}
