//! Stockman's SSS* (1979) as textbooks give it: best first over an OPEN
//! list of states `(node, status, merit)`, status LIVE (still to be
//! examined) or SOLVED, merit `h` an upper bound on the value of the best
//! MAX strategy through the node. OPEN starts with `(root, LIVE, +inf)`;
//! SSS* takes the state of highest merit (the leftmost in the tree of
//! those of equal merit, Pearl's rule) and applies the Γ operator to it,
//! until the root is SOLVED, its merit the value:
//!
//! 1. LIVE leaf (or node at the depth limit) `n`: `(n, SOLVED, min(h,
//!    value))` goes on OPEN.
//! 2. LIVE MAX node: every child goes on OPEN as `(child, LIVE, h)`.
//! 3. LIVE MIN node: its first child goes on OPEN as `(child, LIVE, h)`.
//! 4. SOLVED node whose parent `p` is a MAX node: `(p, SOLVED, h)` goes
//!    on OPEN, and every state below `p` leaves it (the purge).
//! 5. SOLVED node whose parent is a MIN node, with a next brother: the
//!    brother goes on OPEN as `(brother, LIVE, h)`.
//! 6. SOLVED last child of a MIN node `p`: `(p, SOLVED, h)` goes on OPEN.
//!
//! Cases 4 to 6 look at the parent's player rather than the node's own,
//! which is the same when players alternate and right when they do not.
//!
//! A node is visited when its LIVE state is taken (cases 1 to 3). What
//! SSS* never reaches it names when it purges: below the MAX node solved,
//! each node examined but not solved gets a cut (with
//! [`Cut::purge`](crate::trace::Cut::purge)) naming its children never
//! examined: those whose states were purged, and the younger children of a
//! MIN node never put on OPEN. `strict` and `fail_hard` change nothing:
//! SSS* compares merits, never a value with a window. It does not search
//! chance nodes.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, VecDeque};

use super::SearchError;
use super::algorithm::{Strategy, Support};
use super::context::Context;
use crate::trace::{ListStep, Recorder, State, Status};
use crate::tree::GameTree;
use crate::value::{Bound, Kind, Scored, Value};

/// SSS*.
pub(super) struct Sss;

impl Strategy for Sss {
    const PRUNES: bool = true;
    const SUPPORTS: Support = Support {
        order: false,
        depth: true,
        iterative: false,
    };
    const CHANCE: bool = false;

    fn run<T, R>(cx: &mut Context<'_, T, R>, root: T::Node) -> Result<Scored, SearchError>
    where
        T: GameTree + Sync,
        T::Node: Send + Sync,
        R: Recorder<T::Node>,
    {
        let mut sss = Search::new(cx.tree, root);
        sss.insert(cx, ROOT, Status::Live, Value::POS_INF);
        let merit = loop {
            let (id, status, merit) = sss.open.pop(&mut sss.nodes);
            match status {
                Status::Solved if id == ROOT => break merit,
                Status::Live => sss.examine(cx, id, merit)?,
                Status::Solved => sss.solved(cx, id, merit),
            }
        };
        cx.list(|| ListStep::Take {
            state: sss.state(ROOT, Status::Solved, merit),
            case: 0,
            parent: None,
        });
        let line = sss.principal_variation();
        if let Some((&first, rest)) = line.split_first() {
            cx.best_child_with(0, first, rest);
        }
        Ok(Scored::exact(merit))
    }
}

/// The root's place among the nodes examined.
const ROOT: usize = 0;
/// No node.
const NONE: usize = usize::MAX;

/// A node SSS* has put on OPEN at least once.
struct Known<N> {
    node: N,
    /// Its parent's place, `NONE` for the root.
    parent: usize,
    /// Its index among its parent's children.
    index: usize,
    /// Plies below the root.
    depth: usize,
    /// Its children put on OPEN so far, by index (every child of an
    /// examined MAX node, the first ones of a MIN node); none until it is
    /// examined.
    children: Vec<usize>,
    /// How many children it has, once examined.
    child_count: usize,
    /// The merit of its LIVE state when taken.
    merit_in: Value,
    /// Its LIVE state was taken (cases 1 to 3).
    examined: bool,
    solved: bool,
    /// The state of it on OPEN, if any.
    open: Option<(Status, Value)>,
    /// The child that gives a solved MAX node its value, or a MIN node
    /// its merit so far.
    best: usize,
    /// While a purge walks below it: the highest merit of the states it
    /// removed there.
    purged: Value,
}

/// One run of SSS*: the nodes it knows and its OPEN list.
struct Search<'t, T: GameTree> {
    tree: &'t T,
    nodes: Vec<Known<T::Node>>,
    open: Open,
}

