//! Random game trees that exist only as a function of a seed.
//!
//! Every node is computed from its parent in O(1): a 64-bit hash (from the
//! seed and the path), its depth, its packed child path and its true
//! minimax value. True values are handed down from the root: at a MAX node
//! one child, the best, inherits the node's value and every other child gets
//! a strictly smaller one (at a MIN node strictly larger), so a node's true
//! value is known without searching below it, and a leaf's value is the
//! value handed down to it. An interior node's static value is its true
//! value plus noise of a chosen size, so the quality of ordering children by
//! static value is chosen too: with no noise it is perfect.
//!
//! Where the best child stands among its brothers is drawn from the hash,
//! so an unordered search meets it anywhere; `order` can also place the
//! children best first or worst first.

mod spec;

use std::marker::PhantomData;

pub use spec::{ChildOrder, RandomSpec};

use super::InvalidGame;
use super::hash::{draw, draw_key, draw_keys, keyed_draw, mix, uniform, unit};
use crate::tree::GameTree;
use crate::value::{Kind, LeafBounds, Value};

/// A non-best child is worse than its parent by 1 to this much.
pub const MAX_STEP: i64 = 10;
/// The root's true value lies in `-ROOT_SPREAD..=ROOT_SPREAD`.
pub const ROOT_SPREAD: i64 = 10;
/// The deepest random tree accepted (the searches recurse once a level).
pub const MAX_DEPTH: usize = 10_000;
/// The most children a node may have.
pub const MAX_BRANCHING: usize = 65_536;

/// A node of a [`RandomTree`]: 24 bytes, everything its subtree needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomNode {
    hash: u64,
    /// The 0-based child positions from the root, as digits in base
    /// `branching`, most significant first.
    path: u64,
    /// The true minimax value (MAX's terms, an `i32`) in the low half, the
    /// depth in the high half: one word, so that a node is written and read
    /// whole, in three stores and three loads.
    value_depth: u64,
}

impl RandomNode {
    fn new(hash: u64, path: u64, value: i32, depth: u32) -> RandomNode {
        RandomNode {
            hash,
            path,
            value_depth: u64::from(value as u32) | u64::from(depth) << 32,
        }
    }

    /// The node's true minimax value, in MAX's terms.
    #[inline]
    fn value(&self) -> i32 {
        self.value_depth as u32 as i32
    }

    #[inline]
    fn depth_u32(&self) -> u32 {
        (self.value_depth >> 32) as u32
    }

    /// The node's depth: 0 for the root.
    #[inline]
    pub fn depth(&self) -> usize {
        self.depth_u32() as usize
    }

    /// The node's true minimax value, known without searching its subtree.
    #[inline]
    pub fn true_value(&self) -> Value {
        Value::from(self.value())
    }
}

/// Streams of draws from one node's hash, kept apart.
mod stream {
    pub(super) const CHILD: u64 = 1;
    pub(super) const STEP: u64 = 2;
    pub(super) const BEST: u64 = 3;
    pub(super) const COUNT: u64 = 4;
    pub(super) const NOISE: u64 = 5;
    pub(super) const ROOT: u64 = 6;
}

/// How many children's draw keys are tabulated: generating one of the
/// first children mixes once per draw instead of twice.
const TABULATED: usize = 256;

/// The keys of the first children's hashes (stream `CHILD`).
static CHILD_KEYS: [u64; TABULATED] = draw_keys(stream::CHILD);

/// The keys of the first children's steps (stream `STEP`).
static STEP_KEYS: [u64; TABULATED] = draw_keys(stream::STEP);

/// The `index`-th draw of `stream` from `hash`, its key taken from `keys`
/// (that stream's table) when tabulated.
#[inline]
fn child_draw(hash: u64, keys: &[u64; TABULATED], stream: u64, index: u64) -> u64 {
    let key = match keys.get(index as usize) {
        Some(&key) => key,
        None => draw_key(stream, index),
    };
    keyed_draw(hash, key)
}

/// A random game tree that exists only as a function: a tree of a billion
/// leaves costs nothing until it is searched.
#[derive(Clone, Debug)]
pub struct RandomTree {
    spec: RandomSpec,
    root_hash: u64,
}

impl RandomTree {
    /// The tree that `spec` describes.
    ///
    /// # Panics
    ///
    /// If the spec is invalid ([`RandomSpec::validate`]); use
    /// [`RandomTree::try_new`] for specs from users.
    pub fn new(spec: RandomSpec) -> RandomTree {
        RandomTree::try_new(spec).unwrap_or_else(|e| panic!("invalid random tree spec: {e}"))
    }

