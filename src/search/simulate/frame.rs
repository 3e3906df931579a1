//! The simulated machine's model of the tree being searched: a frame for
//! every interior node entered, kept in an arena, each linked to its
//! parent's, and the walks up that chain of links that decide a node's
//! window, whether it still matters and where it lies.

use std::ops::{Index, IndexMut};

use crate::search::fold::NodeFold;
use crate::search::window::{Refutations, WindowBound};
use crate::trace::Window;
use crate::value::{Kind, Scored, Value};

/// A frame's place in the machine's arena: its slot, and the slot's
/// generation when the frame was put there. A slot is used again once its
/// frame is freed, with the next generation, so an id kept past its
/// frame's end names no frame rather than the slot's new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FrameId {
    slot: u32,
    generation: u32,
}

/// Where a node hangs: its parent's frame and its index among the
/// parent's children in search order; `None` for the root.
pub(super) type Link = Option<(FrameId, usize)>;

/// What a node's value is for at its parent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Purpose {
    /// An ordinary search.
    Plain,
    /// A scout test against this value (`None`: no null window around an
    /// infinite value, so a search with the full window).
    Test(Option<Value>),
    /// A scout brother searched again after passing its test.
    Again,
}

/// A node to enter at the next step.
#[derive(Clone, Debug)]
pub(super) struct Task<N> {
    /// The node.
    pub node: N,
    /// Where it hangs.
    pub link: Link,
    /// How far below the root it lies.
    pub ply: usize,
    /// Its window when handed out, in MAX's terms.
    pub alpha: WindowBound<N>,
    pub beta: WindowBound<N>,
    /// What its value is for.
    pub purpose: Purpose,
    /// The steps its processor spends before entering it: the cost of
    /// taking a younger brother of a split node.
    pub delay: u64,
}

/// A window's two bounds, alpha and beta.
pub(super) type Bounds<N> = (WindowBound<N>, WindowBound<N>);

/// A value going up to the parent.
pub(super) struct Up<N> {
    /// Where the node it comes from hangs.
    pub link: Link,
    /// The node's score.
    pub score: Scored,
    /// The node's best line.
    pub line: Vec<N>,
    /// What the value is for.
    pub purpose: Purpose,
    /// The nodes entered below the node and at it, by every processor.
    pub nodes: u64,
}

/// A scout brother's state at its split node.
#[derive(Clone, Debug)]
pub(super) enum Slot<N> {
    /// Not tested yet.
    Open,
    /// Tested: its score, its line, and whether it passed its test.
    Tested(Scored, Vec<N>, bool),
    /// Folded into the split node's value.
    Settled,
}

/// A split node's shared state, once its younger brothers are offered.
#[derive(Debug)]
pub(super) struct SplitState<N> {
    /// The bound the brothers improve: alpha at MAX, beta at MIN; only
    /// values the node is sure to reach, as in the real search's `Split`.
    pub bound: Value,
    /// The path from the root to the node, in search order.
    pub path: Vec<u32>,
    /// Scout only: each brother's state.
    pub slots: Vec<Slot<N>>,
    /// Scout only: the first brother not settled.
    pub frontier: usize,
    /// Scout only: brothers that passed and are not settled.
    pub passed: usize,
    /// Scout only: a brother is being searched again.
    pub settling: bool,
    /// The processors that opened the node or took a brother of it.
    pub workers: Vec<usize>,
}