impl<'t, T: GameTree> Search<'t, T> {
    fn new(tree: &'t T, root: T::Node) -> Self {
        let mut search = Search {
            tree,
            nodes: Vec::new(),
            open: Open::default(),
        };
        search.know(root, NONE, 0);
        search
    }

    /// Puts `node`, child `index` of the node at `parent`, among the nodes
    /// known: its place.
    fn know(&mut self, node: T::Node, parent: usize, index: usize) -> usize {
        let depth = match parent {
            NONE => 0,
            p => self.nodes[p].depth + 1,
        };
        self.nodes.push(Known {
            node,
            parent,
            index,
            depth,
            children: Vec::new(),
            child_count: 0,
            merit_in: Value::POS_INF,
            examined: false,
            solved: false,
            open: None,
            best: NONE,
            purged: Value::NEG_INF,
        });
        self.nodes.len() - 1
    }

    fn state(&self, id: usize, status: Status, merit: Value) -> State<T::Node> {
        State {
            node: self.nodes[id].node,
            status,
            merit,
        }
    }

    /// Puts the state `(id, status, merit)` on OPEN where the state just
    /// taken stood (its merit is that state's), and reports it.
    fn insert<R: Recorder<T::Node>>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        id: usize,
        status: Status,
        merit: Value,
    ) {
        self.nodes[id].open = Some((status, merit));
        self.open.push_front(id, merit);
        cx.list(|| ListStep::Insert(self.state(id, status, merit)));
    }

    /// Reports the state taken and the case of Γ that applies.
    fn take<R: Recorder<T::Node>>(
        &self,
        cx: &mut Context<'_, T, R>,
        (id, status, merit): (usize, Status, Value),
        case: u8,
    ) {
        let parent = self.nodes[id].parent;
        cx.list(|| ListStep::Take {
            state: self.state(id, status, merit),
            case,
            parent: (case >= 4 && parent != NONE).then(|| self.nodes[parent].node),
        });
    }

    /// Cases 1 to 3: the LIVE state of the node at `id`, of merit `merit`.
    fn examine<R: Recorder<T::Node>>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        id: usize,
        merit: Value,
    ) -> Result<(), SearchError> {
        let known = &mut self.nodes[id];
        known.examined = true;
        known.merit_in = merit;
        let (node, depth) = (known.node, known.depth);
        let state = (id, Status::Live, merit);
        if let Some(value) = self.tree.value(node) {
            self.take(cx, state, 1);
            cx.clear_line(depth);
            cx.visit_leaf(node, None, value);
            self.leaf_solved(cx, id, merit, value);
            return Ok(());
        }
        // Asked to stop: before the case is told, which would be case 1.
        if cx.stop_asked() {
            return Err(SearchError::Stopped);
        }
        let children: Vec<T::Node> = self.tree.children(node).collect();
        let case = match self.tree.kind(node) {
            _ if children.is_empty() || cx.at_horizon(depth) => 1,
            Kind::Max => 2,
            Kind::Min => 3,
            Kind::Chance => {
                return Err(SearchError::ChanceUnsupported {
                    algorithm: cx.algorithm,
                });
            }
        };
        // The case first, as the textbook's table, then the visit.
        self.take(cx, state, case);
        cx.enter(node, depth, None);
        match case {
            1 => {
                let value = match children.is_empty() {
                    true => cx.leaf(node)?,
                    false => cx.horizon(node, depth)?,
                };
                self.leaf_solved(cx, id, merit, value);
            }
            2 => self.expand_max(cx, state, &children),
            _ => self.expand_min(cx, state, &children),
        }
        Ok(())
    }

    /// Case 1's end: the leaf at `id`, of value `value`, is solved at
    /// `min(merit, value)`.
    fn leaf_solved<R: Recorder<T::Node>>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        id: usize,
        merit: Value,
        value: Value,
    ) {
        self.nodes[id].solved = true;
        if value >= merit {
            return self.insert(cx, id, Status::Solved, merit);
        }
        self.nodes[id].open = Some((Status::Solved, value));
        self.open.place(&self.nodes, id, value);
        cx.list(|| ListStep::Insert(self.state(id, Status::Solved, value)));
    }

    /// Case 2: every child of the MAX node goes on OPEN.
    fn expand_max<R: Recorder<T::Node>>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        state: (usize, Status, Value),
        children: &[T::Node],
    ) {
        let (id, _, merit) = state;
        self.nodes[id].child_count = children.len();
        let placed: Vec<usize> = (children.iter().enumerate())
            .map(|(i, &child)| self.know(child, id, i))
            .collect();
        self.nodes[id].children = placed.clone();
        for child in placed.into_iter().rev() {
            self.nodes[child].open = Some((Status::Live, merit));
            self.open.push_front(child, merit);
        }
        for &child in &self.nodes[id].children {
            cx.list(|| ListStep::Insert(self.state(child, Status::Live, merit)));
        }
    }

    /// Case 3: the first child of the MIN node goes on OPEN.
    fn expand_min<R: Recorder<T::Node>>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        state: (usize, Status, Value),
        children: &[T::Node],
    ) {
        let (id, _, merit) = state;
        self.nodes[id].child_count = children.len();
        let first = self.know(children[0], id, 0);
        self.nodes[id].children.push(first);
        self.insert(cx, first, Status::Live, merit);
    }

    /// Cases 4 to 6: the SOLVED state of the node at `id` (not the root).
    fn solved<R: Recorder<T::Node>>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        id: usize,
        merit: Value,
    ) {
        let parent = self.nodes[id].parent;
        let state = (id, Status::Solved, merit);
        if self.tree.kind(self.nodes[parent].node) == Kind::Max {
            self.take(cx, state, 4);
            self.nodes[parent].best = id;
            self.solve(cx, parent, merit);
            self.purge(cx, parent, merit);
            return self.insert(cx, parent, Status::Solved, merit);
        }
        let lowers = merit < self.nodes[id].merit_in;
        if lowers || self.nodes[parent].best == NONE {
            self.nodes[parent].best = id;
        }
        let next = self.nodes[id].index + 1;
        if next == self.nodes[parent].child_count {
            self.take(cx, state, 6);
            self.solve(cx, parent, merit);
            return self.insert(cx, parent, Status::Solved, merit);
        }
        self.take(cx, state, 5);
        if lowers {
            cx.provisional(self.nodes[parent].node, merit);
        }
        let brother = self.tree.children(self.nodes[parent].node).nth(next);
        let brother = brother.expect("a MIN node's next child");
        let placed = self.know(brother, parent, next);
        self.nodes[parent].children.push(placed);
        self.insert(cx, placed, Status::Live, merit);
    }

    /// The node at `id` is solved at `merit`: exact when below the merit
    /// it was examined with, else only at least that.
    fn solve<R: Recorder<T::Node>>(&mut self, cx: &mut Context<'_, T, R>, id: usize, merit: Value) {
        let known = &mut self.nodes[id];
        let bound = match merit < known.merit_in {
            true => Bound::Exact,
            false => Bound::Lower,
        };
        known.solved = true;
        let score = Scored {
            value: merit,
            bound,
        };
        cx.finish(known.node, score.settled());
    }
}