    /// The tree that `spec` describes, or why the spec is invalid.
    pub fn try_new(spec: RandomSpec) -> Result<RandomTree, InvalidGame> {
        spec.validate()?;
        Ok(RandomTree {
            spec,
            root_hash: mix(spec.seed),
        })
    }

    /// The spec the tree was made from.
    pub fn spec(&self) -> &RandomSpec {
        &self.spec
    }

    /// The number of children of `node`.
    pub fn child_count(&self, node: RandomNode) -> usize {
        if self.is_leaf(node) {
            return 0;
        }
        let low = self.spec.min_branching;
        if low == self.spec.branching {
            // The draw could only give 0.
            return low;
        }
        let spread = (self.spec.branching - low) as u64 + 1;
        low + uniform(draw(node.hash, stream::COUNT, 0), spread) as usize
    }

    /// The node's preorder number (the root's 1), worked out from its
    /// path when every node has `branching` children; `None` for uneven
    /// branching, where it takes a walk of the tree.
    pub fn preorder_number(&self, node: RandomNode) -> Option<u128> {
        let RandomSpec {
            branching,
            min_branching,
            depth,
            ..
        } = self.spec;
        if min_branching != branching {
            return None;
        }
        // A full subtree of height h holds 1 + b + ... + b^h nodes.
        let full = |height: usize| {
            (0..=height as u32)
                .map(|i| (branching as u128).pow(i))
                .sum()
        };
        let size = |ply: usize, _| full(depth - ply - 1);
        let radix = branching as u64;
        Some(super::preorder_number(node.depth(), node.path, radix, size))
    }

    /// The 0-based index, in draw order, of `node`'s best child among `count`.
    fn best_index(node: RandomNode, count: usize) -> u32 {
        uniform(draw(node.hash, stream::BEST, 0), count as u64) as u32
    }

    /// The draw indices of the children of `family`'s parent, `count` of
    /// them, in the order they stand, for the sorted orders.
    fn sorted_indices(&self, family: &Family, count: usize) -> Vec<u32> {
        let mut indices: Vec<u32> = (0..count as u32).collect();
        // In MAX's terms, seen from the player to move: higher is better.
        let goodness = |i: &u32| -family.step_sign * i64::from(family.value((*i).into()));
        match self.spec.order {
            ChildOrder::BestFirst => indices.sort_by_key(|i| std::cmp::Reverse(goodness(i))),
            ChildOrder::WorstFirst => indices.sort_by_key(goodness),
            ChildOrder::Random => {}
        }
        indices
    }
}

/// What making the children of one node takes, worked out once for all of
/// them. Every field is a whole word, so that copying it never reads a
/// word that was written in halves (which stalls the processor).
#[derive(Clone, Copy, Debug)]
struct Family {
    /// The parent's hash.
    hash: u64,
    /// The parent's path times the branching: a child's path is this plus
    /// its position.
    path: u64,
    /// The parent's true value.
    value: i64,
    /// -1 at a MAX parent (the other children are worse by a step below
    /// its value), +1 at a MIN parent.
    step_sign: i64,
    /// The children's depth, placed as in `RandomNode::value_depth`.
    depth: u64,
    /// The draw index of the best child.
    best: u64,
}

impl Family {
    /// The family of `node` in `tree`, whose best child is drawn `best`-th.
    fn of(tree: &RandomTree, node: RandomNode, best: u32) -> Family {
        let child_depth = node.depth_u32() + 1;
        Family {
            hash: node.hash,
            path: node.path.wrapping_mul(tree.spec.branching as u64),
            value: node.value().into(),
            step_sign: match tree.kind(node) {
                Kind::Max | Kind::Chance => -1,
                Kind::Min => 1,
            },
            depth: u64::from(child_depth) << 32,
            best: best.into(),
        }
    }

    /// The true value of the child drawn `index`-th.
    #[inline(always)]
    fn value(&self, index: u64) -> i32 {
        if index == self.best {
            return self.value as i32;
        }
        let bits = child_draw(self.hash, &STEP_KEYS, stream::STEP, index);
        let step = 1 + uniform(bits, MAX_STEP as u64) as i64;
        // Within an i32: the root's value and a step per level are small.
        (self.value + self.step_sign * step) as i32
    }

