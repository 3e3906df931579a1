//! The checker's facts gathered while the search runs: a [`Recorder`] that
//! keeps, of each event, only what [`Facts`](super::Facts) reads, so that
//! grading a large tree holds no trace of every event beside the tree.
//! [`Facts::new`](super::Facts::new) reads a recorded trace through the
//! same recorder, event by event, so both ways give the same facts.

use std::hash::Hash;

use crate::search::Algorithm;
use crate::trace::{Cut, Event, Recorder, Window};
use crate::tree::NodeMap;
use crate::value::{Scored, Value};

/// What the trace says about one visited node.
#[derive(Clone, Debug)]
pub struct Visit {
    /// The index of its `enter` event in the trace (of its `probe` event
    /// when it is only probed).
    pub entered_at: usize,
    /// The window it was entered with (`None` for minimax and negamax,
    /// and for a node only probed).
    pub window: Option<Window>,
    /// Whether Star2 only probed it: searched its first child, and never
    /// entered it.
    pub only_probed: bool,
    /// Whether it took its static value at the depth limit (the last time
    /// it was entered), as a leaf.
    pub at_horizon: bool,
    /// Its provisional values, with the index of each event.
    pub provisional: Vec<(usize, Value)>,
    /// The value it returned (a leaf's own value, exact).
    pub score: Option<Scored>,
    /// The index, in [`Facts::cuts`](super::facts::Facts::cuts), of the cut made at it.
    pub cut: Option<usize>,
    /// How many times it was entered (more than once in a re-search or
    /// another pass); the rest tells of the last time.
    pub entries: u32,
}

impl Visit {
    /// A node entered (or probed) at event `at` with `window`.
    pub(super) fn new(at: usize, window: Option<Window>, only_probed: bool) -> Visit {
        Visit {
            entered_at: at,
            window,
            only_probed,
            at_horizon: false,
            provisional: Vec::new(),
            score: None,
            cut: None,
            entries: 1,
        }
    }
}

/// What one search says about each node, kept as its events arrive: the
/// visits, the cuts, the leaves evaluated and the parents of the visited
/// nodes. Give it to `search` in place of a trace, then make the facts
/// with [`Facts::recorded`](super::Facts::recorded).
pub struct FactsRecorder<N> {
    /// The index the next event would have in the whole trace.
    at: usize,
    /// Whether the events nest (a depth-first search): the parents of
    /// visited nodes are read from the nesting.
    nested: bool,
    /// The nodes entered (or probed) and not yet done, innermost last.
    open: Vec<Open<N>>,
    pub(super) visits: Visits<N>,
    pub(super) cuts: Vec<Cut<N>>,
    pub(super) leaves: Vec<N>,
    pub(super) researches: u64,
    pub(super) passes: u64,
}

/// An open node of the trace: entered, or probed, and not yet done.
#[derive(Clone, Copy)]
struct Open<N> {
    node: N,
    /// Probed rather than entered: done with its first child.
    probe: bool,
}

impl<N: Copy + Eq + Hash> FactsRecorder<N> {
    /// A recorder for a search by `algorithm`: a best-first one (SSS*)
    /// does not nest its events, and its nodes' parents come from the tree.
    pub fn new(algorithm: Algorithm) -> FactsRecorder<N> {
        FactsRecorder {
            at: 0,
            nested: algorithm.depth_first(),
            open: Vec::new(),
            visits: Visits::default(),
            cuts: Vec::new(),
            leaves: Vec::new(),
            researches: 0,
            passes: 0,
        }
    }

    /// Reads one event of a recorded trace, as if the search had just
    /// made it.
    pub fn read(&mut self, event: &Event<N>) {
        self.take(event.clone());
    }

    fn take(&mut self, event: Event<N>) {
        let parent = match self.nested {
            true => self.follow_nesting(&event),
            false => None,
        };
        self.note(event, parent);
        self.at += 1;
    }

    /// Keeps `open`, the nodes entered (or probed) and not yet done;
    /// returns the parent of a node entered or probed: the innermost open
    /// node.
    fn follow_nesting(&mut self, event: &Event<N>) -> Option<N> {
        match event {
            Event::Enter { node, .. } | Event::Probe { node, .. } => {
                let parent = self.open.last().map(|open| open.node);
                let probe = matches!(event, Event::Probe { .. });
                self.open.push(Open { node: *node, probe });
                return parent;
            }
            Event::Leaf { node, .. } | Event::Final { node, .. } => {
                if let Some(at) = self.open.iter().rposition(|o| o.node == *node) {
                    self.open.truncate(at);
                }
                // A probe is done once its first child is.
                if self.open.last().is_some_and(|o| o.probe) {
                    self.open.pop();
                }
            }
            _ => {}
        }
        None
    }

