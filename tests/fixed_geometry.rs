//! Pictures that give nothing away: the geometry of a drawing (every
//! node's outline, every edge, the place of every text and label) comes
//! from the tree and the layers asked for, never from the search. Every
//! example of `trees/` is drawn as frames (plain, with layers, with every
//! layer, drawn to a depth) and as a quiz page, for minimax, negamax and
//! alpha-beta under both tie rules; every frame of every search must have
//! the same outlines and edges, every text must stand in the same place
//! whichever search wrote it, the quiz page (which holds every slot) must
//! have the frames' geometry, and no frame may show a value, window or cut
//! that `gametree trace` has not said by that frame's step.

#![cfg(feature = "cli")]

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::dot_text::{cells, line};
use common::drawing::Drawing;
use common::{entries, example_files, gametree, scratch};

const SEARCHES: [&[&str]; 6] = [
    &["--algo", "minimax"],
    &["--algo", "negamax"],
    &["--algo", "alphabeta"],
    &["--algo", "alphabeta", "--strict"],
    &["--algo", "negamax-alphabeta"],
    &["--algo", "negamax-alphabeta", "--strict"],
];

const ALL_LAYERS: [&str; 4] = [
    "--windows",
    "--visit-order",
    "--provisional",
    "--node-types",
];

/// The options each example is drawn with; drawn to a depth, frames count
/// steps among the drawn nodes, which `trace` does not.
const OPTIONS: [(&[&str], bool); 4] = [
    (&[], true),
    (&["--windows", "--provisional"], true),
    (&ALL_LAYERS, true),
    (&["--draw-depth", "1", "--windows"], false),
];

/// One search drawn: its frames, its quiz page, its trace's lines.
struct Drawn {
    search: String,
    frames: Vec<Drawing>,
    page: Drawing,
    lines: Vec<String>,
}

/// `file` searched as `search` says and drawn with `options`, or `None`
/// when that search refuses the tree (minimax needs every leaf's value).
fn drawn(file: &str, search: &[&str], options: &[&str], dir: &Path) -> Option<Drawn> {
    let frames = dir.join(format!("frames{}", search.join("")));
    let mut args = vec!["render", file, "--format", "svg", "--frames"];
    args.push(frames.to_str().unwrap());
    args.extend(search);
    args.extend(options);
    if !gametree(&args).output().status.success() {
        return None;
    }
    let frames: Vec<Drawing> = entries(&frames)
        .iter()
        .map(|name| Drawing::read(&std::fs::read_to_string(frames.join(name)).unwrap()))
        .collect();
    let mut args = vec!["render", file, "--format", "html", "--quiz"];
    args.extend(search);
    args.extend(options);
    let page = gametree(&args).stdout();
    let svg = &page[page.find("<svg").unwrap()..page.find("</svg>").unwrap() + 6];
    let mut args = vec!["trace", file];
    args.extend(search);
    let lines = gametree(&args)
        .stdout()
        .lines()
        .map(str::to_string)
        .collect();
    Some(Drawn {
        search: search.join(" "),
        frames,
        page: Drawing::read(svg),
        lines,
    })
}

/// Asserts that `b` has the outlines and edges of `a`.
fn assert_same_shapes(a: &Drawing, b: &Drawing, what: &str) {
    assert_eq!(a.outlines, b.outlines, "{what}: outlines");
    let round = |edges: &Vec<Vec<(f64, f64)>>| -> Vec<Vec<(i64, i64)>> {
        edges
            .iter()
            .map(|e| {
                e.iter()
                    .map(|&(x, y)| ((x * 100.0).round() as i64, (y * 100.0).round() as i64))
                    .collect()
            })
            .collect()
    };
    assert_eq!(round(&a.edges), round(&b.edges), "{what}: edges");
}

