//! `render --fit W:H`: the picture on a slide 720 points wide, scaled to
//! fit, its smallest text at least 9 points there, with the labels that
//! allow it, or refused with the reason.

#![cfg(feature = "cli")]

mod common;

use common::{entries, gametree, scratch};

const FOUR_PLY: &str = "tests/slides/four-ply.tree";

/// The page size, the smallest text as the reader sees it (its size times
/// the scale the view box is shown at), and every text, of an SVG.
fn on_slide(svg: &str) -> ((f64, f64), f64, Vec<String>) {
    let document = roxmltree::Document::parse(svg).unwrap();
    let root = document.root_element();
    let points = |name: &str| -> f64 {
        root.attribute(name)
            .unwrap()
            .trim_end_matches("pt")
            .parse()
            .unwrap()
    };
    let page = (points("width"), points("height"));
    let view = common::drawing::view_box(root);
    let scale = (page.0 / view[2]).min(page.1 / view[3]);
    let texts: Vec<roxmltree::Node<'_, '_>> = document
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.text().is_some_and(|t| !t.is_empty()))
        .collect();
    let smallest = texts
        .iter()
        .map(|t| {
            let size = t.ancestors().find_map(|a| a.attribute("font-size"));
            size.unwrap().parse::<f64>().unwrap() * scale
        })
        .fold(f64::INFINITY, f64::min);
    let words = texts
        .iter()
        .map(|t| t.text().unwrap().to_string())
        .collect();
    (page, smallest, words)
}

#[test]
fn a_tree_fitted_to_a_slide_keeps_its_text_readable() {
    for (tree, ratio, page) in [
        ("trees/lecture-a-to-v.tree", "16:9", (720.0, 405.0)),
        (FOUR_PLY, "16:9", (720.0, 405.0)),
        ("trees/lecture-a-to-v.tree", "4:3", (720.0, 540.0)),
    ] {
        let svg = gametree(["render", tree, "--fit", ratio, "--format", "svg"]).stdout();
        let (size, smallest, _) = on_slide(&svg);
        assert_eq!(size, page, "{tree} {ratio}");
        assert!(smallest >= 8.995, "{tree} {ratio}: {smallest} pt");
    }
}

#[test]
fn fitting_drops_the_ids_it_has_no_room_for() {
    // With ids and values the four-ply tree's text is too small on the
    // slide: the values (and names, which it has none of) are drawn.
    let svg = gametree([
        "render", FOUR_PLY, "--fit", "16:9", "--labels", "both", "--format", "svg",
    ])
    .stdout();
    let (_, smallest, texts) = on_slide(&svg);
    assert!(smallest >= 8.995, "{smallest}");
    assert!(!texts.iter().any(|t| t.starts_with('@')), "{texts:?}");
    let svg = gametree(["render", FOUR_PLY, "--labels", "both", "--format", "svg"]).stdout();
    assert!(
        on_slide(&svg).2.iter().any(|t| t.starts_with('@')),
        "ids without --fit"
    );
}

#[test]
fn every_frame_of_a_fitted_search_is_a_slide() {
    let dir = scratch("fit-frames").join("frames");
    gametree([
        "render",
        "trees/lecture-a-to-v.tree",
        "--fit",
        "16:9",
        "--format",
        "svg",
        "--frames",
        dir.to_str().unwrap(),
    ])
    .stdout();
    for name in entries(&dir) {
        let svg = std::fs::read_to_string(dir.join(&name)).unwrap();
        let (page, smallest, _) = on_slide(&svg);
        assert_eq!(page, (720.0, 405.0), "{name}");
        assert!(smallest >= 8.995, "{name}: {smallest}");
    }
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}

#[test]
fn what_cannot_fit_is_refused_with_the_reason() {
    let refused = |args: &[&str], words: &[&str]| {
        let output = gametree(args).output();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        for word in words {
            assert!(stderr.contains(word), "{args:?}: {stderr}");
        }
    };
    refused(
        &[
            "render",
            FOUR_PLY,
            "--fit",
            "16:9",
            "--windows",
            "--provisional",
            "--format",
            "svg",
        ],
        &["720 by 405 pt", "under 9 pt", "--draw-depth"],
    );
    refused(
        &["render", FOUR_PLY, "--fit", "16:9", "--format", "tex"],
        &["not LaTeX"],
    );
    refused(
        &[
            "render", FOUR_PLY, "--fit", "16:9", "--engine", "graphviz", "--format", "svg",
        ],
        &["Graphviz (--engine graphviz)"],
    );
    refused(&["render", FOUR_PLY, "--fit", "16x9"], &["W:H"]);
}
