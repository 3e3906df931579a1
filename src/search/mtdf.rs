//! MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996): a series of
//! null-window searches of the root, each alpha-beta with a memory of
//! bounds (Plaat's MT, "memory-enhanced test"), converging on the value
//! from a first guess `f`.
//!
//! Each pass tests the root against a bound with a null window, which
//! holds no value: `[g-ε, g]` asks "is the value at least `g`?", and
//! `[g, g+ε]` asks "is it more than `g`?" (`ε` is [`Value::above`]'s
//! infinitesimal, so the test is exact on integers, decimals and
//! fractions alike, where Plaat's integers take `g-1` and `g+1`). A pass
//! that fails high shows the value at least what it returns, one that
//! fails low at most; the next pass tests at what the last one returned,
//! until the bounds meet. Passes: `g = f`, `lower = -inf`, `upper =
//! +inf`; while `lower < upper`: test `>= g`, or `> g` when `g` is the
//! lower bound; then `g` is what the pass returned, a new lower or upper
//! bound.
//!
//! The memory holds, for each node searched in this run (leaves
//! included), the best lower and upper bounds its searches have shown; it
//! is cleared at each run. A node whose bounds decide a pass's test
//! returns them without a search (a recall, not a visit). After the last
//! pass the principal variation is read from the memory: from the root,
//! the first child whose bounds are both the value, and so on down.
//!
//! The first guess is [`Options::guess`](super::Options::guess), else the
//! root's static value, else 0. MTD(f) is fail-soft by definition (a
//! fail-hard pass returns the bound it was given, and the next pass would
//! ask the same question) and does not search chance nodes.

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::context::Context;
use super::fold::NodeFold;
use super::window::WindowBound;
use crate::trace::{Recorder, Window};
use crate::tree::GameTree;
use crate::value::{Bound, CutKind, Kind, Scored, Value};

/// MTD(f).
pub(super) struct Mtdf;

impl Strategy for Mtdf {
    const PRUNES: bool = true;
    const SUPPORTS: Support = Support {
        order: false,
        depth: true,
        iterative: false,
    };
    const FAIL_HARD: bool = false;
    const GUESS: bool = true;
    const CHANCE: bool = false;

    fn run<T, R>(cx: &mut Context<'_, T, R>, root: T::Node) -> Result<Scored, SearchError>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
        R: Recorder<T::Node>,
    {
        let mut memory = Memory::default();
        let slot = memory.entry();
        let mut g = first_guess(cx, root);
        let (mut lower, mut upper) = (Value::NEG_INF, Value::POS_INF);
        let mut pass = 0;
        while lower < upper {
            pass += 1;
            let window = match g == lower {
                true => Window {
                    alpha: g,
                    beta: g.above(),
                },
                false => Window {
                    alpha: g.below(),
                    beta: g,
                },
            };
            let score = test(cx, &mut memory, (slot, root, 0, None), window)?;
            match score.bound {
                Bound::Exact => (lower, upper) = (score.value, score.value),
                Bound::Lower => lower = lower.max(score.value),
                Bound::Upper => upper = upper.min(score.value),
                // Plaat's reading of a fail-soft result: by the window.
                Bound::Unknown if score.value >= window.beta => lower = lower.max(score.value),
                Bound::Unknown => upper = upper.min(score.value),
            }
            g = score.value;
            cx.pass((root, pass), window, score, (lower, upper));
        }
        let line = memory.principal_variation(cx.tree, root, slot, lower);
        if let Some((&first, rest)) = line.split_first() {
            cx.best_child_with(0, first, rest);
        }
        Ok(Scored::exact(lower))
    }
}

/// MTD(f)'s first guess: the option's, else the root's static value,
/// else 0.
fn first_guess<T: GameTree, R>(cx: &Context<'_, T, R>, root: T::Node) -> Value {
    cx.options
        .guess
        .or_else(|| cx.tree.static_value(root))
        .filter(|g| !g.is_infinite())
        .unwrap_or(Value::ZERO)
}

/// A node's place in the memory, itself, its ply and its parent.
type At<N> = (usize, N, usize, Option<N>);

/// Plaat's MT: the null-window search of `node` with `window` (MAX's
/// terms), with memory; stores what it shows and returns its score.
fn test<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    memory: &mut Memory,
    (slot, node, ply, parent): At<T::Node>,
    window: Window,
) -> Result<Scored, SearchError> {
    if let Some(score) = memory.decides(slot, window) {
        let entry = &memory.entries[slot];
        cx.recall(node, window, (entry.lower, entry.upper));
        return Ok(score);
    }
    let tree = cx.tree;
    let score = match tree.value(node) {
        Some(value) => Scored::exact(cx.visit_leaf(node, Some(window), value)),
        None => {
            cx.enter(node, ply, Some(window));
            let children: Vec<T::Node> = tree.children(node).collect();
            if children.is_empty() {
                Scored::exact(cx.leaf(node)?)
            } else if cx.at_horizon(ply) {
                Scored::exact(cx.horizon(node, ply)?)
            } else {
                let at = (slot, node, ply, parent);
                interior(cx, memory, at, &children, window)?
            }
        }
    };
    memory.store(slot, score);
    Ok(score)
}

