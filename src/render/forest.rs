//! The full diagram as a `forest` bracket tree, for a teacher to edit:
//! `[A, gt max [B, gt min [C, gt max [2, gt min] [1, gt min]] ...]]`, each
//! node's name and value as its content, and what the search found
//! (cuts, pruned subtrees, the principal variation, the layers) as
//! `forest` styles defined once, at the top, where they can be restyled.
//!
//! It says what the native drawing says (the same full picture, text,
//! label lines and notes); `forest` lays it out.

use std::fmt::Write;

use super::Diagram;
use super::font::text_width;
use super::geometry::{Geometry, Item, Outline, Slot, note_text};
use super::metrics::pretty;
use super::scene::{CUT, PRUNED};
use super::state::Picture;
use super::style::Style;
use super::svg::num;
use super::tex::{CHARACTER_MACRO, tex_text};
use crate::tree::GameTree;
use crate::value::Kind;

/// The size label lines are measured at, in points.
const LAYER_SIZE: f64 = 8.0;

/// How deep the bracket tree is indented, at most (a deeper tree stays
/// proportional to its size).
const MOST_INDENT: usize = 16;

/// The styles of the players' shapes, in each drawing style.
fn player_styles(style: Style) -> &'static str {
    match style {
        Style::Triangles => {
            "  gt max/.style={draw,isosceles triangle,isosceles triangle apex angle=60,\n    \
             shape border rotate=90,minimum height=2.2em,inner sep=1pt},\n  \
             gt min/.style={draw,isosceles triangle,isosceles triangle apex angle=60,\n    \
             shape border rotate=-90,minimum height=2.2em,inner sep=1pt},\n  \
             gt chance/.style={draw,circle,minimum size=2em},\n"
        }
        Style::Squares => {
            "  gt max/.style={draw,rectangle,minimum size=2em},\n  \
             gt min/.style={draw,circle,minimum size=2em},\n  \
             gt chance/.style={draw,diamond,aspect=1,minimum size=2.4em},\n"
        }
    }
}

/// The styles every tree uses, to restyle at will.
const STYLES: &str = "  gt tree/.style={for tree={font=\\sffamily,align=center,\n    \
     parent anchor=south,child anchor=north,l sep=20pt,s sep=10pt}},\n  \
     gt pv/.style={line width=1.6pt,edge+={line width=1.6pt}},\n  \
     gt cut/.style={edge+={gametreecut,dashed}},\n  \
     gt cut label/.style={edge label+={node[pos=0.6,fill=white,inner sep=1pt,\n    \
     font=\\sffamily\\scriptsize,text=gametreecut,align=center]{#1}}},\n  \
     gt pruned/.style={color=gametreepruned,edge+={gametreepruned}},\n  \
     gt horizon/.style={double},\n  \
     gt layers/.style={label={[font=\\sffamily\\scriptsize,align=left,inner sep=1pt]right:{#1}}},\n  \
     gt probability/.style={edge label+={node[near start,fill=white,inner sep=1pt,\n    \
     font=\\sffamily\\scriptsize]{#1}}},\n  \
     gt move/.style={edge label+={node[near end,fill=white,inner sep=1pt,\n    \
     font=\\sffamily\\scriptsize]{#1}}},\n  \
     gt note/.style={font=\\sffamily\\scriptsize,edge+={dotted}},\n  \
     gt layer room/.style={for tree={s sep=#1}},\n";

