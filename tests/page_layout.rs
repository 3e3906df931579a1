//! The web page's drawing where a reader sees it: in a 1280 by 800 window
//! the whole drawing, and so the step-12 cut of the lecture tree, lies in
//! the first screen (the controls under it); every edge starts on the
//! bottom of a shape and ends on the top of its child's, with every layer
//! shown or none, and the principal variation's edges reach the root.
//!
//! Needs `chromium` on PATH: `cargo test --features test-browser --test
//! page_layout`.

#![cfg(all(unix, feature = "cli"))]

mod chromium;
mod common;

use chromium::drive_at;
use common::gametree;

/// Finds, for each edge, the shape whose bottom it leaves and the one
/// whose top it reaches (as the browser lays them out), with the layers
/// hidden or shown as `hide` says.
const EDGES: &str = "
  function edges(hide) {
    ['w', 'v', 't', 'h'].forEach(function (l) { document.body.classList.toggle('hide-' + l, hide); });
    var section = document.querySelector('section.exercise:not([hidden])');
    var boxes = [];
    section.querySelectorAll('g.node').forEach(function (g) {
      var b = g.querySelector('.shape').getBBox();
      boxes.push({ id: g.querySelector('title').textContent, x: b.x, y: b.y, w: b.width, h: b.height });
    });
    var on = function (p, y) {
      return boxes.filter(function (b) {
        return Math.abs(y(b) - p.y) < 0.6 && p.x >= b.x - 0.6 && p.x <= b.x + b.w + 0.6;
      }).map(function (b) { return b.id; });
    };
    var found = [];
    section.querySelectorAll('.edge').forEach(function (e) {
      var n = e.points.numberOfItems;
      var from = e.points.getItem(0), to = e.points.getItem(n - 1);
      found.push({ id: e.id, pv: e.classList.contains('pv'),
                   from: on(from, function (b) { return b.y + b.h; }),
                   to: on(to, function (b) { return b.y; }) });
    });
    return found;
  }
";

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn the_drawing_is_in_the_first_screen_and_its_edges_are_attached() {
    let page = gametree(["render", "trees/lecture-a-to-v.tree", "--format", "html"]).stdout();
    let driver = format!(
        "{EDGES}
        var svg = document.querySelector('section.exercise:not([hidden]) svg.tree');
        var drawing = svg.getBoundingClientRect();
        var cut = document.querySelector('section.exercise:not([hidden]) .edge.cut').getBoundingClientRect();
        var hidden = edges(true), shown = edges(false);
        window.gametree.show(39);
        done({{ top: drawing.top, bottom: drawing.bottom, height: window.innerHeight,
                width: window.innerWidth, cut: cut.bottom, hidden: hidden, shown: shown,
                end: edges(false) }});"
    );
    let result = drive_at("page-layout", &page, "step=12", &driver, Some((1280, 800)));
    assert_eq!(result["width"], 1280, "{result}");
    let height = result["height"].as_f64().unwrap();
    let bottom = result["bottom"].as_f64().unwrap();
    assert!(
        bottom <= height,
        "the drawing ends at {bottom}, below {height}"
    );
    assert!(result["cut"].as_f64().unwrap() <= height, "the step-12 cut");
    for layers in ["hidden", "shown", "end"] {
        let edges = result[layers].as_array().unwrap();
        assert_eq!(edges.len(), 21, "{layers}");
        for edge in edges {
            let ends = |end: &str| edge[end].as_array().unwrap().len();
            assert_eq!(ends("from"), 1, "{layers}: {edge} leaves a shape's bottom");
            assert_eq!(ends("to"), 1, "{layers}: {edge} reaches a shape's top");
        }
    }
    // At the end the principal variation runs from the root: A, I, M, N.
    let end = result["end"].as_array().unwrap();
    let mut pv: Vec<(String, String)> = end
        .iter()
        .filter(|e| e["pv"] == true)
        .map(|e| (e["from"][0].to_string(), e["to"][0].to_string()))
        .collect();
    pv.sort();
    assert_eq!(
        pv,
        [("\"A\"", "\"I\""), ("\"I\"", "\"M\""), ("\"M\"", "\"N\"")]
            .map(|(a, b)| (a.to_string(), b.to_string())),
        "{end:?}"
    );
}
