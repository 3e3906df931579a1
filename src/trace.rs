//! The one trace every search emits, and the recorders that receive it.
//!
//! A search reports each step as an [`Event`] to a [`Recorder`] given as a
//! type parameter, after ripgrep's `Sink`. [`NoRecorder`] says it records
//! nothing, so the searches skip building events and the fast path pays
//! nothing; [`Trace`] keeps every event, and the text trace, the diagrams
//! and the checker are all views of it.

use std::fmt;

use serde::Serialize;

mod family;
mod schedule;

pub use family::{ListStep, State, Status, settle_cuts};
pub use schedule::{Act, Happening, Schedule, ScheduleRecorder};

use crate::tree::GameTree;
pub use crate::value::StarMethod;
use crate::value::{Bound, CutKind, Scored, Value};

/// The window `[alpha, beta]` a node is entered with, in MAX's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Window {
    /// The value MAX is already sure of.
    pub alpha: Value,
    /// The value MIN is already sure of.
    pub beta: Value,
}

impl Window {
    /// The full window `[-inf, +inf]`.
    pub const FULL: Window = Window {
        alpha: Value::NEG_INF,
        beta: Value::POS_INF,
    };
}

impl fmt::Display for Window {
    /// `[alpha, beta]`, each as values print, unless that makes two
    /// different bounds look the same (a null window `[6, 6+ε]`, or two
    /// fractions that round alike): then in full.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (alpha, beta) = (self.alpha.to_string(), self.beta.to_string());
        match alpha == beta && self.alpha != self.beta {
            true => write!(f, "[{}, {}]", self.alpha.exact(), self.beta.exact()),
            false => write!(f, "[{alpha}, {beta}]"),
        }
    }
}

/// A cut: a node stops before its last children because its value reached
/// a bound supplied by an ancestor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut<N> {
    /// The node cut short.
    pub node: N,
    /// Alpha (at a MIN node) or beta (at a MAX node).
    pub kind: CutKind,
    /// The nodes skipped, left to right, each with its subtree: the
    /// children not searched; at a chance node cut after Star2's probes,
    /// also the children of each probed child but its first (which the
    /// probe searched), in place of that child.
    pub pruned: Vec<N>,
    /// The node's value when it stopped.
    pub value: Value,
    /// The bound it reached: beta for a beta cut, alpha for an alpha cut.
    pub threshold: Value,
    /// The ancestor whose value is the bound; `None` when the bound is the
    /// initial window's.
    pub bound_from: Option<N>,
    /// Whether the bound came from farther up than the parent.
    pub deep: bool,
    /// For a cut at a chance node, how Star1 or Star2 found it; `None` at
    /// a MAX or MIN node.
    pub chance: Option<ChanceCut>,
    /// Under a depth limit, how many plies below the cut node the limit
    /// lies: the skipped subtrees end there, as the search would have
    /// (see [`Cut::skipped`]); `None` without a limit.
    pub depth_left: Option<usize>,
    /// For what SSS* never reaches below a node when it purges OPEN (case
    /// 4 of Γ): the MAX node just solved, whose value is `threshold`; the
    /// node's states had at most the merit `value`, and `kind` is alpha
    /// (they cannot raise the solved node's value). `None` for a cut of
    /// alpha-beta.
    pub purge: Option<N>,
}

/// How a chance node was cut: after how many children, by which method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ChanceCut {
    /// The children searched (or probed) before the cut.
    pub seen: usize,
    /// The chance node's number of children.
    pub of: usize,
    /// Star1 (after a child's search) or Star2 (after the probing phase).
    pub method: StarMethod,
}

/// How many pruned nodes a cut in words names before it counts the rest.
pub const CUT_LISTS_UP_TO: usize = 20;