/// An interior node being searched.
#[derive(Debug)]
pub(super) struct Frame<N> {
    /// The node.
    pub node: N,
    /// Where it hangs.
    pub link: Link,
    /// The nearest frame at or above this one no deeper than the split
    /// depth (itself when it is): walks up the tree jump there, since no
    /// frame below the split depth is ever split or stopped from outside.
    pub upper: FrameId,
    /// It splits if it lies less than this many plies below the root (see
    /// [`split_limit`](crate::search::parallel::split_limit)); a frame
    /// below one that does not split takes that one's.
    pub split_depth: usize,
    /// What its value is for.
    pub purpose: Purpose,
    /// How far below the root it lies.
    pub ply: usize,
    /// Its player.
    pub kind: Kind,
    /// The window it was entered with.
    pub window: Window,
    /// Its window now, in MAX's terms.
    pub alpha: WindowBound<N>,
    pub beta: WindowBound<N>,
    /// Its children in search order.
    pub children: Vec<N>,
    /// Where each of them stands as the tree gives them, when the search
    /// order differs (empty otherwise).
    pub places: Vec<usize>,
    /// The first child not handed out.
    pub next: usize,
    /// The children being searched.
    pub running: Vec<usize>,
    /// The children whose values are folded in.
    pub settled: usize,
    /// Its value so far.
    pub fold: NodeFold,
    /// Its best line so far.
    pub line: Vec<N>,
    /// What its younger brothers share, once they are offered.
    pub split: Option<SplitState<N>>,
    /// Finished, or cut short: nothing below it counts any more.
    pub done: bool,
    /// The split nodes it hangs under: those above it whose younger
    /// brother it is or lies below (see
    /// [`split_limit`](crate::search::parallel::split_limit)).
    pub splits_above: usize,
    /// The split depth in effect at it: the search's, deeper in a scout
    /// brother's second search.
    pub split_option: usize,
    /// The nodes entered at it and below it whose values came back.
    pub nodes: u64,
}

/// The frames of the nodes being searched, by [`FrameId`].
///
/// When a recorder keeps the schedule, every frame stays to the end, its
/// node marked done (the acts name the nodes below a cut, and those are
/// found through the frames). Otherwise a frame is freed as soon as
/// nothing needs it: when its node is done, or when the walk up from a
/// dropped task or value meets it below a node that is done. Then the
/// arena holds the live frames only, a few per processor and level, and
/// the simulation's memory does not grow with the nodes it visits.
#[derive(Debug)]
pub(super) struct Frames<N> {
    frames: Vec<Frame<N>>,
    /// Each slot's generation: the frame there now has it.
    generations: Vec<u32>,
    /// The slots whose frames were freed, to use again.
    free: Vec<u32>,
    /// Whether frames are freed at all.
    reclaim: bool,
}

impl<N> Index<FrameId> for Frames<N> {
    type Output = Frame<N>;

    fn index(&self, f: FrameId) -> &Frame<N> {
        debug_assert!(self.exists(f), "frame {f:?} used after it was freed");
        &self.frames[f.slot as usize]
    }
}

impl<N> IndexMut<FrameId> for Frames<N> {
    fn index_mut(&mut self, f: FrameId) -> &mut Frame<N> {
        debug_assert!(self.exists(f), "frame {f:?} used after it was freed");
        &mut self.frames[f.slot as usize]
    }
}

impl<N> Frames<N> {
    /// Whether `f` still names a frame (it was not freed).
    pub(super) fn exists(&self, f: FrameId) -> bool {
        self.generations[f.slot as usize] == f.generation
    }
}

impl<N: Copy> Frames<N> {
    /// No frame yet; frames are freed once done when `reclaim` says so.
    pub(super) fn new(reclaim: bool) -> Self {
        Frames {
            frames: Vec::new(),
            generations: Vec::new(),
            free: Vec::new(),
            reclaim,
        }
    }

    /// The most frames held at once: the arena's slots.
    pub(super) fn slots(&self) -> usize {
        self.frames.len()
    }

    /// The id the next frame added gets.
    pub(super) fn next_id(&self) -> FrameId {
        match self.free.last() {
            Some(&slot) => FrameId {
                slot,
                generation: self.generations[slot as usize],
            },
            None => FrameId {
                slot: u32::try_from(self.frames.len()).expect("fewer than 2^32 frames at once"),
                generation: 0,
            },
        }
    }

    /// Adds `frame`, with the id [`Frames::next_id`] gave.
    pub(super) fn push(&mut self, frame: Frame<N>) {
        match self.free.pop() {
            Some(slot) => self.frames[slot as usize] = frame,
            None => {
                self.frames.push(frame);
                self.generations.push(0);
            }
        }
    }

    /// Frees frame `f` (when frames are reclaimed and `f` was not freed
    /// yet): its slot takes the next generation.
    pub(super) fn free(&mut self, f: FrameId) {
        if !self.reclaim || !self.exists(f) {
            return;
        }
        let frame = &mut self.frames[f.slot as usize];
        frame.children = Vec::new();
        frame.running = Vec::new();
        frame.line = Vec::new();
        frame.split = None;
        self.generations[f.slot as usize] += 1;
        self.free.push(f.slot);
    }