impl<T: GameTree> Search<'_, T> {
    /// Case 4's purge: the MAX node at `solved` is solved at `merit`;
    /// every state below it leaves OPEN (reported as one step), and each
    /// node below it examined but not solved gets a cut naming its
    /// children never examined.
    fn purge<R: Recorder<T::Node>>(
        &mut self,
        cx: &mut Context<'_, T, R>,
        solved: usize,
        merit: Value,
    ) {
        let mut removed = Vec::new();
        let open = self.open_below(solved, &mut removed);
        cx.list(|| ListStep::Purge {
            node: self.nodes[solved].node,
            removed: removed.clone(),
        });
        for &id in open.iter().rev() {
            let below = self.nodes[id].children.iter();
            let most = below.fold(self.nodes[id].purged, |most, &c| {
                most.max(self.nodes[c].purged)
            });
            self.nodes[id].purged = most;
        }
        for &id in &open {
            self.unreached(cx, id, (solved, merit));
        }
    }

    /// The nodes examined and not solved at or below `top`, in preorder
    /// (`top` first); their states, and those of their solved children,
    /// leave OPEN, left to right into `removed`.
    fn open_below(&mut self, top: usize, removed: &mut Vec<State<T::Node>>) -> Vec<usize> {
        let mut walked = Vec::new();
        let mut stack = vec![top];
        while let Some(id) = stack.pop() {
            walked.push(id);
            let children = self.nodes[id].children.clone();
            for &child in &children {
                if let Some((status, merit)) = self.nodes[child].open.take() {
                    removed.push(self.state(child, status, merit));
                    self.nodes[child].purged = merit;
                }
            }
            let open = children.iter().rev();
            stack.extend(open.filter(|&&c| self.nodes[c].examined && !self.nodes[c].solved));
        }
        walked
    }

    /// The cut at the node at `id`, below the MAX node `solved` solved at
    /// `merit`: its children never examined, if any.
    fn unreached<R: Recorder<T::Node>>(
        &self,
        cx: &mut Context<'_, T, R>,
        id: usize,
        (solved, merit): (usize, Value),
    ) {
        let known = &self.nodes[id];
        let examined = |i: usize| {
            known
                .children
                .get(i)
                .is_some_and(|&c| self.nodes[c].examined)
        };
        let mut unreached = (self.tree.children(known.node).enumerate())
            .filter(|(i, _)| !examined(*i))
            .map(|(_, child)| child)
            .peekable();
        if unreached.peek().is_none() {
            return;
        }
        let parent = (known.parent != NONE).then(|| self.nodes[known.parent].node);
        let at = (known.node, known.depth, parent);
        let most = match known.purged.is_infinite() && known.purged < Value::ZERO {
            true => known.merit_in.min(merit),
            false => known.purged,
        };
        cx.purge_cut(at, (self.nodes[solved].node, merit), most, unreached);
    }

    /// The best line: from the root, the child that gives each node its
    /// value (at a MAX node the child that solved it, at a MIN node the
    /// child of least merit), down to a node not expanded.
    fn principal_variation(&self) -> Vec<T::Node> {
        let mut line = Vec::new();
        let mut id = ROOT;
        while self.nodes[id].best != NONE {
            id = self.nodes[id].best;
            line.push(self.nodes[id].node);
        }
        line
    }
}