    /// The child drawn `index`-th, standing at `position` among its brothers.
    #[inline(always)]
    fn child(&self, index: u64, position: u64) -> RandomNode {
        RandomNode {
            hash: child_draw(self.hash, &CHILD_KEYS, stream::CHILD, index),
            path: self.path + position,
            value_depth: u64::from(self.value(index) as u32) | self.depth,
        }
    }
}

/// The children of a [`RandomTree`] node, computed one at a time.
#[derive(Debug)]
pub struct RandomChildren<'a> {
    family: Family,
    count: u64,
    next: u64,
    /// The draw index of each position, for the sorted orders.
    sorted: Option<Vec<u32>>,
    tree: PhantomData<&'a RandomTree>,
}

impl Iterator for RandomChildren<'_> {
    type Item = RandomNode;

    #[inline(always)]
    fn next(&mut self) -> Option<RandomNode> {
        if self.next >= self.count {
            return None;
        }
        let position = self.next;
        self.next += 1;
        let index = match &self.sorted {
            Some(indices) => indices[position as usize].into(),
            None => position,
        };
        Some(self.family.child(index, position))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.count - self.next) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for RandomChildren<'_> {}

impl GameTree for RandomTree {
    type Node = RandomNode;
    type Children<'a> = RandomChildren<'a>;

    fn root(&self) -> RandomNode {
        let value = uniform(
            draw(self.root_hash, stream::ROOT, 0),
            2 * ROOT_SPREAD as u64 + 1,
        ) as i64
            - ROOT_SPREAD;
        RandomNode::new(self.root_hash, 0, value as i32, 0)
    }

    fn kind(&self, node: RandomNode) -> Kind {
        if self.spec.chance {
            return match node.depth_u32() % 4 {
                0 => Kind::Max,
                2 => Kind::Min,
                _ => Kind::Chance,
            };
        }
        match node.depth_u32() % 2 {
            0 => Kind::Max,
            _ => Kind::Min,
        }
    }

    fn leaf_bounds(&self) -> Option<LeafBounds> {
        // Each level moves a value by at most MAX_STEP from the root's.
        let reach = ROOT_SPREAD + MAX_STEP * self.spec.depth as i64;
        let (low, high) = (Value::from_int(-reach)?, Value::from_int(reach)?);
        LeafBounds::new(low, high).filter(|_| self.spec.chance)
    }

