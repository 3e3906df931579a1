//! The grid that finds what stands where a label might go: the
//! drawing's own edges, shapes and lines of text kept by rows of square
//! cells, each as the span of columns it covers in a row, so that a
//! candidate place is checked against what lies near it only, and a
//! long edge costs one span a row; labels placed one by one kept by
//! cell.

use std::collections::HashMap;

use super::metrics::Rect;

/// The room kept clear around a label.
pub(super) const CLEARANCE: f64 = 1.5;
/// The side of a cell of the grid.
pub(super) const CELL: f64 = 24.0;

/// A thing labels must not touch.
#[derive(Clone, Copy, Debug)]
pub(super) enum Obstacle {
    Segment((f64, f64), (f64, f64)),
    Box(Rect),
    /// A triangle or a diamond in its bounding box, its point (or its
    /// top and bottom corners) at `x`: its corners are found when asked
    /// for, so that an obstacle takes 48 bytes rather than 104.
    Outline(Corners, f64, Rect),
}

/// Which corners of its box a convex outline joins.
#[derive(Clone, Copy, Debug)]
pub(super) enum Corners {
    /// A triangle pointing up.
    Up,
    /// A triangle pointing down.
    Down,
    /// A diamond.
    Diamond,
}

/// The corners of an outline (a triangle repeats its last), at `x` in
/// the box `bbox`.
fn corners(kind: Corners, x: f64, bbox: Rect) -> [(f64, f64); 4] {
    let (left, right, top, bottom) = (bbox.x, bbox.right(), bbox.y, bbox.bottom());
    match kind {
        Corners::Up => [(x, top), (right, bottom), (left, bottom), (left, bottom)],
        Corners::Down => [(left, top), (right, top), (x, bottom), (x, bottom)],
        Corners::Diamond => {
            let middle = (top + bottom) / 2.0;
            [(x, top), (right, middle), (x, bottom), (left, middle)]
        }
    }
}

/// What stands in the way. The drawing's own edges, shapes and lines of
/// text are kept by row of cells, each as the span of columns it covers
/// in that row (a long edge near the root crosses thousands of cells, and
/// is kept as one span a row rather than in every cell of its bounding
/// box), sorted once; labels placed one by one are kept by cell.
pub(super) struct Obstacles {
    things: Vec<Obstacle>,
    /// Each thing's first and last column in a row, and its index.
    spans: Vec<(i32, i32, u32)>,
    /// The rows from `first_row` down, each a run of `spans`.
    rows: Vec<Row>,
    first_row: i32,
    cells: HashMap<(i32, i32), Vec<u32>>,
    /// Where labels may go.
    pub(super) bounds: Rect,
}

/// The things crossing one row of cells.
#[derive(Clone, Copy, Default)]
struct Row {
    /// Where its spans start in `spans`.
    start: u32,
    /// How many spans it has.
    count: u32,
    /// The most columns a span of the row covers, less one.
    widest: i32,
}

impl Obstacles {
    /// The obstacles `things`, kept by row: their spans counted by row,
    /// put in place, then each row sorted by first column alone (what
    /// `rows_clear` needs: the order of spans that start in one column
    /// does not change its answer). The sort is stable, so it takes runs
    /// already in order as they come (things of one kind, left to right,
    /// as the drawing gives them) at the cost of merging them.
    pub(super) fn of(bounds: Rect, things: Vec<Obstacle>) -> Obstacles {
        let (first_row, last_row) = things
            .iter()
            .map(|&thing| rows_of(thing))
            .reduce(|(low, high), (top, bottom)| (low.min(top), high.max(bottom)))
            .unwrap_or((0, -1));
        let height = (i64::from(last_row) - i64::from(first_row) + 1) as usize;
        let mut rows = vec![Row::default(); height];
        for &thing in &things {
            let (top, bottom) = rows_of(thing);
            for row in &mut rows[(top - first_row) as usize..=(bottom - first_row) as usize] {
                row.count += 1;
            }
        }
        let mut next = Vec::with_capacity(rows.len());
        let mut start = 0;
        for row in &mut rows {
            row.start = start;
            next.push(start as usize);
            start += row.count;
        }
        let mut spans = vec![(0, 0, 0); start as usize];
        for (index, &thing) in things.iter().enumerate() {
            for_spans(thing, |row, first, last| {
                let at = &mut next[(row - first_row) as usize];
                spans[*at] = (first, last, index as u32);
                *at += 1;
            });
        }
        for row in &mut rows {
            let own = &mut spans[row.start as usize..(row.start + row.count) as usize];
            own.sort_by_key(|span| span.0);
            row.widest = own.iter().map(|span| span.1 - span.0).max().unwrap_or(0);
        }
        Obstacles {
            things,
            spans,
            rows,
            first_row,
            cells: HashMap::new(),
            bounds,
        }
    }

