//! Where the labels of edges go: each probability, action label and cut
//! label beside its edge, clear of every edge, shape, line of text and
//! other label, or, when there is no room, in a legend under the drawing
//! with a numbered marker beside the edge.
//!
//! The places are found once, from the tree alone, like the rest of the
//! geometry: a cut label's place is kept for every node that can be cut
//! (beside the edge to its last child, since a cut skips the last
//! children), sized for the widest label a cut there can have. What stands
//! in the way is held by rows of square cells, each thing as the span of
//! columns it covers in a row, so each candidate place is checked against
//! what lies near it only, and a long edge costs one span a row: placing
//! every label costs time in proportion to the drawing.

use std::collections::HashMap;

use super::Diagram;
use super::font::text_width;
use super::geometry::{EdgePath, Geometry, Outline};
use super::labels::{COLUMN_GAP, Label, LabelAt, LabelOf, Legend};
use super::metrics::{Anchor, LINE, MARGIN, Rect, SMALL_SIZE};
use super::reserve::Reserve;
use crate::tree::GameTree;

/// A label to place: what it says, its edge, the widths of its lines, and
/// where along the edge it is first tried.
struct Wanted {
    of: LabelOf,
    edge: EdgePath,
    widths: Vec<f64>,
    along: &'static [f64],
}

/// The room kept clear around a label.
const CLEARANCE: f64 = 1.5;
/// The side of a cell of the grid.
const CELL: f64 = 24.0;

/// Where along its edge (0 at the parent, 1 at the child) a label is
/// first tried, then the places after it.
const PROBABILITY_AT: [f64; 6] = [0.3, 0.45, 0.2, 0.6, 0.75, 0.9];
const ACTION_AT: [f64; 6] = [0.7, 0.55, 0.85, 0.4, 0.25, 0.1];
const CUT_AT: [f64; 9] = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.25, 0.35];

/// A thing labels must not touch.
#[derive(Clone, Copy, Debug)]
enum Obstacle {
    Segment((f64, f64), (f64, f64)),
    Box(Rect),
    /// A convex outline of three or four corners (a triangle repeats its
    /// last), with its bounding box.
    Outline([(f64, f64); 4], Rect),
}

