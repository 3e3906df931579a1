//! Both engines honest: what Graphviz cannot draw is refused with a
//! message that names it, Graphviz labels the nodes as the native engine
//! does, and a deck asked of Graphviz is drawn by Graphviz.

#![cfg(feature = "cli")]

mod common;

use std::collections::BTreeMap;

use common::dot_text::cells;
use common::{example_files, gametree, scratch};

const LECTURE: &str = "trees/lecture-a-to-v.tree";

#[test]
fn graphviz_refuses_what_only_the_native_engine_draws() {
    for (format, name) in [
        ("tex", "LaTeX"),
        ("beamer", "Beamer"),
        ("forest", "forest"),
        ("html", "HTML"),
    ] {
        let output = gametree([
            "render", LECTURE, "--engine", "graphviz", "--format", format,
        ])
        .output();
        assert_eq!(output.status.code(), Some(2), "{format}");
        assert!(output.stdout.is_empty(), "{format}: nothing written");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(&format!("{name} is drawn by gametree's native engine only"))
                && stderr.contains("not by Graphviz"),
            "{format}: {stderr}"
        );
    }
    let output = gametree([
        "render", LECTURE, "--engine", "graphviz", "--key", "--format", "svg",
    ])
    .output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("Graphviz (--engine graphviz) does not"),
        "{stderr}"
    );
}

/// The texts of each node of the DOT text (the cells of its label that
/// are not empty), by the node's number.
fn dot_labels(dot: &str) -> BTreeMap<String, Vec<String>> {
    dot.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let (id, rest) = line.split_once('[')?;
            let is_node = id.starts_with('n') && id[1..].chars().all(|c| c.is_ascii_digit());
            is_node.then(|| {
                let texts = cells(rest).into_iter().filter(|t| !t.is_empty()).collect();
                (id.to_string(), texts)
            })
        })
        .collect()
}

/// The name and value each node of the native SVG shows, by the node's
/// number.
fn svg_labels(svg: &str) -> BTreeMap<String, Vec<String>> {
    let document = roxmltree::Document::parse(svg).unwrap();
    document
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.children().any(|c| c.has_tag_name("title")))
        .map(|group| {
            let texts = group
                .children()
                .filter(|c| {
                    c.has_tag_name("text") && matches!(c.attribute("class"), Some("name" | "val"))
                })
                .filter_map(|t| t.text().map(str::to_string))
                .filter(|t| !t.is_empty())
                .collect();
            (group.attribute("id").unwrap().to_string(), texts)
        })
        .collect()
}

#[test]
fn graphviz_labels_each_node_as_the_native_engine_does() {
    for file in example_files() {
        for labels in [&[][..], &["--labels", "ids"], &["--labels", "both"]] {
            let dot = gametree([&["render", file.as_str()][..], labels].concat()).stdout();
            let svg =
                gametree([&["render", file.as_str(), "--format", "svg"][..], labels].concat())
                    .stdout();
            // A name too wide for its shape stands under it in the native
            // drawing, after the value: the texts are compared, not their
            // order.
            let sorted = |mut labels: BTreeMap<String, Vec<String>>| {
                labels.values_mut().for_each(|texts| texts.sort());
                labels
            };
            let (dot, svg) = (sorted(dot_labels(&dot)), sorted(svg_labels(&svg)));
            assert!(!dot.is_empty(), "{file}");
            assert_eq!(dot, svg, "{file} {labels:?}");
        }
    }
}

#[test]
#[cfg_attr(
    not(feature = "test-graphviz"),
    ignore = "needs Graphviz's dot: cargo test --features test-graphviz"
)]
fn a_deck_asked_of_graphviz_is_drawn_by_graphviz() {
    let dir = scratch("engines-deck");
    let deck = |engine: &str| {
        let path = dir.join(format!("{engine}.pdf"));
        gametree([
            "render",
            LECTURE,
            "--engine",
            engine,
            "--frames",
            path.to_str().unwrap(),
        ])
        .stdout_bytes();
        std::fs::read(path).unwrap()
    };
    let (native, graphviz) = (deck("native"), deck("graphviz"));
    assert!(native.starts_with(b"%PDF") && graphviz.starts_with(b"%PDF"));
    assert_ne!(native, graphviz, "Graphviz draws its own deck");
    std::fs::remove_dir_all(dir).unwrap();
}