    /// One more obstacle, kept by cell.
    pub(super) fn add(&mut self, thing: Obstacle) {
        let index = self.things.len() as u32;
        self.things.push(thing);
        let cells = &mut self.cells;
        for_spans(thing, |row, first, last| {
            for column in first..=last {
                cells.entry((column, row)).or_default().push(index);
            }
        });
    }

    /// Whether `rect`, with its clearance, lies within the bounds and
    /// touches nothing.
    pub(super) fn is_free(&self, rect: Rect) -> bool {
        self.is_free_within(rect, self.bounds)
    }

    /// Whether `rect`, with its clearance, lies within `b` and touches
    /// nothing.
    pub(super) fn is_free_within(&self, rect: Rect, b: Rect) -> bool {
        if rect.x < b.x || rect.y < b.y || rect.right() > b.right() || rect.bottom() > b.bottom() {
            return false;
        }
        let wide = Rect {
            x: rect.x - CLEARANCE,
            y: rect.y - CLEARANCE,
            width: rect.width + 2.0 * CLEARANCE,
            height: rect.height + 2.0 * CLEARANCE,
        };
        let clear = |k: u32| !touches(self.things[k as usize], wide);
        let by_cell = cells(wide).all(|cell| {
            self.cells
                .get(&cell)
                .is_none_or(|near| near.iter().all(|&k| clear(k)))
        });
        by_cell && self.rows_clear(wide, clear)
    }

    /// Whether every thing kept by row that crosses the cells of `area`
    /// is `clear`.
    fn rows_clear(&self, area: Rect, clear: impl Fn(u32) -> bool) -> bool {
        let (x0, x1) = (cell_of(area.x), cell_of(area.right()));
        (cell_of(area.y)..=cell_of(area.bottom())).all(|row| {
            let Some(row) = usize::try_from(row - self.first_row)
                .ok()
                .and_then(|k| self.rows.get(k))
            else {
                return true;
            };
            let spans = &self.spans[row.start as usize..(row.start + row.count) as usize];
            let from = spans.partition_point(|span| span.0 < x0 - row.widest);
            spans[from..]
                .iter()
                .take_while(|span| span.0 <= x1)
                .filter(|span| span.1 >= x0)
                .all(|span| clear(span.2))
        })
    }
}

/// The cell of the grid holding coordinate `v`.
fn cell_of(v: f64) -> i32 {
    // `floor`, a library call on the baseline x86-64, by hand.
    let q = v / CELL;
    let t = q as i32;
    if f64::from(t) > q {
        t.saturating_sub(1)
    } else {
        t
    }
}

/// The cells `area` covers.
fn cells(area: Rect) -> impl Iterator<Item = (i32, i32)> {
    let (x0, x1) = (cell_of(area.x), cell_of(area.right()));
    let (y0, y1) = (cell_of(area.y), cell_of(area.bottom()));
    (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| (x, y)))
}