impl<N: Copy> Cut<N> {
    /// The cut in the lecture's words:
    /// `beta cut at F: H pruned (6 >= 2, bound from B)`; with `strict`
    /// the relation is the strict one the search cut on (`6 > 2`). Ids are
    /// shortened and the pruned list cut after [`CUT_LISTS_UP_TO`] nodes,
    /// then `and N more`.
    pub fn describe<T: GameTree<Node = N>>(&self, tree: &T, strict: bool) -> String {
        if let Some(chance) = self.chance {
            return self.describe_chance(tree, chance, strict);
        }
        if let Some(solved) = self.purge {
            return self.describe_purge(tree, solved);
        }
        let deep = if self.deep { "deep " } else { "" };
        let pruned = match self.pruned.is_empty() {
            // Settled (see `settle_cuts`): a later search saw it all.
            true => "nothing".to_string(),
            false => crate::tree::id_list(tree, &self.pruned, CUT_LISTS_UP_TO),
        };
        let id = |node| crate::text::quoted(&tree.id(node)).into_owned();
        let relation = match (self.kind, strict) {
            (CutKind::Beta, false) => ">=",
            (CutKind::Beta, true) => ">",
            (CutKind::Alpha, false) => "<=",
            (CutKind::Alpha, true) => "<",
        };
        let source = match self.bound_from {
            Some(node) => format!("bound from {}", id(node)),
            None => "bound from the initial window".to_string(),
        };
        format!(
            "{deep}{} cut at {}: {pruned} pruned ({} {relation} {}, {source})",
            self.kind,
            id(self.node),
            self.value,
            self.threshold
        )
    }
}

impl<N: Copy + Eq> Cut<N> {
    /// The parent of each pruned node, in the order of [`Cut::pruned`]:
    /// the cut node, or, below a chance node cut after Star2's probes, the
    /// probed child a pruned node hangs from.
    pub fn parents<T: GameTree<Node = N>>(&self, tree: &T) -> Vec<N> {
        if self.chance.is_none() {
            return vec![self.node; self.pruned.len()];
        }
        // The pruned nodes come left to right: a child of the cut node, or
        // a child of one of its children.
        let mut parents = Vec::with_capacity(self.pruned.len());
        let mut rest = self.pruned.iter().peekable();
        for child in tree.children(self.node) {
            if rest.peek().is_none() {
                break;
            }
            if rest.next_if(|&&top| top == child).is_some() {
                parents.push(self.node);
                continue;
            }
            for grandchild in tree.children(child) {
                if rest.next_if(|&&top| top == grandchild).is_some() {
                    parents.push(child);
                }
            }
        }
        parents.resize(self.pruned.len(), self.node);
        parents
    }

    /// Every node the cut skips, in preorder within each pruned node's
    /// subtree, down to the depth limit (see [`Cut::depth_left`]): below
    /// the limit lie nodes no search with it would visit, pruned or not.
    pub fn skipped<'t, T: GameTree<Node = N>>(&self, tree: &'t T) -> Skipped<'t, T> {
        let mut stack: Vec<(N, Option<usize>)> = self
            .pruned
            .iter()
            .zip(self.parents(tree))
            .map(|(&top, parent)| {
                let below = if parent == self.node { 1 } else { 2 };
                (top, self.depth_left.map(|d| d.saturating_sub(below)))
            })
            .collect();
        stack.reverse();
        Skipped { tree, stack }
    }
}

/// The nodes a cut skips ([`Cut::skipped`]), one at a time: a cut may skip
/// millions of nodes, which are never listed all at once.
pub struct Skipped<'t, T: GameTree> {
    tree: &'t T,
    /// The nodes still to give, each with the plies left below it under a
    /// depth limit; the next on top.
    stack: Vec<(T::Node, Option<usize>)>,
}

impl<T: GameTree> Iterator for Skipped<'_, T> {
    type Item = T::Node;

    fn next(&mut self) -> Option<T::Node> {
        let (node, left) = self.stack.pop()?;
        if left != Some(0) {
            let first = self.stack.len();
            let below = left.map(|d| d - 1);
            self.stack
                .extend(self.tree.children(node).map(|child| (child, below)));
            self.stack[first..].reverse();
        }
        Some(node)
    }
}

impl<N: Copy> Cut<N> {
    /// What SSS* never reached below a node, in words: `purge at C (A
    /// solved = 5): C2 C3 never reached (merit 3 <= 5)`.
    fn describe_purge<T: GameTree<Node = N>>(&self, tree: &T, solved: N) -> String {
        let id = |node| crate::text::quoted(&tree.id(node)).into_owned();
        let pruned = crate::tree::id_list(tree, &self.pruned, CUT_LISTS_UP_TO);
        format!(
            "purge at {} ({} solved = {}): {pruned} never reached (merit {} <= {})",
            id(self.node),
            id(solved),
            self.threshold,
            self.value,
            self.threshold
        )
    }

