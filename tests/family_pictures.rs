//! What the diagrams show of the searches built on alpha-beta: each node of
//! an MTD(f) search tinted by the pass that last visited it, and a node
//! searched again marked; both checked against the trace's JSON events,
//! read here on their own.

mod chromium;
mod common;

use std::collections::{BTreeMap, BTreeSet};

use chromium::drive;
use common::gametree;
use serde_json::Value as Json;

const LECTURE: &str = "trees/lecture-a-to-v.tree";

/// The tints of passes 1 to 6, as docs/diagrams.md lists them.
const TINTS: [&str; 6] = [
    "#cfe2f3", "#d9ead3", "#f9cb9c", "#d9d2e9", "#f4cccc", "#d0e0e3",
];

/// The events of `gametree trace FILE --algo ALGO --json`.
fn events(algo: &str) -> Vec<Json> {
    let run = gametree(["trace", LECTURE, "--algo", algo, "--json"]).outcome();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: Json = serde_json::from_str(&run.stdout).unwrap();
    json.as_array().unwrap().clone()
}

/// For each node entered, the pass (from 1) of its last entry: passes
/// counted by the `pass` events that end them.
fn last_pass(events: &[Json]) -> BTreeMap<String, usize> {
    let mut ended = 0;
    let mut last = BTreeMap::new();
    for event in events {
        match event["event"].as_str().unwrap() {
            "pass" => ended += 1,
            "enter" => {
                last.insert(event["node"].as_str().unwrap().to_string(), ended + 1);
            }
            _ => {}
        }
    }
    last
}

/// Each node group of an SVG diagram: its title and the fill of its
/// outline (the first `fill` after the title).
fn fills(svg: &str) -> BTreeMap<String, String> {
    let mut fills = BTreeMap::new();
    for group in svg.split("<g id=\"n").skip(1) {
        let Some(title) = group
            .split_once("<title>")
            .and_then(|(_, rest)| rest.split_once("</title>"))
        else {
            continue;
        };
        let fill = title.1.split_once("fill=\"").unwrap().1;
        let fill = fill.split_once('"').unwrap().0;
        fills.insert(title.0.to_string(), fill.to_string());
    }
    fills
}

/// The diagram `gametree render` draws of the lecture tree by `algo`.
fn diagram(algo: &str, format: &str) -> String {
    let run = gametree(["render", LECTURE, "--algo", algo, "--format", format]).outcome();
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
}

#[test]
fn each_node_of_an_mtdf_diagram_takes_the_tint_of_its_last_pass() {
    let events = events("mtdf");
    let passes = events.iter().filter(|e| e["event"] == "pass").count();
    assert_eq!(passes, 3, "docs/algorithms.md traces three passes");
    let last = last_pass(&events);
    let fills = fills(&diagram("mtdf", "svg"));
    assert_eq!(fills.len(), 22, "every node of A..V is drawn");
    for (node, fill) in &fills {
        let expected = last.get(node).map_or("#ffffff", |&p| TINTS[p - 1]);
        assert_eq!(fill, expected, "node {node}");
    }
    let used: BTreeSet<&String> = fills.values().collect();
    assert!(
        used.len() >= 3,
        "the three passes each leave a tint: {used:?}"
    );
}

#[test]
fn dot_fills_the_same_tints() {
    let dot = diagram("mtdf", "dot");
    let svg_tints: BTreeSet<String> = fills(&diagram("mtdf", "svg"))
        .into_values()
        .filter(|f| TINTS.contains(&f.as_str()))
        .collect();
    for tint in &svg_tints {
        assert!(
            dot.contains(&format!("fillcolor=\"{tint}\"")),
            "{tint}:\n{dot}"
        );
    }
}

#[test]
fn searches_without_passes_take_no_tint() {
    for algo in ["alphabeta", "pvs", "sss"] {
        let fills = fills(&diagram(algo, "svg"));
        let tinted: Vec<_> = fills
            .iter()
            .filter(|(_, f)| TINTS.contains(&f.as_str()))
            .collect();
        assert!(tinted.is_empty(), "{algo}: {tinted:?}");
    }
}

#[test]
fn every_node_searched_again_is_marked_once() {
    let researched: BTreeSet<String> = events("pvs")
        .iter()
        .filter(|e| e["event"] == "research")
        .map(|e| e["node"].as_str().unwrap().to_string())
        .collect();
    assert!(
        !researched.is_empty(),
        "PVS re-searches I on the lecture tree"
    );
    let svg = diagram("pvs", "svg");
    let marked: BTreeSet<String> = svg
        .split("<g id=\"n")
        .skip(1)
        .filter(|group| group.contains("class=\"research\""))
        .map(|group| group.split_once("<title>").unwrap().1)
        .map(|rest| rest.split_once("</title>").unwrap().0.to_string())
        .collect();
    assert_eq!(marked, researched);
}