/// The first and last row of cells `thing` covers: those [`for_spans`]
/// gives.
fn rows_of(thing: Obstacle) -> (i32, i32) {
    match thing {
        Obstacle::Segment(a, b) => (cell_of(a.1.min(b.1)), cell_of(a.1.max(b.1))),
        Obstacle::Box(area) | Obstacle::Outline(_, _, area) => {
            (cell_of(area.y), cell_of(area.bottom()))
        }
    }
}

/// Calls `span` with each row of cells `thing` covers, and the first
/// and last column it covers there.
fn for_spans(thing: Obstacle, mut span: impl FnMut(i32, i32, i32)) {
    match thing {
        Obstacle::Segment(a, b) => {
            for (row, first, last) in segment_spans(a, b) {
                span(row, first, last);
            }
        }
        Obstacle::Box(area) | Obstacle::Outline(_, _, area) => {
            let (first, last) = (cell_of(area.x), cell_of(area.right()));
            for row in cell_of(area.y)..=cell_of(area.bottom()) {
                span(row, first, last);
            }
        }
    }
}

/// For each row of cells the segment from `a` to `b` crosses, the row and
/// the first and last column it crosses there (a little wider than exact,
/// so that rounding never leaves out a cell it touches).
fn segment_spans(a: (f64, f64), b: (f64, f64)) -> impl Iterator<Item = (i32, i32, i32)> {
    // What rounding can move a crossing by: a little, and more on a
    // segment nearly level (the span is then its whole width, at most).
    let slack = 1e-6 * CELL + ((b.0 - a.0) / (b.1 - a.1)).abs() * 1e-9;
    let (top, bottom) = (a.1.min(b.1), a.1.max(b.1));
    let (left, right) = (a.0.min(b.0), a.0.max(b.0));
    (cell_of(top)..=cell_of(bottom)).map(move |row| {
        let (band_top, band_bottom) = (row as f64 * CELL, (row + 1) as f64 * CELL);
        let (x0, x1) = if b.1 == a.1 {
            (left, right)
        } else {
            let x_at = |y: f64| {
                let t = ((y - a.1) / (b.1 - a.1)).clamp(0.0, 1.0);
                a.0 + (b.0 - a.0) * t
            };
            let (p, q) = (x_at(band_top.max(top)), x_at(band_bottom.min(bottom)));
            (p.min(q), p.max(q))
        };
        let first = cell_of((x0 - slack).max(left));
        let last = cell_of((x1 + slack).min(right));
        (row, first, last)
    })
}

/// Whether `thing` meets `rect`.
pub(super) fn touches(thing: Obstacle, rect: Rect) -> bool {
    match thing {
        Obstacle::Box(other) => {
            other.x < rect.right()
                && rect.x < other.right()
                && other.y < rect.bottom()
                && rect.y < other.bottom()
        }
        Obstacle::Segment(a, b) => segment_meets(a, b, rect),
        Obstacle::Outline(kind, x, bbox) => {
            let corners = corners(kind, x, bbox);
            let centre = (rect.x + rect.width / 2.0, rect.y + rect.height / 2.0);
            (0..4).any(|k| segment_meets(corners[k], corners[(k + 1) % 4], rect))
                || encloses(&corners, centre)
        }
    }
}

/// Whether the convex outline `corners` (clockwise or not) holds `point`:
/// it is on one side of every side that is not nearly through it.
fn encloses(corners: &[(f64, f64); 4], point: (f64, f64)) -> bool {
    let side = |a: (f64, f64), b: (f64, f64)| {
        (b.0 - a.0) * (point.1 - a.1) - (b.1 - a.1) * (point.0 - a.0)
    };
    let (mut left, mut right) = (false, false);
    for k in 0..4 {
        let s = side(corners[k], corners[(k + 1) % 4]);
        left |= s > 1e-9;
        right |= s < -1e-9;
    }
    !(left && right)
}

