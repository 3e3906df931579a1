//! The answer key: the full drawing with a table of the answers beside it
//! or under it, for a teacher's sheet.

use super::Diagram;
use super::font::text_width;
use super::metrics::{Anchor, FONT_SIZE, LINE, MARGIN};
use super::scene::{INK, Mark, TextMark};
use super::state::Picture;
use crate::trace::Event;
use crate::tree::{GameTree, NodeId, ids};
use crate::value::{CutKind, StarMethod};

/// How many node ids or values one line of the table holds.
const PER_LINE: usize = 6;
/// The room between the drawing and the table.
const GAP: f64 = 18.0;
/// The shape of a slide, which a sheet's key keeps it near.
const SLIDE: f64 = 16.0 / 9.0;

/// The table of answers of a key sheet.
pub(super) struct KeyTable {
    /// Its lines, drawn over the diagram.
    pub marks: Vec<Mark>,
    /// The size of the sheet, diagram and table.
    pub size: (f64, f64),
}

impl Diagram<'_> {
    /// The table of answers for a drawing `(w, h)` points in size, on its
    /// right, or under it when asked or when that keeps the sheet nearer a
    /// slide's shape: its marks, and the size of the sheet.
    pub(super) fn key_marks(&self, picture: &Picture, (w, h): (f64, f64)) -> KeyTable {
        let lines = self.key_lines(picture);
        let line = FONT_SIZE * LINE;
        let widest = lines
            .iter()
            .map(|text| text_width(text.trim_start(), FONT_SIZE) + 2.0 * FONT_SIZE)
            .fold(0.0, f64::max);
        let table = (widest, lines.len() as f64 * line);
        let beside = (
            w - MARGIN + GAP + table.0 + MARGIN,
            h.max(2.0 * MARGIN + table.1),
        );
        let below = (
            w.max(2.0 * MARGIN + table.0),
            h - MARGIN + GAP + table.1 + MARGIN,
        );
        let off_slide = |(w, h): (f64, f64)| (w / h / SLIDE).ln().abs();
        let under = self.options.key_below || off_slide(below) < off_slide(beside);
        let (left, top) = match under {
            true => (MARGIN, h - MARGIN + GAP),
            false => (w - MARGIN + GAP, MARGIN),
        };
        let mut marks = Vec::with_capacity(lines.len());
        for (k, text) in lines.iter().enumerate() {
            // Continued lines are indented (SVG would collapse spaces).
            let indent = if text.starts_with(' ') {
                2.0 * FONT_SIZE
            } else {
                0.0
            };
            marks.push(Mark::Text(TextMark {
                x: left + indent,
                y: top + k as f64 * line + 0.5 * line + 0.36 * FONT_SIZE,
                size: FONT_SIZE,
                colour: INK,
                anchor: Anchor::Start,
                text: text.trim_start().to_string(),
                signs: true,
                class: "key",
            }));
        }
        KeyTable {
            marks,
            size: if under { below } else { beside },
        }
    }

    /// The table: the root's value and best move, every value the search
    /// found, the leaves evaluated, the nodes pruned, the cuts by kind.
    fn key_lines(&self, picture: &Picture) -> Vec<String> {
        let tree = self.tree;
        let (score, best) = self.answer;
        let mut lines = vec!["Answer key".to_string(), format!("value: {score}")];
        if let Some(best) = best {
            lines.push(format!("best move: {}", tree.id(best)));
        }
        let nodes: Vec<NodeId> = tree.nodes().collect();
        let values: Vec<String> = nodes
            .iter()
            .filter_map(|&n| picture.node(n).score.map(|s| (n, s)))
            .map(|(n, s)| format!("{} {} {}", tree.id(n), s.bound, s.value))
            .collect();
        wrapped(&mut lines, "values:", &values, ", ");
        let evaluated = ids_where(tree, &nodes, |n| picture.node(n).leaf.is_some());
        wrapped(&mut lines, "leaves evaluated:", &evaluated, " ");
        let pruned = ids_where(tree, &nodes, |n| picture.is_pruned(n));
        wrapped(&mut lines, "pruned:", &pruned, " ");
        for kind in [CutKind::Alpha, CutKind::Beta] {
            let cuts = self.cuts(|cut| cut.kind == kind && cut.chance.is_none());
            wrapped(&mut lines, &format!("{kind} cuts:"), &cuts, ", ");
        }
        // Chance nodes' cuts, only in a tree that has them.
        for method in [StarMethod::Star1, StarMethod::Star2] {
            let cuts = self.cuts(|cut| cut.chance.is_some_and(|c| c.method == method));
            if !cuts.is_empty() {
                wrapped(&mut lines, &format!("{method} cuts:"), &cuts, ", ");
            }
        }
        lines
    }

    /// The cuts that `keep` keeps: where, and what they skipped (`F: H`).
    fn cuts(&self, keep: impl Fn(&crate::trace::Cut<NodeId>) -> bool) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Cut(cut) if keep(cut) => {
                    let skipped = ids(self.tree, &cut.pruned);
                    let deep = if cut.deep { " (deep)" } else { "" };
                    Some(format!(
                        "{}{deep}: {}",
                        self.tree.id(cut.node),
                        skipped.join(" ")
                    ))
                }
                _ => None,
            })
            .collect()
    }
}

fn ids_where<T: GameTree<Node = NodeId>>(
    tree: &T,
    nodes: &[NodeId],
    keep: impl Fn(NodeId) -> bool,
) -> Vec<String> {
    nodes
        .iter()
        .filter(|&&n| keep(n))
        .map(|&n| tree.id(n))
        .collect()
}

/// `title` and `items`, `PER_LINE` to a line, the lines after the first
/// indented; `title none` when there are no items.
fn wrapped(lines: &mut Vec<String>, title: &str, items: &[String], separator: &str) {
    if items.is_empty() {
        lines.push(format!("{title} none"));
        return;
    }
    for (k, chunk) in items.chunks(PER_LINE).enumerate() {
        let head = if k == 0 { title } else { "   " };
        lines.push(format!("{head} {}", chunk.join(separator)));
    }
}