    #[inline]
    fn children(&self, node: RandomNode) -> RandomChildren<'_> {
        let count = self.child_count(node);
        let best = match count {
            0 => 0,
            n => RandomTree::best_index(node, n),
        };
        let family = Family::of(self, node, best);
        let sorted = (self.spec.order != ChildOrder::Random && count > 1)
            .then(|| self.sorted_indices(&family, count));
        RandomChildren {
            family,
            count: count as u64,
            next: 0,
            sorted,
            tree: PhantomData,
        }
    }

    /// Every node above the last ply has at least one child (the spec
    /// refuses a smallest branching of 0).
    #[inline]
    fn is_leaf(&self, node: RandomNode) -> bool {
        node.depth() >= self.spec.depth
    }

    fn value(&self, node: RandomNode) -> Option<Value> {
        self.is_leaf(node).then(|| node.true_value())
    }

    fn height(&self) -> Option<usize> {
        Some(self.spec.depth)
    }

    fn static_value(&self, node: RandomNode) -> Option<Value> {
        if self.is_leaf(node) {
            return None;
        }
        if self.spec.noise == 0.0 {
            return Some(Value::from(node.value()));
        }
        let offset = (2.0 * unit(draw(node.hash, stream::NOISE, 0)) - 1.0) * self.spec.noise;
        // Hundredths, so that files show `= 3.19`. Within an `i64` (a node's
        // value is an `i32`), whose conversion from `f64` is one
        // instruction where `i128`'s is a call.
        let hundredths = ((f64::from(node.value()) + offset) * 100.0).round();
        Value::ratio(i128::from(hundredths as i64), 100)
    }

    fn id(&self, node: RandomNode) -> String {
        let radix = self.spec.branching as u64;
        super::node_id(node.depth(), node.path, radix, || {
            self.preorder_number(node)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, Options, search};
    use crate::trace::NoRecorder;

    fn solve(tree: &RandomTree, algorithm: Algorithm) -> crate::search::SearchResult<RandomNode> {
        search(tree, algorithm, Options::default(), &mut NoRecorder).unwrap()
    }

    /// Every node's children, in preorder, with a closure per node.
    fn walk(tree: &RandomTree, mut visit: impl FnMut(RandomNode, &[RandomNode])) {
        let mut stack = vec![tree.root()];
        while let Some(node) = stack.pop() {
            let children: Vec<RandomNode> = tree.children(node).collect();
            visit(node, &children);
            stack.extend(children.iter().rev());
        }
    }

    #[test]
    fn a_node_is_small_and_shareable() {
        fn shareable<T: Send + Sync>() {}
        shareable::<RandomTree>();
        shareable::<RandomNode>();
        assert_eq!(std::mem::size_of::<RandomNode>(), 24);
    }

    #[test]
    fn true_values_are_the_minimax_values() {
        for seed in 0..20 {
            let tree = RandomTree::new(RandomSpec::new(3, 4, seed).branching_between(1, 3));
            walk(&tree, |node, children| {
                if children.is_empty() {
                    return;
                }
                let values = children.iter().map(|c| c.value());
                let best = match tree.kind(node) {
                    Kind::Max => values.max(),
                    Kind::Min => values.min(),
                    Kind::Chance => unreachable!("no chance layers here"),
                };
                assert_eq!(best, Some(node.value()));
                let at_best = children
                    .iter()
                    .filter(|c| c.value() == node.value())
                    .count();
                assert_eq!(at_best, 1, "the best child is strictly best");
            });
            let minimax = solve(&tree, Algorithm::Minimax);
            assert_eq!(minimax.score.value, tree.root().true_value());
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_tree_and_another_seed_another() {
        let leaves = |seed| {
            let tree = RandomTree::new(RandomSpec::new(3, 3, seed));
            let mut out = Vec::new();
            walk(&tree, |node, children| {
                if children.is_empty() {
                    out.push(tree.value(node).unwrap().to_string());
                }
            });
            out.join(" ")
        };
        assert_eq!(leaves(7), leaves(7));
        assert_ne!(leaves(7), leaves(8));
        // Pinned: the hash is our own, so this holds on every machine.
        assert_eq!(leaves(1), pinned_leaves_of_seed_one());
    }

    fn pinned_leaves_of_seed_one() -> &'static str {
        "8 5 12 3 -1 -6 6 3 8 17 10 10 3 13 11 6 7 10 3 -2 -4 -4 -2 0 -4 2 0"
    }

    #[test]
    fn children_are_drawn_the_same_inside_and_past_the_tabulated_keys() {
        let tree = RandomTree::new(RandomSpec::new(TABULATED + 44, 1, 3));
        let root = tree.root();
        let best = RandomTree::best_index(root, TABULATED + 44);
        for (index, child) in tree.children(root).enumerate() {
            let index = index as u64;
            assert_eq!(child.hash, draw(root.hash, stream::CHILD, index));
            let step = 1 + uniform(draw(root.hash, stream::STEP, index), MAX_STEP as u64);
            let expected = match index == u64::from(best) {
                true => root.value(),
                false => root.value() - step as i32,
            };
            assert_eq!(child.value(), expected);
        }
    }

    #[test]
    fn a_node_is_a_leaf_exactly_when_it_has_no_children() {
        let specs = [
            RandomSpec::new(3, 4, 2),
            RandomSpec::new(5, 3, 9).branching_between(1, 5),
            RandomSpec::new(2, 5, 4).order(ChildOrder::BestFirst),
        ];
        for spec in specs {
            let tree = RandomTree::new(spec);
            let mut leaves = 0;
            walk(&tree, |node, children| {
                assert_eq!(tree.is_leaf(node), children.is_empty(), "{node:?}");
                leaves += usize::from(children.is_empty());
            });
            assert!(leaves > 1);
        }
    }

    #[test]
    fn the_best_child_stands_anywhere() {
        let tree = RandomTree::new(RandomSpec::new(4, 3, 11));
        let mut seen = [false; 4];
        walk(&tree, |node, children| {
            if let Some(p) = children.iter().position(|c| c.value() == node.value()) {
                seen[p] = true;
            }
        });
        assert_eq!(seen, [true; 4]);
    }

    #[test]
    fn ordered_noiseless_trees_evaluate_the_knuth_moore_minimum() {
        for (b, d) in [(2, 1), (3, 4), (4, 5), (5, 3), (2, 8)] {
            for seed in 0..4 {
                let spec = RandomSpec::new(b, d, seed).order(ChildOrder::BestFirst);
                let tree = RandomTree::new(spec);
                let result = solve(&tree, Algorithm::AlphaBeta);
                let minimum = b.pow(d.div_ceil(2) as u32) + b.pow((d / 2) as u32) - 1;
                assert_eq!(result.stats.leaves_evaluated, minimum as u64, "b={b} d={d}");
                assert_eq!(result.score.value, tree.root().true_value());
            }
        }
    }

    #[test]
    fn orders_permute_the_same_tree() {
        let values = |order| {
            let tree = RandomTree::new(RandomSpec::new(3, 4, 5).order(order));
            let mut leaves = Vec::new();
            walk(&tree, |node, children| {
                if children.is_empty() {
                    leaves.push(node.value());
                }
            });
            leaves.sort();
            (solve(&tree, Algorithm::Minimax).score, leaves)
        };
        let random = values(ChildOrder::Random);
        assert_eq!(values(ChildOrder::BestFirst), random);
        assert_eq!(values(ChildOrder::WorstFirst), random);
        let leaves_evaluated = |order| {
            let tree = RandomTree::new(RandomSpec::new(3, 4, 5).order(order));
            solve(&tree, Algorithm::AlphaBeta).stats.leaves_evaluated
        };
        let best = leaves_evaluated(ChildOrder::BestFirst);
        let random = leaves_evaluated(ChildOrder::Random);
        let worst = leaves_evaluated(ChildOrder::WorstFirst);
        assert!(best < random && random < worst, "{best} {random} {worst}");
    }

    #[test]
    fn static_values_lie_within_the_noise() {
        let tree = RandomTree::new(RandomSpec::new(3, 4, 2).noise(2.5));
        let mut moved = 0;
        walk(&tree, |node, children| {
            let Some(s) = tree.static_value(node) else {
                assert!(children.is_empty());
                return;
            };
            let offset = s.to_f64() - f64::from(node.value());
            assert!(offset.abs() <= 2.505);
            moved += usize::from(offset != 0.0);
        });
        assert!(moved > 30);
        let exact = RandomTree::new(RandomSpec::new(3, 4, 2));
        assert_eq!(
            exact.static_value(exact.root()),
            Some(exact.root().true_value())
        );
    }

    #[test]
    fn uneven_branching_stays_in_its_range() {
        let tree = RandomTree::new(RandomSpec::new(4, 4, 3).branching_between(2, 4));
        let mut counts = std::collections::BTreeSet::new();
        walk(&tree, |_, children| {
            if !children.is_empty() {
                counts.insert(children.len());
            }
        });
        assert_eq!(counts.into_iter().collect::<Vec<_>>(), [2, 3, 4]);
    }

    #[test]
    fn preorder_numbers_follow_a_walk_of_the_tree() {
        for spec in [RandomSpec::new(3, 4, 1), RandomSpec::new(1, 5, 2)] {
            let tree = RandomTree::new(spec);
            let mut number = 0;
            walk(&tree, |node, _| {
                number += 1;
                assert_eq!(tree.preorder_number(node), Some(number), "{spec}");
            });
        }
        let uneven = RandomTree::new(RandomSpec::new(3, 4, 1).branching_between(2, 3));
        assert_eq!(uneven.preorder_number(uneven.root()), None);
    }

    #[test]
    fn ids_are_child_paths_as_files_write_them() {
        let tree = RandomTree::new(RandomSpec::new(3, 3, 1));
        assert_eq!(tree.id(tree.root()), "root");
        let second = tree.children(tree.root()).nth(1).unwrap();
        let third = tree.children(second).nth(2).unwrap();
        assert_eq!(tree.id(third), "@2.3");
    }

    #[test]
    fn bad_specs_are_refused() {
        assert!(RandomTree::try_new(RandomSpec::new(0, 3, 1)).is_err());
        assert!(RandomTree::try_new(RandomSpec::new(10, 30, 1)).is_err());
        assert!(RandomTree::try_new(RandomSpec::new(3, 3, 1).noise(-1.0)).is_err());
        assert!(RandomTree::try_new(RandomSpec::new(3, 3, 1).branching_between(4, 3)).is_err());
        assert!(RandomTree::try_new(RandomSpec::new(1, 5000, 1)).is_ok());
    }
}