/// Whether the segment from `a` to `b` meets `rect` (Liang and Barsky's
/// clipping: the part of the segment inside each side's half plane).
pub(super) fn segment_meets(a: (f64, f64), b: (f64, f64), rect: Rect) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let mut low = 0.0f64;
    let mut high = 1.0f64;
    let sides = [
        (-dx, a.0 - rect.x),
        (dx, rect.right() - a.0),
        (-dy, a.1 - rect.y),
        (dy, rect.bottom() - a.1),
    ];
    for (p, q) in sides {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                low = low.max(t);
            } else {
                high = high.min(t);
            }
            if low > high {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rect(x: f64, y: f64, width: f64, height: f64) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// Hundreds of thousands of obstacles are kept for a large tree.
    #[test]
    fn an_obstacle_is_small() {
        assert!(size_of::<Obstacle>() <= 48, "{}", size_of::<Obstacle>());
    }

    #[test]
    fn cells_are_found_as_floor_finds_them() {
        for v in [
            0.0,
            -0.0,
            23.999,
            24.0,
            -24.0,
            -24.5,
            -0.001,
            1e12,
            -1e12,
            f64::NAN,
        ] {
            assert_eq!(cell_of(v), (v / CELL).floor() as i32, "{v}");
        }
    }

    #[test]
    fn a_segment_meets_a_box_it_crosses_and_misses_one_beside_it() {
        let r = rect(10.0, 10.0, 10.0, 10.0);
        assert!(segment_meets((0.0, 0.0), (30.0, 30.0), r));
        assert!(segment_meets((15.0, 0.0), (15.0, 12.0), r));
        assert!(!segment_meets((0.0, 0.0), (30.0, 5.0), r));
        assert!(!segment_meets((0.0, 30.0), (9.0, 0.0), r));
        assert!(segment_meets((12.0, 12.0), (13.0, 13.0), r), "inside");
    }

    /// A segment, a box or a triangle somewhere in a 2,000 by 200 drawing;
    /// segments from nearly level and thousands of points long to single
    /// points, and ends on the lines of the grid.
    fn obstacle() -> impl Strategy<Value = Obstacle> {
        let coordinate = prop_oneof![0.0f64..2000.0, (0i32..84).prop_map(|k| k as f64 * CELL)];
        let point = (coordinate.clone(), 0.0f64..200.0);
        prop_oneof![
            (point.clone(), point.clone()).prop_map(|(a, b)| Obstacle::Segment(a, b)),
            (point.clone(), -1e-3f64..1e-3, coordinate)
                .prop_map(|(a, dy, x)| Obstacle::Segment(a, (x, a.1 + dy))),
            (point.clone(), 0.0f64..60.0, 0.0f64..40.0)
                .prop_map(|((x, y), w, h)| Obstacle::Box(rect(x, y, w, h))),
            (point, 1.0f64..60.0).prop_map(|((x, y), w)| {
                Obstacle::Outline(Corners::Up, x, rect(x - w / 2.0, y, w, w))
            }),
        ]
    }

    proptest! {
        /// The rows and cells answer as looking at every obstacle would.
        #[test]
        fn the_grid_finds_every_obstacle_a_box_touches(
            things in proptest::collection::vec(obstacle(), 1..40),
            boxes in proptest::collection::vec(
                (-10.0f64..2010.0, -10.0f64..210.0, 0.0f64..80.0, 0.0f64..30.0), 1..40),
        ) {
            let bounds = rect(-100.0, -100.0, 2300.0, 500.0);
            // The first half kept by row, the rest by cell.
            let half = things.len() / 2;
            let mut obstacles = Obstacles::of(bounds, things[..half].to_vec());
            for &thing in &things[half..] {
                obstacles.add(thing);
            }
            for (x, y, width, height) in boxes {
                let candidate = rect(x, y, width, height);
                let wide = rect(
                    x - CLEARANCE,
                    y - CLEARANCE,
                    width + 2.0 * CLEARANCE,
                    height + 2.0 * CLEARANCE,
                );
                let alone = things.iter().all(|&thing| !touches(thing, wide));
                prop_assert_eq!(obstacles.is_free(candidate), alone);
            }
        }
    }
}
