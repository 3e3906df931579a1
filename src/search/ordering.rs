//! Move ordering and depth: the order in which alpha-beta examines a node's
//! children (as given, by static value, or by the previous iteration's
//! values), and iterative deepening, which searches one ply deeper at a
//! time and orders each iteration by the last one's values.

use std::fmt;

use super::context::Context;
use crate::tree::GameTree;
use crate::value::{Kind, Value};

/// How children are ordered before alpha-beta searches them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Order {
    /// As the tree gives them.
    #[default]
    None,
    /// By static value, best first for the player to move: highest first
    /// at MAX, lowest first at MIN. A leaf's static value is its value;
    /// children without one keep their order, after the others.
    Static,
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Order::None => "none",
            Order::Static => "static",
        })
    }
}

/// The values one iteration of iterative deepening found, kept along the
/// nodes it visited so that the next iteration can order by them.
#[derive(Clone, Debug, Default)]
pub(super) struct Memo {
    /// The children searched, by their index among the node's children
    /// as given, each with the value it returned and its own memo.
    children: Vec<(usize, Value, Memo)>,
}

impl Memo {
    /// The memo of the child at `index`, if the iteration searched it.
    pub(super) fn child(&self, index: usize) -> Option<&Memo> {
        self.entry(index).map(|(_, _, memo)| memo)
    }

    fn entry(&self, index: usize) -> Option<&(usize, Value, Memo)> {
        self.children.iter().find(|(i, _, _)| *i == index)
    }

    /// Records that the child at `index` returned `value`, below which the
    /// search found `below`.
    pub(super) fn push(&mut self, index: usize, value: Value, below: Memo) {
        self.children.push((index, value, below));
    }
}

/// A node's children in the order they are to be searched, each with its
/// index among the children as given.
///
/// It is made where it is used and stays there: the search draws children
/// from it one at a time and never moves it, since it holds the tree's own
/// iterator, which may be large.
pub(super) struct Children<I, N> {
    /// The children as the tree gives them, not drawn yet.
    given: I,
    /// The index of the next child of `given`.
    index: usize,
    /// The children left, in search order, when they are ordered.
    sorted: Option<Sorted<N>>,
    /// A child drawn by `peek`: the next to be given out.
    ahead: Option<(usize, N)>,
}

impl<I: Iterator<Item = N>, N: Copy> Children<I, N> {
    /// Whether they are searched in another order than the tree's.
    #[inline(always)]
    pub(super) fn reordered(&self) -> bool {
        self.sorted.is_some()
    }

    /// The children as `given`.
    #[inline(always)]
    pub(super) fn new(given: I) -> Self {
        Children {
            given,
            index: 0,
            sorted: None,
            ahead: None,
        }
    }

    /// The next child, without moving past it; `None` after the last.
    #[inline(always)]
    pub(super) fn peek(&mut self) -> Option<&(usize, N)> {
        if self.ahead.is_none() {
            self.ahead = self.draw();
        }
        self.ahead.as_ref()
    }

    /// Whether every child has been given out. The tree's iterator is
    /// asked how many it has left when it knows, so that no child is made
    /// only to learn that there is one: a cut skips it unmade.
    #[inline(always)]
    pub(super) fn is_done(&mut self) -> bool {
        if self.ahead.is_some() {
            return false;
        }
        if let Some(sorted) = &self.sorted {
            return sorted.len() == 0;
        }
        match self.given.size_hint() {
            (_, Some(0)) => true,
            (1.., _) => false,
            _ => self.peek().is_none(),
        }
    }

    #[inline(always)]
    fn draw(&mut self) -> Option<(usize, N)> {
        match &mut self.sorted {
            Some(sorted) => sorted.next(),
            None => {
                let child = self.given.next()?;
                self.index += 1;
                Some((self.index - 1, child))
            }
        }
    }
}

impl<I: Iterator<Item = N>, N: Copy> Iterator for Children<I, N> {
    type Item = (usize, N);

    fn size_hint(&self) -> (usize, Option<usize>) {
        let (low, high) = match &self.sorted {
            Some(sorted) => sorted.size_hint(),
            None => self.given.size_hint(),
        };
        let ahead = usize::from(self.ahead.is_some());
        (low + ahead, high.and_then(|h| h.checked_add(ahead)))
    }

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, N)> {
        match self.ahead.take() {
            Some(child) => Some(child),
            None => self.draw(),
        }
    }
}

/// Puts the `children` of a `kind` node in search order: sorted when
/// static ordering is on or when `memo` holds the previous iteration's
/// values, as given otherwise.
#[inline(always)]
pub(super) fn order_children<'t, T: GameTree, R>(
    cx: &Context<'t, T, R>,
    children: &mut Children<T::Children<'t>, T::Node>,
    kind: Kind,
    memo: Option<&Memo>,
) {
    if cx.options.order == Order::None && memo.is_none() {
        return;
    }
    let by_static = cx.options.order == Order::Static;
    let sorted = Sorted::new(cx.tree, by_static, children.by_ref(), kind, memo);
    children.sorted = Some(sorted);
}