impl Diagram<'_> {
    /// The full diagram (or the blank sheet) as a `forest` tree to
    /// `\input` into a document that loads `forest` and the TikZ library
    /// `shapes.geometric`, with its styles first; with `standalone`, a
    /// whole document whose page is the tree's size.
    pub fn to_forest(&self, standalone: bool) -> String {
        let picture = self.full_picture();
        let geometry = self.geometry();
        let tree = self.bracket_tree(&picture, &geometry);
        let room = self.layer_room(&picture, &geometry);
        let mut preamble = String::new();
        if tree.contains("\\gametreechar") {
            preamble.push_str(CHARACTER_MACRO);
            preamble.push_str("%\n");
        }
        for (colour, hex) in [("gametreecut", CUT), ("gametreepruned", PRUNED)] {
            let hex = hex[1..].to_ascii_uppercase();
            let _ = writeln!(preamble, "\\definecolor{{{colour}}}{{HTML}}{{{hex}}}");
        }
        preamble.push_str("\\forestset{\n");
        preamble.push_str(player_styles(self.options.style));
        preamble.push_str(STYLES);
        preamble.push_str("}\n");
        let options = match room {
            Some(room) => format!("gt tree, gt layer room={}pt", num(room)),
            None => "gt tree".to_string(),
        };
        let body = format!("\\begin{{forest}} {options}\n{tree}\\end{{forest}}\n");
        match standalone {
            true => document(&preamble, &body),
            false => format!(
                "% Drawn by gametree: a forest tree; needs \\usepackage{{forest}} and \
                 \\usetikzlibrary{{shapes.geometric}}; \\input this file. Its styles \
                 (gt ...) are set below: edit them here.\n{preamble}{body}"
            ),
        }
    }

    /// The room between neighbours that keeps the label lines, set on the
    /// right of their node, clear of the next node: the widest line (as
    /// DejaVu Sans sets it at 8 pt, a little wider than LaTeX's
    /// `\scriptsize` sans-serif) and a gap; `None` without label lines.
    fn layer_room(&self, picture: &Picture, geometry: &Geometry) -> Option<f64> {
        let mut widest = None;
        for item in &geometry.items {
            let texts = self.layer_texts(picture, item.node);
            for slot in layer_indices(item, &texts) {
                let width = text_width(&pretty(&texts[slot]), LAYER_SIZE);
                widest = Some(widest.map_or(width, |w: f64| w.max(width)));
            }
        }
        widest.map(|width| width + 10.0)
    }

    /// The bracket tree of the geometry's items, one node a line, indented
    /// by depth.
    fn bracket_tree(&self, picture: &Picture, geometry: &Geometry) -> String {
        let items = &geometry.items;
        let mut children = vec![Vec::new(); items.len()];
        for (i, item) in items.iter().enumerate() {
            if let Some(p) = item.parent {
                children[p].push(i);
            }
        }
        let mut out = String::with_capacity(48 * items.len());
        // Each entry: an item to open at a depth, or a bracket to close.
        let mut stack = vec![(Some(0), 0)];
        while let Some((item, depth)) = stack.pop() {
            out.extend(std::iter::repeat_n("  ", depth.min(MOST_INDENT)));
            let Some(i) = item else {
                out.push_str("]\n");
                continue;
            };
            out.push('[');
            out.push_str(&self.forest_node(picture, geometry, i, &children));
            if children[i].is_empty() {
                out.push_str("]\n");
                continue;
            }
            out.push('\n');
            stack.push((None, depth));
            stack.extend(children[i].iter().rev().map(|&c| (Some(c), depth + 1)));
        }
        out
    }

    /// Item `i` as `forest` writes a node: its content, then its options.
    fn forest_node(
        &self,
        picture: &Picture,
        geometry: &Geometry,
        i: usize,
        children: &[Vec<usize>],
    ) -> String {
        let item = &geometry.items[i];
        let node = item.node;
        let mut options: Vec<String> = Vec::new();
        let content = match item.outline {
            Outline::Note => {
                options.push("gt note".to_string());
                tex_text(&note_text(item.hidden), false)
            }
            _ => {
                options.push(player(self.tree.kind(node)).to_string());
                self.forest_content(picture, geometry, i)
            }
        };
        if picture.is_pruned(node) {
            options.push("gt pruned".to_string());
        }
        if item.outline != Outline::Note {
            self.node_options(&mut options, picture, geometry, (i, children));
        }
        let mut text = braced(content);
        for option in options {
            text.push_str(", ");
            text.push_str(&option);
        }
        text
    }

    /// The lines inside a node's shape: its name, its value, as the
    /// native drawing shows them.
    fn forest_content(&self, picture: &Picture, geometry: &Geometry, i: usize) -> String {
        let node = geometry.items[i].node;
        // Forest sets its own nodes: the name stays inside even where the
        // native drawing sets a long one beside the shape.
        let item = &geometry.items[i];
        let name = item.outside.contains(&Slot::Name).then_some(Slot::Name);
        let lines: Vec<String> = name
            .iter()
            .chain(&item.inside)
            .filter_map(|slot| match slot {
                Slot::Name => Some(tex_text(&self.tree.id(node), false)),
                Slot::Value => Some(tex_text(&self.value_text(picture, node), true)),
                Slot::Layer(_) => None,
            })
            .filter(|line| !line.is_empty())
            .collect();
        lines.join("\\\\")
    }

    /// What the search found about item `i` (a node): the principal
    /// variation, a static value, a cut above it, its label lines, the
    /// probability and move on the edge into it.
    fn node_options(
        &self,
        options: &mut Vec<String>,
        picture: &Picture,
        geometry: &Geometry,
        (i, children): (usize, &[Vec<usize>]),
    ) {
        let item = &geometry.items[i];
        let node = item.node;
        if self.on_pv(picture, node) {
            options.push("gt pv".to_string());
        }
        if picture.node(node).horizon {
            options.push("gt horizon".to_string());
        }
        if let Some(mark) = picture.cut_above(node) {
            options.push("gt cut".to_string());
            // One label per cut: on the first of the neighbours it skipped.
            let siblings = item.parent.map(|p| children[p].as_slice()).unwrap_or(&[]);
            let at = siblings.iter().position(|&s| s == i).unwrap_or(0);
            let before = at.checked_sub(1).map(|b| geometry.items[siblings[b]].node);
            if before.and_then(|b| picture.cut_above(b)) != Some(mark) {
                let lines: Vec<String> = self
                    .cut_label(mark)
                    .iter()
                    .map(|line| tex_text(line, false))
                    .collect();
                options.push(format!("gt cut label={{{}}}", lines.join("\\\\")));
            }
        }
        let texts = self.layer_texts(picture, node);
        let layers: Vec<String> = layer_indices(item, &texts)
            .map(|slot| tex_text(&texts[slot], true))
            .collect();
        if !layers.is_empty() {
            options.push(format!("gt layers={{{}}}", layers.join("\\\\")));
        }
        if let Some(parent) = item.parent.map(|p| geometry.items[p].node)
            && let Some(p) = self.probability_text(parent, node)
        {
            options.push(format!("gt probability={{{}}}", tex_text(&p, false)));
        }
        if let Some(label) = self.label_text(node) {
            options.push(format!("gt move={{{}}}", tex_text(&label, false)));
        }
    }
}

