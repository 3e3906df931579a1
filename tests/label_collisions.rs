//! Labels placed where nothing else is: every cut label, bound source,
//! probability, action label and legend marker of a drawing stands clear
//! of every edge and of every other text, on every example of `trees/`
//! and on 200 random trees with chance layers, action labels, long names
//! and decimal values, each drawn plain and with every layer.

#![cfg(feature = "cli")]

mod common;

use std::fmt::Write;

use common::drawing::{Drawing, Text, boxes_meet, segment_meets_box};
use common::{Mix, example_files, gametree, scratch};

/// How far (in points) two boxes or a box and an edge may touch: the
/// boxes are measured from font metrics, whose rounding is about this.
const SLACK: f64 = 0.5;

const EVERY_LAYER: [&str; 4] = [
    "--windows",
    "--visit-order",
    "--provisional",
    "--node-types",
];

/// The drawings of `file` that the test looks at: plain, with every layer,
/// and in the squares style with windows.
const OPTIONS: [&[&str]; 3] = [&[], &EVERY_LAYER, &["--style", "squares", "--windows"]];

/// Whether a text is an edge's label (its group is a probability, an
/// action, a cut or the legend) rather than a node's line.
fn is_label(text: &Text) -> bool {
    ["probability:", "action:", "cut:"]
        .iter()
        .any(|p| text.key.starts_with(p))
        || text.class == "legend"
}

/// The group a label's text belongs to (its lines are one label).
fn group(text: &Text) -> &str {
    text.key.rsplit_once('/').map_or(&text.key, |(g, _)| g)
}

/// Asserts that no label of `drawing` meets an edge or another text.
fn assert_labels_clear(drawing: &Drawing, what: &str) {
    let labels: Vec<&Text> = drawing.texts.iter().filter(|t| is_label(t)).collect();
    for label in &labels {
        for edge in &drawing.edges {
            for pair in edge.windows(2) {
                assert!(
                    !segment_meets_box(pair[0], pair[1], label.rect, SLACK),
                    "{what}: {} {:?} over the edge {edge:?}",
                    label.key,
                    label.text
                );
            }
        }
        for other in &drawing.texts {
            if std::ptr::eq(*label, other) || group(label) == group(other) {
                continue;
            }
            assert!(
                !boxes_meet(label.rect, other.rect, SLACK),
                "{what}: {} {:?} over {} {:?}",
                label.key,
                label.text,
                other.key,
                other.text
            );
        }
    }
}

/// The full drawing of `file` with `options`, read back.
fn drawn(file: &str, options: &[&str]) -> Drawing {
    let mut args = vec!["render", file, "--format", "svg"];
    args.extend(options);
    Drawing::read(&gametree(&args).stdout())
}

#[test]
fn no_label_of_an_example_meets_an_edge_or_a_text() {
    let mut labels = 0;
    for file in example_files() {
        for options in OPTIONS {
            let drawing = drawn(&file, options);
            labels += drawing.texts.iter().filter(|t| is_label(t)).count();
            assert_labels_clear(&drawing, &format!("{file} {options:?}"));
        }
    }
    assert!(labels > 50, "the examples have labels to check: {labels}");
}

#[test]
fn no_label_of_a_random_tree_meets_an_edge_or_a_text() {
    let dir = scratch("label-collisions");
    let mut legends = 0;
    for seed in 0..200 {
        let file = dir.join(format!("random-{seed}.tree"));
        std::fs::write(&file, random_tree(seed)).unwrap();
        let file = file.to_str().unwrap();
        for options in [&[][..], &EVERY_LAYER[..2]] {
            let drawing = drawn(file, options);
            legends += drawing.of_class("legend").count();
            assert_labels_clear(&drawing, &format!("seed {seed} {options:?}"));
        }
    }
    // Crowded trees send some labels to the legend: that path is checked too.
    assert!(legends > 0, "no random tree used the legend");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A random tree as text: one to four children a node, two to four plies,
/// MAX and MIN levels with chance nodes among them (their probabilities
/// written as fractions), action labels on some nodes' children (words and
/// quoted texts of several lengths), names on some nodes, integer and
/// decimal leaf values in the bounds.
fn random_tree(seed: u64) -> String {
    let mut mix = Mix(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) + 1);
    let depth = 2 + mix.below(3) as usize;
    let mut text = String::from("bounds 0 10\n");
    write_node(&mut text, &mut mix, 0, depth);
    text.push('\n');
    text
}

fn write_node(out: &mut String, mix: &mut Mix, level: usize, depth: usize) {
    let named = mix.below(4) == 0;
    if named {
        // Its place in the text makes the name unique.
        let stem = ["N", "Node", "Position"][mix.below(3) as usize];
        let _ = write!(out, "{stem}{} ", out.len());
    }
    if level == depth {
        if named {
            out.push_str("= ");
        }
        match mix.below(3) {
            0 => {
                let _ = write!(out, "{}.{} ", mix.below(10), 1 + mix.below(9));
            }
            _ => {
                let _ = write!(out, "{} ", mix.below(11));
            }
        }
        return;
    }
    let chance = level > 0 && mix.below(3) == 0;
    let kind = match (chance, level % 2) {
        (true, _) => "chance",
        (false, 0) => "max",
        (false, _) => "min",
    };
    let children = 1 + mix.below(4) as usize;
    let weights: Vec<u64> = (0..children).map(|_| 1 + mix.below(5)).collect();
    let total: u64 = weights.iter().sum();
    let labelled = mix.below(2) == 0;
    let _ = write!(out, "{kind} [ ");
    for weight in weights {
        if chance {
            let _ = write!(out, "{weight}/{total}: ");
        }
        if labelled {
            let _ = write!(out, "{}: ", action(mix));
        }
        write_node(out, mix, level + 1, depth);
    }
    out.push_str("] ");
}

/// An action label: a short word, a long one, or a quoted text.
fn action(mix: &mut Mix) -> String {
    let words = ["a", "go", "left", "right", "advance", "castling"];
    let word = words[mix.below(words.len() as u64) as usize];
    match mix.below(4) {
        0 => format!(
            "\"{word} {}\"",
            words[mix.below(words.len() as u64) as usize]
        ),
        _ => format!("{word}{}", mix.below(10)),
    }
}