    /// A chance node's cut in words: `Star1 cut at C: after 3 of 5
    /// children the value cannot exceed 4.6 <= alpha 5`.
    fn describe_chance<T: GameTree<Node = N>>(
        &self,
        tree: &T,
        chance: ChanceCut,
        strict: bool,
    ) -> String {
        let id = crate::text::quoted(&tree.id(self.node)).into_owned();
        let (limit, relation, bound) = match (self.kind, strict) {
            (CutKind::Alpha, false) => ("exceed", "<=", "alpha"),
            (CutKind::Alpha, true) => ("exceed", "<", "alpha"),
            (CutKind::Beta, false) => ("fall below", ">=", "beta"),
            (CutKind::Beta, true) => ("fall below", ">", "beta"),
        };
        let pruned = crate::tree::id_list(tree, &self.pruned, CUT_LISTS_UP_TO);
        let pruned = match self.pruned.is_empty() {
            true => String::new(),
            false => format!(" ({pruned} pruned)"),
        };
        let probing = match chance.method {
            StarMethod::Star1 => "",
            StarMethod::Star2 => "probing ",
        };
        format!(
            "{} cut at {id}: after {probing}{} of {} children the value cannot {limit} {} {relation} {bound} {}{pruned}",
            chance.method, chance.seen, chance.of, self.value, self.threshold
        )
    }
}

/// One step of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event<N> {
    /// The search enters a node, with its window (none for minimax and
    /// negamax, which have no window).
    Enter {
        /// The node.
        node: N,
        /// The window, in MAX's terms.
        window: Option<Window>,
    },
    /// A leaf is evaluated, or an interior node at the depth limit takes
    /// its static value.
    Leaf {
        /// The leaf.
        node: N,
        /// Its value, in MAX's terms.
        value: Value,
        /// For an interior node valued at the depth limit, its depth
        /// (plies below the root); `None` for a leaf.
        horizon: Option<usize>,
    },
    /// A chance node adds a child's value, weighted by its probability, to
    /// its running sum (expectiminimax).
    Chance {
        /// The chance node.
        node: N,
        /// The child just valued.
        child: N,
        /// The child's probability.
        probability: Value,
        /// The child's value, in MAX's terms.
        value: Value,
        /// The weighted sum of the children valued so far.
        sum: Value,
        /// How many children are valued so far.
        seen: usize,
        /// The chance node's number of children.
        of: usize,
    },
    /// Star2 probes a child of a chance node: it searches the child's
    /// first child alone (the events that follow, up to that child's
    /// value), whose value bounds the child's: from below for a MAX child,
    /// from above for a MIN child. The probe visits the child; it is
    /// entered later only if Star1 goes on to search it in full.
    Probe {
        /// The child probed.
        node: N,
        /// The chance node above it.
        chance: N,
    },
    /// A node's provisional value changes while children remain (rule R2).
    Provisional {
        /// The node.
        node: N,
        /// Its new provisional value, in MAX's terms.
        value: Value,
    },
    /// A node is done: its value becomes final (rule R1).
    Final {
        /// The node.
        node: N,
        /// The value it returns, and whether it is exact or a bound.
        score: Scored,
    },
    /// A node is cut short (rule R3).
    Cut(Cut<N>),
    /// A search with a null window (`[x, x+ε]` or `[x-ε, x]`, see
    /// [`Window::is_null`]) ends: it tells on which side of `x` the node's
    /// value lies, fails high or low (PVS's test of a younger child).
    Test {
        /// The node tested.
        node: N,
        /// The null window, in MAX's terms.
        window: Window,
        /// What the search returned, in MAX's terms.
        score: Scored,
    },
    /// A node is searched again, with a window around what a search that
    /// failed high or low showed (PVS after a test that fails high inside
    /// the window, an aspiration window that failed): the events of the
    /// second search follow.
    Research {
        /// The node.
        node: N,
        /// The window of the new search, in MAX's terms.
        window: Window,
        /// What the search before returned, in MAX's terms.
        failed: Scored,
    },
    /// An MTD(f) pass (a null-window search of the root, with memory) ends:
    /// its test, its outcome, and the bounds on the root's value known
    /// after it.
    Pass {
        /// The root.
        node: N,
        /// The pass, from 1.
        pass: usize,
        /// The pass's null window, in MAX's terms.
        window: Window,
        /// What the pass returned, in MAX's terms.
        score: Scored,
        /// The root's value is known to be at least this...
        lower: Value,
        /// ...and at most this.
        upper: Value,
    },
    /// MTD(f) finds in its memory bounds on a node that decide its test:
    /// the node returns them without being searched again.
    Recall {
        /// The node.
        node: N,
        /// The null window it was to be searched with, in MAX's terms.
        window: Window,
        /// The lower bound in memory.
        lower: Value,
        /// The upper bound in memory.
        upper: Value,
    },
    /// SSS* takes a state from its OPEN list, puts one on, or purges it.
    List(ListStep<N>),
}