/// The children of the `kind` node `node` in the order alpha-beta searches
/// them under `order` (without iterative deepening's memory), and where
/// each stands among them as the tree gives them when that differs
/// (empty when it is the search order).
pub(super) fn search_order<T: GameTree>(
    tree: &T,
    order: Order,
    node: T::Node,
    kind: Kind,
) -> (Vec<T::Node>, Vec<usize>) {
    let given = tree.children(node);
    match order {
        Order::None => (given.collect(), Vec::new()),
        Order::Static => Sorted::new(tree, true, given.enumerate(), kind, None)
            .map(|(index, child)| (child, index))
            .unzip(),
    }
}

/// A child's sort key: the previous iteration's value, then the static
/// value, each from the side of the player to move (so that ascending is
/// best first) and unknown last.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    previous: Option<Value>,
    fixed: Option<Value>,
}

impl Ord for Key {
    #[inline]
    fn cmp(&self, other: &Key) -> std::cmp::Ordering {
        unknown_last(self.previous, other.previous)
            .then_with(|| unknown_last(self.fixed, other.fixed))
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The order of two values, an unknown one after every known one.
#[inline]
fn unknown_last(a: Option<Value>, b: Option<Value>) -> std::cmp::Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.cmp(&b),
        (a, b) => a.is_none().cmp(&b.is_none()),
    }
}

/// A node's children (with their indices) in search order for a `kind`
/// node: by static value when static ordering is on, after the previous
/// iteration's values when a memo holds them; children with the same key
/// keep their order.
///
/// One list is allocated, the size the tree says, holding each child with
/// its key made once. Growing a list child by child and sorting on keys
/// kept in a second list cost several allocations a node, and on two
/// threads the allocator's locks took a quarter of the time of a search
/// with static ordering.
///
/// The list is sorted as it is drawn from: the first child drawn is found
/// by one pass over the keys, and the rest are sorted only when a second
/// is drawn. A node that cuts after its first child, as most do when the
/// order is good, never pays for the sort.
pub(super) struct Sorted<N> {
    /// The children not given out yet, each with its key and index.
    rest: std::vec::IntoIter<(Key, usize, N)>,
    /// How many children have been given out, counted up to 2.
    drawn: u8,
}

impl<N: Copy> Sorted<N> {
    /// The `children` of a `kind` node, each with its key made, not yet
    /// arranged.
    fn new<T: GameTree<Node = N>>(
        tree: &T,
        by_static: bool,
        children: impl Iterator<Item = (usize, N)>,
        kind: Kind,
        memo: Option<&Memo>,
    ) -> Self {
        let key = |index: usize, child: N| {
            let previous = memo.and_then(|m| m.entry(index)).map(|(_, v, _)| *v);
            let fixed = by_static.then(|| static_key(tree, child)).flatten();
            let side = |v: Option<Value>| v.map(|v| kind.perspective(v).negate());
            Key {
                previous: side(previous),
                fixed: side(fixed),
            }
        };
        let keyed: Vec<_> = children
            .map(|(index, child)| (key(index, child), index, child))
            .collect();
        Sorted {
            rest: keyed.into_iter(),
            drawn: 0,
        }
    }

    /// Puts the next child in its place before the first two are given
    /// out: the best to the front before the first, the rest in order
    /// before the second. Out of line: inlined where the search draws its
    /// next child, it cost the search that does not order 2.5% more
    /// instructions, and the ordered one 3.5%
    /// (docs/parallel-measurements.md).
    #[inline(never)]
    fn arrange(&mut self) {
        let rest = self.rest.as_mut_slice();
        match self.drawn {
            0 => {
                let best = (0..rest.len()).min_by(|&i, &j| search_first(&rest[i], &rest[j]));
                if let Some(best) = best {
                    rest.swap(0, best);
                }
            }
            _ => rest.sort_unstable_by(search_first),
        }
    }
}

/// The search order of two keyed children: by key, then as given.
#[inline(always)]
fn search_first<N>(a: &(Key, usize, N), b: &(Key, usize, N)) -> std::cmp::Ordering {
    a.0.cmp(&b.0).then(a.1.cmp(&b.1))
}

impl<N: Copy> Iterator for Sorted<N> {
    type Item = (usize, N);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, N)> {
        if self.drawn < 2 {
            self.arrange();
            self.drawn += 1;
        }
        let (_, index, child) = self.rest.next()?;
        Some((index, child))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.rest.size_hint()
    }
}

impl<N: Copy> ExactSizeIterator for Sorted<N> {}

/// A child's static value for ordering: a leaf's value, or an interior
/// node's static value.
fn static_key<T: GameTree>(tree: &T, node: T::Node) -> Option<Value> {
    // A node with a value is a leaf: its children need not be made.
    tree.value(node).or_else(|| match tree.is_leaf(node) {
        true => None,
        false => tree.static_value(node),
    })
}