/// What stands in the way. The drawing's own edges, shapes and lines of
/// text are kept by row of cells, each as the span of columns it covers
/// in that row (a long edge near the root crosses thousands of cells, and
/// is kept as one span a row rather than in every cell of its bounding
/// box), sorted once; labels placed one by one are kept by cell.
struct Obstacles {
    things: Vec<Obstacle>,
    /// Each thing's first and last column in a row, and its index.
    spans: Vec<(i32, i32, u32)>,
    /// The rows from `first_row` down, each a run of `spans`.
    rows: Vec<Row>,
    first_row: i32,
    cells: HashMap<(i32, i32), Vec<u32>>,
    /// Where labels may go.
    bounds: Rect,
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
    /// The obstacles `things`, kept by row.
    fn of(bounds: Rect, things: Vec<Obstacle>) -> Obstacles {
        let mut all = Vec::with_capacity(2 * things.len());
        for (index, &thing) in things.iter().enumerate() {
            for_spans(thing, |row, first, last| {
                all.push((row, first, last, index as u32))
            });
        }
        // By row, then by first column.
        all.sort_unstable();
        let first_row = all.first().map_or(0, |span| span.0);
        let last_row = all.last().map_or(-1, |span| span.0);
        let mut rows = vec![Row::default(); (last_row - first_row + 1) as usize];
        for (at, &(row, first, last, _)) in all.iter().enumerate() {
            let row = &mut rows[(row - first_row) as usize];
            if row.count == 0 {
                row.start = at as u32;
            }
            row.count += 1;
            row.widest = row.widest.max(last - first);
        }
        let spans = all
            .iter()
            .map(|&(_, first, last, k)| (first, last, k))
            .collect();
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
    fn add(&mut self, thing: Obstacle) {
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
    fn is_free(&self, rect: Rect) -> bool {
        self.is_free_within(rect, self.bounds)
    }

    /// Whether `rect`, with its clearance, lies within `b` and touches
    /// nothing.
    fn is_free_within(&self, rect: Rect, b: Rect) -> bool {
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

/// Calls `span` with each row of cells `thing` covers, and the first
/// and last column it covers there.
fn for_spans(thing: Obstacle, mut span: impl FnMut(i32, i32, i32)) {
    match thing {
        Obstacle::Segment(a, b) => {
            for (row, first, last) in segment_spans(a, b) {
                span(row, first, last);
            }
        }
        Obstacle::Box(area) | Obstacle::Outline(_, area) => {
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
fn touches(thing: Obstacle, rect: Rect) -> bool {
    match thing {
        Obstacle::Box(other) => {
            other.x < rect.right()
                && rect.x < other.right()
                && other.y < rect.bottom()
                && rect.y < other.bottom()
        }
        Obstacle::Segment(a, b) => segment_meets(a, b, rect),
        Obstacle::Outline(corners, _) => {
            let centre = (rect.x + rect.width / 2.0, rect.y + rect.height / 2.0);
            (0..4).any(|k| segment_meets(corners[k], corners[(k + 1) % 4], rect))
                || encloses(&corners, centre)
        }
    }
}

/// Whether the convex outline `corners` (clockwise or not) holds `point`.
fn encloses(corners: &[(f64, f64); 4], point: (f64, f64)) -> bool {
    let side = |a: (f64, f64), b: (f64, f64)| {
        (b.0 - a.0) * (point.1 - a.1) - (b.1 - a.1) * (point.0 - a.0)
    };
    let sides: Vec<f64> = (0..4)
        .map(|k| side(corners[k], corners[(k + 1) % 4]))
        .filter(|s| s.abs() > 1e-9)
        .collect();
    sides.iter().all(|&s| s > 0.0) || sides.iter().all(|&s| s < 0.0)
}

/// The outline of item `i` as an obstacle: a triangle's or a diamond's
/// corners; the bounding box of a square, a circle, a note.
fn outline_obstacle(geometry: &Geometry, i: usize) -> Obstacle {
    let bbox = geometry.shape_box(i);
    let (left, right, top, bottom) = (bbox.x, bbox.right(), bbox.y, bbox.bottom());
    let x = geometry.x(i);
    let middle = (top + bottom) / 2.0;
    match geometry.items[i].outline {
        Outline::Up => Obstacle::Outline(
            [(x, top), (right, bottom), (left, bottom), (left, bottom)],
            bbox,
        ),
        Outline::Down => {
            Obstacle::Outline([(left, top), (right, top), (x, bottom), (x, bottom)], bbox)
        }
        Outline::Diamond => Obstacle::Outline(
            [(x, top), (right, middle), (x, bottom), (left, middle)],
            bbox,
        ),
        Outline::Square | Outline::Circle | Outline::Note => Obstacle::Box(bbox),
    }
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

/// The boxes a label of this size may take near `q`, on `side` of its
/// edge (1 right, -1 left), nearest first.
fn candidates(q: (f64, f64), side: f64, width: f64, height: f64) -> impl Iterator<Item = Rect> {
    let left_of = move |gap: f64| match side > 0.0 {
        true => q.0 + gap,
        false => q.0 - gap - width,
    };
    let centred = [2.0, 5.0, 9.0, 14.0, 20.0].map(move |gap| Rect {
        x: left_of(gap),
        y: q.1 - height / 2.0,
        width,
        height,
    });
    let above = Rect {
        x: left_of(2.0),
        y: q.1 - 2.0 - height,
        width,
        height,
    };
    let below = Rect {
        y: q.1 + 2.0,
        ..above
    };
    centred.into_iter().chain([above, below])
}

/// A free box of this size beside `edge`, tried at each of `along`, on
/// the outside first (the side the edge heads to; the right of an edge
/// going straight down), and whether it is right of the edge.
fn beside(
    obstacles: &Obstacles,
    edge: EdgePath,
    size: (f64, f64),
    along: &[f64],
) -> Option<(Rect, bool)> {
    let (x1, y1) = edge.start();
    let (x2, y2) = edge.to;
    let out = if x2 >= x1 - 0.01 { 1.0 } else { -1.0 };
    for &t in along {
        let q = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
        for side in [out, -out] {
            if let Some(rect) = candidates(q, side, size.0, size.1).find(|r| obstacles.is_free(*r))
            {
                return Some((rect, side > 0.0));
            }
        }
    }
    None
}

/// For a cut's label with no room beside its edge: a free box under the
/// children of the node it cuts, in the middle, below their level (the
/// drawing grows to hold it when that is below the last level).
fn under_children(
    obstacles: &Obstacles,
    geometry: &Geometry,
    of: LabelOf,
    (width, height): (f64, f64),
) -> Option<(Rect, Anchor)> {
    let LabelOf::Cut(p) = of else { return None };
    let child = geometry
        .items
        .iter()
        .rposition(|item| item.parent == Some(p))?;
    let rect = Rect {
        x: geometry.x(p) - width / 2.0,
        y: geometry.level_bottom(child) + 2.0 * CLEARANCE,
        width,
        height,
    };
    let deeper = Rect {
        height: f64::INFINITY,
        ..obstacles.bounds
    };
    obstacles
        .is_free_within(rect, deeper)
        .then_some((rect, Anchor::Middle))
}

/// The box of a label whose lines are these widths.
fn label_size(widths: &[f64]) -> (f64, f64) {
    let widest = widths.iter().copied().fold(0.0, f64::max);
    (widest + 2.0, widths.len() as f64 * SMALL_SIZE * LINE)
}

/// Every obstacle of the geometry: edges, shapes, lines of text.
fn obstacles_of(geometry: &Geometry) -> Obstacles {
    let bounds = Rect {
        x: MARGIN / 2.0,
        y: MARGIN / 2.0,
        width: geometry.layout.width + MARGIN,
        height: geometry.layout.height + MARGIN,
    };
    let mut things = Vec::with_capacity(3 * geometry.items.len());
    for (i, item) in geometry.items.iter().enumerate() {
        things.push(outline_obstacle(geometry, i));
        if !item.outside.is_empty() {
            things.push(Obstacle::Box(geometry.outside_box(i)));
        }
        if let Some(edge) = geometry.edge(i) {
            things.push(Obstacle::Segment(edge.from, edge.start()));
            things.push(Obstacle::Segment(edge.start(), edge.to));
        }
    }
    Obstacles::of(bounds, things)
}

impl Diagram<'_> {
    /// Places every label the diagram can show: probabilities and action
    /// labels first (always shown), then the cut labels.
    pub(super) fn place_labels(&self, geometry: &mut Geometry, reserve: &Reserve) {
        let mut obstacles = obstacles_of(geometry);
        let wanted = self.wanted_labels(geometry, reserve);
        let mut legend = Legend::default();
        for Wanted {
            of,
            edge,
            widths,
            along,
        } in wanted
        {
            let size = label_size(&widths);
            let placed = beside(&obstacles, edge, size, along)
                .map(|(rect, left)| (rect, if left { Anchor::Start } else { Anchor::End }))
                .or_else(|| under_children(&obstacles, geometry, of, size));
            let at = match placed {
                Some((rect, anchor)) => {
                    let over = rect.bottom() + CLEARANCE - (geometry.layout.height + MARGIN);
                    geometry.under = geometry.under.max(over);
                    LabelAt::Beside { rect, anchor }
                }
                None => {
                    let number = legend.entries + 1;
                    let mark = label_size(&[text_width(&number.to_string(), SMALL_SIZE)]);
                    let marker = beside(&obstacles, edge, mark, &CUT_AT).map(|(rect, _)| rect);
                    let row =
                        self.legend_row_width(geometry, of, number, marker.is_some(), &widths);
                    legend.width = legend.width.max(row);
                    legend.entries += 1;
                    LabelAt::Legend { marker, number }
                }
            };
            if let LabelAt::Beside { rect, .. }
            | LabelAt::Legend {
                marker: Some(rect), ..
            } = at
            {
                obstacles.add(Obstacle::Box(rect));
            }
            geometry.labels.push(Label { of, at });
        }
        let room = geometry.layout.width + COLUMN_GAP;
        legend.columns =
            ((room / (legend.width + COLUMN_GAP)).floor() as usize).clamp(1, legend.entries.max(1));
        geometry.legend = legend;
    }

    /// Every label to place.
    fn wanted_labels(&self, geometry: &Geometry, reserve: &Reserve) -> Vec<Wanted> {
        let items = &geometry.items;
        let mut wanted = Vec::new();
        let mut last_child = vec![None; items.len()];
        let mut children = vec![0usize; items.len()];
        for (i, item) in items.iter().enumerate() {
            let (Some(p), Some(edge)) = (item.parent, geometry.edge(i)) else {
                continue;
            };
            if item.outline == Outline::Note {
                continue;
            }
            last_child[p] = Some(i);
            children[p] += 1;
            if let Some(text) = self.probability_text(items[p].node, item.node) {
                let widths = vec![text_width(&text, SMALL_SIZE)];
                wanted.push(Wanted {
                    of: LabelOf::Probability(i),
                    edge,
                    widths,
                    along: &PROBABILITY_AT,
                });
            }
            if let Some(text) = self.label_text(item.node) {
                let widths = vec![text_width(&text, SMALL_SIZE)];
                wanted.push(Wanted {
                    of: LabelOf::Action(i),
                    edge,
                    widths,
                    along: &ACTION_AT,
                });
            }
        }
        let sources = self.source_widths(geometry);
        for (p, item) in items.iter().enumerate() {
            let Some(last) = last_child[p].filter(|_| children[p] >= 2) else {
                continue;
            };
            let Some(edge) = geometry.edge(last) else {
                continue;
            };
            let kind = self.tree.kind(item.node);
            let widths = reserve.cut_label(kind, item.level, sources[p]);
            wanted.push(Wanted {
                of: LabelOf::Cut(p),
                edge,
                widths,
                along: &CUT_AT,
            });
        }
        wanted
    }

    /// For each item, the width of the widest id among its ancestors two
    /// levels up or more: the nodes a deep cut's bound can come from.
    fn source_widths(&self, geometry: &Geometry) -> Vec<f64> {
        let items = &geometry.items;
        let mut widest = vec![0.0f64; items.len()];
        for (i, item) in items.iter().enumerate() {
            let Some(p) = item.parent else { continue };
            let Some(grand) = items[p].parent else {
                continue;
            };
            let id = text_width(&self.id_of(items[grand].node), SMALL_SIZE);
            widest[i] = widest[p].max(id);
        }
        widest
    }

    /// The widest row of the legend a label can take: its number or the
    /// edge it belongs to, then its lines on one line.
    fn legend_row_width(
        &self,
        geometry: &Geometry,
        of: LabelOf,
        number: usize,
        marked: bool,
        widths: &[f64],
    ) -> f64 {
        let head = match marked {
            true => format!("{number}: "),
            false => format!("{}: ", self.legend_name(geometry, of)),
        };
        let separators = widths.len().saturating_sub(1) as f64 * text_width(", ", SMALL_SIZE);
        text_width(&head, SMALL_SIZE) + widths.iter().sum::<f64>() + separators
    }

    /// How the legend names a label's edge when it has no marker: `P → T`
    /// for an edge's label, `cut at P` for a cut's.
    pub(super) fn legend_name(&self, geometry: &Geometry, of: LabelOf) -> String {
        let items = &geometry.items;
        match of {
            LabelOf::Probability(i) | LabelOf::Action(i) => {
                let parent = items[i].parent.map_or(0, |p| p);
                format!(
                    "{} → {}",
                    self.id_of(items[parent].node),
                    self.id_of(items[i].node)
                )
            }
            LabelOf::Cut(p) => format!("cut at {}", self.id_of(items[p].node)),
        }
    }
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

    #[test]
    fn a_label_is_placed_clear_of_its_edge() {
        let mut obstacles = Obstacles::of(rect(0.0, 0.0, 200.0, 200.0), Vec::new());
        let edge = EdgePath {
            from: (100.0, 20.0),
            bend: None,
            to: (40.0, 80.0),
        };
        obstacles.add(Obstacle::Segment(edge.from, edge.to));
        let (placed, right) = beside(&obstacles, edge, (30.0, 10.0), &CUT_AT).unwrap();
        assert!(!right);
        assert!(!segment_meets(edge.from, edge.to, placed));
        assert!(
            placed.right() <= 70.0 + 1.0,
            "outside: left of the edge's middle"
        );
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
                let bbox = rect(x - w / 2.0, y, w, w);
                let corners = [(x, y), (x + w / 2.0, y + w), (x - w / 2.0, y + w)];
                Obstacle::Outline([corners[0], corners[1], corners[2], corners[2]], bbox)
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