    /// Frees the frames from the one at `link` up to the first one freed
    /// already: a chain of frames below a node that is done, which no
    /// processor works on any more.
    pub(super) fn free_dead(&mut self, link: Link) {
        let mut at = link;
        while let Some((f, _)) = at {
            if !self.reclaim || !self.exists(f) {
                return;
            }
            at = self[f].link;
            self.free(f);
        }
    }

    /// Hands out the next child of frame `f` for `purpose`, with the
    /// frame's window, or the window `null` for a scout test.
    pub(super) fn child_task(
        &mut self,
        f: FrameId,
        purpose: Purpose,
        null: Option<Bounds<N>>,
    ) -> Task<N> {
        let index = self[f].next;
        self[f].next += 1;
        self.hand_out(f, index, purpose, null)
    }

    /// Hands out child `index` of frame `f` (see [`Frames::child_task`]).
    pub(super) fn hand_out(
        &mut self,
        f: FrameId,
        index: usize,
        purpose: Purpose,
        null: Option<Bounds<N>>,
    ) -> Task<N> {
        let frame = &mut self[f];
        frame.running.push(index);
        let (alpha, beta) = null.unwrap_or((frame.alpha, frame.beta));
        Task {
            node: frame.children[index],
            link: Some((f, index)),
            ply: frame.ply + 1,
            alpha,
            beta,
            purpose,
            delay: 0,
        }
    }

    /// The window `[alpha, beta]` of a node hanging at `link`, narrowed by
    /// the bounds of the split nodes above it.
    pub(super) fn narrow(&self, link: Link, alpha: &mut WindowBound<N>, beta: &mut WindowBound<N>) {
        let mut at = link;
        while let Some((f, _)) = at {
            let frame = &self[f];
            if let Some(split) = &frame.split {
                match frame.kind {
                    Kind::Max if split.bound > alpha.value => {
                        *alpha = WindowBound::new(split.bound, frame.node)
                    }
                    Kind::Min if split.bound < beta.value => {
                        *beta = WindowBound::new(split.bound, frame.node)
                    }
                    _ => {}
                }
            }
            at = self.up(f);
        }
    }

    /// The first split frame above `link` that is refuted: whose bound
    /// reaches (as `strict` says) that of a split frame of the other
    /// player above it (the real search's `Split::narrow_unless_stopped`),
    /// with that bound. Of the frames below the first such bound, the one
    /// whose own bound is best, the farthest on a tie.
    pub(super) fn refuted(&self, link: Link, strict: bool) -> Option<(FrameId, WindowBound<N>)> {
        let mut refutations = Refutations::new(strict);
        let mut at = link;
        while let Some((f, _)) = at {
            let frame = &self[f];
            if let Some(split) = &frame.split
                && let Some(refuted) = refutations.next(frame.kind, split.bound, f)
            {
                return Some((refuted, WindowBound::new(split.bound, frame.node)));
            }
            at = self.up(f);
        }
        None
    }

    /// The next link to look at above frame `f` on a walk up the tree:
    /// `f`'s own, or, below the split depth, that of the frame where the
    /// split depth is reached.
    pub(super) fn up(&self, f: FrameId) -> Link {
        self[self[f].upper].link
    }

    /// Whether a node hanging at `link` still matters: no frame above it
    /// is done (or freed, which a frame is only once it or a frame above
    /// it is done).
    pub(super) fn alive(&self, link: Link) -> bool {
        let mut at = link;
        while let Some((f, _)) = at {
            if !self.exists(f) || self[f].done || !self.exists(self[f].upper) {
                return false;
            }
            at = self.up(f);
        }
        true
    }

    /// Whether a node hanging at `link` lies below child `index` of `f`.
    pub(super) fn below(&self, link: Link, f: FrameId, index: usize) -> bool {
        let mut at = link;
        while let Some((g, i)) = at {
            if (g, i) == (f, index) {
                return true;
            }
            at = self.up(g);
        }
        false
    }

    /// The path from the root to frame `f`'s node, in search order.
    pub(super) fn path(&self, f: FrameId) -> Vec<u32> {
        let mut path = Vec::new();
        let mut at = self[f].link;
        while let Some((g, index)) = at {
            path.push(index as u32);
            at = self[g].link;
        }
        path.reverse();
        path
    }
}