impl<N: Copy> Event<N> {
    /// The node the event is about.
    pub fn node(&self) -> N {
        match self {
            Event::Enter { node, .. }
            | Event::Leaf { node, .. }
            | Event::Provisional { node, .. }
            | Event::Final { node, .. }
            | Event::Probe { node, .. }
            | Event::Chance { node, .. }
            | Event::Test { node, .. }
            | Event::Research { node, .. }
            | Event::Pass { node, .. }
            | Event::Recall { node, .. } => *node,
            Event::Cut(cut) => cut.node,
            Event::List(step) => step.node(),
        }
    }

    /// The event in the lecture's words, as `trace` prints it:
    /// `enter C, window [-inf, 2]`, `visit D = 2`, `probe B (Star2 at C):
    /// its first child alone bounds its value`, `C = 2 provisional`,
    /// `C = 2 final`, or the cut described; none for a leaf's entry, which
    /// its `visit` line tells.
    pub fn line<T: GameTree<Node = N>>(&self, tree: &T, strict: bool) -> Option<String> {
        match self {
            Event::Enter { node, .. } if tree.is_leaf(*node) => None,
            Event::Enter { node, window } => Some(match window {
                Some(w) => format!("enter {}, window {w}", tree.id(*node)),
                None => format!("enter {}", tree.id(*node)),
            }),
            Event::Leaf {
                node,
                value,
                horizon: None,
            } => Some(format!("visit {} = {value}", tree.id(*node))),
            Event::Leaf {
                node,
                value,
                horizon: Some(depth),
            } => Some(format!(
                "{} = {value} (static value at depth {depth})",
                tree.id(*node)
            )),
            Event::Chance {
                node,
                child,
                probability,
                value,
                sum,
                seen,
                of,
            } => Some(format!(
                "{} += {probability} x {value} ({}): weighted sum {sum} after {seen} of {of} children",
                tree.id(*node),
                tree.id(*child)
            )),
            Event::Probe { node, chance } => Some(format!(
                "probe {} (Star2 at {}): its first child alone bounds its value",
                tree.id(*node),
                tree.id(*chance)
            )),
            Event::Provisional { node, value } => {
                Some(format!("{} = {value} provisional", tree.id(*node)))
            }
            Event::Final { node, score } => Some(format!(
                "{} {} {} final",
                tree.id(*node),
                score.bound,
                score.value
            )),
            Event::Cut(cut) => Some(cut.describe(tree, strict)),
            other => Some(other.family_line(tree)),
        }
    }

    /// The line of an event of the searches built on alpha-beta (see
    /// [`Event::line`]): `test C > 5: fails high (C >= 7)`, `re-search C
    /// with window [7, +inf]: C >= 7 failed high`, `end of pass 2: test
    /// A >= 5 fails low (A <= 4); now 3 <= A <= 4`, `recall C from memory:
    /// its bounds [5, +inf] decide C >= 5-ε`, SSS*'s list operations.
    fn family_line<T: GameTree<Node = N>>(&self, tree: &T) -> String {
        let id = |node: N| tree.id(node);
        match self {
            Event::Test {
                node,
                window,
                score,
            } => format!(
                "test {}: {}",
                window.question(&id(*node)),
                family::outcome(tree, *node, *window, *score)
            ),
            Event::Research {
                node,
                window,
                failed,
            } => {
                let side = match failed.bound {
                    Bound::Lower => "failed high",
                    Bound::Upper => "failed low",
                    _ => "was not exact",
                };
                let before = family::scored(tree, *node, *failed);
                format!(
                    "re-search {} with window {window}: {before} {side}",
                    id(*node)
                )
            }
            Event::Pass {
                node,
                pass,
                window,
                score,
                lower,
                upper,
            } => {
                let known = match lower == upper {
                    true => format!("{} = {lower}", id(*node)),
                    false => format!("{lower} <= {} <= {upper}", id(*node)),
                };
                format!(
                    "end of pass {pass}: test {} {}; now {known}",
                    window.question(&id(*node)),
                    family::outcome(tree, *node, *window, *score)
                )
            }
            Event::Recall {
                node,
                window,
                lower,
                upper,
            } => format!(
                "recall {} from memory: its bounds [{lower}, {upper}] decide the test {}",
                id(*node),
                window.question(&id(*node))
            ),
            Event::List(step) => step.line(tree),
            _ => String::new(),
        }
    }
}

