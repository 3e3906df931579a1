//! The labels of a scene, each drawn in the place the geometry keeps for
//! it: probabilities and action labels always, a cut's label once the cut
//! is made, and the legend's rows for the labels kept there.

use std::collections::HashMap;

use super::Diagram;
use super::geometry::{Geometry, Outline};
use super::labels::{LabelAt, LabelOf};
use super::metrics::{Anchor, MARGIN, Rect, SMALL_SIZE, baseline, block_height, fitted_size};
use super::scene::{CUT, Canvas, INK, Mark, PRUNED, TextMark};
use super::state::{CutMark, Picture};

/// What one label says now: its lines and colour (no lines while there is
/// nothing to say).
struct Said {
    lines: Vec<String>,
    colour: &'static str,
}

impl Diagram<'_> {
    /// Every label `picture` shows, in its place.
    pub(super) fn label_marks(
        &self,
        canvas: &mut impl Canvas,
        picture: &Picture,
        geometry: &Geometry,
    ) {
        let cuts = cuts_by_parent(picture, geometry);
        for label in &geometry.labels {
            let said = self.said(picture, geometry, label.of, &cuts);
            if said.lines.is_empty() {
                continue;
            }
            canvas.mark(Mark::Group {
                class: label_class(label.of),
                number: self.preorder[geometry.items[label_item(label.of)].node as usize],
            });
            match label.at {
                LabelAt::Beside { rect, anchor } => boxed_lines(canvas, rect, anchor, &said),
                LabelAt::Legend { marker, number } => {
                    let head = match marker {
                        Some(rect) => {
                            let mark = Said {
                                lines: vec![number.to_string()],
                                colour: said.colour,
                            };
                            boxed_lines(canvas, rect, Anchor::Start, &mark);
                            number.to_string()
                        }
                        None => self.legend_name(geometry, label.of),
                    };
                    let text = format!("{head}: {}", said.lines.join(", "));
                    let (x, row) = geometry.legend.place(number);
                    canvas.mark(Mark::Text(TextMark {
                        x: MARGIN + x,
                        y: geometry.legend_top() + baseline(row, SMALL_SIZE),
                        size: fitted_size(&text, SMALL_SIZE, geometry.legend.width),
                        colour: said.colour,
                        anchor: Anchor::Start,
                        text,
                        signs: false,
                        class: "legend",
                    }));
                }
            }
            canvas.mark(Mark::NodeEnd);
        }
    }

    /// What label `of` says in `picture`.
    fn said(
        &self,
        picture: &Picture,
        geometry: &Geometry,
        of: LabelOf,
        cuts: &HashMap<usize, CutMark>,
    ) -> Said {
        let items = &geometry.items;
        let grey = |i: usize| match picture.is_pruned(items[i].node) {
            true => PRUNED,
            false => INK,
        };
        match of {
            LabelOf::Probability(i) => {
                let parent = items[i].parent.map_or(items[i].node, |p| items[p].node);
                Said {
                    lines: self
                        .probability_text(parent, items[i].node)
                        .into_iter()
                        .collect(),
                    colour: grey(i),
                }
            }
            LabelOf::Action(i) => Said {
                lines: self.label_text(items[i].node).into_iter().collect(),
                colour: grey(i),
            },
            LabelOf::Cut(p) => Said {
                lines: cuts
                    .get(&p)
                    .map(|&mark| self.cut_label(mark))
                    .unwrap_or_default(),
                colour: CUT,
            },
        }
    }
}

/// The lines of `said` in `rect`, one under the other, in the middle of
/// its height, standing as `anchor` says.
fn boxed_lines(canvas: &mut impl Canvas, rect: Rect, anchor: Anchor, said: &Said) {
    let x = anchor_x(rect, anchor);
    let top = rect.y + (rect.height - block_height(said.lines.len())).max(0.0) / 2.0;
    for (k, text) in said.lines.iter().enumerate() {
        canvas.mark(Mark::Text(TextMark {
            x,
            y: top + baseline(k, SMALL_SIZE),
            size: fitted_size(text, SMALL_SIZE, rect.width - 2.0),
            colour: said.colour,
            anchor,
            text: text.clone(),
            signs: false,
            class: "",
        }));
    }
}

/// The class of a label's group in SVG.
fn label_class(of: LabelOf) -> &'static str {
    match of {
        LabelOf::Probability(_) => "probability",
        LabelOf::Action(_) => "action",
        LabelOf::Cut(_) => "cut",
    }
}

/// The item a label belongs to: the node its edge leads to, or the node
/// cut.
fn label_item(of: LabelOf) -> usize {
    match of {
        LabelOf::Probability(i) | LabelOf::Action(i) | LabelOf::Cut(i) => i,
    }
}

/// The cut made at each item, by the mark on the edges it skipped.
fn cuts_by_parent(picture: &Picture, geometry: &Geometry) -> HashMap<usize, CutMark> {
    let mut cuts = HashMap::new();
    for item in &geometry.items {
        if item.outline == Outline::Note {
            continue;
        }
        if let (Some(p), Some(mark)) = (item.parent, picture.cut_above(item.node)) {
            cuts.insert(p, mark);
        }
    }
    cuts
}

/// The `x` of lines standing as `anchor` says in `rect`.
pub(super) fn anchor_x(rect: Rect, anchor: Anchor) -> f64 {
    match anchor {
        Anchor::Start => rect.x + 1.0,
        Anchor::Middle => rect.x + rect.width / 2.0,
        Anchor::End => rect.right() - 1.0,
    }
}