/// The style of a player's nodes.
fn player(kind: Kind) -> &'static str {
    match kind {
        Kind::Max => "gt max",
        Kind::Min => "gt min",
        Kind::Chance => "gt chance",
    }
}

/// A node's content as `forest` reads it: in braces when it holds what
/// would end it (`,`, `[`, `]`) or is empty.
fn braced(content: String) -> String {
    match content.is_empty() || content.contains([',', '[', ']']) {
        true => format!("{{{content}}}"),
        false => content,
    }
}

/// A document of the `standalone` class: one page the tree's size.
fn document(preamble: &str, body: &str) -> String {
    format!(
        "\\documentclass[border=6pt]{{standalone}}\n\
         \\usepackage{{forest}}\n\
         \\usetikzlibrary{{shapes.geometric}}\n\
         {preamble}\
         \\begin{{document}}\n\
         {body}\
         \\end{{document}}\n"
    )
}

/// The layer lines of `item` that have text in `texts` (its layer texts
/// in the full diagram), by their index among the layers turned on.
fn layer_indices<'a>(item: &'a Item, texts: &'a [String]) -> impl Iterator<Item = usize> + 'a {
    item.outside.iter().filter_map(|slot| match *slot {
        Slot::Layer(k) if texts.get(usize::from(k)).is_some_and(|t| !t.is_empty()) => {
            Some(usize::from(k))
        }
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_is_braced_only_where_forest_would_end_it() {
        assert_eq!(braced("A\\\\5".to_string()), "A\\\\5");
        assert_eq!(braced("a, b".to_string()), "{a, b}");
        assert_eq!(
            braced("]]\\textgreater{}".to_string()),
            "{]]\\textgreater{}}"
        );
        assert_eq!(braced(String::new()), "{}");
    }
}
