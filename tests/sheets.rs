//! Sheets for a class: a blank sheet keeps the question (names and leaf
//! values) whatever the labels asked for, and an answer key puts its table
//! under the drawing when asked, or when that keeps the sheet nearer a
//! slide's shape.

#![cfg(feature = "cli")]

mod common;

use common::drawing::Drawing;
use common::{example_files, gametree};

/// The leaf values a tree file gives, as the drawing writes them, sorted:
/// what `trace` says each leaf is worth.
fn leaf_values(file: &str) -> Vec<String> {
    let dot = gametree(["render", file, "--algo", "minimax"]).output();
    // Minimax visits every leaf; trees with unknown leaves refuse it.
    if !dot.status.success() {
        return Vec::new();
    }
    let trace = gametree(["trace", file, "--algo", "minimax"]).stdout();
    let mut values: Vec<String> = trace
        .lines()
        .filter_map(|line| line.split_once(". visit ").map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_once(" = ").map(|(_, v)| v.trim().to_string()))
        .collect();
    values.sort();
    values
}

#[test]
fn a_blank_sheet_keeps_the_leaf_values_whatever_the_labels() {
    let mut checked = 0;
    for file in example_files() {
        let expected = leaf_values(&file);
        if expected.is_empty() {
            continue;
        }
        for labels in ["values", "ids", "both"] {
            let svg = gametree([
                "render", &file, "--blank", "--labels", labels, "--format", "svg",
            ])
            .stdout();
            let drawing = Drawing::read(&svg);
            let mut shown: Vec<String> = drawing
                .of_class("val")
                .map(|t| t.text.replace('−', "-").replace('∞', "inf"))
                .collect();
            shown.sort();
            assert_eq!(shown, expected, "{file} --labels {labels}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked}");
}

/// The drawing's bottom and right (its outlines' and edges' points) and
/// the key table's top and left.
fn sheet(file: &str, extra: &[&str]) -> ((f64, f64), (f64, f64)) {
    let mut args = vec!["render", file, "--key", "--format", "svg"];
    args.extend(extra);
    let drawing = Drawing::read(&gametree(&args).stdout());
    let points = drawing.edges.iter().flatten();
    let bottom = points.clone().map(|p| p.1).fold(0.0, f64::max);
    let right = points.map(|p| p.0).fold(0.0, f64::max);
    let key: Vec<_> = drawing.of_class("key").collect();
    assert!(key.len() > 4, "{file}: the table");
    let top = key.iter().map(|t| t.rect[1]).fold(f64::INFINITY, f64::min);
    let left = key.iter().map(|t| t.rect[0]).fold(f64::INFINITY, f64::min);
    ((bottom, right), (top, left))
}

#[test]
fn the_key_goes_under_a_wide_drawing_or_when_asked_and_beside_a_tall_one() {
    // The lecture tree is wide: its table goes under it.
    let ((bottom, _), (top, _)) = sheet("trees/lecture-a-to-v.tree", &[]);
    assert!(top > bottom, "under: {top} > {bottom}");
    // The deep-cut tree is tall: beside it, unless asked.
    let ((_, right), (_, left)) = sheet("trees/deep-cut.tree", &[]);
    assert!(left > right, "beside: {left} > {right}");
    let ((bottom, _), (top, _)) = sheet("trees/deep-cut.tree", &["--key-below"]);
    assert!(top > bottom, "under when asked: {top} > {bottom}");
    let output = gametree(["render", "trees/deep-cut.tree", "--key-below"]).output();
    assert_eq!(output.status.code(), Some(2), "--key-below needs --key");
}

#[test]
fn a_blank_sheet_has_no_frames() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("blank-frames");
    let _ = std::fs::remove_dir_all(&dir);
    let deck = dir.join("deck.pdf");
    for frames in [dir.to_str().unwrap(), deck.to_str().unwrap()] {
        let outcome = gametree([
            "render",
            "trees/lecture-a-to-v.tree",
            "--blank",
            "--frames",
            frames,
            "--format",
            "svg",
        ])
        .outcome();
        assert_eq!(outcome.code, 2, "{}", outcome.stderr);
        assert!(outcome.stderr.contains("--blank"), "{}", outcome.stderr);
        assert!(!dir.exists(), "nothing is written");
    }
}
