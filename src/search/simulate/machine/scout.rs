//! The simulated machine's scout brothers: a test that comes back, and
//! the brothers settled in child order, each searched again when its
//! test passed with a bound.

use super::super::frame::{FrameId, Purpose, Slot, Up};
use super::Machine;
use crate::search::brothers::{needs_research, research_window};
use crate::search::fold::certain;
use crate::search::window::{cut_bound, reaches};
use crate::trace::{Happening, ScheduleRecorder};
use crate::tree::GameTree;
use crate::value::Value;

impl<T, R> Machine<'_, T, R>
where
    T: GameTree,
    R: ScheduleRecorder<T::Node>,
{
    /// A scout test of brother `index` of `f` came back.
    pub(super) fn tested(
        &mut self,
        p: usize,
        f: FrameId,
        index: usize,
        up: Up<T::Node>,
        against: Option<Value>,
    ) -> Option<Up<T::Node>> {
        let frame = &self.frames[f];
        let kind = frame.kind;
        let cut_at = cut_bound(kind, frame.alpha, frame.beta).value;
        // Only a score sure from the node's side cuts (see `settle`).
        let sure = certain(kind, up.score);
        if sure && reaches(kind, up.score.value, cut_at, self.options.strict) {
            return self.settle(p, f, index, up.score, up.line);
        }
        let passed = against.is_some_and(|now| needs_research(kind, up.score, now));
        if let Some(against) = against
            && R::RECORDS
        {
            let (child, score) = (self.frames[f].children[index], up.score);
            self.record(p, || Happening::Tested {
                node: child,
                score,
                against,
                passed,
            });
        }
        let split = self.frames[f].split.as_mut().expect("a scout split node");
        split.slots[index] = Slot::Tested(up.score, up.line, passed);
        split.passed += usize::from(passed);
        if split.settling {
            return None;
        }
        self.settle_in_order(p, f)
    }

    /// Settles the tested brothers of `f` from the first unsettled one on,
    /// in child order, until one is not tested yet or has passed its test:
    /// `p` then searches that one again.
    pub(super) fn settle_in_order(&mut self, p: usize, f: FrameId) -> Option<Up<T::Node>> {
        loop {
            let frame = &mut self.frames[f];
            if frame.done {
                return None;
            }
            let split = frame.split.as_mut()?;
            let at = split.frontier;
            let Some(Slot::Tested(..)) = split.slots.get(at) else {
                return None;
            };
            let Slot::Tested(score, line, passed) =
                std::mem::replace(&mut split.slots[at], Slot::Settled)
            else {
                unreachable!("checked above");
            };
            split.frontier += 1;
            if passed {
                split.settling = true;
                let (kind, node) = (frame.kind, frame.node);
                let window = research_window(kind, node, score, frame.alpha, frame.beta);
                let again = self.frames.hand_out(f, at, Purpose::Again, Some(window));
                self.schedule.give(p, again);
                return None;
            }
            if let Some(up) = self.settle(p, f, at, score, line) {
                return Some(up);
            }
        }
    }
}
