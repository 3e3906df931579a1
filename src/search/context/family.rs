//! The steps of the searches built on alpha-beta, each counted and
//! reported as its event: null-window tests and re-searches (PVS,
//! aspiration windows), MTD(f)'s passes and recalls, SSS*'s list and
//! purges.

use super::Context;
use crate::search::window::WindowBound;
use crate::trace::{Event, ListStep, Recorder, Window};
use crate::tree::GameTree;
use crate::value::{CutKind, Scored, Value};

impl<T: GameTree, R: Recorder<T::Node>> Context<'_, T, R> {
    /// Reports the end of a null-window test of `node` (MAX's terms).
    pub(in crate::search) fn test(&mut self, node: T::Node, window: Window, score: Scored) {
        if R::RECORDS {
            self.recorder.record(Event::Test {
                node,
                window,
                score,
            });
        }
    }

    /// Counts and reports that `node` is searched again with `window`,
    /// after a search that returned `failed` (MAX's terms).
    pub(in crate::search) fn research(&mut self, node: T::Node, window: Window, failed: Scored) {
        self.stats.researches += 1;
        if R::RECORDS {
            self.recorder.record(Event::Research {
                node,
                window,
                failed,
            });
        }
    }

    /// Counts and reports the end of MTD(f)'s pass `pass` at the root
    /// `node`: its window, what it returned, the bounds known after it.
    pub(in crate::search) fn pass(
        &mut self,
        (node, pass): (T::Node, usize),
        window: Window,
        score: Scored,
        (lower, upper): (Value, Value),
    ) {
        self.stats.passes += 1;
        if R::RECORDS {
            self.recorder.record(Event::Pass {
                node,
                pass,
                window,
                score,
                lower,
                upper,
            });
        }
    }

    /// Reports that MTD(f)'s memory holds bounds on `node` that decide
    /// its test with `window`.
    pub(in crate::search) fn recall(
        &mut self,
        node: T::Node,
        window: Window,
        bounds: (Value, Value),
    ) {
        if R::RECORDS {
            self.recorder.record(Event::Recall {
                node,
                window,
                lower: bounds.0,
                upper: bounds.1,
            });
        }
    }

    /// Reports a step of SSS* on its OPEN list; the step is built only
    /// when the recorder keeps it.
    pub(in crate::search) fn list(&mut self, step: impl FnOnce() -> ListStep<T::Node>) {
        if R::RECORDS {
            self.recorder.record(Event::List(step()));
        }
    }

    /// Counts and reports what SSS* never reached below `node` (`ply`
    /// plies below the root, below `parent`) when the MAX node `solved`,
    /// of value `threshold`, purges OPEN: `unreached`, the children of
    /// `node` never examined, whose states had at most the merit `merit`.
    /// The cut is named as the lecture names a cut at such a node (a beta
    /// cut at a MAX node, the one solved among them, as alpha-beta names
    /// it there; an alpha cut at a MIN node).
    pub(in crate::search) fn purge_cut(
        &mut self,
        (node, ply, parent): (T::Node, usize, Option<T::Node>),
        (solved, threshold): (T::Node, Value),
        merit: Value,
        unreached: impl Iterator<Item = T::Node>,
    ) {
        let bound = WindowBound::new(threshold, solved);
        let kind = CutKind::at(self.tree.kind(node));
        let mut cut = self.cut_event((node, ply, parent), kind, merit, bound, None);
        cut.purge = Some(solved);
        self.report_cut(cut, unreached);
    }
}
