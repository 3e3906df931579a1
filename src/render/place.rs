//! Where the labels of edges go: each probability, action label and cut
//! label beside its edge, clear of every edge, shape, line of text and
//! other label, or, when there is no room, in a legend under the drawing
//! with a numbered marker beside the edge.
//!
//! The places are found once, from the tree alone, like the rest of the
//! geometry: a cut label's place is kept for every node that can be cut
//! (beside the edge to its last child, since a cut skips the last
//! children), sized for the widest label a cut there can have. What stands
//! in the way is held by a grid of cells (`render/grid.rs`), so that
//! placing every label costs time in proportion to the drawing.

use super::Diagram;
use super::font::text_width;
use super::geometry::{EdgePath, Geometry, Outline};
use super::grid::{CLEARANCE, Corners, Obstacle, Obstacles};
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

/// Where along its edge (0 at the parent, 1 at the child) a label is
/// first tried, then the places after it.
const PROBABILITY_AT: [f64; 6] = [0.3, 0.45, 0.2, 0.6, 0.75, 0.9];
const ACTION_AT: [f64; 6] = [0.7, 0.55, 0.85, 0.4, 0.25, 0.1];
const CUT_AT: [f64; 9] = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.25, 0.35];

/// The outline of item `i` as an obstacle: a triangle's or a diamond's
/// corners; the bounding box of a square, a circle, a note.
fn outline_obstacle(geometry: &Geometry, i: usize) -> Obstacle {
    let bbox = geometry.shape_box(i);
    let x = geometry.x(i);
    match geometry.items[i].outline {
        Outline::Up => Obstacle::Outline(Corners::Up, x, bbox),
        Outline::Down => Obstacle::Outline(Corners::Down, x, bbox),
        Outline::Diamond => Obstacle::Outline(Corners::Diamond, x, bbox),
        Outline::Square | Outline::Circle | Outline::Note => Obstacle::Box(bbox),
    }
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

/// Every obstacle of the geometry: edges, shapes, lines of text. They
/// come kind by kind, each kind left to right along a level as the items
/// do, so that the grid finds its rows mostly in order already; the
/// straight part under a parent, the same for all its edges, comes once.
fn obstacles_of(geometry: &Geometry) -> Obstacles {
    let bounds = Rect {
        x: MARGIN / 2.0,
        y: MARGIN / 2.0,
        width: geometry.layout.width + MARGIN,
        height: geometry.layout.height + MARGIN,
    };
    let items = &geometry.items;
    let mut things = Vec::with_capacity(3 * items.len());
    things.extend((0..items.len()).map(|i| outline_obstacle(geometry, i)));
    things.extend(
        (0..items.len())
            .filter(|&i| !items[i].outside.is_empty())
            .map(|i| Obstacle::Box(geometry.outside_box(i))),
    );
    let mut below = vec![false; items.len()];
    for (i, item) in items.iter().enumerate() {
        if let (Some(p), Some(edge)) = (item.parent, geometry.edge(i))
            && !std::mem::replace(&mut below[p], true)
        {
            things.push(Obstacle::Segment(edge.from, edge.start()));
        }
    }
    things.extend(
        (0..items.len())
            .filter_map(|i| geometry.edge(i))
            .map(|edge| Obstacle::Segment(edge.start(), edge.to)),
    );
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
    use crate::render::grid::{segment_meets, touches};

    /// The obstacles kept, kind by kind and the straight part under a
    /// parent once, answer as every shape, text box and both parts of
    /// every edge, looked at one by one, would.
    #[test]
    fn the_obstacles_stand_for_every_edge_and_shape() {
        use crate::render::{Layers, RenderOptions};
        use crate::search::{Algorithm, Options, search};
        use crate::trace::Trace;

        let text = "max [min [3, max [5, 1, 8], 2], min [max [2, 9], 4], min [7, 6, 1, 0]]";
        let tree = crate::syntax::parse("t", text).unwrap();
        let mut trace = Trace::new();
        let result = search(&tree, Algorithm::AlphaBeta, Options::default(), &mut trace).unwrap();
        let options = RenderOptions {
            layers: Layers::ALL,
            ..RenderOptions::default()
        };
        let geometry = Diagram::new(&tree, &trace, &result, options).geometry();
        let mut every = Vec::new();
        for (i, item) in geometry.items.iter().enumerate() {
            every.push(outline_obstacle(&geometry, i));
            if !item.outside.is_empty() {
                every.push(Obstacle::Box(geometry.outside_box(i)));
            }
            if let Some(edge) = geometry.edge(i) {
                every.push(Obstacle::Segment(edge.from, edge.start()));
                every.push(Obstacle::Segment(edge.start(), edge.to));
            }
        }
        let bends = (0..geometry.items.len())
            .filter_map(|i| geometry.edge(i))
            .filter(|edge| edge.bend.is_some());
        assert!(bends.count() > 0, "some edges turn");
        let obstacles = obstacles_of(&geometry);
        let b = obstacles.bounds;
        let (mut free, mut taken) = (0, 0);
        for (width, height) in [(6.0, 4.0), (20.0, 9.0), (45.0, 20.0)] {
            for step_y in 0..(b.height / 2.0) as usize {
                for step_x in 0..(b.width / 2.0) as usize {
                    let (x, y) = (b.x + 2.0 * step_x as f64, b.y + 2.0 * step_y as f64);
                    let rect = Rect {
                        x,
                        y,
                        width,
                        height,
                    };
                    let wide = Rect {
                        x: x - CLEARANCE,
                        y: y - CLEARANCE,
                        width: width + 2.0 * CLEARANCE,
                        height: height + 2.0 * CLEARANCE,
                    };
                    let inside = rect.right() <= b.right() && rect.bottom() <= b.bottom();
                    let alone = inside && every.iter().all(|&thing| !touches(thing, wide));
                    assert_eq!(obstacles.is_free(rect), alone, "{rect:?}");
                    if alone { free += 1 } else { taken += 1 }
                }
            }
        }
        assert!(free > 100 && taken > 100, "{free} free, {taken} taken");
    }

    #[test]
    fn a_label_is_placed_clear_of_its_edge() {
        let mut obstacles = Obstacles::of(
            Rect {
                x: 0.0,
                y: 0.0,
                width: 200.0,
                height: 200.0,
            },
            Vec::new(),
        );
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
}