/// MT at the MAX or MIN node `at`, whose `children` are known.
fn interior<T: GameTree, R: Recorder<T::Node>>(
    cx: &mut Context<'_, T, R>,
    memory: &mut Memory,
    (slot, node, ply, parent): At<T::Node>,
    children: &[T::Node],
    window: Window,
) -> Result<Scored, SearchError> {
    let kind = cx.tree.kind(node);
    if kind.is_chance() {
        return Err(SearchError::ChanceUnsupported {
            algorithm: cx.algorithm,
        });
    }
    memory.expand(slot, children.len());
    let bound = match kind {
        Kind::Min => window.alpha,
        _ => window.beta,
    };
    let mut fold = NodeFold::new(kind);
    let mut cut = false;
    for (i, &child) in children.iter().enumerate() {
        let below = memory.child(slot, i);
        let score = test(cx, memory, (below, child, ply + 1, Some(node)), window)?;
        let improved = fold.add(score);
        if i + 1 == children.len() {
            break;
        }
        let v = fold.value();
        if improved {
            cx.provisional(node, v);
        }
        if cx.reaches(kind, v, bound) {
            let rest = children[i + 1..].iter().copied();
            let threshold = WindowBound::initial(bound);
            cx.cut((node, ply, parent), CutKind::at(kind), v, threshold, rest);
            cut = true;
            break;
        }
    }
    let score = fold.finish(cut);
    cx.finish(node, score);
    Ok(score)
}

/// No child entry yet.
const NONE: usize = usize::MAX;

/// The memory of bounds: one entry per node searched, its children's
/// entries found through it, so that it is keyed by the node's place in
/// the tree and needs no hashing of nodes.
#[derive(Default)]
struct Memory {
    entries: Vec<Entry>,
}

/// What the memory holds of one node.
struct Entry {
    /// The node's value is at least this...
    lower: Value,
    /// ...and at most this.
    upper: Value,
    /// Its children's entries, by child index (`NONE` until searched);
    /// empty until the node is expanded.
    children: Vec<usize>,
}

impl Memory {
    /// A new entry, knowing nothing: its index.
    fn entry(&mut self) -> usize {
        self.entries.push(Entry {
            lower: Value::NEG_INF,
            upper: Value::POS_INF,
            children: Vec::new(),
        });
        self.entries.len() - 1
    }

    /// Makes room for the `count` children of the node at `slot`.
    fn expand(&mut self, slot: usize, count: usize) {
        let children = &mut self.entries[slot].children;
        if children.is_empty() {
            children.resize(count, NONE);
        }
    }

    /// The entry of child `i` of the node at `slot`, made if new.
    fn child(&mut self, slot: usize, i: usize) -> usize {
        match self.entries[slot].children[i] {
            NONE => {
                let entry = self.entry();
                self.entries[slot].children[i] = entry;
                entry
            }
            entry => entry,
        }
    }

    /// The score the bounds at `slot` give for a test with `window`, when
    /// they decide it: a lower bound at or above its upper end, or an
    /// upper bound at or below its lower end.
    fn decides(&self, slot: usize, window: Window) -> Option<Scored> {
        let Entry { lower, upper, .. } = self.entries[slot];
        let bound = |holds| match lower == upper {
            true => Bound::Exact,
            false => holds,
        };
        if lower >= window.beta {
            return Some(Scored {
                value: lower,
                bound: bound(Bound::Lower),
            });
        }
        (upper <= window.alpha).then(|| Scored {
            value: upper,
            bound: bound(Bound::Upper),
        })
    }

    /// Keeps what `score` shows of the node at `slot`.
    fn store(&mut self, slot: usize, score: Scored) {
        let entry = &mut self.entries[slot];
        if score.bound.is_lower() {
            entry.lower = entry.lower.max(score.value);
        }
        if score.bound.is_upper() {
            entry.upper = entry.upper.min(score.value);
        }
    }

    /// The best line from `root` (at `slot`), whose value is `value`: at
    /// each node the first child whose bounds are both `value`.
    fn principal_variation<T: GameTree>(
        &self,
        tree: &T,
        root: T::Node,
        slot: usize,
        value: Value,
    ) -> Vec<T::Node> {
        let mut line = Vec::new();
        let (mut node, mut slot) = (root, slot);
        loop {
            let exact = |&(_, s): &(T::Node, &usize)| {
                *s != NONE && self.entries[*s].lower == value && self.entries[*s].upper == value
            };
            let children = &self.entries[slot].children;
            match tree.children(node).zip(children).find(exact) {
                Some((child, &below)) => {
                    line.push(child);
                    (node, slot) = (child, below);
                }
                None => return line,
            }
        }
    }
}