    /// What the event says of its node, kept; `parent` is the parent of a
    /// node entered or probed, when the nesting says it.
    fn note(&mut self, event: Event<N>, parent: Option<N>) {
        let at = self.at;
        match event {
            Event::Enter { node, window } => {
                let entries = self.visits.get(&node).map_or(0, |v| v.entries) + 1;
                let visit = Visit {
                    entries,
                    ..Visit::new(at, window, false)
                };
                self.visits.insert(node, visit, parent);
            }
            Event::Probe { node, .. } => {
                self.visits.insert(node, Visit::new(at, None, true), parent);
            }
            Event::Leaf {
                node,
                value,
                horizon,
            } => {
                self.leaves.push(node);
                let visit = self.visit_mut(node);
                visit.score = Some(Scored::exact(value));
                visit.at_horizon = horizon.is_some();
            }
            Event::Provisional { node, value } => {
                self.visit_mut(node).provisional.push((at, value));
            }
            Event::Final { node, score } => self.visit_mut(node).score = Some(score),
            Event::Cut(cut) => {
                let index = self.cuts.len();
                self.visit_mut(cut.node).cut = Some(index);
                self.cuts.push(cut);
            }
            Event::Research { .. } => self.researches += 1,
            Event::Pass { .. } => self.passes += 1,
            // A chance node's running sum: its final value says the rest;
            // a test, a recall and SSS*'s list say nothing of a node that
            // its other events do not.
            Event::Chance { .. } | Event::Test { .. } | Event::Recall { .. } | Event::List(_) => {}
        }
    }

    fn visit_mut(&mut self, node: N) -> &mut Visit {
        self.visits
            .get_mut(&node)
            .expect("every event follows its node's enter event")
    }
}

impl<N: Copy + Eq + Hash> Recorder<N> for FactsRecorder<N> {
    fn record(&mut self, event: Event<N>) {
        self.take(event);
    }
}

/// The visited nodes, each with what the trace says of it and its parent
/// (when the nesting of the events says it): a list in the order first
/// visited, and an index from node to place. An entry of the index is two
/// words, however much a visit holds, so the index grows cheaply.
pub(super) struct Visits<N> {
    index: NodeMap<N, u32>,
    entries: Vec<VisitEntry<N>>,
}

/// One visited node in [`Visits`].
struct VisitEntry<N> {
    node: N,
    parent: Option<N>,
    visit: Visit,
}

impl<N> Default for Visits<N> {
    fn default() -> Visits<N> {
        Visits {
            index: NodeMap::default(),
            entries: Vec::new(),
        }
    }
}

impl<N: Copy + Eq + Hash> Visits<N> {
    /// Notes a visit of `node`, in place of an earlier one; a parent not
    /// given keeps the one known.
    fn insert(&mut self, node: N, visit: Visit, parent: Option<N>) {
        let next = u32::try_from(self.entries.len()).expect("fewer than 2^32 visited nodes");
        let at = *self.index.entry(node).or_insert(next);
        match self.entries.get_mut(at as usize) {
            Some(entry) => {
                entry.visit = visit;
                entry.parent = parent.or(entry.parent);
            }
            None => self.entries.push(VisitEntry {
                node,
                parent,
                visit,
            }),
        }
    }

    /// What the trace says about `node`, if it was visited.
    pub(super) fn get(&self, node: &N) -> Option<&Visit> {
        let at = *self.index.get(node)?;
        Some(&self.entries[at as usize].visit)
    }

    fn get_mut(&mut self, node: &N) -> Option<&mut Visit> {
        let at = *self.index.get(node)?;
        Some(&mut self.entries[at as usize].visit)
    }

    /// Whether `node` was visited.
    pub(super) fn contains_key(&self, node: &N) -> bool {
        self.index.contains_key(node)
    }

    /// The parent of a visited node, as the nesting of the events says.
    pub(super) fn parent(&self, node: &N) -> Option<N> {
        let at = *self.index.get(node)?;
        self.entries[at as usize].parent
    }

    /// Every visited node with what the trace says of it, in the order
    /// first visited.
    pub(super) fn iter(&self) -> impl Iterator<Item = (N, &Visit)> {
        self.entries.iter().map(|entry| (entry.node, &entry.visit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_entered_again_keeps_its_place_and_parent() {
        // A re-search: the root's child 1 is entered twice, the second
        // time with a new window; its leaf 2 below it each time.
        let window = |alpha: i32, beta: i32| {
            Some(Window {
                alpha: alpha.into(),
                beta: beta.into(),
            })
        };
        let mut recorder = FactsRecorder::new(Algorithm::AlphaBeta);
        let exact = |v: i32| Scored::exact(v.into());
        for event in [
            Event::Enter {
                node: 0u32,
                window: window(0, 10),
            },
            Event::Enter {
                node: 1,
                window: window(0, 1),
            },
            Event::Enter {
                node: 2,
                window: window(0, 1),
            },
            Event::Leaf {
                node: 2,
                value: 5.into(),
                horizon: None,
            },
            Event::Final {
                node: 1,
                score: exact(5),
            },
            Event::Enter {
                node: 1,
                window: window(0, 10),
            },
            Event::Enter {
                node: 2,
                window: window(0, 10),
            },
            Event::Leaf {
                node: 2,
                value: 5.into(),
                horizon: None,
            },
            Event::Final {
                node: 1,
                score: exact(5),
            },
            Event::Final {
                node: 0,
                score: exact(5),
            },
        ] {
            recorder.record(event);
        }
        let visits = &recorder.visits;
        let order: Vec<u32> = visits.iter().map(|(node, _)| node).collect();
        assert_eq!(order, [0, 1, 2]);
        let again = visits.get(&1).unwrap();
        assert_eq!((again.entered_at, again.window), (5, window(0, 10)));
        assert_eq!(visits.get(&2).unwrap().entered_at, 6);
        assert_eq!([visits.parent(&0), visits.parent(&1)], [None, Some(0)]);
        assert_eq!(visits.parent(&2), Some(1));
        assert!(visits.get(&3).is_none() && !visits.contains_key(&3));
    }
}