/// Each node's classes on the web page of the lecture tree by `algo`,
/// stepped to its end in headless Chromium.
fn page_classes(algo: &str) -> BTreeMap<String, String> {
    let page = diagram(algo, "html");
    let driver = "
      key('End');
      var section = document.querySelector('section.exercise');
      var data = JSON.parse(section.querySelector('script.data').textContent);
      var classes = {};
      section.querySelectorAll('g.node').forEach(function (g) {
        classes[data.ids[Number(g.id.slice(1))]] = g.getAttribute('class');
      });
      done(classes);
    ";
    let shown = drive(&format!("family-page-{algo}"), &page, "", driver);
    let classes = shown.as_object().unwrap().iter();
    classes
        .map(|(id, class)| (id.clone(), class.as_str().unwrap().to_string()))
        .collect()
}

#[test]
#[cfg_attr(
    not(feature = "test-browser"),
    ignore = "needs Chromium: cargo test --features test-browser"
)]
fn the_web_page_tints_passes_and_marks_re_searches_as_the_trace_says() {
    let last = last_pass(&events("mtdf"));
    for (node, class) in page_classes("mtdf") {
        let tint = class.split_whitespace().find(|c| c.starts_with("pass-"));
        let expected = last.get(&node).map(|p| format!("pass-{p}"));
        assert_eq!(tint.map(str::to_string), expected, "node {node}: {class}");
    }
    let researched: BTreeSet<String> = events("pvs")
        .iter()
        .filter(|e| e["event"] == "research")
        .map(|e| e["node"].as_str().unwrap().to_string())
        .collect();
    let marked: BTreeSet<String> = page_classes("pvs")
        .into_iter()
        .filter(|(_, class)| class.split_whitespace().any(|c| c == "researched"))
        .map(|(node, _)| node)
        .collect();
    assert_eq!(marked, researched);
    let alphabeta = page_classes("alphabeta");
    assert!(
        alphabeta
            .values()
            .all(|c| !c.contains("pass-") && !c.contains("researched"))
    );
}

/// The size and text of each cut label (text in the cut colour) of an SVG.
fn cut_labels(svg: &str) -> Vec<(f64, String)> {
    let attribute = |tag: &str, name: &str| {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(tag[start..].split('"').next()?.to_string())
    };
    svg.split("<text")
        .skip(1)
        .filter_map(|element| {
            let (tag, rest) = element.split_once('>')?;
            (attribute(tag, "fill")? == "#cd0000").then_some(())?;
            let size = attribute(tag, "font-size")?.parse().ok()?;
            Some((size, rest.split('<').next()?.to_string()))
        })
        .collect()
}

#[test]
fn an_sss_purge_at_the_node_it_solved_is_not_a_deep_cut() {
    let tree = "trees/min-root.tree";
    let solved = gametree(["solve", tree, "--algo", "sss", "--json"]).stdout();
    let solved: Json = serde_json::from_str(&solved).unwrap();
    let cut = &solved["cuts"][0];
    assert_eq!(
        (&cut["node"], &cut["bound_from"]),
        (&"@2".into(), &"@2".into())
    );
    assert_eq!(cut["deep"], false, "a node is not its own ancestor");
    let trace = gametree(["trace", tree, "--algo", "sss", "--json"]).stdout();
    let trace: Json = serde_json::from_str(&trace).unwrap();
    let cuts = trace.as_array().unwrap().iter();
    let cuts: Vec<&Json> = cuts.filter(|e| e["event"] == "cut").collect();
    assert!(cuts.iter().all(|c| c["deep"] == false), "{cuts:?}");
    let svg = gametree([
        "render", tree, "--algo", "sss", "--format", "svg", "-o", "-",
    ])
    .stdout();
    assert_eq!(cut_labels(&svg), [(9.0, "not reached".to_string())]);
}

#[test]
fn sss_cut_labels_are_drawn_at_9_pt_as_alpha_beta_s_are() {
    let mut texts: Vec<String> = std::fs::read_dir("trees")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "tree"))
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect();
    // Depth 4: purges two levels below the MAX node solved, deep ones.
    let game = "random:branching=2..3,depth=4,seed=8";
    texts.push(gametree(["gen", "--game", game]).stdout());
    let mut deep = false;
    for text in &texts {
        let args = [
            "render",
            "-",
            "--algo",
            "sss",
            "--windows",
            "--format",
            "svg",
        ];
        let run = gametree(args).stdin(text).outcome();
        if run.code != 0 {
            continue; // SSS* refuses chance nodes.
        }
        for (size, label) in cut_labels(&run.stdout) {
            assert!(size >= 9.0, "`{label}` at {size} pt:\n{text}");
            deep |= label == "deep not reached";
        }
    }
    assert!(deep, "a deep purge drawn");
}