/// Receives the events of a search.
pub trait Recorder<N> {
    /// Whether this recorder keeps anything. Searches build events only when
    /// it is true, so a recorder that sets it false costs nothing.
    const RECORDS: bool = true;

    /// Receives one event.
    fn record(&mut self, event: Event<N>);
}

/// Records nothing: the fast path.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoRecorder;

impl<N> Recorder<N> for NoRecorder {
    const RECORDS: bool = false;

    #[inline(always)]
    fn record(&mut self, _event: Event<N>) {}
}

/// Keeps every event in order.
#[derive(Clone, Debug)]
pub struct Trace<N> {
    /// The events, in the order the search made them.
    pub events: Vec<Event<N>>,
}

impl<N> Default for Trace<N> {
    fn default() -> Self {
        Trace { events: Vec::new() }
    }
}

impl<N> Trace<N> {
    /// An empty trace.
    pub fn new() -> Trace<N> {
        Trace::default()
    }
}

impl<N: Copy> Trace<N> {
    /// The cuts, in order.
    pub fn cuts(&self) -> impl Iterator<Item = &Cut<N>> {
        self.events.iter().filter_map(|e| match e {
            Event::Cut(cut) => Some(cut),
            _ => None,
        })
    }

    /// The nodes entered or probed, in order, as the search counts them
    /// (`nodes visited`): a node Star2 probes and then searches in full is
    /// visited twice.
    pub fn visited(&self) -> impl Iterator<Item = N> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Enter { node, .. } | Event::Probe { node, .. } => Some(*node),
            _ => None,
        })
    }

    /// The leaves evaluated, in order.
    pub fn leaves(&self) -> impl Iterator<Item = N> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Leaf { node, .. } => Some(*node),
            _ => None,
        })
    }
}

impl<N> Recorder<N> for Trace<N> {
    fn record(&mut self, event: Event<N>) {
        self.events.push(event);
    }
}

/// Keeps only the cuts: what `solve` reports, without the whole trace.
#[derive(Clone, Debug)]
pub struct CutLog<N> {
    /// The cuts, in order.
    pub cuts: Vec<Cut<N>>,
    /// The nodes entered or probed, in order, when the log keeps them
    /// ([`CutLog::keeping_visits`]).
    pub visited: Option<Vec<N>>,
}

impl<N> Default for CutLog<N> {
    fn default() -> Self {
        CutLog {
            cuts: Vec::new(),
            visited: None,
        }
    }
}

impl<N> CutLog<N> {
    /// A log that also keeps the nodes visited: a search that visits nodes
    /// again (a re-search, MTD(f)'s passes, iterative deepening) may name
    /// in a cut a node that it visits at another time, and which is then
    /// not pruned.
    pub fn keeping_visits() -> CutLog<N> {
        CutLog {
            cuts: Vec::new(),
            visited: Some(Vec::new()),
        }
    }
}

impl<N: Copy + Eq + std::hash::Hash> CutLog<N> {
    /// The cuts, settled when the log kept the visits (see
    /// [`settle_cuts`]), else as recorded.
    pub fn settled(self) -> Vec<Cut<N>> {
        let mut cuts = self.cuts;
        if let Some(visited) = self.visited {
            settle_cuts(&mut cuts, &visited.into_iter().collect());
        }
        cuts
    }
}

impl<N: Copy + Eq + std::hash::Hash> Trace<N> {
    /// The cuts, settled (see [`settle_cuts`]): what a search that may
    /// visit a node more than once prunes in the end.
    pub fn settled_cuts(&self) -> Vec<Cut<N>> {
        let mut cuts: Vec<Cut<N>> = self.cuts().cloned().collect();
        let visited = self.visited().chain(self.leaves()).collect();
        settle_cuts(&mut cuts, &visited);
        cuts
    }
}

impl<N> Recorder<N> for CutLog<N> {
    fn record(&mut self, event: Event<N>) {
        match (event, &mut self.visited) {
            (Event::Cut(cut), _) => self.cuts.push(cut),
            (
                Event::Enter { node, .. } | Event::Probe { node, .. } | Event::Leaf { node, .. },
                Some(visited),
            ) => visited.push(node),
            _ => {}
        }
    }
}