#[test]
fn every_search_of_a_tree_draws_on_one_geometry() {
    let dir = scratch("fixed-geometry");
    for file in example_files() {
        for (options, traced) in OPTIONS {
            let runs: Vec<Drawn> = SEARCHES
                .iter()
                .filter_map(|search| drawn(&file, search, options, &dir))
                .collect();
            assert!(runs.len() >= 2, "{file} {options:?}: two searches at least");
            let what = |run: &Drawn| format!("{file} {options:?} {}", run.search);
            let first = &runs[0].frames[0];
            let mut slots: BTreeMap<String, (f64, f64)> = BTreeMap::new();
            for run in &runs {
                for (k, frame) in run.frames.iter().enumerate() {
                    let what = format!("{} frame {}", what(run), k + 1);
                    assert_same_shapes(first, frame, &what);
                    assert_eq!(frame.size, first.size, "{what}: size");
                    for text in &frame.texts {
                        let at = *slots.entry(text.key.clone()).or_insert(text.at);
                        assert_eq!(at, text.at, "{what}: {} moved", text.key);
                    }
                    if traced {
                        assert_nothing_early(frame, &run.lines, &what);
                    }
                }
                assert_same_shapes(&runs[0].page, &run.page, &format!("{} page", what(run)));
                assert_page_slots_hold_the_frames(run, options, &what(run));
            }
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The quiz page has a slot for every value and name (empty until the
/// script fills it) and the place of every layer line (in its node's
/// `data-ly`, where the script draws the line): with every layer asked
/// for, the page's outlines and edges are the frames', and every text of
/// a frame stands on the page's slot for it.
fn assert_page_slots_hold_the_frames(run: &Drawn, options: &[&str], what: &str) {
    if options != ALL_LAYERS {
        return;
    }
    let frame = &run.frames[0];
    assert_eq!(run.page.outlines, frame.outlines, "{what}: page outlines");
    assert_eq!(
        run.page.edges.len(),
        frame.edges.len(),
        "{what}: page edges"
    );
    let slots: BTreeMap<&str, (f64, f64)> = run
        .page
        .texts
        .iter()
        .map(|t| (t.key.as_str(), t.at))
        .collect();
    for frame in &run.frames {
        for text in &frame.texts {
            let node_text = text.class == "val" || text.class.starts_with("ly-");
            if node_text {
                // The page's classes are `ly ly-w`: the key's middle part
                // is the first class.
                let key = text.key.replacen("/ly-", "/ly ly-", 1);
                assert_eq!(
                    slots.get(key.as_str()),
                    Some(&text.at),
                    "{what}: {}",
                    text.key
                );
            }
        }
    }
}

/// What `trace` has said by step `step`: each node's last value line, its
/// window, and the nodes cut.
#[derive(Default)]
struct Said {
    values: BTreeMap<String, String>,
    windows: BTreeMap<String, String>,
    visited: Vec<String>,
    cuts: Vec<String>,
}

/// Text as the drawing sets it.
fn pretty(text: &str) -> String {
    text.replace(">=", "≥")
        .replace("<=", "≤")
        .replace("+inf", "+∞")
        .replace("-inf", "−∞")
}

/// What `lines` (numbered as `trace` numbers them) say up to `step`.
fn said_by(lines: &[String], step: usize) -> Said {
    let mut said = Said::default();
    for line in lines {
        let Some((number, text)) = line.trim_start().split_once(". ") else {
            continue;
        };
        if number.parse::<usize>().unwrap() > step {
            break;
        }
        if let Some(rest) = text.strip_prefix("enter ") {
            let (id, window) = rest.split_once(", window ").unwrap_or((rest, ""));
            said.windows.insert(id.to_string(), pretty(window));
            said.visited.push(id.to_string());
        } else if let Some(rest) = text.strip_prefix("visit ") {
            let (id, _) = rest.split_once(" = ").unwrap();
            said.visited.push(id.to_string());
        } else if let Some(at) = text.find(" cut at ") {
            let rest = &text[at + 8..];
            said.cuts.push(rest[..rest.find(':').unwrap()].to_string());
        } else if let [id, relation, value, ..] = text.split_whitespace().collect::<Vec<_>>()[..] {
            let relation = if relation == "=" { "" } else { relation };
            said.values
                .insert(id.to_string(), pretty(&format!("{relation}{value}")));
        }
    }
    said
}

/// No text of frame `frame` says what `trace` says only later: an interior
/// node's value is the last one `trace` gave it by the frame's step, a
/// window or a visit number is shown only once `trace` has entered the node
/// (a leaf's with its visit, the step that tells its value: entering a leaf
/// has no step of its own), the visit number in the order `trace` visits,
/// and a cut's label only once `trace` made the cut.
fn assert_nothing_early(frame: &Drawing, lines: &[String], what: &str) {
    let caption: String = frame.of_class("caption").map(|t| t.text.clone()).collect();
    let step: usize = caption.split('.').next().unwrap().parse().unwrap();
    let said = said_by(lines, step);
    let node = |key: &str| key.split('/').next().unwrap().to_string();
    for text in frame.of_class("val") {
        let id = node(&text.key);
        if let Some(value) = said.values.get(&id) {
            assert_eq!(&text.text, value, "{what}: {}", text.key);
        } else {
            let entered = lines.iter().any(|l| l.contains(&format!("enter {id}")));
            assert!(
                !entered,
                "{what}: {} = {} before it has a value",
                text.key, text.text
            );
        }
    }
    for text in frame.of_class("ly-w") {
        let id = node(&text.key);
        match said.windows.get(&id) {
            Some(window) => assert_eq!(&text.text, window, "{what}: {}", text.key),
            // A leaf's window, which `trace` does not write.
            None => assert!(said.visited.contains(&id), "{what}: {} early", text.key),
        }
    }
    for text in frame.of_class("ly-v") {
        let id = node(&text.key);
        let at = said.visited.iter().position(|v| *v == id);
        let number = at.map(|k| format!("#{}", k + 1));
        assert_eq!(Some(&text.text), number.as_ref(), "{what}: {}", text.key);
    }
    for text in &frame.texts {
        if let Some(cut) = text.key.strip_prefix("cut:c:") {
            let id = cut.split('/').next().unwrap();
            assert!(
                said.cuts.iter().any(|c| c == id),
                "{what}: the cut at {id} early"
            );
        }
    }
}

/// DOT writes no text the search has not reached yet, in any colour: the
/// first frame holds no value of an interior node and no cut, and every
/// frame of the search holds the cells of the full diagram, with their
/// sizes, so that `dot` lays them all out alike.
#[test]
fn dot_frames_write_nothing_early_and_keep_every_cell() {
    let dir = scratch("fixed-geometry-dot").join("frames");
    gametree([
        "render",
        "trees/lecture-a-to-v.tree",
        "--windows",
        "--frames",
        dir.to_str().unwrap(),
    ])
    .stdout_bytes();
    let names = entries(&dir);
    let read = |name: &String| std::fs::read_to_string(dir.join(name)).unwrap();
    let first = read(&names[0]);
    assert!(!first.contains("cut"), "no cut yet");
    assert!(!first.contains("#ffffff00") && !first.contains("color=white"));
    assert_eq!(cells(line(&first, "n0[")), ["A", "", "[−∞, +∞]"]);
    let sizes = |dot: &str| -> Vec<String> {
        dot.split("<TD ")
            .skip(1)
            .map(|cell| cell[..cell.find('>').unwrap()].to_string())
            .collect()
    };
    let last = read(names.last().unwrap());
    for name in &names {
        assert_eq!(sizes(&read(name)), sizes(&last), "{name}");
    }
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}

/// Each frame is one step: with layers that show a leaf's entry (its
/// window, its visit number), no caption is written under two frames.
#[test]
fn no_two_frames_share_a_caption() {
    let dir = scratch("fixed-geometry-captions");
    std::fs::write(dir.join("a.tree"), "[[3 12 8] [2 4 6] [14 5 2]]").unwrap();
    let a = dir.join("a.tree").display().to_string();
    for (file, layer) in [
        ("trees/lecture-a-to-v.tree", "--windows"),
        ("trees/lecture-a-to-v.tree", "--visit-order"),
        (a.as_str(), "--visit-order"),
    ] {
        let frames = dir.join(format!("frames{}", layer));
        let _ = std::fs::remove_dir_all(&frames);
        let out = frames.to_str().unwrap();
        gametree(["render", file, "--format", "svg", layer, "--frames", out]).stdout_bytes();
        let captions: Vec<String> = entries(&frames)
            .iter()
            .map(|name| Drawing::read(&std::fs::read_to_string(frames.join(name)).unwrap()))
            .map(|frame| frame.of_class("caption").map(|t| t.text.clone()).collect())
            .collect();
        let mut unique = captions.clone();
        unique.dedup();
        assert_eq!(unique, captions, "{file} {layer}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
