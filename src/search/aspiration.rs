//! Aspiration windows: the root searched first with a window narrower than
//! the full one, as programs do around an expected value, and again when
//! that search fails low or high.
//!
//! Fail-soft, a search that fails low returns an upper bound `v <= alpha`
//! and one that fails high a lower bound `v >= beta`. What the searches
//! have shown so far is an interval `[lo, hi]` holding the root's value;
//! the next search takes that interval as its window (`[-inf, v]` after a
//! first fail low, `[v, +inf]` after a first fail high), and its result
//! narrows the interval again, until a search returns an exact value or
//! the two ends meet (a search with the window `[-inf, v]` that cuts at
//! the root shows the value at least `v`: it is `v`). Fail-hard, `v` is
//! the window's end itself, and the next window is the textbook's
//! `[-inf, alpha]` or `[beta, +inf]`.

use super::SearchError;
use super::context::Context;
use super::window::WindowBound;
use crate::trace::{Recorder, Window};
use crate::tree::GameTree;
use crate::value::{Bound, Scored, Value};

/// How many searches with a narrowed window run before the last one,
/// with the full window, which is always exact.
const NARROWED_SEARCHES: usize = 3;

/// Searches `root` with the window `window` (MAX's terms) by `search`,
/// which searches the root with a window in MAX's terms and returns its
/// score in MAX's terms; searches again, reporting each re-search, until
/// the value is exact.
pub(super) fn aspirate<'a, T, R, F>(
    cx: &mut Context<'a, T, R>,
    root: T::Node,
    window: Window,
    mut search: F,
) -> Result<Scored, SearchError>
where
    T: GameTree,
    R: Recorder<T::Node>,
    F: FnMut(
        &mut Context<'a, T, R>,
        (WindowBound<T::Node>, WindowBound<T::Node>),
    ) -> Result<Scored, SearchError>,
{
    let (mut lo, mut hi) = (Value::NEG_INF, Value::POS_INF);
    let mut window = window;
    for searches in 1.. {
        let score = search(cx, bounds(window))?;
        if score.bound == Bound::Exact || window == Window::FULL {
            return Ok(score);
        }
        if score.bound.is_lower() {
            lo = lo.max(score.value);
        }
        if score.bound.is_upper() {
            hi = hi.min(score.value);
        }
        if lo == hi {
            return Ok(Scored::exact(lo));
        }
        let next = match searches < NARROWED_SEARCHES {
            true => Window {
                alpha: lo,
                beta: hi,
            },
            false => Window::FULL,
        };
        // A search that narrowed nothing would run again as it ran.
        window = if next == window { Window::FULL } else { next };
        cx.research(root, window, score);
    }
    unreachable!("the search with the full window is exact")
}

/// The window's two bounds, set by no node: the root's initial window.
fn bounds<N>(window: Window) -> (WindowBound<N>, WindowBound<N>) {
    (
        WindowBound::initial(window.alpha),
        WindowBound::initial(window.beta),
    )
}