/// The OPEN list: states by merit, highest first, and among equal merits
/// the leftmost in the tree first. A state is a node's place (each node
/// has at most one state at a time, its status and merit kept with the
/// node); a state purged stays in its group until it comes up, and is
/// skipped then (its node never comes back on OPEN).
#[derive(Default)]
struct Open {
    groups: BTreeMap<Reverse<Value>, VecDeque<usize>>,
}

impl Open {
    /// Puts the node at `id` first among the states of merit `merit`:
    /// where the state just taken stood, which was the leftmost of the
    /// highest merit, and which the state put in its place replaces.
    fn push_front(&mut self, id: usize, merit: Value) {
        self.groups
            .entry(Reverse(merit))
            .or_default()
            .push_front(id);
    }

    /// Puts the node at `id` among the states of merit `merit`, in its
    /// place from left to right.
    fn place<N>(&mut self, nodes: &[Known<N>], id: usize, merit: Value) {
        let group = self.groups.entry(Reverse(merit)).or_default();
        let at = group
            .binary_search_by(|&other| leftmost(nodes, other, id))
            .unwrap_or_else(|at| at);
        group.insert(at, id);
    }

    /// Takes the state of highest merit, the leftmost of them.
    fn pop<N>(&mut self, nodes: &mut [Known<N>]) -> (usize, Status, Value) {
        loop {
            let mut group = self
                .groups
                .first_entry()
                .expect("OPEN holds the root's state");
            let id = group.get_mut().pop_front();
            if group.get().is_empty() {
                group.remove();
            }
            if let Some((status, merit)) = id.and_then(|id| nodes[id].open.take()) {
                return (id.expect("a state"), status, merit);
            }
        }
    }
}

/// How the nodes at `a` and `b` lie from left to right in the tree (a
/// node before those below it).
fn leftmost<N>(nodes: &[Known<N>], mut a: usize, mut b: usize) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let (depth_a, depth_b) = (nodes[a].depth, nodes[b].depth);
    while nodes[a].depth > depth_b {
        a = nodes[a].parent;
    }
    while nodes[b].depth > depth_a {
        b = nodes[b].parent;
    }
    if a == b {
        return depth_a.cmp(&depth_b);
    }
    while nodes[a].parent != nodes[b].parent {
        (a, b) = (nodes[a].parent, nodes[b].parent);
    }
    nodes[a].index.cmp(&nodes[b].index)
}
